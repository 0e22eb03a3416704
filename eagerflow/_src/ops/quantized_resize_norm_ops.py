"""TF's quantized kernels, part three: QuantizedResizeBilinear (TF's fixed-point lerps: 7
fraction bits for quint8, 30 for qint32, float32 for float) and
QuantizedBatchNormWithGlobalNormalization (TF's fixed-point batch norm over the range
[-2**20, 2**20]). The range arithmetic and TF's checks are quantized_ops.py's.

Sits in the ops layer after quantized_nn_ops.py; `import eagerflow` loads it on first use.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.quantization import _from_float_q, _q
from eagerflow._src.ops.quantized_ops import (
    check_kernel,
    check_types,
    first,
    plain_ref,
    to_float,
    to_quantized,
)
from eagerflow._src.ops.registry import OpDef, Sample, register

_F32 = np.float32
_QU8, _QI32 = dt.quint8, dt.qint32


def _f(v: float) -> np.ndarray:
    return np.array(v, _F32)


# ---------------------------------------------------------------------------------------
# QuantizedResizeBilinear.
# ---------------------------------------------------------------------------------------

def _scale(n_in: int, n_out: int, align: bool) -> Any:
    """TF's CalculateResizeScale (float32)."""
    if align and n_out > 1:
        return _F32(n_in - 1) / _F32(n_out - 1)
    return _F32(n_in) / _F32(n_out)


def _lerp_cache(n_out: int, n_in: int, scale: Any, bits: int, half: bool) -> tuple:
    """(lower, upper, lerp as float32, lerp in `bits` fraction bits) for each output."""
    i = np.arange(n_out, dtype=_F32)
    src = ((i + _F32(0.5)) * scale - _F32(0.5)).astype(_F32) if half else \
        (i * scale).astype(_F32)
    floor = np.floor(src)
    upper = np.minimum(np.ceil(src).astype(np.int64), n_in - 1)
    lower = np.minimum(np.maximum(floor.astype(np.int64), 0), upper)
    lerp = (src - floor).astype(_F32)
    ilerp = np.trunc((lerp * _F32(1 << bits)).astype(_F32)).astype(np.int64)
    return lower, upper, lerp, ilerp


def _cdiv(a: np.ndarray, b: int) -> np.ndarray:
    """C's integer division: truncated toward zero."""
    q = np.abs(a) // b
    return np.where(a < 0, -q, q)


def _resize_infer(x: Any, size: Any, lo: Any, hi: Any, align_corners: bool,
                  half_pixel_centers: bool) -> list:
    op = "QuantizedResizeBilinear"
    check_types(op, (x, size, lo, hi))
    check_kernel(op, {"T": x._dtype}, ((("T", _QU8),), (("T", _QI32),), (("T", dt.float32),)))
    shape = None if x._shape is None or len(x._shape) != 4 else \
        (x._shape[0], None, None, x._shape[3])
    return [(shape, x._dtype), ((), dt.float32), ((), dt.float32)]


