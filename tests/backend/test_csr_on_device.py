"""TF's CSR sparse matrix ops on a GPU, checked on the strict stand-in: a matrix is a host
object (its dense shape and batch pointers in host memory, as TF's) whose row pointers,
column indices and values live on the device. The ops TF 2.21 has GPU kernels for only
(SparseMatrixZeros, Add, Mul, Softmax, SoftmaxGrad) run there and are refused on CPU:0
with TF's NotFoundError, each checked against a NumPy reference written entry by entry;
the ops TF has CPU and GPU kernels for run there too, checked against the CPU's results;
SparseMatrixNNZ's counts stay in host memory, and the CPU-only ordering and Cholesky read
a device's matrix back. tf.zeros_like of a matrix is TF's GPU's (a matrix of no entries,
as SparseMatrixZeros makes it) on the device, TF's CPU's InternalError on CPU:0."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.backend import strict, strict_streams

GPU0 = "/job:localhost/replica:0/task:0/device:GPU:0"
R = tf.raw_ops


pytestmark = pytest.mark.usefixtures("standin_gpu")  # (tests/backend/conftest.py)


def _box(t):
    return t._arr[()]


def _on_device(t):
    """Whether `t` is a matrix of GPU:0 whose arrays live on the device."""
    m = _box(t)
    return t.device == GPU0 and all(type(a) is strict.StrictArray for a in (
        m.row_pointers, m.col_indices, m.values))


def _sparse(rng, shape, density, dtype=np.float32):
    """A dense array of `shape` with about `density` of its places nonzero."""
    d = rng.standard_normal(shape) * (rng.random(shape) < density)
    if np.dtype(dtype).kind == "c":
        d = d + 1j * rng.standard_normal(shape) * (d != 0)
    return d.astype(dtype)


def _csr(d):
    d = tf.convert_to_tensor(d)
    return R.DenseToCSRSparseMatrix(dense_input=d, indices=tf.where(d != 0))


def _entries(t):
    """{(item, row, col): value} of a matrix, read entry by entry from its components, and
    each row's columns in their stored order."""
    m = _box(t)
    shape = [int(v) for v in m.dense_shape]
    items, rows = (1, shape[0]) if len(shape) == 2 else shape[:2]
    table, order = {}, {}
    for i in range(items):
        ptrs, cols, vals = (np.asarray(c) for c in R.CSRSparseMatrixComponents(
            csr_sparse_matrix=t, index=i, type=tf.as_dtype(m.dtype)))
        for r in range(rows):
            order[(i, r)] = cols[ptrs[r]:ptrs[r + 1]].tolist()
            for j in range(ptrs[r], ptrs[r + 1]):
                table[(i, r, int(cols[j]))] = vals[j]
    return table, order


def _cpu(f, *arrays):
    """`f` of `arrays` run on CPU:0, its inputs made there."""
    with tf.device("/CPU:0"):
        return f(*(tf.constant(a) for a in arrays))


def _places(d):
    """{(item, row, col): value} of a dense array's nonzero places."""
    d3 = d if d.ndim == 3 else d[None]
    return {tuple(int(v) for v in ix): d3[tuple(ix)] for ix in np.argwhere(d3 != 0)}


# -- the ops TF has GPU kernels for only ------------------------------------------------------

_REFUSED = [
    ("SparseMatrixZeros", lambda: {"dense_shape": [3, 3], "type": tf.float32},
     "SparseMatrixZeros[type=DT_FLOAT]\nAll kernels registered for op SparseMatrixZeros:\n"
     "  device='GPU'\n"),
    ("SparseMatrixAdd", lambda: {"a": _csr(np.eye(3, dtype=np.float32)),
                                 "b": _csr(np.eye(3, dtype=np.float32)), "alpha": 1.0,
                                 "beta": 2.0},
     "SparseMatrixAdd[T=DT_FLOAT]\nAll kernels registered for op SparseMatrixAdd:\n"
     "  device='GPU'; T in [DT_COMPLEX128]\n  device='GPU'; T in [DT_COMPLEX64]\n"
     "  device='GPU'; T in [DT_DOUBLE]\n  device='GPU'; T in [DT_FLOAT]\n"),
    ("SparseMatrixMul", lambda: {"a": _csr(np.eye(3)), "b": np.float64(2)},
     "SparseMatrixMul[T=DT_DOUBLE]\nAll kernels registered for op SparseMatrixMul:\n"
     "  device='GPU'; T in [DT_COMPLEX128]\n  device='GPU'; T in [DT_COMPLEX64]\n"
     "  device='GPU'; T in [DT_DOUBLE]\n  device='GPU'; T in [DT_FLOAT]\n"),
    ("SparseMatrixSoftmax", lambda: {"logits": _csr(np.eye(3)), "type": tf.float64},
     "SparseMatrixSoftmax[type=DT_DOUBLE]\nAll kernels registered for op "
     "SparseMatrixSoftmax:\n  device='GPU'; type in [DT_DOUBLE]\n"
     "  device='GPU'; type in [DT_FLOAT]\n"),
    ("SparseMatrixSoftmaxGrad", lambda: {"softmax": _csr(np.eye(3, dtype=np.float32)),
                                         "grad_softmax": _csr(np.eye(3, dtype=np.float32)),
                                         "type": tf.float32},
     "SparseMatrixSoftmaxGrad[type=DT_FLOAT]\nAll kernels registered for op "
     "SparseMatrixSoftmaxGrad:\n  device='GPU'; type in [DT_DOUBLE]\n"
     "  device='GPU'; type in [DT_FLOAT]\n"),
]


