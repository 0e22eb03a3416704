"""FusedPadConv2D and FusedResizeAndPadConv2D: TF's fused mirror pad (and bilinear
resize) before a 2-D convolution, tf.raw_ops' only way to them (TF's graph optimizers
once made them from MirrorPad, ResizeBilinear and Conv2D nodes).

Ops layer, after image.py, padding.py and nn_conv.py, whose kernels they run; loaded on
first use (op_index.py lists them). NHWC only, `paddings` (and `size`) their attrs.

TF 2.21's CPU kernel reads the first image of the batch for every output image: each of
the batch's outputs is the first image resized (ResizeBilinear's legacy coordinates, with
`resize_align_corners`), mirror padded by `paddings` (spatial dimensions only) and
convolved with `filter`, as here. Its checks run in the kernel's order with its words; a
batch or an output with no elements is refused, and an input of another rank than 4,
which aborts TF's process, is refused here. Neither op has a gradient in TF.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.image_resample import bilinear_resize
from eagerflow._src.ops.nn_args import check_t, fail, out_size, sized
from eagerflow._src.ops.nn_conv import CONV2D_F, conv_kernel
from eagerflow._src.ops.padding import check_mirror_bounds
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_PAD, _RESIZE = "FusedPadConv2D", "FusedResizeAndPadConv2D"
_PAD_TYPES = (dt.float16, dt.bfloat16, dt.float32, dt.float64)
_RESIZE_TYPES = (dt.float16, dt.float32, dt.float64)


def _values_text(pairs: tuple) -> str:
    """The paddings as TF's Tensor::DebugString summarises them: the first three values."""
    flat = [v for pair in pairs for v in pair]
    text = "".join(("[" if i % 2 == 0 else " ") + str(v) + ("]" if i % 2 else "")
                   for i, v in enumerate(flat[:3]))
    return text + ("...]..." if len(flat) > 3 else "")


def _check_paddings(op: str, x: Any, shape: tuple, paddings: tuple, mode: str) -> None:
    """TF's kernel's order: the paddings' rank, an empty input, each dimension's paddings
    (non-negative, then within the mirror's bounds: of the resized image's size, for the
    batch and channels too), then only spatial ones."""
    if len(paddings) != 4:
        raise fail(op, f"The first dimension of paddings must be the rank of inputs: 4 "
                       f"[{len(paddings)},2] {C.shape_str(x._shape)}")
    if 0 in x._shape:
        raise fail(op, "Input tensor can't be empty")
    for d, (lo, hi) in zip(shape, paddings):
        if lo < 0 or hi < 0:
            raise fail(op, f"paddings must be non-negative: {lo} {hi}")
        check_mirror_bounds(op, (d,), ((lo, hi),), mode)
    for i, what in ((0, "batches"), (3, "channels")):
        if paddings[i] != (0, 0):
            raise fail(op, f"Fused mirror padding only support spatial padding, not {what}: "
                           f"Tensor<type: int32 shape: [4,2] values: "
                           f"{_values_text(paddings)}>")


def _infer(op: str, x: Any, w: Any, paddings: Any, mode: str, strides: Any, padding: str,
           size: Any = None, resize_align_corners: bool = False) -> list:
    d = check_t(op, (x, w), _RESIZE_TYPES if op == _RESIZE else _PAD_TYPES)
    # (TF's kernel reads its int32 attrs before any check of their values)
    strides = tuple(AV.int_attr(op, s, "strides") for s in AV.int_list(strides, "strides"))
    if len(strides) != 4:
        raise fail(op, "Sliding window strides field must specify 4 dimensions")
    if strides[0] != 1 or strides[3] != 1:
        raise fail(op, "Current implementation does not yet support strides in the batch and "
                       "depth dimensions.")
    if x._shape is not None and len(x._shape) != 4:  # (TF's process aborts)
        raise fail(op, f"input must be 4-dimensional: {C.shape_str(x._shape)}")
    shape = x._shape
    if op == _RESIZE:
        size = AV.int_list(size, "size")
        if len(size) != 2:
            raise fail(op, f"shape_t must have two elements[{len(size)}]")
        if min(size) <= 0:
            raise fail(op, "output dimensions must be positive")
        if shape is not None:
            shape = (shape[0], *size, shape[3])
    paddings = tuple(tuple(int(v) for v in p) for p in paddings)
    if shape is None or w._shape is None:
        return [(None, d)]
    _check_paddings(op, x, shape, paddings, mode)
    padded = tuple(s + lo + hi for s, (lo, hi) in zip(shape, paddings))
    if len(w._shape) != 4:
        raise fail(op, f"filter must be 4-dimensional: {C.shape_str(w._shape)}")
    if None not in (padded[3], w._shape[2]) and padded[3] != w._shape[2]:
        raise fail(op, f"input and filter must have the same depth: {padded[3]} vs "
                       f"{w._shape[2]}")
    sizes = []
    for s, k, st in zip(padded[1:3], w._shape[:2], strides[1:3]):
        if st <= 0:
            raise fail(op, f"Stride must be > 0, but got {st}")
        sizes.append(out_size(op, s, k, st, 1, padding, (0, 0)))
    out = (padded[0], *sizes, w._shape[3])
    if 0 in out:
        raise fail(op, "Output tensor can't be empty")
    return [(sized(op, out, d), d)]


