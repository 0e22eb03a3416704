"""CumulativeLogsumexp: tf.math.cumulative_logsumexp as TF's own scan op.

Sits in the reductions of ops/, after reduce.py, whose scans (Cumsum, Cumprod) it shares
the axis handling, shape rule and reference loop with. TF 2.21's CPU kernel scans along the
axis with a log-add-exp of the running value and the next element, taking their larger `mx`
and smaller `mn` by `<` comparisons (so a NaN element against a number is passed over, and
a NaN first in the scan leaves -inf), and computing `mx + log1p(exp(mn - mx))` in the
tensor's type with the C library's functions, which NumPy's `logaddexp` calls too:
- `mx` -inf (both -inf) gives -inf; `mn - mx` NaN (inf and inf) gives NaN;
- TF's threads flush denormals (DAZ and FTZ): a denormal element reads as a signed zero,
  an `exp(mn - mx)` below the smallest normal is zero (the result is `mx + 0`, which also
  turns -0.0 into 0.0), and a denormal result is a signed zero;
- float16 and bfloat16 compute each of those operations in float32 and round it to the
  type (Eigen's half arithmetic), which halfprec.py's rounding helpers give.
A host float32/float64 tensor whose scan meets none of those cases (no +inf, NaN or value
near zero; -inf and zeros are fine) is one `np.logaddexp.accumulate`, the same steps in C;
the others take the steps one by one, vectorized over the other axes.
Checked bit for bit against TF 2.21 by tests/ops/test_logsumexp_scan.py.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import halfprec
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api, eager_name
from eagerflow._src.ops.math import exp, greater, less, log, negative
from eagerflow._src.ops.math_base import _t, where
from eagerflow._src.ops.registry import REGISTRY, BadSample, OpDef, Sample, SampleRNG, register
from eagerflow._src.ops.scans import (
    _runtime_axis,
    _scan_axis,
    _scan_infer,
    _scan_ref,
    scan_args,
)

_rng = SampleRNG(57)
_NAME = "CumulativeLogsumexp"


def _daz(xp: Any, a: Any) -> Any:
    """`a` as TF's threads read it: denormals as signed zeros."""
    tiny = np.finfo(a.dtype).tiny
    return xp.where(xp.abs(a) < tiny, a * 0, a)


def _step(xp: Any, acc: Any, t: Any) -> Any:
    """One float32/float64 scan step: log(exp(acc) + exp(t)) as TF's kernel rounds it."""
    mx = xp.where(acc < t, t, acc)
    mn = xp.where(t < acc, t, acc)
    d = mn - mx
    new = xp.where(xp.isnan(d), d, xp.logaddexp(mx, mn))
    # exp(d) flushed to zero (or exactly zero): mx + 0, a -0.0 made 0.0
    new = xp.where(xp.exp(d) < np.finfo(acc.dtype).tiny, mx + 0, new)
    new = xp.where(mx == -xp.inf, mx, new)
    return _daz(xp, new)


def _half_step(acc: Any, t: Any, dtype: Any) -> Any:
    """One float16/bfloat16 step: float32 values of the type, each operation rounded."""
    mx = np.where(acc < t, t, acc)
    mn = np.where(t < acc, t, acc)
    e = halfprec.rnd(np.exp(halfprec.rnd(mn - mx, dtype)), dtype)
    new = halfprec.rnd(halfprec.rnd(np.log1p(e), dtype) + mx, dtype)
    return np.where(mx == -np.inf, mx, new)


# Values at least this large in magnitude take the ufunc's accumulate unchanged: an
# exp(mn - mx) under the smallest normal is below half an ulp of such an mx
_PLAIN = 2.0 ** -100


def _plain(v: Any) -> bool:
    """No value of `v` where logaddexp's steps and TF's part: NaN, inf (TF's inf and inf
    is NaN), or a value near zero (TF's flushed exp and denormals); -inf (a masked value)
    and zero are the same steps in both, and a zero result is 0.0 in both."""
    a = np.abs(v)
    return bool((((a >= _PLAIN) | (a == 0)) & (v != np.inf)).all())


def _accumulate(w: Any, exclusive: bool) -> Any | None:
    """The scan along axis 0 of a host float32/float64 array in one `logaddexp.accumulate`
    (its steps are TF's when no step meets a value `_plain` refuses), or None where one
    might."""
    if not w.size or not _plain(w):
        return None
    with np.errstate(all="ignore"):
        out = np.logaddexp.accumulate(w, axis=0)
    out[0] += 0  # (accumulate copies the first value: TF's step makes -0.0 0.0)
    if not _plain(out) or np.signbit(out[out == 0]).any():  # (TF's zero results are 0.0)
        return None
    if exclusive:
        out = np.concatenate([np.full((1,) + w.shape[1:], -np.inf, w.dtype), out[:-1]])
    return out


def _steps(xp: Any, w: Any, exclusive: bool, dtype: Any) -> Any:
    """The scan along axis 0, one vectorized step per element."""
    half = dtype != w.dtype
    out = xp.empty_like(w)
    acc = xp.full(w.shape[1:], -xp.inf, w.dtype)
    with np.errstate(all="ignore"):  # (inf - inf, exp's underflow: as TF, silently)
        for j in range(w.shape[0]):
            new = _half_step(acc, w[j], dtype) if half else _step(xp, acc, w[j])
            out[j] = acc if exclusive else new
            acc = new
    return out


