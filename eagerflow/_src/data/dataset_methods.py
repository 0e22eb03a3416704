"""The methods of tf.data.Dataset that build other datasets: the sources (from_tensors,
range, zip, ...) and the transformations (map, batch, shuffle, ...).

Sits at the top of data/. The datasets these build are subclasses of DatasetV2
(dataset.py), defined in sources.py, transformations.py, batching.py, parallel.py and
cache.py, so the methods are installed on DatasetV2 here, as ops/operators.py installs
Tensor's operators; data/__init__.py imports this module, so they are there whenever
any part of tf.data is. Each method builds a node of the pipeline; nothing runs until
iteration.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable
from typing import Any

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.tensor import EagerTensor, Tensor
from eagerflow._src.data import resampling, returned, sampling
from eagerflow._src.data.batching import (
    BatchDataset,
    GroupByWindowDataset,
    RaggedBatchDataset,
    RebatchDataset,
    UnbatchDataset,
    WindowDataset,
    bucket_by_sequence_length,
)
from eagerflow._src.data.cache import CacheDataset
from eagerflow._src.data.combining import ChooseFromDatasets, ConcatenateDataset, ZipDataset
from eagerflow._src.data.dataset import DatasetV2, check_name
from eagerflow._src.data.functions import DEBUG_MODE
from eagerflow._src.data.options import Options
from eagerflow._src.data.padded_batch import PaddedBatchDataset
from eagerflow._src.data.parallel import (
    InterleaveDataset,
    ParallelMapDataset,
    PrefetchDataset,
    refuse_tensor_buffer_size,
)
from eagerflow._src.data.sources import (
    CounterDataset,
    GeneratorDataset,
    RandomDataset,
    RangeDataset,
    TensorDataset,
    TensorSliceDataset,
    bool_arg,
    deferred_counts,
    deferred_source,
    int64_arg,
    int64_value,
    list_files,
)
from eagerflow._src.data.sparse_batching import SparseBatchDataset
from eagerflow._src.data.transformations import (
    FilterDataset,
    FlatMapDataset,
    IgnoreErrorsDataset,
    MapDataset,
    OptionsDataset,
    RepeatDataset,
    ScanDataset,
    ShardDataset,
    ShuffleDataset,
    SkipDataset,
    TakeDataset,
    TakeWhileDataset,
    UniqueDataset,
    reduce_dataset,
)

# a save that checkpoints its progress (checkpoint_args) runs over tf.train's checkpoints,
# loaded only when one is asked for
_save_checkpoint = lazy_module("eagerflow._src.data.save_checkpoint")
# Dataset.save / Dataset.load and snapshot (TF's snapshot format, protobuf specs, TFRecord
# shards) load on first use
save_load = lazy_module("eagerflow._src.data.save_load")
_snapshot = lazy_module("eagerflow._src.data.snapshot")


def _named(value: Any, name: Any) -> Any:
    """`value`, once the dataset's `name` is checked: TF checks it after converting the
    arguments and before its kernel checks them."""
    check_name(name)
    return value


def _deferred(dataset: DatasetV2, build: Callable, repr_name: str,
              structure: Callable | None = None, **counts: Any) -> DatasetV2 | None:
    """While a function is traced, a transformation whose counts are its tensors is made
    when the pipeline runs (sources.deferred_counts); None otherwise."""
    if _state.graph is None:
        return None
    if not any(isinstance(v, Tensor) and not isinstance(v, EagerTensor)
               for v in counts.values()):
        return None
    return deferred_counts(dataset, build, counts, structure() if structure else None,
                           repr_name)


def _keeping(stage: DatasetV2, **given: Any) -> DatasetV2:
    """`stage`; while a function is traced, the tensors it was given whose values were
    known (eager ones, the function's own of a known value), by TF's name of the argument,
    which an exported graph passes as TF's graph does: an eager one captured as the
    function's argument (converted now, as TF's converts it), the function's its node."""
    graph = _state.graph
    if not getattr(graph, "building_function", False):
        return stage
    kept = {k: v for k, v in given.items() if isinstance(v, EagerTensor) or (
        isinstance(v, Tensor) and getattr(v, "graph", None) is graph)}
    for k, v in kept.items():
        if isinstance(v, EagerTensor):
            graph.capture(v, const_name=k)
    if kept:
        stage._tensor_args = kept
    return stage


