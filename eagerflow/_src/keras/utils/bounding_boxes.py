"""keras.utils.bounding_boxes: box formats, clipping, cropping, padding, affine maps,
IoU/CIoU and anchor deltas, as Keras 3.15 has them (and as the image augmentation layers
use them on their "bounding_boxes" inputs).

Keras layer level, compositions of keras.ops (so of registered ops). Every conversion goes
through "xyxy" ([left, top, right, bottom] in pixels); "rel_" formats are fractions of the
image's height and width.
"""

from __future__ import annotations

import math
from typing import Any, Callable

from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.ops import core as kc
from eagerflow._src.keras.ops import numpy_array as kn
from eagerflow._src.keras.ops import numpy_linear as kl
from eagerflow._src.keras.ops import numpy_math as km
from eagerflow._src.keras.ops import numpy_reduce as kr

SUPPORTED_FORMATS = ("xyxy", "yxyx", "xywh", "center_xywh", "center_yxhw", "rel_xyxy",
                     "rel_yxyx", "rel_xywh", "rel_center_xywh")


def _parts(boxes: Any) -> list:
    return kn.split(boxes, 4, axis=-1)


def _join(*parts: Any) -> Any:
    return kn.concatenate(list(parts), axis=-1)


# Each format: (to xyxy, from xyxy), over the four columns and the image's height, width.
def _corners(a: Any, b: Any, c: Any, d: Any, h: Any, w: Any) -> tuple:
    return a, b, c, d


def _swapped(a: Any, b: Any, c: Any, d: Any, h: Any, w: Any) -> tuple:
    return b, a, d, c


def _xywh_in(x: Any, y: Any, bw: Any, bh: Any, h: Any, w: Any) -> tuple:
    return x, y, x + bw, y + bh


def _xywh_out(x1: Any, y1: Any, x2: Any, y2: Any, h: Any, w: Any) -> tuple:
    return x1, y1, x2 - x1, y2 - y1


def _center_in(cx: Any, cy: Any, bw: Any, bh: Any, h: Any, w: Any) -> tuple:
    return cx - bw / 2.0, cy - bh / 2.0, cx + bw / 2.0, cy + bh / 2.0


def _center_out(x1: Any, y1: Any, x2: Any, y2: Any, h: Any, w: Any) -> tuple:
    return x1 + (x2 - x1) / 2.0, y1 + (y2 - y1) / 2.0, x2 - x1, y2 - y1


def _yxhw_in(cy: Any, cx: Any, bh: Any, bw: Any, h: Any, w: Any) -> tuple:
    return _center_in(cx, cy, bw, bh, h, w)


def _yxhw_out(x1: Any, y1: Any, x2: Any, y2: Any, h: Any, w: Any) -> tuple:
    cx, cy, bw, bh = _center_out(x1, y1, x2, y2, h, w)
    return cy, cx, bh, bw


def _rel_xyxy_in(x1: Any, y1: Any, x2: Any, y2: Any, h: Any, w: Any) -> tuple:
    return x1 * w, y1 * h, x2 * w, y2 * h


def _rel_xyxy_out(x1: Any, y1: Any, x2: Any, y2: Any, h: Any, w: Any) -> tuple:
    return km.divide(x1, w), km.divide(y1, h), km.divide(x2, w), km.divide(y2, h)


def _rel_yxyx_in(y1: Any, x1: Any, y2: Any, x2: Any, h: Any, w: Any) -> tuple:
    return _rel_xyxy_in(x1, y1, x2, y2, h, w)


def _rel_yxyx_out(x1: Any, y1: Any, x2: Any, y2: Any, h: Any, w: Any) -> tuple:
    return _swapped(*_rel_xyxy_out(x1, y1, x2, y2, h, w), h, w)


def _rel_xywh_in(x: Any, y: Any, bw: Any, bh: Any, h: Any, w: Any) -> tuple:
    return x * w, y * h, (x + bw) * w, (y + bh) * h


def _rel_xywh_out(x1: Any, y1: Any, x2: Any, y2: Any, h: Any, w: Any) -> tuple:
    return x1 / w, y1 / h, (x2 - x1) / w, (y2 - y1) / h


