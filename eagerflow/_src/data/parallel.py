"""Threaded transformations: prefetch, parallel map and (parallel) interleave.

Data layer. Work runs on daemon threads (NumPy releases the GIL inside its
kernels, so array work overlaps). Three rules hold throughout:

- an exception raised on a worker (by a map function, a generator, a reader) is
  handed to the consumer as the same exception object, so it surfaces at
  `next()` with its original traceback, and the iterator stays usable;
- worker threads hold only their inputs and a channel, never the consumer's
  iterator, so dropping the consumer's iterator closes it;
- `close()` stops and joins the workers and closes the inputs: no thread or file
  handle outlives an iterator that is closed or collected, even mid-stream.
"""

from __future__ import annotations

import collections
import threading
from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.backend import max_parallelism
from eagerflow._src.core.context import finalize, runtime_thread
from eagerflow._src.core.errors import InvalidArgumentError, op_error
from eagerflow._src.core.runtime_options import op_determinism_enabled
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.data import structure as dstruct
from eagerflow._src.data.dataset import AUTOTUNE, UNKNOWN, DatasetV2
from eagerflow._src.data.dataset_functions import (
    DatasetFunction,
    inner_structure,
    refuse_no_tensors,
    returned_non_dataset,
)
from eagerflow._src.data.functions import StructuredFunction
from eagerflow._src.data.graph_node_ids import node_id
from eagerflow._src.data.iterators import ElementIterator, IterContext
from eagerflow._src.data.sources import int64_arg, int64_value
from eagerflow._src.ops.eager_errors import raised_eagerly

_JOIN_TIMEOUT = 30.0
_OK, _ERR, _END = 0, 1, 2

# Set on the pipeline's own threads (prefetch producers, map workers). Only other threads
# (the consumer's) wait for a closed iterator's threads: a pipeline thread that closes one
# (its upstream at its end, or any iterator the garbage collector finalizes on it) only
# signals, since the thread it would wait for may be waiting for it (a prefetch closing
# the map whose worker collects the prefetch's own iterator), and each thread closes its
# upstream as it ends anyway.
_pipeline_thread = threading.local()


def _start_pipeline_thread() -> None:
    runtime_thread()
    _pipeline_thread.active = True


def _wait_for(t: threading.Thread) -> None:
    """Joins pipeline thread `t` after its iterator closed, where this thread may wait."""
    if t is not threading.current_thread() and not getattr(_pipeline_thread, "active", False):
        t.join(_JOIN_TIMEOUT)


def schedulable_cores() -> int:
    """The cores this process may run on, as TF counts them for AUTOTUNE (its
    port::MaxParallelism: the CPU affinity mask, not the machine's count)."""
    return max_parallelism()


