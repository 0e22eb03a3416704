"""tf.experimental.StructuredTensor: a tensor of structures with one schema, stored field
by field.

Ops layer, after extension_type.py and the ragged family. A StructuredTensor of rank r
holds named fields (tensors, ragged tensors, nested StructuredTensors) whose outer r
dimensions are its shape, kept as a DynamicRaggedShape (structured_shape.py says which
form); `result[i...][k] == fields[k][i...]`. It is a BatchableExtensionType, as TF's:
its `StructuredTensor.Spec` (the fields' specs and the shape's spec) carries it through
tf.function signatures, tf.nest with expand_composites, tf.cond/while_loop and tf.data,
its components being the fields' tensors in sorted field order, then the shape's.
Factories, indexing, with_updates, promote and the reshapes follow TF's rules and
messages; from_pyval/to_pyval are structured_pyval.py's, the ops TF dispatches on
StructuredTensors structured_ops.py's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Sequence, Union

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import DataLossError
from eagerflow._src.core.shape import TensorShape, as_shape
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec, TypeSpec
from eagerflow._src.io import structured_value
from eagerflow._src.ops import array, stacking
from eagerflow._src.ops import structured_pyval as pyval_lib
from eagerflow._src.ops import structured_shape as ss
from eagerflow._src.ops.extension_type import (
    BatchableExtensionType,
    ExtensionType,
    ExtensionTypeSpec,
    ImmutableDict,
)
from eagerflow._src.ops.math import equal
from eagerflow._src.ops.ragged import (
    DynamicRaggedShape,
    RaggedTensor,
    RowPartition,
)
from eagerflow._src.ops.ragged_functions import _merge_dense
from eagerflow._src.ops.ragged_functions import merge_dims as ragged_merge_dims
from eagerflow._src.ops.ragged_shape import DynamicRaggedShapeSpec
from eagerflow._src.ops.reduce import reduce_all
from eagerflow._src.ops.stacking import stack

FieldName = Union[str, Sequence[str]]  # noqa: UP007 (TF's alias, a typing.Union object)
_FIELD_NAME = re.compile("^[a-zA-Z][a-zA-Z0-9_]*$")
_DRS = DynamicRaggedShape
STACK_ROWS: list = []  # (structured_ops.stack_rows, which composes the ops above this module)


class StructuredTensor(BatchableExtensionType):
    """A multidimensional collection of structures with the same schema: each field a
    (possibly ragged) tensor whose outer dimensions are this tensor's shape."""

    __name__ = "tf.StructuredTensor"

    def __init__(self, fields: Mapping, ragged_shape: DynamicRaggedShape) -> None:
        if not isinstance(fields, Mapping):
            raise TypeError(f"_fields: expected mapping, got {type(fields).__name__!r}")
        if not isinstance(ragged_shape, _DRS):
            raise TypeError(f"_ragged_shape: expected 'DynamicRaggedShape', got "
                            f"{type(ragged_shape).__name__!r}")
        _init(self, {k: _field_value(v) for k, v in fields.items()}, ragged_shape, None)

    @classmethod
    def _make(cls, fields: dict, shape: DynamicRaggedShape,
              spec: DynamicRaggedShapeSpec | None = None) -> StructuredTensor:
        st = object.__new__(cls)
        _init(st, fields, shape, spec)
        return st

    # -- factories ---------------------------------------------------------------------
    @classmethod
    def from_shape(cls, ragged_shape: DynamicRaggedShape) -> StructuredTensor:
        """A StructuredTensor of `ragged_shape` with no fields."""
        return cls._make({}, ragged_shape)

    @classmethod
    def from_fields(cls, fields: Any, shape: Any = (), nrows: Any = None,
                    row_partitions: Any = None, validate: bool = False) -> StructuredTensor:
        """A StructuredTensor of `shape` from a dict of field values (tensors, ragged
        tensors, StructuredTensors, or values that convert to tensors)."""
        shape = as_shape(shape)
        rank = shape.rank
        if rank is None:
            raise ValueError("StructuredTensor's shape must have known rank.")
        if not isinstance(fields, dict):
            raise TypeError(f"fields must be a dictionary, got {type(fields).__name__}")
        if rank < 2 and row_partitions:
            raise ValueError("row_partitions must be None or [] if shape.rank<2")
        if rank == 0 and nrows is not None:
            raise ValueError("nrows must be None if shape.rank==0")
        if row_partitions is not None:
            row_partitions = tuple(row_partitions)
            if len(row_partitions) != max(0, rank - 1):
                raise ValueError("len(row_partitions) must be shape.rank-1")
        elif rank < 2:
            row_partitions = ()
        fields = dict(fields)
        ragged_shape = _shape_init(fields, shape, nrows, row_partitions)
        if ragged_shape.rank > 1:
            ragged_shape = ss.with_partitions(ragged_shape, ragged_shape.rank - 1)
        for key, value in fields.items():
            if not isinstance(key, str):
                raise TypeError(f"Unexpected type for key in `fields`: {key}")
            if not _FIELD_NAME.match(key):
                raise ValueError(f"Field name {key!r} is not currently allowed.")
            fields[key] = _field_value(value)
        if row_partitions:
            fields = {k: _replace_partitions(v, row_partitions) for k, v in fields.items()}
        return cls._make(fields, ragged_shape, _static_spec(fields, ragged_shape, shape))

    @classmethod
    def from_fields_and_rank(cls, fields: Mapping, rank: int, validate: bool = False,
                             dtype: Any = None) -> StructuredTensor:
        """A StructuredTensor of rank `rank` from a nonempty dict of fields: its shape is
        the fields' outer dimensions (of `dtype`, else of the fields' partitions)."""
        if not fields:
            raise ValueError("Must provide at least one field")
        if not isinstance(rank, int):
            raise ValueError("rank must be an integer")
        if rank < 0:
            raise ValueError("rank must be nonnegative")
        fields = {k: _field_value(v) for k, v in fields.items()}
        dtype = _shape_dtype(fields, None, None) if dtype is None else dt.as_dtype(dtype)
        fields = _with_dtype(fields, dtype)
        shape = _shape_from_fields(fields, rank, dtype)
        if rank > 1:
            shape = ss.with_partitions(shape, rank - 1)
        parts = shape.row_partitions if shape.rank > 1 else ()
        fields = {k: _replace_partitions(v, parts) for k, v in fields.items()}
        return cls._make(fields, shape)

    @classmethod
    def from_pyval(cls, pyval: Any, typespec: Any = None) -> StructuredTensor:
        """A StructuredTensor from nested Python dicts and lists (`typespec`, a
        StructuredTensor.Spec, fixing each field's type)."""
        return pyval_lib.from_pyval(cls, pyval, typespec, ())

    def to_pyval(self) -> Any:
        """This StructuredTensor as nested Python dicts and lists (eager tensors only)."""
        return pyval_lib.to_pyval(self, StructuredTensor)

    # -- properties --------------------------------------------------------------------
    @property
    def rank(self) -> int:
        return self._shape_spec.rank

    @property
    def shape(self) -> TensorShape:
        return ss.static_shape(self._shape_spec)

    @property
    def row_partitions(self) -> tuple:
        if self.rank < 2:
            return ()
        return self._ragged_shape.row_partitions

    @property
    def _row_partitions(self) -> tuple:
        return self.row_partitions

    def nrows(self) -> Tensor | None:
        """The number of rows (the outermost dimension), or None for a scalar."""
        if self.rank == 0:
            return None
        return self._ragged_shape[0]

    def with_shape_dtype(self, dtype: Any) -> StructuredTensor:
        d = dt.as_dtype(dtype)
        if d == self._ragged_shape.dtype:
            return self
        return StructuredTensor(fields=_with_dtype(self._fields, d),
                                ragged_shape=self._ragged_shape.with_dtype(d))

    def _is_eager(self) -> bool:
        return all(isinstance(t, EagerTensor) for t in self._type_spec._to_components(self))

    def field_names(self) -> tuple:
        return tuple(self._fields.keys())

    def field_value(self, field_name: Any) -> Any:
        """The value of a field, or of a nested one for a tuple (or list) of names."""
        if isinstance(field_name, (list, tuple)):
            value = self
            for f in field_name:
                if not isinstance(value, StructuredTensor):
                    raise KeyError(f"Field path {field_name} not found in {self}")
                value = value.field_value(f)
            return value
        return self._fields[field_name]

    # -- updates -----------------------------------------------------------------------
    def with_updates(self, updates: dict, validate: bool = False) -> StructuredTensor:
        """A copy with fields set (a value), transformed (a callable), added or removed
        (None); a tuple of names reaches into nested StructuredTensors."""
        items = sorted((_name_tuple(name), value) for name, value in updates.items())
        for i in range(1, len(items)):
            name, prev = items[i][0], items[i - 1][0]
            if name[:len(prev)] == prev:
                raise ValueError(
                    "`StructuredTensor.with_updates` does not allow both parent and child "
                    f"nodes to be updated: parent={prev}, child={name}. If needed you can "
                    "update child nodes in the parent update value.")
        return self._with_updates_impl((), items, validate)

    def _with_updates_impl(self, prefix: tuple, updates: list, validate: bool
                           ) -> StructuredTensor:
        fields = dict(self._fields)

        def full(name: Any) -> str:
            return str(prefix + (name,))

        for name, value in updates:
            if not name or not name[0]:
                raise ValueError("`StructuredTensor.with_updates` does not allow empty names "
                                 f"{full(name)}.")
            if len(name) == 1:
                name = name[0]
                if value is None:
                    if name not in fields:
                        raise ValueError("`StructuredTensor.with_updates` cannot delete field "
                                         f"{full(name)} because it is not present.")
                    fields.pop(name)
                    continue
                if callable(value):
                    if name not in fields:
                        raise ValueError(
                            f"`StructuredTensor.with_updates` cannot update the field "
                            f"{full(name)} because a transforming function was given, but "
                            "that field does not already exist.")
                    value = value(fields[name])
                fields[name] = value
                continue
            head = name[0]
            if head not in fields:
                raise ValueError(
                    f"`StructuredTensor.with_updates` cannot create new sub-field "
                    f"{prefix + tuple(name)} if parent field {full(head)} is not set.")
            current = fields[head]
            if not isinstance(current, StructuredTensor):
                raise ValueError(
                    f"`StructuredTensor.with_updates` cannot create new sub-field "
                    f"{prefix + tuple(name)} if parent structure {full(head)} is not a "
                    f"`StructuredTensor` that can contain sub-structures -- it is a "
                    f"`{_tf_type(current)}`.")
            fields[head] = current._with_updates_impl(prefix + (head,), [(name[1:], value)],
                                                      validate)
        try:
            return StructuredTensor.from_fields(fields, shape=self.shape,
                                                row_partitions=self.row_partitions,
                                                nrows=self.nrows(), validate=validate)
        except ValueError as e:
            msg = "`StructuredTensor.with_updates` failed"
            if prefix:
                msg = f"{msg} for field {prefix}"
            raise ValueError(msg) from e

    def promote(self, source_path: Any, new_name: Any) -> StructuredTensor:
        """A copy with the field at `source_path` (length >= 2) added to its grandparent as
        `new_name`, the dimensions between them merged."""
        if not isinstance(new_name, str):
            raise ValueError("new_name is not a string")
        if not isinstance(source_path, (list, tuple)):
            raise ValueError("source_path must be a list or tuple")
        if len(source_path) < 2:
            raise ValueError("source_path must have length at least two")
        grandparent = source_path[:-2]
        field = self._promote_helper(source_path, grandparent)
        return self.with_updates({grandparent + (new_name,): field})

    def _promote_helper(self, source_path: Any, new_parent_path: Any) -> Any:
        current = self.field_value(source_path)
        new_parent_rank = self.field_value(new_parent_path).rank
        parent_rank = self.field_value(source_path[:-1]).rank
        if new_parent_rank == parent_rank:
            return current
        current_rank = current.shape.rank
        if current_rank is None:
            raise ValueError("Cannot determine if dimensions should be merged.")
        inner = min(parent_rank, current_rank - 1)
        if inner <= new_parent_rank:
            return current
        if isinstance(current, StructuredTensor):
            return current.merge_dims(new_parent_rank, inner)
        return _merge_values(current, new_parent_rank, inner)

    # -- indexing ----------------------------------------------------------------------
    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, list):
            key = tuple(key)
        elif not isinstance(key, tuple):
            key = (key,)
        if not key:
            return self
        if self.rank == 0:
            return self._scalar_getitem(key)
        return self._tensor_getitem(key)

    def _scalar_getitem(self, key: tuple) -> Any:
        first = key[0]
        if isinstance(first, slice) and first.start is None and first.stop is None and \
                first.step is None:
            fields = {k: v.__getitem__(key[1:]) for k, v in self._fields.items()}
            return StructuredTensor.from_fields(fields, self.shape)
        if not isinstance(first, (str, bytes)):
            raise ValueError("Key for indexing a StructuredTensor must be a string or a full "
                             "slice (':')")
        return self._fields[first].__getitem__(key[1:])

    def _tensor_getitem(self, key: tuple) -> Any:
        rank = self.rank
        if len(key) > rank:
            if not isinstance(key[rank], (str, bytes)):
                raise ValueError("Key for indexing a StructuredTensor must be a string")
            return self._fields[key[rank]].__getitem__(key[:rank] + key[rank + 1:])
        fields = {k: v.__getitem__(key) for k, v in self._fields.items()}
        dims = self.shape.as_list()
        for d, k in enumerate(key):
            if isinstance(k, slice):
                if not (k.start is None and k.stop is None and k.step is None):
                    dims[d] = None
            elif isinstance(k, (int, Tensor)):
                dims[d] = -1
            elif k is None:
                raise ValueError("Slicing not supported for tf.newaxis")
            else:
                raise ValueError(f"Slicing not supported for {k!r}")
        return StructuredTensor.from_fields(fields, [d for d in dims if d != -1])

    # -- printing and comparing ----------------------------------------------------------
    def __repr__(self) -> str:
        items = ",\n        ".join(
            '"{}": {}'.format(k, str(v).replace("\n", "\n            "))
            for k, v in sorted(self._fields.items()))
        return ("<StructuredTensor(\n"
                "    fields={\n"
                f"        {items}}},\n"
                f"    shape={self.shape})>")

    def __eq__(self, other: Any) -> Any:
        """False for another type or spec; else a scalar bool tensor: every component
        the same shape and values."""
        if type(other) is not type(self) or self._type_spec != other._type_spec:
            return False
        mine = self._type_spec._to_components(self)
        theirs = other._type_spec._to_components(other)
        if len(mine) != len(theirs):
            return False
        conditions = []
        for a, b in zip(mine, theirs):
            if _state.graph is None and a.shape != b.shape:
                conditions.append(convert_to_tensor(False))
                continue
            conditions.append(reduce_all(equal(a, b)))
        return reduce_all(stack(conditions))

    def __ne__(self, other: Any) -> Any:
        eq = self.__eq__(other)
        return not eq if isinstance(eq, bool) else ~eq

    __hash__ = None  # type: ignore[assignment]

    # -- reshaping ---------------------------------------------------------------------
    def partition_outer_dimension(self, row_partition: RowPartition) -> StructuredTensor:
        """The outer dimension cut into (possibly ragged) rows: rank + 1."""
        if not isinstance(row_partition, RowPartition):
            raise TypeError("row_partition must be a RowPartition.")
        if self.shape.rank == 0:
            raise ValueError(f"Shape {self.shape} must have rank at least 1")
        return _partition_outer(self, row_partition)

    def merge_dims(self, outer_axis: int, inner_axis: int) -> StructuredTensor:
        """Dimensions outer_axis..inner_axis merged into one, in row-major order."""
        rank = self.shape.rank
        outer = _positive_axis(outer_axis, rank, "outer_axis")
        inner = _positive_axis(inner_axis, rank, "inner_axis")
        if not outer <= inner:
            raise ValueError(f"Expected outer_axis ({outer}) to be less than or equal to "
                             f"inner_axis ({inner})")
        if outer == inner:
            raise AssertionError()  # (TF asserts a range of at least two dimensions)
        return _merge_values(self, outer, inner)

    @property
    def _type_spec(self) -> Any:
        return StructuredTensor.Spec(
            _fields={k: _spec_of(v) for k, v in self._fields.items()},
            _ragged_shape=self._shape_spec)

    class Spec(ExtensionTypeSpec):
        """The type of a StructuredTensor: its fields' specs and its shape's spec."""

        # (_carrier: the spec tf.data gave the shape's component, when it made this spec)
        __slots__ = ("_ragged_shape", "_carrier")

        def __init__(self, _fields: Mapping, _ragged_shape: DynamicRaggedShapeSpec) -> None:
            if not isinstance(_fields, Mapping):
                raise TypeError(f"StructuredTensor.Spec._fields: expected 'Mapping', got "
                                f"{type(_fields).__name__!r}")
            object.__setattr__(self, "_fields", ImmutableDict(_fields))
            object.__setattr__(self, "_ragged_shape", _ragged_shape)
            object.__setattr__(self, "_carrier", None)
            assert self._ragged_shape is not None  # (TF's Spec.__validate__)

        def __getattr__(self, name: str) -> Any:
            raise AttributeError(f"'{type(self).__qualname__}' object has no attribute "
                                 f"'{name}'")

        @classmethod
        def _from_fields_and_rank(cls, fields: Mapping, rank: int) -> Any:
            return StructuredTensor.Spec(_ragged_shape=ss.fields_shape_spec(fields, rank),
                                         _fields=fields)

        @classmethod
        def _from_shape(cls, shape: Any) -> Any:
            return StructuredTensor.Spec(_ragged_shape=shape, _fields={})

        @property
        def _shape(self) -> TensorShape:
            return ss.static_shape(self._ragged_shape)

        @property
        def shape(self) -> TensorShape:
            return self._shape

        @property
        def rank(self) -> int | None:
            return self._ragged_shape.rank

        @property
        def _field_specs(self) -> Any:
            return self._fields

        # -- components: the fields' tensors in sorted order, then the shape's --------
        @property
        def _component_specs(self) -> list:
            out = []
            for k in sorted(self._fields):
                out += _leaf_specs(self._fields[k])
            return out + self._ragged_shape._component_specs

        def _to_components(self, value: Any) -> list:
            out = []
            for k in sorted(self._fields):
                out += _leaf_values(self._fields[k], value._fields[k])
            return out + self._ragged_shape._to_components(value._ragged_shape)

        def _from_iter(self, parts: Any) -> StructuredTensor:
            built = {k: _rebuild(self._fields[k], parts) for k in sorted(self._fields)}
            n = len(self._ragged_shape._component_specs)
            shape = _shape_from_components(self._ragged_shape, [next(parts) for _ in range(n)])
            # (a function's result keeps the spec its trace gave it, as TF's)
            return StructuredTensor._make({k: built[k] for k in self._fields}, shape,
                                          self._ragged_shape)

        def _from_components(self, components: list) -> StructuredTensor:
            return self._from_iter(iter(components))

        def _with_component_specs(self, specs: list) -> Any:
            return self

        def _respec(self, specs: Any) -> Any:
            for _ in self._component_specs:
                next(specs)
            return self

        # -- tf.data: fields as tensors and ragged tensors, and the shape as one ------
        @property
        def _data_specs(self) -> list:
            out = []
            for k in sorted(self._fields):
                v = self._fields[k]
                out += v._data_specs if isinstance(v, StructuredTensor.Spec) else [v]
            carrier = self._carrier
            return out + [ss.carrier_spec(self._ragged_shape) if carrier is None else carrier]

        def _data_components(self, value: Any) -> list:
            out = []
            for k in sorted(self._fields):
                v = value._fields[k]
                out += v._type_spec._data_components(v) if isinstance(
                    v, StructuredTensor) else [v]
            return out + [ss.carrier(value)]

        def _from_data_iter(self, parts: Any) -> StructuredTensor:
            fields = {}
            for k in sorted(self._fields):
                s = self._fields[k]
                fields[k] = s._from_data_iter(parts) if isinstance(
                    s, StructuredTensor.Spec) else next(parts)
            shape = ss.shape_of_carrier(next(parts))
            fields = {k: fields[k] for k in self._fields}
            return StructuredTensor._make(fields, shape, _static_spec(fields, shape, None))

        def _from_data_components(self, parts: list) -> StructuredTensor:
            return self._from_data_iter(iter(parts))

        def _with_data_iter(self, specs: Any) -> Any:
            fields = {}
            for k in sorted(self._fields):
                s = self._fields[k]
                fields[k] = s._with_data_iter(specs) if isinstance(
                    s, StructuredTensor.Spec) else next(specs)
            carrier = next(specs)
            spec = StructuredTensor.Spec(_fields={k: fields[k] for k in self._fields},
                                         _ragged_shape=ss.shape_spec_of_carrier(carrier))
            object.__setattr__(spec, "_carrier", carrier)
            return spec

        def _with_data_specs(self, specs: list) -> Any:
            return self._with_data_iter(iter(specs))

        # -- tf.map_fn: rows, and rows stacked (structured_ops.py's stack_rows) -------
        _own_rows = True

        def _map_rows(self, value: Any) -> list:
            if value.rank == 0:
                raise ValueError("Elements in elems must be 1+ dimensional Tensors, not "
                                 "scalars")
            n = value.shape[0]
            if n is None and isinstance(value.nrows(), EagerTensor):
                n = int(value.nrows())
            if n is None:
                raise ValueError("map_fn over extension types needs a known, nonzero number "
                                 "of elements")
            return [value[i] for i in range(n)]

        def _stack_rows(self, rows: list, like: Any) -> Any:
            return STACK_ROWS[0](rows, like)

        # -- comparisons ------------------------------------------------------------
        def is_compatible_with(self, spec_or_value: Any) -> bool:
            other = spec_or_value._type_spec if isinstance(spec_or_value, StructuredTensor) \
                else spec_or_value
            if type(other) is not type(self) or set(other._fields) != set(self._fields):
                return False
            return self._ragged_shape.is_compatible_with(other._ragged_shape) and all(
                _compatible(v, other._fields[k]) for k, v in self._fields.items())

        def _common(self, other: Any) -> Any:
            if type(other) is not type(self) or set(other._fields) != set(self._fields):
                return None
            shape = self._ragged_shape._common(other._ragged_shape)
            if shape is None:
                return None
            fields = {}
            for k, v in self._fields.items():
                c = v.most_specific_common_supertype([other._fields[k]])
                if c is None:
                    return None
                fields[k] = c
            return type(self)(_fields=fields, _ragged_shape=shape)

        def _key(self) -> tuple:
            return (type(self), tuple(sorted(self._fields.items())), self._ragged_shape)

        def __eq__(self, other: Any) -> bool:
            return type(other) is type(self) and dict(self._fields) == dict(other._fields) \
                and self._ragged_shape == other._ragged_shape

        def __ne__(self, other: Any) -> bool:
            return not self == other

        def __hash__(self) -> int:
            return hash(self._key())

        def __repr__(self) -> str:
            return (f"{type(self).__qualname__}(_fields={dict(self._fields)!r}, "
                    f"_ragged_shape={self._ragged_shape!r})")


