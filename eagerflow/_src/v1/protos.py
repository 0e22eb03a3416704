"""TF 1's protocol buffer classes in `tf.compat.v1` (ConfigProto, GPUOptions, RunOptions,
RunMetadata, Summary, Event, NodeDef, MetaGraphDef, ...): TensorFlow's own message
definitions as TensorBoard ships them (tensorboard.compat.proto, the same fields and wire
format), so `ConfigProto(gpu_options=GPUOptions(allow_growth=True))` builds, serializes and
prints as TF's. TensorBoard is the `saved_model` extra; its modules load on first use.

TF 1 layer (v1/): read by `tf.compat.v1`'s attribute lookup.
"""

from __future__ import annotations

import importlib
from typing import Any

# name in tf.compat.v1 -> TensorBoard's module holding TF's message
PROTOS = {
    "AttrValue": "attr_value_pb2", "NameAttrList": "attr_value_pb2",
    "ConfigProto": "config_pb2", "GPUOptions": "config_pb2", "GraphOptions": "config_pb2",
    "OptimizerOptions": "config_pb2", "RunMetadata": "config_pb2", "RunOptions": "config_pb2",
    "Event": "event_pb2", "LogMessage": "event_pb2", "SessionLog": "event_pb2",
    "HistogramProto": "summary_pb2", "Summary": "summary_pb2", "SummaryMetadata": "summary_pb2",
    "MetaGraphDef": "meta_graph_pb2", "TensorInfo": "meta_graph_pb2",
    "NodeDef": "node_def_pb2",
}


# name in tf.compat.v1.train -> TensorBoard's module holding TF's message
TRAIN_PROTOS = {"SaverDef": "saver_pb2"}


def message_class(name: str, table: dict = PROTOS) -> Any:
    """TF's message class `name` (one of `table`'s)."""
    try:
        module = importlib.import_module(f"tensorboard.compat.proto.{table[name]}")
    except ImportError as e:  # pragma: no cover - the extra is part of the test install
        raise ImportError(f"tf.compat.v1's {name} needs the protocol buffer definitions "
                          "TensorBoard ships: pip install 'eagerflow[saved_model]' "
                          "(or tensorboard)") from e
    return getattr(module, name)
