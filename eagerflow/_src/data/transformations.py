"""Element-wise and ordering transformations: map, filter, flat_map, scan, take_while,
ignore_errors, unique, shuffle, repeat, take, skip, shard, with_options; and reduce.

Data layer. Batching lives in batching.py, threaded transformations (parallel
map, interleave, prefetch) in parallel.py, cache in cache.py.
"""

from __future__ import annotations

import sys
import weakref
from collections.abc import Callable
from typing import Any

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.errors import (
    FailedPreconditionError,
    InvalidArgumentError,
    OpError,
    op_error,
)
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import graph_ops
from eagerflow._src.data import structure as dstruct
from eagerflow._src.data.dataset import INFINITE, UNKNOWN, DatasetV2, made_stamp
from eagerflow._src.data.dataset_functions import (
    DatasetFunction,
    inner_structure,
    refuse_no_tensors,
    returned_non_dataset,
)
from eagerflow._src.data.functions import StructuredFunction, not_callable
from eagerflow._src.data.iterators import (
    ElementIterator,
    IterContext,
    fed_tensors,
    note_symbolic,
)
from eagerflow._src.data.random_seed import Words, iterator_seeds, split_seed
from eagerflow._src.data.sources import RowIterator, int64_arg, int64_value, row_element
from eagerflow._src.data.variant_value import signed_words
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import raised_eagerly
from eagerflow._src.ops.ragged import RaggedTensorSpec
from eagerflow._src.ops.registry import OpDef

# ---------------------------------------------------------------------------------------
# map, filter
# ---------------------------------------------------------------------------------------

class _MapIterator(ElementIterator):
    __slots__ = ("_in", "_call")

    def __init__(self, upstream: ElementIterator, call: Callable) -> None:
        self._in, self._call = upstream, call

    def __next__(self) -> tuple:
        return self._call(next(self._in))

    def close(self) -> None:
        self._in.close()


class MapDataset(DatasetV2):
    _repr_name = "_MapDataset"

    def __init__(self, input_dataset: DatasetV2, map_func: Callable) -> None:
        super().__init__((input_dataset,))
        self._fn = StructuredFunction(map_func, "Dataset.map()", input_dataset._structure,
                                      input_dataset)

    def _compute_structure(self) -> dstruct.Structure:
        return self._fn.output_structure

    def _make_iterator(self, ctx: IterContext | None = None,
                       guarded: bool = True) -> ElementIterator:
        return _MapIterator(self._inputs[0]._make_iterator(ctx), self._fn.bind(ctx, guarded))


class Predicate:
    """A filter/take_while predicate: TF's rule is a scalar tf.bool result, checked when
    the function is traced (per element only for functions that run eagerly)."""

    def __init__(self, fn: StructuredFunction, what: str) -> None:
        self.fn, self._what = fn, what
        if fn._out is not None:  # known statically: refuse now, as TF does when tracing
            self._check(fn._out.spec)

    def _check(self, spec: Any) -> None:
        if type(spec) in (tuple, dict):
            # (TF asks the structure itself is_compatible_with, which a tuple lacks)
            raise AttributeError(f"'{type(spec).__name__}' object has no attribute "
                                 f"'is_compatible_with'")
        if not (isinstance(spec, TensorSpec) and spec.dtype is _dt.bool
                and spec.shape.is_compatible_with([])):
            sep = ", but its return type is " if self._what == "filter" else \
                " but its return type is"
            raise ValueError(f"Invalid `predicate`. `predicate` must return a `tf.bool` scalar "
                             f"tensor{sep}{spec!r}.")

    def bind(self, ctx: Any) -> Callable:
        call = self.fn.bind(ctx)
        if self.fn.traced:
            return lambda flat: bool(call(flat)[0]._arr)
        check = self._check

        def pred(flat: tuple) -> bool:
            r = call(flat)[0]
            if r._dtype is not _dt.bool or r._arr.shape != ():
                check(TensorSpec._make(r.shape, r._dtype))
            return bool(r._arr)

        return pred


class _FilterIterator(ElementIterator):
    # (what it read and passed: a checkpoint of it saves them, as TF's does, without
    # running the pipeline again)
    __slots__ = ("_in", "_pred", "read", "passed", "__weakref__")

    def __init__(self, upstream: ElementIterator, pred: Callable) -> None:
        self._in, self._pred = upstream, pred
        self.read = self.passed = 0

    def __next__(self) -> tuple:
        nxt, pred = self._in.__next__, self._pred
        while True:
            e = nxt()
            self.read += 1
            if pred(e):
                self.passed += 1
                return e

    def close(self) -> None:
        self._in.close()


