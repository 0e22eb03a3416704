"""The helpers kprobe49b's snippets start with: kprobe40's (`tryp`, `tryq`, `show`, `r4`,
`js`, `try1`, `logs4`, `lines`, `bars`, the small inputs and the temporary folder `D`; see
tests/keras/kprobe40/prelude.py), and `gr`, a function's values and its gradient at `x`
(float32, fewer than 8 values: Eigen's scalar path) printed exactly, taken in a
tf.function (as Keras's fit takes them) or eagerly (`eager=True`)."""

from tests.keras.kprobe40.prelude import _TRY as _TRY40

_TRY = _TRY40 + """
def _f32(v):
    return None if v is None else [float(u) for u in np.asarray(v, "float32").ravel().tolist()]
def gr(label, f, x, eager=False):
    def g(x):
        with tf.GradientTape() as t:
            t.watch(x)
            y = f(x)
        return y, t.gradient(y, x)
    try:
        y, d = (g if eager else tf.function(g))(tf.constant(np.asarray(x, "float32")))
        print(label, _f32(y), _f32(d))
    except Exception as e:
        print(label, type(e).__name__, (str(e).splitlines() or [""])[0][:200])
"""
