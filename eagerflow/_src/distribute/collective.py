"""Collectives between replicas: ReduceOp, and an in-process rendezvous for threads.

Every replica calls `exchange(index, value)` the same number of times in the same
order (as TF requires of collectives); each call returns the list of all replicas'
values. A replica that fails breaks the barrier, so the others raise instead of
waiting forever, and a timeout turns a missing replica into DeadlineExceededError.
"""

from __future__ import annotations

import enum
import threading
import time
from typing import Any

from eagerflow._src.core import device
from eagerflow._src.core.errors import DeadlineExceededError, UnavailableError
from eagerflow._src.ops.variables import VariableAggregation


class ReduceOp(enum.Enum):
    """How values from replicas combine: SUM or MEAN."""

    SUM = "SUM"
    MEAN = "MEAN"

    @staticmethod
    def from_variable_aggregation(aggregation: Any) -> ReduceOp:
        mapping = {VariableAggregation.SUM: ReduceOp.SUM, VariableAggregation.MEAN: ReduceOp.MEAN}
        if aggregation not in mapping:
            # (TF's message runs "to" into the type's name)
            raise ValueError(f"Could not convert from `tf.VariableAggregation` {aggregation} to"
                             "`tf.distribute.ReduceOp` type")
        return mapping[aggregation]


def as_reduce_op(op: Any) -> ReduceOp:
    if isinstance(op, ReduceOp):
        return op
    if isinstance(op, str):  # (another name: the enum's ValueError, "'MAX' is not ...")
        return ReduceOp(op.upper())
    raise ValueError(f"Unknown reduce op {op!r}: use tf.distribute.ReduceOp.SUM or MEAN")


# Replicas are threads of one process: a minute without a partner means a mismatch.
DEFAULT_TIMEOUT_S = 60.0


_EVERYONE = -1  # the turn after an abort: no replica waits for its turn any more


class Rendezvous:
    """Where the replicas meet. With `in_turn`, replicas that run Python take turns as
    TF's do: one runs at a time, in replica order, until it meets the others or ends,
    so what replica functions print, and the order in which they use a shared generator
    or variable, are TF's."""

    def __init__(self, n: int, timeout: float | None = None, in_turn: bool = False) -> None:
        self.n = n
        self.timeout = DEFAULT_TIMEOUT_S if timeout is None else timeout
        self._barrier = threading.Barrier(n)
        self._lock = threading.Lock()
        self._slots: dict = {}
        self._gens = [0] * n
        self._turn: int | None = 0 if in_turn else None
        self._turns = threading.Condition()
        self._ended = [False] * n

    def begin(self, index: int) -> None:
        """Called by replica `index` before it runs: waits for its turn."""
        if self._turn is not None:
            with self._turns:
                self._turns.wait_for(lambda: self._turn in (index, _EVERYONE))

    def end(self, index: int) -> None:
        """Called by replica `index` when it has run (or failed): the next one's turn."""
        if self._turn is not None:
            with self._turns:
                self._ended[index] = True
                self._pass_turn(index)

    def _pass_turn(self, index: int) -> None:
        if self._turn == _EVERYONE:
            return
        for step in range(1, self.n + 1):
            nxt = (index + step) % self.n
            if not self._ended[nxt]:
                self._turn = nxt
                break
        self._turns.notify_all()

    def exchange(self, index: int, value: Any) -> list:
        if self._turn is not None:  # meeting the others: they run up to here in turn
            with self._turns:
                self._pass_turn(index)
        values = self._exchange(index, value)
        self.begin(index)
        return values

    def _exchange(self, index: int, value: Any) -> list:
        gen = self._gens[index]
        self._gens[index] += 1
        with self._lock:
            self._slots.setdefault(gen, [None] * self.n)[index] = value
        self._wait(gen)
        values = list(self._slots[gen])
        self._wait(gen)  # everyone has read before the slot is dropped
        if index == 0:
            with self._lock:
                del self._slots[gen]
        return values

    def _wait(self, gen: int) -> None:
        start = time.monotonic()
        try:
            self._barrier.wait(self.timeout)
        except threading.BrokenBarrierError:
            if time.monotonic() - start >= self.timeout:
                raise DeadlineExceededError(
                    None, None, f"collective #{gen} timed out after {self.timeout:g} s: not "
                                "every replica reached it") from None
            raise UnavailableError(None, None, f"collective #{gen} aborted: another replica "
                                               "failed") from None

    def abort(self) -> None:
        self._barrier.abort()
        with self._turns:
            self._turn = _EVERYONE if self._turn is not None else None
            self._turns.notify_all()


def reduce_arrays(arrays: list, reduce_op: Any) -> Any:
    """Sum (or mean) of same-shaped arrays, always in replica order (deterministic), on
    the device of the calling thread (replicas' arrays are copied there)."""
    here = device.current_device()
    arrays = [device.to_device(a, here) for a in arrays]
    out = arrays[0].copy()
    for a in arrays[1:]:
        out = out + a
    if reduce_op.value == "MEAN":
        out = (out / len(arrays)).astype(out.dtype) if out.dtype.kind == "f" else \
            out // len(arrays)
    return out
