"""The operations of traced graphs as TF 2.21 builds them: the Const TF makes for an axis
or shape given as a Python value ("Sum/reduction_indices", "concat/axis", "Reshape/shape",
"strided_slice/stack", a reduction's "Const" of all axes), listed among the node's inputs
in TF's order, and TF's automatic control dependencies (stateful ops chained in program
order, the trailing NoOp that the outputs' Identity ops wait on, tf.control_dependencies'
edges), and a While's own loop counter and limit ("while/loop_counter",
"while/maximum_iterations") leading its inputs, its loop variables' results from "while:2"
on.

The cases are graph_op_cases.py; golden/graph_ops.json is TF's answer
(make_graph_ops_golden.py). Each case's operations are compared whole (name, type, NodeDef
inputs and control inputs) with the values of its constants. For the cases in
`STRUCTURE_ONLY` the ops TF's API adds around the node differ (named below), and only the
control structure is compared: each operation's type and the types of its control inputs.

These operations only show the graph: the optimized graph a call runs has neither the
constants nor the NoOp (checked below), and a SavedModel's functions leave them out
(TF's loader makes its own control outputs); `as_graph_def()` holds them as TF's GraphDef
does (its nodes are compared with the same golden).
"""

from __future__ import annotations

import json
import linecache
import re
import textwrap
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from tests.function.graph_op_cases import CASES, _value, outcome

GOLDEN = json.loads((Path(__file__).parent / "golden" / "graph_ops.json").read_text())

# TF formats a tf.print's tensors with a StringFormat op feeding PrintV2; eagerflow's
# PrintV2 formats them itself.
STRUCTURE_ONLY = {"print", "print_twice_two_outputs", "print_no_output",
                  "no_op_returned_as_dependency"}


def _structure(ops, types):
    """Each operation (StringFormat left out) as its type and its control inputs' types."""
    out = []
    for text in ops:
        m = re.fullmatch(r"([^:]+):(\w+)\((.*)\)", text)
        if m.group(2) == "StringFormat":
            continue
        controls = sorted(types[i[1:]] for i in m.group(3).split(",") if i.startswith("^"))
        out.append((m.group(2), controls))
    return out


def _types(ops):
    return {re.fullmatch(r"([^:]+):(\w+)\(.*", t).group(1):
            re.fullmatch(r"([^:]+):(\w+)\(.*", t).group(2) for t in ops}


@pytest.fixture(scope="module")
def ours():
    return {case: outcome(tf, src) for case, src in CASES.items()}


@pytest.mark.parametrize("case", sorted(CASES))
def test_traced_graph_ops_are_tfs(case, ours):
    want, got = GOLDEN["cases"][case], ours[case]
    if case in STRUCTURE_ONLY:
        assert _structure(got["ops"], _types(got["ops"])) == \
            _structure(want["ops"], _types(want["ops"]))
        return
    assert got["ops"] == want["ops"]
    assert got["consts"] == want["consts"]


def _graph_def_nodes(gd):
    """A GraphDef's nodes in the form graph_op_cases._node writes operations."""
    out = []
    for n in gd.node:
        ins = [i for i in n.input if not i.startswith("^")]
        ins += sorted(i for i in n.input if i.startswith("^"))
        out.append(f"{n.name}:{n.op}({','.join(ins)})")
    return out


# TF's GraphDef of a function graph holds the graph's operations: the same nodes (with
# TF's StringFormat where eagerflow's PrintV2 formats itself: the writer makes it as TF's)
@pytest.mark.parametrize("case", sorted(CASES))
def test_graph_def_nodes_are_tfs(case):
    env = {"tf": tf}
    source = textwrap.dedent(CASES[case])
    # (AutoGraph reads the source of a case's `while` statement)
    linecache.cache["<case>"] = (len(source), None, source.splitlines(True), "<case>")
    try:
        exec(compile(source, "<case>", "exec"), env)  # noqa: S102 - the cases
        gd = tf.function(env["f"]).get_concrete_function(*env["SPECS"]).graph.as_graph_def()
    finally:
        linecache.cache.pop("<case>", None)
    assert _graph_def_nodes(gd) == GOLDEN["cases"][case]["ops"]
    consts = {n.name: _value(tf, n.attr["value"].tensor) for n in gd.node if n.op == "Const"}
    assert consts == GOLDEN["cases"][case]["consts"]


