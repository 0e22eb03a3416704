"""tf.io.decode_proto / tf.io.encode_proto: TF's ops DecodeProtoV2 and EncodeProto.

Ops layer, loaded on first use. Messages are described by protobuf descriptors: with
`descriptor_source="local://"` the messages eagerflow declares under TF's own names
(tf.train.Example and friends, io/protos.py's LOCAL_POOLS), else a file holding a
serialized FileDescriptorSet, read into a descriptor pool of its own.

As TF's kernels, both read and write the wire format themselves, field by field and
driven by the schema: a field's count is how often it occurs on the wire (a singular
field counts once, its last value wins; a repeated one is read packed or not); values
are converted from the field's proto type to the requested dtype (TF's compatible pairs
only, `_COMPATIBLE`); fields absent from a message take the field's default (the zero
value of its type for repeated ones), in a last dimension of at least 1; nested messages
come out as their serialized bytes. `message_format="text"` and `sanitize=True` go through
protobuf's own parser (text format, or a binary parse and re-serialization) first.
Encoding writes each message's fields in field-number order, `sizes` values of each,
repeated scalars packed where the field is (proto3's default, or [packed=true]).
"""

from __future__ import annotations

import collections
import struct
from typing import Any

import numpy as np
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory, text_format

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import DataLossError, InvalidArgumentError
from eagerflow._src.core.py_conversion import object_vector
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.io import example_pb as _example_pb  # noqa: F401 - declares Example & co
from eagerflow._src.io.protos import find_local_message
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_DECODE, _ENCODE = "DecodeProtoV2", "EncodeProto"
_FD = descriptor_pb2.FieldDescriptorProto

# proto field type -> the dtypes TF converts it to (tensorflow/core/util/proto/proto_utils)
_COMPATIBLE = {
    _FD.TYPE_DOUBLE: (dt.float64,), _FD.TYPE_FLOAT: (dt.float32, dt.float64),
    _FD.TYPE_INT64: (dt.int64,), _FD.TYPE_UINT64: (dt.uint64,),
    _FD.TYPE_INT32: (dt.int32, dt.int64), _FD.TYPE_FIXED64: (dt.uint64,),
    _FD.TYPE_FIXED32: (dt.uint32, dt.uint64), _FD.TYPE_BOOL: (dt.bool,),
    _FD.TYPE_STRING: (dt.string,), _FD.TYPE_GROUP: (dt.string,),
    _FD.TYPE_MESSAGE: (dt.string,), _FD.TYPE_BYTES: (dt.string,),
    _FD.TYPE_UINT32: (dt.uint32, dt.uint64), _FD.TYPE_ENUM: (dt.int32,),
    _FD.TYPE_SFIXED32: (dt.int32, dt.int64), _FD.TYPE_SFIXED64: (dt.int64,),
    _FD.TYPE_SINT32: (dt.int32, dt.int64), _FD.TYPE_SINT64: (dt.int64,),
}
# protobuf's names in TF's messages: the C++ type ("Unexpected output type for ...") and
# the field type ("Incompatible type for field ...")
_CPP_NAMES = {1: "int32", 2: "int64", 3: "uint32", 4: "uint64", 5: "double", 6: "float",
              7: "bool", 8: "enum", 9: "string", 10: "message"}
_TYPE_NAMES = {_FD.TYPE_DOUBLE: "double", _FD.TYPE_FLOAT: "float", _FD.TYPE_INT64: "int64",
               _FD.TYPE_UINT64: "uint64", _FD.TYPE_INT32: "int32", _FD.TYPE_FIXED64: "fixed64",
               _FD.TYPE_FIXED32: "fixed32", _FD.TYPE_BOOL: "bool", _FD.TYPE_STRING: "string",
               _FD.TYPE_GROUP: "group", _FD.TYPE_MESSAGE: "message", _FD.TYPE_BYTES: "bytes",
               _FD.TYPE_UINT32: "uint32", _FD.TYPE_ENUM: "enum", _FD.TYPE_SFIXED32: "sfixed32",
               _FD.TYPE_SFIXED64: "sfixed64", _FD.TYPE_SINT32: "sint32",
               _FD.TYPE_SINT64: "sint64"}
_VARINT = frozenset((_FD.TYPE_INT64, _FD.TYPE_UINT64, _FD.TYPE_INT32, _FD.TYPE_BOOL,
                     _FD.TYPE_UINT32, _FD.TYPE_ENUM, _FD.TYPE_SINT32, _FD.TYPE_SINT64))
_FIXED = {_FD.TYPE_DOUBLE: "<d", _FD.TYPE_FLOAT: "<f", _FD.TYPE_FIXED64: "<Q",
          _FD.TYPE_FIXED32: "<I", _FD.TYPE_SFIXED32: "<i", _FD.TYPE_SFIXED64: "<q"}
