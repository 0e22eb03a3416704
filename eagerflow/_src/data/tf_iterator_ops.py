"""TF's checkpointed iterator state of the single-input tf.data transformations that count
their elements one by one: take, skip, shard, filter, unbatch, batch in parallel,
padded_batch, rebatch, an in-memory cache, scan, unique, take_while and ignore_errors.
Each reader gives how many elements its iterator had given from its state and what its
input had given (`n`); each writer puts the state of its iterator having given `n`
elements and gives what its input had given then.
tf_iterator_state.py runs them level by level (READ, WRITE: by TF's iterator name).

Data layer, over tf_iterator_values.py, below tf_iterator_state.py.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.errors import OpError
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.data.iterators import IterContext
from eagerflow._src.data.tf_iterator_values import (
    END,
    FULL,
    elements,
    first,
    get,
    has,
    i64,
    last,
    refuse,
    row_count,
    slot,
    total,
)

# (TF's cache files are tensor bundles, whose protobuf tf.data leaves to a cache's first use)
cache_files = lazy_module("eagerflow._src.data.cache_files")


def _take(state: dict, prefix: str, dss: list, n: int, root: Any) -> int:
    return int(get(state, prefix, "i"))  # (what it gave, its input ended or not)


def _skip(state: dict, prefix: str, dss: list, n: int, root: Any) -> int:
    if int(get(state, prefix, "input_impl_empty")):
        return total(dss[0], root)
    return max(n - int(get(state, prefix, "i")), 0)


def _filter(state: dict, prefix: str, dss: list, n: int, root: Any) -> int:
    # (TF counts the elements its predicate passed, and those it dropped)
    return int(get(state, prefix, "filtered_elements"))


def _unbatch(state: dict, prefix: str, dss: list, n: int, root: Any) -> int:
    """The rows of the batches before the current one, and the current one's rows given."""
    if int(get(state, prefix, "input_impl_empty")):
        return total(dss[0], root)
    if n == 0:
        return 0
    sizes = _batch_sizes(dss[0]._inputs[0], n - 1, root)
    return sum(sizes) + int(get(state, prefix, "current_index"))


def _padded_batch(state: dict, prefix: str, dss: list, n: int, root: Any) -> int:
    if int(get(state, prefix, "exhausted")):
        return total(dss[0], root)
    return n // dss[0]._size


def _memory_cache(state: dict, prefix: str, dss: list, n: int, root: Any) -> int:
    """A cache gave what it had filled (its filler's "num_elements"), or once filled,
    its reader's "index" (a filler that filled it gave all it holds)."""
    if not completed(state, prefix):
        return int(get(state, prefix + "Impl", "num_elements"))
    if has(state, prefix + "Impl", "index"):
        return int(get(state, prefix + "Impl", "index"))
    return int(get(state, prefix, "num_elements"))


def _file_cache(state: dict, prefix: str, dss: list, n: int, root: Any) -> int:
    """A cache in files TF read ("Mode" 0: its reader, at "cur_index") gave as many;
    one it was filling (1: its shards written so far, its input's state) is not read."""
    if int(get(state, prefix, "Mode")) != 0:
        raise refuse("its cache in files was being filled")
    return int(get(state, prefix + "Impl", "cur_index"))


def _w_file_cache(out: dict, prefix: str, dss: list, n: int, root: Any) -> tuple:
    """A complete cache in files having given `n` elements: TF's reader of its files
    there (its input is not read)."""
    ds = dss[0]
    if not cache_files.filled(ds._filename):
        raise refuse("its cache in files is not filled")
    at = cache_files.elements_in(ds._filename, len(ds._inputs[0]._structure.specs)) \
        if n == END else n
    out[prefix] = {"Mode": i64(0)}
    out[prefix + "Impl"] = {"cur_index": i64(at)}
    return END, prefix + "Impl"


def completed(state: dict, prefix: str) -> bool:
    """Whether the cache whose iterator is at `prefix` had been filled."""
    return has(state, prefix, "cache_completed")


