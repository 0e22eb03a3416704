"""kprobe49b's training snippets: train_step/test_step overrides through
self.compute_loss and the compiled metrics, sample_weight with class_weight,
Model.compute_metrics, metrics' results before any update."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe49b.prelude import _TRY

SNIPPETS: dict[str, str] = {}

_STEP = """
class Step(keras.Model):
    def train_step(self, data):
        x, y = data[0], data[1]
        sw = data[2] if len(data) > 2 else None
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(x=x, y=y, y_pred=y_pred, sample_weight=sw)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply(grads, self.trainable_variables)
        return self.compute_metrics(x, y, y_pred, sample_weight=sw)
def make(cls=None, **kw):
    inp = keras.Input((3,))
    out = layers.Dense(1, kernel_initializer="ones", bias_initializer="zeros")(inp)
    m = (cls or Step)(inp, out)
    kw.setdefault("metrics", ["mae"])
    m.compile(keras.optimizers.SGD(0.1), "mse", **kw)
    return m
"""

SNIPPETS["custom_train_step_compute_loss_and_metrics"] = _TRY + _STEP + """
m = make()
h = m.fit(X, Y, epochs=2, batch_size=4, verbose=0)
print(logs4(h))
print([mt.name for mt in m.metrics], r4(m.evaluate(X, Y, verbose=0, return_dict=True)))
m2 = make(weighted_metrics=["mse"])
h = m2.fit(X, Y, sample_weight=np.arange(8, dtype="float32"), epochs=2, batch_size=4, verbose=0)
print(logs4(h), [mt.name for mt in m2.metrics])
"""

SNIPPETS["custom_train_step_returning_odd_logs"] = _TRY + """
class M(keras.Model):
    def train_step(self, data):
        x, y = data
        y_pred = self(x)
        return {"a": 1.0, "b": tf.constant([1.0, 2.0]), "loss": self.compute_loss(x=x, y=y, y_pred=y_pred)}
inp = keras.Input((3,))
m = M(inp, layers.Dense(1, kernel_initializer="ones")(inp))
m.compile("sgd", "mse")
try:
    h = m.fit(X, Y, epochs=1, batch_size=4, verbose=0)
    print({k: r4(v) for k, v in sorted(h.history.items())})
except Exception as e:
    print(type(e).__name__, str(e)[:200])
class N(keras.Model):
    def train_step(self, data):
        return 3.0
m = N(inp, layers.Dense(1)(inp))
m.compile("sgd", "mse")
tryp("float logs", lambda: m.fit(X, Y, epochs=1, verbose=0).history)
"""

SNIPPETS["custom_test_step_in_evaluate_and_fit_validation"] = _TRY + _STEP + """
class T(Step):
    def test_step(self, data):
        x, y = data[0], data[1]
        y_pred = self(x, training=False)
        loss = self.compute_loss(x=x, y=y, y_pred=y_pred)
        for mt in self.metrics:
            if mt.name == "loss":
                mt.update_state(loss)
            else:
                mt.update_state(y, y_pred)
        return {"custom": loss * 2, **{mt.name: mt.result() for mt in self.metrics}}
m = make(T)
print(r4(m.evaluate(X, Y, batch_size=4, verbose=0, return_dict=True)))
print(r4(m.evaluate(X, Y, batch_size=4, verbose=0)))
h = m.fit(X, Y, validation_data=(X, Y), epochs=1, batch_size=4, verbose=0)
print(sorted(h.history), logs4(h))
"""

SNIPPETS["compute_metrics_called_directly"] = _TRY + _STEP + """
m = make(metrics=["mae", keras.metrics.RootMeanSquaredError()])
yp = m.predict(X, verbose=0)
tryp("before build", lambda: r4(m.compute_metrics(X, Y, yp)))
m.fit(X, Y, epochs=1, verbose=0, batch_size=8)
tryp("after fit", lambda: r4(m.compute_metrics(X, Y, yp)))
tryp("weighted", lambda: r4(m.compute_metrics(X, Y, yp, sample_weight=np.ones(8, "float32") * 2)))
tryp("get_metrics_result", lambda: r4(m.get_metrics_result()))
m.reset_metrics()
tryp("after reset", lambda: r4(m.get_metrics_result()))
"""

SNIPPETS["compute_loss_override_and_regularization"] = _TRY + """
class M(keras.Model):
    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        base = super().compute_loss(x=x, y=y, y_pred=y_pred, sample_weight=sample_weight, training=training)
        return base + 1.0
