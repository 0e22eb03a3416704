"""Elementwise math: unary and binary ops, comparisons, logic, truediv, clip_by_value.

Most ops here are declared through the factories of ops/elementwise.py (`_unary`,
`_binary`), so that each op is still one OpDef: name, allowed dtypes, kernel, gradient,
reference. Binary ops broadcast as TF does; their gradients sum back to each input's
shape (`sum_to`). Cast, where, add_n, identity and their kin are ops/math_base.py's,
below this module (its gradients take them); the bitwise ops are ops/bitwise.py's.
"""

from __future__ import annotations

import math as _pymath
from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import special
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import (
    complex_quotient,
    complex_scalar,
    dispatch,
    eigen32,
    halfprec,
    libm32,
    libm_complex,
)
from eagerflow._src.ops.broadcast_grads import sum_to
from eagerflow._src.ops.composite_dispatch import binds_first, dispatch_binding, dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_name, slow_inputs
from eagerflow._src.ops.elementwise import (
    _adopt,
    _binary,
    _elementwise_ref,
    _f64,
    _fold_arith,
    _output_grad_op,
    _tensor_like,
    _unary,
    binary_args,
    binary_args_hint,
    bool_arg,
    grad_constant,
    logical_args,
    one_launch,
)
from eagerflow._src.ops.graph_constants import convert_to_tensor_v2, first_input
from eagerflow._src.ops.math_base import _t, cast, conj, ones_like, real, where, zeros_like
from eagerflow._src.ops.registry import OpDef, Sample, TFForm, register
from eagerflow._src.ops.unary_grad_ops import safe_grad_op

# How a graph reduces a broadcasting binary op's gradients, as TF's graphs do (set by
# reduce.py: it takes the ops above this module, Shape, Sum and Reshape)
GRAPH_REDUCE: list = [None]


def _bin_grad(gx: Callable | None, gy: Callable | None, fast: tuple | None = None,
              fast_gy: Callable | None = None, skips: str | None = None) -> Callable:
    """The gradient of a broadcasting binary op: gx's and gy's summed back to x's and y's
    shapes. `fast`: the dtypes for which TF's gradient skips that reduction when x, y and
    the gradient share one fully known shape (None: it never skips it), and `fast_gy` how
    its graph writes y's gradient then (when not as gy). `skips`: how TF's gradient leaves
    out the inputs its tape does not need (skip_input_indices; None: it computes them
    all): "inputs" builds no gradient for them, "scalar_y" also returns x's alone,
    unreduced, when y is an unneeded scalar (which shows eagerly too, when the gradient
    is not of z's shape: GradientTape.gradient's output_gradients of another shape).
    An IndexedSlices g reaches the gradients of OpDefs with grad_slices (Add's and Sub's,
    whose gx and gy are g and -g): _slices_grad."""
    def grad(n: Any, g: Any) -> list:
        x, y = n.inputs
        if not isinstance(g, Tensor):  # an IndexedSlices
            if skips == "scalar_y" and not dispatch.wants(n, 1) and y._shape == ():
                return [g, None]  # (TF's hands it on unchanged)
            return _slices_grad(n, g, grad, gx, gy)
        if _state.graph is not None and GRAPH_REDUCE[0] is not None:
            return GRAPH_REDUCE[0](x, y, g, n.outputs[0], gx, gy, fast, fast_gy,
                                   None if skips is None else (skips, n.needs))
        z, wants = n.outputs[0], dispatch.wants  # (an input the tape skips gets None)
        if skips == "scalar_y" and gx is not None and not wants(n, 1) and y._shape == ():
            return [gx(g, x, y, z), None]
        return [None if gx is None or not wants(n, 0) else sum_to(gx(g, x, y, z), x),
                None if gy is None or not wants(n, 1) else sum_to(gy(g, x, y, z), y)]
    return grad


def _slices_grad(n: Any, g: Any, dense_grad: Callable, gx: Callable, gy: Callable) -> list:
    """Add's or Sub's gradient of an IndexedSlices g, as TF's: gx and gy of g itself (its
    rows negated, not its dense zeros), each summed back to its input dense; in a graph, an
    input of the broadcast shape that TF knows needs no sum keeps its IndexedSlices."""
    x, y = n.inputs
    keep = _unreduced(x, y) if _state.graph is not None else (False, False)
    if keep[0] or keep[1]:
        out = dense_grad(n, g._as_tensor())  # (the graph's reduction of the others)
    else:
        out = [None, None]
    for i, (v, f) in enumerate(((x, gx), (y, gy))):
        if f is None or not dispatch.wants(n, i):
            out[i] = None
        elif keep[i]:
            out[i] = f(g, x, y, n.outputs[0])
        elif not (keep[0] or keep[1]):
            out[i] = sum_to(f(g, x, y, n.outputs[0])._as_tensor(), v)
    return out


def _unreduced(x: Tensor, y: Tensor) -> tuple:
    """For x and y, whether TF's graph gradient knows from their static shapes that its
    gradient needs no sum (no axis where it is 1 and the other is not, and no fewer
    dimensions); (False, False) where a dimension leaves it to run time."""
    if x._shape is None or y._shape is None:
        return False, False
    rx, ry = len(x._shape), len(y._shape)
    r = max(rx, ry)
    xs = (1,) * (r - rx) + tuple(x._shape)
    ys = (1,) * (r - ry) + tuple(y._shape)
    x_sums = y_sums = False
    for a, b in zip(xs, ys):
        if a == 1 and b != 1:
            x_sums = True
        elif b == 1 and a != 1:
            y_sums = True
        elif a is None or b is None:
            return False, False
    return not x_sums and rx >= ry, not y_sums and ry >= rx


_ANY = ("any",)  # (`fast` for every dtype)


# ---------------------------------------------------------------------------------------
# Unary ops.
# ---------------------------------------------------------------------------------------

NEG = _unary("Neg", "negative", C.NUMERIC - C.INTS | C.SIGNED_INTS, lambda n, g: [negative(g)],
             _elementwise_ref(lambda a: -a), operator="-", involution=True,
             fold=_fold_arith(np.negative), fold_partial=False)
ABS = _unary("Abs", "abs", C.FLOATS | C.SIGNED_INTS,  # TF's Abs: no unsigned
             lambda n, g: [g * sign(n.inputs[0])],
             _elementwise_ref(abs), lo=0.2, hi=2.0)
