"""tf.ragged: constant, range, map_flat_values, stack, boolean_mask, segment ids, ...

Ops layer, above ragged_tensor.py. Each function is a composition of registered ops over
flat values and row splits: a gather of rows is a RaggedRange of value positions and a
GatherV2, a concatenation concatenates values and shifts splits, and so on.
"""

from __future__ import annotations

import builtins
from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.core.type_names import type_name
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import debugging as dbg
from eagerflow._src.ops import ragged_ops, sparse_count_ops
from eagerflow._src.ops.array import concat as dense_concat
from eagerflow._src.ops.array import constant as array_constant
from eagerflow._src.ops.array import fill, reshape, zeros
from eagerflow._src.ops.array import shape as shape_op
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import tf_constant_value
from eagerflow._src.ops.indexing import boolean_mask as dense_boolean_mask
from eagerflow._src.ops.indexing import gather as dense_gather
from eagerflow._src.ops.indexing import repeat, sequence_mask, unsorted_segment_sum
from eagerflow._src.ops.math import equal, logical_not, maximum, minimum, multiply
from eagerflow._src.ops.math_base import cast, where
from eagerflow._src.ops.misc_ops import bincount
from eagerflow._src.ops.ragged_tensor import RaggedTensor, _eager, check_splits_dtypes
from eagerflow._src.ops.reduce import (
    count_nonzero,
    reduce_all,
    reduce_max,
    reduce_prod,
    reduce_sum,
)
from eagerflow._src.ops.row_partition import ragged_scope
from eagerflow._src.ops.scans import (
    cumprod,
    cumsum,
)
from eagerflow._src.ops.sequences import range as range_op
from eagerflow._src.ops.stacking import stack as dense_stack
from eagerflow._src.ops.tiling import tile

# ---------------------------------------------------------------------------------------
# tf.ragged.constant.
# ---------------------------------------------------------------------------------------


def _nested(x: Any) -> bool:
    """Whether tf.ragged.constant reads `x` as a list: a list, a tuple or (as TF's) an array
    of one or more dimensions, whose items keep their NumPy type."""
    return isinstance(x, (list, tuple)) or np.ndim(x) != 0


def _depths(pylist: Any) -> tuple:
    """(depth of the scalars or None if there are none, deepest list nesting)."""
    if not _nested(pylist):
        return 0, 0
    scalar, deepest = None, 1
    for child in pylist:
        s, m = _depths(child)
        if s is not None:
            if scalar is not None and scalar != s + 1:
                raise ValueError("all scalar values must have the same nesting depth")
            scalar = s + 1
        deepest = max(deepest, m + 1)
    return scalar, deepest


@dispatch_binding
def constant(pylist: Any, dtype: Any = None, ragged_rank: Any = None, inner_shape: Any = None,
             name: str | None = None, row_splits_dtype: Any = dt.int64) -> Any:
    """`tf.ragged.constant`: a RaggedTensor from nested Python lists (a Tensor when nothing
    is ragged)."""
    if isinstance(pylist, RaggedTensor):
        raise TypeError("pylist may not be a RaggedTensor or RaggedTensorValue.")
    if not isinstance(pylist, (list, tuple)) and np.ndim(pylist) == 0:
        # (TF's scalar case, a scalar tensor's too: tf.constant of it, and no other rank)
        # (TF's messages are %-formatted: a rank that is no number is %d's TypeError)
        if ragged_rank is not None and ragged_rank != 0:
            raise ValueError("Invalid pylist=%r: incompatible with ragged_rank=%d"  # noqa: UP031
                             % (pylist, ragged_rank))
        if inner_shape is not None and len(inner_shape):
            raise ValueError("Invalid pylist=%r: incompatible with dim(inner_shape)=%d"  # noqa: UP031
                             % (pylist, len(inner_shape)))
        return array_constant(pylist, dtype)
    if ragged_rank is not None and ragged_rank < 0:  # (TF's first check, before the depths)
        raise ValueError(f"Invalid ragged_rank={ragged_rank}: must be nonnegative")
    scalar_depth, max_depth = _depths(pylist)
    if scalar_depth is not None and max_depth > scalar_depth:
        raise ValueError(f"Invalid pylist={pylist!r}: empty list nesting is greater than "
                         "scalar value nesting")
    if scalar_depth is not None and ragged_rank is not None and max_depth < ragged_rank:
        raise ValueError(f"Invalid pylist={pylist}, max depth smaller than "
                         f"ragged_rank={ragged_rank}")
    if inner_shape is not None and (ragged_rank is not None or max_depth >= 2):
        len(inner_shape)  # (where TF's checks take its len(): a number's TypeError)
    inner = None if inner_shape is None else tuple(inner_shape)
    if inner is not None and ragged_rank is not None:
        want = ragged_rank + len(inner) + 1
        if (scalar_depth is not None and want != scalar_depth) or \
                (scalar_depth is None and want < max_depth):
            raise ValueError(f"Invalid pylist={pylist!r}: incompatible with "
                             f"ragged_rank={ragged_rank} and dim(inner_shape)={len(inner)}")
    if ragged_rank == 0 or (ragged_rank is None and (
            max_depth < 2 or (inner is not None and max_depth - len(inner) < 2))):
        # (TF's inner factory: tf.constant of the whole list in inner_shape as given, which
        # reshapes values of as many items, or refuses them)
        d = None if dtype is None else dt.as_dtype(dtype)
        return (array_constant(pylist, d, shape=inner_shape) if inner is not None else
                _inner_values(pylist, dtype, inner, check=False))
    if isinstance(inner_shape, Tensor) and inner_shape.shape.rank not in (None, 0, 1):
        TensorShape(inner_shape)  # (TF reads it as a shape: its items no dims, its TypeError)
    if ragged_rank is None:
        ragged_rank = max(1, (max_depth if scalar_depth is None else scalar_depth) - 1)
        if inner is not None:
            ragged_rank = max(1, ragged_rank - len(inner))
    if scalar_depth is not None and ragged_rank >= scalar_depth:
        raise ValueError(f"pylist has scalar values depth {scalar_depth}, but "
                         f"ragged_rank={ragged_rank} requires scalar value depth greater "
                         f"than {ragged_rank}")
    nested_splits = []
    values: Any = pylist
    for _ in builtins.range(ragged_rank):
        splits, flat = [0], []
        for row in values:
            if not _nested(row):
                raise ValueError("all scalar values must have the same nesting depth")
            splits.append(splits[-1] + len(row))
            flat.extend(row)
        nested_splits.append(splits)
        values = flat
    result = _inner_values(values, dtype, inner, check=True)
    # (read only now, as TF's factory of the row splits reads it: a plain tensor never does)
    splits_dtype = dt.as_dtype(row_splits_dtype)
    if splits_dtype not in (dt.int32, dt.int64):
        raise ValueError("row_splits must have dtype int32 or int64")
    for splits in reversed(nested_splits):
        result = RaggedTensor._make(result, convert_to_tensor(
            np.asarray(splits, splits_dtype.as_numpy_dtype)))
    return result


