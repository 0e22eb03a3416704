"""More of kprobe31's edge snippets: TimeDistributed trained over unknown steps and with
seeded dropout, stateful custom cells and stateful Bidirectional layers reset from
callbacks, seeded categorical sampling, ReduceLROnPlateau's max mode with cooldown,
window classification with class weights, callbacks when validation runs every other
epoch, PyDatasets on worker threads and running out, attention dropout, masked padded
float sequences, dict inputs with validation_split and a recurrent layer inside
TimeDistributed given each step's mask (see cases.py)."""

from tests.keras.kprobe31.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["time_distributed_unknown_steps_training_and_dropout"] = _TRY + """
x = np.sin(np.arange(2 * 3 * 4, dtype="float32")).reshape(2, 3, 4)
inp = keras.Input((None, 4))
td = layers.TimeDistributed(layers.BatchNormalization(), name="td_bn")
out = layers.GlobalAveragePooling1D()(td(inp))
m = keras.Model(inp, layers.Dense(1)(out))
fill_bn(m, 0.3)
m.compile(keras.optimizers.SGD(0.1), "mse")
tryp("fit_unknown_steps", lambda: logs4(m.fit(x, np.ones((2, 1), "float32"), epochs=1, verbose=0)))
print(r4(td.layer.moving_mean))
td2 = layers.TimeDistributed(layers.Dropout(0.5, seed=4))
a = td2(x, training=True)
print(int((np.asarray(a) == 0).sum()), tuple(a.shape))
print(np.allclose(td2(x, training=False), x))
td3 = layers.TimeDistributed(layers.Dense(2))
y = td3(x[:, :2], training=True)
print(tuple(y.shape), [w.path for w in td3.weights])
"""

SNIPPETS["stateful_custom_cell_states_and_reset"] = _TRY + """
class Acc(layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.state_size = [2, 1]
        self.output_size = 2
    def call(self, x, states):
        s, n = states
        s2 = s + x[:, :2]
        return s2 / (n + 1.0), [s2, n + 1.0]
xs = np.ones((2, 3, 2), "float32")
r = layers.RNN(Acc(), stateful=True, return_state=True)
inp = keras.Input((3, 2), batch_size=2)
out = r(inp)
m = keras.Model(inp, out)
o1 = m.predict(xs, verbose=0)
o2 = m.predict(xs, verbose=0)
print(r4(o1[0][0]), r4(o2[0][0]), r4(o2[2][:, 0]))
print([tuple(s.shape) for s in r.states], [s.dtype for s in r.states])
r.reset_states()
print(r4(r.states[1][:, 0]))
print(r4(m.predict(xs, verbose=0)[0][0]))
"""

SNIPPETS["bidirectional_stateful_fit_and_reset_callback"] = _TRY + """
xs = np.sin(np.arange(4 * 3 * 2, dtype="float32")).reshape(4, 3, 2)
ys = np.ones((4, 1), "float32")
bi = layers.Bidirectional(layers.GRU(2, stateful=True), merge_mode="sum", name="bi")
m = keras.Sequential([keras.Input((3, 2), batch_size=2), bi, layers.Dense(1)])
fill(m, 0.3)
m.compile(keras.optimizers.SGD(0.1), "mse")
cb = keras.callbacks.LambdaCallback(on_epoch_begin=lambda e, l: m.get_layer("bi").reset_states())
h = m.fit(xs, ys, batch_size=2, epochs=2, shuffle=False, verbose=0, callbacks=[cb])
print(logs4(h))
print(r4(bi.forward_layer.states[0][0]), r4(bi.backward_layer.states[0][0]))
bi.reset_states()
print(r4(bi.forward_layer.states[0][0]))
print(len(bi.get_config()), bi.get_config()["layer"]["config"]["stateful"])
"""

SNIPPETS["categorical_sampling_seeded_text_generation"] = _TRY + """
logits = np.log(np.array([[0.1, 0.6, 0.3], [0.5, 0.25, 0.25]], "float32"))
s1 = keras.random.categorical(logits, 8, seed=3)
s2 = keras.random.categorical(logits, 8, seed=3)
print(keras.backend.standardize_dtype(s1.dtype), tuple(s1.shape), np.array_equal(s1, s2))
g = keras.random.SeedGenerator(7)
a = keras.random.categorical(logits, 5, seed=g)
b = keras.random.categorical(logits, 5, seed=g)
print(np.array_equal(a, b))
def sample_next(preds, temperature=1.0):
    preds = np.asarray(preds).astype("float64")
    preds = np.log(preds) / temperature
    exp_preds = np.exp(preds)
    preds = exp_preds / np.sum(exp_preds)
    return preds
print(r4(sample_next([0.1, 0.6, 0.3], 0.5)), r4(sample_next([0.1, 0.6, 0.3], 2.0)))
t = keras.ops.softmax(keras.ops.convert_to_tensor(logits) / 0.5)
print(r4(t))
tryp("bad_dtype", lambda: keras.random.categorical(logits, 3, dtype="float32"))
tryp("rank1", lambda: keras.random.categorical(logits[0], 3))
"""

