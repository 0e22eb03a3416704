"""kprobe49's second round: the same areas under mixed precision, symbolic inputs,
tf.function tracing, fit and saving (attention and normalization layers in models saved
and loaded, optimizers' states in fit, metrics' dtypes, ops on KerasTensors)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe40.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["mha_gqa_mixed_precision_dtypes"] = _TRY + """
x = np.sin(np.arange(2 * 3 * 4, dtype="float32")).reshape(2, 3, 4)
for pol in ["mixed_float16", "mixed_bfloat16", "float16"]:
    for make in [lambda: layers.MultiHeadAttention(2, 2, dtype=pol), lambda: layers.GroupQueryAttention(2, 2, 1, dtype=pol), lambda: layers.Attention(dtype=pol), lambda: layers.AdditiveAttention(dtype=pol)]:
        l = make()
        try:
            if isinstance(l, (layers.Attention, layers.AdditiveAttention)):
                o, s = l([x, x], return_attention_scores=True)
            else:
                o, s = l(x, x, return_attention_scores=True)
            print(pol, type(l).__name__, keras.backend.standardize_dtype(o.dtype), keras.backend.standardize_dtype(s.dtype), sorted({keras.backend.standardize_dtype(w.dtype) for w in l.weights}))
        except Exception as e:
            print(pol, type(l).__name__, type(e).__name__, str(e)[:150])
"""

SNIPPETS["batch_and_group_norm_mixed_precision"] = _TRY + """
x = np.sin(np.arange(4 * 4, dtype="float32")).reshape(4, 4) * 3
for pol in ["mixed_float16", "mixed_bfloat16"]:
    for make in [lambda: layers.BatchNormalization(dtype=pol), lambda: layers.GroupNormalization(2, dtype=pol), lambda: layers.UnitNormalization(dtype=pol), lambda: layers.RMSNormalization(dtype=pol), lambda: layers.SpectralNormalization(layers.Dense(2), dtype=pol)]:
        l = make()
        try:
            y = l(x, training=True)
            print(pol, type(l).__name__, keras.backend.standardize_dtype(y.dtype), r4(np.asarray(keras.ops.cast(y, "float32"))[0]), [keras.backend.standardize_dtype(w.dtype) for w in l.weights][:3])
        except Exception as e:
            print(pol, type(l).__name__, type(e).__name__, str(e)[:150])
    bn = layers.BatchNormalization(dtype=pol, momentum=0.5)
    bn(x, training=True)
    print(pol, "moving", r4(bn.moving_mean), r4(bn.moving_variance))
"""

SNIPPETS["attention_layers_saved_in_model"] = _TRY + """
q = keras.Input((3, 4)); v = keras.Input((5, 4))
a = layers.MultiHeadAttention(2, 2, name="mha")(q, v, use_causal_mask=False)
b = layers.GroupQueryAttention(2, 2, 1, name="gqa")(q, v)
c = layers.Attention(score_mode="concat", use_scale=True, name="att")([q, v])
d = layers.AdditiveAttention(name="add")([q, v])
o = layers.Concatenate()([a, b, c, d])
m = keras.Model([q, v], o)
fill(m)
xq = np.sin(np.arange(2 * 3 * 4, dtype="float32")).reshape(2, 3, 4)
xv = np.cos(np.arange(2 * 5 * 4, dtype="float32")).reshape(2, 5, 4)
before = m.predict([xq, xv], verbose=0)
p = os.path.join(D, "att.keras")
m.save(p)
m2 = keras.saving.load_model(p)
after = m2.predict([xq, xv], verbose=0)
print(before.shape, r4(before.sum()), bool(np.allclose(before, after)))
print([(l.name, type(l).__name__) for l in m2.layers])
print([w.path for w in m2.get_layer("gqa").weights])
"""

SNIPPETS["normalization_layers_saved_in_model"] = _TRY + """
i = keras.Input((4, 6))
x = layers.LayerNormalization(rms_scaling=False, axis=(1, 2), name="ln")(i)
x = layers.GroupNormalization(3, name="gn")(x)
x = layers.BatchNormalization(name="bn")(x)
x = layers.UnitNormalization(name="un")(x)
x = layers.RMSNormalization(name="rms")(x)
x = layers.SpectralNormalization(layers.Dense(2), name="sn")(x)
m = keras.Model(i, x)
fill(m)
for w in m.weights:
    if "moving_variance" in w.path:
        w.assign(np.abs(np.asarray(w)) + 0.5)
