"""tf.map_fn called eagerly converts its function with AutoGraph, as TF 2.21's: an `if`
on a tensor checks its condition is a bool scalar and that the branch taken sets what the
statement sets, with TF's "in user code" error; do_not_convert leaves the function as it
is. map_fn_eager_cases.py holds the cases; map_fn_eager_golden.json is TF's answer
(record_map_fn_eager.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.autograph.map_fn_eager_cases import outcomes

GOLDEN = json.loads((Path(__file__).parent / "map_fn_eager_golden.json").read_text())

# TF's converted code runs a loop over a tensor as a tf.while_loop, eagerly too: its
# variables become tensors whose dtype and shape may not change, and a return inside it is
# refused; eagerflow's converted code runs such a loop as Python's (graph loops only while
# tracing)
KNOWN: set = set()


@pytest.fixture(scope="module")
def ours():
    return outcomes(tf)


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_map_fn_eagerly_as_tfs(case, ours):
    if case in KNOWN:
        assert ours[case] != GOLDEN[case], f"fixed? remove {case!r} from KNOWN"
    else:
        assert ours[case] == GOLDEN[case]