class _PredicateDataset(DatasetV2):
    """The input's elements as a predicate lets `_iterator_class` pass them on: what
    Dataset.filter and Dataset.take_while (`_method_name`) make."""

    _method_name = ""
    _iterator_class: type = _FilterIterator
    _latest: Any = None  # (a weak reference to its latest iterator)

    def __init__(self, input_dataset: DatasetV2, predicate: Callable) -> None:
        super().__init__((input_dataset,))
        fn = StructuredFunction(predicate, f"Dataset.{self._method_name}()",
                                input_dataset._structure, input_dataset)
        self._pred = Predicate(fn, self._method_name)

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        it = self._iterator_class(self._inputs[0]._make_iterator(ctx), self._pred.bind(ctx))
        self._latest = weakref.ref(it)  # (what a checkpoint of its pipeline reads)
        return it

    def _cardinality(self) -> int:
        return UNKNOWN


class FilterDataset(_PredicateDataset):
    _repr_name = "_FilterDataset"
    _method_name = "filter"


class _TakeWhileIterator(_FilterIterator):
    __slots__ = ("_done",)

    def __init__(self, upstream: ElementIterator, pred: Callable) -> None:
        super().__init__(upstream, pred)
        self._done = False

    def __next__(self) -> tuple:
        if self._done:
            raise StopIteration
        e = next(self._in)
        if self._pred(e):
            return e
        self._done = True
        raise StopIteration


class TakeWhileDataset(_PredicateDataset):
    _repr_name = "_TakeWhileDataset"
    _method_name = "take_while"
    _iterator_class = _TakeWhileIterator


# ---------------------------------------------------------------------------------------
# flat_map
# ---------------------------------------------------------------------------------------

class _FlatMapIterator(ElementIterator):
    __slots__ = ("_in", "_open", "_cur")

    def __init__(self, upstream: ElementIterator, open_: Callable) -> None:
        self._in, self._open = upstream, open_
        self._cur: ElementIterator | None = None

    def __next__(self) -> tuple:
        while True:
            if self._cur is None:
                self._cur = self._open(next(self._in))
            try:
                return next(self._cur)
            except StopIteration:
                self._cur.close()
                self._cur = None

    def close(self) -> None:
        if self._cur is not None:
            self._cur.close()
            self._cur = None
        self._in.close()


class FlatMapDataset(DatasetV2):
    _repr_name = "_FlatMapDataset"

    def __init__(self, input_dataset: DatasetV2, map_func: Callable) -> None:
        super().__init__((input_dataset,))
        self._fn = DatasetFunction(map_func, "Dataset.flat_map()", input_dataset._structure,
                                   input_dataset, returned_non_dataset)
        refuse_no_tensors(self._fn, "FlatMapDataset")

    def _compute_structure(self) -> dstruct.Structure:
        return inner_structure(self._fn)

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        return _FlatMapIterator(self._inputs[0]._make_iterator(ctx), self._fn.bind(ctx))

    def _cardinality(self) -> int:
        return UNKNOWN


# ---------------------------------------------------------------------------------------
# scan, reduce
# ---------------------------------------------------------------------------------------

def _state_function(func: Callable, what: str, state: Any, input_dataset: DatasetV2,
                    scan: bool) -> tuple:
    """(initial state, its spec, the traced function). As TF does, the function is traced
    again with a relaxed state spec until the new state's shapes fit the state's (a state
    that grows gets unknown dims); a new state of another dtype is refused here."""
    if state is None and not callable(func):  # (TF takes a None state until it traces)
        raise not_callable(func, what)
    state = dstruct.normalize_element(state)
    state_spec = dstruct.structure_spec(state)
    while True:
        in_struct = dstruct.Structure((state_spec, input_dataset.element_spec))
        fn = StructuredFunction(func, what, in_struct, None)
        if not fn.traced:
            return state, state_spec, fn
        out = fn.output_structure.spec
        if scan:
            _check_scan_output(out, state_spec)
            new = out[0]
        else:
            new = out
        relaxed = _relaxed_state(state_spec, new, "scan_func" if scan else "reduce_func")
        if relaxed is None:
            return state, state_spec, fn
        state_spec = relaxed


def _check_scan_output(spec: Any, state_spec: Any) -> None:
    if not (type(spec) is tuple and len(spec) == 2):
        raise TypeError(f"Invalid `scan_func`. `scan_func` should return a pair consisting of "
                        f"new state and the output value but its return type is {spec!r}.")
    _check_state(dstruct.flatten(spec[0]), dstruct.flatten(state_spec), "scan_func")


