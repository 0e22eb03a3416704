"""tf.math special functions: the pure-Python path (used without SciPy) against SciPy, edge
values against TF's conventions, and gradients through the public API."""

import math

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import numpy as cpu_backend
from eagerflow._src.ops import math_special as S

sp = pytest.importorskip("scipy.special")

GRID = np.linspace(-4.75, 6.0, 87)


@pytest.mark.parametrize("scalar, ref, xs", [
    (S.lgamma_scalar, sp.gammaln, GRID),
    (S.digamma_scalar, lambda x: np.where((x <= 0) & (x == np.floor(x)), np.nan, sp.psi(x)),
     GRID),  # (TF's NaN at the poles)
    (S.erfinv_scalar, sp.erfinv, np.linspace(-0.999999, 0.999999, 101)),
    (S.erfcinv_scalar, sp.erfcinv, np.concatenate([np.logspace(-300, 0, 60), [1.5, 1.999]])),
    (S.ndtri_scalar, sp.ndtri, np.concatenate([np.logspace(-300, -1, 40), [0.3, 0.5, 0.9999]])),
])
def test_scalar_path_matches_scipy(scalar, ref, xs):
    got = np.array([scalar(float(x)) for x in xs])
    np.testing.assert_allclose(got, ref(xs), rtol=1e-12, atol=1e-13)


def test_zeta_and_polygamma_scalar_paths_match_scipy():
    s = np.array([1.5, 2.0, 3.0, 4.5, 10.0])
    q = np.array([0.25, 1.0, 2.5, 7.0, 30.0])
    got = np.array([[S.zeta_scalar(a, b) for b in q] for a in s])
    np.testing.assert_allclose(got, sp.zeta(s[:, None], q[None, :]), rtol=1e-12)
    for n in (1, 2, 3):
        got = np.array([S.polygamma_scalar(n, x) for x in q])
        np.testing.assert_allclose(got, sp.polygamma(n, q), rtol=1e-11)


def test_kernels_without_scipy_use_scalar_path(monkeypatch):
    monkeypatch.setitem(cpu_backend._SCIPY, "mod", None)
    x = tf.constant([0.5, 3.0, -1.5, 0.0], tf.float64)
    np.testing.assert_allclose(tf.math.lgamma(x).numpy(), [S.lgamma_scalar(v) for v in
                                                            [0.5, 3.0, -1.5, 0.0]])
    d = tf.math.digamma(x).numpy()
    assert np.isnan(d[3]) and d[0] == pytest.approx(-1.9635100260214235, rel=1e-13)
    z = tf.math.zeta(tf.constant([2.0], tf.float64), tf.constant([1.0], tf.float64))
    assert z.numpy()[0] == pytest.approx(math.pi ** 2 / 6, rel=1e-13)
    assert tf.math.erfinv(tf.zeros([0])).shape == (0,)


def test_tf_edge_conventions():
    assert np.isnan(tf.math.digamma(tf.constant([0.0, -2.0])).numpy()).all()
    assert np.isinf(tf.math.lgamma(tf.constant([0.0, -3.0])).numpy()).all()
    np.testing.assert_array_equal(tf.math.erfinv(tf.constant([1.0, -1.0])).numpy(),
                                  [np.inf, -np.inf])
    assert np.isnan(tf.math.erfinv(tf.constant(1.5)).numpy())
    np.testing.assert_array_equal(tf.math.ndtri(tf.constant([0.0, 1.0])).numpy(),
                                  [-np.inf, np.inf])
    np.testing.assert_array_equal(
        tf.math.xlogy(tf.constant([0.0, 0.0]), tf.constant([0.0, np.nan])).numpy(), [0, 0])
    np.testing.assert_array_equal(tf.math.xdivy(tf.constant([1.0]), tf.constant([0.0])).numpy(),
                                  [np.inf])
    np.testing.assert_array_equal(tf.math.rint(tf.constant([0.5, 1.5, -2.5])).numpy(),
                                  [0.0, 2.0, -2.0])
    np.testing.assert_array_equal(tf.math.reciprocal_no_nan(tf.constant([0.0, 4.0])).numpy(),
                                  [0.0, 0.25])


@pytest.mark.parametrize("dtype, at_zero", [(np.float16, np.nan), (np.float32, np.nan),
                                             (np.float64, -np.inf)])
def test_bessel_y1_at_zero_is_tfs(dtype, at_zero):
    # TF 2.21: its single precision Y1 (half goes through it) is -inf only below 0; at +-0
    # its small-x formula gives NaN. Double's is -inf on the whole axis x <= 0. Y0 is -inf
    # at 0 in every precision.
    x = np.array([0.0, -0.0, -1.0, -1e-3, 1.0, np.inf, np.nan], dtype)
    y1 = tf.math.special.bessel_y1(x).numpy()
    np.testing.assert_array_equal(y1[:4], [at_zero, at_zero, -np.inf, -np.inf])
    np.testing.assert_allclose(y1[4], -0.7812128, rtol=1e-3)
    assert np.isnan(y1[5:]).all() and y1.dtype == dtype
    np.testing.assert_array_equal(tf.math.special.bessel_y0(x).numpy()[:2], [-np.inf, -np.inf])


def test_xlogy_gradient_is_zero_where_x_is_zero():
    x = tf.constant([0.0, 2.0], tf.float64)
    y = tf.constant([0.0, 3.0], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch([x, y])
        z = tf.math.xlogy(x, y)
    gx, gy = tape.gradient(z, [x, y])
    np.testing.assert_allclose(gx.numpy(), [0.0, math.log(3.0)])
    np.testing.assert_allclose(gy.numpy(), [0.0, 2.0 / 3.0])


def test_log_sigmoid_is_stable_and_differentiable():
    x = tf.constant([-1000.0, 0.0, 1000.0], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.math.log_sigmoid(x)
    np.testing.assert_allclose(y.numpy(), [-1000.0, -math.log(2.0), 0.0])
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [1.0, 0.5, 0.0])


def test_lgamma_second_derivative_is_trigamma():
    x = tf.constant([0.7, 2.5], tf.float64)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.math.lgamma(x)
        g = inner.gradient(y, x)
    np.testing.assert_allclose(g.numpy(), sp.psi([0.7, 2.5]), rtol=1e-12)
    np.testing.assert_allclose(outer.gradient(g, x).numpy(), sp.polygamma(1, [0.7, 2.5]),
                               rtol=1e-12)


@pytest.mark.parametrize("scalar, ref", [
    (S.bessel_i0_scalar, sp.i0), (S.bessel_i1_scalar, sp.i1),
    (S.bessel_i0e_scalar, sp.i0e), (S.bessel_i1e_scalar, sp.i1e),
])
def test_bessel_scalar_path_matches_scipy(scalar, ref):
    xs = np.linspace(-20, 20, 81)
    np.testing.assert_allclose([scalar(float(x)) for x in xs], ref(xs), rtol=1e-12, atol=1e-300)


def test_erfcinv_inverts_erfc():
    y = np.array([1e-30, 0.01, 0.5, 1.0, 1.7, 1.999])
    np.testing.assert_allclose(tf.math.erfcinv(tf.constant(y)).numpy(), sp.erfcinv(y),
                               rtol=1e-12, atol=1e-15)
