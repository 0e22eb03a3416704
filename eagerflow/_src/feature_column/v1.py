"""tf.compat.v1.feature_column's models over columns: input_layer and linear_model.

Sits at the top of feature_column/. TF 2.21 keeps these TF 1 functions (Keras 3 has no
DenseFeatures): each call opens a uniquely named variable scope ("input_layer",
"input_layer_1", ...; "linear_model", ...) whatever the name scope, and makes the
columns' variables under "<scope>/<column name>/" with TF's names: embedding_weights,
a linear model's per-column "weights" (zeros, [num_buckets or num_elements, units]) and
its "bias_weights". As in TF eagerly, every call makes new variables, and cols_to_vars
lists none for the columns (TF reads them from graph collections); a model that trains
keeps its variables in a StateManager of its own (`tf.__internal__.feature_column`).
"""

from __future__ import annotations

import collections
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state, executing_eagerly
from eagerflow._src.core.shape import Dimension, TensorShape, dimension_value
from eagerflow._src.feature_column.base import (
    CategoricalColumn,
    DenseColumn,
    FeatureTransformationCache,
    SequenceDenseColumn,
    dynamic_shape,
    make_variable,
    normalize_feature_columns,
)
from eagerflow._src.feature_column.embedding import (
    EmbeddingColumn,
    IndicatorColumn,
    SharedEmbeddingColumn,
    _DenseView,
    _lookup,
    _shared_checks,
)
from eagerflow._src.feature_column.sequence import SequenceCategoricalColumn
from eagerflow._src.ops.array import concat, reshape, shape
from eagerflow._src.ops.embedding_sparse import safe_embedding_lookup_sparse
from eagerflow._src.ops.initializers import Zeros
from eagerflow._src.ops.linalg import matmul
from eagerflow._src.ops.math_base import add_n
from eagerflow._src.ops.nn import bias_add
from eagerflow._src.ops.sparse_functions import reshape_sparse
from eagerflow._src.train.reader import load_checkpoint


class _SharedEmbeddingColumn(_DenseView, DenseColumn, SequenceDenseColumn,
                             collections.namedtuple("_SharedEmbeddingColumn", (
                                 "categorical_column", "dimension", "combiner", "initializer",
                                 "shared_embedding_collection_name", "ckpt_to_load_from",
                                 "tensor_name_in_ckpt", "max_norm", "trainable",
                                 "use_safe_embedding_lookup"))):
    """TF 1's shared embedding column: the columns of one collection name read one
    variable, the graph collection of that name's (made by the first lookup, under the
    input_layer's or linear_model's scope named by the collection, and added to it)."""

    _v1 = True
    _function = "embedding_column"

    @property
    def name(self) -> str:
        return f"{self.categorical_column.name}_shared_embedding"

    @property
    def _var_scope_name(self) -> str:
        return self.shared_embedding_collection_name

    @property
    def parse_example_spec(self) -> dict:
        return self.categorical_column.parse_example_spec

    _parse_example_spec = parse_example_spec

    def transform_feature(self, transformation_cache: Any, state_manager: Any) -> Any:
        return transformation_cache.get(self.categorical_column, state_manager)

    @property
    def variable_shape(self) -> TensorShape:
        return TensorShape([self.dimension])

    _variable_shape = variable_shape  # (TF 1's name)

    def create_state(self, state_manager: Any) -> None:
        """Nothing: the variable is the collection's, found or made at the lookup."""

    def _weights(self, state_manager: Any) -> Any:
        name = self.shared_embedding_collection_name
        shape = (self.categorical_column.num_buckets, self.dimension)
        found = _state.graph.get_collection(name)
        if found:
            if len(found) > 1:
                raise ValueError(
                    f"Collection {found} can only contain one variable. Suggested fix A: "
                    "Choose a unique name for this collection. Suggested fix B: Do not add "
                    "any variables to this collection. The feature_column library already "
                    "adds a variable under the hood.")
            var = found[0]
            if var.get_shape() != TensorShape(shape):
                raise ValueError(
                    f"Shared embedding collection {name} contains variable {var.name} of "
                    f"unexpected shape {var.get_shape()}. Expected shape is {shape}. "
                    "Suggested fix A: Choose a unique name for this collection. Suggested "
                    "fix B: Do not add any variables to this collection. The feature_column "
                    "library already adds a variable under the hood.")
            return var
        initializer = self.initializer
        if self.ckpt_to_load_from is not None:  # TF's init_from_checkpoint: its initial value
            initializer = _checkpoint_value(self.ckpt_to_load_from, self.tensor_name_in_ckpt,
                                            shape)
        var = state_manager.create_variable(self, "embedding_weights", shape, dt.float32,
                                            trainable=self.trainable, initializer=initializer)
        _state.graph.add_to_collection(name, var)
        return var

    def _dense(self, transformation_cache: Any, state_manager: Any) -> Any:
        pair = self.categorical_column.get_sparse_tensors(transformation_cache, state_manager)
        return _lookup(self.use_safe_embedding_lookup, self._weights(state_manager), pair,
                       self.combiner, self.max_norm)


