"""DType objects: TF's dtype names and predicates over NumPy storage types.

Bottom of the pipeline: imports nothing from eagerflow above the backends. bfloat16 and the
narrow types of tf.dtypes.experimental (float8, float4, int4, int2: TF's enums 24-33) are
stored with `ml_dtypes` (the `dtypes` extra), imported when one of their NumPy types is
first read (backend/ml_types.py: it costs more than the rest of `import eagerflow`); without
it, asking for their data raises UnimplementedError while the DType object itself still
exists (for signatures).
"""

from __future__ import annotations

import builtins
import numbers
import sys
import threading
from typing import Any

import numpy as np

from eagerflow._src.backend import ml_types
from eagerflow._src.core.errors import UnimplementedError


class DType:
    """A tensor element type, e.g. `tf.float32`."""

    __slots__ = ("_name", "_np", "_enum", "_plain_np", "__weakref__")

    def __init__(self, name: str, np_dtype: Any, enum: int) -> None:
        self._name = name
        self._np = np_dtype
        self._enum = enum
        # what the eager fast path takes a NumPy result of as it is (ops/dispatch.py):
        # bfloat16's none, as its arithmetic flushes denormals as TF's CPU kernels do
        self._plain_np = np_dtype if name != "bfloat16" else None

    @property
    def name(self) -> str:
        return self._name

    @property
    def as_numpy_dtype(self) -> Any:
        if self._np is None:
            raise UnimplementedError(None, None, f"dtype {self._name} needs the ml_dtypes package "
                                     "(pip install 'eagerflow[dtypes]')")
        if self in QUANTIZED_DTYPES:  # TF's one-field record type (the array holds the plain ints)
            return _QUANTIZED_NP[self]
        if self._name == "string":
            return object  # (TF's: the builtin, where NumPy's dtype names numpy.object_)
        return self._np.type

    @property
    def storage_type(self) -> Any:
        """The NumPy type a tensor of this dtype holds: as_numpy_dtype, but the plain
        integer of a quantized dtype (TF's .numpy() of a qint8 tensor is int8 too)."""
        if self._np is None:
            return self.as_numpy_dtype  # (raises: bfloat16 without ml_dtypes)
        return self._np.type

    @property
    def is_quantized(self) -> bool:
        return self in QUANTIZED_DTYPES

    @property
    def as_datatype_enum(self) -> int:
        return self._enum

    def __int__(self) -> int:
        # (TF's DType is its enum to int(): where TF's Python reads a count with int(), a
        # dtype is that number, tnp.eye(tf.string) 7 x 7)
        return self._enum

    @property
    def base_dtype(self) -> DType:
        return self

    @property
    def _is_ref_dtype(self) -> builtins.bool:
        return False

    @property
    def _as_ref(self) -> DType:
        """TF 1's reference dtype of this one (float32 -> float32_ref)."""
        return _REFS[self]

    @property
    def real_dtype(self) -> DType:
        return {complex64: float32, complex128: float64}.get(self, self)

    @property
    def is_floating(self) -> bool:
        return self in _FLOATS

    @property
    def is_integer(self) -> bool:
        return self in _INTS

    # (frozensets, hashed by identity: a tuple's `in` calls __eq__ on each entry before a
    # match, and a Mul's gradient asks is_complex twice)
    @property
    def is_unsigned(self) -> bool:
        return self in _UNSIGNED

    @property
    def is_complex(self) -> bool:
        return self in _COMPLEX

    @property
    def is_bool(self) -> bool:
        return self is bool

    @property
    def is_numeric(self) -> bool:
        return self is not string and self is not bool

    @property
    def is_numpy_compatible(self) -> bool:
        # (as TF's: a resource or variant tensor holds a handle, no NumPy value)
        return self._np is not None and self._enum not in (20, 21)

    @property
    def size(self) -> int:
        if self in NARROW_DTYPES:
            return 1  # one byte per element in memory (TF's and ml_dtypes' layout)
        # (TF's DataTypeSize: 0 for the types that are not plain values)
        return 0 if self._np.kind == "O" else self._np.itemsize

    @property
    def min(self) -> Any:
        return _limits(self, "minimum").min

    @property
    def max(self) -> Any:
        return _limits(self, "maximum").max

    @property
    def limits(self) -> tuple:
        """TF's image-value range of the type, its lower end clipped to 0 (TF's default):
        an integer's or bool's range, (0, 1) for float32 and float64; none for the rest."""
        low_high = _VALUE_RANGES.get(self._name)
        if low_high is None:
            raise ValueError(f"{self} does not have defined limits.")
        return (0, low_high[1])

    def is_compatible_with(self, other: Any) -> bool:
        other = as_dtype(other)  # (TF's: a reference dtype takes its base type's values)
        return self is other or self is other.base_dtype

    def __repr__(self) -> str:
        return f"tf.{self._name}"

    def __str__(self) -> str:
        return f"<dtype: '{self._name}'>"

    def __eq__(self, other: Any) -> bool:
        if other is self:
            return True
        if other is None or other.__class__ is DType:  # (singletons: another DType differs)
            return False
        if other.__class__ is str:  # (a name, as as_dtype reads it: `v.dtype != "float32"`)
            return _BY_NAME.get(other) is self
        try:
            return as_dtype(other) is self
        except TypeError:
            return False

    def __ne__(self, other: Any) -> bool:
        return not self.__eq__(other)

    # DTypes are singletons and equality means identity among them, so hashing by
    # identity (C-level, no Python frame) is consistent; it is on every op's dtype check.
    __hash__ = object.__hash__

    def __reduce__(self):
        return as_dtype, (self._name,)


