"""Keras 3's Lion and Lamb: each step's weights and slots equal Keras's (float32, bit for
bit where the ops are), their configs, and their variables' paths."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.keras.optimizer_cases import CONFIGS, run

GOLDEN = json.loads(Path(__file__).with_name("optimizers_golden.json").read_text())


@pytest.mark.parametrize("name", list(CONFIGS))
def test_steps_are_keras(name):
    got, want = run(tf.keras, tf, name), GOLDEN[name]
    assert got["config"] == want["config"] and got["slots"] == want["slots"]
    for step_got, step_want in zip(got["steps"], want["steps"]):
        for g, w in zip(step_got, step_want):
            np.testing.assert_allclose(g, w, rtol=2e-7, atol=1e-8)


def test_lion_checks_beta_1():
    with pytest.raises(ValueError, match="Argument `beta_1` must be in the \\[0, 1\\] range"):
        tf.keras.optimizers.Lion(beta_1=0.0)


def test_by_name_in_compile():
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
    for name in ("lion", "lamb"):
        model.compile(optimizer=name, loss="mse")
        assert type(model.optimizer).__name__ == name.capitalize()
        model.fit(np.ones((4, 3), "float32"), np.zeros((4, 2), "float32"), verbose=0)
