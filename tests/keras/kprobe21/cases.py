"""Snippets of common user programs not covered by the earlier suites: convolutions with
groups, causal padding and dilation; upsampling's interpolations; padding and cropping
shapes; reshaping layers' errors; Concatenate's axis errors; masks through Masking, LSTM,
Embedding and pooling; dropout layers' noise shapes and inference; activity regularization;
metrics' results and reprs at thresholds; losses' reductions, logits and label smoothing;
multi-output compile with loss dicts and weights, History keys and evaluate.
kprobe/record_golden.py kprobe21 records what real TF 2.21 + Keras 3 prints for each, and
test_kprobe21.py checks that eagerflow prints the same."""

from tests.keras.kprobe21.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["conv_groups_causal_dilation"] = _TRY + """
x = np.linspace(-1, 1, 2 * 7 * 4, dtype="float32").reshape(2, 7, 4)
for kw in [dict(groups=2), dict(padding="causal", dilation_rate=2),
           dict(padding="same", dilation_rate=3, groups=4), dict(strides=2, padding="causal")]:
    c = layers.Conv1D(4, 3, **kw)
    tryp(str(sorted(kw.items())), lambda: tuple(c(x).shape))
    if c.built:
        fill(c)
        print([tuple(w.shape) for w in c.weights], r4(c(x))[0][:3])
img = np.linspace(0, 1, 1 * 5 * 5 * 4, dtype="float32").reshape(1, 5, 5, 4)
c2 = layers.Conv2D(2, 3, groups=2, padding="same", dilation_rate=2)
c2.build(img.shape)
fill(c2)
print(tuple(c2.kernel.shape), r4(c2(img))[0][0])
tryp("groups_bad", lambda: layers.Conv2D(3, 3, groups=2)(img))
unordered("causal_2d", lambda: layers.Conv2D(3, 3, padding="causal"))
tryp("stride_dilation", lambda: layers.Conv1D(2, 3, strides=2, dilation_rate=2))
"""

SNIPPETS["upsampling_interpolations"] = _TRY + """
x = np.arange(1 * 2 * 3 * 1, dtype="float32").reshape(1, 2, 3, 1)
for interp in ["nearest", "bilinear", "bicubic", "lanczos3", "lanczos5", "area"]:
    up = layers.UpSampling2D((2, 2), interpolation=interp)
    tryp(interp, lambda: r4(np.asarray(up(x))[0, :, :, 0]))
tryp("bad", lambda: layers.UpSampling2D(interpolation="cubic"))
u = layers.UpSampling2D(size=(1, 3), data_format="channels_first")
print(tuple(u(np.ones((1, 1, 2, 2), "float32")).shape), sorted(u.get_config().items()))
print(r4(layers.UpSampling1D(3)(np.array([[[1.0], [2.0]]], "float32"))))
print(tuple(layers.UpSampling3D((1, 2, 2))(np.ones((1, 2, 2, 2, 1), "float32")).shape))
"""

SNIPPETS["padding_cropping_shapes"] = _TRY + """
x = np.arange(1 * 4 * 5 * 1, dtype="float32").reshape(1, 4, 5, 1)
print(r4(np.asarray(layers.ZeroPadding2D(((1, 0), (0, 2)))(x))[0, :, :, 0]))
print(r4(np.asarray(layers.Cropping2D(((1, 1), (2, 0)))(x))[0, :, :, 0]))
print(tuple(layers.ZeroPadding1D((2, 1))(np.ones((2, 3, 4), "float32")).shape))
print(tuple(layers.Cropping1D((1, 2))(np.ones((2, 5, 4), "float32")).shape))
print(tuple(layers.ZeroPadding3D(1)(np.ones((1, 2, 2, 2, 3), "float32")).shape))
print(tuple(layers.Cropping3D(((0, 1), (1, 0), (0, 0)))(np.ones((1, 3, 3, 3, 1), "float32")).shape))
tryp("crop_too_much", lambda: layers.Cropping2D(((2, 2), (0, 0)))(x))
tryp("crop_neg", lambda: layers.Cropping1D(-1))
tryp("pad_bad", lambda: layers.ZeroPadding2D((1, 2, 3)))
i = keras.Input((4, 5, 1))
print(layers.Cropping2D(((1, 1), (2, 0))).compute_output_shape((None, 4, 5, 1)))
print(layers.ZeroPadding2D(2, data_format="channels_first").compute_output_shape((None, 1, 4, 5)))
print(sorted(layers.ZeroPadding2D(((1, 0), (0, 2))).get_config().items()))
"""

