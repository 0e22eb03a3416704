"""Tensor indices and slice bounds known only at run time (graph tensors in t[key])."""

import numpy as np
import pytest

import eagerflow as tf

X = np.arange(24.0).reshape(2, 3, 4)


@tf.function
def many(x, i, j, s, e):
    return (x[i], x[:, j], x[1, j, -1], x[i, :, s:e], x[..., j], x[None, i, 1:], x[j % 2 - 2],
            x[:, s:], x[:, :e:2], x[:, -5:s + 10])


@pytest.mark.parametrize("i,j,s,e", [(1, 2, 1, -1), (0, 0, -2, 3), (-1, -3, 0, 0)])
def test_values_match_numpy(i, j, s, e):
    outs = many(tf.constant(X), tf.constant(i), tf.constant(j), tf.constant(s), tf.constant(e))
    n = X
    ref = [n[i], n[:, j], n[1, j, -1], n[i, :, s:e], n[..., j], n[None, i, 1:], n[j % 2 - 2],
           n[:, s:], n[:, :e:2], n[:, -5:s + 10]]
    for o, r in zip(outs, ref):
        assert o.shape == r.shape
        np.testing.assert_array_equal(o.numpy(), r)


def test_static_shapes():
    cf = many.get_concrete_function(tf.TensorSpec([2, 3, 4], tf.float64),
                                    *[tf.TensorSpec([], tf.int32)] * 4)
    shapes = [o.shape.as_list() for o in cf.structured_outputs]
    assert shapes[:3] == [[3, 4], [2, 4], []]
    assert shapes[3] == [3, None]


def test_out_of_range_and_bad_index_types():
    f = tf.function(lambda x, i: x[i])
    with pytest.raises(tf.errors.InvalidArgumentError, match="GatherV2"):
        f(tf.constant(X), tf.constant(2))
    with pytest.raises(tf.errors.InvalidArgumentError, match="GatherV2"):
        f(tf.constant(X), tf.constant(-3))
    with pytest.raises(TypeError, match="valid indices"):
        f(tf.constant(X), tf.constant(1.0))
    with pytest.raises(TypeError, match="valid indices"):
        f(tf.constant(X), tf.constant([0, 1]))


def test_gradient_through_loop_indexing_matches_finite_differences():
    def f(x, w):
        def body(i, h):
            return i + 1, tf.tanh(x[i] * w + h[::-1])
        h0 = tf.zeros([3], tf.float64)
        return tf.while_loop(lambda i, h: i < 4, body, [tf.constant(0), h0])[1]

    rng = np.random.default_rng(3)
    args = [rng.normal(size=(4, 3)), rng.normal(size=(3,))]
    theoretical, numerical = tf.test.compute_gradient(tf.function(f), args, delta=1e-5)
    for t, n in zip(theoretical, numerical):
        np.testing.assert_allclose(t, n, rtol=1e-6, atol=1e-8)


def test_dynamic_slice_gradient():
    f = tf.function(lambda x, s: tf.reduce_sum(x[s:s + 2] ** 2))
    x = tf.constant([1.0, 2.0, 3.0, 4.0], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x, tf.constant(1))
    assert tape.gradient(y, x).numpy().tolist() == [0.0, 4.0, 6.0, 0.0]


def test_lists_of_graph_tensors_are_packed():
    a = tf.constant(3.0, tf.float64)
    f = tf.function(lambda a: tf.convert_to_tensor([[a, 1.0], [2, a]]))
    np.testing.assert_array_equal(f(a).numpy(), [[3.0, 1.0], [2.0, 3.0]])
    assert f(a).dtype == tf.float64
    assert tf.function(lambda a: tf.reduce_sum([a, a * 2.0]))(a).numpy() == 9.0
    assert tf.function(lambda a: tf.convert_to_tensor([a, 1.0], dtype=tf.float32))(a).dtype == \
        tf.float32
    n = tf.function(lambda: tf.cast(tf.while_loop(lambda i: i < 3, lambda i: i + 1, [0]),
                                    tf.float32))()
    assert n.numpy().tolist() == [3.0]
    with pytest.raises(TypeError, match=r"Cannot convert a list containing a tensor of dtype "
                                        r"<dtype: 'int32'> to <dtype: 'float64'>"):
        tf.function(lambda a: tf.convert_to_tensor([a, tf.constant(1)]))(a)

    x = tf.constant(2.0, tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.function(lambda a: tf.reduce_sum(tf.convert_to_tensor([a * a, 3.0]) * 2.0))(x)
    assert tape.gradient(y, x).numpy() == 8.0
