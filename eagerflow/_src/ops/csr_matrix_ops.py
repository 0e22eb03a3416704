"""TF's CSR sparse matrix raw ops (tensorflow/core/kernels/sparse): a CSR matrix is a variant
scalar holding its dense shape (rank 2, or 3 for a batch), batch pointers, row pointers,
column indices and values (csr_value.py). The ops with CPU kernels in TF 2.21: the
conversions (SparseTensorToCSRSparseMatrix, DenseToCSRSparseMatrix and back),
CSRSparseMatrixComponents, SparseMatrixNNZ, SparseMatrixTranspose, SparseMatrixMatMul,
SparseMatrixSparseMatMul and SparseMatrixSparseCholesky. (SparseMatrixZeros, Add, Mul,
Softmax and SoftmaxGrad have GPU kernels only: csr_gpu_ops.py.)

TF has GPU kernels for all of them but the Cholesky (Eigen's, on the CPU): on a GPU they
run there over the device's arrays, as TF's do, the matrix's row pointers, columns and
values made and read there, the dense shape and batch pointers on the host (TF's host
memory); SparseMatrixNNZ, whose GPU kernel writes its counts in host memory, counts them
from the host's batch pointers on CPU:0, copying nothing. Where TF's GPU kernels differ
from its CPU ones, they are followed: the batch pointers of entries of unsorted batch items
count each item's entries (TF's CPU reads the items as sorted); a product's sums add in
the device's order (equal to TF's to float rounding). TF's GPU conversions check fewer
indices (DenseToCSRSparseMatrix's gather reads a zero for one outside the shape): here an
index outside the shape is refused on a GPU as on the CPU, with one read of a flag.

Ops layer, loaded lazily (tf.raw_ops, imported graphs). TF builds a matrix's rows from its
entries' positions: the row pointers count the entries of each row, the column indices and
values stay in the order they came (unsorted or repeated entries make a matrix whose rows hold
other rows' entries, as TF's do).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import add_at, to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import concat
from eagerflow._src.ops.csr_value import (
    CSRMatrixValue,
    _held,
    _held_matrix,
    _matrix,
    as_variant,
    from_entries,
)
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.math_base import conj
from eagerflow._src.ops.nd_indexing import gather_nd
from eagerflow._src.ops.reduce import reduce_sum
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.ops.transposing import transpose

_V = ((), dt.variant)
_TYPES = frozenset((dt.float32, dt.float64, dt.complex64, dt.complex128))


def _check_input(op: str, x: Any, index: int, want: dt.DType) -> None:
    if x._dtype is not want:
        raise C.wrong_input_dtype(op, index, "variant" if want is dt.variant else want,
                                  x._dtype)


def _check_variant(op: str, x: Any) -> None:
    _check_input(op, x, 0, dt.variant)


def _typed(op: str, x: Any, want: Any, words: str, xp: Any) -> CSRMatrixValue:
    """The matrix of `x` on `xp`'s device, refusing one of another dtype than `want`
    (`words` as TF's kernel says it, with {want} and {have})."""
    m = _matrix(op, x, 0, xp)
    want = dt.as_dtype(want)
    if m.dtype is not want:
        raise C.fail(op, words.format(want=C.dtype_word(want), have=C.dtype_word(m.dtype)))
    return m


def _out_dtype(op: str, type: Any) -> dt.DType:  # noqa: A002
    return C.check_dtype(op, _Spec(dt.as_dtype(type)), _TYPES, "type")


class _Spec:
    __slots__ = ("_dtype", "_shape")

    def __init__(self, d: dt.DType) -> None:
        self._dtype, self._shape = d, ()


# -- conversions ---------------------------------------------------------------------------

def _st_infer(indices: Any, values: Any, dense_shape: Any) -> list:
    C.check_dtype("SparseTensorToCSRSparseMatrix", values, _TYPES)
    _check_input("SparseTensorToCSRSparseMatrix", indices, 0, dt.int64)
    _check_input("SparseTensorToCSRSparseMatrix", dense_shape, 2, dt.int64)
    return [_V]


def _out_of_bounds(xp: Any, idx: Any, shape: Any) -> Any:
    """The first row of `idx` outside `shape` (a host array), or None: one read of a flag,
    and of the row where there is one."""
    bad = ((idx < 0) | (idx >= xp.asarray(np.asarray(shape, np.int64)))).any(axis=1)
    if not idx.shape[0] or not bool(bad.any()):
        return None
    i = int(bad.argmax())
    return i, to_host(idx[i])


def _st_kernel(xp: Any, indices: Any, values: Any, dense_shape: Any) -> np.ndarray:
    op = "SparseTensorToCSRSparseMatrix"
    idx, vals, shape = indices, values, to_host(dense_shape)
    for what, a, want in (("indices", idx, 2), ("values", vals, 1), ("shape", shape, 1)):
        if a.ndim != want:
            raise C.fail(op, f"Sparse {what} must be rank {want} but is rank {a.ndim}")
    if shape.size not in (2, 3):
        raise C.fail(op, f"SparseTensor must have rank 2 or 3; but indices has rank: "
                         f"{shape.size}")
    if idx.shape[0] != vals.shape[0]:
        raise C.fail(op, f"Number of elements in indices ({idx.shape[0]}) and values "
                         f"({vals.shape[0]}) do not match")
    if idx.shape[1] != shape.size:
        raise C.fail(op, f"Index rank ({idx.shape[1]}) and shape rank ({shape.size}) do not "
                         f"match")
    bad = _out_of_bounds(xp, idx, shape)
    if bad is not None:
        raise C.fail(op, f"Sparse index tuple indices[{bad[0]}, :] = "
                         f"[{', '.join(str(int(v)) for v in bad[1])}] is out of bounds")
    lead = [int(v) for v in shape[:-1]]
    C.check_size(op, (lead[0] * (lead[-1] + 1) if len(lead) == 2 else lead[0] + 1,), dt.int32)
    return as_variant(from_entries(xp, dt.as_dtype(vals.dtype), shape, idx, vals.copy()))


def _st_grad(node: Any, g: Any) -> list:
    t = node.attrs["T"] if "T" in node.attrs else node.inputs[1].dtype
    return [None, bind(CSR_TO_SPARSE_TENSOR, (g,), {"type": t})[1], None]


def _dense_infer(dense_input: Any, indices: Any) -> list:
    C.check_dtype("DenseToCSRSparseMatrix", dense_input, _TYPES)
    _check_input("DenseToCSRSparseMatrix", indices, 1, dt.int64)
    return [_V]


def _dense_kernel(xp: Any, dense_input: Any, indices: Any) -> np.ndarray:
    op = "DenseToCSRSparseMatrix"
    d, idx = dense_input, indices
    if d.ndim not in (2, 3):
        raise C.fail(op, f"params must have rank == 2 or 3; but saw shape: "
                         f"{C.shape_str(d.shape)}")
    if idx.ndim != 2:
        raise C.fail(op, f"indices must be a matrix, but saw shape: {C.shape_str(idx.shape)}")
    if idx.shape[1] != d.ndim:
        raise C.fail(op, f"indices.shape[1] must be equal to the rank of params, but saw: "
                         f"{idx.shape[1]} vs. {d.ndim}")
    bad = _out_of_bounds(xp, idx, d.shape)
    if bad is not None:
        raise C.fail(op, f"indices[{bad[0]}] = [{', '.join(str(int(v)) for v in bad[1])}] does "
                         f"not index into param shape [{','.join(str(s) for s in d.shape)}], "
                         f"node name: {op}")
    vals = d[tuple(idx.T)] if idx.size else xp.zeros(0, d.dtype)
    return as_variant(from_entries(xp, dt.as_dtype(d.dtype), d.shape, idx.astype(np.int64),
                                   vals))


def _dense_grad(node: Any, g: Any) -> list:
    return [bind(CSR_TO_DENSE, (g,), {"type": node.inputs[0].dtype}), None]


def _to_dense_infer(sparse_input: Any, type: Any) -> list:  # noqa: A002
    _check_variant("CSRSparseMatrixToDense", sparse_input)
    return [(None, _out_dtype("CSRSparseMatrixToDense", type))]


def _to_dense_kernel(xp: Any, sparse_input: Any, type: Any) -> Any:  # noqa: A002
    m = _typed("CSRSparseMatrixToDense", sparse_input, type,
               "Asked for a CSRSparseMatrix of type {want} but saw dtype: {have}", xp)
    C.check_size("CSRSparseMatrixToDense", tuple(int(v) for v in m.dense_shape), m.dtype)
    return m.dense(xp)


def _to_dense_grad(node: Any, g: Any) -> list:
    t = node.attrs["type"]
    indices, _, shape = bind(CSR_TO_SPARSE_TENSOR, (node.inputs[0],), {"type": t})
    return [bind(SPARSE_TENSOR_TO_CSR, (indices, gather_nd(g, indices), shape), {})]


def _to_st_infer(sparse_matrix: Any, type: Any) -> list:  # noqa: A002
    _check_variant("CSRSparseMatrixToSparseTensor", sparse_matrix)
    d = _out_dtype("CSRSparseMatrixToSparseTensor", type)
    return [((None, None), dt.int64), ((None,), d), ((None,), dt.int64)]


def _to_st_kernel(xp: Any, sparse_matrix: Any, type: Any) -> tuple:  # noqa: A002
    m = _typed("CSRSparseMatrixToSparseTensor", sparse_matrix, type,
               "Expected a CSRSparseMatrix of type {want} but saw type: {have}", xp)
    bi, ri, ci, v = m.coo(xp)
    cols = (ri, ci) if len(m.dense_shape) == 2 else (bi, ri, ci)
    indices = xp.stack(cols, axis=1) if bi.size else xp.zeros((0, len(cols)), np.int64)
    return indices, v.copy(), xp.asarray(m.dense_shape)


def _to_st_grad(node: Any, gi: Any, gv: Any, gs: Any) -> list:
    return [bind(SPARSE_TENSOR_TO_CSR, (node.outputs[0], gv, node.outputs[2]), {})]


# -- queries -------------------------------------------------------------------------------

def _nnz_infer(sparse_matrix: Any) -> list:
    _check_variant("SparseMatrixNNZ", sparse_matrix)
    return [(None, dt.int32)]


def _nnz_kernel(xp: Any, sparse_matrix: Any) -> np.ndarray:
    m = _held_matrix("SparseMatrixNNZ", sparse_matrix)  # (its batch pointers: the host's)
    counts = np.diff(m.batch_pointers).astype(np.int32)
    return counts if len(m.dense_shape) == 3 else counts[0]


def _components_infer(csr_sparse_matrix: Any, index: Any, type: Any) -> list:  # noqa: A002
    _check_variant("CSRSparseMatrixComponents", csr_sparse_matrix)
    _check_input("CSRSparseMatrixComponents", index, 1, dt.int32)
    d = _out_dtype("CSRSparseMatrixComponents", type)
    return [((None,), dt.int32), ((None,), dt.int32), ((None,), d)]


def _components_kernel(xp: Any, csr_sparse_matrix: Any, index: Any,
                       type: Any) -> tuple:  # noqa: A002
    op = "CSRSparseMatrixComponents"
    i = to_host(index)
    if i.ndim:
        raise C.fail(op, f"index should be a scalar, but saw: Tensor<type: int32 shape: "
                         f"{C.shape_str(i.shape)} values: "
                         f"{' '.join(str(int(v)) for v in i.reshape(-1)[:3])}>")
    m = _typed(op, csr_sparse_matrix, type, "dtype of input is not equal to 'type': {have} vs. "
                                            "{want}", xp)
    b, r, _ = m.batches()
    i = int(i)
    if not 0 <= i < b:
        raise C.fail(op, f"index ({i}) not in [0, {b})")
    lo, hi = int(m.batch_pointers[i]), int(m.batch_pointers[i + 1])
    return (m.row_pointers[i * (r + 1):(i + 1) * (r + 1)].copy(), m.col_indices[lo:hi].copy(),
            m.values[lo:hi].copy())


# -- transpose and products ----------------------------------------------------------------

def _variant_type_infer(op: str) -> Any:
    def infer(input: Any, type: Any, conjugate: bool = False) -> list:  # noqa: A002
        _check_variant(op, input)
        _out_dtype(op, type)
        return [_V]
    return infer


def _transposed(xp: Any, m: CSRMatrixValue, conjugate: bool) -> CSRMatrixValue:
    bi, ri, ci, v = m.coo(xp)
    order = xp.argsort(bi * (int(m.batches()[2]) + 1) + ci, kind="stable")
    values = v[order]
    shape = m.dense_shape.copy()
    shape[-2:] = shape[-2:][::-1]
    idx = xp.stack([bi[order], ci[order], ri[order]], axis=1)
    return from_entries(xp, m.dtype, shape, idx if len(shape) == 3 else idx[:, 1:],
                        xp.conj(values) if conjugate else values)


def _transpose_kernel(xp: Any, input: Any, type: Any, conjugate: bool = False) -> Any:  # noqa: A002
    m = _typed("SparseMatrixTranspose", input, type,
               "dtype of input is not equal to 'type': {have} vs. {want}", xp)
    return as_variant(_transposed(xp, m, bool(conjugate)))


def _transpose_grad(node: Any, g: Any) -> list:
    return [bind(SPARSE_MATRIX_TRANSPOSE, (g,), dict(node.attrs))]


def _flags(op: str, attrs: dict, which: str) -> tuple:
    t, a = bool(attrs.get(f"transpose_{which}", False)), bool(attrs.get(f"adjoint_{which}", False))
    if t and a:
        raise C.fail(op, f"Only one of adjoint_{which} and transpose_{which} may be true.")
    return t, a


def _apply(xp: Any, x: Any, t: bool, a: bool) -> Any:
    if t or a:
        x = xp.swapaxes(x, -1, -2)
    return xp.conj(x) if a else x


_MM_FLAGS = ("transpose_a", "transpose_b", "adjoint_a", "adjoint_b", "transpose_output",
             "conjugate_output")


def _mm_flags(flags: dict) -> dict:
    unknown = set(flags) - set(_MM_FLAGS)
    if unknown:
        raise TypeError(f"SparseMatrixMatMul got an unexpected attribute {sorted(unknown)[0]}")
    return {k: bool(flags.get(k, False)) for k in _MM_FLAGS}


def _op_entries(xp: Any, m: CSRMatrixValue, t: bool, a: bool) -> tuple:
    """(batch, row, col, value) of each entry of the matrix, transposed (t), adjoint (a)."""
    bi, ri, ci, v = m.coo(xp)
    v = xp.conj(v) if a else v
    return (bi, ci, ri, v) if t or a else (bi, ri, ci, v)


def _matmul_infer(a: Any, b: Any, **flags: bool) -> list:
    attrs = _mm_flags(flags)
    op = "SparseMatrixMatMul"
    _check_variant(op, a)
    if b._dtype not in _TYPES:
        raise C.no_kernel(op, ", ".join([f"T={C.dt_enum(b._dtype)}"] + [
            f"{k}={str(bool(attrs.get(k, False))).lower()}" for k in sorted(_MM_FLAGS)]),
            [dt.complex128, dt.complex64, dt.float64, dt.float32])
    return [(None, b._dtype)]


def _matmul_kernel(xp: Any, a: Any, b: Any, **flags: bool) -> Any:
    attrs = _mm_flags(flags)
    op = "SparseMatrixMatMul"
    ta, aa = _flags(op, attrs, "a")
    tb, ab = _flags(op, attrs, "b")
    m = _matrix(op, a, 0, xp)
    if m.dtype is not dt.as_dtype(b.dtype):
        raise C.fail(op, f"Input types don't match.  a.dtype == {C.dtype_word(m.dtype)} vs. "
                         f"b.dtype == {C.dtype_word(dt.as_dtype(b.dtype))}")
    rank = len(m.dense_shape)
    if rank != b.ndim:
        raise C.fail(op, f"Ranks of a and b must match, saw: {rank} vs. {b.ndim}.")
    if rank == 3 and int(m.dense_shape[0]) != b.shape[0]:
        raise C.fail(op, f"Batch sizes of a and b must match, saw: {int(m.dense_shape[0])} vs. "
                         f"{b.shape[0]}.")
    inner = int(m.dense_shape[-2 if ta or aa else -1])
    if inner != b.shape[-1 if tb or ab else -2]:
        raise C.fail(op, f"Inner product dimensions of A and B do not agree. Shapes are: "
                         f"{C.shape_str(tuple(int(v) for v in m.dense_shape))} vs. "
                         f"{C.shape_str(b.shape)}")
    bi, ri, ci, v = _op_entries(xp, m, ta, aa)
    rhs = _apply(xp, b, tb, ab)
    rhs = rhs if rank == 3 else rhs[None]
    rows = int(m.dense_shape[-1 if ta or aa else -2])
    C.check_size(op, (rhs.shape[0], rows, rhs.shape[-1]), m.dtype)
    out = xp.zeros((rhs.shape[0], rows, rhs.shape[-1]), b.dtype)
    add_at(xp, out, (bi, ri), v[:, None] * rhs[bi, ci])  # (entry by entry: A stays sparse)
    out = out if rank == 3 else out[0]
    if attrs.get("transpose_output"):
        out = xp.swapaxes(out, -1, -2)
    if attrs.get("conjugate_output"):
        out = xp.conj(out)
    return xp.ascontiguousarray(out)


def _last_two(x: Any) -> list:
    n = len(x.shape)
    return list(range(n - 2)) + [n - 1, n - 2]


def _matmul_grad(node: Any, g: Any) -> list:
    # As TF's: a's gradient at its entries only (rows of the output's gradient against rows
    # of b, gathered), b's a product with a: a stays sparse.
    attrs = node.attrs
    a, b = node.inputs
    t = node.outputs[0].dtype
    if attrs.get("conjugate_output"):
        g = conj(g)
    if attrs.get("transpose_output"):
        g = transpose(g, perm=_last_two(g))
    ta, aa = bool(attrs.get("transpose_a")), bool(attrs.get("adjoint_a"))
    tb, ab = bool(attrs.get("transpose_b")), bool(attrs.get("adjoint_b"))
    op_b = _apply_t(b, tb, ab)
    indices, _, shape = bind(CSR_TO_SPARSE_TENSOR, (a,), {"type": t})
    at_row, at_col = indices[:, :-1], concat([indices[:, :-2], indices[:, -1:]], axis=1)
    if ta or aa:  # (an entry (r, c) of a is (c, r) of the product's a)
        first, second = gather_nd(g, at_col), gather_nd(op_b, at_row)
        values = reduce_sum(conj(first) * second if aa else first * conj(second), axis=-1)
    else:
        values = reduce_sum(gather_nd(g, at_row) * conj(gather_nd(op_b, at_col)), axis=-1)
    d_a = bind(SPARSE_TENSOR_TO_CSR, (indices, values, shape), {})
    # op(b)'s gradient: op(a)^H g; with a^T, that is conj(a) g = conj(a conj(g))
    if ta:
        d_op_b = conj(bind(SPARSE_MATRIX_MATMUL, (a, conj(g)), {}))
    else:
        d_op_b = bind(SPARSE_MATRIX_MATMUL, (a, g), {"adjoint_a": not aa})
    return [d_a, _apply_t(d_op_b, tb, ab)]


def _apply_t(x: Any, t: bool, a: bool) -> Any:
    return transpose(x, perm=_last_two(x), conjugate=a) if t or a else x


def _spmm_infer(a: Any, b: Any, type: Any,  # noqa: A002
                transpose_a: bool = False, transpose_b: bool = False,
                adjoint_a: bool = False, adjoint_b: bool = False) -> list:
    _check_variant("SparseMatrixSparseMatMul", a)
    _check_input("SparseMatrixSparseMatMul", b, 1, dt.variant)
    _out_dtype("SparseMatrixSparseMatMul", type)
    return [_V]




def _spmm_kernel(xp: Any, a: Any, b: Any, type: Any,  # noqa: A002
                transpose_a: bool = False, transpose_b: bool = False,
                adjoint_a: bool = False, adjoint_b: bool = False) -> Any:
    attrs = dict(transpose_a=transpose_a, transpose_b=transpose_b, adjoint_a=adjoint_a,
                 adjoint_b=adjoint_b)
    op = "SparseMatrixSparseMatMul"
    ta, aa = _flags(op, attrs, "a")
    tb, ab = _flags(op, attrs, "b")
    ms = [_typed(op, x, type, f"dtype of {w} is not equal to 'type': {{have}} vs. {{want}}",
                 xp) for x, w in ((a, "a"), (b, "b"))]
    (ba, ra, ca), (bb, rb, cb) = (m.batches() for m in ms)
    inner = (ra if ta or aa else ca, cb if tb or ab else rb)
    shapes = [tuple(int(v) for v in m.dense_shape) for m in ms]
    if len(shapes[0]) != len(shapes[1]) or inner[0] != inner[1]:
        raise C.fail(op, f"Inner product dimensions of A and B do not agree.  Shapes are: "
                         f"{C.shape_str(shapes[0])} vs. {C.shape_str(shapes[1])}")
    if ba != bb:
        raise C.fail(op, f"Batch sizes of A and B are not compatible.  Batch sizes are: {ba} "
                         f"vs. {bb}")
    rows, cols = (ca if ta or aa else ra), (rb if tb or ab else cb)
    shape = (*shapes[0][:-2], rows, cols)
    ab_, ai, ak, av = _op_entries(xp, ms[0], ta, aa)
    bb_, bk, bj, bv = _op_entries(xp, ms[1], tb, ab)
    # (each stored entry of op(a) meets the entries of op(b)'s row of its column: op(b)'s
    # entries sorted by row, each of op(a)'s finds its run of them)
    k = max(inner[0], 1)
    order = xp.argsort(bb_ * k + bk, kind="stable")
    keys = (bb_ * k + bk)[order]
    lo = xp.searchsorted(keys, ab_ * k + ak, side="left")
    counts = xp.searchsorted(keys, ab_ * k + ak, side="right") - lo
    ends = xp.cumsum(counts)
    total = int(ends[-1]) if counts.size else 0
    C.check_size(op, (total,), ms[0].dtype)
    if not total:
        return as_variant(from_entries(xp, ms[0].dtype, shape,
                                       xp.zeros((0, len(shape)), np.int64), av[:0]))
    pair = xp.arange(total, dtype=np.int64)
    left = xp.searchsorted(ends, pair, side="right")
    right = order[lo[left] + pair - (ends - counts)[left]]
    # (each product of two stored entries is an entry, zero or not; rows' columns sorted)
    places, where_ = xp.unique((ab_[left] * rows + ai[left]) * max(cols, 1) + bj[right],
                               return_inverse=True)
    vals = xp.zeros(places.size, ms[0].values.dtype)
    add_at(xp, vals, where_.reshape(-1), av[left] * bv[right])
    idx = xp.stack([places // max(rows * cols, 1), places // max(cols, 1) % max(rows, 1),
                    places % max(cols, 1)], axis=1)
    return as_variant(from_entries(xp, ms[0].dtype, shape,
                                   idx if len(shape) == 3 else idx[:, 1:], vals))


def _spmm_grad(node: Any, g: Any) -> list:
    # TF's gradient reads the inputs' handle data, which an eager tensor has none of
    text = getattr(_held(to_host(node.inputs[0])), "variant_text", "<unknown>")
    raise ValueError(f"matrix has missing handle data: tf.Tensor({text}, shape=(), "
                     f"dtype=variant)")


# -- sparse Cholesky -----------------------------------------------------------------------
# TF's kernel (Eigen's SimplicialLLT) reads the lower triangle of each matrix as the whole
# Hermitian matrix, permutes it (row and column i are the input's permutation[i]) and gives
# the factor L of the symbolic factorization: each place of L that elimination can fill
# holds an entry, zero or not. TF checks no permutation's values (one out of range crashes
# it): here one out of range is refused.

def _chol_infer(input: Any, permutation: Any, type: Any) -> list:  # noqa: A002
    op = "SparseMatrixSparseCholesky"
    _check_variant(op, input)
    _check_input(op, permutation, 1, dt.int32)
    _out_dtype(op, type)
    return [_V]


def _symbolic(pattern: np.ndarray) -> np.ndarray:
    """The places of L that the elimination fills, from the lower pattern of the matrix."""
    filled = np.tril(pattern)
    for k in range(len(filled)):
        below = np.nonzero(filled[k + 1:, k])[0] + k + 1
        filled[np.ix_(below, below)] |= np.tril(np.ones((len(below),) * 2, bool))
    return filled


def _chol_kernel(xp: Any, input: Any, permutation: Any, type: Any) -> Any:  # noqa: A002
    op = "SparseMatrixSparseCholesky"
    m = _typed(op, input, type, "Asked for a CSRSparseMatrix of type {want} but saw dtype: "
                                "{have}", np)
    perm = to_host(permutation)
    b, r, c = m.batches()
    rank = len(m.dense_shape)
    if r != c:
        raise C.fail(op, f"sparse matrix must be square; got: {r} != {c}")
    if rank != perm.ndim + 1:
        raise C.fail(op, f"sparse matrix must have the same rank as permutation; got: {rank} "
                         f"!= {perm.ndim} + 1.")
    perm = perm.reshape(-1, perm.shape[-1]) if perm.size else perm.reshape(b, -1)
    if perm.shape[-1] != r:
        raise C.fail(op, f"permutation must have the same number of elements in each batch as "
                         f"the number of rows in sparse matrix; got: {perm.shape[-1]} != {r}")
    if perm.shape[0] != b:
        raise C.fail(op, f"permutation must have the same batch size as sparse matrix; got: "
                         f"{perm.shape[0]} != {b}")
    if perm.size and (perm.min() < 0 or perm.max() >= r):
        raise C.fail(op, f"permutation's values must be in [0, {r})")
    C.check_size(op, (b, r, r), m.dtype)
    bi, ri, ci, v = m.coo()
    lower = ci <= ri
    dense = np.zeros((b, r, r), m.values.dtype)
    pattern = np.zeros((b, r, r), bool)
    np.add.at(dense, (bi[lower], ri[lower], ci[lower]), v[lower])
    pattern[bi[lower], ri[lower], ci[lower]] = True
    entries, values = [], []
    for i in range(b):
        p = perm[i]
        low = np.tril(dense[i], -1)
        full = (low + np.conj(low.T) + np.diag(np.diag(dense[i]).real))[np.ix_(p, p)]
        sym = pattern[i] | pattern[i].T
        filled = _symbolic(sym[np.ix_(p, p)])
        try:
            factor = np.linalg.cholesky(full)
        except np.linalg.LinAlgError:
            factor = None
        if factor is None or not np.isfinite(factor).all():
            raise C.fail(op, f"Sparse Cholesky factorization failed for batch index {i}. The "
                             f"input might not be valid.")
        at = np.argwhere(filled)
        entries.append(np.concatenate([np.full((len(at), 1), i), at], axis=1))
        values.append(factor[filled])
    idx = np.concatenate(entries) if entries else np.zeros((0, 3), np.int64)
    vals = np.concatenate(values).astype(m.values.dtype, copy=False) if values else \
        np.zeros(0, m.values.dtype)
    return as_variant(from_entries(np, m.dtype, m.dense_shape, idx if rank == 3 else idx[:, 1:],
                                   vals))


# -- references: entry by entry ------------------------------------------------------------

def _ref_build(dtype: Any, shape: Any, entries: list) -> np.ndarray:
    """A matrix of (batch, row, col, value) entries, in their order, row by row counted."""
    shape = [int(v) for v in shape]
    b, r = (1, shape[0]) if len(shape) == 2 else shape[:2]
    counts = [[0] * r for _ in range(b)]
    for e in entries:
        counts[e[0]][e[1]] += 1
    rows, batch = [], [0]
    for c in counts:
        rows.append(0)
        for n in c:
            rows.append(rows[-1] + n)
        batch.append(batch[-1] + sum(c))
    vals = np.array([e[3] for e in entries], dt.as_dtype(dtype).as_numpy_dtype)
    return as_variant(CSRMatrixValue(dt.as_dtype(dtype), shape, batch,
                                     np.array(rows, np.int32),
                                     np.array([e[2] for e in entries], np.int32), vals))


def _ref_entries(m: Any) -> list:
    m = _held(m)
    b, r, _ = m.batches()
    out = []
    for i in range(b):
        base = int(m.batch_pointers[i])
        ptrs = m.row_pointers[i * (r + 1):(i + 1) * (r + 1)]
        for row in range(r):
            for j in range(int(ptrs[row]), int(ptrs[row + 1])):
                out.append((i, row, int(m.col_indices[base + j]), m.values[base + j]))
    return out


def _ref_from_st(indices: Any, values: Any, shape: Any) -> np.ndarray:
    lead = len(shape) == 2
    return _ref_build(values.dtype, shape, [((0, *ix) if lead else tuple(ix)) + (v,)
                                            for ix, v in zip(indices.tolist(), values)])


def _ref_dense(m: Any) -> np.ndarray:
    h = _held(m)
    b, r, c = h.batches()
    out = np.zeros((b, r, c), h.values.dtype)
    for i, row, col, v in _ref_entries(m):
        out[i, row, col] = v
    return out[0] if len(h.dense_shape) == 2 else out


def _ref_to_st(m: Any) -> tuple:
    h = _held(m)
    rank = len(h.dense_shape)
    entries = _ref_entries(m)
    idx = np.array([e[3 - rank:3] for e in entries], np.int64).reshape(-1, rank)
    return idx, np.array([e[3] for e in entries], h.values.dtype), h.dense_shape


def _ref_transpose(m: Any, conjugate: bool) -> np.ndarray:
    h = _held(m)
    entries = _ref_entries(m)
    out = [(i, col, row, np.conj(v) if conjugate else v)
           for i in range(h.batches()[0]) for c in range(h.batches()[2])
           for (i2, row, col, v) in entries if i2 == i and col == c]
    shape = list(h.dense_shape)
    shape[-2:] = shape[-2:][::-1]
    return _ref_build(h.dtype, shape, out)


def _ref_op(x: np.ndarray, t: bool, a: bool) -> np.ndarray:
    x = np.swapaxes(x, -1, -2) if t or a else x
    return np.conj(x) if a else x


def _ref_matmul(m: Any, b: Any, transpose_a: bool = False, transpose_b: bool = False,
                adjoint_a: bool = False, adjoint_b: bool = False,
                transpose_output: bool = False, conjugate_output: bool = False) -> Any:
    h = _held(m)
    a = np.zeros(h.batches(), h.values.dtype)
    for i, row, col, v in _ref_entries(m):
        a[i, row, col] += v
    a = a[0] if len(h.dense_shape) == 2 else a
    out = _ref_op(a, transpose_a, adjoint_a) @ _ref_op(b, transpose_b, adjoint_b)
    out = np.swapaxes(out, -1, -2) if transpose_output else out
    return np.conj(out) if conjugate_output else out


def _ref_spmm(ma: Any, mb: Any, type: Any, transpose_a: bool = False,  # noqa: A002
              transpose_b: bool = False, adjoint_a: bool = False,
              adjoint_b: bool = False) -> np.ndarray:
    prod = _ref_matmul(ma, _ref_matmul(mb, np.eye(_held(mb).batches()[2])), transpose_a,
                       transpose_b, adjoint_a, adjoint_b)
    sa, sb = (_held(x).batches() for x in (ma, mb))
    pa, pb = np.zeros(sa), np.zeros(sb)
    for p, x in ((pa, ma), (pb, mb)):
        for i, row, col, _ in _ref_entries(x):
            p[i, row, col] = 1
    keep = _ref_op(pa, transpose_a or adjoint_a, False) @ \
        _ref_op(pb, transpose_b or adjoint_b, False)
    prod = prod.reshape(keep.shape)
    entries = [(i, row, col, prod[i, row, col]) for i, row, col in zip(*np.nonzero(keep))]
    shape = [*_held(ma).dense_shape[:-2], *prod.shape[-2:]]
    return _ref_build(type, shape, entries)


def _ref_nnz(m: Any) -> np.ndarray:
    h = _held(m)
    counts = [0] * h.batches()[0]
    for i, *_ in _ref_entries(m):
        counts[i] += 1
    return np.array(counts if len(h.dense_shape) == 3 else counts[0], np.int32)


def _ref_components(m: Any, index: Any, type: Any) -> tuple:  # noqa: A002
    h = _held(m)
    entries = [e for e in _ref_entries(m) if e[0] == int(index)]
    rows = [0] * (h.batches()[1] + 1)
    for e in entries:
        rows[e[1] + 1] += 1
    return (np.cumsum(rows).astype(np.int32), np.array([e[2] for e in entries], np.int32),
            np.array([e[3] for e in entries], h.values.dtype))


def _ref_chol(m: Any, perm: Any, type: Any) -> np.ndarray:  # noqa: A002
    h = _held(m)
    b, r, _ = h.batches()
    perm = perm.reshape(b, r)
    entries = []
    for i in range(b):
        a = np.zeros((r, r), h.values.dtype)
        seen = np.zeros((r, r), bool)
        for bi, row, col, v in _ref_entries(m):
            if bi == i and col <= row:
                a[row, col] += v
                a[col, row] = np.conj(a[row, col])
                seen[row, col] = seen[col, row] = True
        p = list(perm[i])
        a, seen = a[np.ix_(p, p)], seen[np.ix_(p, p)]
        low = np.zeros((r, r), a.dtype)  # (Cholesky-Banachiewicz, row by row)
        for x in range(r):
            for y in range(x + 1):
                total = a[x, y] - sum(low[x, z] * np.conj(low[y, z]) for z in range(y))
                low[x, y] = np.sqrt(total.real) if x == y else total / low[y, y]
        fill = seen.copy()
        for k in range(r):
            for x in range(k + 1, r):
                for y in range(k + 1, x):
                    fill[x, y] |= fill[x, k] and fill[y, k]
        entries += [(i, x, y, low[x, y]) for x in range(r) for y in range(x + 1)
                    if fill[x, y] or x == y]
    return _ref_build(type, h.dense_shape, entries)


# -- samples -------------------------------------------------------------------------------

def _m(values: Any, indices: Any, shape: Any) -> np.ndarray:
    v = np.asarray(values)
    idx = np.asarray(indices, np.int64).reshape(-1, len(shape))
    return as_variant(from_entries(np, dt.as_dtype(v.dtype), shape, idx, v))


def _d3(dtype: Any = np.float32) -> np.ndarray:
    return np.array([[1, 0, 2], [0, 0, 3], [4, 0, 0]], dtype)


def _mat3(dtype: Any = np.float32) -> np.ndarray:
    d = _d3(dtype)
    return _m(d[d != 0], np.argwhere(d != 0), d.shape)


def _batch(dtype: Any = np.float64) -> np.ndarray:
    d = np.stack([_d3(dtype), _d3(dtype).T * 2])
    return _m(d[d != 0], np.argwhere(d != 0), d.shape)


def _spd() -> tuple:
    a = np.array([[4.0, 1, 0, 1], [1, 3, 0, 0], [0, 0, 2, 1], [1, 0, 1, 5]])
    return a[a != 0], np.argwhere(a != 0), a.shape


def _cplx() -> np.ndarray:
    d = np.array([[1 + 2j, 0], [3j, 4]], np.complex128)
    return _m(d[d != 0], np.argwhere(d != 0), d.shape)


_IDX = np.argwhere(_d3() != 0)
# (TF's GPU kernels take and make the matrices: boxes, passed as they are)
_CSR = dict(no_fold=True, holds_variants=True, tf=TFForm(takes_handles=True))

SPARSE_TENSOR_TO_CSR = register(OpDef(
    "SparseTensorToCSRSparseMatrix", _st_infer, _st_kernel, grad=_st_grad,
    reference=_ref_from_st, host_inputs=(2,), **_CSR,
    samples=lambda: [
        Sample((np.array([[2, 0], [0, 1], [0, 0]]), np.float32([1, 2, 3]), np.int64([3, 3])),
               grad=False),
        Sample((np.array([[0, 0, 1], [1, 2, 0]]), np.complex64([1j, 2]), np.int64([2, 3, 3])),
               grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([[5, 0]]), np.float32([1]), np.int64([3, 3])), {},
                  InvalidArgumentError, "Sparse index tuple indices[0, :] = [5, 0] is out of "
                                        "bounds"),
        BadSample((np.array([[0]]), np.float32([1]), np.int64([3])), {}, InvalidArgumentError,
                  "SparseTensor must have rank 2 or 3; but indices has rank: 1"),
        BadSample((np.array([[0, 0], [1, 1]]), np.float32([1]), np.int64([3, 3])), {},
                  InvalidArgumentError, "Number of elements in indices (2) and values (1) do "
                                        "not match"),
        BadSample((np.array([[0, 0, 0]]), np.float32([1]), np.int64([3, 3])), {},
                  InvalidArgumentError, "Index rank (3) and shape rank (2) do not match"),
        BadSample((np.array([[0, 0]]), np.int32([1]), np.int64([3, 3])), {},
                  InvalidArgumentError, "Value for attr 'T' of int32 is not in the list of "
                                        "allowed values")],
))

