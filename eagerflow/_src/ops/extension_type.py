"""tf.experimental.ExtensionType: user-defined composite values with typed fields.

Sits in the ops layer over the composite machinery of core/composite.py: a subclass
declares fields with annotations (`values: tf.Tensor`, `name: str = "x"`, tuples,
Optional/Union, mappings, nested extension types); the class gets a constructor that
binds its arguments as a Python signature would, converts each value to its field's type
(a tensor field converts with convert_to_tensor, a tuple field takes any sequence) and
refuses the others with TF's messages, then calls `__validate__`. Values are immutable
outside a custom `__init__`; `repr` lists the fields, `==` compares them into a scalar
bool tensor, and `_type_spec` is an instance of the class's own `Spec` (an
ExtensionTypeSpec holding TensorSpecs for the tensors), so tf.function traces an
extension value by its spec and feeds its tensors, as it does a RaggedTensor.
"""

from __future__ import annotations

import collections.abc
import inspect
import re
import typing
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.composite import CompositeSpec, CompositeTensor
from eagerflow._src.core.errors import DataLossError
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.io import structured_value
from eagerflow._src.ops import ragged  # noqa: F401 (the ragged hooks first: ours chain on)
from eagerflow._src.ops.array import shape as shape_op
from eagerflow._src.ops.math import equal, logical_not
from eagerflow._src.ops.reduce import reduce_all
from eagerflow._src.ops.stacking import stack

_MUTABLE = "_tf_extension_type_mutable"
_BATCHABLE: list = []  # [BatchableExtensionType], once it is defined
_NO_DEFAULT = inspect.Parameter.empty


def _type_name(t: Any) -> str:
    return getattr(t, "__name__", None) or repr(t)


# The names no field may take (TF's: its base classes' own), and any starting with
# '_tf_extension_type'.
_RESERVED_NAMES = frozenset((
    "self", "Spec", "_type_spec", "_shape_invariant_to_type_spec", "_consumers", "value_type",
    "is_compatible_with", "most_specific_compatible_type", "_with_tensor_ranks_only",
    "_to_components", "_from_components", "_component_specs", "_to_tensor_list",
    "_from_tensor_list", "_from_compatible_tensor_list", "_flat_tensor_specs", "_serialize",
    "_deserialize", "_to_legacy_output_types", "_to_legacy_output_shapes",
    "_to_legacy_output_classes", "_keras_mask"))


def _check_names(cls: type) -> None:
    """TF's checks of a class's own names: no reserved field, and no class attribute that
    is not a field (annotated), a method, a property or a dunder."""
    own = cls.__dict__.get("__annotations__", {})

    def reserved(name: str) -> bool:
        return name in _RESERVED_NAMES or name.lower().startswith("_tf_extension_type")

    for name in [*cls.__dict__, *own]:
        if name != "Spec" and reserved(name) or name in own and reserved(name):
            raise ValueError(f"The field annotations for {cls.__name__} are invalid. Field "
                             f"'{name}' is reserved.")
    for name, value in cls.__dict__.items():
        if not (name in own or callable(value) or name.startswith("_abc_") or
                name.startswith("__") and name.endswith("__") or
                isinstance(value, (property, classmethod, staticmethod))):
            raise ValueError(f"The field annotations for {cls.__name__} are invalid. Field "
                             f"{name} is missing a type annotation.")


_PLAIN_HINTS = (int, float, str, bytes, bool, None, type(None), dt.DType)


def _check_hint(hint: Any, in_key: bool = False) -> None:
    """TF's check of a field's annotation when the class is made: Python's scalar types,
    DType, TensorShape, tensors and composites, and Tuple / Union / Mapping of them (a
    forward reference is resolved later); a tensor can't be a mapping's key."""
    if isinstance(hint, (str, typing.ForwardRef)) or hint in _PLAIN_HINTS:
        return
    if hint is Tensor or hint is TensorShape or (
            isinstance(hint, type) and issubclass(hint, CompositeTensor)):
        if in_key:  # (TF names the annotation's metaclass, as TF's classes have them)
            meta = "type" if hint is Tensor else "ExtensionTypeMetaclass" if issubclass(
                hint, ExtensionType) else "ABCMeta"
            raise TypeError(f"Mapping had a key {hint.__name__!r} with type {meta!r}")
        return
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple or origin is typing.Union:
        for a in args[:1] if len(args) == 2 and args[1] is Ellipsis else args:
            _check_hint(a, in_key)
        return
    if origin is collections.abc.Mapping:
        _check_hint(args[0], True)
        _check_hint(args[1], in_key)
        return
    what = repr(hint.__name__) if isinstance(hint, type) else repr(hint)
    raise TypeError(f"Unsupported type annotation {what}")


