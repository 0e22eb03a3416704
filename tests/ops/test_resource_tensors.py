"""Resource tensors against TensorFlow 2.21's recorded behaviour (resource_golden.json,
written by record_resource_golden.py from resource_cases.py): a variable's handle, the
raw ops on handles with their values and errors, gradients through reads by handle,
handles inside tf.function."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.ops.resource_cases import run

GOLDEN = json.loads((Path(__file__).resolve().parent / "resource_golden.json").read_text())
CASES = [(group, key) for group in GOLDEN for key in GOLDEN[group]]
GOT: dict = {}


@pytest.mark.parametrize("group,key", CASES, ids=[f"{g}/{k}" for g, k in CASES])
def test_resource_tensors_behave_as_tf(group, key):
    if not GOT:
        GOT.update(json.loads(json.dumps(run(tf))))
    assert GOT[group][key] == GOLDEN[group][key]
