"""RaggedTensor.__getitem__: `rt[i]`, `rt[1:3]`, `rt[:, 0]`, `rt[:, 1:-1]`, `rt[..., 0]`.

Ops layer, above ragged_tensor.py. The first index picks or slices rows (their splits);
an index into a ragged dimension picks or slices within every row, as positions in the
values (a GatherV2 of `row_starts + j`, or a RaggedRange of per-row bounds); indices into
the uniform inner dimensions apply to the flat values.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops import debugging as dbg
from eagerflow._src.ops import ragged_ops
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import tf_constant_value
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.math import maximum, minimum
from eagerflow._src.ops.math_base import cast, where
from eagerflow._src.ops.ragged_functions import gather_rows
from eagerflow._src.ops.ragged_tensor import RaggedTensor
from eagerflow._src.ops.sequences import range as range_op
from eagerflow._src.ops.slice_keys import BAD_INDEX


def ragged_getitem(rt: RaggedTensor, key: Any) -> Any:
    # (as TF, a list is a key of several dimensions, as a tuple is)
    key = tuple(key) if isinstance(key, (tuple, list)) else (key,)
    if key and _is_scalar_mask(key[0]):  # (TF's row index: a boolean mask of no rank)
        raise ValueError("mask cannot be scalar.")
    key = _expand(key, rt.shape.rank)
    if not key:
        return rt
    return _rows(rt, key)


def _expand(key: tuple, rank: int | None) -> tuple:
    """The key with Ellipsis replaced by full slices (none left over when unknown rank)."""
    n = sum(1 for k in key if k is Ellipsis)
    if n > 1 and rank is None:
        raise ValueError("Slicing index contains more than one ellipsis")
    for i, k in enumerate(key):
        # (past the rows, TF takes a Python bool as the int it is)
        if not (k is None or k is Ellipsis or isinstance(k, slice) or _is_index(k) or
                (i and isinstance(k, bool))):
            raise TypeError(BAD_INDEX.format(k))  # (TF's, from indexing the row splits)
    if n == 0:
        return key
    if n > 1:
        return _expand_each(key, rank)
    i = key.index(Ellipsis)
    if rank is None:
        if i != len(key) - 1:
            raise ValueError("Ellipsis not supported unless it is the last index or the "
                             "rank is known")
        return key[:i]
    fill = rank - (len(key) - 1 - sum(1 for k in key if k is None))  # (newaxis: no dim)
    return key[:i] + (slice(None),) * max(fill, 0) + key[i + 1:]


def _expand_each(key: tuple, rank: int) -> tuple:
    """Several ellipses, as TF takes them one dimension at a time: an Ellipsis first in
    what is left of the key is dropped where the indices left fill the dimensions left
    (it stands for none), else it stands for one more full slice."""
    out: list = []
    rest = list(key)
    while rest:
        if rest[0] is Ellipsis:
            n = sum(1 for k in rest if k is not None)
            if n > rank + 1:
                raise IndexError("Too many indices for RaggedTensor")
            rest = rest[1:] if n == rank + 1 else [slice(None)] + rest
            continue
        k = rest.pop(0)
        out.append(k)
        rank -= k is not None
    return tuple(out)


def _is_scalar_mask(k: Any) -> bool:
    return isinstance(k, bool) or (isinstance(k, Tensor) and k._dtype is dt.bool and
                                   k._shape == ())


def _is_index(k: Any) -> bool:
    if isinstance(k, bool):
        return False
    if isinstance(k, int):
        return True
    if isinstance(k, Tensor):
        return k._dtype in (dt.int32, dt.int64) and k._shape == ()
    return hasattr(k, "__index__")


def _rows(rt: RaggedTensor, key: tuple) -> Any:
    first, rest = key[0], key[1:]
    if first is None:  # tf.newaxis first: the rest's result as one row
        inner = _rows(rt, rest) if rest else rt
        if not isinstance(inner, RaggedTensor):
            return inner[None]
        return RaggedTensor.from_uniform_row_length(inner, inner.nrows(), nrows=1,
                                                    validate=False)
    if isinstance(first, slice):
        sliced = _slice_rows(rt, first)
        return _inner(sliced, rest) if rest else sliced
    row = _row(rt, first)
    if not rest:
        return row
    return row[rest] if isinstance(row, RaggedTensor) else row.__getitem__(rest)


def _row(rt: RaggedTensor, i: Any) -> Any:
    """Row `i`: a slice of the values (a tensor, or a ragged tensor of the next level)."""
    d = rt.row_splits_dtype
    splits = rt.row_splits
    idx = i if isinstance(i, Tensor) else convert_to_tensor(int(i), d)
    idx = cast(idx, d)
    nrows = rt.nrows()
    if isinstance(idx, EagerTensor) and isinstance(nrows, EagerTensor):
        n, j = int(nrows._arr), int(idx._arr)
        if j >= n:
            raise IndexError(f"Row key {int(i)} out of bounds")
        if j < -n:  # (TF's check is of the upper bound: the row starts' slice refuses it)
            return splits[:-1][i]
        j = j + n if j < 0 else j
        if isinstance(splits, EagerTensor):
            return _value_range(rt.values, int(splits._arr[j]), int(splits._arr[j + 1]))
        return _value_range(rt.values, splits[j], splits[j + 1])
    j = where(idx < convert_to_tensor(0, d), idx + nrows, idx)
    lo, hi = gather(splits, j), gather(splits, j + convert_to_tensor(1, d))
    values = rt.values
    if isinstance(values, RaggedTensor):
        return gather_rows(values, range_op(lo, hi))
    return gather(values, range_op(lo, hi))


def _value_range(values: Any, lo: int, hi: int) -> Any:
    if isinstance(values, RaggedTensor):
        return _slice_rows(values, slice(lo, hi))
    return values[lo:hi]


def _slice_rows(rt: RaggedTensor, s: slice) -> RaggedTensor:
    if s.start is None and s.stop is None and s.step is None:
        return rt  # (as TF's: no op on the values, so their gradient keeps its form)
    step = 1 if s.step is None else s.step
    if step == 0:  # (TF slices the row starts first: its strided slice refuses it)
        return rt.row_splits[:-1][s]
    if not isinstance(step, int):
        raise ValueError("slice step must be a nonzero integer")
    nrows = rt.nrows()
    if isinstance(nrows, EagerTensor) and all(
            v is None or isinstance(v, int) or isinstance(v, EagerTensor)
            for v in (s.start, s.stop)):
        start, stop, step = slice(*(None if v is None else int(v)
                                    for v in (s.start, s.stop, step))).indices(int(nrows._arr))
        if step == 1:
            stop = max(stop, start)
            splits = rt.row_splits[start:stop + 1]
            if isinstance(splits, EagerTensor):
                lo, hi = int(splits._arr[0]), int(splits._arr[-1])
                base = convert_to_tensor(lo, rt.row_splits_dtype)
            else:
                lo, hi = splits[0], splits[-1]
                base = lo
            return RaggedTensor._make(_value_range(rt.values, lo, hi), splits - base,
                                      uniform_row_length=rt.uniform_row_length)
        rows = convert_to_tensor(list(range(start, stop, step)), rt.row_splits_dtype)
        return _uniform_as(gather_rows(rt, rows), rt, inner=False)
    d = rt.row_splits_dtype
    start, stop = _bound(s.start, 0 if step > 0 else -1, nrows, d), \
        _bound(s.stop, None, nrows, d)
    if stop is None:
        stop = nrows if step > 0 else convert_to_tensor(-1, d) - nrows
    rows = range_op(_clip_row(start, nrows, step), _clip_row(stop, nrows, step),
                    convert_to_tensor(step, d))
    return _uniform_as(gather_rows(rt, rows), rt, inner=step == 1)


def _uniform_as(out: RaggedTensor, rt: RaggedTensor, inner: bool) -> RaggedTensor:
    """`out`, rows of `rt`, with `rt`'s uniform row length (TF rewraps the sliced rows in
    it) and, where `inner` (TF's slice of one span of the values), its inner levels' own."""
    levels = [out]
    while inner and isinstance(levels[-1].values, RaggedTensor):
        levels.append(levels[-1].values)
    src = rt
    lengths = []
    for _ in levels:
        lengths.append(src._uniform_row_length)
        src = src.values
    result = levels[-1].values
    for k in range(len(levels) - 1, -1, -1):
        result = RaggedTensor._make(result, levels[k].row_splits, uniform_row_length=lengths[k])
    return result


def _bound(v: Any, default: Any, n: Tensor, d: dt.DType) -> Any:
    if v is None:
        return None if default is None else convert_to_tensor(default, d) if default >= 0 \
            else n + convert_to_tensor(default, d)
    return cast(v if isinstance(v, Tensor) else convert_to_tensor(int(v), d), d)


def _clip_row(i: Tensor, n: Tensor, step: int) -> Tensor:
    zero = convert_to_tensor(0, i._dtype)
    i = where(i < zero, i + n, i)
    if step > 0:
        return minimum(maximum(i, zero), n)
    return minimum(maximum(i, convert_to_tensor(-1, i._dtype)), n - convert_to_tensor(1, i._dtype))


# ---------------------------------------------------------------------------------------
# Indices after the first: within every row.
# ---------------------------------------------------------------------------------------

def _inner(rt: RaggedTensor, key: tuple) -> Any:
    """`rt[:, key...]` for a RaggedTensor whose rows were already selected."""
    if not key:
        return rt
    first, rest = key[0], key[1:]
    if first is None:  # tf.newaxis within the rows: each row's item in a row of its own
        inner = _inner(rt, rest)
        if not isinstance(inner, RaggedTensor):
            return inner[:, None]
        return RaggedTensor.from_uniform_row_length(inner, 1, nrows=inner.nrows(),
                                                    validate=False)
    if isinstance(first, slice) and first == slice(None):
        values = rt.values
        if not rest:
            return rt
        new = _inner(values, rest) if isinstance(values, RaggedTensor) else \
            values.__getitem__((slice(None),) + rest)
        return rt.with_values(new)
    if isinstance(first, slice):
        return _slice_columns(rt, first, rest)
    if rt.uniform_row_length is None:
        raise ValueError("Cannot index into an inner ragged dimension.")
    return _column(rt, first, rest)


def _column(rt: RaggedTensor, j: Any, rest: tuple) -> Any:
    """`rt[:, j, rest...]`: element j of every row (each row must have one)."""
    d = rt.row_splits_dtype
    jt = cast(j if isinstance(j, Tensor) else convert_to_tensor(int(j), d), d)
    lengths = rt.row_lengths()
    zero = convert_to_tensor(0, d)
    pos = where(jt < zero, rt.row_limits() + jt, rt.row_starts() + jt)
    ok_lo = where(jt < zero, lengths + jt, jt)
    dbg.assert_non_negative(ok_lo, message="slice index out of bounds for a ragged row")
    dbg.assert_less(ok_lo, lengths, message="slice index out of bounds for a ragged row")
    values = rt.values
    picked = gather_rows(values, pos) if isinstance(values, RaggedTensor) else \
        gather(values, pos)
    if not rest:
        return picked
    if isinstance(picked, RaggedTensor):
        return _inner(picked, rest)
    return picked.__getitem__((slice(None),) + rest)


def _slice_columns(rt: RaggedTensor, s: slice, rest: tuple) -> RaggedTensor:
    """`rt[:, a:b:c, rest...]`: the same slice of every row."""
    d = rt.row_splits_dtype
    step = 1 if s.step is None else s.step
    if not isinstance(step, int):  # (a step of 0: TF's RaggedRange refuses it)
        raise ValueError("slice step must be a nonzero integer")
    lengths = rt.row_lengths()
    lo, hi = _bounds(s, step, lengths, d)
    splits, positions = bind(ragged_ops.RAGGED_RANGE, (rt.row_starts() + lo, rt.row_starts() + hi,
                                                       convert_to_tensor(step, d)),
                             {"Tsplits": d})
    values = rt.values
    new_values = gather_rows(values, positions) if isinstance(values, RaggedTensor) else \
        gather(values, positions)
    out = RaggedTensor._make(new_values, splits,
                             uniform_row_length=_sliced_length(s, step, rt.uniform_row_length))
    return _inner(out, (slice(None),) + rest) if rest else out


def _bounds(s: slice, step: int, lengths: Tensor, d: dt.DType) -> tuple:
    """The first position and the end of slice `s` in rows of `lengths` (its negative
    bounds counted from each row's end, and clipped to it)."""
    zero, one = convert_to_tensor(0, d), convert_to_tensor(1, d)

    def clip(v: Any, default_pos: bool) -> Tensor:
        if v is None:
            return zero + lengths * 0 if default_pos else lengths - one
        vt = cast(v if isinstance(v, Tensor) else convert_to_tensor(int(v), d), d)
        vt = where(vt < zero, vt + lengths, vt + lengths * 0)
        if step > 0:
            return minimum(maximum(vt, zero), lengths)
        return minimum(maximum(vt, -one), lengths - one)

    lo = clip(s.start, step > 0)
    if s.stop is None:
        hi = lengths if step > 0 else -one + lengths * 0
    else:
        hi = clip(s.stop, True)
    return lo, hi


def _sliced_length(s: slice, step: int, uniform: Any) -> Any:
    """The rows' length after slice `s`, where all rows have the length `uniform` (as in
    TF, the result's rows are uniform too: its static shape keeps their length); None
    where they are ragged."""
    if uniform is None:
        return None
    known = tf_constant_value(uniform)
    if known is not None and all(v is None or isinstance(v, int) for v in (s.start, s.stop)):
        # (TF's length of a slice of zeros of that length: static where it is known)
        return convert_to_tensor(len(range(int(known))[s.start:s.stop:step]), uniform.dtype)
    lo, hi = _bounds(s, step, uniform, uniform.dtype)
    span = hi - lo if step > 0 else lo - hi
    size = abs(step)
    return maximum((span + (size - 1)) // size, convert_to_tensor(0, uniform.dtype))


RaggedTensor.__getitem__ = ragged_getitem
