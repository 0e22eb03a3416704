"""The regularized incomplete gamma functions P(a, x) and Q(a, x) = 1 - P and their
derivatives as TF 2.21's kernels compute them, over any backend's arrays: the kernels of
Igamma, Igammac, IgammaGradA (dP/da) and RandomGammaGrad (d sample / d alpha of a gamma
draw: -(dP/da) / (dP/dx)).

Sits in the ops layer below special_incomplete.py and random_gamma.py, which declare the
ops. TF's kernels, on CPU and GPU alike, are Eigen's (SpecialFunctionsImpl.h), a per-value
function: Cephes's power series of P where x <= 1 or x <= a (Q's test: x < 1 or x < a),
its continued fraction of Q beyond, in the input's float type, each step a product then
a sum, for at most 2000 steps (the values), 200 (float32) or 500 (float64) for the
derivatives, which are carried along in a (forward mode). Each element stops at its own
step: the values when the series' term is below half an ulp of its sum (the fraction's
convergent moves by half an ulp of itself or less), the derivatives when theirs do (the
fraction's by half an ulp of 1, absolute). The factor x^a e^-x / Gamma(a) comes from the
C library's log, lgamma and exp (0 where its log is below -log of the type's largest
value): glibc's bits on the CPU (special_lgamma.py's logf, lgamma, lgammaf;
special_cephes.py's log, exp and expf), the backend's elsewhere. TF's CPU threads flush
denormals (DAZ, FTZ): a denormal x reads as 0 and a denormal factor or result is 0.

An array kernel cannot stop per element, so every element runs the same steps and each
records its values at the step it stops at (`iterate`); every 8 steps the finished
elements leave the arrays once they are a quarter of them (a read on the host: a traced
program holding these ops is not captured as a CUDA graph). Elements past their stop run
on and may overflow or divide by zero, where the record discards them; the callers
silence NumPy's warnings of it.
"""

from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import special
from eagerflow._src.ops import libm32
from eagerflow._src.ops import special_lgamma as glibc
from eagerflow._src.ops.special_cephes import _digamma, exp64, expf, flush

VALUE, DERIVATIVE, SAMPLE = "value", "derivative", "sample"
_STEPS = {VALUE: {4: 2000, 8: 2000}, DERIVATIVE: {4: 200, 8: 500}, SAMPLE: {4: 200, 8: 500}}
_CHECK_EVERY = 8  # steps between compactions (a read of the device on a GPU)
class Lib:
    """log, log1p, exp, lgamma and digamma as TF's per-value code calls them: glibc's bits on the
    CPU (where this machine's C library and long double allow), the backend's elsewhere;
    Eigen's digamma (special_cephes.py) on every backend."""

    def __init__(self, xp: Any, dtype: Any) -> None:
        self.xp, self.t = xp, np.dtype(dtype).type
        self.exact = xp is np and glibc.available()
        self.f32 = np.dtype(dtype).itemsize == 4

    def log(self, v: Any) -> Any:
        """The C library's log as TF's threads call it on a denormal too: double's reads
        it as zero (-inf); float32's logf first scales it by 2**23, which DAZ reads as
        zero, leaving the exponent bits of 2**-150 (libm32.py's finding)."""
        xp, t = self.xp, self.t
        tiny = (v > 0) & (v < t(np.finfo(t).tiny))
        if not self.exact:
            out = xp.log(v)
        else:
            out = np.log(v.astype(np.float64)).astype(v.dtype)
            ok = (v >= np.finfo(v.dtype).tiny) & (v < np.inf)
            if ok.any():
                out[ok] = (glibc.logf if self.f32 else glibc.log)(v[ok])
        return xp.where(tiny, t(-150 * math.log(2.0)) if self.f32 else t(-np.inf), out)

    def exp(self, v: Any) -> Any:
        if not self.exact:
            return flush(self.xp, self.xp.exp(v))
        return flush(np, expf(v) if self.f32 else exp64(v))

    def log1p(self, v: Any) -> Any:
        if self.exact and self.f32:  # (glibc's log1pf, per value)
            return libm32.scalar("log1pf")(v)
        return self.xp.log1p(v)

    def lgamma(self, v: Any) -> Any:
        if not self.exact:
            return special(self.xp).gammaln(v)
        if self.f32:
            return glibc.lgamma32(v, libm32.scalar("lgammaf"))
        return glibc.lgamma64(v)

    def digamma(self, v: Any) -> Any:
        return _digamma(self.xp, v, self.log if self.exact else None)


