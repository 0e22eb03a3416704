"""kprobe25's snippets on calling models: inputs of other structures, dtypes, ranks and
shapes than the model's, extra dict keys, kwargs nesting tensors (see cases.py)."""

from tests.keras.kprobe25.prelude import _TRY

SNIPPETS = {}

SNIPPETS["functional_called_on_other_structures"] = _TRY + """
a = keras.Input((2,), name="a")
b = keras.Input((3,), name="b")
o = layers.Concatenate()([a, layers.Dense(2)(b)])
m = keras.Model({"a": a, "b": b}, o)
fill(m)
xa, xb = np.ones((1, 2), "float32"), np.ones((1, 3), "float32")
print(r4(m({"a": xa, "b": xb})))
tryp("list", lambda: r4(m([xa, xb])))
tryp("extra_key", lambda: r4(m({"a": xa, "b": xb, "c": xa})))
tryp("missing_key", lambda: r4(m({"a": xa})))
tryp("single", lambda: r4(m(xa)))
m2 = keras.Model([a, b], o)
tryp("dict_to_list", lambda: r4(m2({"a": xa, "b": xb})))
tryp("tuple", lambda: r4(m2((xa, xb))))
tryp("three", lambda: r4(m2([xa, xb, xb])))
tryp("swapped", lambda: r4(m2([xb, xa])))
"""

SNIPPETS["functional_input_dtypes_ranks_shapes"] = _TRY + """
i = keras.Input((3,), dtype="int32", name="ids")
o = layers.Lambda(lambda t: t * 2, output_shape=(3,))(i)
m = keras.Model(i, o)
y = m(np.array([[1.7, 2.2, -0.5]], "float32"))
print(y.dtype, y.numpy().tolist())
print(m(np.array([[1, 2, 3]], "int64")).dtype)
f = keras.Input((3,), name="f")
d = layers.Dense(1)
mf = keras.Model(f, d(f))
fill(mf)
print(r4(mf(np.array([[1, 2, 3]]))), mf(np.array([[1, 2, 3]], "float64")).dtype)
tryp("rank_up", lambda: r4(mf(np.ones((3,), "float32"))))
tryp("rank_down", lambda: r4(mf(np.ones((1, 1, 3), "float32"))))
tryp("width", lambda: r4(mf(np.ones((2, 4), "float32"))))
s = keras.Input((None, 2), name="seq")
ms = keras.Model(s, layers.GlobalAveragePooling1D()(s))
print(ms(np.ones((1, 5, 2), "float32")).shape)
tryp("seq_rank", lambda: ms(np.ones((5, 2), "float32")).shape)
print(mf.predict(np.array([[1.0, 2.0, 3.0]]), verbose=0).dtype)
"""

SNIPPETS["layer_kwargs_nesting_tensors"] = _TRY + """
mha = layers.MultiHeadAttention(num_heads=1, key_dim=2)
q = np.ones((1, 2, 2), "float32")
print(mha(q, q).shape)
tryp("mask_list", lambda: mha(q, q, attention_mask=[[1, 0], [1, 1]]).shape)
tryp("mask_np", lambda: mha(q, q, attention_mask=np.array([[[1, 0], [1, 1]]])).shape)
class Two(layers.Layer):
    def call(self, x, extra=None):
        return x if extra is None else x + extra[0]
t = Two()
print(t(np.ones((1, 2), "float32"), extra=[np.ones((1, 2), "float32")]).numpy().tolist())
tryp("mixed_extra", lambda: t(tf.ones((1, 2)), extra=[tf.ones((1, 2)), 3.0]))
tryp("positional_list", lambda: t([tf.ones((1, 2)), 3.0]))
tryp("positional_float", lambda: t(tf.ones((1, 2)), 3.0))
"""

SNIPPETS["fit_predict_dict_key_mismatches"] = _TRY + """
a = keras.Input((2,), name="a")
b = keras.Input((1,), name="b")
h = layers.Concatenate()([a, b])
m = keras.Model({"a": a, "b": b}, {"out1": layers.Dense(1, name="out1")(h),
                                   "out2": layers.Dense(1, name="out2")(h)})
fill(m)
m.compile(optimizer=keras.optimizers.SGD(0.1), loss={"out1": "mse", "out2": "mae"})
x = {"a": np.ones((4, 2), "float32"), "b": np.zeros((4, 1), "float32")}
y = {"out1": np.ones((4, 1), "float32"), "out2": np.zeros((4, 1), "float32")}
print(logs4(m.fit(x, y, epochs=1, verbose=0)))
tryp("extra_x", lambda: sorted(m.predict({**x, "c": np.ones((4, 1))}, verbose=0)))
tryp("missing_x", lambda: m.predict({"a": x["a"]}, verbose=0))
tryp("bad_y_key", lambda: m.fit(x, {"out1": y["out1"], "zzz": y["out2"]}, verbose=0))
tryp("y_list", lambda: logs4(m.fit(x, [y["out1"], y["out2"]], epochs=1, verbose=0)))
tryp("y_missing", lambda: m.fit(x, {"out1": y["out1"]}, verbose=0))
tryp("bad_loss_key", lambda: m.compile(optimizer="sgd", loss={"out9": "mse"}))
print(sorted(m.predict(x, verbose=0)))
"""

SNIPPETS["symbolic_calls_of_wrong_shapes"] = _TRY + """
inner = keras.Sequential([keras.Input((3,)), layers.Dense(2)])
tryp("narrow", lambda: inner(keras.Input((4,))))
tryp("rank", lambda: inner(keras.Input((2, 3))).shape)
i = keras.Input((3,))
f = keras.Model(i, layers.Dense(2)(i))
tryp("f_narrow", lambda: f(keras.Input((5,))))
tryp("f_rank", lambda: f(keras.Input((2, 3))).shape)
print(f(keras.Input((3,), batch_size=7)).shape, f(keras.Input((None,))).shape)
d = layers.Dense(2)
d(keras.Input((3,)))
tryp("dense_again", lambda: d(keras.Input((4,))))
c = layers.Conv2D(2, 3)
tryp("conv_rank", lambda: c(keras.Input((5, 5))))
tryp("conv_small", lambda: c(keras.Input((2, 2, 1))).shape)
"""

SNIPPETS["unknown_last_axes_through_models"] = _TRY + """
for name, make, good, bad in [
        ("dense", lambda: layers.Dense(2), (3,), (None,)),
        ("conv1d", lambda: layers.Conv1D(2, 3), (5, 3), (5, None)),
        ("lstm", lambda: layers.LSTM(2), (4, 3), (4, None)),
        ("ln", lambda: layers.LayerNormalization(), (3,), (None,)),
        ("td", lambda: layers.TimeDistributed(layers.Dense(2)), (4, 3), (4, None)),
        ("ed", lambda: layers.EinsumDense("abc,cd->abd", output_shape=(None, 4)), (2, 3),
         (2, None))]:
    l = make()
    l.build((None,) + good)
    tryp(name + "_cos", lambda: l.compute_output_shape((None,) + bad))
    i = keras.Input(good)
    f = keras.Model(i, make()(i))
    tryp(name + "_model", lambda: f(keras.Input(bad)).shape)
tryp("unbuilt", lambda: layers.Dense(2).compute_output_shape((None, None)))
tryp("unbuilt_rank1", lambda: layers.Dense(2).compute_output_shape((None,)))
tryp("unbuilt_sym", lambda: layers.Dense(2)(keras.Input((None,))).shape)
tryp("seq", lambda: keras.Sequential([keras.Input((None,)), layers.Dense(2)]).output_shape)
"""
