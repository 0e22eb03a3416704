"""TF's readers as ops: the creators (TFRecordReaderV2, TextLineReaderV2,
WholeFileReaderV2, FixedLengthRecordReaderV2, IdentityReaderV2, LMDBReader) and the ops
on a reader (ReaderReadV2, ReaderReadUpToV2, ReaderNumRecordsProducedV2,
ReaderNumWorkUnitsCompletedV2, ReaderResetV2, ReaderSerializeStateV2,
ReaderRestoreStateV2).

Ops layer, loaded on first use, after queue_ops. A reader takes work (a file name) from a
queue of strings one unit at a time and turns each into records, as TF's ReaderBase does:
a unit is started when its file opens (a missing one is dropped with NotFoundError), a
corrupt record fails every read until the reader is reset, a read that finds the queue
closed and empty raises its OutOfRangeError, and ReaderReadUpTo stops at the end of a
unit once it holds a record. Keys are TF's: "file:offset" for TFRecords, "file:line"
(1-based, header lines counted) for text lines, "file:index" for fixed-length records,
the file name for whole files and the work itself for IdentityReader. LMDBReader's node
builds (TF 1's, of a reference output) but fails when run with TF 2.21's UnimplementedError
(`LMDB_REMOVED`: TF has removed LMDB support, its datasets' too). Only the readers of
one record per unit (WholeFileReader, IdentityReader) serialize their state, TF's
ReaderBaseState message.

The ops take the reader's `ReaderState` and the queue's `QueueState` as attrs (as
queue_ops' do); TF's form, on resource handles ("tensorflow::ReaderInterface"), is each
op's load (tf.raw_ops, imported graphs), through queue_handles. A TF 1 graph's reader keeps
one state per Session (`current()`); v1_training/readers.py builds TF 1's reader classes
on these ops.
"""

from __future__ import annotations

import os
import threading
import zlib
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import (
    DataLossError,
    InvalidArgumentError,
    OpError,
    OutOfRangeError,
    UnimplementedError,
)
from eagerflow._src.core.resource import RESOURCES, cpu_handle
from eagerflow._src.io.file_errors import os_error
from eagerflow._src.io.tfrecord import RecordReader
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import queue_handles as H
from eagerflow._src.ops.control_deps import control_dependencies
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.queue_ops import Replenished
from eagerflow._src.ops.queue_state import QueueState, session_store
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.ops.serialization import varint, wire_fields
from eagerflow._src.ops.table_handles import private_name

KIND = "tensorflow::ReaderInterface"
_SERIALIZES = ("WholeFileReader", "IdentityReader")
# (protobuf's debug text of a message starts with this marker, as TF's errors show it)
_DEBUG_MARK = "goo.gle/debugstr   \n"


# ---------------------------------------------------------------------------------------
# What a reader reads: each kind's records of one unit of work.
# ---------------------------------------------------------------------------------------

def _read_file(work: bytes) -> bytes:
    path = os.fsdecode(work)
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise os_error(e, path, None) from None


def _tfrecords(compression: str) -> Any:
    def source(work: bytes) -> Any:
        reader = RecordReader(os.fsdecode(work), compression)  # (opens it: NotFoundError)

        def records() -> Any:
            try:
                while True:
                    offset = reader.offset
                    try:
                        rec = reader.read_record()
                    except DataLossError as e:  # (TF's reader names only the offset)
                        raise DataLossError(None, None, e.message.split(" (")[0]) from None
                    if rec is None:
                        return
                    yield work + b":" + str(offset).encode(), rec
            finally:
                reader.close()
        return records()
    return source


def _text_lines(skip: int) -> Any:
    def source(work: bytes) -> Any:
        lines = _read_file(work).split(b"\n")
        if lines and lines[-1] == b"":
            lines.pop()
        return ((work + b":" + str(i).encode(), line[:-1] if line.endswith(b"\r") else line)
                for i, line in enumerate(lines, 1) if i > skip)
    return source


