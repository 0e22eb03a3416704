"""kprobe31's snippets joining the areas of the other case files: a Transformer decoder
combining causal and padding masks with cross-attention, end-to-end text models saved
with their TextVectorization, custom standardizers and splitters, the hashing trick,
temporal sample weights for sequence losses, sample-weight dicts for several outputs,
EarlyStopping's mode inferred from metric names, ReduceLROnPlateau over a schedule and
FeatureSpace's custom features (see cases.py)."""

from tests.keras.kprobe31.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["transformer_decoder_causal_plus_padding_cross_attention"] = _TRY + """
class TransformerDecoder(layers.Layer):
    def __init__(self, embed_dim, latent_dim, num_heads, **kw):
        super().__init__(**kw)
        self.attention_1 = layers.MultiHeadAttention(num_heads=num_heads, key_dim=embed_dim)
        self.attention_2 = layers.MultiHeadAttention(num_heads=num_heads, key_dim=embed_dim)
        self.dense_proj = keras.Sequential([layers.Dense(latent_dim, activation="relu"),
                                            layers.Dense(embed_dim)])
        self.layernorm_1 = layers.LayerNormalization()
        self.layernorm_2 = layers.LayerNormalization()
        self.layernorm_3 = layers.LayerNormalization()
        self.supports_masking = True
    def call(self, inputs, encoder_outputs, mask=None):
        ops = keras.ops
        n = ops.shape(inputs)[1]
        i = ops.arange(n)[:, None]
        j = ops.arange(n)
        causal = ops.cast(i >= j, dtype="int32")[None]
        causal = ops.tile(causal, [ops.shape(inputs)[0], 1, 1])
        if mask is not None:
            padding_mask = ops.cast(mask[:, None, :], dtype="int32")
            padding_mask = ops.minimum(padding_mask, causal)
        else:
            padding_mask = None
        a1 = self.attention_1(query=inputs, value=inputs, key=inputs, attention_mask=causal)
        o1 = self.layernorm_1(inputs + a1)
        a2 = self.attention_2(query=o1, value=encoder_outputs, key=encoder_outputs,
                              attention_mask=padding_mask)
        o2 = self.layernorm_2(o1 + a2)
        return self.layernorm_3(o2 + self.dense_proj(o2))
x = np.sin(np.arange(2 * 4 * 4, dtype="float32")).reshape(2, 4, 4)
enc = np.cos(np.arange(2 * 4 * 4, dtype="float32")).reshape(2, 4, 4)
mask = np.array([[1, 1, 1, 0], [1, 1, 1, 1]], bool)
dec = TransformerDecoder(4, 6, 2)
y = dec(x, enc, mask=mask)
fill(dec, 0.3)
y = dec(x, enc, mask=mask)
y2 = dec(x, enc)
print(tuple(y.shape), r4(y[0, 0]), r4(y2[0, 3]))
y3 = dec(x[:, :2], enc[:, :2], mask=mask[:, :2])
print(np.allclose(y3[:, :2], dec(x, enc, mask=mask)[:, :2], atol=1e-5))
tryp("longer_encoder", lambda: dec(x[:, :2], enc, mask=mask[:, :2]).shape)
di = keras.Input((None, 4))
ei = keras.Input((None, 4))
out = layers.Dense(3, activation="softmax")(TransformerDecoder(4, 6, 2)(di, ei))
m = keras.Model([di, ei], out)
fill(m, 0.2)
m.compile("adam", "sparse_categorical_crossentropy")
print(logs4(m.fit([x, enc], np.array([[0, 1, 2, 1], [2, 2, 1, 0]]), epochs=2, verbose=0)))
"""

SNIPPETS["text_model_with_vectorizer_saved_and_loaded"] = _TRY + """
texts = np.array(["good film", "bad film", "good good", "bad plot", "fine film", "awful bad"])
labels = np.array([1, 0, 1, 0, 1, 0], "float32")
vec = layers.TextVectorization(max_tokens=10, output_sequence_length=3, name="vec")
vec.adapt(texts)
inp = keras.Input((1,), dtype="string")
x = vec(inp)
x = layers.Embedding(10, 3, name="emb")(x)
x = layers.Conv1D(2, 2, activation="relu")(x)
x = layers.GlobalMaxPooling1D()(x)
out = layers.Dense(1, activation="sigmoid")(x)
m = keras.Model(inp, out)
fill(m, 0.4)
m.compile("adam", "binary_crossentropy", metrics=["accuracy"])
m.fit(tf.constant(texts[:, None]), labels, epochs=2, verbose=0)
m.save(os.path.join(D, "text.keras"))
m2 = keras.saving.load_model(os.path.join(D, "text.keras"))
probe = tf.constant([["good plot"], ["awful film"], ["zzz"]])
print(np.allclose(m.predict(probe, verbose=0), m2.predict(probe, verbose=0)))
print(m2.get_layer("vec").get_vocabulary())
print(m2.get_layer("vec").get_config()["output_sequence_length"],
      r4(m2.predict(probe, verbose=0)[:, 0]))
m.save_weights(os.path.join(D, "text.weights.h5"))
m3 = keras.Model.from_config(m.get_config())
m3.load_weights(os.path.join(D, "text.weights.h5"))
print(m3.get_layer("vec").get_vocabulary()[:4])
try:
    m3.predict(probe, verbose=0)
except Exception as e:
    print("weights_hold_no_vocabulary", type(e).__name__,
          [l.strip() for l in str(e).splitlines() if l.strip() == "Table not initialized."])
"""