_LEN = frozenset((_FD.TYPE_STRING, _FD.TYPE_BYTES, _FD.TYPE_MESSAGE))
_ONE_BYTE = frozenset((_FD.TYPE_INT64, _FD.TYPE_UINT64, _FD.TYPE_INT32, _FD.TYPE_UINT32,
                       _FD.TYPE_ENUM))
_M64 = (1 << 64) - 1

DecodeProtoResult = collections.namedtuple("DecodeProtoV2", ["sizes", "values"])


# ---------------------------------------------------------------------------------------
# Descriptors
# ---------------------------------------------------------------------------------------

_file_pools: dict = {}  # a descriptor file's bytes -> its pool (the file read on each op)


def _pool_for(op: str, source: str) -> Any:
    """None for "local://", else the pool built from the file `source`."""
    if source == "local://":
        return None
    bad = C.fail(op, "Source does not represent serialized file descriptor set proto. This "
                     "may be due to a missing dependency on the file containing "
                     f'REGISTER_DESCRIPTOR_POOL("{source}", ...);')
    try:
        with open(source, "rb") as f:
            raw = f.read()
    except (OSError, ValueError):
        raise bad from None
    pool = _file_pools.get(raw)
    if pool is None:
        fds = descriptor_pb2.FileDescriptorSet()
        try:
            fds.ParseFromString(raw)
            pool = descriptor_pool.DescriptorPool()
            for fdp in fds.file:
                pool.Add(fdp)
        except Exception:  # noqa: BLE001 - protobuf's DecodeError / TypeError on a bad set
            raise bad from None
        if len(_file_pools) > 32:
            _file_pools.clear()
        _file_pools[raw] = pool
    return pool


def _message(op: str, source: str, message_type: str) -> Any:
    pool = _pool_for(op, source)
    if pool is None:
        desc = find_local_message(message_type)
    else:
        try:
            desc = pool.FindMessageTypeByName(message_type)
        except KeyError:
            desc = None
    if desc is None:
        raise C.fail(op, f"No descriptor found for message type {message_type}")
    return desc


def _fields(op: str, desc: Any, message_type: str, names: tuple) -> list:
    out = []
    for name in names:
        fd = desc.fields_by_name.get(name)
        if fd is None:  # an extension, named by its full name
            pool = desc.file.pool
            try:
                fd = pool.FindExtensionByName(name)
                if fd.containing_type is not desc:
                    fd = None
            except KeyError:
                fd = None
        if fd is None:
            raise C.fail(op, f"Unknown field: {name} in message type {message_type}")
        out.append(fd)
    return out


def _is_packed(fd: Any) -> bool:
    packed = getattr(fd, "is_packed", None)
    if packed is not None:
        return bool(packed)
    if fd.GetOptions().HasField("packed"):  # protobuf without is_packed
        return fd.GetOptions().packed
    return fd.file.syntax == "proto3" and fd.type not in _LEN and fd.type != _FD.TYPE_GROUP


def _repeated(fd: Any) -> bool:
    rep = getattr(fd, "is_repeated", None)  # protobuf >= 5.29 (7 dropped `label`)
    return bool(rep) if rep is not None else fd.label == _FD.LABEL_REPEATED


# ---------------------------------------------------------------------------------------
# The wire format
# ---------------------------------------------------------------------------------------

class _Bad(Exception):
    """A read past the end of a buffer, or a malformed value."""


def _varint(buf: bytes, pos: int) -> tuple:
    result = shift = 0
    while True:
        if pos >= len(buf) or shift > 63:
            raise _Bad
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if b < 0x80:
            return result & _M64, pos
        shift += 7


def _signed(v: int, bits: int) -> int:
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def _zigzag(v: int) -> int:
    return (v >> 1) ^ -(v & 1)


def _value(buf: bytes, pos: int, ftype: int) -> tuple:
    """One value of proto type `ftype` at `pos` (read as the schema says, as TF reads it)."""
    if ftype in _VARINT:
        v, pos = _varint(buf, pos)
        if ftype == _FD.TYPE_INT64:
            v = _signed(v, 64)
        elif ftype in (_FD.TYPE_INT32, _FD.TYPE_ENUM):
            v = _signed(v, 32)
        elif ftype == _FD.TYPE_UINT32:
            v &= 0xFFFFFFFF
        elif ftype == _FD.TYPE_BOOL:
            v = v != 0  # all 64 bits, as TF reads a bool (an int32 keeps its low 32)
        elif ftype == _FD.TYPE_SINT32:
            v = _zigzag(v & 0xFFFFFFFF)
        elif ftype == _FD.TYPE_SINT64:
            v = _zigzag(v)
        return v, pos
    fmt = _FIXED.get(ftype)
    if fmt is not None:
        n = struct.calcsize(fmt)
        if pos + n > len(buf):
            raise _Bad
        return struct.unpack_from(fmt, buf, pos)[0], pos + n
    if ftype in _LEN:
        n, pos = _varint(buf, pos)
        if pos + n > len(buf):
            raise _Bad
        return bytes(buf[pos:pos + n]), pos + n
    raise _Bad  # a group: read by _group


