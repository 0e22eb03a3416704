"""A SavedModel whose function captures a variable, a small and a large eager tensor,
built alike by TensorFlow or eagerflow, and what a user sees of its loaded function's
captures (golden/make_captured_constants.py records TF 2.21's; test_captured_constants.py
checks eagerflow's load of TF's files). Imports neither framework itself."""

import numpy as np


def build(tf):
    m = tf.Module()
    m.v = tf.Variable([1.0, 2.0])
    c = tf.constant([3.0, 4.0])
    big = tf.constant(np.arange(200, dtype=np.float32))

    @tf.function(input_signature=[tf.TensorSpec([2])])
    def f(x):
        return x * m.v + c + tf.reduce_sum(big)

    m.f = f
    return m


def _name(t) -> str:
    return t.name


def probe(tf, loaded) -> dict:
    cf = loaded.f.concrete_functions[0]
    return {
        "captured_inputs": [[c.dtype.name, c.shape.as_list(),
                             None if c.dtype == tf.resource else c.numpy().tolist()]
                            for c in cf.captured_inputs],
        "inputs": [_name(t) for t in cf.inputs],
        "graph_inputs": [_name(t) for t in cf.graph.inputs],
        "internal_captures": [_name(t) for t in cf.graph.internal_captures],
        "external_is_captured_input": [a is b for a, b in
                                       zip(cf.graph.external_captures, cf.captured_inputs)],
        "variables": [v.name for v in cf.variables],
        "call": loaded.f(tf.constant([1.0, 1.0])).numpy().tolist(),
    }
