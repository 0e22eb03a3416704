"""tf.experimental.Optional (what `get_next_as_optional()` returns) and SparseTensorValue.

Data layer.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import nest
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.sparse_tensor import SparseTensorValue  # noqa: F401 - TF's home
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.data.structure import normalize_element, structure_spec


class Optional:
    """A value that may be absent: `has_value()`, `get_value()` (tf.experimental.Optional).
    Made by `Optional.from_value(v)`, `Optional.empty(spec)` or an iterator's
    get_next_as_optional()."""

    @staticmethod
    def from_value(value: Any) -> Optional:
        value = normalize_element(value)
        return _OptionalImpl(value, True, structure_spec(value))

    @staticmethod
    def empty(element_spec: Any) -> Optional:
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


class OptionalSpec:
    """tf.OptionalSpec: the type of an Optional, given by the spec of its value."""

    def __init__(self, element_spec: Any) -> None:
        self._element_spec = element_spec

    @property
    def element_spec(self) -> Any:
        return self._element_spec

    @property
    def value_type(self) -> type:
        return Optional

    @staticmethod
    def from_value(value: Optional) -> OptionalSpec:
        return OptionalSpec(value.element_spec)

    def __eq__(self, other: object) -> bool:
        return type(other) is OptionalSpec and other._element_spec == self._element_spec

    def __hash__(self) -> int:
        return hash(repr(self))

    def __repr__(self) -> str:
        return f"OptionalSpec({self._element_spec!r},)"
