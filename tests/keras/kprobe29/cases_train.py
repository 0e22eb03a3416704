"""kprobe29's snippets on keras.random with SeedGenerators in and out of tf.function, and on
training loops: train_step / test_step / predict_step overrides with compiled metrics,
model.metrics resets, fit() with validation_split, class_weight, sample_weight,
initial_epoch and steps_per_epoch over repeated datasets, evaluate's return_dict, predict
over generators and PyDatasets (see cases.py)."""

from tests.keras.kprobe29.prelude import _TRY

SNIPPETS = {}

SNIPPETS["random_seed_generator_eager_and_traced"] = _TRY + """
sg = keras.random.SeedGenerator(42)
print("state0", np.asarray(sg.state).tolist(), sg.state.dtype, sg.state.trainable)
a = keras.random.normal((3,), seed=sg)
b = keras.random.normal((3,), seed=sg)
print("differ", bool(np.any(np.asarray(a) != np.asarray(b))), np.asarray(sg.state).tolist())
sg2 = keras.random.SeedGenerator(42)
print("replay", np.allclose(a, keras.random.normal((3,), seed=sg2)))
print("int_seed_same", np.allclose(keras.random.uniform((3,), seed=7), keras.random.uniform((3,),
    seed=7)))
@tf.function
def draw(x):
    return x + keras.random.uniform((2,), seed=sg)
d1, d2 = draw(np.zeros(2, "float32")), draw(np.zeros(2, "float32"))
print("traced_differ", bool(np.any(np.asarray(d1) != np.asarray(d2))),
    np.asarray(sg.state).tolist())
show("randint", lambda: keras.random.randint((4,), 0, 3, seed=1).dtype)
show("randint_float", lambda: keras.random.randint((2,), 0, 3, seed=1, dtype="float32"))
show("uniform_int", lambda: keras.random.uniform((2,), seed=1, dtype="int32"))
show("normal_f16", lambda: keras.random.normal((2,), seed=1, dtype="float16").dtype)
show("cat_shape", lambda: keras.random.categorical(np.log(np.array([[0.5, 0.5], [1.0, 1e-9]],
    "float32")),
    4, seed=2).shape)
show("cat_sure", lambda: keras.random.categorical(np.array([[0.0, -1e9]], "float32"), 3, seed=2))
show("dropout_rate1", lambda: keras.random.dropout(np.ones(4, "float32"), 1.0, seed=1))
show("dropout_bad", lambda: keras.random.dropout(np.ones(4, "float32"), 1.5, seed=1))
show("shuffle_perm", lambda: sorted(np.asarray(keras.random.shuffle(np.arange(6),
    seed=3)).tolist()))
show("gamma_pos", lambda: bool(np.all(np.asarray(keras.random.gamma((20,), 0.5, seed=1)) > 0)))
show("beta_range", lambda: bool(np.all((np.asarray(keras.random.beta((20,), 2.0, 3.0,
    seed=1)) >= 0))))
show("binomial_int", lambda: keras.random.binomial((3,), 5, 0.5, seed=1).dtype)
show("truncated", lambda: bool(np.all(np.abs(np.asarray(keras.random.truncated_normal((50,),
    seed=1)))
    <= 2.0)))
show("seed_bad", lambda: keras.random.normal((2,), seed="abc"))
show("sg_bad", lambda: keras.random.SeedGenerator(seed="x"))
show("sg_config", lambda: sorted(sg.get_config()))
"""

SNIPPETS["seed_generator_layer_tracked_and_saved"] = _TRY + """
class Noisy(layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.gen = keras.random.SeedGenerator(5)
    def call(self, x, training=False):
        if training:
            return x + keras.random.normal(keras.ops.shape(x), stddev=0.1, seed=self.gen)
        return x
l = Noisy()
x = np.zeros((2, 2), "float32")
print("weights", [w.path for w in l.weights], len(l.non_trainable_weights))
print("seed_vars", [v.path for v in l.variables])
y1, y2 = l(x, training=True), l(x, training=True)
print("noise_diff", bool(np.any(np.asarray(y1) != np.asarray(y2))), r4(l(x)))
m = keras.Sequential([keras.Input((2,)), Noisy(), layers.Dense(1)])
print("model_weights", [w.path for w in m.weights])
print("non_trainable", len(m.non_trainable_weights), m.count_params())
"""

