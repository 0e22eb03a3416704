"""kprobe18's snippets on callbacks and model files: EarlyStopping's baseline,
start_from_epoch and min_delta, ReduceLROnPlateau's cooldown and min_lr, ModelCheckpoint's
formatted file names and save_freq, to_json and model_from_json, summaries of nested
models, get_weights/set_weights errors, and regularizers, constraints and initializers'
configs (see cases.py)."""

from tests.keras.kprobe18.prelude import _TRY

SNIPPETS = {}

_FIT = """
X = np.linspace(-1, 1, 24, dtype="float32").reshape(8, 3)
Y = (X.sum(axis=1, keepdims=True) * 0.5).astype("float32")
def model(lr=0.05):
    m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
    fill(m)
    m.compile(optimizer=keras.optimizers.SGD(lr), loss="mse", metrics=["mae"])
    return m
"""

SNIPPETS["early_stopping_baseline_and_start"] = _TRY + _FIT + """
m = model()
es = keras.callbacks.EarlyStopping(monitor="loss", baseline=0.0001, patience=1, verbose=1)
h = m.fit(X, Y, epochs=6, batch_size=8, verbose=0, callbacks=[es])
print(h.epoch, es.stopped_epoch, es.wait, es.best)
m = model(-0.05)
es = keras.callbacks.EarlyStopping(monitor="loss", patience=0, start_from_epoch=3, verbose=1)
h = m.fit(X, Y, epochs=8, batch_size=8, verbose=0, callbacks=[es])
print(h.epoch, es.stopped_epoch)
m = model()
es = keras.callbacks.EarlyStopping(monitor="mae", mode="max", min_delta=0.5, patience=1, verbose=1)
h = m.fit(X, Y, epochs=5, batch_size=8, verbose=0, callbacks=[es])
print(h.epoch, es.stopped_epoch, es.min_delta, es.monitor_op.__name__ if hasattr(es.monitor_op,
    "__name__") else None)
es = keras.callbacks.EarlyStopping(monitor="nope", verbose=1)
tryp("unknown_monitor", lambda: model().fit(X, Y, epochs=2, batch_size=8, verbose=0,
    callbacks=[es]).epoch)
es = keras.callbacks.EarlyStopping(monitor="nope", mode="min", verbose=1)
tryp("unknown_monitor_min", lambda: model().fit(X, Y, epochs=2, batch_size=8, verbose=0,
    callbacks=[es]).epoch)
tryp("bad_mode", lambda: (type(keras.callbacks.EarlyStopping(mode="up")).__name__,
                         keras.callbacks.EarlyStopping(mode="up", monitor="val_acc").mode))
"""

SNIPPETS["reduce_lr_cooldown_min_lr"] = _TRY + _FIT + """
m = model(-0.01)
cb = keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=0, cooldown=1,
                                       min_lr=0.0026, verbose=1)
h = m.fit(X, Y, epochs=6, batch_size=8, verbose=0, callbacks=[cb])
print(sorted(h.history), [round(v, 6) for v in h.history["learning_rate"]])
print(cb.cooldown_counter, cb.wait, round(float(m.optimizer.learning_rate), 6))
tryp("factor_one", lambda: keras.callbacks.ReduceLROnPlateau(factor=1.0))
cb = keras.callbacks.ReduceLROnPlateau(monitor="val_loss", verbose=1)
h = model().fit(X, Y, epochs=1, batch_size=8, verbose=0, callbacks=[cb])
print(sorted(h.history))
"""

