"""The max-taking nn kernels on NaN and -inf, as TF 2.21's CPU kernels take their maxima:
from the type's lowest finite value, a value replacing it only when greater, so NaN and -inf
never win. Values recorded from TF 2.21."""

import numpy as np
import pytest

import eagerflow as tf

nan, inf = np.nan, np.inf
LOWEST = np.finfo(np.float64).min


def test_dilation2d_and_its_backprops_skip_nan_and_start_from_the_lowest_value():
    x = np.array([[[[nan], [1.0], [-inf]], [[2.0], [nan], [0.5]], [[-inf], [nan], [nan]]]])
    f = np.zeros((2, 2, 1))
    kw = dict(strides=[1, 1, 1, 1], rates=[1, 1, 1, 1], padding="SAME")
    out = tf.raw_ops.Dilation2D(input=x, filter=f, **kw).numpy().ravel()
    np.testing.assert_array_equal(out, [2.0, 1.0, 0.5, 2.0, 0.5, 0.5, LOWEST, LOWEST, LOWEST])
    g = np.arange(1, 10, dtype=np.float64).reshape(1, 3, 3, 1)
    # an output no tap won: TF sends its gradient to its window's first position inside the
    # input, and to the filter's tap (0, 0)
    np.testing.assert_array_equal(
        tf.raw_ops.Dilation2DBackpropInput(input=x, filter=f, out_backprop=g, **kw).numpy()
        .ravel(), [0.0, 2.0, 0.0, 5.0, 0.0, 14.0, 7.0, 8.0, 9.0])
    np.testing.assert_array_equal(
        tf.raw_ops.Dilation2DBackpropFilter(input=x, filter=f, out_backprop=g, **kw).numpy()
        .ravel(), [36.0, 5.0, 4.0, 0.0])
    # the gradient through the public function is the backprops'
    xt, ft = tf.constant(x), tf.constant(f)
    with tf.GradientTape() as tape:
        tape.watch([xt, ft])
        y = tf.nn.dilation2d(xt, ft, [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1])
        loss = tf.reduce_sum(y * g)
    gx, gf = tape.gradient(loss, [xt, ft])
    np.testing.assert_array_equal(gx.numpy().ravel(), [0, 2, 0, 5, 0, 14, 7, 8, 9])
    np.testing.assert_array_equal(gf.numpy().ravel(), [36, 5, 4, 0])


def test_fractional_max_pool_never_takes_nan():
    x = np.array([[[[nan], [1.0], [-inf], [3.0]], [[nan], [nan], [-inf], [2.0]],
                   [[0.0], [nan], [5.0], [nan]]]])
    out, rows, cols = tf.raw_ops.FractionalMaxPool(
        value=x, pooling_ratio=[1.0, 1.5, 2.0, 1.0], pseudo_random=False, overlapping=False,
        deterministic=True, seed=1, seed2=2)
    np.testing.assert_array_equal(out.numpy().ravel(), [1.0, 3.0, 0.0, 5.0])
    np.testing.assert_array_equal(rows.numpy(), [0, 1, 3])
    np.testing.assert_array_equal(cols.numpy(), [0, 2, 4])


@pytest.mark.parametrize("op", ["FractionalMaxPool", "FractionalAvgPool"])
@pytest.mark.parametrize("shape, dim", [((0, 5, 4, 2), 0), ((1, 4, 4, 0), 3)])
def test_fractional_pools_refuse_an_empty_batch_or_depth(op, shape, dim):
    # TF sizes all four dimensions, the batch and depth at ratio 1: an empty one is refused
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=f"Pooling ratio is higher than input dimension size for dimension "
                             f"{dim}. Input dim size: 0 pooling ratio: 1"):
        getattr(tf.raw_ops, op)(value=np.zeros(shape), pooling_ratio=[1.0, 1.5, 1.5, 1.0],
                                deterministic=True, seed=1, seed2=2)
