"""tf.queue: FIFOQueue, PaddingFIFOQueue, PriorityQueue and RandomShuffleQueue.

Ops layer, loaded on first use, after queue_handles. A queue's elements live in a
queue_state.py `QueueState` outside any graph, as a lookup table's contents do; the ops
that use it (TF's names: QueueEnqueueV2, QueueEnqueueManyV2, QueueDequeueV2,
QueueDequeueManyV2, QueueDequeueUpToV2, QueueSizeV2, QueueCloseV2, QueueIsClosedV2) take
the state as the `queue` attr, are stateful, and run on the host, as TF's do. TF's form of
them, which takes the queue's resource handle as its first input (tf.raw_ops, an imported
graph's nodes), is queue_handles.py's: it finds the state the handle names and binds these.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import (
    CancelledError,
    InvalidArgumentError,
    OutOfRangeError,
)
from eagerflow._src.core.shape import Dimension, TensorShape
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import queue_handles as H
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import raised_eagerly
from eagerflow._src.ops.queue_state import QueueState
from eagerflow._src.ops.random import get_seed
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.ops.stacking import bind_multi
from eagerflow._src.ops.table_state import np_dtype

__all__ = ["FIFOQueue", "PaddingFIFOQueue", "PriorityQueue", "QueueBase", "QueueState",
           "RandomShuffleQueue"]


# ---------------------------------------------------------------------------------------
# Ops.
# ---------------------------------------------------------------------------------------

def _queue_attr(op: str, queue: Any) -> QueueState:
    if not isinstance(queue, QueueState):
        raise TypeError(f"{op}: `queue` must be a queue's state, got {queue!r}")
    return queue.current()


def _check_components(op: str, q: QueueState, comps: tuple, many: bool) -> None:
    got = [c._dtype for c in comps]
    if got != q.dtypes:
        words = ", ".join(C.dtype_word(d) for d in got)
        want = ", ".join(C.dtype_word(d) for d in q.dtypes)
        raise C.fail(op, f"Expected {len(q.dtypes)} components of types [{want}], got "
                         f"[{words}]")
    for i, (c, shape) in enumerate(zip(comps, q.shapes)):
        s = c._shape
        if s is None:
            continue
        if many:
            if not s:
                raise C.fail(op, f"Shape of component {i} must have rank at least 1")
            s = s[1:]
        if shape is not None and not _fits(s, shape):
            raise C.fail(op, f"Shape mismatch in tuple component {i}. Expected "
                             f"{C.shape_str(shape)}, got {C.shape_str(s)}")


def _fits(shape: tuple, want: tuple) -> bool:
    return len(shape) == len(want) and all(
        a is None or b is None or a == b for a, b in zip(shape, want))


def _enqueue_infer(*comps: Any, queue: Any) -> list:
    _check_components("QueueEnqueueV2", _queue_attr("QueueEnqueueV2", queue), comps, False)
    return []


def _enqueue_many_infer(*comps: Any, queue: Any) -> list:
    op = "QueueEnqueueManyV2"
    q = _queue_attr(op, queue)
    _check_components(op, q, comps, True)
    rows = {c._shape[0] for c in comps if c._shape is not None and c._shape[0] is not None}
    if len(rows) > 1:
        raise C.fail(op, "All components must have the same size in the 0th dimension")
    return []


def _host(c: Any) -> np.ndarray:
    # (a scalar string may come as bytes, not a 0-d array)
    return np.array(c, dtype=getattr(c, "dtype", object))


def _enqueue_kernel(xp: Any, *comps: Any, queue: QueueState) -> tuple:
    # (copies: the caller may change its arrays after the enqueue)
    queue.current().put([tuple(_host(c) for c in comps)], "QueueEnqueueV2")
    return ()


def _enqueue_many_kernel(xp: Any, *comps: Any, queue: QueueState) -> tuple:
    rows = [tuple(np.array(c[i], dtype=c.dtype) for c in comps) for i in range(len(comps[0]))]
    queue.current().put(rows, "QueueEnqueueManyV2")
    return ()


def _dequeue_infer(*, queue: Any) -> list:
    q = _queue_attr("QueueDequeueV2", queue)
    return [(s, d) for s, d in zip(q.shapes, q.dtypes)]


def _many_infer(op: str, n: Any, queue: Any) -> list:
    q = _queue_attr(op, queue)
    if n._dtype is not dt.int32:
        raise C.wrong_input_dtype(op, 1, dt.int32, n._dtype)
    return [(None if s is None else (None,) + tuple(s), d) for s, d in zip(q.shapes, q.dtypes)]


def _padded_shape(q: QueueState, i: int, rows: list) -> tuple:
    shape = q.shapes[i]
    if q.kind != "PaddingFIFOQueue":
        return tuple(shape)
    return tuple(d if d is not None else max((r[i].shape[k] for r in rows), default=0)
                 for k, d in enumerate(shape))


def _batch(q: QueueState, rows: list) -> tuple:
    """The rows stacked per component; a PaddingFIFOQueue pads each to the largest."""
    out = []
    for i, d in enumerate(q.dtypes):
        shape = _padded_shape(q, i, rows)
        batch = np.full((len(rows),) + shape, b"" if d is dt.string else 0, np_dtype(d))
        for r, row in enumerate(rows):
            # (a 0-d object array must go in as its item, not as an array object)
            value = row[i] if row[i].ndim else row[i][()]
            batch[(r,) + tuple(slice(0, k) for k in row[i].shape)] = value
        out.append(batch)
    return tuple(out)


def _take_many(op: str, n: Any, q: QueueState, up_to: bool) -> tuple:
    q = q.current()
    flat = np.asarray(n).reshape(-1)
    if not flat.size:  # (TF's kernel reads the first element of any shape)
        raise C.fail(op, f"n must be a scalar, got shape {C.shape_str(np.shape(n))}")
    n = int(flat[0])
    if n < 0:
        raise C.fail(op, f"DequeueManyOp requested {n} < 0 elements")
    if any(s is None or (q.kind != "PaddingFIFOQueue" and None in s) for s in q.shapes):
        raise C.fail(op, f"{q.kind}'s DequeueMany and DequeueUpTo require the components to "
                         "have specified shapes.")
    return _batch(q, q.take(n, up_to, op))


def _dequeue_kernel(xp: Any, *, queue: QueueState) -> tuple:
    return queue.current().take(1, False, "QueueDequeueV2")[0]


def _stored(queue: QueueState, n: int) -> tuple:
    """The reference's dequeue: the samples' queues hold one element many times over."""
    first = queue.items[0]
    return tuple(np.stack([np.asarray(c)] * n) if n else
                 np.zeros((0,) + np.shape(c), np.asarray(c).dtype) for c in first)


class Replenished(QueueState):
    """The dequeue samples' queue: closed, and holding its one element COPIES times over
    however many are taken. The generic suites and the fuzzer call a sample many times,
    with any n, and must meet the same queue each time; the orders and waits of real
    queues are tested in tests/ops/test_queue.py and tests/guides/guide_queues.py."""

    COPIES = 10_000

    def _available(self) -> int:
        return self.COPIES

    def _pop(self) -> tuple:
        return self.items[0]


def _queues_of(cls: type, capacity: int, dtypes: list, shapes: list, element: tuple,
               copies: int, closed: bool) -> QueueState:
    q = cls("FIFOQueue", capacity, dtypes, shapes)
    q.items.extend(tuple(np.asarray(c) for c in element) for _ in range(copies))
    if closed:
        q.close(False)
    return q


@functools.cache
def _queues() -> dict:
    """The samples' queues, made when a test first asks: the dequeue samples read "pair"
    (see Replenished), the enqueue samples write to an unbounded queue, and the others are
    never changed by a sample, so no sample call waits."""
    pair = (np.float32([1.5, -2.0]), np.array(b"ab", dtype=object))
    fifo = QueueState
    return {
        "pair": _queues_of(Replenished, -1, [dt.float32, dt.string], [(2,), ()], pair, 1,
                           True),
        "open": QueueState("FIFOQueue", -1, [dt.float32, dt.string], [(2,), ()]),
        "sized": _queues_of(fifo, 10, [dt.int32], [()], (np.int32(7),), 3, False),
        "unknown": _queues_of(fifo, -1, [dt.int32], [None], (np.int32(7),), 3, True),
        "empty": _queues_of(fifo, -1, [dt.int32], [()], (np.int32(7),), 0, True),
    }


def _dequeue_ref(queue: QueueState) -> tuple:
    return tuple(np.asarray(c) for c in queue.items[0])


_QUEUE_OP = dict(stateful=True, gpu=False)
# (the list attrs that name an eager queue op's function: the components an enqueue is
# given, and those of the queue a dequeue takes from)
_ENQUEUED = dict(arity=lambda ins, attrs: {"Tcomponents": len(ins)})
_DEQUEUED = dict(arity=lambda ins, attrs: {"component_types": len(attrs["queue"].dtypes)})
_PAIR_ROWS = (np.float32([[1, 2], [3, 4], [5, 6]]), np.array([b"x", b"", b"z"], dtype=object))

QUEUE_ENQUEUE = register(OpDef(
    "QueueEnqueueV2", _enqueue_infer, _enqueue_kernel, reference=lambda *c, queue: (),
    num_outputs=0, **_QUEUE_OP, **_ENQUEUED,
    tf=TFForm(load=H.enqueue_load(lambda: QUEUE_ENQUEUE), takes_handles=True),
    samples=lambda: [Sample((np.float32([1, 2]), np.array(b"x", dtype=object)),
                            {"queue": _queues()["open"]}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.float64([1, 2]), np.array(b"x", dtype=object)),
                  {"queue": _queues()["open"]}, InvalidArgumentError,
                  "Expected 2 components of types [float, string], got [double, string]"),
        BadSample((np.float32([1, 2, 3]), np.array(b"x", dtype=object)),
                  {"queue": _queues()["open"]}, InvalidArgumentError,
                  "Shape mismatch in tuple component 0. Expected [2], got [3]"),
        BadSample((np.float32([1, 2]), np.array(b"x", dtype=object)),
                  {"queue": _queues()["pair"]}, CancelledError, "FIFOQueue '")],
))

QUEUE_ENQUEUE_MANY = register(OpDef(
    "QueueEnqueueManyV2", _enqueue_many_infer, _enqueue_many_kernel,
    reference=lambda *c, queue: (), num_outputs=0, **_QUEUE_OP, **_ENQUEUED,
    tf=TFForm(load=H.enqueue_load(lambda: QUEUE_ENQUEUE_MANY), takes_handles=True),
    samples=lambda: [Sample(_PAIR_ROWS, {"queue": _queues()["open"]}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.float32([[1, 2]]), np.array([b"x", b"y"], dtype=object)),
                  {"queue": _queues()["open"]}, InvalidArgumentError,
                  "All components must have the same size in the 0th dimension"),
        BadSample((np.float32([1, 2]), np.array([b"x", b"y"], dtype=object)),
                  {"queue": _queues()["open"]}, InvalidArgumentError,
                  "Shape mismatch in tuple component 0. Expected [2], got []")],
))

QUEUE_DEQUEUE = register(OpDef(
    "QueueDequeueV2", _dequeue_infer, _dequeue_kernel, reference=_dequeue_ref,
    num_outputs=-1, **_QUEUE_OP, **_DEQUEUED,
    tf=TFForm(load=H.dequeue_load(lambda: QUEUE_DEQUEUE), takes_handles=True),
    samples=lambda: [Sample((), {"queue": _queues()["pair"]}, grad=False)],
    bad_samples=lambda: [BadSample((), {"queue": _queues()["empty"]}, OutOfRangeError,
                                   "is closed and has insufficient elements (requested 1, "
                                   "current size 0)")],
))


def _many_bad(op: str) -> list:
    return [BadSample((np.int32(-1),), {"queue": _queues()["pair"]}, InvalidArgumentError,
                      "DequeueManyOp requested -1 < 0 elements"),
            BadSample((np.int32(1),), {"queue": _queues()["unknown"]}, InvalidArgumentError,
                      "FIFOQueue's DequeueMany and DequeueUpTo require the components to "
                      "have specified shapes."),
            BadSample((np.int32(2),), {"queue": _queues()["empty"]}, OutOfRangeError,
                      "(requested 2, current size 0)"),
            BadSample((np.int64(2),), {"queue": _queues()["pair"]}, InvalidArgumentError,
                      "")]


QUEUE_DEQUEUE_MANY = register(OpDef(
    "QueueDequeueManyV2", lambda n, *, queue: _many_infer("QueueDequeueManyV2", n, queue),
    lambda xp, n, *, queue: _take_many("QueueDequeueManyV2", n, queue, False),
    reference=lambda n, queue: _stored(queue, int(n)), num_outputs=-1, host_inputs=(0,),
    **_QUEUE_OP, **_DEQUEUED,
    tf=TFForm(load=H.dequeue_load(lambda: QUEUE_DEQUEUE_MANY), takes_handles=True),
    samples=lambda: [Sample((np.int32(3),), {"queue": _queues()["pair"]}, grad=False),
                     Sample((np.int32(0),), {"queue": _queues()["pair"]}, grad=False)],
    bad_samples=lambda: _many_bad("QueueDequeueManyV2"),
))

QUEUE_DEQUEUE_UP_TO = register(OpDef(
    "QueueDequeueUpToV2", lambda n, *, queue: _many_infer("QueueDequeueUpToV2", n, queue),
    lambda xp, n, *, queue: _take_many("QueueDequeueUpToV2", n, queue, True),
    reference=lambda n, queue: _stored(queue, int(n)), num_outputs=-1, host_inputs=(0,),
    **_QUEUE_OP, **_DEQUEUED,
    tf=TFForm(load=H.dequeue_load(lambda: QUEUE_DEQUEUE_UP_TO), takes_handles=True),
    samples=lambda: [Sample((np.int32(2),), {"queue": _queues()["pair"]}, grad=False)],
    bad_samples=lambda: _many_bad("QueueDequeueUpToV2"),
))


def _scalar_infer(op: str, dtype: dt.DType) -> Any:
    def infer(*, queue: Any) -> list:
        _queue_attr(op, queue)
        return [((), dtype)]
    return infer


QUEUE_SIZE = register(OpDef(
    "QueueSizeV2", _scalar_infer("QueueSizeV2", dt.int32),
    lambda xp, *, queue: np.int32(queue.current().size()),
    reference=lambda queue: np.int32(len(queue.items)), **_QUEUE_OP,
    tf=TFForm(load=H.queue_load(lambda: QUEUE_SIZE), takes_handles=True),
    samples=lambda: [Sample((), {"queue": _queues()["sized"]}, grad=False)],
))

QUEUE_IS_CLOSED = register(OpDef(
    "QueueIsClosedV2", _scalar_infer("QueueIsClosedV2", dt.bool),
    lambda xp, *, queue: np.bool_(queue.current().closed),
    reference=lambda queue: np.bool_(queue.closed), **_QUEUE_OP,
    tf=TFForm(load=H.queue_load(lambda: QUEUE_IS_CLOSED), takes_handles=True),
    samples=lambda: [Sample((), {"queue": _queues()["sized"]}, grad=False),
                     Sample((), {"queue": _queues()["empty"]}, grad=False)],
))


def _close_infer(*, queue: Any, cancel_pending_enqueues: bool) -> list:
    _queue_attr("QueueCloseV2", queue)
    return []


def _close_kernel(xp: Any, *, queue: QueueState, cancel_pending_enqueues: bool) -> tuple:
    state = queue.current()
    if not state.close(bool(cancel_pending_enqueues)) and not cancel_pending_enqueues:
        raise CancelledError(None, None, f"Queue '{state.id}' is already closed. "
                                         "[Op:QueueCloseV2]")
    return ()


QUEUE_CLOSE = register(OpDef(
    "QueueCloseV2", _close_infer, _close_kernel,
    reference=lambda queue, cancel_pending_enqueues: (), num_outputs=0, **_QUEUE_OP,
    tf=TFForm(load=H.queue_load(lambda: QUEUE_CLOSE, ("cancel_pending_enqueues",)),
              takes_handles=True),
    # ("empty" is closed: closing it again must cancel the pending enqueues)
    samples=lambda: [Sample((), {"queue": _queues()["empty"],
                                 "cancel_pending_enqueues": True}, grad=False)],
    bad_samples=lambda: [BadSample((), {"queue": _queues()["empty"],
                                        "cancel_pending_enqueues": False}, CancelledError,
                                   "is already closed.")],
))


# ---------------------------------------------------------------------------------------
# The Python classes.
# ---------------------------------------------------------------------------------------

def _as_shapes(kind: str, shapes: Any, dtypes: list, name: str) -> list:
    """The components' shapes as tuples (None: unknown), checked against the dtypes."""
    if shapes is None:
        return [None] * len(dtypes)
    out = [TensorShape(s) for s in shapes]
    if len(out) != len(dtypes):
        types = ", ".join(C.dtype_word(d) for d in dtypes)
        text = ", ".join(str(s.as_list()).replace(" ", "") for s in out)
        raise _refused(kind, name, "Different number of component types.  Types: "
                                   f"{types}, Shapes: [{text}]")
    return [None if s.rank is None else tuple(s.as_list()) for s in out]


