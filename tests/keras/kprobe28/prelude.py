"""The helpers kprobe28's snippets start with: kprobe27's (`tryp` prints a result's repr
or the error's class and message, `fill` sets a layer's float weights to fixed values,
`fill_bn` keeps moving variances positive, `r4` values to 4 decimals, `logs4` a History's
logs to 4 decimals, `quiet` and `timeless` what a call prints with its dates and step
times masked, `wsum` a model's weights as (count, sum, sum of absolute values), `show`,
`X`, `Y`, `dense_model`; see tests/keras/kprobe27/prelude.py)."""

from tests.keras.kprobe27.prelude import _TRY

__all__ = ["_TRY"]