def _rel_center_in(cx: Any, cy: Any, bw: Any, bh: Any, h: Any, w: Any) -> tuple:
    return ((cx - bw / 2.0) * w, (cy - bh / 2.0) * h, (cx + bw / 2.0) * w,
            (cy + bh / 2.0) * h)


def _rel_center_out(x1: Any, y1: Any, x2: Any, y2: Any, h: Any, w: Any) -> tuple:
    return ((x1 + (x2 - x1) / 2.0) / w, (y1 + (y2 - y1) / 2.0) / h, (x2 - x1) / w,
            (y2 - y1) / h)


CONVERTERS: dict[str, tuple[Callable, Callable]] = {
    "xyxy": (_corners, _corners), "yxyx": (_swapped, _swapped),
    "xywh": (_xywh_in, _xywh_out), "center_xywh": (_center_in, _center_out),
    "center_yxhw": (_yxhw_in, _yxhw_out), "rel_xyxy": (_rel_xyxy_in, _rel_xyxy_out),
    "rel_yxyx": (_rel_yxyx_in, _rel_yxyx_out), "rel_xywh": (_rel_xywh_in, _rel_xywh_out),
    "rel_center_xywh": (_rel_center_in, _rel_center_out)}


def convert_format(boxes: Any, source: str, target: str, height: Any = None,
                   width: Any = None, dtype: Any = "float32") -> Any:
    """Boxes (..., 4) from `source` format to `target` (cast to `dtype`); a dict's "boxes"
    are converted in place and the dict returned. Relative formats need height and width."""
    if isinstance(boxes, dict):
        boxes["boxes"] = convert_format(boxes["boxes"], source, target, height, width, dtype)
        return boxes
    shape = kc.shape(boxes)
    if shape[-1] != 4:
        raise ValueError("`boxes` must be a tensor with the last dimension of 4. Received: "
                         f"boxes.shape={shape}")
    source, target = source.lower(), target.lower()
    if source not in SUPPORTED_FORMATS or target not in SUPPORTED_FORMATS:
        raise ValueError(f"Invalid source or target format. Supported formats: "
                         f"{SUPPORTED_FORMATS}")
    if (source.startswith("rel_") or target.startswith("rel_")) and (
            width is None or height is None):
        raise ValueError("convert_format() must receive `height` and `width` transforming "
                         "between relative and absolute formats.convert_format() received "
                         f"source=`{source}`, target=`{target}, but height={height} and "
                         f"width={width}.")
    boxes = kc.cast(boxes, dtype)
    if source == target:
        return boxes
    width = None if width is None else kc.cast(width, dtype)
    height = None if height is None else kc.cast(height, dtype)
    if source.startswith("rel_") and target.startswith("rel_"):  # no pixels needed
        source, target = source[4:], target[4:]
    corners = CONVERTERS[source][0](*_parts(boxes), height, width)
    return _join(*CONVERTERS[target][1](*corners, height, width))


def _area(boxes: Any) -> Any:
    x1, y1, x2, y2 = _parts(boxes)
    return (x2 - x1) * (y2 - y1)


def clip_to_image_size(bounding_boxes: dict, height: Any = None, width: Any = None,
                       bounding_box_format: str = "xyxy") -> dict:
    """A copy of the dict with its "xyxy" (or "rel_xyxy") boxes clipped to the image and
    the labels of boxes left with no area set to -1."""
    if bounding_box_format not in ("xyxy", "rel_xyxy"):
        raise NotImplementedError
    if bounding_box_format == "xyxy" and (height is None or width is None):
        raise ValueError("`height` and `width` must be set if `format='xyxy'`.")
    boxes = bounding_boxes["boxes"]
    labels = bounding_boxes.get("labels", None)
    if bounding_box_format == "xyxy":
        high_x, high_y = kc.cast(width, boxes.dtype), kc.cast(height, boxes.dtype)
    else:
        high_x = high_y = 1.0
    x1, y1, x2, y2 = _parts(boxes)
    boxes = _join(km.clip(x1, 0, high_x), km.clip(y1, 0, high_y), km.clip(x2, 0, high_x),
                  km.clip(y2, 0, high_y))
    result = bounding_boxes.copy()
    result["boxes"] = boxes
    if labels is not None:
        areas = kn.squeeze(_area(boxes), axis=-1)
        result["labels"] = kn.where(areas > 0, labels, -1)
    return result


