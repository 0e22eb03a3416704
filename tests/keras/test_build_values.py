"""`build()` given a batch instead of a shape (Sequential, Dense, Functional) against
Keras 3.15's outcomes, recorded in build_values_golden.json by record_build_values.py
from the programs of build_value_cases.py; all run once, in this process."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow import keras
from tests.keras.build_value_cases import run

GOLDEN = json.loads((Path(__file__).resolve().parent / "build_values_golden.json").read_text())


@pytest.fixture(scope="module")
def got():
    return json.loads(json.dumps(run(tf, keras)))


@pytest.mark.parametrize("key", list(GOLDEN))
def test_build_with_a_batch_behaves_as_keras(got, key):
    assert got[key] == GOLDEN[key]
