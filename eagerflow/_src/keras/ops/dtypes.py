"""Keras 3's dtype rules on the TensorFlow backend: dtype names and type promotion.

`tf.*` ops never promote (`int32 + float32` is an error); Keras ops do, along a lattice
(bool < weak int < the sized ints < weak float < the floats < complex), where Python
`int` and `float` values are "weak": they take the other operand's kind and size
(`int8 + 1` is int8, `int32 + 1.0` is floatx). The lattice is the one JAX documents;
TensorFlow's backend keeps int64 and float64 but narrows uint64 and complex128 results
to uint32 and complex64, as Keras 3 does. Everything else in keras/ops asks this module.
"""

from __future__ import annotations

import builtins
import functools
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras import tree
from eagerflow._src.ops.math_base import cast as tf_cast

INT_TYPES = ("uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64")
FLOAT_TYPES = ("bfloat16", "float16", "float32", "float64")
_FLOATS = frozenset((dt.float16, dt.bfloat16, dt.float32, dt.float64))
ALLOWED_DTYPES = ("float16", "float32", "float64", "uint8", "uint16", "uint32", "uint64",
                  "int8", "int16", "int32", "int64", "bfloat16", "bool", "string",
                  "float8_e4m3fn", "float8_e5m2", "complex64", "complex128")
FLOAT8_TYPES = ("float8_e4m3fn", "float8_e5m2")


# Each dtype's next steps up the promotion lattice; "int" and "float" are the weak types.
_LATTICE = {
    "bool": ("int",),
    "int": ("uint8", "int8", "complex64"),
    "uint8": ("int16", "uint16"), "uint16": ("int32", "uint32"), "uint32": ("int64", "uint64"),
    "uint64": ("float",),
    "int8": ("int16",), "int16": ("int32",), "int32": ("int64",), "int64": ("float",),
    "float": ("bfloat16", "float16"),
    "bfloat16": ("float32",), "float16": ("float32",), "float32": ("float64", "complex64"),
    "float64": ("complex128",), "complex64": ("complex128",), "complex128": (),
}
_NARROWED = {"uint64": "uint32", "complex128": "complex64"}


def _upper_bounds() -> dict:
    """Every node's set of nodes at or above it."""
    bounds: dict = {}

    def above(node: str) -> frozenset:
        if node not in bounds:
            bounds[node] = frozenset({node}).union(*(above(n) for n in _LATTICE[node]))
        return bounds[node]

    for node in _LATTICE:
        above(node)
    return bounds


_ABOVE = _upper_bounds()


def standardize_dtype(dtype: Any) -> str:
    """A dtype's Keras name ('float32', ...): from a DType, NumPy dtype, Python type or name;
    None is floatx."""
    if dtype is None:
        return kb.floatx()
    try:
        dtype = kb.PYTHON_DTYPES.get(dtype, dtype)
    except TypeError:  # an unhashable value: not a dtype
        raise ValueError(f"Invalid dtype: {dtype}") from None
    if hasattr(dtype, "name"):
        dtype = dtype.name
    elif hasattr(dtype, "__name__"):
        dtype = dtype.__name__
    if dtype not in ALLOWED_DTYPES:
        raise ValueError(f"Invalid dtype: {dtype}")
    return dtype


def _least_upper_bound(nodes: set) -> str:
    try:
        common = frozenset.intersection(*(_ABOVE[n] for n in nodes))
    except KeyError:
        bad = next(n for n in nodes if n not in _ABOVE)
        raise ValueError(f"dtype={bad!r} is not a valid dtype for Keras type promotion.") \
            from None
    least = (common & nodes) or {c for c in common if common <= _ABOVE[c]}
    if len(least) != 1:
        raise ValueError(f"Input dtypes {tuple(str(n) for n in nodes)} have no available "
                         "implicit dtype promotion path. Try explicitly casting inputs to the "
                         "desired output type.")
    return next(iter(least))


def _weak(name: str) -> str:
    """The weak kind of a Python scalar's dtype."""
    if name == "bool":
        return name
    for kind in ("float", "int", "complex"):
        if kind in name:
            return kind
    raise ValueError(f"Invalid value for argument `dtype`. Expected one of {ALLOWED_DTYPES}. "
                     f"Received: dtype={name}")


def _resolve_weak(kind: str) -> str:
    """A weak result takes floatx's precision: 'int' -> int32 when floatx is float32."""
    bits = kb.floatx()[-2:]
    return {"b": "bool", "i": f"int{bits}", "u": f"uint{bits}"}.get(kind[0], f"float{bits}")


@functools.lru_cache(maxsize=1024)
def _result_type(floatx: str, *args: Any) -> str:
    """(`floatx` is part of the cache's key: a weak result takes its precision.)"""
    names = tuple(standardize_dtype(a) for a in args)
    weak = tuple(a is int or a is float for a in args)
    if len(names) == 1:
        out, out_weak = names[0], weak[0]
    elif len(set(names)) == 1 and not builtins.all(weak):
        out, out_weak = names[0], False
    elif builtins.all(weak):
        out, out_weak = _least_upper_bound(set(names)), True
    else:
        out = _least_upper_bound({_weak(n) if w else n for n, w in zip(names, weak)})
        out_weak = out in ("int", "float")
    if out_weak and out != "bool":
        out = _resolve_weak(out)
    return _NARROWED.get(out, out)


def result_type(*dtypes: Any) -> str:
    """Keras 3's promoted dtype of `dtypes` (DTypes, names, Python types; None is floatx)."""
    if not dtypes:
        return kb.floatx()
    for d in dtypes:
        if isinstance(d, str) and d in FLOAT8_TYPES:
            raise ValueError("There is no implicit conversions from float8 dtypes to others. "
                             f"You must cast it internally. Received: {dtypes}")
    floatx = kb.floatx()
    key = tuple(floatx if d is None else d.name if isinstance(d, dt.DType) else d
                for d in dtypes)
    return _result_type(floatx, *key) if _hashable(key) else \
        _result_type.__wrapped__(floatx, *key)


