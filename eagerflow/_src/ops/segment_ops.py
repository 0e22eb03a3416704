"""Segment reductions beyond sums: max, min, prod (primitives), mean and sqrt_n
(composites), sorted and unsorted, as tf.math's segment_* and unsorted_segment_* ops.

Sits in the ops layer beside indexing.py (which holds UnsortedSegmentSum). Negative
segment ids drop their rows, as in TF. Unsorted reductions fill empty segments with the
reduction's identity (the dtype's lowest value for max, highest for min, 1 for prod); the
sorted forms give 0 there instead, as TF's Segment* kernels do.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import scatter_fold
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import reshape
from eagerflow._src.ops.checks import check_size
from eagerflow._src.ops.composite_dispatch import dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import check_runtime_arg
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.indexing import (
    _check_indices,
    _flat_index_str,
    check_sorted_args,
    check_sorted_segments,
    eager_segments,
    gather,
    runtime_segments,
    segments_arg,
    traced_segment_count,
    unsorted_segment_sum,
)
from eagerflow._src.ops.math import (
    _t,
    cast,
    equal,
    maximum,
    ones_like,
    sqrt,
    truediv,
    truncatediv,
    where,
    zeros_like,
)
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_rng = SampleRNG(41)
_IDS_T = frozenset((dt.int32, dt.int64))


def _identity(kind: str, dtype: np.dtype) -> Any:
    if kind == "prod":
        return 1
    info = np.finfo(dtype) if dtype.kind == "f" else np.iinfo(dtype)
    return info.min if kind == "max" else info.max


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


def _kernel(op: str, kind: str) -> Callable:
    name = {"max": "maximum", "min": "minimum", "prod": "multiply"}[kind]

    def kernel(xp: Any, data: Any, ids: Any, *dyn: Any, num_segments: int | None) -> Any:
        if num_segments is None:  # known when the graph runs
            num_segments = runtime_segments(op, dyn[0], data.shape[ids.ndim:], data.dtype)
        bad = ids >= num_segments
        if bad.any():
            i = int(xp.flatnonzero(bad.reshape(-1))[0])
            raise InvalidArgumentError(
                None, None, f"segment_ids[{_flat_index_str(ids.shape, i)}] = "
                f"{int(ids.reshape(-1)[i])} is out of range [0, {num_segments}) [Op:{op}]")
        out = xp.full((num_segments,) + data.shape[ids.ndim:], _identity(kind, data.dtype),
                      dtype=data.dtype)
        keep = ids >= 0
        if kind != "prod" and data.dtype.kind == "f":
            return _extreme_after_nan(xp, out, ids[keep], data[keep], name)
        with np.errstate(all="ignore"):
            return scatter_fold(xp, name, out, ids[keep], data[keep])
    return kernel


def _extreme_after_nan(xp: Any, out: Any, ids: Any, rows: Any, name: str) -> Any:
    """max/min of each segment as TF's CPU kernel folds it, row by row: a NaN replaces the
    running value and is replaced by the next row (whatever it is), so what counts is the
    rows after a segment's last NaN (NaN if there are none); without NaN, the rows and
    the start value in `out` (the dtype's lowest or highest finite value)."""
    pos = xp.arange(len(ids)).reshape((-1,) + (1,) * (rows.ndim - 1))
    nan = xp.isnan(rows)
    last = scatter_fold(xp, "maximum", xp.full(out.shape, -1), ids, xp.where(nan, pos, -1))
    after = pos > last[ids]
    neutral = -np.inf if name == "maximum" else np.inf
    with np.errstate(all="ignore"):
        best = scatter_fold(xp, name, xp.full(out.shape, neutral, dtype=out.dtype), ids,
                            xp.where(after, rows, neutral))
        count = scatter_fold(xp, "add", xp.zeros(out.shape, dtype=np.int64), ids, after)
    had_nan = last >= 0
    return xp.where(had_nan, xp.where(count > 0, best, np.nan), getattr(xp, name)(best, out))


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
    keep = reshape(ids >= 0, list(ids._shape) + [1] * (len(like._shape) - len(ids._shape)))
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
                      InvalidArgumentError, "segment_ids[1] = 5 is out of range [0, 3)"),
            BadSample((np.ones((2, 2)), np.array([0, 1, 1], np.int32)),
                      {"num_segments": 3}, InvalidArgumentError,
                      "data.shape = [2,2] does not start with segment_ids.shape = [3]"),
            BadSample((np.ones(2), np.array([0.0, 1.0])), {"num_segments": 3},
                      InvalidArgumentError, "Tindices")]))


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

    def f(data: Any, segment_ids: Any, num_segments: Any, name: str | None = None) -> Any:
        data, ids = _t(data), _t(segment_ids)
        if isinstance(num_segments, Tensor) and not isinstance(num_segments, EagerTensor):
            n, dyn = segments_arg(num_segments)
            return bind(op, (data, ids) + dyn, {"num_segments": n}, name)
        if type(num_segments) is not int:
            num_segments = eager_segments(op.name, data, ids, num_segments, allowed, _IDS_T)
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
def unsorted_segment_mean(data: Any, segment_ids: Any, num_segments: Any,
                          name: str | None = None) -> Any:
    """Segment sums over row counts (at least 1, so empty segments give 0)."""
    data, ids = _t(data), _t(segment_ids)
    num = _count(data, ids, num_segments)
    counts = _segment_counts(data, ids, num)
    return truediv(unsorted_segment_sum(data, ids, num), maximum(counts, ones_like(counts)))