def _relaxed_state(state_spec: Any, new_spec: Any, what: str) -> Any:
    """The state spec relaxed to admit the new state's shapes, or None if it already does."""
    old, new = dstruct.flatten(state_spec), dstruct.flatten(new_spec)
    if what == "reduce_func" and any(n.dtype is not o.dtype for n, o in zip(new, old)):
        # (TF's reduce shows both structures' dtypes)
        raise TypeError(f"The element types for the new state must match the initial state. "
                        f"Expected {_dtypes_of(state_spec)} but got {_dtypes_of(new_spec)}.")
    _check_state(new, old, what)
    if dstruct.is_nested(state_spec) != dstruct.is_nested(new_spec):
        raise TypeError(f"Invalid `{what}`. The element structure for the new state must match "
                        f"the initial state. Expected {state_spec!r}, got {new_spec!r}.")
    changed, out = False, []
    for o, n in zip(old, new):
        if isinstance(o, TensorSpec) and o.shape.rank is not None:
            shape = o.shape.most_specific_compatible_shape(n.shape)
            if shape.rank is None or shape.as_list() != o.shape.as_list():
                changed = True
                o = TensorSpec._make(shape, o.dtype)
        out.append(o)
    if not changed:
        return None
    return dstruct.pack_as(state_spec, out) if dstruct.is_nested(state_spec) else out[0]


def _dtypes_of(spec: Any) -> Any:
    if not dstruct.is_nested(spec):
        return spec.dtype
    return dstruct.pack_as(spec, [s.dtype for s in dstruct.flatten(spec)])


def _check_state(new_specs: list, state_specs: list, what: str) -> None:
    _check_state_classes(new_specs, state_specs)
    if what == "reduce_func" and len(new_specs) != len(state_specs):
        # TF's reduce checks the dtypes the two share, then its op the counts
        _check_state(new_specs[:len(state_specs)], state_specs[:len(new_specs)], what)
        raise op_error(InvalidArgumentError, "ReduceDataset", f"The number of components of "
                       f"the initial state and the reduce function output does not match. "
                       f"(initial_state={len(state_specs)}, output={len(new_specs)}).")
    if len(new_specs) != len(state_specs):
        raise TypeError(f"Invalid `{what}`. The element structure for the new state must match "
                        f"the initial state. Expected {len(state_specs)} components, got "
                        f"{len(new_specs)}.")
    for n, s in zip(new_specs, state_specs):
        if n.dtype is not s.dtype:
            if what == "reduce_func":  # TF's words differ between reduce and scan
                raise TypeError(f"The element types for the new state must match the initial "
                                f"state. Expected {s.dtype} but got {n.dtype}.")
            raise TypeError(f"Invalid `{what}`. The element types for the new state must match "
                            f"the initial state. Expected {s.dtype}, got {n.dtype}.")


def _check_state_classes(new_specs: list, state_specs: list) -> None:
    """TF's first check of a new state, issubclass(new class, state class) per component: a
    RaggedTensorSpec's legacy output class is the spec itself, no class, so a ragged state
    (or new state) fails there, in Python's words."""
    for n, s in zip(new_specs, state_specs):
        if isinstance(n, RaggedTensorSpec):
            raise TypeError("issubclass() arg 1 must be a class")
        if isinstance(s, RaggedTensorSpec):
            raise TypeError("issubclass() arg 2 must be a class, a tuple of classes, or a union")


class _ScanIterator(ElementIterator):
    __slots__ = ("_in", "_call", "_state", "_n_state", "_state_specs")

    def __init__(self, upstream: ElementIterator, call: Callable, state: tuple,
                 state_specs: list | None) -> None:
        self._in, self._call, self._state = upstream, call, state
        self._n_state = len(state)
        self._state_specs = state_specs  # checked per element only for eager functions

    def __next__(self) -> tuple:
        e = next(self._in)
        out = self._call(self._state + e)
        new_state = out[:self._n_state]
        if self._state_specs is not None:
            _check_state([dstruct.spec_of(v) for v in new_state], self._state_specs,
                         "scan_func")
        self._state = new_state
        return out[self._n_state:]

    def close(self) -> None:
        self._in.close()


def _on_host(state: Any) -> tuple:
    """A scan's or reduce's initial state, flat, on the host: an input of TF's ScanDataset
    and ReduceDataset, which run on CPU:0 (tf.data's functions run there)."""
    return tuple(v.cpu() if type(v) is EagerTensor else v for v in dstruct.flatten(state))


