"""Broadcasting of elementwise ops against NumPy's rules (hypothesis)."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import eagerflow as tf

OPS = [(tf.add, np.add), (tf.subtract, np.subtract), (tf.multiply, np.multiply),
       (tf.maximum, np.maximum), (tf.math.squared_difference, lambda a, b: (a - b) ** 2),
       (tf.less, np.less), (tf.equal, np.equal)]


@given(hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=0, max_dims=4, max_side=4),
       st.sampled_from(range(len(OPS))))
def test_compatible_shapes_broadcast_like_numpy(shapes, k):
    f, ref = OPS[k]
    a_shape, b_shape = shapes.input_shapes
    a = np.arange(int(np.prod(a_shape)), dtype=np.float32).reshape(a_shape)
    b = np.ones(b_shape, np.float32) * 2
    out = f(a, b)
    assert out.shape == shapes.result_shape
    np.testing.assert_allclose(out.numpy(), ref(a, b))


@given(hnp.array_shapes(min_dims=1, max_dims=3, max_side=4),
       hnp.array_shapes(min_dims=1, max_dims=3, max_side=4))
def test_incompatible_shapes_raise_invalid_argument(a_shape, b_shape):
    try:
        np.broadcast_shapes(a_shape, b_shape)
    except ValueError:
        with pytest.raises(tf.errors.InvalidArgumentError, match="Incompatible shapes"):
            tf.add(np.zeros(a_shape, np.float32), np.zeros(b_shape, np.float32))
    else:
        assert tf.add(np.zeros(a_shape, np.float32), np.zeros(b_shape, np.float32)).shape == \
            np.broadcast_shapes(a_shape, b_shape)


@given(hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=0, max_dims=3, max_side=3))
def test_gradients_sum_over_broadcast_axes(shapes):
    a_shape, b_shape = shapes.input_shapes
    a = tf.constant(np.ones(a_shape))
    b = tf.constant(np.full(b_shape, 3.0))
    with tf.GradientTape() as tape:
        tape.watch([a, b])
        y = tf.reduce_sum(a * b)
    ga, gb = tape.gradient(y, [a, b])
    n = int(np.prod(shapes.result_shape))
    assert ga.shape == a_shape and gb.shape == b_shape
    np.testing.assert_allclose(ga.numpy().sum(), 3.0 * n)
    np.testing.assert_allclose(gb.numpy().sum(), 1.0 * n)
