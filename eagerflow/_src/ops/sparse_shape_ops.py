"""TF's sparse structure ops that move a SparseTensor's entries: SparseReorder,
SparseReshape, SparseSlice (and its gradient SparseSliceGrad), which tf.sparse.reorder,
reshape and slice run (sparse_functions.py binds them); those that join and part sparse
tensors are sparse_join_ops.py's, and what both share is sparse_parts.py's.

Ops layer, after sparse_ops.py. A sparse tensor comes as its three parts (indices,
values, dense shape). Their order, checks and words are TF 2.21's kernels':
SparseReorder sorts its entries in row-major order (ties kept in input order), the
others keep the input order. The gradients are TF's: SparseReorder's gathers through
the inverse permutation, SparseSlice's runs its Grad op, SparseReshape has none.

On the CPU the kernels read the indices on the host, as TF's CPU kernels do. On a GPU
they run as TF's GPU kernels: the entries stay on the device, the shapes TF keeps in
host memory are read there (host_inputs) and given there (host_outputs), and what those
kernels read back (a count) is read back; their orders and checks are theirs where they
differ from the CPU's (each kernel says where).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InternalError, InvalidArgumentError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import shape as shape_op
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.indexing import gather, unsorted_segment_sum
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.sequences import range as range_
from eagerflow._src.ops.sparse_parts import (
    c_divmod,
    create_checks,
    dims_text,
    host_ints,
    in_kernel,
    int64_inputs,
    neg_dims,
    out_rank,
    row_major,
    specs,
    static_dim,
    want_shape,
)
from eagerflow._src.ops.transposing import INVERT_PERMUTATION

_I = np.int64
_I64 = dt.int64
_REORDER, _RESHAPE, _SLICE, _SLICE_GRAD = ("SparseReorder", "SparseReshape", "SparseSlice",
                                           "SparseSliceGrad")
_INT64_MAX = np.iinfo(np.int64).max
# SparseSliceGrad's T (its OpDef's list; eagerflow has no quantized values to give it)
_SLICE_GRAD_TYPES = frozenset((
    dt.float32, dt.float64, dt.int32, dt.uint8, dt.int16, dt.int8, dt.complex64, dt.int64,
    dt.bfloat16, dt.uint16, dt.complex128, dt.float16, dt.uint32, dt.uint64))


# ---------------------------------------------------------------------------------------
# SparseReorder: the entries in row-major order.
# ---------------------------------------------------------------------------------------

def _reorder_infer(input_indices: Any, input_values: Any, input_shape: Any) -> list:
    int64_inputs(_REORDER, ((0, input_indices), (2, input_shape)))
    create_checks(_REORDER, input_indices, input_values, input_shape)
    return [(input_indices._shape, _I64), (input_values._shape, input_values._dtype)]


def _reorder_kernel(xp: Any, input_indices: Any, input_values: Any, input_shape: Any) -> tuple:
    _reorder_infer(*specs((input_indices, input_values, input_shape)))
    if xp is not np:
        order = xp.argsort(_device_positions(xp, input_indices, input_shape), kind="stable")
        return input_indices[order], input_values[order]
    idx = host_ints(input_indices)
    order = row_major(idx)
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
    int64_inputs(_RESHAPE, ((0, input_indices), (1, input_shape), (2, new_shape)))
    want_shape(_RESHAPE, input_indices, 2, "Input must be a matrix.")
    want_shape(_RESHAPE, input_shape, 1, "Input shape must be a vector.")
    r, k = static_dim(input_indices, 1), static_dim(input_shape, 0)
    if None not in (r, k) and r != k and in_kernel(input_indices, input_shape):
        raise C.fail(_RESHAPE, "Input tensor rank must match input shape length.")
    want_shape(_RESHAPE, new_shape, 1, "Target shape should be a vector but received shape {}")
    out_rank = static_dim(new_shape, 0)
    return [((static_dim(input_indices, 0), out_rank), _I64), ((out_rank,), _I64)]


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
        neg_dims(_RESHAPE, np.array([d]))
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
                                   f"{product}. input_shape=[{dims_text(old)}] "
                                   f"output_shape=[{dims_text(out)}]")
        out[unknown] = dense // product
    elif product != dense:
        raise C.fail(_RESHAPE, f"Input to reshape is a tensor with {dense} dense values, but "
                               f"the requested shape has {product}. input_shape=[{dims_text(old)}] "
                               f"output_shape=[{dims_text(out)}]")
    return out


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
    _reshape_infer(*specs((input_indices, input_shape, new_shape)))
    old, new = host_ints(input_shape), host_ints(new_shape)
    out = _new_shape(old, new)
    if old.tolist() == out.tolist():  # (TF's kernel passes the indices through as they are)
        return input_indices.copy(), out
    n = input_indices.shape[0]
    if n and (_product(old) == 0 or _product(out) == 0):
        raise C.fail(_RESHAPE, f"Input tensor has {n} non zero elements but input shape "
                               f"([{dims_text(old)}]) or output shape "
                               f"([{dims_text(out)}]) is empty")
    with np.errstate(over="ignore"):  # (out-of-bounds indices wrap as TF's int64s do)
        pos = xp.zeros((n,), _I)
        for k, s in enumerate(_strides(old).tolist()):
            pos += input_indices[:, k] * s
        cols = []
        for s in _strides(out).tolist():
            q, pos = c_divmod(xp, pos, s)
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
    int64_inputs(_SLICE, ((0, indices), (2, shape), (3, start), (4, size)))
    create_checks(_SLICE, indices, values, shape)
    for what, t in (("start", start), ("size", size)):
        want_shape(_SLICE, t, 1, f"Input {what} should be a vector but received shape {{}}")
    rank = out_rank((shape, 0), (indices, 1))
    for what, t in (("start", start), ("size", size)):
        k = static_dim(t, 0)
        if None not in (rank, k) and k != rank and in_kernel(shape, indices, t):
            raise C.fail(_SLICE, f"Expected {what} to be a vector of length {rank} but got "
                                 f"length {k}")
    return [((None, rank), _I64), ((None,), values._dtype), ((rank,), _I64)]


def _slice_kernel(xp: Any, indices: Any, values: Any, shape: Any, start: Any,
                  size: Any) -> tuple:
    """The shape, start and size read on the host, the entries picked where they are; the
    output's shape in host memory, as TF's GPU kernel gives it. TF's GPU kernel checks no
    dims (a negative one, a negative size: its output dim is 0) and picks nothing from a
    slice of no elements."""
    _slice_infer(*specs((indices, values, shape, start, size)))
    dims, first, count = host_ints(shape), host_ints(start), host_ints(size)
    with np.errstate(over="ignore"):  # (TF's kernels in int64s, wrapping)
        end = first + count
        if xp is np:
            # a dim takes the size asked for where the slice starts before the dim less
            # the size, else what is left of the dim
            neg_dims(_SLICE, dims)
            asked = first < dims - count
            out_dims = np.where(asked, count, np.maximum(dims - first, 0))
            neg_dims(_SLICE, out_dims, "Expected a non-negative size, got {}")
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
    int64_inputs(_SLICE_GRAD, ((1, input_indices), (2, input_start), (3, output_indices)))
    if in_kernel(backprop_val_grad, input_indices, input_start, output_indices):
        _slice_grad_checks(backprop_val_grad, input_indices, input_start, output_indices)
    return [((static_dim(input_indices, 0),), backprop_val_grad._dtype)]


def _slice_grad_checks(backprop_val_grad: Any, input_indices: Any, input_start: Any,
                       output_indices: Any) -> None:
    """SparseSliceGrad's kernel's checks of its inputs' shapes, in its order."""
    for x in (input_indices, output_indices):
        if x._shape is not None and len(x._shape) != 2:
            raise C.fail(_SLICE_GRAD, f"Input and output indices should be matrices but "
                                      f"received shapes: {C.shape_str(input_indices._shape)}"
                                      f" and {C.shape_str(output_indices._shape)}")
    want_shape(_SLICE_GRAD, backprop_val_grad, 1,
                "Input backprop_val_grad should be a vector but received shape: {}")
    r_in, r_out = static_dim(input_indices, 1), static_dim(output_indices, 1)
    if None not in (r_in, r_out) and r_in != r_out:
        raise C.fail(_SLICE_GRAD, f"The input and output should have the same ndims: got: "
                                  f"{r_in} and {r_out}")
    m, k, n = (static_dim(x, 0) for x in (backprop_val_grad, output_indices, input_indices))
    if None not in (k, n) and k > n:
        raise C.fail(_SLICE_GRAD, f"# rows of output_indices should be not greater than of "
                                  f"input_indices, got {k} and {n}")
    if None not in (m, k) and m != k:
        raise C.fail(_SLICE_GRAD, f"# elements of backprop_val_grad and # rows of "
                                  f"output_indices should match (#nnz of sum): got {m} and {k}")
    want_shape(_SLICE_GRAD, input_start, 1,
                "The input_start should be a vector but received shape {}")
    s = static_dim(input_start, 0)
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
    """The CPU's walk: the input entries in order, each output entry paired with the
    first input entry after the last one paired that equals it shifted by the start; an
    output entry left unpaired is TF's InternalError. On a GPU: _slice_grad_searched."""
    _slice_grad_infer(*specs((backprop_val_grad, input_indices, input_start, output_indices)))
    if xp is not np:
        return _slice_grad_searched(xp, backprop_val_grad, input_indices, input_start,
                                    output_indices)
    with np.errstate(over="ignore"):
        shifted = host_ints(input_indices) - host_ints(input_start)
    wanted = host_ints(output_indices)
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


