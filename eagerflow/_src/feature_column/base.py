"""tf.feature_column's machinery: the column base classes, the state manager, the
transformation cache, and the checks and helpers every column shares.

Sits at the bottom of feature_column/ (the package sits above data/ in the pipeline: it
composes registered ops, lookup tables and parse specs; nothing below imports it). The
classes are TF 2.21's `tf.__internal__.feature_column` ones: FeatureColumn, DenseColumn,
CategoricalColumn, SequenceDenseColumn, StateManager (TF's `_StateManagerImpl`, which
makes a column's variables with its layer's `add_weight`) and FeatureTransformationCache
(each column transformed once per set of features). Messages are TF's.
"""

from __future__ import annotations

import abc
import collections
from collections.abc import Iterator
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.sparse_tensor import SparseTensor, SparseTensorValue
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.core.trackable import Trackable
from eagerflow._src.ops.array import concat, expand_dims, shape, zeros
from eagerflow._src.ops.math import ceil, not_equal, truediv
from eagerflow._src.ops.math_base import cast, where
from eagerflow._src.ops.nd_indexing import gather_nd
from eagerflow._src.ops.segment_ops import segment_max
from eagerflow._src.ops.sparse_functions import reshape_sparse
from eagerflow._src.ops.variables import Variable


class FeatureColumn(metaclass=abc.ABCMeta):
    """`tf.__internal__.feature_column.FeatureColumn`: a column's configuration (its state,
    variables and tables, is kept by a StateManager)."""

    @property
    @abc.abstractmethod
    def name(self) -> str:
        """The column's name, used for variable scopes and sorting."""

    def __lt__(self, other: Any) -> bool:
        return str(self) < str(other)

    def __gt__(self, other: Any) -> bool:
        return str(self) > str(other)

    @abc.abstractmethod
    def transform_feature(self, transformation_cache: Any, state_manager: Any) -> Any:
        """The column's intermediate tensor for these features."""

    @property
    @abc.abstractmethod
    def parse_example_spec(self) -> dict:
        """Feature key -> FixedLenFeature / VarLenFeature."""

    def create_state(self, state_manager: Any) -> None:  # noqa: B027 - TF's default
        """Creates the column's variables and resources (most columns have none)."""

    @property
    @abc.abstractmethod
    def _is_v2_column(self) -> bool:
        """Whether the column is one of the v2 API's."""

    @property
    @abc.abstractmethod
    def parents(self) -> list:
        """The columns or feature keys this one is built on."""

    def get_config(self) -> dict:
        return self._get_config()

    def _get_config(self) -> dict:
        raise NotImplementedError("Must be implemented in subclasses.")

    @classmethod
    def from_config(cls, config: dict, custom_objects: Any = None,
                    columns_by_name: Any = None) -> Any:
        return cls._from_config(config, custom_objects, columns_by_name)

    @classmethod
    def _from_config(cls, config: dict, custom_objects: Any = None,
                     columns_by_name: Any = None) -> Any:
        raise NotImplementedError("Must be implemented in subclasses.")

    # The v1 (underscored) names TF's columns keep beside the v2 ones.
    @property
    def _parse_example_spec(self) -> dict:
        return self.parse_example_spec

    @property
    def _var_scope_name(self) -> str:
        return self.name


class DenseColumn(FeatureColumn):
    """`tf.__internal__.feature_column.DenseColumn`: a column a model reads as one dense
    tensor per example (numeric, embedding, indicator, bucketized)."""

    @property
    @abc.abstractmethod
    def variable_shape(self) -> TensorShape:
        """The shape of one example's dense tensor."""

    @abc.abstractmethod
    def get_dense_tensor(self, transformation_cache: Any, state_manager: Any) -> Tensor:
        """The [batch, ...] dense tensor of the column."""

    @property
    def _variable_shape(self) -> TensorShape:
        return self.variable_shape


IdWeightPair = collections.namedtuple("IdWeightPair", ("id_tensor", "weight_tensor"))
TensorSequenceLengthPair = collections.namedtuple("TensorSequenceLengthPair",
                                                  ("dense_tensor", "sequence_length"))


