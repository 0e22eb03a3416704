"""A layer or model named '' keeps the empty name, as Keras 3 does (the custom layers
tutorial's ResnetIdentityBlock passes name=''): it takes no automatic name (the counter is
not advanced) and adds nothing to its weights' paths. Facts checked against TF 2.21 /
Keras 3.15."""

from __future__ import annotations

import eagerflow as tf


class Block(tf.keras.Model):
    def __init__(self) -> None:
        super().__init__(name="")
        self.d = tf.keras.layers.Dense(2)

    def call(self, x):
        return self.d(x)


def test_an_empty_name_is_kept_and_adds_nothing_to_paths():
    for layer in (tf.keras.Model(name=""), tf.keras.layers.Layer(name=""),
                  tf.keras.layers.Dense(2, name="")):
        assert layer.name == ""
    model = tf.keras.Sequential([tf.keras.layers.Dense(2, name="")], name="")
    model(tf.zeros((1, 3)))
    assert model.name == "" and [w.path for w in model.weights] == ["kernel", "bias"]
    block = Block()
    block(tf.zeros((1, 3)))
    assert block.name == ""
    assert [w.path for w in block.weights] == [f"{block.d.name}/kernel", f"{block.d.name}/bias"]


def test_an_empty_name_takes_no_automatic_name():
    first = tf.keras.layers.Dense(2).name
    tf.keras.layers.Dense(2, name="")
    n = int(first.rsplit("_", 1)[1]) if "_" in first else 0
    assert tf.keras.layers.Dense(2).name == f"dense_{n + 1}"
