"""model.export(path, format="litert") writes a .tflite file (kprobe41's snippets check what
Keras 3 prints and what eagerflow's interpreter computes from it): TF's own interpreter
runs eagerflow's file to the model's outputs, by the same signature."""

import numpy as np
import pytest

import eagerflow as tf
from tests.lite.test_converter import run_tf
from tests.tf_reference import HAVE_TF_PYTHON


def _models() -> list:
    keras = tf.keras
    keras.utils.set_random_seed(3)
    seq = keras.Sequential([keras.Input((3,), name="x"), keras.layers.Dense(4, activation="relu"),
                            keras.layers.Dense(2)])
    a, b = keras.Input((4,), name="a"), keras.Input((2,), name="b")
    h = keras.layers.Concatenate()([keras.layers.Dense(3, activation="tanh")(a), b])
    two = keras.Model([a, b], [keras.layers.Dense(2)(h), keras.layers.Dense(1)(h)])
    x = np.linspace(-1, 1, 6, dtype="float32").reshape(2, 3)
    xa = np.linspace(-1, 1, 8, dtype="float32").reshape(2, 4)
    xb = np.linspace(0, 1, 4, dtype="float32").reshape(2, 2)
    return [(seq, {"x": x}, [seq(x)]), (two, {"a": xa, "b": xb}, two([xa, xb]))]


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="needs TensorFlow's interpreter")
def test_tf_interpreter_runs_the_exported_file(tmp_path, capsys):
    cases, wants = [], []
    for i, (model, feeds, want) in enumerate(_models()):
        path = tmp_path / f"e{i}.tflite"
        model.export(str(path), format="litert")
        assert capsys.readouterr().out == f"Saved artifact at '{path}'.\n"
        cases.append((path.read_bytes(), feeds))
        wants.append(want)
    for out, want, (_, feeds) in zip(run_tf(tmp_path, cases), wants, cases):
        assert out["meta"]["signatures"]["serving_default"]["inputs"] == list(feeds)
        for j, w in enumerate(want):
            np.testing.assert_allclose(out[f"output_{j}"], np.asarray(w), atol=1e-5)
