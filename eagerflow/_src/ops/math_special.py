"""Special functions and the rest of tf.math's elementwise family.

Sits in the ops layer beside math.py, whose factories (`_unary`, `_binary`) declare each op
as one OpDef: inverse hyperbolics, lgamma/digamma/polygamma/zeta, erfc/erfinv/ndtri, rint,
the modified Bessel functions I0/I1 (plain and exponentially scaled),
and the x-safe binaries xlogy/xdivy/xlog1py (0 where x == 0, as TF). Digamma, Erfinv, Ndtri
and the Bessel functions run TF's own algorithms on every backend (special_cephes.py,
special_bessel.py: TF's CPU bits, docs/ulp32.md); the others use SciPy when it is
installed, otherwise this module's scalar Python functions element by element. Those
scalar functions are also the references the registry suites compare against (so every
kernel is checked against an independent implementation). Narrow floats of the SciPy
kernels are computed in float64 and rounded once.
"""

from __future__ import annotations

import functools
import math as _pymath
from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import elementwise_kernel, special
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import (
    complex_quotient,
    complex_scalar,
    eigen32,
    halfprec,
    libm32,
    wrapper_inputs,
)
from eagerflow._src.ops import special_bessel as _bessel
from eagerflow._src.ops import special_cephes as _cephes
from eagerflow._src.ops import special_lgamma as _lgamma64
from eagerflow._src.ops.composite_dispatch import binds_first, dispatchable
from eagerflow._src.ops.dispatch import bind, wants
from eagerflow._src.ops.eager_errors import eager_api, eager_name, slow_inputs
from eagerflow._src.ops.elementwise import (
    _binary,
    _elementwise_ref,
    _unary,
    binary_args,
    binary_args_hint,
)
from eagerflow._src.ops.math import (
    ATAN2,
    _b,
    _bin_grad,
    _u,
    _u_scoped,
    cosh,
    exp,
    int_to_float,
    negative,
    not_equal,
    sign,
    sinh,
    softplus,
    square,
    sum_to,
)
from eagerflow._src.ops.math_base import (
    _t,
    cast,
    conj,
    ones_like,
    where,
    zeros_like,
)
from eagerflow._src.ops.registry import (
    BadSample,
    OpDef,
    Sample,
    SampleRNG,
    register,
)

_rng = SampleRNG(11)
_SQRT_PI = _pymath.sqrt(_pymath.pi)
_FLOAT_ORDER = ("bfloat16", "half", "float", "double", "complex64", "complex128")


def _f64(*shape: int, lo: float, hi: float) -> np.ndarray:
    return _rng.uniform(lo, hi, size=shape)


def _wide(fn: Callable) -> Callable:
    """kernel(xp, *arrays): fn(xp, ...) over float64 (narrow floats, bfloat16 among them,
    go up and are rounded once on the way back)."""
    def kernel(xp: Any, *arrays: Any) -> Any:
        dtype = arrays[0].dtype
        wide = [a.astype(np.float64) if a.dtype.kind in "fV" and a.dtype.itemsize < 8 else a
                for a in arrays]
        with np.errstate(all="ignore"):
            return xp.asarray(fn(xp, *wide)).astype(dtype, copy=False)
    return kernel


def _scalar_kernel(fast: Callable | str, scalar: Callable) -> Callable:
    """`fast` (the name of a special function, or `fast(xp, special, *arrays)`) where the
    backend has SciPy's special functions (CuPy's on a GPU), else the scalar function
    element by element (NumPy only)."""
    def fn(xp: Any, *arrays: Any) -> Any:
        sp = special(xp)
        if sp is None:
            return np.vectorize(scalar, otypes=[np.float64])(*arrays) if arrays[0].size \
                else np.zeros(np.broadcast_shapes(*(a.shape for a in arrays)))
        return getattr(sp, fast)(*arrays) if isinstance(fast, str) else fast(xp, sp, *arrays)
    return _wide(fn)


def _quiet(kernel: Callable) -> Callable:
    """A port's kernel, NumPy's warnings silenced (its discarded branches may overflow)."""
    def quiet(xp: Any, *arrays: Any) -> Any:
        with np.errstate(all="ignore"):
            return kernel(xp, *arrays)
    return quiet


def on_device(host: Callable, device: Callable) -> Callable:
    """`host(xp, *arrays)` on the CPU, `device(xp, *arrays)` on a device (float32 and float64
    only: the ops have no half kernels), silenced as the host's is: its discarded intervals
    or iterations may overflow or divide by zero (special_cephes.py, special_igamma.py)."""
    def kernel(xp: Any, *arrays: Any) -> Any:
        if xp is np:
            return host(xp, *arrays)
        with np.errstate(all="ignore"):
            return device(xp, *arrays)
    return kernel


# ---------------------------------------------------------------------------------------
# Scalar special functions (pure Python): the references, and the kernels without SciPy.
# ---------------------------------------------------------------------------------------

def lgamma_scalar(x: float) -> float:
    if _pymath.isnan(x):
        return x
    if _pymath.isinf(x) or x <= 0 and x == _pymath.floor(x):
        return _pymath.inf  # lgamma(+-inf), and the poles
    return _pymath.lgamma(x)


_BERNOULLI = (1 / 6, -1 / 30, 1 / 42, -1 / 30, 5 / 66, -691 / 2730, 7 / 6, -3617 / 510)


