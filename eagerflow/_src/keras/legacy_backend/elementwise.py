"""tf.keras.backend's elementwise functions, reductions and activations (`K.sum`,
`K.relu`, ...), with Keras's defaults (`axis=-1`, floatx results)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import convert_to_tensor, is_tensor
from eagerflow._src.keras import backend as kb
from eagerflow._src.ops import math as M
from eagerflow._src.ops import (
    math_base,
    nn_norm,
    scans,
)
from eagerflow._src.ops import nn as tnn
from eagerflow._src.ops import reduce as R
from eagerflow._src.ops.math_base import where
from eagerflow._src.ops.variables import is_tf_variable

# -- elementwise and reductions ---------------------------------------------------------


def abs(x: Any) -> Any:  # noqa: A001
    return M.abs(x)


def all(x: Any, axis: Any = None, keepdims: bool = False) -> Any:  # noqa: A001
    return R.reduce_all(math_base.cast(x, dt.bool), axis, keepdims)


def any(x: Any, axis: Any = None, keepdims: bool = False) -> Any:  # noqa: A001
    return R.reduce_any(math_base.cast(x, dt.bool), axis, keepdims)


def argmax(x: Any, axis: int = -1) -> Any:
    return R.argmax(x, axis)


def argmin(x: Any, axis: int = -1) -> Any:
    return R.argmin(x, axis)


def _floats(x: Any) -> Any:
    """Booleans averaged as floatx, as Keras's mean/std/var do."""
    x = convert_to_tensor(x)
    return math_base.cast(x, kb.floatx()) if x.dtype == dt.bool else x


def max(x: Any, axis: Any = None, keepdims: bool = False) -> Any:  # noqa: A001
    return R.reduce_max(x, axis, keepdims)


def min(x: Any, axis: Any = None, keepdims: bool = False) -> Any:  # noqa: A001
    return R.reduce_min(x, axis, keepdims)


def sum(x: Any, axis: Any = None, keepdims: bool = False) -> Any:  # noqa: A001
    return R.reduce_sum(x, axis, keepdims)


def prod(x: Any, axis: Any = None, keepdims: bool = False) -> Any:
    return R.reduce_prod(x, axis, keepdims)


def mean(x: Any, axis: Any = None, keepdims: bool = False) -> Any:
    return R.reduce_mean(_floats(x), axis, keepdims)


def std(x: Any, axis: Any = None, keepdims: bool = False) -> Any:
    return R.reduce_std(_floats(x), axis=axis, keepdims=keepdims)


def var(x: Any, axis: Any = None, keepdims: bool = False) -> Any:
    return R.reduce_variance(_floats(x), axis=axis, keepdims=keepdims)


def cumsum(x: Any, axis: int = 0) -> Any:
    return scans.cumsum(x, axis=axis)


def cumprod(x: Any, axis: int = 0) -> Any:
    return scans.cumprod(x, axis=axis)


def _unary(name: str, op: Callable) -> Callable:
    def fn(x: Any) -> Any:
        return op(x)
    fn.__name__ = fn.__qualname__ = name
    return fn


def _binary(name: str, op: Callable) -> Callable:
    def fn(x: Any, y: Any) -> Any:
        return op(x, y)
    fn.__name__ = fn.__qualname__ = name
    return fn


cos = _unary("cos", M.cos)
exp = _unary("exp", M.exp)
log = _unary("log", M.log)
round = _unary("round", M.round)  # noqa: A001
sign = _unary("sign", M.sign)
sin = _unary("sin", M.sin)
square = _unary("square", M.square)
tanh = _unary("tanh", M.tanh)
sigmoid = _unary("sigmoid", M.sigmoid)
softplus = _unary("softplus", M.softplus)
softsign = _unary("softsign", tnn.softsign)
equal = _binary("equal", M.equal)
not_equal = _binary("not_equal", M.not_equal)
greater = _binary("greater", M.greater)
greater_equal = _binary("greater_equal", M.greater_equal)
less = _binary("less", M.less)
less_equal = _binary("less_equal", M.less_equal)
maximum = _binary("maximum", M.maximum)
minimum = _binary("minimum", M.minimum)


def pow(x: Any, a: Any) -> Any:  # noqa: A001
    return M.pow(x, a)


def sqrt(x: Any) -> Any:
    """The square root of max(x, 0) (negative inputs give 0, not NaN)."""
    x = convert_to_tensor(x)
    return M.sqrt(M.maximum(x, math_base.cast(0.0, x.dtype)))


def clip(x: Any, min_value: Any, max_value: Any) -> Any:
    if isinstance(min_value, (int, float)) and isinstance(max_value, (int, float)) \
            and max_value < min_value:
        max_value = min_value
    return M.clip_by_value(x, -np.inf if min_value is None else min_value,
                           np.inf if max_value is None else max_value)


def cast(x: Any, dtype: Any) -> Any:
    return math_base.cast(x, dtype)


def cast_to_floatx(x: Any) -> Any:
    if is_tensor(x) or is_tf_variable(x) or isinstance(x, SparseTensor):
        return math_base.cast(x, kb.floatx())
    return np.asarray(x, dtype=kb.floatx())


def stop_gradient(variables: Any) -> Any:
    if isinstance(variables, (list, tuple)):
        return map(math_base.stop_gradient, variables)
    return math_base.stop_gradient(variables)


# -- activations ------------------------------------------------------------------------
def relu(x: Any, alpha: float = 0.0, max_value: Any = None, threshold: float = 0.0) -> Any:
    """max(x, 0) with a leak `alpha` below `threshold` and a cap `max_value`."""
    x = convert_to_tensor(x)
    if alpha != 0.0 and max_value is None and threshold == 0:
        return tnn.leaky_relu(x, alpha=alpha)
    negative = tnn.relu(-x + threshold if threshold != 0 else -x) if alpha != 0.0 else None
    clip_max = max_value is not None
    if threshold != 0:
        x = x * math_base.cast(M.greater(x, threshold), x.dtype)
    elif max_value == 6:
        x = tnn.relu6(x)
        clip_max = False
    else:
        x = tnn.relu(x)
    if clip_max:
        x = M.clip_by_value(x, math_base.cast(0, x.dtype), math_base.cast(max_value, x.dtype))
    if negative is not None:
        x = x - math_base.cast(alpha, x.dtype) * negative
    return x


def elu(x: Any, alpha: float = 1.0) -> Any:
    res = tnn.elu(x)
    return res if alpha == 1 else where(M.greater(x, 0), res, alpha * res)


def hard_sigmoid(x: Any) -> Any:
    x = convert_to_tensor(x)
    scaled = x * math_base.cast(0.2, x.dtype) + math_base.cast(0.5, x.dtype)
    return M.clip_by_value(scaled, 0.0, 1.0)


def softmax(x: Any, axis: Any = -1) -> Any:
    x = convert_to_tensor(x)
    if x.shape.rank is not None and x.shape.rank <= 1:
        raise ValueError(f"Cannot apply softmax to a tensor that is 1D. Received input: {x}")
    if isinstance(axis, int):
        return tnn.softmax(x, axis=axis)
    e = M.exp(x - R.reduce_max(x, axis=axis, keepdims=True))
    return e / R.reduce_sum(e, axis=axis, keepdims=True)


def l2_normalize(x: Any, axis: Any = None) -> Any:
    return nn_norm.l2_normalize(x, axis=axis)
