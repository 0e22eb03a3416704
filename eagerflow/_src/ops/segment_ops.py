"""Segment reductions: the sorted ones, TF's Segment{Sum,Mean,Max,Min,Prod} (primitives), and
the unsorted ones beyond sums: max, min, prod (primitives), mean and sqrt_n (composites), as
tf.math's segment_* and unsorted_segment_* ops.

Sits in the ops layer beside indexing.py (which holds UnsortedSegmentSum). Negative
segment ids drop their rows, as in TF. Unsorted reductions fill empty segments with the
reduction's identity (the dtype's lowest value for max, highest for min, 1 for prod); the
sorted forms give 0 there instead (1 for prod), as TF's Segment* kernels do.
"""

from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import add_at, scatter_fold, to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor, Tensor, check_finite_size, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import halfprec, wrapper_inputs
from eagerflow._src.ops.array import (
    concat,
    expand_dims,
    ones,
    ones_like_filled,
    rank,
    reshape,
    shape,
)
from eagerflow._src.ops.checks import check_size
from eagerflow._src.ops.composite_dispatch import binds_first, dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import check_runtime_arg
from eagerflow._src.ops.eager_errors import eager_api, slow_inputs
from eagerflow._src.ops.eigen_reduce import segment_fold, unrolls
from eagerflow._src.ops.indexing import (
    _check_indices,
    check_sorted_segments,
    eager_segments,
    gather,
    kept_segments,
    runtime_segments,
    segments_arg,
    unsorted_segment_sum,
)
from eagerflow._src.ops.math import (
    _truncdiv_kernel,
    equal,
    greater,
    maximum,
    sqrt,
    truediv,
)
from eagerflow._src.ops.math_base import (
    _t,
    cast,
    ones_like,
    where,
    zeros_like,
)
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_rng = SampleRNG(41)
_IDS_T = frozenset((dt.int32, dt.int64))


def _identity(kind: str, dtype: np.dtype, infinite: bool = False) -> Any:
    """What a segment's fold starts from: the dtype's lowest (max) or highest (min) value,
    finite in TF's unsorted kernels, an infinity for floats in its sorted ones
    (`infinite`); 1 for prod."""
    if kind == "prod":
        return 1
    if infinite and dtype.kind in "fV":  # (V: bfloat16)
        return -np.inf if kind == "max" else np.inf
    d = dt.as_dtype(dtype)  # (bfloat16's limits are ml_dtypes')
    return d.min if kind == "max" else d.max


def _infer(op: str, allowed: frozenset) -> Callable:
    def infer(data: Any, ids: Any, *dyn: Any, num_segments: int | None) -> list:
        _check_indices(op, ids, "Tindices", _IDS_T)
        C.check_dtype(op, data, allowed)
        check_runtime_arg(op, dyn, "num_segments", rank=0)
        if num_segments is None and not dyn:
            raise C.fail(op, "num_segments must be given")
        if num_segments is not None and num_segments < 0:
            raise C.fail(op, f"Input num_segments == {num_segments} must not be negative.")
        if num_segments is not None and data._shape is not None and \
                None not in data._shape and ids._shape is not None:
            check_size(op, (num_segments,) + tuple(data._shape[len(ids._shape):]),
                       data._dtype)
        ds, is_ = data._shape, ids._shape
        if ds is None or is_ is None:
            return [(None, data._dtype)]
        # (a dimension unknown until the graph runs is checked then, by the kernel)
        if len(ds) < len(is_) or any(a is not None and b is not None and a != b
                                     for a, b in zip(ds, is_)):
            raise C.fail(op, f"data.shape = {C.shape_str(ds)} does not start with "
                             f"segment_ids.shape = {C.shape_str(is_)}")
        return [((num_segments,) + tuple(ds[len(is_):]), data._dtype)]
    return infer


