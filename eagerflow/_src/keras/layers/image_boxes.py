"""The "bounding_boxes" inputs of Keras 3's image augmentation layers: validation and
densifying (validate/densify), and the box side of each geometric layer's transformation
(flip, resize, crop, translation, zoom, rotation, shear, perspective).

Keras layer level, between keras.utils.bounding_boxes (the format conversions and clips
these compose) and the layers in preprocessing_image.py / preprocessing_affine.py, which
call these with their drawn transformation. Boxes are (batch, boxes, 4) here: the base
layer adds and removes the batch axis of a single image's boxes. As in Keras, most
transforms work in "xyxy" or "rel_xyxy" and give the boxes back in the layer's format,
labels of boxes clipped away become -1, and the arithmetic is Keras's step for step (its
quirks included: RandomCrop subtracts its top offset from x, RandomRotation and
RandomPerspective do not convert from and to the layer's format).
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.keras.ops import core as kc
from eagerflow._src.keras.ops import linalg as klin
from eagerflow._src.keras.ops import numpy_array as kn
from eagerflow._src.keras.ops import numpy_linear as kl
from eagerflow._src.keras.ops import numpy_math as km
from eagerflow._src.keras.ops import numpy_reduce as kr
from eagerflow._src.keras.utils.bounding_boxes import (
    affine_transform,
    clip_to_image_size,
    convert_format,
)
from eagerflow._src.ops.ragged import RaggedTensor


def validate(bounding_boxes: Any) -> None:
    """A dict with "boxes" of rank 2 or 3 and "labels" of rank 1-2 or 2-3 (or both lists,
    or both ragged)."""
    if not isinstance(bounding_boxes, dict) or "labels" not in bounding_boxes or \
            "boxes" not in bounding_boxes:
        raise ValueError("Expected `bounding_boxes` agurment to be a dict with keys 'boxes' "
                         f"and 'labels'. Received: bounding_boxes={bounding_boxes}")
    boxes, labels = bounding_boxes["boxes"], bounding_boxes["labels"]
    if isinstance(boxes, list):
        if not isinstance(labels, list):
            raise ValueError("If `bounding_boxes['boxes']` is a list, then "
                             "`bounding_boxes['labels']` must also be a list.Received: "
                             f"bounding_boxes['labels']={labels}")
        if len(boxes) != len(labels):
            raise ValueError("If `bounding_boxes['boxes']` and `bounding_boxes['labels']` are "
                             "both lists, they must have the same length. Received: "
                             f"len(bounding_boxes['boxes'])={len(boxes)} and "
                             f"len(bounding_boxes['labels'])={len(labels)} and ")
        return
    if isinstance(boxes, RaggedTensor):
        if not isinstance(labels, RaggedTensor):
            raise ValueError("If `bounding_boxes['boxes']` is a Ragged tensor,  "
                             "`bounding_boxes['labels']` must also be a Ragged tensor. "
                             f"Received: bounding_boxes['labels']={labels}")
        return
    boxes_shape, labels_shape = kc.shape(boxes), kc.shape(labels)
    if len(boxes_shape) not in (2, 3):
        raise ValueError("Expected `bounding_boxes['boxes']` to have rank 2 or 3, with shape "
                         "(num_boxes, 4) or (batch_size, num_boxes, 4). Received: "
                         f"bounding_boxes['boxes'].shape={boxes_shape}")
    allowed = {1, 2} if len(boxes_shape) == 2 else {2, 3}
    if len(labels_shape) not in allowed:
        low, high = sorted(allowed)
        raise ValueError(f"Found bounding_boxes['boxes'].shape={boxes_shape} and expected "
                         f"bounding_boxes['labels'] to have rank {low} or {high}, but "
                         f"received: bounding_boxes['labels'].shape={labels_shape} ")


def densify(bounding_boxes: dict) -> dict:
    """Dense boxes (float32; ragged rows padded with 0) and labels (ragged rows padded
    with -1): written into `bounding_boxes` itself, as Keras 3 does (a caller's dict passed
    to RandomFlip or RandomCrop, which take their inputs unconverted, holds tensors after),
    except where the boxes are Python lists (Keras builds a new dict for those)."""
    validate(bounding_boxes)
    out = dict(bounding_boxes) if isinstance(bounding_boxes["boxes"], list) else bounding_boxes
    boxes, labels = out["boxes"], out["labels"]
    if isinstance(boxes, RaggedTensor):
        out["boxes"] = boxes.to_tensor(default_value=0)
        out["labels"] = labels.to_tensor(default_value=-1)
        return out
    out["boxes"] = kc.convert_to_tensor(boxes, dtype="float32")
    out["labels"] = kc.convert_to_tensor(labels)
    return out


def _boxes_in(boxes: dict, fmt: str, target: str, height: Any, width: Any,
              dtype: Any = "float32") -> dict:
    return convert_format(dict(boxes), fmt, target, height, width, dtype)


def flip(bounding_boxes: dict, fmt: str, flips: Any, height: Any, width: Any,
         horizontal: bool, vertical: bool) -> dict:
    """RandomFlip's: in relative corners, x -> 1 - x (and/or y -> 1 - y) where flipped."""
    flips = kn.squeeze(flips, axis=-1)
    boxes = _boxes_in(bounding_boxes, fmt, "rel_xyxy", height, width)
    b = boxes["boxes"]
    if horizontal:
        x1, y1, x2, y2 = kn.split(b, 4, axis=-1)
        b = kn.where(flips, kn.concatenate([1 - x2, y1, 1 - x1, y2], axis=-1), b)
    if vertical:
        x1, y1, x2, y2 = kn.split(b, 4, axis=-1)
        b = kn.where(flips, kn.concatenate([x1, 1 - y2, x2, 1 - y1], axis=-1), b)
    boxes["boxes"] = b
    boxes = clip_to_image_size(boxes, height, width, "xyxy")
    return convert_format(boxes, "rel_xyxy", fmt, height, width)


