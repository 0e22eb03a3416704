"""Sparse primitives as TF's kernels: SparseTensorDenseMatMul
(tf.sparse.sparse_dense_matmul), the counts of sparse and ragged values (SparseBincount,
DenseCountSparseOutput, SparseCountSparseOutput, RaggedCountSparseOutput: tf.sparse.bincount
and tf.math.bincount) and DeserializeSparse (DeserializeManySparse's kernel, reused).

Ops layer, after the sparse training ops and before the ragged family (whose tf.math.bincount
handler and tf.sparse.bincount bind these; RaggedGather is in ragged_ops.py); loaded on
first use. Each kernel checks its inputs in TF's kernel's order and words, and computes on
the host (TF's count ops have CPU kernels only).
"""

from __future__ import annotations

import contextlib
import functools
from typing import Any

import numpy as np

from eagerflow._src.backend import add_at, to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError, UnimplementedError
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.runtime_options import op_determinism_enabled
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import Tensor, check_finite_size, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import histogram_ops
from eagerflow._src.ops import sparse_serialization as ser
from eagerflow._src.ops.array import constant, expand_dims, squeeze, transpose
from eagerflow._src.ops.debugging import assert_equal
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.linalg import matmul
from eagerflow._src.ops.math import maximum, minimum
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.reduce import reduce_max, reduce_prod
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_NO_SCOPE = contextlib.nullcontext(None)


def api_scope(name: str) -> Any:
    """The name scope TF's API function opens for its nodes while a graph is built (so
    they are named as TF's: "count/SparseCountSparseOutput"), else none."""
    return name_scope(name) if _state.graph is not None else _NO_SCOPE


def no_weights(d: dt.DType) -> Any:
    """TF's empty weights of dtype `d` (a Const "Const" in a graph): counts, not sums."""
    return constant(np.zeros(0, d.as_numpy_dtype), d)


def _i64(x: Any) -> np.ndarray:
    return np.asarray(x, np.int64)



# ---------------------------------------------------------------------------------------
# SparseTensorDenseMatMul: a sparse matrix (COO) times a dense one.
# ---------------------------------------------------------------------------------------

_MATMUL = "SparseTensorDenseMatMul"
_MATMUL_TYPES = (dt.bfloat16, dt.complex128, dt.complex64, dt.int32, dt.float64, dt.float32,
                 dt.float16)


def _matmul_infer(a_indices: Any, a_values: Any, a_shape: Any, b: Any, *,
                  adjoint_a: bool = False, adjoint_b: bool = False) -> list:
    op = _MATMUL
    C.check_dtype(op, a_indices, C.INDEX, "Tindices")
    if a_shape._dtype is not dt.int64:
        raise C.wrong_input_dtype(op, 2, dt.int64, a_shape._dtype)
    # (TF looks for a kernel of the values' dtype first: a string sparse matrix times a
    # float one has none, before its float input is the wrong dtype)
    if a_values._dtype not in _MATMUL_TYPES:
        attrs = (f"T={C.dt_enum(a_values._dtype)}, Tindices={C.dt_enum(a_indices._dtype)}, "
                 f"adjoint_a={str(adjoint_a).lower()}, adjoint_b={str(adjoint_b).lower()}")
        raise C.no_kernel(op, attrs, others=[
            ("CPU", f"T in [{C.dt_enum(d)}]; Tindices in [{i}]")
            for d in _MATMUL_TYPES for i in ("DT_INT32", "DT_INT64")])
    if b._dtype is not a_values._dtype:
        raise C.wrong_input_dtype(op, 3, a_values._dtype, b._dtype)
    for x, rank, words in ((b, 2, "Tensor 'b' is not a matrix"),
                           (a_indices, 2, "Tensor 'a_indices' is not a matrix"),
                           (a_values, 1, "Tensor 'a_values' is not a vector"),
                           (a_shape, 1, "Tensor 'a_shape' is not a vector")):
        if x._shape is not None and len(x._shape) != rank:
            raise C.fail(op, words)
    if a_shape._shape is not None and a_shape._shape[0] not in (None, 2):
        raise C.fail(op, "Tensor 'a_shape' must have 2 elements")
    nnz = (None if a_indices._shape is None else a_indices._shape[0],
           None if a_values._shape is None else a_values._shape[0])
    if None not in nnz and nnz[0] != nnz[1]:
        raise C.fail(op, "Number of rows of a_indices does not match number of entries in "
                         "a_values")
    if a_indices._shape is not None and a_indices._shape[1] not in (None, 2):
        raise C.fail(op, "Number of columns of a_indices does not match number of entries in "
                         "a_shape")
    known = getattr(a_shape, "_arr", None)
    dims = None if known is None else [int(d) for d in to_host(known).reshape(-1)]
    if dims is not None and b._shape is not None:
        _check_inner(dims, b._shape, adjoint_a, adjoint_b)
    cols = None if b._shape is None else b._shape[0 if adjoint_b else 1]
    rows = None if dims is None else dims[1 if adjoint_a else 0]
    return [((rows if rows is None or rows >= 0 else None, cols), a_values._dtype)]


def _check_inner(dims: list, b_shape: tuple, adjoint_a: bool, adjoint_b: bool) -> None:
    inner_a, inner_b = dims[0 if adjoint_a else 1], b_shape[1 if adjoint_b else 0]
    if inner_b is not None and inner_a != inner_b:
        raise C.fail(_MATMUL, f"Cannot multiply A and B because inner dimension does not "
                              f"match: {inner_a} vs. {inner_b}.  Did you forget a transpose?  "
                              f"Dimensions of A: [{dims[0]}, {dims[1]}).  Dimensions of B: "
                              f"[{b_shape[0]},{b_shape[1]}]")


