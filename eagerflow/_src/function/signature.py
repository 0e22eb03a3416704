"""tf.TensorSpec and the trace cache keys of tf.function.

Sits at the bottom of function/. A call's arguments are walked once: tensors (and
NumPy arrays) become (dtype, shape) entries, variables their identity (the handle),
Python scalars and strings their value, other objects their identity; nested lists,
tuples and dicts keep their structure. Equal keys reuse a trace.
"""

from __future__ import annotations

import weakref
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor, Tensor


def is_tensor_spec(x: Any) -> bool:
    """True for a TensorSpec, also one of another module with the same interface (tf.data's
    element specs), so that either can be an input_signature."""
    return type(x).__name__ in ("TensorSpec", "BoundedTensorSpec") and hasattr(x, "shape") \
        and hasattr(x, "dtype")


class TensorSpec:
    """Describes a tensor argument: `tf.TensorSpec(shape, dtype=tf.float32, name=None)`."""

    __slots__ = ("_shape", "_dtype", "_name")

    def __init__(self, shape: Any, dtype: Any = dt.float32, name: str | None = None) -> None:
        self._shape = TensorShape(shape)
        self._dtype = dt.as_dtype(dtype)
        self._name = name

    @classmethod
    def from_tensor(cls, tensor: Any, name: str | None = None) -> TensorSpec:
        if hasattr(tensor, "_as_tensor") and not isinstance(tensor, Tensor):
            return cls(tensor.shape, tensor.dtype, name)
        if isinstance(tensor, np.ndarray):
            return cls(tensor.shape, dt.from_numpy(tensor.dtype), name)
        return cls(tensor.shape, tensor.dtype, name if name is not None else
                   getattr(tensor, "_name_or_none", None))

    @classmethod
    def from_spec(cls, spec: Any, name: str | None = None) -> TensorSpec:
        return cls(spec.shape, spec.dtype, name if name is not None else spec.name)

    @property
    def shape(self) -> TensorShape:
        return self._shape

    @property
    def dtype(self) -> dt.DType:
        return self._dtype

    @property
    def name(self) -> str | None:
        return self._name

    @property
    def value_type(self) -> type:
        return Tensor

    def is_compatible_with(self, other: Any) -> bool:
        if is_tensor_spec(other):
            return self._dtype is other.dtype and self._shape.is_compatible_with(other.shape)
        if isinstance(other, (Tensor, np.ndarray)) or hasattr(other, "_as_tensor"):
            d = dt.from_numpy(other.dtype) if isinstance(other, np.ndarray) else other.dtype
            return self._dtype is d and self._shape.is_compatible_with(TensorShape(other.shape))
        return False

    def is_subtype_of(self, other: Any) -> bool:
        if not is_tensor_spec(other) or self._dtype is not other.dtype:
            return False
        if other.shape.rank is None:
            return True
        if self._shape.rank != other.shape.rank:
            return False
        return all(b is None or a == b for a, b in zip(self._shape, other.shape))

    def most_specific_compatible_type(self, other: TensorSpec) -> TensorSpec:
        if self._dtype is not other.dtype:
            raise ValueError(f"No TypeSpec is compatible with both {self} and {other}")
        return TensorSpec(self._shape.most_specific_compatible_shape(other.shape), self._dtype,
                          self._name)

    most_specific_common_supertype = most_specific_compatible_type

    def __eq__(self, other: Any) -> bool:
        return (is_tensor_spec(other) and self._dtype is other.dtype
                and self._shape == other.shape and self._name == other.name)

    def __ne__(self, other: Any) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((self._dtype, self._shape._dims, self._name))

    def __repr__(self) -> str:
        name = "None" if self._name is None else repr(self._name)
        return f"TensorSpec(shape={self._shape}, dtype={self._dtype!r}, name={name})"

    def __reduce__(self):
        return TensorSpec, (self._shape.dims, self._dtype, self._name)


# ---------------------------------------------------------------------------------------
# Cache keys.
# ---------------------------------------------------------------------------------------

