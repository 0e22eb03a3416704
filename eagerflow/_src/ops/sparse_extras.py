"""tf.sparse: eye, reset_shape, mask, sampled_addmm.

Ops layer, after sparse_functions. Like the rest of tf.sparse, each is a composition of
registered ops over a SparseTensor's indices, values and dense shape (maximum, minimum and
softmax bind TF's ops: sparse_binary_ops.py).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import concat, fill, ones, reshape
from eagerflow._src.ops.array import shape as shape_op
from eagerflow._src.ops.debugging import assert_equal
from eagerflow._src.ops.indexed_slices import IndexedSlices
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.indexing_versions import list_diff
from eagerflow._src.ops.linalg import matrix_transpose
from eagerflow._src.ops.math import (
    equal,
    logical_not,
)
from eagerflow._src.ops.math import minimum as minimum_
from eagerflow._src.ops.math_base import (
    cast,
)
from eagerflow._src.ops.nd_indexing import gather_nd
from eagerflow._src.ops.reduce import reduce_all, reduce_max, reduce_sum
from eagerflow._src.ops.sequences import range as range_
from eagerflow._src.ops.sparse_functions import _rank
from eagerflow._src.ops.stacking import stack

_I64 = dt.int64


def eye(num_rows: Any, num_columns: Any = None, dtype: Any = dt.float32,
        name: str | None = None) -> SparseTensor:
    """`tf.sparse.eye`: a [num_rows, num_columns] SparseTensor with ones on the diagonal."""
    rows = _int64_tensor(num_rows, "num_rows")
    cols = rows if num_columns is None else _int64_tensor(num_columns, "num_columns")
    d = dt.as_dtype(dtype)
    n = minimum_(rows, cols)
    diag = range_(n)
    # (tf.ones: a string dtype refuses the 1, as TF's)
    return SparseTensor._of(stack([diag, diag], axis=1), ones(reshape(n, [1]), d),
                            stack([rows, cols]))


def _int64_tensor(value: Any, name: str) -> Any:
    """A size as TF's sparse ops read one: a Python or NumPy integer (a bool too), or a
    tensor cast to int64; anything else (a float, a NumPy array) is their TypeError."""
    if isinstance(value, (int, np.integer)):
        return convert_to_tensor(value, dtype=_I64, name=name)
    if not isinstance(value, Tensor):
        raise TypeError(f"{name} must be an integer value")
    return value if value.dtype == _I64 else cast(value, _I64)


# ---------------------------------------------------------------------------------------
# reset_shape, mask, sampled_addmm.
# ---------------------------------------------------------------------------------------

def reset_shape(sp_input: SparseTensor, new_shape: Any = None) -> SparseTensor:
    """`tf.sparse.reset_shape`: the same entries with a new dense shape: the tightest one
    holding them when `new_shape` is None, else `new_shape` (no smaller than the old)."""
    if not isinstance(sp_input, SparseTensor):
        raise TypeError("Input must be a SparseTensor.")
    sp = sp_input
    if new_shape is None:
        rank = _rank(sp)
        floor = reshape(fill(reshape(convert_to_tensor(rank, _I64), [1]),
                             convert_to_tensor(-1, _I64)), [1, -1])
        tight = reduce_max(concat([sp.indices, floor], 0), axis=0) + 1
        return SparseTensor._of(sp.indices, sp.values, tight)
    shape = cast(convert_to_tensor(new_shape), _I64)
    if shape.shape.rank != 1:
        raise ValueError(f"Shape {shape.shape} must have rank 1")
    old_rank, new_rank = sp.dense_shape.shape[0], shape.shape[0]
    if None not in (old_rank, new_rank) and old_rank != new_rank:
        raise ValueError(f"Dimensions {new_rank} and {old_rank} are not compatible")
    old, new = getattr(sp.dense_shape, "_arr", None), getattr(shape, "_arr", None)
    if old is not None and new is not None:
        old, new = to_host(old), to_host(new)
        if not np.all(new >= old):
            # (TF's message shows the two shapes the other way round; kept as TF has it)
            raise ValueError(f"Requested new_shape should have dimension sizes >= "
                             f"sp_input.shape.  Found new_shape ({_np(old)}), "
                             f"sp_input.shape ({_np(new)}).")
    else:
        assert_equal(reduce_all(logical_not(shape < sp.dense_shape)), True,
                     message="Requested new_shape should have dimension sizes >= "
                             "sp_input.shape.")
    return SparseTensor._of(sp.indices, sp.values, shape)


def _np(a: np.ndarray) -> str:
    return "[" + " ".join(str(int(v)) for v in a) + "]"


def mask(a: IndexedSlices, mask_indices: Any, name: str | None = None) -> IndexedSlices:
    """`tf.sparse.mask`: the slices of `a` whose index is not in `mask_indices` (order and
    repeats kept). As TF's: `a` is taken as given (its .indices, .values and .dense_shape
    read, whatever it is), ListDiff of its indices and mask_indices (whose wrapper converts
    them, a list to the other's dtype), then a gather of its values."""
    if isinstance(a, EagerTensor):  # (TF's tensor has no .indices: its error's words)
        raise C.no_attribute(a, "indices")
    out_indices, to_gather = list_diff(a.indices, mask_indices)
    return IndexedSlices(gather(a.values, to_gather, name=name), out_indices, a.dense_shape)


def sampled_addmm(indices: Any, values: Any, dense_shape: Any, mat1: Any, mat2: Any,
                  beta: Any = 1.0, alpha: Any = 1.0, output_type: Any = dt.float32) -> tuple:
    """`tf.sparse.sampled_addmm`: `alpha * (mat1 @ mat2)` at `indices` plus `beta * values`,
    computed only there; returns the (indices, values, dense_shape) of the result."""
    out = dt.as_dtype(output_type)
    indices = convert_to_tensor(indices)
    values = _as(values, out)
    dense_shape = _as(dense_shape, dt.int32)
    mat1, mat2 = _as(mat1, out), _as(mat2, out)
    rows_n = shape_op(mat1)[-2]
    cols_n = shape_op(mat2)[-1]
    product_shape = stack([rows_n, cols_n])
    same = reduce_all(equal(dense_shape, product_shape))
    if getattr(same, "_arr", None) is not None:
        if not bool(to_host(same._arr)):
            raise ValueError(f"Dense shape: {_np(to_host(dense_shape._arr))} does not match "
                             f"output shape: {_np(to_host(product_shape._arr))}")
    else:
        assert_equal(dense_shape, product_shape, message="Dense shape does not match output "
                                                         "shape")
    rank = mat1.shape.rank
    batch = indices[..., :-2]
    row_idx = indices[..., :-1]
    col_idx = concat([batch, indices[..., -1:]], -1)
    rows = gather_nd(mat1, row_idx, batch_dims=rank - 2)
    cols = gather_nd(matrix_transpose(mat2), col_idx, batch_dims=rank - 2)
    dots = reduce_sum(rows * cols, axis=-1)
    return indices, alpha * dots + beta * values, dense_shape


def _as(x: Any, d: dt.DType) -> Tensor:
    if isinstance(x, Tensor):
        if x.dtype is not d:
            raise ValueError(f"Tensor conversion requested dtype {d.name} for Tensor with "
                             f"dtype {x.dtype.name}: {x!r}")
        return x
    return convert_to_tensor(x, dtype=d)


