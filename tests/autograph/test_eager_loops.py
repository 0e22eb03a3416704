"""Converted code's loops over eager tensors run as TF 2.21's: a tf.while_loop executed
eagerly (eager_loop_cases.py holds the cases; eager_loops_golden.json is TF's answer,
record_eager_loops.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.autograph.eager_loop_cases import outcomes

GOLDEN = json.loads((Path(__file__).parent / "eager_loops_golden.json").read_text())


@pytest.fixture(scope="module")
def ours():
    return outcomes(tf)


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_eager_loops_as_tfs(case, ours):
    assert ours[case] == GOLDEN[case]
