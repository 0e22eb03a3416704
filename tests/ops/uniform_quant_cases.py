"""UniformQuantize, UniformDequantize, UniformRequantize, UniformQuantizedAdd and
UniformQuantizedClipByValue calls as TF 2.21 answers them (tf.raw_ops): rounding at halves
(TF rounds half up), values past int32 and NaN (INT_MIN), zero points that wrap, bounds out
of order or past the storage type, per-axis scales, fixed-point products (saturating) and
the float32 reading of qint32 values, broadcasting, and the errors of each. Recorded by
record_uniform_quant_golden.py (uniform_quant_golden.json) and checked by
test_uniform_quant.py; imports neither TF nor eagerflow. Quantized results are recorded
as their storage integers.
"""

from __future__ import annotations

from typing import Any

import numpy as np

_F32 = np.float32
_X = np.array([[0.25, 0.75, -0.25, -0.75, 1.25, 0.35, 0.45, 0.15, -0.5, -2.5, 0.49999997,
                -0.49999997]], _F32)
_BIG = np.array([1e10, -3e9, np.nan, -np.inf, np.inf, 8388609.0], _F32)
_GRID = (np.arange(24, dtype=_F32).reshape(2, 3, 4) - 11) / 3

QUANTIZE = {  # name: (input, scales, zero_points, Tout, axis, min, max)
    "halves": (_X, _F32(0.5), 0, "qint8", -1, -128, 127),
    "tenths": (_X, _F32(0.1), 2, "qint8", -1, -128, 127),
    "past int32": (_BIG, _F32(1), 0, "qint32", -1, -2**31, 2**31 - 1),
    "zero point wraps": (np.array([1e3, 10.0], _F32), _F32(1e-6), 2**31 - 1, "qint32", -1,
                         -2**31, 2**31 - 1),
    "scale 0": (_X, _F32(0), 0, "qint8", -1, -128, 127),
    "negative scale": (_X, _F32(-0.25), 1, "qint8", -1, -128, 127),
    "min above max": (_X * 40, _F32(1), 0, "qint8", -1, 10, 5),
    "min past int8": (_X * 1000, _F32(1), 0, "qint8", -1, -200, 300),
    "quint8": (_X * 100, _F32(0.5), 128, "quint8", -1, 0, 255),
    "axis 0": (_GRID, np.array([0.5, 0.25], _F32), np.array([1, -1], np.int32), "qint8", 0,
               -128, 127),
    "axis 2": (_GRID, np.array([0.1, 0.2, 0.3, 0.4], _F32), np.array([0, 1, 2, 3], np.int32),
               "qint32", 2, -20, 20),
    "empty": (np.zeros((0, 3), _F32), np.ones(3, _F32), np.zeros(3, np.int32), "qint8", 1,
              -128, 127),
    "error vectors without axis": (_GRID, np.ones(2, _F32), np.zeros(2, np.int32), "qint8",
                                   -1, -128, 127),
    "error shapes differ": (_GRID, np.ones(3, _F32), np.zeros(2, np.int32), "qint8", 1,
                            -128, 127),
    "error axis -2": (_GRID, _F32(1), 0, "qint8", -2, -128, 127),
    "error axis past rank": (_GRID, _F32(1), 0, "qint8", 3, -128, 127),
    "error axis size": (_GRID, np.ones(2, _F32), np.zeros(2, np.int32), "qint8", 1, -128, 127),
    "error scales rank 2": (_GRID, np.ones((3, 1), _F32), np.zeros((3, 1), np.int32), "qint8",
                            1, -128, 127),
    "error scalar input with axis": (_F32(1), np.ones(1, _F32), np.zeros(1, np.int32), "qint8",
                                     0, -128, 127),
}

