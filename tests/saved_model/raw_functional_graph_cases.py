"""tf.raw_ops' If, Case, While and For (and their stateless twins), the function calls and
SymbolicGradient called inside a tf.function: TF 2.21's traced graph (its nodes, their
inputs and attrs), the outputs' static shapes and the results, recorded in
golden/raw_functional_graph.json by record_raw_functional_graph.py.

SETUP runs with `tf` TensorFlow there, eagerflow here; it defines `Calls`, whose `f` makes
each call and `gradient` a SymbolicGradient (and a BatchFunction), and `INPUTS` and
`GRADIENT_INPUTS`, the arguments they are run on.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
from google.protobuf import text_format

SETUP = '''
f32, i32, vec = (tf.TensorSpec([], tf.float32), tf.TensorSpec([], tf.int32),
                 tf.TensorSpec([None], tf.float32))
double = tf.function(lambda x: x * 2).get_concrete_function(f32)
triple = tf.function(lambda x: x * 3).get_concrete_function(f32)
below3 = tf.function(lambda i, x: i < 3).get_concrete_function(i32, f32)
step = tf.function(lambda i, x: (i + 1, x * 2)).get_concrete_function(i32, f32)
accumulate = tf.function(lambda i, x: x * 2 + tf.cast(i, tf.float32)).get_concrete_function(
    i32, f32)
below3v = tf.function(lambda i, x: i < 3).get_concrete_function(i32, vec)
pair = tf.function(lambda x, y: (x * y, x + y)).get_concrete_function(f32, f32)
scaled_rows = tf.function(lambda x, c: x * c).get_concrete_function(vec, f32)
grow = tf.function(lambda i, x: (i + 1, tf.concat([x, x + 1.0], 0))).get_concrete_function(
    i32, vec)


class Calls(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([], tf.bool), f32, i32, vec])
    def f(self, p, x, k, v):
        a = tf.raw_ops.If(cond=p, input=[x], Tout=[tf.float32], then_branch=double,
                          else_branch=triple)
        b = tf.raw_ops.StatelessIf(cond=x, input=[x], Tout=[tf.float32], then_branch=double,
                                   else_branch=triple, output_shapes=[[]], name="pick")
        c = tf.raw_ops.While(input=[tf.constant(0), x], cond=below3, body=step)
        d = tf.raw_ops.StatelessWhile(input=[k, x], cond=below3, body=step)
        e = tf.raw_ops.Case(branch_index=k, input=[x], Tout=[tf.float32],
                            branches=[double, triple])
        f = tf.raw_ops.StatelessCase(branch_index=k, input=[x], Tout=[tf.float32],
                                     branches=[double, triple, double])
        g = tf.raw_ops.For(start=0, limit=k, delta=1, input=[x], body=accumulate)
        h = tf.raw_ops.While(input=[k, v], cond=below3v, body=grow,
                             output_shapes=[[], [None]], parallel_iterations=3)
        calls = [tf.raw_ops.StatefulPartitionedCall(args=[x], Tout=[tf.float32], f=triple),
                 tf.raw_ops.PartitionedCall(args=[x], Tout=[tf.float32], f=double),
                 tf.raw_ops.RemoteCall(target="/cpu:0", args=[x], Tout=[tf.float32],
                                       f=triple)]
        return [a[0], b[0], c[0], c[1], d[0], d[1], e[0], f[0], g[0], h[1],
                *(call[0] for call in calls)]

    @tf.function(input_signature=[f32, f32])
    def gradient(self, x, y):
        a = tf.raw_ops.If(cond=x > 0, input=[x], Tout=[tf.float32], then_branch=double,
                          else_branch=triple)
        s = tf.raw_ops.SymbolicGradient(input=[a[0], y, tf.constant(1.0), tf.constant(2.0)],
                                        Tout=[tf.float32, tf.float32], f=pair)
        b = tf.raw_ops.BatchFunction(in_tensors=[tf.reshape(x, [1])], captured_tensors=[y],
                                     f=scaled_rows, num_batch_threads=1, max_batch_size=4,
                                     batch_timeout_micros=10, Tout=[tf.float32])
        return [s[0], s[1], b[0][0]]


INPUTS = [(True, 1.5, 1, [1.0, 2.0]), (False, 0.0, 5, [3.0]), (True, -2.0, 0, [])]
GRADIENT_INPUTS = [(3.0, 4.0), (-1.0, 0.5)]
'''


def graph_nodes(graph_def: Any) -> list:
    """A GraphDef's nodes as [name, op, inputs, {attr: its text}], each function a name
    numbered by first mention (its library name holds a trace counter)."""
    names: dict = {}

    def fn(m: Any) -> str:
        return f'name: "{names.setdefault(m.group(1), f"fn{len(names)}")}"'

    out = []
    for nd in graph_def.node:
        attrs = {k: re.sub(r'name: "([^"]*)"', fn, text_format.MessageToString(
            nd.attr[k], as_one_line=True)) for k in sorted(nd.attr)}
        out.append([nd.name, nd.op, list(nd.input), attrs])
    return out


def outputs_of(f: Any, inputs: list, tf: Any) -> list:
    """`f` on each of `inputs`: each result as a list."""
    res = []
    for p, x, k, v in inputs:
        got = f(tf.constant(p), tf.constant(x), tf.constant(k),
                tf.constant(np.array(v, np.float32)))
        res.append([np.asarray(t.numpy()).tolist() for t in got])
    return res


def gradients_of(f: Any, inputs: list, tf: Any) -> list:
    """`f` (Calls.gradient) on each of `inputs`: each result as a list."""
    return [[float(t.numpy()) for t in f(tf.constant(x), tf.constant(y))] for x, y in inputs]
