"""Keras 3's top-level API (keras.tree, config switches, Operation/Function, scopes,
utils.Config/split_dataset/get_source_inputs, legacy serialization, ExportArchive,
keras.Variable under tapes): each case's printed output equals what TF 2.21 + Keras 3
printed (api_golden.json, recorded by make_api_golden.py)."""

import contextlib
import io
import json
import os
import sys

import numpy as np
import pytest

import eagerflow as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import api_cases as C  # noqa: E402

GOLDEN = json.load(open(os.path.join(HERE, "api_golden.json")))


def run(code):
    tf.keras.backend.clear_session()
    out = io.StringIO()
    # (`from keras import ops` in a snippet imports eagerflow's)
    aliases = {"keras": tf.keras, "keras.legacy.saving": tf.keras.legacy.saving}
    saved = {name: sys.modules.get(name) for name in aliases}
    sys.modules.update(aliases)
    try:
        with contextlib.redirect_stdout(out):
            exec(C.PRELUDE + code, {"tf": tf, "keras": tf.keras, "np": np})
    finally:
        for name, module in saved.items():
            if module is None:
                del sys.modules[name]
            else:
                sys.modules[name] = module
    return out.getvalue()


@pytest.mark.parametrize("name", sorted(C.SNIPPETS))
def test_prints_as_keras3(name):
    assert run(C.SNIPPETS[name]) == GOLDEN[name]