def _slice_grad_searched(xp: Any, backprop_val_grad: Any, input_indices: Any,
                         input_start: Any, output_indices: Any) -> Any:
    """TF's GPU kernel, all on the device: each input entry looks for itself among the
    output entries shifted by the start, by a binary search that assumes them in row-major
    order (std::lower_bound's steps, comparing index rows column by column in int64s,
    wrapping), and takes the gradient of the one it lands on where that one equals it,
    else 0. It checks nothing: an output entry no input entry lands on is dropped, and
    where an index repeats every repeat takes the gradient of the first equal output
    entry the search finds (the CPU pairs repeats in order, and refuses an output entry
    it cannot pair)."""
    n, m = input_indices.shape[0], output_indices.shape[0]
    if n == 0 or m == 0:  # (nothing to search for, or nothing to find: zeros)
        return xp.zeros((n,), backprop_val_grad.dtype)
    shifted = output_indices + input_start
    first = xp.zeros((n,), _I)  # each search's range [first, first + count)
    count = xp.full((n,), m, _I)
    for _ in range(m.bit_length()):  # (a step at least halves a count: then all are 0)
        step = count // 2
        probe = first + step
        below = _row_less(xp, shifted[xp.minimum(probe, m - 1)], input_indices) & (count > 0)
        first = xp.where(below, probe + 1, first)
        count = xp.where(below, count - step - 1, step)
    at = xp.minimum(first, m - 1)
    found = (first < m) & (shifted[at] == input_indices).all(axis=1)
    return xp.where(found, backprop_val_grad[at], xp.zeros((), backprop_val_grad.dtype))


