"""TF's reference quantized kernels, part two: QuantizedMatMul and QuantizedConv2D
(exact integer sums of the values less their zero points, as gemmlowp's), QuantizedMaxPool
and QuantizedAvgPool (TF's integer average, truncated), with the output ranges TF gives.
The range arithmetic and TF's checks are quantized_ops.py's.

Sits in the ops layer after quantized_ops.py; `import eagerflow` loads it on first use.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import AbortedError, UnimplementedError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.quantization import _q
from eagerflow._src.ops.quantized_ops import (
    check_kernel,
    check_types,
    first,
    plain_ref,
    range_for_multiplication,
    to_quantized_unclamped,
)
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_F32 = np.float32
_QU8, _QI8, _QI32 = dt.quint8, dt.qint8, dt.qint32


def _f(v: float) -> np.ndarray:
    return np.array(v, _F32)


def _outs(shape: Any, d: dt.DType) -> list:
    return [(shape, d), ((), dt.float32), ((), dt.float32)]


def _offset(lo: float, hi: float, storage: Any) -> int:
    """The integer standing for 0.0 (FloatToQuantizedUnclamped, cast to int32)."""
    return int(np.int64(to_quantized_unclamped(0.0, lo, hi, storage)).astype(np.int32))


# ---------------------------------------------------------------------------------------
# QuantizedMatMul.
# ---------------------------------------------------------------------------------------

_MATMUL_KERNELS = ((("T1", _QU8), ("T2", _QU8), ("Toutput", _QI32)),)


def _matmul_infer(a: Any, b: Any, lo_a: Any, hi_a: Any, lo_b: Any, hi_b: Any,
                  Toutput: dt.DType, transpose_a: bool, transpose_b: bool,  # noqa: N803
                  Tactivation: dt.DType) -> list:  # noqa: N803
    op = "QuantizedMatMul"
    C.dtype_attr(op, Toutput, "Toutput")
    C.dtype_attr(op, Tactivation, "Tactivation")
    check_types(op, (a, b, lo_a, hi_a, lo_b, hi_b))
    check_kernel(op, {"T1": a._dtype, "T2": b._dtype, "Toutput": Toutput,
                      "Tactivation": Tactivation, "transpose_a": bool(transpose_a),
                      "transpose_b": bool(transpose_b)}, _MATMUL_KERNELS)
    shape = None
    if a._shape is not None and b._shape is not None and len(a._shape) == 2 == len(b._shape):
        shape = (a._shape[1] if transpose_a else a._shape[0],
                 b._shape[0] if transpose_b else b._shape[1])
    return _outs(shape, Toutput)


def _matmul_kernel(xp: Any, a: np.ndarray, b: np.ndarray, lo_a: Any, hi_a: Any, lo_b: Any,
                   hi_b: Any, Toutput: dt.DType, transpose_a: bool,  # noqa: N803
                   transpose_b: bool, Tactivation: dt.DType) -> tuple:  # noqa: N803
    op = "QuantizedMatMul"
    a, b = np.asarray(a), np.asarray(b)
    if np.ndim(lo_a) != 0:
        raise C.fail(op, f"min_a must be a scalar, but got shape{C.shape_str(np.shape(lo_a))}")
    lo_a = float(lo_a)
    for v, w in ((hi_a, "max_a"), (lo_b, "min_b"), (hi_b, "max_b")):
        if np.size(v) != 1:
            raise C.fail(op, f"{w} must be a scalar, but got shape{C.shape_str(np.shape(v))}")
    hi_a, lo_b, hi_b = (float(np.asarray(v).reshape(-1)[0]) for v in (hi_a, lo_b, hi_b))
    if not hi_a > lo_a:
        raise C.fail(op, "max_a must be larger than min_a.")
    if not hi_b > lo_b:
        raise C.fail(op, "max_b must be larger than min_b.")
    if a.ndim != 2:
        raise C.fail(op, "In[0] is not a matrix")
    if b.ndim != 2:
        raise C.fail(op, "In[1] is not a matrix")
    ma = a.T if transpose_a else a
    mb = b.T if transpose_b else b
    if ma.shape[1] != mb.shape[0]:
        raise C.fail(op, f"Matrix size-incompatible: In[0]: {C.shape_str(a.shape)}, In[1]: "
                         f"{C.shape_str(b.shape)}")
    off_a, off_b = _offset(lo_a, hi_a, np.uint8), _offset(lo_b, hi_b, np.uint8)
    out = (ma.astype(np.int64) - off_a) @ (mb.astype(np.int64) - off_b)
    lo, hi = range_for_multiplication(lo_a, hi_a, lo_b, hi_b, np.uint8, np.uint8, np.int32)
    return out.astype(np.int32), _f(lo), _f(hi)


def _matmul_ref(a: np.ndarray, b: np.ndarray, lo_a: Any, hi_a: Any, lo_b: Any, hi_b: Any,
                Toutput: dt.DType, transpose_a: bool, transpose_b: bool,  # noqa: N803
                Tactivation: dt.DType) -> tuple:  # noqa: N803
    # (zero points from the ranges in double, sums in Python integers)
    za = round(-float(lo_a) * 255.0 / float(_F32(hi_a) - _F32(lo_a)))
    zb = round(-float(lo_b) * 255.0 / float(_F32(hi_b) - _F32(lo_b)))
    ma = (a.T if transpose_a else a).tolist()
    mb = (b.T if transpose_b else b).tolist()
    out = [[sum((ma[i][k] - za) * (mb[k][j] - zb) for k in range(len(mb)))
            for j in range(len(mb[0]))] for i in range(len(ma))]
    lo, hi = range_for_multiplication(float(lo_a), float(hi_a), float(lo_b), float(hi_b),
                                      np.uint8, np.uint8, np.int32)
    return np.array(out, np.int32), _f(lo), _f(hi)


def _matmul_samples() -> list:
    a = _q([[0, 17, 128], [255, 3, 90]], _QU8)
    b = _q([[5, 250], [128, 1], [0, 255]], _QU8)
    base = {"Toutput": _QI32, "transpose_a": False, "transpose_b": False, "Tactivation": _QU8}
    return [Sample((a, b, _f(-1.0), _f(2.0), _f(-0.5), _f(0.7)), base, grad=False),
            Sample((b, b, _f(0.0), _f(6.0), _f(-3.0), _f(1.0)),
                   {**base, "transpose_a": True}, grad=False),
            Sample((a, a, _f(-1.0), _f(1.0), _f(-2.0), _f(2.0)),
                   {**base, "transpose_b": True}, grad=False)]


QUANTIZED_MATMUL = register(OpDef(
    "QuantizedMatMul", _matmul_infer, _matmul_kernel, num_outputs=3, gpu=False,
    reference=plain_ref(_matmul_ref), samples=_matmul_samples,
    bad_samples=lambda: [BadSample((_q([[1, 2]], _QU8), _q([[1, 2]], _QU8), _f(0.0), _f(1.0),
                                    _f(0.0), _f(1.0)),
                                   {"Toutput": _QI32, "transpose_a": False,
                                    "transpose_b": False, "Tactivation": _QU8}, Exception,
                                   "Matrix size-incompatible")],
))


# ---------------------------------------------------------------------------------------
# Windows: TF's output sizes and padding for the convolution and the pools.
# ---------------------------------------------------------------------------------------

def _window(size: int, k: int, stride: int, padding: str) -> tuple:
    """(output size, padding before) as TF's GetWindowedOutputSize."""
    if padding == "VALID":
        return (size - k + stride) // stride, 0
    out = (size + stride - 1) // stride
    return out, max(0, ((out - 1) * stride + k - size) // 2)


def _padding(op: str, padding: Any) -> str:
    p = padding.decode() if isinstance(padding, bytes) else padding
    C.string_attr_in(op, "padding", p, ("SAME", "VALID"))
    return p


def _windows(x: np.ndarray, kh: int, kw: int, sh: int, sw: int, padding: str,
             fill: int) -> np.ndarray:
    """(batch, out_rows, out_cols, kh, kw, depth): each output's window of `x`, `fill`
    where it lies in the padding."""
    n, h, w, d = x.shape
    oh, ph = _window(h, kh, sh, padding)
    ow, pw = _window(w, kw, sw, padding)
    big = np.full((n, max(h + 2 * ph + kh + sh * oh, 1), max(w + 2 * pw + kw + sw * ow, 1), d),
                  fill, np.int64)
    big[:, ph:ph + h, pw:pw + w] = x
    out = np.empty((n, oh, ow, kh, kw, d), np.int64)
    for i in range(kh):
        for j in range(kw):
            out[:, :, :, i, j] = big[:, i:i + sh * oh:sh, j:j + sw * ow:sw][:, :oh, :ow]
    return out


# ---------------------------------------------------------------------------------------
# QuantizedConv2D.
# ---------------------------------------------------------------------------------------

_CONV_KERNELS = ((("Tinput", _QU8), ("Tfilter", _QU8), ("out_type", _QI32)),
                 (("Tinput", _QU8), ("Tfilter", _QI8), ("out_type", _QI32)))


def _conv_attrs(op: str, strides: Any, dilations: Any, padding: Any) -> str:
    strides, dilations = list(strides), list(dilations)
    if len(strides) != 4:
        raise C.fail(op, "Sliding window strides field must specify 4 dimensions")
    if strides[1] != strides[2]:
        raise C.fail(op, "Current implementation only supports equal length strides in the "
                         "row and column dimensions.")
    if strides[0] != 1 or strides[3] != 1:
        raise C.fail(op, "Current implementation does not yet support strides in the batch "
                         "and depth dimensions.")
    if len(dilations) == 4 and (dilations[1] != 1 or dilations[2] != 1):
        raise C.fail(op, "Current implementation only supports dilated rate as 1 in the row "
                         "and column dimensions.")
    return _padding(op, padding)


def _conv_infer(x: Any, w: Any, lo_x: Any, hi_x: Any, lo_w: Any, hi_w: Any,
                out_type: dt.DType, strides: Any, padding: Any, dilations: Any) -> list:
    op = "QuantizedConv2D"
    C.dtype_attr(op, out_type, "out_type")
    check_types(op, (x, w, lo_x, hi_x, lo_w, hi_w))
    check_kernel(op, {"Tinput": x._dtype, "Tfilter": w._dtype, "out_type": out_type,
                      "strides": list(strides), "padding": padding,
                      "dilations": list(dilations)}, _CONV_KERNELS)
    p = _conv_attrs(op, strides, dilations, padding)
    if x._shape is None or w._shape is None or len(x._shape) != 4 or len(w._shape) != 4 \
            or None in x._shape[1:3] + w._shape[:2]:
        return _outs(None, out_type)
    oh = _window(x._shape[1], w._shape[0], strides[1], p)[0]
    ow = _window(x._shape[2], w._shape[1], strides[1], p)[0]
    return _outs((x._shape[0], oh, ow, w._shape[3]), out_type)


def _conv_kernel(xp: Any, x: np.ndarray, w: np.ndarray, lo_x: Any, hi_x: Any, lo_w: Any,
                 hi_w: Any, out_type: dt.DType, strides: Any, padding: Any,
                 dilations: Any) -> tuple:
    op = "QuantizedConv2D"
    x, w = np.asarray(x), np.asarray(w)
    p = _conv_attrs(op, strides, dilations, padding)
    if x.ndim != 4:
        raise C.fail(op, f"input must be rank 4 but is rank {x.ndim}")
    if w.ndim != 4:
        raise C.fail(op, f"filter must be rank 4 but is rank {w.ndim}")
    if w.dtype == np.int8:
        # (TF's qint8-filter kernel is oneDNN's, which takes its filter from a graph's
        # constant only: an eager call is refused)
        raise C.fail(op, "QuantizedConv: filter must be a constant")
    lo_x, hi_x = first(op, lo_x, "min_input"), first(op, hi_x, "max_input")
    lo_w, hi_w = first(op, lo_w, "min_filter"), first(op, hi_w, "max_filter")
    if 0 in x.shape:
        raise C.fail(op, "Invalid input: Shapes dimension cannot be 0.")
    if x.shape[3] != w.shape[2]:
        raise C.fail(op, f"input and filter must have the same depth: {x.shape[3]} vs "
                         f"{w.shape[2]}")
    s = int(strides[1])
    _conv_out_size(op, x.shape, w.shape, s, p)
    off_x, off_w = _offset(lo_x, hi_x, x.dtype), _offset(lo_w, hi_w, w.dtype)
    kh, kw, _, _ = w.shape
    # (padding holds the input's zero point: it adds nothing once that is taken off)
    win = _windows(x.astype(np.int64) - off_x, kh, kw, s, s, p, 0)
    out = np.einsum("nhwijc,ijco->nhwo", win, w.astype(np.int64) - off_w)
    lo, hi = range_for_multiplication(lo_x, hi_x, lo_w, hi_w, x.dtype, w.dtype, np.int32)
    return out.astype(np.int32), _f(lo), _f(hi)


def _conv_out_size(op: str, x_shape: tuple, w_shape: tuple, s: int, padding: str) -> None:
    """TF's kernel's checks of the output's size: a negative one is its error; an empty one
    is its CHECK, which aborts TF's process (refused here with the CHECK's words)."""
    sizes = []
    for size, k in ((x_shape[1], w_shape[0]), (x_shape[2], w_shape[1])):
        if padding == "VALID":
            n = size - k + s
            out = n // s if n >= 0 else -(-n // s)  # (C's division, toward zero)
        else:
            out = (size + s - 1) // s
        if out < 0:
            raise C.fail(op, f"Computed output size would be negative: {out} [input_size: "
                             f"{size}, effective_filter_size: {k}, stride: {s}]")
        sizes.append(out)
    for what, n in zip(("out_rows", "out_cols", "out_depth"), (*sizes, w_shape[3])):
        if n <= 0:
            raise C.fail(op, f"Check failed: {what} > 0 ({n} vs. 0)")
    if w_shape[0] * w_shape[1] * w_shape[2] == 0:
        raise C.fail(op, "filter patch must contain at least one element")


def _conv_ref(x: np.ndarray, w: np.ndarray, lo_x: Any, hi_x: Any, lo_w: Any, hi_w: Any,
              out_type: dt.DType, strides: Any, padding: Any, dilations: Any) -> tuple:
    # (a direct loop over outputs and taps, out-of-bounds taps skipped)
    zx = round(-float(lo_x) * 255.0 / float(_F32(hi_x) - _F32(lo_x)))
    zw = round(-float(lo_w) * 255.0 / float(_F32(hi_w) - _F32(lo_w)))
    if w.dtype == np.int8:
        zw -= 128
    s = int(strides[1])
    n, h, wd, c = x.shape
    kh, kw, _, o = w.shape
    oh, ph = _window(h, kh, s, padding)
    ow, pw = _window(wd, kw, s, padding)
    out = np.zeros((n, oh, ow, o), np.int64)
    for r in range(oh):
        for q in range(ow):
            for i in range(kh):
                for j in range(kw):
                    y, z = r * s + i - ph, q * s + j - pw
                    if 0 <= y < h and 0 <= z < wd:
                        out[:, r, q] += (x[:, y, z].astype(np.int64) - zx) @ \
                            (w[i, j].astype(np.int64) - zw)
    lo, hi = range_for_multiplication(float(lo_x), float(hi_x), float(lo_w), float(hi_w),
                                      x.dtype, w.dtype, np.int32)
    return out.astype(np.int32), _f(lo), _f(hi)


def _conv_samples() -> list:
    x = _q(np.arange(2 * 4 * 5 * 2).reshape(2, 4, 5, 2) * 7 % 256, _QU8)
    w = _q(np.arange(3 * 2 * 2 * 3).reshape(3, 2, 2, 3) * 13 % 256, _QU8)
    base = {"out_type": _QI32, "strides": [1, 1, 1, 1], "padding": "SAME",
            "dilations": [1, 1, 1, 1]}
    return [Sample((x, w, _f(-1.0), _f(2.0), _f(-0.5), _f(0.7)), base, grad=False),
            Sample((x, w, _f(0.0), _f(6.0), _f(-3.0), _f(1.0)),
                   {**base, "strides": [1, 2, 2, 1], "padding": "VALID"}, grad=False)]


QUANTIZED_CONV2D = register(OpDef(
    "QuantizedConv2D", _conv_infer, _conv_kernel, num_outputs=3, gpu=False,
    reference=plain_ref(_conv_ref), samples=_conv_samples,
))


# ---------------------------------------------------------------------------------------
# QuantizedMaxPool, QuantizedAvgPool.
# ---------------------------------------------------------------------------------------

_POOL_KERNELS = ((("T", _QI8),), (("T", _QU8),))


_ONEDNN_POOL_FAILURE = {
    op: f"{verb} received an exception:Status: 2, message: could not create a descriptor for "
        "a pooling forward propagation primitive, in file tensorflow/core/kernels/mkl/"
        f"{source}"
    for op, verb, source in (("QuantizedAvgPool", "Operation", "mkl_avgpooling_op.cc:183"),
                             ("QuantizedMaxPool", "Compute", "mkl_maxpooling_op.cc:211"))}


def _pool_attrs(op: str, ksize: Any, strides: Any, padding: Any) -> str:
    if len(ksize) != 4:
        raise C.fail(op, "Sliding window ksize field must specify 4 dimensions")
    if len(strides) != 4:
        raise C.fail(op, "Sliding window strides field must specify 4 dimensions")
    p = _padding(op, padding)
    if ksize[0] != 1 or strides[0] != 1:
        raise UnimplementedError(None, None, "Pooling is not yet supported on the batch "
                                             f"dimension. [Op:{op}]")
    return p


def _pool_infer(op: str) -> Any:
    def infer(x: Any, lo: Any, hi: Any, ksize: Any, strides: Any, padding: Any) -> list:
        check_types(op, (x, lo, hi))
        check_kernel(op, {"T": x._dtype, "ksize": list(ksize), "strides": list(strides),
                          "padding": padding}, _POOL_KERNELS)
        p = _pool_attrs(op, ksize, strides, padding)
        if x._shape is None or len(x._shape) != 4 or None in x._shape:
            return _outs(None, x._dtype)
        oh = _window(x._shape[1], ksize[1], strides[1], p)[0]
        ow = _window(x._shape[2], ksize[2], strides[2], p)[0]
        return _outs((x._shape[0], oh, ow, x._shape[3]), x._dtype)
    return infer


def _pool_kernel(op: str) -> Any:
    def kernel(xp: Any, x: np.ndarray, lo: Any, hi: Any, ksize: Any, strides: Any,
               padding: Any) -> tuple:
        x = np.asarray(x)
        p = _pool_attrs(op, ksize, strides, padding)
        if x.ndim not in (4, 5):
            raise C.fail(op, "Input must be 4 or 5-dimensional")
        if x.ndim == 5:  # (TF's oneDNN kernel takes it, then fails to pool it by 4-D windows)
            raise AbortedError(None, None, _ONEDNN_POOL_FAILURE[op] + f" [Op:{op}]")
        if ksize[3] != 1 and x.shape[3] % ksize[3]:
            raise UnimplementedError(None, None, "Depthwise max pooling requires the depth "
                                                 "window to evenly divide the input depth "
                                                 f"[Op:{op}]")
        for i in (1, 2):
            if p == "VALID" and x.shape[i] < ksize[i]:
                raise C.fail(op, f"Computed output size would be negative: "
                                 f"{(x.shape[i] - ksize[i] + strides[i]) // strides[i]} "
                                 f"[input_size: {x.shape[i]}, effective_filter_size: "
                                 f"{ksize[i]}, stride: {strides[i]}]")
        lo = first(op, lo, "min_input")
        hi = first(op, hi, "max_input")
        info = np.iinfo(x.dtype)
        if op == "QuantizedMaxPool":
            win = _windows(x, ksize[1], ksize[2], strides[1], strides[2], p, int(info.min) - 1)
            out = win.max(axis=(3, 4))
        else:
            win = _windows(x, ksize[1], ksize[2], strides[1], strides[2], p, 0)
            ones = _windows(np.ones(x.shape[:3] + (1,), np.int64), ksize[1], ksize[2],
                            strides[1], strides[2], p, 0)
            total, count = win.sum(axis=(3, 4)), ones.sum(axis=(3, 4))
            # (TF's kernel is oneDNN's: the mean over the window's inputs, padding left
            # out, in float32, rounded half to even)
            mean = total.astype(_F32) / np.maximum(count, 1).astype(_F32)
            out = np.rint(mean).astype(np.int64)
        return np.clip(out, info.min, info.max).astype(x.dtype), _f(lo), _f(hi)
    return kernel


def _pool_ref(op: str) -> Any:
    def ref(x: np.ndarray, lo: Any, hi: Any, ksize: Any, strides: Any, padding: Any) -> tuple:
        n, h, w, d = x.shape
        oh, ph = _window(h, ksize[1], strides[1], padding)
        ow, pw = _window(w, ksize[2], strides[2], padding)
        out = np.zeros((n, oh, ow, d), x.dtype)
        for r in range(oh):
            for q in range(ow):
                y0, z0 = r * strides[1] - ph, q * strides[2] - pw
                part = x[:, max(y0, 0):y0 + ksize[1], max(z0, 0):z0 + ksize[2]].astype(int)
                if op == "QuantizedMaxPool":
                    out[:, r, q] = part.max(axis=(1, 2))
                else:
                    s, c = part.sum(axis=(1, 2)), part.shape[1] * part.shape[2]
                    out[:, r, q] = np.array([round(v / c) for v in s.ravel().tolist()],
                                            np.int64).reshape(s.shape)
        return out, _f(float(lo)), _f(float(hi))
    return ref


def _pool_samples() -> list:
    x = np.arange(2 * 5 * 4 * 3).reshape(2, 5, 4, 3) * 37 % 256
    return [Sample((_q(x, _QU8), _f(-1.0), _f(2.0)),
                   {"ksize": [1, 2, 3, 1], "strides": [1, 2, 1, 1], "padding": "SAME"},
                   grad=False),
            Sample((_q(x - 128, _QI8), _f(-1.0), _f(1.0)),
                   {"ksize": [1, 3, 2, 1], "strides": [1, 1, 2, 1], "padding": "VALID"},
                   grad=False)]


QUANTIZED_MAX_POOL = register(OpDef(
    "QuantizedMaxPool", _pool_infer("QuantizedMaxPool"), _pool_kernel("QuantizedMaxPool"),
    num_outputs=3, gpu=False, reference=plain_ref(_pool_ref("QuantizedMaxPool")),
    samples=_pool_samples,
))
QUANTIZED_AVG_POOL = register(OpDef(
    "QuantizedAvgPool", _pool_infer("QuantizedAvgPool"), _pool_kernel("QuantizedAvgPool"),
    num_outputs=3, gpu=False, reference=plain_ref(_pool_ref("QuantizedAvgPool")),
    samples=_pool_samples,
))
