"""keras.ops elementwise NumPy-style math: arithmetic, comparisons, logic, bitwise ops,
rounding, exponentials and logarithms, trigonometry, and float predicates.

Each op promotes its inputs with Keras 3's lattice (dtypes.py), then runs TF ops. Two
conventions, as Keras has them on TensorFlow: the arithmetic ops (add, multiply, maximum,
divide, power, ...) keep Python scalars weak (`int8 tensor + 1` stays int8), while the
others convert every argument to a tensor first; float-valued functions of integers
give floatx.
"""

from __future__ import annotations

import math as _pymath
from typing import Any, Callable

import numpy as np

from eagerflow._src.control_flow.loops import while_loop as tf_while
from eagerflow._src.core.dtypes import as_dtype
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras import variables as kvars
from eagerflow._src.keras.ops import dtypes as kd
from eagerflow._src.keras.ops import sparse_union
from eagerflow._src.keras.ops.symbolic import keras_op
from eagerflow._src.ops import bitwise, math_base
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import math_special as ts
from eagerflow._src.ops import misc_ops as tmisc
from eagerflow._src.ops import reduce as tr
from eagerflow._src.ops.array import constant, fill
from eagerflow._src.ops.array import shape as tf_shape
from eagerflow._src.ops.bitwise import invert
from eagerflow._src.ops.math_base import cast, identity, ones_like, where, zeros_like
from eagerflow._src.ops.math_base import conj as tf_conj
from eagerflow._src.ops.math_special import nextafter as tf_nextafter
from eagerflow._src.ops.tiling import broadcast_to


def _named(name: str, fn: Callable) -> Callable:
    fn.__name__ = fn.__qualname__ = name
    return keras_op(fn)


# ---------------------------------------------------------------------------------------
# Unary ops
# ---------------------------------------------------------------------------------------

def _float_unary(name: str, tf_fn: Callable) -> Callable:
    """sin, log, sqrt, ...: ints and bool become floatx, floats keep their dtype."""
    def op(x: Any) -> Any:
        if x.__class__ is EagerTensor and x._dtype.is_floating:  # (an activation's x)
            return tf_fn(x)
        return tf_fn(kd.to_float(x))
    return _named(name, op)


def _log_base(base: float) -> Callable:
    def log_b(x: Any) -> Any:
        return tm.log(x) / tm.log(cast(base, x.dtype))
    return log_b


arccos = _float_unary("arccos", tm.acos)
arccosh = _float_unary("arccosh", ts.acosh)
arcsin = _float_unary("arcsin", tm.asin)
arcsinh = _float_unary("arcsinh", ts.asinh)
arctan = _float_unary("arctan", tm.atan)
arctanh = _float_unary("arctanh", ts.atanh)
cos = _float_unary("cos", tm.cos)
cosh = _float_unary("cosh", tm.cosh)
sin = _float_unary("sin", tm.sin)
sinh = _float_unary("sinh", tm.sinh)
tan = _float_unary("tan", tm.tan)
tanh = _float_unary("tanh", tm.tanh)
ceil = _float_unary("ceil", tm.ceil)
floor = _float_unary("floor", tm.floor)
log = _float_unary("log", tm.log)
log10 = _float_unary("log10", _log_base(10.0))
log2 = _float_unary("log2", _log_base(2.0))
log1p = _float_unary("log1p", tm.log1p)
sqrt = _float_unary("sqrt", tm.sqrt)
angle = _float_unary("angle", tmisc.angle)


def _sinc(x: Any) -> Any:
    pi_x = x * cast(np.pi, x.dtype)
    return where(tm.equal(x, cast(0, x.dtype)), ones_like(x), tm.sin(pi_x) / pi_x)


sinc = _float_unary("sinc", _sinc)


def _int_to_floatx(x: Any) -> Any:
    if x.__class__ is EagerTensor and x._dtype.is_floating:
        return x
    x = kd.to_tensor(x)
    name = x.dtype.name
    return cast(x, kb.floatx()) if "int" in name or name == "bool" else x


