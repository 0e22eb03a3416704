"""tf.data.experimental.group_by_reducer and its Reducer: one output per key, each key's
elements folded into a state that a finalizer turns into the output.

Data layer, beside batching.py's group_by_window: the key, init, reduce and finalize
functions are StructuredFunctions (traced once, as TF traces them); the input is read to
its end before the first output, and outputs come in key order, as TF's do.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import structure as dstruct
from eagerflow._src.data.batching import _i64
from eagerflow._src.data.dataset import INFINITE, UNKNOWN, DatasetV2
from eagerflow._src.data.functions import StructuredFunction
from eagerflow._src.data.iterators import ElementIterator, IterContext

_WHAT = "tf.data.experimental.group_by_reducer()"


class Reducer:
    """How group_by_reducer folds a group: `init_func(key)` is its first state,
    `reduce_func(state, element)` the next one, `finalize_func(*state)` its output."""

    def __init__(self, init_func: Callable, reduce_func: Callable,
                 finalize_func: Callable) -> None:
        self.init_func = init_func
        self.reduce_func = reduce_func
        self.finalize_func = finalize_func


class GroupByReducerDataset(DatasetV2):
    _repr_name = "_GroupByReducerDataset"

    def __init__(self, input_dataset: DatasetV2, key_func: Callable, reducer: Reducer) -> None:
        super().__init__((input_dataset,))
        in_struct = input_dataset._structure
        key_struct = dstruct.Structure(TensorSpec._make(TensorShape([]), _dt.int64))
        self._key_fn = StructuredFunction(key_func, _WHAT, in_struct, input_dataset)
        _check_key(self._key_fn.output_structure.spec)
        self._init_fn = StructuredFunction(reducer.init_func, _WHAT, key_struct, None)
        state_spec = self._init_fn.output_structure.spec
        self._reduce_fn = StructuredFunction(
            reducer.reduce_func, _WHAT, dstruct.Structure((state_spec, in_struct.spec)), None)
        _check_same_state(self._reduce_fn.output_structure.spec, state_spec)
        self._final_fn = StructuredFunction(reducer.finalize_func, _WHAT,
                                            dstruct.Structure(state_spec), None)

    def _compute_structure(self) -> dstruct.Structure:
        return self._final_fn.output_structure

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        return _ReducerIterator(self, self._inputs[0]._make_iterator(ctx), ctx)

    def _cardinality(self) -> int:
        return INFINITE if self._inputs[0]._cardinality() == INFINITE else UNKNOWN


def _check_key(spec: Any) -> None:
    if not (isinstance(spec, TensorSpec) and spec.dtype is _dt.int64 and spec.shape == []):
        types = dstruct.map_structure(lambda s: s.dtype, spec)
        shapes = dstruct.map_structure(lambda s: s.shape, spec)
        raise ValueError("Invalid `key_func`. Expected `key_func` to return a scalar tf.int64 "
                         f"tensor, but instead `key_func` has output types={types} and "
                         f"shapes={shapes}.")


def _check_same_state(new: Any, old: Any) -> None:
    new_types = [s.dtype for s in dstruct.flatten(new)]
    old_types = [s.dtype for s in dstruct.flatten(old)]
    if new_types != old_types:
        show = lambda t: str(t[0]) if len(t) == 1 else str(tuple(t))  # noqa: E731
        raise TypeError(f"Invalid `reducer`. The element types for the new state "
                        f"{show(new_types)} do not match the element types of the old state "
                        f"{show(old_types)}.")


class _ReducerIterator(ElementIterator):
    __slots__ = ("_ds", "_in", "_ctx", "_outputs")

    def __init__(self, ds: GroupByReducerDataset, upstream: ElementIterator,
                 ctx: IterContext | None) -> None:
        self._ds, self._in, self._ctx, self._outputs = ds, upstream, ctx, None

    def _fold(self) -> Iterator:
        key, init = self._ds._key_fn.bind(self._ctx), self._ds._init_fn.bind(self._ctx)
        reduce_ = self._ds._reduce_fn.bind(self._ctx)
        states: dict = {}  # key -> flat state
        for e in self._in:
            k = int(key(e)[0]._arr)
            if k not in states:
                states[k] = init((_i64(k),))
            states[k] = reduce_(states[k] + e)
        finalize = self._ds._final_fn.bind(self._ctx)
        return iter([finalize(states[k]) for k in sorted(states)])

    def __next__(self) -> tuple:
        if self._outputs is None:
            self._outputs = self._fold()
        return next(self._outputs)

    def close(self) -> None:
        self._in.close()


def group_by_reducer(key_func: Callable, reducer: Reducer) -> Callable:
    """Groups elements by `key_func` (an int64 scalar) and folds each group with `reducer`."""
    return lambda dataset: GroupByReducerDataset(dataset, key_func, reducer)