def _fixed_length(header: int, size: int, footer: int, hop: int, encoding: str) -> Any:
    def source(work: bytes) -> Any:
        data = _read_file(work)
        if encoding in ("ZLIB", "GZIP"):
            data = zlib.decompress(data, 31 if encoding == "GZIP" else 15)
        body = data[header:max(len(data) - footer, header)]
        if size <= 0:
            return iter(())
        starts = range(0, max(len(body) - size + 1, 0), hop or size)
        return ((work + b":" + str(i).encode(), body[s:s + size]) for i, s in enumerate(starts))
    return source


def _whole_file(work: bytes) -> Any:
    return iter([(work, _read_file(work))])


def _identity(work: bytes) -> Any:
    return iter([(work, work)])


# (TF 2.21's words, its LMDB kernels' and datasets' only ones)
LMDB_REMOVED = ("LMDB support is removed from TensorFlow. This API will be deleted in the next "
                "TensorFlow release. If you need LMDB support, please file a GitHub issue.")


def _lmdb_removed(work: bytes) -> Any:
    raise UnimplementedError(None, None, LMDB_REMOVED)


# ---------------------------------------------------------------------------------------
# The state.
# ---------------------------------------------------------------------------------------

def _parse_state(data: bytes) -> dict | None:
    """TF's ReaderBaseState message (work_started = 1, work_finished = 2,
    num_records_produced = 3, current_work = 4), or None where it does not parse."""
    fields = wire_fields(data)
    if fields is None:
        return None
    out = {1: 0, 2: 0, 3: 0, 4: b""}
    for number, value in fields.items():  # (varints as TF's int64s)
        out[number] = value - (1 << 64) if isinstance(value, int) and value >= 1 << 63 \
            else value
    return out


def _escape(data: bytes) -> str:
    """absl's CEscape."""
    special = {9: "\\t", 10: "\\n", 13: "\\r", 34: '\\"', 39: "\\'", 92: "\\\\"}
    return "".join(special.get(b) or (chr(b) if 32 <= b < 127 else f"\\{b:03o}") for b in data)


def _at(e: OpError, op: str) -> OpError:
    """A file's error as the op's kernel raised it."""
    return type(e)(None, None, f"{e.message} [Op:{op}]")


