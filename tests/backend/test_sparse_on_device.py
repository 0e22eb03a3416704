"""TF's SparseTensor structure ops on a GPU, checked on the strict stand-in: SparseReorder,
SparseReshape, SparseSlice (and its gradient SparseSliceGrad), SparseSplit, SparseConcat
and SparseFillEmptyRows run there as TF 2.21's GPU kernels do, the entries on the device
and the shapes TF keeps in host memory (SparseReshape's, SparseSlice's, SparseSplit's and
SparseConcat's output shapes: NumPy arrays of GPU:0 tensors) read there without a copy.
Each gives the CPU's result where TF's GPU kernel does; where it orders or checks
otherwise (SparseConcat along the first dim, ties past 16 entries, its checks of dims and
indices, SparseSliceGrad's search of entries out of order or repeated), its own."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.backend import strict, strict_streams

GPU0 = "/job:localhost/replica:0/task:0/device:GPU:0"
R = tf.raw_ops
I64 = tf.int64


pytestmark = pytest.mark.usefixtures("standin_gpu")  # (tests/backend/conftest.py)


def _on_device(t):
    """`t` is a tensor of GPU:0 in device memory."""
    return t.device == GPU0 and isinstance(t._arr, strict.StrictArray)


def _in_host_memory(t):
    """`t` is a tensor of GPU:0 in host memory (TF's HostMemory output)."""
    return t.device == GPU0 and type(t._arr) is np.ndarray


def _both(fn, *args):
    """`fn`'s outputs (as arrays) on the GPU, and on CPU:0 (its inputs copied there)."""
    got = fn(*[tf.constant(a) for a in args])
    with tf.device("/CPU:0"):
        want = fn(*[tf.constant(a) for a in args])
    return got, want


def _equal(got, want):
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g.numpy(), w.numpy())


def _entries(rng, dims, nnz):
    """`nnz` random in-bounds index rows of a dense shape `dims` (unordered, repeats
    allowed) and their float32 values."""
    idx = np.stack([rng.integers(0, d, nnz) for d in dims], axis=1).astype(np.int64)
    return idx.reshape(nnz, len(dims)), rng.normal(size=nnz).astype(np.float32)


SHAPES = st.lists(st.integers(1, 4), min_size=1, max_size=3)


# ---------------------------------------------------------------------------------------
# SparseReorder: the shape on the device too (no HostMemory); a stable sort by position.
# ---------------------------------------------------------------------------------------

@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), dims=SHAPES, nnz=st.integers(0, 16))
def test_reorder_matches_the_cpu(seed, dims, nnz):
    """Up to 16 entries the CPU's std::sort is an insertion sort: stable, as the GPU's
    radix sort, so repeated indices keep their order on both."""
    idx, vals = _entries(np.random.default_rng(seed), dims, nnz)
    got, want = _both(lambda i, v, s: R.SparseReorder(input_indices=i, input_values=v,
                                                      input_shape=s),
                      idx, vals, np.array(dims, np.int64))
    assert all(_on_device(t) for t in got)
    _equal(got, want)


def test_reorder_reads_nothing_back():
    i, v, s = tf.constant([[2, 1], [0, 3], [1, 0]], I64), tf.constant([1., 2., 3.]), \
        tf.constant([3, 4], I64)
    with strict_streams.count_transfers() as n:
        out = R.SparseReorder(input_indices=i, input_values=v, input_shape=s)
    assert n["to_host"] == 0 and n["to_device"] == 0
    assert out[0].numpy().tolist() == [[0, 3], [1, 0], [2, 1]]


def test_reorder_keeps_many_ties_in_input_order():
    """Past 16 entries TF's CPU kernel (std::sort's introsort) may reorder equal indices;
    its GPU kernel's radix sort keeps them in input order."""
    idx = np.array([[1, 1]] * 10 + [[0, 0]] * 10, np.int64)
    vals = np.arange(20, dtype=np.float32)
    out = R.SparseReorder(input_indices=idx, input_values=vals, input_shape=[2, 2])
    np.testing.assert_array_equal(out[1].numpy(), np.r_[10:20, 0:10])


