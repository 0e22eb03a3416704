"""tf.feature_column's numeric and categorical columns: numeric_column, bucketized_column,
categorical_column_with_hash_bucket / _identity / _vocabulary_list / _vocabulary_file,
weighted_categorical_column and crossed_column.

Sits in feature_column/ over base.py. Each column is TF 2.21's namedtuple (its repr,
`_asdict`, equality and hash by value), with TF's checks and messages in its
constructor function. The transformations are TF's: categorical inputs become
SparseTensors (dense ones lose their "" / -1 entries), hashed with Fingerprint64
(StringToHashBucketFast), looked up in StaticHashTable / StaticVocabularyTable (TF's
index tables: out-of-vocabulary keys hashed into the extra buckets), crossed with
SparseCrossHashed, bucketized with Bucketize.
"""

from __future__ import annotations

import collections
import os
import re
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import FailedPreconditionError, InvalidArgumentError, OpError
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.feature_column import base
from eagerflow._src.feature_column.base import (
    CategoricalColumn,
    DenseColumn,
    FeatureColumn,
    IdWeightPair,
    KeyedColumn,
    OverColumn,
    to_sparse_input_and_drop_ignore_values,
)
from eagerflow._src.feature_column.serialization import ConfigFields, register_feature_column
from eagerflow._src.function.polymorphic import init_scope
from eagerflow._src.io.tfrecord import tf_record_iterator
from eagerflow._src.ops.array import fill, reshape, shape, transpose
from eagerflow._src.ops.crosses import cross_hashed
from eagerflow._src.ops.eager_errors import raised_eagerly
from eagerflow._src.ops.hash_ops import to_hash_bucket_fast
from eagerflow._src.ops.histogram_ops import bucketize
from eagerflow._src.ops.lookup_ops import (
    KeyValueTensorInitializer,
    StaticHashTable,
    StaticVocabularyTable,
    TextFileIndex,
    TextFileInitializer,
)
from eagerflow._src.ops.math import greater_equal, less, logical_or
from eagerflow._src.ops.math_base import cast, where
from eagerflow._src.ops.parsing_ops import FixedLenFeature, VarLenFeature
from eagerflow._src.ops.sequences import range as tf_range
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.string_format import as_string
from eagerflow._src.ops.tiling import tile
from eagerflow._src.ops.unique_one_hot import one_hot

# -- numeric and bucketized ---------------------------------------------------------------


@register_feature_column
class NumericColumn(KeyedColumn, ConfigFields, DenseColumn, collections.namedtuple(
        "NumericColumn", ("key", "shape", "default_value", "dtype", "normalizer_fn"))):
    """A dense float32 feature of a fixed shape (the normalizer applied first)."""

    _v1 = True
    _config_fields = {"normalizer_fn": "function", "dtype": "dtype"}

    @property
    def parse_example_spec(self) -> dict:
        return {self.key: FixedLenFeature(self.shape, self.dtype, self.default_value)}

    def _transform_input_tensor(self, input_tensor: Any) -> Tensor:
        if isinstance(input_tensor, SparseTensor):
            raise ValueError("The corresponding Tensor of numerical column must be a Tensor. "
                             f"SparseTensor is not supported. key: {self.key}")
        if self.normalizer_fn is not None:
            input_tensor = self.normalizer_fn(input_tensor)
        return cast(input_tensor, dt.float32)

    def transform_feature(self, transformation_cache: Any, state_manager: Any) -> Tensor:
        return self._transform_input_tensor(transformation_cache.get(self.key, state_manager))

    @property
    def variable_shape(self) -> TensorShape:
        return TensorShape(self.shape)

    def get_dense_tensor(self, transformation_cache: Any, state_manager: Any) -> Tensor:
        return transformation_cache.get(self, state_manager)


