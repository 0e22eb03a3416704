"""TF 2's summary-writer ops: the writer resource, the ops that make, flush and close it,
and the ops that write events through it.

Sits at the bottom of summary/, over v1_ops.py and media_ops.py (whose Summary protos the
typed writes reuse); writer.py's file writers and summary_ops.py's tf.summary functions
bind these ops. A writer is a resource of TF's kind "tensorflow::SummaryWriterInterface":
SummaryWriter makes only its handle (named by shared_name, eagerly "" without one);
CreateSummaryFileWriter makes the writer it names in core/resource.py's RESOURCES, an
event file (kept if the name already holds one, as TF's LookupOrCreate), and until then
every op on the handle fails with TF's NotFoundError. CloseSummaryWriter flushes and
closes the file and deletes the resource, so later ops on the handle fail the same way.

The file is TF's event file (`events.out.tfevents.<secs>.<host>.<pid>.<n><suffix>`),
TFRecord-framed serialized `Event` protos: a little-endian uint64 length, its masked
CRC32C, the bytes, their masked CRC32C. Events are queued and written when `max_queue`
are pending or `flush_millis` have passed, on flush, on close, when the writer is garbage
collected, and at interpreter exit.

WriteSummary writes a tensor with its plugin metadata (what tf.summary's functions
write); WriteScalarSummary, WriteHistogramSummary, WriteImageSummary and
WriteAudioSummary write TF 1's typed values (simple_value, histo, image, audio: the
Summary ScalarSummary, HistogramSummary, ImageSummary and AudioSummaryV2 make);
WriteRawProtoSummary writes serialized Summary protos, WriteGraphSummary a GraphDef and
ImportEvent whole serialized Events. CreateSummaryDbWriter's SQLite writer is not
implemented (UnimplementedError).
"""

from __future__ import annotations

import atexit
import itertools
import os
import shutil
import socket
import struct
import tempfile
import threading
import time
import weakref
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.context import _state as _ctx
from eagerflow._src.core.errors import (
    DataLossError,
    FailedPreconditionError,
    InvalidArgumentError,
    NotFoundError,
    UnimplementedError,
)
from eagerflow._src.core.resource import RESOURCES, HeldResource, ResourceHandle, wrong_type
from eagerflow._src.io import crc32c, gfile
from eagerflow._src.io.file_errors import local_path, os_error
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.ops.variables import resource_tensor
from eagerflow._src.summary import encoders, media_ops, protos, v1_ops

KIND = "tensorflow::SummaryWriterInterface"
_MANGLED = "N10tensorflow22SummaryWriterInterfaceE"  # (TF's typeid name in its messages)

_uid = itertools.count(0)
_uid_lock = threading.Lock()


def frame_record(data: bytes) -> bytes:
    """One TFRecord: length, masked CRC of the length, data, masked CRC of the data."""
    header = struct.pack("<Q", len(data))
    return (header + struct.pack("<I", crc32c.masked_value(header)) + data +
            struct.pack("<I", crc32c.masked_value(data)))


class EventFile:
    """An open event file and its queue of framed events."""

    def __init__(self, logdir: str, max_queue: int, flush_millis: int, suffix: str) -> None:
        op = "CreateSummaryFileWriter"
        if logdir:  # "" is the working directory, as in TF
            if os.path.exists(logdir) and not os.path.isdir(logdir):
                # (TF makes no folder that exists, then asks whether it is one)
                raise FailedPreconditionError(None, None, f"Not a directory [Op:{op}]")
            gfile.recursive_create_dir(logdir, op)
        with _uid_lock:
            n = next(_uid)
        name = (f"events.out.tfevents.{int(time.time()):010d}.{socket.gethostname()}."
                f"{os.getpid()}.{n}{suffix}")
        self.path = os.path.join(logdir, name)
        try:
            self.f: Any = open(self.path, "ab")
        except OSError as e:
            raise os_error(e, self.path, op) from None
        self.queue: list = []
        self.max_queue = max_queue
        self.flush_secs = flush_millis / 1000.0
        self.last_flush = time.time()
        self.lock = threading.Lock()
        self.closed = False
        _OPEN.add(self)
        pb = protos.get()
        first = pb.Event(wall_time=float(int(time.time())), file_version="brain.Event:2")
        first.source_metadata.writer = "eagerflow.summary"
        self.add(first.SerializeToString())
        self.flush()

    def add(self, event_bytes: bytes) -> bool:
        with self.lock:
            if self.closed:
                return False
            self.queue.append(frame_record(event_bytes))
            if len(self.queue) >= self.max_queue or \
                    time.time() - self.last_flush >= self.flush_secs:
                self._flush_locked()
            return True

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


