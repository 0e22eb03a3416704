"""The public ops TF dispatches for RaggedTensor arguments, registered on import.

Ops layer, above the ragged modules. Elementwise ops run on the flat values (a dense
operand is first broadcast to the ragged one's partition, row by row: ragged_broadcast.py);
reductions are segment reductions over value row ids or column positions, level by level;
the rest (concat, stack, gather, boolean_mask, cast, string ops) call the ragged
compositions.
"""

from __future__ import annotations

from builtins import range as builtins_range
from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.name_scope import wrapper_scope
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.core.type_names import type_repr
from eagerflow._src.ops import (
    array,
    hash_ops,
    indexing,
    linalg,
    math,
    math_special,
    misc_ops,
    nn,
    nn_loss,
    ragged_count_ops,
    reduce,
    row_partition,
    segment_ops,
    shaping,
    sorting,
    sparse_count_ops,
    stacking,
    string_ops,
    string_segment_join,
    unique_one_hot,
    wrapper_inputs,
)
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import composite_dispatch as cd
from eagerflow._src.ops import debugging as dbg
from eagerflow._src.ops import ragged_functions as rf
from eagerflow._src.ops.array import concat as dense_concat
from eagerflow._src.ops.array import reshape
from eagerflow._src.ops.control_deps import control_dependencies
from eagerflow._src.ops.image_pixels import convert_image_dtype
from eagerflow._src.ops.indexing import gather, unsorted_segment_sum
from eagerflow._src.ops.math_base import (
    add_n,
    cast,
    conj,
    identity,
    ones_like,
    real,
    select_raw,
    stop_gradient,
    where,
    zeros_like,
)
from eagerflow._src.ops.ragged_broadcast import (
    aligned,
    aligned_rows,
    alike_partitions,
    broadcast_apply,
    broadcast_pair,
    check_one_uniform_row,
    gathered,
    least_uniform,
    refuse_int32_ragged_alignment,
    same_rank,
    unit_rows_broadcast,
)
from eagerflow._src.ops.ragged_tensor import RaggedTensor, check_splits_dtypes
from eagerflow._src.ops.row_partition import ragged_scope
from eagerflow._src.ops.scans import cumsum
from eagerflow._src.ops.sequences import range as range_op
from eagerflow._src.ops.string_format import as_string
from eagerflow._src.ops.tiling import tile

# ---------------------------------------------------------------------------------------
# Elementwise ops.
# ---------------------------------------------------------------------------------------


def _dense(v: Any) -> Any:
    """A composite with a dense form (IndexedSlices) as that tensor; others as they are."""
    return v._as_tensor() if isinstance(v, CompositeTensor) and hasattr(v, "_as_tensor") else v


def _unconvertible(x: Any) -> ValueError:
    """TF's error for a composite that an op without a handler for it tries to convert."""
    return ValueError(f"Attempt to convert a value ({x!r}) with an unsupported type "
                      f"({type_repr(x)}) to a Tensor.")


def _unary(f: Callable, x: Any, *args: Any, **kwargs: Any) -> Any:
    if hasattr(x, "_as_tensor"):
        return f(_dense(x), *args, **kwargs)
    if isinstance(x, SparseTensor):  # TF maps the ops that keep zero at zero over the values
        if f not in _SPARSE_UNARY:
            if _state.graph is not None:  # (TF's graph builder's refusal, by the op's input:
                # the undispatched function's own conversion)
                op = getattr(f, "_unary_op", None)
                if op is not None:
                    raise wrapper_inputs.graph_composite_refusal(op.name, 0, x)
                return getattr(f, "__wrapped_api__", f)(x, *args, **kwargs)
            raise _unconvertible(x)
        return SparseTensor._of(x.indices, f(x.values, *args, **kwargs), x.dense_shape)
    if not isinstance(x, RaggedTensor):
        raise TypeError(f"{getattr(f, '__name__', f)} does not support {type(x).__name__}")
    return x.with_flat_values(f(x.flat_values, *args, **kwargs))


def _binary(f: Callable, x: Any, y: Any, **kwargs: Any) -> Any:
    x, y = _dense(x), _dense(y)
    for v in (x, y):
        if isinstance(v, SparseTensor):
            raise _unconvertible(v)
    if not isinstance(x, RaggedTensor) and not isinstance(y, RaggedTensor) and \
            not _is_composite(x) and not _is_composite(y):
        return f(x, y, **kwargs)
    if isinstance(x, RaggedTensor) and isinstance(y, RaggedTensor):
        check_splits_dtypes(x, y)
        # (of one ragged rank but not one rank, TF broadcasts the two shapes from the right)
        if x.ragged_rank == y.ragged_rank and same_rank(x, y) and \
                not unit_rows_broadcast(x, y) and alike_partitions(x, y):
            if all(a is b for a, b in zip(x.nested_row_splits, y.nested_row_splits)):
                return x.with_flat_values(f(x.flat_values, y.flat_values, **kwargs))
            # alike, but not one partition: TF broadcasts the two shapes, and gathers both
            # operands' flat values (so their gradients are IndexedSlices)
            return least_uniform(x, y).with_flat_values(f(gathered(x, y), gathered(y, x),
                                                          **kwargs))
        xv, yv, shape = broadcast_pair(x, y)  # as TF broadcasts their shapes
        check_one_uniform_row(x, y, xv)
        return shape._as_ragged(reshape(f(xv, yv, **kwargs), shape.inner_shape))
    if isinstance(x, RaggedTensor):
        if not isinstance(y, RaggedTensor) and _is_composite(y):
            raise TypeError(f"unsupported operand types: RaggedTensor and {type(y).__name__}")
        refuse_int32_ragged_alignment(x, y)
        if unit_rows_broadcast(x, y):
            return broadcast_apply(f, x, y, **kwargs)
        x, other = aligned_rows(x, y)  # (first: a non-tensor gets TF's refusal)
        if other is None:
            return broadcast_apply(f, x, y, **kwargs)
        return x.with_flat_values(f(gathered(x, y), other, **kwargs))
    if _is_composite(x):
        raise TypeError(f"unsupported operand types: {type(x).__name__} and RaggedTensor")
    refuse_int32_ragged_alignment(y, x)
    if unit_rows_broadcast(y, x):
        return broadcast_apply(f, x, y, **kwargs)
    y, other = aligned_rows(y, x)
    if other is None:
        return broadcast_apply(f, x, y, **kwargs)
    return y.with_flat_values(f(other, gathered(y, x), **kwargs))