def numeric_column(key: str, shape: Any = (1,), default_value: Any = None,
                   dtype: Any = dt.float32, normalizer_fn: Any = None) -> NumericColumn:
    """`tf.feature_column.numeric_column`: a real-valued feature."""
    shape = base.check_shape(shape, key)
    if not (dtype.is_integer or dtype.is_floating):
        raise ValueError(f"dtype must be convertible to float. dtype: {dtype}, key: {key}")
    default_value = base.check_default_value(shape, default_value, dtype, key)
    if normalizer_fn is not None and not callable(normalizer_fn):
        raise TypeError(f"normalizer_fn must be a callable. Given: {normalizer_fn}")
    base.assert_key_is_string(key)
    return NumericColumn(key, shape=shape, default_value=default_value, dtype=dtype,
                         normalizer_fn=normalizer_fn)


@register_feature_column
class BucketizedColumn(OverColumn, ConfigFields, DenseColumn, CategoricalColumn,
                       collections.namedtuple("BucketizedColumn",
                                              ("source_column", "boundaries"))):
    """A numeric column's values as bucket ids (dense: one-hot per value)."""

    _v1 = True
    _over = "source_column"
    _config_fields = {"source_column": "column"}

    @property
    def name(self) -> str:
        return f"{self.source_column.name}_bucketized"

    def transform_feature(self, transformation_cache: Any, state_manager: Any) -> Tensor:
        source = transformation_cache.get(self.source_column, state_manager)
        return bucketize(source, boundaries=self.boundaries)

    @property
    def variable_shape(self) -> TensorShape:
        return TensorShape(tuple(self.source_column.shape) + (len(self.boundaries) + 1,))

    def get_dense_tensor(self, transformation_cache: Any, state_manager: Any) -> Tensor:
        ids = transformation_cache.get(self, state_manager)
        return one_hot(cast(ids, dt.int64), len(self.boundaries) + 1, on_value=1.0,
                       off_value=0.0)

    @property
    def num_buckets(self) -> int:
        return (len(self.boundaries) + 1) * self.source_column.shape[0]

    def get_sparse_tensors(self, transformation_cache: Any, state_manager: Any) -> IdWeightPair:
        ids = transformation_cache.get(self, state_manager)
        batch_size = shape(ids)[0]
        width = self.source_column.shape[0]
        rows = reshape(tile(reshape(tf_range(0, batch_size), [-1, 1]), [1, width]), (-1,))
        cols = tile(tf_range(0, width), [batch_size])
        bucket_ids = reshape(ids, (-1,)) + (len(self.boundaries) + 1) * cols
        indices = cast(transpose(stack((rows, cols))), dt.int64)
        dense_shape = cast(stack([batch_size, width]), dt.int64)
        return IdWeightPair(SparseTensor(indices=indices, values=bucket_ids,
                                         dense_shape=dense_shape), None)


def bucketized_column(source_column: Any, boundaries: Any) -> BucketizedColumn:
    """`tf.feature_column.bucketized_column`: a numeric column cut at `boundaries`."""
    if not isinstance(source_column, NumericColumn):
        raise ValueError("source_column must be a column generated with numeric_column(). "
                         f"Given: {source_column}")
    if len(source_column.shape) > 1:
        raise ValueError(f"source_column must be one-dimensional column. Given: {source_column}")
    if not boundaries:
        raise ValueError("boundaries must not be empty.")
    if not isinstance(boundaries, (list, tuple)):
        raise ValueError("boundaries must be a sorted list.")
    for i in range(len(boundaries) - 1):
        if boundaries[i] >= boundaries[i + 1]:
            raise ValueError("boundaries must be a sorted list.")
    return BucketizedColumn(source_column, tuple(boundaries))


# -- categorical columns -----------------------------------------------------------------


