"""Graph tensors known only when the graph runs as the size, shape, count and axis
arguments of API functions, negative dims in shape arguments, and tf.split's nodes,
against what TF 2.21 recorded (golden/symbolic_args.json, written by
make_symbolic_args_golden.py over symbolic_arg_cases.py): under tf.function and in a
tf.Graph run by a compat.v1 Session, the static shapes TF's shape inference gives, the
values, and TF's errors (its TypeErrors where its op takes the argument as an attr)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.function import symbolic_arg_cases as S
from tests.function.test_const_args import _close  # (the same comparison)
from tests.gpu_target import on_recording_device

GOLDEN = json.loads((Path(__file__).parent / "golden" / "symbolic_args.json").read_text())


def _facts(result):
    """All but the values; a failing node by its own name (the name scopes TF's random ops
    and tf.eye open are not eagerflow's)."""
    out = {k: v for k, v in result.items() if k != "values"}
    if "node" in out:
        out["node"] = out["node"].rsplit("/", 1)[-1]
    return out


def _same(got, want):
    assert _facts(got) == _facts(want), (got, want)
    if "values" in want:
        _close(got["values"], want["values"])


@pytest.mark.parametrize("case", sorted(S.CASES))
def test_in_a_function_as_tf(case):
    # (TF's CPU checks what a GPU's skip; or takes what a GPU's refuses, in its code)
    with on_recording_device(GOLDEN["function"][case], S.CASES[case]):
        _same(S.run_function(tf, S.CASES[case]), GOLDEN["function"][case])


@pytest.mark.parametrize("case", sorted(S.CASES))
def test_in_a_session_as_tf(case):
    with on_recording_device(GOLDEN["graph"][case], S.CASES[case]):
        _same(S.run_graph(tf, S.CASES[case]), GOLDEN["graph"][case])


def _eager_message(text):
    """TF's eager error text less its kernel's function_node prefix and name suffix."""
    text = re.sub(r"^\{\{function_node __wrapped__\S+\}\} ", "", text)
    return re.sub(r" name:( \S*)?$", "", text)


@pytest.mark.parametrize("case", sorted(S.EAGER_CASES))
def test_negative_dims_eagerly_as_tf(case):
    got, want = S.run_eager(tf, S.EAGER_CASES[case]), GOLDEN["eager"][case]
    assert got["error"] == want["error"]
    assert _eager_message(got["message"]) == _eager_message(want["message"])


@pytest.mark.parametrize("case", sorted(S.SPLIT_CASES))
def test_split_nodes_as_tf(case):
    assert S.run_split(tf, S.SPLIT_CASES[case]) == GOLDEN["split"][case]


def test_golden_covers_every_case():
    assert sorted(GOLDEN["function"]) == sorted(GOLDEN["graph"]) == sorted(S.CASES)
    assert sorted(GOLDEN["eager"]) == sorted(S.EAGER_CASES)
    assert sorted(GOLDEN["split"]) == sorted(S.SPLIT_CASES)


def test_split_of_a_runtime_axis_and_its_gradient():
    """A count split along an axis known when the graph runs: the parts, and the gradient
    concatenated back along that axis."""
    f = tf.function(lambda x, k: tf.split(x, 2, k), autograph=False)
    x = tf.Variable(np.arange(8.0, dtype=np.float32).reshape(2, 4))
    for k in (0, 1, -1):
        with tf.GradientTape() as tape:
            a, b = f(x, tf.constant(k))
            y = tf.reduce_sum(a * 3.0) + tf.reduce_sum(b)
        want = np.split(np.arange(8.0).reshape(2, 4), 2, k)
        np.testing.assert_array_equal(a.numpy(), want[0])
        np.testing.assert_array_equal(b.numpy(), want[1])
        grad = np.concatenate([np.full_like(want[0], 3.0), np.ones_like(want[1])], k)
        np.testing.assert_array_equal(tape.gradient(y, x).numpy(), grad)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Number of ways to split should evenly divide the split "
                             "dimension, but got split_dim 0 \\(size = 3\\) and num_split 2"):
        f(tf.ones([3, 2]), tf.constant(0))
