"""Greedy non-max suppression (tf.image.non_max_suppression): NonMaxSuppressionV3 by TF's
CPU kernel, and the box and score checks its kin share. TF's GPU kernel (float32: its
arithmetic and ranking differ at the edges) is in nms_gpu.py, the padded, scored and
overlap variants in image_nms.py.
"""

from __future__ import annotations

import heapq
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import libm32, nms_gpu, wrapper_inputs
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api, passed_raw
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_EXPF = libm32.scalar("expf")  # (TF's exp<float>: std::exp, the C library's expf)


def check_nms_boxes(op: str, boxes: Any, scores: Any) -> None:
    """TF's checks of an NMS op's boxes and scores: dtypes, ranks, 4 columns, one score a
    box (the words of its kernels, V2 to V5)."""
    C.same_dtype(op, (boxes, scores), frozenset((dt.float16, dt.float32)))
    s = boxes._shape
    if s is not None and len(s) != 2:
        raise C.fail(op, f"boxes must be 2-D{C.shape_str(s)} (Shape must be rank 2 but is "
                         f"rank {len(s)})")
    if s is not None and s[1] not in (None, 4):
        raise C.fail(op, f"boxes must have 4 columns (Dimension must be 4 but is {s[1]})")
    t = scores._shape
    if t is not None and len(t) != 1:
        raise C.fail(op, f"scores must be 1-D{C.shape_str(t)} (Shape must be rank 1 but is "
                         f"rank {len(t)})")
    check_nms_scores(op, scores, None if s is None else s[0])


def check_nms_scores(op: str, scores: Any, n: int | None) -> None:
    """Scores a vector of one score for each of `n` boxes, in TF's words."""
    if scores._shape is not None and len(scores._shape) != 1:
        raise C.fail(op, f"scores must be 1-D, got {C.shape_str(scores._shape)}")
    m = None if scores._shape is None else scores._shape[0]
    if None not in (n, m) and n != m:
        raise C.fail(op, f"scores has incompatible shape (Dimensions must be equal, but are "
                         f"{n} and {m})")


def _nms_infer(boxes: Any, scores: Any, max_output_size: int, iou_threshold: float,
               score_threshold: float) -> list:
    op = "NonMaxSuppressionV3"
    C.same_dtype(op, (boxes, scores), frozenset((dt.float16, dt.float32)))
    for what, v in (("max_output_size", max_output_size), ("iou_threshold", iou_threshold)):
        C.scalar_input(op, v, f"{what} must be 0-D, got shape {{shape}} (Shape must be rank 0 "
                              "but is rank {rank})")
    C.scalar_input(op, score_threshold, "score_threshold must be 0-D, got shape {shape}")
    check_nms_boxes(op, boxes, scores)
    if not 0 <= iou_threshold <= 1:
        raise C.fail(op, "iou_threshold must be in [0, 1]")
    if max_output_size < 0:
        raise C.fail(op, "output size must be non-negative")
    return [((None,), dt.int32)]


def _lo(a: float, b: float) -> float:
    return b if b < a else a  # std::min, whose NaN handling TF's IOU inherits


def _hi(a: float, b: float) -> float:
    return b if a < b else a  # std::max


def _iou(a: np.ndarray, b: np.ndarray) -> float:
    """Intersection over union of two boxes given by opposite corners, as TF computes it,
    in the boxes' type (TF's: float32; boxes of no positive area overlap nothing; a NaN
    coordinate gives a NaN IOU, which suppresses nothing)."""
    ay0, ay1, ax0, ax1 = _lo(a[0], a[2]), _hi(a[0], a[2]), _lo(a[1], a[3]), _hi(a[1], a[3])
    by0, by1, bx0, bx1 = _lo(b[0], b[2]), _hi(b[0], b[2]), _lo(b[1], b[3]), _hi(b[1], b[3])
    area_a, area_b = (ay1 - ay0) * (ax1 - ax0), (by1 - by0) * (bx1 - bx0)
    if area_a <= 0 or area_b <= 0:
        return 0.0
    inter = _hi(_lo(ay1, by1) - _hi(ay0, by0), 0.0) * _hi(_lo(ax1, bx1) - _hi(ax0, bx0), 0.0)
    return inter / (area_a + area_b - inter)


def greedy_nms(scores: np.ndarray, overlap: Any, max_output_size: int, threshold: float,
               score_threshold: float, sigma: float = 0.0) -> tuple:
    """(selected indices, their scores): TF's selection with a priority queue (highest
    score first, the lower index on ties), decaying scores lazily. `overlap(i, j)`.
    Hard NMS scales the score by 0 where an overlap is not at most the threshold (a NaN
    overlap too, which does not suppress: the candidate goes back in line at score 0, or
    is dropped at NaN from an infinite score), else by exp(0 * overlap^2) (NaN for an
    infinite overlap), as TF's DoNonMaxSuppressionOp (for image_nms.py's ops too; its
    combined NMS: _combined_select). Its arithmetic is in the scores' type T, as TF's:
    the thresholds, sigma and each overlap rounded to T, the weights exp<T> of T products
    (the C library's expf, rounded to T)."""
    t = scores.dtype.type
    threshold, score_threshold, sigma = t(threshold), t(score_threshold), t(sigma)
    soft = bool(sigma > 0)
    scale = t(-0.5) / sigma if soft else t(0.0)
    queue = [(-float(s), i, s, 0) for i, s in enumerate(scores) if s > score_threshold]
    heapq.heapify(queue)
    selected: list = []
    kept: list = []
    with np.errstate(all="ignore"):
        while queue and len(selected) < max_output_size:
            _, i, score, begin = heapq.heappop(queue)
            original, suppressed = score, False
            for j in range(len(selected) - 1, begin - 1, -1):
                sim = t(overlap(i, selected[j]))
                weight = t(_EXPF(np.float32(scale * sim * sim)))
                score = score * (weight if soft or sim <= threshold else t(0.0))
                if not soft and sim > threshold:
                    suppressed = True
                    break
                if score <= score_threshold:
                    break
            if suppressed:
                continue
            if score == original:
                selected.append(i)
                kept.append(score)
            elif score > score_threshold:
                heapq.heappush(queue, (-float(score), i, score, len(selected)))
    return selected, kept


