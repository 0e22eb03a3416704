"""TF's sparse structure ops: SparseReorder, SparseReshape, SparseSlice (and its gradient
SparseSliceGrad), SparseConcat, SparseSplit, SparseFillEmptyRows (and
SparseFillEmptyRowsGrad), which tf.sparse.reorder, reshape, slice, concat, split and
fill_empty_rows run (sparse_functions.py binds them).

Ops layer, after sparse_ops.py, whose fill kernel SparseFillEmptyRows shares. A sparse
tensor comes as its three parts (indices, values, dense shape). Their order, checks and
words are TF 2.21's kernels': SparseReorder and SparseConcat sort their entries in
row-major order (ties kept in input order), the others keep the input order. The
gradients are TF's: SparseReorder's gathers through the inverse permutation,
SparseSlice's and SparseFillEmptyRows' run their Grad ops, SparseConcat is not
differentiable, SparseReshape and SparseSplit have none.

On the CPU the kernels read the indices on the host, as TF's CPU kernels do. On a GPU
all but the Grad ops run as TF's GPU kernels: the entries stay on the device, the shapes
TF keeps in host memory are read there (host_inputs) and given there (host_outputs),
and what those kernels read back (a count) is read back; their orders and checks are
theirs where they differ from the CPU's (each kernel says where).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import bincount, to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InternalError, InvalidArgumentError, NotFoundError
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import shape as shape_op
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import Spec
from eagerflow._src.ops.indexing import gather, unsorted_segment_sum
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.ops.sequences import range as range_
from eagerflow._src.ops.sparse_ops import (
    fill_grad_grad,
    fill_grad_infer,
    fill_grad_kernel,
    fill_grad_reference,
    fill_rows,
    want_rank,
)
from eagerflow._src.ops.topk_order import std_sort
from eagerflow._src.ops.transposing import INVERT_PERMUTATION

_I = np.int64
_I64 = dt.int64
_REORDER, _RESHAPE, _SLICE, _SLICE_GRAD = ("SparseReorder", "SparseReshape", "SparseSlice",
                                           "SparseSliceGrad")
_CONCAT, _SPLIT, _FILL, _FILL_GRAD = ("SparseConcat", "SparseSplit", "SparseFillEmptyRows",
                                      "SparseFillEmptyRowsGrad")
_INT64_MAX = np.iinfo(np.int64).max
# SparseSliceGrad's T (its OpDef's list; eagerflow has no quantized values to give it)
_SLICE_GRAD_TYPES = frozenset((
    dt.float32, dt.float64, dt.int32, dt.uint8, dt.int16, dt.int8, dt.complex64, dt.int64,
    dt.bfloat16, dt.uint16, dt.complex128, dt.float16, dt.uint32, dt.uint64))


# ---------------------------------------------------------------------------------------
# Shared pieces.
# ---------------------------------------------------------------------------------------

def _dim(x: Any, k: int) -> int | None:
    s = x._shape
    return s[k] if s is not None and len(s) > k else None


def _int64_inputs(op: str, inputs: tuple) -> None:
    """TF's refusal of an index or shape input other than int64 ((position, tensor) pairs)."""
    for i, x in inputs:
        if x._dtype is not _I64:
            raise C.wrong_input_dtype(op, i, _I64, x._dtype)


def _in_kernel(*inputs: Any) -> bool:
    """Whether the op's checks that TF makes in its kernel (not its shape function) apply
    now: eagerly, or when the kernel runs; a traced call leaves them to run time, where
    TF's graph raises them."""
    return not any(C.is_graph_tensor(x) for x in inputs)


def _create_checks(op: str, indices: Any, values: Any, shape: Any) -> None:
    """The checks of TF's SparseTensor made of an op's inputs: the ranks of its parts, then
    (in the kernel) their lengths."""
    for x, what, want in ((indices, "indices", 2), (values, "values", 1), (shape, "shape", 1)):
        if x._shape is not None and len(x._shape) != want:
            raise C.fail(op, f"Sparse {what} must be rank {want} but is rank {len(x._shape)}")
    if not _in_kernel(indices, values, shape):
        return
    n, m = _dim(indices, 0), _dim(values, 0)
    if None not in (n, m) and n != m:
        raise C.fail(op, f"Number of elements in indices ({n}) and values ({m}) do not match")
    r, k = _dim(indices, 1), _dim(shape, 0)
    if None not in (r, k) and r != k:
        raise C.fail(op, f"Index rank ({r}) and shape rank ({k}) do not match")


def _want_shape(op: str, x: Any, rank: int, message: str) -> None:
    """`message` ({} filled with the shape) when `x`'s known rank is not `rank`."""
    if x._shape is not None and len(x._shape) != rank:
        raise C.fail(op, message.format(C.shape_str(x._shape)))


def _host(x: Any) -> np.ndarray:
    return np.asarray(to_host(x), np.int64)


def _dims(v: Any) -> str:
    return ",".join(str(int(d)) for d in v)


def _row_major(idx: np.ndarray, dims: list | None = None) -> np.ndarray:
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


def _specs(arrays: tuple) -> tuple:
    return tuple(Spec(a) for a in arrays)


def _out_rank(*parts: tuple) -> int | None:
    """The sparse rank that the first known of (tensor, dim) pairs gives."""
    for x, k in parts:
        r = _dim(x, k)
        if r is not None:
            return r
    return None


def _neg_dims(op: str, dims: np.ndarray, message: str = "Expected shape dimensions to be "
                                                          "non-negative, got {}") -> None:
    neg = dims[dims < 0]
    if neg.size:
        raise C.fail(op, message.format(int(neg[0])))


# ---------------------------------------------------------------------------------------
# SparseReorder: the entries in row-major order.
# ---------------------------------------------------------------------------------------

def _reorder_infer(input_indices: Any, input_values: Any, input_shape: Any) -> list:
    _int64_inputs(_REORDER, ((0, input_indices), (2, input_shape)))
    _create_checks(_REORDER, input_indices, input_values, input_shape)
    return [(input_indices._shape, _I64), (input_values._shape, input_values._dtype)]


def _reorder_kernel(xp: Any, input_indices: Any, input_values: Any, input_shape: Any) -> tuple:
    _reorder_infer(*_specs((input_indices, input_values, input_shape)))
    if xp is not np:
        order = xp.argsort(_device_positions(xp, input_indices, input_shape), kind="stable")
        return input_indices[order], input_values[order]
    idx = _host(input_indices)
    order = _row_major(idx)
    return xp.asarray(idx[order]), input_values[xp.asarray(order)]


def _device_positions(xp: Any, indices: Any, shape: Any) -> Any:
    """The keys TF's GPU kernel sorts entries by, all on the device: each index row's
    row-major position in the dense shape (int64s wrapping), which orders the rows of
    an in-bounds index as the CPU's lexicographic sort does, ties in input order (a
    stable radix sort). (Rank 0: no keys, its kernel reads memory it does not own; here
    all equal, the input order.)"""
    if indices.shape[1] == 0:
        return xp.zeros((indices.shape[0],), _I)
    # each dim's stride: the product of the dims after it
    strides = xp.concatenate([xp.cumprod(shape[:0:-1])[::-1], xp.ones((1,), _I)])
    return (indices * strides).sum(axis=1)


def _reorder_reference(indices: np.ndarray, values: np.ndarray, shape: np.ndarray) -> tuple:
    rows = sorted(range(len(indices)), key=lambda i: (tuple(indices[i]), i))
    return (np.array([indices[i] for i in rows], _I).reshape(indices.shape),
            np.array([values[i] for i in rows], values.dtype).reshape(values.shape))


