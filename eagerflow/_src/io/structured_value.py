"""Nested Python structures as TF's StructuredValue protos, and back.

Sits in io/, below the data layer: a SavedModel records its functions' input signatures
and output structures this way (saved_model/structure.py), and tf.data's snapshots
(`Dataset.save` / `load`) their element_spec (the `dataset_spec.pb` file). Decoding never
evaluates anything: named tuples come back as `collections.namedtuple` classes built from
the recorded field names. The message class is TensorBoard's generated StructuredValue
(the `summary`/`saved_model` extras), loaded on first use; `encode(value, out)` fills any
message of that layout, so SavedModel code passes its own protos' sub-messages.

Composite type specs are TypeSpecProtos: their class's number in TF's struct.proto, their
state as TF serializes it (a tuple) and their count of flat components. Each class is
registered by the module defining it (`register_type_spec`): SparseTensorSpec here, from
core; RaggedTensorSpec by ops/ragged_tensor.py; StructuredTensor.Spec and the shape specs
it holds by ops/structured_shape.py and structured_tensor.py.
"""

from __future__ import annotations

import collections
import functools
from collections.abc import Callable
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.composite import NoneTensorSpec
from eagerflow._src.core.errors import DataLossError, InvalidArgumentError
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.sparse_tensor import SparseTensorSpec
from eagerflow._src.core.tensor_spec import TensorSpec, VariableSpec, is_tensor_spec


class NotEncodableError(Exception):
    """TF's error for a value a StructuredValue can't hold (a function signature's, a
    dataset's element spec)."""

# class -> (its TypeSpecProto.TypeSpecClass number, its state, its flat component count)
_TYPE_SPECS: dict = {}
# TypeSpecClass number -> the spec of a decoded state
_FROM_STATE: dict = {}


def register_type_spec(cls: type, number: int, state: Callable[[Any], tuple],
                       num_components: Callable[[Any], int],
                       from_state: Callable[[tuple], Any], name: str | None = None) -> None:
    """Makes specs of `cls` encodable as TypeSpecProtos of class `number`, and that class
    decodable. Extension types' specs (EXTENSION_TYPE_SPEC) and other registered ones
    (REGISTERED_TYPE_SPEC) share a number each and are told apart by their registered
    `name` ("tf.StructuredTensor.Spec", "tf.NoneTensorSpec")."""
    _TYPE_SPECS[cls] = (number, state, num_components, name)
    _FROM_STATE[(number, name) if number in _BY_NAME else number] = from_state


def register_element_spec_type(cls: type, number: int) -> None:
    """register_type_spec for a spec that is its element spec alone, of one component (an
    optional's variant, an iterator's resource): its state (element_spec,), a saved state
    of another form refused naming the class."""
    def from_state(state: tuple) -> Any:
        if not (isinstance(state, tuple) and len(state) == 1):
            raise InvalidArgumentError(None, None,
                                       f"A saved {cls.__name__} has the state {state!r}")
        return cls(state[0])

    register_type_spec(cls, number, lambda s: (s._element_spec,), lambda s: 1, from_state)


REGISTERED_TYPE_SPEC = 12  # (TypeSpecProto.TypeSpecClass)
EXTENSION_TYPE_SPEC = 13
_BY_NAME = (REGISTERED_TYPE_SPEC, EXTENSION_TYPE_SPEC)


def _sparse_from_state(state: tuple) -> SparseTensorSpec:
    if not (isinstance(state, tuple) and len(state) == 2):
        raise DataLossError(None, None, f"A saved SparseTensorSpec has the state {state!r}")
    return SparseTensorSpec(state[0], state[1])


register_type_spec(SparseTensorSpec, 1, lambda s: (s.shape, s.dtype), lambda s: 3,
                   _sparse_from_state)


def _none_from_state(state: tuple) -> NoneTensorSpec:
    if state != ():
        raise DataLossError(None, None, f"A saved NoneTensorSpec has the state {state!r}")
    return NoneTensorSpec()


# (a None among a dataset's values: TF's registered spec of no state and no component)
register_type_spec(NoneTensorSpec, REGISTERED_TYPE_SPEC, lambda s: (), lambda s: 0,
                   _none_from_state, "tf.NoneTensorSpec")


def _variable_from_state(state: tuple) -> VariableSpec:
    if not (isinstance(state, tuple) and len(state) == 4):
        raise DataLossError(None, None, f"A saved VariableSpec has the state {state!r}")
    return VariableSpec(*state)


# (a tf.function's variable argument: its shape, dtype, trainability and alias id)
register_type_spec(VariableSpec, 9, lambda s: (s.shape, s.dtype, s.trainable, s.alias_id),
                   lambda s: 1, _variable_from_state)


@functools.lru_cache(maxsize=1)
def message_class() -> type:
    try:
        from tensorboard.compat.proto import struct_pb2
    except ImportError as e:  # pragma: no cover - the extra is part of the test install
        raise ImportError("StructuredValue needs the protocol buffer definitions TensorBoard "
                          "ships: pip install 'eagerflow[summary]' (or tensorboard)") from e
    return struct_pb2.StructuredValue


def set_shape(proto: Any, shape: Any) -> None:
    """Fills a TensorShapeProto: None is an unknown rank, None dims are -1."""
    proto.SetInParent()
    if shape is None:
        proto.unknown_rank = True
        return
    for d in shape:
        proto.dim.add(size=-1 if d is None else int(d))


def shape_tuple(proto: Any) -> tuple | None:
    if proto.unknown_rank:
        return None
    return tuple(None if d.size < 0 else int(d.size) for d in proto.dim)


def encode(value: Any, out: Any = None) -> Any:
    """`value` as a StructuredValue (filling `out` when given)."""
    sv = out if out is not None else message_class()()
    if value is None:
        sv.none_value.SetInParent()
    elif type(value) in _TYPE_SPECS:
        number, state, count, name = _TYPE_SPECS[type(value)]
        ts = sv.type_spec_value
        ts.type_spec_class = number
        encode(state(value), ts.type_state)
        ts.type_spec_class_name = name or type(value).__name__
        ts.num_flat_components = count(value)
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
    else:  # (tensors, TensorSpecs, nested lists/tuples/dicts of them and Python scalars)
        raise NotEncodableError(f"No encoder for object {value!r} of type {type(value)!r}.")
    return sv


@functools.cache
def _named_tuple(name: str, fields: tuple) -> type:
    # (in the module TF's decoder makes them in: its binding errors print the class)
    return collections.namedtuple(name, fields,
                                  module="tensorflow.python.saved_model.nested_structure_coder")


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
    if kind == "type_spec_value":
        ts = sv.type_spec_value
        from_state = _FROM_STATE.get((ts.type_spec_class, ts.type_spec_class_name)
                                     if ts.type_spec_class in _BY_NAME
                                     else ts.type_spec_class)
        if from_state is None:
            raise DataLossError(None, None, f"Saved type specs of class "
                                            f"{ts.type_spec_class_name or ts.type_spec_class} "
                                            "can't be loaded by eagerflow")
        return from_state(decode(ts.type_state))
    if kind == "named_tuple_value":
        nt = sv.named_tuple_value
        fields = tuple(p.key for p in nt.values)
        if not nt.name.isidentifier() or not all(f.isidentifier() for f in fields):
            raise DataLossError(None, None, f"A saved named tuple has invalid names: "
                                            f"{nt.name}{fields}")
        return _named_tuple(nt.name, fields)(*(decode(p.value) for p in nt.values))
    raise DataLossError(None, None, f"Saved structures of kind {kind} can't be loaded by "
                                    "eagerflow")
