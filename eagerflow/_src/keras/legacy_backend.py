"""tf.keras.backend's functions of the Keras 2 era that TF 2.21's Keras 3 still exports
(`K.sum`, `K.batch_dot`, `K.rnn`, `K.variable`, ...).

Sits in keras above the ops: each function is a composition of registered ops, with
Keras's defaults (floatx dtypes, image_data_format, `axis=-1`) and its error messages.
`ctc_batch_cost` and `ctc_decode` are absent: eagerflow has no CTC ops yet.
"""

from __future__ import annotations

import builtins
import math
from typing import Any, Callable

import numpy as np

from eagerflow._src.autodiff.gradients import gradients as _tf_gradients
from eagerflow._src.control_flow.conditionals import cond
from eagerflow._src.control_flow.loops import foldl as _foldl
from eagerflow._src.control_flow.loops import foldr as _foldr
from eagerflow._src.control_flow.loops import map_fn as _map_fn
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.name_scope import name_scope as _name_scope
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import convert_to_tensor, is_tensor
from eagerflow._src.keras import backend as kb
from eagerflow._src.ops import array as A
from eagerflow._src.ops import image as image_ops
from eagerflow._src.ops import indexing as ix
from eagerflow._src.ops import linalg as la
from eagerflow._src.ops import math as M
from eagerflow._src.ops import nn as tnn
from eagerflow._src.ops import (
    nn_conv,
    nn_loss,
    nn_norm,
    nn_pool,
    shaping,
    slicing,
    sparse_functions,
    sparse_ops,
    stacking,
)
from eagerflow._src.ops import random as rnd
from eagerflow._src.ops import reduce as R
from eagerflow._src.ops.initializers import random_normal_initializer, random_uniform_initializer
from eagerflow._src.ops.sequences import range as _range
from eagerflow._src.ops.variables import Variable

# -- elementwise and reductions ---------------------------------------------------------


def abs(x: Any) -> Any:  # noqa: A001
    return M.abs(x)


def all(x: Any, axis: Any = None, keepdims: bool = False) -> Any:  # noqa: A001
    return R.reduce_all(M.cast(x, dt.bool), axis, keepdims)


def any(x: Any, axis: Any = None, keepdims: bool = False) -> Any:  # noqa: A001
    return R.reduce_any(M.cast(x, dt.bool), axis, keepdims)


def argmax(x: Any, axis: int = -1) -> Any:
    return R.argmax(x, axis)


def argmin(x: Any, axis: int = -1) -> Any:
    return R.argmin(x, axis)


def _floats(x: Any) -> Any:
    """Booleans averaged as floatx, as Keras's mean/std/var do."""
    x = convert_to_tensor(x)
    return M.cast(x, kb.floatx()) if x.dtype == dt.bool else x


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
    return R.cumsum(x, axis=axis)


def cumprod(x: Any, axis: int = 0) -> Any:
    return R.cumprod(x, axis=axis)


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
    return M.sqrt(M.maximum(x, M.cast(0.0, x.dtype)))


def clip(x: Any, min_value: Any, max_value: Any) -> Any:
    if isinstance(min_value, (int, float)) and isinstance(max_value, (int, float)) \
            and max_value < min_value:
        max_value = min_value
    return M.clip_by_value(x, -np.inf if min_value is None else min_value,
                           np.inf if max_value is None else max_value)


def cast(x: Any, dtype: Any) -> Any:
    return M.cast(x, dtype)


def cast_to_floatx(x: Any) -> Any:
    if is_tensor(x) or isinstance(x, (Variable, SparseTensor)):
        return M.cast(x, kb.floatx())
    return np.asarray(x, dtype=kb.floatx())


def stop_gradient(variables: Any) -> Any:
    if isinstance(variables, (list, tuple)):
        return map(M.stop_gradient, variables)
    return M.stop_gradient(variables)


# -- activations ------------------------------------------------------------------------
def relu(x: Any, alpha: float = 0.0, max_value: Any = None, threshold: float = 0.0) -> Any:
    """max(x, 0) with a leak `alpha` below `threshold` and a cap `max_value`."""
    x = convert_to_tensor(x)
    if alpha != 0.0 and max_value is None and threshold == 0:
        return tnn.leaky_relu(x, alpha=alpha)
    negative = tnn.relu(-x + threshold if threshold != 0 else -x) if alpha != 0.0 else None
    clip_max = max_value is not None
    if threshold != 0:
        x = x * M.cast(M.greater(x, threshold), x.dtype)
    elif max_value == 6:
        x = tnn.relu6(x)
        clip_max = False
    else:
        x = tnn.relu(x)
    if clip_max:
        x = M.clip_by_value(x, M.cast(0, x.dtype), M.cast(max_value, x.dtype))
    if negative is not None:
        x = x - M.cast(alpha, x.dtype) * negative
    return x


