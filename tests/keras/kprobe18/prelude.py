"""The helpers kprobe18's snippets start with: kprobe17's (`tryp` prints a result's repr
or the error's class and message, `dt` a result's Keras dtype name and shape, `quiet` what
a call prints with its dates masked, `head` an error's first line, `answering`, `names`,
`fill` sets a layer's float weights to fixed values, `unordered`, `classless`, `timeless`),
and `r4`, a tensor or array (or a list or dict of them) as nested lists to 4 decimals."""

from tests.keras.kprobe17.prelude import _TRY as _TRY17

_TRY = _TRY17 + """
def r4(x):
    if isinstance(x, dict):
        return {k: r4(v) for k, v in sorted(x.items())}
    if isinstance(x, (list, tuple)):
        return [r4(v) for v in x]
    a = np.asarray(x)
    return a.astype("float64").round(4).tolist() if a.dtype.kind == "f" else a.tolist()
"""
