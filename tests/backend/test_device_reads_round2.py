"""Ops whose TF GPU kernels read nothing back to the host, checked on the strict stand-in:
each call reads nothing back (`to_host` 0), gives a GPU:0 tensor, and gives the CPU's
result, or, where TF's GPU kernel skips a check or chooses otherwise than its CPU kernel,
TF's GPU result, computed here by an independent plain loop.

- MaxPoolWithArgmax (maxpooling_op_gpu.cu.cc, MaxPoolForwardNHWC): each window's max from
  the lowest float up, a cell replacing it only when strictly greater, so NaNs are
  skipped, ties go to the first cell, and a window of nothing above the lowest float
  gives that value and argmax -1. MaxPoolGradWithArgmax and MaxPoolGradGradWithArgmax
  (MaxPoolBackward, MaxPoolGradBackward) use any argmax as an offset in the batch,
  unchecked.
- ScatterNdNonAliasingAdd: an index vector out of range is skipped (scatter_skipping).
- Bincount and DenseBincount (bincount_op_gpu.cu.cc): no check of the values; size a
  HostMemory input. HistogramFixedWidth (histogram_op_gpu.cu.cc): no NaN check, CUB's
  HistogramRange over [lowest, inner levels, max]; value_range and nbins HostMemory.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.backend import strict_streams
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.sparse_ops import SPARSE_TO_DENSE
from tests.gpu_target import ON_GPU

R = tf.raw_ops


pytestmark = pytest.mark.usefixtures("on_gpu")  # (tests/backend/conftest.py)
# The stand-in counts its host <-> device copies (strict_streams); CuPy's on a real GPU
# (EAGERFLOW_REGISTRY_ON=gpu) go uncounted, so there only the results are checked.
COUNTED = not ON_GPU


def _no_reads(call):
    """`call()`'s result (a tensor or a tuple of them), run twice (the first warms any
    cache), the second counted: it must read nothing back and stay on the GPU."""
    call()
    with strict_streams.count_transfers() as n:
        got = call()
    outs = got if isinstance(got, (tuple, list)) else (got,)
    assert n["to_host"] == 0 or not COUNTED
    assert all(t.device.endswith("GPU:0") for t in outs)
    return got


def _on_cpu(call):
    with tf.device("/CPU:0"):
        return call()


# -- MaxPoolWithArgmax and its gradients -----------------------------------------------

def _windows(shape, k, s, padding):
    """[(output index (b, i, j, c), [input index, ...] row-major)] of a 2-D NHWC pooling,
    TF's window geometry: VALID or SAME (padding split, the smaller half before)."""
    n, h, w, c = shape
    starts, outs = [], []
    for size, kk, ss in ((h, k[0], s[0]), (w, k[1], s[1])):
        if padding == "VALID":
            o = (size - kk) // ss + 1
            before = 0
        else:
            o = -(-size // ss)
            before = max((o - 1) * ss + kk - size, 0) // 2
        outs.append(o)
        starts.append([i * ss - before for i in range(o)])
    cells = []
    for b in range(n):
        for i, r0 in enumerate(starts[0]):
            for j, c0 in enumerate(starts[1]):
                for ch in range(c):
                    members = [(b, r, q, ch) for r in range(r0, r0 + k[0])
                               for q in range(c0, c0 + k[1]) if 0 <= r < h and 0 <= q < w]
                    cells.append(((b, i, j, ch), members))
    return (n, outs[0], outs[1], c), cells


def _gpu_max_pool_argmax(x, k, s, padding, include_batch):
    """TF's GPU kernel's choice, as a plain loop: from the lowest float, a cell strictly
    greater replaces the max (a NaN never is)."""
    shape, cells = _windows(x.shape, k, s, padding)
    lowest = np.finfo(x.dtype).min
    y, arg = np.zeros(shape, x.dtype), np.zeros(shape, np.int64)
    _, h, w, c = x.shape
    for out, members in cells:
        best, at = lowest, -1
        for b, r, q, ch in members:
            if x[b, r, q, ch] > best:
                best = x[b, r, q, ch]
                at = ((b * h + r) * w + q) * c + ch if include_batch else (r * w + q) * c + ch
        y[out], arg[out] = best, at
    return y, arg


POOLS = st.tuples(st.integers(1, 3), st.integers(1, 3), st.integers(1, 3), st.integers(1, 3),
                  st.sampled_from(["VALID", "SAME"]))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), shape=st.tuples(st.integers(1, 2), st.integers(3, 6),
                                                    st.integers(3, 6), st.integers(1, 2)),
       pool=POOLS, batch=st.booleans(), dtype=st.sampled_from([np.float32, np.float64]),
       odd=st.booleans())
