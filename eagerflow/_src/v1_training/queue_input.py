"""TF 1's queue-based input pipelines: `train.QueueRunner`, `add_queue_runner`,
`start_queue_runners`, `limit_epochs`, the producers (`input_producer`,
`string_input_producer`, `range_input_producer`, `slice_input_producer`) and the batchers
(`batch`, `batch_join`, `shuffle_batch`, `shuffle_batch_join`).

TF 1 training-loop layer (v1_training/), above v1/ and summary/. The queues are
ops/queue_ops' (their waits are real: producer threads and the training loop meet in
them); a QueueRunner's threads run its enqueue operations through the Session until the
queue upstream is exhausted (OutOfRangeError), then close its queue, so the loop's own
dequeue ends with OutOfRangeError. The graphs built are TF's: the same scopes, node names,
queue-fullness summaries and the `limit_epochs/epochs` local variable.
A queue's contents live outside the Session (one state per queue object): two Sessions
on one graph share them, where TF keeps one queue per Session.
"""

from __future__ import annotations

import threading
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.context import executing_eagerly
from eagerflow._src.core.errors import OutOfRangeError, exception_type_from_error_code
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.core.tf_logging import deprecated_call, get_logger
from eagerflow._src.function.compat_v1 import get_default_graph
from eagerflow._src.function.graph_variables import GraphKeys
from eagerflow._src.graph.symbolic_tensor import get_default_session
from eagerflow._src.ops import resource_ops
from eagerflow._src.ops.array import constant, expand_dims, reshape, shape
from eagerflow._src.ops.control_deps import control_dependencies
from eagerflow._src.ops.debugging import Assert
from eagerflow._src.ops.indexing import boolean_mask, gather
from eagerflow._src.ops.math import greater
from eagerflow._src.ops.math import maximum as _maximum
from eagerflow._src.ops.math_base import cast, identity
from eagerflow._src.ops.queue_ops import FIFOQueue, PaddingFIFOQueue, RandomShuffleQueue
from eagerflow._src.ops.random import shuffle as random_shuffle
from eagerflow._src.ops.reduce import size
from eagerflow._src.ops.sequences import range as _range
from eagerflow._src.ops.serialization import read_varint
from eagerflow._src.ops.tiling import tile
from eagerflow._src.saved_model.meta_graph_import import (  # noqa: F401 - re-exported
    import_meta_graph,
    register_proto_function,
)
from eagerflow._src.v1.tf1_args import name_scope
from eagerflow._src.v1.variables import VariableV1
from eagerflow._src.v1_training.summary_v1 import scalar as _summary_scalar

_INPUT = "tensorflow.python.training.input"
_QR = "tensorflow.python.training.queue_runner_impl"
_NOTICE = "Queue-based input pipelines have been replaced by `tf.data`. Use `{}."
_EAGER = ("Input pipelines based on Queues are not supported when eager execution is "
          "enabled. Please use tf.data to ingest data into your model instead.")
_EAGER_BATCH = ("Queue-using input pipelines are not supported when eager execution is "
                "enabled. Please use tf.data to ingest data into your model instead.")


# -- QueueRunner --------------------------------------------------------------------------

