"""kprobe34's snippets of models with their own train_step/test_step/predict_step (logs
they return, weights they unpack, what fit/evaluate/predict make of them), summaries of
nested and shared models, and custom layers registered under names: their get_config/
from_config round trips and their .keras files saved and loaded (see cases.py)."""

from tests.keras.kprobe33.prelude import _TRY

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

SNIPPETS: dict[str, str] = {}

_DATA = """
XS = np.linspace(-1, 1, 36, dtype="float32").reshape(12, 3)
YS = (XS @ np.array([[0.5], [-1.0], [0.25]], "float32") + 0.1).astype("float32")
"""

_T = _TRY + _DATA

SNIPPETS["train_step_returning_own_logs"] = _T + """
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
            loss = keras.ops.mean((self(x, training=True) - y) ** 2)
        grads = tape.gradient(loss, self.trainable_weights)
        self.optimizer.apply(grads, self.trainable_weights)
        self.tracker.update_state(loss)
        return {"my_loss": self.tracker.result(), "const": 7, "step": self.optimizer.iterations}
    @property
    def metrics(self):
        return [self.tracker]
m = M()
m.build((None, 3))
fill(m)
m.compile(keras.optimizers.SGD(0.1))
h = m.fit(XS, YS, batch_size=4, epochs=2, verbose=0, shuffle=False)
print(logs4(h))
bars(lambda: m.fit(XS, YS, batch_size=4, epochs=1, verbose=2, shuffle=False))
tryp("eval", lambda: m.evaluate(XS, YS, verbose=0))
"""

SNIPPETS["test_step_and_predict_step_returning_structures"] = _T + """
class M(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = layers.Dense(2)
    def call(self, x):
        return self.d(x)
    def test_step(self, data):
        x, y, _ = keras.utils.unpack_x_y_sample_weight(data)
        p = self(x)
        return {"err": keras.ops.mean(keras.ops.abs(p[:, :1] - y)), "n": keras.ops.shape(x)[0]}
    def predict_step(self, data):
        p = self(data)
        return {"first": p[:, 0], "both": p}, keras.ops.sum(p, axis=1)
m = M()
m.build((None, 3))
fill(m)
m.compile("sgd", "mse")
print(r4(m.evaluate(XS, YS, batch_size=5, verbose=0, return_dict=True)))
print(r4(m.evaluate(XS, YS, batch_size=5, verbose=0)))
out = m.predict(XS, batch_size=5, verbose=0)
print(type(out).__name__, type(out[0]).__name__, sorted(out[0]), out[0]["both"].shape, out[1].shape, round(float(out[1].sum()), 4))
print(r4(m.predict_on_batch(XS[:2])))
print(r4(m.test_on_batch(XS[:4], YS[:4], return_dict=True)))
"""

SNIPPETS["train_step_unpacking_sample_weights"] = _T + """
class M(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = layers.Dense(1)
    def call(self, x):
        return self.d(x)
    def train_step(self, data):
        x, y, sw = keras.utils.unpack_x_y_sample_weight(data)
        print("got", tuple(x.shape), None if sw is None else tuple(sw.shape))
        with tf.GradientTape() as tape:
            p = self(x, training=True)
            loss = self.compute_loss(x=x, y=y, y_pred=p, sample_weight=sw)
        self.optimizer.apply(tape.gradient(loss, self.trainable_weights), self.trainable_weights)
        return self.compute_metrics(x, y, p, sample_weight=sw)
m = M()
m.build((None, 3))
fill(m)
m.compile(keras.optimizers.SGD(0.1), "mse", metrics=["mae"], run_eagerly=True)
h = m.fit(XS, YS, batch_size=6, epochs=1, verbose=0, shuffle=False, sample_weight=np.linspace(0, 1, 12).astype("float32"))
print(logs4(h))
h = m.fit(XS, YS, batch_size=6, epochs=1, verbose=0, shuffle=False)
print(logs4(h))
print(keras.utils.pack_x_y_sample_weight(1, 2), keras.utils.pack_x_y_sample_weight(1), keras.utils.pack_x_y_sample_weight(1, None, 3))
tryp("bad", lambda: keras.utils.unpack_x_y_sample_weight((1, 2, 3, 4)))
print(keras.utils.unpack_x_y_sample_weight([1, 2]), keras.utils.unpack_x_y_sample_weight(5))
"""

