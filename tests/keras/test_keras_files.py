"""Keras 3 whole-model files (`.keras`): model.save / keras.models.load_model.

Round trips of every harness layer, of Sequential, functional and subclassed models with
their compile state and optimizer variables; custom objects; and bad files (truncated,
corrupted, missing members, unknown classes, wrong versions, lambdas) refused with a
ValueError naming the file. test_keras_files_tf.py checks real Keras 3 reads ours and we
read its.
"""

import json
import os
import zipfile

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from tests.keras.custom_models import define
from tests.keras.harness_cases import CASES
from tests.keras.test_layer_harness import MERGE

L = keras.layers


def _data(shape, dtype="float32", seed=3):
    rng = np.random.default_rng(seed)
    if dtype.startswith("int"):
        return rng.integers(0, 10, size=shape).astype(dtype)
    return rng.standard_normal(shape).astype(dtype)


def _same_model(a, b, data):
    for x, y in zip(tf.nest.flatten(a(data, training=False)),
                    tf.nest.flatten(b(data, training=False))):
        np.testing.assert_allclose(x.numpy(), y.numpy(), rtol=1e-6, atol=1e-6)
    assert [w.name for w in a.trainable_weights] == [w.name for w in b.trainable_weights]
    for w, v in zip(a.weights, b.weights):
        np.testing.assert_array_equal(w.numpy(), v.numpy())


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_harness_layer_round_trips_through_a_keras_file(case, tmp_path):
    name, kwargs, shape, _, _, _, extra = case
    cls = getattr(L, name)
    if cls is L.Lambda:
        pytest.skip("a Lambda of a Python function: covered by test_lambda_*")
    data = _data(shape, extra.get("input_dtype", "float32"))
    inp = keras.Input(shape[1:], dtype=extra.get("input_dtype", "float32"))
    model = keras.Model(inp, cls(**kwargs)(inp))
    model.save(tmp_path / "m.keras")
    loaded = keras.models.load_model(tmp_path / "m.keras")
    _same_model(model, loaded, data)


@pytest.mark.parametrize("cls,kwargs", MERGE, ids=[m[0].__name__ for m in MERGE])
def test_merge_layers_round_trip(cls, kwargs, tmp_path):
    inputs = [keras.Input((3,)) for _ in range(2)]
    model = keras.Model(inputs, cls(**kwargs)(inputs))
    model.save(tmp_path / "m.keras")
    _same_model(model, keras.saving.load_model(tmp_path / "m.keras"),
                [_data((2, 3), seed=1), _data((2, 3), seed=2)])


def test_sequential_with_compile_state_and_optimizer_variables(tmp_path):
    model = keras.Sequential([keras.Input((4,)), L.Dense(8, activation="relu"),
                              L.BatchNormalization(), L.Dense(3)])
    model.compile(keras.optimizers.Adam(0.01), loss=keras.losses.SparseCategoricalCrossentropy(
        from_logits=True), metrics=["accuracy"])
    x, y = _data((32, 4)), np.arange(32) % 3
    model.fit(x, y, batch_size=16, epochs=2, verbose=0)
    model.save(tmp_path / "m.keras")
    loaded = keras.models.load_model(tmp_path / "m.keras")
    _same_model(model, loaded, x)
    assert loaded.compiled and type(loaded.optimizer).__name__ == "Adam"
    assert loaded.optimizer.learning_rate.numpy() == pytest.approx(0.01)
    assert loaded.get_compile_config() == model.get_compile_config()
    want = [v.numpy() for v in model.optimizer.variables]
    got = [v.numpy() for v in loaded.optimizer.variables]
    assert len(got) == len(want) and loaded.optimizer.iterations.numpy() == 4
    for a, b in zip(want, got):
        np.testing.assert_array_equal(a, b)
    # training goes on from the same state: one more step gives the same weights
    model.fit(x, y, epochs=1, verbose=0, shuffle=False)
    loaded.fit(x, y, epochs=1, verbose=0, shuffle=False)
    for a, b in zip(model.weights, loaded.weights):
        np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-5, atol=1e-6)
    uncompiled = keras.models.load_model(tmp_path / "m.keras", compile=False)
    assert not uncompiled.compiled