def _reorder_grad(n: Any, g_indices: Any, g_values: Any) -> list:
    indices, _, dense_shape = n.inputs
    entries = range_(shape_op(indices)[0])
    _, order = bind(SPARSE_REORDER, (indices, entries, dense_shape), {})
    return [None, gather(g_values, bind(INVERT_PERMUTATION, (order,), {})), None]


SPARSE_REORDER = register(OpDef(
    _REORDER, _reorder_infer, _reorder_kernel, num_outputs=2,
    reference=_reorder_reference, grad=_reorder_grad,
    samples=lambda: [
        Sample((np.array([[1, 0], [0, 2], [0, 1], [1, 0]], _I), np.array([1.5, -2., 3., 4.]),
                np.array([2, 3], _I)), grad_inputs=(1,)),
        Sample((np.array([[5, 0], [-1, 2]], _I), np.array([b"a", b"b"], object),
                np.array([2, 3], _I)), grad=False),
        Sample((np.zeros((0, 3), _I), np.zeros(0, np.float32), np.array([2, 3, 4], _I)),
               grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([1, 0], _I), np.array([1.0, 2.0]), np.array([2], _I)), {},
                  InvalidArgumentError, "Sparse indices must be rank 2 but is rank 1"),
        BadSample((np.array([[1]], _I), np.array([1.0, 2.0]), np.array([2], _I)), {},
                  InvalidArgumentError,
                  "Number of elements in indices (1) and values (2) do not match"),
        BadSample((np.array([[1]], _I), np.array([1.0]), np.array([2, 3], _I)), {},
                  InvalidArgumentError, "Index rank (1) and shape rank (2) do not match"),
        BadSample((np.array([[1]], np.int32), np.array([1.0]), np.array([2], _I)), {},
                  InvalidArgumentError, "input #0(zero-based) was expected to be a int64")],
))


# ---------------------------------------------------------------------------------------
# SparseReshape: the entries' row-major positions in a new dense shape (one dim -1).
# ---------------------------------------------------------------------------------------

def _reshape_infer(input_indices: Any, input_shape: Any, new_shape: Any) -> list:
    _int64_inputs(_RESHAPE, ((0, input_indices), (1, input_shape), (2, new_shape)))
    _want_shape(_RESHAPE, input_indices, 2, "Input must be a matrix.")
    _want_shape(_RESHAPE, input_shape, 1, "Input shape must be a vector.")
    r, k = _dim(input_indices, 1), _dim(input_shape, 0)
    if None not in (r, k) and r != k and _in_kernel(input_indices, input_shape):
        raise C.fail(_RESHAPE, "Input tensor rank must match input shape length.")
    _want_shape(_RESHAPE, new_shape, 1, "Target shape should be a vector but received shape {}")
    out_rank = _dim(new_shape, 0)
    return [((_dim(input_indices, 0), out_rank), _I64), ((out_rank,), _I64)]


def _product(dims: np.ndarray) -> int:
    """The number of elements of `dims`, refused in TF's words where it overflows int64."""
    total = 1
    for d in dims.tolist():
        if d and total > _INT64_MAX // d:
            raise C.fail(_RESHAPE, f"Encountered overflow when multiplying {total} with {d}, "
                                   f"result: -1")
        total *= d
    return total


def _new_shape(old: np.ndarray, new: np.ndarray) -> np.ndarray:
    """The requested shape with its -1 inferred, checked as TF's kernel checks it."""
    dense = 1
    for d in old.tolist():  # (each dim's sign, then the product so far)
        _neg_dims(_RESHAPE, np.array([d]))
        dense = _product(np.array([dense, d]))
    out, unknown, product = new.copy(), -1, 1
    for k, size in enumerate(new.tolist()):
        if size == -1:
            if unknown != -1:
                raise C.fail(_RESHAPE, f"only one output dimension may be -1, not both "
                                       f"{unknown} and {k}")
            unknown = k
            continue
        if size < 0:
            raise C.fail(_RESHAPE, f"size {k} must be non-negative, not {size}")
        product = _product(np.array([product, size]))
    if unknown != -1:
        if product == 0:
            raise C.fail(_RESHAPE, "reshape cannot infer the missing input size for an empty "
                                   "tensor unless all specified input sizes are non-zero")
        if dense % product:  # (TF's words show the inferred dim as 1)
            out[unknown] = 1
            raise C.fail(_RESHAPE, f"Input to reshape is a SparseTensor with {dense} dense "
                                   f"values, but the requested shape requires a multiple of "
                                   f"{product}. input_shape=[{_dims(old)}] "
                                   f"output_shape=[{_dims(out)}]")
        out[unknown] = dense // product
    elif product != dense:
        raise C.fail(_RESHAPE, f"Input to reshape is a tensor with {dense} dense values, but "
                               f"the requested shape has {product}. input_shape=[{_dims(old)}] "
                               f"output_shape=[{_dims(out)}]")
    return out


