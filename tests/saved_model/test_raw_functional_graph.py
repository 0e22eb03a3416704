"""tf.raw_ops' If, Case, While, For and SymbolicGradient inside a tf.function trace as the
one node TF 2.21 writes for each (its type, inputs and attrs: golden/raw_functional_graph.
json), give TF's results, and a SavedModel of them runs in TF 2.21 (skipped without it) and
here."""

import json
import os
import subprocess
import textwrap
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.saved_model.raw_functional_graph_cases import (
    SETUP,
    gradients_of,
    graph_nodes,
    outputs_of,
)
from tests.tf_reference import TF_ENV, TF_PYTHON

GOLDEN = json.loads((Path(__file__).parent / "golden" / "raw_functional_graph.json")
                    .read_text())


@pytest.fixture(scope="module")
def scope():
    defs = {"tf": tf, "np": np}
    exec(SETUP, defs)  # noqa: S102 (the cases' definitions)
    defs["calls"] = defs["Calls"]()
    return defs


def test_the_traced_graph_is_tfs(scope):
    cf = scope["calls"].f.get_concrete_function()
    got = graph_nodes(cf.graph.as_graph_def())
    assert [n[:2] for n in got] == [n[:2] for n in GOLDEN["nodes"]]
    for g, w in zip(got, GOLDEN["nodes"]):
        assert g == w, g[0]


def test_a_symbolic_gradient_is_tfs_node_and_values(scope):
    calls = scope["calls"]
    got = graph_nodes(calls.gradient.get_concrete_function().graph.as_graph_def())
    assert got == GOLDEN["gradient_nodes"]
    assert gradients_of(calls.gradient, scope["GRADIENT_INPUTS"], tf) == \
        GOLDEN["gradient_results"]


def test_the_nodes_are_operations_of_tfs_types(scope):
    graph = scope["calls"].f.get_concrete_function().graph
    types = {op.name: op.type for op in graph.get_operations()}
    assert types["If"] == "If" and types["pick"] == "StatelessIf"
    assert types["StatelessWhile"] == "StatelessWhile" and types["For"] == "For"
    op = graph.get_operation_by_name("While_1")
    assert op.get_attr("parallel_iterations") == 3


def test_static_shapes_and_results(scope):
    cf = scope["calls"].f.get_concrete_function()
    assert [str(t.shape) for t in cf.outputs] == GOLDEN["shapes"]
    assert outputs_of(scope["calls"].f, scope["INPUTS"], tf) == GOLDEN["results"]


def test_a_traced_kernel_checks_as_tfs(scope):
    # (TF's If kernel refuses the branch's results that Tout doesn't name, when it runs)
    to_int = tf.function(lambda x: tf.cast(x, tf.int32)).get_concrete_function(scope["f32"])

    @tf.function
    def f(x):
        return tf.raw_ops.If(cond=x > 0, input=[x], Tout=[tf.float32], then_branch=to_int,
                             else_branch=to_int)

    with pytest.raises(tf.errors.InternalError,
                       match="Expect 0-th output is of type float but get int32"):
        f(tf.constant(1.0))


