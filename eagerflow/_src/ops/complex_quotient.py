"""Complex division as TF 2.21's CPU kernels compute it (RealDiv, Div, Reciprocal and Inv of
complex64 and complex128: Eigen's packet quotient), where NumPy's differs.

Sits in the ops layer beside libm_complex.py, under math.py. The divisor c + di is first
scaled by m = max(|c|, |d|) (so no square overflows or underflows); the quotient is
(a + bi)(c' - d'i) / (c'^2 + d'^2) / m, each step rounded in the dtype's precision, on
threads that flush denormals (FTZ and DAZ): a denormal operand reads as a signed zero and a
denormal step is zero. So x / 0 is NaN + NaN i, where NumPy gives infinities; a part of
either operand below the normal range is zero; and the signs of zero parts follow the
products (1 / (3 + 0i) is 1/3 + 0i, NumPy's 1/3 - 0i). That is for whole packets (4
complex64 values, 2 complex128): the values past the last one (a scalar's, the last of 5)
are std::complex's quotient, C's division (c_divide), where x / 0 is a signed infinity.
Checked against TF 2.21 on every pair of 12 special parts (zeros, infinities, NaN, 1e+-30)
and 4000 random quotients of wide exponents (tests/ops/test_complex_quotient.py), and on
tails of 1 to 3 values (tests/fuzz/test_regressions_seed3162277660.py).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import numpy as np


def quotient(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """x / y elementwise (broadcast), in their complex dtype, as TF's CPU divides."""
    if x.size == 1 and y.size == 1 and x.dtype == y.dtype in TINY:  # (a lone value: no
        one = c_quotients(_operands(x, y), TINY[x.dtype], flush=True)  # whole packet)
        if one is not None:
            return np.array(one[0], x.dtype).reshape(x.shape if x.ndim >= y.ndim else y.shape)
    dtype = np.result_type(x, y)
    shape = x.shape if x.shape == y.shape else np.broadcast_shapes(x.shape, y.shape)
    size = math.prod(shape)
    tail = size % (4 if dtype == np.complex64 else 2)
    # (whole packets: the scaled quotient; values short of one skip it)
    out = _packet_quotient(x, y, flush_of((x, y), dtype), dtype) if size > tail else \
        np.empty(shape, dtype)
    if tail:  # (the values past the last whole packet: C's division, std::complex's)
        xs, ys = ((v if v.shape == shape else np.broadcast_to(v, shape)).reshape(-1)[-tail:]
                  .astype(dtype, copy=False) for v in (x, y))
        view = out.reshape(-1)
        view[-tail:] = c_quotients(_operands(xs, ys), TINY[dtype], flush=True) or \
            _c_quotient_arrays(xs, ys)
    return out


def c_quotients(values: Iterable, tiny: float, flush: bool) -> list | None:
    """C's quotients (a + bi) / (c + di), one at a time, of a few (a, b, c, d) `values`:
    Python floats (of float64 parts) or NumPy float32 scalars (see numbers), whose steps
    round as the arrays' do (c_divide's steps, without its wheres); `flush`: the operands'
    and quotients' parts below `tiny` read as zeros, as TF's threads read them. None where
    one takes c_divide's C99 recovery or a step raises (a zero divisor, the caller's error
    state or warning filters): the arrays' way then."""
    out = []
    for parts in values:
        if flush:
            parts = [v * 0 if abs(v) < tiny else v for v in parts]
        try:
            z = _c_divide_one(*parts, tiny)
        except (ZeroDivisionError, FloatingPointError, RuntimeWarning):
            return None
        if z is None:
            return None
        if flush:
            z = [v * 0 if abs(v) < tiny else v for v in z]
        out.append(complex(*z))
    return out


def numbers(v: np.ndarray) -> Any:
    """The values of `v` (complex or real, 32- or 64-bit parts) as c_quotients steps over
    them: Python numbers of 64-bit parts, NumPy scalars of 32-bit ones (which keep their
    float32 steps)."""
    return np.ravel(v).tolist() if v.dtype.char in "dD" else np.ravel(v)


def _operands(x: np.ndarray, y: np.ndarray) -> Iterable:
    return ((p.real, p.imag, q.real, q.imag) for p, q in zip(numbers(x), numbers(y)))


