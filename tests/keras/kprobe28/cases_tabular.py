"""kprobe28's snippets after keras.io's structured-data examples: FeatureSpace pipelines
(normalization, string and integer categoricals, hashing, discretization, crosses, adapt,
an end-to-end inference model, save and load), Deep & Cross and wide-and-deep networks
fed by dicts, collaborative filtering in a custom Model, a mixture-of-experts routing
layer, gated residual and variable selection networks, a TabTransformer-like block,
quotient-remainder embeddings and custom regression losses (see cases.py)."""

from tests.keras.kprobe28.prelude import _TRY

SNIPPETS = {}

# A tiny table after keras.io's heart-disease data: 8 rows, numeric, integer and string columns.
_TABLE = """
FS = keras.utils.FeatureSpace
ROWS = {"age": np.array([63, 37, 41, 56, 57, 57, 56, 44], "int64"),
        "sex": np.array([1, 1, 0, 1, 0, 1, 0, 1], "int64"),
        "chol": np.array([233., 250., 204., 236., 354., 192., 294., 263.], "float32"),
        "thal": np.array(["fixed", "normal", "normal", "reversible", "normal", "fixed",
                          "normal", "reversible"]),
        "slope": np.array([3, 3, 1, 1, 1, 2, 2, 1], "int64")}
TARGET = np.array([0, 0, 1, 1, 0, 1, 1, 0], "int64")
def table_ds(batch=4):
    return tf.data.Dataset.from_tensor_slices((ROWS, TARGET)).batch(batch)
"""

SNIPPETS["feature_space_heart_concat_fit"] = _TRY + _TABLE + """
fs = FS(features={"sex": FS.integer_categorical(num_oov_indices=0),
                  "thal": FS.string_categorical(num_oov_indices=0),
                  "slope": FS.integer_categorical(num_oov_indices=0),
                  "age": FS.float_discretized(num_bins=3),
                  "chol": FS.float_normalized()},
        crosses=[FS.cross(feature_names=("sex", "age"), crossing_dim=8),
                 FS.cross(feature_names=("thal", "slope"), crossing_dim=6)],
        output_mode="concat")
fs.adapt(tf.data.Dataset.from_tensor_slices(ROWS).batch(4))
x, y = next(iter(table_ds(8).map(lambda x, y: (fs(x), y))))
print(keras.backend.standardize_dtype(x.dtype), tuple(x.shape), r4(x[0]))
print(r4(x[:, -1]))
enc = fs.get_encoded_features()
print(type(enc).__name__, tuple(enc.shape), sorted(fs.get_inputs()))
ds = table_ds(4).map(lambda x, y: (fs(x), y), num_parallel_calls=tf.data.AUTOTUNE)
m = keras.Sequential([keras.Input((x.shape[1],)), layers.Dense(4, activation="relu"),
                      layers.Dropout(0.5, seed=2), layers.Dense(1, activation="sigmoid")])
fill(m)
m.compile(keras.optimizers.Adam(0.05), "binary_crossentropy", metrics=["accuracy"])
print(logs4(m.fit(ds, epochs=3, verbose=0)))
print(r4(m.predict(ds, verbose=0).ravel()))
"""

