"""Keras 3's legacy HDF5 model files against the files and facts Keras 3.15 recorded
(golden/, written by record_legacy_h5_golden.py): we load Keras's files (outputs, weights,
compile state, the optimizer state Keras restores, Keras's warnings and errors), we write
files laid out as Keras writes them (configs, groups, datasets, attributes), and the
path rules of save/load_model/save_weights/load_weights are Keras's. No TensorFlow needed."""

from __future__ import annotations

import json
import logging
import os
import re
import warnings
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core import device
from tests.golden_io import raised
from tests.gpu_target import gpu_less
from tests.keras.legacy_h5 import cases as C

h5py = pytest.importorskip("h5py")
keras = tf.keras
GOLDEN = Path(__file__).resolve().parent / "golden"
FACTS = json.loads((GOLDEN / "golden.json").read_text())
OBJECTS = C.register(keras)
COMPILED = [n for n in C.NAMES if "optimizer" in FACTS["models"][n]]


def _custom(name):
    return {"Shift": OBJECTS["Shift"]} if name == "custom" else None


def _close(got, want):
    if isinstance(want, dict):
        assert sorted(got) == sorted(want)
        for k in want:
            np.testing.assert_allclose(got[k], want[k], rtol=1e-5, atol=1e-5)
    else:
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def _error(fn, tmp=None):
    return raised(fn, paths=None if tmp is None else {tmp: "{dir}/tmp"})


def _logged(caplog, fn):
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="tensorflow"):
        result = fn()
    return result, [r.getMessage() for r in caplog.records]


@pytest.mark.parametrize("name", C.NAMES)
def test_keras_files_load_with_kerass_outputs_weights_and_compile_state(name, caplog):
    fact = FACTS["models"][name]
    x, _ = C.data(name)
    model, logs = _logged(caplog, lambda: keras.models.load_model(
        GOLDEN / f"{name}.h5", custom_objects=_custom(name)))
    assert logs == fact["load_logs"]
    _close(model.predict(x, verbose=0), fact["loaded_predict"])
    assert [w.path for w in model.weights] == fact["weights"]
    assert model.compiled == fact["compiled"]
    if name in COMPILED:
        # Keras 3.15 builds the optimizer over the model's own variables only: the file's
        # iteration count and learning rate come back, the slots do not
        got = {v.path: v.numpy().tolist() for v in model.optimizer.variables}
        assert got.keys() == fact["optimizer"].keys()
        _close({k: np.asarray(v) for k, v in got.items()}, fact["optimizer"])
        # compiled as Keras compiles it: the same losses and metrics, optimizer config
        x, y = C.data(name)
        got = model.evaluate(x, y, batch_size=8, verbose=0, return_dict=True)
        assert sorted(got) == sorted(fact["evaluate"])
        _close({k: np.asarray(v) for k, v in got.items()},
               {k: np.asarray(v) for k, v in fact["evaluate"].items()})
        assert model.optimizer.get_config() == pytest.approx(fact["optimizer_config"]) \
            if not isinstance(fact["optimizer_config"]["learning_rate"], dict) else \
            model.optimizer.get_config() == fact["optimizer_config"]
        _, logs = _logged(caplog, lambda: keras.models.load_model(
            GOLDEN / f"{name}.h5", custom_objects=_custom(name), compile=False))
        assert logs == fact["uncompiled_logs"]


@pytest.mark.parametrize("name", COMPILED)
def test_fit_after_loading_fails_as_in_keras(name):
    model = keras.models.load_model(GOLDEN / f"{name}.h5", custom_objects=_custom(name))
    x, y = C.data(name)
    got = _error(lambda: model.fit(x, y, batch_size=8, epochs=2, shuffle=False, verbose=0))
    assert got == FACTS["models"][name]["fit"]


def _walk(path):
    out = []
    with h5py.File(path, "r") as f:
        attrs = {k: str(v) for k, v in f.attrs.items() if k not in ("model_config",
                                                                   "training_config")}
        f.visititems(lambda k, v: out.append(
            (_norm(k), getattr(v, "shape", None), str(getattr(v, "dtype", None)),
             {a: _norm(str(b.tolist() if hasattr(b, "tolist") else b))
              for a, b in v.attrs.items()})))
        configs = {k: json.loads(_norm(f.attrs[k])) for k in ("model_config",
                                                              "training_config")
                   if k in f.attrs}
    return attrs, out, configs