def _sign_grad(n: Any, g: Any) -> list:
    x = n.inputs[0]
    if not x._dtype.is_complex:
        return [zeros_like(x)]
    # TF's for complex x: the change of sign(x) = x / |x| along g, (g - s Re(conj(s) g)) / |x|,
    # 0 where x is 0
    s, a = n.outputs[0], cast(bind(COMPLEX_ABS, (x,), {}), x._dtype)
    d = (g - s * cast(real(conj(s) * g), x._dtype)) / where(equal(a, 0), ones_like(a), a)
    return [where(equal(a, 0), zeros_like(d), d)]


SIGN = _unary("Sign", "sign", C.NUMERIC - C.INTS | C.SIGNED_INTS,  # TF's Sign: no unsigned
              _sign_grad,
              _elementwise_ref(lambda a: (a > 0) - (a < 0)), complex_kernel=complex_scalar.sign)


_L = libm32.scalar  # TF's float32 scalar path: the C library's function


def _np_half(np_name: str) -> Callable:
    """A half-precision kernel TF computes in float32 by the C library's function (as
    NumPy's) and rounds: bfloat16 denormals flushed on the way in and out."""
    return halfprec.unary(getattr(np, np_name))


def _square_grad(n: Any, g: Any) -> list:
    x = n.inputs[0]  # TF's: g * (conj(x) * 2)
    return [multiply(g, multiply(conj(x), grad_constant(2, x)))]


SQUARE = _unary("Square", "square", C.NUMERIC, _square_grad,
                _elementwise_ref(lambda a: a * a), half_kernel=_np_half("square"),
                complex_kernel=lambda z: complex_scalar.product(z, z), grad_after_grads=True)


def _sqrt_grad_grad(n: Any, g: Any) -> list:
    # (not "safe"; complex: y's gradient conjugates g / y, as TF's)
    ga = g / n.inputs[0]
    return [-conj(ga) * n.outputs[0], 0.5 * ga]


def _rsqrt_grad_grad(n: Any, g: Any) -> list:
    y, dy = n.inputs  # (complex: of the conjugates of y and g, as TF's)
    cy = conj(y)
    return [-1.5 * conj(g) * dy * square(cy), bind(RSQRT_GRAD, (cy, g), {})]


SQRT_GRAD = safe_grad_op(
    "SqrtGrad", lambda xp, y, dy: (dy * 0.5 / xp.conj(y)).astype(dy.dtype, copy=False),
    _sqrt_grad_grad,
    lambda y, dy: 0.5 * dy / y, "(0.5 * {1} / {0})", halfprec.sqrt_grad)
RSQRT_GRAD = safe_grad_op(
    "RsqrtGrad", lambda xp, y, dy: (-0.5 * dy * xp.conj(y) ** 3).astype(dy.dtype, copy=False),
    _rsqrt_grad_grad,
    lambda y, dy: -0.5 * dy * y ** 3, "(-0.5 * {1} * ({0} * {0} * {0}))", halfprec.rsqrt_grad)
def _reciprocal_grad_grad(n: Any, g: Any) -> list:
    y, dy = n.inputs  # (complex: of the conjugates of y and g, as TF's)
    cy = conj(y)
    return [-2 * conj(g) * dy * cy, bind(RECIPROCAL_GRAD, (cy, g), {})]


def _reciprocal_grad_op(tf_name: str) -> OpDef:
    """ReciprocalGrad, or InvGrad: TF's older name of the same op, kept as its own OpDef
    (its errors and graph nodes name it), with the same kernel and gradient."""
    return safe_grad_op(
        tf_name, lambda xp, y, dy: (-dy * xp.conj(y) ** 2).astype(dy.dtype, copy=False),
        _reciprocal_grad_grad, lambda y, dy: -dy * y * y, "(-{1} * {0} * {0})",
        halfprec.reciprocal_grad)


RECIPROCAL_GRAD = _reciprocal_grad_op("ReciprocalGrad")
INV_GRAD = _reciprocal_grad_op("InvGrad")

SQRT = _unary("Sqrt", "sqrt", C.FLOAT_COMPLEX,
              lambda n, g: [bind(SQRT_GRAD, (n.outputs[0], g), {})],
              _elementwise_ref(_pymath.sqrt), lo=0.5, hi=3.0, half_kernel=_np_half("sqrt"),
              complex_kernel=complex_scalar.sqrt)
def _rsqrt_kernel(xp: Any, x: Any) -> Any:
    # TF's CPU kernels for float32 and the half types (halfprec.rsqrt)
    if xp is np and (x.dtype == np.float32 or x.dtype in halfprec.HALF):
        return halfprec.rsqrt(x)
    out = one_launch(xp, "eagerflow_rsqrt", "T x", "z = (T)1 / sqrt(x)", x)
    return 1 / xp.sqrt(x) if out is None else out


RSQRT = _unary("Rsqrt", _rsqrt_kernel, C.FLOAT_COMPLEX,
               lambda n, g: [bind(RSQRT_GRAD, (n.outputs[0], g), {})],
               _elementwise_ref(lambda a: 1 / _pymath.sqrt(a)), lo=0.5, hi=3.0, int_errors=True,
               cuda="rsqrt({0})", complex_kernel=complex_scalar.rsqrt)  # (its special values)
def _reciprocal_op(tf_name: str, cpu_kernels: tuple) -> OpDef:
    """Reciprocal, or Inv: TF's older name of the same op, its own OpDef (its errors and
    graph nodes name it; its CPU kernels are listed in another order)."""
    return _unary(tf_name, halfprec.RECIPROCAL32, C.FLOAT_COMPLEX,
                  lambda n, g: [bind(RECIPROCAL_GRAD, (n.outputs[0], g), {})],
                  _elementwise_ref(lambda a: 1 / a), lo=0.5, hi=3.0, int_errors=True,
                  half_kernel=_np_half("reciprocal"), cuda="(1 / {0})",
                  complex_kernel=complex_quotient.reciprocal,  # (TF's quotient, not NumPy's)
                  # (TF's OpDef takes the signed ints; its CPU has no kernel for them,
                  # its GPU's one for int64: gpu_op_reciprocal.cc, cwise_op_reciprocal.cc)
                  gpu_only_types=frozenset((dt.int64,)),
                  no_cpu=((dt.int8, dt.int16, dt.int32, dt.int64),
                          "DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT16, DT_INT8, DT_COMPLEX64, "
                          "DT_INT64, DT_BFLOAT16, DT_COMPLEX128, DT_HALF", cpu_kernels))


