"""TF's conversion of Python values and NumPy arrays to the array of a tensor: the dtype
it infers for Python data (int32 unless too big, float32, the first element's type), the
conversions to an explicit dtype it allows and refuses, and its errors, word for word.

Sits in core/ below tensor.py, whose convert_to_tensor calls these; it knows no tensor
class. Nested lists holding tensors are packed by Pack ops, which sit above core:
ops/operators.py installs them (`install_list_packing`), and tensor.py hands down its
Tensor class (`register_tensor_class`), so that such lists are recognized here.
"""

from __future__ import annotations

import builtins
import numbers
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.type_names import type_repr

traceback = lazy_module("traceback")  # (on the first error that words a traceback)

_INT32_MIN, _INT32_MAX = -(2**31), 2**31 - 1


class _Packing:
    """Nested lists holding tensors, packed into one tensor by Pack ops (ops/stacking.py,
    installed by ops/operators.py): `stack_nested(value)` for eager values, `pack(value,
    dtype)` for lists holding graph tensors (TF's autopacking); `tensor_types`: the tensor
    classes such lists hold (tensor.py's Tensor)."""

    stack_nested: Any = None
    pack: Any = None
    tensor_types: tuple = ()


packing = _Packing()


def install_list_packing(stack_nested: Any, pack: Any) -> None:
    packing.stack_nested = stack_nested
    packing.pack = pack


def register_tensor_class(cls: type) -> None:
    packing.tensor_types = (*packing.tensor_types, cls)


def array_from_python(value: Any, float_range: builtins.bool = True,
                       half_range: builtins.bool = True) -> np.ndarray:
    """TF's inference of a dtype for Python data: int32 unless too big, float32, ...
    `float_range` and `half_range`: a finite value past float32's (float16's) range is
    TF's error where it would convert to that type."""
    st = _state
    outer, st.sequence_walk = st.sequence_walk, True
    try:
        arr = np.array(value)
    except TensorInSequence:  # (TF's error raised below, outside this handler: its text
        arr = None            # quotes a traceback, which would quote this exception)
    except UnicodeDecodeError:  # str and bytes mixed (NumPy decodes bytes as ASCII): TF
        if _mixed_strings(value):  # takes each as bytes
            raise ValueError("Can't convert Python sequence with mixed types to Tensor.") \
                from None
        return to_bytes_array(np.array(value, dtype=object))
    except (ValueError, OverflowError) as e:
        if "inhomogeneous" in str(e) or "sequence" in str(e):
            shape = _first_shape(value)
            if 0 in shape:  # TF reads no element of a shape with none: [[], 1] is (2, 0)
                return np.zeros(shape, _F32)
            raise ValueError(_misshapen(value, shape) or _NON_RECTANGULAR) from None
        raise ValueError(f"Can't convert {value!r} to Tensor: {e}") from None
    finally:
        st.sequence_walk = outer
    if arr is None:
        return _tensor_in_sequence(value)
    kind = arr.dtype.kind
    if kind in "iufcb":
        if arr.size == 0:  # TF's sample reaches an empty sequence: float32 of that shape
            return np.zeros(arr.shape, _F32)
        # TF infers the dtype from the first scalar (py_seq_tensor.cc) and converts every
        # element to it; NumPy promotes across all of them, so the two differ where the
        # first is a NumPy scalar or a bool, or the kinds mix
        first = _sampled_kind(value)
        if kind == "b" or first in "bB":
            if kind != "b":
                raise ValueError(_MIXED)
            return arr
        if kind == "c":
            if first != "c":
                raise ValueError(_MIXED)
            return arr.astype(np.complex128)
        if first == "i" and kind == "f" and _ints_only(value, np.integer):
            kind = "O"  # NumPy made floats of int64 and uint64 mixed: exact ints instead
            arr = np.array(value, dtype=object)
        elif first == "d":
            return arr.astype(np.float64)
        elif first == "h":
            return _to_half(arr, half_range)
    if kind == "u" or (kind == "f" and _ints_only(value) and _has_big_int(value)) or (
            kind == "O" and all(isinstance(x, (int, np.integer)) for x in arr.ravel())
            and arr.size):
        if kind == "f" or arr.size == 0:
            raise ValueError(_OUT_OF_RANGE)
        # NumPy's unsigned ints (of NumPy scalars, or ints past int64): TF takes what fits
        # int64 and refuses the rest
        lo, hi = int(arr.min()), int(arr.max())
        if lo < -2**63 or hi >= 2**63:
            raise ValueError(_OUT_OF_RANGE)
        return arr.astype(np.int32 if _INT32_MIN <= lo and hi <= _INT32_MAX else np.int64)
    if kind == "f":
        # one reduction in the common case; only a sequence holding inf (allowed) or a
        # value beyond float32's largest looks closer: TF refuses a finite value that its
        # cast to float32 rounds to inf (3.4028235e38, past the largest float32 by less
        # than half a step, is that largest)
        if float_range and arr.size and np.abs(arr).max() > _F32_MAX:
            with np.errstate(over="ignore"):
                f32 = arr.astype(_F32)
            if (np.isinf(f32) & np.isfinite(arr)).any():
                raise ValueError("Can't convert Python sequence with a value out of range "
                                 "for a double-precision float.")
            return f32
        return arr.astype(_F32)
    if kind in "iu":
        if arr.size and (arr.min() < _INT32_MIN or arr.max() > _INT32_MAX):
            return arr.astype(np.int64)
        return arr.astype(np.int32)
    if kind in "US" and _mixed_strings(value):
        raise ValueError("Can't convert Python sequence with mixed types to Tensor.")
    if kind in "US":
        # NumPy's fixed-width strings drop trailing NULs ('a\x00' -> 'a'); TF keeps every
        # byte, so the elements come from the original objects, not from `arr`.
        return to_bytes_array(np.array(value, dtype=object))
    if kind == "O":
        refuse_sampled_tensor(value)
        return object_array(value, arr)
    if kind == "b":
        return arr
    raise ValueError(f"Attempt to convert a value ({value!r}) with an unsupported type "
                     f"({type_repr(value)}) to a Tensor.")