def _row_less(xp: Any, a: Any, b: Any) -> Any:
    """Whether each row of `a` comes before the same row of `b`, column by column (rows of
    no columns: never)."""
    less, tied = xp.zeros((a.shape[0],), bool), xp.ones((a.shape[0],), bool)
    for k in range(a.shape[1]):
        less |= tied & (a[:, k] < b[:, k])
        tied &= a[:, k] == b[:, k]
    return less


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
    _SLICE_GRAD, _slice_grad_infer, _slice_grad_kernel,
    reference=_slice_grad_reference, grad=_slice_grad_grad,
    samples=lambda: [
        Sample((np.array([7.0, 8.0]), np.array([[0, 0], [0, 3], [1, 1]], _I),
                np.array([0, 1], _I), np.array([[0, 2], [1, 0]], _I)), grad_inputs=(0,)),
        # (a repeated index: TF's GPU kernel gives both repeats the first's gradient)
        Sample((np.array([7, 8], np.int32), np.array([[0, 3], [0, 3]], _I), np.array([0, 1], _I),
                np.array([[0, 2], [0, 2]], _I)), grad=False, cpu_only=True),
        Sample((np.zeros(0, np.float32), np.array([[0, 0]], _I), np.array([0, 1], _I),
                np.zeros((0, 2), _I)), grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([7.0, 8.0]), np.array([[0, 0], [0, 3], [1, 1]], _I),
                   np.array([0, 1], _I), np.array([[0, 2], [3, 0]], _I)), {}, InternalError,
                  "Elements of backprop_val_grad aren't all propagated. Num elements:2, used: 1",
                  cpu_only=True),
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
        # (entries out of order: TF's GPU gradient searches them as if in order, and gives
        # zeros to those its search misses)
        Sample((np.array([[3, 2], [0, 0], [1, 1]], _I), np.array([1.5, -2.0, 3.0]),
                np.array([4, 5], _I), np.array([-1, 0], _I), np.array([10, 3], _I)),
               grad_inputs=(1,), cpu_only=True),
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