StructuredTensor.FieldName = FieldName


def _init(st: StructuredTensor, fields: dict, shape: DynamicRaggedShape,
          spec: DynamicRaggedShapeSpec | None) -> None:
    d = st.__dict__
    d["_fields"] = ImmutableDict(fields)
    d["_ragged_shape"] = shape
    d["_shape_spec"] = spec if spec is not None else _static_spec(fields, shape, None)


def _shape_from_components(spec: DynamicRaggedShapeSpec, parts: list) -> DynamicRaggedShape:
    if _state.graph is None and not isinstance(parts[0], EagerTensor):
        # a function's outputs seen outside its graph (structured_outputs): no op can run
        # on them, so the number of rows is the spec's
        n = ss.static_shape(spec)[0] if spec.rank else None
        uniform = [None if p.uniform_row_length is None else
                   convert_to_tensor(p.uniform_row_length, spec.dtype)
                   for p in spec._row_partitions]
        return _DRS(None if n is None else convert_to_tensor(n, spec.dtype), parts[1:],
                    uniform, parts[0])
    return spec._from_components(parts)


def StructuredTensorSpec(shape: Any, field_specs: Any) -> Any:  # noqa: N802 (TF's name)
    """TF's StructuredTensorSpec(shape, field_specs): a StructuredTensor.Spec."""
    if not isinstance(field_specs, dict):
        raise TypeError("field_specs must be a dictionary.")
    for k in field_specs:
        if not isinstance(k, str):
            raise TypeError("field_specs must be a dictionary with string keys.")
    for v in field_specs.values():
        if not isinstance(v, TypeSpec):
            raise TypeError("field_specs must be a dictionary with TypeSpec values.")
    shape = as_shape(shape)
    if shape.rank is None:
        raise TypeError("StructuredTensor's shape must have known rank.")
    rank = shape.rank
    result = DynamicRaggedShapeSpec._from_tensor_shape(shape, 0, dt.int32)
    return StructuredTensor.Spec(_ragged_shape=ss.fields_shape_spec(field_specs, rank, result),
                                 _fields=field_specs)


