"""The regularized incomplete beta function I_x(a, b) as TF 2.21's kernel computes it,
over any backend's arrays: Betainc's kernel.

Sits in the ops layer below special_incomplete.py, which declares the op, above
special_igamma.py, whose per-value library (`Lib`: glibc's log, log1pf, lgamma, exp on the
CPU) and stepping (`iterate`) it shares. TF's kernel is Eigen's port of Cephes
(SpecialFunctionsImpl.h), a per-value function different per type. float32 (betaincf):
below a = 1 the transformation I_x(a, b) = I_x(a + 1, b) + x^a (1-x)^b / (a B(a, b));
then a and b swapped (x for 1 - x) where x is past the mean a / (a + b); a power series
where b > 10 and b x / a < 0.3, else one of two continued fractions (100 steps), times
x^a (1-x)^b / (a B(a, b)) through logarithms. float64 (incbet): the power series where
b x <= 1 and x <= 0.95 (also after the swap), else the fractions (300 steps, stopping at
3 half-ulps), 1 - t taken as 1 - eps/2 where t is below eps/2. Each branch runs over its
own values; every loop records each element's value at the step it stops at.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.ops.special_cephes import flush
from eagerflow._src.ops.special_igamma import Lib, iterate


def _cfe(xp: Any, a: Any, b: Any, x: Any, small: Any) -> Any:
    """Cephes's continued fractions of the incomplete beta integral: #1 where `small`,
    #2 (in x / (1 - x)) elsewhere."""
    t = a.dtype.type
    f32 = a.dtype.itemsize == 4
    eps = np.finfo(a.dtype).eps
    machep = t(eps / 2)
    big, biginv = (t(2.0 / eps), t(eps / 2)) if f32 else (t(1.0 / eps), t(eps))
    thresh = machep if f32 else t(3) * machep
    one, two = t(1), t(2)
    st = {"x": xp.where(small, x, x / (one - x)), "k1": a,
          "k2": xp.where(small, a + b, b - one), "k3": a, "k4": a + one, "k5": xp.ones_like(a),
          "k6": xp.where(small, b - one, a + b), "k7": a + one, "k8": a + two,
          "upd": xp.where(small, one, -one), "pkm2": xp.zeros_like(a),
          "qkm2": xp.ones_like(a), "pkm1": xp.ones_like(a), "qkm1": xp.ones_like(a),
          "ans": xp.ones_like(a)}

    def step(s: dict, n: int) -> Any:
        xk = -(s["x"] * s["k1"] * s["k2"]) / (s["k3"] * s["k4"])
        pk = s["pkm1"] + s["pkm2"] * xk
        qk = s["qkm1"] + s["qkm2"] * xk
        pkm2, qkm2 = s["pkm1"], s["qkm1"]
        xk = (s["x"] * s["k5"] * s["k6"]) / (s["k7"] * s["k8"])
        pkm1, qkm1 = pk, qk
        pk = pkm1 + pkm2 * xk
        qk = qkm1 + qkm2 * xk
        pkm2, qkm2, pkm1, qkm1 = pkm1, qkm1, pk, qk
        moved = qk != 0
        r = pk / qk
        stop = moved & (xp.abs(s["ans"] - r) < xp.abs(r) * thresh)
        s["ans"] = xp.where(moved, r, s["ans"])
        s["k1"], s["k2"] = s["k1"] + one, s["k2"] + s["upd"]
        s["k3"], s["k4"], s["k5"] = s["k3"] + two, s["k4"] + two, s["k5"] + one
        s["k6"], s["k7"], s["k8"] = s["k6"] - s["upd"], s["k7"] + two, s["k8"] + two
        scale = xp.where(xp.abs(qk) + xp.abs(pk) > big, biginv, one)
        scale = xp.where((xp.abs(qk) < biginv) | (xp.abs(pk) < biginv), scale * big, scale)
        s["pkm2"], s["pkm1"] = pkm2 * scale, pkm1 * scale
        s["qkm2"], s["qkm1"] = qkm2 * scale, qkm1 * scale
        return stop

    return iterate(xp, st, step, 100 if f32 else 300, ("ans",))["ans"]


# -- float32: Cephes's betaincf -------------------------------------------------------------

def _series32(lib: Lib, a: Any, b: Any, x: Any) -> Any:
    """The power series (incbps): x^a (1-x)^(b-1) / (a B(a, b)) (1 + sum_n u_n)."""
    xp, t = lib.xp, lib.t
    one = t(1)
    y = a * lib.log(x) + (b - one) * lib.log1p(-x) - lib.log(a)
    y = y - (lib.lgamma(a) + lib.lgamma(b))
    y = y + lib.lgamma(a + b)
    machep = t(np.finfo(t).eps / 2)
    st = {"a": a, "b": b, "t": x / (one - x), "u": xp.ones_like(a), "s": xp.zeros_like(a)}

    def step(s: dict, n: int) -> Any:
        s["b"] = s["b"] - one
        end = s["b"] == 0
        s["a"] = s["a"] + one
        s["u"] = s["u"] * (s["t"] * s["b"] / s["a"])
        s["s"] = xp.where(end, s["s"], s["s"] + s["u"])
        return end | ~(xp.abs(s["u"]) > machep)

    total = iterate(xp, st, step, 1 << 20, ("s",))["s"]
    return lib.exp(y) * (one + total)


