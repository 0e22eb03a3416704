"""The first parsing ops, DecodePaddedRaw and StringSplit against TF 2.21's recorded
outcomes (parse_v1_cases.py, parse_v1_golden.json): outputs, or the eager error's class
and full message."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.golden_io import recorded_outcome
from tests.ops.parse_v1_cases import CASES, outcome

pytest.importorskip("google.protobuf")  # the Example protos

GOLDEN = json.loads((Path(__file__).with_name("parse_v1_golden.json")).read_text())["cases"]


def test_every_case_is_recorded():
    assert sorted(GOLDEN) == sorted(CASES)


@pytest.mark.parametrize("case", CASES)
def test_as_in_tf(case):
    assert recorded_outcome(outcome(tf, case)) == GOLDEN[case]