_MIXED = "Can't convert Python sequence with mixed types to Tensor."


class TensorInSequence(Exception):
    """A tensor's or variable's `__array__`, called by NumPy's walk of a Python sequence
    that array_from_python converts (`_state.sequence_walk`): TF's sequence conversion
    takes no tensor as an element, so NumPy's walk stops there, at no extra cost to the
    sequences holding none."""


def refuse_in_sequence() -> None:
    """Called first by the `__array__` of tensors and variables: TensorInSequence where
    NumPy is walking a Python sequence for TF's sequence conversion."""
    if _state.sequence_walk:
        raise TensorInSequence


def _tensor_in_sequence(value: Any) -> np.ndarray:
    """TF's conversion of Python sequence `value` holding a tensor or variable: one it
    samples for the type is its error; else TF walks the elements in order and stops at
    the first that does not fit (the tensor is one: its elements are no Python scalars),
    except where the shape has no elements, which it never walks."""
    refuse_sampled_tensor(value)
    shape = _first_shape(value)
    if 0 in shape:
        return np.zeros(shape, _F32)
    raise ValueError(_misshapen(value, shape) or _MIXED)
_NON_RECTANGULAR = "Can't convert non-rectangular Python sequence to Tensor."


def _is_sequence(x: Any) -> builtins.bool:
    return isinstance(x, (list, tuple)) or (isinstance(x, np.ndarray) and x.ndim > 0)


def _first_shape(value: Any) -> list:
    """The shape TF reads off nested sequences: each level's length, down its first
    elements (py_seq_tensor.cc's inference)."""
    shape, x = [], value
    while _is_sequence(x):
        shape.append(len(x))
        if not len(x):
            break
        x = x[0]
    return shape


