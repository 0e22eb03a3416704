"""libm_exact's logf and sincosf equal glibc's over the inputs TF's Box-Muller gives them.

libm_hashes.json holds the SHA-256 of glibc's results (written by libm_hashes.py through
ctypes): over every 61st input by default, over all 2**23 with EAGERFLOW_FUZZ=long. Where the
running C library is glibc, its results are also compared directly on a sample.
"""

import ctypes
import ctypes.util
import json
import os
import platform
import sys

import numpy as np
import pytest

from eagerflow._src.ops import libm_exact

sys.path.insert(0, os.path.dirname(__file__))
import libm_hashes as H  # noqa: E402

with open(os.path.join(os.path.dirname(__file__), "libm_hashes.json")) as _f:
    HASHES = json.load(_f)

LONG = os.environ.get("EAGERFLOW_FUZZ") == "long"


def _chunked(f, x, n=1 << 16):
    parts = [f(np, x[i:i + n]) for i in range(0, len(x), n)]
    return [np.concatenate(p) for p in zip(*parts)] if isinstance(parts[0], tuple) else \
        np.concatenate(parts)


@pytest.mark.parametrize("which", ["all"] if LONG else ["every61"])
def test_matches_glibc_on_box_muller_inputs(which):
    u1, theta = H.inputs()
    if which == "every61":
        u1, theta = u1[::61], theta[::61]
    assert H.digest(_chunked(libm_exact.logf, u1)) == HASHES[which]["logf"]
    assert H.digest(*_chunked(libm_exact.sincosf, theta)) == HASHES[which]["sincosf"]


def _glibc():
    if platform.system() != "Linux" or platform.libc_ver()[0] != "glibc":
        return None
    return ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")


@pytest.mark.skipif(_glibc() is None, reason="the C library is not glibc")
def test_matches_the_running_glibc_on_a_sample():
    libm = _glibc()
    logf, sinf, cosf = libm.logf, libm.sinf, libm.cosf
    for f in (logf, sinf, cosf):
        f.restype, f.argtypes = ctypes.c_float, [ctypes.c_float]
    u1, theta = H.inputs()
    pick = np.random.default_rng(7).integers(0, 1 << 23, 3000)
    got_log = libm_exact.logf(np, u1[pick])
    got_sin, got_cos = libm_exact.sincosf(np, theta[pick])
    want = [np.array([f(float(x)) for x in xs], np.float32)
            for f, xs in ((logf, u1[pick]), (sinf, theta[pick]), (cosf, theta[pick]))]
    np.testing.assert_array_equal(got_log, want[0])
    np.testing.assert_array_equal(got_sin, want[1])
    np.testing.assert_array_equal(got_cos, want[2])


def test_log64_is_the_c_library_log():
    import math

    x = np.random.default_rng(3).random(500) + 1e-9
    np.testing.assert_array_equal(libm_exact.log64(np, x), [math.log(v) for v in x])


def _log64_inputs():
    """Doubles of every kind log64 may see: Box-Muller's uniforms (k * 2**-52, clamped to
    1e-7), the whole positive range, values next to 1, powers of 2 and their neighbours,
    subnormals and arbitrary bit patterns."""
    rng = np.random.default_rng(11)
    n = 1 << 17 if not LONG else 1 << 22
    near_one = 1 + rng.uniform(-1e-3, 1e-3, n) * rng.choice([1, 1e-5, 1e-10, 1e-14], n)
    powers = np.ldexp(1.0, rng.integers(-1074, 1024, n)) * rng.choice(
        [1, 1 + 2**-52, 1 - 2**-53, 1.5], n)
    return np.concatenate([
        np.maximum(rng.integers(0, 1 << 52, n).astype(np.float64) * 2.0**-52, 1e-7),
        np.exp(rng.uniform(-745, 709, n)), near_one, powers[np.isfinite(powers)],
        rng.integers(1, 0x7FF0000000000000, n, dtype=np.int64).view(np.float64),
        [1.0, 2.0, 0.5, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
         np.inf, np.nan, 1 + 2**-52, 1 - 2**-53]])


def test_log64_matches_math_log_bit_for_bit_everywhere():
    import math

    x = _log64_inputs()
    want = np.fromiter(map(math.log, x.tolist()), np.float64, x.size)
    got = libm_exact.log64(np, x)
    assert got.shape == x.shape
    np.testing.assert_array_equal(got.view(np.uint64), want.view(np.uint64))
    # shapes pass through; zeros and negatives raise as math.log does
    assert libm_exact.log64(np, x[:12].reshape(3, 4)).shape == (3, 4)
    for bad in (0.0, -1.0, -np.inf):
        with pytest.raises(ValueError):
            libm_exact.log64(np, np.array([2.0, bad]))


def test_log64_computed_where_numpy_calls_no_c_library_log(monkeypatch):
    # where NumPy's loops all run its own log (backend.c_log gives None), log64 computes
    # the C library's in double-double: the same bits, the same errors
    import math

    monkeypatch.setattr(libm_exact, "c_log", lambda x: None)
    x = _log64_inputs()
    want = np.fromiter(map(math.log, x.tolist()), np.float64, x.size)
    np.testing.assert_array_equal(libm_exact.log64(np, x).view(np.uint64),
                                  want.view(np.uint64))
    with pytest.raises(ValueError):
        libm_exact.log64(np, np.array([2.0, 0.0]))


def test_c_log_is_the_c_library_log_backwards():
    import math

    from eagerflow._src.backend import c_log

    x = np.random.default_rng(5).random(70000) + 1e-300
    got = c_log(x)
    if got is None:
        pytest.skip("this NumPy has no loop calling the C library's log")
    assert got.flags.c_contiguous
    want = np.fromiter(map(math.log, x.tolist()), np.float64, x.size)
    np.testing.assert_array_equal(got[::-1].view(np.uint64), want.view(np.uint64))


def _logf_one(bits: int) -> float:
    """glibc's logf steps for one float32 (its bits), on Python floats (doubles, one
    rounding an operation as NumPy's), whatever the input: the reference of the arrays'."""
    tmp = (bits - 0x3F330000) & 0xFFFFFFFF
    signed = tmp - (1 << 32) if tmp >> 31 else tmp
    i, k = (tmp >> 19) & 15, signed >> 23
    iz = (bits - (tmp & 0xFF800000)) & 0xFFFFFFFF
    z = float(np.uint32(iz).view(np.float32))
    r = z * float(libm_exact._LOGF_INVC[i]) - 1.0
    y0 = k * libm_exact._LN2 + float(libm_exact._LOGF_LOGC[i])
    r2 = r * r
    y = r * libm_exact._LOGF_A[1] + libm_exact._LOGF_A[2]
    y = (y + r2 * libm_exact._LOGF_A[0]) * r2
    return y + (y0 + r)


def test_logf_arrays_follow_glibc_steps_for_every_kind_of_input():
    # the NumPy form reads k log 2 + log c from a table over tmp >> 19: for normal,
    # subnormal, negative, zero, infinite and NaN inputs alike, the same steps' bits
    bits = np.concatenate([np.arange(0, 1 << 32, 40009, dtype=np.uint64),
                           [0, 1, 0x7F800000, 0xFF800000, 0x7FC00000, 0x80000000,
                            0x007FFFFF, 0x00800000, 0x7F7FFFFF, 0xFFFFFFFF]]).astype(np.uint32)
    with np.errstate(all="ignore"):
        got = libm_exact.logf(np, bits.view(np.float32))
        want = np.array([_logf_one(int(b)) for b in bits]).astype(np.float32)
    np.testing.assert_array_equal(got.view(np.uint32), want.view(np.uint32))
