"""tf.compat.v1.gradients against TF 2.21's record (grad_names_golden.json, written by
record_grad_names_golden.py from grad_names_cases.py): the ops it adds, named and typed
as TF's (the "gradients" scope, the seed "grad_ys_0" Fill of "Shape", each op's gradient
under "<op>_grad": a broadcasting op's Shape, Shape_1, Sum over the axes its static shapes
give or over BroadcastGradientArgs', Reshape; a Reshape's Reshape to Shape or to -1;
Sum's and Mean's Reshape and Tile, or DynamicStitch and BroadcastTo, and Mean's divisor),
the gradient's name and value; and whole programs (a dense net's mean squared error,
a variable used twice, Optimizer.minimize), op for op with their inputs.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.v1.grad_names_cases import CASES, PROGRAMS, graph_gradient, program_gradient

_RECORD = json.loads((Path(__file__).parent / "grad_names_golden.json").read_text())
GOLDEN, GOLDEN_PROGRAMS = _RECORD["cases"], _RECORD["programs"]


@pytest.mark.parametrize("name", sorted(CASES))
def test_gradient_graph_as_tf(name: str) -> None:
    got, want = graph_gradient(tf, CASES[name]), GOLDEN[name]
    assert got["ops"] == want["ops"]
    assert got["grad"] == want["grad"]
    # (TF's exp can be an ulp from NumPy's)
    np.testing.assert_allclose(got["value"], want["value"], rtol=1e-6)


# programs whose graphs are not TF's yet, their values TF's all the same: losses whose
# forward ops are not TF's (softmax_cross_entropy_with_logits' Reshapes, the
# "logistic_loss" scope)
PROGRAMS_NOT_YET = {"softmax_xent", "sigmoid_xent"}


def _gradient_ops(ops: list) -> list:
    return [op for op in ops if op[0].startswith("gradients/")]


@pytest.mark.parametrize("name", sorted(set(PROGRAMS) - PROGRAMS_NOT_YET))
def test_program_graph_as_tf(name: str) -> None:
    """Every op tf.gradients adds (named, typed, wired and gated as TF's), the gradients'
    names, and their values; Optimizer.minimize's gradients too (its updates are
    eagerflow's: an assignment of the product, TF's ResourceApplyGradientDescent)."""
    got, want = program_gradient(tf, PROGRAMS[name]), GOLDEN_PROGRAMS[name]
    if "minimize" in name:
        assert _gradient_ops(got["ops"]) == _gradient_ops(want["ops"])
        assert got["ops"][-1] == ["GradientDescent:NoOp", [], got["ops"][-1][2]]
    else:
        assert got["ops"] == want["ops"]
    assert got["out"] == want["out"]
    for g, w in zip(got["values"], want["values"]):
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name", sorted(PROGRAMS_NOT_YET))
def test_program_values_as_tf(name: str) -> None:
    got, want = program_gradient(tf, PROGRAMS[name]), GOLDEN_PROGRAMS[name]
    for g, w in zip(got["values"], want["values"]):
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-5)
