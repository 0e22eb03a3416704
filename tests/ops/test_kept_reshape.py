"""Reshape's eager shape inference is kept by the shapes it was asked of (ops/checks.kept):
keeping it changes no answer. TF 2.21's results and errors for a (2, 3) and an empty
(0, 3) input, recorded with tf.reshape, hold before and after good calls were kept."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.ops import checks as op_checks
from tests.golden_io import as_recorded

_WHERE = "{{function_node __wrapped__Reshape_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
# (input shape, requested shape) -> TF 2.21's message after _WHERE, or the result's shape
TF_REFUSES = {
    ((2, 3), (4, 2)): "Input to reshape is a tensor with 6 values, but the requested shape "
                      "has 8 [Op:Reshape]",
    ((2, 3), (-1, -1)): "Only one input size may be -1, not both 0 and 1 [Op:Reshape]",
    ((2, 3), (3, -2)): "Size 1 must be non-negative, not -2 [Op:Reshape]",
    ((2, 3), (-1, 4)): "Input to reshape is a tensor with 6 values, but the requested shape "
                       "requires a multiple of 4 [Op:Reshape]",
    ((2, 3), (0, -1)): "Input to reshape is a tensor with 6 values, but the requested shape "
                       "has 0 [Op:Reshape]",
}
TF_GIVES = {((0, 3), (0, -1)): (0, 3), ((0, 3), (-1, 0)): (3, 0), ((0, 3), (5, 0)): (5, 0),
            ((2, 3), (3, 2)): (3, 2), ((2, 3), (-1,)): (6,)}


@pytest.mark.parametrize("case", sorted(TF_REFUSES))
def test_a_bad_reshape_raises_tfs_error_before_and_after_good_ones_are_kept(case):
    op_checks._KEPT.clear()
    shape, asked = case
    x = tf.ones(shape)
    for _ in range(2):  # the first from an empty cache, then after the good calls
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            tf.reshape(x, asked)
        assert as_recorded(str(e.value)) == _WHERE + TF_REFUSES[case]
        for (s, good), want in TF_GIVES.items():
            if s == shape:
                assert tf.reshape(x, good).shape == want


@pytest.mark.parametrize("case", sorted(TF_GIVES))
def test_a_kept_reshape_gives_each_dtype_its_own_result(case):
    shape, asked = case
    for dtype in ("float32", "int64", "float32"):  # (the second float32 call is kept)
        x = tf.constant(np.arange(np.prod(shape)).reshape(shape).astype(dtype))
        y = tf.reshape(x, asked)
        assert y.dtype == tf.as_dtype(dtype) and y.shape == TF_GIVES[case]
        np.testing.assert_array_equal(y.numpy(), x.numpy().reshape(TF_GIVES[case]))
