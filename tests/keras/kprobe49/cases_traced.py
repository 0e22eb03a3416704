"""kprobe49's fourth round: the same areas traced, in tf.function with unknown
dimensions (losses' reductions, metrics' updates, attention with masks, normalization
layers, optimizers' steps, keras.random) and their errors at trace time."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe40.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["traced_losses_unknown_batch"] = _TRY + """
yt = np.array([[0.0, 1.0], [1.0, 1.0], [0.5, 0.0]], "float32")
yp = np.array([[0.2, 0.7], [0.9, 0.4], [0.1, 0.3]], "float32")
spec = tf.TensorSpec((None, 2))
for loss in [keras.losses.MeanSquaredError(reduction="sum"), keras.losses.Dice(), keras.losses.Tversky(), keras.losses.BinaryFocalCrossentropy(apply_class_balancing=True), keras.losses.CategoricalFocalCrossentropy(), keras.losses.Huber(reduction="none"), keras.losses.CosineSimilarity()]:
    f = tf.function(lambda a, b, w: loss(a, b, sample_weight=w), input_signature=[spec, spec, tf.TensorSpec((None,))])
    try:
        print(loss.name, r4(f(yt, yp, np.array([1.0, 0.5, 0.0], "float32"))))
    except Exception as e:
        print(loss.name, type(e).__name__, str(e).splitlines()[0][:150])
f = tf.function(lambda a, b: keras.losses.SparseCategoricalCrossentropy(ignore_class=0)(a, b), input_signature=[tf.TensorSpec((None,), tf.int32), spec])
print("scce ignore", r4(f(np.array([0, 1, 1]), yp)))
"""

SNIPPETS["traced_metric_updates_unknown_batch"] = _TRY + """
yt = np.array([[0, 1], [1, 1], [1, 0], [0, 0]], "float32")
yp = np.array([[0.3, 0.6], [0.7, 0.8], [0.4, 0.2], [0.5, 0.1]], "float32")
spec = tf.TensorSpec((None, 2))
for m in [keras.metrics.AUC(num_thresholds=5), keras.metrics.AUC(num_thresholds=5, multi_label=True), keras.metrics.F1Score(threshold=0.5), keras.metrics.R2Score(), keras.metrics.Precision(thresholds=[0.3, 0.5]), keras.metrics.PrecisionAtRecall(0.5, num_thresholds=5), keras.metrics.BinaryIoU()]:
    f = tf.function(lambda a, b: m.update_state(a, b), input_signature=[spec, spec])
    try:
        f(yt, yp); f(yt[:2], yp[:2])
        print(m.name, r4(m.result()))
    except Exception as e:
        print(m.name, type(e).__name__, str(e).splitlines()[0][:150])
m = keras.metrics.MeanIoU(3)
f = tf.function(lambda a, b: m.update_state(a, b), input_signature=[tf.TensorSpec((None,), tf.int32)] * 2)
f(np.array([0, 1, 2, 2]), np.array([0, 2, 2, 1]))
print("miou", r4(m.result()))
"""

SNIPPETS["traced_attention_dynamic_lengths"] = _TRY + """
l = layers.MultiHeadAttention(2, 2)
g = layers.GroupQueryAttention(2, 2, 1)
a = layers.Attention()
x = np.sin(np.arange(2 * 3 * 4, dtype="float32")).reshape(2, 3, 4)
l(x, x); g(x, x)
fill(l); fill(g)
spec = tf.TensorSpec((None, None, 4))
f = tf.function(lambda q, v: (l(q, v, use_causal_mask=True), g(q, v, use_causal_mask=True), a([q, v], use_causal_mask=True)), input_signature=[spec, spec])
outs = f(x, x)
print([r4(np.asarray(o)[1, 2]) for o in outs])
outs = f(x[:, :2], x)
print([tuple(o.shape) for o in outs], [r4(np.asarray(o)[0, 1]) for o in outs])
fm = tf.function(lambda q, m: l(q, q, attention_mask=m), input_signature=[spec, tf.TensorSpec((None, None, None), tf.bool)])
print(r4(np.asarray(fm(x, np.tril(np.ones((2, 3, 3), bool))))[0, 2]))
print(f.get_concrete_function().structured_outputs[0].shape)
"""

SNIPPETS["traced_normalization_layers_unknown_dims"] = _TRY + """
x = np.sin(np.arange(2 * 3 * 4, dtype="float32")).reshape(2, 3, 4)
for l in [layers.LayerNormalization(), layers.LayerNormalization(axis=(1, 2)), layers.BatchNormalization(), layers.GroupNormalization(2), layers.UnitNormalization(), layers.RMSNormalization()]:
    l(x)
    f = tf.function(lambda t: l(t, training=True), input_signature=[tf.TensorSpec((None, None, 4))])
    try:
        y = f(x)
        print(type(l).__name__, r4(np.asarray(y)[1, 1]), f.get_concrete_function().structured_outputs.shape)
    except Exception as e:
        print(type(l).__name__, type(e).__name__, str(e).splitlines()[0][:150])
