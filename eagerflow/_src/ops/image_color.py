"""tf.image colour spaces and adjustments, random augmentations, and image metrics.

Sits in the ops layer beside image.py; loaded on first use. Composites of public ops, so
eager, traced and differentiated paths share the elementwise primitives:
rgb_to_hsv/hsv_to_rgb, rgb_to_yuv/yuv_to_rgb/rgb_to_yiq/yiq_to_rgb, adjust_gamma,
random_brightness/contrast/saturation/hue/crop (and their stateless forms),
total_variation, image_gradients, sobel_edges, psnr; adjust_hue and adjust_saturation
bind TF's AdjustHue and AdjustSaturation ops (defined here, without gradients as TF's).
Integer images are converted to float32 in [0, 1] and back, as TF does.
"""

from __future__ import annotations

import colorsys
import math as _pymath
from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import choose
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import (
    FailedPreconditionError,
    InvalidArgumentError,
    NotFoundError,
)
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import halfprec, wrapper_inputs
from eagerflow._src.ops.array import concat, reshape, shape
from eagerflow._src.ops.composite_dispatch import binds_first, dispatch_binding, dispatchable
from eagerflow._src.ops.control_deps import control_dependencies
from eagerflow._src.ops.debugging import Assert
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.graph_constants import scope_name
from eagerflow._src.ops.image_orient import _at_least_3d, batch_flip
from eagerflow._src.ops.image_pixels import (
    adjust_brightness,
    adjust_contrast,
    convert_image_dtype,
    numeric_image,
)
from eagerflow._src.ops.linalg import tensordot
from eagerflow._src.ops.math import abs as abs_
from eagerflow._src.ops.math import (
    clip_by_value,
    equal,
    floormod,
    greater,
    greater_equal,
    less,
    less_equal,
    log,
    logical_and,
    minimum,
    sign,
    square,
    squared_difference,
)
from eagerflow._src.ops.math import pow as pow_
from eagerflow._src.ops.math_base import (
    _t,
    cast,
    identity,
    ones_like,
    where,
    zeros_like,
)
from eagerflow._src.ops.nn import relu, softmax
from eagerflow._src.ops.nn_conv_variants import depthwise_conv2d
from eagerflow._src.ops.nn_pool import avg_pool2d
from eagerflow._src.ops.padding import pad
from eagerflow._src.ops.random import uniform
from eagerflow._src.ops.random_stateless import stateless_uniform
from eagerflow._src.ops.reduce import (
    reduce_all,
    reduce_mean,
    reduce_prod,
    reduce_sum,
)
from eagerflow._src.ops.registry import (
    BadSample,
    OpDef,
    Sample,
    SampleRNG,
    lacks_kernel,
    register,
)
from eagerflow._src.ops.sequences import range as range_
from eagerflow._src.ops.shape_queries import shape_n
from eagerflow._src.ops.shaping import reverse
from eagerflow._src.ops.slice_op import slice as slice_
from eagerflow._src.ops.stacking import stack, unstack
from eagerflow._src.ops.tiling import tile

_HSV_T = frozenset((dt.float16, dt.bfloat16, dt.float32, dt.float64))


def _channels(op: str, x: Any) -> None:
    if x._dtype not in _HSV_T:
        raise C.fail(op, f"Value for attr 'T' of {C.dtype_word(x._dtype)} is not in the list "
                         f"of allowed values: half, bfloat16, float, double\n\t; NodeDef: "
                         f"{{{{node {op}}}}}")
    if x._shape == ():  # (TF's kernel, before the channels, or its shape function)
        raise C.fail(op, "input must be at least 1D[]" if _state.graph is None else
                     "Shape must be at least rank 1 but is rank 0")
    if x._shape is not None and x._shape[-1] not in (None, 3):
        raise FailedPreconditionError(None, None, f"input must have 3 channels but input only "
                                                  f"has {x._shape[-1]} channels. [Op:{op}]")


@eager_api("images")
def rgb_to_hsv(images: Any, name: str | None = None) -> Any:
    """Hue, saturation and value in [0, 1] from RGB in [0, 1] (last axis)."""
    x = wrapper_inputs.op_input("RGBToHSV", images)
    _channels("RGBToHSV", x)
    # (in TF's RGBToHSV kernel's order: each sector's hue as (1 / chroma) * (1 / 6) times
    # a difference, plus 2/6 or 4/6, each constant rounded to the images' type)
    r, g, b = unstack(x, axis=-1)
    value, least = _channel_fold(r, g, b)
    chroma = value - least
    has_chroma = greater(chroma, zeros_like(chroma))
    safe = where(has_chroma, chroma, ones_like(chroma))
    sat = where(greater(value, zeros_like(value)),
                chroma / where(greater(value, zeros_like(value)), value, ones_like(value)),
                zeros_like(value))
    norm = (1.0 / safe) * (1.0 / 6.0)
    hue = where(equal(value, r), norm * (g - b),
                where(equal(value, g), norm * (b - r) + 2.0 / 6.0, norm * (r - g) + 4.0 / 6.0))
    hue = where(has_chroma, hue, zeros_like(hue))
    hue = where(hue < 0, hue + 1.0, hue)
    return stack([hue, sat, value], axis=-1)


def _channel_fold(r: Any, g: Any, b: Any) -> tuple:
    """The largest and least channel as TF's kernel reduces the three (Eigen's max and min
    reducers, channel by channel): a channel replaces the running value unless it is
    below it (above it, for the least), so a NaN channel is taken and the next channel
    then replaces it (max(1, nan, 0.5) is 0.5, max(0.5, 1, nan) NaN)."""
    most, least = r, r
    for c in (g, b):
        most = where(less(c, most), most, c)
        least = where(greater(c, least), least, c)
    return most, least


@eager_api("images")
def hsv_to_rgb(images: Any, name: str | None = None) -> Any:
    """RGB from hue, saturation and value (all in [0, 1], last axis): TF's HSVToRGB."""
    x = wrapper_inputs.op_input("HSVToRGB", images)
    return bind(HSV_TO_RGB, (x,), {}, name)  # (its infer checks the channels)


