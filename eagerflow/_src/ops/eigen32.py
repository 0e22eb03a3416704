"""float32 kernels computed as TF 2.21's CPU (Eigen) kernels compute them, where that is
cheap (and Erf's float64 kernel, the same family).

Sits in the ops layer beside halfprec.py and eigen_reduce.py, under math.py and
nn_fused.py. TF's Erf is Eigen's rational approximations in both its paths, float32 and float64
(`erf`, `erf64`). TF's
float32 Pow runs Eigen's own pow over whole packets of 8 floats and
the C library's powf on the values past the last whole packet (all of them in a tensor
of fewer than 8 values, a scalar's included: Keras's Adam takes its step size from two
such scalars); powf's result is the double power rounded once, and TF's threads flush
a denormal result (FTZ). The unary functions of fewer than 8 values are libm32.py's
(the C library's, as TF's scalar path); over larger tensors the other float32 kernels
stay NumPy's: TF's algorithms for exp, log, tanh, sums and the cross-entropies are
reproduced in benchmarks/ulp32 (candidates.py), at costs docs/ulp32.md lists. Checked
against TF 2.21 by tests/ops/test_eigen32.py (eigen32_golden.json,
record_eigen32_golden.py).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.backend import ELEMENTWISE_BLOCK
from eagerflow._src.ops.halfprec import horner, pexp64

_F32 = np.float32
_F64 = np.float64
_TINY = _F32(2.0 ** -126)
_P = 8


_TINY_F = float(_TINY)


def powf(x: Any, y: Any) -> Any:
    """The C library's powf, as TF's scalar path calls it: the double power rounded once
    (correctly rounded, as glibc's powf is on TF's inputs), a denormal result flushed."""
    r = np.asarray(np.power(x.astype(_F64), y.astype(_F64)), _F32)
    if r.ndim == 0:  # (Python's compares: cheaper than NumPy's on a few values)
        tiny = 0 < abs(float(r)) < _TINY_F
    else:
        tiny = any(0 < abs(t) < _TINY_F for t in r.reshape(-1).tolist())
    return np.where(np.abs(r) < _TINY, r * _F32(0), r) if tiny else r


def pow(x: Any, y: Any) -> Any:  # noqa: A001 (TF's name)
    """TF's float32 Pow where its result has fewer than 8 values (a scalar's, Adam's): all
    in Eigen's scalar path, the C library's powf. Larger results keep NumPy's float32
    power: TF's runs Eigen's own pow (double-float steps) over whole packets and powf on
    the last size % 8 values, which are left to NumPy too (their separate computation
    cost more than the op)."""
    if x.shape == y.shape:
        return powf(x, y) if x.size < _P else np.power(x, y)
    if x.size < _P and y.size < _P and math.prod(np.broadcast_shapes(x.shape, y.shape)) < _P:
        return powf(*np.broadcast_arrays(x, y))
    return np.power(x, y)


# Eigen's float32 erf (TF 2.21's): x * P(x**2) / Q(x**2) with x**2 clamped at 16, the
# quotient clamped to [-1, 1]; coefficients highest power first
_ERF_P = tuple(map(_F32, (2.123732201653183437883853912353515625e-06,
                          2.861979592125862836837768554687500000e-04,
                          3.658048342913389205932617187500000000e-03,
                          5.243302136659622192382812500000000000e-02,
                          1.874160766601562500000000000000000000e-01,
                          1.128379106521606445312500000000000000e+00)))
_ERF_Q = tuple(map(_F32, (3.89185734093189239501953125000e-05,
                          1.14329601638019084930419921875e-03,
                          1.47520881146192550659179687500e-02,
                          1.12945675849914550781250000000e-01,
                          4.99425798654556274414062500000e-01, 1.0)))
_SIXTEEN, _ONE = _F32(16), _F32(1)


def erf(x: Any) -> Any:
    """TF's float32 Erf on the CPU, bit for bit: Eigen's rational approximation, the same
    in its packet and scalar paths, each step one float32 operation (TF's build fuses no
    multiply-add), a denormal input read as a signed zero (TF's threads set DAZ). Run a
    cache-sized block at a time, in place."""
    flat = np.ascontiguousarray(x).reshape(-1)
    out = np.empty_like(flat)
    step = max(1, min(ELEMENTWISE_BLOCK, flat.size))
    squares, denominators = np.empty(step, _F32), np.empty(step, _F32)
    with np.errstate(all="ignore"):
        for start in range(0, flat.size, step):
            v, o = flat[start:start + step], out[start:start + step]
            x2, q = squares[:v.size], denominators[:v.size]
            np.multiply(v, v, out=x2)
            if v.size and not x2.min() >= _TINY:  # (a value under 2**-63, or a NaN)
                v = np.where(np.abs(v) < _TINY, v * _F32(0), v)
            np.minimum(x2, _SIXTEEN, out=x2)
            horner(x2, _ERF_P, o)
            o *= v
            horner(x2, _ERF_Q, q)
            o /= q
            np.minimum(o, _ONE, out=o)
            np.maximum(o, -_ONE, out=o)
    return out.reshape(np.shape(x))


# Eigen's float64 erf (TF 2.21's): erf(x) / x as a rational function of x**2 for |x| <= 1;
# past that 1 - erfc(x), erfc(x) = exp(-x**2) * P(1/x**2) / (x * Q(1/x**2)) (+2 below
# zero), exp(-x**2) corrected by x**2's rounding error (Dekker's product, without FMA)
_D = np.float64
_ERF64_P = tuple(map(_D, (1.9493725660006057018823477644531294572516344487667083740234375e-04,
                          1.8272566210022942682217328425053892715368419885635375976562500e-03,
                          4.5303363351690106863856044583371840417385101318359375000000000e-02,
                          1.4215015503619179981775744181504705920815467834472656250000000e-01,
                          1.1283791670955125585606992899556644260883331298828125000000000e+00)))
_ERF64_Q = tuple(map(_D, (2.0294484101083099089526257108317963684385176748037338256835938e-05,
                          6.8117805899186819641732970609382391558028757572174072265625000e-04,
                          1.0582026056098614921752165685120417037978768348693847656250000e-02,
                          9.3252603143757495374188692949246615171432495117187500000000000e-02,
                          4.5931062818368939559832142549566924571990966796875000000000000e-01,
                          1.0)))
_ERFC64_P = tuple(map(_D, (1.5252844933226974316088642158462107545346952974796295166015625e-04,
                           1.0909912393738931124520519233556115068495273590087890625000000e-02,
                           1.0628604636755033252537572252549580298364162445068359375000000e-01,
                           3.3492472973137982217295416376146022230386734008789062500000000e-01,
                           4.5065776215933289750026347064704168587923049926757812500000000e-01,
                           2.9433039130294824659017649537418037652969360351562500000000000e-01,
                           9.8792676360600226170838311645638896152377128601074218750000000e-02,
                           1.7095935395503719655962981960328761488199234008789062500000000e-02,
                           1.4249109729504577659398023570247460156679153442382812500000000e-03,
                           4.4567378313647954771875570045835956989321857690811157226562500e-05)))
_ERFC64_Q = tuple(map(_D, (2.041985103115789845773520028160419315099716186523437500000000e-03,
                           5.316030659946043707142493417450168635696172714233398437500000e-02,
                           3.426242193784684864077405563875799998641014099121093750000000e-01,
                           8.565637124308049799026321124983951449394226074218750000000000e-01,
                           1.0,
                           5.968805280570776972126623149961233139038085937500000000000000e-01,
                           1.890922854723317836356244470152887515723705291748046875000000e-01,
                           3.152505418656005586885981983868987299501895904541015625000000e-02,
                           2.565085751861882583380047861965067568235099315643310546875000e-03,
                           7.899362131678837697403017248376499992446042597293853759765625e-05)))
_TINY64, _SPLIT64 = _D(2.0 ** -1022), _D(2.0 ** 27 + 1)


def erf64(x: Any) -> Any:
    """TF's float64 Erf on the CPU, bit for bit: Eigen's (above), one float64 operation a
    step, a denormal input read as a signed zero (DAZ)."""
    flat = np.ascontiguousarray(x).reshape(-1)
    out = np.empty_like(flat)
    step = max(1, min(ELEMENTWISE_BLOCK // 2, flat.size))  # (float64: a block's bytes)
    work = np.empty((3, step), _D)
    with np.errstate(all="ignore"):
        for start in range(0, flat.size, step):
            v, o = flat[start:start + step], out[start:start + step]
            a, b, c = work[:, :v.size]
            if not np.abs(v).min(initial=np.inf) >= _TINY64:  # (a denormal, a zero or NaN)
                v = np.where(np.abs(v) < _TINY64, v * _D(0), v)
            x2 = np.multiply(v, v, out=a)
            horner(x2, _ERF64_P, o)
            o /= horner(x2, _ERF64_Q, b)
            o *= v
            large = _D(1) < x2
            if large.any():  # (as Eigen's packets: both branches, then a choice)
                np.copyto(o, _erf64_large(v, x2, b, c), where=large)
    return out.reshape(np.shape(x))


def _erf64_large(x: Any, x2: Any, r: Any, d: Any) -> Any:
    """1 - Eigen's erfc_double_large(x), for 1 < |x|, in r (d: scratch)."""
    z = _square_error(x, x2)
    e = pexp64(-x2)
    z *= e
    np.subtract(e, z, out=z)
    q2 = np.divide(_D(1), x2, out=e)
    horner(q2, _ERFC64_P, r)
    horner(q2, _ERFC64_Q, d)
    d *= x
    r /= d
    r *= z
    np.add(r, _D(2), out=r, where=x < 0)
    return np.subtract(_D(1), r, out=r)


def _square_error(x: Any, x2: Any) -> Any:
    """x * x - x2 exactly (x2 the rounded square): Dekker's product over Veltkamp's
    halves, in Eigen's order of operations."""
    gamma = _SPLIT64 * x
    high = x - gamma
    high += gamma
    low = x - high
    p = high * high
    p -= x2
    p += high * low
    p += low * high
    p += low * low
    return p


# Eigen's float64 erfc (TF 2.21's): 1 - x * (erf(x) / x) for |x| <= 1, the rational of
# erf64 above; past that erfc_double_large, x clamped to +-28 (erfc is 0 or 2 beyond)
_CLAMP64, _PACKET64 = _D(28), 4  # (TF's x86 build: AVX, packets of 4 doubles)


def erfc64(x: Any) -> Any:
    """TF's float64 Erfc on the CPU, bit for bit: Eigen's (above), over whole packets of 4
    doubles with Eigen's exp (pexp64), the C library's exp (math.exp) on the values past
    the last whole packet; a denormal input read as zero (DAZ) and each denormal step
    flushed (FTZ: exp(-x**2) times x**2's rounding error, from |x| > 26)."""
    flat = np.ascontiguousarray(x).reshape(-1)
    out = np.empty_like(flat)
    n = flat.size - flat.size % _PACKET64
    step = max(1, ELEMENTWISE_BLOCK // 2)
    with np.errstate(all="ignore"):
        for start in range(0, n, step):
            stop = min(start + step, n)
            out[start:stop] = _erfc64_block(flat[start:stop], pexp64)
        if n < flat.size:
            out[n:] = _erfc64_block(flat[n:], lambda v: np.array(
                [math.exp(u) for u in v.tolist()], _D))
    return out.reshape(np.shape(x))


def _erfc64_block(v: Any, exp: Any) -> Any:
    """erfc over a block, each branch over its own values (Eigen's packets compute both
    and select: the same values)."""
    v = np.where(np.abs(v) < _TINY64, v * _D(0), v)
    x = np.clip(v, -_CLAMP64, _CLAMP64)
    x2 = x * x
    large = x2 > _D(1)
    out = np.empty_like(x)
    if not large.all():
        small, s2 = (x, x2) if not large.any() else (x[~large], x2[~large])
        out[~large] = _D(1) - small * (horner(s2, _ERF64_P) / horner(s2, _ERF64_Q))
    if large.any():
        x, x2 = (x, x2) if large.all() else (x[large], x2[large])
        e = exp(-x2)
        lo = e * _square_error(x, x2)
        e -= np.where(np.abs(lo) < _TINY64, lo * _D(0), lo)
        q2 = _D(1) / x2
        r = horner(q2, _ERFC64_P)
        r /= x * horner(q2, _ERFC64_Q)
        r *= e
        r += np.where(x < 0, _D(2), _D(0))
        out[large] = r
    return np.where(np.abs(out) < _TINY64, out * _D(0), out)

