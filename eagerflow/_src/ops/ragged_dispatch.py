"""The public ops TF dispatches for RaggedTensor arguments, registered on import.

Ops layer, above the ragged modules. Elementwise ops run on the flat values (a dense
operand is first broadcast to the ragged one's partition, row by row); reductions are
segment reductions over value row ids or column positions, level by level; the rest
(concat, stack, gather, boolean_mask, cast, string ops) call the ragged compositions.
"""

from __future__ import annotations

from typing import Any, Callable

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import (
    array,
    hash_ops,
    indexing,
    math,
    reduce,
    segment_ops,
    stacking,
    string_ops,
)
from eagerflow._src.ops import composite_dispatch as cd
from eagerflow._src.ops import debugging as dbg
from eagerflow._src.ops import ragged_functions as rf
from eagerflow._src.ops.array import concat as dense_concat
from eagerflow._src.ops.array import reshape
from eagerflow._src.ops.indexing import gather, unsorted_segment_sum
from eagerflow._src.ops.ragged_tensor import RaggedTensor
from eagerflow._src.ops.sequences import range as range_op

# ---------------------------------------------------------------------------------------
# Elementwise ops.
# ---------------------------------------------------------------------------------------


def _unary(f: Callable, x: Any, *args: Any, **kwargs: Any) -> Any:
    if not isinstance(x, RaggedTensor):
        raise TypeError(f"{getattr(f, '__name__', f)} does not support {type(x).__name__}")
    return x.with_flat_values(f(x.flat_values, *args, **kwargs))


def _binary(f: Callable, x: Any, y: Any, **kwargs: Any) -> Any:
    if isinstance(x, RaggedTensor) and isinstance(y, RaggedTensor):
        if x.ragged_rank != y.ragged_rank:
            raise ValueError(f"Input RaggedTensors have mismatched ragged ranks: "
                             f"{x.ragged_rank} vs. {y.ragged_rank}")
        rf._assert_same_partition(x, y)
        return x.with_flat_values(f(x.flat_values, y.flat_values, **kwargs))
    if isinstance(x, RaggedTensor):
        if not isinstance(y, RaggedTensor) and _is_composite(y):
            raise TypeError(f"unsupported operand types: RaggedTensor and {type(y).__name__}")
        return x.with_flat_values(f(x.flat_values, _aligned(x, y), **kwargs))
    if _is_composite(x):
        raise TypeError(f"unsupported operand types: {type(x).__name__} and RaggedTensor")
    return y.with_flat_values(f(_aligned(y, x), y.flat_values, **kwargs))


def _is_composite(v: Any) -> bool:
    return isinstance(v, CompositeTensor)


def _aligned(rt: RaggedTensor, other: Any, dtype: Any = None) -> Tensor:
    """A dense operand broadcast to the flat values of `rt` (TF's ragged broadcasting); a
    Python value takes `dtype` (rt's by default)."""
    dtype = dtype or rt.dtype
    if isinstance(other, Tensor) or hasattr(other, "_as_tensor"):
        y = convert_to_tensor(other)
    else:
        y = convert_to_tensor(other, dtype_hint=dtype)
        if y._dtype is not dtype and not isinstance(other, (list, tuple)):
            y = convert_to_tensor(other, dtype=dtype)
    rank, inner = rt.shape.rank, rt.flat_values.shape.rank
    if y.shape.rank is None or rank is None or inner is None:
        raise ValueError("broadcasting a dense tensor against a RaggedTensor needs known ranks")
    if y.shape.rank <= inner - 1:
        return y  # broadcasts against the uniform inner dimensions of the flat values
    if y.shape.rank > rank:
        raise ValueError(f"A dense tensor of rank {y.shape.rank} can't broadcast to a "
                         f"RaggedTensor of rank {rank}")
    y = reshape(y, [1] * (rank - y.shape.rank) + [-1 if d is None else d for d in y.shape])
    level: Any = rt
    while isinstance(level, RaggedTensor):
        y = _one_level(level, y)
        level = level.values
    return y


def _one_level(rt: RaggedTensor, y: Tensor) -> Tensor:
    """`y` (rows aligned with rt's rows, or one row) re-rowed to align with rt.values."""
    d = rt.row_splits_dtype
    n0, d1 = y.shape[0], y.shape[1]
    if n0 is None or d1 is None:
        raise ValueError("broadcasting a dense tensor against a RaggedTensor needs known dims")
    rowids = rt.value_rowids()
    if n0 == 1:
        rowids = rowids * convert_to_tensor(0, d)
    if d1 == 1:
        return gather(reshape(y, [n0] + [-1 if s is None else s for s in y.shape[2:]]), rowids)
    # every row must hold d1 values: the splits of a uniform partition (TF's check) ...
    dbg.assert_equal(range_op(rt.nrows() + convert_to_tensor(1, d)) *
                     convert_to_tensor(d1, d), rt.row_splits)
    # ... and even then TF 2.21 refuses a dense dimension against a ragged one
    raise InvalidArgumentError(None, None, "Last row partition does not match flat_values.")


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


