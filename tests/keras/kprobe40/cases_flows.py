"""kprobe40's snippets over whole everyday workflows, each printing what its user reads:
summaries, fit's verbose=2 lines, evaluate's and predict's results, a save and load."""

from tests.keras.kprobe40.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["flow_text_classifier_raw_strings"] = _TRY + """
texts = np.array(["good movie", "bad film", "great good fun", "awful bad", "fine film",
                  "terrible", "good good", "bad"])
labels = np.array([1, 0, 1, 0, 1, 0, 1, 0], "float32")
vec = keras.layers.TextVectorization(max_tokens=20, output_sequence_length=4)
vec.adapt(texts)
print([str(w) for w in vec.get_vocabulary()])
m = keras.Sequential([keras.Input((1,), dtype="string"), vec, keras.layers.Embedding(20, 3),
                      keras.layers.GlobalAveragePooling1D(), keras.layers.Dense(1,
                      activation="sigmoid")], name="txt")
m.summary()
m.compile("adam", "binary_crossentropy", metrics=["accuracy"])
tryq("numpy_strings", lambda: m.fit(texts, labels, epochs=1, verbose=0))
ds = tf.data.Dataset.from_tensor_slices((texts, labels)).batch(4)
bars(lambda: m.fit(ds, epochs=2, verbose=2))
print(r4s(m.evaluate(ds, verbose=0)))
tryq("predict_numpy", lambda: m.predict(np.array(["good", "bad film"]), verbose=0).shape)
print(m.predict(tf.constant(["good", "bad film"]), verbose=0).shape)
m.save("txt.keras")
back = keras.models.load_model("txt.keras")
print(np.allclose(back.predict(ds, verbose=0), m.predict(ds, verbose=0)))
print(back.layers[0].get_vocabulary()[:5])
"""

SNIPPETS["flow_cnn_augment_bn_save_load"] = _TRY + """
rng = np.random.default_rng(0)
x = rng.uniform(0, 255, (8, 8, 8, 3)).astype("float32")
y = np.array([0, 1, 2, 0, 1, 2, 0, 1])
aug = keras.Sequential([keras.layers.RandomFlip("horizontal"), keras.layers.RandomRotation(0.1)],
                       name="aug")
i = keras.Input((8, 8, 3))
h = aug(i)
h = keras.layers.Rescaling(1 / 255.0)(h)
h = keras.layers.Conv2D(4, 3, padding="same", use_bias=False)(h)
h = keras.layers.BatchNormalization()(h)
h = keras.layers.Activation("relu")(h)
h = keras.layers.MaxPooling2D()(h)
h = keras.layers.Dropout(0.25)(h)
h = keras.layers.Flatten()(h)
o = keras.layers.Dense(3, activation="softmax")(h)
m = keras.Model(i, o, name="cnn")
m.summary(show_trainable=True, expand_nested=True)
m.compile(keras.optimizers.Adam(1e-3), "sparse_categorical_crossentropy",
          metrics=["sparse_categorical_accuracy"])
h = m.fit(x, y, epochs=2, batch_size=4, verbose=0, validation_split=0.25)
print(list(h.history), len(h.history["loss"]))
m.summary()
m.save("cnn.keras")
back = keras.models.load_model("cnn.keras")
print(np.allclose(back.predict(x, verbose=0), m.predict(x, verbose=0), atol=1e-6))
print(back.optimizer.iterations.numpy(), type(back.optimizer).__name__,
      [v.path for v in back.optimizer.variables[:3]])
print(back.get_compile_config()["loss"])
print([w.path for w in back.non_trainable_weights])
"""

SNIPPETS["flow_regression_normalization_early_stop"] = _TRY + """
rng = np.random.default_rng(1)
x = rng.normal(5.0, 3.0, (40, 3)).astype("float32")
y = (x @ np.array([[1.0], [-2.0], [0.5]], "float32") + 3.0).astype("float32")
norm = keras.layers.Normalization()
norm.adapt(x)
print(r4s(norm.mean), r4s(norm.variance))
m = keras.Sequential([keras.Input((3,)), norm, keras.layers.Dense(8, activation="relu"),
                      keras.layers.Dense(1)])
m.compile(keras.optimizers.Adam(0.05), "mse", metrics=["mae",
          keras.metrics.RootMeanSquaredError()])
es = keras.callbacks.EarlyStopping(monitor="val_loss", patience=2, restore_best_weights=True,
                                   verbose=1)
h = m.fit(x, y, validation_split=0.2, epochs=6, batch_size=8, verbose=0, callbacks=[es])
print(list(h.history), len(h.epoch), es.stopped_epoch, es.best_epoch, r4(es.best))
m.summary()
print([(w.path, tuple(w.shape)) for w in m.weights])
print(r4s(m.evaluate(x, y, verbose=0, return_dict=False)))
print(sorted(m.evaluate(x, y, verbose=0, return_dict=True)))
"""