# Each channel of HSVToRGB is v * ((1 - s) + s * d), d = f(6h) clipped to [0, 1], with f
# |6h - 3| - 1 for red, 2 - |6h - 2| for green and 2 - |6h - 4| for blue: (the offset,
# whether f is 2 - |.|) per channel. Every step is one operation rounded to the images'
# type, in this order (TF's bits: image_bits_golden.json).
_HSV_SECTORS = ((3.0, False), (2.0, True), (4.0, True))
_HSV_STRETCH = 1 << 15  # pixels per pass on the host: the temporaries stay in cache


def _hsv_infer(x: Any) -> list:
    _channels("HSVToRGB", x)
    return [(x._shape, x._dtype)]


def _rounded_arith(xp: Any, dtype: Any) -> tuple:
    """(add, subtract, multiply) as f(x, y, out), rounded as the elementwise ops round them
    in the dtype (halfprec's kernels for float16 and bfloat16 on the host)."""
    if xp is np and dtype.itemsize == 2:
        def rounded(uf: Any) -> Callable:
            kernel = halfprec.binary(uf)

            def op(x: Any, y: Any, out: Any) -> None:
                out[...] = kernel(np.asarray(x, dtype), np.asarray(y, dtype))
            return op
        return rounded(np.add), rounded(np.subtract), rounded(np.multiply)
    return ((lambda x, y, out: xp.add(x, y, out=out)),
            (lambda x, y, out: xp.subtract(x, y, out=out)),
            (lambda x, y, out: xp.multiply(x, y, out=out)))


def _hsv_to_rgb_kernel(xp: Any, images: Any) -> Any:
    """HSVToRGB in place, on the host a stretch of pixels at a time (the composite of
    elementwise ops it replaces made some thirty passes over whole planes)."""
    flat = images.reshape(-1, 3)
    out = xp.empty_like(flat)
    n = flat.shape[0]
    step = max(min(_HSV_STRETCH if xp is np else n, n), 1)
    add, sub, mul = _rounded_arith(xp, images.dtype)
    one, two, six, zero = (images.dtype.type(c) for c in (1.0, 2.0, 6.0, 0.0))
    dh, s, rest, d = (xp.empty(step, images.dtype) for _ in range(4))
    for a in range(0, n, step):
        k = min(n, a + step) - a
        dh_, s_, rest_, d_ = dh[:k], s[:k], rest[:k], d[:k]
        pix = flat[a:a + k]
        s_[...] = pix[:, 1]  # (read four times: contiguous once)
        mul(pix[:, 0], six, dh_)
        sub(one, s_, rest_)
        for ch, (offset, falling) in enumerate(_HSV_SECTORS):
            sub(dh_, images.dtype.type(offset), d_)
            xp.abs(d_, out=d_)
            if falling:
                sub(two, d_, d_)
            else:
                sub(d_, one, d_)
            xp.minimum(d_, one, out=d_)  # (clip_by_value's order: the max first)
            xp.maximum(d_, zero, out=d_)
            mul(s_, d_, d_)
            add(rest_, d_, d_)
            mul(pix[:, 2], d_, out[a:a + k, ch])
    return out.reshape(images.shape)


def _hsv_to_rgb_grad(n: Any, g: Any) -> list:
    """The derivative of each channel's formula (TF registers none; eagerflow's hsv_to_rgb
    has been differentiable), clip_by_value's ties passing the gradient as its ops do."""
    h, s, v = unstack(n.inputs[0], axis=-1)
    dh = h * 6.0
    rest = 1.0 - s
    g_h, g_s, g_v = zeros_like(h), zeros_like(s), zeros_like(v)
    for g_c, (offset, falling) in zip(unstack(g, axis=-1), _HSV_SECTORS):
        lean = dh - offset
        f = 2.0 - abs_(lean) if falling else abs_(lean) - 1.0
        d = clip_by_value(f, 0.0, 1.0)
        g_v = g_v + g_c * (rest + s * d)
        g_vc = g_c * v
        g_s = g_s + g_vc * d - g_vc
        inside = logical_and(less_equal(f, 1.0), greater_equal(minimum(f, 1.0), 0.0))
        g_f = where(inside, g_vc * s, zeros_like(s))
        g_h = g_h + (g_f * -sign(lean) if falling else g_f * sign(lean)) * 6.0
    return [stack([g_h, g_s, g_v], axis=-1)]


def _hsv_to_rgb_ref(images: np.ndarray) -> np.ndarray:
    """A pixel loop in float64 through colorsys."""
    flat = images.reshape(-1, 3).astype(np.float64)
    out = [colorsys.hsv_to_rgb(*p) for p in flat]
    return np.array(out, np.float64).reshape(images.shape).astype(images.dtype)


def _hsv_samples() -> list:
    rng = SampleRNG(43)
    # (hues off the sectors' corners, where the derivative jumps)
    hsv = rng.uniform(0.05, 0.95, (2, 3, 4, 3))
    hsv[..., 0] = (np.arange(24).reshape(2, 3, 4) + 0.5) / 24.0
    return [Sample((hsv,)), Sample((hsv.astype(np.float32),), grad=False)]


HSV_TO_RGB = register(OpDef(
    "HSVToRGB", _hsv_infer, _hsv_to_rgb_kernel, grad=_hsv_to_rgb_grad,
    reference=_hsv_to_rgb_ref, samples=_hsv_samples,
    bad_samples=lambda: [
        BadSample((np.zeros((2, 4), np.float32),), {}, FailedPreconditionError,
                  "input must have 3 channels but input only has 4 channels"),
        BadSample((np.zeros((2, 3), np.int32),), {}, InvalidArgumentError,
                  "Value for attr 'T' of int32 is not in the list of allowed values")]))


def _linear_color(matrix: list, fname: str) -> Callable:
    kernels: dict = {}  # dtype -> the matrix as an array of it

    @dispatch_binding  # (TF's are in its dispatcher)
    @eager_api()
    def convert(images: Any) -> Any:  # (TF's take no name)
        x = _t(images)
        k = kernels.get(x._dtype)
        if k is None:
            # (TF converts its list to the images' dtype: an integer, bool or string image
            # is refused by that conversion, with the list in its message)
            k = kernels[x._dtype] = convert_to_tensor(matrix, dtype=x._dtype).numpy()
        c = x._shape[-1] if x._shape else None  # (a scalar: tensordot's IndexError)
        if c is not None and c != 3:  # TF's tensordot: a MatMul of [rows, c] by [3, 3]
            rows = _pymath.prod(x._shape[:-1])
            raise InvalidArgumentError(None, None, f"Matrix size-incompatible: In[0]: "
                                                   f"[{rows},{c}], In[1]: [3,3] [Op:MatMul]")
        return tensordot(x, convert_to_tensor(k), axes=[[len(x._shape) - 1], [0]])
    convert.__name__ = convert.__qualname__ = fname
    return convert


