"""Graphs whose `as_graph_def()` make_graph_def_golden.py records from TF 2.21 and
test_graph_def.py compares with eagerflow's; each program takes either's `tf` and returns
a JSON-able summary of its GraphDef (and of tf.compat.v1.graph_util's results on it)."""

from __future__ import annotations

from typing import Any

import numpy as np

FEED = [[1.0, 2.0], [-3.0, 0.5], [0.25, -0.75]]


def nodes(gd: Any) -> list:
    """(name, op, inputs, sorted attr keys) of each node, in the GraphDef's order."""
    return [[n.name, n.op, list(n.input), sorted(n.attr)] for n in gd.node]


def versions(gd: Any) -> list:
    return [gd.versions.producer, gd.versions.min_consumer]


def shapes(node: Any) -> list:
    """The `_output_shapes` of a node (or the value of such an attr)."""
    av = node.attr["_output_shapes"] if hasattr(node, "attr") else node
    return [None if s.unknown_rank else [d.size for d in s.dim] for s in av.list.shape]


def tf1_dense(tf: Any) -> dict:
    """A TF 1 graph of a placeholder, constants and named ops: the whole GraphDef."""
    tf1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        x = tf1.placeholder(tf.float32, [None, 2], name="x")
        y = tf.nn.relu(tf.matmul(x, tf.constant([[1.0], [2.0]])) + 1.0, name="y")
        z = tf.reduce_sum(y * y, name="z")
        tf.identity(tf.debugging.check_numerics(z, "bad"), name="out")
        with tf1.Session() as sess:
            want = sess.run(z, {x: FEED})
    gd = g.as_graph_def()
    shaped = g.as_graph_def(add_shapes=True)
    sub = tf1.graph_util.extract_sub_graph(gd, ["y"])
    pruned = tf1.graph_util.remove_training_nodes(gd, protected_nodes=["out"])
    return {"nodes": nodes(gd), "versions": versions(gd), "library": gd.HasField("library"),
            "shapes": {n.name: shapes(n) for n in shaped.node},
            "sub": [n.name for n in sub.node], "sub_versions": versions(sub),
            "pruned": nodes(pruned), "pruned_versions": versions(pruned),
            "shape_of_y": tf1.graph_util.tensor_shape_from_node_def_name(g, "y").as_list(),
            "z": float(want)}


def tf1_variables(tf: Any) -> dict:
    """A TF 1 graph with variables, a cond reading one and a while loop: frozen with
    convert_variables_to_constants, then run (TF 2's way: wrap_function and prune)."""
    tf1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        x = tf1.placeholder(tf.float32, [None, 2], name="x")
        a = tf1.Variable([[1.0], [2.0]], name="a")
        b = tf1.get_variable("b", [1], initializer=tf1.ones_initializer())
        y = tf.identity(tf.matmul(x, a) + b, name="y")
        q = tf.cond(tf.reduce_sum(x) > 0, lambda: y * b, lambda: -y, name="q")
        n = tf.while_loop(lambda i, s: i < 3, lambda i, s: (i + 1, s * 2.0),
                          [tf.constant(0), q])[1]
        tf.identity(n, name="out")
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            sess.run(b.assign([0.5]))
            want = sess.run("out:0", {x: FEED})
            frozen = tf1.graph_util.convert_variables_to_constants(sess, g.as_graph_def(),
                                                                   ["out"])
    gd = g.as_graph_def()
    wrapped = tf1.wrap_function(lambda: tf1.import_graph_def(frozen, name=""), [])
    got = wrapped.prune("x:0", "out:0")(tf.constant(FEED))
    kinds = {n.name: n.op for n in gd.node}
    return {"versions": versions(gd), "library": gd.HasField("library"),
            "variables": sorted(k for k, v in kinds.items() if v == "VarHandleOp"),
            "frozen_consts": sorted(n.name for n in frozen.node
                                    if n.name in ("a", "b") and n.op == "Const"),
            "frozen_ops": sorted({n.op for n in frozen.node} & {"VarHandleOp",
                                                                  "ReadVariableOp"}),
            "frozen_versions": versions(frozen), "want": np.asarray(want).tolist(),
            "got": got.numpy().tolist()}