# ---------------------------------------------------------------------------------------
# Fields.
# ---------------------------------------------------------------------------------------

def _field_value(value: Any) -> Any:
    """A field's value as a Tensor, RaggedTensor or StructuredTensor (extension values as
    they are)."""
    if isinstance(value, (Tensor, RaggedTensor, ExtensionType)):
        return value
    try:
        return convert_to_tensor(value)
    except (ValueError, TypeError) as e:
        raise TypeError(f"Unexpected type for value in `fields`: {value!r}") from e


def _tf_type(value: Any) -> str:
    """How TF names a value's class in messages."""
    if isinstance(value, EagerTensor):
        return "<class 'tensorflow.python.framework.ops.EagerTensor'>"
    if isinstance(value, RaggedTensor):
        return "<class 'tensorflow.python.ops.ragged.ragged_tensor.RaggedTensor'>"
    if isinstance(value, Tensor):
        return "<class 'tensorflow.python.framework.ops.SymbolicTensor'>"
    return str(type(value))


def _name_tuple(name: Any) -> tuple:
    if isinstance(name, str):
        return (name,)
    if isinstance(name, list):
        return tuple(name)
    if not isinstance(name, tuple):
        raise AssertionError()
    return name


def _spec_of(value: Any) -> Any:
    if isinstance(value, Tensor):
        return TensorSpec(value.shape, value.dtype)
    return value._type_spec