# Columns map RGB to each output channel (x @ kernel); the inverses are TF's constants
# (rounded, so not exact inverses: results follow TF's).
_YUV = [[0.299, -0.14714119, 0.61497538], [0.587, -0.28886916, -0.51496512],
        [0.114, 0.43601035, -0.10001026]]
_YUV_INV = [[1, 1, 1], [0, -0.394642334, 2.03206185], [1.13988303, -0.58062185, 0]]
_YIQ = [[0.299, 0.59590059, 0.2115], [0.587, -0.27455667, -0.52273617],
        [0.114, -0.32134392, 0.31119955]]
_YIQ_INV = [[1, 1, 1], [0.95598634, -0.27201283, -1.10674021],
            [0.6208248, -0.64720424, 1.70423049]]
rgb_to_yuv = _linear_color(_YUV, "rgb_to_yuv")
yuv_to_rgb = _linear_color(_YUV_INV, "yuv_to_rgb")
rgb_to_yiq = _linear_color(_YIQ, "rgb_to_yiq")
yiq_to_rgb = _linear_color(_YIQ_INV, "yiq_to_rgb")


def _in_float(image: Any, fn: Callable) -> Any:
    """fn over the image as floats (integer images: [0, 1] float32 and back, saturating)."""
    x = numeric_image(image)
    if x._dtype.is_floating:
        return fn(x)
    out = fn(convert_image_dtype(x, dt.float32))
    return convert_image_dtype(out, x._dtype, saturate=not x._dtype.is_floating)


def _adjust_checks(op: str, x: Any, factor: Any, word: str) -> None:
    """The checks of TF's AdjustSaturation and AdjustHue ops after their dtype's, in their
    order: a float32 kernel only (a half image finds none, but on a GPU), a float32
    factor, then the kernel's shape checks."""
    if x._dtype is dt.float16 and lacks_kernel(op, dt.float16):
        raise C.no_kernel(op, "T=DT_HALF", (dt.float32,),
                          others=(("XLA_CPU_JIT", "T in [DT_FLOAT, DT_HALF]"),))
    d = getattr(factor, "_dtype", None)
    if d is not None and d is not dt.float32:
        raise C.wrong_input_dtype(op, 1, dt.float32, d)
    shp = x._shape
    if shp is not None and len(shp) < 3:
        raise C.fail(op, f"input must be at least 3-D, got shape[{','.join(map(str, shp))}]")
    try:
        f = factor._shape if hasattr(factor, "_shape") else np.shape(factor)
    except ValueError:  # (a ragged list: TF's conversion refuses it, or gives [[], 0] (2, 0))
        f = convert_to_tensor(factor)._shape
    if f is not None and len(f) != 0:
        raise C.fail(op, f"{word} must be scalar: [{','.join(map(str, f))}]")
    if shp is not None and shp[-1] is not None and shp[-1] != 3:
        raise C.fail(op, f"input must have 3 channels but instead has {shp[-1]} channels.")


# AdjustHue and AdjustSaturation: TF's float32 kernels, pixel by pixel. Half images pass
# their dtype check but TF's CPU has no half kernel (NotFoundError); its GPU's take float
# and half, a half pixel read as float, computed and rounded back. TF registers no
# gradient for either (differentiating raises LookupError, as there). Their choices are
# backend.choose's (NumPy's where branches on each value: 3-4 ns on a random mask).

def _hi(a: Any, b: Any, xp: Any) -> Any:
    return choose(xp, a < b, b, a)  # std::max's NaN handling (the first when unordered)


def _lo(a: Any, b: Any, xp: Any) -> Any:
    return choose(xp, b < a, b, a)  # std::min's


def _adjust_infer(op: str, word: str) -> Callable:
    def infer(images: Any, factor: Any) -> list:
        C.check_dtype(op, images, frozenset((dt.float16, dt.float32)))
        _adjust_checks(op, images, factor, word)
        return [(images._shape, images._dtype)]
    return infer


# A pixel's order of channels by TF's three comparisons, code = 4 (r < g) + 2 lo + hi
# (lo: b under the smaller of r and g, hi: b over the larger, each by r < g's side; both
# false for a NaN, both true never for numbers): its largest, smallest and middle channel
# (0 red, 1 green, 2 blue) and its sextant of the hue hexagon.
_ORDER = np.array([[0, 1, 2], [2, 1, 0], [0, 2, 1], [2, 2, 1], [1, 0, 2], [2, 0, 1],
                   [1, 2, 0], [2, 2, 0]])  # (largest, smallest, middle) by code
_ORDER_SEXTANT = np.array([5, 4, 0, 0, 2, 3, 1, 1], np.float32)


def _planes(xp: Any, images: Any) -> tuple:
    """The red, green and blue planes, each contiguous: the many operations on them then
    run NumPy's contiguous loops, not ones striding over the other two channels."""
    return tuple(xp.ascontiguousarray(images[..., i]) for i in range(3))


def _pick(xp: Any, planes: Any, k: Any, table: np.ndarray) -> Any:
    """out[..., j] = planes[table[k, j]] at each pixel (planes (m, *k.shape))."""
    return xp.stack(_picked(xp, planes, k, table), axis=-1)


def _picked(xp: Any, planes: Any, k: Any, table: np.ndarray) -> list:
    """_pick's columns, each a contiguous array: one gather apiece from the planes laid end
    to end (NumPy's `choose` and `select` are 5-8x slower), at k's row of table."""
    n = k.size
    flat, rows, at = planes.reshape(-1), k.reshape(-1), xp.arange(n)
    out = []
    for j in range(table.shape[1]):
        src = xp.take(xp.asarray(table[:, j] * n), rows)  # (the plane's start)
        src += at
        out.append(xp.take(flat, src).reshape(k.shape))
    return out