def _skip(buf: bytes, pos: int, wire: int, number: int) -> int:
    if wire == 0:
        return _varint(buf, pos)[1]
    if wire == 1:
        pos += 8
    elif wire == 5:
        pos += 4
    elif wire == 2:
        n, pos = _varint(buf, pos)
        pos += n
    elif wire == 3:
        return _group(buf, pos, number)[1]
    else:
        raise _Bad
    if pos > len(buf):
        raise _Bad
    return pos


def _group(buf: bytes, pos: int, number: int) -> tuple:
    """The bytes of a group's fields, up to its end tag, and the position after it."""
    start = pos
    while True:
        tag_pos = pos
        tag, pos = _varint(buf, pos)
        if tag & 7 == 4:
            if tag >> 3 != number:
                raise _Bad
            return bytes(buf[start:tag_pos]), pos
        pos = _skip(buf, pos, tag & 7, tag >> 3)


def _decode_one(buf: bytes, fields: list, by_number: dict) -> list:
    """The values of each requested field in one message, in wire order (`by_number`:
    field number -> index in `fields`)."""
    out: list = [[] for _ in fields]
    pos, end = 0, len(buf)
    while pos < end:
        try:
            tag, after = _varint(buf, pos)
        except _Bad:
            break  # TF's ReadTag gives 0: the buffer is not consumed (below)
        number, wire = tag >> 3, tag & 7
        if number == 0 or wire == 4:
            break
        pos = after
        i = by_number.get(number)
        if i is None:
            try:
                pos = _skip(buf, pos, wire, number)
            except _Bad:
                raise DataLossError(None, None, "Failed skipping unrequested field "
                                                f"[Op:{_DECODE}]") from None
            continue
        fd = fields[i]
        vals = out[i]
        try:
            if wire == 2 and fd.type not in _LEN and fd.type != _FD.TYPE_GROUP:
                pos = _packed(buf, pos, fd, vals)
            elif fd.type == _FD.TYPE_GROUP:
                v, pos = _group(buf, pos, number)
                vals.append(v)
            else:
                v, pos = _value(buf, pos, fd.type)
                vals.append(v)
        except _Bad:
            raise DataLossError(None, None, "ReadValue: Failed skipping field when counting "
                                            f"[Op:{_DECODE}]") from None
        if not _repeated(fd) and len(vals) > 1:
            del vals[:-1]  # a singular field: its last value on the wire
    if pos != end:
        raise DataLossError(None, None, "CountFields: Failed to consume entire buffer "
                                        f"[Op:{_DECODE}]")
    return out


def _packed(buf: bytes, pos: int, fd: Any, vals: list) -> int:
    n, pos = _varint(buf, pos)
    end = pos + n
    if end > len(buf):
        raise DataLossError(None, None, "ReadPackedValues: Skipping packed field failed "
                                        f"[Op:{_DECODE}]")
    fmt = _FIXED.get(fd.type)
    if fmt is not None:
        size = struct.calcsize(fmt)
        if n % size:
            raise DataLossError(None, None, "Illegal data length for packed fixed-size type: "
                                            f"{n} [Op:{_DECODE}]")
        vals.extend(struct.unpack_from(f"<{n // size}{fmt[1]}", buf, pos))
        return end
    if n and buf[end - 1] & 0x80:
        raise DataLossError(None, None, f"Corrupt packed varint [Op:{_DECODE}]")
    chunk = buf[pos:end]
    if n > 256:  # long runs: all at once in NumPy
        vals.extend(_packed_varints(buf, pos, n, fd.type))
    elif n and max(chunk) < 0x80 and fd.type in _ONE_BYTE:
        vals.extend(chunk)  # one-byte varints of a type that keeps them as they are
    else:
        while pos < end:
            v, pos = _value(buf, pos, fd.type)
            vals.append(v)
    return end


