"""Iterators of tf.data: the internal element iterators and the public `tf.data.Iterator`.

Data layer. Internally every dataset makes an `ElementIterator`: an object with
`__next__` returning the next element as a flat tuple of components (raising
StopIteration at the end) and `close()` releasing what it holds (files, threads),
closing its inputs too. Iterators are classes rather than generators so that an
error raised for one element (by a map function, say) leaves the iterator usable,
as in TF: `ignore_errors()` relies on that.

`OwnedIterator` is what `iter(dataset)` returns: it packs flat elements into the
user's structure, raises StopIteration from `next()` and OutOfRangeError from
`get_next()`, and closes the whole chain when it is closed or collected.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, OpError, OutOfRangeError
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.trackable import Trackable


def _name_op(e: OpError) -> None:
    """TF names the iterator op on errors raised inside a pipeline."""
    msg = e._message
    if "[Op:" not in msg:
        e._message = msg + " [Op:IteratorGetNext]"
        e.args = (e._message,) + e.args[1:]


class IterContext:
    """What the outermost dataset's options decide for the whole pipeline."""

    __slots__ = ("deterministic", "threads", "optimize", "feed")

    def __init__(self, options: Any = None) -> None:
        # id(symbolic tensor) -> value, for the tensors of an enclosing tf.function that
        # the pipeline's functions read (set when the pipeline runs inside the function)
        self.feed: dict | None = None
        det = getattr(options, "deterministic", None) if options is not None else None
        self.deterministic = True if det is None else bool(det)
        n = options.threading.private_threadpool_size if options is not None else None
        self.threads = n if n else None
        opt = options.experimental_optimization if options is not None else None
        # Graph rewrites (map+batch fusion) unless default optimizations are turned off.
        self.optimize = opt is None or opt.apply_default_optimizations is not False


class ElementIterator:
    """Base of internal iterators: `__next__` gives a flat tuple; `close()` releases."""

    __slots__ = ()

    def __iter__(self) -> ElementIterator:
        return self

    def __next__(self) -> tuple:  # pragma: no cover - abstract
        raise NotImplementedError

    def close(self) -> None:
        pass


class EmptyIterator(ElementIterator):
    __slots__ = ()

    def __next__(self) -> tuple:
        raise StopIteration


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


# The position as a checkpoint holds it (under TF's key, ITERATOR_STATE).
_STATE_FORMAT = "eagerflow.data.Iterator position:"