SNIPPETS["reduce_lr_mode_max_cooldown_val_accuracy"] = _TRY + """
xs = np.linspace(-1, 1, 24, dtype="float32").reshape(8, 3)
ys = (xs.sum(1) > 0.2).astype("int32")
m = keras.Sequential([keras.Input((3,)), layers.Dense(2, activation="softmax")])
fill(m)
m.compile(keras.optimizers.SGD(0.01), "sparse_categorical_crossentropy", metrics=["accuracy"])
rl = keras.callbacks.ReduceLROnPlateau(monitor="val_accuracy", mode="max", factor=0.5, patience=1,
                                       cooldown=1, min_lr=0.001, verbose=1)
h = quiet(lambda: m.fit(xs, ys, validation_data=(xs, ys), epochs=6, verbose=0, callbacks=[rl]))
print(logs4(h)["learning_rate"], rl.cooldown_counter, rl.wait, r4(rl.best))
tryp("bad_mode", lambda: type(keras.callbacks.ReduceLROnPlateau(mode="up")).__name__)
bi = layers.Bidirectional(layers.GRU(2))
tryp("not_stateful_reset", lambda: bi.reset_states())
tryp("mixed_stateful", lambda: layers.Bidirectional(
    layers.GRU(2, stateful=True), backward_layer=layers.GRU(2, go_backwards=True)))
"""

SNIPPETS["timeseries_classification_from_windows_with_class_weight"] = _TRY + """
T = np.arange(64, dtype="float32")
sig = np.stack([np.sin(T * 0.4), np.cos(T * 0.15)], 1).astype("float32")
labels = (np.sin(T * 0.4) > 0.5).astype("int32")
ds = keras.utils.timeseries_dataset_from_array(sig, labels[7:], sequence_length=8, batch_size=8)
counts = np.bincount(np.concatenate([y.numpy() for _, y in ds]), minlength=2)
print(counts.tolist())
cw = {0: float(counts.sum() / (2 * counts[0])), 1: float(counts.sum() / (2 * counts[1]))}
print(r4(cw))
m = keras.Sequential([keras.Input((8, 2)), layers.Conv1D(3, 3, activation="relu"),
                      layers.GlobalMaxPooling1D(), layers.Dense(2, activation="softmax")])
fill(m, 0.3)
m.compile(keras.optimizers.Adam(0.01), "sparse_categorical_crossentropy",
          metrics=["sparse_categorical_accuracy"])
h = m.fit(ds, epochs=2, verbose=0, class_weight=cw)
print(logs4(h))
print(r4(m.evaluate(ds, verbose=0, return_dict=True)))
"""

SNIPPETS["callbacks_with_validation_freq_gaps"] = _TRY + """
xs = np.linspace(-1, 1, 24, dtype="float32").reshape(8, 3)
ys = xs[:, :1] * 2
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
fill(m)
m.compile(keras.optimizers.SGD(0.1), "mse")
es = keras.callbacks.EarlyStopping(monitor="val_loss", patience=1, verbose=1)
csv = keras.callbacks.CSVLogger(os.path.join(D, "v.csv"))
ck = keras.callbacks.ModelCheckpoint(os.path.join(D, "v.keras"), monitor="val_loss",
                                     save_best_only=True, verbose=1)
import warnings
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    h = quiet(lambda: m.fit(xs, ys, validation_data=(xs, ys), validation_freq=2, epochs=4,
                            verbose=0, callbacks=[es, csv, ck]))
print(sorted({str(x.message)[:90] for x in w if not issubclass(x.category, DeprecationWarning)}))
print(logs4(h))
with open(os.path.join(D, "v.csv")) as f:
    rows = [r.split(",") for r in f.read().splitlines()]
print(rows[0], [[v if v in ("NA",) or "." not in v else str(round(float(v), 4)) for v in r]
                for r in rows[1:]])
"""

SNIPPETS["pydataset_thread_workers_order_and_running_out"] = _TRY + """
class Seq(keras.utils.PyDataset):
    def __init__(self, n, **kw):
        super().__init__(**kw)
        self.n = n
    def __len__(self):
        return self.n
    def __getitem__(self, i):
        x = np.full((2, 3), float(i), "float32")
        return x, x[:, :1]
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
fill(m)
m.compile(keras.optimizers.SGD(0.01), "mse")
s = Seq(4, workers=2, use_multiprocessing=False)
print(r4(m.predict(s, verbose=0)[:, 0]))
print(logs4(m.fit(s, epochs=2, verbose=0)))
import warnings
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    h = m.fit(Seq(3, workers=0), steps_per_epoch=5, epochs=2, verbose=0)
print(len(h.epoch), sorted({str(x.message)[:70] for x in w}))
print(s.workers, s.use_multiprocessing, Seq(1).workers)
tryp("bad_workers", lambda: Seq(1, workers=-1).workers)
"""

