"""Variable updates of another dtype or shape as TF 2.21 refuses them (ops/variables.py's
conversion, graph/var_reads.py's AssignAdd/AssignSubVariableOp shape refusal while
tracing), against variable_update_golden.json (recorded by record_variable_update.py)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import error_pair_as_recorded
from tests.ops.variable_update_cases import CASES, run

GOLDEN = json.loads((Path(__file__).parent / "variable_update_golden.json").read_text())
GOLDEN = GOLDEN["results"]


def test_every_case_is_recorded():
    assert len(GOLDEN) == 2 * len(CASES)


@pytest.mark.parametrize("traced", [False, True])
def test_variable_updates_as_tf(traced):
    got = {c: error_pair_as_recorded(run(tf, np, c, traced)) for c in CASES}
    differ = {c: (g, GOLDEN[f"{c} | {traced}"]) for c, g in got.items()
              if g != GOLDEN[f"{c} | {traced}"]}
    assert not differ, differ
