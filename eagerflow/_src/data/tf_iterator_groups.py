"""TF's checkpointed iterator state of group_by_window: the groups it holds (the current
one's elements among them until its dataset ends), each key's window size as worked out,
how many groups it began (one less, "group_counter": the current one's dataset's
iterators are under "GroupByWindow[group_counter]"), and its input.

Data layer, over tf_iterator_values.py, below tf_iterator_state.py, which reads and
writes the levels of the input and of the current group's dataset (passed in here as
functions). The groups are worked out by running the input again: a group is flushed
when it holds its window's size, and once the input ends, those left in the order of
their keys (TF's map).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.data.iterators import IterContext
from eagerflow._src.data.tf_iterator_values import END, FULL, elements, get, has, i64


def flushes(ds: Any, root: Any) -> Iterator:
    """Group_by_window `ds`'s groups in the order TF flushes them: (key, input elements
    read by then, whether the input had ended, {key: elements} of the groups held then,
    the current one's among them; {key: window size} worked out by then)."""
    groups: dict = {}
    sizes: dict = {}
    read = 0
    it = elements(ds._inputs[0], root)
    try:
        for e in it:
            read += 1
            key = ds._key(e)
            if key not in sizes:
                sizes[key] = ds._size_of(key)
            group = groups.setdefault(key, [])
            group.append(e)
            if len(group) >= sizes[key]:
                yield key, read, False, groups, sizes
                del groups[key]
    finally:
        it.close()
    while groups:
        key = min(groups)
        yield key, read, True, groups, sizes
        del groups[key]


def _opener(ds: Any, root: Any) -> Callable:
    """How many elements the reduce function's dataset of a group gives."""
    open_ = ds._reduce(IterContext(root.options(), root))

    def size(key: int, group: list) -> int:
        it = open_(key, ds._group(list(group)))
        try:
            return sum(1 for _ in it)
        finally:
            it.close()
    return size


def given(state: dict, prefix: str, ds: Any, root: Any, current: Callable) -> int:
    """What group_by_window `ds` gave: the datasets of the groups it flushed before the
    current one, and what the current one's gave (`current(its prefix, its size, its key,
    its elements)`)."""
    counter = int(get(state, prefix, "group_counter")) + 1  # (TF saves one less)
    began = not has(state, prefix, "current_iterator_not_initialized")
    done = counter - began  # (groups whose datasets gave all)
    if counter == 0:
        return 0
    size, n = _opener(ds, root), 0
    for k, (key, _, _, groups, _) in enumerate(flushes(ds, root)):
        if k == done:
            return n + current(f"{prefix}[{k}]", size(key, groups[key]), key, groups[key])
        n += size(key, groups[key])
        if k + 1 == done and not began:
            break
    return n


def write(out: dict, prefix: str, ds: Any, n: int, root: Any, current: Callable) -> int:
    """Writes group_by_window `ds`'s state having given `n` elements (END: all): the group
    whose dataset gives the n-th element begun (its dataset's state by `current(its
    prefix, elements given, its key, its elements)`), or past a group's last element,
    none begun. Returns what its input had given (END: all)."""
    size = _opener(ds, root)
    counter, read, ended, held, sizes, now = 0, 0, False, {}, {}, None
    if n != 0:
        for key, at, gone, groups, seen in flushes(ds, root):
            counter, read, ended, sizes = counter + 1, at, gone, dict(seen)
            whole = size(key, groups[key])
            if n == END or n >= whole:
                n = n if n == END else n - whole
                held = {k: list(v) for k, v in groups.items() if k != key}
                if n == 0:
                    break
                continue
            held, now = {k: list(v) for k, v in groups.items()}, (key, n, list(groups[key]))
            break
        else:  # (every group flushed: its input ended)
            ended = True
    values = {"group_counter": i64(counter - 1)}  # (what TF saves: one less)
    if ended:
        values["end_of_input"] = _empty()
    if held:
        values["groups_size"] = i64(len(held))
        for g, key in enumerate(sorted(held)):
            values.update(_group(f"groups_[{g}]", key, held[key]))
    if sizes:
        values["window_sizes_size"] = i64(len(sizes))
        for w, key in enumerate(sorted(sizes)):
            values[f"window_sizes_[{w}]->key"] = i64(key)
            values[f"window_sizes_[{w}]->value"] = i64(sizes[key])
    if now is None:
        values["current_iterator_not_initialized"] = _empty()
    else:
        values["current_key"] = i64(now[0])
        current(f"{prefix}[{counter - 1}]", now[1], now[0], now[2])
    out[prefix] = {f"{FULL}{prefix}:{k}": v for k, v in values.items()}
    return END if ended else read


def _group(name: str, key: int, group: list) -> dict:
    out = {f"{name}->key": i64(key), f"{name}_size": i64(len(group))}
    for i, e in enumerate(group):
        out[f"{name}[{i}]_size"] = i64(len(e))
        for j, c in enumerate(e):
            arr = c._arr.astype(object) if c.dtype is _dt.string else c._arr
            out[f"{name}[{i}][{j}]"] = (arr, c.dtype)
    return out


def _empty() -> tuple:
    return np.array(b"", object), _dt.string
