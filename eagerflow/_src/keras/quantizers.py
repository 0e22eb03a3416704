"""keras.quantizers: Keras 3's quantization helpers (int8 abs-max, grouped int4 with zero
points, int4 packing, float8 scales and amax histories, fake quantization).

Every function is a composition of `keras.ops` (themselves registered ops), as Keras 3 writes
them; `to_numpy=True` computes on the host with NumPy, as Keras 3's memory-saving path does,
and gives that path's numbers (its zero points differ from the tensor path's where a group
is constant). The quantization configs are in quantization_config.py.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.keras import serialization
from eagerflow._src.keras.ops import core as kc
from eagerflow._src.keras.ops import dtypes as kd
from eagerflow._src.keras.ops import numpy_array as na
from eagerflow._src.keras.ops import numpy_math as nm
from eagerflow._src.keras.ops import numpy_reduce as nr
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import quantization as tq
from eagerflow._src.ops.bitwise import left_shift
from eagerflow._src.ops.misc_ops import bitcast

_EPSILON = 1e-7

# the largest finite value of each float8 format (ml_dtypes' finfo(...).max)
_FLOAT8_MAX = {"float8_e4m3fn": 448.0, "float8_e5m2": 57344.0, "float8_e4m3fnuz": 240.0,
               "float8_e5m2fnuz": 57344.0, "float8_e4m3": 240.0, "float8_e3m4": 15.5}


class Quantizer:
    """`keras.Quantizer(output_dtype='int8')`: the base class; calling it returns its input."""

    def __init__(self, output_dtype: str = "int8") -> None:
        self.output_dtype = output_dtype

    def __call__(self, x: Any) -> Any:
        return x

    @classmethod
    def from_config(cls, config: dict) -> Quantizer:
        return cls(**config)

    def get_config(self) -> dict:
        raise NotImplementedError(f"{self} does not implement get_config()")


def abs_max_quantize(inputs: Any, axis: Any, value_range: tuple = (-127, 127),
                     dtype: str = "int8", epsilon: float = _EPSILON,
                     to_numpy: bool = False) -> tuple:
    """`(quantized, scale)`: `inputs * scale` rounded and clipped to `value_range`, with
    `scale = value_range[1] / (max|inputs| along axis + epsilon)` (kept dims)."""
    if to_numpy:
        original = kd.standardize_dtype(inputs.dtype)
        x = np.asarray(kc.convert_to_numpy(inputs))
        ax = tuple(axis) if isinstance(axis, list) else axis
        scale = np.divide(value_range[1], np.add(np.max(np.abs(x), axis=ax, keepdims=True),
                                                 epsilon))
        out = np.clip(np.round(np.multiply(x, scale)), value_range[0], value_range[1])
        return (kc.convert_to_tensor(out.astype(dtype)),
                kc.convert_to_tensor(scale, dtype=original))
    x = kc.convert_to_tensor(inputs)
    scale = nm.divide(value_range[1], nm.add(nr.max(nm.absolute(x), axis=axis, keepdims=True),
                                             epsilon))
    scale = kc.cast(scale, kd.standardize_dtype(x.dtype))
    out = nm.clip(nm.round(nm.multiply(x, scale)), value_range[0], value_range[1])
    return kc.cast(out, dtype), scale


def _group_params(x: Any, block_size: int, bits: int, compute_dtype: str,
                  epsilon: float) -> tuple:
    """Per-group scale and signed zero point of the rows of `x.T` (Keras 3's asymmetric,
    per-channel, grouped parameters): each of shape (output_dim, n_groups)."""
    out_features, in_features = x.shape[0], x.shape[1]
    n_groups = (in_features + block_size - 1) // block_size
    if n_groups > 1:
        remainder = in_features % block_size
        if remainder:
            x = na.pad(x, [[0, 0], [0, block_size - remainder]], constant_values=0.0)
        grouped = na.reshape(x, [out_features, n_groups, block_size])
        lo, hi = nr.min(grouped, axis=2), nr.max(grouped, axis=2)
    else:
        flat = na.reshape(x, [out_features, -1])
        lo, hi = nr.min(flat, axis=1), nr.max(flat, axis=1)
    same = nm.equal(lo, hi)  # a constant group gets the range [v - 1, v + 1]
    lo = na.where(same, nm.subtract(lo, 1), lo)
    hi = na.where(same, nm.add(hi, 1), hi)
    maxq = kc.cast(2 ** bits - 1, compute_dtype)
    span = nm.subtract(hi, lo)
    if epsilon > 0:
        span = nm.add(span, epsilon)
    scale = nm.divide(span, maxq)
    scale = na.where(nm.less_equal(scale, 0), 1e-8, scale)
    qmin, qmax = -(2 ** (bits - 1)), 2 ** (bits - 1) - 1
    zero = nm.add(nm.round(nm.divide(nm.negative(lo), scale)), qmin)
    zero = nm.clip(zero, qmin, qmax)
    if n_groups == 1:
        scale, zero = na.reshape(scale, [-1, 1]), na.reshape(zero, [-1, 1])
    return scale, kc.cast(zero, "int8")


def abs_max_quantize_grouped_with_zero_point(inputs: Any, block_size: int,
                                             value_range: tuple = (-8, 7), dtype: str = "int8",
                                             epsilon: float = _EPSILON,
                                             to_numpy: bool = False) -> tuple:
    """`(quantized, scale, zero_point)` of a 2-D `(input_dim, output_dim)` tensor, each
    group of `block_size` rows with its own scale and zero point per column."""
    original = kd.standardize_dtype(inputs.dtype)
    qmin, qmax = value_range
    if to_numpy:
        x = np.asarray(kc.convert_to_numpy(inputs))
        input_dim, output_dim = x.shape
        n_groups = math.ceil(input_dim / block_size)
        padded = n_groups * block_size
        if padded > input_dim:
            x = np.concatenate([x, np.zeros((padded - input_dim, output_dim), x.dtype)])
        x = x.reshape(n_groups, block_size, output_dim)
        lo, hi = x.min(axis=1, keepdims=True), x.max(axis=1, keepdims=True)
        scale = np.divide(np.subtract(hi, lo) + epsilon, qmax - qmin)
        zero = np.clip(np.round(np.divide(-lo, scale)) + qmin, qmin, qmax)
        out = np.clip(np.round(np.divide(x, scale)) + zero, qmin, qmax).astype(dtype)
        out = out.reshape(padded, output_dim)[:input_dim]
        return (kc.convert_to_tensor(out),
                kc.convert_to_tensor(np.squeeze(scale, axis=1), dtype=original),
                kc.convert_to_tensor(np.squeeze(zero, axis=1).astype("int8")))
    x = kc.convert_to_tensor(inputs)
    input_dim, output_dim = int(x.shape[0]), int(x.shape[1])
    bits = int(math.log2(qmax - qmin + 1))
    n_groups = math.ceil(input_dim / block_size)
    padded = n_groups * block_size
    scale_t, zero_t = _group_params(na.transpose(x), block_size, bits, original, epsilon)
    scale, zero = na.transpose(scale_t), na.transpose(zero_t)
    if padded > input_dim:
        x = na.concatenate([x, na.zeros((padded - input_dim, output_dim), dtype=x.dtype)],
                           axis=0)
    x = na.reshape(x, (n_groups, block_size, output_dim))
    out = nm.add(nm.round(nm.divide(x, na.expand_dims(scale, 1))), na.expand_dims(zero, 1))
    out = kc.cast(nm.clip(out, qmin, qmax), dtype)
    out = na.reshape(out, (padded, output_dim))[:input_dim, :]
    return out, scale, zero


class AbsMaxQuantizer(Quantizer):
    """`keras.quantizers.AbsMaxQuantizer(axis=None, value_range=(-127, 127), epsilon=1e-07,
    output_dtype='int8')`: `abs_max_quantize` along `axis` (the call's, else the
    constructor's, else -1)."""

    def __init__(self, axis: Any = None, value_range: tuple = (-127, 127),
                 epsilon: float = _EPSILON, output_dtype: str = "int8") -> None:
        super().__init__(output_dtype=output_dtype)
        self.axis = None if axis is None else ((axis,) if isinstance(axis, int)
                                               else tuple(axis))
        self.value_range = value_range
        self.epsilon = epsilon
        if output_dtype == "int8" and (value_range[0] < -128 or value_range[1] > 127):
            raise ValueError("Quantizer with output_dtype='int8' requires value_range to be "
                             "within the interval [-128, 127]. Received: "
                             f"value_range={value_range}")

    def __call__(self, x: Any, axis: Any = None, to_numpy: bool = False) -> tuple:
        axis = self.axis if axis is None else axis
        return abs_max_quantize(x, -1 if axis is None else axis, self.value_range,
                                self.output_dtype, self.epsilon, to_numpy)

    def get_config(self) -> dict:
        config = {"value_range": self.value_range, "epsilon": self.epsilon,
                  "output_dtype": self.output_dtype}
        if self.axis is not None:
            config["axis"] = self.axis
        return config


def fake_quant_with_min_max_vars(inputs: Any, min_vals: Any, max_vals: Any, num_bits: int = 8,
                                 narrow_range: bool = False, axis: Any = None) -> Any:
    """`inputs` clamped to `[min_vals, max_vals]` (nudged), quantized to `num_bits` and
    dequantized; per channel along `axis`. Keras 3 on TF runs TF's FakeQuant ops (their
    values, gradients and refusals), which take float32 only and quantize per channel
    along the last axis."""
    x = kc.convert_to_tensor(inputs)
    lo, hi = kc.convert_to_tensor(min_vals), kc.convert_to_tensor(max_vals)
    num_bits = int(num_bits)
    dtype = kd.standardize_dtype(x.dtype)
    if axis is None:
        out = tq.fake_quant_with_min_max_vars(
            kc.cast(x, "float32"), kc.cast(na.reshape(lo, ()), "float32"),
            kc.cast(na.reshape(hi, ()), "float32"), num_bits=num_bits,
            narrow_range=narrow_range)
        return kc.cast(out, dtype)
    last = len(x.shape) - 1
    axis = na.canonicalize_axis(axis, len(x.shape))
    x = na.swapaxes(x, axis, last)
    out = tq.fake_quant_with_min_max_vars_per_channel(
        kc.cast(x, "float32"), kc.cast(lo, "float32"), kc.cast(hi, "float32"),
        num_bits=num_bits, narrow_range=narrow_range)
    return na.swapaxes(kc.cast(out, dtype), last, axis)


def compute_float8_scale(amax: Any, scale: Any, dtype_max: Any, margin: int = 0) -> Any:
    """The new float8 scale from the history's `amax`: `amax / dtype_max * 2**margin`,
    keeping `scale` where `amax` is zero or not finite."""
    inverse = nm.reciprocal(scale)
    sf = nm.divide(nm.divide(dtype_max, amax), 2 ** margin)
    sf = na.where(nm.greater(amax, 0.0), sf, inverse)
    sf = na.where(nm.isfinite(amax), sf, inverse)
    return nm.reciprocal(sf)


def compute_float8_amax_history(x: Any, amax_history: Any) -> Any:
    """`amax_history` rolled one step left, with `max|x|` as its first entry."""
    amax = kc.cast(nr.max(nm.absolute(x)), amax_history.dtype)
    return kc.scatter_update(na.roll(amax_history, shift=-1), [[0]], na.reshape(amax, [1]))


# (mantissa bits, smallest normal exponent) of the float8 formats; eagerflow has no float8
# dtype, so a cast to one is the rounding of its values onto the format's grid
_FLOAT8_GRID = {"float8_e4m3fn": (3, -6), "float8_e5m2": (2, -14), "float8_e4m3fnuz": (3, -7),
                "float8_e5m2fnuz": (2, -15), "float8_e4m3": (3, -6), "float8_e3m4": (4, -2)}


def _exp2(e: Any) -> Any:
    """2**e for integer-valued float32 `e` in float32's normal range, exactly: the
    exponent bits written directly (a float power costs ten times as much)."""
    bits = left_shift(tm.add(kc.cast(e, "int32"), kc.convert_to_tensor(127, "int32")),
                         kc.convert_to_tensor(23, "int32"))
    return kc.cast(bitcast(bits, "float32"), e.dtype)


def _round_to_float8(x: Any, name: str) -> Any:
    """`x` (within the format's range) rounded to the nearest float8 value, ties to even, as
    a cast to the format and back rounds it; subnormals keep the smallest exponent's step."""
    mantissa, min_exp = _FLOAT8_GRID[name]
    mag = nm.absolute(x)
    tiny = nm.equal(mag, 0.0)
    safe = na.where(tiny, 1.0, mag)
    e = nm.floor(nm.log2(safe))
    # log2 can land a hair off at powers of two: put 2**e <= |x| < 2**(e+1) exactly
    # (below float32's normal range the exact exponent does not matter: the step is the
    # format's smallest exponent's there)
    e = nm.clip(e, -126.0, 126.0)
    e = na.where(nm.greater_equal(safe, _exp2(nm.add(e, 1.0))), nm.add(e, 1.0), e)
    e = na.where(nm.less(safe, _exp2(e)), nm.subtract(e, 1.0), e)
    step = _exp2(nm.subtract(nm.maximum(e, float(min_exp)), float(mantissa)))
    return na.where(tiny, x, nm.multiply(nm.round(nm.divide(x, step)), step))


def quantize_and_dequantize(inputs: Any, scale: Any, quantized_dtype: str,
                            compute_dtype: str) -> Any:
    """`inputs / scale` clipped to the float8 format's range, rounded to it, times `scale`."""
    name = str(quantized_dtype)
    if name not in _FLOAT8_MAX:
        raise ValueError(f"quantize_and_dequantize takes a float8 dtype. Received: "
                         f"quantized_dtype={quantized_dtype}")
    top = kc.cast(_FLOAT8_MAX[name], compute_dtype)
    scale = kc.cast(scale, compute_dtype)
    x = nm.clip(nm.divide(kc.cast(inputs, compute_dtype), scale), nm.negative(top), top)
    return nm.multiply(_round_to_float8(x, name), scale)


def _check_int4_dtype(dtype: str) -> None:
    if dtype not in ("int8", "uint8"):
        raise ValueError(f"Expected dtype to be 'int8' or 'uint8', but got '{dtype}'.")


def pack_int4(arr: Any, axis: int = 0, dtype: str = "int8") -> tuple:
    """`(packed, packed_shape, orig_len)`: pairs of int4 values along `axis` in one byte
    each (the first of a pair in the low nibble), an odd length padded with a zero."""
    _check_int4_dtype(dtype)
    got = kd.standardize_dtype(arr.dtype)
    if got != dtype:
        raise TypeError(f"Expected {dtype} tensor for packing, got {got}.")
    a = np.asarray(kc.convert_to_numpy(arr))
    axis = axis + a.ndim if axis < 0 else axis
    a = np.moveaxis(a, axis, 0)
    n = a.shape[0]
    if n % 2:
        a = np.concatenate([a, np.zeros((1,) + a.shape[1:], a.dtype)])
    np_dtype = np.dtype(dtype)
    mask = np.array(0x0F, np_dtype)
    low = np.bitwise_and(a[::2].astype(np_dtype), mask)
    high = np.bitwise_and(a[1::2].astype(np_dtype), mask)
    packed = np.moveaxis(np.bitwise_or(low, np.left_shift(high, np.array(4, np_dtype)))
                         .astype(np_dtype), 0, axis)
    return kc.convert_to_tensor(packed), tuple(packed.shape), n


def unpack_int4(packed: Any, orig_len: int, axis: int = 0, dtype: str = "int8") -> Any:
    """The int4 values `pack_int4` packed along `axis`, its padding dropped."""
    _check_int4_dtype(dtype)
    got = kd.standardize_dtype(packed.dtype)
    if got not in ("int8", "uint8"):
        raise TypeError(f"Expected int8 or uint8 tensor for unpacking, got {got}")
    packed = kc.convert_to_tensor(packed)
    rank = len(packed.shape)
    axis = axis + rank if axis < 0 else axis
    perm = [axis] + [i for i in range(rank) if i != axis]
    moved = na.transpose(packed, perm)
    mask = kc.cast(0x0F, packed.dtype)
    halves = []
    for nibble in (moved, nm.right_shift(moved, 4)):
        v = nm.bitwise_and(nibble, mask)
        if dtype == "int8":  # 8..15 are -8..-1
            eight = kc.cast(8, v.dtype)
            v = nm.subtract(nm.bitwise_xor(v, eight), eight)
        halves.append(kc.cast(v, dtype))
    out = na.reshape(na.stack(halves, axis=1), (-1,) + tuple(moved.shape[1:]))[:orig_len]
    return na.transpose(out, [perm.index(i) for i in range(rank)])


ALL_OBJECTS = {Quantizer, AbsMaxQuantizer}
_TABLE = {"quantizer": Quantizer, "abs_max_quantizer": AbsMaxQuantizer,
          **{cls.__name__: cls for cls in ALL_OBJECTS}}


def register_objects(table: dict) -> None:
    """Adds classes defined above this module (the quantization configs) to what
    `deserialize` and `get` find by name."""
    _TABLE.update(table)


def serialize(initializer: Any) -> Any:
    """A quantizer's Keras 3 config dict (`{"class_name", "config", "module", ...}`)."""
    return serialization.serialize_keras_object(initializer)


def deserialize(config: Any, custom_objects: dict | None = None) -> Any:
    """The quantizer a config dict describes."""
    return serialization.deserialize_keras_object(config, module_objects=_TABLE,
                                                  custom_objects=custom_objects)


def get(identifier: Any, **kwargs: Any) -> Any:
    """A quantizer from a config dict, a name (`"abs_max_quantizer"`) or a class (made
    with `kwargs`); a callable as it is."""
    if isinstance(identifier, type) and kwargs:
        return identifier(**kwargs)
    return serialization.get_from(identifier, _TABLE, deserialize, "quantizer")
