"""tf.data.experimental: the functional forms TF 2.x code still uses.

Data layer. Most return a `transformation_func` for `Dataset.apply`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import reduce
from typing import Any

import numpy as np

from eagerflow._src.core import device as D
from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core import nest, tf_logging
from eagerflow._src.core.tensor import EagerTensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import structure as dstruct
from eagerflow._src.data.dataset import EXPERIMENTAL_OPS, DatasetV2
from eagerflow._src.data.iterators import ElementIterator
from eagerflow._src.data.raw_dataset_shared import list_dataset, write_tfrecords
from eagerflow._src.data.transformations import AssertCardinalityDataset


def cardinality(dataset: DatasetV2) -> EagerTensor:
    return dataset.cardinality()


def assert_cardinality(expected_cardinality: Any) -> Callable:
    def _apply_fn(dataset: DatasetV2) -> DatasetV2:
        return AssertCardinalityDataset(dataset, expected_cardinality)

    return _apply_fn


def bucket_by_sequence_length(element_length_func: Callable, bucket_boundaries: list,
                              bucket_batch_sizes: list, padded_shapes: Any = None,
                              padding_values: Any = None, pad_to_bucket_boundary: bool = False,
                              no_padding: bool = False, drop_remainder: bool = False) -> Callable:
    tf_logging.deprecated_call(
        "bucket_by_sequence_length", EXPERIMENTAL_OPS + "grouping",
        "Use `tf.data.Dataset.bucket_by_sequence_length(...)`.")
    def _apply_fn(dataset: DatasetV2) -> DatasetV2:
        return dataset.bucket_by_sequence_length(
            element_length_func, bucket_boundaries, bucket_batch_sizes, padded_shapes,
            padding_values, pad_to_bucket_boundary, no_padding, drop_remainder)

    return _apply_fn


def choose_from_datasets(datasets: Any, choice_dataset: DatasetV2,
                         stop_on_empty_dataset: bool = False) -> DatasetV2:
    """The experimental spelling goes on past an empty input by default (the Dataset
    method's default stops)."""
    tf_logging.deprecated_call(
        "choose_from_datasets_v2", EXPERIMENTAL_OPS + "interleave_ops",
        "Use `tf.data.Dataset.choose_from_datasets(...)` instead. Note that, unlike the "
        "experimental endpoint, the non-experimental endpoint sets "
        "`stop_on_empty_dataset=True` by default. You should set this argument explicitly"
        " in case you would like to match the behavior of the experimental endpoint.")
    return DatasetV2.choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset)


def sample_from_datasets(datasets: Any, weights: Any = None, seed: Any = None,
                         stop_on_empty_dataset: bool = False) -> DatasetV2:
    tf_logging.deprecated_call(
        "sample_from_datasets_v2", EXPERIMENTAL_OPS + "interleave_ops",
        "Use `tf.data.Dataset.sample_from_datasets(...)`.")
    return DatasetV2.sample_from_datasets(datasets, weights, seed, stop_on_empty_dataset)


def Counter(start: Any = 0, step: Any = 1, dtype: Any = _dt.int64) -> DatasetV2:
    tf_logging.deprecated_call(
        "CounterV2", EXPERIMENTAL_OPS + "counter",
        "Use `tf.data.Dataset.counter(...)` instead.")
    return DatasetV2.counter(start, step, dtype)


def RandomDataset(seed: Any = None, rerandomize_each_iteration: Any = None,  # noqa: N802
                  name: str | None = None) -> DatasetV2:
    tf_logging.deprecated_call(
        "_RandomDataset.__init__", EXPERIMENTAL_OPS + "random_ops",
        "Use `tf.data.Dataset.random(...)`.")
    return DatasetV2.random(seed, rerandomize_each_iteration, name)


def enumerate_dataset(start: Any = 0) -> Callable:
    tf_logging.deprecated_call(
        "enumerate_dataset", EXPERIMENTAL_OPS + "enumerate_ops",
        "Use `tf.data.Dataset.enumerate()`.")
    return lambda dataset: dataset.enumerate(start)


def get_single_element(dataset: DatasetV2) -> Any:
    tf_logging.deprecated_call(
        "get_single_element", EXPERIMENTAL_OPS + "get_single_element",
        "Use `tf.data.Dataset.get_single_element()`.")
    if not isinstance(dataset, DatasetV2):
        raise TypeError(f"Invalid `dataset`. Expected a `tf.data.Dataset` object but got "
                        f"{type(dataset)}.")
    return dataset.get_single_element()


