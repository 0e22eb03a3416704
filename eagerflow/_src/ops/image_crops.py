"""tf.image.crop_and_resize: boxes cut out of a batch of images and resized to one size,
with TF's gradients to the image and to the boxes.

Ops layer, after image.py; loaded on first use. Three OpDefs, TF's: CropAndResize,
CropAndResizeGradImage (the adjoint in the image: each crop's gradient spread back over
the pixels it read) and CropAndResizeGradBoxes (the derivative in the box coordinates).
Sample positions follow TF's kernel: with crop height h > 1, row y of box b reads image
row y1 (H - 1) + y (y2 - y1)(H - 1) / (h - 1) (the box's centre when h is 1); positions
outside the image give `extrapolation_value`. Bilinear interpolation blends the pixels
at floor and ceil of the position, so at an integer position the derivative in the box
(TF's, from those two equal pixels) is 0; nearest takes the rounded position, half away
from zero, and its box gradient is the bilinear one, as in TF. The kernels gather and
scatter over `xp`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import add_at
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, OutOfRangeError, shape_str
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import (
    as_int_tensor,
    check_runtime_arg,
    needs_runtime,
    runtime_ints,
)
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.math_base import _t
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_rng = SampleRNG(83)
_IMAGE_T = frozenset((dt.uint8, dt.uint16, dt.int8, dt.int16, dt.int32, dt.int64, dt.float16,
                      dt.bfloat16, dt.float32, dt.float64))
_GRAD_T = frozenset((dt.float16, dt.float32, dt.float64))
_METHODS = ("bilinear", "nearest")


# ---------------------------------------------------------------------------------------
# Where each crop samples the image
# ---------------------------------------------------------------------------------------

def _positions(xp: Any, lo: Any, hi: Any, size_in: int, size_out: int,
               ratio_first: bool) -> Any:
    """[boxes, size_out] float32 positions along one axis, rounded as TF's kernels round
    them (its box gradient scales by (size_in - 1) / (size_out - 1) first)."""
    f32 = np.float32
    span = f32(size_in - 1)
    if size_out > 1:
        scale = (hi - lo) * (span / f32(size_out - 1)) if ratio_first else \
            (hi - lo) * span / f32(size_out - 1)
        return lo[:, None] * span + xp.arange(size_out, dtype=f32)[None, :] * scale[:, None]
    return xp.broadcast_to((f32(0.5) * (lo + hi) * span)[:, None], (lo.shape[0], 1))


class _Axis:
    """One axis's sample positions: inside the image or not, the pixels on either side
    (floor and ceil) and the weight of the far one, or the nearest pixel."""

    def __init__(self, xp: Any, pos: Any, size_in: int) -> None:
        with np.errstate(invalid="ignore"):
            self.valid = (pos >= 0) & (pos <= size_in - 1)  # NaN positions are outside
        safe = xp.where(self.valid, pos, 0).astype(np.float32)
        self.pos = safe
        self.low = xp.floor(safe).astype(np.int64)
        self.high = xp.ceil(safe).astype(np.int64)
        self.lerp = safe - self.low.astype(np.float32)
        self.near = xp.floor(safe + np.float32(0.5)).astype(np.int64)  # safe >= 0


def _axes(xp: Any, image_shape: tuple, boxes: Any, crop_size: tuple,
          ratio_first: bool = False) -> tuple:
    boxes = boxes.astype(np.float32)
    _, height, width, _ = image_shape
    ys = _Axis(xp, _positions(xp, boxes[:, 0], boxes[:, 2], height, crop_size[0],
                              ratio_first), height)
    xs = _Axis(xp, _positions(xp, boxes[:, 1], boxes[:, 3], width, crop_size[1],
                              ratio_first), width)
    return ys, xs


def _pixels_at(xp: Any, image: Any, b: Any, rows: Any, cols: Any) -> Any:
    """image[b, rows, cols] for each box's rows [boxes, h] and columns [boxes, w]:
    [boxes, h, w, channels], gathered as rows of the image's (pixels, channels) view by
    one flat index (three broadcast index arrays cost NumPy 4x more)."""
    count, height, width, c = image.shape
    index = ((b[:, None] * height + rows) * width)[:, :, None] + cols[:, None, :]
    pixels = xp.take(image.reshape(count * height * width, c), index.reshape(-1), axis=0)
    return pixels.reshape(index.shape + (c,))


def _corners(xp: Any, image: Any, b: Any, ys: _Axis, xs: _Axis) -> tuple:
    """The four pixels around every sample: [boxes, h, w, channels] each."""
    return (_pixels_at(xp, image, b, ys.low, xs.low), _pixels_at(xp, image, b, ys.low, xs.high),
            _pixels_at(xp, image, b, ys.high, xs.low),
            _pixels_at(xp, image, b, ys.high, xs.high))


def _check_box_index(xp: Any, box_ind: Any, batch: int, op: str, boxes: Any = None) -> None:
    if box_ind.size and (int(xp.min(box_ind)) < 0 or int(xp.max(box_ind)) >= batch):
        raise OutOfRangeError(None, None, f"box_index has values outside [0, batch_size) "
                                          f"[Op:{op}]")
    if boxes is not None and not bool(xp.all(xp.isfinite(boxes))):
        raise InvalidArgumentError(None, None, "Boxes contains at least one element that is "
                                               f"not finite [Op:{op}]")


# ---------------------------------------------------------------------------------------
# CropAndResize
# ---------------------------------------------------------------------------------------

def _check_inputs(op: str, boxes: Any, box_ind: Any) -> None:
    if boxes._dtype is not dt.float32:
        raise C.fail(op, f"cannot compute {op} as input #1(zero-based) was expected to be a "
                         f"float tensor but is a {boxes._dtype.name} tensor")
    if box_ind._dtype is not dt.int32:
        raise C.fail(op, f"cannot compute {op} as input #2(zero-based) was expected to be a "
                         f"int32 tensor but is a {box_ind._dtype.name} tensor")
    bs, ns = boxes._shape, box_ind._shape
    if bs is not None and (len(bs) != 2 or bs[1] not in (None, 4)):
        raise C.fail(op, "boxes must have 4 columns" if bs and len(bs) == 2 else
                     f"boxes must be {'2-D, got: ' if op == 'CropAndResize' else '2-D'}"
                     f"{C.shape_str(bs)}")  # (TF's forward kernel words it apart)
    if ns is not None and (len(ns) != 1 or None not in (bs[0] if bs else None, ns[0]) and
                           ns[0] != bs[0]):
        raise C.fail(op, "box_index has incompatible shape")


def _check_grads(op: str, grads: Any, boxes: Any, depth: int | None) -> None:
    """grads: [num_boxes, crop_height, crop_width, depth], positive crop sizes."""
    C.check_dtype(op, grads, frozenset((dt.float32,)), "grads")
    s = grads._shape
    if s is None:
        return
    if len(s) != 4:
        raise C.fail(op, f"grads image must be 4-D{C.shape_str(s)}")
    if s[1] is not None and s[1] <= 0 or s[2] is not None and s[2] <= 0:
        raise C.fail(op, "grads dimensions must be positive")
    n = None if boxes._shape is None or len(boxes._shape) != 2 else boxes._shape[0]
    if None not in (n, s[0]) and n != s[0]:
        raise C.fail(op, "boxes and grads have incompatible shape")
    if None not in (depth, s[3]) and depth != s[3]:
        raise C.fail(op, "image, grads depth differ")


def _not_1d(op: str, shape: tuple) -> InvalidArgumentError:
    return C.fail(op, f"crop_size must be 1-D{shape_str(shape)}")


def _check_crop_size(op: str, crop_size: tuple | int) -> None:
    if not isinstance(crop_size, tuple):  # (tf.raw_ops' scalar input, read as an int)
        raise _not_1d(op, ())
    if len(crop_size) != 2:
        raise C.fail(op, f"crop_size must have two elements[{len(crop_size)}]")
    if min(crop_size) <= 0:
        raise C.fail(op, "crop dimensions must be positive")


def _check_method(op: str, method: str) -> None:
    C.string_attr_in(op, "method", method, _METHODS)


def _check_image(op: str, image: Any) -> None:
    """TF's kernels' first checks of the image: 4-D, then some height and width."""
    s = image._shape
    if s is not None and len(s) != 4:
        raise C.fail(op, f"input image must be 4-D{C.shape_str(s)}")
    if s is not None and (s[1] == 0 or s[2] == 0):
        raise C.fail(op, "image dimensions must be positive")


def _crop_infer(image: Any, boxes: Any, box_ind: Any, *dyn: Any, crop_size: tuple | None,
                method: str, extrapolation_value: float) -> list:
    """`crop_size` None: the input `dyn[0]`, known when the graph runs."""
    op = "CropAndResize"
    C.check_dtype(op, image, _IMAGE_T)
    _check_method(op, method)
    _check_image(op, image)
    _check_inputs(op, boxes, box_ind)
    if dyn:
        check_runtime_arg(op, dyn, "crop_size")
        crop_size = (None, None)
    else:
        _check_crop_size(op, crop_size)
    n = None if boxes._shape is None else boxes._shape[0]
    depth = None if image._shape is None else image._shape[3]
    out = (n, crop_size[0], crop_size[1], depth)
    C.check_size(op, out, dt.float32)
    return [(out, dt.float32)]


def _crop_kernel(xp: Any, image: Any, boxes: Any, box_ind: Any, *dyn: Any,
                 crop_size: tuple | None, method: str, extrapolation_value: float) -> Any:
    if dyn:  # the run-time size, checked as a static one is
        crop_size = runtime_ints(dyn[0])
        _check_crop_size("CropAndResize", crop_size)
    _check_box_index(xp, box_ind, image.shape[0], "CropAndResize", boxes)
    ys, xs = _axes(xp, image.shape, boxes, crop_size)
    img = image.astype(np.float32, copy=False)
    b = box_ind.astype(np.int64)
    n, ch, cw, c = len(b), crop_size[0], crop_size[1], image.shape[3]
    if method == "nearest":
        out = _pixels_at(xp, img, b, ys.near, xs.near)
    else:
        # (rows of cw * c values, x's weights repeated per channel: NumPy's loops run
        # along a row, where weights broadcast over the channels alone ran them c values
        # at a time)
        tl, tr, bl, br = (a.reshape(n, ch, cw * c) for a in _corners(xp, img, b, ys, xs))
        xl = xp.repeat(xs.lerp, c, axis=1)[:, None, :]
        top = tr - tl
        top *= xl
        top += tl
        out = br - bl
        out *= xl
        out += bl
        out -= top
        out *= ys.lerp[:, :, None]
        out += top  # top + (bottom - top) * y_lerp
        out = out.reshape(n, ch, cw, c)
    valid = (ys.valid[:, :, None] & xs.valid[:, None, :])[..., None]
    return xp.where(valid, out, np.float32(extrapolation_value)).astype(np.float32)


def _crop_grad(n: Any, g: Any) -> list:
    image, boxes, box_ind = n.inputs[:3]
    a = n.attrs
    grads = [None] * len(n.inputs)
    if image._dtype in _GRAD_T:
        grads[0] = bind(CROP_AND_RESIZE_GRAD_IMAGE, (g, boxes, box_ind),
                        {"image_size": tuple(image._shape), "T": image._dtype,
                         "method": a["method"]})
    grads[1] = bind(CROP_AND_RESIZE_GRAD_BOXES, (g, image, boxes, box_ind),
                    {"method": "bilinear"})
    return grads


def _position_ref(lo: float, hi: float, i: int, size_in: int, size_out: int,
                  ratio_first: bool = False) -> np.float32:
    """One sample position, in float32 as TF's kernels compute it."""
    f32 = np.float32
    lo, hi, span = f32(lo), f32(hi), f32(size_in - 1)
    if size_out == 1:
        return f32(0.5) * (lo + hi) * span
    scale = (hi - lo) * (span / f32(size_out - 1)) if ratio_first else \
        (hi - lo) * span / f32(size_out - 1)
    return lo * span + f32(i) * scale


