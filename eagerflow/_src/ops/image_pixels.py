"""tf.image's pixel values: dtype conversion (convert_image_dtype), grayscale and RGB,
per-image standardization, brightness and contrast (AdjustContrastv2).

Composites of public ops but for AdjustContrastv2, TF's own kernel. Sits right after
image.py (resizing) in tests/test_layering.py's OPS_ORDER.
"""

from __future__ import annotations

import math as _pymath
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError
from eagerflow._src.core.name_scope import wrapper_scope
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import concat, shape
from eagerflow._src.ops.composite_dispatch import binds_first, dispatch_binding, dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.image_orient import _at_least_3d
from eagerflow._src.ops.math import floordiv, maximum, multiply, rsqrt, sqrt, square
from eagerflow._src.ops.math_base import _t, cast, identity, zeros_like
from eagerflow._src.ops.misc_ops import saturate_cast
from eagerflow._src.ops.nn_args import fail
from eagerflow._src.ops.reduce import mean_kernel, reduce_mean, reduce_prod, reduce_sum
from eagerflow._src.ops.registry import (
    BadSample,
    OpDef,
    Sample,
    SampleRNG,
    lacks_kernel,
    register,
)
from eagerflow._src.ops.tiling import tile


def numeric_image(image: Any) -> Any:
    """The image as a tensor, refused unless its dtype is a float or an integer: with TF's
    AttributeError (convert_image_dtype's own, raised wherever TF converts an image)."""
    x = _t(image)
    if not (x._dtype.is_floating or x._dtype.is_integer):
        raise AttributeError("image dtype must be either floating point or integer")
    return x


@dispatchable
@binds_first
def convert_image_dtype(image: Any, dtype: Any, saturate: bool = False,
                        name: str | None = None) -> Any:
    """Converts between image dtypes, rescaling: floats live in [0, 1], integers in
    [0, MAX]."""
    x = _t(image)
    dtype = dt.as_dtype(dtype)
    if not (dtype.is_floating or dtype.is_integer):
        raise AttributeError("dtype must be either floating point or integer")
    numeric_image(x)
    if x._dtype is dtype:
        return identity(x, name=name) if _state.graph is not None else x
    if x._dtype.is_integer and dtype.is_integer:
        to = saturate_cast if saturate else cast
        scale_in, scale_out = x._dtype.max, dtype.max
        if scale_in > scale_out:
            scale = (scale_in + 1) // (scale_out + 1)
            return to(floordiv(x, convert_to_tensor(scale, dtype=x._dtype)), dtype)
        scale = (scale_out + 1) // (scale_in + 1)
        return multiply(to(x, dtype), convert_to_tensor(scale, dtype=dtype))
    if x._dtype.is_floating and dtype.is_floating:
        return cast(x, dtype)
    # (TF's graph: the scaling in a "convert_image" scope, its last op named by the scope)
    with wrapper_scope(name, "convert_image") as scope:
        if x._dtype.is_integer:
            return multiply(cast(x, dtype), convert_to_tensor(1.0 / x._dtype.max, dtype=dtype),
                            name=scope)
        scaled = multiply(x, convert_to_tensor(dtype.max + 0.5, dtype=x._dtype))
        return (saturate_cast if saturate else cast)(scaled, dtype, name=scope)


_GRAY = (0.2989, 0.5870, 0.1140)


@dispatch_binding
@eager_api()
def rgb_to_grayscale(images: Any, name: str | None = None) -> Any:
    """Weighted sum of the RGB channels (last axis), keeping a channel axis of size 1."""
    x = numeric_image(images)
    if x._shape == ():  # (TF's tensordot over the last axis indexes a scalar's empty shape)
        raise IndexError("list index out of range")
    c = None if x._shape is None or not x._shape else x._shape[-1]
    if c is not None and c != 3:
        rows = int(np.prod(x._shape[:-1])) if x._shape else 1
        raise InvalidArgumentError(None, None, f"Matrix size-incompatible: In[0]: [{rows},{c}], "
                                               "In[1]: [3,1] [Op:MatMul]")
    flt = convert_image_dtype(x, dt.float32)
    weights = convert_to_tensor(np.array(_GRAY, np.float32))
    gray = reduce_sum(flt * weights, axis=-1, keepdims=True)
    return convert_image_dtype(gray, x._dtype)