@pytest.mark.parametrize("op, kwargs, words", _REFUSED, ids=[c[0] for c in _REFUSED])
def test_gpu_only_ops_are_refused_on_the_cpu_as_tf_refuses_them(op, kwargs, words):
    args = kwargs()
    with tf.device("/CPU:0"), pytest.raises(tf.errors.NotFoundError) as info:
        getattr(R, op)(**args)
    assert str(info.value).startswith(
        f"Could not find device for node: {{{{node {op}}}}} = {words} [Op:{op}]")


def test_mul_of_a_type_without_a_gpu_kernel_is_refused_there():
    with pytest.raises(tf.errors.NotFoundError, match=r"SparseMatrixMul\[T=DT_INT32\]"):
        R.SparseMatrixMul(a=_csr(np.eye(2, dtype=np.float32)), b=np.int32(2))


@pytest.mark.parametrize("shape", [[3, 4], [2, 3, 5], [0, 2], [2, 0, 3]])
def test_zeros_is_a_matrix_of_no_entries_on_the_device(shape):
    z = R.SparseMatrixZeros(dense_shape=shape, type=tf.complex64)
    assert _on_device(z)
    m = _box(z)
    items, rows = (1, shape[0]) if len(shape) == 2 else shape[:2]
    assert m.dtype is tf.complex64 and m.dense_shape.tolist() == shape
    assert m.batch_pointers.tolist() == [0] * (items + 1)
    assert m.row_pointers.get().tolist() == [0] * (items * (rows + 1))
    assert m.col_indices.size == 0 and m.values.size == 0
    dense = R.CSRSparseMatrixToDense(sparse_input=z, type=tf.complex64)
    np.testing.assert_array_equal(dense.numpy(), np.zeros(shape, np.complex64))


def test_zeros_refuses_a_shape_of_another_rank():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="sparse tensor must have rank == 2 or 3; but dense shape has 4 "
                             "entries"):
        R.SparseMatrixZeros(dense_shape=[1, 2, 3, 4], type=tf.float32)


def _ref_add(da, db, alpha, beta):
    """{place: value} of alpha * a + beta * b over the union of their stored places."""
    a, b = _places(da), _places(db)
    out = {}
    for p in sorted(set(a) | set(b)):
        out[p] = alpha * a[p] + beta * b[p] if p in a and p in b else \
            alpha * a[p] if p in a else beta * b[p]
    return out


_DTYPES = st.sampled_from([np.float32, np.float64, np.complex64, np.complex128])


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), items=st.sampled_from([None, 1, 3]),
       rows=st.integers(0, 6), cols=st.integers(1, 6), density=st.floats(0, 1),
       dtype=_DTYPES)
def test_add_is_alpha_a_plus_beta_b_on_the_union_of_places(seed, items, rows, cols, density,
                                                           dtype):
    rng = np.random.default_rng(seed)
    shape = (rows, cols) if items is None else (items, rows, cols)
    da, db = _sparse(rng, shape, density, dtype), _sparse(rng, shape, density / 2, dtype)
    alpha, beta = (np.asarray(rng.standard_normal(), dtype) for _ in range(2))
    c = R.SparseMatrixAdd(a=_csr(da), b=_csr(db), alpha=alpha, beta=beta)
    assert _on_device(c)
    got, order = _entries(c)
    want = _ref_add(da, db, alpha, beta)
    assert list(got) == list(want)  # (each row's columns sorted: csrgeam2's order)
    assert all(cols_ == sorted(cols_) for cols_ in order.values())
    np.testing.assert_allclose(np.array(list(got.values()), dtype),
                               np.array(list(want.values()), dtype), rtol=1e-6)


def test_add_keeps_a_place_whose_sum_is_zero():
    d = np.array([[1, 0], [2, 3]], np.float32)
    c = R.SparseMatrixAdd(a=_csr(d), b=_csr(d), alpha=np.float32(1), beta=np.float32(-1))
    got, _ = _entries(c)
    assert got == {(0, 0, 0): 0, (0, 1, 0): 0, (0, 1, 1): 0}
    assert R.SparseMatrixNNZ(sparse_matrix=c).numpy() == 3


