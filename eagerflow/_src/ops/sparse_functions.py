"""tf.sparse: add, concat, reorder, reshape, slice, split, reductions, matmul, crosses, ...

Ops layer, after the ragged modules. A SparseTensor is COO indices, values and a dense
shape. reorder, reshape, slice, concat, split and fill_empty_rows bind TF's ops for them
(sparse_shape_ops.py), as TF's graphs hold them; the others are compositions of
registered ops over those three tensors (row-major linear positions, argsort, gathers and
segment reductions), so gradients reach the values wherever TF has them. The crosses
(tf.sparse.cross, cross_hashed) are in crosses.py.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.sparse_tensor import SparseTensor, SparseTensorValue
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import concat, reshape, transpose
from eagerflow._src.ops.array import shape as shape_op
from eagerflow._src.ops.debugging import assert_equal
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import tf_constant_value, tf_shape_value
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.graph_constants import convert_to_tensor_v2, graph_constant, scope_name
from eagerflow._src.ops.indexing import (
    boolean_mask,
    check_sorted_segments,
    gather,
    unique,
    unsorted_segment_sum,
)
from eagerflow._src.ops.math import abs as abs_
from eagerflow._src.ops.math import (
    cast,
    equal,
    floordiv,
    floormod,
    greater,
    greater_equal,
    identity,
    less,
    logical_not,
    logical_or,
    maximum,
    minimum,
    not_equal,
    rsqrt,
    where,
    zeros_like,
)
from eagerflow._src.ops.nd_indexing import gather_nd, scatter_nd
from eagerflow._src.ops.ragged import RaggedTensor
from eagerflow._src.ops.reduce import reduce_max, reduce_prod, reduce_sum
from eagerflow._src.ops.segment_ops import unsorted_segment_max
from eagerflow._src.ops.sequences import range as range_
from eagerflow._src.ops.sorting import argsort
from eagerflow._src.ops.sparse_ops import to_dense
from eagerflow._src.ops.sparse_shape_ops import (
    SPARSE_CONCAT,
    SPARSE_FILL_EMPTY_ROWS,
    SPARSE_REORDER,
    SPARSE_RESHAPE,
    SPARSE_SLICE,
    SPARSE_SPLIT,
)
from eagerflow._src.ops.stacking import stack

_I64 = dt.int64
_CONCAT_OP, _RESHAPE_OP, _SLICE_OP, _FILL_OP = ("SparseConcat", "SparseReshape", "SparseSlice",
                                                "SparseFillEmptyRows")
# TF's first CPU kernel of SparseConcat, which an empty list of inputs (T unset) cannot meet
_CONCAT_KERNEL = ('op: "SparseConcat" device_type: "CPU" constraint { name: "T" allowed_values '
                  '{ list { type: DT_VARIANT } } }')


def _sp(x: Any) -> SparseTensor:
    """A SparseTensor argument as TF's functions take it (a SparseTensorValue converted)."""
    if isinstance(x, SparseTensorValue):
        return SparseTensor.from_value(x)
    if not isinstance(x, SparseTensor):
        raise TypeError("Input must be a SparseTensor.")
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
    """`tf.sparse.reorder`: entries sorted in row-major order (TF's SparseReorder)."""
    sp = _sp(sp_input)
    ind, val = bind(SPARSE_REORDER, (sp.indices, sp.values, sp.dense_shape), {}, name)
    static = sp.shape
    if isinstance(sp.dense_shape, EagerTensor):
        return SparseTensor._of(ind, val, sp.dense_shape)
    if static.is_fully_defined():  # (traced, TF's dense shape is then a constant of it)
        with name_scope(scope_name(None, "SparseTensor") + "/"):
            dense = convert_to_tensor_v2(static.as_list(), _I64, name="dense_shape")
        return SparseTensor._of(ind, val, dense)
    # (else an Identity of the dense shape, which the static shape does not see through)
    out = SparseTensor._of(ind, val, identity(sp.dense_shape))
    return out._with_static(static, dense=None if static.rank is None else
                            [None] * static.rank)


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

