"""tnp's dtypes and NumPy-style type promotion.

tnp's dtype names are NumPy's scalar types (`tnp.float32 is np.float32`), and a result
type is NumPy's `result_type` over the operands' dtypes, with Python scalars left as
Python scalars so that NumPy 2 treats them as weak (an int32 tensor plus 2 stays int32,
plus 2.5 becomes float64). `prefer_float32` makes a Python float a float32 (and a
complex a complex64) before promoting, as TF's switch of that name does.
"""

from __future__ import annotations

import numbers
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core import promotion as P
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops.array import reshape
from eagerflow._src.ops.math_base import cast, identity

bool_ = np.bool_
complex64 = np.complex64
complex128 = np.complex128
complex_ = np.complex128
float16 = np.float16
float32 = np.float32
float64 = np.float64
float_ = np.float64
inexact = np.inexact
int_ = np.int_
int8 = np.int8
int16 = np.int16
int32 = np.int32
int64 = np.int64
object_ = np.object_
string_ = np.bytes_
unicode_ = np.str_
uint8 = np.uint8
uint16 = np.uint16
uint32 = np.uint32
uint64 = np.uint64
iinfo = np.iinfo
issubdtype = np.issubdtype

_state = {"prefer_float32": False}


def set_prefer_float32(value: bool) -> None:
    _state["prefer_float32"] = bool(value)


def _np_type(x: Any) -> Any:
    """What NumPy's result_type gets for one operand: a Python number as itself (weak), a
    tensor or dtype as its NumPy dtype, anything else as it is (a dtype name, an array)."""
    if isinstance(x, numbers.Number) and not isinstance(x, np.generic):
        if _state["prefer_float32"]:
            if isinstance(x, float):
                return np.float32(x)
            if isinstance(x, complex):
                return np.complex64(x)
        return x
    if isinstance(x, Tensor) or hasattr(x, "_as_tensor"):
        return np.dtype(dt.as_dtype(x.dtype).as_numpy_dtype)  # (a Keras variable's: a name)
    if isinstance(x, dt.DType):
        if x is dt.resource or x is dt.variant:  # (TF's table of NumPy types has none for
            raise KeyError(x.as_datatype_enum)  # them: its lookup's KeyError of the enum)
        return np.dtype(x.as_numpy_dtype)
    if isinstance(x, (list, tuple)):
        raise ValueError(
            "Cannot find dtype for type inference from argument `x` of a sequence type "
            f"{type(x)}. For sequences, please call this function on each element "
            "individually.")
    return x


def result_type(*arrays_and_dtypes: Any) -> dt.DType:
    """tnp.result_type: NumPy's promotion of the operands (nested lists flattened); in TF's
    auto dtype conversion modes, core/promotion.py's lattice (its dtype; weak or not)."""
    if P.is_auto_dtype_conversion_enabled():
        return P.result_type(*arrays_and_dtypes)[0]
    return _numpy_result_type(*arrays_and_dtypes)


def _numpy_result_type(*arrays_and_dtypes: Any) -> dt.DType:
    # (tnp's binary functions promote so in every mode, as TF's do)
    if not any(isinstance(x, (list, tuple, dict)) for x in arrays_and_dtypes):
        leaves = [_np_type(x) for x in arrays_and_dtypes]
    else:
        leaves = [_np_type(x) for x in nest.flatten(list(arrays_and_dtypes))]
    if not leaves:
        leaves = [np.asarray([])]
    return dt.as_dtype(np.result_type(*leaves))


def promote_types(type1: Any, type2: Any) -> Any:
    """tnp.promote_types: NumPy's, over tnp's and TF's dtypes alike (a NumPy dtype). As
    TF's, anything but a TF DType goes through np.dtype first (None is float64, an empty
    list a structured dtype whose promotion is NumPy's DTypePromotionError)."""
    return np.promote_types(_to_np(type1), _to_np(type2))


def _to_np(t: Any) -> Any:
    return t.as_numpy_dtype if isinstance(t, dt.DType) else np.dtype(t)


def finfo(dtype: Any) -> Any:
    """tnp.finfo: NumPy's, for a tnp, TF or NumPy float dtype. As TF's, anything but a
    TF DType goes through np.dtype first (an array or a number is its TypeError)."""
    return np.finfo(dtype.as_numpy_dtype if isinstance(dtype, dt.DType) else np.dtype(dtype))


def _unary_type(a: Any, dtype: Any) -> dt.DType:
    if dtype:
        return result_type(dtype)
    if isinstance(a, str):
        return dt.string
    if isinstance(a, bytes):
        return dt.string
    return result_type(a)


def asarray(a: Any, dtype: Any = None) -> Tensor:
    """tnp.asarray: `a` as a tensor of `dtype`, or of NumPy's dtype for it (Python floats
    float64, ints int64); a tensor is cast only when the dtype differs. As TF's tnp reads
    every dtype argument, a false one (0, '', [], False) is none given, and an array's
    truth is NumPy's ValueError."""
    if not dtype:
        dtype = None
    if isinstance(a, Tensor) or hasattr(a, "_as_tensor"):
        t = convert_to_tensor(a)
        if dtype is None:
            return t
        want = dtype if isinstance(dtype, dt.DType) else result_type(dtype)
        return t if t.dtype == want else cast(t, want)
    want = dtype if isinstance(dtype, dt.DType) else _unary_type(a, dtype)
    if isinstance(a, np.ndarray) and dtype is None:
        want = dt.as_dtype(a.dtype)
    if isinstance(a, int) and a >= 2**63:
        # (TF's tnp converts an int past int64 to uint64 outright, then casts: 2**63 is
        # int64's -2**63; one past uint64 is that converter's SystemError)
        t = convert_to_tensor(a, dt.uint64)
    else:
        t = convert_to_tensor(a, dtype_hint=want)
    return t if t.dtype == want else cast(t, want)


def array(val: Any, dtype: Any = None, copy: bool = True, ndmin: int = 0) -> Tensor:
    """tnp.array: asarray, copied (an Identity) when `copy`, with at least `ndmin` axes."""
    t = asarray(val, dtype)
    if copy:
        t = identity(t)
    if ndmin > 32:
        raise ValueError(f"ndmin bigger than allowable number of dimensions: {32}.")
    rank = len(t.shape)
    if ndmin > rank:
        from_shape = [1] * (ndmin - rank) + list(t.shape)
        t = reshape(t, from_shape)
    return t


def promote(*arrays: Any) -> list:
    """Each operand as a tensor of the operands' NumPy result type."""
    first = arrays[0] if arrays else None
    if type(first) is EagerTensor and all(  # the common case, tensors of one dtype: as they are
            type(a) is EagerTensor and a._dtype is first._dtype for a in arrays):
        return list(arrays)
    want = _numpy_result_type(*arrays)
    return [asarray(a, want) for a in arrays]
