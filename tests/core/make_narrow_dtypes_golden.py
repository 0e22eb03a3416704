"""Records TF 2.21's narrow dtypes (tf.dtypes.experimental: float8, float4, int4, int2)
for test_narrow_dtypes.py: their facts, which casts TF runs and the bits it produces, and
which ops take them.

Run with the reference interpreter: `/work/tfref/bin/python
tests/core/make_narrow_dtypes_golden.py` (writes narrow_dtypes_golden.json beside it).
"""

import os
import sys

import numpy as np
import tensorflow as tf

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from tests.core.narrow_dtypes_cases import narrow_ops  # noqa: E402
from tests.golden_io import write_json  # noqa: E402

NARROW = ["float8_e5m2", "float8_e4m3fn", "float8_e4m3fnuz", "float8_e4m3b11fnuz",
          "float8_e5m2fnuz", "float4_e2m1fn", "int4", "uint4", "int2", "uint2"]
STANDARD = ["float32", "float64", "float16", "bfloat16", "int32", "int64", "int8", "int16",
            "uint8", "uint16", "uint32", "uint64", "bool", "complex64"]
# float inputs cast to each float8: rounding (ties to even), saturation, NaN, subnormals
FLOATS = [0.0, -0.0, 0.1, -0.3, 1.0625, 1.1875, 3.14159, 240.0, 248.0, 256.0, 448.0,
          449.0, 464.0, 480.0, 500.0, 57344.0, 61440.0, 65536.0, 1e6, -1e6, 1e-9,
          2.0 ** -9, 2.0 ** -10, 2.0 ** -16, 2.0 ** -17, float("inf"), float("-inf"),
          float("nan")]
INTS = list(range(-20, 21)) + [127, -128, 255, 2 ** 31 - 1, -2 ** 31]


def dtype(name):
    return getattr(tf.dtypes.experimental, name, None) or tf.as_dtype(name)


def sample(name):
    """A one-element tensor of dtype `name` (made from its NumPy type: TF's cast into
    most narrow types is refused)."""
    return tf.constant(np.array([1], dtype=dtype(name).as_numpy_dtype))


def error(e):
    return [type(e).__name__, str(e).split("\n")[0]]


def bits(t):
    a = t.numpy()
    return a.view(np.uint8).tolist() if a.dtype.itemsize == 1 else a.tolist()


def main():
    facts = {}
    for n in NARROW:
        d = dtype(n)
        f = {"repr": repr(d), "str": str(d), "name": d.name, "enum": d.as_datatype_enum,
             "size": d.size, "min": float(d.min), "max": float(d.max),
             "is_floating": d.is_floating, "is_integer": d.is_integer,
             "is_unsigned": d.is_unsigned, "is_complex": d.is_complex,
             "is_quantized": d.is_quantized, "is_numpy_compatible": d.is_numpy_compatible,
             "is_bool": d.is_bool, "numpy": d.as_numpy_dtype.__name__}
        try:
            f["limits"] = [float(v) for v in d.limits]
        except Exception as e:  # noqa: BLE001 - recording what TF raises
            f["limits"] = error(e)
        facts[n] = f
    casts = {}
    for s in NARROW + STANDARD:
        for d in NARROW + STANDARD:
            if s in STANDARD and d in STANDARD:
                continue
            try:
                tf.cast(sample(s), dtype(d))
                casts[f"{s}->{d}"] = "ok"
            except Exception as e:  # noqa: BLE001
                casts[f"{s}->{d}"] = error(e)
    values = {}
    for d in ("float8_e5m2", "float8_e4m3fn"):
        for s in ("float32", "float64", "float16", "bfloat16"):
            values[f"{s}->{d}"] = bits(tf.cast(tf.constant(FLOATS, dtype(s)), dtype(d)))
        every = tf.constant(np.arange(256, dtype=np.uint8).view(dtype(d).as_numpy_dtype))
        for t in ("float32", "float64", "float16", "bfloat16", "int32", "int8", "uint8",
                  "int64", "bool", "float8_e5m2", "float8_e4m3fn"):
            out = tf.cast(every, dtype(t))
            values[f"{d}:all->{t}"] = bits(out) if t.startswith("float8") else \
                [None if v != v else v for v in out.numpy().astype(np.float64).tolist()]
    for d in ("int4", "uint4"):
        for s in ("int32", "int64", "int8", "uint8"):
            ins = [v for v in INTS if np.can_cast(np.min_scalar_type(v), s) or
                   (np.iinfo(s).min <= v <= np.iinfo(s).max)]
            values[f"{s}->{d}"] = [ins, tf.cast(tf.constant(ins, dtype(s)), dtype(d))
                                   .numpy().astype(np.int64).tolist()]
        every = tf.constant(np.arange(16, dtype=np.uint8).astype(dtype(d).as_numpy_dtype)
                            if d == "uint4" else np.arange(-8, 8).astype(
                                dtype(d).as_numpy_dtype))
        for t in ("int32", "uint8", "int8", "int4", "uint4"):
            values[f"{d}:all->{t}"] = tf.cast(every, dtype(t)).numpy().astype(
                np.int64).tolist()
    x = tf.constant(np.array([1.0, 2.5, -3.25], dtype=dtype("float8_e4m3fn").as_numpy_dtype))
    i = tf.constant(np.array([1, -3, 7], dtype=dtype("int4").as_numpy_dtype))
    ops = narrow_ops(tf)
    results = {}
    for label, t in (("float8_e4m3fn", x), ("int4", i)):
        for name, fn in ops.items():
            try:
                out = fn(t)
                results[f"{label}:{name}"] = ["ok", repr(out.dtype), out.shape.as_list(),
                                              out.numpy().astype(np.float64).tolist()]
            except Exception as e:  # noqa: BLE001
                results[f"{label}:{name}"] = error(e)
    reprs = {"float8_e4m3fn": [repr(x), str(x)], "int4": [repr(i), str(i)]}
    write_json(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                            "narrow_dtypes_golden.json"),
               {"facts": facts, "casts": casts, "values": values, "ops": results,
                "reprs": reprs, "floats": [repr(v) for v in FLOATS]}, end="\n")


if __name__ == "__main__":
    main()