SNIPPETS["feature_space_end_to_end_inference_model"] = _TRY + _TABLE + """
fs = FS(features={"sex": "integer_categorical", "thal": "string_categorical",
                  "age": FS.float_rescaled(scale=0.01), "chol": "float_normalized"},
        crosses=[FS.cross(("sex", "thal"), crossing_dim=4)], output_mode="concat")
fs.adapt(tf.data.Dataset.from_tensor_slices({k: ROWS[k] for k in ("sex", "thal", "age", "chol")}))
dict_inputs = fs.get_inputs()
print({k: (v.shape, v.dtype) for k, v in sorted(dict_inputs.items())})
encoded = fs.get_encoded_features()
print(encoded.shape, encoded.dtype)
out = layers.Dense(1, activation="sigmoid")(layers.Dense(3, activation="relu")(encoded))
training_model = keras.Model(encoded, out)
fill(training_model)
training_model.compile("sgd", "binary_crossentropy")
train = tf.data.Dataset.from_tensor_slices(({k: ROWS[k] for k in dict_inputs}, TARGET)).batch(4)
train = train.map(lambda x, y: (fs(x), y))
print(logs4(training_model.fit(train, epochs=2, verbose=0)))
inference_model = keras.Model(dict_inputs, out)
sample = {"sex": np.array([1]), "thal": np.array(["fixed"]), "age": np.array([60]),
          "chol": np.array([240.0])}
tryp("predict_numpy_strings", lambda: inference_model.predict(sample, verbose=0))
sample["thal"] = sample["thal"].astype(object)
print(r4(inference_model.predict(sample, verbose=0)))
tensors = {k: tf.convert_to_tensor([v]) for k, v in
           {"sex": 0, "thal": "normal", "age": 45, "chol": 200.0}.items()}
print(r4(inference_model(tensors)))
print(len(inference_model.layers), sorted(type(l).__name__ for l in inference_model.layers)[:4])
"""

SNIPPETS["feature_space_hashed_and_dict_outputs"] = _TRY + _TABLE + """
fs = FS(features={"age": FS.integer_hashed(num_bins=5, output_mode="one_hot"),
                  "thal": FS.string_hashed(num_bins=4),
                  "chol": FS.float_discretized(num_bins=4, output_mode="int"),
                  "slope": FS.integer_categorical(max_tokens=3, output_mode="int"),
                  "sex": FS.float()},
        output_mode="dict")
fs.adapt(tf.data.Dataset.from_tensor_slices(ROWS).batch(3))
out = fs({k: v[:4] for k, v in ROWS.items()})
for k in sorted(out):
    print(k, keras.backend.standardize_dtype(out[k].dtype), tuple(out[k].shape), r4(out[k]))
pre = fs.preprocessors
print(sorted(pre), [type(pre[k]).__name__ for k in sorted(pre)])
print(r4(pre["chol"].bin_boundaries), pre["slope"].get_vocabulary())
enc = fs.get_encoded_features()
print({k: tuple(v.shape) for k, v in sorted(enc.items())})
"""

SNIPPETS["feature_space_save_load_and_config"] = _TRY + _TABLE + """
os.chdir(D)
fs = FS(features={"thal": FS.string_categorical(num_oov_indices=1, output_mode="one_hot"),
                  "chol": FS.float_normalized(), "slope": FS.integer_categorical()},
        crosses=[FS.cross(("thal", "slope"), crossing_dim=5, output_mode="one_hot")],
        output_mode="concat")
sub = {k: ROWS[k] for k in ("thal", "chol", "slope")}
fs.adapt(tf.data.Dataset.from_tensor_slices(sub).batch(8))
before = fs(sub)
fs.save("featurespace.keras")
back = keras.saving.load_model("featurespace.keras")
print(type(back).__name__, bool(np.allclose(before, back(sub))), tuple(back(sub).shape))
print(r4(back({"thal": np.array(["unseen"]), "chol": np.array([250.0]), "slope": np.array([9])})))
cfg = fs.get_config()
print(sorted(cfg), cfg["output_mode"])
print(sorted(cfg["features"]),
      [c["config"]["feature_names"] if "config" in c else c for c in cfg["crosses"]][:1])
tryp("save_bad_ext", lambda: fs.save("featurespace.h5"))
"""

