"""kprobe31's snippets after keras.io's structured-data examples scaled down: FeatureSpace
with crosses and embeddings fed to a model, in tf.data and in an inference model, manual
per-column lookups, class and sample weights with validation_split, and regularizers'
and constraints' effects on trained weights (see cases.py)."""

from tests.keras.kprobe31.prelude import _TRY

SNIPPETS: dict[str, str] = {}

_TABLE = """
RAW = {
    "age": np.array([25., 32., 47., 51., 62., 23., 38., 44., 29., 55.], "float32"),
    "chol": np.array([180., 220., 260., 240., 300., 170., 210., 230., 190., 280.], "float32"),
    "sex": np.array([0, 1, 1, 0, 1, 0, 1, 1, 0, 1], "int64"),
    "cp": np.array([1, 2, 3, 4, 2, 1, 3, 2, 4, 3], "int64"),
    "thal": np.array(["normal", "fixed", "reversible", "normal", "fixed", "normal",
                      "reversible", "normal", "fixed", "normal"]),
}
TARGET = np.array([0, 1, 1, 0, 1, 0, 1, 0, 0, 1], "int32")
"""

SNIPPETS["feature_space_crosses_dict_output_embeddings"] = _TRY + _TABLE + """
FS = keras.utils.FeatureSpace
fs = FS(features={"age": FS.float_discretized(num_bins=3), "chol": FS.float_normalized(),
                  "sex": FS.integer_categorical(num_oov_indices=0, output_mode="int"),
                  "cp": FS.integer_categorical(output_mode="int"),
                  "thal": FS.string_categorical(output_mode="int")},
        crosses=[FS.cross(("sex", "cp"), crossing_dim=8, output_mode="int"),
                 FS.cross(("thal", "age"), crossing_dim=5, output_mode="int")],
        output_mode="dict")
ds = tf.data.Dataset.from_tensor_slices(RAW).batch(4)
fs.adapt(ds)
enc = fs(RAW)
for k in sorted(enc):
    print(k, keras.backend.standardize_dtype(enc[k].dtype), tuple(enc[k].shape),
          np.asarray(enc[k])[:4].ravel().round(4).tolist())
inputs = fs.get_encoded_features()
print(sorted(inputs), [inputs[k].shape for k in sorted(inputs)])
parts = []
for k in sorted(inputs):
    if k == "chol":
        parts.append(inputs[k])
    else:
        e = layers.Embedding(10, 2, name="emb_" + k)(inputs[k])
        parts.append(layers.Flatten()(e))
x = layers.concatenate(parts)
out = layers.Dense(1, activation="sigmoid")(x)
m = keras.Model(inputs, out)
fill(m, 0.3)
m.compile(optimizer=keras.optimizers.Adam(0.05), loss="binary_crossentropy", metrics=["accuracy"])
pre = tf.data.Dataset.from_tensor_slices((RAW, TARGET)).batch(5).map(lambda x, y: (fs(x), y))
h = m.fit(pre, epochs=3, verbose=0)
print(logs4(h))
print(r4(m.predict(pre, verbose=0)[:3, 0]))
"""

SNIPPETS["feature_space_concat_inference_model_raw_dicts"] = _TRY + _TABLE + """
FS = keras.utils.FeatureSpace
fs = FS(features={"age": "float_normalized", "chol": "float_rescaled",
                  "sex": "integer_categorical", "cp": "integer_categorical",
                  "thal": "string_categorical"},
        crosses=[FS.cross(("sex", "thal"), crossing_dim=4)], output_mode="concat")
fs.adapt(tf.data.Dataset.from_tensor_slices(RAW))
v = fs(RAW)
print(keras.backend.standardize_dtype(v.dtype), tuple(v.shape), r4(v[0]))
enc = fs.get_encoded_features()
print(type(enc).__name__, enc.shape)
out = layers.Dense(1, activation="sigmoid")(layers.Dense(4, activation="relu")(enc))
train_model = keras.Model(enc, out)
fill(train_model, 0.2)
train_model.compile("adam", "binary_crossentropy", metrics=["accuracy"])
pre = tf.data.Dataset.from_tensor_slices((RAW, TARGET)).batch(5).map(
    lambda x, y: (fs(x), y), num_parallel_calls=tf.data.AUTOTUNE)
h = train_model.fit(pre, epochs=2, verbose=0)
print(logs4(h))
raw_inputs = fs.get_inputs()
print(sorted(raw_inputs), [(raw_inputs[k].dtype, raw_inputs[k].shape) for k in sorted(raw_inputs)])
tryp("symbolic", lambda: fs(raw_inputs).shape)
sample = {k: np.asarray(v[:2]) for k, v in RAW.items()}
print(r4(train_model.predict(fs(sample), verbose=0)[:, 0]))
one = {k: tf.convert_to_tensor([v[3]]) for k, v in RAW.items()}
print(r4(train_model(fs(one))))
"""