def _kernel(op: str, kind: str, infinite: bool = False) -> Callable:
    name = {"max": "maximum", "min": "minimum", "prod": "multiply"}[kind]

    def kernel(xp: Any, data: Any, ids: Any, *dyn: Any, num_segments: int | None) -> Any:
        # (shapes unknown while tracing are TF's kernel's first check)
        if tuple(data.shape[:ids.ndim]) != tuple(ids.shape):
            raise C.fail(op, f"data.shape = {C.shape_str(data.shape)} does not start with "
                             f"segment_ids.shape = {C.shape_str(ids.shape)}")
        if num_segments is None:  # known when the graph runs
            num_segments = runtime_segments(op, dyn[0], data.shape[ids.ndim:], data.dtype)
        kept = kept_segments(xp, op, data, ids, num_segments)
        out = xp.full((num_segments,) + data.shape[ids.ndim:],
                      _identity(kind, data.dtype, infinite),
                      dtype=data.dtype)
        if kind != "prod" and data.dtype.kind in "fV":  # (V: bfloat16)
            return _extreme_after_nan(xp, out, *kept, name)
        with np.errstate(all="ignore"):
            return scatter_fold(xp, name, out, *kept)
    return kernel


def _extreme_after_nan(xp: Any, out: Any, ids: Any, rows: Any, name: str) -> Any:
    """max/min of each segment as TF's CPU kernel folds it, row by row: a NaN replaces the
    running value and is replaced by the next row (whatever it is), so what counts is the
    rows after a segment's last NaN (NaN if there are none); without NaN, the rows and
    the start value in `out` (_identity's). A later row replaces an equal one, so a zero
    extreme has the sign of the segment's last zero."""
    if not len(ids):
        return out
    pos = xp.arange(len(ids)).reshape((-1,) + (1,) * (rows.ndim - 1))
    nan = xp.isnan(rows)
    last = scatter_fold(xp, "maximum", xp.full(out.shape, -1), ids, xp.where(nan, pos, -1))
    after = pos > last[ids]
    neutral = -np.inf if name == "maximum" else np.inf
    with np.errstate(all="ignore"):
        best = scatter_fold(xp, name, xp.full(out.shape, neutral, dtype=out.dtype), ids,
                            xp.where(after, rows, neutral))
        count = scatter_fold(xp, "add", xp.zeros(out.shape, dtype=np.int64), ids, after)
        zero = scatter_fold(xp, "maximum", xp.full(out.shape, -1), ids,
                            xp.where(after & (rows == 0), pos, -1))
        best = xp.where((best == 0) & (zero >= 0),
                        xp.take_along_axis(rows, xp.maximum(zero, 0), axis=0), best)
    had_nan = last >= 0
    return xp.where(had_nan, xp.where(count > 0, best, np.nan),
                    getattr(xp, name)(best, out)).astype(out.dtype, copy=False)


def _reference(kind: str) -> Callable:
    def ref(data: np.ndarray, ids: np.ndarray, num_segments: int) -> np.ndarray:
        out = np.full((num_segments,) + data.shape[ids.ndim:], _identity(kind, data.dtype),
                      dtype=data.dtype)
        for pos in np.ndindex(*ids.shape):
            s = int(ids[pos])
            if s < 0:
                continue
            for rest in np.ndindex(*data.shape[ids.ndim:]):
                a, b = out[(s,) + rest], data[pos + rest]
                out[(s,) + rest] = (a if a >= b else b) if kind == "max" else \
                    (a if a <= b else b) if kind == "min" else a * b
        return out
    return ref


def _gather_kept(values: Any, ids: Any, like: Any) -> Any:
    """values[ids] for rows with ids >= 0, zeros for the dropped rows."""
    safe = maximum(ids, zeros_like(ids))
    picked = gather(values, safe)
    keep = ids >= 0
    if ids._shape is not None and like._shape is not None:
        # (expand_dims, not a reshape to ids' shape, whose dims may be unknown when traced)
        for _ in range(len(like._shape) - len(ids._shape)):
            keep = expand_dims(keep, -1)
    else:
        extra = ones(expand_dims(rank(like) - rank(ids), 0), dt.int32)
        keep = reshape(keep, concat([shape(ids), extra], 0))
    return where(keep, picked, zeros_like(picked))