@keras_op
def exp(x: Any) -> Any:
    return tm.exp(_int_to_floatx(x))


@keras_op
def exp2(x: Any) -> Any:
    x = _int_to_floatx(x)
    return tm.pow(cast(2.0, x.dtype), x)


@keras_op
def expm1(x: Any) -> Any:
    return tm.expm1(_int_to_floatx(x))


@keras_op
def absolute(x: Any) -> Any:
    x = kd.to_tensor(x)
    name = x.dtype.name
    return x if "uint" in name or name == "bool" else tm.abs(x)


@keras_op
def abs(x: Any) -> Any:  # noqa: A001 - Keras's public name
    return absolute(x)


@keras_op
def fabs(x: Any) -> Any:
    x = kd.to_tensor(x)
    if x.dtype.is_complex:
        raise TypeError(f"fabs does not support complex inputs. Received: x.dtype={x.dtype}")
    return tm.abs(_int_to_floatx(x))


@keras_op
def cbrt(x: Any) -> Any:
    x = kd.to_tensor(x)
    name = x.dtype.name
    if name == "int64":
        x = cast(x, "float64")
    elif name not in ("bfloat16", "float16", "float64"):
        x = cast(x, kb.floatx())
    return tm.sign(x) * tm.pow(tm.abs(x), cast(1.0 / 3.0, x.dtype))


@keras_op
def conjugate(x: Any) -> Any:
    return tf_conj(kd.to_tensor(x))


@keras_op
def conj(x: Any) -> Any:
    return tf_conj(kd.to_tensor(x))


@keras_op
def copy(x: Any) -> Any:
    return identity(kd.to_tensor(x))


def _degrees(name: str, numerator: float, denominator: float) -> Callable:
    def op(x: Any) -> Any:
        x = kd.to_tensor(x)
        x = cast(x, kd.wide_float_dtype(x.dtype.name, widen_bool=True))
        # constants of x's dtype: TF refuses pi as a uint64, and so does this
        return x * (constant(numerator, dtype=x.dtype) / constant(denominator, dtype=x.dtype))
    return _named(name, op)


deg2rad = _degrees("deg2rad", _pymath.pi, 180.0)
rad2deg = _degrees("rad2deg", 180.0, _pymath.pi)


@keras_op
def i0(x: Any) -> Any:
    x = kd.to_tensor(x)
    name = x.dtype.name
    if name in ("int64", "float64"):
        name = "float64"
    elif name not in ("bfloat16", "float16"):
        name = kb.floatx()
    return ts.bessel_i0(cast(x, name))


@keras_op
def imag(x: Any) -> Any:
    return tmisc.imag(kd.to_tensor(x))


@keras_op
def real(x: Any) -> Any:
    return math_base.real(kd.to_tensor(x))


@keras_op
def negative(x: Any) -> Any:
    return tm.negative(kd.to_tensor(x))


@keras_op
def reciprocal(x: Any) -> Any:
    return tm.reciprocal(kd.to_tensor(x))


@keras_op
def sign(x: Any) -> Any:
    x = kd.to_tensor(x)
    name = x.dtype.name
    if name in ("uint8", "uint16", "uint32"):
        return cast(tm.sign(cast(x, "int32")), name)
    return tm.sign(x)


@keras_op
def signbit(x: Any) -> Any:
    x = kd.to_tensor(x)
    name = x.dtype.name
    if name == "bool":
        return fill(tf_shape(x), False)
    if "int" in name:
        return tm.less(x, cast(0, x.dtype))
    # the sign bit of the float32 value: -0.0 and -nan included
    return tm.less(tmisc.bitcast(cast(x, "float32"), "int32"), 0)


@keras_op
def square(x: Any) -> Any:
    x = kd.to_tensor(x)
    return tm.square(cast(x, "int32") if x.dtype.name == "bool" else x)