def _inner_values(values: Any, dtype: Any, inner: tuple | None, check: bool) -> Tensor:
    d = None if dtype is None else dt.as_dtype(dtype)
    if inner is not None:
        if not len(values):  # (a tensor given whole has no truth)
            return convert_to_tensor(np.zeros((0,) + inner, (d or dt.float32).as_numpy_dtype))
        if check:  # (TF's: tf.constant of the values in the shape (rows,) + inner_shape)
            return array_constant(values, dtype=d, shape=(len(values),) + inner)
        t = convert_to_tensor(values, dtype=d)
        if tuple(t.shape[1:]) != inner and tuple(t.shape) != inner:
            raise ValueError("inner values have inconsistent shape")
        return t
    if check and not _rectangular(values):
        raise ValueError("inner values have inconsistent shape")
    if isinstance(values, list) and not values:
        return convert_to_tensor(np.zeros((0,), (d or dt.float32).as_numpy_dtype))
    if isinstance(values, Tensor):  # (a tensor given whole: tf.constant's dtype check)
        return array_constant(values, d)
    return convert_to_tensor(values, dtype=d)


def _rectangular(values: Any) -> bool:
    if not _nested(values):
        return True
    shapes = {_shape_of(v) for v in values}
    return len(shapes) <= 1 and None not in shapes


def _shape_of(v: Any) -> tuple | None:
    if not _nested(v):
        return ()
    inner = {_shape_of(x) for x in v}
    if len(inner) > 1 or None in inner:
        return None
    return (len(v),) + (inner.pop() if inner else ())


# ---------------------------------------------------------------------------------------
# RaggedTensor.from_tensor and merge_dims.
# ---------------------------------------------------------------------------------------

def from_tensor(tensor: Any, lengths: Any, padding: Any, ragged_rank: int,
                splits_dtype: dt.DType) -> RaggedTensor:
    if lengths is not None and padding is not None:
        raise ValueError("Specify argument `lengths` or `padding`, but not both.")
    if not isinstance(ragged_rank, int):
        raise TypeError(f"Argument `ragged_rank` must be an int. Received {ragged_rank}.")
    if ragged_rank <= 0:
        raise ValueError(f"Argument `ragged_rank` must be greater than 0. Received "
                         f"{ragged_rank}.")
    if splits_dtype not in (dt.int32, dt.int64):
        raise ValueError("row_splits_dtype must be int32 or int64")
    t = tensor if isinstance(tensor, Tensor) else convert_to_tensor(tensor)
    rank = t.shape.rank
    if rank is not None and rank < 2:
        raise ValueError("The rank of a RaggedTensor must be greater than 1, i.e., a list of "
                         "scalars won't have ragged dimensions. Received argument `tensor` "
                         f"with rank {rank}.")
    t.shape.with_rank_at_least(ragged_rank + 1)
    if isinstance(lengths, (list, tuple)) and len(lengths) and \
            not isinstance(lengths[0], (int, float)):
        return _from_tensor_nested_lengths(t, lengths, ragged_rank)
    if ragged_rank > 1:
        # the leading dims merged into rows, then split again by each dim, every level told
        # its count of rows: an empty dim among them must not lose the rows above it (TF's
        # [2, 3, 0, 2] at ragged_rank 3: row splits [0, 3, 6], seven zeros, [0])
        dims = shape_op(t, out_type=splits_dtype)
        flat = reshape(t, dense_concat([reshape(reduce_prod(dims[:ragged_rank]), [1]),
                                        dims[ragged_rank:]], 0))
        result: Any = from_tensor(flat, lengths, padding, 1, splits_dtype)
        for axis in builtins.range(ragged_rank - 1, 0, -1):
            n = t.shape[axis]
            length = convert_to_tensor(n, splits_dtype) if n is not None else dims[axis]
            result = RaggedTensor.from_uniform_row_length(
                result, length, reduce_prod(dims[:axis]), validate=False)
        return result
    dims = shape_op(t, out_type=splits_dtype)
    if lengths is None and padding is None:
        return _from_tensor_uniform(t, dims, splits_dtype)
    nrows, ncols = dims[0], dims[1]
    if padding is not None:
        pad = convert_to_tensor(padding, dtype=t._dtype)
        pad.shape.assert_is_compatible_with(t.shape[2:])
        is_pad = equal(t, pad)
        inner_axes = list(builtins.range(2, rank)) if rank is not None else None
        if inner_axes:
            is_pad = reduce_all(is_pad, axis=inner_axes)
        keep = cast(logical_not(is_pad), splits_dtype)
        # the length of a row is one past its last non-padding value
        positions = range_op(convert_to_tensor(1, splits_dtype), ncols + 1)
        lengths_t = reduce_max(dense_concat([multiply(keep, positions),
                                       _zeros_column(nrows, splits_dtype)], 1), axis=1)
    else:
        lengths_t = cast(_int_vector_or_scalar(lengths, "lengths"), splits_dtype)
        lengths_t.shape.assert_has_rank(1)
        # (a length beyond the row's width takes the whole row; a negative one, none of it)
        lengths_t = maximum(minimum(lengths_t, ncols), convert_to_tensor(0, splits_dtype))
    mask = sequence_mask(lengths_t, ncols)
    values = dense_boolean_mask(t, mask)
    return RaggedTensor._make(values, dense_concat([convert_to_tensor([0], splits_dtype),
                                              cumsum(lengths_t)], 0), row_lengths=lengths_t)


