"""kprobe16's snippets of training programs: fit with validation_split, class and sample
weights, the common callbacks (EarlyStopping restoring the best weights,
ReduceLROnPlateau, CSVLogger, LearningRateScheduler, ModelCheckpoint, LambdaCallback),
custom train/test/predict steps, summaries of nested models, subclassed models saved to
and loaded from .keras files (see cases.py)."""

from tests.keras.kprobe16.prelude import _TRY

SNIPPETS = {}

_DATA = """
rng = np.random.default_rng(0)
X = rng.normal(size=(40, 4)).astype("float32")
Y = (X[:, 0] + 0.5 * X[:, 1] > 0).astype("int32")
def classifier(units=1, activation="sigmoid"):
    return keras.Sequential([keras.Input((4,)), layers.Dense(3, activation="relu"),
                             layers.Dense(units, activation=activation)])
def rounded(h):
    return {k: [round(float(v), 4) for v in vals] for k, vals in sorted(h.history.items())}
"""

SNIPPETS["fit_validation_split_and_class_weight"] = _TRY + _DATA + """
m = classifier()
m.compile("adam", "binary_crossentropy", metrics=["accuracy"])
h = m.fit(X, Y, epochs=3, batch_size=8, validation_split=0.25, class_weight={0: 1.0, 1: 3.0},
          verbose=0)
print(rounded(h))
print(h.params, h.epoch)
tryp("class_weight_bad_key", lambda: m.fit(X, Y, epochs=1, class_weight={2: 1.0},
                                           verbose=0).epoch)
try:  # (the message ends with the dataset's class, its module path TF's own)
    m.fit(tf.data.Dataset.from_tensor_slices((X, Y)).batch(8), validation_split=0.2,
          verbose=0)
except ValueError as e:
    print("class_weight_with_split_dataset", str(e).split("Found")[0])
m2 = classifier(2, "softmax")
m2.compile("sgd", "sparse_categorical_crossentropy", metrics=["accuracy"])
tryp("class_and_sample_weight", lambda: m2.fit(X, Y, class_weight={0: 0.5, 1: 2.0},
                                               sample_weight=np.ones(40), verbose=0))
h2 = m2.fit(X, Y, epochs=2, batch_size=10, class_weight={0: 0.5, 1: 2.0},
            validation_data=(X[:8], Y[:8]), verbose=0)
print(rounded(h2))
h3 = m2.fit(X, Y, epochs=1, batch_size=10, sample_weight=np.linspace(0.1, 1.0, 40), verbose=0)
print(rounded(h3))
"""

SNIPPETS["early_stopping_restores_best_weights"] = _TRY + _DATA + """
m = classifier()
m.compile(keras.optimizers.SGD(0.5), "binary_crossentropy")
best = []
class Keep(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        best.append((round(logs["val_loss"], 4), [w.copy() for w in self.model.get_weights()]))
es = keras.callbacks.EarlyStopping(monitor="val_loss", patience=1, restore_best_weights=True,
                                   verbose=1, min_delta=0.5)
h = m.fit(X, Y, epochs=10, batch_size=8, validation_data=(X[:10], Y[:10]),
          callbacks=[Keep(), es], verbose=0)
print(len(h.epoch), es.stopped_epoch, es.best_epoch, round(float(es.best), 4), es.wait)
b = min(range(len(best)), key=lambda i: best[i][0])
print(b, all(np.array_equal(a, w) for a, w in zip(best[b][1], m.get_weights())))
es2 = keras.callbacks.EarlyStopping(monitor="accuracy", patience=0, baseline=1.1,
                                    start_from_epoch=1)
m.compile("sgd", "binary_crossentropy", metrics=["accuracy"])
h2 = m.fit(X, Y, epochs=5, verbose=0, callbacks=[es2])
print(len(h2.epoch), es2.stopped_epoch, es2.mode)
es3 = keras.callbacks.EarlyStopping(monitor="nothing", verbose=1)
tryp("unknown_monitor", lambda: len(m.fit(X, Y, epochs=1, verbose=0, callbacks=[es3]).epoch))
es4 = keras.callbacks.EarlyStopping(monitor="nothing", mode="min")
tryp("unknown_monitor_min", lambda: len(m.fit(X, Y, epochs=1, verbose=0, callbacks=[es4]).epoch))
"""