def _norm(text):
    """Without the numbers a process's earlier layers and optimizers add to names."""
    text = re.sub(r"input_layer(_\d+)?", "input_layer", text)
    return re.sub(r"\b(adam|rm_sprop|sgd)_\d+(?=/|\b)", r"\1", text)


@pytest.mark.parametrize("name", C.NAMES)
def test_our_files_are_laid_out_as_kerass(name, tmp_path, caplog):
    # (on a machine without a GPU, as TF's recorder: a saved training config holds
    # jit_compile="auto" as Keras resolved it, on where a GPU is present)
    with gpu_less():
        _laid_out_as_kerass(name, tmp_path, caplog)


def _laid_out_as_kerass(name, tmp_path, caplog):
    keras.backend.clear_session()  # (automatic names as the recorder's fresh process gave them)
    model = C.build(keras, name, OBJECTS)
    x, y = C.data(name)
    if y is not None:
        model.fit(x, y, batch_size=8, epochs=1, shuffle=False, verbose=0)
    path = tmp_path / f"{name}.h5"
    _, logs = _logged(caplog, lambda: model.save(path))
    assert logs == FACTS["models"][name]["saved_logs"]
    assert os.listdir(tmp_path) == [f"{name}.h5"]  # (written whole, no temporary left)
    assert _walk(path) == _walk(GOLDEN / f"{name}.h5")
    want = model.predict(x, verbose=0)
    if y is None:  # (training draws dropout masks TF draws otherwise)
        _close(want, FACTS["models"][name]["predict"])
    again = keras.models.load_model(path, custom_objects=_custom(name), compile=False)
    _close(again.predict(x, verbose=0), want)
    assert again.get_config() == model.get_config()


def test_a_keras2_weight_file_loads_by_topology_and_by_name():
    facts = FACTS["weights_file"]
    path = GOLDEN / "sequential_weights.h5"
    x, _ = C.data("sequential")
    model = C.sequential(keras)
    for w in model.weights:
        w.assign(np.zeros(w.shape, w.dtype))
    model.load_weights(path)
    _close(model.predict(x, verbose=0), facts["predict"])

    def other(name, layers):
        return keras.Sequential([keras.Input((4,)), *layers], name=name)

    o = other("other", [keras.layers.Dense(8, name="hidden"), keras.layers.Dense(3, name="extra"),
                        keras.layers.Dense(2, name="out")])
    kept = ("other/out/kernel", "other/extra/kernel", "other/extra/bias")
    before = {w.path: w.numpy() for w in o.weights if w.path in kept}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        o.load_weights(path, by_name=True, skip_mismatch=True)
    assert [str(w.message) for w in caught] == facts["by_name_skip"]["warnings"]
    # out's kernel (another shape) skipped, its bias loaded; extra (not in the file) kept
    _close({w.path: w.numpy() for w in o.weights if w.path not in kept},
           {k: np.asarray(v) for k, v in facts["by_name_skip"]["weights"].items()
            if k not in kept})
    _close({w.path: w.numpy() for w in o.weights if w.path in kept}, before)
    assert _error(lambda: o.load_weights(path, by_name=True)) == facts["by_name"]
    assert _error(lambda: o.load_weights(path)) == facts["topology"]
    narrow = other("narrow", [keras.layers.Dense(8, name="hidden"),
                              keras.layers.BatchNormalization(name="norm"),
                              keras.layers.Dense(3, name="out")])
    kernel = narrow.get_layer("hidden").kernel.numpy()
    assert _error(lambda: narrow.load_weights(path)) == facts["shape"]
    # (every value is checked before any is assigned: the refused load changed nothing)
    np.testing.assert_array_equal(narrow.get_layer("hidden").kernel.numpy(), kernel)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        narrow.load_weights(path, skip_mismatch=True)
    assert [str(w.message) for w in caught] == facts["skip_mismatch"]["warnings"]
    _close({w.path: w.numpy() for w in narrow.weights if "out" not in w.path},
           {k: np.asarray(v) for k, v in facts["skip_mismatch"]["weights"].items()
            if "out" not in k})


def test_a_lambda_is_refused_in_safe_mode_as_keras_refuses_it():
    want = FACTS["lambda_safe"]
    assert _error(lambda: keras.models.load_model(GOLDEN / "lambda.h5"))[0] == want[0]
    # eagerflow never runs bytecode from a file, safe_mode=False included
    with pytest.raises(ValueError, match="Python lambda"):
        keras.models.load_model(GOLDEN / "lambda.h5", safe_mode=False)


