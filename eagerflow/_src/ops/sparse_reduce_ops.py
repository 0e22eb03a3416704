"""TF's reductions of a SparseTensor (SparseReduceSum, SparseReduceMax and their Sparse
forms: tf.sparse.reduce_sum and reduce_max) and its elementwise ops with a dense tensor
(SparseDenseCwiseAdd, SparseDenseCwiseMul, SparseDenseCwiseDiv: `sp * dense`, `sp / dense`).

Ops layer, after sparse_binary_ops (whose SparseTensorDenseAdd the cwise gradients make).
TF's reductions group the entries by their kept indices (in row-major order of those,
each group in the order of its reduced indices) and reduce each group with Eigen: a
group of a packet or more takes the packet path, whose max drops NaNs, and its tail in
turn, where a NaN is kept only as the last value. Groups absent give 0. The dense operand
of the cwise ops broadcasts to the sparse one's shape only.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InternalError, InvalidArgumentError, NotFoundError, OpError
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.sparse_tensor import SparseTensor, SparseTensorValue
from eagerflow._src.core.tensor import Tensor, check_finite_size, convert_to_tensor
from eagerflow._src.core.type_names import type_repr
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import eigen_reduce
from eagerflow._src.ops.array import concat, fill, ones, reshape, zeros_like
from eagerflow._src.ops.array import shape as shape_op
from eagerflow._src.ops.data_flow import dynamic_stitch
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import tf_constant_value
from eagerflow._src.ops.eager_errors import slow_path
from eagerflow._src.ops.graph_constants import convert_to_tensor_v2
from eagerflow._src.ops.math import floordiv, floormod, square
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.nd_indexing import gather_nd
from eagerflow._src.ops.reduce import size as size_op
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.reshaping import expand_dims
from eagerflow._src.ops.sequences import range as range_
from eagerflow._src.ops.slice_op import slice as slice_op
from eagerflow._src.ops.sparse_binary_ops import (
    SPARSE_TENSOR_DENSE_ADD,
    _i,
    _int64_inputs,
    _known,
    _value,
)
from eagerflow._src.ops.sparse_functions import _sp, _traced
from eagerflow._src.ops.sparse_ops import check_coo_ranks

_I64, _I32 = dt.int64, dt.int32
_REAL_KERNELS = (dt.float64, dt.float32, dt.bfloat16, dt.float16, dt.int32, dt.int8, dt.uint8,
                 dt.int16, dt.uint16, dt.uint32, dt.int64, dt.uint64)
_SUM_KERNELS = (dt.complex128, dt.complex64) + _REAL_KERNELS
_NUMBER_T = frozenset(_SUM_KERNELS) | frozenset(C.QUANTIZED)
_REAL_T = frozenset(_REAL_KERNELS)
_PACKET = {np.dtype(np.float64): 4}


def dims_checks(op: str, dims: Any) -> None:
    """TF's checks of a SparseTensor's dense shape: non-negative dims whose product fits
    64 bits."""
    total = 1
    for d in dims.tolist():
        if d < 0:
            raise C.fail(op, f"Expected shape dimensions to be non-negative, got {d}")
        product = total * d
        if product >= 2**63:  # (TF's product: -1 past 64 bits, else as int64)
            result = -1 if product >= 2**64 else product - 2**64
            raise C.fail(op, f"Encountered overflow when multiplying {total} with {d}, "
                             f"result: {result}")
        total = product


def _flush(a: np.ndarray) -> np.ndarray:
    """float32, float64 and bfloat16 denormals as zeros (of their sign), as TF's threads
    read and write them (DAZ and FTZ)."""
    if a.dtype.name not in ("float32", "float64", "bfloat16"):
        return a
    tiny = np.finfo(np.float64 if a.dtype == np.float64 else np.float32).tiny
    with np.errstate(all="ignore"):
        small = np.abs(a.astype(np.float64)) < tiny
        return np.where(small, a * a.dtype.type(0), a) if small.any() else a


def packet_sum(x: np.ndarray) -> Any:
    """The sum of a 1-D float64 array in Eigen's order: four packets of 4 lanes over each
    block of 16, the other whole packets into the first, the tail in turn, the packet
    folded in halves last."""
    n, p = len(x), 4
    lanes = np.zeros(p, x.dtype)
    start = n // (4 * p) * 4 * p
    if start:
        s = x[:start].reshape(-1, 4, p).sum(axis=0)  # (each lane in turn, from the first)
        lanes = ((s[0] + s[1]) + s[2]) + s[3]
    whole = n // p * p
    for j in range(start, whole, p):
        lanes = lanes + x[j:j + p]
    tail = x.dtype.type(0)
    for v in x[whole:]:
        tail = tail + v
    return tail + ((lanes[0] + lanes[2]) + (lanes[1] + lanes[3]))


# ---------------------------------------------------------------------------------------
# SparseReduceSum, SparseReduceMax and their Sparse forms.
# ---------------------------------------------------------------------------------------

def _reduce_shape_checks(op: str, i: tuple, v: tuple, s: tuple, a: tuple) -> None:
    if len(i) != 2:
        raise C.fail(op, f"indices must be a matrix, but got: {C.shape_str(i)}")
    if len(v) != 1:
        raise C.fail(op, f"vals must be a vec, but got: {C.shape_str(v)}")
    if len(s) != 1:
        raise C.fail(op, f"Expected input_shape to be a vector; got shape: {C.shape_str(s)}")
    if len(a) > 1:
        raise C.fail(op, f"Expected reduction_axes to be a scalar or a vector; got shape: "
                         f"{C.shape_str(a)}")
    if i[0] != v[0]:
        raise C.fail(op, f"indices and values rows (indexing dimension) must match. "
                         f"(indices = {i[0]}, values = {v[0]})")
    if i[1] != s[0]:
        raise C.fail(op, "Order length must be SparseTensor rank.")


def _reduce_axes(op: str, axes: Any, rank: int) -> list:
    """The reduced dims, sorted and distinct (negative axes count from the end)."""
    out = set()
    for a in np.asarray(axes).reshape(-1).tolist():
        if not -rank <= a < rank:
            raise C.fail(op, f"Invalid reduction dimension {a}, for input with {rank} "
                             f"dimensions.")
        out.add(a % rank)
    return sorted(out)


def _const(x: Any) -> Any:
    """x's value where known as the graph is built (TF's shape functions read constant
    inputs, not a PlaceholderWithDefault's default: a TF 1 sparse_placeholder's dense
    shape), else None."""
    if getattr(getattr(x, "op", None), "type", None) == "PlaceholderWithDefault":
        return None
    v = C.known(x) if getattr(x, "_arr", None) is None else _value(x)
    return None if isinstance(v, Tensor) else np.asarray(v)


def _reduce_infer(op: str, allowed: frozenset, kernels: tuple, sparse_out: bool) -> Callable:
    def infer(i: Any, v: Any, s: Any, a: Any, *, keep_dims: bool = False) -> list:
        d = C.check_dtype(op, v, allowed)
        _int64_inputs(op, (i, v, s), (0, 2))
        if a._dtype is not _I32:
            raise C.wrong_input_dtype(op, 3, _I32, a._dtype)
        if d not in kernels:
            raise C.no_kernel(op, f"T={C.dt_enum(d)}, keep_dims={str(bool(keep_dims)).lower()}",
                              kernels)
        if _known(i, v, s, a):
            _reduce_shape_checks(op, i._shape, v._shape, s._shape, a._shape)
            dims, axes = _value(s), _value(a)
            if dims is not None:
                dims_checks(op, dims)
                if axes is not None and _state.graph is None:
                    _reduce_axes(op, axes, len(dims))
        # (TF's shape functions leave the outputs' shapes unknown, rank included, but for
        # a dense result of a known dense shape and known axes)
        if sparse_out:
            return [(None, _I64), (None, d), (None, _I64)]
        dims, axes = _const(s), _const(a)
        if dims is None or axes is None or s._shape is None or len(s._shape) != 1 or \
                not all(-len(dims) <= x < len(dims) for x in np.asarray(axes).reshape(-1)):
            # (an axis out of range: TF's shape function leaves the shape unknown, and its
            # kernel refuses the axis when the graph runs)
            return [(None, d)]
        red = _reduce_axes(op, axes, len(dims))
        return [(_kept_dims(dims.tolist(), red, keep_dims), d)]
    return infer


def _group_sum(x: np.ndarray) -> Any:
    if x.dtype == np.float32:
        return eigen_reduce.inner(x, 1024, eigen_reduce._exact)
    if x.dtype == np.float64:
        return packet_sum(x)
    if x.dtype.itemsize == 2 and x.dtype.kind not in "iu":  # float16, bfloat16
        return eigen_reduce.half_sum(x, (0,), False)
    return np.add.reduce(x, dtype=x.dtype)  # (integers wrap)


def _in_turn_max(x: np.ndarray, acc: Any) -> Any:
    """Eigen's scalar max steps: acc = x < acc ? acc : x (a NaN x replaces acc)."""
    for v in x.tolist():
        acc = acc if v < acc else v
    return acc


