"""SavedModels of tf.custom_gradient functions whose gradient reads the forward function's
tensors (its arguments, results, intermediates, variables), both ways with TF 2.21.

TF saves such a gradient as a library function taking the forward op's gradients and then
the tensors it read, registered under the forward IdentityN's `_gradient_op_type`; the
object graph binds those extra arguments (`captured_tensor` nodes naming a tensor of the
calling function, "Exp:0", or a variable's node). The cases (cg_cases.py) and what TF
computes for them, and TF's own SavedModels of them (golden/tf_cg_*), were recorded by
record_cg_golden.py. Here eagerflow computes them with the model as built, after its own
save and load, and after loading TF's; the interop test has TF load eagerflow's.
"""

import json
import os
import sys
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from eagerflow._src.saved_model.protos import pb
from tests.golden_io import decode_array
from tests.saved_model.cg_cases import CASES, HARNESS
from tests.tf_reference import TF_PYTHON, tf_json

HERE = Path(__file__).resolve().parent
GOLDEN = json.loads((HERE / "golden" / "cg_golden.json").read_text())


def _scope(name: str) -> dict:
    env = {"tf": tf, "np": np, "keras": keras}
    exec(HARNESS, env)
    exec(CASES[name], env)
    return env


def _evaluate(env: dict, m) -> dict:
    return env["evaluate"](m, env["x"], env.get("second_order", True))


def _assert_matches_tf(got: dict, name: str) -> None:
    want = GOLDEN[name]["tf"]
    assert sorted(got) == sorted(want)
    for k, w in want.items():
        if w is None:
            assert got[k] is None, k
        else:
            np.testing.assert_allclose(np.asarray(got[k]), decode_array(w), rtol=2e-6,
                                       atol=1e-6, err_msg=f"{name}: {k}")


def _captures(path: Path) -> list:
    """The tensor names each registered gradient function's bound inputs name (or the
    kind of object bound), as record_cg_golden.py lists TF's."""
    sm = pb().SavedModel()
    sm.ParseFromString((path / "saved_model.pb").read_bytes())
    meta = sm.meta_graphs[0]
    nodes = meta.object_graph_def.nodes
    out = []
    for g in meta.graph_def.library.registered_gradients:
        bound = meta.object_graph_def.concrete_functions[g.gradient_func].bound_inputs
        out.append([nodes[i].captured_tensor.name if nodes[i].WhichOneof("kind") ==
                    "captured_tensor" else nodes[i].WhichOneof("kind") for i in bound])
    return out


def test_tf_gets_its_own_numbers_back():
    # the recording's consistency: TF's loaded models compute what its models did
    for name, rec in GOLDEN.items():
        assert rec["tf"] == rec["tf_loaded"], name


@pytest.mark.parametrize("name", sorted(CASES))
def test_as_built(name):
    env = _scope(name)
    _assert_matches_tf(_evaluate(env, env["make"]()), name)


@pytest.mark.parametrize("name", sorted(CASES))
def test_saved_and_loaded(name, tmp_path):
    env = _scope(name)
    tf.saved_model.save(env["make"](), tmp_path / name)
    _assert_matches_tf(_evaluate(env, tf.saved_model.load(tmp_path / name)), name)


@pytest.mark.parametrize("name", sorted(CASES))
def test_tfs_saved_model_loaded(name):
    env = _scope(name)
    _assert_matches_tf(_evaluate(env, tf.saved_model.load(HERE / "golden" / f"tf_cg_{name}")),
                       name)


@pytest.mark.parametrize("name", sorted(CASES))
def test_captured_tensors_are_named_as_tf_names_them(name, tmp_path):
    # each gradient function binds the tensors TF's binds, by TF's names ("Exp:0", an
    # argument's "x:0"); eagerflow binds the variables after the tensors, TF in the
    # order the gradient first read them
    env = _scope(name)
    tf.saved_model.save(env["make"](), tmp_path / name)
    # (by the node's own name: a variable's read is "beta/Read/ReadVariableOp" here,
    # TF's "ReadVariableOp", and Keras's name scopes differ: "scale/mul", TF's "scale_1")
    got, want = ([sorted(n.split("/")[-1] for n in b) for b in bs]
                 for bs in (_captures(tmp_path / name), GOLDEN[name]["captures"]))
    assert got == want


def _edited(path: Path, edit) -> None:
    sm = pb().SavedModel()
    sm.ParseFromString((path / "saved_model.pb").read_bytes())
    edit(sm.meta_graphs[0])
    (path / "saved_model.pb").write_bytes(sm.SerializeToString())


