"""tf.summary.trace_on / trace_off / trace_export and tf.summary.graph.

Sits on summary_ops.py. While tracing is on, graphs that tf.function traces are
collected (tracing announces each graph through `context.add_trace_listener`'s hook,
where the core provides one, or calls `note_graph(graph)`); the
export writes them to the default writer the way TensorFlow does, as a
RunMetadata of function graphs under the "graph_run_metadata_graph" plugin, which
TensorBoard's Graphs dashboard reads. A graph is converted with its
`as_graph_def()` when it has one.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import numpy as np

from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.summary import protos
from eagerflow._src.summary.summary_ops import _metadata, _record_condition, _step_tensor, _tag
from eagerflow._src.summary.writer import _state
from eagerflow._src.train.fileio import logger


class _Trace(threading.local):
    def __init__(self) -> None:
        self.on = False
        self.graph = False
        self.profiler = False
        self.graphs: list = []


_trace = _Trace()


def trace_on(graph: bool = True, profiler: bool = False, profiler_outdir: str | None = None
             ) -> None:
    """Starts collecting the graphs traced by tf.function (profiling is not available)."""
    if profiler:
        logger.warning("eagerflow has no profiler: trace_on(profiler=True) records graphs only")
    _trace.on = True
    _trace.graph = bool(graph)
    _trace.profiler = bool(profiler)
    _trace.graphs = []


def trace_off() -> None:
    """Stops collecting and forgets what was collected."""
    _trace.on = False
    _trace.graphs = []


def tracing() -> bool:
    return _trace.on and _trace.graph


def note_graph(graph: Any) -> None:
    """Called by tf.function after it traces `graph`; kept while tracing is on."""
    if tracing():
        _trace.graphs.append(graph)


def _graph_def_bytes(graph: Any) -> bytes | None:
    """Serialized GraphDef of a graph (its as_graph_def(): a proto, bytes, or a look-alike)."""
    fn = getattr(graph, "as_graph_def", None)
    gd = fn() if fn is not None else graph
    if isinstance(gd, bytes):
        return gd
    if hasattr(gd, "SerializeToString"):
        return gd.SerializeToString()
    nodes = getattr(gd, "node", None)
    pb = protos.get()
    if nodes is None or pb.GraphDef is None:
        return None
    out = pb.GraphDef()  # a plain-Python GraphDef: nodes, their ops and inputs
    for n in nodes:
        out.node.add(name=str(n.name), op=str(n.op), input=[str(i) for i in n.input])
    return out.SerializeToString()


def _register() -> None:
    """Hears about traced graphs where the tracing side announces them (core context hook)."""
    from eagerflow._src.core import context

    add = getattr(context, "add_trace_listener", None)
    if add is not None:
        add(note_graph)


_register()


def trace_export(name: str, step: Any = None, profiler_outdir: str | None = None) -> None:
    """Writes the graphs collected since trace_on() to the default writer, then stops tracing."""
    if not _trace.on:
        raise ValueError("Must enable trace before export through tf.summary.trace_on.")
    try:
        writer = _state.writer
        if writer is None or writer._noop or not bool(_record_condition()._arr):
            return
        pb = protos.get()
        if pb.RunMetadata is None:
            logger.warning("tf.summary.trace_export needs the tensorboard package to encode "
                           "graphs; nothing written")
            return
        run_metadata = pb.RunMetadata()
        for g in _trace.graphs:
            raw = _graph_def_bytes(g)  # None: a graph we can't describe
            if raw is not None:
                run_metadata.function_graphs.add().pre_optimization_graph.ParseFromString(raw)
        step_t = _step_tensor(step)
        event = pb.Event(wall_time=time.time(), step=int(step_t._arr))
        value = event.summary.value.add(tag=_tag(name))
        value.metadata.ParseFromString(_metadata("graph_run_metadata_graph", None, b"1"))
        value.tensor.dtype = 7  # DT_STRING, scalar
        value.tensor.string_val.append(run_metadata.SerializeToString())
        writer.write_event(event)
    finally:
        trace_off()


def graph(graph_data: Any) -> Any:
    """Writes a graph (a GraphDef or an object with as_graph_def()) to the default writer."""
    writer = _state.writer
    if writer is None or writer._noop:
        return convert_to_tensor(False)
    if not bool(_record_condition()._arr):
        return convert_to_tensor(False)
    raw = _graph_def_bytes(graph_data)
    if raw is None:
        raise ValueError(f"Argument 'graph_data' is not tf.Graph or tf.compat.v1.GraphDef. "
                         f"Received graph_data={graph_data} of type "
                         f"{type(graph_data).__name__}.")
    event = protos.get().Event(wall_time=time.time(), graph_def=raw)
    return convert_to_tensor(np.asarray(writer.write_event(event)))
