"""TF's serialized tf.data iterator state: what a checkpoint holds under an iterator's
ITERATOR_STATE key (a 1-D DT_VARIANT tensor), read into and written from plain values.

Sits in io/, over snappy.py and variant.py; data/tf_iterator_state.py gives the values
their meaning. Each element of the tensor is one VariantTensorDataProto of type
"tensorflow::Iterator" holding the values one iterator of the pipeline wrote:

- its metadata is the iterator's prefix ("Iterator::Root::MapAndBatch::Range") and then
  the names of its values, joined by "@@";
- its one tensor is a scalar variant holding a "tensorflow.data.CompressedElement": the
  values' bytes one after another (a string value's strings one after another), as one
  raw snappy block, and for each value its dtype, shape and byte counts (one per string
  of a string value, one in all for any other).

`read` gives {prefix: {name: array}}; `write` makes the elements back from such a dict.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from google.protobuf import descriptor_pool

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import DataLossError
from eagerflow._src.io import snappy, variant
from eagerflow._src.io.protos import build, field, message

ITERATOR = "tensorflow::Iterator"
COMPRESSED = "tensorflow.data.CompressedElement"
_SEP = "@@"

_POOL = descriptor_pool.DescriptorPool()
_P = ".eagerflow.iterator_state."
_classes = build(_POOL, "eagerflow/iterator_state.proto", "eagerflow.iterator_state", [
    message("Shape", [field("dim", 2, _P + "Shape.Dim", repeated=True),
                      field("unknown_rank", 3, "bool")],
            nested=(message("Dim", [field("size", 1, "int64"), field("name", 2, "string")]),)),
    # (tensorflow.data.CompressedComponentMetadata)
    message("ComponentMetadata", [field("dtype", 1, "int32"),
                                  field("tensor_shape", 2, _P + "Shape"),
                                  field("uncompressed_bytes", 4, "uint64", repeated=True)]),
    # (tensorflow.data.CompressedElement)
    message("CompressedElement", [field("data", 1, "bytes"),
                                  field("component_metadata", 2, _P + "ComponentMetadata",
                                        repeated=True),
                                  field("version", 3, "int32")]),
])
_Compressed = _classes["eagerflow.iterator_state.CompressedElement"]


def _bad(what: str) -> DataLossError:
    return DataLossError(None, None, f"Failed to read an iterator's checkpointed state: {what}")


@functools.lru_cache(maxsize=1)
def _tensor_proto_class() -> type:
    from tensorboard.compat.proto import tensor_pb2  # (as io/variant.py finds it)

    return tensor_pb2.TensorProto


def read(elements: np.ndarray) -> dict:
    """{iterator prefix: {value name: array}} of a state's elements (serialized
    VariantTensorDataProtos, as a checkpoint's bundle holds them)."""
    cls = variant.message_class()
    out: dict = {}
    for blob in np.asarray(elements, dtype=object).reshape(-1):
        msg = cls()
        try:
            msg.ParseFromString(bytes(blob))
        except Exception:  # noqa: BLE001 - protobuf's DecodeError, whatever its module
            raise _bad("an element does not parse") from None
        if msg.type_name != ITERATOR:
            raise _bad(f"an element of type {msg.type_name!r}")
        prefix, *names = msg.metadata.decode("utf-8", "replace").split(_SEP)
        values = _values(msg.tensors)
        if len(values) != len(names):
            raise _bad(f"{prefix} names {len(names)} values but holds {len(values)}")
        out.setdefault(prefix, {}).update(zip(names, values))
    return out


def _values(tensors: Any) -> list:
    if not len(tensors):
        return []
    if len(tensors) != 1 or not len(tensors[0].variant_val) or \
            tensors[0].variant_val[0].type_name != COMPRESSED:
        raise _bad("its values are not one compressed element")
    held = _Compressed()
    try:
        held.ParseFromString(tensors[0].variant_val[0].metadata)
    except Exception:  # noqa: BLE001
        raise _bad("a compressed element does not parse") from None
    raw = snappy.decompress_block(held.data)
    out, pos = [], 0
    for meta in held.component_metadata:
        dtype = dt.as_dtype(meta.dtype)
        shape = tuple(int(d.size) for d in meta.tensor_shape.dim)
        counts = [int(n) for n in meta.uncompressed_bytes]
        if dtype is dt.string:
            items = np.empty(len(counts), dtype=object)
            for i, n in enumerate(counts):
                items[i] = raw[pos:pos + n]
                pos += n
            out.append(items.reshape(shape))
        elif dtype is dt.variant:
            raise _bad("a value is a variant (a dataset or an optional), not read here")
        else:
            n = sum(counts)
            npd = np.dtype(dtype.as_numpy_dtype).newbyteorder("<")
            out.append(np.frombuffer(raw[pos:pos + n], npd).astype(npd.newbyteorder("="))
                       .reshape(shape))
            pos += n
    if pos != len(raw):
        raise _bad("its values' sizes do not add up to its bytes")
    return out


def write(state: dict) -> np.ndarray:
    """The elements (serialized VariantTensorDataProtos, an object array) of a state given
    as {iterator prefix: {value name: (array, DType)}}, in the order given."""
    cls, tp = variant.message_class(), _tensor_proto_class()
    out = []
    for prefix, values in state.items():
        msg = cls(type_name=ITERATOR, metadata=_SEP.join([prefix, *values]).encode())
        if values:
            held = _compressed([v for v in values.values()])
            t = tp(dtype=dt.variant.as_datatype_enum)
            t.tensor_shape.SetInParent()
            t.variant_val.add(type_name=COMPRESSED, metadata=held.SerializeToString())
            msg.tensors.append(t)
        out.append(msg.SerializeToString())
    arr = np.empty(len(out), dtype=object)
    arr[:] = out
    return arr


def _compressed(values: list) -> Any:
    held = _Compressed()
    parts = []
    for arr, dtype in values:
        arr = np.asarray(arr, dtype=object if dtype is dt.string else dtype.as_numpy_dtype)
        meta = held.component_metadata.add(dtype=dtype.as_datatype_enum)
        meta.tensor_shape.SetInParent()
        for d in arr.shape:
            meta.tensor_shape.dim.add(size=int(d))
        if dtype is dt.string:
            items = [x if isinstance(x, bytes) else str(x).encode() for x in arr.reshape(-1)]
            parts += items
            meta.uncompressed_bytes.extend(len(x) for x in items)
        else:
            raw = np.ascontiguousarray(arr, arr.dtype.newbyteorder("<")).tobytes()
            parts.append(raw)
            meta.uncompressed_bytes.append(len(raw))
    held.data = snappy.compress_block(b"".join(parts))
    return held