def elu(x: Any, alpha: float = 1.0) -> Any:
    res = tnn.elu(x)
    return res if alpha == 1 else M.where(M.greater(x, 0), res, alpha * res)


def hard_sigmoid(x: Any) -> Any:
    x = convert_to_tensor(x)
    return M.clip_by_value(x * M.cast(0.2, x.dtype) + M.cast(0.5, x.dtype), 0.0, 1.0)


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


# -- losses -----------------------------------------------------------------------------
def _eps_clip(output: Any) -> Any:
    eps = M.cast(kb.epsilon(), output.dtype)
    return M.clip_by_value(output, eps, 1.0 - eps)


def binary_crossentropy(target: Any, output: Any, from_logits: bool = False) -> Any:
    target, output = convert_to_tensor(target), convert_to_tensor(output)
    if from_logits:
        return nn_loss.sigmoid_cross_entropy_with_logits(labels=target, logits=output)
    output = _eps_clip(output)
    eps = kb.epsilon()
    return -(target * M.log(output + eps) + (1 - target) * M.log(1 - output + eps))


def binary_focal_crossentropy(target: Any, output: Any, apply_class_balancing: bool = False,
                              alpha: float = 0.25, gamma: float = 2.0,
                              from_logits: bool = False) -> Any:
    target, output = convert_to_tensor(target), convert_to_tensor(output)
    p = M.sigmoid(output) if from_logits else output
    p_t = target * p + (1 - target) * (1 - p)
    loss = M.pow(1.0 - p_t, gamma) * binary_crossentropy(target, output, from_logits)
    if apply_class_balancing:
        loss = (target * alpha + (1 - target) * (1 - alpha)) * loss
    return loss


def _same_shape(target: Any, output: Any) -> None:
    if not target.shape.is_compatible_with(output.shape):
        raise ValueError(f"Shapes {target.shape} and {output.shape} are incompatible")


def categorical_crossentropy(target: Any, output: Any, from_logits: bool = False,
                             axis: int = -1) -> Any:
    target, output = convert_to_tensor(target), convert_to_tensor(output)
    _same_shape(target, output)
    if from_logits:
        return nn_loss.softmax_cross_entropy_with_logits(labels=target, logits=output,
                                                         axis=axis)
    output = _eps_clip(output / R.reduce_sum(output, axis, True))
    return -R.reduce_sum(target * M.log(output), axis)


def categorical_focal_crossentropy(target: Any, output: Any, alpha: float = 0.25,
                                   gamma: float = 2.0, from_logits: bool = False,
                                   axis: int = -1) -> Any:
    target, output = convert_to_tensor(target), convert_to_tensor(output)
    _same_shape(target, output)
    if from_logits:
        output = tnn.softmax(output, axis=axis)
    output = _eps_clip(output / R.reduce_sum(output, axis=axis, keepdims=True))
    focal = alpha * M.pow(1.0 - output, gamma) * (-target * M.log(output))
    return R.reduce_sum(focal, axis=axis)


def sparse_categorical_crossentropy(target: Any, output: Any, from_logits: bool = False,
                                    axis: int = -1, ignore_class: Any = None) -> Any:
    """Cross-entropy of integer labels against class scores along `axis`."""
    target = M.cast(convert_to_tensor(target), dt.int64)
    output = convert_to_tensor(output)
    if not from_logits:
        output = M.log(_eps_clip(output))
    rank = output.shape.rank
    if rank is None and axis != -1:
        raise ValueError(f"Cannot compute sparse categorical crossentropy with `axis={axis}` on "
                         "an output tensor with unknown rank")
    if rank is not None:
        axis %= rank
        if axis != rank - 1:
            output = A.transpose(output, [i for i in builtins.range(rank) if i != axis] + [axis])
    out_shape = A.shape(output)
    flatten_it = target.shape.rank is not None and rank is not None \
        and target.shape.rank != rank - 1
    if flatten_it:
        target = A.reshape(target, [-1])
        output = A.reshape(output, [-1, out_shape[-1]])
    if ignore_class is not None:
        valid = M.not_equal(target, M.cast(ignore_class, target.dtype))
        target, output = ix.boolean_mask(target, valid), ix.boolean_mask(output, valid)
    res = nn_loss.sparse_softmax_cross_entropy_with_logits(labels=target, logits=output)
    if ignore_class is not None:
        res_shape = M.cast(out_shape[:-1], dt.int64)
        valid = A.reshape(valid, res_shape)
        return ix.scatter_nd(M.where(valid), res, res_shape)
    if flatten_it and rank >= 3:
        res = A.reshape(res, out_shape[:-1])
    return res


# -- shapes and structure ---------------------------------------------------------------
def arange(start: Any, stop: Any = None, step: int = 1, dtype: str = "int32") -> Any:
    if stop is None and start < 0:
        start = 0
    result = _range(start, limit=stop, delta=step, name="arange")
    return result if dtype == "int32" else M.cast(result, dtype)