def _matmul_kernel(xp: Any, a_indices: Any, a_values: Any, a_shape: Any, b: Any, *,
                   adjoint_a: bool = False, adjoint_b: bool = False) -> Any:
    if xp is not np and a_values.dtype.kind == "V":  # bfloat16: summed in bfloat16, as TF
        return xp.asarray(_matmul_kernel(np, *map(to_host, (a_indices, a_values, a_shape, b)),
                                         adjoint_a=adjoint_a, adjoint_b=adjoint_b))
    dims = [int(d) for d in to_host(a_shape).reshape(-1)]  # (a host input, as TF's)
    _check_inner(dims, b.shape, adjoint_a, adjoint_b)
    rows = dims[1 if adjoint_a else 0]
    if rows < 0:  # (TF's kernel aborts the process making its output)
        raise C.fail(_MATMUL, f"Expected shape dimensions to be non-negative, got {rows}")
    bm = b.T if adjoint_b else b
    out_shape = (rows, bm.shape[1])
    check_finite_size(_MATMUL, out_shape, dt.as_dtype(a_values.dtype))
    if xp is not np and a_values.dtype.kind in "fc" and op_determinism_enabled():
        # (TF's GPU kernel adds with atomics and refuses to run under op determinism)
        raise UnimplementedError(None, None, "A deterministic GPU implementation of "
                                             "SparseTensorDenseMatmulOp is not currently "
                                             f"available. [Op:{_MATMUL}]")
    idx = a_indices.astype(np.int64)
    m = idx[:, 1 if adjoint_a else 0]
    k = idx[:, 0 if adjoint_a else 1]
    k_ok = (k >= 0) & (k < bm.shape[0])
    m_ok = (m >= 0) & (m < rows)
    if xp is np or a_values.dtype.kind not in "fc":  # (TF runs integers on its CPU kernel)
        bad = ~(k_ok & m_ok)
        if bool(bad.any()):
            _out_of_bounds(to_host(m), to_host(k), to_host(bad), rows, bm.shape[0],
                           adjoint_a)
    vals = xp.conj(a_values) if adjoint_a else a_values
    if adjoint_b:
        bm = xp.conj(bm)
    # half sums in float (TF's accumulator for it); bfloat16 and the rest in their own type,
    # entry by entry in the order given (on a GPU, the device's atomic adds: any order)
    acc = np.dtype(np.float32) if vals.dtype == np.float16 else vals.dtype
    terms = vals.astype(acc)[:, None] * bm[xp.where(k_ok, k, 0)].astype(acc)
    # TF's GPU kernel checks no index and has nowhere to report one (so nothing is read
    # back): an entry whose row is outside the output adds nothing (here to a spare row
    # past the end), one whose column is outside b adds NaN across its row of the output
    if acc.kind in "fc":
        terms = xp.where(k_ok[:, None], terms,
                         acc.type(complex(np.nan, np.nan) if acc.kind == "c" else np.nan))
    out = xp.zeros((rows + 1, out_shape[1]), acc)
    add_at(xp, out, xp.where(m_ok, m, rows), terms)
    return out[:rows].astype(vals.dtype, copy=False)


def _out_of_bounds(m: np.ndarray, k: np.ndarray, bad: np.ndarray, rows: int, inner: int,
                   adjoint_a: bool) -> None:
    """TF's error for the first entry out of bounds: its column into b checked before its
    row of the output."""
    i = int(np.argmax(bad))
    col, row = (0, 1) if adjoint_a else (1, 0)
    if not 0 <= k[i] < inner:
        raise C.fail(_MATMUL, f"k ({k[i]}) from index[{i},{col}] out of bounds (>={inner})")
    raise C.fail(_MATMUL, f"m ({m[i]}) from index[{i},{row}] out of bounds (>={rows})")


def _matmul_reference(a_indices: np.ndarray, a_values: np.ndarray, a_shape: np.ndarray,
                      b: np.ndarray, *, adjoint_a: bool = False, adjoint_b: bool = False
                      ) -> np.ndarray:
    a = np.zeros([int(d) for d in a_shape], a_values.dtype)
    for (i, j), v in zip(np.asarray(a_indices).tolist(), a_values):
        a[i, j] += v
    a = a.conj().T if adjoint_a else a
    bb = b.conj().T if adjoint_b else b
    wide = np.complex128 if a.dtype.kind == "c" else np.float64
    out = a.astype(wide) @ bb.astype(wide)
    return out.astype(a_values.dtype)


def _matmul_grad(n: Any, g: Any) -> list:
    """TF's gradient: b's is the product of A's adjoint with the output's gradient (itself
    one SparseTensorDenseMatMul), the values' each the dot product of the gradient's row
    and b's row that met at the entry (gathers and a batched matmul)."""
    indices, values, shape, b = n.inputs
    adjoint_a, adjoint_b = n.attrs.get("adjoint_a", False), n.attrs.get("adjoint_b", False)
    g_b = bind(SPARSE_TENSOR_DENSE_MAT_MUL, (indices, values, shape, g),
               {"adjoint_a": not adjoint_a, "adjoint_b": False})
    if adjoint_b:
        g_b = transpose(g_b, conjugate=True)
    rows, cols = indices[:, 0], indices[:, 1]
    if adjoint_a:
        rows, cols = cols, rows
    # (each value's gradient is the output gradient's row against b's row, one conjugated:
    # b's unless A was, as TF's complex gradients take conjugates)
    parts_g = expand_dims(gather(g, rows), 1)
    parts_b = expand_dims(gather(transpose(b, conjugate=True) if adjoint_b else b, cols), 1)
    pair = (parts_b, parts_g) if adjoint_a else (parts_g, parts_b)
    g_values = squeeze(matmul(*pair, adjoint_b=True), [-2, -1])
    return [None, g_values, None, g_b]


