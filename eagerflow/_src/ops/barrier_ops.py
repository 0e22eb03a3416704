"""TF 1's Barrier and the ops on it (BarrierInsertMany, BarrierTakeMany, BarrierClose,
BarrierReadySize, BarrierIncompleteSize), as an imported TF 1 graph runs them.

Ops layer, loaded on first use, after staging_ops. TF's barrier is a reference (a TF 1
mutable string handle): tf.raw_ops refuses these ops eagerly and in tf.function as TF does
(saved_model/raw_ops.py), and an imported graph's Barrier node makes a `BarrierState`,
one per Session (as accumulator_ops.py's accumulators), which the ops take as their
`barrier` attr.

TF's rules kept: a key's tuple fills one component per BarrierInsertMany; a complete
tuple moves to the ready queue, a PriorityQueue on the insertion index (the count of the
insertions that brought new keys, from the smallest int64), so ties leave in TF's heap
order (queue_state.py); its shapes are checked only then. A closed barrier takes values
for its incomplete keys only; once none is left (or when closed cancelling) its ready
queue closes. A take that TF would wait for with no other thread running to insert is
refused (staging_ops' rule), as is a negative count (TF waits forever).
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import (
    CancelledError,
    FailedPreconditionError,
    OutOfRangeError,
)
from eagerflow._src.core.resource import cpu_handle
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import queue_handles as H
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.queue_ops import _batch
from eagerflow._src.ops.queue_state import QueueState, session_store
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.ops.staging_ops import others_running
from eagerflow._src.ops.table_handles import private_name

KIND = "tensorflow::barrier::Barrier"
_FIRST_INDEX = -(2**63)


class BarrierState:
    """One barrier: its incomplete keys' tuples (index first, None where unset) and the
    ready queue of complete (index, key, *values) tuples."""

    def __init__(self, attrs: dict, node: str) -> None:
        self._args = (attrs, node)
        self.per_session = False  # an imported graph's barrier: one per Session
        self.types = [dt.as_dtype(d) for d in attrs.get("component_types") or ()]
        self.shapes = [H.attr_shape(s) for s in attrs.get("shapes") or ()]
        self.name = attrs.get("shared_name") or private_name(node)
        # (TF's kernel refuses these when an op first uses the barrier, not when built)
        self.refusal = None
        if int(attrs.get("capacity", -1)) != -1:
            self.refusal = ("Barrier only accepts capacity=-1.  Feed the inputs to your "
                            "Barrier through a queue to enforce a limited capacity.")
        elif len(self.shapes) != len(self.types) or any(s is None or None in s
                                                          for s in self.shapes):
            self.refusal = "All of the component shapes must be specified"
        self.incomplete: dict = {}
        self.index = _FIRST_INDEX
        self.closed = self.cancelled = False
        self.ready = QueueState("PriorityQueue", -1, [dt.int64, dt.string] + self.types,
                                [(), ()] + [s or () for s in self.shapes])
        self.ready.id = self.name + "_queue"
        self.lock = threading.Lock()

    def current(self, op: str) -> BarrierState:
        """The state the running Session holds (refused as TF's kernel refuses its attrs)."""
        store = session_store() if self.per_session else None
        state = self
        if store is not None:
            key = ("barrier", id(self))
            state = store.get(key)
            if state is None:
                state = store.setdefault(key, BarrierState(*self._args))
        if state.refusal:
            raise C.fail(op, state.refusal)
        return state

    def insert(self, op: str, keys: np.ndarray, component: int, values: np.ndarray) -> None:
        keys = np.asarray(keys, dtype=object).reshape(-1)
        n = keys.size
        if values.ndim == 0 or values.shape[0] != n:  # (TF's kernel reads past its values)
            raise C.fail(op, f"{n} keys for {values.shape[0] if values.ndim else 0} values")
        ready = []
        with self.lock:
            if self.closed and (self.cancelled or (n and not self.incomplete)):
                raise CancelledError(
                    None, None, f"Barrier {self.name} is closed.  Pending enqueues cancelled: "
                                f"{int(self.cancelled)}.  Number of new insertions: {n}.  "
                                f"Number of incomplete keys: {len(self.incomplete)}. [Op:{op}]")
            new = False
            for i, key in enumerate(keys):
                element = self.incomplete.get(key)
                if element is None:
                    if self.closed:
                        raise CancelledError(
                            None, None, f"Barrier {self.name} is closed, but attempted to "
                                        f"insert a brand new key: {key.decode()}.  Pending "
                                        f"enqueues cancelled: {int(self.cancelled)}.  "
                                        f"Insertion index: {i}.  Number of incomplete keys: "
                                        f"{len(self.incomplete)}. [Op:{op}]")
                    element = self.incomplete[key] = [self.index] + [None] * len(self.types)
                    new = True
                if element[1 + component] is not None:
                    raise C.fail(op, f"Key {key.decode()} already has a value for component "
                                     f"{component} in barrier {self.name}")
                element[1 + component] = np.array(values[i], copy=True)
                if all(v is not None for v in element[1:]):
                    del self.incomplete[key]
                    ready.append((np.int64(element[0]), np.array(key, dtype=object),
                                  *element[1:]))
            if new:
                self.index += 1
        # (the ready queue checks the shapes; a refused batch is lost, as in TF)
        for row in ready:
            for j, (v, shape) in enumerate(zip(row[2:], self.shapes)):
                if v.shape != tuple(shape):
                    raise C.fail(op, f"Shape mismatch in tuple component {j + 2}. Expected "
                                     f"{C.shape_str(shape)}, got {C.shape_str(v.shape)}")
        if ready:
            self.ready.put(ready, op)
        self._close_ready_if_done()

    def _close_ready_if_done(self) -> None:
        with self.lock:
            done = self.closed and not self.incomplete
        if done and not self.ready.closed:
            self.ready.close(self.cancelled)

    def take(self, op: str, n: int, small: bool) -> list:
        with self.lock:
            deliver = n
            if self.closed:
                available = self.ready.size()
                if small:
                    deliver = min(n, available)
                else:
                    available += len(self.incomplete)
                if available < max(deliver, 1):
                    raise OutOfRangeError(
                        None, None, f"Barrier '{self.name}' is closed and has insufficient "
                                    f"elements (requested {deliver}, total size {available})"
                                    f" [Op:{op}]")
        if deliver < 0 or (self.ready.size() < deliver and not self.ready.closed and
                           not others_running()):
            raise FailedPreconditionError(
                None, None, f"The barrier holds {self.ready.size()} complete elements, "
                            f"{deliver} requested: TF's kernel waits here for another thread, "
                            f"and no other thread is running, so it would wait forever "
                            f"[Op:{op}]")
        return self.ready.take(deliver, small, op)

    def close(self, op: str, cancel: bool) -> None:
        with self.lock:
            if self.closed and (self.cancelled or not cancel):
                raise CancelledError(None, None, f"Barrier '{self.name}' is already closed. "
                                                 f"[Op:{op}]")
            self.cancelled, self.closed = cancel, True
            if cancel:
                self.incomplete.clear()
        self._close_ready_if_done()


# ---------------------------------------------------------------------------------------
# The ops: an imported graph's nodes (tf.raw_ops refuses them first, as TF does).
# ---------------------------------------------------------------------------------------

_ATTRS = ("component_types", "shapes", "capacity", "container", "shared_name")
_BARRIER_OP = dict(stateful=True, gpu=False)


def _state_attr(op: str, barrier: Any) -> BarrierState:
    if not isinstance(barrier, BarrierState):
        raise TypeError(f"{op}: `barrier` must be a barrier's state, got {barrier!r}")
    return barrier


def _creator_infer(*, state: Any = None, **attrs: Any) -> list:
    _state_attr("Barrier", state)
    return [((), dt.resource)]


def _creator_kernel(xp: Any, *, state: BarrierState, **attrs: Any) -> np.ndarray:
    return cpu_handle(state.name, "localhost", KIND, state)


def _creator_load(node: Any) -> list:
    attrs = {k: node.attrs[k] for k in _ATTRS if k in node.attrs}
    state = BarrierState(attrs, node.name)
    state.per_session = True
    return [bind(CREATOR, (), dict(attrs, state=state))]


def _load(opdef: Any, attrs: tuple = ()) -> Any:
    def load(node: Any) -> Any:
        state = H.state_at_import(node, 0, KIND, BarrierState, (CREATOR.name,))
        out = bind(opdef(), tuple(node.inputs[1:]),
                   {"barrier": state, **{k: node.attrs[k] for k in attrs}})
        return list(out) if isinstance(out, tuple) else out
    return load


def _sample_state() -> BarrierState:
    state = _SAMPLES.get("barrier")
    if state is None:
        state = _SAMPLES["barrier"] = _Replenished(
            {"component_types": [dt.float32], "shapes": [(2,)], "shared_name": "sample"},
            "Barrier")
    return state


class _Replenished(BarrierState):
    """The samples' barrier: a take finds its one complete element however many were
    taken (the generic suites call a sample many times); inserts and closes are
    forgotten."""

    def insert(self, op: str, keys: np.ndarray, component: int, values: np.ndarray) -> None:
        with self.lock:
            self.incomplete.clear()

    def close(self, op: str, cancel: bool) -> None:
        pass

    def take(self, op: str, n: int, small: bool) -> list:
        if not 0 <= n <= 1000:  # (a real barrier of so few would wait forever)
            return super().take(op, n, small)
        return [(np.int64(_FIRST_INDEX), np.array(b"k", dtype=object), np.float32([1, 2]))] * n


_SAMPLES: dict = {}


CREATOR = register(OpDef(
    "Barrier", _creator_infer, _creator_kernel, **_BARRIER_OP,
    reference=H.handle_ref(KIND),
    samples=lambda: [Sample((), {"component_types": [dt.float32], "shapes": [(2,)],
                                 "capacity": -1, "container": "", "shared_name": "sample",
                                 "state": _sample_state()}, grad=False)],
    tf=TFForm(load=_creator_load, takes_handles=True),
))


# TF's kernels refuse a call when it runs (an imported graph builds whatever TF built):
# the checks are the kernels'.

def _insert_infer(keys: Any, values: Any, *, barrier: Any, component_index: int,
                  T: Any = None) -> list:
    op = "BarrierInsertMany"
    _state_attr(op, barrier)
    if keys._dtype is not dt.string:
        raise C.wrong_input_dtype(op, 1, dt.string, keys._dtype)
    if T is not None and dt.as_dtype(T) is not values._dtype:
        raise C.wrong_input_dtype(op, 2, dt.as_dtype(T), values._dtype)
    return []


def _insert_kernel(xp: Any, keys: Any, values: Any, *, barrier: BarrierState,
                   component_index: int, T: Any = None) -> tuple:
    op = "BarrierInsertMany"
    state = barrier.current(op)
    n, i = len(state.types), int(component_index)
    if not 0 <= i < n:
        raise C.fail(op, f"The component ID is out of range {i} > num_components (= {n})")
    if T is not None:
        H.match_signature(op, [dt.string, dt.as_dtype(T)], [], [dt.string, state.types[i]], [],
                          handle="string_ref")
    state.insert(op, keys, i, np.asarray(values))
    return ()


INSERT_MANY = register(OpDef(
    "BarrierInsertMany", _insert_infer, _insert_kernel, num_outputs=0, **_BARRIER_OP,
    reference=lambda *a, **k: (),
    samples=lambda: [Sample((np.array([b"a"], dtype=object), np.float32([[1, 2]])),
                            {"barrier": _sample_state(), "component_index": 0,
                             "T": dt.float32}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([b"a"], dtype=object), np.float32([[1, 2]])),
                  {"barrier": _sample_state(), "component_index": 1, "T": dt.float32},
                  Exception, "The component ID is out of range 1 > num_components (= 1)"),
        BadSample((np.array([b"a"], dtype=object), np.int32([[1, 2]])),
                  {"barrier": _sample_state(), "component_index": 0, "T": dt.int32},
                  Exception, "Signature mismatch, have: string_ref, string, int32-> "
                             "expected: string_ref, string, float->")],
    tf=TFForm(load=_load(lambda: INSERT_MANY, ("component_index", "T")), takes_handles=True),
))


