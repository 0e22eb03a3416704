"""Element structures of tf.data: specs of values, and fast flatten/pack for one structure.

Part of the data layer (above ops). Inside a pipeline an element travels as a flat
tuple of components (EagerTensor, SparseTensor or a nested Dataset); a `Structure`
turns the flat tuple back into the user's nesting (tuples, dicts, namedtuples, and
extension types, whose tensors are components) at the edges: when calling a user
function and when handing an element to the user.

As in tf.data, a Python *list* given as dataset input is one tensor, not a
structure; only tuples and mappings nest.
"""

from __future__ import annotations

import collections.abc
from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core import nest
from eagerflow._src.core.composite import CompositeSpec, CompositeTensor, NoneTensorSpec
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.sparse_tensor import SparseTensor, SparseTensorSpec
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec, TypeSpec
from eagerflow._src.data import ragged_elements
from eagerflow._src.ops.extension_type import ExtensionType, ExtensionTypeSpec
from eagerflow._src.ops.ragged import RaggedTensor, RaggedTensorSpec
from eagerflow._src.ops.stacking import stack

# tf.data.Dataset is defined in dataset.py, above this module (a dataset is built over
# element structures), yet a dataset can be a component of an element (`window()`'s
# elements, nested datasets). So dataset.py hands its class down through
# `register_dataset_class` as it loads, which the package's __init__ does before any
# element is made; until then no value is a dataset.
_dataset_classes: tuple = ()


def register_dataset_class(cls: type) -> None:
    """Makes `cls` (tf.data.Dataset) the class of DatasetSpec's values."""
    global _dataset_classes
    _dataset_classes = (cls,)


def _is_dataset(x: Any) -> bool:
    return isinstance(x, _dataset_classes)


class DatasetSpec(TypeSpec):
    """The type of a dataset used as a value (the elements of `window()`, for example)."""

    __slots__ = ("_element_spec", "_dataset_shape")

    def __init__(self, element_spec: Any, dataset_shape: Any = ()) -> None:
        self._element_spec = element_spec
        self._dataset_shape = TensorShape(dataset_shape)

    @property
    def element_spec(self) -> Any:
        return self._element_spec

    @property
    def shape(self) -> TensorShape:
        return self._dataset_shape

    @property
    def value_type(self) -> type:
        return _dataset_classes[0]

    @staticmethod
    def from_value(value: Any) -> DatasetSpec:
        return DatasetSpec(value.element_spec)

    def is_compatible_with(self, spec_or_value: Any) -> bool:
        if _is_dataset(spec_or_value):
            spec_or_value = DatasetSpec(spec_or_value.element_spec)
        if not isinstance(spec_or_value, DatasetSpec):
            return False
        return specs_compatible(self._element_spec, spec_or_value._element_spec)

    def _common(self, other: Any) -> DatasetSpec | None:
        if not isinstance(other, DatasetSpec):
            return None
        common = most_specific_common(self._element_spec, other._element_spec)
        return None if common is None else DatasetSpec(common, self._dataset_shape)

    def __eq__(self, other: Any) -> bool:
        return (isinstance(other, DatasetSpec) and self._element_spec == other._element_spec
                and self._dataset_shape == other._dataset_shape)

    def __hash__(self) -> int:
        return hash(("dataset", self._dataset_shape))

    def __repr__(self) -> str:
        return f"DatasetSpec({self._element_spec!r}, {self._dataset_shape!r})"


# ---------------------------------------------------------------------------------------
# Nesting: tuples (incl. namedtuples), mappings and extension types (their values and
# specs: their tensors are leaves); everything else is a leaf.
# ---------------------------------------------------------------------------------------

_EXTENSION = (ExtensionType, ExtensionTypeSpec)


def is_nested(x: Any) -> bool:
    return isinstance(x, (tuple, collections.abc.Mapping, *_EXTENSION))


def flatten(x: Any) -> list:
    """Leaves of a tf.data structure (mappings in sorted-key order)."""
    if not is_nested(x):
        return [x]
    out: list = []
    _flatten_into(x, out)
    return out


def _flatten_into(x: Any, out: list) -> None:
    if isinstance(x, ExtensionTypeSpec):
        out.extend(x._data_specs)
    elif isinstance(x, ExtensionType):
        out.extend(x._type_spec._data_components(x))
    elif isinstance(x, collections.abc.Mapping):
        for k in nest.sorted_keys(x):
            v = x[k]
            if is_nested(v):
                _flatten_into(v, out)
            else:
                out.append(v)
    else:
        for v in x:
            if is_nested(v):
                _flatten_into(v, out)
            else:
                out.append(v)