def test_max_pool_with_argmax_chooses_as_tfs_gpu_kernel_reading_nothing_back(
        seed, shape, pool, batch, dtype, odd):
    kh, kw, sh, sw, padding = pool
    rng = np.random.default_rng(seed)
    x = rng.integers(-2, 3, shape).astype(dtype)  # (few values: ties in most windows)
    if odd:  # NaNs, -inf and the lowest float: where TF's GPU and CPU kernels differ
        specials = np.array([np.nan, -np.inf, np.finfo(dtype).min], dtype)
        mask = rng.random(shape) < 0.4
        x[mask] = rng.choice(specials, mask.sum())
    attrs = dict(ksize=[1, kh, kw, 1], strides=[1, sh, sw, 1], padding=padding,
                 Targmax=tf.int64, include_batch_in_index=batch)
    xt = tf.constant(x)
    y, arg = _no_reads(lambda: R.MaxPoolWithArgmax(input=xt, **attrs))
    want_y, want_arg = _gpu_max_pool_argmax(x, (kh, kw), (sh, sw), padding, batch)
    np.testing.assert_array_equal(y.numpy(), want_y)
    np.testing.assert_array_equal(arg.numpy(), want_arg)
    if not odd:  # (then TF's CPU kernel chooses the same cells)
        cpu_y, cpu_arg = _on_cpu(lambda: R.MaxPoolWithArgmax(input=tf.constant(x), **attrs))
        np.testing.assert_array_equal(y.numpy(), cpu_y.numpy())
        np.testing.assert_array_equal(arg.numpy(), cpu_arg.numpy())


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), pool=POOLS, batch=st.booleans(), stray=st.booleans())
def test_max_pool_argmax_gradients_read_nothing_back(seed, pool, batch, stray):
    kh, kw, sh, sw, padding = pool
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((2, 5, 4, 2))
    a = dict(ksize=[1, kh, kw, 1], strides=[1, sh, sw, 1], padding=padding,
             include_batch_in_index=batch)
    _, argmax = _on_cpu(lambda: R.MaxPoolWithArgmax(input=tf.constant(x), **a))
    arg = argmax.numpy()
    if stray:  # an argmax TF's GPU kernels take unchecked: outside the batch, or negative
        arg.reshape(-1)[0] = x.size + 3
        arg.reshape(-1)[-1] = -x[0].size - 1
    g = rng.standard_normal(arg.shape)
    gg = rng.standard_normal(x.shape)
    xt, gt, ggt, at = tf.constant(x), tf.constant(g), tf.constant(gg), tf.constant(arg)
    dx = _no_reads(lambda: R.MaxPoolGradWithArgmax(input=xt, grad=gt, argmax=at, **a))
    dy = _no_reads(lambda: R.MaxPoolGradGradWithArgmax(input=xt, grad=ggt, argmax=at, **a))
    # TF's GPU kernels: image offset (unless the index holds the batch) + argmax, used
    # wherever it lands in the batch; outside it, nothing (their memory is not ours)
    per = x[0].size
    where = arg.reshape(2, -1) + (0 if batch else np.arange(2)[:, None] * per)
    want_dx, want_dy = np.zeros(x.size), np.zeros(arg.size)
    for i, p in enumerate(where.reshape(-1)):
        if 0 <= p < x.size:
            want_dx[p] += g.reshape(-1)[i]
            want_dy[i] = gg.reshape(-1)[p]
    np.testing.assert_allclose(dx.numpy().reshape(-1), want_dx, rtol=1e-12, atol=1e-12)
    np.testing.assert_array_equal(dy.numpy().reshape(-1), want_dy)


def test_an_argmax_out_of_range_is_still_refused_on_the_cpu():
    x, g = np.ones((1, 2, 2, 1)), np.ones((1, 1, 1, 1))
    a = dict(ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="VALID",
             include_batch_in_index=False)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Invalid argmax"):
        _on_cpu(lambda: R.MaxPoolGradWithArgmax(input=x, grad=g, argmax=np.int64([[[[4]]]]),
                                                **a))


# -- ScatterNdNonAliasingAdd -----------------------------------------------------------

@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), k=st.integers(1, 2), m=st.integers(0, 6),
       dtype=st.sampled_from([np.float32, np.int32, np.bool_]))
