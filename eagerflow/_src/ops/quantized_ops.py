"""TF's reference quantized kernels, part one: the range arithmetic they share
(QuantizedToFloat, FloatToQuantized and its unclamped form, in TF's float and double
steps), the requantization ops (Requantize, RequantizationRange,
QuantizeDownAndShrinkRange), and the elementwise ones: QuantizedRelu, QuantizedRelu6,
QuantizedReshape, QuantizedAdd, QuantizedMul and QuantizedBiasAdd.

Each op takes quantized tensors with their float ranges (min, max) and returns its result
with the range it stands for, computed as TF 2.21's CPU kernel computes it, bit for bit
(tests/ops/quantized_ops_golden.json): the qint32 -> quint8 requantization in TF's 16-bit
fixed point, QuantizedAdd's broadcasting by flat index (as TF's kernel, for the shapes it
takes), the bias add through Eigen's float structs (quantization.py's helpers). A dtype
combination TF registers no CPU kernel for is TF's NotFoundError, listing the kernels it
has. quantized_nn_ops.py holds the matmul, convolution, pooling and normalization ops.

Sits in the ops layer after quantization.py; `import eagerflow` loads it on first use.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import NotFoundError, UnimplementedError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import tf_op_defs
from eagerflow._src.ops.quantization import _from_float_q, _q, _round_away, _to_float_q
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_F32 = np.float32
_QU8, _QI8, _QI32 = dt.quint8, dt.qint8, dt.qint32

# ---------------------------------------------------------------------------------------
# TF's range arithmetic (quantization_utils.h), over arrays, for any storage type.
# ---------------------------------------------------------------------------------------


def _bits(storage: Any) -> int:
    return 8 * np.dtype(storage).itemsize


def lowest(storage: Any) -> int:
    return int(np.iinfo(storage).min)


def highest(storage: Any) -> int:
    return int(np.iinfo(storage).max)


def _range_scale(lo: float, hi: float, storage: Any) -> float:
    """(max - min) in float32, widened by steps / (steps - 1) in double."""
    steps = float(1 << _bits(storage))
    return float(_F32(hi) - _F32(lo)) * (steps / (steps - 1.0))


def to_quantized_unclamped(x: Any, lo: float, hi: float, storage: Any) -> np.ndarray:
    """FloatToQuantizedUnclamped: float32 values to integers (int64) of `storage`'s scale
    over [lo, hi], in double, rounded half away from zero; not clamped."""
    x = np.asarray(x, np.float64)
    if _F32(lo) == _F32(hi):
        return np.full(x.shape, lowest(storage), np.int64)
    scale = float(1 << _bits(storage)) / _range_scale(lo, hi, storage)
    with np.errstate(all="ignore"):
        q = _round_away(x * scale) - _round_away(np.float64(float(_F32(lo)) * scale))
        q = np.where(np.isfinite(q), q, -2.0**63)
        q = np.clip(q, -2.0**63, 2.0**63 - 1024)
    return q.astype(np.int64) + lowest(storage)


def to_quantized(x: Any, lo: float, hi: float, storage: Any) -> np.ndarray:
    """FloatToQuantized: to_quantized_unclamped clamped to `storage`'s bounds. The clamp
    is of the steps above the lowest value, before that is added, as TF's compiled kernel
    takes it (its int64 sum cannot overflow there): a NaN or infinite step count, int64's
    most negative, gives the lowest value rather than wrapping past it."""
    low, high = lowest(storage), highest(storage)
    q = to_quantized_unclamped(x, lo, hi, storage)
    with np.errstate(over="ignore"):
        steps = q - np.int64(low)  # (undoes the unclamped value's addition, wrap and all)
    sentinel = steps == np.iinfo(np.int64).min
    return np.where(sentinel, low, np.clip(q, low, high)).astype(storage)


def to_float(q: Any, lo: float, hi: float, storage: Any) -> np.ndarray:
    """QuantizedToFloat: integers of `storage` to the float32 values they stand for over
    [lo, hi] (in double, from a lowest value rounded in float32)."""
    # (a qint value converts to double through float32, Eigen's conversion of its types)
    q = np.asarray(q).astype(_F32).astype(np.float64)
    lo32 = _F32(lo)
    if lo32 == _F32(hi):
        return np.full(q.shape, lo32, _F32)
    scale = _range_scale(lo, hi, storage) / float(1 << _bits(storage))
    s32 = _F32(scale)
    with np.errstate(all="ignore"):
        lo_rounded = float(_round_away(np.asarray(_F32(lo32 / s32))) * s32)
        return (lo_rounded + (q - lowest(storage)) * scale).astype(_F32)


def range_for_multiplication(lo_a: float, hi_a: float, lo_b: float, hi_b: float,
                             a: Any, b: Any, c: Any) -> tuple:
    """QuantizationRangeForMultiplication: the range of a product's integers."""
    with np.errstate(all="ignore"):
        step_a = _F32(_F32(_F32(hi_a) - _F32(lo_a)) / _F32(highest(a) - lowest(a)))
        step_b = _F32(_F32(_F32(hi_b) - _F32(lo_b)) / _F32(highest(b) - lowest(b)))
        step = _F32(step_a * step_b)
        return _F32(step * _F32(lowest(c))), _F32(step * _F32(highest(c)))


