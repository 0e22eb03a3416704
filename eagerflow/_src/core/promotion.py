"""TF's auto dtype conversion (TF 2.14+, `dtype_conversion_mode` "safe" and "all"): the
promotion lattice over (dtype, weak) pairs, and the global mode.

Sits in core beside dtypes: it knows dtypes and nothing of ops. A *weak* type is one the
system inferred (a Python scalar or list, or a result computed from one): it defers to the
other operand's dtype, as JAX's weak types do (int8 tensor + 2 is int8). Each promotion is
allowed in "all"; the lossy ones (int32 with float32, uint8 with int8, ...) are refused in
"safe" with TF's TypeError. numpy_ops/weak.py applies it to the public functions and the
operators; everything here is read only while such a mode is on.
"""

from __future__ import annotations

import enum
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.shape import TensorShape


class PromoMode(enum.Enum):
    """TF's ops.PromoMode: the stricter a mode, the lower its value."""

    OFF = 0
    LEGACY = 1
    SAFE = 2
    ALL = 3


_MODES = {"off": PromoMode.OFF, "legacy": PromoMode.LEGACY, "safe": PromoMode.SAFE,
          "all": PromoMode.ALL}
_mode = [PromoMode.OFF]

# the dtypes a weak tensor may have
WEAK_DTYPES = (dt.int32, dt.int64, dt.float32, dt.float64, dt.complex128)


def set_dtype_conversion_mode(mode: str) -> None:
    if mode not in _MODES:
        raise ValueError(
            f"The provided promotion mode {mode} does not exist. Make sure the provided "
            "dtype conversion mode is one of the followings: 'off', 'legacy', 'safe' or "
            "'all'.")
    _mode[0] = _MODES[mode]


def get_dtype_conversion_mode() -> PromoMode:
    return _mode[0]


def is_auto_dtype_conversion_enabled() -> bool:
    """Whether the WeakTensor semantics ("safe" or "all") are on (TF's ops function)."""
    return _mode[0] is PromoMode.SAFE or _mode[0] is PromoMode.ALL


# -- the lattice -------------------------------------------------------------------------
# Written as rules rather than as a 20 x 20 table: an integer meets a float losslessly when
# the float's significand holds all of the integer's value bits; the rest follows the kinds.

_SIGNIFICAND = {dt.bfloat16: 8, dt.float16: 11, dt.float32: 24, dt.float64: 53}
_KIND_ORDER = {"b": 0, "u": 1, "i": 1, "f": 2, "c": 3}
_WEAK_ORDER = {d: i for i, d in enumerate(WEAK_DTYPES)}
_COMPLEX_PART = {dt.complex64: dt.float32, dt.complex128: dt.float64}
_SIGNED_OF_BITS = {16: dt.int16, 32: dt.int32, 64: dt.int64}


def _kind(d: dt.DType) -> str:
    return "f" if d is dt.bfloat16 else np.dtype(d.as_numpy_dtype).kind


def _size(d: dt.DType) -> int:
    # (bfloat16's NumPy type is optional, its width is not)
    return 2 if d is dt.bfloat16 else d.size


def _value_bits(d: dt.DType) -> int:
    return _size(d) * 8 - (0 if d.is_unsigned else 1)


def _float_holds(f: dt.DType, i: dt.DType) -> bool:
    return _value_bits(i) <= _SIGNIFICAND[_COMPLEX_PART.get(f, f)]


def _strong(a: dt.DType, b: dt.DType) -> tuple:
    """Two non-weak dtypes: ((dtype, weak), safe)."""
    ka, kb = _kind(a), _kind(b)
    if _KIND_ORDER[ka] > _KIND_ORDER[kb]:
        a, b, ka, kb = b, a, kb, ka
    if a is b or ka == "b":
        return (b, False), True
    if ka in "ui" and kb in "ui":
        if ka == kb:
            return (a if _size(a) > _size(b) else b, False), True
        u, s = (a, b) if ka == "u" else (b, a)
        if _size(s) > _size(u):
            return (s, False), True
        if u is dt.uint64:  # no integer holds both: TF goes to a weak float64
            return (dt.float64, True), False
        return (_SIGNED_OF_BITS[_size(u) * 16], False), False
    if ka in "ui":  # with a float or a complex: that type, exact when its significand fits
        return (b, False), _float_holds(b, a)
    if ka == "f" and kb == "f":
        if {a, b} == {dt.bfloat16, dt.float16}:
            return (dt.float32, False), False
        return (a if _size(a) > _size(b) else b, False), True
    if ka == "f":  # with a complex one
        if a is dt.float64 and b is dt.complex64:
            return (dt.complex128, False), False
        return (b, False), True
    return (a if _size(a) > _size(b) else b, False), True


def _with_weak(a: dt.DType, w: dt.DType) -> tuple:
    """A non-weak dtype `a` with a weak one `w`: ((dtype, weak), safe)."""
    k = _kind(a)
    wk = _kind(w)
    if k == "b":
        return (w, True), True
    if k in "ui":
        if wk == "i":
            return (a, False), True
        if w is dt.float32:  # a weak float32 meets an integer as a weak float64
            return (dt.float64, True), False
        return (w, True), _float_holds(w, a)
    if k == "f":
        if wk != "c":
            return (a, False), True
        return ((dt.complex128, False), True) if a is dt.float64 else ((dt.complex64, False),
                                                                       False)
    return (a, False), True


