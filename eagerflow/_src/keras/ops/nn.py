"""keras.ops.nn, part one: activations, normalizations, one/multi-hot encodings, the
cross-entropies, psnr and dot-product attention (convolutions and pooling are in
nn_conv.py).

As in Keras 3 on TensorFlow, `sigmoid` and `softmax` remember the logits they were given
(Keras sets `_keras_logits` on the result): the cross-entropies then compute from those
logits, which is exact where the probabilities have rounded to 0 or 1.
"""

from __future__ import annotations

import warnings
import weakref
from typing import Any, Callable

import numpy as np

from eagerflow._src.core.errors import OpError
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.distribute.collective import ReduceOp
from eagerflow._src.distribute.strategy import get_replica_context
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.ops import dtypes as kd
from eagerflow._src.keras.ops import specs
from eagerflow._src.keras.ops.core import shape as static_shape
from eagerflow._src.keras.ops.linalg import norm
from eagerflow._src.keras.ops.numpy_math import cos, log10, sin, square
from eagerflow._src.keras.ops.specs_nn import warn_rms_scaling
from eagerflow._src.keras.ops.symbolic import keras_op
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import eager_errors, nn_loss, unique_one_hot
from eagerflow._src.ops import indexing as ti
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import nn as tn
from eagerflow._src.ops import reduce as tr
from eagerflow._src.ops import shaping as tshape
from eagerflow._src.ops import sorting as tsort
from eagerflow._src.ops.einsum import einsum
from eagerflow._src.ops.linalg_band_part import band_part
from eagerflow._src.ops.math_base import cast, ones_like, where, zeros_like
from eagerflow._src.ops.math_special import div_no_nan
from eagerflow._src.ops.math_special import log_sigmoid as tf_log_sigmoid
from eagerflow._src.ops.misc_ops import complex as tf_complex
from eagerflow._src.ops.nn_norm import batch_normalization as tf_batch_normalization
from eagerflow._src.ops.nn_norm import moments as tf_moments
from eagerflow._src.ops.scans import cumsum
from eagerflow._src.ops.sequences import range as tf_range
from eagerflow._src.ops.sparse_functions import SparseTensor
from eagerflow._src.ops.sparse_reduce_ops import reduce_max_sparse

# ---------------------------------------------------------------------------------------
# Logits remembered by sigmoid/softmax outputs (weakly: they die with the tensor)
# ---------------------------------------------------------------------------------------

_logits: dict = {}


def _remember_logits(out: Any, logits: Any) -> Any:
    key = id(out)
    try:
        _logits[key] = (weakref.ref(out, lambda _, k=key: _logits.pop(k, None)), logits)
    except TypeError:  # a tensor type without weak references keeps no logits
        pass
    return out


def _logits_of(output: Any) -> Any:
    entry = _logits.get(id(output))
    return entry[1] if entry is not None and entry[0]() is output else None


# ---------------------------------------------------------------------------------------
# Activations
# ---------------------------------------------------------------------------------------

def _activation(name: str, fn: Callable) -> Callable:
    def op(x: Any) -> Any:
        return fn(kd.to_tensor(x))
    op.__name__ = op.__qualname__ = name
    return keras_op(op)


relu = _activation("relu", tn.relu)
relu6 = _activation("relu6", tn.relu6)
selu = _activation("selu", tn.selu)
softplus = _activation("softplus", tm.softplus)
softsign = _activation("softsign", tn.softsign)
silu = _activation("silu", tn.silu)
swish = _activation("swish", tn.silu)
log_sigmoid = _activation("log_sigmoid", tf_log_sigmoid)
tanh_shrink = _activation("tanh_shrink", lambda x: x - tm.tanh(x))
hard_tanh = _activation("hard_tanh", lambda x: tm.clip_by_value(x, -1.0, 1.0))


@keras_op
def sigmoid(x: Any) -> Any:
    x = kd.to_tensor(x)
    return _remember_logits(tm.sigmoid(x), x)