def concatenate(tensors: list, axis: int = -1) -> Any:
    if axis < 0:
        rank = ndim(tensors[0])
        axis = axis % rank if rank else 0
    if builtins.all(is_sparse(t) for t in tensors):
        return sparse_functions.concat_sparse(axis, tensors)
    return A.concat([to_dense(t) for t in tensors], axis)


def constant(value: Any, dtype: Any = None, shape: Any = None, name: str | None = None) -> Any:
    return A.constant(value, dtype=dtype or kb.floatx(), shape=shape, name=name)


def count_params(x: Any) -> int:
    return math.prod(x.shape.as_list())


def dtype(x: Any) -> str:
    return x.dtype.base_dtype.name


def expand_dims(x: Any, axis: int = -1) -> Any:
    return A.expand_dims(x, axis)


def flatten(x: Any) -> Any:
    return A.reshape(x, [-1])


def batch_flatten(x: Any) -> Any:
    x = convert_to_tensor(x)
    return A.reshape(x, stacking.stack([-1, R.reduce_prod(A.shape(x)[1:])]))


def gather(reference: Any, indices: Any) -> Any:
    return ix.gather(reference, indices)


def int_shape(x: Any) -> tuple | None:
    try:
        shape = x.shape
        return shape if isinstance(shape, tuple) else tuple(shape.as_list())
    except ValueError:
        return None


def is_sparse(tensor: Any) -> bool:
    return isinstance(tensor, SparseTensor)


def ndim(x: Any) -> int | None:
    return x.shape.rank


def one_hot(indices: Any, num_classes: int) -> Any:
    return ix.one_hot(indices, depth=num_classes, axis=-1)


def permute_dimensions(x: Any, pattern: Any) -> Any:
    return A.transpose(x, perm=pattern)


def repeat(x: Any, n: int) -> Any:
    if ndim(x) != 2:
        raise ValueError(f"Expected input `x` to have rank 2. Received: rank(x)={ndim(x)}")
    return A.tile(A.expand_dims(x, 1), stacking.stack([1, n, 1]))


def repeat_elements(x: Any, rep: int, axis: int) -> Any:
    """Each slice of `x` along `axis` repeated `rep` times in a row."""
    x = convert_to_tensor(x)
    if x.shape.as_list()[axis] is not None:
        pieces = A.split(x, x.shape.as_list()[axis], axis=axis)
        return concatenate([p for p in pieces for _ in builtins.range(rep)], axis)
    reps = [1] * (x.shape.rank + 1)
    reps[axis + 1] = rep
    tiled = A.tile(A.expand_dims(x, axis + 1), reps)
    factors = np.ones(x.shape.rank, np.int32)
    factors[axis] = rep
    return A.reshape(tiled, A.shape(x) * factors)


def reshape(x: Any, shape: Any) -> Any:
    return A.reshape(x, shape)


def reverse(x: Any, axes: Any) -> Any:
    return shaping.reverse(x, [axes] if isinstance(axes, int) else axes)


def shape(x: Any) -> Any:
    return A.shape(x)


def squeeze(x: Any, axis: int) -> Any:
    return A.squeeze(x, [axis])


def stack(x: Any, axis: int = 0) -> Any:
    return stacking.stack(x, axis=axis)


def tile(x: Any, n: Any) -> Any:
    return A.tile(x, [n] if isinstance(n, int) else n)


def to_dense(tensor: Any) -> Any:
    return sparse_ops.to_dense(tensor) if is_sparse(tensor) else tensor


def transpose(x: Any) -> Any:
    return A.transpose(x)


def temporal_padding(x: Any, padding: Any = (1, 1)) -> Any:
    if len(padding) != 2:
        raise ValueError("Expected `padding` to be a tuple of 2 integers. Received: "
                         f"padding={padding}")
    return slicing.pad(x, [[0, 0], list(padding), [0, 0]])


def _data_format(data_format: str | None) -> str:
    data_format = data_format or kb.image_data_format()
    if data_format not in {"channels_first", "channels_last"}:
        raise ValueError(f"Unknown data_format: {data_format}")
    return data_format


def _spatial_padding(x: Any, padding: Any, data_format: str | None, n: int) -> Any:
    if len(padding) != n or builtins.any(len(p) != 2 for p in padding):
        word = {2: "2", 3: "3"}[n]
        raise ValueError(f"Expected `padding` to be a tuple of {word} tuples of 2 integers. "
                         f"Received: padding={padding}")
    pairs = [list(p) for p in padding]
    if _data_format(data_format) == "channels_first":
        return slicing.pad(x, [[0, 0], [0, 0]] + pairs)
    return slicing.pad(x, [[0, 0]] + pairs + [[0, 0]])


def spatial_2d_padding(x: Any, padding: Any = ((1, 1), (1, 1)),
                       data_format: str | None = None) -> Any:
    return _spatial_padding(x, padding, data_format, 2)