SNIPPETS["attention_dropout_training_seeded_and_inference"] = _TRY + """
q = np.sin(np.arange(2 * 3 * 4, dtype="float32")).reshape(2, 3, 4)
a = layers.Attention(dropout=0.5, seed=5)
o_inf = a([q, q])
o1, s1 = a([q, q], training=True, return_attention_scores=True)
print(r4(o_inf[0, 0]), tuple(s1.shape), np.allclose(np.asarray(s1).sum(-1), 1.0, atol=1e-5))
print(int((np.asarray(o1) == np.asarray(o_inf)).all()))
mha = layers.MultiHeadAttention(2, 2, dropout=0.5, seed=2)
o = mha(q, q)
fill(mha, 0.3)
oi = mha(q, q)
ot = mha(q, q, training=True)
print(r4(oi[0, 0]), bool(np.any(np.asarray(ot) != np.asarray(oi))))
print(a.get_config()["dropout"], a.get_config().get("seed"), mha.get_config()["dropout"])
"""

SNIPPETS["masking_float_features_padded_sequences_gru"] = _TRY + """
seqs = [[1.0, 2.0], [3.0], [4.0, 5.0, 6.0]]
pad = keras.utils.pad_sequences(seqs, value=-1.0, dtype="float32", padding="post")
print(pad.tolist())
x = pad[:, :, None]
inp = keras.Input((None, 1))
mk = layers.Masking(mask_value=-1.0)(inp)
g = layers.GRU(2, return_sequences=True)(mk)
last = layers.GRU(2)(mk)
m = keras.Model(inp, [g, last])
fill(m, 0.4)
s, l = m.predict(x, verbose=0)
print(r4(s[1, :, 0]), r4(l[1]))
print(m.layers[1].compute_mask(x).numpy().tolist())
pre = keras.utils.pad_sequences(seqs, value=-1.0, dtype="float32", padding="pre", maxlen=2,
                                truncating="pre")
print(pre.tolist(), r4(m.predict(pre[:, :, None], verbose=0)[1][:, 0]))
"""

SNIPPETS["dict_inputs_validation_split_class_weight"] = _TRY + """
xa = np.linspace(-1, 1, 20, dtype="float32").reshape(10, 2)
xb = np.linspace(1, -1, 10, dtype="float32").reshape(10, 1)
y = np.array([0, 1, 0, 1, 1, 0, 0, 0, 1, 0], "int32")
ia, ib = keras.Input((2,), name="a"), keras.Input((1,), name="b")
out = layers.Dense(2, activation="softmax")(layers.concatenate([ia, ib]))
m = keras.Model({"a": ia, "b": ib}, out)
fill(m, 0.4)
m.compile(keras.optimizers.SGD(0.3), "sparse_categorical_crossentropy", metrics=["accuracy"])
h = m.fit({"a": xa, "b": xb}, y, validation_split=0.3, class_weight={0: 1.0, 1: 2.5}, epochs=2,
          batch_size=3, shuffle=False, verbose=0)
print(logs4(h))
tryp("missing_input", lambda: m.fit({"a": xa}, y, epochs=1, verbose=0))
tryp("extra_input", lambda: logs4(m.fit({"a": xa, "b": xb, "c": xb}, y, epochs=1, verbose=0)))
"""

SNIPPETS["time_distributed_recurrent_layer_takes_step_masks"] = _TRY + """
x = np.sin(np.arange(2 * 3 * 4 * 2, dtype="float32")).reshape(2, 3, 4, 2)
x[0, 1, 2:] = 0.0
x[1, 2, 1:] = 0.0
inp = keras.Input((3, 4, 2))
mk = layers.Masking(0.0)(inp)
td = layers.TimeDistributed(layers.LSTM(2), name="td")
y = td(mk)
m = keras.Model(inp, layers.Dense(1)(layers.Flatten()(y)))
fill(m, 0.4)
print(y.shape, getattr(y, "_keras_mask", None) is not None)
inner = keras.Model(inp, y)
print(r4(inner.predict(x, verbose=0)[0, 1]), r4(inner.predict(x, verbose=0)[1, 2]))
m.compile(keras.optimizers.SGD(0.1), "mse")
print(logs4(m.fit(x, np.ones((2, 1), "float32"), epochs=2, verbose=0)))
free = keras.Input((None, 4, 2))
yf = layers.TimeDistributed(layers.GRU(2))(layers.Masking(0.0)(free))
mf = keras.Model(free, yf)
fill(mf, 0.4)
tryp("unknown_steps", lambda: r4(mf.predict(x[:, :2], verbose=0)[0, 1]))
"""
