"""tf.quantization's quantize-and-dequantize: QuantizeAndDequantizeV2/V3/V4 and V4's
gradient op, in the op's T as TF's kernels compute (ComputeQuantizationRange's scale that
keeps zero, then the values clamped when the range is given, scaled, rounded and scaled
back). Split from quantization.py, whose rounding helpers it uses; loaded on first use.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.device import host_eagerly
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.tensor import convert_to_tensor, host_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import passed_raw, slow_path
from eagerflow._src.ops.quantization import (
    _F32,
    _RNG,
    _ROUND_EVEN,
    _ROUND_UP,
    _along,
    _check_same_size,
    _round,
    _string_attr,
    python_axis,
)
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_QDQ_TYPES = frozenset((dt.bfloat16, dt.float16, dt.float32, dt.float64))
# the dtypes TF's GPU kernels take (a half type's op runs on its CPU kernel)
_DEVICE_TYPES = (np.dtype(np.float32), np.dtype(np.float64))


# ---------------------------------------------------------------------------------------
# QuantizeAndDequantizeV2 / V3 / V4 and V4's gradient.
# ---------------------------------------------------------------------------------------

def _qdq_check(op: str, x: Any, lo: Any, hi: Any, axis: int) -> dt.DType:
    if x._dtype not in _QDQ_TYPES:
        raise C.fail(op, f"Value for attr 'T' of {C.dtype_word(x._dtype)} is not in the list "
                         f"of allowed values: bfloat16, half, float, double\n\t; NodeDef: "
                         f"{{{{node {op}}}}}")
    for i, t in ((1, lo), (2, hi)):
        if t._dtype is not x._dtype:
            raise C.wrong_input_dtype(op, i, x._dtype, t._dtype)
    rank = None if x._shape is None else len(x._shape)
    if op == "QuantizeAndDequantizeV3":  # (its kernel's own words, for either side)
        if axis != -1 and rank is not None and not -1 <= axis < rank:
            raise C.fail(op, f"Axis requested is larger than input dimensions. Axis: {axis} "
                             f"Input Dimensions: {rank}")
    elif axis < -1:
        raise C.fail(op, f"Axis must be at least -1. Found {axis}")
    if axis != -1 and rank is not None and rank < axis + 1:
        raise C.fail(op, f"Shape must be at least rank {axis + 1} but is rank {rank}")
    return x._dtype


def _range_shapes(op: str, x: Any, lo: Any, hi: Any, axis: int) -> None:
    """The range's shapes TF checks: scalars without an axis, else one value per slice."""
    grad = op.endswith("Grad")
    depth = None if axis == -1 or x._shape is None else x._shape[axis]
    for t, what, short in ((lo, "input_min", "min"), (hi, "input_max", "max")):
        if t._shape is None:
            continue
        if axis == -1:
            if t._shape != ():
                # (TF's V3 kernel aborts the process here: its V4Grad's words)
                raise C.fail(op, f"{what} must be a scalar if axis is unspecified" if grad
                             else f"{what} must be a scalar.")
            continue
        if len(t._shape) != 1:
            raise C.fail(op, f"Shape must be rank 1 for {what}_tensor when the axis is "
                             "specified")
        n = t._shape[0]
        if depth is not None and n is not None and n != depth:
            raise C.fail(op, f"{short} has incorrect size, expected {depth} was {n}" if grad
                         else f"{what}_tensor has incorrect size, was {n} expected {depth} to "
                              f"match dim {axis} of the input {C.shape_str(t._shape)}")


def _qdq_infer(x: Any, lo: Any, hi: Any, signed_input: bool, num_bits: int, range_given: bool,
               round_mode: str, narrow_range: bool, axis: int,
               op: str = "QuantizeAndDequantizeV4") -> list:
    d = _qdq_check(op, x, lo, hi, axis)
    _string_attr(op, "round_mode", round_mode, (_ROUND_EVEN, _ROUND_UP))
    _check_qdq_bits(op, num_bits, signed_input, "signed_input_")
    if range_given and ((lo._shape is not None and lo._shape != ()) or
                        (hi._shape is not None and hi._shape != ())):
        raise C.fail(op, "input_min must be a scalar." if lo._shape != () else
                     "input_max must be a scalar.")
    return [(x._shape, d)]


