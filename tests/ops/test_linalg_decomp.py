"""tf.linalg decompositions, solvers and their composites: values against NumPy's LAPACK
results, TF's conventions (lower-triangle reads, nan instead of errors, the symmetric
Cholesky gradient), and gradients against central finite differences in float64."""

import numpy as np
import pytest

import eagerflow as tf

RNG = np.random.default_rng(5)


def _spd(n, *batch):
    a = RNG.uniform(-1, 1, size=batch + (n, n))
    return a @ np.swapaxes(a, -1, -2) + n * np.eye(n)


def _check_grad(f, x, second_order=True):
    theoretical, numerical = tf.test.compute_gradient(f, [x], delta=1e-6)
    np.testing.assert_allclose(theoretical[0], numerical[0], rtol=1e-5, atol=1e-6)
    if second_order:
        def grad_of_f(v):
            with tf.GradientTape() as tape:
                tape.watch(v)
                y = tf.reduce_sum(f(v) * np.linspace(0.5, 1.5, int(np.prod(f(v).shape)))
                                  .reshape(f(v).shape))
            return tape.gradient(y, v)
        theoretical, numerical = tf.test.compute_gradient(grad_of_f, [x], delta=1e-6)
        np.testing.assert_allclose(theoretical[0], numerical[0], rtol=1e-4, atol=1e-5)


def test_cholesky_gradient_through_a_symmetric_parametrization():
    b = RNG.uniform(-1, 1, size=(3, 3))

    def f(v):
        return tf.linalg.cholesky(tf.matmul(v, v, transpose_b=True) + 3 * tf.eye(3, dtype=v.dtype))
    _check_grad(f, b)


def test_cholesky_gradient_is_symmetric_as_in_tf():
    a = tf.constant(_spd(3))
    with tf.GradientTape() as tape:
        tape.watch(a)
        y = tf.reduce_sum(tf.linalg.cholesky(a) * np.arange(9.0).reshape(3, 3))
    g = tape.gradient(y, a).numpy()
    np.testing.assert_allclose(g, g.T, atol=1e-12)


def test_cholesky_reads_the_lower_triangle_and_gives_nan_when_not_positive_definite():
    a = _spd(3)
    junk = a + np.triu(np.full((3, 3), 7.0), 1)
    np.testing.assert_allclose(tf.linalg.cholesky(junk).numpy(), np.linalg.cholesky(a))
    out = tf.linalg.cholesky(np.stack([a, -a])).numpy()
    np.testing.assert_allclose(out[0], np.linalg.cholesky(a))
    assert np.isnan(out[1]).all()


def test_nonfinite_matrices_give_nan_not_lapack_errors():
    x = np.stack([_spd(2), np.array([[np.nan, 0.0], [0.0, 1.0]])])
    s, u, v = tf.linalg.svd(x)
    assert np.isnan(s.numpy()[1]).all() and np.isfinite(s.numpy()[0]).all()
    # (TF 2.21: Eigen's LLT goes on past a NaN pivot, which spreads to the later columns;
    # its upper triangle stays 0: test_regressions_seed1776773041.py records more)
    np.testing.assert_array_equal(tf.linalg.cholesky(x).numpy()[1],
                                  [[np.nan, 0.0], [np.nan, np.nan]])
    # eigh fails as TF's does; both read only the lower triangle
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Self-adjoint eigen decomposition was not successful"):
        tf.linalg.eigh(x)
    upper_nan = np.array([[1.0, np.nan], [0.0, 2.0]])
    np.testing.assert_allclose(tf.linalg.eigvalsh(upper_nan).numpy(), [1.0, 2.0])
    np.testing.assert_allclose(tf.linalg.cholesky(upper_nan).numpy(),
                               [[1.0, 0.0], [0.0, np.sqrt(2.0)]])


@pytest.mark.parametrize("fn", [lambda x: tf.linalg.svd(x, compute_uv=False),
                                tf.linalg.cholesky, tf.linalg.slogdet, tf.linalg.det,
                                tf.linalg.eigvalsh, lambda x: tf.linalg.solve(x, x)],
                         ids=["svd", "cholesky", "slogdet", "det", "eigvalsh", "solve"])
def test_half_precision_has_no_cpu_kernel_as_in_tf(fn):
    # TF 2.21's CPU registers these ops' kernels for float, double and complex only
    with pytest.raises(tf.errors.NotFoundError, match=r"Could not find device for node: "
                                                      r"\{\{node \w+\}\} = \w+\[T=DT_HALF"):
        fn(_spd(3).astype(np.float16))


