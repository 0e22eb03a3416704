"""tf.linalg expm, sqrtm, logm and eigh_tridiagonal against TF 2.21's results (recorded in
linalg_matfunc_golden.json by make_linalg_matfunc_golden.py): values, gradients at chosen
points, error classes and messages. The generic registry suites cover the three OpDefs
(kernel against SciPy's functions, numeric gradients, eager == graph)."""

import builtins
import json
import os

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import as_recorded, decode_array
from tests.ops.linalg_matfunc_cases import calls

with open(os.path.join(os.path.dirname(__file__), "linalg_matfunc_golden.json")) as f:
    GOLDEN = json.load(f)["cases"]

# Errors TF raises from inside its composite where eagerflow's message is its own (none
# now: expm of a vector fails in the MatMul TF's does).
OWN_MESSAGE: set = set()
# Eigenvectors are defined up to a sign (a unit factor): compared column by column.
VECTORS = {"eht_vectors"}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_matches_tf(name):
    want = GOLDEN[name]
    call = calls(tf)[name]
    if "error" in want:
        error = getattr(tf.errors, want["error"], None) or getattr(builtins, want["error"])
        with pytest.raises(error) as info:
            call()
        if name not in OWN_MESSAGE:
            assert as_recorded(str(info.value)) == want["message"]
        else:
            assert as_recorded(str(info.value)) != want["message"], "TF's now: not OWN_MESSAGE"
        return
    got = call()
    got = got if isinstance(got, tuple) else (got,)
    assert len(got) == len(want["value"])
    for g, w in zip(got, want["value"]):
        w = decode_array(w)
        g = np.asarray(g)
        assert g.dtype == w.dtype and g.shape == w.shape
        if name in VECTORS and g.ndim == 2:
            g = g * np.sign(np.sum(g * w, axis=0))
        tol = 2e-4 if w.dtype in (np.float32, np.complex64) else 1e-9
        np.testing.assert_allclose(g, w, rtol=tol, atol=tol * np.abs(w).max(initial=1.0))


def test_expm_second_order_through_the_op():
    x = tf.constant([[0.3, -0.2], [0.5, 0.1]], tf.float64)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(tf.linalg.expm(x) ** 2)
        g = inner.gradient(y, x)
        s = tf.reduce_sum(g)
    h = outer.gradient(s, x).numpy()
    eps = 1e-5

    def first(a):
        with tf.GradientTape() as t:
            a = tf.constant(a)
            t.watch(a)
            z = tf.reduce_sum(tf.linalg.expm(a) ** 2)
        return float(tf.reduce_sum(t.gradient(z, a)))

    base = x.numpy()
    numeric = np.zeros_like(base)
    for i, j in np.ndindex(2, 2):
        d = np.zeros_like(base)
        d[i, j] = eps
        numeric[i, j] = (first(base + d) - first(base - d)) / (2 * eps)
    np.testing.assert_allclose(h, numeric, rtol=1e-6)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex128])
def test_expm_takes_each_matrix_on_its_own(dtype):
    # TF selects the Padé degree and the squarings per matrix (with `where`), so a matrix's
    # exponential does not depend on its batch-mates' norms (but for one not finite)
    rng = np.random.default_rng(3)
    mats = [rng.uniform(-1, 1, (4, 4)) * s for s in (1e-3, 0.3, 1.5, 3.0, 12.0, 200.0)]
    batch = tf.linalg.expm(np.stack(mats).astype(dtype)).numpy()
    for m, e in zip(mats, batch):
        np.testing.assert_array_equal(tf.linalg.expm(m.astype(dtype)).numpy(), e)
    nan = tf.linalg.expm(np.stack([mats[0], mats[1] * np.inf]).astype(dtype)).numpy()
    assert np.isnan(nan).all()


def test_expm_of_a_batch_not_finite_or_empty_has_no_gradient():
    # TF 2.21: when the batch's largest 1-norm is not finite (inf or NaN in any matrix, or
    # an empty batch, whose norm is -inf) expm returns a NaN fill made apart from the input,
    # and the eager tape's gradient is None; otherwise the exact derivative
    for x in ([[1.0, np.inf], [0.5, 2.0]], [[[1.0, 2.0], [0.5, 2.0]], [[1.0, np.nan], [0.5, 2.0]]],
              np.zeros((0, 4, 4))):
        x = tf.constant(x, tf.float32)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.linalg.expm(x)
        assert np.isnan(y.numpy()).all()
        assert tape.gradient(tf.reduce_sum(y), x) is None
    x = tf.constant([[1.0, 2.0], [0.5, 2.0]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.linalg.expm(x))
    np.testing.assert_allclose(tape.gradient(y, x).numpy(),
                               [[10.637848, 9.268974], [20.649403, 18.2248]], rtol=2e-6)


def test_logm_has_no_gradient():
    # TF has no gradient for MatrixLogarithm (LookupError); eagerflow's tape gives None for
    # every op without one (as for Lu).
    x = tf.constant([[2.0, 1.0], [0.0, 3.0]], tf.complex64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.linalg.logm(x)
    assert tape.gradient(y, x) is None


def test_sqrtm_squares_back_and_works_in_a_function():
    rng = np.random.default_rng(0)
    a = rng.uniform(-1, 1, (3, 5, 5)) + 5 * np.eye(5)
    s = tf.function(tf.linalg.sqrtm)(a).numpy()
    np.testing.assert_allclose(s @ s, a, atol=1e-10)
    e = tf.function(tf.linalg.expm)(a).numpy()
    np.testing.assert_allclose(tf.linalg.logm(e.astype(np.complex128)).numpy(), a, atol=1e-8)


def test_eigh_tridiagonal_dynamic_select_in_a_function():
    f = tf.function(lambda a, b: tf.linalg.eigh_tridiagonal(a, b, select="v",
                                                            select_range=[0.0, 2.5]))
    out = f(tf.constant([1.0, 2.0, 3.0]), tf.constant([0.5, 0.5]))
    np.testing.assert_allclose(out.numpy(), GOLDEN["eht_v"]["value"][0]["real"], rtol=1e-6)


@pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU kernel's results)
def test_sqrtm_gradient_of_a_zero_matrix_raises_as_tfs():
    # TF 2.21: the zero matrix's square root is NaN (its Schur recurrence divides 0 by 0),
    # and the gradient's MatrixSolve of the all-NaN Kronecker sum refuses it (recorded)
    x = tf.zeros((2, 2), tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.linalg.sqrtm(x)
    assert np.isnan(y.numpy()).all()
    with pytest.raises(tf.errors.InvalidArgumentError, match="Input matrix is not invertible"):
        tape.gradient(y, x)