def digamma_scalar(x: float) -> float:
    """Reflection below 1/2, recurrence up to 10, then the asymptotic series."""
    if _pymath.isnan(x) or x == -_pymath.inf:
        return _pymath.nan
    if x == _pymath.inf:
        return x
    if x <= 0 and x == _pymath.floor(x):
        return _pymath.nan
    if x < 0.5:
        return digamma_scalar(1 - x) - _pymath.pi / _pymath.tan(_pymath.pi * x)
    acc = 0.0
    while x < 10:
        acc -= 1 / x
        x += 1
    inv2 = 1 / (x * x)
    series, p = 0.0, inv2
    for k, b in enumerate(_BERNOULLI, 1):
        series += b / (2 * k) * p
        p *= inv2
    return acc + _pymath.log(x) - 0.5 / x - series


def zeta_scalar(s: float, q: float) -> float:
    """Hurwitz zeta sum_k (q + k)^-s by Euler-Maclaurin (s > 1, q > 0)."""
    if _pymath.isnan(s) or _pymath.isnan(q) or s < 1:
        return _pymath.nan
    if s == 1:
        return _pymath.inf
    if s == _pymath.inf:  # only the first term can survive: q^-inf (TF's inf for q <= 0)
        return 0.0 if q > 1 else 1.0 if q == 1 else _pymath.inf
    if q <= 0:
        if s != _pymath.floor(s):
            return _pymath.nan  # a negative base to a fractional power
        if q == _pymath.floor(q):  # (TF's pole: inf for an even s, as _zeta_fast's)
            return _pymath.inf if s % 2 == 0 else _pymath.nan
    n = 12
    head = sum((q + k) ** -s for k in range(n))
    a = q + n
    tail = a ** (1 - s) / (s - 1) + 0.5 * a ** -s
    rising, fact, power = s, 2.0, a ** (-s - 1)
    for j, b in enumerate(_BERNOULLI, 1):
        tail += b / fact * rising * power
        rising *= (s + 2 * j - 1) * (s + 2 * j)
        fact *= (2 * j + 1) * (2 * j + 2)
        power /= a * a
    return head + tail


def polygamma_scalar(n: float, x: float) -> float:
    if _pymath.isnan(n) or n < 0 or n != _pymath.floor(n):
        return _pymath.nan
    if n == 0:
        return digamma_scalar(x)
    if x <= 0 and x == _pymath.floor(x):  # a pole: +inf for odd n; even n has no sign
        return _pymath.inf if n % 2 else _pymath.nan
    k = int(n)
    return (-1) ** (k + 1) * _pymath.factorial(k) * zeta_scalar(k + 1.0, x)


def _newton(f: Callable, df: Callable, x: float, steps: int = 60) -> float:
    for _ in range(steps):
        d = df(x)
        if d == 0 or not _pymath.isfinite(d):
            break
        step = f(x) / d
        x -= step
        if abs(step) <= 1e-16 * max(1.0, abs(x)):
            break
    return x


def erfcinv_scalar(y: float) -> float:
    """x with erfc(x) == y, for 0 <= y <= 2; solved on log(erfc) so tiny y stays exact."""
    if _pymath.isnan(y) or y < 0 or y > 2:
        return _pymath.nan
    if y == 0:
        return _pymath.inf
    if y == 2:
        return -_pymath.inf
    if y > 1:
        return -erfcinv_scalar(2 - y)
    if y > 0.5:  # near 0: Newton on erf itself
        t = 1 - y
        return _newton(lambda x: _pymath.erf(x) - t,
                       lambda x: 2 / _SQRT_PI * _pymath.exp(-x * x), t * _SQRT_PI / 2)
    logy = _pymath.log(y)
    x0 = _pymath.sqrt(-logy)  # erfc(x) ~ exp(-x^2) for large x
    return _newton(lambda x: _pymath.log(_pymath.erfc(x)) - logy,
                   lambda x: -2 / _SQRT_PI * _pymath.exp(-x * x) / _pymath.erfc(x), x0)


def erfinv_scalar(x: float) -> float:
    if _pymath.isnan(x) or abs(x) > 1:
        return _pymath.nan
    if abs(x) < 0.5:
        return _newton(lambda v: _pymath.erf(v) - x,
                       lambda v: 2 / _SQRT_PI * _pymath.exp(-v * v), x * _SQRT_PI / 2)
    return _pymath.copysign(erfcinv_scalar(1 - abs(x)), x)  # 1 - |x| is exact here


def ndtri_scalar(p: float) -> float:
    if _pymath.isnan(p) or p < 0 or p > 1:
        return _pymath.nan
    if p < 0.5:
        return -_pymath.sqrt(2) * erfcinv_scalar(2 * p)
    return _pymath.sqrt(2) * erfcinv_scalar(2 * (1 - p))  # 1 - p is exact here


def _erfc_scalar(x: float) -> float:
    return _pymath.erfc(x)


def _hyp(fn: Callable) -> Callable:
    def f(x: float) -> float:
        try:
            return fn(x)
        except (ValueError, OverflowError):
            if fn is _pymath.atanh and abs(x) == 1:
                return _pymath.copysign(_pymath.inf, x)
            return _pymath.nan
    return f


def _hyp_kernel(name: str) -> Callable:
    wide = _wide(lambda xp, x: getattr(xp, name)(x))
    return lambda xp, x: getattr(xp, name)(x) if x.dtype.kind == "c" else wide(xp, x)


