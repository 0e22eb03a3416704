"""kprobe20's snippets on saving and less travelled paths: Lambda layers and safe_mode,
load_weights with skip_mismatch, layers.Pipeline, fit's initial_epoch, a custom layer's
masks through a functional model, custom losses and metrics in a .keras round trip,
LoRA on Dense and Embedding, keras.ops on symbolic tensors, auto-generated layer names,
int8 quantization of Dense (see cases.py)."""

from tests.keras.kprobe20.prelude import _TRY

SNIPPETS = {}

SNIPPETS["lambda_safe_mode"] = _TRY + """
i = keras.Input((3,))
o = layers.Lambda(lambda t: t * 2.0 + 1.0, name="lam")(i)
m = keras.Model(i, o)
print(r4(m.predict(X[:2], verbose=0)), m.layers[1].get_config()["function"]["class_name"])
p = os.path.join(D, "lam.keras")
m.save(p)
head("safe", lambda: keras.saving.load_model(p))
l2 = layers.Lambda(lambda t: tf.concat([t, t], -1), output_shape=(6,))
print(l2.compute_output_shape((None, 3)), tuple(l2(X[:2]).shape))
def double(t):
    return t * 2.0
m2 = keras.Sequential([keras.Input((3,)), layers.Lambda(double, name="dbl")])
p2 = os.path.join(D, "dbl.keras")
m2.save(p2)
print(r4(keras.saving.load_model(p2, custom_objects={"double": double}).predict(X[:1], verbose=0)))
"""

SNIPPETS["lambda_unsafe_load"] = _TRY + """
i = keras.Input((3,))
m = keras.Model(i, layers.Lambda(lambda t: t * 2.0 + 1.0, name="lam")(i))
p = os.path.join(D, "lam.keras")
m.save(p)
n = keras.saving.load_model(p, safe_mode=False)
print(r4(n.predict(X[:2], verbose=0)))
"""

SNIPPETS["load_weights_skip_mismatch"] = _TRY + """
a = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="x"), layers.Dense(1, name="y")])
fill(a)
p = os.path.join(D, "a.weights.h5")
a.save_weights(p)
b = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="x"), layers.Dense(4, name="y")])
tryp("strict", lambda: b.load_weights(p))
b.load_weights(p, skip_mismatch=True)
print(r4(b.layers[0].kernel) == r4(a.layers[0].kernel), r4(b.layers[1].bias))
c = keras.Sequential([keras.Input((3,)), layers.Dense(2), layers.Dense(1), layers.Dense(1)])
tryp("count", lambda: c.load_weights(p))
tryp("bad_ext", lambda: a.save_weights(os.path.join(D, "a.h5")))
"""

SNIPPETS["pipeline_layer"] = _TRY + """
pl = layers.Pipeline([layers.Rescaling(0.5), layers.Rescaling(2.0, offset=-1.0)])
print(r4(pl(np.array([[2.0, 4.0]], "float32"))))
print(pl.name, [l.name for l in pl.layers], sorted(pl.get_config()))
"""

SNIPPETS["initial_epoch_history"] = _TRY + """
m = dense_model()
h = m.fit(X, Y, epochs=4, initial_epoch=2, batch_size=4, verbose=0)
print(h.epoch, logs4(h), h.params)
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    h2 = timeless(lambda: m.fit(X, Y, epochs=3, initial_epoch=2, batch_size=8, verbose=2))
print(re.sub(r" - [0-9]+s - ", " - Ns - ", buf.getvalue()), end="")
print(h2.epoch)
print(r4(m.history.history["loss"]), m.history is h2)
"""