def _packed_varints(buf: bytes, pos: int, n: int, ftype: int) -> list:
    """The varints of a packed field (its last byte ends one), all at once in NumPy."""
    b = np.frombuffer(buf, np.uint8, count=n, offset=pos)
    last = b < 0x80
    starts = np.flatnonzero(np.concatenate(([True], last[:-1])))
    lengths = np.diff(np.append(starts, n))
    if lengths.max() > 10:
        raise DataLossError(None, None, f"Corrupt packed varint [Op:{_DECODE}]")
    shift = (np.arange(n) - np.repeat(starts, lengths)).astype(np.uint64) * np.uint64(7)
    v = np.add.reduceat((b & 0x7F).astype(np.uint64) << shift, starts)
    if ftype == _FD.TYPE_INT64:
        v = v.view(np.int64)
    elif ftype in (_FD.TYPE_INT32, _FD.TYPE_ENUM):
        v = v.astype(np.uint32).view(np.int32)
    elif ftype == _FD.TYPE_UINT32:
        v = v.astype(np.uint32)
    elif ftype == _FD.TYPE_BOOL:
        v = v != 0
    elif ftype == _FD.TYPE_SINT32:
        u = v.astype(np.uint32)
        v = (u >> np.uint32(1)).view(np.int32) ^ -(u & np.uint32(1)).view(np.int32)
    elif ftype == _FD.TYPE_SINT64:
        v = (v >> np.uint64(1)).view(np.int64) ^ -(v & np.uint64(1)).view(np.int64)
    return v.tolist()


def _default(fd: Any, dtype: dt.DType) -> Any:
    if _repeated(fd) or fd.type in (_FD.TYPE_MESSAGE, _FD.TYPE_GROUP):
        return b"" if dtype is dt.string else 0
    v = fd.default_value
    if isinstance(v, str):
        return v.encode("utf-8")
    return v


# ---------------------------------------------------------------------------------------
# DecodeProtoV2
# ---------------------------------------------------------------------------------------

def _decode_setup(message_type: str, field_names: tuple, output_types: tuple,
                  descriptor_source: str, message_format: str) -> list:
    """The field descriptors, after TF's checks of the attributes."""
    desc = _message(_DECODE, descriptor_source, message_type)
    if len(field_names) != len(output_types):
        raise C.fail(_DECODE, "field_names and output_types attributes must have the same "
                              "length")
    fields = _fields(_DECODE, desc, message_type, field_names)
    for fd, want in zip(fields, output_types):
        if dt.as_dtype(want) not in _COMPATIBLE[fd.type]:
            raise C.fail(_DECODE, f"Unexpected output type for {fd.full_name}: "
                                  f"{_CPP_NAMES[fd.cpp_type]} to {C.dt_enum(dt.as_dtype(want))}")
    if message_format not in ("binary", "text"):
        raise C.fail(_DECODE, "format must be one of binary or text")
    return fields


def _decode_infer(bytes_: Any, message_type: str, field_names: tuple, output_types: tuple,
                  descriptor_source: str = "local://", message_format: str = "binary",
                  sanitize: bool = False) -> list:
    C.check_string(_DECODE, bytes_)
    _decode_setup(message_type, field_names, output_types, descriptor_source, message_format)
    shape = bytes_._shape
    prefix = None if shape is None else tuple(shape)
    sizes = (None if prefix is None else prefix + (len(field_names),), dt.int32)
    return [sizes] + [(None if prefix is None else prefix + (None,), dt.as_dtype(t))
                      for t in output_types]


def _reserialize(desc: Any, data: bytes, text: bool) -> bytes:
    msg = message_factory.GetMessageClass(desc)()
    try:
        if text:
            text_format.Parse(data.decode("utf-8"), msg)
        else:
            msg.ParseFromString(data)
    except Exception:  # noqa: BLE001 - protobuf's ParseError / DecodeError, bad UTF-8
        what = "text" if text else "binary"
        raise DataLossError(None, None, f"Unable to parse {what} protobuf [Op:{_DECODE}]") \
            from None
    return msg.SerializeToString()


def _decode_kernel(xp: Any, bytes_: Any, message_type: str, field_names: tuple,
                   output_types: tuple, descriptor_source: str = "local://",
                   message_format: str = "binary", sanitize: bool = False) -> tuple:
    fields = _decode_setup(message_type, field_names, output_types, descriptor_source,
                           message_format)
    arr = np.asarray(bytes_, dtype=object)
    flat = [bytes(b) for b in arr.reshape(-1)]
    if not flat:
        raise C.fail(_DECODE, "Bufs argument must contain at least one value")
    if message_format == "text" or sanitize:
        desc = _message(_DECODE, descriptor_source, message_type)
        flat = [_reserialize(desc, b, message_format == "text") for b in flat]
    by_number = {fd.number: i for i, fd in enumerate(fields)}
    decoded = [_decode_one(b, fields, by_number) for b in flat]
    n = len(fields)
    sizes = np.array([[len(m[i]) for i in range(n)] for m in decoded], np.int32).reshape(
        arr.shape + (n,))
    outs = []
    for i, (fd, t) in enumerate(zip(fields, output_types)):
        dtype = dt.as_dtype(t)
        width = max([1] + [len(m[i]) for m in decoded])
        default = _default(fd, dtype)
        rows = [m[i] + [default] * (width - len(m[i])) for m in decoded]
        if dtype is dt.string:
            out = np.empty((len(rows), width), object)
            for r, row in enumerate(rows):
                out[r, :] = row
        elif dtype is dt.float32:
            out = np.array(rows, np.float64).astype(np.float32)
        else:
            out = np.array(rows, dtype.as_numpy_dtype)
        outs.append(out.reshape(arr.shape + (width,)))
    return (sizes, *outs)


