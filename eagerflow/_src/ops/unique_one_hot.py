"""unique and one_hot: a tensor's distinct values with each element's index among them
(and their counts), and indices spread into one-hot rows (gather and the segment sums are
in indexing.py).
"""

from __future__ import annotations

import collections
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor, Tensor, check_finite_size, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.composite_dispatch import binds_first, dispatch_binding, dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import check_runtime_arg, runtime_ints, scalar_arg
from eagerflow._src.ops.eager_errors import eager_api, raised_eagerly, slow_inputs
from eagerflow._src.ops.indexing import _check_indices
from eagerflow._src.ops.math_base import _t
from eagerflow._src.ops.packed_strings import unique_strings
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.wrapper_inputs import fast_int32, passed_raw

UniqueOutput = collections.namedtuple("Unique", ["y", "idx"])
UniqueWithCountsOutput = collections.namedtuple("UniqueWithCounts", ["y", "idx", "count"])


# The T of Unique's and UniqueWithCounts' CPU kernels (each with int64, then int32 out_idx;
# Unique's registered for the DEFAULT device too): no complex types
_UNIQUE_CPU_T = ("BOOL", "STRING", "DOUBLE", "FLOAT", "BFLOAT16", "HALF", "INT32", "INT8",
                 "UINT8", "INT16", "UINT16", "UINT32", "INT64", "UINT64")


def _unique_infer(x: Any, out_idx: dt.DType, counts: bool) -> list:
    op = "UniqueWithCounts" if counts else "Unique"
    C.dtype_attr(op, out_idx, "out_idx", C.INDEX)
    if x._dtype in C.COMPLEX:
        devices = ("CPU",) if counts else ("CPU", "DEFAULT")
        raise C.no_kernel(op, f"T={C.dt_enum(x._dtype)}, out_idx={C.dt_enum(out_idx)}",
                          others=[("XLA_CPU_JIT", f"out_idx in [DT_INT32, DT_INT64]; T in "
                                                  f"[{C.XLA_TYPES}]")] +
                          [(d, f"T in [DT_{t}]; out_idx in [DT_{i}]") for d in devices
                           for t in _UNIQUE_CPU_T for i in ("INT64", "INT32")])
    if x._shape is not None and len(x._shape) != 1:
        if _state.graph is None:
            raise C.fail(op, "unique expects a 1D vector.")
        if not counts:  # (Unique's shape function asks for a vector; UniqueWithCounts'
            # does not: its kernel refuses it when the graph runs)
            raise C.fail(op, f"Shape must be rank 1 but is rank {len(x._shape)}")
    specs = [((None,), x._dtype), (x._shape, out_idx)]
    return specs + [((None,), out_idx)] if counts else specs


def _unique_kernel(xp: Any, x: Any, out_idx: dt.DType, counts: bool) -> tuple:
    if x.ndim != 1:
        raise C.fail("UniqueWithCounts" if counts else "Unique", "unique expects a 1D vector.")
    it = out_idx.as_numpy_dtype
    if x.size == 0:
        empty = (x[:0].copy(), xp.zeros((0,), it))
        return empty + ((xp.zeros((0,), it),) if counts else ())
    if x.dtype == object:  # strings: grouped by their bytes, not sorted
        return unique_strings(x, it, counts)
    if xp is np and x.dtype.kind in "iub":
        span = int(x.max()) - int(x.min()) + 1
        if span <= 2 * x.size + 4096:
            return _unique_by_table(x.reshape(-1), span, it, counts)
    # each NaN is a value of its own, as TF's hash map keeps them (NaN != NaN)
    _, first, inverse, cnt = xp.unique(_half_keys(x) if xp is np else x, return_index=True,
                                       return_inverse=True, return_counts=True,
                                       equal_nan=False)
    order = xp.argsort(first, kind="stable")  # unique values in order of first appearance
    rank = xp.empty_like(order)
    rank[order] = xp.arange(order.size)
    out = (x[first[order]], rank[inverse.reshape(-1)].astype(it))
    return out + ((cnt[order].astype(it),) if counts else ())


def _half_keys(x: np.ndarray) -> np.ndarray:
    """The values TF's hash map tells apart, for half and bfloat16: their bits (its hash of
    a 16-bit float is of its bits: -0.0 and 0.0 are two values, as they are not for float
    and double), each NaN a key of its own; other types as they are."""
    if x.dtype.itemsize != 2 or x.dtype.kind not in "fV":
        return x
    keys = x.view(np.uint16).astype(np.int64)
    nan = np.isnan(x)
    keys[nan] = (1 << 16) + np.arange(int(nan.sum()))
    return keys


