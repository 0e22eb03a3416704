"""`Dataset.snapshot(path, reader_func=...)` and `enumerate` inside tf.functions, run by
TensorFlow 2.21 (golden/make_snapshot_form.py) and by eagerflow (test_snapshot_form.py);
each function takes the `tf` module it runs under.

`module(tf, saved)` is a tf.Module of three tf.functions: `snap(path)` snapshots a mapped
range under the string tensor `path` (its reader_func an interleave of the shards'
datasets), `enumerated()` sums an enumerated range, `load()` reads back the dataset saved
under `saved` (`save(saved)`'s, `saved(tf, folder)`) through such a reader_func. TF writes
the snapshot as a RangeDataset counting from 0, rewritten ("replicate_on_split") and
zipped with the pipeline, a SnapshotDatasetV2 of that (its reader_func and shard_func
library functions), and a MapDataset dropping the index; the load as a LoadDataset of the
path (a constant) and its reader_func.
"""

from __future__ import annotations

import os
import tempfile
from typing import Any

# function -> the nodes whose inputs (control ones too) and functions are compared
NODES = {
    "snap": ("RangeDataset", "RangeDataset_1", "RewriteDataset", "ZipDataset",
             "SnapshotDatasetV2", "MapDataset", "ReduceDataset"),
    "enumerated": ("RangeDataset", "RangeDataset_1", "RewriteDataset", "ZipDataset",
                   "ReduceDataset"),
    "load": ("LoadDataset", "ReduceDataset"),
}


def saved(tf: Any, folder: str) -> str:
    """A dataset saved under `folder` (for `load`)."""
    path = os.path.join(folder, "saved")
    tf.data.Dataset.range(6).map(lambda x: x * 2).save(path)
    return path


def _interleaved(shards: Any) -> Any:
    return shards.interleave(lambda s: s, cycle_length=1)


def module(tf: Any, saved: str) -> Any:
    i64 = tf.int64

    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([], tf.string)])
        def snap(self, path: Any) -> Any:
            ds = tf.data.Dataset.range(6).map(lambda x: x * 3).snapshot(
                path, reader_func=_interleaved)
            return ds.reduce(tf.constant(0, i64), lambda s, x: s + x)

        @tf.function(input_signature=[])
        def enumerated(self) -> Any:
            ds = tf.data.Dataset.range(4, 9).enumerate()
            return ds.reduce(tf.constant(0, i64), lambda s, x: s * 5 + x[0] * x[1])

        @tf.function(input_signature=[])
        def load(self) -> Any:
            ds = tf.data.Dataset.load(saved, tf.TensorSpec([], i64), reader_func=_interleaved)
            return ds.reduce(tf.constant(0, i64), lambda s, x: s * 3 + x)

    return M()


def run(tf: Any, m: Any, loads: bool = True) -> dict:
    """What `m`'s functions (the module's or its loaded SavedModel's) compute: the
    snapshot's sum when it writes its files, then when it reads them back; `loads`: `load`
    too (its saved dataset is where it was)."""
    path = tf.constant(os.path.join(tempfile.mkdtemp(), "snap"))
    out = {"snap": [int(m.snap(path)), int(m.snap(path))], "enumerated": int(m.enumerated())}
    if loads:
        out["load"] = int(m.load())
    return out


def _args(fdef: Any) -> list:
    return [[a.name, a.type] for a in fdef.signature.input_arg]


def _body(fdef: Any) -> list:
    """A library function's nodes, [op, inputs], but the Identity nodes TF returns its
    results through (eagerflow returns them directly)."""
    return [[n.op, list(n.input)] for n in fdef.node_def if n.op != "Identity"]


def structure(saved_model: Any) -> dict:
    """What a SavedModel proto (TF's or eagerflow's message class) says of each function
    of NODES: its arguments, and per node compared its op, inputs (control inputs too)
    and, per func attr, the arguments and body of the library function it names."""
    meta = saved_model.meta_graphs[0]
    og = meta.object_graph_def
    fdefs = {f.signature.name: f for f in meta.graph_def.library.function}
    out = {}
    for name, names in NODES.items():
        fname = next(k for k in og.concrete_functions
                     if k.startswith(f"__inference_{name}_") and k[len(name) + 13:].isdigit())
        fdef = fdefs[fname]
        by_name = {n.name: n for n in fdef.node_def}
        nodes = {}
        for node in names:
            nd = by_name[node]
            nodes[node] = {"op": nd.op, "inputs": list(nd.input), "funcs": {
                k: {"args": _args(fdefs[v.func.name]), "body": _body(fdefs[v.func.name])}
                for k, v in sorted(nd.attr.items()) if v.HasField("func")}}
        out[name] = {"args": _args(fdef), "nodes": nodes}
    return out
