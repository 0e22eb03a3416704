"""kprobe29's snippets on `.keras` files with custom objects: classes and functions registered
by keras.saving.register_keras_serializable, get_config/from_config round trips, custom
objects given at load time, object scopes, weights files, compiled state restored (see
cases.py)."""

from tests.keras.kprobe29.prelude import _TRY

SNIPPETS = {}

SNIPPETS["registered_layer_with_sublayer_and_build_config"] = _TRY + """
@keras.saving.register_keras_serializable(package="k29")
class Block(layers.Layer):
    def __init__(self, units, act="relu", **kw):
        super().__init__(**kw)
        self.units, self.act = units, act
        self.inner = layers.Dense(units, activation=act)
        self.scale = None
    def build(self, input_shape):
        self.inner.build(input_shape)
        self.scale = self.add_weight(shape=(self.units,), initializer="ones", name="scale")
    def call(self, x):
        return self.inner(x) * self.scale
    def get_config(self):
        return {**super().get_config(), "units": self.units, "act": self.act}
print(keras.saving.get_registered_name(Block),
    keras.saving.get_registered_object("k29>Block") is Block)
inp = keras.Input((3,))
m = keras.Model(inp, layers.Dense(1)(Block(4, act="tanh", name="blk")(inp)))
fill(m)
m.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
m.fit(X, Y, epochs=2, verbose=0)
m.save("b.keras")
r = keras.saving.load_model("b.keras")
print(type(r.get_layer("blk")).__name__, r.get_layer("blk").act, [w.path for w in r.weights])
print("same", np.allclose(m.predict(X, verbose=0), r.predict(X, verbose=0)),
    int(r.optimizer.iterations))
print("cfg", sorted(r.get_layer("blk").get_config()))
b = Block.from_config(m.get_layer("blk").get_config())
print("from_config_built", b.built, b.name)
print("build_config", m.get_layer("blk").get_build_config())
"""

SNIPPETS["unregistered_objects_custom_objects_and_scope"] = _TRY + """
class Scale(layers.Layer):
    def __init__(self, factor=2.0, **kw):
        super().__init__(**kw)
        self.factor = factor
    def call(self, x):
        return x * self.factor
    def get_config(self):
        return {**super().get_config(), "factor": self.factor}
def my_act(x):
    return keras.ops.tanh(x) * 1.5
inp = keras.Input((3,))
m = keras.Model(inp, Scale(3.0, name="s")(layers.Dense(2, activation=my_act)(inp)))
fill(m)
m.save("u.keras")
tryp("no_objects", lambda: type(keras.saving.load_model("u.keras")).__name__)
r = keras.saving.load_model("u.keras", custom_objects={"Scale": Scale, "my_act": my_act})
print("custom_objects", r.get_layer("s").factor, np.allclose(r.predict(X, verbose=0), m.predict(X,
    verbose=0)))
with keras.saving.custom_object_scope({"Scale": Scale, "my_act": my_act}):
    r2 = keras.saving.load_model("u.keras")
print("scope", type(r2.get_layer("s")).__name__)
with keras.saving.CustomObjectScope({"Scale": Scale}):
    print("in_scope", keras.saving.get_custom_objects().get("Scale") is Scale)
print("outside", "Scale" in keras.saving.get_custom_objects())
print("json_round", type(keras.models.model_from_json(m.to_json(), custom_objects={"Scale": Scale,
    "my_act": my_act}).layers[-1]).__name__)
"""

SNIPPETS["registered_model_subclass_round_trip_and_compile"] = _TRY + """
@keras.saving.register_keras_serializable(package="k29")
class Net(keras.Model):
    def __init__(self, hidden=4, out=1, **kw):
        super().__init__(**kw)
        self.hidden, self.out = hidden, out
        self.d1 = layers.Dense(hidden, activation="relu")
        self.d2 = layers.Dense(out)
    def call(self, x):
        return self.d2(self.d1(x))
    def get_config(self):
        return {"hidden": self.hidden, "out": self.out, "name": self.name}
@keras.saving.register_keras_serializable(package="k29")
class Bias(keras.metrics.Metric):
    def __init__(self, name="bias", **kw):
        super().__init__(name=name, **kw)
        self.total = self.add_variable(shape=(), initializer="zeros", name="total")
        self.n = self.add_variable(shape=(), initializer="zeros", name="n")
    def update_state(self, y_true, y_pred, sample_weight=None):
        self.total.assign_add(keras.ops.sum(y_pred - y_true))
        self.n.assign_add(keras.ops.cast(keras.ops.size(y_true), "float32"))
    def result(self):
        return self.total / self.n
n = Net(5, name="net")
n(X[:1])
fill(n)
n.compile(optimizer=keras.optimizers.RMSprop(0.01), loss="mae", metrics=[Bias()])
print(logs4(n.fit(X, Y, epochs=2, verbose=0, shuffle=False)))
n.save("n.keras")
r = keras.saving.load_model("n.keras")
print(type(r).__name__, r.hidden, r.name, type(r.optimizer).__name__, [m.name for m in r.metrics])
print("eval", r4(r.evaluate(X, Y, verbose=0, return_dict=True)), r4(n.evaluate(X, Y, verbose=0,
    return_dict=True)))
r2 = keras.saving.load_model("n.keras", compile=False)
print("no_compile", getattr(r2, "optimizer", "absent"), r2.compiled)
c = Net.from_config(n.get_config())
print("from_config", c.built, c.hidden)
"""

