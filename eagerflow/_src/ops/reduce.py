"""Reductions: sum, mean, max, min, prod, any, all, argmax/argmin, and composites (the
scans, cumsum and cumprod, are scans.py's).

Reduction ops take `axes` (a sorted tuple, normalized by `reduction_axes`) and
`keepdims` as attributes; their gradients broadcast the output gradient back over
the reduced axes.
"""

from __future__ import annotations

import functools
import math
import operator
from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import sum_run, to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.name_scope import wrapper_scope
from eagerflow._src.core.tensor import (
    EagerTensor,
    Tensor,
    check_finite_size,
    convert_to_tensor,
    is_tensor,
    scalar_operand,
)
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import (
    complex_scalar,
    eigen_reduce,
    eigen_sum,
    halfprec,
    reduce_ties,
    wrapper_inputs,
)
from eagerflow._src.ops.array import expand_dims, rank, reshape, reshape_like, shape
from eagerflow._src.ops.array import range as range_
from eagerflow._src.ops.broadcast_grads import broadcast_like
from eagerflow._src.ops.composite_dispatch import binds_first, dispatch_binding, dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import Spec, as_int_tensor, needs_runtime
from eagerflow._src.ops.eager_errors import eager_api, slow_path, slow_type
from eagerflow._src.ops.graph_constants import graph_constant, graph_input, scope_name
from eagerflow._src.ops.math import (
    MUL,
    REALDIV,
    SQRT,
    equal,
    exp,
    floormod,
    is_finite,
    log,
    sqrt,
    square,
)
from eagerflow._src.ops.math_base import (
    _t,
    cast,
    conj,
    ones_like,
    real,
    stop_gradient,
    where,
    zeros_like,
)
from eagerflow._src.ops.registry import (
    REGISTRY,
    BadSample,
    OpDef,
    Sample,
    SampleRNG,
    TFForm,
    register,
)
from eagerflow._src.ops.reshaping import RESHAPE
from eagerflow._src.ops.scans import (
    _INDEX_T,
    CUMPROD,
    CUMSUM,
    _axis_args,
    _axis_dtype,
    _axis_input,
    _runtime_axis,
)
from eagerflow._src.ops.shape_queries import SIZE

_rng = SampleRNG(2)


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-2, 2, size=shape)


def _reduced_shape(shape: tuple | None, axes: tuple | None, keepdims: bool) -> tuple | None:
    if shape is None or axes is None:
        return None
    if not keepdims and len(axes) == len(shape):  # every axis (axes are unique): a scalar
        return ()
    if keepdims:
        return tuple(1 if i in axes else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in axes)


def _keep(g: Any, x: Any, axes: tuple, keepdims: bool, dyn: tuple = ()) -> Any:
    """The output gradient reshaped so that it broadcasts against the input (`dyn`: the
    axes as a tensor, when they are known at run time only)."""
    if keepdims or axes is None and not dyn:
        return g  # (all axes reduced, g broadcasts as it is: no Reshape op)
    if g._shape == () and not dyn and x._shape is not None and len(set(axes)) == len(x._shape):
        return g  # (the same, the axes listed; a scalar g of a vector's gradient, given by
        # output_gradients, is reshaped below and refused, as TF's Reshape refuses it)
    if dyn:  # x's shape with 1 at each runtime axis
        dims = shape(x)
        ones = ones_like(dims)
        idx = bind(CUMSUM, (ones,), {"axis": 0, "exclusive": True, "reverse": False})
        rank = bind(SUM, (ones,), {"axes": (0,), "keepdims": False})
        ax = floormod(reshape(cast(dyn[0], dt.int32), [-1]), rank)
        hit = bind(ANY, (equal(expand_dims(idx, 1), expand_dims(ax, 0)),),
                   {"axes": (1,), "keepdims": False})
        return reshape(g, where(hit, ones, dims))
    kept = tuple(1 if i in axes else d for i, d in enumerate(x._shape))
    if None in kept:
        return bind(KEEPDIMS_LIKE, (g, x), {"axes": axes})
    if _state.graph is None:  # (the op tf.reshape binds, without its argument checks)
        return bind(RESHAPE, (g,), {"shape": kept})
    return reshape(g, kept)


def _keepdims_like_infer(g: Any, x: Any, axes: tuple) -> list:
    if x._shape is None:
        return [(None, g._dtype)]
    out = tuple(1 if i in axes else d for i, d in enumerate(x._shape))
    n, m = C.num_elements(g._shape), C.num_elements(out)
    if any(not 0 <= a < len(x._shape) for a in axes) or (None not in (n, m) and n != m):
        raise C.fail("ExpandReducedDims", f"cannot restore axes {list(axes)} of "
                                          f"{C.shape_str(x._shape)} on {C.shape_str(g._shape)}")
    return [(out, g._dtype)]


KEEPDIMS_LIKE = register(OpDef(
    "ExpandReducedDims",  # gradient helper: restore reduced axes as size-1 dims
    _keepdims_like_infer,
    lambda xp, g, x, axes: xp.reshape(g, tuple(1 if i in axes else d
                                               for i, d in enumerate(x.shape))),
    grad=lambda n, g: [reshape_like(g, n.inputs[0]), None],
    reference=lambda g, x, axes: np.expand_dims(g, axes),
    samples=lambda: [Sample((_f64(3), np.zeros((2, 3))), {"axes": (0,)}, grad_inputs=(0,))],
    tf=TFForm(export=lambda n, b: _keepdims_like_tf(n, b)),
))


def _keepdims_like_tf(n: Any, b: Any) -> list:
    """A Reshape to x's shape with the reduced axes set to 1 (computed when not known)."""
    axes, x_shape = n.attrs["axes"], b.static_shape(1)
    if x_shape is not None and None not in x_shape:
        shape = b.const([1 if i in axes else d for i, d in enumerate(x_shape)], dt.int32)
    else:
        if x_shape is None:
            raise ValueError("ExpandReducedDims of an input of unknown rank")
        keep = [0 if i in axes else 1 for i in range(len(x_shape))]
        kept = b.node("Mul", [b.shape_of(1), b.const(keep, dt.int32)])[0]
        shape = b.node("AddV2", [kept, b.const([1 - k for k in keep], dt.int32)])[0]
    return b.node("Reshape", [b.input(0), shape])


