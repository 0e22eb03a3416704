"""tf.nn normalization: l2_normalize, moments (and sufficient statistics, weighted
moments), batch_normalization, and the fused batch norm of tf.compat.v1.nn.

Sits in the ops layer next to nn.py; composites of public ops, so every order of
gradient comes from the ops they use, but for the fused batch norm: TF's op
(nn_fused_bn.py).
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.array import constant, squeeze
from eagerflow._src.ops.broadcast_grads import broadcast_like
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.math import (
    maximum,
    reciprocal,
    rsqrt,
    square,
    squared_difference,
)
from eagerflow._src.ops.math_base import (
    _t,
    cast,
    real,
    stop_gradient,
)
from eagerflow._src.ops.math_special import div_no_nan
from eagerflow._src.ops.misc_ops import complex as complex_
from eagerflow._src.ops.misc_ops import imag
from eagerflow._src.ops.nn import _const
from eagerflow._src.ops.nn_fused_bn import FUSED_BATCH_NORM
from eagerflow._src.ops.reduce import reduce_mean, reduce_sum

# ---------------------------------------------------------------------------------------
# L2 normalization.
# ---------------------------------------------------------------------------------------

@dispatch_binding
def l2_normalize(x: Any, axis: Any = None, epsilon: float = 1e-12, name: str | None = None,
                 dim: Any = None) -> Any:
    """x / sqrt(max(sum(x ** 2, axis), epsilon))."""
    if dim is not None:  # (TF's deprecated `dim`: the axis's old name, never both)
        if axis is not None:
            raise ValueError("Cannot specify both 'dim' and 'axis'.")
        axis = dim
    x = _t(x)
    if x._dtype.is_complex:  # TF's: the parts' squares summed, each part scaled alone
        re, im = real(x), imag(x)  # (so an infinite part's NaN stays in that part)
        sq = reduce_sum(square(re) + square(im), axis=axis, keepdims=True)
        scale = rsqrt(maximum(sq, _epsilon(epsilon, sq)))
        return complex_(re * scale, im * scale)
    sq = reduce_sum(square(x), axis=axis, keepdims=True)  # (its errors first, as TF's)
    return x * rsqrt(maximum(sq, _epsilon(epsilon, sq)))


def _epsilon(epsilon: Any, sq: Any) -> Any:
    """epsilon as TF's maximum(square_sum, epsilon) takes it: a tensor as it is (Maximum's
    dtype check), a number converted to the sum's dtype (an integer sum's refusal of a
    float)."""
    return epsilon if isinstance(epsilon, Tensor) else _const(epsilon, sq)

# ---------------------------------------------------------------------------------------
# Moments and batch normalization.
# ---------------------------------------------------------------------------------------

def _axes_list(axes: Any) -> list:
    return list(AV.int_list(axes, "axes"))


@dispatch_binding
def moments(x: Any, axes: Any, shift: Any = None, keepdims: bool = False,
            name: str | None = None) -> tuple:
    """(mean, variance) of `x` over `axes`; float16 is accumulated in float32."""
    wrapper_inputs.read_dtype(x)  # (TF's reads x.dtype first: a list has none)
    return _moments(x, axes, keepdims, True)


def _moments(x: Any, axes: Any, keepdims: bool, stop_mean: bool) -> tuple:
    """TF's moments: the axes go to its reductions as given (they check them, and name
    themselves "mean" and "variance" in its errors)."""
    x = _t(x)
    y = cast(x, dt.float32) if x._dtype is dt.float16 else x
    if not keepdims:  # (TF squeezes the axes: an attr, refusing graph tensors)
        for a in axes if isinstance(axes, (list, tuple)) else ():
            AV.no_graph_attr(a, "axis")
    eager = _state.graph is None
    mean = reduce_mean(y, axis=axes, keepdims=True, name="mean" if eager else None)
    # tf.nn.moments stops the gradient through `mean` here: nothing changes at first order
    # (that term sums to zero), but second derivatives (and hessians) are TF's only with
    # it; TF's fused batch norm differentiates its gradient's formula, exact at second order
    centre = stop_gradient(mean) if stop_mean else mean
    variance = reduce_mean(squared_difference(y, centre), axis=axes, keepdims=True,
                           name="variance" if eager else None)
    if not keepdims:
        mean, variance = squeeze(mean, axes), squeeze(variance, axes)
    if x._dtype is dt.float16:
        return cast(mean, dt.float16), cast(variance, dt.float16)
    return mean, variance


@dispatch_binding
def sufficient_statistics(x: Any, axes: Any, shift: Any = None, keepdims: bool = False,
                          name: str | None = None) -> tuple:
    """(count, sum of x - shift, sum of (x - shift)**2, shift) over `axes` (a collection
    of distinct ints, as TF takes them: a tensor is its TypeError, unhashable)."""
    axes = list(set(axes))
    x = _t(x)
    ax = _axes_list(axes)
    count, rank = 1, len(x._shape)
    for a in ax:
        if not -rank <= a < rank:  # (TF reads the axis's dim from the shape's list)
            raise IndexError("list index out of range")
        count *= x._shape[a]
    counts = convert_to_tensor(count, dtype=x._dtype)
    if shift is not None:
        # (converted as given, as TF: a Python bool a bool tensor, 0.0 a float32 one,
        # refused by the subtraction beside another dtype)
        shift = convert_to_tensor(shift)
        m_ss = reduce_sum(x - shift, axis=ax, keepdims=keepdims)
        v_ss = reduce_sum(squared_difference(x, shift), axis=ax, keepdims=keepdims)
    else:
        m_ss = reduce_sum(x, axis=ax, keepdims=keepdims)
        v_ss = reduce_sum(square(x), axis=ax, keepdims=keepdims)
    return counts, m_ss, v_ss, shift


@dispatch_binding
def normalize_moments(counts: Any, mean_ss: Any, variance_ss: Any, shift: Any,
                      name: str | None = None) -> tuple:
    """(mean, variance) from sufficient statistics."""
    divisor = reciprocal(counts)  # (TF's Reciprocal op: its dtypes, no int kernel on CPU)
    shifted_mean = mean_ss * divisor
    mean = shifted_mean + shift if shift is not None else shifted_mean
    variance = variance_ss * divisor - square(shifted_mean)
    return mean, variance


@dispatch_binding
def weighted_moments(x: Any, axes: Any, frequency_weights: Any, keepdims: bool = False,
                     name: str | None = None) -> tuple:
    """Frequency-weighted (mean, variance) over `axes`, as TF computes them: float16 in
    float32, the weights cast to x's dtype, the axes handed to the reductions as given."""
    x = _t(x)
    w = _t(frequency_weights)
    half = x._dtype is dt.float16
    if half:
        x = cast(x, dt.float32)
    if w._dtype is not x._dtype:
        w = cast(w, x._dtype)
    eager = _state.graph is None
    wx = reduce_sum(w * x, axis=axes, keepdims=True,
                    name="weighted_input_sum" if eager else None)
    sw = reduce_sum(broadcast_like(w, x), axis=axes, keepdims=True)
    mean = div_no_nan(wx, sw)
    var = div_no_nan(reduce_sum(w * squared_difference(x, mean), axis=axes, keepdims=True), sw)
    if not keepdims:
        mean, var = squeeze(mean, axes), squeeze(var, axes)
    if half:
        return cast(mean, dt.float16), cast(var, dt.float16)
    return mean, var


