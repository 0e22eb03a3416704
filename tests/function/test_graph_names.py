"""Op names inside tf.function graphs as TF 2.21 gives them, and the errors that show them:
tf.debugging's asserts build TF's ops under their name scopes ("assert_positive/
assert_less/Less", ".../Assert/AssertGuard", an If whose false branch holds the Assert)
and a failure names the node "…/Assert/AssertGuard/Assert" with its user frames; a cond's
and a loop's ops are named under the op's scope ("cond/mul", "while/add"), their results
pass through Identity ops ("cond/Identity"), a loop's variables are "while/Placeholder",
a `for` loop's reads "while/TensorArrayV2Read/TensorListGetItem".

The cases are graph_name_cases.py; golden/graph_names.json is TF's answer
(make_graph_names_golden.py). Compared whole, but for what eagerflow has no node for
(see _comparable): TF's control-output NoOp, the counter and limit a While's body
and cond take (the counter's increment and their Identity results: a While's own
"while/loop_counter" and "while/maximum_iterations" inputs are TF's), and the constant
inputs eagerflow holds as attributes (element shapes, sizes, a reduction's axes).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.function.graph_name_cases import CASES, outcome

GOLDEN = json.loads((Path(__file__).parent / "golden" / "graph_names.json").read_text())
# the cases whose reductions take their axes as constant inputs in TF ("while/Const")
AXES_AS_INPUTS = {"for_over_tensor"}
_ATTR_CONSTS = re.compile(r"/(element_shape|num_elements)"
                          r"(_\d+)?:Const$")


def _graph_of(op, attr):
    """An If's (then_branch, else_branch) or a While's (cond, body) graph."""
    subs = getattr(op.op, "subgraphs", None)
    if not subs or ("If" in op.type) != (attr in ("then_branch", "else_branch")):
        return None
    return subs[0 if attr in ("then_branch", "cond") else 1].graph


def _comparable(value, drop):
    """`value` (a case's ops, nested) without the names in `drop` and the constants that
    eagerflow holds as attributes."""
    if isinstance(value, dict):
        return {k: _comparable(v, drop) for k, v in value.items()}
    if isinstance(value, list):
        return [_comparable(v, drop) for v in value
                if not (isinstance(v, str) and (v in drop or _ATTR_CONSTS.search(v)))]
    return value


@pytest.fixture(scope="module")
def ours():
    return {case: outcome(tf, _graph_of, src) for case, src in CASES.items()}


@pytest.mark.parametrize("case", sorted(CASES))
def test_graph_names_and_errors_are_tfs(case, ours):
    want = dict(GOLDEN["cases"][case])
    drop = set(want.pop("internal", ()))
    got = ours[case]
    if case in AXES_AS_INPUTS:
        drop |= {n for n in json.dumps(want).split('"')
                 if re.fullmatch(r"while/Const(_\d+)?:Const", n)}
    assert _comparable(got, drop) == _comparable(want, drop)


def test_a_failing_assert_in_a_loop_names_its_node_and_the_loop_variable():
    @tf.function
    def f(x):
        i = tf.constant(0)
        while i < 3:
            tf.debugging.assert_less(x, 2.0)
            x = x + 1.0
            i += 1
        return x

    assert f(tf.constant(-5.0)).numpy() == -2.0  # (passing asserts change nothing)
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        f(tf.constant(0.0))
    text = str(err.value)
    assert "Detected at node while/assert_less/Assert/AssertGuard/Assert defined at" in text
    assert "[x (while/Placeholder:0) = ] [2] [y (while/assert_less/y:0) = ] [2]" in text
    assert re.search(r"\n\t \[\[\{\{node while/assert_less/Assert/AssertGuard/Assert\}\}\]\] "
                     r"\[Op:__inference_f_\d+\]$", text), text


def test_guarded_asserts_run_every_call_and_keep_their_results():
    """The guard is a real cond: the Assert runs only when the check fails, and the
    function's results and gradients are those without it."""
    @tf.function
    def f(x):
        tf.debugging.assert_positive(x)
        tf.debugging.Assert(tf.reduce_all(x < 10.0), ["too big", x])
        return x * x

    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    np.testing.assert_allclose(y.numpy(), [1.0, 4.0])
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [2.0, 4.0])
    for bad, node in ((tf.constant([1.0, -2.0]), "assert_positive/assert_less/Assert/"
                                                  "AssertGuard/Assert"),
                      (tf.constant([1.0, 20.0]), "Assert/AssertGuard/Assert")):
        with pytest.raises(tf.errors.InvalidArgumentError, match=re.escape(f"{{{{node {node}}}}}")):
            f(bad)


def test_asserts_are_guarded_in_a_fresh_interpreter_without_autograph():
    # (no conversion loads control flow first: the guard must come with function graphs)
    code = ("import eagerflow as tf\n"
            "f = tf.function(lambda x: [tf.debugging.assert_positive(x), x][1], "
            "autograph=False)\n"
            "g = f.get_concrete_function(tf.TensorSpec([2])).graph\n"
            "print([o.name for o in g.get_operations() if o.name.endswith('Guard')])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, check=True).stdout
    assert out == "['assert_positive/assert_less/Assert/AssertGuard']\n"


def test_v1_asserts_take_data_before_summarize_and_message():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"^msg\na\n3$"):
        tf.compat.v1.assert_equal(1, 2, ["a", 3], 2, "msg")
    assert tf.compat.v1.debugging.assert_less(1, 2, ["unused"]) is None
    def f(x):
        tf.compat.v1.assert_positive(x, [x], name="p")
        return x

    graph = tf.function(f).get_concrete_function(tf.TensorSpec([], tf.float32)).graph
    assert "p/assert_less/Assert/AssertGuard" in [o.name for o in graph.get_operations()]


def test_a_tf1_graphs_asserts_run_in_a_session():
    graph = tf.Graph()
    with graph.as_default():
        x = tf.compat.v1.placeholder(tf.float32, [])
        op = tf.debugging.assert_less(x, 1.0)
    with tf.compat.v1.Session(graph=graph) as sess:
        sess.run(op, {x: 0.0})
        with pytest.raises(tf.errors.InvalidArgumentError, match="assertion failed"):
            sess.run(op, {x: 2.0})