tryq("gn unknown channels", lambda: layers.GroupNormalization(2)(keras.KerasTensor((None, 3, None))))
tryq("ln unknown axis dim", lambda: layers.LayerNormalization()(keras.KerasTensor((None, None))))
tryq("bn unknown axis dim", lambda: layers.BatchNormalization()(keras.KerasTensor((None, None))))
"""

SNIPPETS["traced_optimizer_steps_each_with_schedule"] = _TRY + """
S = keras.optimizers.schedules
for name in ["SGD", "Adam", "AdamW", "Lion", "Lamb", "Adafactor", "Ftrl", "Nadam", "RMSprop"]:
    o = getattr(keras.optimizers, name)(learning_rate=S.ExponentialDecay(0.1, 1, 0.5))
    v = keras.Variable(np.array([[1.0, -2.0], [0.5, 3.0]], "float32"))
    o.build([v])
    step = tf.function(lambda g: o.apply_gradients([(g, v)]))
    for k in range(3):
        step(tf.constant([[0.5, -1.0], [2.0, 0.1]]) * (k + 1))
    print(name, r4(v), int(o.iterations), r4(o.learning_rate))
"""

SNIPPETS["traced_keras_random_and_seed_generators"] = _TRY + """
g = keras.random.SeedGenerator(3)
f = tf.function(lambda s: (keras.random.uniform(s, seed=g), keras.random.normal((2,), seed=g)))
a = f(tf.constant([2]))
b = f(tf.constant([3]))
print(r4(a[0]), r4(a[1]), r4(b[0]), r4(b[1]), r4(g.state))
h = tf.function(lambda: keras.random.randint((3,), 0, 10, seed=7))
print(r4(h()), r4(h()))
k = tf.function(lambda x: keras.random.shuffle(x, seed=g), input_signature=[tf.TensorSpec((None,))])
print(r4(k(np.arange(5, dtype="float32"))))
d = tf.function(lambda x: keras.random.dropout(x, 0.5, seed=g), input_signature=[tf.TensorSpec((None, 2))])
print(r4(d(np.ones((3, 2), "float32"))))
tryq("int seed traced", lambda: r4(tf.function(lambda: keras.random.uniform((2,), seed=tf.constant(3)))()))
"""

SNIPPETS["fit_attention_norm_model_with_masks_compiled"] = _TRY + """
ids = np.array([[1, 2, 3, 0], [4, 1, 0, 0], [2, 2, 2, 2], [3, 0, 0, 0]], "int32")
y = np.array([[1.0], [0.0], [1.0], [0.0]], "float32")
i = keras.Input((4,), dtype="int32")
e = layers.Embedding(6, 4, mask_zero=True)(i)
h = layers.MultiHeadAttention(2, 2)(e, e)
h = layers.LayerNormalization()(h + e)
h = layers.GroupQueryAttention(2, 2, 1)(h, h)
h = layers.GlobalAveragePooling1D()(h)
o = layers.Dense(1, activation="sigmoid")(h)
m = keras.Model(i, o)
fill(m)
m.compile(keras.optimizers.AdamW(0.01), keras.losses.BinaryFocalCrossentropy(), metrics=[keras.metrics.AUC(num_thresholds=5), "accuracy"], jit_compile=False)
hist = m.fit(ids, y, epochs=2, batch_size=2, verbose=0, shuffle=False)
print(logs4(hist))
print(r4(m.predict(ids, verbose=0).ravel()))
"""
