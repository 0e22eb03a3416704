"""kprobe31's snippets at the edges of the other case files' programs: stateful layers
given batches that do not divide the data, masks reaching recurrent layers, attention
layers and Bidirectional on their own in functional models, ragged and vocabulary-file
TextVectorization outputs, EinsumDense on higher ranks with LoRA, callbacks' less common
arguments (checkpoints every few batches, CSV logs appended, restoring when the best epoch
is the last), PyDatasets of dicts and metrics named for several outputs (see cases.py)."""

from tests.keras.kprobe31.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["stateful_rnn_batches_not_dividing_data"] = _TRY + """
xs = np.sin(np.arange(5 * 3 * 2, dtype="float32")).reshape(5, 3, 2)
ys = np.ones((5, 1), "float32")
m = keras.Sequential([keras.Input((3, 2), batch_size=2), layers.GRU(2, stateful=True),
                      layers.Dense(1)])
fill(m, 0.3)
m.compile("sgd", "mse")
tryp("fit_odd", lambda: logs4(m.fit(xs, ys, batch_size=2, epochs=1, verbose=0, shuffle=False)))
tryp("predict_odd", lambda: m.predict(xs, batch_size=2, verbose=0).shape)
print(r4(m.predict(xs[:4], batch_size=2, verbose=0)[:, 0]))
tryp("no_static_batch", lambda: keras.Sequential([keras.Input((3, 2)),
                                                  layers.LSTM(2, stateful=True)]))
inp = keras.Input((3, 2), batch_size=2)
bi = layers.Bidirectional(layers.LSTM(2, stateful=True, return_sequences=True))
out = bi(inp)
mb = keras.Model(inp, out)
fill(mb, 0.3)
a = mb.predict(xs[:2], verbose=0)
b = mb.predict(xs[:2], verbose=0)
bi.forward_layer.reset_states()
bi.backward_layer.reset_states()
c = mb.predict(xs[:2], verbose=0)
print(np.allclose(a, b), np.allclose(a, c), [tuple(s.shape) for s in bi.forward_layer.states])
"""

SNIPPETS["zero_output_for_mask_and_fully_masked_rows"] = _TRY + """
xs = np.sin(np.arange(3 * 4 * 2, dtype="float32")).reshape(3, 4, 2)
xs[1, 2:] = 0.0
xs[2, :] = 0.0
for cls in [layers.SimpleRNN, layers.GRU, layers.LSTM]:
    inp = keras.Input((4, 2))
    mk = layers.Masking(0.0)(inp)
    out = cls(2, return_sequences=True, zero_output_for_mask=True)(mk)
    last = cls(2)(mk)
    m = keras.Model(inp, [out, last])
    fill(m, 0.4)
    s, l = m.predict(xs, verbose=0)
    print(cls.__name__, r4(s[1, :, 0]), r4(s[2, :, 0]), r4(l[2]))
    cell = cls(2, return_sequences=True)
    cell(xs, mask=np.ones((3, 4), bool))
    fill(cell, 0.4)
    print(" carry", r4(cell(xs, mask=xs[:, :, 0] != 0)[1, :, 0]))
print(layers.LSTM(2, zero_output_for_mask=True).get_config()["zero_output_for_mask"])
"""

SNIPPETS["lstm_unroll_masks_return_state_gru_reset_after_off"] = _TRY + """
ids = np.array([[3, 1, 2, 0], [2, 0, 0, 0]], "int32")
e = layers.Embedding(4, 2, mask_zero=True)
l1 = layers.LSTM(3, unroll=True, return_sequences=True, return_state=True)
l2 = layers.LSTM(3, unroll=False, return_sequences=True, return_state=True)
x = e(ids)
fill(e, 0.5)
x = e(ids)
r1 = l1(x)
l2(x)
fill(l1, 0.3)
fill(l2, 0.3)
r1, r2 = l1(x), l2(x)
print([np.allclose(a, b, atol=1e-6) for a, b in zip(r1, r2)], r4(r1[1][1]), r4(r1[0][1, :, 0]))
g = layers.GRU(2, reset_after=False, return_sequences=True, go_backwards=True)
g(x)
fill(g, 0.3)
print(r4(g(x, mask=e.compute_mask(ids))[1, :, 0]))
seq = keras.Sequential([keras.Input((4,), dtype="int32"), layers.Embedding(4, 2, mask_zero=True),
                        layers.GRU(2, reset_after=False), layers.Dense(1)])
fill(seq, 0.3)
seq.compile(keras.optimizers.SGD(0.1), "mse")
print(logs4(seq.fit(ids, np.array([[1.0], [0.0]], "float32"), epochs=2, verbose=0)))
"""