SPARSE_TENSOR_DENSE_MAT_MUL = register(OpDef(
    _MATMUL, _matmul_infer, _matmul_kernel, grad=_matmul_grad, reference=_matmul_reference,
    host_inputs=(2,),
    samples=lambda: [
        Sample((_i64([[0, 1], [1, 0], [2, 2]]), np.array([1.5, -2.0, 0.5]), _i64([3, 3]),
                np.arange(6.0).reshape(3, 2)), grad_inputs=(1, 3)),
        Sample((_i64([[0, 1], [1, 0], [1, 2]]), np.array([1.5, -2.0, 0.5]), _i64([2, 3]),
                np.arange(6.0).reshape(3, 2) - 2), {"adjoint_a": True, "adjoint_b": True},
               grad_inputs=(1, 3)),
        Sample((np.array([[0, 0], [0, 0], [1, 1]], np.int32),
                np.array([1.0, 2.0, -1.0], np.float32), _i64([2, 2]),
                np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], np.float32)), grad=False),
        Sample((_i64([[0, 1], [1, 0]]), np.array([1 + 2j, 3 - 1j]), _i64([2, 2]),
                np.array([[1 + 1j, 2 - 1j], [3j, 4]])), {"adjoint_a": True},
               grad=False),
        Sample((_i64([[0, 0], [1, 1]]), np.array([3, -4], np.int32), _i64([2, 2]),
                np.array([[1, 2], [3, 4]], np.int32)), grad=False),
        Sample((np.zeros((0, 2), np.int64), np.zeros(0, np.float32), _i64([0, 2]),
                np.ones((2, 3), np.float32)), grad=False)],
    bad_samples=lambda: [
        # (checks of TF's CPU kernel: its GPU kernel adds NaN or nothing instead)
        BadSample((_i64([[0, 5]]), np.array([1.0], np.float32), _i64([2, 2]),
                   np.ones((2, 3), np.float32)), {}, InvalidArgumentError,
                  "k (5) from index[0,1] out of bounds (>=2)", cpu_only=True),
        BadSample((_i64([[7, 0]]), np.array([1.0], np.float32), _i64([2, 2]),
                   np.ones((2, 3), np.float32)), {}, InvalidArgumentError,
                  "m (7) from index[0,0] out of bounds (>=2)", cpu_only=True),
        BadSample((_i64([[0, 1]]), np.array([1.0], np.float32), _i64([2, 2]),
                   np.ones((3, 3), np.float32)), {}, InvalidArgumentError,
                  "Cannot multiply A and B because inner dimension does not match: 2 vs. 3.  "
                  "Did you forget a transpose?  Dimensions of A: [2, 2).  Dimensions of B: "
                  "[3,3]"),
        BadSample((_i64([[0, 1]]), np.array([1.0, 2.0], np.float32), _i64([2, 2]),
                   np.ones((2, 3), np.float32)), {}, InvalidArgumentError,
                  "Number of rows of a_indices does not match number of entries in a_values"),
        BadSample((_i64([[0, 1]]), np.array([1.0], np.float32), _i64([2, 2, 2]),
                   np.ones((2, 3), np.float32)), {}, InvalidArgumentError,
                  "Tensor 'a_shape' must have 2 elements"),
        BadSample((_i64([[0, 1]]), np.array([1.0], np.float32), _i64([2, 2]),
                   np.ones(2, np.float32)), {}, InvalidArgumentError,
                  "Tensor 'b' is not a matrix"),
        BadSample((_i64([[0, 0]]), np.array([1], np.int64), _i64([1, 1]),
                   np.ones((1, 1), np.int64)), {}, NotFoundError,
                  "Could not find device for node: {{node SparseTensorDenseMatMul}} = "
                  "SparseTensorDenseMatMul[T=DT_INT64, Tindices=DT_INT64, adjoint_a=false, "
                  "adjoint_b=false]\nAll kernels registered for op SparseTensorDenseMatMul:\n"
                  "  device='CPU'; T in [DT_BFLOAT16]; Tindices in [DT_INT32]\n")],
))


# ---------------------------------------------------------------------------------------
# The counts with a sparse output: Dense/Sparse/RaggedCountSparseOutput. Each batch (a
# row: of a matrix, of a SparseTensor's first index, of a ragged tensor) counts its values
# below maxlength (or sums their weights); the output holds each batch's distinct values
# in order, its last dimension maxlength when one is given, else the largest value + 1
# (at least minlength).
# ---------------------------------------------------------------------------------------

_COUNT_TYPES = frozenset((dt.int32, dt.int64, dt.float32, dt.float64))
_COUNT_ATTRS = ("minlength", "maxlength")


def _count_attrs(op: str, values: Any, weights: Any, minlength: int, maxlength: int) -> None:
    C.check_dtype(op, values, C.INDEX)
    C.check_dtype(op, weights, _COUNT_TYPES, "output_type")
    for what, v in zip(_COUNT_ATTRS, (minlength, maxlength)):
        C.attr_at_least(op, what, AV.make_int(v, what), -1)


def _counts(op: str, batch: np.ndarray, vals: np.ndarray, weights: np.ndarray, nbatch: int,
            minlength: int, maxlength: int, binary_output: bool, batched: bool) -> tuple:
    """The sparse counts of `vals` (flat), entry i in batch `batch[i]`."""
    if vals.size and int(vals.min()) < 0:
        raise C.fail(op, "Input values must all be non-negative")
    keep = vals < maxlength if maxlength >= 0 else np.ones(vals.shape, bool)
    b, v = batch[keep], vals[keep].astype(np.int64)
    w = weights.reshape(-1)[keep] if weights.size else None
    if maxlength >= 0:
        size = maxlength
    else:
        top = int(v.max()) if v.size else 0
        size = max(top + 1 if top < 2**63 - 1 else -2**63, minlength)  # (TF's int64 wraps)
    order = np.lexsort((v, b))  # stable: a cell's weights sum in their order
    b, v = b[order], v[order]
    first = np.ones(len(b), bool)
    first[1:] = (b[1:] != b[:-1]) | (v[1:] != v[:-1])
    starts = np.flatnonzero(first)
    out_type = weights.dtype
    if binary_output:
        sums = np.ones(len(starts), out_type)
    elif w is None:
        sums = np.diff(np.append(starts, len(b))).astype(out_type)
    else:
        sums = np.zeros(len(starts), out_type)
        np.add.at(sums, np.cumsum(first) - 1, w[order])  # sequential, in entry order
    cells = np.stack([b[starts], v[starts]], 1) if batched else v[starts][:, None]
    shape = [nbatch, size] if batched else [size]
    return cells.astype(np.int64).reshape(-1, 2 if batched else 1), sums, _i64(shape)


def _count_outputs(values: Any, weights: Any, rank: int | None) -> list:
    return [((None, rank), dt.int64), ((None,), weights._dtype), ((rank,), dt.int64)]


def _count_reference(batch: list, vals: list, weights: np.ndarray, nbatch: int,
                     minlength: int, maxlength: int, binary_output: bool,
                     batched: bool) -> tuple:
    table: dict = {}
    for i, (bi, vi) in enumerate(zip(batch, vals)):
        if maxlength < 0 or vi < maxlength:
            add = 1 if binary_output or not weights.size else weights.reshape(-1)[i]
            cell = (bi, vi) if batched else (vi,)
            table[cell] = add if binary_output else table.get(cell, 0) + add
    kept = [v for v in vals if maxlength < 0 or v < maxlength]
    size = maxlength if maxlength >= 0 else max(max(kept, default=0) + 1, minlength)
    cells = sorted(table)
    return (np.array(cells, np.int64).reshape(-1, 2 if batched else 1),
            np.array([table[c] for c in cells], weights.dtype),
            _i64([nbatch, size] if batched else [size]))


