"""kprobe17's snippets on layers: attention and normalization values and configs, masks
carried from an Embedding through recurrent and pooling layers, convolutions, resampling,
padding and cropping of odd shapes with their summaries (see cases.py)."""

from tests.keras.kprobe17.prelude import _TRY

SNIPPETS = {}

SNIPPETS["multi_head_attention_values_and_config"] = _TRY + """
mha = layers.MultiHeadAttention(num_heads=2, key_dim=3, value_dim=2, output_shape=5)
q = np.linspace(-1, 1, 2 * 3 * 4).reshape(2, 3, 4).astype("float32")
v = np.cos(np.arange(2 * 4 * 6)).reshape(2, 4, 6).astype("float32")
out, scores = mha(q, v, return_attention_scores=True)
print([(w.path, tuple(w.shape)) for w in mha.weights])
fill(mha)
out, scores = mha(q, v, return_attention_scores=True)
tryp("out", lambda: out)
tryp("scores", lambda: scores[0, 1])
mask = np.array([[[1, 1, 0, 0]] * 3, [[1, 1, 1, 1]] * 3], dtype=bool)
tryp("masked", lambda: mha(q, v, attention_mask=mask, return_attention_scores=True)[1][0, 0])
tryp("causal", lambda: mha(q, q[:, :, :4] * 0 + q, use_causal_mask=True,
                           return_attention_scores=True)[1][1, 0])
cfg = mha.get_config()
print(sorted(cfg))
print(cfg["num_heads"], cfg["key_dim"], cfg["value_dim"], cfg["output_shape"], cfg["dropout"],
      cfg["use_bias"], cfg["attention_axes"])
print(mha.count_params(), mha.num_heads, mha.key_dim, mha.value_dim)
tryp("bad_heads", lambda: layers.MultiHeadAttention(num_heads=0, key_dim=2)(q, q))
i = keras.Input((3, 4))
j = keras.Input((4, 6))
o = layers.MultiHeadAttention(num_heads=2, key_dim=3)(i, j)
print(o.shape)
m = keras.Model([i, j], o)
m.summary()
"""

SNIPPETS["layer_normalization_variants"] = _TRY + """
x = (np.arange(2 * 3 * 4, dtype="float32").reshape(2, 3, 4) ** 1.5) / 10
for kw in [{}, {"axis": [1, 2]}, {"axis": 1}, {"center": False, "scale": False},
           {"epsilon": 1.0}, {"rms_scaling": True}]:
    ln = layers.LayerNormalization(**kw)
    tryp(str(kw), lambda: ln(x)[1])
    print(" ", [(w.name, tuple(w.shape)) for w in ln.weights])
ln = layers.LayerNormalization(beta_initializer="ones",
    gamma_initializer=keras.initializers.Constant(2.0))
tryp("inits", lambda: ln(x[:1, :1]))
cfg = ln.get_config()
print(sorted(cfg), cfg["axis"], cfg["epsilon"])
print(layers.LayerNormalization.from_config(cfg).get_config() == cfg)
tryp("bad_axis", lambda: layers.LayerNormalization(axis=5)(x))
tryp("ints", lambda: layers.LayerNormalization()(np.arange(6).reshape(2, 3)))
h = layers.LayerNormalization(dtype="float16")
dt("half", lambda: h(x))
print(h.gamma.dtype, h.compute_dtype, h.variable_dtype)
"""

SNIPPETS["group_normalization_values_and_errors"] = _TRY + """
x = np.sin(np.arange(2 * 3 * 3 * 4, dtype="float32")).reshape(2, 3, 3, 4)
for g in [1, 2, 4, -1]:
    gn = layers.GroupNormalization(groups=g)
    tryp(f"groups={g}", lambda: gn(x)[0, 0])
gn = layers.GroupNormalization(groups=2, axis=1, center=False)
tryp("axis1", lambda: gn(x)[1, :, 0, 0])
print([(w.name, tuple(w.shape)) for w in gn.weights])
tryp("not_divisible", lambda: layers.GroupNormalization(groups=3)(x))
tryp("too_many", lambda: layers.GroupNormalization(groups=8)(x))
tryp("zero", lambda: layers.GroupNormalization(groups=0)(x))
cfg = layers.GroupNormalization(groups=2, epsilon=0.01).get_config()
print(sorted(cfg), cfg["groups"], cfg["epsilon"], cfg["axis"])
i = keras.Input((5, 6))
print(layers.GroupNormalization(groups=3)(i).shape)
"""

