"""Small fidelity gaps against TF 2.21's recorded outcomes (fidelity_gaps_golden.json, by
record_fidelity_gaps_golden.py from fidelity_gaps_cases.py): which op tf.pad runs (Pad for
a Python zero, PadV2 for any other value, MirrorPad for the mirror modes), in graphs, in
GraphDefs and in eager errors; how tf.raw_ops.Range converts its arguments, and the dtypes
its CPU kernels lack; Keras 3's layers taking a bool where they check isinstance(int) (and
tf.nn's window attrs taking bools), and the few that refuse one; keras.ops.conv's and
tf.nn.convolution's ValueErrors for channels the kernel cannot take."""

import json
import re
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import recorded_outcome
from tests.ops import fidelity_gaps_cases as cases

GOLDEN = json.loads((Path(__file__).parent / "fidelity_gaps_golden.json").read_text())["cases"]
PAD = cases.pad_cases(tf)
RANGE = {**cases.range_conversion_cases(tf), **cases.range_dtype_cases(tf)}
CONV = {**cases.keras_conv_cases(tf.keras), **cases.tf_dilated_conv_cases(tf)}
BOOL_INTS = {**cases.keras_bool_int_cases(tf.keras), **cases.tf_nn_bool_window_cases(tf)}


@pytest.mark.parametrize("key", sorted(PAD))
def test_pad_matches_tf(key):
    assert recorded_outcome(cases.outcome(PAD[key])) == GOLDEN[key]


def test_pad_gradient_matches_tf():
    assert cases.outcome(lambda: cases.gradient_of_pad(tf)) == GOLDEN["grad/pad"]


def test_pad_op_with_runtime_paddings_computes_and_differentiates():
    """Pad with paddings known only when the graph runs: the value, its checks and its
    gradient (the incoming gradient's window at paddings[:, 0])."""
    x = np.arange(6.0).reshape(2, 3)

    @tf.function(input_signature=[tf.TensorSpec([2, 3], tf.float64),
                                  tf.TensorSpec([2, 2], tf.int32)])
    def f(t, q):
        with tf.GradientTape() as tape:
            tape.watch(t)
            y = tf.pad(t, q)
            w = tf.reshape(tf.cast(tf.range(tf.size(y)), tf.float64), tf.shape(y))
            loss = tf.reduce_sum(y * w)
        return y, tape.gradient(loss, t)

    assert [op.type for op in f.get_concrete_function().graph.get_operations()
            if op.type.startswith("Pad")] == ["Pad"]
    y, g = f(tf.constant(x), tf.constant([[1, 0], [2, 1]]))
    np.testing.assert_array_equal(y.numpy(), np.pad(x, [[1, 0], [2, 1]]))
    weights = np.arange(3 * 6.0).reshape(3, 6)
    np.testing.assert_array_equal(g.numpy(), weights[1:, 2:5])
    with pytest.raises(tf.errors.InvalidArgumentError, match="Paddings must be non-negative"):
        f(tf.constant(x), tf.constant([[1, 0], [-2, 1]]))


@pytest.mark.parametrize("key", sorted(RANGE))
def test_range_matches_tf(key):
    assert recorded_outcome(cases.outcome(RANGE[key])) == GOLDEN[key]


def test_range_without_kernel_fails_when_the_graph_runs():
    """Traced without complaint; TF's runtime then finds no kernel for the node."""
    want = GOLDEN["range_graph/int8"]
    got = cases.outcome(lambda: cases.range_in_graph(tf))
    assert got["error"] == want["error"] == "InvalidArgumentError"
    # (the runtime's node and function differ; XLA's kernels are listed once XLA has run)
    body = re.sub(r"\n  device='XLA_[^\n]*", "", want["message"].split("\n\n\t [[")[0])
    assert body in got["message"], got["message"]


@pytest.mark.parametrize("dtype", ["int32", "int64", "float16", "bfloat16", "float32",
                                   "float64"])
def test_range_kernels_compute(dtype):
    """The dtypes with a kernel, against NumPy's arange, eagerly and in a graph."""
    d = getattr(tf, dtype)
    args = (tf.constant(2, d), tf.constant(11, d), tf.constant(3, d))
    want = np.arange(2, 11, 3).astype(np.float64)
    eager = tf.raw_ops.Range(start=args[0], limit=args[1], delta=args[2])
    graph = tf.function(lambda *a: tf.raw_ops.Range(start=a[0], limit=a[1], delta=a[2]))(*args)
    for got in (eager, graph):
        assert got.dtype == d
        np.testing.assert_array_equal(tf.cast(got, tf.float64).numpy(), want)


@pytest.mark.parametrize("key", sorted(BOOL_INTS))
def test_bool_integer_arguments_match_keras(key):
    assert cases.outcome(BOOL_INTS[key]) == GOLDEN[key]


def test_dense_true_computes_one_unit():
    """Dense(True) is Dense(1): its output against NumPy's matmul of its own weights."""
    layer = tf.keras.layers.Dense(True, kernel_initializer="glorot_uniform")
    x = np.arange(6, dtype="float32").reshape(2, 3)
    y = layer(x).numpy()
    kernel, bias = (w.numpy() for w in layer.weights)
    np.testing.assert_allclose(y, x @ kernel + bias, rtol=1e-6)
    assert layer.get_config()["units"] is True


@pytest.mark.parametrize("key", sorted(CONV))
def test_conv_channel_errors_match_keras_and_tf(key):
    assert cases.outcome(CONV[key]) == GOLDEN[key]


def test_keras_conv_with_groups_computes():
    """Channels a multiple of the kernel's depth: a grouped convolution, each group of
    input channels against its own filters (NumPy's sum as the reference)."""
    rng = np.random.default_rng(3)
    x = rng.standard_normal((1, 3, 3, 4)).astype("float32")
    k = rng.standard_normal((2, 2, 2, 2)).astype("float32")
    y = tf.keras.ops.conv(x, k).numpy()
    want = np.zeros((1, 2, 2, 2), np.float64)
    for g in range(2):  # group g: input channels 2g..2g+1 -> output channel g
        for i in range(2):
            for j in range(2):
                patch = x[0, i:i + 2, j:j + 2, 2 * g:2 * g + 2]
                want[0, i, j, g] = np.sum(patch * k[..., g])
    np.testing.assert_allclose(y, want, rtol=1e-5, atol=1e-5)


CONV_GRAPH = cases.tf_conv_graph_cases(tf)


@pytest.mark.parametrize("key", sorted(CONV_GRAPH))
def test_conv_depth_in_graph_matches_tf(key):
    got = cases.outcome(CONV_GRAPH[key])
    if "message" in got:
        got["message"] = cases.graph_error_body(got["message"])
    assert got == GOLDEN[key]
