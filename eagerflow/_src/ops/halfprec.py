"""float16 and bfloat16 kernels computed as TF 2.21's CPU (Eigen) kernels compute them.

Sits in the ops layer under math.py and nn.py, which call it for 2-byte floats on the host.
Eigen computes a half-precision expression one operation at a time: each operation
widens its operands to float32, computes in float32 and rounds the result to the half type
(so `1 / sqrt(x)` in TF's Rsqrt rounds once, `exp(x) / (1 + exp(x))` in its Sigmoid
three times). Its transcendental functions are its own float32 polynomials, not the C
library's: `pexp`, `plog`, `ptanh`, `perfc` here are Eigen's float32 functions step by
step, with their multiply-adds unfused (TF 2.21's x86 build has no FMA: its tanh clamps
at the non-FMA bound, and only unfused steps give TF's results on every input). TF's CPU
threads run with
denormals flushed (FTZ and DAZ): a bfloat16 denormal (below 2**-126, float32's own
range) reads as a signed zero in arithmetic and a float32 result below it is zero;
float16's denormals are float32 normals and are untouched. Every function was checked
against TF 2.21 on all 65,536 bit patterns of each type
(tests/ops/test_halfprec.py, halfprec_golden.json). Two float32/float64 kernels sit here
too, for their shared steps: TF's Sigmoid of those types (`logistic32`, `logistic64`,
tests/ops/test_sigmoid.py).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import (
    ELEMENTWISE_BLOCK,
    RECIPROCAL_PACKETS_MAX,
    RSQRT_PACKETS_MAX,
    lanes,
    ml_types,
    run_blocks,
    scratch,
)
from eagerflow._src.backend.x86_estimates import (
    RCP_SHIFT,
    RSQRT_SHIFT,
    prefix_table,
    rcp_estimate,
    rsqrt_estimate,
)
from eagerflow._src.core.errors import NotFoundError
from eagerflow._src.ops.registry import PACKET

_F32 = np.float32
_TINY = _F32(2.0 ** -126)
HALF = ml_types.HALF_TYPES  # float16, and bfloat16 once ml_dtypes is loaded


def is_half(xp: Any, a: Any) -> bool:
    """A host array of float16 or bfloat16: the kernels here apply."""
    return xp is np and a.dtype in HALF


def up(x: Any) -> Any:
    """The float32 operand Eigen reads: bfloat16 denormals flushed to signed zeros."""
    a = x.astype(_F32)
    if x.dtype != np.float16:
        a = np.where(np.abs(a) < _TINY, a * _F32(0), a)
    return a


def down(a: Any, dtype: Any) -> Any:
    """A float32 result rounded to the half type, flushed first as TF's threads flush it."""
    if dtype != np.float16:
        a = np.where(np.abs(a) < _TINY, a * _F32(0), a)
    return a.astype(dtype)


def rnd(a: Any, dtype: Any) -> Any:
    """One Eigen operation's result: rounded to the half type and read back as float32."""
    return up(down(a, dtype))


def const(value: float, dtype: Any) -> Any:
    """A C++ constant cast to the half type (a double rounded once), as float32."""
    return _F32(np.asarray(value, np.float64).astype(dtype))


def _fma(a: Any, b: Any, c: Any) -> Any:
    # TF's x86 build has no FMA: Eigen's pmadd is a float32 product, then a sum
    return (_F32(a) * b + c) if np.isscalar(a) else (a * b + c)


def pexp(x: Any) -> Any:
    """Eigen's pexp_float: exp(x) = 2**m * p(r), r = x - m * ln 2, p of degree 6."""
    with np.errstate(all="ignore"):
        xc = np.minimum(x, _F32(88.723))
        m = np.floor(_fma(xc, _F32(1.44269504088896341), _F32(0.5)))
        r = _fma(m, _F32(-0.693359375), xc)
        r = _fma(m, _F32(2.12194440e-4), r)
        r2 = r * r
        p_even = _fma(r2, _F32(1.37449637986719608306884765625e-3),
                      _F32(4.166965186595916748046875e-2))
        p_odd = _fma(r2, _F32(8.36894474923610687255859375e-3),
                     _F32(0.16666518151760101318359375))
        p_even = _fma(r2, p_even, _F32(0.49999988079071044921875))
        y = _fma(r, p_odd, p_even)
        y = _fma(r2, y, r + _F32(1))
        out = np.ldexp(y, np.nan_to_num(m).astype(np.int32)).astype(_F32)
        out = np.where(x < _F32(-104.0), _F32(0), out)
        return np.where(np.isnan(x), x, out)


def exp(x: Any) -> Any:
    return down(pexp(up(x)), x.dtype)


def expm1(x: Any) -> Any:
    # a bfloat16 denormal's exp is 1, where Eigen returns the input itself, unflushed
    y = down(pexpm1(up(x)), x.dtype)
    return y if x.dtype == np.float16 else np.where(up(x) == 0, x, y)