def _misshapen(value: Any, shape: list) -> str | None:
    """TF's error for nested sequences not all of `shape`, at the first element out of
    it in order: a sequence where a scalar belongs has mixed types; anything else (a
    scalar where a sequence belongs, a sequence of another length) is non-rectangular.
    TF converts the scalars as it walks, so one met before that element that does not
    convert (a None, a string among numbers) is the error instead. A tensor or variable
    is an element out of it (_tensor_misfit). None where every element fits."""
    todo, scalars = [(value, 0)], []
    while todo:
        x, depth = todo.pop()
        if isinstance(x, packing.tensor_types) or hasattr(x, "_as_tensor"):
            return _scalars_error(scalars) or _tensor_misfit(x, shape[depth:])
        if depth == len(shape):
            if _is_sequence(x):
                return _scalars_error(scalars) or _MIXED
            scalars.append(x)
        elif not _is_sequence(x) or len(x) != shape[depth]:
            return _scalars_error(scalars) or _NON_RECTANGULAR
        else:
            todo.extend((y, depth + 1) for y in reversed(x))
    return None


def _tensor_misfit(x: Any, dims: list) -> str:
    """TF's error for tensor (or variable) `x` where nested sequences of `dims` belong:
    TF iterates it as a sequence, down its first elements, so it is non-rectangular where
    its dims do not begin with `dims`, else of mixed types (a tensor where a scalar
    belongs)."""
    own = list(x.shape)
    return _MIXED if own[:len(dims)] == list(dims) else _NON_RECTANGULAR


def _scalars_error(scalars: list) -> str | None:
    """TF's error converting `scalars` (the elements met in order; the first types them),
    or None where they all convert."""
    try:
        array_from_python(scalars)
    except ValueError as e:
        return str(e)
    return None


def _sampled_kind(value: Any) -> str:
    """The element TF samples to type a Python sequence (its first, descended to a
    scalar), as one letter: 'd' float64 (NumPy's double), 'h' float16, 'f' any other
    float (Python's become float32), 'b' Python bool, 'B' NumPy bool, 'i' int, 'c'
    complex, 'o' anything else. An ndarray on the way stands for its elements."""
    v = value
    while isinstance(v, (list, tuple)) and v:
        v = v[0]
    t = type(v)
    if t is float:  # the common cases first
        return "f"
    if t is int:
        return "i"
    if t is builtins.bool:
        return "b"
    if isinstance(v, np.ndarray):
        t = v.dtype.type
    elif not isinstance(v, np.generic):
        _refuse_tensor(v)
        return "c" if t is complex else "o"
    if t is np.float64:
        return "d"
    if t is np.float16:
        return "h"
    if issubclass(t, np.floating):
        return "f"
    if t is np.bool_:
        return "B"
    if issubclass(t, np.integer):
        return "i"
    return "c" if issubclass(t, np.complexfloating) else "o"


def refuse_sampled_tensor(value: Any) -> None:
    """TF's refusal of a tensor or variable as the first element (descended to a scalar) of
    Python sequence `value`, which its conversion samples (below); nothing else refused."""
    if not isinstance(value, (list, tuple)):
        return
    while isinstance(value, (list, tuple)) and value:
        value = value[0]
    _refuse_tensor(value)


def _refuse_tensor(v: Any) -> None:
    """TF's Python-sequence conversion (tf.constant's; convert_to_tensor packs tensors
    instead, before this) takes a tensor or variable it samples for a sequence: len() of
    it and of its first element on down fails at a scalar (or at a variable, which has no
    len()), an error it passes on as a ValueError holding the error's text and traceback."""
    if not (isinstance(v, packing.tensor_types) or hasattr(v, "_as_tensor")):
        return
    try:
        while len(v):
            v = v[0]
    except TypeError as e:
        raise ValueError(_wrapped_text(e)) from None


