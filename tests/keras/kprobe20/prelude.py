"""The helpers kprobe20's snippets start with: kprobe19's (`tryp` prints a result's repr
or the error's class and message, `dt` a result's Keras dtype name and shape, `quiet` what
a call prints with its dates masked, `head` an error's first line, `fill` sets a layer's
float weights to fixed values, `timeless`, `classless`, `r4` values to 4 decimals, the
data `X`, `Y` and `dense_model`), and `logs4`, a fit History's logs to 4 decimals."""

from tests.keras.kprobe19.prelude import _TRY as _TRY19

_TRY = _TRY19 + """
def logs4(history):
    return {k: [round(float(v), 4) for v in vs] for k, vs in sorted(history.history.items())}
"""