def _batch_sizes(ds: Any, n: int, root: Any) -> list:
    """The leading dimensions of the first `n` elements of dataset `ds` (an unbatch's input;
    all its components' match)."""
    return [row_count(e) for e in first(ds, n, root)]


def _w_take(out: dict, prefix: str, dss: list, n: int, root: Any) -> tuple:
    given = total(dss[0], root) if n == END else n
    out[prefix] = {"i": i64(given), "input_impl_empty": i64(int(n == END))}
    return n, prefix


def _w_skip(out: dict, prefix: str, dss: list, n: int, root: Any) -> tuple:
    # (TF skips when asked for its first element: none given, none skipped yet)
    skipped = 0 if n == 0 else dss[0]._count
    out[prefix] = {"i": i64(skipped), "input_impl_empty": i64(int(n == END))}
    return (n if n in (0, END) else n + skipped), prefix


def _w_filter(out: dict, prefix: str, dss: list, n: int, root: Any) -> tuple:
    """A filter having passed `n` elements: its input gave as many as it took to reach the
    n-th that its predicate passed (run here); ended, TF counts all it passed and
    dropped."""
    ds = dss[0]
    if n == END:
        passed, taken = total(ds, root), total(ds._inputs[0], root)
    else:
        passed, taken = n, _taken_to_pass(ds, n, root)
    out[prefix] = {"input_impl_empty": i64(int(n == END)),
                   "filtered_elements": i64(passed), "dropped_elements": i64(taken - passed)}
    return (END if n == END else taken), prefix


def _taken_to_pass(ds: Any, n: int, root: Any) -> int:
    """How many input elements filter `ds` reads until its predicate has passed `n`: what
    its latest iterator read, where that one passed as many (the iterator being saved),
    else counted by running it again."""
    latest = ds._latest() if ds._latest is not None else None
    if latest is not None and latest.passed == n:
        return latest.read
    taken = passed = 0
    if n:
        it = elements(ds._inputs[0], root)
        passes = ds._pred.bind(IterContext(root.options(), root))
        try:
            for e in it:
                taken += 1
                passed += bool(passes(e))
                if passed == n:
                    break
        finally:
            it.close()
    return taken


def _w_unbatch(out: dict, prefix: str, dss: list, n: int, root: Any) -> tuple:
    """An unbatch having given `n` rows: its input gave the batches up to the one that
    holds the n-th row, which it keeps (its values, while rows of it are still to give)."""
    full = {f"{FULL}{prefix}:{k}": i64(0) for k in ("current_index", "n")}
    full[f"{FULL}{prefix}:input_impl_empty"] = i64(int(n == END))
    out[prefix] = full
    if n in (0, END):
        return n, prefix
    it, batches, rows = elements(dss[0]._inputs[0], root), 0, 0
    try:
        for e in it:
            batches += 1
            size = row_count(e)
            if rows + size >= n:
                break
            rows += size
    finally:
        it.close()
    index = n - rows
    full[f"{FULL}{prefix}:current_index"] = i64(index)
    full[f"{FULL}{prefix}:n"] = i64(size)
    if index < size:
        for k, c in enumerate(e):
            arr = c._arr.astype(object) if c.dtype is _dt.string else c._arr
            full[f"{FULL}{prefix}:tensors[{k}]"] = (arr, c.dtype)
    return batches, prefix