def function_graph(tf: Any) -> dict:
    """A tf.function with a loop, a cond, a variable it reads and assigns, and a nested
    tf.function: its graph's GraphDef."""
    v = tf.Variable(1.5, name="v")

    @tf.function
    def inner(a):
        return a + 1.0

    @tf.function
    def f(x):
        i = tf.constant(0)
        while i < 3:
            x = x * v
            i += 1
        if tf.reduce_sum(x) > 0:
            x = x + 1.0
        else:
            x = x - 1.0
        v.assign_add(1.0)
        return inner(x)

    cf = f.get_concrete_function(tf.TensorSpec([None], tf.float32, name="x"))
    gd = cf.graph.as_graph_def()
    shaped = cf.graph.as_graph_def(add_shapes=True)
    by = {n.name: n for n in gd.node}
    handles = [n for n in gd.node if n.op == "Placeholder" and
               n.attr["dtype"].type == tf.resource.as_datatype_enum]
    out = cf.graph.outputs[0].op.name
    return {"versions": versions(gd), "library": gd.HasField("library"),
            "input": [by["x"].op, sorted(by["x"].attr),
                      by["x"].attr["_user_specified_name"].s.decode()],
            "handles": [sorted(h.attr) for h in handles],
            "loops": sorted(n.op for n in gd.node if n.op in ("While", "StatelessWhile")),
            "conds": sorted(n.op for n in gd.node if n.op in ("If", "StatelessIf")),
            "calls": sorted(n.op for n in gd.node if "PartitionedCall" in n.op),
            "assign": [n.op for n in gd.node if n.op.startswith("Assign")],
            "output": [by[out].op, sorted(by[out].attr),
                       [i for i in by[out].input if i.startswith("^")] != []],
            "inner_in_library": any("inner" in f.signature.name for f in gd.library.function),
            "output_shape": shapes(next(n for n in shaped.node if n.name == out))}


def plain_function(tf: Any) -> dict:
    """A tf.function of no variables: the whole GraphDef, then imported back and run."""
    @tf.function
    def f(x, y):
        return tf.nn.relu(x * 2.0 + y), tf.reduce_max(x)

    cf = f.get_concrete_function(tf.TensorSpec([None, 2], tf.float32, name="x"),
                                 tf.TensorSpec([2], tf.float32, name="y"))
    gd = cf.graph.as_graph_def()
    wrapped = tf.compat.v1.wrap_function(lambda: tf.compat.v1.import_graph_def(gd, name=""),
                                         [])
    run = wrapped.prune(["x:0", "y:0"], [t.name for t in cf.graph.outputs])
    got = run(tf.constant(FEED), tf.constant([0.5, -1.0]))
    return {"nodes": nodes(gd), "versions": versions(gd), "library": gd.HasField("library"),
            "got": [t.numpy().tolist() for t in got]}


def function_library(tf: Any) -> dict:
    """A tf.function calling another and branching: the FunctionDefs its graph's library
    holds (by role: TF and eagerflow number their names apart), with and without
    add_shapes."""
    @tf.function
    def inner(a):
        return a * 3.0

    @tf.function
    def f(x, n):
        y = inner(x)
        if n > 0:
            y = y + tf.reduce_sum(x, axis=[1], keepdims=True)
        else:
            y = y - 1.0
        return y

    cf = f.get_concrete_function(tf.TensorSpec([None, 2], tf.float32, name="x"),
                                 tf.TensorSpec([], tf.int32, name="n"))
    out = {}
    for shaped in (False, True):
        gd = cf.graph.as_graph_def(add_shapes=shaped)
        for fn in gd.library.function:
            name = fn.signature.name
            role = "inner" if "inner" in name else "then" if "true" in name else "else"
            args = [fn.arg_attr[i].attr for i in range(len(fn.signature.input_arg))]
            out[role + ("_shaped" if shaped else "")] = {
                "attr": sorted(fn.attr),
                "context": fn.attr["_construction_context"].s.decode(),
                "input_shapes": [[d.size for d in s.dim]
                                 for s in fn.attr["_input_shapes"].list.shape],
                "args": [[sorted(a), shapes(a["_output_shapes"]) if "_output_shapes" in a
                          else None] for a in args],
                "nodes": [[n.name, n.op, shapes(n) if "_output_shapes" in n.attr else None]
                          for n in fn.node_def]}
    return out


def _error(fn: Any) -> list:
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the class and message are what is recorded
        msg = str(e)
        # (the GraphDef class's module differs: TF's own, TensorBoard's copy)
        return [type(e).__name__, msg.split(" proto, but got")[0]]
    return ["no error"]


def graph_util_errors(tf: Any) -> dict:
    """graph_util's refusals: TF's error classes and messages."""
    gu = tf.compat.v1.graph_util
    with tf.Graph().as_default() as g:
        tf.constant(1, name="a")
        tf.constant(1.0, name="b")
    gd = g.as_graph_def()
    return {"missing": _error(lambda: gu.extract_sub_graph(gd, ["nope"])),
            "string": _error(lambda: gu.extract_sub_graph(gd, "a")),
            "not_graph_def": _error(lambda: gu.extract_sub_graph(3, ["a"])),
            "cpu": [gu.must_run_on_cpu(gd.node[0]), gu.must_run_on_cpu(gd.node[1]),
                    gu.must_run_on_cpu(g.get_operation_by_name("a")),
                    gu.must_run_on_cpu(g.get_operation_by_name("b"))],
            "write_text": _error(lambda: tf.io.write_graph(3, "unused", "x")),
            "write_binary": _error(lambda: tf.io.write_graph(3, "unused", "x",
                                                             as_text=False))}


PROGRAMS = {"graph_util_errors": graph_util_errors, "tf1_dense": tf1_dense,
            "tf1_variables": tf1_variables, "function_graph": function_graph,
            "plain_function": plain_function, "function_library": function_library}