SNIPPETS["flow_multi_io_dict_losses"] = _TRY + """
a = keras.Input((3,), name="a"); b = keras.Input((2,), name="b")
h = keras.layers.Dense(4, activation="relu", name="h")(keras.layers.Concatenate(name="cat")(
    [a, b]))
out1 = keras.layers.Dense(1, name="reg")(h)
out2 = keras.layers.Dense(3, activation="softmax", name="cls")(h)
m = keras.Model({"a": a, "b": b}, {"reg": out1, "cls": out2}, name="mio")
m.summary()
m.compile("adam", loss={"reg": "mse", "cls": "sparse_categorical_crossentropy"},
          loss_weights={"reg": 0.5, "cls": 1.0},
          metrics={"reg": ["mae"], "cls": ["accuracy", "sparse_top_k_categorical_accuracy"]})
rng = np.random.default_rng(2)
xa = rng.normal(size=(12, 3)).astype("float32"); xb = rng.normal(size=(12, 2)).astype("float32")
yr = rng.normal(size=(12, 1)).astype("float32"); yc = rng.integers(0, 3, 12)
bars(lambda: m.fit({"a": xa, "b": xb}, {"reg": yr, "cls": yc}, epochs=1, batch_size=6,
                   verbose=2, validation_data=({"a": xa, "b": xb}, {"reg": yr, "cls": yc})))
r = m.evaluate({"a": xa, "b": xb}, {"reg": yr, "cls": yc}, verbose=0, return_dict=True)
print(sorted(r))
print(len(m.evaluate({"a": xa, "b": xb}, {"reg": yr, "cls": yc}, verbose=0)))
p = m.predict({"a": xa, "b": xb}, verbose=0)
print(type(p).__name__, sorted(p), p["cls"].shape)
print(m.metrics_names)
print(m.output_names if hasattr(m, "output_names") else None)
"""

SNIPPETS["flow_subclassed_custom_train_step"] = _TRY + """
class Net(keras.Model):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.d1 = keras.layers.Dense(4, activation="relu")
        self.d2 = keras.layers.Dense(1)
        self.loss_tracker = keras.metrics.Mean(name="loss")
        self.mae = keras.metrics.MeanAbsoluteError(name="mae")
    def call(self, x, training=False):
        return self.d2(self.d1(x))
    @property
    def metrics(self):
        return [self.loss_tracker, self.mae]
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            p = self(x, training=True)
            loss = keras.ops.mean(keras.ops.square(y - p))
        g = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(g, self.trainable_variables))
        self.loss_tracker.update_state(loss)
        self.mae.update_state(y, p)
        return {m.name: m.result() for m in self.metrics}
    def test_step(self, data):
        x, y = data
        p = self(x, training=False)
        self.loss_tracker.update_state(keras.ops.mean(keras.ops.square(y - p)))
        self.mae.update_state(y, p)
        return {m.name: m.result() for m in self.metrics}
n = Net(name="net")
x = np.linspace(-1, 1, 24, dtype="float32").reshape(12, 2); y = x[:, :1] * 2.0
n.compile(optimizer=keras.optimizers.SGD(0.1))
h = n.fit(x, y, epochs=3, batch_size=4, verbose=0, validation_data=(x, y))
print(list(h.history), r4(h.history["loss"][-1]) < r4(h.history["loss"][0]))
n.summary()
print(r4s(n.evaluate(x, y, verbose=0)))
print([v.path for v in n.trainable_variables], [m.name for m in n.metrics])
tryq("save_no_config", lambda: n.save("n.keras"))
tryq("get_config", lambda: n.get_config())
"""

SNIPPETS["flow_transfer_freeze_finetune"] = _TRY + """
base = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu", name="b1"),
                         keras.layers.BatchNormalization(name="bn"),
                         keras.layers.Dense(5, name="b2")], name="base")
base.trainable = False
i = keras.Input((4,))
o = keras.layers.Dense(2, activation="softmax", name="head")(base(i, training=False))
m = keras.Model(i, o, name="tl")
m.summary(show_trainable=True)
m.compile("adam", "sparse_categorical_crossentropy", metrics=["accuracy"])
x = np.linspace(-1, 1, 32, dtype="float32").reshape(8, 4); y = np.array([0, 1] * 4)
m.fit(x, y, epochs=1, verbose=0)
print(len(m.trainable_weights), len(m.non_trainable_weights))
base.trainable = True
print(len(m.trainable_weights), len(m.non_trainable_weights))
m.summary(show_trainable=True)
m.compile(keras.optimizers.Adam(1e-5), "sparse_categorical_crossentropy", metrics=["accuracy"])
m.fit(x, y, epochs=1, verbose=0)
for l in base.layers:
    print(l.name, l.trainable, [w.trainable for w in l.weights])
print(m.optimizer.iterations.numpy(), len(m.optimizer.variables))
"""
