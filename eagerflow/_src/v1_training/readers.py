"""TF 1's readers: `TextLineReader`, `TFRecordReader`, `FixedLengthRecordReader`,
`WholeFileReader`, `IdentityReader`, `LMDBReader` (`tf.compat.v1.ReaderBase`).

TF 1 training-loop layer (v1_training/), beside queue_input. A reader takes work (file
names) from a queue one at a time and turns each into records: `read(queue)` is one
ReaderReadV2 operation giving (key, value), `read_up_to(queue, n)` one ReaderReadUpToV2
giving up to n of each. Keys are TF's: "file:line" (1-based, header lines counted) for
text lines, "file:offset" for TFRecords, "file:index" for fixed-length records, the file
name for whole files and identity work. When the queue is closed and exhausted the read
raises the queue's OutOfRangeError, which ends a QueueRunner's thread or a training loop.
An LMDBReader builds TF's graph, which fails when run as TF 2.21's does (it has removed
LMDB support: UnimplementedError).
The ops are ops/reader_ops.py's (TF's names: ReaderReadV2, ...), the reader's state
one per Session, as TF's resource is.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state, executing_eagerly
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.core.tf_logging import deprecated_call
from eagerflow._src.io.tfrecord import compression_name
from eagerflow._src.ops import reader_ops as R
from eagerflow._src.ops.control_deps import control_dependencies
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.queue_state import QueueState

_IO_OPS = "tensorflow.python.ops.io_ops"


def _queue_of(queue: Any) -> QueueState:
    ref = getattr(queue, "_queue_ref", queue)
    if not isinstance(ref, QueueState):
        raise TypeError(f"A reader reads from a queue (tf.queue.QueueBase), got {queue!r}")
    return ref


def _reader(op: str, attrs: dict, name: str | None) -> tuple:
    """(the reader's state, its handle): in a graph, the state of TF's creator node `op`
    (named `name`, else after the op), which TF's errors quote, one per Session."""
    state = R.new_reader(op, attrs, op)
    state.per_session = True
    if _state.graph is None:
        return state, None
    handle = bind(R.CREATORS[op], (), dict(attrs, state=state), name)
    state.name = f"{state.kind} '{handle.op.name}'"
    return state, handle


class ReaderBase:
    """`tf.compat.v1.ReaderBase`: a reader of records from the work in a queue."""

    def __init__(self, reader_ref: Any, supports_serialize: bool = False) -> None:
        if executing_eagerly():
            raise RuntimeError("Readers are not supported when eager execution is enabled. "
                               "Instead, please use tf.data to get data into your model.")
        self._reader_ref = reader_ref
        self._supports_serialize = supports_serialize

    def _made(self, op: str, attrs: dict, name: str | None,
              supports_serialize: bool = False) -> None:
        """A reader of TF's creator op `op` (refused eagerly, as TF refuses readers)."""
        state, self._handle = _reader(op, attrs, name)
        ReaderBase.__init__(self, state, supports_serialize)

    @property
    def reader_ref(self) -> Any:
        """The reader's resource handle (its creator node's output), as TF's."""
        handle = getattr(self, "_handle", None)  # (a tensor: no truth value)
        return self._reader_ref if handle is None else handle

    @property
    def supports_serialize(self) -> bool:
        return self._supports_serialize

    def read(self, queue: Any, name: str | None = None) -> tuple:
        """The next record's (key, value), taking a work unit from `queue` when needed."""
        return bind(R.OPS["ReaderReadV2"], (), {"reader": self._reader_ref,
                                                "queue": _queue_of(queue)}, name)

    def read_up_to(self, queue: Any, num_records: Any, name: str | None = None) -> tuple:
        """Up to `num_records` (keys, values) (fewer only when the queue is exhausted)."""
        n = convert_to_tensor(num_records, dtype=dt.int64)
        return bind(R.OPS["ReaderReadUpToV2"], (n,), {"reader": self._reader_ref,
                                                      "queue": _queue_of(queue)}, name)

    def num_records_produced(self, name: str | None = None) -> Any:
        return bind(R.OPS["ReaderNumRecordsProducedV2"], (), {"reader": self._reader_ref},
                    name)

    def num_work_units_completed(self, name: str | None = None) -> Any:
        return bind(R.OPS["ReaderNumWorkUnitsCompletedV2"], (),
                    {"reader": self._reader_ref}, name)

    def reset(self, name: str | None = None) -> Any:
        bind(R.OPS["ReaderResetV2"], (), {"reader": self._reader_ref}, name)
        return _state.graph.operations[-1]

    def serialize_state(self, name: str | None = None) -> Any:
        """The reader's state as TF's ReaderBaseState (UnimplementedError, when run, for a
        reader of several records per unit)."""
        return bind(R.OPS["ReaderSerializeStateV2"], (), {"reader": self._reader_ref}, name)

    def restore_state(self, state: Any, name: str | None = None) -> Any:
        """Restores a state serialize_state gave."""
        bind(R.OPS["ReaderRestoreStateV2"], (convert_to_tensor(state, dtype=dt.string),),
             {"reader": self._reader_ref}, name)
        return _state.graph.operations[-1]


def _notice(cls: str, instead: str) -> None:
    deprecated_call(f"{cls}.__init__", _IO_OPS, "Queue-based input pipelines have been "
                    f"replaced by `tf.data`. Use `{instead}`.", depth=3)


class TextLineReader(ReaderBase):
    """Records are a file's lines (newline, and a "\\r" before it, removed)."""

    def __init__(self, skip_header_lines: int | None = None, name: str | None = None) -> None:
        _notice("TextLineReader", "tf.data.TextLineDataset")
        self._made("TextLineReaderV2", {"skip_header_lines": int(skip_header_lines or 0)},
                   name)


class WholeFileReader(ReaderBase):
    """One record per file: (its name, its contents)."""

    def __init__(self, name: str | None = None) -> None:
        _notice("WholeFileReader", "tf.data.Dataset.map(tf.read_file)")
        self._made("WholeFileReaderV2", {}, name, supports_serialize=True)


class IdentityReader(ReaderBase):
    """One record per work unit: (it, it)."""

    def __init__(self, name: str | None = None) -> None:
        _notice("IdentityReader", "tf.data.Dataset.map(...)")
        self._made("IdentityReaderV2", {}, name, supports_serialize=True)


class FixedLengthRecordReader(ReaderBase):
    """Records of `record_bytes` bytes between a header and a footer, starting every
    `hop_bytes` bytes (0: one after the other); a shorter tail is dropped."""

    def __init__(self, record_bytes: int, header_bytes: int | None = None,
                 footer_bytes: int | None = None, hop_bytes: int | None = None,
                 name: str | None = None, encoding: str | None = None) -> None:
        _notice("FixedLengthRecordReader", "tf.data.FixedLengthRecordDataset")
        attrs = {"record_bytes": int(record_bytes), "header_bytes": int(header_bytes or 0),
                 "footer_bytes": int(footer_bytes or 0), "hop_bytes": int(hop_bytes or 0),
                 "encoding": encoding or ""}
        self._made("FixedLengthRecordReaderV2", attrs, name)


class TFRecordReader(ReaderBase):
    """The records of TFRecord files (compressed as `options` says)."""

    def __init__(self, name: str | None = None, options: Any = None) -> None:
        _notice("TFRecordReader", "tf.data.TFRecordDataset")
        self._made("TFRecordReaderV2", {"compression_type": compression_name(options)}, name)


class LMDBReader(ReaderBase):
    """TF 1's reader of LMDB files, which TF 2.21 no longer reads: its graph builds, and its
    reader node fails when a Session runs it (UnimplementedError)."""

    def __init__(self, name: str | None = None, options: Any = None) -> None:
        del options  # (TF's takes and ignores it)
        _notice("LMDBReader", "tf.contrib.data.LMDBDataset")
        if executing_eagerly():  # (TF's creator op, on a reference, refuses first)
            raise RuntimeError("lmdb_reader op does not support eager execution. "
                               "Arg 'reader_handle' is a ref.")
        self._made("LMDBReader", {}, name)


def _after_creator(method: Any) -> Any:
    """`method` of ReaderBase, its ops run after the reader's creator node: TF's ops take
    that node's output, so a Session runs (and there fails on) the creator first."""
    def run(self: LMDBReader, *args: Any, **kwargs: Any) -> Any:
        with control_dependencies([self._handle]):
            return method(self, *args, **kwargs)
    run.__name__, run.__doc__ = method.__name__, method.__doc__
    return run


for _name in ("read", "read_up_to", "num_records_produced", "num_work_units_completed",
              "reset", "serialize_state", "restore_state"):
    setattr(LMDBReader, _name, _after_creator(getattr(ReaderBase, _name)))
