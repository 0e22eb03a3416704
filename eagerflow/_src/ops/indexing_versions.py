"""TF's other versions of indexing ops, which old graphs and tf.raw_ops name: Gather
(GatherV2 along axis 0, with IndexedSlices gradients), UniqueV2 and UniqueWithCountsV2
(Unique along an axis given as an input), ListDiff (tf.compat.v1.setdiff1d) and Concat
(ConcatV2 with its axis first).

Sits in ops/ above indexing.py, whose checks and kernels these reuse.
"""

from __future__ import annotations

import collections
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import CONCAT, concat, concat_checks, expand_dims, reshape
from eagerflow._src.ops.array import shape as shape_of
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.indexed_slices import IndexedSlices
from eagerflow._src.ops.indexing import _check_indices, _gather_infer, take
from eagerflow._src.ops.reduce import size
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, TFForm, register
from eagerflow._src.ops.unique_one_hot import _UNIQUE_CPU_T, _unique_kernel
from eagerflow._src.ops.wrapper_inputs import op_inputs

_rng = SampleRNG(61)


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-2, 2, size=shape)


# ---------------------------------------------------------------------------------------
# Gather: params' rows by indices (validate_indices: TF's CPU kernel checks them anyway).
# ---------------------------------------------------------------------------------------

def _gather_v1_infer(params: Any, indices: Any, validate_indices: bool) -> list:
    _check_indices("Gather", indices, "Tindices", C.INDEX)
    if params._shape == ():
        raise C.fail("Gather", "params must be at least 1 dimensional")
    return _gather_infer(params, indices, axis=0, batch_dims=0, op="Gather")


def _gather_v1_kernel(xp: Any, params: Any, indices: Any, validate_indices: bool) -> Any:
    # (GatherV2's kernels: the CPU's checks the indices, the GPU's gives zeros for one out
    # of range, reading none back)
    return take(xp, "Gather", params, indices, 0)


def _gather_v1_grad(n: Any, g: Any) -> list:
    """TF's: the output gradient's rows, one per index, as IndexedSlices of params' shape."""
    params, indices = n.inputs
    params_shape = shape_of(params)
    count = expand_dims(size(indices), 0)
    values = reshape(g, concat([count, params_shape[1:]], 0))
    return [IndexedSlices(values, reshape(indices, count), params_shape), None]


GATHER_V1 = register(OpDef(
    "Gather", _gather_v1_infer, _gather_v1_kernel, grad=_gather_v1_grad,
    reference=lambda params, indices, validate_indices: np.array(
        [params[i] for i in indices.reshape(-1).tolist()], params.dtype).reshape(
        indices.shape + params.shape[1:]),
    samples=lambda: [
        Sample((_f64(5, 3), np.array([4, 0, 4], np.int32)), {"validate_indices": True}),
        Sample((_f64(4), np.array([[1, 2], [3, 3]], np.int64)), {"validate_indices": False}),
        Sample((_f64(3, 2), np.int32(1)), {"validate_indices": True})],
    bad_samples=lambda: [
        BadSample((np.ones(3), np.array([3], np.int32)), {"validate_indices": False},
                  InvalidArgumentError, "indices[0] = 3 is not in [0, 3)", cpu_only=True),
        BadSample((np.float64(1.0), np.array([0], np.int32)), {"validate_indices": True},
                  InvalidArgumentError, "params must be at least 1 dimensional")],
))


# ---------------------------------------------------------------------------------------
# UniqueV2, UniqueWithCountsV2: the distinct slices along `axis` (a list of one axis, or
# none for a vector), in order of first appearance.
# ---------------------------------------------------------------------------------------

def _unique_op(counts: bool) -> str:
    return "UniqueWithCountsV2" if counts else "UniqueV2"


