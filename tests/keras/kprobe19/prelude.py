"""The helpers kprobe19's snippets start with: kprobe18's (`tryp` prints a result's repr
or the error's class and message, `dt` a result's Keras dtype name and shape, `quiet` what
a call prints with its dates masked, `head` an error's first line, `fill` sets a layer's
float weights to fixed values, `timeless`, `classless`, `r4` values to 4 decimals), and
the data and small model most training snippets share (`X`, `Y`, `dense_model`)."""

from tests.keras.kprobe18.prelude import _TRY as _TRY18

_TRY = _TRY18 + """
X = np.linspace(-1, 1, 24, dtype="float32").reshape(8, 3)
Y = (X.sum(axis=1, keepdims=True) * 0.5).astype("float32")
def dense_model(lr=0.1, **compile_kw):
    m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
    fill(m)
    compile_kw.setdefault("loss", "mse")
    m.compile(optimizer=keras.optimizers.SGD(lr), **compile_kw)
    return m
"""