def _refused(kind: str, name: str, message: str) -> InvalidArgumentError:
    """The error of a queue's op (FIFOQueueV2, ...) refusing its attrs as it is made:
    eagerly, its eager error on the host, named as the queue's constructor names it."""
    return raised_eagerly(InvalidArgumentError(None, None, f"{message} [Op:{kind}V2]"), name,
                          host=True)


def _count(n: Any) -> Tensor:
    # a tensor passes as it is (the op refuses one not int32, as TF's does)
    return n if isinstance(n, Tensor) else convert_to_tensor(n, dtype=dt.int32)


class QueueBase:
    """`tf.queue.QueueBase`: a queue of tuples of tensors (components), which its
    subclasses create; `from_list` picks one of several queues of the same types."""

    def __init__(self, dtypes: Any, shapes: Any, names: Any, queue_ref: QueueState) -> None:
        self._dtypes = list(dtypes)
        self._shapes = [TensorShape(s) for s in shapes] if shapes is not None else \
            [TensorShape(None)] * len(self._dtypes)
        self._names = list(names) if names is not None else None
        self._queue_ref = queue_ref
        self._name = "Empty"  # what TF 2.21 reports for a queue made eagerly

    def _in_graph(self, name: str) -> None:
        """In a graph (TF 1's) the queue is named as its FIFOQueueV2 node would be (a name
        scope's own name, "input_producer/", names it exactly), and each Session running
        the graph holds its own contents."""
        if _state.graph is None:
            return
        q = self._queue_ref
        attrs = {"component_types": list(q.dtypes), "capacity": q.capacity,
                 "shapes": [s for s in q.shapes if s is not None]}
        # (TF's node of the queue, its handle the queue_ref; the ops here take the state)
        self._handle = bind(H.CREATORS[f"{q.kind}V2"], (), dict(attrs, state=q), name)
        self._name = self._handle.op.name
        q.id = f"_{q.id}_{self._name}"  # (TF's, errors quote it)
        q.per_session = True

    @staticmethod
    def from_list(index: Any, queues: list) -> QueueBase:
        """The queue `queues[index]`, as a QueueBase, after checking that all of them
        have the same dtypes, shapes and names (TF's errors)."""
        if not queues or not isinstance(queues, (list, tuple)):
            raise ValueError("Expected non-empty list of queues")
        first = queues[0]
        for i, q in enumerate(queues[1:], 1):
            if q.dtypes != first.dtypes:
                raise TypeError(f"Queue at index {i} has different dtypes from the first")
            if q.names != first.names:
                raise TypeError(f"Queue at index {i} has different names from the first")
            if [s.as_list() if s.rank is not None else None for s in q.shapes] != \
                    [s.as_list() if s.rank is not None else None for s in first.shapes]:
                raise TypeError(f"Queue at index {i} has different shapes from the first")
        i = int(index.numpy() if isinstance(index, EagerTensor) else index)
        if not 0 <= i < len(queues):  # (TF gathers the queues' handles: GatherV2's error)
            raise raised_eagerly(InvalidArgumentError(
                None, None, f"indices = {i} is not in [0, {len(queues)}) [Op:GatherV2]"),
                host=True)
        q = queues[i]
        return QueueBase(q.dtypes, q.shapes, q.names, q._queue_ref)

    @property
    def queue_ref(self) -> Any:
        """The queue's resource handle, as TF's (tf.raw_ops take it): in a graph, its
        creator node's output."""
        if _state.graph is not None:
            return getattr(self, "_handle", self._queue_ref)
        return H.handle_of(self._queue_ref)

    @property
    def name(self) -> str:
        return self._name

    @property
    def dtypes(self) -> list:
        return list(self._dtypes)

    @property
    def shapes(self) -> list:
        return list(self._shapes)

    @property
    def names(self) -> list | None:
        return None if self._names is None else list(self._names)

    def _op_name(self, name: str | None, suffix: str) -> str:
        """TF's name for one of this queue's operations: the one given, else the queue's
        and the op's (a graph's node; eagerly the name its errors show, "Empty_Dequeue")."""
        if name is not None:
            return name
        return f"{self._name.split('/')[-1]}_{suffix}"

    def _enqueue_name(self, name: str | None, suffix: str) -> str | None:
        """An enqueue's: TF makes it inside a name scope of that name, empty eagerly (its
        errors name no name, whatever name was given)."""
        return self._op_name(name, suffix) if _state.graph is not None else None

    def _operation(self) -> Any:
        """In a graph, the operation just added (it has no outputs); eagerly, None."""
        graph = _state.graph
        return None if graph is None else graph.operations[-1]

    # -- enqueue --

    def _components(self, vals: Any) -> list:
        """`vals` as the list of component values, in the queue's order (TF's checks)."""
        if self._names is not None:
            if not isinstance(vals, dict):
                raise ValueError("You must enqueue a dictionary in a Queue with names")
            if sorted(vals) != sorted(self._names):
                raise ValueError("Keys in dictionary to enqueue do not match names of Queue.  "
                                 f"Dictionary: {sorted(vals)},Queue: {sorted(self._names)}")
            return [vals[k] for k in self._names]
        if isinstance(vals, dict):
            raise ValueError("Queue must have names to enqueue a dictionary")
        return list(vals) if isinstance(vals, (list, tuple)) else [vals]

    def _convert(self, vals: Any) -> list:
        out = []
        # (zip, as TF's: extra values beyond the queue's components are dropped)
        for i, (v, d) in enumerate(zip(self._components(vals), self._dtypes)):
            if isinstance(v, Tensor) and v.dtype != d:
                raise ValueError(f"component_{i}: Tensor conversion requested dtype {d.name} "
                                 f"for Tensor with dtype {v.dtype.name}: {v!r}")
            out.append(convert_to_tensor(v, dtype=d))
        return out

    def enqueue(self, vals: Any, name: str | None = None) -> Any:
        """Adds one element, waiting while the queue is full."""
        comps = self._convert(vals)
        for c, shape in zip(comps, self._shapes):
            c.shape.assert_is_compatible_with(shape)
        bind(QUEUE_ENQUEUE, tuple(comps), {"queue": self._queue_ref},
             self._enqueue_name(name, "enqueue"))
        return self._operation()

    def enqueue_many(self, vals: Any, name: str | None = None) -> Any:
        """Adds the elements that `vals` holds along its first dimension."""
        comps = self._convert(vals)
        batch = Dimension(None)
        for c, shape in zip(comps, self._shapes):
            s = c.shape.with_rank_at_least(1)
            batch = batch.merge_with(s.dims[0])
            s[1:].assert_is_compatible_with(shape)
        bind(QUEUE_ENQUEUE_MANY, tuple(comps), {"queue": self._queue_ref},
             self._enqueue_name(name, "EnqueueMany"))
        return self._operation()

    # -- dequeue --

    def _result(self, tensors: list) -> Any:
        if self._names is not None:
            return dict(zip(self._names, tensors))
        return tensors[0] if len(tensors) == 1 else list(tensors)

    def dequeue(self, name: str | None = None) -> Any:
        """Removes one element, waiting while the queue is empty."""
        out = bind_multi(QUEUE_DEQUEUE, (), {"queue": self._queue_ref}, len(self._dtypes),
                         self._op_name(name, "Dequeue"))
        return self._result(list(out))

    def dequeue_many(self, n: Any, name: str | None = None) -> Any:
        """Removes n elements, stacked along a new first dimension."""
        out = bind_multi(QUEUE_DEQUEUE_MANY, (_count(n),), {"queue": self._queue_ref},
                         len(self._dtypes), self._op_name(name, "DequeueMany"))
        if _state.graph is not None and isinstance(n, (int, np.integer)):
            for t in out:  # (TF: a constant n is the batch's static size)
                t.set_shape(TensorShape([int(n)]).concatenate(t.shape[1:]))
        return self._result(list(out))

    def dequeue_up_to(self, n: Any, name: str | None = None) -> Any:
        """As dequeue_many, but once the queue is closed it returns what is left."""
        out = bind_multi(QUEUE_DEQUEUE_UP_TO, (_count(n),), {"queue": self._queue_ref},
                         len(self._dtypes), self._op_name(name, "DequeueUpTo"))
        return self._result(list(out))

    # -- state --

    def close(self, cancel_pending_enqueues: bool = False, name: str | None = None) -> Any:
        """No more enqueues; waiting dequeues take what is left, or fail."""
        bind(QUEUE_CLOSE, (), {"queue": self._queue_ref,
                               "cancel_pending_enqueues": bool(cancel_pending_enqueues)},
             self._op_name(name, "Close"))
        return self._operation()

    def is_closed(self, name: str | None = None) -> Tensor:
        return bind(QUEUE_IS_CLOSED, (), {"queue": self._queue_ref},
                    self._op_name(name, "IsClosed"))

    def size(self, name: str | None = None) -> Tensor:
        return bind(QUEUE_SIZE, (), {"queue": self._queue_ref}, self._op_name(name, "Size"))


