"""The helpers kprobe29's snippets start with: kprobe27's (`tryp` prints a result's repr
or the error's class and message, `show` what a call gives as Keras dtype name, shape and
values to 4 decimals, `fill` sets a layer's float weights to fixed values, `r4` values to
4 decimals, `logs4` a History's logs to 4 decimals, `quiet` and `timeless` what a call
prints with its dates and step times masked, `wsum`, `X`, `Y`, `dense_model`; see
tests/keras/kprobe27/prelude.py), and `floatx`, which runs a call under another default
float type and puts the old one back. A snippet runs in its own temporary folder `D`, so
the files it saves land there (the recorder runs snippets from the repository's root)."""

from tests.keras.kprobe27.prelude import _TRY as _TRY27

_TRY = _TRY27 + """
os.chdir(D)
def floatx(kind, fn):
    old = keras.config.floatx()
    keras.config.set_floatx(kind)
    try:
        return fn()
    finally:
        keras.config.set_floatx(old)
"""