def _decode_ref(bytes_: Any, message_type: str, field_names: tuple, output_types: tuple,
                descriptor_source: str = "local://", message_format: str = "binary",
                sanitize: bool = False) -> tuple:
    """protobuf's own parser and reflection (no wire reading of ours): counts and values
    of the fields as parsed messages hold them."""
    cls = message_factory.GetMessageClass(find_local_message(message_type))
    msgs = [cls.FromString(bytes(b)) for b in np.asarray(bytes_, object).reshape(-1)]
    sizes, outs = [], []
    for name, t in zip(field_names, output_types):
        fd = cls.DESCRIPTOR.fields_by_name[name]
        if _repeated(fd):
            vals = [list(getattr(m, name)) for m in msgs]
        else:
            vals = [[getattr(m, name)] if m.HasField(name) else [] for m in msgs]
        vals = [[v.SerializeToString() if hasattr(v, "SerializeToString") else v for v in row]
                for row in vals]
        sizes.append([len(v) for v in vals])
        width = max([1] + [len(v) for v in vals])
        rows = [v + [_default(fd, dt.as_dtype(t))] * (width - len(v)) for v in vals]
        outs.append(np.array(rows, object if dt.as_dtype(t) is dt.string
                             else dt.as_dtype(t).as_numpy_dtype))
    shape = np.asarray(bytes_, object).shape
    return (np.array(sizes, np.int32).T.reshape(shape + (len(field_names),)),
            *[o.reshape(shape + (o.shape[-1],)) for o in outs])


def _example_bytes() -> list:
    ex = _example_pb.Example()
    ex.features.feature["a"].int64_list.value.extend([3, -4])
    return [ex.SerializeToString(), b"", _example_pb.Int64List(value=[1, 2]).SerializeToString()]


def _decode_samples() -> list:
    exs = object_vector(_example_bytes()[:2])
    lists = object_vector([_example_pb.Int64List(value=[5, -6, 2**40]).SerializeToString(), b""])
    floats = object_vector([_example_pb.FloatList(value=[1.5, -0.25]).SerializeToString()])
    return [
        Sample((exs,), {"message_type": "tensorflow.Example", "field_names": ("features",),
                        "output_types": (dt.string,)}, grad=False),
        Sample((lists.reshape(2, 1),), {"message_type": "tensorflow.Int64List",
                                        "field_names": ("value",),
                                        "output_types": (dt.int64,)}, grad=False),
        Sample((floats,), {"message_type": "tensorflow.FloatList", "field_names": ("value",),
                           "output_types": (dt.float64,)}, grad=False),
    ]


def _decode_bad() -> list:
    one = object_vector([b""])
    attrs = {"message_type": "tensorflow.Int64List", "field_names": ("value",),
             "output_types": (dt.int64,)}
    return [
        BadSample((one,), {**attrs, "message_type": "tensorflow.Nope"}, InvalidArgumentError,
                  "No descriptor found for message type tensorflow.Nope"),
        BadSample((one,), {**attrs, "field_names": ("nope",)}, InvalidArgumentError,
                  "Unknown field: nope in message type tensorflow.Int64List"),
        BadSample((one,), {**attrs, "output_types": (dt.int32,)}, InvalidArgumentError,
                  "Unexpected output type for tensorflow.Int64List.value: int64 to DT_INT32"),
        BadSample((one,), {**attrs, "output_types": ()}, InvalidArgumentError,
                  "field_names and output_types attributes must have the same length"),
        BadSample((one,), {**attrs, "message_format": "json"}, InvalidArgumentError,
                  "format must be one of binary or text"),
        BadSample((object_vector([]),), attrs, InvalidArgumentError,
                  "Bufs argument must contain at least one value"),
        BadSample((object_vector([b"\xff\xff\xff\xff"]),), attrs, DataLossError,
                  "CountFields: Failed to consume entire buffer"),
        BadSample((object_vector([b"\x0a\x05\x01"]),), attrs, DataLossError,
                  "ReadPackedValues: Skipping packed field failed"),
        BadSample((object_vector([b"\x08\xff"]),), attrs, DataLossError,
                  "ReadValue: Failed skipping field when counting"),
        BadSample((object_vector([b"\x12\x05ab"]),), attrs, DataLossError,
                  "Failed skipping unrequested field"),
        BadSample((object_vector([b"\xff\xff"]),), {**attrs, "sanitize": True}, DataLossError,
                  "Unable to parse binary protobuf"),
        BadSample((np.array([1], np.int32),), attrs, InvalidArgumentError,
                  "was expected to be a string tensor but is a int32 tensor"),
    ]