def _unique_v2_infer(x: Any, axis: Any, out_idx: dt.DType, counts: bool = False) -> list:
    op = _unique_op(counts)
    C.dtype_attr(op, out_idx, "out_idx", C.INDEX)
    if x._dtype in C.COMPLEX:
        xla = [] if counts else [("XLA_CPU_JIT", "out_idx in [DT_INT32, DT_INT64]; Taxis in "
                                                 f"[DT_INT32, DT_INT64]; T in [{C.XLA_TYPES}]")]
        raise C.no_kernel(op, f"T={C.dt_enum(x._dtype)}, Taxis=DT_INT32, "
                              f"out_idx={C.dt_enum(out_idx)}",
                          others=xla + [("CPU", f"T in [DT_{t}]; out_idx in [DT_{i}]")
                                        for t in _UNIQUE_CPU_T for i in ("INT64", "INT32")])
    if not isinstance(axis, (tuple, list)) or any(isinstance(a, (tuple, list)) for a in axis):
        raise C.fail(op, "axis expects a 1D vector.")
    if len(axis) > 1:
        raise C.fail(op, "axis does not support input tensors larger than 1 elements")
    s = x._shape
    if not axis and s is not None and len(s) != 1:
        raise C.fail(op, "unique expects a 1D vector.")
    a = _axis_of(op, axis, s)
    idx_len = None if s is None else s[a]
    y = None if s is None else tuple(None if i == a else d for i, d in enumerate(s))
    specs = [(y, x._dtype), ((idx_len,), out_idx)]
    return specs + [((None,), out_idx)] if counts else specs


def _axis_of(op: str, axis: Any, shape: Any) -> int:
    if not axis or shape is None:
        return 0
    r = len(shape)
    a = int(axis[0]) + (r if axis[0] < 0 else 0)
    if not 0 <= a < r:
        raise C.fail(op, f"axis has to be between [0, {r})")
    return a


def _unique_v2_kernel(xp: Any, x: Any, axis: Any, out_idx: dt.DType,
                      counts: bool = False) -> tuple:
    a = _axis_of(_unique_op(counts), axis, x.shape)
    if x.ndim == 1:
        return _unique_kernel(xp, x, out_idx, counts)
    moved = xp.moveaxis(x, a, 0)
    rows = to_host(moved).reshape(moved.shape[0], int(np.prod(moved.shape[1:])))
    keys = rows
    if rows.dtype.kind in "fV":  # (-0 equals 0; a slice holding NaN equals no other)
        keys = rows.astype(np.float64) + 0.0
        nan = np.isnan(keys).any(axis=1)
    seen: dict = {}
    inverse = np.empty(rows.shape[0], np.int64)
    firsts = []
    for i in range(rows.shape[0]):
        key = (i,) if rows.dtype.kind in "fV" and nan[i] else \
            tuple(keys[i].tolist()) if keys.dtype == object else keys[i].tobytes()
        j = seen.setdefault(key, len(seen))
        if j == len(firsts):
            firsts.append(i)
        inverse[i] = j
    it = out_idx.as_numpy_dtype
    y = xp.moveaxis(moved[xp.asarray(np.array(firsts, np.int64))], 0, a)
    out = (y, xp.asarray(inverse.astype(it)))
    if counts:
        out += (xp.asarray(np.bincount(inverse, minlength=len(firsts)).astype(it)),)
    return out


def _unique_v2_ref(x: np.ndarray, axis: Any, out_idx: dt.DType, counts: bool = False) -> tuple:
    a = (axis[0] % x.ndim) if axis else 0
    reps: list = []
    idx = []
    for i in range(x.shape[a]):
        s = np.take(x, i, axis=a)
        for j, r in enumerate(reps):
            if bool(np.all(s == r)):  # (NaN equals nothing)
                idx.append(j)
                break
        else:
            reps.append(s)
            idx.append(len(reps) - 1)
    it = out_idx.as_numpy_dtype
    y = np.stack(reps, axis=a) if reps else np.take(x, np.zeros(0, np.int64), axis=a)
    out = (y, np.array(idx, it))
    return out + (np.bincount(np.array(idx, np.int64), minlength=len(reps)).astype(it),) \
        if counts else out


def _unique_v2_samples() -> list:
    grid = np.array([[1, 0, 1], [2, 0, 2], [1, 0, 1]], np.int32)
    return [Sample((grid,), {"axis": (0,), "out_idx": dt.int32}, grad=False),
            Sample((grid,), {"axis": (-1,), "out_idx": dt.int64}, grad=False),
            Sample((np.array([3.0, np.nan, 3.0, -0.0, 0.0]),), {"axis": (), "out_idx": dt.int32},
                   grad=False),
            Sample((np.array([[b"a"], [b"b"], [b"a"]], object),),
                   {"axis": (0,), "out_idx": dt.int32}, grad=False),
            Sample((np.array([[np.nan, 1.0], [np.nan, 1.0], [-0.0, 2.0], [0.0, 2.0]]),),
                   {"axis": (0,), "out_idx": dt.int32}, grad=False)]