def _unique_by_table(x: np.ndarray, span: int, it: Any, counts: bool) -> tuple:
    """Unique over integers of a narrow range, without a sort: a table over the range
    holds each value's first position (minimum.at), so the values present, ordered by
    it, are the output, and a second table each one's rank (1M int32 of 100 values: 66 ms
    through np.unique's sort, 8 ms here)."""
    low = x.min()  # (codes in int64: uint64's past 2**63 as their offsets from the lowest)
    codes = (x - low).astype(np.int64) if x.dtype == np.uint64 else \
        x.astype(np.int64) - int(low)
    first = np.full(span, x.size, np.int64)
    np.minimum.at(first, codes, np.arange(x.size))
    present = np.flatnonzero(first < x.size)
    order = present[np.argsort(first[present], kind="stable")]
    rank = np.empty(span, np.int64)
    rank[order] = np.arange(order.size)
    out = (x[first[order]], rank[codes].astype(it))
    return out + ((np.bincount(codes, minlength=span)[order].astype(it),) if counts else ())


def _unique_ref(x: np.ndarray, out_idx: dt.DType, counts: bool) -> tuple:
    ys = list(dict.fromkeys(x.tolist()))
    pos = {v: i for i, v in enumerate(ys)}
    idx = [pos[v] for v in x.tolist()]
    it = out_idx.as_numpy_dtype
    out = (np.array(ys, dtype=x.dtype), np.array(idx, dtype=it))
    return out + ((np.bincount(idx, minlength=len(ys)).astype(it),) if counts else ())


UNIQUE = register(OpDef(
    "Unique", lambda x, out_idx: _unique_infer(x, out_idx, False),
    lambda xp, x, out_idx: _unique_kernel(xp, x, out_idx, False), grad=C.no_gradient,
    reference=lambda x, out_idx: _unique_ref(x, out_idx, False),
    samples=lambda: [Sample((np.array([3, 1, 3, 2, 1, 7], np.int32),), {"out_idx": dt.int32},
                            grad=False),
                     Sample((np.array([0.5, -1.0, 0.5]),), {"out_idx": dt.int64}, grad=False)],
    bad_samples=lambda: [BadSample((np.ones((1, 2)),), {"out_idx": dt.int32}, InvalidArgumentError,
                                   "unique expects a 1D vector.")],
    num_outputs=2,
))
UNIQUE_WITH_COUNTS = register(OpDef(
    "UniqueWithCounts", lambda x, out_idx: _unique_infer(x, out_idx, True),
    lambda xp, x, out_idx: _unique_kernel(xp, x, out_idx, True), grad=C.no_gradient,
    reference=lambda x, out_idx: _unique_ref(x, out_idx, True),
    samples=lambda: [Sample((np.array([3, 1, 3, 2, 1, 7], np.int64),), {"out_idx": dt.int32},
                            grad=False),
                     Sample((np.array([b"b", b"", b"a", b"b", b"\x00", b""], object),),
                            {"out_idx": dt.int64}, grad=False)],
    num_outputs=3,
))


def _out_idx(value: Any, op: str, x: Any) -> dt.DType:
    # (None is the attr's default to TF's generated wrapper; `x` a list: its slow path)
    return dt.int32 if value is None else AV.make_type(value, "out_idx",
                                                       None if passed_raw(x) else op)


@dispatch_binding
@eager_api("x", "out_idx:type")  # (a list, or another out_idx than a DType: TF's slow path)
def unique(x: Any, out_idx: Any = dt.int32, name: str | None = None) -> Any:
    return UniqueOutput(*bind(UNIQUE, (_t(x),), {"out_idx": _out_idx(out_idx, "Unique", x)}, name))


@dispatch_binding
@eager_api("x", "out_idx:type")
def unique_with_counts(x: Any, out_idx: Any = dt.int32, name: str | None = None) -> Any:
    return UniqueWithCountsOutput(*bind(UNIQUE_WITH_COUNTS, (_t(x),),
                                        {"out_idx": _out_idx(out_idx, "UniqueWithCounts", x)},
                                        name))


_ONE_HOT_INDEX = frozenset((dt.uint8, dt.int8, dt.int32, dt.int64))