def _samples_ref(image: np.ndarray, boxes: np.ndarray, box_ind: np.ndarray, crop_size: tuple,
                 ratio_first: bool = False):
    """Every sample inside the image: (box, y, x, page, position y, position x)."""
    _, height, width, _ = image.shape
    for k, (y1, x1, y2, x2) in enumerate(boxes):
        for y, x in np.ndindex(*crop_size):
            py = _position_ref(y1, y2, y, height, crop_size[0], ratio_first)
            px = _position_ref(x1, x2, x, width, crop_size[1], ratio_first)
            if 0 <= py <= height - 1 and 0 <= px <= width - 1:
                yield k, y, x, image[box_ind[k]].astype(np.float32), py, px


def _crop_ref(image: np.ndarray, boxes: np.ndarray, box_ind: np.ndarray, crop_size: tuple,
              method: str, extrapolation_value: float) -> np.ndarray:
    """A loop over every output sample."""
    out = np.full((len(boxes),) + tuple(crop_size) + image.shape[3:], extrapolation_value,
                  np.float32)
    for k, y, x, page, py, px in _samples_ref(image, boxes, box_ind, crop_size):
        if method == "nearest":
            out[k, y, x] = page[int(np.floor(py + np.float32(0.5))),
                                int(np.floor(px + np.float32(0.5)))]
            continue
        y0, x0, y_1, x_1 = int(np.floor(py)), int(np.floor(px)), int(np.ceil(py)), \
            int(np.ceil(px))
        wy, wx = py - np.float32(y0), px - np.float32(x0)
        top = page[y0, x0] + (page[y0, x_1] - page[y0, x0]) * wx
        bottom = page[y_1, x0] + (page[y_1, x_1] - page[y_1, x0]) * wx
        out[k, y, x] = top + (bottom - top) * wy
    return out


