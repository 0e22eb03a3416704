"""Ops TensorFlow has no kernel for, written as the composites of primitive ops TF writes.

Sits in saved_model/ under library_export.py, which writes an operation of one of these
ops as a call of its composite: the function below traced into a library function, each
of its operations a TF op (a loop TF's While). TF 2.21's SavedModel loader then runs
what TF's own function computes; eagerflow's op stays one op everywhere else (eagerly,
in traced graphs, and for its gradient).

- TiledBoxSuppression (eagerflow's host op for non_max_suppression_padded's loop over
  tiles of boxes): TF's while loops over the tiles, each tile's earlier tiles and the
  tile's own suppression, in float32 as ops/nms_padded.py's kernel computes them.
- MatrixExponential (TF removed its kernel at GraphDef version 27): tf.linalg.expm's
  scaling and squaring with Padé approximants, as TF's Python function builds it (the
  degree each matrix's 1-norm selects, TF's bounds and coefficients from
  ops/linalg_matfunc.py, whose kernel computes the same in the same order), the squarings
  as a while loop, a batch with any norm not finite all NaN (a cond).
"""

from __future__ import annotations

from typing import Any, Callable

from eagerflow._src.control_flow.conditionals import cond
from eagerflow._src.control_flow.loops import while_loop
from eagerflow._src.core import dtypes as dt
from eagerflow._src.ops import linalg_matfunc as M
from eagerflow._src.ops import nms_padded as NMS
from eagerflow._src.ops.array import concat, expand_dims, fill, ones
from eagerflow._src.ops.array import shape as shape_of
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.linalg_decomp import solve
from eagerflow._src.ops.linalg_diag import diag
from eagerflow._src.ops.math import abs as abs_
from eagerflow._src.ops.math import (
    equal,
    floor,
    greater,
    greater_equal,
    is_finite,
    less,
    log,
    logical_and,
    maximum,
    minimum,
)
from eagerflow._src.ops.math_base import cast, identity, where
from eagerflow._src.ops.reduce import reduce_all, reduce_any, reduce_max, reduce_min, reduce_sum
from eagerflow._src.ops.reshaping import reshape
from eagerflow._src.ops.sequences import range as range_
from eagerflow._src.ops.stacking import stack

_REAL = {dt.complex64: dt.float32, dt.complex128: dt.float64}


def _expm(x: Any) -> Any:
    if x._shape is not None and 0 in tuple(x._shape)[-2:]:
        return identity(x)  # (an empty matrix is its own exponential)
    half = x._dtype is dt.float16
    a = cast(x, dt.float32) if half else x
    out = _expm_batch(reshape(a, concat([[-1], shape_of(a)[-2:]], 0)))
    out = reshape(out, shape_of(a))
    return cast(out, dt.float16) if half else out


def _expm_batch(x: Any) -> Any:
    """exp of each matrix of a [batch, n, n] tensor: NaN everywhere when any norm is not
    finite (TF's cond: nothing else is computed then, no solve of an infinite matrix)."""
    real = _REAL.get(x._dtype, x._dtype)
    norms = reduce_max(reduce_sum(abs_(x), axis=-2), axis=-1)  # each matrix's 1-norm
    return cond(is_finite(reduce_max(norms)), lambda: _scaled_pade(x, norms, real),
                lambda: fill(shape_of(x), cast(float("nan"), x._dtype)))


def _scaled_pade(x: Any, norms: Any, real: Any) -> Any:
    thetas = M.THETA_SINGLE if real is dt.float32 else M.THETA_DOUBLE
    degrees = sorted(thetas)
    top = degrees[-1]
    squarings = maximum(floor(log(norms / thetas[top]) / log(cast(2.0, real))), 0.0)
    sizes = shape_of(x)
    eye_ = diag(ones(concat([sizes[:1], sizes[-1:]], 0), x._dtype))
    u, v = M.pade(None, x / cast(2.0 ** squarings, x._dtype)[:, None, None], top, eye_)
    for m in reversed(degrees[:-1]):  # (the first bound a norm is under wins)
        um, vm = M.pade(None, x, m, eye_)
        under = less(norms, thetas[m])[:, None, None]
        u, v = where(under, um, u), where(under, vm, v)
    out = solve(-u + v, u + v)
    steps = reduce_max(squarings)

    def step(i: Any, r: Any) -> tuple:
        again = less(cast(i, real), squarings)[:, None, None]
        return i + 1, where(again, r @ r, r)

    return while_loop(lambda i, r: less(cast(i, real), steps), step, [0, out])[1]


