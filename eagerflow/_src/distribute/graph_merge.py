"""`strategy.run` inside a function being traced, for replica functions that call
`merge_call` (or all_gather, or write a variable that is not mirrored): what one graph
shared by the replicas (replica_function.py) cannot express.

As TF does, every replica's function is then traced into the caller's graph, each in its
own thread, and the threads take turns: one runs until its next `merge_call` (or its
end), then the next. When every replica waits in a merge_call, `merge_fn` runs once, in
cross-replica context on the caller's thread, on the replicas' arguments grouped as
PerReplica values of graph tensors; each replica resumes with its part of the result.
Each replica's id is a constant here, and `all_reduce` is a merge_call that reduces.
Only one thread ever builds the graph at a time, so tracing stays sequential.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from eagerflow._src.core import device, nest
from eagerflow._src.core.context import _state
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.distribute import context
from eagerflow._src.distribute.collective import as_reduce_op
from eagerflow._src.distribute.replica_context import (
    ReplicaContext,
    cross_replica_call,
    reduce_with_slices,
    tf_all_reduce,
)
from eagerflow._src.distribute.values import regroup, select_replica
from eagerflow._src.ops import variables as V
from eagerflow._src.ops.array import concat
from eagerflow._src.ops.math_base import identity


class _Aborted(Exception):
    """Unwinds a replica parked in merge_call after another replica failed."""


class _Turns:
    """Replica threads that run one at a time, driven by the caller's thread."""

    def __init__(self, n: int) -> None:
        self.go = [threading.Semaphore(0) for _ in range(n)]
        self.back = threading.Semaphore(0)
        self.pending: list = [None] * n  # (merge_fn, args, kwargs) of a parked replica
        self.merged: Any = None
        self.aborted = False

    def park(self, i: int, call: tuple) -> Any:
        """In replica i: wait in merge_call until the merged result is ready."""
        self.pending[i] = call
        self.back.release()
        self.go[i].acquire()
        if self.aborted:
            raise _Aborted
        return select_replica(i, self.merged)


class InlineReplicaContext(ReplicaContext):
    """A replica's context while every replica is traced into the caller's graph."""

    def __init__(self, strategy: Any, local_index: int, turns: _Turns) -> None:
        super().__init__(strategy, local_index, None)
        self._turns = turns

    @property
    def replica_id_in_sync_group(self) -> Any:
        return convert_to_tensor(self._strategy._global_replica_id(self.local_index))

    def merge_call(self, merge_fn: Callable, args: tuple = (), kwargs: dict | None = None) -> Any:
        return self._turns.park(self.local_index, (merge_fn, tuple(args), kwargs or {}))

    def all_reduce(self, reduce_op: Any, value: Any, options: Any = None) -> Any:
        def reduce(op: Any, value: Any) -> Any:
            def reduce_all(strategy: Any, *flat: Any) -> list:
                return [strategy.reduce(op, v, axis=None) for v in flat]

            def gather(t: Tensor) -> Tensor:
                return self.all_gather(t, axis=0)

            return reduce_with_slices(value, op, self.num_replicas_in_sync, gather,
                                      lambda flat: _own(self.merge_call(reduce_all,
                                                                        args=tuple(flat))))

        return tf_all_reduce(self, as_reduce_op(reduce_op), value, reduce)

    def all_gather(self, value: Any, axis: int, options: Any = None) -> Any:
        def gather_all(strategy: Any, *flat: Any) -> list:
            return [concat(list(strategy.experimental_local_results(v)), axis=axis)
                    for v in flat]

        flat = [convert_to_tensor(v) for v in nest.flatten(value)]
        return nest.pack_sequence_as(value, _own(self.merge_call(gather_all, args=tuple(flat))))


def _own(merged: list) -> list:
    """Each replica's own copy of a collective's result (TF's are Mirrored: one tensor per
    replica, so that `run` gives PerReplica values, not the one tensor)."""
    return [identity(t) for t in merged]


def run_inline(strategy: Any, fn: Callable, args: tuple, kwargs: dict) -> Any:
    """Every replica's `fn` traced into the current graph; their results regrouped."""
    n = len(strategy._devices)
    turns = _Turns(n)
    results: list = [None] * n
    errors: list = [None] * n
    done = [False] * n
    st = _state
    saved = (st.graph, st.tapes, list(st.name_scopes), st.xp, st.recording_paused)
    creators = list(V._creator_stack())
    parent = context.current_strategies()

    def body(i: int) -> None:
        # the caller's trace state; the tapes it has (not the ones a replica starts) watch
        # every replica
        st.graph, st.tapes, st.name_scopes, st.xp, st.recording_paused = \
            saved[0], list(saved[1]), list(saved[2]), saved[3], saved[4]
        V._creator_stack()[:] = creators
        context.inherit(parent)
        turns.go[i].acquire()
        try:
            if not turns.aborted:
                ctx = InlineReplicaContext(strategy, i, turns)
                prev = context.set_replica_context(ctx)
                device.set_placement(device.lookup(strategy._devices[i]))
                try:
                    results[i] = fn(*select_replica(i, args), **select_replica(i, kwargs))
                finally:
                    context.set_replica_context(prev)
        except BaseException as e:  # surfaced on the caller's thread
            errors[i] = e
        finally:
            done[i] = True
            turns.back.release()

    threads = [threading.Thread(target=body, args=(i,), name=f"replica-trace-{i}")
               for i in range(n)]
    for t in threads:
        t.start()
    try:
        _drive(turns, done, errors, strategy, n)
    finally:
        turns.aborted = turns.aborted or any(e is not None for e in errors)
        for i in range(n):
            if not done[i]:
                turns.aborted = True
                turns.go[i].release()
        for t in threads:
            t.join()
    first = next((e for e in errors if e is not None and not isinstance(e, _Aborted)), None)
    if first is not None:
        raise first
    return regroup(results)


def _drive(turns: _Turns, done: list, errors: list, strategy: Any, n: int) -> None:
    """Rounds: each live replica runs to its next merge_call or its end, in order; then
    the merge runs once."""
    while not all(done):
        for i in range(n):
            if not done[i]:
                turns.pending[i] = None
                turns.go[i].release()
                turns.back.acquire()
            if errors[i] is not None:
                return
        parked = [p for p in turns.pending if p is not None]
        if not parked:
            return
        if len(parked) != n:
            raise RuntimeError("merge_call was called by only some replicas: every replica "
                               "of strategy.run must call it the same number of times")
        turns.merged = _merge(strategy, parked)


def _merge(strategy: Any, parked: list) -> Any:
    m_args = regroup([a for _, a, _ in parked], wrap_same=False)
    m_kwargs = regroup([k for _, _, k in parked], wrap_same=False)
    return cross_replica_call(strategy, parked[0][0], m_args, m_kwargs)