def _image(*shape: int) -> np.ndarray:
    return _rng.uniform(-1.0, 1.0, shape).astype(np.float32)


def _ramp(*shape: int) -> np.ndarray:
    """Images rising along both axes, and positive gradients: sums without cancellation,
    so that float32 kernels and float64 references agree to a few ulps."""
    b, h, w, c = shape
    ramp = np.add.outer(np.arange(h) * 0.3, np.arange(w) * 0.2)[None, :, :, None]
    return (ramp + _rng.uniform(0.0, 0.05, shape)).astype(np.float32)


def _positive(*shape: int) -> np.ndarray:
    return _rng.uniform(0.5, 1.5, shape).astype(np.float32)


# Boxes whose sample positions avoid integers (where the bilinear derivative in the box
# has a kink), one reaching outside the image, one flipped (y2 < y1).
_BOXES = np.array([[0.1, 0.15, 0.83, 0.71], [0.27, 0.09, 0.93, 0.88],
                   [-0.31, 0.23, 0.62, 1.37], [0.77, 0.61, 0.13, 0.07]], np.float32)
_ATTRS = {"crop_size": (3, 4), "method": "bilinear", "extrapolation_value": 0.0}


def _crop_samples() -> list:
    image = _image(2, 5, 6, 2)
    ind = np.array([0, 1, 1, 0], np.int32)
    # No numeric gradients here: the crops are float32 whatever the input (TF's op), too
    # coarse for differences. test_image_extra.py checks both gradient ops against
    # differences of float64 references, and against TF's.
    return [
        Sample((image, _BOXES, ind), _ATTRS, grad=False),
        Sample((image, _BOXES[:2], ind[:2]), {**_ATTRS, "crop_size": (1, 1)}, grad=False),
        Sample((image, _BOXES, ind), {**_ATTRS, "method": "nearest",
                                      "extrapolation_value": -2.5}, grad=False),
        Sample((image.astype(np.float64), _BOXES, ind), {**_ATTRS, "crop_size": (2, 5)},
               grad=False),
        Sample((_rng.integers(0, 256, (1, 4, 4, 3)).astype(np.uint8), _BOXES[:1],
                np.zeros(1, np.int32)), _ATTRS, grad=False),
        Sample((image, np.zeros((0, 4), np.float32), np.zeros(0, np.int32)), _ATTRS,
               grad=False)]


