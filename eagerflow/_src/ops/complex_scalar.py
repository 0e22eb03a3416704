"""Complex kernels as TF 2.21's CPU computes them for complex64 and complex128 where
NumPy's differ. Rsqrt and Log1p: Eigen has no packet version of either, so every value
goes through its scalar function, whose special values and roundings differ from NumPy's.
The product (Mul, Square, SquaredDifference, MulNoNan, Prod), Sqrt, Log, Exp, Sign: NumPy's
result, fixed up only where it (or its operand) is not finite, zero or huge, so finite
work pays one check: Eigen's packet formulas there, and its scalar ones (the C library's,
mostly) for the values past the last whole packet (4 complex64, 2 complex128), as its
kernels compute them. Expm1 and Sigmoid: Eigen's scalar formulas throughout.

Sits in the ops layer beside complex_quotient.py and libm_complex.py, under math.py (the
ops' kernels). Both run on TF's threads, which flush denormals (FTZ and DAZ): an operand
part below the normal range reads as a signed zero, and a denormal step is zero.

- rsqrt(x + yi) is Eigen's complex_rsqrt: with |z| Eigen's hypot (max * sqrt(1 + r^2))
  and w = sqrt((|x| + |z|) / 2), it is (w/|z|, -+w/|z|) for x = 0, (w/|z|, -y/(2w|z|))
  for x > 0, (|y|/(2w|z|), -+w/|z|) for x < 0; inf + NaN i at zero, zero where a part is
  infinite (NumPy's 1/sqrt gives NaNs there).
- log1p(z) is Eigen's generic log1p: z itself where 1 + z is 1 or equals its own log,
  else z * (log(1 + z) / ((1 + z) - 1)), the log being (log(hypot), atan2) of the C
  library (correctly rounded: their double results rounded once for complex64), the
  quotient and the product C's complex arithmetic (libgcc's __divsc3/__divdc3: Smith's
  method with C99's recovery of infinities; GCC's __mulsc3). So log1p(+-inf i) is
  NaN + NaN i, and log1p(-0 + 0i) keeps its -0.
Checked against TF 2.21 on every pair of 17 special parts (zeros, infinities, NaN,
denormals, 1e+-30, 1e+-300) and 4000 random values of wide exponents: rsqrt bit for bit;
log1p bit for bit on the special values but three (the signs of two complex128 results of
denormal or underflowing parts, one complex64 result a unit in the last place off), and
within two units in the last place on 5% (complex64) and 0.3% (complex128) of the random
ones (tests/ops/test_complex_scalar.py). The others: on every pair of 9 special parts
(zeros, +-1, the least denormal, the greatest finite, infinities, NaN), whole packets and
scalars, signs of zeros and infinities and NaN-ness exact, the rest within 1e-5 (complex64)
or 1e-12 (complex128) (tests/fuzz/test_regressions_fuzz28.py, which lists what is left).
"""

from __future__ import annotations

import cmath
import functools
import math
from typing import Any

import numpy as np

from eagerflow._src.ops.complex_quotient import (
    TINY,
    c_divide,
    c_quotients,
    flush_of,
    flusher,
    numbers,
    unflushed,
)
from eagerflow._src.ops.libm_complex import c_multiply


def rsqrt(z: np.ndarray) -> np.ndarray:
    """1 / sqrt(z) elementwise, in z's complex dtype, as Eigen's complex_rsqrt."""
    if z.size == 1 and (one := _rsqrt_one(z)) is not None:
        return one
    flush = flush_of((z,), z.dtype)
    if flush is unflushed:
        return _plain_rsqrt(z.reshape(-1)).reshape(z.shape)
    part = z.real.dtype.type
    with np.errstate(all="ignore"):  # (an infinite part's flush too: inf * 0 quietly)
        x, y = flush(z.real), flush(z.imag)
        abs_z = _hypot(x, y, flush)
        w = flush(np.sqrt(flush(part(0.5) * flush(np.abs(x) + abs_z))))
        woz = flush(w / abs_z)
        den = flush(flush(part(2) * w) * abs_z)
        signed = np.where(y < 0, woz, -woz)
        u = np.where(x < 0, flush(np.abs(y) / den), woz)
        v = np.where(x > 0, flush(-y / den), signed)
    infinite = np.isinf(x) | np.isinf(y)
    zero = abs_z == 0
    return _complex(np.where(zero, np.inf, np.where(infinite, 0, u)),
                    np.where(zero, np.nan, np.where(infinite, 0, v)), z.dtype)


