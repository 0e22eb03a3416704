"""The gradients that reduce, in a graph, as TF's graph builds them: Sum's and Mean's
gradients (Reshape and Tile, or TF's reduced shape by DynamicStitch and BroadcastTo when
the input's shape is known only at run time) and a broadcasting binary op's reduction of
its gradients (a Sum over the axes the static shapes give, or over BroadcastGradientArgs'
axes at run time), and the BroadcastGradientArgs op itself.

Sits in ops/ after data_flow: these forms take Gather and DynamicStitch, which sit above
reduce.py and math.py. Sum's and Mean's OpDefs (reduce.py) and the broadcasting ops'
(math.py) keep their one gradient function each; in a graph it hands the work to the
function here (GRAPH_SUM_GRAD, GRAPH_REDUCE), so that a graph shows TF's nodes under TF's
names (tests/v1/test_grad_names.py) while eager gradients keep their own fast path.
"""

from __future__ import annotations

import weakref
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import ones, reshape, shape
from eagerflow._src.ops.data_flow import dynamic_stitch
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.graph_constants import graph_constant
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.math import GRAPH_REDUCE, floordiv, maximum, sum_to, truediv
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.reduce import GRAPH_SUM_GRAD, reduce_prod, reduce_sum, size
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.sequences import range as range_
from eagerflow._src.ops.tiling import broadcast_to, tile

# -- BroadcastGradientArgs -------------------------------------------------------------


def _bga_infer(s0: Any, s1: Any) -> list:
    for i, s in enumerate((s0, s1)):
        C.check_dtype("BroadcastGradientArgs", s, frozenset((dt.int32, dt.int64)))
        if s._shape is not None and len(s._shape) != 1:
            raise C.fail("BroadcastGradientArgs", f"In[{i}] must be a "
                                                  f"vector.{C.shape_str(s._shape)}")
    d = s0._dtype
    return [((None,), d), ((None,), d)]


def _bga_axes(a: list, b: list) -> tuple:
    """The axes along which each of two shapes was broadcast to their common shape (TF's
    BCast: none when the shapes are equal; both where both dims are 1)."""
    if a == b:
        return [], []
    n = max(len(a), len(b))
    pa, pb = [1] * (n - len(a)) + a, [1] * (n - len(b)) + b
    ra, rb = [], []
    for i, (x, y) in enumerate(zip(pa, pb)):
        if x == 1:
            ra.append(i)
        if y == 1:
            rb.append(i)
        if x != 1 and y != 1 and x != y:
            raise C.fail("BroadcastGradientArgs", f"Incompatible shapes: "
                                                  f"[{','.join(map(str, a))}] vs. "
                                                  f"[{','.join(map(str, b))}]")
    return ra, rb


def _bga_kernel(xp: Any, s0: Any, s1: Any) -> tuple:
    ra, rb = _bga_axes([int(v) for v in np.asarray(s0)], [int(v) for v in np.asarray(s1)])
    return np.asarray(ra, s0.dtype), np.asarray(rb, s0.dtype)


def _bga_reference(s0: np.ndarray, s1: np.ndarray) -> tuple:
    # the broadcast shape first, then each input's dims that differ from it (or are 1)
    out = np.broadcast_shapes(tuple(s0), tuple(s1))
    if list(s0) == list(s1):
        return np.zeros(0, s0.dtype), np.zeros(0, s0.dtype)
    res = []
    for s in (s0, s1):
        full = (1,) * (len(out) - len(s)) + tuple(s)
        res.append(np.asarray([i for i, d in enumerate(full) if d == 1], s0.dtype))
    return tuple(res)


BROADCAST_GRADIENT_ARGS = register(OpDef(
    "BroadcastGradientArgs", _bga_infer, _bga_kernel, grad=None, reference=_bga_reference,
    samples=lambda: [Sample((np.array([4, 1], np.int32), np.array([1, 1], np.int32)),
                            grad=False),
                     Sample((np.array([2, 1, 3], np.int64), np.array([3], np.int64)),
                            grad=False),
                     Sample((np.array([2, 3], np.int32), np.array([2, 3], np.int32)),
                            grad=False)],
    bad_samples=lambda: [BadSample((np.array([2, 3], np.int32), np.array([4, 3], np.int32)),
                                   {}, InvalidArgumentError, "Incompatible shapes")],
    num_outputs=2, gpu=False,
))


def broadcast_gradient_args(s0: Any, s1: Any, name: str | None = None) -> tuple:
    """`tf.raw_ops.BroadcastGradientArgs`: the axes along which shapes s0 and s1 were
    broadcast, which their gradients are summed over."""
    return tuple(bind(BROADCAST_GRADIENT_ARGS, (s0, s1), {}, name))


# -- a broadcasting binary op's gradients -----------------------------------------------

def _reduction_axes(xs: tuple | None, ys: tuple | None) -> tuple | None:
    """The axes each of x and y may have been broadcast along, from their static shapes
    (TF's _InferGradientReductionAxes); None when a pair of dims leaves it open."""
    if xs is None or ys is None:
        return None
    rank = max(len(xs), len(ys))
    x_axes, y_axes = [], []
    for axis in range(rank):
        a = 1 if axis < rank - len(xs) else xs[axis - rank + len(xs)]
        b = 1 if axis < rank - len(ys) else ys[axis - rank + len(ys)]
        if a == 1 and b != 1:
            x_axes.append(axis)
        elif b == 1 and a != 1:
            y_axes.append(axis)
        elif a is None or b is None:
            return None
    return x_axes, y_axes


