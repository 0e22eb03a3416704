"""kprobe47b's second set: compile/fit argument errors and their messages, History contents,
verbose=2 lines, custom train_step/test_step, Model subclassing with build(), and keras.ops
on rarer dtypes."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe47.prelude import _TRY

_DATA = _TRY + """
x = np.linspace(-1, 1, 32, dtype="float32").reshape(8, 4)
y = (x.sum(axis=1, keepdims=True) > 0).astype("float32")
def small(name="m"):
    return keras.Sequential([keras.Input((4,)), layers.Dense(1, activation="sigmoid", name="out")], name=name)
"""

SNIPPETS: dict[str, str] = {}

SNIPPETS["fit_loss_weights_errors"] = _DATA + """
m = small()
show("weights list too long", lambda: (m.compile("sgd", "mse", loss_weights=[1.0, 2.0]), m.fit(x, y, epochs=1, verbose=0)))
m = small()
show("weights dict bad key", lambda: (m.compile("sgd", "mse", loss_weights={"nope": 1.0}), m.fit(x, y, epochs=1, verbose=0).epoch))
m = small()
m.compile("sgd", "mse", loss_weights=0.5)
h = m.fit(x, y, epochs=1, verbose=0)
show("scalar weight", lambda: sorted(h.history))
"""

SNIPPETS["fit_metrics_by_name"] = _DATA + """
m = small()
m.compile("adam", "binary_crossentropy", metrics=["accuracy", "mae", "auc", keras.metrics.Precision(name="prec")])
h = m.fit(x, y, epochs=2, verbose=0, validation_data=(x, y))
print(sorted(h.history))
print([type(mm).__name__ for mm in m.metrics])
show("bad metric", lambda: (m.compile("adam", "mse", metrics=["not_a_metric"]), m.fit(x, y, epochs=1, verbose=0)))
show("bad loss", lambda: m.compile("adam", "not_a_loss"))
show("bad optimizer", lambda: m.compile("not_an_opt", "mse"))
"""

SNIPPETS["fit_steps_per_epoch"] = _DATA + """
m = small()
m.compile("sgd", "mse")
ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(2).repeat()
h = m.fit(ds, epochs=2, steps_per_epoch=3, verbose=0)
print(h.params)
show("iterations", lambda: m.optimizer.iterations)
ds2 = tf.data.Dataset.from_tensor_slices((x, y)).batch(2)
h = m.fit(ds2, epochs=2, steps_per_epoch=6, verbose=0)
print(h.epoch, len(h.history["loss"]))
show("iterations after short data", lambda: m.optimizer.iterations)
"""

SNIPPETS["fit_validation_split_dataset"] = _DATA + """
m = small()
m.compile("sgd", "mse")
ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(4)
try:  # (the message ends with the dataset's class, which names its module)
    m.fit(ds, validation_split=0.5, epochs=1, verbose=0)
except ValueError as e:
    print("split with dataset", str(e).split("Found")[0])
show("y with dataset", lambda: m.fit(ds, y, epochs=1, verbose=0))
show("split too big", lambda: m.fit(x[:1], y[:1], validation_split=0.5, epochs=1, verbose=0))
show("bad split", lambda: m.fit(x, y, validation_split=1.5, epochs=1, verbose=0).epoch)
h = m.fit(x, y, validation_split=0.25, epochs=1, verbose=0, batch_size=3)
print(sorted(h.history), h.params)
"""

SNIPPETS["fit_history_contents"] = _DATA + """
m = small()
m.compile(keras.optimizers.SGD(0.1), "mse", metrics=["mae"])
h = m.fit(x, y, epochs=3, batch_size=4, verbose=0, initial_epoch=1)
print(type(h).__name__, h.epoch, sorted(h.params.items()))
print({k: [round(float(v), 4) for v in vs] for k, vs in sorted(h.history.items())})
print(h.model is m, type(h.history["loss"][0]).__name__)
h2 = m.fit(x, y, epochs=1, verbose=0)
print(h2.epoch, h is h2, m.history is h2)
"""

SNIPPETS["fit_verbose2_lines"] = _DATA + """
import re
m = small()
m.compile(keras.optimizers.SGD(0.1), "mse", metrics=["mae"])
import io, contextlib
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    m.fit(x, y, epochs=2, batch_size=4, verbose=2, validation_data=(x, y))
    m.evaluate(x, y, verbose=2)
    m.predict(x, verbose=2)
for line in buf.getvalue().splitlines():
    print(re.sub(r"\\d+(\\.\\d+)?(ms|s|us)(/step)?", "T", re.sub(r"\\d\\.\\d{4}", "V", line)))