class CategoricalColumn(FeatureColumn):
    """A column of ids (and optional weights) as SparseTensors."""

    IdWeightPair = IdWeightPair

    @property
    @abc.abstractmethod
    def num_buckets(self) -> int:
        """How many ids the column has (the rows of its embedding)."""

    @abc.abstractmethod
    def get_sparse_tensors(self, transformation_cache: Any, state_manager: Any) -> IdWeightPair:
        """The column's ids and weights, as an IdWeightPair of SparseTensors."""

    @property
    def _num_buckets(self) -> int:
        return self.num_buckets


class SequenceDenseColumn(FeatureColumn):
    """`tf.__internal__.feature_column.SequenceDenseColumn`: a column read as a
    [batch, time, ...] tensor and each example's length."""

    TensorSequenceLengthPair = TensorSequenceLengthPair

    @abc.abstractmethod
    def get_sequence_dense_tensor(self, transformation_cache: Any,
                                  state_manager: Any) -> TensorSequenceLengthPair:
        """The padded dense tensor and the sequence lengths."""


class KeyedColumn:
    """What a column of one feature key shares (TF's): a v2 column named by its key, the
    key its parent. Placed before the column's base class."""

    @property
    def _is_v2_column(self) -> bool:
        return True

    @property
    def name(self) -> str:
        return self.key

    @property
    def parents(self) -> list:
        return [self.key]


class OverColumn:
    """What a column built over one other column (its `_over` field) takes from it, as
    TF's: it is a v2 column when that one is, its parent, its parse spec. Placed before
    the column's base class, so that it overrides FeatureColumn's abstract members."""

    _over = "categorical_column"

    @property
    def _is_v2_column(self) -> bool:
        column = getattr(self, self._over)
        return isinstance(column, FeatureColumn) and column._is_v2_column

    @property
    def parents(self) -> list:
        return [getattr(self, self._over)]

    @property
    def parse_example_spec(self) -> dict:
        return getattr(self, self._over).parse_example_spec


class _Mapping(Trackable):
    """TF's `data_structures.Mapping`: the layer's `_resources`, its entries tracked."""

    def __init__(self) -> None:
        self._m: dict = {}

    def __contains__(self, key: Any) -> bool:
        return key in self._m

    def __getitem__(self, key: Any) -> Any:
        return self._m[key]

    def __setitem__(self, key: Any, value: Any) -> None:
        self._m[key] = value
        self._track(key, value)

    def __repr__(self) -> str:
        return f"Mapping({self._m!r})"


