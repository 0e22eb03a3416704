"""A Layer subclass without `call` raises Keras 3's NotImplementedError (framed like any
error in `call`), and load_weights of a checkpoint-style path holding nothing is Keras 3's
ValueError, against layer_without_call_golden.json
(record_layer_without_call_golden.py)."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.keras.layer_without_call_cases import run

GOLDEN = json.loads((Path(__file__).resolve().parent /
                     "layer_without_call_golden.json").read_text())
GOT = {}


@pytest.mark.parametrize("case", list(GOLDEN))
def test_keras_answers(case):
    if not GOT:
        GOT.update(run(tf))
    assert GOT[case] == GOLDEN[case]


def test_a_prefix_checkpoint_still_round_trips(tmp_path):
    # (eagerflow keeps TF 2.0-2.15's checkpoint for a path prefix, which the conformance
    # listing of the eager guide saves; Keras 3 refuses the name)
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
    model.save_weights(str(tmp_path / "w"))
    want = [w.numpy() for w in model.weights]
    for w in model.weights:
        w.assign(tf.zeros_like(w))
    model.load_weights(str(tmp_path / "w"))
    assert all((w.numpy() == v).all() for w, v in zip(model.weights, want))