def _is_composite(v: Any) -> bool:
    return isinstance(v, CompositeTensor)


cd.elementwise.unary = _unary
cd.elementwise.binary = _binary


def _map_first(fn: Callable) -> Callable:
    """The handler of an op on one tensor plus attributes: applied to the flat values."""
    def handler(x: Any, *args: Any, **kwargs: Any) -> Any:
        return _unary(fn.__wrapped_api__, x, *args, **kwargs)
    return handler


def _map_two(fn: Callable) -> Callable:
    def handler(x: Any, y: Any, *args: Any, **kwargs: Any) -> Any:
        return _binary(lambda a, b: fn.__wrapped_api__(a, b, *args, **kwargs), x, y)
    return handler


for _fn in (math.abs, string_ops.lower, string_ops.upper, string_ops.strip,
            string_ops.length, string_ops.regex_replace, string_ops.regex_full_match,
            string_ops.to_number, string_ops.unicode_script, as_string,
            hash_ops.to_hash_bucket_fast, hash_ops.to_hash_bucket_strong, hash_ops.to_hash_bucket):
    cd.register(_fn, _map_first(_fn))
for _fn in (math.truediv, math.divide, math.logical_xor, math_special.div_no_nan,
            math_special.multiply_no_nan):
    cd.register(_fn, _map_two(_fn))
# ops of one tensor and attributes that TF maps over the flat values
for _fn in (nn.relu, nn.relu6, nn.leaky_relu, nn.elu, nn.selu, nn.softsign, nn.gelu, nn.silu,
            math_special.log_sigmoid, misc_ops.saturate_cast, zeros_like, ones_like,
            identity, stop_gradient, real, conj, misc_ops.angle,
            convert_image_dtype, string_ops.substr):
    cd.register(_fn, _map_first(_fn))


def _one_hot(indices: Any, depth: Any, on_value: Any = None, off_value: Any = None,
             axis: Any = None, dtype: Any = None, name: str | None = None) -> Any:
    """tf.one_hot of ragged indices: over the flat values, a Python int axis counted past
    the ragged dimensions (none of them may be it); any other axis handed on as given.
    Other composites as the ops mapped over flat values take them (a SparseTensor's
    refusal)."""
    if not isinstance(indices, RaggedTensor):
        return _map_first(unique_one_hot.one_hot)(indices, depth, on_value, off_value, axis,
                                                  dtype, name)
    if isinstance(axis, int) and axis >= 0:
        if axis <= indices.ragged_rank:
            raise ValueError(f"axis ({axis:d}) must be greater than indices.ragged_rank "
                             f"({indices.ragged_rank}).")
        axis -= indices.ragged_rank
    return indices.with_flat_values(unique_one_hot.one_hot(
        indices.flat_values, depth, on_value, off_value, axis, dtype))


cd.register(unique_one_hot.one_hot, _one_hot)


# The elementwise ops TF 2.21 applies to a SparseTensor's values (its sparse dispatch of
# ops with f(0) = 0, and Bessel's scaled i0e/i1e and identity): recorded by probing each.
_SPARSE_UNARY = frozenset(
    getattr(f, "__wrapped_api__", f)
    for f in (math.abs, math.negative, math.sign, math.square, math.sqrt, math.sin, math.tan,
              math.tanh, math.atan, math.asin, math.erf, math_special.asinh,
              math_special.atanh, math_special.bessel_i0e, math_special.bessel_i1e,
              identity))


def _over_flat_values(api: Callable) -> Callable:
    """The handler of an op over a list of ragged tensors sharing their partition."""
    def handler(inputs: Any, *args: Any, **kwargs: Any) -> Any:
        sizes = {v.flat_values.shape[0] for v in inputs if isinstance(v, RaggedTensor)}
        if len(sizes) > 1 and None not in sizes:
            raise ValueError("Input RaggedTensors' flat_values must all have the same "
                             f"outer-dimension size.  Got sizes: {sizes}")
        return rf.map_flat_values(api.__wrapped_api__, list(inputs), *args, **kwargs)
    return handler


cd.register(add_n, _over_flat_values(add_n))
cd.register(string_ops.join, _over_flat_values(string_ops.join))


def _embedding_lookup(params: Any, ids: Any, max_norm: Any = None, name: str | None = None
                      ) -> Any:
    if not isinstance(ids, RaggedTensor):
        raise TypeError(f"embedding_lookup does not support params of type {type(params)}")
    if params is None:
        raise ValueError("params must be specified.")
    if isinstance(params, (list, tuple)) and not params:
        raise ValueError("params should not be empty.")
    if ids.dtype not in (dt.int32, dt.int64):
        raise ValueError(f"The values contained by the inputs have type {ids.dtype} and "
                         "cannot be processed. All values should be indices, either of type "
                         "`int32` or `int64`.")
    return ids.with_flat_values(nn.embedding_lookup(params, ids.flat_values, max_norm))


def _dropout(x: Any, rate: Any, noise_shape: Any = None, seed: Any = None,
             name: str | None = None) -> Any:
    if noise_shape is not None:
        raise ValueError("noise_shape is not supported yet for RaggedTensor x")
    return x.with_flat_values(nn.dropout(x.flat_values, rate, seed=seed))


def _softmax(logits: Any, axis: Any = None, name: str | None = None) -> Any:
    """exp(x - max) / sum(exp(x - max)) along `axis` (the last by default), as TF."""
    axis = -1 if axis is None else axis
    shifted = math.exp(math.subtract(logits, reduce.reduce_max(logits, axis, keepdims=True)))
    return math.divide(shifted, reduce.reduce_sum(shifted, axis, keepdims=True))