# The event files open, flushed and closed at exit (those no writer object finalizes: a
# raw op's or a TF 1 graph's writer)
_OPEN: weakref.WeakSet = weakref.WeakSet()


@atexit.register
def _close_open_files() -> None:
    for f in list(_OPEN):
        f.close()


class WriterResource(HeldResource):
    """What a summary writer's handle names: its event file."""

    handle_arg = "writer"

    def __init__(self, file: EventFile | None, name: str = "") -> None:
        self.file = file  # (None: a SavedModel's writer, until its `_initialize` creates it)
        self.name = name  # (what TF's errors name it by)

    @property
    def closed(self) -> bool:
        return self.file is None or self.file.closed

    def write(self, event: Any) -> bool:
        return self.file.add(event.SerializeToString())


def writer_handle(name: str, container: str = "localhost") -> np.ndarray:
    """The kernel value of a writer's handle (a 0-d object array)."""
    arr = np.empty((), dtype=object)
    arr[()] = ResourceHandle(name, CPU_DEVICE, container or "localhost", KIND)
    return arr


def handle_of(res: WriterResource) -> Any:
    """A handle tensor carrying `res` itself (a writer known by its object alone)."""
    return resource_tensor(ResourceHandle(res.name, CPU_DEVICE, "localhost", KIND, (), res),
                           CPU_DEVICE)


def _held(h: Any) -> ResourceHandle | None:
    v = h[()] if isinstance(h, np.ndarray) and h.ndim == 0 and h.dtype == object else None
    return v if isinstance(v, ResourceHandle) else None


def find_writer(op: str, h: Any, lookup: bool = True) -> WriterResource:
    """The writer handle `h` names, with TF's errors for a handle of none: NotFoundError
    (never created, or closed; `lookup`: TF's lookup adds the resource it looked for when
    the container is missing, its deletion does not), or a resource of another kind."""
    if isinstance(h, WriterResource):  # (a graph's writer, taken by reference)
        if h.closed:
            raise NotFoundError(None, None, f"Resource localhost/{h.name}/{_MANGLED} does "
                                            f"not exist. [Op:{op}]")
        return h
    hh = _held(h)
    if hh is None:
        raise C.fail(op, "Expected a summary writer's resource handle")
    if hh.kind != KIND:  # (a variable's or a table's handle)
        raise C.fail(op, wrong_type(hh.name, hh.kind, KIND))
    target = hh.target if hh.target is not None else RESOURCES.lookup(hh.container, hh.name)
    if target is None or not isinstance(target, WriterResource) or target.closed:
        why = RESOURCES.missing(hh.container, hh.name, _MANGLED)
        if target is not None or (lookup and why.startswith("Container")):
            why = (f"Resource {hh.container}/{hh.name}/{_MANGLED} does not exist."
                   if target is not None else
                   why + f" (Could not find resource: {hh.container}/{hh.name})")
        raise NotFoundError(None, None, f"{why} [Op:{op}]")
    return target


def create_file_writer(h: Any, logdir: str, max_queue: int, flush_millis: int,
                       suffix: str) -> WriterResource:
    """CreateSummaryFileWriter's work: the writer `h` names, made with a new event file
    unless it exists."""
    logdir = local_path(logdir, op="CreateSummaryFileWriter")
    hh = None if isinstance(h, WriterResource) else _held(h)
    res = h if hh is None else hh.target if hh.kind == KIND else None
    if isinstance(res, WriterResource):  # (a writer known by reference: a SavedModel's)
        if res.closed:  # (not made yet, or closed: made again, as TF's)
            res.file = EventFile(logdir, max_queue, flush_millis, suffix)
        return find_writer("CreateSummaryFileWriter", res)
    have = RESOURCES.lookup(hh.container, hh.name)
    if have is not None or hh.kind != KIND or hh.target is not None:
        return find_writer("CreateSummaryFileWriter", h)
    res = WriterResource(EventFile(logdir, max_queue, flush_millis, suffix), hh.name)
    RESOURCES.create(hh.container, hh.name, res)
    return res