_INT_TYPES = frozenset((int, bool, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16,
                        np.uint32, np.uint64))


# each reduction's input types, for its public function's check (TF's op refuses the
# input's type before it reads the axes: tf.reduce_sum(bools, 5) is the type's error)
_ALLOWED: dict = {}


def _reduction(tf_name: str, np_fn: Callable, allowed: frozenset, grad: Callable | None,
               reference: Callable, out_bool: bool = False, runtime_grad: bool = True,
               copies_trivial: bool = True) -> OpDef:
    # An eager input's specs by (shape, dtype, axes, keepdims), which alone decide them
    # once the types of axes and keepdims are checked: the checks below were a third of
    # an eager reduction's time. (Eager shapes are tuples of ints; graphs infer once.)
    eager_specs: dict = {}
    _ALLOWED[tf_name] = allowed

    def infer(x: Any, *dyn: Any, axes: tuple | None, keepdims: bool) -> list:
        if type(keepdims) is not bool:
            C.check_dtype(tf_name, x, allowed)
            raise TypeError(f"Expected bool for argument 'keep_dims' not {keepdims!r}. "
                            f"[Op:{tf_name}]")
        if dyn:  # axes known at run time only (TF's reduction_indices tensor)
            t = dyn[0]
            if t._dtype not in C.INDEX and (x._dtype in allowed or allowed is C.BOOL):
                # TF infers attr Tidx after T; All and Any fix their input's type (no
                # attr T), so their Tidx is refused before their input
                raise C.not_supported(tf_name, t._dtype, C.INDEX, "Tidx")
            C.check_dtype(tf_name, x, allowed)
            if len(dyn) > 1 or t._dtype not in (dt.int32, dt.int64) or \
                    (t._shape is not None and len(t._shape) > 1):
                raise C.fail(tf_name, "reduction_indices must be one int32/int64 scalar or "
                                      "vector")
            if not keepdims or x._shape is None:
                return [(None, x._dtype)]
            return [((None,) * len(x._shape), x._dtype)]
        if axes is not None and (type(axes) is not tuple or (
                not _INT_TYPES.issuperset(map(type, axes)) and  # (the common case, in C)
                not all(isinstance(a, (int, np.integer)) for a in axes))):
            C.check_dtype(tf_name, x, allowed)
            raise TypeError(f"Expected list of ints for 'axes' argument to '{tf_name}' Op, "
                            f"not {axes!r}.")
        if x.__class__ is not EagerTensor:
            return static_infer(x, axes, keepdims)
        key = (x._shape, x._dtype, axes, keepdims)
        specs = eager_specs.get(key)
        if specs is None:
            specs = static_infer(x, axes, keepdims)
            if len(eager_specs) >= 256:
                eager_specs.clear()
            eager_specs[key] = specs
        return specs

    def static_infer(x: Any, axes: tuple | None, keepdims: bool) -> list:
        C.check_dtype(tf_name, x, allowed)
        if axes is None and x._shape is not None:  # None: all axes
            axes = tuple(range(len(x._shape)))
        if x._shape is not None:
            for a in axes:
                if not 0 <= a < len(x._shape):  # (a scalar has no axis to reduce: TF's error)
                    raise C.fail(tf_name, f"Invalid reduction dimension ({a} for input with "
                                          f"{len(x._shape)} dimension(s)")
        if axes is not None and len(set(axes)) != len(axes):  # None: all (unknown rank)
            dup = next(a for a in axes if axes.count(a) > 1)
            raise C.fail(tf_name, f"Invalid reduction arguments: Axes contains duplicate "
                                  f"dimension: {dup}")
        return [(_reduced_shape(x._shape, axes, keepdims), x._dtype)]

    def kernel(xp: Any, x: Any, *dyn: Any, axes: tuple | None, keepdims: bool) -> Any:
        if dyn:  # checked as static axes are (TF's ranges: -rank <= axis < rank)
            n = x.ndim
            given = [int(a) for a in to_host(dyn[0]).reshape(-1)]  # host memory in TF
            axes = tuple(sorted(a % n if -n <= a < n else a for a in given))
            infer(Spec(x), axes=axes, keepdims=keepdims)
        elif axes is None:  # all axes (a graph traced for an unknown rank)
            axes = tuple(range(x.ndim))
        if copies_trivial and (not axes or 1 in x.shape) and _trivial(x.shape, axes):
            # (a scalar: no axis, trivial; no dimension of 1: none)
            return x.reshape(_reduced_shape(x.shape, axes, keepdims)).copy()
        if x.size == 0:  # (an empty input's output may be bigger than it: the identity fills
            # each kept position, an allocation checked first, as TF's allocator refuses it)
            check_finite_size(tf_name, _reduced_shape(x.shape, axes, keepdims),
                              dt.bool if out_bool else dt.as_dtype(x.dtype))
        out = np_fn(xp, x, axes, keepdims)
        # (NumPy's reduction over every axis gives a scalar: an array, as kernels return)
        return out if xp is not np or type(out) is np.ndarray else np.asarray(out)

    numeric = bool(allowed & C.FLOATS)

    def samples() -> list:
        if numeric:
            return [Sample((_f64(3, 4),), {"axes": (1,), "keepdims": False}),
                    Sample((_f64(2, 3, 4),), {"axes": (0, 2), "keepdims": True}),
                    Sample((_f64(3, 2),), {"axes": (0, 1), "keepdims": False}),
                    # axes known at run time only (a graph's tensor), negative allowed
                    Sample((_f64(2, 3, 4), np.array([2, -3], np.int32)),
                           {"axes": None, "keepdims": True}, grad=runtime_grad,
                           grad_inputs=(0,)),
                    Sample((_f64(2, 3), np.array(-1, np.int64)),
                           {"axes": None, "keepdims": False}, grad=runtime_grad,
                           grad_inputs=(0,))]
        return [Sample((_rng.integers(0, 2, (3, 4)).astype(bool),),
                       {"axes": (1,), "keepdims": False}, grad=False)]

    op = register(OpDef(tf_name, infer, kernel, grad=grad, reference=reference, samples=samples,
                        # the input of the first sample, with an axis out of range
                        bad_samples=lambda: [BadSample((op.samples[0].inputs[0],),
                                                       {"axes": (3,), "keepdims": False},
                                                       InvalidArgumentError,
                                                       "Invalid reduction dimension")],
                        # (axes given when it runs: TF's HostMemory("reduction_indices"))
                        host_inputs=(1,), tf=_REDUCTION_TF,
                        rewrite=_trivial_as_reshape if copies_trivial else None))
    return op


