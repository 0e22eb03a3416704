"""TF 2.21's float32 CPU algorithms that eagerflow does not adopt (their cost: see
docs/ulp32.md), bit for bit with TF on benchmarks/ulp32's measurement, and `patch()`,
which swaps them into eagerflow's kernels for a what-if run (e2e.py --exact).

Eigen evaluates an elementwise function over whole packets of 8 floats (AVX) with its
own polynomials (`pexp`, `plog`, `ptanh`: halfprec.py's steps, unfused) and the values
past the last whole packet with the C library's function (tanh: the same polynomial).
TF's threads flush denormals (FTZ and DAZ): in the packet path a denormal operand reads
as a signed zero and a denormal result is zero; the C library's tail reads denormals as
they are (logf's quirk below). Sums add in Eigen's order (eigen_sum, as eagerflow's Sum). In a
reduction Eigen fuses the exp into the row sums: each row's whole packets by pexp, its
last n % 8 values by expf (exp_rows).
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.ops import eigen_reduce, eigen_sum, halfprec, libm32
from eagerflow._src.ops.eigen32 import _F32, _F64, _P, _TINY
from eagerflow._src.ops.halfprec import pexp, plog, plog1p, ptanh


def _ftz(a: Any) -> Any:
    """A denormal result flushed to zero (its sign kept), in place."""
    tiny = (np.abs(a) < _TINY) & (a != 0)
    if tiny.any():
        a[tiny] *= _F32(0)
    return a


def _daz(a: Any) -> Any:
    """A denormal operand as TF's threads read it: its signed zero."""
    tiny = np.abs(a) < _TINY
    return np.where(tiny, a * _F32(0), a) if tiny.any() else a


def _libm(fn: Callable) -> Callable:
    """The C library's float function on the scalar tail: correctly rounded here (the
    double result rounded once) as glibc's expf/logf give it on TF's inputs; a denormal
    result flushed (the library's last step is a float multiply)."""
    return lambda v: _ftz(fn(v.astype(_F64)).astype(_F32))


def _logf(v: Any) -> Any:
    # glibc's logf scales a denormal by 2**23 first, which the flushing threads make 0:
    # its bits then read as 2**-150's logarithm
    out = _libm(np.log)(v)
    out[(v > 0) & (v < _TINY)] = _F32(-103.97207708399179)
    return out


def packets(poly: Callable, tail: Callable) -> Callable:
    """An Eigen unary functor over a float32 array: `poly` on whole packets of the flat
    array (operands and results flushed), `tail` on the last size % 8 values."""
    def kernel(x: Any) -> Any:
        flat = x.reshape(-1)
        n = flat.size - flat.size % _P
        with np.errstate(all="ignore"):
            if n == flat.size:
                return _ftz(poly(_daz(flat))).reshape(x.shape)
            out = np.empty(flat.size, _F32)
            if n:
                out[:n] = _ftz(poly(_daz(flat[:n])))
            out[n:] = tail(flat[n:])
        return out.reshape(x.shape)
    return kernel


exp = packets(pexp, _libm(np.exp))
log = packets(plog, _logf)
tanh = packets(ptanh, lambda v: _ftz(ptanh(_daz(v))))


_SOFTPLUS_TH = _F32(np.log(np.finfo(_F32).eps)) + _F32(2)  # TF's log(epsilon) + 2
log1p = packets(plog1p, _libm(np.log1p))


def softplus(x: Any) -> Any:
    """TF's Softplus functor: x past -threshold, exp(x) below threshold, else
    log1p(exp(x)) (Eigen's Kahan log1p over pexp), every branch over the same packets."""
    with np.errstate(all="ignore"):
        e = exp(x)
        return np.where(x > -_SOFTPLUS_TH, x, np.where(x < _SOFTPLUS_TH, e, log1p(e)))


