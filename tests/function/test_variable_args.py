"""tf.Variable arguments of a tf.function (traced by VariableSpec) against TensorFlow
2.21's, recorded in variable_args_golden.json by record_variable_args.py from the
programs of variable_arg_cases.py; all run once, in this process."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.function.variable_arg_cases import run

GOLDEN = json.loads((Path(__file__).resolve().parent / "variable_args_golden.json").read_text())
CASES = [(g, k) for g, cases in GOLDEN.items() for k in cases]


@pytest.fixture(scope="module")
def got():
    return json.loads(json.dumps(run(tf)))


@pytest.mark.parametrize("group,key", CASES, ids=[f"{g}-{k}" for g, k in CASES])
def test_variable_arguments_behave_as_tf(got, group, key):
    assert got[group][key] == GOLDEN[group][key]
