"""TensorShape: a possibly partially known shape (dims are ints or None).

Used for eager tensors (always fully known) and symbolic tensors while tracing
(unknown dims are None, unknown rank is `TensorShape(None)`). TF 1's shapes, whose items,
iteration, str and repr are `Dimension`s, come back with
`tf.compat.v1.disable_v2_tensorshape` (or disable_v2_behavior).
"""

from __future__ import annotations

from typing import Any, Iterator

import numpy as np


class _V2Shapes:
    """TF's switch of TensorShape's behaviour: `override` (enable_/disable_v2_tensorshape)
    wins over `tf2` (enable_/disable_v2_behavior)."""

    override: bool | None = None
    tf2 = True

    @classmethod
    def on(cls) -> bool:
        return cls.tf2 if cls.override is None else cls.override


def enable_v2_tensorshape() -> None:
    """`tf.compat.v1.enable_v2_tensorshape`: a shape's items are ints or None."""
    _V2Shapes.override = True


def disable_v2_tensorshape() -> None:
    """`tf.compat.v1.disable_v2_tensorshape`: a shape's items are TF 1's `Dimension`s."""
    _V2Shapes.override = False


def _dim(d: Any) -> int | None:
    if d is None:
        return None
    if hasattr(d, "value") and not isinstance(d, (int, np.integer)):  # a Dimension-like object
        return _dim(d.value)
    if isinstance(d, (bool, np.bool_)) or not isinstance(d, (int, np.integer)):
        try:
            return int(d.__index__())
        except (AttributeError, TypeError):
            raise TypeError("Dimension value must be integer or None or have an __index__ "
                            f"method, got value '{d!r}' with type '{type(d)!r}'") from None
    d = int(d)
    if d < 0:
        raise ValueError(f"Dimension {d} must be >= 0")
    return d