def _wrapped_text(e: BaseException) -> str:
    """An exception's text as TF's C++ layer words a Python error it caught: "Type: text",
    then the traceback's parts a line apart (the frames below the caller's; none for a
    builtin's error)."""
    head = f"{type(e).__name__}: {e}\n"
    tb = e.__traceback__.tb_next if e.__traceback__ is not None else None
    if tb is None:
        return head
    return head + "\n".join(traceback.format_exception(type(e), e, tb)) + "\n"


def _to_half(arr: np.ndarray, half_range: builtins.bool) -> np.ndarray:
    """Elements as float16 (a NumPy half came first); a finite value that overflows to
    inf is TF's range error."""
    with np.errstate(over="ignore"):
        half = arr.astype(np.float16)
    if half_range and np.isinf(half).any() and (np.isinf(half) & np.isfinite(arr)).any():
        raise ValueError("Can't convert Python sequence with a value out of range for a "
                         "double-precision float.")
    return half


def _mixed_strings(value: Any) -> builtins.bool:
    """True for nested lists that mix strings with numbers (NumPy would stringify them)."""
    if not isinstance(value, (list, tuple)):
        return False
    kinds = set()
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, (list, tuple)):
            stack.extend(v)
        else:
            kinds.add(isinstance(v, (str, bytes)))
    return len(kinds) > 1


_OUT_OF_RANGE = "Can't convert Python sequence with out-of-range integer to Tensor."


def _ints_only(value: Any, also: type | None = None) -> builtins.bool:
    """Python ints all through (and instances of `also`, in a list or an ndarray)."""
    if isinstance(value, (list, tuple)):
        return all(_ints_only(v, also) for v in value)
    if also is not None and isinstance(value, np.ndarray):
        return issubclass(value.dtype.type, also)
    return type(value) is int or (also is not None and isinstance(value, also))


def _has_big_int(value: Any) -> builtins.bool:
    if isinstance(value, (list, tuple)):
        return any(_has_big_int(v) for v in value)
    return type(value) is int and not -2**63 <= value < 2**63


def object_scalar(value: Any) -> np.ndarray:
    """The 0-d object array holding `value`: what a scalar tensor of a string (its bytes),
    variant or resource dtype holds."""
    arr = np.empty((), dtype=object)
    arr[()] = value
    return arr


def object_vector(values: Any) -> np.ndarray:
    """The 1-d object array of `values` (strings' bytes, variants), each element as it is:
    a sequence too, which np.array would make another axis of."""
    arr = np.empty(len(values), dtype=object)
    arr[:] = values
    return arr


def object_array(value: Any, arr: np.ndarray) -> np.ndarray:
    flat = arr.ravel()
    if all(isinstance(x, (bytes, str)) for x in flat):
        return to_bytes_array(arr)
    if any(isinstance(x, packing.tensor_types) for x in flat) or has_tensor(value):
        return packing.stack_nested(value)._numpy()
    if all(isinstance(x, numbers.Integral) for x in flat):
        raise ValueError("Can't convert Python sequence with out-of-range integer to Tensor.")
    if all(isinstance(x, numbers.Number) for x in flat):
        # floats with ints past int64: as floats (or complex), as TF does; not arr.tolist(),
        # which is `value` again
        to = np.complex128 if any(isinstance(x, complex) for x in flat) else np.float64
        try:
            return array_from_python(arr.astype(to).tolist())
        except OverflowError:
            raise ValueError("Can't convert Python sequence with a value out of range for a "
                             "double-precision float.") from None
    # TF types the sequence by its first element and converts the others in order: an
    # unsupported first element is named; after an int, an int past int64 or anything
    # but a number is the first error met; after a string or another number, anything
    # of another type
    first = flat[0]
    if not isinstance(first, (numbers.Number, bytes, str)):
        raise ValueError(f"Attempt to convert a value ({first!r}) with an unsupported type "
                         f"({type_repr(first)}) to a Tensor.")
    if type(first) is int or isinstance(first, np.integer):
        for x in flat:
            if isinstance(x, numbers.Integral) and not -2**63 <= x < 2**63:
                raise ValueError(_OUT_OF_RANGE)
            if not isinstance(x, numbers.Number):
                break
    raise ValueError(_MIXED)