def requantize_32_to_8(x: np.ndarray, lo: float, hi: float, out_lo: float,
                       out_hi: float) -> np.ndarray:
    """TF's fixed-point requantization of qint32 to quint8 (16 fraction bits)."""
    f = _F32
    in_range = f(f(hi) - f(lo))
    out_range = f(f(out_hi) - f(out_lo))
    with np.errstate(all="ignore"):
        recip = f(0.0) if out_range == 0 else f(255.0 / float(out_range))
        rezero = f(float(f(f(lo) + f(hi))) / 2.0)
        scale_fp = 0 if out_range == 0 else \
            _c_int64(255.0 * 65536 * float(in_range) / float(out_range))
        in_offset = _c_int64(f(f(rezero * recip) * f(65536)))
        out_offset = 0 if out_range == 0 else \
            _c_int64(65536 * (float(f(out_lo)) * 255.0) / float(out_range))
        # (Eigen casts a qint32 to int64 through float32; int64 products wrap, as TF's)
        v = (x.astype(_F32).astype(np.int64) * np.int64(scale_fp)) >> 32
        v = (v + np.int64(_wrap64(in_offset - out_offset + 32768))) >> 16
    return np.clip(v, 0, 255).astype(np.uint8)


def _c_int64(v: float) -> int:
    """C++'s static_cast<int64_t> of a float as TF's x86 builds do it: NaN, an infinity
    or a value past the int64 range becomes INT64_MIN (a range of inf or NaN then gives
    TF's results, not an error)."""
    v = float(v)
    return int(v) if math.isfinite(v) and -2.0**63 <= v < 2.0**63 else -2**63


def _wrap64(v: int) -> int:
    """`v` wrapped into int64, as TF's int64 sums of such offsets wrap."""
    return (v + 2**63) % 2**64 - 2**63


def requantize_eigen(x: np.ndarray, lo: float, hi: float, out_lo: float, out_hi: float,
                     out_storage: Any) -> np.ndarray:
    """RequantizeManyInNewRangeUsingEigen: through float32 with Eigen's structs, except the
    qint32 -> quint8 case TF computes in fixed point."""
    if x.dtype == np.int32 and np.dtype(out_storage) == np.uint8:
        return requantize_32_to_8(x, lo, hi, out_lo, out_hi)
    return _from_float_q(_to_float_q(x, lo, hi), out_lo, out_hi, out_storage)


# -- the same definitions value by value, in Python scalars (the ops' references) --

def _s_f32(v: float) -> float:
    return float(_F32(v))


def _s_round(v: float) -> float:
    return math.copysign(math.floor(abs(v) + 0.5), v)


def _s_unclamped(v: float, lo: float, hi: float, bits: int, low: int) -> int:
    if _s_f32(lo) == _s_f32(hi):
        return low
    steps = 2.0 ** bits
    scale = steps / ((_s_f32(_s_f32(hi) - _s_f32(lo))) * (steps / (steps - 1.0)))
    return int(_s_round(v * scale) - _s_round(_s_f32(lo) * scale)) + low


def _s_float(q: int, lo: float, hi: float, bits: int, low: int) -> float:
    if _s_f32(lo) == _s_f32(hi):
        return _s_f32(lo)
    steps = 2.0 ** bits
    scale = _s_f32(_s_f32(hi) - _s_f32(lo)) * (steps / (steps - 1.0)) / steps
    step32 = _s_f32(scale)
    base = _s_f32(_s_round(_s_f32(_s_f32(lo) / step32)) * step32)
    return _s_f32(base + (_s_f32(q) - low) * scale)


def range_for_add(lo_a: float, hi_a: float, lo_b: float, hi_b: float) -> tuple:
    """GetOutputMinAndMaxForQuantizedAdd: symmetric about zero, 2**17 times the widest."""
    big = _F32(max(hi_a, -lo_a, hi_b, -lo_b)) * _F32(1 << 17)
    return _F32(-big), _F32(big)


# ---------------------------------------------------------------------------------------
# TF's checks: type attrs against the op's definition, then its CPU kernels.
# ---------------------------------------------------------------------------------------

def _attr_text(value: Any) -> str:
    if isinstance(value, dt.DType):
        return C.dt_enum(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (bytes, str)):
        return f'"{value.decode() if isinstance(value, bytes) else value}"'
    if isinstance(value, float):
        return format(float(_F32(value)), "g")
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(_attr_text(v) for v in value) + "]"
    return str(value)


def node_text(attrs: dict) -> str:
    """A node's attrs as TF prints them in its kernel errors: sorted by name."""
    return ", ".join(f"{k}={_attr_text(attrs[k])}" for k in sorted(attrs))


def check_arity(op: str, inputs: tuple) -> None:
    """As many inputs as TF's definition of `op` names (a call of an op whose infer takes
    them as *params with one missing or one too many: a TypeError naming them, as TF's
    wrapper's for a missing argument), where the definition has no list inputs."""
    args = tf_op_defs.signatures().get(op, {}).get("inputArg", [])
    if args and not any("numberAttr" in a or "typeListAttr" in a for a in args):
        C.input_count(op, tuple(a["name"] for a in args), inputs)


def check_types(op: str, inputs: tuple) -> None:
    """Each input's dtype against TF's definition: the type attr's allowed list, or the
    fixed type (float for the ranges), after their number."""
    check_arity(op, inputs)
    for i, x in enumerate(inputs):
        attr = tf_op_defs.input_type_attr(op, i)
        if attr is None:
            want = tf_op_defs.signatures()[op]["inputArg"][i]["type"]
            if C.dt_enum(x._dtype) != want:
                raise C.wrong_input_dtype(op, i, dt.as_dtype(want[3:].lower().replace(
                    "float", "float32").replace("double", "float64")), x._dtype)
            continue
        listed = tf_op_defs.allowed_types(op, attr)
        if listed and C.dt_enum(x._dtype) not in listed:
            summary = tf_op_defs.summary(op)
            raise C.fail(op, f"Value for attr '{attr}' of {C.dtype_word(x._dtype)} is not in "
                             f"the list of allowed values: {tf_op_defs.type_words(listed)}\n\t"
                             f"; NodeDef: {{{{node {op}}}}}" + (f"; {summary}" if summary
                                                                else ""))


