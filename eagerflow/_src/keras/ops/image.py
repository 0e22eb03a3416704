"""keras.ops.image: color conversions, resizing (with crop or pad to the aspect ratio),
affine and perspective warps, coordinate mapping, blurs, elastic distortion,
scale-and-translate, Sobel edges, SSIM, patch extraction, and image pads and crops.

Warps follow TF's ImageProjectiveTransformV3: each output pixel (x, y) reads the input at
((a0 x + a1 y + a2) / k, (b0 x + b1 y + b2) / k), k = c0 x + c1 y + 1, mapped into the
image by the fill mode and sampled nearest or bilinearly, as gathers of the input.
"""

from __future__ import annotations

import functools
import itertools
import operator
from typing import Any

import numpy as np

from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor, Tensor
from eagerflow._src.keras.ops import dtypes as kd
from eagerflow._src.keras.ops import specs_images
from eagerflow._src.keras.ops.core import saturate_cast
from eagerflow._src.keras.ops.core import shape as static_shape
from eagerflow._src.keras.ops.nn_conv import (
    batched_channels_last,
    standardize_data_format,
    to_channels_last,
)
from eagerflow._src.keras.ops.nn_conv import conv as keras_conv
from eagerflow._src.keras.ops.numpy_array import moveaxis, pad
from eagerflow._src.keras.ops.random import draw_seed
from eagerflow._src.keras.ops.symbolic import keras_op
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import eager_errors, nn_conv_variants
from eagerflow._src.ops import image as timg
from eagerflow._src.ops import image_color as tcolor
from eagerflow._src.ops import linalg as tl
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import nd_indexing as tnd
from eagerflow._src.ops import reduce as tr
from eagerflow._src.ops.image_transform import projective_transform
from eagerflow._src.ops.linalg_decomp import solve as tf_solve
from eagerflow._src.ops.math_base import cast, identity, ones_like, where, zeros_like
from eagerflow._src.ops.random_stateless import stateless_normal
from eagerflow._src.ops.sequences import range as tf_range
from eagerflow._src.ops.stacking import stack as tf_stack
from eagerflow._src.ops.stacking import unstack as tf_unstack
from eagerflow._src.ops.tiling import tile

RESIZE_INTERPOLATIONS = ("bilinear", "nearest", "lanczos3", "lanczos5", "bicubic", "area")
WARP_INTERPOLATIONS = ("nearest", "bilinear")
WARP_FILL_MODES = ("constant", "nearest", "wrap", "reflect")
MAP_FILL_MODES = {"constant", "nearest", "wrap", "mirror", "reflect"}


def _check_rank(images: Any, name: str = "images") -> None:
    if len(images.shape) not in (3, 4):
        raise ValueError(f"Invalid {name} rank: expected rank 3 (single image) or rank 4 "
                         f"(batch of images). Received input with shape: "
                         f"{name}.shape={images.shape}")


def _channels_last(images: Any, data_format: str) -> Any:
    if data_format != "channels_first":
        return images
    return ta.transpose(images, (0, 2, 3, 1) if len(images.shape) == 4 else (1, 2, 0))


def _restore(images: Any, data_format: str) -> Any:
    if data_format != "channels_first":
        return images
    return ta.transpose(images, (0, 3, 1, 2) if len(images.shape) == 4 else (2, 0, 1))


# ---------------------------------------------------------------------------------------
# Color
# ---------------------------------------------------------------------------------------

@keras_op
def rgb_to_grayscale(images: Any, data_format: str | None = None) -> Any:
    images = kd.to_tensor(images)
    data_format = standardize_data_format(data_format)
    axis = -1 if data_format == "channels_last" else -3
    _check_rank(images)
    if images.shape[axis] not in (1, 3):
        raise ValueError("Invalid channel size: expected 3 (RGB) or 1 (Grayscale). Received "
                         f"input with shape: images.shape={images.shape}")
    if images.shape[axis] == 1:
        return identity(images)
    original = images.dtype
    images = kd.cast(images, kd.result_type(images.dtype, float))
    weights = kd.to_tensor([[0.2989], [0.5870], [0.1140]], images.dtype)
    # tf.tensordot's matmul over the channels, with a dynamic shape for an unknown batch
    last = moveaxis(images, axis, -1)
    gray = ta.reshape(tl.matmul(ta.reshape(last, [-1, 3]), weights), ta.shape(last)[:-1])
    return cast(ta.expand_dims(gray, axis), original)