SNIPPETS["reshape_permute_repeat_errors"] = _TRY + """
x = np.arange(24, dtype="float32").reshape(2, 3, 4)
print(tuple(layers.Reshape((-1, 2))(x).shape), tuple(layers.Reshape((4, 3))(x).shape))
tryp("reshape_bad", lambda: layers.Reshape((5, 2))(x))
tryp("reshape_two_unknown", lambda: layers.Reshape((-1, -1))(x))
print(layers.Reshape((-1, 6)).compute_output_shape((None, 3, 4)))
print(layers.Reshape((-1, 6)).compute_output_shape((None, None, 4)))
print(tuple(layers.Permute((2, 1))(x).shape))
tryp("permute_bad", lambda: layers.Permute((1, 3)))
tryp("permute_zero", lambda: layers.Permute((0, 1)))
tryp("permute_rank", lambda: layers.Permute((2, 1, 3))(x))
print(r4(layers.RepeatVector(2)(np.array([[1.0, 2.0]], "float32"))))
tryp("repeat_rank", lambda: layers.RepeatVector(2)(x))
tryp("repeat_float", lambda: layers.RepeatVector(2.5))
print(sorted(layers.Permute((2, 1)).get_config().items()))
"""

SNIPPETS["concatenate_axis_errors"] = _TRY + """
a = np.ones((2, 3, 4), "float32")
b = np.zeros((2, 3, 2), "float32")
print(tuple(layers.Concatenate()([a, b]).shape))
tryp("axis1", lambda: layers.Concatenate(axis=1)([a, b]))
tryp("single", lambda: layers.Concatenate()([a]))
tryp("not_list", lambda: layers.Concatenate()(a))
tryp("rank", lambda: layers.Concatenate()([a, np.ones((2, 3), "float32")]))
i1, i2 = keras.Input((3, 4)), keras.Input((5, 4))
print(layers.Concatenate(axis=1)([i1, i2]).shape)
tryp("sym_bad", lambda: layers.Concatenate(axis=-1)([i1, i2]))
print(layers.concatenate([a, b], axis=-1).shape)
print(layers.Concatenate(axis=1).compute_output_shape([(None, 3, 4), (None, None, 4)]))
tryp("add_bad", lambda: layers.Add()([a, b]))
avg = layers.Average()([a, a * 3])
print(tuple(avg.shape), float(np.asarray(avg)[0, 0, 0]))
"""

SNIPPETS["masking_lstm_masks"] = _TRY + """
x = np.array([[[1., 2.], [0., 0.], [3., 1.]], [[0., 0.], [0., 0.], [2., 2.]]], "float32")
m = layers.Masking(mask_value=0.0)
print(r4(m.compute_mask(x)), r4(m(x)))
lstm = layers.LSTM(2, return_sequences=True)
i = keras.Input((3, 2))
h = layers.Masking()(i)
o = lstm(h)
model = keras.Model(i, o)
fill(model)
print(r4(model(x)))
print(r4(lstm.compute_mask(x, m.compute_mask(x))))
l2 = layers.LSTM(2)
print(l2.compute_mask(x, m.compute_mask(x)))
i2 = keras.Input((3, 2))
seq = layers.LSTM(2, return_sequences=True)(layers.Masking()(i2))
print(getattr(seq, "_keras_mask", None) is not None)
gru = layers.GRU(2, return_sequences=True, return_state=True)
gru.build((None, 3, 2))
fill(gru)
outs = gru(x, mask=m.compute_mask(x))
print(len(outs), r4(outs[0]), r4(outs[1]))
"""

