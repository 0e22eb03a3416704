"""float64 lgamma as TF 2.21's CPU kernel computes it, over NumPy arrays: the C library's
lgamma (glibc 2.36's) per value, here vectorized with the same steps.

Sits in the ops layer below math_special.py, whose Lgamma kernel takes `lgamma64` for
float64 tensors on the CPU. TF's Lgamma calls lgamma per value under denormals-are-zero;
glibc's double lgamma is Sun's fdlibm algorithm: for 0 < x < 2 one of three approximations
in a reduced argument (about 1, about the minimum 1.4616..., about 2) after subtracting
log(x) below 0.9; for 2 <= x < 8 a rational in the fraction of x plus the log of the
product (y+2)(y+3)...; for 8 <= x < 2**58 Stirling's series in 1/x; beyond,
x (log(x) - 1); below zero the reflection log(pi / |x sin(pi x)|) - lgamma(-x), with
sin(pi x) reduced to the first octant. glibc's own routine (lgamma_neg.c, tables about
the zeros of lgamma) takes -28 < x < -2: those values still call the C library each.
Every step here is the C code's operation in its order, each rounded to double (the
library is built without FMA contraction), so the bits are the library's.

The library's log is the one sub-step NumPy does not give bit for bit (np.log differs on
~0.06% of values): `log` rounds the x87 logl (64-bit mantissa) to double, which is the
library's (nearly correctly rounded, within 0.519 ulp) but where the exact value lies
within `_LOG_BAND` ulp of a midpoint between two doubles; those few (~4%) call the C
library's log (Python's math.log is it, at a third of a ctypes call's cost). NumPy's sin
and cos are glibc's on the octant (no value differed of 400,000).
"""

from __future__ import annotations

import math

import numpy as np

from eagerflow._src.backend import c_double_function

# The glibc log's error bound beyond a half ulp (0.019 ulp) and logl's (~0.0005 ulp),
# with a margin: nearer a midpoint than this, logl's rounding may not be glibc's.
_LOG_BAND = 0.021
# TF's lgamma of a denormal: glibc's under DAZ, -log(2**-1075) (recorded from TF 2.21)
DENORMAL = float.fromhex("0x1.74910d52d3052p+9")

_PI = math.pi
_TC = float.fromhex("0x1.762d86356be3fp+0")    # the minimum's abscissa, 1.4616...
_TF = float.fromhex("-0x1.f19b9bcc38a42p-4")   # lgamma there
_TT = float.fromhex("-0x1.0c7caa48a971fp-58")  # minus the tail of _TF
# (fdlibm's coefficients, the library's: about 2 (a), about the minimum (t), about 1
# (u / v), the fraction of x in [2, 8) (s / r), Stirling's series (w))
_A = [float.fromhex(h) for h in (
    "0x1.3c467e37db0c8p-4", "0x1.4a34cc4a60fadp-2", "0x1.13e001a5562a7p-4",
    "0x1.51322ac92547bp-6", "0x1.e404fb68fefe8p-8", "0x1.7add8ccb7926bp-9",
    "0x1.38a94116f3f5dp-10", "0x1.0b6c689b99c00p-11", "0x1.cf2eced10e54dp-13",
    "0x1.c5088987dfb07p-14", "0x1.a7074428cfa52p-16", "0x1.7858e90a45837p-15")]
_T = [float.fromhex(h) for h in (
    "0x1.ef72bc8ee38a2p-2", "-0x1.2e4278dc6c509p-3", "0x1.08b4294d5419bp-4",
    "-0x1.0c9a8df35b713p-5", "0x1.266e7970af9ecp-6", "-0x1.51f9fba91ec6ap-7",
    "0x1.8fce0e370e344p-8", "-0x1.e2effb3e914d7p-9", "0x1.282d32e15c915p-9",
    "-0x1.6fe8ebf2d1af1p-10", "0x1.cdf0cef61a8e9p-11", "-0x1.1a6109c73e0ecp-11",
    "0x1.4af6d6c0ebbf7p-12", "-0x1.47f24ecc38c38p-12", "0x1.5fd3ee8c2d3f4p-12")]
