"""Protocol buffer messages of TensorFlow's checkpoint format, built with `google.protobuf`.

Sits in io/, under tensor_bundle.py and train/. The message types are declared field by
field with io/protos.py's helpers (numbers and types as in TensorFlow's .proto files, so
they are wire-compatible), in a descriptor pool of their own.

Messages: TensorShapeProto, VersionDef, TensorSliceProto, BundleHeaderProto,
BundleEntryProto (tensor_bundle.proto), SavedTensorSlices and its parts (TF 1's
checkpoint file, saved_tensor_slice.proto), TrackableObjectGraph
(trackable_object_graph.proto), CheckpointState (checkpoint_state.proto), and the
DataType enum.
"""

from __future__ import annotations

from google.protobuf import descriptor_pb2, descriptor_pool, wrappers_pb2

from eagerflow._src.io.protos import build, enum, field, message

POOL = descriptor_pool.DescriptorPool()
_wrappers = descriptor_pb2.FileDescriptorProto()
wrappers_pb2.DESCRIPTOR.CopyToProto(_wrappers)
POOL.Add(_wrappers)

# DataType values are TF's (types.proto); the _REF variants are not used in checkpoints.
DATA_TYPES = [
    ("DT_INVALID", 0), ("DT_FLOAT", 1), ("DT_DOUBLE", 2), ("DT_INT32", 3), ("DT_UINT8", 4),
    ("DT_INT16", 5), ("DT_INT8", 6), ("DT_STRING", 7), ("DT_COMPLEX64", 8), ("DT_INT64", 9),
    ("DT_BOOL", 10), ("DT_QINT8", 11), ("DT_QUINT8", 12), ("DT_QINT32", 13),
    ("DT_BFLOAT16", 14), ("DT_QINT16", 15), ("DT_QUINT16", 16), ("DT_UINT16", 17),
    ("DT_COMPLEX128", 18), ("DT_HALF", 19), ("DT_RESOURCE", 20), ("DT_VARIANT", 21),
    ("DT_UINT32", 22), ("DT_UINT64", 23),
]

_T = ".tensorflow."
_classes = build(POOL, "eagerflow/tensorflow_checkpoint.proto", "tensorflow", [
    message("TensorShapeProto", [
        field("dim", 2, _T + "TensorShapeProto.Dim", repeated=True),
        field("unknown_rank", 3, "bool"),
    ], nested=(message("Dim", [field("size", 1, "int64"), field("name", 2, "string")]),)),
    message("VersionDef", [
        field("producer", 1, "int32"), field("min_consumer", 2, "int32"),
        field("bad_consumers", 3, "int32", repeated=True),
    ]),
    message("TensorSliceProto", [
        field("extent", 1, _T + "TensorSliceProto.Extent", repeated=True),
    ], nested=(message("Extent", [field("start", 1, "int64"),
                                  field("length", 2, "int64", oneof=0)],
                       oneofs=("has_length",)),)),
    message("BundleHeaderProto", [
        field("num_shards", 1, "int32"),
        field("endianness", 2, "enum:" + _T + "BundleHeaderProto.Endianness"),
        field("version", 3, _T + "VersionDef"),
    ], enums=(enum("Endianness", [("LITTLE", 0), ("BIG", 1)]),)),
    message("BundleEntryProto", [
        field("dtype", 1, "enum:" + _T + "DataType"),
        field("shape", 2, _T + "TensorShapeProto"),
        field("shard_id", 3, "int32"), field("offset", 4, "int64"), field("size", 5, "int64"),
        field("crc32c", 6, "fixed32"),
        field("slices", 7, _T + "TensorSliceProto", repeated=True),
    ]),
    # TF 1's checkpoint file (saved_tensor_slice.proto): a slice's TensorProto is held as
    # its bytes (the same wire form; the message class is TensorBoard's, io/tensor_proto.py)
    message("SavedSliceMeta", [
        field("name", 1, "string"), field("shape", 2, _T + "TensorShapeProto"),
        field("type", 3, "enum:" + _T + "DataType"),
        field("slice", 4, _T + "TensorSliceProto", repeated=True),
    ]),
    message("SavedTensorSliceMeta", [
        field("tensor", 1, _T + "SavedSliceMeta", repeated=True),
        field("versions", 2, _T + "VersionDef"),
    ]),
    message("SavedSlice", [
        field("name", 1, "string"), field("slice", 2, _T + "TensorSliceProto"),
        field("data", 3, "bytes", oneof=0),  # (set when empty too: an empty tensor's)
    ], oneofs=("_data",)),
    message("SavedTensorSlices", [
        field("meta", 1, _T + "SavedTensorSliceMeta"), field("data", 2, _T + "SavedSlice"),
    ]),
    message("RegisteredSaver", [field("name", 1, "string"), field("object_name", 2, "string")]),
    message("TrackableObjectGraph", [
        field("nodes", 1, _T + "TrackableObjectGraph.TrackableObject", repeated=True),
    ], nested=(message("TrackableObject", [
        field("children", 1, _T + "TrackableObjectGraph.TrackableObject.ObjectReference",
              repeated=True),
        field("attributes", 2, _T + "TrackableObjectGraph.TrackableObject.SerializedTensor",
              repeated=True),
        field("slot_variables", 3,
              _T + "TrackableObjectGraph.TrackableObject.SlotVariableReference", repeated=True),
        field("registered_saver", 4, _T + "RegisteredSaver"),
        field("has_checkpoint_values", 5, ".google.protobuf.BoolValue"),
    ], nested=(
        message("ObjectReference", [field("node_id", 1, "int32"),
                                    field("local_name", 2, "string")]),
        message("SerializedTensor", [field("name", 1, "string"), field("full_name", 2, "string"),
                                     field("checkpoint_key", 3, "string")]),
        message("SlotVariableReference", [field("original_variable_node_id", 1, "int32"),
                                          field("slot_name", 2, "string"),
                                          field("slot_variable_node_id", 3, "int32")]),
    )),)),
    message("CheckpointState", [
        field("model_checkpoint_path", 1, "string"),
        field("all_model_checkpoint_paths", 2, "string", repeated=True),
        field("all_model_checkpoint_timestamps", 3, "double", repeated=True),
        field("last_preserved_timestamp", 4, "double"),
    ]),
], enums=(enum("DataType", DATA_TYPES),), deps=("google/protobuf/wrappers.proto",))

TensorShapeProto = _classes["tensorflow.TensorShapeProto"]
VersionDef = _classes["tensorflow.VersionDef"]
TensorSliceProto = _classes["tensorflow.TensorSliceProto"]
BundleHeaderProto = _classes["tensorflow.BundleHeaderProto"]
BundleEntryProto = _classes["tensorflow.BundleEntryProto"]
RegisteredSaver = _classes["tensorflow.RegisteredSaver"]
TrackableObjectGraph = _classes["tensorflow.TrackableObjectGraph"]
CheckpointState = _classes["tensorflow.CheckpointState"]
SavedTensorSlices = _classes["tensorflow.SavedTensorSlices"]
