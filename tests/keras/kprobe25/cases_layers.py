"""kprobe25's snippets on custom layers: sublayers held in lists and dicts, masks of
custom layers, training passed by position, symbolic calls of layers without
compute_output_shape (see cases.py)."""

from tests.keras.kprobe25.prelude import _TRY

SNIPPETS = {}

SNIPPETS["sublayers_in_lists_and_dicts"] = _TRY + """
class Tower(layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.blocks = [layers.Dense(2, name="b0"), layers.Dense(2, name="b1")]
        self.heads = {"z": layers.Dense(1, name="hz"), "a": layers.Dense(1, name="ha")}
        self.nested = [[layers.Dense(2, name="n0")], (layers.Dense(2, name="n1"),)]
        self.plain = [1, "x"]
    def call(self, x):
        for b in self.blocks:
            x = b(x)
        x = self.nested[1][0](self.nested[0][0](x))
        return self.heads["z"](x) + self.heads["a"](x)
t = Tower(name="tower")
t(np.ones((1, 3), "float32"))
print([w.path for w in t.weights])
print(type(t.blocks).__name__, type(t.heads).__name__, type(t.nested[1]).__name__,
      t.plain, len(t._layers) if hasattr(t, "_layers") else None)
tryp("append_built", lambda: t.blocks.append(layers.Dense(5, name="late")))
print(len(t.weights), len(t.blocks))
print(t.count_params())
"""

SNIPPETS["custom_layer_masks_and_training"] = _TRY + """
class Keep(layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.supports_masking = True
    def call(self, x):
        return x * 2
class Show(layers.Layer):
    def call(self, x, mask=None):
        return x if mask is None else x * keras.ops.cast(mask[..., None], x.dtype)
class Drop(layers.Layer):
    def call(self, x, training=None):
        return x + (1.0 if training else 0.0)
ids = np.array([[1, 2, 0]], "int32")
e = layers.Embedding(4, 2, mask_zero=True)
fill(e)
x = e(ids)
print(getattr(Keep()(x), "_keras_mask", None) is not None, r4(Show()(Keep()(x))))
print(getattr(layers.Dense(2)(x), "_keras_mask", None) is not None)
d = Drop()
o = np.zeros((1, 2), "float32")
print(r4(d(o)), r4(d(o, training=True)), r4(d(o, training=False)))
tryp("positional_training", lambda: r4(d(o, True)))
i = keras.Input((2,))
m = keras.Model(i, Drop()(i))
print(r4(m(o)), r4(m(o, training=True)), r4(m.predict(o, verbose=0)))
m.compile(loss="mse")
print(round(float(m.evaluate(o, o, verbose=0)), 4), round(float(m.train_on_batch(o, o)), 4))
"""

SNIPPETS["symbolic_calls_without_compute_output_shape"] = _TRY + """
class Pair(layers.Layer):
    def call(self, x):
        return x[:, :2], keras.ops.sum(x, axis=-1)
class Cast(layers.Layer):
    def call(self, x):
        return keras.ops.cast(x > 0, "int32")
class Dict(layers.Layer):
    def call(self, x):
        return {"sq": x ** 2, "neg": -x}
i = keras.Input((5,))
a, b = Pair()(i)
print(a.shape, b.shape, a.dtype)
c = Cast()(i)
print(c.shape, c.dtype)
d = Dict()(i)
print(sorted(d), d["sq"].shape)
m = keras.Model(i, [a, b, c, d])
out = m(np.arange(5, dtype="float32").reshape(1, 5) - 2)
print([type(o).__name__ for o in out], r4(out[1]), out[2].numpy().tolist(), sorted(out[3]))
spec = Pair().compute_output_spec(keras.KerasTensor((None, 5)))
print([(s.shape, s.dtype) for s in spec])
tryp("cos", lambda: Pair().compute_output_shape((None, 5)))
class NoShape(layers.Layer):
    def call(self, x):
        return keras.ops.reshape(x, (-1,))
print(NoShape()(keras.Input((2, 3))).shape)
"""