@eager_api()
def add(a: Any, b: Any, threshold: Any = 0) -> Any:
    """`tf.sparse.add`: sparse + sparse (summed where both have an entry; sums smaller in
    magnitude than `threshold` dropped), or sparse + dense (a dense tensor)."""
    if not isinstance(a, SparseTensor) or not isinstance(b, SparseTensor):
        if isinstance(a, SparseTensor):
            return to_dense(a) + b
        if isinstance(b, SparseTensor):
            return a + to_dense(b)
        raise TypeError("At least one input should be SparseTensor")
    rank = _rank(a)
    if _rank(b) != rank:
        raise ValueError(f"SparseTensors to add must have the same rank: {rank} vs "
                         f"{_rank(b)}")
    _same_shape(a.dense_shape, b.dense_shape)
    idx = concat([a.indices, b.indices], 0)
    vals = concat([a.values, cast(b.values, a.values.dtype)], 0)
    pos = _positions(idx, a.dense_shape, rank)
    uniq, which = unique(pos, out_idx=_I64)
    n = shape_op(uniq, out_type=_I64)[0]
    sums = unsorted_segment_sum(vals, which, n)
    both = greater(unsorted_segment_sum(cast(equal(which, which), _I64), which, n),
                   convert_to_tensor(1, _I64))
    order = argsort(uniq, stable=True)
    uniq, sums, both = gather(uniq, order), gather(sums, order), gather(both, order)
    # (as TF, the threshold drops only sums of entries both operands hold)
    thresh = convert_to_tensor(threshold, dtype=_real(vals.dtype))
    keep = logical_or(logical_not(both), greater_equal(abs_(sums), thresh))
    uniq, sums = boolean_mask(uniq, keep), boolean_mask(sums, keep)
    # (traced, the dense shape is SparseAdd's output to TF: only the rank is known)
    return SparseTensor._of(_indices_of(uniq, a.dense_shape, rank), sums,
                            a.dense_shape)._with_static([None] * rank)


def _same_shape(a: Tensor, b: Tensor) -> None:
    """SparseAdd's check, with TF's words (a graph assert when not known yet)."""
    av, bv = getattr(a, "_arr", None), getattr(b, "_arr", None)
    if av is None or bv is None:
        assert_equal(a, b, message="Operands' shapes do not match")
        return
    for k, (x, y) in enumerate(zip(av.tolist(), bv.tolist())):
        if x != y:
            raise C.fail("SparseAdd", f"Operands' shapes do not match: got {x} and {y} for "
                                      f"dimension {k}")


def _real(d: dt.DType) -> dt.DType:
    return {dt.complex64: dt.float32, dt.complex128: dt.float64}.get(d, d)


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
    """`tf.sparse.concat`: SparseTensors joined along `axis` (TF's SparseConcat: entries in
    row-major order); expanding, each input's other dims are the largest of them."""
    parts = [_sp(s) for s in sp_inputs]
    if len(parts) == 1:  # (TF's degenerate case: the input itself)
        return parts[0]
    C.no_graph_attr(axis, "concat_dim")
    if not parts:
        raise C.no_values_kernel(_CONCAT_OP, f"N=0, concat_dim={axis}", _CONCAT_KERNEL)
    shapes = [p.dense_shape for p in parts]
    if expand_nonconcat_dims:  # (TF's graph: the largest dims, sliced around the axis)
        most = reduce_max(concat([reshape(s, [1, -1]) for s in shapes], 0), 0)
        shapes = [concat([most[:axis], s[-1:] if axis == -1 else s[axis:axis + 1],
                          [] if axis == -1 else most[axis + 1:]], 0) for s in shapes]
    ind, val, dense = bind(SPARSE_CONCAT, (*[p.indices for p in parts],
                                           *[p.values for p in parts], *shapes),
                           {"concat_dim": int(axis)}, name)
    if isinstance(dense, EagerTensor):
        return SparseTensor._of(ind, val, dense)
    static = [p.shape for p in parts]
    if any(s.rank is None for s in static):
        return SparseTensor._of(ind, val, dense)._with_static(None)
    dims = [None if any(s[k] is None for s in static) else max(s[k] for s in static)
            for k in range(static[0].rank)] if expand_nonconcat_dims else static[0].as_list()
    dims[axis] = None if any(s[axis] is None for s in static) else sum(s[axis] for s in static)
    if all(s.is_fully_defined() for s in static):  # (TF's dense shape: a constant of them)
        return SparseTensor._of(ind, val, convert_to_tensor_v2(dims, _I64))
    return SparseTensor._of(ind, val, dense)._with_static(dims, dense=[None] * len(dims))


