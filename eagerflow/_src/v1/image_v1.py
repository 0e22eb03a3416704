"""tf.compat.v1.image's own resizing: TF 1's `resize_bilinear`, `resize_nearest_neighbor`,
`resize_bicubic`, `resize_area` (the raw ops with `align_corners` and `half_pixel_centers`,
TF 1's defaults: neither), `resize_images`/`resize` with `ResizeMethod`'s integer methods
and `align_corners`, and `resize_image_with_pad` over it.

Sits above the ops layer: binds the resize ops of ops/image.py with TF 1's attrs; their
kernels compute TF's sampling for each mode."""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.api_names import tf_name
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.runtime_options import op_determinism_enabled
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.core.tf_logging import deprecated_call
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import image as _img
from eagerflow._src.ops import image_crops, image_sampling
from eagerflow._src.ops.array import expand_dims, squeeze
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.image_bounds import resize_with_pad_by
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.random import _op_seeds
from eagerflow._src.v1.tf1_args import deprecated_arg, lookup

_IMPL = "tensorflow.python.ops.image_ops_impl"
_GEN = "tensorflow.python.ops.gen_image_ops"


class ResizeMethod:
    """TF 1's resize methods (`tf.compat.v1.image.ResizeMethod`): integers."""

    BILINEAR = 0
    NEAREST_NEIGHBOR = 1
    BICUBIC = 2
    AREA = 3


def _raw(op: Any, images: Any, size: Any, attrs: dict, name: str | None) -> Any:
    """One TF 1 resize op on 4-D `images`: TF's float32 result (nearest keeps the type)."""
    x = _half_in_float(op, convert_to_tensor(images))
    (h, w), dyn = _img._size_arg(size)
    out = bind(op, (x,) + dyn, {"size": (h, w), **attrs}, name=name)
    if op is not _img.RESIZE_NEAREST and out._dtype is not dt.float32:
        out = cast(out, dt.float32)  # TF's op gives float32 of every input type
    return out


def _half_in_float(op: Any, x: Any) -> Any:
    # TF's kernels interpolate half images in float32; eagerflow's op would in the half type
    if op is not _img.RESIZE_NEAREST and x._dtype in (dt.float16, dt.bfloat16):
        return cast(x, dt.float32)
    return x


def _modes(op: str, align_corners: Any, half_pixel_centers: Any) -> dict:
    # (TF 1's functions are the ops' generated wrappers: None is an attr's default)
    return AV.wrapper_attrs(op, align_corners=align_corners,
                            half_pixel_centers=half_pixel_centers)


@dispatch_binding
@eager_api("images", "size")
def resize_bilinear(images: Any, size: Any, align_corners: bool = False,
                    name: str | None = None, half_pixel_centers: bool = False) -> Any:
    """TF 1's ResizeBilinear: float32 images of `size`, sampled as `align_corners` and
    `half_pixel_centers` say."""
    deprecated_call("resize_bilinear", _IMPL,
                    "Use `tf.image.resize(...method=ResizeMethod.BILINEAR...)` instead.")
    return _raw(_img.RESIZE_BILINEAR, images, size,
                _modes("ResizeBilinear", align_corners, half_pixel_centers), name)


@dispatch_binding
@eager_api("images", "size")
def resize_nearest_neighbor(images: Any, size: Any, align_corners: bool = False,
                            name: str | None = None, half_pixel_centers: bool = False) -> Any:
    """TF 1's ResizeNearestNeighbor (the input's dtype kept)."""
    deprecated_call("resize_nearest_neighbor", _IMPL,
                    "Use `tf.image.resize(...method=ResizeMethod.NEAREST_NEIGHBOR...)` "
                    "instead.")
    return _raw(_img.RESIZE_NEAREST, images, size,
                _modes("ResizeNearestNeighbor", align_corners, half_pixel_centers), name)


@dispatch_binding
@eager_api("images", "size")
def resize_bicubic(images: Any, size: Any, align_corners: bool = False,
                   name: str | None = None, half_pixel_centers: bool = False) -> Any:
    """TF 1's ResizeBicubic: TF 1's cubic (a = -0.75, edges clamped) unless half-pixel
    centers, then TF 2's Keys cubic."""
    deprecated_call("resize_bicubic", _IMPL,
                    "Use `tf.image.resize(...method=ResizeMethod.BICUBIC...)` instead.")
    return _raw(_img.RESIZE_BICUBIC, images, size,
                _modes("ResizeBicubic", align_corners, half_pixel_centers), name)


@dispatch_binding
@eager_api("images", "size")
def resize_area(images: Any, size: Any, align_corners: bool = False,
                name: str | None = None) -> Any:
    """TF 1's ResizeArea (`align_corners` scales by (in - 1) / (out - 1))."""
    # (TF's generated resize_area has no dispatch wrapper: its notice names the caller's
    # line, past eager_api's frame)
    deprecated_call("resize_area", _GEN,
                    "Use `tf.image.resize(...method=ResizeMethod.AREA...)` instead.", depth=3)
    return _raw(_img.RESIZE_AREA, images, size,
                AV.wrapper_attrs("ResizeArea", align_corners=align_corners), name)


_OPS = {ResizeMethod.BILINEAR: _img.RESIZE_BILINEAR, "bilinear": _img.RESIZE_BILINEAR,
        ResizeMethod.NEAREST_NEIGHBOR: _img.RESIZE_NEAREST, "nearest": _img.RESIZE_NEAREST,
        ResizeMethod.BICUBIC: _img.RESIZE_BICUBIC, "bicubic": _img.RESIZE_BICUBIC,
        ResizeMethod.AREA: _img.RESIZE_AREA, "area": _img.RESIZE_AREA}