xi = np.sin(np.arange(2 * 4 * 6, dtype="float32")).reshape(2, 4, 6)
before = m.predict(xi, verbose=0)
p = os.path.join(D, "norm.keras")
m.save(p)
m2 = keras.saving.load_model(p)
print(r4(before[0]), bool(np.allclose(before, m2.predict(xi, verbose=0))))
print([w.path for w in m2.weights])
"""

SNIPPETS["optimizers_in_fit_three_epochs_each"] = _TRY + """
for name in ["Adafactor", "Lion", "Lamb", "Nadam", "Ftrl", "AdamW", "Adamax", "Adadelta"]:
    m = keras.Sequential([keras.Input((3,)), layers.Dense(2), layers.Dense(1)])
    fill(m)
    m.compile(getattr(keras.optimizers, name)(learning_rate=0.05), "mse")
    h = m.fit(X, Y, epochs=3, batch_size=4, verbose=0, shuffle=False)
    print(name, logs4(h), int(m.optimizer.iterations), len(m.optimizer.variables))
"""

SNIPPETS["optimizer_state_saved_and_resumed"] = _TRY + """
for name in ["Adafactor", "Lion", "Lamb", "Ftrl"]:
    m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
    fill(m)
    m.compile(getattr(keras.optimizers, name)(learning_rate=0.05), "mse")
    m.fit(X, Y, epochs=1, batch_size=4, verbose=0, shuffle=False)
    p = os.path.join(D, name + ".keras")
    m.save(p)
    m2 = keras.saving.load_model(p)
    print(name, [v.path for v in m2.optimizer.variables][:6], int(m2.optimizer.iterations))
    a = m.fit(X, Y, epochs=1, batch_size=4, verbose=0, shuffle=False).history["loss"]
    b = m2.fit(X, Y, epochs=1, batch_size=4, verbose=0, shuffle=False).history["loss"]
    print(name, round(a[0], 5), round(b[0], 5))
"""

SNIPPETS["optimizers_in_tf_function_and_float16_vars"] = _TRY + """
for name in ["Adafactor", "Lion", "Lamb", "Nadam", "Ftrl"]:
    o = getattr(keras.optimizers, name)(learning_rate=0.1)
    v = keras.Variable(np.array([[1.0, -2.0], [0.5, 3.0]], "float32"))
    @tf.function
    def step(g):
        o.apply_gradients([(g, v)])
    for k in range(3):
        step(tf.constant([[0.5, -1.0], [2.0, 0.1]]) * (k + 1))
    print(name, r4(v), int(o.iterations))
for name in ["Adam", "Lion", "Adafactor", "SGD"]:
    o = getattr(keras.optimizers, name)(learning_rate=0.1)
    v = keras.Variable(np.array([1.0, -2.0], "float16"), dtype="float16")
    try:
        o.apply_gradients([(np.array([0.5, 1.0], "float16"), v)])
        print("f16", name, r4(v), keras.backend.standardize_dtype(v.dtype), [keras.backend.standardize_dtype(x.dtype) for x in o.variables])
    except Exception as e:
        print("f16", name, type(e).__name__, str(e)[:150])