def spatial_3d_padding(x: Any, padding: Any = ((1, 1), (1, 1), (1, 1)),
                       data_format: str | None = None) -> Any:
    return _spatial_padding(x, padding, data_format, 3)


def resize_images(x: Any, height_factor: int, width_factor: int, data_format: str,
                  interpolation: str = "nearest") -> Any:
    if data_format not in ("channels_first", "channels_last"):
        raise ValueError(f"Invalid `data_format` argument: {data_format}")
    methods = ("area", "bicubic", "bilinear", "gaussian", "lanczos3", "lanczos5",
               "mitchellcubic", "nearest")
    if interpolation not in methods:
        listed = '"' + '", "'.join(methods) + '"'
        raise ValueError(f"`interpolation` argument should be one of: {listed}. Received: "
                         f'"{interpolation}".')
    x = convert_to_tensor(x)
    rows = 2 if data_format == "channels_first" else 1
    size = x.shape.as_list()[rows:rows + 2]
    size = A.constant(size, dt.int32) if None not in size else A.shape(x)[rows:rows + 2]
    size = size * A.constant([height_factor, width_factor], dt.int32)
    if data_format == "channels_first":
        x = A.transpose(x, [0, 2, 3, 1])
    x = image_ops.resize(x, size, method="nearest" if interpolation == "nearest"
                         else interpolation)
    return A.transpose(x, [0, 3, 1, 2]) if data_format == "channels_first" else x


def resize_volumes(x: Any, depth_factor: int, height_factor: int, width_factor: int,
                   data_format: str) -> Any:
    if data_format not in ("channels_first", "channels_last"):
        raise ValueError(f"Invalid data_format: {data_format}")
    first = 2 if data_format == "channels_first" else 1
    for i, factor in enumerate((depth_factor, height_factor, width_factor)):
        x = repeat_elements(x, factor, axis=first + i)
    return x


# -- products ---------------------------------------------------------------------------
def dot(x: Any, y: Any) -> Any:
    """Matrix product; for rank > 2, the last axis of x against the second-to-last of y."""
    x, y = convert_to_tensor(x), convert_to_tensor(y)
    if ndim(x) is not None and (ndim(x) > 2 or ndim(y) > 2):
        def dims(t: Any) -> list:
            runtime = stacking.unstack(A.shape(t))
            return [d if d is not None else r for d, r in zip(t.shape.as_list(), runtime)]

        xs, ys = dims(x), dims(y)
        perm = list(builtins.range(ndim(y)))
        perm = [perm.pop(-2)] + perm
        xt = A.reshape(x, [-1, xs[-1]])
        yt = A.reshape(A.transpose(y, perm=perm), [ys[-2], -1])
        return A.reshape(la.matmul(xt, yt), xs[:-1] + ys[:-2] + ys[-1:])
    if is_sparse(x):
        return sparse_functions.sparse_dense_matmul(x, y)
    return la.matmul(x, y)


def batch_dot(x: Any, y: Any, axes: Any = None) -> Any:
    """Per-sample dot product of x and y over `axes` (one axis of each)."""
    x, y = convert_to_tensor(x), convert_to_tensor(y)
    xs, ys = x.shape, y.shape
    xn, yn = len(xs), len(ys)
    if xn < 2 or yn < 2:
        raise ValueError("Cannot do batch_dot on inputs with rank < 2. Received inputs with "
                         f"tf.shapes {xs} and {ys}.")
    if xs[0] is not None and ys[0] is not None and xs[0] != ys[0]:
        raise ValueError("Cannot do batch_dot on inputs with different batch sizes. Received "
                         f"inputs with tf.shapes {xs} and {ys}.")
    if isinstance(axes, int):
        axes = [axes, axes]
    if axes is None:
        axes = [xn - 1, yn - 1] if yn == 2 else [xn - 1, yn - 2]
    if builtins.any(isinstance(a, (list, tuple)) for a in axes):
        raise ValueError("Multiple target dimensions are not supported. Expected: None, int, "
                         f"(int, int), Provided: {axes}")
    axes = [axes[0] + xn if axes[0] < 0 else axes[0], axes[1] + yn if axes[1] < 0 else axes[1]]
    if 0 in axes:
        raise ValueError("Cannot perform batch_dot over axis 0. If your inputs are not batched, "
                         "add a dummy batch dimension to your inputs using K.expand_dims(x, 0)")
    a0, a1 = axes
    if xs[a0] is not None and ys[a1] is not None and xs[a0] != ys[a1]:
        raise ValueError(f"Cannot do batch_dot on inputs with tf.shapes {xs} and {ys} with "
                         f"axes={axes}. x.shape[{a0}] != y.shape[{a1}] ({xs[a0]} != {ys[a1]}).")
    if xn == 2:
        x, a0 = A.expand_dims(x, 1), a0 + 1
    if yn == 2:
        y = A.expand_dims(y, 2)
    xr, yr = x.shape.rank, y.shape.rank
    if a0 != xr - 1:  # the contracted axis of x last
        x = A.transpose(x, [i for i in builtins.range(xr) if i != a0] + [a0])
    if a1 != 1:       # the contracted axis of y second
        y = A.transpose(y, [0, a1] + [i for i in builtins.range(1, yr) if i != a1])
    x_mid = y_tail = None
    if xr > 3:
        shp = A.shape(x)
        x_mid = shp[1:-1]
        x = A.reshape(x, stacking.stack([shp[0], -1, shp[-1]]))
    if yr > 3:
        shp = A.shape(y)
        y_tail = shp[2:]
        y = A.reshape(y, stacking.stack([shp[0], shp[1], -1]))
    result = la.matmul(x, y)
    if x_mid is not None or y_tail is not None:
        out = A.shape(result)
        if x_mid is not None:
            out = A.concat([out[:1], x_mid, out[-1:]], 0)
        if y_tail is not None:
            out = A.concat([out[:-1], y_tail], 0)
        result = A.reshape(result, out)
    if xn == 2:
        return A.squeeze(result, [1])
    if yn == 2:
        return A.squeeze(result, [-1])
    return result


