"""tf.raw_ops.Inv and InvGrad against TF 2.21's recorded outcomes (inv_golden.json, by
record_inv_golden.py from inv_cases.py): TF's older names of Reciprocal and
ReciprocalGrad are ops of their own, so their values, gradients and traced graphs match
Reciprocal's while their errors (the NotFoundError of an integer input, with the CPU
kernels listed in Inv's own order; the dtype errors) and graph nodes name Inv and
InvGrad."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.golden_io import recorded_outcome
from tests.gpu_target import on_recording_device
from tests.ops import inv_cases as cases

GOLDEN = json.loads((Path(__file__).parent / "inv_golden.json").read_text())["cases"]
CASES = cases.cases(tf)


def test_every_case_is_recorded():
    assert sorted(CASES) == sorted(GOLDEN)


@pytest.mark.parametrize("key", sorted(CASES))
def test_inv_matches_tf(key):
    with on_recording_device(GOLDEN[key]):
        assert recorded_outcome(cases.outcome(CASES[key])) == GOLDEN[key]
