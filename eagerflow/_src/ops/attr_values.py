"""Attr values as TF's generated op wrappers (tf.raw_ops' too) take them.

Each converts a Python value given for an op's attr (an int, a float, a bool, a string, a
DType, or a list of them) as TF's wrappers convert it before the op runs, raising the
TypeError, ValueError or OverflowError TF's conversion raises, naming the argument.
"""

from __future__ import annotations

import numbers
import operator
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor, Tensor
from eagerflow._src.ops import tf_op_defs
from eagerflow._src.ops.checks import fail, known


def no_graph_attr(value: Any, what: str, kind: str = "int") -> None:
    """TF's refusal of a graph tensor given for an int (float) attr (TF's graph wrappers take
    the attr with int(), which a graph tensor refuses, constants too): a TypeError naming
    it."""
    if isinstance(value, Tensor) and not isinstance(value, EagerTensor):
        raise TypeError(f"Expected {kind} for argument '{what}' not {value!r}.")


def int32_wrapped(value: int) -> int:
    """A Python int as TF's conversion makes it an int32 input (TopKV2's k, OneHot's depth):
    its low 32 bits, signed (2**32 + 3 is 3); past int64 the conversion's ValueError."""
    return (int(int64_ranged(value)) + (1 << 31)) % (1 << 32) - (1 << 31)


def int32s(values: tuple) -> tuple:
    """Ints as a kernel reading them into int32s has them (TF's Roll's axes and shifts,
    Transpose's perm): each wrapped (2**32 + 1 is 1) where one is past int32; the tuple
    itself, at the cost of a loop, where none is (an eager call's common case)."""
    for v in values:
        if not -2147483648 <= v < 2147483648:
            return tuple(int32_wrapped(v) for v in values)
    return values


def int64_ranged(value: int) -> int:
    """A Python int as TF's conversion makes it an int64 input (an axis of 2**32 given with
    a list, down TF's wrapper's slow path): itself; past int64 the conversion's ValueError."""
    if not -(1 << 63) <= value < (1 << 63):
        raise ValueError("Can't convert Python sequence with out-of-range integer to Tensor.")
    return value


def int_arg(value: Any, what: str) -> int:
    """A scalar integer Python argument (k, num_segments, ...): an int, a NumPy integer or an
    integer scalar tensor; anything else (a float, inf, a string) is a TypeError, and None
    a ValueError, as TF's conversion to int32 gives."""
    d = getattr(value, "_dtype", None)
    if d is not None:
        if not d.is_integer or getattr(value, "_shape", None) not in ((), None):
            raise TypeError(f"`{what}` must be an integer scalar, got {value!r}")
        return int(known(value))
    if not isinstance(value, bool):
        try:
            return operator.index(value)
        except TypeError:
            pass
    if value is None:  # TF's conversion of None to a tensor
        raise ValueError("Attempt to convert a value (None) with an unsupported type "
                         "(<class 'NoneType'>) to a Tensor.")
    raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype int32")


def make_int(value: Any, what: str) -> int:
    """An int attr as TF's generated op wrappers take it: int() of anything but a string (a
    float truncates, an eager scalar tensor gives its value; inf is int()'s OverflowError,
    which TF lets escape); what int() refuses (a tensor of several values, a graph's
    tensor, None) is a TypeError naming the argument. An attr holds an int64: past it, the
    eager fast path's OverflowError, or the ValueError of a graph's attr value."""
    if type(value) is not int:
        if isinstance(value, (str, bytes)):
            raise TypeError(f"Expected int for argument '{what}' not {value!r}.")
        try:
            value = int(value)
        except (TypeError, ValueError):
            raise TypeError(f"Expected int for argument '{what}' not {value!r}.") from None
    if not -2**63 <= value < 2**63:
        if _state.graph is None:
            raise OverflowError("int too big to convert")
        raise ValueError(f"Value out of range: {value}")
    return value


_REF_ENUM = 100  # TF's DataType enum: a reference type is its value type's plus 100


def make_type(value: Any, what: str, fast_op: str | None = None) -> dt.DType:
    """A DType attr as TF's generated op wrappers take it: anything as_dtype reads (a
    DType, a NumPy type, a name), else a TypeError naming the argument. `fast_op`: the
    op, where the call takes TF's eager fast path (every input a tensor), which reads a
    Python int as a DataType enum (`enum_type`)."""
    if fast_op is not None and _state.graph is None and type(value) is int:
        return enum_type(fast_op, value, what)
    if type(value) is int and value > _REF_ENUM:
        # (a reference type's enum: TF's slow path takes its base type, as_dtype(103)
        # being int32_ref there)
        value = _ref_base(value, value)
    try:
        return dt.as_dtype(value)
    except TypeError:
        raise TypeError(f"Expected DataType for argument '{what}' not {value!r}.") from None


