"""Inputs TF's GPU kernels take in host memory (HostMemory in their registrations: a
slice's bounds, a scan's or an argmax's axis, a reversal's axes, an average pool
gradient's input shape, a band's bounds, a permutation to invert, the shapes
BroadcastArgs broadcasts, the first space-to-batch ops' block, Switch's predicate, a
seed's key and counter, StatelessMultinomial's seed, a quantization's range and bits),
checked on the strict stand-in: tf.raw_ops and the public functions make a Python value
for one on the host, so the op reads nothing back, and gives the CPU's values. And a
gather's gradient on the device drops the gradient at an index out of range, as TF's GPU
kernels do (its gather gave zeros there), without reading the indices back."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import strict_streams

R = tf.raw_ops
X = np.arange(24, dtype=np.float32).reshape(4, 6) / 7.0
LOGITS = np.array([[0.0, 1.0, 2.0], [1.0, 1.0, -np.inf]], np.float32)

CALLS = {
    "StridedSlice": lambda x: R.StridedSlice(input=x, begin=[1, 0], end=[3, 5], strides=[1, 2]),
    "Slice": lambda x: R.Slice(input=x, begin=[1, 2], size=[2, -1]),
    "ArgMax": lambda x: R.ArgMax(input=x, dimension=1),
    "ArgMin": lambda x: R.ArgMin(input=x, dimension=0),
    "Cumsum": lambda x: R.Cumsum(x=x, axis=1, exclusive=True),
    "Cumprod": lambda x: R.Cumprod(x=x, axis=0, reverse=True),
    "CumulativeLogsumexp": lambda x: R.CumulativeLogsumexp(x=x, axis=1),
    "ReverseV2": lambda x: R.ReverseV2(tensor=x, axis=[0, 1]),
    "AvgPoolGrad": lambda x: R.AvgPoolGrad(
        orig_input_shape=[1, 4, 6, 1], grad=tf.reshape(x[:2, :3], [1, 2, 3, 1]),
        ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="VALID"),
    "MatrixBandPart": lambda x: R.MatrixBandPart(input=x, num_lower=1, num_upper=0),
    "band_part": lambda x: tf.linalg.band_part(x, 2, -1),
    "InvertPermutation": lambda x: R.InvertPermutation(x=[2, 0, 3, 1]),
    "invert_permutation": lambda x: tf.math.invert_permutation([1, 3, 0, 2]),
    "BroadcastArgs": lambda x: R.BroadcastArgs(s0=[2, 1], s1=[3]),
    "broadcast_dynamic_shape": lambda x: tf.broadcast_dynamic_shape([1, 4, 1], [5, 1, 1, 6]),
    "SpaceToBatch": lambda x: R.SpaceToBatch(input=tf.reshape(x, [1, 4, 6, 1]),
                                             paddings=[[0, 0], [0, 0]], block_size=2),
    "BatchToSpace": lambda x: R.BatchToSpace(input=tf.reshape(x, [4, 2, 3, 1]),
                                             crops=[[0, 1], [1, 0]], block_size=2),
    "Switch": lambda x: R.Switch(data=x, pred=True),
    "StatelessRandomGetKeyCounterAlg": lambda x: R.StatelessRandomGetKeyCounterAlg(
        seed=[5, 42]),
    "stateless_categorical": lambda x: tf.random.stateless_categorical(
        tf.constant(LOGITS), 5, seed=[5, 42]),
    "QuantizeAndDequantizeV2": lambda x: R.QuantizeAndDequantizeV2(
        input=x, input_min=-1.0, input_max=2.0, range_given=True),
    "quantize_and_dequantize_v2": lambda x: tf.quantization.quantize_and_dequantize_v2(
        x, 0.5, 2.5, range_given=True, num_bits=4),
    "QuantizeAndDequantizeV3": lambda x: R.QuantizeAndDequantizeV3(
        input=x, input_min=[0.0] * 6, input_max=[3.0] * 6, num_bits=5, axis=1),
}


pytestmark = pytest.mark.usefixtures("standin_gpu")  # (tests/backend/conftest.py)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_a_host_memory_input_given_as_a_python_value_is_not_read_back(name):
    x = tf.constant(X)
    CALLS[name](x)
    with strict_streams.count_transfers() as n:
        got = _as_list(CALLS[name](x))
    assert n["to_host"] == 0
    assert all(g.device.endswith("GPU:0") for g in got)
    with tf.device("/CPU:0"):
        want = _as_list(CALLS[name](tf.constant(X)))
    for g, w in zip(got, want, strict=True):
        assert g.dtype == w.dtype
        np.testing.assert_allclose(g.numpy(), w.numpy(), rtol=1e-6)


def _as_list(out):
    return list(out) if isinstance(out, (tuple, list)) else [out]


@pytest.mark.parametrize("batch_dims, axis, ids", [
    (0, 1, [[2, 9], [-1, 0]]), (1, 1, [[5, 0, 1], [1, -3, 1]]), (0, 0, [3, 7, 3])])
def test_a_gathers_gradient_drops_an_index_out_of_range_reading_nothing_back(batch_dims,
                                                                              axis, ids):
    rows = 2 if batch_dims else 4
    params = tf.constant(np.arange(rows * 3, dtype=np.float32).reshape(rows, 3))
    idx = np.array(ids, np.int32)
    limit = params.shape[axis]
    y_shape = tf.gather(params, tf.constant(np.clip(idx, 0, limit - 1)), axis=axis,
                        batch_dims=batch_dims).shape
    weights = np.arange(np.prod(y_shape), dtype=np.float32).reshape(y_shape)
    w, i = tf.constant(weights), tf.constant(idx)

    def grad():
        with tf.GradientTape() as tape:
            tape.watch(params)
            loss = tf.reduce_sum(tf.gather(params, i, axis=axis, batch_dims=batch_dims) * w)
        return tf.convert_to_tensor(tape.gradient(loss, params))

    grad()
    with strict_streams.count_transfers() as n:
        got = grad()
    assert n["to_host"] == 0 and got.device.endswith("GPU:0")
    # (the weights of the outputs gathered from a row in range, summed into that row)
    want = np.zeros(params.shape, np.float32)
    k = idx.ndim - batch_dims
    for pos in np.ndindex(*y_shape):
        j = idx[pos[:batch_dims] + pos[axis:axis + k]]
        if 0 <= j < limit:
            want[pos[:axis] + (j,) + pos[axis + k:]] += weights[pos]
    np.testing.assert_array_equal(got.numpy(), want)


EAGER = {
    "range": lambda: tf.range(10),
    "range_floats": lambda: tf.range(2, 10.0, 0.5),
    "range_dtype": lambda: tf.range(1, 20, 3, dtype=tf.int64),
    "uniform_int": lambda: tf.random.uniform([5], -3, 40, tf.int32, seed=4),
}


@pytest.mark.parametrize("name", sorted(EAGER))
def test_python_bounds_of_a_range_or_an_integer_draw_are_made_on_the_host(name):
    """tf.range's start, limit and delta and an integer draw's minval and maxval are
    HostMemory inputs of TF's GPU kernels: Python numbers are made (and cast) on the host,
    so the op reads nothing back (tf.range(10): 5 reads and 3 copies before)."""
    from eagerflow._src.ops.random import clear_kernel_cache

    EAGER[name]()
    clear_kernel_cache()
    with strict_streams.count_transfers() as n:
        got = EAGER[name]()
    assert n["to_host"] == 0 and got.device.endswith("GPU:0")
    clear_kernel_cache()
    with tf.device("/CPU:0"):
        want = EAGER[name]()
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(got.numpy(), want.numpy())


def test_a_range_of_device_bounds_reads_each_once_as_tfs_host_memory_inputs():
    limit = tf.constant(7)
    with strict_streams.count_transfers() as n:
        got = tf.range(limit)
    assert n["to_host"] == 1 and got.numpy().tolist() == list(range(7))
    with pytest.raises(tf.errors.InvalidArgumentError, match="Requires start <= limit"):
        tf.range(5, 1)


PUBLIC = {
    "sort": lambda x: tf.sort(x, axis=-1, direction="DESCENDING"),
    "argsort": lambda x: tf.argsort(x, axis=0),
    "resize": lambda x: tf.image.resize(tf.reshape(x, [1, 4, 6, 1]), [6, 9]),
    "linspace": lambda x: tf.linspace(0.0, 1.0, 7),
    "sequence_mask": lambda x: tf.sequence_mask([1, 3, 0], 5),
}


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_public_functions_make_their_host_memory_values_on_the_host(name):
    """A sort's axis, resize's size, linspace's num and sequence_mask's maxlen (and its
    range's steps) are read on the host (TF's HostMemory inputs, or constants TF's Python
    reads): made there, nothing is read back; a resize's interpolation tables go to the
    device once per geometry."""
    x = tf.constant(X)
    PUBLIC[name](x)
    with strict_streams.count_transfers() as n:
        got = PUBLIC[name](x)
    assert n["to_host"] == 0 and got.device.endswith("GPU:0")
    if name == "resize":
        assert n["to_device"] == 0
    with tf.device("/CPU:0"):
        want = PUBLIC[name](tf.constant(X))
    np.testing.assert_array_equal(got.numpy(), want.numpy())
