"""The SavedModel protocol buffers: TensorBoard's generated modules, plus two small twins.

Bottom of saved_model/. TensorBoard ships TF's MetaGraphDef, GraphDef, FunctionDef,
SavedObjectGraph, StructuredValue, OpDef and TensorProto messages (tensorboard.compat.proto,
package `tensorboard`, so they never clash with TensorFlow's own modules in one process).
It does not ship the two top-level wrappers, SavedModel (saved_model.proto) and
FingerprintDef (fingerprint.proto): those are declared here with TF's field numbers, in
protobuf's default pool beside TensorBoard's files so that they can hold its messages.

TensorBoard is the `saved_model` extra; it is imported on first use.
"""

from __future__ import annotations

import functools
from types import SimpleNamespace

from eagerflow._src.io.bundle_protos import build, field, message


@functools.lru_cache(maxsize=1)
def pb() -> SimpleNamespace:
    """The message classes, TensorBoard's modules loaded on first call."""
    try:
        from google.protobuf import descriptor_pool
        from tensorboard.compat.proto import (
            attr_value_pb2,
            function_pb2,
            graph_debug_info_pb2,
            graph_pb2,
            meta_graph_pb2,
            node_def_pb2,
            op_def_pb2,
            saved_object_graph_pb2,
            saver_pb2,
            struct_pb2,
            tensor_pb2,
            tensor_shape_pb2,
            trackable_object_graph_pb2,
            versions_pb2,
        )
    except ImportError as e:  # pragma: no cover - the extra is part of the test install
        raise ImportError("SavedModels need the protocol buffer definitions TensorBoard "
                          "ships: pip install 'eagerflow[saved_model]' (or tensorboard)") from e
    pool = descriptor_pool.Default()
    t = ".tensorboard."
    try:
        pool.FindMessageTypeByName("eagerflow_saved_model.SavedModel")
        known = True
    except KeyError:
        known = False
    if not known:
        build(pool, "eagerflow/saved_model.proto", "eagerflow_saved_model", [
            message("SavedModel", [field("saved_model_schema_version", 1, "int64"),
                                   field("meta_graphs", 2, t + "MetaGraphDef", repeated=True)]),
            message("FingerprintDef", [
                field("saved_model_checksum", 1, "uint64"),
                field("graph_def_program_hash", 2, "uint64"),
                field("signature_def_hash", 3, "uint64"),
                field("saved_object_graph_hash", 4, "uint64"),
                field("checkpoint_hash", 5, "uint64"),
                field("version", 6, t + "VersionDef"),
                field("uuid", 7, "string"),
            ]),
        ], deps=("tensorboard/compat/proto/meta_graph.proto",
                 "tensorboard/compat/proto/versions.proto"))
    from google.protobuf import message_factory

    def cls(name: str) -> type:
        return message_factory.GetMessageClass(pool.FindMessageTypeByName(name))

    return SimpleNamespace(
        SavedModel=cls("eagerflow_saved_model.SavedModel"),
        FingerprintDef=cls("eagerflow_saved_model.FingerprintDef"),
        MetaGraphDef=meta_graph_pb2.MetaGraphDef, SignatureDef=meta_graph_pb2.SignatureDef,
        TensorInfo=meta_graph_pb2.TensorInfo, AssetFileDef=meta_graph_pb2.AssetFileDef,
        GraphDef=graph_pb2.GraphDef, NodeDef=node_def_pb2.NodeDef,
        FunctionDef=function_pb2.FunctionDef, FunctionDefLibrary=function_pb2.FunctionDefLibrary,
        AttrValue=attr_value_pb2.AttrValue, OpDef=op_def_pb2.OpDef, OpList=op_def_pb2.OpList,
        SavedObjectGraph=saved_object_graph_pb2.SavedObjectGraph,
        SavedObject=saved_object_graph_pb2.SavedObject,
        FunctionSpec=saved_object_graph_pb2.FunctionSpec,
        StructuredValue=struct_pb2.StructuredValue, TensorSpecProto=struct_pb2.TensorSpecProto,
        TensorProto=tensor_pb2.TensorProto, TensorShapeProto=tensor_shape_pb2.TensorShapeProto,
        SaverDef=saver_pb2.SaverDef, VersionDef=versions_pb2.VersionDef,
        TrackableObjectGraph=trackable_object_graph_pb2.TrackableObjectGraph,
        GraphDebugInfo=graph_debug_info_pb2.GraphDebugInfo,
    )
