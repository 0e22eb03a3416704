"""Non-max suppression as TF 2.21's GPU kernels compute it (ops layer, over a device's
array module): NonMaxSuppressionV2/V3/V4 on a GPU, and GenerateBoundingBoxProposals.

TF's GPU kernels differ from its CPU ones (ops/greedy_nms.py, image_nms.py) in their
arithmetic, not in their plan:
- boxes are ranked by score with CUB's stable radix sort: equal scores by position,
  -0.0 equal to 0.0, NaNs beyond the infinities by their sign;
- a box suppresses a later one where intersection > (area_a + area_b - intersection) *
  threshold, in float32 (no division), and never where either area is zero; the
  suppression kernels may put each box's corners in order first (V2 to V4 do);
- a score threshold counts the scores above it and keeps that many of the best ranked.

The pairwise test runs on the device in blocks of rows and comes back once as bits; the
greedy walk over them is the host's (TF walks them in one device thread, and reads the
count of those kept back to size its output, as this does).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import to_host

_SIGN = np.uint32(0x80000000)
# rows of the pairwise test per pass: bounds its temporaries (ten float32 arrays of
# _ROWS x boxes) whatever the number of boxes
_ROWS = 512
# float32's lowest value: a score threshold at or below it filters nothing (TF's V2)
LOWEST = float(np.finfo(np.float32).min)


def ranked(xp: Any, scores: Any) -> Any:
    """The indices that rank each row of `scores` (..., n), highest first: the scores'
    bits as unsigned keys in the floats' order, -0.0 made 0.0, in a stable sort."""
    bits = (scores + np.float32(0)).view(np.uint32)
    key = xp.where(bits >= _SIGN, ~bits, bits | _SIGN)
    return xp.argsort(~key, axis=-1, kind="stable")


def suppressed(xp: Any, boxes: Any, threshold: Any, ordered: bool = False) -> np.ndarray:
    """(m, ceil(m / 8)) host bits for the (m, 4) float32 `boxes` (two corners each):
    row i's bit j set where box j's overlap with box i is past `threshold`, by TF's GPU
    test; `ordered`: each box's corners put in order first (a NaN left as it is)."""
    a0, b0, a1, b1 = (boxes[:, j] for j in range(4))
    if ordered:
        a0, a1 = xp.where(a0 > a1, a1, a0), xp.where(a0 > a1, a0, a1)
        b0, b1 = xp.where(b0 > b1, b1, b0), xp.where(b0 > b1, b0, b1)
    area = (a1 - a0) * (b1 - b0)
    threshold = np.float32(threshold)
    rows = []
    for r in range(0, boxes.shape[0], _ROWS):
        s = slice(r, r + _ROWS)
        da = _fdim(xp, xp.fmin(a1[s, None], a1), xp.fmax(a0[s, None], a0))
        db = _fdim(xp, xp.fmin(b1[s, None], b1), xp.fmax(b0[s, None], b0))
        inter = da * db
        over = inter > (area[s, None] + area - inter) * threshold
        over &= (area[s, None] != 0) & (area != 0)
        rows.append(xp.packbits(over, axis=1))
    return to_host(xp.concatenate(rows)) if rows else np.zeros((0, 0), np.uint8)


def _fdim(xp: Any, a: Any, b: Any) -> Any:
    """C's fdimf(a, b): a - b where positive, else 0 (a NaN stays NaN)."""
    d = a - b
    return xp.where(d <= 0, np.float32(0), d)


def greedy(bits: np.ndarray, limit: int) -> np.ndarray:
    """The rows greedy suppression keeps, in order, at most `limit`: each row that no
    row kept before it suppresses (`bits` as suppressed gives them)."""
    m = bits.shape[0]
    gone = np.zeros(m, bool)
    kept: list = []
    for i in range(m if limit > 0 else 0):
        if gone[i]:
            continue
        kept.append(i)
        if len(kept) == limit:
            break
        gone |= np.unpackbits(bits[i], count=m).view(bool)
    return np.array(kept, np.int64)


def select(xp: Any, boxes: Any, scores: Any, max_output_size: int, iou_threshold: float,
           score_threshold: float = LOWEST, pad: bool = False) -> tuple:
    """(int32 device indices of the boxes kept, how many) as TF's GPU NonMaxSuppression
    V2/V3/V4 select them from float32 `boxes` (n, 4) and `scores` (n,); `pad`: the
    indices padded with zeros to max_output_size (V4)."""
    n = boxes.shape[0]
    kept = np.zeros(0, np.int64)
    if n:
        order = ranked(xp, scores)
        limited = n
        if np.float32(score_threshold) > np.float32(LOWEST):  # (as TF's kernel compares)
            limited = int(to_host(xp.count_nonzero(scores > np.float32(score_threshold))))
        if limited:
            order = order[:limited]
            bits = suppressed(xp, boxes[order], iou_threshold, ordered=True)
            kept = greedy(bits, max_output_size)
    out = xp.zeros(max_output_size if pad else kept.size, np.int32)
    if kept.size:
        out[:kept.size] = order[xp.asarray(kept)].astype(np.int32)
    return out, kept.size
