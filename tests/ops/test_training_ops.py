"""TF's training ops (ops/training_ops.py): each kernel against an independent NumPy
reference and TF 2.21's numbers, the errors TF's kernels and shape functions raise, and
the TF 1 optimizers' graphs and steps against TF's (training_ops_golden.json, recorded by
record_training_ops_golden.py from training_ops_cases.py)."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import as_recorded
from tests.ops import training_ops_cases as C
from tests.v1.recorded import compare

GOLDEN = json.loads((Path(__file__).parent / "training_ops_golden.json").read_text())


def _reference(op, var, t, flags):
    """The update in float64 by the textbook formulas (not the kernel's order)."""
    v = {k: a.astype(np.float64) for k, a in var.items()}
    t = {k: np.float64(a) if a.ndim == 0 else a.astype(np.float64) for k, a in t.items()}
    g = t.get("grad", t.get("delta"))
    if op == "ResourceApplyGradientDescent":
        v["var"] = v["var"] - t["alpha"] * g
    elif op == "ResourceApplyMomentum":
        v["accum"] = t["momentum"] * v["accum"] + g
        step = t["lr"] * (g + t["momentum"] * v["accum"]) if flags.get("use_nesterov") \
            else t["lr"] * v["accum"]
        v["var"] = v["var"] - step
    elif op == "ResourceApplyAdam":
        b1, b2 = t["beta1"], t["beta2"]
        v["m"] = b1 * v["m"] + (1 - b1) * g
        v["v"] = b2 * v["v"] + (1 - b2) * g ** 2
        rate = t["lr"] * np.sqrt(1 - t["beta2_power"]) / (1 - t["beta1_power"])
        m = b1 * v["m"] + (1 - b1) * g if flags.get("use_nesterov") else v["m"]
        v["var"] = v["var"] - rate * m / (np.sqrt(v["v"]) + t["epsilon"])
    elif op in ("ResourceApplyAdagrad", "ResourceApplyAdagradV2"):
        acc = v["accum"] + g ** 2
        if flags.get("update_slots", True):
            v["accum"] = acc
        eps = t.get("epsilon", 0.0)
        v["var"] = v["var"] - t["lr"] * g / (np.sqrt(v["accum"]) + eps)
    elif op == "ResourceApplyAdadelta":
        rho, eps = t["rho"], t["epsilon"]
        v["accum"] = rho * v["accum"] + (1 - rho) * g ** 2
        step = np.sqrt(v["accum_update"] + eps) / np.sqrt(v["accum"] + eps) * g
        v["var"] = v["var"] - t["lr"] * step
        v["accum_update"] = rho * v["accum_update"] + (1 - rho) * step ** 2
    elif op in ("ResourceApplyProximalGradientDescent", "ResourceApplyProximalAdagrad"):
        rate = t.get("alpha")
        if rate is None:
            v["accum"] = v["accum"] + g ** 2
            rate = t["lr"] / np.sqrt(v["accum"])
        prox = v["var"] - rate * g
        shrunk = np.sign(prox) * np.maximum(np.abs(prox) - rate * t["l1"], 0.0)
        v["var"] = shrunk / (1 + rate * t["l2"])
    else:
        rho = t["rho"]
        v["ms"] = rho * v["ms"] + (1 - rho) * g ** 2
        denom = v["ms"] + t["epsilon"]
        if "mg" in v:
            v["mg"] = rho * v["mg"] + (1 - rho) * g
            denom = denom - v["mg"] ** 2
        v["mom"] = t["momentum"] * v["mom"] + t["lr"] * g / np.sqrt(denom)
        v["var"] = v["var"] - v["mom"]
    return v


CASES = [(op, i, f, d) for op in C.OPS for i, f in enumerate(C.FLAGS.get(op, [{}]))
         for d in ("float32", "float64")]


@pytest.mark.parametrize("op,i,flags,dtype", CASES,
                         ids=[f"{c[0]}-{c[1]}-{c[3]}" for c in CASES])
def test_kernel_matches_reference_and_tf(op, i, flags, dtype):
    got = C._apply(tf, op, dtype, flags)
    var, ten = C.inputs(op, dtype)
    want = _reference(op, var, ten, flags)
    tol = 1e-5 if dtype == "float32" else 1e-12
    for k, w in want.items():
        assert got[k]["dtype"] == dtype
        np.testing.assert_allclose(got[k]["value"], w, rtol=tol, atol=tol, err_msg=k)
    compare(got, GOLDEN["kernels"][f"{op}-{i}-{dtype}"], f"{op}-{i}-{dtype}")


def test_kernel_errors_are_tfs():
    ours = C.record_errors(tf)
    for key, want in GOLDEN["errors"].items():
        got = ours[key]
        if key == "int32":
            # (TF's kernel lookup lists its kernels after the first line, and the node's
            # attrs in no fixed order)
            head, attrs = got.split(" with these attrs: ")
            want_head, want_attrs = want.split(" with these attrs: ")
            assert head == want_head
            assert sorted(attrs.strip("[]").split(", ")) == sorted(
                want_attrs.strip("[]").split(", "))
        else:
            assert as_recorded(got) == want, (key, got, want)


def test_v1_optimizer_graphs_are_tfs():
    ours = C.record_graphs(tf)
    for key, want in GOLDEN["graphs"].items():
        assert ours[key]["nodes"] == want["nodes"], key
        compare(ours[key]["w"], want["w"], key)


def test_v1_optimizers_eagerly_match_tf():
    compare(C.record_eager_optimizers(tf), GOLDEN["eager"], "eager")


def test_graph_build_refusals_are_tfs_shape_errors():
    g = tf.Graph()
    with g.as_default():
        w = tf.compat.v1.get_variable("w", initializer=tf.constant([1.0, 2.0]))
        a = tf.constant([0.1, 0.2], name="alpha")
        d = tf.constant([1.0, 2.0, 3.0], name="delta")
        with pytest.raises(ValueError, match=r"^Shape must be rank 0 but is rank 1 for "
                           r"'\{\{node ResourceApplyGradientDescent\}\} = "
                           r"ResourceApplyGradientDescent\[T=DT_FLOAT, use_locking=false\]"
                           r"\(w, alpha, delta\)' with input shapes: \[\], \[2\], \[3\]\.$"):
            tf.raw_ops.ResourceApplyGradientDescent(var=w.handle, alpha=a, delta=d)
        with pytest.raises(ValueError, match=r"^Dimension 0 in both shapes must be equal, "
                           r"but are 2 and 3\. Shapes are \[2\] and \[3\]\. for"):
            tf.raw_ops.ResourceApplyGradientDescent(var=w.handle, alpha=0.1, delta=d)


def test_session_runs_the_op_and_checks_at_run_time():
    """A graph op on an unknown shape is checked by the kernel when the session runs it."""
    g = tf.Graph()
    with g.as_default():
        w = tf.compat.v1.get_variable("w", initializer=tf.constant([1.0, 2.0]))
        d = tf.compat.v1.placeholder(tf.float32, [None])
        op = tf.raw_ops.ResourceApplyGradientDescent(var=w.handle, alpha=0.5, delta=d)
        assert op.type == "ResourceApplyGradientDescent"
        with tf.compat.v1.Session() as s:
            s.run(w.initializer)
            s.run(op, {d: [2.0, 4.0]})
            np.testing.assert_allclose(s.run(w), [0.0, 0.0])
            with pytest.raises(tf.errors.InvalidArgumentError,
                               match=r"var and delta do not have the same shape\[2\] \[3\]"):
                s.run(op, {d: [1.0, 1.0, 1.0]})


def test_readers_of_the_old_value_do_not_see_the_update():
    v = tf.Variable([1.0, 2.0])
    before = v.read_value()
    tf.raw_ops.ResourceApplyGradientDescent(var=v.handle, alpha=1.0, delta=[1.0, 1.0])
    np.testing.assert_array_equal(before.numpy(), [1.0, 2.0])
    np.testing.assert_array_equal(v.numpy(), [0.0, 1.0])


def test_in_tf_function():
    v = tf.Variable([1.0, 2.0])

    @tf.function
    def step(g):
        tf.raw_ops.ResourceApplyGradientDescent(var=v.handle, alpha=0.5, delta=g)
        return v.read_value()

    np.testing.assert_allclose(step(tf.constant([2.0, 2.0])).numpy(), [0.0, 1.0])
    np.testing.assert_allclose(step(tf.constant([2.0, 2.0])).numpy(), [-1.0, 0.0])


@pytest.mark.parametrize("op", C.OPS)
def test_kernels_run_where_the_variable_lives(op):
    """With a GPU as the default device (the strict stand-in), the update runs on the
    variables' device: on the GPU for variables made there, on the host for variables
    made under tf.device("/CPU:0") (the GPU's tensors copied over), as TF's kernels."""
    from eagerflow._src.backend.strict import StrictArray
    from eagerflow._src.core import device

    var, ten = C.inputs(op, "float32")
    want = _reference(op, var, ten, {})
    with device.standin_gpus(1):
        for scope, kind in (("/GPU:0", StrictArray), ("/CPU:0", np.ndarray)):
            with tf.device(scope):
                vs = {n: tf.Variable(a) for n, a in var.items()}
            args = {n: v.handle for n, v in vs.items()}
            args.update({n: tf.constant(a) for n, a in ten.items()})
            getattr(tf.raw_ops, op)(**args)
            for n, v in vs.items():
                assert type(v._arr) is kind and v.device.endswith(scope[1:]), (scope, n)
                np.testing.assert_allclose(v.numpy(), want[n], rtol=1e-5, atol=1e-5)


def test_a_session_on_a_gpu_runs_the_op_on_its_variables():
    from eagerflow._src.core import device

    with device.standin_gpus(1):
        test_session_runs_the_op_and_checks_at_run_time()