def _convert(value: Any, hint: Any, path: str) -> Any:
    """`value` converted to the annotation `hint`, or TF's TypeError."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Tensor:
        return value if isinstance(value, Tensor) else convert_to_tensor(value)
    if hint is Any:
        return value
    if origin is typing.Union:
        for option in args:
            try:
                return _convert(value, option, path)
            except (TypeError, ValueError):
                continue
        raise TypeError(f"{path}: expected {hint}, got {type(value).__name__!r}")
    if origin in (tuple, collections.abc.Sequence):
        if not isinstance(value, (list, tuple)):
            raise TypeError(f"{path}: expected 'tuple', got {type(value).__name__!r}")
        if len(args) == 2 and args[1] is Ellipsis or origin is collections.abc.Sequence:
            return tuple(_convert(v, args[0], f"{path}[{i}]") for i, v in enumerate(value))
        if len(args) != len(value):
            raise TypeError(f"{path}: expected a tuple of length {len(args)}, got {value!r}")
        return tuple(_convert(v, a, f"{path}[{i}]") for i, (v, a) in enumerate(zip(args, value)))
    if origin in (dict, collections.abc.Mapping):
        if not isinstance(value, collections.abc.Mapping):
            raise TypeError(f"{path}: expected 'Mapping', got {type(value).__name__!r}")
        return ImmutableDict({_convert(k, args[0], f"{path}[<key>]"):
                               _convert(v, args[1], f"{path}[{k!r}]") for k, v in value.items()})
    if hint is TensorShape:
        return value if isinstance(value, TensorShape) else TensorShape(value)
    if hint is dt.DType:
        return dt.as_dtype(value)
    if hint is float and type(value) is int:  # (TF refuses ints for floats: ours too)
        raise TypeError(f"{path}: expected 'float', got 'int'")
    if isinstance(hint, type):
        if not isinstance(value, hint) or (hint is int and isinstance(value, bool)):
            raise TypeError(f"{path}: expected {_type_name(hint)!r}, got "
                            f"{type(value).__name__!r}")
        return value
    raise TypeError(f"{path}: Unsupported type annotation {hint!r}")


class ImmutableDict(collections.abc.Mapping):
    """A mapping field's value: read-only, as TF's."""

    __supported_by_tf_nest__ = True  # (tf.nest rebuilds it from pairs without a warning)

    def __init__(self, data: dict) -> None:
        self._data = dict(data)

    def __getitem__(self, k: Any) -> Any:
        return self._data[k]

    def __iter__(self) -> Any:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return f"ImmutableDict({self._data!r})"


def _leaves(value: Any) -> list:
    """The tensors of a field value, in order (nested extension values and tuples)."""
    if isinstance(value, Tensor):
        return [value]
    if isinstance(value, ExtensionType):
        return [t for f in type(value)._tf_fields for t in _leaves(getattr(value, f))]
    if isinstance(value, tuple):
        return [t for v in value for t in _leaves(v)]
    if isinstance(value, ImmutableDict):
        return [t for k in value for t in _leaves(value[k])]
    return []


def _spec_of(value: Any) -> Any:
    """A field value's spec: TensorSpecs for tensors, specs for extension values."""
    if isinstance(value, Tensor):
        return TensorSpec(value.shape, value.dtype)
    if isinstance(value, ExtensionType):
        return value._type_spec
    if isinstance(value, tuple):
        return tuple(_spec_of(v) for v in value)
    if isinstance(value, ImmutableDict):
        return ImmutableDict({k: _spec_of(value[k]) for k in value})
    return value


def _specs_leaves(spec: Any) -> list:
    if isinstance(spec, TensorSpec):
        return [spec]
    if isinstance(spec, ExtensionTypeSpec):
        return spec._component_specs
    if isinstance(spec, tuple):
        return [s for v in spec for s in _specs_leaves(v)]
    if isinstance(spec, ImmutableDict):
        return [s for k in spec for s in _specs_leaves(spec[k])]
    return []