def _ref_base(enum: int, otherwise: Any) -> Any:
    """The value type of reference type enum `enum`, else `otherwise`."""
    try:
        return dt.as_dtype(enum - _REF_ENUM)
    except TypeError:
        return otherwise


def enum_type(op: str, value: int, what: str) -> dt.DType:
    """A Python int given for type attr `what` on TF's eager fast path: its low 32 bits
    as a signed DataType enum (2**32 + 9 is int64); a reference type's enum, or no
    type's, is the op's InvalidArgumentError."""
    enum = (value + 2**31) % 2**32 - 2**31
    base = _ref_base(enum, None) if enum > _REF_ENUM else None
    if base is None:
        try:
            return dt.as_dtype(enum)
        except TypeError:
            pass
    if base is not None:
        head = f"AttrValue must not have reference type value of {base.name}_ref"
    else:  # (0, DT_INVALID: TF's message then depends on the op's kernels)
        head = "AttrValue has invalid DataType" + (f" enum: {enum}" if enum else "")
    summary = tf_op_defs.summary(op)
    raise InvalidArgumentError(None, None, (
        f"{head}\n\t for attr '{what}'\n\t; NodeDef: {{{{node {op}}}}}"
        f"{'; ' + summary if summary else ''} [Op:{op}] name: "))


def int_attr(op: str, value: Any, what: str, bits: int = 32) -> int:
    """An int-valued attr as TF's op wrappers check it: TypeError for anything but an int
    (inf, nan, a string), InvalidArgumentError outside the attr's int32 (or int64) range,
    before a kernel sizes a loop or a buffer by it."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"Expected int for argument '{what}' not {value!r}. [Op:{op}]")
    v = int(value)
    if not -2**(bits - 1) <= v < 2**(bits - 1):
        raise fail(op, f"Attr {what} has value {v} out of range for an int{bits}")
    return v


def float_attr(value: Any, what: str) -> float:
    """A float attr as TF's wrappers take it: a real number (a bool too), nothing else."""
    if not isinstance(value, numbers.Real):
        raise TypeError(f"Expected float for argument '{what}' not {value!r}.")
    return float(value)


def bool_attr(value: Any, what: str) -> bool:
    """A bool-valued attr as TF's op wrappers check it: only a Python bool (a tensor, an
    array or a number is a TypeError)."""
    if not isinstance(value, bool):
        raise TypeError(f"Expected bool for argument '{what}' not {value!r}.")
    return value


def int_list(value: Any, what: str) -> tuple:
    """An int, or a list / array / tensor of ints, as a tuple of Python ints; floats (inf
    included), bools and strings are a TypeError, as TF's conversion to int32 gives."""
    a = getattr(value, "_arr", None)
    if a is None:
        a = known(value)
    if isinstance(a, Tensor):  # known only when its graph runs: TF iterates it, which fails
        list(a)
    if isinstance(a, (list, tuple)):
        return tuple(int_arg(v, what) for v in a)
    a = to_host(a)  # (any device's array)
    if a.size and a.dtype.kind not in "iu":
        raise TypeError(f"`{what}` must be integers, got {value!r}")
    return tuple(int(v) for v in a.reshape(-1))


def make_str(value: Any, what: str) -> str | bytes:
    """A string attr as TF's generated op wrappers take it: a str, or bytes (decoded where
    they are text: a serialized proto's stay bytes); anything else a TypeError naming the
    argument, before any check of the value against the op's allowed ones."""
    if isinstance(value, bytes):
        try:
            return value.decode()
        except UnicodeDecodeError:
            return value
    if not isinstance(value, str):
        raise TypeError(f"Expected string for argument '{what}' not {value!r}.")
    return value


# attr kind -> how TF's generated wrappers convert one value of it
_MAKE_ATTR = {"int": make_int, "float": float_attr, "bool": bool_attr, "string": make_str,
              "type": make_type}


def opdef_default(value: dict) -> Any:
    """An attr's default as TF's definition holds it (an AttrValue's JSON: {"i": "0"},
    {"list": {"i": ["1", "1"]}}), as the Python value its wrapper hands the op."""
    if "list" in value:
        return tuple(opdef_default({k: v}) for k, items in value["list"].items()
                     for v in items)
    (kind, v), = value.items()
    if kind == "i":
        return int(v)
    if kind == "f":
        return float(v)
    if kind == "s":
        return tf_op_defs.attr_string(v)
    if kind == "type":  # ("DT_FLOAT": the name as_dtype reads, "float")
        return dt.as_dtype(v[3:].lower())
    return v


