"""keras.callbacks.OrbaxCheckpoint and loading its directories, as Keras 3.15 in TF 2.21.

Without the optional orbax-checkpoint package (CI), the callback and the loaders raise
Keras's ImportError, and what eagerflow builds for Orbax to write (the checkpointables of
a model) is checked as data. With it, checkpoints are written and read back; with a TF
interpreter that has it too (EAGERFLOW_TF_PYTHON), they cross to and from TF's Keras."""

import importlib.util
import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from eagerflow._src.keras import orbax_io
from tests.interop import model_cases as C
from tests.tf_reference import TF_PYTHON

HAVE_ORBAX = importlib.util.find_spec("orbax") is not None
needs_orbax = pytest.mark.skipif(not HAVE_ORBAX, reason="orbax-checkpoint is not installed")
PROGRAM = Path(__file__).resolve().parent.parent / "interop" / "orbax_program.py"


def small_model(name: str = "small") -> keras.Model:
    keras.utils.set_random_seed(3)
    inputs = keras.Input((3,))
    h = keras.layers.BatchNormalization(name="bn")(keras.layers.Dense(4, name="d")(inputs))
    model = keras.Model(inputs, keras.layers.Dense(2, name="head")(h), name=name)
    model.compile("adam", "mse", metrics=["mae"])
    return model


DATA = (np.arange(24, dtype="float32").reshape(8, 3) / 10, np.ones((8, 2), "float32"))


# -- without Orbax --------------------------------------------------------------------------------

def test_without_orbax_the_callback_and_loaders_raise_keras_import_error(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "orbax", None)
    monkeypatch.setitem(sys.modules, "orbax.checkpoint", None)
    (tmp_path / "3").mkdir()
    model = small_model()
    for call in (lambda: keras.callbacks.OrbaxCheckpoint(str(tmp_path / "new")),
                 lambda: keras.saving.load_model(str(tmp_path)),
                 lambda: model.load_weights(str(tmp_path))):
        with pytest.raises(ImportError) as e:
            call()
        assert str(e.value) == orbax_io.IMPORT_ERROR
    assert not (tmp_path / "new").exists()


def test_orbax_directories_are_told_by_keras_rule(tmp_path):
    def made(*names, files=()):
        d = tmp_path / f"d{len(list(tmp_path.iterdir()))}"
        d.mkdir()
        for n in names:
            (d / n).mkdir()
        for n in files:
            (d / n).write_text("")
        return str(d)

    assert orbax_io.is_orbax_checkpoint(made("3"))
    assert orbax_io.is_orbax_checkpoint(made("5.orbax-checkpoint-tmp"))
    assert orbax_io.is_orbax_checkpoint(made(files=["checkpoint_metadata"]))
    assert not orbax_io.is_orbax_checkpoint(made())
    assert not orbax_io.is_orbax_checkpoint(made("variables", files=["3", "saved_model.pb"]))
    assert not orbax_io.is_orbax_checkpoint(str(tmp_path / "missing"))
    assert not orbax_io.is_orbax_checkpoint(made(files=["x"]) + "/x")
    assert not orbax_io.is_orbax_checkpoint(None)


def test_a_directory_of_no_known_format_is_keras_format_error(tmp_path):
    model = small_model()
    with pytest.raises(ValueError, match=r"^File format not supported: filepath=.*or Orbax "
                                         r"checkpoints\.$"):
        model.load_weights(str(tmp_path))
    with pytest.raises(ValueError, match=r"^File format not supported: .*TFSMLayer"):
        keras.saving.load_model(str(tmp_path))


def _flat(tree: dict, prefix: str = "") -> dict:
    out: dict = {}
    for key, value in tree.items():
        if isinstance(value, dict):
            out.update(_flat(value, f"{prefix}{key}/"))
        else:
            out[f"{prefix}{key}"] = value
    return out