def _dtype_list(dtypes: Any) -> list:
    items = dtypes if isinstance(dtypes, (list, tuple)) else [dtypes]
    return [dt.as_dtype(d) for d in items]


_NO_COMPONENTS = "Length for attr 'component_types' of 0 must be at least minimum 1"


def _check_names(names: Any, dtypes: list) -> list | None:
    if names is None:
        return None
    names = [names] if isinstance(names, str) else list(names)
    if len(names) != len(dtypes):
        raise ValueError("List of names must have the same length as the list of dtypes, "
                         f"received len(names)={len(names)},len(dtypes)={len(dtypes)}")
    return names


def _make(kind: str, capacity: Any, dtypes: list, shapes: Any, name: str,
          **state: Any) -> QueueState:
    """The state of a queue its op (`kind`V2) makes, refused as TF refuses it: a queue
    of no components by the op's definition (after TF's Python checks), then the
    kernel's checks."""
    if not dtypes:
        raise _refused(kind, name, f"{_NO_COMPONENTS}\n\t; NodeDef: {{{{node {kind}V2}}}}")
    after, capacity = state.get("min_after_dequeue", 0), int(capacity)
    if kind == "RandomShuffleQueue" and after >= capacity:
        raise _refused(kind, name, f"min_after_dequeue {after} must be < capacity {capacity}")
    return QueueState(kind, capacity, dtypes, _as_shapes(kind, shapes, dtypes, name), **state)