SNIPPETS["embedding_mask_zero_lstm"] = _TRY + """
ids = np.array([[3, 1, 0, 0], [2, 0, 0, 0], [1, 2, 3, 1]])
emb = layers.Embedding(5, 3, mask_zero=True)
lstm = layers.LSTM(2, return_sequences=True)
last = layers.LSTM(2)
e = emb(ids)
tryp("mask", lambda: emb.compute_mask(ids))
print(getattr(e, "_keras_mask", None) is not None)
seq = lstm(e)
fill(emb); fill(lstm); fill(last)
e = emb(ids)
seq = lstm(e)
tryp("seq", lambda: seq)
print(getattr(seq, "_keras_mask", None) is not None)
tryp("last", lambda: last(emb(ids)))
i = keras.Input((4,), dtype="int32")
h = emb(i)
s = lstm(h)
p = layers.GlobalAveragePooling1D()(s)
print(h._keras_mask is not None, s._keras_mask is not None, getattr(p, "_keras_mask", None))
m = keras.Model(i, [s, p])
out = m(ids)
tryp("pooled", lambda: out[1])
tryp("model_mask", lambda: m.compute_mask(ids, None))
tryp("bad_input_dim", lambda: layers.Embedding(0, 3))
print(emb.get_config()["mask_zero"], sorted(emb.get_config()))
"""

SNIPPETS["masking_through_layers"] = _TRY + """
x = np.arange(2 * 4 * 3, dtype="float32").reshape(2, 4, 3) / 10
x[0, 2:] = 0.0
x[1, 0] = 0.0
mk = layers.Masking(mask_value=0.0)
tryp("mask", lambda: mk.compute_mask(x))
i = keras.Input((4, 3))
a = mk(i)
b = layers.Dense(2)(a)
c = layers.TimeDistributed(layers.Dense(2))(a)
d = layers.Bidirectional(layers.GRU(2, return_sequences=True))(b)
e = layers.Add()([b, c])
f = layers.Concatenate()([b, d])
g = layers.GlobalMaxPooling1D()(f)
for name, t in [("masking", a), ("dense", b), ("time_distributed", c), ("bidirectional", d),
                ("add", e), ("concat", f), ("pool", g)]:
    print(name, getattr(t, "_keras_mask", None) is not None)
m = keras.Model(i, [e, f, g])
fill(m)
out = m(x)
tryp("add", lambda: out[0][0])
tryp("concat", lambda: out[1][0, :, :2])
tryp("pool", lambda: out[2])
simple = layers.SimpleRNN(2, return_sequences=True)
simple(x)
fill(simple)
tryp("rnn_masked", lambda: simple(x, mask=mk.compute_mask(x)))
tryp("rnn_unmasked", lambda: simple(x))
"""

SNIPPETS["conv1d_odd_shapes_and_summary"] = _TRY + """
x = np.sin(np.arange(2 * 7 * 3, dtype="float32")).reshape(2, 7, 3)
for kw in [dict(padding="valid"), dict(padding="same", strides=2), dict(padding="causal"),
           dict(padding="causal", dilation_rate=2), dict(strides=3), dict(groups=3, filters=3)]:
    kw = {"filters": 2, "kernel_size": 3, **kw}
    c = layers.Conv1D(**kw)
    c.build(x.shape)
    fill(c)
    tryp(str(kw), lambda: c(x)[0])
tryp("bad_causal_strides", lambda: layers.Conv1D(2, 3, padding="causal", strides=2,
    dilation_rate=2)(x))
unordered("bad_padding", lambda: layers.Conv1D(2, 3, padding="full"))
m = keras.Sequential([keras.Input((7, 3)), layers.Conv1D(4, 3, padding="same"),
                      layers.Conv1D(4, 2, strides=2), layers.MaxPooling1D(2, padding="same"),
                      layers.Conv1D(1, 1), layers.Flatten()])
m.summary()
print(m.output_shape, m.count_params())
"""