def _w_memory_cache(out: dict, prefix: str, dss: list, n: int, root: Any) -> tuple:
    """A cache having given `n` elements: filling, what it holds are those `n` (its
    input having given as many); having given all, filled with them."""
    ds = dss[0]
    most = None if n == END else n
    # (a cache eagerflow has filled holds them; else its input gives them again)
    held = ds._memory[:most] if ds._memory is not None else first(ds._inputs[0], most, root)
    if not all(hasattr(c, "_arr") for e in held for c in e):
        raise refuse("its cache holds sparse components")
    cached = {f"{prefix}::{k}": slot(None, e) for k, e in enumerate(held)}
    if n == END:
        out[prefix] = {"cache_completed": (np.array(b"", object), _dt.string),
                       "num_elements": i64(len(held)),
                       "global_shuffle_iterator_next_index": i64(0)}
        out.update(cached)
        out[prefix + "Impl"] = {"index": i64(len(held))}
        return END, prefix + "Impl"
    out[prefix] = {"global_shuffle_iterator_next_index": i64(0)}
    out[prefix + "Impl"] = {"num_elements": i64(len(held))}
    out.update({k.replace(prefix, prefix + "Impl", 1): v for k, v in cached.items()})
    return n, prefix + "Impl"


def _w_padded_batch(out: dict, prefix: str, dss: list, n: int, root: Any) -> tuple:
    n = last(dss[0], n)
    out[prefix] = {"exhausted": i64(int(n == END))}
    return (END if n == END else n * dss[0]._size), prefix


def _rebatch(state: dict, prefix: str, dss: list, n: int, root: Any) -> int:
    """A rebatch gave the batches its input's rows made, but those of the input element it
    holds from "offset" on: as many batches (of its sizes in turn) as make those rows, the
    last perhaps a part one."""
    ds = dss[0]
    rows = sum(_batch_sizes(ds._inputs[0], n, root))
    if int(get(state, prefix, "offset")) >= 0:
        rows -= len(get(state, prefix, "tensors[0]")) - int(get(state, prefix, "offset"))
    given, made = 0, 0
    while made < rows:
        made += _sizes(ds)[given % len(ds._sizes)]
        given += 1
    return given


def _sizes(ds: Any) -> list:
    if 0 in ds._sizes:  # (empty batches without end)
        raise refuse("its rebatch makes empty batches")
    return ds._sizes


def _shard(state: dict, prefix: str, dss: list, n: int, root: Any) -> int:
    """A shard gave the elements of its index among the input's it read ("next_index")."""
    if int(get(state, prefix, "input_impl_empty")):
        return total(dss[0], root)
    num, index = _shards(dss[0])
    return len(range(index, int(get(state, prefix, "next_index")), num))


def _shards(ds: Any) -> tuple:
    if ds._n < 1:  # (SHARD_HINT: a tf.data service worker's)
        raise refuse("its shard is a tf.data service's")
    return ds._n, ds._index


def _parallel_batch(state: dict, prefix: str, dss: list, n: int, root: Any) -> int:
    """A parallel batch gave the batches its input's elements made (a part one last, but
    under drop_remainder) but those it holds (an empty one marks the end; a part one that
    drop_remainder drops is held too)."""
    ds = dss[0]
    made = n // ds._size if ds._drop else -(-n // ds._size)
    for k in range(int(get(state, prefix, "batch_results_size"))):
        held = int(get(state, prefix, f"batch_results_{k}_num_elements"))
        made -= held == ds._size if ds._drop else held > 0
    return made


def _given(state: dict, prefix: str, dss: list, n: int, root: Any) -> int:
    """A scan gives one element per input element (its own state is rebuilt by running
    it again)."""
    return n


def _unique(state: dict, prefix: str, dss: list, n: int, root: Any) -> int:
    # (it gave each element it holds as it first saw it)
    return int(get(state, prefix, "unique_elements_size"))


def _take_while(state: dict, prefix: str, dss: list, n: int, root: Any) -> int:
    if int(get(state, prefix, "input_impl_empty")):  # (its predicate failed, or input ended)
        return total(dss[0], root)
    return n


def _ignore_errors(state: dict, prefix: str, dss: list, n: int, root: Any) -> int:
    """What an ignore_errors gave of the first `n` its input gave, errors among them (TF's
    iterator over it saves none of its own)."""
    return _successes(dss[0]._inputs[0], root, lambda tried, ok: tried == n)[1]