class QueueRunner:
    """`tf.compat.v1.train.QueueRunner(queue, enqueue_ops, close_op=None, cancel_op=None,
    queue_closed_exception_types=None)`: threads that keep one queue filled."""

    def __init__(self, queue: Any = None, enqueue_ops: Any = None, close_op: Any = None,
                 cancel_op: Any = None, queue_closed_exception_types: Any = None,
                 queue_runner_def: Any = None, import_scope: Any = None) -> None:
        deprecated_call("QueueRunner.__init__", _QR, "To construct input pipelines, use the "
                        "`tf.data` module.")
        if executing_eagerly():
            raise RuntimeError("QueueRunners are not supported when eager execution is "
                               "enabled. Instead, please use tf.data to get data into your "
                               "model.")
        if queue_runner_def is not None:
            if queue or enqueue_ops:
                raise ValueError("queue_runner_def and queue are mutually exclusive.")
            self._init_from_proto(queue_runner_def, import_scope)
            return
        if queue is None:
            raise ValueError("Queue is a required parameter")
        if not enqueue_ops:
            raise ValueError("Empty enqueue ops list")
        self._queue = queue
        self._enqueue_ops = list(enqueue_ops)
        self._close_op = queue.close() if close_op is None else close_op
        self._cancel_op = (queue.close(cancel_pending_enqueues=True) if cancel_op is None
                           else cancel_op)
        types = (OutOfRangeError,) if queue_closed_exception_types is None else \
            tuple(queue_closed_exception_types)
        if not types:
            raise ValueError("Empty queue_closed_exception_types")
        self._queue_closed_exception_types = types
        self._lock = threading.Lock()
        self._runs_per_session: dict = {}
        self._exceptions_raised: list = []

    def _init_from_proto(self, queue_runner_def: Any, import_scope: Any) -> None:
        """The runner a meta graph's QueueRunnerDef describes, its operations looked up by
        name in the default graph (under `import_scope`)."""
        d = _runner_def(queue_runner_def)
        g = get_default_graph()

        def element(name: str) -> Any:
            return g.as_graph_element(f"{import_scope}/{name}" if import_scope else name)

        self._queue = element(d["queue_name"])
        self._enqueue_ops = [element(n) for n in d["enqueue_op_name"]]
        self._close_op = element(d["close_op_name"])
        self._cancel_op = element(d["cancel_op_name"])
        codes = d["queue_closed_exception_types"] or [_OUT_OF_RANGE]
        self._queue_closed_exception_types = tuple(exception_type_from_error_code(c)
                                                   for c in codes)
        self._lock = threading.Lock()
        self._runs_per_session = {}
        self._exceptions_raised = []

    @staticmethod
    def from_proto(queue_runner_def: Any, import_scope: Any = None) -> QueueRunner:
        """The QueueRunner of a QueueRunnerDef (a meta graph's queue_runners collection)."""
        return QueueRunner(queue_runner_def=queue_runner_def, import_scope=import_scope)

    queue = property(lambda self: self._queue)
    enqueue_ops = property(lambda self: self._enqueue_ops)
    close_op = property(lambda self: self._close_op)
    cancel_op = property(lambda self: self._cancel_op)
    queue_closed_exception_types = property(lambda self: self._queue_closed_exception_types)
    exceptions_raised = property(lambda self: self._exceptions_raised)

    @property
    def name(self) -> str:
        return self._queue.name

    def _run(self, sess: Any, enqueue_op: Any, coord: Any) -> None:
        """One thread: runs `enqueue_op` until the input ends (the last thread then closes
        the queue) or the coordinator stops; another error stops the coordinator."""
        decremented = False
        try:
            while not (coord is not None and coord.should_stop()):
                try:
                    sess.run(enqueue_op)
                except self._queue_closed_exception_types:
                    with self._lock:
                        self._runs_per_session[sess] -= 1
                        decremented = True
                        if self._runs_per_session[sess] == 0:
                            try:
                                sess.run(self._close_op)
                            except Exception as e:  # noqa: BLE001 - TF logs and goes on
                                get_logger().info("Ignored exception: %s", e)
                        return
        except Exception as e:  # noqa: BLE001 - reported to the coordinator, as TF does
            if coord is not None:
                coord.request_stop(e)
            else:
                get_logger().error("Exception in QueueRunner: %s", e)
                with self._lock:
                    self._exceptions_raised.append(e)
                raise
        finally:
            if not decremented:
                with self._lock:
                    self._runs_per_session[sess] -= 1

    def _close_on_stop(self, sess: Any, coord: Any) -> None:
        coord.wait_for_stop()
        try:
            sess.run(self._cancel_op)
        except Exception as e:  # noqa: BLE001 - TF logs and goes on
            get_logger().info("Ignored exception: %s", e)

    def create_threads(self, sess: Any, coord: Any = None, daemon: bool = False,
                       start: bool = False) -> list:
        """One thread per enqueue op (and one that cancels the queue when `coord` stops);
        none if this Session's threads are still running."""
        with self._lock:
            if self._runs_per_session.get(sess, 0) > 0:
                return []
            self._runs_per_session[sess] = len(self._enqueue_ops)
            self._exceptions_raised = []
        threads = [threading.Thread(target=self._run, args=(sess, op, coord), daemon=daemon,
                                    name=f"QueueRunnerThread-{self.name}-{op.name}")
                   for op in self._enqueue_ops]
        if coord is not None:
            threads.append(threading.Thread(target=self._close_on_stop, args=(sess, coord),
                                            daemon=daemon,
                                            name=f"QueueRunnerThread-{self.name}-close_on_stop"))
        for t in threads:
            if coord is not None:
                coord.register_thread(t)
            if start:
                t.start()
        return threads


