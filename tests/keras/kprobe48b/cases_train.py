"""kprobe48b's snippets over training end to end: fit's History, params and epochs with
initial_epoch, validation splits and batch sizes, class and sample weights (dicts per
output), loss weights and metrics per output and their names in the logs, callbacks'
logs keys in their order, predict on generators and evaluate's return forms."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe40.prelude import _TRY as _TRY40

_TRY = _TRY40 + """
def two_out(loss_w=None, metrics=None, sw_mode=None):
    a = keras.Input((3,), name="a")
    h = layers.Dense(4, activation="relu", name="h")(a)
    r = layers.Dense(1, name="reg")(h)
    c = layers.Dense(2, activation="softmax", name="cls")(h)
    m = keras.Model(a, {"reg": r, "cls": c})
    fill(m)
    return m
YC = np.array([0, 1, 1, 0, 1, 0, 0, 1])
"""

SNIPPETS: dict[str, str] = {}

SNIPPETS["history_initial_epoch_params"] = _TRY + """
m = dense_model()
h = m.fit(X, Y, epochs=4, initial_epoch=2, batch_size=3, verbose=0)
print(h.epoch, sorted(h.params.items()), logs4(h))
print(m.history is h, h.model is m)
h2 = m.fit(X, Y, epochs=1, verbose=0)
print(h2.epoch, h2.params, m.history is h2)
h3 = m.fit(X, Y, epochs=0, verbose=0)
print(h3.epoch, h3.history, h3.params)
h4 = m.fit(X, Y, epochs=2, initial_epoch=3, verbose=0)
print(h4.epoch, h4.history)
bars(lambda: m.fit(X, Y, epochs=4, initial_epoch=2, batch_size=4, verbose=2))
"""

SNIPPETS["validation_split_batches_and_sizes"] = _TRY + """
m = dense_model()
h = m.fit(X, Y, epochs=2, batch_size=2, validation_split=0.3, validation_batch_size=1, verbose=0, shuffle=False)
print(h.params, logs4(h))
bars(lambda: m.fit(X, Y, epochs=1, batch_size=5, validation_split=0.5, verbose=1))
tryq("split 1.0", lambda: m.fit(X, Y, epochs=1, validation_split=1.0, verbose=0))
tryq("split 0.99", lambda: m.fit(X, Y, epochs=1, validation_split=0.99, verbose=0))
tryq("split neg", lambda: m.fit(X, Y, epochs=1, validation_split=-0.1, verbose=0))
tryq("steps no val", lambda: logs4(m.fit(X, Y, epochs=1, validation_steps=2, verbose=0)))
tryq("val steps arrays", lambda: logs4(m.fit(X, Y, epochs=1, validation_data=(X, Y), validation_steps=1, batch_size=2, verbose=0)))
"""

SNIPPETS["class_weight_edge_cases"] = _TRY + """
x = np.linspace(-1, 1, 16, dtype="float32").reshape(8, 2)
y = np.array([0, 1, 2, 0, 1, 2, 0, 1])
m = keras.Sequential([keras.Input((2,)), layers.Dense(3, activation="softmax")])
fill(m)
m.compile("sgd", "sparse_categorical_crossentropy", metrics=["accuracy"])
try1("missing class", lambda: logs4(m.fit(x, y, class_weight={0: 1.0, 1: 2.0}, epochs=1, verbose=0)))
tryq("extra class", lambda: logs4(m.fit(x, y, class_weight={0: 1.0, 1: 2.0, 2: 1.0, 7: 5.0}, epochs=1, verbose=0)))
tryq("float keys", lambda: logs4(m.fit(x, y, class_weight={0.0: 1.0, 1.0: 2.0, 2.0: 1.0}, epochs=1, verbose=0)))
tryq("with sw", lambda: logs4(m.fit(x, y, class_weight={0: 1.0, 1: 2.0, 2: 1.0}, sample_weight=np.ones(8), epochs=1, verbose=0)))
tryq("list", lambda: logs4(m.fit(x, y, class_weight=[1.0, 2.0, 1.0], epochs=1, verbose=0)))
yo = keras.utils.to_categorical(y, 3)
m.compile("sgd", "categorical_crossentropy")
try1("onehot", lambda: logs4(m.fit(x, yo, class_weight={0: 1.0, 1: 3.0, 2: 0.5}, epochs=1, verbose=0)))
tryq("2d y sparse", lambda: logs4(m.fit(x, y.reshape(8, 1), class_weight={0: 1.0, 1: 3.0, 2: 0.5}, epochs=1, verbose=0)))
"""

SNIPPETS["sample_weight_dict_per_output"] = _TRY + """
m = two_out()
m.compile("sgd", {"reg": "mse", "cls": "sparse_categorical_crossentropy"}, metrics={"reg": ["mae"], "cls": ["accuracy"]})
ys = {"reg": Y, "cls": YC}
sw = {"reg": np.arange(8, dtype="float32") / 8, "cls": np.ones(8, "float32")}
h = m.fit(X, ys, sample_weight=sw, epochs=2, batch_size=4, verbose=0)
print(logs4(h))
tryq("sw missing key", lambda: logs4(m.fit(X, ys, sample_weight={"reg": np.ones(8)}, epochs=1, verbose=0)))
tryq("sw array", lambda: logs4(m.fit(X, ys, sample_weight=np.ones(8), epochs=1, verbose=0)))
tryq("sw list", lambda: logs4(m.fit(X, ys, sample_weight=[np.ones(8), np.ones(8)], epochs=1, verbose=0)))
tryq("evaluate sw", lambda: r4(m.evaluate(X, ys, sample_weight=sw, verbose=0, return_dict=True)))
tryq("class_weight multi", lambda: m.fit(X, ys, class_weight={0: 1.0, 1: 2.0}, epochs=1, verbose=0))
"""

SNIPPETS["loss_weights_and_metric_names_per_output"] = _TRY + """
m = two_out()
m.compile("sgd", {"reg": "mse", "cls": "sparse_categorical_crossentropy"}, loss_weights={"reg": 2.0, "cls": 0.5},
          metrics={"reg": ["mae", keras.metrics.RootMeanSquaredError()], "cls": ["accuracy", "sparse_top_k_categorical_accuracy"]})
