"""Variable reads, writes and captures inside tf.function graphs, named as TF 2.21 names
them (graph/var_reads.py): a read made converting an op's inputs under that op's scope
("MatMul/ReadVariableOp"), a read by the variable's own API where it is made
("ReadVariableOp", "Read/ReadVariableOp"), each variable captured by a resource
placeholder named after the first node touching it ("MatMul/ReadVariableOp/resource"),
in branches and loop bodies too, and the shape errors that show them.

The cases are var_read_cases.py; golden/var_reads.json is TF's answer
(make_var_reads_golden.py). Compared whole: the argument constants TF's ops take placed
among the reads as TF places them, a While's loop counter and limit among its inputs.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.function.var_read_cases import CASES, outcome

GOLDEN = json.loads((Path(__file__).parent / "golden" / "var_reads.json").read_text())


def _graph_of(op, attr):
    subs = getattr(op.op, "subgraphs", None)
    if not subs or ("If" in op.type) != (attr in ("then_branch", "else_branch")):
        return None
    return subs[0 if attr in ("then_branch", "cond") else 1].graph


def _comparable(value, drop):
    if isinstance(value, dict):
        return {k: _comparable(v, drop) for k, v in value.items()}
    if isinstance(value, list):
        return [_comparable(v, drop) for v in value
                if not (isinstance(v, str) and v in drop)]
    return value


@pytest.fixture(scope="module")
def ours():
    return {case: outcome(tf, _graph_of, src) for case, src in CASES.items()}


@pytest.mark.parametrize("case", sorted(CASES))
def test_variable_reads_are_named_as_tfs(case, ours):
    want = dict(GOLDEN["cases"][case])
    drop = set(want.pop("internal", ()))
    assert _comparable(ours[case], drop) == _comparable(want, drop)


def _fn_and_graph():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]], name="v")

    @tf.function
    def f(x):
        return tf.matmul(x, v) + v * 2.0

    return v, f, f.get_concrete_function(tf.TensorSpec([2, 2])).graph


def test_the_resource_placeholder_is_listed_found_and_described():
    _, _, g = _fn_and_graph()
    ph = g.get_operation_by_name("MatMul/ReadVariableOp/resource")
    assert ph.type == "Placeholder"
    assert ph.outputs[0].dtype == tf.resource and ph.outputs[0].shape == ()
    assert g.get_tensor_by_name("MatMul/ReadVariableOp/resource:0") is ph.outputs[0]
    names = [n.name for n in g.as_graph_def().node]
    assert names.index("MatMul/ReadVariableOp/resource") + 1 == \
        names.index("MatMul/ReadVariableOp")
    # one capture per variable: the operator's own read reuses it
    assert sum(o.type == "Placeholder" and o.outputs[0].dtype == tf.resource
               for o in g.get_operations()) == 1
    # a node's name is not taken twice
    assert len(names) == len(set(names))


def test_named_reads_compute_what_they_did():
    v, f, _ = _fn_and_graph()
    x = np.array([[1.0, 0.0], [2.0, 1.0]], np.float32)
    want = x @ v.numpy() + v.numpy() * 2.0
    np.testing.assert_allclose(f(tf.constant(x)).numpy(), want)
    v.assign(v * 2.0)  # a later value is read: the graph reads the variable, not a copy
    np.testing.assert_allclose(f(tf.constant(x)).numpy(), x @ v.numpy() + v.numpy() * 2.0)


def test_a_traced_step_updates_through_its_reads_and_gradients():
    v = tf.Variable([[0.5, -1.0], [1.5, 2.0]], name="v")

    @tf.function
    def step(x):
        with tf.GradientTape() as t:
            loss = tf.reduce_sum(tf.matmul(x, v) * v)
        v.assign_sub(0.1 * t.gradient(loss, v))
        return loss

    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    before = v.numpy().copy()
    step(x)
    # d/dv sum((x @ v) * v) = x^T v + x @ v (elementwise product's two paths)
    grad = x.numpy().T @ before + x.numpy() @ before
    np.testing.assert_allclose(v.numpy(), before - 0.1 * grad, rtol=1e-6)


def test_read_value_and_operators_keep_their_eager_results():
    v = tf.Variable([1.0, -2.0])
    assert isinstance(v.read_value(), tf.Tensor)
    np.testing.assert_array_equal((v * 2.0).numpy(), [2.0, -4.0])
    np.testing.assert_array_equal((-v).numpy(), [-1.0, 2.0])
    np.testing.assert_array_equal(v[1:].numpy(), [-2.0])
    assert tf.cast(v, tf.float32).dtype == tf.float32


def test_a_variable_slice_read_in_a_function_still_assigns():
    v = tf.Variable([1.0, 2.0, 3.0])

    @tf.function
    def f():
        v[1:].assign([5.0, 6.0])
        return v[0:1]

    np.testing.assert_array_equal(f().numpy(), [1.0])
    np.testing.assert_array_equal(v.numpy(), [1.0, 5.0, 6.0])