def has_tensor(value: Any) -> builtins.bool:
    if isinstance(value, (list, tuple)):
        return any(has_tensor(v) for v in value)
    return isinstance(value, packing.tensor_types) or hasattr(value, "_as_tensor")


def list_value_error(value: Any) -> Exception | None:
    """TF's refusal, while a graph is built, of a Python list or tuple it makes a constant
    of that mixes strings and numbers or holds what NumPy keeps as objects (None, an
    integer past 64 bits, an object of another class: a TypeError) or is not rectangular
    (NumPy's ValueError: TF converts it with NumPy), else None."""
    if not isinstance(value, (list, tuple)) or has_tensor(value):
        return None
    try:
        kind = np.asarray(value).dtype.kind
    except ValueError as e:
        return ValueError(str(e))
    if kind == "O":
        return failed_to_convert(value)
    if kind in "SU":  # (strings among numbers: NumPy makes them all strings)
        flat = np.asarray(value, dtype=object).reshape(-1)
        if {isinstance(v, (str, bytes)) for v in flat} == {True, False}:
            return failed_to_convert(value)
    return None


def graph_value_error(value: Any) -> Exception | None:
    """TF's refusal of `value` when it makes a graph constant of it and the conversion
    failed: list_value_error's for a list or tuple; for another object (a dict, an object
    of another class) a TypeError, NumPy making it an object array; else None."""
    if isinstance(value, (list, tuple)):
        return list_value_error(value)
    if value is None or isinstance(value, np.ndarray):
        return None
    return failed_to_convert(value)


def op_input_refusal(arg: str, value: Any) -> ValueError | None:
    """The ValueError of TF's op wrapper, while a graph is built, for its input `arg`
    given a value that converts to no tensor at all: None, or a ragged list (NumPy's words);
    else None."""
    if value is None:
        why = "None values not supported."
    else:
        err = list_value_error(value)
        if type(err) is not ValueError:
            return None
        why = str(err)
    return ValueError(f"Tried to convert '{arg}' to a tensor and failed. Error: {why}")


def failed_to_convert(value: Any) -> TypeError:
    """TF's graph-constant refusal of Python `value`'s elements."""
    return TypeError(f"Failed to convert elements of {value!r} to Tensor. Consider casting "
                     "elements to a supported type. See "
                     "https://www.tensorflow.org/api_docs/python/tf/dtypes for supported TF "
                     "dtypes.")


def to_bytes_array(arr: np.ndarray) -> np.ndarray:
    out = np.empty(arr.size, dtype=object)
    out[:] = [x.encode("utf-8") if isinstance(x, str) else builtins.bytes(x)
              for x in arr.reshape(-1).tolist()]
    return out.reshape(arr.shape)


def _past_uint64(value: Any) -> np.ndarray | None:
    """TF's eager uint64 converter reads a Python int with PyLong_AsUnsignedLongLong and
    never checks its error: an int outside [0, 2**64) (-1 too) is that function's error
    value, 2**64 - 1, with an OverflowError left set, which Python reports as the
    EagerTensor constructor's SystemError. TF caches a scalar's tensor (by Python
    equality): only the first conversion of that number in a process raises, the later
    ones are 2**64 - 1, the steady state answered here; a list is never cached and always
    raises. None where every int fits (a graph's constant reads them otherwise: -1 wraps)."""
    if _state.graph is not None:
        return None
    if type(value) is int:
        return np.array(2**64 - 1, np.uint64) if not 0 <= value < 2**64 else None
    if any(type(v) is int and not 0 <= v < 2**64 for v in leaves(value)):
        raise SystemError("<class 'tensorflow.python.framework.ops.EagerTensor'> returned a "
                          "result with an exception set")  # (TF's C type's full name)
    return None