def test_a_capture_the_function_lacks_fails_the_load(tmp_path):
    # (TF's loader looks the tensor up by name when it loads, and fails there too)
    env = _scope("outputs")
    tf.saved_model.save(env["make"](), tmp_path / "m")

    def rename(meta):
        (node,) = [n for n in meta.object_graph_def.nodes
                   if n.WhichOneof("kind") == "captured_tensor"]
        node.captured_tensor.name = "NoSuchNode:0"

    _edited(tmp_path / "m", rename)
    with pytest.raises(tf.errors.InvalidArgumentError, match="NoSuchNode:0"):
        tf.saved_model.load(tmp_path / "m")


def test_a_gradient_eagerflow_cant_run_is_refused_when_needed(tmp_path):
    # the gradient function is imported when a gradient needs it: the model runs forward
    env = _scope("outputs")
    tf.saved_model.save(env["make"](), tmp_path / "m")

    def unknown_op(meta):
        (g,) = meta.graph_def.library.registered_gradients
        fdef = [f for f in meta.graph_def.library.function
                if f.signature.name == g.gradient_func][0]
        [n for n in fdef.node_def if n.op == "Mul"][0].op = "NoSuchOp"

    _edited(tmp_path / "m", unknown_op)
    m = tf.saved_model.load(tmp_path / "m")
    x = tf.constant(env["x"])
    with tf.GradientTape() as t:
        t.watch(x)
        y = m(x)
    np.testing.assert_allclose(y.numpy(), decode_array(GOLDEN["outputs"]["tf"]["y"]),
                               rtol=2e-6)
    with pytest.raises(tf.errors.NotFoundError, match="NoSuchOp"):
        t.gradient(y, x)


def test_gradient_reading_a_tensor_of_an_enclosing_function_is_refused(tmp_path):
    # TF's loader binds a gradient's captures to tensors of the function calling it; one
    # read from a function further out can't be bound that way
    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def __call__(self, x):
            outer = tf.exp(x)

            @tf.function
            def inner(z):
                @tf.custom_gradient
                def f(u):
                    def grad(dy):
                        return dy * outer
                    return u * 2.0, grad
                return f(z)
            return inner(x)

    with pytest.raises(ValueError, match="outside the function calling it"):
        tf.saved_model.save(M(), tmp_path / "m")
    tf.saved_model.save(M(), tmp_path / "m2", options=tf.saved_model.SaveOptions(
        experimental_custom_gradients=False))


@pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                    reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_tf_loads_eagerflows_and_gets_the_custom_gradients(tmp_path):
    for name in CASES:
        env = _scope(name)
        tf.saved_model.save(env["make"](), tmp_path / name)
    results = tf_json(HERE / "record_cg_golden.py", "--load", tmp_path)
    for name in CASES:
        got = results[name]
        assert isinstance(got, dict), f"{name}: {got}"
        _assert_matches_tf({k: None if v is None else decode_array(v)
                            for k, v in got.items()}, name)


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))


def test_a_gradient_saved_without_its_function_holds_in_the_saving_process(tmp_path):
    # TF 2.21 (the autodiff guide's cell): saved with experimental_custom_gradients=False
    # and loaded in the process that traced it, the custom gradient still applies (TF's
    # gradient registry holds "CustomGradient-<uid>"); a fresh process raises LookupError
    @tf.custom_gradient
    def clip_gradients(y):
        return y, lambda dy: tf.clip_by_norm(dy, 0.5)

    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([])])
        def f(self, x):
            return clip_gradients(x)

    tf.saved_model.save(M(), str(tmp_path / "m"), options=tf.saved_model.SaveOptions(
        experimental_custom_gradients=False))
    loaded = tf.saved_model.load(str(tmp_path / "m"))
    v = tf.Variable(2.0)
    with tf.GradientTape() as t:
        out = loaded.f(v * v)
    assert float(t.gradient(out, v)) == 0.5 * 2 * 2.0  # the clipped 1, times d(v*v)/dv
    saved = pb().SavedModel.FromString((tmp_path / "m" / "saved_model.pb").read_bytes())
    types = [n.attr["_gradient_op_type"].s.decode()
             for f in saved.meta_graphs[0].graph_def.library.function for n in f.node_def
             if "_gradient_op_type" in n.attr]
    assert len(types) == 1 and types[0].startswith("CustomGradient-")
    assert not saved.meta_graphs[0].graph_def.library.registered_gradients