def _extreme_grad(n: Any, g: Any) -> list:
    """The gradient goes to the rows that attain the extreme, split evenly among ties."""
    data, ids = n.inputs
    num = n.attrs["num_segments"]
    # rows with dropped ids may compare equal here; unsorted_segment_sum ignores them and
    # their gathered share is 0
    chosen = cast(equal(data, _gather_kept(n.outputs[0], ids, data)), data._dtype)
    count = unsorted_segment_sum(chosen, ids, num)
    share = g / maximum(count, ones_like(count))
    return [chosen * _gather_kept(share, ids, data), None]


def _prod_grad(n: Any, g: Any) -> list:
    """d prod / d x_i = the product of the others: the product of the nonzero entries where
    x_i is the only zero, 0 in a segment with several zeros (its gradient is dropped first,
    so an inf or NaN there still gives NaN, as in TF), prod / x_i elsewhere."""
    data, ids = n.inputs
    num = n.attrs["num_segments"]
    is_zero = equal(data, zeros_like(data))
    zeros = unsorted_segment_sum(cast(is_zero, dt.int32), ids, num)
    g = where(zeros > 1, zeros_like(g), g)
    nonzero_prod = unsorted_segment_prod(where(is_zero, ones_like(data), data), ids, num)
    # the products are gathered at max(id, 0) for dropped rows too: their gradient is 0, or
    # NaN where those products meet inf or NaN (as TF's)
    safe = maximum(ids, zeros_like(ids))
    others = where(is_zero, gather(nonzero_prod, safe), gather(n.outputs[0], safe) / data)
    return [_gather_kept(g, ids, data) * others, None]


def _allowed(op: str) -> frozenset:
    """The data types T of UnsortedSegment{Max,Min,Prod}: Prod's takes complex too."""
    return C.NUMERIC if op.endswith("Prod") else C.REALS


def _register(op: str, kind: str, grad: Callable) -> OpDef:
    allowed = _allowed(op)
    data = _rng.uniform(-2.0, 2.0, size=(6, 2))
    ids = np.array([0, 1, 0, -1, 3, 2], np.int32)  # no empty segment: its identity is huge
    return register(OpDef(
        op, _infer(op, allowed), _kernel(op, kind), grad=grad, reference=_reference(kind),
        samples=lambda: [
            Sample((data, ids), {"num_segments": 4}, grad_inputs=(0,)),
            Sample((_rng.uniform(0.5, 2.0, size=(2, 3)),
                    np.array([[1, 0, 1], [0, 1, 1]], np.int64)), {"num_segments": 2},
                   grad_inputs=(0,)),
            Sample((np.arange(6, dtype=np.int32), np.array([1, 1, 0, 0, 2, 1], np.int32)),
                   {"num_segments": 3}, grad=False)],
        bad_samples=lambda: [
            BadSample((np.ones(2), np.array([0, 5], np.int32)), {"num_segments": 3},
                      InvalidArgumentError, "segment_ids[1] = 5 is out of range [0, 3)",
                      cpu_only=True),
            BadSample((np.ones((2, 2)), np.array([0, 1, 1], np.int32)),
                      {"num_segments": 3}, InvalidArgumentError,
                      "data.shape = [2,2] does not start with segment_ids.shape = [3]"),
            BadSample((np.ones(2), np.array([0.0, 1.0])), {"num_segments": 3},
                      InvalidArgumentError, "Tindices")],
        host_inputs=(2,)))  # (a count given when it runs: TF's HostMemory("num_segments"))