class FIFOQueue(QueueBase):
    """`tf.queue.FIFOQueue`: elements leave in the order they came."""

    def __init__(self, capacity: int, dtypes: Any, shapes: Any = None, names: Any = None,
                 shared_name: str | None = None, name: str = "fifo_queue") -> None:
        dtypes = _dtype_list(dtypes)
        names = _check_names(names, dtypes)
        super().__init__(dtypes, shapes, names,
                         _make("FIFOQueue", capacity, dtypes, shapes, name))
        self._in_graph(name)


class PaddingFIFOQueue(QueueBase):
    """`tf.queue.PaddingFIFOQueue`: a FIFOQueue whose components may have unknown
    dimensions; dequeue_many pads each batch to its largest element with zeros ("")."""

    def __init__(self, capacity: int, dtypes: Any, shapes: Any, names: Any = None,
                 shared_name: str | None = None, name: str = "padding_fifo_queue") -> None:
        dtypes = _dtype_list(dtypes)
        names = _check_names(names, dtypes)
        if not shapes:
            raise ValueError("When providing partial shapes, a list of shapes must be "
                             "provided.")
        if len(list(shapes)) != len(dtypes):
            raise ValueError("Shapes must be provided for all components, but received "
                             f"{len(dtypes)} dtypes and {len(list(shapes))} shapes.")
        super().__init__(dtypes, shapes, names,
                         _make("PaddingFIFOQueue", capacity, dtypes, shapes, name))
        self._in_graph(name)