SNIPPETS["embedding_mask_global_pooling"] = _TRY + """
ids = np.array([[3, 1, 0, 0], [2, 2, 4, 0]], "int32")
e = layers.Embedding(5, 2, mask_zero=True)
e.build((None, 4))
fill(e)
print(r4(e.compute_mask(ids)))
emb = e(ids)
print(r4(layers.GlobalAveragePooling1D()(emb, mask=e.compute_mask(ids))))
print(r4(layers.GlobalAveragePooling1D()(emb)))
print(r4(layers.GlobalMaxPooling1D()(emb)))
i = keras.Input((4,), dtype="int32")
o = layers.GlobalAveragePooling1D()(e(i))
m = keras.Model(i, o)
print(r4(m(ids)), r4(m.predict(ids, verbose=0)))
print(r4(layers.GlobalAveragePooling1D(keepdims=True)(emb, mask=e.compute_mask(ids))))
tryp("mask_zero_dim", lambda: layers.Embedding(1, 2, mask_zero=True))
print(sorted(layers.Embedding(5, 2, mask_zero=True).get_config().items())[:6])
"""

SNIPPETS["dropout_noise_shape"] = _TRY + """
x = np.ones((2, 3, 4), "float32")
d = layers.Dropout(0.5, noise_shape=(None, 1, 4), seed=7)
y = np.asarray(d(x, training=True))
print(tuple(y.shape), bool((y[:, 0, :] == y[:, 1, :]).all()), sorted(set(y.ravel().tolist())))
print(bool((np.asarray(d(x)) == x).all()), bool((np.asarray(d(x, training=False)) == x).all()))
print(sorted(d.get_config().items()))
tryp("rate_bad", lambda: layers.Dropout(1.5))
tryp("rate_neg", lambda: layers.Dropout(-0.1))
d0 = layers.Dropout(0.0)
print(bool((np.asarray(d0(x, training=True)) == x).all()))
s = layers.SpatialDropout1D(0.5, seed=3)
z = np.asarray(s(x, training=True))
print(bool(((z == 0).all(axis=1) | (z == 2).all(axis=1)).all()))
s2 = layers.SpatialDropout2D(0.5, seed=3)
z2 = np.asarray(s2(np.ones((1, 2, 2, 3), "float32"), training=True))
print(bool(((z2 == 0).all(axis=(1, 2)) | (z2 == 2).all(axis=(1, 2))).all()))
tryp("spatial_rank", lambda: layers.SpatialDropout2D(0.5)(x, training=True))
print(sorted(s2.get_config().items()))
"""

SNIPPETS["noise_layers_inference"] = _TRY + """
x = np.linspace(-1, 1, 6, dtype="float32").reshape(2, 3)
for layer in [layers.GaussianNoise(0.5, seed=1), layers.GaussianDropout(0.3, seed=1)]:
    print(type(layer).__name__, r4(layer(x)), r4(layer(x, training=False)))
    y = np.asarray(layer(x, training=True))
    print(tuple(y.shape), bool((y != x).any()))
    print(sorted(layer.get_config().items()))
m = keras.Sequential([keras.Input((3,)), layers.GaussianNoise(1.0), layers.Dense(1)])
fill(m)
print(r4(m.predict(x, verbose=0)), r4(m(x)))
tryp("gd_rate", lambda: layers.GaussianDropout(1.0))
tryp("gn_std", lambda: layers.GaussianNoise(-1.0))
"""

SNIPPETS["activity_regularization"] = _TRY + """
x = np.array([[1.0, -2.0], [0.5, 3.0]], "float32")
ar = layers.ActivityRegularization(l1=0.1, l2=0.01)
y = ar(x)
print(r4(y), [round(float(l), 4) for l in ar.losses])
m = keras.Sequential([keras.Input((2,)), layers.Dense(2), layers.ActivityRegularization(l1=0.5)])
fill(m)
m(x)
print([round(float(l), 4) for l in m.losses])
m.compile(optimizer=keras.optimizers.SGD(0.01), loss="mse")
h = m.fit(x, np.zeros((2, 2), "float32"), epochs=2, verbose=0, batch_size=2)
print(logs4(h))
print(round(float(m.evaluate(x, np.zeros((2, 2), "float32"), verbose=0)), 4))
print(sorted(ar.get_config().items()))
d = layers.Dense(2, activity_regularizer="l2")
d.build((None, 2))
fill(d)
d(x)
print([round(float(l), 4) for l in d.losses])
"""

