"""kprobe47b's third set: rarer corners of the same areas: summaries with layer_range and
models nested twice, JSON and clone round trips, subclassed models' configs, the
*_on_batch methods, validation_freq, steps_per_execution, and keras.ops reductions on
integer, boolean and half-precision inputs."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe47.prelude import _TRY

_DATA = _TRY + """
x = np.linspace(-1, 1, 32, dtype="float32").reshape(8, 4)
y = (x.sum(axis=1, keepdims=True) > 0).astype("float32")
def small(name="m"):
    return keras.Sequential([keras.Input((4,)), layers.Dense(1, activation="sigmoid", name="out")], name=name)
"""

SNIPPETS: dict[str, str] = {}

SNIPPETS["summary_layer_range_nested_twice"] = _TRY + """
core = keras.Sequential([keras.Input((4,)), layers.Dense(3, name="c1"), layers.BatchNormalization(name="cbn")], name="core")
mid_in = keras.Input((4,), name="mid_in")
mid = keras.Model(mid_in, layers.Dense(2, name="m2")(core(mid_in)), name="mid")
inp = keras.Input((4,), name="top_in")
top = keras.Model(inp, layers.Dense(1, name="t")(mid(inp)), name="top")
top.summary(expand_nested=True, show_trainable=True)
top.summary(layer_range=["mid", "t"])
show("bad range", lambda: top.summary(layer_range=["nope", "t"]))
show("range len", lambda: top.summary(layer_range=["mid"]))
"""

SNIPPETS["summary_shared_inner_model"] = _TRY + """
enc = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="e")], name="enc")
a = keras.Input((3,), name="a")
b = keras.Input((3,), name="b")
m = keras.Model([a, b], layers.Subtract(name="sub")([enc(a), enc(b)]), name="twin")
m.summary()
m.summary(expand_nested=True)
print(m.count_params(), len(m.weights))
"""

SNIPPETS["json_roundtrip"] = _TRY + """
m = keras.Sequential([keras.Input((4,), name="i"), layers.Dense(2, activation="tanh", name="d")], name="js")
j = m.to_json()
import json
d = json.loads(j)
print(sorted(d), d["class_name"], d.get("keras_version") is not None, d.get("backend"))
m2 = keras.models.model_from_json(j)
print(type(m2).__name__, m2.name, [l.name for l in m2.layers])
show("bad json", lambda: keras.models.model_from_json('{"class_name": "Nope", "config": {}}'))
"""

SNIPPETS["clone_model_variants"] = _TRY + """
inp = keras.Input((4,), name="i")
m = keras.Model(inp, layers.Dense(2, name="d")(layers.Dense(3, name="h")(inp)), name="orig")
c = keras.models.clone_model(m)
print(c.name, [l.name for l in c.layers], len(c.weights))
show("weights differ", lambda: np.allclose(c.get_layer("d").kernel.numpy(), m.get_layer("d").kernel.numpy()))
def fn(layer):
    cfg = layer.get_config()
    if isinstance(layer, layers.Dense):
        cfg["units"] = cfg["units"] + 1 if layer.name == "h" else cfg["units"]
    return layer.__class__.from_config(cfg)
c2 = keras.models.clone_model(m, clone_function=fn)
print([tuple(w.shape) for w in c2.weights])
s = keras.Sequential([keras.Input((4,)), layers.Dense(2)], name="s")
c3 = keras.models.clone_model(s, input_tensors=keras.Input((4,), batch_size=5))
print(c3.name, c3.input_shape if hasattr(c3, "input_shape") else None)
"""

SNIPPETS["subclass_get_config"] = _TRY + """
class Plain(keras.Model):
    def __init__(self, units=2, **kw):
        super().__init__(**kw)
        self.units = units
        self.d = layers.Dense(units)
    def call(self, x):
        return self.d(x)
p = Plain(3, name="plain")
show("config", lambda: p.get_config())
class Odd(keras.Model):
    def __init__(self, table):
        super().__init__()
        self.table = table
    def call(self, x):
        return x
o = Odd({"a": [1, 2]})
show("odd config", lambda: o.get_config())
class Obj(keras.Model):
    def __init__(self, thing):
        super().__init__()
        self.thing = thing
    def call(self, x):
        return x