SNIPPETS["train_step_in_functional_subclass_with_metrics"] = _T + """
class M(keras.Model):
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            p = self(x, training=True)
            loss = self.compute_loss(x, y, p)
        self.optimizer.apply(tape.gradient(loss, self.trainable_weights), self.trainable_weights)
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss)
            else:
                metric.update_state(y, p)
        return {m.name: m.result() for m in self.metrics}
inp = keras.Input((3,))
m = M(inp, layers.Dense(1)(inp))
fill(m)
m.compile(keras.optimizers.SGD(0.1), "mse", metrics=["mae", keras.metrics.RootMeanSquaredError(name="rmse")])
print([x.name for x in m.metrics])
h = m.fit(XS, YS, batch_size=4, epochs=2, verbose=0, shuffle=False)
print(logs4(h))
print([x.name for x in m.metrics], type(m).__name__, m.name)
print(r4(m.evaluate(XS, YS, verbose=0, return_dict=True)))
"""

SNIPPETS["summary_shared_submodel_used_twice"] = _T + """
enc_in = keras.Input((4,), name="enc_in")
enc = keras.Model(enc_in, layers.Dense(2, name="proj")(layers.Dense(3, name="hid")(enc_in)), name="encoder")
a = keras.Input((4,), name="a")
b = keras.Input((4,), name="b")
out = layers.Dense(1, name="head")(layers.Concatenate(name="cat")([enc(a), enc(b)]))
m = keras.Model([a, b], out, name="siamese")
m.summary(expand_nested=True)
m.summary(show_trainable=True)
print(len(m.layers), [l.name for l in m.layers], m.count_params())
"""

SNIPPETS["summary_sequential_in_functional_in_subclass"] = _T + """
blk = keras.Sequential([layers.Dense(4, name="d1"), layers.ReLU(name="r"), layers.Dense(2, name="d2")], name="blk")
inp = keras.Input((3,), name="x")
inner = keras.Model(inp, blk(inp), name="inner")
class Outer(keras.Model):
    def __init__(self):
        super().__init__(name="outer")
        self.inner = inner
        self.head = layers.Dense(1, name="head")
    def call(self, x):
        return self.head(self.inner(x))
m = Outer()
m(np.ones((2, 3), "float32"))
m.summary(expand_nested=True)
blk.trainable = False
m.summary(expand_nested=True, show_trainable=True, line_length=70)
"""

SNIPPETS["registered_layer_config_and_keras_file"] = _T + """
@keras.saving.register_keras_serializable(package="probe34", name="Scaler")
class ScaleLayer(layers.Layer):
    def __init__(self, factor=2.0, units=2, **kw):
        super().__init__(**kw)
        self.factor = factor
        self.units = units
    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1], self.units), initializer="ones", name="w")
    def call(self, x):
        return keras.ops.matmul(x, self.w) * self.factor
    def get_config(self):
        return {**super().get_config(), "factor": self.factor, "units": self.units}
print(keras.saving.get_registered_name(ScaleLayer), keras.saving.get_registered_object("probe34>Scaler") is ScaleLayer)
l = ScaleLayer(0.5, name="sc")
print(sorted(l.get_config().items()))
s = keras.saving.serialize_keras_object(l)
print(sorted(s), s["registered_name"], s["module"], s["class_name"])
l2 = keras.saving.deserialize_keras_object(s)
print(type(l2).__name__, l2.factor, l2.name)
inp = keras.Input((3,))
m = keras.Model(inp, ScaleLayer(1.5, units=1, name="s2")(inp))
path = os.path.join(D, "m.keras")
m.save(path)
m2 = keras.saving.load_model(path)
print(type(m2.layers[1]).__name__, m2.layers[1].factor, m2.layers[1].units, r4(m2.predict(XS[:2], verbose=0)))
print(json.loads(m.to_json())["config"]["layers"][1]["registered_name"])
"""

