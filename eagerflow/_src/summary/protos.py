"""Event-file protocol buffers: TensorBoard's own generated modules, or wire-compatible twins.

Bottom of summary/. When the `tensorboard` package is installed (the `summary`
extra) its generated modules are used: Event, Summary, SummaryMetadata,
TensorProto, the audio plugin's AudioPluginData, and RunMetadata/GraphDef for
graph traces. Without it, the same messages (the fields eagerflow writes, with
TensorFlow's field numbers) are declared with protobuf's descriptor pool, so
summaries still work.
"""

from __future__ import annotations

from types import SimpleNamespace

from google.protobuf import descriptor_pool

from eagerflow._src.io.bundle_protos import DATA_TYPES
from eagerflow._src.io.protos import build, enum, field, message


def _from_tensorboard() -> SimpleNamespace | None:
    try:
        from tensorboard.compat.proto import (
            config_pb2,
            event_pb2,
            graph_pb2,
            summary_pb2,
            tensor_pb2,
            tensor_shape_pb2,
        )
        from tensorboard.plugins.audio import plugin_data_pb2 as audio_pb2
    except ImportError:
        return None
    return SimpleNamespace(
        Event=event_pb2.Event, SourceMetadata=event_pb2.SourceMetadata,
        Summary=summary_pb2.Summary, SummaryMetadata=summary_pb2.SummaryMetadata,
        TensorProto=tensor_pb2.TensorProto, TensorShapeProto=tensor_shape_pb2.TensorShapeProto,
        AudioPluginData=audio_pb2.AudioPluginData, RunMetadata=config_pb2.RunMetadata,
        GraphDef=graph_pb2.GraphDef, from_tensorboard=True)


def _built() -> SimpleNamespace:
    pool = descriptor_pool.DescriptorPool()
    p = ".eagerflow_summary."
    c = build(pool, "eagerflow/summary.proto", "eagerflow_summary", [
        message("TensorShapeProto", [
            field("dim", 2, p + "TensorShapeProto.Dim", repeated=True),
            field("unknown_rank", 3, "bool"),
        ], nested=(message("Dim", [field("size", 1, "int64"), field("name", 2, "string")]),)),
        message("TensorProto", [
            field("dtype", 1, "enum:" + p + "DataType"),
            field("tensor_shape", 2, p + "TensorShapeProto"),
            field("version_number", 3, "int32"), field("tensor_content", 4, "bytes"),
            field("float_val", 5, "float", repeated=True),
            field("double_val", 6, "double", repeated=True),
            field("int_val", 7, "int32", repeated=True),
            field("string_val", 8, "bytes", repeated=True),
            field("int64_val", 10, "int64", repeated=True),
            field("bool_val", 11, "bool", repeated=True),
        ]),
        message("SummaryMetadata", [
            field("plugin_data", 1, p + "SummaryMetadata.PluginData"),
            field("display_name", 2, "string"), field("summary_description", 3, "string"),
            field("data_class", 4, "int32"),
        ], nested=(message("PluginData", [field("plugin_name", 1, "string"),
                                          field("content", 2, "bytes")]),)),
        message("Summary", [field("value", 1, p + "Summary.Value", repeated=True)],
                nested=(message("Value", [
                    field("node_name", 7, "string"), field("tag", 1, "string"),
                    field("metadata", 9, p + "SummaryMetadata"),
                    field("simple_value", 2, "float", oneof=0),
                    field("tensor", 8, p + "TensorProto", oneof=0),
                ], oneofs=("value",)),)),
        message("SourceMetadata", [field("writer", 1, "string")]),
        message("Event", [
            field("wall_time", 1, "double"), field("step", 2, "int64"),
            field("file_version", 3, "string", oneof=0), field("graph_def", 4, "bytes", oneof=0),
            field("summary", 5, p + "Summary", oneof=0),
            field("source_metadata", 10, p + "SourceMetadata"),
        ], oneofs=("what",)),
        message("AudioPluginData", [field("version", 1, "int32"),
                                    field("encoding", 2, "enum:" + p + "AudioPluginData.Encoding")],
                enums=(enum("Encoding", [("UNKNOWN", 0), ("WAV", 11)]),)),
    ], enums=(enum("DataType", DATA_TYPES),))
    return SimpleNamespace(
        Event=c["eagerflow_summary.Event"], SourceMetadata=c["eagerflow_summary.SourceMetadata"],
        Summary=c["eagerflow_summary.Summary"],
        SummaryMetadata=c["eagerflow_summary.SummaryMetadata"],
        TensorProto=c["eagerflow_summary.TensorProto"],
        TensorShapeProto=c["eagerflow_summary.TensorShapeProto"],
        AudioPluginData=c["eagerflow_summary.AudioPluginData"], RunMetadata=None, GraphDef=None,
        from_tensorboard=False)


_cache: dict = {}


def get(prefer_tensorboard: bool = True) -> SimpleNamespace:
    """The message classes (TensorBoard's when available and preferred)."""
    key = bool(prefer_tensorboard)
    ns = _cache.get(key)
    if ns is None:
        ns = (_from_tensorboard() if prefer_tensorboard else None) or _built()
        _cache[key] = ns
    return ns
