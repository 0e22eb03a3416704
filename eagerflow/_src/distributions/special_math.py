"""The special functions TF 1's distributions compute with, as TF composes them: the
standard normal's cdf (`ndtr`), its log (`log_ndtr`, an asymptotic series far in the lower
tail), its inverse (`ndtri`, Cephes' rational approximations on three ranges) and the
Laplace distribution's log cdf.

Distributions (distributions/): compositions of eagerflow's ops.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.ops.array import fill
from eagerflow._src.ops.math import (
    abs as abs_,
)
from eagerflow._src.ops.math import (
    erf,
    exp,
    greater,
    less,
    log,
    log1p,
    maximum,
    minimum,
    sqrt,
)
from eagerflow._src.ops.math_base import (
    where,
    zeros_like,
)
from eagerflow._src.ops.math_special import erfc
from eagerflow._src.ops.shape_queries import shape

# where log_ndtr leaves log(ndtr(x)) for its lower-tail series, and for -ndtr(-x) above
_LOG_NDTR_BOUNDS = {dt.float64: (-20.0, 8.0), dt.float32: (-10.0, 5.0)}


def _float_arg(x: Any, what: str) -> None:
    if x.dtype not in (dt.float32, dt.float64):
        raise TypeError(f"{what}.dtype={x.dtype} is not handled, see docstring for supported "
                        "types.")


def ndtr(x: Any) -> Any:
    """The standard normal cdf: 0.5 (1 + erf(x/sqrt 2)) near 0, erfc's forms in the tails."""
    _float_arg(x, "x")
    return _ndtr(x)


def _ndtr(x: Any) -> Any:
    half_sqrt_2 = np.array(0.5 * np.sqrt(2.0), x.dtype.as_numpy_dtype)
    w = x * half_sqrt_2
    z = abs_(w)
    y = where(less(z, half_sqrt_2), 1.0 + erf(w),
              where(greater(w, 0.0), 2.0 - erfc(z), erfc(z)))
    return 0.5 * y


# Cephes' ndtri coefficients: the central range, then the tails above and below z = 8
_P0 = (-1.23916583867381258016E0, 1.39312609387279679503E1, -5.66762857469070293439E1,
       9.80010754185999661536E1, -5.99633501014107895267E1)
_Q0 = (-1.18331621121330003142E0, 1.59056225126211695515E1, -8.20372256168333339912E1,
       2.00260212380060660359E2, -2.25462687854119370527E2, 8.63602421390890590575E1,
       4.67627912898881538453E0, 1.95448858338141759834E0, 1.0)
_P1 = (-8.57456785154685413611E-4, -3.50424626827848203418E-2, -1.40256079171354495875E-1,
       2.18663306850790267539E0, 1.46849561928858024014E1, 4.40805073893200834700E1,
       5.71628192246421288162E1, 3.15251094599893866154E1, 4.05544892305962419923E0)
_Q1 = (-9.33259480895457427372E-4, -3.80806407691578277194E-2, -1.42182922854787788574E-1,
       2.50464946208309415979E0, 1.50425385692907503408E1, 4.13172038254672030440E1,
       4.53907635128879210584E1, 1.57799883256466749731E1, 1.0)
_P2 = (6.23974539184983293730E-9, 2.65806974686737550832E-6, 3.01581553508235416007E-4,
       1.23716634817820021358E-2, 2.01485389549179081538E-1, 1.33303460815807542389E0,
       3.93881025292474443415E0, 6.91522889068984211695E0, 3.23774891776946035970E0)
_Q2 = (6.79019408009981274425E-9, 2.89247864745380683936E-6, 3.28014464682127739104E-4,
       1.34204006088543189037E-2, 2.16236993594496635890E-1, 1.37702099489081330271E0,
       3.67983563856160859403E0, 6.02427039364742014255E0, 1.0)


def _polynomial(var: Any, coeffs: tuple) -> Any:
    """c0 + var (c1 + var (c2 + ...)), the innermost term starting from zeros as TF's."""
    np_dtype = var.dtype.as_numpy_dtype
    acc = zeros_like(var)
    for c in reversed(coeffs):
        acc = np.array(c, np_dtype) + acc * var
    return acc


def ndtri(p: Any) -> Any:
    """The standard normal quantile: -inf at p <= 0, inf at p >= 1."""
    _float_arg(p, "p")
    np_dtype = p.dtype.as_numpy_dtype
    mcp = where(p > -np.expm1(-2.0), 1.0 - p, p)
    mcp = where(mcp <= 0.0, fill(shape(p), np.array(0.5, np_dtype)), mcp)
    w = mcp - 0.5
    ww = w ** 2
    x_big = w + w * ww * (_polynomial(ww, _P0) / _polynomial(ww, _Q0))
    x_big *= -np.sqrt(2.0 * np.pi)
    z = sqrt(-2.0 * log(mcp))
    first = z - log(z) / z
    x_small = first - _polynomial(1.0 / z, _P2) / _polynomial(1.0 / z, _Q2) / z
    x_other = first - _polynomial(1.0 / z, _P1) / _polynomial(1.0 / z, _Q1) / z
    x = where(mcp > np.exp(-2.0), x_big, where(z >= 8.0, x_small, x_other))
    x = where(p > 1.0 - np.exp(-2.0), x, -x)
    inf = fill(shape(p), np.array(np.inf, np_dtype))
    return where(p <= 0.0, -inf, where(p >= 1.0, inf, x))


def log_ndtr(x: Any, series_order: int = 3) -> Any:
    """log(ndtr(x)) accurate in both tails."""
    if not isinstance(series_order, int):
        raise TypeError("series_order must be a Python integer.")
    if series_order < 0:
        raise ValueError("series_order must be non-negative.")
    if series_order > 30:
        raise ValueError("series_order must be <= 30.")
    if x.dtype not in _LOG_NDTR_BOUNDS:
        raise TypeError(f"x.dtype={x.dtype} is not supported.")
    lower, upper = (np.array(b, x.dtype.as_numpy_dtype) for b in _LOG_NDTR_BOUNDS[x.dtype])
    return where(greater(x, upper), -_ndtr(-x),
                 where(greater(x, lower), log(_ndtr(maximum(x, lower))),
                       _log_ndtr_lower(minimum(x, lower), series_order)))


def _log_ndtr_lower(x: Any, series_order: int) -> Any:
    log_scale = -0.5 * (x * x) - log(-x) - 0.5 * np.log(2.0 * np.pi)
    return log_scale + log(_asymptotic_series(x, series_order))


def _asymptotic_series(x: Any, series_order: int) -> Any:
    """1 - 1/x^2 + 3/x^4 - 15/x^6 ...: the odd and even terms summed apart, then joined."""
    np_dtype = x.dtype.as_numpy_dtype
    if series_order <= 0:
        return np.array(1, np_dtype)
    x_2 = x * x
    even_sum = zeros_like(x)
    odd_sum = zeros_like(x)
    x_2n = x_2
    for n in range(1, series_order + 1):
        y = np.array(np.prod(np.arange(2 * n - 1, 1, -2)), np_dtype) / x_2n
        if n % 2:
            odd_sum += y
        else:
            even_sum += y
        x_2n *= x_2
    return 1.0 + even_sum - odd_sum


def log_cdf_laplace(x: Any) -> Any:
    """log of the standard Laplace cdf: x - log 2 below 0, log1p(-exp(-|x|)/2) above."""
    lower = -np.log(2.0) + x
    upper = log1p(-0.5 * exp(-abs_(x)))
    return where(x < 0.0, lower, upper)
