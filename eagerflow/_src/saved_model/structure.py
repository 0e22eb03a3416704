"""Nested Python structures as TF's StructuredValue protos, and back.

Sits in saved_model/ over protos.py and attrs.py. A saved function records its input
signature (`(args, kwargs)` of TensorSpecs and Python values) and its output structure
this way, and a FunctionSpec records the Python function's argument names. Decoding
never evaluates anything: named tuples come back as `collections.namedtuple` classes
built from the recorded field names.
"""

from __future__ import annotations

import collections
import functools
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import DataLossError
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor_spec import TensorSpec, is_tensor_spec
from eagerflow._src.saved_model.attrs import set_shape, shape_tuple
from eagerflow._src.saved_model.protos import pb


def encode(value: Any, out: Any = None) -> Any:
    """`value` as a StructuredValue (filling `out` when given)."""
    sv = out if out is not None else pb().StructuredValue()
    if value is None:
        sv.none_value.SetInParent()
    elif is_tensor_spec(value):
        spec = sv.tensor_spec_value
        if value.name is not None:
            spec.name = value.name
        set_shape(spec.shape, value.shape._dims)
        spec.dtype = value.dtype.as_datatype_enum
    elif isinstance(value, bool):
        sv.bool_value = value
    elif isinstance(value, int):
        sv.int64_value = value
    elif isinstance(value, float):
        sv.float64_value = value
    elif isinstance(value, str):
        sv.string_value = value
    elif isinstance(value, TensorShape):
        set_shape(sv.tensor_shape_value, value._dims)
    elif isinstance(value, dt.DType):
        sv.tensor_dtype_value = value.as_datatype_enum
    elif isinstance(value, tuple) and hasattr(value, "_fields"):
        nt = sv.named_tuple_value
        nt.name = type(value).__name__
        for k in value._fields:
            pair = nt.values.add(key=k)
            encode(getattr(value, k), pair.value)
    elif isinstance(value, tuple):
        sv.tuple_value.SetInParent()
        for v in value:
            encode(v, sv.tuple_value.values.add())
    elif isinstance(value, list):
        sv.list_value.SetInParent()
        for v in value:
            encode(v, sv.list_value.values.add())
    elif isinstance(value, dict):
        sv.dict_value.SetInParent()
        for k, v in value.items():
            encode(v, sv.dict_value.fields[str(k)])
    else:
        raise ValueError(f"Can't save {value!r} (a {type(value).__name__}) in a function's "
                         "signature: only tensors, TensorSpecs, nested lists/tuples/dicts of "
                         "them and Python bools, ints, floats, strings and None can be saved")
    return sv


@functools.cache
def _named_tuple(name: str, fields: tuple) -> type:
    return collections.namedtuple(name, fields)


def decode(sv: Any) -> Any:
    """The Python value of a StructuredValue (TensorSpecs for tensor specs)."""
    kind = sv.WhichOneof("kind")
    if kind is None or kind == "none_value":
        return None
    if kind == "tensor_spec_value" or kind == "bounded_tensor_spec_value":
        s = getattr(sv, kind)
        return TensorSpec(TensorShape(shape_tuple(s.shape)), dt.as_dtype(s.dtype),
                          s.name or None)
    if kind in ("bool_value", "int64_value", "float64_value", "string_value"):
        return getattr(sv, kind)
    if kind == "tensor_shape_value":
        return TensorShape(shape_tuple(sv.tensor_shape_value))
    if kind == "tensor_dtype_value":
        return dt.as_dtype(sv.tensor_dtype_value)
    if kind == "tuple_value":
        return tuple(decode(v) for v in sv.tuple_value.values)
    if kind == "list_value":
        return [decode(v) for v in sv.list_value.values]
    if kind == "dict_value":
        return {k: decode(sv.dict_value.fields[k]) for k in sorted(sv.dict_value.fields)}
    if kind == "named_tuple_value":
        nt = sv.named_tuple_value
        fields = tuple(p.key for p in nt.values)
        if not nt.name.isidentifier() or not all(f.isidentifier() for f in fields):
            raise DataLossError(None, None, f"A saved named tuple has invalid names: "
                                            f"{nt.name}{fields}")
        return _named_tuple(nt.name, fields)(*(decode(p.value) for p in nt.values))
    raise DataLossError(None, None, f"Saved structures of kind {kind} can't be loaded by "
                                    "eagerflow")


def fullargspec(args: list, varargs: str | None = None, varkw: str | None = None,
                defaults: Any = None, kwonlyargs: tuple = (), kwonlydefaults: Any = None) -> Any:
    """The FullArgSpec named tuple TF records in a FunctionSpec."""
    spec = _named_tuple("FullArgSpec", ("args", "varargs", "varkw", "defaults", "kwonlyargs",
                                        "kwonlydefaults", "annotations"))
    return spec(list(args), varargs, varkw, defaults, list(kwonlyargs), kwonlydefaults, {})