class ScanDataset(DatasetV2):
    _repr_name = "_ScanDataset"

    def __init__(self, input_dataset: DatasetV2, initial_state: Any, scan_func: Callable) -> None:
        super().__init__((input_dataset,))
        self._state, self._state_spec, self._fn = _state_function(
            scan_func, "Dataset.scan()", initial_state, input_dataset, scan=True)
        self._state_flat = _on_host(self._state)
        # (an initial state computed in the enclosing tf.function: fed when iterated there)
        self._symbolic = [v for v in self._state_flat if isinstance(v, Tensor) and
                          not isinstance(v, EagerTensor)]
        note_symbolic(self._symbolic)

    def _compute_structure(self) -> dstruct.Structure:
        out = self._fn.output_structure
        _check_scan_output(out.spec, self._state_spec)
        return dstruct.Structure(out.spec[1])

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        out = self._fn.output_structure
        _check_scan_output(out.spec, self._state_spec)
        specs = None if self._fn.traced else dstruct.flatten(self._state_spec)
        return _ScanIterator(self._inputs[0]._make_iterator(ctx), self._fn.bind(ctx),
                             self._initial_state(ctx), specs)

    def _initial_state(self, ctx: IterContext | None) -> tuple:
        """The flat initial state, the enclosing function's tensors by their fed values."""
        if not self._symbolic:
            return self._state_flat
        fed = fed_tensors(self._symbolic, ctx)
        return tuple(fed.get(id(v), v) for v in self._state_flat)


def reduce_dataset(dataset: DatasetV2, initial_state: Any, reduce_func: Callable) -> Any:
    try:
        state, state_spec, fn = _state_function(reduce_func, "Dataset.reduce()",
                                                initial_state, dataset, scan=False)
        if graph_ops.in_function():
            return reduce_in_graph(dataset, state, state_spec, fn)
        return run_reduce(dataset, _on_host(state), state_spec, fn,
                          IterContext(dataset.options()))
    except OpError as e:
        if e._message.endswith(" [Op:ReduceDataset]"):
            # (TF's ReduceDataset, run eagerly by its fast path with no name; the reduce
            # function's captured tensors, its Targuments, are none here)
            n = len(dstruct.flatten(initial_state))
            raised_eagerly(e, None, {"Targuments": 0, "Tstate": n, "output_types": n},
                           host=True)
        raise


def run_reduce(dataset: DatasetV2, flat_state: tuple, state_spec: Any, fn: StructuredFunction,
               ctx: IterContext) -> Any:
    """Folds the dataset's elements into the state; returns the state's structure."""
    specs = None if fn.traced else dstruct.flatten(state_spec)
    call = fn.bind(ctx)
    it = dataset._make_iterator(ctx)
    try:
        for e in it:
            out = call(flat_state + e)
            if specs is not None:
                _check_state([dstruct.spec_of(v) for v in out], specs, "reduce_func")
            flat_state = out
    finally:
        it.close()
    return dstruct.pack_as(state_spec, list(flat_state)) if dstruct.is_nested(state_spec) \
        else flat_state[0]


# ---------------------------------------------------------------------------------------
# ignore_errors, unique
# ---------------------------------------------------------------------------------------

class _IgnoreErrorsIterator(ElementIterator):
    __slots__ = ("_in", "_log")

    def __init__(self, upstream: ElementIterator, log: bool) -> None:
        self._in, self._log = upstream, log

    def __next__(self) -> tuple:
        while True:
            try:
                return next(self._in)
            except StopIteration:
                raise
            except Exception as e:  # noqa: BLE001 - that is the transformation's job
                if self._log:
                    print(f"W tf.data: Error raised with error message {e}", file=sys.stderr)

    def close(self) -> None:
        self._in.close()


class IgnoreErrorsDataset(DatasetV2):
    _repr_name = "_IgnoreErrorsDataset"

    def __init__(self, input_dataset: DatasetV2, log_warning: bool) -> None:
        super().__init__((input_dataset,))
        if log_warning is not None and not isinstance(log_warning, bool):
            # (TF's op attr: a bool, or None for its default)
            raise TypeError(f"Expected bool for argument 'log_warning' not {log_warning!r}.")
        self._log = bool(log_warning)

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        return _IgnoreErrorsIterator(self._inputs[0]._make_iterator(ctx), self._log)

    def _cardinality(self) -> int:
        return UNKNOWN


