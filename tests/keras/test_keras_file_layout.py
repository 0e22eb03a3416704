"""`.keras` archives as Keras 3.15 writes them (keras_file_golden.json, recorded by
record_keras_file_golden.py from keras_file_cases.MODELS): the same entries in the same
order (the JSON ones dated 1980-01-01, assets in name order), the same config, where an
object serialized again (the global dtype policy, an initializer given to two layers) is
marked `shared_object_id` from its second config on, and the same weights layout, a
tf_idf layer's idf weights included. Loading shares such objects again, as Keras's loader;
both directions with real Keras where it is installed."""

import json
import zipfile
from pathlib import Path

import h5py
import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from tests.keras import keras_file_cases as C
from tests.tf_reference import HAVE_TF_PYTHON, run_tf_script

GOLDEN = json.loads((Path(__file__).parent / "keras_file_golden.json").read_text())["cases"]
CUSTOM = {"_relu": C._relu}
# (the models whose weights come from seeded or constant initializers: the same values)
SAME_VALUES = ("functional_shared", "tf_idf", "legacy_layers")


def _as_recorded(config: dict) -> dict:
    """A saved model's config as TF's recorder, on a machine without a GPU, wrote it: a
    model compiled with jit_compile="auto" saves what Keras resolved it to, off without a
    GPU and on with one where every layer supports XLA (Keras 3.15's
    _resolve_auto_jit_compile; tests/keras/cudnn_jit checks which layers do)."""
    compiled = config.get("compile_config")
    if not tf.config.list_physical_devices("GPU") or not compiled or \
            compiled.get("jit_compile") is not True:
        return config
    return {**config, "compile_config": {**compiled, "jit_compile": False}}


@pytest.fixture(autouse=True)
def _fresh_session():
    keras.backend.clear_session()


@pytest.mark.parametrize("name", sorted(C.MODELS))
def test_archive_is_laid_out_as_keras_writes_it(name, tmp_path):
    path = tmp_path / f"{name}.keras"
    C.MODELS[name](keras).save(path)
    facts = C.archive_facts(path, h5py)
    want = GOLDEN[name]
    assert facts["entries"] == want["entries"]
    assert _as_recorded(facts["config"]) == want["config"]
    assert facts["weights"] == want["weights"]
    assert facts["metadata"] == want["metadata"]


@pytest.mark.parametrize("name", sorted(C.MODELS))
def test_a_saved_model_computes_the_same_after_loading(name, tmp_path):
    model = C.MODELS[name](keras)
    before = C.outputs(model, tf, name)
    model.save(tmp_path / "m.keras")
    loaded = keras.models.load_model(tmp_path / "m.keras", custom_objects=CUSTOM)
    assert C.outputs(loaded, tf, name) == before
    if name in SAME_VALUES:
        np.testing.assert_allclose(np.asarray(before[0]), GOLDEN[name]["outputs"][0],
                                   rtol=1e-5, atol=1e-6)


def test_tf_idf_weights_are_restored_from_the_weights_file(tmp_path):
    model = C.tf_idf(keras)
    model.save(tmp_path / "m.keras")
    loaded = keras.models.load_model(tmp_path / "m.keras")
    vec = next(la for la in loaded.layers if isinstance(la, keras.layers.TextVectorization))
    want = next(la for la in model.layers if isinstance(la, keras.layers.TextVectorization))
    np.testing.assert_array_equal(vec._lookup_layer.idf_weights_const.numpy(),
                                  want._lookup_layer.idf_weights_const.numpy())
    assert vec.get_vocabulary() == want.get_vocabulary()


@keras.utils.register_keras_serializable(package="keras_file_layout")
class _Holder(keras.layers.Layer):
    """Keeps an initializer it serializes itself (and deserializes, as Keras's docs
    advise for objects in a config)."""

    def __init__(self, init, **kwargs):
        super().__init__(**kwargs)
        self.init = keras.utils.deserialize_keras_object(init) if isinstance(init, dict) \
            else init

    def call(self, x):
        return x

    def get_config(self):
        return {**super().get_config(), "init": keras.utils.serialize_keras_object(self.init)}


def test_loading_shares_what_the_file_marks_shared(tmp_path):
    init = keras.initializers.GlorotUniform(seed=2)
    x = inp = keras.Input((3,))
    for _ in range(3):
        x = _Holder(init)(x)
    keras.Model(inp, x).save(tmp_path / "m.keras")
    loaded = keras.models.load_model(tmp_path / "m.keras")
    first, second, third = (la.init for la in loaded.layers[1:])
    # as Keras 3.15's loader: the first config carries no mark (copied into the file before
    # the second was serialized), so only the second and third are one object again
    assert second is third and first is not second
    # and a layer's dtype policy is rebuilt from its name, never shared
    assert loaded.layers[2].dtype_policy is not loaded.layers[3].dtype_policy