# -- DenseCountSparseOutput: a vector, or a matrix's rows ----------------------------------

_DENSE_COUNT = "DenseCountSparseOutput"


def _dense_count_infer(values: Any, weights: Any, *, binary_output: bool, minlength: int = -1,
                       maxlength: int = -1) -> list:
    _count_attrs(_DENSE_COUNT, values, weights, minlength, maxlength)
    r = C.rank(values)
    if r is not None and r not in (1, 2):
        raise C.fail(_DENSE_COUNT, f"Input must be a 1 or 2-dimensional tensor. Got: "
                                   f"{C.shape_str(values._shape)}")
    return _count_outputs(values, weights, r)


def _dense_count_kernel(xp: Any, values: Any, weights: Any, *, binary_output: bool,
                        minlength: int = -1, maxlength: int = -1) -> tuple:
    op = _DENSE_COUNT
    v, w = np.asarray(values), np.asarray(weights)
    if v.size and int(v.min()) < 0:
        raise C.fail(op, "Input values must all be non-negative")
    if w.size and w.shape != v.shape:
        raise C.fail(op, f"Weights and data must have the same shape. Weight shape: "
                         f"{C.shape_str(w.shape)}; data shape: {C.shape_str(v.shape)}")
    batched = v.ndim == 2
    if batched and v.shape[0] == 0:
        raise C.fail(op, "Invalid input: Shapes dimension cannot be 0.")
    batch = np.repeat(np.arange(v.shape[0]), v.shape[1]) if batched else \
        np.zeros(v.size, np.int64)
    return _counts(op, batch, v.reshape(-1), w, v.shape[0] if batched else 1, minlength,
                   maxlength, binary_output, batched)


def _dense_count_reference(values: np.ndarray, weights: np.ndarray, *, binary_output: bool,
                           minlength: int = -1, maxlength: int = -1) -> tuple:
    batched = values.ndim == 2
    batch = [i // values.shape[1] for i in range(values.size)] if batched else \
        [0] * values.size
    return _count_reference(batch, values.reshape(-1).tolist(), weights,
                            values.shape[0] if batched else 1, minlength, maxlength,
                            binary_output, batched)


DENSE_COUNT_SPARSE_OUTPUT = register(OpDef(
    _DENSE_COUNT, _dense_count_infer, _dense_count_kernel, num_outputs=3, gpu=False,
    grad=C.no_gradient, reference=_dense_count_reference,
    samples=lambda: [
        Sample((np.array([3, 1, 3, 0], np.int32), np.zeros(0, np.float32)),
               {"binary_output": False}, grad=False),
        Sample((np.array([[3, 1, 3], [9, 1, 0]], np.int64),
                np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])),
               {"binary_output": False, "minlength": 12}, grad=False),
        Sample((np.array([[3, 1], [0, 0], [5, 5]], np.int32), np.zeros(0, np.int64)),
               {"binary_output": True, "maxlength": 4}, grad=False),
        Sample((np.array([2, 2, 7], np.int64), np.array([1, -3, 4], np.int32)),
               {"binary_output": False, "maxlength": 5}, grad=False),
        Sample((np.zeros(0, np.int32), np.zeros(0, np.float64)), {"binary_output": False},
               grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([3, -1], np.int32), np.zeros(0, np.float32)),
                  {"binary_output": False}, InvalidArgumentError,
                  "Input values must all be non-negative"),
        BadSample((np.array([3, 1], np.int32), np.array([1.0, 2.0, 3.0], np.float32)),
                  {"binary_output": False}, InvalidArgumentError,
                  "Weights and data must have the same shape. Weight shape: [3]; data shape: "
                  "[2]"),
        BadSample((np.array([[[3]]], np.int32), np.zeros(0, np.float32)),
                  {"binary_output": False}, InvalidArgumentError,
                  "Input must be a 1 or 2-dimensional tensor. Got: [1,1,1]"),
        BadSample((np.zeros((0, 3), np.int32), np.zeros(0, np.float32)),
                  {"binary_output": False}, InvalidArgumentError,
                  "Invalid input: Shapes dimension cannot be 0."),
        BadSample((np.array([1], np.int16), np.zeros(0, np.float32)),
                  {"binary_output": False}, InvalidArgumentError,
                  "Value for attr 'T' of int16 is not in the list of allowed values: int32, "
                  "int64"),
        BadSample((np.array([1], np.int32), np.zeros(0, np.float32)),
                  {"binary_output": False, "minlength": -2}, InvalidArgumentError,
                  "Value for attr 'minlength' of -2 must be at least minimum -1")],
))


# -- SparseCountSparseOutput: a SparseTensor's values, batched by their first index --------

_SPARSE_COUNT = "SparseCountSparseOutput"


def _sparse_count_infer(indices: Any, values: Any, dense_shape: Any, weights: Any, *,
                        binary_output: bool, minlength: int = -1, maxlength: int = -1) -> list:
    op = _SPARSE_COUNT
    for i, x in ((0, indices), (2, dense_shape)):
        if x._dtype is not dt.int64:
            raise C.wrong_input_dtype(op, i, dt.int64, x._dtype)
    _count_attrs(op, values, weights, minlength, maxlength)
    for x, want, words in ((indices, 2, "Input indices must be a 2-dimensional tensor"),
                           (values, 1, "Input values must be a vector"),
                           (dense_shape, 1, "Input shape must be a vector")):
        if x._shape is not None and len(x._shape) != want:
            raise C.fail(op, f"{words}. Got: {C.shape_str(x._shape)}")
    n = None if dense_shape._shape is None else dense_shape._shape[0]
    return _count_outputs(values, weights, None if n is None else min(n, 2))


def _shape_summary(dims: np.ndarray) -> str:
    """A dense shape as TF's Tensor::DebugString shows it: its first three values."""
    shown = " ".join(str(int(d)) for d in dims[:3]) + ("..." if dims.size > 3 else "")
    return f"Tensor<type: int64 shape: [{dims.size}] values: {shown}>"