class _UniqueIterator(ElementIterator):
    __slots__ = ("_in", "_seen")

    def __init__(self, upstream: ElementIterator) -> None:
        self._in = upstream
        self._seen: set = set()

    def __next__(self) -> tuple:
        while True:
            e = next(self._in)
            a = e[0]._arr
            key = a.item() if a.shape == () else (a.shape, tuple(a.ravel().tolist()))
            if key not in self._seen:
                self._seen.add(key)
                return e

    def close(self) -> None:
        self._in.close()


class UniqueDataset(DatasetV2):
    _repr_name = "_UniqueDataset"

    def __init__(self, input_dataset: DatasetV2) -> None:
        super().__init__((input_dataset,))
        st = input_dataset._structure
        if st.n != 1:
            raise op_error(InvalidArgumentError, "UniqueDataset",
                           "UniqueDataset only supports inputs with a single component.")
        spec = st.specs[0]
        if spec.dtype not in (_dt.int32, _dt.int64, _dt.string):
            raise TypeError(f"`tf.data.Dataset.unique` does not support type {spec.dtype} -- only "
                            "`tf.int32`, `tf.int64`, and `tf.string` are supported.")
        if not isinstance(spec, TensorSpec):
            # (TF's Python check reads a composite's dtype; its kernel then meets the
            # composite's variant encoding)
            raise raised_eagerly(op_error(
                InvalidArgumentError, "UniqueDataset",
                "UniqueDataset only supports inputs with a single `tf.int32`, `tf.int64`, "
                "or `tf.string` component."), host=True)

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        return _UniqueIterator(self._inputs[0]._make_iterator(ctx))

    def _cardinality(self) -> int:
        c = self._inputs[0]._cardinality()
        return c if c == INFINITE else UNKNOWN


# ---------------------------------------------------------------------------------------
# shuffle
# ---------------------------------------------------------------------------------------

class _ShuffleIterator(ElementIterator):
    """TF's shuffle buffer: a ring of `size` slots holding elements start ... end - 1. Each
    call refills the ring from upstream, takes the element at start + (word % count),
    moves the one at `start` into its slot and advances `start` (`size` None: no wrap)."""

    __slots__ = ("_in", "_pull", "_size", "_buf", "_word", "_start", "_end", "_done")

    def __init__(self, upstream: ElementIterator, size: int | None, word: Any) -> None:
        self._in, self._size, self._word = upstream, size, word
        self._pull = upstream.__next__  # what the buffer holds: elements here, rows below
        self._buf: list = []
        self._start = self._end = 0
        self._done = False

    def _fill(self) -> None:
        buf, nxt, size = self._buf, self._pull, self._size
        try:
            while size is None or self._end - self._start < size:
                x = nxt()
                if size is None or len(buf) < size:
                    buf.append(x)
                else:
                    buf[self._end % size] = x
                self._end += 1
        except StopIteration:
            self._done = True

    def __next__(self) -> tuple:
        if not self._done:
            self._fill()
        n = self._end - self._start
        if n == 0:
            raise StopIteration
        size, buf = self._size, self._buf
        first = self._start if size is None else self._start % size
        i = self._start + self._word() % n
        i = i if size is None else i % size
        out = buf[i]
        buf[i] = buf[first]
        buf[first] = None
        self._start += 1
        return out

    def close(self) -> None:
        self._buf = []
        self._in.close()


class _RowShuffleIterator(_ShuffleIterator):
    """The same shuffle over row indices of an in-memory source (see RowIterator): the
    buffer holds row numbers, and an element is built only when it is emitted."""

    __slots__ = ("row_arrays", "row_dtypes")

    def __init__(self, upstream: Any, size: int | None, word: Any) -> None:
        super().__init__(upstream, size, word)
        self.row_arrays, self.row_dtypes = upstream.row_arrays, upstream.row_dtypes
        self._pull = upstream.next_row

    next_row = _ShuffleIterator.__next__

    def __next__(self) -> tuple:
        return row_element(self.row_arrays, self.row_dtypes, self.next_row())


