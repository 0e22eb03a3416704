"""kprobe18's further snippets: control-flow ops, FFT ops, scoring metrics with odd
arguments, LoRA on dense and embedding layers, masks through recurrent layers, layer access
on models, more callbacks and fit's step arguments (see cases.py)."""

from tests.keras.kprobe15.prelude import _SHOW
from tests.keras.kprobe18.prelude import _TRY

SNIPPETS = {}

SNIPPETS["ops_control_flow_odd_args"] = _TRY + _SHOW + """
show("fori", lambda: O.fori_loop(0, 4, lambda i, v: v + i, 10))
show("fori_tuple", lambda: O.fori_loop(1, 3, lambda i, s: (s[0] * 2, s[1] + i), (1.0, 0)))
show("while_max", lambda: O.while_loop(lambda x: x < 100, lambda x: x * 2, 1, maximum_iterations=3))
show("while_tuple", lambda: O.while_loop(lambda a, b: a < 5, lambda a, b: (a + 1, b * 2), (0, 1)))
show("scan", lambda: O.scan(lambda c, x: (c + x, c * x), 0.0, np.arange(1.0, 5.0, dtype="float32")))
show("scan_reverse", lambda: O.scan(lambda c, x: (c + x, c), 0.0, np.arange(4.0, dtype="float32"),
    reverse=True))
show("scan_none", lambda: O.scan(lambda c, x: (c + 1, None), 0, None, length=3))
show("assoc", lambda: O.associative_scan(lambda a, b: a + b, np.arange(5.0, dtype="float32")))
show("assoc_rev", lambda: O.associative_scan(lambda a, b: a * b, np.arange(1.0, 5.0,
    dtype="float32"), reverse=True))
show("switch", lambda: O.switch(1, [lambda x: x + 1, lambda x: x * 10], np.float32(2.0)))
show("switch_clamp", lambda: O.switch(5, [lambda: 1.0, lambda: 2.0]))
show("cond", lambda: O.cond(np.array(False), lambda: np.float32(1), lambda: np.float32(2)))
show("map", lambda: O.map(lambda x: x * 2, np.arange(3.0, dtype="float32")))
show("vmap", lambda: O.vectorized_map(lambda x: O.sum(x), F))
show("slice_update", lambda: O.slice_update(np.zeros((3, 3), "float32"), (1, 1), np.ones((2, 2),
    "float32")))
show("scatter", lambda: O.scatter(np.array([[0], [2], [0]]), np.array([1.0, 2.0, 3.0], "float32"),
    (4,)))
show("scatter_update", lambda: O.scatter_update(np.zeros((3,), "float32"), np.array([[1]]),
    np.array([5.0], "float32")))
show("stop_grad", lambda: O.stop_gradient(F))
"""

SNIPPETS["ops_fft_odd_args"] = _TRY + _SHOW + """
x = np.sin(np.arange(16, dtype="float32") * 0.9)
show("rfft", lambda: O.rfft(x))
show("rfft_n", lambda: O.rfft(x, fft_length=8))
show("irfft", lambda: O.irfft(O.rfft(x), fft_length=16)[:4])
show("fft", lambda: O.fft((x.reshape(2, 8), np.zeros((2, 8), "float32"))))
show("fft_bad", lambda: O.fft(x))
show("fft2", lambda: O.fft2((x.reshape(4, 4), x.reshape(4, 4)[::-1].copy()))[0])
show("stft", lambda: O.stft(x, 8, 4, 8, window="hann"))
show("stft_center", lambda: O.stft(x, 6, 3, 8, window=None, center=False)[0].shape)
show("stft_bad_win", lambda: O.stft(x, 8, 4, 8, window="triangle"))
show("istft", lambda: O.istft(O.stft(x, 8, 4, 8), 8, 4, 8, length=16)[:4])
show("extract_seq", lambda: O.extract_sequences(np.arange(10.0, dtype="float32"), 4, 3))
"""

