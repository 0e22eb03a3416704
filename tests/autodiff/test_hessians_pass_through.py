"""tf.hessians (second derivatives through tf.gradients, graphs only) and
tf.grad_pass_through (an identity gradient around any function): TF 2.21's values,
recorded from it, and its errors."""

import numpy as np
import pytest

import eagerflow as tf


def test_hessians_in_a_function_match_tf():
    @tf.function
    def h(x, w):
        y = tf.reduce_sum(x ** 3 * w) + tf.reduce_prod(x) + w ** 3
        return tf.hessians(y, [x, w])

    hx, hw = h(tf.constant([[1.0, 2.0], [3.0, -1.0]]), tf.constant(0.5))
    assert hx.shape == (2, 2, 2, 2) and hw.shape == ()
    # TF 2.21
    np.testing.assert_allclose(hx.numpy().reshape(4, 4),
                               [[3.0, -3.0, -2.0, 6.0], [-3.0, 6.0, -1.0, 3.0],
                                [-2.0, -1.0, 9.0, 2.0], [6.0, 3.0, 2.0, -3.0]])
    assert hw.numpy() == 3.0


def test_hessians_need_a_graph_as_tf_gradients_do():
    with pytest.raises(RuntimeError, match="tf.gradients is not supported when eager"):
        tf.hessians(tf.constant(1.0), [tf.constant(2.0)])


def test_grad_pass_through_passes_gradients_through_a_rounding():
    f = tf.grad_pass_through(lambda a: tf.round(a * 3.0))
    v = tf.Variable([0.4, 1.2])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(f(v) * tf.constant([2.0, 5.0]))
    # TF 2.21: 22.0 and [2.0, 5.0]
    assert y.numpy() == 22.0
    assert tape.gradient(y, v).numpy().tolist() == [2.0, 5.0]
    assert f.__name__ == "<lambda>"


def test_top_level_aliases_are_tf_s():
    assert tf.get_logger() is tf.get_logger() and tf.get_logger().name == "tensorflow"
    assert tf.eig is tf.linalg.eig and tf.eigvals is tf.linalg.eigvals
    assert tf.losses.MeanSquaredError is tf.keras.losses.MeanSquaredError
    assert tf.initializers.GlorotUniform is tf.keras.initializers.GlorotUniform
    assert tf.optimizers.Adam is tf.keras.optimizers.Adam
    assert tf.metrics.Mean is tf.keras.metrics.Mean
    assert {"losses", "initializers", "hessians", "grad_pass_through"} <= set(dir(tf))