def _from_tensor_uniform(t: Tensor, dims: Tensor, d: dt.DType) -> RaggedTensor:
    """from_tensor of rows of the tensor's whole width, built as TF's graph builds it: its
    columns read (unused), the values reshaped to dims[0] * dims[1] rows, then the rows'
    count and width, constants where the static shape knows them."""
    dims[1]  # noqa: B018 - (TF reads ncols first, for the lengths it may compute)
    values = reshape(t, dense_concat([[dims[0] * dims[1]], dims[2:]], 0))
    known_rows, known_cols = t.shape[0], t.shape[1]
    nrows = array_constant(known_rows, d) if known_rows is not None else dims[0]
    ncols = array_constant(known_cols, d) if known_cols is not None else dims[1]
    return RaggedTensor.from_uniform_row_length(values, ncols, nrows, validate=False)


@ragged_scope("RaggedFromTensor")
def _from_tensor_api(cls: type, tensor: Any, lengths: Any = None, padding: Any = None,
                     ragged_rank: int = 1, name: str | None = None,
                     row_splits_dtype: Any = dt.int64) -> RaggedTensor:
    """`tf.RaggedTensor.from_tensor`, traced under TF's name scope for it."""
    return from_tensor(tensor, lengths, padding, ragged_rank, dt.as_dtype(row_splits_dtype))


def _from_tensor_nested_lengths(t: Tensor, lengths: Any, ragged_rank: int) -> RaggedTensor:
    """from_tensor with a row lengths vector per ragged dimension: TF keeps the values a
    mask of those lengths selects (the mask's shape must be the tensor's leading dims)."""
    if ragged_rank not in (1, len(lengths)):
        raise ValueError("If Argument `lengths` is a tuple of row_lengths, argument "
                         f"`ragged_rank` must be len(lengths): {len(lengths)}. Received "
                         f"ragged_rank: {ragged_rank}.")
    t.shape.with_rank_at_least(len(lengths) + 1)
    tokens = reduce_sum(convert_to_tensor(lengths[-1]))
    ones_mask = fill(reshape(tokens, [1]), convert_to_tensor(True))
    mask = RaggedTensor.from_nested_row_lengths(ones_mask, lengths, validate=False)
    kept = dense_boolean_mask(t, mask.to_tensor(default_value=False))
    return RaggedTensor.from_nested_row_lengths(kept, lengths, validate=False)


def _zeros_column(n: Any, d: dt.DType) -> Tensor:
    return zeros(dense_stack([n, convert_to_tensor(1, n._dtype)]), dtype=d)


def merge_dims(rt: RaggedTensor, outer_axis: int, inner_axis: int) -> Any:
    rank = rt.shape.rank
    if rank is not None:
        outer_axis = C.positive_axis(outer_axis, rank, "outer_axis")
        inner_axis = C.positive_axis(inner_axis, rank, "inner_axis")
    if inner_axis < outer_axis:
        raise ValueError(f"Expected outer_axis ({outer_axis}) to be less than or equal to "
                         f"inner_axis ({inner_axis}).")
    if outer_axis == inner_axis:
        return rt
    if outer_axis > 1:
        values = rt.values
        inner = merge_dims(values, outer_axis - 1, inner_axis - 1) if isinstance(
            values, RaggedTensor) else _merge_dense(values, outer_axis - 1, inner_axis - 1)
        return rt.with_values(inner)
    if outer_axis == 1:
        # each row takes the elements of dims 2..inner: compose the partitions below it
        splits, cur = rt.row_splits, rt.values
        for _ in builtins.range(inner_axis - 1):
            if isinstance(cur, RaggedTensor):
                splits, cur = dense_gather(cur.row_splits, splits), cur.values
            else:
                dims = shape_op(cur, out_type=splits._dtype)
                splits = splits * dims[1]
                cur = reshape(cur, dense_concat([convert_to_tensor([-1], splits._dtype),
                                                 dims[2:]], 0))
        return RaggedTensor._make(cur, splits)
    result: Any = rt
    for _ in builtins.range(inner_axis):
        if not isinstance(result, RaggedTensor):
            return _merge_dense(result, 0, inner_axis - rt.ragged_rank)
        result = result.values
    return result


def _merge_dense(t: Tensor, outer: int, inner: int) -> Tensor:
    dims = shape_op(t, out_type=dt.int64)
    merged = reshape(dims[outer:inner + 1], [-1])
    new = dense_concat([dims[:outer], reshape(reduce_prod(merged), [1]), dims[inner + 1:]], 0)
    return reshape(t, new)


# ---------------------------------------------------------------------------------------
# tf.ragged.range, map_flat_values, segment ids.
# ---------------------------------------------------------------------------------------

# the dtypes tf.ragged.range infers among, narrowest first (TF's Python asserts each
# argument's dtype is one of them: a bare AssertionError otherwise, as in TF 2.21)
_RANGE_DTYPES = (dt.int32, dt.int64, dt.float32, dt.float64)


