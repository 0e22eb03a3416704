"""TensorSpec: the type of a tensor (a possibly partial shape, a dtype, an optional name).

Core layer: imports only dtypes, shape and tensor. tf.data uses it for `element_spec`;
tf.function uses it for input signatures. Minimal on purpose (interim home until the
function stream's spec types land; keep one class).
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.shape import TensorShape, as_shape


def is_tensor_spec(x: Any) -> bool:
    """A TensorSpec of this module or one with the same interface (tf.function's)."""
    return type(x).__name__ in ("TensorSpec", "BoundedTensorSpec") and hasattr(x, "shape") \
        and hasattr(x, "dtype")


def as_tensor_spec(x: Any) -> Any:
    """Another module's TensorSpec as this module's (other values unchanged)."""
    if is_tensor_spec(x) and not isinstance(x, TensorSpec):
        return TensorSpec(x.shape, x.dtype, getattr(x, "name", None))
    return x


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


class TensorSpec(TypeSpec):
    """`tf.TensorSpec(shape, dtype=tf.float32, name=None)`."""

    __slots__ = ("_shape", "_dtype", "_name")

    def __init__(self, shape: Any, dtype: Any = _dt.float32, name: str | None = None) -> None:
        self._shape = as_shape(shape)
        try:
            self._dtype = _dt.as_dtype(dtype)
        except TypeError:
            raise TypeError(f"Cannot convert the argument `type_value`: {dtype!r} to a "
                            "TensorFlow DType.") from None
        self._name = name

    @classmethod
    def _make(cls, shape: TensorShape, dtype: _dt.DType, name: str | None = None) -> TensorSpec:
        spec = object.__new__(cls)
        spec._shape, spec._dtype, spec._name = shape, dtype, name
        return spec

    @classmethod
    def from_tensor(cls, tensor: Any, name: str | None = None) -> TensorSpec:
        from eagerflow._src.core.tensor import convert_to_tensor

        t = convert_to_tensor(tensor)
        return cls._make(t.shape, t.dtype, name)

    @classmethod
    def from_spec(cls, spec: Any, name: str | None = None) -> TensorSpec:
        return cls(spec.shape, spec.dtype, name if name is not None else getattr(spec, "name",
                                                                                 None))

    @property
    def shape(self) -> TensorShape:
        return self._shape

    @property
    def dtype(self) -> _dt.DType:
        return self._dtype

    @property
    def name(self) -> str | None:
        return self._name

    @property
    def value_type(self) -> type:
        from eagerflow._src.core.tensor import Tensor

        return Tensor

    def is_compatible_with(self, spec_or_value: Any) -> bool:
        if is_tensor_spec(spec_or_value):
            other_shape, other_dtype = spec_or_value.shape, spec_or_value.dtype
        elif isinstance(spec_or_value, TypeSpec):
            return False
        else:
            from eagerflow._src.core.tensor import convert_to_tensor

            try:
                t = convert_to_tensor(spec_or_value)
            except (TypeError, ValueError):
                return False
            other_shape, other_dtype = t.shape, t.dtype
        return self._dtype is other_dtype and self._shape.is_compatible_with(other_shape)

    def _common(self, other: Any) -> TensorSpec | None:
        if not is_tensor_spec(other) or other.dtype is not self._dtype:
            return None
        return TensorSpec._make(self._shape.most_specific_compatible_shape(other.shape),
                                self._dtype, self._name if self._name == other.name else None)

    def __eq__(self, other: Any) -> bool:
        return (is_tensor_spec(other) and self._dtype is other.dtype
                and self._shape == other.shape and self._name == other.name)

    def __ne__(self, other: Any) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        # The same hash as tf.function's TensorSpec, so equal specs of either class match.
        return hash((self._dtype, self._shape._dims, self._name))

    def __repr__(self) -> str:
        return f"TensorSpec(shape={self._shape}, dtype={self._dtype!r}, name={self._name!r})"

    def __reduce__(self):
        return TensorSpec, (self._shape, self._dtype, self._name)