def _checkpoint_value(ckpt: str, tensor_name: str, shape: tuple) -> Any:
    reader = load_checkpoint(ckpt)
    shapes = reader.get_variable_to_shape_map()
    if tensor_name not in shapes:
        raise ValueError(f"Tensor {tensor_name} is not found in {ckpt} checkpoint {shapes}")
    if list(shapes[tensor_name]) != list(shape):
        raise ValueError(f"Shape of variable embedding_weights ({TensorShape(shape)}) doesn't "
                         f"match with shape of tensor {tensor_name} "
                         f"({shapes[tensor_name]}) from checkpoint reader.")
    value = np.asarray(reader.get_tensor(tensor_name), np.float32)
    return lambda shape, dtype=None: value


def shared_embedding_columns(categorical_columns: Any, dimension: int, combiner: str = "mean",
                             initializer: Any = None,
                             shared_embedding_collection_name: Any = None,
                             ckpt_to_load_from: Any = None, tensor_name_in_ckpt: Any = None,
                             max_norm: Any = None, trainable: bool = True,
                             use_safe_embedding_lookup: bool = True) -> list:
    """`tf.compat.v1.feature_column.shared_embedding_columns`: TF 1's shared columns, for
    input_layer and linear_model in graphs (eagerly TF's RuntimeError)."""
    initializer, _, name = _shared_checks(
        categorical_columns, dimension, ckpt_to_load_from, tensor_name_in_ckpt, initializer,
        shared_embedding_collection_name)
    return [_SharedEmbeddingColumn(c, dimension, combiner, initializer, name,
                                   ckpt_to_load_from, tensor_name_in_ckpt, max_norm,
                                   trainable, use_safe_embedding_lookup)
            for c in categorical_columns]


# graph (None eagerly) -> how many times each variable scope name was opened
_SCOPE_COUNTS: dict = collections.defaultdict(collections.Counter)


def _unique_scope(prefix: str) -> str:
    counts = _SCOPE_COUNTS[id(_state.graph)]
    name, i = prefix, 1
    while counts[name] > 0:
        name, i = f"{prefix}_{i}", i + 1
    counts[name] += 1
    return name


class _ScopedState:
    """The state manager of one input_layer / linear_model call: variables named
    "<scope>/<column scope>/<name>", tables kept per column."""

    def __init__(self, trainable: bool) -> None:
        self._trainable = trainable
        self.prefix = ""
        self._vars: dict = collections.defaultdict(dict)
        self._resources: dict = collections.defaultdict(dict)

    def create_variable(self, feature_column: Any, name: str, shape: Any, dtype: Any = None,
                        trainable: bool = True, use_resource: bool = True,
                        initializer: Any = None) -> Any:
        var = make_variable(f"{self.prefix}/{name}", shape, dtype, initializer,
                            self._trainable and trainable)
        self._vars[feature_column][name] = var
        return var

    def get_variable(self, feature_column: Any, name: str) -> Any:
        return self._vars[feature_column][name]

    def add_resource(self, feature_column: Any, name: str, resource: Any) -> None:
        self._resources[feature_column][name] = resource

    def has_resource(self, feature_column: Any, name: str) -> bool:
        return name in self._resources[feature_column]

    def get_resource(self, feature_column: Any, name: str) -> Any:
        return self._resources[feature_column][name]


def _v1_dense_checks(column: Any) -> None:
    if isinstance(column, SharedEmbeddingColumn):
        raise ValueError("SharedEmbeddingColumns are not supported in `linear_model` or "
                         "`input_layer`. Please use `DenseFeatures` or `LinearModel` instead.")
    if isinstance(column, (EmbeddingColumn, IndicatorColumn)) and \
            isinstance(column.categorical_column, SequenceCategoricalColumn):
        kind = "embedding_column" if isinstance(column, EmbeddingColumn) else "indicator_column"
        cat = column.categorical_column
        raise ValueError(
            f"In {kind}: {column.name}. categorical_column must not be of type "
            "_SequenceCategoricalColumn. Suggested fix A: If you wish to use DenseFeatures, "
            "use a non-sequence categorical_column_with_*. Suggested fix B: If you wish to "
            "create sequence input, use SequenceFeatures instead of DenseFeatures. Given "
            f"(type {type(cat)}): {cat}")


