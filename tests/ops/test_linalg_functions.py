"""tf.linalg.lu_reconstruct / lu_solve / lu_matrix_inverse, normalize, tridiagonal_matmul
and tridiagonal_solve: against NumPy's dense linear algebra, every diagonals layout,
gradients against finite differences, TF's errors. (One known difference from TF 2.21: a
singular tridiagonal system gives NaN there, InvalidArgumentError from the dense solve
here.)"""

import numpy as np
import pytest

import eagerflow as tf

RNG = np.random.default_rng(1)


def test_lu_functions_invert_tf_linalg_lu():
    a = RNG.normal(size=(2, 4, 4))
    b = RNG.normal(size=(2, 4, 3))
    lu, perm = tf.linalg.lu(a)
    np.testing.assert_allclose(tf.linalg.lu_reconstruct(lu, perm).numpy(), a, atol=1e-12)
    np.testing.assert_allclose(tf.linalg.lu_solve(lu, perm, b).numpy(), np.linalg.solve(a, b),
                               atol=1e-10)
    np.testing.assert_allclose(tf.linalg.lu_matrix_inverse(lu, perm).numpy(), np.linalg.inv(a),
                               atol=1e-10)
    single_lu, single_perm = tf.linalg.lu(a[0])
    np.testing.assert_allclose(tf.linalg.lu_reconstruct(single_lu, single_perm).numpy(), a[0],
                               atol=1e-12)
    theoretical, numerical = tf.test.compute_gradient(lambda r: tf.linalg.lu_solve(lu, perm, r),
                                                      [b])
    np.testing.assert_allclose(theoretical[0], numerical[0], atol=1e-8)
    with pytest.raises(ValueError, match=r"`lower_upper.shape\[-1\]` must equal"):
        tf.linalg.lu_solve(lu, perm, b[:, :3])


@pytest.mark.parametrize("ord_, axis", [("euclidean", None), (1, -1), ("fro", [-2, -1]),
                                        (np.inf, 1)])
def test_normalize_divides_by_the_kept_norm(ord_, axis):
    b = RNG.normal(size=(2, 4, 3))
    unit, size = tf.linalg.normalize(b, ord=ord_, axis=axis)
    want = tf.norm(b, ord=ord_, axis=axis, keepdims=True).numpy()
    np.testing.assert_allclose(size.numpy(), want, atol=1e-12)
    np.testing.assert_allclose(unit.numpy(), b / want, atol=1e-12)


def _layouts(d):
    """The compact diagonals d [..., 3, M] in TF's three layouts, and the dense matrix."""
    m = d.shape[-1]
    dense = np.zeros(d.shape[:-2] + (m, m))
    for i in range(m):
        dense[..., i, i] = d[..., 1, i]
        if i + 1 < m:
            dense[..., i, i + 1] = d[..., 0, i]
            dense[..., i + 1, i] = d[..., 2, i + 1]
    return {"compact": d, "sequence": (d[..., 0, :], d[..., 1, :], d[..., 2, :]),
            "matrix": dense}, dense


@pytest.mark.parametrize("fmt", ["compact", "sequence", "matrix"])
def test_tridiagonal_matmul_and_solve_match_dense(fmt):
    d = RNG.normal(size=(2, 3, 5))
    d[:, 1] += 4.0  # diagonally dominant
    r = RNG.normal(size=(2, 5, 2))
    layouts, dense = _layouts(d)
    diagonals = layouts[fmt]
    # (TF's tridiagonal_solve reads rhs.shape.rank, and a compact diagonals' as given: a
    # NumPy array's shape has no rank)
    diagonals = tf.constant(diagonals) if fmt == "compact" else diagonals
    r = tf.constant(r)
    np.testing.assert_allclose(tf.linalg.tridiagonal_matmul(diagonals, r,
                                                            diagonals_format=fmt).numpy(),
                               dense @ r, atol=1e-12)
    np.testing.assert_allclose(tf.linalg.tridiagonal_solve(diagonals, r,
                                                           diagonals_format=fmt).numpy(),
                               np.linalg.solve(dense, r), atol=1e-12)
    np.testing.assert_allclose(
        tf.linalg.tridiagonal_solve(diagonals, tf.linalg.matrix_transpose(r), diagonals_format=fmt,
                                    transpose_rhs=True).numpy(),
        np.linalg.solve(dense, r), atol=1e-12)
    np.testing.assert_allclose(
        tf.linalg.tridiagonal_solve(diagonals, r[..., 0], diagonals_format=fmt).numpy(),
        np.linalg.solve(dense, r[..., :1])[..., 0], atol=1e-12)


def test_tridiagonal_gradients_and_errors():
    d = RNG.normal(size=(3, 4))
    d[1] += 4.0
    r = tf.constant(RNG.normal(size=(4, 2)))
    for f in (lambda v: tf.linalg.tridiagonal_solve(v, r),
              lambda v: tf.linalg.tridiagonal_matmul(v, r)):
        theoretical, numerical = tf.test.compute_gradient(f, [d])
        # the superdiagonal's last and the subdiagonal's first entries are unused: zero
        np.testing.assert_allclose(theoretical[0], numerical[0], atol=1e-8)
    with pytest.raises(ValueError, match="Unrecognized diagonals_format: bogus"):
        tf.linalg.tridiagonal_solve(d, r, diagonals_format="bogus")
    # TF's kernel answers a singular system with NaN (and a logged warning), not an error
    assert np.isnan(tf.linalg.tridiagonal_solve(tf.zeros((3, 4)), tf.ones((4, 1)))).all()
