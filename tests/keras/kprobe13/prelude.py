"""The helpers kprobe13's snippets start with: `tryp` prints a result's repr (NumPy arrays
to 4 decimals) or the error's class and message (temporary paths as TMP), `dt` a result's
Keras dtype name and shape, `quiet` what a call prints with its dates masked."""

_TRY = """
import os, tempfile, json, re, io, contextlib
D = tempfile.mkdtemp()
def tryp(label, fn):
    try:
        r = fn()
        if hasattr(r, "numpy"):
            r = r.numpy()
        with np.printoptions(precision=4, suppress=True):  # (NumPy's options left as they were)
            print(label, repr(r).replace(D, "TMP"))
    except Exception as e:
        print(label, type(e).__name__, str(e).replace(D, "TMP")[:300])
def dt(label, fn):
    try:
        r = fn()
        print(label, keras.backend.standardize_dtype(r.dtype), tuple(r.shape))
    except Exception as e:
        print(label, type(e).__name__, str(e)[:300])
def quiet(fn):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        r = fn()
    text = re.sub(r"[0-9]{4}-[0-9]{2}-[0-9]{2}@[0-9:]{8}", "DATE", buf.getvalue())
    print(text.replace(D, "TMP"), end="")
    return r
"""
