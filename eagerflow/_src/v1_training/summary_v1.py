"""tf.compat.v1.summary: TF 1's summary ops, FileWriter and FileWriterCache.

Sits in v1_training/, over summary/v1_ops.py (the ops), summary/protos.py (TensorBoard's
Event and Summary messages) and saved_model/meta_graph.py (the MetaGraphDef a FileWriter
writes beside the graph). `scalar`/`histogram`/`text`/`tensor_summary` build an op that
returns a serialized Summary and add it to the SUMMARIES collection; `merge_all` merges a
collection into one MergeSummary op; a Session runs it and `FileWriter.add_summary` writes
the result. A FileWriter's event file is named as TF's C++ writer names it
(`events.out.tfevents.<secs>.<host><suffix>`), its records TFRecord-framed Events that
TensorBoard and tf.compat.v1.train.summary_iterator read.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import threading
import time
import warnings
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import errors as tf_errors
from eagerflow._src.core import tf_logging
from eagerflow._src.core.context import _state
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.distribute.strategy import get_replica_context
from eagerflow._src.function.compat_v1 import get_default_graph
from eagerflow._src.function.graph_variables import GraphKeys
from eagerflow._src.graph.ir import Graph
from eagerflow._src.graph.symbolic_tensor import get_default_session
from eagerflow._src.io import gfile
from eagerflow._src.ops.array import constant, expand_dims
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.saved_model import meta_graph
from eagerflow._src.saved_model.function_export import ExportError
from eagerflow._src.saved_model.protos import pb as _saved_pb
from eagerflow._src.summary import media_ops, protos, summary_ops
from eagerflow._src.summary import v1_ops as ops
from eagerflow._src.summary import writer as v2_writer
from eagerflow._src.v1.optimizer import get_global_step

_INVALID_TAG = re.compile(r"[^-/\w\.]")


def _tb() -> Any:
    """TensorBoard's message modules (the summary extra), for the classes TF exports."""
    from tensorboard.compat.proto import event_pb2, summary_pb2  # optional: the summary extra
    return event_pb2, summary_pb2