def _hue_kernel(xp: Any, images: Any, delta: Any) -> Any:
    """The hue rotated on the hexagon: each pixel's hue in sixths [0, 6) from its largest,
    middle and smallest channel, `delta * 6` added and wrapped into [0, 6) by whole turns,
    the middle channel recomputed; the largest and smallest stay."""
    r, g, b = _planes(xp, images)
    f32 = np.float32
    rg = r < g
    # the sextant (TF's comparisons: a tie goes either way, a NaN to the last branch)
    lo_b, hi_b = choose(xp, rg, b < r, b < g), choose(xp, rg, b > g, b > r)
    code = rg.astype(np.intp) * 4 + lo_b * 2 + hi_b
    vmax, vmin, vmid = _picked(xp, xp.stack([r, g, b]), code, _ORDER)
    cat = xp.take(xp.asarray(_ORDER_SEXTANT), code)
    with np.errstate(all="ignore"):
        ratio = (vmid - vmin) / (vmax - vmin)
        odd = (cat == 1) | (cat == 3) | (cat == 5)
        h = choose(xp, vmax == vmin, f32(0), cat + choose(xp, odd, f32(1) - ratio, ratio))
        h = _wrap(xp, h + delta * f32(6), f32(6))
        return _from_sextant(xp, h, vmin, vmax)


def _wrap(xp: Any, h: Any, turn: Any) -> Any:
    """h moved into [0, turn) by whole turns, as TF's loops add or subtract them (a hue in
    [0, 6) plus a delta in [-6, 6] takes one at most, or two where a sum rounds to a whole
    turn; a raw op's delta of many turns is taken off at once first). NaN stays."""
    with np.errstate(all="ignore"):
        far = (h < -turn) | (h >= turn + turn)
        h = xp.where(far, h - turn * xp.floor(h / turn), h)
    h = choose(xp, h < 0, h + turn, h)
    h = choose(xp, h >= turn, h - turn, h)
    return choose(xp, h >= turn, h - turn, h)


def _sextant(xp: Any, h: Any) -> Any:
    """int(h) as C truncates it; -1 (no sextant: TF's default branch) for NaN."""
    nan = xp.isnan(h)
    return xp.where(nan, -1, xp.trunc(xp.where(nan, 0, h))).astype(np.int64)


def _from_sextant(xp: Any, h: Any, vmin: Any, vmax: Any) -> Any:
    f32 = np.float32
    # a NaN hue truncates to INT_MIN: TF's default branch, the sixth sextant's order
    cat = _sextant(xp, h)
    ratio = h - cat.astype(f32)
    ratio = choose(xp, (cat & 1) == 1, f32(1) - ratio, ratio)  # (-1: odd, as -1 % 2)
    vmid = vmin + ratio * (vmax - vmin)
    # (sextants 0 to 4, then TF's default branch: the sixth's order, and a NaN's)
    k = choose(xp, (cat >= 0) & (cat < 5), cat, np.int64(5))
    return _pick(xp, xp.stack([vmax, vmid, vmin]), k, _FROM_SEXTANT).astype(f32, copy=False)


# Each sextant's red, green and blue: 0 the largest, 1 the middle, 2 the smallest channel
_FROM_SEXTANT = np.array([[0, 1, 2], [1, 0, 2], [2, 0, 1], [2, 1, 0], [1, 2, 0], [0, 2, 1]])


def _saturation_kernel(xp: Any, images: Any, scale: Any) -> Any:
    """HSV with the saturation scaled and clipped to [0, 1], back to RGB (TF's float32
    arithmetic: the hue's 1/3 and 2/3 added in double)."""
    f32 = np.float32
    r, g, b = _planes(xp, images)
    with np.errstate(all="ignore"):
        v = _hi(r, _hi(g, b, xp), xp)
        rng = v - _lo(r, _lo(g, b, xp), xp)
        s = choose(xp, v > 0, rng / v, f32(0))
        norm = f32(1) / (f32(6) * rng)
        h = choose(xp, r == v, norm * (g - b),
                  choose(xp, g == v, ((norm * (b - r)).astype(np.float64) + 2.0 / 6.0),
                        ((norm * (r - g)).astype(np.float64) + 4.0 / 6.0)).astype(f32))
        h = choose(xp, rng <= 0, f32(0), h)
        h = choose(xp, h < 0, h + f32(1), h)
        s = s * scale
        s = choose(xp, f32(0) < s, s, f32(0))  # (a NaN: 0, then kept under 1)
        s = choose(xp, s < 1, s, f32(1))
        c = s * v
        m = v - c
        dh = h * f32(6)
        fm = choose(xp, dh <= 0, dh + f32(2), dh)
        for _ in range(3):
            fm = choose(xp, fm >= 2, fm - f32(2), fm)
        x = c * (f32(1) - xp.abs(fm - f32(1)))
        cat = _sextant(xp, dh)
        z = xp.zeros_like(c)
        k = choose(xp, (cat >= 0) & (cat < 6), cat, np.int64(6))  # (6: no sextant, all zero)
        return _pick(xp, xp.stack([c + m, x + m, z + m]), k, _SATURATED).astype(
            f32, copy=False)


# Each sextant's red, green and blue of saturation's conversion back: 0 the chroma plus
# the minimum, 1 the second largest plus it, 2 the minimum (0 plus it); 6: no sextant
_SATURATED = np.array([[0, 1, 2], [1, 0, 2], [2, 0, 1], [2, 1, 0], [1, 2, 0], [0, 2, 1],
                       [2, 2, 2]])


def _hsv_ref(images: np.ndarray, fn: Callable) -> np.ndarray:
    """A pixel loop in float64 through colorsys (hue, saturation, value in [0, 1])."""
    flat = images.reshape(-1, 3).astype(np.float64)
    out = [colorsys.hsv_to_rgb(*fn(*colorsys.rgb_to_hsv(*p))) for p in flat]
    return np.array(out, np.float64).reshape(images.shape).astype(images.dtype)


def _hue_ref(images: np.ndarray, delta: np.ndarray) -> np.ndarray:
    return _hsv_ref(images, lambda h, s, v: ((h + float(delta)) % 1.0, s, v))


