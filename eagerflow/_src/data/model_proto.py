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

from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.data import iterator_path
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.data.owned_iterator import OwnedIterator
from eagerflow._src.data.raw_dataset_access import inputs_of, op_name, transparent
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


# The message class (protobuf's descriptors) loads on get_model_proto's first call.
model_proto_message = lazy_module("eagerflow._src.data.model_proto_message")


def get_model_proto(iterator: Any) -> Any:
    """tf.data.experimental.get_model_proto: the ModelProto of an iterator's pipeline."""
    if not isinstance(iterator, OwnedIterator):
        raise ValueError("Only supports `tf.data.Iterator`-typed `iterator`.")
    it = iterator._it
    proto = model_proto_message.ModelProto()
    proto.ParseFromString(model_proto(model_names(iterator._dataset),
                                      it.count if it is not None else 0))
    return proto