def _c_divmod(xp: Any, a: Any, d: int) -> tuple:
    """C's integer quotient and remainder of int64s `a` by `d`: toward zero, exact (no
    float on the way, as CuPy's fmod of integers takes)."""
    q = xp.sign(a) * (xp.abs(a) // d)
    return q, a - q * d


def _strides(dims: np.ndarray) -> np.ndarray:
    out = np.ones(len(dims), _I)
    with np.errstate(over="ignore"):
        for k in range(len(dims) - 2, -1, -1):
            out[k] = out[k + 1] * dims[k + 1]
    return out


def _reshape_kernel(xp: Any, input_indices: Any, input_shape: Any, new_shape: Any) -> tuple:
    """The shapes read on the host, the indices mapped where they are (TF's GPU kernel
    computes what its CPU kernel does); the new shape in host memory, as TF's GPU kernel
    gives it."""
    _reshape_infer(*_specs((input_indices, input_shape, new_shape)))
    old, new = _host(input_shape), _host(new_shape)
    out = _new_shape(old, new)
    if old.tolist() == out.tolist():  # (TF's kernel passes the indices through as they are)
        return input_indices.copy(), out
    n = input_indices.shape[0]
    if n and (_product(old) == 0 or _product(out) == 0):
        raise C.fail(_RESHAPE, f"Input tensor has {n} non zero elements but input shape "
                               f"([{_dims(old)}]) or output shape ([{_dims(out)}]) is empty")
    with np.errstate(over="ignore"):  # (out-of-bounds indices wrap as TF's int64s do)
        pos = xp.zeros((n,), _I)
        for k, s in enumerate(_strides(old).tolist()):
            pos += input_indices[:, k] * s
        cols = []
        for s in _strides(out).tolist():
            q, pos = _c_divmod(xp, pos, s)
            cols.append(q)
    return (xp.stack(cols, axis=1) if cols else xp.zeros((n, 0), _I)), out


def _reshape_reference(indices: np.ndarray, shape: np.ndarray, new_shape: np.ndarray) -> tuple:
    total = int(np.prod(shape)) if len(shape) else 1
    new = [int(d) for d in new_shape]
    if -1 in new:
        rest = int(np.prod([d for d in new if d != -1])) if len(new) > 1 else 1
        new[new.index(-1)] = total // rest
    rows = []
    for row in indices:
        pos = int(np.ravel_multi_index(tuple(int(i) for i in row), tuple(int(d) for d in shape)))
        rows.append(np.unravel_index(pos, tuple(new)) if new else ())
    return np.array(rows, _I).reshape(len(indices), len(new)), np.array(new, _I)


SPARSE_RESHAPE = register(OpDef(
    _RESHAPE, _reshape_infer, _reshape_kernel, num_outputs=2, host_inputs=(1, 2),
    host_outputs=lambda n: (1,),
    reference=_reshape_reference, grad=C.no_gradient,
    samples=lambda: [
        Sample((np.array([[0, 1], [1, 2], [0, 0]], _I), np.array([2, 3], _I),
                np.array([3, -1], _I)), grad=False),
        Sample((np.array([[0, 1, 1], [1, 2, 0]], _I), np.array([2, 3, 2], _I),
                np.array([12], _I)), grad=False),
        Sample((np.zeros((2, 1), _I), np.array([1], _I), np.array([1, 1, -1], _I)), grad=False),
        Sample((np.zeros((0, 2), _I), np.array([0, 3], _I), np.array([5, -1], _I)),
               grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([[0, 1]], _I), np.array([2, 3], _I), np.array([-1, -1], _I)), {},
                  InvalidArgumentError, "only one output dimension may be -1, not both 0 and 1"),
        BadSample((np.array([[0, 1]], _I), np.array([2, 3], _I), np.array([4, 2], _I)), {},
                  InvalidArgumentError, "Input to reshape is a tensor with 6 dense values, but "
                                        "the requested shape has 8. input_shape=[2,3] "
                                        "output_shape=[4,2]"),
        BadSample((np.array([[0, 1]], _I), np.array([2, 3], _I), np.array([4, -1], _I)), {},
                  InvalidArgumentError, "requested shape requires a multiple of 4. "
                                        "input_shape=[2,3] output_shape=[4,1]"),
        BadSample((np.array([[0, 1]], _I), np.array([2, 3], _I), np.array([6, -3], _I)), {},
                  InvalidArgumentError, "size 1 must be non-negative, not -3"),
        BadSample((np.zeros((0, 2), _I), np.array([0, 3], _I), np.array([-1, 0], _I)), {},
                  InvalidArgumentError, "reshape cannot infer the missing input size"),
        BadSample((np.array([[0, 1]], _I), np.array([2 ** 40, 2 ** 40], _I),
                   np.array([-1], _I)), {}, InvalidArgumentError,
                  "Encountered overflow when multiplying 1099511627776 with 1099511627776, "
                  "result: -1"),
        BadSample((np.array([[0, 1]], _I), np.array([2, 3, 1], _I), np.array([6], _I)), {},
                  InvalidArgumentError, "Input tensor rank must match input shape length.")],
))


# ---------------------------------------------------------------------------------------
# SparseSlice: the entries in [start, start + size), shifted to start at 0.
# ---------------------------------------------------------------------------------------

def _slice_infer(indices: Any, values: Any, shape: Any, start: Any, size: Any) -> list:
    _int64_inputs(_SLICE, ((0, indices), (2, shape), (3, start), (4, size)))
    _create_checks(_SLICE, indices, values, shape)
    for what, t in (("start", start), ("size", size)):
        _want_shape(_SLICE, t, 1, f"Input {what} should be a vector but received shape {{}}")
    rank = _out_rank((shape, 0), (indices, 1))
    for what, t in (("start", start), ("size", size)):
        k = _dim(t, 0)
        if None not in (rank, k) and k != rank and _in_kernel(shape, indices, t):
            raise C.fail(_SLICE, f"Expected {what} to be a vector of length {rank} but got "
                                 f"length {k}")
    return [((None, rank), _I64), ((None,), values._dtype), ((rank,), _I64)]


def _slice_kernel(xp: Any, indices: Any, values: Any, shape: Any, start: Any,
                  size: Any) -> tuple:
    """The shape, start and size read on the host, the entries picked where they are; the
    output's shape in host memory, as TF's GPU kernel gives it. TF's GPU kernel checks no
    dims (a negative one, a negative size: its output dim is 0) and picks nothing from a
    slice of no elements."""
    _slice_infer(*_specs((indices, values, shape, start, size)))
    dims, first, count = _host(shape), _host(start), _host(size)
    with np.errstate(over="ignore"):  # (TF's kernels in int64s, wrapping)
        end = first + count
        if xp is np:
            # a dim takes the size asked for where the slice starts before the dim less
            # the size, else what is left of the dim
            _neg_dims(_SLICE, dims)
            asked = first < dims - count
            out_dims = np.where(asked, count, np.maximum(dims - first, 0))
            _neg_dims(_SLICE, out_dims, "Expected a non-negative size, got {}")
        else:
            out_dims = np.maximum(np.minimum(end, dims) - first, 0)
            if indices.shape[0] == 0 or np.prod(out_dims) == 0:
                return xp.zeros((0, len(dims)), _I), values[:0], out_dims
    # an entry is inside where start <= index < start + size in each dim (the bounds
    # given as numbers, as TF's GPU kernel passes them: no copies)
    inside = xp.ones((indices.shape[0],), bool)
    for k, (lo, hi) in enumerate(zip(first.tolist(), end.tolist())):
        inside &= (indices[:, k] >= lo) & (indices[:, k] < hi)
    keep = xp.flatnonzero(inside)
    rows = indices[keep]
    for k, lo in enumerate(first.tolist()):
        rows[:, k] -= lo
    return rows, values[keep], out_dims


def _slice_reference(indices: np.ndarray, values: np.ndarray, shape: np.ndarray,
                     start: np.ndarray, size: np.ndarray) -> tuple:
    rows, vals = [], []
    for row, v in zip(indices, values):
        if all(s <= i < s + n for i, s, n in zip(row, start, size)):
            rows.append([int(i) - int(s) for i, s in zip(row, start)])
            vals.append(v)
    dims = [max(0, min(int(s) + int(n), int(d)) - int(s)) for s, n, d in zip(start, size, shape)]
    return (np.array(rows, _I).reshape(-1, len(shape)),
            np.array(vals, values.dtype).reshape(-1), np.array(dims, _I))


def _slice_grad(n: Any, g_indices: Any, g_values: Any, g_shape: Any) -> list:
    indices, _, _, start, _ = n.inputs
    return [None, bind(SPARSE_SLICE_GRAD, (g_values, indices, start, n.outputs[0]), {}), None,
            None, None]


# ---------------------------------------------------------------------------------------
# SparseSliceGrad: each output entry's gradient back at the input entry it came from,
# matched in order (both in the same order, as SparseSlice keeps it).
# ---------------------------------------------------------------------------------------

def _slice_grad_infer(backprop_val_grad: Any, input_indices: Any, input_start: Any,
                      output_indices: Any) -> list:
    if backprop_val_grad._dtype not in _SLICE_GRAD_TYPES:
        raise C.not_supported(_SLICE_GRAD, backprop_val_grad._dtype, _SLICE_GRAD_TYPES)
    _int64_inputs(_SLICE_GRAD, ((1, input_indices), (2, input_start), (3, output_indices)))
    if _in_kernel(backprop_val_grad, input_indices, input_start, output_indices):
        _slice_grad_checks(backprop_val_grad, input_indices, input_start, output_indices)
    return [((_dim(input_indices, 0),), backprop_val_grad._dtype)]


