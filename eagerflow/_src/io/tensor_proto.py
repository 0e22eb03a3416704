"""TensorProto, TF's serialized tensor, from NumPy arrays and back.

Sits in io/, below the ops layer: tf.make_tensor_proto / tf.make_ndarray and the
SerializeTensor / ParseTensor ops (ops/serialization.py) build on it, and SavedModel
constants are read with `to_ndarray`. The message class is TensorBoard's generated
TensorProto (the `summary`/`saved_model` extras), loaded on first use.

Two layouts, as TF writes them:
- `python_layout` (tf.make_tensor_proto): numbers in `tensor_content` bytes when the
  values fill the shape, there are two or more, and the type is one TF packs; otherwise
  the typed value fields (`float_val`, `int_val`, ...), where fewer values than the shape
  holds mean "repeat the last one".
- `kernel_layout` (SerializeTensor, TF's C++ AsProtoTensorContent): numbers always in
  `tensor_content`, strings in `string_val`.
- `content_layout` (SerializeSparse's components): everything in `tensor_content`,
  strings too, in TF's string-list encoding (every length as a varint, then the bytes).
- `field_layout` (TF's C++ AsProtoField, how a tensor inside a variant is written): every
  value in its typed field, none left out.
"""

from __future__ import annotations

import functools
import math
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import DataLossError


@functools.lru_cache(maxsize=1)
def message_class() -> type:
    try:
        from tensorboard.compat.proto import tensor_pb2
    except ImportError as e:  # pragma: no cover - the extra is part of the test install
        raise ImportError("TensorProto needs the protocol buffer definitions TensorBoard "
                          "ships: pip install 'eagerflow[summary]' (or tensorboard)") from e
    return tensor_pb2.TensorProto


# The typed value field of each dtype; half and bfloat16 go as their 16 bits, complex
# numbers as (real, imag) pairs.
VALUE_FIELDS = {
    "float32": "float_val", "float64": "double_val", "int32": "int_val", "uint8": "int_val",
    "int16": "int_val", "int8": "int_val", "uint16": "int_val", "int64": "int64_val",
    "bool": "bool_val", "uint32": "uint32_val", "uint64": "uint64_val", "float16": "half_val",
    "bfloat16": "half_val", "complex64": "scomplex_val", "complex128": "dcomplex_val",
    "string": "string_val",
}
# The types tf.make_tensor_proto packs into tensor_content bytes.
_PACKED = frozenset(("float16", "float32", "float64", "int32", "uint8", "int16", "int8",
                     "int64", "uint32", "uint64"))


def _new(dtype: dt.DType, shape: tuple) -> Any:
    tp = message_class()(dtype=dtype.as_datatype_enum)
    tp.tensor_shape.SetInParent()  # present even for scalars, as TF writes it
    for d in shape:
        tp.tensor_shape.dim.add(size=int(d))
    return tp


def _string_bytes(flat: Any) -> list:
    return [x.encode("utf-8") if isinstance(x, str) else bytes(x) for x in flat]


def set_values(tp: Any, flat: np.ndarray, dtype: dt.DType) -> None:
    name = VALUE_FIELDS[dtype.name]
    if dtype is dt.string:
        tp.string_val.extend(_string_bytes(flat))
    elif name == "half_val":
        bits = flat.astype(dtype.as_numpy_dtype).view(np.uint16)
        tp.half_val.extend(int(b) for b in bits)
    elif name in ("scomplex_val", "dcomplex_val"):
        pairs = np.stack([flat.real, flat.imag], axis=-1).reshape(-1)
        getattr(tp, name).extend(float(v) for v in pairs)
    else:
        getattr(tp, name).extend(flat.tolist())


def value_count(tp: Any) -> int:
    """How many values the typed field of `tp`'s dtype holds."""
    name = VALUE_FIELDS[dt.as_dtype(tp.dtype).name]
    n = len(getattr(tp, name))
    return n // 2 if name in ("scomplex_val", "dcomplex_val") else n


def kernel_layout(arr: np.ndarray, dtype: dt.DType) -> Any:
    """The TensorProto SerializeTensor writes: bytes for numbers, string_val for strings."""
    tp = _new(dtype, arr.shape)
    if dtype is dt.string:
        tp.string_val.extend(_string_bytes(arr.reshape(-1)))
    elif arr.size:
        np_dtype = np.dtype(dtype.as_numpy_dtype).newbyteorder("<")
        tp.tensor_content = np.ascontiguousarray(arr, dtype=np_dtype).tobytes()
    return tp