@ragged_scope("RaggedExpandDims")
def _expand_dims(input: Any, axis: Any, name: str | None = None) -> Any:  # noqa: A002
    """A new dimension of size 1: uniform partitions at or above the ragged levels, the
    flat values' own dimension below them."""
    rank = input.shape.rank
    axis = int(axis)
    if not -rank - 1 <= axis <= rank:
        raise ValueError(f"axis={axis} out of bounds: expected {-rank - 1}<=axis<{rank + 1}")
    axis = axis + rank + 1 if axis < 0 else axis
    # (TF's: unchecked, the row count given)
    if axis == 0:
        return RaggedTensor.from_uniform_row_length(input, input.nrows(), nrows=1,
                                                    validate=False)
    if axis == 1:
        return RaggedTensor.from_uniform_row_length(input, 1, nrows=input.nrows(),
                                                    validate=False)
    if axis > input.ragged_rank:
        return input.with_flat_values(array.expand_dims(input.flat_values,
                                                        axis - input.ragged_rank))
    return input.with_values(_expand_dims(input.values, axis - 1))


def _squeeze(input: Any, axis: Any = None, name: str | None = None) -> Any:  # noqa: A002
    """Removes dimensions of size 1: a uniform or ragged level whose rows all hold one item,
    or a dimension of the flat values (TF's checks: an axis is required)."""
    if axis is None:
        raise ValueError("Ragged.squeeze must have an axis argument.")
    rank = input.shape.rank
    axes = sorted({int(a) % rank for a in (axis if isinstance(axis, (list, tuple)) else
                                           [axis])}, reverse=True)
    out = input
    for a in axes:
        out = _squeeze_axis(out, a)
    if isinstance(out, RaggedTensor):  # (TF rebuilds it from its nested row splits: no
        # uniform row length is kept)
        splits, out = out.nested_row_splits, out.flat_values
        for s in reversed(splits):
            out = RaggedTensor._make(out, s)
    return out


def _squeeze_axis(rt: Any, axis: int) -> Any:
    if not isinstance(rt, RaggedTensor):
        return array.squeeze(rt, [axis])
    if axis > rt.ragged_rank:
        return rt.with_flat_values(array.squeeze(rt.flat_values, [axis - rt.ragged_rank]))
    if axis >= 2:
        return rt.with_values(_squeeze_axis(rt.values, axis - 1))
    sizes = convert_to_tensor([rt.nrows()]) if axis == 0 else rt.row_lengths()
    dbg.Assert(reduce.reduce_all(math.equal(sizes, convert_to_tensor(1, sizes.dtype))),
               [f"the given axis (axis = {axis}) is not squeezable!"])
    return rt.values


def _segment(seg: Callable, scope: str) -> Callable:
    """Segment ops on ragged data, as TF's ragged_math_ops (under its scope `scope`): with
    ragged ids of the same partition, over the flat values (a dense result); with dense
    ids, over whole rows."""
    def handler(data: Any, segment_ids: Any, num_segments: Any, name: str | None = None
                ) -> Any:
        with wrapper_scope(name, scope):
            if not isinstance(segment_ids, RaggedTensor):
                segment_ids = convert_to_tensor(segment_ids)
            # (TF's ragged segment ops check the ids' dtype, then their raggedness, first)
            if segment_ids.dtype not in (dt.int32, dt.int64):
                raise ValueError("segment_ids must have dtype int32 or int64.")
            if isinstance(segment_ids, RaggedTensor):
                if not isinstance(data, RaggedTensor):
                    raise ValueError("segment_ids.shape must be a prefix of data.shape, but "
                                     "segment_ids is ragged and data is not.")
                rf._assert_same_partition(data, segment_ids)
                return seg.__wrapped_api__(data.flat_values, segment_ids.flat_values,
                                           num_segments)
            if not isinstance(data, RaggedTensor):
                raise TypeError(f"{seg.__name__} does not support these ragged arguments")
            return _segment_by_rows(seg, data, segment_ids, convert_to_tensor(num_segments))
    # (a call missing an argument names the op, as TF's does)
    handler.__name__ = handler.__qualname__ = seg.__name__
    return handler


def _segment_by_rows(seg: Callable, data: Any, ids: Tensor, n: Tensor) -> Any:
    """`seg` (an unsorted segment op) over the rows of ragged `data` by dense `ids`, built
    as TF's _ragged_segment_aggregate: output row s as long as the longest row of id s,
    each data row's values placed from its output row's start, the values reduced in turn
    (their own ragged levels under a scope of their own)."""
    if not isinstance(data, RaggedTensor):
        return seg(data, ids, n)
    splits = data.row_splits
    lengths = splits[1:] - splits[:-1]
    out_lengths = math.maximum(segment_ops.unsorted_segment_max(lengths, ids, n), 0)
    out_splits = dense_concat([array.zeros([1], out_lengths.dtype), cumsum(out_lengths)], 0)
    # (an id out of range is refused by this gather, as TF's, even for an empty row)
    starts = gather(out_splits, ids)
    positions = rf.range(starts, starts + lengths).values
    if isinstance(data.values, RaggedTensor):
        with wrapper_scope(None, "RaggedSegment"):
            inner = _segment_by_rows(seg, data.values, positions, out_splits[-1])
    else:
        inner = seg(data.values, positions, out_splits[-1])
    return RaggedTensor._make(inner, out_splits)


_segment_sum = _segment(unsorted_segment_sum, "RaggedSegmentSum")


def _segment_mean(sqrt_n: bool) -> Callable:
    """Ragged segment mean (or sum over the count's square root), as TF's: the segment sum
    of the data over that of ones like it."""
    op = segment_ops.unsorted_segment_sqrt_n if sqrt_n else segment_ops.unsorted_segment_mean

    def handler(data: Any, segment_ids: Any, num_segments: Any, name: str | None = None
                ) -> Any:
        with wrapper_scope(name, "RaggedSegmentSqrtN" if sqrt_n else "RaggedSegmentMean"):
            total = _segment_sum(data, segment_ids, num_segments)
            ones = RaggedTensor.from_nested_row_splits(
                ones_like(data.flat_values), data.nested_row_splits, validate=False)
            count = _segment_sum(ones, segment_ids, num_segments)
            if isinstance(total, RaggedTensor):
                count = count.flat_values
                return total.with_flat_values(
                    total.flat_values / (math.sqrt(count) if sqrt_n else count))
            return total / (math.sqrt(count) if sqrt_n else count)
    handler.__name__ = handler.__qualname__ = op.__name__
    return handler


