"""Tensors and strings as bytes: tf.make_tensor_proto / tf.make_ndarray, and the tf.io ops
serialize_tensor, parse_tensor, encode_base64, decode_base64, decode_compressed and
decode_json_example.

Ops layer, loaded on first use. SerializeTensor and ParseTensor write and read TF's
TensorProto bytes (io/tensor_proto.py, TensorBoard's message class); base64 is the
web-safe alphabet TF uses (`-` and `_`), unpadded unless asked; DecodeCompressed inflates
ZLIB and GZIP with the standard zlib module; DecodeJSONExample turns the JSON form of a
tf.train.Example into its bytes, repeated numbers unpacked as TF's JSON reader writes them.
"""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import DataLossError, InvalidArgumentError
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.py_conversion import object_vector
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.io import tensor_proto as tp
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.composite_dispatch import dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api, slow_inputs
from eagerflow._src.ops.elementwise import as_fixed_type, composite_arg
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

# protobuf's message machinery (~50 ms) only for DecodeJSONExample: ragged and sparse ops
# import this module for its varint helpers, and every Keras model imports them.
json_format = lazy_module("google.protobuf.json_format")
example_pb = lazy_module("eagerflow._src.io.example_pb")


def _map_strings(fn: Callable) -> Callable:
    """A kernel applying `fn` to every string of its input."""
    def kernel(xp: Any, x: Any, **attrs: Any) -> np.ndarray:
        return object_vector([fn(bytes(v), **attrs) for v in x.reshape(-1)]).reshape(x.shape)
    return kernel


def _string_infer(op: str) -> Callable:
    def infer(x: Any, **attrs: Any) -> list:
        C.check_string(op, x)
        return [(x._shape, dt.string)]
    return infer


# ---------------------------------------------------------------------------------------
# tf.make_tensor_proto / tf.make_ndarray (Python, as TF's: no op).
# ---------------------------------------------------------------------------------------

def make_tensor_proto(values: Any, dtype: Any = None, shape: Any = None,
                      verify_shape: bool = False, allow_broadcast: bool = False) -> Any:
    """A TensorProto holding `values` (a NumPy array, Python value or eager tensor)."""
    if allow_broadcast and verify_shape:  # (TF's first check, of their truth)
        raise ValueError("allow_broadcast and verify_shape are not both allowed.")
    if isinstance(values, tp.message_class()):
        return values
    want = None if dtype is None else dt.as_dtype(dtype)
    if values is None:  # (TF's check of a Python value, after reading the dtype)
        raise ValueError("None values not supported.")
    if want is dt.string:
        _check_strings(values)
    if shape is not None and not _array_like(values) and \
            _numpy(np.multiply.reduce, shape, axis=None, dtype=np.int64) == 0:
        # TF: a Python value (not an array, tensor or buffer) of a shape with no elements
        # (its int64 product, as NumPy's prod takes it) is no values, float by default;
        # its shape then made an array's by NumPy (refusing a float dim), each dim int()
        empty = want or dt.float32
        _numpy(np.empty, shape, empty.as_numpy_dtype)
        return tp.python_layout(np.empty(0, empty.as_numpy_dtype), empty,
                                tuple(int(d) for d in shape))
    if want is not None and want.is_numpy_compatible and _array_like(values) and \
            not (isinstance(values, Tensor) and values.dtype is want):
        # TF: an array, tensor or buffer given a dtype is cast by NumPy (astype), whatever
        # its own dtype; a string proto's values must then be strings
        arr, dtype = _numpy(np.asarray(values).astype, want.as_numpy_dtype), want
        if want is dt.string:
            for v in arr.reshape(-1):
                if not isinstance(v, (str, bytes)):
                    raise TypeError(f"Expected binary or unicode string, got {v!r}")
    else:
        t = values if isinstance(values, Tensor) and want in (None, values.dtype) else \
            convert_to_tensor(values, dtype=want)
        arr, dtype = np.asarray(t.numpy()), t.dtype
    if shape is None:
        return tp.python_layout(arr, dtype, arr.shape)
    shape = tuple(int(d) for d in shape)
    size = int(np.prod(shape)) if shape else 1
    if verify_shape and arr.shape != shape:
        raise TypeError(f"Expected Tensor's shape: {shape}, but got {arr.shape}.")
    if allow_broadcast and arr.shape != shape:
        try:
            arr = np.broadcast_to(arr, shape)
        except ValueError:
            raise TypeError(f"Expected Tensor's shape: {shape}, but got {arr.shape}.") from None
    if arr.size > size:
        raise ValueError(f"Too many elements provided. Takes at most {size}, but got "
                         f"{arr.size}.")
    return tp.python_layout(arr.reshape(-1)[:size], dtype, shape)