class Dimension:
    """One dimension of a TensorShape as TF 1.x saw it (`TensorShape.dims`'s items): a size or
    unknown (None). Arithmetic and comparisons with an unknown dimension give unknown (None)."""

    __slots__ = ("_value",)
    __hash__ = None  # TF's Dimension defines equality only, so it is unhashable

    def __init__(self, value: Any) -> None:
        self._value = _dim(value)

    @property
    def value(self) -> int | None:
        return self._value

    def __repr__(self) -> str:
        return f"Dimension({self._value!r})"

    def __str__(self) -> str:
        return "?" if self._value is None else str(self._value)

    def __int__(self) -> int:
        return self._value

    __index__ = __int__

    def __bool__(self) -> bool:
        return bool(self._value)

    def is_compatible_with(self, other: Any) -> bool:
        other = as_dimension(other)
        return self._value is None or other._value is None or self._value == other._value

    def assert_is_compatible_with(self, other: Any) -> None:
        if not self.is_compatible_with(other):
            raise ValueError(f"Dimensions {self} and {other} are not compatible")

    def merge_with(self, other: Any) -> Dimension:
        other = as_dimension(other)
        self.assert_is_compatible_with(other)
        return Dimension(other._value if self._value is None else self._value)

    def _combine(self, other: Any, fn) -> Any:
        try:
            other = as_dimension(other)
        except (TypeError, ValueError):
            return NotImplemented
        if self._value is None or other._value is None:
            return None
        return fn(self._value, other._value)

    def _arith(self, other: Any, fn) -> Any:
        out = self._combine(other, fn)
        return out if out is NotImplemented else Dimension(out)

    def __eq__(self, other: Any) -> Any:
        return self._combine(other, lambda a, b: a == b)

    def __ne__(self, other: Any) -> Any:
        return self._combine(other, lambda a, b: a != b)

    def __lt__(self, other: Any) -> Any:
        return self._combine(other, lambda a, b: a < b)

    def __le__(self, other: Any) -> Any:
        return self._combine(other, lambda a, b: a <= b)

    def __gt__(self, other: Any) -> Any:
        return self._combine(other, lambda a, b: a > b)

    def __ge__(self, other: Any) -> Any:
        return self._combine(other, lambda a, b: a >= b)

    def __add__(self, other: Any) -> Any:
        return self._arith(other, lambda a, b: a + b)

    def __radd__(self, other: Any) -> Any:
        return self._arith(other, lambda a, b: b + a)

    def __sub__(self, other: Any) -> Any:
        return self._arith(other, lambda a, b: a - b)

    def __rsub__(self, other: Any) -> Any:
        return self._arith(other, lambda a, b: b - a)

    def __mul__(self, other: Any) -> Any:
        return self._arith(other, lambda a, b: a * b)

    def __rmul__(self, other: Any) -> Any:
        return self._arith(other, lambda a, b: b * a)

    def __floordiv__(self, other: Any) -> Any:
        return self._arith(other, lambda a, b: a // b)

    def __rfloordiv__(self, other: Any) -> Any:
        return self._arith(other, lambda a, b: b // a)

    def __mod__(self, other: Any) -> Any:
        return self._arith(other, lambda a, b: a % b)

    def __rmod__(self, other: Any) -> Any:
        return self._arith(other, lambda a, b: b % a)

    def __truediv__(self, other: Any) -> Any:
        raise TypeError(f"unsupported operand type(s) for /: 'Dimension' and "
                        f"'{type(other).__name__}', please use // instead")

    def __reduce__(self):
        return Dimension, (self._value,)


def as_dimension(value: Any) -> Dimension:
    return value if isinstance(value, Dimension) else Dimension(value)


def dimension_value(dimension: Any) -> Any:
    """A dimension's size (None when unknown); plain ints and None pass through."""
    return dimension.value if isinstance(dimension, Dimension) else dimension


def dimension_at_index(shape: Any, index: int) -> Dimension:
    """The dimension at `index`, unknown when the shape's rank is."""
    shape = as_shape(shape)
    if shape._dims is None:
        return Dimension(None)
    return Dimension(shape._dims[index])


class TensorShape:
    """The static shape of a tensor: `TensorShape([2, None])`, or `TensorShape(None)`."""

    # (weakly referable, as TF's: tf.function keys a TensorShape argument by a weak
    # reference, so an equal temporary shape per call retraces each time)
    __slots__ = ("_dims", "__weakref__")

    def __init__(self, dims: Any) -> None:
        if dims is None:
            self._dims = None
        elif isinstance(dims, TensorShape):
            self._dims = dims._dims
        elif isinstance(dims, (list, tuple)):
            self._dims = tuple(_dim(d) for d in dims)
        elif isinstance(dims, (int, np.integer)):
            self._dims = (_dim(dims),)
        else:
            try:
                items = iter(dims)
            except TypeError:  # (TF: a single dimension, as a scalar tensor by its __index__)
                self._dims = (_dim(dims),)
                return
            dims_out = []
            for d in items:
                try:
                    dims_out.append(_dim(d))
                except TypeError:
                    raise TypeError(
                        f"Failed to convert '{dims!r}' to a shape: '{d!r}'could not be "
                        "converted to a dimension. A shape should either be single dimension "
                        "(e.g. 10), or an iterable of dimensions (e.g. [1, 10, None]).") from None
            self._dims = tuple(dims_out)

    @classmethod
    def _known(cls, dims: tuple) -> TensorShape:
        """Fast constructor for a tuple of Python ints (no validation)."""
        s = object.__new__(cls)
        s._dims = dims
        return s

    @property
    def rank(self) -> int | None:
        return None if self._dims is None else len(self._dims)

    ndims = rank

    @property
    def dims(self) -> list | None:
        return None if self._dims is None else [Dimension(d) for d in self._dims]

    def as_list(self) -> list:
        if self._dims is None:
            raise ValueError("as_list() is not defined on an unknown TensorShape.")
        return list(self._dims)

    def is_fully_defined(self) -> bool:
        return self._dims is not None and all(d is not None for d in self._dims)

    def assert_is_fully_defined(self) -> None:
        if not self.is_fully_defined():
            raise ValueError(f"Shape {self} is not fully defined")

    def num_elements(self) -> int | None:
        if not self.is_fully_defined():
            return None
        n = 1
        for d in self._dims:
            n *= d
        return n

    def is_compatible_with(self, other: Any) -> bool:
        other = as_shape(other)
        if self._dims is None or other._dims is None:
            return True
        if len(self._dims) != len(other._dims):
            return False
        return all(a is None or b is None or a == b for a, b in zip(self._dims, other._dims))

    def assert_is_compatible_with(self, other: Any) -> None:
        if not self.is_compatible_with(other):
            raise ValueError(f"Shapes {self} and {as_shape(other)} are incompatible")

    def merge_with(self, other: Any) -> TensorShape:
        other = as_shape(other)
        if self._dims is None:
            return other
        if other._dims is None:
            return self
        if not self.is_compatible_with(other):
            raise ValueError(f"Shapes {self} and {other} are not compatible")
        return TensorShape([a if a is not None else b for a, b in zip(self._dims, other._dims)])

    def most_specific_compatible_shape(self, other: Any) -> TensorShape:
        other = as_shape(other)
        if self._dims is None or other._dims is None or len(self._dims) != len(other._dims):
            return TensorShape(None)
        return TensorShape([a if a == b else None for a, b in zip(self._dims, other._dims)])

    def concatenate(self, other: Any) -> TensorShape:
        other = as_shape(other)
        if self._dims is None or other._dims is None:
            return TensorShape(None)
        return TensorShape(self._dims + other._dims)

    def with_rank(self, rank: int) -> TensorShape:
        if self._dims is None:
            return TensorShape([None] * rank)
        if len(self._dims) != rank:
            raise ValueError(f"Shape {self} must have rank {rank}")
        return self

    def with_rank_at_least(self, rank: int) -> TensorShape:
        if self._dims is not None and len(self._dims) < rank:
            raise ValueError(f"Shape {self} must have rank at least {rank}")
        return self

    def with_rank_at_most(self, rank: int) -> TensorShape:
        if self._dims is not None and len(self._dims) > rank:
            raise ValueError(f"Shape {self} must have rank at most {rank}")
        return self

    def assert_has_rank(self, rank: int) -> None:
        if self._dims is not None and len(self._dims) != rank:
            raise ValueError(f"Shape {self} must have rank {rank}")

    def assert_same_rank(self, other: Any) -> None:
        other = as_shape(other)
        if self._dims is not None and other._dims is not None and \
                len(self._dims) != len(other._dims):
            raise ValueError(f"Shapes {self} and {other} must have the same rank")

    def is_subtype_of(self, other: Any) -> bool:
        """Whether every shape this one matches, `other` matches too (TF's TraceType)."""
        other = as_shape(other)
        if other._dims is None:
            return True
        if self._dims is None or len(self._dims) != len(other._dims):
            return False
        return all(b is None or a == b for a, b in zip(self._dims, other._dims))

    def most_specific_common_supertype(self, others: Any) -> TensorShape | None:
        """The most specific shape that every one of `others` and this one is a subtype of."""
        out = self
        for other in others:
            out = out.most_specific_compatible_shape(other)
        return out

    def __len__(self) -> int:
        if self._dims is None:
            raise ValueError("Cannot take the length of shape with unknown rank.")
        return len(self._dims)

    def __iter__(self) -> Iterator:
        if self._dims is None:
            raise ValueError("Cannot iterate over a shape with unknown rank.")
        return iter(self._dims if _V2Shapes.on() else self.dims)

    def __getitem__(self, key: Any) -> Any:
        if self._dims is None:
            return TensorShape(None) if isinstance(key, slice) else None
        if isinstance(key, slice):
            return TensorShape._known(self._dims[key])
        return self._dims[key] if _V2Shapes.on() else Dimension(self._dims[key])

    def __bool__(self) -> bool:
        return self._dims is not None

    def __eq__(self, other: Any) -> bool:
        try:
            other = as_shape(other)
        except (TypeError, ValueError):
            return NotImplemented
        return self._dims == other._dims

    def __ne__(self, other: Any) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash(self._dims)

    def __add__(self, other: Any) -> TensorShape:
        return self.concatenate(other)

    def __radd__(self, other: Any) -> TensorShape:
        return as_shape(other).concatenate(self)

    def __repr__(self) -> str:
        if self._dims is None:
            return "TensorShape(None)"
        return f"TensorShape({list(self._dims) if _V2Shapes.on() else self.dims})"

    def __str__(self) -> str:
        if self._dims is None:
            return "<unknown>"
        dims = self._dims if _V2Shapes.on() else self.dims
        if len(dims) == 1:
            return f"({dims[0]},)"
        return "(" + ", ".join(str(d) for d in dims) + ")"

    def __reduce__(self):
        return TensorShape, (self._dims,)


def as_shape(shape: Any) -> TensorShape:
    return shape if isinstance(shape, TensorShape) else TensorShape(shape)


def dims_text(dims: Any) -> str:
    """A shape as TF's C++ writes it in messages: "[2,?]" (an unknown dimension "?"), and
    "<unknown>" for an unknown rank (None)."""
    if dims is None:
        return "<unknown>"
    return "[" + ",".join("?" if d is None else str(d) for d in dims) + "]"