def _rebuild(spec: Any, parts: Any, as_spec: bool = False) -> Any:
    """A field value from its spec and an iterator of component tensors (or, `as_spec`,
    the field's spec from an iterator of its components' specs)."""
    if isinstance(spec, TensorSpec):
        return next(parts)
    if isinstance(spec, ExtensionTypeSpec):
        return spec._respec(parts) if as_spec else spec._from_iter(parts)
    if isinstance(spec, tuple):
        return tuple(_rebuild(s, parts, as_spec) for s in spec)
    if isinstance(spec, ImmutableDict):
        return ImmutableDict({k: _rebuild(spec[k], parts, as_spec) for k in spec})
    return spec


class ExtensionTypeSpec(CompositeSpec):
    """The TypeSpec of an extension type: its fields, tensors as TensorSpecs."""

    __slots__ = ("_fields",)
    _value_class: type = None  # type: ignore[assignment]
    _user_init = False  # (a user's `class Spec:` with a constructor of its own)

    def __init__(self, *args: Any, **fields: Any) -> None:
        cls = self._value_class
        if cls is None:
            raise TypeError("ExtensionTypeSpec is abstract: use an ExtensionType's Spec")
        names = cls._tf_fields
        if args or set(fields) != set(names):  # TF's: each field, by position or keyword
            fields = inspect.Signature([
                inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD) for n in names
            ]).bind(*args, **fields).arguments
        for n in names:  # (a forward reference not resolved: TF's spec refuses it too)
            if isinstance(cls._tf_hints[n], str):
                raise TypeError(f"{n}: Unsupported type annotation {cls._tf_hints[n]!r}")
        object.__setattr__(self, "_fields", {n: fields[n] for n in names})

    @classmethod
    def _from_fields(cls, fields: dict) -> ExtensionTypeSpec:
        """A spec of these fields, made without the class's constructor (a user's Spec
        may define its own, taking other arguments: TF makes its specs so too)."""
        if not cls._user_init:
            return cls(**fields)
        spec = object.__new__(cls)
        object.__setattr__(spec, "_fields", {n: fields[n] for n in cls._value_class._tf_fields})
        return spec

    def __setattr__(self, name: str, value: Any) -> None:
        fields = object.__getattribute__(self, "_fields") if _has_fields(self) else None
        if isinstance(fields, _Building) and name in self._value_class._tf_fields:
            fields[name] = value
            return
        raise AttributeError(f"Cannot mutate attribute `{name}` outside the custom "
                             "constructor of ExtensionTypeSpec.")

    def __delattr__(self, name: str) -> None:
        fields = object.__getattribute__(self, "_fields") if _has_fields(self) else None
        if isinstance(fields, _Building) and name in fields:
            del fields[name]
            return
        raise AttributeError(f"Cannot mutate attribute `{name}` outside the custom "
                             "constructor of ExtensionTypeSpec.")

    def __getattr__(self, name: str) -> Any:
        fields = object.__getattribute__(self, "_fields")
        if name in fields:
            return fields[name]
        raise AttributeError(f"{type(self).__qualname__!r} object has no attribute {name!r}")

    @property
    def value_type(self) -> type:
        return self._value_class

    @property
    def dtype(self) -> None:  # (relaxed tracing keys read it: extension values have none)
        return None

    @property
    def _component_specs(self) -> list:
        return [s for v in self._fields.values() for s in _specs_leaves(v)]

    def _to_components(self, value: Any) -> list:
        return _leaves(value)

    def _from_iter(self, parts: Any) -> Any:
        cls = self._value_class
        obj = cls.__new__(cls)
        for name, spec in self._fields.items():
            object.__setattr__(obj, name, _rebuild(spec, parts))
        return obj

    def _from_components(self, components: list) -> Any:
        return self._from_iter(iter(components))

    def _with_component_specs(self, specs: list) -> ExtensionTypeSpec:
        """This spec with its components' specs replaced (a batch's, say), in order."""
        return self._respec(iter(specs))

    # tf.data carries an extension value as these components (its tensors, unless the
    # type says otherwise: a StructuredTensor's are its fields' tensors and ragged tensors)
    @property
    def _data_specs(self) -> list:
        return self._component_specs

    def _data_components(self, value: Any) -> list:
        return self._to_components(value)

    def _from_data_components(self, parts: list) -> Any:
        return self._from_components(parts)

    def _with_data_specs(self, specs: list) -> ExtensionTypeSpec:
        return self._with_component_specs(specs)

    # tf.map_fn unstacks an extension value's tensors and stacks fn's results' tensors,
    # unless its type takes it apart into rows itself (a StructuredTensor's rows)
    _own_rows = False

    def _map_rows(self, value: Any) -> list:  # pragma: no cover - overridden
        raise NotImplementedError

    def _stack_rows(self, rows: list, like: Any) -> Any:  # pragma: no cover - overridden
        raise NotImplementedError

    def _respec(self, specs: Any) -> ExtensionTypeSpec:
        return self._from_fields({n: _rebuild(v, specs, True) for n, v in self._fields.items()})

    def is_compatible_with(self, spec_or_value: Any) -> bool:
        other = spec_or_value._type_spec if isinstance(spec_or_value, ExtensionType) \
            else spec_or_value
        if type(other) is not type(self):
            return False
        return all(_compatible(a, b) for a, b in zip(self._fields.values(),
                                                     other._fields.values()))

    def _common(self, other: Any) -> Any:
        if type(other) is not type(self):
            return None
        out = {}
        for (name, a), b in zip(self._fields.items(), other._fields.values()):
            c = _common(a, b)
            if c is _NONE:
                return None
            out[name] = c
        return self._from_fields(out)

    def _key(self) -> tuple:
        return (type(self), tuple((n, _hashable(v)) for n, v in self._fields.items()))

    def __eq__(self, other: Any) -> bool:
        return type(other) is type(self) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={v!r}" for n, v in self._fields.items())
        return f"{type(self).__qualname__}({fields})"