DEQUANTIZE = {  # name: (storage values, Tin, scales, zero_points, axis, min, max)
    "qint8": ([-128, -1, 0, 5, 127], "qint8", _F32(0.1), 3, -1, -128, 127),
    "zero point past int8": ([-128, -1, 0, 5, 127], "qint8", _F32(0.1), 300, -1, -128, 127),
    "quint8": ([0, 255, 128], "quint8", _F32(0.5), 128, -1, 0, 255),
    "qint32 wraps": ([7, -2**31], "qint32", _F32(0.5), 1, -1, -2**31, 2**31 - 1),
    "axis 1": ([[0, 1, 2], [3, 4, 5]], "qint8", np.array([0.1, 0.2, 0.3], _F32),
               np.array([1, 2, 3], np.int32), 1, -128, 127),
    "min above max": ([1, 2], "qint8", _F32(1), 0, -1, 5, 1),
    "error scale 0": ([1, 2], "qint8", _F32(0), 0, -1, -128, 127),
    "error scale NaN": ([1, 2], "qint8", _F32(np.nan), 0, -1, -128, 127),
    "error negative scale on axis": ([[0, 1, 2], [3, 4, 5]], "qint8",
                                     np.array([1, -1, 1], _F32), np.zeros(3, np.int32), 1,
                                     -128, 127),
    "error axis -2": ([1, 2], "qint8", _F32(1), 0, -2, -128, 127),
    "error axis past rank": ([1, 2], "qint8", np.ones(2, _F32), np.zeros(2, np.int32), 1,
                             -128, 127),
    "error shapes differ": ([1, 2], "qint8", np.ones(2, _F32), np.zeros(3, np.int32), 0,
                            -128, 127),
    "error vectors without axis": ([1, 2], "qint8", np.ones(2, _F32), np.zeros(2, np.int32),
                                   -1, -128, 127),
}

CLIP = {  # name: (operand, min, max, scales, zero_points, axis, min_val, max_val)
    "scalars": ([-100, -3, 0, 5, 127], -5, 6, _F32(0.5), 1, -1, -2**31, 2**31 - 1),
    "bounds out of order": ([-100, -3, 0, 5, 127], 6, -5, _F32(0.5), 1, -1, -2**31,
                            2**31 - 1),
    "quantization bounds not applied": ([-100, -3, 0, 5, 127], -50, 60, _F32(0), 1, -1, -10,
                                        10),
    "axis 0": (np.arange(12).reshape(2, 3, 2) - 6, [-2, 0], [1, 3], np.ones(2, _F32),
               np.zeros(2, np.int32), 0, -2**31, 2**31 - 1),
    "scalar operand": (7, 0, 1, _F32(1), 0, -1, -2**31, 2**31 - 1),
    "error max shape": ([1, 2], 0, [1, 2], _F32(1), 0, -1, -2**31, 2**31 - 1),
    "error min shape": ([[1, 2]], 0, [1, 1], np.ones(2, _F32), np.zeros(2, np.int32), 1,
                        -2**31, 2**31 - 1),
    "error axis size": ([[1, 2]], [0, 0, 0], [1, 1, 1], np.ones(3, _F32),
                        np.zeros(3, np.int32), 1, -2**31, 2**31 - 1),
    "error axis -2": ([1, 2], 0, 1, _F32(1), 0, -2, -2**31, 2**31 - 1),
}

_WIDE = [2**31 - 1, 2**31 - 2, 2**31 - 100, 16777217, 16777219, 33554435, -2**31,
         -2**31 + 1, 1000, -1701231587, 967845246, -7, 0]
_NARROW = list(range(-128, 128, 5)) + [127]

