"""tf.feature_column's dense views of categorical columns: embedding_column,
shared_embeddings and indicator_column.

Sits in feature_column/ over columns.py. An embedding column's variable
("embedding_weights", [num_buckets, dimension], float32) is made by the state manager
from the column's initializer (by default TF 1's truncated normal, stddev
1/sqrt(dimension)); its dense tensor is safe_embedding_lookup_sparse (or
embedding_lookup_sparse when asked) with the column's combiner and max_norm. With
`ckpt_to_load_from`, each lookup first assigns the tensor named `tensor_name_in_ckpt`
from that checkpoint, as TF's init_from_checkpoint does to an eager variable. An
indicator column is the multi-hot (or weight-summed) [batch, num_buckets] tensor.
"""

from __future__ import annotations

import collections
import math
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state, executing_eagerly
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.core.trackable import AutoTrackable
from eagerflow._src.feature_column.base import (
    CategoricalColumn,
    DenseColumn,
    OverColumn,
    SequenceDenseColumn,
    TensorSequenceLengthPair,
    make_variable,
    sequence_length_from_sparse_tensor,
)
from eagerflow._src.feature_column.columns import WeightedCategoricalColumn
from eagerflow._src.feature_column.sequence import SequenceCategoricalColumn
from eagerflow._src.feature_column.serialization import (
    ConfigFields,
    TruncatedNormal,
    register_feature_column,
)
from eagerflow._src.ops.array import concat, expand_dims
from eagerflow._src.ops.embedding_sparse import (
    embedding_lookup_sparse,
    safe_embedding_lookup_sparse,
)
from eagerflow._src.ops.math import greater_equal, less, logical_and
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.nd_indexing import scatter_nd
from eagerflow._src.ops.reduce import reduce_sum
from eagerflow._src.ops.sparse_functions import retain
from eagerflow._src.ops.sparse_ops import to_dense
from eagerflow._src.ops.unique_one_hot import one_hot
from eagerflow._src.train.reader import load_checkpoint

_NOT_SEQUENCE = (
    "In {kind}: {name}. categorical_column must not be of type SequenceCategoricalColumn. "
    "Suggested fix A: If you wish to use DenseFeatures, use a non-sequence "
    "categorical_column_with_*. Suggested fix B: If you wish to create sequence input, use "
    "SequenceFeatures instead of DenseFeatures. Given (type {type}): {column}")
_SEQUENCE = (
    "In {kind}: {name}. categorical_column must be of type SequenceCategoricalColumn to use "
    "SequenceFeatures. Suggested fix: Use one of sequence_categorical_column_with_*. Given "
    "(type {type}): {column}")


def _sequence_error(template: str, kind: str, column: Any) -> ValueError:
    cat = column.categorical_column
    return ValueError(template.format(kind=kind, name=column.name, type=type(cat), column=cat))


class _DenseView(OverColumn):
    """What the dense views of a categorical column share: a sequence column only through
    get_sequence_dense_tensor (TF's errors name the view's function, `_function`), the
    dense tensor (`_dense`) first, then the lengths from the column's ids."""

    _function: str

    def _check_sequence(self, sequence: bool) -> None:
        if isinstance(self.categorical_column, SequenceCategoricalColumn) != sequence:
            template = _SEQUENCE if sequence else _NOT_SEQUENCE
            raise _sequence_error(template, self._function, self)

    def get_dense_tensor(self, transformation_cache: Any, state_manager: Any) -> Tensor:
        self._check_sequence(False)
        return self._dense(transformation_cache, state_manager)

    def get_sequence_dense_tensor(self, transformation_cache: Any,
                                  state_manager: Any) -> TensorSequenceLengthPair:
        self._check_sequence(True)
        dense = self._dense(transformation_cache, state_manager)
        pair = self.categorical_column.get_sparse_tensors(transformation_cache, state_manager)
        return TensorSequenceLengthPair(dense, sequence_length_from_sparse_tensor(
            pair.id_tensor))