def _group_max(x: np.ndarray) -> Any:
    if x.dtype.kind in "iu":
        return x.max()
    p = _PACKET.get(x.dtype, 8)
    low = -np.inf
    if len(x) < p:
        return x.dtype.type(_in_turn_max(x, low))
    whole = len(x) // p * p
    body = x[:whole]
    body = body[body == body]  # (the packet max keeps its accumulator over a NaN)
    top = body.max() if len(body) else low
    tail = _in_turn_max(x[whole:], low)
    return x.dtype.type(top if tail < top else tail)


def _kept_dims(dims: list, red: list, keep_dims: bool) -> list:
    """The dense result's shape: the dims not reduced (the reduced ones 1 with keep_dims)."""
    return [1 if k in red else int(d) for k, d in enumerate(dims)] if keep_dims else \
        [int(d) for k, d in enumerate(dims) if k not in red]


def _reduce_kernel(op: str, sparse_out: bool, group_fn: Callable) -> Callable:
    def kernel(xp: Any, i: Any, v: Any, s: Any, a: Any, *, keep_dims: bool = False) -> Any:
        _reduce_shape_checks(op, i.shape, v.shape, s.shape, a.shape)
        dims = np.asarray(to_host(s)).astype(np.int64)
        dims_checks(op, dims)
        red = _reduce_axes(op, to_host(a), len(dims))
        kept = [k for k in range(len(dims)) if k not in red]
        idx = np.asarray(to_host(i)).astype(np.int64)
        vals = _flush(np.asarray(to_host(v)))
        keys = idx[:, kept + red]
        order = np.lexsort(keys.T[::-1]) if keys.shape[1] else np.arange(len(idx))
        rows = idx[order][:, kept]
        x = vals[order]
        starts = np.ones(len(rows), bool)
        if len(rows):
            starts[1:] = (rows[1:] != rows[:-1]).any(axis=1)
        at = np.flatnonzero(starts)
        ends = np.append(at[1:], len(rows))
        with np.errstate(all="ignore"):
            out = _flush(np.array([np.asarray(group_fn(x[lo:hi])).reshape(()) for lo, hi in
                                   zip(at.tolist(), ends.tolist())], vals.dtype).reshape(-1))
        groups = rows[at]
        out_dims = _kept_dims(dims.tolist(), red, keep_dims)
        if keep_dims:
            full = np.zeros((len(groups), len(dims)), np.int64)
            full[:, kept] = groups
            groups = full
        if sparse_out:
            return (xp.asarray(groups.reshape(len(groups), len(out_dims))), xp.asarray(out),
                    xp.asarray(np.array(out_dims, np.int64)))
        check_finite_size(op, tuple(out_dims), dt.as_dtype(vals.dtype))
        dense = np.zeros(out_dims, vals.dtype)
        flat = _write_indices(op, idx[order][at][:, kept], [dims[k] for k in kept],
                              dense.size)
        dense.reshape(-1)[flat] = out
        return xp.asarray(dense)
    return kernel