def test_scatter_nd_non_aliasing_add_skips_a_bad_index_reading_nothing_back(seed, k, m,
                                                                            dtype):
    rng = np.random.default_rng(seed)
    shape = (4, 3)
    x = rng.integers(0, 2, shape).astype(dtype)
    ids = rng.integers(-1, 5, (m, k)).astype(np.int32)  # (some out of range)
    upd = rng.integers(0, 3, (m,) + shape[k:]).astype(dtype)
    xt, it, ut = tf.constant(x), tf.constant(ids), tf.constant(upd)
    got = _no_reads(lambda: R.ScatterNdNonAliasingAdd(input=xt, indices=it, updates=ut))
    # TF's GPU result is the CPU's with the vectors out of range ignored
    want = _on_cpu(lambda: R.ScatterNdNonAliasingAdd(
        input=tf.constant(x), indices=tf.constant(ids), updates=tf.constant(upd),
        bad_indices_policy="IGNORE"))
    np.testing.assert_array_equal(got.numpy(), want.numpy())


# -- Bincount, DenseBincount, HistogramFixedWidth --------------------------------------

def _gpu_bincount(arr, size, weights, binary):
    """TF's GPU kernels: each value below size adds at row * size + value of the output
    flattened (a negative one in an earlier row), nothing before the first cell."""
    rows = arr.reshape(1, -1) if arr.ndim < 2 else arr
    out = np.zeros(rows.shape[0] * size, weights.dtype)
    w = weights.reshape(rows.shape) if weights.size else np.ones(rows.shape, weights.dtype)
    for i in range(rows.shape[0]):
        for j in range(rows.shape[1]):
            v = int(rows[i, j])
            if v < size and i * size + v >= 0:
                out[i * size + v] = 1 if binary else out[i * size + v] + w[i, j]
    return out.reshape(arr.shape[:-1] + (size,)) if arr.ndim else out


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), rows=st.integers(0, 3), cols=st.integers(0, 6),
       size=st.integers(0, 5), weighted=st.booleans(), binary=st.booleans(),
       negative=st.booleans(), wdtype=st.sampled_from([np.float32, np.int32]))
def test_dense_bincount_checks_no_value_reading_nothing_back(seed, rows, cols, size, weighted,
                                                             binary, negative, wdtype):
    rng = np.random.default_rng(seed)
    shape = (rows, cols) if rows else (cols,)
    arr = rng.integers(-3 if negative else 0, 7, shape).astype(np.int32)
    weights = rng.integers(1, 5, shape).astype(wdtype) if weighted and not binary else \
        np.zeros(0, wdtype)
    at, wt = tf.constant(arr), tf.constant(weights)
    if weights.size and not rows:  # (TF's GPU kernel refuses a 1-D count's weights)
        with pytest.raises(tf.errors.InvalidArgumentError, match="unsorted_segment_sum"):
            R.DenseBincount(input=at, size=size, weights=wt, binary_output=binary)
        return
    got = _no_reads(lambda: R.DenseBincount(input=at, size=size, weights=wt,
                                            binary_output=binary))
    np.testing.assert_array_equal(got.numpy(), _gpu_bincount(arr, size, weights, binary))
    if not negative:
        want = _on_cpu(lambda: R.DenseBincount(input=arr, size=size, weights=weights,
                                               binary_output=binary))
        np.testing.assert_array_equal(got.numpy(), want.numpy())


def test_bincount_of_a_host_size_reads_nothing_back_and_the_cpu_still_checks():
    arr = tf.constant(np.int32([3, 1, -2, 1, 9]))
    got = _no_reads(lambda: R.Bincount(arr=arr, size=4, weights=tf.zeros([0])))
    np.testing.assert_array_equal(got.numpy(), [0, 2, 0, 1])
    with pytest.raises(tf.errors.InvalidArgumentError, match="Input arr must be non-negative"):
        _on_cpu(lambda: R.Bincount(arr=np.int32([3, -2]), size=4, weights=np.zeros(0,
                                                                                   np.float32)))


@pytest.mark.parametrize("call", [
    lambda a, w: R.DenseBincount(input=a, size=5, weights=w, binary_output=False),
    lambda a, w: R.Bincount(arr=a, size=5, weights=w),
    lambda a, w: tf.math.bincount(a, weights=w)])
