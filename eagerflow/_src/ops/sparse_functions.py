"""tf.sparse: concat, reorder, reshape, slice, split, reductions, matmul, crosses, ...

Ops layer, after the ragged modules. A SparseTensor is COO indices, values and a dense
shape; each function here is a composition of registered ops over those three tensors
(row-major linear positions, argsort, gathers and segment reductions), so gradients reach
the values wherever TF has them. The crosses (tf.sparse.cross, cross_hashed) are in
crosses.py; add (SparseAdd, SparseTensorDenseAdd) in sparse_binary_ops.py.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import concat, reshape, transpose
from eagerflow._src.ops.array import shape as shape_op
from eagerflow._src.ops.debugging import assert_equal
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.indexing import (
    boolean_mask,
    gather,
    unsorted_segment_sum,
)
from eagerflow._src.ops.math import (
    cast,
    equal,
    floordiv,
    floormod,
    greater,
    greater_equal,
    less,
    logical_and,
    maximum,
    minimum,
    not_equal,
    where,
    zeros_like,
)
from eagerflow._src.ops.nd_indexing import gather_nd, scatter_nd
from eagerflow._src.ops.ragged import RaggedTensor
from eagerflow._src.ops.reduce import reduce_all, reduce_max, reduce_prod, reduce_sum
from eagerflow._src.ops.segment_ops import unsorted_segment_max
from eagerflow._src.ops.sequences import range as range_
from eagerflow._src.ops.sorting import argsort
from eagerflow._src.ops.sparse_ops import to_dense
from eagerflow._src.ops.sparse_segment_ops import (  # noqa: F401 (tf.sparse's, re-exported)
    segment_mean,
    segment_sqrt_n,
    segment_sum,
)
from eagerflow._src.ops.stacking import stack

_I64 = dt.int64


def _sp(x: Any) -> SparseTensor:
    if not isinstance(x, SparseTensor):
        raise TypeError(f"Input must be a SparseTensor, got {type(x).__name__}")
    return x


def _rank(sp: SparseTensor) -> int:
    r = sp.dense_shape.shape[0]
    if r is None:
        raise ValueError("tf.sparse needs SparseTensors of known rank")
    return r


def _int64(v: Any) -> Tensor:
    t = v if isinstance(v, Tensor) else convert_to_tensor(v, dtype=_I64)
    return cast(t, _I64)


# ---------------------------------------------------------------------------------------
# Row-major positions.
# ---------------------------------------------------------------------------------------

def _strides(shape: Tensor, rank: int) -> Tensor:
    """Row-major strides of a dense shape (the product of the later dims)."""
    out = [convert_to_tensor(1, _I64)]
    for k in range(rank - 1, 0, -1):
        out.append(out[-1] * shape[k])
    return stack(out[::-1])


def _positions(indices: Tensor, shape: Tensor, rank: int) -> Tensor:
    return reduce_sum(indices * _strides(shape, rank), axis=1)


def _indices_of(positions: Tensor, shape: Tensor, rank: int) -> Tensor:
    strides = _strides(shape, rank)
    cols = [floormod(floordiv(positions, strides[k]), shape[k]) if k else
            floordiv(positions, strides[0]) for k in range(rank)]
    return stack(cols, axis=1) if rank else reshape(positions, [-1, 0])


def reorder(sp_input: SparseTensor, name: str | None = None) -> SparseTensor:
    """`tf.sparse.reorder`: entries sorted in row-major order."""
    sp = _sp(sp_input)
    order = argsort(_positions(sp.indices, sp.dense_shape, _rank(sp)), stable=True)
    # (traced, TF keeps the static shape but passes the dense shape through an Identity
    # its shape inference does not see through)
    return SparseTensor._of(gather(sp.indices, order), gather(sp.values, order),
                            sp.dense_shape)._with_static(sp.shape, dense=[None] * _rank(sp))


# ---------------------------------------------------------------------------------------
# Construction and conversion.
# ---------------------------------------------------------------------------------------

def from_dense(tensor: Any, name: str | None = None) -> SparseTensor:
    """`tf.sparse.from_dense`: the nonzero (non-empty) entries of a dense tensor."""
    t = tensor if isinstance(tensor, Tensor) else convert_to_tensor(tensor)
    zero = convert_to_tensor(b"" if t.dtype is dt.string else False if t.dtype is dt.bool
                             else 0, t.dtype)
    idx = where(not_equal(t, zero))
    return SparseTensor._of(idx, gather_nd(t, idx), shape_op(t, out_type=_I64))


def map_values(op: Callable, *args: Any, **kwargs: Any) -> SparseTensor:
    """`tf.sparse.map_values(op, *args)`: `op` over the values of the sparse arguments (which
    must share their indices)."""
    found: list = []

    def swap(v: Any) -> Any:
        if isinstance(v, SparseTensor):
            found.append(v)
            return v.values
        return v

    out = op(*[swap(a) for a in args], **{k: swap(v) for k, v in kwargs.items()})
    if not found:
        raise ValueError("No SparseTensor in argument list of map_values")
    first = found[0]
    for other in found[1:]:
        assert_equal(first.indices, other.indices, message="SparseTensors to map_values "
                                                           "must have the same indices")
    return SparseTensor._of(first.indices, out, first.dense_shape)


def expand_dims(sp_input: SparseTensor, axis: int = None, name: str | None = None) -> Any:
    """`tf.sparse.expand_dims`: a dimension of size 1 inserted at `axis`."""
    sp = _sp(sp_input)
    rank = _rank(sp)
    axis = -1 if axis is None else int(axis)
    if not -rank - 1 <= axis <= rank:
        raise ValueError(f"Axis {axis} out of range for a SparseTensor of rank {rank}")
    axis = axis + rank + 1 if axis < 0 else axis
    n = shape_op(sp.indices, out_type=_I64)[0]
    zeros = reshape(range_(n) * 0, [-1, 1])
    idx = concat([sp.indices[:, :axis], zeros, sp.indices[:, axis:]], 1)
    shape = concat([sp.dense_shape[:axis], convert_to_tensor([1], _I64),
                    sp.dense_shape[axis:]], 0)
    # (traced, TF's slices of the dense shape hide its dims: only the new 1 is known)
    return SparseTensor._of(idx, sp.values, shape)._with_static(
        [1 if k == axis else None for k in range(rank + 1)])


def transpose_sparse(sp_input: SparseTensor, perm: Any = None, name: str | None = None
                     ) -> SparseTensor:
    """`tf.sparse.transpose`: index columns permuted, entries reordered."""
    sp = _sp(sp_input)
    rank = _rank(sp)
    perm = list(range(rank - 1, -1, -1)) if perm is None else [int(p) for p in perm]
    idx = gather(sp.indices, convert_to_tensor(perm, _I64), axis=1)
    shape = gather(sp.dense_shape, convert_to_tensor(perm, _I64))
    return reorder(SparseTensor._of(idx, sp.values, shape))


def retain(sp_input: SparseTensor, to_retain: Any) -> SparseTensor:
    """`tf.sparse.retain`: the entries where `to_retain` is True."""
    sp = _sp(sp_input)
    keep = to_retain if isinstance(to_retain, Tensor) else convert_to_tensor(to_retain,
                                                                          dt.bool)
    if keep.shape.rank != 1:
        raise ValueError(f"Shape {keep.shape} must have rank 1")
    # (traced, TF passes the dense shape through an Identity its static shape does not
    # see through: only the rank is known)
    return SparseTensor._of(boolean_mask(sp.indices, keep), boolean_mask(sp.values, keep),
                            sp.dense_shape)._with_static([None] * _rank(sp))


# ---------------------------------------------------------------------------------------
# Arithmetic.
# ---------------------------------------------------------------------------------------

def _reshape_fits(old: Tensor, new: Tensor, total: Tensor) -> None:
    ov, nv = getattr(old, "_arr", None), getattr(new, "_arr", None)
    if ov is None or nv is None:
        assert_equal(reduce_prod(new), total, message="Input to reshape is a tensor with a "
                                                      "different number of dense values")
        return
    ov, nv = to_host(ov), to_host(nv)
    if int(np.prod(nv)) != int(np.prod(ov)):
        raise C.fail("SparseReshape", f"Input to reshape is a tensor with {int(np.prod(ov))} "
                                      f"dense values, but the requested shape has "
                                      f"{int(np.prod(nv))}. input_shape=[{','.join(map(str, ov))}]"
                                      f" output_shape=[{','.join(map(str, nv))}]")


@eager_api()
def sparse_dense_matmul(sp_a: Any, b: Any, adjoint_a: bool = False, adjoint_b: bool = False,
                        name: str | None = None) -> Tensor:
    """`tf.sparse.sparse_dense_matmul`: a sparse matrix times a dense one (either may be the
    sparse one), as gathers of rows and a segment sum."""
    if not isinstance(sp_a, SparseTensor):
        # dense @ sparse = (sparse^T @ dense^T)^T
        return transpose(sparse_dense_matmul(b, sp_a, adjoint_a=not adjoint_b,
                                             adjoint_b=not adjoint_a))
    sp = _sp(sp_a)
    if _rank(sp) != 2:
        raise ValueError(f"Tensor rank must be 2 to use sparse_dense_matmul, got "
                         f"{_rank(sp)}")
    dense = b if isinstance(b, Tensor) else convert_to_tensor(b)
    _check_matmul(sp, dense, adjoint_a, adjoint_b)
    if adjoint_b:
        dense = transpose(dense)
    rows, cols = sp.indices[:, 0], sp.indices[:, 1]
    nrows = sp.dense_shape[0]
    if adjoint_a:
        rows, cols, nrows = cols, rows, sp.dense_shape[1]
    picked = gather(dense, cols) * reshape(sp.values, [-1, 1])
    return unsorted_segment_sum(picked, rows, nrows)


def _check_matmul(sp: SparseTensor, b: Tensor, adjoint_a: bool, adjoint_b: bool) -> None:
    """SparseTensorDenseMatMul's checks, in TF's words: b's dtype (before the op runs), its
    rank, and the inner dimensions where they are known."""
    op = "SparseTensorDenseMatMul"
    if b.dtype != sp.values.dtype:
        raise C.wrong_input_dtype(op, 3, sp.values.dtype, b.dtype)
    if b._shape is not None and len(b._shape) != 2:
        raise C.fail(op, "Tensor 'b' is not a matrix")
    known = getattr(sp.dense_shape, "_arr", None)
    if known is None or b._shape is None:
        return
    a0, a1 = (int(d) for d in to_host(known))
    b0, b1 = b._shape
    inner_a, inner_b = (a0 if adjoint_a else a1), (b1 if adjoint_b else b0)
    if inner_b is not None and inner_a != inner_b:
        raise C.fail(op, f"Cannot multiply A and B because inner dimension does not match: "
                         f"{inner_a} vs. {inner_b}.  Did you forget a transpose?  Dimensions "
                         f"of A: [{a0}, {a1}).  Dimensions of B: [{b0},{b1}]")


def reduce_sum_sparse(sp_input: SparseTensor, axis: Any = None, keepdims: Any = None,
                      output_is_sparse: bool = False, name: str | None = None) -> Any:
    """`tf.sparse.reduce_sum`: sums of the entries over `axis` (a dense tensor, or sparse)."""
    return _reduce(sp_input, axis, keepdims, output_is_sparse, unsorted_segment_sum,
                   reduce_sum)


def reduce_max_sparse(sp_input: SparseTensor, axis: Any = None, keepdims: Any = None,
                      output_is_sparse: bool = False, name: str | None = None) -> Any:
    """`tf.sparse.reduce_max`: the largest entry over `axis` (implicit zeros are not
    entries: a group without any gives 0, as TF)."""
    return _reduce(sp_input, axis, keepdims, output_is_sparse, unsorted_segment_max,
                   reduce_max)


def _reduce(sp_input: Any, axis: Any, keepdims: Any, output_is_sparse: bool,
            segment: Callable, dense: Callable) -> Any:
    sp = _sp(sp_input)
    rank = _rank(sp)
    axes = list(range(rank)) if axis is None else \
        [a % rank for a in ([axis] if isinstance(axis, int) else list(axis))]
    kept = [k for k in range(rank) if k not in axes]
    kept_shape = gather(sp.dense_shape, convert_to_tensor(kept, _I64)) if kept else \
        convert_to_tensor(np.zeros(0, np.int64))
    n = reduce_prod(kept_shape) if kept else convert_to_tensor(1, _I64)
    if kept:
        ids = _positions(gather(sp.indices, convert_to_tensor(kept, _I64), axis=1),
                         kept_shape, len(kept))
    else:
        ids = range_(shape_op(sp.indices, out_type=_I64)[0]) * 0
    out = segment(sp.values, ids, n)
    count = unsorted_segment_sum(cast(equal(ids, ids), _I64), ids, n)
    has = greater(count, convert_to_tensor(0, _I64))
    out = where(has, out, zeros_like(out))  # empty groups: 0 (not the reduction's identity)
    # (traced, TF's SparseReduceSum/Max and their Sparse forms leave the result's shape
    # unknown, rank included)
    if output_is_sparse:
        pos = where(has)[:, 0]
        return SparseTensor._of(_indices_of(pos, kept_shape, len(kept)), gather(out, pos),
                                kept_shape)._with_static(None)
    result = reshape(out, kept_shape) if kept else reshape(out, [])
    if keepdims:
        full = [1 if k in axes else sp.dense_shape[k] for k in range(rank)]
        result = reshape(result, stack([_int64(d) for d in full]))
    if not isinstance(result, EagerTensor):
        result._shape = None
    return result


# ---------------------------------------------------------------------------------------
# Structure: concat, reshape, slice, split, fill_empty_rows, to_indicator.
# ---------------------------------------------------------------------------------------

def concat_sparse(axis: int, sp_inputs: list, expand_nonconcat_dims: bool = False,
                  name: str | None = None) -> SparseTensor:
    """`tf.sparse.concat`: SparseTensors joined along `axis` (entries in row-major order)."""
    parts = [_sp(s) for s in sp_inputs]
    if not parts:
        raise ValueError("sp_inputs must not be empty")
    rank = _rank(parts[0])
    C.no_graph_attr(axis, "concat_dim")
    axis = axis % rank
    offset = convert_to_tensor(0, _I64)
    idx, vals = [], []
    for p in parts:
        shift = [offset if k == axis else convert_to_tensor(0, _I64) for k in range(rank)]
        idx.append(p.indices + stack(shift))
        vals.append(p.values)
        offset = offset + p.dense_shape[axis]
    shapes = stack([p.dense_shape for p in parts])
    if expand_nonconcat_dims:
        outer = reduce_max(shapes, axis=0)
    else:
        for p in parts[1:]:
            others = [k for k in range(rank) if k != axis]
            assert_equal(gather(p.dense_shape, convert_to_tensor(others, _I64)),
                         gather(parts[0].dense_shape, convert_to_tensor(others, _I64)),
                         message="Input shapes must match except along the concat axis")
        outer = parts[0].dense_shape
    shape = stack([offset if k == axis else outer[k] for k in range(rank)])
    out = reorder(SparseTensor._of(concat(idx, 0), concat(vals, 0), shape))
    # (traced, TF's static shape is the first input's (or the largest, expanding) with the
    # concat axis summed; its dense shape is SparseConcat's output, whose dims it knows not)
    static = [p.shape for p in parts]
    if any(s.rank is None for s in static):
        return out._with_static(None, dense=[None] * rank)
    dims = [None if any(s[k] is None for s in static) else max(s[k] for s in static)
            for k in range(rank)] if expand_nonconcat_dims else static[0].as_list()
    dims[axis] = None if any(s[axis] is None for s in static) else sum(s[axis] for s in static)
    return out._with_static(dims, dense=[None] * rank)


@eager_api()
def reshape_sparse(sp_input: SparseTensor, shape: Any, name: str | None = None
                   ) -> SparseTensor:
    """`tf.sparse.reshape`: the same entries in a new dense shape (one dim may be -1)."""
    sp = _sp(sp_input)
    new = _int64(shape)
    k = new.shape[0]
    if k is None:
        raise ValueError("tf.sparse.reshape needs a shape of known length")
    total = reduce_prod(sp.dense_shape)
    known = reduce_prod(where(equal(new, -1), new * 0 + 1, new))
    new = where(equal(new, -1), new * 0 + total // maximum(known, known * 0 + 1), new)
    _reshape_fits(sp.dense_shape, new, total)
    pos = _positions(sp.indices, sp.dense_shape, _rank(sp))
    out = SparseTensor._of(_indices_of(pos, new, k), sp.values, new)
    # (traced, the dense shape is SparseReshape's output to TF: only its length is known)
    return out if sp.shape.is_fully_defined() and isinstance(new, EagerTensor) else \
        out._with_static([None] * k)


@eager_api()
def slice_sparse(sp_input: SparseTensor, start: Any, size: Any, name: str | None = None
                 ) -> SparseTensor:
    """`tf.sparse.slice`: the entries in [start, start + size), shifted to start at 0."""
    sp = _sp(sp_input)
    start, size = _int64(start), _int64(size)
    _check_slice(_rank(sp), start, size)
    inside = reduce_all(logical_and(greater_equal(sp.indices, start),
                                    less(sp.indices, start + size)), axis=1)
    idx = boolean_mask(sp.indices, inside) - start
    shape = minimum(size, maximum(sp.dense_shape - start, start * 0))
    # (traced, the dense shape is SparseSlice's output to TF: only its length is known)
    return SparseTensor._of(idx, boolean_mask(sp.values, inside), shape)._with_static(
        [None] * _rank(sp))


def _check_slice(rank: int | None, start: Tensor, size: Tensor) -> None:
    """SparseSlice's checks of start and size, in TF's words, where they are known."""
    for what, t in (("start", start), ("size", size)):
        if t._shape is not None and len(t._shape) != 1:
            raise C.fail("SparseSlice", f"Input {what} should be a vector but received shape "
                                        f"{C.shape_str(t._shape)}")
    for what, t in (("start", start), ("size", size)):
        n = t._shape[0] if t._shape else None
        if rank is not None and n is not None and n != rank:
            raise C.fail("SparseSlice", f"Expected {what} to be a vector of length {rank} but "
                                        f"got length {n}")
    known = getattr(size, "_arr", None)
    if known is not None:
        bad = [int(d) for d in to_host(known) if d < 0]
        if bad:
            raise C.fail("SparseSlice", f"Expected a non-negative size, got {bad[0]}")


def split_sparse(sp_input: SparseTensor = None, num_split: int = None, axis: int = None,
                 name: str | None = None) -> list:
    """`tf.sparse.split`: `num_split` slices along `axis` (the first ones one larger when
    the size does not divide)."""
    sp = _sp(sp_input)
    rank = _rank(sp)
    C.no_graph_attr(num_split, "num_split")
    axis = int(axis) % rank
    n = int(num_split)
    dim = sp.dense_shape[axis]
    out, start = [], convert_to_tensor(0, _I64)
    for i in range(n):
        size = dim // n + cast(less(convert_to_tensor(i, _I64), dim % n), _I64)
        starts = stack([start if k == axis else convert_to_tensor(0, _I64)
                        for k in range(rank)])
        sizes = stack([size if k == axis else sp.dense_shape[k] for k in range(rank)])
        out.append(slice_sparse(sp, starts, sizes))
        start = start + size
    return out


def fill_empty_rows(sp_input: SparseTensor, default_value: Any, name: str | None = None
                    ) -> tuple:
    """`tf.sparse.fill_empty_rows`: an entry [row, 0, ...] = default_value for each row
    without entries; returns (the new SparseTensor, the empty-row indicator)."""
    sp = _sp(sp_input)
    rank = _rank(sp)
    nrows = sp.dense_shape[0]
    rows = sp.indices[:, 0]
    counts = unsorted_segment_sum(cast(equal(rows, rows), _I64), rows, nrows)
    empty = equal(counts, counts * 0)
    missing = where(empty)[:, 0]
    m = shape_op(missing, out_type=_I64)[0]
    zeros = reshape(range_(m * (rank - 1)) * 0, stack([m, convert_to_tensor(rank - 1, _I64)]))
    new_idx = concat([reshape(missing, [-1, 1]), zeros], 1)
    fill = convert_to_tensor(default_value, dtype=sp.values.dtype)
    filled = gather(reshape(fill, [1]), range_(m) * 0)
    out = reorder(SparseTensor._of(concat([sp.indices, new_idx], 0),
                                   concat([sp.values, filled], 0), sp.dense_shape))
    return out, empty


def to_indicator(sp_input: SparseTensor, vocab_size: Any, name: str | None = None) -> Tensor:
    """`tf.sparse.to_indicator`: a bool tensor whose last dimension (of vocab_size) marks the
    values each row holds."""
    sp = _sp(sp_input)
    rank = _rank(sp)
    idx = concat([sp.indices[:, :rank - 1], reshape(cast(sp.values, _I64), [-1, 1])], 1)
    last = convert_to_tensor([vocab_size], _I64) if isinstance(vocab_size, int) else \
        reshape(_int64(vocab_size), [1])
    shape = concat([sp.dense_shape[:rank - 1], last], 0)
    n = shape_op(idx, out_type=_I64)[0]
    if not isinstance(shape, EagerTensor):  # traced: a shape known when the graph runs
        marks = SparseTensor._of(idx, gather(convert_to_tensor([True]), range_(n) * 0), shape)
        return to_dense(marks, False, validate_indices=False)
    marks = scatter_nd(idx, gather(convert_to_tensor([1], dt.int32), range_(n) * 0), shape)
    return greater(marks, marks * 0)


def bincount(values: Any, weights: Any = None, axis: int = 0, minlength: Any = None,
             maxlength: Any = None, binary_output: bool = False, name: str | None = None
             ) -> SparseTensor:
    """`tf.sparse.bincount`: counts of each value (per row with axis=-1), as a SparseTensor
    of the nonzero counts."""
    if isinstance(values, SparseTensor):
        flat, rows = values.values, values.indices[:, 0]
        nrows = values.dense_shape[0]
    elif isinstance(values, RaggedTensor):
        flat, rows, nrows = values.flat_values, values.value_rowids(), values.nrows()
    else:
        v = values if isinstance(values, Tensor) else convert_to_tensor(values)
        if axis in (-1, 1) and v.shape.rank == 2:
            n, k = shape_op(v, out_type=_I64)[0], shape_op(v, out_type=_I64)[1]
            rows = floordiv(range_(n * k), k)
            nrows = n
        else:
            rows, nrows = None, None
        flat = reshape(v, [-1])
    if axis not in (0, -1, 1):
        raise ValueError(f"Unsupported axis value {axis}. Only 0 and -1 are currently "
                         "supported.")
    if axis == 0:
        rows, nrows = None, None
    ids = cast(flat, _I64)
    w = None if weights is None else reshape(
        weights.values if isinstance(weights, SparseTensor) else
        weights.flat_values if isinstance(weights, RaggedTensor) else
        (weights if isinstance(weights, Tensor) else convert_to_tensor(weights)), [-1])
    top = reduce_max(concat([ids, convert_to_tensor([-1], _I64)], 0)) + 1
    size = top if minlength is None else maximum(top, _int64(minlength))
    if maxlength is not None:
        size = minimum(size, _int64(maxlength))
        keep = less(ids, size)
        ids = boolean_mask(ids, keep)
        w = None if w is None else boolean_mask(w, keep)
        rows = None if rows is None else boolean_mask(rows, keep)
    # (uncounted, the counts are of the values' integer type, as TF's)
    counted = flat.dtype if flat.dtype in (dt.int32, _I64) else dt.int32
    ones = cast(equal(ids, ids), counted if w is None else w.dtype) if w is None or \
        not binary_output else None
    vals = w if w is not None else ones
    if rows is None:
        counts = unsorted_segment_sum(vals, ids, size)
        if binary_output:
            counts = cast(greater(counts, counts * 0), counts.dtype)
        return from_dense(counts)
    flat_ids = rows * size + ids
    counts = unsorted_segment_sum(vals, flat_ids, nrows * size)
    if binary_output:
        counts = cast(greater(counts, counts * 0), counts.dtype)
    return from_dense(reshape(counts, stack([nrows, size])))
