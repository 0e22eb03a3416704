"""Dataset.save / load / snapshot of sparse, ragged and optional elements (and Nones) in
TF 2.21's snapshot format: the records TF writes (composite_save_golden.json, recorded from
TF by record_composite_save_golden.py) byte for byte, TF's files read back here (its
batched forms too), round trips, errors, and both ways with real TensorFlow (skipped
without it)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.data.save_load import _Metadata
from eagerflow._src.io import structured_value
from tests.data.composite_save_cases import datasets, plain
from tests.tf_reference import HAVE_TF_PYTHON, run_tf_script

GOLDEN = json.loads(Path(__file__).with_name("composite_save_golden.json").read_text())
CASES = datasets(tf)
# TF keeps a batch that `batch`/`ragged_batch` made in its batched variant form; after a
# function (the *_map twins) it holds the one-element form eagerflow always writes
BATCHED = {"sparse_batch": "sparse_batch_map", "ragged_batch": "ragged_batch_map",
           "ragged_rows_batch": None}


def _records(path: str) -> tuple:
    meta = _Metadata()
    meta.ParseFromString(Path(path, "snapshot.metadata").read_bytes())
    run = Path(path, meta.run_id)
    assert os.listdir(run) == ["00000000.shard"]
    recs = [r.hex() for r in tf.compat.v1.io.tf_record_iterator(
        str(run / "00000000.shard" / "00000000.snapshot"))]
    return meta, recs


def _spec_proto(hexed: str):
    sv = structured_value.message_class()()
    sv.ParseFromString(bytes.fromhex(hexed))
    return sv


@pytest.mark.parametrize("name", sorted(CASES))
def test_saved_files_are_tfs(tmp_path, name):
    ds = CASES[name]
    ds.save(str(tmp_path))
    meta, recs = _records(str(tmp_path))
    gold = GOLDEN[name]
    assert repr(ds.element_spec) == gold["element_spec"]
    # the same proto (a dict's map entries are serialized in no fixed order)
    assert _spec_proto(Path(tmp_path, "dataset_spec.pb").read_bytes().hex()) == \
        _spec_proto(gold["dataset_spec"])
    assert list(meta.dtype) == gold["dtypes"] and meta.num_elements == gold["num_elements"]
    if name in BATCHED:
        twin = BATCHED[name]
        if twin is not None:
            assert recs == GOLDEN[twin]["records"]
    else:
        assert recs == gold["records"]
    back = tf.data.Dataset.load(str(tmp_path))
    assert back.element_spec == ds.element_spec
    assert [plain(e) for e in back] == gold["values"]


def _write_tf_files(path: Path, gold: dict) -> None:
    """The saved dataset TF wrote, rebuilt from the golden's spec and records."""
    run = path / "123456789" / "00000000.shard"
    run.mkdir(parents=True)
    (path / "dataset_spec.pb").write_bytes(bytes.fromhex(gold["dataset_spec"]))
    meta = _Metadata(run_id="123456789", version=2, dtype=gold["dtypes"],
                     num_elements=gold["num_elements"], finalized=True)
    (path / "snapshot.metadata").write_bytes(meta.SerializeToString())
    with tf.io.TFRecordWriter(str(run / "00000000.snapshot")) as w:
        for r in gold["records"]:
            w.write(bytes.fromhex(r))


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_loads_tfs_files(tmp_path, name):
    gold = GOLDEN[name]
    _write_tf_files(tmp_path, gold)
    back = tf.data.Dataset.load(str(tmp_path))
    assert back.element_spec == CASES[name].element_spec
    assert int(back.cardinality()) == gold["num_elements"]
    assert [plain(e) for e in back] == gold["values"]


@pytest.mark.parametrize("compression", ["GZIP", "SNAPPY"])
def test_round_trip_compressed_with_shards(tmp_path, compression):
    ds = CASES["mixed"]
    ds.save(str(tmp_path), compression=compression,
            shard_func=lambda e, d: tf.cast(d % 3, tf.int64))
    back = tf.data.Dataset.load(str(tmp_path), compression=compression,
                                reader_func=lambda d: d.flat_map(lambda x: x))
    got = sorted((plain(e) for e in back), key=lambda e: e[1])
    assert got == [plain(e) for e in ds]


