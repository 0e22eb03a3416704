"""Keras 3's guides run unchanged (cells in guide_*.py, data made small) and print what
real TF 2.21 + Keras 3 prints (golden.json by golden.py), timings and float values
masked (runner.normalize)."""

import json
import os

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from tests.keras.guides import runner

with open(os.path.join(os.path.dirname(__file__), "golden.json")) as _f:
    GOLDEN = json.load(_f)


@pytest.mark.parametrize("name", [g for g in runner.GUIDES if g in GOLDEN])
def test_guide_prints_what_keras3_prints(name):
    keras.backend.clear_session()
    keras.utils.set_random_seed(0)
    namespace = {"np": np, "tf": tf, "keras": keras, "layers": keras.layers,
                 "ops": keras.ops}
    got = runner.run(runner.load(name), namespace)
    want = GOLDEN[name]
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want)):
        assert runner.normalize(g) == runner.normalize(w), f"cell {i}"