def _successes(ds: Any, root: Any, done: Any) -> tuple:
    """(elements dataset `ds` gave, errors counted; of them not errors) running a new
    iterator of it until `done(tried, ok)` or its end (END, ok)."""
    it, tried, ok = elements(ds, root), 0, 0
    try:
        while not done(tried, ok):
            try:
                next(it)
                ok += 1
            except StopIteration:
                return END, ok
            except OpError:
                pass
            tried += 1
    finally:
        it.close()
    return tried, ok


def _window(state: dict, prefix: str, dss: list, n: int, root: Any) -> int:
    """A window gave as many windows as its input's reads reach: window k ends at
    k * shift + span (its buffer then holds what later windows need); its input ended,
    every window that its buffer no longer holds. The iterator of a window's own dataset
    (a flat_map's function's argument) gave its "i" elements."""
    ds = dss[0]
    if not hasattr(ds, "_shift"):
        return int(get(state, prefix, "i"))
    if has(state, prefix, "input_impl_empty"):
        held = int(get(state, prefix, "buffer_size"))
        if not held:
            return total(ds, root)
        return (total(ds._inputs[0], root) - held) // ds._shift
    return 0 if n == 0 else (n - _span(ds)) // ds._shift + 1


def _span(ds: Any) -> int:
    return (ds._size - 1) * ds._stride + 1


READ = {"FiniteTake": _take, "FiniteSkip": _skip, "Filter": _filter, "Unbatch": _unbatch,
        "PaddedBatchV2": _padded_batch, "MemoryCache": _memory_cache, "RebatchV2": _rebatch,
        "FileCache": _file_cache,
        "Shard": _shard, "ParallelBatch": _parallel_batch, "Scan": _given,
        "Unique": _unique, "TakeWhile": _take_while, "IgnoreErrors": _ignore_errors,
        "Window": _window}


def _w_rebatch(out: dict, prefix: str, dss: list, n: int, root: Any) -> tuple:
    """A rebatch having given `n` batches: its input gave the elements whose rows those
    took, the last one kept with the offset of its rows still to give (none: -1); past
    its rows (its last batch a part one), its input ended."""
    ds = dss[0]
    sizes = _sizes(ds)
    rows = None if n == END else sum(sizes[k % len(sizes)] for k in range(n))
    values = {f"{FULL}{prefix}:batch_sizes_index": i64(0 if n == END else n % len(sizes)),
              f"{FULL}{prefix}:offset": i64(-1)}
    out[prefix] = values
    it, taken, have = elements(ds._inputs[0], root), 0, 0
    try:
        while rows is None or have < rows:
            try:
                e = next(it)
            except StopIteration:
                return END, prefix
            taken += 1
            have += row_count(e)
    finally:
        it.close()
    if have > rows:  # (that element's rows from the offset on are still to give)
        values[f"{FULL}{prefix}:offset"] = i64(row_count(e) - (have - rows))
        for k, c in enumerate(e):
            arr = c._arr.astype(object) if c.dtype is _dt.string else c._arr
            values[f"{FULL}{prefix}:tensors[{k}]"] = (arr, c.dtype)
    return taken, prefix


def _w_shard(out: dict, prefix: str, dss: list, n: int, root: Any) -> tuple:
    """A shard having given `n`: its input read up to the n-th element of its index."""
    num, index = _shards(dss[0])
    read = 0 if n in (0, END) else index + (n - 1) * num + 1
    out[prefix] = {"input_impl_empty": i64(int(n == END)), "next_index": i64(read)}
    return (END if n == END else read), prefix


def _w_parallel_batch(out: dict, prefix: str, dss: list, n: int, root: Any) -> tuple:
    # (TF's keeps its input's iterator, ended or not)
    out[prefix] = {"batch_results_size": i64(0)}
    return (END if n == END else n * dss[0]._size), prefix