def _leaf_specs(spec: Any) -> list:
    if isinstance(spec, TensorSpec):
        return [spec]
    return list(spec._component_specs)


def _leaf_values(spec: Any, value: Any) -> list:
    if isinstance(spec, TensorSpec):
        return [value]
    return list(spec._to_components(value))


def _rebuild(spec: Any, parts: Any) -> Any:
    if isinstance(spec, TensorSpec):
        return next(parts)
    if isinstance(spec, ExtensionTypeSpec):
        return spec._from_iter(parts)
    return spec._from_components([next(parts) for _ in spec._component_specs])


def _compatible(a: Any, b: Any) -> bool:
    try:
        return a.is_compatible_with(b)
    except (TypeError, ValueError):
        return False


def _shape_dtype(fields: Mapping, nrows: Any, row_partitions: Any) -> dt.DType:
    """int64 if anything says so, else int32 if anything does, else int64 (TF's rule)."""
    found = [_field_shape_dtype(v) for v in fields.values()]
    if isinstance(nrows, Tensor):
        found.append(nrows.dtype)
    found += [p.dtype for p in row_partitions or ()]
    if dt.int64 in found:
        return dt.int64
    if dt.int32 in found:
        return dt.int32
    return dt.int64


def _field_shape_dtype(value: Any) -> Any:
    if isinstance(value, RaggedTensor):
        return value.row_splits.dtype
    if isinstance(value, StructuredTensor):
        return value._ragged_shape.dtype
    return None


