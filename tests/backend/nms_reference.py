"""TF's GPU non-max suppression written box by box, the references of
test_nms_gpu.py and test_box_proposals.py: CUB's ranking of scores, the overlap test
multiplied out, the greedy walk."""

import math

import numpy as np

F = np.float32


def ranked(scores):
    """The positions of `scores` as CUB's stable radix sort ranks them, highest first:
    -0.0 as 0.0, a positive NaN before everything, a negative one after."""
    def key(i):
        score = float(scores[i])
        if math.isnan(score):
            return (0 if math.copysign(1, score) > 0 else 2, 0.0)
        return (1, -(score + 0.0))
    return sorted(range(len(scores)), key=key)


def over(a, b, threshold, ordered):
    """Whether box b's overlap with box a is past `threshold` (float32): intersection >
    union * threshold, never where an area is zero; `ordered`: each box's corners put in
    order first."""
    if ordered:
        a = (min(a[0], a[2]), min(a[1], a[3]), max(a[0], a[2]), max(a[1], a[3]))
        b = (min(b[0], b[2]), min(b[1], b[3]), max(b[0], b[2]), max(b[1], b[3]))
    area_a, area_b = (a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1])
    if area_a == 0 or area_b == 0:
        return False
    h = max(min(a[2], b[2]) - max(a[0], b[0]), F(0))
    w = max(min(a[3], b[3]) - max(a[1], b[1]), F(0))
    inter = h * w
    return bool(inter > (area_a + area_b - inter) * F(threshold))


def greedy(boxes, threshold, limit, ordered):
    """The positions in `boxes` (in rank order) greedy suppression keeps, at most `limit`."""
    kept = []
    for i, box in enumerate(boxes):
        if len(kept) == limit:
            break
        if not any(over(boxes[k], box, threshold, ordered) for k in kept):
            kept.append(i)
    return kept