DECODE_PROTO = register(OpDef(
    _DECODE, _decode_infer, _decode_kernel, reference=_decode_ref, num_outputs=-1,
    samples=_decode_samples, bad_samples=_decode_bad, gpu=False,
    arity=lambda ins, attrs: {"output_types": len(attrs["output_types"])},
))


# ---------------------------------------------------------------------------------------
# EncodeProto
# ---------------------------------------------------------------------------------------

def _put_varint(out: bytearray, v: int) -> None:
    v &= _M64
    while v >= 0x80:
        out.append((v & 0x7F) | 0x80)
        v >>= 7
    out.append(v)


def _wire_type(ftype: int) -> int:
    if ftype in _VARINT:
        return 0
    if ftype in (_FD.TYPE_DOUBLE, _FD.TYPE_FIXED64, _FD.TYPE_SFIXED64):
        return 1
    if ftype in (_FD.TYPE_FLOAT, _FD.TYPE_FIXED32, _FD.TYPE_SFIXED32):
        return 5
    return 2


def _put_scalar(out: bytearray, ftype: int, v: Any) -> None:
    """One value without its tag, converted as TF's writers convert it."""
    if ftype in (_FD.TYPE_INT32, _FD.TYPE_ENUM):
        _put_varint(out, _signed(int(v), 32))  # negative: ten bytes, sign extended
    elif ftype in (_FD.TYPE_INT64, _FD.TYPE_UINT64):
        _put_varint(out, int(v))
    elif ftype == _FD.TYPE_UINT32:
        _put_varint(out, int(v) & 0xFFFFFFFF)
    elif ftype == _FD.TYPE_BOOL:
        out.append(1 if v else 0)
    elif ftype == _FD.TYPE_SINT32:
        n = _signed(int(v), 32)
        _put_varint(out, ((n << 1) ^ (n >> 31)) & 0xFFFFFFFF)
    elif ftype == _FD.TYPE_SINT64:
        n = _signed(int(v), 64)
        _put_varint(out, (n << 1) ^ (n >> 63))
    elif ftype == _FD.TYPE_FIXED32:
        out += struct.pack("<I", int(v) & 0xFFFFFFFF)
    elif ftype == _FD.TYPE_SFIXED32:
        out += struct.pack("<i", _signed(int(v), 32))
    elif ftype == _FD.TYPE_FIXED64:
        out += struct.pack("<Q", int(v) & _M64)
    elif ftype == _FD.TYPE_SFIXED64:
        out += struct.pack("<q", _signed(int(v), 64))
    elif ftype == _FD.TYPE_FLOAT:
        out += struct.pack("<f", np.float32(v))
    else:  # double
        out += struct.pack("<d", float(v))


def _encode_field(out: bytearray, fd: Any, values: Any) -> None:
    number, ftype = fd.number, fd.type
    if ftype == _FD.TYPE_GROUP:
        for v in values:
            _put_varint(out, (number << 3) | 3)
            out += bytes(v)
            _put_varint(out, (number << 3) | 4)
    elif ftype in _LEN:
        for v in values:
            _put_varint(out, (number << 3) | 2)
            _put_varint(out, len(v))
            out += bytes(v)
    elif _repeated(fd) and _is_packed(fd):
        body = bytearray()
        for v in values:
            _put_scalar(body, ftype, v)
        _put_varint(out, (number << 3) | 2)
        _put_varint(out, len(body))
        out += body
    else:
        tag = (number << 3) | _wire_type(ftype)
        for v in values:
            _put_varint(out, tag)
            _put_scalar(out, ftype, v)


def _encode_setup(field_names: tuple, message_type: str, descriptor_source: str) -> list:
    """The field descriptors (TF's encoder knows no extensions: their names are unknown)."""
    desc = _message(_ENCODE, descriptor_source, message_type)
    out = []
    for n in field_names:
        fd = desc.fields_by_name.get(n)
        if fd is None:
            raise C.fail(_ENCODE, f"Unknown field: {n} in message type {message_type}")
        out.append(fd)
    return out


