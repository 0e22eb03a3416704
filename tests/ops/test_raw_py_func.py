"""tf.raw_ops.PyFunc, PyFuncStateless and EagerPyFunc behave as TF 2.21's when called by
hand: an unknown token's error when the op runs, eagerly and in a tf.function; no run of
an eager PyFuncStateless of no outputs; the Operation of a stateful one of no outputs in
a graph. raw_py_func_cases.py holds the
cases; raw_py_func_golden.json is TF's answer (record_raw_py_func.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow._src.ops.registry import REGISTRY
from tests.ops.raw_py_func_cases import outcomes

GOLDEN = json.loads((Path(__file__).parent / "raw_py_func_golden.json").read_text())


@pytest.fixture(scope="module")
def ours():
    return outcomes(tf)


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_raw_py_func_as_tfs(case, ours):
    assert ours[case] == GOLDEN[case]



@pytest.mark.parametrize("op", ["PyFunc", "PyFuncStateless", "EagerPyFunc"])
def test_registered_as_every_op(op):
    assert REGISTRY[op].name == op
    assert REGISTRY[op].stateful == (op != "PyFuncStateless")
