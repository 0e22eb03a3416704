"""The non-max suppression family of tf.image beyond the greedy one (greedy_nms.py): with
scores and soft-NMS, over a given overlap matrix, and combined across classes (TF 2's
padded and batched NMS, an algorithm of its own, is nms_padded.py's).

Ops layer, after greedy_nms (its intersection over union); loaded on first use. Host kernels
(a greedy walk over the boxes, one at a time, as TF's CPU kernels); on a GPU, V2 and V4
(below) are TF's GPU kernels (ops/nms_gpu.py), as the others have none in TF:

- NonMaxSuppressionV5: candidates by score (ties: the lower index first); each popped
  candidate's score is scaled by its overlap with every box selected since it was last
  looked at: by 0 past `iou_threshold` (hard NMS) or, with soft_nms_sigma > 0, by
  exp(-iou^2 / (2 sigma)) (Gaussian soft-NMS, Bodla et al. 2017, whatever the overlap).
  A candidate whose score did not change is selected; one that decayed goes back in
  line while it stays above `score_threshold`.
- NonMaxSuppressionWithOverlaps: greedy NMS over a given overlap matrix.
- CombinedNonMaxSuppression: greedy NMS per class and batch member, the survivors of all
  classes ranked by score, boxes clipped to [0, 1] unless told not to.
"""

from __future__ import annotations

import collections
import math
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import Tensor, check_finite_size, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import nms_gpu, wrapper_inputs
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api, raised_eagerly
from eagerflow._src.ops.greedy_nms import (
    _iou,
    check_nms_boxes,
    check_nms_scores,
    greedy_nms,
    int32_input,
)
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.wrapper_inputs import passed_raw

_FLOATS = frozenset((dt.float16, dt.float32))


def check_scalars(op: str, rank_words: tuple = (), **values: Any) -> None:
    """TF's check that each of an NMS op's scalar inputs is one (those in `rank_words` name
    the rank too)."""
    for what, v in values.items():
        C.scalar_input(op, v, f"{what} must be 0-D, got shape {{shape}}" + (
            " (Shape must be rank 0 but is rank {rank})" if what in rank_words else ""))


def _check_size(op: str, max_output_size: int, iou_threshold: float | None = None) -> None:
    """`iou_threshold` given: the checks of the NMS ops of boxes (TF's words for those)."""
    if iou_threshold is not None and not 0 <= iou_threshold <= 1:
        raise C.fail(op, "iou_threshold must be in [0, 1]")
    if AV.int_attr(op, max_output_size, "max_output_size") < 0:  # (TF's input: an int32)
        raise C.fail(op, "max_output_size must be non-negative" if iou_threshold is None
                     else "output size must be non-negative")


# ---------------------------------------------------------------------------------------
# NonMaxSuppressionV5: with scores, soft-NMS
# ---------------------------------------------------------------------------------------

def _v5_infer(boxes: Any, scores: Any, max_output_size: int, iou_threshold: float,
              score_threshold: float, soft_nms_sigma: float,
              pad_to_max_output_size: bool) -> list:
    op = "NonMaxSuppressionV5"
    check_scalars(op, max_output_size=max_output_size, iou_threshold=iou_threshold,
                  score_threshold=score_threshold, soft_nms_sigma=soft_nms_sigma)
    check_nms_boxes(op, boxes, scores)
    _check_size(op, max_output_size, iou_threshold)
    if soft_nms_sigma < 0:
        raise C.fail(op, "soft_nms_sigma_val must be >= 0")
    n = max_output_size if pad_to_max_output_size else None
    if n is not None:
        C.check_size(op, (n,), scores._dtype)
    return [((n,), dt.int32), ((n,), scores._dtype), ((), dt.int32)]


def _v5_kernel(xp: Any, boxes: Any, scores: Any, max_output_size: int, iou_threshold: float,
               score_threshold: float, soft_nms_sigma: float,
               pad_to_max_output_size: bool) -> tuple:
    b = boxes.astype(np.float32)  # (TF's overlaps are float32, its scores T)
    sel, kept = greedy_nms(scores, lambda i, j: _iou(b[i], b[j]),
                        max_output_size, iou_threshold, score_threshold, soft_nms_sigma)
    valid = len(sel)
    if pad_to_max_output_size:
        sel = sel + [0] * (max_output_size - valid)
        kept = kept + [0.0] * (max_output_size - valid)
    return (np.array(sel, np.int32), np.array(kept, scores.dtype), np.int32(valid))