def _promote(a: tuple, b: tuple) -> tuple:
    (da, wa), (db, wb) = a, b
    if wa and wb:
        return (da if _WEAK_ORDER[da] >= _WEAK_ORDER[db] else db, True), True
    if wa:
        return _with_weak(db, da)
    if wb:
        return _with_weak(da, db)
    return _strong(da, db)


_LATTICE: dict = {}
_PROMOTABLE = (dt.bool, dt.uint8, dt.uint16, dt.uint32, dt.uint64, dt.int8, dt.int16, dt.int32,
               dt.int64, dt.bfloat16, dt.float16, dt.float32, dt.float64, dt.complex64,
               dt.complex128)


def _lattice() -> dict:
    """Every pair's ((dtype, weak), safe), built on first use (not at import)."""
    if not _LATTICE:
        kinds = [(d, False) for d in _PROMOTABLE] + [(d, True) for d in WEAK_DTYPES]
        table = {(a, b): _promote(a, b) for a in kinds for b in kinds}
        table[(dt.string, False), (dt.string, False)] = ((dt.string, False), True)
        _LATTICE.update(table)
    return _LATTICE


# -- result_type -------------------------------------------------------------------------

def dtype_and_weakness(x: Any) -> tuple:
    """(dtype, weak) of one input: a tensor's own, a Python scalar's weak default; a Python
    int outside int32 raises OverflowError; an unsupported object NotImplementedError."""
    if getattr(x, "_weak", False):
        return x._dtype, True
    if isinstance(x, dt.DType):
        return x, False
    d = getattr(x, "dtype", None)
    if isinstance(d, dt.DType):
        return d, False
    if isinstance(x, (np.ndarray, np.generic)) or isinstance(d, np.dtype):
        return dt.as_dtype(d), False
    if isinstance(x, (bytes, str)) or (isinstance(d, np.dtype) and d.kind in "OSU"):
        return dt.string, False
    if isinstance(x, type) and issubclass(x, np.generic):
        return dt.as_dtype(x), False
    if isinstance(x, bool) or x is bool:
        return dt.bool, False
    if isinstance(x, int):
        if not -2 ** 31 <= x < 2 ** 31:
            raise OverflowError(f"Python int {x} too large to convert to np.int32")
        return dt.int32, True
    if x is int:
        return dt.int32, True
    if isinstance(x, float) or x is float:
        return dt.float32, True
    if isinstance(x, complex) or x is complex:
        return dt.complex128, True
    if isinstance(x, TensorShape):
        return dt.int32, False
    if isinstance(x, np.dtype):
        try:
            return dt.as_dtype(x), False
        except TypeError as e:
            raise NotImplementedError(
                f"Auto dtype conversion semantics does not support {x}. Try using a NumPy "
                "built-in dtype objects or cast them explicitly.") from e
    raise NotImplementedError(
        f"Auto dtype conversion semantics does not support {type(x)} type.")


def _flatten(xs: Any, out: list) -> list:
    for x in xs:
        if isinstance(x, (list, tuple)):
            _flatten(x, out)
        elif isinstance(x, dict):
            _flatten([x[k] for k in sorted(x)], out)
        elif x is not None:
            out.append(x)
    return out


def _dtype_repr(d: dt.DType) -> str:
    return f"<dtype: '{d.name}'>"


def result_type(*arrays_and_dtypes: Any) -> tuple:
    """(dtype, weak) the inputs promote to in the current mode (a weak float32 with no
    input). "safe" refuses a lossy promotion with TF's TypeError; a pair of dtypes the
    lattice has no entry for raises NotImplementedError (callers fall back to TF's old
    rules then)."""
    for x in arrays_and_dtypes:
        if isinstance(x, CompositeTensor) and type(x).__name__ != "IndexedSlices":
            raise NotImplementedError(
                f"Auto dtype conversion semantics does not support {type(x)} type.")
    kinds = [dtype_and_weakness(x) for x in _flatten(arrays_and_dtypes, [])]
    if not kinds:
        return dt.float32, True
    mode = _mode[0]
    lattice = _lattice()
    res = kinds[0]
    for arg in kinds[1:]:
        found = lattice.get((res, arg))
        if found is None:
            raise NotImplementedError(
                f"Implicit Conversion between {res[0].name} and {arg[0].name} is not "
                "allowed. Please convert the input manually if you need to.")
        if not found[1] and mode is not PromoMode.ALL:
            raise TypeError(
                f"In promotion mode {mode}, implicit dtype promotion between "
                f"({_dtype_repr(res[0])}, weak={res[1]}) and ({_dtype_repr(arg[0])}, "
                f"weak={arg[1]}) is disallowed. You need to explicitly specify the dtype in "
                "your op, or relax your dtype promotion rules (such as from SAFE mode to ALL "
                "mode).")
        res = found[0]
    return res
