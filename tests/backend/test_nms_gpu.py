"""Non-max suppression on a GPU (the stand-in, or CuPy's GPU:0 under
EAGERFLOW_REGISTRY_ON=gpu): NonMaxSuppressionV2/V3/V4 as TF 2.21's GPU kernels select,
against a reference written from those kernels' rules, box by box; a half type's as TF's
CPU kernel, which TF places it on."""


import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.ops import nms_gpu
from tests.backend.nms_reference import F, greedy, ranked

LOWEST = float(np.finfo(F).min)


pytestmark = pytest.mark.usefixtures("on_gpu")  # (tests/backend/conftest.py)


def reference(boxes, scores, max_output_size, iou_threshold, score_threshold=LOWEST):
    """TF's GPU selection: all boxes ranked, the best `count(scores > threshold)` of them
    taken when a threshold is given, then greedy suppression in rank order."""
    order = ranked(scores)
    if F(score_threshold) > F(LOWEST):
        order = order[:int(np.count_nonzero(scores > F(score_threshold)))]
    kept = greedy([boxes[i] for i in order], iou_threshold, max_output_size, ordered=True)
    return np.array([order[k] for k in kept], np.int32)


def _boxes(rng, n, grid=False):
    """Boxes of two corners in either order, some of zero area, some duplicated."""
    if grid:  # (coordinates on a coarse grid: equal overlaps, ties at the threshold)
        b = rng.integers(0, 4, size=(n, 4)).astype(F)
    else:
        b = rng.uniform(0, 10, size=(n, 4)).astype(F)
    if n > 2:
        b[1] = b[0]
        b[2, 2] = b[2, 0]
    return b


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), n=st.integers(0, 40), k=st.integers(0, 12),
       thr=st.sampled_from([0.0, 0.25, 0.5, 0.7, 1.0]), grid=st.booleans(),
       score_thr=st.sampled_from([float("-inf"), 0.2, 0.5, 0.9]), nan=st.booleans())
def test_v3_selects_as_tf_gpu_kernel(seed, n, k, thr, grid, score_thr, nan):
    rng = np.random.default_rng(seed)
    boxes = _boxes(rng, n, grid)
    scores = rng.choice(np.array([0.1, 0.5, 0.5, 0.9, -0.0, 0.0], F), n) if grid else \
        rng.uniform(size=n).astype(F)
    if nan and n > 3:
        scores[3] = np.nan
    got = tf.image.non_max_suppression(boxes, scores, k, iou_threshold=thr,
                                       score_threshold=score_thr)
    assert got.device.endswith("GPU:0") and got.dtype == tf.int32
    np.testing.assert_array_equal(got.numpy(), reference(boxes, scores, k, thr, score_thr))


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**31), n=st.integers(1, 30), k=st.integers(0, 10),
       pad=st.booleans())
def test_v2_and_v4_select_as_tf_gpu_kernel(seed, n, k, pad):
    rng = np.random.default_rng(seed)
    boxes, scores = _boxes(rng, n, grid=True), rng.uniform(size=n).astype(F)
    want = reference(boxes, scores, k, 0.4)
    v2 = tf.raw_ops.NonMaxSuppressionV2(boxes=boxes, scores=scores, max_output_size=k,
                                        iou_threshold=0.4)
    np.testing.assert_array_equal(v2.numpy(), want)
    sel, valid = tf.raw_ops.NonMaxSuppressionV4(
        boxes=boxes, scores=scores, max_output_size=k, iou_threshold=0.4,
        score_threshold=float("-inf"), pad_to_max_output_size=pad)
    assert sel.device.endswith("GPU:0") and valid.device.endswith("GPU:0")
    assert int(valid) == want.size
    padded = np.zeros(k, np.int32) if pad else np.zeros(want.size, np.int32)
    padded[:want.size] = want
    np.testing.assert_array_equal(sel.numpy(), padded)


def test_a_nan_score_ranks_first_where_tf_gpu_filters_nothing():
    """V2 filters nothing on a GPU (its threshold is float32's lowest), so a NaN score is
    ranked first, by its bits; TF's CPU kernel drops it (NaN > lowest is false)."""
    boxes = np.array([[0, 0, 1, 1], [5, 5, 6, 6], [8, 8, 9, 9]], F)
    scores = np.array([0.9, np.nan, 0.5], F)
    got = tf.raw_ops.NonMaxSuppressionV2(boxes=boxes, scores=scores, max_output_size=3,
                                         iou_threshold=0.5)
    np.testing.assert_array_equal(got.numpy(), [1, 0, 2])
    with tf.device("/CPU:0"):
        cpu = tf.raw_ops.NonMaxSuppressionV2(boxes=boxes, scores=scores, max_output_size=3,
                                             iou_threshold=0.5)
    np.testing.assert_array_equal(cpu.numpy(), [0, 2])


def test_a_score_threshold_keeps_a_count_of_the_best_ranked():
    """TF's GPU kernel counts the scores above the threshold and keeps that many of the
    best ranked: a NaN ranked first takes the place of the last score above it."""
    boxes = np.array([[0, 0, 1, 1], [2, 2, 3, 3], [4, 4, 5, 5], [6, 6, 7, 7]], F)
    scores = np.array([0.9, np.nan, 0.6, 0.1], F)
    got = tf.image.non_max_suppression(boxes, scores, 4, score_threshold=0.5)
    np.testing.assert_array_equal(got.numpy(), [1, 0])


def test_corners_in_either_order_and_zero_areas():
    boxes = np.array([[1, 1, 0, 0], [0, 0, 1, 1], [0.5, 0.5, 0.5, 2], [0.5, 0.5, 0.5, 2]], F)
    scores = np.array([0.9, 0.8, 0.7, 0.6], F)
    got = tf.image.non_max_suppression(boxes, scores, 4, iou_threshold=0.5)
    np.testing.assert_array_equal(got.numpy(), [0, 2, 3])  # (zero areas suppress nothing)


def test_half_types_select_as_tf_cpu_kernel():
    """TF has no GPU kernel for a half type's NMS: its CPU kernel's selection."""
    rng = np.random.default_rng(3)
    boxes, scores = _boxes(rng, 20), rng.uniform(size=20)
    got = tf.image.non_max_suppression(boxes.astype(np.float16), scores.astype(np.float16),
                                       6, iou_threshold=0.3)
    with tf.device("/CPU:0"):
        want = tf.image.non_max_suppression(boxes.astype(np.float16),
                                            scores.astype(np.float16), 6, iou_threshold=0.3)
    np.testing.assert_array_equal(got.numpy(), want.numpy())


def test_traced_call_on_the_device_matches_eager():
    rng = np.random.default_rng(4)
    boxes, scores = _boxes(rng, 25), rng.uniform(size=25).astype(F)
    fn = tf.function(lambda b, s: tf.image.non_max_suppression(b, s, 7, 0.3, 0.2))
    np.testing.assert_array_equal(fn(boxes, scores).numpy(),
                                  tf.image.non_max_suppression(boxes, scores, 7, 0.3,
                                                               0.2).numpy())


def test_greedy_keeps_nothing_for_a_zero_limit():
    bits = np.zeros((3, 1), np.uint8)
    assert nms_gpu.greedy(bits, 0).size == 0
    assert nms_gpu.greedy(bits, 2).tolist() == [0, 1]