_OUT_OF_RANGE = 11  # (TF's error code)
_RUNNER_FIELDS = {1: "queue_name", 2: "enqueue_op_name", 3: "close_op_name",
                  4: "cancel_op_name", 5: "queue_closed_exception_types"}


def _runner_def(message: Any) -> dict:
    """A QueueRunnerDef's fields, from its wire bytes (TensorBoard's protos, which eagerflow
    reads TF's messages with, have no QueueRunnerDef) or a message object."""
    if not isinstance(message, (bytes, bytearray)):
        message = message.SerializeToString()
    out: dict = {"queue_name": "", "enqueue_op_name": [], "close_op_name": "",
                 "cancel_op_name": "", "queue_closed_exception_types": []}
    i = 0
    while i < len(message):
        key, i = read_varint(message, i)
        field = _RUNNER_FIELDS.get(key >> 3)
        if key & 7 == 0:
            value, i = read_varint(message, i)
            if field == "queue_closed_exception_types":
                out[field].append(value)
            continue
        n, i = read_varint(message, i)
        data, i = bytes(message[i:i + n]), i + n
        if field == "queue_closed_exception_types":  # (packed)
            j = 0
            while j < len(data):
                value, j = read_varint(data, j)
                out[field].append(value)
        elif field == "enqueue_op_name":
            out[field].append(data.decode())
        elif field is not None:
            out[field] = data.decode()
    return out


def add_queue_runner(qr: QueueRunner, collection: str = GraphKeys.QUEUE_RUNNERS) -> None:
    """Adds `qr` to the graph's `collection`, for start_queue_runners."""
    deprecated_call("add_queue_runner", _QR, "To construct input pipelines, use the `tf.data` "
                    "module.")
    get_default_graph().add_to_collection(collection, qr)


def start_queue_runners(sess: Any = None, coord: Any = None, daemon: bool = True,
                        start: bool = True, collection: str = GraphKeys.QUEUE_RUNNERS) -> list:
    """Starts the threads of every QueueRunner in the graph's `collection`."""
    deprecated_call("start_queue_runners", _QR, "To construct input pipelines, use the "
                    "`tf.data` module.")
    if executing_eagerly():
        raise RuntimeError("Queues are not compatible with eager execution.")
    if sess is None:
        sess = get_default_session()
        if not sess:
            raise ValueError("Cannot start queue runners: No default session is registered. "
                             "Use `with sess.as_default()` or pass an explicit session to "
                             "tf.start_queue_runners(sess=sess)")
    if coord is not None and not hasattr(coord, "register_thread"):
        raise TypeError(f"coord must be a Coordinator, got {type(coord)}")
    threads = []
    for qr in sess.graph.get_collection(collection):
        threads.extend(qr.create_threads(sess, coord=coord, daemon=daemon, start=start))
    return threads


# -- limit_epochs and the producers -------------------------------------------------------

