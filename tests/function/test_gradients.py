"""tf.gradients: symbolic gradients inside tf.function and tf.compat.v1 graphs (values
checked against TensorFlow 2.21 and finite differences)."""

import numpy as np
import pytest

import eagerflow as tf


def test_eager_raises_like_tf():
    x = tf.constant(3.0)
    with pytest.raises(RuntimeError, match="tf.gradients is not supported when eager execution "
                                           "is enabled. Use tf.GradientTape instead."):
        tf.gradients(x * x, x)


def test_in_function_matches_tf():
    v = tf.Variable(2.0)

    @tf.function
    def f(x):
        y = x * x * v
        z = tf.sin(x)
        return (tf.gradients([y, z], [x, v]), tf.gradients(y, x, grad_ys=tf.constant(2.0)),
                tf.gradients(z, v), tf.gradients(z, v, unconnected_gradients="zero"),
                tf.gradients(y + z, x, stop_gradients=[z]),
                tf.gradients(tf.gradients(y, x)[0], x))

    g, g2, u, uz, s, h = f(tf.constant(3.0))
    np.testing.assert_allclose([t.numpy() for t in g], [12.0 + np.cos(3.0), 9.0], rtol=1e-6)
    assert g2[0].numpy() == 24.0 and u == [None] and uz[0].numpy() == 0.0
    assert s[0].numpy() == 12.0 and h[0].numpy() == 4.0


def test_through_custom_gradient_cond_and_loop_vs_finite_differences():
    @tf.custom_gradient
    def halved(x):
        return tf.identity(x), lambda dy: dy * 0.5

    def body(x):
        y = tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, tf.sin(a) * x), [0, x])[1]
        return tf.cond(tf.reduce_sum(x) > -10.0, lambda: halved(y) * 2.0, lambda: y)

    @tf.function
    def grad(x):
        return tf.gradients(tf.reduce_sum(body(x) ** 2), x)[0]

    x0 = np.array([0.3, -0.7])
    # the forward pass is 2y, its true gradient (finite differences) flows through the
    # custom one, which halves it
    theoretical, numerical = tf.test.compute_gradient(lambda x: tf.reduce_sum(body(x) ** 2),
                                                      [x0], delta=1e-5)
    np.testing.assert_allclose(grad(tf.constant(x0)).numpy(), 0.5 * numerical[0][0],
                               rtol=1e-6)
    np.testing.assert_allclose(theoretical[0][0], 0.5 * numerical[0][0], rtol=1e-6)


def test_compat_v1_session():
    g = tf.compat.v1.Graph()
    with g.as_default():
        x = tf.compat.v1.placeholder(tf.float32, [None])
        y = tf.reduce_sum(x * x)
        dx = tf.compat.v1.gradients(y, x)[0]
        with tf.compat.v1.Session() as sess:
            out = sess.run(dx, {x: np.array([1.0, 2.0, 3.0], np.float32)})
    assert out.tolist() == [2.0, 4.0, 6.0]