def _take_infer(n: Any, *, barrier: Any, component_types: Any = None,
                allow_small_batch: bool = False, wait_for_incomplete: bool = False,
                timeout_ms: int = -1) -> list:
    op = "BarrierTakeMany"
    state = _state_attr(op, barrier)
    if n._dtype is not dt.int32:
        raise C.wrong_input_dtype(op, 1, dt.int32, n._dtype)
    types = state.types if component_types is None else \
        [dt.as_dtype(d) for d in component_types]
    return [((None,), dt.int64), ((None,), dt.string)] + [(None, d) for d in types]


def _take_kernel(xp: Any, n: Any, *, barrier: BarrierState, component_types: Any = None,
                 allow_small_batch: bool = False, wait_for_incomplete: bool = False,
                 timeout_ms: int = -1) -> tuple:
    op = "BarrierTakeMany"
    state = barrier.current(op)
    if component_types is not None:
        types = [dt.as_dtype(d) for d in component_types]
        H.match_signature(op, [dt.int32], [dt.int64, dt.string] + types, [dt.int32],
                          [dt.int64, dt.string] + state.types, handle="string_ref")
    if int(timeout_ms) != -1:
        raise C.fail(op, "Timeout not supported yet.")
    if np.ndim(n):
        raise C.fail(op, "num_elements must be a scalar.")
    rows = state.take(op, int(n), bool(allow_small_batch))
    return _batch(state.ready, rows)