SNIPPETS["structured_manual_lookups_per_column"] = _TRY + _TABLE + """
def encode_numerical(name, ds):
    norm = layers.Normalization(name="norm_" + name)
    norm.adapt(ds.map(lambda x, y: tf.expand_dims(x[name], -1)))
    return norm
def encode_categorical(name, ds, is_string):
    cls = layers.StringLookup if is_string else layers.IntegerLookup
    lookup = cls(output_mode="one_hot", name="lookup_" + name)
    lookup.adapt(ds.map(lambda x, y: x[name]))
    return lookup
ds = tf.data.Dataset.from_tensor_slices((RAW, TARGET)).batch(4)
inputs, encoded = {}, []
for name in ["age", "chol"]:
    inp = keras.Input((1,), name=name)
    inputs[name] = inp
    encoded.append(encode_numerical(name, ds)(inp))
for name, s in [("sex", False), ("cp", False), ("thal", True)]:
    inp = keras.Input((1,), name=name, dtype="string" if s else "int64")
    inputs[name] = inp
    lk = encode_categorical(name, ds, s)
    print(name, lk.vocabulary_size(), lk.get_vocabulary())
    encoded.append(lk(inp))
allf = layers.concatenate(encoded)
print("all", allf.shape, allf.dtype)
out = layers.Dense(1, activation="sigmoid")(layers.Dropout(0.5)(layers.Dense(4, "relu")(allf)))
m = keras.Model(inputs, out)
fill(m, 0.3)
m.compile("adam", "binary_crossentropy", metrics=["accuracy"])
ds2 = ds.map(lambda x, y: ({k: tf.expand_dims(v, -1) for k, v in x.items()}, y))
h = m.fit(ds2, epochs=2, verbose=0, validation_data=ds2)
print(sorted(h.history), logs4(h)["val_loss"])
sample = {"age": np.array([[60.]]), "chol": np.array([[250.]]), "sex": np.array([[1]]),
          "cp": np.array([[9]]), "thal": np.array([["unknown"]])}
tryp("np_strings", lambda: m.predict(sample, verbose=0))
sample["thal"] = tf.constant([["unknown"]])
print(r4(m.predict(sample, verbose=0)))
"""

SNIPPETS["class_and_sample_weight_with_validation_split"] = _TRY + """
xs = np.linspace(-1, 1, 30, dtype="float32").reshape(10, 3)
ys = np.array([0, 0, 0, 0, 0, 0, 0, 1, 1, 2], "int32")
def model():
    m = keras.Sequential([keras.Input((3,)), layers.Dense(3, activation="softmax")])
    fill(m, 0.4)
    m.compile(keras.optimizers.SGD(0.5), "sparse_categorical_crossentropy",
              metrics=["accuracy"], weighted_metrics=["accuracy"])
    return m
m = model()
h = m.fit(xs, ys, epochs=2, batch_size=4, shuffle=False, verbose=0, validation_split=0.3,
          class_weight={0: 0.2, 1: 2.0, 2: 5.0})
keys("cw", h)
print(logs4(h))
m = model()
sw = np.linspace(0.1, 1.0, 10).astype("float32")
h = m.fit(xs, ys, epochs=2, batch_size=4, shuffle=False, verbose=0, validation_split=0.3,
          sample_weight=sw)
print(logs4(h))
m = model()
tryp("both", lambda: logs4(m.fit(xs, ys, epochs=1, batch_size=4, verbose=0, sample_weight=sw,
                                 class_weight={0: 1.0, 1: 1.0, 2: 1.0})))
m = model()
tryp("missing_class", lambda: logs4(m.fit(xs, ys, epochs=1, batch_size=4, verbose=0,
                                          class_weight={0: 1.0, 1: 2.0})))
m = model()
oh = np.eye(3, dtype="float32")[ys]
m.compile(keras.optimizers.SGD(0.5), "categorical_crossentropy", metrics=["accuracy"])
h = m.fit(xs, oh, epochs=1, batch_size=5, shuffle=False, verbose=0,
          class_weight={0: 0.5, 1: 1.0, 2: 3.0})
print("onehot", logs4(h))
"""