@keras_op
def sparse_sigmoid(x: Any) -> Any:
    x = kd.to_tensor(x)
    # (in Keras 3.15's order, with constants of x's dtype: a bool x is refused at `x <= -1`,
    # an integer one by tf.constant(0.0), each with TF's TypeError)
    low = x <= -1
    zero = ta.constant(0.0, x.dtype)
    return where(low, zero, where(x >= 1, ta.constant(1.0, x.dtype), 0.5 * (x + 1)))


@keras_op
def soft_shrink(x: Any, threshold: float = 0.5) -> Any:
    x = kd.to_tensor(x)
    return where(x > threshold, x - threshold,
                    where(x < -threshold, x + threshold, zeros_like(x)))


@keras_op
def hard_shrink(x: Any, threshold: float = 0.5) -> Any:
    x = kd.to_tensor(x)
    return where(tm.abs(x) > threshold, x, zeros_like(x))


@keras_op
def threshold(x: Any, threshold: float, default_value: Any) -> Any:
    # (x unconverted, as Keras's TF backend takes it: a NumPy array compares by NumPy, a
    # Python list refuses `>` with Python's TypeError)
    return where(x > threshold, x, default_value)


@keras_op
def sparse_plus(x: Any) -> Any:
    # (x unconverted, as in Keras's TF backend: a NumPy array's comparisons and `x + 1` are
    # NumPy's, so a bool array becomes int64 there; tf.pow refuses unsigned tensors, and
    # `0.25 *` an integer tensor is TF's TypeError)
    return where(x <= -1, zeros_like(x),
                    where(x < 1, 0.25 * tm.pow(x + 1, 2), x))


@keras_op
def squareplus(x: Any, b: Any = 4) -> Any:
    x = kd.to_tensor(x)
    return (x + tm.sqrt(tm.square(x) + kd.to_tensor(b, x.dtype))) / 2


@keras_op
def leaky_relu(x: Any, negative_slope: float = 0.2) -> Any:
    return tn.leaky_relu(kd.to_tensor(x), alpha=negative_slope)


@keras_op
def hard_sigmoid(x: Any) -> Any:
    x = kd.to_tensor(x)
    # (tf.constant of x's dtype, as Keras 3.15: an integer or bool x is refused with TF's
    # TypeError, where a cast gave a float64 result)
    return tn.relu6(x + ta.constant(3.0, x.dtype)) / ta.constant(6.0, x.dtype)


@keras_op
def hard_silu(x: Any) -> Any:
    x = kd.to_tensor(x)
    return x * hard_sigmoid(x)


@keras_op
def hard_swish(x: Any) -> Any:
    return hard_silu(x)


@keras_op
def elu(x: Any, alpha: float = 1.0) -> Any:
    x = kd.to_tensor(x)
    out = tn.elu(x)
    return out if alpha == 1 else where(x > 0, out, alpha * out)


@keras_op
def gelu(x: Any, approximate: bool = True) -> Any:
    return tn.gelu(kd.to_tensor(x), approximate=approximate)


@keras_op
def celu(x: Any, alpha: float = 1.0) -> Any:
    x = kd.to_tensor(x)
    return tm.maximum(x, 0.0) + alpha * tm.expm1(tm.minimum(x, 0.0) / alpha)


@keras_op
def glu(x: Any, axis: int = -1) -> Any:
    # (x's shape read as given, as Keras's TF backend reads it: a Python number or list has
    # none, Python's AttributeError)
    if x.shape[axis] % 2 != 0:
        raise ValueError(f"axis size must be divisible by 2. Received: x.shape={x.shape} with "
                         f"axis={axis}")
    a, b = ta.split(kd.to_tensor(x), 2, axis=axis)
    return a * tm.sigmoid(b)


def _over_all_axes(fn: Callable, x: Any) -> Any:
    """TF's softmax treats axis=None as -1; Keras means every axis."""
    return ta.reshape(fn(ta.reshape(x, [-1]), axis=-1), ta.shape(x))


@keras_op
def softmax(x: Any, axis: Any = -1) -> Any:
    x = kd.to_tensor(x)
    if isinstance(axis, tuple):
        return _over_axis_tuple(tn.softmax, x, axis)
    out = _over_all_axes(tn.softmax, x) if axis is None else tn.softmax(x, axis=axis)
    return _remember_logits(out, x)


