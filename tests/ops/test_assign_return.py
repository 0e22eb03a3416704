"""tf.Variable.assign / assign_add / assign_sub return what TF 2.21's return (an
`UnreadVariable` view, None, or the assign operation while a graph is built), against
assign_return_golden.json (record_assign_return_golden.py)."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.ops.assign_return_cases import run

GOLDEN = json.loads((Path(__file__).resolve().parent / "assign_return_golden.json").read_text())
GOT = {}


@pytest.mark.parametrize("case", list(GOLDEN))
def test_an_assignment_returns_what_tf_returns(case):
    if not GOT:
        GOT.update(json.loads(json.dumps(run(tf))))
    assert GOT[case] == GOLDEN[case]