@keras_op
def trunc(x: Any) -> Any:
    x = kd.to_tensor(x)
    if x.dtype.is_bool or x.dtype.is_integer:
        return x
    # (complex too, as Keras's TF backend: Less refuses it)
    return where(tm.less(x, cast(0, x.dtype)), tm.ceil(x), tm.floor(x))


@keras_op
def round(x: Any, decimals: int = 0) -> Any:  # noqa: A001 - Keras's public name
    if decimals == 0:
        return tm.round(kd.to_tensor(x))
    # Keras's TF backend reads `x.dtype` before converting: a list or Python number is
    # its AttributeError, and integers with decimals > 0 come back as given (an array
    # stays an array)
    dtype = as_dtype(x.dtype)
    if dtype.is_integer and decimals > 0:
        return x
    x = kd.to_tensor(x)
    if dtype.is_integer:
        x = cast(x, kb.floatx())
    factor = cast(10.0 ** decimals, x.dtype)
    return cast(tm.round(x * factor) / factor, dtype)


def _no_float(x: Any) -> bool:
    return x.dtype.is_integer or not x.dtype.is_numeric


@keras_op
def isfinite(x: Any) -> Any:
    x = kd.to_tensor(x)
    return fill(tf_shape(x), True) if _no_float(x) else tm.is_finite(x)


@keras_op
def isinf(x: Any) -> Any:
    x = kd.to_tensor(x)
    return fill(tf_shape(x), False) if _no_float(x) else tm.is_inf(x)


@keras_op
def isnan(x: Any) -> Any:
    x = kd.to_tensor(x)
    return fill(tf_shape(x), False) if _no_float(x) else tm.is_nan(x)


@keras_op
def isneginf(x: Any) -> Any:
    x = kd.to_tensor(x)
    return fill(tf_shape(x), False) if _no_float(x) else \
        tm.equal(x, cast(-np.inf, x.dtype))


@keras_op
def isposinf(x: Any) -> Any:
    x = kd.to_tensor(x)
    return fill(tf_shape(x), False) if _no_float(x) else \
        tm.equal(x, cast(np.inf, x.dtype))


@keras_op
def isreal(x: Any) -> Any:
    x = kd.to_tensor(x)
    if x.dtype.is_complex:
        return tm.equal(tmisc.imag(x), cast(0, x.dtype.real_dtype))
    return fill(tf_shape(x), True)


@keras_op
def logical_not(x: Any) -> Any:
    return tm.logical_not(kd.cast(x, "bool"))


@keras_op
def bitwise_invert(x: Any) -> Any:
    return invert(kd.to_tensor(x))


@keras_op
def bitwise_not(x: Any) -> Any:
    return bitwise_invert(x)


@keras_op
def nan_to_num(x: Any, nan: float = 0.0, posinf: float | None = None,
               neginf: float | None = None) -> Any:
    x = kd.to_tensor(x)
    if _no_float(x):
        return x
    d = x.dtype
    x = where(tm.is_nan(x), cast(nan, d), x)
    big = cast(d.max if posinf is None else posinf, d)
    small = cast(d.min if neginf is None else neginf, d)
    x = where(tm.logical_and(tm.is_inf(x), tm.greater(x, 0)), big, x)
    return where(tm.logical_and(tm.is_inf(x), tm.less(x, 0)), small, x)


@keras_op
def clip(x: Any, x_min: Any, x_max: Any) -> Any:
    if kd.standardize_dtype(x.dtype) == "bool":  # (Keras reads x.dtype: arrays only)
        x = kd.cast(x, "int32")
    return tm.clip_by_value(x, x_min, x_max)


# ---------------------------------------------------------------------------------------
# Binary ops
# ---------------------------------------------------------------------------------------

def _weak_binary(name: str, tf_fn: Callable, extra: tuple = (),
                 sparse: Callable | None = None) -> Callable:
    """add, multiply, maximum, ...: Python scalars take the tensor's dtype. `sparse`: the
    op on a SparseTensor argument (Keras's TF backend's). On KerasTensors, Keras 3's
    rule: broadcast shapes, promoted dtypes (bools add to bool, though TF's AddV2 has no
    bool kernel)."""
    def op(x1: Any, x2: Any) -> Any:
        if sparse is not None and sparse_union.any_sparse(x1, x2):
            return sparse(x1, x2)
        x1, x2 = kd.promote(x1, x2, extra=extra)
        return tf_fn(x1, x2)
    return _named(name, op)