def limit_epochs(tensor: Any, num_epochs: int | None = None, name: str | None = None) -> Any:
    """`tensor`, which raises OutOfRangeError once it has been read `num_epochs` times
    (counted by the local variable `limit_epochs/epochs`)."""
    deprecated_call("limit_epochs", _INPUT, _NOTICE.format(
        "tf.data.Dataset.from_tensors(tensor).repeat(num_epochs)`"))
    if num_epochs is None:
        return tensor
    if num_epochs <= 0:
        raise ValueError(f"num_epochs must be > 0 not {num_epochs}.")
    with name_scope(name, "limit_epochs", [tensor]):
        zero64 = constant(0, dtype=dt.int64)
        epochs = VariableV1(zero64, name="epochs", trainable=False,
                            collections=[GraphKeys.LOCAL_VARIABLES])
        counter = resource_ops.count_up_to(epochs, num_epochs)
        with control_dependencies([counter]):
            return identity(tensor)


def _fraction_summary(queue: Any, capacity: int, name: str) -> None:
    full = cast(queue.size(), dt.float32) * (1.0 / capacity)
    _summary_scalar(name, full)


def _refuse_eager(words: str = _EAGER) -> None:
    if executing_eagerly():
        raise RuntimeError(words)


def input_producer(input_tensor: Any, element_shape: Any = None, num_epochs: int | None = None,
                   shuffle: bool = True, seed: Any = None, capacity: int = 32,
                   shared_name: str | None = None, summary_name: str | None = None,
                   name: str | None = None, cancel_op: Any = None) -> Any:
    """A FIFOQueue fed (by a QueueRunner) with the rows of `input_tensor`, shuffled each
    epoch when `shuffle`, for `num_epochs` epochs (None: forever)."""
    deprecated_call("input_producer", _INPUT, _NOTICE.format(
        "tf.data.Dataset.from_tensor_slices(input_tensor).shuffle(tf.shape(input_tensor, "
        "out_type=tf.int64)[0]).repeat(num_epochs)`. If `shuffle=False`, omit the "
        "`.shuffle(...)`"))
    return _input_producer(input_tensor, element_shape, num_epochs, shuffle, seed, capacity,
                           shared_name, summary_name, name, cancel_op)


def _input_producer(input_tensor: Any, element_shape: Any, num_epochs: Any, shuffle: bool,
                    seed: Any, capacity: int, shared_name: Any, summary_name: Any, name: Any,
                    cancel_op: Any) -> Any:
    _refuse_eager()
    with name_scope(name, "input_producer", [input_tensor]) as scope:
        input_tensor = convert_to_tensor(input_tensor)
        element_shape = input_tensor.shape[1:].merge_with(TensorShape(element_shape))
        if not element_shape.is_fully_defined():
            raise ValueError("Either `input_tensor` must have a fully defined shape or "
                             "`element_shape` must be specified")
        if shuffle:
            input_tensor = random_shuffle(input_tensor, seed=seed)
        input_tensor = limit_epochs(input_tensor, num_epochs)
        q = FIFOQueue(capacity=capacity, dtypes=[input_tensor.dtype], shapes=[element_shape],
                      shared_name=shared_name, name=scope)
        enq = q.enqueue_many([input_tensor])
        add_queue_runner(QueueRunner(q, [enq], cancel_op=cancel_op))
        if summary_name is not None:
            _fraction_summary(q, capacity, summary_name)
        return q


_NOT_NULL = "string_input_producer requires a non-null input tensor"


def string_input_producer(string_tensor: Any, num_epochs: int | None = None,
                          shuffle: bool = True, seed: Any = None, capacity: int = 32,
                          shared_name: str | None = None, name: str | None = None,
                          cancel_op: Any = None) -> Any:
    """A queue of the strings (file names) of `string_tensor`, `num_epochs` times over."""
    deprecated_call("string_input_producer", _INPUT, _NOTICE.format(
        "tf.data.Dataset.from_tensor_slices(string_tensor).shuffle(tf.shape(input_tensor, "
        "out_type=tf.int64)[0]).repeat(num_epochs)`. If `shuffle=False`, omit the "
        "`.shuffle(...)`"))
    if not isinstance(string_tensor, Tensor) and not len(string_tensor):
        raise ValueError(_NOT_NULL)
    _refuse_eager()
    with name_scope(name, "input_producer", [string_tensor]) as scope:
        string_tensor = convert_to_tensor(string_tensor, dtype=dt.string)
        with control_dependencies([Assert(greater(size(string_tensor), 0), [_NOT_NULL])]):
            string_tensor = identity(string_tensor)
        return input_producer(string_tensor, [], num_epochs, shuffle, seed, capacity,
                              shared_name, f"fraction_of_{capacity}_full", scope, cancel_op)