DENSE_TO_CSR = register(OpDef(
    "DenseToCSRSparseMatrix", _dense_infer, _dense_kernel, grad=_dense_grad,
    reference=lambda d, idx: _ref_from_st(idx, np.array([d[tuple(i)] for i in idx], d.dtype),
                                          d.shape), **_CSR,
    samples=lambda: [Sample((_d3(), _IDX), grad=False),
                     Sample((_d3(np.complex128), np.array([[2, 0], [0, 0], [1, 1]])),
                            grad=False)],
    bad_samples=lambda: [
        BadSample((np.float32([1, 2]), np.array([[0]])), {}, InvalidArgumentError,
                  "params must have rank == 2 or 3; but saw shape: [2]"),
        BadSample((_d3(), np.array([[5, 0]])), {}, InvalidArgumentError,
                  "indices[0] = [5, 0] does not index into param shape [3,3], node name: "
                  "DenseToCSRSparseMatrix"),
        BadSample((_d3(), np.array([[0, 0, 0]])), {}, InvalidArgumentError,
                  "indices.shape[1] must be equal to the rank of params, but saw: 3 vs. 2")],
))

CSR_TO_DENSE = register(OpDef(
    "CSRSparseMatrixToDense", _to_dense_infer, _to_dense_kernel, grad=_to_dense_grad,
    reference=lambda m, **_: _ref_dense(m), **_CSR,
    samples=lambda: [Sample((_mat3(),), {"type": dt.float32}, grad=False),
                     Sample((_batch(),), {"type": dt.float64}, grad=False),
                     Sample((_m(np.float32([1, 2]), [[0, 1], [0, 1]], [3, 3]),),
                            {"type": dt.float32}, grad=False)],
    bad_samples=lambda: [
        BadSample((_mat3(),), {"type": dt.complex64}, InvalidArgumentError,
                  "Asked for a CSRSparseMatrix of type complex64 but saw dtype: float"),
        BadSample((np.stack([_mat3()] * 2),), {"type": dt.float32}, InvalidArgumentError,
                  "Invalid input matrix: Shape must be rank 0 but is rank 1")],
))

