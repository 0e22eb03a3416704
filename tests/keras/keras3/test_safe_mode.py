"""load_model(safe_mode=...) reaches a TFSMLayer inside the model, as Keras 3's safe-mode
scope carries it: a .keras model holding one loads only with safe_mode=False (or after
keras.config.enable_unsafe_deserialization), and loads its SavedModel then."""

import warnings

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.keras import backend as kb

keras = tf.keras


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    keras.utils.set_random_seed(1)
    inputs = keras.Input((3,))
    inner = keras.Model(inputs, keras.layers.Dense(2)(inputs))
    folder = tmp_path_factory.mktemp("tfsm")
    inner.export(str(folder / "sm"), verbose=False)
    outer = keras.Sequential([keras.Input((3,)), keras.layers.TFSMLayer(str(folder / "sm"))])
    path = str(folder / "outer.keras")
    outer.save(path)
    keras.backend.clear_session()  # (later tests count on fresh automatic names)
    return inner, path


def test_safe_mode_refuses_the_savedmodel_layer(saved):
    _, path = saved
    with pytest.raises(ValueError, match="Requested the deserialization of a `TFSMLayer`"):
        keras.models.load_model(path)
    with pytest.raises(ValueError, match="Requested the deserialization of a `TFSMLayer`"):
        keras.models.load_model(path, safe_mode=True)


def test_safe_mode_false_is_passed_to_the_layer(saved):
    inner, path = saved
    model = keras.models.load_model(path, safe_mode=False)
    x = np.ones((2, 3), "float32")
    np.testing.assert_allclose(model(x).numpy(), inner(x).numpy(), rtol=1e-6)
    assert kb.in_safe_mode() is None  # the scope ends with the load
    keras.backend.clear_session()


def test_enable_unsafe_deserialization_allows_it(saved, monkeypatch):
    _, path = saved
    monkeypatch.setattr(kb, "_SAFE_MODE", [None])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        keras.config.enable_unsafe_deserialization()
    model = keras.models.load_model(path)
    assert type(model.layers[0]).__name__ == "TFSMLayer"
    keras.backend.clear_session()