def _trivial_as_reshape(node: Any) -> tuple | None:
    """A reduction over static axes that each hold one value, of an input of static shape,
    is its input reshaped (the simplify pass): the kernel would copy it (`_trivial`), a
    launch on a GPU (a broadcast's gradient summed over the 1s it added, a batch norm's
    (1, 1, 1, C) statistics to their (C,) parameter)."""
    x, axes, keepdims = node.inputs[0], node.attrs["axes"], node.attrs["keepdims"]
    shape = getattr(x, "_shape", None)
    if len(node.inputs) != 1 or axes is None or shape is None or None in shape or \
            not _trivial(shape, axes):
        return None
    return RESHAPE, (x,), {"shape": _reduced_shape(tuple(shape), axes, keepdims)}


def _reduction_to_tf(n: Any, b: Any) -> list:
    """TF takes the axes as an input tensor, `reduction_indices` (any order, negative
    allowed); all axes of a tensor of unknown rank are Range(0, Rank(x))."""
    axes = n.attrs["axes"]
    if len(n.inputs) > 1:
        axes_ref = b.input(1)
    elif axes is None:
        rank = b.node("Rank", [b.input(0)])[0]
        axes_ref = b.node("Range", [b.const(0, dt.int32), rank, b.const(1, dt.int32)])[0]
    else:
        # (named as TF's: the graph's own constant of the axes, where it shows one)
        axes_ref = b.const(list(axes), dt.int32, name=f"{n.name}/reduction_indices")
    return b.node(n.type, [b.input(0), axes_ref], {"keep_dims": n.attrs["keepdims"]})


def _reduction_from_tf(n: Any) -> Any:
    x, keep, c = n.inputs[0], n.attrs["keep_dims"], n.const(1)
    op = REGISTRY[n.op]
    if c is not None and x.shape.rank is not None:  # in range: normalized, as TF's kernel
        r = max(x.shape.rank, 1)
        axes = tuple(sorted({int(a) % r if -r <= a < r else int(a) for a in c.reshape(-1)}))
        return bind(op, (x,), {"axes": axes, "keepdims": keep})
    return bind(op, (x, n.inputs[1]), {"axes": None, "keepdims": keep})


_REDUCTION_TF = TFForm(names={"axes": "reduction_indices", "keepdims": "keep_dims"},
                       export=_reduction_to_tf, load=_reduction_from_tf)


def _trivial(shape: tuple, axes: tuple) -> bool:
    """Whether every reduced axis holds one value: TF's kernels then copy the input (so a
    sum or mean of one -0 is -0, not 0 + -0), except EuclideanNorm's, which computes."""
    return all(shape[a] == 1 for a in axes)


def _loop_reduce(f: Callable, copies_trivial: bool = True) -> Callable:
    """Reference reduction: walk the output cells and fold the input cells that map to them."""
    def ref(x: np.ndarray, *dyn: np.ndarray, axes: tuple | None, keepdims: bool) -> np.ndarray:
        if dyn:
            axes = tuple(int(a) % x.ndim for a in dyn[0].reshape(-1))
        if copies_trivial and _trivial(x.shape, axes):
            return x.reshape(_reduced_shape(x.shape, axes, keepdims)).copy()
        out_shape = tuple(1 if i in axes else d for i, d in enumerate(x.shape))
        out = np.empty(out_shape, dtype=x.dtype)
        for o in np.ndindex(*out_shape):
            cells = [x[i] for i in np.ndindex(*x.shape)
                     if all(i[k] == o[k] for k in range(x.ndim) if k not in axes)]
            out[o] = f(cells)
        return out if keepdims else out.reshape([d for i, d in enumerate(x.shape) if i not in axes])
    return ref


# TF's graph form of Sum's and Mean's gradients (set by reduce_grads.py, which takes the
# ops above this module: Gather, DynamicStitch)
GRAPH_SUM_GRAD: list = [None]


def _tf_graph_form() -> bool:
    """Whether a graph is being built (a TF 1 graph or a function's): its gradients are
    TF's nodes, shown to the user (graph/passes/fuse.py reads their Tile as the broadcast
    it is)."""
    return _state.graph is not None and GRAPH_SUM_GRAD[0] is not None


def _sum_grad(n: Any, g: Any) -> list:
    if _tf_graph_form():
        return GRAPH_SUM_GRAD[0](n, g, False)
    x = n.inputs[0]
    return [broadcast_like(_keep(g, x, n.attrs["axes"], n.attrs["keepdims"], n.inputs[1:]),
                           x)] + [None] * (len(n.inputs) - 1)


def _mean_grad(n: Any, g: Any) -> list:
    if _tf_graph_form():
        return GRAPH_SUM_GRAD[0](n, g, True)
    x, out = n.inputs[0], n.outputs[0]
    # divide the small gradient, then broadcast: one pass over x's size less
    kept = _keep(g, x, n.attrs["axes"], n.attrs["keepdims"], n.inputs[1:])
    if x.__class__ is EagerTensor:
        # eagerly the ratio is a Python number (as TF's when sizes are known): a cached
        # scalar operand on the CPU, a kernel argument on a device; in graphs an op
        count = max(x._arr.size, 1) / max(out._arr.size, 1)
        ratio = scalar_operand(count, kept._dtype) if kept.__class__ is EagerTensor else None
        scaled = kept / count if ratio is None else bind(REALDIV, (kept, ratio), {})
    else:
        scaled = kept / bind(COUNT_RATIO, (x, out), {})
    return [broadcast_like(scaled, x)] + [None] * (len(n.inputs) - 1)