SNIPPETS["scoring_metrics_odd_args"] = _TRY + """
yt = np.array([[1, 0, 1], [0, 1, 0], [1, 1, 0], [0, 0, 1]], "float32")
yp = np.array([[0.9, 0.2, 0.6], [0.3, 0.8, 0.4], [0.4, 0.7, 0.2], [0.1, 0.3, 0.55]], "float32")
for avg in [None, "micro", "macro", "weighted"]:
    f = keras.metrics.F1Score(average=avg, threshold=0.5)
    f.update_state(yt, yp)
    print("f1", avg, r4(f.result()))
fb = keras.metrics.FBetaScore(beta=2.0, threshold=None)
fb.update_state(np.eye(3, dtype="float32"), np.array([[0.5, 0.3, 0.2], [0.1, 0.1, 0.8], [0.2, 0.3,
    0.5]], "float32"))
print("fbeta", r4(fb.result()), sorted(fb.get_config()))
tryp("f1_bad_avg", lambda: keras.metrics.F1Score(average="sum"))
tryp("f1_bad_beta", lambda: keras.metrics.FBetaScore(beta=0))
tryp("f1_bad_threshold", lambda: keras.metrics.F1Score(threshold=1.5))
r2 = keras.metrics.R2Score(class_aggregation="variance_weighted_average", num_regressors=1)
r2.update_state(yt, yp)
print("r2", r4(r2.result()))
r2b = keras.metrics.R2Score(class_aggregation=None)
r2b.update_state(yt, yp, sample_weight=np.array([1.0, 2.0, 0.5, 1.0]))
print("r2b", r4(r2b.result()))
tryp("r2_bad", lambda: keras.metrics.R2Score(class_aggregation="mean"))
tryp("r2_regressors", lambda: (lambda m: (m.update_state(yt[:2], yp[:2]),
    float(m.result()))[1])(keras.metrics.R2Score(num_regressors=5)))
for cls in [keras.metrics.CosineSimilarity, keras.metrics.LogCoshError, keras.metrics.Poisson,
            keras.metrics.KLDivergence, keras.metrics.MeanAbsolutePercentageError]:
    m = cls()
    m.update_state(yt, yp)
    print(cls.__name__, r4(m.result()), m.name)
"""

SNIPPETS["lora_dense_embedding"] = _TRY + """
d = layers.Dense(3)
d.build((None, 4))
fill(d)
x = np.linspace(-1, 1, 8, dtype="float32").reshape(2, 4)
before = d(x)
d.enable_lora(2)
print([w.path for w in d.weights], [w.path for w in d.trainable_weights])
print(np.allclose(before, d(x)), tuple(d.lora_kernel_a.shape), tuple(d.lora_kernel_b.shape),
    d.lora_rank)
print(d.get_config().get("lora_rank"), d.get_config().get("lora_alpha"))
d.lora_kernel_b.assign(np.ones((2, 3), "float32"))
print(r4(d(x)), tuple(d.kernel.shape))
tryp("again", lambda: d.enable_lora(2))
tryp("unbuilt", lambda: layers.Dense(2).enable_lora(1))
e = layers.Embedding(5, 3)
e.build()
e.enable_lora(1)
print([w.path for w in e.trainable_weights], r4(e(np.array([1, 4]))).__len__())
ed = layers.EinsumDense("ab,bc->ac", output_shape=3)
ed.build((None, 4))
ed.enable_lora(2)
print([tuple(w.shape) for w in ed.trainable_weights])
m = keras.Sequential([keras.Input((4,)), layers.Dense(2, lora_rank=1)])
print([w.path for w in m.weights], len(m.trainable_weights))
"""

