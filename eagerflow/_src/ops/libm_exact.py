"""logf and sincosf exactly as glibc computes them, vectorized; log for doubles via libm.

Sits in the ops layer under random.py. TF's normal distributions (Box-Muller) call the C
library's logf and sincosf on each pair of uniforms. glibc's single-precision versions
(since 2.28; the "optimized routines" of Szabolcs Nagy) are not correctly rounded: about
1% of their results differ by one ulp from float32(log(x)) computed in double. To give
TF's numbers bit for bit, these functions follow glibc's published algorithms: a
16-entry table of 1/c and log(c) with a cubic polynomial for logf; a Cody-Waite
reduction by pi/2 and two small polynomials for sincosf, all in double precision.
The tables are glibc's constants. The random ops only feed inputs of the forms
k * 2**-23 (logf) and float32(2 * pi * k * 2**-23) (sincosf), and over all 2**23 of each
these functions agree with glibc 2.36 (x86-64, FMA) bit for bit
(tests/ops/test_libm_exact.py checks it against the running libm when it is glibc).

Doubles: NumPy's float64 sin and cos are the C library's, but its log is its own SIMD
code, so `log64` calls Python's math.log (the C library's) element by element.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

_h = float.fromhex

# glibc logf: x = 2**k * z with z in [0x3f330000, 2 * 0x3f330000); c near z's subinterval
# centre; log(x) = log1p(z/c - 1) + log(c) + k log(2).
_LOGF_INVC = np.array([_h(v) for v in (
    "0x1.661ec79f8f3bep+0", "0x1.571ed4aaf883dp+0", "0x1.49539f0f010bp+0",
    "0x1.3c995b0b80385p+0", "0x1.30d190c8864a5p+0", "0x1.25e227b0b8eap+0",
    "0x1.1bb4a4a1a343fp+0", "0x1.12358f08ae5bap+0", "0x1.0953f419900a7p+0", "0x1p+0",
    "0x1.e608cfd9a47acp-1", "0x1.ca4b31f026aap-1", "0x1.b2036576afce6p-1",
    "0x1.9c2d163a1aa2dp-1", "0x1.886e6037841edp-1", "0x1.767dcf5534862p-1")])
_LOGF_LOGC = np.array([_h(v) for v in (
    "-0x1.57bf7808caadep-2", "-0x1.2bef0a7c06ddbp-2", "-0x1.01eae7f513a67p-2",
    "-0x1.b31d8a68224e9p-3", "-0x1.6574f0ac07758p-3", "-0x1.1aa2bc79c81p-3",
    "-0x1.a4e76ce8c0e5ep-4", "-0x1.1973c5a611cccp-4", "-0x1.252f438e10c1ep-5", "0x0p+0",
    "0x1.aa5aa5df25984p-5", "0x1.c5e53aa362eb4p-4", "0x1.526e57720db08p-3",
    "0x1.bc2860d22477p-3", "0x1.1058bc8a07ee1p-2", "0x1.4043057b6ee09p-2")])
_LN2 = _h("0x1.62e42fefa39efp-1")
_LOGF_A = (_h("-0x1.00ea348b88334p-2"), _h("0x1.5575b0be00b6ap-2"),
           _h("-0x1.ffffef20a4123p-2"))

# glibc sincosf: quadrant n = round(x * 2/pi) (2/pi pre-scaled by 2**24), r = x - n*pi/2,
# then cos(r) ~ c0 + c1 r^2 + ... + c4 r^8 and sin(r) ~ r + s1 r^3 + s2 r^5 + s3 r^7.
_HPI_INV = _h("0x1.45F306DC9C883p+23")
_HPI = _h("0x1.921FB54442D18p0")
_COS = (1.0, _h("-0x1.ffffffd0c621cp-2"), _h("0x1.55553e1068f19p-5"),
        _h("-0x1.6c087e89a359dp-10"), _h("0x1.99343027bf8c3p-16"))
_SIN = (_h("-0x1.555545995a603p-3"), _h("0x1.1107605230bc4p-7"),
        _h("-0x1.994eb3774cf24p-13"))


def _split26(a: float) -> tuple:
    """a = hi + lo with hi on 26 bits: a small integer times hi is exact in a double."""
    t = a * 134217729.0  # 2**27 + 1 (Veltkamp)
    hi = t - (t - a)
    return hi, a - hi


_HPI_HI, _HPI_LO = _split26(_HPI)
_SIN_SIGN = np.array([1.0, 1.0, -1.0, -1.0])  # by quadrant, after the swap
_COS_SIGN = np.array([1.0, -1.0, -1.0, 1.0])


def logf(xp: Any, x: Any) -> Any:
    """glibc's logf of positive normal float32 values."""
    ix = x.view(xp.uint32)
    tmp = ix - xp.uint32(0x3F330000)
    i = ((tmp >> xp.uint32(19)) & xp.uint32(15)).astype(xp.intp)
    k = (tmp.view(xp.int32) >> xp.int32(23)).astype(xp.float64)
    z = (ix - (tmp & xp.uint32(0xFF800000))).view(xp.float32).astype(xp.float64)
    r = z * xp.asarray(_LOGF_INVC)[i] - 1.0
    y0 = k * _LN2 + xp.asarray(_LOGF_LOGC)[i]
    r2 = r * r
    y = _LOGF_A[1] * r + _LOGF_A[2]
    y += _LOGF_A[0] * r2
    y *= r2
    y += y0 + r
    return y.astype(xp.float32)


def sincosf(xp: Any, x: Any) -> tuple:
    """glibc's sincosf of float32 values in [0, 120): (sin, cos) as float32 arrays."""
    d = x.astype(xp.float64)
    n = ((d * _HPI_INV).astype(xp.int32) + xp.int32(0x800000)) >> xp.int32(24)
    nd = n.astype(xp.float64)
    # d - n * pi/2 with one rounding, as the fused multiply-add glibc is built with
    d -= nd * _HPI_HI
    d -= nd * _HPI_LO
    d2 = d * d
    d3 = d2 * d
    d4 = d2 * d2
    s = d3 * _SIN[0] + d
    s += (d3 * d2) * (d2 * _SIN[2] + _SIN[1])
    c = d4 * _COS[2] + (d2 * _COS[1] + _COS[0])
    c += (d4 * d2) * (d2 * _COS[4] + _COS[3])
    # quadrants 1 and 3 swap sine and cosine; the signs follow the quadrant (exact, before
    # the rounding to float32)
    q = n & 3
    odd = (q & 1).astype(bool)
    sin_out = xp.where(odd, c, s)
    cos_out = xp.where(odd, s, c)
    sin_out *= xp.asarray(_SIN_SIGN)[q]
    cos_out *= xp.asarray(_COS_SIGN)[q]
    return sin_out.astype(xp.float32), cos_out.astype(xp.float32)


def log64(xp: Any, x: Any) -> Any:
    """The C library's log of float64 values (NumPy's own SIMD log rounds differently)."""
    if xp is not np:
        return xp.log(x)
    flat = x.reshape(-1)
    return np.fromiter(map(math.log, flat.tolist()), np.float64, flat.size).reshape(x.shape)