_U = [float.fromhex(h) for h in (
    "-0x1.3c467e37db0c8p-4", "0x1.4401e8b005dffp-1", "0x1.7475cd119bd6fp+0",
    "0x1.f497644ea8450p-1", "0x1.d4eaef6010924p-3", "0x1.b678bbf2bab09p-7")]
_V = [float.fromhex(h) for h in (
    "0x1.3a5d7c2bd619cp+1", "0x1.10725a42b18f5p+1", "0x1.89dfbe45050afp-1",
    "0x1.aae55d6537c88p-4", "0x1.a5abb57d0cf61p-9")]
_S = [float.fromhex(h) for h in (
    "-0x1.3c467e37db0c8p-4", "0x1.b848b36e20878p-3", "0x1.4d98f4f139f59p-2",
    "0x1.2bb9cbee5f2f7p-3", "0x1.b481c7e939961p-6", "0x1.e26b67368f239p-10",
    "0x1.0bfecdd17e945p-15")]
_R = [float.fromhex(h) for h in (
    "0x1.645a762c4ab74p+0", "0x1.71a1893d3dcdcp-1", "0x1.601edccfbdf27p-3",
    "0x1.317ea742ed475p-6", "0x1.97ddaca41a95bp-11", "0x1.ebaf7a5b38140p-18")]
_W = [float.fromhex(h) for h in (
    "0x1.acfe390c97d69p-2", "0x1.555555555553bp-4", "-0x1.6c16c16b02e5cp-9",
    "0x1.a019f98cf38b6p-11", "-0x1.380cb8c0fe741p-11", "0x1.b67ba4cdad5d1p-11",
    "-0x1.ab89d0b9e43e4p-10")]


def _horner(y: np.ndarray, c: list) -> np.ndarray:
    """c[0] + y (c[1] + y (c[2] + ...)), innermost first, each step rounded."""
    p = np.full_like(y, c[-1])
    for k in c[-2::-1]:
        p = k + y * p
    return p


def log(x: np.ndarray) -> np.ndarray:
    """The C library's log of positive finite doubles, bit for bit (see the docstring)."""
    wide = np.log(x.astype(np.longdouble))
    out = wide.astype(np.float64)
    # (logl's 64-bit mantissa: its low 11 bits are where it lies between two doubles,
    # 1024 the midpoint; a log is never denormal)
    low = (wide.view(np.uint64)[::2] & np.uint64(0x7FF)).astype(np.int64)
    near = np.abs(low - 1024) < int(_LOG_BAND * 2048)
    if near.any():
        out[near] = [math.log(v) for v in x[near].tolist()]
    return out


def _high_word(x: np.ndarray) -> np.ndarray:
    """The C code's `ix`: |x|'s upper 32 bits, for its interval tests."""
    return (x.view(np.uint64) >> np.uint64(32)).astype(np.int64) & 0x7FFFFFFF


def _sin_pi(x: np.ndarray) -> np.ndarray:
    """sin(pi x) for negative non-integers x (fdlibm's sin_pi, its sign flipped as the
    library's is): |x| reduced mod 2, then sin or cos of pi times the octant's offset."""
    small = _high_word(x) < 0x3FD00000
    y = -x
    y = 2.0 * (y * 0.5 - np.floor(y * 0.5))
    n = (y * 4.0).astype(np.int64)
    out = np.sin(_PI * y)
    for octants, arg, fn, sign in (((1, 2), 0.5 - y, np.cos, 1.0),
                                   ((3, 4), 1.0 - y, np.sin, 1.0),
                                   ((5, 6), y - 1.5, np.cos, -1.0),
                                   ((7,), y - 2.0, np.sin, 1.0)):
        pick = np.isin(n, octants)
        out = np.where(pick, sign * fn(_PI * arg), out)
    return np.where(small, np.sin(_PI * x), -out)


