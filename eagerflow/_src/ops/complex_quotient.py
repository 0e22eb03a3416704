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

from typing import Any

import numpy as np


def quotient(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """x / y elementwise (broadcast), in their complex dtype, as TF's CPU divides."""
    out = packet_quotient(x, y)
    tail = out.size % (4 if out.dtype == np.complex64 else 2)
    if tail:  # (the values past the last whole packet: C's division, std::complex's)
        flush = flusher(np.finfo(out.dtype).tiny)
        flat = [flush(np.broadcast_to(v, out.shape).reshape(-1)[-tail:])
                for v in (np.real(x), np.imag(x), np.real(y), np.imag(y))]
        with np.errstate(all="ignore"):
            x_re, x_im = c_divide(*flat)
        view = out.reshape(-1)
        view.real[-tail:], view.imag[-tail:] = flush(x_re), flush(x_im)
    return out


def packet_quotient(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """x / y by Eigen's packet quotient alone (the scaled divisor; NaN + NaN i for a zero
    or infinite divisor), as its vectorized kernels divide whole packets."""
    dtype = np.result_type(x, y)
    flush = flusher(np.finfo(dtype).tiny)
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
        r = np.where(by_d, c / d, d / c)
        r = np.where(np.abs(r) < np.finfo(r.dtype).tiny, r * 0, r)
        den = np.where(by_d, c * r + d, d * r + c)
        x = np.where(by_d, (a * r + b) / den, (b * r + a) / den)
        y = np.where(by_d, (b * r - a) / den, (b - a * r) / den)
        lost = np.isnan(x) & np.isnan(y)
        if not lost.any():
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