def _over_axis_tuple(fn: Any, x: Any, axis: tuple) -> Any:
    """`fn` (softmax, log_softmax) over several axes at once, as Keras 3 computes it: the
    axes moved last and flattened into one, then put back."""
    keep = [d for d in range(len(x.shape)) if d not in axis]
    moved = ta.transpose(x, keep + list(axis))
    flat = ta.reshape(moved, [x.shape[d] for d in keep] + [-1])
    out = ta.reshape(fn(flat, axis=-1), ta.shape(moved))
    order = keep + list(axis)
    return ta.transpose(out, sorted(range(len(order)), key=order.__getitem__))


@keras_op
def log_softmax(x: Any, axis: Any = -1) -> Any:
    x = kd.to_tensor(x)
    if isinstance(axis, tuple):
        return _over_axis_tuple(tn.log_softmax, x, axis)
    return _over_all_axes(tn.log_softmax, x) if axis is None else tn.log_softmax(x, axis=axis)


@keras_op
def sparsemax(x: Any, axis: int = -1) -> Any:
    """The Euclidean projection onto the simplex: sort, find the support, shift by tau."""
    logits = kd.to_tensor(x)
    ordered = tsort.sort(logits, direction="DESCENDING", axis=axis)
    cumulative = cumsum(ordered, axis=axis)
    ranks_shape = [1] * len(logits.shape)
    ranks_shape[axis] = -1
    ranks = ta.reshape(tf_range(1, ta.shape(logits)[axis] + 1, dtype=logits.dtype), ranks_shape)
    support = ordered - (cumulative - 1) / ranks > 0
    k = tr.reduce_sum(cast(support, logits.dtype), axis=axis, keepdims=True)
    kept = where(support, cumulative, zeros_like(cumulative))
    tau = (tr.reduce_sum(kept, axis=axis, keepdims=True) - 1) / k
    return tm.maximum(logits - tau, cast(0.0, logits.dtype))


@keras_op
def polar(abs_: Any, angle: Any) -> Any:
    abs_, angle = kd.to_tensor(abs_), kd.to_tensor(angle)
    # (Keras's numpy cos/sin make an integer angle float; abs_ keeps its dtype, so an
    # integer abs_ meets a float in TF's Mul and is refused there, as in Keras)
    return tf_complex(abs_ * cos(angle), abs_ * sin(angle))


# ---------------------------------------------------------------------------------------
# Normalizations
# ---------------------------------------------------------------------------------------

@keras_op
def moments(x: Any, axes: Any, keepdims: bool = False, synchronized: bool = False) -> tuple:
    """Mean and variance; half-precision inputs are reduced in float32 and clipped back."""
    x = kd.to_tensor(x)
    original = x.dtype.name
    narrow = original in ("float16", "bfloat16")
    if narrow:
        x = cast(x, "float32")
    mean, variance = synchronized_moments(x, axes, keepdims) if synchronized else \
        tf_moments(x, axes, keepdims=keepdims)
    if narrow:
        lo, hi = -65504.0, 65504.0
        mean = cast(tm.clip_by_value(mean, lo, hi), original)
        variance = cast(tm.clip_by_value(variance, lo, hi), original)
    return mean, variance


def synchronized_moments(x: Any, axes: Any, keepdims: bool) -> tuple:
    """Keras 3's moments over every replica: the sums of x and of its squares and the
    counts all-reduced over the replica context (outside a strategy the default one, of one
    replica), the variance E[x²] − E[x]² (not below 0); tf.nn.moments in a cross-replica
    context."""
    ctx = get_replica_context()
    if ctx is None:
        return tf_moments(x, axes, keepdims=keepdims)
    count = tr.reduce_sum(ones_like(x), axis=axes, keepdims=True)
    total = tr.reduce_sum(x, axis=axes, keepdims=True)
    squares = tr.reduce_sum(tm.square(x), axis=axes, keepdims=True)
    total, squares, count = (ctx.all_reduce(ReduceOp.SUM, v) for v in (total, squares, count))
    mean = div_no_nan(total, count)
    variance = tm.maximum(div_no_nan(squares, count) - tm.square(mean), 0.0)
    if not keepdims:
        mean, variance = ta.squeeze(mean, axes), ta.squeeze(variance, axes)
    return mean, variance