SNIPPETS["custom_train_step_compiled_metrics_and_reset"] = _TRY + """
class M(keras.Model):
    def train_step(self, data):
        x, y, _ = keras.utils.unpack_x_y_sample_weight(data)
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(x=x, y=y, y_pred=y_pred)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return self.compute_metrics(x, y, y_pred, sample_weight=None)
inp = keras.Input((3,))
m = M(inp, layers.Dense(1)(inp))
fill(m)
m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse", metrics=["mae",
    keras.metrics.RootMeanSquaredError()])
print("metrics_before", [x.name for x in m.metrics])
h = m.fit(X, Y, epochs=2, batch_size=4, verbose=0, shuffle=False)
print(logs4(h))
print("metrics_after", [x.name for x in m.metrics])
print("states", [r4(v) for v in m.metrics[1].variables])
m.reset_metrics()
print("reset", [r4(v) for v in m.metrics[1].variables], r4(m.get_metrics_result()))
print("eval", r4(m.evaluate(X, Y, verbose=0, return_dict=True)))
print("train_on_batch", r4(m.train_on_batch(X, Y, return_dict=True)))
print("test_on_batch", r4(m.test_on_batch(X, Y)))
"""

SNIPPETS["custom_test_and_predict_step_overrides"] = _TRY + """
class M(keras.Model):
    def test_step(self, data):
        x, y = data
        y_pred = self(x, training=False)
        self.compute_loss(x=x, y=y, y_pred=y_pred)
        out = self.compute_metrics(x, y, y_pred, None)
        out["pred_mean"] = keras.ops.mean(y_pred)
        return out
    def predict_step(self, data):
        x = data[0] if isinstance(data, tuple) else data
        y = self(x, training=False)
        return {"y": y, "double": y * 2}
inp = keras.Input((3,))
m = M(inp, layers.Dense(1)(inp))
fill(m)
m.compile(optimizer="sgd", loss="mse", metrics=["mae"])
print("eval", r4(m.evaluate(X, Y, batch_size=4, verbose=0, return_dict=True)))
print("eval_list", r4(m.evaluate(X, Y, batch_size=4, verbose=0)))
p = m.predict(X, batch_size=3, verbose=0)
print("pred", type(p).__name__, sorted(p), p["y"].shape, r4(p["double"][:2]))
print("pred_batch", sorted(m.predict_on_batch(X)))
h = m.fit(X, Y, validation_data=(X, Y), epochs=1, batch_size=4, verbose=0)
print(logs4(h))
"""

SNIPPETS["fit_validation_split_sample_and_class_weights"] = _TRY + """
Xs = np.linspace(-1, 1, 30, dtype="float32").reshape(10, 3)
Yc = (np.arange(10) % 2).astype("int32")
sw = np.linspace(0.5, 1.5, 10).astype("float32")
def make():
    m = keras.Sequential([keras.Input((3,)), layers.Dense(2, activation="softmax")])
    fill(m)
    m.compile(optimizer=keras.optimizers.SGD(0.5), loss="sparse_categorical_crossentropy",
              metrics=["accuracy"], weighted_metrics=["accuracy"])
    return m
h = make().fit(Xs, Yc, sample_weight=sw, validation_split=0.3, epochs=2, batch_size=4, verbose=0,
    shuffle=False)
print("sw", logs4(h))
h = make().fit(Xs, Yc, class_weight={0: 2.0, 1: 0.5}, validation_split=0.2, epochs=2, batch_size=4,
    verbose=0, shuffle=False)
print("cw", logs4(h))
tryp("both", lambda: logs4(make().fit(Xs, Yc, sample_weight=sw, class_weight={0: 2.0, 1: 0.5},
    epochs=1, verbose=0, shuffle=False)))
tryp("cw_missing_class", lambda: logs4(make().fit(Xs, Yc, class_weight={0: 2.0}, epochs=1,
    verbose=0)))
tryp("split_bad", lambda: make().fit(Xs, Yc, validation_split=1.0, epochs=1, verbose=0))
tryp("sw_2d", lambda: logs4(make().fit(Xs, Yc, sample_weight=sw[:, None], epochs=1, verbose=0,
    shuffle=False)))
tryp("sw_wrong_len", lambda: make().fit(Xs, Yc, sample_weight=sw[:5], epochs=1, verbose=0))
"""