def bias_add(x: Any, bias: Any, data_format: str | None = None) -> Any:
    data_format = _data_format(data_format)
    x, bias = convert_to_tensor(x), convert_to_tensor(bias)
    bshape = tuple(bias.shape.as_list())
    if len(bshape) != 1 and len(bshape) != ndim(x) - 1:
        raise ValueError(f"Unexpected bias dimensions {len(bshape)}. Expected it to be 1 or "
                         f"{ndim(x) - 1} dimensions")
    if len(bshape) == 1:
        fmt = "NCHW" if data_format == "channels_first" else "NHWC"
        return tnn.bias_add(x, bias, data_format=fmt)
    if ndim(x) in (3, 4, 5):
        if data_format == "channels_first":
            return x + A.reshape(bias, (1, bshape[-1]) + bshape[:-1])
        return x + A.reshape(bias, (1,) + bshape)
    return tnn.bias_add(x, bias)


def batch_normalization(x: Any, mean: Any, var: Any, beta: Any, gamma: Any, axis: int = -1,
                        epsilon: float = 1e-3) -> Any:
    return nn_norm.batch_normalization(x, mean, var, beta, gamma, epsilon)


def in_top_k(predictions: Any, targets: Any, k: int) -> Any:
    return nn_loss.in_top_k(targets, predictions, k)


# -- convolutions and pooling -----------------------------------------------------------
def _padding(padding: str) -> str:
    if padding not in ("same", "valid"):
        raise ValueError(f"Invalid padding: {padding}")
    return padding.upper()


_FORMATS = {1: ("NWC", "NCW"), 2: ("NHWC", "NCHW"), 3: ("NDHWC", "NCDHW")}


def _conv(x: Any, kernel: Any, strides: Any, padding: str, data_format: str | None,
          dilation_rate: Any, n: int) -> Any:
    fmt = _FORMATS[n][_data_format(data_format) == "channels_first"]
    return nn_conv.convolution(x, kernel, strides=strides, padding=_padding(padding),
                               data_format=fmt, dilations=dilation_rate)


def conv1d(x: Any, kernel: Any, strides: int = 1, padding: str = "valid",
           data_format: str | None = None, dilation_rate: int = 1) -> Any:
    _data_format(data_format)
    if padding == "causal":
        x = temporal_padding(x, (dilation_rate * (kernel.shape.as_list()[0] - 1), 0))
        padding = "valid"
    return _conv(x, kernel, strides, padding, data_format, dilation_rate, 1)


def conv2d(x: Any, kernel: Any, strides: Any = (1, 1), padding: str = "valid",
           data_format: str | None = None, dilation_rate: Any = (1, 1)) -> Any:
    return _conv(x, kernel, strides, padding, data_format, dilation_rate, 2)


def conv3d(x: Any, kernel: Any, strides: Any = (1, 1, 1), padding: str = "valid",
           data_format: str | None = None, dilation_rate: Any = (1, 1, 1)) -> Any:
    return _conv(x, kernel, strides, padding, data_format, dilation_rate, 3)


def conv2d_transpose(x: Any, kernel: Any, output_shape: Any, strides: Any = (1, 1),
                     padding: str = "valid", data_format: str | None = None,
                     dilation_rate: Any = (1, 1)) -> Any:
    data_format = _data_format(data_format)
    if tuple(dilation_rate) != (1, 1) and dilation_rate[0] != dilation_rate[1]:
        raise ValueError("Expected the 2 dimensions of the `dilation_rate` argument to be equal "
                         f"to each other. Received: dilation_rate={dilation_rate}")
    fmt = "NCHW" if data_format == "channels_first" else "NHWC"
    output_shape = list(output_shape)
    if output_shape[0] is None:
        output_shape[0] = A.shape(x)[0]
    return nn_conv.conv_transpose(x, kernel, stacking.stack(output_shape), strides=strides,
                                  padding=_padding(padding), data_format=fmt,
                                  dilations=dilation_rate)


