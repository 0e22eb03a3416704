"""tf.init_scope and eager tensors in a TF 1 graph, as TF 2.21 has them (recorded from TF
2.21 by hand): init_scope lifts out of function graphs only, into the outermost context
that builds none, so inside `with tf.Graph().as_default()` it stays in that graph (its
control dependencies cleared), and a tf.function traced there lifts into it; an eager
tensor given to an op of a TF 1 graph is refused with TF's RuntimeError, named after the
op's input (a tf.function's graph captures it)."""

from __future__ import annotations

import pytest

import eagerflow as tf

REFUSED = "Attempting to capture an EagerTensor without building a function."


def test_init_scope_stays_in_a_tf1_graph():
    g = tf.Graph()
    with g.as_default():
        with tf.init_scope():
            assert not tf.executing_eagerly()
            c = tf.constant(1.0)
            v = tf.Variable(2.0)
        assert c.graph is g and v.graph is g
        assert tf.constant(3.0).graph is g
        inner = tf.Graph()
        with inner.as_default(), tf.init_scope():
            assert tf.constant(1.0).graph is inner


def test_init_scope_clears_the_graph_s_control_dependencies():
    g = tf.Graph()
    with g.as_default():
        first = tf.constant(1.0)
        dep = tf.constant(0.0, name="dep")
        with tf.control_dependencies([dep]):
            with tf.init_scope():
                free = tf.identity(first)
            bound = tf.identity(first)
    assert free.op.control_inputs == []
    assert [op.name for op in bound.op.control_inputs] == ["dep"]


def test_a_function_traced_in_a_tf1_graph_lifts_into_it():
    g = tf.Graph()
    seen = []
    with g.as_default():
        @tf.function
        def f():
            with tf.init_scope():
                k = tf.constant(5.0)
                seen.append((k.graph is g, tf.executing_eagerly()))
            return tf.constant(1.0)

        f()
    assert seen == [(True, False)]


def test_init_scope_outside_any_graph_is_eager():
    @tf.function
    def f():
        with tf.init_scope():
            seen.append((tf.executing_eagerly(), float(tf.constant(2.0))))
        return tf.constant(1.0)

    seen = []
    f()
    assert seen == [(True, 2.0)]


X = tf.constant([1.0, 2.0])


@pytest.mark.parametrize("call,arg", [
    (lambda: X + tf.constant([1.0, 2.0]), "x"),
    (lambda: tf.add(X, 1.0), "x"),
    (lambda: X * 2, "x"),
    (lambda: tf.identity(X), "input"),
    (lambda: tf.reduce_sum(X), "input"),
    (lambda: tf.matmul(tf.reshape(X, [1, 2]), tf.ones([2, 1])), "tensor"),
    (lambda: tf.concat([X, X], 0), "values_0"),
    (lambda: tf.cast(X, tf.int32), "x"),
])
def test_an_eager_tensor_is_refused_by_a_tf1_graph_s_op(call, arg):
    with tf.Graph().as_default():
        with pytest.raises(RuntimeError, match=f"^{arg}: {REFUSED}$"):
            call()


@pytest.mark.parametrize("call,arg", [
    (lambda: tf.convert_to_tensor(X), ""),
    (lambda: tf.convert_to_tensor(X, name="given"), "given: "),
    (lambda: tf.convert_to_tensor(X, dtype=tf.int32), ""),  # (before the dtypes compared)
    (lambda: tf.shape(X), ""),
    (lambda: tf.shape(X, out_type=tf.int64, name="s"), ""),
    (lambda: tf.compat.v1.shape(X), ""),
    (lambda: tf.size(X), ""),
    (lambda: tf.rank(X), ""),
])
def test_an_eager_tensor_is_refused_by_a_tf1_graph_s_conversion(call, arg):
    # (TF converts it for the graph, which refuses it, where eagerflow's ops need it not:
    # the shape queries' constants of a static shape, convert_to_tensor)
    with tf.Graph().as_default():
        with pytest.raises(RuntimeError, match=f"^{arg}{REFUSED}$"):
            call()


def test_python_values_and_functions_still_take_them():
    with tf.Graph().as_default():
        assert tf.add(tf.constant([1.0, 2.0]), 1.0).shape == (2,)
        assert tf.nn.conv2d_transpose(tf.ones([1, 2, 2, 1]), tf.ones([2, 2, 1, 1]),
                                      [1, 4, 4, 1], 2).shape == (1, 4, 4, 1)

    @tf.function
    def f():
        return X * 2.0, tf.shape(X), tf.convert_to_tensor(X)

    doubled, shape, same = f()  # (a tf.function captures it)
    assert doubled.numpy().tolist() == [2.0, 4.0]
    assert shape.numpy().tolist() == [2] and same.numpy().tolist() == [1.0, 2.0]