SNIPPETS["custom_mask_layer_functional"] = _TRY + """
class Mask0(layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.supports_masking = True
    def call(self, x):
        return x
    def compute_mask(self, x, mask=None):
        return keras.ops.any(keras.ops.not_equal(x, 0.0), axis=-1)
class Mask0TF(Mask0):
    def compute_mask(self, x, mask=None):
        return tf.reduce_any(tf.not_equal(x, 0.0), axis=-1)
head("tf_in_compute_mask", lambda: Mask0TF()(keras.Input((3, 1))))
print(r4(Mask0TF().compute_mask(np.ones((1, 2, 1), "float32"))))
class Show(layers.Layer):
    def call(self, x, mask=None):
        return tf.cast(mask, "float32") if mask is not None else tf.zeros(tf.shape(x)[:2])
x = np.array([[[1.0], [0.0], [2.0]], [[0.0], [0.0], [3.0]]], "float32")
i = keras.Input((3, 1))
h = Mask0()(i)
print(h._keras_mask.shape if hasattr(h, "_keras_mask") else None)
o = Show()(h)
m = keras.Model(i, o)
print(r4(m(x)))
seq = keras.Sequential([keras.Input((3, 1)), Mask0(), layers.LSTM(2)])
fill(seq)
print(r4(seq(x)))
print(r4(layers.Masking(0.0)(x)._keras_mask))
"""

SNIPPETS["custom_loss_metric_keras_file"] = _TRY + """
@keras.saving.register_keras_serializable(package="k20m")
class Scaled(keras.losses.Loss):
    def __init__(self, k=2.0, **kw):
        super().__init__(**kw)
        self.k = k
    def call(self, y_true, y_pred):
        return self.k * tf.reduce_mean(tf.square(y_true - y_pred), axis=-1)
    def get_config(self):
        return {**super().get_config(), "k": self.k}
@keras.saving.register_keras_serializable(package="k20m")
class Count(keras.metrics.Metric):
    def __init__(self, name="count", **kw):
        super().__init__(name=name, **kw)
        self.n = self.add_variable(shape=(), initializer="zeros", name="n")
    def update_state(self, y_true, y_pred, sample_weight=None):
        self.n.assign_add(tf.cast(tf.shape(y_true)[0], "float32"))
    def result(self):
        return self.n
m = dense_model(loss=Scaled(3.0), metrics=[Count()])
h = m.fit(X, Y, epochs=2, batch_size=4, verbose=0)
print(logs4(h))
p = os.path.join(D, "c.keras")
m.save(p)
n = keras.saving.load_model(p)
print(type(n.loss).__name__, n.loss.k, n.loss.name, n.loss.reduction)
print(r4(n.evaluate(X, Y, verbose=0, return_dict=True)))
print(Scaled(1.0).get_config())
"""

SNIPPETS["lora_dense_embedding"] = _TRY + """
d = layers.Dense(3)
d.build((None, 4))
fill(d)
d.enable_lora(2)
print([w.path for w in d.trainable_weights], [w.path for w in d.non_trainable_weights])
print(r4(d(np.ones((1, 4), "float32"))), d.lora_rank, d.lora_enabled)
tryp("twice", lambda: d.enable_lora(2))
e = layers.Embedding(5, 3, lora_rank=1)
e.build()
print([w.path for w in e.trainable_weights], e.get_config()["lora_rank"])
d2 = layers.Dense(2, lora_rank=2, lora_alpha=4.0)
d2.build((None, 3))
print(sorted(k for k in d2.get_config() if "lora" in k), d2.get_config()["lora_alpha"])
"""

SNIPPETS["ops_on_symbolic_tensors"] = _TRY + """
i = keras.Input((3,), name="inp")
a = keras.ops.exp(i)
b = keras.ops.sum(a * 2, axis=-1, keepdims=True)
c = keras.ops.concatenate([i, b], axis=-1)
m = keras.Model(i, c)
print([l.__class__.__name__ for l in m.layers], [l.name for l in m.layers])
print(r4(m.predict(X[:2], verbose=0)))
print(a.shape, b.shape, c.shape, c.dtype)
tryp("numpy_of_symbolic", lambda: np.asarray(i))
tryp("cond_on_symbolic", lambda: bool(i))
"""