SNIPPETS["auc_thresholds"] = _TRY + """
yt = np.array([0, 0, 1, 1, 1, 0, 1, 0], "float32")
yp = np.array([0.1, 0.4, 0.35, 0.8, 0.9, 0.55, 0.2, 0.05], "float32")
for kw in [dict(), dict(num_thresholds=3), dict(curve="PR"), dict(summation_method="minoring"),
           dict(summation_method="majoring", num_thresholds=5), dict(thresholds=[0.3, 0.5, 0.7]),
           dict(from_logits=True)]:
    a = keras.metrics.AUC(**kw)
    a.update_state(yt, yp)
    print(sorted(kw.items()), round(float(a.result()), 4), len(a.thresholds))
a = keras.metrics.AUC(num_thresholds=4)
print(r4(a.thresholds), a.name, [v.name for v in a.variables])
a.update_state(yt, yp, sample_weight=np.arange(8, dtype="float32"))
print(round(float(a.result()), 4), r4(a.true_positives))
ml = keras.metrics.AUC(multi_label=True, num_labels=2, num_thresholds=5)
ml.update_state(np.stack([yt, 1 - yt], 1), np.stack([yp, 1 - yp], 1))
print(round(float(ml.result()), 4))
tryp("bad_curve", lambda: keras.metrics.AUC(curve="XY"))
tryp("one_threshold", lambda: keras.metrics.AUC(num_thresholds=1))
"""

SNIPPETS["precision_recall_thresholds"] = _TRY + """
yt = np.array([[0, 1, 1, 0], [1, 1, 0, 0]], "float32")
yp = np.array([[0.2, 0.7, 0.45, 0.6], [0.9, 0.3, 0.51, 0.1]], "float32")
for cls in [keras.metrics.Precision, keras.metrics.Recall]:
    for kw in [dict(), dict(thresholds=0.4), dict(thresholds=[0.3, 0.5, 0.8]), dict(top_k=2),
               dict(class_id=1), dict(top_k=1, class_id=0)]:
        m = cls(**kw)
        m.update_state(yt, yp)
        print(cls.__name__, sorted(kw.items()), r4(m.result()))
p = keras.metrics.Precision(thresholds=[0.5, 0.9], name="p2")
print(p.name, [v.name for v in p.variables], sorted(p.get_config().items()))
for cls in [keras.metrics.PrecisionAtRecall, keras.metrics.RecallAtPrecision]:
    m = cls(0.5, num_thresholds=10)
    m.update_state(yt, yp)
    print(cls.__name__, r4(m.result()))
s = keras.metrics.SensitivityAtSpecificity(0.5, num_thresholds=10)
s.update_state(yt, yp)
print(r4(s.result()))
tryp("bad_recall", lambda: keras.metrics.PrecisionAtRecall(1.5))
"""

SNIPPETS["topk_meaniou_f1"] = _TRY + """
yt = np.array([[0, 0, 1], [0, 1, 0], [1, 0, 0], [0, 0, 1]], "float32")
yp = np.array([[0.5, 0.3, 0.2], [0.1, 0.6, 0.3], [0.2, 0.3, 0.5], [0.1, 0.1, 0.8]], "float32")
for k in [1, 2, 3]:
    t = keras.metrics.TopKCategoricalAccuracy(k=k)
    t.update_state(yt, yp)
    s = keras.metrics.SparseTopKCategoricalAccuracy(k=k)
    s.update_state(yt.argmax(1), yp)
    print(k, r4(t.result()), r4(s.result()), t.name, s.name)
iou = keras.metrics.MeanIoU(num_classes=3)
iou.update_state(yt.argmax(1), yp.argmax(1))
print(r4(iou.result()), r4(iou.total_cm))
oh = keras.metrics.OneHotMeanIoU(num_classes=3)
oh.update_state(yt, yp)
print(r4(oh.result()))
io = keras.metrics.IoU(num_classes=3, target_class_ids=[0, 2])
io.update_state(yt.argmax(1), yp.argmax(1))
print(r4(io.result()))
for kw in [dict(), dict(average="micro"), dict(average="macro"), dict(average="weighted"),
           dict(threshold=0.4), dict(average="macro", threshold=0.5)]:
    f = keras.metrics.F1Score(**kw)
    f.update_state(yt, yp)
    print(sorted(kw.items()), r4(f.result()))
tryp("f1_avg", lambda: keras.metrics.F1Score(average="sum"))
tryp("f1_thr", lambda: keras.metrics.F1Score(threshold=1.5))
fb = keras.metrics.FBetaScore(average="macro", beta=2.0)
fb.update_state(yt, yp)
print(r4(fb.result()))
"""