class OwnedIterator(Trackable):
    """`tf.data.Iterator` in eager mode: `next(it)`, `it.get_next()`, `it.element_spec`.

    In a tf.train.Checkpoint it saves its position; restoring it replays the dataset from
    the start up to that element, with each shuffle's reshuffle counter set back to what it
    was when this iterator began (the same elements where the pipeline is deterministic:
    seeded shuffles and random ops; TF saves the buffers themselves)."""

    def __init__(self, dataset: Any) -> None:
        self._dataset = dataset
        self._structure = dataset._structure
        self._pack = self._structure.pack
        self._it: ElementIterator | None = self._start()

    def _reshufflers(self) -> list:
        """The datasets of the pipeline that count their iterators (shuffles), in order."""
        out, seen, todo = [], set(), [self._dataset]
        while todo:
            ds = todo.pop()
            if id(ds) in seen:
                continue
            seen.add(id(ds))
            if hasattr(ds, "_epoch"):
                out.append(ds)
            todo.extend(reversed(getattr(ds, "_inputs", ())))
        return out

    def _start(self, epochs: list | None = None) -> ElementIterator:
        shufflers = self._reshufflers()
        now = [d._epoch for d in shufflers]
        if epochs is not None and len(epochs) == len(shufflers):
            for d, e in zip(shufflers, epochs):
                d._epoch = e
        self._epochs = [d._epoch for d in shufflers]
        it = _Counted(self._dataset._make_iterator(IterContext(self._dataset.options())))
        for d, n in zip(shufflers, now):  # later iterators still reshuffle afresh
            d._epoch = max(d._epoch, n)
        return it

    def _serialize_to_tensors(self) -> dict:
        count = -1 if self._it is None else self._it.count  # -1: closed, nothing more comes
        a = np.empty((), dtype=object)
        a[()] = f"{_STATE_FORMAT}{count};{','.join(map(str, self._epochs))}".encode()
        return {"ITERATOR_STATE": EagerTensor(a, _dt.string)}

    def _restore_from_tensors(self, tensors: dict) -> None:
        text = np.asarray(tensors["ITERATOR_STATE"]).reshape(()).item()
        text = text.decode() if isinstance(text, bytes) else str(text)
        if not text.startswith(_STATE_FORMAT):
            raise InvalidArgumentError(None, None, "This iterator state was not saved by "
                                       "eagerflow (TensorFlow's serialized iterator states "
                                       "can't be read) [Op:DeserializeIterator]")
        count, _, epochs = text[len(_STATE_FORMAT):].partition(";")
        self._close()
        if int(count) < 0:
            return
        self._it = it = self._start([int(e) for e in epochs.split(",") if e])
        for _ in range(int(count)):
            try:
                next(it)
            except StopIteration:
                break

    def __iter__(self) -> OwnedIterator:
        return self

    def __next__(self) -> Any:
        if _state.graph is not None:
            return self._graph_next()
        it = self._it
        if it is None:
            raise StopIteration
        try:
            return self._pack(next(it))
        except OpError as e:
            _name_op(e)
            raise

    def next(self) -> Any:
        return self.__next__()

    def get_next(self, name: str | None = None) -> Any:
        if _state.graph is not None:
            return self._graph_next()
        try:
            return self.__next__()
        except StopIteration:
            raise OutOfRangeError(None, None, "End of sequence [Op:IteratorGetNext]") from None

    def get_next_as_optional(self) -> Any:
        if _state.graph is not None:
            from eagerflow._src.data.graph_ops import graph_optional

            return graph_optional(self, self._structure)
        from eagerflow._src.data.optional import Optional

        try:
            return Optional.from_value(self.__next__())
        except StopIteration:
            return Optional.empty(self._structure.spec)

    # -- inside a tf.function: operations that use this iterator when the function runs --
    def _graph_next(self) -> Any:
        from eagerflow._src.data.graph_ops import graph_next, in_function

        if not in_function():
            raise RuntimeError("`tf.data.Iterator` only supports `next()` in eager mode or "
                               "within tf.function.")
        return graph_next(self, self, self._structure)

    def _ag_for_stmt(self, extra_test: Any, body: Any, get_state: Any, set_state: Any,
                     symbol_names: tuple, opts: dict) -> None:
        from eagerflow._src.data.graph_ops import for_over_iterator

        for_over_iterator(self, self._structure, extra_test, body, get_state, set_state,
                          symbol_names, opts)

    @property
    def element_spec(self) -> Any:
        return self._structure.spec

    @property
    def output_types(self) -> Any:
        from eagerflow._src.data.structure import map_structure

        return map_structure(lambda s: s.dtype, self._structure.spec)

    @property
    def output_shapes(self) -> Any:
        from eagerflow._src.data.structure import map_structure

        return map_structure(lambda s: s.shape, self._structure.spec)

    def _close(self) -> None:
        it, self._it = self._it, None
        if it is not None:
            it.close()

    def __del__(self) -> None:
        try:
            self._close()
        except Exception:  # noqa: BLE001 - never raise from a finalizer
            pass

    def __getstate__(self) -> Any:
        raise TypeError("tf.data iterators can't be pickled; save them with tf.train.Checkpoint")


class NumpyIterator:
    """`dataset.as_numpy_iterator()`: elements with tensors converted to NumPy values."""

    def __init__(self, dataset: Any) -> None:
        from eagerflow._src.data.structure import DatasetSpec, flatten

        for spec in flatten(dataset.element_spec):
            if isinstance(spec, DatasetSpec):
                raise TypeError("Dataset.as_numpy_iterator() is not supported for datasets that "
                                "produce values of type DatasetSpec")
        self._iterator = OwnedIterator(dataset)
        self._structure = self._iterator._structure

    def __iter__(self) -> NumpyIterator:
        return self

    def __next__(self) -> Any:
        it = self._iterator._it
        if it is None:
            raise StopIteration
        try:
            flat = next(it)
        except OpError as e:
            _name_op(e)
            raise
        return self._structure.pack(tuple(_to_numpy(c) for c in flat))

    next = __next__

    def __repr__(self) -> str:
        return f"NumpyIterator(iterator={self._iterator!r})"


def _to_numpy(c: Any) -> Any:
    if isinstance(c, SparseTensor):
        from eagerflow._src.data.optional import SparseTensorValue

        return SparseTensorValue(c.indices.numpy(), c.values.numpy(), c.dense_shape.numpy())
    return c.numpy()


def check_int_scalar(value: Any, name: str, op: str) -> int:
    """An int argument given as a Python int, NumPy integer or integer scalar tensor."""
    try:
        if hasattr(value, "_as_tensor") or hasattr(value, "_arr"):
            arr = value.numpy() if hasattr(value, "numpy") else value
            if getattr(value, "dtype", None) is not None and not value.dtype.is_integer:
                raise TypeError
            if getattr(value, "shape", ()) not in ((), None) and len(value.shape) != 0:
                raise InvalidArgumentError(None, None, f"{name} must be a scalar [Op:{op}]")
            return int(arr)
        if isinstance(value, bool):
            raise TypeError
        return int(value.__index__())
    except (TypeError, AttributeError):
        raise TypeError(f"`{name}` of `{op}` must be an integer scalar, got {value!r}") from None