SNIPPETS["auto_layer_names"] = _TRY + """
print([layers.Dense(1).name for _ in range(3)], layers.Conv2D(1, 1).name)
keras.backend.clear_session()
print(layers.Dense(1).name, layers.Dense(1, name="dense").name, layers.Dense(1).name)
m1 = keras.Sequential()
m2 = keras.Sequential()
print(m1.name, m2.name)
i = keras.Input((2,))
print(i.name, keras.Input((2,)).name, keras.Model(i, layers.Dense(1)(i)).name)
class MyBlock(layers.Layer):
    pass
print(MyBlock().name, MyBlock().name)
"""

SNIPPETS["dense_int8_quantize"] = _TRY + """
d = layers.Dense(3)
d.build((None, 4))
fill(d)
x = np.linspace(-1, 1, 8, dtype="float32").reshape(2, 4)
before = np.asarray(d(x))
d.quantize("int8")
print(d.dtype_policy.name, [w.path for w in d.weights], [str(w.dtype) for w in d.weights])
after = np.asarray(d(x))
print(r4(after), bool(np.abs(after - before).max() < 0.05))
print(r4(d._kernel[:, 0]) if hasattr(d, "_kernel") else "", r4(d.kernel_scale))
tryp("twice", lambda: d.quantize("int8"))
tryp("mode", lambda: layers.Dense(2).quantize("int3"))
"""

SNIPPETS["sequential_errors_and_build"] = _TRY + """
s = keras.Sequential([layers.Dense(2), layers.Dense(1)])
print(s.built, s.weights)
tryp("summary_unbuilt", lambda: s.summary())
tryp("inputs_unbuilt", lambda: s.inputs)
s.build((None, 3))
print(s.built, [tuple(w.shape) for w in s.weights], s.inputs[0].shape)
s2 = keras.Sequential()
s2.add(layers.Dense(2, input_shape=(3,)))
print(s2.built, s2.input_shape)
tryp("add_nonlayer", lambda: s2.add("x"))
tryp("dup_name", lambda: keras.Sequential([keras.Input((3,)), layers.Dense(1, name="d"),
                                           layers.Dense(1, name="d")]))
"""

SNIPPETS["predict_outputs_structures"] = _TRY + """
i = keras.Input((3,))
m = keras.Model(i, [layers.Dense(1)(i), layers.Dense(2)(i)])
fill(m)
p = m.predict(X, batch_size=3, verbose=0)
print(type(p).__name__, [a.shape for a in p])
print(r4(m.predict_on_batch(X[:2])))
t = keras.Model(i, (layers.Dense(1)(i),))
print(type(t.predict(X, verbose=0)).__name__)
d = keras.Model(i, {"b": layers.Dense(1)(i), "a": layers.Dense(2)(i)})
print(sorted((k, v.shape) for k, v in d.predict(X, verbose=0).items()))
print(type(m(X[:2])).__name__, type(d(X[:2])).__name__, [k for k in d(X[:2])])
"""

SNIPPETS["compile_config_mixed_summary"] = _TRY + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(2)])
m.compile(optimizer="adam", loss="mse", metrics=["mae"])
cc = m.get_compile_config()
print(sorted(cc), cc["loss"], cc["metrics"])
m2 = keras.Sequential([keras.Input((3,)), layers.Dense(2)])
m2.compile_from_config(cc)
print(type(m2.optimizer).__name__, m2.loss, m.get_build_config())
keras.mixed_precision.set_global_policy("mixed_float16")
try:
    mp = keras.Sequential([keras.Input((3,)), layers.Dense(2),
                           layers.Activation("softmax", dtype="float32")])
    mp.summary()
    d = mp.layers[0]
    print(d.dtype_policy, d.compute_dtype, d.variable_dtype, mp.layers[1].dtype_policy)
    print(mp(np.ones((1, 3), "float32")).dtype)