def _sparse_count_kernel(xp: Any, indices: Any, values: Any, dense_shape: Any, weights: Any,
                         *, binary_output: bool, minlength: int = -1,
                         maxlength: int = -1) -> tuple:
    op = _SPARSE_COUNT
    idx, v, dims, w = (np.asarray(indices), np.asarray(values), np.asarray(dense_shape),
                       np.asarray(weights))
    if dims.size == 0:
        raise C.fail(op, "The shape argument requires at least one element.")
    if len(idx) != v.size:
        raise C.fail(op, f"Number of values must match first dimension of indices.Got "
                         f"{v.size} values, indices shape: {C.shape_str(idx.shape)}")
    if idx.shape[1] != dims.size:
        raise C.fail(op, f"Number of dimensions must match second dimension of indices.Got "
                         f"{dims.size} dimensions, indices shape: {C.shape_str(idx.shape)}")
    bad = (idx < 0) | (idx >= dims)
    if bad.any():
        i, d = divmod(int(np.argmax(bad)), dims.size)
        raise C.fail(op, f"Invalid index value at {i}: dimension {d} has value "
                         f"{int(idx[i, d])} which is not in [0, {int(dims[d])}) (as given by "
                         f"dense shape {_shape_summary(dims)}")
    if w.size and w.shape != v.shape:
        raise C.fail(op, f"Weights and values must have the same shape. Weight shape: "
                         f"{C.shape_str(w.shape)}; values shape: {C.shape_str(v.shape)}")
    batched = dims.size > 1
    # (TF counts its batches in an int: a first dimension past it wraps)
    nbatch = (int(dims[0]) + 2**31) % 2**32 - 2**31 if batched else 1
    if batched and (nbatch <= 0 or (len(idx) and int(idx[:, 0].max()) >= nbatch)):
        raise C.fail(op, f"Cannot allocate {nbatch} batches, is the dense shape too wide?")
    batch = idx[:, 0] if batched else np.zeros(len(idx), np.int64)
    return _counts(op, batch, v, w, nbatch, minlength, maxlength, binary_output, batched)


def _sparse_count_reference(indices: np.ndarray, values: np.ndarray, dense_shape: np.ndarray,
                            weights: np.ndarray, *, binary_output: bool, minlength: int = -1,
                            maxlength: int = -1) -> tuple:
    batched = dense_shape.size > 1
    batch = [int(r[0]) if batched else 0 for r in indices]
    return _count_reference(batch, values.tolist(), weights,
                            int(dense_shape[0]) if batched else 1, minlength, maxlength,
                            binary_output, batched)


_SP_IDX = [[0, 0], [0, 3], [2, 1], [2, 2]]

SPARSE_COUNT_SPARSE_OUTPUT = register(OpDef(
    _SPARSE_COUNT, _sparse_count_infer, _sparse_count_kernel, num_outputs=3, gpu=False,
    grad=C.no_gradient, reference=_sparse_count_reference,
    samples=lambda: [
        Sample((_i64(_SP_IDX), np.array([3, 1, 3, 3], np.int32), _i64([3, 4]),
                np.zeros(0, np.float32)), {"binary_output": False}, grad=False),
        Sample((_i64([[2, 0], [0, 3], [2, 1]]), np.array([3, 1, 3], np.int64), _i64([3, 4]),
                np.array([1.0, 2.0, 3.0])), {"binary_output": False, "minlength": 6},
               grad=False),
        Sample((_i64(_SP_IDX), np.array([3, 1, 3, 0], np.int32), _i64([3, 4]),
                np.array([5, 6, 7, 8], np.int64)), {"binary_output": True, "maxlength": 3},
               grad=False),
        Sample((_i64([[1], [3]]), np.array([3, 1], np.int32), _i64([4]),
                np.zeros(0, np.int32)), {"binary_output": False}, grad=False),
        Sample((_i64([[0, 0, 0], [1, 3, 1]]), np.array([3, 1], np.int64), _i64([2, 4, 2]),
                np.zeros(0, np.float64)), {"binary_output": False}, grad=False)],
    bad_samples=lambda: [
        BadSample((_i64([[5, 0]]), np.array([3], np.int32), _i64([3, 4]),
                   np.zeros(0, np.float32)), {"binary_output": False}, InvalidArgumentError,
                  "Invalid index value at 0: dimension 0 has value 5 which is not in [0, 3) "
                  "(as given by dense shape Tensor<type: int64 shape: [2] values: 3 4>"),
        BadSample((_i64([[0, 0, 0, 9]]), np.array([3], np.int32), _i64([3, 4, 5, 6]),
                   np.zeros(0, np.float32)), {"binary_output": False}, InvalidArgumentError,
                  "dimension 3 has value 9 which is not in [0, 6) (as given by dense shape "
                  "Tensor<type: int64 shape: [4] values: 3 4 5...>"),
        BadSample((_i64(_SP_IDX), np.array([3, -1, 3, 3], np.int32), _i64([3, 4]),
                   np.zeros(0, np.float32)), {"binary_output": False}, InvalidArgumentError,
                  "Input values must all be non-negative"),
        BadSample((_i64(_SP_IDX), np.array([3, 1, 3], np.int32), _i64([3, 4]),
                   np.zeros(0, np.float32)), {"binary_output": False}, InvalidArgumentError,
                  "Number of values must match first dimension of indices.Got 3 values, "
                  "indices shape: [4,2]"),
        BadSample((_i64(_SP_IDX), np.array([3, 1, 3, 3], np.int32), _i64([3, 4, 5]),
                   np.zeros(0, np.float32)), {"binary_output": False}, InvalidArgumentError,
                  "Number of dimensions must match second dimension of indices.Got 3 "
                  "dimensions, indices shape: [4,2]"),
        BadSample((_i64(_SP_IDX), np.array([3, 1, 3, 3], np.int32), _i64([3, 4]),
                   np.array([1.0, 2.0], np.float32)), {"binary_output": False},
                  InvalidArgumentError, "Weights and values must have the same shape. Weight "
                                        "shape: [2]; values shape: [4]"),
        BadSample((np.zeros((0, 2), np.int64), np.zeros(0, np.int32), _i64([0, 4]),
                   np.zeros(0, np.float32)), {"binary_output": False}, InvalidArgumentError,
                  "Cannot allocate 0 batches, is the dense shape too wide?"),
        BadSample((_i64([0, 1]), np.array([3, 1], np.int32), _i64([3]),
                   np.zeros(0, np.float32)), {"binary_output": False}, InvalidArgumentError,
                  "Input indices must be a 2-dimensional tensor. Got: [2]")],
))


# -- RaggedCountSparseOutput: a ragged tensor's values, batched by its row splits ----------

_RAGGED_COUNT = "RaggedCountSparseOutput"