def pack_as(structure: Any, flat: Any) -> Any:
    """Rebuilds `structure`'s nesting (tuples, namedtuples, mappings) around `flat`; a
    count that does not fit is the ValueError of TF's tf.data nest, in its words."""
    flat = list(flat)
    if not is_nested(structure):
        if len(flat) != 1:
            raise ValueError(f"Argument `structure` is a scalar but `len(flat_sequence)`="
                             f"{len(flat)} > 1")
        return flat[0]
    it = iter(flat)
    try:
        out = _pack(structure, it)
    except _TooFew:
        raise _count_error(structure, flat) from None
    if next(it, _END) is not _END:
        raise _count_error(structure, flat)
    return out


def _count_error(structure: Any, flat: list) -> ValueError:
    return ValueError(f"Could not pack sequence. Argument `structure` had "
                      f"{len(flatten(structure))} elements, but argument `flat_sequence` had "
                      f"{len(flat)} elements. Received structure: {structure}, flat_sequence: "
                      f"{flat}.")


class _TooFew(Exception):
    """`flat` ran out while packing (pack_as words the error once it knows both counts)."""


_END = object()


def _pack(s: Any, it: Any) -> Any:
    if isinstance(s, _EXTENSION):
        spec = s if isinstance(s, ExtensionTypeSpec) else s._type_spec
        parts = [_next(it) for _ in spec._data_specs]
        if parts and all(isinstance(p, TypeSpec) for p in parts):  # specs in: a spec out
            return spec._with_data_specs(parts)
        return spec._from_data_components(parts)
    if isinstance(s, collections.abc.Mapping):
        vals = {k: (_pack(s[k], it) if is_nested(s[k]) else _next(it)) for k in nest.sorted_keys(s)}
        return nest.mapping_like(s, [(k, vals[k]) for k in s])
    children = [_pack(c, it) if is_nested(c) else _next(it) for c in s]
    if hasattr(s, "_fields"):
        return type(s)(*children)
    return tuple(children)


def _next(it: Any) -> Any:
    v = next(it, _END)
    if v is _END:
        raise _TooFew
    return v


def extension_positions(spec: Any) -> set:
    """The flat positions of a structure's components that belong to extension types."""
    out: set = set()
    at = 0

    def walk(x: Any) -> None:
        nonlocal at
        if isinstance(x, ExtensionTypeSpec):
            n = len(x._data_specs)
            out.update(range(at, at + n))
            at += n
        elif isinstance(x, collections.abc.Mapping):
            for k in nest.sorted_keys(x):
                walk(x[k])
        elif isinstance(x, tuple):
            for v in x:
                walk(v)
        else:
            at += 1

    walk(spec)
    return out


def map_structure(fn: Callable, x: Any) -> Any:
    return pack_as(x, [fn(v) for v in flatten(x)]) if is_nested(x) else fn(x)


def lists_to_tuples(x: Any) -> Any:
    """A map function's return value: lists become tuples (tf.data does the same)."""
    if isinstance(x, list):
        return tuple(lists_to_tuples(v) for v in x)
    if isinstance(x, tuple):
        vals = [lists_to_tuples(v) for v in x]
        return type(x)(*vals) if hasattr(x, "_fields") else tuple(vals)
    if isinstance(x, collections.abc.Mapping):
        return nest.mapping_like(x, [(k, lists_to_tuples(v)) for k, v in x.items()])
    return x


def fn_result(x: Any, transformation: str) -> Any:
    """A user function's return value as tf.data reads it: a returned list is a tuple, but a
    list inside the structure is one value (a tensor stacked from its items, as
    `convert_to_tensor` packs lists)."""
    if isinstance(x, list):
        x = tuple(x)
    try:
        return _pack_inner_lists(x)
    except (TypeError, ValueError) as e:
        raise unsupported_return(x, transformation) from e


def unsupported_return(value: Any, transformation: str) -> TypeError:
    """TF's error for a function result holding a value no spec describes (an Operation, a
    Python object): it shows the whole result, a returned list as a tuple."""
    if isinstance(value, list):
        value = tuple(value)
    return TypeError(f"Unsupported return value from function passed to {transformation}: "
                     f"{value}.")