def test_a_gpus_one_dimensional_count_refuses_weights_as_tfs_gpu_kernel(call):
    # (bincount_op_gpu.cu.cc: a weighted 1-D count is unsorted_segment_sum's on a GPU; the
    # CPU takes it)
    a, w = tf.constant(np.int32([1, 3, 1])), tf.constant(np.float32([0.5, 2.0, 1.0]))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Weights should not be passed as it should be handled by "
                             r"unsorted_segment_sum \[Op:(Dense)?Bincount\]"):
        call(a, w)
    got = _on_cpu(lambda: call(np.int32([1, 3, 1]), np.float32([0.5, 2.0, 1.0])))
    np.testing.assert_array_equal(got.numpy()[:4], [0.0, 1.5, 0.0, 2.0])
    # (a count of rows takes its weights on a GPU too)
    rows = _no_reads(lambda: R.DenseBincount(input=tf.reshape(a, [1, 3]), size=4,
                                             weights=tf.reshape(w, [1, 3]),
                                             binary_output=False))
    np.testing.assert_array_equal(rows.numpy(), [[0.0, 1.5, 0.0, 2.0]])


def test_a_gpus_count_under_op_determinism_is_unimplemented_as_tfs():
    # (bincount_op_test.py: TF's GPU counts add with atomics; a binary output does not)
    a = tf.constant(np.int32([[1, 3], [0, 0]]))
    tf.config.experimental.enable_op_determinism()  # (tests/conftest.py restores it)
    with pytest.raises(tf.errors.UnimplementedError, match=r"Determinism is not yet "
                       r"supported in GPU implementation of Bincount\. \[Op:"):
        tf.math.bincount(tf.reshape(a, [-1]))
    with pytest.raises(tf.errors.UnimplementedError,
                       match=r"GPU implementation of DenseBincount\."):
        tf.math.bincount(a, axis=-1)
    binary = tf.math.bincount(a, axis=-1, binary_output=True)
    np.testing.assert_array_equal(binary.numpy(), [[0, 1, 0, 1], [1, 0, 0, 0]])
    np.testing.assert_array_equal(_on_cpu(lambda: tf.math.bincount(
        np.int32([1, 3, 1]))).numpy(), [0, 2, 0, 1])


def _gpu_histogram(values, lo, hi, nbins):
    """CUB's HistogramRange as TF's GPU kernel sets it up: bin i holds the values in
    [levels[i], levels[i + 1]), levels the lowest float, lo + i * step (rounded to the
    values' dtype) and the largest float; the others are not counted."""
    d = values.dtype
    step = float(np.float64(d.type(hi) - d.type(lo))) / nbins
    levels = [np.finfo(d).min] + [d.type(float(lo) + step * i) for i in range(1, nbins)] + \
        [np.finfo(d).max]
    out = np.zeros(nbins, np.int32)
    for v in values.reshape(-1).tolist():
        for i in range(nbins):
            if levels[i] <= v < levels[i + 1]:
                out[i] += 1
    return out


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), n=st.integers(0, 20), nbins=st.integers(1, 6),
       dtype=st.sampled_from([np.float32, np.float64]), odd=st.booleans())
def test_histogram_fixed_width_checks_no_nan_reading_nothing_back(seed, n, nbins, dtype, odd):
    rng = np.random.default_rng(seed)
    values = rng.uniform(-1.5, 3.5, n).astype(dtype)
    if odd and n:  # NaN and the infinities: TF's GPU kernel counts them in no bin
        values[rng.integers(0, n, 3)] = rng.choice([np.nan, np.inf, -np.inf], 3)
    vt = tf.constant(values)
    got = _no_reads(lambda: tf.histogram_fixed_width(vt, [-1.0, 2.5], nbins=nbins))
    np.testing.assert_array_equal(got.numpy(), _gpu_histogram(values, -1.0, 2.5, nbins))
    if not odd:
        want = _on_cpu(lambda: tf.histogram_fixed_width(values, [-1.0, 2.5], nbins=nbins))
        np.testing.assert_array_equal(got.numpy(), want.numpy())


def test_histogram_values_with_a_nan_are_still_refused_on_the_cpu():
    with pytest.raises(tf.errors.InvalidArgumentError, match="must not contain NaN"):
        _on_cpu(lambda: tf.histogram_fixed_width([np.nan, 0.5], [0.0, 1.0], nbins=3))


# -- SparseToDense, the sparse segment reductions --------------------------------------

