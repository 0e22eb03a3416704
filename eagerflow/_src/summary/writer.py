"""Summary writers, the default-writer state, and event files.

Sits under summary_ops.py. A file writer owns one event file named as
TensorFlow names them (`events.out.tfevents.<secs>.<host>.<pid>.<n>.v2`), whose
records are TFRecord-framed serialized `Event` protos: a little-endian uint64
length, its masked CRC32C, the bytes, their masked CRC32C. Events are queued and
written when `max_queue` are pending or `flush_millis` have passed, on flush(),
on leaving `as_default()`, on close(), when the writer is garbage collected, and
at interpreter exit.

The default writer, the default step and the recording condition are per thread,
as in TensorFlow. In a graph (TF 1's, or a function being traced) `init`, `flush` and
`close` give operations, as TF's writers do, that act when they run: FlushSummaryWriter
and CloseSummaryWriter (the file is opened when the writer is made, so `init` is a NoOp).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import socket
import struct
import threading
import time
import weakref
from typing import Any

from eagerflow._src.core.context import _state as _ctx
from eagerflow._src.core.context import restoring
from eagerflow._src.core.errors import invalid
from eagerflow._src.io import crc32c, gfile
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import OpDef, Sample, register
from eagerflow._src.summary import protos
from eagerflow._src.train import worker_files

_uid = itertools.count(0)
_anonymous = itertools.count(0)
_uid_lock = threading.Lock()


class _SummaryState(threading.local):
    def __init__(self) -> None:
        self.writer: Any = None
        self.step: Any = None
        self.is_recording: Any = None  # None: record whenever a writer is set


_state = _SummaryState()


def summary_state() -> _SummaryState:
    return _state


def frame_record(data: bytes) -> bytes:
    """One TFRecord: length, masked CRC of the length, data, masked CRC of the data."""
    header = struct.pack("<Q", len(data))
    return (header + struct.pack("<I", crc32c.masked_value(header)) + data +
            struct.pack("<I", crc32c.masked_value(data)))


class _EventFile:
    """The open event file and its queue; kept apart from the writer so a finalizer can flush."""

    def __init__(self, logdir: str, max_queue: int, flush_millis: int, suffix: str) -> None:
        if logdir:  # "" is the working directory, as in TF
            gfile.recursive_create_dir(logdir)
        with _uid_lock:
            n = next(_uid)
        name = (f"events.out.tfevents.{int(time.time()):010d}.{socket.gethostname()}."
                f"{os.getpid()}.{n}{suffix}")
        self.path = os.path.join(logdir, name)
        self.f: Any = open(self.path, "ab")
        self.queue: list = []
        self.max_queue = max_queue
        self.flush_secs = flush_millis / 1000.0
        self.last_flush = time.time()
        self.lock = threading.Lock()
        self.closed = False
        pb = protos.get()
        first = pb.Event(wall_time=float(int(time.time())), file_version="brain.Event:2")
        first.source_metadata.writer = "eagerflow.summary"
        self.add(first.SerializeToString())
        self.flush()

    def add(self, event_bytes: bytes) -> None:
        with self.lock:
            if self.closed:
                return
            self.queue.append(frame_record(event_bytes))
            if len(self.queue) >= self.max_queue or \
                    time.time() - self.last_flush >= self.flush_secs:
                self._flush_locked()

    def _flush_locked(self) -> None:
        if self.queue:
            self.f.write(b"".join(self.queue))
            self.queue.clear()
        self.f.flush()
        self.last_flush = time.time()

    def flush(self) -> None:
        with self.lock:
            if not self.closed:
                self._flush_locked()

    def close(self) -> None:
        with self.lock:
            if self.closed:
                return
            try:
                self._flush_locked()
            finally:
                self.closed = True
                self.f.close()


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
            return _writer_op(FLUSH_WRITER, self)
        self._flush()
        return None

    def close(self) -> Any:
        """Flushes and closes; later writes through this writer are dropped. In a graph,
        the operation that does."""
        if _ctx.graph is not None:
            return _writer_op(CLOSE_WRITER, self)
        self._close()
        return None

    def _flush(self) -> None:
        pass

    def _close(self) -> None:
        pass


class _ResourceSummaryWriter(SummaryWriter):
    """A writer of one event file in `logdir` (made by tf.summary.create_file_writer)."""

    def __init__(self, logdir: str, max_queue: int, flush_millis: int, filename_suffix: str
                 ) -> None:
        self._logdir = logdir
        # A multi-worker job's non-chief writes to a private directory, removed on close.
        target, self._cleanup = worker_files.summary_logdir(logdir)
        self._file = _EventFile(target, max_queue, flush_millis, filename_suffix)
        self._closed = False
        # (the name TF's error gives a closed writer's resource: a graph's op scope, or
        # eagerly an anonymous resource)
        self._resource_name = (_ctx.graph.unique_name("create_file_writer")
                               if _ctx.graph is not None and hasattr(_ctx.graph, "unique_name")
                               else f"_AnonymousVar{next(_anonymous)}")
        self._finalizer = weakref.finalize(self, self._file.close)

    def write_event(self, event: Any) -> bool:
        if self._closed or self._file.closed:
            return False
        self._file.add(event.SerializeToString())
        return True

    def _flush(self) -> None:
        self._file.flush()

    def _close(self) -> None:
        self._closed = True
        self._file.close()
        if self._cleanup is not None:
            self._cleanup()


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


def _writer_infer(writer: Any = None) -> list:
    if not isinstance(writer, SummaryWriter):
        raise invalid("FlushSummaryWriter", f"writer must be a summary writer, got "
                                            f"{type(writer).__name__}")
    return []


def _flush_kernel(xp: Any, writer: SummaryWriter) -> tuple:
    writer._flush()
    return ()


def _close_kernel(xp: Any, writer: SummaryWriter) -> tuple:
    writer._close()
    return ()


def _writer_op(op: OpDef, writer: SummaryWriter) -> Any:
    bind(op, (), {"writer": writer})
    return _ctx.graph.operations[-1]  # (the operation: what tf.control_dependencies takes)


def _noop_writer_sample() -> list:
    return [Sample((), {"writer": _NoopSummaryWriter()}, grad=False)]


# (file I/O: on the CPU, as TF's)
FLUSH_WRITER = register(OpDef(
    "FlushSummaryWriter", _writer_infer, _flush_kernel, reference=lambda writer: (),
    num_outputs=0, stateful=True, gpu=False, samples=_noop_writer_sample))
CLOSE_WRITER = register(OpDef(
    "CloseSummaryWriter", _writer_infer, _close_kernel, reference=lambda writer: (),
    num_outputs=0, stateful=True, gpu=False, samples=_noop_writer_sample))


def create_file_writer(logdir: Any, max_queue: int | None = None,
                       flush_millis: int | None = None, filename_suffix: str | None = None,
                       name: str | None = None, experimental_trackable: bool = False,
                       experimental_mesh: Any = None) -> SummaryWriter:
    """A summary writer for an event file in `logdir` (created now, with its directory)."""
    if logdir is None:
        raise ValueError("Argument `logdir` cannot be None")
    logdir = os.fspath(logdir.numpy().decode() if hasattr(logdir, "numpy") else logdir)
    max_queue = 10 if max_queue is None else int(max_queue)
    flush_millis = 120000 if flush_millis is None else int(flush_millis)
    if filename_suffix is None:
        filename_suffix = ".v2"
    return _ResourceSummaryWriter(logdir, max_queue, flush_millis, str(filename_suffix))


def create_noop_writer() -> SummaryWriter:
    return _NoopSummaryWriter()


def flush(writer: Any = None, name: str | None = None) -> None:
    """Flushes `writer` (default: the default writer)."""
    writer = _state.writer if writer is None else writer
    if writer is not None:
        writer.flush()
