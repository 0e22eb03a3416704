"""The helpers kprobe22's snippets start with: kprobe21's (`tryp` prints a result's repr
or the error's class and message, `fill` sets a layer's float weights to fixed values,
`r4` values to 4 decimals, `logs4` a History's logs to 4 decimals, `quiet` and `timeless`
what a call prints with its dates and step times masked, `X`, `Y`, `dense_model`; see
tests/keras/kprobe20/prelude.py) and kprobe15's `show` with the small inputs `O` (keras.ops),
`F`, `I`, `B`, `IM` (see tests/keras/kprobe15/prelude.py)."""

from tests.keras.kprobe15.prelude import _SHOW
from tests.keras.kprobe21.prelude import _TRY

_TRY = _TRY + _SHOW

__all__ = ["_TRY"]