def _strong_binary(name: str, tf_fn: Callable, extra: tuple = ()) -> Callable:
    """equal, arctan2, ...: every argument becomes a tensor, then they promote."""
    def op(x1: Any, x2: Any) -> Any:
        return tf_fn(*kd.promote_tensors(x1, x2, extra=extra))
    return _named(name, op)


def _bitwise_binary(name: str, tf_fn: Callable) -> Callable:
    """bitwise_and, ...: as _strong_binary, with the arguments named x and y (Keras 3);
    on KerasTensors, x's shape and the promoted dtype (Keras 3's rule)."""
    def op(x: Any, y: Any) -> Any:
        return tf_fn(*kd.promote_tensors(x, y))
    return _named(name, op)


add = _weak_binary("add", tm.add, sparse=sparse_union.add)
subtract = _weak_binary("subtract", tm.subtract, sparse=sparse_union.subtract)
multiply = _weak_binary("multiply", tm.multiply, sparse=sparse_union.multiply)
maximum = _weak_binary("maximum", tm.maximum)
minimum = _weak_binary("minimum", tm.minimum)
floor_divide = _weak_binary("floor_divide", tm.floordiv)
divide = _weak_binary("divide", tm.divide, extra=(float,))
divide_no_nan = _weak_binary("divide_no_nan", ts.div_no_nan, extra=(float,))
true_divide = _weak_binary("true_divide", tm.divide, extra=(float,))

equal = _strong_binary("equal", tm.equal)
not_equal = _strong_binary("not_equal", tm.not_equal)
greater = _strong_binary("greater", tm.greater)
greater_equal = _strong_binary("greater_equal", tm.greater_equal)
less = _strong_binary("less", tm.less)
less_equal = _strong_binary("less_equal", tm.less_equal)
arctan2 = _strong_binary("arctan2", ts.atan2, extra=(float,))
bitwise_and = _bitwise_binary("bitwise_and", bitwise.bitwise_and)
bitwise_or = _bitwise_binary("bitwise_or", bitwise.bitwise_or)
bitwise_xor = _bitwise_binary("bitwise_xor", bitwise.bitwise_xor)


@keras_op
def power(x1: Any, x2: Any) -> Any:
    x1, x2 = kd.promote(x1, x2)
    if x1.dtype.is_unsigned:  # TF's Pow has no unsigned kernels
        return cast(tm.pow(cast(x1, "int32"), cast(x2, "int32")), x1.dtype)
    return tm.pow(x1, x2)


def _nan_aware(name: str, tf_fn: Callable) -> Callable:
    """fmax/fmin: a NaN on one side gives the other side's value."""
    def op(x1: Any, x2: Any) -> Any:
        x1, x2 = kd.promote(x1, x2)
        out = tf_fn(x1, x2)
        if not x1.dtype.is_floating:
            return out
        nan1, nan2 = tm.is_nan(x1), tm.is_nan(x2)
        out = where(tm.logical_and(nan1, tm.logical_not(nan2)), x2, out)
        return where(tm.logical_and(nan2, tm.logical_not(nan1)), x1, out)
    return _named(name, op)


fmax = _nan_aware("fmax", tm.maximum)
fmin = _nan_aware("fmin", tm.minimum)


def _int_promoted(x1: Any, x2: Any) -> tuple:
    x1, x2 = kd.promote_tensors(x1, x2)
    if x1.dtype.name == "bool":
        x1, x2 = cast(x1, "int32"), cast(x2, "int32")
    return x1, x2


@keras_op
def mod(x1: Any, x2: Any) -> Any:
    return tm.floormod(*_int_promoted(x1, x2))