# -- TiledBoxSuppression -------------------------------------------------------------------

def _overlaps(a: Any, b: Any) -> Any:
    """[batch, n, m] IOU of boxes a [batch, n, 4] and b [batch, m, 4] in (min, max) order,
    in TF's order of operations (ops/nms_padded.py's kernel computes the same)."""
    ay0, ax0, ay1, ax1 = (a[..., i:i + 1] for i in range(4))
    by0, bx0, by1, bx1 = (expand_dims(b[..., i], 1) for i in range(4))
    inter = maximum(minimum(ax1, bx1) - maximum(ax0, bx0), 0.0) * \
        maximum(minimum(ay1, by1) - maximum(ay0, by0), 0.0)
    union = (ay1 - ay0) * (ax1 - ax0) + ((by1 - by0) * (bx1 - bx0)) - inter + NMS.IOU_EPSILON
    return inter / union


def _tiled_suppression(boxes: Any, *, max_output_size: int, iou_threshold: float,
                       tile_size: int) -> tuple:
    """TF's tiled suppression over [batch, tiles * tile_size, 4] float32 boxes: while
    loops over the tiles, the earlier tiles of each, and a tile's own suppression."""
    thr = cast(iou_threshold, dt.float32)
    ts = tile_size
    sizes = shape_of(boxes)
    batch, n = sizes[0], sizes[1]
    tiles = n // ts
    later = cast(greater(expand_dims(range_(ts), 0), expand_dims(range_(ts), 1)), dt.float32)

    def tile_of(bx: Any, t: Any) -> Any:
        return gather(reshape(bx, stack([batch, tiles, ts, 4])), t, axis=1)

    def going(t: Any, bx: Any, kept: Any) -> Any:
        return logical_and(less(t, tiles), less(reduce_min(kept), max_output_size))

    def step(t: Any, bx: Any, kept: Any) -> tuple:
        def by_earlier(j: Any, tile: Any) -> tuple:
            iou = _overlaps(tile_of(bx, j), tile)
            return j + 1, expand_dims(cast(reduce_all(less(iou, thr), 1), dt.float32), 2) * tile

        tile = while_loop(lambda j, tile: less(j, t), by_earlier, [0, tile_of(bx, t)])[1]
        iou = _overlaps(tile, tile)
        iou = iou * (later * cast(greater_equal(iou, thr), dt.float32))
        tile = tile * expand_dims(1.0 - cast(_self_suppressed(iou, thr), dt.float32), 2)
        mask = reshape(cast(equal(range_(tiles), t), dt.float32), stack([1, tiles, 1, 1]))
        whole = expand_dims(tile, 1) * mask + \
            reshape(bx, stack([batch, tiles, ts, 4])) * (1.0 - mask)
        counted = reduce_sum(cast(reduce_any(greater(tile, 0.0), 2), dt.int32), 1)
        return t + 1, reshape(whole, sizes), kept + counted

    _, out, kept = while_loop(going, step, [0, boxes, fill(sizes[:1], 0)])
    return out, kept


def _self_suppressed(iou: Any, thr: Any) -> Any:
    """[batch, tile]: the boxes of a tile its own better boxes suppress, the suppression
    repeated while the tile's sum of overlaps falls by more than the threshold."""
    def step(iou: Any, total: Any, go: Any) -> tuple:
        free = expand_dims(cast(less(reduce_max(iou, 1), thr), dt.float32), 2)
        iou = expand_dims(cast(less(reduce_max(free * iou, 1), thr), dt.float32), 2) * iou
        new_total = reduce_sum(iou, [1, 2])
        return iou, new_total, reduce_any(greater(total - new_total, thr))

    iou = while_loop(lambda iou, total, go: go, step,
                     [iou, reduce_sum(iou, [1, 2]), True])[0]
    return greater(reduce_sum(iou, 1), 0.0)


COMPOSITES: dict[str, Callable] = {"MatrixExponential": _expm,
                                   "TiledBoxSuppression": _tiled_suppression}