def _saturation_ref(images: np.ndarray, scale: np.ndarray) -> np.ndarray:
    return _hsv_ref(images, lambda h, s, v: (h, min(1.0, max(0.0, s * float(scale))), v))


def _adjust_samples(seed: int, factors: tuple) -> Callable:
    def build() -> list:
        # (away from 0: a float64 reference's values stay within the suites' rtol)
        img = SampleRNG(seed).uniform(0.1, 1, (2, 3, 4, 3)).astype(np.float32)
        return [Sample((img, np.float32(f)), grad=False) for f in factors]
    return build


def _adjust_bad(op: str, word: str) -> Callable:
    def build() -> list:
        img, f = np.zeros((2, 2, 3), np.float32), np.float32(0.5)
        return [
            BadSample((img[0], f), {}, InvalidArgumentError,
                      "input must be at least 3-D, got shape[2,3]"),
            BadSample((np.zeros((2, 2, 4), np.float32), f), {}, InvalidArgumentError,
                      "input must have 3 channels but instead has 4 channels."),
            BadSample((img, np.ones(1, np.float32)), {}, InvalidArgumentError,
                      f"{word} must be scalar: [1]"),
            BadSample((img, np.float64(0.5)), {}, InvalidArgumentError,
                      f"cannot compute {op} as input #1(zero-based) was expected to be a "
                      "float tensor but is a double tensor"),
            BadSample((img.astype(np.float64), f), {}, InvalidArgumentError,
                      "Value for attr 'T' of double is not in the list of allowed values"),
            BadSample((img.astype(np.float16), f), {}, NotFoundError,
                      f"Could not find device for node: {{{{node {op}}}}}",
                      cpu_only=True)]  # (TF's GPU kernels take half)
    return build


def _by_stretches(kernel: Callable) -> Callable:
    """A pixelwise kernel run on the host a stretch of _HSV_STRETCH pixels at a time: its
    many temporaries then stay in cache (the same values: no pixel reads another)."""
    def stretched(xp: Any, images: Any, factor: Any) -> Any:
        if images.dtype == np.float16:  # (on a GPU: its kernel's float pixels, rounded)
            return kernel(xp, images.astype(np.float32), factor).astype(np.float16)
        if xp is not np or images.size <= 3 * _HSV_STRETCH:
            return kernel(xp, images, factor)
        flat = images.reshape(-1, 3)
        out = np.empty(flat.shape, np.float32)
        for a in range(0, flat.shape[0], _HSV_STRETCH):
            out[a:a + _HSV_STRETCH] = kernel(xp, flat[a:a + _HSV_STRETCH], factor)
        return out.reshape(images.shape)
    return stretched


_GPU_HALF = frozenset((dt.float16,))  # (TF's GPU kernels: float and half)
ADJUST_HUE = register(OpDef(
    "AdjustHue", _adjust_infer("AdjustHue", "delta"), _by_stretches(_hue_kernel),
    grad=C.no_gradient, gpu_only_types=_GPU_HALF,
    reference=_hue_ref, samples=_adjust_samples(41, (0.2, -0.45, 1.0)),
    bad_samples=_adjust_bad("AdjustHue", "delta")))
ADJUST_SATURATION = register(OpDef(
    "AdjustSaturation", _adjust_infer("AdjustSaturation", "scale"),
    _by_stretches(_saturation_kernel),
    grad=C.no_gradient, gpu_only_types=_GPU_HALF, reference=_saturation_ref,
    samples=_adjust_samples(42, (0.0, 0.6, 0.9)),
    bad_samples=_adjust_bad("AdjustSaturation", "scale")))


def _adjusted(op: OpDef, image: Any, factor: Any, name: str | None, default: str) -> Any:
    """TF's adjust_hue/adjust_saturation: the op on a half or float image as it is, other
    images converted to float32 and back (unsaturated, as TF: the op keeps every value
    between the pixel's channels); traced, under the function's name scope, as TF's."""
    if _state.graph is None:
        return _adjust_in_float(op, image, factor)
    with name_scope(scope_name(name, default) + "/"):
        return _adjust_in_float(op, image, factor)


def _adjust_in_float(op: OpDef, image: Any, factor: Any) -> Any:
    x = numeric_image(image)
    f = convert_to_tensor(factor, dtype_hint=dt.float32)
    if x._dtype is dt.float16 or x._dtype is dt.float32:
        return identity(bind(op, (x, f), {}))  # (TF's conversion to the same dtype)
    return convert_image_dtype(bind(op, (convert_image_dtype(x, dt.float32), f), {}),
                               x._dtype)


@dispatch_binding
@eager_api("saturation_factor")
def adjust_saturation(image: Any, saturation_factor: Any, name: str | None = None) -> Any:
    """Scales the HSV saturation by `saturation_factor` (clipped to [0, 1])."""
    return _adjusted(ADJUST_SATURATION, image, saturation_factor, name,
                     "adjust_saturation")


@dispatch_binding
@eager_api("delta")
def adjust_hue(image: Any, delta: Any, name: str | None = None) -> Any:
    """Rotates the HSV hue by `delta` (a fraction of a turn, in [-1, 1])."""
    if not C.is_graph_tensor(delta) and (delta < -1 or delta > 1):  # TF's eager check
        raise ValueError("delta must be in the interval [-1, 1]")
    return _adjusted(ADJUST_HUE, image, delta, name, "adjust_hue")


@dispatchable
@binds_first
def adjust_gamma(image: Any, gamma: float = 1, gain: float = 1) -> Any:
    """gain * image ** gamma, as TF's Python writes it: the image as float32 unless it is
    float16 or float32 already (float64 and bfloat16 too, and back at the end), then
    Python's operators with gamma and gain as given (a number or an array converts to the
    image's dtype; a tensor of another dtype is Pow's or Mul's refusal)."""
    x = numeric_image(image)
    flt = x if x._dtype in (dt.float16, dt.float32) else convert_image_dtype(x, dt.float32)
    ok = gamma >= 0  # (as TF checks it: a tensor's an Assert, a number's in Python)
    if isinstance(ok, Tensor):
        with control_dependencies([Assert(ok, ["Gamma should be a non-negative real number."])]):
            gamma = identity(gamma)
    elif not ok:
        raise ValueError("Gamma should be a non-negative real number.")
    return convert_image_dtype(gain * flt ** gamma, x._dtype, saturate=True)


