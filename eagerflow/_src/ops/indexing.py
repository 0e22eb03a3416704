"""Indexing ops: gather, unsorted segment sums, boolean_mask, sequence_mask, repeat
(gather_nd and the scatters are in nd_indexing.py, unique and one_hot in unique_one_hot.py).

Gathers come in adjoint pairs (GatherV2 / GatherV2Grad; along axis 0 the gradient is an
IndexedSlices, as TF's; along another, in a graph, TF's UnsortedSegmentSum between two
Transposes), so gradients of any order work. Indices are checked against the shapes they
index first: one out of range is an InvalidArgumentError naming it, never a wrap-around.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.backend import add_at
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.name_scope import wrapper_scope
from eagerflow._src.core.py_conversion import op_input_refusal
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import (
    EagerTensor,
    Tensor,
    check_finite_size,
    convert_to_tensor,
    host_tensor,
)
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.array import (
    CONCAT,
    SLICES_GRAD,
    TRANSPOSE,
    concat,
    expand_dims,
    reshape,
    split,
    squeeze,
)
from eagerflow._src.ops.array import range as range_
from eagerflow._src.ops.array import shape as shape_of
from eagerflow._src.ops.composite_dispatch import binds_first, dispatch_binding, dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import (
    Spec,
    check_runtime_arg,
    needs_runtime,
    partial_value,
    runtime_ints,
    runtime_segments,
    scalar_arg,
    segments_arg,
    shape_arg,
    tf_constant_value,
    traced_arg,
)
from eagerflow._src.ops.eager_errors import decorate, slow_inputs, slow_path
from eagerflow._src.ops.graph_constants import as_input
from eagerflow._src.ops.indexed_slices import IndexedSlices
from eagerflow._src.ops.math import greater_equal, less, logical_and, maximum
from eagerflow._src.ops.math_base import _t, cast, where, zeros_like
from eagerflow._src.ops.reduce import reduce_max, size
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, TFForm, register
from eagerflow._src.ops.sequences import RANGE
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.tiling import tile
from eagerflow._src.ops.variables import Variable

_rng = SampleRNG(5)
_INDEX_TYPES = frozenset((dt.int16, dt.int32, dt.int64))


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-2, 2, size=shape)


def _check_indices(op: str, idx: Any, what: str = "Tindices",
                   allowed: frozenset = _INDEX_TYPES) -> None:
    if idx._dtype not in allowed:
        if allowed == _INDEX_TYPES:  # (TF's ops declare these int16 first, not by enum)
            raise C.fail(op, f"Value for attr '{what}' of {C.dtype_word(idx._dtype)} is not "
                             f"in the list of allowed values: int16, int32, int64\n\t; "
                             f"NodeDef: {{{{node {op}}}}}")
        raise C.not_supported(op, idx._dtype, allowed, what)


def _flat_index_str(idx_shape: tuple, flat: int) -> str:
    pos = np.unravel_index(flat, idx_shape) if idx_shape else ()
    return ",".join(str(int(p)) for p in pos)  # TF: "indices[0,1]"


# ---------------------------------------------------------------------------------------
# gather / GatherV2 and its adjoint.
# ---------------------------------------------------------------------------------------

def _gather_infer(params: Any, indices: Any, *dyn: Any, axis: int | None, batch_dims: int,
                  op: str = "GatherV2") -> list:
    if dyn:
        check_runtime_arg(op, dyn, "axis", rank=0)
    _check_indices(op, indices)
    C.refuse_narrow_gather(op, params._dtype, indices._dtype, batch_dims)
    ps, is_ = params._shape, indices._shape
    if ps == () and _state.graph is None:
        # (TF's kernel asks this first, whatever the axis and batch_dims; a graph's shape
        # function words it as the axis' rank check below)
        raise C.fail(op, "params must be at least 1 dimensional")
    if ps is None or is_ is None:
        return [(None, params._dtype)]
    if not dyn and (axis >= len(ps) or axis < -len(ps)):  # (TF's raw op takes -rank..)
        need = axis + 1 if axis >= 0 else -axis
        raise C.fail(op, f"Shape must be at least rank {need} but is rank {len(ps)}")
    if not dyn and axis < 0:
        axis += len(ps)
    batch_dims = _batch_dims(op, batch_dims, len(is_))
    if dyn:  # a runtime axis: TF knows the rank only
        return [((None,) * (len(ps) + len(is_) - 1 - batch_dims), params._dtype)]
    if batch_dims >= len(ps):  # (TF's kernel asks this before the axis; its shape function
        # asks the params' rank)
        raise C.fail(op, f"Shape must be at least rank {batch_dims + 1} but is rank "
                         f"{len(ps)}" if _state.graph is not None else
                     f"batch_dims ({batch_dims}) must be less than rank(params) ({len(ps)}).")
    if batch_dims > axis:
        raise C.fail(op, f"batch_dims ({batch_dims}) must be less than or equal to axis "
                         f"({axis}).")
    for i in range(batch_dims):
        if ps[i] is not None and is_[i] is not None and ps[i] != is_[i]:
            raise C.fail(op, f"params.shape[{i}]: {ps[i]} should be equal to "
                             f"indices.shape[{i}]: {is_[i]}")
    out = tuple(ps[:axis]) + tuple(is_[batch_dims:]) + tuple(ps[axis + 1:])
    if None not in out:
        check_finite_size(op, out, params._dtype)
    return [(out, params._dtype)]


def _batch_dims(op: str, batch_dims: int, indices_rank: int) -> int:
    """batch_dims checked against the indices' rank (TF's kernel takes -rank..rank, both
    ends included) and counted from the front."""
    if not -indices_rank <= batch_dims <= indices_rank:
        raise C.fail(op, f"Expected batch_dims in the range [{-indices_rank}, {indices_rank}], "
                         f"but got {batch_dims}")
    return batch_dims + indices_rank if batch_dims < 0 else batch_dims


def _check_range(op: str, indices: Any, limit: int) -> None:
    bad = (indices < 0) | (indices >= limit)
    if bad.any():
        flat = int(bad.reshape(-1).argmax())  # the first bad index
        pos = _flat_index_str(indices.shape, flat)
        where = f"indices[{pos}]" if indices.ndim else "indices"  # TF: "indices = 2" for a scalar
        raise InvalidArgumentError(None, None, f"{where} = {int(indices.reshape(-1)[flat])} "
                                               f"is not in [0, {limit}) [Op:{op}]")


def gathers_nothing(params: Any, indices: Any, axis: int) -> bool:
    """Whether a Gather/GatherV2 output is empty: TF's kernel then returns before it reads
    an index (it gathers only when the indices, the dims before the axis and those after
    it all hold values), so no index is out of range there."""
    return not (indices.size and math.prod(params.shape[:axis])
                and math.prod(params.shape[axis + 1:]))


def take(xp: Any, op: str, params: Any, indices: Any, axis: int,
         check_empty: bool = False) -> Any:
    """`xp.take(params, indices, axis)` as TF's gather kernels take: an index out of
    [0, n) is its CPU kernel's error (ResourceGather's even for an empty output:
    check_empty; Gather's and GatherV2's only when it holds values); its GPU kernel gives
    zeros for it (as tf.gather documents), so a device reads no index back to check it."""
    n = params.shape[axis]
    out_shape = params.shape[:axis] + indices.shape + params.shape[axis + 1:]
    if xp is np:
        if check_empty or not gathers_nothing(params, indices, axis):
            _check_range(op, indices, n)
        elif indices.size:  # (NumPy's take would read the indices)
            return xp.zeros(out_shape, params.dtype)
        return xp.take(params, indices, axis=axis)
    bad = (indices < 0) | (indices >= n)
    if not n:
        return xp.zeros(out_shape, params.dtype)
    rows = xp.take(params, xp.where(bad, 0, indices), axis=axis)
    where_bad = bad.reshape((1,) * axis + indices.shape + (1,) * (params.ndim - axis - 1))
    return xp.where(where_bad, xp.zeros((), params.dtype), rows)


def _batched(fn: Any, a: Any, idx: Any, batch_dims: int, *rest: Any) -> list:
    """fn applied per batch entry (the leading batch_dims dims of `a` and `idx` merged)."""
    b = int(np.prod(a.shape[:batch_dims], dtype=np.int64))
    aa = a.reshape((b,) + a.shape[batch_dims:])
    ii = idx.reshape((b,) + idx.shape[batch_dims:])
    rr = [r.reshape((b,) + r.shape[batch_dims:]) for r in rest]
    return [fn(aa[k], ii[k], *(r[k] for r in rr)) for k in range(b)]


def _runtime_axis(params: Any, indices: Any, dyn: tuple, axis: int | None,
                  batch_dims: int) -> int:
    """The runtime value of the axis input (checked)."""
    a, r = runtime_ints(dyn[0])[0], params.ndim
    if not -r <= a < r:
        raise C.fail("GatherV2", f"Expected axis in the range [{-r}, {r}), but got {a}")
    a = a + r if a < 0 else a
    _gather_infer(Spec(params), Spec(indices), axis=a, batch_dims=batch_dims)
    return a


def _gather_kernel(xp: Any, params: Any, indices: Any, *dyn: Any, axis: int | None,
                   batch_dims: int) -> Any:
    if dyn:
        axis = _runtime_axis(params, indices, dyn, axis, batch_dims)
    axis += params.ndim if axis < 0 else 0  # (infer checked both ranges)
    batch_dims += indices.ndim if batch_dims < 0 else 0
    if batch_dims == 0:
        return take(xp, "GatherV2", params, indices, axis)
    if xp is np and not gathers_nothing(params, indices, axis):
        _check_range("GatherV2", indices, params.shape[axis])
    return _batched_take(xp, params, indices, axis, batch_dims)


def _batched_take(xp: Any, params: Any, indices: Any, axis: int, batch_dims: int) -> Any:
    """take() per batch entry (the leading batch_dims dims of params and indices), as one
    indexing of all entries at once (a loop over them takes minutes for a batch of
    millions of empty ones). An index out of [0, n) gives zeros, as take's on a device
    (the host's are refused before)."""
    n, prod = params.shape[axis], math.prod
    b, pre = prod(params.shape[:batch_dims]), prod(params.shape[batch_dims:axis])
    flat = params.reshape(b, pre, n, prod(params.shape[axis + 1:]))
    idx = indices.reshape(b, prod(indices.shape[batch_dims:]))
    bad = (idx < 0) | (idx >= n)
    if n:
        out = flat[xp.arange(b)[:, None, None], xp.arange(pre)[None, :, None],
                   xp.where(bad, 0, idx)[:, None, :]]
        out = xp.where(bad[:, None, :, None], xp.zeros((), params.dtype), out)
    else:
        out = xp.zeros((b, pre, idx.shape[1], flat.shape[3]), params.dtype)
    return out.reshape(params.shape[:axis] + indices.shape[batch_dims:] +
                       params.shape[axis + 1:])


def _gather_grad(n: Any, g: Any) -> list:
    """Along axis 0 (no batch dims) TF's IndexedSlices: g's rows by the flat indices."""
    params, indices, *dyn = n.inputs
    inner = params._shape[1:] if params._shape is not None else (None,)
    if n.attrs["axis"] == 0 and not n.attrs["batch_dims"] and None not in inner:
        return [IndexedSlices(reshape(g, [-1, *inner]), reshape(indices, [-1]),
                              shape_of(params)), None]
    if _state.graph is not None and not n.attrs["batch_dims"]:
        return [_graph_gather_grad(n, g), None] + [None] * len(dyn)
    return [bind(GATHER_GRAD, (g, indices, params, *dyn), dict(n.attrs)), None] + \
        [None] * len(dyn)


def _concat_slices_grad(n: Any, g: IndexedSlices) -> list:
    """ConcatV2's gradient of an IndexedSlices `g`, as TF's: along axis 0 each input's
    rows of g (those of its indices within the input, less its offset); along another
    axis all of g's rows, their values cut at the inputs' sizes there. An axis unknown
    when the gradient is built (TF refuses it) takes g dense."""
    runtime = n.attrs["axis"] is None  # (the axis as the last input: no gradient to it)
    xs = n.inputs[:-1] if runtime else n.inputs
    axis = tf_constant_value(n.inputs[-1]) if runtime else n.attrs["axis"]
    rank = xs[0].shape.rank
    if axis is None or rank is None:
        return CONCAT.grad(n, g._as_tensor())
    axis = int(np.reshape(axis, [-1])[0]) % rank
    tail = [None] if runtime else []
    if axis > 0:
        sizes = [shape_of(x)[axis] for x in xs]
        parts = split(g.values, stack(sizes), axis=axis)
        return [IndexedSlices(v, g.indices, shape_of(x)) for v, x in zip(parts, xs)] + tail
    out, start = [], convert_to_tensor(0, g.indices.dtype)
    for x in xs:
        shape = shape_of(x)
        end = start + cast(shape[0], g.indices.dtype)
        rows = reshape(where(logical_and(greater_equal(g.indices, start),
                                         less(g.indices, end))), [-1])
        out.append(IndexedSlices(gather(g.values, rows), gather(g.indices, rows) - start,
                                 shape))
        start = end
    return out + tail


SLICES_GRAD[0] = _concat_slices_grad


def _graph_gather_grad(n: Any, g: Any) -> Any:
    """GatherV2's gradient along an axis other than 0 (no batch dims) as TF's graph builds
    it: g reshaped to [outer dims, gathered positions, inner dims], the positions' axis
    moved to the front, summed by UnsortedSegmentSum into params' size along the axis, and
    moved back. (Eagerly GatherV2Grad computes the same sums at once.) TF also makes two
    values it leaves unused, the indices' size as a vector and params' shape permuted:
    they are made here too, so that the graph's nodes and names are TF's."""
    params, indices = n.inputs[:2]
    axis = n.inputs[2] if n.attrs["axis"] is None else traced_arg(n, 2, None)
    if axis is None:
        axis = convert_to_tensor(n.attrs["axis"], dtype=dt.int32)
    params_shape = shape_of(params)
    expand_dims(size(indices), 0)  # (unused)
    outer_shape = params_shape[:axis]
    inner_shape = params_shape[axis:][1:]
    values_shape = concat([outer_shape, [-1], inner_shape], 0)
    values_dims = size(values_shape)
    axis_dims = size(outer_shape)
    batch_axes = range_(0)  # (no batch dims)
    outer_axes = range_(0, axis_dims)
    inner_axes = range_(axis_dims + 1, values_dims)
    values = reshape(g, values_shape)
    to_front = concat([batch_axes, [axis_dims], outer_axes, inner_axes], 0)
    values = _transposed(values, to_front)
    gather(params_shape, to_front)  # (unused)
    num_segments = params_shape[axis]
    flat_indices = reshape(indices, expand_dims(size(indices), 0))
    summed = unsorted_segment_sum(values, flat_indices, num_segments)
    back = concat([batch_axes, outer_axes + 1, [0], inner_axes], 0)
    return reshape(_transposed(summed, back), shape_of(params))


def _transposed(x: Any, perm: Any) -> Any:
    """x transposed by the graph tensor perm, a Transpose node without tf.transpose's
    scope (TF's gradients call the op itself)."""
    static, dyn = shape_arg(perm, "perm")
    return bind(TRANSPOSE, (x,) + dyn, {"perm": static})


def _gather_ref(params: np.ndarray, indices: np.ndarray, axis: int,
                batch_dims: int) -> np.ndarray:
    axis += params.ndim if axis < 0 else 0
    out_shape = params.shape[:axis] + indices.shape[batch_dims:] + params.shape[axis + 1:]
    out = np.empty(out_shape, dtype=params.dtype)
    ni = indices.ndim - batch_dims
    for pos in np.ndindex(*out_shape):
        batch = pos[:batch_dims]
        pre = pos[:axis]
        ipos = pos[axis:axis + ni]
        post = pos[axis + ni:]
        out[pos] = params[pre + (indices[batch + ipos],) + post]
    return out


GATHER = register(OpDef(
    "GatherV2", _gather_infer, _gather_kernel, grad=_gather_grad, reference=_gather_ref,
    samples=lambda: [
        Sample((_f64(5, 3), np.array([4, 0, 4], np.int32)), {"axis": 0, "batch_dims": 0}),
        Sample((_f64(2, 5, 3), np.array([[1, 2], [0, 0]], np.int64)),
               {"axis": 1, "batch_dims": 0}),
        Sample((_f64(2, 4, 3), np.array([[3, 1], [0, 0]], np.int32)),
               {"axis": 1, "batch_dims": 1}),
        Sample((_f64(2, 3, 4), np.array([[[1], [0], [2]], [[3], [3], [0]]], np.int32)),
               {"axis": 2, "batch_dims": 2}),
        # (the raw op's axis counted from the end, as TF's graphs give it: keras.ops.median)
        Sample((_f64(2, 4, 3), np.array([[2, 1], [0, 0]], np.int32)),
               {"axis": -1, "batch_dims": 1})],
    bad_samples=lambda: [
        BadSample((np.ones((2, 2)), np.array([1], np.int32)),
                  {"axis": -3, "batch_dims": 0}, InvalidArgumentError,
                  "Shape must be at least rank 3 but is rank 2"),
        # (TF's CPU kernel's checks: its GPU kernel gives zeros for such an index)
        BadSample((np.ones(3), np.array([3], np.int32)), {"axis": 0, "batch_dims": 0},
                  InvalidArgumentError, "indices[0] = 3 is not in [0, 3)", cpu_only=True),
        BadSample((np.ones(3), np.array([-1], np.int32)), {"axis": 0, "batch_dims": 0},
                  InvalidArgumentError, "indices[0] = -1 is not in [0, 3)", cpu_only=True),
        BadSample((np.ones(3), np.array([1.0])), {"axis": 0, "batch_dims": 0},
                  InvalidArgumentError, "Value for attr 'Tindices' of double"),
        BadSample((np.ones((2, 2)), np.array([1], np.int32)),
                  {"axis": 2, "batch_dims": 0}, InvalidArgumentError,
                  "Shape must be at least rank 3 but is rank 2"),
        BadSample((np.ones((2, 2)), np.array([[1], [0]], np.int32)),
                  {"axis": 0, "batch_dims": 1}, InvalidArgumentError,
                  "batch_dims (1) must be less than or equal to axis (0)."),
        BadSample((np.ones((2, 2)), np.array([1], np.int32)),
                  {"axis": 1, "batch_dims": 2}, InvalidArgumentError,
                  "Expected batch_dims in the range [-1, 1], but got 2")],
))


def _gather_grad_infer(g: Any, indices: Any, like: Any, *dyn: Any, axis: int | None,
                       batch_dims: int) -> list:
    """`g` must have the shape GatherV2(like, indices) has; the result has `like`'s."""
    C.same_dtype("GatherV2Grad", (g,), C.NUMERIC)
    [(want, _)] = _gather_infer(like, indices, *dyn, axis=axis, batch_dims=batch_dims,
                                op="GatherV2Grad")
    if want is not None and g._shape is not None and not C.compatible(want, g._shape):
        raise C.fail("GatherV2Grad", f"gradient shape {C.shape_str(g._shape)} != gathered "
                                     f"shape {C.shape_str(want)}")
    if like._shape is not None and None not in like._shape:
        check_finite_size("GatherV2Grad", like._shape, g._dtype)
    return [(like._shape, g._dtype)]


def _dropping_bad(xp: Any, g: Any, indices: Any, shape: tuple, axis: int,
                  batch_dims: int) -> tuple:
    """(indices, g) for a device's GatherV2Grad: the gradient at an index out of range
    dropped, as TF's GPU kernels drop it (its gather gave zeros there), with no read back:
    that index made 0 and its gradient -0 (x + -0 is x for every x; an integer's 0)."""
    bad = indices.astype(np.uint64) >= np.uint64(shape[axis])  # (negatives too, unsigned)
    lead, rest = indices.shape[:batch_dims], indices.shape[batch_dims:]
    spread = bad.reshape(lead + (1,) * (axis - batch_dims) + rest +
                         (1,) * (len(shape) - axis - 1))
    return (xp.where(bad, 0, indices),
            xp.where(spread, xp.negative(xp.zeros((), g.dtype)), g))


def _gather_grad_kernel(xp: Any, g: Any, indices: Any, like: Any, *dyn: Any, axis: int | None,
                        batch_dims: int) -> Any:
    if dyn:
        axis = _runtime_axis(like, indices, dyn, axis, batch_dims)
    axis += like.ndim if axis < 0 else 0
    batch_dims += indices.ndim if batch_dims < 0 else 0  # (as GatherV2's kernel counts it)
    if xp is np:
        _check_range("GatherV2Grad", indices, like.shape[axis])
    else:
        indices, g = _dropping_bad(xp, g, indices, like.shape, axis, batch_dims)

    def one(gg: Any, ii: Any, out: Any) -> None:
        ax = axis - batch_dims
        moved = xp.moveaxis(gg, list(range(ax, ax + ii.ndim)), list(range(ii.ndim)))
        add_at(xp, xp.moveaxis(out, ax, 0), ii, moved)

    out = xp.zeros(like.shape, dtype=g.dtype)
    if not out.size:  # (a device's dropped indices, made 0, would still index an empty axis)
        return out
    if batch_dims == 0:
        one(g, indices, out)
    elif out.size:
        _batched(one, g, indices, batch_dims, out)  # writes through views of `out`
    return out


GATHER_GRAD = register(OpDef(
    "GatherV2Grad",  # the adjoint of GatherV2: sums `g` into the gathered positions
    _gather_grad_infer, _gather_grad_kernel,
    grad=lambda n, dy: [bind(GATHER, (dy, n.inputs[1], *n.inputs[3:]), dict(n.attrs)), None,
                        None] + [None] * (len(n.inputs) - 3),
    reference=lambda g, indices, like, axis, batch_dims: _gather_grad_ref(g, indices, like,
                                                                          axis, batch_dims),
    samples=lambda: [
        Sample((_f64(3, 3), np.array([4, 0, 4], np.int32), np.zeros((5, 3))),
               {"axis": 0, "batch_dims": 0}, grad_inputs=(0,)),
        Sample((_f64(2, 2, 3), np.array([[3, 1], [0, 0]], np.int32), np.zeros((2, 4, 3))),
               {"axis": 1, "batch_dims": 1}, grad_inputs=(0,))],
    tf=TFForm(export=lambda n, b: _gather_grad_tf(n, b)),
))


def _gather_grad_tf(n: Any, b: Any) -> list:
    """TF's way: UnsortedSegmentSum of the gradient by the indices, the gathered axis moved
    to the front and back (batch_dims 0, an axis known at trace time)."""
    axis, batch_dims = n.attrs["axis"], n.attrs["batch_dims"]
    g_shape, i_shape = b.static_shape(0), b.static_shape(1)
    if batch_dims or axis is None or g_shape is None or i_shape is None:
        raise ValueError("GatherV2Grad with batch_dims, a runtime axis or unknown ranks has "
                         "no TensorFlow form")
    k, r = len(i_shape), len(g_shape)
    g = b.input(0)
    if axis:
        perm = list(range(axis, axis + k)) + list(range(axis)) + list(range(axis + k, r))
        g = b.node("Transpose", [g, b.const(perm, dt.int32)])[0]
    count = b.shape_of(2, axis, axis + 1)
    out = b.node("UnsortedSegmentSum", [g, b.input(1), b.node("Squeeze", [count])[0]])
    if axis:
        back = list(range(1, axis + 1)) + [0] + list(range(axis + 1, r - k + 1))
        out = b.node("Transpose", [out[0], b.const(back, dt.int32)])
    return out


def _gather_grad_ref(g: np.ndarray, indices: np.ndarray, like: np.ndarray, axis: int,
                     batch_dims: int) -> np.ndarray:
    out = np.zeros(like.shape, dtype=g.dtype)
    ni = indices.ndim - batch_dims
    for pos in np.ndindex(*g.shape):
        batch = pos[:batch_dims]
        ipos = pos[axis:axis + ni]
        out[pos[:axis] + (indices[batch + ipos],) + pos[axis + ni:]] += g[pos]
    return out


@dispatchable
@binds_first
@slow_inputs("params", "indices", "axis")
def gather(params: Any, indices: Any, validate_indices: Any = None, axis: Any = None,
           batch_dims: int = 0, name: str | None = None) -> Any:
    if axis is None:
        axis = batch_dims  # (TF's: the value as given, -1 gathering along the last axis)
    fast = True
    if _static_int(axis) == 0:
        batch_dims = 0  # (as TF's gather: along axis 0 it gathers rows, batch_dims unused)
    else:  # GatherV2's int attr, taken before its inputs: a list's or string's TypeError
        fast = type(batch_dims) in (int, bool)  # (else TF's fallback runs it: no name)
        batch_dims = 0 if batch_dims is None else AV.make_int(batch_dims, "batch_dims")
    if type(params) is not EagerTensor and isinstance(params, Variable) and \
            (axis is None or _static_int(axis) == 0) and batch_dims == 0 and \
            not params._ref_nodes:  # (a TF 1 reference variable: its snapshot's GatherV2)
        # (as TF's: a variable's rows are its sparse_read, TF's ResourceGather on its
        # handle: no ReadVariableOp, its errors; ops/resource_gather.py)
        return params.sparse_read(indices, name)
    p, i = as_input(params, "params"), as_input(indices, "indices")
    pr = len(p._shape) if p._shape is not None else None
    ir = len(i._shape) if i._shape is not None else None
    if ir is not None and -ir <= batch_dims < 0:  # (out of range: GatherV2 says so)
        batch_dims += ir
    axis, dyn = (axis, ()) if type(axis) is int else (_eager_axis(axis, fast), ()) \
        if _state.graph is None else scalar_arg(_graph_axis(axis), "axis")
    if dyn:  # an axis known at run time: GatherV2 takes it as an input
        if batch_dims:
            raise ValueError("gather with batch_dims needs an axis known when the function is "
                             "traced")
        return bind(GATHER, (p, i) + dyn, {"axis": None, "batch_dims": 0}, name)
    if axis < 0 and pr is not None and axis + pr >= 0:  # (below: the op's shape error)
        axis += pr
    return bind(GATHER, (p, i), {"axis": axis, "batch_dims": batch_dims}, name)


def _eager_axis(axis: Any, fast: bool) -> int:
    """An eager gather's axis given as other than an int, converted as TF's op wrapper
    converts it; `fast`: its fast path ran (batch_dims an int), whose errors end with the
    name, where its fallback's do not."""
    try:
        return wrapper_inputs.index_scalar("GatherV2", axis, "Taxis", "axis must be scalar")
    except OpError as e:
        if not fast:  # (worded as TF's wrapper words it, less the name)
            slow_path(decorate(e, None, (), {}, _state.device, None))
        raise


def _graph_axis(axis: Any) -> Any:
    """A traced gather's axis as TF's op builder takes it: converted to the type it infers
    (a float's, a bool's, a string's: the builder's TypeError naming them)."""
    if axis is None:
        raise op_input_refusal("axis", axis)
    t = axis if isinstance(axis, Tensor) else convert_to_tensor(axis)
    refused = wrapper_inputs.graph_type_refusal("GatherV2", t, "Taxis")
    if refused is not None:
        raise refused
    return t


def _static_int(x: Any) -> int | None:
    """x's value when known now (a Python int or a constant scalar tensor), else None."""
    if isinstance(x, (int, np.integer)) and not isinstance(x, bool):
        return int(x)
    if not isinstance(x, Tensor) or x._shape != () or not x._dtype.is_integer:
        return None
    v = partial_value(x)
    return int(v) if isinstance(v, (int, np.integer)) else None


# -- Segment sums -----------------------------------------------------------------------

def _segment_infer(data: Any, ids: Any, *dyn: Any, num_segments: int | None) -> list:
    _check_indices("UnsortedSegmentSum", ids, "Tindices", frozenset((dt.int32, dt.int64)))
    C.check_dtype("UnsortedSegmentSum", data, C.NUMERIC)
    check_runtime_arg("UnsortedSegmentSum", dyn, "num_segments", rank=0)
    if num_segments is None and not dyn:
        raise C.fail("UnsortedSegmentSum", "num_segments must be given")
    if num_segments is not None and num_segments < 0:
        raise C.fail("UnsortedSegmentSum", f"Input num_segments == {num_segments} must not be "
                                           "negative.")
    ds, is_ = data._shape, ids._shape
    if ds is not None and is_ is not None:
        # (a dimension unknown until the graph runs is checked then, by the kernel)
        if not _starts_with(ds, is_):
            raise C.fail("UnsortedSegmentSum", f"data.shape = {C.shape_str(ds)} does not start "
                                               f"with segment_ids.shape = {C.shape_str(is_)}")
        out = (num_segments,) + tuple(ds[len(is_):])
        if None not in out:
            check_finite_size("UnsortedSegmentSum", out, data._dtype)
        return [(out, data._dtype)]
    return [(None, data._dtype)]


def _starts_with(ds: tuple, is_: tuple) -> bool:
    return len(ds) >= len(is_) and all(a is None or b is None or a == b
                                       for a, b in zip(ds, is_))


def _segment_kernel(xp: Any, data: Any, ids: Any, *dyn: Any, num_segments: int | None) -> Any:
    if tuple(data.shape[:ids.ndim]) != tuple(ids.shape):
        raise C.fail("UnsortedSegmentSum", f"data.shape = {C.shape_str(data.shape)} does not "
                                           f"start with segment_ids.shape = "
                                           f"{C.shape_str(ids.shape)}")
    if num_segments is None:  # known when the graph runs
        num_segments = runtime_segments("UnsortedSegmentSum", dyn[0], data.shape[ids.ndim:],
                                        data.dtype)
    out = xp.zeros((num_segments,) + data.shape[ids.ndim:], dtype=data.dtype)
    add_at(xp, out, *kept_segments(xp, "UnsortedSegmentSum", data, ids, num_segments))
    return out


def kept_segments(xp: Any, op: str, data: Any, ids: Any, num_segments: int) -> tuple:
    """(ids, rows) of the rows an unsorted segment reduction folds: those of a negative id
    are dropped, as in TF; an id past the segments is TF's CPU kernel's error (unless the
    data is empty: the kernel returns before it reads an id), and dropped too by its GPU
    kernel, which checks nothing (so a device reads nothing back)."""
    if xp is np and data.size:
        bad = ids >= num_segments
        if bad.any():
            i = int(np.flatnonzero(bad.reshape(-1))[0])
            raise InvalidArgumentError(None, None, f"segment_ids[{_flat_index_str(ids.shape, i)}]"
                                                   f" = {int(ids.reshape(-1)[i])} is out of "
                                                   f"range [0, {num_segments}) [Op:{op}]")
        keep = ids >= 0
    else:
        keep = (ids >= 0) & (ids < num_segments)
    return ids[keep], data[keep]


def _segment_ref(data: np.ndarray, ids: np.ndarray, num_segments: int) -> np.ndarray:
    out = np.zeros((num_segments,) + data.shape[ids.ndim:], dtype=data.dtype)
    for pos in np.ndindex(*ids.shape):
        if ids[pos] >= 0:
            out[int(ids[pos])] += data[pos]
    return out


def _segment_grad(n: Any, g: Any) -> list:
    ids = n.inputs[1]
    safe = maximum(ids, zeros_like(ids))
    picked = gather(g, safe)
    keep = ids >= 0
    for _ in range(len(g._shape) - 1):  # (ids of a size known only at run time too)
        keep = expand_dims(keep, -1)
    return [where(keep, picked, zeros_like(picked)), None]


UNSORTED_SEGMENT_SUM = register(OpDef(
    "UnsortedSegmentSum", _segment_infer, _segment_kernel, grad=_segment_grad,
    reference=_segment_ref,
    samples=lambda: [Sample((_f64(5, 2), np.array([0, 2, 0, -1, 3], np.int32)), {"num_segments": 4},
                            grad_inputs=(0,))],
    bad_samples=lambda: [
        BadSample((np.ones(2), np.array([0, 5], np.int32)), {"num_segments": 3},
                  InvalidArgumentError, "segment_ids[1] = 5 is out of range [0, 3)",
                  cpu_only=True)],
    host_inputs=(2,),  # (a count given when it runs: TF's HostMemory("num_segments"))
))


def eager_segments(op: str, data: Any, ids: Any, num_segments: Any, allowed: frozenset,
                   ids_allowed: frozenset = _INDEX_TYPES, slow: bool = False) -> int:
    """An Unsorted* op's num_segments given eagerly (a tensor, or a value TF's wrapper
    converts for its Tnumsegments, int32 by default: `slow`, its slow path, keeps a float
    list's float32), checked as TF checks that input: after data's type T and the ids'
    Tindices (`allowed`, `ids_allowed`), its Tnumsegments; then as its kernel does: a
    scalar, data's shape starting with the ids', not negative. While a graph is built, a
    None or a ragged list is the graph wrapper's refusal naming the input."""
    if _state.graph is not None and (refused := op_input_refusal("num_segments", num_segments)):
        raise refused
    n = num_segments if isinstance(num_segments, Tensor) else \
        wrapper_inputs.index_value(num_segments, dt.int32, slow)
    C.check_dtype(op, data, allowed)
    _check_indices(op, ids, "Tindices", ids_allowed)
    C.check_dtype(op, n, C.INDEX, "Tnumsegments")
    if n._shape:
        raise C.fail(op, f"num_segments should be a scalar, not shape {C.shape_str(n._shape)}")
    if data._shape is not None and ids._shape is not None and \
            not _starts_with(data._shape, ids._shape):
        raise C.fail(op, f"data.shape = {C.shape_str(data._shape)} does not start with "
                         f"segment_ids.shape = {C.shape_str(ids._shape)}")
    count = int(n._numpy())
    if count < 0:
        raise C.fail(op, f"Input num_segments == {count} must not be negative.")
    return count


@dispatchable
@slow_inputs("data", "segment_ids", "num_segments")
def unsorted_segment_sum(data: Any, segment_ids: Any, num_segments: Any,
                         name: str | None = None) -> Any:
    slow = wrapper_inputs.passed_raw(data, segment_ids, num_segments)
    data, ids = _t(data), _t(segment_ids)
    if isinstance(num_segments, int) or \
            (isinstance(num_segments, Tensor) and type(num_segments) is not EagerTensor):
        n, dyn = segments_arg(num_segments)
    else:
        n = eager_segments("UnsortedSegmentSum", data, ids, num_segments, C.NUMERIC, slow=slow)
        dyn = ()
    return bind(UNSORTED_SEGMENT_SUM, (data, ids) + dyn, {"num_segments": n}, name)


def check_sorted_segments(op: str, ids: np.ndarray, num_segments: int | None = None) -> int:
    """The output rows of a sorted segment reduction, its ids checked in the order TF's
    kernels check them: the last id first (>= 0, or < num_segments), then each run of
    equal ids in turn (not followed by a smaller id, then inside [0, rows))."""
    ids = np.asarray(ids).reshape(-1)
    if not ids.size:
        return num_segments or 0
    last = int(ids[-1])
    if num_segments is None:
        if last < 0:
            raise InvalidArgumentError(None, None, f"segment ids must be >= 0 [Op:{op}]")
        rows = last + 1
    else:
        rows = int(num_segments)
        if last >= rows:
            raise InvalidArgumentError(None, None,
                                       f"segment ids must be < num_segments [Op:{op}]")
    runs = ids[np.flatnonzero(np.r_[True, ids[1:] != ids[:-1]])]
    outside = np.flatnonzero((runs < 0) | (runs >= rows))
    falling = np.flatnonzero(runs[1:] < runs[:-1])
    if falling.size and (not outside.size or falling[0] <= outside[0]):
        raise InvalidArgumentError(None, None, f"segment ids are not increasing [Op:{op}]")
    if outside.size:
        raise InvalidArgumentError(None, None, f"Segment id {int(runs[outside[0]])} out of range "
                                   f"[0, {rows}), possibly because 'segment_ids' input is not "
                                   f"sorted. [Op:{op}]")
    return rows


# -- boolean_mask, sequence_mask --------------------------------------------------------

@dispatch_binding
def boolean_mask(tensor: Any, mask: Any, axis: Any = None, name: str = "boolean_mask") -> Any:
    """The entries of `tensor` where `mask` is True (mask covers dims axis..axis+k)."""
    with wrapper_scope(name, "boolean_mask"):  # (TF's, "boolean_mask/GatherV2" traced)
        return _boolean_mask(tensor, mask, axis)


def _boolean_mask(tensor: Any, mask: Any, axis: Any) -> Any:
    t, m = _t(tensor), _t(mask)
    k = None if m._shape is None else len(m._shape)
    if k == 0:
        raise ValueError("mask cannot be scalar.")
    if k is None:
        raise ValueError("Number of mask dimensions must be specified, even if some dimensions "
                         "are None.  E.g. shape=[None] is ok, but shape=None is not.")
    if axis is None:
        axis = 0
    elif type(axis) is not int:
        if t._shape is not None and (isinstance(axis, EagerTensor) or
                                     not isinstance(axis, Tensor)):
            # TF slices the shape by the axis as given (an eager tensor's value): Python's
            # errors for a string, a float, a list, an array
            v = axis.numpy() if isinstance(axis, EagerTensor) else axis
            list(t._shape)[v:v + k]
        axis = AV.int_arg(int(axis) if isinstance(axis, bool) else axis, "axis")
    idx = squeeze(where(reshape(m, [-1])), axis=[1])
    if t._shape is None:  # the rank known when the graph runs (a negative axis as TF's)
        dims = shape_of(t)
        return gather(reshape(t, concat([dims[:axis], [-1], dims[axis + k:]], axis=0)), idx,
                      axis=axis)
    r = len(t._shape)
    if axis < 0:
        axis += r
    sub = t._shape[axis:axis + k]
    if len(sub) != k or any(a is not None and b is not None and a != b
                            for a, b in zip(sub, m._shape)):
        raise ValueError(f"Shapes {_tuple_str(sub)} and {_tuple_str(m._shape)} are incompatible")
    lead, tail = list(t._shape[:axis]), list(t._shape[axis + k:])
    if None in lead or None in tail:  # dims known when the graph runs: the shape's parts
        dims = shape_of(t)
        lead, tail = [dims[:axis]], [dims[axis + k:]]
        flat = reshape(t, concat(lead + [[-1]] + tail, axis=0))
    else:
        flat = reshape(t, lead + [-1] + tail)
    return gather(flat, idx, axis=axis)


def _tuple_str(shape: tuple) -> str:
    return str(tuple(shape)) if len(shape) != 1 else f"({shape[0]},)"


@dispatch_binding
def sequence_mask(lengths: Any, maxlen: Any = None, dtype: Any = dt.bool,
                  name: str | None = None) -> Any:
    lengths = _t(lengths)
    if maxlen is None:
        maxlen = reduce_max(lengths) if lengths._shape != () else lengths
        # (TF's: at least 0, in the lengths' dtype, so negative lengths make rows of none;
        # an empty lengths' max is its type's lowest)
        maxlen = maximum(host_tensor(0, maxlen._dtype), maxlen)
    else:
        maxlen = host_tensor(maxlen)  # (its Range's limit: TF's HostMemory input)
        if maxlen._shape not in ((), None):
            raise ValueError(f"Argument `maxlen` must be scalar for sequence_mask, received "
                             f"`maxlen` = {maxlen} with shape '{maxlen.shape}' instead")
    # TF's: Range in maxlen's dtype (a bool maxlen refuses 0, an int8 one finds no kernel),
    # the lengths cast to it
    maxlen = _t(maxlen)
    step = [host_tensor(k, maxlen._dtype) for k in (0, 1)]
    row = bind(RANGE, (step[0], maxlen, step[1]), {})
    mask = less(row, cast(expand_dims(lengths, -1), maxlen._dtype))
    dtype = dt.as_dtype(dtype)
    return mask if dtype is dt.bool else cast(mask, dtype)


def _runtime_repeat(x: Any, reps: Any, ax: int) -> Any:
    """repeat by counts known when the graph runs: one count tiles each element, counts
    per element gather each index as often as its count says (a sequence mask's rows)."""
    n = shape_of(x)[ax]
    count = None if reps._shape is None or len(reps._shape) != 1 else reps._shape[0]
    if count not in (None, 1) and x._shape[ax] not in (None, count):
        raise ValueError(f"Dimensions {x._shape[ax]} and {count} are not compatible")
    if reps._shape == () or reps._shape == (1,):
        reps = reshape(reps, [])
        index = reshape(tile(expand_dims(range_(n), 1), stack([1, reps])), [-1])
    else:
        # (a negative count repeats its element no times, as TF's sequence mask: no check)
        width = maximum(reduce_max(reps), 0)
        grid = tile(expand_dims(range_(n), 1), stack([1, width]))
        index = boolean_mask(grid, sequence_mask(reps, width))
    return gather(x, index, axis=ax)


@dispatch_binding
def repeat(input: Any, repeats: Any, axis: Any = None, name: str | None = None) -> Any:  # noqa: A002
    """Repeats each element `repeats` times along `axis` (the flattened input when None);
    traced, under TF's "Repeat" scope (its nodes "Repeat/Tile", ...)."""
    if axis is None:  # (flattened before the scope, as TF's: a RaggedTensor's values too)
        return _flat_repeat(input, repeats, name)
    x = _t(input)
    with wrapper_scope(name, "Repeat"):
        return _repeat(x, repeats, axis)


def _flat_repeat(input: Any, repeats: Any, name: str | None) -> Any:  # noqa: A002
    x = reshape(input if isinstance(input, CompositeTensor) else _t(input), [-1])
    with wrapper_scope(name, "Repeat"):
        return _repeat(x, repeats, 0)


def _repeat(x: Any, repeats: Any, axis: Any) -> Any:
    if not isinstance(axis, int):  # (TF's repeat takes a Python int only)
        raise TypeError(f"Argument `axis` must be an int. Received `axis` = {axis} of type "
                        f"{type(axis).__name__}")
    if type(repeats) is int and not -2**31 <= repeats < 2**31:  # (TF converts it to int32)
        repeats = AV.int32_wrapped(repeats)
    if isinstance(repeats, (Tensor, bool)) or not isinstance(repeats, (int, np.integer)):
        # (int32 preferred: NumPy values and bools are cast to it, float lists are refused)
        if not isinstance(repeats, Tensor):
            repeats = convert_to_tensor(repeats, dtype_hint=dt.int32)
        reps_t = _t(repeats)
        if not reps_t._dtype.is_integer:
            raise TypeError(f"Argument `tensor` (name: repeats) must be of type integer. "
                            f"Received `tensor` = {reps_t} of dtype: {reps_t._dtype}")
        if reps_t._shape is not None and len(reps_t._shape) > 1:
            raise ValueError(f"Shape {TensorShape(reps_t._shape)} must have rank at most 1")
        repeats = cast(reps_t, dt.int32)  # (TF's convert_to_int_tensor: 2**40 is 0)
    if x._shape is not None and len(x._shape) == 0:  # (TF's: a scalar is read as [x],
        x = reshape(x, [1])  # after the counts' checks, before the axis')
    r = len(x._shape)
    ax = C.positive_axis(axis, r)
    # (traced, counts per element along the first axis are TF's sequence mask and
    # boolean_mask even where the counts are known: the repeated dimension's length
    # statically unknown, as TF's; along another, TF's reshape to the counts' sum knows it)
    if _state.graph is not None and (needs_runtime(repeats) or (
            ax == 0 and isinstance(repeats, Tensor) and repeats._shape not in ((), (1,), (0,)))):
        return _runtime_repeat(x, cast(repeats, dt.int32), ax)
    # (an eager tensor's shape from the tensor: its array may be a device's, not NumPy's)
    reps = np.asarray(AV.int_list(repeats, "repeats")).reshape(
        tuple(repeats._shape) if hasattr(repeats, "_arr") else np.shape(repeats))
    if reps.ndim <= 1 and reps.size == 1:  # one count for every element
        k = int(reps.reshape(-1)[0])
        if k < 0 and _state.graph is not None:
            # (TF's Tile multiples pack the count's tensor, which its shape function does
            # not read: the kernel refuses a negative one when the graph runs)
            return _runtime_repeat(x, convert_to_tensor(k, dt.int32), ax)
        tiled = tile(expand_dims(x, ax + 1), [1] * (ax + 1) + [k] + [1] * (r - ax - 1))
        if None in x._shape:  # a traced dimension: the graph's shape, scaled
            return reshape(tiled, shape_of(x) * [k if i == ax else 1 for i in range(r)])
        return reshape(tiled, [d * k if i == ax else d for i, d in enumerate(x._shape)])
    if reps.ndim != 1 or reps.shape[0] != x._shape[ax]:
        raise ValueError(f"Dimensions {x._shape[ax]} and {reps.shape[0]} are not compatible")
    if x._dtype is dt.uint16:  # (TF tiles the input by the largest count, max(0, .), before
        # its sequence mask: Tile's refusal, unless that leaves it as it is or empty)
        tile(expand_dims(x, ax + 1), [1] * (ax + 1) + [max(int(reps.max(initial=0)), 0)] +
             [1] * (r - ax - 1))
    # TF repeats by a sequence mask: a negative count repeats its element no times; past
    # axis 0 TF then reshapes to the counts' sum, which a negative one makes too small
    signed_total = int(reps.astype(object).sum())
    reps = np.maximum(reps, 0)
    # the output's size before building its index: huge counts are refused, not allocated
    total = int(reps.astype(object).sum())
    out = tuple(x._shape[:ax]) + (total,) + tuple(x._shape[ax + 1:])
    check_finite_size("Repeat", out if None not in out else (total,), x._dtype)
    check_finite_size("Repeat", (total,), dt.int64)
    index = np.repeat(np.arange(x._shape[ax]), reps.astype(np.int64))
    out = gather(x, convert_to_tensor(index.astype(np.int64)), axis=ax)
    if ax > 0 and x._shape[0] == 0 and signed_total > 0 and _state.graph is None:
        # (TF sets its result's static shape with a repeated dimension of 0 when its
        # counts, broadcast over the dimensions before the axis, have none in front)
        have, want = list(x._shape), list(x._shape)
        have[ax], want[ax] = signed_total, 0
        raise ValueError(f"Tensor's shape {TensorShape(have)} is not compatible with supplied "
                         f"shape {TensorShape(want)}.")
    if signed_total != total and ax > 0:
        # (TF's reshape of the masked values to the signed sum: its error, from the op's
        # Python wrapper, which names no op)
        try:
            reshape(out, [signed_total if i == ax else d for i, d in enumerate(x._shape)])
        except InvalidArgumentError as e:
            raise InvalidArgumentError(None, None, f"{e._message} name: ") from None
    return out