SNIPPETS["regularizers_effects_on_trained_weights"] = _TRY + """
xs = np.linspace(-1, 1, 40, dtype="float32").reshape(10, 4)
ys = (xs[:, :1] * 2.0 - xs[:, 1:2]).astype("float32")
def train(**kw):
    m = keras.Sequential([keras.Input((4,)), layers.Dense(3, **kw), layers.Dense(1)])
    fill(m, 0.6)
    m.compile(keras.optimizers.SGD(0.1), "mse")
    before = [float(v) for v in m.losses]
    h = m.fit(xs, ys, epochs=5, batch_size=5, shuffle=False, verbose=0)
    k = np.asarray(m.layers[0].kernel)
    reg = m.layers[0].kernel_regularizer
    print(r4(before), r4(float(reg(m.layers[0].kernel)) if reg else 0.0), r4(h.history["loss"][-1]),
          round(float(np.abs(k).sum()), 4), int((np.abs(k) < 1e-3).sum()))
train()
train(kernel_regularizer=keras.regularizers.L1(0.05))
train(kernel_regularizer=keras.regularizers.L2(0.05), bias_regularizer="l2")
train(kernel_regularizer=keras.regularizers.L1L2(l1=0.01, l2=0.02),
      activity_regularizer=keras.regularizers.L2(0.01))
train(kernel_regularizer=keras.regularizers.OrthogonalRegularizer(0.1, mode="columns"))
l = layers.Dense(2, kernel_regularizer="l1", activity_regularizer="l2")
l(xs)
fill(l)
y = l(xs[:2])
print("layer_losses", r4([float(v) for v in l.losses]))
tryp("l1_l2_name", lambda: keras.regularizers.get("l1_l2"))
print(keras.regularizers.get("L1L2").get_config(), keras.regularizers.L1(0.3)(np.ones((2, 2))))
tryp("bad_mode", lambda: keras.regularizers.OrthogonalRegularizer(0.1, mode="diag"))
tryp("neg", lambda: keras.regularizers.L2(-1.0))
"""

SNIPPETS["constraints_effects_after_fit"] = _TRY + """
xs = np.linspace(-2, 2, 40, dtype="float32").reshape(10, 4)
ys = (xs @ np.array([[3.0], [-2.0], [1.0], [0.5]], "float32")).astype("float32")
for name, c in [("maxnorm", keras.constraints.MaxNorm(0.5)), ("nonneg", keras.constraints.NonNeg()),
                ("unitnorm", keras.constraints.UnitNorm(axis=0)),
                ("minmax", keras.constraints.MinMaxNorm(0.2, 0.4, rate=0.5)),
                ("none", None)]:
    m = keras.Sequential([keras.Input((4,)), layers.Dense(2, kernel_constraint=c,
                                                          bias_constraint=c), layers.Dense(1)])
    fill(m, 0.7)
    m.compile(keras.optimizers.SGD(0.05), "mse")
    k0 = np.asarray(m.layers[0].kernel)
    m.fit(xs, ys, epochs=2, batch_size=5, shuffle=False, verbose=0)
    k = np.asarray(m.layers[0].kernel)
    print(name, r4(np.sqrt((k0 ** 2).sum(0))), r4(np.sqrt((k ** 2).sum(0))), bool((k >= 0).all()),
          r4(m.layers[0].bias))
l = layers.Dense(2, kernel_constraint="max_norm")
l.build((None, 3))
l.kernel.assign(np.full((3, 2), 5.0, "float32"))
print("no_fit", r4(l.kernel[0]), r4(l.kernel_constraint(l.kernel)[0]))
print(keras.constraints.serialize(keras.constraints.MinMaxNorm(0.1, 2.0)))
tryp("unknown", lambda: keras.constraints.get("positive"))
"""

SNIPPETS["custom_regularizer_constraint_saved_loaded"] = _TRY + """
@keras.saving.register_keras_serializable(package="K31")
class Sparse(keras.regularizers.Regularizer):
    def __init__(self, strength=0.1):
        self.strength = strength
    def __call__(self, w):
        return self.strength * keras.ops.sum(keras.ops.sqrt(keras.ops.abs(w) + 1e-6))
    def get_config(self):
        return {"strength": self.strength}
@keras.saving.register_keras_serializable(package="K31")
class Clip(keras.constraints.Constraint):
    def __init__(self, limit=0.3):
        self.limit = limit
    def __call__(self, w):
        return keras.ops.clip(w, -self.limit, self.limit)
    def get_config(self):
        return {"limit": self.limit}
m = keras.Sequential([keras.Input((3,)), layers.Dense(2, kernel_regularizer=Sparse(0.05),
                                                      kernel_constraint=Clip(0.25))])
fill(m, 0.8)
m.compile(keras.optimizers.SGD(0.1), "mse")
h = m.fit(X, np.tile(Y, (1, 2)), epochs=2, batch_size=4, shuffle=False, verbose=0)
print(logs4(h), r4(m.layers[0].kernel), r4(m.losses))
cfg = m.layers[0].get_config()
print(cfg["kernel_regularizer"], cfg["kernel_constraint"])
m.save("reg.keras")
m2 = keras.saving.load_model("reg.keras")
l2 = m2.layers[0]
print(type(l2.kernel_regularizer).__name__, l2.kernel_regularizer.strength,
      type(l2.kernel_constraint).__name__, r4(m2.losses))
print(np.allclose(m2.predict(X, verbose=0), m.predict(X, verbose=0)))
"""