# ---------------------------------------------------------------------------------------
# SparseReshape: the shapes in host memory, the indices mapped on the device.
# ---------------------------------------------------------------------------------------

@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), dims=SHAPES, nnz=st.integers(0, 12),
       infer=st.booleans())
def test_reshape_matches_the_cpu(seed, dims, nnz, infer):
    rng = np.random.default_rng(seed)
    idx, _ = _entries(rng, dims, nnz)
    total = int(np.prod(dims))
    first = int(rng.choice([d for d in range(1, total + 1) if total % d == 0]))
    new = np.array([first, -1 if infer else total // first], np.int64)
    got, want = _both(lambda i, s, t: R.SparseReshape(input_indices=i, input_shape=s,
                                                      new_shape=t),
                      idx, np.array(dims, np.int64), new)
    assert _on_device(got[0]) and _in_host_memory(got[1])
    _equal(got, want)


def test_reshape_reads_only_the_shapes():
    i, s = tf.constant([[0, 1], [1, 2]], I64), tf.constant([2, 3], I64)
    with strict_streams.count_transfers() as n:
        out = R.SparseReshape(input_indices=i, input_shape=s, new_shape=[3, -1])
    # (the input shape lives on the device: read as TF reads its HostMemory input; the
    # Python new shape is made on the host)
    assert n["to_host"] == 1 and n["to_device"] == 0
    assert out[0].numpy().tolist() == [[0, 1], [2, 1]] and out[1].numpy().tolist() == [3, 2]


# ---------------------------------------------------------------------------------------
# SparseSlice: the shape, start and size in host memory; no checks of the dims.
# ---------------------------------------------------------------------------------------

@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), dims=SHAPES, nnz=st.integers(0, 12))
def test_slice_matches_the_cpu(seed, dims, nnz):
    rng = np.random.default_rng(seed)
    idx, vals = _entries(rng, dims, nnz)
    start = np.array([rng.integers(0, d + 1) for d in dims], np.int64)
    size = np.array([rng.integers(0, d + 2) for d in dims], np.int64)
    got, want = _both(lambda i, v, s, b, z: R.SparseSlice(indices=i, values=v, shape=s,
                                                          start=b, size=z),
                      idx, vals, np.array(dims, np.int64), start, size)
    assert _on_device(got[0]) and _on_device(got[1]) and _in_host_memory(got[2])
    _equal(got, want)


def test_slice_checks_no_dims_on_the_gpu():
    """TF's GPU kernel clips each output dim to [0, ...]: a negative size gives 0 where
    its CPU kernel refuses it; a negative dense dim likewise."""
    i, v = tf.constant([[0, 0], [1, 1]], I64), tf.constant([1.0, 2.0])
    out = R.SparseSlice(indices=i, values=v, shape=[4, 5], start=[0, 0], size=[-1, 2])
    assert out[0].shape == (0, 2) and out[2].numpy().tolist() == [0, 2]
    out = R.SparseSlice(indices=i, values=v, shape=[4, -5], start=[0, 0], size=[2, 2])
    assert out[2].numpy().tolist() == [2, 0]
    with tf.device("/CPU:0"), pytest.raises(tf.errors.InvalidArgumentError,
                                            match="Expected a non-negative size, got -1"):
        R.SparseSlice(indices=i, values=v, shape=[4, 5], start=[0, 0], size=[-1, 2])


def test_slice_reads_only_its_count():
    i, v, s = tf.constant([[0, 0], [1, 3], [3, 1]], I64), tf.constant([1., 2., 3.]), \
        tf.constant([4, 4], I64)
    with strict_streams.count_transfers() as n:
        out = R.SparseSlice(indices=i, values=v, shape=s, start=[1, 1], size=[3, 3])
    # (the device's shape read back; the bounds are kernel arguments: no copies)
    assert n["to_host"] == 1 and n["to_device"] == 0
    assert out[0].numpy().tolist() == [[0, 2], [2, 0]]