SNIPPETS["text_vectorization_custom_standardize_and_split"] = _TRY + """
@keras.saving.register_keras_serializable(package="K31")
def strip_html(x):
    x = tf.strings.lower(x)
    return tf.strings.regex_replace(x, "<[^>]+>", " ")
@keras.saving.register_keras_serializable(package="K31")
def split_dash(x):
    return tf.strings.split(x, sep="-")
texts = ["<b>Hello</b>-World", "hello-<i>there</i>-world", "WORLD-wide"]
vec = layers.TextVectorization(standardize=strip_html, split=split_dash, output_mode="int")
vec.adapt(texts)
print(vec.get_vocabulary())
print(vec(texts).numpy().tolist())
cfg = vec.get_config()
print(cfg["standardize"].__name__, cfg["split"].__name__)
inp = keras.Input((), dtype="string")
m = keras.Model(inp, vec(inp))
m.save(os.path.join(D, "v.keras"))
m2 = keras.saving.load_model(os.path.join(D, "v.keras"))
print(m2(tf.constant(["<p>hello</p>-world"])).numpy().tolist())
for s in ["lower", "strip_punctuation", "lower_and_strip_punctuation", None]:
    v = layers.TextVectorization(standardize=s, split="whitespace")
    v.adapt(["Hi, there!", "hi THERE."])
    print(s, v.get_vocabulary())
tryp("bad_std", lambda: layers.TextVectorization(standardize="upper"))
tryp("bad_split", lambda: layers.TextVectorization(split="comma"))
"""

SNIPPETS["hashing_trick_embeddings_and_string_lookup_one_hot"] = _TRY + """
words = tf.constant([["cat", "dog", "mouse"], ["dog", "dog", "bird"]])
h = layers.Hashing(num_bins=7, mask_value="mouse")
ids = h(words)
print(ids.numpy().tolist())
e = layers.Embedding(7, 2, mask_zero=True)
out = e(ids)
print(tuple(out.shape), e.compute_mask(ids).numpy().tolist())
hs = layers.Hashing(num_bins=5, salt=[3, 9])
print(hs(words).numpy().tolist(), hs.get_config()["salt"])
sl = layers.StringLookup(vocabulary=["a", "b", "c"], num_oov_indices=2, output_mode="one_hot")
print(sl(tf.constant(["a", "z", "c", "y"])).numpy().tolist())
chars = tf.strings.unicode_split(tf.constant(["abz"]), "UTF-8")
sl2 = layers.StringLookup(vocabulary=["a", "b", "c"], output_mode="multi_hot", num_oov_indices=1)
print(sl2(chars.to_tensor()).numpy().tolist())
il = layers.IntegerLookup(vocabulary=[10, 20, 30], mask_token=0)
v = il(np.array([[10, 0, 30, 99]]))
print(v.numpy().tolist(), il.get_vocabulary())
emb = layers.Embedding(il.vocabulary_size(), 2, mask_zero=True)
print(emb.compute_mask(v).numpy().tolist())
"""

SNIPPETS["temporal_sample_weights_sequence_loss"] = _TRY + """
xs = np.sin(np.arange(4 * 5 * 2, dtype="float32")).reshape(4, 5, 2)
ys = (np.arange(4 * 5) % 3).reshape(4, 5).astype("int32")
sw = np.array([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1], [1, 0, 0, 0, 0], [1, 1, 0, 0, 0]], "float32")
def model():
    m = keras.Sequential([keras.Input((5, 2)), layers.SimpleRNN(4, return_sequences=True),
                          layers.Dense(3, activation="softmax")])
    fill(m, 0.4)
    m.compile(keras.optimizers.SGD(0.2), "sparse_categorical_crossentropy",
              weighted_metrics=["accuracy"], metrics=["accuracy"])
    return m
m = model()
h = m.fit(xs, ys, sample_weight=sw, epochs=2, batch_size=2, shuffle=False, verbose=0)
keys("keys", h)
print(logs4(h))
print(r4(m.evaluate(xs, ys, sample_weight=sw, verbose=0, return_dict=True)))
print(r4(m.evaluate(xs, ys, verbose=0, return_dict=True)))
m2 = model()
ds = tf.data.Dataset.from_tensor_slices((xs, ys, sw)).batch(2)
print(logs4(m2.fit(ds, epochs=2, verbose=0)))
m3 = model()
tryp("bad_sw_shape", lambda: logs4(m3.fit(xs, ys, sample_weight=sw[:, :3], epochs=1, verbose=0)))
"""