def _unique_v2_bad(counts: bool) -> list:
    grid = np.ones((2, 3), np.int32)
    return [BadSample((grid,), {"axis": (2,), "out_idx": dt.int32}, InvalidArgumentError,
                      "axis has to be between [0, 2)"),
            BadSample((grid,), {"axis": (0, 1), "out_idx": dt.int32}, InvalidArgumentError,
                      "axis does not support input tensors larger than 1 elements"),
            BadSample((grid,), {"axis": (), "out_idx": dt.int32}, InvalidArgumentError,
                      "unique expects a 1D vector."),
            BadSample((np.array([1j]),), {"axis": (0,), "out_idx": dt.int32}, NotFoundError,
                      f"Could not find device for node: {{{{node {_unique_op(counts)}}}}}")]


UNIQUE_V2 = register(OpDef(
    "UniqueV2", _unique_v2_infer, _unique_v2_kernel, reference=_unique_v2_ref,
    grad=C.no_gradient, samples=_unique_v2_samples, bad_samples=lambda: _unique_v2_bad(False),
    num_outputs=2, gpu=False,
))
UNIQUE_WITH_COUNTS_V2 = register(OpDef(
    "UniqueWithCountsV2",
    lambda x, axis, out_idx: _unique_v2_infer(x, axis, out_idx, True),
    lambda xp, x, axis, out_idx: _unique_v2_kernel(xp, x, axis, out_idx, True),
    reference=lambda x, axis, out_idx: _unique_v2_ref(x, axis, out_idx, True), grad=C.no_gradient,
    samples=_unique_v2_samples, bad_samples=lambda: _unique_v2_bad(True), num_outputs=3,
    gpu=False,
))


# ---------------------------------------------------------------------------------------
# ListDiff: the values of vector x not in vector y, in x's order, and their positions.
# ---------------------------------------------------------------------------------------

# (no bool, no complex kernels; as TF lists them, each with int64, then int32 out_idx)
_LIST_DIFF_CPU_T = tuple(t for t in _UNIQUE_CPU_T if t != "BOOL")
_LIST_DIFF_TYPES = frozenset((dt.string, dt.float64, dt.float32, dt.bfloat16, dt.float16,
                              dt.int32, dt.int8, dt.uint8, dt.int16, dt.uint16, dt.uint32,
                              dt.int64, dt.uint64))


def _list_diff_infer(x: Any, y: Any, out_idx: dt.DType) -> list:
    op = "ListDiff"
    C.dtype_attr(op, out_idx, "out_idx", C.INDEX)
    if y._dtype is not x._dtype:
        raise C.wrong_input_dtype(op, 1, x._dtype, y._dtype)
    if x._dtype not in _LIST_DIFF_TYPES:
        raise C.no_kernel(op, f"T={C.dt_enum(x._dtype)}, out_idx={C.dt_enum(out_idx)}",
                          others=[("XLA_CPU_JIT", "out_idx in [DT_INT32, DT_INT64]; T in "
                                                  "[DT_INT32, DT_INT64]")] +
                          [("CPU", f"T in [DT_{t}]; out_idx in [DT_{i}]")
                           for t in _LIST_DIFF_CPU_T for i in ("INT64", "INT32")])
    for what, t in (("x", x), ("y", y)):
        if t._shape is not None and len(t._shape) != 1:
            # (traced, TF's shape function asks for vectors: graph/shape_errors.py's words)
            raise C.fail(op, f"Shape must be rank 1 but is rank {len(t._shape)}"
                         if _state.graph is not None else f"{what} should be a 1D vector.")
    return [((None,), x._dtype), ((None,), out_idx)]


def _list_diff_kernel(xp: Any, x: Any, y: Any, out_idx: dt.DType) -> tuple:
    for what, t in (("x", x), ("y", y)):  # (shapes unknown when traced: checked as it runs)
        if t.ndim != 1:
            raise C.fail("ListDiff", f"{what} should be a 1D vector.")
    if x.dtype == object:
        drop = set(y.tolist())
        keep = np.fromiter((v not in drop for v in x.tolist()), bool, x.size)
    elif x.dtype.kind == "V":  # (bfloat16: compared by its float32 values)
        keep = ~xp.isin(x.astype(np.float32), y.astype(np.float32))
    else:
        keep = ~xp.isin(x, y)
    idx = xp.flatnonzero(xp.asarray(keep))
    return x[idx], idx.astype(out_idx.as_numpy_dtype)