SNIPPETS["masking_through_recurrent"] = _TRY + """
x = np.array([[[1.0, 2.0], [0.0, 0.0], [3.0, 1.0]], [[0.0, 0.0], [0.0, 0.0], [2.0, 2.0]]],
    "float32")
mk = layers.Masking(0.0)
print(np.asarray(mk.compute_mask(x)).tolist(), getattr(mk(x), "_keras_mask", None) is not None)
i = keras.Input((3, 2))
h = layers.Masking()(i)
seq = layers.SimpleRNN(2, return_sequences=True)(h)
last = layers.SimpleRNN(2)(seq)
m = keras.Model(i, [seq, last])
fill(m)
s, l = m(x)
print(r4(s), r4(l))
g = layers.GRU(2, return_sequences=True)
g.build((None, 3, 2))
fill(g)
print(r4(g(x, mask=np.array([[True, False, True], [False, False, False]]))))
lay = layers.LSTM(2, return_sequences=True)
print(np.asarray(lay.compute_mask(x, np.array([[True, True, False], [True, True, True]]))).tolist())
print(layers.LSTM(2).compute_mask(x, np.array([[True, True, False], [True, True, True]])))
e = layers.Embedding(4, 2, mask_zero=True)
print(np.asarray(e.compute_mask(np.array([[0, 1], [2, 0]]))).tolist())
"""

SNIPPETS["model_layer_access"] = _TRY + """
i = keras.Input((3,), name="in")
a = layers.Dense(2, name="a")(i)
b = layers.Dense(1, name="b")(a)
m = keras.Model(i, b, name="m")
print(m.get_layer("a").name, m.get_layer(index=0).name, m.get_layer(index=2).name)
tryp("no_name", lambda: m.get_layer("zz"))
tryp("index_big", lambda: m.get_layer(index=9))
tryp("neither", lambda: m.get_layer())
tryp("both", lambda: m.get_layer("a", index=1))
print(m.count_params(), m.layers[1].count_params(), len(m.layers), m.input_names if hasattr(m,
    "input_names") else None)
tryp("unbuilt_count", lambda: layers.Dense(2).count_params())
s = keras.Sequential(name="s")
tryp("pop_empty", lambda: s.pop())
s.add(layers.Dense(2, name="d0"))
tryp("add_non_layer", lambda: s.add("dense"))
s.build((None, 3))
print(s.get_layer("d0").name, [l.name for l in s.layers], s.count_params())
tryp("dup_name", lambda: keras.Sequential([layers.Dense(1, name="x"), layers.Dense(1,
    name="x")]).build((None, 2)))
s2 = keras.Sequential([layers.Dense(1)])
tryp("add_input_late", lambda: (s2.add(keras.Input((3,))),
    [type(l).__name__ for l in s2.layers])[1])
tryp("build_after", lambda: s2.build((None, 3)))
print(m.get_layer("a").output.shape, m.get_layer("b").input.shape)
"""

SNIPPETS["more_callbacks_thresholds"] = _TRY + """
X = np.linspace(-1, 1, 24, dtype="float32").reshape(8, 3)
Y = (X.sum(axis=1, keepdims=True) * 0.5).astype("float32")
def model(lr=0.05):
    m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
    fill(m)
    m.compile(optimizer=keras.optimizers.SGD(lr), loss="mse")
    return m
os.chdir(D)
ck = keras.callbacks.ModelCheckpoint("t.weights.h5", monitor="loss", save_best_only=True,
                                     save_weights_only=True, initial_value_threshold=0.05,
                                     verbose=1)
quiet(lambda: model().fit(X, Y, epochs=4, batch_size=8, verbose=0, callbacks=[ck]))
print(os.path.exists("t.weights.h5"), round(float(ck.best), 4))
sched = keras.callbacks.LearningRateScheduler(lambda e, lr: lr * 0.5 if e > 0 else lr, verbose=1)
h = model().fit(X, Y, epochs=3, batch_size=8, verbose=0, callbacks=[sched])
print([round(v, 5) for v in h.history["learning_rate"]])
tryp("sched_bad", lambda: model().fit(X, Y, epochs=1, verbose=0,
     callbacks=[keras.callbacks.LearningRateScheduler(lambda e, lr: "fast")]))
m = model(1e6)
h = m.fit(X, Y * 1e6, epochs=3, batch_size=2, verbose=0,
    callbacks=[keras.callbacks.TerminateOnNaN()])
print(len(h.history["loss"]), h.epoch)
counts = {}
class Count(keras.callbacks.Callback):
    def on_test_batch_end(self, batch, logs=None):
        counts["test_batch"] = counts.get("test_batch", 0) + 1
    def on_test_end(self, logs=None):
        counts["test_end_keys"] = sorted(logs)
    def on_predict_batch_end(self, batch, logs=None):
        counts["pred"] = sorted(logs)
model().evaluate(X, Y, batch_size=3, verbose=0, callbacks=[Count()])
model().predict(X, batch_size=5, verbose=0, callbacks=[Count()])
print(counts)
"""