def _minmax_grad(n: Any, g: Any) -> list:
    x, y, dyn = n.inputs[0], n.outputs[0], n.inputs[1:]
    axes, keep = n.attrs["axes"], n.attrs["keepdims"]
    y_b = broadcast_like(_keep(y, x, axes, keep, dyn), x)
    hits = cast(equal(x, y_b), g._dtype)  # ties share the gradient equally, as in TF
    count = bind(SUM, (hits,) + tuple(dyn), {"axes": axes, "keepdims": True})
    return [broadcast_like(_keep(g, x, axes, keep, dyn), x) * hits / count] + \
        [None] * len(dyn)


def _others_product(x: Any, axes: tuple) -> Any:
    """For each entry, the product of the other entries of its slice over `axes`, without
    dividing (so exact with zeros, as TF's gradient): along the last axis the exclusive
    products from both sides, times the same over the other axes of the slice products."""
    a = axes[-1]
    left = bind(CUMPROD, (x,), {"axis": a, "exclusive": True, "reverse": False})
    right = bind(CUMPROD, (x,), {"axis": a, "exclusive": True, "reverse": True})
    out = left * right
    if len(axes) > 1:
        rows = bind(PROD, (x,), {"axes": (a,), "keepdims": True})
        out = out * _others_product(rows, axes[:-1])
    return out


def _prod_grad(n: Any, g: Any) -> list:
    x, axes = n.inputs[0], n.attrs["axes"]
    if len(n.inputs) > 1:
        raise ValueError("The gradient of reduce_prod needs its axes known when the graph "
                         "is traced")
    if axes is None:  # all axes (an unknown rank when traced)
        if x._shape is None:
            raise ValueError("The gradient of reduce_prod needs its input's rank known when "
                             "the graph is traced")
        axes = tuple(range(len(x._shape)))
    g = broadcast_like(_keep(g, x, axes, n.attrs["keepdims"]), x)
    # (complex: the others' product conjugated, as TF's)
    return [g * conj(_others_product(x, tuple(axes))) if axes else g]


# Kernels call the ufuncs' reduce methods rather than xp.sum/xp.mean: those NumPy wrappers
# warn about overflow and empty slices from NumPy's own modules, which reach the user;
# TF returns inf/nan silently (eagerflow silences warnings raised from its own modules).


# float32 and float64 host arrays are summed in TF's CPU order (eigen_sum), bit for bit
_EIGEN_TYPES = (np.dtype(np.float32), np.dtype(np.float64))


def _np_sum(xp: Any, x: Any, axes: tuple, keepdims: bool) -> Any:
    if x.size == 0:  # (+0s, as the reductions' start: zeroed pages, left untouched until
        # read, where an output bigger than the input would be written through)
        return xp.zeros(_reduced_shape(x.shape, axes, keepdims), x.dtype)
    if xp is np and x.dtype in _EIGEN_TYPES:  # Eigen's order and rounding (short rows:
        # the same order, faster; a whole tensor has none)
        s = _short_rows_sum(xp, x, axes, keepdims) if len(axes) < x.ndim else None
        return eigen_sum.tf_sum(x, axes, keepdims) if s is None else s
    if xp is np:
        s = eigen_reduce.tf_cpu_sum(x, axes, keepdims)  # (the half types)
        if s is not None:
            return s
    s = sum_run(xp, x, axes, keepdims)
    if s is None:
        s = _short_rows_sum(xp, x, axes, keepdims)
    return xp.add.reduce(x, axis=axes, keepdims=keepdims, dtype=x.dtype) if s is None else s


# Rows this short are added in order from zero by NumPy's reduction and by Eigen's alike
# (a packet's 8 floats or more: pairwise and in packets, each its own way)
_SHORT_ROW = 8


def _short_rows(xp: Any, x: Any, axes: tuple) -> bool:
    """Whether x is reduced over its last axis only, of 2 to 7 values, on the CPU, in
    enough rows that one operation per value across them beats a loop per row."""
    n = x.shape[-1] if x.ndim else 0
    return xp is np and axes == (x.ndim - 1,) and 1 < n < _SHORT_ROW and x.size >= 64 * n


def _short_rows_sum(xp: Any, x: Any, axes: tuple, keepdims: bool) -> Any:
    """x's sum over a last axis of 2 to 7 values, many rows of them (a colour's channels,
    a point's coordinates), in the reduction's order: the values in order, from +0 (which
    makes a sum of zeros +0), as one operation per value across all rows, where NumPy's
    reduction calls its loop once per row (20x slower for rows of 3); else None."""
    if not _short_rows(xp, x, axes) or x.dtype.kind not in "fc":
        return None
    n = x.shape[-1]
    s = x[..., 0] + x[..., 1]
    for i in range(2, n):
        s += x[..., i]
    s += x.dtype.type(0)
    return s[..., None] if keepdims else s


def mean_kernel(xp: Any, x: Any, axes: tuple, keepdims: bool) -> Any:
    if x.dtype.itemsize == 2 and halfprec.is_half(xp, x):
        return eigen_reduce.half_mean(x, axes, keepdims)
    n = 1
    for a in axes:
        n *= x.shape[a]
    if x.dtype.kind in "iu":  # TF's integer mean: a wide sum divided toward zero (0 if empty)
        s = xp.add.reduce(x, axis=axes, keepdims=keepdims,
                          dtype=np.uint64 if x.dtype.kind == "u" else np.int64)
        q = xp.abs(s) // max(n, 1)
        return (q * xp.sign(s)).astype(x.dtype) if x.dtype.kind == "i" else q.astype(x.dtype)
    if xp is np and x.dtype in _EIGEN_TYPES:  # TF's: its sum over the count, in the type
        return xp.true_divide(_np_sum(xp, x, axes, keepdims), n, dtype=x.dtype)
    s = sum_run(xp, x, axes, keepdims, wide=True)
    if s is not None and s.dtype != x.dtype:
        # (a device's half mean over leading axes: a float32 sum and quotient, rounded once)
        return (s / np.float32(n)).astype(x.dtype)
    if s is None and xp is not np and n and x.dtype.kind == "f":
        return xp.mean(x, axis=axes, keepdims=keepdims, dtype=x.dtype)  # (one launch)
    if s is None:
        s = _short_rows_sum(xp, x, axes, keepdims)
    if s is None:
        s = xp.add.reduce(x, axis=axes, keepdims=keepdims, dtype=x.dtype)
    if n == 0 and x.dtype.kind == "c":
        return s  # TF: an empty complex mean is 0; an empty float mean is nan
    return xp.true_divide(s, n, dtype=x.dtype)


