"""TF's uniform quantized matrix products: UniformQuantizedDot (qint8 x qint8 -> qint32:
the products of the values less their zero points summed in int32, then requantized to the
output's scale and zero point in TF's fixed point, per tensor or per output channel) and
UniformQuantizedDotHybrid (float32 x qint8 -> float32: each row of the float operand
quantized to qint8 over its own range, as TFLite's hybrid kernels, then the int32 sums
scaled back in float32). uniform_quant.py holds the fixed-point multiplier and the shape
checks they share with UniformRequantize.

Ops layer, after uniform_quant.py, loaded on first use. Host-only, without gradients.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.quantized_ops import check_kernel, check_types
from eagerflow._src.ops.registry import OpDef, Sample, register
from eagerflow._src.ops.uniform_quant import _check_shapes, _fixed_point, _quantized, _wrap32

_F32 = np.float32
_QI8, _QI32 = dt.qint8, dt.qint32


def _plain(a: np.ndarray) -> np.ndarray:
    a = np.asarray(a)
    return a.view(a.dtype[0]) if a.dtype.names else a


def _int_attrs(op: str, attrs: dict) -> None:
    """TF's range checks of the op's quantization axes and ranges, before the kernel's
    (a range's bound past int32 is refused, not compared with the values)."""
    for key, v in attrs.items():
        if "_quantization_" in key:
            AV.int_attr(op, v, key)


def _check_axes(op: str, attrs: dict, sides: tuple) -> None:
    _int_attrs(op, attrs)
    for side in sides:
        axis = attrs[f"{side}_quantization_axis"]
        if side == "lhs" and axis != -1:
            raise C.fail(op, "lhs_quantization_axis Attr must be -1 (per-tensor).")
        if side != "lhs" and axis not in (1, -1):
            raise C.fail(op, f"{side}_quantization_axis Attr must be 1 (per-channel) or -1 "
                             "(per-tensor).")


def _dot_shapes(op: str, lhs: tuple, rhs: tuple) -> None:
    if len(lhs) != 2:
        raise C.fail(op, f"lhs rank must be 2, but given lhs shape {C.shape_str(lhs)}")
    if len(rhs) != 2:
        raise C.fail(op, f"rhs rank must be 2, but given rhs shape {C.shape_str(rhs)}")
    if lhs[1] != rhs[0]:
        raise C.fail(op, f"lhs.dim_size(1) and rhs.dim_size(0) must be equal, but given lhs "
                         f"shape {C.shape_str(lhs)} and rhs shape {C.shape_str(rhs)}")


def _int_sums(lhs: np.ndarray, lhs_zero: Any, rhs: np.ndarray, rhs_zero: Any) -> np.ndarray:
    """Sum over k of (lhs - zero) * (rhs - zero), per row's and column's zero points, in
    int32 as TF's loop (each product and the running sum wrapping)."""
    a = lhs.astype(np.int64) - np.asarray(lhs_zero, np.int64).reshape(-1, 1)
    b = rhs.astype(np.int64) - np.asarray(rhs_zero, np.int64).reshape(1, -1)
    return _wrap32(a @ b).astype(np.int64)  # (a sum of wrapped terms wraps alike)


# ---------------------------------------------------------------------------------------
# UniformQuantizedDot.
# ---------------------------------------------------------------------------------------

_DOT_SIDES = ("lhs", "rhs", "output")


def _dot_infer(lhs: Any, rhs: Any, *params: Any, Tout: dt.DType,  # noqa: N803
               **attrs: Any) -> list:
    op = "UniformQuantizedDot"
    C.dtype_attr(op, Tout, "Tout")
    check_types(op, (lhs, rhs) + params)
    check_kernel(op, {"Tin": lhs._dtype, "Tout": Tout},
                 ((("Tin", _QI8), ("Tout", _QI32)),))
    _check_axes(op, attrs, _DOT_SIDES)
    rows = None if lhs._shape is None or len(lhs._shape) != 2 else lhs._shape[0]
    cols = None if rhs._shape is None or len(rhs._shape) != 2 else rhs._shape[1]
    return [((rows, cols), Tout)]


def _dot_kernel(xp: Any, lhs: np.ndarray, rhs: np.ndarray, ls: Any, lz: Any, rs: Any, rz: Any,
                os_: Any, oz: Any, *, Tout: dt.DType, **attrs: Any) -> np.ndarray:  # noqa: N803
    op = "UniformQuantizedDot"
    lhs, rhs = _plain(lhs), _plain(rhs)
    for what, s in (("lhs", ls), ("rhs", rs), ("output", os_)):
        if not (np.asarray(s, _F32) > 0).all():
            raise C.fail(op, f"{what} scales elements must be all positive.")
    _dot_shapes(op, lhs.shape, rhs.shape)
    if not (np.shape(ls) == np.shape(lz) and np.ndim(ls) == 0):
        raise C.fail(op, f"lhs scales/zero_points must be all scalar tensors. Given: "
                         f"{C.shape_str(np.shape(ls))}{C.shape_str(np.shape(lz))}")
    _check_shapes(op, rhs.shape, np.shape(rs), np.shape(rz), -1 if np.ndim(rs) == 0 else 1)
    out_shape = (lhs.shape[0], rhs.shape[1])
    _check_shapes(op, out_shape, np.shape(os_), np.shape(oz), -1 if np.ndim(os_) == 0 else 1)
    if np.ndim(rs) == 0 and np.ndim(os_) != 0:
        raise C.fail(op, f"If rhs is per-tensor quantized, output must be also per-tensor "
                         f"quantized. Given rhs scales and zero_points of shape "
                         f"{C.shape_str(np.shape(rs))} but given output scales and "
                         f"zero_points of shape {C.shape_str(np.shape(os_))}")
    acc = _int_sums(lhs, lz, rhs, np.broadcast_to(np.asarray(rz), (rhs.shape[1],)))
    ratio = float(_F32(ls)) * np.asarray(rs, _F32).astype(np.float64) / \
        np.asarray(os_, _F32).astype(np.float64)
    q, shift = (np.broadcast_to(v, (rhs.shape[1],)) for v in _fixed_point(np.asarray(ratio),
                                                                   "UniformQuantizedDot"))
    total = 31 - shift
    with np.errstate(over="ignore"):
        scaled = (acc * q + (np.int64(1) << (total - 1))) >> total
    scaled = np.clip(scaled, -2**31, 2**31 - 1)
    zero = np.asarray(oz, np.int64).reshape(-1)[0] if np.ndim(rs) == 0 or np.ndim(os_) == 0 \
        else np.asarray(oz, np.int64)
    out = _wrap32(scaled + zero).astype(np.int64)
    out = np.maximum(np.minimum(out, attrs["output_quantization_max_val"]),
                     attrs["output_quantization_min_val"])
    return out.astype(np.int32)


def _requant_one(acc: int, ratio: float) -> int:
    m, e = math.frexp(ratio)
    q = math.floor(m * 2**31 + 0.5)
    if q == 2**31:
        q, e = q // 2, e + 1
    q, e = (0, 0) if e < -31 else (2**31 - 1, 30) if e > 30 else (q, e)
    return max(min((acc * q + 2**(30 - e)) >> (31 - e), 2**31 - 1), -2**31)


def _dot_reference(lhs: np.ndarray, rhs: np.ndarray, ls: Any, lz: Any, rs: Any, rz: Any,
                   os_: Any, oz: Any, **attrs: Any) -> np.ndarray:
    """Element by element in Python integers."""
    lhs, rhs = _plain(lhs), _plain(rhs)
    rs_, rz_ = np.broadcast_to(rs, (rhs.shape[1],)), np.broadcast_to(rz, (rhs.shape[1],))
    os_b, oz_b = np.broadcast_to(os_, (rhs.shape[1],)), np.broadcast_to(oz, (rhs.shape[1],))
    out = np.zeros((lhs.shape[0], rhs.shape[1]), np.int32)
    for i in range(lhs.shape[0]):
        for j in range(rhs.shape[1]):
            acc = sum((int(lhs[i, k]) - int(lz)) * (int(rhs[k, j]) - int(rz_[j]))
                      for k in range(lhs.shape[1]))
            ratio = float(_F32(ls)) * float(_F32(rs_[j])) / float(_F32(os_b[j]))
            v = _requant_one(acc, ratio) + int(oz_b[j])
            out[i, j] = max(min(v, attrs["output_quantization_max_val"]),
                            attrs["output_quantization_min_val"])
    return out


def _dot_attrs(rhs_axis: int = -1, out_axis: int = -1) -> dict:
    return {"Tout": _QI32, "lhs_quantization_axis": -1, "lhs_quantization_min_val": -128,
            "lhs_quantization_max_val": 127, "rhs_quantization_axis": rhs_axis,
            "rhs_quantization_min_val": -128, "rhs_quantization_max_val": 127,
            "output_quantization_axis": out_axis,
            "output_quantization_min_val": -2**31, "output_quantization_max_val": 2**31 - 1}


def _dot_samples() -> list:
    lhs = _quantized([[1, -7, 127, 0], [-128, 30, 5, -2]], _QI8)
    rhs = _quantized([[3, -4, 100], [127, 0, -128], [9, 9, -9], [-1, 50, 2]], _QI8)
    return [Sample((lhs, rhs, _F32(0.5), np.int32(2), _F32(0.25), np.int32(-1), _F32(0.3),
                    np.int32(4)), _dot_attrs(), grad=False),
            Sample((lhs, rhs, _F32(0.5), np.int32(2), np.array([0.25, 2, 0.01], _F32),
                    np.array([0, 1, -3], np.int32), np.array([0.3, 1, 7], _F32),
                    np.array([4, 0, -9], np.int32)), _dot_attrs(1, 1), grad=False)]


UNIFORM_QUANTIZED_DOT = register(OpDef(
    "UniformQuantizedDot", _dot_infer, _dot_kernel, grad=C.no_gradient, gpu=False,
    reference=_dot_reference, samples=_dot_samples,
))


# ---------------------------------------------------------------------------------------
# UniformQuantizedDotHybrid.
# ---------------------------------------------------------------------------------------

def _hybrid_infer(lhs: Any, rhs: Any, rs: Any, rz: Any, *, Tout: dt.DType,  # noqa: N803
                  **attrs: Any) -> list:
    op = "UniformQuantizedDotHybrid"
    C.dtype_attr(op, Tout, "Tout")
    check_types(op, (lhs, rhs, rs, rz))
    check_kernel(op, {"Tlhs": lhs._dtype, "Trhs": rhs._dtype, "Tout": Tout},
                 ((("Tlhs", dt.float32), ("Trhs", _QI8), ("Tout", dt.float32)),))
    _check_axes(op, attrs, ("rhs",))
    rows = None if lhs._shape is None or len(lhs._shape) != 2 else lhs._shape[0]
    cols = None if rhs._shape is None or len(rhs._shape) != 2 else rhs._shape[1]
    return [((rows, cols), Tout)]


def _quantize_rows(x: np.ndarray) -> tuple:
    """Each row to qint8 over its own range (TF's AsymmetricQuantize): (values, scales,
    zero points)."""
    q = np.zeros(x.shape, np.int64)
    scales, zeros = np.ones(x.shape[0], _F32), np.zeros(x.shape[0], np.int64)
    for b in range(x.shape[0]):
        row = x[b]
        rmin = float(min(_F32(0.0), row.min())) if row.size else 0.0
        rmax = float(max(_F32(0.0), row.max())) if row.size else 0.0
        # TF keeps the scale in a float32 (AsymmetricQuantize's `scale` is a float&) and
        # divides the range by that rounded scale, in double, for the zero point
        scale = float(_F32((rmax - rmin) / 255.0))
        inv = _F32(255.0 / (rmax - rmin)) if rmax - rmin != 0 else _F32(0.0)
        if scale == 0 or not np.isfinite(inv):
            continue
        from_min, from_max = -128.0 - rmin / scale, 127.0 - rmax / scale
        err_min = 128.0 + abs(rmin / scale)
        err_max = 127.0 + abs(rmax / scale)
        z = from_min if err_min < err_max else from_max
        # (a NaN zero point, from infinite data, casts to 0 on x86)
        zero = -128 if z <= -128.0 else 127 if z >= 127.0 else 0 if math.isnan(z) else \
            int(math.copysign(math.floor(abs(z) + 0.5), z))
        with np.errstate(all="ignore"):
            v = np.floor((row * inv).astype(_F32) + _F32(0.5)).astype(_F32)
        v = np.where(np.isfinite(v) & (np.abs(v) < 2.0**31), v, -2.0**31).astype(np.int64)
        q[b] = np.clip(_wrap32(v + zero), -128, 127)
        scales[b], zeros[b] = _F32(scale), zero
    return q, scales, zeros


def _hybrid_kernel(xp: Any, lhs: np.ndarray, rhs: np.ndarray, rs: Any, rz: Any, *,
                   Tout: dt.DType, **attrs: Any) -> np.ndarray:  # noqa: N803
    op = "UniformQuantizedDotHybrid"
    lhs, rhs = np.asarray(lhs, _F32), _plain(rhs)
    _dot_shapes(op, lhs.shape, rhs.shape)
    _check_shapes(op, rhs.shape, np.shape(rs), np.shape(rz), -1 if np.ndim(rs) == 0 else 1)
    if not (np.asarray(rs, _F32) > 0).all():
        raise C.fail(op, "rhs scales elements must be all positive.")
    q, scales, zeros = _quantize_rows(lhs)
    acc = _int_sums(q, zeros, rhs, np.broadcast_to(np.asarray(rz), (rhs.shape[1],)))
    rs_ = np.broadcast_to(np.asarray(rs, _F32), (rhs.shape[1],))
    return ((acc.astype(_F32) * scales[:, None]).astype(_F32) * rs_).astype(_F32)


def _hybrid_reference(lhs: np.ndarray, rhs: np.ndarray, rs: Any, rz: Any,
                      **attrs: Any) -> np.ndarray:
    """Row by row: each quantized as TFLite's asymmetric quantizer, then the int32 sums."""
    rhs = _plain(rhs)
    out = np.zeros((lhs.shape[0], rhs.shape[1]), _F32)
    rs_, rz_ = np.broadcast_to(rs, (rhs.shape[1],)), np.broadcast_to(rz, (rhs.shape[1],))
    for b in range(lhs.shape[0]):
        q, s, z = _quantize_rows(np.asarray(lhs[b:b + 1], _F32))
        for j in range(rhs.shape[1]):
            acc = sum((int(q[0, k]) - int(z[0])) * (int(rhs[k, j]) - int(rz_[j]))
                      for k in range(rhs.shape[0]))
            out[b, j] = _F32(_F32(_F32(acc) * s[0]) * _F32(rs_[j]))
    return out


def _hybrid_attrs(axis: int = -1) -> dict:
    return {"Tout": dt.float32, "rhs_quantization_axis": axis,
            "rhs_quantization_min_val": -128, "rhs_quantization_max_val": 127}


def _hybrid_samples() -> list:
    lhs = np.array([[0.3, -1.7, 2.5, 0.0], [4.0, 1.0, 0.5, 0.25], [-3.0, -1.0, -2.0, -0.5]],
                   _F32)
    rhs = _quantized([[3, -4, 100], [127, 0, -128], [9, 9, -9], [-1, 50, 2]], _QI8)
    return [Sample((lhs, rhs, _F32(0.25), np.int32(-1)), _hybrid_attrs(), grad=False),
            Sample((lhs, rhs, np.array([0.25, 2, 0.01], _F32), np.array([0, 1, -3], np.int32)),
                   _hybrid_attrs(1), grad=False)]


UNIFORM_QUANTIZED_DOT_HYBRID = register(OpDef(
    "UniformQuantizedDotHybrid", _hybrid_infer, _hybrid_kernel, grad=C.no_gradient,
    gpu=False, reference=_hybrid_reference, samples=_hybrid_samples,
))