def _check_qdq_bits(op: str, num_bits: int, signed: bool, word: str) -> None:
    if not 0 < num_bits < (62 if signed else 63):
        raise C.fail(op, f"num_bits is out of range: {num_bits} with {word} {int(signed)}")


def _qdq(xp: Any, x: Any, lo: Any, hi: Any, signed_input: bool, num_bits: int,
         range_given: bool, round_mode: str, narrow_range: bool, axis: int, op: str) -> Any:
    """TF's QuantizeAndDequantizeOneScale/PerChannel in x's precision, over x's array
    module `xp`: a GPU runs float32 and float64 (TF's GPU kernels), a half type by its CPU
    kernel's terms (TF places those on the CPU)."""
    if xp is not np and x.dtype not in _DEVICE_TYPES:
        return xp.asarray(_qdq(np, to_host(x), to_host(lo), to_host(hi), signed_input,
                               num_bits, range_given, round_mode, narrow_range, axis, op))
    t = x.dtype.type
    if axis == -1:
        red = None
    else:
        red = tuple(i for i in range(x.ndim) if i != axis)
    if range_given:
        # (checked on the host: TF's GPU kernels take input_min and input_max in host
        # memory, then copy them to the device)
        lo_h = np.asarray(to_host(lo), x.dtype).reshape(-1)
        hi_h = np.asarray(to_host(hi), x.dtype).reshape(-1)
        # (TF checks min <= max, so a NaN end fails it, and only for one scale: per channel
        # its kernel takes any range)
        if axis == -1 and not (lo_h <= hi_h).all():
            i = int(np.argmax(~(lo_h <= hi_h)))
            raise C.fail(op, f"Invalid range: input_min {lo_h[i]:g} > input_max {hi_h[i]:g}")
        lo, hi = _along(xp.asarray(lo_h), x.ndim, axis), _along(xp.asarray(hi_h), x.ndim, axis)
    elif x.size == 0:
        return x.copy()
    else:
        # (Eigen's min and max reducers start from +-inf and never take a NaN)
        nan = xp.isnan(x)
        lo = xp.where(nan, xp.asarray(np.inf, x.dtype), x).min(axis=red, keepdims=red is not None)
        hi = xp.where(nan, xp.asarray(-np.inf, x.dtype), x).max(axis=red,
                                                                 keepdims=red is not None)
    if signed_input:
        qmin = -(1 << (num_bits - 1)) + (1 if narrow_range else 0)
        qmax = (1 << (num_bits - 1)) - 1
    else:
        qmin, qmax = 0, (1 << num_bits) - 1
    big = np.finfo(x.dtype).max
    with np.errstate(all="ignore"):
        qmin_t, qmax_t = t(qmin), t(qmax)
        from_min = xp.where(qmin_t * lo > 0, qmin_t / lo, big).astype(x.dtype)
        from_max = xp.where(qmax_t * hi > 0, qmax_t / hi, big).astype(x.dtype)
        use_min = from_min < from_max
        scale = xp.where(use_min, from_min, from_max).astype(x.dtype)
        inverse = xp.where(use_min, lo / qmin_t, hi / qmax_t).astype(x.dtype)
        lo2 = xp.where(use_min, lo, qmin_t * inverse).astype(x.dtype)
        hi2 = xp.where(use_min, qmax_t * inverse, hi).astype(x.dtype)
        if range_given:  # (Eigen's cwiseMin(max) then cwiseMax(min): a NaN bound passes x)
            v = xp.where(hi2 < x, hi2, x)
            v = xp.where(v < lo2, lo2, v)
        else:
            v = x
        return (_round((v * scale).astype(x.dtype), round_mode, xp) * inverse).astype(x.dtype)


def _qdq_kernel(xp: Any, x: np.ndarray, lo: Any, hi: Any, signed_input: bool, num_bits: int,
                range_given: bool, round_mode: str, narrow_range: bool, axis: int) -> Any:
    return _qdq(xp, x, lo, hi, signed_input, num_bits, range_given, round_mode, narrow_range,
                axis, "QuantizeAndDequantizeV4")