def _np_extreme(fn_name: str, identity: str) -> Callable:
    def f(xp: Any, x: Any, axes: tuple, keepdims: bool) -> Any:
        if x.size == 0:
            fill = getattr(dt.as_dtype(x.dtype), identity) if x.dtype.kind in "iu" else \
                (-np.inf if identity == "min" else np.inf)
            shape = tuple(1 if i in axes else d for i, d in enumerate(x.shape)) if keepdims else \
                tuple(d for i, d in enumerate(x.shape) if i not in axes)
            return xp.full(shape, fill, dtype=x.dtype)
        if x.dtype.itemsize == 2 and xp is np:  # (ml_dtypes' bfloat16 warns of a NaN compared)
            with np.errstate(invalid="ignore"):
                out = getattr(xp, fn_name)(x, axis=axes, keepdims=keepdims)
        elif _short_rows(xp, x, axes) and x.dtype in _SHORT_EXTREME_TYPES:
            # (NumPy's elementwise maximum/minimum, value by value, give its reduction's
            # bits, NaNs and signed zeros included: one pass per value, not a loop per row)
            pick = np.maximum if fn_name == "max" else np.minimum
            out = pick(x[..., 0], x[..., 1])
            for i in range(2, x.shape[-1]):
                pick(out, x[..., i], out=out)
            out = out[..., None] if keepdims else out
        else:
            out = getattr(xp, fn_name)(x, axis=axes, keepdims=keepdims)
        if xp is np and x.dtype.kind not in "iub" and not np.all(out):
            return reduce_ties.zero_signs(x, axes, np.asarray(out))  # (TF's tie of +0, -0)
        return out
    return f


_SHORT_EXTREME_TYPES = frozenset(map(np.dtype, (np.float32, np.float64, np.int8, np.int16,
                                                np.int32, np.int64, np.uint8, np.uint16,
                                                np.uint32, np.uint64)))


SUM = _reduction("Sum", _np_sum, C.NUMERIC, _sum_grad, _loop_reduce(lambda c: sum(c, 0.0)))
MEAN = _reduction("Mean", mean_kernel, C.NUMERIC, _mean_grad,
                  _loop_reduce(lambda c: sum(c, 0.0) / len(c)))
MAX = _reduction("Max", _np_extreme("max", "min"), C.REALS, _minmax_grad, _loop_reduce(max))
MIN = _reduction("Min", _np_extreme("min", "max"), C.REALS, _minmax_grad, _loop_reduce(min))
PROD = _reduction("Prod", lambda xp, x, a, k: eigen_reduce.half_prod(x, a, k)
                  if x.dtype.itemsize == 2 and halfprec.is_half(xp, x) else
                  eigen_sum.tf_sum(x, a, k, op=np.multiply)
                  if xp is np and x.dtype in _EIGEN_TYPES else
                  complex_scalar.prod(x, a, k) if xp is np and x.dtype.kind == "c" else
                  xp.multiply.reduce(x, axis=a, keepdims=k, dtype=x.dtype),
                  C.NUMERIC, _prod_grad,
                  _loop_reduce(lambda c: functools.reduce(operator.mul, c, 1.0)),
                  runtime_grad=False)
def _np_euclidean_norm(xp: Any, x: Any, axes: tuple, keepdims: bool) -> Any:
    """TF's EuclideanNorm: sqrt(sum(|x|^2)) over `axes`. Integers: in the type, as
    Eigen's reducer, its squares and their sum wrapping around, then the double root of
    the sum truncated to the type (a negative sum's NaN root converted as the CPU converts
    it: the lowest int32 or int64, cut to the type's bits); complex: of the magnitudes,
    complex; bfloat16: in float32 (Eigen's reducer there); float16: x * x, Eigen's half
    sum and square root."""
    k = x.dtype.kind
    if k in "iu":
        with np.errstate(all="ignore"):
            total = xp.add.reduce(xp.multiply(x, x), axis=axes, keepdims=keepdims,
                                  dtype=x.dtype)
            root = xp.sqrt(xp.maximum(total, 0).astype(np.float64)).astype(x.dtype)
            if k == "u":
                return root
            lowest = np.iinfo(np.int64 if x.dtype.itemsize == 8 else np.int32).min
            return xp.where(total < 0, int(np.array(lowest).astype(x.dtype)), root)
    if k == "c":  # (TF's: sqrt(sum(x * conj(x))), whose imaginary part is NaN where a
        # part of x is not finite, its real part NaN where one is NaN)
        re, im = x.real, x.imag
        total = xp.add.reduce(re * re + im * im, axis=axes, keepdims=keepdims)
        out = xp.asarray(xp.sqrt(total), dtype=x.dtype)  # (a NumPy scalar's are read-only)
        if xp is np and not np.isfinite(total).all():  # (x * conj(x)'s ab - ba, summed)
            out.imag = xp.add.reduce(re * -im + im * re, axis=axes, keepdims=keepdims) * 0
        return out
    if x.dtype.itemsize == 2 and halfprec.is_half(xp, x) and x.dtype != np.float16:
        w = x.astype(np.float32)
        return xp.sqrt(xp.add.reduce(w * w, axis=axes, keepdims=keepdims)).astype(x.dtype)
    if xp is np and x.dtype in _EIGEN_TYPES:  # (Eigen weighs the product's loads)
        return np.sqrt(eigen_sum.tf_sum_of_squares(x, axes, keepdims))
    return SQRT.kernel(xp, _np_sum(xp, MUL.kernel(xp, x, x), axes, keepdims))