SNIPPETS["fit_steps_and_batch_args"] = _TRY + """
X = np.linspace(-1, 1, 30, dtype="float32").reshape(10, 3)
Y = (X.sum(axis=1, keepdims=True) * 0.5).astype("float32")
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
fill(m)
m.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
seen = []
class Steps(keras.callbacks.Callback):
    def on_train_batch_end(self, batch, logs=None):
        seen.append(batch)
h = m.fit(X, Y, batch_size=4, epochs=2, steps_per_epoch=2, verbose=0, callbacks=[Steps()],
    shuffle=False)
print(seen, r4(h.history["loss"]), int(m.optimizer.iterations))
h = m.fit(X, Y, batch_size=4, epochs=1, validation_data=(X, Y), validation_batch_size=3,
    verbose=0, shuffle=False)
print(sorted(h.history), r4(h.history["val_loss"]))
tryp("too_many_steps", lambda: m.fit(X, Y, batch_size=4, epochs=1, steps_per_epoch=5,
    verbose=0).history["loss"].__len__())
tryp("bad_split", lambda: sorted(m.fit(X, Y, validation_split=1.5, verbose=0).history))
tryp("mismatch", lambda: m.fit(X, Y[:7], verbose=0))
tryp("eval_steps", lambda: r4(m.evaluate(X, Y, batch_size=4, steps=2, verbose=0)))
tryp("predict_steps", lambda: m.predict(X, batch_size=4, steps=1, verbose=0).shape)
"""

SNIPPETS["rnn_initial_state_counts"] = _TRY + """
x = np.ones((2, 3, 2), "float32")
z = np.zeros((2, 4), "float32")
for name, make, st in [("lstm1", lambda: layers.LSTM(4), [z]), ("lstm3", lambda: layers.LSTM(4),
    [z, z, z]),
                       ("gru2", lambda: layers.GRU(4, return_state=True), [z, z]),
                       ("gru0", lambda: layers.GRU(4), []),
                       ("srnn2", lambda: layers.SimpleRNN(4), [z, z]),
                       ("srnn0", lambda: layers.SimpleRNN(4), [])]:
    l = make()
    l.build((None, 3, 2))
    fill(l)
    tryp(name, lambda: r4(l(x, initial_state=st)))
"""

SNIPPETS["constant_initializer_configs"] = _TRY + """
for v in [0.5, [1.0, 2.0], np.array([1.0, 3.0]), np.float32(2.5), 3]:
    c = keras.initializers.Constant(v)
    cfg = c.get_config()
    b = keras.initializers.Constant.from_config(cfg)
    print(cfg, b.get_config() == cfg, r4(b((2,))))
    print("  ", keras.initializers.serialize(c)["config"],
          r4(keras.initializers.deserialize(keras.initializers.serialize(c))((2,))))
d = layers.Dense(2, bias_initializer=keras.initializers.Constant(np.array([1.0, 2.0])))
d2 = layers.Dense.from_config(d.get_config())
d2.build((None, 2))
print(r4(d2.bias), d.get_config()["bias_initializer"])
tryp("empty", lambda: keras.initializers.Constant.from_config({}))
tryp("get", lambda: keras.initializers.get("constant"))
tryp("get_dict", lambda: keras.initializers.get({"class_name": "Constant",
    "config": {"value": 2.0}})((1,)))
R = keras.regularizers.OrthogonalRegularizer(0.5, mode="columns")
S = np.array([[0.5, -2.0, 1.0], [3.0, 0.0, -0.5], [1.0, 1.0, 2.0]], "float32")
print(float(R(S)), float(R(tf.constant(S))), float(R(tf.Variable(S))))
"""
