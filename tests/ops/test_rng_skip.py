"""tf.raw_ops.RngSkip on state variables: TF 2.21's states after the same calls."""

import numpy as np

import eagerflow as tf


def test_states_as_tfs():
    v = tf.Variable(tf.zeros([3], tf.int64))
    assert tf.raw_ops.RngSkip(resource=v.handle, algorithm=1, delta=10) is None
    assert v.numpy().tolist() == [2560, 0, 0]
    tf.raw_ops.RngSkip(resource=v.handle, algorithm=1, delta=2**40)
    assert v.numpy().tolist() == [281474976713216, 0, 0]
    v = tf.Variable(tf.constant([5, -1, 9], tf.int64))
    tf.raw_ops.RngSkip(resource=v.handle, algorithm=1, delta=-1)  # (delta * 256 wraps at 64)
    assert v.numpy().tolist() == [-251, -1, 9]
    tf.raw_ops.RngSkip(resource=v.handle, algorithm=3, delta=1)  # (the carry into the high word)
    assert v.numpy().tolist() == [5, 0, 9]
    v = tf.Variable(tf.constant([1, 2, 3, 4], tf.int64))
    tf.raw_ops.RngSkip(resource=v.handle, algorithm=1, delta=1)
    np.testing.assert_array_equal(v.numpy(), [257, 2, 3, 4])