def _euclidean_norm_grad(n: Any, g: Any) -> list:
    """TF's: x / (norm / g), the norm and g kept with the reduced axes (0 / 0 at a zero
    norm: NaN, as TF's)."""
    x, out, dyn = n.inputs[0], n.outputs[0], n.inputs[1:]
    axes, keep = n.attrs["axes"], n.attrs["keepdims"]
    return [x / (_keep(out, x, axes, keep, dyn) / _keep(g, x, axes, keep, dyn))] + \
        [None] * len(dyn)


EUCLIDEAN_NORM = _reduction(
    "EuclideanNorm", _np_euclidean_norm, C.NUMERIC, _euclidean_norm_grad,
    _loop_reduce(lambda c: math.sqrt(sum(abs(v) ** 2 for v in c)), copies_trivial=False),
    copies_trivial=False)
ANY = _reduction("Any", lambda xp, x, a, k: xp.any(x, axis=a, keepdims=k), C.BOOL,
                 None, _loop_reduce(any))
ALL = _reduction("All", lambda xp, x, a, k: xp.all(x, axis=a, keepdims=k), C.BOOL,
                 None, _loop_reduce(all))

COUNT_RATIO = register(OpDef(
    "ReductionSize",  # gradient helper: how many input cells fed each output cell
    lambda x, y: [((), x._dtype)],
    lambda xp, x, y: xp.full((), max(x.size, 1) / max(y.size, 1), dtype=x.dtype),
    reference=lambda x, y: np.asarray(x.size / max(y.size, 1), dtype=x.dtype),
    samples=lambda: [Sample((_f64(3, 4), np.zeros(4)), grad=False)],
    tf=TFForm(export=lambda n, b: _reduction_size_tf(n, b)),
))


def _reduction_size_tf(n: Any, b: Any) -> list:
    d = n.outputs[0]._dtype
    one = b.const(1, d)
    x, y = (b.node("Maximum", [b.node("Cast", [b.node("Size", [b.input(i)])[0]],
                                      {"DstT": d})[0], one])[0] for i in (0, 1))
    return b.node("RealDiv", [x, y])


def _no_repeated_axis(op: str, axes: Any, ndim: int) -> None:
    """TF's kernel reads the axes in order: each in range, and none twice once made
    positive ([1, -1] of a matrix repeats 1), or its error naming the first that fails."""
    seen = set()
    for a in axes:
        if not -ndim <= a < ndim:
            break  # (reduction_axes words it)
        a %= ndim
        if a in seen:
            raise C.fail(op, f"Invalid reduction arguments: Axes contains duplicate dimension: "
                             f"{a}")
        seen.add(a)


def _axes(op: str, axis: Any, ndim: int | None) -> tuple | None:
    """The reduction's normalized axes (C.reduction_axes), a list's repeated axis refused
    first, as TF's kernel reads them."""
    if ndim is not None and axis is not None and not isinstance(axis, int):
        _no_repeated_axis(op, axis, ndim)
    return C.reduction_axes(op, axis, ndim)


def _reduce_fn(op: OpDef, cast_bool: bool = False) -> Callable:
    def f(input_tensor: Any, axis: Any = None, keepdims: bool = False,
          name: str | None = None) -> Any:
        if keepdims.__class__ is not bool:  # TF's bool(): a tensor of several values refuses
            keepdims = False if keepdims is None else bool(keepdims)
        # (reduce_all/any's input is bool in TF's signature: a tensor of another type is the
        # op's refusal, or on TF's slow path, an axis given as a list, the conversion's)
        x = _t(input_tensor) if not cast_bool or is_tensor(input_tensor) and \
            not wrapper_inputs.passed_raw(axis) else convert_to_tensor(input_tensor, dtype=dt.bool)
        if axis.__class__ is EagerTensor and axis._dtype not in C.INDEX:
            return bind(op, (x, axis), {"axes": None, "keepdims": keepdims}, name)  # (refused)
        if cast_bool and x._dtype is not dt.bool:
            raise C.not_supported(op.name, x._dtype, C.BOOL)
        if x._dtype not in _ALLOWED[op.name]:
            C.check_dtype(op.name, x, _ALLOWED[op.name])
        ndim = None if x._shape is None else len(x._shape)
        every = axis is None and not keepdims  # (a scalar results, as TF's API knows)
        if axis is None and (ndim == 0 or ndim is None and not keepdims) and \
                _state.graph is not None:
            # TF's axes of a scalar or of a tensor of unknown rank: range(0, Rank)
            axis = range_(0, rank(x))
        given_axis = axis
        if axis is not None and not isinstance(axis, (int, np.integer)):
            if _state.graph is not None and needs_runtime(axis):  # TF's reduction_indices
                out = bind(op, (x, as_int_tensor(axis, "axis")),
                           {"axes": None, "keepdims": bool(keepdims)}, name)
                if every and out._shape is None:
                    out.set_shape(())
                return out
            axis = wrapper_inputs.index_list(op.name, axis, "Tidx", "axis")
        elif type(axis) is int and not -2**31 <= axis < 2**31 and _state.graph is None:
            # (TF's wrapper wraps it to int32 on its fast path: reduce_sum(x, 2**32) is
            # along axis 0)
            axis = wrapper_inputs.int_index(axis, wrapper_inputs.passed_raw(input_tensor))
        elif axis is not None:
            axis = int(axis)
        if _state.graph is not None and ndim is not None and axis is not None and \
                not all(-ndim <= a < ndim for a in np.atleast_1d(axis).tolist()):
            # (TF's shape function refuses the axis: the graph's ValueError, bind's)
            axes = tuple(np.atleast_1d(axis).tolist())
        else:  # (kept by the axes and the rank: a model's reductions ask the same every step)
            axes = C.kept(("reduction axes", axis, ndim), _axes, op.name, axis, ndim)
        if axes is None and not keepdims:
            # every axis of a tensor of unknown rank (a graph input): reduce it flattened
            return bind(op, (reshape(x, [-1]),), {"axes": (0,), "keepdims": False}, name)
        g = _state.graph
        if g is not None:  # the axes TF's graph shows as the node's input (graph/arg_consts)
            g.next_args = (op, {"reduction_indices": given_axis if is_tensor(given_axis)
                                else (np.arange(ndim or 0), "Const") if given_axis is None
                                else (given_axis, None)})
        return bind(op, (x,), {"axes": axes, "keepdims": bool(keepdims)}, name)
    f.__name__ = op.name
    f._slow_inputs = ("input_tensor", "axis")  # (eager_errors.slow_inputs)
    return dispatchable(binds_first(f))  # (TF's reductions are in its dispatcher)