@dispatch_binding
def range(starts: Any, limits: Any = None, deltas: Any = 1, dtype: Any = None,  # noqa: A001
          name: str | None = None, row_splits_dtype: Any = dt.int64) -> RaggedTensor:
    """`tf.ragged.range`: row i is `range(starts[i], limits[i], deltas[i])`. As TF's: each
    argument converted alone (to `dtype` when given), else all cast to the widest of their
    dtypes."""
    if limits is None:
        starts, limits = 0, starts
    args = [convert_to_tensor(v, dtype=dtype, name=n)
            for v, n in ((starts, "starts"), (limits, "limits"), (deltas, "deltas"))]
    if dtype is None:
        if not all(t.dtype in _RANGE_DTYPES for t in args):
            raise AssertionError()
        widest = max((t.dtype for t in args), key=_RANGE_DTYPES.index)
        args = [cast(t, widest) for t in args]
    splits, values = bind(ragged_ops.RAGGED_RANGE, tuple(args),
                          {"Tsplits": dt.as_dtype(row_splits_dtype)})
    return RaggedTensor._make(values, splits)


def map_flat_values(op: Callable, *args: Any, **kwargs: Any) -> Any:
    """`tf.ragged.map_flat_values(op, *args, **kwargs)`: `op` over the flat values of the
    ragged arguments (which must share their row partitions), checked in TF's order: the
    flat values' known lengths, the outer partitions' dtypes, then `op`'s output length,
    then the partitions themselves."""
    ragged: list = []

    def swap(v: Any) -> Any:
        if isinstance(v, RaggedTensor):
            ragged.append(v)
            return v.flat_values
        if isinstance(v, (list, tuple)):
            return type(v)(swap(x) for x in v)
        if isinstance(v, dict):
            return {k: swap(x) for k, x in v.items()}
        return v

    args2 = swap(list(args))
    kwargs2 = swap(kwargs)
    if not ragged:
        return _called(op, args2, kwargs2)
    sizes = {r.flat_values.shape[0] for r in ragged} - {None}
    if len(sizes) > 1:
        raise ValueError("Input RaggedTensors' flat_values must all have the same "
                         f"outer-dimension size.  Got sizes: {sizes}")
    if len({r.row_splits_dtype for r in ragged}) > 1:
        raise ValueError("Input RaggedTensors have mismatched row partition dtypes; use "
                         "RaggedTensor.with_row_splits_dtype() to convert them to "
                         "compatible dtypes.")
    out = _called(op, args2, kwargs2)
    out_shape = out.shape  # (as TF, which reads it: an output that is no tensor fails here)
    if sizes and not out_shape[:1].is_compatible_with(list(sizes)):
        raise ValueError("tf.ragged.map_flat_values requires that the output of `op` have "
                         "the same outer-dimension size as flat_values of any ragged "
                         f"inputs. (output shape: {out_shape}; expected outer dimension "
                         f"size: {sizes.pop()})")
    first = ragged[0]
    for other in ragged[1:]:
        _merge_partitions(first, other)
    return first.with_flat_values(out)


def _called(op: Any, args: list, kwargs: dict) -> Any:
    if not callable(op):  # (Python's TypeError, the type named as TF's: its C tensor)
        raise TypeError(f"'{type_name(op)}' object is not callable")
    return op(*args, **kwargs)


def _merge_partitions(a: RaggedTensor, b: RaggedTensor) -> None:
    """TF's check that two ragged inputs share their row partitions, level by level."""
    sa, sb = a.nested_row_splits, b.nested_row_splits
    if len(sa) != len(sb):
        raise ValueError("All ragged inputs must have the same ragged_rank.")
    msg = "RowPartition._merge_precomputed_encodings: partitions have incompatible row_splits"
    for x, y in zip(sa, sb):
        if same_splits(x, y):
            continue
        if not x.shape.is_compatible_with(y.shape):
            raise ValueError(msg)
        dbg.assert_equal(x, y, message=msg)


def _assert_same_partition(a: RaggedTensor, b: RaggedTensor) -> None:
    sa, sb = a.nested_row_splits, b.nested_row_splits
    if len(sa) != len(sb):
        raise ValueError("Input RaggedTensors have mismatched ragged ranks: "
                         f"{len(sa)} vs. {len(sb)}")
    check_splits_dtypes(a, b)
    for x, y in zip(sa, sb):
        assert_same_splits(x, y)


def same_splits(x: Tensor, y: Tensor) -> bool:
    """Whether two row splits are known to be equal without running anything."""
    return x is y or _eager(x, y) and x._arr.shape == y._arr.shape and \
        np.array_equal(to_host(x._arr), to_host(y._arr))


def assert_same_splits(x: Tensor, y: Tensor) -> None:
    """Two row splits equal, or TF's InvalidArgumentError ("Condition x == y ...")."""
    if same_splits(x, y):
        return
    if x.shape[0] is not None and y.shape[0] is not None and x.shape[0] != y.shape[0]:
        # TF first compares the row counts (as booleans)
        dbg.assert_equal(convert_to_tensor(False), convert_to_tensor(True))
    dbg.assert_equal(x, y)


def _int_vector_or_scalar(value: Any, name: str) -> Tensor:
    """`value` as an int32 tensor, as TF's ragged_util.convert_to_int_tensor: an integer
    tensor of another width is cast, anything else is refused."""
    t = value if isinstance(value, Tensor) else convert_to_tensor(value, dtype_hint=dt.int32)
    if not t._dtype.is_integer:
        raise TypeError(f"Argument `tensor` (name: {name}) must be of type integer. Received "
                        f"`tensor` = {to_host(t._arr) if _eager(t) else t} of dtype: "
                        f"{t._dtype}")
    return cast(t, dt.int32)


