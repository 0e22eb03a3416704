"""tf.math.cumulative_logsumexp is TF's CumulativeLogsumexp op (ops/logsumexp_scan.py): its
values bit for bit, its gradients and its errors equal TF 2.21's, recorded in
logsumexp_scan_golden.json by record_logsumexp_scan_golden.py from logsumexp_scan_cases.py;
its gradients equal finite differences in float64; graphs hold TF's node. The registry-wide
suites check it against a plain-Python scan (its OpDef's reference and samples)."""

from __future__ import annotations

import json
import os

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.ops import logsumexp_scan
from tests.golden_io import call_outcomes
from tests.ops.logsumexp_scan_cases import error_cases, forward_cases, gradient_cases
from tests.tf_reference import HAVE_TF_PYTHON, tf_json

# TF's CPU kernel's bits: on the host where a GPU is the default device too
pytestmark = pytest.mark.usefixtures("cpu_kernels")

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "logsumexp_scan_golden.json")) as f:
    GOLDEN = json.load(f)


def _outcome(call) -> dict:
    return call_outcomes({"case": lambda: call(tf)})["case"]


def _same_bits(got: np.ndarray, want: dict) -> None:
    assert got.dtype.name == want["dtype"] and list(got.shape) == want["shape"]
    got = got.astype(np.float64).reshape(-1)
    expected = np.array(want["real"], np.float64)
    nan = np.isnan(expected)
    np.testing.assert_array_equal(np.isnan(got), nan)
    np.testing.assert_array_equal(got[~nan], expected[~nan])
    np.testing.assert_array_equal(np.signbit(got[~nan]), np.signbit(expected[~nan]))


@pytest.mark.parametrize("case", sorted(forward_cases()))
def test_forward_is_tfs_bit_for_bit(case):
    want = GOLDEN["forward"][case]["value"]
    got = _outcome(forward_cases()[case])["value"]
    _same_bits(got[0], want[0])


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("scale", [1e-20, 1.0, 30.0, 1e30])
def test_one_call_path_is_the_step_by_step_scan(dtype, scale):
    """The kernel's logaddexp.accumulate, taken where no step meets a special value, gives
    the bits of its step-by-step scan (TF's steps) on values of every scale, masked ones
    (-inf) and zeros among them, and is not taken for the values where they part."""
    w = (np.random.default_rng(9).normal(size=(300, 7)) * scale).astype(dtype)
    w[np.random.default_rng(10).random(w.shape) < 0.2] = -np.inf  # (masked values)
    w[:5, 0] = -np.inf
    w[np.random.default_rng(12).random(w.shape) < 0.1] = 0.0  # (zeros of both signs)
    w[np.random.default_rng(13).random(w.shape) < 0.05] = -0.0
    for exclusive in (False, True):
        fast = logsumexp_scan._accumulate(w, exclusive)
        assert fast is not None
        np.testing.assert_array_equal(fast, logsumexp_scan._steps(np, w, exclusive, w.dtype))
    for special in (np.inf, np.nan, 1e-35, -1e-35):
        v = w.copy()
        v[5, 3] = special
        assert logsumexp_scan._accumulate(v, False) is None


@pytest.mark.parametrize("case", sorted(gradient_cases()))
def test_gradient_matches_tf(case):
    """TF's values: the output bit for bit, the gradient (composed of elementwise ops, each
    within an ulp of TF's) to float rounding, its NaNs and infinities where TF's are."""
    want = GOLDEN["gradients"][case]["value"]
    y, g = _outcome(gradient_cases()[case])["value"]
    _same_bits(y, want[0])
    expected = np.array(want[1]["real"]).reshape(want[1]["shape"])
    rtol = {"float64": 1e-13, "float32": 2e-6, "float16": 1e-3}.get(g.dtype.name, 1e-2)
    np.testing.assert_allclose(g.astype(np.float64), expected, rtol=rtol, atol=1e-30,
                               equal_nan=True)


@pytest.mark.parametrize("case", sorted(error_cases()))
def test_errors_are_tfs(case):
    got = _outcome(error_cases()[case])
    assert got == GOLDEN["errors"][case]


