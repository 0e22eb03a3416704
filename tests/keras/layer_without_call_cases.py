"""Keras 3's answers to a Layer subclass that defines no `call` (eagerly, on KerasTensors,
and `.call` itself) and to TF-checkpoint-style weight paths (`x.ckpt`, a bare prefix) that
hold nothing: each outcome's class and message (shared by
record_layer_without_call_golden.py, run under TensorFlow, and
test_layer_without_call.py, run under eagerflow)."""

from __future__ import annotations

import os
import re
import tempfile
from typing import Any

import numpy as np


def _outcome(fn: Any) -> list:
    try:
        r = fn()
    except Exception as e:  # noqa: BLE001 - the class and message are the result
        # (a KerasTensor's name counts the ones made before it in the process)
        return [type(e).__name__, re.sub(r"name=keras_tensor_\d+", "name=keras_tensor", str(e))]
    return ["returned", type(r).__name__]


def run(tf: Any) -> dict:
    keras = tf.keras

    class NoCall(keras.layers.Layer):
        pass

    x = np.ones((2, 3), "float32")
    out = {
        "eager": _outcome(lambda: NoCall()(x)),
        "call": _outcome(lambda: NoCall().call(x)),
        "symbolic": _outcome(lambda: NoCall(name="no_call")(keras.Input((3,)))),
        "activity_regularization": _outcome(
            lambda: keras.layers.ActivityRegularization(l1=0.1)(x)),
    }
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory() as d:
        os.chdir(d)
        try:
            for path in ("x.ckpt", "x", "sub/x.ckpt"):
                out[f"load_weights {path}"] = _outcome(lambda p=path: model.load_weights(p))
            out["save_weights x.h5"] = _outcome(lambda: model.save_weights("x.h5"))
        finally:
            os.chdir(cwd)
    return out
