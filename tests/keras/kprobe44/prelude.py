"""The helpers kprobe44's snippets start with: kprobe38's (`tryq`, `tryz`, `rt`, `show` and
the rest; see tests/keras/kprobe38/prelude.py) and `err`, which prints a call's result or
its error's class and message, with object addresses and module paths cut."""

from tests.keras.kprobe38.prelude import _TRY as _TRY38

_TRY = _TRY38 + """
def err(label, fn):
    try:
        r = fn()
        print(label, "ok", type(r).__name__)
    except Exception as e:
        print(label, type(e).__name__, re.sub(r" at 0x[0-9a-f]+", "", _cut(str(e)))[:400])
"""
