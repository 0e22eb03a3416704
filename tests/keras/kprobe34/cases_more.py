"""kprobe34's snippets beyond the brief's list: optimizers given sparse gradients (an
Embedding's IndexedSlices), serialized and rebuilt, their learning rates set and read;
SwapEMAWeights over fit; metrics' own options (class ids, thresholds, AUC's summation)
and configs; multi-output fits with dicts of losses, weights and metrics; what
on_train_end and the other end hooks are given; compute_loss/compute_metrics overrides
(see cases.py)."""

from tests.keras.kprobe33.prelude import _TRY

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

SNIPPETS: dict[str, str] = {}

_DATA = """
XS = np.linspace(-1, 1, 36, dtype="float32").reshape(12, 3)
YS = (XS @ np.array([[0.5], [-1.0], [0.25]], "float32") + 0.1).astype("float32")
def emb_steps(opt, n=2):
    e = layers.Embedding(5, 2)
    e.build((None,))
    e.embeddings.assign(np.arange(10, dtype="float32").reshape(5, 2) * 0.1)
    ids = np.array([[0, 3, 3], [1, 0, 4]], "int32")
    try:
        for i in range(n):
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(e(ids) * (1.0 + i))
            g = tape.gradient(loss, e.trainable_weights)
            opt.apply(g, e.trainable_weights)
        print(type(opt).__name__, type(g[0]).__name__, np.asarray(e.embeddings).astype("float64").round(5).tolist())
    except Exception as ex:
        print(type(opt).__name__, type(ex).__name__, (str(ex).splitlines() or [""])[0][:200])
"""

_T = _TRY + _DATA

SNIPPETS["optimizers_given_embedding_sparse_gradients"] = _T + """
for opt in (keras.optimizers.SGD(0.1, momentum=0.5), keras.optimizers.Adam(0.1), keras.optimizers.AdamW(0.1, weight_decay=0.1),
            keras.optimizers.Lion(0.1), keras.optimizers.Ftrl(0.1, l1_regularization_strength=0.1),
            keras.optimizers.Adagrad(0.1), keras.optimizers.RMSprop(0.1, centered=True),
            keras.optimizers.Adadelta(1.0), keras.optimizers.Nadam(0.1), keras.optimizers.Adamax(0.1),
            keras.optimizers.Lamb(0.1), keras.optimizers.Adafactor(0.1)):
    emb_steps(opt)
"""

SNIPPETS["optimizers_with_decay_and_momentum_values"] = _T + """
def dense_steps(opt, n=3):
    v = keras.Variable(np.array([[1.0, -2.0], [0.5, 0.25]], "float32"), name="w")
    for i in range(n):
        opt.apply([keras.ops.convert_to_tensor(np.array([[0.5, -1.0], [2.0, 0.0]], "float32") * (i + 1))], [v])
    print(type(opt).__name__, np.asarray(v).astype("float64").round(5).tolist())
dense_steps(keras.optimizers.SGD(0.1, momentum=0.9, nesterov=True, weight_decay=0.01))
dense_steps(keras.optimizers.RMSprop(0.1, rho=0.5, momentum=0.5, centered=True))
dense_steps(keras.optimizers.Adagrad(0.5, initial_accumulator_value=0.0, epsilon=1e-3))
dense_steps(keras.optimizers.Adadelta(1.0, rho=0.5, weight_decay=0.1))
dense_steps(keras.optimizers.Adam(0.1, amsgrad=True, use_ema=True, ema_momentum=0.5))
dense_steps(keras.optimizers.Adamax(0.1, weight_decay=0.5))
tryp("nesterov", lambda: keras.optimizers.SGD(momentum=-0.1))
tryp("rho", lambda: dense_steps(keras.optimizers.RMSprop(rho=1.5)))
"""

SNIPPETS["optimizer_serialize_get_and_from_config"] = _T + """
for name in ("adamw", "Lion", "adafactor", "ftrl", "nadam", "lamb", "Lamb", "muon", "sgd"):
    tryp(name, lambda: (type(keras.optimizers.get(name)).__name__, keras.optimizers.get(name).name, round(float(keras.optimizers.get(name).learning_rate), 6)))
s = keras.optimizers.serialize(keras.optimizers.AdamW(keras.optimizers.schedules.CosineDecayRestarts(0.1, 5), weight_decay=0.3, clipnorm=1.0))
print(s["class_name"], s["module"], s["config"]["learning_rate"]["class_name"], s["config"]["weight_decay"], s["config"]["clipnorm"])
o = keras.optimizers.deserialize(s)
print(type(o).__name__, type(o.learning_rate).__name__ if not hasattr(o, "_learning_rate") else type(o._learning_rate).__name__, o.weight_decay)
o2 = keras.optimizers.Lion.from_config(keras.optimizers.Lion(0.02, beta_1=0.8, use_ema=True).get_config())
print(o2.beta_1, o2.use_ema, round(float(o2.learning_rate), 6))
tryp("unknown", lambda: keras.optimizers.get("adamx"))
tryp("dict", lambda: type(keras.optimizers.get({"class_name": "Adafactor", "config": {"learning_rate": 0.5}})).__name__)
tryp("bad_type", lambda: keras.optimizers.get(3))
"""

