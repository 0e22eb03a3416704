"""tf.math.lgamma gives TF 2.21's CPU values bit for bit at every tensor size, float64
and float32: TF calls glibc's lgamma / lgammaf per value, eagerflow runs glibc's
algorithms vectorized (ops/special_lgamma.py). lgamma_bits.npz holds TF 2.21's outputs
(recorded by benchmarks/ulp32/special.py lgamma) on 5,378 values per dtype: specials,
denormals, glibc's intervals' bounds and their neighbours, values near 1 and 2, negative
non-integers of every range, magnitudes to the largest. The property tests compare with
this machine's glibc through ctypes (skipped where there is none)."""

import ctypes
import ctypes.util
import math
import pathlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.ops import special_lgamma

pytestmark = pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU kernels' bits)

FIXTURE = np.load(pathlib.Path(__file__).with_name("lgamma_bits.npz"))
SMALLEST_NORMAL = np.finfo(np.float64).tiny


def _glibc() -> ctypes.CDLL | None:
    """This machine's libm where it is the glibc whose algorithms special_lgamma.py
    reproduces: 2.28 (ARM's logf, sinf, cosf) to 2.41 (before CORE-MATH's lgamma)."""
    name = ctypes.util.find_library("m")
    if name is None or not special_lgamma.available():
        return None
    try:  # (available(): a glibc of those versions)
        libm = ctypes.CDLL(name)
        for fn in (libm.lgamma, libm.log):
            fn.restype, fn.argtypes = ctypes.c_double, [ctypes.c_double]
        for fn in (libm.lgammaf, libm.logf, libm.sinf, libm.cosf):
            fn.restype, fn.argtypes = ctypes.c_float, [ctypes.c_float]
        return libm
    except (OSError, AttributeError, ValueError):
        return None


LIBM = _glibc()
needs_glibc = pytest.mark.skipif(LIBM is None, reason="no glibc 2.28-2.41 libm to compare with")


def _bits(v: np.ndarray) -> np.ndarray:
    v = np.asarray(v)
    return v.view(np.uint32 if v.dtype == np.float32 else np.uint64)


def _glibc_lgamma(x: np.ndarray) -> np.ndarray:
    """glibc's lgamma of each value as TF's threads see it: a denormal reads as zero,
    TF's recorded constant for it (-log(2**-1075))."""
    out = np.array([LIBM.lgamma(v) for v in x.tolist()], np.float64)
    out[(np.abs(x) > 0) & (np.abs(x) < SMALLEST_NORMAL)] = special_lgamma.DENORMAL
    return out


@pytest.mark.parametrize("d", ["64", "32"])
def test_every_recorded_value_is_tfs_at_every_size(d):
    x, want = FIXTURE["x" + d], FIXTURE["y" + d]
    assert (_bits(tf.math.lgamma(x).numpy()) == _bits(want)).all()
    for size in (1, 3, 7, 8, 100):  # (the scalar path and packets' sizes alike)
        got = np.concatenate([tf.math.lgamma(x[i:i + size]).numpy()
                              for i in range(0, 800, size)])
        assert (_bits(got) == _bits(want[:got.size])).all()


def test_a_traced_call_is_the_same():
    x, want = FIXTURE["x64"][:300], FIXTURE["y64"][:300]
    traced = tf.function(lambda v: tf.math.lgamma(v))
    assert (_bits(traced(tf.constant(x)).numpy()) == _bits(want)).all()


def test_the_edges():
    x = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, -1.0, -3.0, -28.0, -2.0 ** 53, 1.0, 2.0,
                  5e-324, -1e-310])
    got = tf.math.lgamma(x).numpy()
    assert list(got[:4]) == [np.inf] * 4 and np.isnan(got[4])
    assert list(got[5:9]) == [np.inf] * 4 and list(got[9:11]) == [0.0, 0.0]
    assert list(got[11:]) == [special_lgamma.DENORMAL] * 2