reduce_sum = _reduce_fn(SUM)
reduce_mean = _reduce_fn(MEAN)
reduce_max = _reduce_fn(MAX)
reduce_min = _reduce_fn(MIN)
reduce_prod = _reduce_fn(PROD)
reduce_euclidean_norm = _reduce_fn(EUCLIDEAN_NORM)
reduce_any = _reduce_fn(ANY, cast_bool=True)
reduce_all = _reduce_fn(ALL, cast_bool=True)


@dispatchable
@binds_first
def reduce_variance(input_tensor: Any, axis: Any = None, keepdims: bool = False,
                    name: str | None = None) -> Any:
    # (TF's `name if name else ...`: a NumPy array of names is NumPy's truth error)
    with wrapper_scope(name if name else "reduce_variance", "reduce_variance"):
        return _variance(_t(input_tensor), axis, keepdims)


def _variance(x: Any, axis: Any, keepdims: bool) -> Any:
    mean = reduce_mean(x, axis=axis, keepdims=True)  # (first, as TF's: its errors come first)
    if mean._dtype.is_integer:
        raise TypeError(f"Input must be either real or complex. Received integer type "
                        f"{mean._dtype}.")
    deviation = x - mean
    if deviation._dtype.is_complex:  # (TF's |x - mean|^2: real(conj(d) * d), float32's)
        return reduce_mean(real(conj(deviation) * deviation), axis=axis, keepdims=keepdims)
    return reduce_mean(square(deviation), axis=axis, keepdims=keepdims)


@dispatchable
@binds_first
def reduce_std(input_tensor: Any, axis: Any = None, keepdims: bool = False,
               name: str | None = None) -> Any:
    with wrapper_scope(name if name else "reduce_std", "reduce_std"):
        return sqrt(reduce_variance(_t(input_tensor), axis=axis, keepdims=keepdims))


@dispatchable
@binds_first
def reduce_logsumexp(input_tensor: Any, axis: Any = None, keepdims: bool = False,
                     name: str | None = None) -> Any:
    x = _t(input_tensor)
    try:
        m = stop_gradient(reduce_max(x, axis=axis, keepdims=True))
    except OpError as e:  # (TF's reduce_max is handed the input as given: a list's slow path)
        if wrapper_inputs.passed_raw(input_tensor):
            slow_path(e)
        raise
    m = where(is_finite(m), m, zeros_like(m))  # all -inf rows stay -inf, not nan
    out = log(reduce_sum(exp(x - m), axis=axis, keepdims=keepdims))
    return out + (m if keepdims else reshape_like(m, out))  # (reshape_like: dynamic shapes)


@dispatch_binding
def count_nonzero(input: Any, axis: Any = None, keepdims: bool | None = None,  # noqa: A002
                  dtype: Any = dt.int64, name: str | None = None) -> Any:
    x = _t(input)
    nz = cast(equal(x, zeros_like(x)), dt.int64)
    return cast(reduce_sum(1 - nz, axis=axis, keepdims=bool(keepdims)), dtype)


# (TF 2.21's ArgMax gives int16 and uint16 too; its ArgMin int32 and int64 only)
_ARG_OUT = {"ArgMax": frozenset((dt.int16, dt.uint16, dt.int32, dt.int64)),
            "ArgMin": frozenset((dt.int32, dt.int64))}


_ARGMAX_TIDX = frozenset((dt.int16, dt.int32, dt.int64))


def _arg_infer(name: str) -> Callable:
    def infer(x: Any, *dyn: Any, axis: int | None, output_type: dt.DType) -> list:
        """`axis` None: the input `dyn[0]`, known when the graph runs (or an eager tensor
        the op refuses)."""
        C.axis_given(name, axis, dyn, "dimension")
        _axis_dtype(name, dyn, _ARGMAX_TIDX if name == "ArgMax" else _INDEX_T)
        C.check_dtype(name, x, C.REALS | {dt.bool})
        C.dtype_attr(name, output_type, "output_type", _ARG_OUT[name])
        if dyn:
            _axis_input(name, dyn, "dim must be a scalar, but received tensor of shape:")
        if x._shape is None:
            return [(None, output_type)]
        if dyn:
            return [((None,) * (len(x._shape) - 1), output_type)]
        n = len(x._shape)
        if not -n <= axis < n:
            raise C.fail(name, f"Expected dimension in the range [{-n}, {n}), but got {axis}")
        ax = axis % n
        if x._shape[ax] == 0:
            raise C.fail(name, f"Reduction axis {axis} is empty in shape "
                               f"{C.shape_str(x._shape)}")
        return [(x._shape[:ax] + x._shape[ax + 1:], output_type)]
    return infer


def _arg_kernel(find: str, skip: float, name: str) -> Callable:
    """argmax/argmin ignoring NaN, as TF's (a row of NaN gives 0): NaN becomes a value that
    never wins; ties go to the first index."""
    def kernel(xp: Any, x: Any, *dyn: Any, axis: int | None, output_type: dt.DType) -> Any:
        if dyn:
            axis = _runtime_axis(REGISTRY[name].infer, x, dyn, output_type=output_type)
        # (bfloat16's NumPy kind is "V": its NaN skipped too, TF's [inf, 1, nan, 2] is 0)
        if x.dtype.kind == "f" or x.dtype in halfprec.HALF:
            x = xp.where(xp.isnan(x), skip, x)
        return getattr(xp, find)(x, axis=axis).astype(output_type.as_numpy_dtype)
    return kernel