def rsqrt(x: Any) -> Any:
    """TF's CPU Rsqrt of a host array of float32 or a half type: float32's Eigen's packets
    (RSQRT32), the half types' float32 1 / sqrt rounded once over whole packets of 8, and
    past the last one (all of a tensor of fewer than 8) TF's scalar path: the square root
    rounded to the type first."""
    if x.dtype == _F32:
        return RSQRT32(x)
    flat = x.reshape(-1)
    n = flat.size - flat.size % PACKET
    with np.errstate(all="ignore"):
        out = down(_F32(1) / np.sqrt(up(flat)), x.dtype)
        if n < flat.size:
            tail = flat[n:]
            out[n:] = down(_F32(1) / rnd(np.sqrt(up(tail)), x.dtype), x.dtype)
    return out.reshape(x.shape)


def _sigmoid32(x: Any, dtype: Any) -> Any:
    """Eigen's generic logistic over the half type: e / (1 + e), e = exp(x), each rounded."""
    with np.errstate(all="ignore"):
        e = rnd(pexp(x), dtype)
        y = rnd(e / rnd(_F32(1) + e, dtype), dtype)
        return np.where(np.isinf(e), _F32(1), y)


def sigmoid(x: Any) -> Any:
    return down(_sigmoid32(up(x), x.dtype), x.dtype)


_PACKET = 8  # floats in one of Eigen's packets in TF's x86 build (AVX: 256 bits)


def _c32(value: float) -> Any:
    # a 0-d float32 array: NumPy combines it with an array faster than a scalar
    return np.array(value, _F32)


# logistic32's constants (Eigen's pexp_float coefficients and bounds)
_L_LO, _L_HI, _L_HALF = _c32(-105.0), _c32(16.6355324), _c32(0.5)
_L_LOG2E, _L_LN2_HI, _L_LN2_LO = _c32(1.44269504088896341), _c32(-0.693359375), \
    _c32(2.12194440e-4)
_L_P0, _L_P1 = _c32(8.33471305668354034423828125e-3), _c32(0.16666877269744873046875)
_L_P2, _L_P3 = _c32(4.1898667812347412109375e-2), _c32(0.49999141693115234375)
_L_ONE, _L_TINY = _c32(1.0), _c32(2.0 ** -126)
_L_BUFS = ("logistic_h", "logistic_m", "logistic_r", "logistic_e")
_L_COST = 16  # a value's work in multiply-adds, about (for the backend's thread split)


def logistic32(x: Any) -> Any:
    """TF's float32 Sigmoid on the CPU: Eigen's logistic<float>, its packet path over
    whole packets of the flat tensor (exp(x) = exp(x/2)**2 through pexp's steps, the
    input clamped at 16.6355324, zero below -104) and its scalar path over the last
    `size % 8` values (the C library's expf). TF's threads flush denormal results.
    (The packets a cache-sized block at a time, straight into the output, so that the
    steps' temporaries stay in the cache; blocks side by side where the backend finds
    idle cores.)"""
    flat = x.reshape(-1)
    n = flat.size - flat.size % _PACKET
    out = np.empty_like(flat)
    step = ELEMENTWISE_BLOCK

    def block(start: int) -> None:  # (independent: the backend may run them side by side)
        _logistic_packets(flat[start:min(start + step, n)], out[start:min(start + step, n)])
    starts = range(0, n, step)
    run_blocks(np, block, starts, lanes(np, n * _L_COST, len(starts)))
    if n < flat.size:  # the scalar path: expf, correctly rounded
        t = np.exp(np.minimum(flat[n:], _L_HI).astype(np.float64)).astype(_F32)
        tail = out[n:]
        np.divide(t, _L_ONE + t, out=tail)
        tail[tail < _L_TINY] = 0
    return out.reshape(x.shape)


def _logistic_packets(v: Any, p: Any) -> None:
    """Eigen's packet path of logistic<float> over the block `v`, into `p`: each step
    one float32 operation in Eigen's order, in place in four per-thread buffers (no
    fresh temporaries a block)."""
    h, m, r, e = (scratch(np, name, v.shape, _F32) for name in _L_BUFS)
    # (below -104 Eigen gives 0, as the flushed square of exp(x/2) does from -105 on)
    np.clip(v, _L_LO, _L_HI, out=h)  # (one pass: half of np.maximum's then np.minimum's)
    h *= _L_HALF
    np.multiply(h, _L_LOG2E, out=m)
    m += _L_HALF
    np.floor(m, out=m)
    np.multiply(m, _L_LN2_HI, out=r)
    r += h
    np.multiply(m, _L_LN2_LO, out=h)
    r += h
    r2 = np.multiply(r, r, out=h)  # (h is free from here)
    np.multiply(r2, _L_P0, out=p)  # p_odd, then r * p_odd + p_even
    p += _L_P1
    p *= r
    p_even = np.multiply(r2, _L_P2, out=e)
    p_even += _L_P3
    p += p_even
    p *= r2
    r += _L_ONE
    p += r
    p *= np.exp2(m, out=m)  # 2**m, exact (m in [-76, 12]), as pldexp_fast builds it
    p *= p
    np.divide(p, np.add(p, _L_ONE, out=r), out=p)
    p[p < _L_TINY] = 0  # TF's threads flush denormal results


