"""ShardedVariable and tf.distribute.experimental.partitioners, as TF 2.21 has them.

Distribute layer, under parameter_server.py (whose strategy makes a ShardedVariable when
its partitioner splits a variable's first axis). A ShardedVariable is a list of ordinary
variables, the rows of one tensor cut in consecutive blocks (TF's "div" sharding: the first
`rows % shards` blocks one row longer). It reads as the concatenation of its shards (so the
tape sees each shard read, and a gradient reaches each shard), writes slice by slice, and
saves under one checkpoint key holding the whole tensor, which restores into any number
of shards (or into a plain variable) as TF's does; the key holds one slice per shard,
each written with its shard's task, as TF writes it.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.core.trackable import Trackable
from eagerflow._src.ops.array import concat
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.slice_op import slice as tf_slice
from eagerflow._src.ops.variables import is_tf_variable
from eagerflow._src.train.sharding import slice_spec

# ---------------------------------------------------------------------------------------
# Partitioners: how many shards a variable of a shape and dtype gets, per axis.
# ---------------------------------------------------------------------------------------

class Partitioner:
    """Base of the partitioners: `partitioner(shape, dtype, axis=0)` -> shards per axis."""

    def __call__(self, shape: TensorShape, dtype: Any, axis: int = 0) -> list:
        raise NotImplementedError


def element_bytes(dtype: Any, bytes_per_string: int) -> int:
    """An element's size in bytes (a string's counted as `bytes_per_string`)."""
    dtype = dt.as_dtype(dtype)
    return bytes_per_string if dtype is dt.string else dtype.size


def shards_of_min_size(dim: int, total_bytes: int, min_shard_bytes: int,
                       max_shards: int) -> int:
    """How many shards of an axis of `dim` keep each at least `min_shard_bytes` of
    `total_bytes`, at most `max_shards` (TF's min-max / min-size partitioners)."""
    return max(1, min(dim, max_shards, int(math.ceil(total_bytes / min_shard_bytes))))


def shards_of_max_size(dim: int, slice_bytes: float, max_shard_bytes: int,
                       max_shards: int | None) -> int:
    """How few shards of an axis of `dim` slices of `slice_bytes` keep each at most
    `max_shard_bytes` (a slice at least), `max_shards` bounding them when given (TF's
    axis-size / max-size partitioners)."""
    per_shard = max(1, math.floor(max_shard_bytes / slice_bytes))
    shards = int(math.ceil(dim / per_shard))
    return min(max_shards, shards) if max_shards else shards


class FixedShardsPartitioner(Partitioner):
    """`num_shards` shards along `axis` (fewer when the axis is shorter)."""

    def __init__(self, num_shards: int) -> None:
        self._num_shards = num_shards

    def __call__(self, shape: TensorShape, dtype: Any, axis: int = 0) -> list:
        shape = TensorShape(shape)
        out = [1] * shape.rank
        out[axis] = min(self._num_shards, shape.as_list()[axis])
        return out


class MinSizePartitioner(Partitioner):
    """As many shards as keep each at least `min_shard_bytes`, at most `max_shards`."""

    def __init__(self, min_shard_bytes: int = 256 << 10, max_shards: int = 1,
                 bytes_per_string: int = 16) -> None:
        if min_shard_bytes < 1:
            raise ValueError(f"Argument `min_shard_bytes` must be positive. Received: "
                             f"{min_shard_bytes}")
        if max_shards < 1:
            raise ValueError(f"Argument `max_shards` must be positive. Received: {max_shards}")
        if bytes_per_string < 1:
            raise ValueError(f"Argument `bytes_per_string` must be positive. Received: "
                             f"{bytes_per_string}")
        self._min_shard_bytes = min_shard_bytes
        self._max_shards = max_shards
        self._bytes_per_string = bytes_per_string

    def __call__(self, shape: TensorShape, dtype: Any, axis: int = 0) -> list:
        shape = TensorShape(shape)
        if axis >= shape.rank:
            raise ValueError(f"Cannot partition variable along axis {axis} when shape is "
                             f"only {shape}")
        total = shape.num_elements() * element_bytes(dtype, self._bytes_per_string)
        out = [1] * shape.rank
        out[axis] = shards_of_min_size(shape.as_list()[axis], total, self._min_shard_bytes,
                                       self._max_shards)
        return out


class MaxSizePartitioner(Partitioner):
    """As few shards as keep each at most `max_shard_bytes` (`max_shards` bounds them)."""

    def __init__(self, max_shard_bytes: int, max_shards: int | None = None,
                 bytes_per_string: int = 16) -> None:
        if max_shard_bytes < 1:
            raise ValueError(f"Argument `max_shard_bytes` must be positive. Received "
                             f"{max_shard_bytes}")
        if max_shards and max_shards < 1:
            raise ValueError(f"Argument `max_shards` must be positive. Received {max_shards}")
        if bytes_per_string < 1:
            raise ValueError(f"Argument `bytes_per_string` must be positive. Received: "
                             f"{bytes_per_string}")
        self._max_shard_bytes = max_shard_bytes
        self._max_shards = max_shards
        self._bytes_per_string = bytes_per_string

    def __call__(self, shape: TensorShape, dtype: Any, axis: int = 0) -> list:
        shape = TensorShape(shape)
        if not shape.is_fully_defined():
            raise ValueError(f"shape is not fully defined: {shape}")
        dims = shape.as_list()
        slice_bytes = shape.num_elements() / dims[axis] * \
            element_bytes(dtype, self._bytes_per_string)
        out = [1] * len(dims)
        out[axis] = shards_of_max_size(dims[axis], slice_bytes, self._max_shard_bytes,
                                       self._max_shards)
        return out


def div_offsets(rows: int, shards: int) -> list:
    """The first row of each of `shards` consecutive blocks of `rows`, and `rows`."""
    base, extra = divmod(rows, shards)
    offsets = [0]
    for i in range(shards):
        offsets.append(offsets[-1] + base + (1 if i < extra else 0))
    return offsets


# ---------------------------------------------------------------------------------------
# ShardedVariable.
# ---------------------------------------------------------------------------------------

class ShardedVariable(Trackable):
    """Variables that are the row blocks of one tensor (TF's
    `tf.__internal__.distribute.ShardedVariable`)."""

    _is_sharded_variable = True

    def __init__(self, variables: list, name: str = "ShardedVariable") -> None:
        if not isinstance(variables, (list, tuple)) or not variables or \
                any(not is_tf_variable(v) for v in variables):
            raise TypeError("Argument `variables` should be a non-empty list of "
                            f"`variables.Variable`s. Received {variables}")
        if len({v.dtype for v in variables}) > 1:
            raise ValueError("All elements in argument `variables` must have the same dtype. "
                             f"Received dtypes: {[v.dtype for v in variables]}")
        if len({tuple(v.shape.as_list()[1:]) for v in variables}) > 1:
            raise ValueError("All elements in argument `variables` must have the same shapes "
                             "except for the first axis. Received shapes: "
                             f"{[v.shape for v in variables]}")
        self._variables = list(variables)
        self._name = name
        self._dtype = variables[0].dtype
        rows = sum(v.shape.as_list()[0] for v in variables)
        self._shape = TensorShape([rows] + variables[0].shape.as_list()[1:])
        self._offsets = [0]
        for v in variables:
            self._offsets.append(self._offsets[-1] + v.shape.as_list()[0])

    # -- what it is ------------------------------------------------------------------------
    @property
    def variables(self) -> list:
        return self._variables

    @property
    def name(self) -> str:
        return self._name

    @property
    def dtype(self) -> dt.DType:
        return self._dtype

    @property
    def shape(self) -> TensorShape:
        return self._shape

    @property
    def is_sharded_variable(self) -> bool:
        return True

    def __iter__(self) -> Any:
        return iter(self._variables)

    def __len__(self) -> int:
        return self._shape.as_list()[0]

    # -- reading -------------------------------------------------------------------------
    def __tf_tensor__(self, dtype: Any = None, name: str | None = None) -> Tensor:
        out = concat([v.value() for v in self._variables], axis=0)
        if dtype is not None and dt.as_dtype(dtype) is not self._dtype:
            raise ValueError(f"Tensor conversion requested dtype {dt.as_dtype(dtype).name} for "
                             f"Tensor with dtype {self._dtype.name}: {out!r}")
        return out

    def read_value(self) -> Tensor:
        return self.__tf_tensor__()

    value = read_value

    def numpy(self) -> np.ndarray:
        return self.__tf_tensor__().numpy()

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        return np.asarray(self.numpy(), dtype=dtype)

    def __getitem__(self, spec: Any) -> Tensor:
        if isinstance(spec, Tensor):
            raise TypeError("ShardedVariable: using Tensor for indexing is not allowed.")
        if isinstance(spec, (int, np.integer)) and not isinstance(spec, bool):
            rows = self._shape.as_list()[0]
            s = int(spec) + rows if spec < 0 else int(spec)
            if s < 0 or s >= rows:
                raise IndexError(f"ShardedVariable: slice index {s} of dimension 0 out of "
                                 "bounds.")
            i = next(k for k in range(len(self._variables)) if s < self._offsets[k + 1])
            return self._variables[i][s - self._offsets[i]]
        return self.__tf_tensor__()[spec]

    def sparse_read(self, indices: Any, name: str | None = None) -> Tensor:
        return gather(self.__tf_tensor__(), indices)

    # -- writing ---------------------------------------------------------------------------
    def _write(self, method: str, value: Any) -> ShardedVariable:
        """Each shard's `method` (assign, assign_add, assign_sub) with its rows of value."""
        value = convert_to_tensor(value, dtype=self._dtype)
        rank = self._shape.rank
        parts = [tf_slice(value, [self._offsets[i]] + [0] * (rank - 1), v.shape.as_list())
                 for i, v in enumerate(self._variables)]
        for v, part in zip(self._variables, parts):
            getattr(v, method)(part)
        return self

    def assign(self, value: Any, use_locking: Any = None, name: str | None = None,
               read_value: bool = True) -> ShardedVariable:
        return self._write("assign", value)

    def assign_add(self, delta: Any, use_locking: Any = None, name: str | None = None,
                   read_value: bool = True) -> ShardedVariable:
        return self._write("assign_add", delta)

    def assign_sub(self, delta: Any, use_locking: Any = None, name: str | None = None,
                   read_value: bool = True) -> ShardedVariable:
        return self._write("assign_sub", delta)

    # -- checkpoints: one key, saved as TF saves it (one slice per shard) -------------------
    def _serialize_to_tensors(self) -> dict:
        return {"VARIABLE_VALUE": self.__tf_tensor__()}

    def _checkpoint_slices(self) -> list:
        """(slice spec, value, device) of each shard: TF's SaveSliceInfo of the shard in
        the whole tensor, written as slices of one checkpoint key (sharding.py)."""
        full = self._shape.as_list()
        out = []
        for i, v in enumerate(self._variables):
            dims = v.shape.as_list()
            spec = slice_spec(full, [self._offsets[i]] + [0] * (len(dims) - 1), dims)
            out.append((spec, v.value(), v.device))
        return out

    def _restore_from_tensors(self, tensors: dict) -> None:
        full = np.asarray(tensors["VARIABLE_VALUE"])
        if list(full.shape) != self._shape.as_list():
            raise ValueError(f"Received incompatible tensor with shape {TensorShape(full.shape)}"
                             f" when attempting to restore variable with shape {self._shape} "
                             f"and name {self._name}.")
        for i, v in enumerate(self._variables):
            v.assign(full[self._offsets[i]:self._offsets[i + 1]])

    def __repr__(self) -> str:
        return object.__repr__(self)  # (TF's: the class's module path and the address)