RECIPROCAL = _reciprocal_op("Reciprocal", ("DT_COMPLEX128", "DT_COMPLEX64", "DT_DOUBLE",
                                           "DT_BFLOAT16", "DT_HALF", "DT_FLOAT"))
INV = _reciprocal_op("Inv", ("DT_COMPLEX128", "DT_COMPLEX64", "DT_BFLOAT16", "DT_DOUBLE",
                             "DT_HALF", "DT_FLOAT"))
# (the complex gradients: g * conj(f'(x)), as TF's; conj adds no op for real dtypes)
EXP = _unary("Exp", "exp", C.FLOAT_COMPLEX, lambda n, g: [g * conj(n.outputs[0])],
             _elementwise_ref(_pymath.exp), half_kernel=halfprec.exp, small_kernel=_L("expf"),
             complex_kernel=complex_scalar.exp, grad_after_grads=True)
EXPM1 = _unary("Expm1", "expm1", C.FLOAT_COMPLEX, lambda n, g: [g * exp(conj(n.inputs[0]))],
               _elementwise_ref(_pymath.expm1), half_kernel=halfprec.expm1,
               small_kernel=_L("expm1f"), complex_kernel=complex_scalar.expm1,
               grad_after_grads=True)
# (TF's gradient: g * Reciprocal(conj(x)), rounded twice, not once as a division)
LOG = _unary("Log", "log", C.FLOAT_COMPLEX, lambda n, g: [g * reciprocal(conj(n.inputs[0]))],
             _elementwise_ref(_pymath.log), lo=0.5, hi=3.0,
             half_kernel=halfprec.unary(halfprec.plog), small_kernel=_L("logf"),
             complex_kernel=complex_scalar.log, grad_after_grads=True)
# (TF's gradient: g * Reciprocal(1 + conj(x)), rounded twice, not once as a division)
LOG1P = _unary("Log1p", "log1p", C.FLOAT_COMPLEX,
               lambda n, g: [g * reciprocal(1 + conj(n.inputs[0]))],
               _elementwise_ref(_pymath.log1p), lo=-0.5, hi=2.0,
               half_kernel=halfprec.unary(halfprec.plog1p), small_kernel=_L("log1pf"),
               complex_kernel=complex_scalar.log1p, grad_after_grads=True)
SIN = _unary("Sin", "sin", C.FLOAT_COMPLEX, lambda n, g: [g * cos(conj(n.inputs[0]))],
             _elementwise_ref(_pymath.sin), half_kernel=_np_half("sin"), small_kernel=_L("sinf"),
             grad_after_grads=True)
COS = _unary("Cos", "cos", C.FLOAT_COMPLEX, lambda n, g: [-g * sin(conj(n.inputs[0]))],
             _elementwise_ref(_pymath.cos), half_kernel=_np_half("cos"), small_kernel=_L("cosf"),
             grad_after_grads=True)
def _atan_grad(n: Any, g: Any) -> list:
    # TF's: g * Reciprocal(1 + Square(conj(x))), its 1 a Const made after the Square
    x2 = square(conj(n.inputs[0]))
    return [g * reciprocal(_add_like(grad_constant(1, x2), x2))]


def _erf_grad(n: Any, g: Any) -> list:
    # TF's: g * 2/sqrt(pi) * Exp(-Square(conj(x))), its constant made before the control
    # dependencies on g (the Const waits on nothing)
    x = n.inputs[0]
    two_over_root_pi = grad_constant(2 / _pymath.sqrt(_pymath.pi), x, outside_controls=True)
    return [g * two_over_root_pi * exp(-square(conj(x)))]


# (TF's gradient: Square(Reciprocal(Cos(conj(x)))) * g, from x, not 1 + y^2 from the output)
TAN = _unary("Tan", "tan", C.FLOAT_COMPLEX,
             lambda n, g: [square(reciprocal(cos(conj(n.inputs[0])))) * g],
             _elementwise_ref(_pymath.tan), lo=-1.0, hi=1.0, small_kernel=_L("tanf"),
             grad_after_grads=True)
ASIN = _unary("Asin", "arcsin", C.FLOAT_COMPLEX,
              lambda n, g: [g * rsqrt(1 - square(conj(n.inputs[0])))],
              _elementwise_ref(_pymath.asin), lo=-0.8, hi=0.8, small_kernel=_L("asinf"),
              grad_after_grads=True)
ACOS = _unary("Acos", "arccos", C.FLOAT_COMPLEX,
              lambda n, g: [-g * rsqrt(1 - square(conj(n.inputs[0])))],
              _elementwise_ref(_pymath.acos), lo=-0.8, hi=0.8, small_kernel=_L("acosf"),
              grad_after_grads=True)
ATAN = _unary("Atan", "arctan", C.FLOAT_COMPLEX, _atan_grad, _elementwise_ref(_pymath.atan),
              small_kernel=_L("atanf"), grad_after_grads=True)
SINH = _unary("Sinh", "sinh", C.FLOAT_COMPLEX, lambda n, g: [g * cosh(conj(n.inputs[0]))],
              _elementwise_ref(_pymath.sinh), small_kernel=_L("sinhf"), grad_after_grads=True)
COSH = _unary("Cosh", "cosh", C.FLOAT_COMPLEX, lambda n, g: [g * sinh(conj(n.inputs[0]))],
              _elementwise_ref(_pymath.cosh), small_kernel=_L("coshf"), grad_after_grads=True)
def _tanh_grad_grad(n: Any, g: Any) -> list:
    y, dy = (conj(t) for t in n.inputs)
    return [g * -2.0 * dy * y, tanh_grad(y, g)]


def _sigmoid_grad_grad(n: Any, g: Any) -> list:
    y, dy = (conj(t) for t in n.inputs)
    gb = g * dy
    return [gb - 2.0 * gb * y, sigmoid_grad(y, g)]


_HALF_OPS = (halfprec.binary(np.subtract), halfprec.binary(np.multiply))


def _grad_ops(xp: Any, y: Any) -> tuple:  # (half types rounded at each step, as TF's)
    return _HALF_OPS if halfprec.is_half(xp, y) else (xp.subtract, xp.multiply)