def range_input_producer(limit: Any, num_epochs: int | None = None, shuffle: bool = True,
                         seed: Any = None, capacity: int = 32, shared_name: str | None = None,
                         name: str | None = None) -> Any:
    """A queue of the integers 0 .. limit-1, `num_epochs` times over."""
    deprecated_call("range_input_producer", _INPUT, _NOTICE.format(
        "tf.data.Dataset.range(limit).shuffle(limit).repeat(num_epochs)`. If "
        "`shuffle=False`, omit the `.shuffle(...)`"))
    _refuse_eager()
    with name_scope(name, "input_producer", [limit]) as scope:
        range_tensor = _range(limit)
        return input_producer(range_tensor, [], num_epochs, shuffle, seed, capacity,
                              shared_name, f"fraction_of_{capacity}_full", scope)


def slice_input_producer(tensor_list: Any, num_epochs: int | None = None, shuffle: bool = True,
                         seed: Any = None, capacity: int = 32, shared_name: str | None = None,
                         name: str | None = None) -> list:
    """One row of each tensor of `tensor_list` at a time (the same row of each)."""
    deprecated_call("slice_input_producer", _INPUT, _NOTICE.format(
        "tf.data.Dataset.from_tensor_slices(tuple(tensor_list)).shuffle(tf.shape(input_tensor,"
        " out_type=tf.int64)[0]).repeat(num_epochs)`. If `shuffle=False`, omit the "
        "`.shuffle(...)`"))
    _refuse_eager()
    with name_scope(name, "input_producer", list(tensor_list)):
        tensor_list = [convert_to_tensor(t) for t in tensor_list]
        if not tensor_list:
            raise ValueError("Expected at least one tensor in slice_input_producer().")
        range_size = shape(tensor_list[0])[0]
        queue = range_input_producer(range_size, num_epochs=num_epochs, shuffle=shuffle,
                                     seed=seed, capacity=capacity, shared_name=shared_name)
        index = queue.dequeue()
        return [gather(t, index) for t in tensor_list]


# -- the batchers -------------------------------------------------------------------------

def _flat(tensors: Any) -> list:
    if isinstance(tensors, dict):
        return [tensors[k] for k in sorted(tensors)]
    return list(nest.flatten(tensors))


def _as_original(original: Any, dequeued: Any) -> Any:
    if isinstance(original, dict):
        out = [dequeued] if len(original) == 1 else list(dequeued)
        return {k: out[i] for i, k in enumerate(sorted(original))}
    if isinstance(original, Tensor):
        return dequeued
    flat = [dequeued] if not isinstance(dequeued, list) else dequeued
    if len(flat) == 1 and isinstance(original, (list, tuple)) and len(original) == 1:
        return dequeued  # (TF: a one-component queue dequeues a tensor, not a list)
    return nest.pack_sequence_as(original, flat)


def _shapes(tensor_lists: list, shapes: Any, enqueue_many: bool, dynamic_pad: bool) -> list:
    if shapes is None:
        shapes = []
        for i in range(len(tensor_lists[0])):
            s = tensor_lists[0][i].shape
            if enqueue_many:
                s = s.with_rank_at_least(1)[1:]
            for tl in tensor_lists[1:]:
                other = tl[i].shape
                s = s.merge_with(other.with_rank_at_least(1)[1:] if enqueue_many else other)
            shapes.append(s)
    shapes = [TensorShape(s) for s in shapes]
    if not dynamic_pad and not all(s.is_fully_defined() for s in shapes):
        raise ValueError(f"All shapes must be fully defined: {shapes}")
    return shapes