def depthwise_conv2d(x: Any, depthwise_kernel: Any, strides: Any = (1, 1),
                     padding: str = "valid", data_format: str | None = None,
                     dilation_rate: Any = (1, 1)) -> Any:
    cf = _data_format(data_format) == "channels_first"
    full = (1, 1) + tuple(strides) if cf else (1,) + tuple(strides) + (1,)
    return nn_conv.depthwise_conv2d(x, depthwise_kernel, strides=full,
                                    padding=_padding(padding),
                                    data_format="NCHW" if cf else "NHWC",
                                    dilations=dilation_rate)


def separable_conv2d(x: Any, depthwise_kernel: Any, pointwise_kernel: Any,
                     strides: Any = (1, 1), padding: str = "valid",
                     data_format: str | None = None, dilation_rate: Any = (1, 1)) -> Any:
    cf = _data_format(data_format) == "channels_first"
    if len(strides) != 2:
        raise ValueError("`strides` must be a tuple of 2 integers.")
    full = (1, 1) + tuple(strides) if cf else (1,) + tuple(strides) + (1,)
    return nn_conv.separable_conv2d(x, depthwise_kernel, pointwise_kernel, strides=full,
                                    padding=_padding(padding),
                                    data_format="NCHW" if cf else "NHWC",
                                    dilations=dilation_rate)


def _pool(x: Any, pool_size: Any, strides: Any, padding: str, data_format: str | None,
          pool_mode: str, n: int) -> Any:
    cf = _data_format(data_format) == "channels_first"
    if n == 2 and len(pool_size) != 2:
        raise ValueError("`pool_size` must be a tuple of 2 integers.")
    if n == 2 and len(strides) != 2:
        raise ValueError("`strides` must be a tuple of 2 integers.")
    padding = _padding(padding)
    if pool_mode not in ("max", "avg"):
        raise ValueError(f"Invalid pooling mode: {pool_mode}")
    fmt = _FORMATS[n][cf]
    ksize = (1, 1) + tuple(pool_size) if cf else (1,) + tuple(pool_size) + (1,)
    full = (1, 1) + tuple(strides) if cf else (1,) + tuple(strides) + (1,)
    if n == 2:
        op = nn_pool.max_pool if pool_mode == "max" else nn_pool.avg_pool
    else:
        op = nn_pool.max_pool3d if pool_mode == "max" else nn_pool.avg_pool3d
    return op(x, ksize, full, padding, data_format=fmt)


def pool2d(x: Any, pool_size: Any, strides: Any = (1, 1), padding: str = "valid",
           data_format: str | None = None, pool_mode: str = "max") -> Any:
    return _pool(x, pool_size, strides, padding, data_format, pool_mode, 2)


def pool3d(x: Any, pool_size: Any, strides: Any = (1, 1, 1), padding: str = "valid",
           data_format: str | None = None, pool_mode: str = "max") -> Any:
    return _pool(x, pool_size, strides, padding, data_format, pool_mode, 3)


# -- random -----------------------------------------------------------------------------
def _seed(seed: Any, high: float = 1e7) -> int:
    """Keras draws an op seed from NumPy when none is given."""
    return int(np.random.randint(high)) if seed is None else seed


def dropout(x: Any, level: float, noise_shape: Any = None, seed: Any = None) -> Any:
    return tnn.dropout(x, rate=level, noise_shape=noise_shape, seed=_seed(seed))


def random_uniform(shape: Any, minval: float = 0.0, maxval: float = 1.0, dtype: Any = None,
                   seed: Any = None) -> Any:
    return rnd.uniform(shape, minval=minval, maxval=maxval, dtype=dtype or kb.floatx(),
                       seed=_seed(seed))


def random_normal(shape: Any, mean: float = 0.0, stddev: float = 1.0, dtype: Any = None,
                  seed: Any = None) -> Any:
    return rnd.normal(shape, mean=mean, stddev=stddev, dtype=dtype or kb.floatx(),
                      seed=_seed(seed))


def truncated_normal(shape: Any, mean: float = 0.0, stddev: float = 1.0, dtype: Any = None,
                     seed: Any = None) -> Any:
    return rnd.truncated_normal(shape, mean, stddev, dtype=dtype or kb.floatx(),
                                seed=_seed(seed))


def random_bernoulli(shape: Any, p: float = 0.0, dtype: Any = None, seed: Any = None) -> Any:
    dtype = dtype or kb.floatx()
    draws = rnd.uniform(shape, dtype=dtype, seed=_seed(seed))
    return M.where(M.less_equal(draws, p), A.ones(shape, dtype), A.zeros(shape, dtype))