finally:
    keras.mixed_precision.set_global_policy("float32")
print(r4(keras.utils.normalize(np.arange(12, dtype="float32").reshape(3, 4), axis=-1, order=2)))
print(keras.utils.pad_sequences([[1, 2, 3], [4]], maxlen=2, padding="post", truncating="pre",
                                value=9).tolist())
a, b = keras.utils.split_dataset(tf.data.Dataset.range(10), left_size=0.7, shuffle=False)
print(len(list(a)), len(list(b)), [int(v) for v in b])
print(keras.saving.serialize_keras_object(keras.activations.relu))
sgd = keras.optimizers.deserialize({"class_name": "SGD", "config": {"learning_rate": 0.5}})
print(type(sgd).__name__, r4(sgd.learning_rate))
"""

SNIPPETS["preprocessing_model_keras_file"] = _TRY + """
import zipfile
tv = layers.TextVectorization(max_tokens=10, output_sequence_length=4, name="tv")
tv.adapt(["a b c", "b c d", "c d e"])
n = layers.Normalization(name="norm")
n.adapt(np.array([[1.0], [3.0], [5.0]], "float32"))
si = keras.Input((1,), dtype="string", name="s")
ni = keras.Input((1,), name="n")
e = layers.Embedding(10, 2, name="emb")(tv(si))
m = keras.Model([si, ni], layers.Concatenate()([layers.Flatten()(e), n(ni)]))
p = os.path.join(D, "pre.keras")
m.save(p)
with zipfile.ZipFile(p) as z:
    print(sorted(z.namelist()))
    cfg = json.loads(z.read("config.json"))
    print(sorted(cfg), cfg["class_name"], [l["class_name"] for l in cfg["config"]["layers"]])
r = keras.saving.load_model(p)
print(r.get_layer("tv").get_vocabulary(), r4(r.get_layer("norm").mean))
x = [tf.constant([["a e"], ["zz"]]), np.array([[3.0], [7.0]], "float32")]
print(bool(np.allclose(m.predict(x, verbose=0), r.predict(x, verbose=0))))
sl = layers.StringLookup(vocabulary=["x", "y"], pad_to_max_tokens=True, max_tokens=5,
                         output_mode="multi_hot")
print(r4(sl(["x", "q"])))
"""

SNIPPETS["fit_validation_freq_class_weight"] = _TRY + """
m = dense_model()
h = m.fit(X, Y, epochs=4, batch_size=4, validation_data=(X, Y), validation_freq=2, verbose=0,
          shuffle=False)
print(logs4(h))
Yc = np.eye(3, dtype="float32")[[0, 1, 2, 0, 1, 2, 0, 0]]
c = keras.Sequential([keras.Input((3,)), layers.Dense(3, activation="softmax")])
fill(c)
c.compile(optimizer=keras.optimizers.SGD(0.1), loss="categorical_crossentropy",
          metrics=["accuracy", keras.metrics.TopKCategoricalAccuracy(k=2)])
h = c.fit(X, Yc, epochs=2, batch_size=4, class_weight={0: 1.0, 1: 2.0, 2: 0.5}, verbose=0,
          shuffle=False)
print(logs4(h))
Xn = X.copy()
Xn[3, 0] = np.nan
t = dense_model()
h = t.fit(Xn, Y, epochs=3, batch_size=4, verbose=0, shuffle=False,
          callbacks=[keras.callbacks.TerminateOnNaN()])
print(len(h.history["loss"]), h.history["loss"][-1])
p = keras.metrics.Precision(thresholds=[0.3, 0.7])
p.update_state([0, 1, 1, 0], [0.2, 0.5, 0.9, 0.8])
auc = keras.metrics.AUC(curve="PR", num_thresholds=5)
auc.update_state([0, 1, 1, 0], [0.2, 0.5, 0.9, 0.8])
print(r4(p.result()), r4(auc.result()))
"""