class PriorityQueue(QueueBase):
    """`tf.queue.PriorityQueue`: each element starts with an int64 priority, and the
    smallest leaves first."""

    def __init__(self, capacity: int, types: Any, shapes: Any = None, names: Any = None,
                 shared_name: str | None = None, name: str = "priority_queue") -> None:
        if not _dtype_list(types):  # (not TF's error, which is about its shapes)
            raise InvalidArgumentError(None, None, _NO_COMPONENTS)
        dtypes = [dt.int64] + _dtype_list(types)
        names = _check_names(names, dtypes[1:])
        shapes = None if shapes is None else [()] + list(shapes)
        super().__init__(dtypes, shapes, names,
                         _make("PriorityQueue", capacity, dtypes, shapes, name))
        self._in_graph(name)


class RandomShuffleQueue(QueueBase):
    """`tf.queue.RandomShuffleQueue`: elements leave in a random order, and (until it is
    closed) a dequeue leaves at least `min_after_dequeue` elements behind."""

    def __init__(self, capacity: int, min_after_dequeue: int, dtypes: Any, shapes: Any = None,
                 names: Any = None, seed: int | None = None, shared_name: str | None = None,
                 name: str = "random_shuffle_queue") -> None:
        dtypes = _dtype_list(dtypes)
        names = _check_names(names, dtypes)
        s, s2 = get_seed(seed)
        st = _make("RandomShuffleQueue", capacity, dtypes, shapes, name,
                   min_after_dequeue=int(min_after_dequeue), seeds=(s or 0, s2 or 0))
        super().__init__(dtypes, shapes, names, st)
        self._in_graph(name)