# ---------------------------------------------------------------------------------------
# Random augmentations (stateful and stateless).
# ---------------------------------------------------------------------------------------

def _check_range(lower: Any, upper: Any) -> None:
    """TF's checks of a random_contrast/saturation range, comparing the values as given
    (a list or string: Python's TypeError; an array of several: NumPy's ambiguity)."""
    if upper <= lower:
        raise ValueError("upper must be > lower.")
    if lower < 0:
        raise ValueError("lower must be non-negative.")


def _draw(lo: float, hi: float, seed: Any, stateless: bool) -> Any:
    if stateless:
        return stateless_uniform([], seed=seed, minval=lo, maxval=hi)
    return uniform([], lo, hi, seed=seed)


@dispatch_binding
def random_brightness(image: Any, max_delta: float, seed: Any = None) -> Any:
    if max_delta < 0:  # (before the image is looked at, as TF's)
        raise ValueError("max_delta must be non-negative.")
    image = numeric_image(image)
    return adjust_brightness(image, _draw(-max_delta, max_delta, seed, False))


@dispatchable
@binds_first
def stateless_random_brightness(image: Any, max_delta: float, seed: Any) -> Any:
    if max_delta < 0:  # (before the image is looked at, as TF's)
        raise ValueError("max_delta must be non-negative.")
    image = numeric_image(image)
    return adjust_brightness(image, _draw(-max_delta, max_delta, seed, True))


@dispatch_binding
def random_contrast(image: Any, lower: float, upper: float, seed: Any = None) -> Any:
    _check_range(lower, upper)
    image = numeric_image(image)
    return adjust_contrast(image, _draw(lower, upper, seed, False))


@dispatch_binding
def stateless_random_contrast(image: Any, lower: float, upper: float, seed: Any) -> Any:
    _check_range(lower, upper)
    image = numeric_image(image)
    return adjust_contrast(image, _draw(lower, upper, seed, True))


@dispatch_binding
def random_saturation(image: Any, lower: float, upper: float, seed: Any = None) -> Any:
    _check_range(lower, upper)
    return adjust_saturation(image, _draw(lower, upper, seed, False))


@dispatch_binding
def stateless_random_saturation(image: Any, lower: float, upper: float,
                                seed: Any = None) -> Any:
    _check_range(lower, upper)
    return adjust_saturation(image, _draw(lower, upper, seed, True))


def _hue_delta(max_delta: float) -> None:
    if max_delta > 0.5:
        raise ValueError("max_delta must be <= 0.5.")
    if max_delta < 0:
        raise ValueError("max_delta must be non-negative.")


@dispatch_binding
def random_hue(image: Any, max_delta: float, seed: Any = None) -> Any:
    _hue_delta(max_delta)
    return adjust_hue(image, _draw(-max_delta, max_delta, seed, False))


@dispatch_binding
def stateless_random_hue(image: Any, max_delta: float, seed: Any) -> Any:
    _hue_delta(max_delta)
    return adjust_hue(image, _draw(-max_delta, max_delta, seed, True))


def _crop(value: Any, size: Any, seed: Any, stateless: bool) -> Any:
    x = _t(value)
    if isinstance(size, Tensor) and size._dtype is not dt.int32:  # TF converts it to int32
        raise ValueError(f"size: Tensor conversion requested dtype int32 for Tensor with "
                         f"dtype {size._dtype.name}: {size!r}")
    # (anything else converted as TF converts it: a NumPy array cast, a list refused where
    # a value is no int32; an empty one is int32's empty vector)
    size_t = size if isinstance(size, Tensor) else convert_to_tensor(size, dt.int32)
    known = C.known(size_t)  # (a graph tensor: its value while the graph is built)
    have = list(x._shape)
    known_vector = size_t.shape.rank == 1 and not C.is_graph_tensor(known)
    if not known_vector or None in have or np.asarray(known).size != len(have):
        # (a size of another length than the value's rank: TF's graph, whose Assert or
        # Slice refuses it)
        return _runtime_crop(x, cast(size_t, dt.int32), seed, stateless)
    want = [int(s) for s in np.asarray(known).reshape(-1)]
    if any(h is not None and w > h for h, w in zip(have, want)):
        # (TF's Assert, which raises eagerly with its data: the shapes as it prints them)
        sh = shape(x)
        Assert(reduce_all(sh >= cast(size_t, dt.int32)),
               ["Need value.shape >= size, got ", sh, cast(size_t, dt.int32)], summarize=1000)
    limit = [h - w + 1 for h, w in zip(have, want)]
    if stateless:
        u = stateless_uniform([len(want)], seed=seed, minval=0, maxval=2**31 - 1,
                              dtype=dt.int32)
    else:
        u = uniform([len(want)], 0, 2**31 - 1, dtype=dt.int32, seed=seed)
    offset = floormod(u, convert_to_tensor(limit, dtype=dt.int32))
    return slice_(x, offset, want)


def _runtime_crop(x: Any, size: Any, seed: Any, stateless: bool) -> Any:
    """random_crop of a value or size known when the graph runs, as TF builds it: the
    shapes compared by an Assert, then a Slice at a drawn offset below the room left."""
    sh = shape(x)
    check = Assert(reduce_all(sh >= size), ["Need value.shape >= size, got ", sh, size],
                   summarize=1000)
    with control_dependencies([check]):
        sh = identity(sh)
    limit = sh - size + 1
    n = [len(x._shape)]
    u = stateless_uniform(n, seed=seed, minval=0, maxval=2**31 - 1, dtype=dt.int32) \
        if stateless else uniform(n, 0, 2**31 - 1, dtype=dt.int32, seed=seed)
    return slice_(x, floormod(u, limit), size)


@dispatch_binding
def random_crop(value: Any, size: Any, seed: Any = None, name: str | None = None) -> Any:
    """A uniformly placed crop of shape `size`."""
    return _crop(value, size, seed, stateless=False)


@dispatch_binding
def stateless_random_crop(value: Any, size: Any, seed: Any, name: str | None = None) -> Any:
    return _crop(value, size, seed, stateless=True)