SNIPPETS["multi_output_sample_weight_dicts_in_arrays_and_datasets"] = _TRY + """
xs = np.linspace(-1, 1, 24, dtype="float32").reshape(8, 3)
inp = keras.Input((3,))
m = keras.Model(inp, {"a": layers.Dense(1, name="a")(inp), "b": layers.Dense(1, name="b")(inp)})
fill(m)
m.compile(keras.optimizers.SGD(0.1), {"a": "mse", "b": "mae"}, weighted_metrics={"a": ["mae"]})
ys = {"a": xs[:, :1], "b": xs[:, 1:2]}
sw = {"a": np.linspace(0, 1, 8).astype("float32"), "b": np.ones(8, "float32")}
h = m.fit(xs, ys, sample_weight=sw, epochs=2, batch_size=4, shuffle=False, verbose=0)
keys("keys", h)
print(logs4(h))
fill(m)
ds = tf.data.Dataset.from_tensor_slices((xs, ys, sw)).batch(4)
h2 = m.fit(ds, epochs=2, verbose=0)
print(logs4(h2) == logs4(h), logs4(h2)["loss"])
print(r4(m.evaluate(xs, ys, sample_weight=sw, verbose=0, return_dict=True)))
fill(m)
tryp("partial", lambda: logs4(m.fit(xs, ys, sample_weight={"a": sw["a"]}, epochs=1, batch_size=4,
                                    shuffle=False, verbose=0)))
"""

SNIPPETS["early_stopping_mode_inferred_from_names"] = _TRY + """
xs = np.linspace(-1, 1, 24, dtype="float32").reshape(8, 3)
ys = (xs.sum(1) > 0).astype("float32")
def model():
    m = keras.Sequential([keras.Input((3,)), layers.Dense(1, activation="sigmoid")])
    fill(m)
    m.compile(keras.optimizers.SGD(0.5), "binary_crossentropy",
              metrics=[keras.metrics.AUC(name="auc"), "accuracy",
                       keras.metrics.FalseNegatives(name="fn")])
    return m
for mon in ["auc", "val_accuracy", "fn", "loss", "val_auc"]:
    es = keras.callbacks.EarlyStopping(monitor=mon, patience=1)
    m = model()
    try:
        h = m.fit(xs, ys, validation_data=(xs, ys), epochs=4, verbose=0, callbacks=[es])
    except ValueError as e:
        print(mon, "ValueError", str(e)[:120])
        continue
    op = es.monitor_op
    print(mon, getattr(op, "__name__", op), len(h.epoch), r4(es.best))
rl = keras.callbacks.ReduceLROnPlateau(monitor="val_auc", patience=0)
m = model()
m.fit(xs, ys, validation_data=(xs, ys), epochs=2, verbose=0, callbacks=[rl])
print(rl.mode, getattr(rl.monitor_op, "__name__", "?"))
ck = keras.callbacks.ModelCheckpoint(os.path.join(D, "c.keras"), monitor="val_auc",
                                     save_best_only=True)
m.fit(xs, ys, validation_data=(xs, ys), epochs=2, verbose=0, callbacks=[ck])
print(getattr(ck.monitor_op, "__name__", "?"), r4(ck.best))
"""

SNIPPETS["reduce_lr_on_plateau_with_schedule_and_adam"] = _TRY + """
xs = np.linspace(-1, 1, 24, dtype="float32").reshape(8, 3)
ys = xs[:, :1] * 3
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
fill(m)
sched = keras.optimizers.schedules.ExponentialDecay(0.1, 2, 0.5)
m.compile(keras.optimizers.Adam(sched), "mse")
rl = keras.callbacks.ReduceLROnPlateau(monitor="loss", patience=0, min_delta=100.0, verbose=1)
tryp("schedule", lambda: logs4(quiet(lambda: m.fit(xs, ys, epochs=2, verbose=0, callbacks=[rl]))))
m2 = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
fill(m2)
m2.compile(keras.optimizers.Adam(0.1), "mse")
rl2 = keras.callbacks.ReduceLROnPlateau(monitor="loss", patience=0, min_delta=100.0, factor=0.2,
                                        min_lr=0.01, verbose=1)
h = quiet(lambda: m2.fit(xs, ys, epochs=4, verbose=0, callbacks=[rl2]))
print(logs4(h))
print(r4(float(m2.optimizer.learning_rate)))
tryp("factor", lambda: keras.callbacks.ReduceLROnPlateau(factor=1.0))
ls = keras.callbacks.LearningRateScheduler(lambda e: 0.5)
tryp("sched_over_schedule", lambda: logs4(m.fit(xs, ys, epochs=1, verbose=0, callbacks=[ls])))
"""

