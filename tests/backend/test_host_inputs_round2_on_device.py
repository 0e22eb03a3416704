"""More inputs TF's GPU kernels take in host memory, checked on the strict stand-in, where
a call of Python values is more than test_host_memory_inputs_on_device.py's table holds:
SliceGrad's begin, RngSkip's algorithm and delta on a device state, a band's bounds over
shapes, DynamicStitch's indices (eager, traced, saved and in a partitioned embedding
lookup). The op reads nothing back and gives the CPU's values. The checks TF's GPU kernels
skip (a reversed sequence's lengths, Gather's indices) are skipped on the device, which
gives TF's GPU results, while CPU:0 still raises TF's CPU errors; and the string and sparse
ops TF has no GPU kernel for run on CPU:0."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.backend import strict_streams
from eagerflow._src.ops.registry import REGISTRY

R = tf.raw_ops
X = np.arange(24, dtype=np.float32).reshape(4, 6) / 7.0


def _as_list(out):
    return list(out) if isinstance(out, (tuple, list)) else [out]


pytestmark = pytest.mark.usefixtures("standin_gpu")  # (tests/backend/conftest.py)


def test_a_slices_gradient_pads_by_its_host_begin_reading_nothing_back():
    """SliceGrad takes Slice's begin (a host input: TF's graph pads the gradient by it,
    Pad's HostMemory paddings) and reads only the shape of the sliced tensor."""
    x = tf.constant(X)

    def grad():
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = R.Slice(input=x, begin=[1, 2], size=[2, -1])
        return tape.gradient(y, x)

    grad()
    with strict_streams.count_transfers() as n:
        got = grad()
    assert n["to_host"] == 0 and got.device.endswith("GPU:0")
    want = np.zeros((4, 6), np.float32)
    want[1:3, 2:] = 1.0
    np.testing.assert_array_equal(got.numpy(), want)


def test_rng_skip_advances_a_device_state_reading_nothing_back():
    """RngSkip's algorithm and delta are host inputs; the state's 128-bit counter is
    advanced on the device, as TF's GPU kernel advances it."""
    start = np.array([-1, 7, 9], np.int64)  # (a low word of all ones: the carry)
    v = tf.Variable(start)
    R.RngSkip(resource=v.handle, algorithm=1, delta=3)
    with strict_streams.count_transfers() as n:
        R.RngSkip(resource=v.handle, algorithm=1, delta=3)
    assert n["to_host"] == 0 and v.device.endswith("GPU:0")
    counter = (int(start[0]) % 2**64 | int(start[1]) << 64) + 2 * 3 * 256
    want = [counter % 2**64, counter >> 64, 9]
    assert v.numpy().view(np.uint64).tolist() == want


@given(st.integers(2, 5), st.integers(2, 6), st.data())
@settings(max_examples=30, deadline=None)
def test_band_part_of_python_bounds_reads_nothing_back(rows, cols, data):
    lower = data.draw(st.integers(-1, rows))
    upper = data.draw(st.integers(-1, cols))
    x = np.arange(rows * cols, dtype=np.float32).reshape(rows, cols) + 1
    t = tf.constant(x)
    with strict_streams.count_transfers() as n:
        got = tf.linalg.band_part(t, lower, upper)
    assert n["to_host"] == 0 and got.device.endswith("GPU:0")
    i, j = np.indices(x.shape)
    keep = ((lower < 0) | (i - j <= lower)) & ((upper < 0) | (j - i <= upper))
    np.testing.assert_array_equal(got.numpy(), np.where(keep, x, 0))


def _reversed_on_gpu(x: np.ndarray, lengths: list) -> np.ndarray:
    """TF's GPU ReverseSequence along axis 1 of batch axis 0, written independently: a
    row's first `s` cells reversed, a negative length leaving the row as it is; a length
    past the row (whose cells TF's kernel reads from beyond it) reverses the whole row."""
    out = x.copy()
    for b, s in enumerate(lengths):
        s = min(s, x.shape[1])
        if s > 0:
            out[b, :s] = x[b, :s][::-1]
    return out


