"""tf.summary.trace_on / trace_off / trace_export and tf.summary.graph.

Sits on summary_ops.py. While a trace is on (one per process, as
in TensorFlow, whatever thread started it), every tf.function run eagerly hands its
ConcreteFunction to `note_graph` through the core's `graph_collection` hook, each
function once, whether it was traced now or before (TF 2.21 in practice records only
functions it instantiates during the trace; its documentation promises the graphs
executed, which is what this does). trace_export writes their
graphs to the default writer as TensorFlow does: one summary whose value is a
serialized RunMetadata (a FunctionGraphs entry per function, the GraphDef in
`pre_optimization_graph`: the function as TF instantiates it, `_Arg` and `_Retval`
nodes around its FunctionDef's) under the "graph_run_metadata_graph" plugin, which
TensorBoard's Graphs dashboard reads; tf.summary.graph writes a tf.Graph's
as_graph_def(add_shapes=True). Both GraphDefs are the ones graph/ir.py's Graph hands to
saved_model/graph_def.py to write (TF's op set, the SavedModel writers'). The GraphDef
classes come from the `tensorboard` package; without it the export logs a warning and
writes nothing.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from eagerflow._src.core import context
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.core.tf_logging import get_logger
from eagerflow._src.graph.ir import Graph
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.summary import profiler as profiler_mod
from eagerflow._src.summary import protos
from eagerflow._src.summary.summary_ops import _record_condition, _tag, write
from eagerflow._src.summary.writer import _state
from eagerflow._src.summary.writer_ops import WRITE_GRAPH

GRAPH_PLUGIN = "graph_run_metadata_graph"  # graphs only (trace_on(graph=True))
RUN_METADATA_PLUGIN = "graph_run_metadata"  # the whole RunMetadata (profiler or graph=False)


class _Trace:
    """The process-wide trace: None when off, else what was asked and what was collected."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.active: tuple | None = None  # (graph, profiler)
        self.graphs: list = []
        self.seen: set = set()


_trace = _Trace()


def _inside_function() -> bool:
    return context._state.graph is not None


def trace_on(graph: bool = True, profiler: bool = False, profiler_outdir: str | None = None
             ) -> None:
    """Starts recording the graphs of the tf.functions that run, and with `profiler` the
    profiler (tf.profiler.experimental.start(profiler_outdir)), which trace_export stops."""
    if _inside_function():
        get_logger().warning("Cannot enable trace inside a tf.function.")
        return
    with _trace.lock:
        if _trace.active is not None:
            get_logger().warning("Trace already enabled")
            return
        collect = bool(graph) and not profiler
        if profiler:
            if profiler_outdir is None:
                get_logger().warning("No `profiler_outdir` passed to trace_on(). Profiler won't be "
                                     "enabled.")
            else:
                collect = True
                profiler_mod.start(profiler_outdir)
        _trace.active = (bool(graph), bool(profiler))
        _trace.graphs, _trace.seen = [], set()
        context.graph_collection.sink = note_graph if collect else None


def trace_off() -> None:
    """Stops the current trace and discards what it collected (and the profiler it
    started: TF tries to stop it whether or not trace_export did, and warns if it can't)."""
    with _trace.lock:
        active, _trace.active = _trace.active, None
        _trace.graphs, _trace.seen = [], set()
        context.graph_collection.sink = None
    if active is not None and active[1]:
        try:
            profiler_mod.stop()
        except Exception as e:  # noqa: BLE001 - TF's warning, whatever the cause
            get_logger().warning("Error while stopping profiler: %s", e)


def tracing() -> bool:
    """Whether graphs are being collected now."""
    return context.graph_collection.sink is not None


def note_graph(graph: Any) -> None:
    """Keeps `graph` (a ConcreteFunction or anything with as_graph_def()) once per trace."""
    with _trace.lock:
        if context.graph_collection.sink is None or id(graph) in _trace.seen:
            return
        _trace.seen.add(id(graph))
        _trace.graphs.append(graph)


