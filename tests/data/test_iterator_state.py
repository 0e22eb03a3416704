"""tf.data iterator checkpoints across frameworks (iterator_state_cases.py's pipelines):
eagerflow restores TF 2.21's checkpoints (iterator_state_golden/, recorded by
record_iterator_state.py) and continues at the element TF's restored iterator gives
(iterator_state_golden.json); its own checkpoints are in TF's form (a shuffle's buffer
and seeds included) and restore to the same; with TensorFlow installed, TF restores them
to the same too."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.data import parallel
from eagerflow._src.data import tf_iterator_state as S
from eagerflow._src.io import iterator_state
from eagerflow._src.io.tensor_bundle import BundleReader
from tests.data import iterator_state_cases as C
from tests.tf_reference import HAVE_TF_PYTHON, TF_ENV, TF_PYTHON

HERE = Path(__file__).resolve().parent
FILES = HERE / "iterator_state_golden"
GOLDEN = json.loads((HERE / "iterator_state_golden.json").read_text())
NAMES = sorted(GOLDEN["rest"])
KEY = "it/.ATTRIBUTES/ITERATOR_STATE"


@pytest.fixture(autouse=True)
def _recording_machines_cores(monkeypatch):
    """The cores TF 2.21 ran on when it recorded the goldens (2): the cycle lengths its
    kernels autotune, and so the order of those pipelines' elements, follow that count."""
    monkeypatch.setattr(parallel, "schedulable_cores", lambda: 2)


def test_we_restore_tensorflows_checkpoints(tmp_path):
    got = {name: C.rest(tf, name, str(tmp_path), str(FILES / name)) for name in NAMES}
    assert got == GOLDEN["rest"]


def test_our_checkpoints_restore_as_tensorflows(tmp_path):
    got, forms = {}, {}
    for name in NAMES:
        ckpt = str(tmp_path / name)
        C.write(tf, name, str(tmp_path), ckpt)
        forms[name] = BundleReader(ckpt).dtype(KEY).name
        got[name] = C.rest(tf, name, str(tmp_path), ckpt)
    assert got == GOLDEN["rest"]
    assert set(forms.values()) == {"variant"}


def test_our_state_reads_back_at_every_position(tmp_path):
    """The state eagerflow writes of each pipeline having given k elements (every k up to
    its end, and ended: END) reads back as k."""
    wrong, refused = [], set()
    for name, (make, _) in C.pipelines(tf, str(tmp_path)).items():
        ds = make()
        total = sum(1 for _ in zip(range(50), ds))  # (50: the infinite ones)
        for k in [*range(min(total, 8) + 1), S.END]:
            try:
                state = iterator_state.write(S.tf_state(ds, k))
            except tf.errors.InvalidArgumentError:
                refused.add(name)
                continue
            n, _ = S.position(ds, iterator_state.read(state))
            if n != k and {n, k} != {S.END, total}:  # (all given: ended or not yet seen)
                wrong.append((name, k, n))
    assert wrong == []
    assert refused == set()


def test_state_of_another_pipeline_is_tensorflows_error(tmp_path):
    assert C.mismatch(tf, str(tmp_path), str(FILES / "batch")) == GOLDEN["mismatch"]


def test_external_state_is_refused_as_tensorflow_refuses_it(tmp_path):
    """A pipeline's function holding a stateful op (a random op, a variable's read, a
    py_func; in a cond's branch too) fails the save under the default policy, a
    generator's under any; WARN, and the ops TF allows (a lookup), save."""
    got = {n: C.save_error(tf, n, str(tmp_path / "ckpt")) for n in C.unsaveable(tf)}
    assert got == GOLDEN["unsaveable"]