ARGMAX = register(OpDef(
    "ArgMax", _arg_infer("ArgMax"), _arg_kernel("argmax", -np.inf, "ArgMax"),
    host_inputs=(1,),  # (an axis given when it runs: TF's HostMemory("dimension"))
    reference=lambda x, *dyn, axis, output_type: np.apply_along_axis(
        lambda v: max(range(len(v)), key=lambda i: (v[i], -i)),
        int(dyn[0]) if dyn else axis, x),
    samples=lambda: [Sample((_f64(3, 4),), {"axis": 1, "output_type": dt.int64}, grad=False),
                     Sample((_f64(3, 4),), {"axis": 0, "output_type": dt.int32}, grad=False),
                     # an axis known when the graph runs
                     Sample((_f64(3, 4), np.array(-1, np.int32)),
                            {"axis": None, "output_type": dt.int64}, grad=False)],
    bad_samples=lambda: [BadSample((np.ones((2, 3)),), {"axis": 2, "output_type": dt.int64},
                                   InvalidArgumentError)],
    tf=TFForm(names={"axis": "dimension"}),
))
ARGMIN = register(OpDef(
    "ArgMin", _arg_infer("ArgMin"), _arg_kernel("argmin", np.inf, "ArgMin"),
    host_inputs=(1,),  # (TF's HostMemory("dimension"))
    reference=lambda x, axis, output_type: np.apply_along_axis(
        lambda v: min(range(len(v)), key=lambda i: (v[i], i)), axis, x),
    samples=lambda: [Sample((_f64(3, 4),), {"axis": 1, "output_type": dt.int64}, grad=False)],
    bad_samples=lambda: [BadSample((np.ones((2, 3)),), {"axis": -3, "output_type": dt.int64},
                                   InvalidArgumentError)],
    tf=TFForm(names={"axis": "dimension"}),
))


_ARGMAX_AXIS = frozenset((dt.int8, dt.uint8, dt.int16, dt.uint16, dt.int32, dt.int64))


def _fast_op(op: str, *inputs: Any) -> str | None:
    """`op` where its generated wrapper takes TF's eager fast path for `inputs` (none a
    list: a Python int given for a type attr is then its DataType enum), else None."""
    return None if wrapper_inputs.passed_raw(*inputs) else op


@dispatch_binding
@eager_api("input", "output_type:type")  # (a list, or a dtype's name: TF's slow path)
def argmax(input: Any, axis: Any = None, output_type: Any = dt.int64,  # noqa: A002
           name: str | None = None) -> Any:
    if hasattr(axis, "dtype"):  # (TF's argmax checks its axis before its op: a NumPy
        # scalar's dtype is not one of TF's, so it refuses one as it does a float tensor)
        if axis.dtype not in _ARGMAX_AXIS or not isinstance(axis.dtype, dt.DType):
            raise TypeError(f"axis tensor dtypes {axis.dtype} is not supported")
        if axis.dtype not in _INDEX_T:
            axis = cast(axis, dt.int32)
    elif axis is not None and not isinstance(axis, int):
        raise TypeError("axis must be int or Tensor with integer datatype")
    elif type(axis) is int and not -2**31 <= axis < 2**31:  # (TF converts it before the
        axis = wrapper_inputs.int_index(axis)  # input: an int32 whatever it, traced too)
    axis, dyn = _axis_args(axis)
    # (None is the attr's default to TF's generated wrapper, as for every attr)
    attrs = {"axis": axis, "output_type": AV.make_type(
        dt.int64 if output_type is None else output_type, "output_type",
        _fast_op("ArgMax", input, axis))}
    return bind(ARGMAX, (_t(input),) + dyn, attrs, name)


@dispatch_binding
@eager_api("input", "axis", "output_type:type")
def argmin(input: Any, axis: Any = None, output_type: Any = dt.int64,  # noqa: A002
           name: str | None = None) -> Any:
    """TF's ArgMin as its generated wrapper calls it: a list among the inputs, or an
    output_type not a DType, sends it down its slow path, which makes output_type first
    and converts the axis as it infers (a list of floats: a float32 its Tidx refuses)."""
    attrs = {"output_type": AV.make_type(dt.int64 if output_type is None else output_type,
                                         "output_type", _fast_op("ArgMin", input, axis))}
    if _state.graph is None and axis is not None and not isinstance(axis, Tensor) and (
            wrapper_inputs.passed_raw(input, axis) or slow_type(output_type)):
        axis = wrapper_inputs.index_input("ArgMin", axis, "Tidx", slow=True)
    attrs["axis"], dyn = _axis_args(axis)
    return bind(ARGMIN, (_t(input),) + dyn, attrs, name)




@dispatchable
@binds_first
def size(input: Any, out_type: Any = None, name: str | None = None) -> Any:  # noqa: A002
    """The number of elements of `input`: the product of its shape (in a graph, TF's
    Const of it when the shape is static)."""
    x = graph_input(_t(input))
    if _state.graph is not None and isinstance(x, Tensor) and x._shape is not None \
            and None not in x._shape:
        return graph_constant(math.prod(x._shape), dt.int32 if out_type is None else out_type,
                              name=scope_name(name, "Size") + "/")
    if _state.graph is not None and isinstance(x, Tensor):  # (TF's Size op)
        return bind(SIZE, (x,), {"out_type": dt.as_dtype(out_type or dt.int32)}, name)
    if isinstance(x, EagerTensor):
        # TF's eager path: NumPy's product of the shape in out_type's NumPy type, converted
        # to out_type (so any dtype TF can convert that product to: bool, float32, ...); an
        # out_type that is no DType is read as given (Python's AttributeError, as TF's)
        d = dt.int32 if out_type is None else out_type
        C.attr_read(d, "as_numpy_dtype")
        return convert_to_tensor(np.prod(x._shape, dtype=d.as_numpy_dtype), dtype=d)
    return reduce_prod(shape(x, out_type))