def _plain_rsqrt(z: np.ndarray) -> np.ndarray:
    """rsqrt's steps where every part is zero or plain (flush_of): no step is denormal,
    infinite or NaN but at z = 0, so no flush and no special value but that one, and the
    steps run in place (the same roundings, fewer passes and NumPy calls). z: 1-D."""
    x, y = z.real, z.imag
    ax, ay = np.abs(x), np.abs(y)
    p = np.maximum(ax, ay)
    with np.errstate(all="ignore"):  # (0 / 0 at z = 0: replaced below)
        h = np.minimum(ax, ay)
        h /= p
        h *= h
        h += 1
        np.sqrt(h, out=h)
        h *= p  # (_hypot: max * sqrt(1 + (min / max)^2))
        w = ax + h
        w *= 0.5
        np.sqrt(w, out=w)
        den = 2 * w
        den *= h
        woz = np.divide(w, h, out=w)
        u = np.divide(ay, den, out=ay)
        u = np.where(x < 0, u, woz)
        v = np.negative(y)
        v /= den
        v = np.where(x > 0, v, np.where(y < 0, woz, -woz))
    zero = p == 0
    if zero.any():  # (z = 0: inf + NaN i)
        u[zero], v[zero] = np.inf, np.nan
    return _complex(u, v, z.dtype)


def log1p(z: np.ndarray) -> np.ndarray:
    """log(1 + z) elementwise, in z's complex dtype, as Eigen's generic log1p."""
    if z.size == 1 and (one := _log1p_one(z)) is not None:
        return one
    tiny, steps = np.finfo(z.dtype).tiny, []
    # (its steps first unflushed, each kept: where none is denormal, every flush of TF's
    # steps is the identity, and one check of them all costs less than the flushes)
    out = _log1p_steps(z, lambda v: steps.append(v) or v)
    return _log1p_steps(z, flusher(tiny)) if _any_denormal(steps, tiny) else out


def _log1p_steps(z: np.ndarray, flush: Any) -> np.ndarray:
    part = z.real.dtype.type
    with np.errstate(all="ignore"):  # (an infinite part's flush too: inf * 0 quietly)
        a, b = flush(z.real), flush(z.imag)
        pa, pb = flush(part(1) + a), b  # (1 + z: only the real part is a sum)
        la, lb = _clog(pa, pb, flush)
        qa, qb = c_divide(la, lb, flush(pa - part(1)), pb)
        ra, rb = c_multiply(a, b, flush(qa), flush(qb))
        ra, rb = flush(ra), flush(rb)
    # (compared as TF's DAZ compares: a denormal part is zero there; z is handed back whole)
    keep = ((pa == 1) & (pb == 0)) | ((pa == la) & (pb == lb))
    return _complex(np.where(keep, z.real, ra), np.where(keep, z.imag, rb), z.dtype)


def _any_denormal(steps: list, tiny: float) -> bool:
    """Whether a value of any of the arrays `steps` is denormal (nonzero, below `tiny`)."""
    u = np.abs(np.concatenate(steps, axis=None))
    return bool(np.count_nonzero((u < tiny) & (u != 0)))


# A lone value's Rsqrt and Log1p: the same steps over Python floats (complex128) or NumPy
# float32 scalars (complex64), which round as the arrays' do, for finite values whose steps
# stay finite (None otherwise: the arrays' way, with its special values). TF's flushes read
# a part below the normal range as a zero of its sign.

def _rsqrt_one(z: np.ndarray) -> np.ndarray | None:
    tiny, sqrt = TINY[z.dtype], _SQRT[z.dtype]
    ftz = functools.partial(_ftz, tiny=tiny)
    (w,) = numbers(z)
    x, y = ftz(w.real), ftz(w.imag)
    if not (math.isfinite(x) and math.isfinite(y)) or x == y == 0:
        return None
    half, two = (0.5, 2.0) if z.dtype == np.complex128 else (np.float32(0.5), np.float32(2))
    try:  # (_hypot's steps, then rsqrt's)
        p, q = (abs(x), abs(y)) if abs(x) >= abs(y) else (abs(y), abs(x))
        r = ftz(q / p)
        abs_z = ftz(p * ftz(sqrt(ftz(1 + ftz(r * r)))))
        root = ftz(sqrt(ftz(half * ftz(abs(x) + abs_z))))
        woz = ftz(root / abs_z)
        den = ftz(ftz(two * root) * abs_z)
        u = ftz(abs(y) / den) if x < 0 else woz
        v = ftz(-y / den) if x > 0 else (woz if y < 0 else -woz)
    except (ZeroDivisionError, FloatingPointError, RuntimeWarning):
        return None
    return _one(u, v, z) if math.isfinite(u) and math.isfinite(v) else None