def _trace_graph_bytes(fn: Any) -> bytes | None:
    """Serialized GraphDef of a function run while tracing, as TF instantiates it (`_Arg`
    and `_Retval` nodes; graph/ir.py hands the writing to saved_model/graph_def.py); None
    for what is no traced function."""
    graph = getattr(fn, "graph", None)
    if not isinstance(graph, Graph):
        return None
    return graph._instantiated_graph_def().SerializeToString()


def _graph_bytes(graph_data: Any) -> bytes | None:
    """Serialized GraphDef of a tf.Graph (its as_graph_def(add_shapes=True), as TF's
    tf.summary.graph writes it) or a GraphDef message; None for anything else."""
    if isinstance(graph_data, Graph):
        return graph_data.as_graph_def(add_shapes=True).SerializeToString()
    desc = getattr(graph_data, "DESCRIPTOR", None)
    if getattr(desc, "full_name", "").rsplit(".", 1)[-1] == "GraphDef":
        return graph_data.SerializeToString()
    return None


def trace_export(name: str, step: Any = None, profiler_outdir: str | None = None) -> None:
    """Writes the graphs recorded since trace_on() to the default writer and ends the trace.

    Without a default writer (or while summaries are not recorded) nothing is written but
    the trace still ends; with a writer and no step, ValueError and the trace goes on.
    """
    if _inside_function():
        get_logger().warning("Cannot export trace inside a tf.function.")
        return
    with _trace.lock:
        if _trace.active is None:
            raise ValueError("Must enable trace before export through tf.summary.trace_on.")
        (graph, profiler), graphs = _trace.active, list(_trace.graphs)
    pb = protos.get()
    writer = _state.writer
    if writer is not None and not writer._noop and pb.RunMetadata is None:
        get_logger().warning("tf.summary.trace_export needs the tensorboard package to encode "
                             "graphs; nothing written")
    elif writer is not None and not writer._noop:
        run_metadata = pb.RunMetadata()
        for g in graphs:
            raw = _trace_graph_bytes(g)  # None: something we can't describe
            if raw is not None:
                run_metadata.function_graphs.add().pre_optimization_graph.ParseFromString(raw)
        plugin = GRAPH_PLUGIN if graph and not profiler else RUN_METADATA_PLUGIN
        meta = pb.SummaryMetadata()
        meta.plugin_data.plugin_name = plugin
        meta.plugin_data.content = b"1"
        # (TF's summary scope: the name scopes prefix the tag)
        write(_tag(name), run_metadata.SerializeToString(), step=step, metadata=meta)
    if profiler:
        if profiler_outdir:
            get_logger().warning("Ignoring `profiler_outdir` passed to trace_export(). Please pass "
                                 "it to trace_on() instead.")
        profiler_mod.stop()
    trace_off()


def graph(graph_data: Any) -> Any:
    """Writes a graph (a tf.Graph or a GraphDef) to the default writer."""
    if _inside_function():
        raise ValueError("graph() cannot be invoked inside a graph context.")
    writer = _state.writer
    if writer is None or writer._noop:
        return convert_to_tensor(False)
    if not bool(_record_condition()._arr):
        return convert_to_tensor(False)
    pb = protos.get()
    if pb.GraphDef is None and isinstance(graph_data, Graph):
        get_logger().warning("tf.summary.graph needs the tensorboard package to encode graphs; "
                             "nothing written")
        return convert_to_tensor(False)
    raw = _graph_bytes(graph_data)
    if raw is None:
        raise ValueError(f"Argument 'graph_data' is not tf.Graph or tf.compat.v1.GraphDef. "
                         f"Received graph_data={graph_data} of type "
                         f"{type(graph_data).__name__}.")
    # (TF's WriteGraphSummary at step 0, eagerly: the writer's resource op)
    bind(WRITE_GRAPH, (writer._resource, convert_to_tensor(np.int64(0)),
                       convert_to_tensor(raw)), {})
    return convert_to_tensor(True)