@pytest.mark.parametrize("name", ["sparse_rows", "ragged_2", "mixed", "ragged_batch"])
def test_snapshot_writes_then_reads_composites(tmp_path, name):
    ds = CASES[name]
    want = [plain(e) for e in ds]
    snap = ds.snapshot(str(tmp_path))
    assert [plain(e) for e in snap] == want  # the writing pass
    hashes = os.listdir(tmp_path)
    assert len(hashes) == 1
    meta = _Metadata()
    meta.ParseFromString(Path(tmp_path, hashes[0], "snapshot.metadata").read_bytes())
    assert meta.finalized and list(meta.dtype) == [9] + GOLDEN[name]["dtypes"]
    assert [plain(e) for e in snap] == want  # read back from the files
    again = datasets(tf)[name].snapshot(str(tmp_path))
    assert [plain(e) for e in again] == want


_ROWS = st.lists(st.lists(st.lists(st.integers(-2**31, 2**31 - 1), max_size=3), max_size=3),
                 min_size=1, max_size=4)


@settings(max_examples=10, deadline=None)
@given(rows=_ROWS, splits64=st.booleans(), batch=st.integers(1, 3))
def test_ragged_round_trips_any_layout(tmp_path_factory, rows, splits64, batch):
    path = str(tmp_path_factory.mktemp("r"))
    rt = tf.ragged.constant(rows, dtype=tf.int32, ragged_rank=2,
                            row_splits_dtype=tf.int64 if splits64 else tf.int32)
    ds = tf.data.Dataset.from_tensor_slices(rt).ragged_batch(batch)
    ds.save(path)
    back = tf.data.Dataset.load(path)
    assert back.element_spec == ds.element_spec
    assert [plain(e) for e in back] == [plain(e) for e in ds]


def test_batch_then_load_then_unbatch(tmp_path):
    ds = CASES["sparse_rows"]
    ds.batch(3).save(str(tmp_path))
    back = tf.data.Dataset.load(str(tmp_path)).unbatch()
    assert back.element_spec == ds.element_spec
    assert [plain(e) for e in back] == [plain(e) for e in ds]


def test_mismatched_element_spec_raises_tfs_errors(tmp_path):
    CASES["sparse"].save(str(tmp_path / "s"))
    dense = tf.data.Dataset.load(str(tmp_path / "s"), element_spec=tf.TensorSpec([3], tf.int64))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Data type mismatch at component 0: expected int64 but got "
                             "variant."):
        list(dense)
    wrong = tf.data.Dataset.load(str(tmp_path / "s"),
                                 element_spec=tf.SparseTensorSpec([3, 4], tf.int32))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Requested SparseTensor of type int32 but "
                             r"SparseTensor\[0\].values.dtype\(\) == float"):
        list(wrong)
    CASES["ragged_2"].save(str(tmp_path / "r"))
    shallow = tf.data.Dataset.load(str(tmp_path / "r"), element_spec=tf.RaggedTensorSpec(
        [2, None], tf.string, 1, tf.int32))
    with pytest.raises(tf.errors.InvalidArgumentError, match="ragged_rank 2 where 1"):
        list(shallow)
    splits64 = tf.data.Dataset.load(str(tmp_path / "r"), element_spec=tf.RaggedTensorSpec(
        [2, None, None], tf.string, 2, tf.int64))
    with pytest.raises(tf.errors.InvalidArgumentError, match="row splits 0"):
        list(splits64)


def test_corrupt_variant_record_is_data_loss(tmp_path):
    gold = dict(GOLDEN["ragged"])
    rec = bytearray(bytes.fromhex(gold["records"][0]))
    rec[-12] ^= 0xFF  # inside the variant's tensor_content
    gold["records"] = [bytes(rec).hex()]
    _write_tf_files(tmp_path, gold)
    with pytest.raises((tf.errors.DataLossError, tf.errors.InvalidArgumentError)):
        list(tf.data.Dataset.load(str(tmp_path)))