class _SpecTensor:
    """A TensorSpec passed to get_concrete_function: traced like a tensor, has no value."""

    __slots__ = ("_shape", "_dtype", "name")

    def __init__(self, spec: Any) -> None:
        self._shape = None if spec.shape.rank is None else tuple(spec.shape)
        self._dtype = spec.dtype
        self.name = spec.name


def _is_variable(x: Any) -> bool:
    return hasattr(x, "_as_tensor") and hasattr(x, "assign") and not isinstance(x, Tensor)


_SCALARS = (int, float, str, bytes, bool, complex, type(None))


def make_key(args: Any, tensors: list, relax: bool = False) -> Any:
    """The cache key of a (nested) argument value; tensor leaves are appended to `tensors`
    (as tensors; NumPy arrays are converted). With `relax`, shapes are left out (rank kept)."""
    t = type(args)
    if t is EagerTensor or t is _SpecTensor or isinstance(args, Tensor):
        tensors.append(args)
        shape = args._shape
        if relax and shape is not None:
            shape = len(shape)
        return (args._dtype, shape)
    if t in _SCALARS:
        return (t, args)
    if t is list or t is tuple:
        return (t,) + tuple(make_key(a, tensors, relax) for a in args)
    if t is dict:
        try:
            keys = sorted(args)
        except TypeError:
            keys = list(args)
        return ("dict",) + tuple((k, make_key(args[k], tensors, relax)) for k in keys)
    if isinstance(args, np.ndarray):
        e = EagerTensor(np.array(args)) if args.dtype.kind not in "USO" else None
        if e is None:
            from eagerflow._src.core.tensor import convert_to_tensor

            e = convert_to_tensor(args)
        tensors.append(e)
        return (e._dtype, len(e._shape) if relax else e._shape)
    if _is_variable(args):
        return ("var", id(args))
    if isinstance(args, np.generic):
        return (type(args), args.item())
    if is_tensor_spec(args):
        return ("spec", args.dtype, tuple(args.shape) if args.shape.rank is not None else None)
    if isinstance(args, tuple) and hasattr(args, "_fields"):  # namedtuple
        return (t,) + tuple(make_key(a, tensors, relax) for a in args)
    if isinstance(args, (list, tuple)):
        return (t,) + tuple(make_key(a, tensors, relax) for a in args)
    if isinstance(args, dict):
        return ("dict",) + tuple((k, make_key(args[k], tensors, relax)) for k in sorted(args))
    try:
        return ("obj", t, weakref.ref(args))
    except TypeError:
        try:
            hash(args)
            return ("hashable", t, args)
        except TypeError:
            return ("id", id(args))


def describe_key_change(old: Any, new: Any, names: list) -> str | None:
    """A sentence naming the argument whose key changed between two calls, and how."""
    if not (isinstance(old, tuple) and isinstance(new, tuple)) or len(old) != len(new):
        return None
    for name, a, b in zip(names, old, new):
        if a == b:
            continue
        return f"argument `{name}` changed: {_explain(a, b)}"
    return None


def _explain(a: Any, b: Any) -> str:
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == 2 and len(b) == 2 and \
            isinstance(a[0], dt.DType) and isinstance(b[0], dt.DType):
        if a[0] is not b[0]:
            return f"dtype {a[0].name} -> {b[0].name}"
        return f"shape {_shape_text(a[1])} -> {_shape_text(b[1])}"
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == 2 and len(b) == 2 and \
            isinstance(a[0], type) and isinstance(b[0], type) and a[0] in _SCALARS:
        return (f"Python value {a[1]!r} -> {b[1]!r} (each new Python value is a new trace; "
                "pass a tensor instead)")
    if isinstance(a, tuple) and a and a[0] == "obj":
        return "a different Python object (objects are keyed by identity)"
    return "its structure or type"


def _shape_text(s: Any) -> str:
    if s is None:
        return "<unknown>"
    if isinstance(s, int):
        return f"rank {s}"
    return str(TensorShape(s))