class ShuffleDataset(DatasetV2):
    _repr_name = "_ShuffleDataset"

    def __init__(self, input_dataset: DatasetV2, buffer_size: Any, seed: Any,
                 reshuffle_each_iteration: Any) -> None:
        super().__init__((input_dataset,))
        size = int64_value(buffer_size, "buffer_size")
        self._seeds = split_seed(seed)  # (converted before the kernel checks the size)
        size = int64_arg(size, "buffer_size", "ShuffleDatasetV3")
        if size <= 0 and size != UNKNOWN:
            raise raised_eagerly(op_error(
                InvalidArgumentError, "ShuffleDatasetV3",
                "buffer_size must be greater than zero or UNKNOWN_CARDINALITY"), host=True)
        self._size = None if size == UNKNOWN else size
        if reshuffle_each_iteration is None:
            reshuffle_each_iteration = True
        if not isinstance(reshuffle_each_iteration, bool):  # (TF's op attr takes a bool)
            raise TypeError(f"Expected bool for argument 'reshuffle_each_iteration' not "
                            f"{reshuffle_each_iteration!r}.")
        self._reshuffle = reshuffle_each_iteration
        self._iterations, self._made = 0, made_stamp()

    def _kernel_text(self, kernel: str = "ShuffleDataset", count: int = 1) -> str:
        """TF's debug text: (buffer_size, seed, seed2, count), seed again for seed2 where
        it doesn't reshuffle (TF's fixed seed generator's seed2 gives its seed); `kernel`
        and `count`: ShuffleAndRepeatDataset's, the same shuffle repeated."""
        seed, seed2 = signed_words(self._seeds)
        size = UNKNOWN if self._size is None else self._size
        return f"{kernel}Op({size}, {seed}, {seed2 if self._reshuffle else seed}, {count})" \
               "::Dataset"

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        word = Words(iterator_seeds(self._seeds, self._iterations, self._reshuffle))
        self._iterations += 1
        upstream = self._inputs[0]._make_iterator(ctx)
        if isinstance(upstream, RowIterator) or isinstance(upstream, _RowShuffleIterator):
            return _RowShuffleIterator(upstream, self._size, word)
        return _ShuffleIterator(upstream, self._size, word)


# ---------------------------------------------------------------------------------------
# repeat, take, skip, shard
# ---------------------------------------------------------------------------------------

class _RepeatIterator(ElementIterator):
    __slots__ = ("_ds", "_ctx", "_left", "_it", "_produced")

    def __init__(self, ds: DatasetV2, count: int, ctx: Any) -> None:
        self._ds, self._ctx, self._left = ds, ctx, count
        self._it = ds._make_iterator(ctx) if count != 0 else None
        self._produced = False

    def __next__(self) -> tuple:
        while self._it is not None:
            try:
                e = next(self._it)
                self._produced = True
                return e
            except StopIteration:
                self._it.close()
                self._it = None
                if self._left > 0:
                    self._left -= 1
                # An input that produced nothing would loop forever: stop, as TF does.
                if self._left != 0 and self._produced:
                    self._produced = False
                    self._it = self._ds._make_iterator(self._ctx)
        raise StopIteration

    def close(self) -> None:
        if self._it is not None:
            self._it.close()
            self._it = None


class RepeatDataset(DatasetV2):
    _repr_name = "_RepeatDataset"

    def __init__(self, input_dataset: DatasetV2, count: Any) -> None:
        super().__init__((input_dataset,))
        n = -1 if count is None else int64_arg(count, "count", "RepeatDataset")
        self._count = -1 if n < 0 else n

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        return _RepeatIterator(self._inputs[0], self._count, ctx)

    def _cardinality(self) -> int:
        c = self._inputs[0]._cardinality()
        if self._count == 0 or c == 0:
            return 0
        if self._count < 0:
            return INFINITE if c != UNKNOWN else UNKNOWN
        if c < 0:
            return c
        return c * self._count


class _TakeIterator(ElementIterator):
    __slots__ = ("_in", "_left")

    def __init__(self, upstream: ElementIterator, count: int) -> None:
        self._in, self._left = upstream, count

    def __next__(self) -> tuple:
        if self._left == 0:
            raise StopIteration
        e = next(self._in)
        if self._left > 0:
            self._left -= 1
            if self._left == 0:
                # Release the input now: nothing more will be read (files, threads).
                self._in.close()
        return e

    def close(self) -> None:
        self._in.close()


class TakeDataset(DatasetV2):
    _repr_name = "_TakeDataset"

    def __init__(self, input_dataset: DatasetV2, count: Any) -> None:
        super().__init__((input_dataset,))
        n = int64_arg(count, "count", "TakeDataset")
        self._count = -1 if n < 0 else n
        self._given = n

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        return _TakeIterator(self._inputs[0]._make_iterator(ctx), self._count)

    def _cardinality(self) -> int:
        # TF's TakeDataset (which takes every element for any negative count) counts
        # min(n, count) for a count below -1 too: take(-3) of 10 elements is -3
        c = self._inputs[0]._cardinality()
        if c == UNKNOWN:
            return UNKNOWN
        if c == INFINITE:
            return self._given
        return c if self._given == -1 else min(c, self._given)