def _crop_bad() -> list:
    image = np.zeros((1, 3, 3, 1), np.float32)
    boxes, ind = np.array([[0, 0, 1, 1]], np.float32), np.zeros(1, np.int32)
    return [
        BadSample((image, boxes, np.ones(1, np.int32)), _ATTRS, OutOfRangeError,
                  "box_index has values outside [0, batch_size)"),
        BadSample((image, boxes, ind), {**_ATTRS, "crop_size": (0, 2)}, InvalidArgumentError,
                  "crop dimensions must be positive"),
        BadSample((image[0], boxes, ind), _ATTRS, InvalidArgumentError,
                  "input image must be 4-D[3,3,1]"),
        BadSample((image, boxes[:, :3], ind), _ATTRS, InvalidArgumentError,
                  "boxes must have 4 columns"),
        BadSample((image, boxes, np.zeros(2, np.int32)), _ATTRS, InvalidArgumentError,
                  "box_index has incompatible shape"),
        BadSample((image, boxes, ind), {**_ATTRS, "method": "area"}, InvalidArgumentError,
                  "is not in the list of allowed values: \"bilinear\", \"nearest\""),
        BadSample((image, boxes.astype(np.float64), ind), _ATTRS, InvalidArgumentError,
                  "expected to be a float tensor")]


