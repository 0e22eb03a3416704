"""TF's quantized kernels (tf.raw_ops.Quantized*, Requantize and its kin) against TF
2.21's recorded results (quantized_ops_golden.json, by record_quantized_ops_golden.py
from quantized_ops_cases.py): values bit for bit with their output ranges, dtypes and
shapes, and the class and message of each refusal; TF's GraphDef of a quantized pipeline
imported and run; traced calls as eager ones."""

import base64
import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.ops.quantized_ops_cases import GRAPH_FETCHES, cases
from tests.ops.test_quantization import _check

GOLDEN = json.loads((Path(__file__).parent / "quantized_ops_golden.json").read_text())["cases"]


@pytest.fixture(scope="module")
def results():
    return cases(tf)


# Known difference (docs/capabilities.md): QuantizedInstanceNorm's output range on images
# of more than a few values, whose float32 statistics TF sums in Eigen's vectorized order
# and inverts with its approximate rsqrt: within a few ulps here (its integers match).
NEAR = ("instance_norm/big/",)


def _near(want, got, key):
    assert isinstance(got, tuple) and len(got) == 3, (key, got)
    _check(want["tuple"][0], got[0], key)
    for w, g in zip(want["tuple"][1:], got[1:]):
        np.testing.assert_allclose(g.numpy(), w["values"][0], rtol=5e-7, err_msg=key)


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_matches_tf(results, key):
    if key.startswith(NEAR):
        _near(GOLDEN[key], results[key], key)
        return
    _check(GOLDEN[key], results[key], key)


GRAPH = json.loads((Path(__file__).parent / "quantized_ops_golden.json").read_text())["graph"]


def test_an_imported_tf_graph_runs_as_tf():
    """TF's GraphDef of a quantized pipeline (QuantizeV2, QuantizedMatMul,
    RequantizationRange, Requantize, Dequantize, QuantizedConv2D, ...) imported and run
    in a Session gives TF's values."""
    gd = tf.compat.v1.GraphDef.FromString(base64.b64decode(GRAPH["graph_def"]))
    with tf.Graph().as_default() as g:
        tf.import_graph_def(gd, name="")
        with tf.compat.v1.Session(graph=g) as sess:
            got = sess.run(list(GRAPH_FETCHES))
    for name, want, value in zip(GRAPH_FETCHES, GRAPH["values"], got):
        value = np.asarray(value)
        value = value.view(value.dtype[0]) if value.dtype.names else value
        assert list(value.shape) == want["shape"], name
        np.testing.assert_array_equal(value.astype(np.float64).ravel(), want["values"],
                                      err_msg=name)


def test_traced_calls_match_eager_ones():
    x = tf.constant(np.arange(24, dtype=np.uint8).reshape(1, 4, 6, 1) * 9, tf.quint8)
    w = tf.constant(np.arange(4, dtype=np.uint8).reshape(2, 2, 1, 1) * 50, tf.quint8)

    def run(x, w):
        c = tf.raw_ops.QuantizedConv2D(input=x, filter=w, min_input=-1.0, max_input=2.0,
                                       min_filter=-0.5, max_filter=1.0, strides=[1, 1, 1, 1],
                                       padding="SAME")
        d = tf.raw_ops.QuantizeDownAndShrinkRange(input=c[0], input_min=c[1],
                                                  input_max=c[2], out_type=tf.quint8)
        return tf.raw_ops.QuantizedMaxPool(input=d[0], min_input=d[1], max_input=d[2],
                                           ksize=[1, 2, 2, 1], strides=[1, 1, 1, 1],
                                           padding="SAME")

    eager, traced = run(x, w), tf.function(run)(x, w)
    for a, b in zip(eager, traced):
        assert a.dtype == b.dtype
        np.testing.assert_array_equal(np.asarray(a.numpy()).view(np.uint8) if a.dtype ==
                                      tf.quint8 else a.numpy(),
                                      np.asarray(b.numpy()).view(np.uint8) if b.dtype ==
                                      tf.quint8 else b.numpy())