def close_writer(op: str, h: Any) -> None:
    """CloseSummaryWriter's work: the file flushed and closed, the resource deleted."""
    res = find_writer(op, h, lookup=False)
    hh = _held(h)
    res.file.close()
    if hh is not None and hh.target is None:
        RESOURCES.delete(hh.container, hh.name)


# -- input checks ----------------------------------------------------------------------------
def bind_on_writer(op: OpDef, writer: Any, inputs: Any, name: str | None = None) -> Any:
    """bind(op, (writer's handle, *inputs)) for a tf.summary writer (writer.py's); in a
    graph, the operation made. In a function being traced, the writer taken by reference
    (as a table's ops take it), its handle captured as TF's function captures it: a
    resource placeholder "<node>/writer" listed before the first node taking it. `inputs`
    may be a function making them: the placeholder is then listed before the nodes it
    makes, as TF converts the writer first."""
    graph = _ctx.graph
    if graph is None:
        return bind(op, (writer._resource, *_made(inputs)), {}, name)
    capture = getattr(graph, "_capture_resource", None)
    if capture is None or not getattr(graph, "building_function", False):
        # (TF 1's graph: the handle, a constant the graph keeps, and the writer with it)
        bind(op, (writer._resource, *_made(inputs)), {}, name)
        return graph.operations[-1]  # (the operation: what tf.control_dependencies takes)
    ops = graph.operations
    n = len(ops)
    bind(op, (writer._writer, *_made(inputs)), {}, name)
    node = ops[-1]
    if len(ops) > n:
        capture(writer._writer, ops[n], "writer", node.name if len(ops) > n + 1 else None,
                writer._resource)
    return node


def _made(inputs: Any) -> tuple:
    return tuple(inputs()) if callable(inputs) else tuple(inputs)


def _writer_input(op: str, writer: Any) -> None:
    if isinstance(writer, WriterResource):
        return
    if not hasattr(writer, "_dtype"):
        raise C.fail(op, f"writer must be a resource tensor, got {type(writer).__name__}")
    if writer._dtype is not dt.resource:
        raise C.wrong_input_dtype(op, 0, "resource", writer._dtype)


def _typed(op: str, index: int, x: Any, want: dt.DType, what: str) -> None:
    """Input #index of the signature's fixed dtype `want`, a scalar (TF's kernels read it
    as one: TF 2.21 aborts the process on a step, tag or metadata of several values)."""
    if x._dtype is not want:
        raise C.wrong_input_dtype(op, index, want, x._dtype)
    if x._shape is not None and len(x._shape) != 0:
        raise C.fail(op, f"{what} must be a scalar")


def _write_head(op: str, writer: Any, step: Any, tag: Any = None) -> None:
    _writer_input(op, writer)
    _typed(op, 1, step, dt.int64, "step")
    if tag is not None:
        _typed(op, 2, tag, dt.string, "tag")


def _text(arr: Any) -> str:
    v = np.asarray(arr).reshape(-1)[0]
    return v.decode("utf-8", "replace") if isinstance(v, bytes) else str(v)


def _event(step: Any) -> Any:
    return protos.get().Event(wall_time=time.time(), step=int(np.asarray(step).reshape(-1)[0]))


def _write_summary_proto(op: str, writer: Any, step: Any, summary: Any) -> tuple:
    res = find_writer(op, writer)
    event = _event(step)
    event.summary.CopyFrom(summary)
    res.write(event)
    return ()


def _form(name: str, attrs: tuple = ()) -> TFForm:
    """The op as TF's node of its name, whose writer input is a handle (tf.raw_ops offers
    it with one; a TF graph's node takes its writer's)."""
    def load(node: Any) -> Any:
        from_node = {k: node.attrs[k] for k in attrs if k in node.attrs}
        return bind(_OPS[name], tuple(node.inputs), from_node)
    return TFForm(load=load, takes_handles=True)


_OPS: dict = {}  # (name -> OpDef, for the loads)


_SAMPLE_WRITER: list = []


def _sample_writer() -> np.ndarray:
    """The handle of the one writer the samples write through (made on first use, its
    event file in a temporary directory removed at exit)."""
    if not _SAMPLE_WRITER:
        logdir = tempfile.mkdtemp(prefix="eagerflow_summary_samples_")
        atexit.register(shutil.rmtree, logdir, True)
        h = writer_handle("_sample_writer", "_eagerflow_samples")
        create_file_writer(h, logdir, 1000, 10**9, ".v2")
        _SAMPLE_WRITER.append(h)
    return _SAMPLE_WRITER[0]