SNIPPETS["get_config_from_config_round_trips_of_layers"] = _TRY + """
makers = [
    lambda: layers.GRU(3, reset_after=False, recurrent_dropout=0.1, seed=2),
    lambda: layers.Bidirectional(layers.LSTM(2), merge_mode="ave"),
    lambda: layers.ConvLSTM1D(2, 3, padding="same"),
    lambda: layers.Dense(2, kernel_initializer=keras.initializers.Orthogonal(gain=0.5, seed=1),
                         kernel_constraint=keras.constraints.MaxNorm(2.0),
                         activity_regularizer=keras.regularizers.L1L2(0.1, 0.2)),
    lambda: layers.MultiHeadAttention(2, 4, value_dim=3, output_shape=(5,), attention_axes=(1,)),
    lambda: layers.EinsumDense("ab,bc->ac", output_shape=4, bias_axes="c"),
    lambda: layers.TimeDistributed(layers.Conv1D(2, 3)),
]
for make in makers:
    l = make()
    cfg = l.get_config()
    l2 = l.__class__.from_config(cfg)
    ser = keras.saving.serialize_keras_object
    same = ser(l2)["config"] == ser(l)["config"]
    print(type(l).__name__, same, len(cfg))
s = keras.saving.serialize_keras_object(makers[3]())
print(sorted(s), s["module"], s["class_name"], s["config"]["kernel_initializer"])
d = keras.saving.deserialize_keras_object(s)
print(type(d).__name__, type(d.kernel_constraint).__name__, d.kernel_initializer.get_config())
print(keras.saving.serialize_keras_object(keras.activations.gelu))
print(keras.saving.serialize_keras_object("relu"), keras.saving.serialize_keras_object(None))
"""

SNIPPETS["weights_files_and_partial_loads"] = _TRY + """
def make(units=2):
    m = keras.Sequential([keras.Input((3,)), layers.Dense(units, name="d1"), layers.Dense(1,
    name="d2")])
    fill(m)
    return m
m = make()
m.save_weights("w.weights.h5")
n = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="a"), layers.Dense(1, name="b")])
n.load_weights("w.weights.h5")
print("by_order", np.allclose(n.predict(X, verbose=0), m.predict(X, verbose=0)))
tryp("wrong_shape", lambda: make(3).load_weights("w.weights.h5"))
tryp("bad_ext", lambda: m.save_weights("w.h5"))
tryp("missing", lambda: m.load_weights("nope.weights.h5"))
m.save("full.keras")
k = make()
k.load_weights("full.keras")
print("from_keras_file", np.allclose(k.predict(X, verbose=0), m.predict(X, verbose=0)))
d = layers.Dense(2)
d.build((None, 3))
d.save_own_variables(store := {})
print("own_vars", sorted(store), [tuple(v.shape) for v in store.values()])
"""

SNIPPETS["saving_optimizer_state_and_resuming_fit"] = _TRY + """
m = dense_model(0.1)
m.compile(optimizer=keras.optimizers.Adam(0.05, use_ema=True), loss="mse", metrics=["mae"])
m.fit(X, Y, epochs=2, batch_size=4, verbose=0, shuffle=False)
m.save("s.keras")
r = keras.saving.load_model("s.keras")
print("iters", int(r.optimizer.iterations), int(m.optimizer.iterations), len(r.optimizer.variables),
      len(m.optimizer.variables))
print("ema", r.optimizer.use_ema, np.allclose(np.asarray(r.optimizer.variables[-1]),
      np.asarray(m.optimizer.variables[-1])))
h1 = m.fit(X, Y, epochs=1, batch_size=4, verbose=0, shuffle=False)
h2 = r.fit(X, Y, epochs=1, batch_size=4, verbose=0, shuffle=False)
print("resume_same", logs4(h1) == logs4(h2), logs4(h2))
print("metrics_cfg", r.get_compile_config()["metrics"])
"""

SNIPPETS["lambda_layer_loaded_with_safe_mode_off"] = _TRY + """
inp = keras.Input((3,), name="x")
m = keras.Model(inp, layers.Lambda(lambda t: t * 0.5, output_shape=(3,), name="half")(inp))
m.save("f.keras")
tryp("unsafe", lambda: np.allclose(keras.saving.load_model("f.keras", safe_mode=False).predict(X,
    verbose=0), m.predict(X, verbose=0)))
"""

SNIPPETS["functional_with_lambda_and_ops_saved"] = _TRY + """
inp = keras.Input((3,), name="x")
h = layers.Dense(4, name="d")(inp)
h = keras.ops.concatenate([h, keras.ops.square(inp)], axis=-1)
out = layers.Lambda(lambda t: t * 0.5, output_shape=(7,), name="half")(h)
m = keras.Model(inp, out)
fill(m)
m.save("f.keras")
tryp("safe_load", lambda: keras.saving.load_model("f.keras"))
inp = keras.Input((3,), name="x")
h = layers.Dense(4, name="d")(inp)
out = keras.ops.concatenate([h, keras.ops.square(inp)], axis=-1)
m = keras.Model(inp, layers.Activation("tanh")(out * 0.5))
fill(m)
m.save("g.keras")
r = keras.saving.load_model("g.keras")
print("ops_only", np.allclose(r.predict(X, verbose=0), m.predict(X, verbose=0)),
    [l.name for l in r.layers])
print(r.output.shape, [type(l).__name__ for l in r.layers])
"""