class _SkipIterator(ElementIterator):
    __slots__ = ("_in", "_left")

    def __init__(self, upstream: ElementIterator, count: int) -> None:
        self._in, self._left = upstream, count

    def __next__(self) -> tuple:
        if self._left:
            nxt = self._in.__next__
            if self._left < 0:
                while True:
                    nxt()
            while self._left:
                nxt()
                self._left -= 1
        return next(self._in)

    def close(self) -> None:
        self._in.close()


class SkipDataset(DatasetV2):
    _repr_name = "_SkipDataset"

    def __init__(self, input_dataset: DatasetV2, count: Any) -> None:
        super().__init__((input_dataset,))
        n = int64_arg(count, "count", "SkipDataset")
        self._count = -1 if n < 0 else n

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        return _SkipIterator(self._inputs[0]._make_iterator(ctx), self._count)

    def _cardinality(self) -> int:
        c = self._inputs[0]._cardinality()
        if c < 0:
            return c if (c == UNKNOWN or self._count >= 0) else 0
        if self._count < 0:
            return 0
        return max(c - self._count, 0)


class _ShardIterator(ElementIterator):
    __slots__ = ("_in", "_n", "_index", "_pos")

    def __init__(self, upstream: ElementIterator, n: int, index: int) -> None:
        self._in, self._n, self._index = upstream, n, index
        self._pos = 0

    def __next__(self) -> tuple:
        nxt = self._in.__next__
        while True:
            e = nxt()
            pos = self._pos
            self._pos = pos + 1
            if pos % self._n == self._index:
                return e

    def close(self) -> None:
        self._in.close()


SHARD_HINT = -1  # tf.data.experimental.SHARD_HINT: num_shards a tf.data service fills in
SHARD_HINT_ONLY = ("`tf.data.Dataset.shard(SHARD_HINT, ...)` can only be used in "
                   "`tf.distribute.Strategy.experimental_distribute_dataset()` with "
                   "`tf.data.experimental.AutoShardPolicy.HINT` policy, or tf.data service "
                   "with `tf.data.experimental.service.ShardingPolicy.HINT` processing mode.")


class ShardDataset(DatasetV2):
    _repr_name = "_ShardDataset"

    def __init__(self, input_dataset: DatasetV2, num_shards: Any, index: Any) -> None:
        super().__init__((input_dataset,))
        n, i = (int64_arg(num_shards, "num_shards", "ShardDataset"),
                int64_arg(index, "index", "ShardDataset"))
        if n <= 0 and n != SHARD_HINT:
            raise raised_eagerly(op_error(
                InvalidArgumentError, "ShardDataset", f"Number of shards must be greater than "
                f"zero (currently num_shards = {n})."), host=True)
        if not 0 <= i < n and n != SHARD_HINT:
            raise raised_eagerly(op_error(
                InvalidArgumentError, "ShardDataset", f"Index must be between 0 and {n - 1} "
                f"(currently index = {i})."), host=True)
        self._n, self._index = n, i

    def _kernel_text(self) -> str:
        return f"ShardDatasetOp({self._n}, {self._index})::Dataset"

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        n, index = self._n, self._index
        if n == SHARD_HINT:  # (a service worker's shard, index and all, else an error)
            hint = (getattr(ctx, "shard_hints", None) or {}).get(id(self))
            if hint is None:  # (TF's `iter()` raises it, not the first `next`)
                # (an iterator op has no GPU kernel: TF names CPU:0 whatever the device)
                error = raised_eagerly(op_error(FailedPreconditionError, "MakeIterator",
                                                SHARD_HINT_ONLY), host=True)
                error.at_iter = True
                raise error
            n, index = hint
        return _ShardIterator(self._inputs[0]._make_iterator(ctx), n, index)

    def _cardinality(self) -> int:
        c = self._inputs[0]._cardinality()
        if c < 0:
            return c
        # (C's division: with SHARD_HINT's -1 shards, TF's count is -c, plus one for a
        # negative index)
        return c // self._n + (1 if self._index < c % self._n else 0)


class ShardHintDataset(DatasetV2):
    """`dataset` with each `shard(SHARD_HINT, ...)` of its pipeline (not inside its
    functions) read as shard `index` of `num_shards`: how a distribution strategy reads
    a dataset whose options ask for AutoShardPolicy.HINT."""

    def __init__(self, dataset: DatasetV2, num_shards: int, index: int) -> None:
        super().__init__((dataset,), dataset._structure)
        self._hint = (num_shards, index)
        self._hints: dict = {}
        seen, todo = set(), [dataset]
        while todo:
            d = todo.pop()
            if id(d) not in seen:
                seen.add(id(d))
                if isinstance(d, ShardDataset) and d._n == SHARD_HINT:
                    self._hints[id(d)] = self._hint
                todo.extend(d._inputs)

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        inner = IterContext(self.options())
        if ctx is not None:
            for slot in IterContext.__slots__:
                setattr(inner, slot, getattr(ctx, slot))
        inner.shard_hints = {**(inner.shard_hints or {}), **self._hints}
        return self._inputs[0]._make_iterator(inner)

    def _cardinality(self) -> int:
        return self._inputs[0]._cardinality()