cd.register(unsorted_segment_sum, _segment_sum)
for _seg, _scope in ((segment_ops.unsorted_segment_max, "RaggedSegmentMax"),
                     (segment_ops.unsorted_segment_min, "RaggedSegmentMin"),
                     (segment_ops.unsorted_segment_prod, "RaggedSegmentProd")):
    cd.register(_seg, _segment(_seg, _scope))
cd.register(segment_ops.unsorted_segment_mean, _segment_mean(False))
cd.register(segment_ops.unsorted_segment_sqrt_n, _segment_mean(True))


def _bincount(arr: Any, weights: Any = None, minlength: Any = None, maxlength: Any = None,
              dtype: Any = dt.int32, name: str | None = None, axis: Any = None,
              binary_output: bool = False) -> Any:
    """Counts of a ragged tensor's values: all of them (axis None or 0) or per row of a
    2-D one (axis -1: [rows, size], size from the largest value and min/maxlength); a
    SparseTensor's as TF's (sparse_count_ops)."""
    if isinstance(arr, SparseTensor):
        return sparse_count_ops.bincount_sparse(arr, weights, minlength, maxlength, dtype,
                                                axis, binary_output)
    if weights is not None and binary_output:
        raise ValueError("Arguments `binary_output` and `weights` are mutually exclusive. "
                         "Please specify only one.")
    if axis not in (None, 0, -1):
        raise ValueError(f"Unsupported value for argument axis={axis}. Only 0 and -1 are "
                         "currently supported.")
    if axis in (None, 0):
        # (TF checks the weights' row splits level by level)
        flat_weights = None if weights is None else _flat_weights(arr, weights)
        return misc_ops.bincount(arr.flat_values, flat_weights, minlength, maxlength, dtype,
                                 binary_output=binary_output)
    if arr.ragged_rank != 1:  # (TF hands RaggedBincount the values, themselves ragged)
        if weights is not None:
            _level_weights(arr, weights)
        raise _raw_ragged_input()
    return ragged_count_ops.bincount_ragged(arr, weights, minlength, maxlength, dtype,
                                            binary_output, _level_weights)


def _level_weights(arr: Any, weights: Any) -> Tensor:
    """The values of `weights`, a RaggedTensor that must have `arr`'s row splits (TF's
    check when the graph runs; a weights tensor that is not ragged a ValueError)."""
    if not isinstance(weights, RaggedTensor):
        w = weights if isinstance(weights, Tensor) else convert_to_tensor(weights)
        raise ValueError(f"`weights` must be a RaggedTensor if `values` is a RaggedTensor. "
                         f"Received argument weights={w.numpy() if w._shape else w} of type: "
                         f"{type(w).__name__}.")
    if weights.row_splits is arr.row_splits:
        return weights.values
    check = dbg.assert_equal(weights.row_splits, arr.row_splits,
                             message="'weights' and 'values' must have the same row splits.")
    with control_dependencies([check]):
        return identity(weights.values)


def _flat_weights(arr: Any, weights: Any) -> Any:
    """The weights of a count of all of `arr`'s values (axis 0): checked against each
    ragged level of `arr` in turn, as TF unwraps both."""
    while isinstance(arr, RaggedTensor):
        weights = _level_weights(arr, weights)
        arr = arr.values
    return weights


@cd.dispatch_binding
@row_partition.ragged_scope("SegmentStack")
def stack_dynamic_partitions(data: Any, partitions: Any, num_partitions: Any,
                             name: str | None = None) -> RaggedTensor:
    """`tf.ragged.stack_dynamic_partitions`: row p holds the items of `data` (dense or
    ragged) whose partition is p, in their order; TF's checks in its order."""
    data = data if isinstance(data, RaggedTensor) else convert_to_tensor(data)
    splits_dtype = data.row_splits_dtype if isinstance(data, RaggedTensor) else None
    if not isinstance(partitions, (RaggedTensor, Tensor)):
        partitions = convert_to_tensor(partitions, dtype_hint=splits_dtype)  # ([]: float32)
    n = convert_to_tensor(num_partitions, dtype_hint=partitions.dtype)
    if splits_dtype is not None:
        partitions = cast(partitions, splits_dtype)
    n = row_partition.graph_constant(cast(n, partitions.dtype), num_partitions,
                                     "num_partitions")  # (TF's name of a Python count)
    rank = partitions.shape.rank
    if rank is None:
        raise ValueError("partitions must have known rank.")
    n.shape.assert_has_rank(0)
    partitions.shape.assert_is_compatible_with(data.shape[:rank])
    if rank == 0:
        return RaggedTensor.from_value_rowids(stacking.stack([data]),
                                              stacking.stack([partitions]), nrows=n,
                                              validate=False)
    if rank == 1:
        order = sorting.argsort(partitions, stable=True)
        rowids = gather(partitions, order)
        values = gather(data, order)  # (ragged data: under TF's RaggedGather scope)
        dbg.assert_less(rowids[-1:], n, message="partitions must be less than num_partitions")
        dbg.assert_non_negative(partitions, message="partitions must be non-negative.")
        return RaggedTensor.from_value_rowids(values, rowids, nrows=n, validate=False)
    if not isinstance(data, RaggedTensor):
        data = RaggedTensor.from_tensor(data, row_splits_dtype=partitions.dtype, ragged_rank=1)
    if not isinstance(partitions, RaggedTensor):
        partitions = RaggedTensor.from_tensor(partitions, row_splits_dtype=partitions.dtype,
                                              ragged_rank=max(data.ragged_rank, rank - 1))
    dbg.assert_equal(data.row_splits, partitions.row_splits,
                     message="data and partitions have incompatible ragged shapes")
    return stack_dynamic_partitions(data.values, partitions.values, n)