"""

SNIPPETS["custom_train_step"] = _DATA + """
class M(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = layers.Dense(1)
        self.tracker = keras.metrics.Mean(name="my_loss")
    def call(self, x):
        return self.d(x)
    def train_step(self, data):
        xb, yb = data
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self(xb) - yb))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        self.tracker.update_state(loss)
        return {"my_loss": self.tracker.result(), "extra": 7}
    def test_step(self, data):
        xb, yb = data
        return {"t": tf.reduce_sum(yb)}
    @property
    def metrics(self):
        return [self.tracker]
m = M()
m.compile(keras.optimizers.SGD(0.1))
h = m.fit(x, y, epochs=2, batch_size=4, verbose=0, validation_data=(x, y))
print(sorted(h.history))
print({k: [round(float(v), 4) for v in vs] for k, vs in sorted(h.history.items())})
show("evaluate", lambda: m.evaluate(x, y, batch_size=4, verbose=0, return_dict=True))
show("evaluate list", lambda: m.evaluate(x, y, batch_size=4, verbose=0))
"""

SNIPPETS["custom_train_step_no_compile"] = _DATA + """
class M(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = layers.Dense(1)
    def call(self, x):
        return self.d(x)
m = M()
show("fit uncompiled", lambda: m.fit(x, y, epochs=1, verbose=0))
show("evaluate uncompiled", lambda: m.evaluate(x, y, verbose=0))
show("predict uncompiled", lambda: m.predict(x[:2], verbose=0).shape)
m.compile("sgd")
show("fit no loss", lambda: m.fit(x, y, epochs=1, verbose=0))
"""

SNIPPETS["custom_predict_step"] = _DATA + """
class M(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = layers.Dense(2)
    def call(self, x):
        return self.d(x)
    def predict_step(self, data):
        return {"arg": tf.argmax(self(data), axis=-1), "raw": self(data)}
m = M()
r = m.predict(x, batch_size=3, verbose=0)
print(sorted(r), r["arg"].dtype, r["arg"].shape, r["raw"].shape)
"""

SNIPPETS["subclass_build"] = _DATA + """
class B(keras.Model):
    def __init__(self, units):
        super().__init__(name="b")
        self.units = units
    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.units), initializer="ones", name="w")
        self.d = layers.Dense(1, name="d")
    def call(self, x):
        return self.d(x @ self.w)
m = B(3)
print(m.built, len(m.weights))
m.build((None, 4))
print(m.built, [w.path for w in m.weights])
show("call", lambda: m(x[:2]).shape)
print([w.path for w in m.weights], [w.shape for w in m.trainable_weights])
m.summary()
"""

SNIPPETS["subclass_build_errors"] = _DATA + """
class NoCall(keras.Model):
    pass
show("no call", lambda: NoCall()(x))
class Bad(keras.Model):
    def call(self, x, training=None):
        return x * 2
b = Bad()
show("build none", lambda: b.build(None))
show("call", lambda: b(x[:1]))
print(b.built, b.weights)
show("count params", lambda: b.count_params())
class Unb(keras.layers.Layer):
    def build(self, shape):
        self.k = self.add_weight(shape=(shape[-1],))
    def call(self, x):
        return x * self.k