def group_by_window(key_func: Callable, reduce_func: Callable, window_size: Any = None,
                    window_size_func: Callable | None = None) -> Callable:
    tf_logging.deprecated_call(
        "group_by_window", EXPERIMENTAL_OPS + "grouping",
        "Use `tf.data.Dataset.group_by_window(...)`.")
    return lambda dataset: dataset.group_by_window(key_func, reduce_func, window_size,
                                                   window_size_func)


def ignore_errors(log_warning: bool = False) -> Callable:
    tf_logging.deprecated_call(
        "ignore_errors", EXPERIMENTAL_OPS + "error_ops",
        "Use `tf.data.Dataset.ignore_errors` instead.")
    return lambda dataset: dataset.ignore_errors(log_warning)


def parallel_interleave(map_func: Callable, cycle_length: Any, block_length: Any = 1,
                        sloppy: bool = False, buffer_output_elements: Any = None,
                        prefetch_input_elements: Any = None) -> Callable:
    tf_logging.deprecated_call(
        "parallel_interleave", EXPERIMENTAL_OPS + "interleave_ops",
        "Use `tf.data.Dataset.interleave(map_func, cycle_length, block_length, "
        "num_parallel_calls=tf.data.AUTOTUNE)` instead. If sloppy execution is desired, "
        "use `tf.data.Options.deterministic`.")
    return lambda dataset: dataset.interleave(map_func, cycle_length, block_length,
                                              num_parallel_calls=cycle_length,
                                              deterministic=not sloppy)


def scan(initial_state: Any, scan_func: Callable) -> Callable:
    tf_logging.deprecated_call(
        "scan", EXPERIMENTAL_OPS + "scan_ops",
        "Use `tf.data.Dataset.scan(...) instead")
    return lambda dataset: dataset.scan(initial_state, scan_func)


def take_while(predicate: Callable) -> Callable:
    tf_logging.deprecated_call(
        "take_while", EXPERIMENTAL_OPS + "take_while_ops",
        "Use `tf.data.Dataset.take_while(...)")
    return lambda dataset: dataset.take_while(predicate)


def unbatch() -> Callable:
    tf_logging.deprecated_call(
        "unbatch", EXPERIMENTAL_OPS + "batching",
        "Use `tf.data.Dataset.unbatch()`.")
    return lambda dataset: dataset.unbatch()


def unique() -> Callable:
    tf_logging.deprecated_call(
        "unique", EXPERIMENTAL_OPS + "unique",
        "Use `tf.data.Dataset.unique(...)")
    return lambda dataset: dataset.unique()


def map_and_batch(map_func: Callable, batch_size: Any, num_parallel_batches: Any = None,
                  drop_remainder: bool = False, num_parallel_calls: Any = None) -> Callable:
    tf_logging.deprecated_call(
        "map_and_batch", EXPERIMENTAL_OPS + "batching",
        "Use `tf.data.Dataset.map(map_func, num_parallel_calls)` followed by "
        "`tf.data.Dataset.batch(batch_size, drop_remainder)`. Static tf.data "
        "optimizations will take care of using the fused implementation.")
    def _apply_fn(dataset: DatasetV2) -> DatasetV2:
        mapped = dataset.map(map_func, num_parallel_calls=num_parallel_calls)
        return mapped.batch(batch_size, drop_remainder)

    return _apply_fn


def shuffle_and_repeat(buffer_size: Any, count: Any = None, seed: Any = None) -> Callable:
    tf_logging.deprecated_call(
        "shuffle_and_repeat", EXPERIMENTAL_OPS + "shuffle_ops",
        "Use `tf.data.Dataset.shuffle(buffer_size, seed)` followed by "
        "`tf.data.Dataset.repeat(count)`. Static tf.data optimizations will take care of "
        "using the fused implementation.")
    return lambda dataset: dataset.shuffle(buffer_size, seed).repeat(count)


def prefetch_to_device(device: str, buffer_size: Any = None) -> Callable:
    """Elements copied onto `device` ahead of use: the copies run on the prefetch thread,
    so a GPU step finds its batch there already."""
    return lambda dataset: copy_to_device(device)(dataset).prefetch(
        -1 if buffer_size is None else buffer_size)


def copy_to_device(target_device: str, source_device: str = "/cpu:0") -> Callable:
    """Each element's tensors copied onto `target_device` (host-only data, such as
    strings, stays on the CPU)."""
    device = D.canonical_name(target_device)
    return lambda dataset: CopyToDeviceDataset(dataset, device)