SNIPPETS["feature_space_errors_and_unadapted"] = _TRY + _TABLE + """
fs = FS(features={"chol": "float_normalized", "thal": "string_categorical"})
tryp("unadapted_call", lambda: fs({"chol": ROWS["chol"], "thal": ROWS["thal"]}))
tryp("encoded_before_adapt", lambda: fs.get_encoded_features())
tryp("adapt_tuple_ds", lambda: fs.adapt(table_ds()))
tryp("bad_feature_kind", lambda: FS(features={"a": 3}))
tryp("cross_unknown_name", lambda: FS(features={"a": "float"}, crosses=[("a", "zz")]))
tryp("bad_output_mode", lambda: FS(features={"a": "float"}, output_mode="stack"))
fs.adapt(tf.data.Dataset.from_tensor_slices({"chol": ROWS["chol"], "thal": ROWS["thal"]}))
tryp("missing_key", lambda: fs({"chol": ROWS["chol"]}))
print(tuple(fs({"chol": ROWS["chol"], "thal": ROWS["thal"]}).shape))
"""

SNIPPETS["deep_cross_network_dict_inputs"] = _TRY + _TABLE + """
class Cross(layers.Layer):
    def build(self, input_shape):
        self.dense = layers.Dense(input_shape[-1])
        self.dense.build(input_shape)
    def call(self, x0, x):
        return x0 * self.dense(x) + x
inputs = {"chol": keras.Input((1,), name="chol"), "age": keras.Input((1,), name="age"),
          "thal": keras.Input((1,), name="thal", dtype="string")}
lookup = layers.StringLookup(vocabulary=["fixed", "normal", "reversible"], name="thal_lookup")
emb = layers.Embedding(4, 2, name="thal_emb")(lookup(inputs["thal"]))
feats = layers.concatenate([layers.Normalization(mean=250.0, variance=2500.0)(inputs["chol"]),
                            layers.Rescaling(0.01)(inputs["age"]), layers.Flatten()(emb)])
x0 = feats
x = Cross(name="cross1")(x0, feats)
x = Cross(name="cross2")(x0, x)
deep = layers.Dense(4, activation="relu", name="deep")(feats)
out = layers.Dense(1, activation="sigmoid", name="head")(layers.concatenate([x, deep]))
m = keras.Model(inputs, out, name="dcn")
fill(m)
print([l.name for l in m.layers])
print([(w.path, tuple(w.shape)) for w in m.get_layer("cross1").weights])
m.compile(keras.optimizers.Adam(0.02), "binary_crossentropy",
          metrics=[keras.metrics.AUC(name="auc"), "accuracy"])
data = {"chol": ROWS["chol"][:, None], "age": ROWS["age"][:, None].astype("float32"),
        "thal": ROWS["thal"][:, None]}
ds = tf.data.Dataset.from_tensor_slices((data, TARGET)).batch(4)
print(logs4(m.fit(ds, epochs=3, verbose=0)))
print(r4(m.predict(ds, verbose=0).ravel()), m.count_params())
"""

SNIPPETS["wide_and_deep_multi_hot_embeddings"] = _TRY + _TABLE + """
sex = keras.Input((1,), dtype="int64", name="sex")
slope = keras.Input((1,), dtype="int64", name="slope")
chol = keras.Input((1,), name="chol")
wide = layers.concatenate([layers.CategoryEncoding(2, output_mode="one_hot")(sex),
                           layers.CategoryEncoding(4, output_mode="one_hot")(slope)])
wide = layers.BatchNormalization(name="wide_bn")(wide)
deep = layers.concatenate([layers.Flatten()(layers.Embedding(4, 3)(slope)),
                           layers.Normalization(mean=250.0, variance=2000.0)(chol)])
for units in (4, 3):
    deep = layers.Dense(units, use_bias=False)(deep)  # (a bias before BN gets ~0 gradients)
    deep = layers.BatchNormalization()(deep)
    deep = layers.ReLU()(deep)
    deep = layers.Dropout(0.2, seed=3)(deep)
out = layers.Dense(1, activation="sigmoid")(layers.concatenate([wide, deep]))
m = keras.Model([sex, slope, chol], out)
fill_bn(m)
m.compile(keras.optimizers.Adam(0.03), keras.losses.BinaryCrossentropy(label_smoothing=0.1),
          metrics=[keras.metrics.BinaryAccuracy(threshold=0.4)])
feed = {"sex": ROWS["sex"][:, None], "slope": ROWS["slope"][:, None], "chol": ROWS["chol"][:, None]}
h = m.fit(feed, TARGET, epochs=3, batch_size=4, shuffle=False, verbose=0,
          validation_data=(feed, TARGET))
print(logs4(h))
print(r4(m.get_layer("wide_bn").moving_mean), wsum(m))
print(r4(m.evaluate(feed, TARGET, verbose=0)))
"""