Scale, TwoLayers = define(keras, "tests")


def test_subclassed_model_and_custom_layer(tmp_path):
    model = TwoLayers(4)
    x = _data((2, 5))
    model(x)
    model.compile("sgd", "mse")
    model.save(tmp_path / "m.keras")
    loaded = keras.models.load_model(tmp_path / "m.keras")
    assert isinstance(loaded, TwoLayers) and isinstance(loaded.second, Scale)
    _same_model(model, loaded, x)


def test_custom_objects_argument(tmp_path):
    class Unregistered(L.Layer):
        def call(self, x):
            return x + 1.0

    inp = keras.Input((2,))
    model = keras.Model(inp, Unregistered()(inp))
    model.save(tmp_path / "m.keras")
    # (pytest imports this file as keras.test_keras_files, a module of Keras's own package
    # by its name, which Keras 3 tries to import: "Could not deserialize class ... because
    # its parent module ... cannot be imported"; elsewhere "Could not locate class")
    with pytest.raises(TypeError, match="Could not (locate|deserialize) class 'Unregistered'"):
        keras.models.load_model(tmp_path / "m.keras")
    loaded = keras.models.load_model(tmp_path / "m.keras",
                                     custom_objects={"Unregistered": Unregistered})
    np.testing.assert_allclose(loaded(np.zeros((1, 2), "float32")).numpy(), [[1.0, 1.0]])


def test_lambda_is_saved_but_never_loaded(tmp_path):
    inp = keras.Input((3,))
    model = keras.Model(inp, L.Lambda(lambda x: x * 2.0)(inp))
    model.save(tmp_path / "m.keras")
    for safe_mode in (True, False):
        with pytest.raises(ValueError, match="deserialization of a `Lambda` layer"):
            keras.models.load_model(tmp_path / "m.keras", safe_mode=safe_mode)


@keras.saving.register_keras_serializable(package="tests")
def _double(x):
    return x * 2.0


def test_lambda_of_a_registered_function_round_trips(tmp_path):
    inp = keras.Input((3,))
    model = keras.Model(inp, L.Lambda(_double, output_shape=(3,))(inp))
    model.save(tmp_path / "m.keras")
    _same_model(model, keras.models.load_model(tmp_path / "m.keras"), _data((2, 3)))


def test_a_config_naming_any_module_function_imports_nothing(tmp_path):
    inp = keras.Input((3,))
    keras.Model(inp, L.Lambda(_double)(inp)).save(tmp_path / "m.keras")

    def hostile(config):
        layer = config["config"]["layers"][1]["config"]
        layer["function"] = {"module": "os", "class_name": "function", "config": "system",
                             "registered_name": "system"}
    _rewrite(tmp_path / "m.keras", lambda m: m.update(
        {"config.json": _edit_json(m["config.json"], hostile)}))
    with pytest.raises(TypeError, match="Could not locate function 'system'"):
        keras.models.load_model(tmp_path / "m.keras")


def _edit_json(data, change):
    config = json.loads(data)
    change(config)
    return json.dumps(config).encode()


def test_json_round_trip():
    model = keras.Sequential([keras.Input((4,)), L.Dense(2, activation="tanh")])
    config = json.loads(model.to_json())
    assert config["class_name"] == "Sequential" and config["module"] == "keras"
    rebuilt = keras.models.model_from_json(model.to_json())
    assert [type(layer) for layer in rebuilt.layers] == [type(layer) for layer in model.layers]
    assert rebuilt.layers[0].get_config() == model.layers[0].get_config()


def test_wrong_paths_and_formats(tmp_path):
    model = keras.Sequential([keras.Input((2,)), L.Dense(1)])
    with pytest.raises(ValueError, match="Invalid filepath extension for saving"):
        model.save(tmp_path / "m")
    with pytest.raises(ValueError, match="File not found: filepath=.*missing.keras"):
        keras.models.load_model(tmp_path / "missing.keras")
    tf.saved_model.save(model, tmp_path / "sm")
    with pytest.raises(ValueError, match="File format not supported.*TFSMLayer"):
        keras.models.load_model(tmp_path / "sm")