@dispatch_binding
def resize_images(images: Any, size: Any, method: Any = ResizeMethod.BILINEAR,
                  align_corners: bool = False, preserve_aspect_ratio: bool = False,
                  name: str | None = None) -> Any:
    """TF 1's `tf.image.resize`: 3-D or 4-D images through TF 1's op for `method` (an
    integer of ResizeMethod or TF 2's name) with `align_corners`, legacy pixel centers;
    images already of `size` come back unchanged."""
    with name_scope(name or "resize"):
        return _resize_images(images, size, method, align_corners, preserve_aspect_ratio)


def _resize_images(images: Any, size: Any, method: Any, align_corners: bool,
                   preserve_aspect_ratio: bool) -> Any:
    x = convert_to_tensor(images)
    rank = _img._image_rank(x)
    if rank == 3:
        x = expand_dims(x, 0)
    (h_out, w_out), dyn = _img._size_arg(size)
    h, w = x._shape[1], x._shape[2]
    if preserve_aspect_ratio and not dyn:
        f32 = dt.float32.as_numpy_dtype
        f = min(f32(h_out) / f32(h), f32(w_out) / f32(w))
        h_out, w_out = int(round(float(f32(f) * f32(h)))), int(round(float(f32(f) * f32(w))))
    _img.check_size_dims((h_out, w_out))  # (the size scaled, where it keeps the ratio)
    if not dyn and (h, w) == (h_out, w_out):
        return squeeze(x, [0]) if rank == 3 else x
    try:
        op = _OPS.get(method)
    except TypeError:  # an unhashable method
        op = None
    if op is None:
        raise ValueError(f"Resize method is not implemented: {method}")
    align = AV.wrapper_attrs(op.name, align_corners=align_corners)["align_corners"]
    attrs = {"align_corners": align} if op is _img.RESIZE_AREA else \
        {"align_corners": align, "half_pixel_centers": False}
    out = bind(op, (_half_in_float(op, x),) + dyn, {"size": (h_out, w_out), **attrs})
    if op is not _img.RESIZE_NEAREST and out._dtype is not dt.float32:
        out = cast(out, dt.float32)
    return squeeze(out, [0]) if rank == 3 else out


@dispatch_binding
@tf_name("resize_image_with_pad_v1")
def resize_image_with_pad(image: Any, target_height: int, target_width: int,
                          method: Any = ResizeMethod.BILINEAR,
                          align_corners: bool = False) -> Any:
    """TF 1's resize_with_pad: resized by TF 1's resize_images (`method` an integer of
    ResizeMethod, `align_corners`) keeping the aspect ratio, then zero-padded."""
    return resize_with_pad_by(image, target_height, target_width,
                              lambda x, size: resize_images(x, size, method, align_corners))


@dispatch_binding
@tf_name("crop_and_resize_v1")
def crop_and_resize(image: Any, boxes: Any, box_ind: Any = None, crop_size: Any = None,
                    method: str = "bilinear", extrapolation_value: float = 0,
                    name: str | None = None, box_indices: Any = None) -> Any:
    """`tf.compat.v1.image.crop_and_resize`: TF 1's `box_ind` (`box_indices` its newer
    name), TF's CropAndResize."""
    if box_ind is not None:
        deprecated_arg("crop_and_resize_v1", _IMPL, "box_ind",
                       "box_ind is deprecated, use box_indices instead")
    box_ind = lookup("box_indices", box_indices, "box_ind", box_ind)
    return image_crops.crop_and_resize(image, boxes, box_ind, crop_size, method,
                                       extrapolation_value, name)


@eager_api("image_size", "bounding_boxes")
def sample_distorted_bounding_box(image_size: Any, bounding_boxes: Any, seed: Any = None,
                                  seed2: Any = None, min_object_covered: Any = 0.1,
                                  aspect_ratio_range: Any = None, area_range: Any = None,
                                  max_attempts: Any = None,
                                  use_image_if_no_bounding_boxes: Any = None,
                                  name: str | None = None) -> tuple:
    """`tf.compat.v1.image.sample_distorted_bounding_box`: TF's SampleDistortedBoundingBoxV2
    with TF 1's `seed` and `seed2` as the op's own (not read through the graph's seed:
    both 0 or None draw at random): (begin, size, bboxes)."""
    deprecated_call("sample_distorted_bounding_box", _IMPL,
                    "`seed2` arg is deprecated.Use sample_distorted_bounding_box_v2 instead.")
    if not seed and not seed2 and op_determinism_enabled():
        raise ValueError(
            f'tf.compat.v1.image.sample_distorted_bounding_box requires "seed" or "seed2" to '
            f'be non-zero when determinism is enabled. Please pass in a non-zero seed, e.g. '
            f'by passing "seed=1". Got seed={seed} and seed2={seed2}')
    with name_scope(name or "sample_distorted_bounding_box"):
        seeds = {**_op_seeds(None), "seed": AV.make_int(seed or 0, "seed"),
                 "seed2": AV.make_int(seed2 or 0, "seed2")}
        op = image_sampling.SAMPLE_DISTORTED_BOUNDING_BOX
        attrs = image_sampling._attrs(op.name, aspect_ratio_range, area_range, max_attempts,
                                      use_image_if_no_bounding_boxes)  # (before the inputs)
        return image_sampling.SampleDistortedBoundingBoxV2(*bind(
            op, image_sampling._inputs(image_size, bounding_boxes, min_object_covered),
            {**seeds, **attrs}))
