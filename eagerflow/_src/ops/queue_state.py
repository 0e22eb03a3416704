"""A queue's contents and waits: the QueueState that tf.queue's queues, TF's queue ops
(queue_ops.py) and their resource handles (queue_handles.py) share.

Ops layer, after lookup_ops, before queue_handles and queue_ops. A queue's elements live in a
`QueueState` outside any graph, as a lookup table's contents do; a TF 1 graph's queue keeps
one state per Session (`current()`).

As in TF, a dequeue waits for enough elements and an enqueue for room: queues exist so
that producer and consumer threads can meet. Closing a queue ends the waits: a dequeue
that cannot be served then raises OutOfRangeError, an enqueue CancelledError.

The element orders are TF's: a PriorityQueue is a binary heap on the priority alone, laid
out as the C++ standard library's heap algorithms lay it out (so equal priorities leave
in TF's order), and a RandomShuffleQueue removes the element at index
`word % size` (moving the last element into its place) for successive 32-bit words of
the Philox stream of its (seed, seed2), so a seeded queue gives TF's order.
"""

from __future__ import annotations

import itertools
import os
import sys
import threading
from collections import deque
from typing import Any

import numpy as np

from eagerflow._src.core.errors import CancelledError, OutOfRangeError
from eagerflow._src.ops import philox

_IDS = itertools.count()  # TF names each anonymous queue resource by a process-wide count

# ---------------------------------------------------------------------------------------
# The state: elements, and the waits on them.
# ---------------------------------------------------------------------------------------


def session_store() -> dict | None:
    """The variable store of the Session running on this thread, if any. The Session
    layer (function/graph_variables) sits above ops/, so it is looked up where it is
    loaded (a Session exists only once it is), never imported from here."""
    module = sys.modules.get("eagerflow._src.function.graph_variables")
    return None if module is None else module.RUN.store


def _heap_less(a: tuple, b: tuple) -> bool:
    # TF's comparison of two (priority, ...) elements: the smaller priority leaves first
    return int(a[0]) > int(b[0])


