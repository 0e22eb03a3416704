"""tf.image's boxes of whole images: crop_to_bounding_box, pad_to_bounding_box,
central_crop, resize_with_crop_or_pad and resize_with_pad.

Ops layer, right after image.py (whose resize it uses). Offsets and sizes known while a
graph is built, of images whose height and width are known, give static slices and
zero padding (eagerly too). An image whose height or width is known only when the graph
runs (a decoded file in a dataset map), or offsets and sizes given as such tensors, get
TF's construction: each check a Python ValueError where both sides are known, else an
Assert op the result depends on (TF's `_assert`), then a Slice or Pad of the stacked
run-time values, its static shape the dims TF sets.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.tensor import EagerTensor, Tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.array import concat, expand_dims, reshape, shape, squeeze, zeros
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.control_deps import control_dependencies
from eagerflow._src.ops.debugging import Assert
from eagerflow._src.ops.dynshape import needs_runtime
from eagerflow._src.ops.graph_constants import scope_name
from eagerflow._src.ops.image import ResizeMethod, resize
from eagerflow._src.ops.image_orient import _at_least_3d, _hw, check_inner_dims
from eagerflow._src.ops.math import floor, maximum, minimum
from eagerflow._src.ops.math_base import _t, cast, identity
from eagerflow._src.ops.padding import pad
from eagerflow._src.ops.shape_queries import dims
from eagerflow._src.ops.slice_op import slice as slice_
from eagerflow._src.ops.slicing import getitem
from eagerflow._src.ops.stacking import stack


def _check_3_or_4(x: Any, batched: bool = True) -> None:
    """TF's checks of an image or a batch of them: 3 or 4 dims, no known height, width or
    depth of 0 (shown as the batch of one TF makes first, where `batched`)."""
    if x._shape is None or len(x._shape) not in (3, 4):
        raise ValueError(f"'image' (shape {tuple(x._shape)}) must have either 3 or 4 "
                         "dimensions.")
    check_inner_dims(x._shape, (1,) + x._shape if batched and len(x._shape) == 3 else None)


def _eager_targets(target_height: Any, target_width: Any) -> None:
    """TF's `target > 0` checks, width first, on eager tensors given as targets: a tensor
    compares as TF's (a non-scalar's truth is ambiguous, a dtype without Greater refused);
    a known scalar's value is checked again with the rest."""
    for t in (target_width, target_height):
        if isinstance(t, EagerTensor):
            bool(t > 0)


def _runtime(x: Any, *args: Any) -> bool:
    """Whether the box of image `x` is known only when its graph runs."""
    return None in _hw(x) or needs_runtime(list(args))


def _value(v: Any) -> Any:
    """A size or offset: a Python int where known while the graph is built (TF's
    constant_value), else an int32 scalar tensor."""
    k = C.known(v) if isinstance(v, Tensor) else v
    return cast(v, dt.int32) if isinstance(k, Tensor) else int(k)


def _require(checks: list, ok: Any, message: str) -> None:
    """TF's `_assert`: a known failure is a ValueError now, a run-time condition an Assert
    the result waits on."""
    if isinstance(ok, Tensor):
        with name_scope(scope_name(None, "Assert") + "/"):  # (TF's Assert scope)
            checks.append(Assert(ok, [message], name="Assert"))
    elif not ok:
        raise ValueError(message)


def _after(checks: list, x: Any) -> Any:
    if not checks:
        return x
    with control_dependencies(checks):
        return identity(x)


def _static(v: Any) -> Any:
    return None if isinstance(v, Tensor) else v


def _as_batch(x: Any) -> tuple:
    return (x, True) if len(x._shape) == 4 else (expand_dims(x, 0), False)


def _runtime_crop(x: Any, oh: Any, ow: Any, th: Any, tw: Any) -> Any:
    """TF's crop_to_bounding_box of a box known when the graph runs: a Slice."""
    img, batched = _as_batch(x)
    b, h, w, d = dims(img)
    checks: list = []
    _require(checks, ow >= 0, "offset_width must be >= 0.")
    _require(checks, oh >= 0, "offset_height must be >= 0.")
    _require(checks, tw > 0, "target_width must be > 0.")
    _require(checks, th > 0, "target_height must be > 0.")
    _require(checks, w >= tw + ow, "width must be >= target + offset.")
    _require(checks, h >= th + oh, "height must be >= target + offset.")
    img = _after(checks, img)
    sh = shape(img)
    out = slice_(img, stack([0, oh, ow, 0]), stack([sh[0], th, tw, sh[3]]))
    out.set_shape([_static(b), _static(th), _static(tw), _static(d)])
    return out if batched else squeeze(out, [0])