SNIPPETS["fit_initial_epoch_steps_per_epoch_repeated"] = _TRY + """
ds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(3).repeat()
m = dense_model(0.05)
seen = []
cb = keras.callbacks.LambdaCallback(on_epoch_begin=lambda e, logs: seen.append(e),
    on_train_batch_end=lambda b, logs: seen.append(("b", b)))
h = m.fit(ds, epochs=4, initial_epoch=2, steps_per_epoch=2, verbose=0, callbacks=[cb])
print(logs4(h), h.epoch, h.params)
print("seen", seen)
print("iters", int(m.optimizer.iterations))
h = m.fit(ds, epochs=2, steps_per_epoch=5, validation_data=ds, validation_steps=2, verbose=0)
print(logs4(h), int(m.optimizer.iterations))
tryp("no_steps", lambda: m.fit(ds.take(100), epochs=1, verbose=0, steps_per_epoch=None) and "ran")
tryp("initial_past", lambda: m.fit(X, Y, epochs=2, initial_epoch=3, verbose=0).history)
fin = tf.data.Dataset.from_tensor_slices((X, Y)).batch(3)
h = quiet(lambda: m.fit(fin, epochs=2, steps_per_epoch=5, verbose=0))
print("ran_out", logs4(h), h.epoch)
"""

SNIPPETS["evaluate_return_dict_steps_and_weights"] = _TRY + """
inp = keras.Input((3,))
o1 = layers.Dense(1, name="a")(inp)
o2 = layers.Dense(2, name="b")(inp)
m = keras.Model(inp, {"a": o1, "b": o2})
fill(m)
m.compile(optimizer="sgd", loss={"a": "mse", "b": "mae"}, loss_weights={"a": 1.0, "b": 0.5},
          metrics={"a": ["mae"], "b": [keras.metrics.MeanSquaredError(name="mse_b")]})
Yd = {"a": Y, "b": np.concatenate([Y, -Y], axis=1)}
print("list", r4(m.evaluate(X, Yd, verbose=0)))
print("dict", r4(m.evaluate(X, Yd, verbose=0, return_dict=True)))
print("steps", r4(m.evaluate(X, Yd, batch_size=2, steps=2, verbose=0, return_dict=True)))
print("sw", r4(m.evaluate(X, Yd, sample_weight={"a": np.arange(8, dtype="float32"),
    "b": np.ones(8, "float32")}, verbose=0, return_dict=True)))
ds = tf.data.Dataset.from_tensor_slices((X, Yd)).batch(3)
print("ds", r4(m.evaluate(ds, verbose=0, return_dict=True)))
print("names", m.metrics_names)
tryp("missing_key", lambda: m.evaluate(X, {"a": Y}, verbose=0))
"""

