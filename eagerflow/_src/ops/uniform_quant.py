"""TF's uniform quantization ops of its StableHLO quantizer: UniformQuantize (float32 to
qint8/quint8/qint32 by scale and zero point, per tensor or per slice of one axis),
UniformDequantize (back), UniformRequantize (from one scale and zero point to others, in
TF's fixed-point arithmetic), UniformQuantizedAdd (two operands requantized to the output's
scale and added) and UniformQuantizedClipByValue (qint32 values clamped to
quantized bounds, per tensor or per slice).

Ops layer, after quantization (its quantized-dtype checks), loaded on first use. Host-only
and without gradients, as in TF. TF's CPU kernels compute in float32 and int32: a value
times the reciprocal of its scale, rounded half up (floor(v + 0.5), in float32), cast to
int32 as x86 casts (NaN and values out of range become INT_MIN), plus the zero point
(int32, wrapping), clamped to [min, max] (the upper bound first, so a minimum above the
maximum wins), then cast to the output's storage type (wrapping). Dequantizing subtracts
the zero point in int32 (wrapping) and multiplies by the scale in float32.
"""

from __future__ import annotations

import math
from types import SimpleNamespace
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.quantization import _along
from eagerflow._src.ops.quantized_ops import check_arity
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_F32 = np.float32
_QTYPES = (dt.qint8, dt.quint8, dt.qint32)
_INT_MIN = np.int32(-2**31)


def _type_refused(op: str, what: str, d: dt.DType, allowed: str) -> InvalidArgumentError:
    return C.fail(op, f"Value for attr '{what}' of {C.dtype_word(d)} is not in the list of "
                      f"allowed values: {allowed}\n\t; NodeDef: {{{{node {op}}}}}")


def _check_params(op: str, x: Any, scales: Any, zero_points: Any, axis: int,
                  lo: int, hi: int, first: int = 1) -> None:
    """TF's checks of the scales and zero points (inputs #first and #first + 1) against
    the axis, in its order."""
    for what, v in (("quantization_axis", axis), ("quantization_min_val", lo),
                    ("quantization_max_val", hi)):
        AV.int_attr(op, v, what)
    if scales._dtype is not dt.float32:
        raise C.wrong_input_dtype(op, first, dt.float32, scales._dtype)
    if zero_points._dtype is not dt.int32:
        raise C.wrong_input_dtype(op, first + 1, dt.int32, zero_points._dtype)
    if op == "UniformQuantize" and axis < -1:
        raise C.fail(op, f"quantization_axis must be >= -1, given: {axis}")
    if None not in (scales._shape, zero_points._shape, x._shape):
        _check_shapes(op, x._shape, scales._shape, zero_points._shape, axis)


def _check_shapes(op: str, x: tuple, s: tuple, z: tuple, axis: int) -> None:
    """TF's checks of the scales' and zero points' shapes against the axis, in its order
    (a graph's of unknown shape when it runs)."""
    if s != z:
        raise C.fail(op, f"scales and zero_points shape must be same, but given scales shape "
                         f"{C.shape_str(s)} and zero_points shape {C.shape_str(z)}")
    if axis == -1:
        if s != ():
            raise C.fail(op, f"If quantization_axis is -1, scales and zero_points must be "
                             f"scalar tensors, but given scales shape {C.shape_str(s)} and "
                             f"zero_points shape {C.shape_str(z)}")
        return
    if not 0 <= axis < len(x):
        raise C.fail(op, f"quantization_axis must be -1 or in range [0, input.rank), but "
                         f"given {axis}")
    depth = x[axis]
    if len(s) != 1 or (depth is not None and s[0] is not None and s[0] != depth):
        raise C.fail(op, f"If quantization_axis is not -1, scales and zero_points must be a "
                         f"tensor of rank 1 and the size must be equal to the "
                         f"input.dim_size(quantization_axis), but given quantization_axis "
                         f"{axis}, scales shape {C.shape_str(s)} and zero_points shape "
                         f"{C.shape_str(z)}")


def _per_value(v: np.ndarray, ndim: int, axis: int) -> np.ndarray:
    return v if axis == -1 else _along(v.reshape(-1), ndim, axis)


def _to_int32(v: np.ndarray) -> np.ndarray:
    """float32 to int32 as x86's truncating conversion: NaN and out of range are INT_MIN."""
    ok = np.isfinite(v) & (v >= -2.0**31) & (v < 2.0**31)
    return np.where(ok, np.where(ok, v, 0).astype(np.int32), _INT_MIN)


# ---------------------------------------------------------------------------------------
# UniformQuantize