for _fn in (math.abs, math.cast, string_ops.lower, string_ops.upper, string_ops.strip,
            string_ops.length, string_ops.regex_replace, string_ops.regex_full_match,
            string_ops.to_number, string_ops.as_string, hash_ops.to_hash_bucket_fast,
            hash_ops.to_hash_bucket_strong, hash_ops.to_hash_bucket):
    cd.register(_fn, _map_first(_fn))
for _fn in (math.truediv, math.divide, math.logical_xor, math.div_no_nan):
    cd.register(_fn, _map_two(_fn))


# ---------------------------------------------------------------------------------------
# Reductions.
# ---------------------------------------------------------------------------------------

def _segment_reduce(seg: Callable, data: Any, ids: Tensor, n: Tensor) -> Any:
    """`seg` (an unsorted segment op) over rows of `data` that may themselves be ragged:
    output row s combines the data rows with id s elementwise, as long as the longest."""
    if not isinstance(data, RaggedTensor):
        return seg(data, ids, n)
    d = data.row_splits_dtype
    lengths = data.row_lengths()
    out_len = math.maximum(segment_ops.unsorted_segment_max(lengths, ids, n),
                           convert_to_tensor(0, d))
    out_splits = dense_concat([convert_to_tensor([0], d), reduce.cumsum(out_len)], 0)
    rowids = data.value_rowids()
    cols = range_op(data.row_splits[-1]) - gather(data.row_starts(), rowids)
    inner_ids = gather(out_splits, gather(ids, rowids)) + cols
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


def _axes(rt: RaggedTensor, axis: Any) -> list:
    rank = rt.shape.rank
    if axis is None:
        return list(range(rank))
    axes = [axis] if isinstance(axis, int) else [int(a) for a in axis]
    out = []
    for a in axes:
        if not -rank <= a < rank:
            raise ValueError(f"axis={a} out of bounds: expected {-rank}<=axis<{rank}")
        out.append(a + rank if a < 0 else a)
    return sorted(set(out), reverse=True)


def _ragged_reduce(seg: Callable, dense: Callable) -> Callable:
    def handler(input_tensor: Any, axis: Any = None, keepdims: bool = False,
                name: str | None = None) -> Any:
        rt = input_tensor
        if axis is None:
            return dense(rt.flat_values, keepdims=keepdims) if not keepdims else \
                _expand_all(dense(rt.flat_values), rt.shape.rank)
        out = rt
        for a in _axes(rt, axis):
            out = _reduce_axis(seg, out, a, dense)
        if keepdims:
            for a in sorted(_axes(rt, axis)):
                out = _expand(out, a)
        return out
    return handler


def _expand_all(t: Tensor, rank: int) -> Tensor:
    return reshape(t, [1] * rank)


def _expand(x: Any, axis: int) -> Any:
    if isinstance(x, RaggedTensor):
        raise ValueError("keepdims=True is not supported when the result is ragged")
    return array.expand_dims(x, axis)


def _mean(input_tensor: Any, axis: Any = None, keepdims: bool = False,
          name: str | None = None) -> Any:
    rt = input_tensor
    total = _ragged_reduce(unsorted_segment_sum, reduce.reduce_sum)(rt, axis, keepdims)
    ones = rt.with_flat_values(math.ones_like(rt.flat_values))
    count = _ragged_reduce(unsorted_segment_sum, reduce.reduce_sum)(ones, axis, keepdims)
    return math.truediv(total, count)


def _bool_reduce(seg: Callable, dense: Callable) -> Callable:
    inner = _ragged_reduce(seg, dense)

    def handler(input_tensor: Any, axis: Any = None, keepdims: bool = False,
                name: str | None = None) -> Any:
        rt = input_tensor
        if rt.dtype is not dt.bool:
            raise TypeError("reduce_all/reduce_any need a bool RaggedTensor")
        as_int = rt.with_flat_values(math.cast(rt.flat_values, dt.int32))
        out = inner(as_int, axis, keepdims)
        # (an empty row reduces to the int extreme: negative for any, positive for all)
        zero = convert_to_tensor(0, dt.int32)
        return _binary(math.greater, out, zero) if isinstance(out, RaggedTensor) \
            else math.greater(out, zero)
    return handler


