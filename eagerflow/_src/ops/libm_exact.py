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
code, save in a loop that reads its input backwards: `log64` calls the C library's log
through that loop (backend.c_log) where this NumPy has it, else computes log in
double-double arithmetic and calls Python's math.log (the C library's) only for the few
values it cannot round as glibc does (see below).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.backend import c_log, table

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
# NumPy's form reads 1/c and k log(2) + log(c) (rounded as glibc adds them) from tables
# indexed by tmp >> 19 (k * 16 + i modulo 8192, as k = the int32 tmp >> 23), over every
# tmp: one shift and two gathers for what takes seven operations on arrays (unsigned
# indices: a gather branches on the sign of each one, and Box-Muller's k take both signs)
_LOGF_J = np.concatenate([np.arange(4096), np.arange(-4096, 0)])
_LOGF_INVC_J = _LOGF_INVC[_LOGF_J & 15]
_LOGF_Y0_J = (_LOGF_J >> 4).astype(np.float64) * _LN2 + \
    _LOGF_LOGC[_LOGF_J & 15]

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
    if xp is np:
        return _logf_np(x)
    ix = x.view(xp.uint32)
    tmp = ix - xp.uint32(0x3F330000)
    i = ((tmp >> xp.uint32(19)) & xp.uint32(15)).astype(xp.intp)
    k = (tmp.view(xp.int32) >> xp.int32(23)).astype(xp.float64)
    z = (ix - (tmp & xp.uint32(0xFF800000))).view(xp.float32).astype(xp.float64)
    r = z * table(xp, _LOGF_INVC)[i] - 1.0
    y0 = k * _LN2 + table(xp, _LOGF_LOGC)[i]
    r2 = r * r
    y = _LOGF_A[1] * r + _LOGF_A[2]
    y += _LOGF_A[0] * r2
    y *= r2
    y += y0 + r
    return y.astype(xp.float32)


def sincosf(xp: Any, x: Any) -> tuple:
    """glibc's sincosf of float32 values in [0, 120): (sin, cos) as float32 arrays."""
    if xp is np:
        return _sincosf_np(x)
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
    sin_out *= table(xp, _SIN_SIGN)[q]
    cos_out *= table(xp, _COS_SIGN)[q]
    return sin_out.astype(xp.float32), cos_out.astype(xp.float32)


# NumPy's forms of logf and sincosf: the same operations in the same order (so the same
# roundings), in place where they can be, without the temporaries of the forms above.
def _logf_np(x: np.ndarray) -> np.ndarray:
    ix = x.view(np.uint32)
    tmp = ix - np.uint32(0x3F330000)
    j = (tmp >> np.uint32(19)).astype(np.intp)  # k * 16 + i, modulo 8192
    tmp &= np.uint32(0xFF800000)
    np.subtract(ix, tmp, out=tmp)
    r = tmp.view(np.float32).astype(np.float64)  # z
    r *= _LOGF_INVC_J.take(j)
    r -= 1.0
    r2 = r * r
    y = r * _LOGF_A[1]
    y += _LOGF_A[2]
    y += r2 * _LOGF_A[0]
    y *= r2
    y0 = _LOGF_Y0_J.take(j)  # k * ln2 + log(c)
    y0 += r
    y += y0
    return y.astype(np.float32)