def _with_dtype(fields: Mapping, dtype: dt.DType) -> dict:
    out = {}
    for k, v in fields.items():
        if isinstance(v, RaggedTensor):
            v = v.with_row_splits_dtype(dtype)
        elif isinstance(v, StructuredTensor):
            v = v.with_shape_dtype(dtype)
        out[k] = v
    return out


def _replace_partitions(value: Any, parts: tuple) -> Any:
    """`value` with its outer row partitions the given (equivalent) ones."""
    if isinstance(value, Tensor) or not parts:
        return value
    if isinstance(value, RaggedTensor):
        p = parts[0]
        return RaggedTensor._make(_replace_partitions(value.values, parts[1:]),
                                  p.row_splits(), uniform_row_length=p.uniform_row_length())
    if isinstance(value, StructuredTensor):
        fields = {k: _replace_partitions(v, parts) for k, v in value._fields.items()}
        mine = value.row_partitions
        if not mine:
            return StructuredTensor._make(fields, value._ragged_shape, value._shape_spec)
        new = tuple(parts) + tuple(mine[len(parts):])
        return StructuredTensor._make(fields, ss.from_row_partitions(
            new[:len(mine)], value._ragged_shape.dtype), value._shape_spec)
    return value


# ---------------------------------------------------------------------------------------
# Shapes.
# ---------------------------------------------------------------------------------------

