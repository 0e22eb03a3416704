"""float32 functions of tensors of fewer than 8 values (and the half types'), as TF 2.21's
CPU kernels compute them.

Sits at the bottom of the math family in ops/, under elementwise.py (whose `_unary`
derives an op's half-type kernel from its `small_kernel`), math.py and math_special.py,
whose OpDefs name these kernels. TF's elementwise
kernels run Eigen over whole packets of 8 floats and call the scalar function on the
values past the last whole packet: every value of a tensor of fewer than 8 (a scalar's
included: learning-rate schedules, loss scales). For sin, cos, tan, exp, log, log1p,
expm1, lgamma, the inverse trigonometric and the hyperbolic functions but tanh, that
scalar function is the C library's (`cosf`, `expf`, ...), whose results differ from NumPy's
float32 ufuncs (their own SIMD code) in the last place for 5-40% of inputs. So these
kernels call the C library itself, through backend/ (NumPy's functions where it has
none), and give TF's bits on the machine they run on.

TF's threads flush denormals (FTZ/DAZ); the library's results here do not, so they are
corrected after the call: a denormal result the library computed (not its input handed
back, as `sinf` does for tiny values) is flushed to a signed zero, and the functions that
compute with a denormal input read it as TF's CPU does (`expm1f` as zero, `logf` and
`lgammaf` with the constant logf's first scaling step gives). Tanh and erf are Eigen's
own polynomials even there (halfprec.py); the larger tensors' packets keep NumPy's
ufuncs (docs/ulp32.md).

The half types follow: under 8 values TF computes the same float32 function and rounds
it once; for the functions without an Eigen packet version (tan, lgamma, the inverse
trigonometric and the hyperbolic functions but tanh) it calls the C library on every
value of any tensor, which `half` reads from a table of all 65,536 results.
Checked against TF 2.21 by tests/ops/test_libm32.py (libm32_golden.json).
"""

from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import c_float_function
from eagerflow._src.ops.registry import PACKET

_F32 = np.float32
_TINY = 2.0 ** -126
# What TF's logf gives for a positive denormal: its first step scales x by 2**23, which
# DAZ reads as zero, leaving the exponent bits of 2**-150
_LOG_DENORMAL = float(_F32(-150 * math.log(2.0)))
_NUMPY = {"sinf": np.sin, "cosf": np.cos, "tanf": np.tan, "expf": np.exp, "logf": np.log,
          "log1pf": np.log1p, "expm1f": np.expm1, "asinf": np.arcsin, "acosf": np.arccos,
          "atanf": np.arctan, "sinhf": np.sinh, "coshf": np.cosh, "asinhf": np.arcsinh,
          "acoshf": np.arccosh, "atanhf": np.arctanh}


def _lgamma(x: Any) -> Any:  # (no C library: Python's, in double, rounded once)
    out = []
    for v in x.reshape(-1).tolist():
        try:
            out.append(math.lgamma(v))
        except (ValueError, OverflowError):  # (the poles)
            out.append(math.inf)
    return np.array(out, _F32).reshape(x.shape)


_NUMPY["lgammaf"] = _lgamma
# A denormal input as TF's CPU reads it, where the function computes with it
_DAZ: dict = {"expm1f": lambda v: 0.0 * v, "logf": lambda v: _LOG_DENORMAL if v > 0 else math.nan,
              "lgammaf": lambda v: -_LOG_DENORMAL}  # (its -logf(|x|) of a tiny x)


def _fix(cname: str, v: float, r: float) -> float:
    """The library's result `r` for `v` as TF's threads leave it (denormals flushed)."""
    if 0 < abs(v) < _TINY and cname in _DAZ:
        return _DAZ[cname](v)
    if 0 < abs(r) < _TINY and r != v:
        return 0.0 * r
    return r


def scalar(cname: str) -> Callable[[Any], Any]:
    """The kernel `(x) -> y` of float32 arrays of fewer than PACKET values for the C
    library's function `cname`, as TF's scalar path computes it."""
    fallback = _NUMPY[cname]
    fn: list = []

    def kernel(x: Any) -> Any:
        if not fn:
            fn.append(c_float_function(cname))
        f = fn[0]
        if f is None:
            return fallback(x)
        if x.ndim == 0:  # (a 0-d array, or a float32 scalar of generated code: kept so)
            v = x.item()
            r = f(v)
            if not _TINY <= abs(r) or not _TINY <= abs(v):  # (zeros, NaNs, denormals)
                r = _fix(cname, v, r)
            return np.array(r, _F32) if type(x) is np.ndarray else _F32(r)
        vals = x.reshape(-1).tolist()
        out = list(map(f, vals))
        # (zeros, denormals, a NaN first: min skips a NaN after the first value)
        if vals and not min(map(abs, out + vals)) >= _TINY:
            out = [_fix(cname, v, r) for v, r in zip(vals, out)]
        return np.array(out, _F32).reshape(x.shape)

    kernel.__name__ = cname
    return kernel


def half(small: Callable, packets: Callable | None,
         refuse: Callable | None = None) -> Callable[[Any], Any]:
    """The float16/bfloat16 kernel `(x) -> y` of an op whose float32 `small` kernel is the
    C library's function. TF's scalar path (fewer than PACKET values) computes the float32
    function of each value and rounds it once to the type; larger tensors run `packets`,
    Eigen's packet function (halfprec.py), or where Eigen has none (tan, the inverse
    trigonometric and hyperbolic functions but tanh) the C library's on every value, which
    a table of the 65,536 results, built on first use, gives at the cost of a lookup.
    `refuse(x)` raises TF's error for a type TF has no kernel for."""
    tables: dict = {}

    def kernel(x: Any) -> Any:
        if refuse is not None:
            refuse(x)
        with np.errstate(over="ignore"):  # (float32 results past the type's range: inf)
            if x.size < PACKET:
                return small(x.astype(_F32)).astype(x.dtype)
            if packets is not None:
                return packets(x)
            table = tables.get(x.dtype)
            if table is None:
                every = np.arange(1 << 16, dtype=np.uint16).view(x.dtype).astype(_F32)
                table = tables[x.dtype] = small(every).astype(x.dtype)
        return table.take(x.view(np.uint16))  # (take: a third of indexing's time)

    kernel.__name__ = f"half_{small.__name__}"
    return kernel