def _no_outputs(*_: Any, **__: Any) -> tuple:
    return ()


def _samples(*inputs: Any, **attrs: Any) -> Any:
    """Samples writing through the sample writer (`inputs`: those after its handle)."""
    return lambda: [Sample((_sample_writer(), *inputs), attrs, grad=False)]


# -- the writer ops --------------------------------------------------------------------------
def _summary_writer_infer(shared_name: str = "", container: str = "") -> list:
    return [((), dt.resource)]


def _summary_writer_kernel(xp: Any, shared_name: str = "", container: str = "") -> np.ndarray:
    own = _ctx.kernels  # (a TF 1 Session's kernels, or None: the process's)
    if own is None:
        return writer_handle(str(shared_name), str(container))
    # (a Session's resources are its own, as each of TF's has a resource manager: its
    # handles carry their writer, made by CreateSummaryFileWriter)
    key = ("resource", container or "localhost", str(shared_name))
    res = own.get(key)
    if not isinstance(res, WriterResource):
        res = own[key] = WriterResource(None, str(shared_name))
    arr = writer_handle(str(shared_name), str(container))
    arr[()].target = res
    return arr


def _handle_ref(shared_name: str = "", container: str = "") -> str:
    """The handle as TF prints it (the suites compare a handle by its text)."""
    return (f'<ResourceHandle(name="{shared_name}", device="/job:localhost/replica:0/task:0/'
            f'device:CPU:0", container="{container or "localhost"}", type="{KIND}", dtype '
            'and shapes : "[  ]")>')


SUMMARY_WRITER = register(OpDef(
    "SummaryWriter", _summary_writer_infer, _summary_writer_kernel, stateful=True, gpu=False,
    reference=_handle_ref,
    samples=lambda: [Sample((), {"shared_name": "w", "container": ""}, grad=False)],
))


def _create_infer(writer: Any, logdir: Any, max_queue: Any, flush_millis: Any,
                  filename_suffix: Any) -> list:
    op = "CreateSummaryFileWriter"
    _writer_input(op, writer)
    for i, (x, want, what) in enumerate(((logdir, dt.string, "logdir"),
                                         (max_queue, dt.int32, "max_queue"),
                                         (flush_millis, dt.int32, "flush_millis"),
                                         (filename_suffix, dt.string, "filename_suffix")), 1):
        _typed(op, i, x, want, what)
    return []


def _create_kernel(xp: Any, writer: Any, logdir: Any, max_queue: Any, flush_millis: Any,
                   filename_suffix: Any) -> tuple:
    create_file_writer(writer, _text(logdir), int(np.asarray(max_queue)),
                       int(np.asarray(flush_millis)), _text(filename_suffix))
    return ()


CREATE_FILE_WRITER = register(OpDef(
    "CreateSummaryFileWriter", _create_infer, _create_kernel,
    tf=_form("CreateSummaryFileWriter"), num_outputs=0, reference=_no_outputs,
    samples=_samples(np.array(b"/unused", object), np.int32(10), np.int32(100),
                     np.array(b".v2", object)),
    stateful=True,
    gpu=False,
    bad_samples=lambda: [BadSample(
        (writer_handle("w"), np.array([b"/tmp"], object), np.int32(10), np.int32(100),
         np.array(b".v2", object)), {}, InvalidArgumentError, "logdir must be a scalar")],
))


def _db_infer(writer: Any, db_uri: Any, experiment_name: Any, run_name: Any,
              user_name: Any) -> list:
    op = "CreateSummaryDbWriter"
    _writer_input(op, writer)
    for i, (x, what) in enumerate(((db_uri, "db_uri"), (experiment_name, "experiment_name"),
                                   (run_name, "run_name"), (user_name, "user_name")), 1):
        _typed(op, i, x, dt.string, what)
    return []


def _db_kernel(xp: Any, *inputs: Any) -> tuple:
    # (TF 2.21 writes TensorBoard's SQLite schema; eagerflow writes event files only)
    raise UnimplementedError(None, None, "eagerflow has no SQLite summary writer: "
                                         "CreateSummaryDbWriter is not implemented "
                                         "[Op:CreateSummaryDbWriter]")


