"""TF's fused batch norm ops: FusedBatchNorm, V2 and V3 (tf.compat.v1.nn.fused_batch_norm
binds V3, as TF's does) and their gradient ops FusedBatchNormGrad, V2 and V3.

Ops layer, after nn_norm. Per channel (the last axis, or axis 1 for NCHW and NCDHW), over
every other axis, in float32 (half and bfloat16 data are computed in float32 and rounded
back, as TF's CPU kernels):

    training:  mean, variance (biased) of x;  y = (x - mean) * rsqrt(variance + eps) * scale
               + offset;  batch_variance is the unbiased variance (n / max(n - 1, 1)), both
               statistics blended as (1 - f) * given + f * batch for exponential_avg_factor
               f != 1; reserve_space_1/2 are the batch mean and the biased variance
    inference: y from the given mean and variance, which come back as the statistics

The gradient ops take the reserve spaces as the mean and variance (training) or the
population statistics (inference):

    r = rsqrt(variance + eps);  doffset = sum(dy);  dscale = r * sum(dy * (x - mean))
    training:  dx = scale * r * (dy - doffset / n - (x - mean) * r^2 * sum(dy * (x - mean)) / n)
    inference: dx = dy * scale * r

Their own gradient (TF differentiates its composite of the same formulas, the batch
statistics recomputed from x) is written out in closed form below. TF 2.21's CPU kernels
of float32 4-D data are oneDNN's, whose unused reserve outputs of the gradient ops are
scalars; elsewhere they are empty vectors.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import ELEMENTWISE_BLOCK, column_sums
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import reshape, transpose
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.math import rsqrt
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.nn import _const
from eagerflow._src.ops.nn_args import fail
from eagerflow._src.ops.reduce import reduce_mean, reduce_sum
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_HALF_OR_FLOAT = frozenset((dt.float16, dt.bfloat16, dt.float32))
_FLOAT = frozenset((dt.float32,))
# op -> (its data dtypes, its statistics' dtypes, whether it takes 5-D data)
_FORWARD = {"FusedBatchNorm": (_FLOAT, _FLOAT, False),
            "FusedBatchNormV2": (_HALF_OR_FLOAT, _FLOAT, False),
            "FusedBatchNormV3": (_HALF_OR_FLOAT, frozenset((dt.bfloat16, dt.float32)), True)}
_BACKWARD = {"FusedBatchNormGrad": (_FLOAT, False), "FusedBatchNormGradV2": (_HALF_OR_FLOAT, False),
             "FusedBatchNormGradV3": (_HALF_OR_FLOAT, True)}
_GRAD_OF = {"FusedBatchNorm": "FusedBatchNormGrad", "FusedBatchNormV2": "FusedBatchNormGradV2",
            "FusedBatchNormV3": "FusedBatchNormGradV3"}


def _channel_axis(data_format: str, rank: int) -> int:
    return 1 if data_format.startswith("NC") else rank - 1


def _check_format(op: str, data_format: str, five_d: bool) -> None:
    allowed = ("NHWC", "NCHW", "NDHWC", "NCDHW") if five_d else ("NHWC", "NCHW")
    if data_format not in allowed:
        listed = ", ".join(f'"{f}"' for f in allowed)
        raise fail(op, f"Value for attr 'data_format' of \"{data_format}\" is not in the list "
                       f"of allowed values: {listed}")


def _check_rank(op: str, x: Any, data_format: str) -> int | None:
    if x._shape is None:
        return None
    want = 5 if data_format in ("NDHWC", "NCDHW") else 4
    if len(x._shape) != want:
        raise fail(op, f"input must be {want}-dimensional{C.shape_str(x._shape)}")
    return x._shape[_channel_axis(data_format, want)]


def _check_vectors(op: str, vectors: tuple, c: int | None, counted: tuple, when: str) -> None:
    """Each of `vectors` ((name, tensor)) 1-D, then those named in `counted` of the channel
    count (`when`: the condition TF's message starts with, or "")."""
    for what, t in vectors:
        if t._shape is not None and len(t._shape) != 1:
            raise fail(op, f"{what} must be 1-dimensional{C.shape_str(t._shape)}")
    for what, t in vectors:
        n = None if t._shape is None else t._shape[0]
        if what in counted and None not in (n, c) and n != c:
            prefix = f"When {when}, " if when and what in ("mean", "variance") else ""
            raise fail(op, f"{prefix}{what} must have the same number of elements as the "
                           f"channels of x, got {n} and {c}")


# ---------------------------------------------------------------------------------------
# FusedBatchNorm, V2, V3
# ---------------------------------------------------------------------------------------

def _forward_infer(op: str) -> Any:
    data_types, stat_types, five_d = _FORWARD[op]

    def infer(x: Any, scale: Any, offset: Any, mean: Any, variance: Any, epsilon: float,
              exponential_avg_factor: float, data_format: str, is_training: bool) -> list:
        if op == "FusedBatchNorm":
            C.same_dtype(op, (x, scale, offset, mean, variance), _FLOAT)
        else:  # (TF's eager checks name U's dtype before T's)
            C.check_dtype(op, scale, stat_types, "U")
            C.same_dtype(op, (scale, offset, mean, variance), stat_types, first_index=1)
            C.check_dtype(op, x, data_types)
        _check_format(op, data_format, five_d)
        c = _check_rank(op, x, data_format)
        when = "is_training=false" if not is_training else \
            "exponential_avg_factor != 1" if exponential_avg_factor != 1 else ""
        counted = ("scale", "offset") + (("mean", "variance") if when else ())
        _check_vectors(op, (("scale", scale), ("offset", offset), ("mean", mean),
                            ("variance", variance)), c, counted, when)
        u = scale._dtype
        outs = [(x._shape, x._dtype)] + [((c,), u)] * 4
        # (reserve_space_3's shape is unknown to TF's shape function, though empty on CPU)
        return outs + ([((None,), u)] if op == "FusedBatchNormV3" else [])
    return infer


def _forward_kernel(op: str) -> Any:
    def kernel(xp: Any, x: Any, scale: Any, offset: Any, mean: Any, variance: Any,
               epsilon: float, exponential_avg_factor: float, data_format: str,
               is_training: bool) -> tuple:
        f32 = np.float32
        cax = _channel_axis(data_format, x.ndim)
        axes = tuple(i for i in range(x.ndim) if i != cax)
        bshape = [1] * x.ndim
        bshape[cax] = -1
        xf = x.astype(f32, copy=False)
        u = scale.dtype
        # channels last: the activations as rows of channels, their sums one product each
        rows = xf.reshape(-1, x.shape[-1]) if cax == x.ndim - 1 and x.size else None
        with np.errstate(all="ignore"):
            centered = None
            if is_training:
                n = x.size // max(x.shape[cax], 1)
                m = _mean(xp, xf, rows, axes, n) if n else xp.full(x.shape[cax], np.nan, f32)
                if n:
                    centered = xf - m.reshape(bshape)
                    sq = centered * centered
                    var = _mean(xp, sq, None if rows is None else sq.reshape(rows.shape), axes,
                                n)
                else:
                    var = m
                unbiased = var * f32(n / max(n - 1, 1))
                f = f32(exponential_avg_factor)
                if f != 1:
                    m_out = (f32(1) - f) * mean.astype(f32) + f * m
                    v_out = (f32(1) - f) * variance.astype(f32) + f * unbiased
                else:
                    m_out, v_out = m, unbiased
                # (an empty batch: TF's reserve spaces are zeros, its statistics NaN)
                saved = (m, var) if n else (xp.zeros_like(m), xp.zeros_like(m))
            else:
                m, var = mean.astype(f32), variance.astype(f32)
                m_out, v_out, saved = m, var, (m, var)
                if not x.size:  # (as in training: NaN statistics, zero reserve spaces)
                    m_out = v_out = xp.full(m.shape, np.nan, f32)
                    saved = (xp.zeros_like(m), xp.zeros_like(m))
            inv = (f32(1) / xp.sqrt(var + f32(epsilon))) * scale.astype(f32)
            y = xf - m.reshape(bshape) if centered is None else centered
            y *= inv.reshape(bshape)
            y += offset.astype(f32).reshape(bshape)
        outs = (y.astype(x.dtype, copy=False), m_out.astype(u), v_out.astype(u),
                saved[0].astype(u), saved[1].astype(u))
        return outs + ((xp.zeros(0, u),) if op == "FusedBatchNormV3" else ())
    return kernel


def _mean(xp: Any, values: Any, rows: Any, axes: tuple, n: int) -> Any:
    """The float32 mean over `axes` (n values each): as column sums of `rows` (the values as
    rows of channels, channels last) where a product gives them, else NumPy's mean."""
    sums = None if rows is None else column_sums(xp, rows)
    if sums is None:
        return values.mean(axis=axes, dtype=np.float32)
    return sums / np.float32(n)


def _forward_ref(op: str) -> Any:
    def ref(x: np.ndarray, scale: np.ndarray, offset: np.ndarray, mean: np.ndarray,
            variance: np.ndarray, epsilon: float, exponential_avg_factor: float,
            data_format: str, is_training: bool) -> tuple:
        """Channel by channel in float64 (x moved channels-last)."""
        xl = np.moveaxis(x.astype(np.float64), _channel_axis(data_format, x.ndim), -1)
        c = xl.shape[-1]
        cols = xl.reshape(-1, c)
        n = cols.shape[0]
        if is_training:
            m = cols.mean(0)
            var = ((cols - m) ** 2).mean(0)
            f = exponential_avg_factor
            unb = var * n / max(n - 1, 1)
            m_out, v_out = m, unb
            if f != 1:
                m_out, v_out = (1 - f) * mean + f * m, (1 - f) * variance + f * unb
        else:
            m, var = mean.astype(np.float64), variance.astype(np.float64)
            m_out, v_out = m, var
        y = (xl - m) / np.sqrt(var + epsilon) * scale + offset
        y = np.moveaxis(y, -1, _channel_axis(data_format, x.ndim)).astype(x.dtype)
        outs = (y, *(a.astype(scale.dtype) for a in (m_out, v_out, m, var)))
        return outs + ((np.zeros(0, scale.dtype),) if op == "FusedBatchNormV3" else ())
    return ref


def _forward_grad(op: str) -> Any:
    grad_op = _GRAD_OF[op]

    def grad(n: Any, dy: Any, *unused: Any) -> list:
        """TF's: the gradient op, of y's gradient alone (the statistics' are dropped), the
        reserve spaces as the mean and variance in training, else the given statistics
        (NCHW inference transposed to NHWC and back)."""
        x, scale = n.inputs[0], n.inputs[1]
        a = n.attrs
        training, fmt = a["is_training"], a["data_format"]
        stats = [n.outputs[3], n.outputs[4]] if training else [n.inputs[3], n.inputs[4]]
        extra = [n.outputs[5]] if grad_op == "FusedBatchNormGradV3" else []
        nchw = not training and fmt == "NCHW"
        if nchw:
            x, dy, fmt = transpose(x, [0, 2, 3, 1]), transpose(dy, [0, 2, 3, 1]), "NHWC"
        dx, dscale, doffset = bind(
            GRAD_OPS[grad_op], (dy, x, scale, *stats, *extra),
            {"epsilon": a["epsilon"], "data_format": fmt, "is_training": training})[:3]
        if nchw:
            dx = transpose(dx, [0, 3, 1, 2])
        return [dx, dscale, doffset, None, None]
    return grad


# ---------------------------------------------------------------------------------------
# FusedBatchNormGrad, V2, V3
# ---------------------------------------------------------------------------------------

def _one_dnn(x: Any, data_format: str) -> bool:
    """Whether TF's CPU kernel is oneDNN's: float32 4-D data."""
    return x._dtype is dt.float32 and data_format in ("NHWC", "NCHW")


def _unused_shape(x: Any, data_format: str) -> tuple:
    """oneDNN's scalars run eagerly; empty vectors elsewhere, and in a graph, whose shape
    function TF's says [0] (a graph TF imports must agree)."""
    return () if isinstance(x, EagerTensor) and _one_dnn(x, data_format) else (0,)


def _backward_infer(op: str) -> Any:
    data_types, five_d = _BACKWARD[op]

    def infer(dy: Any, x: Any, scale: Any, rs1: Any, rs2: Any, *rest: Any, epsilon: float,
              data_format: str, is_training: bool) -> list:
        C.same_dtype(op, (dy, x), data_types)
        if op == "FusedBatchNormGrad":
            C.same_dtype(op, (dy, x, scale, rs1, rs2), _FLOAT)
        else:
            if scale._dtype is not dt.float32:
                raise C.wrong_input_dtype(op, 2, dt.float32, scale._dtype)
            C.same_dtype(op, (rs1, rs2, *rest), _FLOAT, first_index=3)
        _check_format(op, data_format, five_d)
        _check_rank(op, dy, data_format)
        c = _check_rank(op, x, data_format)
        vectors = (("scale", scale), ("reserve_space_1", rs1), ("reserve_space_2", rs2))
        _check_vectors(op, vectors, None, (), "")
        if None not in (x._shape, dy._shape) and x._shape != dy._shape:
            raise fail(op, f"x and y_backprop must have same shape, but x has shape "
                           f"{C.shape_str(x._shape)} and y_backprop has shape "
                           f"{C.shape_str(dy._shape)}")
        _check_vectors(op, vectors, c, tuple(w for w, _ in vectors), "")
        if not is_training and data_format.startswith("NC") and not _one_dnn(x, data_format):
            raise fail(op, "The implementation of FusedBatchNormGrad with is_training=False "
                           "only support NHWC tensor format for now.")
        unused = _unused_shape(x, data_format)
        return [(x._shape, x._dtype), ((c,), dt.float32), ((c,), dt.float32),
                (unused, dt.float32), (unused, dt.float32)]
    return infer


def _backward_kernel(xp: Any, dy: Any, x: Any, scale: Any, rs1: Any, rs2: Any, *rest: Any,
                     epsilon: float, data_format: str, is_training: bool) -> tuple:
    f32 = np.float32
    cax = _channel_axis(data_format, x.ndim)
    axes = tuple(i for i in range(x.ndim) if i != cax)
    bshape = [1] * x.ndim
    bshape[cax] = -1
    g, xf = dy.astype(f32, copy=False), x.astype(f32, copy=False)
    n = f32(x.size // max(x.shape[cax], 1))
    if xp is np and is_training and cax == x.ndim - 1 and x.shape[-1] >= 2 and x.size:
        with np.errstate(all="ignore"):
            dx, dscale, doffset = _training_backward_by_rows(g, xf, scale, rs1, rs2,
                                                             f32(epsilon), n)
        z = np.zeros(() if x.dtype == np.float32 and x.ndim == 4 else (0,), f32)
        return dx.astype(x.dtype, copy=False), dscale, doffset, z, z.copy()
    with np.errstate(all="ignore"):
        r = (f32(1) / xp.sqrt(rs2 + f32(epsilon))).reshape(bshape)
        centred = xf - rs1.reshape(bshape)
        # (sums accumulated in float64: a half batch's products cancel)
        doffset = g.sum(axis=axes, dtype=np.float64).astype(f32)
        prod = g * centred
        sum_t = prod.sum(axis=axes, dtype=np.float64).astype(f32)
        dscale = sum_t * r.reshape(-1)
        s = scale.reshape(bshape)
        if is_training:
            # s r ((g - doffset / n) - centred r^2 (sum_t / n)), each step a float32
            # operation in that order, in place in the two temporaries (no new arrays)
            xp.multiply(centred, r * r, out=prod)
            prod *= (sum_t / n).reshape(bshape)
            dx = xp.subtract(g, (doffset / n).reshape(bshape), out=centred)
            dx -= prod
            xp.multiply(s * r, dx, out=dx)
        else:
            dx = g * s * r
    shape = () if x.dtype == np.float32 and x.ndim == 4 else (0,)
    z = xp.zeros(shape, f32)
    return dx.astype(x.dtype), dscale.astype(f32), doffset.astype(f32), z, z.copy()


def _training_backward_by_rows(g: Any, xf: Any, scale: Any, rs1: Any, rs2: Any,
                               epsilon: Any, n: Any) -> tuple:
    """_backward_kernel's training gradient for channels last (at least two), on the CPU,
    a block of rows (ELEMENTWISE_BLOCK values) at a time so that its temporaries stay in
    the cache: a first pass sums dy and dy (x - mean) per channel, a second forms dx.
    The same float32 steps on each value, and the same float64 sums: NumPy sums rows of
    two or more channels in row order (one channel: pairwise, hence not here), so each
    block's sum starts from the blocks' before it. The per-channel vectors are repeated
    to `_LANE` values and the blocks viewed as rows of that many, since NumPy's loop over
    a broadcast row of 32 channels runs 3x slower (1M values: 6.3 ms whole, 4 ms here)."""
    f32 = np.float32
    c = xf.shape[-1]
    g2, x2 = g.reshape(-1, c), xf.reshape(-1, c)
    rows = g2.shape[0]
    k = max(1, _LANE // c)  # (rows to a lane row)
    step = max(1, ELEMENTWISE_BLOCK // c // k) * k
    centred = np.empty((min(step, rows), c), f32)
    prod = np.empty_like(centred)
    wide = np.empty((centred.shape[0] + 1, c), np.float64)  # (the sum so far, the block)
    sums = None
    for a in range(0, rows, step):
        b = min(a + step, rows)
        cb = _lanes(np.subtract, x2[a:b], rs1, centred[:b - a], k)
        pb = _lanes(np.multiply, g2[a:b], cb, prod[:b - a], k)
        sums = [_sum_after(wide, None if sums is None else sums[i], v, b - a)
                for i, v in enumerate((g2[a:b], pb))]
    doffset, sum_t = (v.astype(f32) for v in sums)
    r = f32(1) / np.sqrt(rs2 + epsilon)
    dscale = sum_t * r
    rr, per_n, mean_g, sr = r * r, sum_t / n, doffset / n, scale * r
    dx = np.empty(g2.shape, f32)
    for a in range(0, rows, step):  # s r ((g - doffset / n) - centred r^2 (sum_t / n))
        b = min(a + step, rows)
        cb = _lanes(np.subtract, x2[a:b], rs1, centred[:b - a], k)
        t = _lanes(np.multiply, cb, rr, prod[:b - a], k)
        _lanes(np.multiply, t, per_n, t, k)
        d = _lanes(np.subtract, g2[a:b], mean_g, dx[a:b], k)
        _lanes(np.subtract, d, t, d, k)
        _lanes(np.multiply, sr, d, d, k, vector_first=True)
    return dx.reshape(g.shape), dscale.astype(f32), doffset


# Values in a row of _lanes()'s views: long enough for NumPy's vector loop.
_LANE = 1024


def _lanes(ufunc: Any, a: Any, b: Any, out: Any, k: int, vector_first: bool = False) -> Any:
    """`ufunc(a, b, out=out)` over blocks of rows of channels, into `out`, which it
    returns; a per-channel vector (`b`, or `a` when `vector_first`) is repeated over k
    rows and the blocks viewed as rows of k rows, where their rows divide by k."""
    vec, arr = (a, b) if vector_first else (b, a)
    if k > 1 and arr.shape[0] % k == 0:
        shape = (-1, k * arr.shape[1])
        if vec.ndim == 1:
            vec = np.tile(vec, k)
        else:
            vec = vec.reshape(shape)
        arr, res = arr.reshape(shape), out.reshape(shape)
        ufunc(*((vec, arr) if vector_first else (arr, vec)), out=res)
        return out
    return ufunc(a, b, out=out)


def _sum_after(wide: Any, before: Any, block: Any, k: int) -> Any:
    """The float64 column sums of `block` (k rows) added in row order onto `before` (the
    sums of the rows before it; None for the first block, whose sum starts at its first
    row, as NumPy's does: a column of -0.0 sums to -0.0)."""
    if before is None:
        return block.sum(axis=0, dtype=np.float64)
    wide[0] = before
    wide[1:k + 1] = block
    return np.add.reduce(wide[:k + 1], axis=0)


def _backward_ref(dy: np.ndarray, x: np.ndarray, scale: np.ndarray, rs1: np.ndarray,
                  rs2: np.ndarray, *rest: Any, epsilon: float, data_format: str,
                  is_training: bool) -> tuple:
    """From x-hat in float64, channels moved last."""
    cax = _channel_axis(data_format, x.ndim)
    xl = np.moveaxis(x.astype(np.float64), cax, -1)
    gl = np.moveaxis(dy.astype(np.float64), cax, -1)
    c = xl.shape[-1]
    x2, g2 = xl.reshape(-1, c), gl.reshape(-1, c)
    r = 1 / np.sqrt(rs2.astype(np.float64) + epsilon)
    xhat = (x2 - rs1) * r
    dbeta, dgamma = g2.sum(0), (g2 * xhat).sum(0)
    if is_training:
        dx = scale * r / len(x2) * (len(x2) * g2 - dbeta - xhat * dgamma)
    else:
        dx = g2 * scale * r
    dx = np.moveaxis(dx.reshape(gl.shape), -1, cax).astype(x.dtype)
    shape = () if x.dtype == np.float32 and x.ndim == 4 else (0,)
    return (dx, dgamma.astype(np.float32), dbeta.astype(np.float32), np.zeros(shape, np.float32),
            np.zeros(shape, np.float32))


def _backward_grad(n: Any, ga: Any, gb: Any, gc: Any, *unused: Any) -> list:
    """The gradient of (dx, dscale, doffset) with respect to dy, x and scale, in closed form
    (none reaches the reserve spaces, as in TF). Training: with the batch's mean and
    variance recomputed from x, x-hat = (x - mean) r, P = sum(ga x-hat), Q = sum(dy x-hat)
    over n rows, dx = s r (dy - mean(dy) - x-hat Q / n):

        d/d dy = s r (ga - mean(ga) - x-hat P / n) + gb x-hat + gc
        d/d s  = sum(ga dx) / s, as r sum(ga (dy - mean(dy) - x-hat Q / n))
        d/d x  = r (w - mean(w)) - beta r^2 x-hat / n,  w = b dy - s r (Q ga + P dy) / n,
                 beta = s (sum(ga (dy - mean(dy))) - P Q / n) + sum(w x-hat) / r

    Inference (given statistics m, v; r = rsqrt(v + eps)): d/d dy = ga s r + gb (x - m) r
    + gc, d/d x = gb dy r, d/d s = sum(ga dy) r."""
    dy, x, scale, rs1, rs2 = n.inputs[:5]
    a = n.attrs
    rank = len(x._shape)
    cax = _channel_axis(a["data_format"], rank)
    axes = [i for i in range(rank) if i != cax]
    bshape = [1] * rank
    bshape[cax] = -1
    half = x._dtype is not dt.float32
    g, xf = (cast(dy, dt.float32), cast(x, dt.float32)) if half else (dy, x)
    ga = cast(ga, dt.float32) if ga is not None and half else ga
    zeros = _const(0.0, xf) * xf
    ga = zeros if ga is None else ga
    gb = _const(0.0, scale) * scale if gb is None else gb
    gc = _const(0.0, scale) * scale if gc is None else gc
    s, b, c = (reshape(v, bshape) for v in (scale, gb, gc))

    def total(v: Any) -> Any:
        return reduce_sum(v, axis=axes, keepdims=True)

    def mean(v: Any) -> Any:
        return reduce_mean(v, axis=axes, keepdims=True)

    eps = _const(a["epsilon"], xf)
    if a["is_training"]:
        mu = mean(xf)
        centred = xf - mu
        r = rsqrt(mean(centred * centred) + eps)
        xhat = centred * r
        count = reduce_sum(_const(1.0, xf) + zeros, axis=axes, keepdims=True)
        p, q = total(ga * xhat), total(g * xhat)
        g_c = g - mean(g)
        d_dy = s * r * (ga - mean(ga) - xhat * p / count) + b * xhat + c
        d_s = r * total(ga * (g_c - xhat * q / count))
        w = b * g - s * r * (q * ga + p * g) / count
        beta = s * (total(ga * g_c) - p * q / count) + total(w * xhat) / r
        d_x = r * (w - mean(w)) - beta * r * r * xhat / count
    else:
        r = rsqrt(reshape(rs2, bshape) + eps)
        d_dy = ga * s * r + b * (xf - reshape(rs1, bshape)) * r + c
        d_x = b * g * r
        d_s = total(ga * g) * r
    if half:
        d_dy, d_x = cast(d_dy, x._dtype), cast(d_x, x._dtype)
    return [d_dy, d_x, reshape(d_s, [-1]), None, None] + [None] * (len(n.inputs) - 5)


# ---------------------------------------------------------------------------------------
# Samples and registration
# ---------------------------------------------------------------------------------------

def _attrs(training: bool, fmt: str = "NHWC", f: float = 1.0) -> dict:
    return {"epsilon": 0.001, "exponential_avg_factor": f, "data_format": fmt,
            "is_training": training}


def _forward_samples(op: str) -> Any:
    def build() -> list:
        rng = SampleRNG(61)
        x = rng.uniform(-2, 2, (2, 3, 2, 3)).astype(np.float32)
        sc, of = rng.uniform(0.5, 2, 3).astype(np.float32), rng.uniform(-1, 1, 3).astype(
            np.float32)
        m, v = rng.uniform(-1, 1, 3).astype(np.float32), rng.uniform(0.5, 2, 3).astype(
            np.float32)
        e = np.zeros(0, np.float32)
        out = [Sample((x, sc, of, e, e), _attrs(True), grad=False),
               Sample((x, sc, of, m, v), _attrs(False), grad=False),
               Sample((x, sc, of, m, v), _attrs(True, f=0.3), grad=False),
               Sample((x, sc[:3], of[:3], e, e), _attrs(True, "NCHW"), grad=False),
               Sample((x, sc[:3], of[:3], m, v), _attrs(False, "NCHW"), grad=False)]
        if op != "FusedBatchNorm":
            out.append(Sample((x.astype(np.float16), sc, of, e, e), _attrs(True), grad=False))
        if op == "FusedBatchNormV3":
            out.append(Sample((x[None], sc, of, e, e), _attrs(True, "NDHWC"),
                              grad=False))
        return out
    return build


def _forward_bad(op: str) -> Any:
    def build() -> list:
        x = np.ones((2, 2, 2, 3), np.float32)
        v3, v2, e = np.ones(3, np.float32), np.ones(2, np.float32), np.zeros(0, np.float32)
        return [
            BadSample((x[0], v3, v3, e, e), _attrs(True), InvalidArgumentError,
                      "input must be 4-dimensional[2,2,3]"),
            BadSample((x, v2, v3, e, e), _attrs(True), InvalidArgumentError,
                      "scale must have the same number of elements as the channels of x, got "
                      "2 and 3"),
            BadSample((x, v3, v3[None], e, e), _attrs(True), InvalidArgumentError,
                      "offset must be 1-dimensional[1,3]"),
            BadSample((x, v3, v3, e, e), _attrs(False), InvalidArgumentError,
                      "When is_training=false, mean must have the same number of elements as "
                      "the channels of x, got 0 and 3"),
            BadSample((x, v3, v3, e, e), _attrs(True, f=0.5), InvalidArgumentError,
                      "When exponential_avg_factor != 1, mean must have the same number of "
                      "elements"),
            BadSample((x.astype(np.float64), v3, v3, e, e), _attrs(True), InvalidArgumentError,
                      "Value for attr 'T' of double is not in the list of allowed values")]
    return build


def _backward_samples(op: str) -> Any:
    def build() -> list:
        rng = SampleRNG(62)
        dy, x = (rng.uniform(-2, 2, (2, 3, 2, 3)).astype(np.float32) for _ in range(2))
        sc = rng.uniform(0.5, 2, 3).astype(np.float32)
        x2 = x.reshape(-1, 3)
        m, v = x2.mean(0), x2.var(0)
        extra = (np.zeros(0, np.float32),) if op == "FusedBatchNormGradV3" else ()
        a = {"epsilon": 0.001, "data_format": "NHWC"}
        pm, pv = rng.uniform(-1, 1, 3).astype(np.float32), rng.uniform(0.5, 2, 3).astype(
            np.float32)
        out = [Sample((dy, x, sc, m, v, *extra), {**a, "is_training": True}, grad=False),
               Sample((dy, x, sc, pm, pv, *extra), {**a, "is_training": False},
                      grad=False),
               Sample((dy, x, sc, pm, pv, *extra), {**a, "is_training": False,
                                                   "data_format": "NCHW"}, grad=False)]
        if op != "FusedBatchNormGrad":
            out.append(Sample((dy.astype(np.float16), x.astype(np.float16), sc, m, v, *extra),
                              {**a, "is_training": True}, grad=False))
        if op == "FusedBatchNormGradV3":
            out.append(Sample((dy[None], x[None], sc, m, v, *extra),
                              {**a, "is_training": True, "data_format": "NDHWC"},
                              grad=False))
        return out
    return build


def _backward_bad(op: str) -> Any:
    def build() -> list:
        x = np.ones((2, 2, 2, 3), np.float32)
        v3, v2 = np.ones(3, np.float32), np.ones(2, np.float32)
        extra = (np.zeros(0, np.float32),) if op == "FusedBatchNormGradV3" else ()
        a = {"epsilon": 0.001, "data_format": "NHWC", "is_training": True}
        return [
            BadSample((x[0, 0], x[0, 0], v3, v3, v3, *extra), a, InvalidArgumentError,
                      "input must be 4-dimensional[2,3]"),
            BadSample((x[:1], x, v3, v3, v3, *extra), a, InvalidArgumentError,
                      "x and y_backprop must have same shape, but x has shape [2,2,2,3] and "
                      "y_backprop has shape [1,2,2,3]"),
            BadSample((x, x, v3[None], v3, v3, *extra), a, InvalidArgumentError,
                      "scale must be 1-dimensional[1,3]"),
            BadSample((x, x, v3, v3, v2, *extra), a, InvalidArgumentError,
                      "reserve_space_2 must have the same number of elements as the channels "
                      "of x, got 2 and 3"),
            BadSample((x.astype(np.float16), x, v3, v3, v3, *extra), a, InvalidArgumentError,
                      "")] + ([] if op == "FusedBatchNormGrad" else [
                BadSample((np.ones((2, 3, 2, 2), np.float16),) * 2 + (v3, v3, v3, *extra),
                          {**a, "is_training": False, "data_format": "NCHW"},
                          InvalidArgumentError, "with is_training=False only support NHWC "
                                                "tensor format for now.")])
    return build


GRAD_OPS: dict = {}
for _name in _BACKWARD:
    GRAD_OPS[_name] = register(OpDef(
        _name, _backward_infer(_name), _backward_kernel, grad=_backward_grad,
        reference=_backward_ref, num_outputs=5, none_grads=(0, 1, 2, 3, 4),
        samples=_backward_samples(_name), bad_samples=_backward_bad(_name)))
FUSED_BATCH_NORM = {name: register(OpDef(
    name, _forward_infer(name), _forward_kernel(name), grad=_forward_grad(name),
    reference=_forward_ref(name), num_outputs=6 if name == "FusedBatchNormV3" else 5,
    # (TF's tape hands FusedBatchNorm's, not V2's or V3's, unused statistics None)
    none_grads=(1, 2, 3, 4) if name == "FusedBatchNorm" else (),
    samples=_forward_samples(name), bad_samples=_forward_bad(name)))
    for name in _FORWARD}