def _v5_ref(boxes: np.ndarray, scores: np.ndarray, max_output_size: int, iou_threshold: float,
            score_threshold: float, soft_nms_sigma: float,
            pad_to_max_output_size: bool) -> tuple:
    """Soft-NMS written eagerly: every step rescales all remaining candidates by their
    overlap with the box just selected and takes the best (the lazy queue of the kernel
    gives the same selection)."""
    live = {i: float(s) for i, s in enumerate(scores) if s > score_threshold}
    sel, kept = [], []
    while live and len(sel) < max_output_size:
        best = max(live, key=lambda i: (live[i], -i))
        sel.append(best)
        kept.append(live.pop(best))
        for i in list(live):
            sim = _iou(boxes[i].astype(np.float64), boxes[best].astype(np.float64))
            if soft_nms_sigma > 0:
                live[i] *= math.exp(-0.5 * sim * sim / soft_nms_sigma)
            elif sim > iou_threshold:
                live[i] = -math.inf
            if live[i] <= score_threshold:
                del live[i]
    valid = len(sel)
    if pad_to_max_output_size:
        sel += [0] * (max_output_size - valid)
        kept += [0.0] * (max_output_size - valid)
    return np.array(sel, np.int32), np.array(kept, scores.dtype), np.int32(valid)


_BOXES = np.array([[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, 2, 1, 3], [1, 1, 0, 0],
                   [0.5, 0.5, 2, 2], [0, -0.1, 1, 0.9]], np.float32)
_SCORES = np.array([0.9, 0.8, 0.7, 0.6, 0.95, 0.85], np.float32)
_V5 = {"max_output_size": 10, "iou_threshold": 0.5, "score_threshold": -np.inf,
       "soft_nms_sigma": 0.0, "pad_to_max_output_size": False}

NON_MAX_SUPPRESSION_V5 = register(OpDef(
    "NonMaxSuppressionV5", _v5_infer, _v5_kernel, reference=_v5_ref, num_outputs=3, gpu=False,
    samples=lambda: [
        Sample((_BOXES, _SCORES), _V5, grad=False),
        Sample((_BOXES, _SCORES), {**_V5, "soft_nms_sigma": 0.5}, grad=False),
        Sample((_BOXES, _SCORES), {**_V5, "soft_nms_sigma": 0.3, "score_threshold": 0.3,
                                   "max_output_size": 4}, grad=False),
        Sample((_BOXES, _SCORES), {**_V5, "max_output_size": 8, "score_threshold": 0.65,
                                   "pad_to_max_output_size": True}, grad=False)],
    bad_samples=lambda: [
        BadSample((_BOXES[:, :3], _SCORES), _V5, InvalidArgumentError,
                  "boxes must have 4 columns"),
        BadSample((_BOXES, _SCORES[:3]), _V5, InvalidArgumentError, "incompatible shape"),
        BadSample((_BOXES, _SCORES), {**_V5, "soft_nms_sigma": -1.0}, InvalidArgumentError,
                  "soft_nms_sigma_val must be >= 0"),
        BadSample((_BOXES, _SCORES), {**_V5, "max_output_size": -1}, InvalidArgumentError,
                  "output size must be non-negative")],
))


# ---------------------------------------------------------------------------------------
# NonMaxSuppression (V1, V2, V4): greedy NMS with no score threshold (V1, V2: the float
# lowest, which drops -inf and NaN scores), padded (V4); V1's boxes and scores are float32.
# TF registers no gradient for any (V1, V2: not differentiable; V4: none).
# ---------------------------------------------------------------------------------------

_LOWEST = float(np.finfo(np.float32).min)


def _greedy_infer(op: str) -> Any:
    def infer(boxes: Any, scores: Any, max_output_size: int, iou_threshold: float,
              score_threshold: float = _LOWEST, pad_to_max_output_size: bool = False) -> list:
        if op == "NonMaxSuppression":
            for i, x in enumerate((boxes, scores)):
                if x._dtype is not dt.float32:
                    raise C.wrong_input_dtype(op, i, dt.float32, x._dtype)
        else:
            check_scalars(op, max_output_size=max_output_size, iou_threshold=iou_threshold,
                          score_threshold=score_threshold)
        check_nms_boxes(op, boxes, scores)
        _check_size(op, max_output_size, iou_threshold)
        if op != "NonMaxSuppressionV4":
            return [((None,), dt.int32)]
        n = max_output_size if pad_to_max_output_size else None
        if n is not None:
            C.check_size(op, (n,), dt.int32)
        return [((n,), dt.int32), ((), dt.int32)]
    return infer