def test_add_sums_a_repeated_place():
    a = R.SparseTensorToCSRSparseMatrix(indices=[[0, 1], [0, 1]], values=[1.0, 2.0],
                                        dense_shape=[2, 2])
    b = _csr(np.array([[0, 4], [5, 0]], np.float32))
    got, _ = _entries(R.SparseMatrixAdd(a=a, b=b, alpha=1.0, beta=1.0))
    assert got == {(0, 0, 1): 7, (0, 1, 0): 5}


@pytest.mark.parametrize("a, b, alpha, beta, error, words", [
    (np.eye(3, dtype=np.float32), np.ones((2, 3, 3), np.float32), 1.0, 1.0,
     tf.errors.InvalidArgumentError, "Incompatible shapes of a and b, a.shape == [3,3], "
                                     "b.shape == [2,3,3]"),
    (np.ones((2, 3, 3), np.float32), np.ones((3, 3, 3), np.float32), 1.0, 1.0,
     tf.errors.InvalidArgumentError, "Incompatible shapes of a and b, a.shape == [2,3,3], "
                                     "b.shape == [3,3,3]"),
    (np.eye(3, dtype=np.float32), np.eye(4, dtype=np.float32), 1.0, 1.0,
     tf.errors.InvalidArgumentError, "Incompatible shapes of a and b, a.shape == [3,3], "
                                     "b.shape == [4,4]"),
    (np.eye(3, dtype=np.float32), np.eye(3, dtype=np.float32), [1.0, 2.0], [1.0, 2.0],
     tf.errors.InvalidArgumentError, "Expected alpha to be a scalar, saw shape: [2]"),
    (np.eye(3, dtype=np.float32), np.eye(3), 1.0, 1.0,
     tf.errors.InvalidArgumentError, "dtype of b is not equal to 'type': double vs. float"),
])
def test_add_refuses_what_tf_refuses(a, b, alpha, beta, error, words):
    with pytest.raises(error) as info:
        R.SparseMatrixAdd(a=_csr(a), b=_csr(b), alpha=np.float32(alpha),
                          beta=np.float32(beta))
    assert words in str(info.value)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**31), items=st.sampled_from([None, 1, 4]),
       rows=st.integers(0, 5), cols=st.integers(1, 5), density=st.floats(0, 1),
       dtype=_DTYPES, batched=st.booleans())
def test_mul_scales_each_value(seed, items, rows, cols, density, dtype, batched):
    rng = np.random.default_rng(seed)
    shape = (rows, cols) if items is None else (items, rows, cols)
    d = _sparse(rng, shape, density, dtype)
    factor = np.asarray(rng.standard_normal((items, 1, 1) if batched and items else ()), dtype)
    out = R.SparseMatrixMul(a=_csr(d), b=factor)
    assert _on_device(out)
    got, _ = _entries(out)
    want = {p: v * (factor.reshape(-1)[p[0]] if factor.ndim else factor)
            for p, v in _places(d).items()}
    assert list(got) == list(want)
    np.testing.assert_allclose(np.array(list(got.values()), dtype),
                               np.array(list(want.values()), dtype), rtol=1e-6)


def test_mul_refuses_what_tf_refuses():
    m = _csr(np.ones((2, 3, 3), np.float32))
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        R.SparseMatrixMul(a=m, b=np.ones((3, 1, 1), np.float32))
    assert "If b is a rank-3 tensor, then a must be a rank 3 and the size of b be " \
           "[batch_size, 1, 1].  But the shape of b is: [3,1,1] and the shape of a is: " \
           "Tensor<type: int64 shape: [3] values: 2 3 3>" in str(info.value)
    with pytest.raises(tf.errors.UnimplementedError, match=r"Multiplying by a 2D\+ dense "
                       r"tensor is not currently supported, but shape of b is: \[3\]"):
        R.SparseMatrixMul(a=m, b=np.ones(3, np.float32))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Input types don't match.  a.dtype == float vs. b.dtype == "
                             "double"):
        R.SparseMatrixMul(a=m, b=np.float64(2))


def _row_softmax(values):
    e = np.exp(values - values.max())
    return e / e.sum()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), items=st.sampled_from([None, 1, 3]),
       rows=st.integers(0, 6), cols=st.integers(1, 7), density=st.floats(0, 1),
       dtype=st.sampled_from([np.float32, np.float64]))
def test_softmax_is_each_rows_over_its_stored_entries(seed, items, rows, cols, density,
                                                       dtype):
    rng = np.random.default_rng(seed)
    shape = (rows, cols) if items is None else (items, rows, cols)
    d = _sparse(rng, shape, density, dtype) * 4
    s = R.SparseMatrixSoftmax(logits=_csr(d), type=tf.as_dtype(dtype))
    assert _on_device(s)
    got, _ = _entries(s)
    places = _places(d)
    assert list(got) == list(places)
    for key in {p[:2] for p in places}:
        row = [p for p in places if p[:2] == key]
        np.testing.assert_allclose([got[p] for p in row],
                                   _row_softmax(np.array([places[p] for p in row])),
                                   rtol=1e-5 if dtype == np.float32 else 1e-12)