_TAKE_ATTRS = ("component_types", "allow_small_batch", "wait_for_incomplete", "timeout_ms")

TAKE_MANY = register(OpDef(
    "BarrierTakeMany", _take_infer, _take_kernel, num_outputs=-1, host_inputs=(0,),
    **_BARRIER_OP,
    arity=lambda ins, attrs: {"component_types": len(attrs.get("component_types") or ())},
    reference=lambda n, **a: (np.full(int(n), _FIRST_INDEX, np.int64),
                              np.array([b"k"] * int(n), dtype=object),
                              np.tile(np.float32([1, 2]), (int(n), 1))),
    samples=lambda: [Sample((np.int32(2),), {"barrier": _sample_state()}, grad=False),
                     Sample((np.int32(0),), {"barrier": _sample_state()}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.int32([1]),), {"barrier": _sample_state()}, Exception,
                  "num_elements must be a scalar."),
        BadSample((np.int32(1),), {"barrier": _sample_state(), "timeout_ms": 10}, Exception,
                  "Timeout not supported yet.")],
    tf=TFForm(load=_load(lambda: TAKE_MANY, _TAKE_ATTRS), takes_handles=True),
))


def _close_kernel(xp: Any, *, barrier: BarrierState, cancel_pending_enqueues: bool) -> tuple:
    barrier.current("BarrierClose").close("BarrierClose", bool(cancel_pending_enqueues))
    return ()