def _reverse(tensor: Any, axis: Any, name: str | None = None) -> Any:
    """Reverses rows (axis 0), the items within each row (a ragged axis) or a dimension of
    the flat values."""
    rank = tensor.shape.rank
    out = tensor
    for a in sorted({int(a) % rank for a in (axis if isinstance(axis, (list, tuple)) else
                                             [axis])}):
        out = _reverse_axis(out, a)
    return out


def _reverse_axis(rt: Any, axis: int) -> Any:
    if not isinstance(rt, RaggedTensor):
        return shaping.reverse(rt, [axis])
    if axis == 0:
        one = convert_to_tensor(1, rt.row_splits_dtype)
        return rf.gather_rows(rt, range_op(rt.nrows() - one, -one, -one))
    if axis > 1:
        return rt.with_values(_reverse_axis(rt.values, axis - 1))
    rowids = rt.value_rowids()
    # item i of row r moves to start(r) + limit(r) - 1 - i
    source = gather(rt.row_starts(), rowids) + gather(rt.row_limits(), rowids) - \
        convert_to_tensor(1, rt.row_splits_dtype) - range_op(rt.row_splits[-1])
    return rt.with_values(_take(rt.values, source))


def _take(values: Any, positions: Tensor) -> Any:
    return rf.gather_rows(values, positions) if isinstance(values, RaggedTensor) else \
        gather(values, positions)


def _tile(input: Any, multiples: Any, name: str | None = None) -> Any:  # noqa: A002
    """Each row's items repeated multiples[1] times (inner dimensions tiled first), then
    the rows repeated multiples[0] times, as TF tiles a RaggedTensor."""
    rt = input
    d = rt.row_splits_dtype
    m = cast(convert_to_tensor(multiples), d)
    if m.shape.rank != 1 or m.shape[0] not in (None, rt.shape.rank):
        raise InvalidArgumentError(None, None, "Expected multiples argument to be a vector "
                                   f"of length {rt.shape.rank} but got length {m.shape[0]}")
    values, inner = rt.values, dense_concat([convert_to_tensor([1], d), m[2:]], 0)
    if isinstance(values, RaggedTensor):  # (its rows are this level's items: multiple 1)
        values = _tile(values, inner)
    elif rt.shape.rank > 2:
        values = tile(values, inner)
    splits = rt.row_splits * m[1]
    rowids = RaggedTensor._make(range_op(splits[-1]), splits).value_rowids()
    lengths = gather(rt.row_lengths(), rowids)
    local = range_op(splits[-1]) - gather(splits[:-1], rowids)
    source = gather(rt.row_starts(), rowids) + math.floormod(local, math.maximum(
        lengths, convert_to_tensor(1, d)))
    inner = RaggedTensor._make(_take(values, source), splits)
    return rf.gather_rows(inner, tile(range_op(rt.nrows()), m[:1]))


cd.register(array.squeeze, _squeeze)
cd.register(shaping.reverse, _reverse)
cd.register(tile, _tile)
cd.register(misc_ops.bincount, _bincount)
cd.register(nn.embedding_lookup, _embedding_lookup)
cd.register(nn.dropout, _dropout)
cd.register(nn.softmax, _softmax)
cd.register(array.expand_dims, _expand_dims)


# ---------------------------------------------------------------------------------------
# Reductions.
# ---------------------------------------------------------------------------------------

def _segment_reduce(seg: Callable, data: Any, ids: Tensor, n: Tensor) -> Any:
    """`seg` (an unsorted segment op) over rows of `data` that may themselves be ragged:
    output row s combines the data rows with id s elementwise, as long as the longest
    (traced under TF's scope for it, RaggedSegment)."""
    if not isinstance(data, RaggedTensor):
        return seg(data, ids, n)
    if _state.graph is None:
        return _segment_rows(seg, data, ids, n)
    with wrapper_scope(None, "RaggedSegment"):
        return _segment_rows(seg, data, ids, n)


def _segment_rows(seg: Callable, data: RaggedTensor, ids: Tensor, n: Tensor) -> Any:
    d = data.row_splits_dtype
    lengths = data.row_lengths()
    out_len = math.maximum(segment_ops.unsorted_segment_max(lengths, ids, n),
                           convert_to_tensor(0, d))
    out_splits = dense_concat([convert_to_tensor([0], d), cumsum(out_len)], 0)
    rowids = data.value_rowids()
    cols = range_op(data.row_splits[-1]) - gather(data.row_starts(), rowids)
    # (each data row's start in the output, found by its id first: an id out of range
    # is refused by that gather, as TF's, even for an empty row)
    inner_ids = gather(gather(out_splits, ids), rowids) + cols
    inner = _segment_reduce(seg, data.values, inner_ids, out_splits[-1])
    return RaggedTensor._make(inner, out_splits)


def _reduce_axis(seg: Callable, rt: Any, axis: int, dense: Callable) -> Any:
    if not isinstance(rt, RaggedTensor):
        return dense(rt, axis=axis)
    if axis == 0:
        d = rt.row_splits_dtype
        cols = range_op(rt.row_splits[-1]) - gather(rt.row_starts(), rt.value_rowids())
        width = reduce.reduce_max(dense_concat([convert_to_tensor([0], d),
                                                rt.row_lengths()], 0))
        return _segment_reduce(seg, rt.values, cols, width)
    if axis == 1:
        return _segment_reduce(seg, rt.values, rt.value_rowids(), rt.nrows())
    return rt.with_values(_reduce_axis(seg, rt.values, axis - 1, dense))


def _axis_value(axis: Any) -> Any:
    """An axis given as a tensor, as TF's ragged reductions read it: its value known while
    the graph is built (a list for a vector; a NumPy scalar for a scalar, which TF's axis
    check then refuses as no int)."""
    if not isinstance(axis, Tensor):
        return axis
    v = C.known(axis)
    if isinstance(v, Tensor) and not isinstance(v, EagerTensor):
        raise ValueError("axis must be known at graph construction time.")
    v = np.asarray(v._numpy() if isinstance(v, EagerTensor) else v)
    return v.tolist() if v.ndim else v[()]