class _KeyedCategorical(KeyedColumn, ConfigFields, CategoricalColumn):
    """What the single-key categorical columns share: the parse spec, the ids as the
    cached transformation, the dtype check."""

    _v1 = True
    _config_fields = {"dtype": "dtype"}

    @property
    def parse_example_spec(self) -> dict:
        return {self.key: VarLenFeature(self.dtype)}

    def transform_feature(self, transformation_cache: Any, state_manager: Any) -> SparseTensor:
        sparse = to_sparse_input_and_drop_ignore_values(
            transformation_cache.get(self.key, state_manager))
        return self._transform_input_tensor(sparse, state_manager)

    def get_sparse_tensors(self, transformation_cache: Any, state_manager: Any) -> IdWeightPair:
        return IdWeightPair(transformation_cache.get(self, state_manager), None)

    def _check_input_dtype(self, input_tensor: Any) -> None:
        if self.dtype.is_integer != input_tensor.dtype.is_integer:
            raise ValueError(
                "Column dtype and SparseTensors dtype must be compatible. key: "
                f"{self.key}, column dtype: {self.dtype}, tensor dtype: {input_tensor.dtype}")


@register_feature_column
class HashedCategoricalColumn(_KeyedCategorical, collections.namedtuple(
        "HashedCategoricalColumn", ("key", "hash_bucket_size", "dtype"))):
    """Ids by Fingerprint64 of the values (numbers as their decimal strings)."""

    def _transform_input_tensor(self, input_tensor: Any, state_manager: Any = None) -> Any:
        if not isinstance(input_tensor, SparseTensor):
            raise ValueError("SparseColumn input must be a SparseTensor.")
        base.assert_string_or_int(input_tensor.dtype,
                                  prefix=f"column_name: {self.key} input_tensor")
        self._check_input_dtype(input_tensor)
        values = input_tensor.values if self.dtype == dt.string else \
            as_string(input_tensor.values)
        ids = to_hash_bucket_fast(values, self.hash_bucket_size)
        return SparseTensor(input_tensor.indices, ids, input_tensor.dense_shape)

    @property
    def num_buckets(self) -> int:
        return self.hash_bucket_size


def categorical_column_with_hash_bucket(key: str, hash_bucket_size: int,
                                        dtype: Any = dt.string) -> HashedCategoricalColumn:
    """`tf.feature_column.categorical_column_with_hash_bucket`."""
    if hash_bucket_size is None:
        raise ValueError(f"hash_bucket_size must be set. key: {key}")
    if hash_bucket_size < 1:
        raise ValueError(f"hash_bucket_size must be at least 1. hash_bucket_size: "
                         f"{hash_bucket_size}, key: {key}")
    base.assert_key_is_string(key)
    base.assert_string_or_int(dtype, prefix=f"column_name: {key}")
    return HashedCategoricalColumn(key, hash_bucket_size, dtype)


class _VocabularyLookup(_KeyedCategorical):
    """A vocabulary column's lookup: keys (int64 for integer columns) through the
    column's table, made once per state manager (TF's `<key>_lookup` resource)."""

    def _transform_input_tensor(self, input_tensor: Any, state_manager: Any = None) -> Any:
        self._check_input_dtype(input_tensor)
        base.assert_string_or_int(input_tensor.dtype,
                                  prefix=f"column_name: {self.key} input_tensor")
        key_dtype = self.dtype
        if input_tensor.dtype.is_integer:
            key_dtype = dt.int64
            input_tensor = SparseTensor(input_tensor.indices,
                                        cast(input_tensor.values, dt.int64),
                                        input_tensor.dense_shape)
        name = f"{self.key}_lookup"
        if state_manager is None or not state_manager.has_resource(self, name):
            with init_scope():
                table = self._make_table(key_dtype, name)
            if state_manager is not None:
                state_manager.add_resource(self, name, table)
        else:
            table = state_manager.get_resource(self, name)
        return table.lookup(input_tensor)

    def _index_table(self, initializer: Any, name: str) -> Any:
        if self.num_oov_buckets:
            return StaticVocabularyTable(initializer, self.num_oov_buckets, name=name)
        return StaticHashTable(initializer, self.default_value, name=name)


@register_feature_column
class VocabularyListCategoricalColumn(_VocabularyLookup, collections.namedtuple(
        "VocabularyListCategoricalColumn",
        ("key", "vocabulary_list", "dtype", "default_value", "num_oov_buckets"))):
    """Ids by position in an in-memory vocabulary."""

    def _make_table(self, key_dtype: Any, name: str) -> Any:
        keys = convert_to_tensor(list(self.vocabulary_list), dtype=key_dtype)
        ids = convert_to_tensor(np.arange(len(self.vocabulary_list), dtype=np.int64))
        return self._index_table(KeyValueTensorInitializer(keys, ids), name)

    @property
    def num_buckets(self) -> int:
        return len(self.vocabulary_list) + self.num_oov_buckets


