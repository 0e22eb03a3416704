"""Keras 3's newer optimizers (Lion, Lamb, Adafactor, Muon, ScheduleFreeAdamW,
MultiOptimizer) and SwapEMAWeights: each step's weights and slots equal Keras's (float32,
to the last bit or two), eagerly, traced and on the stand-in GPU; their configs, their
variables' paths and dtypes; fit by name."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core import device as D
from tests.keras.optimizer_cases import CONFIGS, EXPRESSIONS, evaluate, run, swap_ema_fit

GOLDEN = json.loads(Path(__file__).with_name("optimizers_golden.json").read_text())


def _standin(name):
    with D.standin_gpus(1):
        with tf.device("/GPU:0"):
            out = run(tf.keras, tf, name)
            assert tf.keras.Variable(1.0).device.endswith("GPU:0")
    return out


MODES = {"eager": lambda name: run(tf.keras, tf, name),
         "traced": lambda name: run(tf.keras, tf, name, tf.function),
         "standin_gpu": _standin}
CASES = [(n, m) for n in CONFIGS for m in MODES]


@pytest.mark.parametrize("name,mode", CASES)
def test_steps_are_keras(name, mode):
    got, want = json.loads(json.dumps(MODES[mode](name))), GOLDEN[name]
    assert got["config"] == want["config"]
    assert got["name"] == want["name"] and got["slots"] == want["slots"]
    for step_got, step_want in zip(got["steps"], want["steps"]):
        for g, w in zip(step_got, step_want):
            np.testing.assert_allclose(g, w, rtol=2e-7, atol=1e-8)


def test_lion_checks_beta_1():
    with pytest.raises(ValueError, match="Argument `beta_1` must be in the \\[0, 1\\] range"):
        tf.keras.optimizers.Lion(beta_1=0.0)


@pytest.mark.parametrize("name", ["Lion", "Adafactor", "Muon", "ScheduleFreeAdamW"])
def test_by_name_in_compile_and_fit(name):
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
    model.compile(optimizer=name.lower(), loss="mse")
    assert type(model.optimizer).__name__ == name
    x, y = np.ones((4, 3), "float32"), np.zeros((4, 2), "float32")
    first = model.evaluate(x, y, verbose=0)
    model.fit(x, y, epochs=3, verbose=0)
    assert model.evaluate(x, y, verbose=0) < first


def test_lamb_is_not_found_by_name():
    # Keras 3.15's table of optimizers by name leaves Lamb out (checked against it)
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
    with pytest.raises(ValueError, match="^Could not interpret optimizer identifier: lamb$"):
        model.compile(optimizer="lamb", loss="mse")


@pytest.mark.parametrize("swap_on_epoch", [False, True])
def test_swap_ema_weights_is_keras(swap_on_epoch):
    got = json.loads(json.dumps(swap_ema_fit(tf.keras, swap_on_epoch)))
    want = GOLDEN[f"SwapEMAWeights-{swap_on_epoch}"]
    assert list(got) == list(want)
    for key in want:
        for g, w in zip(tf.nest.flatten(got[key]), tf.nest.flatten(want[key])):
            np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-7, err_msg=key)


def test_the_golden_file_covers_every_expression():
    assert list(GOLDEN["expressions"]) == EXPRESSIONS


@pytest.mark.parametrize("expr", EXPRESSIONS)
def test_expressions_are_keras(expr):
    got, want = evaluate(tf.keras, expr), GOLDEN["expressions"][expr]
    if "value" in want and "zeropower" in expr:  # (values of matrix products)
        np.testing.assert_allclose(got["value"], want["value"], rtol=1e-5, atol=1e-6)
    else:
        assert got == want


def test_legacy_optimizers_are_refused_as_keras_3():
    legacy = tf.keras.optimizers.legacy
    assert tf.optimizers.legacy is legacy
    assert [n for n in dir(legacy) if not n.startswith("_")] == \
        ["Adagrad", "Adam", "Ftrl", "Optimizer", "RMSprop", "SGD"]
    for name in ["Adagrad", "Adam", "Ftrl", "Optimizer", "RMSprop", "SGD"]:
        with pytest.raises(ImportError, match=r"^`keras.optimizers.legacy` is not supported in "
                           r"Keras 3. When using `tf.keras`, to continue using a "
                           r"`tf.keras.optimizers.legacy` optimizer, you can install the "
                           r"`tf_keras` package \(Keras 2\) and set the environment variable "
                           r"`TF_USE_LEGACY_KERAS=True` to configure TensorFlow to use "
                           r"`tf_keras` when accessing `tf.keras`.$"):
            getattr(legacy, name)(learning_rate=0.1)
    assert not isinstance(tf.keras.optimizers.Adam(), legacy.Optimizer)
