"""tf.nn.space_to_depth and tf.nn.depth_to_space (NHWC): each is the other's gradient;
TF's LRN op (tf.nn.local_response_normalization) with its gradient LRNGrad; and
SpaceToBatchND / BatchToSpaceND (tf.space_to_batch(_nd), tf.batch_to_space), each the
other's gradient, with their first versions SpaceToBatch / BatchToSpace (a square block
attr over a 4-D input), and required_space_to_batch_paddings.

Sits in the ops layer beside nn.py. The space/batch/depth moves are pure data movement (a
reshape, a transpose and a reshape), so their kernels are exact for every dtype.
"""

from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import matmul, to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import (
    EagerTensor,
    Tensor,
    check_finite_size,
    convert_to_tensor,
    host_tensor,
)
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import nn_space_formats as F
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import as_int_tensor, is_symbolic
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.math import _t
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_rng = SampleRNG(61)


def _check_common(op: str, x: Any, block_size: int, data_format: str = "NHWC") -> None:
    if block_size < 2:
        raise C.fail(op, f"Value for attr 'block_size' of {block_size} must be at least "
                         f"minimum 2\n\t; NodeDef: {{{{node {op}}}}}")
    C.int_attr(op, block_size, "block_size")  # (its kernel reads it as an int32)
    F.check_format(op, x, block_size, data_format)
    if data_format == "NCHW_VECT_C":  # (a graph's or a device's: a 5-D int8 layout)
        if x._shape is not None and len(x._shape) != 5:
            raise C.fail(op, f"Shape must be rank 5 but is rank {len(x._shape)}")
        return
    if x._shape is not None and len(x._shape) != 4:
        raise C.fail(op, f"Input rank should be 4 instead of {len(x._shape)}")


def _s2d_infer(x: Any, block_size: int, data_format: str = "NHWC") -> list:
    _check_common("SpaceToDepth", x, block_size, data_format)
    if x._shape is None or data_format == "NCHW_VECT_C":
        return [(None, x._dtype)]
    return F.channels_first(_s2d_shape(F.nhwc_shape(x._shape, data_format), x._dtype,
                                      block_size), data_format)


def _s2d_shape(shape: tuple, d: dt.DType, block_size: int) -> list:
    n, h, w, c = shape
    if h is not None and w is not None and (h % block_size or w % block_size):
        raise C.fail("SpaceToDepth", f"Image width {w} and height {h} should be divisible by "
                                     f"block_size: {block_size}")
    b = block_size
    return [((n, None if h is None else h // b, None if w is None else w // b,
              None if c is None else c * b * b), d)]


