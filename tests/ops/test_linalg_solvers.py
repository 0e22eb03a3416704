"""TridiagonalSolve, TridiagonalMatMul, MatrixSolveLs and CholeskyGrad: TF 2.21's answers
where they are not a textbook formula's (singular systems, the fast and minimum-norm least
squares, the refusals of the public functions) and the ops TF's traced graphs name."""

import numpy as np
import pytest

import eagerflow as tf

F32 = np.float32


@pytest.fixture
def on_cpu():
    """TridiagonalSolve on TF's CPU kernel, whose answers these are (also under a GPU: its
    GPU kernel's are tests/backend/test_tridiagonal_on_device.py's)."""
    with tf.device("/CPU:0"):
        yield


@pytest.mark.usefixtures("on_cpu")
def test_singular_tridiagonal_systems_give_nan_not_errors():
    r = np.array([[1.0], [2.0], [3.0]], F32)
    # [[1, 1, 0], [1, 1, 1], [0, 1, 1]]: pivoting solves it, the Thomas algorithm can't
    s = np.array([[1, 1, 0], [1, 1, 1], [0, 1, 1]], F32)
    np.testing.assert_allclose(tf.raw_ops.TridiagonalSolve(diagonals=s, rhs=r), [[-1], [2], [1]])
    assert np.isnan(tf.raw_ops.TridiagonalSolve(diagonals=s, rhs=r,
                                                partial_pivoting=False)).all()
    assert np.isnan(tf.raw_ops.TridiagonalSolve(diagonals=np.zeros((3, 3), F32), rhs=r)).all()
    one = tf.raw_ops.TridiagonalSolve(diagonals=np.array([[9], [0], [9]], F32),
                                      rhs=np.array([[4, 6]], F32))
    assert np.isnan(one).all()
    # TF's "NaN" of a complex type: C++'s quiet_NaN of std::complex, which is 0 (TF 2.21's
    # answers)
    c64 = np.complex64
    for d, pivoting in ((np.array([[9], [0], [9]], c64), True), (np.zeros((3, 3), c64), True),
                        (s.astype(c64), False)):
        got = tf.raw_ops.TridiagonalSolve(diagonals=d, rhs=np.ones((len(d[0]), 2), c64),
                                          partial_pivoting=pivoting)
        np.testing.assert_array_equal(got, np.zeros((len(d[0]), 2)))
    # TF's values (float32) for a system that needs pivoting and a complex one
    d = np.array([[1, 2, 0], [3, 4, 5], [0, 6, 7]], F32)
    np.testing.assert_allclose(tf.raw_ops.TridiagonalSolve(diagonals=d, rhs=r),
                               [[-0.16666667], [1.5000001], [-1.5000002]], rtol=1e-6)
    c = (d + 1j * d[::-1]).astype(np.complex64)
    np.testing.assert_allclose(tf.raw_ops.TridiagonalSolve(diagonals=c, rhs=(r + 2j).astype(
        np.complex64)), [[0.30882356 + 0.014705818j], [0.117647104 + 1.0294117j],
                         [-0.3029411 - 0.7382352j]], rtol=1e-5)


@pytest.mark.usefixtures("on_cpu")
def test_tridiagonal_refusals():
    r = np.ones((3, 1), F32)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Setting perturb_singular requires also setting partial_pivoting"):
        tf.raw_ops.TridiagonalSolve(diagonals=np.ones(3, F32), rhs=r, partial_pivoting=False,
                                    perturb_singular=True)
    with pytest.raises(ValueError, match="partial_pivoting must be True if perturb_singular is."):
        tf.linalg.tridiagonal_solve(np.ones((3, 3), F32), r, partial_pivoting=False,
                                    perturb_singular=True)
    with pytest.raises(ValueError, match="Expected superdiagonal to be have length 3 or 2, got 1"):
        tf.linalg.tridiagonal_solve([tf.constant([1.0]), tf.constant([3.0, 4.0, 5.0]),
                                     tf.constant([6.0, 7.0])], r, diagonals_format="sequence")
    with pytest.raises(ValueError, match="Expected last two dimensions of diagonals to be same, "
                                         "got 4 and 3"):
        tf.linalg.tridiagonal_matmul(np.ones((3, 4), F32), r, diagonals_format="matrix")
    with pytest.raises(tf.errors.InvalidArgumentError, match="Invalid superdiagonal shape."):
        tf.linalg.tridiagonal_matmul([tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0, 5.0]),
                                      tf.constant([6.0, 7.0])], r, diagonals_format="sequence")
    with pytest.raises(tf.errors.InvalidArgumentError, match="All input tensors must have the "
                                                             "same rank."):
        tf.linalg.tridiagonal_matmul(np.ones((3, 3), F32), np.ones(3, F32))
    # a sequence's outer diagonals may be one shorter: padded where the unused entry goes
    # (rhs a tensor: TF reads rhs.shape.rank, which a NumPy array's shape lacks)
    got = tf.linalg.tridiagonal_solve([tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0, 5.0]),
                                       tf.constant([6.0, 7.0])], tf.constant(r),
                                      diagonals_format="sequence")
    np.testing.assert_allclose(got, np.linalg.solve([[3, 1, 0], [6, 4, 2], [0, 7, 5]], r),
                               rtol=1e-5)