"""

SNIPPETS["metrics_result_dtypes_and_metric_dtype"] = _TRY + """
yt = np.array([[1, 0], [0, 1]], "float32"); yp = np.array([[0.8, 0.3], [0.4, 0.6]], "float32")
for make in [lambda: keras.metrics.AUC(dtype="float64"), lambda: keras.metrics.F1Score(dtype="float64"), lambda: keras.metrics.R2Score(dtype="float64"), lambda: keras.metrics.MeanIoU(2, dtype="float64"), lambda: keras.metrics.Precision(dtype="float16"), lambda: keras.metrics.Mean(dtype="int32"), lambda: keras.metrics.BinaryAccuracy(dtype="float16")]:
    m = make()
    try:
        if isinstance(m, keras.metrics.MeanIoU):
            m.update_state(np.array([0, 1]), np.array([0, 0]))
        elif isinstance(m, keras.metrics.Mean):
            m.update_state([1, 2, 4])
        else:
            m.update_state(yt, yp)
        r = m.result()
        print(type(m).__name__, keras.backend.standardize_dtype(r.dtype), r4(r), [keras.backend.standardize_dtype(v.dtype) for v in m.variables][:2])
    except Exception as e:
        print(type(m).__name__, type(e).__name__, str(e)[:150])
"""

SNIPPETS["losses_dtypes_float16_and_policy"] = _TRY + """
yt = np.array([[1.0, 0.0], [0.0, 1.0]], "float32"); yp = np.array([[0.8, 0.3], [0.4, 0.6]], "float32")
for name in ["MeanSquaredError", "BinaryCrossentropy", "CategoricalCrossentropy", "Dice", "Tversky", "BinaryFocalCrossentropy", "CategoricalFocalCrossentropy", "Huber"]:
    cls = getattr(keras.losses, name)
    out = []
    for kw in [{}, {"dtype": "float16"}, {"dtype": "mixed_float16"}, {"dtype": "float64"}]:
        try:
            r = cls(**kw)(yt.astype("float16"), yp.astype("float16"))
            out.append(keras.backend.standardize_dtype(r.dtype) + ":" + str(r4(r)))
        except Exception as e:
            out.append(type(e).__name__)
    print(name, out)