SNIPPETS["collaborative_filtering_custom_model_l2"] = _TRY + """
users = np.array([0, 1, 2, 0, 1, 3, 2, 3, 0, 2], "int64")
movies = np.array([1, 0, 3, 2, 4, 1, 0, 4, 3, 2], "int64")
ratings = np.linspace(0.1, 0.9, 10).astype("float32")
class RecommenderNet(keras.Model):
    def __init__(self, num_users, num_movies, embedding_size, **kwargs):
        super().__init__(**kwargs)
        self.user_embedding = layers.Embedding(num_users, embedding_size,
            embeddings_initializer="he_normal",
            embeddings_regularizer=keras.regularizers.l2(1e-2))
        self.user_bias = layers.Embedding(num_users, 1)
        self.movie_embedding = layers.Embedding(num_movies, embedding_size,
            embeddings_initializer="he_normal",
            embeddings_regularizer=keras.regularizers.l2(1e-2))
        self.movie_bias = layers.Embedding(num_movies, 1)
    def call(self, inputs):
        user_vector = self.user_embedding(inputs[:, 0])
        user_bias = self.user_bias(inputs[:, 0])
        movie_vector = self.movie_embedding(inputs[:, 1])
        movie_bias = self.movie_bias(inputs[:, 1])
        dot = keras.ops.tensordot(user_vector, movie_vector, 2)
        x = dot + user_bias + movie_bias
        return keras.ops.nn.sigmoid(x)
model = RecommenderNet(4, 5, 3)
x = np.stack([users, movies], axis=1)
y0 = model(x[:2])
fill(model)
print(tuple(y0.shape), r4(model(x[:3])))
print(len(model.losses), r4(sum(float(l) for l in model.losses)))
model.compile(loss=keras.losses.BinaryCrossentropy(), optimizer=keras.optimizers.Adam(0.05))
print(logs4(model.fit(x, ratings, batch_size=4, epochs=3, verbose=0, shuffle=False,
                      validation_data=(x[:4], ratings[:4]))))
print(r4(model.predict(x[:3], verbose=0).ravel()), [w.path for w in model.weights])
"""

SNIPPETS["mixture_of_experts_router_layer"] = _TRY + """
class MoE(layers.Layer):
    def __init__(self, num_experts, units, top_k=2, **kw):
        super().__init__(**kw)
        self.num_experts, self.units, self.top_k = num_experts, units, top_k
        self.router = layers.Dense(num_experts, name="router")
        self.experts = [layers.Dense(units, activation="relu", name=f"expert_{i}")
                        for i in range(num_experts)]
    def call(self, x):
        logits = self.router(x)
        top_vals, top_idx = keras.ops.top_k(logits, k=self.top_k)
        gates = keras.ops.softmax(top_vals, axis=-1)
        mask = keras.ops.sum(keras.ops.one_hot(top_idx, self.num_experts) * gates[..., None],
                             axis=-2)
        outs = keras.ops.stack([e(x) for e in self.experts], axis=1)
        probs = keras.ops.softmax(logits, axis=-1)
        load = keras.ops.mean(keras.ops.cast(mask > 0, "float32"), axis=0)
        self.add_loss(0.1 * self.num_experts * keras.ops.sum(load * keras.ops.mean(probs, axis=0)))
        return keras.ops.einsum("be,beu->bu", mask, outs)
    def get_config(self):
        return {**super().get_config(), "num_experts": self.num_experts, "units": self.units,
                "top_k": self.top_k}
inp = keras.Input((4,))
moe = MoE(4, 3, name="moe")
out = layers.Dense(1)(moe(inp))
m = keras.Model(inp, out)
fill(m)
xs = np.cos(np.arange(40, dtype="float32").reshape(10, 4))
ys = xs[:, :1] * 2 - xs[:, 1:2]
print(r4(m(xs[:2])), r4(m.losses))
print([w.path for w in moe.weights][:4], len(moe.weights))
m.compile(keras.optimizers.Adam(0.05), "mse")
print(logs4(m.fit(xs, ys, epochs=3, batch_size=5, verbose=0, shuffle=False)))
_, idx = keras.ops.top_k(moe.router(xs[:3]), k=2)
print(keras.ops.convert_to_numpy(idx).tolist(), sorted(moe.get_config())[-3:])
"""