def _quantize_infer(x: Any, scales: Any, zero_points: Any, *, Tout: dt.DType,  # noqa: N803
                    quantization_axis: int, quantization_min_val: int,
                    quantization_max_val: int) -> list:
    op = "UniformQuantize"
    if x._dtype is not dt.float32:
        raise _type_refused(op, "Tin", x._dtype, "float")
    C.dtype_attr(op, Tout, "Tout")
    if Tout not in _QTYPES:
        raise _type_refused(op, "Tout", Tout, "qint8, quint8, qint32")
    _check_params(op, x, scales, zero_points, quantization_axis, quantization_min_val,
                  quantization_max_val)
    return [(x._shape, Tout)]


def _quantize(x: np.ndarray, scales: np.ndarray, zero_points: np.ndarray, storage: Any,
              axis: int, lo: int, hi: int) -> np.ndarray:
    with np.errstate(all="ignore"):
        inverse = (_F32(1) / np.asarray(scales, _F32)).astype(_F32)
        scaled = (x.astype(_F32) * _per_value(inverse, x.ndim, axis)).astype(_F32)
        rounded = np.floor((scaled + _F32(0.5)).astype(_F32))
        q = _to_int32(rounded) + _per_value(np.asarray(zero_points, np.int32), x.ndim, axis)
    q = np.maximum(np.minimum(q.astype(np.int64), hi), lo)
    return q.astype(storage)


def _quantize_kernel(xp: Any, x: np.ndarray, scales: np.ndarray, zero_points: np.ndarray, *,
                     Tout: dt.DType, quantization_axis: int,  # noqa: N803
                     quantization_min_val: int, quantization_max_val: int) -> np.ndarray:
    _check_shapes("UniformQuantize", x.shape, np.shape(scales), np.shape(zero_points),
                  quantization_axis)
    return _quantize(x, scales, zero_points, Tout.storage_type, quantization_axis,
                     quantization_min_val, quantization_max_val)


def _quantize_reference(x: np.ndarray, scales: Any, zero_points: Any, Tout: dt.DType,  # noqa: N803
                        quantization_axis: int, quantization_min_val: int,
                        quantization_max_val: int) -> np.ndarray:
    """Value by value in Python, each with its slice's scale and zero point."""
    storage = np.dtype(Tout.storage_type)
    out = np.empty(x.shape, storage)
    bits = storage.itemsize * 8
    for index in np.ndindex(x.shape):
        i = () if quantization_axis == -1 else (index[quantization_axis],)
        scale, zero = np.asarray(scales)[i], int(np.asarray(zero_points)[i])
        with np.errstate(all="ignore"):
            v = float(np.floor(_F32(x[index] * (_F32(1) / _F32(scale))) + _F32(0.5)))
        q = int(v) if v == v and -2**31 <= v < 2**31 else -2**31
        q = (q + zero + 2**31) % 2**32 - 2**31
        q = max(min(q, quantization_max_val), quantization_min_val)
        q %= 2**bits
        if storage.kind == "i" and q >= 2**(bits - 1):
            q -= 2**bits
        out[index] = q
    return out.view(Tout.as_numpy_dtype)


def _quantize_samples() -> list:
    rng = np.random.default_rng(41)
    x = rng.uniform(-20, 20, (3, 4)).astype(_F32)
    x[0, :3] = [0.25, -0.25, 1.25]
    base = {"quantization_axis": -1, "quantization_min_val": -128,
            "quantization_max_val": 127}
    return [Sample((x, _F32(0.5), np.int32(3)), {**base, "Tout": dt.qint8}, grad=False),
            Sample((x, np.array([0.1, 0.2, 0.3, 4.0], _F32), np.array([0, 1, -2, 3], np.int32)),
                   {"Tout": dt.qint32, "quantization_axis": 1,
                    "quantization_min_val": -1000, "quantization_max_val": 1000},
                   grad=False),
            Sample((x, _F32(0.25), np.int32(128)),
                   {**base, "Tout": dt.quint8, "quantization_min_val": 0,
                    "quantization_max_val": 255}, grad=False)]


def _quantize_bad() -> list:
    x = np.ones((2, 3), _F32)
    base = {"Tout": dt.qint8, "quantization_axis": -1, "quantization_min_val": -128,
            "quantization_max_val": 127}
    return [BadSample((x, np.ones(3, _F32), np.zeros(3, np.int32)), base,
                      InvalidArgumentError, "If quantization_axis is -1, scales and "
                      "zero_points must be scalar tensors, but given scales shape [3] and "
                      "zero_points shape [3]"),
            BadSample((x, np.ones(3, _F32), np.zeros(2, np.int32)), base,
                      InvalidArgumentError, "scales and zero_points shape must be same, but "
                      "given scales shape [3] and zero_points shape [2]"),
            BadSample((x, _F32(1), np.int32(0)), {**base, "quantization_axis": -2},
                      InvalidArgumentError, "quantization_axis must be >= -1, given: -2"),
            BadSample((x, _F32(1), np.int32(0)), {**base, "quantization_axis": 2},
                      InvalidArgumentError, "quantization_axis must be -1 or in range [0, "
                      "input.rank), but given 2"),
            BadSample((x, np.ones(2, _F32), np.zeros(2, np.int32)),
                      {**base, "quantization_axis": 1}, InvalidArgumentError,
                      "but given quantization_axis 1, scales shape [2] and zero_points shape "
                      "[2]"),
            BadSample((x.astype(np.float64), _F32(1), np.int32(0)), base, InvalidArgumentError,
                      "Value for attr 'Tin' of double is not in the list of allowed values: "
                      "float")]