tryq("loss dtype attr", lambda: keras.losses.MeanSquaredError(dtype="mixed_float16").dtype)
"""

SNIPPETS["ops_on_keras_tensors_shapes_and_errors"] = _TRY + """
a = keras.KerasTensor((None, 3, 4)); b = keras.KerasTensor((2, 1, 4), dtype="int32")
show("add", lambda: O.add(a, b).shape)
show("add dtype", lambda: keras.backend.standardize_dtype(O.add(a, b).dtype))
tryq("add bad", lambda: O.add(a, keras.KerasTensor((2, 5, 4))))
tryq("matmul", lambda: O.matmul(a, keras.KerasTensor((4, 7))).shape)
tryq("matmul bad", lambda: O.matmul(a, keras.KerasTensor((5, 7))))
tryq("reshape", lambda: O.reshape(a, (-1, 12)).shape)
tryq("reshape bad", lambda: O.reshape(keras.KerasTensor((2, 3)), (4, -1)))
tryq("concat", lambda: O.concatenate([a, keras.KerasTensor((None, 2, 4))], axis=1).shape)
tryq("concat bad", lambda: O.concatenate([a, keras.KerasTensor((None, 2, 5))], axis=1))
tryq("take", lambda: O.take(a, keras.KerasTensor((5,), dtype="int32"), axis=1).shape)
tryq("einsum", lambda: O.einsum("bij,jk->bik", keras.KerasTensor((None, 3, 4)), keras.KerasTensor((4, 2))).shape)
tryq("split", lambda: [t.shape for t in O.split(a, 2, axis=-1)])
tryq("split bad", lambda: O.split(a, 3, axis=-1))
tryq("argmax", lambda: (O.argmax(a, axis=1).shape, O.argmax(a, axis=1).dtype))
tryq("top_k", lambda: [t.shape for t in O.top_k(a, 2)])
tryq("one_hot", lambda: O.one_hot(keras.KerasTensor((None, 3), dtype="int32"), 5).shape)
tryq("stft", lambda: [t.shape for t in O.stft(keras.KerasTensor((2, 64)), 16, 8, 16)])
"""

SNIPPETS["random_layers_with_seed_generators_in_fit"] = _TRY + """
class NoisyDense(layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.d = layers.Dense(1)
        self.sg = keras.random.SeedGenerator(11)
    def call(self, x, training=None):
        if training:
            x = x + keras.random.normal(keras.ops.shape(x), stddev=0.1, seed=self.sg)
        return self.d(x)
m = keras.Sequential([keras.Input((3,)), NoisyDense()])
fill(m)
m.compile(keras.optimizers.SGD(0.1), "mse")
h = m.fit(X, Y, epochs=2, batch_size=4, verbose=0, shuffle=False)
print(logs4(h))
print([(w.path, w.trainable) for w in m.layers[0].variables])
print(r4(m.layers[0].sg.state))
print(r4(m.predict(X[:2], verbose=0)))
"""

SNIPPETS["schedules_in_fit_logged_learning_rate"] = _TRY + """
S = keras.optimizers.schedules
for s in [S.CosineDecay(0.1, 4, warmup_target=0.2, warmup_steps=2), S.PiecewiseConstantDecay([2, 3], [0.1, 0.05, 0.01]), S.PolynomialDecay(0.1, 3, 0.0, cycle=True), S.InverseTimeDecay(0.1, 1, 1.0, staircase=True)]:
    m = dense_model()
    m.compile(keras.optimizers.SGD(s), "mse")
    lrs = []
    cb = keras.callbacks.LambdaCallback(on_batch_end=lambda b, logs: lrs.append(round(float(m.optimizer.learning_rate), 5)))
    h = m.fit(X, Y, epochs=3, batch_size=4, verbose=0, shuffle=False, callbacks=[cb])
    print(type(s).__name__, lrs, sorted(h.history), [round(v, 5) for v in h.history.get("learning_rate", [])])
"""

SNIPPETS["ema_and_clipping_in_fit"] = _TRY + """
for kw in [{"use_ema": True, "ema_momentum": 0.5}, {"use_ema": True, "ema_momentum": 0.5, "ema_overwrite_frequency": 2}, {"clipnorm": 0.01}, {"global_clipnorm": 0.01}, {"clipvalue": 0.001}, {"gradient_accumulation_steps": 2}]:
    m = dense_model()
    m.compile(keras.optimizers.Adam(0.1, **kw), "mse")
    h = m.fit(X, Y, epochs=2, batch_size=4, verbose=0, shuffle=False)
    print(kw, logs4(h), r4(m.layers[0].kernel.numpy().ravel()))
"""

SNIPPETS["losses_in_compile_reductions_fit"] = _TRY + """
for red in ["sum", "sum_over_batch_size", "none", "mean_with_sample_weight"]:
    m = dense_model()
    m.compile(keras.optimizers.SGD(0.01), keras.losses.MeanSquaredError(reduction=red))
    try:
        h = m.fit(X, Y, epochs=2, batch_size=4, verbose=0, shuffle=False, sample_weight=np.linspace(0, 1, 8))
        print(red, logs4(h), r4(m.evaluate(X, Y, verbose=0)))
    except Exception as e:
        print(red, type(e).__name__, str(e)[:150])
"""

SNIPPETS["metrics_in_fit_with_sample_weight_and_reset"] = _TRY + """
x = np.linspace(-1, 1, 24, dtype="float32").reshape(8, 3)
y = (x[:, :1] > 0).astype("float32")
m = keras.Sequential([keras.Input((3,)), layers.Dense(1, activation="sigmoid")])
fill(m)
m.compile("sgd", "binary_crossentropy", metrics=[keras.metrics.AUC(num_thresholds=4), keras.metrics.F1Score(threshold=0.5), keras.metrics.R2Score(), keras.metrics.BinaryIoU()], weighted_metrics=[keras.metrics.AUC(num_thresholds=4, name="wauc")])
h = m.fit(x, y, epochs=2, batch_size=4, verbose=0, shuffle=False, sample_weight=np.array([1, 0, 1, 0, 2, 1, 1, 1], "float32"))
print({k: r4(v) for k, v in sorted(h.history.items())})
print(m.metrics_names)
print(r4(m.evaluate(x, y, verbose=0, return_dict=True)))
m.reset_metrics()
print(r4([v.numpy().sum() for mm in m.metrics for v in mm.variables]))
"""

SNIPPETS["spectral_norm_training_updates_and_get_config"] = _TRY + """
d = layers.Conv2D(2, 2)
sn = layers.SpectralNormalization(d, power_iterations=2)
x = np.sin(np.arange(1 * 3 * 3 * 2, dtype="float32")).reshape(1, 3, 3, 2)
sn(x)
fill(d)
print([(w.path, tuple(w.shape), w.trainable) for w in sn.weights])
y1 = sn(x, training=True)
u1 = np.asarray(sn.vector_u).copy() if hasattr(sn, "vector_u") else None
y2 = sn(x, training=True)
print(r4(np.asarray(y1).ravel()), r4(np.asarray(y2).ravel()))
print(r4(u1), r4(sn.vector_u))
js("cfg", lambda: sn.get_config())
b = layers.SpectralNormalization.from_config(sn.get_config())
print(type(b.layer).__name__, b.power_iterations)
"""

SNIPPETS["mha_in_tf_function_and_symbolic_masks"] = _TRY + """
l = layers.MultiHeadAttention(2, 2, attention_axes=None)
x = np.sin(np.arange(2 * 3 * 4, dtype="float32")).reshape(2, 3, 4)
l(x, x)
fill(l)
f = tf.function(lambda q, m: l(q, q, attention_mask=m, return_attention_scores=True))
o, s = f(x, np.tril(np.ones((2, 3, 3), bool)))
print(r4(np.asarray(o)[0]), r4(np.asarray(s)[1, 0]))
i = keras.Input((None, 4))
mk = keras.Input((None, None), dtype="bool")
out = layers.MultiHeadAttention(2, 2)(i, i, attention_mask=mk)
print(out.shape)
mm = keras.Model([i, mk], out)
print(mm.predict([x, np.ones((2, 3, 3), bool)], verbose=0).shape)
emb = layers.Embedding(10, 4, mask_zero=True)
ids = keras.Input((None,), dtype="int32")
e = emb(ids)
z = layers.MultiHeadAttention(1, 4)(e, e)
print(getattr(z, "_keras_mask", None) is not None, z.shape)
"""

SNIPPETS["ops_nn_functions_edges_more"] = _TRY + """
x = np.array([[1.0, -2.0, 3.0, 0.0]], "float32")
show("moments axes", lambda: O.moments(x, axes=[0, 1]))
show("moments keep", lambda: O.moments(x, axes=[1], keepdims=True))
show("batch_norm", lambda: O.batch_normalization(x, mean=np.array([0.5]), variance=np.array([2.0]), axis=0, offset=np.array([1.0]), scale=np.array([2.0]), epsilon=0.0))
show("ctc_loss", lambda: O.ctc_loss(np.array([[1, 2]]), np.log(np.full((1, 3, 3), 1 / 3, "float32")), np.array([2]), np.array([3])))
show("dpa", lambda: O.dot_product_attention(np.ones((1, 2, 1, 2), "float32"), np.ones((1, 3, 1, 2), "float32"), np.arange(6, dtype="float32").reshape(1, 3, 1, 2), is_causal=True))
show("dpa scale", lambda: O.dot_product_attention(np.ones((1, 2, 1, 2), "float32"), np.arange(6, dtype="float32").reshape(1, 3, 1, 2), np.ones((1, 3, 1, 2), "float32"), scale=0.1))
show("psnr", lambda: O.psnr(np.ones((2, 2), "float32"), np.full((2, 2), 0.5, "float32"), 1.0))
show("polar", lambda: O.polar(np.array([1.0, 2.0], "float32"), np.array([0.0, np.pi / 2], "float32")))
show("adaptive_avg", lambda: O.adaptive_average_pool(np.arange(10, dtype="float32").reshape(1, 10, 1), 3) if hasattr(O, "adaptive_average_pool") else "absent")
show("unfold", lambda: O.unfold(np.arange(16, dtype="float32").reshape(1, 1, 4, 4), 2, stride=2) if hasattr(O, "unfold") else "absent")
"""

SNIPPETS["dice_tversky_in_model_fit_with_masks"] = _TRY + """
x = np.sin(np.arange(4 * 5 * 2, dtype="float32")).reshape(4, 5, 2)
y = (np.cos(np.arange(4 * 5, dtype="float32")).reshape(4, 5, 1) > 0).astype("float32")
for loss in [keras.losses.Dice(), keras.losses.Dice(axis=1), keras.losses.Tversky(0.7, 0.3), keras.losses.CategoricalFocalCrossentropy(), keras.losses.BinaryFocalCrossentropy(apply_class_balancing=True)]:
    m = keras.Sequential([keras.Input((5, 2)), layers.Dense(1, activation="sigmoid")])
    fill(m)
    m.compile(keras.optimizers.SGD(0.5), loss)
    try1(type(loss).__name__, lambda: logs4(m.fit(x, y, epochs=2, batch_size=2, verbose=0, shuffle=False, sample_weight=np.array([1.0, 0.5, 0.0, 2.0]))))
"""

SNIPPETS["loss_scale_optimizer_in_mixed_fit"] = _TRY + """
keras.mixed_precision.set_global_policy("mixed_float16")
try:
    m = keras.Sequential([keras.Input((3,)), layers.Dense(2), layers.LayerNormalization(), layers.Dense(1, dtype="float32")])
    fill(m)
    m.compile(keras.optimizers.Lion(0.01), "mse")
    print(type(m.optimizer).__name__, type(getattr(m.optimizer, "inner_optimizer", m.optimizer)).__name__)
    h = m.fit(X, Y, epochs=2, batch_size=4, verbose=0, shuffle=False)
    print(logs4(h), r4(m.optimizer.dynamic_scale) if hasattr(m.optimizer, "dynamic_scale") else None)
    print([keras.backend.standardize_dtype(v.dtype) for v in m.optimizer.variables][:5])
finally:
    keras.mixed_precision.set_global_policy("float32")
"""

SNIPPETS["nn_logistic_losses_graph_node_names"] = _TRY + """
for fn, kw in [(tf.nn.sigmoid_cross_entropy_with_logits, {}), (tf.nn.sigmoid_cross_entropy_with_logits, {"name": "bce"}), (tf.nn.weighted_cross_entropy_with_logits, {"pos_weight": 2.0}), (tf.nn.log_poisson_loss, {})]:
    @tf.function
    def f(x, y):
        if fn is tf.nn.log_poisson_loss:
            return fn(y, x, **kw)
        return fn(labels=y, logits=x, **kw)
    g = f.get_concrete_function(tf.TensorSpec((2, 3)), tf.TensorSpec((2, 3))).graph
    print(fn.__name__, [(op.name, op.type) for op in g.get_operations() if op.type not in ("Placeholder", "Identity")])
loss = keras.losses.BinaryFocalCrossentropy(apply_class_balancing=True)
d = layers.Dense(1, activation="sigmoid")
g = tf.function(lambda x, y: loss(y, d(x))).get_concrete_function(tf.TensorSpec((2, 5, 2)), tf.TensorSpec((2, 5, 1))).graph
print([op.name for op in g.get_operations() if op.type == "Mul"])
"""