def _kernel(xp: Any, x: Any, *dyn: Any, axis: int | None, exclusive: bool,
            reverse: bool) -> Any:
    if dyn:
        axis = _runtime_axis(REGISTRY[_NAME].infer, x, dyn, exclusive=exclusive,
                             reverse=reverse)
    ax = axis % x.ndim
    if xp is not np and x.dtype.kind == "V":  # bfloat16 on a device: scanned in float32
        return _kernel(xp, x.astype(np.float32), axis=ax, exclusive=exclusive,
                       reverse=reverse).astype(x.dtype)
    half = halfprec.is_half(xp, x)
    # the scan axis first, in scan order
    w = xp.moveaxis(halfprec.up(x) if half else _daz(xp, x), ax, 0)
    w = w[::-1] if reverse else w
    out = None if half or xp is not np else _accumulate(w, exclusive)
    if out is None:
        out = _steps(xp, w, exclusive, x.dtype)
    out = xp.ascontiguousarray(xp.moveaxis(out[::-1] if reverse else out, 0, ax))
    return halfprec.down(out, x.dtype) if half else out


def _logaddexp(a: float, b: float) -> float:
    """The reference's step, in plain Python: log(exp(a) + exp(b)) around the larger."""
    if a == -math.inf and b == -math.inf:
        return -math.inf
    hi, lo = max(a, b), min(a, b)
    return hi + math.log1p(math.exp(lo - hi))


def _grad(n: Any, g: Any) -> list:
    """d out_k / d x_j is exp(x_j - out_k) for each j the scan of k takes in, so the
    gradient of x_j is exp(x_j) times the scan of g_k exp(-out_k) the other way. That scan
    is taken in logs, as a cumulative logsumexp itself, of g's positive and negative parts
    apart (their logs exist; the other part's places hold the type's lowest value)."""
    x, out = n.inputs[0], n.outputs[0]
    a = n.attrs
    lowest = float(x._dtype.min)
    axis = _scan_axis(n)

    def part(mask: Any, magnitude: Any) -> Any:
        logs = where(mask, log(where(mask, magnitude, 1)), lowest)
        return exp(cumulative_logsumexp(logs - out, axis, exclusive=a["exclusive"],
                                        reverse=not a["reverse"]) + x)

    return [part(greater(g, 0), g) - part(less(g, 0), negative(g))] + [None] * (len(n.inputs) - 1)


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-2, 2, size=shape)


def _samples() -> list:
    # (an exclusive scan's first value is -inf, whose finite differences are NaN: those
    # samples check the forward only; test_logsumexp_scan.py checks their gradients)
    return [Sample((_f64(3, 4),), {"axis": 1, "exclusive": False, "reverse": False}),
            Sample((_f64(3, 4),), {"axis": 0, "exclusive": True, "reverse": False}, grad=False),
            Sample((_f64(2, 5),), {"axis": -1, "exclusive": True, "reverse": True}, grad=False),
            Sample((_f64(4),), {"axis": 0, "exclusive": False, "reverse": True}),
            Sample((_f64(2, 3, 2).astype(np.float32),),
                   {"axis": 1, "exclusive": False, "reverse": False}, grad=False),
            # an axis known when the graph runs
            Sample((_f64(2, 3), np.array(-2, np.int64)),
                   {"axis": None, "exclusive": False, "reverse": True}, grad_inputs=(0,))]


def _bad_samples() -> list:
    attrs = {"exclusive": False, "reverse": False}
    return [BadSample((np.ones((2, 2)),), {"axis": 2, **attrs}, InvalidArgumentError,
                      "ScanOp: Expected scan axis in the range [-2, 2), but got 2"),
            BadSample((np.float64(3.0),), {"axis": 0, **attrs}, InvalidArgumentError,
                      "ScanOp: Expected scan axis in the range [0, 0), but got 0"),
            BadSample((np.array([1, 2], np.int32),), {"axis": 0, **attrs},
                      InvalidArgumentError, "Value for attr 'T' of int32 is not in the list "
                                            "of allowed values: bfloat16, half, float, double")]


CUMULATIVE_LOGSUMEXP = register(OpDef(
    _NAME, _scan_infer(_NAME, C.FLOATS), _kernel, grad=_grad,
    host_inputs=(1,),  # (an axis given when it runs: TF's HostMemory("axis"))
    reference=_scan_ref(_logaddexp, -math.inf), samples=_samples, bad_samples=_bad_samples,
))


# (TF's function hands the op the axis as given, in a name scope)
@dispatch_binding
@eager_api("axis", scoped=True)
def cumulative_logsumexp(x: Any, axis: Any = 0, exclusive: bool = False, reverse: bool = False,
                         name: str | None = None) -> Any:
    """log(cumsum(exp(x))) along `axis`, without overflow: TF's CumulativeLogsumexp."""
    x = _t(x)  # (converted before the op's wrapper reads the attrs, as TF's)
    dyn, attrs = scan_args("CumulativeLogsumexp", axis, exclusive, reverse)
    return bind(CUMULATIVE_LOGSUMEXP, (x,) + dyn, attrs, eager_name(name))

