"""tf.nn.compute_average_loss and scale_regularization_loss, inside and outside replicas.

Expected values are those TF 2.21 prints for the same calls (MirroredStrategy over two
logical CPUs for the replica cases)."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.distribute.values import PerReplica

TWO = ["/cpu:0", "/cpu:1"]
LOSS = [1.0, 2.0, 3.0, 4.0]


def test_average_over_the_batch_outside_a_strategy():
    loss = tf.constant(LOSS)
    assert float(tf.nn.compute_average_loss(loss)) == 2.5
    assert float(tf.nn.compute_average_loss(loss, global_batch_size=8)) == 1.25
    assert float(tf.nn.compute_average_loss(loss, global_batch_size=tf.constant(8))) == 1.25
    assert float(tf.nn.compute_average_loss(loss, sample_weight=[1.0, 0.0, 1.0, 0.0])) == 1.0
    assert float(tf.nn.compute_average_loss(loss, sample_weight=2.0)) == 5.0
    assert float(tf.nn.compute_average_loss(tf.constant([[1.0, 2.0], [3.0, 4.0]]))) == 5.0
    assert float(tf.nn.compute_average_loss(loss, global_batch_size=0)) == 0.0
    assert float(tf.nn.compute_average_loss(tf.zeros([0]))) == 0.0
    ints = tf.nn.compute_average_loss(tf.constant([1, 2]))
    assert ints.dtype == tf.float64 and float(ints) == 1.5
    assert tf.nn.compute_average_loss(tf.constant([1.0, 2.0], tf.float64)).dtype == tf.float64
    assert float(tf.nn.scale_regularization_loss([1.0, 2.0])) == 3.0


def test_average_over_the_global_batch_in_replicas():
    s = tf.distribute.MirroredStrategy(TWO)
    out = s.run(lambda: (tf.nn.compute_average_loss(tf.constant(LOSS)),
                         tf.nn.scale_regularization_loss(tf.constant(4.0))))
    assert [float(t) for t in s.experimental_local_results(out[0])] == [1.25, 1.25]
    assert [float(t) for t in s.experimental_local_results(out[1])] == [2.0, 2.0]

    @tf.function
    def traced(x):  # the batch size is read when the graph runs
        return tf.nn.compute_average_loss(x)

    per_replica = PerReplica([tf.constant(LOSS), tf.constant([6.0, 6.0])])
    got = s.experimental_local_results(s.run(traced, args=(per_replica,)))
    assert [float(t) for t in got] == [1.25, 3.0]


def test_bad_input_is_refused():
    loss = tf.constant(LOSS)
    with pytest.raises(ValueError, match="at least rank 1. Received per_example_loss=3.0"):
        tf.nn.compute_average_loss(tf.constant(3.0))
    with pytest.raises(TypeError, match="global_batch_size must be an integer"):
        tf.nn.compute_average_loss(loss, global_batch_size=2.5)
    with pytest.raises(tf.errors.InvalidArgumentError, match="must be non-negative"):
        tf.nn.compute_average_loss(loss, global_batch_size=-1)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Incompatible shapes"):
        tf.nn.compute_average_loss(loss, sample_weight=tf.constant([1.0, 2.0]))
    s = tf.distribute.MirroredStrategy(TWO)
    with s.scope():
        for fn, arg in ((tf.nn.compute_average_loss, loss),
                        (tf.nn.scale_regularization_loss, tf.constant(4.0))):
            with pytest.raises(RuntimeError, match=f"calling `{fn.__name__}` in cross "
                                                   "replica context"):
                fn(arg)


def test_gradient_matches_finite_differences():
    x = tf.constant(np.random.default_rng(0).normal(size=(3, 2)))
    w = tf.constant([0.5, 2.0, 1.0], tf.float64)
    theoretical, numerical = tf.test.compute_gradient(
        lambda v: tf.nn.compute_average_loss(v * v, sample_weight=w[:, None],
                                             global_batch_size=6), [x])
    # TF weighs the losses in float32 (then casts back): float32's precision.
    np.testing.assert_allclose(theoretical[0], numerical[0], rtol=1e-4, atol=1e-6)