def _load_from_checkpoint(ckpt: Any, tensor_name: str, var: Any) -> None:
    """TF's init_from_checkpoint on an eager variable: the checkpoint's tensor assigned."""
    reader = load_checkpoint(ckpt)
    shapes = reader.get_variable_to_shape_map()
    if tensor_name not in shapes:
        raise ValueError(f"Tensor {tensor_name} is not found in {ckpt} checkpoint {shapes}")
    if not var.shape.is_compatible_with(shapes[tensor_name]):
        raise ValueError(f"Shape of variable {var.name} ({var.shape}) doesn't match with shape "
                         f"of tensor {tensor_name} ({shapes[tensor_name]}) from checkpoint "
                         "reader.")
    var.assign(np.asarray(reader.get_tensor(tensor_name), np.float32))


def _lookup(use_safe: bool, weights: Any, pair: Any, combiner: str, max_norm: Any) -> Tensor:
    ids, sp_weights = pair.id_tensor, pair.weight_tensor
    rank = ids.dense_shape.shape[0]
    if not use_safe and rank is not None and rank <= 2:
        return embedding_lookup_sparse(weights, ids, sp_weights, combiner=combiner,
                                       max_norm=max_norm)
    return safe_embedding_lookup_sparse(weights, ids, sp_weights, combiner=combiner,
                                        max_norm=max_norm)


@register_feature_column
class EmbeddingColumn(_DenseView, ConfigFields, DenseColumn, SequenceDenseColumn,
                      collections.namedtuple("EmbeddingColumn", (
                          "categorical_column", "dimension", "combiner", "initializer",
                          "ckpt_to_load_from", "tensor_name_in_ckpt", "max_norm",
                          "trainable", "use_safe_embedding_lookup"))):
    """A categorical column's ids through a trainable [num_buckets, dimension] table."""

    _v1 = True
    _function = "embedding_column"
    _config_fields = {"categorical_column": "column", "initializer": "initializer"}

    def __new__(cls, categorical_column: Any, dimension: int, combiner: str,
                initializer: Any, ckpt_to_load_from: Any, tensor_name_in_ckpt: Any,
                max_norm: Any, trainable: bool,
                use_safe_embedding_lookup: bool = True) -> EmbeddingColumn:
        return super().__new__(cls, categorical_column, dimension, combiner, initializer,
                               ckpt_to_load_from, tensor_name_in_ckpt, max_norm, trainable,
                               use_safe_embedding_lookup)

    @property
    def name(self) -> str:
        return f"{self.categorical_column.name}_embedding"

    def transform_feature(self, transformation_cache: Any, state_manager: Any) -> Any:
        return transformation_cache.get(self.categorical_column, state_manager)

    @property
    def variable_shape(self) -> TensorShape:
        return TensorShape([self.dimension])

    def create_state(self, state_manager: Any) -> None:
        state_manager.create_variable(
            self, name="embedding_weights",
            shape=(self.categorical_column.num_buckets, self.dimension), dtype=dt.float32,
            trainable=self.trainable, use_resource=True, initializer=self.initializer)

    def _dense_of(self, pair: Any, state_manager: Any) -> Tensor:
        weights = state_manager.get_variable(self, name="embedding_weights")
        if self.ckpt_to_load_from is not None:
            _load_from_checkpoint(self.ckpt_to_load_from, self.tensor_name_in_ckpt, weights)
        return _lookup(self.use_safe_embedding_lookup, weights, pair, self.combiner,
                       self.max_norm)

    def _dense(self, transformation_cache: Any, state_manager: Any) -> Tensor:
        pair = self.categorical_column.get_sparse_tensors(transformation_cache, state_manager)
        return self._dense_of(pair, state_manager)

    def get_sequence_dense_tensor(self, transformation_cache: Any,
                                  state_manager: Any) -> TensorSequenceLengthPair:
        # (TF's order here: the ids first, their lookup, then the lengths from those ids)
        self._check_sequence(True)
        pair = self.categorical_column.get_sparse_tensors(transformation_cache, state_manager)
        return TensorSequenceLengthPair(self._dense_of(pair, state_manager),
                                        sequence_length_from_sparse_tensor(pair.id_tensor))

    @classmethod
    def from_config(cls, config: dict, custom_objects: Any = None,
                    columns_by_name: Any = None) -> EmbeddingColumn:
        if "use_safe_embedding_lookup" not in config:
            config["use_safe_embedding_lookup"] = True
        return super().from_config(config, custom_objects, columns_by_name)