@dispatchable
def unsorted_segment_sqrt_n(data: Any, segment_ids: Any, num_segments: Any,
                            name: str | None = None) -> Any:
    """Segment sums over the square roots of the row counts."""
    data, ids = _t(data), _t(segment_ids)
    num = _count(data, ids, num_segments)
    counts = _segment_counts(data, ids, num)
    return unsorted_segment_sum(data, ids, num) / sqrt(maximum(counts, ones_like(counts)))


# ---------------------------------------------------------------------------------------
# Sorted segment reductions: ids non-negative and non-decreasing (checked when known, else
# when the graph runs).
# ---------------------------------------------------------------------------------------

def _sorted_ids(op: str, data: Any, ids: Any) -> Any:
    if type(ids) is not EagerTensor:
        return traced_segment_count(op, data, ids)
    return check_sorted_segments(op, ids._numpy())


def _sorted(op: str, unsorted: Callable, empty_is_zero: bool, allowed: frozenset) -> Callable:
    def f(data: Any, segment_ids: Any, name: str | None = None) -> Any:
        data, ids = _t(data), _t(segment_ids)
        check_sorted_args(op, data, ids, allowed)
        num = _sorted_ids(op, data, ids)
        out = unsorted(data, ids, num)
        if not empty_is_zero:
            return out
        counts = _segment_counts(data, ids, num)
        return where(counts > 0, out, zeros_like(out))
    f.__name__ = _snake(op)
    return eager_api("data", "segment_ids")(f)


segment_max = _sorted("SegmentMax", unsorted_segment_max, True, C.REALS)
segment_min = _sorted("SegmentMin", unsorted_segment_min, True, C.REALS)
segment_prod = _sorted("SegmentProd", unsorted_segment_prod, False, C.NUMERIC)


def _unsorted_mean_keeping_dtype(data: Any, ids: Any, num: int) -> Any:
    """TF's SegmentMean keeps integer dtypes (the division truncates)."""
    if not data._dtype.is_integer:
        return unsorted_segment_mean(data, ids, num)
    counts = _segment_counts(data, ids, num)
    return truncatediv(unsorted_segment_sum(data, ids, num), maximum(counts, ones_like(counts)))


segment_mean = _sorted("SegmentMean", _unsorted_mean_keeping_dtype, False, C.NUMERIC)
