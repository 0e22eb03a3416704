"""What the sparse structure ops share (sparse_shape_ops.py, sparse_join_ops.py): the
checks TF's kernels make of a SparseTensor's parts, its static dims, and the index
arithmetic (TF's row-major entry order, C's integer division).

Ops layer, under the two modules that use it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dynshape import Spec
from eagerflow._src.ops.topk_order import std_sort

_I = np.int64
_I64 = dt.int64



def static_dim(x: Any, k: int) -> int | None:
    s = x._shape
    return s[k] if s is not None and len(s) > k else None


def int64_inputs(op: str, inputs: tuple) -> None:
    """TF's refusal of an index or shape input other than int64 ((position, tensor) pairs)."""
    for i, x in inputs:
        if x._dtype is not _I64:
            raise C.wrong_input_dtype(op, i, _I64, x._dtype)


def in_kernel(*inputs: Any) -> bool:
    """Whether the op's checks that TF makes in its kernel (not its shape function) apply
    now: eagerly, or when the kernel runs; a traced call leaves them to run time, where
    TF's graph raises them."""
    return not any(C.is_graph_tensor(x) for x in inputs)


def create_checks(op: str, indices: Any, values: Any, shape: Any) -> None:
    """The checks of TF's SparseTensor made of an op's inputs: the ranks of its parts, then
    (in the kernel) their lengths."""
    for x, what, want in ((indices, "indices", 2), (values, "values", 1), (shape, "shape", 1)):
        if x._shape is not None and len(x._shape) != want:
            raise C.fail(op, f"Sparse {what} must be rank {want} but is rank {len(x._shape)}")
    if not in_kernel(indices, values, shape):
        return
    n, m = static_dim(indices, 0), static_dim(values, 0)
    if None not in (n, m) and n != m:
        raise C.fail(op, f"Number of elements in indices ({n}) and values ({m}) do not match")
    r, k = static_dim(indices, 1), static_dim(shape, 0)
    if None not in (r, k) and r != k:
        raise C.fail(op, f"Index rank ({r}) and shape rank ({k}) do not match")


def want_shape(op: str, x: Any, rank: int, message: str) -> None:
    """`message` ({} filled with the shape) when `x`'s known rank is not `rank`."""
    if x._shape is not None and len(x._shape) != rank:
        raise C.fail(op, message.format(C.shape_str(x._shape)))


def host_ints(x: Any) -> np.ndarray:
    return np.asarray(to_host(x), np.int64)


def dims_text(v: Any) -> str:
    return ",".join(str(int(d)) for d in v)


def row_major(idx: np.ndarray, dims: list | None = None) -> np.ndarray:
    """The order TF's SparseTensor::Reorder puts entries in: libstdc++'s std::sort (not
    stable) of the entries by their index rows in `dims` (all, in order, by default),
    lexicographically. Without ties, or with 16 entries or fewer (its insertion sort),
    that is the stable order NumPy gives; with ties, TF's introsort is replayed."""
    rows = idx if dims is None else idx[:, dims]
    n = len(rows)
    if rows.shape[1] == 0:
        keys = np.zeros(n, _I)
    else:
        keys = np.unique(rows, axis=0, return_inverse=True)[1].reshape(-1)
    if n <= 16 or len(np.unique(keys)) == n:
        return np.argsort(keys, kind="stable")
    order, k = list(range(n)), keys.tolist()
    std_sort(order, lambda a, b: k[a] < k[b])
    return np.array(order, _I)


def specs(arrays: tuple) -> tuple:
    return tuple(Spec(a) for a in arrays)


def out_rank(*parts: tuple) -> int | None:
    """The sparse rank that the first known of (tensor, dim) pairs gives."""
    for x, k in parts:
        r = static_dim(x, k)
        if r is not None:
            return r
    return None


def neg_dims(op: str, dims: np.ndarray, message: str = "Expected shape dimensions to be "
                                                          "non-negative, got {}") -> None:
    neg = dims[dims < 0]
    if neg.size:
        raise C.fail(op, message.format(int(neg[0])))


def c_divmod(xp: Any, a: Any, d: int) -> tuple:
    """C's integer quotient and remainder of int64s `a` by `d`: toward zero, exact (no
    float on the way, as CuPy's fmod of integers takes)."""
    q = xp.sign(a) * (xp.abs(a) // d)
    return q, a - q * d
