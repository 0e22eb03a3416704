"""keras.layers.CategoryEncoding of indices of each dtype as Keras 3.15 in TF 2.21 gives
it (layers/category_encoding.py's refuse_narrow_indices), against
category_encoding_dtypes_golden.json (record_category_encoding_dtypes.py)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.keras.category_encoding_dtypes_cases import CASES, outcome

GOLDEN = json.loads((Path(__file__).parent / "category_encoding_dtypes_golden.json")
                    .read_text())["outcomes"]


def test_every_case_is_recorded():
    assert len(GOLDEN) == len(CASES)


@pytest.mark.parametrize("case,want", list(zip(CASES, GOLDEN)), ids=[str(c) for c in CASES])
def test_encoded_or_refused_as_keras(case, want):
    assert outcome(tf, tf.keras, np, case) == want