UNSORTED_SEGMENT_MAX = _register("UnsortedSegmentMax", "max", _extreme_grad)
UNSORTED_SEGMENT_MIN = _register("UnsortedSegmentMin", "min", _extreme_grad)
UNSORTED_SEGMENT_PROD = _register("UnsortedSegmentProd", "prod", _prod_grad)


def _count(data: Any, ids: Any, num_segments: Any) -> Any:
    """The num_segments of unsorted_segment_mean and sqrt_n, whose counts TF sums by an
    UnsortedSegmentSum of num_segments as a tensor (a float one refused by its
    Tnumsegments): a Python int, or the graph tensor giving it when the graph runs."""
    if data._dtype is dt.string:  # (TF's ones of data's dtype, to count the rows)
        raise TypeError("Cannot convert 1 to EagerTensor of dtype string")
    if type(num_segments) is int or \
            (isinstance(num_segments, Tensor) and not isinstance(num_segments, EagerTensor)):
        return num_segments
    n = num_segments if isinstance(num_segments, Tensor) else convert_to_tensor(num_segments)
    return eager_segments("UnsortedSegmentSum", data, ids, n, C.NUMERIC)


def _snake(op: str) -> str:
    """"UnsortedSegmentMax" -> "unsorted_segment_max"."""
    return "".join("_" + c.lower() if c.isupper() else c for c in op).lstrip("_")


def _unsorted(op: OpDef) -> Callable:
    allowed = _allowed(op.name)

    @slow_inputs("data", "segment_ids", "num_segments")
    def f(data: Any, segment_ids: Any, num_segments: Any, name: str | None = None) -> Any:
        slow = wrapper_inputs.passed_raw(data, segment_ids, num_segments)
        data, ids = _t(data), _t(segment_ids)
        if isinstance(num_segments, Tensor) and not isinstance(num_segments, EagerTensor):
            n, dyn = segments_arg(num_segments)
            return bind(op, (data, ids) + dyn, {"num_segments": n}, name)
        if type(num_segments) is not int:
            num_segments = eager_segments(op.name, data, ids, num_segments, allowed, _IDS_T,
                                          slow)
        return bind(op, (data, ids), {"num_segments": num_segments}, name)
    f.__name__ = _snake(op.name)  # the Python name TF's function has
    return f


unsorted_segment_max = dispatchable(_unsorted(UNSORTED_SEGMENT_MAX))
unsorted_segment_min = dispatchable(_unsorted(UNSORTED_SEGMENT_MIN))
unsorted_segment_prod = dispatchable(_unsorted(UNSORTED_SEGMENT_PROD))


def _segment_counts(data: Any, ids: Any, num_segments: int) -> Any:
    """Rows per segment, shaped to broadcast against the segment results."""
    rows = ones_like(ids)
    counts = unsorted_segment_sum(cast(rows, data._dtype), ids, num_segments)
    return reshape(counts, [-1] + [1] * (len(data._shape) - len(ids._shape)))


@dispatchable
@binds_first
def unsorted_segment_mean(data: Any, segment_ids: Any, num_segments: Any,
                          name: str | None = None) -> Any:
    """Segment sums over row counts (at least 1, so empty segments give 0)."""
    data, ids = _t(data), _t(segment_ids)
    num = _count(data, ids, num_segments)
    counts = _segment_counts(data, ids, num)
    return truediv(unsorted_segment_sum(data, ids, num), maximum(counts, ones_like(counts)))


@dispatchable
@binds_first
def unsorted_segment_sqrt_n(data: Any, segment_ids: Any, num_segments: Any,
                            name: str | None = None) -> Any:
    """Segment sums over the square roots of the row counts."""
    data, ids = _t(data), _t(segment_ids)
    num = _count(data, ids, num_segments)
    counts = _segment_counts(data, ids, num)
    return unsorted_segment_sum(data, ids, num) / sqrt(maximum(counts, ones_like(counts)))