@eager_api()
def reshape_sparse(sp_input: SparseTensor, shape: Any, name: str | None = None
                   ) -> SparseTensor:
    """`tf.sparse.reshape`: the same entries in a new dense shape (one dim may be -1), TF's
    SparseReshape; traced, a statically known result's dense shape is a constant, as TF's."""
    sp = _sp(sp_input)
    new = cast(shape if isinstance(shape, Tensor) else convert_to_tensor(shape), _I64)
    with name_scope(name or _RESHAPE_OP) as scope:
        ind, dense = bind(SPARSE_RESHAPE, (sp.indices, sp.dense_shape, new), {},
                          _traced(scope))
        if not isinstance(dense, EagerTensor):
            dense = _static_reshape(sp, new, dense)
        return SparseTensor._of(ind, identity(sp.values), dense)


def _traced(scope: str) -> str | None:
    """The node name of an op TF's Python makes in a scope of its name: the scope's, traced
    (eagerly TF's errors name none)."""
    return scope if _state.graph is not None else None


def _static_reshape(sp: SparseTensor, new: Tensor, dense: Tensor) -> Tensor:
    """TF's Python reading of a traced reshape: where the input's static shape is fully
    known and so is the requested one (but for one -1), its checks (ValueErrors) and a
    constant dense shape; else SparseReshape's output."""
    dims = tf_shape_value(new)
    if dims is None or not sp.shape.is_fully_defined():
        return dense
    given = tf_constant_value(new)
    if given is not None and sum(d == -1 for d in given) > 1:
        raise ValueError(f"At most one dimension can be inferred (-1). Found: "
                         f"{np.array(given, np.int64)}")
    size = int(np.prod(sp.shape.as_list(), dtype=np.int64))
    original = list(dims)
    implied = dims.count(None)
    if implied == 1 and 0 not in dims:
        k = dims.index(None)
        dims[k] = int(size // np.prod(original[:k] + original[k + 1:], dtype=np.int64))
    if implied == 0 or (implied == 1 and 0 not in dims):
        total = int(np.prod(dims, dtype=np.int64))
        if total != size:
            raise ValueError(f"Cannot reshape a tensor with {size} elements to shape "
                             f"{original} ({total} elements).")
        return graph_constant(dims, _I64)
    return dense


@eager_api()
def slice_sparse(sp_input: SparseTensor, start: Any, size: Any, name: str | None = None
                 ) -> SparseTensor:
    """`tf.sparse.slice`: the entries in [start, start + size), shifted to start at 0 (TF's
    SparseSlice: the dense shape clipped to the input's)."""
    sp = _sp(sp_input)
    start = convert_to_tensor_v2(start, _I64)
    size = convert_to_tensor_v2(size, _I64)
    with name_scope(name or _SLICE_OP) as scope:
        return SparseTensor._of(*bind(SPARSE_SLICE, (sp.indices, sp.values, sp.dense_shape,
                                                     start, size), {}, _traced(scope)))


def split_sparse(sp_input: SparseTensor = None, num_split: int = None, axis: int = None,
                 name: str | None = None) -> list:
    """`tf.sparse.split`: `num_split` slices along `axis` (TF's SparseSplit: the first ones
    one longer where the size does not divide)."""
    for value, what in ((sp_input, "sp_input"), (num_split, "num_split"), (axis, "axis")):
        if value is None:
            raise ValueError(f"{what} is required")
    sp = _sp(sp_input)
    C.no_graph_attr(num_split, "num_split")
    n = int(num_split)
    split_dim = axis if isinstance(axis, Tensor) else convert_to_tensor(axis, _I64)
    out = bind(SPARSE_SPLIT, (split_dim, sp.indices, sp.values, sp.dense_shape),
               {"num_split": n}, name)
    return [SparseTensor._of(out[i], out[n + i], out[2 * n + i]) for i in range(n)]


def fill_empty_rows(sp_input: SparseTensor, default_value: Any, name: str | None = None
                    ) -> tuple:
    """`tf.sparse.fill_empty_rows`: an entry [row, 0, ...] = default_value for each row
    without entries (TF's SparseFillEmptyRows); returns (the new SparseTensor, the
    empty-row indicator)."""
    sp = _sp(sp_input)
    with name_scope(name or _FILL_OP):
        fill = convert_to_tensor_v2(default_value, dtype=sp.values.dtype)
        ind, val, empty, _ = bind(SPARSE_FILL_EMPTY_ROWS, (sp.indices, sp.values,
                                                           sp.dense_shape, fill), {})
    return SparseTensor._of(ind, val, sp.dense_shape), empty


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


# ---------------------------------------------------------------------------------------
# Segment reductions of selected rows: tf.sparse.segment_sum/mean/sqrt_n.
# ---------------------------------------------------------------------------------------

_SEGMENT_OPS = {"sum": "SparseSegmentSum", "mean": "SparseSegmentMean",
                "sqrt_n": "SparseSegmentSqrtN"}


def _check_segment(d: Any, indices: Any, ids: Any, num_segments: Any, kind: str) -> None:
    """TF's SparseSegment* checks of known inputs, in its order and words."""
    op = _SEGMENT_OPS[kind] + ("" if num_segments is None else "WithNumSegments")
    idx, seg = to_host(indices._arr).reshape(-1), to_host(ids._arr).reshape(-1)
    if idx.size != seg.size:
        raise InvalidArgumentError(None, None, f"segment_ids and indices should have same "
                                   f"size. [Op:{op}]")
    n = None
    if num_segments is not None:
        n = int(to_host(num_segments._arr) if isinstance(num_segments, EagerTensor)
                else num_segments)
    check_sorted_segments(op, seg, n)
    rows = d.shape[0] if d.shape.rank else None
    bad = np.flatnonzero((idx < 0) | (idx >= rows)) if rows is not None else []
    if len(bad):
        raise InvalidArgumentError(None, None, f"Bad: indices[{bad[0]}] == {idx[bad[0]]} out "
                                   f"of range [0, {rows}) [Op:{op}]")


def _segment(data: Any, indices: Any, segment_ids: Any, num_segments: Any, kind: str) -> Any:
    d = data if isinstance(data, Tensor) else convert_to_tensor(data)
    ids = segment_ids if isinstance(segment_ids, Tensor) else convert_to_tensor(segment_ids)
    ix = indices if isinstance(indices, Tensor) else convert_to_tensor(indices)
    if isinstance(ix, EagerTensor) and isinstance(ids, EagerTensor) and \
            (num_segments is None or not isinstance(num_segments, Tensor)
             or isinstance(num_segments, EagerTensor)):
        _check_segment(d, ix, ids, num_segments, kind)
    rows = gather(d, ix)
    n = num_segments if num_segments is not None else \
        reduce_max(concat([cast(ids, _I64), convert_to_tensor([-1], _I64)], 0)) + 1
    total = unsorted_segment_sum(rows, ids, n)
    if kind == "sum":
        return total
    count = unsorted_segment_sum(cast(equal(ids, ids), d.dtype), ids, n)
    count = maximum(count, count * 0 + 1)
    if kind == "sqrt_n":  # TF multiplies by rsqrt(n)
        return total * reshape(rsqrt(count), _column(count, total))
    return total / reshape(count, _column(count, total))


def _column(count: Tensor, total: Tensor) -> Tensor:
    """The shape that broadcasts per-segment counts against the segment results."""
    return concat([shape_op(count, out_type=_I64),
                   cast(shape_op(total, out_type=_I64)[1:] * 0 + 1, _I64)], 0)


@eager_api("data", "indices", "segment_ids")
def segment_sum(data: Any, indices: Any, segment_ids: Any, num_segments: Any = None,
                name: str | None = None, sparse_gradient: bool = False) -> Tensor:
    return _segment(data, indices, segment_ids, num_segments, "sum")


@eager_api("data", "indices", "segment_ids")
def segment_mean(data: Any, indices: Any, segment_ids: Any, num_segments: Any = None,
                 name: str | None = None, sparse_gradient: bool = False) -> Tensor:
    return _segment(data, indices, segment_ids, num_segments, "mean")


@eager_api("data", "indices", "segment_ids")
def segment_sqrt_n(data: Any, indices: Any, segment_ids: Any, num_segments: Any = None,
                   name: str | None = None, sparse_gradient: bool = False) -> Tensor:
    return _segment(data, indices, segment_ids, num_segments, "sqrt_n")
