"""Pipelines in tf.functions whose stages take eager counts or read variables, run by
TensorFlow 2.21 (golden/make_dataset_order.py) and by eagerflow (test_dataset_order.py);
each function takes the `tf` module it runs under.

`module(tf)`'s functions: `counts`, range(3).repeat(two).take(two) of an eager `two`,
which TF's graph captures once converting the first count (the function's argument
"count", bound to a constant); `nested`, a flat_map whose function repeats
from_tensors(x) `two` times (its function's argument "count", the FlatMapDataset's
other_arguments); `zipped`, `chained` and `both`, maps reading the module's variables
before a reduce, and `cached`, in-memory caches around one: TF's automatic control
dependencies order a dataset stage taking a variable (or a cache) after that resource's
last stage, and the ReduceDataset after the last stage of each resource its pipeline takes
(not after the last RangeDataset), its control inputs by name.
"""

from __future__ import annotations

from typing import Any

import numpy as np

FUNCTIONS = ("counts", "nested", "zipped", "chained", "both", "cached")


def module(tf: Any) -> Any:
    i64 = tf.int64
    two = tf.constant(np.int64(2))

    def total(ds: Any) -> Any:
        return ds.reduce(tf.constant(0, i64), lambda s, x: s * 3 + x)

    class M(tf.Module):
        def __init__(self) -> None:
            super().__init__()
            self.v = tf.Variable(np.int64(3))
            self.w = tf.Variable(np.int64(4))

        @tf.function(input_signature=[])
        def counts(self) -> Any:
            return total(tf.data.Dataset.range(3).repeat(two).take(two + 3))

        @tf.function(input_signature=[])
        def nested(self) -> Any:
            return total(tf.data.Dataset.range(3).flat_map(
                lambda x: tf.data.Dataset.from_tensors(x).repeat(two)))

        @tf.function(input_signature=[])
        def zipped(self) -> Any:
            ds = tf.data.Dataset.range(3).map(lambda x: x + self.v)
            return total(tf.data.Dataset.zip((ds, tf.data.Dataset.range(3))).map(
                lambda a, b: a * 10 + b))

        @tf.function(input_signature=[])
        def chained(self) -> Any:
            return total(tf.data.Dataset.range(3).map(lambda x: x + self.v)
                         .map(lambda x: x * self.w).map(lambda x: x + self.v))

        @tf.function(input_signature=[])
        def both(self) -> Any:
            ds = tf.data.Dataset.range(3).map(lambda x: x + self.v)
            return ds.reduce(tf.constant(0, i64), lambda s, x: s * 3 + x + self.w)

        @tf.function(input_signature=[])
        def cached(self) -> Any:
            return total(tf.data.Dataset.range(3).cache().map(lambda x: x + self.v).cache())

    return M()


def run(tf: Any, m: Any) -> dict:
    """What the functions of `m` (the module or its loaded SavedModel) compute."""
    return {n: int(getattr(m, n)()) for n in FUNCTIONS}


def _args(fdef: Any) -> list:
    return [[a.name, a.type] for a in fdef.signature.input_arg]


def structure(saved_model: Any) -> dict:
    """Each function of a SavedModel proto (TF's or eagerflow's message class): its
    arguments, its dataset nodes ([name, op, inputs, control inputs too]) and the
    arguments of the library functions they name, and the kinds of the objects bound to
    its captured arguments."""
    meta = saved_model.meta_graphs[0]
    og = meta.object_graph_def
    fdefs = {f.signature.name: f for f in meta.graph_def.library.function}
    out = {}
    for name in FUNCTIONS:
        fname = next(k for k in og.concrete_functions
                     if k.startswith(f"__inference_{name}_") and k[len(name) + 13:].isdigit())
        fdef = fdefs[fname]
        nodes = [[nd.name, nd.op, list(nd.input),
                  {k: _args(fdefs[v.func.name]) for k, v in sorted(nd.attr.items())
                   if v.HasField("func")}]
                 for nd in fdef.node_def if "Dataset" in nd.op or "Cache" in nd.op]
        bound = [og.nodes[i].WhichOneof("kind")
                 for i in og.concrete_functions[fname].bound_inputs]
        out[name] = {"args": _args(fdef), "nodes": nodes, "bound": bound}
    return out