def random_normal_variable(shape: Any, mean: float, scale: float, dtype: Any = None,
                           name: str | None = None, seed: Any = None) -> Variable:
    dtype = dtype or kb.floatx()
    init = random_normal_initializer(mean, scale, seed=_seed(seed, 1e9))
    return variable(init(shape, dtype=dt.as_dtype(dtype)), dtype=dtype, name=name)


def random_uniform_variable(shape: Any, low: float, high: float, dtype: Any = None,
                            name: str | None = None, seed: Any = None) -> Variable:
    dtype = dtype or kb.floatx()
    init = random_uniform_initializer(low, high, seed=_seed(seed, 1e9))
    return variable(init(shape, dtype=dt.as_dtype(dtype)), dtype=dtype, name=name)


# -- variables and values ---------------------------------------------------------------
def variable(value: Any, dtype: Any = None, name: str | None = None,
             constraint: Any = None) -> Any:
    """A tf.Variable of `value` (floatx by default); a SciPy sparse matrix gives a
    SparseTensor."""
    dtype = dtype or kb.floatx()
    if hasattr(value, "tocoo"):
        coo = value.tocoo()
        indices = np.stack([coo.row, coo.col], axis=1)
        return SparseTensor(indices=indices, values=coo.data, dense_shape=coo.shape)
    return Variable(value, dtype=dt.as_dtype(dtype), name=name, constraint=constraint)


def _filled(fill: Callable, shape: Any, dtype: Any, name: str | None) -> Any:
    with kb.init_scope():
        dtype = dtype or kb.floatx()
        value = fill(shape, dtype=dt.as_dtype(dtype), name=name)
        if builtins.all(value.shape.as_list()):
            return variable(value, dtype=dtype, name=name)
        return value


def zeros(shape: Any, dtype: Any = None, name: str | None = None) -> Any:
    return _filled(A.zeros, shape, dtype, name)


def ones(shape: Any, dtype: Any = None, name: str | None = None) -> Any:
    return _filled(A.ones, shape, dtype, name)


def eye(size: Any, dtype: Any = None, name: str | None = None) -> Variable:
    dtype = dtype or kb.floatx()
    return variable(la.eye(size, dtype=dt.as_dtype(dtype)), dtype, name)


def zeros_like(x: Any, dtype: Any = None, name: str | None = None) -> Any:
    return M.zeros_like(x, dtype=dtype, name=name)


def ones_like(x: Any, dtype: Any = None, name: str | None = None) -> Any:
    return M.ones_like(x, dtype=dtype, name=name)


def get_value(x: Any) -> Any:
    if not is_tensor(x) and not isinstance(x, Variable):
        return x
    with kb.init_scope():
        return x.numpy()


def batch_get_value(tensors: list) -> list:
    return [x.numpy() for x in tensors]


def eval(x: Any) -> Any:  # noqa: A001
    return get_value(to_dense(x))


def set_value(x: Any, value: Any) -> None:
    x.assign(np.asarray(value, dtype=x.dtype.name))


def batch_set_value(tuples: Any) -> None:
    for x, value in tuples:
        set_value(x, value)


def update(x: Any, new_x: Any) -> Any:
    return x.assign(new_x)


def update_add(x: Any, increment: Any) -> Any:
    return x.assign_add(increment)


def update_sub(x: Any, decrement: Any) -> Any:
    return x.assign_sub(decrement)


def moving_average_update(x: Any, value: Any, momentum: Any) -> Any:
    momentum = M.cast(momentum, x.dtype)
    return x.assign_sub((x - M.cast(value, x.dtype)) * (1 - momentum))


def gradients(loss: Any, variables: Any) -> Any:
    return _tf_gradients(loss, variables)


def name_scope(name: str) -> Any:
    return _name_scope(name)


# -- control flow -----------------------------------------------------------------------
def foldl(fn: Callable, elems: Any, initializer: Any = None, name: str | None = None) -> Any:
    return _foldl(fn, elems, initializer=initializer, name=name)


def foldr(fn: Callable, elems: Any, initializer: Any = None, name: str | None = None) -> Any:
    return _foldr(fn, elems, initializer=initializer, name=name)


def map_fn(fn: Callable, elems: Any, name: str | None = None, dtype: Any = None) -> Any:
    return _map_fn(fn, elems, name=name, dtype=dtype)


