"""tf.io.write_graph: a graph's definition to a file, as text or binary protobuf.

Train layer, beside the checkpoint files (written as they are: temporary file, fsync,
rename). A protobuf message (a GraphDef from TensorFlow's or TensorBoard's protos, or any
message) is written in protobuf's text format or as its bytes. An eagerflow graph
(tf.Graph, or its as_graph_def()) is written as text in eagerflow's own node listing;
eagerflow has no binary GraphDef of its graphs (SavedModels write TF's FunctionDefs).
"""

from __future__ import annotations

import os
from typing import Any

from eagerflow._src.graph.ir import Graph, GraphDef
from eagerflow._src.train.fileio import atomic_write


def write_graph(graph_or_graph_def: Any, logdir: Any, name: Any, as_text: bool = True) -> str:
    """Writes the graph to `logdir/name` (folders created); returns that path."""
    path = os.path.join(os.fsdecode(logdir), os.fsdecode(name))
    graph = graph_or_graph_def
    if isinstance(graph, Graph):
        graph = graph.as_graph_def()
    if isinstance(graph, GraphDef):
        if not as_text:
            raise NotImplementedError("eagerflow writes its own graphs as text only "
                                      "(as_text=True); a binary GraphDef needs TF's ops: save a "
                                      "SavedModel instead")
        data = str(graph).encode()
    elif hasattr(graph, "SerializeToString"):
        if as_text:
            from google.protobuf import text_format  # protobuf: loaded on use

            data = text_format.MessageToString(graph).encode()
        else:
            data = graph.SerializeToString()
    else:
        raise TypeError(f"write_graph takes a tf.Graph or a GraphDef, not "
                        f"{type(graph_or_graph_def).__name__}")
    atomic_write(path, data, "write_graph")
    return path