def _write_indices(op: str, groups: np.ndarray, kept_dims: list, size: int) -> np.ndarray:
    """Where TF's kernel writes each group's value: its kept coordinates as a flat index
    by the kept dimensions' strides (unchecked, so a coordinate past its dimension lands
    in a later row), refused only outside the output (TF's InternalError)."""
    if not kept_dims:  # (a scalar: every entry one group, at 0)
        return np.zeros(len(groups), np.int64)
    strides = np.cumprod([1] + [int(d) for d in kept_dims[:0:-1]])[::-1].astype(np.int64)
    flat = groups.astype(np.int64) @ strides
    bad = np.flatnonzero((flat < 0) | (flat >= size))
    if bad.size:
        raise InternalError(None, None, f"Obtained a write index of {int(flat[bad[0]])} "
                                        f"which is outside of bounds of [0, {size}) [Op:{op}]")
    return flat


def _reduce_reference(sparse_out: bool, fn: Callable) -> Callable:
    def reference(i: np.ndarray, v: np.ndarray, s: np.ndarray, a: np.ndarray, *,
                  keep_dims: bool = False) -> Any:
        rank = len(s)
        red = sorted({int(x) % rank for x in np.asarray(a).reshape(-1)})
        groups: dict = {}
        for row, val in sorted(zip(map(tuple, i.tolist()), v), key=lambda t: t[0]):
            key = tuple(0 if k in red else row[k] for k in range(rank)) if keep_dims else \
                tuple(row[k] for k in range(rank) if k not in red)
            groups.setdefault(key, []).append(val)
        shape = [1 if k in red else int(s[k]) for k in range(rank)] if keep_dims else \
            [int(s[k]) for k in range(rank) if k not in red]
        keys = sorted(groups)
        vals = np.array([fn(np.array(groups[k], v.dtype)) for k in keys], v.dtype)
        if sparse_out:
            return (np.array(keys, np.int64).reshape(len(keys), len(shape)), vals,
                    np.array(shape, np.int64))
        out = np.zeros(shape, v.dtype)
        for k, x in zip(keys, vals):
            out[k] = x
        return out
    return reference