def _validate(tensor_list: list, what: str) -> list:
    if not tensor_list:
        raise ValueError(f"Expected at least one tensor in {what}().")
    return [convert_to_tensor(t) for t in tensor_list]


def _keep(keep_input: Any, enqueue_many: bool) -> Any:
    """`keep_input` as a bool tensor (TF's checks); None when every element is kept."""
    if keep_input is True:
        return None
    keep = convert_to_tensor(keep_input, dtype=dt.bool)
    rank = keep.shape.rank
    if rank is None:
        raise ValueError("`keep_input` dimensions must be known at graph construction.")
    if not enqueue_many and rank == 1:
        raise ValueError("`keep_input` cannot be a vector when `enqueue_many=False`.")
    if rank > 1:
        raise ValueError("`keep_input` must be 0 or 1 dimensions.")
    return keep


def _kept(tensors: list, keep: Any, enqueue_many: bool) -> list:
    """The elements `keep` keeps, as a batch for enqueue_many (0 or 1 of one element): the
    same elements TF's cond around the enqueue (or its per-row selection) enqueues."""
    if not enqueue_many:
        mask = reshape(keep, [1])
        return [boolean_mask(expand_dims(t, 0), mask) for t in tensors]
    if keep.shape.rank == 0:
        keep = tile(reshape(keep, [1]), reshape(shape(tensors[0])[0], [1]))
    return [boolean_mask(t, keep) for t in tensors]


def _batch_queue(kind: str, tensor_lists: list, capacity: int, shapes: Any,
                 enqueue_many: bool, dynamic_pad: bool, shared_name: Any, threads_each: int,
                 min_after_dequeue: int = 0, seed: Any = None, keep: Any = None) -> Any:
    types = [t.dtype for t in tensor_lists[0]]
    for tl in tensor_lists[1:]:
        if [t.dtype for t in tl] != types:
            raise TypeError(f"Expected types to be consistent: {[t.dtype for t in tl]} vs. "
                            f"{types}.")
    shapes = _shapes(tensor_lists, shapes, enqueue_many, dynamic_pad)
    if kind == "shuffle":
        queue: Any = RandomShuffleQueue(capacity=capacity, min_after_dequeue=min_after_dequeue,
                                        seed=seed, dtypes=types, shapes=shapes,
                                        shared_name=shared_name)
    elif dynamic_pad:
        queue = PaddingFIFOQueue(capacity=capacity, dtypes=types, shapes=shapes,
                                 shared_name=shared_name)
    else:
        queue = FIFOQueue(capacity=capacity, dtypes=types, shapes=shapes,
                          shared_name=shared_name)
    enqueue = queue.enqueue_many if enqueue_many else queue.enqueue
    ops = []
    for tl in tensor_lists:
        op = enqueue(tl) if keep is None else queue.enqueue_many(_kept(tl, keep, enqueue_many))
        ops.extend([op] * threads_each)
    add_queue_runner(QueueRunner(queue, ops))
    if kind == "shuffle":
        room = capacity - min_after_dequeue
        full = cast(_maximum(0, queue.size() - min_after_dequeue), dt.float32) * (1.0 / room)
        _summary_scalar(f"fraction_over_{min_after_dequeue}_of_{room}_full", full)
    else:
        _fraction_summary(queue, capacity, f"fraction_of_{capacity}_full")
    return queue


def _dequeue(queue: Any, batch_size: Any, allow_smaller_final_batch: bool, name: str) -> Any:
    if allow_smaller_final_batch:
        return queue.dequeue_up_to(batch_size, name=name)
    return queue.dequeue_many(batch_size, name=name)