def _slice_grad_checks(backprop_val_grad: Any, input_indices: Any, input_start: Any,
                       output_indices: Any) -> None:
    """SparseSliceGrad's kernel's checks of its inputs' shapes, in its order."""
    for x in (input_indices, output_indices):
        if x._shape is not None and len(x._shape) != 2:
            raise C.fail(_SLICE_GRAD, f"Input and output indices should be matrices but "
                                      f"received shapes: {C.shape_str(input_indices._shape)}"
                                      f" and {C.shape_str(output_indices._shape)}")
    _want_shape(_SLICE_GRAD, backprop_val_grad, 1,
                "Input backprop_val_grad should be a vector but received shape: {}")
    r_in, r_out = _dim(input_indices, 1), _dim(output_indices, 1)
    if None not in (r_in, r_out) and r_in != r_out:
        raise C.fail(_SLICE_GRAD, f"The input and output should have the same ndims: got: "
                                  f"{r_in} and {r_out}")
    m, k, n = _dim(backprop_val_grad, 0), _dim(output_indices, 0), _dim(input_indices, 0)
    if None not in (k, n) and k > n:
        raise C.fail(_SLICE_GRAD, f"# rows of output_indices should be not greater than of "
                                  f"input_indices, got {k} and {n}")
    if None not in (m, k) and m != k:
        raise C.fail(_SLICE_GRAD, f"# elements of backprop_val_grad and # rows of "
                                  f"output_indices should match (#nnz of sum): got {m} and {k}")
    _want_shape(_SLICE_GRAD, input_start, 1,
                "The input_start should be a vector but received shape {}")
    s = _dim(input_start, 0)
    if None not in (r_in, s) and s != r_in:
        raise C.fail(_SLICE_GRAD, f"Expected input_start to be a vector of length {r_in} but "
                                  f"got length {s}")


def _row_ids(a: np.ndarray, b: np.ndarray) -> tuple:
    """Integer ids of the rows of `a` and `b`, equal where the rows are."""
    if a.shape[1] == 0:
        return np.zeros(len(a), _I), np.zeros(len(b), _I)
    _, ids = np.unique(np.concatenate([a, b]), axis=0, return_inverse=True)
    ids = ids.reshape(-1)
    return ids[:len(a)], ids[len(a):]


def _slice_grad_kernel(xp: Any, backprop_val_grad: Any, input_indices: Any, input_start: Any,
                       output_indices: Any) -> Any:
    _slice_grad_infer(*_specs((backprop_val_grad, input_indices, input_start, output_indices)))
    with np.errstate(over="ignore"):
        shifted = _host(input_indices) - _host(input_start)
    wanted = _host(output_indices)
    m = len(wanted)
    slots, j = np.zeros(m, _I), 0
    if m:
        ids_in, ids_out = _row_ids(shifted, wanted)
        want = ids_out.tolist()
        for i, key in enumerate(ids_in.tolist()):  # (greedy, in order: TF's walk)
            if key == want[j]:
                slots[j] = i
                j += 1
                if j == m:
                    break
    if j != m:
        raise InternalError(None, None, f"Elements of backprop_val_grad aren't all propagated. "
                                        f"Num elements:{m}, used: {j} [Op:{_SLICE_GRAD}]")
    out = xp.zeros((len(shifted),), backprop_val_grad.dtype)
    if m:
        out[xp.asarray(slots)] = backprop_val_grad
    return out


def _slice_grad_reference(backprop: np.ndarray, input_indices: np.ndarray, start: np.ndarray,
                          output_indices: np.ndarray) -> np.ndarray:
    out = np.zeros(len(input_indices), backprop.dtype)
    j = 0
    for i, row in enumerate(input_indices):
        if j < len(output_indices) and list(row - start) == list(output_indices[j]):
            out[i] = backprop[j]
            j += 1
    return out


def _slice_grad_grad(n: Any, g: Any) -> list:
    """SparseSliceGrad is linear in backprop_val_grad; its adjoint (TF registers none, as
    forward-mode differentiation of SparseSlice needs) takes each output entry's
    cotangent from the input entry it came from: SparseSliceGrad of the entries' ordinals
    says which."""
    _, input_indices, input_start, output_indices = n.inputs
    m = shape_op(output_indices, out_type=_I64)[0]
    came = bind(SPARSE_SLICE_GRAD, (range_(1, m + 1, dtype=_I64), input_indices, input_start,
                                    output_indices), {})
    return [unsorted_segment_sum(g, came - 1, m), None, None, None]


SPARSE_SLICE_GRAD = register(OpDef(
    _SLICE_GRAD, _slice_grad_infer, _slice_grad_kernel, gpu=False,
    reference=_slice_grad_reference, grad=_slice_grad_grad,
    samples=lambda: [
        Sample((np.array([7.0, 8.0]), np.array([[0, 0], [0, 3], [1, 1]], _I),
                np.array([0, 1], _I), np.array([[0, 2], [1, 0]], _I)), grad_inputs=(0,)),
        Sample((np.array([7, 8], np.int32), np.array([[0, 3], [0, 3]], _I), np.array([0, 1], _I),
                np.array([[0, 2], [0, 2]], _I)), grad=False),
        Sample((np.zeros(0, np.float32), np.array([[0, 0]], _I), np.array([0, 1], _I),
                np.zeros((0, 2), _I)), grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([7.0, 8.0]), np.array([[0, 0], [0, 3], [1, 1]], _I),
                   np.array([0, 1], _I), np.array([[0, 2], [3, 0]], _I)), {}, InternalError,
                  "Elements of backprop_val_grad aren't all propagated. Num elements:2, used: 1"),
        BadSample((np.array([7.0]), np.array([[0, 0], [0, 3]], _I), np.array([0, 1], _I),
                   np.array([[0, 2], [1, 0]], _I)), {}, InvalidArgumentError,
                  "# elements of backprop_val_grad and # rows of output_indices should match "
                  "(#nnz of sum): got 1 and 2"),
        BadSample((np.array([7.0]), np.zeros((0, 2), _I), np.array([0, 1], _I),
                   np.array([[0, 2]], _I)), {}, InvalidArgumentError,
                  "# rows of output_indices should be not greater than of input_indices, got "
                  "1 and 0"),
        BadSample((np.array([True]), np.array([[0, 0]], _I), np.array([0, 1], _I),
                   np.array([[0, 2]], _I)), {}, InvalidArgumentError,
                  "Value for attr 'T' of bool is not in the list of allowed values")],
))

SPARSE_SLICE = register(OpDef(
    _SLICE, _slice_infer, _slice_kernel, num_outputs=3, host_inputs=(2, 3, 4),
    host_outputs=lambda n: (2,),
    reference=_slice_reference, grad=_slice_grad,
    samples=lambda: [
        Sample((np.array([[0, 0], [0, 3], [1, 1], [2, 4], [3, 2]], _I),
                np.array([1.0, 2.0, 3.0, 4.0, 5.0]), np.array([4, 5], _I),
                np.array([0, 1], _I), np.array([2, 3], _I)), grad_inputs=(1,)),
        Sample((np.array([[3, 2], [0, 0], [1, 1]], _I), np.array([1.5, -2.0, 3.0]),
                np.array([4, 5], _I), np.array([-1, 0], _I), np.array([10, 3], _I)),
               grad_inputs=(1,)),
        Sample((np.array([[1], [0]], _I), np.array([b"a", b"b"], object), np.array([4], _I),
                np.array([5], _I), np.array([1], _I)), grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([[0, 0]], _I), np.array([1.0]), np.array([4, 5], _I),
                   np.array([0, 0], _I), np.array([-1, 2], _I)), {}, InvalidArgumentError,
                  "Expected a non-negative size, got -1", cpu_only=True),
        BadSample((np.array([[0, 0]], _I), np.array([1.0]), np.array([4, 5], _I),
                   np.array([0], _I), np.array([1, 2], _I)), {}, InvalidArgumentError,
                  "Expected start to be a vector of length 2 but got length 1"),
        BadSample((np.array([[0, 0]], _I), np.array([1.0]), np.array([4, 5], _I),
                   np.array([[0, 0]], _I), np.array([1, 2], _I)), {}, InvalidArgumentError,
                  "Input start should be a vector but received shape [1,2]"),
        BadSample((np.array([[0]], _I), np.array([1.0]), np.array([-4], _I),
                   np.array([0], _I), np.array([2], _I)), {}, InvalidArgumentError,
                  "Expected shape dimensions to be non-negative, got -4", cpu_only=True)],
))


