"""Model.predict over batches whose time lengths differ joins them as Keras 3.15's: a
RaggedTensor of the rows (uniform inner dims kept) where the batches' inner shapes
disagree, concatenated arrays where they agree (before: NumPy's ValueError from
np.concatenate). predict_steps_cases.py holds the cases; predict_steps_golden.json is
Keras 3.15's answer (record_predict_steps.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.keras.predict_steps_cases import outcomes

GOLDEN = json.loads((Path(__file__).parent / "predict_steps_golden.json").read_text())


@pytest.fixture(scope="module")
def ours():
    return outcomes(tf)


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_predict_over_steps_as_keras(case, ours):
    assert ours[case] == GOLDEN[case]