def test_softmax_skips_a_nan_in_a_rows_max_as_tf():
    a = R.SparseTensorToCSRSparseMatrix(indices=[[0, 0], [0, 1], [1, 0]],
                                        values=[np.nan, 1.0, -np.inf], dense_shape=[2, 2])
    got, _ = _entries(R.SparseMatrixSoftmax(logits=a, type=tf.float32))
    assert np.isnan(got[(0, 0, 0)]) and np.isnan(got[(0, 0, 1)]) and np.isnan(got[(0, 1, 0)])


def _ref_softmax_grad(ds, dg):
    """At each place of `ds`: (g - sum) * s, g the gradient's value there (zero where it
    stores none), sum the row's sum of s * g over the places both store."""
    s, g = _places(ds), _places(dg)
    out = {}
    for key in sorted({p[:2] for p in s}):
        row = [p for p in s if p[:2] == key]
        total = sum(s[p] * g[p] for p in row if p in g)
        for p in row:
            out[p] = (g[p] - total) * s[p] if p in g else -total * s[p]
    return out


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), items=st.sampled_from([None, 1, 3]),
       rows=st.integers(0, 6), cols=st.integers(1, 7), density=st.floats(0, 1),
       dtype=st.sampled_from([np.float32, np.float64]))
def test_softmax_grad_follows_the_softmaxs_places(seed, items, rows, cols, density, dtype):
    rng = np.random.default_rng(seed)
    shape = (rows, cols) if items is None else (items, rows, cols)
    ds, dg = _sparse(rng, shape, density, dtype), _sparse(rng, shape, density, dtype)
    out = R.SparseMatrixSoftmaxGrad(softmax=_csr(ds), grad_softmax=_csr(dg),
                                    type=tf.as_dtype(dtype))
    assert _on_device(out)
    got, _ = _entries(out)
    want = _ref_softmax_grad(ds, dg)
    assert list(got) == list(want)
    np.testing.assert_allclose(np.array(list(got.values()), dtype),
                               np.array(list(want.values()), dtype), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("op, kwargs, words", [
    ("SparseMatrixSoftmax", lambda: {"logits": _csr(np.eye(2, dtype=np.float32)),
                                     "type": tf.float64},
     "dtype of logits is not equal to 'type': float vs. double"),
    ("SparseMatrixSoftmaxGrad", lambda: {"softmax": _csr(np.eye(2)),
                                         "grad_softmax": _csr(np.eye(2, dtype=np.float32)),
                                         "type": tf.float64},
     "dtype of grad_softmax is not equal to 'type': float vs. double"),
    ("SparseMatrixSoftmaxGrad", lambda: {"softmax": _csr(np.eye(2)),
                                         "grad_softmax": _csr(np.ones((1, 2, 2))),
                                         "type": tf.float64},
     "Ranks of softmax and grad_softmax matrices differ: 2 vs. 3"),
    ("SparseMatrixSoftmaxGrad", lambda: {"softmax": _csr(np.eye(2)),
                                         "grad_softmax": _csr(np.ones((2, 3))),
                                         "type": tf.float64},
     "Shapes of softmax and grad_softmax matrices differ: 2 2 vs. 2 3"),
])
def test_softmax_ops_refuse_what_tf_refuses(op, kwargs, words):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        getattr(R, op)(**kwargs())
    assert words in str(info.value)


# -- gradients ----------------------------------------------------------------------------------

def test_softmax_gradient_is_softmax_grad_at_the_places():
    x = np.array([[1.0, 0, 2], [0, 0, 3], [4, -1, 0]])
    w = np.cos(np.arange(9.0)).reshape(3, 3)
    xt = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        s = R.SparseMatrixSoftmax(logits=_csr(xt), type=tf.float64)
        loss = tf.reduce_sum(R.CSRSparseMatrixToDense(sparse_input=s, type=tf.float64) * w)
    g = tape.gradient(loss, xt)
    assert g.device == GPU0
    want = np.zeros_like(x)
    for r in range(3):
        at = x[r] != 0
        p = _row_softmax(x[r][at])
        want[r][at] = p * (w[r][at] - (p * w[r][at]).sum())
    np.testing.assert_allclose(g.numpy(), want, rtol=1e-12)


def test_add_gradient_is_the_output_gradient_at_each_inputs_places():
    da = np.array([[1.0, 0, 2], [0, 0, 3]])
    db = np.array([[0.0, 5, 2], [1, 0, 0]])
    w = np.arange(6.0).reshape(2, 3) + 1
    ta, tb = tf.constant(da), tf.constant(db)
    with tf.GradientTape() as tape:
        tape.watch([ta, tb])
        c = R.SparseMatrixAdd(a=_csr(ta), b=_csr(tb), alpha=np.float64(2), beta=np.float64(-3))
        loss = tf.reduce_sum(R.CSRSparseMatrixToDense(sparse_input=c, type=tf.float64) * w)
    ga, gb = tape.gradient(loss, [ta, tb])
    np.testing.assert_array_equal(ga.numpy(), 2 * w * (da != 0))
    np.testing.assert_array_equal(gb.numpy(), -3 * w * (db != 0))


def test_softmax_grad_has_no_gradient_and_zeros_is_not_differentiable():
    x = tf.constant(np.eye(2, dtype=np.float32))
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        m = _csr(x)
        g = R.SparseMatrixSoftmaxGrad(softmax=m, grad_softmax=m, type=tf.float32)
        through_grad = tf.reduce_sum(R.CSRSparseMatrixToDense(sparse_input=g, type=tf.float32))
        z = R.SparseMatrixZeros(dense_shape=[2, 2], type=tf.float32)
        c = R.SparseMatrixAdd(a=m, b=z, alpha=np.float32(3), beta=np.float32(1))
        through_zeros = tf.reduce_sum(R.CSRSparseMatrixToDense(sparse_input=c,
                                                               type=tf.float32))
    with pytest.raises(LookupError, match="gradient registry has no entry for: "
                                          "SparseMatrixSoftmaxGrad"):
        tape.gradient(through_grad, x)
    np.testing.assert_array_equal(tape.gradient(through_zeros, x).numpy(), 3 * np.eye(2))


def test_mul_has_tfs_gradient_which_raises():
    x = tf.constant(np.eye(2, dtype=np.float32))
    with tf.GradientTape() as tape:
        tape.watch(x)
        m = R.SparseMatrixMul(a=_csr(x), b=np.float32(2))
        loss = tf.reduce_sum(R.CSRSparseMatrixToDense(sparse_input=m, type=tf.float32))
    with pytest.raises(NotImplementedError):
        tape.gradient(loss, x)


def test_a_traced_function_of_the_ops_gives_the_eager_result():
    def f(x, y):
        s = R.SparseMatrixSoftmax(logits=_csr(x), type=tf.float32)
        c = R.SparseMatrixAdd(a=s, b=_csr(y), alpha=np.float32(2), beta=np.float32(1))
        m = R.SparseMatrixMul(a=c, b=tf.constant(3.0))
        return R.CSRSparseMatrixToDense(sparse_input=m, type=tf.float32)

    rng = np.random.default_rng(0)
    x, y = (tf.constant(_sparse(rng, (4, 5), 0.5)) for _ in range(2))
    got = tf.function(f)(x, y)
    np.testing.assert_array_equal(got.numpy(), f(x, y).numpy())


# -- tf.zeros_like of a matrix: TF's GPU's ZEROS_LIKE of the variant --------------------------

@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), items=st.sampled_from([None, 1, 3]), rows=st.integers(0, 5),
       cols=st.integers(0, 5), density=st.floats(0, 1), dtype=_DTYPES)