SNIPPETS["reduce_lr_and_scheduler"] = _TRY + _DATA + """
m = classifier()
m.compile(keras.optimizers.Adam(0.1), "binary_crossentropy")
r = keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=0, min_delta=10.0,
                                      min_lr=0.02, verbose=1)
h = m.fit(X, Y, epochs=4, batch_size=20, callbacks=[r], verbose=0)
print([round(v, 5) for v in h.history["learning_rate"]], round(float(m.optimizer.learning_rate), 5))
def schedule(epoch, lr):
    return lr * 0.1 if epoch == 1 else lr
m.compile(keras.optimizers.SGD(0.2), "binary_crossentropy")
s = keras.callbacks.LearningRateScheduler(schedule, verbose=1)
h = m.fit(X, Y, epochs=3, batch_size=20, callbacks=[s], verbose=0)
print([round(v, 5) for v in h.history["learning_rate"]])
bad = keras.callbacks.LearningRateScheduler(lambda e: "x")
tryp("bad_schedule", lambda: m.fit(X, Y, epochs=1, callbacks=[bad], verbose=0))
m.compile(keras.optimizers.SGD(keras.optimizers.schedules.ExponentialDecay(0.1, 2, 0.5)),
          "binary_crossentropy")
tryp("schedule_on_schedule", lambda: m.fit(X, Y, epochs=1, callbacks=[
    keras.callbacks.LearningRateScheduler(schedule)], verbose=0))
"""

SNIPPETS["csv_logger_file"] = _TRY + _DATA + """
m = classifier()
m.compile("adam", "binary_crossentropy", metrics=["accuracy", "auc"])
path = os.path.join(D, "log.csv")
m.fit(X, Y, epochs=2, batch_size=20, validation_split=0.5,
      callbacks=[keras.callbacks.CSVLogger(path)], verbose=0)
with open(path) as f:
    rows = f.read().splitlines()
print(rows[0])
print(len(rows), [len(r.split(",")) for r in rows])
m.fit(X, Y, epochs=1, batch_size=20, callbacks=[keras.callbacks.CSVLogger(path, separator=";",
                                                                          append=True)],
      verbose=0)
with open(path) as f:
    rows = f.read().splitlines()
print(len(rows), rows[-1].count(";"), rows[-2].split(";")[0], rows[-1].split(";")[0])
"""

SNIPPETS["model_checkpoint_and_lambda_callback"] = _TRY + _DATA + """
m = classifier()
m.compile("adam", "binary_crossentropy", metrics=["accuracy"])
seen = []
cb = keras.callbacks.LambdaCallback(
    on_epoch_begin=lambda e, logs: seen.append(("begin", e, sorted(logs or {}))),
    on_epoch_end=lambda e, logs: seen.append(("end", e, sorted(logs))),
    on_train_end=lambda logs: seen.append(("train_end", sorted(logs or {}))))
ck = keras.callbacks.ModelCheckpoint(os.path.join(D, "ep{epoch:02d}-{val_loss:.2f}.weights.h5"),
                                     save_weights_only=True, monitor="val_loss",
                                     save_best_only=False, verbose=1)
quiet(lambda: m.fit(X, Y, epochs=2, batch_size=20, validation_split=0.5, callbacks=[cb, ck],
                    verbose=0))
print(seen)
print(len(os.listdir(D)), all(n.endswith(".weights.h5") for n in os.listdir(D)))
tryp("checkpoint_bad_name", lambda: keras.callbacks.ModelCheckpoint(
    os.path.join(D, "w.h5"), save_weights_only=True))
tryp("checkpoint_model_bad_name", lambda: keras.callbacks.ModelCheckpoint(os.path.join(D, "m")))
best = keras.callbacks.ModelCheckpoint(os.path.join(D, "best.keras"), save_best_only=True,
                                       monitor="loss", mode="min", verbose=1)
quiet(lambda: m.fit(X, Y, epochs=2, batch_size=40, callbacks=[best], verbose=0))
print(round(float(best.best), 4), os.path.exists(os.path.join(D, "best.keras")))
"""