SNIPPETS["gated_residual_variable_selection"] = _TRY + """
class GatedLinearUnit(layers.Layer):
    def __init__(self, units, **kw):
        super().__init__(**kw)
        self.linear = layers.Dense(units)
        self.sigmoid = layers.Dense(units, activation="sigmoid")
    def call(self, inputs):
        return self.linear(inputs) * self.sigmoid(inputs)
class GatedResidualNetwork(layers.Layer):
    def __init__(self, units, dropout_rate, **kw):
        super().__init__(**kw)
        self.units = units
        self.elu_dense = layers.Dense(units, activation="elu")
        self.linear_dense = layers.Dense(units)
        self.dropout = layers.Dropout(dropout_rate, seed=4)
        self.gated_linear_unit = GatedLinearUnit(units)
        self.layer_norm = layers.LayerNormalization()
        self.project = layers.Dense(units)
    def call(self, inputs):
        x = self.elu_dense(inputs)
        x = self.linear_dense(x)
        x = self.dropout(x)
        if inputs.shape[-1] != self.units:
            inputs = self.project(inputs)
        x = inputs + self.gated_linear_unit(x)
        return self.layer_norm(x)
class VariableSelection(layers.Layer):
    def __init__(self, num_features, units, dropout_rate, **kw):
        super().__init__(**kw)
        self.grns = [GatedResidualNetwork(units, dropout_rate) for _ in range(num_features)]
        self.grn_concat = GatedResidualNetwork(num_features, dropout_rate)
        self.softmax = layers.Dense(num_features, activation="softmax")
    def call(self, inputs):
        v = self.softmax(self.grn_concat(layers.concatenate(inputs)))
        v = keras.ops.expand_dims(v, axis=-1)
        x = keras.ops.stack([grn(inp) for grn, inp in zip(self.grns, inputs)], axis=1)
        return keras.ops.squeeze(keras.ops.matmul(keras.ops.transpose(v, (0, 2, 1)), x), axis=1)
ins = [keras.Input((1,), name=f"f{i}") for i in range(3)]
feat = VariableSelection(3, 4, 0.1, name="vsn")(ins)
out = layers.Dense(1, activation="sigmoid")(feat)
m = keras.Model(ins, out)
fill(m)
print(len(m.get_layer("vsn").weights), len(m.trainable_weights))
xs = [np.linspace(-1, 1, 8, dtype="float32")[:, None] * (i + 1) for i in range(3)]
ys = (xs[0] + xs[2] > 0).astype("float32")
print(r4(m.predict(xs, verbose=0).ravel()[:4]))
m.compile(keras.optimizers.Adam(0.02), "binary_crossentropy", metrics=["accuracy"])
print(logs4(m.fit(xs, ys, epochs=3, batch_size=4, verbose=0, shuffle=False)))
print(wsum(m))
"""