def pexp64(v: Any) -> Any:
    """Eigen's pexp_double over float64 `v`: Cephes' rational approximation, its 2**n put
    back exactly (an infinite x gives an infinite result; NaN stays NaN). A cache-sized
    block at a time (8 bytes a value: half ELEMENTWISE_BLOCK's values)."""
    step = ELEMENTWISE_BLOCK // 2
    if v.size <= step:
        return _pexp64_block(v)
    flat = v.reshape(-1)
    out = np.empty_like(flat)
    for start in range(0, flat.size, step):
        out[start:start + step] = _pexp64_block(flat[start:start + step])
    return out.reshape(v.shape)


def _pexp64_block(v: Any) -> Any:
    f = np.float64
    with np.errstate(invalid="ignore", over="ignore"):
        xc = np.minimum(v, f(709.784))
        fx = np.floor(f(1.4426950408889634073599) * xc + f(0.5))
        r = xc - fx * f(0.693145751953125)
        r -= fx * f(1.42860682030941723212e-6)
        x2 = r * r
        px = f(1.26177193074810590878e-4) * x2
        px += f(3.02994407707441961300e-2)
        px *= x2
        px += f(9.99999999999999999910e-1)
        px *= r
        qx = f(3.00198505138664455042e-6) * x2
        qx += f(2.52448340349684104192e-3)
        qx *= x2
        qx += f(2.27265548208155028766e-1)
        qx *= x2
        qx += f(2.00000000000000000009e0)
        y = px / (qx - px)
        y *= f(2)
        y += f(1)
        # 2**fx exactly: built from its bits where |x| <= 708 (pldexp_fast's range)
        wide = ~(np.abs(v) <= f(708.0))
        k = fx.astype(np.int64)
        k[wide] = 0
        e = y * ((k + 1023) << 52).view(f)
        if wide.any():
            e[wide] = np.ldexp(y[wide], np.nan_to_num(fx[wide]).astype(np.int64))
            e[v < f(-745.519)] = 0
        e = np.maximum(e, v)  # (an infinite x gives an infinite e; NaN stays NaN)
    return e


def logistic64(x: Any) -> Any:
    """TF's float64 Sigmoid on the CPU: Eigen's generic logistic, e / (1 + e) (1 where e
    is infinite) with e = pexp_double(x) (Cephes' rational approximation, its 2**n put
    back exactly) over whole packets of 4 doubles, the C library's exp on the tail;
    denormal results flushed as TF's threads flush them."""
    f = np.float64
    flat = x.reshape(-1)
    n = flat.size - flat.size % 4
    v = flat[:n] if n < flat.size else flat
    with np.errstate(invalid="ignore", over="ignore"):
        e = pexp64(v)
        out = e / (e + f(1))
        out[np.isinf(e)] = 1
        if n < flat.size:
            t = np.exp(flat[n:])
            tail = t / (t + f(1))
            tail[np.isinf(t)] = 1
            out = np.concatenate([out, tail])
    out[out < f(2.0 ** -1022)] = 0
    return out.reshape(x.shape)


# NumTraits<half>::epsilon() is 2**-13 (Eigen's bit pattern 0x0800), bfloat16's is 2**-7;
# TF's Softplus threshold is log(epsilon) + 2, each step in the half type.
def softplus(x: Any) -> Any:
    d = x.dtype
    a = up(x)
    eps = const(2.0 ** -13 if d == np.float16 else 2.0 ** -7, d)
    th = rnd(rnd(np.log(eps), d) + _F32(2), d)
    with np.errstate(all="ignore"):
        e = rnd(pexp(a), d)
        small = np.where(a < th, e, rnd(np.log1p(e), d))
        return np.where(a > -th, x, down(small, d))


def relu(x: Any) -> Any:
    """max(x, 0) as Eigen's pmax keeps x where both are zero: -0 stays -0, and a bfloat16
    denormal (zero to the flushing compare) becomes its signed zero."""
    a = up(x)
    return down(np.where(a <= 0, np.where(a == 0, a, _F32(0)), a), x.dtype)  # (NaN passes)


def _mul_no_nan(a: Any, g: Any, dtype: Any) -> Any:
    return np.where(g == 0, _F32(0), rnd(a * g, dtype))


def sqrt_grad(y: Any, dy: Any) -> Any:
    """TF's SqrtGrad functor: mul_no_nan(0.5 / y, dy), each step rounded."""
    d = y.dtype
    with np.errstate(all="ignore"):
        return down(_mul_no_nan(rnd(_F32(0.5) / up(y), d), up(dy), d), d)


def rsqrt_grad(y: Any, dy: Any) -> Any:
    """TF's RsqrtGrad functor: mul_no_nan(-0.5 * (y * y), mul_no_nan(y, dy))."""
    d = y.dtype
    a = up(y)
    with np.errstate(all="ignore"):
        left = rnd(_F32(-0.5) * rnd(a * a, d), d)
        return down(_mul_no_nan(left, _mul_no_nan(a, up(dy), d), d), d)


def reciprocal_grad(y: Any, dy: Any) -> Any:
    """TF's ReciprocalGrad functor: mul_no_nan(-(y * y), dy)."""
    d = y.dtype
    a = up(y)
    with np.errstate(all="ignore"):
        return down(_mul_no_nan(-rnd(a * a, d), up(dy), d), d)


