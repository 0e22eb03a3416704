"""TF 1's partitioned variables: `get_variable(..., partitioner=)` and the partitioners
(`fixed_size_partitioner`, `variable_axis_size_partitioner`,
`min_max_variable_partitioner`).

Sits in v1/ under variable_scope.py. A partitioned variable is TF's `PartitionedVariable`:
variables `name/part_0`, `name/part_1`, ... sliced along one axis (the first parts one
row longer where the size does not divide), each made by get_variable's one-variable path
with its slice's shape and a `PartitionInfo` (so a variance-scaling initializer scales by
the whole shape), each knowing its place in the whole (`SaveSliceInfo`: what the Saver
writes it as, a slice of the checkpoint key `name`). Used as a tensor it is the parts
concatenated (`name/ConcatPartitions/concat`, an Identity named `name`), so ops, gradients
and the optimizers (which update each part) just work.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.distribute.sharded_variable import (
    div_offsets,
    element_bytes,
    shards_of_max_size,
    shards_of_min_size,
)
from eagerflow._src.ops.array import concat
from eagerflow._src.ops.math_base import identity
from eagerflow._src.train.sharding import slice_spec


class PartitionInfo:
    """Where a partition sits in the whole variable (what TF 1 initializers receive)."""

    def __init__(self, full_shape: list, var_offset: list) -> None:
        self.full_shape = list(full_shape)
        self.var_offset = list(var_offset)

    def single_offset(self, shape: list) -> int:
        dim = self.single_slice_dim(shape)
        return 0 if dim is None else self.var_offset[dim]

    def single_slice_dim(self, shape: list) -> int | None:
        for i, (a, b) in enumerate(zip(shape, self.full_shape)):
            if a != b:
                return i
        return None


class SaveSliceInfo:
    """A partition's slice of the checkpoint tensor `full_name` (TF's
    `Variable.SaveSliceInfo`)."""

    def __init__(self, full_name: str, full_shape: list, var_offset: list,
                 var_shape: list) -> None:
        self.full_name = full_name
        self.full_shape = list(full_shape)
        self.var_offset = list(var_offset)
        self.var_shape = list(var_shape)

    @property
    def spec(self) -> str:
        """TF's slice spec: the full shape, then "offset,size" per dimension."""
        return slice_spec(self.full_shape, self.var_offset, self.var_shape)

    def to_proto(self, export_scope: Any = None) -> Any:
        from tensorboard.compat.proto import variable_pb2  # files only (the saved_model extra)
        p = variable_pb2.SaveSliceInfoDef(full_name=self.full_name)
        p.full_shape.extend(self.full_shape)
        p.var_offset.extend(self.var_offset)
        p.var_shape.extend(self.var_shape)
        return p


class PartitionedVariable:
    """`name`'s parts, used as one tensor (their concatenation)."""

    def __init__(self, name: str, shape: Any, dtype: Any, variable_list: list,
                 partitions: list) -> None:
        if not isinstance(variable_list, (list, tuple)):
            raise TypeError(f"variable_list is not a list or tuple: {variable_list}")
        if not isinstance(partitions, (list, tuple)):
            raise TypeError(f"partitions is not a list or tuple: {partitions}")
        if not all(p >= 1 for p in partitions):
            raise ValueError(f"partition values must be positive: {partitions}")
        if not variable_list:
            raise ValueError("variable_list may not be empty")
        self._name = name
        self._shape = TensorShape(shape)
        self._dtype = dt.as_dtype(dtype)
        self._variable_list = sorted(variable_list,
                                     key=lambda v: v._save_slice_info.var_offset)
        self._partitions = list(partitions)

    def __iter__(self) -> Any:
        return iter(self._variable_list)

    def __len__(self) -> int:
        num_partition_axes = len([p for p in self._partitions if p > 1])
        if num_partition_axes > 1:
            raise ValueError("Cannot get a length of a multi-axis partitioned variable")
        return len(self._variable_list)

    @property
    def name(self) -> str:
        return self._name

    @property
    def dtype(self) -> dt.DType:
        return self._dtype

    @property
    def shape(self) -> TensorShape:
        return self._shape

    def get_shape(self) -> TensorShape:
        return self._shape

    def _get_variable_list(self) -> list:
        return self._variable_list

    def _get_partitions(self) -> list:
        return self._partitions

    def _partition_axes(self) -> list:
        axes = [i for i, p in enumerate(self._partitions) if p > 1]
        return axes or [0]

    def _concat(self) -> Any:
        if len(self._variable_list) == 1:
            with name_scope(""):
                return identity(self._variable_list[0], name=self._name)
        axes = self._partition_axes()
        if len(axes) > 1:
            raise NotImplementedError(f"Cannot concatenate along more than one dimension: "
                                      f"{axes}.  Multi-axis partition concat is not supported")
        with name_scope(self._name + "/ConcatPartitions/"):
            joined = concat(list(self._variable_list), axes[0])
        with name_scope(""):
            return identity(joined, name=self._name)

    def as_tensor(self) -> Any:
        g = _state.graph
        if g is not None:
            g.push_control_dependencies(None)
        try:
            return self._concat()
        finally:
            if g is not None:
                g.pop_control_dependencies()

    def _as_tensor(self, dtype: Any = None) -> Any:
        if dtype is not None and dt.as_dtype(dtype) is not self._dtype:
            raise ValueError(f"Incompatible type conversion requested to type "
                             f"{dt.as_dtype(dtype).name} for variable of type "
                             f"{self._dtype.name}")
        return self.as_tensor()

    def __tf_tensor__(self, dtype: Any = None, name: str | None = None) -> Any:
        return self._as_tensor(dtype)

    def assign(self, value: Any, use_locking: Any = None, name: str | None = None,
               read_value: bool = True) -> Any:
        raise NotImplementedError("assign of a partitioned variable: assign its parts")

    def __repr__(self) -> str:
        return f"<tensorflow.python.ops.variables.PartitionedVariable object at {id(self):#x}>"