def test_other_composites_are_refused_clearly(tmp_path):
    windows = tf.data.Dataset.range(4).window(2)
    with pytest.raises(TypeError, match="DatasetSpecs is not supported"):
        windows.save(str(tmp_path / "w"))
    # (an optional of a composite: TF's Optional holds its variant, which eagerflow's
    # snapshot files don't)
    rg = tf.ragged.constant([[1], []])
    ragged_opt = tf.data.Dataset.from_tensors(tf.experimental.Optional.from_value(rg))
    with pytest.raises(TypeError, match="optionals of RaggedTensorSpecs is not supported"):
        ragged_opt.save(str(tmp_path / "o"))


def test_optional_records_of_other_dtypes_are_refused(tmp_path):
    """An Optional record whose tensors are not the spec's (TF's reader checks them)."""
    gold = dict(GOLDEN["optional"])
    _write_tf_files(tmp_path, gold)
    wrong = tf.OptionalSpec(tf.TensorSpec([], tf.int32))
    with pytest.raises(tf.errors.InvalidArgumentError, match="Optional's tensors"):
        list(tf.data.Dataset.load(str(tmp_path), element_spec=wrong))


_TF_SCRIPT = r"""
import json, os, sys
import tensorflow as tf
out, cases_dir = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.dirname(os.path.dirname(cases_dir)))
from tests.data.composite_save_cases import datasets, plain
res = {"ours": {}, "snap": {}}
for name, ds in datasets(tf).items():
    ds.save(os.path.join(out, "tf_" + name))
    ds.snapshot(os.path.join(out, "tfsnap_" + name)).reduce(0, lambda a, _: a)
    ld = tf.data.Dataset.load(os.path.join(out, "ef_" + name))
    res["ours"][name] = {"spec": repr(ld.element_spec), "values": [plain(e) for e in ld]}
    # our snapshot read by TF: its files moved under the hash TF computes for the pipeline
    snap = os.path.join(out, "efsnap_" + name)
    mine = os.listdir(snap)[0]
    tf_hash = os.listdir(os.path.join(out, "tfsnap_" + name))[0]
    os.rename(os.path.join(snap, mine), os.path.join(snap, tf_hash))
    res["snap"][name] = [plain(e) for e in ds.snapshot(snap)]
with open(os.path.join(out, "out.json"), "w") as f:
    json.dump(res, f)
"""


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="no TensorFlow interpreter")
def test_interop_with_tensorflow_both_ways(tmp_path):
    for name, ds in CASES.items():
        ds.save(str(tmp_path / f"ef_{name}"))
        list(ds.snapshot(str(tmp_path / f"efsnap_{name}")))
    theirs = run_tf_script(_TF_SCRIPT, tmp_path, Path(__file__).parent)
    for name, ds in CASES.items():
        want = [plain(e) for e in ds]
        assert theirs["ours"][name]["values"] == want, name  # TF read our saves
        assert theirs["snap"][name] == want, name  # and our snapshots
        back = tf.data.Dataset.load(str(tmp_path / f"tf_{name}"))  # we read TF's
        assert back.element_spec == ds.element_spec
        assert [plain(e) for e in back] == want, name
        snap_dir = tmp_path / f"tfsnap_{name}"
        ours_hash = os.listdir(tmp_path / f"efsnap_{name}")[0]
        os.rename(snap_dir / os.listdir(snap_dir)[0], snap_dir / ours_hash)
        assert [plain(e) for e in datasets(tf)[name].snapshot(str(snap_dir))] == want, name


@pytest.mark.parametrize("spec, number", [
    (tf.OptionalSpec(tf.TensorSpec([2], tf.int32)), 7),
    (tf.data.IteratorSpec(tf.TensorSpec([None], tf.float32)), 6)])
def test_element_spec_types_round_trip_and_refuse_other_states(spec, number):
    sv = structured_value.encode(spec)
    assert sv.type_spec_value.type_spec_class == number
    assert structured_value.decode(sv) == spec
    # a saved state of another form (two entries) is refused, naming the spec's class
    bad = structured_value.encode(spec)
    bad.type_spec_value.type_state.CopyFrom(structured_value.encode((1, 2)))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=f"A saved {type(spec).__name__} has the state \\(1, 2\\)"):
        structured_value.decode(bad)
