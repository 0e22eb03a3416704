"""kprobe18's last snippets: seeded dropout and noise layers in training, models and layers
used wrongly (no call, a Lambda without output_shape, a misspelt loss, extra label keys),
Dense on integer inputs, metrics_names over a model's life and compute_loss called
directly (see cases.py)."""

from tests.keras.kprobe18.prelude import _TRY

SNIPPETS = {}

SNIPPETS["seeded_dropout_and_noise_training"] = _TRY + """
x = np.arange(1, 25, dtype="float32").reshape(2, 3, 4) / 10
for l in [layers.Dropout(0.5, seed=3), layers.Dropout(0.5, noise_shape=(None, 1, 4), seed=3),
          layers.SpatialDropout1D(0.5, seed=3), layers.GaussianNoise(0.2, seed=3),
          layers.GaussianDropout(0.3, seed=3), layers.AlphaDropout(0.4, seed=3)]:
    a = l(x, training=True)
    b = l(x, training=True)
    print(type(l).__name__, r4(a[0, 0]), np.allclose(a, b), np.allclose(l(x), x))
print(sorted(layers.Dropout(0.5, seed=3).get_config()))
tryp("rate", lambda: layers.Dropout(1.0))
tryp("rate_neg", lambda: layers.GaussianDropout(-0.1))
tryp("spatial_rank", lambda: layers.SpatialDropout2D(0.5)(x, training=True))
"""

SNIPPETS["misused_models_and_layers"] = _TRY + """
class NoCall(keras.Model):
    pass
tryp("no_call", lambda: NoCall()(np.ones((1, 2), "float32")))
class L(layers.Layer):
    pass
tryp("layer_no_call", lambda: L()(np.ones((1, 2), "float32")))
lam = layers.Lambda(lambda t: t[:, :2] * 2)
i = keras.Input((4,))
print(tuple(lam(i).shape), lam.get_config().get("output_shape"))
lam2 = layers.Lambda(lambda t: keras.ops.concatenate([t, t], -1), output_shape=(8,))
print(tuple(lam2(i).shape), lam2.compute_output_shape((None, 4)))
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
tryp("loss_typo", lambda: m.compile(optimizer="sgd", loss="mean_sqared_error"))
tryp("opt_typo", lambda: m.compile(optimizer="sgdd", loss="mse"))
tryp("metric_typo", lambda: (m.compile(optimizer="sgd", loss="mse", metrics=["acuracy"]),
     m.fit(np.ones((2, 3)), np.ones((2, 1)), verbose=0))[1])
i = keras.Input((3,), name="x")
d = keras.Model(i, {"a": layers.Dense(1, name="a")(i)})
d.compile(optimizer="sgd", loss={"a": "mse"})
tryp("extra_key", lambda: d.fit(np.ones((2, 3)), {"a": np.ones((2, 1)), "b": np.ones((2, 1))},
     verbose=0).history.keys())
tryp("missing_key", lambda: d.fit(np.ones((2, 3)), {"b": np.ones((2, 1))}, verbose=0))
"""

SNIPPETS["dense_on_integer_inputs"] = _TRY + """
d = layers.Dense(2)
y = d(np.array([[1, 2, 3]], "int32"))
print(y.dtype, tuple(y.shape), str(d.kernel.dtype))
fill(d)
print(r4(d(np.array([[1, 2, 3]], "int64"))), r4(d(np.array([[True, False, True]]))))
e = layers.Dense(1, dtype="float64")
print(e(np.ones((1, 2), "float32")).dtype)
c = layers.Conv1D(1, 2)
tryp("conv_uint8", lambda: c(np.ones((1, 3, 1), "uint8")).dtype)
tryp("conv_int32", lambda: c(np.ones((1, 3, 1), "int32")).dtype)
n = layers.BatchNormalization()
print(n(np.ones((2, 2), "int32")).dtype)
tryp("string", lambda: layers.Dense(1)(np.array([["a"]])))
m = keras.Sequential([keras.Input((3,), dtype="int32"), layers.Dense(1)])
print(m.inputs[0].dtype, m.outputs[0].dtype, m.predict(np.ones((1, 3), "int32"), verbose=0).dtype)
"""