def _concrete(fn, *specs):
    return tf.function(fn).get_concrete_function(*specs)


def test_shown_constants_and_the_no_op_never_run():
    calls = []

    @tf.function
    def f(x):
        tf.print(x, output_stream="file:///dev/null")
        calls.append(1)
        return tf.reduce_sum(tf.reshape(x, [3, 2]), axis=1), tf.transpose(x)

    x = tf.constant(np.arange(6.0, dtype=np.float32).reshape(2, 3))
    s, t = f(x)
    np.testing.assert_array_equal(s.numpy(), [1.0, 5.0, 9.0])
    np.testing.assert_array_equal(t.numpy(), np.arange(6.0).reshape(2, 3).T)
    cf = f.get_concrete_function(x)
    names = [o.name for o in cf.graph.get_operations()]
    assert {"Reshape/shape", "Sum/reduction_indices", "transpose/perm", "NoOp"} <= set(names)
    kept = [o.type for o in cf.optimized_graph().get_operations()]
    assert "NoOp" not in kept and "Const" not in kept, kept
    # the eagerflow op still takes its axis as an attr: its data inputs are its own
    total = cf.graph.get_operation_by_name("Sum")
    assert [t.name for t in total.inputs] == ["Reshape:0"]
    assert list(total.node_def.input) == ["Reshape", "Sum/reduction_indices"]
    assert len(calls) == 1


def test_a_graph_tensor_read_as_an_axis_is_the_nodes_input():
    def f(x):
        axis = tf.constant(1)
        return tf.reduce_max(x, axis)

    g = _concrete(f, tf.TensorSpec([2, 3])).graph
    assert list(g.get_operation_by_name("Max").node_def.input) == ["x", "Const"]
    assert "Max/reduction_indices" not in [o.name for o in g.get_operations()]


def test_variable_writes_and_reads_are_chained_as_tfs():
    v = tf.Variable(1.0)

    def f(x):
        v.assign_add(x)
        v.assign_sub(x)
        return x

    g = _concrete(f, tf.TensorSpec([])).graph
    add, sub = (g.get_operation_by_name(n) for n in ("AssignAddVariableOp",
                                                     "AssignSubVariableOp"))
    assert sub.control_inputs == [add]
    no_op = g.get_operations()[-1]
    assert no_op.type == "NoOp" and set(no_op.control_inputs) == {add, sub}
    assert g.get_operation_by_name("Identity").control_inputs == [no_op]


def test_no_outputs_no_no_op():
    v = tf.Variable(1.0)

    def f(x):
        v.assign(x)

    g = _concrete(f, tf.TensorSpec([])).graph
    assert "NoOp" not in [o.type for o in g.get_operations()]


def test_functions_with_shown_ops_still_save_and_load(tmp_path):
    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([2, 3])])
        def f(self, x):
            self.v.assign_add(1.0)
            return self.v * tf.reduce_sum(tf.concat([x, x], axis=-1), 0)[1:]

    m = M()
    m.v = tf.Variable(0.0)
    tf.saved_model.save(m, str(tmp_path))
    back = tf.saved_model.load(str(tmp_path))
    x = tf.ones([2, 3])
    np.testing.assert_array_equal(back.f(x).numpy(), [2.0, 2.0, 2.0, 2.0, 2.0])
    np.testing.assert_array_equal(m.f(x).numpy(), [2.0, 2.0, 2.0, 2.0, 2.0])


@settings(max_examples=12, deadline=None)
@given(st.floats(0.5, 40.0, width=32), st.one_of(st.none(), st.integers(0, 7)))
def test_a_loops_counter_and_limit_results_are_tfs(start, limit):
    # while:0 counts the iterations run, while:1 is the limit given (-1: none), as TF's
    @tf.function
    def f(x):
        y = tf.while_loop(lambda s: s < 100.0, lambda s: s * 2.0, [x],
                          maximum_iterations=limit)
        g = tf.compat.v1.get_default_graph()
        return y, g.get_tensor_by_name("while:0"), g.get_tensor_by_name("while:1")

    y, count, most = f(tf.constant(start))
    want, n = np.float32(start), 0
    while want < 100.0 and (limit is None or n < limit):
        want, n = want * np.float32(2.0), n + 1
    assert y[0].numpy() == want and count.numpy() == n
    assert most.numpy() == (-1 if limit is None else limit)
    assert count.dtype == most.dtype == tf.int32
