"""Complex division as TF 2.21's CPU kernels compute it (RealDiv, Div, Reciprocal and Inv of
complex64 and complex128: Eigen's packet quotient), where NumPy's differs.

Sits in the ops layer beside libm_complex.py, under math.py. The divisor c + di is first
scaled by m = max(|c|, |d|) (so no square overflows or underflows); the quotient is
(a + bi)(c' - d'i) / (c'^2 + d'^2) / m, each step rounded in the dtype's precision, on
threads that flush denormals (FTZ and DAZ): a denormal operand reads as a signed zero and a
denormal step is zero. So x / 0 is NaN + NaN i, where NumPy gives infinities; a part of
either operand below the normal range is zero; and the signs of zero parts follow the
products (1 / (3 + 0i) is 1/3 + 0i, NumPy's 1/3 - 0i). Checked against TF 2.21 on every
pair of 12 special parts (zeros, infinities, NaN, 1e+-30) and 4000 random quotients of
wide exponents (tests/ops/test_complex_quotient.py).
"""

from __future__ import annotations

from typing import Any

import numpy as np


def quotient(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """x / y elementwise (broadcast), in their complex dtype, as TF's CPU divides."""
    dtype = np.result_type(x, y)
    tiny = np.finfo(dtype).tiny
    flush = flusher(tiny)
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


def flusher(tiny: Any) -> Any:
    def flush(v: Any) -> Any:
        return np.where(np.abs(v) < tiny, v * 0, v)  # (v * 0 keeps the sign; NaN stays)
    return flush