def categorical_column_with_vocabulary_list(
        key: str, vocabulary_list: Any, dtype: Any = None, default_value: int = -1,
        num_oov_buckets: int = 0) -> VocabularyListCategoricalColumn:
    """`tf.feature_column.categorical_column_with_vocabulary_list`."""
    if vocabulary_list is None or len(vocabulary_list) < 1:
        raise ValueError(f"vocabulary_list {vocabulary_list} must be non-empty, column_name: "
                         f"{key}")
    if len(set(vocabulary_list)) != len(vocabulary_list):
        raise ValueError(f"Duplicate keys in vocabulary_list {vocabulary_list}, column_name: "
                         f"{key}")
    vocabulary_dtype = dt.as_dtype(np.array(vocabulary_list).dtype)
    if num_oov_buckets:
        if default_value != -1:
            raise ValueError(f"Can't specify both num_oov_buckets and default_value in {key}.")
        if num_oov_buckets < 0:
            raise ValueError(f"Invalid num_oov_buckets {num_oov_buckets} in {key}.")
    base.assert_string_or_int(vocabulary_dtype, prefix=f"column_name: {key} vocabulary")
    if dtype is None:
        dtype = vocabulary_dtype
    elif dtype.is_integer != vocabulary_dtype.is_integer:
        raise ValueError(f"dtype {dtype} and vocabulary dtype {vocabulary_dtype} do not match, "
                         f"column_name: {key}")
    base.assert_string_or_int(dtype, prefix=f"column_name: {key}")
    base.assert_key_is_string(key)
    return VocabularyListCategoricalColumn(
        key=key, vocabulary_list=tuple(vocabulary_list), dtype=dtype,
        default_value=default_value, num_oov_buckets=num_oov_buckets)


@register_feature_column
class VocabularyFileCategoricalColumn(_VocabularyLookup, collections.namedtuple(
        "VocabularyFileCategoricalColumn",
        ("key", "vocabulary_file", "vocabulary_size", "num_oov_buckets", "dtype",
         "default_value", "file_format"))):
    """Ids by line number in a vocabulary file (one key per line)."""

    def __new__(cls, key: str, vocabulary_file: str, vocabulary_size: int,
                num_oov_buckets: int, dtype: Any, default_value: int,
                file_format: Any = None) -> VocabularyFileCategoricalColumn:
        return super().__new__(cls, key=key, vocabulary_file=vocabulary_file,
                               vocabulary_size=vocabulary_size,
                               num_oov_buckets=num_oov_buckets, dtype=dtype,
                               default_value=default_value, file_format=file_format)

    def _make_table(self, key_dtype: Any, name: str) -> Any:
        if self.file_format == "tfrecord_gzip":
            try:
                init = _tfrecord_initializer(self.vocabulary_file, key_dtype,
                                             self.vocabulary_size)
            except OpError as e:  # (TF reads the file in its table's initializing op)
                if " [Op:" not in e._message:
                    e._message += " [Op:InitializeTableFromDataset]"
                    e.args = (e._message,) + e.args[1:]
                raise raised_eagerly(e, host=True) from None
            return self._index_table(init, name)
        initializer = TextFileInitializer(
            self.vocabulary_file, key_dtype, TextFileIndex.WHOLE_LINE, dt.int64,
            TextFileIndex.LINE_NUMBER, vocab_size=self.vocabulary_size)
        return self._index_table(initializer, name)

    @property
    def num_buckets(self) -> int:
        return self.vocabulary_size + self.num_oov_buckets


def _tfrecord_keys(path: str) -> list:
    """The records of a GZIP-compressed TFRecord vocabulary file, one key each."""
    return list(tf_record_iterator(path, "GZIP"))