def _log1p_one(z: np.ndarray) -> np.ndarray | None:
    tiny = TINY[z.dtype]
    ftz = functools.partial(_ftz, tiny=tiny)
    (w,) = numbers(z)
    a, b = ftz(w.real), ftz(w.imag)
    if not (math.isfinite(a) and math.isfinite(b)):
        return None
    one = 1.0 if z.dtype == np.complex128 else np.float32(1)
    try:
        pa, pb = ftz(one + a), b
        la, lb = _clog_one(pa, pb, ftz)
        if (pa == 1 and pb == 0) or (pa == la and pb == lb):
            return z.copy()  # (z handed back whole)
        q = c_quotients([(la, lb, ftz(pa - one), pb)], tiny, flush=False)
        if q is None:
            return None
        c, d = ftz(_part(q[0].real, one)), ftz(_part(q[0].imag, one))
        re, im = ftz(a * c - b * d), ftz(a * d + b * c)  # (c_multiply's textbook product)
    except (ZeroDivisionError, FloatingPointError, RuntimeWarning):
        return None
    return _one(re, im, z) if math.isfinite(re) and math.isfinite(im) else None


def _clog_one(a: Any, b: Any, ftz: Any) -> tuple:
    """_clog of one value (NumPy's log, hypot and atan2 of it, as over the arrays)."""
    if a.__class__ is float:
        return ftz(float(np.log(ftz(float(np.hypot(a, b)))))), ftz(float(np.arctan2(b, a)))
    wa, wb = float(a), float(b)
    h = ftz(np.float32(math.sqrt(wa * wa + wb * wb)))
    return ftz(np.float32(np.log(float(h)))), ftz(np.float32(np.arctan2(wb, wa)))


def _part(v: float, like: Any) -> Any:
    """A part of c_quotients' Python complex as `like`'s number (float32's exactly)."""
    return v if like.__class__ is float else np.float32(v)


def _ftz(v: Any, tiny: float) -> Any:
    return v * 0 if abs(v) < tiny else v


def _one(re: Any, im: Any, z: np.ndarray) -> np.ndarray:
    return np.array(complex(re, im), z.dtype).reshape(z.shape)


_SQRT = {np.dtype(np.complex128): math.sqrt, np.dtype(np.complex64): np.sqrt}


def product(x: Any, y: Any) -> np.ndarray:
    """x * y elementwise (broadcast) as Eigen multiplies complex numbers: whole packets by
    the textbook (ac - bd, ad + bc), rounded at each step, the values past them by C's
    product (c_multiply: infinities recovered). NumPy's loop fuses a multiply into the
    sum (FMA): a quarter of its finite products are a unit in the last place off TF's,
    z * conj(z) has an imaginary part of rounding where TF's is 0, and its infinities
    differ where a product overflows or is infinite: (max + max i)^2 is -inf + inf i
    there, NaN + inf i in TF's packets."""
    out = _textbook(x, y)
    if _all_finite(out):  # (where C's product, and Eigen's, are the textbook's too)
        return out
    with np.errstate(all="ignore"):
        out = np.asarray(out)
        bad = ~np.isfinite(out)
        xs, ys = np.broadcast_to(x, out.shape)[bad], np.broadcast_to(y, out.shape)[bad]
        a, b, c, d = xs.real, xs.imag, ys.real, ys.imag
        out.real[bad], out.imag[bad] = a * c - b * d, a * d + b * c
        return _scalar_tail(out, (x, y), lambda u, v: _complex(
            *c_multiply(u.real, u.imag, v.real, v.imag), out.dtype))


