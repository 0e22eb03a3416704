"""tf.experimental.Optional (what `get_next_as_optional()` returns) and SparseTensorValue.

Data layer, over optional_ops.py. Eagerly an Optional holds its value (or none) as it is.
Made while a graph is built (`Optional.from_value`, `Optional.empty`, an iterator's
`get_next_as_optional()` in a tf.function) it holds a variant tensor, as TF's does:
`has_value()` is an OptionalHasValue operation on it and `get_value()` an
OptionalGetValue, whose kernel raises InvalidArgumentError when the graph runs and the
optional is empty (never a value of zeros).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.composite import CompositeSpec, CompositeTensor
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.sparse_tensor import (
    SparseTensor,
    SparseTensorValue,  # noqa: F401 - TF's home
)
from eagerflow._src.core.tensor import EagerTensor, Tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import optional_ops
from eagerflow._src.data.structure import (
    Structure,
    flatten,
    from_outputs,
    normalize_element,
    output_specs,
    structure_spec,
)
from eagerflow._src.io import structured_value
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.ragged import RaggedTensor


class Optional(CompositeTensor):
    """A value that may be absent: `has_value()`, `get_value()` (tf.experimental.Optional).
    Made by `Optional.from_value(v)`, `Optional.empty(spec)` or an iterator's
    get_next_as_optional()."""

    # (tf.cond and the loops carry it as its variant tensor, as TF's cond_v2 does)
    _carried_as_components = True

    @staticmethod
    def from_value(value: Any) -> Optional:
        value = normalize_element(value)
        spec = structure_spec(value)
        if _state.graph is not None:  # TF's OptionalFromValue, named "optional"
            parts = graph_components(flatten(value))
            types = tuple(t._dtype for t in parts)
            variant = bind(optional_ops.FROM_VALUE, tuple(parts), {"Toutput_types": types},
                           "optional")
            return graph_optional(variant, spec)
        return _OptionalImpl(value, True, spec)

    @staticmethod
    def empty(element_spec: Any) -> Optional:
        if _state.graph is not None:  # TF's OptionalNone
            return graph_optional(bind(optional_ops.NONE, (), {}, "OptionalNone"),
                                  element_spec)
        return _OptionalImpl(None, False, element_spec)

    def has_value(self, name: str | None = None) -> EagerTensor:
        raise NotImplementedError

    def get_value(self, name: str | None = None) -> Any:
        raise NotImplementedError

    @property
    def element_spec(self) -> Any:
        raise NotImplementedError


class _OptionalImpl(Optional):
    """The Optional TF's factories return (its class name shows in reprs, as in TF)."""

    def __init__(self, value: Any, has: bool, element_spec: Any) -> None:
        self._value = value
        self._has = has
        self._element_spec = element_spec

    def has_value(self, name: str | None = None) -> EagerTensor:
        return EagerTensor(np.array(self._has))

    def get_value(self, name: str | None = None) -> Any:
        if not self._has:
            raise InvalidArgumentError(None, None, _no_value_message(self._element_spec, name))
        return self._value

    @property
    def element_spec(self) -> Any:
        return self._element_spec

    @property
    def _type_spec(self) -> OptionalSpec:
        return OptionalSpec(self._element_spec)


class _GraphOptional(_OptionalImpl):
    """An Optional in a graph: its variant tensor, read by OptionalHasValue and
    OptionalGetValue operations (TF's Optional in a tf.function)."""

    def __init__(self, variant: Tensor, element_spec: Any) -> None:
        self._variant = variant
        self._element_spec = element_spec
        self._structure = Structure(element_spec)

    def has_value(self, name: str | None = None) -> Any:
        return bind(optional_ops.HAS_VALUE, (self._variant,), {}, name or "OptionalHasValue")

    def get_value(self, name: str | None = None) -> Any:
        specs = self._structure.specs
        out = output_specs(specs)
        attrs = {"output_types": tuple(d for _, d in out),
                 "output_shapes": tuple(s for s, _ in out)}
        outs = bind(optional_ops.GET_VALUE, (self._variant,), attrs, name or "OptionalGetValue")
        return self._structure.pack(from_outputs(tuple(outs), specs))