SNIPPETS["model_checkpoint_names_and_freq"] = _TRY + _FIT + """
os.chdir(D)
m = model()
ck = keras.callbacks.ModelCheckpoint("w-{epoch:02d}-{loss:.3f}.weights.h5", save_weights_only=True,
                                     verbose=1)
quiet(lambda: m.fit(X, Y, epochs=2, batch_size=8, verbose=0, callbacks=[ck]))
print(sorted(os.listdir(D)))
ck = keras.callbacks.ModelCheckpoint("best.keras", monitor="loss", save_best_only=True, verbose=1)
quiet(lambda: model(-0.05).fit(X, Y, epochs=3, batch_size=8, verbose=0, callbacks=[ck]))
print(round(ck.best, 4), os.path.exists("best.keras"))
ck = keras.callbacks.ModelCheckpoint("s{batch}.weights.h5", save_weights_only=True, save_freq=3)
quiet(lambda: model().fit(X, Y, epochs=2, batch_size=2, verbose=0, callbacks=[ck]))
print(sorted(f for f in os.listdir(D) if f.startswith("s")))
tryp("bad_ext", lambda: keras.callbacks.ModelCheckpoint("x.h6"))
tryp("bad_weights_ext", lambda: keras.callbacks.ModelCheckpoint("x.keras", save_weights_only=True))
tryp("bad_freq", lambda: keras.callbacks.ModelCheckpoint("x.keras", save_freq="often"))
tryp("missing_key", lambda: model().fit(X, Y, epochs=1, verbose=0,
     callbacks=[keras.callbacks.ModelCheckpoint("{val_acc}.keras")]))
"""

SNIPPETS["to_json_and_model_from_json"] = _TRY + """
i = keras.Input((4,), name="inp")
x = layers.Dense(3, activation="relu", kernel_regularizer=keras.regularizers.L2(0.01), name="d")(i)
x = layers.Dropout(0.3, name="drop")(x)
o = layers.Dense(2, activation="softmax", name="out")(x)
m = keras.Model(i, o, name="clf")
j = m.to_json()
d = json.loads(j)
print(type(j).__name__, sorted(d), d["class_name"], d["module"], d.get("registered_name"))
print(sorted(d["config"]), [l["class_name"] for l in d["config"]["layers"]])
print(json.dumps(d["config"]["layers"][1]["config"]["kernel_regularizer"]))
back = keras.models.model_from_json(j)
print(back.name, [l.name for l in back.layers], back.layers[1].kernel_regularizer.get_config())
j2 = m.to_json(indent=2)
print(j2.splitlines()[:3])
s = keras.Sequential([keras.Input((2,)), layers.Dense(1, name="only")], name="s")
sb = keras.models.model_from_json(s.to_json())
print(type(sb).__name__, sb.name, [l.name for l in sb.layers], sb.built)
class Scale(layers.Layer):
    def call(self, x):
        return x * 2
ci = keras.Input((2,))
cm = keras.Model(ci, Scale(name="sc")(ci))
tryp("unknown_layer", lambda: keras.models.model_from_json(cm.to_json()))
print(type(keras.models.model_from_json(cm.to_json(),
    custom_objects={"Scale": Scale}).layers[1]).__name__)
tryp("not_json", lambda: keras.models.model_from_json("{bad"))
"""

SNIPPETS["summary_nested_expand_trainable"] = _TRY + """
inner = keras.Sequential([keras.Input((4,)), layers.Dense(3, name="i1"),
                          layers.BatchNormalization(name="bn")], name="inner")
inner.layers[0].trainable = False
i = keras.Input((4,), name="x")
mid = keras.Model(i, layers.Dense(2, name="m1")(inner(i)), name="mid")
j = keras.Input((4,), name="y")
outer = keras.Model(j, layers.Dense(1, name="head")(mid(j)), name="outer")
mid.trainable = False
outer.summary(expand_nested=True, show_trainable=True)
outer.summary(show_trainable=True, line_length=70)
outer.summary(expand_nested=True, layer_range=("mid", "head"))
tryp("bad_range", lambda: outer.summary(layer_range=("nope", "head")))
"""