def test_matrix_solve_ls_fast_and_minimum_norm():
    a = np.array([[1, 2], [3, 4], [5, 7]], F32)
    b = np.array([[1], [2], [4]], F32)
    z = tf.constant(0.0, tf.float64)
    ls = tf.raw_ops.MatrixSolveLs
    np.testing.assert_allclose(ls(matrix=a, rhs=b, l2_regularizer=tf.constant(0.5, tf.float64)),
                               [[0.21886913], [0.392452]], rtol=1e-4)
    # fast=False: the minimum-norm solution, the regularizer unused
    np.testing.assert_allclose(ls(matrix=np.ones((3, 2), F32), rhs=b, l2_regularizer=z,
                                  fast=False), [[1.1666666], [1.1666667]], rtol=1e-5)
    np.testing.assert_allclose(ls(matrix=a, rhs=b, l2_regularizer=tf.constant(0.5, tf.float64),
                                  fast=False), [[0.07142795], [0.5000005]], rtol=1e-4)
    np.testing.assert_array_equal(ls(matrix=a * np.nan, rhs=b, l2_regularizer=z, fast=False),
                                  [[0], [0]])
    assert np.isnan(ls(matrix=a * np.nan, rhs=b, l2_regularizer=z)).all()
    with pytest.raises(tf.errors.InvalidArgumentError, match="rank deficient or ill-conditioned"):
        ls(matrix=np.ones((3, 2), F32), rhs=b, l2_regularizer=z)
    with pytest.raises(tf.errors.InvalidArgumentError, match="l2_regularizer must be >= 0."):
        ls(matrix=a, rhs=b, l2_regularizer=tf.constant(np.nan, tf.float64))
    with pytest.raises(tf.errors.NotFoundError, match=r"MatrixSolveLs\[T=DT_HALF, fast=false\]"):
        tf.linalg.lstsq(a.astype(np.float16), b.astype(np.float16), fast=False)
    # the gradient: none through fast=False, as TF
    x = tf.constant(a.astype(np.float64))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.linalg.lstsq(x, b.astype(np.float64), fast=False)
    with pytest.raises(ValueError, match="Gradient not defined for fast=False"):
        tape.gradient(y, x)


def test_cholesky_grad_reads_lower_triangles():
    low = np.array([[2, 0, 0], [1, 3, 0], [0.5, 1, 4]])
    g = np.arange(1.0, 10.0).reshape(3, 3)
    want = [[-0.2491319444, 0.5034722222, 0.9895833333],
            [0.5034722222, 0.5138888889, 0.9583333333],
            [0.9895833333, 0.9583333333, 1.125]]
    np.testing.assert_allclose(tf.raw_ops.CholeskyGrad(l=low + np.triu(np.ones((3, 3)), 1) * 100,
                                                       grad=g), want, rtol=1e-9)
    assert np.isnan(tf.raw_ops.CholeskyGrad(l=np.zeros((2, 2)), grad=np.ones((2, 2)))).all()


def _ops(f, *specs):
    cf = tf.function(f).get_concrete_function(*specs)
    return [op.type for op in cf.graph.get_operations()]


