"""The helpers kprobe31's snippets start with: kprobe30's (`tryp`, `show`, `fill`, `r4`,
`logs4`, `quiet`, `timeless`, `lines`, `wsum`, `floatx`, `X`, `Y`, `dense_model`, the
temporary folder `D` the snippet runs in; see tests/keras/kprobe30/prelude.py), and
`keys`, which prints a History's or a logs dict's keys in the order Keras gives them
(the order is what a user's CSV columns and progress bars show), and `bars`, `lines` with
the progress bars' elapsed seconds masked too and their backspaces dropped (a first step
that traces takes a second on TF, and the next line backs over a wider one)."""

from tests.keras.kprobe30.prelude import _TRY as _TRY30

_TRY = _TRY30 + """
def keys(label, obj):
    d = obj.history if hasattr(obj, "history") else obj
    print(label, list(d))
def bars(fn):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        fn()
    text = re.sub(r"[0-9]+m?s/step|[0-9]+us/step", "T/step", buf.getvalue())
    text = re.sub(r"\\x1b\\[1m[0-9]+m?s\\x1b\\[0m", "ELAPSED", text)
    text = re.sub(r" - [0-9]+m?s - ", " - ELAPSED - ", text).replace("\\x08", "")
    for line in text.replace(D, "TMP").splitlines():
        print(line.rstrip())
"""