@keras_op
def batch_normalization(x: Any, mean: Any, variance: Any, axis: int, offset: Any = None,
                        scale: Any = None, epsilon: float = 1e-3) -> Any:
    x, mean, variance = kd.to_tensor(x), kd.to_tensor(mean), kd.to_tensor(variance)
    if axis != -1:
        shape = [1] * len(x.shape)
        shape[axis] = mean.shape[0]
        mean, variance = ta.reshape(mean, shape), ta.reshape(variance, shape)
        offset = None if offset is None else ta.reshape(offset, shape)
        scale = None if scale is None else ta.reshape(scale, shape)
    return tf_batch_normalization(x, mean, variance, offset, scale, epsilon)


def _compute_dtype(x: Any) -> tuple:
    """Normalizations compute in at least float32 and cast back; x's dtype is read as
    given, as Keras reads it (a Python number or list has none: AttributeError)."""
    original = kd.standardize_dtype(x.dtype)
    x = kd.to_tensor(x)
    return kd.cast(x, kd.result_type(x.dtype, "float32")), original


@keras_op
def layer_normalization(x: Any, gamma: Any = None, beta: Any = None, axis: Any = -1,
                        epsilon: float | None = None, **kwargs: Any) -> Any:
    rms_scaling = kwargs.pop("rms_scaling", False)
    if rms_scaling:
        warn_rms_scaling()
    epsilon = kb.epsilon() if epsilon is None else epsilon
    x, original = _compute_dtype(x)
    gamma = None if gamma is None else kd.to_tensor(gamma, x.dtype)
    beta = None if beta is None else kd.to_tensor(beta, x.dtype)
    ndim = len(x.shape)
    axes = sorted([axis] if isinstance(axis, int) else axis)
    broadcast = [1] * ndim
    for d in axes:
        broadcast[d] = x.shape[d]

    def fit(v: Any) -> Any:
        if v is not None and len(v.shape) != ndim and axes != [ndim - 1]:
            return ta.reshape(v, broadcast)
        return v

    if rms_scaling:
        variance = tr.reduce_variance(x, axis=axes, keepdims=True)
        out = x * tm.rsqrt(variance + epsilon)
        if gamma is not None:
            out = out * fit(gamma)
    else:
        mean, variance = tf_moments(x, axes, keepdims=True)
        inv = tm.rsqrt(variance + epsilon)
        if gamma is not None:
            inv = inv * fit(gamma)
        shift = -mean * inv
        if beta is not None:
            shift = shift + fit(beta)
        out = x * inv + shift
    return cast(out, original)


@keras_op
def rms_normalization(x: Any, scale: Any = None, axis: Any = -1,
                      epsilon: float | None = None) -> Any:
    epsilon = kb.epsilon() if epsilon is None else epsilon
    x, original = _compute_dtype(x)
    given = scale
    if scale is not None:
        scale = kd.to_tensor(scale, x.dtype)
    if isinstance(axis, (tuple, list)):
        axis = sorted(axis)
    if len(x.shape) == 0:
        x = ta.expand_dims(x, 0)
    out = x * tm.rsqrt(tr.reduce_mean(tm.square(x), axis=axis, keepdims=True) + epsilon)
    if scale is not None:
        try:
            out = out * scale
        except OpError as e:
            # (a Keras variable, which TF's Mul is handed as it is: its slow path)
            if not isinstance(given, (Tensor, np.ndarray, int, float)):
                eager_errors.slow_path(e)
            raise
    return cast(out, original)