def test_the_checkpointables_are_keras_state_tree_config_and_assets():
    model = C.tabular(keras)
    x, y = C.tabular_data(tf)
    model.fit(x, y, batch_size=8, epochs=1, shuffle=False, verbose=0)
    payload = orbax_io.checkpoint_payload(model, weights_only=False)
    assert sorted(payload) == ["assets", "model_config", "pytree"]
    state = payload["pytree"]
    assert sorted(state) == sorted(orbax_io.STATE_KEYS)
    trainable = _flat(state["trainable_variables"])
    assert sorted(trainable) == sorted(v.path for v in model.trainable_variables)
    for v in model.trainable_variables:
        np.testing.assert_array_equal(trainable[v.path], v.numpy())
    # 0-d values are Python numbers (Orbax's scalars), as Keras hands them over
    iteration = _flat(state["optimizer_variables"])[model.optimizer.iterations.path]
    assert type(iteration) is int and iteration == 2
    # per-output loss trackers under Keras's "compile_loss" scope (TF 2.21's paths)
    metrics = _flat(state["metrics_variables"])
    assert sorted(metrics) == [
        "accuracy/count", "accuracy/total", "compile_loss/kind_loss/count",
        "compile_loss/kind_loss/total", "compile_loss/score_loss/count",
        "compile_loss/score_loss/total", "loss/count", "loss/total"]
    assert type(metrics["loss/count"]) is float
    config = json.loads(payload["model_config"]["config"])
    assert config["class_name"] == "Functional" and config["compile_config"]
    vocab, = _flat(payload["assets"]).items()
    assert vocab[0].startswith("layers/string_lookup") and vocab[0].endswith("/vocabulary.txt")
    assert vocab[1].dtype == np.uint8 and vocab[1].tobytes() == b"[UNK]\nred\ngreen\nblue"

    weights = orbax_io.checkpoint_payload(model, weights_only=True)
    assert list(weights) == ["pytree"]
    assert sorted(weights["pytree"]) == ["non_trainable_variables", "trainable_variables"]


def test_asset_names_from_a_checkpoint_never_leave_the_asset_folder(tmp_path):
    for name in ("..", "a/b", "", "."):
        with pytest.raises(ValueError, match="Invalid asset path"):
            orbax_io._write_tree({name: np.zeros(1, np.uint8)}, str(tmp_path))
    orbax_io._write_tree({"layers": {"v.txt": np.frombuffer(b"ab", np.uint8)}}, str(tmp_path))
    assert (tmp_path / "layers" / "v.txt").read_bytes() == b"ab"


# -- with Orbax ---------------------------------------------------------------------------------

@needs_orbax
def test_epoch_checkpoints_load_back_as_model_and_weights(tmp_path):
    model = small_model()
    callback = keras.callbacks.OrbaxCheckpoint(str(tmp_path), save_on_background=False,
                                               max_to_keep=2)
    model.fit(*DATA, batch_size=4, epochs=3, verbose=0, callbacks=[callback])
    assert sorted(os.listdir(tmp_path)) == ["1", "2"]
    loaded = keras.saving.load_model(str(tmp_path))
    np.testing.assert_array_equal(loaded.predict(DATA[0], verbose=0),
                                  model.predict(DATA[0], verbose=0))
    assert int(loaded.optimizer.iterations) == 6 and loaded.loss == "mse"
    fresh = small_model("small")
    fresh.optimizer.build(fresh.trainable_variables)
    with pytest.raises(ValueError, match="^File format not supported"):
        fresh.load_weights(str(tmp_path / "2"))  # (a step folder alone: Keras 3.15 refuses it)
    fresh.load_weights(str(tmp_path))
    np.testing.assert_array_equal(fresh.get_layer("head").kernel.numpy(),
                                  model.get_layer("head").kernel.numpy())
    # matched by path, as in Keras 3: the second Adam of the process ("adam_1/...") is not
    # the saved one, and is left as it is
    assert fresh.optimizer.iterations.path != model.optimizer.iterations.path
    assert int(fresh.optimizer.iterations) == 0


