"""A tf.Variable's Python protocol against TF 2.21's outcomes (variable_protocol_golden.json,
written by record_variable_protocol_golden.py from variable_protocol_cases.py): `==` and
`!=` elementwise (shapes that don't broadcast: one False), a None refused by the op's
conversion, eagerly and traced, hash refused, bool/len/iter/int as TF's. Was: `v == None`
answered False and `v != None` True, as a tensor's do."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.golden_io import recorded_outcome
from tests.ops import variable_protocol_cases as cases

GOLDEN = json.loads((Path(__file__).parent / "variable_protocol_golden.json").read_text())[
    "cases"]
CALLS = cases.cases(tf)


@pytest.mark.parametrize("key", sorted(CALLS))
def test_matches_tf(key):
    assert recorded_outcome(cases.outcome(CALLS[key])) == GOLDEN[key]


def test_golden_covers_every_case():
    assert set(GOLDEN) == set(CALLS)