def _sincosf_np(x: np.ndarray) -> tuple:
    d = x.astype(np.float64)
    # the quadrant, as glibc's (int32(d * 2**24 * 2/pi) + 2**23) >> 24, in doubles (exact)
    n = d * _HPI_INV
    np.trunc(n, out=n)
    n += 0x800000
    n *= 2.0**-24
    np.floor(n, out=n)
    t = n * _HPI_HI
    d -= t
    np.multiply(n, _HPI_LO, out=t)
    d -= t
    d2 = d * d
    d3 = d2 * d
    d4 = d2 * d2
    s = d3 * _SIN[0]
    s += d
    d3 *= d2
    np.multiply(d2, _SIN[2], out=t)
    t += _SIN[1]
    d3 *= t
    s += d3
    c = d2 * _COS[1]
    c += _COS[0]
    np.multiply(d4, _COS[2], out=t)
    c += t
    d4 *= d2
    np.multiply(d2, _COS[4], out=t)
    t += _COS[3]
    d4 *= t
    c += d4
    # quadrants 1 and 3 swap sine and cosine; the signs follow the quadrant. Both are set
    # on the float32 results' bits (rounding commutes with negation): np.where and a
    # gather of signs cost ten times these integer operations
    q = n.astype(np.int32)
    sin_out = s.astype(np.float32).view(np.uint32)
    cos_out = c.astype(np.float32).view(np.uint32)
    swap = np.bitwise_and(q, 1).view(np.uint32)
    np.negative(swap, out=swap)  # all ones where odd
    swap &= sin_out ^ cos_out
    sin_out ^= swap
    cos_out ^= swap
    sign = np.bitwise_and(q, 2).view(np.uint32)
    sign <<= np.uint32(30)
    sin_out ^= sign
    q += 1
    q &= 2
    q <<= 30
    cos_out ^= q.view(np.uint32)
    return sin_out.view(np.float32), cos_out.view(np.float32)


def log64(xp: Any, x: Any) -> Any:
    """The C library's log of float64 values (NumPy's own SIMD log rounds differently)."""
    if xp is not np:
        return xp.log(x)
    flat = np.asarray(x, np.float64).reshape(-1)
    out = np.empty(flat.size, np.float64)
    for i in range(0, flat.size, _LOG_CHUNK):
        out[i:i + _LOG_CHUNK] = _log64_part(flat[i:i + _LOG_CHUNK])
    return out.reshape(x.shape)


def _log64_part(x: np.ndarray) -> np.ndarray:
    """log64 of a cache-sized stretch: the C library's own, reached through NumPy where
    it can be (backend.c_log), else computed; zeros and negatives (and NaNs) by math.log,
    which raises for the former as log64 promises."""
    rev = c_log(x)
    if rev is None:
        return _log64_chunk(x)
    out = rev[::-1]
    if not x.min() > 0:  # (a NaN fails it too)
        idx = np.flatnonzero(~(x > 0))
        out[idx] = np.fromiter(map(math.log, x[idx].tolist()), np.float64, idx.size)
    return out


# log of doubles: glibc's log (since 2.28) errs by less than 0.52 ulp, so wherever the
# exact log lies more than 0.02 ulp from a midpoint between doubles, glibc returns the
# correctly rounded value. _log64_chunk computes log to about 2**-60 relative in
# double-double arithmetic (exact products by splitting, as no FMA is at hand) and keeps
# the rounded value where it is more than 0.03 ulp from a midpoint; the other ~6% (and
# zeros, negatives, infinities and NaNs) go to math.log. x = 2**e * m, m in [sqrt(1/2),
# sqrt(2)); c = j / 128 is the nearest table point, invc ~ 1/c on 12 bits (exact: 1 at
# j = 128, where log(c) = 0); r = m * invc - 1 is exact as rh + rl (|r| < 2**-7.4), and
# log(x) = e ln2 + log(c) + log1p(r), the series of log1p to r**9 (what it leaves out,
# below 2**-77, is under 2**-69 of log(x), whose magnitude is at least 2**-8 where c != 1).
_LOG_CHUNK = 1 << 15  # values per pass: the temporaries stay in cache
_LN2_HI = _h("0x1.62e42fee00000p-1")  # 33 bits: e * _LN2_HI is exact
_LN2_LO = _h("0x1.a39ef35793c76p-33")
_LOG_INVC = np.rint(262144.0 / np.maximum(np.arange(183), 1.0)) * 2.0**-11  # (183: NaNs)
_LOG_C = -np.log(_LOG_INVC.astype(np.longdouble))  # (64-bit significands where available)
_LOG_C_HI = _LOG_C.astype(np.float64)
# log(c) as hi + lo, held as a complex for one gather of both
_LOG_C_DD = _LOG_C_HI + 1j * (_LOG_C - _LOG_C_HI.astype(np.longdouble)).astype(np.float64)
_LOG1P = [(-1.0) ** (k + 1) / k for k in range(3, 10)]  # r**3 / 3 - r**4 / 4 + ...
_MIDPOINT_MARGIN = 0.47  # ulps from a double: 0.5 less glibc's 0.02 and ours
# The table's log(c) needs more than a double's precision: with an 80-bit long double
# (x86) or a 128-bit one; else every value goes to math.log.
_LONG_LOG = np.finfo(np.longdouble).nmant >= 63
_MHI_MASK = np.uint64(0xFFFFFFFFFFFFE000)  # m on 40 bits: times invc, exact in a double
_EXP_MASK = np.uint64(0x7FF0000000000000)
_MAN_MASK = np.uint64(0x000FFFFFFFFFFFFF)


