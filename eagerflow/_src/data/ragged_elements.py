"""RaggedTensor components of tf.data elements: their specs, rows, batches and zeros.

Data layer, under structure.py. A dataset whose element holds a RaggedTensor (from
`from_tensor_slices(rt)`, a map returning one, or `ragged_batch`) carries it whole, as
tf.data does; these helpers give its row (slicing), stack rows into a batch (a RaggedTensor
with one more dimension, even when the rows are dense tensors of different lengths) and
describe both with RaggedTensorSpec, as TF 2.21.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.ops.ragged import RaggedTensor, RaggedTensorSpec


def row_spec(spec: RaggedTensorSpec) -> RaggedTensorSpec:
    """The spec of one row (from_tensor_slices, unbatch): one ragged dimension fewer (the
    rows of a ragged-rank-0 spec have TF's ragged rank -1)."""
    return RaggedTensorSpec(spec.shape[1:], spec.dtype, spec.ragged_rank - 1,
                            spec.row_splits_dtype)


def batched_spec(spec: Any, batch_dim: int | None) -> RaggedTensorSpec:
    """The spec of a batch of elements of `spec` (a RaggedTensorSpec, or a TensorSpec whose
    elements ragged_batch makes ragged)."""
    shape = TensorShape([batch_dim]).concatenate(spec.shape)
    if isinstance(spec, RaggedTensorSpec):
        return RaggedTensorSpec(shape, spec.dtype, spec.ragged_rank + 1, spec.row_splits_dtype)
    # TF's dense_to_ragged: ragged up to the last unknown dimension, known ones kept after it
    dims = spec.shape.as_list()
    return RaggedTensorSpec(shape, spec.dtype,
                            1 + max(a for a, d in enumerate(dims) if d is None))


def row(value: Any, i: int) -> Any:
    """Row i of a RaggedTensor component (a tensor when it has one ragged dimension)."""
    return value[i]


def stack_rows(rows: list, spec: RaggedTensorSpec) -> RaggedTensor:
    """A batch of rows (RaggedTensors, or dense tensors of any lengths) as one RaggedTensor
    whose first ragged dimension counts the rows' lengths."""
    d = spec.row_splits_dtype.as_numpy_dtype
    ragged_levels = spec.ragged_rank - 1
    dense = [_as_ragged(r, ragged_levels, spec) for r in rows]
    lengths = np.array([_nrows(r) for r in dense], np.int64)
    splits = np.concatenate([[0], np.cumsum(lengths)]).astype(d)
    values = _concat_rows(dense, ragged_levels)
    dims = spec.shape.as_list() if spec.shape.rank is not None else None
    splits_t = EagerTensor(splits, None, CPU_DEVICE)
    return _with_uniform(RaggedTensor._make(values, splits_t), dims, 1, d)


def _with_uniform(rt: Any, dims: list | None, axis: int, d: Any) -> Any:
    """`rt` with the row length of each partition whose dimension the spec knows (TF's
    batched ragged values keep a uniform dimension of their rows)."""
    if not isinstance(rt, RaggedTensor) or dims is None:
        return rt
    inner = _with_uniform(rt.values, dims, axis + 1, d)
    length = dims[axis] if axis < len(dims) else None
    if length is None and inner is rt.values:
        return rt
    return RaggedTensor._make(inner, rt.row_splits, uniform_row_length=None if length is None
                              else EagerTensor(np.array(length, d), None, CPU_DEVICE))


def _as_ragged(r: Any, levels: int, spec: RaggedTensorSpec) -> Any:
    """A dense row as a RaggedTensor with `levels` ragged dimensions (its dims ragged)."""
    if isinstance(r, RaggedTensor) or levels == 0:
        return r
    arr = to_host(r._arr)  # tf.data works on the host
    d = spec.row_splits_dtype.as_numpy_dtype
    out: Any = EagerTensor(arr.reshape((-1,) + arr.shape[levels + 1:]), r.dtype, CPU_DEVICE)
    for level in range(levels, 0, -1):
        n = int(np.prod(arr.shape[:level]))
        width = arr.shape[level]
        out = RaggedTensor._make(out, EagerTensor((np.arange(n + 1) * width).astype(d), None,
                                                       CPU_DEVICE))
    return out


def _nrows(r: Any) -> int:
    if isinstance(r, RaggedTensor):
        return int(r.row_splits._arr.shape[0]) - 1
    return int(r._arr.shape[0])


def _concat_rows(rows: list, levels: int) -> Any:
    if levels == 0:
        arrays = [to_host(r._arr) for r in rows]  # tf.data works on the host
        inner = {a.shape[1:] for a in arrays}
        if len(inner) > 1:
            raise InvalidArgumentError(None, None, "Cannot batch ragged tensors whose inner "
                                                   f"dimensions differ: {sorted(inner)}")
        return EagerTensor(np.concatenate(arrays) if arrays else np.zeros((0,)), rows[0].dtype,
                           CPU_DEVICE)
    splits, offset = [np.zeros(1, np.int64)], 0
    for r in rows:
        s = to_host(r.row_splits._arr).astype(np.int64)
        splits.append(s[1:] + offset)
        offset += int(s[-1])
    values = _concat_rows([r.values for r in rows], levels - 1)
    dtype = rows[0].row_splits.dtype.as_numpy_dtype
    return RaggedTensor._make(values, EagerTensor(np.concatenate(splits).astype(dtype), None,
                                                  CPU_DEVICE))


def zeros(spec: RaggedTensorSpec) -> RaggedTensor:
    """An empty value of `spec` (every row empty): stands in for a function's input when
    only its structure is needed."""
    dims = spec.shape.as_list() if spec.shape.rank is not None else None
    d = spec.row_splits_dtype.as_numpy_dtype
    inner = [0 if x is None else x for x in (dims[spec.ragged_rank + 1:] if dims else [])]
    np_dtype = object if spec.dtype is _dt.string else spec.dtype.as_numpy_dtype
    out: Any = EagerTensor(np.zeros([0] + inner, np_dtype), spec.dtype, CPU_DEVICE)
    for level in range(spec.ragged_rank, 0, -1):
        n = (dims[0] or 0) if level == 1 and dims else 0
        out = RaggedTensor._make(out, EagerTensor(np.zeros(n + 1, d), None, CPU_DEVICE))
    return out


def relaxed(spec: RaggedTensorSpec) -> RaggedTensorSpec:
    rank = spec.shape.rank
    return RaggedTensorSpec(None if rank is None else [None] * rank, spec.dtype,
                            spec.ragged_rank, spec.row_splits_dtype)