def graph_optional(variant: Tensor, element_spec: Any) -> Optional:
    """The Optional of a graph's variant tensor `variant` (an optional of `element_spec`)."""
    return _GraphOptional(variant, element_spec)


def graph_components(flat: Any) -> list:
    """The tensors that carry flat components through a graph: a SparseTensor's three, a
    RaggedTensor's components, an Optional its variant, a tensor itself (as
    structure.output_specs lists them)."""
    out: list = []
    for c in flat:
        if c is None:  # (a None: no tensor)
            continue
        if isinstance(c, SparseTensor):
            out += [c._indices, c._values, c._dense_shape]
        elif isinstance(c, (RaggedTensor, Optional)):
            out += list(c._type_spec._to_components(c))
        else:
            out.append(c)
    return out


def _no_value_message(element_spec: Any, name: str | None) -> str:
    """TF's eager OptionalGetValue error: its kernel's, under the function TF wraps the op
    in (named after how many tensors the value has), or its attr check for none."""
    # (a composite spec may stand for several tensors: a PerReplicaSpec, one per replica)
    count = sum(getattr(s, "_flat_tensor_count", 1) for s in nest.flatten(element_spec))
    tail = f" [Op:OptionalGetValue] name: {name or ''}"
    if not count:
        return ("Length for attr 'output_shapes' of 0 must be at least minimum 1\n\t; NodeDef: "
                "{{node OptionalGetValue}}; Op<name=OptionalGetValue; signature=optional:variant"
                " -> components:; attr=output_types:list(type),min=1; "
                "attr=output_shapes:list(shape),min=1>" + tail)
    return ("{{function_node __wrapped__OptionalGetValue_output_types_"
            f"{count}_device_/job:localhost/replica:0/task:0/device:CPU:0}}}} "
            "The given optional does not have a value." + tail)


class OptionalSpec(CompositeSpec):
    """tf.OptionalSpec: the type of an Optional, given by the spec of its value. As TF's,
    a composite of one component, the optional's variant tensor (so that an Optional is
    a tf.function's result, or a graph loop's variable)."""

    def __init__(self, element_spec: Any) -> None:
        self._element_spec = element_spec

    @property
    def _component_specs(self) -> list:
        return [TensorSpec((), dt.variant)]

    def _to_components(self, value: Optional) -> list:
        if isinstance(value, _GraphOptional):
            return [value._variant]
        parts = graph_components(flatten(value._value)) if value._has else []
        return [EagerTensor(optional_ops.optional_array(
            [p._arr for p in parts], tuple(p._dtype for p in parts)), dt.variant)]

    def _from_components(self, components: list) -> Optional:
        (variant,) = components
        if not isinstance(variant, EagerTensor):
            return _GraphOptional(variant, self._element_spec)
        held = variant._arr[()]  # (an OptionalValue: the arrays of the value's tensors)
        if not held:
            return _OptionalImpl(None, False, self._element_spec)
        structure = Structure(self._element_spec)
        tensors = tuple(EagerTensor(np.asarray(a), d) for a, d in zip(held, held.dtypes))
        return _OptionalImpl(structure.pack(from_outputs(tensors, structure.specs)), True,
                             self._element_spec)

    @property
    def element_spec(self) -> Any:
        return self._element_spec

    @property
    def value_type(self) -> type:
        return _OptionalImpl

    @staticmethod
    def from_value(value: Optional) -> OptionalSpec:
        return OptionalSpec(value.element_spec)

    def __eq__(self, other: object) -> bool:
        return type(other) is OptionalSpec and other._element_spec == self._element_spec

    def __hash__(self) -> int:
        return hash(repr(self))

    def __repr__(self) -> str:
        return f"OptionalSpec({self._element_spec!r},)"


# (a dataset's optional, as TF's TypeSpecProto OPTIONAL_SPEC: its element spec; one
# component, the optional's variant)
structured_value.register_element_spec_type(OptionalSpec, 7)
