"""The helpers kprobe21's snippets start with: kprobe20's (`tryp` prints a result's repr
or the error's class and message, `fill` sets a layer's float weights to fixed values,
`r4` values to 4 decimals, `logs4` a History's logs to 4 decimals, `timeless`, `X`, `Y`,
`dense_model`; see tests/keras/kprobe20/prelude.py)."""

from tests.keras.kprobe20.prelude import _TRY

__all__ = ["_TRY"]