def _textbook(x: Any, y: Any) -> np.ndarray:
    """(ac - bd) + (ad + bc)i over broadcast complex arrays or scalars, each product and
    sum rounded on its own (TF's x86 build has no FMA), in their result's dtype. The same
    roundings by one of three ways, for speed: the four products into the result's parts
    for small operands of like shape, NumPy's broadcasting for small ones of unlike shapes
    (np.broadcast_shapes costs more than their products), and slices of _SLICE values at a
    time for large ones (the parts' strided loops then work in cache)."""
    x, y = np.asarray(x), np.asarray(y)
    like = x.dtype == y.dtype
    if like and x.shape == y.shape and x.size < _SLICE:
        return _quick(_textbook_into, np.empty(x.shape, x.dtype), x, y)
    if x.size < _SLICE and y.size < _SLICE:
        return _quick(_broadcast_textbook, x, y)
    shape = x.shape if x.shape == y.shape else np.broadcast_shapes(x.shape, y.shape)
    out = np.empty(shape, x.dtype if like else np.result_type(x, y))
    return _quick(_sliced_textbook if like else _parts_textbook, out, x, y)


def _textbook_into(out: np.ndarray, x: Any, y: Any) -> np.ndarray:
    """_textbook into `out`, of x's shape and dtype and y's."""
    re = out.real
    _steps(x.real, x.imag, y.real, y.imag, re, out.imag,
           np.empty(out.shape, re.dtype))  # (an array at 0-d too)
    return out


def _steps(a: Any, b: Any, c: Any, d: Any, re: Any, im: Any, t: Any) -> None:
    """(ac - bd) into `re` and (ad + bc) into `im`, each step rounded, bd and bc in
    scratch `t`."""
    np.multiply(a, c, re)
    np.multiply(b, d, t)
    np.subtract(re, t, re)
    np.multiply(a, d, im)
    np.multiply(b, c, t)
    np.add(im, t, im)