def _graph_reduce(x: Any, y: Any, g: Any, z: Any, gx: Any, gy: Any, fast: Any,
                  fast_gy: Any = None, skips: tuple | None = None) -> list:
    """TF's graph gradient of a broadcasting binary op: x's alone, unreduced, when y is an
    unneeded scalar (`skips`: the op's way and the node's needs, see math._bin_grad);
    none of the reduction when x, y and the gradient share one known shape (the ops with
    TF's shortcut), else Shape of each (a Const when known), then each gradient that must
    be summed (and is needed) a Sum over the axes found from the static shapes (kept) and
    a Reshape to its Shape; where the static shapes leave the axes open, a Sum over
    BroadcastGradientArgs' axes and a Reshape."""
    needs = None if skips is None else skips[1]
    if needs is not None and not needs[1] and skips[0] == "scalar_y" and y._shape == ():
        return [None if gx is None else gx(g, x, y, z), None]
    if fast is not None and (fast[0] == "any" or g._dtype in fast) and \
            x._shape == y._shape == g._shape and x._shape is not None and None not in x._shape:
        gy = fast_gy or gy
        return [None if gx is None else gx(g, x, y, z), None if gy is None else gy(g, x, y, z)]
    if needs is not None:
        gx = gx if needs[0] else None
        gy = gy if needs[1] else None
    dx = None if gx is None else gx(g, x, y, z)
    dy = None if gy is None else gy(g, x, y, z)
    if dx is None and dy is None:
        return [None, None]
    if x._shape is None or y._shape is None:  # (no rank: no static axes to sum over)
        return [sum_to(dx, x), sum_to(dy, y)]
    axes = _reduction_axes(x._shape, y._shape)
    sx, sy = shape(x), shape(y)
    if axes is None:  # the axes are known when the graph runs
        rx, ry = broadcast_gradient_args(sx, sy)
        return [None if d is None else reshape(reduce_sum(d, r), s)
                for d, r, s in ((dx, rx, sx), (dy, ry, sy))]
    out = []
    for d, t, s, ax, other in ((dx, x, sx, axes[0], y), (dy, y, sy, axes[1], x)):
        if d is not None and (ax or len(t._shape) < len(other._shape)):
            d = reshape(reduce_sum(d, ax, keepdims=True), s)
        out.append(d)
    return out


GRAPH_REDUCE[0] = _graph_reduce


# -- Sum and Mean ---------------------------------------------------------------------

# per graph, (input shape, axes as given) -> (the shape with the axes kept, the Tile
# multiples): TF's graph computes them once, so a second such gradient adds no
# Maximum / floordiv nodes
_KEPT_SHAPES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _given_axes(n: Any) -> tuple:
    """(the node's reduction_indices tensor as TF's graph holds it, its value when known
    while the graph is built or None)."""
    if len(n.inputs) > 1:  # axes known at run time
        t = n.inputs[1]
    elif getattr(n, "tf_inputs", None) is not None and len(n.tf_inputs) > 1:
        t = n.tf_inputs[1]
    else:
        axes = n.attrs["axes"]
        x = n.inputs[0]
        if axes is None:
            axes = tuple(range(len(x._shape))) if x._shape is not None else None
        return (None, None) if axes is None else (None, np.asarray(axes, np.int32))
    v = t.graph.known_value(t) if getattr(t, "graph", None) is not None else None
    return t, None if v is None else np.asarray(v)


def _axes_tensor(t: Any, value: Any) -> Any:
    return t if t is not None else graph_constant(value, dt.int32)


def _reduced_shape(input_shape: Any, axes: Any) -> Any:
    """TF's reduced_shape at run time: `input_shape` with 1 at each of `axes`."""
    rank = size(input_shape)
    axes = (axes + rank) % rank
    axes_shape = shape(axes)
    return dynamic_stitch([range_(rank), axes], [input_shape, ones(axes_shape, dt.int32)])


def _sum_grad(n: Any, g: Any, mean: bool) -> list:
    """TF's graph gradient of Sum (of Mean when `mean`: then divided by the count of
    input cells per output cell)."""
    x = n.inputs[0]
    xs = x._shape
    graph = _state.graph
    axes_t, axes = _given_axes(n)
    out = None
    if xs is not None and axes is not None:
        rank = len(xs)
        if np.array_equal(axes, np.arange(rank)):  # every axis, as given
            g = reshape(g, [1] * rank)
            dims = graph_constant(list(xs), dt.int32) if None not in xs else shape(x)
            out = tile(g, dims)
        elif None not in xs:
            key = (tuple(xs), tuple(int(a) for a in axes.reshape(-1)))
            cache = _KEPT_SHAPES.setdefault(graph, {})
            if key not in cache:
                kept = list(xs)
                for a in key[1]:
                    kept[a] = 1
                # (TF's graph shows how it found the multiples: input // max(kept, 1))
                floordiv(list(xs), maximum(kept, 1))
                cache[key] = (kept, [d // max(k, 1) for d, k in zip(xs, kept)])
            kept, multiples = cache[key]
            out = tile(reshape(g, kept), multiples)
    if out is None:
        dims = shape(x)
        if not n.attrs["keepdims"]:
            g = reshape(g, _reduced_shape(dims, _axes_tensor(axes_t, axes)))
        out = broadcast_to(g, dims)
    if not mean:
        return [out] + [None] * (len(n.inputs) - 1)
    ys = n.outputs[0]._shape
    if xs is not None and ys is not None and None not in xs and None not in ys:
        factor = graph_constant(int(np.prod(xs, dtype=np.int64)) // max(
            int(np.prod(ys, dtype=np.int64)), 1), out._dtype)
    else:
        dims = shape(x)
        rank = size(dims)
        ax = (_axes_tensor(axes_t, axes) + rank) % rank
        factor = reduce_prod(gather(dims, ax))
    return [truediv(out, cast(factor, out._dtype))] + [None] * (len(n.inputs) - 1)


GRAPH_SUM_GRAD[0] = _sum_grad
