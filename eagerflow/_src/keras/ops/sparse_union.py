"""Keras 3's TF backend on SparseTensor arguments: add as the union of the entries,
sum as a sparse reduction, concatenate of sparse tensors as tf.sparse.concat.

Keras layer, below the keras ops modules that dispatch here (numpy_math's add,
numpy_reduce's sum, numpy_array's concatenate) when an argument is a SparseTensor. As
Keras's: two SparseTensors add entry by entry (their values directly when they share
their indices), a SparseTensor and a dense tensor or a scalar add to a dense tensor.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.ops import math as tm
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.sparse_binary_ops import add as sparse_add
from eagerflow._src.ops.sparse_functions import concat_sparse
from eagerflow._src.ops.sparse_ops import to_dense
from eagerflow._src.ops.sparse_reduce_ops import reduce_sum_sparse
from eagerflow._src.ops.tiling import broadcast_to

# Keras's accumulation dtypes of a sum (as jax's)
_SUM_DTYPES = {"bool": "int32", "int8": "int32", "int16": "int32", "uint8": "uint32",
               "uint16": "uint32"}


def any_sparse(*xs: Any) -> bool:
    return any(isinstance(x, SparseTensor) for x in xs)


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