def _c_quotient_arrays(xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """C's quotients of flat arrays over the arrays (c_divide), denormals flushed."""
    flush = flusher(np.finfo(xs.dtype).tiny)
    out = np.empty(xs.shape, xs.dtype)
    with np.errstate(all="ignore"):  # (an infinite part's flush: inf * 0 quietly)
        re, im = c_divide(*(flush(v) for v in (xs.real, xs.imag, ys.real, ys.imag)))
        out.real, out.imag = flush(re), flush(im)
    return out


def packet_quotient(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """x / y by Eigen's packet quotient alone (the scaled divisor; NaN + NaN i for a zero
    or infinite divisor), as its vectorized kernels divide whole packets."""
    dtype = np.result_type(x, y)
    return _packet_quotient(x, y, flush_of((x, y), dtype), dtype)


def _packet_quotient(x: Any, y: Any, flush: Any, dtype: Any) -> np.ndarray:
    a, b = flush(np.real(x)), flush(np.imag(x))
    c, d = flush(np.real(y)), flush(np.imag(y))
    with np.errstate(all="ignore"):
        m = np.maximum(np.abs(c), np.abs(d))
        cs, ds = flush(c / m), flush(d / m)
        den = flush(flush(cs * cs) + flush(ds * ds))
        re = flush(flush(flush(a * cs) + flush(b * ds)) / den) / m
        im = flush(flush(flush(b * cs) - flush(a * ds)) / den) / m
    out = np.empty(np.broadcast(re, im).shape, dtype)
    out.real, out.imag = flush(re), flush(im)
    return out


def reciprocal(x: np.ndarray) -> np.ndarray:
    """1 / x as TF's CPU Reciprocal computes it for a complex x (the same quotient)."""
    return quotient(np.ones((), x.dtype), x)


def c_divide(a: Any, b: Any, c: Any, d: Any) -> tuple:
    """(a + bi) / (c + di) as C computes it (libgcc's __divsc3, __divdc3): Smith's method,
    and where both parts come out NaN, C99's recovery: a zero divisor gives infinities, an
    infinite dividend by a finite divisor infinities, a finite dividend by an infinite
    divisor zeros. The ratio of the divisor's parts is flushed when denormal, as TF's
    threads flush it (1 / (max + i) is 0 + 0i there, not 0 - 0i)."""
    with np.errstate(all="ignore"):
        by_d = np.abs(c) < np.abs(d)
        # (the divisor's larger part `big`, its other `small`: the two branches' steps as
        # one, each value's operands picked first)
        big, small = np.where(by_d, d, c), np.where(by_d, c, d)
        r = small / big
        r = np.where(np.abs(r) < np.finfo(r.dtype).tiny, r * 0, r)
        den = small * r + big
        x = (np.where(by_d, a, b) * r + np.where(by_d, b, a)) / den
        y = np.where(by_d, b * r - a, b - a * r) / den
        lost = np.isnan(x) & np.isnan(y)
        if not np.count_nonzero(lost):
            return x, y
        inf, zero = np.array(np.inf, a.dtype), np.array(0, a.dtype)
        by_zero = lost & (c == 0) & (d == 0) & ~(np.isnan(a) & np.isnan(b))
        big = lost & ~by_zero & (np.isinf(a) | np.isinf(b)) & np.isfinite(c) & np.isfinite(d)
        small = lost & ~by_zero & ~big & (np.isinf(c) | np.isinf(d)) & np.isfinite(a) & \
            np.isfinite(b)
        s = np.copysign(inf, c)
        a1, b1 = _unit(a), _unit(b)
        c1, d1 = _unit(c), _unit(d)
        x = np.where(by_zero, s * a, np.where(big, inf * (a1 * c + b1 * d),
                                              np.where(small, zero * (a * c1 + b * d1), x)))
        y = np.where(by_zero, s * b, np.where(big, inf * (b1 * c - a1 * d),
                                              np.where(small, zero * (b * c1 - a * d1), y)))
    return x, y


def _unit(v: Any) -> Any:
    """An infinity as +-1, anything else as +-0 (C99's boxing of an infinite operand)."""
    return np.copysign(np.isinf(v).astype(v.dtype), v)


def flusher(tiny: Any) -> Any:
    def flush(v: Any) -> Any:
        return np.where(np.abs(v) < tiny, v * 0, v)  # (v * 0 keeps the sign; NaN stays)
    return flush


# Operands whose parts are all zeros or of magnitudes in [2^-K, 2^K] (lo, hi) make no step
# of the packet quotient denormal: the least nonzero step is a sum of products of a part
# and a ratio of parts (each at least 2^-3K, so a multiple of 2^-(3K + p - 1), p the
# precision), divided by the scaled divisor's norm (at most 2) and its scale (at most 2^K):
# above the normal range for K = 24 (float32: 2^-120 >= 2^-126) and K = 200 (float64).
# Nor any of Eigen's complex rsqrt (complex_scalar.py; its least, |y| over 2w|z|, is above
# 2^-(2.5K + 2)). Every flush is the identity there and is skipped.
_PLAIN = {np.dtype(np.complex64): (2.0 ** -24, 2.0 ** 24),
          np.dtype(np.complex128): (2.0 ** -200, 2.0 ** 200)}


def flush_of(operands: tuple, dtype: Any) -> Any:
    """flusher(tiny) of `dtype`, or the identity where the operands' parts are plain (see
    _PLAIN), as a finite quotient's (or rsqrt's) mostly are: a check of them all instead of
    a where of each step."""
    bounds = _PLAIN.get(dtype)
    if bounds is not None:
        flat = np.concatenate([np.ravel(v) for v in operands], dtype=dtype)
        u = np.abs(flat.view(flat.real.dtype))
        u[u == 0] = 1  # (zeros stay zeros)
        if u.size and bounds[0] <= u.min() and u.max() <= bounds[1]:
            return unflushed
    return flusher(np.finfo(dtype).tiny)


def unflushed(v: Any) -> Any:
    """flush_of's identity: the steps of plain operands need no flush."""
    return v


# (the least normal part of each complex dtype)
TINY = {np.dtype(t): float(np.finfo(t).tiny) for t in (np.complex64, np.complex128)}


def _c_divide_one(a: Any, b: Any, c: Any, d: Any, tiny: float) -> tuple | None:
    """c_divide of one value, the same steps; None where both parts are NaN (its C99
    recovery is c_divide's; so is every sum of two NaNs, whose kept sign differs between
    NumPy's vector loops and scalars: it leaves both parts NaN)."""
    if abs(c) < abs(d):
        r = c / d
        r = r * 0 if abs(r) < tiny else r
        den = c * r + d
        x, y = (a * r + b) / den, (b * r - a) / den
    else:
        r = d / c
        r = r * 0 if abs(r) < tiny else r
        den = d * r + c
        x, y = (b * r + a) / den, (b - a * r) / den
    return None if x != x and y != y else (x, y)