# ---------------------------------------------------------------------------------------
# Unary ops.
# ---------------------------------------------------------------------------------------

_REAL_F = C.FLOATS
_FC = C.FLOAT_COMPLEX

# (complex gradients: g * conj(f'(x)), as TF's; conj adds no op for real dtypes)
ACOSH = _unary("Acosh", _hyp_kernel("arccosh"), _FC,
               lambda n, g: [g / sinh(conj(n.outputs[0]))],
               _elementwise_ref(_hyp(_pymath.acosh)), lo=1.2, hi=3.0,
               small_kernel=libm32.scalar("acoshf"), grad_after_grads=True)
ASINH = _unary("Asinh", _hyp_kernel("arcsinh"), _FC, lambda n, g: [g / cosh(conj(n.outputs[0]))],
               _elementwise_ref(_hyp(_pymath.asinh)), small_kernel=libm32.scalar("asinhf"),
               grad_after_grads=True)
ATANH = _unary("Atanh", _hyp_kernel("arctanh"), _FC,
               lambda n, g: [g / (1 - square(conj(n.inputs[0])))],
               _elementwise_ref(_hyp(_pymath.atanh)), lo=-0.8, hi=0.8,
               small_kernel=libm32.scalar("atanhf"), grad_after_grads=True)
def _lgamma_fast(xp: Any, sp: Any, x: Any) -> Any:
    return xp.where(x == -xp.inf, xp.inf, sp.gammaln(x))  # SciPy gives -inf there


_HALF_CPU = ("DOUBLE", "FLOAT", "HALF")  # (the Bessel functions' registrations, TF's order)


def _refuse_bfloat16(op: str) -> Callable:
    """TF 2.21 registers Lgamma and Digamma for CPU in half, float and double only."""
    def refuse(x: Any) -> None:
        if x.dtype == dt.bfloat16.as_numpy_dtype:
            raise halfprec.no_kernel(op, x.dtype, ("DOUBLE", "HALF", "FLOAT"))
    return refuse


def _no_bfloat16(op: str, kernel: Callable) -> Callable:
    refuse = _refuse_bfloat16(op)

    def fn(xp: Any, x: Any) -> Any:
        refuse(x)
        return kernel(xp, x)
    return fn


_LGAMMAF = libm32.scalar("lgammaf")


def _lgamma_kernel(xp: Any, x: Any) -> Any:
    """TF's Lgamma calls the C library per value (lgamma_r, lgammaf_r): on the CPU glibc's
    lgamma and lgammaf vectorized step for step (special_lgamma.py: their bits on every
    value checked; float32's negatives, zeros, denormals, inf and NaN per value as TF's
    scalar path); elsewhere SciPy's gammaln (43% of float64 values and 35% of float32's
    differ; near 1 and 2 its error is absolute: gammaln(2 - 2**-52) is 1.1e-16, glibc's
    -9.4e-17)."""
    if xp is np and x.dtype == np.float64 and _lgamma64.available():
        return _lgamma64.lgamma64(x)
    if xp is np and x.dtype == np.float32 and _lgamma64.available():
        return _lgamma64.lgamma32(x, _LGAMMAF)
    return _scalar_kernel(_lgamma_fast, lgamma_scalar)(xp, x)


# (TF's float32 Lgamma is the C library's lgammaf on every value: libm32 gives it under 8
# values and in float16, special_lgamma.py larger float32 tensors, docs/ulp32.md)
LGAMMA = _unary("Lgamma", _no_bfloat16("Lgamma", _lgamma_kernel),
                _REAL_F,
                lambda n, g: [g * digamma(n.inputs[0])], _elementwise_ref(lgamma_scalar),
                lo=0.3, hi=4.0, small_kernel=_LGAMMAF,
                refuse=_refuse_bfloat16("Lgamma"), grad_after_grads=True)
# (Digamma: TF's Cephes port, special_cephes.py, on every backend)
DIGAMMA = _unary("Digamma", _no_bfloat16("Digamma", _quiet(_cephes.digamma)), _REAL_F,
                 lambda n, g: [g * polygamma(ones_like(n.inputs[0]), n.inputs[0])],
                 _elementwise_ref(digamma_scalar), lo=0.3, hi=4.0, grad_after_grads=True)
def _erfc_kernel(xp: Any, x: Any) -> Any:
    if halfprec.is_half(xp, x):  # Eigen's float32 erfc, rounded
        return halfprec.unary(halfprec.perfc)(x)
    # float64: TF's bits (eigen32.py). float32 keeps its own kernel: Eigen's float32 erfc
    # (the CPU's reciprocal estimate emulated) was 4x its cost, and tf.nn.gelu is erfc.
    if xp is np and x.dtype == np.float64:
        return eigen32.erfc64(x)
    return _scalar_kernel("erfc", _erfc_scalar)(xp, x)


ERFC = _unary("Erfc", _erfc_kernel, _REAL_F,
              lambda n, g: [g * (-2 / _SQRT_PI) * exp(-square(n.inputs[0]))],
              _elementwise_ref(_erfc_scalar), grad_after_grads=True)
