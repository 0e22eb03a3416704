"""Fill, Tile and BroadcastTo with their shape-like argument known only when a tf.function
runs give what TF 2.21 gives (runtime_shape_args_golden.json, recorded by
make_runtime_shape_args_golden.py): results, and TF's kernels' errors for negative dims
and multiples, lengths that don't match, arguments that are not vectors (Fill takes a
scalar as one dim), and shapes that broadcast but not to the output's ("Unable to
broadcast tensor of shape [2,1] to tensor of shape [1,3]")."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.ops import runtime_shape_args_cases as cases

GOLDEN = json.loads((Path(__file__).parent / "runtime_shape_args_golden.json").read_text())


def test_the_golden_file_covers_every_case():
    assert list(GOLDEN["calls"]) == cases.CALLS
    assert len(GOLDEN["traced"]) == len(cases.TRACED)


@pytest.mark.parametrize("expr", cases.CALLS)
def test_calls_eagerly_and_traced(expr):
    assert cases.called(tf, expr) == GOLDEN["calls"][expr]


@pytest.mark.parametrize("i", range(len(cases.TRACED)),
                         ids=[f"{c[0]}-{c[2]}" for c in cases.TRACED])
def test_arguments_known_when_the_function_runs(i):
    assert cases.traced(tf, *cases.TRACED[i]) == GOLDEN["traced"][i]