def check_kernel(op: str, node: dict, kernels: tuple) -> None:
    """TF's NotFoundError where none of the op's CPU `kernels` (each a tuple of (attr,
    dtype) constraints, in TF's listing order) admits the node's attrs."""
    if any(all(node[a] is d for a, d in k) for k in kernels):
        return
    lines = "".join("\n  device='CPU'; " + "; ".join(f"{a} in [{C.dt_enum(d)}]" for a, d in k)
                    for k in kernels)
    raise NotFoundError(None, None, f"Could not find device for node: {{{{node {op}}}}} = "
                                    f"{op}[{node_text(node)}]\nAll kernels registered for op "
                                    f"{op}:{lines}\n [Op:{op}]")


def input_attrs(op: str, inputs: tuple) -> dict:
    """The node's type attrs that the inputs set, by TF's definition."""
    out = {}
    for i, x in enumerate(inputs):
        attr = tf_op_defs.input_type_attr(op, i)
        if attr is not None:
            out.setdefault(attr, x._dtype)
    return out


def scalar(op: str, a: np.ndarray, message: str) -> float:
    """A range input's one value, where TF's kernel wants a scalar (`message`: its words,
    with {shape} for the shape's text)."""
    if np.ndim(a) != 0:
        raise C.fail(op, message.format(shape=C.shape_str(np.shape(a)), rank=np.ndim(a)))
    return float(a)


def first(op: str, a: np.ndarray, what: str) -> float:
    """A range input's first value, as TF's kernels read it (flat<float>()(0))."""
    a = np.asarray(a).reshape(-1)
    if a.size == 0:
        raise C.fail(op, f"{what} must have at least one element")
    return float(a[0])


def plain_ref(fn: Any) -> Any:
    """A reference taking the suites' arrays: quantized ones (a one-field record type)
    as their plain integers."""
    def ref(*arrays: Any, **attrs: Any) -> Any:
        arrays = tuple(np.asarray(a) for a in arrays)
        return fn(*(a.view(a.dtype[0]) if a.dtype.names else a for a in arrays), **attrs)
    return ref


def _f(v: float) -> np.ndarray:
    return np.array(v, _F32)


def _outs(shape: Any, d: dt.DType, n_ranges: int = 2) -> list:
    return [(shape, d)] + [((), dt.float32)] * n_ranges


# ---------------------------------------------------------------------------------------
# Requantize, RequantizationRange, QuantizeDownAndShrinkRange.
# ---------------------------------------------------------------------------------------

def _requantize_infer(x: Any, lo: Any, hi: Any, out_lo: Any, out_hi: Any,
                      out_type: dt.DType) -> list:
    op = "Requantize"
    C.dtype_attr(op, out_type, "out_type")
    check_types(op, (x, lo, hi, out_lo, out_hi))
    check_kernel(op, {"Tinput": x._dtype, "out_type": out_type},
                 ((("Tinput", _QI32), ("out_type", _QI8)),
                  (("Tinput", _QI32), ("out_type", _QU8))))
    return _outs(x._shape, out_type)


def _requantize_kernel(xp: Any, x: np.ndarray, lo: Any, hi: Any, out_lo: Any, out_hi: Any,
                       out_type: dt.DType) -> tuple:
    op = "Requantize"
    lo, hi = first(op, lo, "input_min"), first(op, hi, "input_max")
    out_lo, out_hi = first(op, out_lo, "requested_output_min"), \
        first(op, out_hi, "requested_output_max")
    if not out_lo <= 0.0:
        raise C.fail(op, f"requested_output_min must be <= 0, but got {_g(out_lo)}")
    if not out_hi >= out_lo:
        raise C.fail(op, f"requested_output_max must be >= requested_output_min, but got "
                         f"{_g(out_hi)} and {_g(out_lo)}")
    out = requantize_eigen(np.asarray(x), lo, hi, out_lo, out_hi, out_type.storage_type)
    return out, _f(out_lo), _f(out_hi)


def _g(v: float) -> str:
    """A float as TF's StrCat prints it (%g-like, 6 significant digits)."""
    return format(float(_F32(v)), ".6g") if math.isfinite(v) else \
        ("nan" if math.isnan(v) else ("inf" if v > 0 else "-inf"))


def _requantize_ref(x: np.ndarray, lo: Any, hi: Any, out_lo: Any, out_hi: Any,
                    out_type: dt.DType) -> tuple:
    lo, hi, out_lo, out_hi = float(lo), float(hi), float(out_lo), float(out_hi)
    if out_type is _QU8:  # (TF's reference loop of its 16-bit fixed point)
        in_range, out_range = _s_f32(hi - lo), _s_f32(out_hi - out_lo)
        recip = _s_f32(255.0 / out_range) if out_range else 0.0
        rezero = _s_f32(_s_f32(lo + hi) / 2.0)
        scale = int(255.0 * 65536 * in_range / out_range) if out_range else 0
        offset = int(_s_f32(_s_f32(rezero * recip) * 65536.0))
        out_offset = int(65536 * (out_lo * 255.0) / out_range) if out_range else 0
        vals = [min(max(((((int(_F32(v)) * scale) >> 32) + offset - out_offset + 32768)
                         >> 16), 0), 255) for v in x.reshape(-1)]
        out = np.array(vals, np.uint8).reshape(x.shape)
    else:
        out = _from_float_q(_to_float_q(x, lo, hi), out_lo, out_hi, out_type.storage_type)
    return out, _f(out_lo), _f(out_hi)


