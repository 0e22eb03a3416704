"""tf.lookup.experimental.DenseHashTable as TF 2.21 has it: bucket for bucket (its export),
its errors, its checkpoints and its SavedModel form, both ways.

The programs are dense_cases.py's; TF's results are golden/dense_golden.json, its files
golden/tf_dense_tables (a SavedModel) and golden/tf_dense_ckpt (a checkpoint), all from
golden/make_dense_golden.py, so CI checks them without TF. Where TF is installed, TF 2.21
also loads what eagerflow writes.
"""

import json
import os
import shutil
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.ops.table_state import DenseTableState, _hashes
from eagerflow._src.saved_model.protos import pb
from tests.saved_model.dense_cases import (
    _state,
    error_cases,
    make_dense_module,
    outcome,
    run_sequences,
    use_dense_module,
)
from tests.tf_reference import TF_PYTHON, run_tf_script

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"


@pytest.fixture(scope="module")
def golden():
    return json.loads((GOLDEN / "dense_golden.json").read_text())


def test_buckets_after_inserts_erases_and_growth_are_tfs(golden):
    ours = run_sequences(tf)
    for step, want in golden["sequences"].items():
        assert ours[step] == want, step


@pytest.mark.parametrize("case", [name for name, _ in error_cases(tf)])
def test_misuse_raises_tfs_error(case, golden):
    thunk = dict(error_cases(tf))[case]
    assert outcome(thunk) == golden["errors"][case]


def test_the_api_is_tfs():
    t = tf.lookup.experimental.DenseHashTable(tf.int64, tf.float32, -1.0, 0, -1,
                                              initial_num_buckets=4)
    assert t.name is None and t.key_dtype is tf.int64 and t.value_dtype is tf.float32
    t.insert([1, 2], [0.5, 1.5])  # lists convert to the table's dtypes
    np.testing.assert_array_equal(t[tf.constant([2, 3], tf.int64)].numpy(), [1.5, -1.0])
    np.testing.assert_array_equal(t.lookup([1]).numpy(), [0.5])
    assert t.lookup(tf.constant(1, tf.int64)).shape == ()  # one scalar key
    assert t.lookup(tf.zeros([0], tf.int64)).shape == (0,)
    with pytest.raises(TypeError, match="Cannot convert"):
        tf.lookup.experimental.DenseHashTable(tf.string, tf.int64, -1, "", "$").lookup([1])


def test_a_full_table_fails_as_tfs():
    t = tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, -1,
                                              initial_num_buckets=4)
    t._state.import_(np.array([[1], [2], [3], [4]]), np.array([[1], [2], [3], [4]]))
    with pytest.raises(tf.errors.InternalError, match="Internal error in "
                                                      "MutableDenseHashTable lookup"):
        t.lookup(tf.constant([9], tf.int64))
    with pytest.raises(tf.errors.InternalError, match="MutableDenseHashTable remove"):
        t.erase(tf.constant([9], tf.int64))
    t.insert(tf.constant([9], tf.int64), tf.constant([9], tf.int64))  # grows first
    assert t.export()[0].numpy().ravel().tolist() == [0, 1, 2, 3, 4, 0, 0, 9]


def test_a_failed_insert_changes_nothing():
    t = tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, -1,
                                              initial_num_buckets=4)
    with pytest.raises(tf.errors.InvalidArgumentError, match="deleted_key"):
        t.insert(tf.constant([5, 6, 7, -1], tf.int64), tf.constant([1, 2, 3, 4], tf.int64))
    assert int(t.size()) == 0 and t.export()[0].shape == (4, 1)


def test_in_a_function_and_a_dataset_map():
    t = tf.lookup.experimental.DenseHashTable(tf.string, tf.int64, -1, "", "$",
                                              initial_num_buckets=8)

    @tf.function
    def count(words):
        t.insert(words, t.lookup(words) + 2)
        return t.size()

    assert int(count(tf.constant(["a", "b"]))) == 2
    assert int(count(tf.constant(["a"]))) == 2
    assert t.lookup(tf.constant(["a", "b", "c"])).numpy().tolist() == [3, 1, -1]
    ds = tf.data.Dataset.from_tensor_slices(["a", "c"]).map(t.lookup)
    assert [int(x) for x in ds] == [3, -1]


def test_tf_checkpoint_restores_bucket_for_bucket(golden, tmp_path):
    m = make_dense_module(tf)
    m.words.insert(tf.constant(["junk"]), tf.constant([0], tf.int64))  # overwritten
    tf.train.Checkpoint(m=m).read(str(GOLDEN / "tf_dense_ckpt" / "ckpt")).assert_consumed()
    assert _state(m.words) == golden["checkpoint"]["words"]
    assert _state(m.pairs) == golden["checkpoint"]["pairs"]
    # and what eagerflow writes is the same buckets under the same keys
    path = tf.train.Checkpoint(m=m).write(str(tmp_path / "ckpt"))
    ours = dict(tf.train.list_variables(path))
    assert ours == dict(tf.train.list_variables(str(GOLDEN / "tf_dense_ckpt" / "ckpt")))
    assert ours["m/words/.ATTRIBUTES/table-keys"] == [8, 1]
    assert ours["m/pairs/.ATTRIBUTES/table-values"] == [4, 2]