def _greedy_kernel(xp: Any, boxes: Any, scores: Any, max_output_size: int,
                   iou_threshold: float, score_threshold: float = _LOWEST,
                   pad_to_max_output_size: bool = False) -> Any:
    return _greedy_v4_kernel(xp, boxes, scores, max_output_size, iou_threshold,
                             score_threshold, pad_to_max_output_size)[0]


def _greedy_v4_kernel(xp: Any, boxes: Any, scores: Any, max_output_size: int,
                      iou_threshold: float, score_threshold: float,
                      pad_to_max_output_size: bool) -> tuple:
    """(indices, how many): on a GPU TF's GPU kernel for float32 (ops/nms_gpu.py: V2 and
    V4 have one, V1 none), its CPU one for a half type, as TF places those."""
    if xp is not np:
        if boxes.dtype == np.float32 and boxes.shape[0]:  # (no boxes: the CPU's zeros)
            sel, valid = nms_gpu.select(xp, boxes, scores, max_output_size, iou_threshold,
                                        score_threshold, pad_to_max_output_size)
            return sel, xp.asarray(np.int32(valid))
        sel, valid = _greedy_v4_kernel(np, to_host(boxes), to_host(scores), max_output_size,
                                       iou_threshold, score_threshold,
                                       pad_to_max_output_size)
        return xp.asarray(sel), xp.asarray(valid)
    sel, _, valid = _v5_kernel(xp, boxes, scores, max_output_size, iou_threshold,
                               score_threshold, 0.0, pad_to_max_output_size)
    return sel, valid


def _greedy_ref(boxes: np.ndarray, scores: np.ndarray, max_output_size: int,
                iou_threshold: float, score_threshold: float = _LOWEST,
                pad_to_max_output_size: bool = False) -> Any:
    sel, _, valid = _v5_ref(boxes, scores, max_output_size, iou_threshold, score_threshold,
                            0.0, pad_to_max_output_size)
    return sel


def _greedy_v4_ref(boxes: np.ndarray, scores: np.ndarray, max_output_size: int,
                   iou_threshold: float, score_threshold: float,
                   pad_to_max_output_size: bool) -> tuple:
    sel, _, valid = _v5_ref(boxes, scores, max_output_size, iou_threshold, score_threshold,
                            0.0, pad_to_max_output_size)
    return sel, valid


def _greedy_bad(op: str, attrs: dict) -> Any:
    def build() -> list:
        return [
            BadSample((_BOXES[None], _SCORES), attrs, InvalidArgumentError,
                      "boxes must be 2-D[1,6,4] (Shape must be rank 2 but is rank 3)"),
            BadSample((_BOXES[:, :3], _SCORES), attrs, InvalidArgumentError,
                      "boxes must have 4 columns (Dimension must be 4 but is 3)"),
            BadSample((_BOXES, _SCORES[None]), attrs, InvalidArgumentError,
                      "scores must be 1-D[1,6] (Shape must be rank 1 but is rank 2)"),
            BadSample((_BOXES, _SCORES[:5]), attrs, InvalidArgumentError,
                      "scores has incompatible shape (Dimensions must be equal, but are 6 "
                      "and 5)"),
            BadSample((_BOXES, _SCORES), {**attrs, "iou_threshold": 1.5}, InvalidArgumentError,
                      "iou_threshold must be in [0, 1]"),
            BadSample((_BOXES, _SCORES), {**attrs, "max_output_size": -1},
                      InvalidArgumentError, "output size must be non-negative"),
            BadSample((_BOXES.astype(np.float64), _SCORES.astype(np.float64)), attrs,
                      InvalidArgumentError, "float tensor but is a double tensor"
                      if op == "NonMaxSuppression" else
                      "Value for attr 'T' of double is not in the list of allowed values"),
            BadSample((_BOXES.astype(np.float16), _SCORES), attrs, InvalidArgumentError,
                      "input #0(zero-based) was expected to be a float tensor but is a half "
                      "tensor" if op == "NonMaxSuppression" else
                      "input #1(zero-based) was expected to be a half tensor but is a float "
                      "tensor")]
    return build


_V2 = {"max_output_size": 4, "iou_threshold": 0.5}
_V4 = {**_V2, "score_threshold": -np.inf, "pad_to_max_output_size": False}