SNIPPETS["wide_deep_weighted_dataset_and_val_weights"] = _TRY + """
wide = np.eye(4, dtype="float32")[np.arange(12) % 4]
deep = np.linspace(-1, 1, 36, dtype="float32").reshape(12, 3)
y = ((np.arange(12) % 3) == 0).astype("float32").reshape(12, 1)
w = np.where(y[:, 0] > 0, 3.0, 1.0).astype("float32")
wi = keras.Input((4,), name="wide")
di = keras.Input((3,), name="deep")
d = layers.Dense(4, activation="relu")(di)
both = layers.concatenate([wi, d])
out = layers.Dense(1, activation="sigmoid", name="out")(both)
m = keras.Model({"wide": wi, "deep": di}, out)
fill(m, 0.4)
m.compile(keras.optimizers.Adam(0.05), "binary_crossentropy",
          metrics=[keras.metrics.AUC(name="auc")], weighted_metrics=["accuracy"])
ds = tf.data.Dataset.from_tensor_slices(({"wide": wide, "deep": deep}, y, w)).batch(4)
val = tf.data.Dataset.from_tensor_slices(({"wide": wide[:6], "deep": deep[:6]}, y[:6],
                                          w[:6])).batch(3)
h = m.fit(ds, validation_data=val, epochs=2, verbose=0)
keys("keys", h)
print(logs4(h))
print(r4(m.evaluate(val, verbose=0, return_dict=True)))
print(r4(m.evaluate({"wide": wide, "deep": deep}, y, verbose=0, return_dict=True)))
"""

SNIPPETS["class_weight_errors_and_forms"] = _TRY + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(2, activation="softmax")])
fill(m)
m.compile("sgd", "sparse_categorical_crossentropy")
yi = np.array([0, 1, 0, 1, 1, 0, 0, 1], "int32")
fit1 = lambda **kw: len(m.fit(X, yi, epochs=1, verbose=0, **kw).epoch)
tryp("float_keys", lambda: fit1(class_weight={0.0: 1.0, 1.0: 2.0}))
tryp("str_keys", lambda: fit1(class_weight={"0": 1.0, "1": 2.0}))
tryp("list", lambda: len(m.fit(X, yi, epochs=1, verbose=0, class_weight=[1.0, 2.0]).epoch))
tryp("extra_keys", lambda: fit1(class_weight={0: 1., 1: 2., 5: 3.}))
gen = ((X[i:i + 4], yi[i:i + 4]) for i in range(0, 8, 4))
tryp("generator", lambda: len(m.fit(gen, epochs=1, verbose=0, class_weight={0: 1., 1: 2.}).epoch))
mm = keras.Model(m.inputs, [m.outputs[0], m.outputs[0]])
mm.compile("sgd", ["sparse_categorical_crossentropy"] * 2)
tryp("multi_out", lambda: len(mm.fit(X, [yi, yi], epochs=1, verbose=0,
                                     class_weight={0: 1., 1: 2.}).epoch))
ds = tf.data.Dataset.from_tensor_slices((X, yi)).batch(4)
m2 = keras.Sequential([keras.Input((3,)), layers.Dense(2, activation="softmax")])
fill(m2)
m2.compile(keras.optimizers.SGD(0.1), "sparse_categorical_crossentropy")
print("ds", logs4(m2.fit(ds, epochs=2, verbose=0, class_weight={0: 0.5, 1: 4.0})))
"""

SNIPPETS["embedding_regularizer_constraint_and_sparse_updates"] = _TRY + """
ids = np.array([[1, 2, 0], [3, 1, 1], [2, 2, 0], [1, 3, 3]], "int32")
y = np.array([[1.0], [0.0], [1.0], [0.0]], "float32")
m = keras.Sequential([keras.Input((3,), dtype="int32"),
                      layers.Embedding(5, 2, embeddings_regularizer=keras.regularizers.L2(0.1),
                                       embeddings_constraint=keras.constraints.MaxNorm(0.6,
                                                                                      axis=1)),
                      layers.GlobalAveragePooling1D(), layers.Dense(1)])
fill(m, 0.9)
m.compile(keras.optimizers.SGD(0.2), "mse")
e0 = np.asarray(m.layers[0].embeddings).copy()
print(r4(m.losses))
h = m.fit(ids, y, epochs=3, batch_size=2, shuffle=False, verbose=0)
e = np.asarray(m.layers[0].embeddings)
print(logs4(h))
print(r4(np.sqrt((e ** 2).sum(1))), r4(e[4]), r4(e0[4]))
cfg = m.layers[0].get_config()
print(cfg["embeddings_regularizer"]["class_name"], cfg["embeddings_constraint"]["config"])
"""