@needs_orbax
def test_batch_frequency_best_only_and_weights_only(tmp_path):
    model = small_model()
    every2 = keras.callbacks.OrbaxCheckpoint(str(tmp_path / "b"), save_freq=2, max_to_keep=None,
                                             save_on_background=False)
    model.fit(*DATA, batch_size=2, epochs=1, verbose=0, callbacks=[every2])
    assert sorted(os.listdir(tmp_path / "b"), key=int) == ["2", "4"]  # (optimizer steps)

    best = keras.callbacks.OrbaxCheckpoint(str(tmp_path / "v"), save_best_only=True,
                                           save_on_background=False)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model.fit(*DATA, epochs=1, verbose=0, callbacks=[best])
    assert [str(w.message) for w in caught] == [
        "Can save best model only with val_loss available, skipping save at epoch 0."]
    assert os.listdir(tmp_path / "v") == []

    only = keras.callbacks.OrbaxCheckpoint(str(tmp_path / "w"), save_weights_only=True)
    model.fit(*DATA, epochs=1, verbose=0, callbacks=[only])
    only.wait_until_finished()
    with pytest.raises(ValueError, match="^Checkpoint does not contain model configuration. "
                                         "This checkpoint may have been saved with "
                                         "save_weights_only=True.$"):
        keras.saving.load_model(str(tmp_path / "w"))

    with pytest.raises(ValueError, match="^Unrecognized save_freq: 2.0. Expected save_freq "
                                         "are 'epoch' or integer values$"):
        keras.callbacks.OrbaxCheckpoint(str(tmp_path / "x"), save_freq=2.0)
    uncompiled = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    with pytest.raises(AttributeError, match="has no attribute 'optimizer'"):
        uncompiled.load_weights(str(tmp_path / "b"))


@needs_orbax
def test_assets_come_back_and_are_checked(tmp_path):
    model = C.tabular(keras)
    x, y = C.tabular_data(tf)
    callback = keras.callbacks.OrbaxCheckpoint(str(tmp_path), save_on_background=False)
    model.fit(x, y, batch_size=8, epochs=1, shuffle=False, verbose=0, callbacks=[callback])
    loaded = keras.saving.load_model(str(tmp_path))
    lookup, = (layer for layer in loaded.layers if isinstance(layer, keras.layers.StringLookup))
    assert lookup.get_vocabulary() == ["[UNK]", "red", "green", "blue"]
    ocp = orbax_io.orbax()
    bad = ocp.training.Checkpointer(directory=str(tmp_path / "bad"))
    payload = orbax_io.checkpoint_payload(model, weights_only=False)
    payload["assets"] = {"..": {"escape.txt": np.frombuffer(b"x", np.uint8)}}
    with ocp.Context():
        bad.save_checkpointables(0, payload)
    bad.close()
    with pytest.raises(ValueError, match=r"^Invalid asset path: \.\.$"):
        keras.saving.load_model(str(tmp_path / "bad"))
    assert not (tmp_path / "escape.txt").exists()


# -- across frameworks --------------------------------------------------------------------------

def _tf_has_orbax() -> bool:
    if not (HAVE_ORBAX and os.path.exists(TF_PYTHON)):
        return False
    return subprocess.run([TF_PYTHON, "-c", "import orbax.checkpoint"],
                          capture_output=True).returncode == 0


def _run(python: str, *args: str) -> dict:
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3",
           "PYTHONPATH": str(PROGRAM.parent.parent.parent)}
    proc = subprocess.run([python, str(PROGRAM), *args], capture_output=True, text=True,
                          env=env, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.mark.skipif(not _tf_has_orbax(), reason="no TF interpreter with orbax-checkpoint "
                                                 "(EAGERFLOW_TF_PYTHON)")
def test_checkpoints_cross_to_and_from_tf_keras(tmp_path):
    wrote = {"tf": _run(TF_PYTHON, "tf", "write", str(tmp_path / "tf")),
             "ef": _run(sys.executable, "ef", "write", str(tmp_path / "ef"))}
    assert wrote["tf"]["steps"] == wrote["ef"]["steps"] == ["1"]
    for writer, reader, python in (("tf", "ef", sys.executable), ("ef", "tf", TF_PYTHON)):
        got = _run(python, reader, "read", str(tmp_path / writer))
        mine = _run(sys.executable if reader == "tf" else TF_PYTHON,
                    "ef" if reader == "tf" else "tf", "read", str(tmp_path / writer))
        # load_model as Keras 3.15 loads: the same outputs in both frameworks
        for key in ("score", "kind"):
            np.testing.assert_allclose(got["predict"][key], mine["predict"][key], atol=2e-5)
            # load_weights into a fresh build: the writer's trained outputs
            np.testing.assert_allclose(got["load_weights"][key], wrote[writer]["predict"][key],
                                       atol=2e-5)
        assert got["iterations"] == got["fresh_iterations"] == wrote[writer]["iterations"]