def _numpy(fn: Callable, *args: Any, **kwargs: Any) -> Any:
    """fn(*args) of NumPy, whose refusals TF's make_tensor_proto lets out as they are: the
    same class and words, raised here."""
    try:
        return fn(*args, **kwargs)
    except (TypeError, ValueError, OverflowError) as e:
        raise type(e)(str(e)) from None


def _array_like(obj: Any) -> bool:
    """TF's test for a value it converts with NumPy first: an array interface or a buffer
    other than bytes."""
    if callable(getattr(obj, "__array__", None)) or \
            isinstance(getattr(obj, "__array_interface__", None), dict):
        return True
    try:
        memoryview(obj)
    except TypeError:
        return False
    return not isinstance(obj, bytes)


def _check_strings(values: Any) -> None:
    """TF's refusal of a non-string Python value for a string proto."""
    if isinstance(values, (list, tuple)):
        for v in values:
            _check_strings(v)
    elif not isinstance(values, (str, bytes, np.ndarray, Tensor)):
        raise TypeError(f"Expected string, but got {values!r} of type "
                        f"'{type(values).__name__}'.")


def make_ndarray(tensor: Any) -> np.ndarray:
    """The NumPy array a TensorProto holds (a writable copy)."""
    if not hasattr(tensor, "tensor_shape"):  # (TF reads it unchecked)
        raise C.no_attribute(tensor, "tensor_shape")
    return np.array(tp.to_ndarray(tensor))


# ---------------------------------------------------------------------------------------
# SerializeTensor / ParseTensor.
# ---------------------------------------------------------------------------------------

def _serialize_kernel(xp: Any, x: Any) -> np.ndarray:
    arr = np.asarray(x)
    return object_vector([tp.kernel_layout(arr, dt.as_dtype(arr.dtype) if arr.dtype != object
                                      else dt.string).SerializeToString()]).reshape(())


def read_varint(data: bytes, i: int) -> tuple:
    """A protobuf varint at data[i:]: (its value, the index after it)."""
    shift = value = 0
    while True:
        b = data[i]
        i += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return value, i


def wire_fields(data: bytes) -> dict | None:
    """A protobuf message's fields by number, the last of each (varints as unsigned ints,
    length-delimited ones as bytes, fixed-width ones skipped), read off the wire for the
    small messages of TF's that eagerflow declares no schema for; None where the bytes are
    no message."""
    out: dict = {}
    i = 0
    try:
        while i < len(data):
            key, i = read_varint(data, i)
            number, wire = key >> 3, key & 7
            if number == 0:
                return None
            if wire == 0:
                out[number], i = read_varint(data, i)
            elif wire == 2:
                n, i = read_varint(data, i)
                if i + n > len(data):
                    return None
                out[number], i = data[i:i + n], i + n
            elif wire in (1, 5):
                i += 8 if wire == 1 else 4
                if i > len(data):
                    return None
            else:
                return None
    except IndexError:
        return None
    return out


def varint(n: int) -> bytes:
    """A protobuf varint (a negative number as its 64-bit two's complement), written by hand
    for the references and the small messages with no schema here."""
    n &= (1 << 64) - 1
    out = b""
    while True:
        low, n = n & 0x7F, n >> 7
        out += bytes([low | (0x80 if n else 0)])
        if not n:
            return out


def _ref_serialize(x: np.ndarray) -> np.ndarray:
    """TensorProto's wire bytes written out by hand: dtype (1), shape (2: dims, field 2,
    each a message with size, field 1), then content bytes (4) or strings (8)."""
    d = dt.string if x.dtype == object else dt.as_dtype(x.dtype)
    dims = b"".join(b"\x12" + varint(len(varint(n)) + 1) + b"\x08" + varint(n) if n else
                    b"\x12\x00" for n in x.shape)
    out = b"\x08" + varint(d.as_datatype_enum) + b"\x12" + varint(len(dims)) + dims
    if d is dt.string:
        for s in x.reshape(-1):
            out += b"B" + varint(len(s)) + bytes(s)
    elif x.size:
        raw = x.astype(x.dtype.newbyteorder("<")).tobytes()
        out += b'"' + varint(len(raw)) + raw
    return object_vector([out]).reshape(())