def _color(tf_fn: Any, name: str) -> Any:
    def op(images: Any, data_format: str | None = None) -> Any:
        images = kd.to_tensor(images)
        data_format = standardize_data_format(data_format)
        _check_rank(images)
        if not kd.is_float_dtype(images.dtype):
            raise ValueError("Invalid images dtype: expected float dtype. Received: "
                             f"images.dtype={images.dtype.name}")
        return _restore(tf_fn(_channels_last(images, data_format)), data_format)
    op.__name__ = op.__qualname__ = name
    return keras_op(op)


rgb_to_hsv = _color(tcolor.rgb_to_hsv, "rgb_to_hsv")
hsv_to_rgb = _color(tcolor.hsv_to_rgb, "hsv_to_rgb")


# ---------------------------------------------------------------------------------------
# Resize
# ---------------------------------------------------------------------------------------

def check_resize_args(size: Any, interpolation: str, crop_to_aspect_ratio: bool,
                      pad_to_aspect_ratio: bool, fill_mode: str) -> None:
    """Keras's checks of resize's arguments (keras.ops.image.resize, the Resizing layer and
    keras.utils' image resizing), in Keras's order."""
    if interpolation not in RESIZE_INTERPOLATIONS:
        raise ValueError("Invalid value for argument `interpolation`. Expected of one "
                         f"{RESIZE_INTERPOLATIONS}. Received: interpolation={interpolation}")
    if fill_mode != "constant":
        raise ValueError("Invalid value for argument `fill_mode`. Only `'constant'` is "
                         f"supported. Received: fill_mode={fill_mode}")
    if pad_to_aspect_ratio and crop_to_aspect_ratio:
        raise ValueError("Only one of `pad_to_aspect_ratio` & `crop_to_aspect_ratio` can be "
                         "`True`.")
    if len(size) != 2:
        raise ValueError("Argument `size` must be a tuple of two elements (height, width). "
                         f"Received: size={size}")


def _to_aspect(images: Any, size: tuple, crop: bool, fill_value: float) -> Any:
    """Center-crop (or pad with fill_value) channels-last images to size's aspect ratio."""
    dims = static_shape(images)
    height, width = dims[-3], dims[-2]
    th, tw = size
    h = int(width * th / tw)
    w = int(height * tw / th)
    if crop:
        h, w = max(min(height, h), 1), max(min(width, w), 1)
        top, left = int((height - h) / 2), int((width - w) / 2)
        return images[..., top:top + h, left:left + w, :]
    h, w = max(height, h), max(width, w)
    top, left = int((h - height) / 2), int((w - width) / 2)
    spatial = [[top, top], [left, left]] if top > 0 or left > 0 else None
    if spatial is None:
        return images
    widths = [[0, 0]] * (len(dims) - 3) + [[top, top] if top > 0 else [0, 0],
                                           [left, left] if left > 0 else [0, 0], [0, 0]]
    return pad(images, widths, constant_values=cast(fill_value, images.dtype))