UNIFORM_QUANTIZE = register(OpDef(
    "UniformQuantize", _quantize_infer, _quantize_kernel, grad=C.no_gradient,
    reference=_quantize_reference, samples=_quantize_samples, bad_samples=_quantize_bad,
    gpu=False))


# ---------------------------------------------------------------------------------------
# UniformDequantize

def _dequantize_infer(x: Any, scales: Any, zero_points: Any, *, Tout: dt.DType,  # noqa: N803
                      quantization_axis: int, quantization_min_val: int,
                      quantization_max_val: int) -> list:
    op = "UniformDequantize"
    if x._dtype not in _QTYPES:
        raise _type_refused(op, "Tin", x._dtype, "qint8, quint8, qint32")
    C.dtype_attr(op, Tout, "Tout")
    if Tout is not dt.float32:
        raise _type_refused(op, "Tout", Tout, "float")
    _check_params(op, x, scales, zero_points, quantization_axis, quantization_min_val,
                  quantization_max_val)
    return [(x._shape, dt.float32)]


def _dequantize_kernel(xp: Any, x: np.ndarray, scales: np.ndarray, zero_points: np.ndarray,
                       *, Tout: dt.DType, quantization_axis: int,  # noqa: N803
                       quantization_min_val: int, quantization_max_val: int) -> np.ndarray:
    _check_shapes("UniformDequantize", x.shape, np.shape(scales), np.shape(zero_points),
                  quantization_axis)
    scales = np.asarray(scales, _F32)
    if not (scales > 0).all():  # (NaN too)
        raise C.fail("UniformDequantize", "rhs scales elements must be all positive.")
    axis = quantization_axis
    with np.errstate(all="ignore"):
        shifted = x.astype(np.int32) - _per_value(np.asarray(zero_points, np.int32), x.ndim,
                                                  axis)
        return (shifted.astype(_F32) * _per_value(scales, x.ndim, axis)).astype(_F32)


def _dequantize_reference(x: np.ndarray, scales: Any, zero_points: Any, Tout: dt.DType,  # noqa: N803
                          quantization_axis: int, quantization_min_val: int,
                          quantization_max_val: int) -> np.ndarray:
    if x.dtype.names:  # (a quantized dtype's record form: its one integer field)
        x = x.view(x.dtype[0])
    out = np.empty(x.shape, _F32)
    for index in np.ndindex(x.shape):
        i = () if quantization_axis == -1 else (index[quantization_axis],)
        q = int(x[index]) - int(np.asarray(zero_points)[i])
        q = (q + 2**31) % 2**32 - 2**31
        out[index] = _F32(q) * _F32(np.asarray(scales)[i])
    return out


def _quantized(values: Any, d: dt.DType) -> np.ndarray:
    return np.asarray(values, d.storage_type).view(d.as_numpy_dtype)


UNIFORM_DEQUANTIZE = register(OpDef(
    "UniformDequantize", _dequantize_infer, _dequantize_kernel, grad=C.no_gradient,
    reference=_dequantize_reference,
    samples=lambda: [
        Sample((_quantized([[-128, -1, 0], [5, 127, 3]], dt.qint8), _F32(0.1), np.int32(3)),
               {"Tout": dt.float32, "quantization_axis": -1, "quantization_min_val": -128,
                "quantization_max_val": 127}, grad=False),
        Sample((_quantized([[0, 255, 128], [7, 9, 11]], dt.quint8),
                np.array([0.5, 0.25, 2.0], _F32), np.array([128, 0, 3], np.int32)),
               {"Tout": dt.float32, "quantization_axis": 1, "quantization_min_val": 0,
                "quantization_max_val": 255}, grad=False),
        Sample((_quantized([7, -2**31], dt.qint32), _F32(0.5), np.int32(1)),
               {"Tout": dt.float32, "quantization_axis": -1, "quantization_min_val": -2**31,
                "quantization_max_val": 2**31 - 1}, grad=False)],
    bad_samples=lambda: [
        BadSample((_quantized([1, 2], dt.qint8), _F32(0), np.int32(0)),
                  {"Tout": dt.float32, "quantization_axis": -1, "quantization_min_val": -128,
                   "quantization_max_val": 127}, InvalidArgumentError,
                  "rhs scales elements must be all positive."),
        BadSample((_quantized([1, 2], dt.qint8), _F32(1), np.int32(0)),
                  {"Tout": dt.float32, "quantization_axis": -2, "quantization_min_val": -128,
                   "quantization_max_val": 127}, InvalidArgumentError,
                  "quantization_axis must be -1 or in range [0, input.rank), but given -2"),
        BadSample((np.array([1, 2], np.int8), _F32(1), np.int32(0)),
                  {"Tout": dt.float32, "quantization_axis": -1, "quantization_min_val": -128,
                   "quantization_max_val": 127}, InvalidArgumentError,
                  "Value for attr 'Tin' of int8 is not in the list of allowed values: qint8, "
                  "quint8, qint32")],
    gpu=False))