SNIPPETS["custom_train_step"] = _TRY + _DATA + """
class Custom(keras.Model):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.d1 = layers.Dense(3, activation="relu")
        self.d2 = layers.Dense(1)
        self.loss_tracker = keras.metrics.Mean(name="loss")
        self.mae = keras.metrics.MeanAbsoluteError(name="mae")
    def call(self, x):
        return self.d2(self.d1(x))
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            pred = self(x, training=True)
            loss = keras.ops.mean(keras.ops.square(pred - keras.ops.cast(y[:, None], "float32")))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        self.loss_tracker.update_state(loss)
        self.mae.update_state(keras.ops.cast(y[:, None], "float32"), pred)
        return {"loss": self.loss_tracker.result(), "mae": self.mae.result()}
    def test_step(self, data):
        x, y = data
        pred = self(x, training=False)
        self.mae.update_state(keras.ops.cast(y[:, None], "float32"), pred)
        return {"mae": self.mae.result()}
    def predict_step(self, data):
        return {"score": self(data), "twice": 2 * self(data)}
    @property
    def metrics(self):
        return [self.loss_tracker, self.mae]
m = Custom()
m.compile(optimizer=keras.optimizers.SGD(0.05))
h = m.fit(X, Y, epochs=3, batch_size=10, verbose=0)
print(rounded(h))
print({k: round(float(v), 4) for k, v in m.evaluate(X, Y, batch_size=10, verbose=0,
                                                      return_dict=True).items()})
print(round(float(m.evaluate(X, Y, verbose=0)), 4))
p = m.predict(X[:5], batch_size=2, verbose=0)
print(sorted(p), p["score"].shape, np.allclose(p["twice"], 2 * p["score"]))
print([x.name for x in m.metrics], m.loss, type(m.compiled_metrics).__name__)
tryp("train_on_batch", lambda: {k: round(float(v), 4) for k, v in
                                m.train_on_batch(X[:4], Y[:4], return_dict=True).items()})
"""

SNIPPETS["summary_of_nested_models"] = _TRY + """
inner = keras.Sequential([layers.Dense(4, activation="relu"), layers.BatchNormalization()],
                         name="inner")
block_in = keras.Input((4,))
block = keras.Model(block_in, layers.Dense(2)(inner(block_in)), name="block")
i = keras.Input((6,), name="features")
x = layers.Dense(4)(i)
x = block(x)
y = layers.Concatenate()([x, layers.Dense(2, trainable=False)(i)])
m = keras.Model(i, layers.Dense(1, name="head")(y), name="outer")
m.summary()
m.summary(expand_nested=True, show_trainable=True)
m.summary(line_length=60, positions=[0.4, 0.7, 0.9, 1.0])
lines = []
m.summary(print_fn=lambda s, line_break=True: lines.append(s))
print(len(lines))
m.summary(layer_range=["dense", "concatenate"])
tryp("bad_range", lambda: m.summary(layer_range=["nothere", "head"]))
print(m.count_params(), len(m.trainable_weights), len(m.non_trainable_weights))
print([l.name for l in m.layers], [l.name for l in m.get_layer("block").layers])
"""

