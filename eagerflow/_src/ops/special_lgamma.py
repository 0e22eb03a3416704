"""lgamma as TF 2.21's CPU kernel computes it, over NumPy arrays: the C library's lgamma
and lgammaf (glibc 2.36's) per value, here vectorized with the same steps.

Sits in the ops layer below math_special.py, whose Lgamma kernel takes `lgamma64` and
`lgamma32` for float64 and float32 tensors on the CPU. TF's Lgamma calls lgamma_r per
value under denormals-are-zero; glibc's lgamma is Sun's fdlibm algorithm (lgammaf its
float translation, `_F32`): for 0 < x < 2 one of three approximations in a reduced
argument (about 1, about the minimum 1.4616..., about 2) after subtracting log(x) below
0.9; for 2 <= x < 8 a rational in the fraction of x plus the log of the product
(y+2)(y+3)...; for 8 <= x < 2**58 Stirling's series in 1/x; beyond, x (log(x) - 1);
below zero the reflection log(pi / |x sin(pi x)|) - lgamma(-x), with sin(pi x) reduced
to the first octant. glibc's own routine (lgamma_neg.c, tables about the zeros of
lgamma) takes -28 < x < -2 (lgamma_negf -15 < x < -2): those values still call the C
library each.
Every step here is the C code's operation in its order, each rounded to the C type (the
library is built without FMA contraction), so the bits are the library's.

The library's log is the one sub-step NumPy does not give bit for bit (np.log differs on
~0.06% of values): `log` (libm_exact.log64) rounds the x87 logl (64-bit mantissa) to
double, which is the library's (nearly correctly rounded, within 0.519 ulp) but where the
exact value lies within a band of a midpoint between two doubles; those few (~4%) call the C
library's log (Python's math.log is it, at a third of a ctypes call's cost). NumPy's sin
and cos are glibc's on the octant (no value differed of 400,000).
"""

from __future__ import annotations

import functools
import math
from typing import Any

import numpy as np

from eagerflow._src.backend import c_double_function, c_float_function, glibc_version
from eagerflow._src.ops import libm_exact
from eagerflow._src.ops.halfprec import horner

# the C library's log and logf of positive normal values, bit for bit
log = functools.partial(libm_exact.log64, np)
logf = functools.partial(libm_exact.logf, np)

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
    for first, arg, fn, sign in ((1, 0.5 - y, np.cos, 1.0), (3, 1.0 - y, np.sin, 1.0),
                                 (5, y - 1.5, np.cos, -1.0), (7, y - 2.0, np.sin, 1.0)):
        pick = (n == first) | (n == first + 1)  # (octants 1-2, 3-4, 5-6, 7)
        out = np.where(pick, sign * fn(_PI * arg), out)
    return np.where(small, np.sin(_PI * x), -out)


class _Spec:
    """One C type's lgamma: its constants (each rounded to the type), the bounds of its
    intervals as the C code tests them (words of |x|'s bits), its `ix` and its log."""

    def __init__(self, dtype: type, consts: dict, bounds: dict, high_word: Any,
                 log_fn: Any) -> None:
        t = np.dtype(dtype).type
        self.t = t
        self.c = {k: [t(v) for v in vs] if isinstance(vs, list) else t(vs)
                  for k, vs in consts.items()}
        self.bounds, self.high_word, self.log = bounds, high_word, log_fn