# ---------------------------------------------------------------------------------------
# UniformQuantizedClipByValue: the bounds are in the operand's quantized units already, so
# the scales and zero points are only checked; the quantization bounds are not applied

def _clip_infer(x: Any, lo: Any, hi: Any, scales: Any, zero_points: Any, *,
                quantization_axis: int, quantization_min_val: int,
                quantization_max_val: int) -> list:
    op = "UniformQuantizedClipByValue"
    if x._dtype is not dt.qint32:
        raise _type_refused(op, "T", x._dtype, "qint32")
    for i, t in ((1, lo), (2, hi)):
        if t._dtype is not x._dtype:
            raise C.wrong_input_dtype(op, i, x._dtype, t._dtype)
    _check_params(op, x, scales, zero_points, quantization_axis, quantization_min_val,
                  quantization_max_val, first=3)
    if None not in (x._shape, scales._shape, zero_points._shape, lo._shape, hi._shape):
        _check_bounds(lo._shape, hi._shape, scales._shape)
    return [(x._shape, dt.qint32)]


def _check_bounds(lo: tuple, hi: tuple, params: tuple) -> None:
    for what, shape in (("min", lo), ("max", hi)):
        if shape != params:
            raise C.fail("UniformQuantizedClipByValue",
                         f"Input {what} shape must be same as scales/zero_points. Given "
                         f"{what} of shape {C.shape_str(shape)} and scales/zero_points of "
                         f"shape {C.shape_str(params)}")


def _clip_kernel(xp: Any, x: np.ndarray, lo: np.ndarray, hi: np.ndarray, scales: np.ndarray,
                 zero_points: np.ndarray, *, quantization_axis: int,
                 quantization_min_val: int, quantization_max_val: int) -> np.ndarray:
    op, axis = "UniformQuantizedClipByValue", quantization_axis
    _check_shapes(op, x.shape, np.shape(scales), np.shape(zero_points), axis)
    _check_bounds(np.shape(lo), np.shape(hi), np.shape(scales))
    values = x.view(np.int32) if x.dtype.names else x
    low = _per_value(np.asarray(lo).view(np.int32) if np.asarray(lo).dtype.names else
                     np.asarray(lo, np.int32), x.ndim, axis)
    high = _per_value(np.asarray(hi).view(np.int32) if np.asarray(hi).dtype.names else
                      np.asarray(hi, np.int32), x.ndim, axis)
    return np.minimum(np.maximum(values, low), high).astype(np.int32)


def _clip_reference(x: np.ndarray, lo: Any, hi: Any, scales: Any, zero_points: Any,
                    quantization_axis: int, quantization_min_val: int,
                    quantization_max_val: int) -> np.ndarray:
    x, lo, hi = (np.asarray(a).view(np.int32) if np.asarray(a).dtype.names else np.asarray(a)
                 for a in (x, lo, hi))
    out = np.empty(x.shape, np.int32)
    for index in np.ndindex(x.shape):
        i = () if quantization_axis == -1 else (index[quantization_axis],)
        out[index] = min(max(int(x[index]), int(lo[i])), int(hi[i]))
    return out.view(dt.qint32.as_numpy_dtype)


def _clip_attrs(axis: int = -1) -> dict:
    return {"quantization_axis": axis, "quantization_min_val": -2**31,
            "quantization_max_val": 2**31 - 1}