def python_to_dtype(value: Any, dtype: _dt.DType) -> np.ndarray:
    """Python data converted to an explicit dtype, refusing lossy conversions as TF does."""
    try:
        # TF converts straight to a float32, float64 or complex128 asked for, so only the
        # other dtypes see the float16 of a NumPy half overflow
        inferred = array_from_python(value, float_range=False, half_range=dtype not in (
            _dt.float32, _dt.float64, _dt.complex128))
    except ValueError as e:
        if str(e) == _MIXED and _direct_numbers(value, dtype) and \
                _misshapen(value, _first_shape(value)) is None:
            # (bools with numbers: TF's converter for the dtype asked for takes them, the
            # one of the first element's type does not)
            if dtype is _dt.uint64 and (past := _past_uint64(value)) is not None:
                return past
            with np.errstate(all="ignore"):
                return np.array(value, dtype=(np.int64 if dtype.is_integer else
                                              dtype.as_numpy_dtype)).astype(dtype.storage_type)
        if str(e) != _OUT_OF_RANGE:
            raise
        return _big_ints_to_dtype(value, dtype)
    src = _dt.from_numpy(inferred.dtype)
    if dtype is _dt.uint64 and src.is_integer and (past := _past_uint64(value)) is not None:
        return past
    if src is dtype:
        return inferred
    if inferred.size == 0:  # no elements to lose: `[]` and `[[], []]` take any dtype
        return np.empty(inferred.shape, object if dtype is _dt.string else dtype.storage_type)
    if src is _dt.bool and _sampled_kind(value) == "B":
        # NumPy bools are no numbers to TF's converters (Python's are): only a cast, which
        # a conversion does not make
        raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {_dt.dtype_word(dtype)}")
    ok = (
        # (bool to every float but bfloat16: TF's conversion has no bool -> bfloat16)
        (dtype.is_floating and (src.is_integer or src.is_floating
                                or (src is _dt.bool and dtype is not _dt.bfloat16)))
        or ((dtype.is_integer or dtype.is_quantized) and src.is_integer)
        # (TF's converters that take Python bools: int32, int64, uint64 and complex128's)
        or (dtype in (_dt.int32, _dt.int64, _dt.uint64, _dt.complex128) and src is _dt.bool)
        or (dtype.is_complex and src.is_numeric)
    )
    if ok and dtype in _dt.NARROW_FLOATS and not src.is_floating:
        # TF converts Python ints to int64 first, then runs Cast, which has no such kernel:
        # its eager error's text (its function's prefix, without the name) is quoted
        raise TypeError(f"Error while casting from dtype int64 to {dtype.name}. "
                        f"{{{{function_node __wrapped__Cast_device_{_state.device}}}}} Cast "
                        f"int64 to {dtype.name} is not supported")
    if not ok:
        raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {_dt.dtype_word(dtype)}")
    if src.is_integer and (dtype.is_integer or dtype.is_quantized):
        # TF wraps out-of-range Python ints modulo 2**bits (300 -> uint8 44).
        return np.array(value, dtype=np.int64).astype(dtype.storage_type)
    if inferred.dtype != object and dtype is not _dt.bfloat16:
        # straight from the Python numbers: going through the inferred float32 array
        # would round 2.1 before widening it to float64
        with np.errstate(all="ignore"):
            return np.array(value, dtype=dtype.as_numpy_dtype)
    return inferred.astype(dtype.as_numpy_dtype)