@ragged_scope("RaggedSplitsToSegmentIds")
@dispatch_binding  # (TF's dispatcher binds the arguments first: its words for a bad call)
def row_splits_to_segment_ids(splits: Any, name: str | None = None,
                              out_type: Any = None) -> Tensor:
    """Each value's row, as TF's Python computes it: range(nrows) (of out_type) repeated
    by the row lengths, which tf.repeat reads as int32 (2**40 is 0) and repeats by a
    sequence mask (a negative length no times; the one length of a single row tiles, so
    a negative one is Tile's refusal)."""
    s = splits if isinstance(splits, Tensor) else convert_to_tensor(splits, dtype_hint=dt.int64)
    if s._dtype not in (dt.int32, dt.int64):
        raise ValueError("splits must have dtype int32 or int64")
    s.shape.assert_has_rank(1)
    if s.shape[0] == 0:
        raise ValueError("Invalid row_splits: []")
    d = dt.as_dtype(out_type) if out_type is not None else s._dtype
    lengths = s[1:] - s[:-1]
    nrows = shape_op(s, out_type=d)[-1] - 1
    return repeat(range_op(nrows), lengths, axis=0)


@dispatch_binding
def segment_ids_to_row_splits(segment_ids: Any, num_segments: Any = None,
                              out_type: Any = None, name: str | None = None) -> Tensor:
    """Row splits from each value's row id, as TF computes them: a bincount of the ids
    (num_segments bounds it both ways: ids beyond it are not counted), accumulated."""
    if out_type is None:
        out_type = segment_ids._dtype if isinstance(segment_ids, Tensor) else (
            num_segments._dtype if isinstance(num_segments, Tensor) else dt.int64)
    d = dt.as_dtype(out_type)
    ids = _int_vector_or_scalar(segment_ids, "segment_ids")
    ids.shape.assert_has_rank(1)
    if num_segments is not None:
        num_segments = _int_vector_or_scalar(num_segments, "num_segments")
        num_segments.shape.assert_has_rank(0)
    lengths = bincount(ids, minlength=num_segments, maxlength=num_segments, dtype=d)
    splits = dense_concat([convert_to_tensor([0], d), cumsum(lengths)], axis=0)
    known = None if num_segments is None else tf_constant_value(num_segments)
    if known is not None:  # (traced, TF's static length: a constant num_segments + 1)
        splits.set_shape([known + 1])
    return splits


# ---------------------------------------------------------------------------------------
# Gathers, masks, concatenation.
# ---------------------------------------------------------------------------------------

def gather_rows(rt: RaggedTensor, indices: Tensor) -> RaggedTensor:
    """Rows `indices` (a vector) of `rt`: their values are a RaggedRange of positions."""
    d = rt.row_splits_dtype
    idx = cast(indices, d)
    starts = dense_gather(rt.row_starts(), idx)
    limits = dense_gather(rt.row_limits(), idx)
    splits, positions = bind(ragged_ops.RAGGED_RANGE, (starts, limits,
                                                       convert_to_tensor(1, d)), {"Tsplits": d})
    values = rt.values
    new_values = gather_rows(values, positions) if isinstance(values, RaggedTensor) else \
        dense_gather(values, positions)
    return RaggedTensor._make(new_values, splits)


def gather(params: Any, indices: Any, validate_indices: Any = None, axis: Any = None,
           batch_dims: int = 0, name: str | None = None) -> Any:
    """tf.gather with a ragged `params` or `indices`, as TF's: batch_dims and axis checked
    against the indices' and the params' static ranks first (and their row_splits dtypes
    matched), then gathered by case."""
    params = _tensor_or_ragged(params)
    indices = _tensor_or_ragged(indices)
    check_splits_dtypes(params, indices)
    irank, prank = indices.shape.rank, params.shape.rank
    if batch_dims != irank:
        batch_dims = _positive_axis(batch_dims, irank, "batch_dims", "rank(indices)")
    if prank is not None and batch_dims >= prank:
        raise ValueError("batch_dims must be less than rank(params)")
    axis = _positive_axis(batch_dims if axis is None else axis, prank, "axis", "rank(params)")
    if axis < batch_dims:
        raise ValueError("axis must be greater than or equal to batch_dims")
    if irank is not None and not 0 <= batch_dims <= irank:
        raise ValueError(f"batch_dims={batch_dims} must be between 0 and "
                         f"rank(indices)={irank}")
    # (TF's ragged gather opens its name scope over all it builds: "RaggedGather/GatherV2",
    # its RaggedGather op "RaggedGather/RaggedGather")
    with sparse_count_ops.api_scope("RaggedGather"):
        return _gather(params, indices, axis, batch_dims)


def _tensor_or_ragged(x: Any) -> Any:
    return x if isinstance(x, (RaggedTensor, Tensor)) else convert_to_tensor(x)


def _positive_axis(axis: Any, rank: int | None, name: str, rank_name: str) -> int:
    """TF's get_positive_axis: `axis` (a Python int) in [0, rank), a negative one only
    against a known rank."""
    if not isinstance(axis, int):
        raise TypeError(f"{name} must be an int; got {type(axis).__name__}")
    if rank is not None:
        return C.positive_axis(axis, rank, name)
    if axis < 0:
        raise ValueError(f"{name}={axis} may only be negative if {rank_name} is statically "
                         "known.")
    return axis


def _gather(params: Any, indices: Any, axis: int, batch_dims: int) -> Any:
    """The gather of checked arguments (`axis` and `batch_dims` positive)."""
    if not isinstance(params, RaggedTensor) and not isinstance(indices, RaggedTensor):
        return dense_gather(params, indices, axis=axis, batch_dims=batch_dims)
    if batch_dims > 0:
        return _batch_gather(params, indices, axis, batch_dims)
    if axis > 0:
        return _axis_gather(params, indices, axis)
    if isinstance(indices, RaggedTensor):
        return indices.with_values(_gather(params, indices.values, 0, 0))
    idx = indices
    rank = idx.shape.rank
    if rank is None:
        raise ValueError("rank(indices) must be known statically")
    # TF's RaggedGather: the rows, under the indices' outer dimensions as uniform rows
    splits = params.nested_row_splits
    *out_splits, values = bind(ragged_ops.RAGGED_GATHER, (*splits, params.flat_values, idx),
                               {"OUTPUT_RAGGED_RANK": len(splits) + rank - 1})
    if not out_splits:
        return values
    if rank > 1:
        # (TF's gather then reads the indices' shape and its cumulative product for the
        # uniform rows, into attributes its RaggedTensor no longer reads: the result's
        # dims stay ragged, and its graph holds the ops)
        dims = shape_op(idx, out_type=params.row_splits_dtype)
        nrows = cumprod(dims)
        for k in builtins.range(rank - 1):
            nrows[k], dims[k + 1]  # noqa: B018
    return RaggedTensor.from_nested_row_splits(values, out_splits, validate=False)


