"""Layer._flatten_layers in Keras 3.15's order (recorded on TF 2.21): a queue of the
layer's own sublayers (Keras 3's _layers: a Sequential's InputLayer first), each one taken
putting its own back at the front, reversed; the order model.losses follows."""

import eagerflow as tf

keras = tf.keras
layers = keras.layers


def _names(layer, **kwargs):
    return [type(s).__name__ + ":" + s.name for s in layer._flatten_layers(**kwargs)]


def test_a_sequential_called_symbolically_lists_its_input_layer():
    i = keras.Input((3,))
    blk = keras.Sequential([layers.Dense(2, name="bd")], name="blk")
    m = keras.Model(i, blk(layers.Dense(3, name="pre")(i)), name="top")
    seen = _names(m, include_self=False)
    inner = seen[-1]  # (the InputLayer the symbolic call built for blk)
    assert inner.startswith("InputLayer:") and inner != seen[0]
    assert seen == [seen[0], "Dense:pre", "Sequential:blk", "Dense:bd", inner]
    assert _names(m, include_self=False, recursive=False) == seen[:3]
    assert _names(blk, include_self=False) == [inner, "Dense:bd"]


def test_a_sequential_built_by_a_call_lists_its_input_layer():
    b = keras.Sequential([layers.Dense(2, name="bd2")], name="blk2")
    assert _names(b, include_self=False) == ["Dense:bd2"]
    b(tf.ones((1, 3)))
    seen = _names(b, include_self=False)
    assert seen[0].startswith("InputLayer:") and seen[1:] == ["Dense:bd2"]


class _Inner(layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.a1 = layers.Dense(1, name="a1", kernel_initializer="ones",
                               activity_regularizer="l2")
        self.a2 = layers.Dense(1, name="a2", kernel_initializer="ones",
                               activity_regularizer="l1")

    def call(self, x):
        return self.a1(x) + self.a2(x)


class _Outer(keras.Model):
    def __init__(self):
        super().__init__()
        self.A = _Inner(name="A")
        self.B = layers.Dense(1, name="B", kernel_initializer="ones", activity_regularizer="l2")
        self.C = keras.Sequential([layers.Dense(1, name="c1", kernel_initializer="ones",
                                                activity_regularizer="l1")], name="C")

    def call(self, x):
        return self.A(x) + self.B(x) + self.C(x)


def test_nested_sublayers_come_reversed_and_the_losses_follow():
    m = _Outer()
    m(tf.ones((2, 3)) * 0.5)
    assert m._flatten_layers()[0] is m
    assert [s.name for s in m._flatten_layers()][1:7] == ["A", "a2", "a1", "B", "C", "c1"]
    assert type(m._flatten_layers()[7]).__name__ == "InputLayer"  # (C's, built by the call)
    # recorded: a2's l1, a1's l2, B's l2, c1's l1 of activations of 1.5
    assert [round(float(v), 5) for v in m.losses] == [0.015, 0.0225, 0.0225, 0.015]