REQUANTIZE = {  # name: (values, Tin, in scales, in zero points, out scales, out zero points,
    #                   input axis, output axis)
    "qint8": (_NARROW, "qint8", _F32(0.5), 1, _F32(0.3), -2, -1, -1),
    "qint8 ratio 1": (_NARROW, "qint8", _F32(0.37), 10, _F32(0.37), -10, -1, -1),
    "qint8 huge ratio": (_NARROW, "qint8", _F32(1000), 0, _F32(1e-9), 0, -1, -1),
    "qint8 tiny ratio": (_NARROW, "qint8", _F32(1e-3), 0, _F32(1e3), 0, -1, -1),
    "qint32 through float32": (_WIDE, "qint32", _F32(1), 0, _F32(1), -16777200, -1, -1),
    "qint32 saturates then wraps": (_WIDE, "qint32", _F32(0.5), 1, _F32(0.3), -2, -1, -1),
    "qint32 ratio 3": (_WIDE, "qint32", _F32(3), 0, _F32(1), 0, -1, -1),
    "qint32 zero point wraps": (_WIDE, "qint32", _F32(1), 5, _F32(3), 0, -1, -1),
    "per-axis input": ([[1, 2, 3], [4, 5, 6]], "qint8", np.array([0.5, 1, 2], _F32),
                       np.array([0, 1, 2], np.int32), _F32(0.3), 0, 1, -1),
    "per-axis output": ([[1, 2, 3], [4, 5, 6]], "qint8", _F32(0.5), 0,
                        np.array([0.5, 1, 2], _F32), np.array([0, 1, 2], np.int32), -1, 1),
    "error axes differ": ([[1, 2, 3]], "qint8", np.ones(1, _F32), np.zeros(1, np.int32),
                          np.ones(3, _F32), np.zeros(3, np.int32), 0, 1),
    "error output scale negative": ([1, 2], "qint8", _F32(1), 0, _F32(-1), 0, -1, -1),
    "error input axis -2": ([1, 2], "qint8", _F32(1), 0, _F32(1), 0, -2, -1),
    "error output vector without axis": ([1, 2], "qint8", _F32(1), 0, np.ones(2, _F32),
                                         np.zeros(2, np.int32), -1, -1),
}

_LHS = list(range(-1000, 1000, 37)) + [2**31 - 1, -2**31, 16777217]
_RHS = list(range(900, -1100, -37)) + [2**31 - 1, -2**31, 5]

ADD = {  # name: (lhs, rhs, (lhs, rhs, output scales and zero points), attrs)
    "per tensor": (_LHS, _RHS, (0.5, 0, 0.25, 1, 0.3, 0), {}),
    "zero points": (_LHS, _RHS, (0.1, 3, 0.7, -2, 0.2, 5), {}),
    "ratios past 1": (_LHS, _RHS, (2.0, 1, 3.0, 2, 0.5, -7), {}),
    "clamped": (_LHS, _RHS, (1.0, 0, 1.0, 0, 1.0, 0), {"output_quantization_min_val": -50,
                                                        "output_quantization_max_val": 50}),
    "broadcast": ([[1], [2]], [10, 20, 30], (1.0, 0, 1.0, 0, 1.0, 0), {}),
    "per-axis lhs": ([[1, 2, 3], [4, 5, 6]], [[1, 1, 1], [1, 1, 1]],
                     ([1, 2, 3], [0, 0, 0], 1.0, 0, 1.0, 0), {"lhs_quantization_axis": 1}),
    "error shapes": ([1, 2], [1, 2, 3], (1.0, 0, 1.0, 0, 1.0, 0), {}),
    "error negative scale": ([1], [1], (-1.0, 0, 1.0, 0, 1.0, 0), {}),
}

_STORAGE = {"qint8": np.int8, "quint8": np.uint8, "qint32": np.int32}


