"""Keras 3's printed forms: get_config() and serialize_keras_object() of every Keras class
(their repr() must equal what real TF 2.21 + Keras 3 gives), and the output of snippets
printing reprs and summaries (golden.json, written by golden.py)."""

import contextlib
import json
import os

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from tests.gpu_target import gpu_less
from tests.keras.keras3 import cases as C
from tests.keras.keras3 import cases_state

SNIPPETS = {**C.SNIPPETS, **cases_state.SNIPPETS}

with open(os.path.join(os.path.dirname(__file__), "golden.json")) as _f:
    GOLDEN = json.load(_f)


@pytest.mark.parametrize("case", C.CONFIGS, ids=C.config_id)
def test_config_is_keras3s(case):
    ns, cls, kwargs = case
    keras.backend.clear_session()
    obj = C.resolve(keras, ns, cls)(**kwargs)
    want = GOLDEN["configs"][C.config_id(case)]
    assert repr(obj.get_config()) == want["config"]
    assert repr(keras.saving.serialize_keras_object(obj)) == want["serialized"]


@pytest.mark.parametrize("case", C.CONFIGS, ids=C.config_id)
def test_config_round_trip(case):
    ns, cls, kwargs = case
    obj = C.resolve(keras, ns, cls)(**kwargs)
    config = obj.get_config()
    clone = type(obj).from_config(config)
    assert repr(clone.get_config()) == repr(config)
    again = keras.saving.deserialize_keras_object(keras.saving.serialize_keras_object(obj))
    assert type(again) is type(obj)
    assert repr(again.get_config()) == repr(config)


@pytest.mark.parametrize("name", sorted(SNIPPETS))
def test_printed_output_is_keras3s(name, monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", "80")
    # (a compiled model's config holds jit_compile="auto" as Keras resolved it: off on
    # TF's recorder, which had no GPU; on where one is present)
    with gpu_less() if name == "compile_config" else contextlib.nullcontext():
        keras.backend.clear_session()
        exec(SNIPPETS[name], {"tf": tf, "keras": keras, "layers": keras.layers, "np": np})
    assert capsys.readouterr().out == GOLDEN["snippets"][name]
