"""tf.data.Dataset: the base class and its public methods.

Data layer (above ops and function). Each method builds a node of a pipeline
graph (a Dataset subclass holding its inputs); nothing runs until iteration. The
sources live in sources.py and readers.py, the transformations in
transformations.py, batching.py and parallel.py; this module only wires the
public API to them.

A subclass provides `_make_iterator(ctx)` (an ElementIterator of flat component
tuples), `_compute_structure()` (unless it passes its input's through) and
`_cardinality()`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core import nest
from eagerflow._src.core.context import CPU_DEVICE, _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor, convert_to_tensor
from eagerflow._src.data import graph_ops
from eagerflow._src.data.iterators import IterContext
from eagerflow._src.data.options import Options
from eagerflow._src.data.owned_iterator import NumpyIterator, OwnedIterator
from eagerflow._src.data.structure import DatasetSpec, Structure, register_dataset_class
from eagerflow._src.data.variant_value import variant_tensor
from eagerflow._src.ops.eager_errors import raised_eagerly

AUTOTUNE = -1
INFINITE = -1
UNKNOWN = -2
# where TF's deprecation notices say the tf.data.experimental functions are
EXPERIMENTAL_OPS = "tensorflow.python.data.experimental.ops."


def batch_count(count: int, size: int, drop_remainder: bool) -> int:
    """How many batches of `size` a dataset of `count` elements makes (the last a part one,
    but under drop_remainder); an INFINITE or UNKNOWN count as it is."""
    if count < 0:
        return count
    return count // size if drop_remainder else -(-count // size)


def check_name(name: Any) -> None:
    """A dataset's `name` (its op's metadata): an identifier, checked after the op's
    arguments are converted and before its kernel runs; an empty one (or 0) is no name.
    A non-string is the same ValueError (TF's own check fails on it with an
    AttributeError of its Python)."""
    if name and not (isinstance(name, str) and name.isidentifier()):
        raise ValueError("Invalid `name`. The argument `name` needs to be a valid identifier. "
                         "Value is considered a valid identifier if it only contains "
                         "alphanumeric characters (a-z), (A-Z), and (0-9), or underscores "
                         "(_). A valid identifier cannot start with a number, or contain any "
                         "spaces.")


# Numbers the datasets that count their iterators (shuffles), in the order they are made: a
# user function's own are those made while it was traced (dataset_functions.py)
_made = itertools.count()


def made_stamp() -> int:
    """The next number in the order datasets are made."""
    return next(_made)


class DatasetV2:
    """A sequence of elements, each a nest of tensors: `tf.data.Dataset`."""

    _repr_name: str | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        name = cls.__dict__.get("_repr_name") or (
            cls._repr_name if cls.__module__.startswith("eagerflow.") else None)
        if name:  # type(ds).__name__ is TF's Python class's, as its repr shows it
            cls.__name__ = name

    def __init__(self, inputs: tuple = (), structure: Structure | None = None) -> None:
        self._inputs = tuple(inputs)
        self._struct_cache = structure
        self._own_options: Options | None = None
        # (made outside any graph: a function using it captures its variant, which TF's
        # SavedModel refuses unless a saved object holds the dataset)
        self._made_eagerly = _state.graph is None

    # -- what subclasses provide ------------------------------------------------------------
    def _make_iterator(self, ctx: IterContext | None = None) -> Any:  # pragma: no cover
        raise NotImplementedError

    def _compute_structure(self) -> Structure:
        return self._inputs[0]._structure

    def _cardinality(self) -> int:
        return self._inputs[0]._cardinality() if self._inputs else UNKNOWN

    # -- introspection ----------------------------------------------------------------------
    @property
    def _structure(self) -> Structure:
        s = self._struct_cache
        if s is None:
            s = self._struct_cache = self._compute_structure()
        return s

    @property
    def element_spec(self) -> Any:
        return self._structure.spec

    @property
    def _variant_tensor(self) -> Any:
        """The dataset as TF's scalar variant tensor (what TF's dataset ops take)."""
        return variant_tensor(self)

    def _value_type_spec(self) -> Any:
        """The DatasetSpec tf.type_spec_from_value gives (a TF dataset is a composite)."""
        return DatasetSpec(self.element_spec)

    def cardinality(self) -> EagerTensor:
        # (TF's DatasetCardinality runs on CPU:0: dataset ops have no GPU kernels)
        return EagerTensor(np.array(self._cardinality(), np.int64), _dt.int64, CPU_DEVICE)

    def __len__(self) -> int:
        if _state.graph is not None:
            raise TypeError("`tf.data.Dataset` only supports `len` in eager mode. Use "
                            "`tf.data.Dataset.cardinality()` instead.")
        n = self._cardinality()
        if n == INFINITE:
            raise TypeError("The dataset is infinite.")
        if n == UNKNOWN:
            raise TypeError("The dataset length is unknown.")
        return n

    def __bool__(self) -> bool:
        return True

    def __nonzero__(self) -> bool:  # pragma: no cover - py2 name kept by TF
        return True

    def __repr__(self) -> str:
        name = self._repr_name or type(self).__name__
        return f"<{name} element_spec={self.element_spec!r}>"

    def options(self) -> Options:
        opts = Options()
        for ds in self._inputs:
            opts = opts._merge(ds.options())
        if self._own_options is not None:
            opts = opts._merge(self._own_options)
        return opts._freeze()

    # -- iteration --------------------------------------------------------------------------
    def __iter__(self) -> Any:
        if _state.graph is not None:
            if graph_ops.in_function():
                return graph_ops.dataset_iter(self)
            raise RuntimeError("`tf.data.Dataset` only supports Python-style iteration in eager "
                               "mode or within tf.function.")
        return OwnedIterator(self)

    def _ag_for_stmt(self, extra_test: Any, body: Any, get_state: Any, set_state: Any,
                     symbol_names: tuple, opts: dict) -> None:
        """AutoGraph's `for x in dataset` while a function is traced: a graph loop."""
        graph_ops.for_over_dataset(self, extra_test, body, get_state, set_state, symbol_names,
                                   opts)

    # AutoGraph's builtins of datasets, as TF 2.21's overrides (autograph/py_builtins.py)
    def _ag_enumerate(self, start: Any = 0) -> DatasetV2:
        return self.enumerate(start)

    def _ag_abs(self) -> DatasetV2:
        if len(nest.flatten(self.element_spec)) == 1:
            return self.map(abs)
        return self.map(lambda *e: nest.map_structure(abs, e))

    def _ag_len(self) -> Any:
        """The cardinality; one that is not definite fails when the function runs."""
        n = self.cardinality()
        if int(n) >= 0:
            return n
        message = f"len requires dataset with definitive cardinality, got {int(n)}"
        if _state.graph is None:
            raise InvalidArgumentError(None, None, message)
        return graph_ops.failing_identity(n, message)

    @staticmethod
    def _ag_zip(*datasets: DatasetV2, strict: bool = False) -> DatasetV2:
        if strict:
            raise ValueError("strict zip not supported by Dataset")
        return DatasetV2.zip(datasets)

    @staticmethod
    def _ag_map(fn: Callable, *datasets: DatasetV2) -> DatasetV2:
        return DatasetV2.zip(datasets).map(fn)

    def _ag_filter(self, fn: Callable) -> DatasetV2:
        return self.filter(fn)

    def _ag_any(self) -> Any:
        return self._bool_reduce("any", True)

    def _ag_all(self) -> Any:
        return self._bool_reduce("all", False)

    def _bool_reduce(self, name: str, stop_at: bool) -> Any:
        """any/all of a dataset of bool scalars: the first element equal to `stop_at`."""
        specs = nest.flatten(self.element_spec)
        if len(specs) != 1 or specs[0].dtype != _dt.bool:
            raise ValueError(f'in graph mode, the "{name}" builtin only supports datasets '
                             f"that return bool scalars; got: {self.element_spec}")
        found = self.filter(lambda x: x if stop_at else ~x).take(1)
        return found.reduce(convert_to_tensor(not stop_at), lambda _, y: y)

    def as_numpy_iterator(self) -> NumpyIterator:
        if _state.graph is not None:
            raise RuntimeError("`tf.data.Dataset.as_numpy_iterator()` is only supported in "
                               "eager mode.")
        return NumpyIterator(self)

    def _single_element_error(self, text: str) -> InvalidArgumentError:
        """TF's eager DatasetToSingleElement error (one output type per component; the
        `name` goes into the op's metadata, not its error)."""
        e = InvalidArgumentError(None, None, f"{text} [Op:DatasetToSingleElement]")
        return raised_eagerly(e, None, {"output_types": len(self._structure.specs)}, host=True)

    def get_single_element(self, name: str | None = None) -> Any:
        check_name(name)
        if _state.graph is not None:
            if graph_ops.in_function():
                return graph_ops.single_element(self)

        it = self._make_iterator(IterContext(self.options()))
        try:
            try:
                first = next(it)
            except StopIteration:
                raise self._single_element_error("Dataset was empty.") from None
            try:
                next(it)
            except StopIteration:
                return self._structure.pack(first)
            raise self._single_element_error("Dataset had more than one element.")
        finally:
            it.close()

    # -- sources ----------------------------------------------------------------------------
    # -- element-wise transformations ---------------------------------------------------------
    def apply(self, transformation_func: Callable) -> DatasetV2:
        out = transformation_func(self)
        if not isinstance(out, DatasetV2):
            raise TypeError(f"`transformation_func` must return a `tf.data.Dataset` object. Got "
                            f"{type(out)}.")
        return out

    # -- ordering and counting ----------------------------------------------------------------
    # -- batching -----------------------------------------------------------------------------

Dataset = DatasetV2
register_dataset_class(DatasetV2)  # datasets nest in elements (structure.py)
