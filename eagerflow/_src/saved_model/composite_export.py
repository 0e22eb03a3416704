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
- _CTCLossDense (eagerflow's op for tf.nn.ctc_loss on dense labels, which TF computes
  with a composite of its own, not its CTCLoss kernel): the state log-probabilities, the
  transition matrix, the forward and backward passes as while loops over time writing
  each step into a buffer, and the loss under TF's custom gradient (the gradient the
  forward-backward pass computed, scaled), each as ops/nn_ctc_dense.py's kernel computes
  them, so that an impossible labelling costs the same finite ~707 there as eagerly.
"""

from __future__ import annotations

from typing import Any, Callable

from eagerflow._src.autodiff.custom_gradient import custom_gradient
from eagerflow._src.control_flow.conditionals import cond
from eagerflow._src.control_flow.loops import while_loop
from eagerflow._src.core import dtypes as dt
from eagerflow._src.ops import linalg_matfunc as M
from eagerflow._src.ops import nms_padded as NMS
from eagerflow._src.ops import nn_ctc_dense as CTC
from eagerflow._src.ops.array import concat, expand_dims, fill, ones, zeros
from eagerflow._src.ops.array import shape as shape_of
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.linalg_decomp import solve
from eagerflow._src.ops.linalg_diag import diag
from eagerflow._src.ops.math import abs as abs_
from eagerflow._src.ops.math import (
    equal,
    exp,
    floor,
    greater,
    greater_equal,
    is_finite,
    less,
    log,
    logical_and,
    maximum,
    minimum,
    not_equal,
)
from eagerflow._src.ops.math_base import cast, identity, stop_gradient, where, zeros_like
from eagerflow._src.ops.nd_indexing import tensor_scatter_nd_update
from eagerflow._src.ops.nn import log_softmax
from eagerflow._src.ops.reduce import reduce_all, reduce_any, reduce_max, reduce_min, reduce_sum
from eagerflow._src.ops.reshaping import reshape, squeeze
from eagerflow._src.ops.sequences import range as range_
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.tiling import tile
from eagerflow._src.ops.transposing import transpose
from eagerflow._src.ops.unique_one_hot import one_hot

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


# -- _CTCLossDense ------------------------------------------------------------------------

def _logsumexp(x: Any, axis: int, keepdims: bool = False) -> Any:
    """TF's reduce_logsumexp: the largest value taken out first, 0 where not finite."""
    top = reduce_max(x, axis, keepdims=True)
    top = where(is_finite(top), top, zeros_like(top))
    out = log(reduce_sum(exp(x - top), axis, keepdims=True)) + top
    return out if keepdims else squeeze(out, [axis])


def _ctc_states(logp: Any, labels: Any) -> Any:
    """[time, batch, states] emission log-probabilities (the kernel's _state_log_probs)."""
    sizes = shape_of(logp)
    onehot = one_hot(labels, sizes[2], 1.0, 0.0, dtype=logp._dtype)
    label = reduce_sum(expand_dims(logp, 2) * expand_dims(onehot, 0), 3)
    blank = tile(logp[:, :, :1], stack([1, 1, shape_of(labels)[1] + 1]))
    start = fill(stack([sizes[0], sizes[1], 1]), cast(float("-inf"), logp._dtype))
    return concat([start, label, blank], 2)


def _ctc_transitions(labels: Any, dtype: Any) -> Any:
    """[batch, to, from] log transition weights, the kernel's _transitions built from
    index comparisons (each a count: with no labels start -> blank 0 is there twice)."""
    width = shape_of(labels)[1]
    n = width + 1
    i = expand_dims(range_(2 * n), 1)
    j = expand_dims(range_(2 * n), 0)
    base = [equal(i, j), logical_and(equal(i, 1), equal(j, 0)),
            logical_and(logical_and(greater_equal(i, 1), less(i, n)), equal(j, i + n - 1)),
            logical_and(greater_equal(i, n), equal(j, i - n))]
    base = sum(cast(b, dtype) for b in base)
    batch = shape_of(labels)[:1]
    differ = cast(not_equal(labels[:, :-1], labels[:, 1:]), dtype)  # [batch, width - 1]
    differ = concat([zeros(concat([batch, [1]], 0), dtype), differ,
                     zeros(concat([batch, [2 * n - width]], 0), dtype)], 1)[:, :2 * n]
    step = cast(equal(i, j + 1), dtype)  # label k -> label k + 1 where the labels differ
    return log(expand_dims(base, 0) + expand_dims(differ, 1) * expand_dims(step, 0))