class QueueState:
    """The elements of one queue (tuples of host arrays, one per component) and the lock
    and condition its waits share. `kind` is TF's class name, which errors quote."""

    def __init__(self, kind: str, capacity: int, dtypes: list, shapes: list,
                 min_after_dequeue: int = 0, seeds: tuple = (0, 0)) -> None:
        self._args = (kind, capacity, dtypes, shapes, min_after_dequeue, seeds)
        self.per_session = False  # a TF 1 graph's queue: one state per Session (current())
        self.kind, self.capacity = kind, capacity
        self.dtypes, self.shapes = list(dtypes), list(shapes)
        self.min_after_dequeue = min_after_dequeue
        self.id = str(next(_IDS))
        self.closed = self.cancelled = False
        # a heap or a shuffled list is indexed; a FIFO queue leaves from the front
        self.items: Any = [] if kind in ("PriorityQueue", "RandomShuffleQueue") else deque()
        self._cond = threading.Condition()
        self._waiting: list = []  # the sizes of the dequeues of several waiting, in order
        if kind == "RandomShuffleQueue":
            seed, seed2 = seeds
            if seed == 0 and seed2 == 0:  # TF: both zero means a seed from the OS
                seed, seed2 = (int.from_bytes(os.urandom(8), "little") for _ in range(2))
            self._key, self._counter = philox.stateful_start(seed, seed2)
            self._words: list = []
            self._block = 0

    def __repr__(self) -> str:
        return f"<{self.kind} '{self.id}'>"

    def current(self) -> QueueState:
        """The state the running Session holds for this queue (TF keeps a graph's queue
        per Session); itself outside a Session, or for a queue made eagerly."""
        store = session_store() if self.per_session else None
        if store is None:
            return self
        key = ("queue", id(self))
        state = store.get(key)
        if state is None:
            fresh = QueueState(*self._args)
            fresh.id = self.id
            state = store.setdefault(key, fresh)
        return state

    # -- what the kernels call --

    def size(self) -> int:
        """The elements no waiting dequeue holds (TF's waiting dequeues of several take
        what they can as it comes, in turn)."""
        with self._cond:
            return len(self.items) - self._held()

    def _held(self) -> int:
        if self.closed:
            return 0
        free = max(len(self.items) - self._floor(), 0)
        held = 0
        for n in self._waiting:
            take = min(free, n)
            held, free = held + take, free - take
        return held

    def _floor(self) -> int:
        return self.min_after_dequeue if self.kind == "RandomShuffleQueue" else 0

    def put(self, elements: list, op: str) -> None:
        """Adds the elements one at a time, each waiting for room (capacity < 0: none).
        A closed queue takes nothing new; an enqueue already waiting goes on waiting unless
        the close cancelled it."""
        with self._cond:
            if self.closed:
                raise self._cancelled(op)
            for element in elements:
                self._cond.wait_for(lambda: self.cancelled or self.capacity < 0 or
                                    len(self.items) < self.capacity)
                if self.cancelled:
                    raise self._cancelled(op)
                self._push(element)
                self._cond.notify_all()

    def _cancelled(self, op: str) -> CancelledError:
        return CancelledError(None, None, f"{self.kind} '{self.id}' is closed. [Op:{op}]")

    def take(self, n: int, up_to: bool, op: str) -> list:
        """n elements (fewer for `up_to` once closed), waiting until there are enough."""
        with self._cond:
            waited = not self.closed and self._available() < n and n > 1
            if waited:
                self._waiting.append(n)
            try:
                self._cond.wait_for(lambda: self.closed or self._available() >= n)
            finally:
                if waited:
                    self._waiting.remove(n)
            if self._available() < n:
                if not (up_to and self.items):
                    # TF's waiting dequeue holds the elements it could take while the queue
                    # was open (those above a RandomShuffleQueue's floor) and words its
                    # refusal before handing them back
                    held = max(len(self.items) - self._floor(), 0) if waited else 0
                    raise OutOfRangeError(
                        None, None, f"{self.kind} '{self.id}' is closed and has insufficient "
                                    f"elements (requested {n - held}, current size "
                                    f"{len(self.items) - held}) [Op:{op}]")
                n = len(self.items)
            out = [self._pop() for _ in range(n)]
            self._cond.notify_all()
            return out

    def close(self, cancel_pending_enqueues: bool) -> bool:
        """Closes the queue; whether it was open (a second close that does not cancel
        the pending enqueues is refused by TF's kernel)."""
        with self._cond:
            was_open = not self.closed
            if not (was_open or cancel_pending_enqueues):
                return False
            self.closed = True
            self.cancelled = self.cancelled or cancel_pending_enqueues
            self._cond.notify_all()
            return was_open

    def cancel_on_session_close(self) -> None:
        """The Session holding this state closed: pending and later enqueues are
        cancelled, dequeues take what is left."""
        self.close(True)

    def _available(self) -> int:
        """How many elements a dequeue may take now."""
        if self.kind == "RandomShuffleQueue" and not self.closed:
            return max(len(self.items) - self.min_after_dequeue, 0)
        return len(self.items)

    # -- the orders --

    def _push(self, element: tuple) -> None:
        self.items.append(element)
        if self.kind == "PriorityQueue":
            self._sift_up(len(self.items) - 1, 0, element)

    def _pop(self) -> tuple:
        items = self.items
        if self.kind == "RandomShuffleQueue":
            i = self._word() % len(items)
            out, items[i] = items[i], items[-1]
            items.pop()
            return out
        if self.kind == "PriorityQueue":
            return self._heap_pop()
        return items.popleft()

    def _word(self) -> int:
        if not self._words:
            self._words = [int(w) for w in philox.blocks(np, self._key, self._counter, 1,
                                                          self._block)[0]]
            self._block += 1
        return self._words.pop(0)

    def _sift_up(self, hole: int, top: int, value: tuple) -> None:
        items = self.items
        parent = (hole - 1) // 2
        while hole > top and _heap_less(items[parent], value):
            items[hole] = items[parent]
            hole, parent = parent, (parent - 1) // 2
        items[hole] = value

    def _heap_pop(self) -> tuple:
        # The standard library's pop_heap: the last element fills the hole the top leaves,
        # after the hole has moved down to a leaf along the larger children.
        items = self.items
        top, value, n = items[0], items[-1], len(items) - 1
        hole = child = 0
        while child < (n - 1) // 2:
            child = 2 * (child + 1)
            if _heap_less(items[child], items[child - 1]):
                child -= 1
            items[hole] = items[child]
            hole = child
        if n % 2 == 0 and child == (n - 2) // 2:
            child = 2 * (child + 1)
            items[hole] = items[child - 1]
            hole = child - 1
        if n:
            self._sift_up(hole, 0, value)
        items.pop()
        return top
