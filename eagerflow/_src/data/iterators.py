"""The element iterators of tf.data pipelines, and the context an iteration runs in.

Data layer, at its bottom. Internally every dataset makes an `ElementIterator`: an object with
`__next__` returning the next element as a flat tuple of components (raising
StopIteration at the end) and `close()` releasing what it holds (files, threads),
closing its inputs too. Iterators are classes rather than generators so that an
error raised for one element (by a map function, say) leaves the iterator usable,
as in TF: `ignore_errors()` relies on that. The public `tf.data.Iterator` over them
is in owned_iterator.py.

A pipeline built inside a tf.function reads tensors of that function: its datasets and
functions say which (`note_symbolic`, PipelineFunction.captures), and an iteration run
inside the function feeds their values (IterContext.feed).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

from eagerflow._src.backend import to_host
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor


class IterContext:
    """What the outermost dataset's options decide for the whole pipeline."""

    __slots__ = ("deterministic", "threads", "optimize", "feed", "kernels", "sources",
                 "shard_hints", "root")

    def __init__(self, options: Any = None, root: Any = None) -> None:
        # the dataset the iterator is made of (what an assert_next dataset checks the path
        # of itself in), None where not known
        self.root = root
        # The stateful kernels of the pipeline's functions (their random ops' streams): as
        # TF instantiates a dataset's functions for each iterator, every iteration starts
        # their seeded random ops over, while a repeat inside one iteration goes on
        self.kernels: dict = {}
        # id(symbolic tensor) -> value, for the tensors of an enclosing tf.function that
        # the pipeline's functions read (set when the pipeline runs inside the function)
        self.feed: dict | None = None
        # id(source dataset) -> how a tf.data service worker reads it (its splits: service.py)
        self.sources: dict | None = None
        # id(shard dataset) -> (num_shards, index) for the `shard(SHARD_HINT, ...)` of a
        # pipeline a tf.data service worker reads with ShardingPolicy.HINT
        self.shard_hints: dict | None = None
        det = getattr(options, "deterministic", None) if options is not None else None
        self.deterministic = True if det is None else bool(det)
        n = options.threading.private_threadpool_size if options is not None else None
        self.threads = n if n else None
        opt = options.experimental_optimization if options is not None else None
        # Graph rewrites (map+batch fusion) unless default optimizations, or that fusion,
        # are turned off.
        self.optimize = opt is None or (opt.apply_default_optimizations is not False and
                                        getattr(opt, "map_and_batch_fusion", None) is not False)


def splittable(make: Callable) -> Callable:
    """A source's `_make_iterator`, whose elements a tf.data service job may split among
    its workers (the job's IterContext.sources says how this worker reads them)."""
    def make_iterator(self: Any, ctx: Any = None) -> ElementIterator:
        sources = getattr(ctx, "sources", None)
        if not sources or id(self) not in sources:
            return make(self, ctx)
        return sources[id(self)].iterator(lambda: make(self, ctx))
    make_iterator.splittable = True
    return make_iterator


class PipelineFunction:
    """Base of the user functions a pipeline runs (map's, flat_map's, ...). `captures`:
    the tensors of an enclosing tf.function they read, which an iteration run inside
    that function feeds them (IterContext.feed; see graph_ops.py)."""

    captures: list


# While a function returning a dataset is traced (dataset_functions.py), the datasets and
# functions built inside it register the symbolic tensors they will read from the feed.
_collectors = threading.local()


def note_symbolic(tensors: Any) -> None:
    """Called by a dataset, or a dataset's function, built from symbolic tensors."""
    stack = getattr(_collectors, "stack", None)
    if stack:
        stack[-1].extend(tensors)


def fed_tensors(symbolic: Sequence, ctx: IterContext | None) -> dict:
    """{id(t): t's value} for the symbolic tensors a dataset was built from, as the
    tf.function they belong to feeds them (ctx.feed) while it runs the pipeline."""
    feed = getattr(ctx, "feed", None) or {}
    if any(id(t) not in feed for t in symbolic):
        names = ", ".join(t.name for t in symbolic)
        raise InvalidArgumentError(
            None, None, f"This dataset was built from tensors of a tf.function ({names}); "
            "it can only be iterated inside that function.")
    return {id(t): EagerTensor(to_host(feed[id(t)]), t.dtype) for t in symbolic}


class Collecting:
    """`with Collecting() as found:` gathers what `note_symbolic` is given meanwhile."""

    def __enter__(self) -> list:
        stack = getattr(_collectors, "stack", None)
        if stack is None:
            stack = _collectors.stack = []
        self.found: list = []
        stack.append(self.found)
        return self.found

    def __exit__(self, *exc: Any) -> None:
        _collectors.stack.pop()


class ElementIterator:
    """Base of internal iterators: `__next__` gives a flat tuple; `close()` releases."""

    __slots__ = ()

    def __iter__(self) -> ElementIterator:
        return self

    def __next__(self) -> tuple:  # pragma: no cover - abstract
        raise NotImplementedError

    def close(self) -> None:
        pass


class ListIterator(ElementIterator):
    """Elements already in memory."""

    __slots__ = ("_items", "_i")

    def __init__(self, items: list) -> None:
        self._items = items
        self._i = 0

    def __next__(self) -> tuple:
        i = self._i
        if i >= len(self._items):
            raise StopIteration
        self._i = i + 1
        return self._items[i]


_live_lock = threading.Lock()


class _Counted(ElementIterator):
    """An element iterator that counts the elements it has given (an iterator's position,
    which a checkpoint saves)."""

    __slots__ = ("_inner", "count")

    def __init__(self, inner: ElementIterator) -> None:
        self._inner, self.count = inner, 0

    def __next__(self) -> tuple:
        out = next(self._inner)
        self.count += 1
        return out

    def close(self) -> None:
        self._inner.close()