def _one_hot_infer(indices: Any, on: Any, off: Any, *dyn: Any, depth: int | None,
                   axis: int) -> list:
    C.int32_attr("OneHot", "axis", (axis,))
    if dyn:
        check_runtime_arg("OneHot", dyn, "depth", rank=0)
    _check_indices("OneHot", indices, "TI", _ONE_HOT_INDEX)
    C.scalar_input("OneHot", depth, "depth must be a scalar, but got: {shape}")
    if depth is not None and depth < 0:
        raise C.fail("OneHot", f"depth must be non-negative, got: {depth}")
    if on._dtype is not off._dtype:
        raise C.fail("OneHot", "on_value and off_value must have the same dtype")
    for what, v in (("on_value", on), ("off_value", off)):
        if v._shape not in ((), None):
            raise C.fail("OneHot", f"{what} must be a scalar, but got: {C.shape_str(v._shape)}")
    if indices._shape is None:
        return [(None, on._dtype)]
    r = len(indices._shape)
    if not (axis == -1 or 0 <= axis <= r):
        raise C.fail("OneHot", f"Expected axis to be -1 or between [0, {r + 1}).  But received: "
                               f"{axis}")
    ax = r if axis == -1 else axis
    out = tuple(indices._shape[:ax]) + (depth,) + tuple(indices._shape[ax:])
    if None not in out:
        check_finite_size("OneHot", out, on._dtype)
    return [(out, on._dtype)]


def _one_hot_kernel(xp: Any, indices: Any, on: Any, off: Any, *dyn: Any, depth: int | None,
                    axis: int) -> Any:
    if dyn:  # a runtime depth, checked as infer checks a static one
        static, depth = depth, runtime_ints(dyn[0])[0]
        if depth < 0:
            raise C.fail("OneHot", f"depth must be non-negative, got: {depth}")
        if static is not None and depth != static:  # infer promised the static depth
            raise C.fail("OneHot", f"runtime depth {depth} does not match the static depth "
                                   f"{static}")
    ax = indices.ndim if axis == -1 else axis
    check_finite_size("OneHot", indices.shape[:ax] + (depth,) + indices.shape[ax:],
                      dt.as_dtype(on.dtype))
    if xp is np and ax == indices.ndim:  # (the last axis: `off` everywhere, `on` put in)
        out = np.full(indices.shape + (depth,), off, on.dtype)
        flat = indices.reshape(-1).astype(np.int64)
        hit = np.flatnonzero((flat >= 0) & (flat < depth))
        out.reshape(-1)[hit * depth + flat[hit]] = on
        return out
    hot = xp.expand_dims(indices, ax) == xp.arange(depth).reshape(
        (depth,) + (1,) * (indices.ndim - ax))
    return xp.where(hot, on, off).astype(on.dtype, copy=False)


def _one_hot_ref(indices: np.ndarray, on: np.ndarray, off: np.ndarray, depth: int,
                 axis: int) -> np.ndarray:
    ax = indices.ndim if axis == -1 else axis
    shape = indices.shape[:ax] + (depth,) + indices.shape[ax:]
    out = np.empty(shape, dtype=on.dtype)
    for pos in np.ndindex(*shape):
        i = pos[:ax] + pos[ax + 1:]
        out[pos] = on if indices[i] == pos[ax] else off
    return out


ONE_HOT = register(OpDef(
    "OneHot", _one_hot_infer, _one_hot_kernel, reference=_one_hot_ref,
    samples=lambda: [Sample((np.array([0, 2, -1, 5], np.int32), np.float32(1), np.float32(0)),
                            {"depth": 3, "axis": -1}, grad=False),
                     Sample((np.array([[1, 0], [2, 2]], np.int64), np.int32(5), np.int32(-1)),
                            {"depth": 3, "axis": 1}, grad=False),
                     Sample((np.array([1, 0], np.uint8), np.float64(2), np.float64(0)),
                            {"depth": 2, "axis": 0}, grad=False)],
    bad_samples=lambda: [BadSample((np.array([0.0]), np.float32(1), np.float32(0)),
                                   {"depth": 3, "axis": -1}, InvalidArgumentError,
                                   "Value for attr 'TI' of double"),
                         BadSample((np.array([0], np.int32), np.float32(1), np.float32(0)),
                                   {"depth": -1, "axis": -1}, InvalidArgumentError,
                                   "depth must be non-negative, got: -1"),
                         BadSample((np.array([0], np.int32), np.float32(1), np.float32(0)),
                                   {"depth": 3, "axis": -2}, InvalidArgumentError,
                                   "Expected axis to be -1 or between [0, 2).  But received: -2")],
))


def _axis_attr(axis: Any) -> int:
    """one_hot's axis as TF sets its int attr (int() of it: 1.5 is 1, a string refused;
    past int64 Python's OverflowError eagerly, TF's graph builder's ValueError in a graph)."""
    return AV.make_int(axis, "axis")