def softsign(x: Any) -> Any:
    """TF's x / (|x| + 1), the sum rounded to the half type first."""
    a = up(x)
    with np.errstate(all="ignore"):
        return down(a / rnd(np.abs(a) + _F32(1), x.dtype), x.dtype)


def elu(x: Any) -> Any:
    d = x.dtype
    a = up(x)
    with np.errstate(all="ignore"):
        neg = down(rnd(pexp(a), d) - _F32(1), d)
    return np.where(a < 0, neg, x)


def selu(x: Any) -> Any:
    d = x.dtype
    a = up(x)
    scale = const(1.0507009873554804934193349852946, d)
    scale_alpha = const(1.7580993408473768599402175208123, d)
    with np.errstate(all="ignore"):
        neg = scale_alpha * rnd(rnd(pexp(a), d) - _F32(1), d)
        return down(np.where(a < 0, neg, scale * a), d)


def horner(x: Any, coeffs: tuple, out: Any = None) -> Any:
    """Eigen's ppolevl (and the C library's polynomials): c0 * x + c1, times x plus c2,
    ..., each step a product, then a sum (TF's build fuses none), each coefficient rounded
    to the result's type; in place into `out` where given (NumPy), else into a new array
    of x's type (any backend's)."""
    t = (x.dtype if out is None else out.dtype).type
    if out is None:
        out = x * t(coeffs[0])
    else:
        np.multiply(x, t(coeffs[0]), out=out)
    for c in coeffs[1:-1]:
        out += t(c)
        out *= x
    out += t(coeffs[-1])
    return out


def plog(x: Any) -> Any:
    """Eigen's plog_float: log(2**e * m), m in [sqrt(1/2), sqrt(2)), a rational in m - 1."""
    with np.errstate(all="ignore"):
        m, e = np.frexp(x)
        m, e = m.astype(_F32), e.astype(_F32)
        low = m < _F32(0.707106781186547524)
        e = e - low.astype(_F32)
        r = (m - _F32(1)) + np.where(low, m, _F32(0))
        p = r * horner(r, (0.18256296349849254, 1.0000000190281063, 1.0000000190281136))
        q = horner(r, (0.049616247954120038, 0.59923249590823520, 1.4999999999999927, 1.0))
        y = _fma(e, _F32(0.693147180559945309), p / q)
        y = np.where(np.isposinf(x), x, y)
        y = np.where((x < 0) | np.isnan(x), _F32(np.nan), y)
        return np.where(x == 0, _F32(-np.inf), y)


def ptanh(x: Any) -> Any:
    """Eigen's ptanh_float (FMA build): an odd [9, 8] rational on x clamped to +-8.0177."""
    with np.errstate(all="ignore"):
        c = np.clip(x, _F32(-7.90738964080810547), _F32(7.90738964080810547))
        x2 = c * c
        x3 = x2 * c
        p = horner(x2, (1.394553628e-8, 2.102733560e-5, 3.520756727e-3, 1.340216100e-1))
        q = horner(x2, (8.015776984e-7, 3.326951409e-4, 2.597254514e-2, 4.673548340e-1, 1.0))
        return np.where(np.isnan(x), x, _fma(x3, p, c) / q)


def pexpm1(x: Any) -> Any:
    """Eigen's generic_expm1 (Kahan's): (u - 1) * x / log(u), u = exp(x)."""
    with np.errstate(all="ignore"):
        u = pexp(x)
        um1 = u - _F32(1)
        lu = plog(u)
        y = np.where(lu == u, u, um1 * (x / lu))
        return np.where(u == _F32(1), x, np.where(um1 == _F32(-1), _F32(-1), y))


def plog1p(x: Any) -> Any:
    """Eigen's generic_log1p (Kahan's): x * log(1 + x) / ((1 + x) - 1)."""
    with np.errstate(all="ignore"):
        xp1 = x + _F32(1)
        l1 = plog(xp1)
        y = x * (l1 / (xp1 - _F32(1)))
        return np.where((xp1 == _F32(1)) | (xp1 == l1), x, y)


def unary(fn: Any) -> Any:
    """A half-precision kernel of a float32 Eigen function: widened, computed, rounded."""
    return lambda x: down(fn(up(x)), x.dtype)


# Eigen's Newton steps over float32 arrays below take no np.errstate (~1 us a call): an
# input without zeros, denormals, infinities or NaNs raises no flag, and the edges are
# recomputed under one (a flag raised first warns through eagerflow's own filter).
# |1/a| at or above it: the Newton step's product x (1 - a x) is no denormal (|1 - a x|
# is 0 or at least 2**-24, |x| > 2**-101), so nothing of it is flushed
_RCP_NORMAL_STEP = _F32(2.0 ** -100)


def _estimate(a: Any, shift: int) -> Any:
    """The CPU's estimate of float32 array a from the prefix table (x86_estimates): its
    index made an intp at once (a uint32 index costs take a conversion: ~3x slower)."""
    index = np.right_shift(a.view(np.uint32), shift, dtype=np.intp)
    return prefix_table(shift).take(index, mode="wrap").view(_F32)