def test_zeros_like_is_sparse_matrix_zeros_of_the_shape_on_the_device(seed, items, rows, cols,
                                                                      density, dtype):
    """TF's GPU makes tf.zeros_like of a matrix as SparseMatrixZeros makes one of its dense
    shape and dtype: no entries, every row pointer 0 (on the device), every batch pointer
    0 (on the host)."""
    shape = [rows, cols] if items is None else [items, rows, cols]
    z = tf.zeros_like(_csr(_sparse(np.random.default_rng(seed), shape, density, dtype)))
    want = R.SparseMatrixZeros(dense_shape=shape, type=tf.as_dtype(dtype))
    assert _on_device(z) and z.dtype == tf.variant
    got, ref = _box(z), _box(want)
    assert got.dtype is ref.dtype and got.dense_shape.tolist() == shape
    assert type(got.batch_pointers) is np.ndarray and got.batch_pointers.tolist() == \
        ref.batch_pointers.tolist()
    for k in ("row_pointers", "col_indices", "values"):
        a, b = getattr(got, k), getattr(ref, k)
        assert a.dtype == b.dtype and a.get().tolist() == b.get().tolist()
    dense = R.CSRSparseMatrixToDense(sparse_input=z, type=tf.as_dtype(dtype))
    np.testing.assert_array_equal(dense.numpy(), np.zeros(shape, dtype))
    assert _entries(z)[0] == {}


def test_zeros_like_reads_and_copies_nothing():
    """The matrix's dense shape and dtype are on the host: nothing is read back, nothing
    copied (a matrix made on CPU:0 too: its arrays are not needed)."""
    m = _csr(np.eye(3, dtype=np.float32))
    with tf.device("/CPU:0"):
        on_cpu = _csr(np.eye(3, dtype=np.float32))
    for x in (m, on_cpu):
        with strict_streams.count_transfers() as n:
            z = tf.zeros_like(x)
        assert n["to_host"] == 0 and n["to_device"] == 0
        assert _on_device(z) and _box(z).row_pointers.get().tolist() == [0] * 4


