"""fuzz48's fixes against TF 2.21 (fuzz48_golden.json, recorded by record_cases.py fuzz48 from
fuzz48_cases.py; the differences were found by fuzz48_draw.py): Gather/GatherV2 of an
empty output read no index, ArgMin's output_type int32 or int64 only, gather_nd's batch
errors named at the merged position, dct/idct refusals in TF's order."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.fuzz.fuzz48_cases import run

GOLDEN = json.loads((Path(__file__).resolve().parent / "fuzz48_golden.json").read_text())
GOT: dict = {}


def _got(case: str):
    if not GOT:
        GOT.update(run(tf))
    return GOT[case]


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_outcome_is_tf_2_21s(case):
    assert _got(case) == GOLDEN[case]