# ---------------------------------------------------------------------------------------
# SparseSliceGrad: all on the device; each input entry searched for among the output's.
# ---------------------------------------------------------------------------------------

def _slice_grad(g, indices, start, out_indices):
    return R.SparseSliceGrad(backprop_val_grad=g, input_indices=indices, input_start=start,
                             output_indices=out_indices)


def _searched(g, indices, start, out_indices):
    """TF's GPU kernel, written out entry by entry: each input entry searches the output
    entries (shifted by the start, compared as tuples) with std::lower_bound's halving
    steps, which assume them sorted, and takes the gradient of the one it lands on where
    the two are equal, else 0."""
    shifted = [tuple(int(v) for v in row + start) for row in out_indices]
    out = np.zeros(len(indices), g.dtype)
    for i, row in enumerate(indices):
        key = tuple(int(v) for v in row)
        first, count = 0, len(shifted)
        while count > 0:
            step = count // 2
            if shifted[first + step] < key:
                first, count = first + step + 1, count - step - 1
            else:
                count = step
        if first < len(shifted) and shifted[first] == key:
            out[i] = g[first]
    return out


def _slice_of(rng, dims, nnz):
    """Entries in row-major order without repeats (a SparseTensor's canonical order), a
    slice's start and size, and the sliced entries' indices."""
    idx, _ = _entries(rng, dims, nnz)
    idx = np.unique(idx, axis=0).reshape(-1, len(dims))
    start = np.array([rng.integers(0, d + 1) for d in dims], np.int64)
    size = np.array([rng.integers(0, d + 2) for d in dims], np.int64)
    inside = np.all((idx >= start) & (idx < start + size), axis=1)
    return idx, start, idx[inside] - start


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), dims=SHAPES, nnz=st.integers(0, 12))
def test_slice_grad_matches_the_cpu_on_ordered_entries(seed, dims, nnz):
    """Entries in row-major order without repeats: the GPU's search finds what the CPU's
    walk pairs."""
    rng = np.random.default_rng(seed)
    idx, start, out = _slice_of(rng, dims, nnz)
    g = rng.normal(size=len(out)).astype(np.float32)
    got, want = _both(_slice_grad, g, idx, start, out)
    assert _on_device(got)
    _equal([got], [want])


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), dims=SHAPES, nnz=st.integers(0, 12),
       dtype=st.sampled_from([np.float64, np.int32, np.complex64]))
def test_slice_grad_is_tfs_search_on_any_entries(seed, dims, nnz, dtype):
    """Entries in any order, repeats allowed, output entries any of them: TF's GPU
    kernel's answer, whatever the CPU's (which may refuse them)."""
    rng = np.random.default_rng(seed)
    idx, _ = _entries(rng, dims, nnz)
    out = idx[rng.permutation(nnz)[:rng.integers(0, nnz + 1)]]
    start = np.array([rng.integers(-1, 2) for _ in dims], np.int64)
    out = out - start
    g = (rng.normal(size=len(out)) * 10).astype(dtype)
    got = _slice_grad(tf.constant(g), tf.constant(idx), tf.constant(start), tf.constant(out))
    assert _on_device(got) and got.dtype == tf.as_dtype(dtype)
    np.testing.assert_array_equal(got.numpy(), _searched(g, idx, start, out))