SERIALIZE_TENSOR = register(OpDef(
    "SerializeTensor", lambda x: [((), dt.string)], _serialize_kernel,
    reference=_ref_serialize,
    gpu=False,  # (TF registers its CPU kernel only: a GPU's input is copied to the host)
    samples=lambda: [
        Sample((np.array([[1.5, -2.0], [0.25, 3.0]], np.float32),), grad=False),
        Sample((np.array(7, np.int64),), grad=False),
        Sample((np.array([True, False]),), grad=False),
        Sample((np.zeros((0, 3), np.float64),), grad=False),
        Sample((object_vector([b"ab", b"", b"\x00z"]),), grad=False),
        Sample((np.array([1 + 2j], np.complex64),), grad=False)],
))


def _parse_infer(serialized: Any, out_type: dt.DType) -> list:
    C.check_string("ParseTensor", serialized)
    if serialized._shape not in (None, ()):
        raise C.fail("ParseTensor", f"Expected `serialized` to be a scalar, got shape: "
                                    f"{C.shape_str(serialized._shape)}")
    return [(None, dt.as_dtype(out_type))]


def _parse_kernel(xp: Any, serialized: Any, out_type: dt.DType) -> Any:
    data = bytes(np.asarray(serialized, dtype=object)[()])
    proto = tp.message_class()()
    try:
        proto.ParseFromString(data)
    except Exception:  # protobuf's DecodeError, or a RuntimeWarning-free failure
        b64 = base64.b64encode(data).decode()
        raise C.fail("ParseTensor", f"Could not parse `serialized` as TensorProto, base64: "
                                    f"{b64}") from None
    try:
        got = dt.as_dtype(proto.dtype) if proto.dtype else None
    except (TypeError, ValueError, KeyError):
        got = None
    if got is None:
        raise C.fail("ParseTensor", "Cannot parse tensor from proto")
    if got is not dt.as_dtype(out_type):
        raise C.fail("ParseTensor", f"Type mismatch between parsed tensor "
                                    f"({C.dtype_word(got)}) and dtype "
                                    f"({C.dtype_word(dt.as_dtype(out_type))})")
    try:
        return tp.to_ndarray(proto)
    except DataLossError:
        raise C.fail("ParseTensor", "Cannot parse tensor from proto") from None


PARSE_TENSOR = register(OpDef(
    "ParseTensor", _parse_infer, _parse_kernel,
    reference=lambda s, out_type: _REF_VALUES[bytes(s[()])],
    samples=lambda: [Sample((_ref_serialize(v),), {"out_type": dt.as_dtype(v.dtype)},
                            grad=False) for v in _REF_VALUES.values()],
    bad_samples=lambda: [
        BadSample((_ref_serialize(np.array([1, 2], np.int32)),), {"out_type": dt.float32},
                  InvalidArgumentError,
                  "Type mismatch between parsed tensor (int32) and dtype (float)"),
        BadSample((object_vector([b"garbage\xff"]).reshape(()),), {"out_type": dt.float32},
                  InvalidArgumentError, "Could not parse `serialized` as TensorProto, base64: "
                                        "Z2FyYmFnZf8="),
        BadSample((object_vector([b""]),), {"out_type": dt.float32}, InvalidArgumentError,
                  "Expected `serialized` to be a scalar, got shape: [1]"),
        BadSample((object_vector([b""]).reshape(()),), {"out_type": dt.float32},
                  InvalidArgumentError, "Cannot parse tensor from proto"),
        BadSample((np.float32(1),), {"out_type": dt.float32}, InvalidArgumentError,
                  "expected to be a string tensor")],
))


# Sample tensors by their serialized bytes (ParseTensor's reference reads them back).
_REF_VALUES = {bytes(_ref_serialize(v)[()]): v for v in (
    np.array([[1.5, -2.0]], np.float32), np.array(9, np.int64), np.array([True]),
    np.zeros((2, 0), np.float64))}