def _encode_checks(sizes_shape: Any, shapes: list, dtypes: list, fields: list,
                   field_names: tuple) -> tuple | None:
    """TF's checks of the inputs; the batch shape when the shapes are known."""
    if len(fields) != len(shapes):
        raise C.fail(_ENCODE, "Length of inputs list must match field_names")
    prefix = None
    for i, (fd, shape, dtype) in enumerate(zip(fields, shapes, dtypes)):
        if dtype not in _COMPATIBLE[fd.type]:
            raise C.fail(_ENCODE, f"Incompatible type for field {field_names[i]}.  Saw dtype: "
                                  f"{C.dtype_word(dtype)} but field type is: "
                                  f"{_TYPE_NAMES[fd.type]}")
        if shape is None:
            continue
        if len(shape) < 2:
            raise C.fail(_ENCODE, f"Invalid shape for field {field_names[i]}.  Saw shape "
                                  f"{C.shape_str(shape)} but it should be at least a matrix.")
        if prefix is None:
            prefix = tuple(shape[:-1])
        elif not _same(prefix, tuple(shape[:-1])):
            raise C.fail(_ENCODE, "Values must match up to the last dimension")
    if prefix is not None and sizes_shape is not None:
        want = prefix + (len(fields),)
        if not _same(tuple(sizes_shape), want):
            raise C.fail(_ENCODE, f"sizes should be batch_size + [len(field_names)].  Saw: "
                                  f"{C.shape_str(sizes_shape).replace(', ', ',')} but expected: "
                                  f"{C.shape_str(want).replace(', ', ',')}")
    return prefix


def _same(a: tuple, b: tuple) -> bool:
    return len(a) == len(b) and all(x is None or y is None or x == y for x, y in zip(a, b))


def _encode_infer(sizes: Any, *values: Any, field_names: tuple, message_type: str,
                  descriptor_source: str = "local://") -> list:
    if sizes._dtype is not dt.int32:
        raise C.wrong_input_dtype(_ENCODE, 0, dt.int32, sizes._dtype)
    if not values:
        raise C.fail(_ENCODE, "Length for attr 'Tinput_types' of 0 must be at least minimum 1")
    fields = _encode_setup(field_names, message_type, descriptor_source)
    prefix = _encode_checks(sizes._shape, [v._shape for v in values],
                            [v._dtype for v in values], fields, field_names)
    if prefix is None and sizes._shape is not None:
        prefix = tuple(sizes._shape[:-1])
    return [(prefix, dt.string)]


def _encode_kernel(xp: Any, sizes: Any, *values: Any, field_names: tuple, message_type: str,
                   descriptor_source: str = "local://") -> Any:
    fields = _encode_setup(field_names, message_type, descriptor_source)
    vals = [np.asarray(v) for v in values]
    prefix = _encode_checks(np.shape(sizes), [v.shape for v in vals],
                            [dt.string if v.dtype == object else dt.as_dtype(v.dtype)
                             for v in vals], fields, field_names)
    count = int(np.prod(prefix, dtype=np.int64)) if prefix else 1
    sz = np.asarray(sizes).reshape(count, len(fields))
    flat = [v.reshape(count, v.shape[-1]) for v in vals]
    for i, v in enumerate(flat):
        for m in range(count):
            if sz[m, i] > v.shape[1]:
                raise C.fail(_ENCODE, f"Size to write must not be larger than value tensor; "
                                      f"but saw: {sz[m, i]} > {v.shape[1]} at message {m} "
                                      f"field {i}")
    order = sorted(range(len(fields)), key=lambda i: fields[i].number)
    out = []
    for m in range(count):
        buf = bytearray()
        for i in order:
            n = int(sz[m, i])
            if n > 0:
                _encode_field(buf, fields[i], flat[i][m, :n].tolist())
        out.append(bytes(buf))
    return object_vector(out).reshape(prefix)


def _encode_ref(sizes: Any, *values: Any, field_names: tuple, message_type: str,
                descriptor_source: str = "local://") -> Any:
    """protobuf's serializer over messages filled by reflection (fields written in number
    order by protobuf itself)."""
    cls = message_factory.GetMessageClass(find_local_message(message_type))
    sizes = np.asarray(sizes)
    prefix = sizes.shape[:-1]
    count = int(np.prod(prefix, dtype=np.int64))
    sz = sizes.reshape(count, -1)
    out = []
    for m in range(count):
        msg = cls()
        for i, name in enumerate(field_names):
            v = np.asarray(values[i]).reshape(count, -1)[m, :sz[m, i]].tolist()
            fd = cls.DESCRIPTOR.fields_by_name[name]
            if fd.type == _FD.TYPE_MESSAGE:
                for x in v:
                    if _repeated(fd):
                        getattr(msg, name).add().MergeFromString(bytes(x))
                    else:
                        getattr(msg, name).MergeFromString(bytes(x))
            elif _repeated(fd):
                getattr(msg, name).extend(v)
            elif v:
                setattr(msg, name, v[-1])
        out.append(msg.SerializeToString())
    return object_vector(out).reshape(prefix)