def _check_embedding_args(dimension: Any, ckpt_to_load_from: Any, tensor_name_in_ckpt: Any,
                          initializer: Any, column_name: str | None) -> Any:
    if dimension is None or dimension < 1:
        raise ValueError(f"Invalid dimension {dimension}.")
    if (ckpt_to_load_from is None) != (tensor_name_in_ckpt is None):
        raise ValueError("Must specify both `ckpt_to_load_from` and `tensor_name_in_ckpt` or "
                         "none of them.")
    if initializer is not None and not callable(initializer):
        where = "" if column_name is None else f" Embedding of column_name: {column_name}"
        raise ValueError(f"initializer must be callable if specified.{where}")
    if initializer is None:
        initializer = TruncatedNormal(mean=0.0, stddev=1 / math.sqrt(dimension))
    return initializer


def embedding_column(categorical_column: Any, dimension: int, combiner: str = "mean",
                     initializer: Any = None, ckpt_to_load_from: Any = None,
                     tensor_name_in_ckpt: Any = None, max_norm: Any = None,
                     trainable: bool = True,
                     use_safe_embedding_lookup: bool = True) -> EmbeddingColumn:
    """`tf.feature_column.embedding_column`."""
    initializer = _check_embedding_args(dimension, ckpt_to_load_from, tensor_name_in_ckpt,
                                        initializer, categorical_column.name)
    return EmbeddingColumn(categorical_column, dimension, combiner, initializer,
                           ckpt_to_load_from, tensor_name_in_ckpt, max_norm, trainable,
                           use_safe_embedding_lookup)


def _shared_error() -> ValueError:
    return ValueError("SharedEmbeddingColumns are not supported in `linear_model` or "
                      "`input_layer`. Please use `DenseFeatures` or `LinearModel` instead.")


_TRACED_VARIABLES: dict = {}  # name -> the shared embedding variable made while tracing


class SharedEmbeddingColumnCreator(AutoTrackable):
    """Holds the one embedding variable a group of shared embedding columns reads (one per
    graph, named by the collection name)."""

    def __init__(self, dimension: int, initializer: Any, ckpt_to_load_from: Any,
                 tensor_name_in_ckpt: Any, num_buckets: int, trainable: bool,
                 name: str = "shared_embedding_column_creator",
                 use_safe_embedding_lookup: bool = True) -> None:
        self._dimension = dimension
        self._initializer = initializer
        self._ckpt_to_load_from = ckpt_to_load_from
        self._tensor_name_in_ckpt = tensor_name_in_ckpt
        self._num_buckets = num_buckets
        self._trainable = trainable
        self._name = name
        self._use_safe_embedding_lookup = use_safe_embedding_lookup
        self._embedding_weights: dict = {}

    def __call__(self, categorical_column: Any, combiner: str,
                 max_norm: Any) -> SharedEmbeddingColumn:
        return SharedEmbeddingColumn(categorical_column, self, combiner, max_norm,
                                     self._use_safe_embedding_lookup)

    @property
    def embedding_weights(self) -> Any:
        key = id(_state.graph)
        if key not in self._embedding_weights:
            # in a trace, TF's get_variable reuses the variable of that name made by an
            # earlier trace (its store is the outer graph's), so retracing makes no second
            var = _TRACED_VARIABLES.get(self._name) if not executing_eagerly() else None
            if var is None:
                var = make_variable(self._name, (self._num_buckets, self._dimension),
                                    dt.float32, self._initializer, self._trainable)
                if not executing_eagerly():
                    _TRACED_VARIABLES[self._name] = var
            if self._ckpt_to_load_from is not None:
                _load_from_checkpoint(self._ckpt_to_load_from, self._tensor_name_in_ckpt, var)
            self._embedding_weights[key] = var
        return self._embedding_weights[key]

    @property
    def dimension(self) -> int:
        return self._dimension