CREATE_DB_WRITER = register(OpDef(
    "CreateSummaryDbWriter", _db_infer, _db_kernel,
    tf=_form("CreateSummaryDbWriter"), num_outputs=0, stateful=True, gpu=False,
    bad_samples=lambda: [BadSample(
        (writer_handle("w"), np.array(b"x.db", object), np.array(b"e", object),
         np.array(b"r", object), np.array(b"u", object)), {}, UnimplementedError,
        "no SQLite summary writer")],
))


def _writer_only_infer(op: str) -> Any:
    def infer(writer: Any) -> list:
        _writer_input(op, writer)
        return []
    return infer


def _flush_kernel(xp: Any, writer: Any) -> tuple:
    find_writer("FlushSummaryWriter", writer).file.flush()
    return ()


def _close_kernel(xp: Any, writer: Any) -> tuple:
    close_writer("CloseSummaryWriter", writer)
    return ()


def _missing_writer_bad(match: str) -> Any:
    return lambda: [BadSample((writer_handle("_never_created_writer", "_no_container"),), {},
                              NotFoundError, match)]


# (file I/O: on the CPU, as TF's)
FLUSH_WRITER = register(OpDef(
    "FlushSummaryWriter", _writer_only_infer("FlushSummaryWriter"), _flush_kernel,
    tf=_form("FlushSummaryWriter"), num_outputs=0,
    reference=_no_outputs,
    samples=_samples(),
    stateful=True, gpu=False,
    bad_samples=_missing_writer_bad("Container _no_container does not exist. (Could not find "
                                    "resource: _no_container/_never_created_writer)")))
CLOSE_WRITER = register(OpDef(
    "CloseSummaryWriter", _writer_only_infer("CloseSummaryWriter"), _close_kernel,
    tf=_form("CloseSummaryWriter"), num_outputs=0, stateful=True, gpu=False,
    bad_samples=_missing_writer_bad("Container _no_container does not exist.")))


# -- the writes ------------------------------------------------------------------------------
def _write_summary_infer(writer: Any, step: Any, tensor: Any, tag: Any,
                         summary_metadata: Any) -> list:
    op = "WriteSummary"
    _write_head(op, writer, step)
    _typed(op, 3, tag, dt.string, "tag")
    _typed(op, 4, summary_metadata, dt.string, "summary_metadata")
    return []


def add_summary_value(s: Any, pb: Any, tag: str, arr: np.ndarray, metadata: bytes) -> None:
    """One WriteSummary's value added to Summary `s`: the tensor under `tag`, its metadata
    parsed (none when empty; a parse's failure keeps what parsed, as TF's)."""
    v = s.value.add(tag=tag)
    if metadata:
        v.metadata.SetInParent()
        try:
            v.metadata.ParseFromString(metadata)
        except Exception:  # noqa: BLE001, S110 (protobuf's DecodeError, whichever backend)
            pass
    dtype = dt.string if arr.dtype == object or arr.dtype.kind in "SU" else \
        dt.from_numpy(arr.dtype)
    v.tensor.CopyFrom(encoders.tensor_proto(pb, arr, dtype))


def _write_summary_kernel(xp: Any, writer: Any, step: Any, tensor: Any, tag: Any,
                          summary_metadata: Any) -> tuple:
    res = find_writer("WriteSummary", writer)
    meta = np.asarray(summary_metadata)[()]
    event = _event(step)  # (the value made in the event's own Summary: no copy)
    add_summary_value(event.summary, protos.get(), _text(tag), np.asarray(tensor), bytes(meta))
    res.write(event)
    return ()


def _missing_writer() -> np.ndarray:
    return writer_handle("_never_created_writer", "_no_container")


def _s(v: bytes) -> np.ndarray:
    return np.array(v, dtype=object)


_NOT_FOUND = "Container _no_container does not exist."

