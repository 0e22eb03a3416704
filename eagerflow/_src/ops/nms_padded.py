"""tf.image.non_max_suppression_padded: TF 2's padded, batched NMS, which is not the greedy
kernel of the other NMS ops but an algorithm of its own, written in TF's Python over tiles
of boxes (its tf.function non_max_suppression_padded_v2).

Ops layer, after image_nms; loaded on first use. The steps TF writes with ops are composed
here of the same ops (the score mask, the boxes put in (min, max) order when the first box
of the first image is not, the sort by score, the padding to whole tiles, and the selected
indices read back from the surviving boxes); the suppression loop over the tiles is one
host op, TiledBoxSuppression (eagerflow's: TF runs it as while loops of ops, and a saved
function holds those: saved_model/composite_export.py), computed in float32 as TF's ops
compute it:

- tile by tile, in score order, a tile's boxes are dropped where a kept box of an earlier
  tile overlaps them by an IOU of at least the threshold (the IOU plus 1e-8 in its
  denominator), then the tile suppresses itself: a box overlapped (>= threshold) by a
  better box of the tile that nothing suppresses is dropped, repeated while the tile's
  sum of overlaps falls by more than the threshold;
- a dropped box is zeroed, and a box counts as selected when one of its coordinates is
  positive (so a box in the negative quadrant is never selected);
- the loop stops once every image has max_output_size boxes or the tiles run out.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import concat, expand_dims, reshape, zeros
from eagerflow._src.ops.array import shape as shape_of
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.image_nms import _pair
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.math import minimum
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.padding import pad
from eagerflow._src.ops.reduce import reduce_any
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.select_v1 import where_v1
from eagerflow._src.ops.sequences import range as range_
from eagerflow._src.ops.sorting import top_k

_F32 = np.float32
IOU_EPSILON = _F32(1e-8)  # (TF's, added to the union so that no IOU divides by zero)


def _overlaps(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """[batch, n, m] IOU of boxes a [batch, n, 4] and b [batch, m, 4] in (min, max) order,
    in float32 and TF's order of operations."""
    ay0, ax0, ay1, ax1 = (a[..., i:i + 1] for i in range(4))
    by0, bx0, by1, bx1 = (b[..., i][:, None, :] for i in range(4))
    inter = np.maximum(np.minimum(ax1, bx1) - np.maximum(ax0, bx0), _F32(0)) * \
        np.maximum(np.minimum(ay1, by1) - np.maximum(ay0, by0), _F32(0))
    union = (ay1 - ay0) * (ax1 - ax0) + ((by1 - by0) * (bx1 - bx0)) - inter + IOU_EPSILON
    return inter / union


def _self_suppressed(iou: np.ndarray, threshold: np.float32) -> np.ndarray:
    """[batch, tile]: the boxes of a tile its own better boxes suppress. `iou[b, i, j]`
    holds box i's overlap with a worse box j where it reaches the threshold, else 0."""
    total = iou.sum(axis=(1, 2), dtype=_F32)
    while True:
        free = (iou.max(axis=1) < threshold).astype(_F32)[:, :, None]
        iou = (np.max(free * iou, axis=1) < threshold).astype(_F32)[:, :, None] * iou
        new_total = iou.sum(axis=(1, 2), dtype=_F32)
        if not np.any(total - new_total > threshold):
            return iou.sum(axis=1) > 0
        total = new_total


