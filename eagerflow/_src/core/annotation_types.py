"""tf.security.fuzzing.py.annotation_types: TF's type annotations of its generated op
wrappers, one class per dtype (a subclass of DTypeAnnotation whose `underlying_dtype` is
that dtype), which its fuzzers read."""

from eagerflow._src.core import dtypes as _dt


class DTypeAnnotation:
    """The base of the dtype annotations."""


def _annotation(name: str, dtype: _dt.DType) -> type:
    cls = type(name, (DTypeAnnotation,), {"underlying_dtype": dtype})
    cls.__module__ = __name__
    return cls


_NAMES = {
    "BFloat16": "bfloat16", "Bool": "bool", "Complex128": "complex128",
    "Complex64": "complex64", "Float8e4m3fn": "float8_e4m3fn", "Float8e5m2": "float8_e5m2",
    "Float8e4m3fnuz": "float8_e4m3fnuz", "Float8e4m3b11fnuz": "float8_e4m3b11fnuz",
    "Float8e5m2fnuz": "float8_e5m2fnuz", "Float4e2m1fn": "float4_e2m1fn",
    "Float16": "float16", "Float32": "float32", "Float64": "float64", "Half": "float16",
    "Int2": "int2", "Int4": "int4", "Int8": "int8", "Int16": "int16", "Int32": "int32",
    "Int64": "int64", "UInt2": "uint2", "UInt4": "uint4", "UInt8": "uint8",
    "UInt16": "uint16", "UInt32": "uint32", "UInt64": "uint64", "QInt8": "qint8",
    "QInt16": "qint16", "QInt32": "qint32", "QUInt16": "quint16", "QUInt8": "quint8",
    "Resource": "resource", "String": "string", "Variant": "variant",
}
globals().update({name: _annotation(name, getattr(_dt, dtype))
                  for name, dtype in _NAMES.items()})
