"""Summary writers (tf.summary.create_file_writer) and the default-writer state.

Sits under summary_ops.py, over writer_ops.py. A file writer holds TF's writer resource:
its handle (`_resource`, eagerly an anonymous one, "_AnonymousVar<n>") names the
writer CreateSummaryFileWriter's work made, one event file (writer_ops.EventFile:
`events.out.tfevents.<secs>.<host>.<pid>.<n>.v2`), whose events are written when
`max_queue` are pending or `flush_millis` have passed, on flush(), on leaving
`as_default()`, on close(), when the writer is garbage collected, and at interpreter
exit. With `experimental_trackable` it is a TrackableResource a SavedModel keeps, as TF's.

The default writer, the default step and the recording condition are per thread,
as in TensorFlow. In a graph (TF 1's, or a function being traced) `init`, `flush` and
`close` give operations, as TF's writers do, that act when they run: FlushSummaryWriter,
and a flush then CloseSummaryWriter (the file is opened when the writer is made, so
`init` is a NoOp); a function's graph takes the writer by reference, its handle captured
as TF captures it.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import threading
import weakref
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE, restoring
from eagerflow._src.core.context import _state as _ctx
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.resource import RESOURCES, ResourceHandle, TrackableResource
from eagerflow._src.core.tensor import EagerTensor, convert_to_tensor
from eagerflow._src.ops.array import constant
from eagerflow._src.ops.control_deps import control_dependencies
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import raised_eagerly
from eagerflow._src.ops.variables import resource_tensor
from eagerflow._src.summary import writer_ops
from eagerflow._src.summary.writer_ops import CLOSE_WRITER, FLUSH_WRITER
from eagerflow._src.summary.writer_ops import frame_record as frame_record
from eagerflow._src.train import worker_files

_anonymous = itertools.count(0)


class _SummaryState(threading.local):
    def __init__(self) -> None:
        self.writer: Any = None
        self.step: Any = None
        self.is_recording: Any = None  # None: record whenever a writer is set


_state = _SummaryState()


def summary_state() -> _SummaryState:
    return _state


class SummaryWriter:
    """Interface of summary writers (tf.summary.SummaryWriter)."""

    _noop = False

    def set_as_default(self, step: Any = None) -> None:
        """Makes this the default writer for the current thread (and sets the step if given)."""
        _state.writer = self
        if step is not None:
            _state.step = step

    @contextlib.contextmanager
    def as_default(self, step: Any = None) -> Any:
        """Within the block, summaries go to this writer; it is flushed on leaving."""
        if getattr(self, "_closed", False):
            raise RuntimeError(f"SummaryWriter {self!r} is already closed")
        old_writer, old_step = _state.writer, _state.step

        def restore() -> None:
            _state.writer = old_writer
            if step is not None:
                _state.step = old_step

        with restoring(restore, lambda: _state.writer is self):
            _state.writer = self
            if step is not None:
                _state.step = step
            yield self
            self.flush()

    def init(self) -> Any:
        """Initializes the writer (file writers open their file when created); in a graph,
        the operation that does (a NoOp)."""
        if _ctx.graph is not None:
            return _ctx.graph.no_op()
        return None

    def flush(self) -> Any:
        """Writes pending events to disk; in a graph, the operation that does."""
        if _ctx.graph is not None:
            return self._writer_op(FLUSH_WRITER)
        self._flush()
        return None

    def close(self) -> Any:
        """Flushes and closes; later writes through this writer are dropped. In a graph,
        the operation that does."""
        if _ctx.graph is not None:  # (TF's writer flushes first)
            with control_dependencies([self._writer_op(FLUSH_WRITER)]):
                return self._writer_op(CLOSE_WRITER)
        self._close()
        return None

    def _flush(self) -> None:
        pass

    def _close(self) -> None:
        pass

    def _writer_op(self, op: Any) -> Any:
        return writer_ops.bind_on_writer(op, self, ())


def _release(handle: ResourceHandle, res: writer_ops.WriterResource) -> None:
    """A collected writer's file closed and its resource deleted, as TF deletes an
    anonymous resource with its last handle (unless a raw op closed it already)."""
    res.file.close()
    if handle.target is None and RESOURCES.lookup(handle.container, handle.name) is res:
        RESOURCES.delete(handle.container, handle.name)


class _ResourceSummaryWriter(SummaryWriter):
    """A writer of one event file in `logdir` (made by tf.summary.create_file_writer): a
    SummaryWriter resource, created as CreateSummaryFileWriter creates it; its `_resource`
    is the handle TF's writer holds, which the write ops of tf.summary take."""

    def __init__(self, logdir: str, max_queue: int, flush_millis: int, filename_suffix: str
                 ) -> None:
        self._logdir = logdir
        # A multi-worker job's non-chief writes to a private directory, removed on close.
        target, self._cleanup = worker_files.summary_logdir(logdir)
        self._closed = False
        self._init_op: Any = None
        graph = _ctx.graph
        if graph is not None and not getattr(graph, "building_function", True):
            self._build_in_graph(target, max_queue, flush_millis, filename_suffix)
            return
        # (an anonymous resource, as TF's eager one; inside tf.function too, which makes
        # it eagerly, in its init_scope)
        handle = ResourceHandle(f"_AnonymousVar{next(_anonymous)}", CPU_DEVICE, "localhost",
                                writer_ops.KIND)
        try:
            self._writer = writer_ops.create_file_writer(
                writer_ops.writer_handle(handle.name), target, max_queue, flush_millis,
                filename_suffix)
        except OpError as e:  # (TF runs the op eagerly, on the host: its error's words)
            raise raised_eagerly(e, "", host=True) from None
        self._resource = resource_tensor(handle, CPU_DEVICE)
        # (released with its handle tensor, as TF's eager resource: a function that
        # captured the handle keeps the writer open after the Python object is gone)
        self._finalizer = weakref.finalize(self._resource, _release, handle, self._writer)

    def _build_in_graph(self, logdir: str, max_queue: int, flush_millis: int,
                        suffix: str) -> None:
        """In TF 1's graph, TF's nodes: the settings' constants, the SummaryWriter node
        (its handle, named "" as TF's of no shared_name) and CreateSummaryFileWriter, the
        `init` op a Session runs to create the file."""
        with name_scope("create_file_writer"):
            args = (constant(logdir), constant(np.int32(max_queue)),
                    constant(np.int32(flush_millis)), constant(suffix))
            self._resource = bind(writer_ops.SUMMARY_WRITER, (), {})
            bind(writer_ops.CREATE_FILE_WRITER, (self._resource, *args), {})
            self._init_op = _ctx.graph.operations[-1]
        self._writer = None
        self._finalizer = None

    def init(self) -> Any:
        if self._init_op is not None and _ctx.graph is self._init_op.graph:
            return self._init_op
        return super().init()

    @property
    def _file(self) -> writer_ops.EventFile:
        return self._writer.file

    def write_event(self, event: Any) -> bool:
        if self._closed or self._writer is None or self._writer.closed:
            return False
        return self._writer.write(event)

    def _flush(self) -> None:
        if self._writer is not None:
            self._writer.file.flush()

    def _close(self) -> None:
        self._closed = True
        if self._finalizer is not None:
            self._finalizer()
        if self._cleanup is not None:
            self._cleanup()