SNIPPETS["unregistered_layer_load_errors_and_custom_objects"] = _T + """
class Plain(layers.Layer):
    def __init__(self, k=1.0, **kw):
        super().__init__(**kw)
        self.k = k
    def call(self, x):
        return x * self.k
    def get_config(self):
        return {**super().get_config(), "k": self.k}
inp = keras.Input((3,))
m = keras.Model(inp, Plain(3.0, name="pl")(inp))
path = os.path.join(D, "p.keras")
m.save(path)
tryp("load", lambda: keras.saving.load_model(path))
m2 = keras.saving.load_model(path, custom_objects={"Plain": Plain})
print(type(m2.layers[1]).__name__, m2.layers[1].k, r4(m2(XS[:1])))
with keras.saving.custom_object_scope({"Plain": Plain}):
    m3 = keras.saving.load_model(path)
print(m3.layers[1].k)
print(keras.saving.serialize_keras_object(Plain(2.0, name="z"))["registered_name"])
"""

SNIPPETS["custom_layer_with_nested_layers_round_trip"] = _T + """
@keras.saving.register_keras_serializable(package="probe34")
class Block(layers.Layer):
    def __init__(self, inner=None, act="relu", **kw):
        super().__init__(**kw)
        self.inner = inner if isinstance(inner, layers.Layer) else (keras.saving.deserialize_keras_object(inner) if inner else layers.Dense(2))
        self.act = keras.activations.get(act)
    def call(self, x):
        return self.act(self.inner(x))
    def get_config(self):
        return {**super().get_config(), "inner": keras.saving.serialize_keras_object(self.inner),
                "act": keras.activations.serialize(self.act)}
b = Block(layers.Dense(3, use_bias=False, name="in3"), act="tanh", name="blk")
c = b.get_config()
print(sorted(c), c["inner"]["class_name"], c["act"])
b2 = Block.from_config(c)
print(type(b2.inner).__name__, b2.inner.units, b2.inner.use_bias, b2.act.__name__)
inp = keras.Input((3,))
m = keras.Model(inp, Block(name="b")(inp))
fill(m)
path = os.path.join(D, "b.keras")
m.save(path)
m2 = keras.saving.load_model(path)
print([w.path for w in m2.weights], r4(m2(XS[:2])), r4(m(XS[:2])))
print(keras.saving.get_registered_name(Block))
"""

SNIPPETS["registered_model_subclass_save_load_compiled"] = _T + """
@keras.saving.register_keras_serializable(package="probe34")
class Net(keras.Model):
    def __init__(self, width=4, **kw):
        super().__init__(**kw)
        self.width = width
        self.h = layers.Dense(width, activation="relu")
        self.o = layers.Dense(1)
    def call(self, x):
        return self.o(self.h(x))
    def get_config(self):
        return {"width": self.width, "name": self.name}
m = Net(3, name="net")
m(XS[:1])
fill(m)
m.compile(keras.optimizers.Adam(0.01), "mse", metrics=["mae"])
m.fit(XS, YS, batch_size=6, epochs=1, verbose=0, shuffle=False)
path = os.path.join(D, "n.keras")
m.save(path)
m2 = keras.saving.load_model(path)
print(type(m2).__name__, m2.name, m2.width, m2.compiled)
tryp("opt", lambda: (m2.optimizer.__class__.__name__, int(m2.optimizer.iterations)))
print(r4(m2.predict(XS[:2], verbose=0)), r4(m.predict(XS[:2], verbose=0)))
tryp("eval", lambda: r4(m2.evaluate(XS, YS, verbose=0)))
print(r4(m.evaluate(XS, YS, verbose=0)), m2.get_config())
tryp("cc", lambda: m2.get_compile_config())
m3 = keras.saving.load_model(path, compile=False)
print(m3.compiled, getattr(m3, "optimizer", "none"))
"""