@register_feature_column
class SharedEmbeddingColumn(_DenseView, DenseColumn, SequenceDenseColumn,
                            collections.namedtuple("SharedEmbeddingColumn", (
                                "categorical_column", "shared_embedding_column_creator",
                                "combiner", "max_norm", "use_safe_embedding_lookup"))):
    """One of several columns reading the same embedding variable."""

    _v1 = True
    _function = "embedding_column"

    def __new__(cls, categorical_column: Any, shared_embedding_column_creator: Any,
                combiner: str, max_norm: Any,
                use_safe_embedding_lookup: bool = True) -> SharedEmbeddingColumn:
        return super().__new__(cls, categorical_column, shared_embedding_column_creator,
                               combiner, max_norm, use_safe_embedding_lookup)

    @property
    def _is_v2_column(self) -> bool:
        return True

    @property
    def name(self) -> str:
        return f"{self.categorical_column.name}_shared_embedding"

    @property
    def _parse_example_spec(self) -> dict:
        raise _shared_error()

    def transform_feature(self, transformation_cache: Any, state_manager: Any) -> Any:
        return transformation_cache.get(self.categorical_column, state_manager)

    @property
    def variable_shape(self) -> TensorShape:
        return TensorShape([self.shared_embedding_column_creator.dimension])

    @property
    def _variable_shape(self) -> TensorShape:
        raise _shared_error()

    def _dense(self, transformation_cache: Any, state_manager: Any) -> Tensor:
        pair = self.categorical_column.get_sparse_tensors(transformation_cache, state_manager)
        weights = self.shared_embedding_column_creator.embedding_weights
        return _lookup(self.use_safe_embedding_lookup, weights, pair, self.combiner,
                       self.max_norm)


def _shared_checks(categorical_columns: Any, dimension: Any, ckpt_to_load_from: Any,
                   tensor_name_in_ckpt: Any, initializer: Any,
                   shared_embedding_collection_name: Any) -> tuple:
    if executing_eagerly():
        raise RuntimeError("shared_embedding_columns are not supported when eager execution "
                           "is enabled.")
    initializer = _check_embedding_args(dimension, ckpt_to_load_from, tensor_name_in_ckpt,
                                        initializer, None)
    ordered = sorted(categorical_columns, key=lambda x: x.name)
    c0 = ordered[0]
    num_buckets = c0.num_buckets
    if not isinstance(c0, CategoricalColumn):
        raise ValueError("All categorical_columns must be subclasses of CategoricalColumn. "
                         f"Given: {c0}, of type: {type(c0)}")
    wrappers = (WeightedCategoricalColumn, SequenceCategoricalColumn)
    while isinstance(c0, wrappers):
        c0 = c0.categorical_column
    for c in ordered[1:]:
        while isinstance(c, wrappers):
            c = c.categorical_column
        if not isinstance(c, type(c0)):
            raise ValueError(
                "To use shared_embedding_column, all categorical_columns must have the same "
                "type, or be weighted_categorical_column or sequence column of the same type. "
                f"Given column: {c0} of type: {type(c0)} does not match given column: {c} of "
                f"type: {type(c)}")
        if num_buckets != c.num_buckets:
            raise ValueError(
                "To use shared_embedding_column, all categorical_columns must have the same "
                f"number of buckets. Given column: {c0} with buckets: {num_buckets} does  not "
                f"match column: {c} with buckets: {c.num_buckets}")
    name = shared_embedding_collection_name or \
        "_".join(c.name for c in ordered) + "_shared_embedding"
    return initializer, num_buckets, name