SNIPPETS["optimizer_learning_rate_set_and_read"] = _T + """
o = keras.optimizers.Adam(0.1)
o.learning_rate = 0.5
print(round(float(o.learning_rate), 4), type(o.learning_rate).__name__ if hasattr(o.learning_rate, "path") else "x", o.learning_rate.path if hasattr(o.learning_rate, "path") else None)
s = keras.optimizers.schedules.ExponentialDecay(1.0, 1, 0.5)
o = keras.optimizers.SGD(s)
print(round(float(o.learning_rate), 4))
o.iterations.assign(3)
print(round(float(o.learning_rate), 4), o.iterations.dtype, o.iterations.path)
tryp("set_on_schedule", lambda: setattr(o, "learning_rate", 0.1))
o2 = keras.optimizers.SGD(0.1)
tryp("schedule_on_float", lambda: setattr(o2, "learning_rate", s))
print(type(o2._learning_rate).__name__)
tryp("str", lambda: keras.optimizers.SGD("fast"))
o3 = keras.optimizers.SGD(lambda: 0.25)
tryp("callable", lambda: round(float(o3.learning_rate), 4))
print(keras.optimizers.SGD(np.float64(0.3)).get_config()["learning_rate"])
"""

SNIPPETS["swap_ema_weights_callback_over_fit"] = _T + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
fill(m)
m.compile(keras.optimizers.SGD(0.2, use_ema=True, ema_momentum=0.5), "mse")
seen = []
class Peek(keras.callbacks.Callback):
    def on_test_begin(self, logs=None):
        seen.append(("test", round(float(np.asarray(self.model.weights[0]).sum()), 4)))
    def on_epoch_end(self, epoch, logs=None):
        seen.append(("end", round(float(np.asarray(self.model.weights[0]).sum()), 4)))
h = m.fit(XS, YS, batch_size=6, epochs=2, verbose=0, shuffle=False, validation_data=(XS, YS),
          callbacks=[keras.callbacks.SwapEMAWeights(swap_on_epoch=True), Peek()])
print(seen, logs4(h))
print(wsum(m))
tryp("no_ema", lambda: keras.Sequential([keras.Input((3,)), layers.Dense(1)]).compile("sgd", "mse") or
     logs4(dense_model().fit(XS, YS, epochs=1, verbose=0, callbacks=[keras.callbacks.SwapEMAWeights()])))
"""

SNIPPETS["metric_options_class_id_thresholds_auc"] = _T + """
yt = np.array([[1, 0, 1], [0, 1, 1], [1, 1, 0], [0, 0, 1]], "float32")
yp = np.array([[0.9, 0.2, 0.6], [0.4, 0.7, 0.3], [0.6, 0.4, 0.1], [0.2, 0.3, 0.8]], "float32")
def res(m, *a, **k):
    try:
        m.update_state(*a, **k)
        print(m.name, r4(m.result()))
    except Exception as e:
        print(m.name, type(e).__name__, str(e).splitlines()[0][:200])
res(keras.metrics.Precision(class_id=2), yt, yp)
res(keras.metrics.Recall(thresholds=[0.3, 0.5, 0.7]), yt, yp)
res(keras.metrics.Precision(top_k=1), yt, yp)
res(keras.metrics.AUC(num_thresholds=5, summation_method="minoring"), yt, yp)
res(keras.metrics.AUC(num_thresholds=5, summation_method="majoring", curve="PR"), yt, yp)
res(keras.metrics.AUC(multi_label=True, num_labels=3, label_weights=[1.0, 0.0, 2.0]), yt, yp)
res(keras.metrics.AUC(from_logits=True, num_thresholds=7), yt, yp * 4 - 2)
res(keras.metrics.TruePositives(thresholds=0.55), yt, yp, sample_weight=np.array([1.0, 2.0, 0.5, 0.0], "float32"))
res(keras.metrics.BinaryAccuracy(threshold=0.65), yt, yp)
res(keras.metrics.CategoricalAccuracy(), yt, yp)
res(keras.metrics.TopKCategoricalAccuracy(k=2), yt, yp)
res(keras.metrics.SensitivityAtSpecificity(0.5, num_thresholds=9, class_id=0), yt, yp)
print(sorted(keras.metrics.AUC(num_thresholds=3).get_config().items()))
tryp("bad_sum", lambda: keras.metrics.AUC(summation_method="middle"))
tryp("bad_curve", lambda: keras.metrics.AUC(curve="XY"))
tryp("bad_thr", lambda: keras.metrics.AUC(num_thresholds=1))
"""

SNIPPETS["metric_call_reset_and_config_round_trip"] = _T + """
m = keras.metrics.MeanSquaredError(name="m2")
print(r4(m(np.array([1.0, 2.0], "float32"), np.array([0.0, 2.0], "float32"))), r4(m([3.0], [1.0])))
print(r4(m.result()), [r4(v) for v in m.variables])
m.reset_state()
print(r4(m.result()), [r4(v) for v in m.variables])
for cls in (keras.metrics.MeanIoU, keras.metrics.OneHotIoU):
    mm = cls(num_classes=3, name="iou", ignore_class=0) if cls is keras.metrics.MeanIoU else cls(num_classes=3, target_class_ids=[1, 2])
    c = mm.get_config()
    print(cls.__name__, sorted(c), type(cls.from_config(c)).__name__)