class StateManager:
    """`tf.__internal__.feature_column.StateManager(layer, trainable)`: keeps the columns'
    variables and resources. Variables come from `layer.add_weight(name, shape, dtype,
    initializer, trainable, use_resource, getter)` (TF's Keras 2 signature: a Keras 3
    layer refuses `use_resource`, as in TF 2.21) and are tracked on the layer as
    "<column name>/<variable name>"; tables as `layer._resources[column][name]`."""

    def __init__(self, layer: Any, trainable: bool) -> None:
        self._trainable = trainable
        self._layer = layer
        if layer is not None and not hasattr(layer, "_resources"):
            layer._resources = _Mapping()
        self._cols_to_vars_map: dict = collections.defaultdict(dict)
        self._cols_to_resources_map: dict = collections.defaultdict(dict)

    def create_variable(self, feature_column: Any, name: str, shape: Any, dtype: Any = None,
                        trainable: bool = True, use_resource: bool = True,
                        initializer: Any = None) -> Any:
        if name in self._cols_to_vars_map[feature_column]:
            raise ValueError("Variable already exists.")
        if self._layer is None:  # (TF's no-tracking scope reads the layer first)
            raise AttributeError("'NoneType' object has no attribute '_manual_tracking'")
        var = self._layer.add_weight(
            name=name, shape=shape, dtype=dtype, initializer=initializer,
            trainable=self._trainable and trainable, use_resource=use_resource,
            getter=_get_variable)
        track = getattr(self._layer, "_track_trackable", None)
        if track is not None:
            track(var, feature_column.name + "/" + name)
        elif hasattr(self._layer, "_track"):
            self._layer._track(feature_column.name + "/" + name, var)
        self._cols_to_vars_map[feature_column][name] = var
        return var

    def add_variable(self, feature_column: Any, var: Any) -> None:
        raise NotImplementedError("StateManager.add_variable")

    def get_variable(self, feature_column: Any, name: str) -> Any:
        if name in self._cols_to_vars_map[feature_column]:
            return self._cols_to_vars_map[feature_column][name]
        raise ValueError("Variable does not exist.")

    def add_resource(self, feature_column: Any, resource_name: str, resource: Any) -> None:
        self._cols_to_resources_map[feature_column][resource_name] = resource
        if self._layer is not None and hasattr(resource, "_trackable_children"):
            resources = self._layer._resources
            if feature_column.name not in resources:
                resources[feature_column.name] = _Mapping()
            if resource_name not in resources[feature_column.name]:
                resources[feature_column.name][resource_name] = resource

    def has_resource(self, feature_column: Any, resource_name: str) -> bool:
        return resource_name in self._cols_to_resources_map[feature_column]

    def get_resource(self, feature_column: Any, resource_name: str) -> Any:
        if (feature_column not in self._cols_to_resources_map or
                resource_name not in self._cols_to_resources_map[feature_column]):
            raise ValueError("Resource does not exist.")
        return self._cols_to_resources_map[feature_column][resource_name]


def make_variable(name: str, shape: Any, dtype: Any, initializer: Any,
                  trainable: bool) -> Variable:
    """A variable named `name` whatever the name scope (as get_variable names them), its
    value `initializer(shape, dtype)`."""
    d = dt.float32 if dtype is None else dt.as_dtype(dtype)
    value = initializer(list(shape), dtype=d) if initializer is not None else \
        zeros(list(shape), d)
    with name_scope(""):
        return Variable(value, name=name, trainable=trainable, dtype=d)


def _get_variable(name: str, shape: Any = None, dtype: Any = None, initializer: Any = None,
                  trainable: bool = True, **_: Any) -> Variable:
    """The `getter` handed to `add_weight` (TF hands its variable_scope.get_variable)."""
    return make_variable(name, shape, dtype, initializer, trainable)


class FeatureTransformationCache:
    """`tf.__internal__.feature_column.FeatureTransformationCache(features)`: each raw
    feature converted (rank 1 made [batch, 1]) and each column transformed once."""

    def __init__(self, features: dict) -> None:
        self._features = features.copy()
        self._feature_tensors: dict = {}

    def get(self, key: Any, state_manager: Any, training: Any = None) -> Any:
        if key in self._feature_tensors:
            return self._feature_tensors[key]
        if key in self._features:
            tensor = self._get_raw_feature_as_tensor(key)
            self._feature_tensors[key] = tensor
            return tensor
        if isinstance(key, str):
            raise ValueError(f"Feature {key} is not in features dictionary.")
        if not isinstance(key, FeatureColumn):
            raise TypeError('"key" must be either a "str" or "FeatureColumn". '
                            f"Provided: {key}")
        try:
            transformed = key.transform_feature(self, state_manager, training=training)
        except TypeError:  # (columns whose transform_feature takes no `training`)
            transformed = key.transform_feature(self, state_manager)
        if transformed is None:
            raise ValueError(f"Column {key.name} is not supported.")
        self._feature_tensors[key] = transformed
        return transformed

    def _get_raw_feature_as_tensor(self, key: str) -> Any:
        tensor = convert_to_tensor_or_sparse_tensor(self._features[key])
        rank = None if tensor.shape.ndims is None else tensor.shape.ndims
        if rank == 0:
            raise ValueError(f"Feature (key: {key}) cannot have rank 0. Given: {tensor}")
        if rank != 1:
            return tensor
        if isinstance(tensor, SparseTensor):
            return reshape_sparse(tensor, [dynamic_shape(tensor)[0], 1])
        return expand_dims(tensor, -1)