def _ragged_count_infer(splits: Any, values: Any, weights: Any, *, binary_output: bool,
                        minlength: int = -1, maxlength: int = -1) -> list:
    if splits._dtype is not dt.int64:
        raise C.wrong_input_dtype(_RAGGED_COUNT, 0, dt.int64, splits._dtype)
    _count_attrs(_RAGGED_COUNT, values, weights, minlength, maxlength)
    return _count_outputs(values, weights, 2)


def _ragged_batches(splits: np.ndarray, n: int) -> np.ndarray:
    """Each value's batch as TF's kernel walks the splits: past every split <= its
    position (the splits need not increase)."""
    passed = np.maximum.accumulate(splits)  # (a split below an earlier one is passed with it)
    return np.searchsorted(passed, np.arange(n), side="right") - 1


def _ragged_count_kernel(xp: Any, splits: Any, values: Any, weights: Any, *,
                         binary_output: bool, minlength: int = -1,
                         maxlength: int = -1) -> tuple:
    op = _RAGGED_COUNT
    s, v, w = np.asarray(splits).reshape(-1), np.asarray(values), np.asarray(weights)
    if w.size and w.shape != v.shape:
        raise C.fail(op, f"Weights and values must have the same shape. Weight shape: "
                         f"{C.shape_str(w.shape)}; values shape: {C.shape_str(v.shape)}")
    if s.size < 2:
        raise C.fail(op, "Must provide at least 2 elements for the splits argument")
    if s[0] != 0:
        raise C.fail(op, f"Splits must start with 0, not with {int(s[0])}")
    if s[-1] != v.size:
        raise C.fail(op, f"Splits must end with the number of values, got {int(s[-1])} "
                         f"instead of {v.size}")
    return _counts(op, _ragged_batches(s, v.size), v.reshape(-1), w, s.size - 1, minlength,
                   maxlength, binary_output, True)


def _ragged_count_reference(splits: np.ndarray, values: np.ndarray, weights: np.ndarray, *,
                            binary_output: bool, minlength: int = -1,
                            maxlength: int = -1) -> tuple:
    batch, b = [], 0
    for i in range(values.size):
        while i >= splits[b]:
            b += 1
        batch.append(b - 1)
    return _count_reference(batch, values.reshape(-1).tolist(), weights, len(splits) - 1,
                            minlength, maxlength, binary_output, True)


RAGGED_COUNT_SPARSE_OUTPUT = register(OpDef(
    _RAGGED_COUNT, _ragged_count_infer, _ragged_count_kernel, num_outputs=3, gpu=False,
    grad=C.no_gradient, reference=_ragged_count_reference,
    samples=lambda: [
        Sample((_i64([0, 2, 2, 5]), np.array([3, 1, 3, 3, 0], np.int32),
                np.zeros(0, np.float32)), {"binary_output": False}, grad=False),
        Sample((_i64([0, 2, 2, 5]), np.array([3, 1, 3, 3, 0], np.int64),
                np.array([1.0, 2.0, 3.0, 4.0, 5.0])), {"binary_output": False,
                                                       "minlength": 7}, grad=False),
        Sample((_i64([0, 3, 2, 5]), np.array([3, 1, 3, 3, 0], np.int32),
                np.zeros(0, np.int32)), {"binary_output": True, "maxlength": 2}, grad=False),
        Sample((_i64([0, 0]), np.zeros(0, np.int32), np.zeros(0, np.float64)),
               {"binary_output": False}, grad=False)],
    bad_samples=lambda: [
        BadSample((_i64([1, 2]), np.array([3, 1], np.int32), np.zeros(0, np.float32)),
                  {"binary_output": False}, InvalidArgumentError,
                  "Splits must start with 0, not with 1"),
        BadSample((_i64([0, 3]), np.array([3, 1], np.int32), np.zeros(0, np.float32)),
                  {"binary_output": False}, InvalidArgumentError,
                  "Splits must end with the number of values, got 3 instead of 2"),
        BadSample((_i64([0]), np.zeros(0, np.int32), np.zeros(0, np.float32)),
                  {"binary_output": False}, InvalidArgumentError,
                  "Must provide at least 2 elements for the splits argument"),
        BadSample((_i64([0, 2]), np.array([3, -1], np.int32), np.zeros(0, np.float32)),
                  {"binary_output": False}, InvalidArgumentError,
                  "Input values must all be non-negative"),
        BadSample((_i64([0, 2]), np.array([3, 1], np.int32), np.array([1.0], np.float32)),
                  {"binary_output": False}, InvalidArgumentError,
                  "Weights and values must have the same shape. Weight shape: [1]; values "
                  "shape: [2]")],
))


# ---------------------------------------------------------------------------------------
# SparseBincount: tf.math.bincount of a SparseTensor, a dense count per row (axis -1).
# ---------------------------------------------------------------------------------------

_SPARSE_BINCOUNT = "SparseBincount"


def check_count_args(op: str, values: Any, size: Any, size_index: int, weights: Any) -> None:
    """SparseBincount's and RaggedBincount's checks of `values`, `size` (their input
    `size_index`) and `weights`, in TF's order."""
    C.check_dtype(op, values, C.INDEX, "Tidx")
    if size._dtype is not values._dtype:
        raise C.wrong_input_dtype(op, size_index, values._dtype, size._dtype)
    C.check_dtype(op, weights, _COUNT_TYPES)
    if size._shape not in ((), None):
        raise C.fail(op, f"Shape must be rank 0 but is rank {len(size._shape)}")


def _sparse_bincount_infer(indices: Any, values: Any, dense_shape: Any, size: Any,
                           weights: Any, *, binary_output: bool = False) -> list:
    op = _SPARSE_BINCOUNT
    for i, x in ((0, indices), (2, dense_shape)):
        if x._dtype is not dt.int64:
            raise C.wrong_input_dtype(op, i, dt.int64, x._dtype)
    check_count_args(op, values, size, 3, weights)
    for x, words in ((indices, "Sparse indices must be rank 2"),
                     (values, "Sparse values must be rank 1"),
                     (dense_shape, "Sparse shape must be rank 1")):
        want = 2 if x is indices else 1
        if x._shape is not None and len(x._shape) != want:
            raise C.fail(op, f"{words} but is rank {len(x._shape)}")
    known = getattr(size, "_arr", None)
    n = None if known is None else int(to_host(known))
    if n is not None and n < 0:
        raise C.fail(op, f"size ({n}) must be non-negative")
    dims = getattr(dense_shape, "_arr", None)
    if dims is not None and to_host(dims).size:
        dims = to_host(dims).reshape(-1)
        return [(((n,) if dims.size == 1 else (max(int(dims[0]), 0), n)), weights._dtype)]
    return [(None, weights._dtype)]