CSR_TO_SPARSE_TENSOR = register(OpDef(
    "CSRSparseMatrixToSparseTensor", _to_st_infer, _to_st_kernel, grad=_to_st_grad,
    reference=lambda m, **_: _ref_to_st(m),
    num_outputs=3, **_CSR,
    samples=lambda: [Sample((_mat3(),), {"type": dt.float32}, grad=False),
                     Sample((_batch(),), {"type": dt.float64}, grad=False)],
    bad_samples=lambda: [BadSample((_mat3(),), {"type": dt.float64}, InvalidArgumentError,
                                   "Expected a CSRSparseMatrix of type double but saw type: "
                                   "float")],
))

CSR_COMPONENTS = register(OpDef(
    "CSRSparseMatrixComponents", _components_infer, _components_kernel, grad=C.no_gradient,
    reference=_ref_components,
    num_outputs=3, host_inputs=(1,), **_CSR,
    samples=lambda: [Sample((_mat3(), np.int32(0)), {"type": dt.float32}, grad=False),
                     Sample((_batch(), np.int32(1)), {"type": dt.float64}, grad=False)],
    bad_samples=lambda: [
        BadSample((_mat3(), np.int32(1)), {"type": dt.float32}, InvalidArgumentError,
                  "index (1) not in [0, 1)"),
        BadSample((_batch(), np.int32(-1)), {"type": dt.float64}, InvalidArgumentError,
                  "index (-1) not in [0, 2)"),
        BadSample((_mat3(), np.int32(0)), {"type": dt.float64}, InvalidArgumentError,
                  "dtype of input is not equal to 'type': float vs. double")],
))