NON_MAX_SUPPRESSION_V1 = register(OpDef(
    "NonMaxSuppression", _greedy_infer("NonMaxSuppression"), _greedy_kernel,
    reference=_greedy_ref, gpu=False,
    samples=lambda: [Sample((_BOXES, _SCORES), _V2, grad=False),
                     Sample((_BOXES, _SCORES), {"max_output_size": 10, "iou_threshold": 0.0},
                            grad=False)],
    bad_samples=_greedy_bad("NonMaxSuppression", _V2),
))
NON_MAX_SUPPRESSION_V2 = register(OpDef(
    "NonMaxSuppressionV2", _greedy_infer("NonMaxSuppressionV2"), _greedy_kernel,
    reference=_greedy_ref,
    samples=lambda: [Sample((_BOXES, _SCORES), _V2, grad=False),
                     Sample((_BOXES.astype(np.float16), _SCORES.astype(np.float16)),
                            {"max_output_size": 10, "iou_threshold": 0.2}, grad=False)],
    bad_samples=_greedy_bad("NonMaxSuppressionV2", _V2),
))
NON_MAX_SUPPRESSION_V4 = register(OpDef(
    "NonMaxSuppressionV4", _greedy_infer("NonMaxSuppressionV4"), _greedy_v4_kernel,
    reference=_greedy_v4_ref, num_outputs=2,
    samples=lambda: [
        Sample((_BOXES, _SCORES), _V4, grad=False),
        Sample((_BOXES, _SCORES), {**_V4, "max_output_size": 8, "score_threshold": 0.65,
                                   "pad_to_max_output_size": True}, grad=False),
        Sample((_BOXES[:0], _SCORES[:0]), {**_V4, "pad_to_max_output_size": True},
               grad=False),
        Sample((_BOXES.astype(np.float16), _SCORES.astype(np.float16)),
               {**_V4, "max_output_size": 2, "pad_to_max_output_size": True}, grad=False)],
    bad_samples=_greedy_bad("NonMaxSuppressionV4", _V4),
))


# ---------------------------------------------------------------------------------------
# NonMaxSuppressionWithOverlaps
# ---------------------------------------------------------------------------------------

def _overlaps_infer(overlaps: Any, scores: Any, max_output_size: int, overlap_threshold: float,
                    score_threshold: float) -> list:
    op = "NonMaxSuppressionWithOverlaps"
    C.same_dtype(op, (overlaps, scores), frozenset((dt.float32,)))
    check_scalars(op, max_output_size=max_output_size, overlap_threshold=overlap_threshold,
                  score_threshold=score_threshold)
    s = overlaps._shape
    if s is not None and (len(s) != 2 or None not in s and s[0] != s[1]):
        why = "2-D" if s is None or len(s) != 2 else "square"  # (TF's kernel: the shape
        raise C.fail(op, f"overlaps must be {why}{C.shape_str(s)}")  # right after)
    check_nms_scores(op, scores, None if s is None else s[0])
    _check_size(op, max_output_size)
    return [((None,), dt.int32)]


def _overlaps_kernel(xp: Any, overlaps: Any, scores: Any, max_output_size: int,
                     overlap_threshold: float, score_threshold: float) -> Any:
    sel, _ = greedy_nms(scores, lambda i, j: float(overlaps[i, j]), max_output_size,
                     overlap_threshold, score_threshold)
    return np.array(sel, np.int32)


def _overlaps_ref(overlaps: np.ndarray, scores: np.ndarray, max_output_size: int,
                  overlap_threshold: float, score_threshold: float) -> np.ndarray:
    order = sorted((i for i in range(len(scores)) if scores[i] > score_threshold),
                   key=lambda i: (-scores[i], i))
    keep: list = []
    for i in order:
        if len(keep) < max_output_size and all(overlaps[i, j] <= overlap_threshold
                                               for j in keep):
            keep.append(i)
    return np.array(keep, np.int32)


_OVERLAPS = np.array([[1.0, 0.7, 0.1, 0.6], [0.7, 1.0, 0.2, 0.1], [0.1, 0.2, 1.0, 0.55],
                      [0.6, 0.1, 0.55, 1.0]], np.float32)
_O_ATTRS = {"max_output_size": 10, "overlap_threshold": 0.5, "score_threshold": -np.inf}