@keras_op
def resize(images: Any, size: Any, interpolation: str = "bilinear", antialias: bool = False,
           crop_to_aspect_ratio: bool = False, pad_to_aspect_ratio: bool = False,
           fill_mode: str = "constant", fill_value: float = 0.0,
           data_format: str | None = None) -> Any:
    data_format = standardize_data_format(data_format)
    if len(size) != 2:  # (keras.ops' own check, worded apart from its backend's)
        raise ValueError(f"Expected `size` to be a tuple of 2 integers. Received: size={size}")
    if size[0] <= 0 or size[1] <= 0:
        raise ValueError(f"`size` must have positive height and width. Received: size={size}")
    check_resize_args(size, interpolation, crop_to_aspect_ratio, pad_to_aspect_ratio,
                      fill_mode)
    original = kd.to_tensor(images)
    _check_rank(original)
    x = _channels_last(original, data_format)
    if crop_to_aspect_ratio or pad_to_aspect_ratio:
        x = _to_aspect(x, tuple(size), crop_to_aspect_ratio, fill_value)
    out = _restore(timg.resize(x, tuple(size), method=interpolation, antialias=antialias),
                   data_format)
    if out.dtype == original.dtype:
        return out
    if original.dtype.is_integer:
        out = tm.round(out)
    return saturate_cast(out, original.dtype)


# ---------------------------------------------------------------------------------------
# Projective warps
# ---------------------------------------------------------------------------------------

def _warp_batch(images: Any, transform: Any, interpolation: str, fill_mode: str,
                fill_value: Any, data_format: str) -> Any:
    if len(transform.shape) == 1:
        transform = ta.expand_dims(transform, 0)
    # (ops.shape gives a dim known only at run time as a tensor: such dims go unchecked)
    count, width = transform.shape
    batch = images.shape[0] if len(images.shape) == 4 else 1
    if width not in (None, 8) or count not in (None, 1, batch) and batch is not None:
        # (TF's kernel's check)
        raise eager_errors.raised_eagerly(InvalidArgumentError(
            None, None, "Input transform should be num_images x 8 or 1 x 8 "
            "[Op:ImageProjectiveTransformV3]"))
    return batched_channels_last(
        lambda x: projective_transform(x, transform, interpolation, fill_mode, fill_value),
        images, data_format)


def _check_warp(interpolation: str, fill_mode: str = "constant") -> None:
    if interpolation not in WARP_INTERPOLATIONS:
        raise ValueError("Invalid value for argument `interpolation`. Expected of one "
                         f"{WARP_INTERPOLATIONS}. Received: interpolation={interpolation}")
    if fill_mode not in WARP_FILL_MODES:
        raise ValueError("Invalid value for argument `fill_mode`. Expected of one "
                         f"{WARP_FILL_MODES}. Received: fill_mode={fill_mode}")


@keras_op(spec=specs_images.affine_transform)
def affine_transform(images: Any, transform: Any, interpolation: str = "bilinear",
                     fill_mode: str = "constant", fill_value: Any = 0,
                     data_format: str | None = None) -> Any:
    data_format = standardize_data_format(data_format)
    _check_warp(interpolation, fill_mode)
    for given in (images, transform):  # (Keras's TF backend reads each one's shape as given)
        if not hasattr(given, "shape"):
            raise AttributeError(f"'{type(given).__name__}' object has no attribute 'shape'")
    images, transform = kd.to_tensor(images), kd.to_tensor(transform)
    _check_rank(images)
    if len(transform.shape) not in (1, 2):
        raise ValueError("Invalid transform rank: expected rank 1 (single transform) or rank 2 "
                         "(batch of transforms). Received input with shape: "
                         f"transform.shape={transform.shape}")
    return _warp_batch(images, transform, interpolation, fill_mode, fill_value, data_format)


def _homography(start: Any, end: Any) -> Any:
    """The 8 projective coefficients taking each end point to its start point."""
    rows, rhs = [], []
    zero, one = zeros_like(end[:, 0, 0]), ones_like(end[:, 0, 0])
    for i in range(4):
        ex, ey, sx, sy = end[:, i, 0], end[:, i, 1], start[:, i, 0], start[:, i, 1]
        rows.append(tf_stack([ex, ey, one, zero, zero, zero, -sx * ex, -sx * ey], axis=-1))
        rows.append(tf_stack([zero, zero, zero, ex, ey, one, -sy * ex, -sy * ey], axis=-1))
        rhs += [sx, sy]
    solution = tf_solve(tf_stack(rows, axis=1), tf_stack(rhs, axis=-1)[..., None])
    return ta.reshape(solution, [-1, 8])


