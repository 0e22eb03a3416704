"""The helpers kprobe37's snippets start with: kprobe35's (`tryp`, `show`, `sig`, `fill`,
`r4`, `logs4`, `quiet`, `lines`, `code`, `sweep`, `mat`, `arr`, the small inputs and the
temporary folder `D`; see tests/keras/kprobe35/prelude.py), and `tryq`, `tryp` with an
object's repr in a message (`<keras.src.initializers...Zeros object at 0x7f...>`) cut to
its class name, as the address and module differ from run to run and from TF's (a
`<class 'a.b.C'>` too)."""

from tests.keras.kprobe35.prelude import _TRY as _TRY35

_TRY = _TRY35 + """
def _cut(text):
    text = re.sub(r"<[\\w.]+\\.(\\w+) object at 0x[0-9a-f]+>", r"<\\1>", text)
    return re.sub(r"<class '[\\w.]+\\.(\\w+)'>", r"<class '\\1'>", text)
def tryq(label, fn):
    try:
        print(label, _cut(repr(fn())))
    except Exception as e:
        print(label, type(e).__name__, _cut(str(e))[:300])
"""
