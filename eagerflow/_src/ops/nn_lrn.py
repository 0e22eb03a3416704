"""Local response normalization: TF's LRN op (tf.nn.local_response_normalization, tf.nn.lrn)
and its gradient LRNGrad, summed over the channel axis as TF's CPU kernel sums (a band
sum, or a running sum past a depth); on a GPU, float32 as TF's cuDNN kernels compute it.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.backend import matmul, to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_rng = SampleRNG(62)  # not numpy.random: it costs import time

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


def _past_range(xp: Any, norm: Any, band: Any, dtype: Any) -> Any:
    """`norm` (computed in double), infinite where TF's computation in `dtype` overflows:
    a square or the band's sum past float32's range makes the norm infinite there, and
    the channel's result 0 (NaN for an infinite input)."""
    if dtype != np.float32:
        return norm
    big = ~xp.isfinite(band.astype(np.float32)) | ~xp.isfinite(norm.astype(np.float32))
    return xp.where(big & xp.isfinite(norm), np.inf, norm)


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
            sq = alpha * xf * xf
            if x.dtype == np.float32:  # (a square past float32's range: TF's running sum
                # holds an infinity, and NaN once it leaves the window)
                sq = xp.where(xp.isfinite(sq.astype(np.float32)), sq, np.inf)
            band = _running_sum(xp, sq, depth_radius)
            out = xf * _past_range(xp, bias + band, band, x.dtype) ** -beta
            return out.astype(x.dtype)
        sq = x * x
        if x.dtype == np.float16:
            t = _band_sum(xp, sq, depth_radius) * x.dtype.type(alpha) + x.dtype.type(bias)
            out = x * _power(xp, t.astype(x.dtype), x.dtype.type(beta))
        else:
            xf = x.astype(np.float64)
            band = _band_sum(xp, xf * xf, depth_radius)
            out = xf * _past_range(xp, bias + alpha * band, band, x.dtype) ** -beta
        out = out.astype(x.dtype)
        if x.dtype == np.float32:  # (TF's threads flush subnormal results to zero)
            out = xp.where(xp.abs(out) < np.finfo(np.float32).tiny, out * 0, out)
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
    attrs = AV.wrapper_attrs("LRN", depth_radius=depth_radius, bias=bias, alpha=alpha,
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