# ---------------------------------------------------------------------------------------
# Gradients of images and metrics.
# ---------------------------------------------------------------------------------------

@dispatch_binding
def total_variation(images: Any, name: str | None = None) -> Any:
    """Sum of absolute differences between neighbouring pixels (per image for a batch)."""
    C.attr_read(images, "get_shape")  # (TF reads the rank unconverted)
    x = _t(images)
    rank = len(x._shape)
    if rank not in (3, 4):
        raise ValueError("'images' must be either 3 or 4-dimensional.")
    h_axis = rank - 3
    dh = abs_(x[..., 1:, :, :] - x[..., :-1, :, :])
    dw = abs_(x[..., :, 1:, :] - x[..., :, :-1, :])
    axes = list(range(h_axis, rank))
    return reduce_sum(dh, axis=axes) + reduce_sum(dw, axis=axes)


@dispatch_binding
def image_gradients(image: Any) -> tuple:
    """(dy, dx): forward differences along height and width, zero in the last row/column."""
    C.attr_read(image, "get_shape")  # (TF reads the rank unconverted)
    x = _t(image)
    if x._shape is None or len(x._shape) != 4:
        raise ValueError(f"image_gradients expects a 4D tensor [batch_size, h, w, d], not "
                         f"{x.shape}.")
    dy = x[:, 1:, :, :] - x[:, :-1, :, :]
    dx = x[:, :, 1:, :] - x[:, :, :-1, :]
    # a row (column) of zeros after the differences, then the image's shape, as TF's: an
    # image of no rows (columns) has a row of them too many, Reshape's error
    dy = reshape(pad(dy, [[0, 0], [0, 1], [0, 0], [0, 0]]), shape(x))
    dx = reshape(pad(dx, [[0, 0], [0, 0], [0, 1], [0, 0]]), shape(x))
    return dy, dx


_SOBEL = np.stack([np.array([[-1, -2, -1], [0, 0, 0], [1, 2, 1]]),
                   np.array([[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]])], axis=-1)[:, :, None, :]


@dispatch_binding
def sobel_edges(image: Any) -> Any:
    """[batch, h, w, d, 2]: Sobel responses (dy, dx) with reflect-padded borders. As TF's,
    in its order: the kernels in the image's dtype, tiled per channel (a Tile), the image
    reflect-padded as 4-D (another rank: MirrorPad's error), a depthwise convolution."""
    C.attr_read(image, "get_shape")  # (TF's reads the static shape first, unconverted)
    x = _t(image)
    if x._shape is None:
        raise ValueError(f"sobel_edges expects a 4D tensor [batch_size, h, w, d], got shape "
                         f"{x.shape}")
    kernels = convert_to_tensor(_SOBEL, dtype=x._dtype)
    if not x._shape:  # (TF reads the channels from the shape first: a scalar has none)
        shape(x)[-1]
    channels = x._shape[-1]
    filt = tile(kernels, [1, 1, channels, 1] if channels is not None else
                stack([1, 1, shape(x)[-1], 1]))
    padded = pad(x, [[0, 0], [1, 1], [1, 1], [0, 0]], mode="REFLECT")
    out = depthwise_conv2d(padded, filt, strides=[1, 1, 1, 1], padding="VALID")
    dims = list(x._shape)
    if None in dims:  # (sizes known when the graph runs: TF's shape of the image, then 2)
        return reshape(out, concat([shape(x), [2]], 0))
    return reshape(out, dims + [2])


@dispatch_binding
def psnr(a: Any, b: Any, max_val: Any, name: str | None = None) -> Any:
    """Peak signal-to-noise ratio in dB, per image, as TF computes it: both images (of any
    two dtypes) and max_val, cast to a's dtype, converted to float32;
    20 log(max_val) / log(10) - (10 / ln 10) log(mse)."""
    wrapper_inputs.read_dtype(a)  # (TF's casts max_val to a.dtype first, a as given)
    a, b = numeric_image(a), numeric_image(b)
    mv = convert_image_dtype(cast(max_val, a._dtype), dt.float32)
    fa, fb = convert_image_dtype(a, dt.float32), convert_image_dtype(b, dt.float32)
    mse = reduce_mean(squared_difference(fa, fb), axis=[-3, -2, -1])
    out = 20 * log(mv) / log(convert_to_tensor(10.0)) - np.float32(10 / np.log(10)) * log(mse)
    _verify_image_shapes(fa, fb)  # (TF checks the shapes after computing)
    return out


def _stateless_flip(image: Any, seed: Any, axis_from_end: int) -> Any:
    x = _at_least_3d(image)
    rank = len(x._shape)
    if rank not in (3, 4):
        raise ValueError(f"'image' (shape {tuple(x._shape)}) must have either 3 or 4 "
                         f"dimensions.")
    flipped = reverse(x, [rank - axis_from_end])
    n = [] if rank == 3 else [x._shape[0]]
    u = stateless_uniform(n, seed=seed, minval=0, maxval=1.0)
    if not n:
        return where(u < 0.5, flipped, x)
    return batch_flip(u, flipped, x)


@dispatch_binding
def stateless_random_flip_left_right(image: Any, seed: Any) -> Any:
    return _stateless_flip(image, seed, 2)


@dispatch_binding
def stateless_random_flip_up_down(image: Any, seed: Any) -> Any:
    return _stateless_flip(image, seed, 3)


def _gauss_kernel(size: int, sigma: float) -> Any:
    """[size, size] float32 Gaussian window, built as TF builds it (float32 steps and a
    softmax of the exponents), so that its weights carry TF's bits."""
    coords = cast(range_(size), dt.float32) - np.float32(size - 1) / np.float32(2.0)
    g = square(coords) * (np.float32(-0.5) / square(convert_to_tensor(sigma, dt.float32)))
    g = reshape(g, [1, -1]) + reshape(g, [-1, 1])
    return reshape(softmax(reshape(g, [1, -1])), [size, size])


