"""Boxes on images: tf.image.draw_bounding_boxes and tf.image.extract_glimpse.

Ops layer, after image.py; loaded on first use. Two TF ops, host kernels:

- DrawBoundingBoxesV2: each box's outline, one pixel wide, in its colour (colours cycle
  over the boxes). Box corners map to pixel rows floor(y (height - 1)) and columns
  floor(x (width - 1)); an edge is drawn where it falls inside the image, clipped to it;
  a box whose corners are reversed is not drawn.
- ExtractGlimpseV2: one window per image, at an offset given centered on the image or
  from its corner, normalized to [-1, 1] / [0, 1] or in pixels, truncated to whole pixels
  as TF's kernel does; pixels outside the image are 0 with noise='zero'. TF fills them
  with random noise otherwise ('uniform', 'gaussian'); eagerflow draws that noise from
  NumPy, so those pixels (and only those) differ from TF's.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.api_names import tf_name
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import Spec, static_ints
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.math_base import _t, cast
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_rng = SampleRNG(101)
_DRAW_T = frozenset((dt.float16, dt.float32))

# The colours TF cycles through when none are given (RGBA).
_DEFAULT_COLOURS = np.array([[1, 1, 0, 1], [0, 0, 1, 1], [1, 0, 0, 1], [0, 1, 0, 1],
                             [0.5, 0, 0.5, 1], [0.5, 0.5, 0, 1], [0.5, 0, 0, 1],
                             [0, 0, 0.5, 1], [0, 1, 1, 1], [1, 0, 1, 1]], np.float32)
_NO_COLOURS = np.zeros((0, 4), np.float32)  # (colours given as none: the table above)


# ---------------------------------------------------------------------------------------
# DrawBoundingBoxesV2 (and its first version, without colours)
# ---------------------------------------------------------------------------------------

def _draw_infer(images: Any, boxes: Any, colors: Any, op: str = "DrawBoundingBoxesV2") -> list:
    C.check_dtype(op, images, _DRAW_T)
    C.check_dtype(op, boxes, frozenset((dt.float32,)), "boxes")
    C.check_dtype(op, colors, frozenset((dt.float32,)), "colors")
    s = images._shape
    if s is not None and len(s) != 4:
        raise C.fail(op, "The rank of the images should be 4")
    if s is not None and s[3] is not None and s[3] not in (1, 3, 4):
        raise C.fail(op, "Channel depth should be either 1 (GRY), 3 (RGB), or 4 (RGBA)")
    b = boxes._shape
    if b is not None and len(b) != 3:
        raise C.fail(op, "The rank of the boxes tensor should be 3")
    if b is not None and b[2] not in (None, 4):
        raise C.fail(op, f"The size of the third dimension of the box must be 4. Received: "
                         f"{b[2]}")
    if None not in (s, b) and None not in (s[0], b[0]) and s[0] != b[0]:
        raise C.fail(op, "The batch sizes should be the same")
    c = colors._shape
    if c is not None and (len(c) != 2):
        raise C.fail(op, f"colors must be a 2-D matrix{C.shape_str(c)}")
    if None not in (s, c) and c[0] and None not in (s[3], c[1]) and c[1] < s[3]:
        raise C.fail(op, f"colors must have equal or more channels than the image provided: "
                         f"{C.shape_str(c)}")
    return [(s, images._dtype)]


def _colour_table(colors: np.ndarray, depth: int) -> np.ndarray:
    """The colours given, else TF's default table, whose colours all draw white (1) on a
    one-channel image."""
    if len(colors):
        return colors
    return np.ones((1, 4), np.float32) if depth == 1 else _DEFAULT_COLOURS


def _draw_kernel(xp: Any, images: Any, boxes: Any, colors: Any) -> Any:
    out = np.array(images, copy=True)
    _, height, width, depth = out.shape
    table = _colour_table(colors, depth)
    for k in range(out.shape[0]):
        for j, (y1, x1, y2, x2) in enumerate(boxes[k].astype(np.float32)):
            colour = table[j % len(table)][:depth].astype(out.dtype)
            if not np.all(np.isfinite([y1, x1, y2, x2])):
                continue  # no pixel to map a non-finite corner to: nothing drawn
            # (TF's float product, made an int64 toward zero: -0.7 is row 0, drawn)
            top, bottom, left, right = (int(v) for v in np.clip(np.trunc(
                np.array([y1, y2, x1, x2], np.float32) * np.float32(
                    [height - 1, height - 1, width - 1, width - 1])), -2.0**40, 2.0**40))
            if top > bottom or left > right:
                continue
            if top >= height or bottom < 0 or left >= width or right < 0:
                continue
            rows = slice(max(top, 0), min(bottom, height - 1) + 1)
            cols = slice(max(left, 0), min(right, width - 1) + 1)
            for row in (top, bottom):
                if 0 <= row < height:
                    out[k, row, cols] = colour
            for col in (left, right):
                if 0 <= col < width:
                    out[k, rows, col] = colour
    return out


def _draw_ref(images: np.ndarray, boxes: np.ndarray, colors: np.ndarray) -> np.ndarray:
    """Pixel by pixel: a pixel takes the colour of the last box whose outline passes
    through it."""
    out = images.copy()
    _, height, width, depth = out.shape
    table = _colour_table(colors, depth)
    for k, i, j in np.ndindex(*out.shape[:3]):
        for b, (y1, x1, y2, x2) in enumerate(boxes[k]):
            top, bottom = np.trunc(y1 * (height - 1)), np.trunc(y2 * (height - 1))
            left, right = np.trunc(x1 * (width - 1)), np.trunc(x2 * (width - 1))
            if top > bottom or left > right:
                continue
            on_row = i in (top, bottom) and left <= j <= right
            on_col = j in (left, right) and top <= i <= bottom
            if on_row or on_col:
                out[k, i, j] = table[b % len(table)][:depth]
    return out


def _draw_samples() -> list:
    images = _rng.uniform(0.0, 1.0, (2, 5, 6, 3)).astype(np.float32)
    boxes = np.array([[[0.1, 0.2, 0.7, 0.9], [0.0, 0.0, 1.0, 1.0], [0.5, -0.5, 1.5, 0.5]],
                      [[0.7, 0.2, 0.1, 0.9], [-1.0, 0.3, 0.4, 2.0], [0.2, 0.2, 0.2, 0.2]]],
                     np.float32)
    colors = np.array([[1.0, 0.5, 0.25, 1.0], [0.3, 0.6, 0.9, 1.0]], np.float32)
    return [Sample((images, boxes, colors), grad=False),
            Sample((images[..., :1], boxes, colors), grad=False),
            Sample((images, boxes, _NO_COLOURS), grad=False),
            # TF's default colours on one channel: all white
            Sample((images[..., :1], boxes, _NO_COLOURS), grad=False)]


DRAW_BOUNDING_BOXES = register(OpDef(
    "DrawBoundingBoxesV2", _draw_infer, _draw_kernel, reference=_draw_ref, gpu=False,
    samples=_draw_samples,
    bad_samples=lambda: [
        BadSample((np.zeros((1, 5, 6, 2), np.float32), np.zeros((1, 1, 4), np.float32),
                   np.ones((1, 4), np.float32)), {}, InvalidArgumentError,
                  "Channel depth should be either 1 (GRY), 3 (RGB), or 4 (RGBA)"),
        BadSample((np.zeros((1, 5, 6, 4), np.float32), np.zeros((1, 1, 4), np.float32),
                   np.ones((1, 3), np.float32)), {}, InvalidArgumentError,
                  "colors must have equal or more channels than the image provided")],
))

# TF's first version: no colours input, the default table always
DRAW_BOUNDING_BOXES_V1 = register(OpDef(
    "DrawBoundingBoxes",
    lambda images, boxes: _draw_infer(images, boxes, Spec(_NO_COLOURS), "DrawBoundingBoxes"),
    lambda xp, images, boxes: _draw_kernel(xp, images, boxes, _NO_COLOURS),
    reference=lambda images, boxes: _draw_ref(images, boxes, _NO_COLOURS), gpu=False,
    samples=lambda: [Sample(s.inputs[:2], grad=False) for s in _draw_samples()[:2]],
    bad_samples=lambda: [
        BadSample((np.zeros((1, 5, 6, 3), np.float32), np.zeros((1, 1, 5), np.float32)), {},
                  InvalidArgumentError, "The size of the third dimension of the box must be "
                                        "4. Received: 5")],
))


@dispatch_binding
@eager_api("images", "boxes", "colors")  # (TF hands them to its op as given)
def draw_bounding_boxes(images: Any, boxes: Any, colors: Any, name: str | None = None) -> Any:
    """`tf.image.draw_bounding_boxes`: box outlines on [batch, height, width, depth]
    images (boxes [batch, num_boxes, 4] as y1, x1, y2, x2 in [0, 1]; colours RGBA rows,
    cycled; none: TF's default table)."""
    # (TF's slow path, given a list, converts boxes and colours to float: a tensor of
    # another dtype is its ValueError)
    wrapper_inputs.slow_typed_inputs(wrapper_inputs.passed_raw(images, boxes, colors),
                                     (boxes, dt.float32),
                                     *(((colors, dt.float32),) if colors is not None else ()))
    if not isinstance(images, Tensor):  # (TF converts an array of another dtype to float)
        images = _t(images)
        if images.dtype not in _DRAW_T:
            images = cast(images, dt.float32)
    boxes = boxes if isinstance(boxes, Tensor) else convert_to_tensor(boxes, dtype=dt.float32)
    if colors is None:  # (TF's first op, which has no colours input)
        return bind(DRAW_BOUNDING_BOXES_V1, (images, boxes), {}, name)
    colors = convert_to_tensor(colors, dtype_hint=dt.float32)
    if colors.shape.rank == 2 and colors.shape[0] == 0:
        colors = convert_to_tensor(_NO_COLOURS)
    return bind(DRAW_BOUNDING_BOXES, (images, boxes, colors), {}, name)


@dispatch_binding
@tf_name("draw_bounding_boxes")
def draw_bounding_boxes_v1(images: Any, boxes: Any, name: str | None = None,
                           colors: Any = None) -> Any:
    """`tf.compat.v1.image.draw_bounding_boxes`: TF 1's argument order, colours optional."""
    return draw_bounding_boxes(images, boxes, colors, name)


# ---------------------------------------------------------------------------------------
# ExtractGlimpse and ExtractGlimpseV2: the same but for where the window goes (V1 takes
# half the window off the offset in every form and halves a centered unnormalized offset;
# V2 does either only to a centered, normalized one)
# ---------------------------------------------------------------------------------------

_NOISES = ("uniform", "gaussian", "zero")


def _glimpse_infer(op: str) -> Any:
    def infer(images: Any, offsets: Any, size: tuple, centered: bool, normalized: bool,
              uniform_noise: bool, noise: str) -> list:
        # (the noise attrs are checked when TF makes the kernel, before its inputs)
        if uniform_noise and noise not in ("", "uniform"):
            raise C.fail(op, "The uniform_noise and noise could not be specified at the same "
                             "time")
        if noise not in _NOISES and noise != "":
            raise C.fail(op, f"The noise could only be uniform, gaussian, or zero, got{noise}")
        C.check_dtype(op, images, frozenset((dt.float32,)))
        C.check_dtype(op, offsets, frozenset((dt.float32,)), "offsets")
        s, o = images._shape, offsets._shape
        if s is not None and len(s) != 4:
            raise C.fail(op, f"input must be 4-dimensional (batch_size, height, width, depth)"
                             f"{C.shape_str(s)}")
        if len(size) != 2:
            raise C.fail(op, f"input must be a vector of size 2 (height, width)"
                             f"{C.shape_str((len(size),))}")
        if o is not None and len(o) != 2:
            raise C.fail(op, f"input must be a matrix{C.shape_str(o)}")
        if s is not None and o is not None and None not in (s[0], o[0]) and s[0] != o[0]:
            raise C.fail(op, f"first dimension should be batch{C.shape_str(o)}")
        if o is not None and o[1] not in (None, 2):
            raise C.fail(op, f"second dimension should be of size 2 (y,x){C.shape_str(o)}")
        for v in size:
            if v < 0:
                raise C.fail(op, f"Expected a non-negative size, got {v}")
        out = (None if s is None else s[0], size[0], size[1], None if s is None else s[3])
        C.check_size(op, out, dt.float32)
        return [(out, dt.float32)]
    return infer


def _glimpse_corner(y: float, x: float, height: int, width: int, size: tuple, centered: bool,
                    normalized: bool, v1: bool) -> tuple:
    """The window's top-left pixel, as TF's ExtractGlimpse (`v1`) or V2 places it (a
    non-finite offset: a window wholly outside the image)."""
    if not np.isfinite(y) or not np.isfinite(x):
        return height, width
    if normalized:
        y, x = y * height, x * width
    if centered and (normalized or v1):  # (V1 halves an unnormalized offset too)
        y, x = y / 2 + height / 2, x / 2 + width / 2
    elif centered:
        y, x = y + height / 2, x + width / 2
    if v1 or (normalized and centered):
        y, x = y - size[0] / 2, x - size[1] / 2
    y, x = np.clip([y, x], -2.0**40, 2.0**40)
    return int(np.float32(y)), int(np.float32(x))  # truncated toward zero, as TF


def _glimpse_kernel(v1: bool) -> Any:
    def kernel(xp: Any, images: Any, offsets: Any, size: tuple, centered: bool,
               normalized: bool, uniform_noise: bool, noise: str) -> Any:
        batch, height, width, depth = images.shape
        out = np.zeros((batch, size[0], size[1], depth), np.float32)
        rng = np.random.default_rng()
        if not noise:  # (TF's older attr decides: uniform, else gaussian)
            noise = "uniform" if uniform_noise else "gaussian"
        for k in range(batch):
            top, left = _glimpse_corner(float(offsets[k, 0]), float(offsets[k, 1]), height,
                                        width, size, centered, normalized, v1)
            ys, xs = np.arange(size[0]) + top, np.arange(size[1]) + left
            inside = ((ys >= 0) & (ys < height))[:, None] & ((xs >= 0) & (xs < width))[None, :]
            page = images[k]
            if noise in ("uniform", "gaussian") and not inside.all():
                # scaled by hand: an image with inf or nan gives that noise, where NumPy's
                # samplers refuse such bounds; an image of no pixels has no statistics (nan)
                with np.errstate(all="ignore"):
                    if not page.size:
                        out[k] = np.nan
                    elif noise == "uniform":
                        lo, hi = page.min(axis=(0, 1)), page.max(axis=(0, 1))
                        out[k] = lo + (hi - lo) * rng.random(size + (depth,))
                    else:
                        out[k] = page.mean(axis=(0, 1)) + page.std(axis=(0, 1)) * \
                            rng.standard_normal(size + (depth,))
            if inside.any():
                yy, xx = np.clip(ys, 0, height - 1), np.clip(xs, 0, width - 1)
                out[k][inside] = page[yy[:, None].repeat(size[1], 1),
                                      xx[None, :].repeat(size[0], 0)][inside]
        return out
    return kernel


def _glimpse_ref(v1: bool) -> Any:
    def ref(images: np.ndarray, offsets: np.ndarray, size: tuple, centered: bool,
            normalized: bool, uniform_noise: bool, noise: str) -> np.ndarray:
        """A loop over the window's pixels (the samples' windows lie inside, or use
        'zero')."""
        batch, height, width, depth = images.shape
        out = np.zeros((batch, size[0], size[1], depth), np.float32)
        for k in range(batch):
            top, left = _glimpse_corner(float(offsets[k, 0]), float(offsets[k, 1]), height,
                                        width, size, centered, normalized, v1)
            for i, j in np.ndindex(*size):
                if 0 <= top + i < height and 0 <= left + j < width:
                    out[k, i, j] = images[k, top + i, left + j]
        return out
    return ref


_GLIMPSE = {"size": (3, 3), "centered": True, "normalized": True, "uniform_noise": False,
            "noise": "zero"}

def _glimpse_samples() -> list:
    return [
        Sample((_rng.uniform(-1.0, 1.0, (2, 6, 7, 2)).astype(np.float32),
                np.array([[0.1, 0.2], [-0.9, 0.9]], np.float32)), _GLIMPSE, grad=False),
        Sample((_rng.uniform(-1.0, 1.0, (1, 6, 7, 1)).astype(np.float32),
                np.array([[1.6, 2.4]], np.float32)),
               {**_GLIMPSE, "centered": False, "normalized": False, "size": (2, 4)},
               grad=False),
        Sample((_rng.uniform(-1.0, 1.0, (1, 6, 7, 1)).astype(np.float32),
                np.array([[0.3, 0.4]], np.float32)),
               {**_GLIMPSE, "normalized": False, "noise": "uniform"}, grad=False),
        Sample((_rng.uniform(-1.0, 1.0, (2, 5, 6, 1)).astype(np.float32),
                np.array([[0.3, -0.2], [0.9, -0.9]], np.float32)),
               {**_GLIMPSE, "centered": False, "size": (2, 3)}, grad=False)]


def _glimpse_bad() -> list:
    img, off = np.zeros((1, 6, 7, 1), np.float32), np.zeros((1, 2), np.float32)
    return [
        BadSample((img[0], off), _GLIMPSE, InvalidArgumentError,
                  "input must be 4-dimensional (batch_size, height, width, depth)[6,7,1]"),
        BadSample((img, off), {**_GLIMPSE, "noise": "pink"}, InvalidArgumentError,
                  "The noise could only be uniform, gaussian, or zero, gotpink"),
        BadSample((img, off), {**_GLIMPSE, "uniform_noise": True}, InvalidArgumentError,
                  "The uniform_noise and noise could not be specified at the same time"),
        BadSample((img, np.zeros((2, 2), np.float32)), _GLIMPSE, InvalidArgumentError,
                  "first dimension should be batch[2,2]"),
        BadSample((img, np.zeros((1, 3), np.float32)), _GLIMPSE, InvalidArgumentError,
                  "second dimension should be of size 2 (y,x)[1,3]"),
        BadSample((img, np.zeros(2, np.float32)), _GLIMPSE, InvalidArgumentError,
                  "input must be a matrix[2]"),
        BadSample((img, off), {**_GLIMPSE, "size": (-1, 3)}, InvalidArgumentError,
                  "Expected a non-negative size, got -1")]


EXTRACT_GLIMPSE = register(OpDef(
    "ExtractGlimpseV2", _glimpse_infer("ExtractGlimpseV2"), _glimpse_kernel(False),
    reference=_glimpse_ref(False), gpu=False, samples=_glimpse_samples,
    bad_samples=_glimpse_bad))
EXTRACT_GLIMPSE_V1 = register(OpDef(
    "ExtractGlimpse", _glimpse_infer("ExtractGlimpse"), _glimpse_kernel(True),
    reference=_glimpse_ref(True), gpu=False, samples=_glimpse_samples,
    bad_samples=_glimpse_bad))


def _glimpse(op: OpDef, input: Any, size: Any, offsets: Any, attrs: dict,  # noqa: A002
             name: str | None) -> Any:
    # TF's inputs are (input: float, size: int32, offsets: float): other values are
    # converted to those dtypes, tensors checked, in that order, before its kernel runs
    # (eagerflow holds the size as an attr); a list among them sends TF's wrapper down its
    # slow path, which converts tensors too (another dtype: the conversion's ValueError)
    wrapper_inputs.slow_typed_inputs(wrapper_inputs.passed_raw(input, size, offsets),
                                     (input, dt.float32), (size, dt.int32), (offsets, dt.float32))
    images, size_t, offsets = (
        x if isinstance(x, Tensor) else convert_to_tensor(x, dtype=want)
        for x, want in ((input, dt.float32), (size, dt.int32), (offsets, dt.float32)))
    for i, (x, want) in enumerate(((images, dt.float32), (size_t, dt.int32),
                                   (offsets, dt.float32))):
        if x._dtype is not want:
            raise C.wrong_input_dtype(op.name, i, want, x._dtype)
    size = static_ints(size_t, "size")  # (a graph's: known while it is built)
    return bind(op, (images, offsets), {"size": size, **attrs}, name)


@dispatch_binding
@eager_api("input", "size", "offsets")
def extract_glimpse(input: Any, size: Any, offsets: Any, centered: bool = True,  # noqa: A002
                    normalized: bool = True, noise: str = "uniform",
                    name: str | None = None) -> Any:
    """`tf.image.extract_glimpse`: a [height, width] window of each image at its offset."""
    # (the attrs first, as TF's wrapper takes them: its fallback, which a bad attr or
    # input takes, checks them before it converts the inputs)
    attrs = AV.wrapper_attrs("ExtractGlimpseV2", centered=centered, normalized=normalized,
                             noise=noise)
    return _glimpse(EXTRACT_GLIMPSE, input, size, offsets, {"uniform_noise": False, **attrs},
                    name)


@dispatch_binding
@eager_api("input", "size", "offsets")
@tf_name("extract_glimpse")
def extract_glimpse_v1(input: Any, size: Any, offsets: Any, centered: bool = True,  # noqa: A002
                       normalized: bool = True, uniform_noise: bool = True,
                       name: str | None = None) -> Any:
    """`tf.compat.v1.image.extract_glimpse`: TF's first ExtractGlimpse (the window placed
    half its size before the offset in every form; noise by `uniform_noise`)."""
    return _glimpse(EXTRACT_GLIMPSE_V1, input, size, offsets,
                    {"centered": bool(centered), "normalized": bool(normalized),
                     "uniform_noise": bool(uniform_noise), "noise": "uniform"}, name)
