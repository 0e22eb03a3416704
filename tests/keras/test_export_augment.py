"""Keras models holding random augmentation layers served as TF 2.21 / Keras 3.15 serve
them (export_augment_golden.json, written by record_export_augment_golden.py from
export_augment_cases.py): `model.export`'s `serve` calls the model without `training`, so
RandomFlip, RandomRotation, RandomElasticTransform (a kernel size from a traced sigma)
and RandomContrast augment, each call its own draw, and Dropout does not;
tf.saved_model.save refuses such a model, their seed generators' states untracked. Was:
both served model(x, training=False)."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from tests.keras import export_augment_cases as cases

GOLDEN = json.loads((Path(__file__).parent / "export_augment_golden.json").read_text())["cases"]
CALLS = cases.cases(tf, keras)


@pytest.mark.parametrize("key", sorted(CALLS))
def test_matches_tf(key):
    got, want = cases.outcome(CALLS[key]), GOLDEN[key]
    if "value" in want and "value" in got:  # (the served values: to float32's precision)
        np.testing.assert_allclose(got["value"].pop(), want["value"][-1], rtol=1e-5,
                                   atol=1e-6)
        want = {"value": want["value"][:-1]}
    assert got == want


def test_golden_covers_every_case():
    assert set(GOLDEN) == set(CALLS)
