"""kprobe17's snippets on training: evaluate and predict with steps and batch sizes that do
not divide the data, fit on tf.data datasets with sample weights, the order callbacks are
called in and the logs they see, History's keys, train_on_batch and its siblings (see
cases.py)."""

from tests.keras.kprobe17.prelude import _TRY

SNIPPETS = {}

# (relu, not tanh: TF's float32 tanh of 8 values or more is Eigen's ptanh, which eagerflow
# does not reproduce by design, docs/ulp32.md; these programs are about training's logic)
_MODEL = """
def small_model(metrics=("mae",), weighted=None, loss="mse"):
    m = keras.Sequential([keras.Input((3,)), layers.Dense(2, activation="relu"), layers.Dense(1)])
    fill(m)
    m.compile(optimizer=keras.optimizers.SGD(0.1), loss=loss, metrics=list(metrics),
              weighted_metrics=weighted)
    return m
X = np.linspace(-1, 1, 30, dtype="float32").reshape(10, 3)
Y = (X.sum(axis=1, keepdims=True) ** 2).astype("float32")
"""

SNIPPETS["evaluate_predict_steps_and_batches"] = _TRY + _MODEL + """
m = small_model()
tryp("eval", lambda: m.evaluate(X, Y, batch_size=3, verbose=0))
tryp("eval_dict", lambda: m.evaluate(X, Y, batch_size=4, verbose=0, return_dict=True))
tryp("eval_steps", lambda: m.evaluate(X, Y, batch_size=3, steps=2, verbose=0))
tryp("predict_b3", lambda: m.predict(X, batch_size=3, verbose=0).ravel())
tryp("predict_steps", lambda: m.predict(X, batch_size=4, steps=2, verbose=0).shape)
ds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(4)
tryp("eval_ds", lambda: m.evaluate(ds, verbose=0))
tryp("eval_ds_steps", lambda: m.evaluate(ds, steps=1, verbose=0))
tryp("predict_ds", lambda: m.predict(ds, verbose=0).shape)
tryp("predict_ds_x_only", lambda: m.predict(ds.map(lambda x, y: x), steps=2, verbose=0).shape)
tryp("eval_too_many_steps", lambda: m.evaluate(ds, steps=5, verbose=0))
tryp("eval_weights", lambda: m.evaluate(X, Y, sample_weight=np.arange(10.0), batch_size=10,
    verbose=0))
tryp("predict_empty", lambda: m.predict(X[:0], verbose=0))
timeless(lambda: m.evaluate(X, Y, batch_size=3, verbose=2))
"""

SNIPPETS["fit_dataset_with_sample_weights"] = _TRY + _MODEL + """
sw = np.array([1, 0, 2, 1, 0, 3, 1, 1, 0.5, 2], dtype="float32")
m = small_model(metrics=["mae"], weighted=["mse"])
ds = tf.data.Dataset.from_tensor_slices((X, Y, sw)).batch(4)
h = m.fit(ds, epochs=2, verbose=0)
for k, v in h.history.items():
    print(k, np.round(v, 4).tolist())
m2 = small_model(metrics=["mae"], weighted=["mse"])
h2 = m2.fit(X, Y, sample_weight=sw, batch_size=4, epochs=2, shuffle=False, verbose=0)
print([round(a - b, 6) for a, b in zip(h.history["loss"], h2.history["loss"])])
m3 = small_model()
h3 = m3.fit(ds.map(lambda x, y, w: (x, y)).repeat(), steps_per_epoch=2, epochs=2, verbose=0,
            validation_data=(X[:5], Y[:5], sw[:5]))
print(sorted(h3.history), h3.params)
tryp("weights_shape", lambda: type(small_model().fit(X, Y, sample_weight=sw[:, None, None],
    verbose=0)).__name__)
tryp("weights_len", lambda: small_model().fit(X, Y, sample_weight=sw[:4], verbose=0))
"""

SNIPPETS["callback_hooks_order_and_logs"] = _TRY + _MODEL + """
class Log(keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.seen = []
    def _note(self, hook, logs):
        self.seen.append(hook + ":" + ",".join(sorted(logs or {})))
for hook in ["on_train_begin", "on_train_end", "on_epoch_begin", "on_epoch_end",
             "on_train_batch_begin", "on_train_batch_end", "on_test_begin", "on_test_end",
             "on_test_batch_begin", "on_test_batch_end", "on_predict_begin", "on_predict_end",
             "on_predict_batch_begin", "on_predict_batch_end"]:
    def make(h):
        if "epoch" in h or "batch" in h:
            return lambda self, i, logs=None: self._note(h + str(i), logs)
        return lambda self, logs=None: self._note(h, logs)
    setattr(Log, hook, make(hook))
m = small_model()
log = Log()
m.fit(X, Y, batch_size=5, epochs=2, validation_data=(X[:4], Y[:4]), verbose=0, callbacks=[log])
print("\\n".join(log.seen))
log.seen.clear()
m.evaluate(X, Y, batch_size=6, verbose=0, callbacks=[log])
m.predict(X, batch_size=6, verbose=0, callbacks=[log])
print("\\n".join(log.seen))
print(log.model is m, sorted(log.params))
"""