SNIPPETS["conv2d_transpose_shapes_and_values"] = _TRY + """
x = np.cos(np.arange(1 * 3 * 5 * 2, dtype="float32")).reshape(1, 3, 5, 2)
for kw in [dict(), dict(strides=2), dict(strides=2, padding="same"),
           dict(strides=(2, 3), output_padding=(1, 2)), dict(strides=2, dilation_rate=1,
               kernel_size=2)]:
    kw = {"filters": 2, "kernel_size": 3, **kw}
    c = layers.Conv2DTranspose(**kw)
    c.build(x.shape)
    fill(c)
    y = c(x)
    print(kw, tuple(y.shape), c.compute_output_shape(x.shape))
    tryp("  values", lambda: y[0, :2, :3, 0])
tryp("bad_output_padding", lambda: layers.Conv2DTranspose(2, 3, strides=2, output_padding=2)(x))
c1 = layers.Conv1DTranspose(3, 2, strides=3)
print(c1(np.ones((2, 4, 1), "float32")).shape)
c3 = layers.Conv3DTranspose(1, 2, strides=2, padding="same")
print(c3(np.ones((1, 2, 3, 3, 1), "float32")).shape)
m = keras.Sequential([keras.Input((3, 5, 2)), layers.Conv2DTranspose(4, 3, strides=2),
                      layers.Conv2DTranspose(1, (2, 1), padding="same")], name="decoder")
m.summary()
"""

SNIPPETS["separable_and_depthwise_convs"] = _TRY + """
x = np.sin(np.arange(1 * 5 * 5 * 2, dtype="float32") / 3).reshape(1, 5, 5, 2)
s = layers.SeparableConv2D(3, 3, depth_multiplier=2, padding="same")
s.build(x.shape)
print([(w.name, tuple(w.shape)) for w in s.weights], s.count_params())
fill(s)
tryp("separable", lambda: s(x)[0, :, :, 0])
d = layers.DepthwiseConv2D(2, depth_multiplier=3, strides=2)
d.build(x.shape)
print([(w.name, tuple(w.shape)) for w in d.weights])
fill(d)
tryp("depthwise", lambda: d(x)[0, :, :, 4])
s1 = layers.SeparableConv1D(2, 2, dilation_rate=2)
print(s1(x[:, 0]).shape, [tuple(w.shape) for w in s1.weights])
d1 = layers.DepthwiseConv1D(3, padding="same")
print(d1(x[:, 0]).shape)
cfg = s.get_config()
print(sorted(cfg), cfg["depth_multiplier"], cfg["depthwise_initializer"]["class_name"])
tryp("bad_multiplier", lambda: layers.DepthwiseConv2D(2, depth_multiplier=0)(x))
m = keras.Sequential([keras.Input((9, 7, 3)), layers.SeparableConv2D(8, 3, strides=2),
                      layers.DepthwiseConv2D(3, padding="same"), layers.GlobalAveragePooling2D()])
m.summary()
"""

