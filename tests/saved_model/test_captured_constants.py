"""A SavedModel's function that captures constants, as TF 2.21 writes it (the constants
bound to extra inputs of the function), loaded by eagerflow: its concrete function lists
the variable's handle and both constants in `captured_inputs`, its graph takes them by
placeholders named after the function's arguments, as TF's load shows
(golden/captured_constants.json, recorded with the files by
golden/make_captured_constants.py)."""

import json
from pathlib import Path

import numpy as np

import eagerflow as tf
from tests.saved_model.captured_constants_cases import build, probe

GOLDEN = Path(__file__).resolve().parent / "golden"


def test_tf_saved_captured_constants_load_as_tf_lists_them():
    want = json.loads((GOLDEN / "captured_constants.json").read_text())
    got = probe(tf, tf.saved_model.load(str(GOLDEN / "tf_captured_constants")))
    assert got == want


def test_eagerflow_saved_captured_constants_run_after_loading(tmp_path):
    m = build(tf)
    tf.saved_model.save(m, str(tmp_path / "m"))
    loaded = tf.saved_model.load(str(tmp_path / "m"))
    x = tf.constant([1.0, 1.0])
    np.testing.assert_allclose(loaded.f(x).numpy(), m.f(x).numpy())
    # (eagerflow writes the constants into the function's body: only the variable is a
    # captured input of what it saved)
    assert [c.dtype for c in loaded.f.concrete_functions[0].captured_inputs] == [tf.resource]