def test_traced_graphs_name_tf_ops():
    s = tf.TensorSpec
    for fmt, spec in (("compact", s([3, 4])), ("matrix", s([4, 4]))):
        assert "TridiagonalSolve" in _ops(lambda d, r: tf.linalg.tridiagonal_solve(
            d, r, diagonals_format=fmt), spec, s([4, 2]))
        assert "TridiagonalMatMul" in _ops(lambda d, r: tf.linalg.tridiagonal_matmul(
            d, r, diagonals_format=fmt), spec, s([4, 2]))
    assert "MatrixSolveLs" in _ops(lambda a, r: tf.linalg.lstsq(a, r, fast=False),
                                   s([4, 3]), s([4, 2]))
    assert "MatrixSolveLs" not in _ops(lambda a, r: tf.linalg.lstsq(a, r), s([4, 3]), s([4, 2]))


@pytest.mark.usefixtures("on_cpu")
def test_perturb_singular_follows_lapacks_safeguards():
    ts = tf.raw_ops.TridiagonalSolve
    # TF 2.21's values: zero pivots moved off zero in steps doubling from the smallest
    # normal number until no row overflows, or by eps * max|U| (of the pivot's sign)
    np.testing.assert_allclose(ts(diagonals=np.zeros((3, 3)), rhs=[[1.0], [2.0], [3.0]],
                                  perturb_singular=True).numpy().ravel(),
                               [4.4942328372e307, 2.9961552248e307, 4.4942328372e307],
                               rtol=1e-10)
    got = ts(diagonals=np.zeros((3, 1), F32), rhs=np.array([[4, 6]], F32), perturb_singular=True)
    np.testing.assert_allclose(got, [[4.8611769e37, 7.2917656e37]], rtol=1e-6)
    got = ts(diagonals=np.array([[2.0, 9], [1, 4], [9, 2]]), rhs=np.ones((2, 1)),
             perturb_singular=True)
    np.testing.assert_array_equal(got.numpy().ravel(), [2.0**52 + 1, -(2.0**51)])
    got = ts(diagonals=np.array([[1.0, 9], [1, 1], [9, 1]]), rhs=[[1.0], [2]],
             perturb_singular=True)
    np.testing.assert_array_equal(got.numpy().ravel(), [1 - 2.0**52, 2.0**52])


def _grads(op, x, y):
    with tf.GradientTape() as tape:
        tape.watch([x, y])
        out = op(x, y)
    return tape.gradient(out, [x, y])


@pytest.mark.parametrize("which", ["solve", "matmul", "ls_tall", "ls_wide"])
def test_gradients_of_matrices_of_unknown_shape(which):
    d = np.array([[1.0, 2, 0], [3, 4, 5], [0, 6, 7]])
    a = np.array([[1.0, 2], [3, 4], [5, 7]])
    ops = {"solve": (lambda x, y: tf.raw_ops.TridiagonalSolve(diagonals=x, rhs=y),
                     d, np.ones((3, 2))),
           "matmul": (lambda x, y: tf.raw_ops.TridiagonalMatMul(
               superdiag=x[..., :1, :], maindiag=x[..., 1:2, :], subdiag=x[..., 2:, :], rhs=y),
               d, np.ones((3, 2))),
           "ls_tall": (lambda x, y: tf.raw_ops.MatrixSolveLs(
               matrix=x, rhs=y, l2_regularizer=tf.constant(0.1, tf.float64)), a, np.ones((3, 1))),
           "ls_wide": (lambda x, y: tf.raw_ops.MatrixSolveLs(
               matrix=x, rhs=y, l2_regularizer=tf.constant(0.1, tf.float64)), a.T.copy(),
               np.ones((2, 1)))}
    op, x, y = ops[which]
    spec = tf.TensorSpec([None, None], tf.float64)
    traced = tf.function(lambda u, v: _grads(op, u, v), input_signature=[spec, spec])(x, y)
    for got, want in zip(traced, _grads(op, tf.constant(x), tf.constant(y))):
        np.testing.assert_allclose(got, want, rtol=1e-12)


def test_cholesky_grad_has_no_gradient_as_in_tf():
    x = tf.constant(np.eye(2))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.raw_ops.CholeskyGrad(l=tf.constant(np.eye(2)), grad=x)
    with pytest.raises(LookupError, match="gradient registry has no entry for: CholeskyGrad"):
        tape.gradient(y, x)
