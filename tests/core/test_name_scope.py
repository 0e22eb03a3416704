"""tf.name_scope: scope strings and the names of variables created inside."""

import pytest

import eagerflow as tf


def test_nested_scopes_prefix_variable_names():
    assert tf.Variable(1.0).name == "Variable:0"
    with tf.name_scope("foo") as s:
        assert s == "foo/"
        assert tf.Variable(1.0).name == "foo/Variable:0"
        with tf.name_scope("bar") as s2:
            assert s2 == "foo/bar/" and tf.get_current_name_scope() == "foo/bar"
            assert tf.Variable(1.0, name="w").name == "foo/bar/w:0"
        assert tf.Variable(1.0, name="w").name == "foo/w:0"
    assert tf.get_current_name_scope() == ""


def test_absolute_and_empty_scopes():
    with tf.name_scope("a"):
        with tf.name_scope("b/") as s:
            assert s == "b/" and tf.Variable(1.0).name == "b/Variable:0"
        with tf.name_scope("") as s:
            assert s == "" and tf.Variable(1.0).name == "Variable:0"
    with pytest.raises(ValueError, match="name for name_scope must be a string."):
        tf.name_scope(None)
    assert tf.name_scope("q").name == "q"


def test_scope_is_popped_on_error():
    with pytest.raises(RuntimeError):
        with tf.name_scope("x"):
            raise RuntimeError("inside")
    assert tf.get_current_name_scope() == ""