def _two_sum(a: Any, b: Any) -> tuple:
    """(s, t) with s = fl(a + b) and s + t = a + b exactly (Knuth)."""
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


def _fast_two_sum(a: Any, b: Any) -> tuple:
    """_two_sum where |a| >= |b| or a = 0 (Dekker): half the operations."""
    s = a + b
    return s, b - (s - a)


def _log64_chunk(x: np.ndarray) -> np.ndarray:
    if not _LONG_LOG:
        return np.fromiter(map(math.log, x.tolist()), np.float64, x.size)
    with np.errstate(all="ignore"):  # (bad inputs go to math.log below)
        m, e = np.frexp(x)
        low = m < 0.7071067811865476
        m *= low + 1.0
        e = e - low.astype(np.float64)
        jf = np.rint(m * 128.0)
        np.fmax(jf, 90.0, out=jf)  # (infinities and NaNs: fmax drops a NaN)
        np.fmin(jf, 182.0, out=jf)
        invc = np.divide(262144.0, jf)  # = _LOG_INVC[j], computed: cheaper than a gather
        np.rint(invc, out=invc)
        invc *= 2.0**-11
        logc = _LOG_C_DD.take(jf.astype(np.intp))
        mh = (m.view(np.uint64) & _MHI_MASK).view(np.float64)
        m -= mh
        m *= invc
        mh *= invc
        mh -= 1.0
        s, s_lo = _two_sum(mh, m)
        p = s * s  # s**2 = p + p_lo (Dekker's product, s split in halves)
        sh = s * 134217729.0
        sh -= sh - s
        sl = s - sh
        p_lo = ((sh * sh - p) + 2.0 * sh * sl) + sl * sl
        q = _LOG1P[-1] * s
        for c in _LOG1P[-2:0:-1]:
            q += c
            q *= s
        q += _LOG1P[0]
        q *= s * p
        # each sum's first term is the larger (or 0): |e ln2| >= 0.69 > |log c| for e != 0;
        # |log c| >= log(129/128) > 2**-7.4 > |s| for c != 1; |s| > s**2 / 2
        a_hi, a_lo = _fast_two_sum(e * _LN2_HI, logc.real)
        b_hi, b_lo = _fast_two_sum(a_hi, s)
        c_hi, c_lo = _fast_two_sum(b_hi, -0.5 * p)
        lo = a_lo + b_lo + c_lo + (s_lo * (1.0 - s) - 0.5 * p_lo + q) + e * _LN2_LO + logc.imag
        out = c_hi + lo
        err = (c_hi - out) + lo  # how far the exact log lies from out
        bits = out.view(np.uint64)
        ulp = (bits & _EXP_MASK).view(np.float64)
        ulp *= _MIDPOINT_MARGIN * 2.0**-52
        # (at a power of 2 the ulp below is half as big: those go to math.log)
        near = ~(np.abs(err) < ulp) | ((bits & _MAN_MASK) == 0)
        # and every x but the positive finite ones (0 < bits of x < those of infinity)
        xbits = x.view(np.uint64) - np.uint64(1)
        near |= xbits >= np.uint64(0x7FEFFFFFFFFFFFFF)
    idx = np.flatnonzero(near)
    if idx.size:
        out[idx] = np.fromiter(map(math.log, x[idx].tolist()), np.float64, idx.size)
    return out
