"""Values between Python and TF's protos: AttrValue, TensorProto, TensorShapeProto.

Bottom of saved_model/, beside tf_ops.py. `set_attr` fills an AttrValue of a given TF
attribute type from the Python value an eagerflow op holds; `attr_value` reads one back;
`tensor_proto` / `ndarray` convert constants both ways (TF's make_tensor_proto writes a
tensor of one element or none in its typed field, `float_val: 1`, and a larger one as
`tensor_content` bytes; a typed value repeated to fill the shape is read too).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.io.structured_value import set_shape as set_shape  # noqa: F401 (re-export)
from eagerflow._src.io.structured_value import shape_tuple as shape_tuple  # noqa: F401
from eagerflow._src.io.tensor_proto import to_ndarray as ndarray  # noqa: F401  (re-exported)
from eagerflow._src.saved_model.protos import pb as _pb
from eagerflow._src.summary.encoders import tensor_proto as _tensor_proto

# dtype -> the TensorProto field TF's make_tensor_proto puts a lone value in
_VAL_FIELDS = {dt.float32: "float_val", dt.float64: "double_val", dt.int32: "int_val",
               dt.int16: "int_val", dt.int8: "int_val", dt.uint8: "int_val",
               dt.uint16: "int_val", dt.int64: "int64_val", dt.bool: "bool_val",
               dt.uint32: "uint32_val", dt.uint64: "uint64_val"}


def tensor_proto(pb: Any, arr: Any, dtype: dt.DType) -> Any:
    arr = np.asarray(arr)
    if dtype is dt.string and arr.dtype != object:
        arr = arr.astype(object)
    field = _VAL_FIELDS.get(dtype)
    if field is None or arr.size > 1:
        return _tensor_proto(pb, arr, dtype)
    tp = pb.TensorProto(dtype=dtype.as_datatype_enum)
    tp.tensor_shape.SetInParent()
    for d in arr.shape:
        tp.tensor_shape.dim.add(size=int(d))
    getattr(tp, field).extend(arr.reshape(-1).astype(dtype.as_numpy_dtype).tolist())
    return tp


_LIST_FIELDS = {"list(int)": "i", "list(float)": "f", "list(bool)": "b", "list(string)": "s",
                "list(type)": "type", "list(shape)": "shape", "list(func)": "func"}


# (TF's partitioned_call writes on every call node the ConfigProto of its eager context,
# serialized: device_count {CPU: 1, GPU: 0}, allow_soft_placement, empty gpu, graph and
# experimental options, as TF 2.21 saves it; and the collective managers it uses: none)
CALL_OPS = ("PartitionedCall", "StatefulPartitionedCall")
_CALL_CONFIG = bytes.fromhex("0a070a0343505510010a070a03475055100032024a0038018201009201024a00")


def mark_call(attrs: Any) -> None:
    """Gives a call node's attr map TF's `config_proto` and `_collective_manager_ids`."""
    attrs["config_proto"].s = _CALL_CONFIG
    attrs["_collective_manager_ids"].list.SetInParent()


def set_attr(av: Any, kind: str, value: Any) -> None:
    """Fills AttrValue `av` holding TF attribute type `kind` ("int", "list(int)", ...)."""
    if kind == "type":
        av.type = dt.as_dtype(value).as_datatype_enum
    elif kind == "bool":
        av.b = bool(value)
    elif kind == "int":
        av.i = int(value)
    elif kind == "float":
        av.f = float(value)
    elif kind == "string":
        av.s = value if isinstance(value, bytes) else str(value).encode()
    elif kind == "shape":
        set_shape(av.shape, value)
    elif kind == "func":
        av.func.name = value
    elif kind == "tensor" and isinstance(value, np.ndarray) and value.dtype != object:
        av.tensor.CopyFrom(tensor_proto(_pb(), value, dt.as_dtype(value.dtype)))
    elif kind in _LIST_FIELDS:
        av.list.SetInParent()
        items = list(value)
        if kind == "list(type)":
            av.list.type.extend(dt.as_dtype(v).as_datatype_enum for v in items)
        elif kind == "list(shape)":
            for s in items:
                set_shape(av.list.shape.add(), s)
        elif kind == "list(func)":
            for f in items:
                av.list.func.add().name = f
        elif kind == "list(string)":
            av.list.s.extend(v if isinstance(v, bytes) else str(v).encode() for v in items)
        elif kind == "list(int)":
            av.list.i.extend(int(v) for v in items)
        elif kind == "list(float)":
            av.list.f.extend(float(v) for v in items)
        else:
            av.list.b.extend(bool(v) for v in items)
    else:
        raise TypeError(f"attribute type {kind} can't be written from {value!r}")


def attr_value(av: Any) -> Any:
    """The Python value of an AttrValue (types as DTypes, strings decoded, lists as tuples,
    shapes as tuples with None, tensors as NumPy arrays, functions by name)."""
    which = av.WhichOneof("value")
    if which == "type":
        return dt.as_dtype(av.type)
    if which == "s":
        try:
            return av.s.decode()
        except UnicodeDecodeError:
            return av.s
    if which in ("i", "f", "b"):
        return getattr(av, which)
    if which == "shape":
        return shape_tuple(av.shape)
    if which == "tensor":
        return ndarray(av.tensor)
    if which == "func":
        return av.func.name
    if which == "list":
        lst = av.list
        for name in ("i", "f", "b", "s", "type", "shape", "func"):
            items = getattr(lst, name)
            if len(items):
                if name == "type":
                    return tuple(dt.as_dtype(t) for t in items)
                if name == "shape":
                    return tuple(shape_tuple(s) for s in items)
                if name == "s":
                    return tuple(s.decode() for s in items)
                if name == "func":
                    return tuple(f.name for f in items)
                return tuple(items)
        return ()
    return None


def plain_attr(attrs: Any, key: str, value: Any) -> None:
    """Fills attrs[key] where `value` has a GraphDef form (a dtype, a number, a string, an
    array, a list of ints or dtypes); leaves it out where it has none."""
    if isinstance(value, dt.DType):
        set_attr(attrs[key], "type", value)
    elif isinstance(value, (bool, np.bool_)):
        set_attr(attrs[key], "bool", bool(value))
    elif isinstance(value, (int, np.integer)):
        set_attr(attrs[key], "int", int(value))
    elif isinstance(value, (float, np.floating)):
        set_attr(attrs[key], "float", float(value))
    elif isinstance(value, (str, bytes)):
        set_attr(attrs[key], "string", value)
    elif isinstance(value, np.ndarray) and value.dtype != object:
        set_attr(attrs[key], "tensor", value)
    elif isinstance(value, (tuple, list)) and value and all(
            isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in value):
        set_attr(attrs[key], "list(int)", [int(v) for v in value])
    elif isinstance(value, (tuple, list)) and value and all(
            isinstance(v, dt.DType) for v in value):
        set_attr(attrs[key], "list(type)", list(value))
