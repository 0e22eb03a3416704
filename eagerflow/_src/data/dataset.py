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

from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.tensor import EagerTensor, Tensor
from eagerflow._src.data.iterators import IterContext, NumpyIterator, OwnedIterator
from eagerflow._src.data.options import Options
from eagerflow._src.data.structure import Structure

AUTOTUNE = -1
INFINITE = -1
UNKNOWN = -2


def _deferred(dataset: DatasetV2, build: Callable, repr_name: str,
              structure: Callable | None = None, **counts: Any) -> DatasetV2 | None:
    """While a function is traced, a transformation whose counts are its tensors is made
    when the pipeline runs (sources.deferred_counts); None otherwise."""
    if _state.graph is None:
        return None
    from eagerflow._src.data.sources import deferred_counts

    if not any(isinstance(v, Tensor) and not isinstance(v, EagerTensor)
               for v in counts.values()):
        return None
    return deferred_counts(dataset, build, counts, structure() if structure else None,
                           repr_name)


class DatasetV2:
    """A sequence of elements, each a nest of tensors: `tf.data.Dataset`."""

    _repr_name: str | None = None

    def __init__(self, inputs: tuple = (), structure: Structure | None = None) -> None:
        self._inputs = tuple(inputs)
        self._struct_cache = structure
        self._own_options: Options | None = None

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

    def cardinality(self) -> EagerTensor:
        return EagerTensor(np.array(self._cardinality(), np.int64), _dt.int64)

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
        return opts

    def with_options(self, options: Options, name: str | None = None) -> DatasetV2:
        if not isinstance(options, Options):
            raise TypeError(f"`options` must be a tf.data.Options, got {options!r}")
        from eagerflow._src.data.transformations import OptionsDataset

        return OptionsDataset(self, options)

    # -- iteration --------------------------------------------------------------------------
    def __iter__(self) -> Any:
        if _state.graph is not None:
            from eagerflow._src.data.graph_ops import dataset_iter, in_function

            if in_function():
                return dataset_iter(self)
            raise RuntimeError("`tf.data.Dataset` only supports Python-style iteration in eager "
                               "mode or within tf.function.")
        return OwnedIterator(self)

    def _ag_for_stmt(self, extra_test: Any, body: Any, get_state: Any, set_state: Any,
                     symbol_names: tuple, opts: dict) -> None:
        """AutoGraph's `for x in dataset` while a function is traced: a graph loop."""
        from eagerflow._src.data.graph_ops import for_over_dataset

        for_over_dataset(self, extra_test, body, get_state, set_state, symbol_names, opts)

    def _ag_enumerate(self, start: Any = 0) -> DatasetV2:
        """AutoGraph's `enumerate(dataset)` while a function is traced."""
        return self.enumerate(start)

    def as_numpy_iterator(self) -> NumpyIterator:
        if _state.graph is not None:
            raise RuntimeError("`tf.data.Dataset.as_numpy_iterator()` is only supported in "
                               "eager mode.")
        return NumpyIterator(self)

    def get_single_element(self, name: str | None = None) -> Any:
        from eagerflow._src.core.errors import InvalidArgumentError

        if _state.graph is not None:
            from eagerflow._src.data.graph_ops import in_function, single_element

            if in_function():
                return single_element(self)

        it = self._make_iterator(IterContext(self.options()))
        try:
            try:
                first = next(it)
            except StopIteration:
                raise InvalidArgumentError(None, None, "Dataset was empty. "
                                           "[Op:DatasetToSingleElement]") from None
            try:
                next(it)
            except StopIteration:
                return self._structure.pack(first)
            raise InvalidArgumentError(None, None, "Dataset had more than one element. "
                                       "[Op:DatasetToSingleElement]")
        finally:
            it.close()

    def reduce(self, initial_state: Any, reduce_func: Callable, name: str | None = None) -> Any:
        from eagerflow._src.data.transformations import reduce_dataset

        return reduce_dataset(self, initial_state, reduce_func)

    # -- sources ----------------------------------------------------------------------------
    @staticmethod
    def from_tensors(tensors: Any, name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.sources import TensorDataset, deferred_source

        if _state.graph is not None:
            ds = deferred_source("from_tensors", (tensors,), {})
            if ds is not None:
                return ds
        return TensorDataset(tensors)

    @staticmethod
    def from_tensor_slices(tensors: Any, name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.sources import TensorSliceDataset, deferred_source

        if _state.graph is not None:
            ds = deferred_source("from_tensor_slices", (tensors,), {})
            if ds is not None:
                return ds
        return TensorSliceDataset(tensors)

    @staticmethod
    def range(*args: Any, **kwargs: Any) -> DatasetV2:
        from eagerflow._src.data.sources import RangeDataset, deferred_source

        if _state.graph is not None:
            ds = deferred_source("range", args, kwargs)
            if ds is not None:
                return ds
        return RangeDataset(*args, **kwargs)

    @staticmethod
    def from_generator(generator: Callable, output_types: Any = None, output_shapes: Any = None,
                       args: Any = None, output_signature: Any = None,
                       name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.sources import GeneratorDataset

        return GeneratorDataset(generator, output_types, output_shapes, args, output_signature)

    @staticmethod
    def zip(*args: Any, datasets: Any = None, name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.sources import ZipDataset

        if datasets is not None and args:
            raise TypeError("Both `*args` and `datasets` cannot be set.")
        if datasets is None:
            if not args:
                raise TypeError("Must pass at least one dataset to `zip`.")
            datasets = args[0] if len(args) == 1 else tuple(args)
        return ZipDataset(datasets)

    @staticmethod
    def list_files(file_pattern: Any, shuffle: bool | None = None, seed: int | None = None,
                   name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.sources import list_files

        return list_files(file_pattern, shuffle, seed)

    @staticmethod
    def sample_from_datasets(datasets: Any, weights: Any = None, seed: int | None = None,
                             stop_on_empty_dataset: bool = False,
                             rerandomize_each_iteration: bool | None = None) -> DatasetV2:
        from eagerflow._src.data.sources import SampleFromDatasets

        return SampleFromDatasets(datasets, weights, seed, stop_on_empty_dataset,
                                  rerandomize_each_iteration)

    @staticmethod
    def choose_from_datasets(datasets: Any, choice_dataset: DatasetV2,
                             stop_on_empty_dataset: bool = True) -> DatasetV2:
        from eagerflow._src.data.sources import ChooseFromDatasets

        return ChooseFromDatasets(datasets, choice_dataset, stop_on_empty_dataset)

    @staticmethod
    def counter(start: Any = 0, step: Any = 1, dtype: Any = _dt.int64,
                name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.sources import CounterDataset

        return CounterDataset(start, step, dtype)

    @staticmethod
    def random(seed: int | None = None, rerandomize_each_iteration: bool | None = None,
               name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.sources import RandomDataset

        return RandomDataset(seed, rerandomize_each_iteration)

    # -- element-wise transformations ---------------------------------------------------------
    def map(self, map_func: Callable, num_parallel_calls: Any = None,
            deterministic: bool | None = None, synchronous: bool | None = None,
            use_unbounded_threadpool: bool = False, name: str | None = None) -> DatasetV2:
        if num_parallel_calls is None or synchronous:
            from eagerflow._src.data.transformations import MapDataset

            return MapDataset(self, map_func)
        from eagerflow._src.data.parallel import ParallelMapDataset

        return ParallelMapDataset(self, map_func, num_parallel_calls, deterministic)

    def filter(self, predicate: Callable, name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.transformations import FilterDataset

        return FilterDataset(self, predicate)

    def flat_map(self, map_func: Callable, name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.transformations import FlatMapDataset

        return FlatMapDataset(self, map_func)

    def interleave(self, map_func: Callable, cycle_length: Any = None, block_length: Any = None,
                   num_parallel_calls: Any = None, deterministic: bool | None = None,
                   name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.parallel import InterleaveDataset

        return InterleaveDataset(self, map_func, cycle_length, block_length, num_parallel_calls,
                                 deterministic)

    def scan(self, initial_state: Any, scan_func: Callable, name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.transformations import ScanDataset

        return ScanDataset(self, initial_state, scan_func)

    def take_while(self, predicate: Callable, name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.transformations import TakeWhileDataset

        return TakeWhileDataset(self, predicate)

    def enumerate(self, start: Any = 0, name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.sources import CounterDataset, ZipDataset

        return ZipDataset((CounterDataset(start, 1, _dt.int64, repr_name="_RangeDataset"), self))

    def apply(self, transformation_func: Callable) -> DatasetV2:
        out = transformation_func(self)
        if not isinstance(out, DatasetV2):
            raise TypeError(f"`transformation_func` must return a `tf.data.Dataset` object. Got "
                            f"{type(out)}.")
        return out

    def ignore_errors(self, log_warning: bool = False, name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.transformations import IgnoreErrorsDataset

        return IgnoreErrorsDataset(self, log_warning)

    def unique(self, name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.transformations import UniqueDataset

        return UniqueDataset(self)

    # -- ordering and counting ----------------------------------------------------------------
    def shuffle(self, buffer_size: Any, seed: int | None = None,
                reshuffle_each_iteration: bool = True, name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.transformations import ShuffleDataset

        def build(buffer_size: Any) -> DatasetV2:
            return ShuffleDataset(self, buffer_size, seed, reshuffle_each_iteration)
        return _deferred(self, build, "_ShuffleDataset", buffer_size=buffer_size) or \
            build(buffer_size)

    def repeat(self, count: Any = None, name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.transformations import RepeatDataset

        return _deferred(self, lambda count: RepeatDataset(self, count), "_RepeatDataset",
                         count=count) or RepeatDataset(self, count)

    def take(self, count: Any, name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.transformations import TakeDataset

        return _deferred(self, lambda count: TakeDataset(self, count), "_TakeDataset",
                         count=count) or TakeDataset(self, count)

    def skip(self, count: Any, name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.transformations import SkipDataset

        return _deferred(self, lambda count: SkipDataset(self, count), "_SkipDataset",
                         count=count) or SkipDataset(self, count)

    def shard(self, num_shards: Any, index: Any, name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.transformations import ShardDataset

        return _deferred(self, lambda num_shards, index: ShardDataset(self, num_shards, index),
                         "_ShardDataset", num_shards=num_shards, index=index) or \
            ShardDataset(self, num_shards, index)

    def concatenate(self, dataset: DatasetV2, name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.sources import ConcatenateDataset

        return ConcatenateDataset(self, dataset)

    def prefetch(self, buffer_size: Any, name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.parallel import PrefetchDataset

        return _deferred(self, lambda buffer_size: PrefetchDataset(self, buffer_size),
                         "_PrefetchDataset", buffer_size=buffer_size) or \
            PrefetchDataset(self, buffer_size)

    def cache(self, filename: Any = "", name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.cache import CacheDataset

        return CacheDataset(self, filename)

    # -- batching -----------------------------------------------------------------------------
    def batch(self, batch_size: Any, drop_remainder: bool = False, num_parallel_calls: Any = None,
              deterministic: bool | None = None, name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.batching import BatchDataset

        def build(batch_size: Any, drop: bool = drop_remainder) -> DatasetV2:
            return BatchDataset(self, batch_size, drop, num_parallel_calls)
        # a size known only when the pipeline runs: the batch dim is None
        return _deferred(self, build, "_BatchDataset", lambda: build(2, False)._structure,
                         batch_size=batch_size) or build(batch_size)

    def padded_batch(self, batch_size: Any, padded_shapes: Any = None, padding_values: Any = None,
                     drop_remainder: bool = False, name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.batching import PaddedBatchDataset

        def build(batch_size: Any, drop: bool = drop_remainder) -> DatasetV2:
            return PaddedBatchDataset(self, batch_size, padded_shapes, padding_values, drop)
        return _deferred(self, build, "_PaddedBatchDataset", lambda: build(2, False)._structure,
                         batch_size=batch_size) or build(batch_size)

    def ragged_batch(self, batch_size: Any, drop_remainder: bool = False,
                     row_splits_dtype: Any = None, name: str | None = None) -> DatasetV2:
        from eagerflow._src.core import dtypes as _dt
        from eagerflow._src.data.batching import RaggedBatchDataset

        return RaggedBatchDataset(self, batch_size, drop_remainder,
                                  row_splits_dtype or _dt.int64)

    def unbatch(self, name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.batching import UnbatchDataset

        return UnbatchDataset(self)

    def rebatch(self, batch_size: Any, drop_remainder: bool = False,
                name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.batching import RebatchDataset

        return RebatchDataset(self, batch_size, drop_remainder)

    def window(self, size: Any, shift: Any = None, stride: Any = 1, drop_remainder: bool = False,
               name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.batching import WindowDataset

        def build(size: Any, shift: Any, stride: Any) -> DatasetV2:
            return WindowDataset(self, size, shift, stride, drop_remainder)
        return _deferred(self, build, "_WindowDataset", lambda: build(1, 1, 1)._structure,
                         size=size, shift=shift, stride=stride) or build(size, shift, stride)

    def group_by_window(self, key_func: Callable, reduce_func: Callable, window_size: Any = None,
                        window_size_func: Callable | None = None,
                        name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.batching import GroupByWindowDataset

        return GroupByWindowDataset(self, key_func, reduce_func, window_size, window_size_func)

    def bucket_by_sequence_length(self, element_length_func: Callable, bucket_boundaries: list,
                                  bucket_batch_sizes: list, padded_shapes: Any = None,
                                  padding_values: Any = None,
                                  pad_to_bucket_boundary: bool = False, no_padding: bool = False,
                                  drop_remainder: bool = False,
                                  name: str | None = None) -> DatasetV2:
        from eagerflow._src.data.batching import bucket_by_sequence_length

        return bucket_by_sequence_length(self, element_length_func, bucket_boundaries,
                                         bucket_batch_sizes, padded_shapes, padding_values,
                                         pad_to_bucket_boundary, no_padding, drop_remainder)


Dataset = DatasetV2