SNIPPETS["predict_generator_pydataset_and_steps"] = _TRY + """
m = dense_model()
def gen():
    for i in range(3):
        yield X[i * 2:(i + 1) * 2]
tryp("gen_arrays", lambda: m.predict(gen(), verbose=0))
def gen1():
    for i in range(3):
        yield (X[i * 2:(i + 1) * 2],)
print("gen", r4(m.predict(gen1(), verbose=0)))
def gen_xy():
    while True:
        yield X[:3], Y[:3]
print("gen_steps", m.predict(gen_xy(), steps=2, verbose=0).shape)
class Seq(keras.utils.PyDataset):
    def __init__(self, **kw):
        super().__init__(**kw)
    def __len__(self):
        return 3
    def __getitem__(self, i):
        return X[i * 3:(i + 1) * 3], Y[i * 3:(i + 1) * 3]
p = m.predict(Seq(), verbose=0)
print("pyds", p.shape, r4(p[-2:]))
print("pyds_steps", m.predict(Seq(), steps=1, verbose=0).shape)
print("eval_pyds", r4(m.evaluate(Seq(), verbose=0)))
h = m.fit(Seq(), epochs=2, verbose=0)
print("fit_pyds", logs4(h))
class Dict(keras.utils.PyDataset):
    def __len__(self):
        return 2
    def __getitem__(self, i):
        return {"x": X[i * 4:(i + 1) * 4]}
inp = keras.Input((3,), name="x")
fm = keras.Model(inp, layers.Dense(1)(inp))
fill(fm)
print("dict_pyds", fm.predict(Dict(), verbose=0).shape)
tryp("empty_gen", lambda: m.predict((x for x in []), verbose=0))
"""

SNIPPETS["train_on_batch_weights_and_reset"] = _TRY + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(2, activation="softmax")])
fill(m)
m.compile(optimizer=keras.optimizers.SGD(0.5), loss="sparse_categorical_crossentropy",
          metrics=["accuracy"])
yc = (np.arange(8) % 2).astype("int32")
print(r4(m.train_on_batch(X, yc)))
print(r4(m.train_on_batch(X, yc, class_weight={0: 3.0, 1: 1.0})))
print(r4(m.train_on_batch(X, yc, sample_weight=np.linspace(0, 1, 8).astype("float32"),
    return_dict=True)))