SNIPPETS["metric_reprs_configs"] = _TRY + """
ms = [keras.metrics.AUC(num_thresholds=10), keras.metrics.Precision(thresholds=0.3),
      keras.metrics.TopKCategoricalAccuracy(k=2), keras.metrics.MeanIoU(3),
      keras.metrics.F1Score(average="micro"), keras.metrics.Recall(class_id=2)]
for m in ms:
    print(type(m).__name__, m.name, m.dtype)
    print(sorted((k, v) for k, v in m.get_config().items() if k != "thresholds")[:8])
print(repr(keras.metrics.Mean()).split(" at ")[0])
print(str(keras.metrics.AUC()).split(" at ")[0])
"""

SNIPPETS["loss_reductions"] = _TRY + """
yt = np.array([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0]], "float32")
yp = np.array([[0.2, 0.7], [0.6, 0.1], [0.9, 0.4]], "float32")
sw = np.array([1.0, 0.0, 2.0], "float32")
for cls in [keras.losses.MeanSquaredError, keras.losses.BinaryCrossentropy,
            keras.losses.Huber, keras.losses.CategoricalCrossentropy]:
    for red in ["sum_over_batch_size", "sum", "none", "mean", "mean_with_sample_weight", None]:
        tryp(f"{cls.__name__} {red}", lambda: r4(cls(reduction=red)(yt, yp)))
        tryp(f"{cls.__name__} {red} sw", lambda: r4(cls(reduction=red)(yt, yp, sample_weight=sw)))
unordered("bad_reduction", lambda: keras.losses.MeanSquaredError(reduction="avg"))
print(keras.losses.MeanSquaredError(reduction="sum").get_config())
"""

SNIPPETS["loss_logits_smoothing"] = _TRY + """
yt = np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]], "float32")
logits = np.array([[1.0, 3.0, -1.0], [0.5, 0.2, 2.0]], "float32")
for kw in [dict(), dict(from_logits=True), dict(label_smoothing=0.1),
           dict(from_logits=True, label_smoothing=0.2), dict(axis=0, from_logits=True)]:
    p = logits if kw.get("from_logits") else np.asarray(keras.ops.softmax(logits))
    tryp("cce " + str(sorted(kw.items())),
         lambda: r4(keras.losses.CategoricalCrossentropy(**kw)(yt, p)))
for kw in [dict(from_logits=True), dict(label_smoothing=0.2, from_logits=True),
           dict(label_smoothing=0.1)]:
    p = logits if kw.get("from_logits") else np.asarray(keras.ops.sigmoid(logits))
    print("bce", sorted(kw.items()), r4(keras.losses.BinaryCrossentropy(**kw)(yt, p)))
    print("bce_fn", r4(keras.losses.binary_crossentropy(yt, p, **kw)))
sp = keras.losses.SparseCategoricalCrossentropy(from_logits=True, ignore_class=0)
print(r4(sp(np.array([1, 0]), logits)))
print(r4(keras.losses.SparseCategoricalCrossentropy(from_logits=True)(np.array([1, 2]), logits)))
bf = keras.losses.BinaryFocalCrossentropy(gamma=2.0, from_logits=True, label_smoothing=0.1)
print(r4(bf(yt, logits)))
print(r4(keras.losses.CategoricalFocalCrossentropy(from_logits=True)(yt, logits)))
print(r4(keras.losses.categorical_crossentropy(yt, logits, from_logits=True, label_smoothing=0.1)))
"""