def test_svd_reconstructs_and_matches_numpy_values():
    for shape in [(4, 3), (3, 5), (2, 3, 3)]:
        x = RNG.uniform(-1, 1, size=shape)
        s, u, v = tf.linalg.svd(x)
        rebuilt = tf.matmul(u * tf.expand_dims(s, -2), v, adjoint_b=True)
        np.testing.assert_allclose(rebuilt.numpy(), x, atol=1e-12)
        np.testing.assert_allclose(s.numpy(), np.linalg.svd(x, compute_uv=False))


def test_qr_full_matrices_gradient_refused_like_tf():
    x = tf.constant(RNG.uniform(-1, 1, size=(4, 2)))
    with tf.GradientTape() as tape:
        tape.watch(x)
        q, r = tf.linalg.qr(x, full_matrices=True)
        y = tf.reduce_sum(q)
    with pytest.raises(NotImplementedError, match="QrGrad not implemented"):
        tape.gradient(y, x)


def test_composites_against_numpy():
    a = RNG.uniform(-1, 1, size=(5, 3))
    b = RNG.uniform(-1, 1, size=(5, 2))
    np.testing.assert_allclose(tf.linalg.lstsq(a, b).numpy(), np.linalg.lstsq(a, b, rcond=None)[0],
                               atol=1e-10)
    np.testing.assert_allclose(tf.linalg.lstsq(a, b, fast=False).numpy(),
                               np.linalg.lstsq(a, b, rcond=None)[0], atol=1e-10)
    wide = a.T
    np.testing.assert_allclose(tf.linalg.lstsq(wide, b[:3]).numpy(),
                               np.linalg.pinv(wide) @ b[:3], atol=1e-10)
    np.testing.assert_allclose(tf.linalg.pinv(a).numpy(), np.linalg.pinv(a), atol=1e-12)
    low_rank = a @ RNG.uniform(-1, 1, size=(3, 4))
    assert int(tf.linalg.matrix_rank(low_rank)) == 3
    spd = _spd(4, 2)
    np.testing.assert_allclose(tf.linalg.logdet(spd).numpy(), np.linalg.slogdet(spd)[1])
    chol = np.linalg.cholesky(spd)
    rhs = RNG.uniform(-1, 1, size=(2, 4, 3))
    np.testing.assert_allclose(tf.linalg.cholesky_solve(chol, rhs).numpy(),
                               np.linalg.solve(spd, rhs), atol=1e-12)
    u, w = RNG.uniform(-1, 1, size=(2, 4, 3))
    np.testing.assert_allclose(tf.linalg.cross(u, w).numpy(), np.cross(u, w))
    m = RNG.uniform(-1, 1, size=(2, 3, 4))
    np.testing.assert_allclose(tf.norm(m, ord=2, axis=[1, 2]).numpy(),
                               np.linalg.norm(m, ord=2, axis=(1, 2)))
    np.testing.assert_allclose(tf.norm(m, ord=2, axis=[2, 0]).numpy(),
                               np.linalg.norm(m, ord=2, axis=(2, 0)))
    out = tf.linalg.set_diag(m, np.ones((2, 3))).numpy()
    want = m.copy()
    want[:, range(3), range(3)] = 1.0
    np.testing.assert_allclose(out, want)


@pytest.mark.parametrize("f", [
    lambda v: tf.linalg.pinv(v),
    lambda v: tf.linalg.lstsq(v, tf.ones([4, 2], v.dtype)),
    lambda v: tf.norm(v, ord=2, axis=[0, 1]),
    lambda v: tf.linalg.logdet(tf.matmul(v, v, transpose_a=True)),
    lambda v: tf.linalg.set_diag(v, tf.ones([3], v.dtype) * v[0, 0]),
])
def test_composite_gradients(f):
    _check_grad(f, RNG.uniform(-1, 1, size=(4, 3)) + np.eye(4, 3))