UNIFORM_QUANTIZED_CLIP_BY_VALUE = register(OpDef(
    "UniformQuantizedClipByValue", _clip_infer, _clip_kernel, grad=C.no_gradient,
    reference=_clip_reference,
    samples=lambda: [
        Sample((_quantized([-100, -3, 0, 5, 127], dt.qint32), _quantized(-5, dt.qint32),
                _quantized(6, dt.qint32), _F32(0.5), np.int32(1)), _clip_attrs(), grad=False),
        # (bounds out of order: the upper one wins, as in TF)
        Sample((_quantized([-100, 3], dt.qint32), _quantized(6, dt.qint32),
                _quantized(-5, dt.qint32), _F32(1), np.int32(0)), _clip_attrs(), grad=False),
        Sample((_quantized(np.arange(12).reshape(2, 3, 2) - 6, dt.qint32),
                _quantized([-2, 0], dt.qint32), _quantized([1, 3], dt.qint32),
                np.ones(2, _F32), np.zeros(2, np.int32)), _clip_attrs(0), grad=False)],
    bad_samples=lambda: [
        BadSample((_quantized([1, 2], dt.qint32), _quantized(0, dt.qint32),
                   _quantized([1, 2], dt.qint32), _F32(1), np.int32(0)), _clip_attrs(),
                  InvalidArgumentError, "Input max shape must be same as scales/zero_points. "
                  "Given max of shape [2] and scales/zero_points of shape []"),
        BadSample((_quantized([[1, 2]], dt.qint32), _quantized(0, dt.qint32),
                   _quantized([1, 1], dt.qint32), np.ones(2, _F32), np.zeros(2, np.int32)),
                  _clip_attrs(1), InvalidArgumentError,
                  "Input min shape must be same as scales/zero_points. Given min of shape [] "
                  "and scales/zero_points of shape [2]"),
        BadSample((_quantized([1, 2], dt.qint32), _quantized(0, dt.qint32),
                   _quantized(1, dt.qint32), _F32(1), np.int32(0)), _clip_attrs(-2),
                  InvalidArgumentError, "quantization_axis must be -1 or in range [0, "
                  "input.rank), but given -2"),
        BadSample((_quantized([1, 2], dt.qint8), _quantized(0, dt.qint8),
                   _quantized(1, dt.qint8), _F32(1), np.int32(0)), _clip_attrs(),
                  InvalidArgumentError, "Value for attr 'T' of qint8 is not in the list of "
                  "allowed values: qint32")],
    gpu=False))


# ---------------------------------------------------------------------------------------
# UniformRequantize: TF's CPU kernel reads the input through float32 (2**31 - 64 and above
# become INT_MIN), takes off the input zero point (int32, wrapping), multiplies by the
# ratio of the scales as a 31-bit fixed-point multiplier and shift (rounding half up,
# saturating to int32), adds the output zero point (wrapping) and clamps to the output
# bounds

