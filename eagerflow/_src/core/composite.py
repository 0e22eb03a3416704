"""TypeSpec, the base of value types, and CompositeTensor: a value made of several tensors
(RaggedTensor, SparseTensor).

Core layer, below tensor.py and tensor_spec.py (no eagerflow imports). A composite's
`_type_spec` says how it splits into component tensors and how it is rebuilt from them
(`_to_components` / `_from_components`), which is all that tf.function signatures,
tf.data pipelines and tf.map_fn need to carry one through graphs: they trace and feed
the components, then rebuild the value."""

from __future__ import annotations

from typing import Any


class TypeSpec:
    """Base of value types (`TensorSpec`, `SparseTensorSpec`, `DatasetSpec`, ...)."""

    __slots__ = ()

    @property
    def value_type(self) -> type:  # pragma: no cover - overridden
        raise NotImplementedError

    def most_specific_common_supertype(self, others: list) -> TypeSpec | None:
        out = self
        for o in others:
            out = out._common(o)
            if out is None:
                return None
        return out

    def _common(self, other: Any) -> TypeSpec | None:  # pragma: no cover - overridden
        return self if self == other else None


class CompositeTensor:
    """Base of values made of component tensors."""

    __slots__ = ()

    @property
    def _type_spec(self) -> CompositeSpec:  # pragma: no cover - overridden
        raise NotImplementedError


class CompositeSpec(TypeSpec):
    """A TypeSpec whose values are CompositeTensors: subclasses define the components."""

    __slots__ = ()

    @property
    def _component_specs(self) -> list:  # pragma: no cover - overridden
        """TensorSpecs of the components, in order."""
        raise NotImplementedError

    def _to_components(self, value: Any) -> list:  # pragma: no cover - overridden
        raise NotImplementedError

    def _from_components(self, components: list) -> Any:  # pragma: no cover - overridden
        raise NotImplementedError


def has_composite(values: Any, kind: type = CompositeTensor) -> bool:
    """Whether a composite (of class `kind`) is among `values` (arguments, or lists of
    them, one level deep)."""
    for v in values:
        if isinstance(v, kind):
            return True
        if isinstance(v, (list, tuple)) and any(isinstance(x, kind) for x in v):
            return True
    return False


class NoneTensorSpec(TypeSpec):
    """`tf.NoneTensorSpec()`: the type of a None among a function's or dataset's values."""

    __slots__ = ()

    @property
    def value_type(self) -> type:
        return type(None)

    def is_compatible_with(self, spec_or_value: Any) -> bool:
        return spec_or_value is None or isinstance(spec_or_value, NoneTensorSpec)

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, NoneTensorSpec)

    def __hash__(self) -> int:
        return hash("NoneTensorSpec")

    def __repr__(self) -> str:
        return "NoneTensorSpec()"