def _sum_grad(n: Any, g: Any) -> list:
    """TF's: the gradient at each entry is the output's gradient at its kept indices."""
    indices, _, shape, axes = n.inputs
    dims, red = tf_constant_value(shape), tf_constant_value(axes)
    if dims is not None and red is not None:  # (TF's reduced_shape: a constant then)
        kept = np.array(_kept_dims(list(dims), _reduce_axes(n.op.name, red, len(dims)), True),
                        np.int32)
    else:
        kept = _reduced_shape(shape, axes)
    g = reshape(g, kept)
    scale = floordiv(shape, cast(kept, _I64))
    return [None, gather_nd(g, floordiv(indices, scale)), None, None]


def _reduced_shape(shape: Any, axes: Any) -> Any:
    """TF's math_ops.reduced_shape: `shape` (as int32) with the reduced dims 1."""
    shape = cast(shape, _I32)
    rank = size_op(shape)
    axes = floormod(axes + rank, rank)
    return dynamic_stitch([range_(rank), axes], [shape, fill(shape_op(axes), 1)])


def _max_ref(x: np.ndarray) -> Any:
    return _group_max(x)


_REDUCE_IDX = _i([[1, 2], [0, 1], [1, 0], [0, 3], [2, 2]])
_REDUCE_SHAPE = np.array([3, 4])


def _reduce_samples(sparse_out: bool, is_max: bool) -> Callable:
    def samples() -> list:
        grad = not (is_max or sparse_out)
        out = [
            Sample((_REDUCE_IDX, np.array([1.0, -2.0, 3.0, 4.5, 0.5]), _REDUCE_SHAPE,
                    np.array([1], np.int32)), {"keep_dims": False},
                   grad_inputs=(1,) if grad else (), grad=grad),
            Sample((_REDUCE_IDX, np.array([1.0, -2.0, 3.0, 4.5, 0.5], np.float32),
                    _REDUCE_SHAPE, np.array([0], np.int32)), {"keep_dims": True},
                   grad_inputs=(1,) if grad else (), grad=grad),
            Sample((_i([[0, 1, 1], [1, 0, 1], [0, 1, 0], [1, 1, 1]], 3),
                    np.array([1, 7, -3, 2], np.int32), np.array([2, 2, 2]),
                    np.array([-1, 0], np.int32)), {"keep_dims": False}, grad=False),
            Sample((_REDUCE_IDX, np.array([1.0, -2.0, 3.0, 4.5, 0.5], np.float16),
                    _REDUCE_SHAPE, np.array([], np.int32)), {"keep_dims": False}, grad=False),
            Sample((_REDUCE_IDX, np.array([1.0, -2.0, 3.0, 4.5, 0.5]), _REDUCE_SHAPE,
                    np.array(1, np.int32)), {"keep_dims": True}, grad=False)]
        if grad:
            out.append(Sample((_REDUCE_IDX, np.array([1.0, -2.0, 3.0, 4.5, 0.5]), _REDUCE_SHAPE,
                               np.array([0, 1], np.int32)), {"keep_dims": False},
                              grad_inputs=(1,)))
        return out
    return samples