@keras_op
def perspective_transform(images: Any, start_points: Any, end_points: Any,
                          interpolation: str = "bilinear", fill_value: Any = 0,
                          data_format: str | None = None) -> Any:
    data_format = standardize_data_format(data_format)
    start = kd.to_tensor(start_points, "float32")
    end = kd.to_tensor(end_points, "float32")
    _check_warp(interpolation)
    images = kd.to_tensor(images)
    _check_rank(images)
    for name, points in (("start_points", start), ("end_points", end)):
        if len(points.shape) not in (2, 3) or tuple(points.shape[-2:]) != (4, 2):
            raise ValueError(f"Invalid {name} shape: expected (4,2) for a single image or "
                             f"(N,4,2) for a batch. Received shape: {points.shape}")
    if start.shape != end.shape:
        raise ValueError("start_points and end_points must have the same shape. Received "
                         f"start_points.shape={start.shape}, end_points.shape={end.shape}")
    if len(start.shape) == 2:
        start, end = ta.expand_dims(start, 0), ta.expand_dims(end, 0)
    return _warp_batch(images, _homography(start, end), interpolation, "constant", fill_value,
                       data_format)


# ---------------------------------------------------------------------------------------
# map_coordinates
# ---------------------------------------------------------------------------------------

def _map_fill(coords: Any, size: int, mode: str) -> tuple:
    """Keras's fill modes for integer sample positions: (index, valid)."""
    if mode == "constant":
        return tm.clip_by_value(coords, 0, size - 1), \
            tm.logical_and(coords >= 0, coords < size)
    if mode == "nearest":
        return tm.clip_by_value(coords, 0, size - 1), None
    if mode in ("mirror", "reflect"):
        coords = tm.abs(coords)
        mod = tm.floormod(coords, 2 * size)
        under = mod < size
        coords = where(under, mod, 2 * size - mod)
        if mode == "reflect":
            coords = where(tm.logical_not(under), coords - 1, coords)
        return coords, None
    return tm.floormod(coords, size), None


@keras_op
def map_coordinates(inputs: Any, coordinates: Any, order: int, fill_mode: str = "constant",
                    fill_value: Any = 0) -> Any:
    """inputs sampled at the given coordinates (order 0: nearest, 1: linear)."""
    x = kd.to_tensor(inputs)
    coords = kd.to_tensor(coordinates)
    if coords.shape[0] != len(x.shape):
        raise ValueError("First dim of `coordinates` must be the same as the rank of "
                         f"`inputs`. Received inputs with shape: {x.shape} and coordinate "
                         f"leading dim of {coords.shape[0]}")
    if len(coords.shape) < 2:
        raise ValueError("Invalid coordinates rank: expected at least rank 2. Received input "
                         f"with shape: {coords.shape}")
    if fill_mode not in MAP_FILL_MODES:
        # (Keras 3.15's TF backend words this ValueError from its modes' .keys(), which its
        # set of modes has not: the AttributeError is what a user meets)
        raise AttributeError("'set' object has no attribute 'keys'")
    if order not in (0, 1):
        raise NotImplementedError("map_coordinates currently requires order<=1")
    fill = kd.to_tensor(fill_value, x.dtype)
    per_axis = []
    for c, size in zip(tf_unstack(coords, axis=0), x.shape):
        if order == 0:
            nodes = [(cast(c if c.dtype.is_integer else tm.round(c), "int32"),
                      cast(1, c.dtype))]
        else:
            low = tm.floor(c)
            upper = c - low
            nodes = [(cast(low, "int32"), 1 - upper), (cast(low, "int32") + 1, upper)]
        per_axis.append([(*_map_fill(i, size, fill_mode), w) for i, w in nodes])
    terms = []
    for combo in itertools.product(*per_axis):
        indices, valids, weights = zip(*combo)
        values = cast(tnd.gather_nd(x, tf_stack(indices, axis=-1)), weights[0].dtype)
        if fill_mode == "constant":
            ok = functools.reduce(tm.logical_and, valids)
            values = where(ok, values, cast(fill, values.dtype))
        terms.append(functools.reduce(operator.mul, weights) * values)
    out = functools.reduce(operator.add, terms)
    if x.dtype.is_integer:
        out = tm.round(out)
    return cast(out, x.dtype)