@dispatch_binding
def grayscale_to_rgb(images: Any, name: str | None = None) -> Any:
    """Repeats the single channel three times (a Tile, as TF's: its dtypes are Tile's)."""
    C.attr_read(images, "get_shape")  # (TF's rank check reads it before converting)
    x = _t(images)
    if x._shape is not None and len(x._shape) < 2:
        raise ValueError(f"A grayscale image (shape {x.shape}) must be at least "
                         "two-dimensional.")
    if x._shape is not None and x._shape[-1] not in (None, 1):
        raise ValueError("Last dimension of a grayscale image should be size 1.")
    if x._shape is None:
        return concat([x, x, x], -1)
    return tile(x, (1,) * (len(x._shape) - 1) + (3,))


@dispatch_binding
def per_image_standardization(image: Any) -> Any:
    """(x - mean) / max(stddev, 1/sqrt(N)) per image, over height, width and channels."""
    x = cast(_at_least_3d(image), dt.float32)  # TF standardizes in float32, whatever came in
    axes = [-1, -2, -3]
    mean = reduce_mean(x, axis=axes, keepdims=True)
    var = reduce_mean(square(x - mean), axis=axes, keepdims=True)
    dims = x._shape[-3:]
    if all(d is not None for d in dims):
        min_std = rsqrt(convert_to_tensor(float(_pymath.prod(dims)), dtype=x._dtype))
    else:  # dims known only when the graph runs (a traced tf.data map, say)
        min_std = rsqrt(cast(reduce_prod(shape(x)[-3:]), x._dtype))
    adjusted = maximum(sqrt(maximum(var, zeros_like(var))), min_std)
    return (x - mean) / adjusted


_HALF_OR_FLOAT = (dt.float16, dt.float32)  # what TF's adjustments compute in, as they come


@dispatchable
@binds_first
def adjust_brightness(image: Any, delta: float) -> Any:
    """Adds `delta` to every pixel (in [0, 1] float space for integer images)."""
    x = _t(image)
    flt = x if x._dtype in _HALF_OR_FLOAT else convert_image_dtype(x, dt.float32)
    # (TF's math_ops.cast: a delta converted with no dtype, then cast: an int past int64
    # is the conversion's ValueError)
    d = cast(delta if isinstance(delta, Tensor) else convert_to_tensor(delta), flt._dtype)
    out = flt + d
    return out if flt is x else convert_image_dtype(out, x._dtype, saturate=True)


# AdjustContrastv2: (x - mean) * factor + mean per image and channel. It takes half and
# float, but TF's CPU has a float kernel only (half: NotFoundError, as there; its GPU's
# take both), and TF registers no gradient for it: differentiating through it raises
# LookupError, as there.

def _contrast_infer(x: Any, factor: Any) -> list:
    op = "AdjustContrastv2"
    C.check_dtype(op, x, frozenset((dt.float16, dt.float32)))
    # (TF looks for the kernel before it checks input #1)
    if x._dtype is dt.float16 and lacks_kernel(op, dt.float16):
        raise C.no_kernel(op, "T=DT_HALF", (dt.float32,),
                          others=(("XLA_CPU_JIT", "T in [DT_FLOAT, DT_HALF]"),))
    if factor._dtype is not dt.float32:
        raise C.wrong_input_dtype(op, 1, dt.float32, factor._dtype)
    if x._shape is not None and len(x._shape) < 3:
        raise fail(op, f"input must be at least 3-D, got shape{C.shape_str(x._shape)}")
    if factor._shape is not None and factor._shape != ():
        raise fail(op, f"contrast_factor must be scalar: {C.shape_str(factor._shape)}")
    return [(x._shape, x._dtype)]


def _contrast_kernel(xp: Any, x: Any, factor: Any) -> Any:
    *lead, h, w, c = x.shape
    if x.dtype == np.float16:  # (on a GPU: the CPU has no half kernel)
        return _half_contrast(xp, x, factor)
    with np.errstate(all="ignore"):  # inf and NaN pixels spread quietly, as in TF
        if xp is np:
            planes = x.reshape(_pymath.prod(lead), h * w, c)
            mean = _halving_means(planes).reshape(*lead, 1, 1, c)
        else:  # (TF's GPU kernel: a reduction of its own)
            mean = mean_kernel(xp, x, (x.ndim - 3, x.ndim - 2), True)
        # (rows of W * C values, the means repeated along a row: NumPy's loops run along
        # it, where the means broadcast over C alone ran them C values at a time)
        mean = xp.broadcast_to(mean, (*lead, 1, w, c)).reshape(*lead, 1, w * c)
        out = x.reshape(*lead, h, w * c) - mean
        out *= factor
        out += mean
        return out.reshape(x.shape)