SNIPPETS["tabtransformer_categorical_attention"] = _TRY + _TABLE + """
cat_in = {"thal": keras.Input((1,), dtype="string", name="thal"),
          "slope": keras.Input((1,), dtype="int64", name="slope")}
num_in = keras.Input((2,), name="numeric")
lk = {"thal": layers.StringLookup(vocabulary=["fixed", "normal", "reversible"]),
      "slope": layers.IntegerLookup(vocabulary=[1, 2, 3])}
embs = [layers.Embedding(4, 4, name=f"emb_{k}")(lk[k](cat_in[k])) for k in ("thal", "slope")]
tokens = layers.concatenate(embs, axis=1)
att = layers.MultiHeadAttention(num_heads=2, key_dim=2, dropout=0.1, name="mha")(tokens, tokens)
x = layers.LayerNormalization(epsilon=1e-6)(layers.Add()([att, tokens]))
ff = layers.Dense(4)(layers.Dense(8, activation="gelu")(x))
x = layers.LayerNormalization(epsilon=1e-6)(layers.Add()([ff, x]))
feats = layers.concatenate([layers.Flatten()(x), layers.LayerNormalization()(num_in)])
out = layers.Dense(1, activation="sigmoid")(layers.Dense(4, activation="selu")(feats))
m = keras.Model([cat_in["thal"], cat_in["slope"], num_in], out)
fill(m)
print(tokens.shape, att.shape, feats.shape)
feed = (ROWS["thal"][:, None], ROWS["slope"][:, None],
        np.stack([ROWS["chol"] / 300, ROWS["age"] / 60.0], 1).astype("float32"))
tryp("fit_object_array", lambda: m.fit([feed[0].astype(object)] + list(feed[1:]), TARGET,
                                       verbose=0))
ds = tf.data.Dataset.from_tensor_slices((feed, TARGET)).batch(4)
m.compile(keras.optimizers.AdamW(0.01, weight_decay=1e-4), "binary_crossentropy")
tryp("fit_object_array2", lambda: m.fit([feed[0].astype(object)] + list(feed[1:]), TARGET,
                                        verbose=0))
print(logs4(m.fit(ds, epochs=2, verbose=0)))
print(r4(m.predict(ds, verbose=0).ravel()[:4]), m.count_params())
"""

SNIPPETS["quotient_remainder_embedding"] = _TRY + """
class QREmbedding(layers.Layer):
    def __init__(self, vocabulary_size, embedding_dim, num_buckets, **kw):
        super().__init__(**kw)
        self.num_buckets = num_buckets
        self.q_embeddings = layers.Embedding(vocabulary_size // num_buckets + 1, embedding_dim)
        self.r_embeddings = layers.Embedding(num_buckets, embedding_dim)
    def call(self, ids):
        q = keras.ops.floor_divide(ids, self.num_buckets)
        r = keras.ops.mod(ids, self.num_buckets)
        return self.q_embeddings(q) * self.r_embeddings(r)
ids = np.array([[0, 7, 13], [5, 19, 2]], "int64")
qr = QREmbedding(20, 3, 4)
y = qr(ids)
fill(qr)
print(tuple(y.shape), y.dtype, [tuple(w.shape) for w in qr.weights])
print(r4(qr(ids)[0]))
inp = keras.Input((3,), dtype="int64")
x = layers.GlobalAveragePooling1D()(QREmbedding(20, 3, 4, name="qr")(inp))
m = keras.Model(inp, layers.Dense(1)(x))
fill(m)
m.compile("adam", "mse")
print(logs4(m.fit(ids, np.array([[0.5], [-0.5]], "float32"), epochs=3, verbose=0)))
print(m.summary(line_length=70))
"""