def _batch(kind: str, what: str, tensors_list: list, originals: Any, batch_size: Any,
           capacity: int, threads_each: int, enqueue_many: bool, shapes: Any,
           dynamic_pad: bool, allow_smaller_final_batch: bool, shared_name: Any, name: Any,
           min_after_dequeue: int = 0, seed: Any = None, keep_input: Any = True) -> Any:
    if executing_eagerly():
        raise ValueError(_EAGER_BATCH)
    flat_lists = [_flat(t) for t in tensors_list]
    with name_scope(name, what, [t for tl in flat_lists for t in tl]) as scope:
        flat_lists = [_validate(tl, what) for tl in flat_lists]
        keep = _keep(keep_input, enqueue_many)
        if kind == "shuffle" and min_after_dequeue >= capacity:
            raise ValueError(f"min_after_dequeue {min_after_dequeue} must be < capacity "
                             f"{capacity}")  # (TF fails later, in the queue's kernel)
        queue = _batch_queue(kind, flat_lists, capacity, shapes, enqueue_many, dynamic_pad,
                             shared_name, threads_each, min_after_dequeue, seed, keep)
        dequeued = _dequeue(queue, batch_size, allow_smaller_final_batch, scope)
        return _as_original(originals, dequeued)


def batch(tensors: Any, batch_size: Any, num_threads: int = 1, capacity: int = 32,
          enqueue_many: bool = False, shapes: Any = None, dynamic_pad: bool = False,
          allow_smaller_final_batch: bool = False, shared_name: str | None = None,
          name: str | None = None) -> Any:
    """Batches of `batch_size` of `tensors`, which `num_threads` threads enqueue."""
    deprecated_call("batch", _INPUT, _NOTICE.format(
        "tf.data.Dataset.batch(batch_size)` (or `padded_batch(...)` if `dynamic_pad=True`)"))
    return _batch("fifo", "batch", [tensors], tensors, batch_size, capacity, num_threads,
                  enqueue_many, shapes, dynamic_pad, allow_smaller_final_batch, shared_name,
                  name)


def batch_join(tensors_list: Any, batch_size: Any, capacity: int = 32,
               enqueue_many: bool = False, shapes: Any = None, dynamic_pad: bool = False,
               allow_smaller_final_batch: bool = False, shared_name: str | None = None,
               name: str | None = None) -> Any:
    """As batch, from several lists of tensors, one enqueueing thread each."""
    deprecated_call("batch_join", _INPUT, _NOTICE.format(
        "tf.data.Dataset.interleave(...).batch(batch_size)` (or `padded_batch(...)` if "
        "`dynamic_pad=True`)"))
    return _batch("fifo", "batch_join", list(tensors_list), tensors_list[0], batch_size,
                  capacity, 1, enqueue_many, shapes, dynamic_pad, allow_smaller_final_batch,
                  shared_name, name)


def shuffle_batch(tensors: Any, batch_size: Any, capacity: int, min_after_dequeue: int,
                  num_threads: int = 1, seed: Any = None, enqueue_many: bool = False,
                  shapes: Any = None, allow_smaller_final_batch: bool = False,
                  shared_name: str | None = None, name: str | None = None) -> Any:
    """Batches drawn at random from a RandomShuffleQueue holding at least
    `min_after_dequeue` elements (until the input ends)."""
    deprecated_call("shuffle_batch", _INPUT, _NOTICE.format(
        "tf.data.Dataset.shuffle(min_after_dequeue).batch(batch_size)`"))
    return _batch("shuffle", "shuffle_batch", [tensors], tensors, batch_size, capacity,
                  num_threads, enqueue_many, shapes, False, allow_smaller_final_batch,
                  shared_name, name, min_after_dequeue, seed)


def shuffle_batch_join(tensors_list: Any, batch_size: Any, capacity: int,
                       min_after_dequeue: int, seed: Any = None, enqueue_many: bool = False,
                       shapes: Any = None, allow_smaller_final_batch: bool = False,
                       shared_name: str | None = None, name: str | None = None) -> Any:
    """As shuffle_batch, from several lists of tensors, one enqueueing thread each."""
    deprecated_call("shuffle_batch_join", _INPUT, _NOTICE.format(
        "tf.data.Dataset.interleave(...).shuffle(min_after_dequeue).batch(batch_size)`"))
    return _batch("shuffle", "shuffle_batch_join", list(tensors_list), tensors_list[0],
                  batch_size, capacity, 1, enqueue_many, shapes, False,
                  allow_smaller_final_batch, shared_name, name, min_after_dequeue, seed)