def test_zeros_like_on_the_cpu_is_tfs_error():
    """TF's CPU has no ZEROS_LIKE of a CSR matrix (it registers its GPU's only)."""
    m = _csr(np.eye(3, dtype=np.float32))
    with tf.device("/CPU:0"), pytest.raises(
            tf.errors.InternalError, match=r"No unary variant unary_op function found for op "
            r"ZEROS_LIKE Variant type_name: tensorflow::CSRSparseMatrix for device type: CPU "
            r"\[Op:ZerosLike\]"):
        tf.zeros_like(m)


def test_zeros_like_in_a_traced_function_and_as_an_unconnected_gradient():
    """Traced, zeros_like is placed when it runs (a matrix on the device, another variant
    on CPU:0); a tape's zero gradient of an unconnected matrix is its zeros_like, on the
    device, and TF's CPU error on CPU:0."""
    m = _csr(np.eye(3))
    z = tf.function(tf.zeros_like)(m)
    assert _on_device(z) and _box(z).dense_shape.tolist() == [3, 3] and _box(z).nnz == 0

    def grads(x, d):
        m = _csr(d)
        with tf.GradientTape() as tape:
            tape.watch([x, m])
            y = tf.reduce_sum(x * 2.0)
        return tape.gradient(y, [x, m], unconnected_gradients=tf.UnconnectedGradients.ZERO)

    gx, gm = grads(tf.constant([1.0, 2.0]), tf.constant(np.eye(2)))
    assert gx.device == GPU0 and gx.numpy().tolist() == [2, 2]
    assert _on_device(gm) and _box(gm).nnz == 0 and _box(gm).dtype is tf.float64
    with pytest.raises(tf.errors.InternalError, match="ZEROS_LIKE Variant type_name: "
                                                      "tensorflow::CSRSparseMatrix"):
        _cpu(grads, np.float32([1, 2]), np.eye(2))


# -- the ops of TF's CPU and GPU ---------------------------------------------------------------

_SHAPES = dict(items=st.sampled_from([None, 1, 3]), rows=st.integers(0, 5),
               cols=st.integers(1, 5), density=st.floats(0, 1))


def _shape(items, rows, cols):
    return (rows, cols) if items is None else (items, rows, cols)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), dtype=_DTYPES, **_SHAPES)
def test_conversions_make_the_cpus_matrix_on_the_device(seed, items, rows, cols, density,
                                                        dtype):
    rng = np.random.default_rng(seed)
    d = _sparse(rng, _shape(items, rows, cols), density, dtype)
    m = _csr(d)
    assert _on_device(m)
    assert _box(m) == _box(_cpu(_csr, d))
    idx = np.argwhere(d != 0)
    idx = idx[rng.permutation(len(idx))] if items is None else idx  # (rows unsorted)
    st_m = R.SparseTensorToCSRSparseMatrix(indices=idx, values=d[tuple(idx.T)],
                                           dense_shape=d.shape)
    assert _on_device(st_m)
    assert _box(st_m) == _box(_cpu(lambda i, v, s: R.SparseTensorToCSRSparseMatrix(
        indices=i, values=v, dense_shape=s), idx, d[tuple(idx.T)], np.int64(d.shape)))
    t = tf.as_dtype(dtype)
    dense = R.CSRSparseMatrixToDense(sparse_input=m, type=t)
    assert dense.device == GPU0
    np.testing.assert_array_equal(dense.numpy(), d)
    indices, values, shape = R.CSRSparseMatrixToSparseTensor(sparse_matrix=st_m, type=t)
    assert indices.device == values.device == GPU0
    want = _cpu(lambda i, v, s: R.CSRSparseMatrixToSparseTensor(
        sparse_matrix=R.SparseTensorToCSRSparseMatrix(indices=i, values=v, dense_shape=s),
        type=t), idx, d[tuple(idx.T)], np.int64(d.shape))
    for got, w in zip((indices, values, shape), want):
        np.testing.assert_array_equal(got.numpy(), w.numpy())


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31), **_SHAPES)
def test_components_on_the_device_and_nnz_in_host_memory(seed, items, rows, cols, density):
    rng = np.random.default_rng(seed)
    d = _sparse(rng, _shape(items, rows, cols), density, np.float64)
    m = _csr(d)
    with strict_streams.count_transfers() as n:
        nnz = R.SparseMatrixNNZ(sparse_matrix=m)
    # (TF's GPU kernel writes the counts in host memory: they are the batch pointers')
    assert n["to_host"] == n["to_device"] == 0 and not isinstance(nnz._arr, strict.StrictArray)
    np.testing.assert_array_equal(nnz.numpy(), np.count_nonzero(d, axis=(-2, -1)))
    for i in range(items or 1):
        got = R.CSRSparseMatrixComponents(csr_sparse_matrix=m, index=i, type=tf.float64)
        want = _cpu(lambda x: R.CSRSparseMatrixComponents(
            csr_sparse_matrix=_csr(x), index=i, type=tf.float64), d)
        for g, w in zip(got, want):
            assert g.device == GPU0
            np.testing.assert_array_equal(g.numpy(), w.numpy())


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**31), dtype=_DTYPES, conjugate=st.booleans(), **_SHAPES)
def test_transpose_on_the_device_is_the_cpus(seed, items, rows, cols, density, dtype,
                                            conjugate):
    rng = np.random.default_rng(seed)
    d = _sparse(rng, _shape(items, rows, cols), density, dtype)
    t = tf.as_dtype(dtype)
    got = R.SparseMatrixTranspose(input=_csr(d), type=t, conjugate=conjugate)
    assert _on_device(got)
    assert _box(got) == _box(_cpu(lambda x: R.SparseMatrixTranspose(
        input=_csr(x), type=t, conjugate=conjugate), d))