class ReaderState:
    """What one reader has reached: counts of work started and finished and of records
    produced, its current work and the records left in it. `name` is TF's ReaderBase name
    ("IdentityReader 'node'"), which its errors quote."""

    def __init__(self, kind: str, node: str, source: Any) -> None:
        self.kind = kind
        self.name = f"{kind} '{node}'"
        self.source = source  # (work: bytes) -> iterator of (key, value); opens the file
        self.lock = threading.Lock()
        self.per_session = False
        self.id = node
        self._clear()

    def _clear(self) -> None:
        self.work: bytes = b""
        self.pending: Any = None
        self.started = self.finished = self.produced = 0
        self.position = 0  # the current work's records produced (a retry resumes there)

    def __repr__(self) -> str:
        return f"<{self.name}>"

    def current(self) -> ReaderState:
        """The state the running Session holds for this reader (TF's is per Session)."""
        store = session_store() if self.per_session else None
        if store is None:
            return self
        key = ("reader", id(self))
        state = store.get(key)
        if state is None:
            fresh = ReaderState(self.kind, self.id, self.source)
            fresh.name = self.name
            state = store.setdefault(key, fresh)
        return state

    def _next_work(self, queue: QueueState, op: str) -> bytes:
        (work, *more) = queue.take(1, False, op)[0]
        if more:
            raise C.fail(op, "Expected single component queue")
        if queue.dtypes[0] is not dt.string:
            raise C.fail(op, "Expected queue with single string component")
        if np.size(work) != 1:
            raise C.fail(op, "Expected to dequeue a one-element string tensor")
        work = np.asarray(work).reshape(-1)[0]
        return work if isinstance(work, bytes) else str(work).encode()

    def read(self, queue: QueueState, op: str, stop_at_end: bool = False) -> tuple | None:
        """The next (key, value), taking new work from `queue` as each runs out (None:
        the work ended and `stop_at_end`)."""
        while True:
            if self.started == self.finished:
                if stop_at_end:
                    return None
                work = self._next_work(queue, op)
                try:
                    self.pending = self.source(work)  # (a file that fails to open: no work)
                except OpError as e:
                    raise _at(e, op) from None
                self.work, self.position = work, 0
                self.started += 1
            try:
                rec = next(self.pending, None)
            except OpError as e:
                self._resume()
                raise _at(e, op) from None
            if rec is not None:
                self.produced += 1
                self.position += 1
                if self.kind in _SERIALIZES:  # (their one record ends the unit at once)
                    self.pending, self.finished = None, self.started
                return rec
            self.pending = None
            self.finished = self.started

    def _resume(self) -> None:
        """After a failed record, the next read tries it again."""
        it = self.source(self.work)
        for _ in range(self.position):
            next(it, None)
        self.pending = it

    def serialize(self, op: str) -> bytes:
        if self.kind not in _SERIALIZES:
            raise UnimplementedError(None, None, f"Reader SerializeState [Op:{op}]")
        out = b""
        for field, value in ((1, self.started), (2, self.finished), (3, self.produced)):
            if value:
                out += varint(field << 3) + varint(value)
        if self.work:
            out += varint(4 << 3 | 2) + varint(len(self.work)) + self.work
        return out

    def restore(self, data: bytes, op: str) -> None:
        """The state `data` says (TF's checks); a failed restore resets the reader."""
        try:
            self._restore(data, op)
        except Exception:
            self._clear()
            raise

    def _restore(self, data: bytes, op: str) -> None:
        if self.kind not in _SERIALIZES:
            raise UnimplementedError(None, None, f"Reader RestoreState [Op:{op}]")
        st = _parse_state(data)
        if st is None:
            raise C.fail(op, f"Could not parse state for {self.name}: {_escape(data)}")
        names = ((1, "work_started"), (2, "work_finished"), (3, "num_records_produced"))
        text = "".join(f"{word}: {st[f]}\n" for f, word in names if st[f])
        if st[4]:
            text += f'current_work: "{_escape(st[4])}"\n'
        if min(st[1], st[2], st[3]) < 0:
            raise C.fail(op, f"Unexpected negative value when restoring in {self.name}: "
                             f"{_DEBUG_MARK}{text}")
        if st[1] > st[2]:
            raise C.fail(op, f"Inconsistent work started vs. finished when restoring in "
                             f"{self.name}: {_DEBUG_MARK}{text}")
        self._clear()
        self.started, self.finished, self.produced, self.work = st[1], st[2], st[3], st[4]


# ---------------------------------------------------------------------------------------
# The creators.
# ---------------------------------------------------------------------------------------

_SHARING = ("container", "shared_name")
_ATTRS = {
    "TFRecordReaderV2": _SHARING + ("compression_type",),
    "TextLineReaderV2": _SHARING + ("skip_header_lines",),
    "WholeFileReaderV2": _SHARING,
    "FixedLengthRecordReaderV2": _SHARING + ("header_bytes", "record_bytes",
                                             "footer_bytes", "hop_bytes", "encoding"),
    "IdentityReaderV2": _SHARING,
    # (TF has no V2 of it: its node gives a reference, which eagerflow holds as a resource)
    "LMDBReader": _SHARING,
}


def _at_least_zero(op: str, attrs: dict, *names: str) -> list:
    out = []
    for name in names:
        v = int(attrs.get(name, 0))
        if v < 0:
            raise C.fail(op, f"{name} must be >= 0 not {v}")
        out.append(v)
    return out