def test_what_keras_refuses_by_path_and_content(tmp_path):
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    want = FACTS["errors"]
    model = C.sequential(keras)
    got = {}
    for suffix in ("w.h5", "w.hdf5", "w.keras", "w.weights.json"):
        got[f"save_weights {suffix}"] = _error(lambda: model.save_weights(tmp / suffix), tmp)
    for suffix in ("m", "m.txt"):
        got[f"save {suffix}"] = _error(lambda: model.save(tmp / suffix), tmp)
    got["save h5 options"] = _error(lambda: model.save(tmp / "m.h5", options=None), tmp)
    got["save h5 save_format"] = _error(lambda: model.save(tmp / "m.h5", save_format="h5"))
    got["save m.weights.h5"] = _error(lambda: model.save(tmp / "m.weights.h5"))
    model.save_weights(tmp / "w.weights.h5")
    model.save(tmp / "m.keras")
    for suffix in ("m.txt", "missing.keras"):
        got[f"load_model {suffix}"] = _error(lambda: keras.models.load_model(tmp / suffix), tmp)
    os.replace(tmp / "w.weights.h5", tmp / "plain.h5")
    got["load_model weights-only h5"] = _error(
        lambda: keras.models.load_model(tmp / "plain.h5"), tmp)
    got["load_weights keras by_name"] = _error(
        lambda: model.load_weights(tmp / "m.keras", by_name=True), tmp)
    got["load_weights weights.h5 by_name"] = _error(
        lambda: model.load_weights(tmp / "x.weights.h5", by_name=True), tmp)
    got["load_weights unknown kwarg"] = _error(
        lambda: model.load_weights(tmp / "m.h5", options=None), tmp)
    model.compile(optimizer="adam", loss="mse")
    model.save(tmp / "mse.h5")
    got["load_model loss mse"] = _error(lambda: keras.models.load_model(tmp / "mse.h5"))
    got["load_model custom missing"] = _error(
        lambda: keras.models.load_model(GOLDEN / "custom.h5"))
    assert got == {k: want[k] for k in got}
    for suffix in ("missing.h5", "missing.hdf5"):
        assert _error(lambda: keras.models.load_model(tmp / suffix))[0] == \
            want[f"load_model {suffix}"][0]
        assert _error(lambda: model.load_weights(tmp / suffix))[0] == \
            want["load_weights missing h5"][0]


def test_a_subclassed_model_is_written_and_refused_as_keras_does(tmp_path):
    class Sub(keras.Model):
        def __init__(self):
            super().__init__()
            self.d = keras.layers.Dense(2)

        def call(self, x):
            return self.d(x)

    sub = Sub()
    sub(np.zeros((1, 3), "float32"))
    sub.save(tmp_path / "sub.h5")
    with h5py.File(tmp_path / "sub.h5", "r") as f:
        config = json.loads(f.attrs["model_config"])
        names = list(f["model_weights"].attrs["layer_names"])
    want = FACTS["subclassed"]
    assert config == want["model_config"]
    def unnumbered(names: list) -> list:  # (earlier tests' layers number the automatic ones)
        return [re.sub(r"_\d+$", "", n.decode() if isinstance(n, bytes) else n) for n in names]

    assert unnumbered(names) == unnumbered(want["layer_names"])
    assert _error(lambda: keras.models.load_model(tmp_path / "sub.h5")) == \
        FACTS["errors"]["load_model subclassed"]
    got = _error(lambda: keras.models.load_model(tmp_path / "sub.h5",
                                                 custom_objects={"Sub": Sub}))
    assert got[0] == FACTS["errors"]["load_model subclassed custom_objects"][0]


# -- real Keras 2 files (tf.keras 2.x's writer: record_keras2_files.py) -----------------------

KERAS2 = GOLDEN / "keras2"
KERAS2_PREDICT = json.loads((KERAS2 / "keras2.json").read_text())


def _unnumbered(text):
    return re.sub(r"\b(adam|sgd)_\d+", r"\1", text)


