"""Datasets that combine others: zip, concatenate, and choose_from_datasets' directed
interleave (the selector's index picks each element's input).

Data layer, after sources. Each makes an ElementIterator over its inputs' iterators and
closes them together.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import structure as dstruct
from eagerflow._src.data.dataset import INFINITE, UNKNOWN, DatasetV2
from eagerflow._src.data.iterators import ElementIterator


class _ZipIterator(ElementIterator):
    __slots__ = ("_its",)

    def __init__(self, its: list) -> None:
        self._its = its

    def __next__(self) -> tuple:
        out: tuple = ()
        for it in self._its:
            out += next(it)
        return out

    def close(self) -> None:
        for it in self._its:
            it.close()


class ZipDataset(DatasetV2):
    _repr_name = "_ZipDataset"

    def __init__(self, datasets: Any) -> None:
        flat = dstruct.flatten(datasets)
        for d in flat:
            if isinstance(d, list):  # (a list is a leaf of tf.data's structures)
                raise TypeError("Invalid input to `zip`. Inputs are expected to be (nested) "
                                "structures of `tf.data.Dataset` objects. Python `list` is not "
                                "supported and you should use `tuple` instead.")
            if not isinstance(d, DatasetV2):
                raise TypeError("Invalid input to `zip`. Inputs are expected to be (nested) "
                                "structures of `tf.data.Dataset` objects but encountered object "
                                f"of type {type(d)}.")
        super().__init__(tuple(flat))
        self._nesting = datasets

    def _compute_structure(self) -> dstruct.Structure:
        specs = [d.element_spec for d in self._inputs]
        if not dstruct.is_nested(self._nesting):
            return self._inputs[0]._structure
        return dstruct.Structure(dstruct.pack_as(self._nesting, specs))

    def _make_iterator(self, ctx: Any = None) -> ElementIterator:
        return _ZipIterator([d._make_iterator(ctx) for d in self._inputs])

    def _cardinality(self) -> int:
        cards = [d._cardinality() for d in self._inputs]
        finite = [c for c in cards if c >= 0]
        if finite:
            return min(finite)
        return UNKNOWN if UNKNOWN in cards else INFINITE


class _ConcatIterator(ElementIterator):
    __slots__ = ("_datasets", "_ctx", "_k", "_it")

    def __init__(self, datasets: tuple, ctx: Any) -> None:
        self._datasets, self._ctx = datasets, ctx
        self._k = 0
        self._it = datasets[0]._make_iterator(ctx)

    def __next__(self) -> tuple:
        while True:
            if self._it is None:
                raise StopIteration
            try:
                return next(self._it)
            except StopIteration:
                self._it.close()
                self._k += 1
                self._it = (self._datasets[self._k]._make_iterator(self._ctx)
                            if self._k < len(self._datasets) else None)

    def close(self) -> None:
        if self._it is not None:
            self._it.close()
            self._it = None


class ConcatenateDataset(DatasetV2):
    _repr_name = "_ConcatenateDataset"

    def __init__(self, first: DatasetV2, second: DatasetV2) -> None:
        if not isinstance(second, DatasetV2):
            raise TypeError(f"`dataset` must be a `tf.data.Dataset` object, got {second!r}")
        super().__init__((first, second))
        a, b = first.element_spec, second.element_spec
        common = dstruct.most_specific_common(a, b)
        if common is None:
            raise TypeError(f"Incompatible dataset elements:\n  {a!r} vs.   {b!r}")
        self._struct_cache = dstruct.Structure(common)

    def _make_iterator(self, ctx: Any = None) -> ElementIterator:
        return _ConcatIterator(self._inputs, ctx)

    def _cardinality(self) -> int:
        a, b = self._inputs[0]._cardinality(), self._inputs[1]._cardinality()
        if INFINITE in (a, b):
            return INFINITE
        if UNKNOWN in (a, b):
            return UNKNOWN
        return a + b


def _common_structure(datasets: list) -> dstruct.Structure:
    """The inputs' most specific common element spec; TF's words for inputs without one
    name the first input's spec and the one that left none."""
    spec = datasets[0].element_spec
    for i, d in enumerate(datasets[1:]):
        common = dstruct.most_specific_common(spec, d.element_spec)
        if common is None:
            raise TypeError(f"Invalid `datasets`. `datasets` must have compatible element "
                            f"specs.\n Dataset 0 element_spec={datasets[0].element_spec}.\n"
                            f"Dataset {i + 1} element_spec={d.element_spec}.")
        spec = common
    return dstruct.Structure(spec)


class _DirectedIterator(ElementIterator):
    """Takes each element from the input a selector names (sample/choose_from_datasets)."""

    __slots__ = ("_its", "_select", "_stop_on_empty", "_alive")

    def __init__(self, its: list, select: Callable, stop_on_empty: bool) -> None:
        self._its, self._select, self._stop_on_empty = its, select, stop_on_empty
        self._alive = [True] * len(its)

    def __next__(self) -> tuple:
        while True:
            if not any(self._alive):
                raise StopIteration
            k = self._select(self._alive)  # StopIteration when the selector ends
            if not 0 <= k < len(self._its):
                raise InvalidArgumentError(None, None, f"Selector index out of range: {k} >= "
                                           f"{len(self._its)} [Op:IteratorGetNext]")
            if not self._alive[k]:
                continue
            try:
                return next(self._its[k])
            except StopIteration:
                if self._stop_on_empty:
                    raise
                self._alive[k] = False

    def close(self) -> None:
        for it in self._its:
            it.close()


def check_datasets(datasets: Any) -> None:
    """The `datasets` of sample/choose_from_datasets as TF first checks them: not empty
    (None and 0 are empty to it)."""
    if not datasets:
        raise ValueError("Invalid `datasets`. `datasets` should not be empty.")


class ChooseFromDatasets(DatasetV2):
    _repr_name = "_DirectedInterleaveDataset"

    def __init__(self, datasets: Any, choice_dataset: DatasetV2, stop_on_empty: bool) -> None:
        check_datasets(datasets)
        if not isinstance(choice_dataset, DatasetV2):
            raise TypeError(f"Invalid `choice_dataset`. `choice_dataset` should be a "
                            f"`tf.data.Dataset` but is {type(choice_dataset)}.")
        datasets = list(datasets)
        cs = choice_dataset.element_spec
        if not (isinstance(cs, TensorSpec) and cs.dtype is _dt.int64 and cs.shape == []):
            raise TypeError(f"Invalid `choice_dataset`. Elements of `choice_dataset` must be "
                            f"scalar `tf.int64` tensors but are {cs!r}.")
        super().__init__(tuple(datasets) + (choice_dataset,),
                         _common_structure(datasets))
        self._n = len(datasets)
        self._stop_on_empty = bool(stop_on_empty)

    def _make_iterator(self, ctx: Any = None) -> ElementIterator:
        choices = self._inputs[-1]._make_iterator(ctx)
        its = [d._make_iterator(ctx) for d in self._inputs[:-1]]

        def select(alive: list) -> int:
            return int(next(choices)[0]._arr)

        it = _DirectedIterator(its, select, self._stop_on_empty)
        it._its = its
        return _WithExtra(it, choices)

    def _cardinality(self) -> int:
        return UNKNOWN


class _WithExtra(ElementIterator):
    """An iterator that also owns another one (closed together)."""

    __slots__ = ("_it", "_extra")

    def __init__(self, it: ElementIterator, extra: ElementIterator) -> None:
        self._it, self._extra = it, extra

    def __next__(self) -> tuple:
        return next(self._it)

    def close(self) -> None:
        self._it.close()
        self._extra.close()
