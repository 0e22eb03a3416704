"""Keras 3's encoding of category indices (its encode_categorical_inputs): int, one_hot,
multi_hot, count and tf_idf, for CategoryEncoding and the lookup layers' outputs
(preprocessing_lookup.py).
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import context
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import histogram_ops, indexing, math_base, unique_one_hot
from eagerflow._src.ops import math as tm
from eagerflow._src.ops.eager_errors import raised_eagerly
from eagerflow._src.ops.math_base import cast, ones_like, zeros_like
from eagerflow._src.ops.ragged import RaggedTensor
from eagerflow._src.ops.reduce import reduce_max, reduce_sum
from eagerflow._src.ops.sequences import range as range_
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.tiling import tile


def encode_categorical(indices: Any, output_mode: str, depth: int, dtype: Any,
                       count_weights: Any = None) -> Any:
    """int / one_hot / multi_hot / count of integer indices (the last dimension holds a
    sample's tokens), as Keras 3."""
    d = dt.as_dtype(dtype)
    if output_mode == "int":
        return cast(indices, d)
    if isinstance(indices, RaggedTensor):
        if output_mode == "one_hot":
            return indices.with_flat_values(_one_hot(indices.flat_values, depth, d))
        if indices.shape.rank is not None and indices.shape.rank > 2:
            # (Keras 3's fallback from its bincount: the one-hot rows reduced over axis 1,
            # so a row's sub-rows meet item by item)
            return _encode_high_rank(indices, output_mode, depth, d, count_weights)
        return _bincount_rows(indices, depth, output_mode, d, count_weights)
    if isinstance(indices, SparseTensor) and indices.shape.rank in (1, 2) and \
            output_mode != "one_hot":  # (TF's bincount of the values by row, dense)
        return _bincount_rows(indices, depth, output_mode, d, count_weights)
    x = indices
    if x.shape.rank == 0:
        x = ta.expand_dims(x, -1)
    if output_mode == "one_hot":
        if x.shape.rank > 1 and x.shape[-1] == 1:
            x = ta.squeeze(x, -1)
        return _one_hot(x, depth, d)
    if x.shape.rank > 2:  # (Keras 3's fallback from its bincount: one-hot, reduced)
        return _encode_high_rank(x, output_mode, depth, d, count_weights)
    return _bincount_rows(x, depth, output_mode, d, count_weights)


_BINCOUNT_TYPES = frozenset((dt.int32, dt.int64, dt.float32, dt.float64))  # (DenseBincount's T)


def _one_hot(x: Any, depth: int, d: dt.DType) -> Any:
    """tf.one_hot of the indices in `d`, as Keras 3's one_hot calls it: a bool encoding
    given True and False (TF's default 1 and 0 are no bools)."""
    on_off = (True, False) if d is dt.bool else (None, None)
    return unique_one_hot.one_hot(cast(x, dt.int64), depth, *on_off, dtype=d)


def refuse_narrow_indices(x: Any, mode: str, sparse: bool, out_dtype: Any = dt.float32) -> None:
    """Keras 3.15's count and multi_hot (`mode`) of eager indices of rank 1 or 2 run TF's
    bincount (DenseBincount; DenseCountSparseOutput where `sparse`, whose sparse counts
    are of the indices' type), whose index type is int32 or int64: eager indices of
    another integer type are its refusal, and DenseBincount's counts (ones of the layer's
    `out_dtype`) are int32, int64, float32 or float64: float16, bfloat16 or bool are its
    refusal too. (In a graph, a tf.function's or a dataset's map, Keras 3.15 encodes
    them: nothing is refused.)"""
    d = x.dtype
    if context._state.graph is not None or not d.is_integer or isinstance(x, RaggedTensor) \
            or x.shape.rank is not None and x.shape.rank > 2:
        return
    if d in (dt.int32, dt.int64):
        out = dt.as_dtype(out_dtype)
        if not sparse and out not in _BINCOUNT_TYPES:
            raise raised_eagerly(C.not_supported("DenseBincount", out, _BINCOUNT_TYPES))
        return
    if sparse and mode == "count":
        raise raised_eagerly(C.not_supported("DenseCountSparseOutput", d, C.INDEX | {
            dt.float32, dt.float64}, "output_type"))
    op, attr = ("DenseCountSparseOutput", "T") if sparse else ("DenseBincount", "Tidx")
    raise raised_eagerly(C.not_supported(op, d, C.INDEX, attr))


def _bincount_rows(x: Any, depth: int, mode: str, d: dt.DType, weights: Any) -> Any:
    """Counts of each index per row (multi_hot: whether it occurs): one segment sum."""
    if isinstance(x, RaggedTensor):
        rows, flat, nrows = x.value_rowids(), x.flat_values, x.nrows()
    elif isinstance(x, SparseTensor):  # (its implicit zeros are no tokens; 1-D: one row)
        squeeze = x.shape.rank == 1
        rows = zeros_like(x.indices[:, 0]) if squeeze else x.indices[:, 0]
        flat = x.values
        nrows = convert_to_tensor(1, dt.int64) if squeeze else x.dense_shape[0]
    else:
        if x.shape.rank == 1:
            x = ta.expand_dims(x, 0)
            squeeze = True
        else:
            squeeze = False
        n, k = ta.shape(x, out_type=dt.int64)[0], ta.shape(x, out_type=dt.int64)[1]
        flat = ta.reshape(x, [-1])
        rows = ta.reshape(tile(ta.expand_dims(range_(n), 1), stack([1, k])), [-1])
        nrows = n
    idx = cast(flat, dt.int64)
    in_range = tm.logical_and(idx >= 0, idx < depth)
    dense = not isinstance(x, RaggedTensor)
    _check_range(idx, depth, one_row=dense and squeeze)
    ids = math_base.where(in_range, rows * depth + idx, rows * depth)  # dropped: weight 0
    vals = ones_like(idx, dtype=d) if weights is None else \
        cast(weights.flat_values if isinstance(weights, RaggedTensor) else weights.values
             if isinstance(weights, SparseTensor) else ta.reshape(weights, [-1]), d)
    vals = math_base.where(in_range, vals, zeros_like(vals))
    counts = indexing.unsorted_segment_sum(vals, ids, nrows * depth)
    out = ta.reshape(counts, stack([nrows, convert_to_tensor(depth, dt.int64)]))
    if mode == "multi_hot":
        out = cast(tm.greater(out, zeros_like(out)), d)
    if dense and squeeze:
        out = ta.squeeze(out, 0)
    return out


def _encode_high_rank(x: Any, mode: str, depth: int, dtype: Any, weights: Any) -> Any:
    """CategoryEncoding's multi_hot/count of an input of rank 3 or more, as Keras 3 on TF
    computes it: one-hot encoded, then reduced over axis 1 (not the last input axis)."""
    d = dt.as_dtype(dtype)
    hot = _one_hot(x, depth, d)
    if mode == "multi_hot":
        return reduce_max(hot, axis=1)
    if weights is not None:
        hot = hot * ta.expand_dims(weights, -1)
    return reduce_sum(hot, axis=1)


def _check_range(idx: Any, depth: int, one_row: bool = False) -> None:
    """Negative indices are refused when known, as TF's DenseBincount (indices past the
    depth are dropped), in its words for a 1-D input (`one_row`) or for rows of them."""
    arr = getattr(idx, "_arr", None)
    if arr is not None and arr.size and arr.min() < 0:
        # (as TF's eager DenseBincount words it: the op's function and device, its name)
        words = "Input arr must be non-negative!" if one_row else (
            "Input 'in' must be non-negative! Negative input value found: "
            f"{histogram_ops.last_negative(arr)}")
        raise InvalidArgumentError(None, None, f"{{{{function_node __wrapped__DenseBincount_"
                                               f"device_{CPU_DEVICE}}}}} {words} "
                                               "[Op:DenseBincount] name: ")
