"""keras.ops.image, geometry: scale-and-translate resampling, patch extraction (2-D and
3-D), and pads and crops of images by edge amounts or to a target size.

scale_and_translate is JAX's: along each spatial axis, output sample i reads the input
around (i + 0.5 - translation) / scale - 0.5 through a kernel (triangle, Keys cubic or
Lanczos) widened by 1 / scale when antialiasing a downscale, as one matrix per axis.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core.shape import TensorShape
from eagerflow._src.keras.ops import dtypes as kd
from eagerflow._src.keras.ops import specs_images
from eagerflow._src.keras.ops.core import shape as static_shape
from eagerflow._src.keras.ops.core import slice as kslice
from eagerflow._src.keras.ops.nn_conv import (
    batched_channels_last,
    check_not_empty,
    extract_patches_nd,
    standardize_data_format,
    tf_format,
)
from eagerflow._src.keras.ops.numpy_array import moveaxis, pad
from eagerflow._src.keras.ops.symbolic import keras_op
from eagerflow._src.ops import linalg as tl
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import reduce as tr
from eagerflow._src.ops.math_base import cast, identity, ones_like, where, zeros_like
from eagerflow._src.ops.sequences import range as tf_range

SCALE_AND_TRANSLATE_METHODS = {"linear", "bilinear", "trilinear", "cubic", "bicubic",
                               "tricubic", "lanczos3", "lanczos5"}


def _triangle(x: Any) -> Any:
    return tm.maximum(cast(0, x.dtype), 1 - tm.abs(x))


def _keys_cubic(x: Any) -> Any:
    out = ((1.5 * x - 2.5) * x) * x + 1.0
    out = where(x >= 1.0, ((-0.5 * x + 2.5) * x - 4.0) * x + 2.0, out)
    return where(x >= 2.0, zeros_like(x), out)


def _lanczos(radius: float) -> Any:
    def kernel(x: Any) -> Any:
        y = radius * tm.sin(np.pi * x) * tm.sin(np.pi * x / radius)
        safe = where(tm.not_equal(x, 0), np.pi ** 2 * x * x, ones_like(x))
        out = where(x > 1e-3, y / safe, ones_like(x))
        return where(x > radius, zeros_like(x), out)
    return kernel


_KERNELS = {"linear": _triangle, "cubic": _keys_cubic, "lanczos3": _lanczos(3.0),
            "lanczos5": _lanczos(5.0)}


def _weights(in_size: int, out_size: int, scale: Any, translation: Any, kernel: Any,
             antialias: bool) -> Any:
    """The [in_size, out_size] resampling matrix of one axis."""
    dtype = scale.dtype
    inv = 1.0 / scale
    widen = tm.maximum(inv, 1.0) if antialias else 1.0
    sample = (tf_range(out_size, dtype=dtype) + 0.5) * inv - translation * inv - 0.5
    w = kernel(tm.abs(sample[None, :] - tf_range(in_size, dtype=dtype)[:, None]) / widen)
    total = tr.reduce_sum(w, axis=0, keepdims=True)
    w = where(tm.abs(total) > 1000.0 * float(np.finfo(np.float32).eps),
                 w / where(tm.not_equal(total, 0), total, ones_like(total)),
                 zeros_like(w))
    inside = tm.logical_and(sample >= -0.5, sample <= cast(in_size, dtype) - 0.5)
    return where(inside[None, :], w, zeros_like(w))


@keras_op
def scale_and_translate(images: Any, output_shape: Any, scale: Any, translation: Any,
                        spatial_dims: Any, method: str, antialias: bool = True) -> Any:
    if method not in SCALE_AND_TRANSLATE_METHODS:
        raise ValueError("Invalid value for argument `method`. Expected of one "
                         f"{SCALE_AND_TRANSLATE_METHODS}. Received: method={method}")
    kernel = _KERNELS["linear" if method in ("linear", "bilinear", "trilinear") else
                      "cubic" if method in ("cubic", "bicubic", "tricubic") else method]
    x = kd.to_tensor(images)
    scale, translation = kd.to_tensor(scale), kd.to_tensor(translation)
    dtype = kd.result_type(scale.dtype, translation.dtype)
    scale, translation = kd.cast(scale, dtype), kd.cast(translation, dtype)
    if len(spatial_dims) == 0:
        return x
    rounding = x.dtype.is_integer
    out = cast(x, "float32") if rounding else identity(x)
    dims = static_shape(x)
    for i, d in enumerate(spatial_dims):
        d = d % len(dims)
        w = cast(_weights(dims[d], output_shape[d], scale[i], translation[i], kernel,
                             antialias), out.dtype)
        out = moveaxis(tl.tensordot(out, w, axes=(d, 0)), -1, d)
    if rounding:
        out = tm.clip_by_value(tm.round(out), tr.reduce_min(x), tr.reduce_max(x))
        out = cast(out, x.dtype)
    return out


# ---------------------------------------------------------------------------------------
# Patches
# ---------------------------------------------------------------------------------------

def _patches(images: Any, size: Any, rank: int, strides: Any, dilation_rate: Any,
             padding: str, data_format: str | None) -> Any:
    data_format = standardize_data_format(data_format)
    given, images = images, kd.to_tensor(images)
    size = (size,) * rank if isinstance(size, int) else tuple(size)
    strides = size if not strides else (strides,) * rank if isinstance(strides, int) \
        else tuple(strides)
    if len(strides) != rank:
        raise ValueError(f"Invalid `strides` argument. Got: {strides}")
    rates = (dilation_rate,) * rank if isinstance(dilation_rate, int) else tuple(dilation_rate)
    # Keras's patches are its conv of the (batched) images: a rank its data formats lack,
    # strides beside dilations, and an empty result are that conv's ValueErrors
    tf_format(data_format, len(images.shape) + (len(images.shape) == rank + 1))
    if any(int(r) > 1 for r in rates) and any(int(s) > 1 for s in strides):
        raise ValueError(f"`strides > 1` not supported in conjunction with `dilation_rate > 1`."
                         f" Received: strides={np.array(strides)} and "
                         f"dilation_rate={np.array(rates)}")
    out = batched_channels_last(lambda x: extract_patches_nd(x, size, strides, rates, padding),
                                images, data_format, spatial=rank)
    if len(images.shape) == rank + 2:  # (a batch, handed to the conv as given)
        check_not_empty(given, images, out.shape)
    else:  # (a single image, given a batch axis: a tensor)
        check_not_empty(images, images, TensorShape([1, *out.shape]))
    return out


@keras_op
def extract_patches(images: Any, size: Any, strides: Any = None, dilation_rate: Any = 1,
                    padding: str = "valid", data_format: str | None = None) -> Any:
    if not isinstance(size, int) and len(size) == 3:
        return _patches(images, size, 3, strides, dilation_rate, padding, data_format)
    if not isinstance(size, int) and len(size) != 2:
        raise TypeError("Invalid `size` argument. Expected an int or a tuple of length 2. "
                        f"Received: size={size}")
    return _patches(images, size, 2, strides, dilation_rate, padding, data_format)


@keras_op
def extract_patches_3d(volumes: Any, size: Any, strides: Any = None, dilation_rate: Any = 1,
                       padding: str = "valid", data_format: str | None = None) -> Any:
    if not isinstance(size, int) and len(size) != 3:
        raise TypeError("Invalid `size` argument. Expected an int or a tuple of length 3. "
                        f"Received: size={size}")
    return _patches(volumes, size, 3, strides, dilation_rate, padding, data_format)


# ---------------------------------------------------------------------------------------
# Pads and crops
# ---------------------------------------------------------------------------------------

def _two_of_three(names: tuple, values: tuple) -> None:
    if list(values).count(None) != 1:
        shown = ", ".join(f"{n}={v}" for n, v in zip(names, values))
        raise ValueError(f"Must specify exactly two of {', '.join(names)}. Received: {shown}")


def _non_negative(**values: Any) -> None:
    for name, value in values.items():
        if value is not None and value < 0:
            raise ValueError(f"{name} must be >= 0. Received: {name}={value}")


def _check_sides(kind: str, top: Any, bottom: Any, target_height: Any, left: Any,
                 right: Any, target_width: Any) -> None:
    """pad_images' and crop_images' arguments as Keras checks them: two of each three
    given, none negative (`kind` names them: top_padding, left_cropping, ...)."""
    _two_of_three((f"top_{kind}", f"bottom_{kind}", "target_height"),
                  (top, bottom, target_height))
    _two_of_three((f"left_{kind}", f"right_{kind}", "target_width"),
                  (left, right, target_width))
    _non_negative(**{f"top_{kind}": top, f"bottom_{kind}": bottom,
                     "target_height": target_height, f"left_{kind}": left,
                     f"right_{kind}": right, "target_width": target_width})


def _image_dims(images: Any, data_format: str) -> tuple:
    dims = static_shape(images)
    if len(dims) not in (3, 4):
        raise ValueError("Invalid images rank: expected rank 3 (single image) or rank 4 (batch "
                         f"of images). Received: images.shape={dims}")
    if data_format == "channels_last":
        return dims, dims[-3], dims[-2], dims[-1]
    return dims, dims[-2], dims[-1], dims[-3]


@keras_op(spec=specs_images.pad_images)
def pad_images(images: Any, top_padding: int | None = None, left_padding: int | None = None,
               bottom_padding: int | None = None, right_padding: int | None = None,
               target_height: int | None = None, target_width: int | None = None,
               data_format: str | None = None) -> Any:
    data_format = standardize_data_format(data_format)
    images = kd.to_tensor(images)
    dims, height, width, _ = _image_dims(images, data_format)
    _check_sides("padding", top_padding, bottom_padding, target_height, left_padding,
                 right_padding, target_width)
    if top_padding is None:
        top_padding = target_height - bottom_padding - height
    if bottom_padding is None:
        bottom_padding = target_height - top_padding - height
    if left_padding is None:
        left_padding = target_width - right_padding - width
    if right_padding is None:
        right_padding = target_width - left_padding - width
    _non_negative(top_padding=top_padding, left_padding=left_padding,
                  right_padding=right_padding, bottom_padding=bottom_padding)
    widths = [[top_padding, bottom_padding], [left_padding, right_padding]]
    widths = widths + [[0, 0]] if data_format == "channels_last" else [[0, 0]] + widths
    if len(dims) == 4:
        widths = [[0, 0]] + widths
    return pad(images, widths)


@keras_op(spec=specs_images.crop_images)
def crop_images(images: Any, top_cropping: int | None = None, left_cropping: int | None = None,
                bottom_cropping: int | None = None, right_cropping: int | None = None,
                target_height: int | None = None, target_width: int | None = None,
                data_format: str | None = None) -> Any:
    data_format = standardize_data_format(data_format)
    images = kd.to_tensor(images)
    dims, height, width, channels = _image_dims(images, data_format)
    _check_sides("cropping", top_cropping, bottom_cropping, target_height, left_cropping,
                 right_cropping, target_width)
    if top_cropping is None:
        top_cropping = height - target_height - bottom_cropping
    if target_height is None:
        target_height = height - bottom_cropping - top_cropping
    if left_cropping is None:
        left_cropping = width - target_width - right_cropping
    if target_width is None:
        target_width = width - right_cropping - left_cropping
    _non_negative(top_cropping=top_cropping, target_height=target_height,
                  left_cropping=left_cropping, target_width=target_width)
    start, size = [top_cropping, left_cropping], [target_height, target_width]
    if data_format == "channels_last":
        start, size = start + [0], size + [channels]
    else:
        start, size = [0] + start, [channels] + size
    if len(dims) == 4:
        start, size = [0] + start, [dims[0]] + size
    return kslice(images, start, size)
