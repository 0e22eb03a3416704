"""tf.nn.embedding_lookup_sparse and safe_embedding_lookup_sparse: embeddings of the ids of
each row of a SparseTensor, combined by sum, mean or sqrt(n).

Sits in the ops layer after sparse_functions.py, whose SparseTensor functions (sparse
segment reductions, retain, reshape, fill_empty_rows) and nn.embedding_lookup these
compose; no op of their own. They follow TF's algorithm step for step, so the results
(which rows there are, zeros for empty rows, the combination of weights) are TF's.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.api_names import tf_name
from eagerflow._src.core.context import _state
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import concat, reshape
from eagerflow._src.ops.array import shape as shape_op
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.math import (
    greater,
    greater_equal,
    logical_and,
    sqrt,
    square,
)
from eagerflow._src.ops.math_base import (
    cast,
    ones_like,
    where,
    zeros_like,
)
from eagerflow._src.ops.math_special import div_no_nan
from eagerflow._src.ops.nn import lookup_parts
from eagerflow._src.ops.ragged import RaggedTensor
from eagerflow._src.ops.reduce import reduce_prod
from eagerflow._src.ops.segment_ops import segment_sum
from eagerflow._src.ops.sparse_functions import (
    fill_empty_rows,
    reshape_sparse,
    retain,
)
from eagerflow._src.ops.sparse_functions import segment_mean as sparse_segment_mean
from eagerflow._src.ops.sparse_functions import segment_sqrt_n as sparse_segment_sqrt_n
from eagerflow._src.ops.sparse_functions import segment_sum as sparse_segment_sum
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.tiling import tile
from eagerflow._src.ops.unique_one_hot import unique
from eagerflow._src.ops.variables import Variable

_COMBINERS = ("mean", "sqrtn", "sum")


def _check_combiner(combiner: str) -> None:
    if combiner not in _COMBINERS:
        raise ValueError(f"combiner must be one of 'mean', 'sqrtn' or 'sum', got {combiner}")


@dispatch_binding
def embedding_lookup_sparse(params: Any, sp_ids: Any, sp_weights: Any, combiner: Any = None,
                            max_norm: Any = None, name: str | None = None,
                            allow_fast_lookup: bool = False) -> Tensor:
    """For each row of sp_ids (up to its last non-empty one), the embeddings of its ids
    combined: their sum, their mean, or their sum over sqrt(n), weighted by sp_weights'
    values when given."""
    return _lookup_sparse(params, sp_ids, sp_weights, combiner, max_norm, "div", name)


@dispatch_binding
@tf_name("embedding_lookup_sparse")
def embedding_lookup_sparse_v1(params: Any, sp_ids: Any, sp_weights: Any,
                               partition_strategy: str = "mod", name: str | None = None,
                               combiner: Any = None, max_norm: Any = None,
                               allow_fast_lookup: bool = False) -> Tensor:
    """tf.compat.v1.nn.embedding_lookup_sparse: a table in parts looked up by TF 1's
    `partition_strategy` ("mod" by default)."""
    return _lookup_sparse(params, sp_ids, sp_weights, combiner, max_norm, partition_strategy,
                          name)


def _lookup_sparse(params: Any, sp_ids: Any, sp_weights: Any, combiner: Any, max_norm: Any,
                   partition_strategy: str, name: str | None = None) -> Tensor:
    combiner = "mean" if combiner is None else combiner
    _check_combiner(combiner)
    if isinstance(sp_ids, RaggedTensor):
        sp_ids, sp_weights = _ragged_ids(sp_ids, sp_weights)
    if not isinstance(sp_ids, SparseTensor):
        raise TypeError(f"sp_ids must be SparseTensor, got {type(sp_ids)}")
    if sp_weights is not None and not isinstance(sp_weights, SparseTensor):
        raise TypeError(f"sp_weights must be either None or SparseTensor,got "  # (sic)
                        f"{type(sp_weights)}")
    if sp_weights is not None:  # (part by part, values first, as TF checks them)
        for part in ("values", "indices", "dense_shape"):
            getattr(sp_ids, part).shape.assert_is_compatible_with(getattr(sp_weights, part).shape)
    with name_scope(name or "embedding_lookup_sparse") as scope:  # (TF's graph's names)
        scope = scope if _state.graph is not None else ""  # (TF's eager scope is "")
        segment_ids = sp_ids.indices[:, 0]
        reduce = {"sum": sparse_segment_sum, "mean": sparse_segment_mean,
                  "sqrtn": sparse_segment_sqrt_n}[combiner]
        table = _one_table(params)
        if sp_weights is None and table is not None and max_norm is None:
            # TF's graph reduces the table's rows at the ids at once, its gradient sparse
            return reduce(table, sp_ids.values, segment_ids, name=scope, sparse_gradient=True)
        return _combined(params, sp_ids, sp_weights, combiner, max_norm, partition_strategy,
                         segment_ids, reduce, scope)


def _ragged_ids(ids: RaggedTensor, weights: Any) -> tuple:
    """TF's ragged dispatch of embedding_lookup_sparse (ragged ids, and ragged weights of
    their shape or none): the SparseTensors of their entries, each row's ids one segment."""
    if weights is not None:
        if not isinstance(weights, RaggedTensor):  # (TF's message, its braces unformatted)
            raise TypeError("sp_ids must be of the same type as sp_weights, received "
                            "{type(sp_ids).__name__!r} for sp_ids and "
                            "{type(sp_weights).__name__!r} for sp_weights.")
        ids.values.shape.assert_is_compatible_with(weights.values.shape)
        ids.shape.assert_is_compatible_with(weights.shape)
        weights = weights.to_sparse()
    return ids.to_sparse(), weights