SNIPPETS["mha_and_attention_take_masks_from_embeddings"] = _TRY + """
ids = np.array([[4, 2, 0, 0], [1, 3, 5, 0]], "int32")
inp = keras.Input((4,), dtype="int32")
emb = layers.Embedding(6, 4, mask_zero=True)
x = emb(inp)
mha = layers.MultiHeadAttention(2, 2)
a = mha(x, x)
att = layers.Attention()
b = att([x, x])
m = keras.Model(inp, [a, b])
fill(m, 0.4)
pa, pb = m.predict(ids, verbose=0)
print(r4(pa[0, 0]), r4(pb[0, 0]))
xe = emb(ids)
plain = mha(np.asarray(xe), np.asarray(xe))
masked = mha(xe, xe, query_mask=emb.compute_mask(ids), value_mask=emb.compute_mask(ids))
print(np.allclose(pa, masked, atol=1e-5), np.allclose(pa, plain, atol=1e-5))
print(getattr(a, "_keras_mask", None) is not None, getattr(b, "_keras_mask", None) is not None)
pooled = layers.GlobalAveragePooling1D()(a)
print(pooled.shape)
"""

SNIPPETS["text_vectorization_ragged_and_vocab_file"] = _TRY + """
texts = ["a b c", "b c", "c d e f"]
path = os.path.join(D, "vocab.txt")
with open(path, "w") as f:
    f.write("c\\nb\\na\\n")
vec = layers.TextVectorization(vocabulary=path, ragged=True)
r = vec(texts)
print(type(r).__name__, r.to_list(), vec.get_vocabulary())
ds = tf.data.Dataset.from_tensor_slices(texts).map(lambda t: vec(t))
print([v.numpy().tolist() for v in ds])
pb = ds.padded_batch(2)
print([b.numpy().tolist() for b in pb])
tryp("ragged_len", lambda: layers.TextVectorization(ragged=True, output_sequence_length=3))
tryp("ragged_mode", lambda: layers.TextVectorization(ragged=True, output_mode="count"))
tryp("dup_vocab", lambda: layers.TextVectorization(vocabulary=["a", "a", "b"]))
tryp("too_many", lambda: layers.TextVectorization(max_tokens=3, vocabulary=["a", "b", "c"]))
tryp("missing_file", lambda: layers.TextVectorization(vocabulary=os.path.join(D, "none.txt")))
sl = layers.StringLookup(vocabulary=path, output_mode="count")
print(sl(tf.constant([["a", "a", "z"]])).numpy().tolist(), sl.vocabulary_size())
"""

SNIPPETS["einsum_dense_rank4_lora_and_config_round_trip"] = _TRY + """
x = np.sin(np.arange(2 * 3 * 2 * 4, dtype="float32")).reshape(2, 3, 2, 4)
l = layers.EinsumDense("abcd,de->abce", output_shape=(None, 2, 5), bias_axes="e")
y = l(x)
fill(l, 0.3)
y = l(x)
print(tuple(y.shape), r4(np.asarray(y)[0, 0, 0]))
l.enable_lora(2)
print([w.path.split("/")[-1] for w in l.weights],
      [w.path.split("/")[-1] for w in l.trainable_weights])
y2 = l(x)
print(np.allclose(y, y2))
cfg = l.get_config()
print(cfg["lora_rank"], sorted(cfg))
l2 = layers.EinsumDense.from_config(cfg)
l2(x)
print([w.path.split("/")[-1] for w in l2.weights])
m = keras.Sequential([keras.Input((3, 2, 4)),
                      layers.EinsumDense("abcd,de->abce", (None, 2, 5), bias_axes="e")])
m.save(os.path.join(D, "e.keras"))
m2 = keras.saving.load_model(os.path.join(D, "e.keras"))
print(np.allclose(m.predict(x, verbose=0), m2.predict(x, verbose=0)),
      m2.layers[0].get_config()["bias_axes"])
tryp("lora_twice", lambda: l.enable_lora(2))
"""