def dynamic_shape(x: Any) -> Tensor:
    """`tf.shape` of a tensor or a SparseTensor (its dense_shape), as int32."""
    if isinstance(x, SparseTensor):
        return cast(x.dense_shape, dt.int32)
    return shape(x)


def convert_to_tensor_or_sparse_tensor(value: Any) -> Any:
    """A SparseTensor as it is (a SparseTensorValue made one), anything else through
    convert_to_tensor (TF's helper)."""
    if isinstance(value, SparseTensor):
        return value
    if isinstance(value, SparseTensorValue):
        return SparseTensor.from_value(value)
    return convert_to_tensor(value)


def to_sparse_input_and_drop_ignore_values(input_tensor: Any, ignore_value: Any = None) -> Any:
    """A dense feature as a SparseTensor of its entries other than `ignore_value` ("" for
    strings, -1 for integers, 0 for floats); a SparseTensor as it is."""
    input_tensor = convert_to_tensor_or_sparse_tensor(input_tensor)
    if isinstance(input_tensor, SparseTensor):
        return input_tensor
    d = input_tensor.dtype
    if ignore_value is None:
        ignore_value = "" if d == dt.string else (-1 if d.is_integer else 0)
    ignore = cast(ignore_value, d) if d != dt.string else convert_to_tensor(ignore_value)
    indices = where(not_equal(input_tensor, ignore))
    return SparseTensor(indices=indices, values=gather_nd(input_tensor, indices),
                        dense_shape=shape(input_tensor, out_type=dt.int64))


def normalize_feature_columns(feature_columns: Any, v1: bool = False) -> list:
    """The columns as a list sorted by name, checked as TF checks them (`v1`: as TF 1's
    input_layer and linear_model do, which accept only TF 1's column types)."""
    kind, word = (_V1Column, "_FeatureColumn") if v1 else (FeatureColumn, "FeatureColumn")
    if isinstance(feature_columns, kind):
        feature_columns = [feature_columns]
    if isinstance(feature_columns, Iterator):
        feature_columns = list(feature_columns)
    if isinstance(feature_columns, dict):
        raise ValueError("Expected feature_columns to be iterable, found dict.")
    for column in feature_columns:
        if not isinstance(column, kind):
            raise ValueError(f"Items of feature_columns must be a {word}. Given (type "
                             f"{type(column)}): {column}.")
    if not feature_columns:
        raise ValueError("feature_columns must not be empty.")
    by_name: dict = {}
    for column in feature_columns:
        if column.name in by_name:
            raise ValueError(
                f"Duplicate feature column name found for columns: {column} and "
                f"{by_name[column.name]}. This usually means that these columns refer to "
                "same base feature. Either one must be discarded or a duplicated but "
                "renamed item must be inserted in features dict.")
        by_name[column.name] = column
    return sorted(feature_columns, key=lambda x: x.name)


def check_shape(shape: Any, key: Any) -> tuple:
    """A column's shape as a tuple of positive ints (TF's `_check_shape`)."""
    assert shape is not None
    if not isinstance(shape, (list, tuple)):
        shape = [shape]
    shape = tuple(shape)
    for dimension in shape:
        if not isinstance(dimension, int):
            raise TypeError(f"shape dimensions must be integer. shape: {shape}, key: {key}")
        if dimension < 1:
            raise ValueError(f"shape dimensions must be greater than 0. shape: {shape}, "
                             f"key: {key}")
    return shape


def assert_string_or_int(dtype: Any, prefix: str) -> None:
    if dtype != dt.string and not dtype.is_integer:
        raise ValueError(f"{prefix} dtype must be string or integer. dtype: {dtype}.")


def assert_key_is_string(key: Any) -> None:
    if not isinstance(key, str):
        raise ValueError(f"key must be a string. Got: type {type(key)}. Given key: {key}.")