@keras_op
def normalize(x: Any, axis: int = -1, order: int = 2, epsilon: float | None = None) -> Any:
    specs.check_norm_order(order)
    x = kd.to_tensor(x)
    if len(x.shape) == 0:
        x = ta.expand_dims(x, 0)
    epsilon = kb.epsilon() if epsilon is None else epsilon
    if order == 2:  # x * rsqrt(sum of squares), capped at 1 / epsilon
        # keras.ops.square's (a bool squared as int32, so Rsqrt refuses it as TF's does),
        # summed as keras.ops.sum does: small integers in 32 bits
        squares = square(x)
        squares = tr.reduce_sum(kd.cast(squares, kd.accumulate_dtype(squares.dtype.name)),
                                axis=axis, keepdims=True)
        return x * tm.minimum(tm.rsqrt(squares), cast(1.0 / epsilon, x.dtype))
    return x / tm.maximum(norm(x, ord=order, axis=axis, keepdims=True), epsilon)


# ---------------------------------------------------------------------------------------
# Encodings
# ---------------------------------------------------------------------------------------

@keras_op
def one_hot(x: Any, num_classes: int, axis: int = -1, dtype: Any = None,
            sparse: bool = False) -> Any:
    dtype = kd.standardize_dtype(dtype) if dtype is not None else kb.floatx()
    x = kd.to_tensor(x, "int64")
    if sparse:
        return _sparse_one_hot(x, num_classes, axis, dtype)
    on, off = (True, False) if dtype == "bool" else (None, None)
    return unique_one_hot.one_hot(x, num_classes, on_value=on, off_value=off, axis=axis,
                                  dtype=dtype)


def _sparse_one_hot(x: Any, num_classes: int, axis: int, dtype: str) -> Any:
    """Keras's sparse one-hot on TF: an entry for every value of `x` (static shape), a
    negative one kept as an explicit 0 at class 0."""
    dims = list(static_shape(x))
    if axis < 0:
        axis += len(dims) + 1
    count = int(np.prod(dims))
    values = cast(ta.reshape(x, [count]) >= 0, dtype)
    grids = tshape.meshgrid(*[tf_range(d) for d in dims], indexing="ij") if dims else []
    grids.insert(axis, tm.maximum(x, 0))
    indices = ta.concat([cast(ta.reshape(g, [count, 1]), "int64") for g in grids], axis=1)
    dims.insert(axis, num_classes)
    return SparseTensor(indices, values, dims)


@keras_op
def multi_hot(inputs: Any, num_classes: int | None = None, axis: int = -1, dtype: Any = None,
              sparse: bool = False, **kwargs: Any) -> Any:
    num_classes = specs.num_classes_given(num_classes, kwargs)
    inputs = kd.to_tensor(inputs)
    dtype = kd.standardize_dtype(dtype)
    reduce_axis = 1 if len(inputs.shape) > 1 else 0
    if sparse:
        # (no sparse reduce_any: a boolean result is reduced as int8, then cast)
        hot = one_hot(inputs, num_classes, axis=axis, dtype="int8" if dtype == "bool" else dtype,
                      sparse=True)
        out = reduce_max_sparse(hot, axis=reduce_axis, output_is_sparse=True)
        if dtype == "bool":
            out = SparseTensor(out.indices, cast(out.values, "bool"), out.dense_shape)
        return out
    hot = one_hot(inputs, num_classes, axis=axis, dtype=dtype)
    if dtype == "bool":
        return tr.reduce_any(hot, axis=reduce_axis)
    return tr.reduce_max(hot, axis=reduce_axis)


# ---------------------------------------------------------------------------------------
# Cross-entropies
# ---------------------------------------------------------------------------------------

def check_same_shapes(target: Any, output: Any) -> None:
    """Keras's check of a cross-entropy's target against its output (the losses' too)."""
    if len(target.shape) != len(output.shape):
        raise ValueError("Arguments `target` and `output` must have the same rank (ndim). "
                         f"Received: target.shape={target.shape}, output.shape={output.shape}")
    for a, b in zip(target.shape, output.shape):
        if a is not None and b is not None and a != b:
            raise ValueError("Arguments `target` and `output` must have the same shape. "
                             f"Received: target.shape={target.shape}, "
                             f"output.shape={output.shape}")


def logits_or(output: Any, from_logits: bool, op: str, fn: str) -> tuple:
    """The logits behind a sigmoid/softmax output when keras.ops made it, as Keras does."""
    logits = _logits_of(output)
    if logits is None:
        return output, from_logits
    if from_logits:
        warnings.warn(f'"`{fn}` received `from_logits=True`, but the `output` argument was '
                      f"produced by a {op} activation and thus does not represent logits. Was "
                      "this intended?", stacklevel=3)
    return logits, True