def preciprocal(a: Any) -> Any:
    """Eigen's float32 packet reciprocal: the CPU's 12-bit estimate (RCPPS) refined by one
    Newton step, x + x (1 - a x) unfused; the estimate itself where that step is NaN
    (a zero or an infinity). Denormal inputs read as zeros, and a denormal product in the
    step as zero (TF's threads)."""
    if not isinstance(a, np.ndarray) or a.ndim == 0:  # (a scalar's: as it came)
        with np.errstate(all="ignore"):
            x = rcp_estimate(a)
            tmp = _F32(1) - a * x
            return np.where(tmp == tmp, _flush32(x * tmp) + x, x)
    # (the estimate's table read by the bits' prefix, then the step in place)
    x = _estimate(a, RCP_SHIFT)
    t = np.multiply(a, x)
    np.subtract(_F32(1), t, out=t)
    y = np.multiply(x, t, out=t)
    y += x
    # (an edge makes y NaN, or small: y's least magnitude finds them, mostly in one pass)
    if y.size and not (y.min() >= _RCP_NORMAL_STEP or np.abs(y).min() >= _RCP_NORMAL_STEP):
        return _preciprocal_edges(a)
    return y


def _preciprocal_edges(a: Any) -> Any:
    """preciprocal's steps with a zero, denormal, infinity or NaN in `a`, or |a| > 2**99."""
    with np.errstate(all="ignore"):
        a = _flush32(a)
        x = rcp_estimate(a)  # (a NaN's payload kept)
        tmp = _F32(1) - a * x
        y = _flush32(x * tmp) + x
        np.copyto(y, x, where=tmp != tmp)
        return y


def prsqrt(a: Any) -> Any:
    """Eigen's float32 packet 1/sqrt: the CPU's 12-bit estimate (RSQRTPS) refined by one
    Newton step, x - x/2 (a x x - 1) unfused; the estimate itself where that is NaN.
    Denormal inputs read as zeros (TF's threads)."""
    if not isinstance(a, np.ndarray) or a.ndim == 0:  # (a scalar's: as it came)
        with np.errstate(all="ignore"):
            x = rsqrt_estimate(a)
            y = (x * _F32(-0.5)) * ((a * x) * x + _F32(-1)) + x
            return np.where(np.isnan(y), x, y)
    x = _estimate(a, RSQRT_SHIFT)
    h = np.multiply(a, x)  # (in place, each step rounded as above)
    h *= x
    h += _F32(-1)
    y = x * _F32(-0.5)
    y *= h
    y += x
    # (y is positive for a positive normal a; NaN, or -inf, for every other)
    if y.size and not y.min() >= 0:
        return _prsqrt_edges(a)
    return y


def _prsqrt_edges(a: Any) -> Any:
    """prsqrt's steps with a zero, denormal, negative, infinity or NaN in `a`."""
    with np.errstate(all="ignore"):
        a = _flush32(a)
        x = rsqrt_estimate(a)  # (a NaN's payload kept)
        y = (x * _F32(-0.5)) * ((a * x) * x + _F32(-1)) + x
        np.copyto(y, x, where=np.isnan(y))
        return y


def _flush32(v: Any) -> Any:
    return np.where(np.abs(v) < _TINY, v * _F32(0), v)


def perfc(x_in: Any) -> Any:
    """Eigen's generic_fast_erfc<float>: 1 + x * S(x**2) for |x| <= 1, else
    exp(-x**2) * P(1 / x**2) / (x * Q(1 / x**2)) (plus 2 below zero), x clamped to +-11,
    with Eigen's packet exp and reciprocal, denormal steps flushed (FTZ)."""
    with np.errstate(all="ignore"):
        x = np.clip(x_in, _F32(-11), _F32(11))
        x2 = x * x
        small = _fma(x, horner(x2, (5.61802298761904239654541015625e-04,
                                     -4.91381669417023658752441406250e-03,
                                     2.67075151205062866210937500000e-02,
                                     -1.12800106406211853027343750000e-01,
                                     3.76122951507568359375000000000e-01,
                                     -1.12837910652160644531250000000e+00)), _F32(1))
        x2_lo = (x.astype(np.float64) * x - x2).astype(_F32)  # x * x - x2, exactly
        e = _flush32(pexp(-x2))
        z = e - _flush32(e * x2_lo)
        q2 = preciprocal(x2)
        num = horner(q2, (1.0208116471767425537109375e-01, 4.2920666933059692382812500e-01,
                           3.2379078865051269531250000e-01, 5.3971976041793823242187500e-02))
        den = x * horner(q2, (1.7251677811145782470703125e-02, 3.9137163758277893066406250e-01,
                               1.0, 6.2173241376876831054687500e-01,
                               9.5662862062454223632812500e-02))
        large = _fma(z, num / den, np.where(x < 0, _F32(2), _F32(0)))
        out = np.where(np.isnan(x_in), x_in, np.where(x2 > _F32(1), large, small))
        return _flush32(out)