u = Unb()
show("count unbuilt", lambda: u.count_params())
show("weights unbuilt", lambda: u.weights)
"""

SNIPPETS["fit_class_and_sample_weight_errors"] = _DATA + """
m = small()
m.compile("sgd", "binary_crossentropy")
show("class_weight bad", lambda: m.fit(x, y, class_weight={0: 1.0, 3: 2.0}, epochs=1, verbose=0).epoch)
show("sample weight shape", lambda: m.fit(x, y, sample_weight=np.ones(3), epochs=1, verbose=0))
show("x y length", lambda: m.fit(x, y[:5], epochs=1, verbose=0))
show("batch size with dataset", lambda: m.fit(tf.data.Dataset.from_tensor_slices((x, y)).batch(2), batch_size=4, epochs=1, verbose=0).epoch)
"""

SNIPPETS["compile_multi_output_losses"] = _TRY + """
x = np.linspace(-1, 1, 24, dtype="float32").reshape(6, 4)
inp = keras.Input((4,), name="x")
a = layers.Dense(1, name="a")(inp)
b = layers.Dense(2, name="b")(inp)
m = keras.Model(inp, {"a": a, "b": b})
m.compile("sgd", loss={"a": "mse", "b": "mae"}, loss_weights={"a": 1.0, "b": 0.5}, metrics={"a": ["mae"]})
h = m.fit(x, {"a": x[:, :1], "b": x[:, :2]}, epochs=1, verbose=0)
print(sorted(h.history))
show("missing target", lambda: m.fit(x, {"a": x[:, :1]}, epochs=1, verbose=0))
show("evaluate dict", lambda: sorted(m.evaluate(x, {"a": x[:, :1], "b": x[:, :2]}, verbose=0, return_dict=True)))
"""

SNIPPETS["ops_odd_dtypes"] = _TRY + """
ops = keras.ops
show("uint8 add", lambda: ops.add(np.array([250], "uint8"), np.array([10], "uint8")))
show("int8 mean", lambda: ops.mean(np.array([1, 2, 4], "int8")))
show("bool sum", lambda: ops.sum(np.array([True, False, True])))
show("f16 log_softmax", lambda: ops.log_softmax(np.array([1.0, 2.0, 3.0], "float16")))
show("bf16 sqrt", lambda: ops.sqrt(ops.cast([4.0, 2.0], "bfloat16")))
show("int divide", lambda: ops.divide(np.array([7], "int32"), np.array([2], "int32")))
show("int floor_divide", lambda: ops.floor_divide(np.array([-7], "int16"), np.array([2], "int16")))
show("uint16 mult", lambda: ops.multiply(np.array([3], "uint16"), 2))
show("int64 mean", lambda: ops.mean(np.array([1, 2], "int64")))
show("f64 exp", lambda: ops.exp(np.array([1.0], "float64")))
show("int8 abs", lambda: ops.absolute(np.array([-128, 5], "int8")))
show("bool argmax", lambda: ops.argmax(np.array([False, True, True])))
show("uint8 true_divide", lambda: ops.true_divide(np.array([3], "uint8"), np.array([2], "uint8")))
show("int sigmoid", lambda: ops.sigmoid(np.array([0, 1], "int32")))
show("bool logical", lambda: ops.logical_xor(np.array([True, False]), 1))
"""

SNIPPETS["ops_odd_dtypes_more"] = _TRY + """
ops = keras.ops
show("int8 cumsum", lambda: ops.cumsum(np.array([100, 100], "int8")))
show("uint32 max", lambda: ops.max(np.array([1, 4], "uint32")))
show("f16 matmul", lambda: ops.matmul(np.ones((2, 2), "float16"), np.ones((2, 1), "float16")))
show("int matmul", lambda: ops.matmul(np.ones((2, 2), "int32"), np.ones((2, 1), "int32")))
show("int8 matmul", lambda: ops.matmul(np.ones((2, 2), "int8"), np.ones((2, 1), "int8")))
show("bool where", lambda: ops.where(np.array([True, False]), np.array([1], "uint8"), np.array([2.5], "float16")))
show("int std", lambda: ops.std(np.array([1, 2, 3], "int32")))
show("f16 var", lambda: ops.var(np.array([1, 2, 3], "float16")))
show("int clip", lambda: ops.clip(np.array([1, 5, 9], "int16"), 2.5, 7))
show("uint8 negative", lambda: ops.negative(np.array([1], "uint8")))
show("int power", lambda: ops.power(np.array([2], "int32"), -1))
show("float power int", lambda: ops.power(np.array([2.0], "float16"), np.array([3], "int32")))
show("int round", lambda: ops.round(np.array([3], "int32"), 1))
show("int round negative", lambda: ops.round(np.array([35], "int32"), -1))
show("list round", lambda: ops.round([1.25], 1))
show("bool mean", lambda: ops.mean(np.array([True, False, True, True])))
"""

SNIPPETS["fit_bfloat16_policies"] = _DATA + """
# (types and dtypes only: the recorder runs TF with oneDNN off, whose bfloat16 kernels
# round otherwise than its default build's, which eagerflow's follow)
try:
    for pol in ["mixed_bfloat16", "bfloat16"]:
        keras.config.set_dtype_policy(pol)
        m = small(pol)
        m.compile("sgd", "mse", metrics=["mae"])
        h = m.fit(x, y, epochs=2, verbose=0, validation_data=(x, y))
        print(pol, {k: [type(v).__name__ for v in vs] for k, vs in sorted(h.history.items())})
        r = m.evaluate(x, y, verbose=0, return_dict=True)
        print({k: type(v).__name__ for k, v in sorted(r.items())})
        p = m.predict(x[:2], verbose=0)
        print(type(p).__name__, p.dtype, p.shape, m.predict_on_batch(x[:1]).dtype)
        print([type(v).__name__ for v in m.test_on_batch(x, y)])
        show("weights", lambda: [(w.path, w.dtype) for w in m.weights])
finally:
    keras.config.set_dtype_policy("float32")
"""