def _tiles_kernel(xp: Any, boxes: Any, *, max_output_size: int, iou_threshold: float,
                  tile_size: int) -> tuple:
    boxes = np.array(boxes, _F32)  # (a host op: TF's loop reads its sizes on the host)
    threshold = _F32(iou_threshold)
    batch, n = boxes.shape[:2]
    tiles = n // tile_size
    kept = np.zeros(batch, np.int32)
    # (made only when a whole tile fits: a tile larger than the boxes runs no step)
    later = np.arange(tile_size)[None, :] > np.arange(tile_size)[:, None] if tiles else None
    with np.errstate(all="ignore"):
        for t in range(tiles):
            if batch and kept.min() >= max_output_size or not batch:
                break
            tile = boxes[:, t * tile_size:(t + 1) * tile_size]
            for earlier in range(t):
                iou = _overlaps(boxes[:, earlier * tile_size:(earlier + 1) * tile_size], tile)
                tile = np.all(iou < threshold, axis=1).astype(_F32)[:, :, None] * tile
            iou = _overlaps(tile, tile)
            iou = iou * (later[None] & (iou >= threshold)).astype(_F32)
            tile = tile * (_F32(1) - _self_suppressed(iou, threshold).astype(_F32))[:, :, None]
            # (TF writes the tile back through a mask over all tiles: x * 0 of the others)
            mask = (np.arange(tiles) == t).astype(_F32).reshape(1, tiles, 1, 1)
            boxes = (np.broadcast_to(tile[:, None], (batch, tiles, tile_size, 4)) * mask +
                     boxes.reshape(batch, tiles, tile_size, 4) * (_F32(1) - mask)
                     ).reshape(batch, n, 4)
            kept += np.any(tile > 0, axis=2).sum(axis=1, dtype=np.int32)
    return xp.asarray(boxes), xp.asarray(kept)


def _tiles_infer(boxes: Any, *, max_output_size: int, iou_threshold: float,
                 tile_size: int) -> list:
    op = "TiledBoxSuppression"
    C.check_dtype(op, boxes, frozenset((dt.float32,)))
    s = boxes._shape
    if s is not None and (len(s) != 3 or s[2] not in (None, 4)):
        raise C.fail(op, f"boxes must be [batch, boxes, 4], got {C.shape_str(s)}")
    if tile_size <= 0:
        raise C.fail(op, f"tile_size must be positive, got {tile_size}")
    return [(s, dt.float32), (None if s is None else s[:1], dt.int32)]


def _tiles_ref(boxes: np.ndarray, *, max_output_size: int, iou_threshold: float,
               tile_size: int) -> tuple:
    """Greedy NMS box by box, which the tiles reach where no overlap sits near the
    threshold: each box in order kept unless a kept box overlaps it by the threshold."""
    out = np.array(boxes, np.float64)
    kept = np.zeros(len(out), np.int32)
    for b, image in enumerate(out):
        chosen: list = []
        for i, box in enumerate(image):
            if any(_iou64(image[j], box) >= iou_threshold for j in chosen):
                image[i] = 0
            else:
                chosen.append(i)
                kept[b] += bool(np.any(box > 0))
    return out.astype(np.float32), kept


def _iou64(a: np.ndarray, b: np.ndarray) -> float:
    inter = max(min(a[3], b[3]) - max(a[1], b[1]), 0) * max(min(a[2], b[2]) - max(a[0], b[0]), 0)
    return inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter + 1e-8)


_SAMPLE_BOXES = np.array([[[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, 2, 1, 3], [0.5, 0.5, 2, 2],
                           [0, 0, 0, 0], [0, 0, 0, 0]]], np.float32)
TILED_BOX_SUPPRESSION = register(OpDef(
    "TiledBoxSuppression", _tiles_infer, _tiles_kernel, reference=_tiles_ref, num_outputs=2,
    gpu=False,
    samples=lambda: [Sample((_SAMPLE_BOXES,), {"max_output_size": 4, "iou_threshold": 0.5,
                                               "tile_size": 2}, grad=False),
                     Sample((np.concatenate([_SAMPLE_BOXES, _SAMPLE_BOXES[:, ::-1]]),),
                            {"max_output_size": 6, "iou_threshold": 0.3, "tile_size": 3},
                            grad=False)],
    bad_samples=lambda: [BadSample((_SAMPLE_BOXES[0],), {"max_output_size": 4,
                                                         "iou_threshold": 0.5, "tile_size": 2},
                                   InvalidArgumentError, "boxes must be [batch, boxes, 4]")],
))


def _canonical(boxes: Any) -> Any:
    """[batch, n, 4] boxes in (min, max) order as TF 2 puts them: if the first box of the
    first image has its y (or x) coordinates reversed, every box's are swapped (TF 1's
    Select of a scalar condition: a SavedModel holds TF's op, not SelectV2)."""
    y1, x1, y2, x2 = (boxes[:, :, i:i + 1] for i in range(4))
    y_min = y1[0, 0, 0] <= y2[0, 0, 0]
    x_min = x1[0, 0, 0] <= x2[0, 0, 0]
    return concat([where_v1(y_min, y1, y2), where_v1(x_min, x1, x2),
                   where_v1(y_min, y2, y1), where_v1(x_min, x2, x1)], axis=2)


