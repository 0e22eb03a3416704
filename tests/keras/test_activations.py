"""Keras 3's newer activations (celu ... threshold): Keras's values, names and configs
(activations_golden.json, written by make_activations_golden.py)."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.keras.activation_cases import ARGS, INPUT, NAMES


def _golden():
    return json.loads((Path(__file__).with_name("activations_golden.json")).read_text())


@pytest.mark.parametrize("name", NAMES)
def test_newer_activations_are_keras(name):
    want = _golden()[name]
    fn = getattr(tf.keras.activations, name)
    got = fn(np.array(INPUT, np.float32), *ARGS.get(name, ()))
    np.testing.assert_allclose(np.asarray(got), want["value"], rtol=1e-6, atol=1e-7)
    assert fn.__name__ == want["fn_name"]
    assert tf.keras.activations.serialize(fn) == want["serialized"]
    assert tf.keras.activations.get(name) is fn
    dense = tf.keras.layers.Dense(2, activation=name)
    assert dense.get_config()["activation"] == want["in_dense"]
    assert tf.keras.layers.Dense.from_config(dense.get_config()).activation is fn


def test_gradients_flow_through_them():
    x = tf.constant([[-0.7, 0.3, 1.5, 2.0]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.keras.activations.celu(x) + tf.keras.activations.squareplus(x))
    g = tape.gradient(y, x).numpy()
    xs = np.array([-0.7, 0.3, 1.5, 2.0])
    want = np.where(xs > 0, 1.0, np.exp(xs)) + (1 + xs / np.sqrt(xs ** 2 + 4)) / 2
    np.testing.assert_allclose(g[0], want, rtol=1e-6)
