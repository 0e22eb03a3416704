"""fuzz49's fixes against TF 2.21 (fuzz49_golden.json, recorded by record_cases.py fuzz49 from
fuzz49_cases.py; the differences were found by fuzz49_draw.py): Roll's equal shapes of shift
and axis, GatherV2's batch_dims against the params' rank, Dilation2D's negative output size,
CTCLoss's time check and its raw lengths' unnamed errors, BandedTriangularSolve's NaN pivot,
and the dilated float64/int32 Conv2D gradients TF's CPU refuses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.fuzz.fuzz49_cases import run

GOLDEN = json.loads((Path(__file__).resolve().parent / "fuzz49_golden.json").read_text())
GOT: dict = {}


def _got(case: str):
    if not GOT:
        GOT.update(run(tf))
    return GOT[case]


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_outcome_is_tf_2_21s(case):
    assert _got(case) == GOLDEN[case]