def _positive_axis(axis: Any, rank: int, name: str) -> int:
    """TF's get_positive_axis: a Python int in [-rank, rank), made non-negative."""
    return C.positive_axis(axis, rank, name)


def _reduce_axes(seg: Callable, dense: Callable, rt: Any, axis: Any, keepdims: bool) -> Any:
    """TF's ragged_reduce_aggregate: `rt` reduced along `axis` (not None), one axis at a
    time from the last of several (each checked against the rank first), a result no
    longer ragged by the dense reduction."""
    if not isinstance(rt, RaggedTensor):
        return dense(rt, axis, keepdims=keepdims)
    rank = rt.shape.rank
    if isinstance(axis, (list, tuple)):
        if not axis:
            return rt
        if len(axis) > 1:
            axes = sorted(_positive_axis(a, rank, f"axis[{i}]") for i, a in enumerate(axis))
            inner = _reduce_axes(seg, dense, rt, axes[-1], keepdims)
            return _reduce_axes(seg, dense, inner, axes[:-1], keepdims)
        axis = axis[0]
    a = _positive_axis(axis, rank, "axis")
    out = _reduce_axis(seg, rt, a, dense)
    return _expand(out, a) if keepdims else out


def _ragged_reduce(seg: Callable, dense: Callable, scope: str | None = None) -> Callable:
    """A ragged reduction by unsorted segment op `seg` (`dense`: the op for tensors),
    traced along an axis under TF's name scope for it (`scope`, "RaggedReduceMax")."""
    def handler(input_tensor: Any, axis: Any = None, keepdims: bool = False,
                name: str | None = None) -> Any:
        rt = input_tensor
        if not isinstance(rt, RaggedTensor):
            # (another composite, a SparseTensor: TF's conversion error, as the dense op
            # gives it; the dense op itself would come back here)
            convert_to_tensor(rt)
        axis = _axis_value(axis)
        if axis is None:  # (the flat values' reduction, named as TF names it: "RaggedReduceMax")
            named = name or scope
            return dense(rt.flat_values, keepdims=keepdims, name=named) if not keepdims else \
                _expand_all(dense(rt.flat_values, name=named), rt.shape.rank)
        if scope is None or _state.graph is None:
            return _reduce_axes(seg, dense, rt, axis, keepdims)
        with wrapper_scope(name, scope):
            return _reduce_axes(seg, dense, rt, axis, keepdims)
    return handler


def _expand_all(t: Tensor, rank: int) -> Tensor:
    return reshape(t, [1] * rank)


def _expand(x: Any, axis: int) -> Any:
    return _expand_dims(x, axis) if isinstance(x, RaggedTensor) else array.expand_dims(x, axis)


def _mean(input_tensor: Any, axis: Any = None, keepdims: bool = False,
          name: str | None = None) -> Any:
    rt = input_tensor
    total = _ragged_reduce(unsorted_segment_sum, reduce.reduce_sum)(rt, axis, keepdims)
    ones = rt.with_flat_values(ones_like(rt.flat_values))
    count = _ragged_reduce(unsorted_segment_sum, reduce.reduce_sum)(ones, axis, keepdims)
    if not isinstance(total, RaggedTensor):
        return math.truediv(total, count)
    # (TF rebuilds the quotient from the row splits alone: no uniform row lengths kept)
    return RaggedTensor.from_nested_row_splits(
        math.truediv(total.flat_values, count.flat_values), total.nested_row_splits,
        validate=False)


def _bool_reduce(seg: Callable, dense: Callable) -> Callable:
    """TF's ragged reduce_all / reduce_any: the input cast to int32, its product / sum
    (an empty row's 1 / 0), cast to bool."""
    inner = _ragged_reduce(seg, dense)

    def handler(input_tensor: Any, axis: Any = None, keepdims: bool = False,
                name: str | None = None) -> Any:
        rt = input_tensor
        out = inner(rt.with_flat_values(cast(rt.flat_values, dt.int32)), axis, keepdims)
        return out.with_flat_values(cast(out.flat_values, dt.bool)) \
            if isinstance(out, RaggedTensor) else cast(out, dt.bool)
    return handler


cd.register(reduce.reduce_sum, _ragged_reduce(unsorted_segment_sum, reduce.reduce_sum,
                                              "RaggedReduceSum"))
cd.register(reduce.reduce_max, _ragged_reduce(segment_ops.unsorted_segment_max,
                                              reduce.reduce_max, "RaggedReduceMax"))
cd.register(reduce.reduce_min, _ragged_reduce(segment_ops.unsorted_segment_min,
                                              reduce.reduce_min, "RaggedReduceMin"))
cd.register(reduce.reduce_prod, _ragged_reduce(segment_ops.unsorted_segment_prod,
                                               reduce.reduce_prod, "RaggedReduceProd"))
cd.register(reduce.reduce_mean, _mean)


def _variance(input_tensor: Any, axis: Any = None, keepdims: bool = False,
              name: str | None = None) -> Any:
    """TF's ragged variance: mean of squares less the squared mean, at least 0."""
    if input_tensor.dtype.is_complex:
        raise ValueError("reduce_variance is not supported for RaggedTensors with complex "
                         "dtypes.")
    mean_of_square = _mean(math.square(input_tensor), axis, keepdims)
    square_of_mean = math.square(_mean(input_tensor, axis, keepdims))
    return math.maximum(math.subtract(mean_of_square, square_of_mean), 0)


def _std(input_tensor: Any, axis: Any = None, keepdims: bool = False,
         name: str | None = None) -> Any:
    return math.sqrt(_variance(input_tensor, axis, keepdims))