show("obj config", lambda: Obj(object()).get_config())
show("from config", lambda: Plain.from_config({"units": 4, "name": "p2"}).units)
"""

SNIPPETS["on_batch_methods"] = _DATA + """
m = small()
m.compile(keras.optimizers.SGD(0.1), "binary_crossentropy", metrics=["accuracy"])
show("train_on_batch", lambda: m.train_on_batch(x, y))
show("train_on_batch dict", lambda: m.train_on_batch(x, y, return_dict=True))
show("test_on_batch", lambda: m.test_on_batch(x, y))
show("predict_on_batch", lambda: m.predict_on_batch(x[:2]))
show("sample weight", lambda: m.train_on_batch(x, y, sample_weight=np.arange(8, dtype="float32")))
show("class weight", lambda: m.train_on_batch(x, y, class_weight={0: 1.0, 1: 3.0}))
m.reset_metrics()
show("after reset", lambda: [float(v.numpy()) for v in m.metrics[1].variables])
"""

SNIPPETS["fit_validation_freq"] = _DATA + """
m = small()
m.compile("sgd", "mse", metrics=["mae"])
h = m.fit(x, y, epochs=4, validation_data=(x, y), validation_freq=2, verbose=0)
print({k: len(v) for k, v in sorted(h.history.items())})
show("freq list", lambda: m.fit(x, y, epochs=2, validation_data=(x, y), validation_freq=[2], verbose=0).history.keys())
show("epochs 0", lambda: m.fit(x, y, epochs=0, verbose=0).history)
show("initial past epochs", lambda: m.fit(x, y, epochs=1, initial_epoch=3, verbose=0).history)
show("validation tuple bad", lambda: m.fit(x, y, epochs=1, validation_data=(x,), verbose=0).history)
"""

SNIPPETS["steps_per_execution"] = _DATA + """
m = small()
m.compile("sgd", "mse", steps_per_execution=3)
h = m.fit(x, y, batch_size=2, epochs=2, verbose=0)
show("iterations", lambda: m.optimizer.iterations)
print(h.params, m.steps_per_execution)
cb_batches = []
class C(keras.callbacks.Callback):
    def on_train_batch_end(self, batch, logs=None):
        cb_batches.append(batch)