def iterate(xp: Any, state: dict, step: Callable, steps: int, names: tuple) -> dict:
    """Runs `step(state, k)` (updating the arrays of `state` in place of the dict, and
    returning where an element stops at step k) for `steps` steps over elements that
    have not stopped; returns the arrays `names` of `state` as each element had them at
    the step it stopped at (after the last step for those that never did)."""
    first = state[names[0]]
    out = {k: xp.empty_like(first) for k in names}
    idx = xp.arange(first.shape[0])
    live = xp.ones(first.shape[0], bool)
    rec = {k: state[k] for k in names}
    for k in range(steps):
        stop = step(state, k) & live
        rec = {n: xp.where(stop, state[n], rec[n]) for n in names}
        live = live & ~stop
        if k % _CHECK_EVERY == _CHECK_EVERY - 1:
            done = ~live
            finished = int(done.sum())
            if finished == done.size:
                break
            if 4 * finished >= done.size:  # (a quarter done: drop them)
                for n in names:
                    out[n][idx[done]] = rec[n][done]
                idx = idx[live]
                state = {n: v[live] for n, v in state.items()}
                rec = {n: v[live] for n, v in rec.items()}
                live = live[live]
    for n in names:
        out[n][idx] = xp.where(live, state[n], rec[n])
    return out


def _series(xp: Any, a: Any, x: Any, mode: str) -> tuple:
    """(s, ds/da) of P's series x^a e^-x / Gamma(a + 1) * s: s = sum_n c_n, c_0 = 1,
    c_n = c_{n-1} x / (a + n), each term with its derivative in a (derivative modes)."""
    t = a.dtype.type
    one, machep = t(1), t(np.finfo(a.dtype).eps / 2)
    st = {"r": a, "x": x, "c": xp.ones_like(a), "s": xp.ones_like(a),
          "dc": xp.zeros_like(a), "ds": xp.zeros_like(a)}

    def step(st: dict, k: int) -> Any:
        st["r"] = r = st["r"] + one
        term = st["x"] / r
        if mode != VALUE:
            st["dc"] = term * st["dc"] + (-st["x"] / (r * r)) * st["c"]
            st["ds"] = st["ds"] + st["dc"]
        st["c"] = st["c"] * term
        st["s"] = st["s"] + st["c"]
        if mode == VALUE:
            return st["c"] <= machep * st["s"]
        return xp.abs(st["dc"]) <= machep * xp.abs(st["ds"])

    out = iterate(xp, st, step, _STEPS[mode][a.dtype.itemsize], ("s", "ds"))
    return out["s"], out["ds"]


def _fraction(xp: Any, a: Any, x: Any, mode: str) -> tuple:
    """(h, dh/da) of Q's continued fraction x^a e^-x / Gamma(a) * h, by its convergents
    p_k / q_k (and their derivatives in a, derivative modes), rescaled by Cephes's power
    of two when p_k outgrows it (exact). A step whose q_k is 0 leaves h as it was."""
    t = a.dtype.type
    one, two = t(1), t(2)
    eps = np.finfo(a.dtype).eps
    machep = t(eps / 2)
    big, biginv = (t(2.0 / eps), t(eps / 2)) if a.dtype.itemsize == 4 else \
        (t(1.0 / eps), t(eps))
    y = one - a
    z = x + y + one
    pkm1, qkm1 = x + one, z * x
    h = pkm1 / qkm1
    zero = xp.zeros_like(a)
    st = {"y": y, "z": z, "pkm2": xp.ones_like(a), "qkm2": x, "pkm1": pkm1, "qkm1": qkm1,
          "h": h, "dpkm2": zero, "dqkm2": zero, "dpkm1": zero, "dqkm1": -x,
          "dh": (zero - h * -x) / qkm1}

    def step(st: dict, k: int) -> Any:
        c = t(k + 1)
        st["y"] = st["y"] + one
        st["z"] = z = st["z"] + two
        yc = st["y"] * c
        pkm1, pkm2, qkm1, qkm2 = st["pkm1"], st["pkm2"], st["qkm1"], st["qkm2"]
        pk = pkm1 * z - pkm2 * yc
        qk = qkm1 * z - qkm2 * yc
        moved = qk != 0
        h_new = pk / qk
        if mode == VALUE:
            stop = moved & (xp.abs(st["h"] - h_new) <= machep * xp.abs(h_new))
        else:
            dpk = st["dpkm1"] * z - pkm1 - st["dpkm2"] * yc + pkm2 * c
            dqk = st["dqkm1"] * z - qkm1 - st["dqkm2"] * yc + qkm2 * c
            dh_new = (dpk - h_new * dqk) / qk
            stop = moved & (xp.abs(dh_new - st["dh"]) <= machep)
            st["dh"] = xp.where(moved, dh_new, st["dh"])
        st["h"] = xp.where(moved, h_new, st["h"])
        scale = xp.where(xp.abs(pk) > big, biginv, one)
        st["pkm2"], st["pkm1"] = pkm1 * scale, pk * scale
        st["qkm2"], st["qkm1"] = qkm1 * scale, qk * scale
        if mode != VALUE:
            st["dpkm2"], st["dpkm1"] = st["dpkm1"] * scale, dpk * scale
            st["dqkm2"], st["dqkm1"] = st["dqkm1"] * scale, dqk * scale
        return stop

    out = iterate(xp, st, step, _STEPS[mode][a.dtype.itemsize], ("h", "dh"))
    return out["h"], out["dh"]