def _shape_from_fields(fields: Mapping, rank: int, dtype: dt.DType) -> Any:
    shape = None
    for k, field in fields.items():
        try:
            value = _field_value(field)
            shape = ss.merge(shape, ss.truncate(ss.of_field(value, dtype), rank))
        except Exception as err:
            raise ValueError(f"Error in shape of {k}") from err
    return shape


def _shape_init(fields: dict, shape: TensorShape, nrows: Any, row_partitions: Any
                ) -> DynamicRaggedShape:
    """The shape of from_fields' StructuredTensor: what `shape`, the fields, `nrows` and
    `row_partitions` say of it, merged (TF's _dynamic_ragged_shape_init)."""
    rank = shape.rank
    dtype = _shape_dtype(fields, nrows, row_partitions)
    if rank == 0:
        return ss.scalar_shape(dtype)
    result = ss.from_dims(shape.as_list(), dtype) if shape.is_fully_defined() else None
    result = ss.merge(result, _shape_from_fields(_with_dtype(fields, dtype), rank, dtype))
    if rank == 1:
        if shape[0] is not None:
            nrows = shape[0]
        if nrows is not None:
            result = ss.merge(result, ss.from_dims([nrows], dtype))
        if result is None:
            raise ValueError("Must specify `nrows`, a fully specified `shape`, or have "
                             "`fields` if `rank=1`")
        return result
    if row_partitions:
        result = ss.merge(result, ss.from_row_partitions(row_partitions, dtype))
    if result is None:
        raise ValueError("Must specify row_partitions, a fully specified shape, or have "
                         "fields if rank > 1")
    return result