def _i32(values: Any) -> np.ndarray:
    return _q(values, _QI32)


REQUANTIZE = register(OpDef(
    "Requantize", _requantize_infer, _requantize_kernel, num_outputs=3, gpu=False,
    reference=plain_ref(_requantize_ref),
    samples=lambda: [Sample((_i32([[-(1 << 30), 5000, 1 << 20], [7, -1, 123456789]]), _f(-8.0),
                             _f(8.0), _f(-2.0), _f(2.0)), {"out_type": t}, grad=False)
                     for t in (_QU8, _QI8)],
    bad_samples=lambda: [BadSample((_i32([1]), _f(-1.0), _f(1.0), _f(1.0), _f(2.0)),
                                   {"out_type": _QU8}, Exception,
                                   "requested_output_min must be <= 0, but got 1")],
))


def _actual_range(x: np.ndarray, lo: float, hi: float) -> tuple:
    """RequantizationRange's range of the values present: the smallest and largest held
    (the type's highest and lowest when empty), as floats, the minimum at most zero."""
    storage = x.dtype
    small = int(x.min()) if x.size else highest(storage)
    large = int(x.max()) if x.size else lowest(storage)
    a = float(to_float(np.array(small), lo, hi, storage))
    return _F32(min(0.0, a)), to_float(np.array(large), lo, hi, storage)[()]


def _range_infer(x: Any, lo: Any, hi: Any) -> list:
    op = "RequantizationRange"
    check_types(op, (x, lo, hi))
    check_kernel(op, {"Tinput": x._dtype}, ((("Tinput", _QI32),),))
    return [((), dt.float32), ((), dt.float32)]


def _range_kernel(xp: Any, x: np.ndarray, lo: Any, hi: Any) -> tuple:
    op = "RequantizationRange"
    a, b = _actual_range(np.asarray(x), first(op, lo, "input_min"), first(op, hi, "input_max"))
    return _f(a), _f(b)


def _plain_float(q: np.ndarray, lo: float, hi: float) -> np.ndarray:
    """A reference dequantization of qint32: the linear map of [lowest, highest] onto
    [lo, hi], in double."""
    return lo + (q.astype(np.float64) + 2.0**31) * ((hi - lo) / (2.0**32 - 1.0))


def _range_ref(x: np.ndarray, lo: Any, hi: Any) -> tuple:
    v = _plain_float(x, float(lo), float(hi))
    return _f(min(0.0, v.min())), _f(v.max())


REQUANTIZATION_RANGE = register(OpDef(
    "RequantizationRange", _range_infer, _range_kernel, num_outputs=2, gpu=False,
    reference=plain_ref(_range_ref),
    samples=lambda: [Sample((_i32([[-(1 << 30), 5000], [7, 1 << 28]]), _f(-8.0), _f(8.0)),
                            grad=False),
                     Sample((_i32([5, 6000]), _f(-1.5), _f(3.0)), grad=False)],
))


def _shrink_infer(x: Any, lo: Any, hi: Any, out_type: dt.DType) -> list:
    op = "QuantizeDownAndShrinkRange"
    C.dtype_attr(op, out_type, "out_type")
    check_types(op, (x, lo, hi))
    check_kernel(op, {"Tinput": x._dtype, "out_type": out_type},
                 ((("Tinput", _QI32), ("out_type", _QU8)),))
    return _outs(x._shape, out_type)


def _shrink_kernel(xp: Any, x: np.ndarray, lo: Any, hi: Any, out_type: dt.DType) -> tuple:
    op = "QuantizeDownAndShrinkRange"
    x = np.asarray(x)
    lo, hi = first(op, lo, "input_min"), first(op, hi, "input_max")
    a, b = _actual_range(x, lo, hi)
    # (TF widens the range to hold zero, and to at least one step of the input's)
    out = requantize_eigen(x, lo, hi, float(a), float(b), out_type.storage_type)
    return out, _f(a), _f(b)


def _shrink_ref(x: np.ndarray, lo: Any, hi: Any, out_type: dt.DType) -> tuple:
    a, b = _range_ref(x, lo, hi)
    v = _plain_float(x, float(lo), float(hi))
    q = np.clip(np.round((v - float(a)) * (255.0 / (float(b) - float(a)))), 0, 255)
    return q.astype(np.uint8), a, b


QUANTIZE_DOWN_AND_SHRINK_RANGE = register(OpDef(
    "QuantizeDownAndShrinkRange", _shrink_infer, _shrink_kernel, num_outputs=3, gpu=False,
    reference=plain_ref(_shrink_ref),
    samples=lambda: [Sample((_i32([[-(1 << 30), 5000], [7, 1 << 28]]), _f(-8.0), _f(8.0)),
                            {"out_type": _QU8}, grad=False)],
))


# ---------------------------------------------------------------------------------------
# QuantizedRelu, QuantizedRelu6, QuantizedReshape.
# ---------------------------------------------------------------------------------------

_RELU_KERNELS = ((("Tinput", _QU8), ("out_type", _QU8)), (("Tinput", _QI32), ("out_type", _QI32)))


