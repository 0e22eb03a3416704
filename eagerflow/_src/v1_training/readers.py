"""TF 1's readers: `TextLineReader`, `TFRecordReader`, `FixedLengthRecordReader`,
`WholeFileReader`, `IdentityReader` (`tf.compat.v1.ReaderBase`).

TF 1 training-loop layer (v1_training/), beside queue_input. A reader takes work (file
names) from a queue one at a time and turns each into records: `read(queue)` is one
ReaderReadV2 operation giving (key, value), `read_up_to(queue, n)` one ReaderReadUpToV2
giving up to n of each. Keys are TF's: "file:line" (1-based, header lines counted) for
text lines, "file:offset" for TFRecords, "file:index" for fixed-length records, the file
name for whole files and identity work. When the queue is closed and exhausted the read
raises the queue's OutOfRangeError, which ends a QueueRunner's thread or a training loop.
A reader's position lives in the reader (not per Session, as TF's resource would).
"""

from __future__ import annotations

import os
import threading
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state, executing_eagerly
from eagerflow._src.core.errors import InvalidArgumentError, OutOfRangeError
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.core.tf_logging import deprecated_call
from eagerflow._src.function.graph_variables import RUN
from eagerflow._src.io.file_errors import os_error
from eagerflow._src.io.tfrecord import RecordReader, compression_name
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.queue_ops import QueueState
from eagerflow._src.ops.registry import OpDef

_IO_OPS = "tensorflow.python.ops.io_ops"


class _ReaderState:
    """What one reader has reached: its current work and the records left in it."""

    def __init__(self, kind: str, records: Any) -> None:
        self.kind = kind
        self._records = records  # (work: bytes) -> iterator of (key, value)
        self.lock = threading.Lock()
        self.work: bytes | None = None
        self.pending: Any = None
        self.produced = 0
        self.completed = 0

    def __repr__(self) -> str:
        return f"<{self.kind}>"

    def next_record(self, queue: QueueState, op: str) -> tuple:
        """The next (key, value), taking new work from `queue` as each runs out."""
        while True:
            if self.pending is None:
                (work,) = queue.take(1, False, op)[0]
                work = work.item() if isinstance(work, np.ndarray) else work
                self.work = work if isinstance(work, bytes) else str(work).encode()
                self.pending = iter(self._records(self.work))
            rec = next(self.pending, None)
            if rec is not None:
                self.produced += 1
                return rec
            self.pending, self.work = None, None
            self.completed += 1

    def current(self) -> _ReaderState:
        """The state the running Session holds for this reader (TF's is per Session)."""
        store = RUN.store
        if store is None:
            return self
        key = ("reader", id(self))
        state = store.get(key)
        if state is None:
            state = store.setdefault(key, _ReaderState(self.kind, self._records))
        return state

    def reset(self) -> None:
        with self.lock:
            self.work = self.pending = None
            self.produced = self.completed = 0


def _queue_of(queue: Any) -> QueueState:
    ref = getattr(queue, "queue_ref", queue)
    if not isinstance(ref, QueueState):
        raise TypeError(f"A reader reads from a queue (tf.queue.QueueBase), got {queue!r}")
    return ref


def _read_kernel(xp: Any, *, reader: _ReaderState, queue: QueueState) -> tuple:
    reader, queue = reader.current(), queue.current()
    with reader.lock:
        key, value = reader.next_record(queue, "ReaderReadV2")
    return np.array(key, dtype=object), np.array(value, dtype=object)


def _read_up_to_kernel(xp: Any, n: Any, *, reader: _ReaderState, queue: QueueState) -> tuple:
    n = int(np.asarray(n).reshape(-1)[0])
    reader, queue = reader.current(), queue.current()
    if n <= 0:
        raise InvalidArgumentError(None, None, f"num_records must be > 0, not {n}")
    keys, values = [], []
    with reader.lock:
        while len(keys) < n:
            try:
                k, v = reader.next_record(queue, "ReaderReadUpToV2")
            except OutOfRangeError:
                if keys:
                    break
                raise
            keys.append(k)
            values.append(v)
    return np.array(keys, dtype=object), np.array(values, dtype=object)


READ = OpDef("ReaderReadV2", lambda *, reader, queue: [((), dt.string), ((), dt.string)],
             _read_kernel, num_outputs=2, stateful=True, gpu=False)
READ_UP_TO = OpDef("ReaderReadUpToV2",
                   lambda n, *, reader, queue: [((None,), dt.string), ((None,), dt.string)],
                   _read_up_to_kernel, num_outputs=2, stateful=True, gpu=False,
                   host_inputs=(0,))


def _count_kernel(field: str) -> Any:
    return lambda xp, *, reader: np.int64(getattr(reader.current(), field))


PRODUCED = OpDef("ReaderNumRecordsProducedV2", lambda *, reader: [((), dt.int64)],
                 _count_kernel("produced"), stateful=True, gpu=False)
COMPLETED = OpDef("ReaderNumWorkUnitsCompletedV2", lambda *, reader: [((), dt.int64)],
                  _count_kernel("completed"), stateful=True, gpu=False)


def _reset_kernel(xp: Any, *, reader: _ReaderState) -> tuple:
    reader.current().reset()
    return ()


RESET = OpDef("ReaderResetV2", lambda *, reader: [], _reset_kernel, num_outputs=0,
              stateful=True, gpu=False)


def _read_file(work: bytes) -> bytes:
    path = os.fsdecode(work)
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise os_error(e, path, None) from None


