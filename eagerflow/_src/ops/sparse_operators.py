"""`sparse * dense` and `sparse / dense`: the two Python operators TF 2.21 defines on a
SparseTensor (its SparseDenseCwiseMul and SparseDenseCwiseDiv), as composites of public
ops, so they trace and differentiate as those do.

Installed on core's SparseTensor by operators.py. The dense operand is converted to the
sparse values' dtype, and it broadcasts to the sparse tensor's dense shape only (never
the other way): each stored value is multiplied (divided) by the dense entry at its
position. `dense * sparse`, `sparse + x`, `-sparse` stay unsupported, as in TF.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.backend import to_host
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import math as m
from eagerflow._src.ops.array import zeros_like
from eagerflow._src.ops.eager_errors import raised_eagerly
from eagerflow._src.ops.nd_indexing import gather_nd
from eagerflow._src.ops.stacking import stack


def _known_dims(t: Any) -> tuple | None:
    arr = getattr(t, "_arr", None)
    return None if arr is None else tuple(int(d) for d in to_host(arr))


def dense_at_values(sp: SparseTensor, y: Any, op: str) -> Any:
    """y's entry at each of sp's stored positions (y broadcast to sp's dense shape)."""
    ys = y._shape
    dims = _known_dims(sp._dense_shape)
    rank = len(dims) if dims is not None else sp.shape.rank
    if dims is not None and ys is not None:
        ok = len(ys) <= len(dims) and all(
            d in (1, s) for d, s in zip(ys[::-1], dims[::-1]) if d is not None)
        if not ok:
            raise raised_eagerly(C.fail(
                op, "SparseDenseBinaryOpShared broadcasts dense to sparse only; got "
                    f"incompatible shapes: {C.shape_str(dims)} vs. {C.shape_str(ys)}"), host=True)
    if ys is not None and len(ys) == 0:
        return y
    if ys is None or rank is None:
        raise InvalidArgumentError(None, None, "eagerflow needs the ranks of both operands of "
                                               f"a sparse-dense product [Op:{op}]")
    cols = []
    for j, d in enumerate(ys):
        col = sp._indices[:, rank - len(ys) + j]
        cols.append(zeros_like(col) if d == 1 else col)
    return gather_nd(y, stack(cols, axis=1))


def _binary(sp: SparseTensor, y: Any, op: str, divide: bool) -> Any:
    if isinstance(y, SparseTensor):
        raise ValueError(f"Attempt to convert a value ({y!r}) with an unsupported type "
                         f"({type(y)!r}) to a Tensor.")
    values = sp._values
    try:
        y = y if isinstance(y, Tensor) and y._dtype is values._dtype else \
            convert_to_tensor(y, dtype=values._dtype)
    except ValueError as e:  # TF converts it as the op's input "y", which its message names
        raise ValueError(f"y: {e}") from None
    picked = dense_at_values(sp, y, op)
    if divide:
        out = m.truediv(values, picked)
    else:
        out = m.multiply(values, picked)
    return SparseTensor._of(sp._indices, out, sp._dense_shape)


def sparse_mul(sp: SparseTensor, y: Any) -> Any:
    """`sp * y` (TF's SparseDenseCwiseMul)."""
    return _binary(sp, y, "SparseDenseCwiseMul", divide=False)


def sparse_truediv(sp: SparseTensor, y: Any) -> Any:
    """`sp / y` (TF's SparseDenseCwiseDiv, integers divided as floats as truediv does)."""
    return _binary(sp, y, "SparseDenseCwiseDiv", divide=True)


def install() -> None:
    SparseTensor.__mul__ = sparse_mul
    SparseTensor.__truediv__ = sparse_truediv