def check_supported(result: Any, transformation: str) -> None:
    """Raise TF's `unsupported_return` error where a leaf of a function's `result` has no
    spec (TF types the whole result before any transformation checks what it got)."""
    for leaf in flatten(fn_result(result, transformation)):
        if leaf is None:  # (TF's NoneTensorSpec)
            continue
        try:
            to_component(leaf)
        except (TypeError, ValueError) as e:
            raise unsupported_return(result, transformation) from e


def _pack_inner_lists(x: Any) -> Any:
    if isinstance(x, list):
        return _stack_list(x)
    if isinstance(x, tuple):
        vals = [_pack_inner_lists(v) for v in x]
        return type(x)(*vals) if hasattr(x, "_fields") else tuple(vals)
    if isinstance(x, collections.abc.Mapping):
        return nest.mapping_like(x, [(k, _pack_inner_lists(v)) for k, v in x.items()])
    return x


def _stack_list(items: list) -> Any:
    items = [_stack_list(v) if isinstance(v, list) else v for v in items]
    tensors = [v for v in items if isinstance(v, Tensor)]
    if not tensors:
        return convert_to_tensor(items)
    dtype = tensors[0].dtype
    parts = []
    for v in items:
        if isinstance(v, Tensor) and v.dtype != dtype:
            raise TypeError(f"can't pack a {v.dtype!r} item with {dtype!r} items")
        parts.append(v if isinstance(v, Tensor) else convert_to_tensor(v, dtype=dtype))
    return stack(parts)


# ---------------------------------------------------------------------------------------
# Values and their specs.
# ---------------------------------------------------------------------------------------

def is_variant_spec(spec: Any) -> bool:
    """Whether `spec` types a composite carried by one variant tensor (an Optional's
    OptionalSpec, defined above this layer): such a value is a component of an element as
    it is, and a graph takes it as its variant (TF's datasets of Optionals)."""
    if not isinstance(spec, CompositeSpec) or isinstance(spec, (SparseTensorSpec,
                                                                RaggedTensorSpec)):
        return False
    parts = spec._component_specs
    return len(parts) == 1 and parts[0].dtype is _dt.variant and parts[0].shape.rank == 0


def check_variant_batchable(spec: Any, method: str) -> None:
    """TF's refusal to batch, unbatch or slice an Optional in `spec`: its OptionalSpec has
    no `method` (`_batch`, `_to_batched_tensor_list`)."""
    for s in flatten(spec):
        if is_variant_spec(s):
            raise AttributeError(f"'{type(s).__name__}' object has no attribute '{method}'")


def _is_variant_composite(value: Any) -> bool:
    return isinstance(value, CompositeTensor) and is_variant_spec(value._type_spec)


def sparse_of(indices: Any, values: Any, dense_shape: Any) -> SparseTensor:
    """A SparseTensor of three given tensors (symbolic ones while a function is traced:
    no validation, no conversion)."""
    st = object.__new__(SparseTensor)
    st._indices, st._values, st._dense_shape = indices, values, dense_shape
    return st


def component_arrays(flat: tuple) -> list:
    """The arrays of flat components as a traced function takes them: a SparseTensor's
    three, a RaggedTensor's components, a tensor's own."""
    out = []
    for c in flat:
        if c is None:  # (a None: no tensor)
            continue
        if isinstance(c, SparseTensor):
            out += [c._indices._arr, c._values._arr, c._dense_shape._arr]
        elif isinstance(c, RaggedTensor) or _is_variant_composite(c):
            out += [p._arr for p in c._type_spec._to_components(c)]
        else:
            out.append(c._arr)
    return out


def output_specs(specs: tuple) -> list:
    """(shape, dtype) of each tensor that carries the flat components `specs` through a
    graph (a SparseTensor is three tensors, a RaggedTensor its components, an Optional its
    variant): what a traced function's iterator and optional operations give."""
    out = []
    for s in specs:
        if isinstance(s, TensorSpec):
            out.append((s.shape._dims, s.dtype))
        elif isinstance(s, NoneTensorSpec):  # (a None: no tensor)
            continue
        elif isinstance(s, SparseTensorSpec):
            rank = s.shape.rank
            out += [((None, rank), _dt.int64), ((None,), s.dtype), ((rank,), _dt.int64)]
        elif isinstance(s, RaggedTensorSpec) or is_variant_spec(s):
            out += [(c.shape._dims, c.dtype) for c in s._component_specs]
        else:
            raise TypeError(f"Iterating a dataset with elements of type {s!r} inside a "
                            "tf.function is not supported; iterate it eagerly.")
    return out