@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), m=st.integers(0, 6), stray=st.booleans())
def test_sparse_to_dense_unvalidated_reads_nothing_back(seed, m, stray):
    """output_shape and default_value are HostMemory inputs of TF's GPU kernel, which
    checks no index unless asked to: one outside the shape changes no cell here."""
    rng = np.random.default_rng(seed)
    shape = (3, 4)
    side = 5 if stray else 3  # (distinct cells: a repeated one is a race on a GPU)
    cells = rng.permutation(side * side)[:m]
    ids = np.stack([cells // side, cells % side], axis=1).astype(np.int64).reshape(m, 2)
    vals = rng.standard_normal(m).astype(np.float32)
    it, vt = tf.constant(ids), tf.constant(vals)
    with tf.device("/CPU:0"):  # (tf.raw_ops takes no validate_indices: the op itself)
        st_, dv = tf.constant(shape, tf.int64), tf.constant(-1.0)
    got = _no_reads(lambda: bind(SPARSE_TO_DENSE, (it, st_, vt, dv),
                                 {"validate_indices": False}))
    want = np.full(shape, -1, np.float32)
    for (a, b), v in zip(ids.tolist(), vals):
        if a < shape[0] and b < shape[1]:
            want[a, b] = v
    np.testing.assert_array_equal(got.numpy(), want)


def test_sparse_to_dense_validated_reads_one_status_as_tfs_gpu_kernel():
    it, vt = tf.constant(np.int64([[0, 1], [2, 3]])), tf.constant([1.0, 2.0])

    def call(ids=it):
        return R.SparseToDense(sparse_indices=ids, output_shape=[3, 4], sparse_values=vt,
                               default_value=0.0)
    call()
    with strict_streams.count_transfers() as n:
        got = call()
    assert n["to_host"] == 1 or not COUNTED  # (the validation's one status)
    assert got.device.endswith("GPU:0")
    np.testing.assert_array_equal(got.numpy(), _on_cpu(lambda: R.SparseToDense(
        sparse_indices=[[0, 1], [2, 3]], output_shape=[3, 4], sparse_values=[1.0, 2.0],
        default_value=0.0)).numpy())
    with pytest.raises(tf.errors.InvalidArgumentError, match="is out of order"):
        call(tf.constant(np.int64([[2, 3], [0, 1]])))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), m=st.integers(0, 30),
       kind=st.sampled_from(["Sum", "Mean", "SqrtN"]))
def test_sparse_segment_reductions_read_nothing_back(seed, m, kind):
    """Long segments too: TF's CPU kernel's blocks of eight, scheduled on the host."""
    rng = np.random.default_rng(seed)
    data = rng.standard_normal((6, 3)).astype(np.float32)
    idx = rng.integers(0, 6, m).astype(np.int32)
    seg = np.sort(rng.integers(0, 4, m)).astype(np.int32)
    op = getattr(R, f"SparseSegment{kind}WithNumSegments")
    dt_ = tf.constant(data)
    got = _no_reads(lambda: op(data=dt_, indices=idx, segment_ids=seg, num_segments=5))
    want = _on_cpu(lambda: op(data=data, indices=idx, segment_ids=seg, num_segments=5))
    np.testing.assert_array_equal(got.numpy(), want.numpy())


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), nnz=st.integers(0, 8), adjoint_a=st.booleans(),
       adjoint_b=st.booleans(), dtype=st.sampled_from([np.float32, np.complex64]))
def test_sparse_tensor_dense_matmul_reads_nothing_back(seed, nnz, adjoint_a, adjoint_b, dtype):
    """a_shape a HostMemory input; TF's GPU kernel checks no index (an entry outside the
    output adds nothing, one outside b NaN to its row), so nothing is read back."""
    rng = np.random.default_rng(seed)
    rows, inner, cols = 3, 4, 2
    ids = np.stack([rng.integers(0, rows + 1, nnz), rng.integers(0, inner + 1, nnz)], 1)
    one = 1 + 1j if np.dtype(dtype).kind == "c" else 1  # (complex values: conjugates matter)
    vals = (rng.standard_normal(nnz) * one).astype(dtype)
    b = (rng.standard_normal((inner, cols)) - rng.standard_normal((inner, cols)) * one
         ).astype(dtype)
    a_ids = ids[:, ::-1] if adjoint_a else ids
    a_shape = [inner, rows] if adjoint_a else [rows, inner]
    bb = np.conj(b.T).copy() if adjoint_b else b  # (so that its adjoint is b)
    it, vt, bt = tf.constant(a_ids), tf.constant(vals), tf.constant(bb)
    got = _no_reads(lambda: R.SparseTensorDenseMatMul(
        a_indices=it, a_values=vt, a_shape=a_shape, b=bt, adjoint_a=adjoint_a,
        adjoint_b=adjoint_b))
    want = np.zeros((rows, cols), dtype)
    for (i, k), v in zip(ids.tolist(), vals):
        v = np.conj(v) if adjoint_a else v
        if i >= rows:
            continue
        want[i] += np.nan if k >= inner else v * b[k]
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-5, atol=1e-6)