SNIPPETS["group_query_attention_saved_and_trained"] = _TRY + """
x = np.sin(np.arange(4 * 3 * 8, dtype="float32")).reshape(4, 3, 8)
inp = keras.Input((3, 8))
g = layers.GroupQueryAttention(head_dim=2, num_query_heads=4, num_key_value_heads=1, dropout=0.0,
                               name="gqa")
y = g(inp, inp)
out = layers.Dense(1)(layers.GlobalAveragePooling1D()(y))
m = keras.Model(inp, out)
fill(m, 0.3)
m.compile(keras.optimizers.Adam(0.01), "mse")
h = m.fit(x, np.ones((4, 1), "float32"), epochs=2, verbose=0)
print(logs4(h), m.count_params())
m.save(os.path.join(D, "g.keras"))
m2 = keras.saving.load_model(os.path.join(D, "g.keras"))
print(np.allclose(m.predict(x, verbose=0), m2.predict(x, verbose=0)))
print(m2.get_layer("gqa").num_key_value_heads, [w.path for w in m2.get_layer("gqa").weights][:2])
tryp("bad_kv", lambda: layers.GroupQueryAttention(2, 4, 3))
tryp("rank2", lambda: layers.GroupQueryAttention(2, 4, 2)(x[:, 0], x[:, 0]))
"""

SNIPPETS["early_stopping_best_epoch_is_last_and_restore"] = _TRY + """
xs = np.linspace(-1, 1, 24, dtype="float32").reshape(8, 3)
ys = xs[:, :1] * 2 + 0.5
def model(lr):
    m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
    fill(m)
    m.compile(keras.optimizers.SGD(lr), "mse")
    return m
m = model(0.05)
es = keras.callbacks.EarlyStopping(monitor="loss", patience=2, restore_best_weights=True, verbose=1)
h = quiet(lambda: m.fit(xs, ys, epochs=4, verbose=0, callbacks=[es]))
print(len(h.epoch), es.stopped_epoch, es.best_epoch, r4(es.best), es.best_weights is not None)
m = model(2.5)
es = keras.callbacks.EarlyStopping(monitor="loss", patience=1, restore_best_weights=True, verbose=1)
h = quiet(lambda: m.fit(xs, ys, epochs=6, verbose=0, callbacks=[es]))
print(len(h.epoch), es.stopped_epoch, es.best_epoch, r4(es.best))
print(r4(m.evaluate(xs, ys, verbose=0)), r4(min(h.history["loss"])))
es = keras.callbacks.EarlyStopping(monitor="loss", patience=0, restore_best_weights=True,
                                   start_from_epoch=3, verbose=1)
m = model(2.5)
h = quiet(lambda: m.fit(xs, ys, epochs=6, verbose=0, callbacks=[es]))
print(len(h.epoch), es.stopped_epoch, es.best_epoch)
"""

SNIPPETS["model_checkpoint_every_n_batches_and_csv_append"] = _TRY + """
xs = np.linspace(-1, 1, 24, dtype="float32").reshape(8, 3)
ys = xs[:, :1]
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
fill(m)
m.compile("sgd", "mse")
ck = keras.callbacks.ModelCheckpoint(os.path.join(D, "b{epoch}-{batch}.weights.h5"),
                                     save_weights_only=True, save_freq=3)
csv = keras.callbacks.CSVLogger(os.path.join(D, "l.csv"), append=True)
m.fit(xs, ys, epochs=2, batch_size=2, verbose=0, callbacks=[ck, csv])
m.fit(xs, ys, epochs=1, batch_size=2, verbose=0, callbacks=[csv], initial_epoch=0)
print(sorted(f for f in os.listdir(D) if f.endswith(".h5")))
with open(os.path.join(D, "l.csv")) as f:
    print([l.split(",")[0] for l in f.read().splitlines()])
ck2 = keras.callbacks.ModelCheckpoint(os.path.join(D, "m.keras"), monitor="loss",
                                      save_best_only=True, save_freq=2, verbose=1)
tryp("best_every_2_batches", lambda: len(quiet(lambda: m.fit(
    xs, ys, epochs=1, batch_size=2, verbose=0, callbacks=[ck2])).epoch))
print(os.path.exists(os.path.join(D, "m.keras")), ck2.best is not None)
tryp("bad_freq", lambda: keras.callbacks.ModelCheckpoint(os.path.join(D, "x.keras"),
                                                         save_freq="step"))
"""

