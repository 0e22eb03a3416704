"""ClipByValue: t clamped to [clip_value_min, clip_value_max] as TF's kernel clamps it:
min(t, max) first, then max with min (so min > max gives min).

Sits in ops/ after select_v1 (its gradient's Select). TF 2.21's tf.saturate_cast clamps
with it ("clamp") before its Cast (misc_ops.py). The bounds are scalars or of t's shape
(no broadcasting); a NaN in t stays NaN, a NaN bound clamps nothing. The gradient is
TF's: the incoming gradient where t was inside the bounds, and for each bound the
gradient where t passed it, summed back to the bound's shape.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.broadcast_grads import sum_to
from eagerflow._src.ops.math import greater, less, logical_or
from eagerflow._src.ops.math_base import zeros_like
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.select_v1 import where_v1

_rng = np.random.default_rng(12)

# TF's T: every number type, of which its CPU has kernels for all but uint32, uint64 and
# the quantized ones (the NotFoundError lists XLA's types, then each CPU registration)
_NO_CPU = frozenset((dt.uint32, dt.uint64, dt.qint8, dt.quint8, dt.qint32, dt.qint16,
                     dt.quint16))
_TYPES = frozenset((dt.float32, dt.float64, dt.int32, dt.uint8, dt.int16, dt.int8, dt.complex64,
          dt.int64, dt.bfloat16, dt.uint16, dt.complex128, dt.float16)) | _NO_CPU
_XLA = ("DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, "
        "DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_UINT16, DT_COMPLEX128, DT_HALF, "
        "DT_UINT32, DT_UINT64")
_CPU = C.enums("COMPLEX128 COMPLEX64 UINT16 UINT8 INT64 INT32 INT16 INT8 BFLOAT16 DOUBLE FLOAT "
               "HALF")


def _infer(t: Any, lo: Any, hi: Any) -> list:
    d = C.same_dtype("ClipByValue", (t, lo, hi), _TYPES)
    if d in _NO_CPU:
        raise C.no_cpu_kernel("ClipByValue", d, _XLA, _CPU)
    ts, ls, hs = t._shape, lo._shape, hi._shape
    if None not in (ts, ls, hs) and not all(
            len(s) == 0 or (len(s) == len(ts) and all(
                a is None or b is None or a == b for a, b in zip(s, ts))) for s in (ls, hs)):
        raise C.fail("ClipByValue", "clip_value_min and clip_value_max must be either of the "
                                    "same shape as input, or a scalar. input shape: "
                                    f"{C.shape_str(ts)}clip_value_min shape: "
                                    f"{C.shape_str(ls)}clip_value_max shape: "
                                    f"{C.shape_str(hs)}")
    return [(ts, d)]


_WIDE_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))


def _kernel(xp: Any, t: Any, lo: Any, hi: Any) -> Any:
    # (Eigen's min and max: a bound that is NaN leaves t as it is; a NaN in t stays)
    if xp is np and lo.ndim == 0 and hi.ndim == 0 and (
            t.dtype.kind in "iu" or t.dtype in _WIDE_FLOATS) and not (
            np.isnan(lo) or np.isnan(hi)):
        # (NumPy's float32/float64 minimum(hi, t) and maximum(lo, .) pick as the
        # comparisons below do for bounds that are numbers, signed zeros and NaNs in t
        # included, one pass each; its float16 loops pick zeros otherwise; the output is
        # given, since NumPy returns a scalar, not an array, for a 0-d t)
        out = np.minimum(hi, t, out=np.empty(t.shape, t.dtype))
        return np.maximum(lo, out, out=out)
    low = xp.where(hi < t, hi, t)
    return xp.where(low < lo, lo, low).astype(t.dtype, copy=False)


def _reference(t: Any, lo: Any, hi: Any) -> Any:
    out = np.array(t, copy=True)
    for idx in np.ndindex(*out.shape):
        v, a, b = out[idx], lo[idx if lo.ndim else ()], hi[idx if hi.ndim else ()]
        v = b if b < v else v  # (comparisons with NaN false: either way, v kept)
        out[idx] = a if v < a else v
    return out


def _grad(n: Any, g: Any) -> list:
    t, lo, hi = n.inputs
    zeros = zeros_like(g)
    below, above = less(t, lo), greater(t, hi)
    return [where_v1(logical_or(below, above), zeros, g),
            sum_to(where_v1(below, g, zeros), lo), sum_to(where_v1(above, g, zeros), hi)]


def _f64(*shape: int) -> np.ndarray:
    return _rng.standard_normal(shape)


CLIP_BY_VALUE = register(OpDef(
    "ClipByValue", _infer, _kernel, grad=_grad, reference=_reference,
    samples=lambda: [
        Sample((_f64(3, 4), np.float64(-0.5), np.float64(0.5)), grad_inputs=(0, 1, 2)),
        Sample((_f64(2, 3), _f64(2, 3) - 1.0, _f64(2, 3) + 1.0), grad_inputs=(0, 1, 2)),
        Sample((np.array([1, 5, -3], np.int32), np.int32(2), np.int32(3)), grad=False),
        Sample((np.array([1, 2, 3], np.float32), np.float32(3), np.float32(1)), grad=False),
        Sample((np.array([np.nan, 5, -1], np.float32), np.float32(0), np.float32(1)),
               grad=False),
        Sample((np.array([0, 200], np.uint8), np.uint8(5), np.uint8(100)), grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones(3, np.float32), np.zeros(2, np.float32), np.float32(2)), {},
                  InvalidArgumentError, "input shape: [3]clip_value_min shape: [2]"
                                        "clip_value_max shape: []"),
        BadSample((np.float32(5), np.ones(1, np.float32), np.float32(3)), {},
                  InvalidArgumentError, "must be either of the same shape as input, or a "
                                        "scalar"),
        BadSample((np.array([True]), np.array(False), np.array(True)), {},
                  InvalidArgumentError, "Value for attr 'T' of bool is not in the list")],
))
