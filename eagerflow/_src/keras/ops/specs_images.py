"""Keras 3's output rules of keras.ops.image's pad_images, crop_images and
affine_transform on KerasTensors (its Operations' compute_output_spec): images of
unknown height or width get their sizes from the targets given, or are refused in
Keras's words, where tracing the op would fail on the unknown sizes themselves."""

from __future__ import annotations

from typing import Any

from eagerflow._src.keras.engine.keras_tensor import SymbolicTensor
from eagerflow._src.keras.ops.specs import _out, _shape
from eagerflow._src.keras.ops.specs_nn import standardize_data_format


def _sized(images: Any, data_format: Any) -> tuple:
    """The images' sizes (refused unless 3 or 4) and their height and width axes."""
    dims = _shape(images)
    if len(dims) not in (3, 4):
        raise ValueError("Invalid images rank: expected rank 3 (single image) or rank 4 "
                         f"(batch of images). Received: images.shape={dims}")
    axes = (-3, -2) if standardize_data_format(data_format) == "channels_last" else (-2, -1)
    return dims, axes


def _two_of_three(names: tuple, values: tuple) -> None:
    if list(values).count(None) != 1:
        shown = ", ".join(f"{n}={v}" for n, v in zip(names, values))
        raise ValueError(f"Must specify exactly two of {', '.join(names)}. Received: {shown}")


def _checked(kind: str, sides: tuple) -> None:
    """The arguments as Keras checks them first: two of each three given, none negative
    (`sides`: top, bottom, target_height, left, right, target_width)."""
    names = (f"top_{kind}", f"bottom_{kind}", "target_height", f"left_{kind}",
             f"right_{kind}", "target_width")
    _two_of_three(names[:3], sides[:3])
    _two_of_three(names[3:], sides[3:])
    _non_negative(names, sides)


def _non_negative(names: tuple, values: tuple) -> None:
    for name, value in zip(names, values):
        if value is not None and value < 0:
            raise ValueError(f"{name} must be >= 0. Received: {name}={value}")


def _padded(size: Any, first: Any, second: Any, target: Any, names: tuple) -> Any:
    """One axis of pad_images: the target (worked out from a known size), the sides then
    worked out and checked where the size is known."""
    if target is None and size is not None:
        target = first + size + second
    if size is not None:
        first = target - size - second if first is None else first
        second = target - size - first if second is None else second
        _non_negative(names, (first, second, target))
    return target


def _cropped(size: Any, first: Any, second: Any, target: Any, names: tuple,
             which: str, dims: list) -> Any:
    """One axis of crop_images: an unknown size needs its target; the sides then worked
    out and checked where the size is known."""
    if size is None and target is None:
        raise ValueError(f"When the {which} of the images is unknown, `target_{which}` must "
                         f"be specified.Received images.shape={dims} and "
                         f"target_{which}={target}")
    if target is None:
        target = size - first - second
    if size is not None:
        first = size - target - second if first is None else first
        second = size - target - first if second is None else second
        _non_negative(names, (first, second, target))
    return target


def pad_images(images: Any, top_padding: Any = None, left_padding: Any = None,
               bottom_padding: Any = None, right_padding: Any = None,
               target_height: Any = None, target_width: Any = None,
               data_format: Any = None) -> SymbolicTensor:
    dims, (h, w) = _sized(images, data_format)
    _checked("padding", (top_padding, bottom_padding, target_height, left_padding,
                         right_padding, target_width))
    out = list(dims)
    out[h] = _padded(dims[h], top_padding, bottom_padding, target_height,
                     ("top_padding", "bottom_padding", "target_height"))
    out[w] = _padded(dims[w], left_padding, right_padding, target_width,
                     ("left_padding", "right_padding", "target_width"))
    return _out(out, images.dtype)


def crop_images(images: Any, top_cropping: Any = None, left_cropping: Any = None,
                bottom_cropping: Any = None, right_cropping: Any = None,
                target_height: Any = None, target_width: Any = None,
                data_format: Any = None) -> SymbolicTensor:
    dims, (h, w) = _sized(images, data_format)
    _checked("cropping", (top_cropping, bottom_cropping, target_height, left_cropping,
                          right_cropping, target_width))
    out = list(dims)
    out[h] = _cropped(dims[h], top_cropping, bottom_cropping, target_height,
                      ("top_cropping", "bottom_cropping", "target_height"), "height", dims)
    out[w] = _cropped(dims[w], left_cropping, right_cropping, target_width,
                      ("left_cropping", "right_cropping", "target_width"), "width", dims)
    return _out(out, images.dtype)


def affine_transform(images: Any, transform: Any, interpolation: str = "bilinear",
                     fill_mode: str = "constant", fill_value: Any = 0,
                     data_format: Any = None) -> SymbolicTensor:
    """The images' shape and dtype, once the ranks are checked (the interpolation and
    fill mode are not: Keras's operation checks neither)."""
    if len(_shape(images)) not in (3, 4):
        raise ValueError("Invalid images rank: expected rank 3 (single image) or rank 4 "
                         "(batch of images). Received input with shape: "
                         f"images.shape={tuple(_shape(images))}")
    if len(_shape(transform)) not in (1, 2):
        raise ValueError("Invalid transform rank: expected rank 1 (single transform) or rank "
                         "2 (batch of transforms). Received input with shape: "
                         f"transform.shape={tuple(_shape(transform))}")
    return _out(_shape(images), images.dtype)