SPARSE_MATRIX_NNZ = register(OpDef(
    "SparseMatrixNNZ", _nnz_infer, _nnz_kernel, reference=_ref_nnz,
    gpu=False,  # (TF's GPU kernel keeps its result in host memory: the host's counts)
    **_CSR,
    samples=lambda: [Sample((_mat3(),), grad=False), Sample((_batch(),), grad=False)],
    bad_samples=lambda: [BadSample((np.float32(1),), {}, InvalidArgumentError,
                                   "expected to be a variant tensor but is a float tensor")],
))

SPARSE_MATRIX_TRANSPOSE = register(OpDef(
    "SparseMatrixTranspose", _variant_type_infer("SparseMatrixTranspose"), _transpose_kernel,
    grad=_transpose_grad,
    reference=lambda m, conjugate=False, **_: _ref_transpose(m, conjugate), **_CSR,
    samples=lambda: [
        Sample((_m(np.float32([1, 2, 3]), [[2, 0], [0, 1], [0, 0]], [3, 3]),),
               {"type": dt.float32}, grad=False),
        Sample((_batch(),), {"type": dt.float64}, grad=False),
        Sample((_cplx(),), {"type": dt.complex128, "conjugate": True}, grad=False)],
    bad_samples=lambda: [BadSample((_mat3(),), {"type": dt.float64}, InvalidArgumentError,
                                   "dtype of input is not equal to 'type': float vs. double")],
))