_NONE = object()


class _Building(dict):
    """A spec's fields while a user's Spec constructor sets them."""


def _has_fields(spec: Any) -> bool:
    try:
        object.__getattribute__(spec, "_fields")
    except AttributeError:
        return False
    return True


def _spec_customizations(cls: type, user: type) -> dict:
    """The methods, properties and attributes of a plain `class Spec:` nested in `cls`, as
    TF copies them into the TypeSpec class it makes, with TF's checks of their names."""
    qualname = f"{cls.__qualname__}.Spec"
    out = {}
    for name, value in vars(user).items():
        if name in _RESERVED_NAMES or name.lower().startswith("_tf_extension_type"):
            raise ValueError(f"TypeSpec {qualname} uses reserved name '{name}'.")
        if name in cls._tf_fields:
            raise ValueError(f"TypeSpec {qualname} defines a variable '{name}' which shadows "
                             f"a field in {cls.__qualname__}")
        if name not in ("__module__", "__dict__", "__weakref__", "__qualname__"):
            out[name] = value
    return out


def _wrap_spec_init(init: Any) -> Any:
    """A user's Spec constructor: it sets the spec's fields (`self.values = TensorSpec(...)`),
    which TF then checks all set."""
    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:  # noqa: N807 (it is one)
        building = _Building()
        object.__setattr__(self, "_fields", building)
        init(self, *args, **kwargs)
        names = self._value_class._tf_fields
        missing = set(names) - set(building)
        if missing:
            raise ValueError(f"Missing required fields: {missing}")
        object.__setattr__(self, "_fields", {n: building[n] for n in names})
    __init__.__wrapped__ = init  # type: ignore[attr-defined]
    return __init__


def _hashable(v: Any) -> Any:
    if isinstance(v, ImmutableDict):
        return tuple(sorted((k, _hashable(x)) for k, x in v.items()))
    if isinstance(v, tuple):
        return tuple(_hashable(x) for x in v)
    return v


def _compatible(a: Any, b: Any) -> bool:
    if isinstance(a, TensorSpec):
        return isinstance(b, TensorSpec) and a.is_compatible_with(b)
    if isinstance(a, ExtensionTypeSpec):
        return a.is_compatible_with(b)
    if isinstance(a, TensorShape):  # (a `shape` field: as TF's TypeSpec compares them)
        return isinstance(b, TensorShape) and a.is_compatible_with(b)
    if isinstance(a, tuple):
        return isinstance(b, tuple) and len(a) == len(b) and all(map(_compatible, a, b))
    return a == b


def _common(a: Any, b: Any) -> Any:
    if isinstance(a, TensorSpec):
        if not isinstance(b, TensorSpec) or a.dtype != b.dtype:
            return _NONE
        c = a.most_specific_common_supertype([b])
        return _NONE if c is None else c
    if isinstance(a, ExtensionTypeSpec):
        c = a._common(b)
        return _NONE if c is None else c
    if isinstance(a, TensorShape):
        c = a.most_specific_common_supertype([b]) if isinstance(b, TensorShape) else None
        return _NONE if c is None else c
    if isinstance(a, tuple):
        if not isinstance(b, tuple) or len(a) != len(b):
            return _NONE
        parts = tuple(_common(x, y) for x, y in zip(a, b))
        return _NONE if any(p is _NONE for p in parts) else parts
    return a if a == b else _NONE