def test_traced_calls_differentiate_in_a_loop_and_a_branch(scope):
    @tf.function
    def f(k, x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.raw_ops.StatelessCase(branch_index=k, input=[x], Tout=[tf.float32],
                                         branches=[scope["double"], scope["triple"]])[0]
            z = tf.raw_ops.For(start=0, limit=k, delta=1, input=[x],
                               body=scope["accumulate"])[0]
        return tape.gradient([y, z], x)

    assert float(f(tf.constant(1), tf.constant(2.0))) == 3.0 + 2.0
    assert float(f(tf.constant(3), tf.constant(2.0))) == 3.0 + 8.0  # (out of range: the last)


LOAD = """
import json, sys
import numpy as np
import tensorflow as tf
loaded = tf.saved_model.load(sys.argv[1])
out = []
for p, x, k, v in json.loads(sys.argv[2]):
    got = loaded.f(tf.constant(p), tf.constant(x), tf.constant(k),
                   tf.constant(np.array(v, np.float32)))
    out.append([np.asarray(t.numpy()).tolist() for t in got])
grads = [[float(t.numpy()) for t in loaded.gradient(tf.constant(x), tf.constant(y))]
         for x, y in json.loads(sys.argv[3])]
print(json.dumps([out, grads]))
"""


def test_a_saved_model_of_them_reloads_here(scope, tmp_path):
    tf.saved_model.save(scope["calls"], str(tmp_path / "m"))
    loaded = tf.saved_model.load(str(tmp_path / "m"))
    assert outputs_of(loaded.f, scope["INPUTS"], tf) == GOLDEN["results"]
    assert gradients_of(loaded.gradient, scope["GRADIENT_INPUTS"], tf) == \
        GOLDEN["gradient_results"]


@pytest.mark.skipif(not os.path.exists(TF_PYTHON), reason="no TensorFlow")
def test_a_saved_model_of_them_runs_in_tensorflow(scope, tmp_path):
    path = str(tmp_path / "m")
    tf.saved_model.save(scope["calls"], path)
    run = subprocess.run([TF_PYTHON, "-c", textwrap.dedent(LOAD), path,
                          json.dumps(scope["INPUTS"]), json.dumps(scope["GRADIENT_INPUTS"])],
                         capture_output=True, text=True, env=TF_ENV, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    assert json.loads(run.stdout.splitlines()[-1]) == [GOLDEN["results"],
                                                        GOLDEN["gradient_results"]]


def test_a_function_of_them_differentiates_from_outside(scope):
    # (TF 2.21: 8.0 for each If form, 12.0 for the Case; a stateful call's outputs are
    # kept from its run, its gradient still the call's)
    double, triple = scope["double"], scope["triple"]
    got = []
    for call in (lambda x: tf.raw_ops.If(cond=x > 0, input=[x], Tout=[tf.float32],
                                         then_branch=double, else_branch=triple),
                 lambda x: tf.raw_ops.StatelessIf(cond=x > 0, input=[x], Tout=[tf.float32],
                                                  then_branch=double, else_branch=triple),
                 lambda x: tf.raw_ops.Case(branch_index=1, input=[x], Tout=[tf.float32],
                                           branches=[double, triple])):
        f = tf.function(lambda x, call=call: call(x)[0] * x)
        x = tf.constant(2.0)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = f(x)
        got.append(float(tape.gradient(y, x)))
    assert got == [8.0, 8.0, 12.0]


def test_a_raw_if_converts_to_tflite(scope):
    double, triple = scope["double"], scope["triple"]

    @tf.function(input_signature=[scope["f32"]])
    def f(x):
        return tf.raw_ops.If(cond=x > 0, input=[x], Tout=[tf.float32], then_branch=double,
                             else_branch=triple)[0]

    model = tf.lite.TFLiteConverter.from_concrete_functions(
        [f.get_concrete_function()]).convert()
    interpreter = tf.lite.Interpreter(model_content=model)
    interpreter.allocate_tensors()
    got = []
    for v in (2.0, -2.0):
        interpreter.set_tensor(interpreter.get_input_details()[0]["index"], np.float32(v))
        interpreter.invoke()
        got.append(float(interpreter.get_tensor(interpreter.get_output_details()[0]["index"])))
    assert got == [4.0, -6.0]


def test_a_raw_call_converts_to_tflite(scope):
    @tf.function(input_signature=[scope["f32"]])
    def f(x):
        return tf.raw_ops.StatefulPartitionedCall(args=[x], Tout=[tf.float32],
                                                  f=scope["triple"])[0]

    model = tf.lite.TFLiteConverter.from_concrete_functions(
        [f.get_concrete_function()]).convert()
    interpreter = tf.lite.Interpreter(model_content=model)
    interpreter.allocate_tensors()
    interpreter.set_tensor(interpreter.get_input_details()[0]["index"], np.float32(2.0))
    interpreter.invoke()
    assert float(interpreter.get_tensor(interpreter.get_output_details()[0]["index"])) == 6.0
