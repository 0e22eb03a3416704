"""kprobe21's further snippets: transposed, separable and depthwise convolutions' shapes and
values, pooling's padding, masks carried through LSTM steps and Bidirectional, more losses'
reductions, metrics' empty results and resets, loss aliases in compile, evaluate with
per-output sample weights (see cases.py)."""

from tests.keras.kprobe21.prelude import _TRY

SNIPPETS = {}

SNIPPETS["conv_transpose_separable"] = _TRY + """
x = np.linspace(-1, 1, 1 * 4 * 4 * 2, dtype="float32").reshape(1, 4, 4, 2)
for make in [lambda: layers.Conv2DTranspose(3, 3, strides=2, padding="same"),
             lambda: layers.Conv2DTranspose(3, 3, strides=2, output_padding=1),
             lambda: layers.Conv2DTranspose(2, 2, dilation_rate=2),
             lambda: layers.SeparableConv2D(4, 3, depth_multiplier=2, padding="same"),
             lambda: layers.DepthwiseConv2D(3, depth_multiplier=3, strides=2),
             lambda: layers.Conv2D(2, 3, strides=2, padding="same")]:
    c = make()
    c.build(x.shape)
    fill(c)
    print(type(c).__name__, [tuple(w.shape) for w in c.weights],
          c.compute_output_shape((None, 4, 4, 2)))
    head("call", lambda: np.asarray(c(x))[0, 0, :2])
t1 = layers.Conv1DTranspose(2, 3, strides=2, padding="same")
s = np.linspace(0, 1, 1 * 3 * 2, dtype="float32").reshape(1, 3, 2)
t1.build(s.shape)
fill(t1)
print(r4(t1(s)))
tryp("out_pad_big", lambda: layers.Conv2DTranspose(3, 3, strides=2, output_padding=2)(x))
"""

SNIPPETS["pooling_padding"] = _TRY + """
x = np.arange(1 * 5 * 5 * 1, dtype="float32").reshape(1, 5, 5, 1)
for cls in [layers.MaxPooling2D, layers.AveragePooling2D]:
    for kw in [dict(), dict(pool_size=3, strides=2, padding="same"),
               dict(pool_size=(2, 3), strides=1)]:
        tryp(cls.__name__ + " " + str(sorted(kw.items())),
             lambda: r4(np.asarray(cls(**kw)(x))[0, :, :, 0]))
s = np.arange(1 * 7 * 1, dtype="float32").reshape(1, 7, 1)
print(r4(layers.AveragePooling1D(3, strides=2, padding="same")(s)))
print(r4(layers.MaxPooling1D(2, padding="valid")(s)))
print(layers.MaxPooling2D(3, strides=2, padding="same").compute_output_shape((None, 5, 5, 1)))
print(r4(layers.GlobalMaxPooling2D(keepdims=True)(x)), r4(layers.GlobalAveragePooling2D()(x)))
tryp("pool_rank", lambda: layers.MaxPooling2D()(s))
tryp("pool_padding", lambda: layers.MaxPooling2D(padding="full"))
for pad in ["SAME", "full"]:
    ps = layers.AveragePooling2D(2, padding=pad)
    print(ps.padding, ps.get_config()["padding"])
    tryp("call", lambda: tuple(ps(x).shape))
    tryp("shape", lambda: ps.compute_output_shape((None, 5, 5, 1)))
    tryp("symbolic", lambda: ps(keras.Input((5, 5, 1))))
"""

SNIPPETS["masked_lstm_steps"] = _TRY + """
ids = np.array([[2, 3, 0, 0], [1, 0, 0, 0]], "int32")
i = keras.Input((4,), dtype="int32")
e = layers.Embedding(4, 2, mask_zero=True)(i)
seq = layers.LSTM(2, return_sequences=True, return_state=True)
o, h, c = seq(e)
bi = layers.Bidirectional(layers.GRU(2, return_sequences=True))(e)
m = keras.Model(i, [o, h, c, bi])
fill(m)
out = m(ids)
print([r4(t) for t in out[:3]])
print(r4(out[3]))
print(m.predict(ids, verbose=0)[3].shape)
print(o._keras_mask is not None if hasattr(o, "_keras_mask") else None)
rnn = layers.SimpleRNN(2, return_sequences=True, go_backwards=True)
rnn.build((None, 4, 2))
fill(rnn)
x = np.asarray(layers.Embedding(4, 2)(ids)) * 0 + 0.5
print(r4(rnn(x, mask=ids > 0)))
"""

SNIPPETS["more_loss_reductions"] = _TRY + """
yt = np.array([[0.0, 1.0, 0.5], [1.0, 0.0, 0.2]], "float32")
yp = np.array([[0.2, 0.7, 0.4], [0.6, 0.1, 0.3]], "float32")
for cls in [keras.losses.KLDivergence, keras.losses.Poisson, keras.losses.CosineSimilarity,
            keras.losses.LogCosh, keras.losses.Hinge, keras.losses.SquaredHinge,
            keras.losses.MeanAbsolutePercentageError, keras.losses.MeanSquaredLogarithmicError,
            keras.losses.Dice, keras.losses.Tversky, keras.losses.CategoricalHinge]:
    l = cls()
    print(cls.__name__, l.name, l.reduction, r4(l(yt, yp)), r4(cls(reduction="none")(yt, yp)),
          r4(cls(reduction="sum")(yt, yp, sample_weight=np.array([2.0, 0.5], "float32"))))
print(r4(keras.losses.CosineSimilarity(axis=0)(yt, yp)))
print(r4(keras.losses.Huber(delta=0.1, reduction="none")(yt, yp)))
print(sorted(keras.losses.Tversky(alpha=0.3, beta=0.7).get_config().items()))
"""

