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

SNIPPETS["input_spec_checks"] = _TRY + """
InputSpec = layers.InputSpec
class L(layers.Layer):
    def __init__(self, spec, **kw):
        super().__init__(**kw)
        self.input_spec = spec
    def call(self, x):
        return x
for label, spec, x in [
        ("ndim", InputSpec(ndim=2), np.ones((1, 2, 3), "float32")),
        ("max_ndim", InputSpec(max_ndim=2), np.ones((1, 2, 3), "float32")),
        ("min_ndim", InputSpec(min_ndim=3), np.ones((1, 2), "float32")),
        ("axes", InputSpec(axes={-1: 4}), np.ones((1, 3), "float32")),
        ("axes_pos", InputSpec(axes={1: 2}), np.ones((1, 3, 2), "float32")),
        ("shape", InputSpec(shape=(None, 3)), np.ones((2, 4), "float32")),
        ("dtype", InputSpec(dtype="int32"), np.ones((1, 2), "float32")),
        ("squeeze", InputSpec(shape=(None, 2), allow_last_axis_squeeze=True),
         np.ones((3, 2, 1), "float32")),
        ("ok", InputSpec(ndim=2, axes={-1: 2}), np.ones((1, 2), "float32"))]:
    tryp(label, lambda: L(spec, name="l_" + label)(x).shape)
    tryp(label + "_sym", lambda: L(spec, name="s_" + label)(keras.Input(x.shape[1:])).shape)
print(InputSpec(ndim=2, axes={-1: 3}))
print(InputSpec(shape=(None, 3), name="feat").get_config())
print(InputSpec.from_config({"ndim": 3}).ndim)
bad = L(InputSpec(ndim=1), name="bad")
tryp("bad_spec", lambda: setattr(bad, "input_spec", [InputSpec(ndim=2), None]))
tryp("bad_spec_call", lambda: bad(np.ones((1, 2), "float32")).shape)
tryp("both", lambda: InputSpec(shape=(2,), ndim=3))
tryp("axes_bad", lambda: InputSpec(ndim=2, axes={5: 2}))
tryp("two_inputs", lambda: L([InputSpec(ndim=2), InputSpec(ndim=2)])(np.ones((1, 2))))
"""

SNIPPETS["functional_names_and_flags"] = _TRY + """
i = keras.Input((2,), name="inp")
d1 = layers.Dense(2, name="same")
d2 = layers.Dense(2, name="same")
tryp("dup_names", lambda: keras.Model(i, d2(d1(i))))
tryp("bad_kw", lambda: keras.Model(i, layers.Dense(1)(i), foo=1))
for kw in [dict(dtype="float64"), dict(autocast=False)]:
    f = keras.Model(i, layers.Dense(1)(i), **kw)
    print(kw, f.dtype_policy.name, f.autocast)
m = keras.Model(i, layers.Dense(1, name="o")(i), name="flags", trainable=False)
print(m.trainable, len(m.trainable_weights), len(m.non_trainable_weights), m.name)
print(m.get_layer(index=0).__class__.__name__, m.layers[0].name, m.input_names if hasattr(
    m, "input_names") else None, m.output_names)
tryp("name_int", lambda: keras.Model(i, layers.Dense(1)(i), name=3))
tryp("not_input", lambda: keras.Model(layers.Dense(2)(i), i))
tryp("not_tensor", lambda: keras.Model(i, np.ones(2)))
j = keras.Input((2,), name="inp")
tryp("dup_inputs", lambda: keras.Model([i, j], [layers.Add()([i, j])]).input_names)
"""

