"""TensorSpec: the type of a tensor (a possibly partial shape, a dtype, an optional name).

Core layer, over dtypes, shape, tensor and composite (TypeSpec). The one `tf.TensorSpec`:
tf.data uses it for `element_spec`, tf.function for input signatures and trace keys.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.composite import TypeSpec
from eagerflow._src.core.shape import TensorShape, as_shape
from eagerflow._src.core.tensor import Tensor, convert_to_tensor


def is_tensor_spec(x: Any) -> bool:
    """True for a TensorSpec (or a subclass, such as BoundedTensorSpec)."""
    return isinstance(x, TensorSpec)


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
        """The spec of a tensor, a variable or a NumPy array (a symbolic tensor's name is
        kept unless `name` is given)."""
        if isinstance(tensor, Tensor):
            if name is None:
                name = getattr(tensor, "_name_or_none", None)
            return cls._make(tensor.shape, tensor.dtype, name)
        if hasattr(tensor, "_as_tensor"):  # a variable
            return cls._make(tensor.shape, tensor.dtype, name)
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
        return Tensor

    def is_compatible_with(self, spec_or_value: Any) -> bool:
        if isinstance(spec_or_value, TensorSpec):
            other_shape, other_dtype = spec_or_value.shape, spec_or_value.dtype
        elif isinstance(spec_or_value, TypeSpec):
            return False
        elif isinstance(spec_or_value, Tensor):
            other_shape, other_dtype = spec_or_value.shape, spec_or_value.dtype
        else:  # (TF compares specs and tensors only: no variable, array or Python value)
            return False
        return self._dtype is other_dtype and self._shape.is_compatible_with(other_shape)

    def is_subtype_of(self, other: Any) -> bool:
        """Whether every tensor this spec describes is also described by `other`."""
        # (TF's: a spec of another name is no subtype)
        if not isinstance(other, TensorSpec) or self._dtype is not other.dtype or \
                self._name != other.name:
            return False
        if other.shape.rank is None:
            return True
        if self._shape.rank != other.shape.rank:
            return False
        return all(b is None or a == b for a, b in zip(self._shape, other.shape))

    def most_specific_compatible_type(self, other: TensorSpec) -> TensorSpec:
        """The most specific spec compatible with both (raises ValueError if none is)."""
        if not isinstance(other, TensorSpec) or self._dtype is not other.dtype:
            raise ValueError(f"No TypeSpec is compatible with both {self} and {other}")
        return TensorSpec._make(self._shape.most_specific_compatible_shape(other.shape),
                                self._dtype, self._name)

    def _common(self, other: Any) -> TensorSpec | None:
        # (TF's: specs of other dtypes or names have no common supertype)
        if not isinstance(other, TensorSpec) or other.dtype is not self._dtype or \
                other.name != self._name:
            return None
        return TensorSpec._make(self._shape.most_specific_compatible_shape(other.shape),
                                self._dtype, self._name)

    def __eq__(self, other: Any) -> bool:
        return (isinstance(other, TensorSpec) and self._dtype is other.dtype
                and self._shape == other.shape and self._name == other.name)

    def __ne__(self, other: Any) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((self._dtype, self._shape._dims, self._name))

    def __repr__(self) -> str:
        return f"TensorSpec(shape={self._shape}, dtype={self._dtype!r}, name={self._name!r})"

    def __reduce__(self):
        return TensorSpec, (self._shape, self._dtype, self._name)


class VariableSpec(TensorSpec):
    """The type of a tf.Variable, as tf.type_spec_from_value gives it: its shape, dtype,
    trainability and alias id. It fits variables alone, not tensors or TensorSpecs."""

    __slots__ = ("trainable", "alias_id")

    def __init__(self, shape: Any, dtype: Any = _dt.float32, trainable: bool = True,
                 alias_id: int | None = None) -> None:
        super().__init__(shape, dtype)
        self.trainable, self.alias_id = trainable, alias_id

    def is_compatible_with(self, spec_or_value: Any) -> bool:
        if isinstance(spec_or_value, VariableSpec):
            other = spec_or_value
        elif hasattr(spec_or_value, "_as_tensor") and hasattr(spec_or_value, "assign"):
            other = VariableSpec(spec_or_value.shape, spec_or_value.dtype)
        else:
            return False
        return self._dtype is other.dtype and self._shape.is_compatible_with(other.shape)

    def __eq__(self, other: Any) -> bool:
        return (type(other) is VariableSpec and self._dtype is other.dtype and
                self._shape == other.shape and self.trainable == other.trainable and
                self.alias_id == other.alias_id)

    def __hash__(self) -> int:
        return hash((VariableSpec, self._dtype, self._shape._dims, self.trainable,
                     self.alias_id))

    def __repr__(self) -> str:
        return (f"VariableSpec(shape={self._shape}, dtype={self._dtype!r}, "
                f"trainable={self.trainable!r}, alias_id={self.alias_id!r})")

    def __reduce__(self):
        return VariableSpec, (self._shape, self._dtype, self.trainable, self.alias_id)
