"""Ragged primitives: RaggedRange, RaggedTensorToTensor, RaggedTensorToSparse, RaggedGather.

Ops layer. A ragged tensor is flat values plus row splits (ragged_tensor.py); these are
the few kernels that read row splits directly. Everything else about ragged tensors
(row lengths, value row ids, gathers, reductions) is composed of registered ops.
Kernels validate the splits they are given (a raw op call may pass any), so bad
partitions raise InvalidArgumentError instead of indexing out of range.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.tensor import check_finite_size, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import concat, reshape, reshape_like, zeros
from eagerflow._src.ops.array import shape as shape_of
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.indexed_slices import IndexedSlices
from eagerflow._src.ops.indexing import boolean_mask, gather, unsorted_segment_sum
from eagerflow._src.ops.math import not_equal, sum_to
from eagerflow._src.ops.math_base import cast, ones_like
from eagerflow._src.ops.reduce import reduce_sum
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.ops.scans import cumsum
from eagerflow._src.ops.sequences import range as range_

_RANGE_TYPES = frozenset((dt.bfloat16, dt.float32, dt.float64, dt.int32, dt.int64))


def check_splits(op: str, splits: Any, nvals: int, what: str = "row_splits") -> None:
    """A valid partition of `nvals` values: non-empty, from 0, non-decreasing, to nvals."""
    if splits.ndim != 1 or splits.size == 0:
        raise C.fail(op, f"{what} must be a non-empty vector, got shape "
                         f"{C.shape_str(splits.shape)}")
    if splits[0] != 0:
        raise C.fail(op, f"First value of {what} must be 0, got {splits[0]}")
    if splits.size > 1 and np.any(splits[1:] < splits[:-1]):
        raise C.fail(op, f"{what} must be non-decreasing")
    if splits[-1] != nvals:
        raise C.fail(op, f"Final value of {what} must match the number of values: "
                         f"{splits[-1]} vs. {nvals}")


def _index_dtype(op: str, x: Any, what: str) -> None:
    if x._dtype not in C.INDEX:
        raise C.fail(op, f"{what} must be int32 or int64, got {x._dtype.name}")


# ---------------------------------------------------------------------------------------
# RaggedRange: tf.ragged.range.
# ---------------------------------------------------------------------------------------

def _range_infer(starts: Any, limits: Any, deltas: Any, *, Tsplits: dt.DType = dt.int64) -> list:
    op = "RaggedRange"
    C.dtype_attr(op, Tsplits, "Tsplits", C.INDEX)
    d = C.same_dtype(op, (starts, limits, deltas), _RANGE_TYPES)
    if _state.graph is not None:
        _range_shape_fn((starts, limits, deltas))
    n, vector = None, False
    for x, what in ((starts, "starts"), (limits, "limits"), (deltas, "deltas")):
        if x._shape is None:
            continue
        if len(x._shape) > 1:
            raise C.fail(op, f"{what} must be a scalar or vector")
        if len(x._shape) == 1:
            vector = True
            if n is not None and x._shape[0] is not None and n != x._shape[0]:
                raise C.fail(op, "starts, limits, and deltas must have the same shape")
            n = x._shape[0] if n is None else n
    known = all(x._shape is not None for x in (starts, limits, deltas))
    # (all scalars: one row; a vector of unknown length: rows unknown)
    nrows = (n if vector else 1) if known else None
    return [((None if nrows is None else nrows + 1,), Tsplits), ((None,), d)]


def _range_shape_fn(args: tuple) -> None:
    """TF's shape function's checks (its ValueError as a graph is built): each argument
    a scalar or vector, then the vectors' lengths merged in order."""
    for x in args:
        if x._shape is not None and len(x._shape) > 1:
            raise C.fail("RaggedRange", f"Shape must be at most rank 1 but is rank "
                                        f"{len(x._shape)}")
    n = None
    for x in args:
        if x._shape and x._shape[0] is not None:
            if n is not None and x._shape[0] != n:
                raise C.fail("RaggedRange", f"Dimensions must be equal, but are "
                                            f"{x._shape[0]} and {n}")
            n = x._shape[0]


