"""tf.inside_function, tf.is_symbolic_tensor and tf.AggregationMethod, as TF 2.21 answers
them: True only while a tf.function traces (not in a compat.v1 Graph), graph tensors only
(not eager tensors, variables or Keras inputs), and TF's constants."""

import numpy as np

import eagerflow as tf


def test_inside_function_and_symbolic_tensors():
    seen = []

    @tf.function
    def f(x):
        seen.append((tf.inside_function(), tf.is_symbolic_tensor(x)))
        return x + 1

    f(tf.constant(1.0))
    assert seen == [(True, True)]
    assert not tf.inside_function()
    with tf.Graph().as_default():
        assert not tf.inside_function()
    assert not tf.is_symbolic_tensor(tf.constant(1.0))
    assert not tf.is_symbolic_tensor(tf.Variable(1.0))
    assert not tf.is_symbolic_tensor(tf.keras.Input((2,)))


def test_aggregation_methods_are_tfs_constants():
    m = tf.AggregationMethod
    assert (m.ADD_N, m.DEFAULT, m.EXPERIMENTAL_TREE, m.EXPERIMENTAL_ACCUMULATE_N) == (0, 0, 1, 2)

    @tf.function
    def grad(x):
        return tf.gradients(x * x + x, x, aggregation_method=m.EXPERIMENTAL_TREE)[0]

    np.testing.assert_allclose(grad(tf.constant(3.0)).numpy(), 7.0)