# (Erfinv and Ndtri: TF's, Eigen's generic_ndtri, special_cephes.py, on every backend)
ERFINV = _unary("Erfinv", _quiet(_cephes.erfinv), _REAL_F,
                lambda n, g: [g * (_SQRT_PI / 2) * exp(square(n.outputs[0]))],
                _elementwise_ref(erfinv_scalar), lo=-0.9, hi=0.9,
                # (TF 2.21: float and double only, on its GPU too: cwise_op_ndtri.cc)
                half_kernel=halfprec.refuse("Erfinv", gpu_half=False), grad_after_grads=True)
NDTRI = _unary("Ndtri", _quiet(_cephes.ndtri), _REAL_F,
               lambda n, g: [g * _pymath.sqrt(2 * _pymath.pi) * exp(square(n.outputs[0]) / 2)],
               _elementwise_ref(ndtri_scalar), lo=0.05, hi=0.95,
               half_kernel=halfprec.refuse("Ndtri", gpu_half=False), grad_after_grads=True)
RINT = _unary("Rint", "rint", _REAL_F, None,
              # (TF's GPU takes half: its MLIR-generated kernels, gpu_op_rint.cc)
              _elementwise_ref(lambda a: float(round(a))), half_kernel=halfprec.refuse("Rint"))


# ---------------------------------------------------------------------------------------
# Polygamma and Hurwitz zeta: two-input ops (no broadcasting gradient wrt the order).
# ---------------------------------------------------------------------------------------

def _float_pair_infer(op: str) -> Callable:
    def infer(a: Any, x: Any) -> list:
        d = C.same_dtype(op, (a, x), frozenset((dt.float32, dt.float64)))
        return [(C.broadcast(op, a._shape, x._shape), d)]
    return infer


def _zeta_fast(xp: Any, sp: Any, s: Any, q: Any) -> Any:
    out = sp.zeta(s, q)
    first = xp.where(q > 1, 0.0, xp.where(q == 1, 1.0, xp.inf))  # zeta(inf, q > 0)
    out = xp.where((q <= 0) & (s != xp.floor(s)), xp.nan, out)  # fractional powers of q <= 0
    # (TF's (Eigen's) pole at a non-positive integer q: inf for an even integer s, whose
    # evenness it reads from the s cast to a long, which makes an infinite s even; NaN for
    # any other s; s = 1 is inf before it)
    out = xp.where((q <= 0) & (q == xp.floor(q)), xp.where(_even(xp, s), xp.inf, xp.nan), out)
    out = xp.where(s == 1, xp.inf, out)
    # (an infinite s, or one so large that SciPy's sum gives up (NaN): q**-s alone, as
    # TF's, whose first term underflows to 0 or overflows to inf there)
    huge = (s == xp.inf) | ((s > 1) & xp.isnan(out) & ~xp.isnan(q))
    return xp.where(s < 1, xp.nan, xp.where(huge & (q > 0), first, out))


def _even(xp: Any, s: Any) -> Any:
    return (s == xp.floor(s)) & ((xp.fmod(s, 2) == 0) | xp.isinf(s))


def _polygamma_fast(xp: Any, sp: Any, n: Any, x: Any) -> Any:
    ok = (n >= 0) & (n == xp.floor(n))
    out = sp.polygamma(xp.where(ok, n, 0), x)
    dg = _cephes.digamma(xp, x) if n.size else out
    pole = (x <= 0) & (x == xp.floor(x)) & (n >= 1)  # +inf for odd n; even n has no sign
    out = xp.where(pole, xp.where(n % 2 == 1, xp.inf, xp.nan), out)
    return xp.where(ok, xp.where(n == 0, dg, out), xp.nan)


def _polygamma_cpu(xp: Any, n: Any, x: Any) -> Any:
    sp = special(xp)
    if n.dtype == np.float32:
        return _cephes.polygamma(n, x, lambda s, q: _cephes.zeta32(np, s, q))
    if sp is None:
        return None
    return _cephes.polygamma(n, x, lambda s, q: _zeta_fast(np, sp, s, q))


def _pair_kernel(fast: Callable, scalar: Callable, cpu: Callable) -> Callable:
    """On the CPU `cpu(np, a, b)`, TF's algorithm (special_cephes.py; against TF 2.21 on
    6,000 values: Zeta float32 54% -> 0.03% (float64: SciPy's, TF's Cephes code, 0),
    Polygamma 63% / 32% -> 0.1% / 0); elsewhere (or None from it) SciPy's function."""
    fn = _scalar_kernel(fast, scalar)

    def kernel(xp: Any, a: Any, b: Any) -> Any:
        a, b = xp.broadcast_arrays(a, b)
        if xp is np:
            with np.errstate(all="ignore"):
                out = cpu(np, a, b)
            if out is not None:
                return out
        return fn(xp, a, b)
    return kernel


def _zeta_cpu(xp: Any, s: Any, q: Any) -> Any:
    return _cephes.zeta32(np, s, q) if s.dtype == np.float32 else None


def _zeta_grad(n: Any, g: Any) -> list:
    s, q = n.inputs
    return [None, sum_to(g * -s * zeta(s + 1, q), q)]


def _polygamma_grad(n: Any, g: Any) -> list:
    a, x = n.inputs
    return [None, sum_to(g * polygamma(a + 1, x), x)]


def _pair_bad(op: str) -> list:
    return [BadSample((np.ones(2, np.int32), np.ones(2, np.int32)), {}, InvalidArgumentError,
                      "allowed values: float, double"),
            BadSample((np.ones(2), np.ones(2, np.float32)), {}, InvalidArgumentError,
                      f"cannot compute {op} as input #1(zero-based)")]