class ExtensionType(CompositeTensor):
    """Base of user-defined composite values with typed fields (see the module doc)."""

    _tf_fields: tuple = ()
    _tf_hints: dict = {}
    _tf_signature: inspect.Signature = inspect.Signature()
    _tensor_like = False  # (tf.is_tensor says False, as TF's for an extension type)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        hints = {}
        for klass in reversed(cls.__mro__):
            if klass is ExtensionType or not issubclass(klass, ExtensionType):
                continue
            own = klass.__dict__.get("__annotations__", {})
            if own:
                try:
                    resolved = typing.get_type_hints(klass)
                except NameError:  # a forward reference we cannot resolve: as written
                    resolved = own
                hints.update({n: resolved[n] for n in own})
        if not cls.__module__.startswith("eagerflow."):  # (ours define the protocol's names)
            _check_names(cls)
        params = []
        got_default = False  # (as TF, a field without a default after one with is keyword-only)
        for name in hints:
            try:
                _check_hint(hints[name])
            except TypeError as e:
                raise TypeError(f"In field {name!r}: {e}") from e
            default = cls.__dict__.get(name, _NO_DEFAULT)
            if default is not _NO_DEFAULT and name in cls.__dict__:
                delattr(cls, name)  # the class attribute is the default, not a value
                if not isinstance(hints[name], (str, typing.ForwardRef)):  # as TF, converted
                    default = _convert(default, hints[name], f"default value for {name}")
                cls._tf_defaults = {**getattr(cls, "_tf_defaults", {}), name: default}
            default = getattr(cls, "_tf_defaults", {}).get(name, _NO_DEFAULT)
            got_default = got_default or default is not _NO_DEFAULT
            kind = inspect.Parameter.KEYWORD_ONLY if got_default and default is _NO_DEFAULT \
                else inspect.Parameter.POSITIONAL_OR_KEYWORD
            params.append(inspect.Parameter(name, kind, default=default))
        cls._tf_hints = hints
        cls._tf_fields = tuple(hints)
        cls._tf_signature = inspect.Signature(params)
        custom = cls.__dict__.get("__init__")
        if custom is not None:
            cls.__init__ = _wrap_custom_init(custom)
        spec_base = cls.__dict__.get("Spec", ExtensionTypeSpec)
        user_spec = "Spec" in cls.__dict__ and isinstance(spec_base, type) and issubclass(
            spec_base, ExtensionTypeSpec)
        batchable = _BATCHABLE and issubclass(cls, _BATCHABLE[0])
        in_spec = isinstance(spec_base, type) and "__batch_encoder__" in vars(spec_base)
        if not batchable and (hasattr(cls, "__batch_encoder__") or in_spec):
            raise ValueError("__batch_encoder__ should only be defined for "
                             "BatchableExtensionType classes.")
        top = BatchableExtensionTypeSpec if batchable else ExtensionTypeSpec
        bases = (spec_base,) if user_spec and issubclass(spec_base, top) else \
            (spec_base, top) if user_spec else (top,)
        attrs = {"__slots__": (), "_value_class": cls, "__qualname__": f"{cls.__qualname__}.Spec",
                 "__module__": cls.__module__}
        if "Spec" in cls.__dict__ and isinstance(spec_base, type) and not user_spec:
            attrs.update(_spec_customizations(cls, spec_base))  # (TF copies them, as here)
        if "Spec" in cls.__dict__ and isinstance(spec_base, type) and not user_spec and \
                "__init__" in vars(spec_base):
            attrs["__init__"] = _wrap_spec_init(vars(spec_base)["__init__"])
            attrs["_user_init"] = True
        if batchable and hasattr(cls, "__batch_encoder__") and not in_spec:
            attrs["__batch_encoder__"] = cls.__batch_encoder__
        cls.Spec = type(f"{cls.__name__}.Spec", bases, attrs)
        if "__name__" in cls.__dict__:  # TF registers the spec by it, for SavedModels
            _register_spec(cls.Spec, f"{cls.__dict__['__name__']}.Spec")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        cls = type(self)
        if cls is ExtensionType:
            raise AssertionError("Cannot create an instance of ExtensionType because "
                                 "ExtensionType is an abstract base class.")
        bound = cls._tf_signature.bind(*args, **kwargs)
        bound.apply_defaults()
        for name, value in bound.arguments.items():
            object.__setattr__(self, name, value)
        self._tf_finish()

    def _tf_finish(self) -> None:
        """Converts every field to its type, then runs the user's `__validate__`."""
        cls = type(self)
        for name in cls._tf_fields:
            if name not in self.__dict__:
                raise ValueError(f"Field {name} was not initialized by the custom constructor")
            object.__setattr__(self, name, _convert(self.__dict__[name], cls._tf_hints[name],
                                                    name))
        validate = getattr(self, "__validate__", None)
        if validate is not None:
            validate()

    def __setattr__(self, name: str, value: Any) -> None:
        if self.__dict__.get(_MUTABLE):
            object.__setattr__(self, name, value)
            return
        raise AttributeError(f"Cannot mutate attribute `{name}` outside the custom "
                             "constructor of ExtensionType.")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Cannot mutate attribute `{name}` outside the custom "
                             "constructor of ExtensionType.")

    __hash__ = None  # type: ignore[assignment]  (unhashable, as TF's)

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={getattr(self, n)!r}" for n in type(self)._tf_fields)
        return f"{type(self).__qualname__}({fields})"

    def __eq__(self, other: Any) -> Any:
        """As TF's: False (a Python bool) for another type or spec (non-tensor fields,
        tensors' static shapes and dtypes), else a scalar bool tensor of the tensors'
        shapes and values all equal; a value without tensors fails in TF's reduce_all of
        an empty (float) stack, and here too."""
        if type(other) is not type(self) or self._type_spec != other._type_spec:
            return False
        mine, theirs = _leaves(self), _leaves(other)
        if len(mine) != len(theirs):
            return False
        conditions = []
        for a, b in zip(mine, theirs):
            conditions.append(reduce_all(equal(shape_op(a), shape_op(b))))
            conditions.append(reduce_all(equal(a, b)))
        return reduce_all(stack(conditions))

    def __ne__(self, other: Any) -> Any:
        eq = self.__eq__(other)
        return logical_not(eq) if isinstance(eq, Tensor) else not eq

    @property
    def _type_spec(self) -> ExtensionTypeSpec:
        cls = type(self)
        return cls.Spec._from_fields({n: _spec_of(getattr(self, n)) for n in cls._tf_fields})


