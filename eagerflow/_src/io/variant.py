"""Variant tensors as TF serializes them, for the files that hold them (tf.data snapshots).

Sits in io/, over tensor_proto.py. TF writes a DT_VARIANT tensor (AsProtoTensorContent)
as a TensorProto whose `tensor_content` is the list of its elements in TF's
EncodeVariantList form: every element's length as a varint, then the elements, each a
serialized VariantTensorDataProto (a type name, metadata bytes, and the tensors it holds,
each written with AsProtoField: values in their typed fields). A reader also takes the
elements in `variant_val`, the other form TF's FromProto accepts.

tf.data's elements use three kinds:
- `tensorflow::Tensor`: one tensor (a SparseTensor element is a vector of three of them:
  indices, values, dense_shape, as SerializeSparse makes it with out_type=variant);
- `RaggedTensorVariant`: a ragged tensor's nested row splits, outermost first, then its
  flat values (a scalar, as RaggedTensorToVariant makes it with batched_input=False);
- `tensorflow::data::Optional`: an Optional, its metadata one byte (1: it holds a value,
  0: none), then the value's tensors.
"""

from __future__ import annotations

import functools
import math
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import DataLossError
from eagerflow._src.io import tensor_proto

TENSOR = "tensorflow::Tensor"
RAGGED = "RaggedTensorVariant"
OPTIONAL = "tensorflow::data::Optional"


@functools.lru_cache(maxsize=1)
def message_class() -> type:
    try:
        from tensorboard.compat.proto import tensor_pb2
    except ImportError as e:  # pragma: no cover - the extra is part of the test install
        raise ImportError("Variant tensors need the protocol buffer definitions TensorBoard "
                          "ships: pip install 'eagerflow[summary]' (or tensorboard)") from e
    return tensor_pb2.VariantTensorDataProto


def encode(elements: list, shape: tuple) -> Any:
    """The TensorProto of a variant tensor of `shape` whose elements are given as
    (type name, [(array, DType), ...]) pairs, or (type name, tensors, metadata bytes)
    triples, in row-major order."""
    if len(elements) != math.prod(shape):
        raise ValueError(f"{len(elements)} variant elements don't fill shape {list(shape)}")
    cls = message_class()
    blobs = []
    for type_name, tensors, *metadata in elements:
        msg = cls(type_name=type_name, metadata=metadata[0] if metadata else b"")
        for arr, dtype in tensors:
            msg.tensors.append(tensor_proto.field_layout(np.asarray(arr), dtype))
        blobs.append(msg.SerializeToString())
    tp = tensor_proto.message_class()(dtype=dt.variant.as_datatype_enum)
    tp.tensor_shape.SetInParent()
    for d in shape:
        tp.tensor_shape.dim.add(size=int(d))
    if blobs:
        tp.tensor_content = b"".join(tensor_proto._varint(len(b)) for b in blobs) + \
            b"".join(blobs)
    return tp


def decode(tp: Any) -> list:
    """The elements of a variant TensorProto as (type name, metadata, [array, ...]),
    row-major; DataLossError when they can't be read."""
    shape = tuple(int(d.size) for d in tp.tensor_shape.dim)
    n = math.prod(shape)
    cls = message_class()
    if tp.tensor_content:
        msgs = []
        for blob in tensor_proto._string_content(tp.tensor_content, n):
            msg = cls()
            try:
                msg.ParseFromString(blob)
            except Exception:  # noqa: BLE001 - protobuf's DecodeError, whatever its module
                raise DataLossError(None, None, "Unable to parse a variant tensor's "
                                                "element") from None
            msgs.append(msg)
    else:
        msgs = list(tp.variant_val)
    if len(msgs) != n:
        raise DataLossError(None, None, f"A variant tensor of shape {list(shape)} holds "
                                        f"{len(msgs)} elements")
    return [(m.type_name, bytes(m.metadata), [tensor_proto.to_ndarray(t) for t in m.tensors])
            for m in msgs]
