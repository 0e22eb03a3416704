"""TF's sparse ops that join and part SparseTensors: SparseConcat, SparseSplit and
SparseFillEmptyRows (with its gradient SparseFillEmptyRowsGrad), which tf.sparse.concat,
split and fill_empty_rows run (sparse_functions.py binds them).

Ops layer, after sparse_shape_ops.py, sharing its checks through sparse_parts.py. Their
order, checks and words are TF 2.21's kernels': SparseConcat sorts its entries in
row-major order (ties kept in input order), the others keep the input order;
SparseConcat is not differentiable, SparseSplit has no gradient, SparseFillEmptyRows'
is its Grad op. On a GPU they run as TF's GPU kernels do, their shapes in host memory
(each kernel says where TF's GPU orders and checks differ from its CPU's).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import bincount, to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InternalError, InvalidArgumentError, NotFoundError
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.ops.sparse_ops import (
    fill_grad_grad,
    fill_grad_infer,
    fill_grad_kernel,
    fill_grad_reference,
    fill_rows,
    want_rank,
)
from eagerflow._src.ops.sparse_parts import (
    c_divmod,
    create_checks,
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

_I = np.int64
_I64 = dt.int64
_CONCAT, _SPLIT, _FILL, _FILL_GRAD = ("SparseConcat", "SparseSplit", "SparseFillEmptyRows",
                                      "SparseFillEmptyRowsGrad")


# ---------------------------------------------------------------------------------------
# SparseConcat: the inputs joined along concat_dim, their entries in row-major order.
# ---------------------------------------------------------------------------------------

def _concat_parts(args: tuple) -> tuple:
    if len(args) % 3:
        raise C.fail(_CONCAT, f"SparseConcat takes N indices, N values and N shapes; got "
                              f"{len(args)} inputs")
    n = len(args) // 3
    C.attr_at_least(_CONCAT, "N", n, 2)
    return args[:n], args[n:2 * n], args[2 * n:]


def _concat_infer(*args: Any, concat_dim: int) -> list:
    concat_dim = AV.make_int(concat_dim, "concat_dim")
    indices, values, shapes = _concat_parts(args)
    n = len(indices)
    int64_inputs(_CONCAT, tuple(enumerate(indices)))
    d = values[0]._dtype
    for i, v in enumerate(values):
        if v._dtype is not d:
            raise C.wrong_input_dtype(_CONCAT, n + i, d, v._dtype)
    int64_inputs(_CONCAT, tuple(enumerate(shapes, 2 * n)))
    for parts, what, rank, kind in ((indices, "indices", 2, "a matrix"),
                                    (values, "values", 1, "a vector"),
                                    (shapes, "shapes", 1, "a vector")):
        for i, x in enumerate(parts):
            want_shape(_CONCAT, x, rank, f"Input {what} should be {kind} but received shape "
                                          f"{{}} at position {i}")
    rank = static_dim(shapes[0], 0)
    for i, s in enumerate(shapes[1:], 1):
        k = static_dim(s, 0)
        if None not in (rank, k) and k != rank:
            raise C.fail(_CONCAT, f"Ranks of all input tensors must match: expected {rank} but "
                                  f"got {k} at position {i}")
    if rank is not None and not -rank <= concat_dim < rank and in_kernel(*shapes):
        raise C.fail(_CONCAT, f"Concat dimension must be in range [{-rank}, {rank}), got "
                              f"{concat_dim}")
    return [((None, rank), _I64), ((None,), d), ((rank,), _I64)]


def _concat_kernel(xp: Any, *args: Any, concat_dim: int) -> tuple:
    _concat_infer(*specs(args), concat_dim=concat_dim)
    concat_dim = AV.make_int(concat_dim, "concat_dim")
    indices, values, shapes = _concat_parts(args)
    shapes = [host_ints(s) for s in shapes]
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
        shifted = host_ints(idx)
        first = row_major(shifted, by_axis)
        shifted = shifted[first]
        with np.errstate(over="ignore"):
            shifted[:, axis] += offset
            offset = offset + s[axis]
        rows.append(shifted)
        vals.append(v[xp.asarray(first)])
    joined = np.concatenate(rows)
    order = row_major(joined)
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
            flat, col = c_divmod(xp, flat, d)
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
    num_split = AV.make_int(num_split, "num_split")
    int64_inputs(_SPLIT, ((0, split_dim), (1, indices), (3, shape)))
    C.attr_at_least(_SPLIT, "num_split", num_split, 1)
    if 3 * num_split > 2**31 - 1:  # (TF's eager call counts its outputs in an int32)
        raise ValueError(f"Number of outputs is too big: {3 * num_split}")
    C.output_count(_SPLIT, 3 * num_split)
    if in_kernel(split_dim, indices, values, shape):  # (TF's are all its kernel's)
        want_shape(_SPLIT, split_dim, 0, "Input axis should be a scalar but received shape {}")
        want_shape(_SPLIT, indices, 2, "Input indices should be a matrix but received shape {}")
        if values._shape is not None and len(values._shape) != 1:  # (TF's words: the indices')
            raise C.fail(_SPLIT, f"Input values should be a vector but received shape "
                                 f"{C.shape_str(indices._shape or ())}")
        want_shape(_SPLIT, shape, 1, "Input shape should be a vector but received shape {}")
        create_checks(_SPLIT, indices, values, shape)
    rank = out_rank((shape, 0), (indices, 1))
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
    _split_infer(*specs((split_dim, indices, values, shape)), num_split=num_split)
    num_split = AV.make_int(num_split, "num_split")
    dims = host_ints(shape)
    rank, axis = len(dims), int(host_ints(split_dim))
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
    neg_dims(_SPLIT, dims, "Expected a non-negative size, got {}")
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
                             f"[{', '.join(str(v) for v in host_ints(indices[i]).tolist())}] "
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
    int64_inputs(_FILL, ((0, indices), (2, dense_shape)))
    if default_value._dtype is not values._dtype:
        raise C.wrong_input_dtype(_FILL, 3, values._dtype, default_value._dtype)
    want_rank(_FILL, dense_shape, 1, "dense_shape")
    want_rank(_FILL, indices, 2, "indices")
    want_rank(_FILL, values, 1, "values")
    n, m = static_dim(indices, 0), static_dim(values, 0)
    if None not in (n, m) and n != m:
        raise C.fail(_FILL, f"The length of `values` ({m}) must match the first dimension of "
                            f"`indices` ({n}).")
    r, k = static_dim(indices, 1), static_dim(dense_shape, 0)
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
    rank = out_rank((dense_shape, 0), (indices, 1))
    return [((None, rank), _I64), ((None,), values._dtype), ((None,), dt.bool),
            ((n if n is not None else m,), _I64)]


def _fill_kernel(xp: Any, indices: Any, values: Any, dense_shape: Any,
                 default_value: Any) -> tuple:
    _fill_infer(*specs((indices, values, dense_shape, default_value)))
    if xp is not np:
        return _fill_on_device(xp, indices, values, host_ints(dense_shape), default_value)
    idx, dims = host_ints(indices), host_ints(dense_shape)
    n = int(dims[0])
    neg_dims(_FILL, dims[:1])
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
    neg_dims(_FILL, dims[:1])  # (TF's GPU kernel would allocate a negative length)
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