CLOSE = register(OpDef(
    "BarrierClose",
    lambda *, barrier, cancel_pending_enqueues: (_state_attr("BarrierClose", barrier), [])[1],
    _close_kernel, num_outputs=0, **_BARRIER_OP, reference=lambda **a: (),
    samples=lambda: [Sample((), {"barrier": _sample_state(), "cancel_pending_enqueues": True},
                            grad=False)],
    tf=TFForm(load=_load(lambda: CLOSE, ("cancel_pending_enqueues",)), takes_handles=True),
))


def _size_op(name: str, size: Any) -> OpDef:
    def infer(*, barrier: Any) -> list:
        _state_attr(name, barrier)
        return [((), dt.int32)]
    opdef = register(OpDef(
        name, infer, lambda xp, *, barrier: np.int32(size(barrier.current(name))),
        **_BARRIER_OP, reference=lambda barrier: np.int32(0),
        samples=lambda: [Sample((), {"barrier": _sample_state()}, grad=False)],
        tf=TFForm(load=_load(lambda: opdef), takes_handles=True)))
    return opdef


READY_SIZE = _size_op("BarrierReadySize", lambda s: s.ready.size())
INCOMPLETE_SIZE = _size_op("BarrierIncompleteSize", lambda s: len(s.incomplete))