def _main_term(lib: Lib, a: Any, x: Any, raw: Any) -> Any:
    """x^a e^-x / Gamma(a), 0 where its log is below -log(the type's max) or NaN (`raw`:
    x before DAZ, which the C library's log reads)."""
    t = lib.t
    log_term = a * lib.log(raw) - x - lib.lgamma(a)
    floor = t(-math.log(float(np.finfo(t).max)))
    ok = log_term >= floor
    return lib.xp.where(ok, lib.exp(lib.xp.where(ok, log_term, t(0))), t(0))


def _combine(lib: Lib, a: Any, x: Any, ax: Any, sums: tuple, mode: str,
             fraction: bool) -> Any:
    """The series' (fraction's) result from its sum and derivative, each product's
    denormal flushed (FTZ)."""
    xp, t = lib.xp, lib.t
    total, dtotal = sums
    if mode == VALUE:
        return flush(xp, total * ax)
    dlog = lib.log(x) - lib.digamma(a if fraction else a + t(1))
    if mode == DERIVATIVE:
        return flush(xp, total * flush(xp, ax * dlog)) + flush(xp, dtotal * ax)
    val = flush(xp, -(dtotal + flush(xp, total * dlog)) * x)
    return val if fraction else flush(xp, val / a)


def _side(lib: Lib, a: Any, x: Any, raw: Any, mode: str, fraction: bool) -> Any:
    """Eigen's series (or fraction) function at a, x (1-d, valid: a > 0, x >= 0): the
    value of P (Q), or in a derivative mode its derivative, 0 where the factor is."""
    xp = lib.xp
    out = xp.zeros_like(a)
    live = ~xp.isinf(x) if fraction else xp.ones(a.shape, bool)
    ax = xp.zeros_like(a)
    if bool(live.any()):
        ax[live] = _main_term(lib, a[live], x[live], raw[live])
    live = live & (ax != 0)
    if not bool(live.any()):
        return out
    a, x, ax = a[live], x[live], ax[live]
    if not fraction:
        ax = flush(xp, ax / a)
    sums = (_fraction if fraction else _series)(xp, a, x, mode)
    out[live] = _combine(lib, a, x, ax, sums, mode, fraction)
    return out


def _gamma(xp: Any, a: Any, x: Any, mode: str, upper: bool = False) -> Any:
    """P (or with `upper` Q) at a, x, or P's derivative of `mode`, with Eigen's edges."""
    a, x = xp.broadcast_arrays(xp.asarray(a), xp.asarray(x))
    shape = a.shape
    raw = x.reshape(-1)
    a, x = flush(xp, a.reshape(-1)), flush(xp, raw)
    t = a.dtype.type
    lib = Lib(xp, a.dtype)
    bad = (x < 0) | (a <= 0) | xp.isnan(a) | xp.isnan(x)
    # Q's fraction where x > 1 and x > a (Q's own test: x >= 1 and x >= a); P is 0 at
    # x = 0 (a denormal too) before any test, Q takes the series (whose factor is 0 there)
    frac = ~((x < 1) | (x < a)) if upper else (x > 1) & (x > a)
    series = ~bad & ~frac & ((x == x) if upper else (x != 0))
    out = xp.full(a.shape, t(math.nan))
    for fraction, mask in ((False, series), (True, ~bad & frac)):
        if bool(mask.any()):
            v = _side(lib, a[mask], x[mask], raw[mask], mode, fraction)
            if mode == VALUE:
                v = t(1) - v if fraction != upper else v
            else:
                v = -v if fraction else v
            out[mask] = v
    if not upper:
        out[x == 0] = t(0)  # (whatever a is, NaN among them)
    return out.reshape(shape)


def igamma(xp: Any, a: Any, x: Any) -> Any:
    """P(a, x) (TF's Igamma), float32 or float64."""
    return _gamma(xp, a, x, VALUE)


def igammac(xp: Any, a: Any, x: Any) -> Any:
    """Q(a, x) = 1 - P(a, x) (TF's Igammac), float32 or float64."""
    return _gamma(xp, a, x, VALUE, upper=True)


def igamma_grad_a(xp: Any, a: Any, x: Any) -> Any:
    """dP(a, x)/da (TF's IgammaGradA), float32 or float64."""
    return _gamma(xp, a, x, DERIVATIVE)


def gamma_sample_der_alpha(xp: Any, alpha: Any, sample: Any) -> Any:
    """d sample / d alpha of gamma draws `sample` (TF's RandomGammaGrad), float32 or
    float64."""
    return _gamma(xp, alpha, sample, SAMPLE)
