"""SampleDistortedBoundingBox's checks and coverage at their edges, against TF 2.21's
recorded outcomes."""

import numpy as np
import pytest

import eagerflow as tf

BOX = np.array([[[0.1, 0.2, 0.5, 0.6]]], np.float32)


@pytest.mark.parametrize("covered, shown", [(-0.3, "-0.3"), (np.nan, "nan")])
def test_min_object_covered_must_be_non_negative_in_tfs_words(covered, shown):
    # TF's check is `>= 0`, so NaN fails it; the float printed shortest (recorded)
    msg = f"Min object covered must be non-negative: {shown} "
    with pytest.raises(tf.errors.InvalidArgumentError, match=msg):
        tf.raw_ops.SampleDistortedBoundingBoxV2(image_size=[20, 30, 3], bounding_boxes=BOX,
                                                min_object_covered=covered, seed=1, seed2=2)
    with pytest.raises(tf.errors.InvalidArgumentError, match=msg):
        tf.raw_ops.StatelessSampleDistortedBoundingBox(
            image_size=[20, 30, 3], bounding_boxes=BOX, min_object_covered=covered,
            seed=[1, 2])


@pytest.mark.parametrize("box, begin, size", [
    ([0.0, 1.0, 0.6, 0.7], [0, 0, 0], [40, 50, -1]),  # inverted across: covers nothing
    ([0.9, 0.8, 0.2, 0.1], [2, 13, 0], [32, 28, -1]),  # inverted both ways: a positive area
    ([0.7, 0.1, 0.2, 0.9], [0, 0, 0], [40, 50, -1]),
    ([0.1, 0.1, 0.9, 0.9], [2, 13, 0], [32, 28, -1])])
def test_a_box_of_negative_area_covers_nothing(box, begin, size):
    # TF 2.21: with min_object_covered 0, a box whose area is negative is never covered, so
    # every attempt fails and the whole image is the crop (recorded)
    out = tf.raw_ops.StatelessSampleDistortedBoundingBox(
        image_size=[40, 50, 3], bounding_boxes=np.array([[box]], np.float32),
        min_object_covered=0.0, seed=[3, 4], aspect_ratio_range=[0.5, 2.0],
        area_range=[0.1, 0.5], max_attempts=7)
    np.testing.assert_array_equal(out[0].numpy(), begin)
    np.testing.assert_array_equal(out[1].numpy(), size)