class _Methods:
    """Holds the methods while they are defined (so that `range`, `zip`, `map` and
    `filter` in their bodies stay Python's); `_install` moves them onto DatasetV2."""

    def with_options(self, options: Options, name: str | None = None) -> DatasetV2:
        if not isinstance(options, Options):  # (TF asks it for its proto)
            raise AttributeError(f"'{type(options).__name__}' object has no attribute "
                                 f"'_to_proto'")
        return _named(OptionsDataset(self, options), name)

    def reduce(self, initial_state: Any, reduce_func: Callable, name: str | None = None) -> Any:
        check_name(name)  # (before the pipeline runs)
        return reduce_dataset(self, initial_state, reduce_func)

    @staticmethod
    def from_tensors(tensors: Any, name: str | None = None) -> DatasetV2:
        if _state.graph is not None:
            ds = deferred_source("from_tensors", (tensors,), {})
            if ds is not None:
                return ds
        return _named(TensorDataset(tensors), name)

    @staticmethod
    def from_tensor_slices(tensors: Any, name: str | None = None) -> DatasetV2:
        if _state.graph is not None:
            ds = deferred_source("from_tensor_slices", (tensors,), {})
            if ds is not None:
                return ds
        return _named(TensorSliceDataset(tensors), name)

    @staticmethod
    def range(*args: Any, **kwargs: Any) -> DatasetV2:
        if _state.graph is not None:
            ds = deferred_source("range", args, kwargs)
            if ds is not None:
                return ds
        return RangeDataset(*args, **kwargs)

    @staticmethod
    def from_generator(generator: Callable, output_types: Any = None, output_shapes: Any = None,
                       args: Any = None, output_signature: Any = None,
                       name: str | None = None) -> DatasetV2:
        return _named(GeneratorDataset(generator, output_types, output_shapes, args,
                                       output_signature), name)

    @staticmethod
    def zip(*args: Any, datasets: Any = None, name: str | None = None) -> DatasetV2:
        if datasets is not None and args:
            raise TypeError("Both `*args` and `datasets` cannot be set.")
        if datasets is None:
            if not args:
                raise TypeError("Must pass at least one dataset to `zip`.")
            datasets = args[0] if len(args) == 1 else tuple(args)
        return _named(ZipDataset(datasets), name)

    @staticmethod
    def list_files(file_pattern: Any, shuffle: bool | None = None, seed: int | None = None,
                   name: str | None = None) -> DatasetV2:
        return _named(list_files(file_pattern, shuffle, seed), name)

    @staticmethod
    def sample_from_datasets(datasets: Any, weights: Any = None, seed: int | None = None,
                             stop_on_empty_dataset: bool = False,
                             rerandomize_each_iteration: bool | None = None) -> DatasetV2:
        return sampling.sample_from_datasets(datasets, weights, seed, stop_on_empty_dataset,
                                             rerandomize_each_iteration)

    @staticmethod
    def choose_from_datasets(datasets: Any, choice_dataset: DatasetV2,
                             stop_on_empty_dataset: bool = True) -> DatasetV2:
        return ChooseFromDatasets(datasets, choice_dataset, stop_on_empty_dataset)

    @staticmethod
    def counter(start: Any = 0, step: Any = 1, dtype: Any = _dt.int64,
                name: str | None = None) -> DatasetV2:
        return _named(CounterDataset(start, step, dtype), name)

    @staticmethod
    def random(seed: int | None = None, rerandomize_each_iteration: bool | None = None,
               name: str | None = None) -> DatasetV2:
        return _named(RandomDataset(seed, rerandomize_each_iteration), name)

    def map(self, map_func: Callable, num_parallel_calls: Any = None,
            deterministic: bool | None = None, synchronous: bool | None = None,
            use_unbounded_threadpool: bool = False, name: str | None = None) -> DatasetV2:
        if num_parallel_calls is None or DEBUG_MODE[0]:
            if deterministic is not None and not DEBUG_MODE[0]:
                warnings.warn("The `deterministic` argument has no effect unless the "
                              "`num_parallel_calls` argument is specified.", stacklevel=2)
            return _named(MapDataset(self, map_func), name)
        if synchronous:  # (TF's ValueError of two arguments, as it words it)
            raise ValueError("`synchronous` is not supported with `num_parallel_calls`, but "
                             "`num_parallel_calls` was set to ", num_parallel_calls)
        return _named(ParallelMapDataset(self, map_func, num_parallel_calls, deterministic),
                      name)

    def filter(self, predicate: Callable, name: str | None = None) -> DatasetV2:
        return _named(FilterDataset(self, predicate), name)

    def flat_map(self, map_func: Callable, name: str | None = None) -> DatasetV2:
        return _named(FlatMapDataset(self, map_func), name)

    def interleave(self, map_func: Callable, cycle_length: Any = None, block_length: Any = None,
                   num_parallel_calls: Any = None, deterministic: bool | None = None,
                   name: str | None = None) -> DatasetV2:
        return _named(InterleaveDataset(self, map_func, cycle_length, block_length,
                                        num_parallel_calls, deterministic), name)

    def scan(self, initial_state: Any, scan_func: Callable, name: str | None = None) -> DatasetV2:
        return _named(ScanDataset(self, initial_state, scan_func), name)

    def take_while(self, predicate: Callable, name: str | None = None) -> DatasetV2:
        return _named(TakeWhileDataset(self, predicate), name)

    def enumerate(self, start: Any = 0, name: str | None = None) -> DatasetV2:
        # TF counts with range(start, max int): its kernel checks that start is a scalar
        start = int64_arg(_named(int64_value(start, "start"), name), "start", "RangeDataset")
        return ZipDataset((CounterDataset(start, 1, _dt.int64, repr_name="_RangeDataset"), self))

    def ignore_errors(self, log_warning: bool = False, name: str | None = None) -> DatasetV2:
        return IgnoreErrorsDataset(self, log_warning)

    def unique(self, name: str | None = None) -> DatasetV2:
        return _named(UniqueDataset(self), name)

    def shuffle(self, buffer_size: Any, seed: int | None = None,
                reshuffle_each_iteration: bool = True, name: str | None = None) -> DatasetV2:
        def build(buffer_size: Any) -> DatasetV2:
            return ShuffleDataset(self, buffer_size, seed, reshuffle_each_iteration)
        return _deferred(self, build, "_ShuffleDataset", buffer_size=buffer_size) or \
            _named(build(int64_value(buffer_size, "buffer_size")), name)

    def repeat(self, count: Any = None, name: str | None = None) -> DatasetV2:
        def build(count: Any) -> DatasetV2:
            return RepeatDataset(self, count)
        return _deferred(self, build, "_RepeatDataset", count=count) or _keeping(
            build(_named(None if count is None else int64_value(count, "count"), name)),
            count=count)

    def take(self, count: Any, name: str | None = None) -> DatasetV2:
        return _deferred(self, lambda count: TakeDataset(self, count), "_TakeDataset",
                         count=count) or \
            _keeping(TakeDataset(self, _named(int64_value(count, "count"), name)), count=count)

    def skip(self, count: Any, name: str | None = None) -> DatasetV2:
        return _deferred(self, lambda count: SkipDataset(self, count), "_SkipDataset",
                         count=count) or \
            _keeping(SkipDataset(self, _named(int64_value(count, "count"), name)), count=count)

    def shard(self, num_shards: Any, index: Any, name: str | None = None) -> DatasetV2:
        def build(num_shards: Any, index: Any) -> DatasetV2:
            return ShardDataset(self, num_shards, index)
        if ds := _deferred(self, build, "_ShardDataset", num_shards=num_shards, index=index):
            return ds
        n, i = int64_value(num_shards, "num_shards"), int64_value(index, "index")
        return build(n, _named(i, name))

    def concatenate(self, dataset: DatasetV2, name: str | None = None) -> DatasetV2:
        return _named(ConcatenateDataset(self, dataset), name)

    def prefetch(self, buffer_size: Any, name: str | None = None) -> DatasetV2:
        if buffer_size is not None and not isinstance(buffer_size, int):
            int64_value(buffer_size, "buffer_size")  # (its conversion errors first)
            refuse_tensor_buffer_size(buffer_size)
        return _deferred(self, lambda buffer_size: PrefetchDataset(self, buffer_size),
                         "_PrefetchDataset", buffer_size=buffer_size) or \
            PrefetchDataset(self, _named(buffer_size, name))

    def cache(self, filename: Any = "", name: str | None = None) -> DatasetV2:
        ds = CacheDataset(self, filename)
        check_name(name)
        return ds

    def batch(self, batch_size: Any, drop_remainder: bool = False, num_parallel_calls: Any = None,
              deterministic: bool | None = None, name: str | None = None) -> DatasetV2:
        def build(batch_size: Any, drop: bool = drop_remainder) -> DatasetV2:
            return BatchDataset(self, batch_size, drop, num_parallel_calls)
        # a size known only when the pipeline runs: the batch dim is None
        if ds := _deferred(self, build, "_BatchDataset", lambda: build(2, False)._structure,
                           batch_size=batch_size):
            return ds
        size = int64_value(batch_size, "batch_size")
        return build(size, _named(bool_arg(drop_remainder, "drop_remainder"), name))

    def padded_batch(self, batch_size: Any, padded_shapes: Any = None, padding_values: Any = None,
                     drop_remainder: bool = False, name: str | None = None) -> DatasetV2:
        def build(batch_size: Any, drop: bool = drop_remainder) -> DatasetV2:
            return PaddedBatchDataset(self, batch_size, padded_shapes, padding_values, drop)
        return _deferred(self, build, "_PaddedBatchDataset", lambda: build(2, False)._structure,
                         batch_size=batch_size) or _named(build(batch_size), name)

    def ragged_batch(self, batch_size: Any, drop_remainder: bool = False,
                     row_splits_dtype: Any = None, name: str | None = None) -> DatasetV2:
        return RaggedBatchDataset(self, batch_size, drop_remainder,
                                  row_splits_dtype or _dt.int64)

    def sparse_batch(self, batch_size: Any, row_shape: Any, name: str | None = None
                     ) -> DatasetV2:
        return SparseBatchDataset(self, batch_size, row_shape)

    def unbatch(self, name: str | None = None) -> DatasetV2:
        return _named(UnbatchDataset(self), name)

    def rebatch(self, batch_size: Any, drop_remainder: bool = False,
                name: str | None = None) -> DatasetV2:
        return RebatchDataset(self, batch_size, drop_remainder)

    def window(self, size: Any, shift: Any = None, stride: Any = 1, drop_remainder: bool = False,
               name: str | None = None) -> DatasetV2:
        def build(size: Any, shift: Any, stride: Any) -> DatasetV2:
            return WindowDataset(self, size, shift, stride, drop_remainder)
        return _deferred(self, build, "_WindowDataset", lambda: build(1, 1, 1)._structure,
                         size=size, shift=shift, stride=stride) or \
            _named(build(size, shift, stride), name)

    def group_by_window(self, key_func: Callable, reduce_func: Callable, window_size: Any = None,
                        window_size_func: Callable | None = None,
                        name: str | None = None) -> DatasetV2:
        return _named(GroupByWindowDataset(self, key_func, reduce_func, window_size,
                                           window_size_func), name)

    def rejection_resample(self, class_func: Callable, target_dist: Any, initial_dist: Any = None,
                           seed: int | None = None, name: str | None = None) -> DatasetV2:
        return _named(resampling.rejection_resample(self, class_func, target_dist,
                                                    initial_dist, seed, name), name)

    def save(self, path: Any, compression: Any = None, shard_func: Callable | None = None,
             checkpoint_args: dict | None = None) -> None:
        if checkpoint_args:  # a save that checkpoints its progress, over tf.train's
            path = os.fsdecode(path.numpy() if isinstance(path, EagerTensor) else path)
            _save_checkpoint.save(self, path, save_load._compression(compression), shard_func,
                                  checkpoint_args)
            return
        save_load.save(self, path, compression, shard_func, checkpoint_args)

    def snapshot(self, path: Any, compression: Any = "AUTO", reader_func: Callable | None = None,
                 shard_func: Callable | None = None, name: str | None = None) -> DatasetV2:
        return _named(_snapshot.snapshot(self, path, compression, reader_func, shard_func, name),
                      name)

    @staticmethod
    def load(path: Any, element_spec: Any = None, compression: Any = None,
             reader_func: Callable | None = None, wait: bool = False) -> DatasetV2:
        return save_load.load(path, element_spec, compression, reader_func, wait)

    def _function_result(self) -> tuple:
        # (a tf.function returning the dataset: function/polymorphic.py's output)
        return returned.function_result(self)

    def bucket_by_sequence_length(self, element_length_func: Callable, bucket_boundaries: list,
                                  bucket_batch_sizes: list, padded_shapes: Any = None,
                                  padding_values: Any = None,
                                  pad_to_bucket_boundary: bool = False, no_padding: bool = False,
                                  drop_remainder: bool = False,
                                  name: str | None = None) -> DatasetV2:
        return _named(bucket_by_sequence_length(
            self, element_length_func, bucket_boundaries, bucket_batch_sizes, padded_shapes,
            padding_values, pad_to_bucket_boundary, no_padding, drop_remainder), name)


def _install() -> None:
    for name, attr in vars(_Methods).items():
        if not name.startswith("__"):
            fn = attr.__func__ if isinstance(attr, staticmethod) else attr
            fn.__qualname__ = f"DatasetV2.{name}"
            setattr(DatasetV2, name, attr)


_install()