class _MLDType(DType):
    """A dtype stored with ml_dtypes before ml_dtypes is loaded: reading its NumPy type
    loads it, gives each such dtype its type, and makes them plain DTypes (so the slot is
    read directly from then on, with no cost on the ops' paths)."""

    __slots__ = ()

    @property
    def _np(self) -> Any:
        _load_ml_types()
        return DType._np.__get__(self)

    @property
    def _plain_np(self) -> Any:
        _load_ml_types()
        return DType._plain_np.__get__(self)


class _RefDType(DType):
    """A TF 1 reference dtype (float32_ref, enum 101): what a reference variable's tensors
    show; it stands for its base type's values, whose facts it reads."""

    __slots__ = ("_base",)

    def __init__(self, base: DType) -> None:  # (no slots of its own for _np: the base's)
        self._name = base._name + "_ref"
        self._enum = base._enum + 100
        self._base = base

    _np = property(lambda self: self._base._np)
    _plain_np = property(lambda self: self._base._plain_np)
    base_dtype = property(lambda self: self._base)
    _is_ref_dtype = property(lambda self: True)
    _as_ref = property(lambda self: self)
    as_numpy_dtype = property(lambda self: self._base.as_numpy_dtype)
    storage_type = property(lambda self: self._base.storage_type)
    is_floating = property(lambda self: self._base.is_floating)
    is_integer = property(lambda self: self._base.is_integer)
    is_unsigned = property(lambda self: self._base.is_unsigned)
    is_complex = property(lambda self: self._base.is_complex)
    is_bool = property(lambda self: self._base.is_bool)
    is_numeric = property(lambda self: self._base.is_numeric)
    is_quantized = property(lambda self: self._base.is_quantized)
    is_numpy_compatible = property(lambda self: self._base.is_numpy_compatible)
    size = property(lambda self: self._base.size)


_ml_lock = threading.Lock()


def _load_ml_types() -> None:
    with _ml_lock:
        for d in _ML_TYPES:
            if d.__class__ is _MLDType:
                npd = ml_types.numpy_type(d._name)
                DType._np.__set__(d, npd)
                DType._plain_np.__set__(d, npd if d._name != "bfloat16" else None)
                d.__class__ = DType
                if npd is not None:
                    _BY_NP[npd] = d


def _ml(name: str, enum: int) -> DType:
    """The dtype `name`, stored with ml_dtypes' type of that name, read on first use."""
    d = DType(name, None, enum)
    d.__class__ = _MLDType
    return d


# TF's dtype_range (skimage's image ranges), which DType.limits reads
_VALUE_RANGES = {"bool": (False, True), "uint8": (0, 255), "uint16": (0, 65535),
                 "int8": (-128, 127), "int16": (-32768, 32767), "int64": (-2**63, 2**63 - 1),
                 "uint64": (0, 2**64 - 1), "int32": (-2**31, 2**31 - 1),
                 "uint32": (0, 2**32 - 1), "float32": (-1, 1), "float64": (-1, 1)}