NON_MAX_SUPPRESSION_WITH_OVERLAPS = register(OpDef(
    "NonMaxSuppressionWithOverlaps", _overlaps_infer, _overlaps_kernel, reference=_overlaps_ref,
    gpu=False,
    samples=lambda: [
        Sample((_OVERLAPS, _SCORES[:4]), _O_ATTRS, grad=False),
        Sample((_OVERLAPS, _SCORES[:4]), {**_O_ATTRS, "overlap_threshold": 0.58,
                                          "score_threshold": 0.75, "max_output_size": 1},
               grad=False)],
    bad_samples=lambda: [
        BadSample((_OVERLAPS[:3], _SCORES[:4]), _O_ATTRS, InvalidArgumentError,
                  "overlaps must be square"),
        BadSample((_OVERLAPS, _SCORES[:4].astype(np.float16)), _O_ATTRS, InvalidArgumentError,
                  "")],
))


# ---------------------------------------------------------------------------------------
# CombinedNonMaxSuppression
# ---------------------------------------------------------------------------------------

_COMBINED_OP = "CombinedNonMaxSuppression"
_COMBINED = ("max_output_size_per_class", "max_total_size", "iou_threshold",
             "score_threshold", "pad_per_class", "clip_boxes")


def _detections(scores: Any, per_class: int, total: int, pad_per_class: bool) -> int:
    classes = scores[-1] if scores is not None else None
    if pad_per_class and classes is not None:
        return min(per_class * classes, total)
    return total


def _combined_infer(boxes: Any, scores: Any, max_output_size_per_class: int,
                    max_total_size: int, iou_threshold: float, score_threshold: float,
                    pad_per_class: bool, clip_boxes: bool) -> list:
    op = "CombinedNonMaxSuppression"
    C.same_dtype(op, (boxes, scores), frozenset((dt.float32,)))
    b, s = boxes._shape, scores._shape
    # (in the order of TF's kernel, in its words: the batch sizes, the sizes, the IOU
    # threshold, then the boxes' shape and the scores')
    if b and s and None not in (b[0], s[0]) and b[0] != s[0]:
        raise C.fail(op, "boxes and scores must have same batch size")
    if max_output_size_per_class <= 0:
        raise C.fail(op, "max_size_per_class must be positive")
    if max_total_size <= 0:
        raise C.fail(op, "max_total_size must be > 0")
    if not 0 <= iou_threshold <= 1:
        raise C.fail(op, "iou_threshold must be in [0, 1]")
    if b is not None and len(b) != 4:
        raise C.fail(op, f"boxes must be 4-D{C.shape_str(b)}")
    both = b is not None and s is not None
    if s is not None and len(s) != 3:  # (TF's kernel reads a third dimension first)
        raise C.fail(op, f"scores must be 3-D{C.shape_str(s)}")
    if both and None not in (b[2], s[2]) and b[2] not in (1, s[2]):
        raise C.fail(op, "third dimension of boxes must be either 1 or num classes")
    if b is not None and b[3] not in (None, 4):
        raise C.fail(op, "boxes must have 4 columns")
    if both and None not in (b[1], s[1]) and b[1] != s[1]:
        raise C.fail(op, "scores has incompatible shape")
    batch = None if b is None else b[0]
    n = _detections(s, max_output_size_per_class, max_total_size, pad_per_class)
    return [((batch, n, 4), dt.float32), ((batch, n), dt.float32), ((batch, n), dt.float32),
            ((batch,), dt.int32)]


def _heap_push(heap: list, item: tuple) -> None:
    """std::push_heap of libstdc++ after a push_back: a max-heap on item[0] (the score)
    alone, so equal scores sit where its sifting leaves them."""
    heap.append(item)
    _sift_up(heap, len(heap) - 1, 0, item)


def _sift_up(heap: list, hole: int, top: int, item: tuple) -> None:
    parent = (hole - 1) // 2
    while hole > top and heap[parent][0] < item[0]:
        heap[hole] = heap[parent]
        hole, parent = parent, (parent - 1) // 2
    heap[hole] = item


def _heap_pop(heap: list) -> tuple:
    """std::pop_heap of libstdc++ then pop_back: the top, the last item sifted in from the
    root (down the larger child, the left one on ties, then back up)."""
    top, last = heap[0], heap.pop()
    n = len(heap)
    if not n:
        return top
    hole = child = 0
    while child < (n - 1) // 2:
        child = 2 * (child + 1)
        if heap[child][0] < heap[child - 1][0]:
            child -= 1
        heap[hole], hole = heap[child], child
    if n % 2 == 0 and child == (n - 2) // 2:
        child = 2 * (child + 1)
        heap[hole], hole = heap[child - 1], child - 1
    _sift_up(heap, hole, 0, last)
    return top


