"""A built Sequential called on KerasTensors checks them against its functional model's
Input (batch free), as Keras 3 hands such a call to its Functional; an eager call is not
checked; a Sequential made from a built model whose layers refuse its output fails as
Keras 3's build does. Facts checked against TF 2.21 / Keras 3.15 (the data augmentation
tutorial's model of two prebuilt Sequentials)."""

from __future__ import annotations

import re

import numpy as np
import pytest

import eagerflow as tf

layers = tf.keras.layers


def _built(shape: tuple) -> tf.keras.Sequential:
    model = tf.keras.Sequential([layers.RandomFlip("horizontal"), layers.Rescaling(1.0)])
    model(np.zeros(shape, "float32"))
    return model


def test_a_symbolic_call_is_checked_against_the_functional_input():
    model = _built((1, 12, 12, 3))
    assert model.input_spec is None  # (the check is its Functional's)
    assert model(tf.keras.Input((12, 12, 3), batch_size=1)).shape == (1, 12, 12, 3)
    with pytest.raises(ValueError) as e:
        model(tf.keras.Input((8, 8, 3), batch_size=4))
    assert re.search(r"Input 0 with name 'input_layer(_\d+)?' of layer 'functional(_\d+)?' "
                     r"is incompatible with the layer: expected shape=\(None, 12, 12, 3\), "
                     r"found shape=\(4, 8, 8, 3\)", str(e.value))
    assert "kwargs={'mask': 'None'}" in str(e.value)


def test_an_eager_call_is_not_checked():
    model = _built((1, 12, 12, 3))
    assert model(np.zeros((2, 8, 8, 3), "float32")).shape == (2, 8, 8, 3)


def test_a_model_made_of_built_models_fails_as_keras_builds_it():
    first = tf.keras.Sequential([layers.Resizing(8, 8), layers.Rescaling(1 / 255)])
    first(np.zeros((1, 12, 12, 3), "float32"))
    second = _built((1, 12, 12, 3))
    with pytest.raises(ValueError, match=r"expected shape=\(None, 12, 12, 3\), found "
                                         r"shape=\(1, 8, 8, 3\)"):
        tf.keras.Sequential([first, second, layers.Dense(2)])
    fresh = tf.keras.Sequential([layers.RandomFlip("horizontal")])
    model = tf.keras.Sequential([first, fresh, layers.Dense(2)])
    assert model.built and model.output_shape == (1, 8, 8, 2)