SNIPPETS["history_keys_and_params"] = _TRY + _MODEL + """
m = small_model(metrics=["mae", keras.metrics.RootMeanSquaredError(name="rmse")])
cb = keras.callbacks.LearningRateScheduler(lambda e, lr: lr * 0.5)
h = m.fit(X, Y, batch_size=4, epochs=3, validation_split=0.2, verbose=0, callbacks=[cb])
print(type(h).__name__, h.epoch, sorted(h.history))
print(h.params)
for k in sorted(h.history):
    print(k, np.round(h.history[k], 4).tolist())
h2 = m.fit(X, Y, epochs=2, initial_epoch=1, verbose=0)
print(h2.epoch, sorted(h2.history), h2.model is m, m.history is h2)
m2 = keras.Sequential([keras.Input((3,)), layers.Dense(2, activation="softmax")])
m2.compile(loss="sparse_categorical_crossentropy", metrics=["accuracy",
    "sparse_top_k_categorical_accuracy"])
h3 = m2.fit(X, (Y[:, 0] > 0.5).astype("int32"), verbose=0)
print(sorted(h3.history))
i = keras.Input((3,))
m4 = keras.Model(i, {"a": layers.Dense(1, name="a")(i), "b": layers.Dense(1, name="b")(i)})
m4.compile(loss={"a": "mse", "b": "mae"}, metrics={"a": ["mae"], "b": ["mse"]})
h4 = m4.fit(X, {"a": Y, "b": Y}, verbose=0, validation_data=(X, {"a": Y, "b": Y}))
print(sorted(h4.history))
"""

SNIPPETS["train_test_predict_on_batch"] = _TRY + _MODEL + """
m = small_model(metrics=["mae"])
tryp("train", lambda: m.train_on_batch(X[:4], Y[:4]))
tryp("train_dict", lambda: m.train_on_batch(X[4:], Y[4:], return_dict=True))
tryp("test", lambda: m.test_on_batch(X, Y))
tryp("test_reset", lambda: m.test_on_batch(X[:2], Y[:2], return_dict=True))
tryp("predict", lambda: m.predict_on_batch(X[:3]))
tryp("weighted", lambda: m.train_on_batch(X[:4], Y[:4], sample_weight=np.array([1, 0, 0, 0])))
tryp("class_weight", lambda: m.train_on_batch(X[:4], Y[:4], class_weight={0: 1.0}))
print(int(m.optimizer.iterations.numpy()))
print([mt.name for mt in m.metrics], m.metrics_names)
m.reset_metrics()
print([round(float(v), 4) for v in m.get_metrics_result().values()])
u = keras.Sequential([layers.Dense(1)])
tryp("uncompiled", lambda: u.train_on_batch(X, Y))
"""

SNIPPETS["fit_generator_and_pydataset_shapes"] = _TRY + _MODEL + """
def gen():
    for k in range(3):
        yield X[k * 3:(k + 1) * 3], Y[k * 3:(k + 1) * 3]
m = small_model()
h = m.fit(gen(), epochs=1, verbose=0)
print(np.round(h.history["loss"], 4).tolist())
class Seq(keras.utils.PyDataset):
    def __len__(self):
        return 3
    def __getitem__(self, i):
        return X[i * 4:(i + 1) * 4], Y[i * 4:(i + 1) * 4]
h = m.fit(Seq(), epochs=2, verbose=0)
print(np.round(h.history["loss"], 4).tolist(), h.params)
tryp("eval_pydataset", lambda: m.evaluate(Seq(), verbose=0))
tryp("predict_pydataset", lambda: m.predict(Seq(), verbose=0).shape)
tryp("batch_size_with_dataset", lambda: m.fit(tf.data.Dataset.from_tensor_slices((X, Y)).batch(2),
                                              batch_size=2, verbose=0).history["loss"][0])
tryp("unbatched_dataset", lambda: m.fit(tf.data.Dataset.from_tensor_slices((X, Y)), verbose=0))
"""

SNIPPETS["unbatched_dataset_refused"] = _TRY + _MODEL + """
ds = tf.data.Dataset.from_tensor_slices((X, Y))
for name in ["fit", "evaluate", "predict"]:
    m = small_model()
    tryp(name, lambda: getattr(m, name)(ds, verbose=0))
i = keras.Input((3,), name="feat")
f = keras.Model(i, layers.Dense(1)(i))
f.compile(loss="mse")
tryp("functional", lambda: f.fit(ds, verbose=0))
tryp("functional_full", lambda: f.evaluate(ds.map(lambda x, y: (x[None], y)), verbose=0) > 0)
s = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
s.compile(loss="mse")
tryp("one_row_batches", lambda: len(s.fit(ds.batch(1), verbose=0).history["loss"]))
tryp("mixed_then_unbatched", lambda: s.fit(ds, verbose=0))
"""
