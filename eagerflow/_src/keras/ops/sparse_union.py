"""Keras 3's TF backend on SparseTensor arguments: add and subtract as the union of the
entries, multiply as their intersection, sum as a sparse reduction, concatenate of sparse
tensors as tf.sparse.concat.

Keras layer, below the keras ops modules that dispatch here (numpy_math's add,
numpy_reduce's sum, numpy_array's concatenate) when an argument is a SparseTensor. As
Keras's: two SparseTensors add entry by entry (their values directly when they share
their indices), a SparseTensor and a dense tensor or a scalar add to a dense tensor.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.ops import math as tm
from eagerflow._src.ops.math import logical_and
from eagerflow._src.ops.math_base import cast, ones_like, where
from eagerflow._src.ops.nd_indexing import gather_nd
from eagerflow._src.ops.sparse_binary_ops import add as sparse_add
from eagerflow._src.ops.sparse_functions import concat_sparse
from eagerflow._src.ops.sparse_ops import to_dense
from eagerflow._src.ops.sparse_reduce_ops import reduce_sum_sparse
from eagerflow._src.ops.tiling import broadcast_to

# Keras's accumulation dtypes of a sum (as jax's)
_SUM_DTYPES = {"bool": "int32", "int8": "int32", "int16": "int32", "uint8": "uint32",
               "uint16": "uint32"}


def any_sparse(*xs: Any) -> bool:
    for x in xs:  # (a loop, not any() over a generator: every keras.ops.add asks)
        if isinstance(x, SparseTensor):
            return True
    return False


def add(x1: Any, x2: Any) -> Any:
    """keras.ops.add with a SparseTensor argument."""
    if isinstance(x1, SparseTensor) and isinstance(x2, SparseTensor):
        if x1.indices is x2.indices:  # (the same entries: their values add)
            return SparseTensor(x1.indices, tm.add(x1.values, x2.values), x1.dense_shape)
        return sparse_add(x1, x2)
    sp = x1 if isinstance(x1, SparseTensor) else x2
    other = x2 if sp is x1 else x1
    if not hasattr(other, "shape") or len(other.shape) == 0:  # a scalar, broadcast
        other = broadcast_to(convert_to_tensor(other, dtype=sp.dtype), sp.dense_shape)
    return sparse_add(sp, other) if sp is x1 else sparse_add(other, sp)


def subtract(x1: Any, x2: Any) -> Any:
    """keras.ops.subtract with a SparseTensor argument: x1 plus x2 negated."""
    if isinstance(x1, SparseTensor) and isinstance(x2, SparseTensor) and \
            x1.indices is x2.indices:
        return SparseTensor(x1.indices, tm.subtract(x1.values, x2.values), x1.dense_shape)
    return add(x1, _negated(x2))


def _negated(x: Any) -> Any:
    if isinstance(x, SparseTensor):
        return SparseTensor(x.indices, tm.negative(x.values), x.dense_shape)
    return tm.negative(convert_to_tensor(x))


def multiply(x1: Any, x2: Any) -> Any:
    """keras.ops.multiply with a SparseTensor argument: a SparseTensor of the entries
    both hold (two SparseTensors), or of the sparse one's entries times the other's
    elements there (a dense tensor of its shape, or a scalar)."""
    if isinstance(x1, SparseTensor) and isinstance(x2, SparseTensor):
        if x1.indices is x2.indices:
            return SparseTensor(x1.indices, tm.multiply(x1.values, x2.values), x1.dense_shape)
        both = where(logical_and(_held(x1), _held(x2)))
        product = tm.multiply(to_dense(x1), to_dense(x2))
        return SparseTensor(both, gather_nd(product, both), x1.dense_shape)
    sp = x1 if isinstance(x1, SparseTensor) else x2
    other = x2 if sp is x1 else x1
    if not hasattr(other, "shape") or len(other.shape) == 0:  # a scalar
        factor = convert_to_tensor(other, dtype=sp.dtype)
    else:  # (Keras gathers the dense operand at the entries, unbroadcast)
        factor = gather_nd(other, sp.indices)
    values = tm.multiply(sp.values, factor) if sp is x1 else tm.multiply(factor, sp.values)
    return SparseTensor(sp.indices, values, sp.dense_shape)


def _held(x: SparseTensor) -> Any:
    """True where the SparseTensor holds an entry (an explicit zero too)."""
    marks = SparseTensor(x.indices, cast(ones_like(x.values), dt.bool), x.dense_shape)
    return to_dense(marks, default_value=False)


def sum_sparse(x: SparseTensor, axis: Any, keepdims: bool) -> SparseTensor:
    """keras.ops.sum of a SparseTensor: a SparseTensor (of no index columns for all)."""
    dtype = _SUM_DTYPES.get(x.dtype.name)
    if dtype is not None:
        x = SparseTensor(x.indices, cast(x.values, dtype), x.dense_shape)
    return reduce_sum_sparse(x, axis=axis, keepdims=keepdims, output_is_sparse=True)


def concatenate(xs: list, axis: int) -> Any:
    """keras.ops.concatenate with SparseTensors: sparse when all are, else the sparse ones
    made dense (None: none is sparse)."""
    count = sum(isinstance(x, SparseTensor) for x in xs)
    if count == len(xs):
        return concat_sparse(axis=axis, sp_inputs=xs)
    return [to_dense(x) if isinstance(x, SparseTensor) else x for x in xs]
