"""A Distiller's `.keras` file between eagerflow and real Keras 3 (TF 2.21), both ways
(runs only where TensorFlow is installed): each side builds the same Distiller (a
Sequential teacher and student with seeded weights, logits and feature distillation),
saves it, and loads the other's; the loaded model must predict, weigh and compute its
distillation loss as the saved one did."""

import json
import os
import subprocess

import numpy as np
import pytest

import eagerflow as tf
from tests.tf_reference import TF_ENV, TF_PYTHON

pytestmark = pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                                reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")

# run by both sides with their own `keras`
BUILDER = r'''
import numpy as np

def build(keras):
    def mlp(name, seed):
        model = keras.Sequential([keras.Input((4,)),
                                  keras.layers.Dense(6, activation="relu", name="h"),
                                  keras.layers.Dense(3, name="logits")], name=name)
        rs = np.random.RandomState(seed)
        model.set_weights([(rs.randn(*w.shape) * 0.5).astype("float32")
                           for w in model.get_weights()])
        return model
    d = keras.distillation
    return d.Distiller(mlp("teacher", 1), mlp("student", 2),
                       [d.LogitsDistillation(temperature=2.0),
                        d.FeatureDistillation(teacher_layer_name="h",
                                              student_layer_name="h")],
                       distillation_loss_weights=[1.0, 0.5], student_loss_weight=0.25)

def probe(keras, model, x, y):
    model.compile("sgd", loss="sparse_categorical_crossentropy")
    return {"predict": model.predict(x, verbose=0).tolist(),
            "weights": [w.tolist() for w in model.get_weights()],
            "loss": float(model.compute_loss(x, y, model(x))),
            "teacher_trainable": model.teacher.trainable,
            "weights_of_losses": list(model.distillation_loss_weights),
            "student_loss_weight": model.student_loss_weight}
'''

TF_SCRIPT = BUILDER + r'''
import json, os, sys
import warnings
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import keras
folder = sys.argv[1]
x = np.load(os.path.join(folder, "x.npy")); y = np.load(os.path.join(folder, "y.npy"))
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # (the custom compile is not restored: Keras says so)
    loaded = keras.models.load_model(os.path.join(folder, "ours.keras"))
out = {"loaded_class": type(loaded).__name__, "loaded": probe(keras, loaded, x, y)}
theirs = build(keras)
theirs.save(os.path.join(folder, "theirs.keras"))
out["theirs"] = probe(keras, theirs, x, y)
json.dump(out, open(os.path.join(folder, "out.json"), "w"))
'''


def _namespace():
    scope = {}
    exec(BUILDER, scope)
    return scope


def test_distiller_files_both_ways(tmp_path):
    ns = _namespace()
    x = np.random.RandomState(0).randn(5, 4).astype("float32")
    y = np.array([0, 2, 1, 1, 0])
    np.save(tmp_path / "x.npy", x)
    np.save(tmp_path / "y.npy", y)
    ours = ns["build"](tf.keras)
    ours.save(tmp_path / "ours.keras")
    ours_probe = ns["probe"](tf.keras, ours, x, y)
    (tmp_path / "tf_script.py").write_text(TF_SCRIPT)
    proc = subprocess.run([TF_PYTHON, str(tmp_path / "tf_script.py"), str(tmp_path)],
                          capture_output=True, text=True, env=TF_ENV, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads((tmp_path / "out.json").read_text())

    # Keras loads ours: the same model
    assert out["loaded_class"] == "Distiller"
    _same(out["loaded"], ours_probe)
    # we load Keras's: the same model as Keras's, and as ours (same seeded weights)
    theirs = tf.keras.models.load_model(tmp_path / "theirs.keras")
    assert type(theirs) is tf.keras.distillation.Distiller
    _same(ns["probe"](tf.keras, theirs, x, y), out["theirs"])
    _same(out["theirs"], ours_probe)


def _same(a, b):
    assert a["teacher_trainable"] is b["teacher_trainable"] is False
    assert a["weights_of_losses"] == b["weights_of_losses"]
    assert a["student_loss_weight"] == b["student_loss_weight"]
    assert len(a["weights"]) == len(b["weights"])
    for u, v in zip(a["weights"], b["weights"]):
        np.testing.assert_array_equal(u, v)
    np.testing.assert_allclose(a["predict"], b["predict"], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(a["loss"], b["loss"], rtol=1e-5)