def _below_two(x: np.ndarray, k: _Spec) -> np.ndarray:
    """lgamma on 0 < x < 2 (not 1): -log(x) below 0.9, then the approximation nearest."""
    t, c, b, ix = k.t, k.c, k.bounds, k.high_word(x)
    one, two, half = t(1), t(2), t(0.5)
    low = ix <= b["low"]
    r = np.where(low, -k.log(np.where(low, x, one)), t(0))
    near2 = np.where(low, ix >= b["low2"], ix >= b["high2"])
    nearmin = ~near2 & np.where(low, ix >= b["lowmin"], ix >= b["highmin"])
    y = np.where(near2, np.where(low, one - x, two - x),
                 np.where(nearmin, np.where(low, x - (c["tc"] - one), x - c["tc"]),
                          np.where(low, x, x - one)))
    z = y * y
    p = y * horner(z, c["a"][0::2][::-1]) + z * horner(z, c["a"][1::2][::-1])
    about2 = p - half * y
    w = z * y
    p1, p2, p3 = (horner(w, c["t"][j::3][::-1]) for j in range(3))
    aboutmin = c["tf"] + (z * p1 - (c["tt"] - w * (p2 + y * p3)))
    about1 = -half * y + (y * horner(y, c["u"][::-1])) / horner(y, ([one] + c["v"])[::-1])
    return r + np.where(near2, about2, np.where(nearmin, aboutmin, about1))


def _two_to_eight(x: np.ndarray, k: _Spec) -> np.ndarray:
    """lgamma on [2, 8): the rational in y = x - floor(x), plus log((y+2)...(y+i-1))."""
    t, c = k.t, k.c
    i = x.astype(np.int64)
    y = x - i.astype(x.dtype)
    r = t(0.5) * y + (y * horner(y, c["s"][::-1])) / horner(y, ([t(1)] + c["r"])[::-1])
    z = np.ones_like(y)
    for j in (7, 6, 5, 4, 3):
        z = np.where(i >= j, z * (y + t(j - 1)), z)
    return np.where(i >= 3, r + k.log(z), r)


def _large(x: np.ndarray, k: _Spec) -> np.ndarray:
    """lgamma on [8, inf]: Stirling's series below 2**58 (float: 2**26), x (log(x) - 1)
    beyond."""
    t, c = k.t, k.c
    inf = np.isinf(x)
    lg = k.log(np.where(inf, t(1), x)) - t(1)
    z = t(1) / x
    w = c["w"][0] + z * horner(z * z, c["w"][1:][::-1])
    return np.where(k.high_word(x) < k.bounds["stirling"], (x - t(0.5)) * lg + w,
                    np.where(inf, t(np.inf), x * lg))


def _positive(x: np.ndarray, k: _Spec) -> np.ndarray:
    """lgamma of positive values past the tiny bound (inf included)."""
    if x.size and x.min() >= 8.0:
        return _large(x, k)
    out = np.empty_like(x)
    for pick, fn in ((x < 2.0, _below_two), ((x >= 2.0) & (x < 8.0), _two_to_eight),
                     (x >= 8.0, _large)):
        if pick.any():
            out[pick] = fn(x[pick], k)
    return np.where((x == 1.0) | (x == 2.0), k.t(0), out)


def _high_word32(x: np.ndarray) -> np.ndarray:
    """The float C code's `ix`: |x|'s 32 bits."""
    return x.view(np.uint32).astype(np.int64) & 0x7FFFFFFF


def _f32(*words: int) -> list:
    """float constants by their bits, as the C source gives them beside each."""
    return np.array(words, np.uint32).view(np.float32).tolist()


_F64 = _Spec(np.float64, {"a": _A, "t": _T, "u": _U, "v": _V, "s": _S, "r": _R, "w": _W,
                          "tc": _TC, "tf": _TF, "tt": _TT},
             {"low": 0x3FECCCCC, "low2": 0x3FE76944, "lowmin": 0x3FCDA661,
              "high2": 0x3FFBB4C3, "highmin": 0x3FF3B4C4, "stirling": 0x43900000},
             _high_word, log)
