"""tf.nest over each kind of structure matches TF 2.21's outcomes, recorded in
nest_golden.json by record_nest_golden.py (nest_cases.py lists the cases)."""

import json
import os

import pytest

import eagerflow as tf
from tests.core.nest_cases import outcomes

with open(os.path.join(os.path.dirname(__file__), "nest_golden.json")) as f:
    GOLDEN = json.load(f)
GOT = outcomes(tf)


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_nest_outcome_matches_tf(case):
    assert GOT[case] == GOLDEN[case]


def test_cases_all_recorded():
    assert sorted(GOT) == sorted(GOLDEN)