def _qdq_samples() -> list:
    base = {"signed_input": True, "num_bits": 8, "round_mode": _ROUND_EVEN,
            "narrow_range": False, "axis": -1}
    x = _RNG.uniform(-3, 3, (3, 4)).astype(_F32)
    return [Sample((x, np.array(-1.0, _F32), np.array(2.0, _F32)),
                   {**base, "range_given": True}, grad=False),
            # (per-channel ranges are vectors: TF's graph shape function refuses scalars
            # with an axis, though its eager kernel, which ignores them here, takes them)
            Sample((x, np.zeros(4, _F32), np.zeros(4, _F32)),
                   {**base, "range_given": False, "num_bits": 4, "round_mode": _ROUND_UP,
                    "axis": 1, "signed_input": False}, grad=False)]


def _qdq_ref(x: np.ndarray, lo: Any, hi: Any, **attrs: Any) -> np.ndarray:
    """Slice by slice over the axis, each a one-scale quantize-and-dequantize."""
    axis = attrs["axis"]
    if axis == -1:
        return _qdq(np, x, lo, hi, **{**attrs, "axis": -1}, op="")
    out = np.empty_like(x)
    for i in range(x.shape[axis]):
        sl = (slice(None),) * axis + (i,)
        li = lo if np.ndim(lo) == 0 else np.asarray(lo)[i]
        hi_i = hi if np.ndim(hi) == 0 else np.asarray(hi)[i]
        out[sl] = _qdq(np, x[sl], li, hi_i, **{**attrs, "axis": -1}, op="")
    return out


def _v4_grad(n: Any, g: Any) -> list:
    return list(quantize_and_dequantize_v4_grad(g, *n.inputs, axis=n.attrs["axis"]))


# TF's GPU kernels of V2, V3, V4 and V4Grad take input_min and input_max in host memory
_RANGE = (1, 2)

QDQ_V4 = register(OpDef(
    "QuantizeAndDequantizeV4", _qdq_infer, _qdq_kernel, grad=_v4_grad, reference=_qdq_ref,
    samples=_qdq_samples, host_inputs=_RANGE,
    bad_samples=lambda: [BadSample((np.ones(2, _F32), np.array(2.0, _F32), np.array(1.0, _F32)),
                                   {"signed_input": True, "num_bits": 8, "range_given": True,
                                    "round_mode": _ROUND_EVEN, "narrow_range": False,
                                    "axis": -1}, InvalidArgumentError,
                                   "Invalid range: input_min 2 > input_max 1")],
))

QDQ_V2 = register(OpDef(
    "QuantizeAndDequantizeV2",
    lambda x, lo, hi, **a: _qdq_infer(x, lo, hi, **a, op="QuantizeAndDequantizeV2"),
    lambda xp, x, lo, hi, **a: _qdq(xp, x, lo, hi, **a, op="QuantizeAndDequantizeV2"),
    # TF's gradient of V2 passes straight through, everywhere
    grad=lambda n, g: [g, None, None], reference=_qdq_ref, samples=_qdq_samples,
    host_inputs=_RANGE,
))


def _v3_infer(x: Any, lo: Any, hi: Any, num_bits: Any, signed_input: bool, range_given: bool,
              narrow_range: bool, axis: int) -> list:
    op = "QuantizeAndDequantizeV3"
    d = _qdq_check(op, x, lo, hi, axis)
    _range_shapes(op, x, lo, hi, axis)
    if num_bits._dtype is not dt.int32:
        raise C.wrong_input_dtype(op, 3, dt.int32, num_bits._dtype)
    if num_bits._shape not in ((), None):
        raise C.fail(op, f"Shape must be rank 0 but is rank {len(num_bits._shape)}")
    bits = getattr(num_bits, "_arr", None)  # (known when eager; a graph checks at run time)
    if bits is not None:
        _check_qdq_bits(op, int(bits), signed_input, "`signed_input_`")
    return [(x._shape, d)]