def _wrap_custom_init(init: Any) -> Any:
    """A user's __init__: fields may be set inside it; conversion and validation after."""
    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:  # noqa: N807 (it is one)
        object.__setattr__(self, _MUTABLE, True)
        try:
            init(self, *args, **kwargs)
        finally:
            del self.__dict__[_MUTABLE]
        self._tf_finish()
    __init__.__wrapped__ = init  # type: ignore[attr-defined]
    return __init__


class BatchableExtensionType(ExtensionType):
    """An ExtensionType whose values may be batched (tf.data, map_fn): its Spec's
    `__batch_encoder__` (a class attribute `__batch_encoder__` sets it) says how."""


_BATCHABLE.append(BatchableExtensionType)


def _map_field(f: Any, leaf: Any) -> Any:
    """`leaf` applied to a spec field's leaves, through tuples and mappings."""
    if isinstance(f, tuple):
        return tuple(_map_field(v, leaf) for v in f)
    if isinstance(f, ImmutableDict):
        return ImmutableDict({k: _map_field(v, leaf) for k, v in f.items()})
    return leaf(f)


class ExtensionTypeBatchEncoder:
    """How values of a BatchableExtensionType are batched (tf.data, map_fn): encoded as
    tensors that stack, unstack and concatenate as the values do. By default every tensor,
    batchable extension value and TensorShape field gets the outer (batch) axis; a class
    whose values don't batch that way sets `__batch_encoder__` to a subclass overriding
    `batch`, `unbatch`, `encode`, `decode` and `encoding_specs`."""

    def batch(self, spec: Any, batch_size: int | None) -> Any:
        """The spec of a batch of `batch_size` values of `spec`."""
        def leaf(f: Any) -> Any:
            if isinstance(f, TensorSpec):
                return TensorSpec(TensorShape([batch_size]).concatenate(f.shape), f.dtype)
            if isinstance(f, BatchableExtensionTypeSpec):
                return f.__batch_encoder__.batch(f, batch_size)
            if isinstance(f, TensorShape):
                return TensorShape([batch_size]).concatenate(f)
            return f
        return spec._from_fields({n: _map_field(v, leaf) for n, v in spec._fields.items()})

    def unbatch(self, spec: Any) -> Any:
        """The spec of one value of a batch of `spec`."""
        def leaf(f: Any) -> Any:
            if isinstance(f, TensorSpec):
                return TensorSpec(f.shape[1:], f.dtype)
            if isinstance(f, BatchableExtensionTypeSpec):
                return f.__batch_encoder__.unbatch(f)
            if isinstance(f, TensorShape):
                return f[1:]
            return f
        return spec._from_fields({n: _map_field(v, leaf) for n, v in spec._fields.items()})

    def encode(self, spec: Any, value: Any, minimum_rank: int = 0) -> Any:
        """`value` as batchable tensors: by default its components."""
        return tuple(ExtensionTypeSpec._to_components(spec, value))

    def decode(self, spec: Any, encoded_value: Any) -> Any:
        """The value of `spec` that `encoded_value` encodes (batched or unbatched)."""
        return ExtensionTypeSpec._from_iter(spec, iter(encoded_value))

    def encoding_specs(self, spec: Any) -> Any:
        """The specs of what `encode` returns."""
        return tuple(ExtensionTypeSpec._component_specs.fget(spec))


