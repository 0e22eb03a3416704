"""The pure-Python special functions (special_scalars.py: the references of tf.math.special,
igamma and betainc, and their kernels without SciPy) against SciPy over wide grids, and
their behaviour at extreme arguments: a value (or NaN), never an exception or a hang."""

import itertools
import math

import numpy as np
import pytest

from eagerflow._src.ops import special_scalars as S

sp = pytest.importorskip("scipy.special")

XS = np.concatenate([np.linspace(0.01, 40, 160), [1e-300, 1e-8, 5e-4, 2e-3, 24.99, 25.01,
                                                   100, 1e3, 1e5]])


@pytest.mark.parametrize("scalar, ref, xs", [
    (S.bessel_j0, sp.j0, XS), (S.bessel_j1, sp.j1, np.concatenate([-XS, XS])),
    (lambda x: S.bessel_y(0, x), sp.y0, XS), (lambda x: S.bessel_y(1, x), sp.y1, XS),
    (lambda x: S.bessel_k(0, x, False), sp.k0, XS), (lambda x: S.bessel_k(1, x, False), sp.k1, XS),
    (lambda x: S.bessel_k(0, x, True), sp.k0e, XS), (lambda x: S.bessel_k(1, x, True), sp.k1e, XS),
    (S.dawsn, sp.dawsn, np.concatenate([-XS, XS])),
    (S.expint, sp.expi, np.concatenate([XS[:-2], [300.0, 700.0]])),
    (S.fresnel_sin, lambda x: sp.fresnel(x)[0], np.concatenate([-XS[:-1], XS[:-1]])),
    (S.fresnel_cos, lambda x: sp.fresnel(x)[1], np.concatenate([-XS[:-1], XS[:-1]])),
    (S.spence, sp.spence, np.concatenate([XS, [0.3, 0.5, 0.7, 1.0, 1.5, 2.0, 2.5, 3.0, 1e10]])),
])
def test_matches_scipy(scalar, ref, xs):
    got = np.array([scalar(float(x)) for x in xs])
    np.testing.assert_allclose(got, ref(xs), rtol=1e-12, atol=1e-14)


def test_incomplete_gamma_and_beta_match_scipy():
    a, x = (v.ravel() for v in np.meshgrid([0.01, 0.5, 1, 2.5, 10, 50, 300.0],
                                           [1e-5, 0.1, 0.5, 1, 2, 5, 10, 45, 60, 300, 1000]))
    for f, ref in ((S.igamma, sp.gammainc), (S.igammac, sp.gammaincc)):
        np.testing.assert_allclose([f(*v) for v in zip(a, x)], ref(a, x), rtol=1e-11,
                                   atol=1e-300)
    # dP/da against SciPy's P differentiated by central differences
    h = 1e-6
    fd = (sp.gammainc(a + h, x) - sp.gammainc(a - h, x)) / (2 * h)
    np.testing.assert_allclose([S.igamma_grad_a(*v) for v in zip(a, x)], fd, rtol=1e-5,
                               atol=1e-9)
    p, q, z = (v.ravel() for v in np.meshgrid([0.05, 0.5, 1, 3, 20, 200.0],
                                              [0.05, 0.5, 1, 3, 20, 200.0],
                                              [1e-4, 0.1, 0.3, 0.5, 0.9, 0.999]))
    np.testing.assert_allclose([S.betainc(*v) for v in zip(p, q, z)], sp.betainc(p, q, z),
                               rtol=1e-11, atol=1e-300)


EXTREME = [-3.4e38, -25.0, -1.0, -1e-300, -0.0, 0.0, 5e-324, 1e-300, 1e-5, 0.5, 1.0, 24.999,
           25.0, 40.0, 709.0, 800.0, 1e5, 3.4e38, 1.7e308, math.inf, -math.inf, math.nan]


def test_extreme_arguments_give_values_not_exceptions():
    unary = [S.bessel_j0, S.bessel_j1, S.dawsn, S.expint, S.fresnel_sin, S.fresnel_cos,
             S.spence, *(lambda x, o=o: S.bessel_y(o, x) for o in (0, 1)),
             *(lambda x, o=o, e=e: S.bessel_k(o, x, e) for o in (0, 1) for e in (0, 1))]
    for f, v in itertools.product(unary, EXTREME):
        assert isinstance(f(v), float)
    for a, x in itertools.product(EXTREME, EXTREME):
        for f in (S.igamma, S.igammac, S.igamma_grad_a):
            assert isinstance(f(a, x), float)
    for a, b, x in itertools.product(EXTREME[::3], EXTREME[::3], [0.0, 0.3, 1.0, math.nan]):
        assert isinstance(S.betainc(a, b, x), float)
