"""tf.where over ragged operands, as TF's ragged dispatch computes it: the coordinates of a
ragged condition's True items, and the three-operand select through TF's legacy ragged
broadcast (RaggedTensorDynamicShape): its checks in its words, the dense operands it
reshapes or refuses (int32 row splits), and the static shapes it leaves. Registered on
import.

Ops layer, after ragged_dispatch.py; loaded with the ragged family by ragged.py.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import array, math, ragged_legacy_shape
from eagerflow._src.ops import composite_dispatch as cd
from eagerflow._src.ops import ragged_functions as rf
from eagerflow._src.ops.array import concat as dense_concat
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.math_base import cast, where
from eagerflow._src.ops.ragged_broadcast import (
    aligned,
    broadcast_all,
    same_partitions,
    where_legacy_uniform,
    where_shape,
)
from eagerflow._src.ops.ragged_tensor import RaggedTensor, check_splits_dtypes
from eagerflow._src.ops.row_partition import wrapper_scope


def _where(condition: Any, x: Any = None, y: Any = None, name: str | None = None) -> Any:
    if x is None and y is None:
        return _true_coordinates(condition)
    if x is None or y is None:
        raise ValueError("x and y must be either both None or both non-None")
    parts = [v for v in (condition, x, y) if isinstance(v, RaggedTensor)]
    # (TF converts a Python operand on its own: SelectV2 then refuses another dtype)
    condition, x, y = (v if isinstance(v, (RaggedTensor, Tensor)) else convert_to_tensor(v)
                       for v in (condition, x, y))
    check_splits_dtypes(*parts)  # (TF's first check)
    shapes = [where_shape(v) for v in (condition, x, y)]
    if None not in shapes:  # (known sizes: TF's broadcast checks, in its words)
        _legacy_broadcast_dense(ragged_legacy_shape.check_broadcast(shapes),
                                (condition, x, y), parts[0].row_splits_dtype)
        # (TF broadcasts the ragged operands too, and a dense one of a higher rank)
        higher = any(not isinstance(v, RaggedTensor) and v.shape.rank is not None and
                     v.shape.rank > parts[0].shape.rank for v in (condition, x, y))
        if higher or not same_partitions(parts):
            dense = [v for v in (condition, x, y) if not isinstance(v, RaggedTensor)]
            c, x, y = broadcast_all([condition, x, y])
            out = c.with_flat_values(where(c.flat_values, x.flat_values, y.flat_values))
            return where_legacy_uniform(out, dense) if higher else out
    else:
        d = parts[0].row_splits_dtype
        if all(_traced_where_operand(v) for v in (condition, x, y)):
            # (sizes known when the traced function runs: TF's checks then, in its scope)
            with wrapper_scope(name, "RaggedWhere"):
                ragged_legacy_shape.check_broadcast_traced([_traced_where_shape(v, d)
                                                             for v in (condition, x, y)])
        condition, x, y = _legacy_broadcast_dense_traced([condition, x, y], d, name)
    first = parts[0]
    for other in parts[1:]:
        rf._assert_same_partition(first, other)

    def flat(v: Any) -> Any:
        return v.flat_values if isinstance(v, RaggedTensor) else aligned(first, v)

    out = first.with_flat_values(where(flat(condition), flat(x), flat(y)))
    if None in shapes and out._uniform_row_length is not None:
        # (traced: TF's legacy broadcast rebuilt the outer partition from its row
        # lengths, so its uniform length is no longer static, a dense operand's too)
        out = RaggedTensor._make(out.values, out.row_splits)
    return out


def _legacy_broadcast_dense(shape: Any, operands: tuple, d: dt.DType) -> None:
    """TF's legacy broadcast_to of tf.where's dense operands of a lower rank than the
    broadcast `shape`, in order: one of fewer dimensions than the inner ones and one more
    is reshaped to [-1, *inner] first (Reshape's refusal where its size does not divide),
    then its outer dimensions added, which int32 row splits refuse (its messages)."""
    for v in operands:
        if isinstance(v, RaggedTensor) or v.shape.rank is None:
            continue
        rank = v.shape.rank
        if rank < len(shape.inner) + 1:
            # (a shape tensor, as TF's concat of the sizes: its error names no name)
            array.reshape(v, convert_to_tensor([-1, *shape.inner], dt.int64))
            rank = len(shape.inner) + 1
        refusal = ragged_legacy_shape.dense_operand_refusal(
            rank, len(shape.partitioned), len(shape.inner), d is dt.int32)
        if refusal is not None:
            raise ValueError(refusal)


def _legacy_broadcast_dense_traced(operands: list, d: dt.DType, name: str | None) -> list:
    """_legacy_broadcast_dense while a graph is built, from the operands' static ranks: a
    dense operand of fewer dimensions than the inner ones and one reshaped to [-1, *inner]
    (its Reshape fails as TF's when the function runs; where it does not, the same
    values), the int32 row splits' refusals raised now. The operands, so reshaped."""
    ragged = [v for v in operands if isinstance(v, RaggedTensor)]
    ranks = [v.shape.rank for v in operands]
    if None in ranks:
        return operands
    partitioned = max(v.ragged_rank for v in ragged) + 1
    inner = max(ranks) - partitioned
    if inner < 0:
        return operands
    out = []
    for v, rank in zip(operands, ranks):
        if not isinstance(v, RaggedTensor) and rank < max(ranks):
            if rank < inner + 1:
                deepest = max(ragged, key=lambda r: r.flat_values.shape.rank)
                dims = array.shape(deepest.flat_values, out_type=dt.int64)[1:]
                # (TF's sizes come through its broadcast's selects: no static shape the
                # Reshape could be refused by while the graph is built)
                dims = where(math.equal(dims, 1), dims, dims)
                with wrapper_scope(name, "RaggedWhere"):
                    v = array.reshape(v, array.concat(
                        [convert_to_tensor([-1], dt.int64), dims], 0))
                rank = inner + 1
            refusal = ragged_legacy_shape.dense_operand_refusal(
                rank, partitioned, inner, d is dt.int32)
            if refusal is not None:
                raise ValueError(refusal)
        out.append(v)
    return out


def _traced_where_operand(v: Any) -> bool:
    """Whether tf.where's traced check covers operand `v`: a ragged one of one ragged
    dimension and no inner ones, or a dense one of a known rank of 2 at most."""
    if isinstance(v, RaggedTensor):
        return v.ragged_rank == 1 and v.flat_values.shape.rank == 1
    return v.shape.rank is not None and v.shape.rank <= 2


def _traced_where_shape(v: Any, d: dt.DType) -> tuple:
    """An operand's (rows, second dimension, ragged) for TF's traced broadcast check: a
    dense one's leading dimensions of 1 added up to rank 2."""
    if isinstance(v, RaggedTensor):
        return cast(v.nrows(), d), cast(v.row_lengths(), d), True
    dims = array.concat([array.ones([2 - v.shape.rank], d), array.shape(v, out_type=d)], 0)
    return dims[0], dims[1], False


def _true_coordinates(condition: Any) -> Tensor:
    """tf.where(condition) of a ragged condition: the int64 coordinates [N, rank] of its
    True items, row-major, found level by level from the flat values up."""
    if not isinstance(condition, RaggedTensor):
        return where(condition)
    inner = _true_coordinates(condition.values)
    level = condition.with_row_splits_dtype(dt.int64) \
        if condition.row_splits_dtype is not dt.int64 else condition
    first = inner[:, 0]
    rows = gather(level.value_rowids(), first)
    cols = first - gather(level.row_splits, rows)
    return dense_concat([array.expand_dims(rows, 1), array.expand_dims(cols, 1), inner[:, 1:]],
                        1)


cd.register(where, _where)