def binary(uf: Any) -> Any:
    """A half-precision kernel of the ufunc `uf` of two operands: float16 is NumPy's own (a
    float32 result rounded); bfloat16 flushes denormal operands and results as TF's
    threads do, where ml_dtypes keeps them."""
    def kernel(x: Any, y: Any) -> Any:
        if x.dtype == np.float16:
            return uf(x, y)
        with np.errstate(all="ignore"):
            return down(uf(up(x), up(y)), x.dtype)
    return kernel


def matmul(a: Any, b: Any) -> Any:
    """A float16/bfloat16 product as TF's CPU kernels give it: each entry's products added
    in float32, in order, and rounded once (NumPy's 2-D dot of the type does exactly that;
    a batch is a loop of them)."""
    if a.ndim == 2 and b.ndim == 2:
        return a.dot(b)
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    count = int(np.prod(batch))  # (not -1: a reshape of no values can't infer it)
    a = np.broadcast_to(a, batch + a.shape[-2:]).reshape((count,) + a.shape[-2:])
    b = np.broadcast_to(b, batch + b.shape[-2:]).reshape((count,) + b.shape[-2:])
    out = np.empty((a.shape[0], a.shape[1], b.shape[2]), a.dtype)
    for i in range(a.shape[0]):
        out[i] = a[i].dot(b[i])
    return out.reshape(batch + out.shape[1:])


def einsum(spec: str, xs: Any) -> Any:
    """TF's Einsum of half-precision operands. Two operands whose labels are each shared or
    kept are one batch of matrix products (TF runs them as BatchMatMul: products added in
    float32, in order, rounded once); any other form is computed in float32 and rounded
    once (NumPy's einsum would add in the half type, and has no bfloat16)."""
    ins, out = spec.split("->")
    terms = ins.split(",")
    plain = len(xs) == 2 and "." not in spec and all(
        len(set(t)) == len(t) for t in terms + [out]) and all(
        ch in out or ch in terms[1 - i] for i, t in enumerate(terms) for ch in t) and all(
        xs[0].shape[i] == xs[1].shape[terms[1].index(ch)]
        for i, ch in enumerate(terms[0]) if ch in terms[1])
    if not plain:
        return np.einsum(spec, *(x.astype(_F32) for x in xs)).astype(xs[0].dtype)
    (ta, tb), (a, b) = terms, xs
    batch = [ch for ch in ta if ch in tb and ch in out]
    contract = [ch for ch in ta if ch in tb and ch not in out]
    free_a = [ch for ch in ta if ch not in tb]
    free_b = [ch for ch in tb if ch not in ta]
    size = dict(zip(ta, a.shape)) | dict(zip(tb, b.shape))

    def n(labels: list) -> int:
        return int(np.prod([size[ch] for ch in labels]))

    a3 = a.transpose([ta.index(ch) for ch in batch + free_a + contract]).reshape(
        n(batch), n(free_a), n(contract))
    b3 = b.transpose([tb.index(ch) for ch in batch + contract + free_b]).reshape(
        n(batch), n(contract), n(free_b))
    labels = batch + free_a + free_b
    y = matmul(np.ascontiguousarray(a3), np.ascontiguousarray(b3)).reshape(
        [size[ch] for ch in labels])
    # (asarray, not ascontiguousarray: that makes a scalar result one-dimensional)
    return np.asarray(y.transpose([labels.index(ch) for ch in out]), order="C")


def floormod(x: Any, y: Any) -> Any:
    """TF's FloorMod of half-precision values: t = fmod(x, y) in float32, plus y where t is
    nonzero and of the other sign (-0 stays -0; bfloat16's compares read a denormal as
    zero, and fmod passes it through)."""
    d = x.dtype
    a, b = x.astype(_F32), y.astype(_F32)
    with np.errstate(all="ignore"):
        t = np.fmod(a, b)
        if d == np.float16:
            tc, bc, fixed = t, b, t + b
        else:
            tc, bc, fixed = up(t.astype(d)), up(y), up(down(up(t.astype(d)) + up(y), d))
        shift = (tc != 0) & ((bc < 0) != (tc < 0))
        return np.where(shift, fixed, t).astype(d)


_XLA = ("FLOAT", "DOUBLE", "BFLOAT16", "HALF")


def no_kernel(op: str, dtype: Any, cpu: tuple, xla: tuple | None = _XLA,
              extra: str = "") -> Any:
    """TF's NotFoundError for an op that TF 2.21 registers for CPU in `cpu` only (its
    kernels listed as TF lists them: XLA's types, None for an op XLA lacks, then each CPU
    registration, `extra`)."""
    t = "HALF" if np.dtype(dtype) == np.float16 else "BFLOAT16"
    regs = "".join(f"\n  device='CPU'; T in [DT_{c}]" for c in cpu)
    if xla:
        regs = f"\n  device='XLA_CPU_JIT'; T in [{', '.join('DT_' + x for x in xla)}]{regs}"
    return NotFoundError(
        None, None, f"Could not find device for node: {{{{node {op}}}}} = {op}[T=DT_{t}]\n"
        f"All kernels registered for op {op}:{regs}{extra}\n [Op:{op}]")