# ---------------------------------------------------------------------------------------
# SparseConcat: the inputs joined along concat_dim, their entries in row-major order.
# ---------------------------------------------------------------------------------------

def _min_count(op: str, attr: str, n: int, least: int) -> None:
    if n < least:
        raise C.fail(op, f"Value for attr '{attr}' of {n} must be at least minimum {least}\n\t; "
                         f"NodeDef: {{{{node {op}}}}}")


def _concat_parts(args: tuple) -> tuple:
    if len(args) % 3:
        raise C.fail(_CONCAT, f"SparseConcat takes N indices, N values and N shapes; got "
                              f"{len(args)} inputs")
    n = len(args) // 3
    _min_count(_CONCAT, "N", n, 2)
    return args[:n], args[n:2 * n], args[2 * n:]


def _concat_infer(*args: Any, concat_dim: int) -> list:
    concat_dim = C.make_int(concat_dim, "concat_dim")
    indices, values, shapes = _concat_parts(args)
    n = len(indices)
    _int64_inputs(_CONCAT, tuple(enumerate(indices)))
    d = values[0]._dtype
    for i, v in enumerate(values):
        if v._dtype is not d:
            raise C.wrong_input_dtype(_CONCAT, n + i, d, v._dtype)
    _int64_inputs(_CONCAT, tuple(enumerate(shapes, 2 * n)))
    for parts, what, rank, kind in ((indices, "indices", 2, "a matrix"),
                                    (values, "values", 1, "a vector"),
                                    (shapes, "shapes", 1, "a vector")):
        for i, x in enumerate(parts):
            _want_shape(_CONCAT, x, rank, f"Input {what} should be {kind} but received shape "
                                          f"{{}} at position {i}")
    rank = _dim(shapes[0], 0)
    for i, s in enumerate(shapes[1:], 1):
        k = _dim(s, 0)
        if None not in (rank, k) and k != rank:
            raise C.fail(_CONCAT, f"Ranks of all input tensors must match: expected {rank} but "
                                  f"got {k} at position {i}")
    if rank is not None and not -rank <= concat_dim < rank and _in_kernel(*shapes):
        raise C.fail(_CONCAT, f"Concat dimension must be in range [{-rank}, {rank}), got "
                              f"{concat_dim}")
    return [((None, rank), _I64), ((None,), d), ((rank,), _I64)]


def _concat_kernel(xp: Any, *args: Any, concat_dim: int) -> tuple:
    _concat_infer(*_specs(args), concat_dim=concat_dim)
    concat_dim = C.make_int(concat_dim, "concat_dim")
    indices, values, shapes = _concat_parts(args)
    shapes = [_host(s) for s in shapes]
    rank = len(shapes[0])
    axis = concat_dim + rank if concat_dim < 0 else concat_dim
    if any((s < 0).any() for s in shapes):
        raise InternalError(None, None, f"Encountered overflow from large input shape. "
                                        f"[Op:{_CONCAT}]")
    for i, s in enumerate(shapes[1:], 1):
        for k in range(rank):
            if k != axis and s[k] != shapes[0][k]:
                raise C.fail(_CONCAT, f"Input shapes must match: expected {shapes[0][k]} for "
                                      f"dimension {k} but got {s[k]} at position {i}")
    out_shape = shapes[0].copy()
    with np.errstate(over="ignore"):  # (TF's int64s wrap)
        out_shape[axis] = np.sum([s[axis] for s in shapes], dtype=_I)
    if all(idx.shape[0] == 0 for idx in indices):  # (TF's kernel then checks no more)
        return xp.zeros((0, rank), _I), xp.zeros((0,), values[0].dtype), out_shape
    if xp is not np:
        return _concat_on_device(xp, indices, values, shapes, axis, out_shape)
    # (TF's kernel sorts each input with the concat dim first, joins them, and sorts the
    # whole in row-major order: each sort std::sort's, whose ties land where it leaves them)
    by_axis = [axis] + [k for k in range(rank) if k != axis]
    rows, vals, offset = [], [], _I(0)
    for idx, v, s in zip(indices, values, shapes):
        if idx.shape[0] != v.shape[0]:
            raise C.fail(_CONCAT, f"indices and values rows (indexing dimension) must match. "
                                  f"(indices = {idx.shape[0]}, values = {v.shape[0]})")
        if idx.shape[1] != rank:
            raise C.fail(_CONCAT, "Order length must be SparseTensor rank.")
        shifted = _host(idx)
        first = _row_major(shifted, by_axis)
        shifted = shifted[first]
        with np.errstate(over="ignore"):
            shifted[:, axis] += offset
            offset = offset + s[axis]
        rows.append(shifted)
        vals.append(v[xp.asarray(first)])
    joined = np.concatenate(rows)
    order = _row_major(joined)
    return xp.asarray(joined[order]), xp.concatenate(vals)[xp.asarray(order)], out_shape


def _concat_on_device(xp: Any, indices: tuple, values: tuple, shapes: list, axis: int,
                      out_shape: np.ndarray) -> tuple:
    """TF's GPU kernel: the inputs joined in their order, each one's indices along the
    concat dim shifted by the sizes before it; joined along another dim than the first,
    the entries sorted by their row-major positions in the output, their indices made
    again from those. It sorts no input and checks none of them: values past an input's
    indices are left out, as it leaves them (fewer values than indices, or indices of
    another rank, it would read past: refused here as on the CPU)."""
    rank = len(out_shape)
    rows, vals, offset = [], [], 0
    for idx, v, s in zip(indices, values, shapes):
        n = idx.shape[0]
        if v.shape[0] < n:
            raise C.fail(_CONCAT, f"indices and values rows (indexing dimension) must match. "
                                  f"(indices = {n}, values = {v.shape[0]})")
        if idx.shape[1] != rank:
            raise C.fail(_CONCAT, "Order length must be SparseTensor rank.")
        shifted = idx.copy()
        shifted[:, axis] += offset
        rows.append(shifted)
        vals.append(v[:n])
        offset = int(np.int64(offset + int(s[axis])))  # (TF's int64s wrap)
    joined, joined_values = xp.concatenate(rows), xp.concatenate(vals)
    if axis == 0:  # (in the order of the inputs: sorted where each input is)
        return joined, joined_values, out_shape
    with np.errstate(all="ignore"):  # (int64s wrap; a dim of 0 is TF's division by zero)
        dims = out_shape.tolist()
        flat = xp.zeros((joined.shape[0],), _I)
        for k, d in enumerate(dims):
            flat = flat * d + joined[:, k]
        # TF's radix sort (stable) reads the positions' low bits, as many as the output's
        # number of elements needs: all of an in-bounds position's
        elements = int(np.prod(out_shape)) % 2**64
        bits = (elements - 1).bit_length() if elements else 0
        keys = flat if bits == 64 else flat & ((1 << bits) - 1)
        order = xp.argsort(keys, kind="stable")
        flat = flat[order]
        cols = []
        for d in reversed(dims):
            flat, col = _c_divmod(xp, flat, d)
            cols.append(col)
    return xp.stack(cols[::-1], axis=1), joined_values[order], out_shape


