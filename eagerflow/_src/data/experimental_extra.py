"""tf.data.experimental's helpers built from Dataset methods: `at`, `pad_to_cardinality`,
`parse_example_dataset`, the lookup tables filled from datasets (`table_from_dataset`,
`index_table_from_dataset`, `DatasetInitializer`) and SHARD_HINT.

Data layer, beside experimental.py: each is a composition of Dataset transformations and
lookup tables, with TF's errors.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core import tf_logging
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data.dataset import EXPERIMENTAL_OPS, DatasetV2
from eagerflow._src.data.raw_dataset_access import element_at
from eagerflow._src.ops.lookup_ops import (
    KeyValueTensorInitializer,
    StaticHashTable,
    StaticVocabularyTable,
)
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.parsing_features import parse_example

# A shard index that tf.distribute's auto-sharding replaces with the worker's index.
SHARD_HINT = -1

def at(dataset: DatasetV2, index: Any) -> Any:
    """The element at `index` of a dataset that can be read by position (its
    GetElementAtIndex op)."""
    return element_at(dataset, index)


def pad_to_cardinality(cardinality: int, mask_key: str = "valid") -> Callable:
    """Pads a dataset of dicts to `cardinality` elements with zero elements, and adds a
    `mask_key` entry saying which are real."""
    def _apply_fn(dataset: DatasetV2) -> DatasetV2:
        n = int(dataset.cardinality())
        if n < 0:
            raise ValueError("The dataset passed into `pad_to_cardinality` must have a known "
                             f"cardinalty, but has cardinality {n}")
        if n > cardinality:
            raise ValueError("The dataset passed into `pad_to_cardinality` must have a "
                             "cardinalty less than the target cardinality "
                             f"({cardinality}), but has cardinality {n}")
        spec = dataset.element_spec
        if not isinstance(spec, dict):
            raise ValueError("`pad_to_cardinality` requires its input dataset to be a "
                             f"dictionary, but got {spec}.")
        padding = {k: np.zeros([d or 0 for d in s.shape], s.dtype.as_numpy_dtype)
                   for k, s in spec.items()}
        padding[mask_key] = False
        real = dataset.map(lambda x: {**x, mask_key: True})
        return real.concatenate(
            DatasetV2.from_tensors(padding).repeat(cardinality - n))
    return _apply_fn


def _pairs(dataset: DatasetV2) -> tuple:
    spec = dataset.element_spec
    if not (isinstance(spec, tuple) and len(spec) == 2):
        raise TypeError(f"object of type '{type(spec).__name__}' has no len()"
                        if not isinstance(spec, tuple) else
                        "The dataset must have two components: (keys, values)")
    keys, values = [], []
    for k, v in dataset:
        keys.append(k.numpy())
        values.append(v.numpy())
    return (np.array(keys, dtype=spec[0].dtype.as_numpy_dtype),
            np.array(values, dtype=spec[1].dtype.as_numpy_dtype), spec)


class DatasetInitializer(KeyValueTensorInitializer):
    """A table initializer from a dataset of (key, value) pairs."""

    def __init__(self, dataset: DatasetV2) -> None:
        keys, values, spec = _pairs(dataset)
        super().__init__(convert_to_tensor(keys, spec[0].dtype),
                         convert_to_tensor(values, spec[1].dtype))


def table_from_dataset(dataset: DatasetV2 = None, num_oov_buckets: int = 0,
                       vocab_size: int | None = None, default_value: Any = None,
                       hasher_spec: Any = None, key_dtype: Any = _dt.string,
                       name: str | None = None) -> Any:
    """A static table of a dataset's (key, value) pairs; with `num_oov_buckets`, missing
    keys hash into buckets after the vocabulary."""
    if vocab_size is not None:
        dataset = dataset.take(vocab_size)
    init = DatasetInitializer(dataset)
    if num_oov_buckets:
        return StaticVocabularyTable(init, num_oov_buckets, lookup_key_dtype=key_dtype,
                                     name=name)
    return StaticHashTable(init, default_value, name=name)


def index_table_from_dataset(dataset: DatasetV2 = None, num_oov_buckets: int = 0,
                             vocab_size: int | None = None, default_value: Any = -1,
                             hasher_spec: Any = None, key_dtype: Any = _dt.string,
                             name: str | None = None) -> Any:
    """A table mapping each key of a dataset of keys to its position (int64)."""
    indexed = dataset.enumerate().map(lambda i, k: (k, cast(i, _dt.int64)))
    return table_from_dataset(indexed, num_oov_buckets, vocab_size, default_value,
                              hasher_spec, key_dtype, name)


__all__ = ["SHARD_HINT", "DatasetInitializer", "at", "index_table_from_dataset",
           "pad_to_cardinality", "table_from_dataset"]


def parse_example_dataset(features: dict, num_parallel_calls: Any = 1,
                          deterministic: bool | None = None) -> Callable:
    """A transformation for `Dataset.apply`: each element, a vector of serialized
    Examples, parsed with tf.io.parse_example(features)."""
    tf_logging.deprecated_call(
        "parse_example_dataset", EXPERIMENTAL_OPS + "parsing_ops",
        "Use `tf.data.Dataset.map(tf.io.parse_example(...))` instead.")
    if features is None:
        raise ValueError("Argument `features` is required, but not specified.")

    def _apply_fn(dataset: DatasetV2) -> DatasetV2:
        spec = dataset.element_spec
        if not (isinstance(spec, TensorSpec) and spec.dtype == _dt.string
                and spec.shape.rank == 1):
            raise TypeError("Input dataset should be a dataset of vectors of strings. "
                            f"Instead it is `{spec}`.")
        out = dataset.map(lambda serialized: parse_example(serialized, features),
                          num_parallel_calls=num_parallel_calls, deterministic=deterministic)
        out._repr_name = "_ParseExampleDataset"
        out._kernel_text = lambda: "ParseExampleDatasetV2Op::Dataset"  # (TF's op for it)
        return out

    return _apply_fn