def _incbsa(lib: Lib, aa: Any, bb: Any, xx: Any) -> Any:
    """betaincf's core, for a > 1."""
    xp, t = lib.xp, lib.t
    one = t(1)
    onemx = one - xx
    rev = xx > aa / (aa + bb)
    a, b = xp.where(rev, bb, aa), xp.where(rev, aa, bb)
    tt, x = xp.where(rev, xx, onemx), xp.where(rev, onemx, xx)
    out = xp.empty_like(a)
    series = (b > t(10)) & (xp.abs(b * x / a) < t(0.3))
    if bool(series.any()):
        out[series] = _series32(lib, a[series], b[series], x[series])
    rest = ~series
    if bool(rest.any()):
        a, b, x, tt = a[rest], b[rest], x[rest], tt[rest]
        small = x * (a + b - t(2)) / (a - one) < one
        ans = _cfe(xp, a, b, x, small)
        v = xp.where(small, b, b - one) * lib.log(tt)
        v = v + (a * lib.log(x) + lib.lgamma(a + b) - lib.lgamma(a) - lib.lgamma(b))
        v = v + lib.log(ans / a)
        out[rest] = lib.exp(v)
    return xp.where(rev, one - out, out)


def _betainc32(lib: Lib, a: Any, b: Any, x: Any) -> Any:
    t = lib.t
    one = t(1)
    out = lib.xp.empty_like(a)
    low = a <= one
    if bool(low.any()):
        al, bl, xl = a[low], b[low], x[low]
        ans = _incbsa(lib, al + one, bl, xl)
        v = al * lib.log(xl) + bl * lib.log1p(-xl) + lib.lgamma(al + bl) - \
            lib.lgamma(al + one) - lib.lgamma(bl)
        out[low] = ans + lib.exp(v)
    if bool((~low).any()):
        out[~low] = _incbsa(lib, a[~low], b[~low], x[~low])
    return out


# -- float64: Cephes's incbet ---------------------------------------------------------------

def _series64(lib: Lib, a: Any, b: Any, x: Any) -> Any:
    """The power series (incbps): x^a / (a B(a, b)) (1/a + sum_n v_n)."""
    xp, t = lib.xp, lib.t
    one = t(1)
    ai = one / a
    u = (one - b) * x
    v = u / (a + one)
    machep = t(np.finfo(t).eps / 2)
    st = {"b": b, "x": x, "a": a, "z": machep * ai, "t": u, "v": v, "n": xp.full_like(a, t(2)),
          "s": xp.zeros_like(a)}

    def step(s: dict, k: int) -> Any:
        go = xp.abs(s["v"]) > s["z"]
        u = (s["n"] - s["b"]) * s["x"] / s["n"]
        s["t"] = xp.where(go, s["t"] * u, s["t"])
        s["v"] = xp.where(go, s["t"] / (s["a"] + s["n"]), s["v"])
        s["s"] = xp.where(go, s["s"] + s["v"], s["s"])
        s["n"] = s["n"] + one
        return ~go

    total = iterate(xp, st, step, 1 << 20, ("s",))["s"]
    total = total + v
    total = total + ai
    e = lib.lgamma(a + b) - lib.lgamma(a) - lib.lgamma(b) + a * lib.log(x) + lib.log(total)
    return lib.exp(e)


def _betainc64(lib: Lib, aa: Any, bb: Any, xx: Any) -> Any:
    xp, t = lib.xp, lib.t
    one, machep = t(1), t(np.finfo(t).eps / 2)
    out = xp.empty_like(aa)
    first = (bb * xx <= one) & (xx <= t(0.95))
    if bool(first.any()):
        out[first] = _series64(lib, aa[first], bb[first], xx[first])
    rest = ~first
    if not bool(rest.any()):
        return out
    aa, bb, xx = aa[rest], bb[rest], xx[rest]
    w = one - xx
    rev = xx > aa / (aa + bb)
    a, b = xp.where(rev, bb, aa), xp.where(rev, aa, bb)
    xc, x = xp.where(rev, xx, w), xp.where(rev, w, xx)
    res = xp.empty_like(a)
    flip = rev & (b * x <= one) & (x <= t(0.95))
    if bool(flip.any()):
        res[flip] = _series64(lib, a[flip], b[flip], x[flip])
    frac = ~flip
    if bool(frac.any()):
        a, b, x, xc = a[frac], b[frac], x[frac], xc[frac]
        small = x * (a + b - t(2)) - (a - one) < 0
        w = _cfe(xp, a, b, x, small)
        w = xp.where(small, w, w / xc)
        y = a * lib.log(x)
        y = y + (b * lib.log(xc) + lib.lgamma(a + b) - lib.lgamma(a) - lib.lgamma(b))
        y = y + lib.log(w / a)
        res[frac] = lib.exp(y)
    res = xp.where(rev, xp.where(res <= machep, one - machep, one - res), res)
    out[rest] = res
    return out


def betainc(xp: Any, a: Any, b: Any, x: Any) -> Any:
    """I_x(a, b) (TF's Betainc), float32 or float64, of a, b and x broadcast: NaN for
    a <= 0 or b <= 0 and x outside [0, 1]; 0 at x = 0 and 1 at x = 1."""
    a, b, x = xp.broadcast_arrays(xp.asarray(a), xp.asarray(b), xp.asarray(x))
    shape = a.shape
    a, b, x = (flush(xp, v.reshape(-1)) for v in (a, b, x))
    t = a.dtype.type
    lib = Lib(xp, a.dtype)
    out = xp.full(a.shape, t(math.nan))
    out = xp.where(x == 0, t(0), xp.where(x == 1, t(1), out))
    inside = ~(x <= 0) & ~(x >= 1)
    live = ~(a <= 0) & ~(b <= 0) & inside
    if bool(live.any()):
        fn = _betainc32 if a.dtype.itemsize == 4 else _betainc64
        out[live] = flush(xp, fn(lib, a[live], b[live], x[live]))
    out = xp.where((a <= 0) | (b <= 0), t(math.nan), out)
    return out.reshape(shape)