@given(st.integers(1, 4), st.integers(1, 6), st.data())
@settings(max_examples=30, deadline=None)
def test_reverse_sequence_checks_no_length_on_the_device(batch, steps, data):
    lengths = data.draw(st.lists(st.integers(-2, steps + 2), min_size=batch, max_size=batch))
    x = np.arange(batch * steps * 2, dtype=np.float32).reshape(batch, steps, 2)
    t, s = tf.constant(x), tf.constant(np.array(lengths, np.int64))
    with strict_streams.count_transfers() as n:
        got = tf.reverse_sequence(t, s, seq_axis=1, batch_axis=0)
    assert n["to_host"] == 0 and got.device.endswith("GPU:0")
    np.testing.assert_array_equal(got.numpy(), _reversed_on_gpu(x, lengths))
    if any(v < 0 or v > steps for v in lengths):
        with tf.device("/CPU:0"), pytest.raises(tf.errors.InvalidArgumentError,
                                                 match=r"seq_lens\(\d+\) [<>]"):
            tf.reverse_sequence(tf.constant(x), lengths, seq_axis=1, batch_axis=0)


def test_gather_v1_gives_zeros_for_an_index_out_of_range_on_the_device():
    params = np.arange(15, dtype=np.float32).reshape(5, 3)
    idx = np.array([[4, -1], [0, 5]], np.int32)
    p, i = tf.constant(params), tf.constant(idx)
    R.Gather(params=p, indices=i)
    with strict_streams.count_transfers() as n:
        got = R.Gather(params=p, indices=i)
    assert n["to_host"] == 0 and got.device.endswith("GPU:0")
    want = np.zeros((2, 2, 3), np.float32)
    want[0, 0], want[1, 0] = params[4], params[0]
    np.testing.assert_array_equal(got.numpy(), want)
    with tf.device("/CPU:0"), pytest.raises(tf.errors.InvalidArgumentError,
                                             match=r"indices\[0,1\] = -1 is not in \[0, 5\)"):
        R.Gather(params=tf.constant(params), indices=tf.constant(idx))


STRING_OPS = {  # (each call's inputs on the GPU: the reads TF's copies make too)
    "AsString": (lambda: tf.strings.as_string(tf.constant([1.5, -2.0])), 1),
    "SerializeTensor": (lambda: tf.io.serialize_tensor(tf.constant([1.5, -2.0])), 1),
    "Substr": (lambda: tf.strings.substr(["hello", "world"], tf.constant([1, 2]),
                                         tf.constant([2, 3])), 2),
}


@pytest.mark.parametrize("name", sorted(STRING_OPS))
def test_string_ops_have_no_gpu_kernel_and_run_on_the_host(name):
    """TF registers CPU kernels only for them: each input on a GPU is copied to the host
    (one read each, as TF's copies) and the strings are made there."""
    assert not REGISTRY[name].gpu
    call, inputs_on_gpu = STRING_OPS[name]
    call()
    with strict_streams.count_transfers() as n:
        out = call()
    assert n["to_host"] == inputs_on_gpu and out.device.endswith("CPU:0")


@st.composite
def _stitch_inputs(draw):
    """Index lists for 1 to 4 partitions (each of rank 0 to 2, repeats allowed) and data
    for each of them with one row shape (rank 0 to 2)."""
    parts = draw(st.integers(1, 4))
    rows = tuple(draw(st.lists(st.integers(1, 3), max_size=2)))
    size = draw(st.integers(1, 8))
    indices = []
    for _ in range(parts):
        shape = tuple(draw(st.lists(st.integers(0, 3), max_size=2)))
        n = int(np.prod(shape, dtype=int))
        values = draw(st.lists(st.integers(0, size - 1), min_size=n, max_size=n))
        indices.append(np.array(values, np.int32).reshape(shape).tolist())
    shapes = [np.array(i, np.int32).shape for i in indices]  # (a list [] of shape (0, 2): (0,))
    data = [np.arange(int(np.prod(s + rows, dtype=int)), dtype=np.float32).reshape(s + rows)
            + 100 * m for m, s in enumerate(shapes)]
    return indices, data