# ---------------------------------------------------------------------------------------
# Sorted segment reductions, TF's Segment{Sum,Mean,Max,Min,Prod}: ids non-negative and
# non-decreasing, one output row per id up to the last (TF 2.21 has CPU kernels for none of
# the V2 forms with a num_segments input: they are not registered). The output's first dim
# comes from the ids' values, so it is unknown in a graph, as TF's shape function says.
# ---------------------------------------------------------------------------------------

def _sorted_shapes(op: str, ds: tuple | None, is_: tuple | None, graph: bool) -> None:
    """The shapes TF's Segment* ops refuse: eagerly in its kernel's words (data's rank, the
    ids' rank, then their lengths); in a graph in its shape function's (a ValueError), which
    leaves the lengths to the kernel."""
    if ds is not None and not ds:
        raise C.fail(op, "Shape must be at least rank 1 but is rank 0" if graph else
                     "input must be at least rank 1")
    if is_ is not None and len(is_) != 1:
        raise C.fail(op, f"Shape must be rank 1 but is rank {len(is_)}" if graph else
                     "segment_ids should be a vector.")
    if not graph and ds is not None and is_ is not None and \
            None not in (ds[0], is_[0]) and ds[0] != is_[0]:
        raise C.fail(op, "segment_ids should be the same size as dimension 0 of input.")


def _sorted_infer(op: str, allowed: frozenset) -> Callable:
    def infer(data: Any, ids: Any) -> list:
        C.check_dtype(op, data, allowed)
        _check_indices(op, ids, allowed=_IDS_T)
        _sorted_shapes(op, data._shape, ids._shape, _state.graph is not None)
        rest = None if data._shape is None else (None,) + tuple(data._shape[1:])
        return [(rest, data._dtype)]
    return infer


def _mean_of_sums(xp: Any, sums: Any, counts: Any) -> Any:
    """TF's mean of each segment: its sum over its row count converted to T first (so it
    wraps in a narrow integer type and rounds in float16, as TF's), integers truncated."""
    shape = (-1,) + (1,) * (sums.ndim - 1)
    n = xp.maximum(counts, 1).astype(sums.dtype).reshape(shape)
    if sums.dtype.kind in "iu":
        # (TF's kernel dies of SIGFPE where the count wraps to 0; this refuses it instead)
        C.int_divisor("SegmentMean", sums, n)
        return _truncdiv_kernel(xp, sums, n)
    if halfprec.is_half(xp, sums):
        return halfprec.binary(np.true_divide)(sums, xp.broadcast_to(n, sums.shape))
    if sums.dtype.kind == "c":  # Smith's quotient, as TF's, by a count c + 0i
        a, b, c = sums.real, sums.imag, n.real
        out = xp.empty_like(sums)
        with np.errstate(invalid="ignore"):  # (an infinite part makes the other NaN)
            out.real, out.imag = (a + b * 0) / c, (b - a * 0) / c
        return out
    return xp.true_divide(sums, n).astype(sums.dtype, copy=False)


# TF's CPU Segment{Sum,Prod} reduce a segment by Eigen, in four accumulators on long
# segments (eigen_reduce.segment_fold): its order counts for floats, and complex sums
# (recorded from TF 2.21; a complex product left in turn: unchecked). (Its GPU kernels add
# otherwise; a device keeps the rows' order.)
_EIGEN_ORDER = {"sum": np.add, "prod": np.multiply}
_FLOATS = frozenset(map(np.dtype, (np.float32, np.float64)))
_EIGEN_TYPES = {"sum": _FLOATS | frozenset(map(np.dtype, (np.complex64, np.complex128))),
                "prod": _FLOATS}


def _in_eigen_order(kind: str, dtype: np.dtype) -> bool:
    return kind in _EIGEN_TYPES and (dtype in _EIGEN_TYPES[kind] or dtype in halfprec.HALF)