def _half_contrast(xp: Any, x: Any, factor: Any) -> Any:
    """TF's GPU kernel of a half image (its AdjustContrastv2 functor): each channel's float
    sum over the count, rounded to half, the mean; (x - mean) in half, times the factor in
    float and rounded; the mean added in half."""
    f32 = np.float32
    with np.errstate(all="ignore"):
        axes = (x.ndim - 3, x.ndim - 2)
        mean = (xp.sum(x.astype(f32), axis=axes, keepdims=True) /
                f32(x.shape[-3] * x.shape[-2])).astype(x.dtype)
        scaled = ((x - mean).astype(f32) * xp.asarray(factor, f32)).astype(x.dtype)
        return mean + scaled


def _halving_means(x: np.ndarray) -> np.ndarray:
    """Each image's channel means of x (images, pixels, channels) in TF's CPU kernel's
    float32 order: the second half of the pixels added onto the first (the middle one of
    an odd count kept), again and again down to one, times the float 1 / pixels."""
    n, size, c = x.shape
    if not size:
        return np.zeros((n, c), x.dtype)
    right = size // 2
    s = np.empty((n, size - right, c), x.dtype)
    np.add(x[:, size - right:], x[:, :right], out=s[:, :right])
    s[:, right:] = x[:, right:size - right]
    rest = size - right
    while rest > 1:
        right = rest // 2
        rest -= right
        s[:, :right] += s[:, rest:rest + right]
    return s[:, 0] * (np.float32(1) / np.float32(size))


def _contrast_ref(x: np.ndarray, factor: np.ndarray) -> np.ndarray:
    f = x.astype(np.float64)
    mean = f.mean(axis=(-3, -2), keepdims=True)
    return (mean + float(factor) * (f - mean)).astype(x.dtype)


ADJUST_CONTRAST = register(OpDef(
    "AdjustContrastv2", _contrast_infer, _contrast_kernel, grad=C.no_gradient,
    gpu_only_types=frozenset((dt.float16,)),  # (TF's GPU kernels: float and half)
    reference=_contrast_ref,
    samples=lambda: [
        Sample((SampleRNG(31).uniform(0, 1, (2, 3, 4, 3)).astype(np.float32),
                np.float32(1.7)), grad=False),
        Sample((SampleRNG(32).uniform(0, 1, (3, 2, 2)).astype(np.float32), np.float32(0.5)),
               grad=False)],
    bad_samples=lambda: [
        BadSample((np.zeros(3, np.float32), np.float32(1.0)), {}, InvalidArgumentError,
                  "input must be at least 3-D, got shape[3]"),
        BadSample((np.zeros((2, 2, 3), np.float32), np.ones(1, np.float32)), {},
                  InvalidArgumentError, "contrast_factor must be scalar: [1]"),
        BadSample((np.zeros((2, 2, 3)), np.float32(1.0)), {}, InvalidArgumentError,
                  "Value for attr 'T' of double is not in the list of allowed values"),
        BadSample((np.zeros((2, 2, 3), np.float16), np.float32(1.0)), {}, NotFoundError,
                  "Could not find device for node: {{node AdjustContrastv2}}",
                  cpu_only=True)],  # (TF's GPU kernels take half)
))


@dispatch_binding
@eager_api("contrast_factor")  # (TF hands it to AdjustContrastv2 as given)
def adjust_contrast(images: Any, contrast_factor: float) -> Any:
    """(x - mean) * contrast_factor + mean, per image and channel: AdjustContrastv2 on
    half or float images, other dtypes converted to float32 and back (saturating), as TF."""
    x = _t(images)
    orig = x._dtype
    flt = x if orig in _HALF_OR_FLOAT else convert_image_dtype(x, dt.float32)
    factor = contrast_factor if isinstance(contrast_factor, Tensor) else \
        convert_to_tensor(contrast_factor, dtype=dt.float32)  # (a tensor's dtype: the op's check)
    out = bind(ADJUST_CONTRAST, (flt, factor), {})
    return out if flt is x else convert_image_dtype(out, orig, saturate=True)