def serialize_tensor(tensor: Any, name: str | None = None) -> Any:
    """The TensorProto bytes of `tensor`, a scalar string tensor."""
    return bind(SERIALIZE_TENSOR, (convert_to_tensor(tensor),), {})


@eager_api("serialized")
def parse_tensor(serialized: Any, out_type: Any, name: str | None = None) -> Any:
    """The tensor of dtype `out_type` that `serialized` (TensorProto bytes) holds."""
    attrs = AV.wrapper_attrs("ParseTensor", out_type=out_type)
    return bind(PARSE_TENSOR, (convert_to_tensor(serialized, dtype=dt.string),), attrs)


# ---------------------------------------------------------------------------------------
# Web-safe base64.
# ---------------------------------------------------------------------------------------

_WEB = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def _encode64(s: bytes, pad: bool) -> bytes:
    out = base64.urlsafe_b64encode(s)
    return out if pad else out.rstrip(b"=")


def _decode64(s: bytes) -> bytes:
    # (TF's Base64Decode reads whole groups of four while more than four letters remain,
    # refusing a letter outside the alphabet there; a last group of one letter is then the
    # length's error whatever it holds: "%" and "abcd%" are, "%%" is the letter's)
    full = max(len(s) - 1, 0) // 4 * 4
    if s[:full].strip(_WEB.encode()):
        raise C.fail("DecodeBase64", "Invalid character found in base64.")
    tail = s[full:]
    if len(tail) == 1:
        raise C.fail("DecodeBase64", "Base64 string length cannot be 1 modulo 4.")
    # (padding: only at the end of a last group of four)
    body = s[:-2] + s[-2:].rstrip(b"=") if len(tail) == 4 else s
    if body[full:].strip(_WEB.encode()):
        raise C.fail("DecodeBase64", "Invalid character found in base64.")
    if len(body) % 4 == 1:
        raise C.fail("DecodeBase64", "Base64 string length cannot be 1 modulo 4.")
    return base64.urlsafe_b64decode(body + b"=" * (-len(body) % 4))


def _ref_encode64(x: np.ndarray, pad: bool) -> np.ndarray:
    """Three bytes to four letters, by the bits."""
    out = []
    for s in x.reshape(-1):
        bits = "".join(f"{b:08b}" for b in bytes(s))
        bits += "0" * (-len(bits) % 6)
        text = "".join(_WEB[int(bits[i:i + 6], 2)] for i in range(0, len(bits), 6))
        out.append((text + "=" * (-len(text) % 4) if pad else text).encode())
    return object_vector(out).reshape(x.shape)


def _ref_decode64(x: np.ndarray) -> np.ndarray:
    out = []
    for s in x.reshape(-1):
        bits = "".join(f"{_WEB.index(c):06b}" for c in bytes(s).decode().rstrip("="))
        out.append(bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits) - 7, 8)))
    return object_vector(out).reshape(x.shape)


_B64_SAMPLE = object_vector([b"hello?>", b"", b"ab", b"\xff\xfe\x00", b"abcd"]).reshape(5)

ENCODE_BASE64 = register(OpDef(
    "EncodeBase64", _string_infer("EncodeBase64"), _map_strings(_encode64),
    reference=_ref_encode64,
    samples=lambda: [Sample((_B64_SAMPLE,), {"pad": False}, grad=False),
                     Sample((_B64_SAMPLE.reshape(5, 1),), {"pad": True}, grad=False)],
    bad_samples=lambda: [BadSample((np.int32(1),), {"pad": False}, InvalidArgumentError,
                                   "expected to be a string tensor")],
))

DECODE_BASE64 = register(OpDef(
    "DecodeBase64", _string_infer("DecodeBase64"), _map_strings(_decode64),
    reference=_ref_decode64,
    samples=lambda: [Sample((object_vector([b"aGVsbG8_Pg", b"YWI=", b"YWI", b"", b"__79"]),),
                            grad=False)],
    bad_samples=lambda: [
        BadSample((object_vector([b"a"]),), {}, InvalidArgumentError,
                  "Base64 string length cannot be 1 modulo 4."),
        BadSample((object_vector([b"a$bc"]),), {}, InvalidArgumentError,
                  "Invalid character found in base64."),
        BadSample((object_vector([b"ab==="]),), {}, InvalidArgumentError,
                  "Invalid character found in base64.")],
))