CROP_AND_RESIZE = register(OpDef(
    "CropAndResize", _crop_infer, _crop_kernel, grad=_crop_grad, reference=_crop_ref,
    samples=_crop_samples, bad_samples=_crop_bad))


# ---------------------------------------------------------------------------------------
# The gradients
# ---------------------------------------------------------------------------------------

def _grad_image_infer(grads: Any, boxes: Any, box_ind: Any, image_size: tuple, T: Any,
                      method: str) -> list:
    op = "CropAndResizeGradImage"
    C.dtype_attr(op, T, "T", _GRAD_T)
    _check_method(op, method)
    _check_grads(op, grads, boxes, image_size[3] if len(image_size) == 4 else None)
    _check_inputs(op, boxes, box_ind)
    if len(image_size) != 4 or min(image_size[:3]) <= 0:
        raise C.fail(op, "image_size must be 4-D with positive batch, height and width")
    C.check_size(op, tuple(image_size), T)
    return [(tuple(image_size), T)]


def _grad_image_kernel(xp: Any, grads: Any, boxes: Any, box_ind: Any, image_size: tuple,
                       T: Any, method: str) -> Any:
    op = "CropAndResizeGradImage"
    _check_box_index(xp, box_ind, image_size[0], op, boxes)
    ys, xs = _axes(xp, image_size, boxes, grads.shape[1:3])
    valid = (ys.valid[:, :, None] & xs.valid[:, None, :])[..., None]
    work = np.float32 if T is dt.float16 else T.as_numpy_dtype  # TF sums in T
    g = xp.where(valid, grads.astype(work), work(0))
    out = xp.zeros(image_size, work)
    b = box_ind.astype(np.int64)[:, None, None]
    if method == "nearest":
        add_at(xp, out, (b, ys.near[:, :, None], xs.near[:, None, :]), g)
        return out.astype(T.as_numpy_dtype)
    xl, yl = xs.lerp[:, None, :, None].astype(work), ys.lerp[:, :, None, None].astype(work)
    top, bottom = g * (1 - yl), g * yl
    for rows, part in ((ys.low, top), (ys.high, bottom)):
        for cols, w in ((xs.low, 1 - xl), (xs.high, xl)):
            add_at(xp, out, (b, rows[:, :, None], cols[:, None, :]), part * w)
    return out.astype(T.as_numpy_dtype)


def _grad_image_grad(n: Any, gg: Any) -> list:
    """Linear in grads: its adjoint is the crop itself (bilinear or nearest)."""
    _, boxes, box_ind = n.inputs
    return [bind(CROP_AND_RESIZE, (gg, boxes, box_ind),
                 {"crop_size": tuple(n.inputs[0]._shape[1:3]), "method": n.attrs["method"],
                  "extrapolation_value": 0.0}), None, None]


def _grad_image_ref(grads: np.ndarray, boxes: np.ndarray, box_ind: np.ndarray,
                    image_size: tuple, T: Any, method: str) -> np.ndarray:
    """The transpose of the crop, built column by column from the forward reference."""
    total = int(np.prod(image_size))
    out = np.zeros(total)
    for i in range(total):
        basis = np.zeros(total, np.float32)
        basis[i] = 1.0
        crop = _crop_ref(basis.reshape(image_size), boxes, box_ind, grads.shape[1:3],
                         method, 0.0)
        out[i] = np.sum(crop.astype(np.float64) * grads)
    return out.reshape(image_size).astype(T.as_numpy_dtype)


