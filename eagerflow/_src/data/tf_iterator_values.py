"""The values of TF's checkpointed tf.data iterator state that tf_iterator_state.py and
tf_iterator_ops.py read and write, and the errors of a state that does not fit: its names
(a value named with its iterator's prefix), int64 scalars, a buffered element's
components; and a pipeline's elements counted or taken by running a new iterator of it
(the functions of TF's iterators start over in each, so these are the ones TF gave).

Data layer, below tf_iterator_ops.py and tf_iterator_state.py.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError
from eagerflow._src.data.iterators import IterContext

ROOT = "Iterator::Root"
END = -1  # the position of an iterator that gives nothing more
# TF's prefix of a value named with its iterator ("full name"; a constant in TF)
FULL = "60d899aa0d8ce4351e7c3b419e92d25b|"
UNKNOWN = -2  # (dataset.py's unknown cardinality; that module imports tf_iterator_state)
_I64 = _dt.int64


def refuse(what: str) -> InvalidArgumentError:
    return InvalidArgumentError(None, None, f"Failed to restore the iterator: {what} "
                                            "[Op:DeserializeIterator]")


def changed(prefix: str) -> NotFoundError:
    """TF's error for a state that is not of the restoring pipeline: the first of its
    iterators whose state is missing."""
    return NotFoundError(None, None, "{{function_node __wrapped__DeserializeIterator_device_/"
                         "job:localhost/replica:0/task:0/device:CPU:0}} Failed to restore "
                         f"dataset iterator from checkpoint: {prefix}. Make sure the dataset "
                         "definition has not changed between the process that saved the "
                         "checkpoint and the process that is restoring it. "
                         "[Op:DeserializeIterator] name: ")


def missing(key: str) -> NotFoundError:
    return NotFoundError(None, None, f"Key: {key} not found. [Op:DeserializeIterator]")


def _keys(prefix: str, name: str) -> tuple:
    """The two names a value of the iterator at `prefix` is saved under: its own, or with
    the iterator's full name."""
    return name, f"{FULL}{prefix}:{name}"


def has(state: dict, prefix: str, name: str) -> bool:
    values = state.get(prefix, {})
    return any(key in values for key in _keys(prefix, name))


def get(state: dict, prefix: str, name: str) -> Any:
    values = state.get(prefix, {})
    for key in _keys(prefix, name):
        if key in values:
            v = values[key]
            return v.reshape(()).item() if isinstance(v, np.ndarray) and v.size == 1 else v
    raise missing(f"{FULL}{prefix}:{name}")


def i64(v: int) -> tuple:
    return np.array(v, np.int64), _I64


def slot(it: Any, held: Any) -> dict:
    """A shuffle buffer's slot: its element's components (a row iterator's buffer holds
    row numbers)."""
    if held is None:
        return {"num_components": i64(0)}
    if hasattr(it, "row_arrays"):
        parts = [(np.asarray(a[held, ...]), d) for a, d in zip(it.row_arrays, it.row_dtypes)]
    else:
        parts = [(np.asarray(c._arr), c.dtype) for c in held]
    out = {"num_components": i64(len(parts))}
    for i, (arr, dtype) in enumerate(parts):
        out[f"component[{i}]"] = (arr.astype(object) if dtype is _dt.string else arr, dtype)
    return out


# {id(dataset that reseeds each iteration: a shuffle's, a random's): the counter its
# iterator had in the iterator whose state is being read or written} (see `began`)
_BEGAN: dict = {}


@contextlib.contextmanager
def began(counters: dict, root: Any) -> Iterator[None]:
    """While the state of an iterator of dataset `root` is read or written: every iterator
    `elements` makes of part of its pipeline draws what that iterator's drew (each dataset
    that reseeds at the counter `counters` gives it; a new iterator would take the next
    seeds). The counters the pipeline's datasets had are theirs again after (the runs
    made iterators of them: a repeat's, of its input's, as it goes)."""
    kept, live = dict(_BEGAN), [(d, d._iterations) for d in _reseeding(root)]
    _BEGAN.clear()
    _BEGAN.update(counters)
    try:
        yield
    finally:
        _BEGAN.clear()
        _BEGAN.update(kept)
        for d, k in live:
            d._iterations = k


def counter(ds: Any) -> int:
    """The counter dataset `ds` (that reseeds each iteration) draws its seeds with now."""
    return _BEGAN.get(id(ds), ds._iterations)


def set_counter(ds: Any, k: int) -> None:
    _BEGAN[id(ds)] = k


def advance(ds: Any, by: int) -> None:
    """Each dataset that reseeds under `ds` (a repeat's input) `by` iterations on: a
    repeat makes one iterator of its input each epoch."""
    for d in _reseeding(ds):
        _BEGAN[id(d)] = counter(d) + by


def _reseeding(ds: Any) -> list:
    found, todo = [], [ds]
    while todo:
        d = todo.pop()
        if hasattr(d, "_iterations"):
            found.append(d)
        todo.extend(getattr(d, "_inputs", ()))
    return found


def elements(ds: Any, root: Any) -> Any:
    """A new iterator of dataset `ds` in the pipeline of `root` (its functions start over,
    as each iterator of TF's does), drawing what the iterator being saved or restored
    drew (`began`: each dataset that reseeds set to its counter then, and left to count
    the iterators this run makes, as a repeat makes them one epoch after another)."""
    for d in _reseeding(ds):
        if id(d) in _BEGAN:
            d._iterations = _BEGAN[id(d)]
    return ds._make_iterator(IterContext(root.options(), root))


def total(ds: Any, root: Any) -> int:
    """How many elements dataset `ds` gives in all (an exhausted iterator gave them); END
    for an infinite one (its iterator ended only when closed)."""
    size = ds._cardinality()
    if size != UNKNOWN:
        return size if size >= 0 else END
    it, n = elements(ds, root), 0
    try:
        for _ in it:
            n += 1
    finally:
        it.close()
    return n


def first(ds: Any, n: int | None, root: Any) -> list:
    """The first `n` elements of dataset `ds` (None: all of them)."""
    it, out = elements(ds, root), []
    try:
        while n is None or len(out) < n:
            try:
                out.append(next(it))
            except StopIteration:
                break
    finally:
        it.close()
    return out


def row_count(e: tuple) -> int:
    if not all(hasattr(c, "_arr") for c in e):
        raise refuse("its Unbatch's input holds sparse or ragged components")
    return int(e[0]._arr.shape[0])


def last(ds: Any, n: int) -> int:
    """END where `n` is all that batching dataset `ds` gives: its last batch, perhaps a
    part one, was made as its input ended (which TF's batch then lets go)."""
    size = ds._cardinality()
    return END if 0 <= size <= n else n


def same_element(saved: tuple, given: list) -> tuple:
    """The element of `given` (an input's elements) that a state's `saved` one names: an
    equal one, else one whose strings name files of the same base names (a state written
    where the files were elsewhere, as TF's readers find them by path); else `saved`."""
    for key in (_values, _base_names):
        want = key(saved)
        hit = next((e for e in given if key(e) == want), None)
        if hit is not None:
            return hit
    return saved


def _values(e: tuple) -> list:
    return [np.asarray(c._arr).tolist() for c in e]


def _base_names(e: tuple) -> list:
    def base(x: Any) -> Any:
        return os.path.basename(x.decode() if isinstance(x, bytes) else x) \
            if isinstance(x, (bytes, str)) else x

    return [np.vectorize(base, otypes=[object])(np.asarray(c._arr)).tolist()
            if c.dtype is _dt.string else np.asarray(c._arr).tolist() for c in e]