def _sparse_bincount_kernel(xp: Any, indices: Any, values: Any, dense_shape: Any, size: Any,
                            weights: Any, *, binary_output: bool = False) -> Any:
    op = _SPARSE_BINCOUNT
    idx, v, dims, w = (np.asarray(indices), np.asarray(values), np.asarray(dense_shape),
                       np.asarray(weights))
    n = int(np.asarray(size))
    if n < 0:
        raise C.fail(op, f"size ({n}) must be non-negative")
    if len(idx) != v.size:
        raise C.fail(op, f"Number of elements in indices ({len(idx)}) and values ({v.size}) "
                         f"do not match")
    if idx.shape[1] != dims.size:
        raise C.fail(op, f"Index rank ({idx.shape[1]}) and shape rank ({dims.size}) do not "
                         f"match")
    if dims.size == 0:  # (TF's kernel aborts the process)
        raise C.fail(op, "Sparse shape must have at least one dimension")
    bad = ((idx < 0) | (idx >= dims)).any(1)
    if bad.any():
        i = int(np.argmax(bad))
        raise C.fail(op, f"Sparse index tuple indices[{i}, :] = "
                         f"[{', '.join(str(int(d)) for d in idx[i])}] is out of bounds")
    batched = dims.size > 1
    # (a vector's count is TF's BincountFunctor: the values' sign checked before the
    # weights' size)
    if not batched and v.size and int(v.min()) < 0:
        raise C.fail(op, "Input arr must be non-negative!")
    # (TF's kernel for rows reads past short weights; refused here as for a vector)
    if w.size and w.size != v.size:
        raise C.fail(op, "Input indices and weights must have the same size.")
    rows = int(dims[0]) if batched else 1
    if rows < 0:  # (TF's kernel aborts the process making its output)
        raise C.fail(op, f"Expected shape dimensions to be non-negative, got {rows}")
    out_shape = (rows, n) if batched else (n,)
    check_finite_size(op, out_shape, dt.as_dtype(w.dtype))
    out = np.zeros((rows, n), w.dtype)
    batch = idx[:, 0] if batched else np.zeros(v.size, np.int64)
    keep = (v >= 0) & (v < n)
    add = np.ones(int(keep.sum()), w.dtype) if not w.size or binary_output else \
        w.reshape(-1)[keep]
    np.add.at(out, (batch[keep], v[keep].astype(np.int64)), add)
    if binary_output:
        out = np.minimum(out, 1).astype(w.dtype)
    return xp.asarray(out.reshape(out_shape))


def _sparse_bincount_reference(indices: np.ndarray, values: np.ndarray,
                               dense_shape: np.ndarray, size: Any, weights: np.ndarray, *,
                               binary_output: bool = False) -> np.ndarray:
    batched = dense_shape.size > 1
    out = np.zeros((int(dense_shape[0]) if batched else 1, int(size)), weights.dtype)
    for k, v in enumerate(values.tolist()):
        if 0 <= v < int(size):
            r = int(indices[k][0]) if batched else 0
            add = 1 if binary_output or not weights.size else weights.reshape(-1)[k]
            out[r, v] = 1 if binary_output else out[r, v] + add
    return out if batched else out.reshape(-1)


SPARSE_BINCOUNT = register(OpDef(
    _SPARSE_BINCOUNT, _sparse_bincount_infer, _sparse_bincount_kernel, gpu=False,
    grad=C.no_gradient, reference=_sparse_bincount_reference,
    samples=lambda: [
        Sample((_i64(_SP_IDX), np.array([3, 1, 3, 3], np.int32), _i64([3, 4]), np.int32(5),
                np.zeros(0, np.float32)), {"binary_output": False}, grad=False),
        Sample((_i64(_SP_IDX), np.array([3, 1, -3, 9], np.int64), _i64([3, 4]), np.int64(4),
                np.array([1.0, 2.0, 3.0, 4.0])), {"binary_output": False}, grad=False),
        Sample((_i64([[0], [3], [2]]), np.array([3, 1, 3], np.int32), _i64([4]), np.int32(4),
                np.array([2, 5, 7], np.int64)), {"binary_output": True}, grad=False),
        Sample((_i64([[0, 0, 0], [1, 3, 1]]), np.array([3, 1], np.int32), _i64([2, 4, 2]),
                np.int32(5), np.array([7, 8], np.int32)), {"binary_output": False},
               grad=False)],
    bad_samples=lambda: [
        BadSample((_i64([[0], [1]]), np.array([3, -1], np.int32), _i64([4]), np.int32(5),
                   np.zeros(0, np.float32)), {"binary_output": False}, InvalidArgumentError,
                  "Input arr must be non-negative!"),
        BadSample((_i64(_SP_IDX), np.array([3, 1, 3, 3], np.int32), _i64([3, 4]),
                   np.int32(-1), np.zeros(0, np.float32)), {"binary_output": False},
                  InvalidArgumentError, "size (-1) must be non-negative"),
        BadSample((_i64([[5, 0]]), np.array([3], np.int32), _i64([3, 4]), np.int32(5),
                   np.zeros(0, np.float32)), {"binary_output": False}, InvalidArgumentError,
                  "Sparse index tuple indices[0, :] = [5, 0] is out of bounds"),
        BadSample((_i64(_SP_IDX), np.array([3, 1, 3], np.int32), _i64([3, 4]), np.int32(5),
                   np.zeros(0, np.float32)), {"binary_output": False}, InvalidArgumentError,
                  "Number of elements in indices (4) and values (3) do not match"),
        BadSample((_i64(_SP_IDX), np.array([3, 1, 3, 3], np.int32), _i64([3, 4, 5]),
                   np.int32(5), np.zeros(0, np.float32)), {"binary_output": False},
                  InvalidArgumentError, "Index rank (2) and shape rank (3) do not match"),
        BadSample((_i64([[0], [2]]), np.array([3, 1], np.int32), _i64([4]), np.int32(5),
                   np.array([1.0, 2.0, 3.0], np.float32)), {"binary_output": False},
                  InvalidArgumentError, "Input indices and weights must have the same size."),
        BadSample((_i64([0, 1]), np.array([3, 1], np.int32), _i64([3]), np.int32(5),
                   np.zeros(0, np.float32)), {"binary_output": False}, InvalidArgumentError,
                  "Sparse indices must be rank 2 but is rank 1")],
))