ZETA = register(OpDef(
    "Zeta", _float_pair_infer("Zeta"), _pair_kernel(_zeta_fast, zeta_scalar, _zeta_cpu),
    grad=_zeta_grad, reference=_elementwise_ref(zeta_scalar),
    samples=lambda: [
        Sample((_f64(3, 2, lo=1.5, hi=4.0), _f64(3, 2, lo=0.5, hi=3.0)), grad_inputs=(1,)),
        Sample((np.array([2.0, 3.0, 5.5]), _f64(2, 1, lo=0.5, hi=3.0)), grad_inputs=(1,))],
    bad_samples=lambda: _pair_bad("Zeta"),
))
POLYGAMMA = register(OpDef(
    "Polygamma", _float_pair_infer("Polygamma"),
    _pair_kernel(_polygamma_fast, polygamma_scalar, _polygamma_cpu),
    grad=_polygamma_grad, reference=_elementwise_ref(polygamma_scalar),
    samples=lambda: [
        Sample((np.array([[0.0, 1.0, 2.0], [3.0, 1.0, 0.0]]), _f64(2, 3, lo=0.5, hi=3.0)),
               grad_inputs=(1,)),
        Sample((np.array([1.0, 2.0]), _f64(3, 1, lo=0.5, hi=3.0)), grad_inputs=(1,))],
    bad_samples=lambda: _pair_bad("Polygamma"),
))


def _pair(op: OpDef) -> Callable:
    def f(a: Any, x: Any, name: str | None = None) -> Any:
        a, x = binary_args(a, x)
        return bind(op, (a, x), {}, name)
    f.__name__ = op.name
    return f


# ---------------------------------------------------------------------------------------
# x-safe binaries: 0 wherever x == 0, even where the other factor is inf or nan.
# ---------------------------------------------------------------------------------------

_XSAFE_T = C.FLOAT_COMPLEX


def _xsafe_infer(op: str) -> Callable:
    def infer(x: Any, y: Any) -> list:
        if x._dtype is y._dtype and x._dtype not in _XSAFE_T:
            # TF lists this family's types half-first
            raise C.fail(op, f"Value for attr 'T' of {C.dtype_word(x._dtype)} is not in the "
                             f"list of allowed values: half, bfloat16, float, double, "
                             f"complex64, complex128\n\t; NodeDef: {{{{node {op}}}}}")
        d = C.same_dtype(op, (x, y), _XSAFE_T)
        return [(C.broadcast(op, x._shape, y._shape), d)]
    return infer


def _xsafe_kernel(fn: Callable) -> Callable:
    def kernel(xp: Any, x: Any, y: Any) -> Any:
        with np.errstate(all="ignore"):
            out = fn(xp, x, y)
        # (a complex x == 0 is handed back, its zeros' signs kept, as TF's packets select)
        zero = x if x.dtype.kind == "c" else xp.zeros((), x.dtype)
        return xp.where(x == 0, zero, out).astype(x.dtype, copy=False)
    return kernel


def _xsafe_ref(f: Callable) -> Callable:
    return _elementwise_ref(lambda a, b: 0.0 if a == 0 else f(a, b))


def _log_scalar(v: float) -> float:
    return -_pymath.inf if v == 0 else _pymath.nan if v < 0 else _pymath.log(v)


def _div_scalar(a: float, b: float) -> float:
    return a / b if b != 0 else _pymath.copysign(_pymath.inf, a) * _pymath.copysign(1.0, b)


def _xsafe_op(name: str, kernel: Callable, grad: Callable, ref: Callable, lo: float) -> OpDef:
    def samples() -> list:
        return [Sample((_f64(3, 4, lo=0.5, hi=2.0), _f64(3, 4, lo=lo, hi=2.0))),
                Sample((_f64(2, 1, 3, lo=-2.0, hi=2.0), _f64(4, 1, lo=lo, hi=2.0))),
                Sample((np.array([0.0, 1.0, 0.0]), np.array([0.0, 0.0, np.inf])), grad=False)]

    def bad() -> list:
        return [BadSample((np.ones(2, np.int32), np.ones(2, np.int32)), {}, InvalidArgumentError,
                          "allowed values: half, bfloat16, float, double, complex64, complex128"),
                BadSample((np.ones(2), np.ones(2, np.float32)), {}, InvalidArgumentError,
                          "was expected to be a double tensor but is a float tensor"),
                BadSample((np.ones((2, 3)), np.ones(4)), {}, InvalidArgumentError,
                          "Incompatible shapes: [2,3] vs. [4]")]

    return register(OpDef(name, _xsafe_infer(name), _xsafe_kernel(kernel), grad=grad,
                          reference=ref, samples=samples, bad_samples=bad, elementwise=True))


def _nonzero(x: Any) -> Any:
    return where(not_equal(x, zeros_like(x)), ones_like(x), zeros_like(x))


def _xlogy(xp: Any, x: Any, y: Any) -> Any:
    if xp is np and np.iscomplexobj(x):  # (TF's complex log and product)
        return complex_scalar.product(x, complex_scalar.log(np.asarray(y)))
    return x * xp.log(y)