def _limits(dt: DType, which: str) -> Any:
    """The finfo/iinfo of `dt`; TF's TypeError where it has none (`which`: the word)."""
    if dt in QUANTIZED_DTYPES:
        raise TypeError(f"Cannot find {which} value of {dt} with quantized type {dt}.")
    if dt._name in ("bool", "string", "complex64", "complex128"):
        raise TypeError(f"Cannot find {which} value of {dt} with type {dt}.")
    if dt in NARROW_DTYPES or dt is bfloat16:
        if dt._np is None:
            raise UnimplementedError(None, None, f"dtype {dt.name} needs the ml_dtypes package")
        ml = ml_types.load()
        return (ml.finfo if dt.is_floating else ml.iinfo)(dt._np)
    if dt.is_floating:
        return np.finfo(dt._np)
    if dt.is_integer:
        return np.iinfo(dt._np)
    raise TypeError(f"Cannot find {which} value of {dt}.")


float16 = DType("float16", np.dtype(np.float16), 19)
half = float16
float32 = DType("float32", np.dtype(np.float32), 1)
float64 = DType("float64", np.dtype(np.float64), 2)
double = float64
bfloat16 = _ml("bfloat16", 14)
int8 = DType("int8", np.dtype(np.int8), 6)
int16 = DType("int16", np.dtype(np.int16), 5)
int32 = DType("int32", np.dtype(np.int32), 3)
int64 = DType("int64", np.dtype(np.int64), 9)
uint8 = DType("uint8", np.dtype(np.uint8), 4)
uint16 = DType("uint16", np.dtype(np.uint16), 17)
uint32 = DType("uint32", np.dtype(np.uint32), 22)
uint64 = DType("uint64", np.dtype(np.uint64), 23)
bool = DType("bool", np.dtype(np.bool_), 10)  # noqa: A001 - TF's public name
string = DType("string", np.dtype(object), 7)
complex64 = DType("complex64", np.dtype(np.complex64), 8)
complex128 = DType("complex128", np.dtype(np.complex128), 18)
resource = DType("resource", np.dtype(object), 20)
variant = DType("variant", np.dtype(object), 21)
# Quantized integers: a tensor holds the plain integers; the dtype says how they are read.
qint8 = DType("qint8", np.dtype(np.int8), 11)
quint8 = DType("quint8", np.dtype(np.uint8), 12)
qint16 = DType("qint16", np.dtype(np.int16), 15)
quint16 = DType("quint16", np.dtype(np.uint16), 16)
qint32 = DType("qint32", np.dtype(np.int32), 13)

# tf.dtypes.experimental: 8-, 4- and 2-bit types (TF's enums), stored with ml_dtypes.
float8_e5m2 = _ml("float8_e5m2", 24)
float8_e4m3fn = _ml("float8_e4m3fn", 25)
float8_e4m3fnuz = _ml("float8_e4m3fnuz", 26)
float8_e4m3b11fnuz = _ml("float8_e4m3b11fnuz", 27)
float8_e5m2fnuz = _ml("float8_e5m2fnuz", 28)
int4 = _ml("int4", 29)
uint4 = _ml("uint4", 30)
int2 = _ml("int2", 31)
uint2 = _ml("uint2", 32)
float4_e2m1fn = _ml("float4_e2m1fn", 33)
NARROW_FLOATS: frozenset = frozenset((float8_e5m2, float8_e4m3fn, float8_e4m3fnuz,
                                      float8_e4m3b11fnuz, float8_e5m2fnuz, float4_e2m1fn))
NARROW_INTS: frozenset = frozenset((int4, uint4, int2, uint2))
NARROW_DTYPES: frozenset = NARROW_FLOATS | NARROW_INTS

QUANTIZED_DTYPES: frozenset = frozenset((qint8, quint8, qint16, quint16, qint32))
# TF's NumPy form of each: a one-field structured dtype named after it.
_QUANTIZED_NP = {d: np.dtype([(d.name, d._np)]) for d in QUANTIZED_DTYPES}

_ALL = (float16, float32, float64, bfloat16, int8, int16, int32, int64, uint8, uint16,
        uint32, uint64, bool, string, complex64, complex128, resource, variant,
        qint8, quint8, qint16, quint16, qint32, *sorted(NARROW_DTYPES, key=lambda d: d._enum))