SNIPPETS["subclassed_model_saved_and_loaded"] = _TRY + _DATA + """
@keras.saving.register_keras_serializable(package="probe")
class Net(keras.Model):
    def __init__(self, hidden=3, **kw):
        super().__init__(**kw)
        self.hidden = hidden
        self.d1 = layers.Dense(hidden, activation="tanh")
        self.drop = layers.Dropout(0.2)
        self.d2 = layers.Dense(1, activation="sigmoid")
    def call(self, x, training=False):
        return self.d2(self.drop(self.d1(x), training=training))
    def get_config(self):
        return {**super().get_config(), "hidden": self.hidden}
m = Net(hidden=5, name="net")
m.compile("adam", "binary_crossentropy", metrics=["accuracy"])
m.fit(X, Y, epochs=1, verbose=0)
path = os.path.join(D, "net.keras")
m.save(path)
back = keras.models.load_model(path)
print(type(back).__name__, back.name, back.hidden, back.built)
print(np.allclose(back.predict(X, verbose=0), m.predict(X, verbose=0)))
print([v.path for v in back.weights])
print(type(back.optimizer).__name__, int(back.optimizer.iterations))
print(json.dumps(m.get_config(), sort_keys=True))
print(keras.saving.get_registered_name(Net), keras.saving.get_registered_object("probe>Net") is Net)
class Plain(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = layers.Dense(1)
    def call(self, x):
        return self.d(x)
p = Plain()
p(X)
p.save(os.path.join(D, "plain.keras"))
tryp("plain_load", lambda: type(keras.models.load_model(os.path.join(D, "plain.keras"))).__name__)
tryp("plain_with_custom", lambda: type(keras.models.load_model(
    os.path.join(D, "plain.keras"), custom_objects={"Plain": Plain})).__name__)
w = os.path.join(D, "net.weights.h5")
m.save_weights(w)
fresh = Net(hidden=5)
tryp("load_unbuilt", lambda: fresh.load_weights(w))
fresh(X[:1])
fresh.load_weights(w)
print(all(np.array_equal(a, b) for a, b in zip(fresh.get_weights(), m.get_weights())))
"""

SNIPPETS["fit_on_datasets_with_steps"] = _TRY + _DATA + """
ds = tf.data.Dataset.from_tensor_slices((X, Y)).shuffle(40, seed=1).batch(8)
m = classifier()
m.compile("adam", "binary_crossentropy", metrics=["accuracy"])
h = m.fit(ds.repeat(), steps_per_epoch=3, epochs=3, initial_epoch=1,
          validation_data=ds.take(2), validation_steps=2, verbose=0)
print(h.epoch, sorted(h.history), h.params)
print(int(m.optimizer.iterations))
r = m.evaluate(ds, steps=2, verbose=0, return_dict=True)
print(sorted(r))
print(m.predict(ds.map(lambda x, y: x), steps=1, verbose=0).shape)
tryp("fit_dataset_with_y", lambda: m.fit(ds, Y, verbose=0))
tryp("fit_dataset_with_batch_size", lambda: m.fit(ds, batch_size=4, epochs=1, verbose=0) and 1)
tryp("evaluate_empty", lambda: m.evaluate(ds.take(0), verbose=0))
tryp("predict_empty", lambda: m.predict(ds.take(0), verbose=0))
gen = ((X[i:i + 8], Y[i:i + 8]) for i in range(0, 40, 8))
print(len(m.fit(gen, epochs=1, verbose=0).epoch))
"""

SNIPPETS["sample_and_weighted_metrics"] = _TRY + _DATA + """
m = keras.Sequential([keras.Input((4,)), layers.Dense(1, kernel_initializer="ones")])
m.compile("sgd", "mse", metrics=["mae"], weighted_metrics=["mse", "mae"])
sw = np.linspace(0.0, 2.0, 40).astype("float32")
r = m.evaluate(X, Y.astype("float32"), sample_weight=sw, verbose=0, return_dict=True)
print({k: round(float(v), 4) for k, v in r.items()})
print(m.metrics_names)
r2 = m.evaluate(X, Y.astype("float32"), verbose=0, return_dict=True)
print({k: round(float(v), 4) for k, v in r2.items()})
tryp("sw_bad_shape", lambda: m.evaluate(X, Y, sample_weight=np.ones(3), verbose=0))
print(round(float(m.test_on_batch(X[:4], Y[:4].astype("float32"), sample_weight=sw[:4])[0]), 4))
"""