STITCHES = {
    "dynamic_stitch": lambda idx, data: tf.dynamic_stitch(idx, data),
    "DynamicStitch": lambda idx, data: R.DynamicStitch(indices=idx, data=data),
}


@pytest.mark.parametrize("name", sorted(STITCHES))
@given(inputs=_stitch_inputs())
@settings(max_examples=30, deadline=None)
def test_a_stitch_of_python_indices_reads_nothing_back(name, inputs):
    """DynamicStitch's indices are host inputs (TF's GPU kernel: HostMemory("indices"), a
    list of N set per call): given as Python lists they are made on the host, where the
    result is sized and each index's row (the last given) is found, and only the data
    rows are copied on the device."""
    idx, data = inputs
    on_gpu = [tf.constant(d) for d in data]
    with strict_streams.count_transfers() as n:
        got = STITCHES[name](idx, on_gpu)
    assert n["to_host"] == 0 and got.device.endswith("GPU:0")
    with tf.device("/CPU:0"):
        want = STITCHES[name](idx, [tf.constant(d) for d in data])
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(got.numpy(), want.numpy())


def test_a_traced_stitch_and_its_gradient_read_nothing_back():
    """In a tf.function the constant indices are host values of the graph; the gradient
    gathers the stitch's gradient at them (copied to the device: nothing read back)."""
    a = tf.constant(X[:3, :2])
    b = tf.constant(X[3:, :2])

    @tf.function
    def f(a, b):
        with tf.GradientTape() as tape:
            tape.watch([a, b])
            y = tf.dynamic_stitch([[0, 2, 4], [2]], [a, b])
            loss = tf.reduce_sum(y * y)
        return (y,) + tuple(tape.gradient(loss, [a, b]))

    f(a, b)
    with strict_streams.count_transfers() as n:
        got = f(a, b)
    assert n["to_host"] == 0 and all(g.device.endswith("GPU:0") for g in got)
    want = np.zeros((5, 2), np.float32)
    want[[0, 4]], want[2] = X[[0, 2], :2], X[3, :2]
    np.testing.assert_array_equal(got[0].numpy(), want)
    np.testing.assert_allclose(got[1].numpy(), 2 * want[[0, 2, 4]], rtol=1e-6)
    np.testing.assert_allclose(got[2].numpy(), 2 * want[[2]], rtol=1e-6)


def test_a_saved_stitch_loads_and_runs_on_the_device_as_on_the_cpu(tmp_path):
    """Exported as TF's graph (DynamicStitch of two lists), loaded, the stitch's constant
    indices stay on the host: nothing is read back, and the values are the CPU's."""
    class Stitcher(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([3, 2], tf.float32),
                                      tf.TensorSpec([1, 2], tf.float32)])
        def f(self, a, b):
            return tf.dynamic_stitch([[0, 2, 4], [1]], [a, b])

    tf.saved_model.save(Stitcher(), str(tmp_path))
    loaded = tf.saved_model.load(str(tmp_path))
    a, b = tf.constant(X[:3, :2]), tf.constant(X[3:4, :2])
    loaded.f(a, b)
    with strict_streams.count_transfers() as n:
        got = loaded.f(a, b)
    assert n["to_host"] == 0 and got.device.endswith("GPU:0")
    with tf.device("/CPU:0"):
        want = loaded.f(tf.constant(X[:3, :2]), tf.constant(X[3:4, :2]))
    np.testing.assert_array_equal(got.numpy(), want.numpy())


