"""tf.function's captures as TF 2.21 shows them: an eager tensor the function reads is
captured (a Const node up to 128 elements, a placeholder beyond), a variable through a
resource placeholder, each listed in `inputs`, `captured_inputs` and `graph.captures` in
the order captured; a Python number is a new constant for each op using it. The cases
(capture_cases.py) and TF's view of them (golden/captures.json) were recorded by
record_captures_golden.py."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.function.capture_cases import CASES, describe
from tests.tf_reference import HAVE_TF_PYTHON, tf_json

GOLDEN = json.loads((Path(__file__).resolve().parent / "golden" / "captures.json").read_text())


@pytest.mark.parametrize("name", sorted(CASES))
def test_captures_match_tf(name):
    assert describe(tf, np, CASES[name]) == GOLDEN[name]


def test_large_capture_runs_as_a_bound_constant():
    big = tf.constant(np.arange(300, dtype=np.float32).reshape(3, 100))

    @tf.function
    def f(x):
        return tf.matmul(x, big)

    x = tf.constant(np.linspace(-1, 1, 6, dtype=np.float32).reshape(2, 3))
    np.testing.assert_allclose(f(x).numpy(), x.numpy() @ big.numpy(), rtol=1e-6)
    cf = f.get_concrete_function(x)
    # the placeholder capturing it is no argument of the generated code: it is bound once
    assert cf.generated_code.splitlines()[0].endswith("(a0):")
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(f(x))
    np.testing.assert_allclose(tape.gradient(y, x).numpy(),
                               np.tile(big.numpy().sum(axis=1), (2, 1)), rtol=1e-6)


def test_large_capture_through_a_nested_function():
    big = tf.constant(np.arange(200, dtype=np.float32))

    @tf.function
    def inner(x):
        return x * big

    @tf.function
    def outer(x):
        return inner(x) + 1.0

    x = tf.constant(np.full(200, 2.0, np.float32))
    np.testing.assert_allclose(outer(x).numpy(), 2.0 * big.numpy() + 1.0)
    cf = outer.get_concrete_function(x)
    assert [c is big for c in cf.captured_inputs] == [True]
    assert tf.get_static_value(inner.get_concrete_function(x).graph.internal_captures[0]) \
        is None  # (a placeholder: its value is not known while the graph is built)


def _save_large_capture(path):
    m = tf.Module()
    m.big = tf.constant(np.arange(200, dtype=np.float32))
    big = m.big

    @tf.function(input_signature=[tf.TensorSpec([200])])
    def f(x):
        return x + big

    m.f = f
    tf.saved_model.save(m, str(path))
    return big


def test_saved_model_with_large_capture_loads(tmp_path):
    big = _save_large_capture(tmp_path / "m")
    loaded = tf.saved_model.load(str(tmp_path / "m"))
    x = tf.constant(np.ones(200, np.float32))
    np.testing.assert_allclose(loaded.f(x).numpy(), 1.0 + big.numpy())


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="needs TensorFlow's interpreter")
def test_tensorflow_loads_a_large_capture(tmp_path):
    big = _save_large_capture(tmp_path / "m")
    got = tf_json("-c", "import sys, json, numpy as np, tensorflow as tf\n"
                  "m = tf.saved_model.load(sys.argv[1])\n"
                  "print(json.dumps(m.f(tf.ones([200])).numpy().tolist()))", tmp_path / "m")
    np.testing.assert_allclose(got, 1.0 + big.numpy())


def test_captures_in_branches_differentiate():
    # a branch's captured eager tensors are inputs of its If (a Const and a placeholder of
    # the function), and gradients flow through them as through any captured tensor
    big = tf.constant(np.linspace(0.0, 1.0, 200, dtype=np.float32))
    c = tf.constant(3.0)

    def g(x):
        return tf.cond(x > 0.0, lambda: tf.reduce_sum(big * x * x), lambda: x * c)

    @tf.function
    def inside(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = g(x)
        return tape.gradient(y, x)

    traced = tf.function(g)
    for v, want in ((2.0, 4.0 * big.numpy().sum()), (-2.0, 3.0)):
        x = tf.constant(v)
        np.testing.assert_allclose(float(inside(x)), want, rtol=1e-5)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = traced(x)
        np.testing.assert_allclose(float(tape.gradient(y, x)), want, rtol=1e-5)
    cf = traced.get_concrete_function(tf.TensorSpec([]))
    assert [t.name for t in cf.graph.inputs] == ["x:0", "cond/input_0:0", "cond/input_2:0"]
    assert [type(t).__name__ for t in cf.captured_inputs] == ["EagerTensor"] * 2


def test_graph_inputs_are_not_what_a_call_feeds():
    # graph.inputs lists the captures' placeholders and constants, as TF's; a call still
    # takes the arguments alone, and each capture's value is bound
    v = tf.Variable(2.0)
    c = tf.constant([1.0, 2.0])
    big = tf.constant(np.full(300, 0.5, np.float32))

    @tf.function
    def f(x):
        return x * v + c + tf.reduce_sum(big)

    x = tf.constant([1.0, 1.0])
    cf = f.get_concrete_function(x)
    assert len(cf.graph.inputs) == 4 and cf.graph.inputs == cf.inputs
    np.testing.assert_allclose(cf(x).numpy(), [153.0, 154.0])
    v.assign(3.0)
    np.testing.assert_allclose(f(x).numpy(), [154.0, 155.0])