SPARSE_MATRIX_MATMUL = register(OpDef(
    "SparseMatrixMatMul", _matmul_infer, _matmul_kernel, grad=_matmul_grad,
    reference=_ref_matmul, **_CSR,
    samples=lambda: [
        Sample((_mat3(), _d3()), grad=False),
        Sample((_mat3(), _d3()), {"transpose_a": True, "transpose_output": True}, grad=False),
        Sample((_batch(), np.arange(18.).reshape(2, 3, 3)), {"transpose_output": True},
               grad=False),
        Sample((_cplx(), np.array([[1 + 2j, 0], [3j, 4]])),
               {"adjoint_a": True, "adjoint_b": True, "conjugate_output": True}, grad=False),
        Sample((_mat3(), np.ones((2, 3), np.float32)), {"transpose_b": True}, grad=False)],
    bad_samples=lambda: [
        BadSample((_mat3(), np.ones((2, 2), np.float32)), {}, InvalidArgumentError,
                  "Inner product dimensions of A and B do not agree. Shapes are: [3,3] vs. "
                  "[2,2]"),
        BadSample((_mat3(), np.ones((3, 2))), {}, InvalidArgumentError,
                  "Input types don't match.  a.dtype == float vs. b.dtype == double"),
        BadSample((_mat3(), np.ones(3, np.float32)), {}, InvalidArgumentError,
                  "Ranks of a and b must match, saw: 2 vs. 1."),
        BadSample((_mat3(), _d3()), {"transpose_a": True, "adjoint_a": True},
                  InvalidArgumentError, "Only one of adjoint_a and transpose_a may be true.")],
))