def test_a_partitioned_embedding_lookup_and_its_gradient_are_the_cpus():
    """embedding_lookup over parts puts the rows back with ParallelDynamicStitch (TF's GPU
    kernel is its CPU one, over host memory: CPU:0 here); values and gradients are the
    CPU's."""
    table = X[:, :2]

    def lookup():
        parts = [tf.Variable(table[:2]), tf.Variable(table[2:])]
        with tf.GradientTape() as tape:
            rows = tf.nn.embedding_lookup(parts, tf.constant([[0, 3], [1, 0]]))
            loss = tf.reduce_sum(rows * rows)
        grads = [tf.convert_to_tensor(g) for g in tape.gradient(loss, parts)]
        return [rows] + grads

    got = lookup()
    with tf.device("/CPU:0"):
        want = lookup()
    for g, w in zip(got, want):
        np.testing.assert_allclose(g.numpy(), w.numpy(), rtol=1e-6)
    # ("div": ids 0 and 1 are the first part's rows, 2 and 3 the second's)
    np.testing.assert_array_equal(got[0].numpy(), table[[0, 3, 1, 0]].reshape(2, 2, 2))
    np.testing.assert_allclose(got[1].numpy(), 2 * table[:2] * [[2], [1]], rtol=1e-6)


_SPARSE = dict(indices=np.array([[0, 0], [1, 2], [2, 1]], np.int64),
               other=np.array([[0, 0], [1, 1], [2, 1]], np.int64),
               shape=np.array([3, 4], np.int64))


def _sparse_calls() -> dict:
    """Each op's call over tensors on the default device (the GPU here)."""
    ai, bi, shape = (tf.constant(_SPARSE[k]) for k in ("indices", "other", "shape"))
    av, bv = tf.constant([1.0, -2.0, 3.0]), tf.constant([0.5, 4.0, -3.0])
    return {
        "SparseAdd": lambda: R.SparseAdd(a_indices=ai, a_values=av, a_shape=shape,
                                         b_indices=bi, b_values=bv, b_shape=shape, thresh=0.0),
        "SparseAddGrad": lambda: R.SparseAddGrad(
            backprop_val_grad=tf.constant([1.0, 2.0, 3.0, 4.0]), a_indices=ai, b_indices=bi,
            sum_indices=tf.constant([[0, 0], [1, 1], [1, 2], [2, 1]], tf.int64)),
        "SparseSparseMaximum": lambda: R.SparseSparseMaximum(
            a_indices=ai, a_values=av, a_shape=shape, b_indices=bi, b_values=bv, b_shape=shape),
        "SparseSparseMinimum": lambda: R.SparseSparseMinimum(
            a_indices=ai, a_values=av, a_shape=shape, b_indices=bi, b_values=bv, b_shape=shape),
        "SparseSoftmax": lambda: R.SparseSoftmax(sp_indices=ai, sp_values=av, sp_shape=shape),
        "SparseTensorDenseAdd": lambda: R.SparseTensorDenseAdd(
            a_indices=ai, a_values=av, a_shape=shape, b=tf.reshape(tf.range(12.0), [3, 4])),
    }


@pytest.mark.parametrize("name", ["SparseAdd", "SparseAddGrad", "SparseSoftmax",
                                  "SparseSparseMaximum", "SparseSparseMinimum",
                                  "SparseTensorDenseAdd"])
def test_sparse_ops_without_a_gpu_kernel_run_on_the_cpu(name):
    """TF registers CPU kernels only for them (sparse_add_op.cc, sparse_add_grad_op.cc,
    sparse_sparse_binary_op_shared.cc, sparse_softmax_op.cc,
    sparse_tensor_dense_add_op.cc): soft placement runs them on CPU:0, their inputs on
    the GPU copied to the host, and they give the CPU's values."""
    assert not REGISTRY[name].gpu
    got = _as_list(_sparse_calls()[name]())
    assert all(g.device.endswith("CPU:0") for g in got)
    with tf.device("/CPU:0"):
        want = _as_list(_sparse_calls()[name]())
    for g, w in zip(got, want):
        assert g.dtype == w.dtype
        np.testing.assert_array_equal(g.numpy(), w.numpy())