def test_slice_grad_checks_nothing_on_the_gpu():
    """Where the CPU refuses what it cannot pair, TF's GPU kernel drops it; a repeated
    index takes the first equal entry's gradient on the GPU, its own on the CPU."""
    g, idx, start = tf.constant([7.0, 8.0]), tf.constant([[0, 0], [0, 3], [1, 1]], I64), \
        tf.constant([0, 1], I64)
    out = _slice_grad(g, idx, start, tf.constant([[0, 2], [3, 0]], I64))
    assert out.numpy().tolist() == [0, 7, 0]
    repeated = [tf.constant([[0, 3], [0, 3]], I64), tf.constant([[0, 2], [0, 2]], I64)]
    assert _slice_grad(g, repeated[0], start, repeated[1]).numpy().tolist() == [7, 7]
    with tf.device("/CPU:0"):
        cpu = [tf.constant(t.numpy()) for t in (g, idx, start, *repeated)]
        assert _slice_grad(cpu[0], cpu[3], cpu[2], cpu[4]).numpy().tolist() == [7, 8]
        with pytest.raises(tf.errors.InternalError,
                           match="Elements of backprop_val_grad aren't all propagated"):
            _slice_grad(cpu[0], cpu[1], cpu[2], tf.constant([[0, 2], [3, 0]], I64))


def test_slice_grad_of_no_entries_is_empty_or_zeros():
    none = tf.zeros([0, 2], I64)
    out = _slice_grad(tf.zeros([0]), none, tf.constant([0, 0], I64), none)
    assert _on_device(out) and out.shape == (0,)
    out = _slice_grad(tf.zeros([0]), tf.constant([[1, 1]], I64), tf.constant([0, 0], I64), none)
    assert _on_device(out) and out.numpy().tolist() == [0]


def test_slice_grad_reads_nothing_back():
    g, idx, start, out = tf.constant([7.0, 8.0]), tf.constant([[0, 0], [0, 3], [1, 1]], I64), \
        tf.constant([0, 1], I64), tf.constant([[0, 2], [1, 0]], I64)
    with strict_streams.count_transfers() as n:
        got = _slice_grad(g, idx, start, out)
    assert n["to_host"] == 0 and n["to_device"] == 0
    assert _on_device(got) and got.numpy().tolist() == [0, 7, 8]


# ---------------------------------------------------------------------------------------
# SparseSplit: split_dim and the shape in host memory, the pieces' ends read back.
# ---------------------------------------------------------------------------------------

@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), dims=SHAPES, nnz=st.integers(0, 12), data=st.data())
def test_split_matches_the_cpu(seed, dims, nnz, data):
    idx, vals = _entries(np.random.default_rng(seed), dims, nnz)
    axis = data.draw(st.integers(-len(dims), len(dims) - 1))
    k = data.draw(st.integers(1, dims[axis]))
    got, want = _both(lambda a, i, v, s: R.SparseSplit(split_dim=a, indices=i, values=v,
                                                       shape=s, num_split=k),
                      np.int64(axis), idx, vals, np.array(dims, np.int64))
    got, want = sum(map(list, got), []), sum(map(list, want), [])
    assert all(_on_device(t) for t in got[:2 * k]) and \
        all(_in_host_memory(t) for t in got[2 * k:])
    _equal(got, want)


def test_split_checks_only_the_split_dim_on_the_gpu():
    """The CPU's kernel checks every index in bounds; TF's GPU kernel none: an index past
    another dim goes to its piece as it is (one past the split dim, which it would write
    outside its outputs for, is refused here as on the CPU)."""
    i, v = tf.constant([[0, 9], [3, 1]], I64), tf.constant([1.0, 2.0])
    out = R.SparseSplit(split_dim=0, indices=i, values=v, shape=[4, 2], num_split=2)
    assert out[0][0].numpy().tolist() == [[0, 9]] and out[0][1].numpy().tolist() == [[1, 1]]
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Sparse index tuple indices\[0, :\] = \[0, 9\] is out of bounds"):
        R.SparseSplit(split_dim=1, indices=i, values=v, shape=[4, 2], num_split=2)