SPARSE_MATRIX_SPARSE_MATMUL = register(OpDef(
    "SparseMatrixSparseMatMul", _spmm_infer, _spmm_kernel, grad=_spmm_grad,
    reference=_ref_spmm, **_CSR,
    samples=lambda: [
        Sample((_mat3(), _mat3()), {"type": dt.float32}, grad=False),
        Sample((_cplx(), _cplx()), {"type": dt.complex128, "adjoint_a": True,
                                    "transpose_b": True}, grad=False),
        Sample((_batch(), _batch()), {"type": dt.float64, "transpose_a": True}, grad=False),
        Sample((_cplx(), _cplx()), {"type": dt.complex128, "adjoint_b": True}, grad=False)],
    bad_samples=lambda: [
        BadSample((_mat3(), _batch()), {"type": dt.float32}, InvalidArgumentError,
                  "dtype of b is not equal to 'type': double vs. float"),
        BadSample((_mat3(), _mat3()), {"type": dt.float64}, InvalidArgumentError,
                  "dtype of a is not equal to 'type': float vs. double"),
        BadSample((_batch(np.float32), _mat3()), {"type": dt.float32}, InvalidArgumentError,
                  "Inner product dimensions of A and B do not agree.  Shapes are: [2,3,3] vs. "
                  "[3,3]")],
))