TANH_GRAD = _output_grad_op(
    "TanhGrad", lambda y, dy, one, sub, mul: mul(dy, sub(one, mul(y, y))), _tanh_grad_grad,
    lambda y, dy: dy - dy * np.square(y), _grad_ops)
SIGMOID_GRAD = _output_grad_op(
    "SigmoidGrad", lambda y, dy, one, sub, mul: mul(dy, mul(y, sub(one, y))),
    _sigmoid_grad_grad, lambda y, dy: dy * y - dy * np.square(y), _grad_ops)


def tanh_grad(y: Any, dy: Any) -> Any:
    """TF's TanhGrad(y, dy): tanh's gradient from its output."""
    return bind(TANH_GRAD, (_t(y), _t(dy)), {})


def sigmoid_grad(y: Any, dy: Any) -> Any:
    """TF's SigmoidGrad(y, dy), in TF's order for every dtype."""
    return bind(SIGMOID_GRAD, (_t(y), _t(dy)), {})


def softplus_grad(dy: Any, x: Any) -> Any:
    """TF's SoftplusGrad(gradients, features)."""
    return dy * sigmoid(x)


TANH = _unary("Tanh", "tanh", C.FLOAT_COMPLEX,
              lambda n, g: [tanh_grad(conj(n.outputs[0]), g)], _elementwise_ref(_pymath.tanh),
              half_kernel=halfprec.unary(halfprec.ptanh), grad_after_grads=True)


def _sigmoid_kernel(xp: Any, x: Any) -> Any:
    if halfprec.is_half(xp, x):
        return halfprec.sigmoid(x)
    if xp is np and x.dtype == np.float32:  # TF's own values (Eigen's logistics)
        return halfprec.logistic32(x)
    if xp is np and x.dtype == np.float64:
        return halfprec.logistic64(x)
    if x.dtype.kind == "c":  # (Eigen's complex logistic: 1 / (1 + exp(-x)))
        return (1 / (1 + xp.exp(-x))).astype(x.dtype, copy=False)
    # exp(-|x|) never overflows; both branches are exact where they are used
    e = xp.exp(-xp.abs(x))
    return xp.where(x >= 0, 1 / (1 + e), e / (1 + e)).astype(x.dtype, copy=False)


def _softplus_kernel(xp: Any, x: Any) -> Any:
    if halfprec.is_half(xp, x):
        return halfprec.softplus(x)
    return (xp.maximum(x, 0) + xp.log1p(xp.exp(-xp.abs(x)))).astype(x.dtype, copy=False)


def _erf_kernel(xp: Any, x: Any) -> Any:
    if xp is np and x.dtype in (np.float32, np.float64):  # TF's values
        return eigen32.erf(x) if x.dtype == np.float32 else eigen32.erf64(x)
    if halfprec.is_half(xp, x):  # (TF's: the float32 erf, rounded; bfloat16's flushed)
        return halfprec.unary(eigen32.erf)(x)
    sp = special(xp)  # faster and exact where SciPy (or CuPy's) is present
    if sp is not None:  # (bfloat16 on a device: erf has no loop for it)
        y = sp.erf(x.astype(np.float32) if x.dtype.kind == "V" else x)
        return y.astype(x.dtype, copy=False)
    return np.vectorize(_pymath.erf, otypes=[x.dtype])(x) if x.size else x.copy()


def _sigmoid_grad(n: Any, g: Any) -> list:
    y = n.outputs[0]  # (TF's gradient takes conj(y): the complex types' Wirtinger form)
    return [sigmoid_grad(conj(y) if y._dtype.is_complex else y, g)]


SIGMOID = _unary("Sigmoid", _sigmoid_kernel, C.FLOAT_COMPLEX, _sigmoid_grad,
                 _elementwise_ref(lambda a: 1 / (1 + _pymath.exp(-a))),
                 cuda="(1 / (1 + exp(-{0})))", complex_kernel=complex_scalar.sigmoid,
                 grad_after_grads=True)
SOFTPLUS = _unary("Softplus", _softplus_kernel, C.FLOATS,
                  lambda n, g: [softplus_grad(g, n.inputs[0])],
                  _elementwise_ref(lambda a: _pymath.log1p(_pymath.exp(a))))
ERF = _unary("Erf", _erf_kernel, C.FLOATS, _erf_grad, _elementwise_ref(_pymath.erf),
             grad_after_grads=True)
_XLA_UNARY = ("DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, "
              "DT_BFLOAT16, DT_COMPLEX128, DT_HALF")
ROUND = _unary("Round", "round", C.NUMERIC, None,
               _elementwise_ref(lambda a: float(round(a)) if isinstance(a, float) else a),
               no_cpu=((dt.int8, dt.int16, dt.complex64, dt.complex128), _XLA_UNARY,
                       ("DT_INT64", "DT_INT32", "DT_BFLOAT16", "DT_DOUBLE", "DT_FLOAT",
                        "DT_HALF")))
FLOOR = _unary("Floor", "floor", C.FLOATS, None, _elementwise_ref(_pymath.floor))
CEIL = _unary("Ceil", "ceil", C.FLOATS, None, _elementwise_ref(_pymath.ceil))
IS_NAN = _unary("IsNan", "isnan", C.FLOATS, None, _elementwise_ref(_pymath.isnan, bool),
                out_dtype=dt.bool)
IS_INF = _unary("IsInf", "isinf", C.FLOATS, None, _elementwise_ref(_pymath.isinf, bool),
                out_dtype=dt.bool)
IS_FINITE = _unary("IsFinite", "isfinite", C.FLOATS, None,
                   _elementwise_ref(_pymath.isfinite, bool), out_dtype=dt.bool)
LOGICAL_NOT = _unary("LogicalNot", "logical_not", C.BOOL, None, _elementwise_ref(lambda a: not a))


# ---------------------------------------------------------------------------------------
# Binary ops.
# ---------------------------------------------------------------------------------------

ADD = _binary("AddV2", lambda xp, x, y: xp.add(x, y), C.NUMERIC | {dt.string},
              _bin_grad(lambda g, x, y, z: g, lambda g, x, y, z: g, fast=_ANY,
                       skips="scalar_y"),
              _elementwise_ref(lambda a, b: a + b), grad_slices=True, string_name="Add",
              ufunc=np.add,
              operator="+", units=(0, 0), fold=_fold_arith(np.add), fold_partial=False,
              half_kernel=halfprec.binary(np.add), tf=TFForm(export=lambda n, b: b.node(
                  "Add" if n.inputs[0]._dtype is dt.string else "AddV2", [b.input(0), b.input(1)],
                  name=n.name)))