class OptionsDataset(DatasetV2):
    _repr_name = "_OptionsDataset"

    def __init__(self, input_dataset: DatasetV2, options: Any) -> None:
        super().__init__((input_dataset,))
        self._own_options = options._taken()

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        return self._inputs[0]._make_iterator(ctx)


class _AssertCardinalityIterator(ElementIterator):
    """TF's check of the count: an element past the expected count fails at once (every
    element, for a negative count but INFINITE), an end before it fails (at any end, for
    INFINITE)."""

    __slots__ = ("_in", "_expected", "_seen")

    def __init__(self, upstream: ElementIterator, expected: int) -> None:
        self._in, self._expected = upstream, expected
        self._seen = 0

    def _fail(self, got: str) -> FailedPreconditionError:
        n = self._expected
        want = "an infinite number of elements" if n == INFINITE else _count(n)
        return FailedPreconditionError(None, None, f"Input dataset was expected to contain "
                                                   f"{want} but contained {got}.")

    def __next__(self) -> tuple:
        try:
            e = next(self._in)
        except StopIteration:
            if self._seen != self._expected:
                raise self._fail(f"only {_count(self._seen)}") from None
            raise
        self._seen += 1
        if self._expected != INFINITE and self._seen > self._expected:
            raise self._fail(f"at least {_count(self._seen)}")
        return e

    def close(self) -> None:
        self._in.close()


def _count(n: int) -> str:
    return f"{n} element" if n == 1 else f"{n} elements"


class AssertCardinalityDataset(DatasetV2):
    _repr_name = "_AssertCardinalityDataset"

    def __init__(self, input_dataset: DatasetV2, expected: Any) -> None:
        super().__init__((input_dataset,))
        self._expected = int64_arg(expected)

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        return _AssertCardinalityIterator(self._inputs[0]._make_iterator(ctx), self._expected)

    def _cardinality(self) -> int:
        return self._expected


def reduce_in_graph(dataset: Any, state: Any, state_spec: Any, fn: Any) -> Any:
    """`dataset.reduce(...)` inside a tf.function: one "ReduceDataset" operation."""
    flat_state = [convert_to_tensor(v) if not isinstance(v, Tensor) else v
                  for v in dstruct.flatten(state)]
    specs = dstruct.flatten(state_spec)
    for s in specs:
        if not isinstance(s, TensorSpec):
            raise TypeError(f"Dataset.reduce inside a tf.function needs a state of tensors, got "
                            f"{s!r}.")
    captures = graph_ops.pipeline_captures(dataset)
    captures += [t for t in fn.captures if all(t is not c for c in captures)]
    ids = tuple(id(t) for t in captures)
    n_state, n = len(flat_state), len(specs)

    def kernel(xp: Any, *values: Any, dataset: Any, fn: Any, n_state: int) -> Any:
        ctx = IterContext(dataset.options())
        ctx.feed = dict(zip(ids, values[n_state:]))
        init = tuple(EagerTensor(to_host(a), s.dtype, CPU_DEVICE) for a, s in
                     zip(values[:n_state], specs))
        res = run_reduce(dataset, init, specs[0] if n == 1 else tuple(specs), fn, ctx)
        arrays = [r._arr for r in (res if n > 1 else (res,))]
        return arrays[0] if n == 1 else tuple(arrays)

    out_specs = [(s.shape._dims, s.dtype) for s in specs]
    op = OpDef("ReduceDataset", lambda *ins, **attrs: out_specs, kernel, num_outputs=n,
               stateful=True, gpu=False)  # tf.data runs on the host
    # (the pipeline, the traced reduce function and the state's length: what an exported
    # graph writes as TF's ReduceDataset, saved_model/dataset_export.py)
    outs = bind(op, (*flat_state, *captures), {"dataset": dataset, "fn": fn,
                                               "n_state": n_state})
    outs = (outs,) if n == 1 else tuple(outs)
    return dstruct.pack_as(state_spec, list(outs)) if dstruct.is_nested(state_spec) \
        else outs[0]