@dispatch_binding
def batch_normalization(x: Any, mean: Any, variance: Any, offset: Any, scale: Any,
                        variance_epsilon: float, name: str | None = None) -> Any:
    """(x - mean) * scale / sqrt(variance + epsilon) + offset, as one multiply-add. As TF's
    Python computes it: the operators on the arguments as given (two lists: Python's
    concatenation), the factor cast to x.dtype, read from x unconverted (a list has none:
    Python's AttributeError)."""
    inv = rsqrt(variance + variance_epsilon)
    if scale is not None:
        inv = inv * scale
    shift = offset - mean * inv if offset is not None else -mean * inv
    return x * cast(inv, x.dtype) + cast(shift, x.dtype)


@dispatch_binding
def fused_batch_norm(x: Any, scale: Any, offset: Any, mean: Any = None, variance: Any = None,
                     epsilon: float = 0.001, data_format: str = "NHWC", is_training: bool = True,
                     name: str | None = None, exponential_avg_factor: float = 1.0) -> tuple:
    """tf.compat.v1.nn.fused_batch_norm: (y, batch or running mean, variance), TF's
    FusedBatchNormV3 (nn_fused_bn.py); epsilon raised to 1.001e-5 at least, as TF's."""
    x = _t(x)
    if (not is_training or exponential_avg_factor != 1.0) and (mean is None or variance is None):
        raise ValueError(f"Both `mean` and `variance` must be a 1D tensor when `is_training` is "
                         f"False or `exponential_avg_factor` != 1.0. Received: `mean` {mean} and "
                         f"`variance` {variance}")
    # (TF's wrapper makes a constant [] for each statistic not given)
    inputs = tuple(_t(t) if t is not None else constant([], dtype=dt.float32)
                   for t in (scale, offset, mean, variance))
    y, m, v = bind(FUSED_BATCH_NORM["FusedBatchNormV3"], (x, *inputs), {
        "epsilon": max(float(epsilon), 1.001e-5),
        "exponential_avg_factor": float(exponential_avg_factor),
        "data_format": C.string_arg(data_format, "data_format"),
        "is_training": bool(is_training)}, name)[:3]
    return y, m, v