def _flat(v: Any) -> list:
    return [x for item in v for x in _flat(item)] if isinstance(v, (list, tuple)) else [v]


def _fits(value: Any, shape: tuple) -> bool:
    if isinstance(value, (list, tuple)) != bool(shape):
        return False
    if not shape:
        return True
    return len(value) == shape[0] and all(_fits(v, shape[1:]) for v in value)


def _filled(shape: tuple, value: Any) -> Any:
    return tuple(_filled(shape[1:], value) for _ in range(shape[0])) if shape else value


def _as_tuple(value: Any) -> Any:
    return tuple(_as_tuple(v) for v in value) if isinstance(value, (list, tuple)) else value


def check_default_value(shape: tuple, default_value: Any, dtype: Any, key: Any) -> Any:
    """A numeric column's default as nested tuples of the column's shape (TF's rules: ints
    for any dtype, floats for float dtypes only)."""
    if default_value is None:
        return None
    if isinstance(default_value, int):
        return _filled(shape, default_value)
    if isinstance(default_value, float) and dtype.is_floating:
        return _filled(shape, default_value)
    if callable(getattr(default_value, "tolist", None)):
        default_value = default_value.tolist()
    if isinstance(default_value, (list, tuple)):
        if not _fits(default_value, shape):
            raise ValueError(f"The shape of default_value must be equal to given shape. "
                             f"default_value: {default_value}, shape: {shape}, key: {key}")
        flat = _flat(default_value)
        if all(isinstance(v, int) for v in flat):
            return _as_tuple(default_value)
        if any(isinstance(v, float) for v in flat) and dtype.is_floating:
            return _as_tuple(default_value)
    raise TypeError(f"default_value must be compatible with dtype. default_value: "
                    f"{default_value}, dtype: {dtype}, key: {key}")


def sequence_length_from_sparse_tensor(sp_tensor: SparseTensor, num_elements: int = 1) -> Any:
    """Each example's length: one past its last index on axis 1, in units of
    `num_elements` values, 0 for the empty examples at the end (TF's helper)."""
    row_ids = sp_tensor.indices[:, 0]
    column_ids = sp_tensor.indices[:, 1] + 1
    seq_length = segment_max(column_ids, segment_ids=row_ids)
    seq_length = cast(ceil(truediv(seq_length, num_elements)), dt.int64)
    n_pad = dynamic_shape(sp_tensor)[:1] - shape(seq_length)[:1]
    padding = zeros(n_pad, dtype=seq_length.dtype)
    return concat([seq_length, padding], axis=0)


def make_parse_example_spec(feature_columns: Any) -> dict:
    """`tf.feature_column.make_parse_example_spec`: the columns' parse specs, merged."""
    return _merged_specs(feature_columns, FeatureColumn, "FeatureColumn",
                         lambda c: c.parse_example_spec)


def _merged_specs(feature_columns: Any, kind: Any, word: str, spec_of: Any) -> dict:
    result: dict = {}
    for column in feature_columns:
        if not isinstance(column, kind):
            raise ValueError(f"All feature_columns must be {word} instances. Given: {column}")
        config = spec_of(column)
        for key, value in config.items():
            if key in result and value != result[key]:
                raise ValueError(f"feature_columns contain different parse_spec for key {key}. "
                                 f"Given {value} and {result[key]}")
        result.update(config)
    return result


class _V1Column(metaclass=abc.ABCMeta):  # noqa: B024 - a marker, checked by isinstance
    """TF 1's `_FeatureColumn`: the v2 columns TF also derives from it (all but the
    sequence numeric column) register here."""

    @classmethod
    def __subclasshook__(cls, c: type) -> bool:
        return bool(getattr(c, "_v1", False))


def make_parse_example_spec_v1(feature_columns: Any) -> dict:
    """`tf.compat.v1.feature_column.make_parse_example_spec` (reads `_parse_example_spec`)."""
    return _merged_specs(feature_columns, _V1Column, "_FeatureColumn",
                         lambda c: c._parse_example_spec)
