"""TF 1 graphs of reference variables (VariableV2: TF 1's default, what
`tf.compat.v1.disable_v2_behavior()` builds) imported and run in eagerflow's Session, and
TF's ops on references in tf.raw_ops.

- eagerflow imports the meta graph TF wrote (golden/meta/refvars/: every TF 1 optimizer's
  Apply* and SparseApply* ops, Assign*, Scatter*, ScatterNd*, CountUpTo, metrics' local
  variables, a Saver), restores TF's checkpoint and trains on exactly as TF did after
  importing them, with TF's errors (golden/ref_meta_graph.json, record_ref_meta_golden.py);
- the same live: TF builds and saves a fresh graph, both import it (interop, needs TF);
- an imported graph saved again (its .meta: the resource variables and ops its updates
  are) imports and trains on, in eagerflow and in TF (interop);
- tf.raw_ops' ops on references refuse eagerly, and in a function, as TF's.
"""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.tf_reference import HAVE_TF_PYTHON, run_tf_script
from tests.v1 import ref_meta_programs as rp

HERE = Path(__file__).parent
GOLDEN = json.loads((HERE / "golden" / "ref_meta_graph.json").read_text())
FIXTURE = str(HERE / "golden" / "meta" / "refvars" / "model")
ROOT = HERE.parent.parent
tf1 = tf.compat.v1


def _close(ours, theirs, where=""):
    if isinstance(theirs, dict):
        assert sorted(ours) == sorted(theirs), where
        for k in theirs:
            _close(ours[k], theirs[k], f"{where}.{k}")
    elif isinstance(theirs, list) and theirs and all(
            isinstance(x, (int, float, list)) for x in theirs) and where.split(".")[1] in (
                "restored", "trained", "losses", "reshaped", "after_reshape"):
        np.testing.assert_allclose(np.asarray(ours, np.float64), np.asarray(theirs, np.float64),
                                   rtol=2e-5, atol=2e-6, err_msg=where)
    else:
        assert ours == theirs, (where, ours, theirs)


def test_tfs_graph_has_the_ref_ops():
    want = {"VariableV2", "Assign", "AssignAdd", "AssignSub", "CountUpTo",
            "IsVariableInitialized", "ScatterAdd", "ScatterNdUpdate", "ApplyAdam",
            "SparseApplyFtrlV2", "ApplyPowerSign"}
    assert want <= set(GOLDEN["types"])


def test_imports_tfs_ref_graph_and_trains_on_as_tf():
    _close(rp.import_and_train(tf, FIXTURE), GOLDEN["imported"])


def test_rarer_ref_ops_run_as_tfs():
    # TemporaryVariable / DestroyTemporaryVariable, RefIdentity, the old Variable op, and
    # a ref op's output fetched by name ("through_ref:0": the value after it)
    assert rp.run_small(tf, str(HERE / "golden" / "meta" / "refvars" / "small.meta")) == \
        GOLDEN["small"]


def test_imported_ref_variables_are_tfs_nodes():
    with tf.Graph().as_default() as g:
        tf1.train.import_meta_graph(FIXTURE + ".meta")
        w = tf1.global_variables()[0]
        assert w.name == "w:0" and w.shape.as_list() == [3, 1]
        assert g.get_operation_by_name("w").type == "VariableV2"
        assert w.initializer is g.get_operation_by_name("w/Assign")
        assert g.get_tensor_by_name("w/read:0").shape.as_list() == [3, 1]
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            np.testing.assert_array_equal(sess.run("w:0"), rp.W0)  # (the ref's value)
            np.testing.assert_array_equal(sess.run(w), rp.W0)
            v = g.get_tensor_by_name("misc/v:0")
            before = sess.run(v)
            sess.run(g.get_operation_by_name("ScatterUpdate"))
            after = sess.run(v)
            assert after[0] == 3.0 and np.array_equal(after[1:], before[1:])