WRITE_SUMMARY = register(OpDef(
    "WriteSummary", _write_summary_infer, _write_summary_kernel,
    tf=_form("WriteSummary"), num_outputs=0,
    reference=_no_outputs,
    samples=_samples(np.int64(3), np.float32(1.5), np.array(b"t", object), np.array(b"", object)),
    stateful=True, gpu=False,
    bad_samples=lambda: [
        BadSample((_missing_writer(), np.int64(1), np.float32(1), _s(b"t"), _s(b"")), {},
                  NotFoundError, _NOT_FOUND),
        BadSample((_missing_writer(), np.int32(1), np.float32(1), _s(b"t"), _s(b"")), {},
                  InvalidArgumentError, "expected to be a int64 tensor"),
        BadSample((_missing_writer(), np.array([1, 2], np.int64), np.float32(1), _s(b"t"),
                   _s(b"")), {}, InvalidArgumentError, "step must be a scalar")],
))

_REAL = C.FLOATS | C.INTS  # (TF's realnumbertypes)


def _scalar_infer(writer: Any, step: Any, tag: Any, value: Any) -> list:
    op = "WriteScalarSummary"
    _write_head(op, writer, step, tag)
    C.check_dtype(op, value, _REAL)
    return []


def _scalar_kernel(xp: Any, writer: Any, step: Any, tag: Any, value: Any) -> tuple:
    op = "WriteScalarSummary"
    find_writer(op, writer)
    vals = np.asarray(value).reshape(-1)
    if not vals.size:  # (TF's kernel reads its first value)
        raise C.fail(op, "value must be a scalar")
    s = protos.get().Summary()
    s.value.add(tag=_text(tag), simple_value=float(vals[0]))
    return _write_summary_proto(op, writer, step, s)


WRITE_SCALAR = register(OpDef(
    "WriteScalarSummary", _scalar_infer, _scalar_kernel,
    tf=_form("WriteScalarSummary"), num_outputs=0,
    reference=_no_outputs,
    samples=_samples(np.int64(1), np.array(b"a", object), np.float32(2.0)),
    stateful=True,
    gpu=False,
    bad_samples=lambda: [
        BadSample((_missing_writer(), np.int64(1), _s(b"t"), np.float32(1)), {},
                  NotFoundError, _NOT_FOUND),
        BadSample((_missing_writer(), np.int64(1), _s(b"t"), _s(b"x")), {},
                  InvalidArgumentError, "Value for attr 'T' of string is not in the list"),
        BadSample((_missing_writer(), np.int64(1), np.array([b"a", b"b"], object),
                   np.float32(1)), {}, InvalidArgumentError, "tag must be a scalar")],
))


def _histogram_infer(writer: Any, step: Any, tag: Any, values: Any) -> list:
    op = "WriteHistogramSummary"
    _write_head(op, writer, step, tag)
    C.check_dtype(op, values, _REAL)
    return []


def _histogram_kernel(xp: Any, writer: Any, step: Any, tag: Any, values: Any) -> tuple:
    op = "WriteHistogramSummary"
    find_writer(op, writer)
    return _write_summary_proto(op, writer, step, v1_ops.histogram_summary(op, tag, values))


WRITE_HISTOGRAM = register(OpDef(
    "WriteHistogramSummary", _histogram_infer, _histogram_kernel,
    tf=_form("WriteHistogramSummary"), num_outputs=0,
    reference=_no_outputs,
    samples=_samples(np.int64(1), np.array(b"h", object), np.array([1.0, 2.0, 3.0])),
    stateful=True, gpu=False,
    bad_samples=lambda: [
        BadSample((_missing_writer(), np.int64(1), _s(b"t"), np.float32([1])), {},
                  NotFoundError, _NOT_FOUND)],
))

_IMAGE_TYPES = frozenset(media_ops.IMAGE_TYPES)


def _image_infer(writer: Any, step: Any, tag: Any, tensor: Any, bad_color: Any, *,
                 max_images: int = 3) -> list:
    op = "WriteImageSummary"
    C.attr_at_least(op, "max_images", int(max_images), 1)
    _write_head(op, writer, step, tag)
    C.check_dtype(op, tensor, _IMAGE_TYPES)
    if bad_color._dtype is not dt.uint8:
        raise C.wrong_input_dtype(op, 4, dt.uint8, bad_color._dtype)
    if tensor._shape is not None and (len(tensor._shape) != 4 or tensor._shape[3] not in
                                      (None, 1, 3, 4)):
        raise C.fail(op, "Tensor must be 4-D with last dim 1, 3, or 4, not "
                         f"{C.shape_str(tensor._shape)}")
    return []