_FLAGS = st.sampled_from([{}, {"transpose_a": True}, {"adjoint_a": True},
                          {"transpose_b": True, "transpose_output": True},
                          {"adjoint_b": True, "conjugate_output": True},
                          {"adjoint_a": True, "transpose_b": True}])


def _flipped(shape, flag):
    return (*shape[:-2], shape[-1], shape[-2]) if flag else shape


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), dtype=_DTYPES, flags=_FLAGS, k=st.integers(1, 4),
       **_SHAPES)
def test_matmul_on_the_device_is_the_cpus(seed, items, rows, cols, density, dtype, flags, k):
    rng = np.random.default_rng(seed)
    a = _sparse(rng, _shape(items, rows, cols), density, dtype)
    op_a = _flipped(a.shape, flags.get("transpose_a") or flags.get("adjoint_a"))
    b_shape = _flipped((*a.shape[:-2], op_a[-1], k),
                       flags.get("transpose_b") or flags.get("adjoint_b"))
    b = _sparse(rng, b_shape, 1.0, dtype)
    m = _csr(a)
    bt = tf.constant(b)
    with strict_streams.count_transfers() as n:
        got = R.SparseMatrixMatMul(a=m, b=bt, **flags)
    assert got.device == GPU0 and n["to_host"] == 0
    want = _cpu(lambda x, y: R.SparseMatrixMatMul(a=_csr(x), b=y, **flags), a, b)
    np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-5, atol=1e-6)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), dtype=_DTYPES, flags=_FLAGS, k=st.integers(1, 4),
       density_b=st.floats(0, 1), **_SHAPES)
def test_sparse_matmul_on_the_device_is_the_cpus(seed, items, rows, cols, density, dtype,
                                                 flags, k, density_b):
    flags = {f: v for f, v in flags.items() if not f.endswith("output")}
    rng = np.random.default_rng(seed)
    a = _sparse(rng, _shape(items, rows, cols), density, dtype)
    op_a = _flipped(a.shape, flags.get("transpose_a") or flags.get("adjoint_a"))
    b = _sparse(rng, _flipped((*a.shape[:-2], op_a[-1], k),
                              flags.get("transpose_b") or flags.get("adjoint_b")),
                density_b, dtype)
    t = tf.as_dtype(dtype)
    got = R.SparseMatrixSparseMatMul(a=_csr(a), b=_csr(b), type=t, **flags)
    assert _on_device(got)
    want = _cpu(lambda x, y: R.SparseMatrixSparseMatMul(a=_csr(x), b=_csr(y), type=t,
                                                        **flags), a, b)
    g, w = _box(got), _box(want)
    assert g.dense_shape.tolist() == w.dense_shape.tolist()
    assert g.batch_pointers.tolist() == w.batch_pointers.tolist()
    np.testing.assert_array_equal(g.row_pointers.get(), w.row_pointers)
    np.testing.assert_array_equal(g.col_indices.get(), w.col_indices)
    np.testing.assert_allclose(g.values.get(), w.values, rtol=1e-5, atol=1e-6)


def test_a_device_matrix_is_used_without_reading_it_back():
    d = tf.constant(np.array([[1, 0, 2], [0, 0, 3], [4, 0, 0]], np.float32))
    m = _csr(d)
    with strict_streams.count_transfers() as n:
        R.CSRSparseMatrixToDense(sparse_input=m, type=tf.float32)
        R.SparseMatrixTranspose(input=m, type=tf.float32)
        R.SparseMatrixMul(a=m, b=tf.constant(2.0))
    assert n["to_host"] == 0