def wrapper_attrs(op: str, held: list | None = None, _fast_path: bool = False,
                  **given: Any) -> dict:
    """The attrs `given` (by name) to a public function that is TF's generated Python
    wrapper of `op` itself (tf.extract_volume_patches, tf.io.decode_png), converted as
    that wrapper converts them eagerly, before the op runs: None for an attr with a
    default is the default, and for a list attr without one an empty list; a list attr
    takes a list or tuple only (not an array, a tensor, a set), then each item, like a
    scalar attr, by its kind (make_int: int() of anything but a string; float_attr;
    bool_attr: a bool only; make_str; make_type). The checks of the values against the
    op's definition (a list's minimum length, the allowed strings and dtypes, an int
    attr its kernel reads as an int32) are the op's own, made as it runs. `held`: a list
    that takes the OverflowError of an int past int64 instead, for the caller to raise
    (raise_held) once it has converted its inputs, whose errors come first in TF.
    `_fast_path` (named apart from any attr): the inputs take TF's eager fast path (none
    a list), where an int given for a type attr is its DataType enum (`enum_type`)."""
    defs = tf_op_defs.attr_defs(op)
    out, first = {}, None
    for name, value in given.items():
        kind, default = defs[name]
        if value is None and default is not None:
            out[name] = opdef_default(default)
            continue
        try:
            out[name] = make_type(value, name, op if _fast_path else None) if kind == "type" \
                else convert_attr(op, kind, value, name)
        except OverflowError as e:
            first = first or past_int64(e)
    if first is not None:
        if held is None:
            raise first
        held.append(first)
    return out


def fast_path_ints(*values: Any) -> bool:
    """Whether TF's eager fast path takes these int attrs as given: a Python int (a bool is
    one), or None for the default. Anything else (a NumPy int, a float, a tensor) sends
    TF's generated wrapper down its eager fallback, which converts each input of a fixed
    dtype with that dtype: a tensor of another dtype is then the conversion's ValueError,
    not the kernel's refusal."""
    return all(v is None or type(v) in (int, bool) for v in values)


def raise_held(held: list) -> None:
    """Raises the int attr's OverflowError that wrapper_attrs (or past_int64) held: TF's
    wrapper falls back on its slow path, which converts the inputs (a Python value's
    ValueError or TypeError first) before the op's run overflows the int."""
    if held:
        raise held[0]


def past_int64(e: OverflowError) -> OverflowError:
    """`e`, make_int's refusal of an int past int64, held while the other attrs convert:
    TF's wrapper takes such an int as given (its slow path's make_int has no range), and
    only the op's run overflows it, once every attr has converted (a later attr's
    TypeError first); any other OverflowError (int() of inf) is raised at once."""
    if str(e) != "int too big to convert":
        raise e
    return e


# The attr kinds convert_attr converts, and their lists
ATTR_KINDS = frozenset(_MAKE_ATTR) | frozenset(f"list({k})" for k in _MAKE_ATTR)


def convert_attr(op: str, kind: str, value: Any, what: str) -> Any:
    """One value given for an attr of kind `kind` (one of ATTR_KINDS) of op `op`, as TF's
    generated wrappers (tf.raw_ops' too) convert it eagerly; `what`: the argument's name
    in their messages."""
    if kind.startswith("list("):
        return _attr_list(op, what, kind[5:-1], value)
    return _MAKE_ATTR[kind](value, what)


def empty_array(value: Any) -> bool:
    """Whether `value` is a NumPy array of no items along its first dimension, which TF's
    eager fast path reads, as a sequence, as an empty list for a list attr (one of shape
    (3, 0) has three items, arrays, which it refuses). Only where nothing else sends the
    call down TF's slow path, which refuses any array: so not in the generated wrappers'
    attr lists (`_attr_list`), whose other attrs may."""
    return isinstance(value, np.ndarray) and value.ndim > 0 and len(value) == 0


def _attr_list(op: str, name: str, kind: str, value: Any) -> tuple:
    if value is None:
        return ()
    if kind == "string" and isinstance(value, str):
        # (TF's fast path takes any sequence whose items it can read: a string's are its
        # characters, each a string)
        value = list(value)
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"Expected list for '{name}' argument to "
                        f"'{tf_op_defs.wrapper_name(op)}' Op, not {value!r}.")
    return tuple(_MAKE_ATTR[kind](v, name) for v in value)


def const_attr(value: np.ndarray) -> Any:
    """A TF node's constant input as an attr value: a Python number for a scalar, else
    tuples nested as deep as the array, so an op's checks see its shape."""
    if value.ndim == 0:
        return value.item()
    return tuple(map(const_attr, value)) if value.ndim > 1 else tuple(value.tolist())