def _combined_select(scores: np.ndarray, overlap: Any, size: int, threshold: float,
                     score_threshold: float) -> tuple:
    """One class of TF's combined NMS: a std::priority_queue ordered by score alone (equal
    scores pop in its heap's order), each candidate selected unless it overlaps a selected
    box past `threshold`."""
    heap: list = []
    for i, s in enumerate(scores):
        if s > score_threshold:
            _heap_push(heap, (float(s), i))
    selected: list = []
    kept: list = []
    while heap and len(selected) < size:
        score, i = _heap_pop(heap)
        if not any(overlap(i, j) > threshold for j in reversed(selected)):
            selected.append(i)
            kept.append(score)
    return selected, kept


def _combined_one(boxes: np.ndarray, scores: np.ndarray, a: dict) -> list:
    """(score, class, box) of the survivors of every class, best first."""
    found = []
    for c in range(scores.shape[1]):
        cb = boxes[:, 0 if boxes.shape[1] == 1 else c].astype(np.float32)  # (TF's: float32)
        sel, kept = _combined_select(scores[:, c].astype(np.float64),
                                     lambda i, j: _iou(cb[i], cb[j]),
                                     a["max_output_size_per_class"], a["iou_threshold"],
                                     a["score_threshold"])
        found.extend((score, c, boxes[i, 0 if boxes.shape[1] == 1 else c])
                     for i, score in zip(sel, kept))
    found.sort(key=lambda f: -f[0])  # stable: classes in order, then each class's own
    return found


def _combined_kernel(xp: Any, boxes: Any, scores: Any, **a: Any) -> tuple:
    n = _detections(scores.shape, a["max_output_size_per_class"], a["max_total_size"],
                    a["pad_per_class"])
    batch = boxes.shape[0]
    check_finite_size("CombinedNonMaxSuppression", (batch, n, 4), dt.float32)
    out_boxes, out_scores = np.zeros((batch, n, 4), np.float32), np.zeros((batch, n), np.float32)
    out_classes, valid = np.zeros((batch, n), np.float32), np.zeros(batch, np.int32)
    for k in range(batch):
        found = _combined_one(boxes[k], scores[k], a)[:n]
        valid[k] = len(found)
        for i, (score, c, box) in enumerate(found):
            out_boxes[k, i] = np.clip(box, 0.0, 1.0) if a["clip_boxes"] else box
            out_scores[k, i], out_classes[k, i] = score, c
    return out_boxes, out_scores, out_classes, valid


def _combined_ref(boxes: np.ndarray, scores: np.ndarray, **a: Any) -> tuple:
    """Per batch member and class, the greedy reference of NonMaxSuppressionWithOverlaps
    over the pairwise overlaps; then every class's survivors ranked."""
    n = _detections(scores.shape, a["max_output_size_per_class"], a["max_total_size"],
                    a["pad_per_class"])
    outs = ([], [], [], [])
    for k in range(boxes.shape[0]):
        found = []
        for c in range(scores.shape[2]):
            cb = boxes[k, :, 0 if boxes.shape[2] == 1 else c].astype(np.float64)
            m = len(cb)
            over = np.array([[_iou(cb[i], cb[j]) for j in range(m)] for i in range(m)])
            keep = _overlaps_ref(over, scores[k, :, c], a["max_output_size_per_class"],
                                 a["iou_threshold"], a["score_threshold"])
            found += [(float(scores[k, i, c]), c, cb[i]) for i in keep]
        found = sorted(found, key=lambda f: -f[0])[:n]
        pad = n - len(found)
        bx = [np.clip(f[2], 0, 1) if a["clip_boxes"] else f[2] for f in found]
        outs[0].append(np.array(bx + [np.zeros(4)] * pad).reshape(n, 4))
        outs[1].append([f[0] for f in found] + [0.0] * pad)
        outs[2].append([float(f[1]) for f in found] + [0.0] * pad)
        outs[3].append(len(found))
    return (np.array(outs[0], np.float32), np.array(outs[1], np.float32),
            np.array(outs[2], np.float32), np.array(outs[3], np.int32))


