"""tf.keras.backend's products, convolutions and pooling (`K.dot`, `K.batch_dot`,
`K.conv2d`, `K.pool2d`, ...), with Keras's data_format and padding names."""

from __future__ import annotations

import builtins
from typing import Any

from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.keras.legacy_backend.arrays import (
    is_sparse,
    ndim,
    resolve_data_format,
    temporal_padding,
)
from eagerflow._src.ops import array as A
from eagerflow._src.ops import linalg as la
from eagerflow._src.ops import nn as tnn
from eagerflow._src.ops import (
    nn_conv,
    nn_conv_variants,
    nn_loss,
    nn_norm,
    nn_pool,
    sparse_functions,
    stacking,
)
from eagerflow._src.ops.nn_conv_checks import FORMATS


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
    data_format = resolve_data_format(data_format)
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


def _conv(x: Any, kernel: Any, strides: Any, padding: str, data_format: str | None,
          dilation_rate: Any, n: int) -> Any:
    fmt = FORMATS[n][resolve_data_format(data_format) == "channels_first"]
    return nn_conv.convolution(x, kernel, strides=strides, padding=_padding(padding),
                               data_format=fmt, dilations=dilation_rate)


def conv1d(x: Any, kernel: Any, strides: int = 1, padding: str = "valid",
           data_format: str | None = None, dilation_rate: int = 1) -> Any:
    resolve_data_format(data_format)
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
    data_format = resolve_data_format(data_format)
    if tuple(dilation_rate) != (1, 1) and dilation_rate[0] != dilation_rate[1]:
        raise ValueError("Expected the 2 dimensions of the `dilation_rate` argument to be equal "
                         f"to each other. Received: dilation_rate={dilation_rate}")
    fmt = "NCHW" if data_format == "channels_first" else "NHWC"
    output_shape = list(output_shape)
    if output_shape[0] is None:
        output_shape[0] = A.shape(x)[0]
    return nn_conv_variants.conv_transpose(x, kernel, stacking.stack(output_shape), strides=strides,
                                           padding=_padding(padding), data_format=fmt,
                                           dilations=dilation_rate)


def depthwise_conv2d(x: Any, depthwise_kernel: Any, strides: Any = (1, 1),
                     padding: str = "valid", data_format: str | None = None,
                     dilation_rate: Any = (1, 1)) -> Any:
    cf = resolve_data_format(data_format) == "channels_first"
    full = (1, 1) + tuple(strides) if cf else (1,) + tuple(strides) + (1,)
    return nn_conv_variants.depthwise_conv2d(x, depthwise_kernel, strides=full,
                                             padding=_padding(padding),
                                             data_format="NCHW" if cf else "NHWC",
                                             dilations=dilation_rate)


def separable_conv2d(x: Any, depthwise_kernel: Any, pointwise_kernel: Any,
                     strides: Any = (1, 1), padding: str = "valid",
                     data_format: str | None = None, dilation_rate: Any = (1, 1)) -> Any:
    cf = resolve_data_format(data_format) == "channels_first"
    if len(strides) != 2:
        raise ValueError("`strides` must be a tuple of 2 integers.")
    full = (1, 1) + tuple(strides) if cf else (1,) + tuple(strides) + (1,)
    return nn_conv_variants.separable_conv2d(x, depthwise_kernel, pointwise_kernel, strides=full,
                                             padding=_padding(padding),
                                             data_format="NCHW" if cf else "NHWC",
                                             dilations=dilation_rate)


def _pool(x: Any, pool_size: Any, strides: Any, padding: str, data_format: str | None,
          pool_mode: str, n: int) -> Any:
    cf = resolve_data_format(data_format) == "channels_first"
    if n == 2 and len(pool_size) != 2:
        raise ValueError("`pool_size` must be a tuple of 2 integers.")
    if n == 2 and len(strides) != 2:
        raise ValueError("`strides` must be a tuple of 2 integers.")
    padding = _padding(padding)
    if pool_mode not in ("max", "avg"):
        raise ValueError(f"Invalid pooling mode: {pool_mode}")
    fmt = FORMATS[n][cf]
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