def refuse(op: str, cpu: tuple = ("DOUBLE", "FLOAT"), keep: Any = None,
           xla: tuple | None = _XLA, gpu_half: bool = True) -> Any:
    """A half_kernel raising no_kernel's error (float16 computed by `keep` when given).
    `gpu_half`: TF's GPU kernels take float16, which a GPU then computes; else it refuses
    it there too (the registry's wrapper of the OpDef's kernel, as for bfloat16)."""
    def kernel(*arrays: Any) -> Any:
        if keep is not None and arrays[0].dtype == np.float16:
            return keep(*arrays)
        raise no_kernel(op, arrays[0].dtype, cpu, xla)
    kernel.refuses_bfloat16 = True  # (TF has no bfloat16 kernel for it on a GPU either)
    kernel.refuses_half = not gpu_half
    return kernel


# -- Eigen's float32 packet sin and cos (psincos_float, TF 2.21's x86 build: no FMA) ------
# x reduced by the nearest multiple y of pi/2 in four unfused steps (pi/2 split in four
# floats), past 25966 (sin) or 18838 (cos) by Payne-Hanek's reduction (`_reduce_huge`);
# then a degree-8 polynomial for cos or 7 for sin on [-pi/4, pi/4], picked and signed by
# the quadrant's bits.
_PIO2_STEPS = (-1.5703125, -0.000483989715576171875, 1.62865035235881805419921875e-07,
               5.5644315544167710640977020375430583953857421875e-11)
_COS_P = (2.4372266125283204019069671630859375e-05, -0.00138865201734006404876708984375,
          0.041666619479656219482421875, -0.5, 1.0)
_SIN_P = (-0.0001959234114083702898469196984621021329076029360294342041015625,
          0.0083326873655616851693794799871284340042620897293090820312500000,
          -0.1666666203982298255503735617821803316473960876464843750000000000)
# the first 192 bits of 1/(2 pi) (2/pi over 4): Eigen's table reads 32-bit windows of them
# at byte offsets, zeros past the end
_INV_2PI = bytes.fromhex("28be60db9391054a7f09d5f47d4d377036d8a5664f10e410")
_M32, _M64 = (1 << 32) - 1, (1 << 64) - 1


def _window(k: int) -> int:
    """Eigen's two_over_pi[k]: bytes k - 3 .. k of _INV_2PI (zeros outside)."""
    return int.from_bytes(bytes(_INV_2PI[j] if 0 <= j < len(_INV_2PI) else 0
                                for j in range(k - 3, k + 1)), "big")


def _reduce_huge(xf: float) -> tuple:
    """(x - q pi/2 as a float, q): x times 2/pi in 2.62-bit fixed point from three 32-bit
    windows of 2/pi's bits, rounded to the nearest q; the remainder times pi/2 in double."""
    xi = int(np.float32(xf).view(np.uint32))
    e = (xi >> 23) - 118
    m = (((xi & 0x7FFFFF) | 0x800000) << (e & 7)) & _M32
    i = e >> 3
    p = m * _window(i + 7)
    p = (m * _window(i + 3) + (p >> 32)) & _M64
    p = ((((m * _window(i - 1)) & _M32) << 32) + p) & _M64
    q = ((p + (1 << 61)) & _M64) >> 62
    p = (p - (q << 62)) & _M64
    signed = p - (1 << 64) if p >> 63 else p
    return float(np.float32(float(signed) * 3.4061215800865545e-19)), q


# Eigen's cos and sin polynomials side by side, as the rows of one array, so that one
# call steps both: sin's row one step behind (its first product by 0, its first sum its
# first coefficient, exactly), cos's last sum and sin's last product and sum apart
_SINCOS_C = tuple(np.array([[c], [s]], _F32) for c, s in zip(_COS_P, (0.0,) + _SIN_P))
_SIGN32 = np.int32(-2 ** 31)
_HUGE_SIN, _HUGE_COS = _F32(25966.0), _F32(18838.0)  # (past these: _reduce_huge)
_AT = np.arange(ELEMENTWISE_BLOCK, dtype=np.intp)  # (a value's place in its row)


def _psincos_block(x_in: Any, sine: bool, out: Any) -> None:
    """Eigen's psin_float or pcos_float of the flat float32 x_in, into `out`."""
    n = x_in.size
    a = np.abs(x_in)
    y = a * _F32(0.636619746685028076171875)  # (q: the nearest integer to a 2/pi, read
    y += _F32(12582912)  # from y's low bits; its parity and sign bits are q's)
    r = y - _F32(12582912)
    x = r * _F32(_PIO2_STEPS[0])  # (x = a - q pi/2 in four steps, each product rounded)
    x += a
    t = np.empty_like(a)
    for c in _PIO2_STEPS[1:]:
        x += np.multiply(r, _F32(c), out=t)
    q = y.view(np.int32)
    if not a.max() < (_HUGE_SIN if sine else _HUGE_COS):  # (a huge, infinite or NaN a)
        with np.errstate(all="ignore"):
            for k in np.flatnonzero(np.isfinite(a) & (a >= (_HUGE_SIN if sine else _HUGE_COS))):
                x[k], q[k] = _reduce_huge(float(a[k]))
    x2 = np.multiply(x, x, out=r)
    p = x2 * _SINCOS_C[0]  # (rows: cos, sin)
    for c in _SINCOS_C[1:]:
        p += c
        p *= x2
    p[0] += _F32(_COS_P[-1])
    p[1] *= x
    p[1] += x
    # (sin takes cos's row where q is odd, cos sin's; the sign from q, and x's for sin)
    q1 = q + 1
    row = np.bitwise_and(q1 if sine else q, 1, out=q1 if sine else t.view(np.int32))
    row *= n
    p.reshape(-1).take(np.add(row, _AT[:n], dtype=np.intp), out=out)
    sign = np.left_shift(q, 30, out=q) if sine else np.left_shift(q1, 30, out=q1)
    if sine:
        sign ^= x_in.view(np.int32)
    sign &= _SIGN32
    out.view(np.int32)[...] ^= sign
    if sine and not a.min() >= _TINY:  # (a denormal x_in: read as zero, so sin is zero)
        np.multiply(out, _F32(0), out=out, where=a < _TINY)