def clip_probabilities(p: Any) -> Any:
    """`p` clipped to [epsilon, 1 - epsilon] with Keras's configured epsilon. The bounds are
    Python floats that take p's dtype directly, as TF converts them (casting a float32
    epsilon would round a float64 bound twice)."""
    eps = kb.epsilon()
    return tm.clip_by_value(p, eps, 1.0 - eps)


def binary_crossentropy_terms(target: Any, output: Any, from_logits: bool) -> Any:
    """keras.ops.binary_crossentropy's terms, which the losses take too. As Keras 3's
    backend, it computes from the logits behind a sigmoid output keras.ops made (a
    Dense(activation="sigmoid") output included), with or without from_logits; else from
    the clipped probabilities. `target` is a tensor; `output` as the caller got it, since
    the logits are found by its identity."""
    output, from_logits = logits_or(output, from_logits, "Sigmoid", "binary_crossentropy")
    output = kd.to_tensor(output)
    if from_logits:
        # (TF's op, as Keras's backend calls it: its where-based terms give a zero logit
        # the gradient sigmoid(0) - z, where max(x, 0) and |x| would give 1 - z)
        return nn_loss.sigmoid_cross_entropy_with_logits(labels=target, logits=output)
    output = clip_probabilities(output)
    return -(target * tm.log(output) + (1 - target) * tm.log(1 - output))


def categorical_crossentropy_terms(target: Any, output: Any, from_logits: bool,
                                   axis: int) -> Any:
    """keras.ops.categorical_crossentropy after its checks, which the losses take too:
    the logits behind a softmax output keras.ops made, as for binary_crossentropy_terms."""
    output, from_logits = logits_or(output, from_logits, "Softmax", "categorical_crossentropy")
    output = kd.to_tensor(output)
    if from_logits:
        # (TF's fused op, as Keras 3 calls it: its gradient is softmax - labels whatever the
        # labels sum to, so multi-hot or smoothed targets get TF's)
        return nn_loss.softmax_cross_entropy_with_logits(labels=target, logits=output,
                                                         axis=axis)
    output = output / tr.reduce_sum(output, axis, keepdims=True)
    return -tr.reduce_sum(target * tm.log(clip_probabilities(output)), axis)


@keras_op
def binary_crossentropy(target: Any, output: Any, from_logits: bool = False) -> Any:
    raw = output
    target, output = kd.to_tensor(target), kd.to_tensor(output)
    check_same_shapes(target, output)
    return binary_crossentropy_terms(target, raw, from_logits)


@keras_op
def categorical_crossentropy(target: Any, output: Any, from_logits: bool = False,
                             axis: int = -1) -> Any:
    raw = output
    target, output = kd.to_tensor(target), kd.to_tensor(output)
    if len(target.shape) < 1:
        raise ValueError("Arguments `target` and `output` must be at least rank 1. Received: "
                         f"target.shape={target.shape}, output.shape={output.shape}")
    check_same_shapes(target, output)
    return categorical_crossentropy_terms(target, raw, from_logits, axis)


@keras_op
def sparse_categorical_crossentropy(target: Any, output: Any, from_logits: bool = False,
                                    axis: int = -1) -> Any:
    raw = output
    output = kd.to_tensor(output)
    if axis != -1 and axis != len(output.shape) - 1:
        raise ValueError(f"Only axis=-1 is currently supported. Received: axis={axis}")
    output, from_logits = logits_or(raw, from_logits, "Softmax",
                                     "sparse_categorical_crossentropy")
    output = kd.to_tensor(output)
    target = cast(kd.to_tensor(target), "int64")
    if len(target.shape) == len(output.shape) and target.shape[-1] == 1:
        target = ta.squeeze(target, axis=-1)
    if len(output.shape) < 1:
        raise ValueError(f"Argument `output` must be at least rank 1. Received: "
                         f"output.shape={output.shape}")
    if len(target.shape) != len(output.shape[:-1]):
        raise ValueError("Argument `output` must have rank (ndim) `target.ndim - 1`. "
                         f"Received: target.shape={target.shape}, output.shape={output.shape}")
    for a, b in zip(target.shape, output.shape[:-1]):
        if a is not None and b is not None and a != b:
            raise ValueError("Arguments `target` and `output` must have the same shape up "
                             f"until the last dimension: target.shape={target.shape}, "
                             f"output.shape={output.shape}")
    if not from_logits:
        output = tm.log(clip_probabilities(output))
    return nn_loss.sparse_softmax_cross_entropy_with_logits(labels=target, logits=output)