def content_layout(arr: np.ndarray, dtype: dt.DType) -> Any:
    """The TensorProto SerializeSparse writes for each component: all in tensor_content."""
    if dtype is not dt.string:
        return kernel_layout(arr, dtype)
    tp = _new(dtype, arr.shape)
    if arr.size:
        flat = _string_bytes(arr.reshape(-1))
        tp.tensor_content = b"".join(_varint(len(b)) for b in flat) + b"".join(flat)
    return tp


def field_layout(arr: np.ndarray, dtype: dt.DType) -> Any:
    """The TensorProto AsProtoField writes: all values in the dtype's typed field."""
    tp = _new(dtype, arr.shape)
    if arr.size:
        set_values(tp, arr.reshape(-1), dtype)
    return tp


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        low, n = n & 0x7F, n >> 7
        out.append(low | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _string_content(data: bytes, n: int) -> list:
    """The `n` strings of a string tensor's tensor_content (lengths first, then bytes)."""
    lengths, pos = [], 0
    for _ in range(n):
        value = shift = 0
        while True:
            if pos >= len(data):
                raise DataLossError(None, None, "Truncated string tensor content")
            byte = data[pos]
            pos += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                break
        lengths.append(value)
    if pos + sum(lengths) != len(data):
        raise DataLossError(None, None, "String tensor content does not match its lengths")
    out = []
    for k in lengths:
        out.append(data[pos:pos + k])
        pos += k
    return out


def python_layout(arr: np.ndarray, dtype: dt.DType, shape: tuple) -> Any:
    """The TensorProto tf.make_tensor_proto writes for values `arr` of a tensor `shape`
    (`arr.size` is the shape's size, or fewer values that the last one extends)."""
    tp = _new(dtype, shape)
    size = int(np.prod(shape)) if shape else 1
    if arr.size == size and size > 1 and dtype.name in _PACKED:
        np_dtype = np.dtype(dtype.as_numpy_dtype).newbyteorder("<")
        tp.tensor_content = np.ascontiguousarray(arr, dtype=np_dtype).tobytes()
    else:
        set_values(tp, arr.reshape(-1), dtype)
    return tp


def to_ndarray(tp: Any) -> np.ndarray:
    """The value of a TensorProto (DataLossError when its content doesn't fit its shape)."""
    dtype = dt.as_dtype(tp.dtype)
    shape = tuple(int(d.size) for d in tp.tensor_shape.dim)
    n = math.prod(shape)  # (np.prod costs more than the rest for a small tensor)
    if dtype is dt.string:
        vals = _string_content(tp.tensor_content, n) if tp.tensor_content else \
            [bytes(v) for v in tp.string_val]
        arr = np.empty(len(vals), dtype=object)
        arr[:] = vals
        return _fill(arr, shape, n, dtype)
    np_dtype = np.dtype(dtype.as_numpy_dtype)
    if tp.tensor_content:
        if len(tp.tensor_content) != n * np_dtype.itemsize:
            raise DataLossError(None, None, f"Tensor content of {len(tp.tensor_content)} bytes "
                                            f"doesn't hold a {dtype.name} tensor of shape "
                                            f"{list(shape)}")
        return np.frombuffer(tp.tensor_content, dtype=np_dtype.newbyteorder("<")) \
            .astype(np_dtype).reshape(shape)
    field = VALUE_FIELDS.get(dtype.name)
    if field is None:
        raise DataLossError(None, None, f"Constants of type {dtype.name} can't be read")
    vals = list(getattr(tp, field))
    if field == "half_val":
        arr = np.asarray(vals, np.uint16).view(np_dtype) if np_dtype.itemsize == 2 else \
            np.asarray(vals, np.uint16).view(np.float16).astype(np_dtype)
    elif field in ("scomplex_val", "dcomplex_val"):
        arr = np.asarray(vals, np.float64).reshape(-1, 2)
        arr = (arr[:, 0] + 1j * arr[:, 1]).astype(np_dtype)
    else:
        arr = np.asarray(vals).astype(np_dtype)
    return _fill(arr, shape, n, dtype)


def _fill(arr: np.ndarray, shape: tuple, n: int, dtype: dt.DType) -> np.ndarray:
    if arr.size == n:
        return arr.reshape(shape)
    if arr.size == 0:  # no values: zeros (TF's default)
        return np.full(shape, b"", dtype=object) if dtype is dt.string else \
            np.zeros(shape, dtype=arr.dtype)
    if arr.size < n:  # the last value repeats (TF's compact form)
        out = np.empty(n, dtype=arr.dtype)
        out[:arr.size] = arr
        out[arr.size:] = arr[-1]
        return out.reshape(shape)
    raise DataLossError(None, None, f"Tensor proto holds {arr.size} values for shape "
                                    f"{list(shape)}")