@pytest.mark.parametrize("exclusive", [False, True])
@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_gradient_matches_finite_differences(axis, exclusive, reverse):
    """First order, float64, every combination; an exclusive scan's -inf (its first value)
    is left out of the differentiated sum, where its differences are NaN."""
    rng = np.random.default_rng(7)
    x0 = rng.normal(size=(3, 4))
    w = tf.constant(rng.normal(size=(3, 4)))
    keep = np.ones((3, 4), bool)
    if exclusive:
        first = np.moveaxis(keep, axis, 0)
        first[-1 if reverse else 0] = False
    keep = tf.constant(keep)

    def f(x):
        y = tf.math.cumulative_logsumexp(x, axis=axis, exclusive=exclusive, reverse=reverse)
        return tf.reduce_sum(tf.where(keep, y * w, tf.zeros_like(y)))

    theoretical, numerical = tf.test.compute_gradient(f, [tf.constant(x0)])
    np.testing.assert_allclose(theoretical[0], numerical[0], rtol=1e-6, atol=1e-8)


def test_second_order_matches_finite_differences():
    x0 = np.random.default_rng(8).normal(size=(5,))

    def grad(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.math.cumulative_logsumexp(x, reverse=True)
        return tape.gradient(y, x, output_gradients=tf.constant([1.0, -2.0, 0.5, 3.0, -1.0],
                                                                tf.float64))

    theoretical, numerical = tf.test.compute_gradient(grad, [tf.constant(x0)])
    np.testing.assert_allclose(theoretical[0], numerical[0], rtol=1e-6, atol=1e-8)


def test_traced_graph_holds_tfs_node():
    f = tf.function(lambda x: tf.math.cumulative_logsumexp(x, axis=1, exclusive=True,
                                                            reverse=True))
    graph = f.get_concrete_function(tf.TensorSpec([2, 3])).graph.as_graph_def()
    nodes = {n.name: n for n in graph.node}
    node = nodes["CumulativeLogsumexp"]
    assert node.op == "CumulativeLogsumexp"
    assert list(node.input) == ["x", "CumulativeLogsumexp/axis"]
    assert nodes["CumulativeLogsumexp/axis"].op == "Const"
    assert node.attr["exclusive"].b and node.attr["reverse"].b
    assert set(node.attr) == {"exclusive", "reverse", "T", "Tidx"}
    x = tf.constant([[1.0, 2.0, 3.0], [0.0, -np.inf, 1.0]])
    assert f(x).numpy().tolist() == tf.math.cumulative_logsumexp(
        x, axis=1, exclusive=True, reverse=True).numpy().tolist()


def test_runtime_axis_in_a_graph():
    """An axis known only when the graph runs is the op's second input."""
    f = tf.function(lambda x, a: tf.math.cumulative_logsumexp(x, axis=a))
    x = tf.constant([[0.0, 1.0], [2.0, 3.0]])
    for a in (0, 1, -1):
        assert f(x, tf.constant(a)).numpy().tolist() == \
            tf.math.cumulative_logsumexp(x, axis=a).numpy().tolist()
    with pytest.raises(tf.errors.InvalidArgumentError, match="scan axis in the range"):
        f(x, tf.constant(2))


class _Scan(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([2, 3], tf.float32)])
    def f(self, x):
        return tf.math.cumulative_logsumexp(x, axis=1, exclusive=True, reverse=True)


_X = [[1.0, 2.0, 3.0], [0.0, -np.inf, 1.0]]


def test_saved_model_round_trip(tmp_path):
    tf.saved_model.save(_Scan(), str(tmp_path / "m"))
    loaded = tf.saved_model.load(str(tmp_path / "m"))
    want = tf.math.cumulative_logsumexp(_X, axis=1, exclusive=True, reverse=True)
    assert loaded.f(tf.constant(_X)).numpy().tolist() == want.numpy().tolist()


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="no TensorFlow interpreter")
def test_tensorflow_runs_our_saved_model(tmp_path):
    """TF 2.21 loads the SavedModel eagerflow wrote (TF's CumulativeLogsumexp node) and
    computes what eagerflow does."""
    tf.saved_model.save(_Scan(), str(tmp_path / "m"))
    got = tf_json("-c", "import sys, json, tensorflow as tf\n"
                  "m = tf.saved_model.load(sys.argv[1])\n"
                  "x = tf.constant(json.loads(sys.argv[2]))\n"
                  "print(json.dumps(m.f(x).numpy().tolist()))",
                  str(tmp_path / "m"), json.dumps(_X))
    want = tf.math.cumulative_logsumexp(_X, axis=1, exclusive=True, reverse=True)
    assert got == want.numpy().tolist()