@ragged_scope("ReduceLogSumExp")
def _logsumexp(input_tensor: Any, axis: Any = None, keepdims: bool = False,
               name: str | None = None) -> Any:
    """log(sum(exp(x - m))) + m, m the maximum where finite (0 elsewhere), as TF's generic
    reduce_logsumexp: m is held constant (its gradient cancels), so x's gradient is the
    subtraction's alone (an IndexedSlices, as TF's broadcasting gathers x's flat values).
    TF takes m and the result's shape by raw ops (IsFinite, Shape), which refuse a ragged
    one: a maximum or (keepdims False) a result that stays ragged."""
    raw_max = reduce.reduce_max(input_tensor, axis, keepdims=True)
    if isinstance(raw_max, RaggedTensor):
        if C.is_graph_tensor(raw_max.flat_values):
            # (traced, TF's IsFinite is dispatched and gives a ragged condition, which its
            # raw SelectV2 refuses: the graph builder's TypeError)
            select_raw(math.is_finite(raw_max), raw_max, zeros_like(raw_max))
        raise _raw_ragged_input()
    finite_max = stop_gradient(where(math.is_finite(raw_max), raw_max, zeros_like(raw_max)))
    total = reduce.reduce_sum(math.exp(math.subtract(input_tensor, finite_max)), axis,
                              keepdims=keepdims)
    result = math.log(total)
    if not keepdims:
        if isinstance(result, RaggedTensor):
            raise _raw_ragged_input()
        finite_max = reshape(finite_max, array.shape(result))
    return math.add(result, finite_max)


def _raw_ragged_input() -> ValueError:
    """TF's error for a RaggedTensor given to a raw op (its EagerTensor conversion)."""
    return ValueError("TypeError: object of type 'RaggedTensor' has no len()\n")


cd.register(reduce.reduce_variance, _variance)
cd.register(reduce.reduce_std, _std)
cd.register(reduce.reduce_logsumexp, _logsumexp)


def _reduce_join(inputs: Any, axis: Any = None, keepdims: bool = False, separator: str = "",
                 name: str | None = None) -> Any:
    def seg(data: Any, ids: Any, n: Any) -> Any:
        return string_segment_join.unsorted_segment_join(data, ids, n, separator)

    def dense(x: Any, axis: Any = None, keepdims: bool = False, name: str | None = None) -> Any:
        return string_ops.reduce_join(x, axis, keepdims, separator, name=name)

    return _ragged_reduce(seg, dense)(inputs, axis, keepdims)


cd.register(string_ops.reduce_join, _reduce_join)
cd.register(reduce.reduce_all, _bool_reduce(segment_ops.unsorted_segment_prod,
                                            reduce.reduce_prod))
cd.register(reduce.reduce_any, _bool_reduce(unsorted_segment_sum, reduce.reduce_sum))


# ---------------------------------------------------------------------------------------
# Structure ops.
# ---------------------------------------------------------------------------------------

def _concat(values: Any, axis: Any, name: str | None = None) -> Any:
    return rf.concat(values, axis)


def _stack(values: Any, axis: int = 0, name: str | None = None) -> Any:
    return rf.stack(values, axis)


def _matmul(a: Any, b: Any, transpose_a: bool = False, transpose_b: bool = False,
            adjoint_a: bool = False, adjoint_b: bool = False, a_is_sparse: bool = False,
            b_is_sparse: bool = False, output_type: Any = None, name: str | None = None) -> Any:
    """tf.matmul with a ragged operand, as TF's ragged matmul: of rank 2, of the operands'
    dense forms; of rank 3, each batch's rows times that batch's matrix (ragged rows)."""
    if transpose_a and adjoint_a:
        raise ValueError("Only one of transpose_a and adjoint_a can be True.")
    if transpose_b and adjoint_b:
        raise ValueError("Only one of transpose_b and adjoint_b can be True.")
    a = a if isinstance(a, (RaggedTensor, Tensor)) else convert_to_tensor(a)
    b = b if isinstance(b, (RaggedTensor, Tensor)) else convert_to_tensor(b)
    if a.dtype is not b.dtype:
        raise ValueError("`a` and `b` must have the same dtype.")
    rank = a.shape.rank if a.shape.rank is not None else b.shape.rank
    if rank is None:
        raise ValueError("matmul requires at least one input to have known rank if either "
                         "input is ragged.")
    if a.shape.rank is not None and b.shape.rank is not None and a.shape.rank != b.shape.rank:
        raise ValueError("`a` and `b` must have the same rank.")
    kwargs = {"transpose_a": transpose_a, "transpose_b": transpose_b, "adjoint_a": adjoint_a,
              "adjoint_b": adjoint_b, "output_type": output_type}
    if rank == 2:
        with sparse_count_ops.api_scope(name or "RaggedMatMul"):
            return _matmul_2d(a, b, kwargs)
    for x in (a, b):
        _check_uniform_matrices(x)
    dense = [x.to_tensor() if isinstance(x, RaggedTensor) else x for x in (a, b)]
    if rank != 3:
        raise ValueError("matmul of ragged tensors supports ranks 2 and 3")
    if isinstance(b, RaggedTensor):
        return _matmul_by_batch(a, b, kwargs)
    if not isinstance(a, RaggedTensor) or transpose_a or adjoint_a:
        return RaggedTensor.from_tensor(linalg.matmul(dense[0], dense[1], **kwargs))
    # a: [B, (I), K]: each row of batch i times b[i]
    rows = a.values.to_tensor() if isinstance(a.values, RaggedTensor) else a.values
    per_row = gather(dense[1], a.value_rowids())
    out = linalg.matmul(array.expand_dims(rows, 1), per_row, **kwargs)
    return RaggedTensor.from_row_splits(array.squeeze(out, [1]), a.row_splits, validate=False)


def _matmul_2d(a: Any, b: Any, kwargs: dict) -> Tensor:
    """TF's product of two matrices, either ragged: each ragged one made dense, its size
    checked against its flat values' (a row of another length pads it)."""
    checks, dense = [], []
    for x in (a, b):
        if isinstance(x, RaggedTensor):
            size, x = reduce.size(x.flat_values), x.to_tensor()
            checks.append(dbg.assert_equal(size, reduce.size(x), message=(
                "The matrices in `a` and `b` may not be ragged in their innermost "
                "dimension.")))
        dense.append(x)
    with control_dependencies([c for c in checks if c is not None]):
        return linalg.matmul(dense[0], dense[1], **kwargs)