_INT = re.compile(rb"\s*[+-]?\d+\s*")


def _tfrecord_initializer(path: str, key_dtype: Any, size: Any) -> KeyValueTensorInitializer:
    """TF's table of a TFRecord vocabulary (index_table_from_dataset): the first `size`
    records (TF's FailedPreconditionError when there are fewer), each its position; integer
    keys parsed from the records' text as TF's StringToNumber parses them."""
    keys = _tfrecord_keys(path)
    if size is not None:
        size = int(size)
        if len(keys) < size:
            raise FailedPreconditionError(None, None, f"Input dataset was expected to contain "
                                                      f"{size} elements but contained only "
                                                      f"{len(keys)} elements. "
                                                      "[Op:InitializeTableFromDataset]")
        keys = keys[:size]
    if key_dtype is not dt.string:
        for k in keys:
            if not _INT.fullmatch(k):
                text = k.decode(errors="replace")
                raise InvalidArgumentError(None, None, "StringToNumberOp could not correctly "
                                                       f"convert string: {text}")
        keys = [int(k) for k in keys]
    values = convert_to_tensor(np.array(keys, dtype=object if key_dtype is dt.string else
                                        key_dtype.as_numpy_dtype), dtype=key_dtype)
    ids = convert_to_tensor(np.arange(len(keys), dtype=np.int64))
    return KeyValueTensorInitializer(values, ids)


def _count_lines(path: str) -> int:
    with open(path, "rb") as f:
        return sum(1 for _ in f)


def categorical_column_with_vocabulary_file(
        key: str, vocabulary_file: str, vocabulary_size: Any = None, dtype: Any = dt.string,
        default_value: Any = None, num_oov_buckets: int = 0,
        file_format: Any = None) -> VocabularyFileCategoricalColumn:
    """`tf.feature_column.categorical_column_with_vocabulary_file`."""
    if not vocabulary_file:
        raise ValueError(f"Missing vocabulary_file in {key}.")
    if file_format is None and vocabulary_file.endswith("tfrecord.gz"):
        file_format = "tfrecord_gzip"
    if vocabulary_size is None:
        if not os.path.exists(vocabulary_file):
            raise ValueError(f"vocabulary_file in {key} does not exist.")
        if file_format == "tfrecord_gzip":  # (TF counts the records eagerly: an int32)
            vocabulary_size = np.int32(len(_tfrecord_keys(vocabulary_file)))
        else:
            vocabulary_size = _count_lines(vocabulary_file)
    if not isinstance(vocabulary_size, Tensor) and vocabulary_size < 1:
        raise ValueError(f"Invalid vocabulary_size in {key}.")
    if num_oov_buckets:
        if default_value is not None:
            raise ValueError(f"Can't specify both num_oov_buckets and default_value in {key}.")
        if num_oov_buckets < 0:
            raise ValueError(f"Invalid num_oov_buckets {num_oov_buckets} in {key}.")
    base.assert_string_or_int(dtype, prefix=f"column_name: {key}")
    base.assert_key_is_string(key)
    return VocabularyFileCategoricalColumn(
        key=key, vocabulary_file=vocabulary_file, vocabulary_size=vocabulary_size,
        num_oov_buckets=0 if num_oov_buckets is None else num_oov_buckets,
        default_value=-1 if default_value is None else default_value, dtype=dtype,
        file_format=file_format)


def categorical_column_with_vocabulary_file_v1(
        key: str, vocabulary_file: str, vocabulary_size: Any = None,
        num_oov_buckets: int = 0, default_value: Any = None,
        dtype: Any = dt.string) -> VocabularyFileCategoricalColumn:
    """`tf.compat.v1.feature_column.categorical_column_with_vocabulary_file` (TF 1's
    argument order, no file_format)."""
    return categorical_column_with_vocabulary_file(key, vocabulary_file, vocabulary_size,
                                                   dtype, default_value, num_oov_buckets)