def _grad_image_samples() -> list:
    g = _positive(4, 3, 4, 2)
    ind = np.array([0, 1, 1, 0], np.int32)
    attrs = {"image_size": (2, 5, 6, 2), "T": dt.float32}
    return [Sample((g, _BOXES, ind), {**attrs, "method": "bilinear"}, grad=False),
            Sample((g, _BOXES, ind), {**attrs, "T": dt.float64, "method": "nearest"},
                   grad=False)]


CROP_AND_RESIZE_GRAD_IMAGE = register(OpDef(
    "CropAndResizeGradImage", _grad_image_infer, _grad_image_kernel, grad=_grad_image_grad,
    reference=_grad_image_ref, samples=_grad_image_samples,
    bad_samples=lambda: [BadSample(
        (np.zeros((1, 2, 2, 1), np.float32), np.zeros((1, 4), np.float32),
         np.zeros(1, np.int32)), {"image_size": (1, 3, 3, 1), "T": dt.int32,
                                  "method": "bilinear"}, InvalidArgumentError, "T")]))


def _grad_boxes_infer(grads: Any, image: Any, boxes: Any, box_ind: Any, method: str) -> list:
    op = "CropAndResizeGradBoxes"
    C.check_dtype(op, image, _IMAGE_T - {dt.bfloat16})
    if method != "bilinear":
        raise C.fail(op, f"Value for attr 'method' of \"{method}\" is not in the list of "
                         f"allowed values: \"bilinear\"\n\t; NodeDef: {{{{node {op}}}}}")
    _check_image(op, image)
    _check_grads(op, grads, boxes, image._shape[3] if image._shape is not None else None)
    _check_inputs(op, boxes, box_ind)
    return [(boxes._shape, dt.float32)]


def _grad_boxes_kernel(xp: Any, grads: Any, image: Any, boxes: Any, box_ind: Any,
                       method: str) -> Any:
    """d(crop)/d(position) from the four pixels around each sample, times how each
    position moves with the box's corners."""
    _check_box_index(xp, box_ind, image.shape[0], "CropAndResizeGradBoxes", boxes)
    with np.errstate(all="ignore"):  # inf and nan propagate quietly, as in TF
        return _grad_boxes(xp, grads, image, boxes, box_ind)


def _grad_boxes(xp: Any, grads: Any, image: Any, boxes: Any, box_ind: Any) -> Any:
    _, height, width, _ = image.shape
    ch, cw = grads.shape[1:3]
    ys, xs = _axes(xp, image.shape, boxes, (ch, cw), ratio_first=True)
    tl, tr, bl, br = _corners(xp, image.astype(np.float32, copy=False),
                              box_ind.astype(np.int64), ys, xs)
    xl, yl = xs.lerp[:, None, :, None], ys.lerp[:, :, None, None]
    valid = (ys.valid[:, :, None] & xs.valid[:, None, :])[..., None]
    g = grads.astype(np.float32)
    # (a sample outside the image adds nothing, as TF's loop skips it: its pixels' inf or
    # NaN differences are not multiplied by a zero)
    zero = np.float32(0)
    d_y = xp.sum(xp.where(valid, g * ((1 - xl) * (bl - tl) + xl * (br - tr)), zero),
                 axis=(2, 3))  # [boxes, ch]
    d_x = xp.sum(xp.where(valid, g * ((1 - yl) * (tr - tl) + yl * (br - bl)), zero),
                 axis=(1, 3))  # [boxes, cw]
    out = xp.zeros(boxes.shape, np.float32)
    for axis, d, size, n_out in ((0, d_y, height, ch), (1, d_x, width, cw)):
        if n_out > 1:
            step = xp.arange(n_out, dtype=np.float32) * (np.float32(size - 1) /
                                                          np.float32(n_out - 1))
            lo_w, hi_w = np.float32(size - 1) - step, step
        else:
            lo_w = hi_w = xp.full(1, np.float32(0.5 * (size - 1)))
        out[:, axis] = xp.sum(d * lo_w, axis=1)
        out[:, axis + 2] = xp.sum(d * hi_w, axis=1)
    return out