mm = keras.metrics.MeanIoU(num_classes=3, ignore_class=0)
mm.update_state(np.array([0, 1, 2, 2, 1]), np.array([1, 1, 2, 0, 2]))
print(r4(mm.result()), r4(mm.total_cm))
s = keras.metrics.serialize(keras.metrics.FBetaScore(beta=0.5, average="micro", threshold=0.3))
print(s["class_name"], sorted(s["config"].items()))
print(type(keras.metrics.get("mae")).__name__ if not callable(keras.metrics.get("mae")) or hasattr(keras.metrics.get("mae"), "result") else keras.metrics.get("mae").__name__)
tryp("unknown", lambda: keras.metrics.get("maeee"))
"""

SNIPPETS["multi_output_fit_dicts_of_losses_weights_metrics"] = _T + """
inp = keras.Input((3,), name="x")
a = layers.Dense(1, name="reg")(inp)
b = layers.Dense(2, activation="softmax", name="cls")(inp)
m = keras.Model(inp, {"reg": a, "cls": b})
fill(m)
m.compile(keras.optimizers.SGD(0.1), loss={"reg": "mse", "cls": "sparse_categorical_crossentropy"},
          loss_weights={"reg": 2.0, "cls": 0.5}, metrics={"reg": ["mae"], "cls": ["accuracy", keras.metrics.SparseTopKCategoricalAccuracy(k=1, name="top1")]})
yc = np.array([0, 1] * 6, "int32")
h = m.fit(XS, {"reg": YS, "cls": yc}, batch_size=4, epochs=2, verbose=0, shuffle=False, validation_split=0.25)
keys("keys", h)
print(logs4(h))
print(r4(m.evaluate(XS, {"reg": YS, "cls": yc}, verbose=0, return_dict=True)))
print(r4(m.evaluate(XS, {"reg": YS, "cls": yc}, verbose=0)))
tryp("missing", lambda: m.fit(XS, {"reg": YS}, epochs=1, verbose=0))
tryp("extra", lambda: m.fit(XS, {"reg": YS, "cls": yc, "zzz": YS}, epochs=1, verbose=0))
"""

SNIPPETS["end_hooks_logs_train_test_predict"] = _T + """
class Ends(keras.callbacks.Callback):
    def on_train_end(self, logs=None):
        print("train_end", r4(logs))
    def on_test_end(self, logs=None):
        print("test_end", r4(logs))
    def on_predict_end(self, logs=None):
        print("predict_end", logs)
    def on_train_begin(self, logs=None):
        print("train_begin", logs)
    def on_predict_batch_end(self, batch, logs=None):
        print("predict_batch", batch, sorted(logs), np.asarray(logs["outputs"]).shape)
m = dense_model(metrics=["mae"])
m.fit(XS, YS, batch_size=6, epochs=2, verbose=0, validation_split=0.5, callbacks=[Ends()])
m.evaluate(XS, YS, verbose=0, callbacks=[Ends()])
m.predict(XS, batch_size=8, verbose=0, callbacks=[Ends()])
m.fit(XS, YS, epochs=0, verbose=0, callbacks=[Ends()])
"""

SNIPPETS["compute_loss_and_compute_metrics_overrides"] = _T + """
class M(keras.Model):
    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        base = super().compute_loss(x, y, y_pred, sample_weight, training=training)
        return base + 0.5 * keras.ops.mean(keras.ops.abs(y_pred))
    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        out = super().compute_metrics(x, y, y_pred, sample_weight)
        out["pred_mean"] = keras.ops.mean(y_pred)
        return out