cd.register(reduce.reduce_sum, _ragged_reduce(unsorted_segment_sum, reduce.reduce_sum))
cd.register(reduce.reduce_max, _ragged_reduce(segment_ops.unsorted_segment_max,
                                              reduce.reduce_max))
cd.register(reduce.reduce_min, _ragged_reduce(segment_ops.unsorted_segment_min,
                                              reduce.reduce_min))
cd.register(reduce.reduce_prod, _ragged_reduce(segment_ops.unsorted_segment_prod,
                                               reduce.reduce_prod))
cd.register(reduce.reduce_mean, _mean)


def _reduce_join(inputs: Any, axis: Any = None, keepdims: bool = False, separator: str = "",
                 name: str | None = None) -> Any:
    def seg(data: Any, ids: Any, n: Any) -> Any:
        return string_ops.unsorted_segment_join(data, ids, n, separator)

    def dense(x: Any, axis: Any = None, keepdims: bool = False) -> Any:
        return string_ops.reduce_join(x, axis, keepdims, separator)

    return _ragged_reduce(seg, dense)(inputs, axis, keepdims)


cd.register(string_ops.reduce_join, _reduce_join)
cd.register(reduce.reduce_all, _bool_reduce(segment_ops.unsorted_segment_min,
                                            reduce.reduce_min))
cd.register(reduce.reduce_any, _bool_reduce(segment_ops.unsorted_segment_max,
                                            reduce.reduce_max))


# ---------------------------------------------------------------------------------------
# Structure ops.
# ---------------------------------------------------------------------------------------

def _concat(values: Any, axis: Any, name: str | None = None) -> Any:
    return rf.concat(values, axis)


def _stack(values: Any, axis: int = 0, name: str | None = None) -> Any:
    return rf.stack(values, axis)


def _where(condition: Any, x: Any = None, y: Any = None, name: str | None = None) -> Any:
    if x is None and y is None:
        raise ValueError("tf.where with a RaggedTensor condition needs x and y")
    parts = [v for v in (condition, x, y) if isinstance(v, RaggedTensor)]
    first = parts[0]
    for other in parts[1:]:
        rf._assert_same_partition(first, other)

    # a Python operand takes the dtype of the other one (as tf.where's conversion)
    dtype = next((v.dtype for v in (x, y) if isinstance(v, (RaggedTensor, Tensor))), None)

    def flat(v: Any, d: Any) -> Any:
        return v.flat_values if isinstance(v, RaggedTensor) else _aligned(first, v, d)

    return first.with_flat_values(math.where(flat(condition, dt.bool), flat(x, dtype),
                                             flat(y, dtype)))


def _size(input: Any, out_type: Any = dt.int32, name: str | None = None) -> Tensor:  # noqa: A002
    return reduce.size(input.flat_values, out_type=out_type)


def _rank(input: Any, name: str | None = None) -> Tensor:  # noqa: A002
    return convert_to_tensor(input.shape.rank, dt.int32)


cd.register(array.concat, _concat)
cd.register(stacking.stack, _stack)
cd.register(indexing.gather, rf.gather)
cd.register(math.where, _where)
cd.register(reduce.size, _size)
cd.register(array.rank, _rank)


# ---------------------------------------------------------------------------------------
# Python operators on RaggedTensor.
# ---------------------------------------------------------------------------------------

def _flip(f: Callable) -> Callable:
    return lambda x, y: f(y, x)


def _logical(logical: Callable, bitwise: Callable) -> Callable:
    return lambda x, y: logical(x, y) if x.dtype is dt.bool else bitwise(x, y)


_OPERATORS = {
    "__add__": math.add, "__sub__": math.subtract, "__mul__": math.multiply,
    "__truediv__": math.truediv, "__floordiv__": math.floordiv, "__mod__": math.floormod,
    "__pow__": math.pow, "__lt__": math.less, "__le__": math.less_equal,
    "__gt__": math.greater, "__ge__": math.greater_equal,
    "__and__": _logical(math.logical_and, math.bitwise_and),
    "__or__": _logical(math.logical_or, math.bitwise_or),
    "__xor__": _logical(math.logical_xor, math.bitwise_xor),
}
for _name, _f in _OPERATORS.items():
    setattr(RaggedTensor, _name, _f)
    if _name not in ("__lt__", "__le__", "__gt__", "__ge__"):
        setattr(RaggedTensor, "__r" + _name[2:], _flip(_f))
RaggedTensor.__neg__ = math.negative
RaggedTensor.__abs__ = math.abs
RaggedTensor.__invert__ = lambda x: math.logical_not(x) if x.dtype is dt.bool else \
    math.invert(x)
