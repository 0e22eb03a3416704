"""TimeDistributed over an unknown number of steps in a functional model called from a
tf.function computes, shapes and fails as Keras 3.15's: it maps over as many steps as
the batch has rows, and where those outnumber the steps, reading the step past the last
is its loop's StridedSlice error. time_distributed_steps_cases.py holds the cases;
time_distributed_steps_golden.json is Keras 3.15's answer
(record_time_distributed_steps.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.keras.time_distributed_steps_cases import outcomes

GOLDEN = json.loads((Path(__file__).parent / "time_distributed_steps_golden.json").read_text())


@pytest.fixture(scope="module")
def ours():
    return outcomes(tf)


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_time_distributed_unknown_steps_as_keras(case, ours):
    assert ours[case] == GOLDEN[case]
