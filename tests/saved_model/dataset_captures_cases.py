"""tf.data functions that capture tensors, inside tf.functions, run by TensorFlow 2.21
(golden/make_dataset_captures_form.py) and by eagerflow (test_dataset_captures_form.py);
each function takes the `tf` module it runs under.

`module(tf)` is a tf.Module of tf.functions of one int64 scalar `k`, each building a
pipeline over range(5) whose functions read `k` (a tensor of the enclosing function), the
module's variable, small eager tensors (TF captures one with a Const) and a large one
(with a placeholder); TF passes each to the dataset node as its function's captured
arguments (`other_arguments`), the enclosing function capturing the eager tensors and the
variable's handle in turn, named after that input.
"""

from __future__ import annotations

from typing import Any

import numpy as np

# function -> the dataset nodes whose form is compared (one of each type in it)
NODES = {
    "map_filter": ("MapDataset", "FilterDataset", "ReduceDataset"),
    "flat_interleave": ("FlatMapDataset", "InterleaveDataset"),
    "scan_take_while": ("ScanDataset", "TakeWhileDataset"),
    "windows": ("GroupByWindowDataset",),
    "parallel": ("ParallelMapDatasetV2",),
}
KS = (3, 4)  # the values of k each function is called with


def module(tf: Any) -> Any:
    i64 = tf.int64
    two = tf.constant(np.int64(2))
    ten = tf.constant(np.int64(10))
    big = tf.constant(np.arange(200, dtype=np.int64))  # (over 128 elements: a placeholder)
    spec = [tf.TensorSpec([], i64)]

    class M(tf.Module):
        def __init__(self) -> None:
            super().__init__()
            self.v = tf.Variable(np.int64(7))

        @tf.function(input_signature=spec)
        def map_filter(self, k: Any) -> Any:
            ds = tf.data.Dataset.range(5).map(lambda x: x + k * two + self.v + big[x])
            ds = ds.filter(lambda x: x % k > 0)
            return ds.reduce(tf.constant(0, i64), lambda s, x: s + x * ten)

        @tf.function(input_signature=spec)
        def flat_interleave(self, k: Any) -> Any:
            ds = tf.data.Dataset.range(5).flat_map(
                lambda x: tf.data.Dataset.from_tensors(x * ten).repeat(2))
            ds = ds.interleave(lambda x: tf.data.Dataset.range(x, x + two + k), cycle_length=2)
            return ds.reduce(tf.constant(0, i64), lambda s, x: s * 3 % 1000003 + x)

        @tf.function(input_signature=spec)
        def scan_take_while(self, k: Any) -> Any:
            ds = tf.data.Dataset.range(5).scan(
                tf.constant(0, i64), lambda s, x: (s + x * ten, s + tf.reduce_sum(big) * k))
            ds = ds.take_while(lambda x: x < ten * 5973)
            return ds.reduce(tf.constant(0, i64), lambda s, x: s * 7 % 1000003 + x)

        @tf.function(input_signature=spec)
        def windows(self, k: Any) -> Any:
            ds = tf.data.Dataset.range(9).group_by_window(
                key_func=lambda x: (x + k) % two,
                reduce_func=lambda key, w: w.batch(3).map(lambda b: tf.reduce_sum(b) * ten + key),
                window_size_func=lambda key: key + k)
            return ds.reduce(tf.constant(0, i64), lambda s, x: s * 5 % 1000003 + x)

        @tf.function(input_signature=spec)
        def parallel(self, k: Any) -> Any:
            ds = tf.data.Dataset.range(5).map(lambda x: x * ten + k + self.v,
                                              num_parallel_calls=2, deterministic=True)
            return ds.reduce(tf.constant(0, i64), lambda s, x: s * 3 + x)

    return M()


def run(tf: Any, m: Any) -> dict:
    """What each function of `m` (the module or its loaded SavedModel) computes per k."""
    return {name: [int(getattr(m, name)(tf.constant(k, tf.int64))) for k in KS]
            for name in NODES}


def _args(fdef: Any) -> list:
    """A FunctionDef's arguments: [name, dtype enum, user-specified name or None]; a name
    that is one of the process's unique ids (a capture named by none) as "<uid>"."""
    out = []
    for i, a in enumerate(fdef.signature.input_arg):
        attrs = fdef.arg_attr[i].attr if i in fdef.arg_attr else {}
        user = attrs["_user_specified_name"].s.decode() if "_user_specified_name" in attrs \
            else None
        out.append([a.name, a.type, "<uid>" if user and user.isdigit() else user])
    return out


def structure(saved_model: Any) -> dict:
    """What a SavedModel proto (TF's or eagerflow's message class) says of each function
    of NODES: its FunctionDef's arguments; per dataset node compared, its data inputs and
    the arguments of the library functions its func attrs name; the kinds of the objects
    its concrete function binds to its captured arguments, and for a constant the dtype
    enum and shape of its Const node in the main graph."""
    meta = saved_model.meta_graphs[0]
    og = meta.object_graph_def
    fdefs = {f.signature.name: f for f in meta.graph_def.library.function}
    graph = {n.name: n for n in meta.graph_def.node}
    out = {}
    for name, ops in NODES.items():
        fname = next(k for k in og.concrete_functions
                     if k.startswith(f"__inference_{name}_") and k[len(name) + 13:].isdigit())
        fdef = fdefs[fname]
        nodes = {}
        for op in ops:
            nd = next(n for n in fdef.node_def if n.op == op)
            nodes[op] = {"inputs": [i for i in nd.input if not i.startswith("^")],
                         "funcs": {k: _args(fdefs[v.func.name]) for k, v in
                                   sorted(nd.attr.items()) if v.HasField("func")}}
        bound = []
        for nid in og.concrete_functions[fname].bound_inputs:
            obj = og.nodes[nid]
            kind = obj.WhichOneof("kind")
            if kind == "constant":
                const = graph[obj.constant.operation].attr
                kind = [kind, const["dtype"].type,
                        [d.size for d in const["value"].tensor.tensor_shape.dim]]
            bound.append(kind)
        out[name] = {"args": _args(fdef), "nodes": nodes, "bound": bound}
    return out