SNIPPETS["get_set_weights_errors"] = _TRY + """
d = layers.Dense(2)
print(d.get_weights())
tryp("unbuilt_set", lambda: d.set_weights([np.ones((3, 2))]))
d.build((None, 3))
tryp("count", lambda: d.set_weights([np.ones((3, 2))]))
tryp("shape", lambda: d.set_weights([np.ones((2, 3)), np.zeros(2)]))
tryp("dtype_int", lambda: (d.set_weights([np.ones((3, 2), "int64"), np.zeros(2, "int64")]),
                             str(d.kernel.dtype), r4(d.kernel))[1:])
tryp("list_values", lambda: (d.set_weights([[[1, 2], [3, 4], [5, 6]], [0, 1]]), r4(d.bias))[1])
m = keras.Sequential([keras.Input((3,)), layers.Dense(2), layers.Dense(1)])
tryp("model_count", lambda: m.set_weights(m.get_weights()[:3]))
tryp("model_shape", lambda: m.set_weights([np.ones((3, 2)), np.ones(2), np.ones((3, 1)),
    np.ones(1)]))
tryp("scalar", lambda: layers.Dense(1).set_weights(3))
print([w.shape for w in m.get_weights()], type(m.get_weights()[0]).__name__)
"""

SNIPPETS["regularizers_constraints_configs"] = _TRY + """
W = np.array([[0.5, -2.0, 1.0], [3.0, 0.0, -0.5]], "float32")
for reg in [keras.regularizers.L1(0.1), keras.regularizers.L2(0.2), keras.regularizers.L1L2(0.1,
    0.2),
            keras.regularizers.OrthogonalRegularizer(0.5, mode="rows"),
            keras.regularizers.OrthogonalRegularizer(0.5, mode="columns")]:
    tryp(type(reg).__name__, lambda: float(reg(W)))
    print("  ", reg.get_config())
print(keras.regularizers.get("l1l2").get_config(), keras.regularizers.get({"class_name": "L2",
    "config": {"l2": 0.3}}).get_config())
tryp("neg", lambda: keras.regularizers.L1(-1.0))
tryp("bad_mode", lambda: keras.regularizers.OrthogonalRegularizer(mode="diag"))
for c in [keras.constraints.MaxNorm(1.5), keras.constraints.MaxNorm(1.0, axis=1),
          keras.constraints.MinMaxNorm(0.5, 1.0, rate=0.5), keras.constraints.UnitNorm(axis=1),
          keras.constraints.NonNeg()]:
    print(type(c).__name__, r4(c(W)), c.get_config())
print(keras.constraints.get("max_norm").get_config(), keras.constraints.get(None))
tryp("bad_constraint", lambda: keras.constraints.get("positive"))
"""

SNIPPETS["initializers_configs_round_trip"] = _TRY + """
for name in ["glorot_normal", "he_uniform", "lecun_uniform", "orthogonal", "truncated_normal",
             "random_normal", "variance_scaling", "identity", "constant"]:
    def round_trip():
        init = keras.initializers.get(name)
        cfg = init.get_config()
        return type(init).__name__, cfg, type(init).from_config(cfg).get_config() == cfg
    tryp(name, round_trip)
ser = keras.initializers.serialize(keras.initializers.HeNormal(seed=4))
print(ser)
print(type(keras.initializers.deserialize(ser)).__name__)
v = keras.initializers.VarianceScaling(scale=0.5, mode="fan_avg",
    distribution="untruncated_normal", seed=11)
print(r4(v((2, 3))), r4(v((2, 3))))
unordered("bad_dist", lambda: keras.initializers.VarianceScaling(distribution="gauss"))
tryp("bad_scale", lambda: keras.initializers.VarianceScaling(scale=0))
unordered("bad_mode", lambda: keras.initializers.VarianceScaling(mode="fan"))
d = layers.Dense(2, kernel_initializer=keras.initializers.RandomNormal(stddev=0.1, seed=9),
                 bias_initializer=keras.initializers.Constant([1.0, 2.0]))
d.build((None, 2))
print(r4(d.kernel), r4(d.bias))
print(d.get_config()["kernel_initializer"], d.get_config()["bias_initializer"])
"""