inp = keras.Input((3,))
m = M(inp, layers.Dense(1)(inp))
fill(m)
m.compile(keras.optimizers.SGD(0.1), "mse", metrics=["mae"])
h = m.fit(XS, YS, batch_size=6, epochs=2, verbose=0, shuffle=False)
print(logs4(h))
print(r4(m.evaluate(XS, YS, verbose=0, return_dict=True)))
print(r4(m.train_on_batch(XS[:4], YS[:4], return_dict=True)))
m2 = M(inp, layers.Dense(1)(inp))
m2.compile("sgd")
tryp("no_loss", lambda: m2.fit(XS, YS, epochs=1, verbose=0))
"""

SNIPPETS["callbacks_given_as_list_and_model_set"] = _T + """
class Note(keras.callbacks.Callback):
    def set_model(self, model):
        print("set_model", type(model).__name__)
        super().set_model(model)
    def set_params(self, params):
        print("set_params", params)
        super().set_params(params)
m = dense_model()
cl = keras.callbacks.CallbackList([Note()], add_history=True, add_progbar=False, model=m, verbose=0, epochs=1, steps=2)
print([type(c).__name__ for c in cl.callbacks])
h = m.fit(XS, YS, batch_size=6, epochs=1, verbose=0, callbacks=cl)
print(type(h).__name__, logs4(h) if h is not None else None)
h = m.fit(XS, YS, batch_size=6, epochs=1, verbose=0, callbacks=[Note()])
print([type(c).__name__ for c in cl.callbacks])
tryp("bad", lambda: m.fit(XS, YS, epochs=1, verbose=0, callbacks=[lambda: 1]))
"""

SNIPPETS["class_weight_refused_forms"] = _T + """
inp = keras.Input((3,))
m2 = keras.Model(inp, [layers.Dense(2, activation="softmax")(inp), layers.Dense(2, activation="softmax")(inp)])
m2.compile("sgd", "sparse_categorical_crossentropy")
y = np.array([0, 1] * 6, "int32")
tryp("multi", lambda: m2.fit(XS, [y, y], epochs=1, verbose=0, class_weight={0: 1.0, 1: 2.0}))
m = keras.Sequential([keras.Input((3,)), layers.Dense(2, activation="softmax")])
fill(m)
m.compile("sgd", "categorical_crossentropy")
oh = np.eye(2, dtype="float32")[y]
print(logs4(m.fit(XS, oh, batch_size=4, epochs=1, verbose=0, shuffle=False, class_weight={0: 1.0, 1: 4.0})))
tryp("list", lambda: m.fit(XS, oh, epochs=1, verbose=0, class_weight=[1.0, 2.0]))
tryp("gen", lambda: m.fit(((XS[i:i + 4], oh[i:i + 4]) for i in (0, 4, 8)), epochs=1, verbose=0, class_weight={0: 1.0, 1: 1.0}))
tryp("val", lambda: logs4(m.fit(XS, oh, batch_size=4, epochs=1, verbose=0, validation_data=(XS, oh), class_weight={0: 1.0, 1: 0.0})))
"""

SNIPPETS["validation_split_refusals_and_small_sets"] = _T + """
m = dense_model()
ds = tf.data.Dataset.from_tensor_slices((XS, YS)).batch(4)
classless("dataset", lambda: m.fit(ds, epochs=1, verbose=0, validation_split=0.2))
tryp("gen", lambda: m.fit(((XS, YS) for _ in range(2)), epochs=1, verbose=0, validation_split=0.2))
tryp("one", lambda: m.fit(XS, YS, epochs=1, verbose=0, validation_split=1.0))
tryp("neg", lambda: logs4(m.fit(XS, YS, epochs=1, verbose=0, validation_split=-0.5)))
tryp("tiny", lambda: logs4(m.fit(XS, YS, epochs=1, verbose=0, validation_split=0.01)))
tryp("most", lambda: logs4(m.fit(XS, YS, epochs=1, verbose=0, validation_split=0.95)))
tryp("with_data", lambda: logs4(m.fit(XS, YS, epochs=1, verbose=0, validation_split=0.5, validation_data=(XS[:2], YS[:2]))))
"""

SNIPPETS["model_summary_of_shared_layer_and_subclass_weights"] = _T + """
shared = layers.Dense(2, name="shared")
a = keras.Input((2,), name="a")
x = shared(a)
x = shared(x)
x = shared(x)
m = keras.Model(a, x, name="thrice")
m.summary()
print(m.count_params(), len(m.weights), [len(l._inbound_nodes) for l in m.layers])
class Twin(keras.Model):
    def __init__(self):
        super().__init__(name="twin")
        self.d = layers.Dense(3, name="d")
        self.same = self.d
        self.blocks = [self.d, layers.Dense(3, name="e")]
    def call(self, x):
        return self.blocks[1](self.d(x))
t = Twin()
t(np.ones((1, 3), "float32"))
t.summary()
print([w.path for w in t.weights], t.count_params())
"""