SNIPPETS["pydataset_dict_inputs_and_len_overrun"] = _TRY + """
class DictSeq(keras.utils.PyDataset):
    def __init__(self, n, bs, **kw):
        super().__init__(**kw)
        self.n, self.bs = n, bs
    def __len__(self):
        return self.n // self.bs
    def __getitem__(self, i):
        if i >= len(self):
            raise IndexError(i)
        a = np.full((self.bs, 2), i, "float32")
        return {"a": a, "b": a * 2}, a[:, :1] * 3
ia, ib = keras.Input((2,), name="a"), keras.Input((2,), name="b")
m = keras.Model({"a": ia, "b": ib}, layers.Dense(1)(layers.concatenate([ia, ib])))
fill(m)
m.compile("sgd", "mse")
s = DictSeq(12, 4, workers=0)
print(logs4(m.fit(s, epochs=2, verbose=0)))
tryp("steps_over", lambda: logs4(m.fit(s, epochs=1, steps_per_epoch=5, verbose=0)))
print(m.predict(s, verbose=0).shape)
class Empty(keras.utils.PyDataset):
    def __len__(self):
        return 0
    def __getitem__(self, i):
        raise IndexError(i)
tryp("empty", lambda: logs4(m.fit(Empty(), epochs=1, verbose=0)))
"""

SNIPPETS["multi_output_metrics_list_applies_to_each"] = _TRY + """
xs = np.linspace(-1, 1, 24, dtype="float32").reshape(8, 3)
inp = keras.Input((3,))
m = keras.Model(inp, {"p": layers.Dense(1, name="p")(inp), "q": layers.Dense(1, name="q")(inp)})
fill(m)
tryp("flat_metrics", lambda: m.compile("sgd", {"p": "mse", "q": "mse"}, metrics=["mae"]) or
     list(m.fit(xs, {"p": xs[:, :1], "q": xs[:, 1:2]}, epochs=1, verbose=0).history))
m.compile("sgd", {"p": "mse", "q": "mse"}, metrics={"p": ["mae", "mse"], "q": "mae"})
h = m.fit(xs, {"p": xs[:, :1], "q": xs[:, 1:2]}, epochs=1, verbose=0)
keys("dict", h)
tryp("weights_list", lambda: m.compile("sgd", {"p": "mse", "q": "mse"}, loss_weights=[1.0, 2.0]) or
     list(m.fit(xs, {"p": xs[:, :1], "q": xs[:, 1:2]}, epochs=1, verbose=0).history))
m2 = keras.Model(inp, [layers.Dense(1, name="u")(inp), layers.Dense(1, name="v")(inp)])
m2.compile("sgd", ["mse", "mse"], metrics=["mae"])
tryp("list_model", lambda: list(m2.fit(xs, [xs[:, :1], xs[:, 1:2]], epochs=1, verbose=0).history))
tryp("missing_y_key", lambda: m.fit(xs, {"p": xs[:, :1]}, epochs=1, verbose=0))
"""

SNIPPETS["timeseries_from_tensors_and_float_targets_shuffled"] = _TRY + """
data = tf.constant(np.arange(40, dtype="float32").reshape(20, 2))
targets = tf.constant(np.arange(20, dtype="float32") * 0.5)
ds = keras.utils.timeseries_dataset_from_array(data, targets, sequence_length=4, sequence_stride=3,
                                               sampling_rate=2, batch_size=2, shuffle=True, seed=11)
for x, y in ds:
    print(tuple(x.shape), x[:, 0, 0].numpy().tolist(), y.numpy().tolist())
print(ds.element_spec)
again = [y.numpy().tolist() for _, y in ds]
print(again)
ds2 = keras.utils.timeseries_dataset_from_array(np.arange(10), None, sequence_length=3,
                                                batch_size=None, shuffle=True, seed=2)
print([v.numpy().tolist() for v in ds2])
"""