SNIPPETS["custom_regression_losses_nll_ziln"] = _TRY + """
def gaussian_nll(y_true, y_pred):
    mean, log_var = y_pred[:, :1], y_pred[:, 1:]
    return keras.ops.mean(0.5 * (log_var + keras.ops.square(y_true - mean) /
                                 keras.ops.exp(log_var)), axis=-1)
def zero_inflated_lognormal(y_true, logits):
    positive = keras.ops.cast(y_true > 0, "float32")
    p_logit, loc, scale = logits[..., :1], logits[..., 1:2], logits[..., 2:]
    cls = keras.losses.binary_crossentropy(positive, p_logit, from_logits=True)
    scale = keras.ops.maximum(keras.ops.softplus(scale), keras.backend.epsilon())
    safe = positive * y_true + (1 - positive) * keras.ops.ones_like(y_true)
    logn = (keras.ops.log(safe) + 0.5 * keras.ops.square((keras.ops.log(safe) - loc) / scale)
            + keras.ops.log(scale))
    return cls + keras.ops.sum(positive * logn, axis=-1) / 1.0
xs = np.linspace(0, 1, 12, dtype="float32").reshape(6, 2)
y1 = (xs.sum(1, keepdims=True)).astype("float32")
y2 = np.array([[0.0], [1.5], [0.0], [2.0], [3.5], [0.0]], "float32")
print(r4(gaussian_nll(y1, np.concatenate([y1 * 0.9, y1 * 0.0 - 1], 1))))
print(r4(zero_inflated_lognormal(y2, np.tile([[0.2, 0.1, -0.3]], (6, 1)).astype("float32"))))
for loss, y, k in ((gaussian_nll, y1, 2), (zero_inflated_lognormal, y2, 3)):
    m = keras.Sequential([keras.Input((2,)), layers.Dense(4, activation="tanh"), layers.Dense(k)])
    fill(m)
    m.compile(keras.optimizers.Adam(0.05), loss=loss)
    print(loss.__name__, logs4(m.fit(xs, y, epochs=3, batch_size=3, verbose=0, shuffle=False)))
"""

SNIPPETS["multi_output_dict_losses_weights_metrics"] = _TRY + """
inp = keras.Input((3,), name="features")
h = layers.Dense(4, activation="relu", name="shared")(inp)
price = layers.Dense(1, name="price")(h)
label = layers.Dense(3, activation="softmax", name="label")(h)
m = keras.Model(inp, {"price": price, "label": label})
fill(m)
m.compile(keras.optimizers.RMSprop(0.01),
          loss={"price": "mse", "label": "sparse_categorical_crossentropy"},
          loss_weights={"price": 0.5, "label": 1.0},
          metrics={"price": ["mae"], "label": ["accuracy",
                                               keras.metrics.SparseTopKCategoricalAccuracy(k=2)]})
ys = {"price": Y, "label": (np.arange(8) % 3).astype("int32")}
h = m.fit(X, ys, epochs=2, batch_size=4, verbose=0, shuffle=False, validation_split=0.25)
print(sorted(h.history))
print(logs4(h))
print(r4(m.evaluate(X, ys, verbose=0, return_dict=True)))
p = m.predict(X[:2], verbose=0)
print(type(p).__name__, sorted(p), r4(p["price"]))
"""

SNIPPETS["tf_data_sample_weights_and_class_weights"] = _TRY + """
ys = (np.arange(8) % 2).astype("float32")[:, None]
sw = np.array([1, 2, 1, 2, 1, 2, 1, 2], "float32")
m = dense_model(0.2, loss="binary_crossentropy",
                metrics=[keras.metrics.BinaryAccuracy(), keras.metrics.Precision(),
                         keras.metrics.Recall()],
                weighted_metrics=["accuracy"])
ds = tf.data.Dataset.from_tensor_slices((X, ys, sw)).batch(4)
print(logs4(m.fit(ds, epochs=2, verbose=0)))
m2 = dense_model(0.2, loss="binary_crossentropy", weighted_metrics=["accuracy"])
print(logs4(m2.fit(X, ys, epochs=2, batch_size=4, verbose=0, shuffle=False,
                  class_weight={0: 1.0, 1: 3.0})))
tryp("class_weight_ds", lambda: m2.fit(ds, epochs=1, verbose=0, class_weight={0: 1.0, 1: 3.0}))
print(r4(m.evaluate(ds, verbose=0)))
"""