def _reduce_bad_samples(op: str) -> Callable:
    def bad() -> list:
        f = np.array([1.0, 2.0])
        two = _i([[0, 0], [1, 1]])
        return [
            BadSample((two, f, np.array([2, 2]), np.array([2], np.int32)), {"keep_dims": False},
                      InvalidArgumentError, "Invalid reduction dimension 2, for input with 2 "
                                            "dimensions."),
            BadSample((two, f, np.array([2, 2]), np.array([-3], np.int32)),
                      {"keep_dims": False}, InvalidArgumentError,
                      "Invalid reduction dimension -3, for input with 2 dimensions."),
            BadSample((two, f[:1], np.array([2, 2]), np.array([1], np.int32)),
                      {"keep_dims": False}, InvalidArgumentError,
                      "indices and values rows (indexing dimension) must match. (indices = 2, "
                      "values = 1)"),
            BadSample((two, f, np.array([2, 2, 2]), np.array([1], np.int32)),
                      {"keep_dims": False}, InvalidArgumentError,
                      "Order length must be SparseTensor rank."),
            BadSample((two, f, np.array([-2, 2]), np.array([1], np.int32)),
                      {"keep_dims": False}, InvalidArgumentError,
                      "Expected shape dimensions to be non-negative, got -2"),
            BadSample((two, f, np.array([2, 2]), np.array([[1]], np.int32)),
                      {"keep_dims": False}, InvalidArgumentError,
                      "Expected reduction_axes to be a scalar or a vector; got shape: [1,1]"),
            BadSample((two, f, np.array([2, 2]), np.array([1], np.int64)),
                      {"keep_dims": False}, InvalidArgumentError,
                      f"cannot compute {op} as input #3(zero-based) was expected to be a int32 "
                      f"tensor but is a int64 tensor"),
            BadSample((two, np.array([True, False]), np.array([2, 2]),
                       np.array([1], np.int32)), {"keep_dims": False}, InvalidArgumentError,
                      "Value for attr 'T' of bool is not in the list")]
    return bad


def _register_reduce(op: str, allowed: frozenset, kernels: tuple, sparse_out: bool,
                     is_max: bool) -> OpDef:
    fn = _group_max if is_max else _group_sum
    ref_fn = _max_ref if is_max else (lambda x: np.sum(x, dtype=x.dtype))
    grad = C.no_gradient if is_max or sparse_out else _sum_grad
    return register(OpDef(
        op, _reduce_infer(op, allowed, kernels, sparse_out), _reduce_kernel(op, sparse_out, fn),
        num_outputs=3 if sparse_out else 1,
        reference=_reduce_reference(sparse_out, ref_fn), grad=grad, gpu=False,
        samples=_reduce_samples(sparse_out, is_max), bad_samples=_reduce_bad_samples(op)))


SPARSE_REDUCE_SUM = _register_reduce("SparseReduceSum", _NUMBER_T, _SUM_KERNELS, False, False)
SPARSE_REDUCE_SUM_SPARSE = _register_reduce("SparseReduceSumSparse", _NUMBER_T, _SUM_KERNELS,
                                            True, False)
SPARSE_REDUCE_MAX = _register_reduce("SparseReduceMax", _REAL_T, _REAL_KERNELS, False, True)
SPARSE_REDUCE_MAX_SPARSE = _register_reduce("SparseReduceMaxSparse", _REAL_T, _REAL_KERNELS,
                                            True, True)


def _read_sparse(x: Any) -> SparseTensor:
    """`x` as TF's sparse reductions read it: they take its `.indices` without checking
    its type, so anything else is Python's AttributeError, naming the type as TF's does
    (its eager tensor is a C type, named by its module)."""
    if not isinstance(x, (SparseTensor, SparseTensorValue)):
        raise C.no_attribute(x, "indices")
    return _sp(x)


def _reduce(sp_input: Any, axis: Any, keepdims: Any, output_is_sparse: bool, name: Any,
            dense_op: OpDef, sparse_op: OpDef) -> Any:
    sp = _read_sparse(sp_input)
    if axis is None:  # (TF's: every dim, a constant where the rank is known)
        rank = sp.shape.rank
        axes = convert_to_tensor_v2(list(range(rank)), _I32) if rank is not None else \
            range_(0, size_op(sp.dense_shape, name="Rank"))
    else:
        axes = axis if isinstance(axis, Tensor) else convert_to_tensor(axis, _I32)
    attrs = {"keep_dims": bool(keepdims)}
    try:
        if output_is_sparse:
            ind, val, shape = bind(sparse_op, (sp.indices, sp.values, sp.dense_shape, axes),
                                   attrs, name)
            return SparseTensor._of(ind, val, shape)._with_static(None)
        return bind(dense_op, (sp.indices, sp.values, sp.dense_shape, axes), attrs, name)
    except OpError as e:
        # (TF hands its op a Python list of axes as given: its wrapper's slow path, whose
        # errors name no name)
        if isinstance(axis, (list, tuple)):
            raise slow_path(e) from None
        raise