SNIPPETS["multi_output_loss_dict"] = _TRY + """
i = keras.Input((3,), name="x")
a = layers.Dense(1, name="reg")(i)
b = layers.Dense(2, activation="softmax", name="cls")(i)
m = keras.Model(i, {"reg": a, "cls": b})
fill(m)
m.compile(optimizer=keras.optimizers.SGD(0.05),
          loss={"reg": "mse", "cls": "sparse_categorical_crossentropy"},
          loss_weights={"reg": 0.5, "cls": 2.0},
          metrics={"reg": ["mae"], "cls": ["accuracy"]})
yc = (X[:, 0] > 0).astype("int32")
h = m.fit(X, {"reg": Y, "cls": yc}, epochs=2, batch_size=4, verbose=0)
print(sorted(h.history), logs4(h))
r = m.evaluate(X, {"reg": Y, "cls": yc}, verbose=0)
print([round(float(v), 4) for v in r])
r = m.evaluate(X, {"reg": Y, "cls": yc}, verbose=0, return_dict=True)
print({k: round(float(v), 4) for k, v in r.items()})
print(m.metrics_names)
"""

SNIPPETS["multi_output_list_losses"] = _TRY + """
i = keras.Input((3,))
o1 = layers.Dense(1, name="out_a")(i)
o2 = layers.Dense(1, name="out_b")(i)
m = keras.Model(i, [o1, o2])
fill(m)
m.compile(optimizer=keras.optimizers.SGD(0.05), loss=["mse", "mae"], loss_weights=[1.0, 0.25],
          metrics=[["mse"], ["mae"]])
h = m.fit(X, [Y, -Y], epochs=2, batch_size=8, verbose=0, validation_data=(X, [Y, -Y]))
print(sorted(h.history), logs4(h))
print([round(float(v), 4) for v in m.evaluate(X, [Y, -Y], verbose=0)])
m2 = keras.Model(i, [o1, o2])
m2.compile(optimizer="sgd", loss="mse")
print(sorted(m2.fit(X, [Y, Y], epochs=1, verbose=0).history))
m3 = keras.Model(i, [o1, o2])
m3.compile(optimizer="sgd", loss={"out_a": "mse", "out_b": "mae"})
print(sorted(m3.fit(X, [Y, Y], epochs=1, verbose=0).history))
tryp("bad_key", lambda: (m3.compile(optimizer="sgd", loss={"nope": "mse"}),
                         m3.fit(X, [Y, Y], epochs=1, verbose=0))[0])
tryp("bad_len", lambda: (m3.compile(optimizer="sgd", loss=["mse"]),
                         m3.fit(X, [Y, Y], epochs=1, verbose=0))[0])
"""

SNIPPETS["multi_output_evaluate_predict"] = _TRY + """
i = keras.Input((3,))
o1 = layers.Dense(2, name="p")(i)
o2 = layers.Dense(1, activation="sigmoid", name="q")(i)
m = keras.Model(i, [o1, o2])
fill(m)
m.compile(optimizer="adam", loss=["mse", "binary_crossentropy"],
          metrics=[[], ["accuracy", keras.metrics.AUC(name="auc")]])
yq = (X[:, :1] > 0).astype("float32")
y2 = np.concatenate([Y, -Y], 1)
r = m.evaluate(X, [y2, yq], verbose=0, return_dict=True)
print({k: round(float(v), 4) for k, v in sorted(r.items())})
print([round(float(v), 4) for v in m.evaluate(X, [y2, yq], verbose=0, batch_size=3)])
p = m.predict(X, verbose=0, batch_size=5)
print(type(p).__name__, [a.shape for a in p], r4(p[1][:3]))
print(m.compute_output_shape((None, 3)))
print([round(float(v), 4) for v in m.test_on_batch(X, [y2, yq])])
"""

SNIPPETS["alpha_dropout_inference"] = _TRY + """
x = np.linspace(-1, 1, 6, dtype="float32").reshape(2, 3)
a = layers.AlphaDropout(0.3, seed=1)
print(r4(a(x)), r4(a(x, training=False)), a.built)
y = np.asarray(a(x, training=True))
print(tuple(y.shape), bool((y != x).any()))
print(sorted(a.get_config().items()))
tryp("rate", lambda: layers.AlphaDropout(1.5))
"""

from tests.keras.kprobe21.cases_more import SNIPPETS as MORE_SNIPPETS  # noqa: E402

SNIPPETS.update(MORE_SNIPPETS)