def _parts_textbook(out: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """_textbook into `out` of unlike dtypes' result: each step in the parts' common dtype,
    then stored (the result's dtype is no narrower)."""
    re, im = out.real, out.imag
    a, b, c, d = x.real, x.imag, y.real, y.imag
    np.multiply(a, c, re)
    re -= b * d
    np.multiply(a, d, im)
    im += b * c
    return out


def _broadcast_textbook(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """_textbook by NumPy's broadcasting: each step in the parts' common dtype, as
    _parts_textbook's."""
    a, b, c, d = x.real, x.imag, y.real, y.imag
    re = a * c
    re -= b * d
    im = a * d
    im += b * c
    return _complex(re, im, np.result_type(x, y))


def _sliced_textbook(out: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """_textbook_into over blocks of about _SLICE values of `out` (along its first axis,
    all flat where x and y are of its shape or 0-d), x and y of its dtype, one scratch
    block: the strided loops over the parts are not vectorized, and a block's operands
    stay in cache between its six passes."""
    if x.shape == y.shape or x.ndim == 0 or y.ndim == 0:
        out_, x, y = out.reshape(-1), _flat(x), _flat(y)
    else:  # (operands of out's rank: a first axis of 1 is not sliced)
        out_, x, y = out, _ranked(x, out.ndim), _ranked(y, out.ndim)
    rows = max(1, _SLICE * out_.shape[0] // out_.size)
    re, im = out_.real, out_.imag
    parts = (x.real, x.imag, y.real, y.imag)
    scratch = np.empty((rows,) + out_.shape[1:], re.dtype)
    for start in range(0, out_.shape[0], rows):
        at = slice(start, start + rows)
        a, b, c, d = (p[at] if p.ndim and p.shape[0] > 1 else p for p in parts)
        r = re[at]
        _steps(a, b, c, d, r, im[at], scratch[:r.shape[0]])
    return out


def _flat(x: np.ndarray) -> np.ndarray:
    return x if x.ndim == 0 else x.reshape(-1)


def _ranked(x: np.ndarray, ndim: int) -> np.ndarray:
    return x.reshape((1,) * (ndim - x.ndim) + x.shape)


# (values a block of _sliced_textbook, about: its few arrays' parts fit in a core's L2
# cache; also the size below which operands take the cheaper whole-array ways)
_SLICE = 16384


def _quick(f: Any, *args: Any) -> Any:
    """f(*args), a NumPy function, first without an error state of its own (a finite
    result raises no flag that warns by default, and eagerflow's filter hides the warnings
    of the others), again under one where the caller's error state or warning filters
    raise."""
    try:
        return f(*args)
    except (FloatingPointError, RuntimeWarning):
        with np.errstate(all="ignore"):
            return f(*args)


def _all_finite(a: Any) -> bool:
    """Whether no part of `a` (an array or a NumPy scalar) is inf or NaN: of a large
    array, by its parts' sum (which they spread to; a sum overflowing from finite parts
    only sends them the long way)."""
    if a.__class__ is not np.ndarray:
        return cmath.isfinite(a)
    if a.size < 4096:
        return np.count_nonzero(np.isfinite(a)) == a.size  # (cheaper than all())
    flat = a.reshape(-1)
    return bool(np.isfinite(np.add.reduce(flat.view(flat.real.dtype))))


def prod(x: np.ndarray, axes: tuple | None, keepdims: bool) -> np.ndarray:
    """The product over `axes` as Eigen's reducer takes it over a few values: from 1, times
    each value in turn by the textbook product (so 1 * (inf i) is NaN + inf i). Recomputed
    so only for the results NumPy's product makes infinite or NaN, and only over up to
    _SEQUENTIAL values (longer ones Eigen takes in packets of partial products, an order
    not reproduced: NumPy's stands)."""
    with np.errstate(all="ignore"):
        out = np.asarray(np.multiply.reduce(x, axis=axes, keepdims=True))
        bad = ~np.isfinite(out)
        if bad.any() and x.size <= _SEQUENTIAL * max(out.size, 1):
            kept = [i for i in range(x.ndim) if axes is not None and i not in axes]
            rows = np.moveaxis(x, kept, range(len(kept))).reshape(bad.size, -1)[bad.ravel()]
            acc = np.ones(len(rows), x.dtype)
            for col in rows.T:
                a, b, c, d = acc.real, acc.imag, col.real, col.imag
                acc = _complex(a * c - b * d, a * d + b * c, x.dtype)
            out[bad] = acc
    return out if keepdims else out.reshape([n for i, n in enumerate(x.shape)
                                             if axes is not None and i not in axes])


_SEQUENTIAL = 16


def log(z: np.ndarray) -> np.ndarray:
    """The principal log as Eigen's: in packets, log of |z| = sqrt(x^2 + y^2) unscaled, so
    NaN (of inf - inf in its refinement) where finite parts' squares overflow; past them,
    the scalar log(hypot(x, y)), infinite there. NumPy's clog scales (finite)."""
    out = _quick(np.log, z)
    # (no square overflows below _SQUARE_SAFE: the scalar log's is NumPy's but rounding)
    if _all_finite(out) and (out.real if out.__class__ is not np.ndarray
                             else out.real.max(initial=0)) <= _SQUARE_SAFE[out.dtype]:
        return np.asarray(out)
    with np.errstate(all="ignore"):
        out = np.asarray(out)
        x, y = z.real, z.imag
        out.real[np.isfinite(x) & np.isfinite(y) & ~np.isfinite(x * x + y * y)] = np.nan
        return _scalar_tail(out, (z,), lambda v: _complex(
            np.log(np.hypot(v.real, v.imag)), np.arctan2(v.imag, v.real), z.dtype))


# (the log of the greatest finite part: a log below it comes of squares that cannot
# overflow)
_SQUARE_SAFE = {np.dtype(np.complex64): float(np.log(np.finfo(np.float32).max)) / 2 - 1e-3,
                np.dtype(np.complex128): float(np.log(np.finfo(np.float64).max)) / 2 - 1e-9}


def exp(z: np.ndarray) -> np.ndarray:
    """exp as Eigen's: NumPy's cexp, but in complex64 packets exp(inf + yi) with y
    infinite or NaN is -inf + NaN i where y is negative (Eigen's packet cexp takes y's
    sign), not +inf (complex128 and the values past the packets: the C library's)."""
    out = _quick(np.exp, z)
    if z.dtype == np.complex128 or _all_finite(out):
        return np.asarray(out)
    with np.errstate(all="ignore"):
        out = np.asarray(out)
        x, y = z.real, z.imag
        out.real[(x == np.inf) & ~np.isfinite(y) & np.signbit(y)] = -np.inf
        return _scalar_tail(out, (z,), np.exp)


def expm1(z: np.ndarray) -> np.ndarray:
    """exp(z) - 1 as Eigen's complex expm1: with e = expm1(x) and s = sin(y / 2)^2,
    (e - 2 (e + 1) s, (e + 1) sin(y)) (so NaN + NaN i where e is infinite and y is 0)."""
    x, y = z.real, z.imag
    part = x.dtype.type
    with np.errstate(all="ignore"):
        e = np.expm1(x)
        er = e + part(1)
        half = np.sin(y / part(2))
        return _complex(e - part(2) * er * (half * half), er * np.sin(y), z.dtype)


def sign(z: np.ndarray) -> np.ndarray:
    """z / |z| as TF's complex Sign divides: the complex quotient by |z| + 0i, which for a
    finite |z| is (x + 0y) / |z|, (y - 0x) / |z| (a -0 part is +0) in Eigen's packets and
    in C's division alike; an infinite |z| makes the packet quotient NaN + NaN i (C's only
    where a part of z is infinite); 0 at 0."""
    with np.errstate(all="ignore"):
        mag = np.abs(z)
        out = _sign_quotient(z, mag)
        infinite = np.isinf(mag)
        if infinite.any():
            out[infinite] = complex(np.nan, np.nan)
            out = _scalar_tail(out, (z, mag), _sign_quotient)
    out[mag == 0] = 0
    return out


def _sign_quotient(z: np.ndarray, mag: np.ndarray) -> np.ndarray:
    x, y = z.real, z.imag
    return _complex((x + y * 0) / mag, (y - x * 0) / mag, z.dtype)


def sigmoid(z: np.ndarray) -> np.ndarray:
    """1 / (1 + exp(-z)) as Eigen's complex logistic, which has no packet form: the C
    library's cexp and complex division (so 0 where exp(-z) is infinite, not NaN)."""
    e = _quick(np.exp, -z)
    if z.size <= _FEW:  # (value by value over Python numbers)
        one = 1.0 if z.dtype == np.complex128 else np.float32(1)
        out = c_quotients(((one, one * 0, one + w.real, w.imag) for w in numbers(e)),
                          TINY[z.dtype], flush=False)
        if out is not None:
            return np.array(out, z.dtype).reshape(z.shape)
    with np.errstate(all="ignore"):
        one = np.ones((), z.real.dtype)
        return _complex(*c_divide(one, one * 0, one + e.real, e.imag), z.dtype)


def sqrt(z: np.ndarray) -> np.ndarray:
    """The principal square root as Eigen's complex sqrt: with w = sqrt((|x| + |z|) / 2),
    (w, y / 2w) for x >= 0, (|y| / 2w, +-w) for x < 0, where NumPy's csqrt differs: a zero
    keeps +0 as its imaginary part (0 - 0i -> 0 + 0i), and |x| + |z| overflows to an
    infinite root for parts near the greatest finite value; inf where y is infinite."""
    if z.size == 1:  # (csqrt's where no value is odd and the tail's sign is not at stake)
        w = z.item()
        x, y = w.real, w.imag
        if (x or y) and abs(x) < _EIGHTH[z.dtype] and abs(y) < _EIGHTH[z.dtype] and \
                not (y == 0 and x < 0 and math.copysign(1, y) < 0):
            return np.asarray(_quick(np.sqrt, z))
    with np.errstate(all="ignore"):
        out = np.asarray(np.sqrt(z))
        mag = np.abs(z)
        odd = ~((mag > 0) & (mag < np.finfo(z.real.dtype).max / 4))  # (0, inf, NaN, huge)
        if any_odd := np.count_nonzero(odd):
            out[odd] = _packet_sqrt(z[odd])
        n = z.size % (4 if z.dtype == np.complex64 else 2)
        tail = z.reshape(-1)[-n:]
        # (the scalar sqrt differs at odd values and at x < 0 with y = -0: +w, not -w)
        if n and (any_odd or (np.signbit(tail.imag) & (tail.real < 0) &
                              (tail.imag == 0)).any()):
            return _scalar_tail(out, (z,), _scalar_sqrt)
    return out


# (parts below an eighth of the greatest finite value: |z| is below a quarter of it)
_EIGHTH = {np.dtype(t): float(np.finfo(t).max) / 8 for t in (np.complex64, np.complex128)}
# (sigmoid's values taken one at a time over Python numbers up to this many: cheaper than
# c_divide's wheres over small arrays)
_FEW = 16


def _scalar_tail(out: np.ndarray, args: tuple, scalar: Any) -> np.ndarray:
    """`out` with its values past the last whole packet (4 complex64 values, 2 complex128:
    a scalar's, the last of 5) recomputed by `scalar` over the same (broadcast) operands,
    as Eigen's kernels compute them by the scalar function."""
    tail = out.size % (4 if out.dtype == np.complex64 else 2)
    if tail:
        flat = [np.broadcast_to(a, out.shape).reshape(-1)[-tail:] for a in args]
        view = out.reshape(-1)
        view[-tail:] = scalar(*flat)
    return out


def _scalar_sqrt(z: np.ndarray) -> np.ndarray:
    """Eigen's scalar complex sqrt: (inf, y) for an infinite y, else with w as sqrt's,
    (w, +-w) for x = 0, (w, y / 2w) for x > 0, (|y| / 2w, +-w) otherwise (NaN too), the
    sign that of y < 0 (so -0 gives +)."""
    x, y = z.real, z.imag
    part = x.dtype.type
    w = np.sqrt(part(0.5) * (np.abs(x) + _hypot(x, y, unflushed)))
    signed_w = np.where(y < 0, -w, w)
    u = np.where(x >= 0, w, np.abs(y) / (part(2) * w))
    v = np.where(x == 0, signed_w, np.where(x > 0, y / (part(2) * w), signed_w))
    inf_y = np.isinf(y)
    return _complex(np.where(inf_y, np.inf, u), np.where(inf_y, y, v), z.dtype)


def _packet_sqrt(z: np.ndarray) -> np.ndarray:
    """Eigen's packet complex sqrt, where csqrt differs (see sqrt): -0's sign is kept for
    x < 0, and an infinite x gives (inf, 0|y|) or (0|y|, +inf)."""
    x, y = z.real, z.imag
    part = x.dtype.type
    with np.errstate(all="ignore"):
        w = np.sqrt(part(0.5) * (np.abs(x) + _hypot(x, y, unflushed)))
        eta = np.where(w == 0, 0, part(0.5) * (y / w))
        u = np.where(x < 0, np.abs(eta), w)
        v = np.where(x < 0, np.copysign(w, y), eta)
        # (an infinite part: (inf, y) for y infinite, else (inf, 0|y|) for x = inf and
        # (0|y|, inf) for x = -inf)
        inf_y, inf_x = np.isinf(y), np.isinf(x)
        zero_y = np.abs(y) * 0
        u = np.where(inf_y, np.inf, np.where(inf_x & (x < 0), zero_y, np.where(inf_x, np.inf, u)))
        v = np.where(inf_y, y, np.where(inf_x & (x < 0), np.inf, np.where(inf_x, zero_y, v)))
    return _complex(u, v, z.dtype)


def _hypot(x: Any, y: Any, flush: Any) -> Any:
    """Eigen's hypot: max * sqrt(1 + (min/max)^2); 0 at 0, inf where a part is, else NaN
    where one is."""
    ax, ay = np.abs(x), np.abs(y)
    p, q = np.maximum(ax, ay), np.minimum(ax, ay)
    with np.errstate(all="ignore"):
        r = flush(q / p)
        h = flush(p * flush(np.sqrt(flush(1 + flush(r * r)))))
    h = np.where(p == 0, 0, np.where(np.isnan(x) | np.isnan(y), np.nan, h))
    return np.where(np.isinf(x) | np.isinf(y), np.inf, h).astype(p.dtype)


def _clog(a: Any, b: Any, flush: Any) -> tuple:
    """Eigen's complex log: (log(hypot(a, b)), atan2(b, a)) of the C library (hypotf, logf
    and atan2f are correctly rounded: the double results rounded once)."""
    if a.dtype != np.float32:
        return flush(np.log(flush(np.hypot(a, b)))), flush(np.arctan2(b, a))
    wa, wb = a.astype(np.float64), b.astype(np.float64)
    h = flush(np.sqrt(wa * wa + wb * wb).astype(np.float32))
    return (flush(np.log(h.astype(np.float64)).astype(np.float32)),
            flush(np.arctan2(wb, wa).astype(np.float32)))


def _complex(re: Any, im: Any, dtype: Any) -> np.ndarray:
    out = np.empty(np.broadcast(re, im).shape, dtype)
    out.real, out.imag = re, im
    return out
