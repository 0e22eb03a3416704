"""The helpers kprobe25's snippets start with: kprobe24's (`tryp` prints a result's repr
or the error's class and message, `fill` sets a layer's float weights to fixed values,
`r4` values to 4 decimals, `logs4` a History's logs to 4 decimals, `quiet` and `timeless`
what a call prints with its dates and step times masked, `show`, `X`, `Y`, `dense_model`;
see tests/keras/kprobe20/prelude.py and tests/keras/kprobe15/prelude.py)."""

from tests.keras.kprobe24.prelude import _TRY

__all__ = ["_TRY"]