SNIPPETS["metrics_names_and_compute_loss"] = _TRY + """
X = np.linspace(-1, 1, 12, dtype="float32").reshape(4, 3)
Y = X[:, :1] * 2
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
fill(m)
print(m.metrics_names, [x.name for x in m.metrics])
m.compile(optimizer="sgd", loss="mse", metrics=["mae", keras.metrics.MeanSquaredError(name="mse2")])
print(m.metrics_names, [type(x).__name__ for x in m.metrics])
m.evaluate(X, Y, verbose=0)
print(m.metrics_names, [x.name for x in m.metrics])
loss = m.compute_loss(x=X, y=Y, y_pred=m(X))
print(r4(loss), str(loss.dtype))
print(r4(m.compute_loss(x=X, y=Y, y_pred=m(X), sample_weight=np.array([1.0, 0.0, 0.0, 0.0]))))
tryp("no_y", lambda: r4(m.compute_loss(x=X, y_pred=m(X))))
print(r4(m.compute_metrics(X, Y, m(X), sample_weight=None)))
print(r4(m.get_metrics_result()))
m.reset_metrics()
print(r4(m.get_metrics_result()))
"""

SNIPPETS["ops_bool_and_int_arithmetic"] = _TRY + """
O = keras.ops
B = np.array([True, False, True])
I8 = np.array([100, -100, 7], "int8")
U8 = np.array([200, 10, 255], "uint8")
for name, fn in [("add_bb", lambda: O.add(B, B)), ("mul_bb", lambda: O.multiply(B, B)),
                 ("sub_bb", lambda: O.subtract(B, B)), ("div_bb", lambda: O.divide(B, B)),
                 ("neg_b", lambda: O.negative(B)), ("sum_b", lambda: O.sum(B)),
                 ("mean_b", lambda: O.mean(B)), ("add_i8", lambda: O.add(I8, I8)),
                 ("add_i8_u8", lambda: O.add(I8, U8)), ("mul_u8_f", lambda: O.multiply(U8, 0.5)),
                 ("floordiv_i8", lambda: O.floor_divide(I8, np.int8(3))),
                 ("mod_neg", lambda: O.mod(I8, np.int8(-3))), ("power_int", lambda: O.power(I8, 2)),
                 ("abs_i8", lambda: O.absolute(np.array([-128], "int8"))),
                 ("sqrt_int", lambda: O.sqrt(U8)), ("maximum_b", lambda: O.maximum(B, 0.5)),
                 ("cumsum_b", lambda: O.cumsum(B)), ("sign_u8", lambda: O.sign(U8))]:
    try:
        r = fn()
        print(name, keras.backend.standardize_dtype(r.dtype), r4(r))
    except Exception as e:
        print(name, type(e).__name__, str(e).splitlines()[0][:200])
"""

SNIPPETS["merge_layers_errors_and_values"] = _TRY + """
a = np.arange(6, dtype="float32").reshape(2, 3)
b = np.ones((2, 3), "float32") * 2
for l in [layers.Add(), layers.Subtract(), layers.Multiply(), layers.Average(), layers.Maximum(),
          layers.Minimum(), layers.Concatenate(axis=0), layers.Dot(axes=1),
          layers.Dot(axes=1, normalize=True)]:
    tryp(type(l).__name__, lambda: r4(l([a, b])))
tryp("add_one", lambda: layers.Add()([a]))
tryp("add_shapes", lambda: layers.Add()([a, np.ones((2, 4), "float32")]))
tryp("sub_three", lambda: layers.Subtract()([a, a, a]))
tryp("concat_shapes", lambda: layers.Concatenate()([a, np.ones((3, 3), "float32")]))
tryp("concat_sym", lambda: layers.Concatenate()([keras.Input((3,)), keras.Input((2, 2))]))
tryp("dot_bad", lambda: layers.Dot(axes=(1, 1))([a, np.ones((2, 4), "float32")]))
tryp("not_list", lambda: layers.Add()(a))
tryp("add_batch1", lambda: r4(layers.Add()([a, np.ones((1, 3), "float32")])))
"""

SNIPPETS["shape_layers_more"] = _TRY + """
x = np.arange(24, dtype="float32").reshape(2, 3, 4)
print(layers.Reshape((-1, 2))(x).shape, layers.Reshape((4, 3))(x).shape)
tryp("two_unknown", lambda: layers.Reshape((-1, -1))(x))
tryp("bad_size", lambda: layers.Reshape((5,))(x))
print(layers.Permute((2, 1))(x).shape)
tryp("perm_bad", lambda: layers.Permute((1, 3)))
tryp("perm_zero", lambda: layers.Permute((0, 1)))
print(layers.RepeatVector(2)(x[:, 0]).shape)
tryp("repeat_rank", lambda: layers.RepeatVector(2)(x))
print(layers.Flatten(data_format="channels_first")(x).numpy()[0, :5].tolist(),
      layers.Flatten()(x).numpy()[0, :5].tolist())
print(layers.Flatten()(np.ones((2,), "float32")).shape)
print(layers.Reshape((-1,)).compute_output_shape((None, 3, 4)),
      layers.Reshape((2, -1)).compute_output_shape((None, None, 4)))
print(layers.Cropping1D((1, 1))(x).shape, layers.ZeroPadding1D(2)(x).shape)
"""