def reduce_sum_sparse(sp_input: SparseTensor, axis: Any = None, keepdims: Any = None,
                      output_is_sparse: bool = False, name: str | None = None) -> Any:
    """`tf.sparse.reduce_sum`: sums of the entries over `axis` (a dense tensor, or sparse),
    TF's SparseReduceSum (SparseReduceSumSparse)."""
    return _reduce(sp_input, axis, keepdims, output_is_sparse, name, SPARSE_REDUCE_SUM,
                   SPARSE_REDUCE_SUM_SPARSE)


def reduce_max_sparse(sp_input: SparseTensor, axis: Any = None, keepdims: Any = None,
                      output_is_sparse: bool = False, name: str | None = None) -> Any:
    """`tf.sparse.reduce_max`: the largest entry over `axis` (implicit zeros are not
    entries: a group without any gives 0, as TF), TF's SparseReduceMax(Sparse)."""
    return _reduce(sp_input, axis, keepdims, output_is_sparse, name, SPARSE_REDUCE_MAX,
                   SPARSE_REDUCE_MAX_SPARSE)


# ---------------------------------------------------------------------------------------
# SparseDenseCwiseAdd, SparseDenseCwiseMul, SparseDenseCwiseDiv.
# ---------------------------------------------------------------------------------------

def _cwise_shape_checks(op: str, i: tuple, v: tuple, s: tuple) -> None:
    check_coo_ranks(op, "sp_", i, v, s)
    if i[0] != v[0]:
        raise C.fail(op, f"The first dimension of values and indices should match. "
                         f"({v[0]} vs. {i[0]})")
    if i[1] != s[0]:
        raise C.fail(op, f"Number of dimensions must match second dimension of indices. Got "
                         f"{s[0]} dimensions, indices shape: {C.shape_str(i)}")


def _cwise_dims_checks(op: str, dims: np.ndarray, dense: tuple) -> None:
    dims_checks(op, dims)
    ds = dims.tolist()
    ok = len(dense) <= len(ds) and all(d in (1, s) for d, s in zip(dense[::-1], ds[::-1]))
    if not ok:
        raise C.fail(op, f"SparseDenseBinaryOpShared broadcasts dense to sparse only; got "
                         f"incompatible shapes: {C.shape_str(tuple(ds))} vs. "
                         f"{C.shape_str(dense)}")
    if not ds:
        raise C.fail(op, "The shape argument requires at least one element.")
    if len(ds) > 5:
        raise C.fail(op, f"Only tensors with ranks between 1 and 5 are currently supported.  "
                         f"Tensor rank: {len(ds)}")


def _cwise_infer(op: str) -> Callable:
    def infer(i: Any, v: Any, s: Any, y: Any) -> list:
        d = C.check_dtype(op, v, _NUMBER_T)
        _int64_inputs(op, (i, v, s), (0, 2))
        if y._dtype is not d:
            raise C.wrong_input_dtype(op, 3, d, y._dtype)
        if d not in _REAL_KERNELS:
            raise C.no_kernel(op, f"T={C.dt_enum(d)}", _REAL_KERNELS)
        if _known(i, v, s, y):
            _cwise_shape_checks(op, i._shape, v._shape, s._shape)
            dims = _value(s)
            if dims is not None:
                _cwise_dims_checks(op, dims, y._shape)
        n = v._shape[0] if v._shape is not None and len(v._shape) == 1 else None
        return [((n,), d)]
    return infer


def _at_entries(idx: np.ndarray, y: np.ndarray) -> np.ndarray:
    """y's entry at each row of idx, y broadcast to the sparse shape (from the right)."""
    rank = idx.shape[1]
    cols = tuple(np.zeros(len(idx), np.int64) if d == 1 else idx[:, rank - y.ndim + k]
                 for k, d in enumerate(y.shape))
    return y[cols] if cols else np.broadcast_to(y, (len(idx),))