def _hashable(key: tuple) -> bool:
    try:
        hash(key)
    except TypeError:
        return False
    return True


def dtype_key(x: Any) -> Any:
    """What result_type reads off a value: its dtype, or the type of a Python scalar."""
    d = getattr(x, "dtype", None)
    if d is None:
        return type(x)
    return d.name if isinstance(d, dt.DType) else d


def is_int_dtype(dtype: Any) -> bool:
    return standardize_dtype(dtype).lstrip("u").startswith("int")


def is_float_dtype(dtype: Any) -> bool:
    return standardize_dtype(dtype) in FLOAT_TYPES


# ---------------------------------------------------------------------------------------
# Conversions (Keras's convert_to_tensor and cast on the TensorFlow backend)
# ---------------------------------------------------------------------------------------

def to_tensor(x: Any, dtype: Any = None) -> Any:
    """keras.ops.convert_to_tensor: a tensor as TF converts it, then cast to `dtype`.

    TF refuses to convert Python ints to bools or floats to ints; Keras converts without a
    dtype and casts instead, so `to_tensor(1.5, "int32")` is 1 and not an error.
    """
    if dtype is not None:
        dtype = standardize_dtype(dtype)
    if isinstance(x, CompositeTensor) and hasattr(x, "flat_values"):
        # a RaggedTensor: Keras's TF backend hands it to the TF op as it is
        return x if dtype is None or x.dtype.name == dtype else tf_cast(x, dtype)
    if isinstance(x, Tensor) or hasattr(x, "_as_tensor"):  # tensors and variables
        x = convert_to_tensor(x)
        return x if dtype is None or x._dtype.name == dtype else tf_cast(x, dtype)
    if dtype is not None and (dtype == "bool" or is_int_dtype(dtype)):
        return tf_cast(convert_to_tensor(x), dtype)
    return convert_to_tensor(x, dtype=dtype)


def leaf_tensors(xs: Any) -> list:
    """The items of `xs` as tensors, as Keras 3's TF backend takes a list of operands
    (concatenate's, einsum's): it converts the leaves of the list as a structure, then
    reads each item's dtype, so an item that is itself a list or tuple has none."""
    out = []
    for x in xs:
        if tree.is_nested(x):
            raise AttributeError(f"'{type(x).__name__}' object has no attribute 'dtype'")
        out.append(to_tensor(x))
    return out


def cast(x: Any, dtype: Any) -> Any:
    dtype = standardize_dtype(dtype)
    x = x if isinstance(x, (Tensor, CompositeTensor)) else to_tensor(x)
    return x if x.dtype.name == dtype else tf_cast(x, dtype)


# dtypes a promotion can change on its own (uint64 -> uint32, complex128 -> complex64)
_SELF_NARROWED = frozenset((dt.uint64, dt.complex128))


def _unchanged(a: Any, b: Any) -> bool:
    """Whether promote() keeps the pair as it is: two eager tensors of one dtype, or a
    float tensor and a Python scalar (which TF's own conversion then gives that dtype)."""
    if type(a) is not EagerTensor:
        return False
    d = a._dtype
    if type(b) is EagerTensor:
        return b._dtype is d and d not in _SELF_NARROWED
    return (type(b) is float or type(b) is int) and d in _FLOATS


def promote(*xs: Any, extra: tuple = ()) -> tuple:
    """The values converted to tensors of their common Keras dtype (with `extra` dtypes in
    the promotion, e.g. `float` for ops that always give floats). Python int and float
    scalars stay weak: they take the tensors' dtype."""
    if not extra and len(xs) == 2 and _unchanged(*xs):
        return xs
    keys = []
    for x in xs:
        if not isinstance(x, (int, float)) or isinstance(x, np.generic):
            x = to_tensor(x) if not isinstance(x, Tensor) else x
        keys.append(dtype_key(x))
    dtype = result_type(*keys, *extra)
    return tuple(to_tensor(x, dtype) for x in xs)


def promote_tensors(*xs: Any, extra: tuple = ()) -> tuple:
    """Like promote(), but every value is first a tensor (Python scalars lose weakness)."""
    ts = [to_tensor(x) for x in xs]
    dtype = result_type(*(t.dtype for t in ts), *extra)
    return tuple(cast(t, dtype) for t in ts)


def float_dtype(x: Any) -> str:
    """The dtype Keras's float-valued unary ops give (sin, log, sqrt, ...): int64 becomes
    floatx, other ints and bool become floatx too, floats keep their own."""
    name = x.dtype.name
    return kb.floatx() if name == "int64" else result_type(name, float)


def to_float(x: Any) -> Any:
    """`x` as a tensor in float_dtype(x)."""
    x = to_tensor(x)
    return cast(x, float_dtype(x))


def wide_float_dtype(name: str, widen_bool: bool = False) -> str:
    """Small ints (and bool, for some ops) compute in floatx, int64 in float64 (deg2rad,
    hypot, ...); uint64 and floats keep their dtype."""
    if name in ("int8", "int16", "int32", "uint8", "uint16", "uint32") or \
            (widen_bool and name == "bool"):
        return kb.floatx()
    return "float64" if name == "int64" else name


def accumulate_dtype(name: str) -> str:
    """The dtype sum/prod/trace accumulate in: small ints widen to 32 bits as JAX does."""
    if name in ("bool", "int8", "int16"):
        return "int32"
    return "uint32" if name in ("uint8", "uint16") else name