def _static_spec(fields: Mapping, shape: DynamicRaggedShape, hint: TensorShape | None
                 ) -> DynamicRaggedShapeSpec:
    """The spec of a StructuredTensor's shape: what its tensors say, with the static
    dimensions its fields (and `hint`) show."""
    rank = shape.rank
    static = TensorShape([None] * rank)
    if hint is not None and hint.rank == rank:
        static = static.merge_with(hint)
    for v in fields.values():
        s = v.shape if not isinstance(v, StructuredTensor) else v.shape
        if s.rank is not None and s.rank >= rank:
            try:
                static = static.merge_with(s[:rank])
            except ValueError:
                pass
    return ss.spec_of(shape, static)


def _positive_axis(axis: Any, ndims: int | None, name: str) -> int:
    if not isinstance(axis, int):
        raise TypeError(f"{name} must be an int; got {type(axis).__name__}")
    if ndims is not None:
        if 0 <= axis < ndims:
            return axis
        if -ndims <= axis < 0:
            return axis + ndims
        raise ValueError(f"{name}={axis} out of bounds: expected {-ndims}<={name}<{ndims}")
    if axis < 0:
        raise ValueError(f"{name}={axis} may only be negative if rank(self) is statically "
                         "known.")
    return axis


def _merge_values(value: Any, outer: int, inner: int) -> Any:
    if isinstance(value, RaggedTensor):
        return ragged_merge_dims(value, outer, inner)
    if isinstance(value, Tensor):
        return _merge_dense(value, outer, inner)
    fields = {k: _merge_values(v, outer, inner) for k, v in value._fields.items()}
    return StructuredTensor._make(fields, ss.merge_dims(value._ragged_shape, outer, inner))