SUB = _binary("Sub", lambda xp, x, y: xp.subtract(x, y), C.NUMERIC,
              _bin_grad(lambda g, x, y, z: g, lambda g, x, y, z: -g, fast=_ANY,
                       skips="scalar_y"),
              _elementwise_ref(lambda a, b: a - b), grad_slices=True, ufunc=np.subtract,
              operator="-",
              units=(None, 0), fold=_fold_arith(np.subtract), fold_partial=False,
              half_kernel=halfprec.binary(np.subtract))
MUL = _binary("Mul", lambda xp, x, y: xp.multiply(x, y), C.NUMERIC,
              _bin_grad(lambda g, x, y, z: multiply(g, conj(y)),
                        lambda g, x, y, z: multiply(conj(x), g), fast=(dt.int32, dt.float32),
                        fast_gy=lambda g, x, y, z: multiply(g, x), skips="scalar_y"),
              _elementwise_ref(lambda a, b: a * b), ufunc=np.multiply, operator="*",
              units=(1, 1), fold=_fold_arith(np.multiply), fold_partial=False,
              half_kernel=halfprec.binary(np.multiply), complex_kernel=complex_scalar.product)


def _realdiv(xp: Any, x: Any, y: Any) -> Any:
    return xp.true_divide(x, y).astype(x.dtype, copy=False)


def _complex_quotient(x: Any, y: Any) -> Any:
    """x / y as TF's CPU divides complex numbers (complex_quotient.py), not NumPy."""
    return complex_quotient.quotient(np.asarray(x), np.asarray(y))


REALDIV = _binary("RealDiv", _realdiv, C.FLOAT_COMPLEX,
                  # (TF's terms: realdiv(grad, y), grad * realdiv(realdiv(-x, y), y))
                  _bin_grad(lambda g, x, y, z: realdiv(g, conj(y)),
                            lambda g, x, y, z: g * conj(realdiv(realdiv(negative(x), y), y))),
                  _elementwise_ref(lambda a, b: a / b), lo=0.5, hi=2.0, units=(None, 1),
                  int_errors=True, cuda="({0} / {1})", np_kernel=np.true_divide,
                  complex_kernel=_complex_quotient,
                  scalar_args=True,  # (true_divide takes a number as its ufunc does)
                  half_kernel=halfprec.binary(np.true_divide),
                  # (TF's OpDef takes the integers; its CPU has no kernel for them)
                  no_cpu=(C.INTS, C.XLA_BINARY, C.enums("COMPLEX128 COMPLEX64 BFLOAT16 DOUBLE "
                                                        "HALF FLOAT")))


def _floordiv_kernel(xp: Any, x: Any, y: Any) -> Any:
    C.int_divisor("FloorDiv", x, y)
    if x.dtype.kind == "f":  # floor(x / y), as TF (NumPy's floor_divide differs at inf, -0)
        return xp.floor(x / y).astype(x.dtype, copy=False)
    if x.dtype.itemsize == 2 and halfprec.is_half(xp, x):  # bfloat16: the quotient rounded
        return xp.floor(halfprec.binary(np.true_divide)(x, y))
    return xp.floor_divide(x, y).astype(x.dtype, copy=False)


def _floormod_kernel(xp: Any, x: Any, y: Any) -> Any:
    C.int_divisor("FloorMod", x, y)
    if x.dtype.itemsize == 2 and halfprec.is_half(xp, x):
        return halfprec.floormod(*np.broadcast_arrays(x, y))
    if x.dtype.kind == "f":
        # TF's: the truncated remainder, moved by y where it is nonzero and its sign differs
        # from y's, so a zero keeps x's sign (-1.5 mod 1.5 is -0.0; NumPy's mod gives 0.0)
        r = xp.fmod(x, y)
        return xp.where((r != 0) & ((r < 0) != (y < 0)), r + y, r).astype(x.dtype, copy=False)
    return xp.mod(x, y).astype(x.dtype, copy=False)


def _truncdiv_kernel(xp: Any, x: Any, y: Any) -> Any:
    C.int_divisor("TruncateDiv", x, y)
    if x.dtype.kind in "iu":
        # (the floor quotient moved up where rounded down: abs(lowest) would overflow)
        q = xp.floor_divide(x, y)
        return (q + ((q * y != x) & ((x < 0) != (y < 0)))).astype(x.dtype, copy=False)
    return xp.trunc(x / y).astype(x.dtype, copy=False)


def _pow_kernel(xp: Any, x: Any, y: Any) -> Any:
    # (checked per element as TF's kernel: an empty output has none to refuse)
    if x.dtype.kind in "iu" and x.size and y.size and (y < 0).any():
        raise InvalidArgumentError(
            None, None, "Integers to negative integer powers are not allowed [Op:Pow]")
    if xp is np and x.dtype == np.float32:
        return eigen32.pow(x, y)
    if xp is np and x.dtype.kind == "c":  # (the C library's cpow, as TF's: 0j ** 0j is NaN)
        return libm_complex.cpow(x, y)
    return xp.power(x, y).astype(x.dtype, copy=False)


