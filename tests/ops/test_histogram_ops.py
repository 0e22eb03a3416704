"""tf.histogram_fixed_width and tf.histogram_fixed_width_bins: TF 2.21's counts and bins
(recorded from it, edges of the range and values just inside them included), against a
NumPy reference on random values, TF's dtype rules and errors."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from tests.gpu_target import on_recording_device

VALUES = [-1.0, 0.0, 1.5, 2.0, 5.0, 15, 4.999999, 0.9999999, 3.0, 2.9999]


@pytest.mark.parametrize("dtype", [tf.float32, tf.float64])
def test_tf_values_at_the_edges(dtype):
    rng = tf.constant([0.0, 5.0], dtype)
    # TF 2.21, float32 and float64 alike
    assert tf.histogram_fixed_width(tf.constant(VALUES, dtype), rng, nbins=5).numpy().tolist() \
        == [3, 1, 2, 1, 3]
    assert tf.histogram_fixed_width_bins(tf.constant(VALUES, dtype), rng,
                                         nbins=5).numpy().tolist() == [0, 0, 1, 2, 4, 4, 4, 0,
                                                                       3, 2]


def test_tf_values_on_random_data_and_integer_input():
    r = np.random.RandomState(0).uniform(-1, 7, 1000).astype(np.float32)
    assert tf.histogram_fixed_width(r, [0.3, 6.1], nbins=7).numpy().tolist() == \
        [270, 111, 114, 93, 95, 102, 215]
    assert tf.histogram_fixed_width_bins(r, [0.3, 6.1], nbins=7).numpy()[:20].tolist() == \
        [3, 5, 4, 3, 2, 4, 2, 6, 6, 2, 6, 3, 3, 6, 0, 0, 0, 6, 5, 6]
    counts = tf.histogram_fixed_width(tf.constant([1, 2, 3, 9]), [0, 10], nbins=3,
                                      dtype=tf.int64)
    assert counts.dtype == tf.int64 and counts.numpy().tolist() == [3, 0, 1]
    bins = tf.histogram_fixed_width_bins(tf.constant([[1.0, 2], [3, 9]]), [0.0, 10], nbins=3)
    assert bins.shape == (2, 2) and bins.numpy().tolist() == [[0, 0], [0, 2]]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(-100, 100), min_size=0, max_size=30),
       st.floats(-50, 0), st.floats(0.5, 60), st.integers(1, 12))
def test_counts_and_bins_match_a_loop(values, lo, width, nbins):
    v = np.array(values, np.float64)
    hi = lo + width
    got = tf.histogram_fixed_width(tf.constant(v), tf.constant([lo, hi], tf.float64),
                                   nbins=nbins).numpy()
    step = (hi - lo) / nbins
    want = np.zeros(nbins, np.int64)
    for x in values:  # TF's rule: below the range counts in bin 0, above it in the last
        want[min(int(max(x - lo, 0.0) / step), nbins - 1)] += 1
    assert got.tolist() == want.tolist()
    bins = tf.histogram_fixed_width_bins(tf.constant(v), tf.constant([lo, hi], tf.float64),
                                         nbins=nbins).numpy()
    assert bins.tolist() == [int(min(max(np.floor(nbins * ((x - lo) / (hi - lo))), 0),
                                     nbins - 1)) for x in values]


@pytest.mark.parametrize("call, error, match", [
    (lambda: tf.histogram_fixed_width([1.0], [0.0, 1.0], nbins=0),
     tf.errors.InvalidArgumentError, "nbins should be a positive number, but got '0'"),
    (lambda: tf.histogram_fixed_width([1.0], [1.0, 0.0], nbins=3),
     tf.errors.InvalidArgumentError, r"but got '\[1, 0\]'"),
    (lambda: tf.histogram_fixed_width([1.0], [0.0, 1.0, 2.0], nbins=3),
     tf.errors.InvalidArgumentError, "value_range should be a vector of 2 elements."),
    # (TF's kernel checks the range before the number of bins; an int64 bound whole)
    (lambda: tf.histogram_fixed_width([1.0], [2.0, 2.0], nbins=0),
     tf.errors.InvalidArgumentError, r"but got '\[2, 2\]'"),
    (lambda: tf.histogram_fixed_width(np.int64([1]), np.int64([2**40, 5]), nbins=3),
     tf.errors.InvalidArgumentError, r"but got '\[1099511627776, 5\]'"),
    (lambda: tf.histogram_fixed_width([1.0], [1234567.5, 0.001], nbins=3),
     tf.errors.InvalidArgumentError, r"but got '\[1.23457e\+06, 0.001\]'"),
    (lambda: tf.histogram_fixed_width([np.nan, 0.5], [0.0, 1.0], nbins=3),
     tf.errors.InvalidArgumentError, "Histogram values must not contain NaN"),
    (lambda: tf.histogram_fixed_width([1, 2], [0.0, 3.0], 3), TypeError,
     r"Cannot convert \[0.0, 3.0\] to EagerTensor of dtype int32"),
    (lambda: tf.histogram_fixed_width([0.5], [0.0, 1.0], 3.0), TypeError,
     "Cannot convert 3.0 to EagerTensor of dtype int32"),
    (lambda: tf.histogram_fixed_width([0.5], [0.0, 1.0], 3, dtype=tf.float32),
     tf.errors.InvalidArgumentError, "Value for attr 'dtype' of float is not in the list"),
    (lambda: tf.histogram_fixed_width_bins([1.0], [0.0, 1.0], nbins=0),
     tf.errors.InvalidArgumentError, "must > 0"),
    # TF's composition multiplies the int32 bin count by the float64 scaled values
    (lambda: tf.histogram_fixed_width_bins(tf.constant([1, 2]), [0, 10], nbins=3),
     tf.errors.InvalidArgumentError, "expected to be a int32 tensor but is a double"),
    (lambda: tf.histogram_fixed_width_bins(tf.constant(VALUES, tf.float64), [0.0, 5.0]),
     tf.errors.InvalidArgumentError, "expected to be a double tensor but is a float"),
])
def test_errors_as_tf(call, error, match):
    with on_recording_device(match), pytest.raises(error, match=match):  # (TF's CPU words)
        call()


def test_one_node_named_after_tfs_scope():
    @tf.function
    def f(x, n):
        return tf.histogram_fixed_width(x, [0.0, 1.0], n, dtype=tf.int64)

    ops = f.get_concrete_function(tf.TensorSpec([10]), tf.TensorSpec([], tf.int32)).graph \
        .get_operations()
    node = [o for o in ops if o.type == "HistogramFixedWidth"]
    assert [o.name for o in node] == ["histogram_fixed_width"]
    # (the number of bins known only when the graph runs)
    got = f(tf.constant([0.1, 0.2, 0.9, 2.0, -1.0, 0.5, 0.5, 0.5, 0.3, 0.3]), tf.constant(4))
    assert got.dtype == tf.int64 and got.numpy().tolist() == [3, 2, 3, 2]