def crop(boxes: Any, top: Any, left: Any, height: Any, width: Any,
         bounding_box_format: str = "xyxy") -> Any:
    """"xyxy" boxes moved by (-left, -top) and clipped to a (height, width) window."""
    if bounding_box_format != "xyxy":
        raise NotImplementedError
    x1, y1, x2, y2 = _parts(boxes)
    return _join(km.clip(x1 - left, 0, width), km.clip(y1 - top, 0, height),
                 km.clip(x2 - left, 0, width), km.clip(y2 - top, 0, height))


def pad(boxes: Any, top: Any, left: Any, height: Any = None, width: Any = None,
        bounding_box_format: str = "xyxy") -> Any:
    """"xyxy" boxes moved by (left, top): the image padded above and to the left."""
    if bounding_box_format != "xyxy":
        raise NotImplementedError
    x1, y1, x2, y2 = _parts(boxes)
    return _join(x1 + left, y1 + top, x2 + left, y2 + top)


def _inverse_affine_matrix(center_x: Any, center_y: Any, angle: Any, translate_x: Any,
                           translate_y: Any, scale: Any, shear_x: Any, shear_y: Any,
                           height: Any, width: Any) -> Any:
    """(batch, 3, 3): the map of the image transform (rotation and shear in degrees,
    translation and centre as fractions of the image) applied to box corners."""
    batch = kc.shape(angle)[0]
    dtype = angle.dtype
    cx, cy = km.multiply(center_x, width - 1), km.multiply(center_y, height - 1)
    rot = km.multiply(-angle, 1.0 / 180.0 * math.pi)
    tx = km.multiply(-translate_x, width - 1)
    ty = km.multiply(-translate_y, height - 1)
    sx = km.multiply(-shear_x, 1.0 / 180.0 * math.pi)
    sy = km.multiply(-shear_y, 1.0 / 180.0 * math.pi)
    cos_sy, tan_sx = km.cos(sy), km.tan(sx)
    a = km.cos(rot - sy) / cos_sy
    b = a * tan_sx + km.sin(rot)
    c = -km.sin(rot - sy) / cos_sy
    d = km.cos(rot) - c * tan_sx
    a0, a1 = km.multiply(d, scale), km.multiply(-b, scale)
    b0, b1 = km.multiply(-c, scale), km.multiply(a, scale)
    a2 = cx - a0 * (cx + tx) - a1 * (cy + ty)
    b2 = cy - b0 * (cx + tx) - b1 * (cy + ty)
    zeros, ones = kn.zeros([batch], dtype), kn.ones([batch], dtype)
    matrix = kn.stack([a0, a1, a2, b0, b1, b2, zeros, zeros, ones], axis=-1)
    return kn.reshape(matrix, [batch, 3, 3])


def affine_transform(boxes: Any, angle: Any, translate_x: Any, translate_y: Any,
                     scale: Any, shear_x: Any, shear_y: Any, height: Any, width: Any,
                     center_x: Any = None, center_y: Any = None,
                     bounding_box_format: str = "xyxy") -> Any:
    """(batch, N, 4) "xyxy" boxes through a per-image affine map (each argument a
    (batch,) tensor): the box around the four mapped corners."""
    if bounding_box_format != "xyxy":
        raise NotImplementedError
    angle = kc.convert_to_tensor(angle)
    batch, n_boxes = kc.shape(boxes)[0], kc.shape(boxes)[1]
    matrix = _inverse_affine_matrix(0.5 if center_x is None else center_x,
                                    0.5 if center_y is None else center_y, angle,
                                    translate_x, translate_y, scale, shear_x, shear_y,
                                    height, width)
    boxes = kc.cast(boxes, matrix.dtype)
    x1, y1, x2, y2 = (boxes[..., i] for i in range(4))
    corners = kn.reshape(kn.stack([x1, y1, x2, y1, x2, y2, x1, y2], axis=-1),
                         [batch, n_boxes, 4, 2])
    corners = kn.concatenate([corners, kn.ones([batch, n_boxes, 4, 1], corners.dtype)],
                             axis=-1)
    mapped = kl.einsum("bnxy,byz->bnxz", corners,
                       kn.transpose(matrix[:, :2, :], [0, 2, 1]))
    return kn.concatenate([kr.amin(mapped, axis=2), kr.amax(mapped, axis=2)], axis=-1)