def _grad_boxes_ref(grads: np.ndarray, image: np.ndarray, boxes: np.ndarray,
                    box_ind: np.ndarray, method: str) -> np.ndarray:
    """A loop: each sample's derivative in its position (the difference of the pixels on
    either side, blended along the other axis) times how the position moves with each
    corner of its box."""
    _, height, width, _ = image.shape
    ch, cw = grads.shape[1:3]
    out = np.zeros(boxes.shape, np.float64)
    for k, y, x, page, py, px in _samples_ref(image, boxes, box_ind, (ch, cw), True):
        y0, x0, y_1, x_1 = int(np.floor(py)), int(np.floor(px)), int(np.ceil(py)), \
            int(np.ceil(px))
        wy, wx = py - y0, px - x0
        g = grads[k, y, x].astype(np.float64)
        d_y = np.sum(g * ((1 - wx) * (page[y_1, x0] - page[y0, x0]) +
                          wx * (page[y_1, x_1] - page[y0, x_1])))
        d_x = np.sum(g * ((1 - wy) * (page[y0, x_1] - page[y0, x0]) +
                          wy * (page[y_1, x_1] - page[y_1, x0])))
        for c, d, i, size, n in ((0, d_y, y, height, ch), (1, d_x, x, width, cw)):
            ratio = (size - 1) / (n - 1) if n > 1 else None
            out[k, c] += d * ((size - 1 - i * ratio) if ratio is not None else 0.5 * (size - 1))
            out[k, c + 2] += d * (i * ratio if ratio is not None else 0.5 * (size - 1))
    return out.astype(np.float32)


def _grad_boxes_samples() -> list:
    image = _ramp(2, 5, 6, 2)
    ind = np.array([0, 1, 1, 0], np.int32)
    return [Sample((_positive(4, 3, 4, 2), image, _BOXES, ind), {"method": "bilinear"},
                   grad=False),
            Sample((_positive(4, 1, 1, 2), image, _BOXES, ind), {"method": "bilinear"},
                   grad=False)]


CROP_AND_RESIZE_GRAD_BOXES = register(OpDef(
    "CropAndResizeGradBoxes", _grad_boxes_infer, _grad_boxes_kernel,
    reference=_grad_boxes_ref, samples=_grad_boxes_samples,
    bad_samples=lambda: [BadSample(
        (np.zeros((1, 2, 2, 1), np.float32), np.zeros((1, 3, 3, 1), np.float32),
         np.zeros((1, 4), np.float32), np.zeros(1, np.int32)), {"method": "nearest"},
        InvalidArgumentError, "allowed values: \"bilinear\"")]))


@dispatch_binding
@eager_api("image", "boxes", "box_indices", "crop_size")
def crop_and_resize(image: Any, boxes: Any, box_indices: Any, crop_size: Any,
                    method: str = "bilinear", extrapolation_value: float = 0.0,
                    name: str | None = None) -> Any:
    """`tf.image.crop_and_resize`: float32 crops [num_boxes, crop_height, crop_width,
    depth] of `image` [batch, height, width, depth], box k (y1, x1, y2, x2 in [0, 1]
    image coordinates) cut from image box_indices[k]."""
    # (the attrs first: TF's fallback, which a bad attr or input takes, checks them first)
    attrs = AV.wrapper_attrs("CropAndResize", method=method,
                             extrapolation_value=extrapolation_value)
    image = _t(image)
    boxes = convert_to_tensor(boxes, dtype=dt.float32)
    box_ind = convert_to_tensor(box_indices, dtype=dt.int32)
    if _state.graph is not None and needs_runtime(crop_size):  # TF's input: read then
        return bind(CROP_AND_RESIZE, (image, boxes, box_ind, as_int_tensor(crop_size,
                                                                           "crop_size")),
                    {"crop_size": None, **attrs}, name)
    if isinstance(crop_size, Tensor) and crop_size.dtype is not dt.int32:  # (TF's input #3)
        raise C.wrong_input_dtype("CropAndResize", 3, dt.int32, crop_size.dtype)
    # (TF's int32 input: a NumPy array of floats is cast, inf and NaN as int32's minimum)
    sizes = convert_to_tensor(crop_size, dtype=dt.int32)
    if len(sizes.shape) != 1:
        raise _not_1d("CropAndResize", sizes.shape)
    size = tuple(int(s) for s in np.asarray(C.known(sizes)))
    return bind(CROP_AND_RESIZE, (image, boxes, box_ind), {"crop_size": size, **attrs}, name)
