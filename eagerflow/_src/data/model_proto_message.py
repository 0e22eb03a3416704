"""TF's ModelProto message class (tensorflow/core/framework/model.proto), for
tf.data.experimental.get_model_proto.

Data layer, under model_proto.py, which loads it on first use: building a protobuf message
class loads protobuf's descriptor machinery (~20 ms), and tf.data.experimental, which
every `import eagerflow as tf; tf.data` pays for, re-exports get_model_proto.
"""

from __future__ import annotations

from google.protobuf import descriptor_pool

from eagerflow._src.io.protos import build, enum, field, map_entry, message

_P = ".tensorflow.data.model."
# TF's tensorflow/core/framework/model.proto: the fields this fills
_protos = build(descriptor_pool.DescriptorPool(), "tensorflow/core/framework/model.proto",
                "tensorflow.data.model", [
    message("ModelProto", [
        field("nodes", 1, _P + "ModelProto.NodesEntry", repeated=True),
        field("output", 2, "int64"), field("id_counter", 3, "int64"),
        field("optimization_params", 5, _P + "ModelProto.OptimizationParams")], nested=(
        message("Node", [
            field("id", 1, "int64"), field("name", 2, "string"), field("autotune", 3, "bool"),
            field("buffered_bytes", 4, "int64"), field("buffered_elements", 5, "int64"),
            field("bytes_consumed", 6, "int64"), field("bytes_produced", 7, "int64"),
            field("num_elements", 8, "int64"), field("processing_time", 9, "int64"),
            field("record_metrics", 10, "bool"),
            field("input_processing_time_sum", 12, "double"),
            field("input_processing_time_count", 13, "int64"),
            field("inputs", 14, "int64", repeated=True),
            field("node_class", 15, "enum:" + _P + "NodeClass"), field("ratio", 16, "double"),
            field("memory_ratio", 17, "double")]),
        map_entry("NodesEntry", "int64", _P + "ModelProto.Node"),
        message("OptimizationParams", [
            field("cpu_budget", 2, "int64"), field("ram_budget", 3, "int64"),
            field("model_input_time", 4, "double")]))),
], enums=(enum("NodeClass", [("UNKNOWN", 0), ("INTERLEAVE_MANY", 1),
                             ("ASYNC_INTERLEAVE_MANY", 2), ("KNOWN_RATIO", 3),
                             ("ASYNC_KNOWN_RATIO", 4), ("UNKNOWN_RATIO", 5),
                             ("ASYNC_UNKNOWN_RATIO", 6)]),))
ModelProto = _protos["tensorflow.data.model.ModelProto"]