def test_split_reads_the_shape_and_the_pieces_ends():
    i, v, s = tf.constant([[0, 0], [3, 1], [1, 1]], I64), tf.constant([1., 2., 3.]), \
        tf.constant([4, 2], I64)
    with strict_streams.count_transfers() as n:
        out = R.SparseSplit(split_dim=0, indices=i, values=v, shape=s, num_split=2)
    assert n["to_host"] == 2 and n["to_device"] == 0
    assert [t.numpy().tolist() for t in out[1]] == [[1.0, 3.0], [2.0]]


# ---------------------------------------------------------------------------------------
# SparseConcat: the shapes read on the host; sorted unless joined along the first dim.
# ---------------------------------------------------------------------------------------

@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), dims=SHAPES, counts=st.lists(st.integers(0, 5), min_size=2,
                                                                max_size=3),
       data=st.data())
def test_concat_matches_the_cpu(seed, dims, counts, data):
    """Along any dim but the first, TF's GPU kernel sorts the entries (stably: up to 16,
    as the CPU's); along the first it joins them as they come, which is the CPU's order
    where each input is in order."""
    rng = np.random.default_rng(seed)
    axis = data.draw(st.integers(-len(dims), len(dims) - 1))
    k = axis % len(dims)
    sizes = [dims[:k] + [int(rng.integers(1, 4))] + dims[k + 1:] for _ in counts]
    parts = [_entries(rng, s, c) for s, c in zip(sizes, counts)]
    if k == 0:
        orders = [np.lexsort(i.T[::-1]) for i, _ in parts]
        parts = [(i[o], v[o]) for (i, v), o in zip(parts, orders)]
    arrays = [i for i, _ in parts] + [v for _, v in parts] + \
        [np.array(s, np.int64) for s in sizes]
    got, want = _both(lambda *a: R.SparseConcat(
        indices=a[:len(parts)], values=a[len(parts):2 * len(parts)],
        shapes=a[2 * len(parts):], concat_dim=axis), *arrays)
    assert _on_device(got[0]) and _on_device(got[1]) and _in_host_memory(got[2])
    _equal(got, want)


def test_concat_along_the_first_dim_keeps_the_inputs_order():
    """TF's GPU kernel sorts nothing along the first dim (its CPU kernel sorts all)."""
    a = tf.sparse.SparseTensor([[1, 0], [0, 2]], [1.0, 2.0], [2, 3])
    b = tf.sparse.SparseTensor([[0, 1]], [3.0], [1, 3])
    out = tf.sparse.concat(0, [a, b])
    assert out.indices.numpy().tolist() == [[1, 0], [0, 2], [2, 1]]
    with tf.device("/CPU:0"):
        want = tf.sparse.concat(0, [a, b])
    assert want.indices.numpy().tolist() == [[0, 2], [1, 0], [2, 1]]


def test_concat_leaves_out_values_past_the_indices():
    """TF's GPU kernel reads as many values as an input has indices (its CPU kernel
    refuses more)."""
    out = R.SparseConcat(indices=[[[0, 1]], [[0, 0]]], values=[[1.0, 7.0], [3.0]],
                         shapes=[[2, 3], [2, 3]], concat_dim=1)
    assert out[0].numpy().tolist() == [[0, 1], [0, 3]] and out[1].numpy().tolist() == [1, 3]


def test_concat_reads_the_device_shapes():
    a = tf.sparse.SparseTensor([[0, 1]], [1.0], [2, 3])
    b = tf.sparse.SparseTensor([[1, 0]], [2.0], [2, 4])
    with strict_streams.count_transfers() as n:
        out = tf.sparse.concat(1, [a, b])
    assert n["to_host"] == 2 and n["to_device"] == 0  # (one per input's dense shape)
    assert _in_host_memory(out.dense_shape) and out.dense_shape.numpy().tolist() == [2, 7]


# ---------------------------------------------------------------------------------------
# SparseFillEmptyRows: the dense shape in host memory; one read back of two numbers.
# ---------------------------------------------------------------------------------------