def from_outputs(outs: tuple, specs: tuple, sparse: Callable = sparse_of) -> tuple:
    """A traced function's flat outputs as the components `specs` describe: three tensors
    make a SparseTensor (by `sparse`), a RaggedTensorSpec's components a RaggedTensor, a
    variant an Optional."""
    res, k = [], 0
    for s in specs:
        if isinstance(s, NoneTensorSpec):
            res.append(None)
        elif isinstance(s, SparseTensorSpec):
            res.append(sparse(*outs[k:k + 3]))
            k += 3
        elif isinstance(s, RaggedTensorSpec) or is_variant_spec(s):
            n = len(s._component_specs)
            res.append(s._from_components(list(outs[k:k + n])))
            k += n
        else:
            res.append(outs[k])
            k += 1
    return tuple(res)


def to_component(value: Any) -> Any:
    """One leaf as a pipeline component: a tensor, a Sparse- or RaggedTensor, a dataset, an
    Optional, or None (TF's NoneTensorSpec: a component of no tensor)."""
    if type(value) is EagerTensor or isinstance(value, (SparseTensor, Tensor, RaggedTensor)):
        return value
    if value is None or _is_dataset(value) or _is_variant_composite(value):
        return value
    if only_nones(value):  # (TF's spec of a list of like values is theirs batched: None's, None)
        return None
    if type(value) is list:
        # TF types a list of NumPy arrays by the arrays (its type_spec_from_value), not by
        # the first scalar as a tensor conversion does: [np.array([1, 2])] is int64
        return convert_to_tensor(value, dtype=_arrays_dtype(value))
    return convert_to_tensor(value)


def only_nones(value: Any) -> bool:
    """Whether `value` is a non-empty (nested) list of Nones only."""
    return type(value) is list and bool(value) and all(
        v is None or only_nones(v) for v in value)


def _arrays_dtype(value: Any) -> Any:
    """The dtype shared by the NumPy arrays a (nested) list holds, if it holds nothing else;
    None otherwise."""
    if type(value) is np.ndarray:
        try:
            return _dt.as_dtype(value.dtype)
        except TypeError:
            return None
    if type(value) is not list or not value:
        return None
    first = _arrays_dtype(value[0])
    if first is None or any(_arrays_dtype(v) is not first for v in value[1:]):
        return None
    return first


def normalize_element(element: Any) -> Any:
    """Converts the leaves of a nested input to tensors (lists are leaves)."""
    if not is_nested(element):
        return to_component(element)
    flat = [to_component(v) for v in flatten(element)]
    return pack_as(element, flat)


def spec_of(value: Any) -> TypeSpec:
    if value is None:
        return NoneTensorSpec()
    if isinstance(value, SparseTensor):
        return SparseTensorSpec(value.shape, value.dtype)
    if isinstance(value, RaggedTensor):
        return value._type_spec
    if _is_dataset(value):
        return DatasetSpec(value.element_spec)
    if _is_variant_composite(value):
        return value._type_spec
    return TensorSpec._make(value.shape, value.dtype)


def structure_spec(value: Any) -> Any:
    """The nested spec of a normalized element."""
    if not is_nested(value):
        return spec_of(value)
    return pack_as(value, [spec_of(v) for v in flatten(value)])


def specs_compatible(a: Any, b: Any) -> bool:
    try:
        nest.assert_same_structure(a, b, check_types=False)
    except (ValueError, TypeError):
        return False
    for x, y in zip(flatten(a), flatten(b)):
        if type(x) is not type(y):
            return False
        if not x.is_compatible_with(y):
            return False
    return True


def most_specific_common(a: Any, b: Any) -> Any:
    """The most specific spec both `a` and `b` conform to, or None if they can't be merged."""
    try:
        nest.assert_same_structure(a, b, check_types=False)
    except (ValueError, TypeError):
        return None
    if not _same_keys(a, b):
        return None
    out = []
    for x, y in zip(flatten(a), flatten(b)):
        c = x._common(y) if isinstance(x, TypeSpec) else None
        if c is None:
            return None
        out.append(c)
    return pack_as(a, out) if is_nested(a) else out[0]