def _resize_kernel(xp: Any, x: np.ndarray, size: np.ndarray, lo: Any, hi: Any,
                   align_corners: bool, half_pixel_centers: bool) -> tuple:
    op = "QuantizedResizeBilinear"
    x = np.asarray(x)
    if np.ndim(lo) != 0:
        raise C.fail(op, "min must be a scalar")
    if np.ndim(hi) != 0:
        raise C.fail(op, "max must be a scalar")
    size = np.asarray(size)
    if x.ndim != 4:
        raise C.fail(op, f"input must be 4-dimensional{C.shape_str(x.shape)}")
    if size.ndim != 1:
        raise C.fail(op, f"shape_t must be 1-dimensional{C.shape_str(size.shape)}")
    if size.shape[0] != 2:
        raise C.fail(op, f"shape_t must have two elements{C.shape_str(size.shape)}")
    oh, ow = int(size[0]), int(size[1])
    n, h, w, c = x.shape
    if oh <= 0 or ow <= 0:
        raise C.fail(op, "output dimensions must be positive")
    if h <= 0 or w <= 0:
        raise C.fail(op, "input image must be of non-zero size")
    if (oh, ow) == (h, w):
        return x.copy(), _f(float(lo)), _f(float(hi))
    if x.size == 0:
        return np.zeros((n, oh, ow, c), x.dtype), _f(float(lo)), _f(float(hi))
    bits = {np.dtype(np.uint8): 7, np.dtype(np.int32): 30}.get(x.dtype, 0)
    ys = _lerp_cache(oh, h, _scale(h, oh, align_corners), bits, half_pixel_centers)
    xs = _lerp_cache(ow, w, _scale(w, ow, align_corners), bits, half_pixel_centers)
    tl = x[:, ys[0]][:, :, xs[0]]
    tr = x[:, ys[0]][:, :, xs[1]]
    bl = x[:, ys[1]][:, :, xs[0]]
    br = x[:, ys[1]][:, :, xs[1]]
    if bits == 0:  # float: TF's float lerps
        xl, yl = xs[2][None, None, :, None], ys[2][None, :, None, None]
        top = (tl + ((tr - tl) * xl).astype(_F32)).astype(_F32)
        bottom = (bl + ((br - bl) * xl).astype(_F32)).astype(_F32)
        out = (top + ((bottom - top) * yl).astype(_F32)).astype(_F32)
        return out, _f(float(lo)), _f(float(hi))
    one = 1 << bits
    xl, yl = xs[3][None, None, :, None], ys[3][None, :, None, None]
    # (a qint32 converts to an integer through float32, Eigen's one conversion of it)
    tl, tr, bl, br = (a.astype(_F32).astype(np.int64) for a in (tl, tr, bl, br))
    top = tl * one + (tr - tl) * xl
    bottom = bl * one + (br - bl) * xl
    out = top + _cdiv(bottom - top, one) * yl
    out = _cdiv(out + one // 2, one)
    return out.astype(np.int64).astype(np.int32).astype(x.dtype), _f(float(lo)), _f(float(hi))


def _resize_ref(x: np.ndarray, size: np.ndarray, lo: Any, hi: Any, align_corners: bool,
                half_pixel_centers: bool) -> tuple:
    # (value by value, the fixed-point lerp written out in Python integers)
    n, h, w, c = x.shape
    oh, ow = int(size[0]), int(size[1])
    bits = 7 if x.dtype == np.uint8 else 30
    one = 1 << bits

    def cdiv(a: int, b: int) -> int:
        return int(a / b) if abs(a) < 2**52 else (abs(a) // b) * (1 if a >= 0 else -1)

    def taps(n_out: int, n_in: int) -> list:
        s = _scale(n_in, n_out, align_corners)
        out = []
        for i in range(n_out):
            src = float(_F32(_F32(_F32(i) + _F32(0.5)) * s) - _F32(0.5)) \
                if half_pixel_centers else float(_F32(_F32(i) * s))
            up = min(math.ceil(src), n_in - 1)
            low = min(max(math.floor(src), 0), up)
            out.append((low, up, int(float(_F32(_F32(src - math.floor(src)) * one)))))
        return out
    out = np.zeros((n, oh, ow, c), x.dtype)
    if (oh, ow) == (h, w):
        return x.copy(), _f(float(lo)), _f(float(hi))
    for b in range(n):
        for y, (y0, y1, yl) in enumerate(taps(oh, h)):
            for xx, (x0, x1, xl) in enumerate(taps(ow, w)):
                for ch in range(c):
                    a, bb = int(_F32(x[b, y0, x0, ch])), int(_F32(x[b, y0, x1, ch]))
                    cc, d = int(_F32(x[b, y1, x0, ch])), int(_F32(x[b, y1, x1, ch]))
                    top, bot = a * one + (bb - a) * xl, cc * one + (d - cc) * xl
                    v = top + cdiv(bot - top, one) * yl
                    out[b, y, xx, ch] = cdiv(v + one // 2, one)
    return out, _f(float(lo)), _f(float(hi))


def _resize_samples() -> list:
    x = np.arange(2 * 3 * 4 * 2).reshape(2, 3, 4, 2) * 29 % 256
    return [Sample((_q(x, _QU8), np.array([5, 3], np.int32), _f(-1.0), _f(2.0)),
                   {"align_corners": a, "half_pixel_centers": hp}, grad=False)
            for a, hp in ((False, False), (True, False), (False, True))] + \
        [Sample((_q(x * 1000003 - 2**27, _QI32), np.array([4, 7], np.int32), _f(-1.0),
                 _f(2.0)), {"align_corners": False, "half_pixel_centers": True}, grad=False)]


QUANTIZED_RESIZE_BILINEAR = register(OpDef(
    "QuantizedResizeBilinear", _resize_infer, _resize_kernel, num_outputs=3, gpu=False,
    host_inputs=(1,), reference=plain_ref(_resize_ref), samples=_resize_samples,
))


# ---------------------------------------------------------------------------------------
# QuantizedBatchNormWithGlobalNormalization.
# ---------------------------------------------------------------------------------------

_BN_TOP = float(1 << 20)


def _wrap32(v: Any) -> np.ndarray:
    return np.asarray(v, np.int64).astype(np.int32).astype(np.int64)


def _bn_infer(x: Any, x_lo: Any, x_hi: Any, m: Any, m_lo: Any, m_hi: Any, v: Any, v_lo: Any,
              v_hi: Any, beta: Any, b_lo: Any, b_hi: Any, gamma: Any, g_lo: Any, g_hi: Any,
              out_type: dt.DType, variance_epsilon: float,
              scale_after_normalization: bool) -> list:
    op = "QuantizedBatchNormWithGlobalNormalization"
    C.dtype_attr(op, out_type, "out_type")
    ins = (x, x_lo, x_hi, m, m_lo, m_hi, v, v_lo, v_hi, beta, b_lo, b_hi, gamma, g_lo, g_hi)
    check_types(op, ins)
    check_kernel(op, {"Tinput": x._dtype, "out_type": out_type,
                      "scale_after_normalization": bool(scale_after_normalization),
                      "variance_epsilon": float(variance_epsilon)},
                 ((("Tinput", _QU8), ("out_type", _QI32)),))
    return [(x._shape, out_type), ((), dt.float32), ((), dt.float32)]


def _bn_kernel(xp: Any, x: np.ndarray, x_lo: Any, x_hi: Any, m: np.ndarray, m_lo: Any,
               m_hi: Any, v: np.ndarray, v_lo: Any, v_hi: Any, beta: np.ndarray, b_lo: Any,
               b_hi: Any, gamma: np.ndarray, g_lo: Any, g_hi: Any, out_type: dt.DType,
               variance_epsilon: float, scale_after_normalization: bool) -> tuple:
    op = "QuantizedBatchNormWithGlobalNormalization"
    x = np.asarray(x)
    r = [first(op, a, w) for a, w in ((x_lo, "t_min"), (x_hi, "t_max"), (m_lo, "m_min"),
                                      (m_hi, "m_max"), (v_lo, "v_min"), (v_hi, "v_max"),
                                      (b_lo, "beta_min"), (b_hi, "beta_max"),
                                      (g_lo, "gamma_min"), (g_hi, "gamma_max"))]
    if x.ndim != 4:
        raise C.fail(op, f"input must be 4-dimensional{C.shape_str(x.shape)}")
    for a, w in ((m, "mean"), (v, "var"), (beta, "beta"), (gamma, "gamma")):
        if np.ndim(a) != 1:
            raise C.fail(op, f"{w} must be 1-dimensional{C.shape_str(np.shape(a))}")
    if np.shape(m)[0] != x.shape[3]:
        raise C.fail(op, f"Must provide as many means as the last dimension of the input "
                         f"tensor: {C.shape_str(np.shape(m))} vs. {C.shape_str(x.shape)}")
    for a, w in ((v, "variance"), (beta, "beta"), (gamma, "gamma")):
        if np.shape(a) != np.shape(m):
            raise C.fail(op, f"Mean and {w} tensors must have the same shape: "
                             f"{C.shape_str(np.shape(m))} vs. {C.shape_str(np.shape(a))}")
    lo, hi = -_BN_TOP, _BN_TOP
    mean, var, b, g = (to_float(a, r[2 * i + 2], r[2 * i + 3], np.uint8)
                       for i, a in enumerate((m, v, beta, gamma)))
    with np.errstate(all="ignore"):
        inv = (_F32(1.0) / np.sqrt((var + _F32(variance_epsilon)).astype(_F32))).astype(_F32)
        scale = (inv * g).astype(_F32) if scale_after_normalization else inv
        offset = ((-mean * scale).astype(_F32) + b).astype(_F32)
    scale_q = to_quantized(scale, lo, hi, np.int32).astype(np.int64)
    offset_q = to_quantized(offset, lo, hi, np.int32).astype(np.int64)
    one = int(to_quantized(1.0, lo, hi, np.int32))
    xq = to_quantized(to_float(x, r[0], r[1], np.uint8), lo, hi, np.int32).astype(np.int64)
    prod = _wrap32(xq * scale_q)
    out = _wrap32(_cdiv(prod, one) + offset_q)
    return out.astype(np.int32), _f(lo), _f(hi)


def _bn_ref(x: np.ndarray, x_lo: Any, x_hi: Any, m: np.ndarray, m_lo: Any, m_hi: Any,
            v: np.ndarray, v_lo: Any, v_hi: Any, beta: np.ndarray, b_lo: Any, b_hi: Any,
            gamma: np.ndarray, g_lo: Any, g_hi: Any, out_type: dt.DType,
            variance_epsilon: float, scale_after_normalization: bool) -> tuple:
    # (channel by channel in Python scalars, float32 steps as TF's)
    f = _F32
    lo, hi = -_BN_TOP, _BN_TOP
    one = int(to_quantized(1.0, lo, hi, np.int32))

    def deq(a: Any, i: int, a_lo: Any, a_hi: Any) -> Any:
        return to_float(np.array(a[i]), float(a_lo), float(a_hi), np.uint8)[()]
    out = np.zeros(x.shape, np.int32)
    for ch in range(x.shape[3]):
        mean, var = deq(m, ch, m_lo, m_hi), deq(v, ch, v_lo, v_hi)
        b, g = deq(beta, ch, b_lo, b_hi), deq(gamma, ch, g_lo, g_hi)
        s = f(f(1.0) / f(math.sqrt(f(var + f(variance_epsilon)))))
        s = f(s * g) if scale_after_normalization else s
        sq = int(to_quantized(s, lo, hi, np.int32))
        oq = int(to_quantized(f(f(-mean * s) + b), lo, hi, np.int32))
        for idx in np.ndindex(*x.shape[:3]):
            xq = int(to_quantized(to_float(np.array(x[idx + (ch,)]), float(x_lo), float(x_hi),
                                           np.uint8), lo, hi, np.int32))
            out[idx + (ch,)] = int(_cdiv(np.array(xq * sq), one)) + oq
    return out, _f(lo), _f(hi)


def _bn_samples() -> list:
    x = _q(np.arange(2 * 2 * 3 * 3).reshape(2, 2, 3, 3) * 23 % 256, _QU8)
    m, v = _q([10, 128, 250], _QU8), _q([3, 77, 200], _QU8)
    b, g = _q([0, 128, 255], _QU8), _q([255, 100, 9], _QU8)
    ranges = (_f(-1.0), _f(2.0))
    return [Sample((x, *ranges, m, _f(-1.0), _f(1.0), v, _f(0.0), _f(3.0), b, _f(-2.0),
                    _f(2.0), g, _f(0.0), _f(1.5)),
                   {"out_type": _QI32, "variance_epsilon": 0.001,
                    "scale_after_normalization": s}, grad=False) for s in (True, False)]


QUANTIZED_BATCH_NORM = register(OpDef(
    "QuantizedBatchNormWithGlobalNormalization", _bn_infer, _bn_kernel, num_outputs=3,
    gpu=False, reference=plain_ref(_bn_ref), samples=_bn_samples,
))


# ---------------------------------------------------------------------------------------
# QuantizedInstanceNorm: TF's float path (its fixed-point one is for ARM's NEON).
# ---------------------------------------------------------------------------------------

def _in_infer(x: Any, lo: Any, hi: Any, output_range_given: bool, given_y_min: float,
              given_y_max: float, variance_epsilon: float, min_separation: float) -> list:
    op = "QuantizedInstanceNorm"
    check_types(op, (x, lo, hi))
    check_kernel(op, {"T": x._dtype, "output_range_given": bool(output_range_given),
                      "given_y_min": float(given_y_min), "given_y_max": float(given_y_max),
                      "variance_epsilon": float(variance_epsilon),
                      "min_separation": float(min_separation)}, ((("T", _QU8),),))
    if output_range_given and not given_y_min < given_y_max:
        raise C.fail(op, f"given_y_min must be less than given_y_max : {_g(given_y_min)} >= "
                         f"{_g(given_y_max)}")
    return [(x._shape, x._dtype), ((), dt.float32), ((), dt.float32)]


def _g(v: float) -> str:
    return format(float(_F32(v)), ".6g")


def _normed(x: np.ndarray, lo: float, hi: float, eps: float) -> np.ndarray:
    """(x - mean) / sqrt(var + eps) over each image's rows and columns, in float32: the
    mean and the variance summed in order, as Eigen's reductions over those axes."""
    f = _F32
    xf = x.astype(f)
    scale = f(f(f(hi) - f(lo)) / f(255.0))
    n = f(x.shape[1] * x.shape[2])
    total = np.zeros((x.shape[0], x.shape[3]), f)
    for i in range(x.shape[1]):
        for j in range(x.shape[2]):
            total = (total + xf[:, i, j]).astype(f)
    mean = (total / n).astype(f)[:, None, None, :]
    dev = (scale * (xf - mean).astype(f)).astype(f)
    sq = (dev * dev).astype(f)
    acc = np.zeros_like(total)
    for i in range(x.shape[1]):
        for j in range(x.shape[2]):
            acc = (acc + sq[:, i, j]).astype(f)
    var = (acc / n).astype(f)[:, None, None, :]
    inv = (f(1.0) / np.sqrt((var + f(eps)).astype(f))).astype(f)
    return (dev * inv).astype(f)


def _in_kernel(xp: Any, x: np.ndarray, lo: Any, hi: Any, output_range_given: bool,
               given_y_min: float, given_y_max: float, variance_epsilon: float,
               min_separation: float) -> tuple:
    op = "QuantizedInstanceNorm"
    x = np.asarray(x)
    for a, w in ((lo, "x_min"), (hi, "x_max")):
        if np.ndim(a) != 0:
            raise C.fail(op, f"`{w}` must be rank 0 but is rank {np.ndim(a)}")
    lo, hi = float(lo), float(hi)
    if not lo < hi:
        raise C.fail(op, f"input_min must be less than input_max : {_g(lo)} >= {_g(hi)}")
    if x.ndim != 4:
        raise C.fail(op, f"input must be 4-dimensional{C.shape_str(x.shape)}")
    with np.errstate(all="ignore"):
        normed = _normed(x, lo, hi, variance_epsilon)
        if output_range_given:
            y_lo, y_hi = _F32(given_y_min), _F32(given_y_max)
        elif x.size == 0:  # (Eigen's reductions' starting values)
            y_lo, y_hi = _F32(np.inf), _F32(-np.inf)
        else:
            y_lo, y_hi = normed.min(), normed.max()
        if _F32(y_hi - y_lo) < _F32(min_separation):
            y_hi = _F32(y_lo + _F32(min_separation))
        out = _from_float_q(normed, float(y_lo), float(y_hi), np.uint8)
    return out, _f(float(y_lo)), _f(float(y_hi))


def _in_ref(x: np.ndarray, lo: Any, hi: Any, output_range_given: bool, given_y_min: float,
            given_y_max: float, variance_epsilon: float, min_separation: float) -> tuple:
    # (image by image and channel by channel, in float32 scalars)
    f = _F32
    scale = f(f(f(hi) - f(lo)) / f(255.0))
    normed = np.zeros(x.shape, f)
    for b in range(x.shape[0]):
        for c in range(x.shape[3]):
            vals = [f(v) for v in x[b, :, :, c].ravel()]
            mean = f(sum(vals, f(0.0)) / f(len(vals)))
            devs = [f(scale * f(v - mean)) for v in vals]
            var = f(sum((f(d * d) for d in devs), f(0.0)) / f(len(vals)))
            inv = f(f(1.0) / f(math.sqrt(f(var + f(variance_epsilon)))))
            normed[b, :, :, c] = np.array([f(d * inv) for d in devs], f).reshape(
                x.shape[1:3])
    y_lo, y_hi = (f(given_y_min), f(given_y_max)) if output_range_given else \
        (normed.min(), normed.max())
    if f(y_hi - y_lo) < f(min_separation):
        y_hi = f(y_lo + f(min_separation))
    step = f(255.0 / (float(y_hi) - float(y_lo)))
    base = f(round(float(f(y_lo * step))))
    q = [min(max(f(f(math.copysign(math.floor(abs(float(f(v * step))) + 0.5), float(v * step)))
                   - base), f(0)), f(255)) for v in normed.ravel()]
    return np.array(q, np.float64).astype(np.uint8).reshape(x.shape), _f(float(y_lo)), \
        _f(float(y_hi))


def _in_samples() -> list:
    x = _q(np.arange(2 * 3 * 4 * 2).reshape(2, 3, 4, 2) * 53 % 256, _QU8)
    base = {"output_range_given": False, "given_y_min": 0.0, "given_y_max": 0.0,
            "variance_epsilon": 1e-5, "min_separation": 0.001}
    return [Sample((x, _f(-1.0), _f(2.0)), base, grad=False),
            Sample((x, _f(0.0), _f(6.0)), {**base, "output_range_given": True,
                                           "given_y_min": -2.0, "given_y_max": 3.0},
                   grad=False)]


QUANTIZED_INSTANCE_NORM = register(OpDef(
    "QuantizedInstanceNorm", _in_infer, _in_kernel, num_outputs=3, gpu=False,
    reference=plain_ref(_in_ref), samples=_in_samples,
))