# (lgammaf: fdlibm's float translation, every constant and step in float)
_F32 = _Spec(np.float32, {
    "a": _f32(0x3D9E233F, 0x3EA51A66, 0x3D89F001, 0x3CA89915, 0x3BF2027E, 0x3B3D6EC6,
              0x3A9C54A1, 0x3A05B634, 0x39679767, 0x38E28445, 0x37D383A2, 0x383C2C75),
    "t": _f32(0x3EF7B95E, 0xBE17213C, 0x3D845A15, 0xBD064D47, 0x3C93373D, 0xBC28FCFE,
              0x3BC7E707, 0xBB7177FE, 0x3B141699, 0xBAB7F476, 0x3A66F867, 0xBA0D3085,
              0x39A57B6B, 0xB9A3F927, 0x39AFE9F7),
    "u": _f32(0xBD9E233F, 0x3F2200F4, 0x3FBA3AE7, 0x3F7A4BB2, 0x3E6A7578, 0x3C5B3C5E),
    "v": _f32(0x401D2EBE, 0x4008392D, 0x3F44EFDF, 0x3DD572AF, 0x3B52D5DB),
    "s": _f32(0xBD9E233F, 0x3E5C245A, 0x3EA6CC7A, 0x3E15DCE6, 0x3CDA40E4, 0x3AF135B4,
              0x3805FF67),
    "r": _f32(0x3FB22D3B, 0x3F38D0C5, 0x3E300F6E, 0x3C98BF54, 0x3A4BEED6, 0x36F5D7BD),
    "w": _f32(0x3ED67F1D, 0x3DAAAAAB, 0xBB360B61, 0x3A500CFD, 0xBA1C065C, 0x3A5B3DD2,
              0xBAD5C4E8),
    "tc": _f32(0x3FBB16C3)[0], "tf": _f32(0xBDF8CDCD)[0], "tt": _f32(0x31E61C52)[0]},
    {"low": 0x3F666666, "low2": 0x3F3B4A20, "lowmin": 0x3E6D3308, "high2": 0x3FDDA618,
     "highmin": 0x3F9DA620, "stirling": 0x4C800000},
    _high_word32, logf)


@functools.cache  # (the machine does not change under a process)
def available() -> bool:
    """Whether this machine can give the library's bits: a glibc whose lgamma and
    lgammaf are the algorithms reproduced here (2.28 to 2.41) to call where the steps here
    stop, and NumPy's long double the x87's 64-bit mantissa (`log`)."""
    version = glibc_version()
    return (version is not None and (2, 28) <= version < (2, 42)
            and np.finfo(np.longdouble).nmant == 63 and np.dtype(np.longdouble).itemsize == 16
            and c_double_function("lgamma") is not None
            and c_float_function("lgammaf") is not None)


def lgamma64(x: np.ndarray) -> np.ndarray:
    """TF's CPU Lgamma of a float64 array: glibc's lgamma of every value, DAZ's denormal."""
    flat = np.ascontiguousarray(x, np.float64).reshape(-1)
    pos = flat >= 2.0 ** -70
    if pos.all():  # (the common case: no masks to build)
        return _positive(flat, _F64).reshape(np.shape(x))
    a = np.abs(flat)
    out = np.full_like(flat, np.inf)  # (zeros, +-inf, negative integers: +inf)
    nan = np.isnan(flat)
    out[nan] = flat[nan] * flat[nan]  # (the library's x*x: a NaN's sign and payload, quieted)
    out[(a > 0) & (a < np.finfo(np.float64).tiny)] = DENORMAL
    tiny = (a >= np.finfo(np.float64).tiny) & (a < 2.0 ** -70)
    out[tiny] = -log(a[tiny])
    out[pos] = _positive(flat[pos], _F64)
    glibc = (flat > -28.0) & (flat < -2.0)
    if glibc.any():
        fn = c_double_function("lgamma")
        out[glibc] = list(map(fn, flat[glibc].tolist()))
    neg = (flat <= -2.0 ** -70) & ~glibc & (flat > -(2.0 ** 52)) & (flat != np.floor(flat))
    if neg.any():
        v = flat[neg]
        t = _sin_pi(v)
        out[neg] = log(_PI / np.abs(t * v)) - _positive(-v, _F64)
    return out.reshape(np.shape(x))


_PIF = np.float32(math.pi)
# glibc's sinf and cosf (ARM's) below pi/4: polynomials in double, rounded to float once
_SINF = [float.fromhex(h) for h in ("-0x1.555545995a603p-3", "0x1.1107605230bc4p-7",
                                    "-0x1.994eb3774cf24p-13")]