# ---------------------------------------------------------------------------------------
# Blurs, distortions, edges, SSIM
# ---------------------------------------------------------------------------------------

def _traced(x: Any) -> bool:
    """Whether x is a tensor of a trace (its value unknown until the graph runs)."""
    return isinstance(x, Tensor) and not isinstance(x, EagerTensor)


def _gaussian_1d(size: Any, sigma: Any, dtype: Any) -> Any:
    x = tf_range(cast(size, dtype), dtype=dtype) - (cast(size, dtype) - 1) / 2
    k = tm.exp(-0.5 * tm.square(x / sigma))
    return k / tr.reduce_sum(k)


@keras_op
def gaussian_blur(images: Any, kernel_size: Any = (3, 3), sigma: Any = (1.0, 1.0),
                  data_format: str | None = None) -> Any:
    images = kd.to_tensor(images)
    dtype = images.dtype
    size = kd.to_tensor(kernel_size, dtype)
    sigma = kd.to_tensor(sigma, dtype)
    _check_rank(images)
    kernel = tl.tensordot(_gaussian_1d(size[1], sigma[1], dtype),
                          _gaussian_1d(size[0], sigma[0], dtype), axes=0)
    if any(_traced(k) for k in kernel_size[:2]):  # (a size computed in a trace)
        shape = tf_stack([cast(size[0], "int32"), cast(size[1], "int32"), 1, 1])
    else:
        shape = (int(kernel_size[0]), int(kernel_size[1]), 1, 1)
    kernel = ta.reshape(kernel, shape)

    def blur(x: Any) -> Any:
        depthwise = tile(kernel, [1, 1, static_shape(x)[-1], 1])
        return nn_conv_variants.depthwise_conv2d(x, depthwise, strides=[1, 1, 1, 1], padding="SAME")

    return batched_channels_last(blur, images, data_format)


@keras_op
def elastic_transform(images: Any, alpha: float = 20.0, sigma: float = 5.0,
                      interpolation: str = "bilinear", fill_mode: str = "reflect",
                      fill_value: float = 0.0, seed: Any = None,
                      data_format: str | None = None) -> Any:
    """Each pixel displaced by alpha times a Gaussian-blurred standard normal field (the
    same field for both axes, as Keras draws it with one seed), resampled per channel."""
    data_format = standardize_data_format(data_format)
    _check_warp(interpolation, fill_mode)
    images = kd.to_tensor(images)
    _check_rank(images)
    dtype = images.dtype
    alpha, sigma_t = kd.to_tensor(alpha, dtype), kd.to_tensor(sigma, dtype)
    # (Keras's int32 conversion of sigma: a truncation; a traced sigma, a random strength's
    # in RandomElasticTransform's served call, makes the kernel's size a tensor)
    factor = cast(sigma_t, "int32") if _traced(sigma) else int(sigma)
    size = (6 * factor | 1, 6 * factor | 1)
    squeeze = len(images.shape) == 3
    if squeeze:
        images = ta.expand_dims(images, 0)
    dims = images.shape.as_list()  # (static: an unknown batch is 1, as Keras takes it)
    if data_format == "channels_last":
        batch, height, width, channels = dims
        channel_axis = -1
    else:
        batch, channels, height, width = dims
        channel_axis = 1
    batch = 1 if batch is None else batch
    seed = draw_seed(seed)
    fields = []
    for _ in range(2):  # dx then dy, from the same seed
        noise = stateless_normal((batch, height, width), seed=seed, dtype=dtype) * sigma_t
        blurred = gaussian_blur(ta.expand_dims(noise, channel_axis), kernel_size=size,
                                sigma=(sigma, sigma), data_format=data_format)
        fields.append(ta.squeeze(blurred, [channel_axis if channel_axis > 0 else 3]))
    xs, ys = np.meshgrid(np.arange(width), np.arange(height), indexing="xy")
    dist_x = cast(ta.constant(xs)[None], dtype) + alpha * fields[0]
    dist_y = cast(ta.constant(ys)[None], dtype) + alpha * fields[1]
    order = WARP_INTERPOLATIONS.index(interpolation)
    planes = []
    for c in range(channels):
        per_image = []
        for b in range(batch):
            image = images[b, ..., c] if data_format == "channels_last" else images[b, c, ...]
            per_image.append(map_coordinates(image, tf_stack([dist_y[b], dist_x[b]]), order,
                                             fill_mode=fill_mode, fill_value=fill_value))
        planes.append(tf_stack(per_image, axis=0))
    out = tf_stack(planes, axis=-1 if data_format == "channels_last" else 1)
    out = ta.squeeze(out, [0]) if squeeze else out
    return cast(out, dtype)


