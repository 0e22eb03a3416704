"""tf.io.write_graph: a graph's definition to a file, as text or binary protobuf.

Train layer, beside the checkpoint files (written as they are: temporary file, fsync,
rename). A tf.Graph is written as its as_graph_def(), TF's GraphDef message; a message
(a GraphDef, TF's or TensorBoard's, or any other) in protobuf's text format, or as its
bytes, serialized deterministically as TF writes them.
"""

from __future__ import annotations

import os
from typing import Any

from eagerflow._src.graph.ir import Graph
from eagerflow._src.io.fileio import atomic_write


def write_graph(graph_or_graph_def: Any, logdir: Any, name: Any, as_text: bool = True) -> str:
    """Writes the graph to `logdir/name` (folders created); returns that path."""
    path = os.path.join(os.fsdecode(logdir), os.fsdecode(name))
    graph = graph_or_graph_def
    if isinstance(graph, Graph):
        graph = graph.as_graph_def()
    if not hasattr(graph, "SerializeToString"):  # (TF's error: protobuf's, reading it)
        attr = "DESCRIPTOR" if as_text else "SerializeToString"
        raise AttributeError(f"'{type(graph).__name__}' object has no attribute '{attr}'")
    if as_text:
        from google.protobuf import text_format  # protobuf: loaded on use

        data = text_format.MessageToString(graph).encode()
    else:
        data = graph.SerializeToString(deterministic=True)
    atomic_write(path, data, "write_graph")
    return path