def _relu_infer(op: str) -> Any:
    def infer(x: Any, lo: Any, hi: Any, out_type: dt.DType) -> list:
        C.dtype_attr(op, out_type, "out_type")
        check_types(op, (x, lo, hi))
        check_kernel(op, {"Tinput": x._dtype, "out_type": out_type}, _RELU_KERNELS)
        return _outs(x._shape, out_type)
    return infer


def _relu_kernel(op: str, top: float | None) -> Any:
    def kernel(xp: Any, x: np.ndarray, lo: Any, hi: Any, out_type: dt.DType) -> tuple:
        x = np.asarray(x)
        lo, hi = first(op, lo, "min_features"), first(op, hi, "max_features")
        out = np.maximum(x, to_quantized(0.0, lo, hi, x.dtype))
        if top is not None:
            out = np.minimum(out, to_quantized(top, lo, hi, x.dtype))
        return out.astype(x.dtype), _f(lo), _f(hi)
    return kernel


def _relu_ref(top: float | None) -> Any:
    def ref(x: np.ndarray, lo: Any, hi: Any, out_type: dt.DType) -> tuple:
        bits, low, high = _bits(x.dtype), lowest(x.dtype), highest(x.dtype)

        def q(v: float) -> int:
            return min(max(_s_unclamped(v, float(lo), float(hi), bits, low), low), high)
        floor, cap = q(0.0), (high if top is None else q(top))
        out = [min(max(int(v), floor), cap) for v in x.reshape(-1)]
        return np.array(out, x.dtype).reshape(x.shape), _f(float(lo)), _f(float(hi))
    return ref


def _relu_samples() -> list:
    return [Sample((_q([[0, 100, 127, 128], [200, 255, 3, 140]], _QU8), _f(-1.0), _f(7.0)),
                   {"out_type": _QU8}, grad=False),
            Sample((_i32([-5, 0, 1 << 30, 7]), _f(-3.0), _f(9.0)), {"out_type": _QI32},
                   grad=False)]


QUANTIZED_RELU = register(OpDef(
    "QuantizedRelu", _relu_infer("QuantizedRelu"), _relu_kernel("QuantizedRelu", None),
    num_outputs=3, gpu=False, reference=plain_ref(_relu_ref(None)), samples=_relu_samples))
QUANTIZED_RELU6 = register(OpDef(
    "QuantizedRelu6", _relu_infer("QuantizedRelu6"),
    _relu_kernel("QuantizedRelu6", 6.0), num_outputs=3,
    gpu=False, reference=plain_ref(_relu_ref(6.0)), samples=_relu_samples))


def _reshape_infer(x: Any, shape: Any, lo: Any, hi: Any) -> list:
    op = "QuantizedReshape"
    check_types(op, (x, shape, lo, hi))
    check_kernel(op, {"T": x._dtype, "Tshape": shape._dtype},
                 ((("T", _QI32),), (("T", _QU8),)))
    return [(None, x._dtype), ((), dt.float32), ((), dt.float32)]


def _reshape_kernel(xp: Any, x: np.ndarray, shape: np.ndarray, lo: Any, hi: Any) -> tuple:
    op = "QuantizedReshape"
    x = np.asarray(x)
    shape = [int(s) for s in np.asarray(shape).reshape(-1)]
    if np.ndim(lo) != 0:
        raise C.fail(op, f"input_min must be a scalar. {_shape_words(lo)}")
    if np.ndim(hi) != 0:
        raise C.fail(op, f"input_max must be a scalar. {_shape_words(hi)}")
    unknown = [i for i, s in enumerate(shape) if s == -1]
    known = math.prod(s for s in shape if s != -1)
    if len(unknown) > 1:
        raise C.fail(op, f"Only one input size may be -1, not both {unknown[0]} and "
                         f"{unknown[1]}")
    if any(s < -1 for s in shape):
        bad = next(i for i, s in enumerate(shape) if s < -1)
        raise C.fail(op, f"Size {bad} must be non-negative, not {shape[bad]}")
    if unknown and known and x.size % known == 0:
        shape[unknown[0]] = x.size // known
    if math.prod(shape) != x.size or (unknown and known == 0):
        raise C.fail(op, f"Input to reshape is a tensor with {x.size} values, but the "
                         f"requested shape has {math.prod(shape) if not unknown else known}")
    return x.reshape(shape), _f(float(lo)), _f(float(hi))


def _shape_words(a: Any) -> str:
    return f"Got shape {C.shape_str(np.shape(a))}"


QUANTIZED_RESHAPE = register(OpDef(
    "QuantizedReshape", _reshape_infer, _reshape_kernel, num_outputs=3, gpu=False,
    host_inputs=(1,),
    reference=plain_ref(lambda x, s, lo, hi: (x.reshape([int(v) for v in s]),
                                              _f(float(lo)), _f(float(hi)))),
    samples=lambda: [Sample((_q([[1, 2, 3], [4, 5, 6]], _QU8), np.array([3, 2], np.int32),
                             _f(-1.0), _f(1.0)), grad=False)],
))


# ---------------------------------------------------------------------------------------
# QuantizedAdd, QuantizedMul: TF's three broadcast patterns (scalar, same size, a vector
# repeated along a tensor's flat values).
# ---------------------------------------------------------------------------------------