@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), dims=SHAPES, nnz=st.integers(0, 12))
def test_fill_empty_rows_matches_the_cpu(seed, dims, nnz):
    idx, vals = _entries(np.random.default_rng(seed), dims, nnz)
    got, want = _both(lambda i, v, s, d: R.SparseFillEmptyRows(
        indices=i, values=v, dense_shape=s, default_value=d),
        idx, vals, np.array(dims, np.int64), np.float32(-1))
    assert all(_on_device(t) for t in got)
    _equal(got, want)


def test_fill_empty_rows_gpu_checks():
    """TF's GPU kernel words a bad row otherwise, and with no rows checks nothing (its
    outputs for the entries unwritten: zeros here)."""
    i, v = tf.constant([[1, 0], [7, 0]], I64), tf.constant([1.0, 2.0])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"indices\(1, 0\) is invalid\."):
        R.SparseFillEmptyRows(indices=i, values=v, dense_shape=[3, 4], default_value=0.0)
    out = R.SparseFillEmptyRows(indices=i, values=v, dense_shape=[0, 4], default_value=0.0)
    assert [t.shape for t in out] == [(2, 2), (2,), (0,), (2,)]


def test_fill_empty_rows_reads_back_once():
    i, v, s = tf.constant([[3, 1], [1, 0], [1, 2]], I64), tf.constant([1., 2., 3.]), \
        tf.constant([5, 4], I64)
    d = tf.constant(9.0)
    with strict_streams.count_transfers() as n:
        out = R.SparseFillEmptyRows(indices=i, values=v, dense_shape=s, default_value=d)
    # (the dense shape, a device tensor here, as TF reads its HostMemory input; the first
    # bad row and the number of empty rows together, as TF's kernel waits for them)
    assert n["to_host"] == 2 and n["to_device"] == 0
    assert out[0].numpy().tolist() == [[0, 0], [1, 0], [1, 2], [2, 0], [3, 1], [4, 0]]
    assert out[1].numpy().tolist() == [9, 2, 3, 9, 1, 9]


# ---------------------------------------------------------------------------------------
# tf.sparse's functions, their gradients, and a traced function.
# ---------------------------------------------------------------------------------------

ST = ([[3, 1], [1, 0], [1, 2], [0, 3]], [5, 4])


def _api(x):
    s = tf.sparse.SparseTensor(ST[0], x * 2.0, ST[1])
    filled, empty = tf.sparse.fill_empty_rows(s, 7.0)
    parts = tf.sparse.split(sp_input=s, num_split=2, axis=1)
    joined = tf.sparse.concat(1, parts)
    # (the slice of the entries in order: its gradient on a GPU searches them as sorted)
    return (tf.sparse.reorder(s), tf.sparse.reshape(s, [4, -1]),
            tf.sparse.slice(tf.sparse.reorder(s), [1, 0], [3, 3]), filled, empty, joined,
            *parts)


def _parts(out):
    return [t for x in out for t in ((x.indices, x.values, x.dense_shape)
                                     if isinstance(x, tf.sparse.SparseTensor) else (x,))]


def test_the_api_functions_match_the_cpu():
    x = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
    got = _parts(_api(tf.constant(x)))
    with tf.device("/CPU:0"):
        want = _parts(_api(tf.constant(x)))
    assert all(t.device == GPU0 for t in got)
    _equal(got, want)