# -- the partitioners ---------------------------------------------------------------------------

def fixed_size_partitioner(num_shards: int, axis: int = 0) -> Any:
    """`num_shards` parts along `axis` (fewer when the axis is shorter)."""
    def _partitioner(shape: Any, **unused_args: Any) -> list:
        dims = TensorShape(shape).as_list()
        partitions = [1] * len(dims)
        partitions[axis] = min(num_shards, dims[axis])
        return partitions
    return _partitioner


def variable_axis_size_partitioner(max_shard_bytes: int, axis: int = 0,
                                   bytes_per_string_element: int = 16,
                                   max_shards: int | None = None) -> Any:
    """Parts along `axis` of at most `max_shard_bytes` each."""
    if max_shard_bytes < 1 or bytes_per_string_element < 1:
        raise ValueError("Both max_shard_bytes and bytes_per_string_element must be positive. "
                         f"Currently, max_shard_bytes is {max_shard_bytes} and"
                         f"bytes_per_string_element is {bytes_per_string_element}")
    if max_shards and max_shards < 1:
        raise ValueError("max_shards must be positive.")

    def _partitioner(shape: Any, dtype: Any) -> list:
        if not isinstance(shape, TensorShape):
            raise ValueError(f"shape is not a TensorShape: {shape}")
        if not shape.is_fully_defined():
            raise ValueError(f"shape is not fully defined: {shape}")
        dims = shape.as_list()
        partitions = [1] * len(dims)
        bytes_per_slice = shape.num_elements() / dims[axis] * element_bytes(
            dtype, bytes_per_string_element)
        partitions[axis] = shards_of_max_size(dims[axis], bytes_per_slice, max_shard_bytes,
                                              max_shards)
        return partitions
    return _partitioner


def min_max_variable_partitioner(max_partitions: int = 1, axis: int = 0,
                                 min_slice_size: int = 256 << 10,
                                 bytes_per_string_element: int = 16) -> Any:
    """Parts along `axis` of at least `min_slice_size` bytes, at most `max_partitions`."""
    def _partitioner(shape: Any, dtype: Any) -> list:
        if axis >= len(shape):
            raise ValueError(f"Cannot partition variable along axis {axis} when shape is "
                             f"only {shape}")
        dims = TensorShape(shape).as_list()
        total = TensorShape(shape).num_elements() * element_bytes(dtype,
                                                                  bytes_per_string_element)
        partitions = [1] * len(dims)
        partitions[axis] = shards_of_min_size(dims[axis], total, min_slice_size,
                                              max_partitions)
        return partitions
    return _partitioner


# -- making one ----------------------------------------------------------------------------------

def call_partitioner(partitioner: Any, shape: TensorShape, dtype: dt.DType) -> list:
    """The partitioner's partitions, checked as TF checks them."""
    if not shape.is_fully_defined():
        raise ValueError(f"Shape of a new partitioned variable must be fully defined, but "
                         f"instead was {shape}.")
    if shape.ndims < 1:
        raise ValueError(f"A partitioned Variable must have rank at least 1, shape: {shape}")
    partitions = partitioner(shape=shape, dtype=dtype)
    if not isinstance(partitions, (list, tuple)):
        raise ValueError(f"Partitioner must return a sequence, but saw: {partitions}")
    if len(partitions) != shape.ndims:
        raise ValueError(f"Partitioner returned a partition list that does not match the "
                         f"Variable's rank: {partitions} vs. {shape}")
    if any(p < 1 for p in partitions):
        raise ValueError(f"Partitioner returned zero partitions for some axes: {partitions}")
    return list(partitions)


def slices(full: list, partitions: list) -> list:
    """(offset, shape) of each part: along the one partitioned axis, the first parts one
    longer where the size does not divide (TF's _iter_slices)."""
    dims = [i for i, p in enumerate(partitions) if p > 1]
    if len(dims) > 1:
        raise ValueError(f"Can only slice a variable along one dimension: shape: "
                         f"{TensorShape(full)}, partitioning: {list(partitions)}")
    dim = dims[0] if dims else 0
    offsets = div_offsets(full[dim], partitions[dim])
    out = []
    for start, end in zip(offsets, offsets[1:]):
        off = [0] * len(full)
        off[dim] = start
        shape = list(full)
        shape[dim] = end - start
        out.append((off, shape))
    return out


__all__ = ["PartitionInfo", "PartitionedVariable", "SaveSliceInfo", "call_partitioner",
           "fixed_size_partitioner", "min_max_variable_partitioner", "slices",
           "variable_axis_size_partitioner"]
