"""TF's refusal of a dtype an op does not allow, worded whole: the allowed dtypes in the
order TF's op definition lists them, the node, and TF's one-line summary of the op
(`; Op<name=...; signature=...; attr=...>`), for every op of TF's table that a scalar call
can reach (op_summaries_golden.json, by record_op_summaries.py from TF 2.21)."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow._src.ops import tf_op_defs
from tests.ops.op_summary_cases import cases

GOLDEN = json.loads((Path(__file__).parent / "op_summaries_golden.json").read_text())["cases"]
CASES = cases(tf)


def _without_suffix(message: str) -> str:
    # (the " name: " after [Op:...] is TF's fast path's; test_eager_errors checks it)
    return message.removesuffix(" name: ")


def test_the_golden_covers_the_ops():
    assert len(GOLDEN) > 150
    assert set(GOLDEN) <= set(CASES)


@pytest.mark.parametrize("op", sorted(GOLDEN))
def test_summary_is_tfs(op):
    assert f"; NodeDef: {{{{node {op}}}}}; {tf_op_defs.summary(op)} [Op:{op}]" in \
        GOLDEN[op]["message"]


@pytest.mark.parametrize("op", sorted(GOLDEN))
def test_raw_op_refuses_the_dtype_as_tf(op):
    bad, kwargs = CASES[op]
    assert bad == GOLDEN[op]["dtype"]
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        getattr(tf.raw_ops, op)(**kwargs)
    assert _without_suffix(str(e.value)) == _without_suffix(GOLDEN[op]["message"])
