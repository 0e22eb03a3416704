"""How TF's generated op wrappers take their inputs, shared by the ops' Python functions:
index-like inputs (shapes, axes, multiples) as int32 or int64 tensors, typed data inputs
and lists of them, with TF's TypeErrors and ValueErrors for what they refuse (the attr
and shape checks of the ops' `infer` functions are in checks.py).
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import shape_str
from eagerflow._src.core.py_conversion import failed_to_convert, list_value_error, op_input_refusal
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops import tf_op_defs
from eagerflow._src.ops.attr_values import (
    int32_wrapped,
    int32s,
    int64_ranged,
    int_arg,
    int_list,
    make_type,
    opdef_default,
)
from eagerflow._src.ops.checks import dt_enum, fail, not_supported


def index_input(op: str, value: Any, attr: str, slow: bool = False) -> Tensor:
    """`value` given for an op's index-like input (a shape, an axis, multiples, k...) as
    TF's eager op wrapper converts it, then checked against the input's type attr `attr`
    as TF's definition of `op` lists it.

    TF hands these Python arguments to the op as they are: a tensor stays itself; where
    the attr has a default dtype, the wrapper asks for it, which a Python float refuses
    (a TypeError), while NumPy values, bools and empty lists are cast to it and strings or
    lists of floats keep the dtype they infer; without a default every value keeps the
    dtype it infers. `slow`: the call takes TF's wrapper's slow path (another input was
    given as a Python list: eager_errors.passed_raw), which prefers the default dtype and
    falls back on the value's own (1.5 is a float32 the attr refuses). A dtype the attr
    does not allow is TF's InvalidArgumentError naming it. Call it where a wrapper's own
    fast check of the argument failed: it costs a conversion and a look-up of the op's
    definition."""
    return index_inputs(op, (value,), attr, slow)[0]


def index_inputs(op: str, values: tuple, attr: str, slow: bool = False) -> list:
    """`index_input` for several inputs of one type attr (Slice's begin and size, of
    Index): the first tensor among them sets the attr's dtype (TF's wrapper reads it
    first), else the first value converted as `index_input` says; the others are
    converted to it (their conversion's TypeError comes before the attr's check, as in
    TF)."""
    if _state.graph is not None and (refused := op_input_refusal(
            tf_op_defs.typed_input(op, attr) or attr, values[0])  # (None, a ragged list)
            or graph_type_refusal(op, values[0], attr)):
        raise refused
    default, allowed = _attr_default(op, attr)
    lead = next((k for k, v in enumerate(values) if isinstance(v, Tensor)), 0)
    t = index_value(values[lead], default, slow, allowed)
    out = [t if k == lead else v if isinstance(v, Tensor) else convert_to_tensor(v, t._dtype)
           for k, v in enumerate(values)]
    allowed = allowed or frozenset()
    if t._dtype not in allowed:
        raise not_supported(op, t._dtype, allowed, attr)
    return out


def graph_type_refusal(op: str, value: Any, attr: str) -> TypeError | None:
    """While a graph is built, TF's op builder's TypeError for tensor `value` given for
    `op`'s input of type attr `attr` whose dtype the op's definition does not allow
    (eagerly the kernel's InvalidArgumentError: `not_supported`); None otherwise."""
    return graph_dtype_refusal(op, value._dtype, attr) if isinstance(value, Tensor) else None


def graph_dtype_refusal(op: str, dtype: dt.DType, attr: str) -> TypeError | None:
    """graph_type_refusal of a value of `dtype` (one not yet a tensor: a Python list's)."""
    allowed = tf_op_defs.allowed_types(op, attr)
    if allowed is None or dt_enum(dtype) in allowed:
        return None
    return TypeError(f"Value passed to parameter '{tf_op_defs.typed_input(op, attr) or attr}'"
                     f" has DataType {dtype.name} not in list of allowed values: "
                     f"{', '.join(_enum_dtype(e).name for e in allowed)}")


def _enum_dtype(enum_name: str) -> dt.DType:
    """The DType of a DataType enum's name in TF's op definitions ("DT_INT32")."""
    return dt.as_dtype(tf_op_defs.type_words([enum_name]))


def index_value(value: Any, default: dt.DType | None, slow: bool,
                allowed: frozenset | None = None) -> Tensor:
    """`value` as TF's op wrapper converts it for an input whose type attr has `default`
    (None: no default) and allows `allowed` (None: any), as `index_input` says, its attr not
    checked. The slow path keeps the dtype the value infers where the attr allows it (TF's
    args_to_matching_eager: 2**32 stays an int64), and prefers the default otherwise."""
    if isinstance(value, Tensor):
        return value
    if not slow and default is not None and isinstance(value, (np.ndarray, np.generic)):
        try:
            return convert_to_tensor(np.asarray(value).astype(default.as_numpy_dtype))
        except (TypeError, ValueError):  # (NumPy's refusal, but of an array of objects:
            if np.asarray(value).dtype != object:  # TF's fast path gives up on that one,
                raise  # its slow path converts it again)
            slow = True
    if slow and allowed:
        t = convert_to_tensor(value)
        if t._dtype in allowed:
            return t
    if default is None or slow:
        return convert_to_tensor(value, dtype_hint=default)
    if type(value) is float:
        raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {default.name}")
    t = convert_to_tensor(value)
    if t._dtype is dt.bool or 0 in t._shape:
        t = convert_to_tensor(t._numpy().astype(default.as_numpy_dtype))
    return t


def fast_int32(value: Any, what: str) -> int:
    """A scalar given for an op's int32 input that no type attr names (OneHot's depth,
    the matrix diag ops' k) as TF's eager fast path converts it: a bool or a NumPy float,
    complex or bool scalar is cast (np.float32(1.5) is 1, True is 1); anything else as
    `int_arg` takes it (a Python float is the conversion's TypeError), an int wrapped into
    int32 as the conversion wraps it (k=2**32 is 0, 2**32 + 1 is 1; past int64 its
    ValueError)."""
    if isinstance(value, (bool, np.bool_, np.floating, np.complexfloating)):
        return int(convert_to_tensor(value, dtype=dt.int32)._numpy())
    v = int_arg(value, what)
    return v if isinstance(value, Tensor) else int32_wrapped(v)


def int_index(value: int, slow: bool = False) -> int:
    """A Python int given for an op's index input of int32 default (an axis) as TF's eager
    wrapper converts it: its fast path makes it an int32, wrapping it (2**32 is 0, 2**31 is
    -2**31); its slow path (`slow`: a list among the inputs) keeps the int64 it infers. Past
    int64 either way the conversion's ValueError."""
    return int64_ranged(value) if slow else int32_wrapped(value)


def attr_int(op: str, attr: str, value: int, slow: bool = False) -> int:
    """A Python int given alone for `op`'s index input of type attr `attr` (a shape, an
    axis) as TF's eager wrapper converts it: its fast path asks for the attr's default
    dtype, so where that is int32 the int wraps (`int_index`: 2**32 is 0); otherwise, or
    on the slow path, it keeps the int64 it infers. Past int64 the conversion's
    ValueError."""
    if slow or _attr_default(op, attr)[0] is not dt.int32:
        return int64_ranged(value)
    return int32_wrapped(value)


def matching_ints(lead: Any, values: tuple) -> tuple:
    """The ints `values` given for a later input of the type attr that `lead` (an earlier
    input, as given: Slice's begin before its size) set, as TF's wrapper converts them
    to that dtype: an int32 tensor, or a list of ints all within int32, makes them int32s,
    wrapped (2**32 + 1 is 1); otherwise they stay as they are."""
    if int32s(values) is values:  # (none past int32: the common case, one loop)
        return values
    if isinstance(lead, Tensor):
        int32 = lead._dtype is dt.int32
    else:
        int32 = isinstance(lead, (list, tuple)) and all(
            type(v) is int and -2**31 <= v < 2**31 for v in lead)
    return tuple(int32_wrapped(v) for v in values) if int32 else values


def index_list(op: str, value: Any, attr: str, what: str) -> tuple:
    """`int_list(value, what)` for an eager op's index-like input (type attr `attr`): what
    int_list refuses is converted as TF's op wrapper converts it (`index_input`), which
    raises TF's error or gives the ints TF reads (a bool, a NumPy float array)."""
    if _state.graph is not None and (refused := graph_type_refusal(op, value, attr)):
        raise refused
    try:
        out = int_list(value, what)
        if not all(-2**63 <= v < 2**63 for v in out):  # (the list's conversion refuses it)
            raise ValueError("Can't convert Python sequence with out-of-range integer to "
                             "Tensor.")
        return out
    except (TypeError, ValueError):
        refused = _state.graph is not None and list_value_error(value)  # (a None: TF's
        if isinstance(refused, TypeError):  # graph constant refuses it; a ragged list
            raise refused from None  # (a ValueError) is index_input's to word)
        if _state.graph is not None and refused is None:
            raise
    return tuple(int(v) for v in index_input(op, value, attr)._numpy().reshape(-1))


def index_scalar(op: str, value: Any, attr: str, not_scalar: str) -> int:
    """An eager op's scalar index-like input (an axis, a k) given as something other than a
    Python int, converted as TF's op wrapper converts it (`index_input`); one that is no
    scalar is the op's error `not_scalar` ({shape}: its shape)."""
    if isinstance(value, np.integer):
        return int(value)
    t = index_input(op, value, attr)
    if t._shape != ():
        raise fail(op, not_scalar.format(shape=shape_str(t._shape)))
    return int(t._numpy())


def type_list_attr(op: str, values: Any, what: str) -> tuple:
    """A list(type) attr as TF's op wrappers take it: each element a DType (make_type's
    TypeError otherwise), an enum of 0 (DT_INVALID: an int, a byte of a bytes value)
    TF's AttrValue refusal."""
    out = []
    for v in values:
        if isinstance(v, (int, np.integer)) and not isinstance(v, bool) and v == 0:
            summary = tf_op_defs.summary(op)
            raise fail(op, f"AttrValue contains invalid DataType\n\t for attr '{what}'\n\t; "
                           f"NodeDef: {{{{node {op}}}}}" + (f"; {summary}" if summary else ""))
        out.append(make_type(v, what))
    return tuple(out)


# -- the data inputs of TF's generated op wrappers --------------------------------------

def read_dtype(value: Any) -> None:
    """Where TF's Python reads the `dtype` of an argument as given (tf.nn.moments' x, the
    sampled losses' labels and inputs): a Python list, tuple or number has none, its
    AttributeError."""
    if not hasattr(value, "dtype"):
        raise AttributeError(f"'{type(value).__name__}' object has no attribute 'dtype'")


def check_list_input(value: Any, attr: str) -> None:
    """An op's list input (`attr`: the number or type-list attr sizing it) as TF's
    generated wrapper's fast path reads it: a NumPy array of rank 2 or more is not a
    sequence of tensors there (its ValueError, before any conversion)."""
    if isinstance(value, np.ndarray) and value.ndim >= 2:
        raise ValueError(f"expected a sequence for attr {attr}, got an ndarray with rank "
                         f"{value.ndim} instead")


def check_not_scalar_tensor(value: Any, op: str, arg: str) -> None:
    """An op's list input sized by a number attr (DynamicStitch's, ShapeN's N) given a
    scalar tensor: TF's fast path can't iterate it and its slow path asks for a list."""
    if isinstance(value, Tensor) and value._shape is not None and len(value._shape) == 0:
        raise TypeError(f"Expected list for '{arg}' argument to '{op}' Op, not {value!r}.")


def _item_dtype_names(values: Any) -> list:
    """Each item's dtype as TF's graph builder names it in a list argument's refusal: the
    item converted alone, or "<NOT CONVERTIBLE TO TENSOR>"."""
    names = []
    for v in values:
        try:
            names.append(convert_to_tensor(v)._dtype.name)
        except (TypeError, ValueError):
            names.append("<NOT CONVERTIBLE TO TENSOR>")
    return names


def list_type_error(op: str, arg: str, values: Any, fixed: dt.DType | None,
                    error: Exception) -> Exception:
    """TF's graph builder's refusal of list argument `arg` of `op` (its type `fixed`, or
    None for a type attr) whose items did not convert to one dtype (`error`): each item
    converted alone, their dtypes named ("<NOT CONVERTIBLE TO TENSOR>" for one that
    converts to none), not `fixed`'s or not all one; else `error` itself."""
    names = _item_dtype_names(values)
    head = f"Tensors in list passed to '{arg}' of '{op}' Op have types [{', '.join(names)}]"
    if fixed is not None:
        return TypeError(f"{head} that do not match expected type {fixed.name}.")
    return TypeError(f"{head} that don't all match.") if len(set(names)) > 1 else error


def graph_composite_refusal(op_name: str, index: int, value: Any) -> TypeError:
    """TF's graph builder's refusal of a composite `value` (a traced SparseTensor) given
    for input `index` of op `op_name`: where TF's definition fixes the input's type, its
    "Expected T passed to parameter ..." quoting the constant's own check; else the
    constant's refusal of the elements NumPy finds none of."""
    args = tf_op_defs.signatures().get(op_name, {}).get("inputArg", [])
    arg = args[index] if index < len(args) else {}
    kind = type(value).__name__
    if "type" not in arg:
        return failed_to_convert(value)
    d = dt.as_dtype(tf_op_defs.type_words([arg["type"]])).name
    return TypeError(f"Expected {d} passed to parameter '{arg['name']}' of op '{op_name}', got "
                     f"{value!r} of type '{kind}' instead. Error: Expected {d}, but got "
                     f"{value} of type '{kind}'.")


def list_invalid_error(op: str, arg: str, values: list) -> TypeError:
    """TF's graph builder's refusal of list argument `arg` of `op` (a list(type) attr)
    whose items did not all convert: each item's dtype converted alone, or
    "<NOT CONVERTIBLE TO TENSOR>", and the items themselves."""
    names = _item_dtype_names(values)
    return TypeError(f"Tensors in list passed to '{arg}' of '{op}' Op have types "
                     f"[{', '.join(names)}] that are invalid. Tensors: {values}")


def passed_raw(*values: Any) -> bool:
    """Whether any of `values` (what a user passed for an op's inputs) sends TF's op
    wrapper down its slow path: a Python list, tuple, string or complex number, or a NumPy
    scalar (`np.float32(0)`) other than a float64 (a Python float: Python's ints, floats
    and bools, NumPy arrays, tensors and variables take the fast path)."""
    return any(isinstance(v, (list, tuple, str, bytes, complex)) or
               isinstance(v, np.generic) and not isinstance(v, float) for v in values)


def or_default(op: str, attr: str, value: Any) -> Any:
    """`value` given for attr `attr` of `op`, None being the attr's default in TF's
    definition of the op (as TF's generated wrappers take None), if it has one."""
    if value is None:
        default = tf_op_defs.attr_defs(op)[attr][1]
        if default is not None:
            return opdef_default(default)
    return value


def attr_default(op: str, attr: str) -> tuple:
    """(the DType TF's definition of `op` gives type attr `attr` by default or None, the
    DTypes it allows or None)."""
    return _attr_default(op, attr)


@functools.cache
def _attr_default(op: str, attr: str) -> tuple:
    """(the DType TF's definition of `op` gives type attr `attr` by default or None, the
    DTypes it allows or None)."""
    named, listed = tf_op_defs.default_type(op, attr), tf_op_defs.allowed_types(op, attr)
    return (None if named is None else _enum_dtype(named),
            None if listed is None else frozenset(map(_enum_dtype, listed)))


def op_input(op: str, value: Any, attr: str | None = None) -> Tensor:
    """`value` given for the one input of `op` whose type is attr `attr` (None: the
    attr of its first input), as TF's generated wrapper of `op` converts it
    (`op_inputs`). A tensor is itself, at the cost of one test."""
    if value.__class__ is EagerTensor:
        return value
    return op_inputs(op, (value,), attr)[0]


def op_inputs(op: str, values: tuple, attr: str | None = None,
              slow: bool | None = None) -> list:
    """`values` given for the inputs of `op` whose types are attr `attr` (a tensor's
    dtype sets it), converted as TF's generated wrapper of `op` converts them eagerly: a
    tensor (or a variable) keeps its dtype, and sets the attr, to which each other value
    is converted (a NumPy array cast to it whatever its dtype, as NumPy casts; a Python
    value TF's TypeError where it holds no such value). Where no value is a tensor, the
    first sets the attr, converted with the attr's default dtype preferred: the default
    is TF's convert_to_tensor's preferred dtype, so a NumPy float64 array given to an op
    whose T defaults to float is a float32 tensor (tf.image.rgb_to_hsv, tf.nn.max_pool2d,
    tf.signal.fft's complex64). Its wrapper's fast path casts a NumPy array to the
    default (a string array: NumPy's ValueError); a Python value is converted to it
    (a float given for an int attr is TF's TypeError, "Cannot convert 1.0 to EagerTensor
    of dtype int32"). Its slow path (a list, a tuple, a string, a NumPy scalar but a float64, among
    the op's inputs: passed_raw; `slow` says, None: among `values`) keeps
    the dtype the first value infers where the attr allows it, and prefers the default
    otherwise. (TF's first call of an op in a process converts as its slow path does,
    a float64 array to RGBToHSV staying float64; eagerflow answers as its later calls.)"""
    if attr is None:
        attr = tf_op_defs.input_type_attr(op, 0)
    fixed = None
    for v in values:
        if isinstance(v, Tensor) or hasattr(v, "_as_tensor"):
            fixed = convert_to_tensor(v)._dtype
            break
    if slow is None:
        slow = passed_raw(*values)
    # (the slow path converts a tensor to the first one's dtype, another its conversion's
    # ValueError, where some value is not a tensor; else, as the fast path, hands the
    # tensors on: their dtypes are the op's check)
    convert = slow and fixed is not None and not all(isinstance(v, Tensor) for v in values)
    out = []
    for v in values:
        if isinstance(v, Tensor):
            t = convert_to_tensor(v, fixed) if convert else v
        elif fixed is None:
            t = _preferred(op, attr, v, slow)
            fixed = t._dtype
        elif isinstance(v, np.ndarray) and v.dtype.kind in "biufc":
            t = convert_to_tensor(v.astype(fixed.as_numpy_dtype, copy=False))
        else:
            t = convert_to_tensor(v, fixed)
        out.append(t)
    return out


def slow_typed_inputs(slow: bool, *given: tuple) -> None:
    """Where TF's generated wrapper takes its slow path (`slow`), its eager fallback
    converts each input whose type the op fixes, after the inputs typed by an attr, in
    order: `given` holds (value, DType) pairs. A tensor of another dtype is the
    conversion's ValueError, a list holding no such values its TypeError, before the op
    checks anything."""
    if slow:
        for value, dtype in given:
            convert_to_tensor(value, dtype)


def slow_strings(*values: Any) -> bool:
    """Whether `values`, given for an op's string inputs, send TF's wrapper down its slow
    path (`passed_raw`), where each is converted to string (`slow_typed_inputs`)."""
    slow = passed_raw(*values)
    slow_typed_inputs(slow, *((v, dt.string) for v in values))
    return slow


def typed_input(value: Any, dtype: dt.DType) -> Tensor:
    """`value` given for an input whose type TF's definition of its op fixes (`dtype`), as
    TF's generated wrapper converts it: a tensor is itself (the op refuses another
    dtype), a NumPy array is cast to `dtype` as NumPy casts, a Python value converted to it
    (TF's TypeError where it holds no such value)."""
    if isinstance(value, Tensor):
        return value
    if isinstance(value, np.ndarray) and value.dtype.kind in "biufc":
        return convert_to_tensor(value.astype(dtype.as_numpy_dtype, copy=False))
    return convert_to_tensor(value, dtype)


def _preferred(op: str, attr: str | None, value: Any, slow: bool) -> Tensor:
    default, allowed = (None, None) if attr is None else _attr_default(op, attr)
    if default is None or isinstance(value, Tensor):
        return convert_to_tensor(value)
    if slow:
        if allowed is not None:
            t = convert_to_tensor(value)
            if t._dtype in allowed:
                return t
        return convert_to_tensor(value, dtype_hint=default)
    if isinstance(value, np.ndarray):  # (cast, as NumPy casts: its error for strings)
        return convert_to_tensor(value.astype(default.as_numpy_dtype, copy=False))
    return convert_to_tensor(value, default)
