"""The helpers kprobe39's snippets start with: kprobe38's (`tryp`, `tryq`, `tryz`, `rt`,
`show`, `r4`, the small inputs and the temporary folder `D`; see
tests/keras/kprobe38/prelude.py), and `r4s`, a result rounded to 4 places as a list (a
scalar a float)."""

from tests.keras.kprobe38.prelude import _TRY as _TRY38

_TRY = _TRY38 + """
def r4s(x):
    a = np.round(np.asarray(x, dtype="float64"), 4)
    return float(a) if a.ndim == 0 else a.tolist()
"""
