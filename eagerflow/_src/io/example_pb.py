"""tf.train.Example and friends, as protobuf messages.

Bottom layer (depends only on the `protobuf` library). The message types are
declared here with protobuf descriptors, field for field as in TensorFlow's
`tensorflow/core/example/feature.proto` and `example.proto` (package
`tensorflow`, proto3, same field numbers and types), so the bytes they serialize
are what TensorFlow reads and writes. They live in a private descriptor pool so
that loading TensorFlow (or TensorBoard's copies of these protos) in the same
process never clashes with them.
"""

from __future__ import annotations

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

_F = descriptor_pb2.FieldDescriptorProto

_pool = descriptor_pool.DescriptorPool()


def _field(msg: descriptor_pb2.DescriptorProto, name: str, number: int, ftype: int,
           label: int = _F.LABEL_OPTIONAL, type_name: str | None = None,
           oneof: int | None = None, packed: bool | None = None) -> None:
    f = msg.field.add(name=name, number=number, type=ftype, label=label, json_name=_camel(name))
    if type_name:
        f.type_name = type_name
    if oneof is not None:
        f.oneof_index = oneof
    if packed is not None:
        f.options.packed = packed


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(p.title() for p in rest)


def _map_entry(msg: descriptor_pb2.DescriptorProto, entry: str, value_type: str) -> None:
    e = msg.nested_type.add(name=entry)
    e.options.map_entry = True
    _field(e, "key", 1, _F.TYPE_STRING)
    _field(e, "value", 2, _F.TYPE_MESSAGE, type_name=value_type)


def _feature_file() -> descriptor_pb2.FileDescriptorProto:
    fd = descriptor_pb2.FileDescriptorProto(name="tensorflow/core/example/feature.proto",
                                            package="tensorflow", syntax="proto3")
    m = fd.message_type.add(name="BytesList")
    _field(m, "value", 1, _F.TYPE_BYTES, _F.LABEL_REPEATED)
    m = fd.message_type.add(name="FloatList")
    _field(m, "value", 1, _F.TYPE_FLOAT, _F.LABEL_REPEATED, packed=True)
    m = fd.message_type.add(name="Int64List")
    _field(m, "value", 1, _F.TYPE_INT64, _F.LABEL_REPEATED, packed=True)
    m = fd.message_type.add(name="Feature")
    m.oneof_decl.add(name="kind")
    _field(m, "bytes_list", 1, _F.TYPE_MESSAGE, type_name=".tensorflow.BytesList", oneof=0)
    _field(m, "float_list", 2, _F.TYPE_MESSAGE, type_name=".tensorflow.FloatList", oneof=0)
    _field(m, "int64_list", 3, _F.TYPE_MESSAGE, type_name=".tensorflow.Int64List", oneof=0)
    m = fd.message_type.add(name="Features")
    _map_entry(m, "FeatureEntry", ".tensorflow.Feature")
    _field(m, "feature", 1, _F.TYPE_MESSAGE, _F.LABEL_REPEATED,
           type_name=".tensorflow.Features.FeatureEntry")
    m = fd.message_type.add(name="FeatureList")
    _field(m, "feature", 1, _F.TYPE_MESSAGE, _F.LABEL_REPEATED, type_name=".tensorflow.Feature")
    m = fd.message_type.add(name="FeatureLists")
    _map_entry(m, "FeatureListEntry", ".tensorflow.FeatureList")
    _field(m, "feature_list", 1, _F.TYPE_MESSAGE, _F.LABEL_REPEATED,
           type_name=".tensorflow.FeatureLists.FeatureListEntry")
    fd.options.java_package = "org.tensorflow.example"
    fd.options.cc_enable_arenas = True
    return fd


def _example_file() -> descriptor_pb2.FileDescriptorProto:
    fd = descriptor_pb2.FileDescriptorProto(name="tensorflow/core/example/example.proto",
                                            package="tensorflow", syntax="proto3",
                                            dependency=["tensorflow/core/example/feature.proto"])
    m = fd.message_type.add(name="Example")
    _field(m, "features", 1, _F.TYPE_MESSAGE, type_name=".tensorflow.Features")
    m = fd.message_type.add(name="SequenceExample")
    _field(m, "context", 1, _F.TYPE_MESSAGE, type_name=".tensorflow.Features")
    _field(m, "feature_lists", 2, _F.TYPE_MESSAGE, type_name=".tensorflow.FeatureLists")
    fd.options.cc_enable_arenas = True
    return fd


_pool.Add(_feature_file())
_pool.Add(_example_file())


def _cls(name: str) -> type:
    desc = _pool.FindMessageTypeByName(f"tensorflow.{name}")
    get = getattr(message_factory, "GetMessageClass", None)
    if get is not None:
        return get(desc)
    return message_factory.MessageFactory(_pool).GetPrototype(desc)  # protobuf < 4.22


BytesList = _cls("BytesList")
FloatList = _cls("FloatList")
Int64List = _cls("Int64List")
Feature = _cls("Feature")
Features = _cls("Features")
FeatureList = _cls("FeatureList")
FeatureLists = _cls("FeatureLists")
Example = _cls("Example")
SequenceExample = _cls("SequenceExample")