def _loss(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        reordered, reshaped, sliced, filled, *_ = _api(x)
        y = tf.reduce_sum(reordered.values * [1.0, 2.0, 3.0, 4.0]) + \
            tf.reduce_sum(reshaped.values ** 3) + tf.reduce_sum(sliced.values ** 2) + \
            tf.reduce_sum(filled.values * tf.range(6, dtype=tf.float32))
    return tape.gradient(y, x)


def test_gradients_match_the_cpu():
    x = np.array([1.0, -2.0, 3.0, 0.5], np.float32)
    g = _loss(tf.constant(x))
    with tf.device("/CPU:0"):
        want = _loss(tf.constant(x))
    assert g.device == GPU0
    np.testing.assert_allclose(g.numpy(), want.numpy(), rtol=1e-6)


def _slice_loss(x, indices):
    with tf.GradientTape() as tape:
        tape.watch(x)
        sliced = tf.sparse.slice(tf.sparse.SparseTensor(indices, x * 2.0, [5, 4]), [1, 0],
                                 [3, 3])
        y = tf.reduce_sum(sliced.values ** 2)
    return tape, y


def test_slice_gradient_stays_on_the_device():
    """SparseSliceGrad on the device, eagerly and traced: eagerly, of the gradient's
    inputs only the slice's start, a host tensor (the slice's host input), is copied
    there, as TF copies it to its GPU kernel."""
    x = tf.constant([1.0, -2.0, 3.0, 0.5])
    tape, y = _slice_loss(x, tf.constant([[0, 3], [1, 0], [1, 2], [3, 1]], I64))
    with strict_streams.count_transfers() as n:
        g = tape.gradient(y, x)
    assert n["to_host"] == 0 and n["to_device"] == 1
    assert _on_device(g) and g.numpy().tolist() == [0, -16, 24, 4]

    @tf.function
    def traced(x, indices):
        tape, y = _slice_loss(x, indices)
        return tape.gradient(y, x)

    args = (x, tf.constant([[0, 3], [1, 0], [1, 2], [3, 1]], I64))
    traced(*args)
    with strict_streams.count_transfers() as n:
        g = traced(*args)
    # (traced, the shape, start and size are the function's constants, each kept where
    # it is read: nothing moves)
    assert n["to_host"] == 0 and n["to_device"] == 0
    assert _on_device(g) and g.numpy().tolist() == [0, -16, 24, 4]


def test_slice_gradient_of_unordered_entries_is_tfs_gpus():
    """Entries out of row-major order: the GPU's search misses some (their gradient 0),
    where the CPU's walk pairs them all."""
    x, indices = np.array([1.0, -2.0, 3.0, 0.5], np.float32), [[0, 3], [3, 1], [1, 0], [1, 2]]
    v = tf.constant(x)
    tape, y = _slice_loss(v, tf.constant(indices, I64))
    g = tape.gradient(y, v)
    # (the output's entries shifted back, [[3, 1], [1, 0], [1, 2]]: the search for
    # [3, 1] passes its end, that for [1, 0] lands on [3, 1])
    assert _on_device(g) and g.numpy().tolist() == [0, 0, 0, 4]
    with tf.device("/CPU:0"):
        v = tf.constant(x)
        tape, y = _slice_loss(v, tf.constant(indices, I64))
        assert tape.gradient(y, v).numpy().tolist() == [0, -16, 24, 4]


def test_a_traced_chain_keeps_the_shapes_on_the_host():
    """A slice's output shape, read by a reshape as its host input: no copy; the reorder
    after it reads its shape on the device (one copy there), the function's results all
    on the device."""
    @tf.function
    def fn(indices, values, shape):
        s = tf.sparse.SparseTensor(indices, values, shape)
        return tf.sparse.reorder(tf.sparse.reshape(tf.sparse.slice(s, [0, 0], [4, 4]),
                                                   [2, -1]))

    args = (tf.constant(ST[0], I64), tf.constant([1.0, 2.0, 3.0, 4.0]), tf.constant(ST[1], I64))
    fn(*args)
    with strict_streams.count_transfers() as n:
        out = fn(*args)
    assert n["to_host"] == 1 and n["to_device"] == 1  # (the slice's input shape; the copy)
    assert all(_on_device(t) for t in (out.indices, out.values, out.dense_shape))
    with tf.device("/CPU:0"):
        want = fn(*args)
    _equal(_parts([out]), _parts([want]))