def new_reader(op: str, attrs: dict, node: str) -> ReaderState:
    """The ReaderState creator `op` makes of its attrs (TF's checks), named `node`."""
    kind = op.removesuffix("V2")
    if op == "TFRecordReaderV2":
        compression = attrs.get("compression_type") or ""
        source = _tfrecords(compression if compression in ("ZLIB", "GZIP") else "")
    elif op == "TextLineReaderV2":
        source = _text_lines(*_at_least_zero(op, attrs, "skip_header_lines"))
    elif op == "FixedLengthRecordReaderV2":
        header, size, footer, hop = _at_least_zero(op, attrs, "header_bytes", "record_bytes",
                                                   "footer_bytes", "hop_bytes")
        source = _fixed_length(header, size, footer, hop, attrs.get("encoding") or "")
    elif op == "LMDBReader":
        source = _lmdb_removed  # (never reached: the creator's kernel refuses)
    else:
        source = _whole_file if op == "WholeFileReaderV2" else _identity
    return ReaderState(kind, node, source)


def _creator_kernel(op: str) -> Any:
    def kernel(xp: Any, *, state: ReaderState | None = None, **attrs: Any) -> np.ndarray:
        if op == "LMDBReader":  # (TF 2.21's kernel, made when its node first runs)
            raise UnimplementedError(None, None, f"{LMDB_REMOVED} [Op:{op}]")
        if state is not None:  # (an imported graph's node: the state made on import)
            state = state.current()
            return cpu_handle(state.id, "localhost", KIND, state)
        reader = new_reader(op, attrs, op)
        container = attrs.get("container") or "localhost"
        name = attrs.get("shared_name") or private_name(op)  # (TF: a new reader each call)
        if RESOURCES.lookup(container, name) is None:
            RESOURCES.create(container, name, reader)
        return cpu_handle(name, container, KIND)
    return kernel


def _creator_samples(op: str) -> Any:
    def samples() -> list:
        if op == "LMDBReader":
            return []
        attrs = {"record_bytes": 4} if op == "FixedLengthRecordReaderV2" else {}
        return [Sample((), dict(attrs, shared_name=f"sample_{op}"), grad=False)]
    return samples


def _creator_bad(op: str) -> Any:
    def bad() -> list:
        if op == "TextLineReaderV2":
            return [BadSample((), {"skip_header_lines": -1}, InvalidArgumentError,
                              "skip_header_lines must be >= 0 not -1")]
        if op == "FixedLengthRecordReaderV2":
            return [BadSample((), {"record_bytes": 2, "hop_bytes": -3}, InvalidArgumentError,
                              "hop_bytes must be >= 0 not -3")]
        if op == "LMDBReader":
            return [BadSample((), {}, UnimplementedError, LMDB_REMOVED)]
        return []
    return bad


CREATORS = {op: register(OpDef(
    op, lambda **attrs: [((), dt.resource)], _creator_kernel(op), stateful=True, gpu=False,
    reference=H.handle_ref(KIND), samples=_creator_samples(op), bad_samples=_creator_bad(op),
    tf=TFForm(load=H.creator_load(op, _ATTRS[op],
                                  lambda a, name, op=op: new_reader(op, a, name)),
              takes_handles=True),
)) for op in _ATTRS}


# ---------------------------------------------------------------------------------------
# The ops on readers.
# ---------------------------------------------------------------------------------------

def _reader_attr(op: str, reader: Any) -> ReaderState:
    if not isinstance(reader, ReaderState):
        raise TypeError(f"{op}: `reader` must be a reader's state, got {reader!r}")
    return reader


def _reader_and_queue(op: str, reader: Any, queue: Any) -> None:
    _reader_attr(op, reader)
    if not isinstance(queue, QueueState):
        raise TypeError(f"{op}: `queue` must be a queue's state, got {queue!r}")


def _read_infer(*, reader: Any, queue: Any) -> list:
    _reader_and_queue("ReaderReadV2", reader, queue)
    return [((), dt.string), ((), dt.string)]


def _read_kernel(xp: Any, *, reader: ReaderState, queue: QueueState) -> tuple:
    reader, queue = reader.current(), queue.current()
    with reader.lock:
        key, value = reader.read(queue, "ReaderReadV2")
    return np.array(key, dtype=object), np.array(value, dtype=object)


