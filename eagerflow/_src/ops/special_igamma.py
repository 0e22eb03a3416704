"""The derivatives of the regularized lower incomplete gamma function P(a, x) as TF 2.21's
kernels compute them, over any backend's arrays: the device kernels of IgammaGradA (dP/da)
and RandomGammaGrad (d sample / d alpha of a gamma draw: -(dP/da) / (dP/dx)).

Sits in the ops layer below special_incomplete.py and random_gamma.py, which declare the
ops (their CPU kernels are special_scalars.py's functions element by element, which a
device cannot run). TF's kernels, on CPU and GPU alike, are Eigen's (SpecialFunctionsImpl.h):
Cephes's power series of P where x <= 1 or x <= a, its continued fraction of Q = 1 - P
beyond, each carried with its derivative in a (forward mode), in the input's float type,
for at most 200 steps in float32 and 500 in float64, each element stopping when its own
derivative settles. An array kernel cannot stop per element, so here every element runs
the same steps and an element's values freeze (a mask) from the step it would have stopped
at: the values Eigen's loop leaves. Elements on the other side of the branch, and those
frozen, run on through the arithmetic and may overflow or divide by zero, where the select
discards them; the caller silences NumPy's warnings of it (the stand-in's). Every 8 steps
the loop asks the device whether any element still runs (a read on the host, so a traced
program holding these ops is not captured as a CUDA graph: it runs its ordinary path).

Eigen's values, and so these, are not always the closest to the true ones: where the
regularizing factor x^a e^-x / Gamma(a) underflows in the type (its log below -log of the
type's largest value), the derivative is taken as 0 (+0 on the series side, -0 on the
fraction's, whose result is negated); past 200 or 500 steps (a and x near each other and
large, a > ~1000 in float32, ~3000 in float64) the sums are cut short; the fraction's test
(its derivative moving by half an ulp of 1 or less) now and then stops it a few steps
before it settles (some 1e-11 off in float64, 1e-5 in float32); and the factor's log,
rounded in the type, is off by up to eps (|a log x| + x + |lgamma(a)|), which the
exponential makes a relative error (up to 1e-2 at a = x = 1e4 in float32). The CPU's
kernels (special_scalars.py, in float64 to convergence) differ from these by as much.
lgamma and digamma are the backend's (CuPy's gammaln and psi on a GPU, where Eigen calls
CUDA's lgamma and its own digamma): an ulp or two apart, which the sums carry.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.backend import special

_STEPS = {4: 200, 8: 500}  # by itemsize: Eigen's cap for the derivative modes
_CHECK_EVERY = 8  # steps between asking the device whether any element still runs


def _main_term(xp: Any, sp: Any, a: Any, x: Any) -> Any:
    """x^a e^-x / Gamma(a), 0 where its log is below -log(the type's max) or NaN."""
    log_term = a * xp.log(x) - x - sp.gammaln(a)
    floor = a.dtype.type(-math.log(float(np.finfo(a.dtype).max)))
    return xp.where(log_term >= floor, xp.exp(log_term), a.dtype.type(0))


def _series(xp: Any, a: Any, x: Any, todo: Any) -> tuple:
    """(s, ds/da) for s = sum_n c_n, c_0 = 1, c_n = c_{n-1} x / (a + n): P's series
    x^a e^-x / Gamma(a + 1) * s, each term carried with its derivative in a. An element
    stops once its derivative's term is below half an ulp of the derivative's sum."""
    t = a.dtype.type
    one, eps = t(1), t(np.finfo(a.dtype).eps / 2)
    r, c, total = a, xp.ones_like(a), xp.ones_like(a)
    dc = dtotal = xp.zeros_like(a)
    for step in range(_STEPS[a.dtype.itemsize]):
        r = r + one
        term = x / r
        dc = xp.where(todo, term * dc + (-x / (r * r)) * c, dc)
        dtotal = xp.where(todo, dtotal + dc, dtotal)
        c = xp.where(todo, c * term, c)
        total = xp.where(todo, total + c, total)
        todo = todo & ~(xp.abs(dc) <= eps * xp.abs(dtotal))
        if step % _CHECK_EVERY == _CHECK_EVERY - 1 and not bool(todo.any()):
            break
    return total, dtotal


def _fraction(xp: Any, a: Any, x: Any, todo: Any) -> tuple:
    """(h, dh/da) for Q's continued fraction h (Q = x^a e^-x / Gamma(a) * h), by its
    convergents p_k / q_k and their derivatives in a. The recurrences are rescaled by
    Cephes's power of two when p_k outgrows its inverse (exact: no rounding). A step whose
    q_k is 0 leaves h as it was; an element stops once dh/da moves by half an ulp of 1 or
    less (absolute, as Eigen's test)."""
    t = a.dtype.type
    one, two = t(1), t(2)
    eps = np.finfo(a.dtype).eps
    machep = t(eps / 2)
    big, biginv = (t(2.0 / eps), t(eps / 2)) if a.dtype.itemsize == 4 else \
        (t(1.0 / eps), t(eps))
    y = one - a
    z = x + y + one
    pkm2, qkm2, pkm1, qkm1 = xp.ones_like(a), x, x + one, z * x
    dpkm2 = dqkm2 = dpkm1 = xp.zeros_like(a)
    dqkm1 = -x
    h = pkm1 / qkm1
    dh = (dpkm1 - h * dqkm1) / qkm1
    for step in range(_STEPS[a.dtype.itemsize]):
        c = t(step + 1)
        y = y + one
        z = z + two
        yc = y * c
        pk = pkm1 * z - pkm2 * yc
        qk = qkm1 * z - qkm2 * yc
        dpk = dpkm1 * z - pkm1 - dpkm2 * yc + pkm2 * c
        dqk = dqkm1 * z - qkm1 - dqkm2 * yc + qkm2 * c
        moved = todo & (qk != 0)
        h_new = pk / qk
        dh_new = (dpk - h_new * dqk) / qk
        todo = todo & ~(moved & (xp.abs(dh_new - dh) <= machep))
        h = xp.where(moved, h_new, h)
        dh = xp.where(moved, dh_new, dh)
        scale = xp.where(xp.abs(pk) > big, biginv, one)
        pkm2, pkm1, qkm2, qkm1 = pkm1 * scale, pk * scale, qkm1 * scale, qk * scale
        dpkm2, dpkm1 = dpkm1 * scale, dpk * scale
        dqkm2, dqkm1 = dqkm1 * scale, dqk * scale
        if step % _CHECK_EVERY == _CHECK_EVERY - 1 and not bool(todo.any()):
            break
    return h, dh


def _derivative(xp: Any, a: Any, x: Any, sample: bool) -> Any:
    """dP/da, or with `sample` d sample / d alpha, at a and x (broadcast, one float type)."""
    sp = special(xp)
    t = a.dtype.type
    ax = _main_term(xp, sp, a, x)
    bad = (x < 0) | (a <= 0) | xp.isnan(a) | xp.isnan(x)
    # Q's fraction where x > 1 and x > a (its result negated), P's series elsewhere
    frac = (x > 1) & (x > a)
    live = ~bad & (x != 0) & (ax != 0)
    lx = xp.log(x)
    total, dtotal = _series(xp, a, x, live & ~frac)
    h, dh = _fraction(xp, a, x, live & frac & ~xp.isinf(x))
    dlog_series = lx - sp.psi(a + t(1))  # d/da log(x^a e^-x / Gamma(a + 1))
    dlog_frac = lx - sp.psi(a)
    if sample:  # the density's factor cancels between dP/da and dP/dx
        on_series = -(dtotal + total * dlog_series) * x / a
        on_frac = (dh + h * dlog_frac) * x
    else:
        axs = ax / a
        on_series = total * (axs * dlog_series) + dtotal * axs
        on_frac = -(h * (ax * dlog_frac) + dh * ax)
    out = xp.where(frac, xp.where(xp.isinf(x) | (ax == 0), t(-0.0), on_frac),
                   xp.where(ax == 0, t(0), on_series))
    out = xp.where(bad, t(math.nan), out)
    return xp.where(x == 0, t(0), out)  # (whatever a is, NaN among them)


def igamma_grad_a(xp: Any, a: Any, x: Any) -> Any:
    """dP(a, x)/da (TF's IgammaGradA), float32 or float64."""
    return _derivative(xp, *xp.broadcast_arrays(a, x), sample=False)


def gamma_sample_der_alpha(xp: Any, alpha: Any, sample: Any) -> Any:
    """d sample / d alpha of gamma draws `sample` (TF's RandomGammaGrad), float32 or
    float64."""
    return _derivative(xp, *xp.broadcast_arrays(alpha, sample), sample=True)