def _strings(value: Any, op: str | None = None) -> Any:
    """An op's string input: a tensor as it is (the op refuses another dtype, as TF's
    does), anything else converted to strings (a traced composite refused as TF's graph
    builder refuses it for `op`'s input)."""
    if isinstance(value, Tensor):
        return value
    return as_fixed_type(value, dt.string, arg=composite_arg(value, op, "input"))


@dispatchable
@slow_inputs("input")  # (TF's is its generated wrapper: a list takes the slow path)
def encode_base64(input: Any, pad: bool = False, name: str | None = None) -> Any:  # noqa: A002
    """Web-safe base64 of each string (`-` and `_`; `=` padding only with `pad`)."""
    attrs = AV.wrapper_attrs("EncodeBase64", pad=pad)
    return bind(ENCODE_BASE64, (_strings(input, "EncodeBase64"),), attrs, name)


@dispatchable
@slow_inputs("input")
def decode_base64(input: Any, name: str | None = None) -> Any:  # noqa: A002
    """Each web-safe base64 string decoded (padding optional)."""
    return bind(DECODE_BASE64, (_strings(input, "DecodeBase64"),), {}, name)


# ---------------------------------------------------------------------------------------
# DecodeCompressed.
# ---------------------------------------------------------------------------------------

_WBITS = {"ZLIB": zlib.MAX_WBITS, "GZIP": 16 + zlib.MAX_WBITS}


def _compressed_infer(x: Any, compression_type: str) -> list:
    C.check_string("DecodeCompressed", x)
    return [(x._shape, dt.string)]


def _check_compression(compression_type: str) -> None:
    """TF's kernel's check of its attr, made as the kernel is built: as the op runs
    eagerly, when it runs in a graph."""
    if compression_type not in ("", "ZLIB", "GZIP"):
        raise C.fail("DecodeCompressed", "Only ZLIB, ZSTD, GZIP or NONE are supported "
                                         "compressions")


def _inflate(s: bytes, compression_type: str) -> bytes:
    if not compression_type:
        return s
    try:
        # a stream cut short gives what it decompressed, as TF's ZlibInputStream does
        d = zlib.decompressobj(_WBITS[compression_type])
        out = d.decompress(s) + d.flush()
        # (TF's GZIP reader reads the members that follow the first one, as gunzip
        # does; its ZLIB reader stops at the end of the first stream)
        while compression_type == "GZIP" and d.unused_data:
            d, rest = zlib.decompressobj(_WBITS["GZIP"]), d.unused_data
            out += d.decompress(rest) + d.flush()
        return out
    except zlib.error as e:  # zlib's "Error -3 while decompressing data: ...", as TF words it
        code, _, why = str(e).removeprefix("Error ").partition(" while decompressing data: ")
        raise DataLossError(None, None, f"inflate() failed with error {code}: {why} "
                                        "[Op:DecodeCompressed]") from None


def _compressed_kernel(xp: Any, x: Any, compression_type: str) -> np.ndarray:
    _check_compression(compression_type)
    return _map_strings(_inflate)(xp, x, compression_type=compression_type)


DECODE_COMPRESSED = register(OpDef(
    "DecodeCompressed", _compressed_infer, _compressed_kernel,
    reference=lambda x, compression_type: object_vector(
        [zlib.decompressobj(_WBITS.get(compression_type, 0) or zlib.MAX_WBITS).decompress(
            bytes(v)) if compression_type else bytes(v) for v in x.reshape(-1)]
    ).reshape(x.shape),
    samples=lambda: [
        Sample((object_vector([zlib.compress(b"abc" * 5), zlib.compress(b"")]),),
               {"compression_type": "ZLIB"}, grad=False),
        Sample((object_vector([_gzip(b"xyz")]).reshape(()),), {"compression_type": "GZIP"},
               grad=False),
        Sample((object_vector([b"raw"]),), {"compression_type": ""}, grad=False)],
    bad_samples=lambda: [
        BadSample((object_vector([b"raw"]),), {"compression_type": "ZLIB"}, DataLossError,
                  "inflate() failed with error -3: incorrect header check"),
        BadSample((object_vector([b"raw"]),), {"compression_type": "BZ2"}, InvalidArgumentError,
                  "Only ZLIB, ZSTD, GZIP or NONE are supported compressions")],
))


def _gzip(data: bytes) -> bytes:
    c = zlib.compressobj(wbits=16 + zlib.MAX_WBITS)
    return c.compress(data) + c.flush()