@dispatch_binding
def non_max_suppression_padded(boxes: Any, scores: Any, max_output_size: Any,
                               iou_threshold: float = 0.5,
                               score_threshold: float = float("-inf"),
                               pad_to_max_output_size: bool = False, name: str | None = None,
                               sorted_input: bool = False, canonicalized_coordinates: bool = False,
                               tile_size: int = 512) -> tuple:
    """`tf.image.non_max_suppression_padded`: (indices, num_valid) for boxes [..., n, 4]
    (batches need pad_to_max_output_size), indices padded with 0 to max_output_size."""
    if not pad_to_max_output_size:  # (TF reads the boxes' rank unconverted for its check)
        C.attr_read(boxes, "get_shape")
    b, s = _pair(boxes, scores)
    if not pad_to_max_output_size and b.shape.rank is not None and b.shape.rank > 2:
        raise ValueError(f"'pad_to_max_output_size' (value {pad_to_max_output_size}) must be "
                         f"True for batched input")  # (TF's first check)
    # (TF reshapes the scores to the boxes' [batch, num_boxes]: any shape of as many
    # elements does, [n, 1] or [1, n] included)
    if b.shape.rank is None or b.shape.rank < 2 or b.shape[-1] != 4 or \
            s.shape.num_elements() != b.shape[:-1].num_elements():
        raise ValueError(f"non_max_suppression_padded takes boxes [..., num_boxes, 4] and "
                         f"scores [..., num_boxes]; got shapes {b.shape} and {s.shape}")
    if b.dtype not in (dt.float16, dt.float32):
        raise TypeError(f"boxes must be float16 or float32, got {b.dtype!r}")
    if b.dtype is dt.float16:  # (TF 2.21's tf.function compares them with a float32)
        raise TypeError("in user code:\n\n\n    TypeError: Input 'y' of 'Greater' Op has type "
                        "float32 that does not match type float16 of argument 'x'.\n")
    size = int(max_output_size)
    lead = b.shape.as_list()[:-2]
    n = b.shape[-2]
    b, s = reshape(b, [-1, n, 4]), reshape(s, [-1, n])
    if score_threshold != float("-inf"):  # (TF zeroes the boxes scored below it too)
        mask = cast(s > score_threshold, s.dtype)
        s, b = s * mask, b * expand_dims(cast(mask, b.dtype), 2)
    if not canonicalized_coordinates:
        b = _canonical(b)
    order = None
    if not sorted_input:  # (a descending argsort: top_k, ties to the lower index)
        order = top_k(s, k=n).indices
        b = gather(b, order, axis=1, batch_dims=1)
    padded = -(-max(n, size) // tile_size) * tile_size
    b = pad(cast(b, dt.float32), [[0, 0], [0, padded - n], [0, 0]])
    selected, kept = bind(TILED_BOX_SUPPRESSION, (b,), {
        "max_output_size": size, "iou_threshold": float(np.float32(iou_threshold)),
        "tile_size": int(tile_size)})
    num_valid = minimum(kept, size)
    # the selected boxes' places in score order: those with a positive coordinate, first
    alive = cast(reduce_any(selected > 0, [2]), dt.int32) * expand_dims(
        range_(padded, 0, -1), 0)
    idx = minimum(padded - top_k(alive, size).values, n - 1)
    if order is not None:
        idx = gather(order, idx, axis=1, batch_dims=1)
    # (TF 1's where, Select, of zeros of idx's shape: TF's op in a SavedModel)
    idx = where_v1(expand_dims(range_(size), 0) < expand_dims(num_valid, 1), idx,
                   zeros(shape_of(idx), dt.int32))
    if not pad_to_max_output_size:
        count = reshape(num_valid, [])
        return idx[0, :count], count
    return reshape(idx, lead + [size]), reshape(num_valid, lead)