def _combined(params: Any, sp_ids: SparseTensor, sp_weights: Any, combiner: str,
              max_norm: Any, partition_strategy: str, segment_ids: Tensor, reduce: Any,
              scope: str) -> Tensor:
    """The unique ids' embeddings looked up, then reduced, or weighted and combined."""
    ids, idx = unique(sp_ids.values)
    embeddings = lookup_parts(params, ids, partition_strategy, max_norm, None)
    if sp_weights is None:
        return reduce(embeddings, idx, segment_ids, name=scope)
    segment_ids = cast(segment_ids, dt.int32)
    embeddings = gather(embeddings, idx)
    original = embeddings.dtype
    if original in (dt.float16, dt.bfloat16):
        embeddings = cast(embeddings, dt.float32)
    weights = cast(sp_weights.values, embeddings.dtype)
    # one weight per embedding, broadcast over its other axes
    rank_ones = ones_like(shape_op(embeddings)[1:])
    weights = reshape(weights, concat([shape_op(weights), rank_ones], 0))
    embeddings = segment_sum(embeddings * weights, segment_ids)
    if combiner == "mean":
        embeddings = div_no_nan(embeddings, segment_sum(weights, segment_ids))
    elif combiner == "sqrtn":
        embeddings = div_no_nan(embeddings, sqrt(segment_sum(square(weights), segment_ids)))
    return cast(embeddings, original) if embeddings.dtype != original else embeddings


def _one_table(params: Any) -> Any:
    """The one tensor (not a variable, not a list of parts) that params is, else None."""
    if isinstance(params, (list, tuple)) and len(params) == 1:
        params = params[0]
    if isinstance(params, (list, tuple, Variable)) or hasattr(params, "_variable_list"):
        return None
    return convert_to_tensor(params)


