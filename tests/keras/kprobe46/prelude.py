"""The helpers kprobe46's snippets start with: `show`, a call's result as its type, dtype,
shape and values (floats rounded to 5 places) or its error's class and message (object
addresses cut, as they differ from run to run), and `vals`, a result's values alone."""

_TRY = """
import re
def _text(r):
    if isinstance(r, (tuple, list)) and r and not isinstance(r[0], (int, float, str)):
        return "(" + ", ".join(_text(v) for v in r) + ")"
    if isinstance(r, dict):
        return "{" + ", ".join(f"{k}: {_text(v)}" for k, v in sorted(r.items())) + "}"
    a = np.asarray(r)
    if a.dtype.kind in "fc":
        with np.errstate(over="ignore", invalid="ignore"):  # (an inf rounds to itself)
            a = np.round(a.astype(a.dtype.name if a.dtype.itemsize >= 4 else "float32"), 5)
    dtype = getattr(getattr(r, "dtype", None), "name", getattr(r, "dtype", None))
    return f"{type(r).__name__} {dtype} {list(a.shape)} {a.tolist()}"
def show(label, fn):
    try:
        print(label, _text(fn()))
    except Exception as e:
        print(label, type(e).__name__, re.sub(r" at 0x[0-9a-f]+", "", str(e))[:400])
"""