@dispatchable
@slow_inputs("bytes")
def decode_compressed(bytes: Any, compression_type: str = "",  # noqa: A002
                      name: str | None = None) -> Any:
    """Each string inflated: "ZLIB", "GZIP" or "" (as it is)."""
    attrs = AV.wrapper_attrs("DecodeCompressed", compression_type=compression_type)
    return bind(DECODE_COMPRESSED, (_strings(bytes),), attrs)


# ---------------------------------------------------------------------------------------
# DecodeJSONExample.
# ---------------------------------------------------------------------------------------

def _json_example(s: bytes) -> bytes:
    try:
        text = s.decode("utf-8")
        msg = json_format.Parse(text, example_pb.Example())
        order = list(json.loads(text).get("features", {}).get("feature", {}))
    except (json_format.ParseError, UnicodeDecodeError, ValueError, AttributeError) as e:
        raise C.fail("DecodeJSONExample", f"Error while parsing JSON: invalid JSON in "
                                          f"type.googleapis.com/tensorflow.Example: {e}") \
            from None
    return _unpacked(msg, order)


def _unpacked(example: Any, order: list) -> bytes:
    """The Example's bytes with repeated numbers unpacked (one tag per value), features in
    the order the document gives them, as TF's JSON reader writes them."""
    feats = b""
    for key in order:
        feature = example.features.feature[key]
        kind = feature.WhichOneof("kind")
        body = b""
        if kind == "bytes_list":
            body = b"".join(b"\x0a" + varint(len(v)) + v for v in feature.bytes_list.value)
        elif kind == "float_list":
            body = b"".join(b"\x0d" + np.float32(v).tobytes() for v in feature.float_list.value)
        elif kind == "int64_list":
            body = b"".join(b"\x08" + varint(int(v) & (2**64 - 1))
                            for v in feature.int64_list.value)
        tag = {"bytes_list": b"\x0a", "float_list": b"\x12", "int64_list": b"\x1a"}
        value = tag[kind] + varint(len(body)) + body if kind else b""
        k = key.encode()
        entry = b"\x0a" + varint(len(k)) + k + b"\x12" + varint(len(value)) + value
        feats += b"\x0a" + varint(len(entry)) + entry
    if not example.HasField("features"):
        return b""
    return b"\x0a" + varint(len(feats)) + feats


def _json_ref(x: np.ndarray) -> np.ndarray:
    return object_vector([_JSON_REF[bytes(v)] for v in x.reshape(-1)]).reshape(x.shape)


# The bytes TF 2.21 gives for the sample documents (recorded from tf.io.decode_json_example).
_JSON_REF = {
    b'{"features": {"feature": {"a": {"int64List": {"value": [1, 2]}}, "b": {"bytesList": '
    b'{"value": ["YWI="]}}}}}':
        b"\n\x1a\n\x0b\n\x01a\x12\x06\x1a\x04\x08\x01\x08\x02\n\x0b\n\x01b\x12\x06\n\x04\n\x02ab",
    b'{"features": {"feature": {"x": {"floatList": {"value": [1.5]}}}}}':
        b"\n\x0e\n\x0c\n\x01x\x12\x07\x12\x05\r\x00\x00\xc0?",
    b"{}": b"",
}

DECODE_JSON_EXAMPLE = register(OpDef(
    "DecodeJSONExample", _string_infer("DecodeJSONExample"),
    _map_strings(_json_example), reference=_json_ref,
    samples=lambda: [Sample((object_vector(list(_JSON_REF)),), grad=False)],
    bad_samples=lambda: [
        BadSample((object_vector([b'{"bogus": 1}']),), {}, InvalidArgumentError,
                  "Error while parsing JSON: invalid JSON in type.googleapis.com/tensorflow."
                  "Example"),
        BadSample((object_vector([b"not json"]),), {}, InvalidArgumentError,
                  "Error while parsing JSON")],
))


@eager_api("json_examples")  # (TF's generated wrapper: a list takes the slow path)
def decode_json_example(json_examples: Any, name: str | None = None) -> Any:
    """The serialized tf.train.Example of each JSON document (protobuf's JSON mapping)."""
    return bind(DECODE_JSON_EXAMPLE, (convert_to_tensor(json_examples, dtype=dt.string),), {},
                name)

