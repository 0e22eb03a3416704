"""The helpers kprobe14's snippets start with: kprobe13's (`tryp` prints a result's repr or
the error's class and message, `dt` a result's Keras dtype name and shape, `quiet` what a
call prints with its dates masked), and `head`, which prints an error's first line only
(for messages that show a function's address)."""

from tests.keras.kprobe13.prelude import _TRY as _TRY13

_TRY = _TRY13 + """
def head(label, fn):
    try:
        r = fn()
        print(label, np.asarray(r).round(4).tolist())
    except Exception as e:
        print(label, type(e).__name__, str(e).splitlines()[0])
"""