class ReaderBase:
    """`tf.compat.v1.ReaderBase`: a reader of records from the work in a queue."""

    def __init__(self, reader_ref: Any, supports_serialize: bool = False) -> None:
        if executing_eagerly():
            raise RuntimeError("Readers are not supported when eager execution is enabled. "
                               "Instead, please use tf.data to get data into your model.")
        self._reader_ref = reader_ref
        self._supports_serialize = supports_serialize

    @property
    def reader_ref(self) -> Any:
        return self._reader_ref

    @property
    def supports_serialize(self) -> bool:
        return self._supports_serialize

    def read(self, queue: Any, name: str | None = None) -> tuple:
        """The next record's (key, value), taking a work unit from `queue` when needed."""
        return bind(READ, (), {"reader": self._reader_ref, "queue": _queue_of(queue)}, name)

    def read_up_to(self, queue: Any, num_records: Any, name: str | None = None) -> tuple:
        """Up to `num_records` (keys, values) (fewer only when the queue is exhausted)."""
        n = convert_to_tensor(num_records, dtype=dt.int64)
        return bind(READ_UP_TO, (n,), {"reader": self._reader_ref,
                                       "queue": _queue_of(queue)}, name)

    def num_records_produced(self, name: str | None = None) -> Any:
        return bind(PRODUCED, (), {"reader": self._reader_ref}, name)

    def num_work_units_completed(self, name: str | None = None) -> Any:
        return bind(COMPLETED, (), {"reader": self._reader_ref}, name)

    def reset(self, name: str | None = None) -> Any:
        bind(RESET, (), {"reader": self._reader_ref}, name)
        return _state.graph.operations[-1]

    def serialize_state(self, name: str | None = None) -> Any:
        raise NotImplementedError("serialize_state: the reader's state is not serialized")

    def restore_state(self, state: Any, name: str | None = None) -> Any:
        raise NotImplementedError("restore_state: the reader's state is not serialized")


def _notice(cls: str, instead: str) -> None:
    deprecated_call(f"{cls}.__init__", _IO_OPS, "Queue-based input pipelines have been "
                    f"replaced by `tf.data`. Use `{instead}`.", depth=3)


class TextLineReader(ReaderBase):
    """Records are a file's lines (newline, and a "\\r" before it, removed)."""

    def __init__(self, skip_header_lines: int | None = None, name: str | None = None) -> None:
        _notice("TextLineReader", "tf.data.TextLineDataset")
        skip = int(skip_header_lines or 0)

        def records(work: bytes) -> Any:
            data = _read_file(work)
            lines = data.split(b"\n")
            if lines and lines[-1] == b"":
                lines.pop()
            for i, line in enumerate(lines, 1):
                if i <= skip:
                    continue
                yield work + b":" + str(i).encode(), line[:-1] if line.endswith(b"\r") else line

        super().__init__(_ReaderState("TextLineReader", records))


class WholeFileReader(ReaderBase):
    """One record per file: (its name, its contents)."""

    def __init__(self, name: str | None = None) -> None:
        _notice("WholeFileReader", "tf.data.Dataset.map(tf.read_file)")
        super().__init__(_ReaderState("WholeFileReader",
                                      lambda work: iter([(work, _read_file(work))])),
                         supports_serialize=True)


class IdentityReader(ReaderBase):
    """One record per work unit: (it, it)."""

    def __init__(self, name: str | None = None) -> None:
        _notice("IdentityReader", "tf.data.Dataset.map(...)")
        super().__init__(_ReaderState("IdentityReader", lambda work: iter([(work, work)])),
                         supports_serialize=True)


class FixedLengthRecordReader(ReaderBase):
    """Records of `record_bytes` bytes between a header and a footer, starting every
    `hop_bytes` bytes (0: one after the other); a shorter tail is dropped."""

    def __init__(self, record_bytes: int, header_bytes: int | None = None,
                 footer_bytes: int | None = None, hop_bytes: int | None = None,
                 name: str | None = None, encoding: str | None = None) -> None:
        _notice("FixedLengthRecordReader", "tf.data.FixedLengthRecordDataset")
        size, head = int(record_bytes), int(header_bytes or 0)
        foot, hop = int(footer_bytes or 0), int(hop_bytes or 0)
        if size <= 0:
            raise InvalidArgumentError(None, None, f"record_bytes must be > 0 but is {size}")
        if encoding:
            raise InvalidArgumentError(None, None, "compressed fixed-length records are "
                                                   "not read: encoding must be empty")

        def records(work: bytes) -> Any:
            data = _read_file(work)
            body = data[head:max(len(data) - foot, head)]
            step = hop or size
            for i, start in enumerate(range(0, max(len(body) - size + 1, 0), step)):
                yield work + b":" + str(i).encode(), body[start:start + size]

        super().__init__(_ReaderState("FixedLengthRecordReader", records),
                         supports_serialize=True)


class TFRecordReader(ReaderBase):
    """The records of TFRecord files (compressed as `options` says)."""

    def __init__(self, name: str | None = None, options: Any = None) -> None:
        _notice("TFRecordReader", "tf.data.TFRecordDataset")
        compression = compression_name(options)

        def records(work: bytes) -> Any:
            reader = RecordReader(os.fsdecode(work), compression)
            try:
                while True:
                    offset = reader.offset
                    rec = reader.read_record()
                    if rec is None:
                        return
                    yield work + b":" + str(offset).encode(), rec
            finally:
                reader.close()

        super().__init__(_ReaderState("TFRecordReader", records))