def calls(tf: Any) -> dict:
    """name -> a call of no arguments, over `tf` (TensorFlow or eagerflow); quantized
    results come back as their storage integers."""
    raw = tf.raw_ops
    out: dict = {}
    for name, (x, s, z, tout, axis, lo, hi) in QUANTIZE.items():
        def quantize(x: Any = x, s: Any = s, z: Any = z, tout: str = tout, axis: int = axis,
                     lo: int = lo, hi: int = hi) -> Any:
            q = raw.UniformQuantize(input=x, scales=s, zero_points=np.int32(z)
                                    if np.ndim(z) == 0 else z, Tout=getattr(tf, tout),
                                    quantization_axis=axis, quantization_min_val=lo,
                                    quantization_max_val=hi)
            return tf.bitcast(q, tf.as_dtype(_STORAGE[tout]))
        out["quantize " + name] = quantize
    for name, (values, tin, s, z, axis, lo, hi) in DEQUANTIZE.items():
        def dequantize(values: Any = values, tin: str = tin, s: Any = s, z: Any = z,
                       axis: int = axis, lo: int = lo, hi: int = hi) -> Any:
            q = tf.bitcast(tf.constant(np.array(values, _STORAGE[tin])), getattr(tf, tin))
            return raw.UniformDequantize(input=q, scales=s, zero_points=np.int32(z)
                                         if np.ndim(z) == 0 else z, Tout=tf.float32,
                                         quantization_axis=axis, quantization_min_val=lo,
                                         quantization_max_val=hi)
        out["dequantize " + name] = dequantize
    for name, (x, lo, hi, s, z, axis, qmin, qmax) in CLIP.items():
        def clip(x: Any = x, lo: Any = lo, hi: Any = hi, s: Any = s, z: Any = z,
                 axis: int = axis, qmin: int = qmin, qmax: int = qmax) -> Any:
            def q32(v: Any) -> Any:
                return tf.bitcast(tf.constant(np.array(v, np.int32)), tf.qint32)
            out = raw.UniformQuantizedClipByValue(
                operand=q32(x), min=q32(lo), max=q32(hi), scales=s,
                zero_points=np.int32(z) if np.ndim(z) == 0 else z, quantization_axis=axis,
                quantization_min_val=qmin, quantization_max_val=qmax)
            return tf.bitcast(out, tf.int32)
        out["clip " + name] = clip
    for name, (x, tin, si, zi, so, zo, ia, oa) in REQUANTIZE.items():
        def requantize(x: Any = x, tin: str = tin, si: Any = si, zi: Any = zi, so: Any = so,
                       zo: Any = zo, ia: int = ia, oa: int = oa) -> Any:
            wide = tin == "qint32"
            q = tf.bitcast(tf.constant(np.array(x, _STORAGE[tin])), getattr(tf, tin))
            out = raw.UniformRequantize(
                input=q, input_scales=si, input_zero_points=np.int32(zi) if np.ndim(zi) == 0
                else zi, output_scales=so, output_zero_points=np.int32(zo)
                if np.ndim(zo) == 0 else zo, Tout=tf.qint8, input_quantization_axis=ia,
                input_quantization_min_val=-2**31 if wide else -128,
                input_quantization_max_val=2**31 - 1 if wide else 127,
                output_quantization_axis=oa, output_quantization_min_val=-128,
                output_quantization_max_val=127)
            return tf.bitcast(out, tf.int8)
        out["requantize " + name] = requantize
    for name, (lhs, rhs, params, attrs) in ADD.items():
        def add(lhs: Any = lhs, rhs: Any = rhs, params: tuple = params,
                attrs: dict = attrs) -> Any:
            def q32(v: Any) -> Any:
                return tf.bitcast(tf.constant(np.array(v, np.int32)), tf.qint32)
            values = [np.array(v, _F32 if k % 2 == 0 else np.int32)
                      for k, v in enumerate(params)]
            kw = {f"{side}_quantization_{b}": v for side in ("lhs", "rhs", "output")
                  for b, v in (("min_val", -2**31), ("max_val", 2**31 - 1))}
            out = raw.UniformQuantizedAdd(
                lhs=q32(lhs), rhs=q32(rhs), lhs_scales=values[0], lhs_zero_points=values[1],
                rhs_scales=values[2], rhs_zero_points=values[3], output_scales=values[4],
                output_zero_points=values[5], **{**kw, **attrs})
            return tf.bitcast(out, tf.int32)
        out["add " + name] = add
    return out