SNIPPETS["metric_empty_reset_merge"] = _TRY + """
ms = [keras.metrics.AUC(), keras.metrics.Precision(), keras.metrics.Recall(),
      keras.metrics.F1Score(), keras.metrics.MeanIoU(2), keras.metrics.Mean(),
      keras.metrics.BinaryAccuracy(threshold=0.7), keras.metrics.TopKCategoricalAccuracy(k=1)]
for m in ms:
    tryp(type(m).__name__ + " empty", lambda: r4(m.result()))
yt = np.array([[0, 1], [1, 0], [1, 1]], "float32")
yp = np.array([[0.3, 0.8], [0.6, 0.4], [0.75, 0.2]], "float32")
b = keras.metrics.BinaryAccuracy(threshold=0.7)
b.update_state(yt, yp)
print(r4(b.result()), r4(b.count), r4(b.total))
b.reset_state()
print(r4(b.result()), [r4(v) for v in b.variables])
a1, a2 = keras.metrics.AUC(num_thresholds=5), keras.metrics.AUC(num_thresholds=5)
a1.update_state(yt[:2], yp[:2])
a2.update_state(yt[2:], yp[2:])
tryp("merge", lambda: a1.merge_state([a2]))
print(r4(a1.result()), r4(a1.true_positives))
bi = keras.metrics.BinaryIoU(target_class_ids=[0, 1], threshold=0.5)
bi.update_state(yt, yp)
print(r4(bi.result()))
p = keras.metrics.Precision(thresholds=0.5)
p.update_state(yt, yp, sample_weight=np.array([1.0, 2.0, 0.0], "float32"))
print(r4(p.result()), r4(p.true_positives), r4(p.false_positives))
"""

SNIPPETS["compile_loss_aliases"] = _TRY + """
yt = (X[:, :1] > 0).astype("float32")
for loss in ["mse", "MAE", "bce", "kld", "binary_crossentropy", "mean_squared_logarithmic_error",
             "huber", "log_cosh", "hinge", keras.losses.BinaryCrossentropy(from_logits=True)]:
    m = keras.Sequential([keras.Input((3,)), layers.Dense(1, activation="sigmoid")])
    fill(m)
    try:
        m.compile(optimizer=keras.optimizers.SGD(0.1), loss=loss, metrics=["acc", "mse"])
        h = m.fit(X, yt, epochs=1, batch_size=8, verbose=0)
        print(loss if isinstance(loss, str) else type(loss).__name__, logs4(h))
    except Exception as e:
        print(loss, type(e).__name__, str(e)[:200])
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
tryp("bad_alias", lambda: m.compile(optimizer="sgd", loss="not_a_loss"))
"""

SNIPPETS["evaluate_sample_weights_multi"] = _TRY + """
i = keras.Input((3,))
o1 = layers.Dense(1, name="a")(i)
o2 = layers.Dense(1, name="b")(i)
m = keras.Model(i, {"a": o1, "b": o2})
fill(m)
m.compile(optimizer="sgd", loss={"a": "mse", "b": "mae"}, metrics={"a": "mae", "b": ["mse"]},
          weighted_metrics={"a": ["mse"]})
w = np.linspace(0.0, 1.0, 8, dtype="float32")
ys = {"a": Y, "b": Y * 2}
r = m.evaluate(X, ys, sample_weight={"a": w, "b": np.ones(8, "float32")}, verbose=0,
               return_dict=True)
print({k: round(float(v), 4) for k, v in sorted(r.items())})
r2 = m.evaluate(X, ys, verbose=0, return_dict=True, batch_size=3)
print({k: round(float(v), 4) for k, v in sorted(r2.items())})
h = m.fit(X, ys, sample_weight={"a": w, "b": w}, epochs=2, verbose=0, validation_split=0.25)
print(logs4(h))
"""

SNIPPETS["crossentropy_through_activation_logits"] = _TRY + """
x = np.array([[0.0], [30.0], [-2.0], [0.5]], "float32")
yb = np.array([[0.0], [0.0], [1.0], [1.0]], "float32")
ys = np.array([0, 1, 1, 0])
for act, loss, y in [("sigmoid", keras.losses.BinaryCrossentropy(), yb),
                     ("sigmoid", keras.losses.BinaryCrossentropy(from_logits=True), yb),
                     ("linear", keras.losses.BinaryCrossentropy(from_logits=True), yb),
                     ("softmax", keras.losses.CategoricalCrossentropy(), np.eye(2)[ys]),
                     ("softmax", keras.losses.SparseCategoricalCrossentropy(), ys)]:
    d = layers.Dense(1 if act != "softmax" else 2, activation=act, kernel_initializer="ones")
    m = keras.Sequential([keras.Input((1,)), d])
    with tf.GradientTape() as tape:
        value = loss(y, m(x))
    print(act, loss.name, r4(value), r4(tape.gradient(value, m.trainable_variables)))
    m.compile(optimizer="sgd", loss=loss)
    print(round(float(m.evaluate(x, y, verbose=0)), 4))
"""