def shared_embeddings(categorical_columns: Any, dimension: int, combiner: str = "mean",
                      initializer: Any = None, shared_embedding_collection_name: Any = None,
                      ckpt_to_load_from: Any = None, tensor_name_in_ckpt: Any = None,
                      max_norm: Any = None, trainable: bool = True,
                      use_safe_embedding_lookup: bool = True) -> list:
    """`tf.feature_column.shared_embeddings`: columns of one embedding variable (made in a
    graph only, as TF: eagerly it raises RuntimeError)."""
    initializer, num_buckets, name = _shared_checks(
        categorical_columns, dimension, ckpt_to_load_from, tensor_name_in_ckpt, initializer,
        shared_embedding_collection_name)
    creator = SharedEmbeddingColumnCreator(dimension, initializer, ckpt_to_load_from,
                                           tensor_name_in_ckpt, num_buckets, trainable, name,
                                           use_safe_embedding_lookup)
    return [creator(categorical_column=c, combiner=combiner, max_norm=max_norm)
            for c in categorical_columns]


@register_feature_column
class IndicatorColumn(_DenseView, ConfigFields, DenseColumn, SequenceDenseColumn,
                      collections.namedtuple("IndicatorColumn", ("categorical_column",))):
    """A categorical column as a multi-hot [batch, num_buckets] float32 tensor (weights
    summed per id for a weighted column)."""

    _v1 = True
    _function = "indicator_column"
    _config_fields = {"categorical_column": "column"}

    @property
    def name(self) -> str:
        return f"{self.categorical_column.name}_indicator"

    def _transform_id_weight_pair(self, pair: Any, size: int) -> Tensor:
        ids, weights = pair.id_tensor, pair.weight_tensor
        if weights is not None:
            # TF merges ids and weights, slices to [0, size) and scatters (sums repeats)
            id_values = cast(ids.values, dt.int64)
            keep = logical_and(greater_equal(id_values, np.int64(0)),
                               less(id_values, np.int64(size)))
            merged = SparseTensor(_id_indices(ids.indices, id_values), weights.values,
                                  _merged_shape(weights.dense_shape, size))
            merged = retain(merged, keep)
            return scatter_nd(merged.indices, merged.values, merged.dense_shape)
        dense_ids = to_dense(ids, default_value=-1)
        return reduce_sum(one_hot(dense_ids, depth=size, on_value=1.0, off_value=0.0),
                          axis=[-2])

    def transform_feature(self, transformation_cache: Any, state_manager: Any) -> Tensor:
        pair = self.categorical_column.get_sparse_tensors(transformation_cache, state_manager)
        return self._transform_id_weight_pair(pair, self.variable_shape[-1])

    @property
    def variable_shape(self) -> TensorShape:
        return TensorShape([1, self.categorical_column.num_buckets])

    def _dense(self, transformation_cache: Any, state_manager: Any) -> Tensor:
        return transformation_cache.get(self, state_manager)


def _id_indices(indices: Any, id_values: Any) -> Any:
    return concat([indices[:, :-1], expand_dims(id_values, 1)], 1)


def _merged_shape(dense_shape: Any, size: int) -> Any:
    return concat([dense_shape[:-1], np.array([size], np.int64)], 0)


def indicator_column(categorical_column: Any) -> IndicatorColumn:
    """`tf.feature_column.indicator_column`."""
    if not isinstance(categorical_column, CategoricalColumn):
        raise ValueError("Unsupported input type. Input must be a CategoricalColumn. Given: "
                         f"{categorical_column}")
    return IndicatorColumn(categorical_column)