def _read_up_to_infer(n: Any, *, reader: Any, queue: Any) -> list:
    _reader_and_queue("ReaderReadUpToV2", reader, queue)
    if n._dtype is not dt.int64:
        raise C.wrong_input_dtype("ReaderReadUpToV2", 2, dt.int64, n._dtype)
    return [((None,), dt.string), ((None,), dt.string)]


def _read_up_to_kernel(xp: Any, n: Any, *, reader: ReaderState, queue: QueueState) -> tuple:
    op = "ReaderReadUpToV2"
    flat = np.asarray(n).reshape(-1)
    if flat.size != 1:
        raise C.fail(op, f"num_records must be a scalar, got shape {C.shape_str(np.shape(n))}")
    n = int(flat[0])
    if n < 0:  # (TF 2.21's kernel aborts the process)
        raise C.fail(op, f"num_records must be >= 0, got {n}")
    reader, queue = reader.current(), queue.current()
    keys, values = [], []
    with reader.lock:
        while len(keys) < n:
            try:
                rec = reader.read(queue, op, stop_at_end=bool(keys))
            except OutOfRangeError:
                if keys:
                    break
                raise
            if rec is None:
                break
            keys.append(rec[0])
            values.append(rec[1])
    return np.array(keys, dtype=object), np.array(values, dtype=object)


def _with_reader(kernel: Any) -> Any:
    def run(xp: Any, *args: Any, reader: ReaderState) -> Any:
        state = reader.current()
        with state.lock:
            return kernel(state, *args)
    return run


def _reader_infer(op: str, outs: list) -> Any:
    if op == "ReaderRestoreStateV2":
        def restore(state: Any, *, reader: Any) -> list:
            _reader_attr(op, reader)
            if state._dtype is not dt.string:
                raise C.wrong_input_dtype(op, 1, dt.string, state._dtype)
            return outs
        return restore

    def infer(*, reader: Any) -> list:
        _reader_attr(op, reader)
        return outs
    return infer


def _restore_kernel(r: ReaderState, data: Any) -> tuple:
    op = "ReaderRestoreStateV2"
    if np.ndim(data):
        raise C.fail(op, f"Reader state must be scalar, but had shape: "
                         f"{C.shape_str(np.shape(data))}")
    value = np.asarray(data, dtype=object)[()]
    r.restore(value if isinstance(value, bytes) else str(value).encode(), op)
    return ()


def _reset(r: ReaderState) -> tuple:
    r._clear()
    return ()


# -- the samples: readers and queues no sample call empties --

def _sample_readers() -> dict:
    cache = _sample_readers.__dict__.setdefault("cache", {})
    if not cache:
        work = Replenished("FIFOQueue", -1, [dt.string], [()])
        work.items.append((np.array(b"w", dtype=object),))
        work.close(False)
        ints = Replenished("FIFOQueue", -1, [dt.int32], [()])
        ints.items.append((np.int32(3),))
        cache.update(work=work, ints=ints, fresh=ReaderState("IdentityReader", "r", _identity),
                     reading=ReaderState("IdentityReader", "r", _identity),
                     records=new_reader("TFRecordReaderV2", {}, "TFRecordReaderV2"))
    return cache


def _reader_samples(op: str) -> Any:
    def samples() -> list:
        r = _sample_readers()
        args = (np.array(b"", dtype=object),) if op == "ReaderRestoreStateV2" else ()
        return [Sample(args, {"reader": r["fresh"]}, grad=False)]
    return samples


_REF = {"ReaderNumRecordsProducedV2": lambda reader: np.int64(0),
        "ReaderNumWorkUnitsCompletedV2": lambda reader: np.int64(0),
        "ReaderResetV2": lambda reader: (),
        "ReaderSerializeStateV2": lambda reader: np.array(b"", dtype=object),
        "ReaderRestoreStateV2": lambda state, reader: ()}


