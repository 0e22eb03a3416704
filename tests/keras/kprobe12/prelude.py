"""The helpers kprobe12's snippets start with: `tryp` prints a result's repr or the error's
class and message (temporary paths as TMP), `dt` a result's Keras dtype name and shape."""

_TRY = """
import os, tempfile, json
D = tempfile.mkdtemp()
def tryp(label, fn):
    try:
        r = fn()
        if hasattr(r, "numpy"):
            r = r.numpy()
        print(label, repr(r).replace(D, "TMP"))
    except Exception as e:
        print(label, type(e).__name__, str(e).replace(D, "TMP")[:300])
def dt(label, fn):
    try:
        r = fn()
        print(label, keras.backend.standardize_dtype(r.dtype), tuple(r.shape))
    except Exception as e:
        print(label, type(e).__name__, str(e)[:300])
"""