def _below_two(x: np.ndarray, ix: np.ndarray) -> np.ndarray:
    """lgamma on 0 < x < 2 (not 1): -log(x) below 0.9, then the approximation nearest."""
    low = ix <= 0x3FECCCCC
    r = np.where(low, -log(np.where(low, x, 1.0)), 0.0)
    near2 = np.where(low, ix >= 0x3FE76944, ix >= 0x3FFBB4C3)
    nearmin = ~near2 & np.where(low, ix >= 0x3FCDA661, ix >= 0x3FF3B4C4)
    y = np.where(near2, np.where(low, 1.0 - x, 2.0 - x),
                 np.where(nearmin, np.where(low, x - (_TC - 1.0), x - _TC),
                          np.where(low, x, x - 1.0)))
    z = y * y
    p = y * _horner(z, _A[0::2]) + z * _horner(z, _A[1::2])
    about2 = p - 0.5 * y
    w = z * y
    p1, p2, p3 = _horner(w, _T[0::3]), _horner(w, _T[1::3]), _horner(w, _T[2::3])
    aboutmin = _TF + (z * p1 - (_TT - w * (p2 + y * p3)))
    about1 = -0.5 * y + (y * _horner(y, _U)) / _horner(y, [1.0] + _V)
    return r + np.where(near2, about2, np.where(nearmin, aboutmin, about1))


def _two_to_eight(x: np.ndarray) -> np.ndarray:
    """lgamma on [2, 8): the rational in y = x - floor(x), plus log((y+2)...(y+i-1))."""
    i = x.astype(np.int64)
    y = x - i
    r = 0.5 * y + (y * _horner(y, _S)) / _horner(y, [1.0] + _R)
    z = np.ones_like(y)
    for k in (7, 6, 5, 4, 3):
        z = np.where(i >= k, z * (y + (k - 1.0)), z)
    return np.where(i >= 3, r + log(z), r)


def _large(x: np.ndarray, ix: np.ndarray) -> np.ndarray:
    """lgamma on [8, inf]: Stirling's series below 2**58, x (log(x) - 1) beyond."""
    t = log(np.where(np.isinf(x), 1.0, x))
    z = 1.0 / x
    w = _W[0] + z * _horner(z * z, _W[1:])
    return np.where(ix < 0x43900000, (x - 0.5) * (t - 1.0) + w,
                    np.where(np.isinf(x), np.inf, x * (t - 1.0)))


def _positive(x: np.ndarray) -> np.ndarray:
    """lgamma of positive doubles >= 2**-70 (inf included)."""
    out = np.empty_like(x)
    for pick, fn in ((x < 2.0, lambda v: _below_two(v, _high_word(v))),
                     ((x >= 2.0) & (x < 8.0), _two_to_eight),
                     (x >= 8.0, lambda v: _large(v, _high_word(v)))):
        if pick.any():
            out[pick] = fn(x[pick])
    return np.where((x == 1.0) | (x == 2.0), 0.0, out)


def available() -> bool:
    """Whether this machine can give the library's bits: its lgamma to call for -28 < x <
    -2, and NumPy's long double the x87's 64-bit mantissa (`log`)."""
    return (np.finfo(np.longdouble).nmant == 63 and np.dtype(np.longdouble).itemsize == 16
            and c_double_function("lgamma") is not None)


def lgamma64(x: np.ndarray) -> np.ndarray:
    """TF's CPU Lgamma of a float64 array: glibc's lgamma of every value, DAZ's denormal."""
    flat = np.ascontiguousarray(x, np.float64).reshape(-1)
    a = np.abs(flat)
    out = np.full_like(flat, np.inf)  # (zeros, +-inf, negative integers: +inf)
    nan = np.isnan(flat)
    out[nan] = flat[nan] * flat[nan]  # (the library's x*x: a NaN's sign and payload, quieted)
    out[(a > 0) & (a < np.finfo(np.float64).tiny)] = DENORMAL
    tiny = (a >= np.finfo(np.float64).tiny) & (a < 2.0 ** -70)
    out[tiny] = -log(a[tiny])
    pos = (flat >= 2.0 ** -70) & (flat <= np.inf)
    out[pos] = _positive(flat[pos])
    glibc = (flat > -28.0) & (flat < -2.0)
    if glibc.any():
        fn = c_double_function("lgamma")
        out[glibc] = [fn(v) for v in flat[glibc].tolist()]
    neg = (flat <= -2.0 ** -70) & ~glibc & (flat > -(2.0 ** 52)) & (flat != np.floor(flat))
    if neg.any():
        v = flat[neg]
        t = _sin_pi(v)
        out[neg] = log(_PI / np.abs(t * v)) - _positive(-v)
    return out.reshape(np.shape(x))
