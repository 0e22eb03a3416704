"""Circulant (1-3-D), Householder, Permutation, Toeplitz, Zeros and BlockLowerTriangular
against TF 2.21 (operators_golden.json, recorded by make_operators_golden.py): names,
dtypes, shapes, hints, every method's values, and the errors of bad constructions; then
against their own dense matrices (NumPy), gradients and tf.function."""

from __future__ import annotations

import builtins
import json
import os

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import decode_array
from tests.linear_operator.operator_cases import bad_constructions, operators, record

with open(os.path.join(os.path.dirname(__file__), "operators_golden.json")) as f:
    GOLDEN = json.load(f)

# Where TF 2.21 itself fails: eagerflow computes the answer (checked against NumPy below).
TF_FAILS = {
    # the spectrum is complex128 but the operator complex64: TF's solve mixes the two
    ("circulant_batch", "solve"), ("circulant_batch", "solve_adjoint"),
    # an int64 `perm` is compared with an int32 range inside TF
    *(("permutation_odd", m) for m in ("to_dense", "determinant", "trace", "diag_part",
                                       "adjoint")),
}
# TF's message names a generator object (its own bug): the class is compared.
OWN_MESSAGE = {"block_lower_dtypes"}


def _error_class(name):
    return getattr(tf.errors, name, None) or getattr(builtins, name)


@pytest.mark.parametrize("name", sorted(GOLDEN["operators"]))
def test_matches_tf(name):
    want = GOLDEN["operators"][name]
    got = record(tf, operators(tf)[name]())
    for key in ("name", "dtype", "shape", "hints", "adjoint_dtype"):
        assert got[key] == want[key], key
    for method, w in want.items():
        if not isinstance(w, dict):
            continue
        g = got[method]
        if "error" in w:
            if (name, method) in TF_FAILS:
                continue
            assert isinstance(g, dict) and g["error"] == w["error"], (method, g)
            assert g["message"] == w["message"], method
            continue
        assert not isinstance(g, dict), (method, g)
        w = decode_array(w)
        assert g.dtype == w.dtype and g.shape == w.shape, method
        tol = 1e-4 if w.dtype in (np.float32, np.complex64) else 1e-9
        np.testing.assert_allclose(g, w, rtol=tol, atol=tol, err_msg=method)


@pytest.mark.parametrize("name", sorted(GOLDEN["bad"]))
def test_bad_constructions_match_tf(name):
    want = GOLDEN["bad"][name]
    build = bad_constructions(tf)[name]
    if want is None:
        build()
        return
    with pytest.raises(_error_class(want["error"])) as info:
        build()
    if name not in OWN_MESSAGE:
        assert str(info.value) == want["message"]


@pytest.mark.parametrize("name", sorted(GOLDEN["operators"]))
def test_against_own_dense_matrix(name):
    op = operators(tf)[name]()
    a = op.to_dense().numpy()
    rng = np.random.default_rng(1)
    x = rng.uniform(-1, 1, a.shape[:-2] + (a.shape[-1], 3)).astype(a.dtype)
    np.testing.assert_allclose(op.matmul(x).numpy(), a @ x, rtol=1e-4, atol=1e-5)
    if op.is_non_singular is not False and op.is_square:
        np.testing.assert_allclose(op.solve(x).numpy(), np.linalg.solve(a, x), rtol=1e-3,
                                   atol=1e-4)
        np.testing.assert_allclose(op.solve(x, adjoint=True).numpy(),
                                   np.linalg.solve(np.conj(np.swapaxes(a, -1, -2)), x),
                                   rtol=1e-3, atol=1e-4)
        np.testing.assert_allclose(op.determinant().numpy(), np.linalg.det(a), rtol=1e-4,
                                   atol=1e-5)


def test_gradients_flow_to_parameters():
    spectrum = tf.Variable(np.fft.fft([3.0, 1.0, 0.5]).astype(np.complex128))
    axis = tf.Variable([1.0, 2.0, 2.0], dtype=tf.float64)
    col = tf.Variable([4.0, 1.0, 0.5], dtype=tf.float64)
    x = tf.constant(np.random.default_rng(0).uniform(-1, 1, (3, 2)))
    with tf.GradientTape(persistent=True) as tape:
        c = tf.linalg.LinearOperatorCirculant(spectrum, input_output_dtype=tf.complex128)
        h = tf.linalg.LinearOperatorHouseholder(axis)
        t = tf.linalg.LinearOperatorToeplitz(col, col)
        yc = tf.reduce_sum(tf.math.real(c.matmul(tf.cast(x, tf.complex128))))
        yh = tf.reduce_sum(h.matmul(x))
        yt = tf.reduce_sum(t.solve(x))
    with tf.GradientTape(persistent=True) as dense:
        ah = tf.eye(3, dtype=tf.float64) - 2 * tf.tensordot(axis, axis, 0) / tf.reduce_sum(
            axis * axis)
        zh = tf.reduce_sum(tf.matmul(ah, x))
    np.testing.assert_allclose(tape.gradient(yh, axis).numpy(),
                               dense.gradient(zh, axis).numpy(), rtol=1e-10)
    assert tape.gradient(yc, spectrum) is not None
    assert tape.gradient(yt, col) is not None


def test_in_a_function():
    op = tf.linalg.LinearOperatorCirculant2D(np.fft.fft2(np.eye(2) + 1).astype(np.complex64))
    x = tf.constant(np.ones((4, 1), np.complex64))
    f = tf.function(lambda v: op.solve(v))
    np.testing.assert_allclose(f(x).numpy(), op.solve(x).numpy(), rtol=1e-6)
    perm = tf.linalg.LinearOperatorPermutation([2, 0, 1])
    g = tf.function(lambda v: perm.matvec(v, adjoint=True))
    np.testing.assert_allclose(g(tf.constant([1.0, 2.0, 3.0])).numpy(), [2.0, 3.0, 1.0])