def _nms_kernel(xp: Any, boxes: Any, scores: Any, max_output_size: int, iou_threshold: float,
                score_threshold: float) -> Any:
    if xp is not np:  # TF's GPU kernel, float32's (a half's is its CPU one, as in TF)
        if boxes.dtype != np.float32:
            return xp.asarray(_nms_kernel(np, to_host(boxes), to_host(scores),
                                          max_output_size, iou_threshold, score_threshold))
        return nms_gpu.select(xp, boxes, scores, max_output_size, iou_threshold,
                              score_threshold)[0]
    # TF's CPU loop, as its other greedy NMS ops: a candidate whose overlap with a
    # selected box is NaN is not suppressed but goes back in line at score 0
    b = boxes.astype(np.float32)  # (TF's overlaps are float32 whatever T is)
    keep, _ = greedy_nms(scores, lambda i, j: _iou(b[i], b[j]),
                      max_output_size, iou_threshold, score_threshold)
    return np.array(keep, dtype=np.int32)


def _nms_ref(boxes: np.ndarray, scores: np.ndarray, max_output_size: int,
             iou_threshold: float, score_threshold: float) -> np.ndarray:
    alive = [i for i in range(len(scores)) if scores[i] > score_threshold]
    keep: list = []
    while alive and len(keep) < max_output_size:
        best = max(alive, key=lambda i: (scores[i], -i))
        keep.append(best)
        alive = [i for i in alive if i != best and _iou(boxes[i], boxes[best]) <= iou_threshold]
    return np.array(keep, dtype=np.int32)


_NMS_BOXES = np.array([[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, 2, 1, 3], [1, 1, 0, 0],
                       [0.5, 0.5, 2, 2]], np.float32)
_NMS_SCORES = np.array([0.9, 0.8, 0.7, 0.6, 0.95], np.float32)
NON_MAX_SUPPRESSION = register(OpDef(
    "NonMaxSuppressionV3", _nms_infer, _nms_kernel, reference=_nms_ref,
    samples=lambda: [Sample((_NMS_BOXES, _NMS_SCORES), {"max_output_size": 10, "iou_threshold": 0.5,
                                                        "score_threshold": -np.inf}, grad=False),
                     Sample((_NMS_BOXES, _NMS_SCORES), {"max_output_size": 2, "iou_threshold": 0.1,
                                                        "score_threshold": 0.65}, grad=False)],
    bad_samples=lambda: [BadSample((np.ones((3, 3), np.float32), np.ones(3, np.float32)),
                                   {"max_output_size": 2, "iou_threshold": 0.5,
                                    "score_threshold": 0.0}, InvalidArgumentError,
                                   "boxes must have 4 columns (Dimension must be 4 but is 3)")],
))


def int32_input(op: str, index: int, value: Any) -> None:
    """TF's check of a tensor given for input #index of `op`, an int32 scalar of its
    signature that eagerflow holds as an attr (an NMS's max_output_size): another dtype is
    refused before the kernel runs."""
    if isinstance(value, Tensor) and value._dtype is not dt.int32:
        raise C.wrong_input_dtype(op, index, dt.int32, value._dtype)


@dispatch_binding
def non_max_suppression(boxes: Any, scores: Any, max_output_size: Any, iou_threshold: float = 0.5,
                        score_threshold: float = float("-inf"), name: str | None = None) -> Any:
    """Indices of the highest-scoring boxes, greedily dropping those overlapping a kept one
    by more than `iou_threshold`. (TF's runs its op in a name scope, under no name of its
    own: its errors end in an empty name whatever `name` is.)"""
    return _non_max_suppression(boxes, scores, max_output_size, iou_threshold, score_threshold)


@eager_api("boxes", "scores", "max_output_size")
def _non_max_suppression(boxes: Any, scores: Any, max_output_size: Any, iou_threshold: Any,
                         score_threshold: Any) -> Any:
    op = "NonMaxSuppressionV3"
    slow = passed_raw(boxes, scores, max_output_size)
    b, s = wrapper_inputs.op_inputs(op, (boxes, scores), "T", slow)
    wrapper_inputs.slow_typed_inputs(slow, (max_output_size, dt.int32))
    # (TF's function converts the thresholds first, each to its own dtype: a Python float
    # is float32, an int int32, a string a string, which the op's T_threshold then checks)
    iou, score = convert_to_tensor(iou_threshold), convert_to_tensor(score_threshold)
    # (TF's op checks each type attr, T then T_threshold, before its inputs' dtypes in turn)
    for t, attr in ((b, "T"), (iou, "T_threshold")):
        if t._dtype not in _HALF_FLOAT:
            raise C.not_supported(op, t._dtype, _HALF_FLOAT, attr)
    C.same_dtype(op, (b, s), _HALF_FLOAT)
    int32_input(op, 2, max_output_size)
    if score._dtype is not iou._dtype:
        raise C.wrong_input_dtype(op, 4, iou._dtype, score._dtype)
    return bind(NON_MAX_SUPPRESSION, (b, s),
                {"max_output_size": C.scalar_value(max_output_size, int),
                 "iou_threshold": C.scalar_value(iou, float),
                 "score_threshold": C.scalar_value(score, float)})


_HALF_FLOAT = frozenset((dt.float16, dt.float32))