def test_module_round_trips_through_a_saved_model(golden, tmp_path):
    m = make_dense_module(tf)
    tf.saved_model.save(m, tmp_path / "m")
    loaded = tf.saved_model.load(tmp_path / "m")
    assert use_dense_module(tf, loaded) == golden["module"]
    assert int(m.words.size()) == 2  # the saved object is untouched


def test_tf_saved_model_loads_without_tf(golden, tmp_path):
    shutil.copytree(GOLDEN / "tf_dense_tables", tmp_path / "m")
    loaded = tf.saved_model.load(tmp_path / "m")
    assert use_dense_module(tf, loaded) == golden["module"]


def test_the_saved_form_is_tfs(tmp_path):
    tf.saved_model.save(make_dense_module(tf), tmp_path / "m")

    def creators(path):
        model = pb().SavedModel()
        model.ParseFromString((path / "saved_model.pb").read_bytes())
        meta = model.meta_graphs[0]
        nodes = meta.object_graph_def.nodes
        fdefs = {f.signature.name: f for f in meta.graph_def.library.function}
        out = {}
        for c in nodes[0].children:
            nd = nodes[c.node_id]
            if nd.WhichOneof("kind") == "resource":
                kids = {k.local_name: nodes[k.node_id] for k in nd.children}
                fdef = fdefs[kids["_create_resource"].function.concrete_functions[0]]
                made = next(n for n in fdef.node_def if n.op == "MutableDenseHashTableV2")
                keys = {n.name: n.attr["value"].tensor.SerializeToString()
                        for n in fdef.node_def if n.op == "Const"}
                attrs = sorted((k, v.SerializeToString()) for k, v in made.attr.items()
                               if k != "shared_name" and k[0] != "_")
                out[c.local_name] = (sorted(nd.saveable_objects), attrs,
                                     [keys[i.split(":")[0]] for i in made.input])
        return out

    assert creators(tmp_path / "m") == creators(GOLDEN / "tf_dense_tables")


TF_SCRIPT = r'''
import json, os, sys
import numpy as np, tensorflow as tf
sys.path.insert(0, sys.argv[2])
from dense_cases import _state, make_dense_module, use_dense_module
d = sys.argv[1]
m = make_dense_module(tf)
tf.train.Checkpoint(m=m).read(os.path.join(d, "ckpt")).assert_consumed()
out = {"words": _state(m.words), "pairs": _state(m.pairs)}
out["module"] = use_dense_module(tf, tf.saved_model.load(os.path.join(d, "saved")))
json.dump(out, open(os.path.join(d, "out.json"), "w"))
'''


@pytest.mark.skipif(not os.path.exists(TF_PYTHON), reason="TensorFlow is not installed")
def test_tensorflow_loads_our_checkpoint_and_saved_model(golden, tmp_path):
    m = make_dense_module(tf)
    m.words.insert(tf.constant([f"w{i}" for i in range(9)]), tf.range(9, dtype=tf.int64))
    m.words.erase(tf.constant(["w3"]))  # grown to 16 buckets, one of them deleted
    want = {"words": _state(m.words), "pairs": _state(m.pairs)}
    tf.train.Checkpoint(m=m).write(str(tmp_path / "ckpt"))
    tf.saved_model.save(make_dense_module(tf), tmp_path / "saved")
    out = run_tf_script(TF_SCRIPT, tmp_path, HERE)
    assert out.pop("module") == golden["module"]
    assert out == want


def _sequential_buckets(state, rows):
    """The buckets TF's insert loop gives new keys, one after another (the reference)."""
    slots = [tuple(r) for r in state.keys.tolist()]
    free = {tuple(state.empty.tolist()), tuple(state.deleted.tolist())}
    n, out = len(slots), []
    for key, h in zip([tuple(r) for r in rows.tolist()], _hashes(rows).tolist()):
        b, probes = h & (n - 1), 0
        while slots[b] not in free:
            probes += 1
            b = (b + probes) & (n - 1)
        slots[b] = key
        out.append(b)
    return out


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 7), st.lists(st.integers(-50, 50), max_size=40, unique=True),
       st.lists(st.integers(-50, 50), max_size=20), st.integers(1, 2), st.data())
def test_keys_placed_at_once_take_the_buckets_of_tfs_loop(log_n, new, old, width, data):
    # many collisions in a small table, keys already there, deleted buckets on the paths
    n = 1 << log_n
    state = DenseTableState(tf.int64, tf.float32, (), np.full(width, -100, np.int64),
                            np.full(width, -101, np.int64), n)
    old_rows = np.unique(np.array(old, np.int64))[: int(n * 0.8)]
    old_rows = np.repeat(old_rows[:, None], width, 1)
    state._insert(old_rows, np.zeros((len(old_rows), 1), np.float32))
    gone = data.draw(st.lists(st.sampled_from(old_rows.tolist() or [[0] * width]),
                              max_size=5))
    if gone and len(old_rows):
        state.remove(np.array(gone, np.int64))
    rows = np.array([r for r in new if [r] * width not in old_rows.tolist()], np.int64)
    rows = np.repeat(rows[:, None], width, 1)[: n - state.count - 1]
    rows = rows * np.arange(1, width + 1)  # vector keys: elements differ
    want = _sequential_buckets(state, rows)
    assert state._place(_hashes(rows)).tolist() == want
