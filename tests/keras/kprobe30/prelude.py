"""The helpers kprobe30's snippets start with: kprobe29's (`tryp`, `show`, `fill`, `r4`,
`logs4`, `quiet`, `timeless`, `wsum`, `floatx`, `X`, `Y`, `dense_model`; see
tests/keras/kprobe29/prelude.py), the temporary folder `D` the snippet runs in, and `lines`,
which prints what a call printed with its step times masked and trailing blanks dropped."""

from tests.keras.kprobe29.prelude import _TRY as _TRY29

_TRY = _TRY29 + """
def lines(fn):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        fn()
    text = re.sub(r"[0-9]+m?s/step|[0-9]+us/step", "T/step", buf.getvalue())
    for line in text.replace(D, "TMP").splitlines():
        print(line.rstrip())
"""