@dispatchable
@binds_first
@slow_inputs("indices", "depth", "axis:int")
def one_hot(indices: Any, depth: Any, on_value: Any = None, off_value: Any = None,
            axis: Any = None, dtype: Any = None, name: str | None = None) -> Any:
    """A one-hot tensor: `on_value` where the last (or `axis`) index equals `indices`."""
    # indices go to the op as given: TF's fast path converts a number or an array to the
    # attr's default int64 (2.0 is its TypeError, a float array is cast), its slow path (a
    # list) prefers int64 and falls back on the list's own dtype (the op refuses floats)
    if isinstance(indices, Tensor) or hasattr(indices, "_as_tensor"):
        idx = _t(indices)
    elif passed_raw(indices):
        idx = convert_to_tensor(indices, dtype_hint=dt.int64)
    else:
        idx = convert_to_tensor(indices, dtype=dt.int64)
    dtype = None if dtype is None else dt.as_dtype(dtype)
    on = None if on_value is None else convert_to_tensor(on_value, dtype_hint=dtype)
    off = None if off_value is None else convert_to_tensor(off_value, dtype_hint=dtype)
    for what, v in (("on_value", on), ("off_value", off)):
        if v is not None and dtype is not None and v._dtype is not dtype:
            raise TypeError(f"dtype {v._dtype} of {what} does not match dtype parameter {dtype}")
    if on is not None and off is not None and on._dtype is not off._dtype:
        raise TypeError(f"dtype {on._dtype} of on_value does not match dtype {off._dtype} of "
                        "off_value")
    if dtype is None:
        dtype = on._dtype if on is not None else off._dtype if off is not None else dt.float32
    # (TF's defaults are 1 and 0 of the dtype: a bool or string dtype refuses them)
    if on is None:
        on = convert_to_tensor(1, dtype=dtype)
    if off is None:
        off = convert_to_tensor(0, dtype=dtype)
    if axis is not None and type(axis) is not int and _state.graph is None:
        # (an int attr TF's fast path does not take: its fallback converts it first, a
        # float truncated, anything int() refuses a TypeError, before depth and indices)
        axis = AV.make_int(axis, "axis")
    if isinstance(depth, np.ndarray) and depth.dtype.kind in "biufc" and \
            not passed_raw(indices):  # (TF's fast path casts it to its int32 input)
        depth = convert_to_tensor(depth.astype(np.int32, copy=False))
    if depth.__class__ is EagerTensor and not passed_raw(indices):
        # TF's fast path (a number or an array for indices too): attr TI, then depth an
        # int32 input, then its kernel's checks; its errors name no name (the name scope
        # TF's one_hot opens is empty eagerly)
        try:
            _check_indices("OneHot", idx, "TI", _ONE_HOT_INDEX)
            if depth._dtype is not dt.int32:
                raise C.wrong_input_dtype("OneHot", 1, dt.int32, depth._dtype)
            if depth._shape != ():
                raise C.fail("OneHot", f"depth must be a scalar, but got: "
                                       f"{C.shape_str(depth._shape)}")
        except InvalidArgumentError as e:
            raise raised_eagerly(e) from None
    elif isinstance(depth, Tensor) and depth.dtype is not dt.int32:
        convert_to_tensor(depth, dtype=dt.int32)  # (TF's slow path's ValueError: an int32 input)
    if _state.graph is None and isinstance(depth, (list, tuple, np.ndarray, Tensor)):
        # TF's slow path converts it (a ragged list is its ValueError), then OneHot
        # refuses a non-scalar depth
        if isinstance(depth, np.ndarray):
            shape = depth.shape
        elif isinstance(depth, Tensor):
            shape = depth._shape
        else:
            shape = convert_to_tensor(depth, dtype=dt.int32)._shape
        if tuple(shape) != ():
            raise C.fail("OneHot", f"depth must be a scalar, but got: {C.shape_str(shape)}")
    if isinstance(depth, bool):  # (an int32 input: TF converts a bool to it, True is 1)
        depth = int(depth)
    python_int = type(depth) is int
    depth, dyn = (fast_int32(depth, "depth"), ()) if _state.graph is None else \
        scalar_arg(depth, "depth")
    if python_int:  # (converted to OneHot's int32 input: its low 32 bits)
        depth = AV.int32_wrapped(depth)
    AV.no_graph_attr(axis, "axis")
    g = _state.graph
    if g is not None:  # TF's API converts on_value and off_value first, in its scope
        node = g.unique_name(name or "one_hot", mark=False)
        on, off = (g.capture(t, f"{node}/{w}") if type(t) is EagerTensor else t
                   for t, w in ((on, "on_value"), (off, "off_value")))
    # (TF's one_hot opens a name scope, which is empty eagerly: its errors name no name)
    return bind(ONE_HOT, (idx, on, off) + dyn,
                {"depth": depth, "axis": -1 if axis is None else _axis_attr(axis)},
                name if g is not None else None)