def _w_scan(out: dict, prefix: str, dss: list, n: int, root: Any) -> tuple:
    """A scan having given `n` elements: its state then (run here)."""
    it = elements(dss[0], root)
    try:
        for _ in range(n) if n != END else iter(int, 1):
            try:
                next(it)
            except StopIteration:
                break
        held = it._state
    finally:
        it.close()
    values = {f"{FULL}{prefix}:state_size": i64(len(held))}
    for k, c in enumerate(held):
        values[f"{FULL}{prefix}:state[{k}]"] = _component(c, "its scan's state")
    out[prefix] = values
    return n, prefix


def _component(c: Any, what: str) -> tuple:
    if not hasattr(c, "_arr"):
        raise refuse(f"{what} holds sparse or ragged components")
    return (c._arr.astype(object) if c.dtype is _dt.string else c._arr), c.dtype


def _w_unique(out: dict, prefix: str, dss: list, n: int, root: Any) -> tuple:
    """A unique having given `n` elements: its input read up to the n-th new one; the
    elements it saw (TF's set: any order)."""
    it, taken, seen = elements(dss[0]._inputs[0], root), 0, {}
    try:
        while n == END or len(seen) < n:
            try:
                (c,) = next(it)
            except StopIteration:
                break
            taken += 1
            a = c._arr  # (keyed as the unique iterator keys it)
            seen.setdefault(a.item() if a.shape == () else (a.shape, tuple(a.ravel().tolist())),
                            c)
    finally:
        it.close()
    values = {f"{FULL}{prefix}:unique_elements_size": i64(len(seen))}
    for k, c in enumerate(seen.values()):
        values[f"{FULL}{prefix}:unique_elements[{k}]"] = _component(c, "its unique")
    out[prefix] = values
    return (END if n == END else taken), prefix


def _w_take_while(out: dict, prefix: str, dss: list, n: int, root: Any) -> tuple:
    out[prefix] = {f"{FULL}{prefix}:input_impl_empty": i64(int(n == END))}
    return n, prefix


def _w_ignore_errors(out: dict, prefix: str, dss: list, n: int, root: Any) -> tuple:
    """An ignore_errors having given `n`: its input gave as many elements, errors among
    them, as it took to give `n` that were not."""
    if n in (0, END):
        return n, prefix
    tried, _ = _successes(dss[0]._inputs[0], root, lambda tried, ok: ok == n)
    return tried, prefix


def _w_window(out: dict, prefix: str, dss: list, n: int, root: Any) -> tuple:
    """A window having given `n` windows: its input read to the end of the last one, its
    buffer holding the elements from the next one's start on; its input found ended (a
    part window last), let go. A window's own dataset's iterator: its "i"."""
    ds = dss[0]
    if not hasattr(ds, "_shift"):
        out[prefix] = {"i": i64(n)}
        return n, prefix
    read = 0 if n in (0, END) else (n - 1) * ds._shift + _span(ds)
    got = first(ds._inputs[0], read, root) if read else []
    ended = n == END or len(got) < read
    held = [] if n == END else got[n * ds._shift:]
    values = {"buffer_size": i64(len(held))}
    if ended:
        values["input_impl_empty"] = (np.array(b"", object), _dt.string)
    for k, e in enumerate(held):
        values[f"buffer[{k}].code"] = i64(0)
        values[f"buffer[{k}].size"] = i64(len(e))
        for j, c in enumerate(e):
            values[f"buffer[{k}][{j}]"] = _component(c, "its window")
    out[prefix] = values
    return (END if ended else read), prefix


WRITE = {"FiniteTake": _w_take, "FiniteSkip": _w_skip, "Filter": _w_filter,
         "Unbatch": _w_unbatch, "PaddedBatchV2": _w_padded_batch,
         "MemoryCache": _w_memory_cache, "RebatchV2": _w_rebatch, "FileCache": _w_file_cache,
         "Shard": _w_shard, "ParallelBatch": _w_parallel_batch, "Scan": _w_scan,
         "Unique": _w_unique, "TakeWhile": _w_take_while, "IgnoreErrors": _w_ignore_errors,
         "Window": _w_window}