# ---------------------------------------------------------------------------------------
# psnr, attention
# ---------------------------------------------------------------------------------------

@keras_op
def psnr(x1: Any, x2: Any, max_val: Any) -> Any:
    x1, x2 = kd.to_tensor(x1), kd.to_tensor(x2)
    if x1.shape != x2.shape:
        raise ValueError(f"Input shapes {x1.shape} and {x2.shape} must match for PSNR "
                         "calculation. ")
    max_val = kd.to_tensor(max_val, x2.dtype)
    mse = tr.reduce_mean(tm.square(x1 - x2))
    return 20 * log10(max_val) - 10 * log10(mse)


def _large_negative(dtype: Any) -> Any:
    value = 65500.0 if dtype.name == "float16" else 3.38953e38
    return ta.constant(value * -0.7, dtype=dtype)


@keras_op
def dot_product_attention(query: Any, key: Any, value: Any, bias: Any = None, mask: Any = None,
                          scale: Any = None, is_causal: bool = False,
                          flash_attention: Any = None, attn_logits_soft_cap: Any = None) -> Any:
    """softmax(q k^T * scale + bias, masked) v over (batch, time, heads, head_dim) inputs,
    key/value heads repeated for grouped-query attention."""
    if attn_logits_soft_cap is not None:
        raise ValueError("attn_logits_soft_cap is only supported for JAX on TPU. Set "
                         "attn_logits_soft_cap=None when not using JAX on TPU.")
    if flash_attention:
        raise ValueError("Flash attention is not supported in tensorflow backend.")
    query, key, value = kd.to_tensor(query), kd.to_tensor(key), kd.to_tensor(value)
    if len(query.shape) != 4:
        raise ValueError("`dot_product_attention` only supports 4D inputs. Received: "
                         f"query.shape={query.shape}, key.shape={key.shape}, "
                         f"value.shape={value.shape}.")
    dtype = kd.result_type(query.dtype, key.dtype, value.dtype)
    query, key, value = kd.cast(query, dtype), kd.cast(key, dtype), kd.cast(value, dtype)
    heads_q, heads_kv = query.shape[2], key.shape[2]
    if heads_q is not None and heads_kv is not None and heads_q > heads_kv > 1:
        key = ti.repeat(key, heads_q // heads_kv, axis=2)
        value = ti.repeat(value, heads_q // heads_kv, axis=2)
    if bias is not None:
        bias = kd.to_tensor(bias, dtype)
    if scale is None:
        scale = 1.0 / tm.sqrt(cast(ta.shape(key)[-1], "float32"))
    logits_dtype = kd.result_type(query.dtype, "float32")
    logits = cast(einsum("BTNH,BSNH->BNTS", query, key), logits_dtype)
    logits = logits * cast(scale, logits.dtype)
    if bias is not None:
        logits = logits + cast(bias, logits.dtype)
    if mask is not None or is_causal:
        keep = ones_like(logits, dtype="bool")
        if mask is not None:
            keep = tm.logical_and(keep, mask)
        if is_causal:
            t, s = static_shape(logits)[2], static_shape(logits)[3]
            causal = band_part(ta.ones((t, s), "bool"), -1, 0)
            keep = tm.logical_and(keep, causal[None, None, :, :])
        logits = where(keep, logits, _large_negative(logits.dtype))
    probs_dtype = kd.result_type(logits.dtype, "float32")
    probs = cast(tn.softmax(cast(logits, probs_dtype), axis=-1), key.dtype)
    return einsum("BNTS,BSNH->BTNH", probs, value)