_DEFAULT_ENCODING = (ExtensionTypeBatchEncoder.encode, ExtensionTypeBatchEncoder.decode,
                     ExtensionTypeBatchEncoder.encoding_specs)


def _expanded(flat: list, of_spec: bool) -> list:
    """Leaves of an encoding with extension values (or specs) opened into components."""
    out = []
    for x in flat:
        if of_spec and isinstance(x, ExtensionTypeSpec):
            out.extend(x._component_specs)
        elif not of_spec and isinstance(x, ExtensionType):
            out.extend(x._type_spec._to_components(x))
        else:
            out.append(x)
    return out


class BatchableExtensionTypeSpec(ExtensionTypeSpec):
    """The Spec of a BatchableExtensionType: `_batch`/`_unbatch` by its encoder, and its
    components are the encoder's encoding when the encoder encodes its own way."""

    __slots__ = ()
    __batch_encoder__ = ExtensionTypeBatchEncoder()

    def _batch(self, batch_size: int | None) -> Any:
        return self.__batch_encoder__.batch(self, batch_size)

    def _unbatch(self) -> Any:
        return self.__batch_encoder__.unbatch(self)

    def _encodes(self) -> bool:
        enc = type(self.__batch_encoder__)
        return (enc.encode, enc.decode, enc.encoding_specs) != _DEFAULT_ENCODING

    @property
    def _component_specs(self) -> list:
        if not self._encodes():
            return super()._component_specs
        return _expanded(nest.flatten(self.__batch_encoder__.encoding_specs(self)), True)

    def _to_components(self, value: Any) -> list:
        if not self._encodes():
            return super()._to_components(value)
        return _expanded(nest.flatten(self.__batch_encoder__.encode(self, value)), False)

    def _from_iter(self, parts: Any) -> Any:
        if not self._encodes():
            return super()._from_iter(parts)
        specs = self.__batch_encoder__.encoding_specs(self)
        flat = [s._from_iter(parts) if isinstance(s, ExtensionTypeSpec) else next(parts)
                for s in nest.flatten(specs)]
        return self.__batch_encoder__.decode(self, nest.pack_sequence_as(specs, flat))

    def _respec(self, specs: Any) -> ExtensionTypeSpec:
        """The spec whose encoding has these component specs: this one batched or
        unbatched by the encoder (an encoding can't be read back into fields)."""
        if not self._encodes():
            return _shapes_follow(self, super()._respec(specs))
        mine = self._component_specs
        new = [next(specs) for _ in mine]
        if new == mine:
            return self
        was, now = mine[0].shape.rank, new[0].shape.rank
        if was is not None and now == was + 1:
            return self._batch(new[0].shape[0])
        if was is not None and now == was - 1:
            return self._unbatch()
        return self._unbatch()._batch(new[0].shape[0] if now else None)


def _shapes_follow(old: Any, new: Any) -> Any:
    """`new` (old's spec with its tensors' specs replaced) with its TensorShape fields
    batched or unbatched as its tensors were (tf.data's batch of a value whose `shape`
    field is a TensorShape: TF's batch encoder gives it the outer axis too)."""
    before, after = old._component_specs, new._component_specs
    if not before or before[0].shape.rank is None or after[0].shape.rank is None:
        return new
    change = after[0].shape.rank - before[0].shape.rank
    if change not in (1, -1):
        return new

    def leaf(f: Any) -> Any:
        if not isinstance(f, TensorShape) or f.rank is None:
            return f
        return TensorShape([after[0].shape[0]]).concatenate(f) if change == 1 else f[1:]
    return new._from_fields({n: _map_field(v, leaf) for n, v in new._fields.items()})