def _range_sizes(op: str, s: np.ndarray, lim: np.ndarray, d: np.ndarray) -> tuple:
    if np.any(d == 0):
        raise C.fail(op, "Requires delta != 0")
    with np.errstate(all="ignore"):
        if s.dtype.kind == "f":
            span = lim.astype(np.float64) - s.astype(np.float64)
            sizes = np.ceil(span / d.astype(np.float64))
            if not np.all(np.isfinite(sizes)) or np.any(sizes > np.iinfo(np.int64).max):
                raise C.fail(op, "Requires ((limit - start) / delta) <= "
                                 f"{np.iinfo(np.int64).max}")
        else:
            span = lim.astype(object) - s.astype(object)  # exact, even for int64 extremes
            dd = d.astype(object)
            sizes = np.array([-(-a // b) for a, b in zip(span, dd)], dtype=object)
    sizes = np.maximum(sizes, 0)
    total = int(np.sum(sizes, dtype=object)) if sizes.size else 0
    return sizes.astype(np.int64) if total <= np.iinfo(np.int64).max else sizes, total


def _range_kernel(xp: Any, starts: Any, limits: Any, deltas: Any, *,
                  Tsplits: dt.DType = dt.int64) -> tuple:
    op = "RaggedRange"
    n = next((a.size for a in (starts, limits, deltas) if a.ndim), 1)
    # (the kernel's check: in a graph, of shapes known only when it runs)
    if any(a.ndim and a.size != n for a in (starts, limits, deltas)):
        raise C.fail(op, "starts, limits, and deltas must have the same shape")
    s, lim, d = (np.broadcast_to(a, (n,)) for a in (starts, limits, deltas))
    sizes, total = _range_sizes(op, s, lim, d)
    check_finite_size(op, (total,), dt.as_dtype(starts.dtype))
    if Tsplits is dt.int32 and total > np.iinfo(np.int32).max:
        raise C.fail(op, f"Requires the total size of the ranges <= {np.iinfo(np.int32).max}")
    splits = np.zeros(n + 1, np.int64)
    np.cumsum(sizes, out=splits[1:])
    rows = np.repeat(np.arange(n), sizes)
    pos = np.arange(total, dtype=np.int64) - splits[rows]
    if s.dtype.kind == "f":
        # TF accumulates value += delta along each row: the same rounding as a running sum
        values = np.empty(total, s.dtype)
        for i in range(n):
            a, b = splits[i], splits[i + 1]
            if b > a:
                steps = np.full(b - a, d[i], s.dtype)
                steps[0] = s[i]
                values[a:b] = np.add.accumulate(steps, dtype=s.dtype)
    else:
        with np.errstate(over="ignore"):
            values = (s[rows] + pos.astype(s.dtype) * d[rows]).astype(s.dtype)
    return splits.astype(Tsplits.as_numpy_dtype), values


def _range_ref(starts: np.ndarray, limits: np.ndarray, deltas: np.ndarray,
               Tsplits: dt.DType = dt.int64) -> tuple:
    n = max(a.size if a.ndim else 1 for a in (starts, limits, deltas))
    rows, splits = [], [0]
    for i in range(n):
        s, lim, d = (a.reshape(-1)[i if a.ndim else 0] for a in (starts, limits, deltas))
        row, v = [], s
        while (d > 0 and v < lim) or (d < 0 and v > lim):
            row.append(v)
            v = (v + d).astype(starts.dtype)
        rows += row
        splits.append(len(rows))
    return (np.array(splits, Tsplits.as_numpy_dtype), np.array(rows, starts.dtype))


RAGGED_RANGE = register(OpDef(
    "RaggedRange", _range_infer, _range_kernel, reference=_range_ref, num_outputs=2,
    gpu=False, samples=lambda: [
        Sample((np.array([3, 5, 2], np.int32), np.array([7, 6, 2], np.int32),
                np.array([1, 1, 1], np.int32)), grad=False),
        Sample((np.array([0, 5], np.int64), np.array(11, np.int64), np.array([3, -2], np.int64)),
               {"Tsplits": dt.int32}, grad=False),
        Sample((np.array([0.0, 1.0], np.float32), np.array([2.5, 1.6], np.float32),
                np.array(0.5, np.float32)), grad=False),
    ],
    bad_samples=lambda: [
        BadSample((np.array([0, 5]), np.array([7, 1]), np.array(0)), {}, C.InvalidArgumentError,
                  "Requires delta != 0"),
        BadSample((np.array([0, 5]), np.array([7, 1, 3]), np.array(1)), {},
                  C.InvalidArgumentError, "must have the same shape"),
        BadSample((np.array([[0, 5]]), np.array([7, 1]), np.array(1)), {},
                  C.InvalidArgumentError, "starts must be a scalar or vector"),
    ],
))


# ---------------------------------------------------------------------------------------
# Positions of flat values in the dense tensor (shared by the two conversions below).
# ---------------------------------------------------------------------------------------

def dense_positions(op: str, splits_list: list, nvals: int) -> tuple:
    """(positions, bounding dims): positions[d][j] is flat value j's index along ragged
    dimension d (0 = the rows); bounding dims are [nrows, max row length per level]."""
    sizes = [nvals]
    for sp in reversed(splits_list[1:]):
        sizes.append(int(sp.size) - 1 if sp.ndim == 1 else -1)
    for sp, n in zip(splits_list, reversed(sizes)):
        check_splits(op, np.asarray(sp), n)
    cur = np.arange(nvals, dtype=np.int64)
    cols = []
    bounds = []
    for sp in reversed(splits_list):
        sp = sp.astype(np.int64, copy=False)
        rows = np.searchsorted(sp, cur, side="right") - 1
        cols.append(cur - sp[rows])
        bounds.append(int(np.max(np.diff(sp))) if sp.size > 1 else 0)
        cur = rows
    positions = [cur] + cols[::-1]
    return positions, [int(splits_list[0].size) - 1] + bounds[::-1]


# ---------------------------------------------------------------------------------------
# RaggedTensorToTensor: RaggedTensor.to_tensor (row splits partitions only).
# ---------------------------------------------------------------------------------------

_TO_TENSOR = "RaggedTensorToTensor"


def _to_tensor_infer(shape: Any, values: Any, default_value: Any, *partitions: Any,
                     row_partition_types: tuple) -> list:
    op = _TO_TENSOR
    k = len(partitions)
    if not isinstance(row_partition_types, (tuple, list)) or len(row_partition_types) != k \
            or any(t != "ROW_SPLITS" for t in row_partition_types):
        raise C.fail(op, "row_partition_types must be one 'ROW_SPLITS' per partition tensor, "
                         f"got {row_partition_types!r} for {k} tensors")
    if k == 0:
        raise C.fail(op, "Invalid row_partition_types: expected at least one partition")
    _index_dtype(op, shape, "shape")
    for p in partitions:
        _index_dtype(op, p, "row partition")
        if p._dtype is not partitions[0]._dtype:
            raise C.fail(op, "row partition tensors must all have the same dtype")
        C.check_rank(op, p, 1, "row_splits")
    if values._dtype is not default_value._dtype:
        raise C.fail(op, f"default_value and values must have the same dtype: "
                         f"{default_value._dtype.name} vs. {values._dtype.name}")
    if values._shape is not None and default_value._shape is not None:
        _check_default_shape(default_value._shape, values._shape)
    if values._shape is not None and len(values._shape) == 0:
        raise C.fail(op, "values must have rank at least 1")
    inner = None if values._shape is None else tuple(values._shape[1:])
    if inner is not None and default_value._shape is not None:
        C.broadcast(op, default_value._shape, inner)
    rank = None if inner is None else 1 + k + len(inner)
    dims = _requested_dims(op, shape)
    if dims is None:
        return [(None if rank is None else (None,) * rank, values._dtype)]
    if inner is not None:
        _check_requested_shape(dims, k, values._shape)
        dims = dims[:1 + k] + tuple(b if a is None else a for a, b in zip(dims[1 + k:], inner))
    if None not in dims:
        check_finite_size(op, dims, values._dtype)
    return [(dims, values._dtype)]


def _check_default_shape(default: tuple, values: tuple) -> None:
    """TF's shape function's check of default_value against the flat values: a lower rank,
    and each of its dims 1 or the flat values' dim one further in (TF lines the two up
    from the front, so [3] against values [n, 2] names dims [-1] of both)."""
    if len(default) >= len(values):
        raise C.fail(_TO_TENSOR, f"default_value.shape={C.shape_str(default)} and "
                                 f"rt_input.flat_values.shape={C.shape_str(values)} are "
                                 f"incompatible: default_value.rank = {len(default)}  must be "
                                 f"less than rt_input.flat_values.rank = {len(values)}")
    for i, d in enumerate(default):
        v = values[i + 1]
        if d is not None and v is not None and d != 1 and d != v:
            at = i - len(default)
            raise C.fail(_TO_TENSOR, f"default_value.shape={C.shape_str(default)} and "
                                     f"rt_input.flat_values.shape={C.shape_str(values)} are "
                                     f"incompatible: default_value.shape[{at}] = {d} but "
                                     f"rt_input.flat_values.shape[{at}] = {v}")


def _check_requested_shape(dims: tuple, ragged_rank: int, values: tuple) -> None:
    """TF's shape function's check of the requested shape against the ragged tensor's: its
    rank, then each inner (uniform) dim the flat values fix."""
    want = f"rt_input.shape and shape={C.shape_str(dims)} are incompatible: "
    if ragged_rank + len(values) != len(dims):
        raise C.fail(_TO_TENSOR, f"{want}rt_input.rank = {ragged_rank + len(values)} but "
                                 f"shape.rank = {len(dims)}")
    for i in range(1, len(values)):
        v, d = values[i], dims[len(dims) - len(values) + i]
        if v is not None and d is not None and v != d:
            raise C.fail(_TO_TENSOR, f"{want}rt_input.shape[{i + ragged_rank}] = {v} but "
                                     f"shape[{i + ragged_rank}] = {d}")


def _requested_dims(op: str, shape: Any) -> tuple | None:
    """The requested output dims (None where -1: computed from the data), when known (an
    eager tensor, or a graph's while it is built: a constant, a static shape's dims); None
    for an unknown shape (-1, or not known while a graph is built)."""
    value = C.known(shape)
    arr = getattr(shape, "_arr", None) if value is shape else np.asarray(value)
    if arr is None:
        return None
    arr = to_host(arr)  # (a few numbers, read once)
    if arr.ndim == 0:
        if int(arr) != -1:
            raise C.fail(op, f"shape must be a vector or -1, got {int(arr)}")
        return None
    if arr.ndim != 1:
        raise C.fail(op, f"shape must be a vector, got shape {C.shape_str(arr.shape)}")
    if np.any(arr < -1):
        raise C.fail(op, f"shape dimensions must be >= -1, got {arr.tolist()}")
    return tuple(None if int(d) == -1 else int(d) for d in arr)


def _to_tensor_kernel(xp: Any, shape: Any, values: Any, default_value: Any, *partitions: Any,
                      row_partition_types: tuple) -> Any:
    op = _TO_TENSOR
    k = len(partitions)
    parts = [np.asarray(p).astype(np.int64, copy=False).reshape(-1) for p in partitions]
    if parts[0].size == 0:
        raise C.fail(op, "Invalid first partition input. Tensor requires at least one "
                         "element.")
    # (TF's bounds: the rows of the first partition, each level's widest row, the values')
    bounds = [parts[0].size - 1] + [max(int(np.max(np.diff(p), initial=0)), 0)
                                    for p in parts]
    want = tuple(int(d) for d in np.reshape(shape, -1)) if np.ndim(shape) else (-1,) * (
        k + values.ndim)
    dims = tuple(b if w == -1 else w for w, b in zip(want, bounds + list(values.shape[1:])))
    check_finite_size(op, dims, dt.as_dtype(values.dtype))
    out = np.empty(dims, values.dtype)
    out[...] = default_value
    index = _output_index(op, parts, dims[:1 + k])
    if index is None or out.size == 0:
        return out
    n = min(index.size, values.shape[0])
    if np.any(index[n:] >= 0):  # (TF's kernel reads past the values there: undefined)
        check_splits(op, parts[-1], values.shape[0])
    keep = np.flatnonzero(index[:n] >= 0)
    inner = tuple(slice(0, d) for d in dims[1 + k:])
    blocks = out.reshape((-1,) + out.shape[1 + k:])
    blocks[index[keep]] = values[keep][(slice(None),) + inner]
    return out


def _output_index(op: str, parts: list, dims: tuple) -> Any:
    """TF's RaggedTensorToTensor walk: for each value, the position of its element block
    in the output (its dims `dims`), -1 where the output cuts it off; None for an empty
    output. TF trusts the splits: each level holds as many values as its rows' widths say
    (a row past the parent's rows, or a count other than the splits' last value, is its
    error; rows that decrease hold nothing)."""
    mult = [int(np.prod(dims[i + 1:], dtype=np.int64)) for i in range(len(dims))]
    if mult[0] * dims[0] <= 0:
        return None
    first = parts[0].size - 1
    index = np.where(np.arange(first) < dims[0], np.arange(first) * mult[0], -1)
    for level, sp in enumerate(parts):
        rows = max(sp.size - 1, 0)
        if rows > index.size:
            raise C.fail(op, f"Row partition size is greater than output size: {rows} > "
                             f"{index.size}")
        widths = np.maximum(np.diff(sp), 0)
        ends = np.cumsum(widths)
        # (TF walks the rows, one index per value, then compares the count with the splits'
        # last value. Widths whose sum passes int64 (it wraps negative) or passes the
        # memory an index can take kill TF's walk, and NumPy's repeat by them crashes:
        # their count is compared first, then sized)
        total = int(ends[-1]) if rows else 0
        if np.any(ends < 0) or (sp.size > 0 and total != sp[-1]):
            raise C.fail(op, "Invalid row split size.")
        check_finite_size(op, (total,), dt.int64)
        parent = index[:rows]
        real = np.where(parent == -1, 0, np.minimum(widths, dims[level + 1]))
        row_of = np.repeat(np.arange(rows), widths)
        at = np.arange(total) - np.repeat(ends - widths, widths)
        index = np.where(at < real[row_of], parent[row_of] + at * mult[level + 1], -1)
    return index


def _to_tensor_grad(n: Any, g: Any) -> list:
    shape, values, default = n.inputs[:3]
    parts = n.inputs[3:]
    k = len(parts)
    values_shape = shape_of(values)
    # which flat value each output position holds (-1: the default), by the op itself
    which = bind(RAGGED_TO_TENSOR, (shape_of(g, out_type=parts[0]._dtype)[:1 + k],
                                     range_(values_shape[0]), _const(-1, dt.int32)) +
                 tuple(parts), n.attrs)
    held = not_equal(which, _const(-1, which._dtype))
    # as TF's: the held positions' gradients, sparse (int32 indices into the values)
    g_values = IndexedSlices(boolean_mask(g, held), boolean_mask(which, held), values_shape)
    g_default = reduce_sum(boolean_mask(g, ~held), axis=0)
    return [None, g_values, sum_to(g_default, default)] + [None] * k


def _const(v: Any, d: dt.DType) -> Any:
    return convert_to_tensor(v, dtype=d)


def _to_tensor_ref(shape: np.ndarray, values: np.ndarray, default: np.ndarray, *parts: Any,
                   row_partition_types: tuple) -> np.ndarray:
    def nest(level: int, lo: int, hi: int) -> list:
        if level == len(parts):
            return [values[j] for j in range(lo, hi)]
        sp = parts[level]
        return [nest(level + 1, sp[i], sp[i + 1]) for i in range(lo, hi)]

    rows = nest(0, 0, len(parts[0]) - 1)
    k = len(parts)

    def depth_max(rs: list, level: int, out: list) -> None:
        out[level] = max(out[level], len(rs))
        if level < k:
            for r in rs:
                depth_max(r, level + 1, out)

    bounds = [0] * (k + 1)
    depth_max(rows, 0, bounds)
    want = [int(d) for d in np.reshape(shape, -1)] if np.ndim(shape) else [-1] * (
        k + values.ndim)
    dims = [b if w == -1 else w for w, b in zip(want, bounds + list(values.shape[1:]))]
    out = np.empty(dims, values.dtype)
    out[...] = default

    def fill(rs: list, prefix: tuple) -> None:
        for i, r in enumerate(rs):
            if i >= dims[len(prefix)]:
                break
            if len(prefix) == k:
                inner = tuple(slice(0, d) for d in dims[1 + k:])
                out[prefix + (i,) + inner] = np.asarray(r)[inner]
            else:
                fill(r, prefix + (i,))

    fill(rows, ())
    return out


_RS = ("ROW_SPLITS",)


def _to_tensor_load(node: Any) -> Any:
    """A TF node whose partitions are a row count then value row ids (what TF writes for a
    ragged tensor built from value_rowids) takes them as row splits: per level, the rows'
    lengths counted (a segment sum) and summed up."""
    types = list(node.attrs["row_partition_types"])
    shape, values, default, *parts = node.inputs
    if types[:1] == ["FIRST_DIM_SIZE"]:
        if any(t != "VALUE_ROWIDS" for t in types[1:]):
            raise node.fail(f"row partitions {types}: after FIRST_DIM_SIZE, VALUE_ROWIDS only")
        nrows, parts, splits = parts[0], parts[1:], []
        for rowids in parts:
            counts = unsorted_segment_sum(ones_like(rowids), rowids, nrows)
            splits.append(concat([zeros([1], rowids.dtype), cumsum(counts)], 0))
            nrows = shape_of(rowids, out_type=rowids.dtype)[0]
        parts, types = splits, ["ROW_SPLITS"] * len(splits)
    return bind(RAGGED_TO_TENSOR, (shape, values, default, *parts),
                {"row_partition_types": tuple(types)})


RAGGED_TO_TENSOR = register(OpDef(
    _TO_TENSOR, _to_tensor_infer, _to_tensor_kernel, grad=_to_tensor_grad,
    reference=_to_tensor_ref, tf=TFForm(load=_to_tensor_load),
    arity=lambda ins, attrs: {"num_row_partition_tensors": len(ins) - 3},
    gpu=False, samples=lambda: [
        Sample((np.array([-1, -1], np.int64), np.array([1.5, -2.0, 3.0, 0.25]), np.float64(9.0),
                np.array([0, 3, 3, 4], np.int64)), {"row_partition_types": _RS},
               grad_inputs=(1, 2)),
        Sample((np.array([2, 2], np.int64), np.array([1.5, -2.0, 3.0, 0.25]), np.float64(0.0),
                np.array([0, 3, 3, 4], np.int64)), {"row_partition_types": _RS},
               grad_inputs=(1, 2)),
        Sample((np.array([-1, -1, -1, 2], np.int32), np.arange(10.0).reshape(5, 2),
                np.array([-1.0, -2.0]), np.array([0, 2, 3], np.int32),
                np.array([0, 1, 4, 5], np.int32)),
               {"row_partition_types": _RS * 2}, grad_inputs=(1, 2)),
        Sample((np.array(-1, np.int64), np.array([b"a", b"bc", b"d"], dtype=object),
                np.array(b"", dtype=object), np.array([0, 1, 3], np.int64)),
               {"row_partition_types": _RS}, grad=False),
    ],
    bad_samples=lambda: [
        BadSample((np.array([-1, -1], np.int64), np.array([1.0, 2.0]), np.float64(0),
                   np.array([0, 3], np.int64)), {"row_partition_types": _RS},
                  C.InvalidArgumentError, "must match the number of values"),
        BadSample((np.array([-1, -1], np.int64), np.array([1.0, 2.0]), np.float64(0),
                   np.array([0, 2, 1, 2], np.int64)), {"row_partition_types": _RS},
                  C.InvalidArgumentError, "Invalid row split size"),
        BadSample((np.array([-1, -1], np.int64), np.array([1.0, 2.0]), np.float32(0),
                   np.array([0, 2], np.int64)), {"row_partition_types": _RS},
                  C.InvalidArgumentError, "same dtype"),
    ],
))


# ---------------------------------------------------------------------------------------
# RaggedTensorToSparse: RaggedTensor.to_sparse.
# ---------------------------------------------------------------------------------------

_TO_SPARSE = "RaggedTensorToSparse"


def _to_sparse_infer(*inputs: Any) -> list:
    op = _TO_SPARSE
    if len(inputs) < 2:
        raise C.fail(op, "Requires rt_nested_splits and rt_dense_values")
    *splits, values = inputs
    for sp in splits:
        _index_dtype(op, sp, "rt_nested_splits")
        if sp._dtype is not splits[0]._dtype:
            raise C.fail(op, "rt_nested_splits must all have the same dtype")
        C.check_rank(op, sp, 1, "rt_nested_splits")
    if values._shape is not None and len(values._shape) == 0:
        raise C.fail(op, "rt_dense_values must have rank at least 1")
    rank = None if values._shape is None else len(splits) + len(values._shape)
    return [((None, rank), dt.int64), ((None,), values._dtype), ((rank,), dt.int64)]


def _to_sparse_kernel(xp: Any, *inputs: Any) -> tuple:
    *splits, values = inputs
    pos, bounds = dense_positions(_TO_SPARSE, splits, values.shape[0])
    inner = values.shape[1:]
    m = int(np.prod(inner, dtype=np.int64))
    check_finite_size(_TO_SPARSE, (values.size, len(pos) + len(inner)), dt.int64)
    cols = [np.repeat(p, m) for p in pos]
    if inner:
        grid = np.indices(inner).reshape(len(inner), -1)
        cols += [np.tile(g, values.shape[0]) for g in grid]
    indices = np.stack(cols, axis=1) if cols else np.zeros((0, 0), np.int64)
    shape = np.array(bounds + list(inner), np.int64)
    return indices.astype(np.int64), values.reshape(-1), shape


def _to_sparse_grad(n: Any, g_indices: Any, g_values: Any, g_shape: Any) -> list:
    *splits, values = n.inputs
    return [None] * len(splits) + [reshape_like(g_values, values)]


def _to_sparse_ref(*inputs: Any) -> tuple:
    *splits, values = inputs
    idx, vals = [], []

    def walk(level: int, lo: int, hi: int, prefix: tuple) -> None:
        for c, i in enumerate(range(lo, hi)):
            if level == len(splits):  # i indexes the values
                for inner in np.ndindex(*values.shape[1:]):
                    idx.append(prefix + (c,) + inner)
                    vals.append(values[(i,) + inner])
            else:
                walk(level + 1, splits[level][i], splits[level][i + 1], prefix + (c,))

    walk(0, 0, len(splits[0]) - 1, ())
    rank = len(splits) + values.ndim
    bounds = [len(splits[0]) - 1] + [int(np.max(np.diff(sp))) if len(sp) > 1 else 0
                                     for sp in splits] + list(values.shape[1:])
    return (np.array(idx, np.int64).reshape(-1, rank), np.array(vals, values.dtype),
            np.array(bounds, np.int64))


RAGGED_TO_SPARSE = register(OpDef(
    _TO_SPARSE, _to_sparse_infer, _to_sparse_kernel, grad=_to_sparse_grad,
    reference=_to_sparse_ref, num_outputs=3,
    gpu=False, samples=lambda: [
        Sample((np.array([0, 2, 2, 3], np.int64), np.array([1.5, -2.0, 0.5])), grad_inputs=(1,)),
        Sample((np.array([0, 1, 3], np.int32), np.array([0, 2, 3, 3], np.int32),
                np.arange(6.0).reshape(3, 2)), grad_inputs=(2,)),
    ],
    bad_samples=lambda: [
        BadSample((np.array([0, 2, 5], np.int64), np.array([1.0, 2.0])), {},
                  C.InvalidArgumentError, "must match the number of values"),
        BadSample((np.array([1, 2], np.int64), np.array([1.0, 2.0])), {},
                  C.InvalidArgumentError, "must be 0"),
    ],
))


# ---------------------------------------------------------------------------------------
# RaggedGather: tf.gather of a RaggedTensor's rows.
# ---------------------------------------------------------------------------------------

_GATHER = "RaggedGather"


def _gather_infer(*inputs: Any, OUTPUT_RAGGED_RANK: int) -> list:
    op = _GATHER
    if len(inputs) < 3:
        raise C.fail(op, "Requires params_nested_splits, params_dense_values and indices")
    *splits, values, indices = inputs
    C.check_dtype(op, indices, C.INDEX, "Tindices")
    C.check_dtype(op, splits[0], C.INDEX, "Tsplits")
    for k, sp in enumerate(splits[1:], 1):
        if sp._dtype is not splits[0]._dtype:
            raise C.wrong_input_dtype(op, k, splits[0]._dtype, sp._dtype)
    if values._shape is not None and len(values._shape) == 0:
        raise C.fail(op, "params.rank must be nonzero")
    r = C.rank(indices)
    if r is not None and OUTPUT_RAGGED_RANK != len(splits) + r - 1:
        # (TF's kernel aborts the process on another)
        raise C.fail(op, f"OUTPUT_RAGGED_RANK must be PARAMS_RAGGED_RANK + rank(indices) - 1 "
                         f"= {len(splits) + r - 1}, got {OUTPUT_RAGGED_RANK}")
    inner = None if values._shape is None else tuple(values._shape[1:])
    return [((None,), splits[0]._dtype)] * OUTPUT_RAGGED_RANK + \
        [(None if inner is None else (None,) + inner, values._dtype)]


def _ranges(starts: np.ndarray, limits: np.ndarray) -> np.ndarray:
    """The concatenated ranges [start, limit) (each non-empty one in turn)."""
    lengths = limits - starts
    total = int(lengths.sum())
    ends = np.cumsum(lengths)
    return np.arange(total, dtype=np.int64) - np.repeat(ends - lengths - starts, lengths)


def _gather_kernel(xp: Any, *inputs: Any, OUTPUT_RAGGED_RANK: int) -> tuple:
    op = _GATHER
    *splits, values, indices = inputs
    splits = [np.asarray(s).reshape(-1).astype(np.int64) for s in splits]
    idx = np.asarray(indices)
    nparams = (np.shape(inputs[0])[0] if np.ndim(inputs[0]) else 0) - 1
    bad = (idx < 0) | (idx >= nparams)
    if bad.any():
        at = np.unravel_index(int(np.argmax(bad)), idx.shape)
        raise C.fail(op, f"indices[{','.join(str(int(i)) for i in at)}] = {int(idx[at])} is "
                         f"not in [0, {nparams})")
    out = [np.arange(int(np.prod(idx.shape[:d + 1])) + 1, dtype=np.int64) * idx.shape[d + 1]
           for d in range(idx.ndim - 1)]
    rows = idx.reshape(-1).astype(np.int64)
    for level, s in enumerate(splits):
        starts, limits = s[rows], s[rows + 1]
        wrong = (starts < 0) | (starts > limits)
        if wrong.any():
            i = int(np.argmax(wrong))
            raise C.fail(op, "Ragged splits must be non-negative" if starts[i] < 0 else
                             "Ragged splits must be sorted")
        if level or idx.ndim:  # (a scalar index's row is the result, not a row of it)
            out.append(np.concatenate([[0], np.cumsum(limits - starts)]))
        bound = splits[level + 1].size - 1 if level + 1 < len(splits) else values.shape[0]
        if (limits > bound).any():
            raise C.fail(op, "Ragged splits must not point past values")
        check_finite_size(op, (int((limits - starts).sum()),) + values.shape[1:],
                          dt.as_dtype(values.dtype))
        rows = _ranges(starts, limits)
    sd = np.asarray(inputs[0]).dtype
    return tuple(xp.asarray(o.astype(sd)) for o in out) + (values[xp.asarray(rows)],)


def _gather_grad(n: Any, *grads: Any) -> list:
    """TF's gradient: the output values' gradient, an IndexedSlices at the positions of the
    values they were gathered from (RaggedRanges of the gathered rows, level by level)."""
    *splits, values, indices = n.inputs
    d = splits[0].dtype
    rows = cast(reshape(indices, [-1]), d)
    for s in splits:
        starts, limits = gather(s, rows), gather(s[1:], rows)
        rows = bind(RAGGED_RANGE, (starts, limits, convert_to_tensor(1, d)), {"Tsplits": d})[1]
    return [None] * len(splits) + [IndexedSlices(grads[-1], rows, shape_of(values)), None]


def _gather_ref(*inputs: Any, OUTPUT_RAGGED_RANK: int) -> tuple:
    *splits, values, indices = inputs

    def row(level: int, i: int) -> list:
        """Row i of the level's splits, as nested lists of values."""
        lo, hi = int(splits[level][i]), int(splits[level][i + 1])
        if level + 1 == len(splits):
            return [values[j] for j in range(lo, hi)]
        return [row(level + 1, j) for j in range(lo, hi)]

    def group(items: list, shape: tuple) -> list:
        if len(shape) <= 1:
            return items
        sub = int(np.prod(shape[1:]))
        return [group(items[k * sub:(k + 1) * sub], shape[1:]) for k in range(shape[0])]

    picked = [row(0, int(i)) for i in np.asarray(indices).reshape(-1)]
    cur = group(picked, indices.shape) if indices.ndim else picked[0]
    levels = []
    for _ in range(OUTPUT_RAGGED_RANK):
        levels.append(np.cumsum([0] + [len(x) for x in cur]).astype(splits[0].dtype))
        cur = [y for x in cur for y in x]
    return tuple(levels) + (np.array(cur, values.dtype).reshape((len(cur),) +
                                                                values.shape[1:]),)


def _gather_arity(ins: tuple, attrs: dict) -> dict:
    return {"PARAMS_RAGGED_RANK": len(ins) - 2,
            "OUTPUT_RAGGED_RANK": attrs["OUTPUT_RAGGED_RANK"]}


_SPLITS = np.array([0, 2, 2, 5], np.int64)

RAGGED_GATHER = register(OpDef(
    _GATHER, _gather_infer, _gather_kernel, grad=_gather_grad, reference=_gather_ref,
    num_outputs=-1, arity=_gather_arity, gpu=False,
    samples=lambda: [
        Sample((_SPLITS, np.array([1.0, 2.0, 3.0, 4.0, 5.0]), np.array([2, 0, 1, 2], np.int32)),
               {"OUTPUT_RAGGED_RANK": 1}, grad_inputs=(1,)),
        Sample((_SPLITS, np.array([1.0, 2.0, 3.0, 4.0, 5.0]), np.array([[2, 0], [1, 2]])),
               {"OUTPUT_RAGGED_RANK": 2}, grad_inputs=(1,)),
        Sample((np.array([0, 1, 3], np.int32), np.array([0, 2, 2, 3], np.int32),
                np.arange(6.0).reshape(3, 2), np.array([1, 0, 1], np.int64)),
               {"OUTPUT_RAGGED_RANK": 2}, grad_inputs=(2,)),
        Sample((_SPLITS, np.array([b"a", b"b", b"c", b"d", b"e"], object), np.array(2)),
               {"OUTPUT_RAGGED_RANK": 0}, grad=False),
        Sample((_SPLITS, np.array([1, 2, 3, 4, 5], np.int32), np.zeros((2, 0, 3), np.int32)),
               {"OUTPUT_RAGGED_RANK": 3}, grad=False)],
    bad_samples=lambda: [
        BadSample((_SPLITS, np.array([1.0, 2.0, 3.0, 4.0, 5.0]), np.array([0, 7, -1])),
                  {"OUTPUT_RAGGED_RANK": 1}, C.InvalidArgumentError,
                  "indices[1] = 7 is not in [0, 3)"),
        BadSample((_SPLITS, np.array([1.0, 2.0, 3.0, 4.0, 5.0]), np.array([[0, 1], [5, 0]])),
                  {"OUTPUT_RAGGED_RANK": 2}, C.InvalidArgumentError,
                  "indices[1,0] = 5 is not in [0, 3)"),
        BadSample((np.array([0, 7, 5], np.int64), np.array([1.0, 2.0, 3.0, 4.0, 5.0]),
                   np.array([0, 1])), {"OUTPUT_RAGGED_RANK": 1}, C.InvalidArgumentError,
                  "Ragged splits must be sorted"),
        BadSample((np.array([0, 2, 7], np.int64), np.array([1.0, 2.0, 3.0, 4.0, 5.0]),
                   np.array([1])), {"OUTPUT_RAGGED_RANK": 1}, C.InvalidArgumentError,
                  "Ragged splits must not point past values"),
        BadSample((np.array([-1, 2, 5], np.int64), np.array([1.0, 2.0, 3.0, 4.0, 5.0]),
                   np.array([0])), {"OUTPUT_RAGGED_RANK": 1}, C.InvalidArgumentError,
                  "Ragged splits must be non-negative"),
        BadSample((_SPLITS, np.array(1.0), np.array([0])), {"OUTPUT_RAGGED_RANK": 1},
                  C.InvalidArgumentError, "params.rank must be nonzero"),
        BadSample((np.array([0, 1, 3], np.int32), _SPLITS, np.array([1.0, 2.0, 3.0, 4.0, 5.0]),
                   np.array([1])), {"OUTPUT_RAGGED_RANK": 2}, C.InvalidArgumentError,
                  "cannot compute RaggedGather as input #1(zero-based) was expected to be a "
                  "int32 tensor but is a int64 tensor")],
))