def _verify_static_batch_size_equality(tensors: list, columns: list) -> None:
    expected, first = None, 0
    for i, t in enumerate(tensors):
        size = Dimension(dimension_value(t.shape[0]))
        if size.value is None:
            continue
        if expected is None:
            expected, first = size, i
        elif not expected.is_compatible_with(size):
            raise ValueError(
                "Batch size (first dimension) of each feature must be same. Batch size of "
                f"columns ({columns[first].name}, {columns[i].name}): ({expected}, {size})")


def input_layer(features: dict, feature_columns: Any, weight_collections: Any = None,
                trainable: bool = True, cols_to_vars: Any = None,
                cols_to_output_tensors: Any = None) -> Any:
    """`tf.compat.v1.feature_column.input_layer`: the dense columns' tensors, each
    reshaped to [batch, elements], concatenated in the columns' name order."""
    feature_columns = normalize_feature_columns(feature_columns, v1=True)
    for column in feature_columns:
        if not (isinstance(column, DenseColumn) and getattr(column, "_v1", False)):
            raise ValueError("Items of feature_columns must be a _DenseColumn. You can wrap a "
                             "categorical column with an embedding_column or indicator_column."
                             f" Given: {column}")
    scope = _unique_scope("input_layer")
    state = _ScopedState(trainable)
    cache = FeatureTransformationCache(features)
    outputs, ordered = [], []
    for column in sorted(feature_columns, key=lambda x: x.name):
        ordered.append(column)
        state.prefix = _unique_scope(f"{scope}/{column._var_scope_name}")
        _v1_dense_checks(column)
        column.create_state(state)
        tensor = column.get_dense_tensor(cache, state)
        out = reshape(tensor, (shape(tensor)[0], column.variable_shape.num_elements()))
        outputs.append(out)
        if cols_to_vars is not None:
            cols_to_vars[column] = [] if executing_eagerly() else \
                list(state._vars[column].values())
        if cols_to_output_tensors is not None:
            cols_to_output_tensors[column] = out
    _verify_static_batch_size_equality(outputs, ordered)
    return concat(outputs, 1)


def linear_model(features: dict, feature_columns: Any, units: int = 1,
                 sparse_combiner: str = "sum", weight_collections: Any = None,
                 trainable: bool = True, cols_to_vars: Any = None) -> Any:
    """`tf.compat.v1.feature_column.linear_model`: a weighted sum of the columns (a
    categorical column's weights looked up by id and combined by `sparse_combiner`),
    plus a bias; weights start at zero."""
    scope = _unique_scope("linear_model")
    feature_columns = normalize_feature_columns(feature_columns, v1=True)
    prefixes = {c: _unique_scope(f"{scope}/{c._var_scope_name}")
                for c in sorted(feature_columns, key=lambda x: x.name)}
    for column in feature_columns:
        if not (isinstance(column, (DenseColumn, CategoricalColumn)) and
                getattr(column, "_v1", False)):
            raise ValueError("Items of feature_columns must be either a _DenseColumn or "
                             f"_CategoricalColumn. Given: {column}")
    state = _ScopedState(trainable)
    cache = FeatureTransformationCache(features)
    sums, ordered, found = [], [], {}
    zeros = Zeros()
    for column, prefix in prefixes.items():
        ordered.append(column)
        state.prefix = prefix
        if isinstance(column, SharedEmbeddingColumn):
            _v1_dense_checks(column)
        if isinstance(column, CategoricalColumn):
            w = make_variable(f"{prefix}/weights", (column.num_buckets, units), dt.float32,
                              zeros, trainable)
            pair = column.get_sparse_tensors(cache, state)
            ids = reshape_sparse(pair.id_tensor, [dynamic_shape(pair.id_tensor)[0], -1])
            weights = pair.weight_tensor
            if weights is not None:
                weights = reshape_sparse(weights, [dynamic_shape(weights)[0], -1])
            sums.append(safe_embedding_lookup_sparse(w, ids, sparse_weights=weights,
                                                     combiner=sparse_combiner))
        else:
            n = column.variable_shape.num_elements()
            w = make_variable(f"{prefix}/weights", (n, units), dt.float32, zeros, trainable)
            _v1_dense_checks(column)
            column.create_state(state)
            tensor = column.get_dense_tensor(cache, state)
            sums.append(matmul(reshape(tensor, (shape(tensor)[0], n)), w))
        found[column] = [] if executing_eagerly() else [w, *state._vars[column].values()]
    _verify_static_batch_size_equality(sums, ordered)
    bias = make_variable(f"{scope}/bias_weights", (units,), dt.float32, zeros, trainable)
    predictions = bias_add(add_n(sums), bias)
    if cols_to_vars is not None:
        found["bias"] = [bias]
        cols_to_vars.update(found)
    return predictions