FLOORDIV = _binary("FloorDiv", _floordiv_kernel, C.REALS, None,
                   _elementwise_ref(lambda a, b: a // b), int_errors=True,
                   fold=_fold_arith(np.floor_divide), fold_partial=False,
                   no_cpu=(C.COMPLEX, C.XLA_BINARY, (("DEFAULT", "DT_INT32"),) + C.enums(
                       "DOUBLE BFLOAT16 HALF FLOAT INT64 INT32 INT16 INT8 UINT64 UINT32 UINT16 "
                       "UINT8")))
FLOORMOD = _binary("FloorMod", _floormod_kernel, C.REALS,
                   _bin_grad(lambda g, x, y, z: g, lambda g, x, y, z: -g * floor(x / y)),
                   _elementwise_ref(lambda a, b: a % b), lo=0.5, hi=3.0, second_order=False,
                   int_errors=True)
TRUNCATEDIV = _binary("TruncateDiv", _truncdiv_kernel, C.REALS, None,
                      _elementwise_ref(lambda a, b: _pymath.trunc(a / b) if isinstance(a, float)
                                       else int(a / b)), int_errors=True,
                      no_cpu=(C.COMPLEX, C.XLA_BINARY, C.enums(
                          "DOUBLE FLOAT BFLOAT16 HALF INT64 INT32 INT16 INT8 UINT64 UINT32 "
                          "UINT16 UINT8")))


def _pow_grad_x(g: Any, x: Any, y: Any, z: Any) -> Any:
    y = conj(y)  # (complex: of the conjugates, as TF's; nothing for real dtypes)
    return g * y * pow(conj(x), y - 1)


def _pow_grad_y(g: Any, x: Any, y: Any, z: Any) -> Any:
    x, z = conj(x), conj(z)
    # log(x) only where it is real (x > 0; x != 0 for complex), 0 elsewhere, times z: where z
    # is inf or NaN (0 ** -1, (-2) ** 0.5) the product is NaN, as in TF
    mask = not_equal(x, 0) if x._dtype.is_complex else x > 0
    return g * z * where(mask, log(where(mask, x, ones_like(x))), zeros_like(x))


# (TF's Pow has no unsigned types: tf.pow, `**` and tnp.power refuse them in its words)
POW = _binary("Pow", _pow_kernel, C.FLOATS | C.SIGNED_INTS | C.COMPLEX,
              _bin_grad(_pow_grad_x, _pow_grad_y, skips="scalar_y"),
              _elementwise_ref(lambda a, b: a ** b), lo=0.5, hi=2.0, int_errors=True)
# Maximum's and Minimum's CUDA C expressions over {0}, {1} for graph fusion on a device
# (graph/fusion.py): CUDA's float max and min are fmax and fmin, where a NaN operand
# loses; TF's Maximum and Minimum give NaN, as CuPy's own kernels do, by a NaN's sum
CUDA_EXTREMES = {"maximum": "(({0} != {0} || {1} != {1}) ? ({0} + {1}) : max({0}, {1}))",
                 "minimum": "(({0} != {0} || {1} != {1}) ? ({0} + {1}) : min({0}, {1}))"}
# Values per packet of TF's vectorized float32/float64 kernels (x86 AVX: 256 bits)
_TIE_PACKET = {np.dtype(np.float32): 8, np.dtype(np.float64): 4}


def _extreme(pick: np.ufunc) -> Callable:
    """Maximum's or Minimum's NumPy kernel: `pick` (np.maximum or np.minimum, which
    propagate NaN as TF's kernel does), with ties (+0 and -0, equal by value and apart in
    bits) resolved as TF's CPU kernel resolves them. Its packets give the second operand,
    as NumPy's float32/float64 loops do; its scalar path, which takes the flat result's
    last n % P values (a small result's every value, bfloat16's always), gives the first:
    NumPy's loops with the operands swapped. (NumPy's float16 loops give the first, as
    TF does: tests/ops/test_minmax_ties.py holds both to TF's recorded results.)"""
    def kernel(x: Any, y: Any) -> Any:
        d = x.dtype
        p = _TIE_PACKET.get(d)
        if p is None:
            return pick(y, x) if d.kind == "V" else pick(x, y)
        nx, ny = x.size, y.size
        if nx < p and ny < p and (nx == 1 or ny == 1 or x.shape == y.shape):
            return pick(y, x)  # (a result of fewer than P values: all scalar path)
        out = pick(x, y)
        tail = out.size % p
        if tail and out.ndim:
            start = out.size - tail
            out.flat[start:] = pick(np.broadcast_to(y, out.shape).flat[start:],
                                    np.broadcast_to(x, out.shape).flat[start:])
        return out
    return kernel


_MAXIMUM_NP, _MINIMUM_NP = _extreme(np.maximum), _extreme(np.minimum)
# (no `ufunc`: codegen then calls the kernel, which resolves ties; fusion on a device
# takes the op's CUDA expression)
MAXIMUM = _binary("Maximum", lambda xp, x, y: _MAXIMUM_NP(x, y) if xp is np else
                  xp.maximum(x, y), C.REALS,
                  _bin_grad(lambda g, x, y, z: where(x >= y, g, zeros_like(g)),
                            lambda g, x, y, z: where(x >= y, zeros_like(g), g),
                            skips="scalar_y"),
                  _elementwise_ref(max), second_order=False, np_kernel=_MAXIMUM_NP,
                  scalar_args=True, cuda=CUDA_EXTREMES["maximum"])
MINIMUM = _binary("Minimum", lambda xp, x, y: _MINIMUM_NP(x, y) if xp is np else
                  xp.minimum(x, y), C.REALS,
                  _bin_grad(lambda g, x, y, z: where(x <= y, g, zeros_like(g)),
                            lambda g, x, y, z: where(x <= y, zeros_like(g), g),
                            skips="scalar_y"),
                  _elementwise_ref(min), second_order=False, np_kernel=_MINIMUM_NP,
                  scalar_args=True, cuda=CUDA_EXTREMES["minimum"])


def _squared_difference_kernel(xp: Any, x: Any, y: Any) -> Any:
    if x.dtype.kind == "c":  # TF's: (x - y) * conj(x - y), |x - y|^2 as a complex number
        d = x - y
        return d * xp.conj(d) if xp is not np else complex_scalar.product(d, np.conj(d))
    out = one_launch(xp, "eagerflow_squared_difference", "T x, T y", "T d = x - y; z = d * d",
                     x, y)
    return xp.square(x - y) if out is None else out


SQUARED_DIFFERENCE = _binary(  # (TF's takes no 8- or 16-bit integer, nor unsigned)
    "SquaredDifference", _squared_difference_kernel,
    C.FLOAT_COMPLEX | frozenset((dt.int32, dt.int64)),
    _bin_grad(lambda g, x, y, z: g * 2 * (x - y), lambda g, x, y, z: g * -2 * (x - y),
              fast=_ANY, skips="inputs"),
    _elementwise_ref(lambda a, b: (a - b) ** 2), cuda="(({0} - {1}) * ({0} - {1}))")
def _atan2_kernel(xp: Any, x: Any, y: Any) -> Any:
    # NumPy's float32 arctan2 can be an ulp off (atan2(1, 1)); TF's rounds correctly, so
    # narrow floats go through float64.
    if x.dtype.itemsize < 8:
        return xp.arctan2(x.astype(xp.float64), y.astype(xp.float64)).astype(x.dtype)
    return xp.arctan2(x, y)


ATAN2 = _binary("Atan2", _atan2_kernel, C.FLOATS,
                _bin_grad(lambda g, x, y, z: g * y / (square(x) + square(y)),
                          lambda g, x, y, z: g * -x / (square(x) + square(y))),
                _elementwise_ref(_pymath.atan2), lo=0.5, hi=2.0)

_CMP = C.REALS


def _compare_const(compare: Any) -> Any:
    """TF's constant_value of an (in)equality: NumPy's comparison of the known values."""
    def const(node: Any, values: list) -> Any:
        x, y = (np.asarray(v, t._dtype.as_numpy_dtype) for v, t in zip(values, node.inputs))
        try:
            return compare(x, y).tolist()
        except (TypeError, ValueError):  # (shapes that don't broadcast: not known)
            return None
    return const


EQUAL = _binary("Equal", lambda xp, x, y: xp.equal(x, y), C.ALL | C.QUANTIZED, None,
                _elementwise_ref(lambda a, b: a == b, bool), out_dtype=dt.bool, ufunc=np.equal,
                unequal=False, tf_const=_compare_const(np.equal))
NOT_EQUAL = _binary("NotEqual", lambda xp, x, y: xp.not_equal(x, y), C.ALL | C.QUANTIZED, None,
                    _elementwise_ref(lambda a, b: a != b, bool), out_dtype=dt.bool,
                    ufunc=np.not_equal, unequal=True, tf_const=_compare_const(np.not_equal))
LESS = _binary("Less", lambda xp, x, y: xp.less(x, y), _CMP, None,
               _elementwise_ref(lambda a, b: a < b, bool), out_dtype=dt.bool, ufunc=np.less,
               operator="<")
LESS_EQUAL = _binary("LessEqual", lambda xp, x, y: xp.less_equal(x, y), _CMP, None,
                     _elementwise_ref(lambda a, b: a <= b, bool), out_dtype=dt.bool,
                     ufunc=np.less_equal, operator="<=")
GREATER = _binary("Greater", lambda xp, x, y: xp.greater(x, y), _CMP, None,
                  _elementwise_ref(lambda a, b: a > b, bool), out_dtype=dt.bool,
                  ufunc=np.greater, operator=">")
GREATER_EQUAL = _binary("GreaterEqual", lambda xp, x, y: xp.greater_equal(x, y), _CMP, None,
                        _elementwise_ref(lambda a, b: a >= b, bool), out_dtype=dt.bool,
                        ufunc=np.greater_equal, operator=">=")
LOGICAL_AND = _binary("LogicalAnd", lambda xp, x, y: xp.logical_and(x, y), C.BOOL, None,
                      _elementwise_ref(lambda a, b: a and b, bool), ufunc=np.logical_and)
LOGICAL_OR = _binary("LogicalOr", lambda xp, x, y: xp.logical_or(x, y), C.BOOL, None,
                     _elementwise_ref(lambda a, b: a or b, bool), ufunc=np.logical_or)

def _u(op: OpDef, binds_first: bool = False) -> Callable:
    """`binds_first`: TF's function is in its dispatcher (tf.exp): a bad call worded as its."""
    # (a generated wrapper: names its input)
    return dispatch.unary(op, first_input(op.name), binds_first=binds_first)


def _u_scoped(op: OpDef) -> Callable:
    """A function whose TF counterpart makes its generated op inside a name scope and hands
    it x as given, no name (tf.math.erfinv, the special functions): eager errors end with
    " name: ", a list takes the slow path. (A Python function in TF's dispatcher: a bad
    call worded as its.)"""
    return dispatch.unary(op, first_input(op.name), unnamed=True, binds_first=True)


def _b(op: OpDef, convert: Callable | None = None, node: str | None = None,
       unnamed: bool = False, binds_first: bool = False) -> Callable:
    return dispatch.binary(op, convert or binary_args, node=node, unnamed=unnamed,
                           binds_first=binds_first)


# (binds_first: TF's function is in its dispatcher, whose words a bad call gets; the
# others are TF's generated op wrappers, whose bad calls keep Python's words)
negative, square = _u(NEG), _u(SQUARE)
sign = dispatch.unary(SIGN, _t, converts=True, binds_first=True)  # (TF's tf.sign and
# tf.round convert x themselves: a list takes the fast path, whose errors name the name)
sqrt, rsqrt, reciprocal = _u(SQRT, True), _u(RSQRT, True), _u(RECIPROCAL)
exp, expm1, log, log1p = _u(EXP, True), _u(EXPM1), _u(LOG), _u(LOG1P)
sin, cos, tan = _u(SIN), _u(COS), _u(TAN)
asin, acos, atan = _u(ASIN), _u(ACOS, True), _u(ATAN)
sinh, cosh, tanh = _u(SINH), _u(COSH), _u(TANH)
sigmoid = dispatch.unary(SIGMOID, _t, scoped=True, converts=True, binds_first=True)  # (TF's
# converts x in a "Sigmoid" scope)
softplus = _u(SOFTPLUS)  # (the public one, whose operand is `features`, is nn.py's)
erf = _u(ERF)
_round = dispatch.unary(ROUND, _t, converts=True)


@dispatch_binding
def round(x: Any, name: str | None = None) -> Any:  # noqa: A001 - TF's public name
    """Rounds half to even; an integer tensor is returned as it is, as TF's tf.round does
    (its Round op has no CPU kernel for int8 and int16). Anything else, composites too,
    goes to the op's dispatch. TF converts first: an integer NumPy array or Python int is
    returned as its tensor (Round would refuse an int16 array)."""
    if not isinstance(x, (Tensor, CompositeTensor)):
        t = _t(x)
        if isinstance(t, Tensor) and t._dtype.is_integer:
            return t
    elif isinstance(x, Tensor) and x._dtype.is_integer:
        return x
    return _round(x, name)
floor = _u(FLOOR, True)
ceil = _u(CEIL, True)
is_nan, is_inf, is_finite = _u(IS_NAN), _u(IS_INF), _u(IS_FINITE)
logical_not = dispatch.unary(LOGICAL_NOT, lambda x: bool_arg(x, False, ("LogicalNot", "x")))

# (the operators name theirs "add", ...; TF's tf.add opens a name scope: its eager errors
# name none)
add = dispatch.binary(ADD, binary_args_hint, node="Add", scoped=True, binds_first=True)
_add_like = _b(ADD, None, "Add")  # (a Python x takes y's dtype: a gradient's constant)
subtract = _b(SUB, binds_first=True)
multiply = _b(MUL, binds_first=True)
realdiv = _b(REALDIV, None, "RealDiv")
floordiv = _b(FLOORDIV, unnamed=True, binds_first=True)  # (TF's runs its op in a "floordiv" scope)
mod = floormod = _b(FLOORMOD)
truncatediv = _b(TRUNCATEDIV)
pow = _b(POW, unnamed=True, binds_first=True)  # noqa: A001 - TF's public name (its op in a "Pow" scope)
maximum = _b(MAXIMUM)
minimum = _b(MINIMUM)
squared_difference = _b(SQUARED_DIFFERENCE)
equal, not_equal = _b(EQUAL, binds_first=True), _b(NOT_EQUAL, binds_first=True)
less, less_equal = _b(LESS), _b(LESS_EQUAL)
greater, greater_equal = _b(GREATER), _b(GREATER_EQUAL)
logical_and, logical_or = (_b(op, logical_args(op.name)) for op in (LOGICAL_AND, LOGICAL_OR))


@dispatchable
@binds_first
def abs(x: Any, name: str | None = None) -> Any:  # noqa: A001 - TF's public name
    x = _t(x)
    name = eager_name(name)  # (TF's converts x and runs its op in an "Abs" scope)
    if x._dtype.is_complex:
        return bind(COMPLEX_ABS, (x,), {}, name)
    return bind(ABS, (x,), {}, name)


def _complex_abs_infer(x: Any) -> list:
    C.check_dtype("ComplexAbs", x, C.COMPLEX)
    return [(x._shape, x._dtype.real_dtype)]


def _complex_abs_grad(n: Any, g: Any) -> list:
    """TF's: g * x / |x| as complex numbers, 0 where |x| is 0 (div_no_nan)."""
    x, y = n.inputs[0], n.outputs[0]
    grad = cast(g, x._dtype) * x / cast(where(equal(y, 0), ones_like(y), y), x._dtype)
    return [where(equal(y, 0), zeros_like(x), grad)]


COMPLEX_ABS = register(OpDef(
    "ComplexAbs", _complex_abs_infer, lambda xp, x: xp.abs(x), grad=_complex_abs_grad,
    reference=_elementwise_ref(lambda a: (a.real ** 2 + a.imag ** 2) ** 0.5, np.float64),
    samples=lambda: [Sample(((_f64(3) + 1j * _f64(3)),), grad=False)],
))


@dispatchable
@binds_first
def logical_xor(x: Any, y: Any, name: str = "LogicalXor") -> Any:
    return logical_and(logical_or(x, y), logical_not(logical_and(x, y)))


# TF's truediv: int8/16 and uint8/16 -> float32, int32/64 -> float64
_TRUEDIV_TARGET = {id(d): dt.float32 for d in (dt.int8, dt.int16, dt.uint8, dt.uint16)}
_TRUEDIV_TARGET.update({id(d): dt.float64 for d in (dt.int32, dt.int64, dt.uint32, dt.uint64)})


def int_to_float(d: dt.DType) -> dt.DType | None:
    return _TRUEDIV_TARGET.get(id(d))


# (in the order TF's message lists them)
_TRUEDIV_DTYPES = (dt.uint8, dt.int8, dt.uint16, dt.int16, dt.uint32, dt.int32, dt.uint64,
                   dt.int64, dt.bfloat16, dt.float16, dt.float32, dt.float64, dt.complex64,
                   dt.complex128)
_TRUEDIV_IDS = frozenset(map(id, _TRUEDIV_DTYPES))  # (not `in` the tuple: DType.__eq__ each)


@dispatchable
@binds_first
def truediv(x: Any, y: Any, name: str | None = None) -> Any:
    # (TF converts x on its own, then y with x's dtype as a hint)
    x, y = binary_args_hint(x if isinstance(x, Tensor) else convert_to_tensor(x), y)
    if x._dtype is not y._dtype:
        raise TypeError(f"`x` and `y` must have the same dtype, got {x._dtype!r} != {y._dtype!r}.")
    if id(x._dtype) not in _TRUEDIV_IDS:
        raise TypeError(f"Invalid dtype {x._dtype!r} in __truediv__. Expected one of {{"
                        f"{', '.join(repr(d) for d in _TRUEDIV_DTYPES)}}}.")
    target = int_to_float(x._dtype)
    if target is not None:
        x, y = cast(x, target), cast(y, target)
    # (bind's fast path for two tensors; TF's truediv opens a name scope: its eager errors
    # name none)
    return realdiv(x, y, name or "truediv" if _state.graph is not None else None)


@dispatchable
@binds_first
def divide(x: Any, y: Any, name: str | None = None) -> Any:
    if name is not None:  # (TF's truediv then: x converted alone, y's dtype must match it)
        return truediv(x, y, name)
    if not isinstance(x, Tensor):  # (TF's: x takes a tensor y's dtype, or fails)
        x = convert_to_tensor_v2(x, y.dtype if isinstance(y, Tensor) else None)
    return x / y  # (TF's: the operator's)


@dispatchable
@binds_first
@slow_inputs("clip_value_min", "clip_value_max")  # (TF hands them to its ops as given)
def clip_by_value(t: Any, clip_value_min: Any, clip_value_max: Any,
                  name: str | None = None) -> Any:
    if type(t) is not EagerTensor and isinstance(t, CompositeTensor):  # (not dense: a handler
        raise TypeError(f"clip_by_value of {type(t).__name__}")  # clips its values)
    t = _t(t)
    # TF's order: the max first (whose error shows first; min > max gives min), each
    # result checked against t's shape (no broadcasting t up)
    hi = clip_value_max if _tensor_like(clip_value_max) else _adopt(clip_value_max, t._dtype)
    t_min = minimum(t, hi)
    t.shape.assert_is_compatible_with(t_min.shape)
    lo = clip_value_min if _tensor_like(clip_value_min) else _adopt(clip_value_min, t._dtype)
    t_max = maximum(t_min, lo)
    t.shape.assert_is_compatible_with(t_max.shape)
    return t_max