def collapsed_rank(xs: tuple, ys: tuple) -> int:
    """The number of dimensions TF's BCast reshapes two shapes to: runs of dimensions
    broadcast the same way merged, dimensions of size 1 in both dropped."""
    r = max(len(xs), len(ys))
    xs, ys = (1,) * (r - len(xs)) + tuple(xs), (1,) * (r - len(ys)) + tuple(ys)
    if xs == ys:
        return 1
    n, prev = 0, None
    for a, b in zip(xs, ys):
        if a == 1 and b == 1:
            continue
        state = (a == 1, b == 1)
        if state != prev:
            n += 1
            prev = state
    return max(n, 1)


def _binary_infer(op: str) -> Any:
    def infer(x: Any, y: Any, lo_x: Any, hi_x: Any, lo_y: Any, hi_y: Any,
              Toutput: dt.DType) -> list:  # noqa: N803 (TF's name)
        C.dtype_attr(op, Toutput, "Toutput")
        check_types(op, (x, y, lo_x, hi_x, lo_y, hi_y))
        check_kernel(op, {"T1": x._dtype, "T2": y._dtype, "Toutput": Toutput},
                     ((("T1", _QU8), ("T2", _QU8), ("Toutput", _QI32)),))
        if x._shape is None or y._shape is None or None in x._shape + y._shape:
            return _outs(None, Toutput)
        try:
            shape = np.broadcast_shapes(x._shape, y._shape)
        except ValueError:
            raise C.fail(op, f"Incompatible shapes: {C.shape_str(x._shape)} vs. "
                             f"{C.shape_str(y._shape)}") from None
        return _outs(shape, Toutput)
    return infer


def _by_pattern(op: str, x: np.ndarray, y: np.ndarray, scalar_fn: Any, pair_fn: Any) -> Any:
    """TF's kernels' three paths: `scalar_fn(full, scalar, full_is_x)` when one side has
    one value, else `pair_fn(xv, yv)` over flat values (the smaller one repeated)."""
    n = collapsed_rank(x.shape, y.shape)
    shape = np.broadcast_shapes(x.shape, y.shape)
    if n <= 1:
        if x.size == 1:
            return scalar_fn(y.reshape(-1), x.reshape(-1)[0], False).reshape(shape)
        if y.size == 1:
            return scalar_fn(x.reshape(-1), y.reshape(-1)[0], True).reshape(shape)
        return pair_fn(x.reshape(-1), y.reshape(-1)).reshape(shape)
    if n == 2:
        small_is_x = x.size < y.size
        small, big = (x, y) if small_is_x else (y, x)
        if small.size == 0:
            raise C.fail(op, "Must have some elements to add" if op == "QuantizedAdd" else
                         "vector must have at least 1 element")
        rep = np.resize(small.reshape(-1), big.size)
        a, b = (rep, big.reshape(-1)) if small_is_x else (big.reshape(-1), rep)
        return pair_fn(a, b).reshape(shape)
    raise UnimplementedError(None, None, f"Broadcast between {C.shape_str(x.shape)} and "
                                         f"{C.shape_str(y.shape)} is not supported yet. "
                                         f"[Op:{op}]")


def _ranges(op: str, arrays: tuple, words: tuple) -> list:
    return [scalar(op, a, w) for a, w in zip(arrays, words)]


def _wrap32(v: np.ndarray) -> np.ndarray:
    return v.astype(np.int64).astype(np.int32)