@register_feature_column
class IdentityCategoricalColumn(_KeyedCategorical, collections.namedtuple(
        "IdentityCategoricalColumn", ("key", "number_buckets", "default_value"))):
    """Integer features that are their own ids (out-of-range ones replaced by the
    default, when there is one)."""

    _config_fields: dict = {}

    @property
    def parse_example_spec(self) -> dict:
        return {self.key: VarLenFeature(dt.int64)}

    def _transform_input_tensor(self, input_tensor: Any, state_manager: Any = None) -> Any:
        if not input_tensor.dtype.is_integer:
            raise ValueError(f"Invalid input, not integer. key: {self.key} dtype: "
                             f"{input_tensor.dtype}")
        values = cast(input_tensor.values, dt.int64)
        if self.default_value is not None:
            out_of_range = logical_or(less(values, np.int64(0)),
                                      greater_equal(values, np.int64(self.num_buckets)))
            default = fill(shape(values), np.int64(self.default_value))
            values = where(out_of_range, default, values)
        return SparseTensor(indices=input_tensor.indices, values=values,
                            dense_shape=input_tensor.dense_shape)

    @property
    def num_buckets(self) -> int:
        return self.number_buckets


def categorical_column_with_identity(key: str, num_buckets: int,
                                     default_value: Any = None) -> IdentityCategoricalColumn:
    """`tf.feature_column.categorical_column_with_identity`."""
    if num_buckets < 1:
        raise ValueError(f"num_buckets {num_buckets} < 1, column_name {key}")
    if default_value is not None and (default_value < 0 or default_value >= num_buckets):
        raise ValueError(f"default_value {default_value} not in range [0, {num_buckets}), "
                         f"column_name {key}")
    base.assert_key_is_string(key)
    return IdentityCategoricalColumn(key=key, number_buckets=num_buckets,
                                     default_value=default_value)


@register_feature_column
class WeightedCategoricalColumn(OverColumn, ConfigFields, CategoricalColumn,
                                collections.namedtuple("WeightedCategoricalColumn", (
                                    "categorical_column", "weight_feature_key", "dtype"))):
    """A categorical column with a weight feature beside its ids."""

    _v1 = True
    _config_fields = {"categorical_column": "column", "dtype": "dtype"}

    @property
    def name(self) -> str:
        return f"{self.categorical_column.name}_weighted_by_{self.weight_feature_key}"

    @property
    def parse_example_spec(self) -> dict:
        config = self.categorical_column.parse_example_spec
        if self.weight_feature_key in config:
            raise ValueError(f"Parse config {config[self.weight_feature_key]} already exists "
                             f"for {self.weight_feature_key}.")
        config[self.weight_feature_key] = VarLenFeature(self.dtype)
        return config

    @property
    def num_buckets(self) -> int:
        return self.categorical_column.num_buckets

    def _transform_weight_tensor(self, weight_tensor: Any) -> Any:
        if weight_tensor is None:
            raise ValueError(f"Missing weights {self.weight_feature_key}.")
        weight_tensor = base.convert_to_tensor_or_sparse_tensor(weight_tensor)
        if self.dtype != weight_tensor.dtype:
            raise ValueError(f"Bad dtype, expected {self.dtype}, but got "
                             f"{weight_tensor.dtype}.")
        if not isinstance(weight_tensor, SparseTensor):
            weight_tensor = to_sparse_input_and_drop_ignore_values(weight_tensor,
                                                                   ignore_value=0.0)
        if not weight_tensor.dtype.is_floating:
            weight_tensor = SparseTensor(weight_tensor.indices,
                                         cast(weight_tensor.values, dt.float32),
                                         weight_tensor.dense_shape)
        return weight_tensor

    def transform_feature(self, transformation_cache: Any, state_manager: Any) -> tuple:
        weights = self._transform_weight_tensor(
            transformation_cache.get(self.weight_feature_key, state_manager))
        ids = to_sparse_input_and_drop_ignore_values(
            transformation_cache.get(self.categorical_column, state_manager))
        return (ids, weights)

    def get_sparse_tensors(self, transformation_cache: Any, state_manager: Any) -> IdWeightPair:
        ids, weights = transformation_cache.get(self, state_manager)
        return IdWeightPair(ids, weights)

    @property
    def parents(self) -> list:
        return [self.categorical_column, self.weight_feature_key]


