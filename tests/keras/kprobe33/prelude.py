"""The helpers kprobe33's snippets start with: kprobe32's (`tryp`, `show`, `fill`, `r4`,
`logs4`, `quiet`, `timeless`, `lines`, `keys`, `bars`, `img4`, `IMG`, the small inputs `F`,
`I`, `B`, `H`, `P`, `S` and the temporary folder `D` the snippet runs in; see
tests/keras/kprobe32/prelude.py), `NAN`, a float32 matrix with NaNs and infinities in
known places, and `sig`, which prints a tensor's Keras dtype name, shape and its sum to 5
significant digits (a checksum for outputs too large to print value by value) or the
error's class and the first line of its message."""

from tests.keras.kprobe32.prelude import _TRY as _TRY32

_TRY = _TRY32 + """
NAN = np.array([[1.0, np.nan, 3.0, -2.0], [np.nan, np.nan, np.nan, np.nan],
                [0.5, -np.inf, 2.0, np.nan]], "float32")
def sig(label, fn):
    try:
        r = fn()
        a = np.asarray(r)
        print(label, keras.backend.standardize_dtype(r.dtype), tuple(a.shape),
              float("%.5g" % a.astype("float64").sum()))
    except Exception as e:
        print(label, type(e).__name__, (str(e).splitlines() or [""])[0][:240])
"""
