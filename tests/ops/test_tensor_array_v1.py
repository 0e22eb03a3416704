"""TF 1's resource TensorArrays and stacks (ops/tensor_array_v1.py) through tf.raw_ops,
eagerly: each step of tensor_array_v1_cases.py's programs gives what TF 2.21 gave
(make_tensor_array_v1_golden.py recorded it): values, handles, error classes and
messages."""

import json
import re
from pathlib import Path

import pytest

import eagerflow as tf
from tests.golden_io import as_recorded, handle_as_recorded
from tests.ops.tensor_array_v1_cases import CASES, outcomes

GOLDEN = json.loads((Path(__file__).with_name("tensor_array_v1_golden.json")).read_text())


def _recorded(steps: list) -> list:
    return [[*s[:2], _unnumbered(as_recorded(s[2]))] if s[0] == "error" else
            ["value", [[v[0], handle_as_recorded(v[1])] if v[0] == "handle" else v
                       for v in s[1]]] if s[0] == "value" else s
            for s in steps]


def _unnumbered(message: str) -> str:
    """A variable's resource name counts the variables the process made before it."""
    return re.sub(r"name 'Variable/\d+'", "name 'Variable/N'", message)


@pytest.mark.parametrize("name", sorted(CASES))
def test_program_as_tf(name):
    got = _recorded(outcomes(tf, CASES[name]))
    want = _recorded(GOLDEN["cases"][name])
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want)):
        assert g == w, f"step {i}"