def _int_div(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """C++'s integer division: truncated toward zero (INT_MIN / -1 wraps)."""
    with np.errstate(all="ignore"):
        q = np.floor_divide(a, b)
        fix = (q < 0) & (q * b != a)
        return (q + fix.astype(q.dtype)).astype(a.dtype)


def _combine(op: str, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):
        if op.endswith("Add"):
            return (a + b).astype(a.dtype)
        if op.endswith("Mul"):
            return (a * b).astype(a.dtype)
        return _int_div(a, b) if a.dtype.kind in "iu" else (a / b).astype(a.dtype)


def _cwise_kernel(op: str) -> Callable:
    def kernel(xp: Any, i: Any, v: Any, s: Any, y: Any) -> Any:
        _cwise_shape_checks(op, i.shape, v.shape, s.shape)
        dims = np.asarray(to_host(s)).astype(np.int64)
        _cwise_dims_checks(op, dims, tuple(y.shape))
        idx = np.asarray(to_host(i)).astype(np.int64)
        if ((idx < 0) | (idx >= dims)).any():
            raise C.fail(op, "Provided indices are out-of-bounds w.r.t. dense side with "
                             "broadcasted shape")
        picked = _flush(_at_entries(idx, np.asarray(to_host(y))))
        if op.endswith("Div") and (picked == 0).any():
            raise C.fail(op, "SparseDenseCwiseDiv cannot divide by zero,but input dense "
                             "tensor contains zero ")
        return xp.asarray(_flush(_combine(op, _flush(np.asarray(to_host(v))), picked)))
    return kernel


def _cwise_reference(op: str) -> Callable:
    def reference(i: np.ndarray, v: np.ndarray, s: np.ndarray, y: np.ndarray) -> np.ndarray:
        full = np.broadcast_to(y, tuple(int(d) for d in s))
        picked = np.array([full[tuple(row)] for row in i.tolist()], y.dtype).reshape(-1)
        return _combine(op, v, picked)
    return reference


def _cwise_grad(is_mul: bool) -> Callable:
    def grad(n: Any, g: Any) -> list:
        """TF's: the dense operand's entries at the sparse indices (scaled down where it
        broadcasts), its gradient summed back by a SparseTensorDenseAdd onto zeros."""
        indices, values, shape, y = n.inputs
        y_shape = cast(shape_op(y), _I64)
        added = expand_dims(size_op(shape) - size_op(y_shape), 0)
        scaling = floordiv(shape, concat([ones(added, _I64), y_shape], 0))
        scaled = slice_op(floordiv(indices, scaling), concat([[0], added], 0),
                          np.array([-1, -1], np.int32))
        dense_values = gather_nd(y, scaled)
        if is_mul:
            dx, dy_values = g * dense_values, g * values
        else:
            dx = g / dense_values
            dy_values = g * (-values / square(dense_values))
        dy = bind(SPARSE_TENSOR_DENSE_ADD, (scaled, dy_values, y_shape, zeros_like(y)), {})
        return [None, dx, None, dy]
    return grad


def _add_grad(n: Any, g: Any) -> list:
    raise NotImplementedError("Gradient for SparseDenseCwiseAdd is not implemented.")


def _cwise_samples(op: str) -> Callable:
    def samples() -> list:
        grad = not op.endswith("Add")
        gi = (1, 3) if grad else ()
        return [
            Sample((_REDUCE_IDX, np.array([1.0, -2.0, 3.0, 4.5, 0.5]), _REDUCE_SHAPE,
                    np.array([1.5, -2.0, 3.0, 0.5])), grad_inputs=gi, grad=grad),
            Sample((_REDUCE_IDX, np.array([1.0, -2.0, 3.0, 4.5, 0.5], np.float32),
                    _REDUCE_SHAPE, np.array([[2.0], [-1.0], [4.0]], np.float32)),
                   grad_inputs=gi, grad=grad),
            # (TF's gradient fails for a scalar dense: GatherNd of a scalar)
            Sample((_REDUCE_IDX, np.array([1.0, -2.0, 3.0, 4.5, 0.5]), _REDUCE_SHAPE,
                    np.array(2.5)), grad=False),
            Sample((_REDUCE_IDX, np.array([7, -7, 3, 9, 1], np.int32), _REDUCE_SHAPE,
                    np.arange(1, 13, dtype=np.int32).reshape(3, 4) * -2), grad=False),
            Sample((_i([[0, 1, 1], [1, 0, 2]], 3), np.array([1.0, 3.0], np.float16),
                    np.array([2, 2, 3]), np.array([[2.0, 4.0, 8.0]], np.float16)), grad=False)]
    return samples


def _cwise_bad_samples(op: str) -> Callable:
    def bad() -> list:
        f = np.array([1.0, 2.0])
        two = _i([[0, 0], [1, 1]])
        out = [
            BadSample((two, f, np.array([2, 2]), np.ones(3)), {}, InvalidArgumentError,
                      "SparseDenseBinaryOpShared broadcasts dense to sparse only; got "
                      "incompatible shapes: [2,2] vs. [3]"),
            BadSample((_i([[0, 2], [1, 1]]), f, np.array([2, 2]), np.ones(2)), {},
                      InvalidArgumentError, "Provided indices are out-of-bounds w.r.t. dense "
                                            "side with broadcasted shape"),
            BadSample((two, f[:1], np.array([2, 2]), np.ones(2)), {}, InvalidArgumentError,
                      "The first dimension of values and indices should match. (1 vs. 2)"),
            BadSample((two, f, np.array([2, 2, 2]), np.ones(2)), {}, InvalidArgumentError,
                      "Number of dimensions must match second dimension of indices. Got 3 "
                      "dimensions, indices shape: [2,2]"),
            BadSample((two, f, np.array([-2, 2]), np.ones(2)), {}, InvalidArgumentError,
                      "Expected shape dimensions to be non-negative, got -2"),
            BadSample((np.zeros((2, 6), np.int64), f, np.ones(6, np.int64), np.ones([1] * 6)), {},
                      InvalidArgumentError, "Only tensors with ranks between 1 and 5 are "
                                            "currently supported.  Tensor rank: 6"),
            BadSample((two, f.astype(np.complex64), np.array([2, 2]),
                       np.ones(2, np.complex64)), {}, NotFoundError,
                      f"Could not find device for node: {{{{node {op}}}}} = "
                      f"{op}[T=DT_COMPLEX64]")]
        if op.endswith("Div"):
            out.append(BadSample((two, f, np.array([2, 2]), np.array([1.0, 0.0])), {},
                                 InvalidArgumentError, "SparseDenseCwiseDiv cannot divide by "
                                                       "zero,but input dense tensor contains "
                                                       "zero"))
        return out
    return bad


def _register_cwise(op: str, grad: Callable) -> OpDef:
    return register(OpDef(op, _cwise_infer(op), _cwise_kernel(op), reference=_cwise_reference(op),
                          grad=grad, gpu=False, samples=_cwise_samples(op),
                          bad_samples=_cwise_bad_samples(op)))


SPARSE_DENSE_CWISE_ADD = _register_cwise("SparseDenseCwiseAdd", _add_grad)
SPARSE_DENSE_CWISE_MUL = _register_cwise("SparseDenseCwiseMul", _cwise_grad(True))
SPARSE_DENSE_CWISE_DIV = _register_cwise("SparseDenseCwiseDiv", _cwise_grad(False))


def sparse_dense_cwise(sp: SparseTensor, y: Any, op: OpDef) -> SparseTensor:
    """`sp * y`, `sp / y`: the op over sp's values, y converted to their dtype (TF's `y`
    input); integers divided as floats, as TF's truediv casts both first."""
    if isinstance(y, SparseTensor):
        raise ValueError(f"Attempt to convert a value ({y!r}) with an unsupported type "
                         f"({type_repr(y)}) to a Tensor.")
    values = sp.values
    try:
        y = y if isinstance(y, Tensor) and y._dtype is values._dtype else \
            convert_to_tensor(y, dtype=values._dtype)
    except ValueError as e:  # TF converts it as the op's input "y", which its message names
        raise ValueError(f"y: {e}") from None
    div = op is SPARSE_DENSE_CWISE_DIV
    with name_scope("truediv" if div else "mul") as scope:  # (TF's operator's scope)
        if div and values._dtype.is_integer:
            target = dt.float32 if values._dtype.size <= 2 else dt.float64
            values, y = cast(values, target), cast(y, target)
        out = bind(op, (sp.indices, values, sp.dense_shape, y), {}, _traced(scope))
    return SparseTensor._of(sp.indices, out, sp.dense_shape)
