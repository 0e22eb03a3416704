"""tf.zeros_initializer, tf.ones_initializer, tf.constant_initializer and the random ones
(their reprs and errors against TF are in tests/core/tf_parity_exprs.txt)."""

import numpy as np
import pytest

import eagerflow as tf


def test_fills_and_dtypes():
    assert tf.zeros_initializer()([2, 3]).numpy().tolist() == [[0.0] * 3] * 2
    assert tf.ones_initializer()([2], tf.int64).dtype == tf.int64
    c = tf.constant_initializer([[1, 2], [3, 4]])(shape=[2, 2], dtype=tf.float64)
    assert c.dtype == tf.float64 and c.numpy().tolist() == [[1, 2], [3, 4]]
    v = tf.Variable(tf.ones_initializer()(shape=[2]))
    assert v.numpy().tolist() == [1.0, 1.0]


def test_a_seeded_initializer_draws_statelessly_with_seed_and_zero():
    init = tf.random_normal_initializer(mean=1.0, stddev=2.0, seed=7)
    a, b = init([3, 2]), init([3, 2])
    np.testing.assert_array_equal(a.numpy(), b.numpy())  # the same values every call
    want = tf.random.stateless_normal([3, 2], seed=[7, 0], mean=1.0, stddev=2.0)
    np.testing.assert_array_equal(a.numpy(), want.numpy())
    u = tf.random_uniform_initializer(0, 10, seed=3)([4], dtype=tf.int32)
    want = tf.random.stateless_uniform([4], seed=[3, 0], minval=0, maxval=10, dtype=tf.int32)
    np.testing.assert_array_equal(u.numpy(), want.numpy())


def test_an_unseeded_initializer_follows_the_global_seed():
    tf.random.set_seed(5)
    a = tf.random_uniform_initializer(-1.0, 1.0)([4])
    tf.random.set_seed(5)
    b = tf.random.uniform([4], -1.0, 1.0)
    np.testing.assert_array_equal(a.numpy(), b.numpy())
    assert (np.abs(a.numpy()) <= 1.0).all()


def test_config_round_trip_and_bad_arguments():
    init = tf.random_uniform_initializer(-2.0, 3.0, seed=1)
    again = type(init).from_config(init.get_config())
    np.testing.assert_array_equal(init([3]).numpy(), again([3]).numpy())
    with pytest.raises(TypeError, match="Invalid type for initial value: ResourceVariable"):
        tf.constant_initializer(tf.Variable(1.0))
    with pytest.raises(ValueError, match="expected to be floating point"):
        tf.random_normal_initializer()([2], tf.int32)