inp = keras.Input((3,))
out = layers.Dense(1, kernel_initializer="ones", kernel_regularizer=keras.regularizers.L2(0.1))(inp)
m = M(inp, out)
m.compile(keras.optimizers.SGD(0.01), "mse", metrics=["mse"])
h = m.fit(X, Y, epochs=2, batch_size=8, verbose=0)
print(logs4(h))
print(r4(m.evaluate(X, Y, verbose=0)), [r4(l) for l in m.losses])
m2 = keras.Model(inp, out)
m2.compile(keras.optimizers.SGD(0.01), "mse")
print(r4(m2.compute_loss(X, Y, m2(X))), r4(m2.compute_loss(X, Y, m2(X), training=False)))
"""

SNIPPETS["fit_sample_weight_with_class_weight"] = _TRY + """
x = np.linspace(-1, 1, 12, dtype="float32").reshape(6, 2)
y = np.array([0, 1, 1, 0, 1, 1])
def mk():
    m = keras.Sequential([keras.Input((2,)), layers.Dense(2, kernel_initializer="ones")])
    m.compile(keras.optimizers.SGD(0.1), keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"], weighted_metrics=["accuracy"])
    return m
for kw in [{"class_weight": {0: 2.0, 1: 0.5}}, {"sample_weight": np.arange(6, dtype="float32")}, {"class_weight": {0: 2.0, 1: 0.5}, "sample_weight": np.arange(6, dtype="float32")}, {"class_weight": {0: 1.0}}, {"class_weight": {0: 1.0, 1: 1.0, 5: 3.0}}]:
    try:
        h = mk().fit(x, y, epochs=2, batch_size=3, verbose=0, **kw)
        print(sorted(kw), logs4(h))
    except Exception as e:
        print(sorted(kw), type(e).__name__, str(e)[:200])
"""

SNIPPETS["class_weight_with_one_hot_and_dataset"] = _TRY + """
x = np.linspace(-1, 1, 12, dtype="float32").reshape(6, 2)
y = np.eye(3, dtype="float32")[[0, 1, 2, 0, 1, 2]]
m = keras.Sequential([keras.Input((2,)), layers.Dense(3, kernel_initializer="ones")])
m.compile(keras.optimizers.SGD(0.1), keras.losses.CategoricalCrossentropy(from_logits=True))
print(logs4(m.fit(x, y, class_weight={0: 1.0, 1: 2.0, 2: 3.0}, epochs=2, batch_size=3, verbose=0)))
ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(3)
tryp("ds cw", lambda: logs4(m.fit(ds, class_weight={0: 1.0, 1: 2.0, 2: 3.0}, epochs=1, verbose=0)))
ds3 = tf.data.Dataset.from_tensor_slices((x, y, np.ones(6, "float32"))).batch(3)
tryp("ds sw cw", lambda: logs4(m.fit(ds3, class_weight={0: 1.0, 1: 2.0, 2: 3.0}, epochs=1, verbose=0)))
y3 = np.zeros((6, 2, 3), "float32")
m3 = keras.Sequential([keras.Input((2,)), layers.Dense(6), layers.Reshape((2, 3))])
m3.compile("sgd", "mse")
tryp("3d cw", lambda: logs4(m3.fit(x, y3, class_weight={0: 1.0, 1: 2.0, 2: 3.0}, epochs=1, verbose=0)))
"""

SNIPPETS["train_on_batch_with_class_and_sample_weight"] = _TRY + """
x = np.linspace(-1, 1, 12, dtype="float32").reshape(6, 2)
y = np.array([0, 1, 1, 0, 1, 1])
m = keras.Sequential([keras.Input((2,)), layers.Dense(2, kernel_initializer="ones")])
m.compile(keras.optimizers.SGD(0.1), keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
tryp("cw", lambda: r4(m.train_on_batch(x, y, class_weight={0: 3.0, 1: 1.0})))
tryp("sw", lambda: r4(m.train_on_batch(x, y, sample_weight=np.arange(6, dtype="float32"))))
tryp("both", lambda: r4(m.train_on_batch(x, y, sample_weight=np.arange(6, dtype="float32"), class_weight={0: 3.0, 1: 1.0})))
tryp("test sw", lambda: r4(m.test_on_batch(x, y, sample_weight=np.arange(6, dtype="float32"), return_dict=True)))
"""

SNIPPETS["metrics_result_before_any_update"] = _TRY + """
kw = {"MeanIoU": {"num_classes": 2}, "IoU": {"num_classes": 2, "target_class_ids": [0]}, "PrecisionAtRecall": {"recall": 0.5}, "SensitivityAtSpecificity": {"specificity": 0.5}, "FBetaScore": {"beta": 2.0}}
for n in ["Mean", "Sum", "Accuracy", "BinaryAccuracy", "AUC", "Precision", "Recall", "F1Score", "R2Score", "MeanIoU", "IoU", "RootMeanSquaredError", "TopKCategoricalAccuracy", "PrecisionAtRecall", "SensitivityAtSpecificity", "CosineSimilarity", "FBetaScore", "Hinge", "PearsonCorrelation", "ConcordanceCorrelation", "MeanTensor", "TruePositives"]:
    cls = getattr(keras.metrics, n, None)
    if cls is None:
        print(n, "missing")
        continue
    tryp(n, lambda: r4(cls(**kw.get(n, {})).result()))
"""

SNIPPETS["metrics_reset_and_names_through_fit"] = _TRY + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
m.compile("sgd", "mse", metrics=["mae", keras.metrics.MeanSquaredError(name="m2")], weighted_metrics=["mae"])
print("before", [x.name for x in m.metrics], m.metrics_names)
m.fit(X, Y, epochs=1, verbose=0)
print("after", [x.name for x in m.metrics], m.metrics_names)
print([type(x).__name__ for x in m.metrics])
print([ (x.name, [v.name for v in x.variables]) for x in m.metrics[1].metrics][:4] if hasattr(m.metrics[1], "metrics") else None)
m.reset_metrics()
print(r4(m.get_metrics_result()))
"""
