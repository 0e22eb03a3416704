"""A reduction's normalized axes are kept by (axes, rank) (ops/reduce.py's `_axes` through
checks.kept): the same axes of another rank, and bad axes after good ones of the same
rank, still get TF 2.21's values and errors (recorded from TF 2.21, CPU)."""

import numpy as np
import pytest

import eagerflow as tf

_CPU = "{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} "


def test_the_same_axes_of_another_rank_reduce_that_rank():
    x2, x3 = tf.ones((2, 3)), tf.ones((2, 3, 4))
    for _ in range(2):  # (the second round reads the kept axes)
        assert tf.reduce_sum(x2, [0, 1]).numpy() == 6.0
        assert tf.reduce_sum(x3, [0, 1]).numpy().tolist() == [6.0] * 4
        assert tf.reduce_mean(x3, [1, -1]).numpy().tolist() == [1.0, 1.0]
        assert tf.reduce_sum(x3, (2, 0)).shape == (3,)


@pytest.mark.parametrize("fn, shape, axis, op, message", [
    (tf.reduce_sum, (3,), [0, 1], "Sum", "Invalid reduction dimension (1 for input with 1 "
                                          "dimension(s)"),
    (tf.reduce_sum, (2, 3), [1, -1], "Sum", "Invalid reduction arguments: Axes contains "
                                            "duplicate dimension: 1"),
    (tf.reduce_mean, (2, 3), [0, 2], "Mean", "Invalid reduction dimension (2 for input with "
                                             "2 dimension(s)"),
])
def test_bad_axes_after_good_ones_are_refused_every_call(fn, shape, axis, op, message):
    good = [0] if len(shape) == 1 else [0, 1]
    fn(tf.ones(shape), good)
    for _ in range(2):  # (an error is never kept)
        with tf.device("/CPU:0"), pytest.raises(tf.errors.InvalidArgumentError) as e:
            fn(tf.ones(shape), axis)
        assert str(e.value) == _CPU % op + message + f" [Op:{op}]"
    np_fn = np.sum if fn is tf.reduce_sum else np.mean
    np.testing.assert_allclose(fn(tf.ones(shape), good).numpy(),
                               np_fn(np.ones(shape), axis=tuple(good)))