def _sorted_kernel(op: str, kind: str) -> Callable:
    extreme = None if kind in ("sum", "mean") else _kernel(op, kind, infinite=True)

    def kernel(xp: Any, data: Any, ids: Any) -> Any:
        _sorted_shapes(op, data.shape, ids.shape, False)
        rows = check_sorted_segments(op, to_host(ids))
        check_finite_size(op, (rows,) + data.shape[1:], dt.as_dtype(data.dtype))
        if not rows:
            return xp.zeros((0,) + data.shape[1:], dtype=data.dtype)
        counts = xp.bincount(ids, minlength=rows)
        if xp is np and _in_eigen_order(kind, data.dtype) and \
                unrolls(math.prod(data.shape[1:]), data.dtype, counts):
            flat = np.ascontiguousarray(data).reshape(data.shape[0], -1)
            with np.errstate(all="ignore"):
                out = segment_fold(flat, counts, _EIGEN_ORDER[kind])
            out = out.reshape((rows,) + data.shape[1:])
        elif extreme is not None:  # the rows folded in order (max/min: after the last NaN)
            out = extreme(xp, data, ids, num_segments=rows)
        else:
            out = xp.zeros((rows,) + data.shape[1:], dtype=data.dtype)
            add_at(xp, out, ids, data)  # (in the rows' order, rounded at each add, as TF's)
            if kind == "mean":
                out = _mean_of_sums(xp, out, counts)
        # TF's kernel copies a segment of one row (a -0.0 sum, a complex mean of an inf
        # stay as they are), and leaves 0 in an empty one (prod: its identity, 1)
        counts = counts.reshape((-1,) + (1,) * (data.ndim - 1))
        out = xp.where(counts == 1, data[xp.searchsorted(ids, xp.arange(rows))], out)
        return out if kind == "prod" else xp.where(counts > 0, out, xp.zeros((), data.dtype))
    return kernel


def _sorted_reference(kind: str) -> Callable:
    def ref(data: np.ndarray, ids: np.ndarray) -> np.ndarray:
        rows = int(ids[-1]) + 1 if ids.size else 0
        out = np.zeros((rows,) + data.shape[1:], dtype=data.dtype)
        for s in range(rows):
            seg = data[ids == s]
            if not len(seg):
                out[s] = 1 if kind == "prod" else 0
                continue
            acc = seg[0].copy()
            for row in seg[1:]:
                acc = {"sum": acc + row, "mean": acc + row, "prod": acc * row,
                       "max": np.where(acc >= row, acc, row),
                       "min": np.where(acc <= row, acc, row)}[kind].astype(data.dtype)
            if kind == "mean":
                n = np.asarray(len(seg)).astype(data.dtype)
                acc = (np.trunc(acc / n) if data.dtype.kind in "iu" else acc / n)
            out[s] = acc
        return out
    return ref


# (TF's gradients, node for node: the tape graph tests compare them with TF's graphs)

def _sum_grad(n: Any, g: Any) -> list:
    return [gather(g, n.inputs[1]), None]


def _mean_grad(n: Any, g: Any) -> list:
    """The gradient over each segment's row count, counted as a SegmentSum of ones shaped
    [rows, 1, ...] to divide g's rows."""
    data, ids = n.inputs
    r = rank(data)
    ones_shape = concat([shape(ids), ones(expand_dims(r - 1, 0), dt.int32)], 0)
    scaled = truediv(g, segment_sum(ones(ones_shape, g._dtype), ids))
    return [gather(scaled, ids), None]


def _sorted_extreme_grad(n: Any, g: Any) -> list:
    """The gradient goes to the rows equal to their segment's max (min), split among ties;
    a NaN extreme picks no row."""
    data, ids = n.inputs
    zeros = zeros_like(data)
    chosen = equal(data, gather(n.outputs[0], ids))
    share = truediv(g, segment_sum(cast(chosen, g._dtype), ids))
    return [where(chosen, gather(share, ids), zeros), None]


