"""TF's per-channel requantization kernels (oneDNN's, in TF 2.21's CPU build):
RequantizationRangePerChannel, the range the qint32 values of an NHWC tensor span over
all its channels (each channel's largest magnitude in its own range, clipped at
`clip_value_max`), and RequantizePerChannel, each channel scaled into one 8-bit range as
oneDNN's reorder does (float32, rounded half to even, saturated).

Sits in the ops layer after quantized_resize_norm_ops.py; `import eagerflow` loads it on
first use.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.quantization import _q
from eagerflow._src.ops.quantized_ops import check_kernel, check_types, first, plain_ref
from eagerflow._src.ops.registry import OpDef, Sample, register

_F32 = np.float32
_QU8, _QI8, _QI32 = dt.quint8, dt.qint8, dt.qint32
_TWO31 = _F32(2.0 ** 31)


def _f(v: Any) -> np.ndarray:
    return np.array(v, _F32)


def _range_pc_infer(x: Any, lo: Any, hi: Any, clip_value_max: float) -> list:
    op = "RequantizationRangePerChannel"
    check_types(op, (x, lo, hi))
    check_kernel(op, {"T": x._dtype, "clip_value_max": float(clip_value_max)},
                 ((("T", _QI32),),))
    return [((), dt.float32), ((), dt.float32)]


def _abs32(v: np.ndarray) -> np.ndarray:
    """std::abs of int32 values (the most negative one stays itself)."""
    return np.abs(v.astype(np.int64)).astype(np.int32)


def _range_pc_kernel(xp: Any, x: np.ndarray, lo: np.ndarray, hi: np.ndarray,
                     clip_value_max: float) -> tuple:
    op = "RequantizationRangePerChannel"
    x, lo, hi = np.asarray(x), np.asarray(lo, _F32), np.asarray(hi, _F32)
    depth = hi.size
    if (lo.shape[0] if lo.ndim else 1) != depth:
        raise C.fail(op, f"input_min has incorrect size, expected {depth} was "
                         f"{lo.shape[0] if lo.ndim else 1}")
    if (hi.shape[0] if hi.ndim else 1) != depth:
        raise C.fail(op, f"input_max has incorrect size, expected {depth} was "
                         f"{hi.shape[0] if hi.ndim else 1}")
    if lo.size != depth:
        raise C.fail(op, f"input_min must have the same number of elements as input_max, "
                         f"got {lo.size} and {depth}")
    if x.size == 0:
        raise C.fail(op, "input must not be empty")
    if x.ndim != 4:
        raise C.fail(op, "input must be in NHWC format")
    if x.shape[3] != depth:
        raise C.fail(op, f"input must have same number of channels as length of input_min: "
                         f"{x.shape[3]} vs {depth}")
    flat = x.reshape(-1, depth)
    small, large = flat.min(axis=0), flat.max(axis=0)
    big = np.maximum(_abs32(small), _abs32(large)).astype(_F32)
    a_lo, a_hi = np.abs(lo.reshape(-1)), np.abs(hi.reshape(-1))
    scale = np.where(a_lo < a_hi, a_hi, a_lo)  # (std::max: a NaN second never wins)
    with np.errstate(all="ignore"):
        ranges = ((scale * big).astype(_F32) / _TWO31).astype(_F32)
    # (the running maximum starts at the smallest normal float, as TF's, and takes a
    # channel's only when greater: a NaN channel never wins)
    top = _F32(np.finfo(_F32).tiny)
    for r in ranges:
        if r > top:
            top = r
    if top > _F32(clip_value_max):
        top = _F32(clip_value_max)
    low = _F32(0.0) if (small >= 0).all() else -top
    return _f(low), _f(top)


def _range_pc_ref(x: np.ndarray, lo: np.ndarray, hi: np.ndarray,
                  clip_value_max: float) -> tuple:
    # (channel by channel in Python scalars)
    ranges, negative = [], False
    for c in range(x.shape[3]):
        vals = [int(v) for v in x[..., c].ravel()]
        negative |= min(vals) < 0
        m = max(abs(min(vals)), abs(max(vals)))
        s = max(abs(float(lo[c])), abs(float(hi[c])))
        ranges.append(float(_F32(_F32(_F32(s) * _F32(m)) / _TWO31)))
    top = min(max(ranges + [float(np.finfo(_F32).tiny)]), float(_F32(clip_value_max)))
    return _f(-top if negative else 0.0), _f(top)


RANGE_PER_CHANNEL = register(OpDef(
    "RequantizationRangePerChannel", _range_pc_infer, _range_pc_kernel, num_outputs=2,
    gpu=False, reference=plain_ref(_range_pc_ref),
    samples=lambda: [Sample((_q(np.arange(24).reshape(1, 2, 4, 3) * 98765431 - 2**30, _QI32),
                             _f([-1.0, -2.0, 0.5]), _f([1.0, 3.0, 4.0])),
                            {"clip_value_max": c}, grad=False) for c in (6.0, 0.5)],
))


def _requantize_pc_infer(x: Any, lo: Any, hi: Any, out_lo: Any, out_hi: Any,
                         out_type: dt.DType) -> list:
    op = "RequantizePerChannel"
    C.dtype_attr(op, out_type, "out_type")
    check_types(op, (x, lo, hi, out_lo, out_hi))
    check_kernel(op, {"T": x._dtype, "out_type": out_type},
                 ((("T", _QI32), ("out_type", _QU8)), (("T", _QI32), ("out_type", _QI8))))
    return [(x._shape, out_type), ((), dt.float32), ((), dt.float32)]


def _pc_scales(lo: np.ndarray, hi: np.ndarray, out_lo: float, out_hi: float,
               out_type: dt.DType) -> np.ndarray:
    factor = _F32(127.0 if out_type is _QI8 else 255.0)
    req = max(abs(_F32(out_lo)), abs(_F32(out_hi)))
    with np.errstate(all="ignore"):
        # (TF's std::max(|min|, |max|): the first unless it is less than the second, so a
        # NaN max loses, a NaN min wins)
        a, b = np.abs(lo.reshape(-1)), np.abs(hi.reshape(-1))
        m = np.where(a < b, b, a)
        return (factor * ((m / req).astype(_F32) / _TWO31).astype(_F32)).astype(_F32)


def _requantize_pc_kernel(xp: Any, x: np.ndarray, lo: np.ndarray, hi: np.ndarray,
                          out_lo: np.ndarray, out_hi: np.ndarray, out_type: dt.DType) -> tuple:
    op = "RequantizePerChannel"
    x, lo, hi = np.asarray(x), np.asarray(lo, _F32), np.asarray(hi, _F32)
    depth = lo.size
    if hi.size != depth:
        raise C.fail(op, f"input_max has incorrect size, expected {depth} was {hi.size}")
    if np.size(out_lo) != 1:
        raise C.fail(op, "requested_output_min must be a scalar")
    out_lo = float(np.asarray(out_lo).reshape(-1)[0])
    out_hi = first(op, out_hi, "requested_output_max")
    if out_type is _QI8 and not out_lo < 0.0:
        raise C.fail(op, f"If out_type is QINT8, requested_output_max must be non negative, "
                         f"got {format(out_lo, '.6g')}")
    if x.ndim != 4:
        raise C.fail(op, "Current RequantizePerChannel operatorsupports 4D tensors only.")
    if x.shape[3] > depth:  # (TF's oneDNN reorder would read past the scales)
        raise C.fail(op, f"input_min has incorrect size, expected {x.shape[3]} was {depth}")
    # (TF takes the first scales, one a channel, where more are given)
    scales = _pc_scales(lo, hi, out_lo, out_hi, out_type)[:x.shape[3]]
    info = np.iinfo(out_type.storage_type)
    with np.errstate(all="ignore"):
        v = np.rint((x.astype(_F32) * scales).astype(_F32))
    # (a NaN product converts as x86's float to int does, to INT32_MIN, then saturates:
    # the type's lowest value)
    v = np.where(np.isnan(v), info.min, v)
    out = np.clip(v, info.min, info.max).astype(out_type.storage_type)
    return out, _f(out_lo), _f(out_hi)


def _requantize_pc_ref(x: np.ndarray, lo: np.ndarray, hi: np.ndarray, out_lo: Any,
                       out_hi: Any, out_type: dt.DType) -> tuple:
    scales = _pc_scales(lo, hi, float(out_lo), float(out_hi), out_type)
    low, high = (-128, 127) if out_type is _QI8 else (0, 255)
    out = np.zeros(x.shape, out_type.storage_type)
    for idx in np.ndindex(*x.shape):
        v = round(float(_F32(_F32(x[idx]) * scales[idx[3]])))
        out[idx] = min(max(v, low), high)
    return out, _f(float(out_lo)), _f(float(out_hi))


REQUANTIZE_PER_CHANNEL = register(OpDef(
    "RequantizePerChannel", _requantize_pc_infer, _requantize_pc_kernel, num_outputs=3,
    gpu=False, reference=plain_ref(_requantize_pc_ref),
    samples=lambda: [Sample((_q(np.arange(24).reshape(1, 2, 4, 3) * 98765431 - 2**30, _QI32),
                             _f([-1.0, -2.0, 0.5]), _f([1.0, 3.0, 4.0]), _f(-3.0), _f(3.0)),
                            {"out_type": t}, grad=False) for t in (_QU8, _QI8)],
))