SNIPPETS["upsampling_padding_cropping"] = _TRY + """
x = np.arange(1 * 2 * 3 * 1, dtype="float32").reshape(1, 2, 3, 1)
tryp("up2d", lambda: layers.UpSampling2D((2, 1))(x)[0, :, :, 0])
tryp("up2d_bilinear", lambda: layers.UpSampling2D(2, interpolation="bilinear")(x)[0, :, :, 0])
tryp("up1d", lambda: layers.UpSampling1D(3)(x[:, 0])[0, :, 0])
print(layers.UpSampling3D((1, 2, 3))(np.ones((1, 1, 2, 2, 1))).shape)
tryp("pad1d", lambda: layers.ZeroPadding1D((1, 2))(x[:, 0])[0, :, 0])
tryp("pad2d", lambda: layers.ZeroPadding2D(((0, 1), (2, 0)))(x)[0, :, :, 0])
print(layers.ZeroPadding2D(1)(x).shape, layers.ZeroPadding3D((1, 0, 2))(np.ones((1, 2, 2, 2,
    1))).shape)
tryp("crop1d", lambda: layers.Cropping1D((1, 0))(x[:, 0])[0, :, 0])
tryp("crop2d", lambda: layers.Cropping2D(((1, 0), (0, 2)))(x)[0, :, :, 0])
print(layers.Cropping3D(1)(np.ones((1, 3, 4, 5, 1))).shape)
tryp("crop_too_much", lambda: layers.Cropping2D(((1, 1), (0, 0)))(x))
tryp("crop_too_much_1d", lambda: layers.Cropping1D((2, 2))(x[:, 0]))
tryp("bad_pad", lambda: layers.ZeroPadding2D((1, 2, 3)))
tryp("bad_interp", lambda: layers.UpSampling2D(interpolation="cubicish"))
cf = layers.ZeroPadding2D(((1, 2), (3, 4)), data_format="channels_first")
print(cf(np.ones((1, 1, 2, 2))).shape, cf.get_config()["padding"])
print(layers.Cropping2D(((1, 2), (3, 4))).get_config()["cropping"])
print(layers.UpSampling2D(2).get_config())
m = keras.Sequential([keras.Input((5, 7, 1)), layers.ZeroPadding2D((1, 2)),
                      layers.Cropping2D(((0, 1), (2, 3))), layers.UpSampling2D(2)])
m.summary()
"""

SNIPPETS["pooling_odd_shapes_values"] = _TRY + """
x = np.sin(np.arange(1 * 5 * 5 * 1, dtype="float32")).reshape(1, 5, 5, 1)
for cls in [layers.MaxPooling2D, layers.AveragePooling2D]:
    for kw in [dict(), dict(padding="same"), dict(pool_size=3, strides=2),
               dict(pool_size=(2, 3), strides=(3, 1), padding="same")]:
        tryp(cls.__name__ + str(kw), lambda: cls(**kw)(x)[0, :, :, 0])
tryp("avg1d_same", lambda: layers.AveragePooling1D(2, padding="same")(x[:, 0])[0, :, 0])
tryp("gmax_keep", lambda: layers.GlobalMaxPooling2D(keepdims=True)(x))
tryp("gavg_cf", lambda: layers.GlobalAveragePooling2D(data_format="channels_first")(x))
print(layers.MaxPooling3D(2, padding="same")(np.ones((1, 3, 3, 3, 2))).shape)
print(layers.MaxPooling2D(2).get_config())
tryp("too_small", lambda: layers.MaxPooling2D(6)(x))
"""

SNIPPETS["reprs_of_layers_models_variables"] = _TRY + """
d = layers.Dense(3, name="proj")
print(repr(d)[:30].split(" at ")[0], str(d).split(" at ")[0])
d.build((None, 2))
print(repr(d.kernel).split("numpy=")[0])
print(repr(d.bias))
print(str(d.kernel.value.dtype), d.kernel.path, d.kernel.name, d.kernel.trainable)
i = keras.Input((2,), name="feat")
print(repr(i))
o = d(i)
print(repr(o))
print(o.name, o.dtype, o.shape, o.ndim, o.sparse)
m = keras.Model(i, o, name="tiny")
print(repr(m).split(" at ")[0])
print(str(m).split(" at ")[0])
s = keras.Sequential(name="seq")
print(repr(s).split(" at ")[0])
opt = keras.optimizers.Adam()
print(type(opt).__name__, repr(opt.iterations).split("numpy=")[0])
met = keras.metrics.Mean()
print(repr(met).split(" at ")[0])
print(repr(keras.losses.MeanSquaredError()).split(" at ")[0])
v = keras.Variable(np.ones((2, 2)), name="w", trainable=False)
print(repr(v))
print(repr(keras.Variable(3, dtype="int32")))
print(repr(keras.KerasTensor((None, 3), dtype="int64", name="kt")))
print(repr(keras.ops.ones((2,))))
"""