def test_bad_input_errors():
    with pytest.raises(tf.errors.FailedPreconditionError,
                       match="Cross-products are only defined for 3-element vectors"):
        tf.linalg.cross([1.0, 0.0], [0.0, 1.0])
    with pytest.raises(tf.errors.InvalidArgumentError, match="longests diagonal"):
        tf.linalg.set_diag(tf.zeros([2, 3]), [1.0, 2.0, 3.0])
    with pytest.raises(TypeError, match="must have `float`-like `dtype`"):
        tf.linalg.pinv([[1, 2], [3, 4]])
    with pytest.raises(ValueError, match=r"\['euclidean', 'fro', 1, 2, inf\], got 3"):
        tf.norm(tf.ones([2, 2]), ord=3, axis=[0, 1])


@pytest.mark.parametrize("dtype, out", [(np.float32, np.complex64), (np.float64, np.complex128),
                                        (np.complex64, np.complex64)])
@pytest.mark.parametrize("n", [1, 2, 3])
def test_eig_of_a_zero_matrix_has_the_identitys_vectors(dtype, out, n):
    # TF 2.21 (Eigen): a zero Schur form is left as it is, its Schur vectors (the identity's
    # columns) the eigenvectors, real and complex alike (recorded; was NaN here)
    e, v = tf.raw_ops.Eig(input=np.zeros((n, n), dtype), Tout=tf.as_dtype(out), compute_v=True)
    np.testing.assert_array_equal(e.numpy(), np.zeros(n))
    np.testing.assert_array_equal(v.numpy(), np.eye(n))
    assert v.dtype == out


_NAN, _INF = np.nan, np.inf
# (matrix, adjoint) -> TF 2.21's MatrixSolve of [[1, -2], [2, -4], ...] and MatrixInverse:
# "raise" where its LU's first pivot is NaN or a pivot is 0, else Eigen's numbers (recorded)
_NOT_FINITE_SOLVES = [
    ([[_NAN, _NAN], [_NAN, _NAN]], False, "raise", "raise"),
    ([[_NAN, 1.0], [2.0, 3.0]], True, "raise", "raise"),
    ([[1.0, 2.0], [3.0, _NAN]], False, [_NAN] * 4, [_NAN] * 4),
    ([[_INF, 1.0], [2.0, 3.0]], False, [0.0, -0.0, 2 / 3, -4 / 3], [0.0, -0.0, 0.0, 1 / 3]),
    ([[_INF, 1.0], [2.0, 3.0]], True, [-0.0, 0.0, 2 / 3, -4 / 3], [0.0, -0.0, 0.0, 1 / 3]),
    ([[_NAN] * 4] * 4, False, "raise", "raise"),
    (np.diag([1.0, _NAN, 3.0, 4.0]).tolist(), False, [_NAN] * 8, [_NAN] * 16),
    ([[1.0, _INF, 0.5], [2.0, 1.0, -_INF], [0.3, 4.0, 1.0]], False, [_NAN] * 6, [_NAN] * 9),
    ([[1.0, _INF, 0.5], [2.0, 1.0, -_INF], [0.3, 4.0, 1.0]], True,
     [-0.0, 0.0, 0.0, -0.0, 10 / 3, -20 / 3], [-0.0, 0.0, 0.0, 0.0, -0.0, -0.0, 10 / 3, 0.0, 0.0]),
    ([[_INF, -_INF], [1.0, 2.0]], True, [_NAN] * 4, [_NAN] * 4),
    ([[2.0, 1.0, 0.0], [_INF, 3.0, 1.0], [1.0, _NAN, 2.0]], False, [_NAN] * 6, [_NAN] * 9),
]


@pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU kernel's results)
@pytest.mark.parametrize("m, adjoint, solved, inverse", _NOT_FINITE_SOLVES)
def test_solve_and_inverse_of_matrices_not_finite_are_eigens_lu(m, adjoint, solved, inverse):
    # TF's CPU kernels factor with Eigen's partial-pivot LU (a first NaN pivot stays, a
    # later NaN never wins), refuse a first NaN or a zero pivot, and substitute through it
    m = tf.constant(m, tf.float64)
    rhs = tf.constant(np.arange(1.0, m.shape[0] + 1)[:, None] * [1.0, -2.0])
    for fn, want, words in ((lambda: tf.linalg.solve(m, rhs, adjoint=adjoint), solved,
                             "Input matrix is not invertible"),
                            (lambda: tf.linalg.inv(m, adjoint=adjoint), inverse,
                             "Input is not invertible")):
        if want == "raise":
            with pytest.raises(tf.errors.InvalidArgumentError, match=words):
                fn()
        else:
            np.testing.assert_allclose(fn().numpy().ravel(), want, rtol=1e-15)