def _axis_gather(params: Any, indices: Any, axis: int) -> Any:
    """tf.gather along an inner axis, as TF's ragged gather: the indices offset by each
    outer row's start and gathered from the rows' values (TF checks no index against its
    row's length: one past a short row reads the next row's values, as there)."""
    if not isinstance(indices, RaggedTensor):
        indices = indices if isinstance(indices, Tensor) else convert_to_tensor(indices)
    d = indices.row_splits_dtype if isinstance(indices, RaggedTensor) else dt.int64
    if not isinstance(params, RaggedTensor):
        params = RaggedTensor.from_tensor(convert_to_tensor(params), row_splits_dtype=d)
    if axis > 1:
        return params.with_values(_gather(params.values, indices, axis - 1, 0))
    if indices.shape.rank is None:
        raise ValueError("rank(indices) must be known statically")
    starts = cast(params.row_starts(), indices.dtype)
    if isinstance(indices, RaggedTensor):
        # every outer row p takes all of `indices`, each offset by row p's start
        k = indices.nrows()
        tiled = gather_rows(indices, reshape(tile(range_op(k), reshape(params.nrows(
            out_type=k.dtype), [1])), [-1]))
        offsets = dense_gather(starts, tiled.value_rowids() // k)
        level = tiled.values
        while isinstance(level, RaggedTensor):
            offsets = dense_gather(offsets, level.value_rowids())
            level = level.values
        shifted = tiled.with_flat_values(tiled.flat_values + offsets)
        return RaggedTensor.from_uniform_row_length(_gather(params.values, shifted, 0, 0), k,
                                                    validate=False)
    starts = reshape(starts, [-1] + [1] * indices.shape.rank)
    return _gather(params.values, indices + starts, 0, 0)


def _ragged_beside(x: Any, other: Any, name: str, other_name: str) -> Any:
    """A gather's `x` (params or indices) made ragged of ragged rank 1 beside the ragged
    `other` for a batch dim, refused where other's dimension is ragged and x's uniform."""
    if isinstance(x, RaggedTensor):
        return x
    if other.uniform_row_length is None:
        raise ValueError("batch shape from indices does not match params shape: ragged "
                         f"{other_name} dimension corresponds to uniform {name} dimension")
    return RaggedTensor.from_tensor(x, ragged_rank=1, row_splits_dtype=other.row_splits.dtype)


def _batch_gather(params: Any, indices: Any, axis: int, batch_dims: int) -> Any:
    """A gather with batch dims, as TF's: the batch dims peeled off one at a time (a dense
    side made ragged to match a ragged one), an inner axis brought to 1 by repeating each
    row's indices over its rows, then the params' outer two dims merged and the indices
    offset by each batch row's start (unchecked against its length, as TF's)."""
    if not params.shape[:batch_dims].is_compatible_with(indices.shape[:batch_dims]):
        raise ValueError(f"batch shape from indices {indices.shape[:batch_dims]} does not "
                         f"match params shape {params.shape}")
    if batch_dims > 1:
        params = _ragged_beside(params, indices, "params", "indices")
        indices = _ragged_beside(indices, params, "indices", "params")
        return params.with_values(_gather(params.values, indices.values, axis - 1,
                                          batch_dims - 1))
    if axis > 1:
        if not isinstance(indices, RaggedTensor):
            adjusted = params.with_values(repeat(indices, params.row_lengths(), 0))
        else:
            if not isinstance(params, RaggedTensor):
                params = RaggedTensor.from_tensor(params, ragged_rank=1,
                                                  row_splits_dtype=indices.row_splits.dtype)
            adjusted = _gather(indices, params.with_values(repeat(
                range_op(params.nrows()), params.row_lengths())), 0, 0)
        return _batch_gather(params, adjusted, axis, batch_dims + 1)
    rank = indices.shape.rank
    if rank is None:
        raise ValueError("rank(indices) must be known statically")
    if isinstance(params, RaggedTensor):
        flat, starts = params.values, cast(params.row_starts(), indices.dtype)
    else:
        dims = shape_op(params)
        flat = reshape(params, dense_concat([[-1], dims[2:]], 0))
        outer = shape_op(params, out_type=indices.dtype)
        starts = range_op(outer[0]) * outer[1]
    starts = reshape(starts, [-1] + [1] * (rank - 1))
    return _gather(flat, indices + starts, axis - 1, 0)


@dispatch_binding
@ragged_scope("RaggedMask")
def boolean_mask(data: Any, mask: Any, name: str | None = None) -> Any:
    """`tf.ragged.boolean_mask`: keeps the entries of `data` where `mask` is True; the
    result is ragged along the masked dimensions. As TF, a ragged mask's partitions must be
    data's outer ones, and a dense mask of rank > 1 on ragged data is taken as a ragged one
    of uniform rows (which data's rows must then match)."""
    # (TF converts the mask to bool: a tensor of another dtype is the conversion's error)
    if isinstance(mask, RaggedTensor):
        if mask.dtype is not dt.bool:
            raise ValueError(f"Tensor conversion requested dtype bool for RaggedTensor with "
                             f"dtype {mask.dtype.name}: {mask!r}.")
        m = mask
    else:
        m = convert_to_tensor(mask, dt.bool, name="mask")
    if m.shape.rank is None:
        raise ValueError("mask.shape.ndims must be known statically.")
    if m.shape.rank == 0:
        raise ValueError("mask cannot be scalar.")
    check_splits_dtypes(data, m)
    if isinstance(m, RaggedTensor):
        if not isinstance(data, RaggedTensor):
            data = RaggedTensor.from_tensor(data, ragged_rank=m.ragged_rank,
                                            row_splits_dtype=m.row_splits_dtype)
        _assert_splits_match(m.nested_row_splits, data.nested_row_splits[:m.ragged_rank])
        # As TF: the mask's ragged levels stripped off with data's (a level of rank 2 by
        # the count of its True entries per row; uniform rows under it kept), the dense
        # mask left applied to what is left of data, the levels put back
        splits = []
        while isinstance(m, RaggedTensor):
            if m.shape.rank > 2:
                splits.append(m.row_splits)
            else:
                splits.append(_lengths_to_splits(_count_true(
                    m.values, m.value_rowids(), m.nrows(), data.row_splits_dtype)))
            m, data = m.values, data.values
        return RaggedTensor.from_nested_row_splits(boolean_mask(data, m), splits,
                                                   validate=False)
    if isinstance(data, RaggedTensor) and m.shape.rank == 1:
        data.shape[:1].assert_is_compatible_with(m.shape)
        # As TF: the row lengths masked, and the values by the mask of their rows (a dense
        # boolean_mask at the bottom, so the values' gradient is dense, as TF's)
        splits = _lengths_to_splits(dense_boolean_mask(data.row_lengths(), m))
        values = boolean_mask(data.values, dense_gather(
            m, row_splits_to_segment_ids(data.row_splits)))
        return RaggedTensor.from_row_splits(values, splits, validate=False)
    if isinstance(data, RaggedTensor):
        return boolean_mask(data, RaggedTensor.from_tensor(
            m, ragged_rank=min(data.ragged_rank, m.shape.rank - 1),
            row_splits_dtype=data.row_splits_dtype))
    # both dense, as TF: the values masked by tf.boolean_mask, then made ragged in the
    # mask's inner dimensions (each cell by its count of True; the outer ones uniform)
    masked = dense_boolean_mask(data, m)
    if m.shape.rank >= 2:
        d = dt.int64
        lengths = reshape(count_nonzero(m, axis=-1, dtype=d), [-1])
        masked = RaggedTensor.from_row_lengths(masked, lengths, validate=False)
        if m.shape.rank > 2:
            dims = shape_op(m, out_type=d)
            sizes = cumprod(dims) + 1
            for k in builtins.range(m.shape.rank - 3, -1, -1):
                masked = RaggedTensor.from_row_splits(masked, range_op(sizes[k]) * dims[k + 1],
                                                      validate=False)
    return masked


def _assert_splits_match(xs: Any, ys: Any) -> None:
    """TF's ragged_util.assert_splits_match of two lists of row splits."""
    msg = "Inputs must have identical ragged splits"
    if len(xs) != len(ys):
        raise ValueError(msg)
    for x, y in zip(xs, ys):
        if not same_splits(x, y):
            dbg.assert_equal(x, y, message=msg)


def _lengths_to_splits(lengths: Tensor) -> Tensor:
    """TF's ragged_util.lengths_to_splits: 0, then the lengths' running sum."""
    return dense_concat([zeros([1], lengths.dtype), cumsum(lengths)], 0)


def _where_indices(m: Tensor) -> Tensor:
    return reshape(where(m), [-1])


def _count_true(keep: Tensor, rowids: Tensor, nrows: Tensor, d: dt.DType) -> Tensor:
    return unsorted_segment_sum(cast(keep, d), rowids, nrows)


@dispatch_binding
@ragged_scope("RaggedConcat")  # (TF's stack is named as its concat)
def stack(values: list, axis: int = 0, name: str | None = None) -> RaggedTensor:
    """`tf.ragged.stack`: stacks tensors or ragged tensors into one ragged tensor."""
    return _concat_or_stack(values, axis, stack_values=True)


@ragged_scope("RaggedConcat")
def concat(values: list, axis: int, name: str | None = None) -> Any:
    """tf.concat with ragged inputs."""
    return _concat_or_stack(values, axis, stack_values=False)


def _as_ragged(v: Any, ragged_rank: int, d: dt.DType) -> RaggedTensor:
    """`v` as a RaggedTensor of `ragged_rank` (TF's _increase_ragged_rank_to: a tensor,
    or the uniform values of a ragged one, taken as ragged rows)."""
    if not isinstance(v, RaggedTensor):
        t = v if isinstance(v, Tensor) else convert_to_tensor(v)
        return RaggedTensor.from_tensor(t, ragged_rank=ragged_rank, row_splits_dtype=d)
    v = v.with_row_splits_dtype(d) if v.row_splits_dtype is not d else v
    if v.ragged_rank < ragged_rank:
        v = v.with_values(_as_ragged(v.values, ragged_rank - 1, d))
    return v


def _concat_or_stack(values: Any, axis: int, stack_values: bool) -> Any:
    # (TF's: a value that is no list or tuple, a tensor too, is the one value)
    values = list(values) if isinstance(values, (list, tuple)) else [values]
    if not values:
        raise ValueError("rt_inputs may not be empty.")
    if not any(isinstance(v, RaggedTensor) for v in values):
        dense = _dense_concat_or_stack(
            [v if isinstance(v, Tensor) else convert_to_tensor(v) for v in values], axis,
            stack_values)
        if not isinstance(dense, list):
            return dense
        values = dense
    # (as TF, each input that is neither ragged nor a tensor is converted first)
    values = [v if isinstance(v, (RaggedTensor, Tensor)) else convert_to_tensor(v)
              for v in values]
    rts = [v for v in values if isinstance(v, RaggedTensor)]
    d = check_splits_dtypes(*rts) or dt.int64  # (tensors alone: TF's default splits)
    # (TF holds every input to the rank of the first that knows its own, before taking
    # them as ragged)
    first = None
    for v in values:
        if first is None:
            first = v.shape.rank
        elif v.shape.rank not in (None, first):
            raise ValueError(f"Shape {v.shape} must have rank {first}")
    ragged_rank = max(1, max((r.ragged_rank for r in rts), default=1))
    rts = [_as_ragged(v, min(ragged_rank, (v.shape.rank or 2) - 1), d) for v in values]
    if first is not None:
        axis = C.positive_axis(axis, first + (1 if stack_values else 0))
    if stack_values:
        # each input becomes one row of a new outer dimension
        rts = [RaggedTensor._make(r, _one_row_splits(r, d)) if axis == 0 else r for r in rts]
        if axis == 0:
            return _concat_rows(rts)
        if axis == 1:
            return _interleave_rows(rts)
        return _inner_axis(rts, axis, True)
    if axis == 0:
        return _concat_rows(rts)
    if axis == 1:
        return _concat_columns(rts)
    return _inner_axis(rts, axis, False)


def _dense_concat_or_stack(dense: list, axis: int, stack_values: bool) -> Any:
    """TF's ragged concat or stack of tensors alone: a stack of vectors along axis 0 is
    one row each (their lengths as shape gives them: int32 splits), and one along the
    last axis is the dense op's; else the tensors, to be taken as ragged (a list)."""
    if len(dense) == 1 and not stack_values:
        return dense[0]
    ndims = dense[0].shape.rank
    for v in dense[1:]:
        v.shape.assert_has_rank(ndims)
    out_ndims = ndims if ndims is None or not stack_values else ndims + 1
    if out_ndims is not None:
        axis = C.positive_axis(axis, out_ndims)
    if stack_values and ndims == 1 and axis == 0:
        lengths = dense_concat([shape_op(v) for v in dense], 0)
        return RaggedTensor.from_row_lengths(dense_concat(dense, 0), lengths)
    if ndims is not None and axis in (out_ndims - 1, ndims - 1):
        return dense_stack(dense, axis) if stack_values else dense_concat(dense, axis)
    return dense


def _inner_axis(rts: list, axis: int, stack_values: bool) -> RaggedTensor:
    """Concat or stack along an axis past the first two: the inputs' outer rows must be
    alike (TF's assert_splits_match), the values joined along axis - 1."""
    first = rts[0].row_splits
    for r in rts[1:]:
        _assert_splits_match([first], [r.row_splits])
    # (TF's recursion, dense values too: joined by the dense op only along their last
    # axes, else taken as ragged again)
    inner = _concat_or_stack([r.values for r in rts], axis - 1, stack_values)
    return RaggedTensor._make(inner, first)


def _one_row_splits(r: RaggedTensor, d: dt.DType) -> Tensor:
    return dense_stack([convert_to_tensor(0, d), r.nrows(out_type=d)])


def _concat_rows(rts: list) -> RaggedTensor:
    """Rows of each input one after another (axis 0)."""

    splits, offset = [rts[0].row_splits[:1]], None
    for r in rts:
        s = r.row_splits
        shift = s[1:] if offset is None else s[1:] + offset
        splits.append(shift)
        # (the input's last split, which a ragged tensor of no rows has too: its [0])
        offset = s[-1:] if offset is None else offset + s[-1:]
        offset = reshape(offset, [1])
    values = [r.values for r in rts]
    if any(isinstance(v, RaggedTensor) for v in values):
        new_values = _concat_rows(values)
    else:
        new_values = dense_concat(values, 0)
    return RaggedTensor._make(new_values, dense_concat(splits, 0))


def _interleave_rows(rts: list) -> RaggedTensor:
    """tf.ragged.stack(axis=1): row i of the result holds row i of every input."""
    k = len(rts)
    d = rts[0].row_splits_dtype
    for i, r in enumerate(rts[1:]):
        dbg.assert_equal(rts[0].nrows(), r.nrows(), message=(
            f"Input tensors at index 0 (=x) and {i + 1} (=y) have incompatible shapes."))
    both = _concat_rows(rts)
    n = rts[0].nrows(out_type=d)
    # row j*k+i of the interleaved result is row i*n+j of the concatenation
    order = reshape(dense_stack([range_op(n) + convert_to_tensor(i, d) * n
                                 for i in builtins.range(k)], axis=1), [-1])
    # (by TF's RaggedGather, as TF's ragged gather: the rows' count and splits statically
    # unknown)
    rows = _gather(both, order, 0, 0)
    # k rows each, but partitioned by splits as TF does (its static shape leaves that
    # dimension unknown: (5, None, None), not (5, 2, None))
    splits = range_op(n + convert_to_tensor(1, d)) * convert_to_tensor(k, d)
    return RaggedTensor._make(rows, splits)


def _concat_columns(rts: list) -> RaggedTensor:
    """Row i of the result is row i of each input, concatenated (axis 1)."""
    k = len(rts)
    stacked = _interleave_rows(rts)
    # merge the stacked dimension: rows of `stacked` hold k rows each
    inner = stacked.values
    d = inner.row_splits_dtype
    rows = range_op(stacked.nrows() + convert_to_tensor(1, d)) * convert_to_tensor(k, d)
    return RaggedTensor._make(inner.values, dense_gather(inner.row_splits, rows))


__all__ = ["boolean_mask", "constant", "map_flat_values", "range", "row_splits_to_segment_ids",
           "segment_ids_to_row_splits", "stack"]


# Factories and methods of RaggedTensor that are compositions of the functions above.
RaggedTensor.from_tensor = classmethod(_from_tensor_api)
RaggedTensor.merge_dims = merge_dims