@pytest.mark.parametrize("f, error, words", [
    (lambda: R.SparseTensorToCSRSparseMatrix(indices=[[0, 0], [3, 1]], values=[1.0, 2.0],
                                             dense_shape=[3, 3]),
     tf.errors.InvalidArgumentError,
     "Sparse index tuple indices[1, :] = [3, 1] is out of bounds"),
    (lambda: R.DenseToCSRSparseMatrix(dense_input=np.eye(2, dtype=np.float32),
                                      indices=[[0, 0], [0, -1]]),
     tf.errors.InvalidArgumentError,
     "indices[1] = [0, -1] does not index into param shape [2,2], node name: "
     "DenseToCSRSparseMatrix"),
    (lambda: R.CSRSparseMatrixComponents(csr_sparse_matrix=_csr(np.ones((2, 2, 2))),
                                         index=2, type=tf.float64),
     tf.errors.InvalidArgumentError, "index (2) not in [0, 2)"),
    (lambda: R.CSRSparseMatrixToDense(sparse_input=_csr(np.eye(2)), type=tf.float32),
     tf.errors.InvalidArgumentError,
     "Asked for a CSRSparseMatrix of type float but saw dtype: double"),
    (lambda: R.SparseMatrixMatMul(a=_csr(np.eye(3)), b=np.ones((2, 2))),
     tf.errors.InvalidArgumentError,
     "Inner product dimensions of A and B do not agree. Shapes are: [3,3] vs. [2,2]"),
    (lambda: R.SparseMatrixSparseMatMul(a=_csr(np.ones((2, 3, 3))), b=_csr(np.ones((3, 3))),
                                        type=tf.float64),
     tf.errors.InvalidArgumentError, "Inner product dimensions of A and B do not agree."),
])
def test_device_kernels_refuse_what_tf_refuses(f, error, words):
    with pytest.raises(error) as info:
        f()
    assert words in str(info.value)


def test_the_cpu_only_ordering_and_cholesky_read_a_device_matrix_back():
    a = np.array([[4.0, 1, 0], [1, 3, 0], [0, 0, 2]])
    m = _csr(a)
    perm = R.SparseMatrixOrderingAMD(input=m)
    assert perm.device.endswith("CPU:0")
    chol = R.SparseMatrixSparseCholesky(input=m, permutation=perm, type=tf.float64)
    assert chol.device.endswith("CPU:0")
    low = R.CSRSparseMatrixToDense(sparse_input=chol, type=tf.float64)
    p = perm.numpy()
    np.testing.assert_allclose(low.numpy() @ low.numpy().T, a[np.ix_(p, p)], rtol=1e-12)


@pytest.mark.parametrize("flags", [{}, {"adjoint_a": True}, {"transpose_b": True,
                                                              "transpose_output": True}])
def test_matmul_gradients_on_the_device_are_the_cpus(flags):
    a = np.array([[1.0, 0, 2], [0, 0, 3], [4, 0, 0]])
    b = np.arange(9.0).reshape(3, 3) - 2
    w = np.cos(np.arange(9.0)).reshape(3, 3)

    def grads(x, y):
        with tf.GradientTape() as tape:
            tape.watch([x, y])
            out = R.SparseMatrixMatMul(a=_csr(x), b=y, **flags)
            loss = tf.reduce_sum(out * w)
        return tape.gradient(loss, [x, y])

    got = grads(tf.constant(a), tf.constant(b))
    want = _cpu(grads, a, b)
    for g, w_ in zip(got, want):
        assert g.device == GPU0
        np.testing.assert_allclose(g.numpy(), w_.numpy(), rtol=1e-12)


def _twice(x, y):
    """The gradient of a loss using one matrix twice: its two gradients summed."""
    with tf.GradientTape() as tape:
        tape.watch(x)
        m = _csr(x)
        loss = tf.reduce_sum(R.SparseMatrixMatMul(a=m, b=y)) + \
            tf.reduce_sum(R.SparseMatrixMatMul(a=m, b=y * y, transpose_a=True))
    return tape.gradient(loss, x)


def test_a_matrix_used_twice_has_its_gradients_summed_on_the_device_only():
    a = np.array([[1.0, 0, 2], [0, 0, 3], [4, 0, 0]])
    b = np.arange(9.0).reshape(3, 3) - 2
    want = (a != 0) * (b.sum(axis=1)[None, :] + (b * b).sum(axis=1)[:, None])
    for f in (_twice, tf.function(_twice)):
        got = f(tf.constant(a), tf.constant(b))
        assert got.device == GPU0
        np.testing.assert_allclose(got.numpy(), want, rtol=1e-12)
    # (TF's CPU has no sum of two CSR matrices: ADD_VARIANT_BINARY_OP is its GPU's)
    with pytest.raises(tf.errors.InternalError, match="No unary variant binary_op function "
                       "found for op ADD_VARIANT_BINARY_OP Variant type_name: "
                       "tensorflow::CSRSparseMatrix for device type: CPU"):
        _cpu(_twice, a, b)
