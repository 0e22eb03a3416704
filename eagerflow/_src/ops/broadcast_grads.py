"""The broadcast-aware gradient helpers: SumToShapeOf and BroadcastToShapeOf.

Two small primitives under math.py (whose binary ops' gradients sum back to each input's
shape with `sum_to`) and the reductions (whose gradients spread back with
`broadcast_like`): they take the other tensor's shape at run time, so that gradients
also work while tracing, where shapes may be unknown.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import broadcast_copy, sum_run
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import eigen_reduce
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.elementwise import _f64
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register


def _sum_to_kernel(xp: Any, g: Any, like: Any) -> Any:
    shape = like.shape
    if g.shape == shape:
        return g
    lead = g.ndim - len(shape)
    axes = tuple(range(lead)) + tuple(i + lead for i, d in enumerate(shape)
                                      if d == 1 and g.shape[i + lead] != 1)
    # (on CPU TF's Sum in Eigen's order: TF sums a broadcast's gradient with Sum, and
    # a traced step's gradient here is that Sum, so an eager step must round as it does)
    s = eigen_reduce.tf_cpu_sum(g, axes, False) if xp is np else \
        sum_run(xp, g, axes, False)
    if s is None:
        # add.reduce, not xp.sum: overflow warnings come from this module (silenced, as TF)
        s = xp.add.reduce(g, axis=axes)
    return s.reshape(shape).astype(g.dtype, copy=False)


def _sum_to_infer(g: Any, like: Any) -> list:
    C.check_dtype("SumToShapeOf", g, C.NUMERIC)  # summed: no strings or bools
    if g._shape is not None and like._shape is not None and \
            C.broadcast("SumToShapeOf", g._shape, like._shape) != tuple(g._shape):
        raise C.fail("SumToShapeOf", f"Incompatible shapes: {C.shape_str(like._shape)} does not "
                                     f"broadcast to {C.shape_str(g._shape)}")
    return [(like._shape, g._dtype)]


def _sum_to_ref(g: np.ndarray, like: np.ndarray) -> np.ndarray:
    out = np.zeros(like.shape, dtype=g.dtype)
    bg = np.broadcast_to(out, g.shape)
    for idx in np.ndindex(*g.shape):  # plain loop: each element lands on its source cell
        src = tuple(0 if (len(like.shape) - len(g.shape) + k) >= 0 and
                    like.shape[len(like.shape) - len(g.shape) + k] == 1 else i
                    for k, i in enumerate(idx))[g.ndim - like.ndim:]
        out[src] += g[idx]
    del bg
    return out


SUM_TO = register(OpDef(
    "SumToShapeOf", _sum_to_infer, _sum_to_kernel,
    grad=lambda n, d: [broadcast_like(d, n.inputs[0]), None], reference=_sum_to_ref,
    samples=lambda: [Sample((_f64(2, 3), np.zeros((1, 3))), grad_inputs=(0,)),
                     Sample((_f64(4, 2, 3), np.zeros((2, 1))), grad_inputs=(0,))],
    bad_samples=lambda: [BadSample((np.array([[b"a", b"b"]], dtype=object), np.zeros(())), {},
                                   InvalidArgumentError, "of string is not in the list")],
    tf=TFForm(export=lambda n, b: _sum_to_tf(b)), shape_inputs=(1,),
))


def _sum_to_tf(b: Any) -> list:
    """TF's way: the axes BroadcastGradientArgs finds `like` broadcast along, summed, then
    reshaped to `like`'s shape."""
    like = b.shape_of(1)
    axes = b.node("BroadcastGradientArgs", [b.shape_of(0), like])[1]
    return b.node("Reshape", [b.node("Sum", [b.input(0), axes])[0], like])

BROADCAST_LIKE = register(OpDef(
    "BroadcastToShapeOf",
    lambda x, like: [(C.broadcast("BroadcastToShapeOf", x._shape, like._shape), x._dtype)],
    # (the shape by checks.broadcast's cache: NumPy's broadcast_shapes makes two arrays)
    lambda xp, x, like: broadcast_copy(xp, x, C.broadcast("BroadcastToShapeOf", x.shape,
                                                          like.shape)),
    grad=lambda n, d: [sum_to(d, n.inputs[0]), None], shape_inputs=(1,),
    reference=lambda x, like: x + np.zeros(like.shape, x.dtype),
    samples=lambda: [Sample((_f64(1, 3), np.zeros((2, 3))), grad_inputs=(0,))],
    tf=TFForm(export=lambda n, b: b.node("BroadcastTo", [b.input(0), b.node(
        "BroadcastArgs", [b.shape_of(0), b.shape_of(1)])[0]])),
))


def sum_to(g: Any, like: Any) -> Any:
    """`g` summed over the axes along which `like` was broadcast."""
    if g is None:
        return None
    shape = g._shape
    if shape == like._shape and shape is not None and None not in shape:
        return g
    return bind(SUM_TO, (g, like), {})


def broadcast_like(x: Any, like: Any) -> Any:
    return bind(BROADCAST_LIKE, (x, like), {})