def weighted_categorical_column(categorical_column: Any, weight_feature_key: str,
                                dtype: Any = dt.float32) -> WeightedCategoricalColumn:
    """`tf.feature_column.weighted_categorical_column`."""
    if dtype is None or not (dtype.is_integer or dtype.is_floating):
        raise ValueError(f"dtype {dtype} is not convertible to float.")
    return WeightedCategoricalColumn(categorical_column=categorical_column,
                                     weight_feature_key=weight_feature_key, dtype=dtype)


@register_feature_column
class CrossedColumn(ConfigFields, CategoricalColumn, collections.namedtuple(
        "CrossedColumn", ("keys", "hash_bucket_size", "hash_key"))):
    """The hashed cross of string features and categorical columns (SparseCrossHashed)."""

    _v1 = True
    _config_fields = {"keys": "columns"}

    @property
    def _is_v2_column(self) -> bool:
        for key in _leaf_keys(self):
            if isinstance(key, str):
                continue
            if not isinstance(key, FeatureColumn) or not key._is_v2_column:
                return False
        return True

    @property
    def name(self) -> str:
        names = [k.name if isinstance(k, FeatureColumn) else k for k in _leaf_keys(self)]
        return "_X_".join(sorted(names))

    @property
    def parse_example_spec(self) -> dict:
        config: dict = {}
        for key in self.keys:
            if isinstance(key, FeatureColumn):
                config.update(key.parse_example_spec)
            else:
                config.update({key: VarLenFeature(dt.string)})
        return config

    def transform_feature(self, transformation_cache: Any, state_manager: Any) -> SparseTensor:
        tensors = []
        for key in _leaf_keys(self):
            if isinstance(key, str):
                tensors.append(transformation_cache.get(key, state_manager))
            elif isinstance(key, CategoricalColumn):
                pair = key.get_sparse_tensors(transformation_cache, state_manager)
                if pair.weight_tensor is not None:
                    raise ValueError("crossed_column does not support weight_tensor, but the "
                                     "given column populates weight_tensor. Given column: "
                                     f"{key.name}")
                tensors.append(pair.id_tensor)
            else:
                raise ValueError(f"Unsupported column type. Given: {key}")
        return cross_hashed(tensors, num_buckets=self.hash_bucket_size, hash_key=self.hash_key)

    @property
    def num_buckets(self) -> int:
        return self.hash_bucket_size

    def get_sparse_tensors(self, transformation_cache: Any, state_manager: Any) -> IdWeightPair:
        return IdWeightPair(transformation_cache.get(self, state_manager), None)

    @property
    def parents(self) -> list:
        return list(self.keys)


def _leaf_keys(cross: CrossedColumn) -> list:
    keys: list = []
    for k in cross.keys:
        keys.extend(_leaf_keys(k) if isinstance(k, CrossedColumn) else [k])
    return keys


def crossed_column(keys: Any, hash_bucket_size: int, hash_key: Any = None) -> CrossedColumn:
    """`tf.feature_column.crossed_column`."""
    if not hash_bucket_size or hash_bucket_size < 1:
        raise ValueError(f"hash_bucket_size must be > 1. hash_bucket_size: {hash_bucket_size}")
    if not keys or len(keys) < 2:
        raise ValueError(f"keys must be a list with length > 1. Given: {keys}")
    for key in keys:
        if not isinstance(key, (str, CategoricalColumn)):
            raise ValueError("Unsupported key type. All keys must be either string, or "
                             f"categorical column except HashedCategoricalColumn. Given: {key}")
        if isinstance(key, HashedCategoricalColumn):
            raise ValueError("categorical_column_with_hash_bucket is not supported for "
                             "crossing. Hashing before crossing will increase probability of "
                             "collision. Instead, use the feature name as a string. Given: "
                             f"{key}")
    return CrossedColumn(keys=tuple(keys), hash_bucket_size=hash_bucket_size,
                         hash_key=hash_key)