def _kernel(op: str) -> Any:
    def kernel(xp: Any, x: Any, w: Any, paddings: Any, mode: str, strides: Any, padding: str,
               size: Any = None, resize_align_corners: bool = False) -> Any:
        first = x[:1]  # (TF's kernel reads the first image for every one)
        if op == _RESIZE:
            first = bilinear_resize(xp, first, tuple(size), resize_align_corners)
            first = first.astype(x.dtype, copy=False)
        padded = xp.pad(first, tuple(tuple(p) for p in paddings),
                        mode="reflect" if mode == "REFLECT" else "symmetric")
        if padding == "SAME":
            padded, explicit, outs = _same_windows(padded, w.shape[:2], strides[1:3])
            y = conv_kernel(CONV2D_F, xp, padded, w, tuple(strides), "EXPLICIT", explicit,
                            "NHWC", (1, 1, 1, 1))[:, :outs[0], :outs[1]]
        else:
            y = conv_kernel(CONV2D_F, xp, padded, w, tuple(strides), padding, (), "NHWC",
                            (1, 1, 1, 1))
        return xp.ascontiguousarray(xp.broadcast_to(y, (x.shape[0],) + y.shape[1:]))
    return kernel


def _same_windows(x: Any, ks: tuple, strides: tuple) -> tuple:
    """SAME as TF's fused kernel places its windows: (the input, cropped, the explicit
    NHWC paddings, the output's spatial size). Its padding before a dimension is half the
    windows' overhang, (out - 1) * stride + k - size, divided as C++ divides (toward
    zero), negative too where a stride larger than the window leaves the windows short of
    the input's end: they then start that far inside it (cropped here; the convolution's
    extra outputs cut off by the caller)."""
    explicit, outs, crops = [0, 0], [], []
    for size, k, st in zip(x.shape[1:3], ks, strides):
        out = -(-size // st)
        total = (out - 1) * st + k - size
        before = int(total / 2)  # (toward zero; |total| is far below 2**53)
        crops.append(max(0, -before))
        explicit += [max(0, before), max(0, total - before)]
        outs.append(out)
    return x[:, crops[0]:, crops[1]:], tuple(explicit + [0, 0]), outs


def _reference(op: str) -> Any:
    def ref(x: Any, w: Any, paddings: Any, mode: str, strides: Any, padding: str,
            size: Any = None, resize_align_corners: bool = False) -> Any:
        img = np.asarray(x[0], np.float64)
        if op == _RESIZE:
            img = _bilinear_ref(img, size, resize_align_corners)
        img = np.pad(img, paddings[1:], mode="reflect" if mode == "REFLECT" else "symmetric")
        kh, kw = w.shape[:2]
        sh, sw = strides[1:3]
        top = left = 0
        if padding == "SAME":  # (the first window's corner: a negative pad starts inside)
            oh, ow = -(-img.shape[0] // sh), -(-img.shape[1] // sw)
            top = -math.trunc(((oh - 1) * sh + kh - img.shape[0]) / 2)
            left = -math.trunc(((ow - 1) * sw + kw - img.shape[1]) / 2)
        else:
            oh, ow = (img.shape[0] - kh) // sh + 1, (img.shape[1] - kw) // sw + 1
        out = np.zeros((oh, ow, w.shape[3]))
        for i in range(oh):
            for j in range(ow):
                patch = _zero_padded_patch(img, top + i * sh, left + j * sw, kh, kw)
                out[i, j] = np.tensordot(patch, np.asarray(w, np.float64), 3)
        return np.broadcast_to(out, (x.shape[0],) + out.shape).astype(x.dtype)
    return ref


def _zero_padded_patch(img: np.ndarray, y: int, x: int, kh: int, kw: int) -> np.ndarray:
    """The (kh, kw) window of img at corner (y, x), zeros where it leaves the image."""
    patch = np.zeros((kh, kw, img.shape[2]))
    for i in range(kh):
        for j in range(kw):
            if 0 <= y + i < img.shape[0] and 0 <= x + j < img.shape[1]:
                patch[i, j] = img[y + i, x + j]
    return patch


def _bilinear_ref(img: np.ndarray, size: Any, align: bool) -> np.ndarray:
    """ResizeBilinear's legacy interpolation, its scale and weights float32 as TF's."""
    f32 = np.float32
    h, w = img.shape[:2]

    def scale(n_in: int, n_out: int) -> Any:
        return f32(n_in - 1) / f32(n_out - 1) if align and n_out > 1 else f32(n_in) / f32(n_out)

    out = np.zeros((size[0], size[1], img.shape[2]))
    for i in range(size[0]):
        for j in range(size[1]):
            ys, xs = f32(i) * scale(h, size[0]), f32(j) * scale(w, size[1])
            y0, x0 = int(np.floor(ys)), int(np.floor(xs))
            y1, x1 = min(y0 + 1, h - 1), min(x0 + 1, w - 1)
            dy, dx = float(f32(ys - y0)), float(f32(xs - x0))
            top = img[y0, x0] + (img[y0, x1] - img[y0, x0]) * dx
            bottom = img[y1, x0] + (img[y1, x1] - img[y1, x0]) * dx
            out[i, j] = top + (bottom - top) * dy
    return out


def _x(n: int = 2, h: int = 5, w: int = 6, c: int = 3, dtype: Any = np.float32) -> np.ndarray:
    return ((np.arange(n * h * w * c) % 7 - 3) * 0.5).astype(dtype).reshape(n, h, w, c)


def _w(kh: int = 3, kw: int = 2, c: int = 3, m: int = 4, dtype: Any = np.float32) -> np.ndarray:
    return ((np.arange(kh * kw * c * m) % 5 - 2) * 0.25).astype(dtype).reshape(kh, kw, c, m)


_P = ((0, 0), (2, 1), (1, 2), (0, 0))


def _pad_samples() -> list:
    return [Sample((_x(), _w()), {"paddings": _P, "mode": mode, "strides": st,
                                  "padding": padding}, grad=False)
            for mode, st, padding in (("REFLECT", (1, 1, 1, 1), "VALID"),
                                      ("SYMMETRIC", (1, 2, 3, 1), "SAME"),
                                      ("REFLECT", (1, 2, 3, 1), "SAME"))] + [
        Sample((_x(dtype=np.float64), _w(dtype=np.float64)),
               {"paddings": ((0, 0), (5, 0), (0, 0), (0, 0)), "mode": "SYMMETRIC",
                "strides": (1, 1, 1, 1), "padding": "VALID"}, grad=False)]


def _resize_samples() -> list:
    # (float64: the interpolated values are not exact, which float32 would round apart)
    return [Sample((_x(dtype=np.float64), _w(dtype=np.float64)),
                   {"size": size, "paddings": _P, "mode": mode,
                                  "strides": (1, 1, 1, 1), "padding": "SAME",
                                  "resize_align_corners": align}, grad=False)
            for size, mode, align in (((7, 9), "REFLECT", False), ((3, 4), "SYMMETRIC", False),
                                      ((7, 9), "SYMMETRIC", True), ((3, 4), "REFLECT", True))]


def _bad(op: str) -> list:
    base = {"paddings": _P, "mode": "REFLECT", "strides": (1, 1, 1, 1), "padding": "VALID"}
    if op == _RESIZE:
        base = {**base, "size": (3, 3), "resize_align_corners": False}
    out = [
        BadSample((_x(), _w()), {**base, "paddings": ((1, 0), (0, 0), (0, 0), (0, 0))},
                  InvalidArgumentError, "Fused mirror padding only support spatial padding, "
                  "not batches: Tensor<type: int32 shape: [4,2] values: [1 0][0...]...>"),
        BadSample((_x(), _w()), {**base, "paddings": ((0, 0), (0, 0), (0, 0), (1, 0))},
                  InvalidArgumentError, "not channels: Tensor<type: int32 shape: [4,2] "
                  "values: [0 0][0...]...>"),
        BadSample((_x(), _w()), {**base, "paddings": ((0, 0), (-1, 0), (0, 0), (0, 0))},
                  InvalidArgumentError, "paddings must be non-negative: -1 0"),
        BadSample((_x(), _w()), {**base, "paddings": ((0, 0), (1, 0), (0, 0))},
                  InvalidArgumentError, "The first dimension of paddings must be the rank of "
                  "inputs: 4 [3,2] [2,5,6,3]"),
        BadSample((_x(), _w(c=2)), base, InvalidArgumentError,
                  "input and filter must have the same depth: 3 vs 2"),
        BadSample((_x(), _w()[0]), base, InvalidArgumentError,
                  "filter must be 4-dimensional: [2,3,4]"),
        BadSample((_x(), _w()), {**base, "strides": (2, 1, 1, 1)}, InvalidArgumentError,
                  "Current implementation does not yet support strides in the batch"),
        BadSample((_x(), _w()), {**base, "strides": (1, 1, 1)}, InvalidArgumentError,
                  "Sliding window strides field must specify 4 dimensions"),
        BadSample((_x(n=0), _w()), base, InvalidArgumentError, "Input tensor can't be empty"),
        BadSample((_x(), _w(m=0)), base, InvalidArgumentError, "Output tensor can't be empty"),
        BadSample((_x()[0], _w()), base, InvalidArgumentError, "input must be 4-dimensional"),
        BadSample((_x(dtype=np.int32), _w(dtype=np.int32)), base, InvalidArgumentError,
                  "Value for attr 'T' of int32 is not in the list of allowed values")]
    if op == _PAD:
        out += [
            BadSample((_x(), _w()), {**base, "paddings": ((0, 0), (5, 0), (0, 0), (0, 0))},
                      InvalidArgumentError, "paddings must be less than the dimension size: "
                      "5, 0 not less than 5"),
            BadSample((_x(), np.ones((9, 1, 3, 1), np.float32)),
                      {**base, "paddings": ((0, 0),) * 4}, InvalidArgumentError,
                      "Computed output size would be negative: -3 [input_size: 5, "
                      "effective_filter_size: 9, stride: 1]")]
    else:
        out += [
            BadSample((_x(), _w()), {**base, "size": (3,)}, InvalidArgumentError,
                      "shape_t must have two elements[1]"),
            BadSample((_x(), _w()), {**base, "size": (0, 3)}, InvalidArgumentError,
                      "output dimensions must be positive"),
            BadSample((_x(), _w()), {**base, "paddings": ((0, 0), (3, 0), (0, 0), (0, 0))},
                      InvalidArgumentError, "paddings must be less than the dimension size: "
                      "3, 0 not less than 3"),
            BadSample((_x(dtype=dt.bfloat16.as_numpy_dtype), _w(dtype=dt.bfloat16.as_numpy_dtype)),
                      base, InvalidArgumentError, "Value for attr 'T' of bfloat16 is not in the "
                      "list of allowed values: half, float, double")]
    return out


FUSED_PAD_CONV2D = register(OpDef(
    _PAD, lambda x, w, **a: _infer(_PAD, x, w, **a), _kernel(_PAD), grad=C.no_gradient,
    reference=_reference(_PAD), samples=_pad_samples, bad_samples=lambda: _bad(_PAD),
    gpu=False,  # (TF 2.21 registers CPU kernels only)
))

FUSED_RESIZE_AND_PAD_CONV2D = register(OpDef(
    _RESIZE, lambda x, w, **a: _infer(_RESIZE, x, w, **a), _kernel(_RESIZE),
    grad=C.no_gradient, reference=_reference(_RESIZE), samples=_resize_samples,
    bad_samples=lambda: _bad(_RESIZE), gpu=False,
))
