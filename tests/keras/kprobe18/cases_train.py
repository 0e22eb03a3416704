"""kprobe18's snippets on training: subclassed models overriding train_step, test_step,
predict_step and compute_loss, the on_batch methods' return values, add_loss in call,
metrics of multi-output models given as lists and dicts, and the History they give (see
cases.py)."""

from tests.keras.kprobe18.prelude import _TRY

SNIPPETS = {}

_DATA = """
X = np.linspace(-1, 1, 24, dtype="float32").reshape(8, 3)
Y = (X.sum(axis=1, keepdims=True) * 0.5).astype("float32")
"""

SNIPPETS["override_compute_loss"] = _TRY + _DATA + """
class M(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = layers.Dense(1)
        self.calls = []
    def call(self, x):
        return self.d(x)
    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        self.calls.append((x is not None, training, sample_weight is not None))
        return keras.ops.mean(keras.ops.abs(y - y_pred)) * 2.0
m = M()
m.compile(optimizer=keras.optimizers.SGD(0.1), metrics=["mae"])
m.build((None, 3))
fill(m)
h = m.fit(X, Y, batch_size=4, epochs=2, verbose=0)
print(sorted(h.history), r4(h.history["loss"]), r4(h.history["mae"]))
print(r4(m.evaluate(X, Y, batch_size=8, verbose=0)))
print(sorted(set(m.calls)))
print(r4(m.evaluate(X, Y, batch_size=8, verbose=0, return_dict=True)))
"""

SNIPPETS["override_test_and_predict_step"] = _TRY + _DATA + """
class M(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = layers.Dense(1)
    def call(self, x):
        return self.d(x)
    def test_step(self, data):
        x, y = data
        p = self(x, training=False)
        return {"gap": keras.ops.mean(y - p), "n": keras.ops.shape(x)[0]}
    def predict_step(self, data):
        x = data[0] if isinstance(data, tuple) else data
        return {"p": self(x), "twice": self(x) * 2}
m = M()
m.compile(optimizer="sgd", loss="mse")
m.build((None, 3))
fill(m)
print(r4(m.evaluate(X, Y, batch_size=4, verbose=0)))
print(r4(m.evaluate(X, Y, batch_size=3, verbose=0, return_dict=True)))
p = m.predict(X, batch_size=3, verbose=0)
print(type(p).__name__, sorted(p), p["p"].shape, r4(p["twice"][:2]))
h = m.fit(X, Y, validation_data=(X, Y), epochs=1, batch_size=4, verbose=0)
print(sorted(h.history))
"""

SNIPPETS["override_train_step_with_metrics"] = _TRY + _DATA + """
class M(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = layers.Dense(1)
        self.tracker = keras.metrics.Mean(name="my_loss")
    def call(self, x):
        return self.d(x)
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            p = self(x, training=True)
            loss = keras.ops.mean(keras.ops.square(y - p))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        self.tracker.update_state(loss)
        return {"my_loss": self.tracker.result(), "step": self.optimizer.iterations}
    @property
    def metrics(self):
        return [self.tracker]
m = M()
m.compile(optimizer=keras.optimizers.SGD(0.05))
m.build((None, 3))
fill(m)
h = m.fit(X, Y, batch_size=4, epochs=3, verbose=0)
print(sorted(h.history), r4(h.history["my_loss"]), h.history["step"])
print([v.name for v in m.metrics], int(m.optimizer.iterations))
"""

SNIPPETS["on_batch_return_values"] = _TRY + _DATA + """
i = keras.Input((3,))
o1 = layers.Dense(1, name="a")(i)
o2 = layers.Dense(2, name="b")(i)
m = keras.Model(i, [o1, o2])
fill(m)
m.compile(optimizer=keras.optimizers.SGD(0.01), loss=["mse", "mae"], metrics=[["mae"], ["mse"]])
Y2 = np.concatenate([Y, -Y], axis=1)
print(r4(m.train_on_batch(X, [Y, Y2])))
print(r4(m.train_on_batch(X, [Y, Y2], return_dict=True)))
print(r4(m.test_on_batch(X, [Y, Y2])))
print(r4(m.test_on_batch(X, [Y, Y2], return_dict=True)))
p = m.predict_on_batch(X[:2])
print(type(p).__name__, [type(t).__name__ for t in p], r4(p[1]))
print(r4(m.train_on_batch(X, [Y, Y2], sample_weight=[np.ones(8), np.arange(8.0)])))
s = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
fill(s)
s.compile(optimizer="sgd", loss="mse")
print(r4(s.train_on_batch(X, Y)), r4(s.test_on_batch(X, Y)), type(s.test_on_batch(X, Y)).__name__)
tryp("uncompiled", lambda: keras.Sequential([keras.Input((3,)),
    layers.Dense(1)]).train_on_batch(X, Y))
"""