@keras_op
def sobel_edges(images: Any, data_format: str | None = None) -> Any:
    images = kd.to_tensor(images)
    if data_format == "channels_first":
        images = to_channels_last(images)
    edges = tcolor.sobel_edges(images)
    return ta.transpose(edges, (0, 3, 1, 2, 4)) if data_format == "channels_first" else edges


@keras_op
def ssim(image1: Any, image2: Any, max_val: float = 1.0, filter_size: int = 11,
         filter_sigma: float = 1.5, k1: float = 0.01, k2: float = 0.03,
         data_format: str | None = None) -> Any:
    """Mean structural similarity, with Keras's Gaussian window and VALID convolutions."""
    data_format = standardize_data_format(data_format)
    image1, image2 = kd.to_tensor(image1), kd.to_tensor(image2)
    original = image1.dtype
    dtype = kd.result_type(image1.dtype, float)
    image1, image2 = kd.cast(image1, dtype), kd.cast(image2, dtype)
    _check_rank(image1, "image1")
    _check_rank(image2, "image2")
    unbatched = len(image1.shape) == 3
    if unbatched:
        image1, image2 = ta.expand_dims(image1, 0), ta.expand_dims(image2, 0)
    if data_format == "channels_first":
        image1, image2 = moveaxis(image1, 1, -1), moveaxis(image2, 1, -1)
    batch, height, width, channels = static_shape(image1)
    g = tf_range(filter_size, dtype=dtype) - (filter_size - 1) / 2.0
    g = tm.exp(-tm.square(g) / (2.0 * filter_sigma ** 2))
    g = g / tr.reduce_sum(g)
    kernel = ta.reshape(ta.reshape(g, [-1, 1]) * ta.reshape(g, [1, -1]),
                        (filter_size, filter_size, 1, 1))
    c1, c2 = (k1 * max_val) ** 2, (k2 * max_val) ** 2

    def planes(x: Any) -> Any:
        return ta.reshape(ta.transpose(x, (0, 3, 1, 2)), [-1, height, width, 1])

    def blur(x: Any) -> Any:  # (keras.ops.conv: an image smaller than the filter is refused)
        return keras_conv(x, kernel, strides=1, padding="valid", data_format="channels_last")

    a, b = planes(image1), planes(image2)
    mu1, mu2 = blur(a), blur(b)
    s1 = blur(a * a) - mu1 * mu1
    s2 = blur(b * b) - mu2 * mu2
    s12 = blur(a * b) - mu1 * mu2
    ssim_map = ((2.0 * mu1 * mu2 + c1) * (2.0 * s12 + c2)) / \
        ((mu1 * mu1 + mu2 * mu2 + c1) * (s1 + s2 + c2))
    per_plane = tr.reduce_mean(ssim_map, axis=[1, 2, 3])
    out = tr.reduce_mean(ta.reshape(per_plane, [batch, channels]), axis=-1)
    if unbatched:
        out = ta.squeeze(out, [0])
    return cast(out, original)