@pytest.mark.parametrize("lo, hi, want", [
    ([np.inf, np.nan, 0.0], [1.0, 3.0, np.nan], 6.0),
    ([np.nan, -1.0, 0.5], [np.nan, 2.0, 1.0], 0.6519258),
    ([-2.0, -1.0, 0.5], [2.0, np.nan, 1.0], 0.55879354)])
def test_requantization_range_per_channel_skips_nan_as_tfs(lo, hi, want):
    # TF 2.21 takes each channel's scale with std::max (a NaN max never wins) and the
    # running maximum only from greater channels (a NaN channel never wins) (recorded)
    x = tf.bitcast(tf.constant(np.arange(-3, 9, dtype=np.int32).reshape(1, 2, 2, 3)
                               * 100000000), tf.qint32)
    r = tf.raw_ops.RequantizationRangePerChannel(
        input=x, input_min=np.array(lo, np.float32), input_max=np.array(hi, np.float32),
        clip_value_max=6.0)
    np.testing.assert_allclose([r[0].numpy(), r[1].numpy()], [-want, want], rtol=1e-7)


def test_a_nan_or_infinite_step_count_quantizes_to_the_lowest_value():
    # TF 2.21's FloatToQuantized clamps the steps above the lowest value before adding it,
    # so a NaN or infinite range (int64's most negative step count) gives the lowest value:
    # QuantizedRelu's zero is then INT32_MIN (its input passes), QuantizedBiasAdd's sums
    # are INT32_MIN (recorded, oneDNN on and off alike)
    x = tf.bitcast(tf.constant([-5, 0, 1073741824, 7], tf.int32), tf.qint32)
    r = tf.raw_ops.QuantizedRelu(features=x, min_features=-3.0, max_features=np.nan,
                                 out_type=tf.qint32)
    np.testing.assert_array_equal(tf.bitcast(r[0], tf.int32).numpy(), [-5, 0, 1073741824, 7])
    a = tf.bitcast(tf.constant([[7, 130], [255, 0]], tf.uint8), tf.quint8)
    b = tf.bitcast(tf.constant([3, 200], tf.uint8), tf.quint8)
    r = tf.raw_ops.QuantizedBiasAdd(input=a, bias=b, min_input=-np.inf, max_input=0.0,
                                    min_bias=-0.5, max_bias=0.7, out_type=tf.qint32)
    np.testing.assert_array_equal(tf.bitcast(r[0], tf.int32).numpy(), np.full((2, 2), -2**31))
    assert (r[1].numpy(), r[2].numpy()) == (-np.inf, np.inf)


def test_requantize_per_channel_sends_a_nan_scale_to_the_lowest_value():
    # TF 2.21: a channel whose range is NaN scales its values to NaN, which convert to the
    # output type's lowest value (-128 for qint8, 0 for quint8) (recorded)
    x = tf.bitcast(tf.constant(np.arange(-3, 9, dtype=np.int32).reshape(1, 2, 2, 3)
                               * 100000000), tf.qint32)
    lo = np.array([-1.0, np.nan, np.nan], np.float32)
    hi = np.array([1.0, -np.inf, 4.0], np.float32)
    r = tf.raw_ops.RequantizePerChannel(input=x, input_min=lo, input_max=hi,
                                        requested_output_min=-3.0, requested_output_max=3.0,
                                        out_type=tf.qint8)
    np.testing.assert_array_equal(tf.bitcast(r[0], tf.int8).numpy().ravel(),
                                  [-6, -128, -128, 0, -128, -128, 6, -128, -128, 12, -128, -128])
    r = tf.raw_ops.RequantizePerChannel(input=x, input_min=lo, input_max=hi,
                                        requested_output_min=0.0, requested_output_max=3.0,
                                        out_type=tf.quint8)
    np.testing.assert_array_equal(tf.bitcast(r[0], tf.uint8).numpy().ravel(),
                                  [0, 0, 0, 0, 0, 0, 12, 0, 0, 24, 0, 0])