def _concat_reference(*args: Any, concat_dim: int) -> tuple:
    n = len(args) // 3
    shapes = [np.asarray(s) for s in args[2 * n:]]
    axis = concat_dim % len(shapes[0])
    entries, offset = [], 0
    for idx, vals, s in zip(args[:n], args[n:2 * n], shapes):
        for row, v in zip(idx, vals):
            row = [int(i) for i in row]
            row[axis] += offset
            entries.append((row, v))
        offset += int(s[axis])
    entries.sort(key=lambda e: e[0])  # (a stable sort: ties stay in input order)
    out_shape = shapes[0].copy()
    out_shape[axis] = offset
    return (np.array([e[0] for e in entries], _I).reshape(-1, len(out_shape)),
            np.array([e[1] for e in entries], args[n].dtype).reshape(-1), out_shape)


def _concat_export(n: Any, b: Any) -> list:
    """TF writes SparseConcat's inputs as three lists of N tensors each."""
    k = len(n.inputs) // 3
    return b.node(_CONCAT, [[b.input(i) for i in range(j * k, (j + 1) * k)] for j in range(3)],
                  {"concat_dim": n.attrs["concat_dim"]})


SPARSE_CONCAT = register(OpDef(
    _CONCAT, _concat_infer, _concat_kernel, num_outputs=3, host_outputs=lambda n: (2,),
    reference=_concat_reference, grad=None, tf=TFForm(export=_concat_export),
    arity=lambda ins, attrs: {"N": len(ins) // 3},
    samples=lambda: [
        Sample((np.array([[0, 1], [1, 0]], _I), np.array([[0, 0], [1, 2], [0, 2]], _I),
                np.array([1.0, 2.0]), np.array([3.0, 4.0, 5.0]), np.array([2, 3], _I),
                np.array([2, 4], _I)), {"concat_dim": 1}, grad=False),
        Sample((np.array([[1, 1], [1, 1]], _I), np.array([[0, 0], [1, 1]], _I),
                np.zeros((0, 2), _I), np.array([1, 2], np.int32), np.array([4, 3], np.int32),
                np.zeros(0, np.int32), np.array([2, 3], _I), np.array([2, 3], _I),
                np.array([1, 3], _I)), {"concat_dim": -2}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([[0, 1]], _I), np.array([[0, 0]], _I), np.array([1.0]),
                   np.array([3.0]), np.array([2, 3], _I), np.array([2, 4], _I)),
                  {"concat_dim": 0}, InvalidArgumentError,
                  "Input shapes must match: expected 3 for dimension 1 but got 4 at position 1"),
        BadSample((np.array([[0, 1]], _I), np.array([[0, 0]], _I), np.array([1.0]),
                   np.array([3.0]), np.array([2, 3], _I), np.array([2, 4], _I)),
                  {"concat_dim": 2}, InvalidArgumentError,
                  "Concat dimension must be in range [-2, 2), got 2"),
        BadSample((np.array([[0, 1]], _I), np.array([[0, 0]], _I), np.array([1.0, 2.0]),
                   np.array([3.0]), np.array([2, 3], _I), np.array([2, 3], _I)),
                  {"concat_dim": 0}, InvalidArgumentError,
                  "indices and values rows (indexing dimension) must match. (indices = 1, "
                  "values = 2)", cpu_only=True),
        BadSample((np.array([[0, 1]], _I), np.array([[0, 0]], _I), np.array([1.0]),
                   np.array([3.0]), np.array([-2, 3], _I), np.array([2, 3], _I)),
                  {"concat_dim": 0}, InternalError, "Encountered overflow from large input "
                                                    "shape."),
        BadSample((np.array([[0, 1]], _I), np.array([1.0]), np.array([2, 3], _I)),
                  {"concat_dim": 0}, InvalidArgumentError,
                  "Value for attr 'N' of 1 must be at least minimum 2")],
))


# ---------------------------------------------------------------------------------------
# SparseSplit: num_split slices along split_dim (the first ones one longer where the dim
# does not divide), each keeping its entries' input order.
# ---------------------------------------------------------------------------------------

def _split_infer(split_dim: Any, indices: Any, values: Any, shape: Any, *,
                 num_split: int) -> list:
    num_split = C.make_int(num_split, "num_split")
    _int64_inputs(_SPLIT, ((0, split_dim), (1, indices), (3, shape)))
    _min_count(_SPLIT, "num_split", num_split, 1)
    if 3 * num_split > 2**31 - 1:  # (TF's eager call counts its outputs in an int32)
        raise ValueError(f"Number of outputs is too big: {3 * num_split}")
    C.output_count(_SPLIT, 3 * num_split)
    if _in_kernel(split_dim, indices, values, shape):  # (TF's are all its kernel's)
        _want_shape(_SPLIT, split_dim, 0, "Input axis should be a scalar but received shape {}")
        _want_shape(_SPLIT, indices, 2, "Input indices should be a matrix but received shape {}")
        if values._shape is not None and len(values._shape) != 1:  # (TF's words: the indices')
            raise C.fail(_SPLIT, f"Input values should be a vector but received shape "
                                 f"{C.shape_str(indices._shape or ())}")
        _want_shape(_SPLIT, shape, 1, "Input shape should be a vector but received shape {}")
        _create_checks(_SPLIT, indices, values, shape)
    rank = _out_rank((shape, 0), (indices, 1))
    return ([((None, rank), _I64)] * num_split + [((None,), values._dtype)] * num_split +
            [((rank,), _I64)] * num_split)


