"""TF 2.21's CPU non-max suppression on boxes and overlaps that are not finite (recorded):
its loop scales a candidate's score by a weight per selected box, exp(0 * overlap^2) at or
under the threshold and 0 past it (a NaN overlap too, which does not suppress): such a
candidate goes back in line at score 0 (V5 reports it so), and an infinite overlap under
the threshold makes the score NaN, dropping the candidate."""

import numpy as np
import pytest

import eagerflow as tf

# (TF's CPU loop: a GPU's NMS is its own kernel, as in TF)
pytestmark = pytest.mark.usefixtures("cpu_kernels")

nan, inf = np.nan, np.inf
BOXES = np.array([[-inf, -0.0, 1.0, -inf], [0.0, nan, 1.0, inf], [0.0, -0.0, 1.0, inf],
                  [1.0, 1.0, 0.0, -inf], [0.5, 0.5, 2.0, 2.0], [-0.0, -0.1, 1.0, 0.9]],
                 np.float32)
SCORES = np.array([0.9, -0.0, inf, 0.6, nan, inf], np.float32)


def test_nan_overlaps_demote_instead_of_suppressing():
    np.testing.assert_array_equal(tf.raw_ops.NonMaxSuppressionV2(
        boxes=BOXES, scores=SCORES, max_output_size=4, iou_threshold=0.5).numpy(), [2, 5, 0, 1])
    np.testing.assert_array_equal(tf.raw_ops.NonMaxSuppressionV3(
        boxes=BOXES, scores=SCORES, max_output_size=6, iou_threshold=0.5,
        score_threshold=-1.0).numpy(), [2, 5, 0, 1, 3])
    sel, kept, valid = tf.raw_ops.NonMaxSuppressionV5(
        boxes=BOXES, scores=SCORES, max_output_size=6, iou_threshold=0.5, score_threshold=-1.0,
        soft_nms_sigma=0.0)
    np.testing.assert_array_equal(sel.numpy(), [2, 5, 0, 1, 3])
    np.testing.assert_array_equal(kept.numpy(), np.array([inf, inf, 0.9, -0.0, 0.0], np.float32))
    assert valid.numpy() == 5


def test_an_infinite_overlap_under_the_threshold_drops_the_candidate():
    overlaps = np.array([[1.0, -inf, 0.1, 0.6], [inf, 0.0, 0.0, inf], [1.0, 0.2, 1.0, 0.55],
                         [0.6, 0.1, -0.0, -0.0]], np.float32)
    out = tf.raw_ops.NonMaxSuppressionWithOverlaps(
        overlaps=overlaps, scores=np.array([0.9, 1.0, 0.7, nan], np.float32),
        max_output_size=10, overlap_threshold=0.5, score_threshold=-inf)
    np.testing.assert_array_equal(out.numpy(), [1, 2])


def test_combined_nms_pops_equal_scores_in_its_heaps_order():
    # TF 2.21's combined NMS queues each class's candidates in a std::priority_queue ordered
    # by score alone: equal scores come out in its heap's order, not by index (recorded)
    boxes = np.array([[[[i, 0.0, i + 0.5, 1.0]] for i in range(7)]], np.float32)
    scores = np.array([[[1.0], [1.0], [2.0], [1.0], [1.0], [2.0], [1.0]]], np.float32)
    out = tf.raw_ops.CombinedNonMaxSuppression(
        boxes=boxes, scores=scores, max_output_size_per_class=7, max_total_size=7,
        iou_threshold=0.5, score_threshold=0.0, pad_per_class=False, clip_boxes=False)
    np.testing.assert_array_equal(out[0].numpy()[0, :, 0], [2, 5, 0, 6, 4, 1, 3])
    np.testing.assert_array_equal(out[1].numpy(), [[2, 2, 1, 1, 1, 1, 1]])