def _ctc_passes(obs: Any, trans: Any, initial: Any, final: Any, mask: Any) -> tuple:
    """The forward messages after each step, the backward ones after each step, the
    first backward message and the sum of the normalizers' logs (the kernel's _forward
    and _backward), as while loops writing each step into a [time, batch, states] buffer."""
    steps = shape_of(obs)[0]
    buf = zeros_like(obs)

    def fwd(t: Any, s: Any, out: Any) -> tuple:
        s = _logsumexp(expand_dims(s, 1) + trans, 2) + obs[t]
        s = s - _logsumexp(s, 1, keepdims=True)
        return t + 1, s, tensor_scatter_nd_update(out, [[t]], expand_dims(s, 0))

    fwd_out = while_loop(lambda t, s, out: less(t, steps), fwd, [0, initial, buf])[2]
    back = transpose(trans, [0, 2, 1])

    def bwd(t: Any, s: Any, total: Any, out: Any) -> tuple:
        out = tensor_scatter_nd_update(out, [[t]], expand_dims(s, 0))
        s = _logsumexp(expand_dims(s + obs[t], 1) + back, 2)
        norm = _logsumexp(s, 1, keepdims=True)
        m = mask[t]
        s = (s - norm) * expand_dims(m, 1) + final * expand_dims(1.0 - m, 1)
        return t - 1, s, total + norm[:, 0] * m, out

    _, first, total, bwd_out = while_loop(
        lambda t, s, total, out: greater_equal(t, 0), bwd,
        [steps - 1, final, zeros_like(final[:, 0]), buf])
    return fwd_out, bwd_out, first, total


def _ctc_posteriors(post: Any, labels: Any, classes: Any) -> Any:
    """[time, batch, classes] log posteriors of the classes (the kernel's
    _label_posteriors)."""
    width = shape_of(labels)[1]
    onehot = one_hot(labels - 1, classes - 1, 0.0, float("-inf"), dtype=post._dtype)
    per_label = _logsumexp(expand_dims(post[:, :, 1:width + 1], 3) + expand_dims(onehot, 0), 2)
    blank = _logsumexp(post[:, :, width + 1:], 2, keepdims=True)
    return concat([blank, per_label], 2)


def _ctc_loss_dense(logits: Any, labels: Any, label_length: Any, logit_length: Any) -> list:
    """The loss under TF's custom gradient (the gradient computed here, scaled by the
    loss's) and that gradient: the op's two results."""
    dtype = logits._dtype
    steps, classes = shape_of(logits)[0], shape_of(logits)[2]
    width = shape_of(labels)[1]
    logp = log_softmax(logits)
    trans = _ctc_transitions(labels, dtype)
    states = 2 * (width + 1)
    lowest = cast(CTC.LOG_0, dtype)
    initial = fill(stack([shape_of(labels)[0], states]), lowest)
    initial = concat([zeros_like(initial[:, :1]), initial[:, 1:]], 1)
    ends = one_hot(label_length, width + 1, 1.0, 0.0, dtype=dtype)
    final = (1.0 - concat([ends, ends], 1)) * lowest
    mask = cast(less(expand_dims(range_(steps), 1), expand_dims(logit_length, 0)), dtype)
    fwd, bwd, first, total = _ctc_passes(_ctc_states(logp, labels), trans, initial, final, mask)
    post = fwd + bwd
    post = post - _logsumexp(post, 2, keepdims=True) + expand_dims(log(mask), 2)
    grad = (exp(logp) - exp(_ctc_posteriors(post, labels, classes))) * expand_dims(mask, 2)

    @custom_gradient
    def loss_of(x: Any) -> tuple:
        return -(first[:, 0] + total), lambda g: reshape(g, [1, -1, 1]) * grad

    # (the gradient result is a constant to differentiation, as TF's composite holds it: a
    # loader differentiating the call for the loss alone would otherwise go through its
    # logs of zero transitions, zero times inf)
    return [loss_of(logits), stop_gradient(grad)]


COMPOSITES: dict[str, Callable] = {"MatrixExponential": _expm, "_CTCLossDense": _ctc_loss_dense,
                                   "TiledBoxSuppression": _tiled_suppression}