@dispatch_binding
def safe_embedding_lookup_sparse(embedding_weights: Any, sparse_ids: Any,
                                 sparse_weights: Any = None, combiner: str = "mean",
                                 default_id: Any = None, max_norm: Any = None,
                                 name: str | None = None,
                                 allow_fast_lookup: bool = False) -> Tensor:
    """embedding_lookup_sparse made safe: ids below 0 (and, unless summing, weights that are
    not positive) are dropped, empty rows give zeros (or default_id's embedding), and ids of
    any rank give embeddings of the same batch shape."""
    return _safe_lookup(embedding_weights, sparse_ids, sparse_weights, combiner, default_id,
                        max_norm, "div")


@dispatch_binding
@tf_name("safe_embedding_lookup_sparse")
def safe_embedding_lookup_sparse_v1(embedding_weights: Any, sparse_ids: Any,
                                    sparse_weights: Any = None, combiner: str = "mean",
                                    default_id: Any = None, name: str | None = None,
                                    partition_strategy: str = "div", max_norm: Any = None,
                                    allow_fast_lookup: bool = False) -> Tensor:
    """tf.compat.v1.nn.safe_embedding_lookup_sparse: the parts of a partitioned variable
    (or a list) looked up by TF 1's `partition_strategy`."""
    parts = getattr(embedding_weights, "_variable_list", None)  # a PartitionedVariable's
    return _safe_lookup(embedding_weights if parts is None else list(parts), sparse_ids,
                        sparse_weights, combiner, default_id, max_norm, partition_strategy)


def _safe_lookup(embedding_weights: Any, sparse_ids: Any, sparse_weights: Any, combiner: str,
                 default_id: Any, max_norm: Any, partition_strategy: str) -> Tensor:
    if embedding_weights is None:
        raise ValueError(f"Missing embedding_weights {embedding_weights}.")
    weights_list = list(embedding_weights) if isinstance(embedding_weights, (list, tuple)) \
        else [embedding_weights]
    if not weights_list:
        raise ValueError(f"Missing embedding_weights {weights_list}.")
    dtype = sparse_weights.dtype if sparse_weights is not None else None
    weights_list = [convert_to_tensor(w, dtype=dtype) for w in weights_list]
    if isinstance(sparse_ids, RaggedTensor):  # (TF's ragged dispatch: their entries)
        sparse_ids = sparse_ids.to_sparse()
        if isinstance(sparse_weights, RaggedTensor):
            sparse_weights = sparse_weights.to_sparse()
    if not isinstance(sparse_ids, SparseTensor):
        C.attr_read(sparse_ids, "dense_shape")  # (TF reads it unchecked: Python's error)
        raise TypeError(f"sparse_ids must be a SparseTensor, got {type(sparse_ids).__name__}")
    original_shape = sparse_ids.dense_shape
    rank = int(original_shape.shape[0])
    sparse_ids = reshape_sparse(sparse_ids, stack([reduce_prod(original_shape[:rank - 1]),
                                                   original_shape[rank - 1]]))
    if sparse_weights is not None:
        C.attr_read(sparse_weights, "values")
        sparse_weights = SparseTensor(sparse_ids.indices, sparse_weights.values,
                                      sparse_ids.dense_shape)
    keep = greater_equal(sparse_ids.values, 0)  # ids below 0 are invalid
    if combiner != "sum" and sparse_weights is not None:
        keep = logical_and(keep, greater(sparse_weights.values, 0))
    sparse_ids = retain(sparse_ids, keep)
    if sparse_weights is not None:
        sparse_weights = retain(sparse_weights, keep)
    sparse_ids, is_row_empty = fill_empty_rows(sparse_ids, default_id or 0)
    if sparse_weights is not None:
        sparse_weights, _ = fill_empty_rows(sparse_weights, 1.0)
    result = _lookup_sparse(weights_list, sparse_ids, sparse_weights, combiner, max_norm,
                            partition_strategy)
    if default_id is None:
        empty = tile(reshape(is_row_empty, [-1, 1]), stack([1, shape_op(result)[1]]))
        result = where(empty, zeros_like(result), result)
    return reshape(result, concat([cast(original_shape[:rank - 1], dt.int32),
                                   shape_op(result)[1:]], 0))