# ---------------------------------------------------------------------------------------
# Anchors and overlaps
# ---------------------------------------------------------------------------------------

def _check_variance(variance: Any) -> Any:
    if variance is None:
        return None
    variance = kc.convert_to_tensor(variance, "float32")
    if variance.shape[-1] != 4:
        raise ValueError(f"`variance` must be length 4, got {variance}")
    return variance


def _image_size(image_shape: Any) -> tuple:
    if image_shape is None:
        return None, None
    height, width, _ = image_shape
    return height, width


def encode_box_to_deltas(anchors: Any, boxes: Any, anchor_format: str, box_format: str,
                         encoding_format: str = "center_yxhw", variance: Any = None,
                         image_shape: Any = None) -> Any:
    """Boxes as offsets from their anchors: centre shift over the anchor's size, then the
    log of the size ratio (divided by `variance` when given)."""
    variance = _check_variance(variance)
    if encoding_format not in ["center_xywh", "center_yxhw"]:
        raise ValueError("`encoding_format` should be one of 'center_xywh' or 'center_yxhw', "
                         f"got {encoding_format}")
    height, width = _image_size(image_shape)
    anchors = convert_format(anchors, anchor_format, encoding_format, height, width)
    boxes = convert_format(boxes, box_format, encoding_format, height, width)
    anchor_size = km.maximum(anchors[..., 2:], kb.epsilon())
    box_size = km.maximum(boxes[..., 2:], kb.epsilon())
    deltas = kn.concatenate([(boxes[..., :2] - anchors[..., :2]) / anchor_size,
                             km.log(box_size / anchor_size)], axis=-1)
    return deltas if variance is None else deltas / variance


def decode_deltas_to_boxes(anchors: Any, boxes_delta: Any, anchor_format: str,
                           box_format: str, encoded_format: str = "center_yxhw",
                           variance: Any = None, image_shape: Any = None) -> Any:
    """The inverse of encode_box_to_deltas, in `box_format`; dicts of anchors and deltas
    (one entry per feature level) give a dict."""
    variance = _check_variance(variance)
    if encoded_format not in ["center_xywh", "center_yxhw"]:
        raise ValueError("`encoded_format` should be 'center_xywh' or 'center_yxhw', but got "
                         f"'{encoded_format}'.")
    height, width = _image_size(image_shape)

    def decode(anchor: Any, delta: Any) -> Any:
        anchor = convert_format(anchor, anchor_format, encoded_format, height, width)
        if variance is not None:
            delta = delta * variance
        box = kn.concatenate([delta[..., :2] * anchor[..., 2:] + anchor[..., :2],
                              km.exp(delta[..., 2:]) * anchor[..., 2:]], axis=-1)
        return convert_format(box, encoded_format, box_format, height, width)

    if isinstance(anchors, dict) and isinstance(boxes_delta, dict):
        return {level: decode(anchor, boxes_delta[level]) for level, anchor in anchors.items()}
    return decode(anchors, boxes_delta)


def _relative_without_shape(image_shape: Any) -> ValueError:
    return ValueError("When using relative bounding box formats (e.g. `rel_yxyx`) the "
                      "`image_shape` argument must be provided.Received `image_shape`: "
                      f"{image_shape}")


def _both_as(boxes1: Any, boxes2: Any, source: str, target: str, image_shape: Any) -> tuple:
    """Both sets of boxes in the `target` format (a relative `source` scaled to
    `image_shape`)."""
    height, width = _image_size(image_shape)
    return (convert_format(boxes1, source, target, height, width),
            convert_format(boxes2, source, target, height, width))


def _check_iou_rank(which: str, rank1: int, rank2: int) -> None:
    rank = rank1 if which == "boxes1" else rank2
    if rank not in (2, 3):
        raise ValueError(f"compute_iou() expects {which} to be batched, or to be unbatched. "
                         f"Received len(boxes1.shape)={rank1}, len(boxes2.shape)={rank2}. "
                         f"Expected either len({which}.shape)=2 AND or "
                         f"len({which}.shape)=3.")


