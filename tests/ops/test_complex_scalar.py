"""Complex Rsqrt and Log1p against TF 2.21's CPU results (Eigen's scalar complex_rsqrt and
generic log1p, on threads that flush denormals), recorded by record_complex_scalar.py into
complex_scalar_golden.json: every pair of 17 special parts (zeros, infinities, NaN,
denormals, 1e+-30, 1e+-300) and 400 random values of wide exponents."""

from __future__ import annotations

import json
import pathlib

import numpy as np
import pytest

import eagerflow as tf

pytestmark = pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU kernels' bits)

_GOLDEN = json.loads(pathlib.Path(__file__).with_name("complex_scalar_golden.json").read_text())


def _decode(pairs: list, dtype: str) -> np.ndarray:
    out = np.empty(len(pairs), dtype)
    out.real = [float.fromhex(r) for r, _ in pairs]
    out.imag = [float.fromhex(i) for _, i in pairs]
    return out


def _inputs(dtype: str) -> np.ndarray:
    with np.errstate(over="ignore"):
        return _decode(_GOLDEN["inputs"], "complex128").astype(dtype)


def _ulps(got: np.ndarray, want: np.ndarray) -> np.ndarray:
    """Units in the last place between parts (0 for the same bits, NaN matching NaN;
    infinite for a sign or special value that differs)."""
    def part(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        same = (np.isnan(a) & np.isnan(b)) | ((a == b) & (np.signbit(a) == np.signbit(b)))
        with np.errstate(all="ignore"):
            d = np.abs(a - b) / np.spacing(np.maximum(np.abs(a), np.abs(b)))
        return np.where(same, 0.0, np.where(np.isfinite(d), d, np.inf))
    return np.maximum(part(got.real, want.real), part(got.imag, want.imag))


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_rsqrt_is_tf_s_bit_for_bit(dtype):
    x = _inputs(dtype)
    want = _decode(_GOLDEN[f"rsqrt/{dtype}"], dtype)
    for got in (tf.math.rsqrt(x).numpy(), tf.function(tf.math.rsqrt)(tf.constant(x)).numpy()):
        bad = np.flatnonzero(_ulps(got, want) > 0)
        assert not len(bad), [(x[i], got[i], want[i]) for i in bad[:5]]


# (the special values where eagerflow's log1p differs from TF's, left: complex64's 2.5 - 0.5i
# a unit in the last place off (the C library's complex division and product round as TF's
# build does not quite say); complex128's -3e38 + 1e-310i (TF: imaginary part -pi, eagerflow
# +pi) and 1e300 - 2e-20i (TF: +0 imaginary part, eagerflow -0), denormal and underflowing
# parts whose signs TF's double arithmetic keeps otherwise)
_LOG1P_CLOSE = {"complex64": {complex(2.5, -0.5)},
                "complex128": {complex(-3e38, 1e-310), complex(1e300, -2e-20)}}


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_log1p_special_values(dtype):
    n = _GOLDEN["special"]
    x = _inputs(dtype)[:n]
    want = _decode(_GOLDEN[f"log1p/{dtype}"], dtype)[:n]
    for got in (tf.math.log1p(x).numpy(), tf.function(tf.math.log1p)(tf.constant(x)).numpy()):
        ulps = _ulps(got, want)
        bad = [i for i in np.flatnonzero(ulps > 0) if complex(x[i]) not in _LOG1P_CLOSE[dtype]]
        assert not bad, [(x[i], got[i], want[i]) for i in bad[:5]]


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_log1p_edge_values_named(dtype):
    # (NumPy's log1p gives inf +- pi/2 i for +-inf i, and drops the sign of -0)
    x = np.array([complex(0, np.inf), complex(0, -np.inf), complex(-0.0, 0.0)], dtype)
    got = tf.math.log1p(x).numpy()
    assert np.isnan(got[:2].real).all() and np.isnan(got[:2].imag).all()
    assert np.signbit(got[2].real) and not np.signbit(got[2].imag)


@pytest.mark.parametrize("dtype,exact", [("complex64", 0.9), ("complex128", 0.99)])
def test_log1p_random_values_within_two_ulps(dtype, exact):
    n = _GOLDEN["special"]
    x = _inputs(dtype)[n:]
    want = _decode(_GOLDEN[f"log1p/{dtype}"], dtype)[n:]
    ulps = _ulps(tf.math.log1p(x).numpy(), want)
    assert ulps.max() <= 2.0
    assert (ulps == 0).mean() >= exact


def test_real_log1p_and_rsqrt_keep_their_kernels():
    x = np.array([0.5, 1.0, 4.0], np.float64)
    np.testing.assert_array_equal(tf.math.log1p(x).numpy(), np.log1p(x))
    np.testing.assert_array_equal(tf.math.rsqrt(x).numpy(), 1 / np.sqrt(x))


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("exclusive", [False, True])
@pytest.mark.parametrize("reverse", [False, True])
def test_cumprod_of_special_values_is_tf_s(dtype, axis, exclusive, reverse):
    # (TF's scan multiplies from 1: packets' textbook products along an outer axis, C's
    # along the innermost one and past the last packet; NumPy's starts from the first value
    # and makes NaN of what C's keeps infinite)
    n = _GOLDEN["special"]
    side = int(round(n ** 0.5))
    grid = _inputs(dtype)[:n].reshape(side, side)
    want = _decode(_GOLDEN[f"cumprod/{dtype}/{axis}/{exclusive:d}{reverse:d}"], dtype)
    got = tf.math.cumprod(grid, axis, exclusive, reverse).numpy().ravel()
    bad = np.flatnonzero(_ulps(got, want) > 0)
    assert not len(bad), [(got[i], want[i]) for i in bad[:5]]


def test_finite_complex_cumprod_keeps_numpy_s_product():
    x = np.array([[1 + 2j, 3 - 1j, 0.5 + 0.25j]], np.complex128)
    np.testing.assert_array_equal(tf.math.cumprod(x, axis=1).numpy(), np.cumprod(x, axis=1))
