"""The helpers kprobe35's snippets start with: kprobe33's (`tryp`, `show`, `sig`, `fill`,
`r4`, `img4`, the small inputs `F`, `I`, `B`, `H`, `P`, `S`, `IMG`, `NAN`, the temporary
folder `D`; see tests/keras/kprobe33/prelude.py), `DT`, the fifteen dtypes Keras 3 names,
`code`, a tensor's dtype as a short code with its sum to 4 significant digits (or the
error's class; a bfloat16 one read through float32, as TF gives NumPy no 0-d bfloat16),
`sweep`, which prints one line of codes for a call made once per dtype, `mat`, which
prints one row of codes per first dtype for a call made over every pair of dtypes (the
promotion table a user meets), and `arr`, Python values cast to a dtype (NumPy has no
bfloat16 of its own)."""

from tests.keras.kprobe33.prelude import _TRY as _TRY33

_TRY = _TRY33 + """
DT = ["bool", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64",
      "bfloat16", "float16", "float32", "float64", "complex64", "complex128"]
_SHORT = {"bool": "b", "uint8": "u8", "uint16": "u16", "uint32": "u32", "uint64": "u64",
          "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64", "bfloat16": "bf16",
          "float16": "f16", "float32": "f32", "float64": "f64", "complex64": "c64",
          "complex128": "c128"}
def code(fn):
    try:
        r = fn()
    except Exception as e:
        return "E:" + type(e).__name__
    d = keras.backend.standardize_dtype(r.dtype)
    a = np.asarray(keras.ops.cast(r, "float32") if d == "bfloat16" else r)
    if a.dtype.kind == "c":
        s = complex(a.astype("complex128").sum())
        return _SHORT.get(d, d) + ":" + "%.4g%+.4gj" % (s.real, s.imag)
    return _SHORT.get(d, d) + ":" + "%.4g" % float(a.astype("float64").sum())
def sweep(label, fn, dtypes=None):
    print(label, " ".join(code(lambda: fn(d)) for d in (dtypes or DT)))
def mat(label, fn, dtypes=None):
    print(label)
    for a in dtypes or DT:
        print(" ", _SHORT[a], " ".join(code(lambda: fn(a, b)).split(":")[0]
                                      for b in dtypes or DT))
def arr(values, d):
    return keras.ops.cast(np.array(values), d)
"""