def _ssim_maps(a: Any, b: Any, mv: Any, filter_size: int, filter_sigma: float, k1: float,
               k2: float) -> tuple:
    """(luminance, contrast-structure) maps of [batch, h, w, c] float32 images, under a
    Gaussian window (VALID)."""
    h, w, ch = a._shape[-3:]
    size = min(filter_size, h, w)
    filt = tile(reshape(_gauss_kernel(size, filter_sigma), [size, size, 1, 1]), [1, 1, ch, 1])

    def blur(v: Any) -> Any:
        return depthwise_conv2d(v, filt, strides=[1, 1, 1, 1], padding="VALID")

    c1 = (k1 * mv) ** 2
    c2 = (k2 * mv) ** 2
    mean_a, mean_b = blur(a), blur(b)
    num0 = mean_a * mean_b * 2.0
    den0 = mean_a * mean_a + mean_b * mean_b
    luminance = (num0 + c1) / (den0 + c1)
    num1 = blur(a * b) * 2.0
    den1 = blur(a * a + b * b)
    return luminance, (num1 - num0 + c2) / (den1 - den0 + c2)


def _verify_image_shapes(x1: Any, x2: Any) -> None:
    """TF's static check of two images' shapes: each of rank 3 or more, the same last three
    dims, and batch dims (aligned from the end) equal or 1."""
    s1, s2 = x1.shape.with_rank_at_least(3), x2.shape.with_rank_at_least(3)
    s1[-3:].assert_is_compatible_with(s2[-3:])
    if s1.rank is not None and s2.rank is not None:
        for d1, d2 in zip(reversed(s1.dims[:-3]), reversed(s2.dims[:-3])):
            if not (d1 == 1 or d2 == 1 or d1.is_compatible_with(d2)):
                raise ValueError(f"Two images are not compatible: {s1} and {s2}")


def _float_pair(img1: Any, img2: Any, max_val: Any) -> tuple:
    """Both images as float32 (with their shapes checked) and max_val on that scale."""
    x1, x2 = _t(img1), _t(img2)
    _verify_image_shapes(x1, x2)  # TF's first check
    shape_n([x1, x2])  # (TF's next step: ShapeN refuses images of two dtypes)
    a = convert_image_dtype(numeric_image(x1), dt.float32)
    b = convert_image_dtype(numeric_image(x2), dt.float32)
    mv = cast(max_val, dt.float32)
    if not _t(img1)._dtype.is_floating:
        mv = convert_image_dtype(cast(max_val, _t(img1)._dtype), dt.float32)
    return a, b, mv


def _check_filter_fits(a: Any, b: Any, filter_size: int) -> None:
    """TF's asserts that each image is at least filter_size high and wide (its data: the
    image's shape, then the filter size)."""
    size = convert_to_tensor(filter_size, dtype=dt.int32)
    for img in (a, b):
        sh = shape(img)
        Assert(reduce_all(sh[-3:-1] >= size), [sh, size], summarize=8)


@dispatch_binding
def ssim(img1: Any, img2: Any, max_val: Any, filter_size: int = 11, filter_sigma: float = 1.5,
         k1: float = 0.01, k2: float = 0.03, return_index_map: bool = False) -> Any:
    """Structural similarity with a Gaussian window (VALID), averaged per image."""
    a, b, mv = _float_pair(img1, img2, max_val)
    _check_filter_fits(a, b, filter_size)
    single = len(a._shape) == 3
    if single:
        a, b = reshape(a, [1] + list(a._shape)), reshape(b, [1] + list(b._shape))
    luminance, cs = _ssim_maps(a, b, mv, filter_size, filter_sigma, k1, k2)
    index_map = luminance * cs
    if return_index_map:  # (TF's map too is the mean over the channels)
        index_map = reduce_mean(index_map, axis=-1)
        return reshape(index_map, list(index_map._shape[1:])) if single else index_map
    out = reduce_mean(reduce_mean(index_map, axis=[-3, -2]), axis=-1)
    return reshape(out, []) if single else out


_MSSSIM_WEIGHTS = (0.0448, 0.2856, 0.3001, 0.2363, 0.1333)


@dispatch_binding
def ssim_multiscale(img1: Any, img2: Any, max_val: Any,
                    power_factors: Any = _MSSSIM_WEIGHTS, filter_size: int = 11,
                    filter_sigma: float = 1.5, k1: float = 0.01, k2: float = 0.03) -> Any:
    """`tf.image.ssim_multiscale`: MS-SSIM (Wang, Simoncelli and Bovik 2003). At each scale
    after the first the images are halved by 2x2 average pooling (an odd side first padded
    by mirroring its last row or column); the contrast-structure term of every scale but
    the last and the SSIM of the last, each ReLU'd, are raised to the power factors and
    multiplied; the result is averaged over channels."""
    a, b, mv = _float_pair(img1, img2, max_val)
    heads = list(a._shape[:-3])
    a, b = reshape(a, [-1] + list(a._shape[-3:])), reshape(b, [-1] + list(b._shape[-3:]))
    terms = []
    for k in range(len(power_factors)):
        if k > 0:
            rh, rw = a._shape[1] % 2, a._shape[2] % 2
            if rh or rw:
                pads = [[0, 0], [0, rh], [0, rw], [0, 0]]
                a, b = pad(a, pads, mode="SYMMETRIC"), pad(b, pads, mode="SYMMETRIC")
            a, b = (avg_pool2d(x, [1, 2, 2, 1], [1, 2, 2, 1], "VALID") for x in (a, b))
        if a._shape[1] < filter_size or a._shape[2] < filter_size:  # TF's Assert, worded so
            raise InvalidArgumentError(None, None, "Expected 'tf.Tensor(False, shape=(), "
                                       "dtype=bool)' to be true. Summarized data: "
                                       f"{a._shape[1]}, {a._shape[2]}, {a._shape[3]}\n"
                                       f"{filter_size}")
        luminance, cs = _ssim_maps(a, b, mv, filter_size, filter_sigma, k1, k2)
        cs_mean = reduce_mean(cs, axis=[-3, -2])
        terms.append(relu(cs_mean if k < len(power_factors) - 1 else
                          reduce_mean(luminance * cs, axis=[-3, -2])))
    if not terms:  # (TF's own IndexError: it pops the last scale's term off an empty list)
        raise IndexError("pop from empty list")
    stacked = stack(terms, axis=-1)
    weights = convert_to_tensor(np.asarray(power_factors, np.float32))
    out = reduce_mean(reduce_prod(pow_(stacked, weights), axis=-1), axis=-1)
    return reshape(out, heads)