def _direct_numbers(value: Any, dtype: _dt.DType) -> builtins.bool:
    """Whether TF's converter for `dtype` itself (it has one for float32, float64, float16,
    complex128, int32, int64 and uint64) takes every element: Python bools count as ints,
    NumPy bools as no number; an int dtype takes no floats."""
    if dtype in (_dt.float32, _dt.float64, _dt.float16, _dt.complex128):
        kinds, types = "iuf", (int, float, np.integer, np.floating)
        if dtype is _dt.complex128:
            kinds, types = "iufc", (int, float, complex, np.number)
    elif dtype in (_dt.int32, _dt.int64, _dt.uint64):
        kinds, types = "iu", (int, np.integer)
    else:
        return False

    def takes(v: Any) -> builtins.bool:
        if isinstance(v, (list, tuple)):
            return all(takes(x) for x in v)
        if isinstance(v, np.ndarray):
            return v.dtype.kind in kinds
        return isinstance(v, types) and not isinstance(v, np.bool_)
    return takes(value)


def _big_ints_to_dtype(value: Any, dtype: _dt.DType) -> np.ndarray:
    """Python ints past int64 for an explicit dtype: exact for uint64 up to 2**64 - 1 and
    for floats (rounded); anything else is out of range, as in TF."""
    npd = dtype.as_numpy_dtype if dtype.is_numeric else None
    if dtype is _dt.uint64 or dtype.is_floating or dtype.is_complex:
        try:
            arr = np.array(value, dtype=object)
            if all(isinstance(x, numbers.Number) for x in arr.ravel()):  # (None is no nan)
                if dtype is _dt.uint64 and (past := _past_uint64(value)) is not None:
                    return past
                return arr.astype(npd)
        except (OverflowError, ValueError, TypeError):
            pass
    raise ValueError(_OUT_OF_RANGE)


def _strings_of_objects(arr: np.ndarray) -> np.ndarray:
    """An object array as a string tensor's bytes (str encoded as UTF-8, as TF does:
    `serve(np.array(texts, dtype=object))`); other objects refused in TF's words."""
    flat = arr.ravel().tolist()
    if all(type(x) is builtins.bytes for x in flat):
        return arr
    bad = next((x for x in flat if not isinstance(x, (builtins.bytes, str))), None)
    if bad is not None:
        raise ValueError("Failed to convert a NumPy array to a Tensor (Unsupported object "
                         f"type {type(bad).__name__}).")
    return to_bytes_array(arr)


# the Python type TF names for an element of a NumPy array of numbers of each kind
_NUMBER_KINDS = {"b": "bool", "i": "int", "u": "int", "f": "float", "c": "complex"}


def _number_kind(d: np.dtype) -> str | None:
    """The Python type of a NumPy number dtype's elements ("int", "float", ...): ml_dtypes'
    (bfloat16, the float8s, int4) by their item's, as TF reads them; None for the rest."""
    if d.kind in _NUMBER_KINDS:
        return _NUMBER_KINDS[d.kind]
    if d.kind == "V" and d.type.__module__.startswith("ml_dtypes"):  # (no quantized record)
        return type(d.type(0).item()).__name__
    return None


def numpy_to_dtype(arr: np.ndarray, dtype: _dt.DType) -> np.ndarray:
    if dtype is _dt.string:
        if arr.dtype.kind in "US":
            return to_bytes_array(arr)
        if arr.dtype.kind == "O":
            return _strings_of_objects(arr)
        kind = _number_kind(arr.dtype)
        if kind is not None:
            # (TF converts a NumPy array of numbers element by element: none is a string)
            if not arr.size:
                return np.empty(arr.shape, object)
            raise ValueError("Failed to convert a NumPy array to a Tensor (Unsupported object "
                             f"type {kind}).")
        raise TypeError(f"Cannot convert {arr!r} to EagerTensor of dtype string")
    if arr.dtype.kind == "O" and dtype.is_numpy_compatible:
        # (TF has NumPy convert an array of objects to a number type, ml_dtypes' bfloat16
        # and a quantized type's integers too: NumPy's and ml_dtypes' errors)
        return arr.astype(dtype.storage_type)
    if arr.dtype.kind in "US":
        # (TF has NumPy cast strings to a number type too: "7" is 7, " 2 " is 2, "a" a
        # bool True; NumPy's errors for the rest, "1.5" as an int its ValueError)
        return arr.astype(dtype.storage_type)
    if arr.dtype.kind == "O":
        raise TypeError(f"Cannot convert {arr!r} to EagerTensor of dtype {dtype.name}")
    if arr.dtype.names is not None:  # TF's record form of a quantized array: its integers
        arr = arr.view(arr.dtype[0])
    npd = dtype.storage_type
    if arr.dtype == npd:
        return arr
    with np.errstate(all="ignore"):
        return arr.astype(npd)