SNIPPETS["feature_space_custom_feature_and_preprocessors"] = _TRY + """
FS = keras.utils.FeatureSpace
data = {"price": np.array([1.0, 5.0, 3.0, 9.0, 7.0], "float32"),
        "tag": np.array(["x", "y", "x", "z", "y"]),
        "bucket": np.array([1, 2, 3, 1, 2], "int32")}
fs = FS(features={
    "price": FS.feature(preprocessor=layers.Discretization(num_bins=3),
                        dtype="float32", output_mode="one_hot"),
    "tag": FS.string_hashed(num_bins=4, output_mode="one_hot"),
    "bucket": FS.integer_hashed(num_bins=3, output_mode="int")},
    output_mode="dict")
fs.adapt(tf.data.Dataset.from_tensor_slices(data))
out = fs(data)
for k in sorted(out):
    print(k, keras.backend.standardize_dtype(out[k].dtype), tuple(out[k].shape),
          np.asarray(out[k]).tolist()[:3])
fs2 = FS(features={"price": "float", "tag": "string_categorical"}, output_mode="concat")
fs2.adapt(tf.data.Dataset.from_tensor_slices({k: data[k] for k in ("price", "tag")}))
print(r4(fs2({k: data[k] for k in ("price", "tag")})))
tryp("bad_kind", lambda: FS(features={"a": "float_weird"}))
tryp("bad_cross", lambda: FS(features={"a": "float"}, crosses=[FS.cross(("a", "b"), 4)]))
tryp("unadapted", lambda: fs2({k: data[k] for k in ("price", "tag")}) if not fs2._is_adapted else
     FS(features={"a": "float_normalized"})({"a": np.ones(2)}))
"""

SNIPPETS["weather_normalized_multivariate_windows_sequence_targets"] = _TRY + """
T = np.arange(80, dtype="float32")
raw = np.stack([20 + 5 * np.sin(T * 0.2), 1000 + 3 * np.cos(T * 0.1), T % 5], 1).astype("float32")
train_split = 50
mean, std = raw[:train_split].mean(0), raw[:train_split].std(0)
data = (raw - mean) / std
print(r4(mean), r4(std))
targets = np.stack([data[i + 6:i + 9, 0] for i in range(len(data) - 8)])
ds = keras.utils.timeseries_dataset_from_array(data[:len(targets)], targets, sequence_length=6,
                                               sequence_stride=2, batch_size=4,
                                               end_index=train_split)
x, y = next(iter(ds))
print(tuple(x.shape), tuple(y.shape), r4(y[1]), r4(targets[2]))
m = keras.Sequential([keras.Input((6, 3)), layers.GRU(4), layers.Dense(3)])
fill(m, 0.3)
m.compile(keras.optimizers.Adam(0.01), "mse")
h = m.fit(ds, epochs=2, verbose=0)
print(logs4(h), int(ds.cardinality()))
norm = layers.Normalization(axis=-1)
norm.adapt(raw[:train_split])
print(np.allclose(norm(raw[:3]), data[:3], atol=1e-3), r4(norm.mean[0]))
"""

SNIPPETS["stacked_rnn_cells_functional_masked_and_unrolled"] = _TRY + """
ids = np.array([[2, 3, 1, 0], [4, 0, 0, 0]], "int32")
inp = keras.Input((4,), dtype="int32")
e = layers.Embedding(6, 3, mask_zero=True)(inp)
cells = [layers.GRUCell(3), layers.LSTMCell(2)]
rnn = layers.RNN(cells, return_sequences=True, return_state=True, unroll=True)
res = rnn(e)
m = keras.Model(inp, res)
fill(m, 0.3)
out = m.predict(ids, verbose=0)
print(len(out), out[0].shape, [[t.shape for t in o] if isinstance(o, list) else o.shape
                                for o in out[1:]])
print(r4(out[0][1]), r4(out[1][0][1]), r4(out[2][1][0]))
rnn2 = layers.RNN([layers.GRUCell(3), layers.LSTMCell(2)], return_sequences=True, go_backwards=True)
o2 = rnn2(e)
print(o2.shape, [w.path for w in rnn.weights][:4])
"""