class TrackableSummaryWriter(_ResourceSummaryWriter, TrackableResource):
    """A file writer a SavedModel keeps (create_file_writer's experimental_trackable): TF's
    resource object, whose `_create_resource` makes its SummaryWriter handle and whose
    `_initialize` runs CreateSummaryFileWriter with its settings (`_init_args`, the
    constants the saved function binds)."""

    def __init__(self, logdir: str, max_queue: int, flush_millis: int, filename_suffix: str
                 ) -> None:
        TrackableResource.__init__(self)
        _ResourceSummaryWriter.__init__(self, logdir, max_queue, flush_millis, filename_suffix)
        self._handle = self._resource
        self._init_args = (convert_to_tensor(logdir), convert_to_tensor(max_queue, dt.int32),
                           convert_to_tensor(flush_millis, dt.int32),
                           convert_to_tensor(filename_suffix))

    @property
    def _state(self) -> writer_ops.WriterResource:
        return self._writer


class _NoopSummaryWriter(SummaryWriter):
    """A writer that writes nothing (tf.summary.create_noop_writer): as TF's, it never
    becomes the default writer, and its init, flush and close do nothing (no operation)."""

    _noop = True

    def set_as_default(self, step: Any = None) -> None:
        pass

    @contextlib.contextmanager
    def as_default(self, step: Any = None) -> Any:
        yield

    def init(self) -> None:
        pass

    def flush(self) -> None:
        pass

    def close(self) -> None:
        pass

    def write_event(self, event: Any) -> bool:
        return False


def create_file_writer(logdir: Any, max_queue: int | None = None,
                       flush_millis: int | None = None, filename_suffix: str | None = None,
                       name: str | None = None, experimental_trackable: bool = False,
                       experimental_mesh: Any = None) -> SummaryWriter:
    """A summary writer for an event file in `logdir` (created now, with its directory)."""
    if logdir is None:
        raise ValueError("Argument `logdir` cannot be None")
    logdir = _logdir_text(logdir)
    max_queue = 10 if max_queue is None else int(max_queue)
    flush_millis = 120000 if flush_millis is None else int(flush_millis)
    if filename_suffix is None:
        filename_suffix = ".v2"
    cls = TrackableSummaryWriter if experimental_trackable else _ResourceSummaryWriter
    return cls(logdir, max_queue, flush_millis, str(filename_suffix))


def _logdir_text(logdir: Any) -> str:
    """`logdir` as TF's writer reads it: text (str, bytes, a string tensor); eagerly any
    other value is first converted to a string tensor, as TF converts it (a path object
    or a number is that conversion's error), which CreateSummaryFileWriter wants a
    scalar."""
    if isinstance(logdir, (str, bytes)):
        return os.fsdecode(logdir)
    if _ctx.graph is None and not isinstance(logdir, EagerTensor):
        logdir = convert_to_tensor(logdir, dt.string)
    if not hasattr(logdir, "numpy"):  # (TF 1's graph: its own constant, made later)
        return os.fspath(logdir)
    if logdir.shape.rank != 0:
        raise raised_eagerly(InvalidArgumentError(
            None, None, "logdir must be a scalar [Op:CreateSummaryFileWriter]"), "", host=True)
    return os.fsdecode(logdir.numpy())


def create_noop_writer() -> SummaryWriter:
    return _NoopSummaryWriter()


def flush(writer: Any = None, name: str | None = None) -> None:
    """Flushes `writer` (default: the default writer)."""
    writer = _state.writer if writer is None else writer
    if writer is not None:
        writer.flush()