def _xdivy(xp: Any, x: Any, y: Any) -> Any:
    if xp is np and np.iscomplexobj(x):  # (TF's complex quotient)
        return complex_quotient.quotient(np.asarray(x), np.asarray(y))
    return x / y


XLOGY = _xsafe_op(
    "Xlogy", _xlogy,
    _bin_grad(lambda g, x, y, z: g * xlogy(_nonzero(x), y), lambda g, x, y, z: g * xdivy(x, y)),
    _xsafe_ref(lambda a, b: a * _log_scalar(b)), lo=0.5)
XDIVY = _xsafe_op(
    "Xdivy", _xdivy,
    _bin_grad(lambda g, x, y, z: g * xdivy(_nonzero(x), y),
              lambda g, x, y, z: g * xdivy(-x, square(y))),
    _xsafe_ref(_div_scalar), lo=0.5)
XLOG1PY = _xsafe_op(
    "Xlog1py", lambda xp, x, y: x * xp.log1p(y),
    _bin_grad(lambda g, x, y, z: g * xlog1py(_nonzero(x), y),
              lambda g, x, y, z: g * xdivy(x, 1 + y)),
    _xsafe_ref(lambda a, b: a * _log_scalar(1 + b)), lo=-0.5)


# ---------------------------------------------------------------------------------------
# DivNoNan: x / y, and 0 wherever y == 0 (whatever x is, inf and nan included).
# ---------------------------------------------------------------------------------------

def _div_no_nan_infer(x: Any, y: Any) -> list:
    d = x._dtype
    if d is not y._dtype or d not in _XSAFE_T:
        if d is y._dtype:  # TF lists DivNoNan's types in its own order
            raise C.fail("DivNoNan", f"Value for attr 'T' of {C.dtype_word(d)} is not in the "
                                     "list of allowed values: half, float, bfloat16, double, "
                                     "complex64, complex128\n\t; NodeDef: {{node DivNoNan}}")
        C.same_dtype("DivNoNan", (x, y), _XSAFE_T)
    return [(C.broadcast("DivNoNan", x._shape, y._shape), d)]


def _div_no_nan_kernel(xp: Any, x: Any, y: Any) -> Any:
    if xp is not np and x.dtype == y.dtype and x.dtype in (np.float32, np.float64):
        if isinstance(x, np.generic) and isinstance(y, np.generic):
            x = xp.asarray(x)  # (two host numbers, scalar arguments: an array types T)
        # one launch for the quotient, the test and the select
        return elementwise_kernel(xp, "T x, T y", "T z", "z = y == (T)0 ? (T)0 : x / y",
                                  "eagerflow_div_no_nan")(x, y)
    if xp is np and np.result_type(x, y).kind == "c":  # (TF's complex quotient; a
        # denormal divisor is a zero there, as TF's threads flush it)
        out = complex_quotient.quotient(np.asarray(x), np.asarray(y))
        flush = complex_quotient.flusher(np.finfo(out.dtype).tiny)
        zero = (flush(np.real(y)) == 0) & (flush(np.imag(y)) == 0)
        return np.where(zero, np.zeros((), out.dtype), out).astype(out.dtype, copy=False)
    if xp is np and x.dtype == y.dtype and x.dtype.kind == "f":
        # (the quotients written into zeros where y is not zero: one pass and one output,
        # where dividing everywhere, then selecting, makes a second array as big)
        out = np.zeros(np.broadcast_shapes(np.shape(x), np.shape(y)), x.dtype)
        with np.errstate(all="ignore"):
            return np.true_divide(x, y, out=out, where=y != 0)
    with np.errstate(all="ignore"):
        out = xp.true_divide(x, y)
    return xp.where(y == 0, xp.zeros((), out.dtype), out).astype(x.dtype, copy=False)


def _div_no_nan_grad(n: Any, g: Any) -> list:
    """TF's: dx = div_no_nan(g, y), dy = g * div_no_nan(div_no_nan(-x, y), y) (conjugated
    for complex inputs), each summed back to its input's shape; only the wanted ones (a
    loss divides by a count that wants none)."""
    x, y = n.inputs
    if x._dtype.is_complex:
        x, y = conj(x), conj(y)
    gx = sum_to(div_no_nan(g, y), x) if wants(n, 0) else None
    gy = sum_to(g * div_no_nan(div_no_nan(negative(x), y), y), y) if wants(n, 1) else None
    return [gx, gy]


def _div_no_nan_ref(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return _elementwise_ref(lambda a, b: 0.0 if b == 0 else a / b)(x, y)


DIV_NO_NAN = register(OpDef(
    "DivNoNan", _div_no_nan_infer, _div_no_nan_kernel, grad=_div_no_nan_grad,
    reference=_div_no_nan_ref, elementwise=True, scalar_args=True,
    samples=lambda: [
        Sample((_f64(3, 4, lo=-2.0, hi=2.0), _f64(3, 4, lo=0.5, hi=2.0))),
        Sample((_f64(2, 1, 3, lo=-2.0, hi=2.0), _f64(4, 1, lo=-2.0, hi=-0.5))),
        Sample((np.array([1.0, np.nan, np.inf, -2.0]), np.array([0.0, 0.0, 0.0, 4.0])),
               grad=False),
        Sample((np.array([1 + 2j, 3j]), np.array([1 - 1j, 0j])), grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones(2, np.int32), np.ones(2, np.int32)), {}, InvalidArgumentError,
                  "allowed values: half, float, bfloat16, double, complex64, complex128"),
        BadSample((np.ones(2), np.ones(2, np.float32)), {}, InvalidArgumentError,
                  "was expected to be a double tensor but is a float tensor"),
        BadSample((np.ones((2, 3)), np.ones(4)), {}, InvalidArgumentError,
                  "Incompatible shapes: [2,3] vs. [4]")],
))