def _carried(x: Any) -> bool:
    """An extension value, a RaggedTensor, a SparseTensor or a composite that says it
    travels as its components (an Optional: its variant): carried as its component
    tensors."""
    return isinstance(x, (ExtensionType, SparseTensor)) or (
        isinstance(x, CompositeTensor) and (hasattr(x, "flat_values") or
                                            getattr(x, "_carried_as_components", False)))


def flatten_extensions(structure: Any) -> list:
    """`nest.flatten(structure)` with each extension value's (or RaggedTensor's) tensors in
    its place (what tf.cond, tf.while_loop and tf.map_fn carry of one)."""
    return [t for x in nest.flatten(structure)
            for t in (x._type_spec._to_components(x) if _carried(x) else [x])]


def pack_extensions(structure: Any, flat: list, respec: Any = None) -> Any:
    """The inverse of `flatten_extensions`: `structure` rebuilt around `flat` (each
    extension value's spec first mapped by `respec`, where given: its rows' or its
    batch's spec, whose TensorShape fields differ)."""
    it = iter(flat)

    def rebuild(x: Any) -> Any:
        if isinstance(x, ExtensionType):
            spec = x._type_spec
            return (spec if respec is None else respec(spec))._from_iter(it)
        if _carried(x):
            spec = x._type_spec
            return spec._from_components([next(it) for _ in spec._component_specs])
        return next(it)
    return nest.pack_sequence_as(structure, [rebuild(x) for x in nest.flatten(structure)])


def check_batchable(structure: Any, method: str) -> None:
    """Refuses, as TF's specs do, to batch or unbatch (`method`: "_batch", "_unbatch") an
    extension value or spec in `structure` that is not a BatchableExtensionType's."""
    for x in nest.flatten(structure):
        spec = x._type_spec if isinstance(x, ExtensionType) else x
        if isinstance(spec, ExtensionTypeSpec) and \
                not issubclass(spec.value_type, BatchableExtensionType):
            # (named as Python names an object's type: the spec class's __name__)
            raise AttributeError(f"'{type(spec).__name__}' object has no attribute "
                                 f"'{method}'")


# -- registered specs in SavedModels: TF's TypeSpecProto (EXTENSION_TYPE_SPEC) -------------

_REGISTERED: dict = {}  # name -> spec class
_NAME_RE = re.compile(r"^(\w+\.)+\w+$")


def _register_spec(spec_cls: type, name: str) -> None:
    """Makes `spec_cls` (a class's Spec) encodable in SavedModel structures under `name`,
    as TF's type_spec_registry.register, with its checks."""
    if not _NAME_RE.match(name):
        raise ValueError("Registered name must have the form '{project_name}.{type_name}' "
                         f"(e.g. 'my_project.MyTypeSpec'); got {name!r}.")
    if name in _REGISTERED:
        old = _REGISTERED[name]
        raise ValueError(f"Name {name} has already been registered for class "
                         f"{old.__module__}.{old.__name__}.")
    _REGISTERED[name] = spec_cls

    def state(spec: Any) -> tuple:
        return tuple((n, _as_dicts(v)) for n, v in spec._fields.items())

    def from_state(st: Any) -> Any:
        names = spec_cls._value_class._tf_fields
        if not (isinstance(st, tuple) and all(isinstance(p, tuple) and len(p) == 2
                                              for p in st)) or [p[0] for p in st] != list(names):
            raise DataLossError(None, None, f"A saved {name} has the state {st!r}")
        return spec_cls._from_fields({n: _as_immutable(v) for n, v in st})

    structured_value.register_type_spec(
        spec_cls, structured_value.EXTENSION_TYPE_SPEC, state,
        lambda spec: len(nest.flatten(spec._component_specs, expand_composites=True)),
        from_state, name)


def _as_dicts(v: Any) -> Any:
    if isinstance(v, ImmutableDict):
        return {k: _as_dicts(v[k]) for k in v}
    if isinstance(v, tuple) and not hasattr(v, "_fields"):
        return tuple(_as_dicts(x) for x in v)
    return v


def _as_immutable(v: Any) -> Any:
    if isinstance(v, dict):
        return ImmutableDict({k: _as_immutable(x) for k, x in v.items()})
    if isinstance(v, tuple) and not hasattr(v, "_fields"):
        return tuple(_as_immutable(x) for x in v)
    return v


def as_dict(value: ExtensionType) -> dict:
    """The fields of an extension value as a dict."""
    return {n: getattr(value, n) for n in type(value)._tf_fields}