def _split_sizes(dim: int, num_split: int) -> np.ndarray:
    return np.array([dim // num_split + (i < dim % num_split) for i in range(num_split)], _I)


def _split_kernel(xp: Any, split_dim: Any, indices: Any, values: Any, shape: Any, *,
                  num_split: int) -> tuple:
    """split_dim and the shape read on the host, the entries parted where they are; the
    output shapes in host memory, as TF's GPU kernel gives them. The CPU's kernel first
    checks every index in bounds; TF's GPU kernel checks none, so an entry out of bounds
    off the split dim goes to its piece as it is (one along the split dim would make it
    write outside its outputs: refused here as on the CPU)."""
    _split_infer(*_specs((split_dim, indices, values, shape)), num_split=num_split)
    num_split = C.make_int(num_split, "num_split")
    dims = _host(shape)
    rank, axis = len(dims), int(_host(split_dim))
    if xp is np:
        _bounds_check(indices, ((indices < 0) | (indices >= dims)).any(axis=1))
    if not -rank <= axis < rank:
        raise C.fail(_SPLIT, f"Input axis should be in range [{-rank}, {rank}), got {axis}")
    axis += rank if axis < 0 else 0
    dim = int(dims[axis])
    if not 1 <= num_split <= dim:
        raise C.fail(_SPLIT, f"Input num_split should be between 1 and the splitting dimension "
                             f"size ({dim}), got {num_split}")
    dim32 = int(np.int64(dim).astype(np.int32))  # (TF's second check holds it in an int)
    if xp is np and not 0 < num_split <= dim32:
        raise C.fail(_SPLIT, f"num_split must be in the interval (0, {dim32}]")
    _neg_dims(_SPLIT, dims, "Expected a non-negative size, got {}")
    sizes = _split_sizes(dim, num_split)
    starts = np.cumsum(sizes) - sizes
    # each entry's piece (the first dim % num_split pieces one longer), one past the last
    # for an entry outside the split dim; the entries sorted by it (stably: in input
    # order within each); how many each piece has, read on the host (TF's GPU kernel
    # reads where each piece ends)
    column = indices[:, axis]
    size, longer = divmod(dim, num_split)
    past = longer * (size + 1)
    piece = xp.where(column < past, column // (size + 1), longer + (column - past) // size)
    outside = (column < 0) | (column >= dim)
    piece = xp.where(outside, num_split, piece)
    counts = to_host(bincount(xp, piece, num_split + 1))
    if counts[num_split]:
        _bounds_check(indices, outside)
    order = xp.argsort(piece, kind="stable")
    ends = np.cumsum(counts[:num_split]).tolist()
    out_idx, out_vals, out_shapes = [], [], []
    for i, (lo, hi) in enumerate(zip([0] + ends, ends)):
        mine = order[lo:hi]
        rows = indices[mine]
        rows[:, axis] -= int(starts[i])
        out_idx.append(rows)
        out_vals.append(values[mine])
        part = dims.copy()
        part[axis] = sizes[i]
        out_shapes.append(part)
    return tuple(out_idx + out_vals + out_shapes)


def _bounds_check(indices: Any, bad: Any) -> None:
    """TF's error for the first index row out of bounds (`bad`, one per row), read on the
    host."""
    if indices.shape[0] and bool(to_host(bad.any())):
        i = int(to_host(bad.argmax()))
        raise C.fail(_SPLIT, f"Sparse index tuple indices[{i}, :] = "
                             f"[{', '.join(str(v) for v in _host(indices[i]).tolist())}] "
                             f"is out of bounds")


def _split_reference(split_dim: np.ndarray, indices: np.ndarray, values: np.ndarray,
                     shape: np.ndarray, num_split: int) -> tuple:
    axis = int(split_dim) % len(shape)
    dim = int(shape[axis])
    out_idx, out_vals, out_shapes, start = [], [], [], 0
    for i in range(num_split):
        size = dim // num_split + (1 if i < dim % num_split else 0)
        rows, vals = [], []
        for row, v in zip(indices, values):
            if start <= row[axis] < start + size:
                rows.append([int(c) - (start if k == axis else 0) for k, c in enumerate(row)])
                vals.append(v)
        out_idx.append(np.array(rows, _I).reshape(-1, len(shape)))
        out_vals.append(np.array(vals, values.dtype).reshape(-1))
        out_shapes.append(np.array([size if k == axis else d for k, d in enumerate(shape)], _I))
        start += size
    return tuple(out_idx + out_vals + out_shapes)


_SPLIT_X = (np.array([[0, 0], [0, 4], [1, 2], [2, 1], [3, 3], [4, 0]], _I),
            np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]), np.array([5, 5], _I))
SPARSE_SPLIT = register(OpDef(
    _SPLIT, _split_infer, _split_kernel, num_outputs=-1, host_inputs=(0, 3),
    host_outputs=lambda n: range(2 * n // 3, n),
    reference=_split_reference, grad=C.no_gradient,
    arity=lambda ins, attrs: {"num_split": attrs["num_split"]},
    samples=lambda: [
        Sample((np.array(1, _I),) + _SPLIT_X, {"num_split": 3}, grad=False),
        Sample((np.array(-2, _I),) + _SPLIT_X, {"num_split": 2}, grad=False),
        Sample((np.array(1, _I), np.array([[4, 0], [0, 4], [2, 1], [0, 0]], _I),
                np.array([b"a", b"b", b"c", b"d"], object), np.array([5, 5], _I)),
               {"num_split": 2}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.array(2, _I),) + _SPLIT_X, {"num_split": 3}, InvalidArgumentError,
                  "Input axis should be in range [-2, 2), got 2"),
        BadSample((np.array(0, _I),) + _SPLIT_X, {"num_split": 7}, InvalidArgumentError,
                  "Input num_split should be between 1 and the splitting dimension size (5), "
                  "got 7"),
        BadSample((np.array(0, _I), np.array([[9, 0]], _I), np.array([1.0]),
                   np.array([5, 5], _I)), {"num_split": 2}, InvalidArgumentError,
                  "Sparse index tuple indices[0, :] = [9, 0] is out of bounds"),
        BadSample((np.array([0], _I),) + _SPLIT_X, {"num_split": 2}, InvalidArgumentError,
                  "Input axis should be a scalar but received shape [1]"),
        BadSample((np.array(0, _I), np.zeros((0, 2), _I), np.zeros(0), np.array([4, -5], _I)),
                  {"num_split": 2}, InvalidArgumentError, "Expected a non-negative size, got -5")],
))


# ---------------------------------------------------------------------------------------
# SparseFillEmptyRows / SparseFillEmptyRowsGrad: RaggedFillEmptyRows' kernel over the
# indices' first column, the filled entries at [row, 0, ..., 0].
# ---------------------------------------------------------------------------------------

def _fill_infer(indices: Any, values: Any, dense_shape: Any, default_value: Any) -> list:
    _int64_inputs(_FILL, ((0, indices), (2, dense_shape)))
    if default_value._dtype is not values._dtype:
        raise C.wrong_input_dtype(_FILL, 3, values._dtype, default_value._dtype)
    want_rank(_FILL, dense_shape, 1, "dense_shape")
    want_rank(_FILL, indices, 2, "indices")
    want_rank(_FILL, values, 1, "values")
    n, m = _dim(indices, 0), _dim(values, 0)
    if None not in (n, m) and n != m:
        raise C.fail(_FILL, f"The length of `values` ({m}) must match the first dimension of "
                            f"`indices` ({n}).")
    r, k = _dim(indices, 1), _dim(dense_shape, 0)
    if None not in (r, k) and r != k:
        raise C.fail(_FILL, f"The length of `dense_shape` ({k}) must match the second "
                            f"dimension of `indices` ({r}).")
    want_rank(_FILL, default_value, 0, "default_value")
    if C.is_graph_tensor(dense_shape):  # (TF's shape function reads a constant one)
        known = C.known(dense_shape)
        bad = [] if isinstance(known, Tensor) else [int(d) for d in np.reshape(known, -1)
                                                   if d < -1]
        if bad:
            raise ValueError(f"Invalid value in tensor used for shape: {bad[0]}")
    if k == 0:
        raise C.fail(_FILL, "Dense shape cannot be empty.")
    rank = _out_rank((dense_shape, 0), (indices, 1))
    return [((None, rank), _I64), ((None,), values._dtype), ((None,), dt.bool),
            ((n if n is not None else m,), _I64)]


def _fill_kernel(xp: Any, indices: Any, values: Any, dense_shape: Any,
                 default_value: Any) -> tuple:
    _fill_infer(*_specs((indices, values, dense_shape, default_value)))
    if xp is not np:
        return _fill_on_device(xp, indices, values, _host(dense_shape), default_value)
    idx, dims = _host(indices), _host(dense_shape)
    n = int(dims[0])
    _neg_dims(_FILL, dims[:1])
    if n == 0 and len(idx):
        raise C.fail(_FILL, f"Received SparseTensor with dense_shape[0] = 0 but "
                            f"indices.shape[0] = {len(idx)}")
    rows, out_values, empty, reverse = fill_rows(xp, _FILL, idx[:, 0], n, values,
                                                 default_value)
    out = np.zeros((len(rows), len(dims)), _I)
    out[:, 0] = rows
    out[reverse] = idx
    return xp.asarray(out), out_values, xp.asarray(empty), xp.asarray(reverse)


def _fill_on_device(xp: Any, indices: Any, values: Any, dims: np.ndarray,
                    default_value: Any) -> tuple:
    """TF's GPU kernel: the rows counted on the device, where the first bad row and the
    number of empty rows are read back (its one wait), the entries and the defaults
    scattered into place there. Its checks and words differ from the CPU's: a bad row is
    "indices(i, 0) is invalid."; with no rows (dense_shape[0] = 0) it checks nothing and
    leaves its outputs for the entries unwritten (zeros here)."""
    n, rank, count = int(dims[0]), len(dims), indices.shape[0]
    _neg_dims(_FILL, dims[:1])  # (TF's GPU kernel would allocate a negative length)
    if n == 0:
        return (xp.zeros((count, rank), _I), xp.zeros((count,), values.dtype),
                xp.zeros((0,), bool), xp.zeros((count,), _I))
    rows = indices[:, 0]
    bad = (rows < 0) | (rows >= n)
    per_row = bincount(xp, xp.where(bad, 0, rows), n)
    empty = per_row == 0
    first_bad, empties = count, n  # (no entries: every row empty, nothing to read)
    if count:
        first_bad, empties = to_host(xp.stack([
            xp.where(bad, xp.arange(count), count).min(), empty.sum()])).tolist()
    if first_bad < count:
        raise C.fail(_FILL, f"indices({first_bad}, 0) is invalid.")
    # each row's first output slot: the entries and the empty rows before it
    slots = xp.maximum(per_row, 1)
    starts = xp.cumsum(slots) - slots
    # each entry's output slot: its row's first, plus the entries of its row before it
    # (a stable sort by row keeps them in input order)
    order = xp.argsort(rows, kind="stable")
    reverse = xp.empty((count,), _I)
    reverse[order] = xp.arange(count) + (starts - (xp.cumsum(per_row) - per_row))[rows[order]]
    # every row's first slot gets [row, 0, ..., 0] and the default; a row's entries then
    # take theirs, the first among them too
    out_indices = xp.zeros((count + empties, rank), _I)
    out_values = xp.empty((count + empties,), values.dtype)
    out_indices[starts, 0] = xp.arange(n)
    out_values[starts] = default_value
    out_indices[reverse] = indices
    out_values[reverse] = values
    return out_indices, out_values, empty, reverse


def _fill_reference(indices: np.ndarray, values: np.ndarray, dense_shape: np.ndarray,
                    default_value: np.ndarray) -> tuple:
    rows, vals, empty, reverse = [], [], [], [0] * len(values)
    for r in range(int(dense_shape[0])):
        mine = [i for i in range(len(indices)) if indices[i][0] == r]
        empty.append(not mine)
        for i in mine:
            reverse[i] = len(rows)
            rows.append([int(c) for c in indices[i]])
            vals.append(values[i])
        if not mine:
            rows.append([r] + [0] * (len(dense_shape) - 1))
            vals.append(default_value[()])
    return (np.array(rows, _I).reshape(-1, len(dense_shape)),
            np.array(vals, values.dtype).reshape(-1), np.array(empty, bool),
            np.array(reverse, _I))


def _fill_grad(n: Any, g_indices: Any, g_values: Any, g_empty: Any, g_reverse: Any) -> list:
    d_values, d_default = bind(SPARSE_FILL_EMPTY_ROWS_GRAD, (n.outputs[3], g_values), {})
    return [None, d_values, None, d_default]


SPARSE_FILL_EMPTY_ROWS_GRAD = register(OpDef(
    _FILL_GRAD, fill_grad_infer(_FILL_GRAD), fill_grad_kernel(_FILL_GRAD), num_outputs=2,
    reference=fill_grad_reference, grad=fill_grad_grad,
    samples=lambda: [
        Sample((np.array([0, 2, 3], _I), np.array([1.0, 2.0, 3.0, 4.0, 5.0])),
               grad_inputs=(1,)),
        Sample((np.array([0, 0], _I), np.array([1, 2, 3], np.int32)), grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([0, 7], _I), np.array([1.0, 2.0, 3.0])), {}, InvalidArgumentError,
                  "Elements in reverse index must be in [0, 3) but got 7"),
        BadSample((np.array([0], _I), np.array([[1.0]])), {}, InvalidArgumentError,
                  "grad_values must be a vector, saw: [1,1]"),
        BadSample((np.array([0], _I), np.array([True])), {}, NotFoundError,
                  "All kernels registered for op SparseFillEmptyRowsGrad")],
))