def elu(x: Any) -> Any:
    """TF's Elu functor: exp(x) - 1 below zero (not expm1); a denormal x reads as zero
    and passes unchanged."""
    with np.errstate(all="ignore"):
        return np.where(_daz(x) < 0, exp(x) - _F32(1), x)


# pexp's two polynomials' first steps as the rows of one array (one call steps both)
_EXP_ROWS = (np.array([[1.37449637986719608306884765625e-3], [8.36894474923610687255859375e-3]],
                      _F32),
             np.array([[4.166965186595916748046875e-2], [0.16666518151760101318359375]], _F32))


def pexp_flushed(x: Any) -> Any:
    """pexp of a float32 array of values at most 88.72 (a softmax's x - max), its denormal
    results flushed (TF's threads): pexp's steps in fewer calls, the polynomials' first
    steps side by side, 2**m by np.ldexp (exact but for a denormal result, flushed);
    -inf and values below -104 give zero, as pexp's."""
    xc = np.maximum(x, _F32(-104.0))  # (2**-150 and below: zero)
    m = xc * _F32(1.44269504088896341)
    m += _F32(0.5)
    np.floor(m, out=m)
    r = m * _F32(-0.693359375)
    r += xc
    r += np.multiply(m, _F32(2.12194440e-4), out=xc)
    r2 = r * r
    p = r2 * _EXP_ROWS[0]  # (rows: p_even, p_odd)
    p += _EXP_ROWS[1]
    p_even, y = p[0], p[1]
    p_even *= r2
    p_even += _F32(0.49999988079071044921875)
    y *= r  # (y = r p_odd + p_even, then r2 y + (r + 1))
    y += p_even
    y *= r2
    r += _F32(1)
    y += r
    with np.errstate(invalid="ignore"):  # (a NaN's exponent: its cast's garbage, unused)
        out = np.ldexp(y, m.astype(np.int32))
    np.multiply(out, _F32(0), out=out, where=out < _TINY)
    return out


# Eigen's float32 exp of x - max over a tensor: pexp on its whole packets, the C
# library's on the rest, denormal results flushed
_EXP32 = halfprec.packets_then_tail(pexp_flushed, libm32.scalar("expf"))
# TF's float32 Reciprocal at any size (eagerflow's stops at RECIPROCAL_PACKETS_MAX values)
_RECIPROCAL32 = halfprec.packets_then_tail(halfprec.preciprocal,
                                           halfprec.flushed(lambda x: _F32(1) / x, 2.0 ** 126))


def softmax(x: Any) -> Any:
    """TF's float32 Softmax over the last axis (Eigen's kernel: oneDNN off): e = exp(x -
    max) (_EXP32 over the whole tensor), times 1 / each row's sum (Eigen's row sum), the
    reciprocals taken as TF's Reciprocal over the rows' sums (the CPU's estimate and a
    Newton step over whole packets of 8 rows, exact past them); denormal results of the
    exp and the product flushed, as TF's threads do. (No np.errstate: only NaNs and
    infinities raise flags, whose warnings eagerflow's filter drops.) ~3x TF's eager time
    at every size measured (docs/ulp32.md)."""
    e = _EXP32(x - x.max(axis=-1, keepdims=True))
    out = e * _RECIPROCAL32(eigen_reduce.inner(e, 1024, eigen_reduce._exact))[..., None]
    np.multiply(out, _F32(0), out=out, where=out < _TINY)  # (out >= 0 or NaN)
    return out


def log_softmax(x: Any) -> Any:
    """TF's LogSoftmax: s = x - max, s - log(the rows' sums of exp(s)) (exp fused into the
    sums, exp_rows; log over the rows' sums as one packet run)."""
    with np.errstate(all="ignore"):
        s = x - x.max(axis=-1, keepdims=True)
        total = eigen_reduce.inner(exp_rows(s), 1024, eigen_reduce._exact)
        return s - log(total)[..., None]