def test_near_two_the_sign_is_glibcs_not_scipys():
    # (TF 2.21 recorded; SciPy's gammaln(2 - 2**-52) is +1.1e-16, its error near 2 absolute)
    got = tf.math.lgamma(np.full(10, 2 - 2.0 ** -52)).numpy()
    assert (got == float.fromhex("-0x1.b0ee6072093cdp-54")).all()


@needs_glibc
@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 2 ** 64 - 1), min_size=1, max_size=300))
def test_any_bit_pattern_is_glibcs(words):
    x = np.array(words, np.uint64).view(np.float64)
    assert (_bits(tf.math.lgamma(x).numpy()) == _bits(_glibc_lgamma(x))).all()


@needs_glibc
@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(-40, 40, allow_nan=False), min_size=1, max_size=300))
def test_moderate_values_are_glibcs(values):
    x = np.array(values, np.float64)
    assert (_bits(tf.math.lgamma(x).numpy()) == _bits(_glibc_lgamma(x))).all()


@needs_glibc
def test_90000_draws_are_glibcs():
    rng = np.random.default_rng(3)
    x = np.concatenate([rng.uniform(-30, 10, 60_000), np.exp(rng.uniform(-40, 40, 20_000)),
                        1 + rng.integers(-2 ** 24, 2 ** 24, 10_000) * 2.0 ** -52])
    assert (_bits(special_lgamma.lgamma64(x)) == _bits(_glibc_lgamma(x))).all()


@needs_glibc
@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(SMALLEST_NORMAL, 1.7e308), min_size=1, max_size=300))
def test_the_log_step_is_glibcs(values):
    x = np.array(values, np.float64)
    want = np.array([LIBM.log(v) for v in values])
    assert (_bits(special_lgamma.log(x)) == _bits(want)).all()
    assert [math.log(v) for v in values] == want.tolist()  # (its fallback is glibc's too)


def _glibc_lgammaf(x: np.ndarray) -> np.ndarray:
    return np.array([LIBM.lgammaf(v) for v in x.tolist()], np.float32)


@needs_glibc
@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0x00800000, 0x7F7FFFFF), min_size=1, max_size=300))
def test_any_positive_float32_is_glibcs(words):
    x = np.array(words, np.uint32).view(np.float32)
    assert (_bits(tf.math.lgamma(x).numpy()) == _bits(_glibc_lgammaf(x))).all()
    want = np.array([LIBM.logf(v) for v in x.tolist()], np.float32)
    assert (_bits(special_lgamma.logf(x)) == _bits(want)).all()


@needs_glibc
@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0x80800000, 0xCB7FFFFF), min_size=1, max_size=300))
def test_any_negative_float32_is_glibcs(words):
    # (the reflection's path, lgammaf_neg's range and the integers per value)
    x = np.array(words, np.uint32).view(np.float32)
    assert (_bits(tf.math.lgamma(x).numpy()) == _bits(_glibc_lgammaf(x))).all()


@needs_glibc
@settings(max_examples=30, deadline=None)
@given(st.lists(st.floats(-0.78125, 0.78125, width=32), min_size=1, max_size=300))
def test_the_sin_and_cos_steps_are_glibcs(values):
    x = np.array(values, np.float32)
    for mine, theirs in ((special_lgamma._sinf, LIBM.sinf), (special_lgamma._cosf, LIBM.cosf)):
        want = np.array([theirs(v) for v in values], np.float32)
        assert (_bits(mine(x)) == _bits(want)).all()


@needs_glibc
def test_90000_float32_draws_are_glibcs():
    rng = np.random.default_rng(4)
    x = np.concatenate([rng.uniform(-2, 20, 60_000), np.exp(rng.uniform(-80, 80, 20_000)),
                        1 + rng.uniform(-0.01, 0.01, 10_000)]).astype(np.float32)
    assert (_bits(tf.math.lgamma(x).numpy()) == _bits(_glibc_lgammaf(x))).all()
