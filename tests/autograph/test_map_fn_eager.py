"""tf.map_fn called eagerly converts its function with AutoGraph, as TF 2.21's: an `if`
on a tensor checks its condition is a bool scalar and that the branch taken sets what the
statement sets, with TF's "in user code" error; do_not_convert leaves the function as it
is; a loop over a tensor is a tf.while_loop run eagerly. map_fn_eager_cases.py holds the
cases; map_fn_eager_golden.json is TF's answer (record_map_fn_eager.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.autograph.map_fn_eager_cases import outcomes

GOLDEN = json.loads((Path(__file__).parent / "map_fn_eager_golden.json").read_text())

@pytest.fixture(scope="module")
def ours():
    return outcomes(tf)


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_map_fn_eagerly_as_tfs(case, ours):
    assert ours[case] == GOLDEN[case]
