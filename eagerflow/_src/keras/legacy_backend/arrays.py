"""tf.keras.backend's shape and structure functions (`K.int_shape`, `K.reshape`, paddings,
image resizing, ...), with Keras's image_data_format defaults."""

from __future__ import annotations

import builtins
import math
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.keras import backend as kb
from eagerflow._src.ops import array as A
from eagerflow._src.ops import image as image_ops
from eagerflow._src.ops import indexing as ix
from eagerflow._src.ops import reduce as R
from eagerflow._src.ops import (
    shaping,
    sparse_functions,
    sparse_ops,
    stacking,
    tiling,
    unique_one_hot,
)
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.padding import pad as tf_pad
from eagerflow._src.ops.sequences import range as _range


# -- shapes and structure ---------------------------------------------------------------
def arange(start: Any, stop: Any = None, step: int = 1, dtype: str = "int32") -> Any:
    if stop is None and start < 0:
        start = 0
    result = _range(start, limit=stop, delta=step, name="arange")
    return result if dtype == "int32" else cast(result, dtype)


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
    return unique_one_hot.one_hot(indices, depth=num_classes, axis=-1)


def permute_dimensions(x: Any, pattern: Any) -> Any:
    return A.transpose(x, perm=pattern)


def repeat(x: Any, n: int) -> Any:
    if ndim(x) != 2:
        raise ValueError(f"Expected input `x` to have rank 2. Received: rank(x)={ndim(x)}")
    return tiling.tile(A.expand_dims(x, 1), stacking.stack([1, n, 1]))


def repeat_elements(x: Any, rep: int, axis: int) -> Any:
    """Each slice of `x` along `axis` repeated `rep` times in a row."""
    x = convert_to_tensor(x)
    if x.shape.as_list()[axis] is not None:
        pieces = A.split(x, x.shape.as_list()[axis], axis=axis)
        return concatenate([p for p in pieces for _ in builtins.range(rep)], axis)
    reps = [1] * (x.shape.rank + 1)
    reps[axis + 1] = rep
    tiled = tiling.tile(A.expand_dims(x, axis + 1), reps)
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
    return tiling.tile(x, [n] if isinstance(n, int) else n)


def to_dense(tensor: Any) -> Any:
    return sparse_ops.to_dense(tensor) if is_sparse(tensor) else tensor


def transpose(x: Any) -> Any:
    return A.transpose(x)


def temporal_padding(x: Any, padding: Any = (1, 1)) -> Any:
    if len(padding) != 2:
        raise ValueError("Expected `padding` to be a tuple of 2 integers. Received: "
                         f"padding={padding}")
    return tf_pad(x, [[0, 0], list(padding), [0, 0]])


def resolve_data_format(data_format: str | None) -> str:
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
    if resolve_data_format(data_format) == "channels_first":
        return tf_pad(x, [[0, 0], [0, 0]] + pairs)
    return tf_pad(x, [[0, 0]] + pairs + [[0, 0]])


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