def _partition_outer(value: Any, partition: RowPartition) -> Any:
    uniform = partition.uniform_row_length()
    if isinstance(value, Tensor) and uniform is not None:
        shape = array.concat([stacking.stack([partition.nrows(), uniform]),
                              array.shape(value, partition.dtype)[1:]], 0)
        return array.reshape(value, shape)
    if isinstance(value, (Tensor, RaggedTensor)):
        return RaggedTensor.from_row_splits(value, partition.row_splits(), validate=True)
    fields = {k: _partition_outer(v, partition) for k, v in value._fields.items()}
    parts = (partition,) + tuple(value.row_partitions)
    return StructuredTensor._make(fields, ss.from_row_partitions(parts, partition.dtype))


# -- StructuredTensor.Spec in SavedModels: TF's TypeSpecProto (EXTENSION_TYPE_SPEC) --------

def _spec_state(spec: Any) -> tuple:
    return (("_fields", dict(spec._fields)), ("_ragged_shape", spec._ragged_shape))


def _spec_from_state(state: Any) -> Any:
    f = ss._pairs(state, ("_fields", "_ragged_shape"), "StructuredTensor.Spec")
    if not isinstance(f["_fields"], dict) or not isinstance(f["_ragged_shape"],
                                                             DynamicRaggedShapeSpec):
        raise DataLossError(None, None, f"A saved StructuredTensor.Spec has the state {state!r}")
    return StructuredTensor.Spec(_fields=f["_fields"], _ragged_shape=f["_ragged_shape"])


structured_value.register_type_spec(
    StructuredTensor.Spec, structured_value.EXTENSION_TYPE_SPEC, _spec_state,
    lambda s: len(s._component_specs), _spec_from_state, "tf.StructuredTensor.Spec")