def test_a_config_outside_a_file_has_no_marks():
    model = C.sequential(keras)
    assert "shared_object_id" not in model.to_json()
    assert "shared_object_id" not in json.dumps(keras.saving.serialize_keras_object(model))


def test_a_malformed_shared_object_id_is_not_followed(tmp_path):
    C.sequential(keras).save(tmp_path / "m.keras")
    with zipfile.ZipFile(tmp_path / "m.keras") as z:
        items = {i.filename: z.read(i) for i in z.infolist()}
    config = json.loads(items["config.json"])
    for layer in config["config"]["layers"][1:]:
        layer["config"]["dtype"]["shared_object_id"] = [1, 2]  # (unhashable: ignored)
    items["config.json"] = json.dumps(config).encode()
    with zipfile.ZipFile(tmp_path / "bad.keras", "w") as z:
        for name, data in items.items():
            z.writestr(name, data)
    loaded = keras.models.load_model(tmp_path / "bad.keras")
    assert [la.dtype_policy.name for la in loaded.layers] == ["float32", "float32"]


TF_SCRIPT = r'''
import json, os, sys
import numpy as np, tensorflow as tf
d = sys.argv[1]
sys.path.insert(0, sys.argv[2])
import keras_file_cases as C
out = {"ours": {}, "theirs": {}}
for name in C.INTEROP:
    loaded = tf.keras.models.load_model(os.path.join(d, f"ef_{name}.keras"))
    out["ours"][name] = C.outputs(loaded, tf, name)
    model = C.MODELS[name](tf.keras)
    out["theirs"][name] = C.outputs(model, tf, name)
    model.save(os.path.join(d, f"tf_{name}.keras"))
json.dump(out, open(os.path.join(d, "out.json"), "w"))
'''


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_keras_loads_our_files_and_we_load_theirs(tmp_path):
    want = {}
    for name in C.INTEROP:
        model = C.MODELS[name](keras)
        want[name] = C.outputs(model, tf, name)
        model.save(tmp_path / f"ef_{name}.keras")
    out = run_tf_script(TF_SCRIPT, tmp_path, Path(C.__file__).parent)
    for name in C.INTEROP:
        for a, b in zip(out["ours"][name], want[name]):
            np.testing.assert_allclose(np.asarray(a), b, rtol=1e-6)
        theirs = C.outputs(keras.models.load_model(tmp_path / f"tf_{name}.keras"), tf, name)
        for a, b in zip(theirs, out["theirs"][name]):
            np.testing.assert_allclose(np.asarray(a), b, rtol=1e-6)


LAYER_GOLDEN = json.loads((Path(__file__).parent / "keras_layer_files_golden.json")
                          .read_text())["layers"]
# Keras 3.15's failures eagerflow does not share
KERAS_FAILS = {"Equalization": "Keras's functional model of it fails (ValueError: its input "
                               "KerasTensor 'is part of a cycle'); eagerflow's builds and "
                               "saves it"}


@pytest.mark.parametrize("name", sorted(LAYER_GOLDEN))
def test_each_layers_archive_is_kerass(name, tmp_path, request):
    """Each layer class's model archived as Keras's: its config (the objects a layer
    serializes twice, as an RNN its cell's initializers, marked), its weights' groups (the
    sublayers a public property names, MultiHeadAttention's `key_dense`, a Pipeline's
    `layers`), tf.keras's legacy classes under `keras._legacy.layers`."""
    if name in KERAS_FAILS:
        request.applymarker(pytest.mark.xfail(reason=KERAS_FAILS[name], strict=True))
    keras.utils.set_random_seed(1)
    want = LAYER_GOLDEN[name]
    if "error" in want:  # (Keras fails to make or call it with the sweep's sample too)
        with pytest.raises(Exception) as e:
            C.layer_model(keras, name).save(tmp_path / "m.keras")
        assert type(e.value).__name__ == want["error"]
        return
    C.layer_model(keras, name).save(tmp_path / "m.keras")
    facts = C.archive_facts(tmp_path / "m.keras", h5py)
    del facts["metadata"]
    assert facts == dict(want, config=C.with_code_facts(want["config"]))