# MulNoNan: x * y, and 0 wherever y == 0 (whatever x is, inf and nan included).
def _mul_no_nan_kernel(xp: Any, x: Any, y: Any) -> Any:
    with np.errstate(all="ignore"):
        out = complex_scalar.product(x, y) if xp is np and np.iscomplexobj(x) else \
            xp.multiply(x, y)  # (TF's complex product: complex_scalar.product)
    return xp.where(y == 0, xp.zeros((), out.dtype), out).astype(x.dtype, copy=False)


def _mul_no_nan_grad(n: Any, g: Any) -> list:
    """TF's: dx = mul_no_nan(g, y), dy = mul_no_nan(x, g) (neither conjugated), each summed
    back to its input's shape."""
    x, y = n.inputs
    return [sum_to(bind(MUL_NO_NAN, (g, y), {}), x) if wants(n, 0) else None,
            sum_to(bind(MUL_NO_NAN, (x, g), {}), y) if wants(n, 1) else None]


MUL_NO_NAN = _binary("MulNoNan", _mul_no_nan_kernel, _XSAFE_T, _mul_no_nan_grad,
                     _elementwise_ref(lambda a, b: 0.0 if b == 0 else a * b),
                     extra_samples=(Sample((np.array([np.nan, np.inf, 2.0]),
                                            np.array([0.0, 0.0, 3.0])), grad=False),))


@dispatchable
@binds_first
def multiply_no_nan(x: Any, y: Any, name: str | None = None) -> Any:
    """x * y, and 0 where y == 0. y is converted to x's dtype, as TF's (a tensor of
    another dtype is refused by the conversion)."""
    x = convert_to_tensor(x, name="x")
    return bind(MUL_NO_NAN, (x, convert_to_tensor(y, dtype=x._dtype, name="y")), {}, name)


@dispatchable
@binds_first
def div_no_nan(x: Any, y: Any, name: str | None = None) -> Any:
    """x / y, and 0 where y == 0; integers are divided as floats, as tf.math.truediv does."""
    x, y = binary_args_hint(x, y)
    if x._dtype is not y._dtype:
        raise TypeError(f"`x` and `y` must have the same dtype, got {x._dtype!r} != "
                        f"{y._dtype!r}.")
    target = int_to_float(x._dtype)
    if target is not None:
        x, y = cast(x, target), cast(y, target)
    elif x._dtype not in _XSAFE_T:
        raise TypeError(f"Invalid dtype {x._dtype!r} in tf.math.divide_no_nan. Expected one of "
                        "{tf.uint8, tf.int8, tf.uint16, tf.int16, tf.uint32, tf.int32, "
                        "tf.uint64, tf.int64, tf.bfloat16, tf.float16, tf.float32, tf.float64, "
                        "tf.complex64, tf.complex128}.")
    return bind(DIV_NO_NAN, (x, y), {}, name)


# nextafter: the next representable float after x toward y (no gradient: TF registers none)
NEXT_AFTER = _binary("NextAfter", lambda xp, x, y: xp.nextafter(x, y),
                     frozenset({dt.float32, dt.float64}), None,
                     _elementwise_ref(_pymath.nextafter))


# ---------------------------------------------------------------------------------------
# Public functions.
# ---------------------------------------------------------------------------------------

acosh, asinh, atanh = _u(ACOSH), _u(ASINH), _u(ATANH)
lgamma, digamma = _u(LGAMMA), _u(DIGAMMA)
erfc, erfinv, ndtri = _u(ERFC), _u_scoped(ERFINV), _u_scoped(NDTRI)
rint = _u(RINT)
xlogy, xdivy, xlog1py = _b(XLOGY), _b(XDIVY, binds_first=True), _b(XLOG1PY, binds_first=True)
_nextafter = _b(NEXT_AFTER, lambda x, y: wrapper_inputs.op_inputs("NextAfter", (x, y)))
_zeta, _atan2 = _pair(ZETA), _b(ATAN2)
polygamma = eager_api("a", "x")(_pair(POLYGAMMA))  # (TF's wrapper's slow path for a list)


def atan2(y: Any, x: Any, name: str | None = None) -> Any:
    """The angle of the point (x, y), TF's operands named y then x."""
    return _atan2(y, x, name)


def nextafter(x1: Any, x2: Any, name: str | None = None) -> Any:
    """The next representable float after x1 toward x2 (TF's ragged dispatch takes a
    ragged operand beside a dense one; two ragged ones reach the op wrapper's conversion,
    and its error)."""
    if isinstance(x1, CompositeTensor) and isinstance(x2, CompositeTensor):
        convert_to_tensor(x1)
    return _nextafter(x1, x2, name)


@dispatchable
@slow_inputs("x", "q")  # (a list or NumPy scalar: TF's wrapper's slow path)
def zeta(x: Any, q: Any, name: str | None = None) -> Any:
    """Hurwitz's zeta function: the sum over n >= 0 of (n + q) ** -x."""
    return _zeta(x, q, name)


