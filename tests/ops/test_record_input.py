"""tf.raw_ops.RecordInput against TF 2.21's answers (record_input_golden.json, recorded by
record_record_input_golden.py from record_input_cases.py): its records in TF's order
wherever TF's order depends on no thread's race, as each call's records elsewhere; TF's
errors; and where TF's kernel would wait forever, an error instead of a hang.

Independent references: the C++ standard's value of std::mt19937_64 and TF's recorded
orders (which fix TF's Hash64, its std::shuffle and its buffer together).
"""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow._src.ops.record_input import MersenneTwister64
from tests.ops.record_input_cases import CASES, FILES, RACY, run, write_files

WANT = json.loads((Path(__file__).with_name("record_input_golden.json")).read_text())
R = tf.raw_ops.RecordInput


def test_the_golden_file_covers_every_case():
    assert sorted(WANT) == sorted(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_records_and_errors_are_tfs(tmp_path, name):
    write_files(tf, str(tmp_path))
    got = run(tf, name, str(tmp_path))
    if name in RACY:
        got, want = ([sorted(x) for x in v] for v in (got, WANT[name]))
    else:
        want = WANT[name]
    assert got == want


def test_mt19937_64_is_the_standards():
    g = MersenneTwister64(5489)
    for _ in range(9999):
        g()
    assert g() == 9981545732273789042  # (C++'s required 10000th value)


def test_each_epoch_yields_every_record_once(tmp_path):
    write_files(tf, str(tmp_path))
    files = ",".join(str(tmp_path / f) for f in FILES.split(","))
    for parallelism, buffer in ((1, 1), (3, 4), (16, 10000), (2, -1)):
        out = R(file_pattern=files, batch_size=51, file_parallelism=parallelism,
                file_buffer_size=buffer, file_random_seed=parallelism)
        assert out.shape == (51,) and out.dtype == tf.string
        assert sorted(out.numpy()) == sorted(f"f{i}-{j}".encode() for i, n in
                                             enumerate([3, 20, 1, 7, 18, 2])
                                             for j in range(n))


def test_a_wildcard_reads_every_file(tmp_path):
    write_files(tf, str(tmp_path))
    out = R(file_pattern=str(tmp_path / "f*.tfrecord"), batch_size=51)
    assert len(set(out.numpy())) == 51


@pytest.mark.parametrize("attrs, why", [
    (dict(file_parallelism=0), "file_parallelism 0 reads no file"),
    (dict(file_buffer_size=0), "a file_buffer_size of 0 holds no record"),
])
def test_what_would_wait_forever_raises(tmp_path, attrs, why):
    write_files(tf, str(tmp_path))
    with pytest.raises(tf.errors.InvalidArgumentError, match=why):
        R(file_pattern=str(tmp_path / "f0.tfrecord"), batch_size=1, **attrs)


def test_files_without_records_raise(tmp_path):
    (tmp_path / "empty.tfrecord").write_bytes(b"")
    with pytest.raises(tf.errors.InvalidArgumentError, match="hold no record"):
        R(file_pattern=str(tmp_path / "empty.tfrecord"), batch_size=1)


def test_set_seed_starts_the_kernels_over(tmp_path):
    write_files(tf, str(tmp_path))
    pattern = str(tmp_path / "f1.tfrecord")
    args = dict(file_pattern=pattern, batch_size=5, file_parallelism=1, file_buffer_size=1)
    first = R(**args).numpy().tolist()
    assert R(**args).numpy().tolist() != first
    tf.random.set_seed(3)
    assert R(**args).numpy().tolist() == first


def test_a_batch_no_memory_holds_is_refused_before_reading(tmp_path):
    write_files(tf, str(tmp_path))
    with pytest.raises(tf.errors.ResourceExhaustedError, match="OOM when allocating tensor "
                                                             "with shape.1099511627776."):
        R(file_pattern=str(tmp_path / "f0.tfrecord"), batch_size=2**40)