ys = {"reg": Y, "cls": YC}
h = m.fit(X, ys, epochs=1, batch_size=4, verbose=0, validation_data=(X, ys))
print(list(h.history))
print(m.metrics_names)
print(r4(m.evaluate(X, ys, verbose=0)))
print(sorted(r4(m.evaluate(X, ys, verbose=0, return_dict=True)).items()))
bars(lambda: m.fit(X, ys, epochs=1, batch_size=8, verbose=2))
m.compile("sgd", {"reg": "mse", "cls": "sparse_categorical_crossentropy"}, loss_weights=[1.0, 3.0])
tryq("lw list", lambda: list(m.fit(X, ys, epochs=1, verbose=0).history))
m.compile("sgd", {"reg": "mse", "cls": "sparse_categorical_crossentropy"}, loss_weights={"reg": 1.0})
tryq("lw partial", lambda: logs4(m.fit(X, ys, epochs=1, verbose=0)))
m.compile("sgd", {"reg": "mse", "cls": "sparse_categorical_crossentropy"}, loss_weights={"nope": 1.0})
tryq("lw bad key", lambda: logs4(m.fit(X, ys, epochs=1, verbose=0)))
"""

SNIPPETS["metrics_list_for_dict_outputs"] = _TRY + """
m = two_out()
ys = {"reg": Y, "cls": YC}
m.compile("sgd", {"reg": "mse", "cls": "sparse_categorical_crossentropy"}, metrics=["mae"])
try1("one list", lambda: list(m.fit(X, ys, epochs=1, verbose=0).history))
m.compile("sgd", {"reg": "mse", "cls": "sparse_categorical_crossentropy"}, metrics=[["mae"], ["accuracy"]])
try1("nested list", lambda: list(m.fit(X, ys, epochs=1, verbose=0).history))
m.compile("sgd", {"reg": "mse", "cls": "sparse_categorical_crossentropy"}, metrics={"cls": "accuracy"})
try1("one key str", lambda: list(m.fit(X, ys, epochs=1, verbose=0).history))
m.compile("sgd", {"reg": "mse", "cls": "sparse_categorical_crossentropy"}, metrics={"zzz": "accuracy"})
try1("bad key", lambda: list(m.fit(X, ys, epochs=1, verbose=0).history))
m.compile("sgd", {"reg": "mse", "cls": "sparse_categorical_crossentropy"}, weighted_metrics={"reg": ["mse"]})
try1("weighted", lambda: logs4(m.fit(X, ys, sample_weight={"reg": np.ones(8), "cls": np.ones(8)}, epochs=1, verbose=0)))
m.compile("sgd", ["mse", "sparse_categorical_crossentropy"])
try1("loss list", lambda: list(m.fit(X, ys, epochs=1, verbose=0).history))
"""

SNIPPETS["callback_logs_keys_in_order"] = _TRY + """
class Spy(keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.seen = []
    def _log(self, hook, logs):
        self.seen.append(hook + ":" + ",".join(logs) if logs is not None else hook + ":None")
    def on_train_begin(self, logs=None): self._log("tb", logs)
    def on_epoch_begin(self, epoch, logs=None): self._log("eb%d" % epoch, logs)
    def on_train_batch_begin(self, batch, logs=None): self._log("bb%d" % batch, logs)
    def on_train_batch_end(self, batch, logs=None): self._log("be%d" % batch, logs)
    def on_test_begin(self, logs=None): self._log("testb", logs)
    def on_test_batch_end(self, batch, logs=None): self._log("tbe%d" % batch, logs)
    def on_test_end(self, logs=None): self._log("teste", logs)
    def on_epoch_end(self, epoch, logs=None): self._log("ee%d" % epoch, logs)
    def on_train_end(self, logs=None): self._log("te", logs)
    def on_predict_begin(self, logs=None): self._log("pb", logs)
    def on_predict_batch_end(self, batch, logs=None): self._log("pbe%d" % batch, {k: str(type(v).__name__) for k, v in logs.items()})
    def on_predict_end(self, logs=None): self._log("pe", logs)
m = dense_model(metrics=["mae", "mse"])
s = Spy()
m.fit(X, Y, epochs=1, batch_size=4, validation_data=(X, Y), callbacks=[s], verbose=0)
print(s.seen)
s.seen = []
m.evaluate(X, Y, batch_size=8, callbacks=[s], verbose=0)
print(s.seen)
s.seen = []
m.predict(X, batch_size=8, callbacks=[s], verbose=0)
print(s.seen)
print(s.model is m, sorted(s.params.items()))
"""

SNIPPETS["callback_logs_values_types"] = _TRY + """
class Spy(keras.callbacks.Callback):
    def on_train_batch_end(self, batch, logs=None):
        print("batch", batch, {k: (type(v).__name__, round(float(v), 4)) for k, v in logs.items()})
    def on_epoch_end(self, epoch, logs=None):
        print("epoch", epoch, {k: (type(v).__name__, round(float(v), 4)) for k, v in logs.items()})
        logs["extra"] = 1.5
m = dense_model(metrics=["mae"])
h = m.fit(X, Y, epochs=2, batch_size=4, validation_split=0.25, callbacks=[Spy()], verbose=0)
print(logs4(h))
"""

SNIPPETS["predict_on_generators"] = _TRY + """
m = dense_model()
def gen():
    for i in range(3):
        yield X[i * 2:(i + 1) * 2]
show("gen x", lambda: m.predict(gen(), verbose=0))
def gen_xy():
    for i in range(3):
        yield X[i * 2:(i + 1) * 2], Y[i * 2:(i + 1) * 2]
show("gen xy", lambda: m.predict(gen_xy(), verbose=0))
show("gen steps", lambda: m.predict(gen(), steps=2, verbose=0))
def gen_tuple():
    for i in range(2):
        yield (X[i * 2:(i + 1) * 2],)
show("gen 1-tuple", lambda: m.predict(gen_tuple(), verbose=0))
show("evaluate gen", lambda: m.evaluate(gen_xy(), verbose=0))
show("evaluate gen dict", lambda: m.evaluate(gen_xy(), verbose=0, return_dict=True))
def empty():
    return
    yield
show("empty gen", lambda: m.predict(empty(), verbose=0))
tryz("gen list of arrays", lambda: m.predict(iter([X[:2], X[2:5]]), verbose=0))
"""

SNIPPETS["evaluate_return_forms"] = _TRY + """
m = dense_model()
show("loss only", lambda: m.evaluate(X, Y, verbose=0))
show("loss only dict", lambda: m.evaluate(X, Y, verbose=0, return_dict=True))
m = dense_model(metrics=["mae", keras.metrics.MeanSquaredError(name="m2")])
show("list", lambda: m.evaluate(X, Y, verbose=0))
show("dict", lambda: m.evaluate(X, Y, verbose=0, return_dict=True))
show("steps", lambda: m.evaluate(X, Y, batch_size=2, steps=2, verbose=0))
show("x only", lambda: m.evaluate(X, verbose=0))
show("test_on_batch", lambda: m.test_on_batch(X, Y))
show("test_on_batch dict", lambda: m.test_on_batch(X, Y, return_dict=True))
show("train_on_batch", lambda: m.train_on_batch(X, Y, return_dict=True))
print(m.metrics_names, [x.name for x in m.metrics])
"""

SNIPPETS["steps_per_epoch_repeat_verbose2"] = _TRY + """
m = dense_model()
ds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(3).repeat()
vds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(4).repeat()
h = m.fit(ds, epochs=3, steps_per_epoch=2, validation_data=vds, validation_steps=1, verbose=0)
print(h.params, logs4(h))
bars(lambda: m.fit(ds, epochs=2, steps_per_epoch=4, verbose=2, initial_epoch=1))
bars(lambda: m.fit(ds, epochs=1, steps_per_epoch=2, verbose=1))
tryq("eval inf", lambda: round(m.evaluate(ds, steps=2, verbose=0), 5))
"""

SNIPPETS["fit_batch_size_with_datasets_and_generators"] = _TRY + """
m = dense_model()
ds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(4)
tryq("ds batch_size", lambda: logs4(m.fit(ds, batch_size=2, epochs=1, verbose=0)))
tryq("ds sample_weight", lambda: logs4(m.fit(ds, sample_weight=np.ones(8), epochs=1, verbose=0)))
tryq("ds y", lambda: logs4(m.fit(ds, Y, epochs=1, verbose=0)))
tryq("ds split", lambda: logs4(m.fit(ds, validation_split=0.5, epochs=1, verbose=0)))
try1("ds class_weight", lambda: logs4(m.fit(ds, class_weight={0: 1.0}, epochs=1, verbose=0)))
def gen():
    while True:
        yield X[:4], Y[:4]
tryq("gen steps", lambda: logs4(m.fit(gen(), steps_per_epoch=2, epochs=2, verbose=0)))
tryq("gen batch_size", lambda: logs4(m.fit(gen(), steps_per_epoch=1, batch_size=2, epochs=1, verbose=0)))
tryq("gen shuffle", lambda: logs4(m.fit(gen(), steps_per_epoch=1, shuffle=True, epochs=1, verbose=0)))
tryq("predict ds batch_size", lambda: m.predict(ds, batch_size=3, verbose=0).shape)
"""

SNIPPETS["dict_inputs_outputs_fit_evaluate_predict"] = _TRY + """
a = keras.Input((2,), name="left")
b = keras.Input((1,), name="right")
h = layers.Concatenate()([a, b])
o1 = layers.Dense(1, name="score")(h)
o2 = layers.Dense(1, activation="sigmoid", name="flag")(h)
m = keras.Model({"left": a, "right": b}, {"score": o1, "flag": o2})
fill(m)
m.compile("adam", {"score": "mse", "flag": "binary_crossentropy"}, metrics={"flag": ["accuracy", "auc"]})
xs = {"left": X[:, :2], "right": X[:, 2:]}
ys = {"score": Y, "flag": (Y > 0).astype("float32")}
h = m.fit(xs, ys, epochs=2, batch_size=4, verbose=0)
print(logs4(h))
show("predict", lambda: sorted((k, v.shape) for k, v in m.predict(xs, verbose=0).items()))
show("evaluate", lambda: m.evaluate(xs, ys, verbose=0, return_dict=True))
xs2 = dict(xs, extra=X)
tryq("extra input key", lambda: m.predict(xs2, verbose=0)["score"].shape)
tryq("missing input key", lambda: m.predict({"left": X[:, :2]}, verbose=0))
tryq("list inputs", lambda: m.predict([X[:, :2], X[:, 2:]], verbose=0)["flag"].shape)
tryq("y extra key", lambda: logs4(m.fit(xs, dict(ys, zzz=Y), epochs=1, verbose=0)))
tryq("y missing key", lambda: logs4(m.fit(xs, {"score": Y}, epochs=1, verbose=0)))
print(m.output_names if hasattr(m, "output_names") else None, m.input_names if hasattr(m, "input_names") else None)
"""

SNIPPETS["history_callback_and_training_flags"] = _TRY + """
m = dense_model()
h = keras.callbacks.History()
r = m.fit(X, Y, epochs=2, callbacks=[h], verbose=0)
print(r is h, logs4(r), h.epoch)
print(type(m.history).__name__, m.stop_training)
class Stop(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        if epoch == 1:
            self.model.stop_training = True
r = m.fit(X, Y, epochs=5, callbacks=[Stop()], verbose=0)
print(r.epoch, m.stop_training)
r = m.fit(X, Y, epochs=2, verbose=0)
print(r.epoch, m.stop_training)
cbl = keras.callbacks.CallbackList([Stop()], add_history=True, add_progbar=True, model=m, verbose=0, epochs=1, steps=1)
print([type(c).__name__ for c in cbl.callbacks])
"""
