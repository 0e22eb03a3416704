"""tf.Module: names, name scopes, variable and submodule discovery, with_name_scope."""

import pytest

import eagerflow as tf


class Dense(tf.Module):
    def __init__(self, i, o, name=None):
        super().__init__(name=name)
        with self.name_scope:
            self.w = tf.Variable(tf.ones([i, o]), name="w")
            self.b = tf.Variable(tf.zeros([o]), name="b", trainable=False)

    @tf.Module.with_name_scope
    def __call__(self, x):
        if not hasattr(self, "inner_var"):
            self.inner_var = tf.Variable(1.0, name="inner")
        return tf.matmul(x, self.w) + self.b


class MLP(tf.Module):
    def __init__(self):
        super().__init__()
        self.layers = [Dense(2, 3), Dense(3, 1, name="out")]
        self.extra = {"k": tf.Variable(2.0, name="k")}


def test_names_and_variable_discovery():
    m = MLP()
    assert m.name == "mlp" and m.name_scope.name == "mlp/"
    # attributes sorted by name, then submodules breadth first (as TF)
    assert [v.name for v in m.variables] == ["k:0", "dense/b:0", "dense/w:0", "out/b:0",
                                             "out/w:0"]
    assert [v.name for v in m.trainable_variables] == ["k:0", "dense/w:0", "out/w:0"]
    assert [v.name for v in m.non_trainable_variables] == ["dense/b:0", "out/b:0"]
    assert [s.name for s in m.submodules] == ["dense", "out"]
    assert m.layers[0] in m.submodules


def test_with_name_scope_and_nested_scopes():
    d = Dense(1, 1)
    y = d(tf.ones([1, 1]))
    assert y.numpy()[0, 0] == 1.0
    assert d.inner_var.name == "dense/inner:0"
    outer = tf.Module(name="outer")
    with outer.name_scope:
        inner = tf.Module(name="x")
    assert inner.name_scope.name == "outer/x/"
    with inner.name_scope:
        assert tf.Variable(1.0, name="v").name == "outer/x/v:0"
    assert tf.Variable(1.0, name="v").name == "v:0"  # scopes restored


def test_invalid_names_and_tracking():
    with pytest.raises(ValueError, match="is not a valid module name"):
        tf.Module(name="a b")
    m = MLP()
    children = m._trackable_children()
    assert set(children) >= {"layers", "extra"}
    assert m.variables == tuple(m.variables)  # a tuple, as TF returns
    shared = Dense(1, 1)
    m.a, m.b = shared, shared
    assert sum(1 for s in m.submodules if s is shared) == 1