def _add_kernel(xp: Any, x: np.ndarray, y: np.ndarray, lo_x: Any, hi_x: Any, lo_y: Any,
                hi_y: Any, Toutput: dt.DType) -> tuple:  # noqa: N803
    op = "QuantizedAdd"
    x, y = np.asarray(x), np.asarray(y)
    lo_x, hi_x, lo_y, hi_y = _ranges(op, (lo_x, hi_x, lo_y, hi_y), tuple(
        f"`{w}` must be rank 0 but is rank {{rank}}" for w in ("min_x", "max_x", "min_y",
                                                              "max_y")))
    np.broadcast_shapes(x.shape, y.shape)
    if not hi_x > lo_x:
        raise C.fail(op, "max_x must be larger than min_x.")
    if not hi_y > lo_y:
        raise C.fail(op, "max_y must be larger than min_y.")
    big = _F32(max(abs(_F32(min(lo_x, lo_y))), abs(_F32(max(hi_x, hi_y)))))
    top = _F32(big * _F32(1 << 14))
    lo_z, hi_z = float(-top), float(top)

    def in_total(v: np.ndarray, lo: float, hi: float) -> np.ndarray:
        # (quint8 -> qint32: the value of 0 and the step between 1 and 0, in int64, clamped)
        zero = to_quantized_unclamped(to_float(0, lo, hi, np.uint8), lo_z, hi_z, np.int32)
        one = to_quantized_unclamped(to_float(1, lo, hi, np.uint8), lo_z, hi_z, np.int32)
        mult = np.int64(_wrap32(one - zero))
        out = np.clip(zero + v.astype(np.int64) * mult, -2**31, 2**31 - 1)
        return out.astype(np.int32)

    def scalar_fn(full: np.ndarray, s: Any, full_is_x: bool) -> np.ndarray:
        (lf, hf), (ls, hs) = ((lo_x, hi_x), (lo_y, hi_y)) if full_is_x else \
            ((lo_y, hi_y), (lo_x, hi_x))
        s_total = to_quantized(to_float(s, ls, hs, np.uint8), lo_z, hi_z, np.int32)
        return _wrap32(in_total(full, lf, hf).astype(np.int64) + int(s_total))

    def pair_fn(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        return _wrap32(in_total(a, lo_x, hi_x).astype(np.int64) + in_total(b, lo_y, hi_y))

    out = _by_pattern(op, x, y, scalar_fn, pair_fn)
    return out, _f(lo_z), _f(hi_z)


def _mul_kernel(xp: Any, x: np.ndarray, y: np.ndarray, lo_x: Any, hi_x: Any, lo_y: Any,
                hi_y: Any, Toutput: dt.DType) -> tuple:  # noqa: N803
    op = "QuantizedMul"
    x, y = np.asarray(x), np.asarray(y)
    lo_x, hi_x, lo_y, hi_y = _ranges(op, (lo_x, hi_x, lo_y, hi_y), tuple(
        f"{w} must be a scalar" for w in ("min_x", "max_x", "min_y", "max_y")))
    np.broadcast_shapes(x.shape, y.shape)
    if not hi_x > lo_x:
        raise C.fail(op, "max_x must be larger than min_a.")
    if not hi_y > lo_y:
        raise C.fail(op, "max_x must be larger than min_b.")
    off_x = int(_wrap32(to_quantized_unclamped(0.0, lo_x, hi_x, np.uint8)))
    off_y = int(_wrap32(to_quantized_unclamped(0.0, lo_y, hi_y, np.uint8)))

    def scalar_fn(full: np.ndarray, s: Any, full_is_x: bool) -> np.ndarray:
        of, os_ = (off_x, off_y) if full_is_x else (off_y, off_x)
        return _wrap32((full.astype(np.int64) - of) * (int(s) - os_))

    def pair_fn(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        return _wrap32((a.astype(np.int64) - off_x) * (b.astype(np.int64) - off_y))

    out = _by_pattern(op, x, y, scalar_fn, pair_fn)
    lo_z, hi_z = range_for_multiplication(lo_x, hi_x, lo_y, hi_y, np.uint8, np.uint8, np.int32)
    return out, _f(lo_z), _f(hi_z)


def _binary_samples() -> list:
    a = _q([[0, 17, 128, 255], [3, 90, 200, 64]], _QU8)
    return [Sample((a, _q([[5, 250, 128, 1], [0, 255, 77, 9]], _QU8), _f(-1.0), _f(2.0),
                    _f(-0.5), _f(0.7)), {"Toutput": _QI32}, grad=False),
            Sample((a, _q([7, 130, 255, 0], _QU8), _f(-3.0), _f(1.0), _f(0.0), _f(6.0)),
                   {"Toutput": _QI32}, grad=False),
            Sample((_q(200, _QU8), a, _f(-1.0), _f(1.0), _f(-4.0), _f(4.0)),
                   {"Toutput": _QI32}, grad=False)]


def _add_ref(x: np.ndarray, y: np.ndarray, lo_x: Any, hi_x: Any, lo_y: Any, hi_y: Any,
             Toutput: dt.DType) -> tuple:  # noqa: N803
    # (value by value: each side's value of 0 and its step in the sum's range, then the
    # scalar side requantized once, as TF's loops)
    lx, hx, ly, hy = float(lo_x), float(hi_x), float(lo_y), float(hi_y)
    top = _s_f32(max(abs(_s_f32(min(lx, ly))), abs(_s_f32(max(hx, hy)))) * 16384.0)

    def line(lo: float, hi: float) -> tuple:
        z = _s_unclamped(_s_float(0, lo, hi, 8, 0), -top, top, 32, -2**31)
        one = _s_unclamped(_s_float(1, lo, hi, 8, 0), -top, top, 32, -2**31)
        return z, one - z

    def total(v: int, lo: float, hi: float) -> int:
        z, m = line(lo, hi)
        return min(max(z + v * m, -2**31), 2**31 - 1)

    def requant(v: int, lo: float, hi: float) -> int:
        u = _s_unclamped(_s_float(v, lo, hi, 8, 0), -top, top, 32, -2**31)
        return min(max(u, -2**31), 2**31 - 1)

    bx, by = np.broadcast_arrays(x, y)
    out = []
    for a, b in zip(bx.reshape(-1).tolist(), by.reshape(-1).tolist()):
        if x.size == 1:
            out.append(total(b, ly, hy) + requant(a, lx, hx))
        elif y.size == 1:
            out.append(total(a, lx, hx) + requant(b, ly, hy))
        else:
            out.append(total(a, lx, hx) + total(b, ly, hy))
    out = np.array(out, np.int64).astype(np.int32).reshape(bx.shape)
    return out, _f(-top), _f(top)


def _mul_ref(x: np.ndarray, y: np.ndarray, lo_x: Any, hi_x: Any, lo_y: Any, hi_y: Any,
             Toutput: dt.DType) -> tuple:  # noqa: N803
    ox = round(-float(lo_x) * 255.0 / (float(_F32(hi_x) - _F32(lo_x))))
    oy = round(-float(lo_y) * 255.0 / (float(_F32(hi_y) - _F32(lo_y))))
    lo, hi = range_for_multiplication(float(lo_x), float(hi_x), float(lo_y), float(hi_y),
                                      np.uint8, np.uint8, np.int32)
    out = (x.astype(np.int64) - ox) * (y.astype(np.int64) - oy)
    return out.astype(np.int32), _f(lo), _f(hi)


QUANTIZED_ADD = register(OpDef(
    "QuantizedAdd", _binary_infer("QuantizedAdd"), _add_kernel, num_outputs=3, gpu=False,
    reference=plain_ref(_add_ref), samples=_binary_samples,
    bad_samples=lambda: [BadSample((_q([1, 2], _QU8), _q([1, 2], _QU8), _f(1.0), _f(1.0),
                                    _f(0.0), _f(1.0)), {"Toutput": _QI32}, Exception,
                                   "max_x must be larger than min_x.")],
))
QUANTIZED_MUL = register(OpDef(
    "QuantizedMul", _binary_infer("QuantizedMul"), _mul_kernel, num_outputs=3, gpu=False,
    reference=plain_ref(_mul_ref), samples=_binary_samples,
))


# ---------------------------------------------------------------------------------------
# QuantizedBiasAdd: both sides requantized into the sum's range with Eigen's structs.
# ---------------------------------------------------------------------------------------

def _bias_infer(x: Any, bias: Any, lo_x: Any, hi_x: Any, lo_b: Any, hi_b: Any,
                out_type: dt.DType) -> list:
    op = "QuantizedBiasAdd"
    C.dtype_attr(op, out_type, "out_type")
    check_types(op, (x, bias, lo_x, hi_x, lo_b, hi_b))
    check_kernel(op, {"T1": x._dtype, "T2": bias._dtype, "out_type": out_type},
                 ((("T1", _QI8), ("T2", _QI8), ("out_type", _QI32)),
                  (("T1", _QU8), ("T2", _QU8), ("out_type", _QI32))))
    return _outs(x._shape, out_type)


def _bias_kernel(xp: Any, x: np.ndarray, bias: np.ndarray, lo_x: Any, hi_x: Any, lo_b: Any,
                 hi_b: Any, out_type: dt.DType) -> tuple:
    op = "QuantizedBiasAdd"
    x, bias = np.asarray(x), np.asarray(bias)
    if x.ndim < 2:
        raise C.fail(op, f"Input tensor must be at least 2D: {C.shape_str(x.shape)}")
    if bias.ndim != 1:
        raise C.fail(op, f"Biases must be 1D: {C.shape_str(bias.shape)}")
    if bias.shape[0] != x.shape[-1]:
        raise C.fail(op, f"Must provide as many biases as the last dimension of the input "
                         f"tensor: {C.shape_str(bias.shape)} vs. {C.shape_str(x.shape)}")
    lo_x, hi_x = first(op, lo_x, "min_input"), first(op, hi_x, "max_input")
    lo_b, hi_b = first(op, lo_b, "min_bias"), first(op, hi_b, "max_bias")
    lo, hi = range_for_add(lo_x, hi_x, lo_b, hi_b)
    zero = int(to_quantized(0.0, lo, hi, np.int32))
    tx = _from_float_q(_to_float_q(x, lo_x, hi_x), lo, hi, np.int32)
    tb = _from_float_q(_to_float_q(bias, lo_b, hi_b), lo, hi, np.int32)
    out = _wrap32(tx.astype(np.int64) + (tb.astype(np.int64) + zero))
    return out, _f(lo), _f(hi)


def _bias_ref(x: np.ndarray, bias: np.ndarray, lo_x: Any, hi_x: Any, lo_b: Any, hi_b: Any,
              out_type: dt.DType) -> tuple:
    # (value by value through Eigen's float32 structs, as TF's bias add)
    lo, hi = range_for_add(float(lo_x), float(hi_x), float(lo_b), float(hi_b))
    f = _F32
    low = float(lowest(x.dtype))

    def dequant(v: int, a: float, b: float) -> Any:
        step = f((float(f(b)) - float(f(a))) / 255.0)
        base = f(_s_round(float(f(f(a) / step))) * step) if f(a) != f(b) else f(a)
        return f(f(base - f(low) * step) + f(v) * step)

    scale = f(0.0 if lo == hi else (2.0**32 - 1.0) / (float(hi) - float(lo)))
    shift = f(f(_s_round(float(f(lo * scale)))) - f(-2.0**31))

    def requant(v: Any) -> int:
        q = f(f(_s_round(float(f(v * scale)))) - shift)
        return int(min(max(q, f(-2.147483648e9)), f(2.147483520e9)))

    zero = int(to_quantized(0.0, lo, hi, np.int32))
    b = [requant(dequant(int(v), float(lo_b), float(hi_b))) for v in bias]
    out = [requant(dequant(int(v), float(lo_x), float(hi_x))) + b[i % len(b)] + zero
           for i, v in enumerate(x.reshape(-1))]
    return np.array(out, np.int64).astype(np.int32).reshape(x.shape), _f(lo), _f(hi)


QUANTIZED_BIAS_ADD = register(OpDef(
    "QuantizedBiasAdd", _bias_infer, _bias_kernel, num_outputs=3, gpu=False,
    reference=plain_ref(_bias_ref),
    samples=lambda: [Sample((_q([[0, 17, 128, 255], [3, 90, 200, 64]], _QU8),
                             _q([7, 130, 255, 0], _QU8), _f(-1.0), _f(2.0), _f(-0.5), _f(0.7)),
                            {"out_type": _QI32}, grad=False),
                     Sample((_q([[0, 17, -128, 127], [3, -90, 100, 64]], _QI8),
                             _q([7, -100, 127, 0], _QI8), _f(-1.0), _f(1.0), _f(-3.0), _f(3.0)),
                            {"out_type": _QI32}, grad=False)],
    bad_samples=lambda: [BadSample((_q([1, 2], _QU8), _q([1, 2], _QU8), _f(0.0), _f(1.0),
                                    _f(0.0), _f(1.0)), {"out_type": _QI32}, Exception,
                                   "Input tensor must be at least 2D: [2]")],
))