SNIPPETS["custom_layer_weights_and_auto_config"] = _TRY + """
class A(layers.Layer):
    def __init__(self, units, act=None, init=keras.initializers.Ones(), **kw):
        super().__init__(**kw)
        self.units = units
        self.kv = keras.Variable(np.ones(2, "float32"), name="kv")
        self.tv = tf.Variable(np.ones(3, "float32"), name="tv")
        self.ints = self.add_weight(shape=(2,), dtype="int32", name="ints")
    def call(self, x):
        return x
a = A(3, act="relu", name="a")
print([w.path for w in a.weights], [w.path for w in a.trainable_weights],
      [(w.path, w.trainable) for w in a.non_trainable_weights])
tryp("config", lambda: a.get_config())
tryp("from_config", lambda: A.from_config(a.get_config()).units)
tryp("config_lambda", lambda: A(np.int64(2), act=lambda x: x).get_config())
tryp("int_trainable", lambda: layers.Layer().add_weight(shape=(1,), dtype="int32",
                                                        trainable=True).trainable)
tryp("bool_w", lambda: layers.Layer().add_weight(shape=(1,), dtype="bool").numpy())
tryp("str_init", lambda: layers.Layer().add_weight(shape=(2,), initializer="ones").numpy())
tryp("bad_init", lambda: layers.Layer().add_weight(shape=(2,), initializer="onez"))
tryp("list_shape", lambda: layers.Layer().add_weight(shape=[2, 1], name="x").path)
tryp("int_shape", lambda: layers.Layer().add_weight(shape=3).shape)
tryp("float_dim", lambda: layers.Layer().add_weight(shape=(2.0,)).shape)
tryp("neg_dim", lambda: layers.Layer().add_weight(shape=(-1,)).shape)
v = keras.Variable(np.ones(2), trainable=False, name="free")
print(v, v.path, v.dtype)
tryp("var_str_init", lambda: keras.Variable("ones", shape=(2,)))
tryp("var_callable", lambda: keras.Variable(keras.initializers.Ones(), shape=(2,)).numpy())
"""

SNIPPETS["build_of_several_shapes"] = _TRY + """
os.chdir(D)
@keras.saving.register_keras_serializable(package="k25")
class Pair(layers.Layer):
    def build(self, a_shape, b_shape):
        print("build", a_shape, b_shape)
        self.w = self.add_weight(shape=(a_shape[-1] + b_shape[-1],), initializer="ones")
    def call(self, a, b):
        return keras.ops.concatenate([a, b], -1) * self.w
p = Pair(name="pair")
print(p(np.ones((1, 2), "float32"), np.ones((1, 3), "float32")).shape, p.get_build_config())
q = Pair(name="pair_kw")
print(q(np.ones((2, 1), "float32"), b=np.ones((2, 2), "float32")).shape)
i, j = keras.Input((2,), name="i"), keras.Input((4,), name="j")
m = keras.Model([i, j], Pair(name="sym")(i, j))
print(m.output_shape, m.layers[-1].get_build_config())
m.save("pair.keras")
back = keras.saving.load_model("pair.keras")
print(back.output_shape, [tuple(w.shape) for w in back.weights])
class Bad(layers.Layer):
    def build(self, x, y_shape):
        pass
    def call(self, x, y):
        return x
tryp("no_suffix", lambda: Bad()(np.ones((1, 2)), np.ones((1, 2))))
class Bad2(layers.Layer):
    def build(self, x_shape, z_shape):
        pass
    def call(self, x, y):
        return x
tryp("no_arg", lambda: Bad2()(np.ones((1, 2)), np.ones((1, 2))))
class Opt(layers.Layer):
    def build(self, x_shape, y_shape=None):
        print("opt build", x_shape, y_shape)
    def call(self, x, y=None):
        return x
Opt()(np.ones((1, 2)))
Opt()(np.ones((1, 2)), y=[np.ones((1, 3)), np.ones((1, 1))])
"""

SNIPPETS["user_compute_output_shape_in_symbolic_calls"] = _TRY + """
class P(layers.Layer):
    def call(self, a, b):
        return keras.ops.concatenate([a, b], -1)
    def compute_output_shape(self, a_shape, b_shape):
        print("cos", a_shape, b_shape)
        return a_shape[:-1] + (a_shape[-1] + b_shape[-1],)
i, j = keras.Input((2,)), keras.Input((3,))
tryp("two", lambda: P()(i, j).shape)
class Q(layers.Layer):
    def call(self, a, b=None):
        return a
    def compute_output_shape(self, input_shape):
        print("cos1", input_shape)
        return input_shape
tryp("first", lambda: Q()(i, j).shape)
tryp("first_kw", lambda: Q()(i, b=j).shape)
n = keras.Input((2,), dtype="int32")
print(Q()(n).dtype, Q(dtype="float64")(i).dtype, Q(autocast=False)(
    keras.Input((2,), dtype="float64")).dtype)
print(Q()(np.ones((1, 2), "int32")).dtype)
class Bad(layers.Layer):
    def call(self, a, b):
        return a
    def compute_output_shape(self, a_shape, c_shape):
        return a_shape
tryp("bad_name", lambda: Bad()(i, j))
class Lst(layers.Layer):
    def call(self, x):
        return {"u": x, "v": x[:, :1]}
    def compute_output_shape(self, s):
        return {"u": s, "v": [s[0], 1]}
out = Lst()(i)
print(sorted(out), out["v"].shape, out["u"].dtype)
"""