def __getattr__(name: str) -> Any:
    if name in ("Event", "SessionLog", "TaggedRunMetadata"):
        return getattr(_tb()[0], name)
    if name in ("Summary", "SummaryDescription"):
        return getattr(_tb()[1], name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# -- the summary ops -------------------------------------------------------------------------
def clean_tag(name: Any) -> Any:
    """`name` with the characters TensorBoard's tags cannot hold made "_" and leading
    slashes dropped (TF logs the change)."""
    if name is not None:
        new = _INVALID_TAG.sub("_", name).lstrip("/")
        if new != name:
            tf_logging.get_logger().info(f"Summary name {name} is illegal; using {new} "
                                         f"instead.")
            name = new
    return name


@contextlib.contextmanager
def summary_scope(name: Any, family: Any = None, default_name: Any = None) -> Any:
    """(tag, scope) of a summary op: a name scope named after `name` (under `family`)."""
    name, family = clean_tag(name), clean_tag(family)
    base = name if family is None else f"{family}/{name}"
    with name_scope(base or default_name) as scope:
        scope = scope or ""
        tag = scope.rstrip("/") if family is None else f"{family}/{scope.rstrip('/')}"
        yield tag, scope


def _collect(val: Any, collections: Any, default: list) -> None:
    if _state.graph is None:  # (collections are a graph's: eagerly there are none)
        return
    g = get_default_graph()
    for key in (default if collections is None else collections):
        g.add_to_collection(key, val)


def _skip() -> bool:
    """Whether summaries are skipped: in a replica other than the first, as TF's
    distribute summary_op_util decides."""
    ctx = get_replica_context()
    rid = getattr(ctx, "replica_id_in_sync_group", 0) if ctx is not None else 0
    return isinstance(rid, (int, np.integer)) and int(rid) != 0


def _v2_step() -> Any:
    step = summary_ops.get_step()
    if step is not None:
        return step
    return get_global_step()


def _invoke_v2() -> bool:
    """Whether a TF 1 summary call writes through TF 2's default writer instead (eagerly,
    with a default writer and a step), warning as TF when half of that is missing."""
    g = _state.graph
    while g is not None and g.building_function:
        g = g.parent
    if g is not None:
        return False
    if v2_writer.summary_state().writer is None:
        warnings.warn("Cannot activate TF2 compatibility support for TF1 summary ops: default "
                      "summary writer not found.", stacklevel=3)
        return False
    if _v2_step() is None:
        warnings.warn("Cannot activate TF2 compatibility support for TF1 summary ops: global "
                      "step not set. To set step for summary writer, use "
                      "`tf.summary.SummaryWriter.as_default(step=_)`, "
                      "`tf.summary.experimental.set_step()` or "
                      "`tf.compat.v1.train.create_global_step()`.", stacklevel=3)
        return False
    return True


@contextlib.contextmanager
def _compat_scope(name: Any, family: Any) -> Any:
    with summary_scope(name, family) as (tag, _), name_scope(""):
        # (TF's: the TF 2 op runs at the root scope, so its tag is this one as it is)
        yield tag


def scalar(name: Any, tensor: Any, collections: Any = None, family: Any = None) -> Any:
    """A ScalarSummary of the scalar `tensor` named `name` (a string tensor)."""
    if _skip():
        return constant("")
    if _invoke_v2():
        with _compat_scope(name, family) as tag:
            summary_ops.scalar(tag, tensor, step=_v2_step())
        return constant(b"")
    with summary_scope(name, family) as (tag, scope):
        val = bind(ops.SCALAR_SUMMARY, (constant(tag), convert_to_tensor(tensor)), {},
                   scope or None)
        _collect(val, collections, [GraphKeys.SUMMARIES])
    return val


def histogram(name: Any, values: Any, collections: Any = None, family: Any = None) -> Any:
    """A HistogramSummary of `values` (TF's legacy histogram buckets)."""
    if _skip():
        return constant("")
    if _invoke_v2():
        with _compat_scope(name, family) as tag:
            summary_ops.histogram(tag, values, step=_v2_step())
        return constant(b"")
    with summary_scope(name, family, default_name="HistogramSummary") as (tag, scope):
        val = bind(ops.HISTOGRAM_SUMMARY, (constant(tag), convert_to_tensor(values)), {},
                   scope or None)
        _collect(val, collections, [GraphKeys.SUMMARIES])
    return val


def _image_input(tensor: Any) -> Any:
    """TF's conversion for ImageSummary's `tensor`: a tensor as it is (the op refuses other
    types), another value in its own type if the op takes it, else as float32 (the op's
    default type)."""
    if isinstance(tensor, Tensor):
        return tensor
    arr = np.asarray(tensor)
    if arr.dtype in (np.uint8, np.float16, np.float32, np.float64):
        return convert_to_tensor(arr)
    return convert_to_tensor(arr.astype(np.float32) if arr.dtype != object else tensor,
                             dtype=dt.float32)


def _min_one(op: str, attr: str, value: Any) -> int:
    if int(value) < 1:
        raise ValueError(f"Attr '{attr}' of '{op}' Op passed {int(value)} less than minimum 1.")
    return int(value)


def image(name: Any, tensor: Any, max_outputs: int = 3, collections: Any = None,
          family: Any = None) -> Any:
    """An ImageSummary of the first `max_outputs` images of the 4-D `tensor` (PNG; float
    images scaled into uint8 as TF scales them)."""
    if _skip():
        return constant("")
    if _invoke_v2():
        with _compat_scope(name, family) as tag:
            summary_ops.image(tag, tensor, max_outputs=max_outputs, step=_v2_step())
        return constant(b"")
    with summary_scope(name, family) as (tag, scope):
        if _state.graph is None:
            # TF 2.21 cannot pass the op's tensor-valued `bad_color` attr eagerly
            raise tf_errors.UnimplementedError(
                None, None, "Attr bad_color has unhandled type 6 [Op:ImageSummary]")
        val = bind(media_ops.IMAGE_SUMMARY, (constant(tag), _image_input(tensor)),
                   {"max_images": _min_one("ImageSummary", "max_images", max_outputs),
                    "bad_color": media_ops.BAD_COLOR}, scope or None)
        _collect(val, collections, [GraphKeys.SUMMARIES])
    return val


def audio(name: Any, tensor: Any, sample_rate: Any, max_outputs: int = 3,
          collections: Any = None, family: Any = None) -> Any:
    """An AudioSummaryV2 of the first `max_outputs` clips of `tensor` ([batch, frames] or
    [batch, frames, channels] floats in [-1, 1]) as 16-bit WAV at `sample_rate` Hz."""
    if _skip():
        return constant("")
    if _invoke_v2():
        tensor = convert_to_tensor(tensor, dtype=dt.float32)
        if tensor.shape.rank == 2:  # (TF 2's audio takes [k, t, channels])
            tensor = expand_dims(tensor, 2)
        with _compat_scope(name, family) as tag:
            summary_ops.audio(tag, tensor, sample_rate=sample_rate, max_outputs=max_outputs,
                              step=_v2_step())
        return constant(b"")
    with summary_scope(name, family) as (tag, scope):
        rate = convert_to_tensor(sample_rate, dtype=dt.float32)
        data = tensor if isinstance(tensor, Tensor) else convert_to_tensor(
            np.asarray(tensor).astype(np.float32), dtype=dt.float32)
        val = bind(media_ops.AUDIO_SUMMARY, (constant(tag), data, rate),
                   {"max_outputs": _min_one("AudioSummaryV2", "max_outputs", max_outputs)},
                   scope or None)
        _collect(val, collections, [GraphKeys.SUMMARIES])
    return val


def tensor_summary(name: Any, tensor: Any, summary_description: Any = None,
                   collections: Any = None, summary_metadata: Any = None, family: Any = None,
                   display_name: Any = None) -> Any:
    """A TensorSummaryV2 of `tensor` with its SummaryMetadata."""
    pb = protos.get()
    if summary_metadata is None:
        summary_metadata = pb.SummaryMetadata()
    if summary_description is not None:
        summary_metadata.summary_description = summary_description
    if display_name is not None:
        summary_metadata.display_name = display_name
    serialized = summary_metadata.SerializeToString()
    if _skip():
        return constant("")
    with summary_scope(name, family) as (tag, scope):
        val = bind(ops.TENSOR_SUMMARY,
                   (constant(tag), convert_to_tensor(tensor), constant(serialized)), {},
                   scope or None)
        _collect(val, collections, [GraphKeys.SUMMARIES])
    return val


def text(name: Any, tensor: Any, collections: Any = None) -> Any:
    """A text summary: `tensor` (strings) as a tensor summary of TensorBoard's text plugin."""
    if tensor.dtype != dt.string:
        raise ValueError(f"Expected tensor {tensor.name} to have dtype string, got "
                         f"{tensor.dtype}")
    if _invoke_v2():
        if _skip():
            return constant("")
        summary_ops.text(name, tensor, step=_v2_step())
        return constant(b"")
    pb = protos.get()
    meta = pb.SummaryMetadata()
    meta.plugin_data.plugin_name = "text"
    return tensor_summary(name, tensor, summary_metadata=meta, collections=collections)


def merge(inputs: Any, collections: Any = None, name: Any = None) -> Any:
    """One MergeSummary of the serialized summaries `inputs`."""
    if _state.graph is None:
        raise RuntimeError("Merging tf.summary.* ops is not compatible with eager execution. "
                           "Use tf.contrib.summary instead.")
    if _skip():
        return constant("")
    name = clean_tag(name)
    with name_scope(name or "Merge"):
        val = bind(ops.MERGE_SUMMARY, tuple(convert_to_tensor(x) for x in inputs), {}, name)
        _collect(val, collections, [])
    return val


def merge_all(key: str = GraphKeys.SUMMARIES, scope: Any = None, name: Any = None) -> Any:
    """A MergeSummary of every summary in collection `key` (None when it is empty)."""
    if _state.graph is None:
        raise RuntimeError("Merging tf.summary.* ops is not compatible with eager execution. "
                           "Use tf.contrib.summary instead.")
    summary_ops_ = get_default_graph().get_collection(key, scope=scope)
    if not summary_ops_:
        return None
    return merge(summary_ops_, name=name)


def get_summary_description(node_def: Any) -> Any:
    """The SummaryDescription a TensorSummary node's `description` attr holds (JSON)."""
    if node_def.op != "TensorSummary":
        raise ValueError(f"Can't get_summary_description on {node_def.op}")
    from google.protobuf import json_format  # optional: protobuf, loaded with the summaries
    desc = _tb()[1].SummaryDescription()
    json_format.Parse(node_def.attr["description"].s.decode(), desc)
    return desc


def all_v2_summary_ops() -> Any:
    """The TF 2 summary ops of the graph (None eagerly)."""
    if _state.graph is None:
        return None
    return get_default_graph().get_collection("_SUMMARY_V2")


def initialize(graph: Any = None, session: Any = None) -> None:
    """TF 1's initializer of the default TF 2 writer in a graph: eagerflow's writers open
    their files when made, so nothing is left to run (eagerly TF does nothing either)."""
    if _state.graph is None:
        return
    if v2_writer.summary_state().writer is None:
        raise RuntimeError("No default tf.contrib.summary.SummaryWriter found")
    if session is None and get_default_session() is None:
        raise ValueError("Argument `session must be passed if no default session exists")


# -- FileWriter ------------------------------------------------------------------------------
class _EventsFile:
    """One event file, as TF's C++ EventsWriter writes it: made (truncated) with its
    file_version event at once; records queued and flushed after `max_queue` of them,
    `flush_secs` seconds, flush() and close()."""

    def __init__(self, logdir: str, max_queue: int, flush_secs: float, suffix: Any) -> None:
        self.logdir = logdir
        gfile.recursive_create_dir(logdir)
        now = time.time()
        name = f"events.out.tfevents.{int(now):010d}.{socket.gethostname()}{suffix or ''}"
        self.path = os.path.join(logdir, name)
        self.f: Any = open(self.path, "wb")  # noqa: SIM115 (held open while the writer is)
        self.max_queue = max(int(max_queue), 1)
        self.flush_secs = float(flush_secs)
        self.queue: list = []
        self.next_flush = 0.0
        self.lock = threading.Lock()
        self.closed = False
        first = protos.get().Event(wall_time=now, file_version="brain.Event:2")
        first.source_metadata.writer = "eagerflow.summary"
        self.f.write(v2_writer.frame_record(first.SerializeToString()))
        self.f.flush()

    def add(self, event: Any) -> None:
        with self.lock:
            if self.closed:
                return
            self.queue.append(v2_writer.frame_record(event.SerializeToString()))
            now = time.time()
            if len(self.queue) >= self.max_queue or now > self.next_flush:
                self._flush()
                self.next_flush = now + self.flush_secs

    def _flush(self) -> None:
        if self.queue:
            self.f.write(b"".join(self.queue))
            self.queue.clear()
        self.f.flush()
        os.fsync(self.f.fileno())

    def flush(self) -> None:
        with self.lock:
            if not self.closed:
                self._flush()

    def close(self) -> None:
        with self.lock:
            if not self.closed:
                self._flush()
                self.closed = True

    def reopen(self) -> None:
        with self.lock:
            self.closed = False


class FileWriter:
    """`tf.compat.v1.summary.FileWriter`: writes Summary protos, graphs, meta graphs and
    session logs to an event file in `logdir` (graph mode only, as TF's)."""

    def __init__(self, logdir: Any, graph: Any = None, max_queue: int = 10,
                 flush_secs: float = 120, graph_def: Any = None, filename_suffix: Any = None,
                 session: Any = None) -> None:
        if _state.graph is None:
            raise RuntimeError("v1.summary.FileWriter is not compatible with eager execution. "
                               "Use `tf.summary.create_file_writer`,or a `with "
                               "v1.Graph().as_default():` context")
        self.event_writer = _EventsFile(str(os.fspath(logdir)), max_queue, flush_secs,
                                        filename_suffix)
        self._closed = False
        self._session_run_tags: dict = {}
        self._seen_summary_tags: set = set()
        if graph is not None or graph_def is not None:
            self.add_graph(graph=graph, graph_def=graph_def)
            meta = self._meta_graph(graph if isinstance(graph, Graph) else None,
                                    graph_def or graph)
            if meta is not None:
                self.add_meta_graph(meta)

    @staticmethod
    def _meta_graph(graph: Graph | None, graph_def: Any) -> Any:
        if graph is not None:
            try:
                return meta_graph.meta_graph_def(graph)[0]
            except ExportError:  # (an op TF's graphs can't express: the GraphDef alone)
                return None
        meta = _saved_pb().MetaGraphDef()
        meta.graph_def.CopyFrom(graph_def)
        return meta

    def __enter__(self) -> FileWriter:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def get_logdir(self) -> str:
        return self.event_writer.logdir

    def _warn_if_closed(self) -> None:
        if self._closed:
            warnings.warn("Attempting to use a closed FileWriter. The operation will be a noop "
                          "unless the FileWriter is explicitly reopened.", stacklevel=3)

    def _add_event(self, event: Any, step: Any) -> None:
        self._warn_if_closed()
        event.wall_time = time.time()
        if step is not None:
            event.step = int(np.asarray(step))
        self.event_writer.add(event)

    def add_summary(self, summary: Any, global_step: Any = None) -> None:
        """Writes `summary` (a Summary or its serialized bytes) at `global_step`; a tag's
        plugin metadata only the first time it is written."""
        pb = protos.get()
        if isinstance(summary, (bytes, np.bytes_)):
            parsed = pb.Summary()
            parsed.ParseFromString(bytes(summary))
            summary = parsed
        for value in summary.value:
            if not value.HasField("metadata"):
                continue
            if value.tag in self._seen_summary_tags:
                value.ClearField("metadata")
                continue
            self._seen_summary_tags.add(value.tag)
        event = pb.Event()
        event.summary.CopyFrom(summary)
        self._add_event(event, global_step)

    def add_session_log(self, session_log: Any, global_step: Any = None) -> None:
        event = _tb()[0].Event()
        event.session_log.CopyFrom(session_log)
        self._add_event(event, global_step)

    def add_graph(self, graph: Any, global_step: Any = None, graph_def: Any = None) -> None:
        """Writes the GraphDef of `graph` (a Graph, or the deprecated GraphDef)."""
        if graph is not None and graph_def is not None:
            raise ValueError("Please pass only graph, or graph_def (deprecated), but not both.")
        if isinstance(graph, Graph) or isinstance(graph_def, Graph):
            g = graph if isinstance(graph, Graph) else graph_def
            true_graph_def = g.as_graph_def(add_shapes=True)
        elif _is_graph_def(graph) or _is_graph_def(graph_def):
            tf_logging.get_logger().warning(
                "Passing a `GraphDef` to the SummaryWriter is deprecated. Pass a `Graph` "
                "object instead, such as `sess.graph`.")
            true_graph_def = graph if _is_graph_def(graph) else graph_def
        else:
            raise TypeError("The passed graph must be an instance of `Graph` or the "
                            "deprecated `GraphDef`")
        event = protos.get().Event(graph_def=true_graph_def.SerializeToString())
        self._add_event(event, global_step)

    def add_meta_graph(self, meta_graph_def: Any, global_step: Any = None) -> None:
        if not isinstance(meta_graph_def, _saved_pb().MetaGraphDef):
            raise TypeError(f"meta_graph_def must be type MetaGraphDef, saw type: "
                            f"{type(meta_graph_def)}")
        event = _tb()[0].Event(meta_graph_def=meta_graph_def.SerializeToString())
        self._add_event(event, global_step)

    def add_run_metadata(self, run_metadata: Any, tag: str, global_step: Any = None) -> None:
        if tag in self._session_run_tags:
            raise ValueError("The provided tag was already used for this event type")
        self._session_run_tags[tag] = True
        event = _tb()[0].Event()
        event.tagged_run_metadata.tag = tag
        event.tagged_run_metadata.run_metadata = run_metadata.SerializeToString()
        self._add_event(event, global_step)

    def add_event(self, event: Any) -> None:
        """Writes `event` as it is (its wall time and step included)."""
        self._warn_if_closed()
        self.event_writer.add(event)

    def flush(self) -> None:
        self._warn_if_closed()
        self.event_writer.flush()

    def close(self) -> None:
        self.event_writer.close()
        self._closed = True

    def reopen(self) -> None:
        self.event_writer.reopen()
        self._closed = False


def _is_graph_def(x: Any) -> bool:
    return x is not None and type(x).__name__ == "GraphDef" and hasattr(x, "node")


class FileWriterCache:
    """One FileWriter per log directory, shared by the hooks that write there."""

    _cache: dict = {}
    _lock = threading.RLock()

    @staticmethod
    def clear() -> None:
        with FileWriterCache._lock:
            for item in FileWriterCache._cache.values():
                item.close()
            FileWriterCache._cache = {}

    @staticmethod
    def get(logdir: Any) -> FileWriter:
        with FileWriterCache._lock:
            if logdir not in FileWriterCache._cache:
                FileWriterCache._cache[logdir] = FileWriter(logdir, graph=get_default_graph())
            return FileWriterCache._cache[logdir]