tryp("reset_metrics", lambda: m.train_on_batch(X, yc, reset_metrics=False))
print(r4(m.train_on_batch(X, yc, return_dict=True)))
print(r4(m.test_on_batch(X, yc, sample_weight=np.ones(8, "float32"), return_dict=True)))
print(r4(m.predict_on_batch(X[:2])))
print(int(m.optimizer.iterations))
"""

SNIPPETS["compute_loss_override_with_regularizers"] = _TRY + """
class M(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = layers.Dense(1, kernel_regularizer=keras.regularizers.L2(0.1))
    def call(self, x):
        self.add_loss(0.01 * keras.ops.sum(x))
        return self.d(x)
    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        base = super().compute_loss(x, y, y_pred, sample_weight, training=training)
        return base + 1.0
m = M()
m(X[:1])
fill(m)
m.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
print("losses", len(m.losses), r4(m.losses))
h = m.fit(X, Y, epochs=2, batch_size=8, verbose=0)
print(logs4(h))
print("eval", r4(m.evaluate(X, Y, verbose=0)))
print(wsum(m))
"""

SNIPPETS["fit_python_lists_dicts_and_tuples_of_inputs"] = _TRY + """
a = keras.Input((2,), name="a")
b = keras.Input((1,), name="b")
out = layers.Dense(1)(layers.Concatenate()([a, b]))
m = keras.Model([a, b], out)
fill(m)
m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
xa, xb = X[:, :2], X[:, 2:]
print("list", logs4(m.fit([xa, xb], Y, epochs=1, verbose=0, shuffle=False)))
print("tuple", logs4(m.fit((xa, xb), Y, epochs=1, verbose=0, shuffle=False)))
print("dict", logs4(m.fit({"a": xa, "b": xb}, Y, epochs=1, verbose=0, shuffle=False)))
print("pred_dict", r4(m.predict({"a": xa[:2], "b": xb[:2]}, verbose=0)))
tryp("dict_extra", lambda: m.predict({"a": xa, "b": xb, "c": xb}, verbose=0).shape)
tryp("one_input", lambda: m.predict(xa, verbose=0))
tryp("three_inputs", lambda: m.predict([xa, xb, xb], verbose=0))
"""

SNIPPETS["fit_steps_per_execution_and_metrics_logs"] = _TRY + """
m = dense_model(0.05, metrics=["mae"], steps_per_execution=3)
seen = []
cb = keras.callbacks.LambdaCallback(on_train_batch_end=lambda batch, logs: seen.append(
    (batch, round(float(logs["loss"]), 4))))
h = m.fit(X, Y, batch_size=2, epochs=1, verbose=0, callbacks=[cb], shuffle=False)
print(logs4(h), seen)
print("iters", int(m.optimizer.iterations))
print("eval", r4(m.evaluate(X, Y, batch_size=2, verbose=0)))
ds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(2)
m3 = dense_model(0.05, steps_per_execution=3)
print("ds", logs4(m3.fit(ds, epochs=2, verbose=0)), int(m3.optimizer.iterations))
"""

SNIPPETS["mixed_float16_fit_loss_scaling_and_dtypes"] = _TRY + """
keras.config.set_dtype_policy("mixed_float16")
try:
    inp = keras.Input((3,))
    h = layers.Dense(4, activation="relu", name="d1")(inp)
    out = layers.Dense(1, name="d2", dtype="float32")(h)
    m = keras.Model(inp, out)
    fill(m)
    m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse", metrics=["mae"])
    print(type(m.optimizer).__name__, getattr(m.optimizer, "inner_optimizer",
    None).__class__.__name__)
    print([(l.name, l.compute_dtype, l.variable_dtype) for l in m.layers[1:]])
    print("sym", m.layers[1].output.dtype, m.output.dtype)
    h = m.fit(X, Y, epochs=2, batch_size=4, verbose=0, shuffle=False)
    print(logs4(h))
    print("scale", float(m.optimizer.dynamic_scale), int(m.optimizer.iterations))
    p = m.predict(X[:2], verbose=0)
    print("pred", p.dtype, r4(p))
    print("kernel", m.layers[1].kernel.dtype, type(m.layers[1].kernel).__name__)
    with tf.GradientTape() as tape:
        y = m(X)
        loss = keras.ops.mean(y)
    g = tape.gradient(loss, m.trainable_variables)
    print("grads", [str(t.dtype.name) for t in g])
    m2 = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
    m2.compile(optimizer="sgd", loss="mse", auto_scale_loss=False)
    print("no_auto", type(m2.optimizer).__name__)
finally:
    keras.config.set_dtype_policy("float32")
"""

SNIPPETS["dropout_and_noise_layers_in_traced_training"] = _TRY + """
inp = keras.Input((6,))
h = layers.Dropout(0.5, seed=3)(inp)
h = layers.GaussianNoise(0.1, seed=4)(h)
h = layers.GaussianDropout(0.2, seed=5)(h)
out = layers.AlphaDropout(0.2, seed=6)(h)
m = keras.Model(inp, out)
x = np.ones((4, 6), "float32")
print("infer_same", np.allclose(m(x), x), np.allclose(m.predict(x, verbose=0), x))
a, b = np.asarray(m(x, training=True)), np.asarray(m(x, training=True))
print("train_differs", bool(np.any(a != b)), a.shape)
@tf.function
def step(v):
    return m(v, training=True)
c, d = np.asarray(step(x)), np.asarray(step(x))
print("traced_differs", bool(np.any(c != d)))
dropped = np.asarray(layers.Dropout(0.5, seed=1)(np.ones((100, 10), "float32"), training=True))
print("zeros_fraction_range", 0.0 < float(np.mean(dropped == 0)) < 1.0)
print("kept_scaled", sorted(set(np.round(dropped.ravel(), 4).tolist())))
print([w.path for w in m.weights], len(m.non_trainable_weights))
print(sorted(layers.Dropout(0.5, noise_shape=(None, 1), seed=3).get_config().items()))
"""