QDQ_V3 = register(OpDef(
    "QuantizeAndDequantizeV3", _v3_infer,
    lambda xp, x, lo, hi, num_bits, signed_input, range_given, narrow_range, axis: _qdq(
        xp, x, lo, hi, signed_input, int(to_host(num_bits)), range_given, _ROUND_EVEN,
        narrow_range, axis, "QuantizeAndDequantizeV3"),
    grad=lambda n, g: [g, None, None, None],
    reference=lambda x, lo, hi, num_bits, **a: _qdq_ref(
        x, lo, hi, num_bits=int(num_bits), round_mode=_ROUND_EVEN, **a),
    samples=lambda: [Sample((_RNG.uniform(-3, 3, (2, 3, 4)).astype(_F32),
                             np.array([-1, 0, -0.5], _F32), np.array([1, 3, 2], _F32),
                             np.array(4, np.int32)),
                            {"signed_input": True, "range_given": True, "narrow_range": True,
                             "axis": 1}, grad=False)],
    host_inputs=_RANGE + (3,),  # (and TF's HostMemory("num_bits"))
))


def _v4_grad_infer(g: Any, x: Any, lo: Any, hi: Any, axis: int) -> list:
    op = "QuantizeAndDequantizeV4Grad"
    d = x._dtype
    if d not in _QDQ_TYPES:
        raise C.fail(op, f"Value for attr 'T' of {C.dtype_word(d)} is not in the list of "
                         f"allowed values: bfloat16, half, float, double\n\t; NodeDef: "
                         f"{{{{node {op}}}}}")
    for i, t in ((0, g), (2, lo), (3, hi)):
        if t._dtype is not d:
            raise C.wrong_input_dtype(op, i, d, t._dtype)
    rank = None if x._shape is None else len(x._shape)
    if axis < -1:
        raise C.fail(op, f"Axis must be at least -1. Found {axis}")
    if rank is not None and not (axis == -1 or 0 <= axis < rank):
        raise C.fail(op, f"Axis should be -1 or 0 or a positive value less than {rank}but "
                         f"given axis value was {axis}")
    _check_same_size(op, g, x)
    _range_shapes(op, x, lo, hi, axis)
    return [(x._shape, d), (lo._shape, d), (hi._shape, d)]


def _v4_grad_kernel(xp: Any, g: Any, x: Any, lo: Any, hi: Any, axis: int) -> tuple:
    if xp is not np and x.dtype not in _DEVICE_TYPES:  # (a half type: the CPU's, as in TF)
        return tuple(map(xp.asarray, _v4_grad_kernel(np, *map(to_host, (g, x, lo, hi)),
                                                     axis)))
    lo_b = _along(xp.asarray(lo, x.dtype).reshape(-1), x.ndim, axis)
    hi_b = _along(xp.asarray(hi, x.dtype).reshape(-1), x.ndim, axis)
    inside = (x >= lo_b) & (x <= hi_b)
    return ((g * inside).astype(x.dtype),  # (a product, as TF's: NaN and -0.0 kept)
            xp.zeros(lo.shape, x.dtype), xp.zeros(hi.shape, x.dtype))



def _v4_grad_ref(g: np.ndarray, x: np.ndarray, lo: Any, hi: Any, axis: int) -> tuple:
    """Element by element: the gradient times whether the value lies in its slice's range."""
    lo_, hi_ = np.asarray(lo).reshape(-1), np.asarray(hi).reshape(-1)
    out = np.empty_like(g)
    for idx in np.ndindex(*x.shape):
        c = 0 if axis == -1 else idx[axis]
        out[idx] = g[idx] * x.dtype.type(lo_[c] <= x[idx] <= hi_[c])
    return out, np.zeros(np.shape(lo), x.dtype), np.zeros(np.shape(hi), x.dtype)

QDQ_V4_GRAD = register(OpDef(
    "QuantizeAndDequantizeV4Grad", _v4_grad_infer, _v4_grad_kernel, num_outputs=3,
    host_inputs=tuple(i + 1 for i in _RANGE),  # (after the gradient: inputs 2 and 3)
    reference=lambda g, x, lo, hi, axis: _v4_grad_ref(g, x, lo, hi, axis),
    samples=lambda: [Sample((_RNG.uniform(-1, 1, (2, 3)).astype(_F32),
                             _RNG.uniform(-3, 3, (2, 3)).astype(_F32),
                             np.array([-1, 0, -2], _F32), np.array([1, 2, 0.5], _F32)),
                            {"axis": 1}, grad=False)],
))