def _reader_bad(op: str) -> Any:
    def bad() -> list:
        r = _sample_readers()
        if op == "ReaderSerializeStateV2":
            return [BadSample((), {"reader": r["records"]}, UnimplementedError,
                              "Reader SerializeState")]
        if op == "ReaderRestoreStateV2":
            return [BadSample((np.array(b"junk", dtype=object),), {"reader": r["fresh"]},
                              InvalidArgumentError, "Could not parse state for IdentityReader "
                                                    "'r': junk"),
                    BadSample((np.array([b"", b""], dtype=object),), {"reader": r["fresh"]},
                              InvalidArgumentError,
                              "Reader state must be scalar, but had shape: [2]")]
        return []
    return bad


def _reader_load(op: str) -> Any:
    def load(node: Any) -> Any:
        reader = H.state_at_import(node, 0, KIND, ReaderState, tuple(CREATORS))
        attrs: dict = {"reader": reader}
        rest = 1
        if op in ("ReaderReadV2", "ReaderReadUpToV2"):
            attrs["queue"] = H.queue_at_import(node, 1)
            rest = 2
        if reader.kind != "LMDBReader":
            return bind(OPS[op], tuple(node.inputs[rest:]), attrs)
        # (TF's op runs its reader's node, an LMDBReader's refusing, before it: never a
        # read waiting on its queue)
        with control_dependencies([node.inputs[0]]):
            return bind(OPS[op], tuple(node.inputs[rest:]), attrs)
    return load


_KERNELS = {
    "ReaderNumRecordsProducedV2": (lambda r: np.int64(r.produced), [((), dt.int64)]),
    "ReaderNumWorkUnitsCompletedV2": (lambda r: np.int64(r.finished), [((), dt.int64)]),
    "ReaderResetV2": (_reset, []),
    "ReaderSerializeStateV2": (lambda r: np.array(r.serialize("ReaderSerializeStateV2"),
                                                  dtype=object), [((), dt.string)]),
    "ReaderRestoreStateV2": (_restore_kernel, []),
}

OPS = {op: register(OpDef(
    op, _reader_infer(op, outs), _with_reader(kernel), stateful=True, gpu=False,
    num_outputs=len(outs), reference=_REF[op], samples=_reader_samples(op),
    bad_samples=_reader_bad(op), tf=TFForm(load=_reader_load(op), takes_handles=True),
)) for op, (kernel, outs) in _KERNELS.items()}

OPS["ReaderReadV2"] = register(OpDef(
    "ReaderReadV2", _read_infer, _read_kernel, num_outputs=2, stateful=True, gpu=False,
    reference=lambda reader, queue: (np.array(b"w", dtype=object),) * 2,
    samples=lambda: [Sample((), {"reader": _sample_readers()["reading"],
                                 "queue": _sample_readers()["work"]}, grad=False)],
    bad_samples=lambda: [BadSample((), {"reader": _sample_readers()["reading"],
                                        "queue": _sample_readers()["ints"]},
                                   InvalidArgumentError,
                                   "Expected queue with single string component")],
    tf=TFForm(load=_reader_load("ReaderReadV2"), takes_handles=True),
))

OPS["ReaderReadUpToV2"] = register(OpDef(
    "ReaderReadUpToV2", _read_up_to_infer, _read_up_to_kernel, num_outputs=2, stateful=True,
    gpu=False, host_inputs=(0,),
    # (an IdentityReader's unit is one record: a read up to n stops after it)
    reference=lambda n, reader, queue: (np.array([b"w"] if n else [], dtype=object),) * 2,
    samples=lambda: [Sample((np.int64(3),), {"reader": _sample_readers()["reading"],
                                             "queue": _sample_readers()["work"]}, grad=False),
                     Sample((np.int64(0),), {"reader": _sample_readers()["reading"],
                                             "queue": _sample_readers()["work"]}, grad=False)],
    bad_samples=lambda: [BadSample((np.int32(1),), {"reader": _sample_readers()["reading"],
                                                    "queue": _sample_readers()["work"]},
                                   InvalidArgumentError, "")],
    tf=TFForm(load=_reader_load("ReaderReadUpToV2"), takes_handles=True),
))
