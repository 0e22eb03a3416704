"""The eager guide's tf.custom_gradient examples, shared by the eager tests
(tests/autodiff/test_custom_gradient.py) and the tf.function ones
(tests/function/test_custom_gradient_graph.py), so that both test the same functions."""

import eagerflow as tf


@tf.custom_gradient
def log1pexp(x):
    e = tf.exp(x)

    def grad(dy):
        return dy * (1 - 1 / (1 + e))
    return tf.math.log(1 + e), grad


@tf.custom_gradient
def clip_gradient_by_norm(x, norm):
    y = tf.identity(x)

    def grad_fn(dresult):
        return [tf.clip_by_norm(dresult, norm), None]
    return y, grad_fn