SPARSE_FILL_EMPTY_ROWS = register(OpDef(
    _FILL, _fill_infer, _fill_kernel, num_outputs=4, host_inputs=(2,),
    reference=_fill_reference, grad=_fill_grad,
    samples=lambda: [
        Sample((np.array([[3, 1], [1, 0], [1, 2]], _I), np.array([1.0, 2.0, 3.0]),
                np.array([5, 4], _I), np.float64(9.0)), grad_inputs=(1, 3)),
        Sample((np.array([[1, 2, 0], [1, 0, 1], [0, 1, 1]], _I), np.array([1.5, -2.0, 3.0]),
                np.array([3, 4, 2], _I), np.float64(-1.0)), grad_inputs=(1, 3)),
        Sample((np.zeros((0, 2), _I), np.zeros(0, np.float32), np.array([3, 4], _I),
                np.float32(7)), grad=False),
        Sample((np.zeros((0, 2), _I), np.zeros(0, np.float32), np.array([0, 4], _I),
                np.float32(7)), grad=False),
        Sample((np.array([[2]], _I), np.array([b"a"], object), np.array([4], _I),
                np.array(b"z", object)), grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([[1, 0], [7, 0]], _I), np.array([1.0, 2.0]), np.array([3, 4], _I),
                   np.float64(0)), {}, InvalidArgumentError, "indices(1, 0) is invalid: 7 >= 3",
                  cpu_only=True),
        BadSample((np.array([[1, 0]], _I), np.array([1.0]), np.array([-3, 4], _I),
                   np.float64(0)), {}, InvalidArgumentError,
                  "Expected shape dimensions to be non-negative, got -3"),
        BadSample((np.array([[0, 0]], _I), np.array([1.0]), np.array([0, 4], _I),
                   np.float64(0)), {}, InvalidArgumentError,
                  "Received SparseTensor with dense_shape[0] = 0 but indices.shape[0] = 1",
                  cpu_only=True),
        BadSample((np.zeros((0, 0), _I), np.zeros(0), np.zeros(0, _I), np.float64(0)), {},
                  InvalidArgumentError, "Dense shape cannot be empty."),
        BadSample((np.array([[1, 0]], _I), np.array([1.0]), np.array([3, 4, 1], _I),
                   np.float64(0)), {}, InvalidArgumentError,
                  "The length of `dense_shape` (3) must match the second dimension of "
                  "`indices` (2)."),
        BadSample((np.array([[1, 0]], _I), np.array([1.0]), np.array([3, 4], _I),
                   np.array([0.0])), {}, InvalidArgumentError,
                  "default_value must be a scalar, saw: [1]")],
))