def _combined_samples() -> list:
    rng = np.random.default_rng(23)
    boxes = rng.uniform(-0.2, 1.2, (2, 5, 1, 4)).astype(np.float32)
    scores = rng.uniform(0, 1, (2, 5, 3)).astype(np.float32)
    a = dict(zip(_COMBINED, (2, 4, 0.5, -np.inf, False, True)))
    return [Sample((boxes, scores), a, grad=False),
            Sample((boxes, scores), {**a, "clip_boxes": False, "max_total_size": 10,
                                     "pad_per_class": True}, grad=False),
            Sample((np.repeat(boxes, 3, 2), scores), {**a, "iou_threshold": 0.3,
                                                      "score_threshold": 0.2}, grad=False)]


COMBINED_NON_MAX_SUPPRESSION = register(OpDef(
    "CombinedNonMaxSuppression", _combined_infer, _combined_kernel, reference=_combined_ref,
    num_outputs=4, gpu=False, samples=_combined_samples,
    bad_samples=lambda: [
        BadSample((np.zeros((1, 2, 2, 4), np.float32), np.zeros((1, 2, 3), np.float32)),
                  dict(zip(_COMBINED, (2, 4, 0.5, 0.0, False, True))), InvalidArgumentError,
                  "third dimension of boxes must be either 1 or num classes"),
        BadSample((np.zeros((1, 2, 1, 4), np.float32), np.zeros((1, 2, 3), np.float32)),
                  dict(zip(_COMBINED, (0, 4, 0.5, 0.0, False, True))), InvalidArgumentError,
                  "max_size_per_class must be positive")],
))


# ---------------------------------------------------------------------------------------
# Public functions
# ---------------------------------------------------------------------------------------

def _pair(boxes: Any, scores: Any) -> tuple:
    boxes = convert_to_tensor(boxes, dtype_hint=dt.float32)
    return boxes, convert_to_tensor(scores, dtype=boxes.dtype)


def _floating(d: np.dtype) -> bool:
    """Whether NumPy dtype d is a float one (bfloat16 and the float8s included)."""
    try:
        return dt.as_dtype(d).is_floating
    except TypeError:
        return False


def _int32_cast(v: Any) -> Any:
    """A NumPy float scalar or 0-d array as TF's conversion to int32 casts it (NumPy's
    cast), so inf is the kernel's negative-size error, not int()'s OverflowError."""
    if isinstance(v, (np.generic, np.ndarray)) and np.ndim(v) == 0 and \
            np.asarray(v).dtype.kind in "fV" and _floating(np.asarray(v).dtype):
        with np.errstate(invalid="ignore"):
            return int(np.asarray(v).astype(np.int32))
    return v


@dispatch_binding
@eager_api("boxes", "scores", "max_output_size")
def non_max_suppression_with_scores(boxes: Any, scores: Any, max_output_size: Any,
                                    iou_threshold: float = 0.5,
                                    score_threshold: float = float("-inf"),
                                    soft_nms_sigma: float = 0.0,
                                    name: str | None = None) -> tuple:
    """`tf.image.non_max_suppression_with_scores`: (indices, scores) of the boxes kept,
    their scores decayed by Gaussian soft-NMS when soft_nms_sigma > 0."""
    op = "NonMaxSuppressionV5"
    # (TF's Python converts the three thresholds to tensors first: float32 from Python
    # floats, inputs of the op's T beside boxes and scores, whose first tensor sets it)
    thresholds = [convert_to_tensor(v, name=n) for v, n in (
        (iou_threshold, "iou_threshold"), (score_threshold, "score_threshold"),
        (soft_nms_sigma, "soft_nms_sigma"))]
    slow = passed_raw(boxes, scores, max_output_size)
    b, s, *thresholds = wrapper_inputs.op_inputs(op, (boxes, scores, *thresholds), "T", slow)
    wrapper_inputs.slow_typed_inputs(slow, (max_output_size, dt.int32))
    d = C.same_dtype(op, (b, s), _FLOATS)  # (TF's checks of its inputs, in their order,
    int32_input(op, 2, max_output_size)  # before its kernel's)
    for i, x in enumerate(thresholds, 3):
        if x._dtype is not d:
            raise C.wrong_input_dtype(op, i, d, x._dtype)
    sel, kept, _ = bind(NON_MAX_SUPPRESSION_V5, (b, s), {
        "max_output_size": C.scalar_value(_int32_cast(max_output_size), int),
        "iou_threshold": C.scalar_value(iou_threshold, float),
        "score_threshold": C.scalar_value(score_threshold, float),
        "soft_nms_sigma": C.scalar_value(soft_nms_sigma, float),
        "pad_to_max_output_size": False}, name)
    return sel, kept