def _psincos(x_in: Any, sine: bool) -> Any:
    """Eigen's psin_float or pcos_float over float32 x_in, a block at a time."""
    flat = x_in.reshape(-1)
    out = np.empty(flat.size, _F32)
    for i in range(0, flat.size, ELEMENTWISE_BLOCK):
        _psincos_block(flat[i:i + ELEMENTWISE_BLOCK], sine, out[i:i + ELEMENTWISE_BLOCK])
    return out.reshape(x_in.shape)


def psin(x: Any) -> Any:
    """Eigen's psin_float over float32 x (denormals read as zeros)."""
    return _psincos(np.asarray(x, _F32), True)


def pcos(x: Any) -> Any:
    """Eigen's pcos_float over float32 x."""
    return _psincos(np.asarray(x, _F32), False)


def packets_then_tail(packet: Any, small: Any, most: float = np.inf,
                      large: Any = None) -> Any:
    """TF's float32 CPU kernel `(x) -> y` of an op whose Eigen packet function is `packet`:
    the values in whole packets of 8 computed by it, and the values past the last whole
    packet (all of a tensor of fewer than 8) by the scalar function `small`, as Eigen's
    executor leaves them. `packet` reads denormal inputs as zeros (TF's threads set DAZ)
    and returns a new array; it runs over the tail too (one call), which `small` then
    overwrites. A tensor of more than `most` values takes `large(x)` instead (NumPy's
    ufunc, where the exact kernel would be slower than TF's)."""
    def kernel(x: Any) -> Any:
        size = x.size
        n = size - size % PACKET
        if n == 0:
            return small(x)
        if size > most:
            return large(x)
        if x.ndim == 1:  # (no reshapes: ~0.3 us of a small tensor's ~4)
            y = packet(x)
            if n < size:
                y[n:] = small(x[n:])
            return y
        flat = x.reshape(-1)
        y = packet(flat)
        if n < size:
            y[n:] = small(flat[n:])
        return y.reshape(x.shape)
    return kernel


def flushed(fn: Any, most: float = np.inf) -> Any:
    """The scalar path `(x) -> y` of an exactly rounded float32 function `fn` (1/x,
    1/sqrt(x)) on TF's threads: denormal inputs read as zeros, denormal results flushed;
    fn(x) alone where every |x| is normal and at most `most` (no result a denormal),
    checked over Python floats (fewer than 8: faster than NumPy's calls)."""
    def small(x: Any) -> Any:
        vals = [abs(v) for v in x.ravel().tolist()]
        # (a NaN first fails the test; a NaN after it is skipped by min and max: fine)
        if not vals or (min(vals) >= _TINY and max(vals) <= most):
            return fn(x)
        with np.errstate(all="ignore"):
            return _flush32(fn(_flush32(x)))
    return small


def float32_kernel(np_name: str, packet: Any, small: Any, most: float = np.inf) -> Any:
    """The kernel `(xp, x)` of an op TF's float32 CPU kernel computes by Eigen's `packet`
    (packets_then_tail, up to `most` values); NumPy's `np_name` for the other types, past
    `most` values and on a GPU."""
    f32 = packets_then_tail(packet, small, most, getattr(np, np_name))

    def kernel(xp: Any, x: Any) -> Any:
        return f32(x) if xp is np and x.dtype == _F32 else getattr(xp, np_name)(x)
    return kernel


# TF's float32 Rsqrt and Reciprocal (the CPU's estimate and a Newton step; the tail's
# exactly rounded) up to the sizes where they stay faster than TF's
def _numpy_rsqrt(x: Any) -> Any:
    s = np.sqrt(x)  # (1 / sqrt(x), each rounded; the quotient in place: ~10% over 1M)
    return np.divide(_F32(1), s, out=s)


RSQRT32 = packets_then_tail(prsqrt, flushed(lambda x: _F32(1) / np.sqrt(x)), RSQRT_PACKETS_MAX,
                            _numpy_rsqrt)
_RECIPROCAL_TAIL = flushed(lambda x: _F32(1) / x, 2.0 ** 126)
RECIPROCAL32 = float32_kernel("reciprocal", preciprocal, _RECIPROCAL_TAIL, RECIPROCAL_PACKETS_MAX)