def exp_rows(x: Any) -> Any:
    """exp as a row reduction reads it (fused into the reduction): the packet path over
    each row's whole packets, the C library's expf on each row's last n % 8 values."""
    n = x.shape[-1]
    whole = n // _P * _P
    if whole == n:
        return exp(x)
    out = np.empty(x.shape, _F32)
    with np.errstate(all="ignore"):
        if whole:
            out[..., :whole] = _ftz(pexp(_daz(x[..., :whole])))
        out[..., whole:] = _libm(np.exp)(x[..., whole:])
    return out


def sparse_xent(logits: Any, labels: Any) -> tuple:
    """TF's SparseSoftmaxCrossEntropyWithLogits of float32 logits: s = x - max, the rows'
    sums of exp(s) (exp fused into the reduction: exp_rows) in Eigen's order, loss =
    log(sum) - s[label] (a generator: the C library's logf per value), backprop
    exp(s) / sum - onehot (exp over the whole tensor's packets)."""
    with np.errstate(all="ignore"):
        s = logits - logits.max(axis=1, keepdims=True)
        e = exp(s)
        total = eigen_reduce.inner(exp_rows(s), 1024, eigen_reduce._exact)
        rows = np.arange(logits.shape[0])
        loss = _logf(total) - s[rows, labels]  # (a generator: per value, the C library's)
        back = e / total[:, None]
        back[rows, labels] -= _F32(1)
    return loss, back


def patch() -> None:
    """Swaps the candidates into eagerflow's float32 host kernels, in this process only
    (graph code and bind's path; not the eager unary fast path of tf.exp & co.): Exp,
    Log, Tanh, Softplus, Elu, Softmax, LogSoftmax, SumToShapeOf (a broadcast's gradient,
    TF's Sum), BiasAddGrad (channels last: TF's loop adds each channel's values in turn)
    and SparseSoftmaxCrossEntropyWithLogits."""
    from eagerflow._src.ops import broadcast_grads, nn, nn_loss
    from eagerflow._src.ops import math as m

    def swap(op, exact, nargs: int) -> None:
        old = op.kernel

        def kernel(xp, *args, **attrs):
            if xp is np and args[0].dtype == np.float32 and len(args) == nargs and not attrs:
                return exact(*args)
            return old(xp, *args, **attrs)
        object.__setattr__(op, "kernel", kernel)
        object.__setattr__(op, "ufunc", None)
        if op.np_kernel is not None:
            object.__setattr__(op, "np_kernel", lambda *a: kernel(np, *a))

    for op, fn in ((m.EXP, exp), (m.LOG, log), (m.TANH, tanh), (m.SOFTPLUS, softplus),
                   (nn.ELU, elu), (nn.SOFTMAX, softmax), (nn.LOG_SOFTMAX, log_softmax)):
        swap(op, fn, 1)
    swap(nn_loss.SPARSE_XENT, sparse_xent, 2)

    old_sum_to = broadcast_grads.SUM_TO.kernel

    def sum_to(xp, g, like):  # a broadcast's gradient: TF's Sum over the broadcast axes
        if xp is not np or g.dtype != np.float32 or g.shape == like.shape or not g.size:
            return old_sum_to(xp, g, like)
        lead = g.ndim - like.ndim
        axes = tuple(range(lead)) + tuple(i + lead for i, d in enumerate(like.shape)
                                          if d == 1 and g.shape[i + lead] != 1)
        return eigen_sum.tf_sum(g, axes, False).reshape(like.shape)
    object.__setattr__(broadcast_grads.SUM_TO, "kernel", sum_to)
    old_bias_grad = nn.BIAS_ADD_GRAD.kernel

    def bias_grad(xp, g, data_format="NHWC"):  # TF's own loop: each channel in turn
        if xp is np and g.dtype == np.float32 and data_format == "NHWC" and g.size:
            return np.add.reduce(g.reshape(-1, g.shape[-1]), axis=0)
        return old_bias_grad(xp, g, data_format=data_format)
    object.__setattr__(nn.BIAS_ADD_GRAD, "kernel", bias_grad)