def _same_keys(a: Any, b: Any) -> bool:
    """Whether the mappings nested in `a` and `b` have the same keys, level by level (TF's
    supertype of two dicts maps them key by key: other keys have none)."""
    if isinstance(a, collections.abc.Mapping):
        return isinstance(b, collections.abc.Mapping) and set(a) == set(b) and \
            all(_same_keys(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b):
        return all(_same_keys(x, y) for x, y in zip(a, b))
    return True


def relax_spec(spec: TypeSpec) -> TypeSpec:
    """The same spec with every dimension unknown (rank kept)."""
    if isinstance(spec, TensorSpec):
        rank = spec.shape.rank
        return TensorSpec._make(TensorShape(None if rank is None else [None] * rank), spec.dtype)
    if isinstance(spec, SparseTensorSpec):
        rank = spec.shape.rank
        return SparseTensorSpec(None if rank is None else [None] * rank, spec.dtype)
    if isinstance(spec, RaggedTensorSpec):
        return ragged_elements.relaxed(spec)
    return spec


def type_names(spec: Any) -> str:
    """`(tf.int32, tf.int64)`-style text for messages."""
    if is_nested(spec):
        leaves = [repr(s.dtype) if hasattr(s, "dtype") else repr(s) for s in flatten(spec)]
        packed = pack_as(spec, leaves)
        return _text(packed)
    return repr(spec.dtype) if hasattr(spec, "dtype") else repr(spec)


def _text(x: Any) -> str:
    if isinstance(x, collections.abc.Mapping):
        return "{" + ", ".join(f"{k!r}: {_text(v)}" for k, v in x.items()) + "}"
    if isinstance(x, tuple):
        inner = ", ".join(_text(v) for v in x)
        return f"({inner},)" if len(x) == 1 else f"({inner})"
    return str(x)


# ---------------------------------------------------------------------------------------
# Structure: one nesting, compiled into fast pack / unpack functions.
# ---------------------------------------------------------------------------------------

class Structure:
    """The nesting of a dataset's elements and the spec of each flat component."""

    __slots__ = ("spec", "specs", "n", "pack", "unpack_args", "kind")

    def __init__(self, spec: Any) -> None:
        self.spec = spec
        self.specs = tuple(flatten(spec))
        self.n = len(self.specs)
        # kind: "leaf" (one component), "tuple" (a plain tuple of leaves), "other".
        if not is_nested(spec):
            self.kind = "leaf"
            self.pack = _pack_leaf
        elif type(spec) is tuple and not any(is_nested(s) for s in spec):
            self.kind = "tuple"
            self.pack = _pack_tuple
        else:
            self.kind = "other"
            self.pack = lambda flat, _s=spec: pack_as(_s, flat)
        # tf.data calls a user function with a plain tuple element unpacked as arguments.
        self.unpack_args = type(spec) is tuple

    def with_specs(self, specs: list) -> Structure:
        """This nesting, its components' specs replaced by `specs` (in flat order)."""
        return Structure(specs[0] if self.kind == "leaf" else pack_as(self.spec, specs))

    def __repr__(self) -> str:
        return f"Structure({self.spec!r})"


def _pack_leaf(flat: tuple) -> Any:
    return flat[0]


def _pack_tuple(flat: tuple) -> Any:
    return flat if type(flat) is tuple else tuple(flat)


def zeros_like_spec(spec: TypeSpec) -> Any:
    """A tensor, SparseTensor or RaggedTensor of the given spec (unknown dims of size 0);
    used when no real value is available to learn a function's output structure from.
    (A DatasetSpec's empty dataset is made above, by data/functions.py's `_placeholder`.)"""
    if isinstance(spec, NoneTensorSpec):
        return None
    if isinstance(spec, TensorSpec):
        dims = spec.shape._dims
        shape = () if dims is None else tuple(0 if d is None else d for d in dims)
        if spec.dtype is _dt.string:
            arr = np.full(shape, b"", dtype=object)
        else:
            arr = np.zeros(shape, dtype=spec.dtype.as_numpy_dtype)
        return EagerTensor(arr, spec.dtype, CPU_DEVICE)
    if isinstance(spec, SparseTensorSpec):
        dims = spec.shape._dims or []
        return SparseTensor._from_arrays(np.zeros((0, len(dims)), np.int64),
                                         np.zeros((0,), dtype=spec.dtype.as_numpy_dtype),
                                         np.array([d or 0 for d in dims], np.int64), spec.dtype)
    if isinstance(spec, RaggedTensorSpec):
        return ragged_elements.zeros(spec)
    raise TypeError(f"Unsupported spec {spec!r}")
