"""The verifier, after every optimization pass, on the graphs that custom gradients,
TensorArray gradients and differentiated while loops produce (forward and backward)."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.graph.passes import optimize
from eagerflow._src.graph.verify import verify


@tf.custom_gradient
def clipped(x):
    return tf.identity(x), lambda dy: tf.clip_by_value(dy, -0.5, 0.5)


def rnn(x):
    inputs = tf.TensorArray(tf.float64, size=3).unstack(x)
    outs = tf.TensorArray(tf.float64, size=3)

    def body(i, h, outs):
        h = tf.tanh(clipped(inputs.read(i)) + h * x[i])
        return i + 1, h, outs.write(i, h)
    _, h, outs = tf.while_loop(lambda i, h, o: i < 3, body,
                               [tf.constant(0), tf.zeros([2], tf.float64), outs])
    return tf.reduce_sum(outs.stack() ** 2) + tf.reduce_sum(h)


def second_order(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = rnn(x)
    return tape.gradient(y, x)


@pytest.mark.parametrize("fn", [rnn, second_order])
def test_forward_and_backward_graphs_verify_after_every_pass(fn):
    f = tf.function(fn)
    x = tf.constant(np.linspace(-1.0, 1.0, 6).reshape(3, 2))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    g = tape.gradient(y, x)
    assert g is not None and np.all(np.isfinite(g.numpy()))
    cf = f.get_concrete_function(x)
    graphs = [cf.graph, cf._backward_function().graph]
    for graph in graphs:
        verify(graph)
        optimize(graph, after_each=lambda name, g: verify(g))