def maybe_batch(tensors: Any, keep_input: Any, batch_size: Any, num_threads: int = 1,
                capacity: int = 32, enqueue_many: bool = False, shapes: Any = None,
                dynamic_pad: bool = False, allow_smaller_final_batch: bool = False,
                shared_name: str | None = None, name: str | None = None) -> Any:
    """As batch, enqueueing only the elements `keep_input` (a bool scalar, or a vector per
    row with `enqueue_many`) keeps."""
    deprecated_call("maybe_batch", _INPUT, _NOTICE.format(
        "tf.data.Dataset.filter(...).batch(batch_size)` (or `padded_batch(...)` if "
        "`dynamic_pad=True`)"))
    return _batch("fifo", "batch", [tensors], tensors, batch_size, capacity, num_threads,
                  enqueue_many, shapes, dynamic_pad, allow_smaller_final_batch, shared_name,
                  name, keep_input=keep_input)


def maybe_batch_join(tensors_list: Any, keep_input: Any, batch_size: Any, capacity: int = 32,
                     enqueue_many: bool = False, shapes: Any = None, dynamic_pad: bool = False,
                     allow_smaller_final_batch: bool = False, shared_name: str | None = None,
                     name: str | None = None) -> Any:
    """As batch_join, enqueueing only the elements `keep_input` keeps."""
    deprecated_call("maybe_batch_join", _INPUT, _NOTICE.format(
        "tf.data.Dataset.interleave(...).filter(...).batch(batch_size)` (or "
        "`padded_batch(...)` if `dynamic_pad=True`)"))
    return _batch("fifo", "batch_join", list(tensors_list), tensors_list[0], batch_size,
                  capacity, 1, enqueue_many, shapes, dynamic_pad, allow_smaller_final_batch,
                  shared_name, name, keep_input=keep_input)


def maybe_shuffle_batch(tensors: Any, batch_size: Any, capacity: int, min_after_dequeue: int,
                        keep_input: Any, num_threads: int = 1, seed: Any = None,
                        enqueue_many: bool = False, shapes: Any = None,
                        allow_smaller_final_batch: bool = False,
                        shared_name: str | None = None, name: str | None = None) -> Any:
    """As shuffle_batch, enqueueing only the elements `keep_input` keeps."""
    deprecated_call("maybe_shuffle_batch", _INPUT, _NOTICE.format(
        "tf.data.Dataset.filter(...).shuffle(min_after_dequeue).batch(batch_size)`"))
    return _batch("shuffle", "shuffle_batch", [tensors], tensors, batch_size, capacity,
                  num_threads, enqueue_many, shapes, False, allow_smaller_final_batch,
                  shared_name, name, min_after_dequeue, seed, keep_input)


def maybe_shuffle_batch_join(tensors_list: Any, batch_size: Any, capacity: int,
                             min_after_dequeue: int, keep_input: Any, seed: Any = None,
                             enqueue_many: bool = False, shapes: Any = None,
                             allow_smaller_final_batch: bool = False,
                             shared_name: str | None = None, name: str | None = None) -> Any:
    """As shuffle_batch_join, enqueueing only the elements `keep_input` keeps."""
    deprecated_call("maybe_shuffle_batch_join", _INPUT, _NOTICE.format(
        "tf.data.Dataset.interleave(...).filter(...).shuffle(min_after_dequeue)"
        ".batch(batch_size)`"))
    return _batch("shuffle", "shuffle_batch_join", list(tensors_list), tensors_list[0],
                  batch_size, capacity, 1, enqueue_many, shapes, False,
                  allow_smaller_final_batch, shared_name, name, min_after_dequeue, seed,
                  keep_input)


register_proto_function(GraphKeys.QUEUE_RUNNERS, QueueRunner.from_proto)
