"""fuzz48b's fixes against TF 2.21 (fuzz48b_golden.json, recorded by record_cases.py fuzz48b from
fuzz48b_cases.py; the differences were found by fuzz48b_draw.py): DenseBincount's weights
checked first, SparseBincount's sign before its weights, CropAndResize's rank words, a
bool RaggedTensor's to_tensor default, ScatterNd of strings, overlap_and_add's Sum
refusal, draw_bounding_boxes' corners toward zero, and the FFT kernels' check of
unpadded empty inputs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.fuzz.fuzz48b_cases import run

GOLDEN = json.loads((Path(__file__).resolve().parent / "fuzz48b_golden.json").read_text())
GOT: dict = {}


def _got(case: str):
    if not GOT:
        GOT.update(run(tf))
    return GOT[case]


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_outcome_is_tf_2_21s(case):
    assert _got(case) == GOLDEN[case]
