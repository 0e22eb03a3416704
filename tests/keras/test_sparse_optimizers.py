"""Keras 3's optimizers on IndexedSlices gradients equal Keras's on TF 2.21
(sparse_optimizers_golden.json; recorder make_sparse_optimizers_golden.py): each step of each
configuration, eager and traced, with repeated and unique ids, and a text classifier's fit."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.keras.sparse_optimizer_cases import CONFIGS, FIT_OPTIMIZERS, IDS, fit, run

GOLDEN = json.loads(Path(__file__).with_name("sparse_optimizers_golden.json").read_text())
CASES = [f"{name}/{ids}" for name in CONFIGS for ids in IDS]


@pytest.mark.parametrize("traced", [False, True], ids=["eager", "traced"])
@pytest.mark.parametrize("case", CASES)
def test_steps_equal_keras(case, traced):
    name, ids = case.split("/")
    want = GOLDEN["steps"][case]
    got = run(tf.keras, tf, name, ids, traced)
    if "error" in want:  # (traced, the message follows TF's "in user code:" trace)
        assert got.get("error") == want["error"] and want["message"] in got["message"]
        return
    assert got["gradient"] == want["gradient"] == "IndexedSlices"
    for step, (g, w) in enumerate(zip(got["steps"], want["steps"])):
        for a, b in zip(g, w):
            np.testing.assert_allclose(a, b, rtol=2e-6, atol=2e-7, err_msg=f"step {step}")


@pytest.mark.parametrize("name", FIT_OPTIMIZERS)
def test_text_classifier_fit_equals_keras(name):
    want = GOLDEN["fit"][name]
    got = fit(tf.keras, name)
    np.testing.assert_allclose(got["loss"], want["loss"], rtol=1e-5)
    for a, b in zip(got["weights"], want["weights"]):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)