def _check_uniform_matrices(x: Any) -> None:
    """TF's refusal of matrices whose rows differ in length (checked per batch)."""
    if not isinstance(x, RaggedTensor) or x.ragged_rank != x.shape.rank - 1:
        return
    inner = x.values if x.shape.rank == 3 else x
    lengths = inner.row_lengths()
    # each matrix row against its matrix's first row (a rank-2 x is one matrix)
    first_rows = gather(x.row_starts(), x.value_rowids()) if x.shape.rank == 3 else \
        array.zeros_like(lengths)
    dbg.assert_equal(lengths, gather(lengths, first_rows), message=(
        "The matrices in `a` and `b` may not be ragged in their innermost dimension."))


def _matmul_by_batch(a: Any, b: Any, kwargs: dict) -> RaggedTensor:
    """Rank 3 with a ragged `b`: batch by batch (eagerly), the products' rows and columns
    ragged (ragged rank 2), as TF's map over the batch."""
    if not (getattr(a, "_is_eager", lambda: True)() and b._is_eager()):
        raise ValueError("matmul of a ragged `b` of rank 3 runs eagerly here")
    n = int(a.nrows() if isinstance(a, RaggedTensor) else a.shape[0])
    if n != int(b.nrows()):
        raise InvalidArgumentError(None, None, "Condition x == y did not hold.")
    outs = []
    for i in builtins_range(n):
        ai = a[i].to_tensor() if isinstance(a[i], RaggedTensor) else a[i]
        bi = b[i].to_tensor() if isinstance(b[i], RaggedTensor) else b[i]
        outs.append(RaggedTensor.from_tensor(array.expand_dims(linalg.matmul(ai, bi, **kwargs),
                                                               0), ragged_rank=2))
    return rf.concat(outs, 0)


def _size(input: Any, out_type: Any = dt.int32, name: str | None = None) -> Tensor:  # noqa: A002
    if isinstance(input, SparseTensor):  # (TF's: the product of its dense shape)
        return reduce.reduce_prod(cast(input.dense_shape, out_type or dt.int32), 0)
    return reduce.size(input.flat_values, out_type=out_type)


def _rank(input: Any, name: str | None = None) -> Tensor:  # noqa: A002
    return convert_to_tensor(input.shape.rank, dt.int32)


cd.register(array.concat, _concat)
cd.register(stacking.stack, _stack)
cd.register(indexing.gather, rf.gather)


def _assert_equal(x: Any, y: Any, message: str | None = None, summarize: int | None = None,
                  name: str | None = None) -> None:
    """Row splits level by level, then the flat values (a dense operand broadcast to the
    ragged one's), each by tf.debugging.assert_equal, as TF checks ragged tensors."""
    check = dbg.assert_equal
    if isinstance(x, RaggedTensor) and isinstance(y, RaggedTensor):
        for a, b in zip(x.nested_row_splits, y.nested_row_splits):
            check(a, b, message=message, summarize=summarize)
        return check(x.flat_values, y.flat_values, message=message, summarize=summarize)
    if isinstance(x, RaggedTensor):
        return check(x.flat_values, aligned(x, y), message=message, summarize=summarize)
    return check(aligned(y, x), y.flat_values, message=message, summarize=summarize)


def _sigmoid_cross_entropy_with_logits(labels: Any = None, logits: Any = None,
                                       name: str | None = None) -> Any:
    """Elementwise over the (ragged-broadcast) flat values, as TF dispatches it."""
    loss = nn_loss.sigmoid_cross_entropy_with_logits.__wrapped_api__
    return _binary(lambda z, x: loss(labels=z, logits=x), labels, logits)


cd.register(dbg.assert_equal, _assert_equal)
cd.register(nn_loss.sigmoid_cross_entropy_with_logits, _sigmoid_cross_entropy_with_logits)
cd.register_direct(linalg.matmul, _matmul)
cd.register(reduce.size, _size)
cd.register(array.rank, _rank)


# ---------------------------------------------------------------------------------------
# Python operators on RaggedTensor.
# ---------------------------------------------------------------------------------------

def _flip(f: Callable) -> Callable:
    return lambda x, y: f(y, x)


_OPERATORS = {
    "__add__": math.add, "__sub__": math.subtract, "__mul__": math.multiply,
    "__truediv__": math.truediv, "__floordiv__": math.floordiv, "__mod__": math.floormod,
    "__pow__": math.pow, "__lt__": math.less, "__le__": math.less_equal,
    "__gt__": math.greater, "__ge__": math.greater_equal,
    # (TF's ragged &, |, ^ and ~ are the logical ops only: an integer operand is refused)
    "__and__": math.logical_and, "__or__": math.logical_or, "__xor__": math.logical_xor,
}
for _name, _f in _OPERATORS.items():
    setattr(RaggedTensor, _name, _f)
    if _name not in ("__lt__", "__le__", "__gt__", "__ge__"):
        setattr(RaggedTensor, "__r" + _name[2:], _flip(_f))


def _ragged_eq(x: Any, y: Any) -> Any:
    """TF's `==` on a RaggedTensor: elementwise where tf.math.equal takes the operands,
    else False (other partitions, dtypes or shapes that don't broadcast)."""
    if y is None:
        return False
    try:
        return math.equal(x, y)
    except (InvalidArgumentError, ValueError, TypeError):
        return False


def _ragged_ne(x: Any, y: Any) -> Any:
    if y is None:
        return True
    try:
        return math.not_equal(x, y)
    except (InvalidArgumentError, ValueError, TypeError):
        return True


def _ragged_hash(x: Any) -> int:
    raise TypeError("RaggedTensor is unhashable.")


RaggedTensor.__eq__ = _ragged_eq
RaggedTensor.__ne__ = _ragged_ne
RaggedTensor.__hash__ = _ragged_hash
RaggedTensor.__neg__ = math.negative
RaggedTensor.__abs__ = math.abs
RaggedTensor.__invert__ = math.logical_not
