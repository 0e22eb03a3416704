"""`sparse * dense` and `sparse / dense`: the two Python operators TF 2.21 defines on a
SparseTensor, binding its SparseDenseCwiseMul and SparseDenseCwiseDiv (sparse_reduce_ops).

Installed on core's SparseTensor by operators.py. `dense * sparse`, `sparse + x`, `-sparse`
stay unsupported, as in TF.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.sparse_tensor import SparseTensor

# (the sparse families load on a SparseTensor operator's first use)
sparse_reduce_ops = lazy_module("eagerflow._src.ops.sparse_reduce_ops")


def sparse_mul(sp: SparseTensor, y: Any) -> Any:
    """`sp * y` (TF's SparseDenseCwiseMul)."""
    return sparse_reduce_ops.sparse_dense_cwise(sp, y, sparse_reduce_ops.SPARSE_DENSE_CWISE_MUL)


def sparse_truediv(sp: SparseTensor, y: Any) -> Any:
    """`sp / y` (TF's SparseDenseCwiseDiv, integers divided as floats as truediv does)."""
    return sparse_reduce_ops.sparse_dense_cwise(sp, y, sparse_reduce_ops.SPARSE_DENSE_CWISE_DIV)


def install() -> None:
    SparseTensor.__mul__ = sparse_mul
    SparseTensor.__truediv__ = sparse_truediv