@dispatch_binding
@eager_api("overlaps", "scores", "max_output_size", "score_threshold")
def non_max_suppression_overlaps(overlaps: Any, scores: Any, max_output_size: Any,
                                 overlap_threshold: float = 0.5,
                                 score_threshold: float = float("-inf"),
                                 name: str | None = None) -> Any:
    """`tf.image.non_max_suppression_overlaps`: greedy NMS over a given overlap matrix."""
    op = "NonMaxSuppressionWithOverlaps"
    # (TF's Python converts overlap_threshold first; its op's inputs are all float32 but
    # max_output_size's int32, converted in order on its wrapper's slow path)
    threshold = convert_to_tensor(overlap_threshold, name="overlap_threshold")
    wrapper_inputs.slow_typed_inputs(passed_raw(overlaps, scores, max_output_size, score_threshold),
                                     (overlaps, dt.float32), (scores, dt.float32),
                                     (max_output_size, dt.int32), (threshold, dt.float32),
                                     (score_threshold, dt.float32))
    o = convert_to_tensor(overlaps, dtype_hint=dt.float32)
    s = convert_to_tensor(scores, dtype_hint=dt.float32)
    for i, x in enumerate((o, s)):  # (its inputs are float32, then the int32 size)
        if x._dtype is not dt.float32:
            raise C.wrong_input_dtype(op, i, dt.float32, x._dtype)
    int32_input(op, 2, max_output_size)
    return bind(NON_MAX_SUPPRESSION_WITH_OVERLAPS, (o, s),
                {"max_output_size": C.scalar_value(max_output_size, int),
                 "overlap_threshold": C.scalar_value(overlap_threshold, float),
                 "score_threshold": C.scalar_value(score_threshold, float)}, name)


# (what TF's op wrapper returns: the op's outputs by name)
CombinedNonMaxSuppression = collections.namedtuple(
    "CombinedNonMaxSuppression", ["nmsed_boxes", "nmsed_scores", "nmsed_classes",
                                  "valid_detections"])


@dispatch_binding
@eager_api("boxes", "scores", "max_output_size_per_class")
def combined_non_max_suppression(boxes: Any, scores: Any, max_output_size_per_class: Any,
                                 max_total_size: Any, iou_threshold: float = 0.5,
                                 score_threshold: float = float("-inf"),
                                 pad_per_class: bool = False, clip_boxes: bool = True,
                                 name: str | None = None) -> tuple:
    """`tf.image.combined_non_max_suppression`: (nmsed_boxes, nmsed_scores, nmsed_classes,
    valid_detections), NMS per class and batch member, then across classes by score."""
    # (in TF's order: its Python converts the thresholds and max_total_size, then its op
    # wrapper checks the bool attrs, converts the inputs and checks their dtypes)
    iou = convert_to_tensor(iou_threshold, dt.float32, name="iou_threshold")
    score = convert_to_tensor(score_threshold, dt.float32, name="score_threshold")
    total = convert_to_tensor(max_total_size)
    flags = tuple(AV.wrapper_attrs("CombinedNonMaxSuppression", pad_per_class=pad_per_class,
                                   clip_boxes=clip_boxes).values())
    b, s = _pair(boxes, scores)
    per_class = max_output_size_per_class
    if not isinstance(per_class, Tensor):  # (a tensor's dtype is the op's check)
        per_class = convert_to_tensor(per_class, dt.int32)
    per_class = _combined_size(2, per_class, "max_size_per_class")
    sizes = (per_class, _combined_size(3, total, "max_total_size"))
    return CombinedNonMaxSuppression(*bind(COMBINED_NON_MAX_SUPPRESSION, (b, s), dict(zip(
        _COMBINED, sizes + (float(iou), float(score)) + flags)), name))


def _combined_size(index: int, value: Any, what: str) -> int:
    """CombinedNonMaxSuppression's int32 scalar input #index (an attr here), as TF's op
    checks it: its dtype first, then its rank (the kernel's words)."""
    int32_input(_COMBINED_OP, index, value)
    if value._shape != ():
        raise raised_eagerly(C.fail(_COMBINED_OP, f"{what} must be 0-D, got shape "
                                                  f"{C.shape_str(value._shape)}"))
    return int(value)
