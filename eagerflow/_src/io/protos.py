"""Protocol buffer messages declared field by field, in private descriptor pools.

Bottom of io/ (depends only on the `protobuf` library). TensorFlow's wire formats
(tf.train.Example here, checkpoints in io/bundle_protos.py, event files in summary/, saved
models) are declared with these helpers, field numbers and types as in TensorFlow's
.proto files, so the bytes are wire-compatible; protobuf's own descriptor pool and
message factory make the classes (no generated module, no hand-written encoding).
Each user builds into a pool of its own, so loading TensorFlow or TensorBoard (whose
generated modules declare the same names) in the same process never clashes.
"""

from __future__ import annotations

import copyreg
from typing import Any

from google.protobuf import descriptor_pb2, message_factory

_F = descriptor_pb2.FieldDescriptorProto
_TYPES = {
    "double": _F.TYPE_DOUBLE, "float": _F.TYPE_FLOAT, "int64": _F.TYPE_INT64,
    "uint64": _F.TYPE_UINT64, "int32": _F.TYPE_INT32, "fixed32": _F.TYPE_FIXED32,
    "bool": _F.TYPE_BOOL, "string": _F.TYPE_STRING, "bytes": _F.TYPE_BYTES,
    "uint32": _F.TYPE_UINT32, "sint32": _F.TYPE_SINT32, "sint64": _F.TYPE_SINT64,
}


def field(name: str, number: int, kind: str, repeated: bool = False,
          oneof: int | None = None) -> tuple:
    """A field: `kind` is a scalar type name, `.pkg.Message`, or `enum:.pkg.Enum`."""
    return (name, number, kind, repeated, oneof)


def message(name: str, fields: list, nested: tuple = (), enums: tuple = (),
            oneofs: tuple = ()) -> descriptor_pb2.DescriptorProto:
    m = descriptor_pb2.DescriptorProto(name=name)
    for o in oneofs:
        m.oneof_decl.add(name=o)
    for fname, number, kind, repeated, oneof in fields:
        f = m.field.add(name=fname, number=number,
                        label=_F.LABEL_REPEATED if repeated else _F.LABEL_OPTIONAL)
        if kind in _TYPES:
            f.type = _TYPES[kind]
        elif kind.startswith("enum:"):
            f.type = _F.TYPE_ENUM
            f.type_name = kind[5:]
        else:
            f.type = _F.TYPE_MESSAGE
            f.type_name = kind
        if oneof is not None:
            f.oneof_index = oneof
    m.nested_type.extend(nested)
    m.enum_type.extend(enums)
    return m


def map_entry(name: str, key: str, value: str) -> descriptor_pb2.DescriptorProto:
    """The nested entry message of a `map<key, value>` field (declare the field itself as
    a repeated field of this message, as protoc does)."""
    m = message(name, [field("key", 1, key), field("value", 2, value)])
    m.options.map_entry = True
    return m


def enum(name: str, values: list) -> descriptor_pb2.EnumDescriptorProto:
    e = descriptor_pb2.EnumDescriptorProto(name=name)
    for vname, number in values:
        e.value.add(name=vname, number=number)
    return e


# The pools holding messages under TensorFlow's own names (package tensorflow...): what
# tf.io.decode_proto / encode_proto find with descriptor_source="local://", as TF's binary
# finds the messages compiled into it.
LOCAL_POOLS: list = []


def find_local_message(name: str) -> Any:
    """The descriptor of message `name` among LOCAL_POOLS, or None."""
    for pool in LOCAL_POOLS:
        try:
            return pool.FindMessageTypeByName(name)
        except KeyError:
            continue
    return None


def build(pool: Any, filename: str, package: str, messages: list, enums: tuple = (),
          deps: tuple = ()) -> dict:
    """Adds one proto3 file to `pool`; returns {message full name: class}."""
    fdp = descriptor_pb2.FileDescriptorProto(name=filename, package=package, syntax="proto3")
    fdp.dependency.extend(deps)
    fdp.message_type.extend(messages)
    fdp.enum_type.extend(enums)
    pool.Add(fdp)
    if (package == "tensorflow" or package.startswith("tensorflow.")) and not any(
            p is pool for p in LOCAL_POOLS):
        LOCAL_POOLS.append(pool)
    out = {}

    def collect(desc: Any) -> None:
        cls = out[desc.full_name] = _message_class(pool, desc)
        _name_as_generated(cls, filename, package, desc.full_name)
        for sub in desc.nested_types:
            collect(sub)

    for m in messages:
        collect(pool.FindMessageTypeByName(f"{package}.{m.name}"))
    return out


# {(proto file, message's full name): class} of every message class built here, for
# pickle to find one again (its module, named as TF's generated module, is not importable)
_BUILT: dict = {}


def _name_as_generated(cls: type, filename: str, package: str, full_name: str) -> None:
    """Names `cls` as protoc's generated module names its class (its repr is TF's:
    <class 'tensorflow.core.example.example_pb2.Example'>), and records it for pickle."""
    cls.__module__ = filename.removesuffix(".proto").replace("/", ".") + "_pb2"
    cls.__qualname__ = full_name[len(package) + 1:] if package else full_name
    _BUILT[(filename, full_name)] = cls
    if type(cls) not in copyreg.dispatch_table:
        copyreg.pickle(type(cls), _reduce_class)


def built_class(filename: str, full_name: str) -> type:
    """The message class `build` made for `full_name` of proto file `filename`."""
    return _BUILT[(filename, full_name)]


def _reduce_class(cls: type) -> Any:
    """How pickle names a message class: ours by the file and name they were built
    from, any other (protobuf's, a generated module's) by its qualified name, as
    pickle does by default."""
    desc = getattr(cls, "DESCRIPTOR", None)
    filename = getattr(getattr(desc, "file", None), "name", None)
    key = (filename, getattr(desc, "full_name", None))
    if _BUILT.get(key) is cls:
        return built_class, key
    return cls.__qualname__


def _message_class(pool: Any, desc: Any) -> type:
    get = getattr(message_factory, "GetMessageClass", None)
    if get is not None:
        return get(desc)
    return message_factory.MessageFactory(pool).GetPrototype(desc)  # protobuf < 4.22