def _stack_scaled(boxes: Any, scale_x: Any, scale_y: Any, shift_x: Any = 0,
                  shift_y: Any = 0) -> Any:
    return kn.stack([boxes[..., 0] * scale_x + shift_x, boxes[..., 1] * scale_y + shift_y,
                     boxes[..., 2] * scale_x + shift_x, boxes[..., 3] * scale_y + shift_y],
                    axis=-1)


def resize(bounding_boxes: dict, fmt: str, in_size: tuple, out_size: tuple,
           crop_to_aspect_ratio: bool, pad_to_aspect_ratio: bool) -> dict:
    """Resizing's: boxes scaled with the image (after its crop or pad to the target's
    aspect ratio); all-zero and all-minus-one (padding) boxes stay zero."""
    in_height, in_width = in_size
    height, width = out_size
    b = bounding_boxes["boxes"]
    padding = km.logical_or(kr.all(b == -1, axis=-1), kr.all(b == 0, axis=-1))
    boxes = _boxes_in(bounding_boxes, fmt, "xyxy", in_height, in_width)
    b = boxes["boxes"]
    h_in, w_in = kc.cast(in_height, b.dtype), kc.cast(in_width, b.dtype)
    if pad_to_aspect_ratio:
        ratio = km.minimum(kc.cast(height / h_in, b.dtype), kc.cast(width / w_in, b.dtype))
        b = _stack_scaled(b, ratio, ratio, (width - w_in * ratio) // 2,
                          (height - h_in * ratio) // 2)
    elif crop_to_aspect_ratio:
        source, target = w_in / h_in, width / height
        new_width = kn.where(source > target, height * source, width)
        new_height = kn.where(source > target, height, width / source)
        b = _stack_scaled(b, new_width / w_in, new_height / h_in, -((new_width - width) // 2),
                          -((new_height - height) // 2))
    else:
        b = _stack_scaled(b, kc.cast(width / w_in, b.dtype), kc.cast(height / h_in, b.dtype))
    boxes["boxes"] = b
    boxes = clip_to_image_size(boxes, height, width)
    boxes["boxes"] = kn.where(kn.expand_dims(padding, axis=-1),
                              kc.convert_to_tensor([0.0, 0.0, 0.0, 0.0], boxes["boxes"].dtype),
                              boxes["boxes"])
    return convert_format(boxes, "xyxy", fmt, height, width)


def _window(boxes: dict, top: Any, left: Any, bottom: Any, right: Any) -> dict:
    """Corners clipped to a window and moved to its origin."""
    x1, y1, x2, y2 = kn.split(boxes["boxes"], 4, axis=-1)
    boxes["boxes"] = kn.concatenate([km.clip(x1, left, right) - left,
                                     km.clip(y1, top, bottom) - top,
                                     km.clip(x2, left, right) - left,
                                     km.clip(y2, top, bottom) - top], axis=-1)
    return boxes


def center_crop(bounding_boxes: dict, fmt: str, in_size: tuple, out_size: tuple) -> dict:
    """CenterCrop's: boxes cut to the central window (or to the aspect-ratio window and
    rescaled, when the image is smaller than the target)."""
    in_height, in_width = in_size
    height, width = out_size
    boxes = _boxes_in(bounding_boxes, fmt, "xyxy", in_height, in_width)
    if in_height - height >= 0 and in_width - width >= 0:
        top, left = int((in_height - height) / 2), int((in_width - width) / 2)
        boxes = _window(boxes, top, left, top + height, left + width)
    else:
        crop_height = max(min(in_height, int(float(in_width * height) / width)), 1)
        crop_width = max(min(in_width, int(float(in_height * width) / height)), 1)
        top = int(float(in_height - crop_height) / 2)
        left = int(float(in_width - crop_width) / 2)
        boxes = _window(boxes, top, left, top + crop_height, left + crop_width)
        boxes = convert_format(boxes, "xyxy", "rel_xyxy", crop_height, crop_width)
        boxes = convert_format(boxes, "rel_xyxy", "xyxy", height, width)
    boxes = clip_to_image_size(boxes, height, width, "xyxy")
    return convert_format(boxes, "xyxy", fmt, height, width)


def random_crop(bounding_boxes: dict, fmt: str, top: Any, left: Any, size: tuple) -> dict:
    """RandomCrop's (Keras's arithmetic: the top offset comes off x, the left off y)."""
    height, width = size
    b = convert_format(bounding_boxes["boxes"], fmt, "xyxy", height, width)
    top, left = kc.cast(top, b.dtype), kc.cast(left, b.dtype)
    b = kn.stack([km.maximum(b[..., 0] - top, 0), km.maximum(b[..., 1] - left, 0),
                  km.maximum(b[..., 2] - top, 0), km.maximum(b[..., 3] - left, 0)], axis=-1)
    return {"boxes": convert_format(b, "xyxy", fmt, height, width),
            "labels": bounding_boxes["labels"]}


def _map_point(matrix: Any, x: Any, y: Any) -> tuple:
    """Where TF's 8-coefficient transform sends (x, y) (each [batch, 1])."""
    a0, a1, a2, b0, b1, b2, c0, c1 = kn.split(matrix, 8, axis=-1)
    k = c0 * x + c1 * y + 1
    return (a0 * x + a1 * y + a2) / k, (b0 * x + b1 * y + b2) / k


def translate(bounding_boxes: dict, fmt: str, matrix: Any, height: Any, width: Any) -> dict:
    """RandomTranslation's: boxes moved by the image's shift."""
    boxes = _boxes_in(bounding_boxes, fmt, "xyxy", height, width)
    b = boxes["boxes"]
    shift_x, shift_y = (kn.expand_dims(kc.cast(v, b.dtype), -1) for v in _map_point(matrix, 0, 0))
    x1, y1, x2, y2 = kn.split(b, 4, axis=-1)
    boxes["boxes"] = kn.concatenate([x1 - shift_x, y1 - shift_y, x2 - shift_x, y2 - shift_y],
                                    axis=-1)
    boxes = clip_to_image_size(boxes, height, width, "xyxy")
    return convert_format(boxes, "xyxy", fmt, height, width)


def zoom(bounding_boxes: dict, fmt: str, matrix: Any, height: Any, width: Any) -> dict:
    """RandomZoom's: boxes cut to the window the zoom keeps, as fractions of it."""
    boxes = _boxes_in(bounding_boxes, fmt, "xyxy", height, width)
    left, top = _map_point(matrix, 0, 0)
    right, bottom = _map_point(matrix, width, height)
    kept_height, kept_width = kn.expand_dims(bottom - top, -1), kn.expand_dims(right - left, -1)
    boxes = _window(boxes, *(kn.expand_dims(v, -1) for v in (top, left, bottom, right)))
    boxes = convert_format(boxes, "xyxy", "rel_xyxy", kept_height, kept_width)
    boxes = clip_to_image_size(boxes, kept_height, kept_width, "rel_xyxy")
    return convert_format(boxes, "rel_xyxy", fmt, height, width)


def rotate(bounding_boxes: dict, fmt: str, angle: Any, height: Any, width: Any) -> dict:
    """RandomRotation's: the box around each box's rotated corners (the boxes are taken
    as "xyxy" whatever the format, as Keras does)."""
    batch = kc.shape(angle)[0]
    zeros, ones = kn.zeros([batch]), kn.ones([batch])
    boxes = dict(bounding_boxes)
    boxes["boxes"] = affine_transform(boxes["boxes"], angle, zeros, zeros, ones, zeros, zeros,
                                      height, width)
    boxes = clip_to_image_size(boxes, height, width, "xyxy")
    return convert_format(boxes, "xyxy", fmt, height, width)


def shear(bounding_boxes: dict, fmt: str, shear_x: Any, shear_y: Any, height: Any,
          width: Any, dtype: Any) -> dict:
    """RandomShear's: in relative corners, each edge moved along the shear by the other
    axis's near or far coordinate."""
    boxes = _boxes_in(bounding_boxes, fmt, "rel_xyxy", height, width, dtype)
    x1, y1, x2, y2 = (kn.squeeze(v, axis=-1) for v in kn.split(boxes["boxes"], 4, axis=-1))
    x1 = kn.where(shear_x < 0, x1 - shear_x * y1, x1 - shear_x * y2)
    x2 = kn.where(shear_x < 0, x2 - shear_x * y2, x2 - shear_x * y1)
    y1 = kn.where(shear_y > 0, y1 - shear_y * x2, y1 - shear_y * x1)
    y2 = kn.where(shear_y > 0, y2 - shear_y * x1, y2 - shear_y * x2)
    boxes["boxes"] = kn.stack([x1, y1, x2, y2], axis=-1)
    boxes = clip_to_image_size(boxes, height, width, "rel_xyxy")
    return convert_format(boxes, "rel_xyxy", fmt, height, width, dtype)


def perspective(bounding_boxes: dict, fmt: str, homography: Any, apply: Any, height: Any,
                width: Any, dtype: Any) -> dict:
    """RandomPerspective's: the box around each box's corners through the inverse of the
    image's homography, where the perspective applies (left in "xyxy", as Keras)."""
    boxes = _boxes_in(bounding_boxes, fmt, "xyxy", height, width)
    x0, y0, x1, y1 = kn.split(boxes["boxes"], 4, axis=-1)
    batch = kc.shape(homography)[0]
    matrix = kc.cast(kn.expand_dims(homography, axis=1), dtype)
    matrix = kn.reshape(kn.concatenate([matrix, kn.ones((batch, 1, 1))], axis=-1),
                        (batch, 3, 3))
    inverse = klin.inv(matrix)
    xs, ys = [], []
    for x, y in ((x0, y0), (x1, y1), (x0, y1), (x1, y0)):
        points = kn.moveaxis(kn.concatenate([x, y, kn.ones_like(x)], axis=-1), -1, -2)
        mapped = kn.moveaxis(kl.matmul(inverse, points), -1, -2)
        xs.append(mapped[..., 0] / mapped[..., 2])
        ys.append(mapped[..., 1] / mapped[..., 2])
    xs, ys = kn.stack(xs, axis=-1), kn.stack(ys, axis=-1)
    warped = kn.concatenate([kn.expand_dims(kr.min(xs, axis=-1), -1),
                             kn.expand_dims(kr.min(ys, axis=-1), -1),
                             kn.expand_dims(kr.max(xs, axis=-1), -1),
                             kn.expand_dims(kr.max(ys, axis=-1), -1)], axis=-1)
    apply = kc.convert_to_tensor(apply, dtype=warped.dtype)
    boxes["boxes"] = kn.where(apply[:, None, None], warped, boxes["boxes"])
    return clip_to_image_size(boxes, height, width, "xyxy")