def autotuned_cycle(cycle: int, parallel: int | None) -> int:
    """The cycle length TF's interleave kernels run for `cycle` (AUTOTUNE: their choice,
    made once when the dataset is made): a plain interleave cycles through as many
    elements as the process's cores; a parallel one through `num_parallel_calls` of them
    (at most the cores), or, its parallelism autotuned too, a third of the cores, rounded
    up (each element of the cycle keeps two more opened ahead: three threads a core)."""
    if cycle != AUTOTUNE:
        return cycle
    cores = schedulable_cores()
    if parallel is None:
        return cores
    return min(parallel, cores) if parallel != AUTOTUNE else -(-cores // 3)


def _default_threads(ctx: IterContext | None) -> int:
    if ctx is not None and ctx.threads:
        return ctx.threads
    return schedulable_cores()


# ---------------------------------------------------------------------------------------
# prefetch
# ---------------------------------------------------------------------------------------

class _Channel:
    """A bounded FIFO between one producer thread and the consumer.

    An autotuned buffer (`size` AUTOTUNE) grows as TF's legacy prefetch autotuner grows it:
    it holds one element until the consumer has found it full and then emptied it, and
    doubles each time that happens. How far the producer runs ahead of a consumer that stops
    early is then TF's: a `cache()` upstream of `prefetch(AUTOTUNE)` completes (or is
    discarded) as in TF, not by which thread the scheduler ran first."""

    __slots__ = ("items", "limit", "tuning", "full_seen", "cv", "closed")

    def __init__(self, size: int) -> None:
        self.items: collections.deque = collections.deque()
        self.tuning = size == AUTOTUNE
        self.limit = 1 if self.tuning else size
        self.full_seen = False  # (TF's "downswing": the buffer reached its limit)
        self.cv = threading.Condition(threading.Lock())
        self.closed = False

    def put(self, item: tuple) -> bool:
        with self.cv:
            while len(self.items) >= self.limit and not self.closed:
                self.cv.wait()
            if self.closed:
                return False
            self.items.append(item)
            self.cv.notify_all()
            return True

    def wait_room(self) -> bool:
        """Waits for room in the buffer (False once closed), so that an element is made only
        when the buffer can take it, as TF's prefetch thread waits before each GetNext."""
        with self.cv:
            while len(self.items) >= self.limit and not self.closed:
                self.cv.wait()
            return not self.closed

    def get(self) -> tuple:
        with self.cv:
            while not self.items:
                self._tune(0)
                self.cv.wait()
            self._tune(len(self.items))
            item = self.items.popleft()
            self.cv.notify_all()
            return item

    def _tune(self, held: int) -> None:
        """TF's autotuner sees the buffer at each consumption (and each time it is found
        empty): full once, then empty again, and the limit grows (by doubling up to 2048
        elements, by 2048 past that)."""
        if not self.tuning:
            return
        if not self.full_seen:
            self.full_seen = held == self.limit
        elif held == 0:
            self.limit += min(self.limit, 2048)
            self.full_seen = False
            self.cv.notify_all()

    def close(self) -> None:
        with self.cv:
            self.closed = True
            self.items.clear()
            self.cv.notify_all()


def _produce(upstream: ElementIterator, ch: _Channel) -> None:
    _start_pipeline_thread()
    try:
        while ch.wait_room():
            try:
                item = (_OK, next(upstream))
            except StopIteration:
                ch.put((_END, None))
                return
            except BaseException as e:  # noqa: BLE001 - delivered to the consumer
                item = (_ERR, e)
            if not ch.put(item):
                return
            del item
    finally:
        upstream.close()


class _PrefetchIterator(ElementIterator):
    __slots__ = ("_ch", "_thread", "_upstream", "_done", "__weakref__")

    def __init__(self, upstream: ElementIterator, size: int) -> None:
        self._ch = _Channel(size)
        self._done = False
        # the producer starts at the first `next`, as TF's prefetch starts its thread at
        # its first GetNext: an iterator made and dropped unread (Keras's epoch iterator
        # makes one after each epoch) runs none of the pipeline, random ops included
        self._upstream: ElementIterator | None = upstream
        self._thread: threading.Thread | None = None

    def __next__(self) -> tuple:
        if self._done:
            raise StopIteration
        if self._thread is None:
            self._thread = threading.Thread(target=_produce, args=(self._upstream, self._ch),
                                            daemon=True, name="tf_data_prefetch")
            self._upstream = None
            self._thread.start()
        kind, value = self._ch.get()
        if kind == _OK:
            return value
        if kind == _END:
            self.close()
            raise StopIteration
        raise value

    def close(self) -> None:
        self._done = True
        ch = getattr(self, "_ch", None)
        if ch is None:
            return
        ch.close()
        t = self._thread
        if t is None:
            upstream, self._upstream = self._upstream, None
            if upstream is not None:
                upstream.close()
            return
        _wait_for(t)

    def __del__(self) -> None:
        finalize(self.close)


def refuse_tensor_buffer_size(buffer_size: Any) -> None:
    """TF passes `buffer_size == AUTOTUNE` as the op's bool attr: a tensor's comparison (in
    a function too) or a NumPy scalar's is no bool, so prefetch takes Python ints only."""
    if isinstance(buffer_size, (Tensor, np.generic)):
        raise TypeError(f"Expected bool for argument 'legacy_autotune' not "
                        f"{buffer_size == AUTOTUNE!r}.")


class PrefetchDataset(DatasetV2):
    _repr_name = "_PrefetchDataset"

    def __init__(self, input_dataset: DatasetV2, buffer_size: Any) -> None:
        super().__init__((input_dataset,))
        if buffer_size is None:
            buffer_size = AUTOTUNE
        n = int64_arg(buffer_size, "buffer_size", "PrefetchDataset")
        refuse_tensor_buffer_size(buffer_size)
        if n < 0 and n != AUTOTUNE:
            raise raised_eagerly(op_error(InvalidArgumentError, "PrefetchDataset",
                                          "buffer_size must be >= 0 or set buffer_size to be -1 "
                                          "for auto-tuning"), host=True)
        self._size = n  # (AUTOTUNE as it is: an exported graph's PrefetchDataset takes it)

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        upstream = self._inputs[0]._make_iterator(ctx)
        if self._size == 0:
            return upstream
        return _PrefetchIterator(upstream, self._size)


# ---------------------------------------------------------------------------------------
# parallel map
# ---------------------------------------------------------------------------------------

class _MapState:
    """Shared by the workers of one parallel-map iterator and its consumer."""

    def __init__(self, upstream: ElementIterator, call: Callable, buffer: int) -> None:
        self.upstream, self.call, self.buffer = upstream, call, buffer
        self.cv = threading.Condition(threading.Lock())
        self.in_lock = threading.Lock()
        self.results: dict = {}
        self.order: collections.deque = collections.deque()
        self.next_in = 0
        self.next_out = 0
        self.consumed = 0
        self.end: int | None = None
        self.closed = False
        self.alive = 0
        self.upstream_closed = False


def _map_worker(st: _MapState) -> None:
    _start_pipeline_thread()
    try:
        while True:
            with st.cv:
                while (not st.closed and st.end is None
                       and st.next_in - st.consumed >= st.buffer):
                    st.cv.wait()
                if st.closed or st.end is not None:
                    return
            with st.in_lock:
                if st.closed or st.end is not None:
                    return
                seq = st.next_in
                err = None
                try:
                    elem = st.upstream.__next__()
                except StopIteration:
                    with st.cv:
                        st.end = seq
                        st.cv.notify_all()
                    return
                except BaseException as e:  # noqa: BLE001 - delivered to the consumer
                    elem, err = None, e
                st.next_in = seq + 1
            if err is None:
                try:
                    res = (True, st.call(elem))
                except BaseException as e:  # noqa: BLE001 - delivered to the consumer
                    res = (False, e)
            else:
                res = (False, err)
            del elem, err
            with st.cv:
                st.results[seq] = res
                st.order.append(seq)
                st.cv.notify_all()
            del res
    finally:
        with st.cv:
            st.alive -= 1
            last = st.alive == 0 and st.closed and not st.upstream_closed
            if last:
                st.upstream_closed = True
        if last:
            st.upstream.close()


class _ParallelMapIterator(ElementIterator):
    __slots__ = ("_st", "_threads", "_started", "_deterministic", "__weakref__")

    def __init__(self, upstream: ElementIterator, call: Callable, n_threads: int,
                 deterministic: bool) -> None:
        self._st = st = _MapState(upstream, call, max(2, 2 * n_threads))
        self._deterministic = deterministic
        st.alive = n_threads
        # the workers start at the first `next`, as TF's start at the first GetNext
        self._threads = [threading.Thread(target=_map_worker, args=(st,), daemon=True,
                                          name="tf_data_parallel_map") for _ in range(n_threads)]
        self._started = False

    def __next__(self) -> tuple:
        st = self._st
        if not self._started:
            self._started = True
            for t in self._threads:
                t.start()
        found = False
        with st.cv:
            while not st.closed:
                if self._deterministic:
                    seq = st.next_out
                    if seq in st.results:
                        ok, value = st.results.pop(seq)
                        st.next_out = seq + 1
                        found = True
                        break
                elif st.order:
                    ok, value = st.results.pop(st.order.popleft())
                    found = True
                    break
                if st.end is not None and st.consumed >= st.end:
                    break
                st.cv.wait()
            if found:
                st.consumed += 1
                st.cv.notify_all()
        if not found:
            self.close()
            raise StopIteration
        if ok:
            return value
        raise value

    def close(self) -> None:
        st = getattr(self, "_st", None)
        if st is None or st.closed and st.upstream_closed:
            return
        with st.cv:
            st.closed = True
            st.results.clear()
            st.cv.notify_all()
        if not self._started:  # (no worker ran: none is left to close the upstream)
            st.alive = 0
        for t in self._threads if self._started else ():
            _wait_for(t)
        with st.cv:
            close_now = st.alive == 0 and not st.upstream_closed
            if close_now:
                st.upstream_closed = True
        if close_now:
            st.upstream.close()

    def __del__(self) -> None:
        finalize(self.close)


class ParallelMapDataset(DatasetV2):
    _repr_name = "_ParallelMapDataset"

    def __init__(self, input_dataset: DatasetV2, map_func: Callable, num_parallel_calls: Any,
                 deterministic: Any) -> None:
        super().__init__((input_dataset,))
        self._deterministic = deterministic
        # TF traces the function before it converts num_parallel_calls
        self._fn = StructuredFunction(map_func, "Dataset.map()", input_dataset._structure,
                                      input_dataset, op="ParallelMapDatasetV2")
        lengths = {"Targuments": self._fn.captured_arguments}
        self._n = n = int64_arg(int64_value(num_parallel_calls, "num_parallel_calls"),
                                "num_parallel_calls", "ParallelMapDatasetV2", lengths)
        if n != AUTOTUNE and n <= 0:  # (the op's kernel, run once the function is traced)
            raise raised_eagerly(op_error(
                InvalidArgumentError, "ParallelMapDatasetV2",
                "num_parallel_calls must be greater than zero."), lengths=lengths, host=True)

    def _compute_structure(self) -> dstruct.Structure:
        return self._fn.output_structure

    def _make_iterator(self, ctx: IterContext | None = None,
                       guarded: bool = True) -> ElementIterator:
        n = _default_threads(ctx) if self._n == AUTOTUNE else self._n
        det = self._deterministic
        if det is None:
            det = ctx.deterministic if ctx is not None else True
        if op_determinism_enabled():  # (TF's: results in order, and a function with
            det = True                # stateful ops, random ones too, run one at a time)
            if self._fn.stateful:
                n = 1
        self._fn.output_structure  # noqa: B018 - learn the structure before threads race to
        return _ParallelMapIterator(self._inputs[0]._make_iterator(ctx),
                                    self._fn.bind(ctx, guarded), n, bool(det))


# ---------------------------------------------------------------------------------------
# interleave
# ---------------------------------------------------------------------------------------

class _InterleaveIterator(ElementIterator):
    """TF's order: a cycle of `cycle_length` open inputs, `block_length` elements from each
    in turn; an exhausted input is replaced by the next one when its turn comes again."""

    __slots__ = ("_in", "_open", "_slots", "_cur", "_count", "_block", "_in_done",
                 "_prefetch")

    def __init__(self, upstream: ElementIterator, open_fn: Callable, cycle: int, block: int,
                 prefetch: int) -> None:
        self._in, self._open = upstream, open_fn
        self._slots: list = [None] * cycle
        self._cur = 0
        self._count = 0
        self._block = block
        self._in_done = False
        self._prefetch = prefetch

    def _advance(self) -> None:
        self._cur = (self._cur + 1) % len(self._slots)
        self._count = 0

    def __next__(self) -> tuple:
        slots = self._slots
        empty_turns = 0
        while True:
            it = slots[self._cur]
            if it is None:
                if self._in_done:
                    empty_turns += 1
                    if empty_turns > len(slots) and all(s is None for s in slots):
                        raise StopIteration
                    self._advance()
                    continue
                try:
                    e = next(self._in)
                except StopIteration:
                    self._in_done = True
                    continue
                it = self._open(e)
                if self._prefetch:
                    it = _PrefetchIterator(it, self._prefetch)
                slots[self._cur] = it
            try:
                value = next(it)
            except StopIteration:
                it.close()
                slots[self._cur] = None
                self._advance()
                continue
            self._count += 1
            if self._count >= self._block:
                self._advance()
            return value

    def close(self) -> None:
        for i, it in enumerate(self._slots):
            if it is not None:
                it.close()
                self._slots[i] = None
        self._in.close()


def _interleave_refusal(cycle: int, block: int, parallel: int | None) -> str | None:
    """The message of TF's InterleaveDataset kernel (`parallel` None) or its
    ParallelInterleaveDatasetV4 kernel refusing these lengths, in the order they check."""
    if parallel is None:
        if cycle != AUTOTUNE and cycle <= 0:
            return "cycle_length must be greater than zero."
        return "block_length must be greater than zero." if block <= 0 else None
    if block <= 0:
        return "`block_length` must be > 0"
    if cycle != AUTOTUNE and cycle <= 0:
        return f"`cycle_length` must be `tf.data.AUTOTUNE` or greater than 0 but is {cycle}"
    if parallel != AUTOTUNE and parallel <= 0:
        return "num_parallel_calls must be greater than zero."
    if cycle != AUTOTUNE and parallel != AUTOTUNE and parallel > cycle:
        return ("If `cycle_length` is set to a fixed value, `num_parallel_calls` must be "
                "either `tf.data.AUTOTUNE` or a value less than or equal to `cycle_length`. "
                f"However, `num_parallel_calls` is {parallel} and `cycle_length` is {cycle}")
    return None


class InterleaveDataset(DatasetV2):
    _repr_name = "_InterleaveDataset"

    def __init__(self, input_dataset: DatasetV2, map_func: Callable, cycle_length: Any,
                 block_length: Any, num_parallel_calls: Any, deterministic: Any,
                 _internal: Callable | None = None) -> None:
        super().__init__((input_dataset,))
        op = "InterleaveDataset" if num_parallel_calls is None else "ParallelInterleaveDatasetV4"
        # `_internal`: eagerflow's own (flat element -> dataset) function, not traced.
        # TF traces the function, then converts the counts, then its kernel checks them.
        self._internal = _internal
        self._fn = None if _internal is not None else DatasetFunction(
            map_func, "Dataset.interleave()", input_dataset._structure, input_dataset,
            returned_non_dataset)
        if self._fn is not None:
            refuse_no_tensors(self._fn, op)
        counts = [None if v is None else int64_value(v, what) for v, what in (
            (cycle_length, "cycle_length"), (block_length, "block_length"),
            (num_parallel_calls, "num_parallel_calls"))]
        lengths = {"Targuments": 0 if self._fn is None else self._fn.captured_arguments}
        cyc, blk, par = [None if v is None else int64_arg(v, what, op, lengths) for v, what in
                         zip(counts, ("cycle_length", "block_length", "num_parallel_calls"))]
        cyc = AUTOTUNE if cyc is None else cyc
        blk = 1 if blk is None else blk
        self._parallel = par
        if par is not None:
            self._repr_name = "_ParallelInterleaveDataset"
            if type(self) is InterleaveDataset:  # TF's class for it (type(ds).__name__)
                self.__class__ = _ParallelInterleaveDataset
        self._cycle, self._block = cyc, blk
        self._cycle_unset = cyc == AUTOTUNE
        refusal = _interleave_refusal(cyc, blk, self._parallel)
        if refusal is not None:  # (the op's kernel, run once the function is traced)
            raise raised_eagerly(op_error(InvalidArgumentError, op, refusal),
                                 lengths=lengths, host=True)
        # (its kernel holds, and writes in its graph, the cycle length it chose)
        self._cycle = autotuned_cycle(cyc, self._parallel)

    def _compute_structure(self) -> dstruct.Structure:
        return inner_structure(self._fn)

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        self._check_rewritten(ctx)
        cycle = self._cycle
        open_ = self._fn.bind(ctx) if self._fn is not None else \
            (lambda flat: self._internal(flat)._make_iterator(ctx))
        return _InterleaveIterator(self._inputs[0]._make_iterator(ctx), open_, cycle,
                                   self._block, 2 * self._block if self._parallel else 0)

    def _check_rewritten(self, ctx: IterContext | None) -> None:
        """TF's kernel writes the cycle length it chose into the graph; where MakeIterator
        rewrites that graph (the default optimizations) the kernel made again refuses a
        fixed `num_parallel_calls` above it, as the iterator is made."""
        par = self._parallel
        if par is None or par == AUTOTUNE or not self._cycle_unset:
            return
        refusal = _interleave_refusal(self._cycle, self._block, par)
        root = getattr(ctx, "root", None)
        rewritten = root is None or \
            root.options().experimental_optimization.apply_default_optimizations is not False
        if refusal is None or not rewritten:
            return
        text = f"{refusal}\n\t [[{{{{node ParallelInterleaveDatasetV4/_{node_id(self)}}}}}]]"
        error = raised_eagerly(op_error(InvalidArgumentError, "MakeIterator", text), host=True)
        error.at_iter = True  # (`iter(dataset)` raises)
        raise error

    def _cardinality(self) -> int:
        return UNKNOWN



class _ParallelInterleaveDataset(InterleaveDataset):
    """An interleave with num_parallel_calls, as TF names its class."""

    _repr_name = "_ParallelInterleaveDataset"