# ---------------------------------------------------------------------------------------
# DeserializeSparse: DeserializeManySparse's kernel (one in TF) under its other name.
# ---------------------------------------------------------------------------------------

_DESERIALIZE = "DeserializeSparse"


def _deserialize_reference(serialized: np.ndarray, *, dtype: Any) -> tuple:
    """The samples' components by hand: one part as it is, several stacked."""
    parts = [_DESERIALIZE_PARTS[tuple(bytes(s) for s in t)] for t in serialized.reshape(-1, 3)]
    if serialized.ndim == 1:
        idx, vals, dims = parts[0]
        return _i64(idx), np.array(vals, np.float32), _i64(dims)
    idx = [[k] + list(i) for k, (ind, _, _) in enumerate(parts) for i in ind]
    rank = len(parts[0][2])
    return (_i64(idx).reshape(-1, rank + 1), np.array([v for p in parts for v in p[1]],
                                                      np.float32),
            _i64([len(parts)] + [max(p[2][j] for p in parts) for j in range(rank)]))


_DESERIALIZE_SOURCES = [
    (_i64([[2, 0], [0, 1]]), np.array([1.5, -2.0], np.float32), _i64([3, 4])),
    (_i64([[1, 3]]), np.array([5.0], np.float32), _i64([2, 5])),
]
_DESERIALIZE_PARTS = {tuple(bytes(s) for s in ser.SERIALIZE_SPARSE.reference(*p)):
                      tuple(x.tolist() for x in p) for p in _DESERIALIZE_SOURCES}


def _serialized(*parts: tuple) -> np.ndarray:
    return np.stack([ser.SERIALIZE_SPARSE.reference(*p) for p in parts])


DESERIALIZE_SPARSE = register(OpDef(
    _DESERIALIZE, functools.partial(ser.deserialize_infer, op=_DESERIALIZE),
    functools.partial(ser.deserialize_kernel, op=_DESERIALIZE), num_outputs=3, gpu=False,
    reference=_deserialize_reference,
    samples=lambda: [
        Sample((_serialized(*_DESERIALIZE_SOURCES),), {"dtype": dt.float32}, grad=False),
        Sample((_serialized(_DESERIALIZE_SOURCES[0])[0],), {"dtype": dt.float32}, grad=False)],
    bad_samples=lambda: [
        BadSample((_serialized(_DESERIALIZE_SOURCES[0]),), {"dtype": dt.int32},
                  InvalidArgumentError, "Requested SparseTensor of type int32 but "
                                        "SparseTensor[0].values.dtype() == float"),
        BadSample((np.zeros((0, 3), object),), {"dtype": dt.float32}, InvalidArgumentError,
                  "Serialized sparse should have at least 1 serialized tensor, but has a "
                  "zero dimension [0,3]"),
        BadSample((np.array([b"x", b"y"], object),), {"dtype": dt.float32},
                  InvalidArgumentError, "Serialized sparse should have 3 as the last "
                                        "dimension [2]"),
        BadSample((np.array(b"x", object),), {"dtype": dt.float32}, InvalidArgumentError,
                  "Serialized sparse should have non-zero rank []"),
        BadSample((_serialized(_DESERIALIZE_SOURCES[0], (_i64([[1]]), np.array(
            [5.0], np.float32), _i64([2]))),), {"dtype": dt.float32}, InvalidArgumentError,
                  "Inconsistent shape across SparseTensors: rank prior to SparseTensor[1] "
                  "was: 2 but rank of SparseTensor[1] is: 1")],
))


# ---------------------------------------------------------------------------------------
# Public: tf.math.bincount of a SparseTensor.
# ---------------------------------------------------------------------------------------

def sparse_weights(weights: Any, values: SparseTensor) -> Any:
    """A SparseTensor's weights for a count: another at the same indices (its values),
    checked as TF checks them (its dense shape, then its indices, equal)."""
    if weights is None:
        return None
    if not isinstance(weights, SparseTensor):
        w = weights if isinstance(weights, Tensor) else convert_to_tensor(weights)
        raise ValueError(f"Argument `weights` must be a SparseTensor if `values` is a "
                         f"SparseTensor. Received weights={w} of type: {type(w).__name__}")
    assert_equal(weights.dense_shape, values.dense_shape,
                 message="'weights' and 'values' must have the same dense shape.")
    assert_equal(weights.indices, values.indices,
                 message="'weights' and 'values' must have the same indices.")
    return weights.values


def bincount_sparse(arr: SparseTensor, weights: Any = None, minlength: Any = None,
                    maxlength: Any = None, dtype: Any = dt.int32, axis: Any = None,
                    binary_output: bool = False) -> Tensor:
    """`tf.math.bincount` of a SparseTensor as TF computes it: the size from its values
    (none when its dense shape holds no element), then DenseBincount of all its values
    (axis 0) or SparseBincount of each row's (axis -1)."""
    if weights is not None and binary_output:
        raise ValueError("Arguments `binary_output` and `weights` are mutually exclusive. "
                         "Please specify only one.")
    axis = 0 if axis is None else axis
    if axis not in (0, -1):
        raise ValueError(f"Unsupported value for argument axis={axis}. Only 0 and -1 are "
                         "currently supported.")
    values = arr.values
    if not values.dtype.is_integer:
        values = cast(values, dt.int32)
    d = values.dtype
    with api_scope("bincount"):
        with api_scope("Size") as scope:
            count = reduce_prod(cast(arr.dense_shape, dt.int32), 0, name=scope)
        nonempty = count > 0
        top = maximum(reduce_max(values), convert_to_tensor(-1, d))
        size = cast(nonempty, d) * (top + 1)
        if minlength is not None:
            size = maximum(convert_to_tensor(minlength, dtype=d, name="minlength"), size)
        if maxlength is not None:
            size = minimum(convert_to_tensor(maxlength, dtype=d, name="maxlength"), size)
        w = sparse_weights(weights, arr)
        if w is None:
            w = no_weights(dt.as_dtype(dtype))
        if axis == 0:
            return histogram_ops.dense_bincount(values, size, w, binary_output)
        return bind(SPARSE_BINCOUNT, (arr.indices, values, arr.dense_shape, size, w),
                    {"binary_output": bool(binary_output)})