def _runtime_pad(x: Any, oh: Any, ow: Any, th: Any, tw: Any) -> Any:
    """TF's pad_to_bounding_box of a box known when the graph runs: a Pad."""
    img, batched = _as_batch(x)
    b, h, w, d = dims(img)
    after_w, after_h = tw - ow - w, th - oh - h
    checks: list = []
    _require(checks, oh >= 0, "offset_height must be >= 0")
    _require(checks, ow >= 0, "offset_width must be >= 0")
    _require(checks, after_w >= 0, "width must be <= target - offset")
    _require(checks, after_h >= 0, "height must be <= target - offset")
    img = _after(checks, img)
    paddings = reshape(stack([0, 0, oh, after_h, ow, after_w, 0, 0]), [4, 2])
    out = pad(img, paddings)
    out.set_shape([_static(b), _static(th), _static(tw), _static(d)])
    return out if batched else squeeze(out, [0])


def _max(a: Any, b: Any) -> Any:
    return maximum(a, b) if isinstance(a, Tensor) or isinstance(b, Tensor) else max(a, b)


def _min(a: Any, b: Any) -> Any:
    return minimum(a, b) if isinstance(a, Tensor) or isinstance(b, Tensor) else min(a, b)


@dispatch_binding
def crop_to_bounding_box(image: Any, offset_height: int, offset_width: int,
                         target_height: int, target_width: int) -> Any:
    """The box [offset, offset + target) of each image."""
    x = _t(image)
    _check_3_or_4(x)
    if _runtime(x, offset_height, offset_width, target_height, target_width):
        with name_scope(scope_name(None, "crop_to_bounding_box") + "/"):
            return _runtime_crop(x, *map(_value, (offset_height, offset_width, target_height,
                                                  target_width)))
    h, w = _hw(x)
    oh, ow, th, tw = (C.known(v) for v in (offset_height, offset_width, target_height,
                                          target_width))
    # TF's checks compare the values as given (None or a string: the comparison's
    # TypeError), then its Slice takes them stacked (a float: its attr Index refuses it)
    if not ow >= 0:
        raise ValueError("offset_width must be >= 0.")
    if not oh >= 0:
        raise ValueError("offset_height must be >= 0.")
    if not tw > 0:
        raise ValueError("target_width must be > 0.")
    if not th > 0:
        raise ValueError("target_height must be > 0.")
    if not w >= tw + ow:
        raise ValueError("width must be >= target + offset.")
    if not h >= th + oh:
        raise ValueError("height must be >= target + offset.")
    if not all(isinstance(v, (int, np.integer)) for v in (oh, ow, th, tw)):  # (bools too)
        begin, size = wrapper_inputs.index_inputs("Slice", ([oh, ow, 0], [th, tw, -1]), "Index")
        (oh, ow, _), (th, tw, _) = begin._numpy().tolist(), size._numpy().tolist()
    key = (slice(oh, oh + th), slice(ow, ow + tw), slice(None))
    return getitem(x, key if len(x._shape) == 3 else (slice(None),) + key)


@dispatch_binding
def pad_to_bounding_box(image: Any, offset_height: int, offset_width: int,
                        target_height: int, target_width: int) -> Any:
    """Zero-pads each image to target_height x target_width, placing it at the offset."""
    x = _t(image)
    _check_3_or_4(x)
    if _runtime(x, offset_height, offset_width, target_height, target_width):
        with name_scope(scope_name(None, "pad_to_bounding_box") + "/"):
            return _runtime_pad(x, *map(_value, (offset_height, offset_width, target_height,
                                                 target_width)))
    h, w = _hw(x)
    oh, ow, th, tw = (int(C.known(v)) for v in (offset_height, offset_width, target_height,
                                                target_width))
    after_h, after_w = th - oh - h, tw - ow - w
    if oh < 0:
        raise ValueError("offset_height must be >= 0")
    if ow < 0:
        raise ValueError("offset_width must be >= 0")
    if after_w < 0:
        raise ValueError("width must be <= target - offset")
    if after_h < 0:
        raise ValueError("height must be <= target - offset")
    _check_integer_paddings(offset_height, offset_width, target_height, target_width)
    return _pad_hw(x, ((oh, after_h), (ow, after_w)))