def _s2d_kernel(xp: Any, x: Any, block_size: int) -> Any:
    n, h, w, c = x.shape
    b = block_size
    y = x.reshape(n, h // b, b, w // b, b, c).transpose(0, 1, 3, 2, 4, 5)
    return y.reshape(n, h // b, w // b, b * b * c).copy()


def _s2d_ref(x: np.ndarray, block_size: int, data_format: str = "NHWC") -> np.ndarray:
    n, h, w, c = x.shape
    b = block_size
    out = np.empty((n, h // b, w // b, b * b * c), dtype=x.dtype)
    for i, y, z, d in np.ndindex(*x.shape):
        out[i, y // b, z // b, ((y % b) * b + z % b) * c + d] = x[i, y, z, d]
    return out


def _d2s_infer(x: Any, block_size: int, data_format: str = "NHWC") -> list:
    _check_common("DepthToSpace", x, block_size, data_format)
    if block_size > 46340:  # TF's bound: block_size**2 fits an int32
        raise C.fail("DepthToSpace", f"Block size should be > 1 and <= 46340 but was: "
                                     f"{block_size}")
    if x._shape is None or data_format == "NCHW_VECT_C":
        return [(None, x._dtype)]
    return F.channels_first(_d2s_shape(F.nhwc_shape(x._shape, data_format), x._dtype,
                                      block_size), data_format)


def _d2s_shape(shape: tuple, d: dt.DType, block_size: int) -> list:
    n, h, w, c = shape
    b = block_size
    if c is not None and c % (b * b):
        raise C.fail("DepthToSpace", f"Input depth dimension {c} should be divisible by: {b * b}")
    out = (n, None if h is None else h * b, None if w is None else w * b,
           None if c is None else c // (b * b))
    if None not in out:
        check_finite_size("DepthToSpace", out, d)
    return [(out, d)]


def _d2s_kernel(xp: Any, x: Any, block_size: int) -> Any:
    n, h, w, c = x.shape
    b = block_size
    if x.size == 0:  # no reshape: b*b may not fit an empty axis of a huge block
        return xp.zeros((n, h * b, w * b, c // (b * b)), x.dtype)
    y = x.reshape(n, h, w, b, b, c // (b * b)).transpose(0, 1, 3, 2, 4, 5)
    return y.reshape(n, h * b, w * b, c // (b * b)).copy()


def _d2s_ref(x: np.ndarray, block_size: int, data_format: str = "NHWC") -> np.ndarray:
    n, h, w, c = x.shape
    b = block_size
    oc = c // (b * b)
    out = np.empty((n, h * b, w * b, oc), dtype=x.dtype)
    for i, y, z, d in np.ndindex(*out.shape):
        out[i, y, z, d] = x[i, y // b, z // b, ((y % b) * b + z % b) * oc + d]
    return out


SPACE_TO_DEPTH = register(OpDef(
    "SpaceToDepth", _s2d_infer, F.formatted("SpaceToDepth", _s2d_kernel),
    grad=lambda n, g: [depth_to_space(g, n.attrs["block_size"],
                                      n.attrs.get("data_format", "NHWC"))], reference=_s2d_ref,
    samples=lambda: [Sample((_rng.uniform(-1, 1, size=(2, 4, 6, 3)),), {"block_size": 2}),
                     Sample((np.arange(36, dtype=np.int32).reshape(1, 6, 3, 2),),
                            {"block_size": 3, "data_format": "NHWC"}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((1, 3, 3, 2)),), {"block_size": 2}, InvalidArgumentError,
                  "Image width 3 and height 3 should be divisible by block_size: 2"),
        BadSample((np.ones((4, 4)),), {"block_size": 2}, InvalidArgumentError,
                  "Input rank should be 4 instead of 2"),
        BadSample((np.ones((1, 4, 4, 1)),), {"block_size": 1}, InvalidArgumentError,
                  "must be at least minimum 2"),
        BadSample((np.ones((1, 4, 4, 1)),), {"block_size": 2, "data_format": "NCHW"},
                  NotFoundError, "Could not find device for node: {{node SpaceToDepth}}",
                  cpu_only=True)],  # (a GPU's kernels take NCHW)
))
DEPTH_TO_SPACE = register(OpDef(
    "DepthToSpace", _d2s_infer, F.formatted("DepthToSpace", _d2s_kernel),
    grad=lambda n, g: [space_to_depth(g, n.attrs["block_size"],
                                      n.attrs.get("data_format", "NHWC"))], reference=_d2s_ref,
    samples=lambda: [Sample((_rng.uniform(-1, 1, size=(2, 2, 3, 8)),), {"block_size": 2}),
                     Sample((np.arange(36, dtype=np.int32).reshape(1, 2, 2, 9),),
                            {"block_size": 3, "data_format": "NHWC"}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((1, 1, 2, 3)),), {"block_size": 2}, InvalidArgumentError,
                  "Input depth dimension 3 should be divisible by: 4"),
        BadSample((np.ones((1, 2, 2, 4)),), {"block_size": 2, "data_format": "NCHW"},
                  NotFoundError, "Could not find device for node: {{node DepthToSpace}}",
                  cpu_only=True)],  # (a GPU's kernels take NCHW)
))


def space_to_depth(input: Any, block_size: int, data_format: str = "NHWC",  # noqa: A002
                   name: str | None = None) -> Any:
    """Moves block_size x block_size spatial blocks into the channel axis."""
    size = _block_size(block_size)  # (TF's wrapper takes its attrs in this order)
    fmt = C.make_str(data_format, "data_format")
    return bind(SPACE_TO_DEPTH, (_t(input),), {"block_size": size, "data_format": fmt},
                name)


def depth_to_space(input: Any, block_size: int, data_format: str = "NHWC",  # noqa: A002
                   name: str | None = None) -> Any:
    """Moves channel groups back into block_size x block_size spatial blocks."""
    size = _block_size(block_size)  # (TF's wrapper takes its attrs in this order)
    fmt = C.make_str(data_format, "data_format")
    return bind(DEPTH_TO_SPACE, (_t(input),), {"block_size": size, "data_format": fmt},
                name)


def _block_size(value: Any) -> int:
    """TF takes `int(block_size)` (so 2.0 and 2.5 are 2, a tensor or a string its
    TypeError, inf int()'s OverflowError)."""
    C.no_graph_attr(value, "block_size")
    return C.make_int(value, "block_size")


# ---------------------------------------------------------------------------------------
# Local response normalization (a composite over the channel axis).
# ---------------------------------------------------------------------------------------

_LRN_T = frozenset((dt.float16, dt.bfloat16, dt.float32))


def _lrn_checks(op: str, xs: tuple, depth_radius: int, bias: float, alpha: float,
                beta: float) -> Any:
    """LRN's and LRNGrad's checks in TF's order: the dtype, its kernel (none for
    bfloat16), the radius (the kernel's constructor), then the shapes (its compute)."""
    d = C.same_dtype(op, xs, _LRN_T)
    if d is dt.bfloat16:
        raise C.no_kernel(op, f"T=DT_BFLOAT16, alpha={alpha:g}, beta={beta:g}, bias={bias:g}, "
                              f"depth_radius={depth_radius}",
                          (dt.float16, dt.float32),
                          others=(("XLA_CPU_JIT", "T in [DT_FLOAT, DT_BFLOAT16, DT_HALF]"),))
    if not 0 <= depth_radius < 2**31 - 1:
        raise C.fail(op, f"depth_radius = {depth_radius} larger than int max")
    shapes = [x._shape for x in xs]
    if any(sh is not None and len(sh) != 4 for sh in shapes[:2]):
        raise C.fail(op, "in must be 4-dimensional" if op == "LRN" else
                         "inputs must be 4-dimensional")
    known = [sh for sh in shapes if sh is not None]
    if len(xs) > 1 and any(not C.compatible(a, known[0]) for a in known):
        raise C.fail(op, "input_grads, input_image, and out_image should have the same shape")
    if known and None not in known[0] and math.prod(known[0]) >= 2**31 - 1:
        raise C.fail(op, f"argument to {op} too large")
    return known[0] if known else None


_RUNNING_DEPTH = 384  # TF's CPU LRN: past this depth (beta 1 or 0.5), a running sum
_SHIFTED_BAND = 64  # bands this wide or narrower are summed channel by channel
_STEPPED = 4096  # LRNGrad's (channel, band channel) pairs TF's loop is replayed for


def _band_sum(xp: Any, v: Any, r: int) -> Any:
    """Each channel's sum of `v` over the channels within `r` of it, in the order TF's
    kernels add them (the lowest channel first), in `v`'s dtype (so a float16 sum rounds
    where TF's does); a wide band by running sums of the finite values."""
    c = v.shape[-1]
    r = min(r, c - 1)
    if 2 * r + 1 > _SHIFTED_BAND:
        return _running_sum(xp, xp.where(xp.isfinite(v), v, 0), r)
    if xp is np and v.dtype.kind == "f" and v.dtype.itemsize >= 4:
        # (float32 and wider, summed in double: as a product with the band matrix, as TF
        # sums it, BLAS's order instead of the lowest channel first: 2M values 41 -> 4 ms)
        at = np.arange(c)
        band = (np.abs(at[:, None] - at[None, :]) <= r).astype(v.dtype)
        return matmul(xp, v.reshape(-1, c), band).reshape(v.shape)
    out = xp.zeros(v.shape, v.dtype)
    for d in range(-r, r + 1):
        lo, hi = max(0, -d), min(c, c - d)
        out[..., lo:hi] = out[..., lo:hi] + v[..., lo + d:hi + d]
    return out


def _running_sum(xp: Any, v: Any, r: int) -> Any:
    """The band sums as one running sum (TF's deep LRN: an infinity that enters the window
    leaves NaN behind it)."""
    c = v.shape[-1]
    run = xp.concatenate([xp.zeros(v.shape[:-1] + (1,), v.dtype), xp.cumsum(v, axis=-1)], -1)
    at = np.arange(c)
    return run[..., np.minimum(at + r + 1, c)] - run[..., np.maximum(at - r, 0)]


def _power(xp: Any, t: Any, beta: Any) -> Any:
    """t ** -beta as TF's LRN forms it (1/t, rsqrt, or exp(log(t) * -beta)), rounding to
    t's dtype at each step."""
    with np.errstate(all="ignore"):
        if beta == 1:
            return (1 / t).astype(t.dtype)
        if beta == 0.5:
            return (1 / xp.sqrt(t.astype(np.float32))).astype(t.dtype)
        return xp.exp(xp.log(t).astype(t.dtype) * -beta).astype(t.dtype)


def _lrn_infer(x: Any, depth_radius: int, bias: float, alpha: float, beta: float) -> list:
    _lrn_checks("LRN", (x,), depth_radius, bias, alpha, beta)
    return [(x._shape, x._dtype)]


def _lrn_kernel(xp: Any, x: Any, depth_radius: int, bias: float, alpha: float,
                beta: float) -> Any:
    """x * (bias + alpha * the band's sum of squares) ** -beta: float32 computed in double,
    float16 in TF's steps in half precision. TF sums the band as a product with a band
    matrix (past 384 channels, for beta 1 or 0.5, as a running sum)."""
    if x.size == 0:
        return x.copy()
    if xp is not np:
        return _on_device("LRN", xp, (x,), depth_radius, bias, alpha, beta)
    c = x.shape[-1]
    with np.errstate(all="ignore"):
        if c > _RUNNING_DEPTH and beta in (0.5, 1.0):
            xf = x.astype(np.float64)
            out = xf * (bias + _running_sum(xp, alpha * xf * xf, depth_radius)) ** -beta
            return out.astype(x.dtype)
        sq = x * x
        if x.dtype == np.float16:
            t = _band_sum(xp, sq, depth_radius) * x.dtype.type(alpha) + x.dtype.type(bias)
            out = x * _power(xp, t.astype(x.dtype), x.dtype.type(beta))
        else:
            xf = x.astype(np.float64)
            out = (xf * (bias + alpha * _band_sum(xp, xf * xf, depth_radius)) ** -beta)
        out = out.astype(x.dtype)
        # (the band matrix's zeros times an infinite or NaN square outside a channel's band
        # are NaN: that channel's result too)
        if not xp.isfinite(sq).all():
            bad = (~xp.isfinite(sq)).astype(np.int32)
            out[bad.sum(axis=-1, keepdims=True) > _band_sum(xp, bad, depth_radius)] = np.nan
    return out


def _lrn_grad_infer(g: Any, x: Any, y: Any, depth_radius: int, bias: float, alpha: float,
                    beta: float) -> list:
    shape = _lrn_checks("LRNGrad", (g, x, y), depth_radius, bias, alpha, beta)
    return [(shape, g._dtype)]


def _lrn_grad_kernel(xp: Any, g: Any, x: Any, y: Any, depth_radius: int, bias: float,
                     alpha: float, beta: float) -> Any:
    """TF's LRNGrad: each output channel j's gradient g_j spread over the channels k of its
    band, g_j * (norm_j ** -beta [k == j] - 2 alpha beta x_k y_j / norm_j), with norm
    from the input image; a channel of zero gradient adds nothing."""
    if g.shape != x.shape or g.shape != y.shape:  # (runtime shapes of a graph)
        raise C.fail("LRNGrad", "input_grads, input_image, and out_image should have the "
                                "same shape")
    if g.size == 0:
        return g.copy()
    if xp is not np:
        return _on_device("LRNGrad", xp, (g, x, y), depth_radius, bias, alpha, beta)
    if g.shape[-1] * (2 * min(depth_radius, g.shape[-1]) + 1) <= _STEPPED:
        return _lrn_grad_steps(xp, g, x, y, depth_radius, bias, alpha, beta)
    gf, xf, yf = (a.astype(np.float64) for a in (g, x, y))
    with np.errstate(all="ignore"):
        norm = bias + alpha * _band_sum(xp, xf * xf, depth_radius)
        zero = gf == 0
        spread = _band_sum(xp, xp.where(zero, 0.0, gf * yf / norm), depth_radius)
        own = xp.where(zero, 0.0, gf * norm ** -beta)
        return (own - 2 * alpha * beta * xf * spread).astype(g.dtype)


def _on_device(op: str, xp: Any, arrays: tuple, r: int, bias: float, alpha: float,
               beta: float) -> Any:
    """TF's GPU kernels: cuDNN's LRN (or its backward) in float32, within cuDNN's limits
    (TF's errors beyond them); TF has no GPU kernel for half, whose CPU kernel (TF's soft
    placement) runs here through the host."""
    if arrays[0].dtype != np.float32:
        kernel = _lrn_kernel if op == "LRN" else _lrn_grad_kernel
        return xp.asarray(kernel(np, *map(to_host, arrays), r, bias, alpha, beta))
    if beta < 0.01:
        raise C.fail(op, f"cuDNN requires beta >= 0.01, got: {beta:g}")
    if not 0 < r <= 7:
        raise C.fail(op, f"cuDNN requires depth_radius in [1, 7], got: {r}")
    if bias < 1e-5:
        raise C.fail(op, f"cuDNN requires bias >= 1e-5, got: {bias:g}")
    f = np.float32
    if op == "LRN":
        (x,) = arrays
        return x * (f(bias) + f(alpha) * _band_sum(xp, x * x, r)) ** f(-beta)
    g, x, y = arrays
    norm = f(bias) + f(alpha) * _band_sum(xp, x * x, r)
    spread = _band_sum(xp, g * y / norm, r)
    return g * norm ** f(-beta) - f(2 * alpha * beta) * x * spread


def _lrn_grad_steps(xp: Any, g: Any, x: Any, y: Any, r: int, bias: float, alpha: float,
                    beta: float) -> Any:
    """TF's LRNGrad loop in the tensors' own precision: every product and sum rounded
    where TF's rounds it, the channels in its order (so infinities meet as in TF's)."""
    t = g.dtype.type
    a, b, be = t(alpha), t(bias), t(beta)
    ab2 = t(-2) * a * be
    c = g.shape[-1]
    out = xp.zeros(g.shape, g.dtype)
    with np.errstate(all="ignore"):
        for j in range(c):
            lo, hi = max(0, j - r), min(c, j + r + 1)
            norm = xp.zeros(g.shape[:-1], g.dtype)
            for k in range(lo, hi):
                norm = norm + x[..., k] * x[..., k]
            norm = a * norm + b
            power = xp.power(norm.astype(np.float32), -np.float32(be)).astype(g.dtype)
            scaled = ab2 * y[..., j]
            gj = g[..., j]
            for k in range(lo, hi):
                d = x[..., k] * scaled / norm
                if k == j:
                    d = d + power
                # (TF skips a channel whose gradient is zero: no NaN from it)
                out[..., k] = out[..., k] + xp.where(gj == 0, t(0), d * gj)
    return out


def _lrn_ref(x: np.ndarray, depth_radius: int, bias: float, alpha: float,
             beta: float) -> np.ndarray:
    """Element by element in x's precision, each sum and product rounded (TF's steps)."""
    t = x.dtype.type
    out = np.empty(x.shape, x.dtype)
    c = x.shape[-1]
    for pos in np.ndindex(*x.shape):
        j = pos[-1]
        total = t(0)
        for v in x[pos[:-1]][max(0, j - depth_radius):min(c, j + depth_radius + 1)]:
            total = t(total + t(v * v))
        norm = t(t(total * t(alpha)) + t(bias))
        if beta == 1:
            power = t(t(1) / norm)
        elif beta == 0.5:
            power = t(1 / np.sqrt(np.float32(norm)))
        else:
            power = t(np.exp(t(np.log(norm) * t(-beta))))
        out[pos] = t(x[pos] * power)
    return out


def _lrn_grad_ref(g: np.ndarray, x: np.ndarray, y: np.ndarray, depth_radius: int,
                  bias: float, alpha: float, beta: float) -> np.ndarray:
    """TF's loop, scalar by scalar in the tensors' precision: for each channel j of nonzero
    gradient, its gradient added into each channel of its band."""
    t = g.dtype.type
    out = np.zeros(g.shape, g.dtype)
    c = g.shape[-1]
    for pos in np.ndindex(*g.shape[:-1]):
        xs, ys, gs = x[pos], y[pos], g[pos]
        for j in range(c):
            if gs[j] == 0:
                continue
            lo, hi = max(0, j - depth_radius), min(c, j + depth_radius + 1)
            norm = t(0)
            for k in range(lo, hi):
                norm = t(norm + t(xs[k] * xs[k]))
            norm = t(t(t(alpha) * norm) + t(bias))
            scaled = t(t(t(t(-2) * t(alpha)) * t(beta)) * ys[j])
            for k in range(lo, hi):
                d = t(t(xs[k] * scaled) / norm)
                if k == j:
                    d = t(d + t(np.float32(norm) ** -np.float32(t(beta))))
                out[pos + (k,)] = t(out[pos + (k,)] + t(d * gs[j]))
    return out


def _lrn_attrs(r: int = 5, bias: float = 1.0, alpha: float = 1.0, beta: float = 0.5) -> dict:
    return {"depth_radius": r, "bias": bias, "alpha": alpha, "beta": beta}


LRN = register(OpDef(
    "LRN", _lrn_infer, _lrn_kernel,
    grad=lambda n, g: [bind(LRN_GRAD, (g, n.inputs[0], n.outputs[0]), dict(n.attrs))],
    reference=_lrn_ref,
    samples=lambda: [
        # (its gradient: LRNGrad, checked against double-precision differences of the
        # kernel's own double arithmetic in tests/ops/test_lrn.py: LRN takes no float64)
        Sample((_rng.uniform(-1, 1, size=(2, 3, 2, 6)).astype(np.float32),),
               _lrn_attrs(2, 1.5, 0.5, 0.75), grad=False),
        Sample((_rng.uniform(-1, 1, size=(1, 2, 2, 7)).astype(np.float16),), _lrn_attrs(),
               grad=False),
        Sample((_rng.uniform(-2, 2, size=(1, 1, 2, 4)).astype(np.float32),),
               _lrn_attrs(1, 2.0, 1.0, 1.0), grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((2, 3, 4), np.float32),), _lrn_attrs(), InvalidArgumentError,
                  "in must be 4-dimensional"),
        BadSample((np.ones((1, 1, 1, 3), np.float32),), _lrn_attrs(-1), InvalidArgumentError,
                  "depth_radius = -1 larger than int max"),
        BadSample((np.ones((1, 1, 1, 3), np.float32),), _lrn_attrs(2**31 - 1),
                  InvalidArgumentError, "depth_radius = 2147483647 larger than int max"),
        BadSample((np.ones((1, 1, 1, 3)),), _lrn_attrs(), InvalidArgumentError,
                  "Value for attr 'T' of double is not in the list of allowed values: half, "
                  "bfloat16, float")],
))
LRN_GRAD = register(OpDef(
    "LRNGrad", _lrn_grad_infer, _lrn_grad_kernel, reference=_lrn_grad_ref,
    samples=lambda: [
        Sample(tuple(_rng.uniform(0.1, 1, size=(1, 2, 3, 5)).astype(np.float32)
                     for _ in range(3)), _lrn_attrs(1, 1.5, 0.5, 0.75), grad=False),
        Sample(tuple(_rng.uniform(0.1, 1, size=(2, 1, 1, 3)).astype(np.float16)
                     for _ in range(3)), _lrn_attrs(), grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((1, 2, 3), np.float32),) * 3, _lrn_attrs(), InvalidArgumentError,
                  "inputs must be 4-dimensional"),
        BadSample((np.ones((1, 1, 1, 3), np.float32),) * 2 + (np.ones((1, 1, 1, 2),
                                                                       np.float32),),
                  _lrn_attrs(), InvalidArgumentError,
                  "input_grads, input_image, and out_image should have the same shape"),
        BadSample((np.ones((1, 1, 1, 3), np.float32),) * 3, _lrn_attrs(-1),
                  InvalidArgumentError, "depth_radius = -1 larger than int max")],
))


# (TF's defaults are ints for bias and alpha: its op wrapper then takes its slow path)
@eager_api("bias:float", "alpha:float", "beta:float")
def local_response_normalization(input: Any, depth_radius: int = 5,  # noqa: A002
                                 bias: float = 1, alpha: float = 1, beta: float = 0.5,
                                 name: str | None = None) -> Any:
    """x / (bias + alpha * sum of x^2 over the 2r+1 nearest channels) ** beta: TF's LRN
    op."""
    attrs = C.wrapper_attrs("LRN", depth_radius=depth_radius, bias=bias, alpha=alpha,
                            beta=beta)
    return bind(LRN, (_lrn_input(input),), attrs, name)


def _lrn_input(value: Any) -> Any:
    """The input as TF's op wrapper converts it: a tensor as it is, other values in their
    own dtype where LRN takes it, else as float32 (its T's default: float64 data too)."""
    if isinstance(value, Tensor):
        return value
    x = convert_to_tensor(value)
    if x._dtype in _LRN_T:
        return x
    try:
        return convert_to_tensor(value, dtype=dt.float32)
    except (TypeError, ValueError):
        return x


lrn = local_response_normalization


# ---------------------------------------------------------------------------------------
# SpaceToBatchND / BatchToSpaceND and their first versions SpaceToBatch / BatchToSpace:
# spatial blocks moved into (and back out of) the batch. Each takes its blocks and its
# paddings (crops) as input tensors, read on the host, and checks them as TF's kernels do,
# in their order (so a graph's runtime values are checked as an eager call's).
# ---------------------------------------------------------------------------------------

def _ints(value: Any, what: str) -> np.ndarray:
    """An integer argument (list, array or tensor) as an int64 array; TypeError otherwise."""
    t = convert_to_tensor(value)
    if not t._dtype.is_integer:
        raise TypeError(f"`{what}` must be integers, got {value!r}")
    v = C.known(t)  # (a graph tensor: its value while the graph is built)
    if isinstance(v, Tensor) and not isinstance(v, EagerTensor):
        raise TypeError(f"`{what}` must be known when the op is built; got a symbolic tensor")
    return np.asarray(v).astype(np.int64)


# (TF's CPU kernels of these ops take every real type)
_NO_SPACE_KERNEL = frozenset((dt.bool, dt.complex64, dt.complex128, dt.string))
_MAX_MOVED_DIMS = 4  # TF's kernels: the spatial dims a call really moves


def _i64(v: int) -> int:
    """`v` wrapped as TF's int64 arithmetic leaves it."""
    return (v + 2**63) % 2**64 - 2**63


def _cdiv(a: int, b: int) -> tuple:
    """C++'s quotient and remainder (truncated toward zero)."""
    q = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)
    return q, a - q * b


def _value(t: Any) -> Any:
    """An integer input's value where it is known (eager, or a graph's constant); None."""
    if isinstance(t, EagerTensor):
        return t._numpy().astype(np.int64)
    v = C.known(t)
    return None if isinstance(v, Tensor) else np.asarray(v).astype(np.int64)


def _space_shapes(op: str, x: Any, block_shape: Any, pads: Any, what: str) -> int | None:
    """The shape checks of TF's kernels, in their order: block_shape a vector of M, x of
    rank M + 1 at least, `what` (paddings or crops) [M, 2]; M where known."""
    bs = block_shape._shape
    if bs is not None and len(bs) != 1:
        raise C.fail(op, f"block_shape rank should be 1 instead of {len(bs)}")
    m = None if bs is None else bs[0]
    if m is None:
        return None
    if x._shape is not None and len(x._shape) < m + 1:
        raise C.fail(op, f"input rank should be >= {m + 1} instead of {len(x._shape)}")
    ps = pads._shape
    if ps is not None and (len(ps) != 2 or ps[0] not in (m, None) or ps[1] not in (2, None)):
        shown = ",".join("?" if d is None else str(d) for d in ps)
        raise C.fail(op, f"{what} should have shape [{m}, 2] instead of [{shown}]")
    return m


def _moved(blocks: list, pairs: list) -> range:
    """The spatial dims a call moves: TF's kernels fold the leading and trailing ones of
    block 1 and no padding (crops) into the dims beside them."""
    lo, hi = 0, len(blocks)
    while lo < hi and blocks[lo] == 1 and pairs[lo] == [0, 0]:
        lo += 1
    while hi > lo and blocks[hi - 1] == 1 and pairs[hi - 1] == [0, 0]:
        hi -= 1
    return range(lo, hi)


def _too_many(op: str, moved: range) -> None:
    if len(moved) > _MAX_MOVED_DIMS:
        raise C.fail(op, f"Maximum number of non-combined block dimensions is {len(moved)} "
                         f"but must not exceed {_MAX_MOVED_DIMS}")


def _s2b_out(op: str, dims: tuple, blocks: list, pairs: list) -> tuple:
    """SpaceToBatchND's output dims (None where x's is unknown), checked as TF's kernel."""
    moved = _moved(blocks, pairs)
    product = 1
    for i, b in enumerate(blocks):
        if b < 1:
            raise C.fail(op, f"All values in block_shape must be positive, got value, {b} at "
                             f"index {i}.")
        product = _i64(product * b)
    if product <= 0:
        raise C.fail(op, f"Product of block sizes must be positive, got {product}")
    _too_many(op, moved)
    out = [None if dims[0] is None else dims[0] * product, *dims[1:moved.start + 1]]
    for i in moved:
        (lo, hi), b, size = pairs[i], blocks[i], dims[i + 1]
        if lo < 0 or hi < 0:
            raise C.fail(op, "Paddings must be non-negative")
        if size is None:
            out.append(None)
            continue
        padded = _i64(size + lo + hi)
        q, r = _cdiv(padded, b)
        if r:
            raise C.fail(op, f"padded_shape[{i}]={padded} is not divisible by "
                             f"block_shape[{i}]={b}")
        if q < 0:
            raise C.fail(op, f"Expected a non-negative size, got {q}")
        out.append(q)
    return tuple(out + list(dims[moved.stop + 1:]))


def _b2s_out(op: str, dims: tuple, blocks: list, pairs: list) -> tuple:
    """BatchToSpaceND's output dims (None where x's is unknown), checked as TF's kernel
    (which checks the blocks' product, not each block)."""
    moved = _moved(blocks, pairs)
    product = 1
    for b in blocks:
        product = _i64(product * b)
    if product <= 0:
        raise C.fail(op, f"Product of block sizes must be positive, got {product}")
    if dims[0] is not None and dims[0] % product:
        raise C.fail(op, f"Input batch dimension ({dims[0]}) is not divisible by product of "
                         f"block sizes ({product})")
    _too_many(op, moved)
    out = [None if dims[0] is None else dims[0] // product, *dims[1:moved.start + 1]]
    for i in moved:
        (lo, hi), b, size = pairs[i], blocks[i], dims[i + 1]
        if lo < 0 or hi < 0:
            raise C.fail(op, "Crops must be non-negative")
        if size is None:
            out.append(None)
            continue
        cropped = _i64(size * b - lo - hi)
        if cropped < 0:
            raise C.fail(op, f"cropped_shape[{i}]={cropped} must be non-negative")
        out.append(cropped)
    return tuple(out + list(dims[moved.stop + 1:]))


def _space_infer(op: str, x: Any, block_shape: Any, pads: Any, what: str,
                 pads_attr: str, out: Callable, node: str) -> list:
    """The checks of TF's op in its order (the index types, the kernel for x's dtype, the
    shapes, then the values where known) and the output spec."""
    C.check_dtype(op, block_shape, C.INDEX, "Tblock_shape")
    C.check_dtype(op, pads, C.INDEX, pads_attr)
    if x._dtype in _NO_SPACE_KERNEL:
        raise C.no_kernel(op, node.format(T=C.dt_enum(x._dtype), P=C.dt_enum(pads._dtype),
                                          B=C.dt_enum(block_shape._dtype)))
    m = _space_shapes(op, x, block_shape, pads, what)
    if x._shape is None:
        return [(None, x._dtype)]
    if m is None:
        return [((None,) * len(x._shape), x._dtype)]
    blocks, pairs = _value(block_shape), _value(pads)
    dims = x._shape
    if pairs is None:  # (TF's shape function: the batch from known blocks, the rest kept)
        dims, pairs = (dims[0],) + (None,) * m + tuple(dims[m + 1:]), np.zeros((m, 2), int)
    if blocks is None:
        return [((None,) * (m + 1) + tuple(dims[m + 1:]), x._dtype)]
    shape = out(op, dims, blocks.tolist(), pairs.tolist())
    if None not in shape:
        check_finite_size(op, shape, x._dtype)
    return [(shape, x._dtype)]


_S2B_NODE = "T={T}, Tblock_shape={B}, Tpaddings={P}"
_B2S_NODE = "T={T}, Tblock_shape={B}, Tcrops={P}"


def _s2b_nd_infer(x: Any, block_shape: Any, paddings: Any) -> list:
    return _space_infer("SpaceToBatchND", x, block_shape, paddings, "paddings", "Tpaddings",
                        _s2b_out, _S2B_NODE)


def _b2s_nd_infer(x: Any, block_shape: Any, crops: Any) -> list:
    return _space_infer("BatchToSpaceND", x, block_shape, crops, "crops", "Tcrops", _b2s_out,
                        _B2S_NODE)


def _s2b_compute(xp: Any, op: str, x: Any, blocks: list, pairs: list) -> Any:
    shape = _s2b_out(op, x.shape, blocks, pairs)
    check_finite_size(op, shape, dt.as_dtype(x.dtype))
    if x.size == 0 or 0 in shape:  # (all padding, or nothing)
        return xp.zeros(shape, x.dtype)
    m = len(blocks)
    full = (x.shape[0],) + tuple(d + lo + hi for d, (lo, hi) in zip(x.shape[1:m + 1], pairs)) \
        + x.shape[m + 1:]
    padded = xp.zeros(full, x.dtype)
    padded[(slice(None),) + tuple(slice(lo, lo + d) for d, (lo, _) in
                                  zip(x.shape[1:m + 1], pairs))] = x
    batch, spatial, rest = full[0], full[1:m + 1], full[m + 1:]
    split = (batch,) + tuple(v for s, b in zip(spatial, blocks) for v in (s // b, b)) + rest
    perm = ([2 + 2 * i for i in range(m)] + [0] + [1 + 2 * i for i in range(m)]
            + list(range(1 + 2 * m, len(split))))
    return padded.reshape(split).transpose(perm).reshape(shape).copy()


def _b2s_compute(xp: Any, op: str, x: Any, blocks: list, pairs: list) -> Any:
    shape = _b2s_out(op, x.shape, blocks, pairs)
    check_finite_size(op, shape, dt.as_dtype(x.dtype))
    if x.size == 0 or 0 in shape:
        return xp.zeros(shape, x.dtype)
    m = len(blocks)
    batch, spatial, rest = x.shape[0], x.shape[1:m + 1], x.shape[m + 1:]
    total = math.prod(blocks)
    split = tuple(blocks) + (batch // total,) + spatial + rest
    perm = ([m] + [v for i in range(m) for v in (m + 1 + i, i)]
            + list(range(2 * m + 1, len(split))))
    joined = x.reshape(split).transpose(perm).reshape(
        (batch // total,) + tuple(s * b for s, b in zip(spatial, blocks)) + rest)
    index = (slice(None),) + tuple(slice(lo, s * b - hi) for (lo, hi), s, b in
                                   zip(pairs, spatial, blocks))
    return joined[index].copy()


def _host_ints(arr: Any) -> list:
    return to_host(arr).astype(np.int64).tolist()


def _s2b_nd_kernel(xp: Any, x: Any, block_shape: Any, paddings: Any) -> Any:
    return _s2b_compute(xp, "SpaceToBatchND", x, _host_ints(block_shape),
                        _host_ints(paddings))


def _b2s_nd_kernel(xp: Any, x: Any, block_shape: Any, crops: Any) -> Any:
    return _b2s_compute(xp, "BatchToSpaceND", x, _host_ints(block_shape), _host_ints(crops))


def _s2b_ref(x: np.ndarray, blocks: Any, pads: Any) -> np.ndarray:
    """Element by element: output batch k * N + n (k the block offset, row-major over the
    blocks) at position p holds the padded input at p * block + offset."""
    blocks, pads = np.asarray(blocks).tolist(), np.asarray(pads).tolist()
    m, n = len(blocks), x.shape[0]
    padded = np.pad(x, [(0, 0)] + [tuple(p) for p in pads] + [(0, 0)] * (x.ndim - 1 - m))
    sizes = [padded.shape[1 + i] // b for i, b in enumerate(blocks)]
    out = np.zeros((n * math.prod(blocks),) + tuple(sizes) + padded.shape[1 + m:], x.dtype)
    for offsets in np.ndindex(*blocks):
        k = int(np.ravel_multi_index(offsets, blocks)) if blocks else 0
        for pos in np.ndindex(*sizes):
            src = tuple(p * b + o for p, b, o in zip(pos, blocks, offsets))
            out[(slice(k * n, (k + 1) * n),) + pos] = padded[(slice(None),) + src]
    return out


def _b2s_ref(x: np.ndarray, blocks: Any, crops: Any) -> np.ndarray:
    """The inverse of _s2b_ref's layout, then the crops cut off."""
    blocks, crops = np.asarray(blocks).tolist(), np.asarray(crops).tolist()
    m, total = len(blocks), math.prod(blocks)
    n = x.shape[0] // total
    sizes = x.shape[1:m + 1]
    full = np.zeros((n,) + tuple(s * b for s, b in zip(sizes, blocks)) + x.shape[1 + m:],
                    x.dtype)
    for offsets in np.ndindex(*blocks):
        k = int(np.ravel_multi_index(offsets, blocks)) if blocks else 0
        for pos in np.ndindex(*sizes):
            dst = tuple(p * b + o for p, b, o in zip(pos, blocks, offsets))
            full[(slice(None),) + dst] = x[(slice(k * n, (k + 1) * n),) + pos]
    return full[(slice(None),) + tuple(slice(lo, d - hi) for (lo, hi), d in
                                       zip(crops, full.shape[1:m + 1]))]


def _i32(v: Any) -> np.ndarray:
    return np.asarray(v, np.int32)


SPACE_TO_BATCH_ND = register(OpDef(
    "SpaceToBatchND", _s2b_nd_infer, _s2b_nd_kernel, host_inputs=(1, 2),
    grad=lambda n, g: [batch_to_space_nd(g, n.inputs[1], n.inputs[2]), None, None],
    reference=_s2b_ref,
    samples=lambda: [
        Sample((_rng.uniform(-1, 1, size=(2, 4, 3, 2)), _i32([2, 3]), _i32([[1, 1], [0, 0]])),
               grad_inputs=(0,)),
        Sample((_rng.uniform(-1, 1, size=(1, 3, 2)), np.int64([2]), np.int64([[0, 1]])),
               grad_inputs=(0,)),
        Sample((np.arange(24, dtype=np.int32).reshape(2, 2, 3, 2), _i32([1, 3]),
                _i32([[0, 0], [0, 0]])), grad=False),
        Sample((np.arange(6, dtype=np.uint16).reshape(1, 6, 1), _i32([]),
                np.zeros((0, 2), np.int32)), grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((2, 4, 6, 3)), _i32([3, 3]), _i32([[0, 0], [0, 0]])), {},
                  InvalidArgumentError, "padded_shape[0]=4 is not divisible by "
                                        "block_shape[0]=3"),
        BadSample((np.ones((2, 4, 6, 3)), _i32([2, -3]), _i32([[0, 0], [0, 0]])), {},
                  InvalidArgumentError, "All values in block_shape must be positive, got "
                                        "value, -3 at index 1."),
        BadSample((np.ones((2, 4, 6, 3)), _i32([2, 3]), _i32([[0, -1], [0, 0]])), {},
                  InvalidArgumentError, "Paddings must be non-negative"),
        BadSample((np.ones((2, 4, 6, 3)), _i32([2, 3]), _i32([[0, 0]])), {},
                  InvalidArgumentError, "paddings should have shape [2, 2] instead of [1,2]"),
        BadSample((np.ones((4, 6)), _i32([2, 3]), _i32([[0, 0], [0, 0]])), {},
                  InvalidArgumentError, "input rank should be >= 3 instead of 2"),
        BadSample((np.ones((2, 4, 6, 3)), _i32([[2, 3]]), _i32([[0, 0], [0, 0]])), {},
                  InvalidArgumentError, "block_shape rank should be 1 instead of 2"),
        BadSample((np.ones((1, 2, 2, 1)), np.int64([2, 2**62]),
                   np.int64([[0, 0], [0, 2**62 - 2]])), {}, InvalidArgumentError,
                  "Product of block sizes must be positive, got -9223372036854775808"),
        BadSample((np.ones((1, 2, 2, 2, 2, 2, 1)), _i32([2] * 5), _i32([[0, 0]] * 5)), {},
                  InvalidArgumentError, "Maximum number of non-combined block dimensions is "
                                        "5 but must not exceed 4"),
        BadSample((np.ones((1, 2, 2, 1), bool), _i32([2, 2]), _i32([[0, 0], [0, 0]])), {},
                  NotFoundError, "SpaceToBatchND[T=DT_BOOL, Tblock_shape=DT_INT32, "
                                 "Tpaddings=DT_INT32]"),
        BadSample((np.ones((1, 2, 2, 1)), np.float32([2, 2]), _i32([[0, 0], [0, 0]])), {},
                  InvalidArgumentError, "Value for attr 'Tblock_shape' of float is not in the "
                                        "list of allowed values: int32, int64")],
))
BATCH_TO_SPACE_ND = register(OpDef(
    "BatchToSpaceND", _b2s_nd_infer, _b2s_nd_kernel, host_inputs=(1, 2),
    grad=lambda n, g: [space_to_batch_nd(g, n.inputs[1], n.inputs[2]), None, None],
    reference=_b2s_ref,
    samples=lambda: [
        Sample((_rng.uniform(-1, 1, size=(6, 2, 3, 2)), _i32([2, 3]), _i32([[1, 2], [0, 1]])),
               grad_inputs=(0,)),
        Sample((_rng.uniform(-1, 1, size=(4, 3, 2)), np.int64([2]), np.int64([[0, 0]])),
               grad_inputs=(0,)),
        Sample((np.arange(24, dtype=np.int64).reshape(4, 2, 3, 1), _i32([2, 2]),
                _i32([[0, 0], [2, 1]])), grad=False),
        Sample((np.arange(6, dtype=np.int8).reshape(2, 3, 1), _i32([1]), _i32([[1, 0]])),
               grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((2, 4, 6, 3)), _i32([2, 2]), _i32([[0, 0], [0, 0]])), {},
                  InvalidArgumentError, "Input batch dimension (2) is not divisible by "
                                        "product of block sizes (4)"),
        BadSample((np.ones((2, 4, 6, 3)), _i32([0, 2]), _i32([[0, 0], [0, 0]])), {},
                  InvalidArgumentError, "Product of block sizes must be positive, got 0"),
        BadSample((np.ones((2, 4, 6, 3)), _i32([-1, -2]), _i32([[0, 0], [0, 0]])), {},
                  InvalidArgumentError, "cropped_shape[0]=-4 must be non-negative"),
        BadSample((np.ones((2, 4, 6, 3)), _i32([2, 1]), _i32([[0, -1], [0, 0]])), {},
                  InvalidArgumentError, "Crops must be non-negative"),
        BadSample((np.ones((2, 4, 6, 3)), _i32([2, 1]), _i32([[0, 0, 0]])), {},
                  InvalidArgumentError, "crops should have shape [2, 2] instead of [1,3]"),
        BadSample((np.ones((2, 4, 6, 3)), _i32([2, 1]), np.float32([[0, 0], [0, 0]])), {},
                  InvalidArgumentError, "Value for attr 'Tcrops' of float is not in the "
                                        "list of allowed values: int32, int64")],
))


def _s2b_infer(x: Any, paddings: Any, block_size: int) -> list:
    _first_version_checks("SpaceToBatch", x, paddings, block_size, "Tpaddings")
    return _space_infer("SpaceToBatch", x, _pair(block_size), paddings, "paddings",
                        "Tpaddings", _s2b_out, "T={T}, Tpaddings={P}, " +
                        f"block_size={block_size}")


def _b2s_infer(x: Any, crops: Any, block_size: int) -> list:
    _first_version_checks("BatchToSpace", x, crops, block_size, "Tidx")
    return _space_infer("BatchToSpace", x, _pair(block_size), crops, "crops", "Tidx",
                        _b2s_out, "T={T}, Tidx={P}, " + f"block_size={block_size}")


def _first_version_checks(op: str, x: Any, pads: Any, block_size: int, attr: str) -> None:
    """SpaceToBatch's and BatchToSpace's own: block_size an int32 attr of 2 at least, the
    index type, then (after the kernel's lookup) x of rank 4."""
    if block_size < 2:
        raise C.fail(op, f"Value for attr 'block_size' of {block_size} must be at least "
                         f"minimum 2\n\t; NodeDef: {{{{node {op}}}}}")
    C.int_attr(op, block_size, "block_size")
    C.check_dtype(op, pads, C.INDEX, attr)
    if x._dtype not in _NO_SPACE_KERNEL and x._shape is not None and len(x._shape) != 4:
        raise C.fail(op, f"Input rank should be: 4instead of: {len(x._shape)}")


def _pair(block_size: int) -> Any:
    """block_size as the block_shape [b, b] the first versions' kernels use: a host
    tensor, whose value the checks read without a copy from a device."""
    return host_tensor(np.array([block_size] * 2, np.int64))


def _s2b_kernel(xp: Any, x: Any, paddings: Any, block_size: int) -> Any:
    return _s2b_compute(xp, "SpaceToBatch", x, [block_size] * 2, _host_ints(paddings))


def _b2s_kernel(xp: Any, x: Any, crops: Any, block_size: int) -> Any:
    return _b2s_compute(xp, "BatchToSpace", x, [block_size] * 2, _host_ints(crops))


SPACE_TO_BATCH = register(OpDef(
    "SpaceToBatch", _s2b_infer, _s2b_kernel, host_inputs=(1,),
    grad=lambda n, g: [batch_to_space_nd(g, _block_pair(n), n.inputs[1]), None],
    reference=lambda x, pads, block_size: _s2b_ref(x, [block_size] * 2, pads),
    samples=lambda: [
        Sample((_rng.uniform(-1, 1, size=(1, 4, 3, 2)), _i32([[0, 0], [1, 0]])),
               {"block_size": 2}, grad_inputs=(0,)),
        Sample((np.arange(27, dtype=np.int32).reshape(1, 3, 3, 3), np.int64([[0, 0], [0, 0]])),
               {"block_size": 3}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((2, 4, 6, 3)), _i32([[0, 0], [0, 0]])), {"block_size": 1},
                  InvalidArgumentError, "Value for attr 'block_size' of 1 must be at least "
                                        "minimum 2"),
        BadSample((np.ones((4, 6, 3)), _i32([[0, 0], [0, 0]])), {"block_size": 2},
                  InvalidArgumentError, "Input rank should be: 4instead of: 3"),
        BadSample((np.ones((2, 4, 6, 3)), _i32([[0, 0], [0, 1]])), {"block_size": 2},
                  InvalidArgumentError, "padded_shape[1]=7 is not divisible by "
                                        "block_shape[1]=2"),
        BadSample((np.ones((2, 4, 6, 3)), _i32([[0, 0]])), {"block_size": 2},
                  InvalidArgumentError, "paddings should have shape [2, 2] instead of [1,2]")],
))
BATCH_TO_SPACE = register(OpDef(
    "BatchToSpace", _b2s_infer, _b2s_kernel, host_inputs=(1,),
    grad=lambda n, g: [space_to_batch_nd(g, _block_pair(n), n.inputs[1]), None],
    reference=lambda x, crops, block_size: _b2s_ref(x, [block_size] * 2, crops),
    samples=lambda: [
        Sample((_rng.uniform(-1, 1, size=(4, 2, 3, 2)), _i32([[0, 1], [1, 0]])),
               {"block_size": 2}, grad_inputs=(0,)),
        Sample((np.arange(18, dtype=np.int32).reshape(9, 1, 2, 1), np.int64([[0, 0], [1, 2]])),
               {"block_size": 3}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((2, 4, 6, 3)), _i32([[0, 0], [0, 0]])), {"block_size": 2},
                  InvalidArgumentError, "Input batch dimension (2) is not divisible by "
                                        "product of block sizes (4)"),
        BadSample((np.ones((4, 2, 2, 1)), _i32([[3, 3], [0, 0]])), {"block_size": 2},
                  InvalidArgumentError, "cropped_shape[0]=-2 must be non-negative"),
        BadSample((np.ones((4, 2, 2, 1)), np.float32([[0, 0], [0, 0]])), {"block_size": 2},
                  InvalidArgumentError, "Value for attr 'Tidx' of float is not in the list")],
))


def _block_pair(node: Any) -> np.ndarray:
    """The first versions' block_size as TF's gradient hands it on: [b, b], int64."""
    return np.array([node.attrs["block_size"]] * 2, np.int64)


def _index_input(value: Any, what: str) -> Any:
    """An index argument as TF's op wrapper converts it (a list holding graph tensors
    packed)."""
    if isinstance(value, (list, tuple)) and is_symbolic(value):
        return as_int_tensor(value, what)
    return value if isinstance(value, Tensor) else convert_to_tensor(value)


@eager_api("input", "block_shape", "paddings")
def space_to_batch_nd(input: Any, block_shape: Any, paddings: Any,  # noqa: A002
                      name: str | None = None) -> Any:
    """The M spatial dims after the batch, padded, cut into block_shape blocks whose
    offsets become part of the batch: `[batch * prod(block_shape), padded / block, ...]`."""
    return bind(SPACE_TO_BATCH_ND, (_t(input), _index_input(block_shape, "block_shape"),
                                    _index_input(paddings, "paddings")), {}, name)


@eager_api("input", "block_shape", "crops")
def batch_to_space_nd(input: Any, block_shape: Any, crops: Any,  # noqa: A002
                      name: str | None = None) -> Any:
    """The inverse of space_to_batch_nd: batch blocks put back into the M spatial dims,
    then `crops` cut off: `[batch / prod(block_shape), dim * block - crops, ...]`."""
    return bind(BATCH_TO_SPACE_ND, (_t(input), _index_input(block_shape, "block_shape"),
                                    _index_input(crops, "crops")), {}, name)


def batch_to_space(input: Any, block_shape: Any, crops: Any,  # noqa: A002
                   name: str | None = None) -> Any:
    """tf.batch_to_space: batch_to_space_nd, an int block_shape standing for two dims."""
    if isinstance(block_shape, int):  # (TF's: a NumPy integer is a scalar block_shape)
        # (an int past int64 is refused by the conversion of the list, not NumPy's overflow)
        block_shape = np.array([block_shape] * 2, np.int64) if \
            -2**63 <= block_shape < 2**63 else [block_shape] * 2
    return batch_to_space_nd(input, block_shape, crops)


space_to_batch = space_to_batch_nd


def required_space_to_batch_paddings(input_shape: Any, block_shape: Any,
                                     base_paddings: Any = None,
                                     name: str | None = None) -> tuple:
    """(paddings, crops), int32 `[M, 2]`: the least padding past `base_paddings` that makes
    each of `input_shape` divisible by its block, and the crops that undo that extra."""
    # TF's: each an int32 tensor, block_shape a vector of M and the others' shapes
    # compatible with [M] and [M, 2]
    given = [convert_to_tensor(v, dtype=dt.int32, name=what) for v, what in
             ((input_shape, "input_shape"), (block_shape, "block_shape"))]
    if base_paddings is not None:
        given.append(convert_to_tensor(base_paddings, dtype=dt.int32, name="base_paddings"))
    dims = TensorShape(given[1]._shape)
    dims.assert_has_rank(1)
    m = dims[0]
    for t, want in zip(given[::2], ([m], [m, 2])):
        if not TensorShape(t._shape).is_compatible_with(want):
            raise ValueError(f"Shapes {TensorShape(t._shape)} and {want} are incompatible")
    shape = _ints(given[0], "input_shape").reshape(-1)
    blocks = _ints(given[1], "block_shape").reshape(-1)
    base = np.zeros((blocks.size, 2), np.int64) if base_paddings is None else \
        _ints(given[2], "base_paddings")
    if shape.size != blocks.size or base.shape != (blocks.size, 2):
        raise ValueError(f"input_shape {shape.tolist()}, block_shape {blocks.tolist()} and "
                         f"base_paddings {base.tolist()} [M, 2] must agree in M")
    full = shape + base[:, 0] + base[:, 1]
    # (TF's Python computes this in NumPy from the constant values: a block of 0 is
    # NumPy's remainder by zero, 0 with its warning, and a negative one its floored mod)
    extra = (blocks - full % blocks) % blocks
    paddings = np.stack([base[:, 0], base[:, 1] + extra], axis=1).astype(np.int32)
    crops = np.stack([np.zeros_like(extra), extra], axis=1).astype(np.int32)
    return convert_to_tensor(paddings), convert_to_tensor(crops)