def compute_iou(boxes1: Any, boxes2: Any, bounding_box_format: str, use_masking: bool = False,
                mask_val: Any = -1, image_shape: Any = None) -> Any:
    """Pairwise IoU, (M, N) or (batch, M, N) (either side may be batched); with
    use_masking, pairs with a box whose coordinates are all negative get mask_val."""
    rank1, rank2 = len(kc.shape(boxes1)), len(kc.shape(boxes2))
    _check_iou_rank("boxes1", rank1, rank2)
    _check_iou_rank("boxes2", rank1, rank2)
    if "rel" in bounding_box_format and image_shape is None:
        raise _relative_without_shape(image_shape)
    boxes1, boxes2 = _both_as(boxes1, boxes2, bounding_box_format, "yxyx", image_shape)
    perm2 = [1, 0] if rank2 == 2 else [0, 2, 1]
    y1a, x1a, y2a, x2a = _parts(boxes1)
    y1b, x1b, y2b, x2b = (kn.transpose(p, perm2) for p in _parts(boxes2))
    zero = kc.cast(0, y1a.dtype)
    inter = (km.maximum(zero, km.minimum(y2a, y2b) - km.maximum(y1a, y1b))
             * km.maximum(zero, km.minimum(x2a, x2b) - km.maximum(x1a, x1b)))
    area1 = kn.squeeze((y2a - y1a) * (x2a - x1a), axis=-1)
    area2 = kn.squeeze(_area(boxes2), axis=-1)
    union = (kn.expand_dims(area1, -1) + kn.expand_dims(area2, 1 if rank2 == 3 else 0)
             - inter)
    iou = km.divide(inter, union + kb.epsilon())
    if not use_masking:
        return iou
    masked1 = km.less(kr.max(boxes1, axis=-1, keepdims=True), 0.0)
    masked2 = km.less(kr.max(boxes2, axis=-1, keepdims=True), 0.0)
    background = km.logical_or(masked1, kn.transpose(masked2, [1, 0] if rank1 == 2
                                                     else [0, 2, 1]))
    return kn.where(background, kc.cast(mask_val, iou.dtype) * kn.ones_like(iou), iou)


def compute_ciou(boxes1: Any, boxes2: Any, bounding_box_format: str,
                 image_shape: Any = None) -> Any:
    """Complete IoU of paired boxes (..., 4): IoU less the centres' squared distance over
    the enclosing box's squared diagonal and an aspect-ratio term."""
    if "rel" in bounding_box_format:  # (Keras 3 refuses them even with an image_shape)
        raise _relative_without_shape(image_shape)
    boxes1, boxes2 = _both_as(boxes1, boxes2, bounding_box_format, "xyxy", image_shape)
    eps = kb.epsilon()
    x1a, y1a, x2a, y2a = _parts(boxes1[..., :4])
    x1b, y1b, x2b, y2b = _parts(boxes2[..., :4])
    w1, h1 = x2a - x1a, y2a - y1a + eps
    w2, h2 = x2b - x1b, y2b - y1b + eps
    inter = (km.maximum(km.minimum(x2a, x2b) - km.maximum(x1a, x1b), 0)
             * km.maximum(km.minimum(y2a, y2b) - km.maximum(y1a, y1b), 0))
    union = w1 * h1 + w2 * h2 - inter + eps
    iou = kn.squeeze(km.divide(inter, union + eps), axis=-1)
    hull_w = km.maximum(x2a, x2b) - km.minimum(x1a, x1b)
    hull_h = km.maximum(y2a, y2b) - km.minimum(y1a, y1b)
    diagonal = kn.squeeze(hull_w ** 2 + hull_h ** 2 + eps, axis=-1)
    centres = kn.squeeze(((x1a + x2a) / 2 - (x1b + x2b) / 2) ** 2
                         + ((y1a + y2a) / 2 - (y1b + y2b) / 2) ** 2, axis=-1)
    v = kn.squeeze((4 / math.pi ** 2) * km.power(km.arctan(w2 / h2) - km.arctan(w1 / h1), 2),
                   axis=-1)
    alpha = v / (v - iou + (1 + eps))
    return iou - (centres / diagonal + v * alpha)
