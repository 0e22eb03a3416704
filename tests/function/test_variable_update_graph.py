"""Traced updates of a variable's slices and rows as TF 2.21 builds them (the cases are
variable_update_graph_cases.py; golden/variable_update_graph.json is TF's answer, written
by make_variable_update_graph_golden.py): `v[...].assign(x)` is a ResourceStridedSliceAssign
named "<the slice>/_assign" that takes the slice's own "strided_slice/stack*" constants
(no constants of its own), and `v.batch_scatter_update(...)` builds its index vectors as
TF's: the indices expanded, per leading axis a "Range" reshaped by a "Reshape/shape" Pack
(cast to the indices' dtype), times a "ones_like" Fill, concatenated before them. Each
case's operations are compared whole (name, type, NodeDef inputs, control inputs), with
its result on the recorded arguments (not the reads' attrs: eagerflow's ReadVariableOp
nodes hold no dtype attr)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.function.graph_gather_cases import outcome
from tests.function.variable_update_graph_cases import CASES

GOLDEN = json.loads((Path(__file__).parent / "golden" / "variable_update_graph.json")
                    .read_text())["cases"]


@pytest.mark.parametrize("name", sorted(CASES))
def test_traced_update_as_tf(name: str) -> None:
    got, want = outcome(tf, CASES[name]), GOLDEN[name]
    assert got["ops"] == want["ops"]
    assert got["result"] == want["result"]