class _CopyIterator(ElementIterator):
    __slots__ = ("_in", "_device")

    def __init__(self, upstream: ElementIterator, device: Any) -> None:
        self._in, self._device = upstream, device

    def __next__(self) -> tuple:
        return tuple(_copied(c, self._device) for c in next(self._in))

    def close(self) -> None:
        self._in.close()


def _copied(value: Any, device: Any) -> Any:
    if type(value) is not EagerTensor or value._device == device.canonical:
        return value
    if D.host_only(value._arr.dtype):
        return value
    return EagerTensor(D.copy_to_device(value._arr, device), value._dtype, device.canonical)


class CopyToDeviceDataset(DatasetV2):
    _repr_name = "_CopyToDeviceDataset"

    def __init__(self, input_dataset: DatasetV2, device: str) -> None:
        super().__init__((input_dataset,))
        self._device = D.lookup(device)

    def _make_iterator(self, ctx: Any = None) -> ElementIterator:
        return _CopyIterator(self._inputs[0]._make_iterator(ctx), self._device)

    def _cardinality(self) -> int:
        return self._inputs[0]._cardinality()


def get_next_as_optional(iterator: Any) -> Any:
    return iterator.get_next_as_optional()


def get_structure(dataset_or_iterator: Any) -> Any:
    return dataset_or_iterator.element_spec


def from_list(elements: list, name: str | None = None) -> DatasetV2:
    """A dataset of the given elements (each a nest of tensors of one structure): TF's
    ListDataset of their components, each component's spec the most specific one all
    elements' fit."""
    if not elements:
        raise ValueError("Invalid `elements`. `elements` should not be empty. If you want an "
                         "empty dataset, use `tf.data.Dataset.range(0)`.")
    if not isinstance(elements, list):
        raise ValueError("Invalid `elements`. `elements` must be a list.")
    normalized = [dstruct.normalize_element(e) for e in elements]
    specs = [dstruct.structure_spec(e) for e in normalized]
    for other in specs[1:]:
        nest.assert_same_structure(specs[0], other)
    flat = [dstruct.flatten(s) for s in specs]
    if not all(isinstance(s, TensorSpec) for s in flat[0]):  # (sparse, ragged: as slices)
        return _stacked(normalized)
    common = []
    for column in zip(*flat):
        c = reduce(lambda a, b: a if a is None else a._common(b), column[1:], column[0])
        if c is None:  # (TF's wrapper reads the spec no two dtypes have)
            raise AttributeError("'NoneType' object has no attribute '_flat_tensor_specs'")
        common.append(c)
    spec = dstruct.pack_as(specs[0], common) if dstruct.is_nested(specs[0]) else common[0]
    return list_dataset(spec, [c for e in normalized for c in dstruct.flatten(e)])


def _stacked(normalized: list) -> DatasetV2:
    stacked = [np.stack([c._numpy() for c in comps])
               for comps in zip(*[dstruct.flatten(e) for e in normalized])]
    first_flat = dstruct.flatten(normalized[0])
    tensors = [EagerTensor(a, first_flat[i].dtype) for i, a in enumerate(stacked)]
    first = normalized[0]
    value = dstruct.pack_as(first, tensors) if dstruct.is_nested(first) else tensors[0]
    return DatasetV2.from_tensor_slices(value)


class TFRecordWriter:
    """`tf.data.experimental.TFRecordWriter(filename, compression_type=None)`: `write(dataset)`
    writes a dataset of scalar strings to one TFRecord file, a record per element."""

    def __init__(self, filename: Any, compression_type: str | None = None) -> None:
        # (TF's: both become string tensors here, the arguments of its DatasetToTFRecord)
        self._filename = convert_to_tensor(filename, _dt.string)
        self._compression_type = convert_to_tensor(
            "" if compression_type is None else compression_type, _dt.string)

    def write(self, dataset: DatasetV2) -> None:
        if not isinstance(dataset, DatasetV2):
            raise TypeError(f"Invalid `dataset.` Expected a `tf.data.Dataset` object but got "
                            f"{type(dataset)}.")
        spec = dataset.element_spec
        if not (isinstance(spec, TensorSpec) and spec.dtype is _dt.string
                and spec.shape.rank == 0):
            shapes = dstruct.map_structure(lambda s: s.shape, spec)
            types = dstruct.map_structure(lambda s: s.dtype, spec)
            raise TypeError(f"Invalid `dataset`. Expected a`dataset` that produces scalar "
                            f"`tf.string` elements, but got a dataset which produces elements "
                            f"with shapes {shapes} and types {types}.")
        write_tfrecords(dataset, self._filename, self._compression_type)