SNIPPETS["add_loss_in_call"] = _TRY + _DATA + """
class Penalized(layers.Layer):
    def __init__(self, rate, **kw):
        super().__init__(**kw)
        self.rate = rate
        self.d = layers.Dense(1)
    def call(self, x):
        y = self.d(x)
        self.add_loss(self.rate * keras.ops.mean(keras.ops.square(y)))
        return y
l = Penalized(0.5)
y = l(X)
print(len(l.losses), r4(l.losses[0]) if l.losses else None)
fill(l)
y = l(X)
print(len(l.losses), r4(l.losses))
i = keras.Input((3,))
m = keras.Model(i, Penalized(0.1, name="pen")(i))
fill(m)
m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
h = m.fit(X, Y, batch_size=8, epochs=2, verbose=0)
print(sorted(h.history), r4(h.history["loss"]))
print(r4(m.evaluate(X, Y, verbose=0)))
m2 = keras.Model(i, Penalized(0.1)(i))
m2.compile(optimizer="sgd")
fill(m2)
print(r4(m2.evaluate(X, Y, verbose=0)))
tryp("symbolic", lambda: len(m.losses))
"""

SNIPPETS["multi_output_metrics_list_and_dict"] = _TRY + _DATA + """
def make():
    i = keras.Input((3,), name="x")
    a = layers.Dense(1, name="out_a")(i)
    b = layers.Dense(1, activation="sigmoid", name="out_b")(i)
    m = keras.Model(i, {"out_a": a, "out_b": b})
    fill(m)
    return m
YB = (Y > 0).astype("float32")
m = make()
m.compile(optimizer=keras.optimizers.SGD(0.05),
          loss={"out_a": "mse", "out_b": "binary_crossentropy"},
          metrics={"out_a": ["mae", keras.metrics.RootMeanSquaredError(name="rmse")],
                   "out_b": "accuracy"},
          loss_weights={"out_a": 1.0, "out_b": 0.5})
h = m.fit(X, {"out_a": Y, "out_b": YB}, batch_size=4, epochs=2, verbose=0,
          validation_data=(X, {"out_a": Y, "out_b": YB}))
print(sorted(h.history))
print(r4(h.history["loss"]), r4(h.history["val_out_b_accuracy"]))
print(r4(m.evaluate(X, {"out_a": Y, "out_b": YB}, verbose=0, return_dict=True)))
m2 = make()
m2.compile(optimizer="sgd", loss=["mse", "binary_crossentropy"], metrics=[["mae"], ["accuracy",
    "auc"]])
h2 = m2.fit(X, [Y, YB], batch_size=8, epochs=1, verbose=0)
print(sorted(h2.history))
m3 = make()
tryp("bad_key", lambda: m3.compile(optimizer="sgd", loss={"out_c": "mse"}) or
     m3.fit(X, {"out_a": Y, "out_b": YB}, verbose=0))
"""

SNIPPETS["history_object_and_params"] = _TRY + _DATA + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
fill(m)
m.compile(optimizer="sgd", loss="mse", metrics=["mae"])
h = m.fit(X, Y, batch_size=3, epochs=3, verbose=0, validation_split=0.25, initial_epoch=1)
print(type(h).__name__, h.epoch, sorted(h.params.items()), sorted(h.history))
print(m.history is h, len(h.history["loss"]))
h2 = m.fit(X, Y, epochs=0, verbose=0)
print(h2.epoch, h2.history)
h3 = m.fit(X, Y, epochs=2, initial_epoch=2, verbose=0)
print(h3.epoch, h3.history)
"""