SNIPPETS["embedding_options"] = _TRY + """
e = layers.Embedding(5, 2, embeddings_regularizer=keras.regularizers.L2(0.1),
                     embeddings_constraint=keras.constraints.NonNeg(), mask_zero=True)
ids = np.array([[0, 1, 4], [2, 0, 0]])
y = e(ids)
fill(e)
print(tuple(y.shape), r4(e(ids)[0]), len(e.losses), r4(e.losses[0]) if e.losses else None)
print(np.asarray(e.compute_mask(ids)).tolist(), e.compute_output_shape((None, 3)))
cfg = e.get_config()
print(sorted(cfg), cfg["input_dim"], cfg["mask_zero"], cfg["embeddings_constraint"]["class_name"])
tryp("oob", lambda: r4(e(np.array([[7]]))))
tryp("neg", lambda: r4(e(np.array([[-1]]))))
tryp("float_ids", lambda: r4(e(np.array([[1.7]]))))
tryp("bad_dim", lambda: layers.Embedding(0, 2))
tryp("input_length", lambda: layers.Embedding(5, 2,
    input_length=3).get_config().get("input_length"))
e2 = layers.Embedding(5, 2, weights=[np.ones((5, 2), "float32")]) if False else None
tryp("weights_arg", lambda: layers.Embedding(5, 2, weights=[np.ones((5, 2),
    "float32")])(np.array([1])))
"""

SNIPPETS["predict_output_forms"] = _TRY + """
X = np.linspace(-1, 1, 15, dtype="float32").reshape(5, 3)
i = keras.Input((3,), name="x")
m = keras.Model(i, {"b": layers.Dense(1, name="b")(i), "a": layers.Dense(2, name="a")(i)})
fill(m)
p = m.predict(X, batch_size=2, verbose=0)
print(type(p).__name__, list(p), {k: v.shape for k, v in p.items()}, r4(p["a"][-1]))
m2 = keras.Model(i, [layers.Dense(1)(i), (layers.Dense(2)(i), layers.Dense(1)(i))])
fill(m2)
p2 = m2.predict(X, batch_size=4, verbose=0)
print(type(p2).__name__, type(p2[1]).__name__, [getattr(t, "shape", None) for t in p2])
print(m.predict(X[:0], verbose=0) if False else None)
tryp("empty", lambda: m.predict(X[:0], verbose=0))
p3 = m.predict(tf.data.Dataset.from_tensor_slices(X).batch(2), verbose=0)
print(p3["b"].shape, type(m(X)).__name__, sorted(m(X)))
head("wrong_shape", lambda: m.predict(np.ones((2, 4), "float32"), verbose=0))
"""

SNIPPETS["utils_normalize_and_weight_decay"] = _TRY + """
W = np.array([[3.0, 4.0], [0.0, 0.0], [1.0, -1.0]], "float32")
for x in [W, tf.constant(W), W.tolist()]:
    tryp(type(x).__name__, lambda: (type(keras.utils.normalize(x)).__name__,
        r4(keras.utils.normalize(x))))
tryp("axis0", lambda: r4(keras.utils.normalize(W, axis=0)))
tryp("axis0_t", lambda: r4(keras.utils.normalize(tf.constant(W), axis=0)))
tryp("order1", lambda: r4(keras.utils.normalize(W, order=1)))
tryp("order1_t", lambda: r4(keras.utils.normalize(tf.constant(W), order=1)))
v = keras.Variable(np.ones((2,), "float32"), name="kernel")
b = keras.Variable(np.ones((2,), "float32"), name="bias")
opt = keras.optimizers.AdamW(learning_rate=0.1, weight_decay=0.5)
opt.exclude_from_weight_decay(var_names=["bias"])
opt.apply([np.full((2,), 0.1, "float32"), np.full((2,), 0.1, "float32")], [v, b])
print(r4(v), r4(b), int(opt.iterations))
sgd = keras.optimizers.SGD(0.1, weight_decay=0.1, momentum=0.5, nesterov=True)
w = keras.Variable(np.array([1.0, -2.0], "float32"))
for _ in range(2):
    sgd.apply([np.array([0.5, 0.5], "float32")], [w])
print(r4(w), [x.path for x in sgd.variables])
tryp("wd_twice", lambda: opt.exclude_from_weight_decay(var_names=["x"]))
"""