def switch(condition: Any, then_expression: Any, else_expression: Any) -> Any:
    """then/else picked by a scalar condition (tf.cond), or elementwise by a tensor one."""
    condition = convert_to_tensor(condition)
    if condition.dtype != dt.bool:
        condition = M.cast(condition, dt.bool)
    cond_ndim = ndim(condition)
    if not cond_ndim:
        then_fn = then_expression if callable(then_expression) else (lambda: then_expression)
        else_fn = else_expression if callable(else_expression) else (lambda: else_expression)
        return cond(condition, then_fn, else_fn)
    if callable(then_expression):
        then_expression = then_expression()
    if callable(else_expression):
        else_expression = else_expression()
    then_expression = convert_to_tensor(then_expression)
    expr_ndim = ndim(then_expression)
    if cond_ndim > expr_ndim:
        raise ValueError("Rank of `condition` should be less than or equal to rank of "
                         "`then_expression` and `else_expression`. ndim(condition)="
                         f"{cond_ndim}, ndim(then_expression)={expr_ndim}")
    if cond_ndim > 1:
        cond_shape = A.concat([A.shape(condition), [1] * (expr_ndim - cond_ndim)], axis=0)
        condition = A.reshape(condition, cond_shape)
        expr_shape = A.shape(then_expression)
        tiles = M.where(M.greater(expr_shape - cond_shape, 0), expr_shape,
                        M.ones_like(expr_shape))
        condition = A.tile(condition, tiles)
    return M.where(condition, then_expression, else_expression)


def rnn(step_function: Callable, inputs: Any, initial_states: Any, go_backwards: bool = False,
        mask: Any = None, constants: Any = None, unroll: bool = False, input_length: Any = None,
        time_major: bool = False, zero_output_for_mask: bool = False,
        return_all_outputs: bool = True) -> tuple:
    """Runs `step_function(input_t, states + constants) -> (output_t, new_states)` over the
    time axis; returns (last_output, outputs, new_states). Steps are unrolled over the
    (static) number of time steps."""
    def batch_time_swapped(t: Any) -> Any:
        perm = list(builtins.range(len(t.shape)))
        perm[0], perm[1] = 1, 0
        return A.transpose(t, perm)

    if not time_major:
        inputs = nest.map_structure(batch_time_swapped, inputs)
    flat = nest.flatten(inputs)
    steps = flat[0].shape[0]
    if not steps:
        raise ValueError("Unrolling requires a fixed number of timesteps.")
    per_step = [stacking.unstack(t) for t in flat]
    if mask is not None:
        mask = M.cast(mask, dt.bool) if mask.dtype != dt.bool else mask
        if len(mask.shape) == 2:
            mask = A.expand_dims(mask, -1)
        masks = stacking.unstack(mask if time_major else batch_time_swapped(mask))
    order = list(builtins.range(steps))
    if go_backwards:
        order.reverse()
    states = tuple(initial_states)
    extra = tuple(constants or ())
    outputs: list = []

    def tiled(mask_t: Any, like: Any) -> Any:
        for _ in builtins.range(len(like.shape) - len(mask_t.shape)):
            mask_t = A.expand_dims(mask_t, -1)
        return A.tile(mask_t, [1] + like.shape.as_list()[1:])

    for i, t in enumerate(order):
        step_input = nest.pack_sequence_as(inputs, [s[t] for s in per_step])
        output, new_states = step_function(step_input, states + extra)
        if mask is not None:
            mask_t = masks[i if not go_backwards else t]
            previous = outputs[-1] if outputs else M.zeros_like(output)
            output = M.where(tiled(mask_t, output), output, previous)
            flat_old, flat_new = nest.flatten(states), nest.flatten(new_states)
            new_states = nest.pack_sequence_as(states, [
                M.where(tiled(mask_t, old), new, old) for old, new in zip(flat_old, flat_new)])
        states = tuple(nest.flatten(new_states)) if not isinstance(new_states, tuple) \
            else new_states
        outputs = outputs + [output] if return_all_outputs else [output]
    last_output = outputs[-1]
    stacked = stacking.stack(outputs)
    if mask is not None and zero_output_for_mask:
        last_mask = masks[-1] if not go_backwards else masks[order[-1]]
        last_output = M.where(tiled(last_mask, last_output), last_output,
                              M.zeros_like(last_output))
        full = mask if time_major else batch_time_swapped(mask)
        for _ in builtins.range(len(stacked.shape) - len(full.shape)):
            full = A.expand_dims(full, -1)
        stacked = M.where(A.tile(full, [1, 1] + stacked.shape.as_list()[2:]), stacked,
                          M.zeros_like(stacked))
    if not time_major:
        stacked = batch_time_swapped(stacked)
    return last_output, stacked, states


def ctc_label_dense_to_sparse(labels: Any, label_lengths: Any) -> SparseTensor:
    """Dense padded labels as a SparseTensor keeping the first `label_lengths[i]` of row i."""
    labels = convert_to_tensor(labels)
    shp = A.shape(labels)
    columns = _range(shp[1])
    keep = M.less(A.expand_dims(columns, 0), A.expand_dims(M.cast(label_lengths, dt.int32), 1))
    rows = A.tile(A.expand_dims(_range(shp[0]), 1), stacking.stack([1, shp[1]]))
    cols = A.tile(A.expand_dims(columns, 0), stacking.stack([shp[0], 1]))
    indices = stacking.stack([ix.boolean_mask(rows, keep), ix.boolean_mask(cols, keep)], axis=1)
    values = ix.gather_nd(labels, indices)
    return SparseTensor(M.cast(indices, dt.int64), values, M.cast(shp, dt.int64))