def _list_diff_ref(x: np.ndarray, y: np.ndarray, out_idx: dt.DType) -> tuple:
    idx = [i for i, v in enumerate(x.tolist()) if not any(v == w for w in y.tolist())]
    return x[np.array(idx, np.int64)], np.array(idx, out_idx.as_numpy_dtype)


LIST_DIFF = register(OpDef(
    "ListDiff", _list_diff_infer, _list_diff_kernel, grad=C.no_gradient, reference=_list_diff_ref,
    samples=lambda: [
        Sample((np.array([1, 2, 3, 4, 2], np.int32), np.array([2, 5], np.int32)),
               {"out_idx": dt.int32}, grad=False),
        Sample((np.array([np.nan, 1.0, -0.0, 2.0]), np.array([np.nan, 0.0])),
               {"out_idx": dt.int64}, grad=False),
        Sample((np.array([b"a", b"b", b"a"], object), np.array([b"b"], object)),
               {"out_idx": dt.int32}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([[1, 2]], np.int32), np.array([2], np.int32)), {"out_idx": dt.int32},
                  InvalidArgumentError, "x should be a 1D vector."),
        BadSample((np.array([1, 2], np.int32), np.int32(2)), {"out_idx": dt.int32},
                  InvalidArgumentError, "y should be a 1D vector."),
        BadSample((np.array([True]), np.array([True])), {"out_idx": dt.int32}, NotFoundError,
                  "Could not find device for node: {{node ListDiff}} = ListDiff[T=DT_BOOL, "
                  "out_idx=DT_INT32]")],
    num_outputs=2, gpu=False,
))

ListDiffOutput = collections.namedtuple("ListDiff", ["out", "idx"])


@eager_api("x", "y")
def list_diff(x: Any, y: Any, out_idx: Any = dt.int32, name: str | None = None) -> Any:
    """TF's ListDiff (tf.compat.v1.setdiff1d's op): x's values not in y, and where; x and
    y converted as TF's op wrapper converts them (a tensor's dtype, x's or else y's, is the
    other's; two tensors are the op's check)."""
    x, y = op_inputs("ListDiff", (x, y))
    out, idx = bind(LIST_DIFF, (x, y), {"out_idx": dt.as_dtype(out_idx)}, name)
    return ListDiffOutput(out, idx)


# ---------------------------------------------------------------------------------------
# Concat: ConcatV2 with its axis (`concat_dim`) first, and at least two values; its checks
# and words ConcatV2's, naming Concat.
# ---------------------------------------------------------------------------------------

def _concat_v1_infer(*xs: Any, axis: int | None) -> list:
    n = len(xs) - (axis is None)
    C.attr_at_least("Concat", "N", n, 2)
    if axis is None:  # (the axis a runtime input, as ConcatV2's)
        return CONCAT.infer(*xs, axis=None)
    return concat_checks("Concat", xs, axis)


CONCAT_V1 = register(OpDef(
    "Concat", _concat_v1_infer, CONCAT.kernel, grad=CONCAT.grad, arity=CONCAT.arity,
    reference=CONCAT.reference,
    samples=lambda: [Sample((_f64(2, 3), _f64(2, 1)), {"axis": 1}),
                     Sample((_f64(1, 3), _f64(2, 3), _f64(1, 3)), {"axis": -2})],
    bad_samples=lambda: [
        BadSample((np.ones((1, 2)), np.ones((1, 3))), {"axis": 0}, InvalidArgumentError,
                  "ConcatOp : Dimension 1 in both shapes must be equal: shape[0] = [1,2] vs. "
                  "shape[1] = [1,3] [Op:Concat]"),
        BadSample((np.ones((1, 2)), np.ones((1, 2))), {"axis": 2}, InvalidArgumentError,
                  "ConcatOp : Expected concatenating dimensions in the range [-2, 2), but got 2 "
                  "[Op:Concat]"),
        BadSample((np.float32(1), np.float32(2)), {"axis": 0}, InvalidArgumentError,
                  "ConcatOp : Can't concatenate scalars (use tf.stack instead) [Op:Concat]"),
        BadSample((np.ones((1, 2)),), {"axis": 0}, InvalidArgumentError,
                  "Value for attr 'N' of 1 must be at least minimum 2")],
    tf=TFForm(names={"axis": "concat_dim"}),
))