@keras_op
def fmod(x1: Any, x2: Any) -> Any:
    x1, x2 = _int_promoted(x1, x2)
    dtype = x1.dtype
    if dtype.is_unsigned and dtype.name != "uint64":  # FloorMod has no small unsigned kernels
        x1, x2 = cast(x1, "int32"), cast(x2, "int32")
    out = tm.sign(x1) * tm.floormod(tm.abs(x1), tm.abs(x2))
    return cast(out, dtype)


def _wide_float_pair(x1: Any, x2: Any) -> tuple:
    x1, x2 = kd.promote_tensors(x1, x2)
    dtype = kd.wide_float_dtype(x1.dtype.name)
    return cast(x1, dtype), cast(x2, dtype)


@keras_op
def hypot(x1: Any, x2: Any) -> Any:
    x1, x2 = _wide_float_pair(x1, x2)
    a1, a2 = tm.abs(x1), tm.abs(x2)
    big, small = tm.maximum(a1, a2), tm.minimum(a1, a2)
    ratio = ts.div_no_nan(small, big)
    return big * tm.sqrt(cast(1.0, big.dtype) + tm.square(ratio))


@keras_op
def heaviside(x1: Any, x2: Any) -> Any:
    x1, x2 = _wide_float_pair(x1, x2)
    # (0 converts to x1's dtype as TF converts it: a bool x1 is a TypeError, as in Keras)
    return where(x1 < 0, zeros_like(x1), where(x1 > 0, ones_like(x1), x2))


def _logaddexp(base_log: float) -> Callable:
    def op(x1: Any, x2: Any) -> Any:
        x1, x2 = kd.promote_tensors(x1, x2, extra=(float,))
        delta = x1 - x2
        scale = cast(base_log, x1.dtype)
        tail = tm.log1p(tm.exp(-tm.abs(delta) * scale)) / scale
        return where(tm.is_nan(delta), x1 + x2, tm.maximum(x1, x2) + tail)
    return op


logaddexp = _named("logaddexp", _logaddexp(1.0))
logaddexp2 = _named("logaddexp2", _logaddexp(_pymath.log(2.0)))


def _logical(name: str, tf_fn: Callable) -> Callable:
    def op(x1: Any, x2: Any) -> Any:
        return tf_fn(kd.cast(x1, "bool"), kd.cast(x2, "bool"))
    return _named(name, op)


logical_and = _logical("logical_and", tm.logical_and)
logical_or = _logical("logical_or", tm.logical_or)
logical_xor = _logical("logical_xor", tm.logical_xor)


def _shift(name: str, tf_fn: Callable) -> Callable:
    def op(x: Any, y: Any) -> Any:
        x = kd.to_tensor(x)
        if not isinstance(y, int):  # (a Python int converts to x's dtype, as TF does it)
            x, y = kd.promote_tensors(x, y)
        return tf_fn(x, y)
    return _named(name, op)


bitwise_left_shift = _shift("bitwise_left_shift", bitwise.left_shift)
left_shift = _shift("left_shift", bitwise.left_shift)
bitwise_right_shift = _shift("bitwise_right_shift", bitwise.right_shift)
right_shift = _shift("right_shift", bitwise.right_shift)


def _integer_pair(what: str, x1: Any, x2: Any) -> tuple:
    x1, x2 = kd.promote_tensors(x1, x2)
    if not x1.dtype.is_integer:
        raise TypeError(f"Arguments to {what} must be integers.")
    return x1, x2


def _gcd(x1: Any, x2: Any) -> Any:
    """Euclid's algorithm, elementwise, in a while loop until every remainder is 0."""
    shape = tmisc.broadcast_static_shape(x1.shape, x2.shape)
    a, b = broadcast_to(x1, shape), broadcast_to(x2, shape)
    if not a.dtype.is_unsigned:
        a, b = tm.abs(a), tm.abs(b)
    zero = cast(0, a.dtype)

    def body(a: Any, b: Any) -> tuple:
        nonzero = tm.not_equal(b, zero)
        safe = where(nonzero, b, ones_like(b))
        return where(nonzero, b, a), where(nonzero, tm.floormod(a, safe), zero)

    return tf_while(lambda a, b: tr.reduce_any(tm.not_equal(b, zero)), body, (a, b))[0]