# TF 1's reference dtypes, one per type (not public names: `tf.as_dtype("float32_ref")`)
_REFS = {d: _RefDType(d) for d in _ALL}
QUANTIZED_DTYPES = QUANTIZED_DTYPES | {_REFS[d] for d in QUANTIZED_DTYPES}
_FLOATS = frozenset((float16, float32, float64, bfloat16)) | NARROW_FLOATS
_UNSIGNED = frozenset((uint8, uint16, uint32, uint64, uint4, uint2))
_COMPLEX = frozenset((complex64, complex128))
_INTS = frozenset((int8, int16, int32, int64, uint8, uint16, uint32, uint64)) | NARROW_INTS
_BY_NAME = {d.name: d for d in (*_ALL, *_REFS.values())}
_BY_NAME.update({"half": float16, "double": float64, "float": float32})
_BY_ENUM = {d.as_datatype_enum: d for d in (*_ALL, *_REFS.values())}
_CPP_WORDS = {float32: "float", float64: "double", float16: "half"}
# NumPy storage -> DType. Object arrays hold bytes, i.e. TF strings.
_ML_TYPES = NARROW_DTYPES | {bfloat16}
_BY_NP = {d._np: d for d in _ALL if d not in _ML_TYPES and d is not resource
          and d is not variant and d not in QUANTIZED_DTYPES}
_BY_NP[np.dtype(object)] = string
# as_dtype reads TF's structured forms; from_numpy never sees them (arrays hold plain ints)
_BY_NP.update({npd: d for d, npd in _QUANTIZED_NP.items()})

# The Python types TF takes for a dtype; int, complex, str and bytes it refuses (None here),
# though NumPy would read them (int as int64)
_PY_TYPES: dict = {float: float32, builtins.bool: bool, object: string, int: None,
                   complex: None, str: None, bytes: None}


def dtype_word(d: DType) -> str:
    """A dtype as TF's C++ names it (DataTypeString), in its messages: float32 is "float",
    float64 "double", float16 "half", the others their own names."""
    return _CPP_WORDS.get(d, d.name)


def as_dtype(type_value: Any) -> DType:
    """Converts a DType, NumPy dtype, Python type, name or enum to a DType."""
    if isinstance(type_value, DType):
        return type_value
    # (NumPy reads None as float64, and bytes as type codes: b"\x00" is its bool; TF takes
    # names as str only)
    if isinstance(type_value, (str, bytes)) or type_value is None:
        try:
            return _BY_NAME[type_value]
        except KeyError:
            raise _not_a_dtype(type_value) from None
    if isinstance(type_value, (numbers.Number, np.number, np.bool_)):
        # TF finds the value in one table by hash: any number equal to an enum (2.0,
        # True, np.int64(3)) is that enum's dtype
        found = _BY_ENUM.get(type_value)
        if found is not None:
            return found
    try:
        python_type = type_value in _PY_TYPES
    except TypeError:  # (unhashable, as a list)
        python_type = False
    if python_type:
        found = _PY_TYPES[type_value]
        if found is None:
            raise _not_a_dtype(type_value)
        return found
    try:
        npd = np.dtype(type_value)
    # (unhashable, as a tensor or a list; no NumPy dtype; an object whose .dtype is none)
    except (TypeError, ValueError):
        npd = None
    if npd is None and hasattr(type_value, "dtype") and not hasattr(type_value, "_dtype"):
        try:  # (an array's dtype, as TF reads it; a tensor is not a dtype)
            npd = np.dtype(type_value.dtype)
        except TypeError:
            npd = None
    if npd is not None:
        if npd.kind in "SUO":
            return string
        found = _BY_NP.get(npd) or _ml_type_of(npd)
        if found is not None:
            return found
    raise _not_a_dtype(type_value)


def _not_a_dtype(type_value: Any) -> TypeError:
    return TypeError(f"Cannot convert the argument `type_value`: {type_value!r} to a "
                     "TensorFlow DType.")


def from_numpy(np_dtype: np.dtype) -> DType:
    """DType of a NumPy array's storage (fast path used when wrapping kernel results)."""
    found = _BY_NP.get(np_dtype)
    if found is not None:
        return found
    if np_dtype.kind in "SU":
        return string
    found = _ml_type_of(np_dtype)
    if found is not None:
        return found
    raise TypeError(f"Unsupported NumPy dtype {np_dtype} for a tensor")


def _ml_type_of(npd: np.dtype) -> DType | None:
    """The dtype of ml_dtypes' NumPy type `npd` where the program imported ml_dtypes and
    eagerflow has not read its types yet (an array of them made outside eagerflow)."""
    if bfloat16.__class__ is _MLDType and "ml_dtypes" in sys.modules:
        _load_ml_types()
        return _BY_NP.get(npd)
    return None