def _check_integer_paddings(*args: Any) -> None:
    """TF stacks the offsets and targets into Pad's paddings: a float among them (6.0 too)
    makes float paddings, which Pad refuses (eagerly its kernel's attr error; while a
    graph is built its op builder's TypeError)."""
    # (a tensor's dtype; Python and NumPy floats stacked with ints convert to float32)
    floats = [getattr(a, "_dtype", None) or dt.float32 for a in args if _is_float(a)]
    if not floats:
        return
    d = floats[0]
    if _state.graph is not None:
        raise TypeError(f"Value passed to parameter 'paddings' has DataType {d.name} not in "
                        "list of allowed values: int32, int64")
    raise InvalidArgumentError(
        None, None, f"Value for attr 'Tpaddings' of {C.dtype_word(d)} is not in the list of "
        "allowed values: int32, int64\n\t; NodeDef: {{node Pad}}; Op<name=Pad; signature="
        "input:T, paddings:Tpaddings -> output:T; attr=T:type; attr=Tpaddings:type,default="
        "DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Pad] name: ")


def _is_float(a: Any) -> bool:
    d = getattr(a, "_dtype", None)
    if d is not None:
        return d.is_floating
    return isinstance(a, (float, np.floating))


def _pad_hw(x: Any, pads: tuple) -> Any:
    """Zero padding of the (height, width) axes, built from concats (differentiable)."""
    n = len(x._shape)
    for k, (before, after) in enumerate(pads):
        axis = n - 3 + k
        parts = []
        for amount in (before, after):
            shape = list(x._shape)
            shape[axis] = amount
            parts.append(zeros(shape, x._dtype) if amount else None)
        pieces = [p for p in (parts[0], x, parts[1]) if p is not None]
        if len(pieces) > 1:
            x = concat(pieces, axis)
    return x


@dispatch_binding
def central_crop(image: Any, central_fraction: float) -> Any:
    """The central region holding `central_fraction` of each side."""
    x = _t(image)
    fraction = C.known(central_fraction) if isinstance(central_fraction, Tensor) else \
        central_fraction
    if isinstance(fraction, EagerTensor):  # an eager tensor's value, as TF's constant_value
        fraction = fraction._numpy()
    if fraction is None:  # (no static value: TF compares it in its runtime check)
        fraction > 0.0  # noqa: B015 - Python's TypeError, as TF's
    if not isinstance(fraction, Tensor):  # compared as given, as TF compares it (a list,
        # string or complex: Python's TypeError; an array of several: NumPy's ambiguity)
        if fraction <= 0.0 or fraction > 1.0:
            raise ValueError("central_fraction must be within (0, 1]")
        if fraction == 1.0:
            return x  # (TF returns it before looking at the image)
    if x._shape is not None and len(x._shape) > 4:  # (TF's own words, after its 3-D check)
        _at_least_3d(x)
        raise ValueError(f"`image` should either be a Tensor with rank = 3 or rank = 4. Had "
                         f"rank = {len(x._shape)}.")
    _check_3_or_4(x, batched=False) if x._shape is not None and len(x._shape) >= 3 else \
        _at_least_3d(x)
    h, w = _hw(x)
    if isinstance(fraction, Tensor) or None in (h, w):
        with name_scope(scope_name(None, "central_crop") + "/"):
            return _runtime_central_crop(x, central_fraction if isinstance(fraction, Tensor)
                                         else fraction)
    top = int((h - h * central_fraction) / 2)
    left = int((w - w * central_fraction) / 2)
    return crop_to_bounding_box(x, top, left, h - 2 * top, w - 2 * left)


def _runtime_central_crop(x: Any, fraction: Any) -> Any:
    """TF's central_crop where the fraction or the image's size is known when the graph
    runs: the box's start computed in float64 then, a Slice, TF's static shape."""
    n = len(x._shape)
    starts, sizes, known = [], [], []
    for d in dims(x)[n - 3:n - 1]:
        if isinstance(d, Tensor) or isinstance(fraction, Tensor):
            df = cast(d, dt.float64)
            start = cast((df - df * cast(fraction, dt.float64)) / 2, dt.int32)
            known.append(None)
        else:
            start = int((float(d) - float(d) * fraction) / 2)
            known.append(d - start * 2)
        starts.append(start)
        sizes.append(d - start * 2)
    begin = [0] * (n - 3) + starts + [0]
    out = slice_(x, stack(begin), stack([-1] * (n - 3) + sizes + [-1]))
    out.set_shape(list(x._shape[:n - 3]) + known + [x._shape[-1]])
    return out


