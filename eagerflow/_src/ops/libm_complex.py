"""The C library's complex power, cpow(x, y), as TF 2.21's CPU Pow computes it for
complex64 and complex128 (Eigen calls std::pow, which is the C library's cpow/cpowf).

Sits in the ops layer beside libm_exact.py, under math.py (Pow's kernel). glibc's cpow is
cexp(y * clog(x)) with no special case: 0j ** 0j is NaN (NumPy's power says 1), and an
integer exponent is no repeated product (NumPy multiplies, which differs in the last bits
from the exponential of the logarithm). NumPy's complex log and exp are the C library's
clog and cexp; the product between them is C's complex multiplication, which recovers the
infinities that the textbook formula makes NaN (C99 Annex G, GCC's __muldc3/__mulsc3),
written out here over arrays.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def cpow(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """cexp(y * clog(x)) elementwise (x and y broadcast), in x's complex dtype."""
    with np.errstate(all="ignore"):
        log = np.log(x)
        # (TF's threads flush denormals: clog's tiny parts, atan2(1, max) say, are zeros)
        tiny = np.finfo(log.real.dtype).tiny
        lr, li = (np.where(np.abs(v) < tiny, v * 0, v) for v in (log.real, log.imag))
        re, im = c_multiply(y.real, y.imag, lr, li)
        out = np.empty(re.shape, x.dtype)
        out.real, out.imag = re, im
        return np.exp(out)


def c_multiply(a: Any, b: Any, c: Any, d: Any) -> tuple:
    """(a + bi)(c + di) as C computes it: the textbook product, except where both of its
    parts are NaN and a factor is infinite (or a partial product overflowed): there each
    infinity is boxed to +-1, each NaN of the other factor made a signed zero, and the
    product taken again times infinity."""
    ac, bd, ad, bc = a * c, b * d, a * d, b * c
    re, im = ac - bd, ad + bc
    lost = np.isnan(re) & np.isnan(im)
    if not np.count_nonzero(lost):
        return re, im
    z_inf = np.isinf(a) | np.isinf(b)
    w_inf = np.isinf(c) | np.isinf(d)
    a, b = _box(a, z_inf), _box(b, z_inf)
    c, d = _nan_to_zero(c, z_inf), _nan_to_zero(d, z_inf)
    c, d = _box(c, w_inf), _box(d, w_inf)
    a, b = _nan_to_zero(a, w_inf), _nan_to_zero(b, w_inf)
    overflowed = ~z_inf & ~w_inf & (np.isinf(ac) | np.isinf(bd) | np.isinf(ad) | np.isinf(bc))
    a, b, c, d = (_nan_to_zero(v, overflowed) for v in (a, b, c, d))
    again = lost & (z_inf | w_inf | overflowed)
    inf = np.array(np.inf, re.dtype)
    return (np.where(again, inf * (a * c - b * d), re),
            np.where(again, inf * (a * d + b * c), im))


def _box(v: Any, where: Any) -> Any:
    """Where `where`: an infinity as +-1, anything else as +-0 (v's sign kept)."""
    return np.where(where, np.copysign(np.isinf(v).astype(v.dtype), v), v)


def _nan_to_zero(v: Any, where: Any) -> Any:
    """Where `where`: a NaN as a zero of its sign."""
    return np.where(where & np.isnan(v), np.copysign(np.zeros_like(v), v), v)