_F32_MAX = float(np.finfo(np.float32).max)
_F32 = np.dtype(np.float32)
_F64 = np.dtype(np.float64)
_I32 = np.dtype(np.int32)
_I64 = np.dtype(np.int64)


# The largest finite half-precision values (scalar_array: a value past them overflows)
_HALF_MAX = {_dt.float16: 65504.0, _dt.bfloat16: 3.3895313892515355e38}


def scalar_array(value: Any, dtype: Any) -> np.ndarray | None:
    """A Python float or int as a 0-d array of `dtype` (a DType or None: TF's inference)
    when the conversion is exact or a plain rounding; None for every other case, which
    the general path handles (range errors, wrap-around, other dtypes)."""
    if type(value) is float:
        if dtype is None or dtype is _dt.float32:
            if -_F32_MAX <= value <= _F32_MAX:  # also False for nan
                return np.array(value, _F32)
        elif dtype is _dt.float64:
            return np.array(value, _F64)
        elif dtype is _dt.float16 or dtype is _dt.bfloat16 and dtype._np is not None:
            if -_HALF_MAX[dtype] <= value <= _HALF_MAX[dtype]:
                arr = np.array(value, dtype._np)
                if float(arr) == value:  # (exact: a mean's count; the rest: the general path)
                    return arr
    elif type(value) is int:
        if dtype is None or dtype is _dt.int32:
            if _INT32_MIN <= value <= _INT32_MAX:
                return np.array(value, _I32)
        elif -(2**53) <= value <= 2**53:  # exact in every dtype below
            if dtype is _dt.float32:
                return np.array(value, _F32)
            if dtype is _dt.float64:
                return np.array(value, _F64)
            if dtype is _dt.int64:
                return np.array(value, _I64)
    return None


# What TF's make_tensor_proto accepts as an element of a value of each kind of dtype.
_KINDS = (("is_bool", (bool,)), ("is_integer", (int, np.integer)),
          ("is_floating", (int, float, np.integer, np.floating)),
          ("is_complex", (int, float, complex, np.number)))


def check_elements(value: Any, dtype: Any) -> bool:
    """TF's make_tensor_proto's check of a Python value (nested lists) against `dtype`, as
    a graph's constant makes it: each element of the dtype's kind, else its TypeError
    naming the first that is not ("Expected int32, but got 1.5 of type 'float'."). False
    for a dtype of no such kind (nothing checked)."""
    if dtype is _dt.string:
        allowed: Any = (str, bytes)
    else:
        allowed = next((ok for attr, ok in _KINDS if getattr(dtype, attr)), None)
    if allowed is None:
        return False
    for v in leaves(value):
        ok = isinstance(v, allowed) or (isinstance(v, np.ndarray) and
                                        issubclass(v.dtype.type, allowed))
        if not ok:
            raise TypeError(f"Expected {dtype.name}, but got {v} of type "
                            f"'{type(v).__name__}'.")
    return True


def leaves(value: Any) -> list:
    """The elements of nested lists and tuples, depth first."""
    if isinstance(value, (list, tuple)):
        return [leaf for v in value for leaf in leaves(v)]
    return [value]