@dispatch_binding
def resize_with_crop_or_pad(image: Any, target_height: int, target_width: int) -> Any:
    """Centrally crops or zero-pads each image to the target size."""
    x = _t(image)
    _check_3_or_4(x)
    _eager_targets(target_height, target_width)
    if _runtime(x, target_height, target_width):
        with name_scope(scope_name(None, "resize_image_with_crop_or_pad") + "/"):
            return _runtime_crop_or_pad(x, _value(target_height), _value(target_width))
    h, w = _hw(x)
    th, tw = int(C.known(target_height)), int(C.known(target_width))
    if tw <= 0:  # (TF checks the width first)
        raise ValueError("target_width must be > 0.")
    if th <= 0:
        raise ValueError("target_height must be > 0.")
    crop_h, crop_w = max((h - th) // 2, 0), max((w - tw) // 2, 0)
    pad_h, pad_w = max((th - h) // 2, 0), max((tw - w) // 2, 0)
    x = crop_to_bounding_box(x, crop_h, crop_w, min(th, h), min(tw, w))
    return pad_to_bounding_box(x, pad_h, pad_w, th, tw)


def _runtime_crop_or_pad(x: Any, th: Any, tw: Any) -> Any:
    """TF's resize_with_crop_or_pad where the image's size or the target is known when the
    graph runs: the central box cropped, then padded, by the sizes computed then."""
    checks: list = []
    _require(checks, tw > 0, "target_width must be > 0.")
    _require(checks, th > 0, "target_height must be > 0.")
    x = _after(checks, x)
    n = len(x._shape)
    h, w = dims(x)[n - 3:n - 1]
    width_diff, height_diff = tw - w, th - h
    cropped = crop_to_bounding_box(x, _max(-height_diff // 2, 0), _max(-width_diff // 2, 0),
                                   _min(th, h), _min(tw, w))
    return pad_to_bounding_box(cropped, _max(height_diff // 2, 0), _max(width_diff // 2, 0),
                               th, tw)


@dispatch_binding
def resize_with_pad(image: Any, target_height: int, target_width: int,
                    method: str = ResizeMethod.BILINEAR, antialias: bool = False) -> Any:
    """Resizes keeping the aspect ratio, then zero-pads to the target size."""
    return resize_with_pad_by(image, target_height, target_width,
                              partial(resize, method=method, antialias=antialias))


def resize_with_pad_by(image: Any, target_height: int, target_width: int,
                       resize_fn: Callable) -> Any:
    """resize_with_pad resizing by `resize_fn(images, size)` (TF 1's resize_images for
    tf.compat.v1.image.resize_image_with_pad)."""
    x = _t(image)
    _check_3_or_4(x)
    _eager_targets(target_height, target_width)
    h, w = _hw(x)
    if _state.graph is not None and needs_runtime([target_height, target_width]):
        th, tw = _value(target_height), _value(target_width)
        return _resize_with_pad_at_run_time(x, th, tw, resize_fn)
    th = AV.int_arg(target_height, "target_height")
    tw = AV.int_arg(target_width, "target_width")
    if tw <= 0:  # (TF checks the width first)
        raise ValueError("target_width must be > 0.")
    if th <= 0:
        raise ValueError("target_height must be > 0.")
    if h is None or w is None:
        return _resize_with_pad_at_run_time(x, th, tw, resize_fn)
    # TF's float32 formula: the padding is half the float gap, floored
    f32 = np.float32
    ratio = max(f32(w) / f32(tw), f32(h) / f32(th))
    rh_f, rw_f = f32(h) / ratio, f32(w) / ratio
    rh, rw = int(np.floor(rh_f)), int(np.floor(rw_f))
    resized = resize_fn(x, (rh, rw))
    pad_h = max(int(np.floor((f32(th) - rh_f) / f32(2))), 0)
    pad_w = max(int(np.floor((f32(tw) - rw_f) / f32(2))), 0)
    return pad_to_bounding_box(resized, pad_h, pad_w, th, tw)


def _resize_with_pad_at_run_time(x: Any, th: Any, tw: Any, resize_fn: Callable) -> Any:
    """resize_with_pad of an image whose size, or of a target size, known only when it runs
    (a decoded file in a dataset map): TF's formula in float32 tensors."""
    n = len(x._shape)
    dims = shape(x)
    h, w = cast(dims[n - 3], dt.float32), cast(dims[n - 2], dt.float32)
    thf, twf = (cast(t, dt.float32) if isinstance(t, Tensor) else float(t) for t in (th, tw))
    ratio = maximum(w / twf, h / thf)
    rh, rw = cast(floor(h / ratio), dt.int32), cast(floor(w / ratio), dt.int32)
    ph = maximum(cast(floor((thf - cast(rh, dt.float32)) / 2), dt.int32), 0)
    pw = maximum(cast(floor((twf - cast(rw, dt.float32)) / 2), dt.int32), 0)
    resized = resize_fn(x, stack([rh, rw]))
    paddings = [[0, 0]] * (n - 3) + [[ph, th - ph - rh], [pw, tw - pw - rw], [0, 0]]
    out = pad(resized, paddings)
    batch = [-1 if d is None else d for d in x._shape[:n - 3]]
    depth = shape(out)[n - 1] if x._shape[-1] is None else x._shape[-1]
    return reshape(out, batch + [th, tw, depth])