def _fixed_point(multiplier: np.ndarray, op: str) -> tuple:
    """Each positive ratio as (q, shift): q a 31-bit mantissa, ratio ~ q * 2**(shift - 31).
    A ratio not positive and finite (a zero or infinite scale, NaN) is refused, as TF's
    QuantizeMultiplier refuses it (its words, the first such ratio shortest)."""
    flat = np.asarray(multiplier, np.float64).reshape(-1)
    bad = ~((flat > 0) & np.isfinite(flat))
    if bad.any():
        text = repr(float(flat[int(np.argmax(bad))]))
        text = text[:-2] if text.endswith(".0") else text
        raise C.fail(op, f"double_multiplier must be a poisitive finite number. Given {text}")
    mantissa, shift = np.frexp(multiplier.astype(np.float64))
    q = np.floor(mantissa * 2.0**31 + 0.5).astype(np.int64)
    carry = q == 2**31
    q, shift = np.where(carry, q // 2, q), np.where(carry, shift + 1, shift)
    tiny, huge = shift < -31, shift > 30
    q = np.where(tiny, 0, np.where(huge, 2**31 - 1, q))
    shift = np.where(tiny, 0, np.where(huge, 30, shift))
    return q, shift.astype(np.int64)


def _wrap32(v: np.ndarray) -> np.ndarray:
    return v.astype(np.int64).astype(np.uint64).astype(np.uint32).view(np.int32)


def _requantize(x: np.ndarray, in_scales: np.ndarray, in_zero: np.ndarray,
                out_scales: np.ndarray, out_zero: np.ndarray, axis: int, lo: int, hi: int,
                storage: Any) -> np.ndarray:
    values = x.view(x.dtype[0]) if x.dtype.names else x
    through_float = _to_int32(values.astype(_F32))
    ratio = np.asarray(in_scales, _F32).astype(np.float64) / \
        np.asarray(out_scales, _F32).astype(np.float64)
    q, shift = _fixed_point(np.asarray(ratio), "UniformRequantize")
    q, shift = (_per_value(v, x.ndim, axis) for v in (q, shift))
    d = _wrap32(through_float.astype(np.int64) -
                _per_value(np.asarray(in_zero, np.int64), x.ndim, axis))
    total = 31 - shift
    with np.errstate(over="ignore"):
        scaled = (d.astype(np.int64) * q + (np.int64(1) << (total - 1))) >> total
    scaled = np.clip(scaled, -2**31, 2**31 - 1)  # (the product saturates; the sum wraps)
    out = _wrap32(scaled + _per_value(np.asarray(out_zero, np.int64), x.ndim, axis))
    return np.maximum(np.minimum(out.astype(np.int64), hi), lo).astype(storage)


def _requantize_infer(x: Any, in_scales: Any, in_zero: Any, out_scales: Any, out_zero: Any, *,
                      Tout: dt.DType, input_quantization_axis: int,  # noqa: N803
                      input_quantization_min_val: int, input_quantization_max_val: int,
                      output_quantization_axis: int, output_quantization_min_val: int,
                      output_quantization_max_val: int) -> list:
    op = "UniformRequantize"
    if x._dtype not in (dt.qint8, dt.qint32):
        raise _type_refused(op, "Tin", x._dtype, "qint8, qint32")
    C.dtype_attr(op, Tout, "Tout")
    if Tout not in (dt.qint8, dt.qint32):
        raise _type_refused(op, "Tout", Tout, "qint8, qint32")
    for what, axis in (("input", input_quantization_axis),
                       ("output", output_quantization_axis)):
        AV.int_attr(op, axis, f"{what}_quantization_axis")
        if axis < -1:
            raise C.fail(op, f"{what}_quantization_axis must be >= -1, given: {axis}")
    if -1 not in (input_quantization_axis, output_quantization_axis) and \
            input_quantization_axis != output_quantization_axis:
        raise C.fail(op, "If input and output is both per-axis quantized, the quantization "
                         "axis must be same.")
    _check_params(op, x, in_scales, in_zero, input_quantization_axis,
                  input_quantization_min_val, input_quantization_max_val)
    _check_params(op, x, out_scales, out_zero, output_quantization_axis,
                  output_quantization_min_val, output_quantization_max_val, first=3)
    if Tout is not dt.qint8:  # (TF 2.21 has kernels to qint8 only)
        raise NotFoundError(None, None, f"Could not find device for node: {{{{node {op}}}}} = "
                                        f"{op}[Tin={C.dt_enum(x._dtype)}, "
                                        f"Tout={C.dt_enum(Tout)}] [Op:{op}]")
    return [(x._shape, Tout)]


def _requantize_kernel(xp: Any, x: np.ndarray, in_scales: np.ndarray, in_zero: np.ndarray,
                       out_scales: np.ndarray, out_zero: np.ndarray, *, Tout: dt.DType,  # noqa: N803
                       input_quantization_axis: int, input_quantization_min_val: int,
                       input_quantization_max_val: int, output_quantization_axis: int,
                       output_quantization_min_val: int,
                       output_quantization_max_val: int) -> np.ndarray:
    op = "UniformRequantize"
    _check_shapes(op, x.shape, np.shape(in_scales), np.shape(in_zero),
                  input_quantization_axis)
    _check_shapes(op, x.shape, np.shape(out_scales), np.shape(out_zero),
                  output_quantization_axis)
    if not ((np.asarray(in_scales, _F32) > 0).all() and
            (np.asarray(out_scales, _F32) > 0).all()):
        raise C.fail(op, "input/output scales elements must be all positive.")
    axis = max(input_quantization_axis, output_quantization_axis)
    return _requantize(x, in_scales, in_zero, out_scales, out_zero, axis,
                       output_quantization_min_val, output_quantization_max_val,
                       Tout.storage_type)


def _requantize_reference(x: np.ndarray, in_scales: Any, in_zero: Any, out_scales: Any,
                          out_zero: Any, **attrs: Any) -> np.ndarray:
    """Value by value in Python integers, the fixed-point product exact."""
    values = x.view(x.dtype[0]) if x.dtype.names else x
    axis = max(attrs["input_quantization_axis"], attrs["output_quantization_axis"])
    out = np.empty(x.shape, np.int8)

    def at(a: Any, index: tuple) -> Any:
        a = np.asarray(a)
        return a[()] if a.ndim == 0 else a[index[axis]]

    for index in np.ndindex(x.shape):
        f = float(_F32(values[index]))
        v = int(f) if f < 2**31 else -2**31
        d = (v - int(at(in_zero, index)) + 2**31) % 2**32 - 2**31
        ratio = float(_F32(at(in_scales, index))) / float(_F32(at(out_scales, index)))
        m, e = math.frexp(ratio)
        q = math.floor(m * 2**31 + 0.5)
        if q == 2**31:
            q, e = q // 2, e + 1
        q, e = (0, 0) if e < -31 else (2**31 - 1, 30) if e > 30 else (q, e)
        scaled = (d * q + 2**(30 - e)) >> (31 - e)
        scaled = max(min(scaled, 2**31 - 1), -2**31)
        r = (scaled + int(at(out_zero, index)) + 2**31) % 2**32 - 2**31
        out[index] = max(min(r, attrs["output_quantization_max_val"]),
                         attrs["output_quantization_min_val"])
    return out.view(dt.qint8.as_numpy_dtype)


def _requantize_attrs(tin: dt.DType = dt.qint8, in_axis: int = -1,
                      out_axis: int = -1) -> dict:
    wide = tin is dt.qint32
    return {"Tout": dt.qint8, "input_quantization_axis": in_axis,
            "input_quantization_min_val": -2**31 if wide else -128,
            "input_quantization_max_val": 2**31 - 1 if wide else 127,
            "output_quantization_axis": out_axis, "output_quantization_min_val": -128,
            "output_quantization_max_val": 127}


UNIFORM_REQUANTIZE = register(OpDef(
    "UniformRequantize", _requantize_infer, _requantize_kernel, grad=C.no_gradient,
    reference=_requantize_reference,
    samples=lambda: [
        Sample((_quantized(np.arange(-128, 128, 9), dt.qint8), _F32(0.5), np.int32(1),
                _F32(0.3), np.int32(-2)), _requantize_attrs(), grad=False),
        Sample((_quantized([2**31 - 1, 2**31 - 100, 16777217, -2**31, 1000, -7], dt.qint32),
                _F32(1), np.int32(0), _F32(3), np.int32(0)), _requantize_attrs(dt.qint32),
               grad=False),
        Sample((_quantized([[1, 2, 3], [4, 5, 6]], dt.qint8), _F32(0.5), np.int32(0),
                np.array([0.5, 1, 2], _F32), np.array([0, 1, 2], np.int32)),
               _requantize_attrs(out_axis=1), grad=False)],
    bad_samples=lambda: [
        BadSample((_quantized([[1, 2, 3]], dt.qint8), np.array([1, 1], _F32),
                   np.zeros(2, np.int32), np.ones(3, _F32), np.zeros(3, np.int32)),
                  _requantize_attrs(in_axis=0, out_axis=1), InvalidArgumentError,
                  "If input and output is both per-axis quantized, the quantization axis "
                  "must be same."),
        BadSample((_quantized([1, 2], dt.qint8), _F32(1), np.int32(0), _F32(-1),
                   np.int32(0)), _requantize_attrs(), InvalidArgumentError,
                  "input/output scales elements must be all positive."),
        BadSample((_quantized([1, 2], dt.qint8), _F32(1), np.int32(0), _F32(1),
                   np.int32(0)), _requantize_attrs(in_axis=-2), InvalidArgumentError,
                  "input_quantization_axis must be >= -1, given: -2")],
    gpu=False))


# ---------------------------------------------------------------------------------------
# UniformQuantizedAdd: each operand requantized to the output's scale as UniformRequantize
# does, less the output zero point (read through float32, its zero point taken off in
# int32, the fixed-point product saturating, the result read through float32 again), the
# two added with the output zero point (int32, wrapping) and clamped; operands broadcast

_ADD_SIDES = ("lhs", "rhs", "output")


def _add_infer(lhs: Any, rhs: Any, *params: Any, **attrs: Any) -> list:
    op = "UniformQuantizedAdd"
    check_arity(op, (lhs, rhs) + params)
    if lhs._dtype is not dt.qint32:
        raise _type_refused(op, "T", lhs._dtype, "qint32")
    if rhs._dtype is not lhs._dtype:
        raise C.wrong_input_dtype(op, 1, lhs._dtype, rhs._dtype)
    out = C.broadcast_static(lhs._shape, rhs._shape,
                             lambda x, y: _broadcast_error(lhs._shape, rhs._shape))
    for k, side in enumerate(_ADD_SIDES):
        shape = {"lhs": lhs._shape, "rhs": rhs._shape, "output": out}[side]
        held = SimpleNamespace(_shape=shape)
        _check_params(op, held, params[2 * k], params[2 * k + 1],
                      attrs[f"{side}_quantization_axis"], attrs[f"{side}_quantization_min_val"],
                      attrs[f"{side}_quantization_max_val"], first=2 + 2 * k)
    return [(out, dt.qint32)]


def _broadcast_error(a: tuple, b: tuple) -> InvalidArgumentError:
    return C.fail("UniformQuantizedAdd", f"Cannot Add tensors of shapes: {C.shape_str(a)}"
                                         f"{C.shape_str(b)}")


def _add_kernel(xp: Any, lhs: np.ndarray, rhs: np.ndarray, *params: Any, **attrs: Any) -> Any:
    op = "UniformQuantizedAdd"
    lhs = lhs.view(lhs.dtype[0]) if lhs.dtype.names else lhs
    rhs = rhs.view(rhs.dtype[0]) if rhs.dtype.names else rhs
    try:
        shape = np.broadcast_shapes(lhs.shape, rhs.shape)
    except ValueError:
        raise _broadcast_error(lhs.shape, rhs.shape) from None
    for k, (side, x) in enumerate(zip(_ADD_SIDES, (lhs, rhs, np.empty(shape, np.int8)))):
        _check_shapes(op, x.shape, np.shape(params[2 * k]), np.shape(params[2 * k + 1]),
                      attrs[f"{side}_quantization_axis"])
    if not all((np.asarray(params[i], _F32) > 0).all() for i in (0, 2, 4)):
        raise C.fail(op, "lhs/rhs/output scales elements must be all positive.")
    ndim = len(shape)

    def along(side: str, i: int, x_ndim: int) -> np.ndarray:
        axis = attrs[f"{side}_quantization_axis"]
        v = np.asarray(params[i])
        return v if axis == -1 else _along(v.reshape(-1), x_ndim, axis)

    out_scale = along("output", 4, ndim).astype(_F32).astype(np.float64)
    total = np.int64(0)
    for side, x, i in (("lhs", lhs, 0), ("rhs", rhs, 2)):
        ratio = along(side, i, x.ndim).astype(_F32).astype(np.float64) / out_scale
        q, shift = _fixed_point(np.asarray(ratio), op)
        d = _wrap32(_to_int32(x.astype(_F32)).astype(np.int64) -
                    along(side, i + 1, x.ndim)).astype(np.int64)
        with np.errstate(over="ignore"):
            scaled = (d * q + (np.int64(1) << (30 - shift))) >> (31 - shift)
        scaled = np.clip(scaled, -2**31, 2**31 - 1).astype(_F32)  # (TF's goes through float32)
        total = total + _to_int32(scaled).astype(np.int64)
    out = _wrap32(total + along("output", 5, ndim).astype(np.int64))
    return np.maximum(np.minimum(out.astype(np.int64), attrs["output_quantization_max_val"]),
                      attrs["output_quantization_min_val"]).astype(np.int32)


def _add_reference(lhs: np.ndarray, rhs: np.ndarray, ls: Any, lz: Any, rs: Any, rz: Any,
                   os_: Any, oz: Any, **attrs: Any) -> np.ndarray:
    """Per-tensor parameters only (the samples'): value by value in Python integers."""
    lhs = lhs.view(lhs.dtype[0]) if lhs.dtype.names else lhs
    rhs = rhs.view(rhs.dtype[0]) if rhs.dtype.names else rhs
    a, b = np.broadcast_arrays(lhs, rhs)

    def requantize(x: int, scale: Any, zero: Any) -> int:
        m, e = math.frexp(float(_F32(scale)) / float(_F32(os_)))
        q = math.floor(m * 2**31 + 0.5)
        if q == 2**31:
            q, e = q // 2, e + 1
        q, e = (0, 0) if e < -31 else (2**31 - 1, 30) if e > 30 else (q, e)
        f = float(_F32(x))
        d = ((int(f) if f < 2**31 else -2**31) - int(zero) + 2**31) % 2**32 - 2**31
        v = max(min((d * q + 2**(30 - e)) >> (31 - e), 2**31 - 1), -2**31)
        f = float(_F32(v))
        return int(f) if f < 2**31 else -2**31

    out = np.empty(a.shape, np.int32)
    for index in np.ndindex(a.shape):
        r = requantize(int(a[index]), ls, lz) + requantize(int(b[index]), rs, rz) + int(oz)
        r = (r + 2**31) % 2**32 - 2**31
        out[index] = max(min(r, attrs["output_quantization_max_val"]),
                         attrs["output_quantization_min_val"])
    return out.view(dt.qint32.as_numpy_dtype)


def _add_attrs(**kw: Any) -> dict:
    out = {}
    for side in _ADD_SIDES:
        out.update({f"{side}_quantization_axis": -1, f"{side}_quantization_min_val": -2**31,
                    f"{side}_quantization_max_val": 2**31 - 1})
    return {**out, **kw}


def _add_params(ls: float, lz: int, rs: float, rz: int, os_: float, oz: int) -> tuple:
    return (_F32(ls), np.int32(lz), _F32(rs), np.int32(rz), _F32(os_), np.int32(oz))


UNIFORM_QUANTIZED_ADD = register(OpDef(
    "UniformQuantizedAdd", _add_infer, _add_kernel, grad=C.no_gradient,
    reference=_add_reference,
    samples=lambda: [
        Sample((_quantized(np.arange(-40, 40, 7), dt.qint32),
                _quantized(np.arange(30, -50, -7), dt.qint32),
                *_add_params(0.5, 0, 0.25, 1, 0.3, 0)), _add_attrs(), grad=False),
        Sample((_quantized([[1, 2, 3], [4, 5, 6]], dt.qint32), _quantized([10, 20, 30], dt.qint32),
                *_add_params(2.0, 1, 3.0, 2, 0.5, -7)),
               _add_attrs(output_quantization_min_val=-50, output_quantization_max_val=50),
               grad=False),
        Sample((_quantized([2**31 - 1, -2**31], dt.qint32),
                _quantized([2**31 - 1, -2**31], dt.qint32), *_add_params(1, 5, 1, 0, 1, 0)),
               _add_attrs(), grad=False)],
    bad_samples=lambda: [
        BadSample((_quantized([1, 2], dt.qint32), _quantized([1, 2, 3], dt.qint32),
                   *_add_params(1, 0, 1, 0, 1, 0)), _add_attrs(), InvalidArgumentError,
                  "Cannot Add tensors of shapes: [2][3]"),
        BadSample((_quantized([1], dt.qint32), _quantized([1], dt.qint32),
                   *_add_params(-1, 0, 1, 0, 1, 0)), _add_attrs(), InvalidArgumentError,
                  "lhs/rhs/output scales elements must be all positive.")],
    gpu=False))