def _sorted_prod_grad(n: Any, g: Any) -> list:
    """As UnsortedSegmentProd's (_prod_grad) without dropped rows."""
    data, ids = n.inputs
    is_zero = equal(data, 0)
    zeros = segment_sum(cast(is_zero, dt.int32), ids)
    g = where(greater(zeros, 1), zeros_like(g), g)
    nonzero = where(is_zero, ones_like_filled(data), data)
    nonzero_prod = segment_prod(nonzero, ids)
    prod = gather(n.outputs[0], ids)
    others = where(is_zero, gather(nonzero_prod, ids), prod / nonzero)
    return [gather(g, ids) * others, None]


def _register_sorted(op: str, kind: str, allowed: frozenset, grad: Callable) -> OpDef:
    data = _rng.uniform(0.5, 2.0, size=(6, 2))  # (no zero or tie: smooth everywhere)
    return register(OpDef(
        op, _sorted_infer(op, allowed), _sorted_kernel(op, kind), grad=grad,
        reference=_sorted_reference(kind),
        samples=lambda: [
            Sample((data, np.array([0, 0, 1, 3, 3, 3], np.int32)), grad_inputs=(0,)),
            Sample((data[:4, 0], np.array([2, 2, 2, 4], np.int64)), grad_inputs=(0,)),
            Sample((np.arange(-3, 9, dtype=np.int32).reshape(4, 3),
                    np.array([1, 1, 1, 2], np.int64)), grad=False),
            Sample((np.zeros((0, 3)), np.zeros(0, np.int32)), grad=False)],
        bad_samples=lambda: [
            BadSample((np.ones(3), np.array([0, 2, 1], np.int32)), {}, InvalidArgumentError,
                      "segment ids are not increasing"),
            BadSample((np.ones(3), np.array([0, 1, -1], np.int32)), {}, InvalidArgumentError,
                      "segment ids must be >= 0"),
            BadSample((np.ones(3), np.array([-1, 0, 1], np.int32)), {}, InvalidArgumentError,
                      "Segment id -1 out of range [0, 2), possibly because 'segment_ids' "
                      "input is not sorted."),
            BadSample((np.ones(2), np.array([[0, 0]], np.int32)), {}, InvalidArgumentError,
                      "segment_ids should be a vector."),
            BadSample((np.float64(1.0), np.array(0, np.int32)), {}, InvalidArgumentError,
                      "input must be at least rank 1"),
            BadSample((np.ones(3), np.array([0, 0], np.int32)), {}, InvalidArgumentError,
                      "segment_ids should be the same size as dimension 0 of input."),
            BadSample((np.ones(2), np.array([0.0, 1.0])), {}, InvalidArgumentError,
                      "Value for attr 'Tindices' of double"),
            BadSample((np.array([True]), np.array([0], np.int32)), {}, InvalidArgumentError,
                      "Value for attr 'T' of bool")]))


SEGMENT_SUM = _register_sorted("SegmentSum", "sum", C.NUMERIC, _sum_grad)
SEGMENT_MEAN = _register_sorted("SegmentMean", "mean", C.NUMERIC, _mean_grad)
SEGMENT_MAX = _register_sorted("SegmentMax", "max", C.REALS, _sorted_extreme_grad)
SEGMENT_MIN = _register_sorted("SegmentMin", "min", C.REALS, _sorted_extreme_grad)
SEGMENT_PROD = _register_sorted("SegmentProd", "prod", C.NUMERIC, _sorted_prod_grad)


def _sorted(op: OpDef) -> Callable:
    def f(data: Any, segment_ids: Any, name: str | None = None) -> Any:
        return bind(op, (_t(data), _t(segment_ids)), {}, name)
    f.__name__ = _snake(op.name)
    return eager_api("data", "segment_ids")(f)


segment_sum = _sorted(SEGMENT_SUM)
segment_mean = _sorted(SEGMENT_MEAN)
segment_max = _sorted(SEGMENT_MAX)
segment_min = _sorted(SEGMENT_MIN)
segment_prod = _sorted(SEGMENT_PROD)