# -- bad files --------------------------------------------------------------------------------

@pytest.fixture
def saved(tmp_path):
    model = keras.Sequential([keras.Input((2,)), L.Dense(3)])
    model.compile("adam", "mse")
    path = tmp_path / "m.keras"
    model.save(path)
    return path


def _rewrite(path, change):
    with zipfile.ZipFile(path) as z:
        members = {n: z.read(n) for n in z.namelist()}
    change(members)
    with zipfile.ZipFile(path, "w") as z:
        for n, data in members.items():
            z.writestr(n, data)


def test_truncated_file(saved):
    data = saved.read_bytes()
    saved.write_bytes(data[:len(data) // 2])
    with pytest.raises(ValueError, match=str(saved)):
        keras.models.load_model(saved)


# (Keras 3.15's words, recorded from TF 2.21 in tests/interop/golden/file_cases_keras.json's
# missing_fields, which covers the other members)
def test_missing_member_and_bad_json(saved):
    _rewrite(saved, lambda m: m.pop("model.weights.h5"))
    with pytest.raises(ValueError, match=r"^Expected a model.weights.h5 or model.weights.npz "
                                         r"file\.$"):
        keras.models.load_model(saved)


def test_bad_config_json(saved):
    _rewrite(saved, lambda m: m.update({"config.json": b"{not json"}))
    with pytest.raises(json.JSONDecodeError, match="^Expecting property name"):
        keras.models.load_model(saved)


def test_metadata_is_not_read(saved):
    # (Keras 3 loads a file whatever version its metadata names)
    _rewrite(saved, lambda m: m.update({"metadata.json": b'{"keras_version": "2.15.0"}'}))
    assert keras.models.load_model(saved).built


def test_unknown_class(saved):
    def change(m):
        config = json.loads(m["config.json"])
        config["config"]["layers"][1]["class_name"] = "NoSuchLayer"
        m["config.json"] = json.dumps(config).encode()

    _rewrite(saved, change)
    # (TF 2.21's Keras 3 imports the config's module, keras.layers, and refuses the name
    # it lacks in these words)
    with pytest.raises(ValueError, match="Could not deserialize 'keras.layers.NoSuchLayer' "
                                         "because it is not a KerasSaveable subclass"):
        keras.models.load_model(saved)


def test_corrupted_weights(saved):
    _rewrite(saved, lambda m: m.update({"model.weights.h5": b"\x89HDF\r\n" + bytes(300)}))
    with pytest.raises(ValueError, match=str(saved)):
        keras.models.load_model(saved)


def test_weights_of_the_wrong_shape(saved, tmp_path):
    other = keras.Sequential([keras.Input((2,)), L.Dense(5)])
    other.save(tmp_path / "other.keras")
    with zipfile.ZipFile(tmp_path / "other.keras") as z:
        weights = z.read("model.weights.h5")
    _rewrite(saved, lambda m: m.update({"model.weights.h5": weights}))
    with pytest.raises(ValueError, match="shape"):
        keras.models.load_model(saved)


def test_zip_bomb_is_refused(saved):
    with zipfile.ZipFile(saved) as z:
        members = {n: z.read(n) for n in z.namelist()}
    with zipfile.ZipFile(saved, "w", compression=zipfile.ZIP_BZIP2) as z:
        for n, data in members.items():
            z.writestr(n, data)
        z.writestr("assets/big", b"\0" * (64 << 20))
    with pytest.raises(ValueError, match="Not allowed: ZIP member 'assets/big'"):
        keras.models.load_model(saved)


def test_save_is_atomic(saved, monkeypatch):
    before = saved.read_bytes()
    from eagerflow._src.keras import saving_lib

    def boom(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(saving_lib, "write_weights", boom)
    model = keras.Sequential([keras.Input((2,)), L.Dense(3)])
    with pytest.raises(OSError, match="disk full"):
        model.save(saved)
    assert saved.read_bytes() == before
    assert os.listdir(saved.parent) == ["m.keras"]