def _qdq_attrs(op: str, signed_input: Any, num_bits: Any, range_given: Any, round_mode: Any,
               narrow_range: Any, axis: Any, held: list) -> dict:
    """The attrs as TF's generated wrapper of `op` takes them: its fallback (which a bad
    attr or input sends it down) checks them before it converts the inputs (a bool attr
    takes a Python bool only, num_bits int() of anything but a string)."""
    return AV.wrapper_attrs(op, held, signed_input=signed_input, num_bits=num_bits,
                            range_given=range_given, round_mode=round_mode,
                            narrow_range=narrow_range, axis=axis)


def _qdq_inputs(input: Any, input_min: Any, input_max: Any) -> tuple:  # noqa: A002
    x = convert_to_tensor(input)
    with host_eagerly():  # (Python bounds made where TF's GPU kernels read them)
        return (x, convert_to_tensor(input_min, dtype_hint=x._dtype),
                convert_to_tensor(input_max, dtype_hint=x._dtype))


def _qdq_api(op: OpDef, input: Any, input_min: Any, input_max: Any, attrs: tuple,  # noqa: A002
         axis: Any, name: str | None) -> Any:
    axis, held = python_axis(axis, input), []
    attrs = _qdq_attrs(op.name, *attrs, axis, held)
    ins = _qdq_inputs(input, input_min, input_max)
    AV.raise_held(held)  # (an int past int64: after the inputs' errors, as TF's slow path)
    try:
        return bind(op, ins, attrs, name)
    except OpError as e:
        if passed_raw(input, input_min, input_max):  # (TF's slow path: no name shown)
            slow_path(e)
        raise


@dispatch_binding
def quantize_and_dequantize(input: Any, input_min: Any, input_max: Any,  # noqa: A002
                            signed_input: bool = True, num_bits: int = 8,
                            range_given: bool = False, round_mode: str = _ROUND_EVEN,
                            name: str | None = None, narrow_range: bool = False,
                            axis: Any = None) -> Any:
    """Deprecated: QuantizeAndDequantizeV2, whose gradient passes straight through."""
    return _qdq_api(QDQ_V2, input, input_min, input_max,
                (signed_input, num_bits, range_given, round_mode, narrow_range), axis, name)


@dispatch_binding
def quantize_and_dequantize_v2(input: Any, input_min: Any, input_max: Any,  # noqa: A002
                               signed_input: bool = True, num_bits: int = 8,
                               range_given: bool = False, round_mode: str = _ROUND_EVEN,
                               name: str | None = None, narrow_range: bool = False,
                               axis: Any = None) -> Any:
    """Values quantized to num_bits over their range (or the one given) and back; the
    gradient passes where the input lies within [input_min, input_max]."""
    return _qdq_api(QDQ_V4, input, input_min, input_max,
                (signed_input, num_bits, range_given, round_mode, narrow_range), axis, name)


def quantize_and_dequantize_v4_grad(gradients: Any, input: Any, input_min: Any,  # noqa: A002
                                    input_max: Any, axis: int = -1,
                                    name: str | None = None) -> tuple:
    x, lo, hi = _qdq_inputs(input, input_min, input_max)
    return bind(QDQ_V4_GRAD, (convert_to_tensor(gradients, dtype_hint=x._dtype), x, lo, hi),
                {"axis": int(axis)}, name)


def quantize_and_dequantize_v3(input: Any, input_min: Any, input_max: Any,  # noqa: A002
                               num_bits: Any, signed_input: bool = True,
                               range_given: bool = True, narrow_range: bool = False,
                               axis: int = -1, name: str | None = None) -> Any:
    ins = _qdq_inputs(input, input_min, input_max)
    return bind(QDQ_V3, ins + (host_tensor(num_bits, dt.int32),),
                {"signed_input": bool(signed_input), "range_given": bool(range_given),
                 "narrow_range": bool(narrow_range), "axis": int(axis)}, name)