@pytest.mark.parametrize("op,args,arg", [
    ("ApplyGradientDescent", {"var": 1.0, "alpha": 0.1, "delta": 1.0}, "out"),
    ("Assign", {"ref": 1.0, "value": 2.0}, "output_ref"),
    ("IsVariableInitialized", {"ref": 1.0}, "ref"),
    ("CountUpTo", {"ref": 1, "limit": 3}, "ref"),
    ("VariableV2", {"shape": [2], "dtype": tf.float32}, "ref"),
    ("SparseApplyAdagrad", {"var": 1.0, "accum": 1.0, "lr": 0.1, "grad": 1.0,
                            "indices": 0}, "out"),
    ("RefSwitch", {"data": 1.0, "pred": True}, "output_true"),
    ("DestroyTemporaryVariable", {"ref": 1.0, "var_name": "t"}, "ref"),
    ("ScatterNdUpdate", {"ref": 1.0, "indices": 0, "updates": 1.0}, "output_ref"),
])
def test_raw_ref_ops_refuse_eagerly_as_tf(op, args, arg):
    fn = getattr(tf.raw_ops, op)
    with pytest.raises(RuntimeError) as e:
        fn(**args)
    assert str(e.value) == f"{fn.__name__} op does not support eager execution. Arg " \
                           f"'{arg}' is a ref."


def test_raw_ref_ops_in_a_function_are_tfs_errors():
    v = tf.Variable([1.0, 2.0])

    @tf.function
    def assign():
        return tf.raw_ops.Assign(ref=v, value=[3.0, 4.0])

    with pytest.raises(TypeError, match="'Assign' Op requires that input 'ref' be a mutable "
                                        r"tensor \(e.g.: a tf.Variable\)"):
        assign.get_concrete_function()
    with pytest.raises(TypeError, match="assign only takes keyword args"):
        tf.raw_ops.Assign(v, 1.0)


def test_variable_handle_ops_are_tfs():
    v = tf.Variable(0)

    @tf.function
    def count():
        return v.count_up_to(2)

    ops = [o.type for o in count.get_concrete_function().graph.get_operations()]
    assert ops == ["Placeholder", "ResourceCountUpTo", "Identity", "NoOp"]
    assert [int(count()), int(tf1.count_up_to(v, 2))] == [0, 1]
    with pytest.raises(tf.errors.OutOfRangeError, match="Reached limit of 2"):
        count()
    assert int(v.numpy()) == 2
    assert tf.raw_ops.VariableShape(input=tf.Variable(tf.zeros([2, 3])).handle,
                                    out_type=tf.int64).numpy().tolist() == [2, 3]
    assert tf.raw_ops.DisableCopyOnRead(resource=v.handle) is None
    m = tf.Variable([1.0, 2.0, 3.0, 4.0])
    assert tf.raw_ops.ResourceStridedSliceAssign(ref=m.handle, begin=[1], end=[3], strides=[1],
                                                 value=[9.0, 8.0]) is None
    assert m.numpy().tolist() == [1.0, 9.0, 8.0, 4.0]
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Cannot broadcast input shape \[3\] into final shape \[2\]"):
        tf.raw_ops.ResourceStridedSliceAssign(ref=m.handle, begin=[1], end=[3], strides=[1],
                                              value=[9.0, 8.0, 7.0])


TF_SCRIPT = """
import json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[2])
import tensorflow as tf
from tests.v1 import ref_meta_programs as rp
work = Path(sys.argv[1])
saved = rp.build_and_save(tf, str(work))
out = {"path": saved["path"], "imported": rp.import_and_train(tf, saved["path"])}
(work / "out.json").write_text(json.dumps(out))
"""


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="needs TensorFlow (.venv-peers)")
def test_live_tf_ref_graph_imports_and_trains_as_tf(tmp_path):
    theirs = run_tf_script(TF_SCRIPT, tmp_path, ROOT)
    _close(rp.import_and_train(tf, theirs["path"]), theirs["imported"])


TF_RESAVED = """
import json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[2])
import tensorflow as tf
from tests.v1 import ref_meta_programs as rp
work = Path(sys.argv[1])
(work / "out.json").write_text(json.dumps(rp.train_round(tf, str(work / "again" / "model"))))
"""


def test_imported_ref_graph_saved_again_trains_on(tmp_path):
    (tmp_path / "again").mkdir()
    saved = rp.train_round(tf, FIXTURE, str(tmp_path / "again" / "model"))
    assert (tmp_path / "again" / "model.meta").exists()
    with tf.Graph().as_default() as g:
        tf1.train.import_meta_graph(saved["path"] + ".meta")
        assert g.get_operation_by_name("w").type == "VarHandleOp"  # (written as resources)
    again = rp.train_round(tf, saved["path"])
    assert again["loss"] < saved["loss"]
    if HAVE_TF_PYTHON:
        theirs = run_tf_script(TF_RESAVED, tmp_path, ROOT)
        np.testing.assert_allclose(again["loss"], theirs["loss"], rtol=1e-5)