def _image_kernel(xp: Any, writer: Any, step: Any, tag: Any, tensor: Any, bad_color: Any,
                  *, max_images: int = 3) -> tuple:
    op = "WriteImageSummary"
    find_writer(op, writer)
    s = media_ops.image_summary(op, tag, np.asarray(tensor), int(max_images),
                                np.asarray(bad_color, np.uint8).reshape(-1))
    return _write_summary_proto(op, writer, step, s)


_RED = np.array(media_ops.BAD_COLOR, np.uint8)
WRITE_IMAGE = register(OpDef(
    "WriteImageSummary", _image_infer, _image_kernel,
    tf=_form("WriteImageSummary", ("max_images",)), num_outputs=0,
    reference=_no_outputs,
    samples=_samples(np.int64(1), np.array(b"i", object), np.zeros((1, 2, 2, 3), np.uint8),
                     np.array(media_ops.BAD_COLOR, np.uint8), max_images=3),
    stateful=True,
    gpu=False,
    bad_samples=lambda: [
        BadSample((_missing_writer(), np.int64(1), _s(b"t"), np.zeros((2, 2, 3), np.uint8),
                   _RED), {"max_images": 3}, InvalidArgumentError,
                  "Tensor must be 4-D with last dim 1, 3, or 4, not [2,2,3]"),
        BadSample((_missing_writer(), np.int64(1), _s(b"t"), np.zeros((1, 2, 2, 3), np.uint8),
                   _RED), {"max_images": 0}, InvalidArgumentError,
                  "Value for attr 'max_images' of 0 must be at least minimum 1"),
        BadSample((_missing_writer(), np.int64(1), _s(b"t"), np.zeros((1, 2, 2, 3), np.uint8),
                   _RED), {"max_images": 1}, NotFoundError, _NOT_FOUND)],
))


def _audio_infer(writer: Any, step: Any, tag: Any, tensor: Any, sample_rate: Any, *,
                 max_outputs: int = 3) -> list:
    op = "WriteAudioSummary"
    C.attr_at_least(op, "max_outputs", int(max_outputs), 1)
    _write_head(op, writer, step, tag)
    if tensor._dtype is not dt.float32:
        raise C.wrong_input_dtype(op, 3, dt.float32, tensor._dtype)
    if sample_rate._dtype is not dt.float32:
        raise C.wrong_input_dtype(op, 4, dt.float32, sample_rate._dtype)
    # (TF 2.21 aborts the process on a tensor of another rank)
    if tensor._shape is not None and len(tensor._shape) not in (2, 3):
        raise C.fail(op, f"Tensor must be 3-D or 2-D, got: {C.shape_str(tensor._shape)}")
    return []


def _audio_kernel(xp: Any, writer: Any, step: Any, tag: Any, tensor: Any, sample_rate: Any,
                  *, max_outputs: int = 3) -> tuple:
    op = "WriteAudioSummary"
    find_writer(op, writer)
    rate = np.asarray(sample_rate, np.float32).reshape(-1)
    if not rate.size:
        raise C.fail(op, "sample_rate must be a scalar")
    if not rate[0] > 0:
        raise C.fail(op, "sample_rate must be > 0")
    s = media_ops.audio_summary(op, tag, tensor, rate[:1].reshape(()), int(max_outputs))
    return _write_summary_proto(op, writer, step, s)


WRITE_AUDIO = register(OpDef(
    "WriteAudioSummary", _audio_infer, _audio_kernel,
    tf=_form("WriteAudioSummary", ("max_outputs",)), num_outputs=0,
    reference=_no_outputs,
    samples=_samples(np.int64(1), np.array(b"au", object), np.zeros((1, 4, 1), np.float32),
                     np.float32(8000), max_outputs=3),
    stateful=True,
    gpu=False,
    bad_samples=lambda: [
        BadSample((_missing_writer(), np.int64(1), _s(b"t"), np.zeros((3,), np.float32),
                   np.float32(8000)), {"max_outputs": 3}, InvalidArgumentError,
                  "Tensor must be 3-D or 2-D, got: [3]"),
        BadSample((_missing_writer(), np.int64(1), _s(b"t"), np.zeros((1, 3), np.float32),
                   np.float32(8000)), {"max_outputs": 0}, InvalidArgumentError,
                  "Value for attr 'max_outputs' of 0 must be at least minimum 1")],
))