m.fit(x, y, batch_size=2, epochs=1, verbose=0, callbacks=[C()])
print(cb_batches)
show("predict", lambda: m.predict(x, batch_size=3, verbose=0).shape)
"""

SNIPPETS["evaluate_order_and_metrics"] = _DATA + """
m = small()
m.compile("sgd", "binary_crossentropy", metrics=["mae", keras.metrics.BinaryAccuracy(name="acc"), "mse"], weighted_metrics=["mae"])
show("evaluate", lambda: m.evaluate(x, y, verbose=0))
show("evaluate dict", lambda: m.evaluate(x, y, verbose=0, return_dict=True))
print(m.metrics_names)
show("with sample weight", lambda: m.evaluate(x, y, sample_weight=np.linspace(0, 1, 8), verbose=0, return_dict=True))
"""

SNIPPETS["custom_test_step_shapes"] = _DATA + """
class M(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = layers.Dense(1)
    def call(self, x):
        return self.d(x)
    def test_step(self, data):
        return tf.constant([1.0, 2.0])
m = M()
m.compile("sgd", "mse")
show("evaluate tensor", lambda: m.evaluate(x, y, verbose=0))
show("evaluate tensor dict", lambda: m.evaluate(x, y, verbose=0, return_dict=True))
class N(M):
    def test_step(self, data):
        return {"a": 1.5, "b": tf.constant(2)}
n = N()
n.compile("sgd", "mse")
show("evaluate mixed", lambda: n.evaluate(x, y, verbose=0))
show("evaluate mixed dict", lambda: n.evaluate(x, y, verbose=0, return_dict=True))
"""

SNIPPETS["ops_reductions_odd_dtypes"] = _TRY + """
ops = keras.ops
show("int logsumexp", lambda: ops.logsumexp(np.array([1, 2], "int32")))
show("f16 logsumexp", lambda: ops.logsumexp(np.array([1.0, 2.0, 3.0], "float16")))
show("int norm", lambda: ops.norm(np.array([3, 4], "int32")))
show("bool cumprod", lambda: ops.cumprod(np.array([True, True, False])))
show("uint8 prod", lambda: ops.prod(np.array([16, 32], "uint8")))
show("int8 var", lambda: ops.var(np.array([1, 2, 4], "int8")))
show("bool any axis", lambda: ops.any(np.array([[1, 0], [0, 0]], "int32"), axis=1))
show("f16 median", lambda: ops.median(np.array([1.0, 3.0, 2.0, 8.0], "float16")))
show("int quantile", lambda: ops.quantile(np.array([1, 2, 3, 4], "int32"), 0.5))
show("int average", lambda: ops.average(np.array([1, 2], "int32"), weights=np.array([1, 3], "int32")))
show("uint16 argmin", lambda: ops.argmin(np.array([5, 2, 9], "uint16")))
show("int64 count_nonzero", lambda: ops.count_nonzero(np.array([0, 4, 0, 7], "int64")))
show("bf16 mean", lambda: ops.mean(ops.cast([1.0, 2.0, 4.0], "bfloat16")))
"""

SNIPPETS["ops_elementwise_odd_dtypes"] = _TRY + """
ops = keras.ops
show("uint8 subtract", lambda: ops.subtract(np.array([1], "uint8"), np.array([2], "uint8")))
show("int8 int16 add", lambda: ops.add(np.array([1], "int8"), np.array([2], "int16")))
show("uint8 int8", lambda: ops.add(np.array([1], "uint8"), np.array([2], "int8")))
show("uint32 int32", lambda: ops.add(np.array([1], "uint32"), np.array([2], "int32")))
show("int64 f16", lambda: ops.add(np.array([1], "int64"), np.array([2], "float16")))
show("bool f16", lambda: ops.multiply(np.array([True]), np.array([2.5], "float16")))
show("f16 bf16", lambda: ops.add(np.array([1.0], "float16"), ops.cast([2.0], "bfloat16")))
show("int mod neg", lambda: ops.mod(np.array([-7], "int32"), np.array([3], "int32")))
show("f16 arctan2", lambda: ops.arctan2(np.array([1.0], "float16"), np.array([2.0], "float16")))
show("int log", lambda: ops.log(np.array([1, 10], "int16")))
show("uint8 square", lambda: ops.square(np.array([20], "uint8")))
show("bool square", lambda: ops.square(np.array([True, False])))
show("int8 sign", lambda: ops.sign(np.array([-3, 0, 4], "int8")))
show("uint8 heaviside", lambda: ops.heaviside(np.array([0, 3], "uint8"), np.array([5], "uint8")))
"""

SNIPPETS["functional_dict_outputs_names"] = _DATA + """
inp = keras.Input((4,), name="x")
m = keras.Model(inp, {"z": layers.Dense(1, name="dz")(inp), "a": layers.Dense(2, name="da")(inp)})
print(m.output_names if hasattr(m, "output_names") else None)
r = m.predict(x[:3], verbose=0)
print(type(r).__name__, sorted((k, v.shape) for k, v in r.items()))
m.compile("sgd", {"z": "mse", "a": "mse"})
h = m.fit(x, {"z": y, "a": np.hstack([y, y])}, epochs=1, verbose=0)
print(sorted(h.history))
show("list targets for dict", lambda: m.fit(x, [y, np.hstack([y, y])], epochs=1, verbose=0).history.keys())
"""

SNIPPETS["input_layer_variants"] = _TRY + """
for kw in [dict(shape=(3,), batch_size=2), dict(shape=(None, 5), dtype="int32"), dict(batch_shape=(4, 2)), dict(shape=(2,), sparse=True), dict(shape=(), name="scalar")]:
    t = keras.Input(**kw)
    print(kw, t.shape, t.dtype, t.sparse, t.name)
show("both shapes", lambda: keras.Input(shape=(2,), batch_shape=(None, 2)))
show("no shape", lambda: keras.Input())
il = layers.InputLayer(shape=(3,), name="il")
print(sorted(il.get_config().items()))
"""