_COSF = [float.fromhex(h) for h in ("0x1p0", "-0x1.ffffffd0c621cp-2", "0x1.55553e1068f19p-5",
                                    "-0x1.6c087e89a359dp-10", "0x1.99343027bf8c3p-16")]


def _tiny12(x: np.ndarray) -> np.ndarray:
    """Below 2**-12 by the C code's test: the top 12 bits of |x|'s word."""
    return ((x.view(np.uint32) >> np.uint32(20)) & np.uint32(0x7FF)) < 0x398


def _sinf(x: np.ndarray) -> np.ndarray:
    """glibc's sinf on |x| < pi/4."""
    d = x.astype(np.float64)
    s = d * d
    x3 = d * s
    y = (d + x3 * _SINF[0]) + (x3 * s) * (_SINF[1] + s * _SINF[2])
    return np.where(_tiny12(x), x, y.astype(np.float32))


def _cosf(x: np.ndarray) -> np.ndarray:
    """glibc's cosf on |x| < pi/4."""
    d = x.astype(np.float64)
    s = d * d
    x4 = s * s
    c2 = _COSF[3] + s * _COSF[4]
    c = (_COSF[0] + s * _COSF[1]) + x4 * _COSF[2]
    y = c + (x4 * s) * c2
    return np.where(_tiny12(x), np.float32(1), y.astype(np.float32))


def _sin_pif(x: np.ndarray) -> np.ndarray:
    """lgammaf's sin_pif for negative non-integers off the quarters (whose pi/4 glibc's
    sinf and cosf reduce): as _sin_pi, in float, with glibc's sinf and cosf."""
    f = np.float32
    y = -x
    y = f(2) * (y * f(0.5) - np.floor(y * f(0.5)))
    n = (y * f(4)).astype(np.int64)
    out = _sinf(_PIF * y)
    for first, arg, fn, sign in ((1, f(0.5) - y, _cosf, 1), (3, f(1) - y, _sinf, 1),
                                 (5, y - f(1.5), _cosf, -1), (7, y - f(2), _sinf, 1)):
        pick = (n == first) | (n == first + 1)
        v = fn(_PIF * arg)
        out = np.where(pick, -v if sign < 0 else v, out)
    return np.where(_high_word32(x) < 0x3E800000, _sinf(_PIF * x), -out)


def lgamma32(x: np.ndarray, per_value: Any) -> np.ndarray:
    """TF's CPU Lgamma of a float32 array: glibc's lgammaf of every value. Normal values go
    through the float steps here (negatives by the reflection, with glibc's sinf and
    cosf); the rest (-15 < x < -2, glibc's lgammaf_neg; zeros, denormals, negative
    integers and quarters, inf, NaN) through `per_value`, the C library's call as TF's scalar path
    makes it."""
    flat = np.ascontiguousarray(x, np.float32).reshape(-1)
    tiny_f = np.finfo(np.float32).tiny
    pos = (flat >= tiny_f) & (flat < np.inf)
    if pos.all() and flat.min(initial=1.0) >= 2.0 ** -30:
        return _positive(flat, _F32).reshape(np.shape(x))
    out = np.empty_like(flat)
    a = np.abs(flat)
    tiny = (a >= tiny_f) & (a < 2.0 ** -30)
    big = pos & ~tiny
    out[big] = _positive(flat[big], _F32)
    out[tiny] = -logf(a[tiny])
    # (negative non-integers outside lgammaf_neg's (-15, -2): the reflection)
    neg = ((flat <= -(2.0 ** -30)) & ~((flat < -2.0) & (flat > -15.0))
           & (flat > -(2.0 ** 23)) & (flat * 4 != np.floor(flat * 4)))
    if neg.any():
        v = flat[neg]
        t = _sin_pif(v)
        out[neg] = logf(_PIF / np.abs(t * v)) - _positive(-v, _F32)
    rest = ~(pos | tiny | neg)
    if rest.any():
        out[rest] = per_value(flat[rest])
    return out.reshape(np.shape(x))