def _strings_infer(op: str, index: int) -> Any:
    """The infer of an op of a writer, a step (when `index` is 2) and a string tensor."""
    def check(writer: Any, step: Any, x: Any) -> list:
        if step is None:
            _writer_input(op, writer)
        else:
            _write_head(op, writer, step)
        if x._dtype is not dt.string:
            raise C.wrong_input_dtype(op, index, dt.string, x._dtype)
        return []

    if index == 1:
        return lambda writer, event: check(writer, None, event)
    return lambda writer, step, tensor: check(writer, step, tensor)


def _parse_each(op: str, arr: Any, cls: Any, what: str, indexed: bool) -> list:
    out = []
    for i, raw in enumerate(np.asarray(arr, dtype=object).reshape(-1).tolist()):
        m = cls()
        try:
            m.ParseFromString(bytes(raw))
        except Exception:  # noqa: BLE001 (protobuf's DecodeError, whichever backend)
            at = f" at index {i}" if indexed else ""
            raise DataLossError(None, None, f"Bad {what} binary proto tensor string{at} "
                                              f"[Op:{op}]") from None
        out.append(m)
    return out


def _raw_proto_kernel(xp: Any, writer: Any, step: Any, tensor: Any) -> tuple:
    op = "WriteRawProtoSummary"
    find_writer(op, writer)
    pb = protos.get()
    s = pb.Summary()
    for part in _parse_each(op, tensor, pb.Summary, "tf.compat.v1.Summary", True):
        s.MergeFrom(part)
    return _write_summary_proto(op, writer, step, s)


WRITE_RAW_PROTO = register(OpDef(
    "WriteRawProtoSummary", _strings_infer("WriteRawProtoSummary", 2), _raw_proto_kernel,
    tf=_form("WriteRawProtoSummary"), num_outputs=0,
    reference=_no_outputs,
    samples=_samples(np.int64(1), np.array([b""], object)),
    stateful=True, gpu=False,
    bad_samples=lambda: [BadSample((_missing_writer(), np.int64(1), _s(b"")), {},
                                   NotFoundError, _NOT_FOUND)],
))


def _graph_kernel(xp: Any, writer: Any, step: Any, tensor: Any) -> tuple:
    op = "WriteGraphSummary"
    res = find_writer(op, writer)
    raw = np.asarray(tensor, dtype=object).reshape(-1)
    if not raw.size:  # (TF's kernel reads its first value)
        raise C.fail(op, "tensor must be a scalar")
    pb = protos.get()
    event = _event(step)
    if pb.GraphDef is not None:  # (TensorBoard's protos: the GraphDef re-serialized, as TF's)
        event.graph_def = _parse_each(op, raw[:1], pb.GraphDef, "tf.GraphDef",
                                      False)[0].SerializeToString()
    else:
        event.graph_def = bytes(raw[0])
    res.write(event)
    return ()


WRITE_GRAPH = register(OpDef(
    "WriteGraphSummary", _strings_infer("WriteGraphSummary", 2), _graph_kernel,
    tf=_form("WriteGraphSummary"), num_outputs=0,
    reference=_no_outputs,
    samples=_samples(np.int64(1), np.array(b"", object)),
    stateful=True, gpu=False,
    bad_samples=lambda: [BadSample((_missing_writer(), np.int64(1), _s(b"")), {},
                                   NotFoundError, _NOT_FOUND)],
))


def _import_kernel(xp: Any, writer: Any, event: Any) -> tuple:
    op = "ImportEvent"
    res = find_writer(op, writer)
    for e in _parse_each(op, event, protos.get().Event, "tf.Event", False):
        res.write(e)
    return ()


IMPORT_EVENT = register(OpDef(
    "ImportEvent", _strings_infer("ImportEvent", 1), _import_kernel,
    tf=_form("ImportEvent"), num_outputs=0,
    reference=_no_outputs, samples=_samples(np.array([b""], object)), stateful=True, gpu=False,
    bad_samples=lambda: [BadSample((_missing_writer(), _s(b"")), {}, NotFoundError,
                                   _NOT_FOUND)],
))


_OPS.update((op.name, op) for op in (
    CREATE_FILE_WRITER, CREATE_DB_WRITER, FLUSH_WRITER, CLOSE_WRITER, WRITE_SUMMARY,
    WRITE_SCALAR, WRITE_HISTOGRAM, WRITE_IMAGE, WRITE_AUDIO, WRITE_RAW_PROTO, WRITE_GRAPH,
    IMPORT_EVENT))