@keras_op
def gcd(x1: Any, x2: Any) -> Any:
    return _gcd(*_integer_pair("gcd", x1, x2))


@keras_op
def lcm(x1: Any, x2: Any) -> Any:
    t1, t2 = kd.to_tensor(x1), kd.to_tensor(x2)
    if not (t1.dtype.is_integer and t2.dtype.is_integer):
        raise TypeError("Arguments to lcm must be integers. Received: "
                        f"x1.dtype={t1.dtype.name}, x2.dtype={t2.dtype.name}")
    x1, x2 = kd.promote_tensors(t1, t2)
    if not x1.dtype.is_unsigned:
        x1, x2 = tm.abs(x1), tm.abs(x2)
    divisor = gcd(x1, x2)
    zero = tm.equal(divisor, cast(0, divisor.dtype))
    out = x1 * tm.floordiv(x2, where(zero, ones_like(divisor), divisor))
    return where(zero, zeros_like(out), out)


@keras_op
def ldexp(x1: Any, x2: Any) -> Any:
    t1, t2 = kd.to_tensor(x1), kd.to_tensor(x2)
    dtype = kd.result_type(t1.dtype, t2.dtype, float)
    if t2.dtype.name not in kd.INT_TYPES:
        raise TypeError(f"ldexp exponent must be an integer type. Received: x2 dtype={t2.dtype}")
    t1 = cast(t1, dtype)
    out = t1 * tm.pow(cast(2.0, dtype), cast(t2, dtype))
    keep = tm.logical_or(tm.is_inf(t1), tm.equal(t1, cast(0, dtype)))
    return where(keep, t1, out)


@keras_op
def nextafter(x1: Any, x2: Any) -> Any:
    x1, x2 = kd.promote_tensors(x1, x2, extra=(float,))
    out = tf_nextafter(cast(x1, "float64"), cast(x2, "float64"))
    return cast(out, x1.dtype)


@keras_op
def isclose(x1: Any, x2: Any, rtol: float = 1e-5, atol: float = 1e-8,
            equal_nan: bool = False) -> Any:
    x1, x2 = kd.promote_tensors(x1, x2)
    if not x1.dtype.is_floating:
        return tm.equal(x1, x2)
    close = _close(x1, x2, rtol, atol)
    return tm.logical_or(close, _both_nan(x1, x2)) if equal_nan else close


def _close(x1: Any, x2: Any, rtol: float, atol: float) -> Any:
    d = x1.dtype
    return tm.less_equal(tm.abs(x1 - x2), cast(atol, d) + cast(rtol, d) * tm.abs(x2))


def _both_nan(x1: Any, x2: Any) -> Any:
    return tm.logical_and(tm.is_nan(x1), tm.is_nan(x2))


@keras_op
def allclose(x1: Any, x2: Any, rtol: float = 1e-5, atol: float = 1e-8,
             equal_nan: bool = False) -> Any:
    x1, x2 = kd.promote_tensors(x1, x2)
    if not x1.dtype.is_floating:
        return tr.reduce_all(tm.equal(x1, x2))
    finite = tm.logical_and(tm.is_finite(x1), tm.is_finite(x2))
    ok = tm.logical_or(tm.logical_and(finite, _close(x1, x2, rtol, atol)), tm.equal(x1, x2))
    if equal_nan:
        ok = tm.logical_or(ok, _both_nan(x1, x2))
    return tr.reduce_all(ok)


# a Keras variable's operators promote as these ops do (keras/variables.py)
kvars.KERAS_ARITHMETIC.update(add=add, subtract=subtract, multiply=multiply,
                              true_divide=true_divide, floor_divide=floor_divide, mod=mod,
                              power=power, equal=equal, not_equal=not_equal,
                              logical_and=logical_and, logical_or=logical_or,
                              logical_xor=logical_xor, round=round)
