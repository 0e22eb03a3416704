"""Segment max/min/prod/mean/sqrt_n: values against NumPy loops, TF's fill values for empty
segments, gradients (ties split evenly, products with zeros) against finite differences."""

import numpy as np
import pytest

import eagerflow as tf

IDS = np.array([0, 0, 2, 2, -1, 0], np.int32)


def _grad(f, x):
    x = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(f(x) * tf.constant([1.0, 2.0, 3.0], x.dtype))
    return tape.gradient(y, x).numpy()


def _numeric(f, x, eps=1e-6):
    w = np.array([1.0, 2.0, 3.0])
    out = np.zeros_like(x)
    for i in range(x.size):
        p, m = x.copy(), x.copy()
        p[i] += eps
        m[i] -= eps
        out[i] = (np.sum(f(tf.constant(p)).numpy() * w) - np.sum(f(tf.constant(m)).numpy() * w)) \
            / (2 * eps)
    return out


@pytest.mark.parametrize("x", [
    np.array([2.0, 0.0, 3.0, 1.5, 4.0, -1.0]),   # one zero in segment 0
    np.array([0.0, 0.0, 3.0, 1.5, 4.0, -1.0]),   # two zeros in segment 0
    np.array([2.0, 0.5, 0.0, 1.5, 0.0, -1.0]),   # a zero in segment 2, one dropped
])
def test_prod_gradient_with_zeros(x):
    def f(v):
        return tf.math.unsorted_segment_prod(v, IDS, 3)
    np.testing.assert_allclose(_grad(f, x), _numeric(f, x), atol=1e-8)


def test_max_gradient_splits_ties_evenly():
    x = np.array([5.0, 5.0, 1.0, 3.0, 9.0, 2.0])

    def f(v):
        return tf.math.unsorted_segment_max(v, IDS, 3)
    np.testing.assert_allclose(_grad(f, x), [0.5, 0.5, 0, 3.0, 0, 0])


def test_mean_and_sqrt_n_against_numpy():
    x = np.arange(12.0).reshape(6, 2)
    mean = tf.math.unsorted_segment_mean(x, IDS, 4).numpy()
    sqrt_n = tf.math.unsorted_segment_sqrt_n(x, IDS, 4).numpy()
    for s in range(4):
        rows = x[IDS == s]
        want = rows.mean(0) if len(rows) else np.zeros(2)
        np.testing.assert_allclose(mean[s], want)
        np.testing.assert_allclose(sqrt_n[s], rows.sum(0) / np.sqrt(max(len(rows), 1)))


def test_sorted_forms_fill_empty_segments_and_check_order():
    ids = np.array([0, 0, 2, 2])
    x = np.array([1.0, 5.0, 3.0, 2.0])
    np.testing.assert_array_equal(tf.math.segment_max(x, ids).numpy(), [5, 0, 3])
    np.testing.assert_array_equal(tf.math.segment_min(x, ids).numpy(), [1, 0, 2])
    np.testing.assert_array_equal(tf.math.segment_prod(x, ids).numpy(), [5, 1, 6])
    np.testing.assert_array_equal(tf.math.segment_mean([1, 4, 3, 2], ids).numpy(), [2, 0, 2])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"not increasing \[Op:SegmentMax\]"):
        tf.math.segment_max(x, [0, 1, 0, 2])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"must be >= 0 \[Op:SegmentMin\]"):
        tf.math.segment_min(x, [-1, 0, 0, 1])


def test_empty_unsorted_segments_hold_the_identity():
    out = tf.math.unsorted_segment_min(tf.constant([1, 2], tf.int64), [0, 0], 2).numpy()
    assert out[1] == np.iinfo(np.int64).max
    out = tf.math.unsorted_segment_max(tf.constant([1.0], tf.float64), [1], 2).numpy()
    assert out[0] == np.finfo(np.float64).min
