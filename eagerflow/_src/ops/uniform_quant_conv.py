"""TF's uniform quantized convolutions: UniformQuantizedConvolution (qint8 x qint8 ->
qint32) and UniformQuantizedConvolutionHybrid (float32 x qint8 -> float32), XLA's general
convolution (dimension numbers, window strides, SAME/VALID/EXPLICIT padding, input and
kernel dilations, feature and batch groups) over the values less their zero points (the
input padded and dilated with its zero point), summed in int32, then requantized as
UniformQuantizedDot's (uniform_quant_dot.py) or, for the hybrid, each input batch
quantized over its own range first and the sums scaled back in float32.

Ops layer, after serialization.py (its varint reader), loaded on first use. Host-only,
without gradients.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.quantized_ops import check_kernel, check_types
from eagerflow._src.ops.registry import OpDef, Sample, register
from eagerflow._src.ops.serialization import read_varint
from eagerflow._src.ops.uniform_quant import _check_shapes, _fixed_point, _quantized, _wrap32
from eagerflow._src.ops.uniform_quant_dot import _int_attrs, _plain, _quantize_rows, _requant_one

_F32 = np.float32
_QI8, _QI32 = dt.qint8, dt.qint32
_FIELDS = ("input_batch_dimension", "input_feature_dimension", "input_spatial_dimensions",
           "kernel_input_feature_dimension", "kernel_output_feature_dimension",
           "kernel_spatial_dimensions", "output_batch_dimension", "output_feature_dimension",
           "output_spatial_dimensions")


def _signed(v: int) -> int:
    return v - (1 << 64) if v >= 1 << 63 else v


def _dimension_numbers(op: str, text: Any) -> dict | None:
    """The UniformQuantizedConvolutionDimensionNumbersAttr message an attr string holds
    (None for the empty string: the default numbering)."""
    if not isinstance(text, (str, bytes)):
        raise TypeError(f"Expected string for argument 'dimension_numbers' not {text!r}.")
    data = text.encode("latin-1") if isinstance(text, str) else text
    if not data:
        return None
    out: dict = {f: [] if f.endswith("dimensions") else 0 for f in _FIELDS}
    i = 0
    try:
        while i < len(data):
            key, i = read_varint(data, i)
            number, wire = key >> 3, key & 7
            name = _FIELDS[number - 1] if 1 <= number <= 9 else None
            if wire == 0:
                v, i = read_varint(data, i)
                if name is not None:
                    if isinstance(out[name], list):
                        out[name].append(_signed(v))
                    else:
                        out[name] = _signed(v)
            elif wire == 2:
                n, i = read_varint(data, i)
                end, chunk = i + n, []
                while name is not None and i < end:
                    v, i = read_varint(data, i)
                    chunk.append(_signed(v))
                if name is None or not isinstance(out[name], list) or i != end:
                    raise ValueError
                out[name].extend(chunk)
            else:
                raise ValueError
    except (ValueError, IndexError):
        raise C.fail(op, "Error parsing convolution dimension numbers.") from None
    return out


def _default_numbers(rank: int) -> dict:
    sp = list(range(2, rank))
    return {"input_batch_dimension": 0, "input_feature_dimension": 1,
            "input_spatial_dimensions": sp, "kernel_output_feature_dimension": 0,
            "kernel_input_feature_dimension": 1, "kernel_spatial_dimensions": sp,
            "output_batch_dimension": 0, "output_feature_dimension": 1,
            "output_spatial_dimensions": sp}


def _check_attrs(op: str, attrs: dict) -> None:
    _int_attrs(op, attrs)
    padding = attrs["padding"]
    padding = padding.decode() if isinstance(padding, bytes) else padding
    if padding not in ("EXPLICIT", "SAME", "VALID"):
        raise C.fail(op, f"padding Attr must be one of [EXPLICIT | SAME | VALID], but given: "
                         f"{padding}")
    if padding != "EXPLICIT" and list(attrs["explicit_padding"]):
        raise C.fail(op, f"If padding Attr is not 'EXPLICIT', explicit_padding Attr must be "
                         f"empty. Given padding {padding} and explicit_padding of size "
                         f"{len(attrs['explicit_padding'])}")
    _dimension_numbers(op, attrs["dimension_numbers"])


def _valid_dim(op: str, rank: int, d: int) -> None:
    if not 0 <= d < rank:
        raise C.fail(op, f"Each dimension number must be in region [0, rank). Given rank "
                         f"{rank} and dimension number value {d}")


def _params(op: str, lhs: tuple, rhs: tuple, attrs: dict) -> tuple:
    """TF's ValidateOrFillParamsAndValidateShape: (dimension numbers, strides, lhs and rhs
    dilations, padding list)."""
    if len(lhs) != len(rhs):
        raise C.fail(op, f"lhs and rhs must have same dims. Given lhs and rhs of shapes: "
                         f"{C.shape_str(lhs)}{C.shape_str(rhs)}")
    rank = len(lhs)
    if rank <= 2:
        raise C.fail(op, f"lhs and rhs shape dims must be at least 3. Given: {rank}")
    n = rank - 2
    lists = []
    for what in ("window_strides", "lhs_dilation", "rhs_dilation"):
        v = [int(x) for x in attrs[what]] or [1] * n
        if len(v) != n:
            raise C.fail(op, f"Size of {what} Attr must be dims - 2.")
        if not all(x >= 1 for x in v):
            raise C.fail(op, f"All elements of {what} must be >= 1. Given "
                             f"{', '.join(map(str, v))}")
        lists.append(v)
    strides, ldil, rdil = lists
    dn = _dimension_numbers(op, attrs["dimension_numbers"])
    if dn is None or not dn["input_spatial_dimensions"]:
        dn = _default_numbers(rank)
    else:
        for prefix in ("input", "kernel", "output"):
            for f in _FIELDS:
                if f.startswith(prefix) and not f.endswith("dimensions"):
                    _valid_dim(op, rank, dn[f])
                elif f.startswith(prefix):
                    if len(dn[f]) != n:
                        raise C.fail(op, f"Spatial dimensions size must be rank - 2. Given "
                                         f"rank {rank} and spatial dimensions size "
                                         f"{len(dn[f])}")
                    for d in dn[f]:
                        _valid_dim(op, rank, d)
    fgc, bgc = int(attrs["feature_group_count"]), int(attrs["batch_group_count"])
    if fgc <= 0:
        raise C.fail(op, f"feature_group_count must be a positive integer, given: {fgc}")
    feat = lhs[dn["input_feature_dimension"]]
    rin = rhs[dn["kernel_input_feature_dimension"]]
    rout = rhs[dn["kernel_output_feature_dimension"]]
    if feat % fgc:
        raise C.fail(op, f"feature_group_count must divide lhs feature dimension size, but "
                         f"{fgc} does not divide {feat}")
    if rin == 0 or feat % rin:
        raise C.fail(op, f"rhs input feature dimension must divide lhs feature dimension "
                         f"size, but {rin} does not divide {feat}")
    if feat // fgc != rin:
        raise C.fail(op, f"lhs feature dimension size divided by feature_group_count must "
                         f"equal the rhs input feature dimension size, but {feat} / {fgc} != "
                         f"{rin}")
    if rout % fgc:
        raise C.fail(op, f"rhs output dimension size must be a multiple of "
                         f"feature_group_count, but {rout} is not a multiple of {fgc}")
    if bgc <= 0:
        raise C.fail(op, f"batch_group_count Attr must be a positive integer. Given: {bgc}")
    batch = lhs[dn["input_batch_dimension"]]
    if batch % bgc:
        raise C.fail(op, f"batch_group_count must divide lhs batch dimension size, but {bgc} "
                         f"does not divide {batch}")
    if rout % bgc:
        raise C.fail(op, f"rhs output dimension size must be a multiple of batch_group_count, "
                         f"but {rout} is not a multiple of {bgc}")
    padding = attrs["padding"]
    padding = padding.decode() if isinstance(padding, bytes) else padding
    pads = [int(x) for x in attrs["explicit_padding"]]
    if padding == "EXPLICIT":
        if len(pads) != 2 * n:
            raise C.fail(op, f"Size of explicit_padding Attr must be 2 * (rank - 2). Given "
                             f"rank {rank} and explicit_padding of size {len(pads)}")
        if not all(p >= 0 for p in pads):
            raise C.fail(op, f"All explicit_padding elems must be >= 0, Given "
                             f"{', '.join(map(str, pads))}")
    elif padding == "VALID":
        pads = [0] * (2 * n)
    else:
        pads = []
        for i in range(n):
            size = _dilated(lhs[dn["input_spatial_dimensions"][i]], ldil[i])
            k = _dilated(rhs[dn["kernel_spatial_dimensions"][i]], rdil[i])
            out = (size + strides[i] - 1) // strides[i]
            total = max((out - 1) * strides[i] + k - size, 0)
            pads += [total // 2, total - total // 2]
    return dn, strides, ldil, rdil, pads


def _dilated(size: int, dilation: int) -> int:
    return 0 if size == 0 else dilation * (size - 1) + 1


def _out_shape(op: str, lhs: tuple, rhs: tuple, attrs: dict, params: tuple) -> tuple:
    dn, strides, ldil, rdil, pads = params
    out = [0] * len(lhs)
    out[dn["output_batch_dimension"]] = lhs[dn["input_batch_dimension"]] // \
        int(attrs["batch_group_count"])
    out[dn["output_feature_dimension"]] = rhs[dn["kernel_output_feature_dimension"]]
    for i in range(len(lhs) - 2):
        size = _dilated(lhs[dn["input_spatial_dimensions"][i]], ldil[i])
        k = _dilated(rhs[dn["kernel_spatial_dimensions"][i]], rdil[i])
        num = size + pads[2 * i] + pads[2 * i + 1] - k + 1
        out[dn["output_spatial_dimensions"][i]] = (num + strides[i] - 1) // strides[i]
    for d in out:  # (a window past an empty input's end: TF's TensorShape refuses it)
        if d < 0:
            raise C.fail(op, f"Expected shape dimensions to be non-negative, got {d}")
    return tuple(out)


def _int_conv(lhs_t: np.ndarray, rhs_t: np.ndarray, params: tuple, attrs: dict,
              out_t_shape: tuple) -> np.ndarray:
    """int32 sums over (B, F, spatial...) lhs less its zero points (already taken off) and
    (O, I, spatial...) rhs less theirs, as TF's loops, into (B', O, spatial...)."""
    _, strides, ldil, rdil, pads = params
    n = lhs_t.ndim - 2
    padded_shape = lhs_t.shape[:2] + tuple(
        _dilated(lhs_t.shape[2 + i], ldil[i]) + pads[2 * i] + pads[2 * i + 1]
        for i in range(n))
    padded = np.zeros(padded_shape, np.int64)
    place = (slice(None), slice(None)) + tuple(
        slice(pads[2 * i], pads[2 * i] + _dilated(lhs_t.shape[2 + i], ldil[i]), ldil[i])
        for i in range(n))
    padded[place] = lhs_t
    out_b, out_o = out_t_shape[0], out_t_shape[1]
    rin = rhs_t.shape[1]
    by_f = out_o // int(attrs["feature_group_count"])
    by_b = out_o // int(attrs["batch_group_count"])
    acc = np.zeros(out_t_shape, np.int64)
    for k in itertools.product(*(range(s) for s in rhs_t.shape[2:])):
        window = (slice(None), slice(None)) + tuple(
            slice(k[i] * rdil[i], k[i] * rdil[i] + strides[i] * (out_t_shape[2 + i] - 1) + 1,
                  strides[i]) for i in range(n))
        part = padded[window]
        for o in range(out_o):
            b0, f0 = (o // by_b) * out_b, (o // by_f) * rin
            taps = rhs_t[(o, slice(None)) + k]
            acc[:, o] += np.tensordot(taps, part[b0:b0 + out_b, f0:f0 + rin], axes=([0], [1]))
    return _wrap32(acc).astype(np.int64)


def _perms(dn: dict) -> tuple:
    lhs = [dn["input_batch_dimension"], dn["input_feature_dimension"]] + \
        list(dn["input_spatial_dimensions"])
    rhs = [dn["kernel_output_feature_dimension"], dn["kernel_input_feature_dimension"]] + \
        list(dn["kernel_spatial_dimensions"])
    out = [dn["output_batch_dimension"], dn["output_feature_dimension"]] + \
        list(dn["output_spatial_dimensions"])
    return lhs, rhs, out


# ---------------------------------------------------------------------------------------
# UniformQuantizedConvolution.
# ---------------------------------------------------------------------------------------

def _conv_infer(lhs: Any, rhs: Any, *params: Any, Tout: dt.DType,  # noqa: N803
                **attrs: Any) -> list:
    op = "UniformQuantizedConvolution"
    C.dtype_attr(op, Tout, "Tout")
    check_types(op, (lhs, rhs) + params)
    check_kernel(op, {"Tin": lhs._dtype, "Tout": Tout},
                 ((("Tin", _QI8), ("Tout", _QI32)),))
    _check_attrs(op, attrs)
    if attrs["lhs_quantization_axis"] != -1:
        raise C.fail(op, "lhs_quantization_axis Attr must be -1 (per-tensor).")
    rank = None if lhs._shape is None else len(lhs._shape)
    return [(None if rank is None else (None,) * rank, Tout)]


def _positive(op: str, what: str, s: Any) -> None:
    if not (np.asarray(s, _F32) > 0).all():
        raise C.fail(op, f"{what} scales elements must be all positive.")


def _axis_checks(op: str, dn: dict, attrs: dict, rhs: tuple, rs: Any, rz: Any) -> None:
    axis = attrs["rhs_quantization_axis"]
    if axis not in (-1, dn["kernel_output_feature_dimension"]):
        raise C.fail(op, "rhs_quantization_axis Attr must be -1 (per-tensor) or "
                         "dimension_numbers.kernel_output_feature_dimension (per-channel).")
    _check_shapes(op, rhs, np.shape(rs), np.shape(rz), axis)


def _conv_kernel(xp: Any, lhs: np.ndarray, rhs: np.ndarray, ls: Any, lz: Any, rs: Any,
                 rz: Any, os_: Any, oz: Any, *, Tout: dt.DType,  # noqa: N803
                 **attrs: Any) -> np.ndarray:
    op = "UniformQuantizedConvolution"
    lhs, rhs = _plain(lhs), _plain(rhs)
    for what, s in (("lhs", ls), ("rhs", rs), ("output", os_)):
        _positive(op, what, s)
    params = _params(op, lhs.shape, rhs.shape, attrs)
    dn = params[0]
    if not (np.shape(ls) == np.shape(lz) and np.ndim(ls) == 0):
        raise C.fail(op, f"lhs scales/zero_points must be all scalar tensors. Given: "
                         f"{C.shape_str(np.shape(ls))}{C.shape_str(np.shape(lz))}")
    _axis_checks(op, dn, attrs, rhs.shape, rs, rz)
    if attrs["output_quantization_axis"] not in (-1, dn["output_feature_dimension"]):
        raise C.fail(op, "output_quantization_axis Attr must be -1 (per-tensor) or "
                         "dimension_numbers.output_feature_dimension (per-channel).")
    out_shape = _out_shape(op, lhs.shape, rhs.shape, attrs, params)
    _check_shapes(op, out_shape, np.shape(os_), np.shape(oz),
                  attrs["output_quantization_axis"])
    if np.ndim(rs) == 0 and np.ndim(os_) != 0:
        raise C.fail(op, f"If rhs is per-tensor quantized, output must be also per-tensor "
                         f"quantized. Given output scales/zero_points of rank {np.ndim(os_)}")
    lp, rp, op_ = _perms(dn)
    out_t_shape = tuple(out_shape[d] for d in op_)
    o = out_t_shape[1]
    lhs_t = np.transpose(lhs, lp).astype(np.int64) - int(lz)
    rz_ = np.broadcast_to(np.asarray(rz, np.int64).reshape(-1), (o,))
    rhs_t = np.transpose(rhs, rp).astype(np.int64) - \
        rz_.reshape((-1,) + (1,) * (rhs.ndim - 1))
    acc = _int_conv(lhs_t, rhs_t, params, attrs, out_t_shape)
    ratio = float(_F32(ls)) * np.asarray(rs, _F32).astype(np.float64) / \
        np.asarray(os_, _F32).astype(np.float64)
    q, shift = (np.broadcast_to(v.reshape(-1), (o,)) for v in _fixed_point(np.asarray(ratio),
                                                                        "UniformQuantizedConvolution"))
    along = (1, -1) + (1,) * (lhs.ndim - 2)
    total = (31 - shift).reshape(along)
    with np.errstate(over="ignore"):
        scaled = (acc * q.reshape(along) + (np.int64(1) << (total - 1))) >> total
    scaled = np.clip(scaled, -2**31, 2**31 - 1)
    zero = np.broadcast_to(np.asarray(oz, np.int64).reshape(-1)[:1] if np.ndim(os_) == 0
                           else np.asarray(oz, np.int64), (o,)).reshape(along)
    out = np.maximum(np.minimum(_wrap32(scaled + zero).astype(np.int64),
                                attrs["output_quantization_max_val"]),
                     attrs["output_quantization_min_val"])
    return np.transpose(out, np.argsort(op_)).astype(np.int32)


def _conv_attrs(**kw: Any) -> dict:
    base = {"Tout": _QI32, "window_strides": [], "padding": "VALID", "explicit_padding": [],
            "lhs_dilation": [], "rhs_dilation": [], "batch_group_count": 1,
            "feature_group_count": 1, "dimension_numbers": "",
            "lhs_quantization_axis": -1, "lhs_quantization_min_val": -128,
            "lhs_quantization_max_val": 127, "rhs_quantization_axis": -1,
            "rhs_quantization_min_val": -128, "rhs_quantization_max_val": 127,
            "output_quantization_axis": -1, "output_quantization_min_val": -2**31,
            "output_quantization_max_val": 2**31 - 1}
    base.update(kw)
    return base


def _acc_reference(lhs: np.ndarray, lz: int, rhs: np.ndarray, rz: np.ndarray,
                   attrs: dict) -> tuple:
    """Default dimension numbers, one group: each output's int sum in Python integers,
    out-of-bounds taps the zero point (adding nothing); (sums, output shape)."""
    params = _params("UniformQuantizedConvolution", lhs.shape, rhs.shape, attrs)
    _, strides, _, _, pads = params
    out_shape = _out_shape("UniformQuantizedConvolution", lhs.shape, rhs.shape, attrs, params)
    acc = np.zeros(out_shape, object)
    for idx in np.ndindex(*out_shape):
        b, o, sp = idx[0], idx[1], idx[2:]
        total = 0
        for i in range(rhs.shape[1]):
            for k in np.ndindex(*rhs.shape[2:]):
                pos = [sp[d] * strides[d] + k[d] - pads[2 * d] for d in range(len(sp))]
                if all(0 <= p < lhs.shape[2 + d] for d, p in enumerate(pos)):
                    total += (int(lhs[(b, i) + tuple(pos)]) - lz) * \
                        (int(rhs[(o, i) + k]) - int(rz[o]))
        acc[idx] = total
    return acc, out_shape


def _conv_reference(lhs: np.ndarray, rhs: np.ndarray, ls: Any, lz: Any, rs: Any, rz: Any,
                    os_: Any, oz: Any, **attrs: Any) -> np.ndarray:
    """Default dimension numbers, one group, output by output in Python integers."""
    lhs, rhs = _plain(lhs), _plain(rhs)
    o = rhs.shape[0]
    acc, out_shape = _acc_reference(lhs, int(lz), rhs, np.broadcast_to(rz, (o,)), attrs)
    rs_, os_b, oz_b = (np.broadcast_to(v, (o,)) for v in (rs, os_, oz))
    out = np.zeros(out_shape, np.int32)
    for idx in np.ndindex(*out_shape):
        ratio = float(_F32(ls)) * float(_F32(rs_[idx[1]])) / float(_F32(os_b[idx[1]]))
        r = _requant_one(acc[idx], ratio) + int(oz_b[idx[1]])
        out[idx] = max(min(r, attrs["output_quantization_max_val"]),
                       attrs["output_quantization_min_val"])
    return out


def _conv_samples() -> list:
    lhs = _quantized(np.arange(2 * 2 * 4 * 3).reshape(2, 2, 4, 3) * 37 % 256 - 128, _QI8)
    rhs = _quantized(np.arange(3 * 2 * 2 * 2).reshape(3, 2, 2, 2) * 53 % 256 - 128, _QI8)
    return [Sample((lhs, rhs, _F32(0.02), np.int32(3), _F32(0.5), np.int32(-2), _F32(0.7),
                    np.int32(5)), _conv_attrs(padding="SAME"), grad=False),
            Sample((lhs, rhs, _F32(0.02), np.int32(3), np.array([0.5, 0.01, 2], _F32),
                    np.array([0, 1, -5], np.int32), _F32(0.07), np.int32(-9)),
                   _conv_attrs(rhs_quantization_axis=0, window_strides=[1, 2],
                               explicit_padding=[1, 0, 2, 1], padding="EXPLICIT"),
                   grad=False)]


UNIFORM_QUANTIZED_CONVOLUTION = register(OpDef(
    "UniformQuantizedConvolution", _conv_infer, _conv_kernel, grad=C.no_gradient, gpu=False,
    reference=_conv_reference, samples=_conv_samples,
))


# ---------------------------------------------------------------------------------------
# UniformQuantizedConvolutionHybrid.
# ---------------------------------------------------------------------------------------

def _hybrid_infer(lhs: Any, rhs: Any, rs: Any, rz: Any, *, Tout: dt.DType,  # noqa: N803
                  **attrs: Any) -> list:
    op = "UniformQuantizedConvolutionHybrid"
    C.dtype_attr(op, Tout, "Tout")
    check_types(op, (lhs, rhs, rs, rz))
    check_kernel(op, {"Tlhs": lhs._dtype, "Trhs": rhs._dtype, "Tout": Tout},
                 ((("Tlhs", dt.float32), ("Trhs", _QI8), ("Tout", dt.float32)),))
    _check_attrs(op, attrs)
    rank = None if lhs._shape is None else len(lhs._shape)
    return [(None if rank is None else (None,) * rank, Tout)]


def _hybrid_kernel(xp: Any, lhs: np.ndarray, rhs: np.ndarray, rs: Any, rz: Any, *,
                   Tout: dt.DType, **attrs: Any) -> np.ndarray:  # noqa: N803
    op = "UniformQuantizedConvolutionHybrid"
    lhs, rhs = np.asarray(lhs, _F32), _plain(rhs)
    _positive(op, "rhs", rs)
    params = _params(op, lhs.shape, rhs.shape, attrs)
    dn = params[0]
    _axis_checks(op, dn, attrs, rhs.shape, rs, rz)
    out_shape = _out_shape(op, lhs.shape, rhs.shape, attrs, params)
    lp, rp, op_ = _perms(dn)
    out_t_shape = tuple(out_shape[d] for d in op_)
    o = out_t_shape[1]
    lhs_t = np.transpose(lhs, lp)
    q, scales, zeros = _quantize_rows(lhs_t.reshape(lhs_t.shape[0], -1 if lhs_t.size else 0))
    lhs_q = q.reshape(lhs_t.shape) - zeros.reshape((-1,) + (1,) * (lhs.ndim - 1))
    rz_ = np.broadcast_to(np.asarray(rz, np.int64).reshape(-1), (o,))
    rhs_t = np.transpose(rhs, rp).astype(np.int64) - \
        rz_.reshape((-1,) + (1,) * (rhs.ndim - 1))
    acc = _int_conv(lhs_q, rhs_t, params, attrs, out_t_shape)
    # (each output's input batch: the batch groups take the batch in turn)
    by_b = o // int(attrs["batch_group_count"])
    batch = (np.arange(o)[None, :] // by_b) * out_t_shape[0] + \
        np.arange(out_t_shape[0])[:, None]
    along = (out_t_shape[0], o) + (1,) * (lhs.ndim - 2)
    rs_ = np.broadcast_to(np.asarray(rs, _F32).reshape(-1), (o,))
    out = ((acc.astype(_F32) * scales[batch].reshape(along)).astype(_F32) *
           rs_.reshape((1, o) + (1,) * (lhs.ndim - 2))).astype(_F32)
    return np.transpose(out, np.argsort(op_))


def _hybrid_reference(lhs: np.ndarray, rhs: np.ndarray, rs: Any, rz: Any,
                      **attrs: Any) -> np.ndarray:
    """Default dimension numbers, one group: each batch quantized as a row, then the int
    sums of UniformQuantizedConvolution's reference, scaled in float32."""
    rhs = _plain(rhs)
    o = rhs.shape[0]
    rs_ = np.broadcast_to(np.asarray(rs, _F32).reshape(-1), (o,))
    out = []
    for b in range(lhs.shape[0]):
        q, s, z = _quantize_rows(np.asarray(lhs[b:b + 1], _F32).reshape(1, -1))
        acc, shape = _acc_reference(q.reshape((1,) + lhs.shape[1:]), int(z[0]), rhs,
                                    np.broadcast_to(rz, (o,)), attrs)
        vals = np.zeros(shape, _F32)
        for idx in np.ndindex(*shape):
            vals[idx] = _F32(_F32(_F32(acc[idx]) * s[0]) * rs_[idx[1]])
        out.append(vals)
    return np.concatenate(out)


def _hybrid_samples() -> list:
    lhs = (np.arange(2 * 2 * 4 * 3).reshape(2, 2, 4, 3) * 0.37 % 5 - 2).astype(_F32)
    rhs = _quantized(np.arange(3 * 2 * 2 * 2).reshape(3, 2, 2, 2) * 53 % 256 - 128, _QI8)
    attrs = {k: v for k, v in _conv_attrs().items()
             if not k.startswith(("lhs_quantization", "output_quantization"))}
    return [Sample((lhs, rhs, _F32(0.5), np.int32(-2)), {**attrs, "Tout": dt.float32},
                   grad=False),
            Sample((lhs, rhs, np.array([0.5, 0.01, 2], _F32), np.array([0, 1, -5], np.int32)),
                   {**attrs, "Tout": dt.float32, "rhs_quantization_axis": 0,
                    "padding": "SAME"}, grad=False)]


UNIFORM_QUANTIZED_CONVOLUTION_HYBRID = register(OpDef(
    "UniformQuantizedConvolutionHybrid", _hybrid_infer, _hybrid_kernel, grad=C.no_gradient,
    gpu=False, reference=_hybrid_reference, samples=_hybrid_samples,
))