SNIPPETS["time_distributed_sequential_with_batchnorm_training"] = _TRY + """
x = np.sin(np.arange(2 * 3 * 4, dtype="float32")).reshape(2, 3, 4)
inner = keras.Sequential([keras.Input((4,)), layers.Dense(3), layers.BatchNormalization()])
td = layers.TimeDistributed(inner)
y = td(x)
fill_bn(td, 0.3)
yi = td(x)
yt = td(x, training=True)
print(tuple(y.shape), r4(yi[0, 0]), r4(yt[0, 0]))
bn = inner.layers[-1]
print(r4(bn.moving_mean), [w.path for w in td.weights][:3])
m = keras.Sequential([keras.Input((3, 4)), td, layers.Flatten(), layers.Dense(1)])
fill_bn(m, 0.3)
m.compile(keras.optimizers.SGD(0.1), "mse")
print(logs4(m.fit(x, np.ones((2, 1), "float32"), epochs=2, verbose=0)), r4(bn.moving_mean))
"""

SNIPPETS["recurrent_constraints_and_regularizers_in_lstm"] = _TRY + """
xs = np.sin(np.arange(4 * 5 * 2, dtype="float32")).reshape(4, 5, 2)
ys = np.ones((4, 1), "float32")
l = layers.LSTM(3, kernel_constraint=keras.constraints.MaxNorm(0.2),
                recurrent_constraint=keras.constraints.NonNeg(),
                recurrent_regularizer=keras.regularizers.L2(0.1),
                bias_regularizer=keras.regularizers.L1(0.05))
m = keras.Sequential([keras.Input((5, 2)), l, layers.Dense(1)])
fill(m, 0.5)
m.compile(keras.optimizers.SGD(0.2), "mse")
print(r4([float(v) for v in m.losses]))
h = m.fit(xs, ys, epochs=2, batch_size=2, verbose=0, shuffle=False)
print(logs4(h))
k, rk, b = [np.asarray(w) for w in l.weights]
print(r4(np.sqrt((k ** 2).sum(0)).max()), bool((rk >= 0).all()), r4(b[:3]))
cfg = l.get_config()
print(cfg["recurrent_constraint"]["class_name"], cfg["bias_regularizer"]["config"])
"""

SNIPPETS["custom_metric_in_multi_output_and_stateless_fn"] = _TRY + """
xs = np.linspace(-1, 1, 24, dtype="float32").reshape(8, 3)
def max_err(y_true, y_pred):
    return keras.ops.max(keras.ops.abs(y_true - y_pred), axis=-1)
class Count(keras.metrics.Metric):
    def __init__(self, name="count", **kw):
        super().__init__(name=name, **kw)
        self.n = self.add_variable(shape=(), initializer="zeros", name="n")
    def update_state(self, y_true, y_pred, sample_weight=None):
        self.n.assign_add(keras.ops.cast(keras.ops.shape(y_true)[0], "float32"))
    def result(self):
        return self.n
inp = keras.Input((3,))
m = keras.Model(inp, {"p": layers.Dense(1, name="p")(inp), "q": layers.Dense(1, name="q")(inp)})
fill(m)
m.compile("sgd", {"p": "mse", "q": "mse"},
          metrics={"p": [max_err, Count()], "q": [Count(name="c2")]})
h = m.fit(xs, {"p": xs[:, :1], "q": xs[:, 1:2]}, epochs=2, batch_size=3, verbose=0)
keys("keys", h)
print(logs4(h))
print(r4(m.evaluate(xs, {"p": xs[:, :1], "q": xs[:, 1:2]}, batch_size=5, verbose=0,
                    return_dict=True)))
w = keras.metrics.MeanMetricWrapper(max_err, name="wrapped")
w.update_state(xs[:, :1], xs[:, 1:2])
print(r4(w.result()), w.get_config())
"""
