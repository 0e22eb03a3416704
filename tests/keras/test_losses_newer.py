"""Keras 3's newer losses (Dice, Tversky, CategoricalGeneralizedCrossEntropy): values,
reductions, configs and errors as Keras 3 recorded them (losses_golden.json)."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.keras.loss_cases import CASES

GOLDEN = json.loads(Path(__file__).with_name("losses_golden.json").read_text())


def _plain(v):
    if isinstance(v, (dict, str)):
        return json.loads(json.dumps({"value": v}))  # tuples as JSON lists, as recorded
    return {"value": np.asarray(v).tolist()}


def test_the_golden_file_covers_every_case():
    assert list(GOLDEN) == CASES


@pytest.mark.parametrize("expr", CASES)
def test_newer_losses_are_keras(expr):
    try:
        got = _plain(eval(expr, {"keras": tf.keras, "np": np}))
    except Exception as e:  # noqa: BLE001 (the class and message are compared)
        got = {"error": type(e).__name__, "message": str(e)}
    want = GOLDEN[expr]
    if "value" in want and not isinstance(want["value"], (dict, str)):
        np.testing.assert_allclose(got["value"], want["value"], rtol=1e-6)
    else:
        assert got == want


def test_dice_trains_a_model():
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(4, "sigmoid")])
    model.compile("adam", loss="dice")
    x = np.eye(4, dtype="float32")
    first = model.evaluate(x, x, verbose=0)
    model.fit(x, x, epochs=30, verbose=0)
    assert model.evaluate(x, x, verbose=0) < first