SNIPPETS["functional_with_registered_layer_from_config"] = _T + """
@keras.saving.register_keras_serializable(package="probe34", name="Offset")
class Offset(layers.Layer):
    def __init__(self, offset=0.0, **kw):
        super().__init__(**kw)
        self.offset = offset
    def call(self, x):
        return x + self.offset
    def compute_output_shape(self, shape):
        return shape
    def get_config(self):
        c = super().get_config()
        c.update(offset=self.offset)
        return c
inp = keras.Input((3,), name="i")
x = Offset(1.0, name="o1")(inp)
x = Offset(-0.5, name="o2")(x)
m = keras.Model(inp, layers.Dense(2, name="d")(x), name="fm")
fill(m)
cfg = m.get_config()
print([(l["class_name"], l.get("registered_name"), l["config"].get("offset")) for l in cfg["layers"]])
m2 = keras.Model.from_config(cfg)
m2.set_weights(m.get_weights())
print(r4(m2(XS[:2])), r4(m(XS[:2])))
m3 = keras.models.model_from_json(m.to_json())
print([type(l).__name__ for l in m3.layers])
c2 = keras.models.clone_model(m)
print([l.name for l in c2.layers], [type(l).__name__ for l in c2.layers])
"""

SNIPPETS["save_load_keras_file_with_custom_metric_and_loss"] = _T + """
@keras.saving.register_keras_serializable(package="probe34")
def half_mse(y, p):
    return 0.5 * keras.ops.mean((y - p) ** 2, axis=-1)
@keras.saving.register_keras_serializable(package="probe34")
class Count(keras.metrics.Metric):
    def __init__(self, name="count", **kw):
        super().__init__(name=name, **kw)
        self.n = self.add_variable(shape=(), initializer="zeros", name="n")
    def update_state(self, y, p, sample_weight=None):
        self.n.assign_add(keras.ops.cast(keras.ops.shape(y)[0], "float32"))
    def result(self):
        return self.n
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
fill(m)
m.compile("sgd", half_mse, metrics=[Count()])
print(logs4(m.fit(XS, YS, batch_size=4, epochs=1, verbose=0, shuffle=False)))
path = os.path.join(D, "c.keras")
m.save(path)
m2 = keras.saving.load_model(path)
print(m2.loss.__name__ if hasattr(m2.loss, "__name__") else m2.loss, r4(m2.evaluate(XS, YS, batch_size=4, verbose=0, return_dict=True)))
print(m2.get_compile_config()["loss"], m2.get_compile_config()["metrics"])
"""

SNIPPETS["model_save_load_weights_and_overwrite_forms"] = _T + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="d"), layers.Dense(1, name="e")], name="seq")
fill(m)
m.save_weights(os.path.join(D, "w.weights.h5"))
tryp("ext", lambda: m.save_weights(os.path.join(D, "w.h5")))
tryp("save_ext", lambda: m.save(os.path.join(D, "m.h6")))
m2 = keras.Sequential([keras.Input((3,)), layers.Dense(2), layers.Dense(1)])
m2.load_weights(os.path.join(D, "w.weights.h5"))
print(r4(m2(XS[:1])), r4(m(XS[:1])))
m3 = keras.Sequential([keras.Input((3,)), layers.Dense(2)])
tryp("mismatch", lambda: m3.load_weights(os.path.join(D, "w.weights.h5")))
tryp("missing", lambda: m2.load_weights(os.path.join(D, "none.weights.h5")))
m.save(os.path.join(D, "s.keras"))
print(sorted(os.listdir(D)))
"""