@pytest.mark.parametrize("name", ["sequential", "functional", "rnn", "flat_functional"])
def test_keras2_files_load_as_keras_3_loads_them(name, caplog):
    fact = FACTS["keras2"][name]
    if "error" in fact:
        # (Keras 3.15 cannot read these: an LSTM's time_major, a nested model's node index)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            assert _error(lambda: keras.models.load_model(KERAS2 / f"{name}.h5")) == \
                fact["error"]
        return
    model, logs = _logged(caplog, lambda: keras.models.load_model(KERAS2 / f"{name}.h5"))
    assert logs == fact["load_logs"]
    x, y = C.data(name)
    got = model.predict(x, verbose=0)
    _close(got, fact["predict"])
    _close(got, KERAS2_PREDICT[name])  # (what Keras 2 computed with the same file)
    assert [w.path for w in model.weights] == fact["weights"]
    # Keras 2 named its optimizers 'Custom>Adam': Keras 3 makes a default one, and restores
    # its iteration count, not the slots that follow it
    assert {_unnumbered(k): v for k, v in
            ((v.path, v.numpy().tolist()) for v in model.optimizer.variables)} == \
        pytest.approx({_unnumbered(k): v for k, v in fact["optimizer"].items()})
    config = model.optimizer.get_config()
    assert {**config, "name": _unnumbered(config["name"])} == pytest.approx(
        {**fact["optimizer_config"], "name": _unnumbered(fact["optimizer_config"]["name"])})
    assert _error(lambda: model.fit(x, y, batch_size=8, epochs=1, shuffle=False,
                                    verbose=0)) == fact["fit"]


def test_a_keras2_save_weights_file_loads():
    model = C.sequential(keras)
    for w in model.weights:
        w.assign(np.zeros(w.shape, w.dtype))
    model.load_weights(KERAS2 / "weights.h5")
    _close(model.predict(C.data("sequential")[0], verbose=0), FACTS["keras2"]["weights_file"])


def test_keras_saving_save_and_load_weights_keep_kerass_rules(tmp_path):
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    model = C.sequential(keras)
    for suffix in ("w", "w.h5", "w.keras"):
        assert _error(lambda: keras.saving.save_weights(model, tmp / suffix), tmp) == \
            FACTS["errors"][f"save_weights {suffix}"]
    keras.saving.save_weights(model, tmp / "w.weights.h5")
    other = C.sequential(keras)
    keras.saving.load_weights(other, tmp / "w.weights.h5")
    for a, b in zip(model.weights, other.weights):
        np.testing.assert_array_equal(a.numpy(), b.numpy())
    keras.saving.load_weights(other, GOLDEN / "sequential_weights.h5", by_name=True)
    x, _ = C.data("sequential")
    _close(other.predict(x, verbose=0), FACTS["weights_file"]["predict"])


def test_a_loaded_lookup_layer_has_no_vocabulary_as_in_keras(tmp_path):
    # a legacy file keeps no vocabulary: Keras's loaded StringLookup fails as an
    # un-adapted one does (it gave out-of-vocabulary ids here)
    facts = FACTS["lookup"]
    x = tf.constant(C.data("lookup")[0])
    model = C.lookup(keras)
    _close(model(x).numpy(), facts["predict"])
    for path in (GOLDEN / "lookup.h5", tmp_path / "ours.h5"):
        model.save(tmp_path / "ours.h5")
        loaded = keras.models.load_model(path)
        want = facts["loaded_call"]
        assert _error(lambda: loaded(x)) == want
    want = facts["unadapted_call"]
    assert _error(lambda: keras.layers.StringLookup()(x)) == want
    with device.standin_gpus(1):  # (a table op has no GPU kernel: CPU:0 with a GPU too)
        assert _error(lambda: keras.layers.StringLookup()(x)) == want


def test_without_the_optimizer_and_unbuilt(tmp_path, caplog):
    model = C.sequential(keras)
    model.save(tmp_path / "bare.h5", include_optimizer=False)
    with h5py.File(tmp_path / "bare.h5", "r") as f:
        keys = sorted(f.attrs.keys()), sorted(f.keys())
    want = FACTS["no_optimizer"]
    assert keys == (want["attrs"], want["groups"])
    loaded, logs = _logged(caplog, lambda: keras.models.load_model(tmp_path / "bare.h5"))
    assert logs == want["load_logs"] and not loaded.compiled
    unbuilt = keras.Sequential([keras.layers.Dense(2, name="d")], name="unbuilt")
    want = FACTS["unbuilt"]
    assert _error(lambda: unbuilt.save(tmp_path / "unbuilt.h5")) == want["save"]
    again = keras.models.load_model(tmp_path / "unbuilt.h5")
    assert (again.built, len(again.weights), [la.name for la in again.layers]) == \
        (want["built"], want["weights"], want["layers"])
