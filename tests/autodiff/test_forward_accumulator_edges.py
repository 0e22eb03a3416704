"""tf.autodiff.ForwardAccumulator at its edges against TF 2.21's outcomes
(forward_accumulator_edges_golden.json, written by record_forward_accumulator_edges_golden.py
from forward_accumulator_edge_cases.py): tangents of another shape accepted, of another
dtype refused by conversion, nest's structure errors, integer primals (a None jvp unless
unconnected_gradients="zero"), and TF's AttributeErrors for a primal or a jvp argument
that is not a tensor. Was: Python and NumPy primals were converted, and jvp of a Python
value was None."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.autodiff import forward_accumulator_edge_cases as cases

GOLDEN = json.loads((Path(__file__).parent / "forward_accumulator_edges_golden.json")
                    .read_text())["cases"]
CALLS = cases.cases(tf)


@pytest.mark.parametrize("key", sorted(CALLS))
def test_matches_tf(key):
    assert cases.outcome(CALLS[key]) == GOLDEN[key]


def test_golden_covers_every_case():
    assert set(GOLDEN) == set(CALLS)