def test_filter_is_saved_from_what_its_iterator_read(tmp_path):
    """Saving a filter's iterator runs its predicate no more (its iterator counts what it
    read and passed; before, the pipeline ran again to the saved position)."""
    calls = []

    def keep(x):
        calls.append(1)
        return x % 3 == 0

    options = tf.data.Options()  # (a py_function is external state TF saves under WARN)
    options.experimental_external_state_policy = \
        tf.data.experimental.ExternalStatePolicy.WARN
    ds = tf.data.Dataset.range(30).filter(
        lambda x: tf.py_function(keep, [x], tf.bool)).with_options(options)
    it = iter(ds)
    for _ in range(4):
        next(it)
    before = len(calls)
    ckpt = tf.train.Checkpoint(it=it).write(str(tmp_path / "filter"))
    assert len(calls) == before
    state = iterator_state.read(BundleReader(ckpt).read(KEY))
    assert {k: int(v) for k, v in state["Iterator::Root::Prefetch::Filter"].items()} == \
        {"input_impl_empty": 0, "filtered_elements": 4, "dropped_elements": 6}
    again = iter(ds)
    tf.train.Checkpoint(it=again).read(ckpt)
    assert int(next(again)) == 12


def test_state_values_round_trip():
    elements = BundleReader(str(FILES / "map_batch")).read(KEY)
    state = iterator_state.read(elements)
    # (how far TF's MapAndBatch had run ahead when it saved varies with timing)
    assert state["Iterator::Root::MapAndBatch::Range"]["next"] == \
        state["Iterator::Root::MapAndBatch"]["call_counter"]
    again = iterator_state.read(iterator_state.write(
        {p: {k: (v, tf.as_dtype(v.dtype) if v.dtype != object else tf.string)
             for k, v in vals.items()} for p, vals in state.items()}))
    assert {p: {k: np.asarray(v).tolist() for k, v in vals.items()} for p, vals in
            again.items()} == {p: {k: np.asarray(v).tolist() for k, v in vals.items()}
                               for p, vals in state.items()}


def test_damaged_state_is_a_data_loss(tmp_path):
    for suffix in (".index", ".data-00000-of-00001"):
        shutil.copy(FILES / f"range{suffix}", tmp_path / f"range{suffix}")
    data = tmp_path / "range.data-00000-of-00001"
    raw = bytearray(data.read_bytes())
    e = BundleReader(str(tmp_path / "range")).entries[KEY]
    raw[e.offset + 5] ^= 0xFF
    data.write_bytes(bytes(raw))
    with pytest.raises(tf.errors.DataLossError, match="variant tensor"):
        C.rest(tf, "range", str(tmp_path), str(tmp_path / "range"))


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not "
                                               "installed")
def test_tensorflow_restores_our_checkpoints(tmp_path):
    import subprocess

    for name in NAMES:
        C.write(tf, name, str(tmp_path), str(tmp_path / name))
    code = ("import json, sys; sys.path.insert(0, '.'); import tensorflow as tf; "
            "from tests.data import iterator_state_cases as C; d = sys.argv[1]; out = {}\n"
            "for n in sys.argv[2:]:\n"
            "    try: out[n] = C.rest(tf, n, d, d + '/' + n)\n"
            "    except Exception as e: out[n] = type(e).__name__\n"
            "print(json.dumps(out))")
    proc = subprocess.run([TF_PYTHON, "-c", code, str(tmp_path), *NAMES], capture_output=True,
                          text=True, env=TF_ENV, cwd=HERE.parents[1], timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got == GOLDEN["rest"]


def test_pipelines_tf_form_cannot_hold_keep_eagerflows_own(tmp_path):
    """A cache in files being filled (TF's state: the shards it wrote so far) saves
    eagerflow's own position, which restores; once filled, TF's form (its reader's)."""
    ds = tf.data.Dataset.range(6).cache(str(tmp_path / "cache"))
    it = iter(ds)
    next(it), next(it)
    ckpt = tf.train.Checkpoint(it=it).write(str(tmp_path / "filling"))
    assert BundleReader(ckpt).dtype(KEY).name == "string"
    assert [int(x) for x in it] == [2, 3, 4, 5]  # (the cache filled, its lock let go)
    again = iter(ds)
    tf.train.Checkpoint(it=again).read(ckpt).assert_consumed()
    assert [int(x) for x in again] == [2, 3, 4, 5]
