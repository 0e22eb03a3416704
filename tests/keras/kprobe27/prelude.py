"""The helpers kprobe27's snippets start with: kprobe24's (`tryp` prints a result's repr
or the error's class and message, `fill` sets a layer's float weights to fixed values,
`r4` values to 4 decimals, `logs4` a History's logs to 4 decimals, `quiet` and `timeless`
what a call prints with its dates and step times masked, `show`, `X`, `Y`, `dense_model`;
see tests/keras/kprobe20/prelude.py and tests/keras/kprobe15/prelude.py), and `wsum`, a
model's weights as (count, sum, sum of absolute values) to 4 decimals, which shows that
training moved them without printing every value, and `fill_bn`, `fill` with the moving
variances of normalization layers kept positive (a negative one gives NaNs)."""

from tests.keras.kprobe24.prelude import _TRY as _TRY24

_TRY = _TRY24 + """
def wsum(obj):
    ws = [np.asarray(w) for w in obj.weights]
    return (len(ws), round(float(sum(w.sum() for w in ws)), 4),
            round(float(sum(np.abs(w).sum() for w in ws)), 4))
def fill_bn(obj, scale=0.5):
    fill(obj, scale)
    for w in obj.weights:
        if "moving_variance" in w.path:
            w.assign(np.abs(np.asarray(w)) + 0.5)
"""