SPARSE_CHOLESKY = register(OpDef(
    "SparseMatrixSparseCholesky", _chol_infer, _chol_kernel, grad=C.no_gradient,
    reference=_ref_chol, gpu=False, **_CSR,  # (TF's CPU kernel only: Eigen's)
    samples=lambda: [
        Sample((_m(*_spd()), np.int32([3, 1, 0, 2])), {"type": dt.float64}, grad=False),
        Sample((_m(np.float32([4, 1, 4, 1, 4]), [[0, 0], [1, 0], [1, 1], [2, 0], [2, 2]],
                   [3, 3]), np.int32([0, 1, 2])), {"type": dt.float32}, grad=False),
        Sample((_m(np.complex128([4, 1 + 1j, 3, 2]), [[0, 0], [1, 0], [1, 1], [2, 2]],
                   [3, 3]), np.int32([2, 0, 1])), {"type": dt.complex128}, grad=False)],
    bad_samples=lambda: [
        BadSample((_mat3(), np.int32([0, 1, 2])), {"type": dt.float32}, InvalidArgumentError,
                  "Sparse Cholesky factorization failed for batch index 0. The input might not "
                  "be valid."),
        BadSample((_mat3(), np.int32([0, 1])), {"type": dt.float32}, InvalidArgumentError,
                  "permutation must have the same number of elements in each batch as the "
                  "number of rows in sparse matrix; got: 2 != 3"),
        BadSample((_mat3(), np.int32([[0, 1, 2]])), {"type": dt.float32}, InvalidArgumentError,
                  "sparse matrix must have the same rank as permutation; got: 2 != 2 + 1."),
        BadSample((_mat3(), np.int32([0, 1, 2])), {"type": dt.float64}, InvalidArgumentError,
                  "Asked for a CSRSparseMatrix of type double but saw dtype: float")],
))
