"""TF's checkpointed iterator state of an interleave with num_parallel_calls (its
ParallelInterleaveV4 iterator, deterministic): the cycle's elements ("current_elements::k":
each input element's id, the element itself, the results it holds and its dataset's
iterators under "ParallelInterleaveV4[id]"), the elements opened ahead
("future_elements::k"), where the cycle is, and how many input elements it opened.

Data layer, over tf_iterator_values.py, below tf_iterator_state.py, which reads and
writes the levels of the input and of each element's dataset (passed in here as
functions). Reading: the elements of every dataset opened, but what those still held
have left (their results, and what their iterators have still to give). Writing: TF's
cycle run on the sizes of the input elements' datasets (an element is replaced when its
turn finds it done, the cycle then moving on; slots left empty at the end shrink it),
every element's results empty (TF computes them again) and none opened ahead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.data.tf_iterator_values import END, elements, first, get, i64

_CURRENT, _FUTURE = "current_elements", "future_elements"


def given(state: dict, prefix: str, ds: Any, root: Any, size: Callable,
          inner: Callable) -> int:
    """What the parallel interleave `ds` gave (`size(input element)`: its dataset's size;
    `inner(prefix, input element)`: what the dataset's iterators there gave)."""
    opened = int(get(state, prefix, "element_id_counter"))
    read = first(ds._inputs[0], opened, root)
    n = sum(size(e) for e in read)
    for kind in (_CURRENT, _FUTURE):
        for k in range(int(get(state, prefix, f"{kind}.size"))):
            at = f"{prefix}::{kind}::{k}"
            if int(get(state, at, "element_uninitialized")):
                continue
            n -= int(get(state, at, ".results.size"))
            if int(get(state, at, "restore_iterator")):
                ident = int(get(state, at, ".id"))
                n -= size(read[ident]) - inner(f"{prefix}[{ident}]", read[ident])
    return n


class _Element:
    __slots__ = ("id", "values", "size", "given")

    def __init__(self, ident: int, values: tuple | None, size: int) -> None:
        self.id, self.values, self.size, self.given = ident, values, size, 0


def write(out: dict, prefix: str, ds: Any, n: int, root: Any, size: Callable,
          inner: Callable) -> int:
    """Writes the state of parallel interleave `ds` having given `n` elements (END: all);
    `inner(prefix, given, input element)` writes an element's dataset's iterators.
    Returns how many
    input elements it read (END: all)."""
    run = _Cycle(ds, root, size)
    try:
        if n != 0:
            run.start()
            run.give(n)
    finally:
        run.close()
    values = {"block_index": i64(run.block), "cycle_index": i64(run.index),
              "end_of_input": i64(int(run.ended)), "element_id_counter": i64(run.opened),
              f"{_CURRENT}.size": i64(len(run.slots)), f"{_FUTURE}.size": i64(0)}
    out[prefix] = values
    for k, e in enumerate(run.slots):
        at = f"{prefix}::{_CURRENT}::{k}"
        if e is None or e.values is None:  # (TF drops an element that found no input)
            out[at] = {"element_uninitialized": i64(1)}
            continue
        out[at] = {"element_uninitialized": i64(0), ".id": i64(e.id),
                   ".inputs.size": i64(len(e.values)), "restore_iterator": i64(1),
                   ".results.size": i64(0)}
        for j, c in enumerate(e.values):
            arr = c._arr.astype(object) if c.dtype is _dt.string else c._arr
            out[at][f".inputs[{j}]"] = (arr, c.dtype)
        inner(f"{prefix}[{e.id}]", e.given, e.values)
    return END if run.ended else run.opened


class _Cycle:
    """TF's deterministic ParallelInterleaveV4 cycle, run on its elements' sizes."""

    def __init__(self, ds: Any, root: Any, size: Callable) -> None:
        self._cycle, self._block, self._size = ds._cycle, ds._block, size
        self._input = elements(ds._inputs[0], root)
        self.slots: list = [None] * ds._cycle
        self.last = -1  # (the last slot holding an element)
        self.index = self.block = self.opened = 0
        self.ended = False

    def _make(self) -> _Element | None:
        if self.ended:
            return None
        ident, self.opened = self.opened, self.opened + 1
        try:
            values = next(self._input)
        except StopIteration:
            self.ended = True
            return _Element(ident, None, 0)  # (it found no input: done at its turn)
        return _Element(ident, values, self._size(values))

    def start(self) -> None:
        for k in range(self._cycle):
            self.slots[k] = self._make()
            if self.slots[k] is None:
                break
            self.last = k

    def give(self, n: int) -> None:
        given = 0
        while (n == END or given < n) and self.last != -1:
            span = self.last + 1
            for i in range(span):
                k = (self.index + i) % span
                if self.slots[k] is not None:
                    self.index, self.block = k, (0 if i else self.block)
                    break
            e = self.slots[self.index]
            if e.given < e.size:
                e.given += 1
                given += 1
                self.block += 1
                if self.block == self._block:
                    self.block, self.index = 0, (self.index + 1) % span
                continue
            self.slots[self.index] = self._make()
            while self.last >= 0 and self.slots[self.last] is None:
                self.last -= 1
                self.index = min(self.index, self.last)
            if self.last != -1:
                self.block, self.index = 0, (self.index + 1) % (self.last + 1)

    def close(self) -> None:
        self._input.close()
