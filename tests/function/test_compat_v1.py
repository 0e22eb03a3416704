"""tf.Graph / tf.compat.v1: graph mode, placeholders, Session.run with feeds."""

import numpy as np
import pytest

import eagerflow as tf


def test_graph_mode_builds_symbolic_tensors_and_session_runs_them():
    g = tf.Graph()
    with g.as_default():
        assert not tf.executing_eagerly()
        assert tf.compat.v1.get_default_graph() is g
        x = tf.compat.v1.placeholder(tf.float32, shape=[None, 2], name="p")
        assert str(x) == 'Tensor("p:0", shape=(None, 2), dtype=float32)'
        q = tf.compat.v1.placeholder(tf.float32)
        assert str(q) == 'Tensor("Placeholder:0", dtype=float32)'
        y = x * 2.0 + 1.0
        with tf.compat.v1.Session() as sess:
            out = sess.run(y, feed_dict={x: [[1, 2]]})
            np.testing.assert_array_equal(out, [[3.0, 5.0]])
            lst = sess.run([y, y], feed_dict={x: [[0, 0]]})
            assert isinstance(lst, list) and len(lst) == 2
            d = sess.run({"a": y}, feed_dict={x: [[1, 1]]})
            np.testing.assert_array_equal(d["a"], [[3.0, 3.0]])
            with pytest.raises(tf.errors.InvalidArgumentError,
                               match="You must feed a value for placeholder tensor 'p'"):
                sess.run(y)
            with pytest.raises(ValueError, match="Cannot feed value of shape"):
                sess.run(y, feed_dict={x: [1.0, 2.0, 3.0]})
        assert len(g.as_graph_def().node) == len(g.get_operations())
    assert tf.executing_eagerly()


def test_tf1_listing_with_feeds_overriding_intermediates():
    with tf.Graph().as_default():
        x = tf.compat.v1.placeholder(tf.float32)
        y = tf.square(x)
        z = tf.add(x, y)
        sess = tf.compat.v1.Session()
        z0 = sess.run([z], feed_dict={x: 2.0})
        z1 = sess.run([z], feed_dict={x: 2.0, y: 2.0})
        assert z0 == [6.0] and z1 == [4.0]
        sess.close()
        with pytest.raises(RuntimeError, match="closed Session"):
            sess.run(z, feed_dict={x: 1.0})


def test_tf2_root_has_no_tf1_names():
    for name in ("placeholder", "Session", "get_default_graph"):
        with pytest.raises(AttributeError):
            getattr(tf, name)
    assert tf.compat.v1.matmul is tf.matmul  # shared names resolve to TF 2's
    assert tf.compat.v1.constant is not tf.constant  # (TF 1's own: verify_shape)


def test_placeholder_needs_a_graph_and_eval_needs_a_session():
    with pytest.raises(RuntimeError, match="not compatible with eager execution"):
        tf.compat.v1.placeholder(tf.float32)
    with tf.Graph().as_default():
        c = tf.compat.v1.placeholder(tf.int32, [])
        d = c + 1
        with pytest.raises(ValueError, match="No default session"):
            d.eval(feed_dict={c: 1})
        with tf.compat.v1.Session():
            assert d.eval(feed_dict={c: 1}) == 2


def test_functions_and_variables_in_graph_mode():
    v = tf.Variable(3.0)

    @tf.function
    def f(x):
        return x * v
    with tf.Graph().as_default():
        p = tf.compat.v1.placeholder(tf.float32, [])
        out = f(p)
        with tf.compat.v1.Session() as sess:
            assert sess.run(out, feed_dict={p: 2.0}) == 6.0


def test_graph_inspection():
    g = tf.Graph()
    with g.as_default():
        a = tf.compat.v1.placeholder(tf.float32, [2], name="a")
        b = tf.exp(a)
    assert g.get_operation_by_name(b.op.name) is b.op
    assert g.get_tensor_by_name(b.name) is b
    assert b.op.type == "Exp" and b.op.inputs[0] is a
    text = str(g.as_graph_def())
    assert 'name: "a"' in text and 'op: "Exp"' in text
    assert tf.get_static_value(tf.constant([1, 2])).tolist() == [1, 2]
    with g.as_default():
        c = tf.constant(2.0) * 3.0
        assert tf.get_static_value(c) == 6.0
        assert tf.get_static_value(b) is None


def test_graph_collections_and_scopes_as_tf():
    """tf.Graph's collections and its own name scope, control dependencies and device,
    with TF 2.21's results."""
    g = tf.Graph()
    g.add_to_collections(["a"], 1)
    g.add_to_collection("a", 2)
    g.add_to_collections("b", 3)
    assert g.get_collection("a") == [1, 2] and sorted(g.collections) == ["a", "b"]
    g.get_collection_ref("c").append(5)
    assert g.get_collection("c") == [5] and sorted(g.get_all_collection_keys()) == ["a", "b", "c"]
    g.clear_collection("a")
    assert g.get_collection("a") == [] and sorted(g.collections) == ["b", "c"]
    with g.as_default():
        with g.name_scope("s") as scope:
            assert (scope, g.get_name_scope()) == ("s/", "s")
            c = tf.compat.v1.placeholder(tf.float32, name="c")
            with g.control_dependencies([c]):
                d = tf.identity(c) + 1
        with g.device("/cpu:0"):
            tf.identity(d)
    assert c.name == "s/c:0"
    g.add_to_collection("named", c)
    g.add_to_collection("named", 7)  # (no name: left out once a scope filters)
    assert g.get_collection("named", scope="s/") == [c]
    assert g.get_collection("named", scope="t") == []
    assert g.version == len(g.get_operations()) >= 3


def test_get_static_value_of_values_that_are_no_tensors():
    # recorded from TF 2.21: a value that is no tensor is returned as it is; a variable
    # holds no constant value, eagerly too
    for value in ["a", 3, None, [1, 2], (1.5,), {"a": 1}]:
        got = tf.get_static_value(value)
        assert got is value
    assert tf.get_static_value(tf.Variable(1.0)) is None
