"""tf.linalg.LinearOperator subclasses against their dense matrices.

Each operator's matmul, solve (with adjoint and adjoint_arg), determinant, log|det|, trace,
diag_part, adjoint and inverse must equal what NumPy computes from to_dense(); gradients
flow through the operator's parameters, and the same calls run inside tf.function.
TF's own printed output for these calls is checked in tests/guides/guide_linear_operators.py.
"""

from __future__ import annotations

import numpy as np
import pytest

import eagerflow as tf

_rng = np.random.default_rng(5)


def _pd(n: int, batch: tuple = ()) -> np.ndarray:
    a = _rng.uniform(-1, 1, batch + (n, n))
    return a @ np.swapaxes(a, -1, -2) + n * np.eye(n)


def _operators() -> dict:
    lo = np.tril(_rng.uniform(-1, 1, (3, 3))) + 3 * np.eye(3)
    full = tf.linalg.LinearOperatorFullMatrix(_pd(3))
    diag = tf.linalg.LinearOperatorDiag(_rng.uniform(1, 2, 3))
    return {
        "full": full,
        "full_batch": tf.linalg.LinearOperatorFullMatrix(_pd(2, (2,))),
        "diag": diag,
        "lower": tf.linalg.LinearOperatorLowerTriangular(lo),
        "identity": tf.linalg.LinearOperatorIdentity(3, dtype=tf.float64),
        "scaled": tf.linalg.LinearOperatorScaledIdentity(3, np.float64(2.5)),
        "tridiag": tf.linalg.LinearOperatorTridiag(
            [np.array([0., 1., 0.5]), np.array([4., 5., 6.]), np.array([0.3, 2., 0.])],
            diagonals_format="sequence"),
        "block": tf.linalg.LinearOperatorBlockDiag(
            [tf.linalg.LinearOperatorFullMatrix(_pd(2)), diag]),
        "kronecker": tf.linalg.LinearOperatorKronecker(
            [tf.linalg.LinearOperatorFullMatrix(_pd(2)), diag]),
        "composition": tf.linalg.LinearOperatorComposition([full, diag]),
        "low_rank": tf.linalg.LinearOperatorLowRankUpdate(
            diag, _rng.uniform(-1, 1, (3, 2)), diag_update=_rng.uniform(1, 2, 2)),
        "adjoint": full.adjoint(),
        "inverse": tf.linalg.LinearOperatorInversion(diag),
    }


OPS = _operators()


@pytest.mark.parametrize("name", sorted(OPS))
def test_against_dense(name: str) -> None:
    op = OPS[name]
    a = op.to_dense().numpy()
    n = a.shape[-1]
    assert tuple(op.shape) == a.shape
    x = _rng.uniform(-1, 1, a.shape[:-2] + (n, 2))
    for adjoint in (False, True):
        m = np.conj(np.swapaxes(a, -1, -2)) if adjoint else a
        np.testing.assert_allclose(op.matmul(x, adjoint=adjoint).numpy(), m @ x, rtol=1e-10)
        np.testing.assert_allclose(
            op.matmul(np.swapaxes(x, -1, -2), adjoint=adjoint, adjoint_arg=True).numpy(),
            m @ x, rtol=1e-10)
        np.testing.assert_allclose(op.solve(x, adjoint=adjoint).numpy(),
                                   np.linalg.solve(m, x), rtol=1e-8)
        np.testing.assert_allclose(op.matvec(x[..., 0], adjoint=adjoint).numpy(),
                                   (m @ x)[..., 0], rtol=1e-10)
    np.testing.assert_allclose(op.determinant().numpy(), np.linalg.det(a), rtol=1e-9)
    np.testing.assert_allclose(op.log_abs_determinant().numpy(),
                               np.linalg.slogdet(a)[1], rtol=1e-9)
    np.testing.assert_allclose(op.trace().numpy(), np.trace(a, axis1=-2, axis2=-1), rtol=1e-10)
    np.testing.assert_allclose(op.diag_part().numpy(), np.diagonal(a, axis1=-2, axis2=-1),
                               rtol=1e-10)
    np.testing.assert_allclose(op.adjoint().to_dense().numpy(), np.swapaxes(a, -1, -2),
                               rtol=1e-10)
    np.testing.assert_allclose(op.inverse().to_dense().numpy(), np.linalg.inv(a), rtol=1e-8)


@pytest.mark.parametrize("name", ["full", "diag", "tridiag", "kronecker", "low_rank"])
def test_traced_equals_eager(name: str) -> None:
    op = OPS[name]
    x = tf.constant(_rng.uniform(-1, 1, (op.shape[-1], 2)))
    f = tf.function(lambda v: (op.solve(v), op.log_abs_determinant()))
    for got, want in zip(f(x), (op.solve(x), op.log_abs_determinant())):
        np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-12)


def test_gradients_through_parameters() -> None:
    d = tf.Variable([1.0, 2.0, 4.0], dtype=tf.float64)
    m = tf.Variable(_pd(3))
    with tf.GradientTape() as tape:
        op = tf.linalg.LinearOperatorComposition(
            [tf.linalg.LinearOperatorFullMatrix(m), tf.linalg.LinearOperatorDiag(d)])
        y = tf.reduce_sum(op.solvevec(tf.ones(3, tf.float64))) + op.log_abs_determinant()
    gd, gm = tape.gradient(y, [d, m])
    # the same value through dense ops
    with tf.GradientTape() as tape:
        a = tf.matmul(m, tf.linalg.diag(d))
        y2 = tf.reduce_sum(tf.linalg.solve(a, tf.ones((3, 1), tf.float64))) + \
            tf.math.log(tf.abs(tf.linalg.det(a)))
    wd, wm = tape.gradient(y2, [d, m])
    np.testing.assert_allclose(y.numpy(), y2.numpy(), rtol=1e-10)
    np.testing.assert_allclose(gd.numpy(), wd.numpy(), rtol=1e-8)
    np.testing.assert_allclose(gm.numpy(), wm.numpy(), rtol=1e-8)


def test_variables_are_tracked() -> None:
    v = tf.Variable([1.0, 2.0])
    op = tf.linalg.LinearOperatorDiag(v)
    assert [x.name for x in op.trainable_variables] == [v.name]
