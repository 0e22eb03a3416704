"""tf.Variable's sparse updates and reads: scatter_add, ..., scatter_nd_*, sparse_read, gather_nd.

Sits after the indexing and segment ops, and installs these methods on Variable, as
operators.py installs the Python operators: scatter_add, ..., scatter_update and
scatter_nd_* are TF's ResourceScatter and ResourceScatterNd ops (resource_scatter.py),
count_up_to TF's ResourceCountUpTo (resource_ops.py).
"""

from __future__ import annotations

from typing import Any, Callable

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.core.tf_logging import deprecated_call
from eagerflow._src.ops import resource_gather_nd
from eagerflow._src.ops.array import (
    concat,
    constant,
    expand_dims,
    ones_like_filled,
    reshape,
    shape,
)
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.indexed_slices import IndexedSlices
from eagerflow._src.ops.math_base import cast, identity, ones_like
from eagerflow._src.ops.resource_gather import resource_gather
from eagerflow._src.ops.resource_scatter import scatter_rows
from eagerflow._src.ops.sequences import range as range_
from eagerflow._src.ops.stacking import pack
from eagerflow._src.ops.variables import Variable

resource_ops = lazy_module("eagerflow._src.ops.resource_ops")  # (count_up_to's op)


def count_up_to(self: Variable, limit: int) -> Any:
    """The variable's value, then the variable incremented by one (OutOfRangeError once it
    is `limit`): TF's ResourceCountUpTo, eagerly and in graphs."""
    deprecated_call("BaseResourceVariable.count_up_to",
                    "tensorflow.python.ops.resource_variable_ops", "Prefer Dataset.range instead.")
    return resource_ops.count_up_to(self, limit)


def _dims(s: TensorShape) -> str:
    return "[" + ",".join(str(d) for d in s.as_list()) + "]"


def _scatter(var: Variable, delta: Any, op: str, name: str | None = None) -> Any:
    """`var` updated by the rows of `delta` with TF's ResourceScatter op `op`."""
    if not isinstance(delta, IndexedSlices):
        raise TypeError(f"Argument `sparse_delta` must be a `tf.IndexedSlices`. Received arg: "
                        f"{delta}")
    values = convert_to_tensor(delta.values, dtype=dt.as_dtype(var.dtype).base_dtype)
    return scatter_rows(var, delta.indices, values, op, name)


def _method(op: str) -> Callable:
    def scatter(self: Variable, sparse_delta: Any, use_locking: bool = False,
                name: str | None = None) -> Any:
        return _scatter(self, sparse_delta, op, name)

    scatter.__doc__ = f"This variable updated by the rows of `sparse_delta` (TF's {op})."
    return scatter


def _nd_method(op: str) -> Callable:
    def scatter_nd(self: Variable, indices: Any, updates: Any, name: str | None = None) -> Any:
        indices = convert_to_tensor(indices)
        updates = convert_to_tensor(updates, dtype=dt.as_dtype(self.dtype).base_dtype)
        return scatter_rows(self, indices, updates, op, name)

    scatter_nd.__doc__ = f"This variable updated at index vectors `indices` (TF's {op})."
    return eager_api("indices", "updates")(scatter_nd)


def _ones_like(x: Tensor) -> Tensor:
    """Ones shaped as `x`: TF's array_ops.ones_like, a Fill, where x's shape is known."""
    if x.shape.rank is None or None in x.shape.as_list():
        return ones_like(x)
    return ones_like_filled(x)


def batch_scatter_update(self: Variable, sparse_delta: Any, use_locking: bool = False,
                         name: str | None = None) -> Any:
    """scatter_nd_update as TF's: indices [b..., k] pick rows within each of the leading
    batches, written as TF builds them: the indices expanded by one axis, each leading
    axis's positions (a Range reshaped to broadcast along that axis, cast to the indices'
    dtype, times ones like them), concatenated in front of them."""
    if not isinstance(sparse_delta, IndexedSlices):
        return _scatter(self, sparse_delta, "ResourceScatterUpdate")
    indices = convert_to_tensor(sparse_delta.indices)
    rank = indices.shape.rank
    if rank is None:
        raise ValueError("batch_gather does not allow indices with unknown shape.")
    dims = shape(indices)
    nd = expand_dims(indices, -1)
    coords = []
    for i in range(rank - 1):
        size = dims[i]
        target: list = [1] * (rank + 1)
        target[i] = size
        axis = range_(size, name="Range")
        if _state.graph is None:
            axis = reshape(axis, target)
        else:  # (TF's Reshape packs the list in its scope: "Reshape/shape", ".../1")
            with name_scope("Reshape") as scope:
                packed = pack(target, name="shape")
            axis = reshape(axis, packed, name=scope)
        if indices.dtype != dt.int32:
            axis = cast(axis, indices.dtype)
        coords.append(axis * _ones_like(nd))
    if coords:
        nd = concat(coords + [nd], -1)
    elif _state.graph is not None:  # (TF's concat of one tensor: its Identity, in a scope)
        with name_scope("concat"):
            constant(-1, dt.int32, name="concat_dim")
            nd = identity(nd, name="concat")
    return self.scatter_nd_update(nd, sparse_delta.values)


@eager_api("indices")
def sparse_read(self: Variable, indices: Any, name: str | None = None) -> Tensor:
    """The rows `indices`: TF's ResourceGather (its gradient is IndexedSlices)."""
    return resource_gather(self, indices, name)


@eager_api("indices")
def gather_nd(self: Variable, indices: Any, name: str | None = None) -> Tensor:
    """The slices at index vectors `indices`: TF's ResourceGatherNd."""
    return resource_gather_nd.gather_nd(self, indices, name)


for _name, _op in [("scatter_add", "ResourceScatterAdd"), ("scatter_sub", "ResourceScatterSub"),
                   ("scatter_mul", "ResourceScatterMul"), ("scatter_div", "ResourceScatterDiv"),
                   ("scatter_max", "ResourceScatterMax"), ("scatter_min", "ResourceScatterMin"),
                   ("scatter_update", "ResourceScatterUpdate")]:
    setattr(Variable, _name, _method(_op))
for _name, _op in [("scatter_nd_add", "ResourceScatterNdAdd"),
                   ("scatter_nd_sub", "ResourceScatterNdSub"),
                   ("scatter_nd_update", "ResourceScatterNdUpdate"),
                   ("scatter_nd_max", "ResourceScatterNdMax"),
                   ("scatter_nd_min", "ResourceScatterNdMin")]:
    setattr(Variable, _name, _nd_method(_op))
Variable.batch_scatter_update = batch_scatter_update
Variable.count_up_to = count_up_to
Variable.sparse_read = sparse_read
Variable.gather_nd = gather_nd