@dispatchable
@binds_first
def log_sigmoid(x: Any, name: str | None = None) -> Any:
    """log(sigmoid(x)) = -softplus(-x), stable for large |x|."""
    return -softplus(-_t(x))


@dispatchable
@binds_first
def reciprocal_no_nan(x: Any, name: str | None = None) -> Any:
    """1 / x, and 0 where x == 0: DivNoNan of a 1 of x's dtype, as TF's (no integer
    division as floats: DivNoNan refuses them)."""
    x = _t(x)
    return bind(DIV_NO_NAN, (convert_to_tensor(1, dtype=x._dtype), x), {},
                eager_name(name))  # (made in TF's "reciprocal_no_nan" scope)




# ---------------------------------------------------------------------------------------
# Modified Bessel functions of the first kind (orders 0 and 1, plain and exponentially
# scaled), and erfcinv.
# ---------------------------------------------------------------------------------------

def _bessel_series(order: int, x: float) -> float:
    """I_order(x) = sum_k (x/2)^(2k+order) / (k! (k+order)!)."""
    half = x / 2
    term = half ** order / _pymath.factorial(order)
    total, k = term, 0
    while abs(term) > 1e-17 * abs(total) or k < 5:
        k += 1
        term *= half * half / (k * (k + order))
        total += term
        if k > 2000:
            break
    return total


def bessel_i0_scalar(x: float) -> float:
    return _pymath.inf if _pymath.isinf(x) else _bessel_series(0, x)


def bessel_i1_scalar(x: float) -> float:
    return _pymath.copysign(_pymath.inf, x) if _pymath.isinf(x) else _bessel_series(1, x)


def bessel_i0e_scalar(x: float) -> float:
    return 0.0 if _pymath.isinf(x) else _pymath.exp(-abs(x)) * _bessel_series(0, x)


def bessel_i1e_scalar(x: float) -> float:
    return 0.0 if _pymath.isinf(x) else _pymath.exp(-abs(x)) * _bessel_series(1, x)


def _x_or_one(x: Any) -> Any:
    return where(not_equal(x, zeros_like(x)), x, ones_like(x))


def _i1_grad(n: Any, g: Any) -> list:
    x = n.inputs[0]
    d = bessel_i0(x) - n.outputs[0] / _x_or_one(x)
    return [g * where(not_equal(x, zeros_like(x)), d, 0.5 * ones_like(x))]


def _i1e_grad(n: Any, g: Any) -> list:
    x = n.inputs[0]
    d = bessel_i0e(x) - n.outputs[0] * (sign(x) + 1 / _x_or_one(x))
    return [g * where(not_equal(x, zeros_like(x)), d, 0.5 * ones_like(x))]


# (TF's Cephes series, special_bessel.py; the half types the float32 function rounded, as
# TF's: 0-2 of 63,488 float16 values differ, SciPy's rounded differed on 2-728. BesselI0
# and BesselI1: no bfloat16 kernel on TF's CPU, and none of XLA's at all)
BESSEL_I0 = _unary("BesselI0", _bessel.kernel("i0"), _REAL_F,
                   lambda n, g: [g * bessel_i1(n.inputs[0])], _elementwise_ref(bessel_i0_scalar),
                   lo=-3.0, hi=3.0,
                   half_kernel=halfprec.refuse("BesselI0", _HALF_CPU, functools.partial(
                       _bessel.kernel("i0"), np), xla=None))
BESSEL_I1 = _unary("BesselI1", _bessel.kernel("i1"), _REAL_F, _i1_grad,
                   _elementwise_ref(bessel_i1_scalar), lo=-3.0, hi=3.0,
                   half_kernel=halfprec.refuse("BesselI1", _HALF_CPU, functools.partial(
                       _bessel.kernel("i1"), np), xla=None))
BESSEL_I0E = _unary("BesselI0e", _bessel.kernel("i0e"), _REAL_F,
                    lambda n, g: [g * (bessel_i1e(n.inputs[0]) -
                                       _sign(n.inputs[0]) * n.outputs[0])],
                    _elementwise_ref(bessel_i0e_scalar), lo=0.2, hi=3.0,
                    half_kernel=halfprec.refuse("BesselI0e", _HALF_CPU, functools.partial(
                        _bessel.kernel("i0e"), np)))
BESSEL_I1E = _unary("BesselI1e", _bessel.kernel("i1e"), _REAL_F, _i1e_grad,
                    _elementwise_ref(bessel_i1e_scalar), lo=0.2, hi=3.0,
                    half_kernel=halfprec.refuse("BesselI1e", _HALF_CPU, functools.partial(
                        _bessel.kernel("i1e"), np)))


def _sign(x: Any) -> Any:
    return sign(x)


bessel_i0, bessel_i1 = _u_scoped(BESSEL_I0), _u_scoped(BESSEL_I1)
bessel_i0e, bessel_i1e = _u_scoped(BESSEL_I0E), _u_scoped(BESSEL_I1E)


@dispatchable
@binds_first
def erfcinv(x: Any, name: str | None = None) -> Any:
    """The inverse of erfc: -ndtri(x / 2) / sqrt(2)."""
    x = _t(x)  # (0.5 * x, as TF's: a bool x refuses the 0.5, where x * 0.5 would take it)
    return -ndtri(0.5 * x) * _pymath.sqrt(0.5)