def _encode_samples() -> list:
    ex = _example_bytes()
    feats = object_vector([object_vector([ex[0]])[0][2:], b""]).reshape(2, 1)  # the Features bytes
    return [
        Sample((np.array([[2], [0], [3]], np.int32),
                np.array([[5, -6, 0], [0, 0, 0], [1, 2**40, -3]], np.int64)),
               {"field_names": ("value",), "message_type": "tensorflow.Int64List"},
               grad=False),
        Sample((np.array([[1], [0]], np.int32), feats),
               {"field_names": ("features",), "message_type": "tensorflow.Example"},
               grad=False),
        Sample((np.array([[2]], np.int32), np.array([[1.5, -0.25]], np.float32)),
               {"field_names": ("value",), "message_type": "tensorflow.FloatList"},
               grad=False),
    ]


def _encode_bad() -> list:
    attrs = {"field_names": ("value",), "message_type": "tensorflow.Int64List"}
    one = np.array([[1]], np.int32)
    return [
        BadSample((one, np.array([[1.5]], np.float32)), attrs, InvalidArgumentError,
                  "Incompatible type for field value.  Saw dtype: float but field type is: "
                  "int64"),
        BadSample((np.array([1], np.int32), np.array([5], np.int64)), attrs,
                  InvalidArgumentError, "Invalid shape for field value.  Saw shape [1] but it "
                                        "should be at least a matrix."),
        BadSample((np.array([[1, 1]], np.int32), np.array([[5]], np.int64)), attrs,
                  InvalidArgumentError, "sizes should be batch_size + [len(field_names)].  "
                                        "Saw: [1,2] but expected: [1,1]"),
        BadSample((np.array([[2]], np.int32), np.array([[5]], np.int64)), attrs,
                  InvalidArgumentError, "Size to write must not be larger than value tensor; "
                                        "but saw: 2 > 1 at message 0 field 0"),
        BadSample((one, np.array([[5]], np.int64)), {**attrs, "field_names": ("zz",)},
                  InvalidArgumentError, "Unknown field: zz in message type "
                                        "tensorflow.Int64List"),
        BadSample((one.astype(np.int64), np.array([[5]], np.int64)), attrs,
                  InvalidArgumentError, "was expected to be a int32 tensor but is a int64 "
                                        "tensor"),
    ]


ENCODE_PROTO = register(OpDef(
    _ENCODE, _encode_infer, _encode_kernel, reference=_encode_ref,
    samples=_encode_samples, bad_samples=_encode_bad, gpu=False,
    arity=lambda ins, attrs: {"Tinput_types": len(ins) - 1},
))


# ---------------------------------------------------------------------------------------
# Public functions
# ---------------------------------------------------------------------------------------

def decode_proto(bytes: Any, message_type: str, field_names: Any, output_types: Any,  # noqa: A002
                 descriptor_source: str = "local://", message_format: str = "binary",
                 sanitize: bool = False, name: str | None = None) -> DecodeProtoResult:
    """`tf.io.decode_proto`: (sizes, values) of the fields of serialized messages."""
    attrs = AV.wrapper_attrs("DecodeProtoV2", message_type=message_type,
                             field_names=field_names, output_types=output_types,
                             descriptor_source=descriptor_source,
                             message_format=message_format, sanitize=sanitize)
    t = convert_to_tensor(bytes, dtype=dt.string) if not hasattr(bytes, "_dtype") else bytes
    outs = bind(DECODE_PROTO, (t,), attrs, name=name)
    return DecodeProtoResult(outs[0], list(outs[1:]))


def encode_proto(sizes: Any, values: Any, field_names: Any, message_type: str,
                 descriptor_source: str = "local://", name: str | None = None) -> Any:
    """`tf.io.encode_proto`: one serialized message per batch element."""
    attrs = AV.wrapper_attrs("EncodeProto", field_names=field_names, message_type=message_type,
                             descriptor_source=descriptor_source)
    s = convert_to_tensor(sizes) if not hasattr(sizes, "_dtype") else sizes
    vals = tuple(v if hasattr(v, "_dtype") else convert_to_tensor(v) for v in values)
    return bind(ENCODE_PROTO, (s, *vals), attrs, name=name)
