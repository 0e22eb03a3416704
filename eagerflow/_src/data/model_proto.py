"""TF's ModelProto of an iterator (tf.data.experimental.get_model_proto, and the
IteratorGetModelProto op's bytes): the chain of iterators TF's autotuning model holds for
a pipeline, Root then each iterator down the first inputs as TF's path names them after
its default rewrites (iterator_path.py), with the elements the iterator gave.

Data layer, over raw_dataset_access.py and iterator_path.py; light, as tf.data.experimental
imports it. TF's model also holds its timings, buffer sizes and tunable parameters:
eagerflow measures and tunes nothing, so those are left out.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from google.protobuf import descriptor_pool

from eagerflow._src.data import iterator_path
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.data.owned_iterator import OwnedIterator
from eagerflow._src.data.raw_dataset_access import inputs_of, op_name, transparent
from eagerflow._src.io.protos import build, enum, field, map_entry, message
from eagerflow._src.ops.serialization import varint

_KNOWN_RATIO, _ASYNC_KNOWN_RATIO = 3, 4


def model_names(root: DatasetV2) -> list:
    """The iterators TF's model holds for a pipeline, from its root down the first inputs
    (as TF's path names them, after its default rewrites: a map and the batch of it fused,
    a stateless map made parallel, a prefetch put on top)."""
    opt = iterator_path._optimizations(root)
    names: list = []
    ds: Any = root
    while ds is not None:
        inner = inputs_of(ds)
        if not transparent(ds):
            name = _model_name(ds)
            below = inner[0] if inner else None
            if name == "BatchV2" and below is not None and opt["map_and_batch_fusion"] and \
                    _model_name(below) in ("Map", "ParallelMapV2"):
                name, inner = "MapAndBatch", inputs_of(below)
            elif name == "Map" and opt["map_parallelization"] and \
                    iterator_path._stateless(getattr(ds, "_fn", None)):
                name = "ParallelMapV2"
            names.append(name)
        ds = inner[0] if inner else None
    if opt["inject_prefetch"] and (not names or names[0] not in iterator_path._ASYNC):
        names.insert(0, "Prefetch")
    return ["Root", *names]


def _model_name(ds: DatasetV2) -> str:
    kind = type(ds).__name__.lstrip("_")
    if kind in iterator_path._NAMES:
        return iterator_path._NAMES[kind]
    name = op_name(ds)
    return name[:-len("Dataset")] if name.endswith("Dataset") else name


def _len_field(number: int, data: bytes) -> bytes:
    return varint(number << 3 | 2) + varint(len(data)) + data


def _varint_field(number: int, value: int) -> bytes:
    return varint(number << 3) + varint(value)


def _double_field(number: int, value: float) -> bytes:
    return varint(number << 3 | 1) + np.float64(value).tobytes()


def model_proto(names: list, elements: int) -> bytes:
    """TF's ModelProto of a chain of iterators (node i + 1 reads node i + 2), the root's
    count of elements given `elements`."""
    out = b""
    for i, name in enumerate(names):
        node_id = i + 1
        node = (_varint_field(1, node_id) + _len_field(2, name.encode()) +
                _varint_field(3, 1) + (_varint_field(8, elements) if elements and i == 0 else
                                       b"") +
                _varint_field(10, 1))
        if i + 1 < len(names):
            node += _len_field(14, varint(node_id + 1))
        node += _varint_field(15, _ASYNC_KNOWN_RATIO if name == "Prefetch" else _KNOWN_RATIO)
        node += _double_field(16, 1.0)
        out += _len_field(1, _varint_field(1, node_id) + _len_field(2, node))
    return out + _varint_field(2, 1) + _varint_field(3, len(names) + 1) + _len_field(5, b"")


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


def get_model_proto(iterator: Any) -> Any:
    """tf.data.experimental.get_model_proto: the ModelProto of an iterator's pipeline."""
    if not isinstance(iterator, OwnedIterator):
        raise ValueError("Only supports `tf.data.Iterator`-typed `iterator`.")
    it = iterator._it
    proto = ModelProto()
    proto.ParseFromString(model_proto(model_names(iterator._dataset),
                                      it.count if it is not None else 0))
    return proto
