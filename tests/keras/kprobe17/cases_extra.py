"""kprobe17's last snippets: regularization losses, seeded and fixed initializers, custom
and tensor-valued mean metrics, validation frequency and steps in fit, dict inputs and
outputs through predict, and the arguments Keras 3 refuses or warns about in layers
(see cases.py)."""

from tests.keras.kprobe17.prelude import _TRY

SNIPPETS = {}

SNIPPETS["regularization_losses"] = _TRY + """
x = np.linspace(-1, 1, 12, dtype="float32").reshape(4, 3)
d = layers.Dense(2, kernel_regularizer=keras.regularizers.L2(0.1),
                 bias_regularizer="l1",
                 activity_regularizer=keras.regularizers.L1L2(l1=0.01, l2=0.02))
d.build((None, 3))
fill(d)
print(len(d.losses), [round(float(l), 5) for l in d.losses])
y = d(x)
print(len(d.losses), [round(float(l), 5) for l in d.losses])
i = keras.Input((3,))
m = keras.Model(i, layers.Dense(1, kernel_regularizer=keras.regularizers.L1(0.5))(d(i)))
fill(m)
m.compile(keras.optimizers.SGD(0.0), "mse")
tryp("losses", lambda: [round(float(l), 5) for l in m.losses])
tryp("eval", lambda: m.evaluate(x, np.zeros((4, 1)), verbose=0))
m(x)
tryp("after_call", lambda: [round(float(l), 5) for l in m.losses])
print(keras.regularizers.L1L2(l1=0.01).get_config(), keras.regularizers.get("l2").get_config())
tryp("orthogonal", lambda: keras.regularizers.OrthogonalRegularizer(0.1, mode="rows")(np.eye(3, 2)))
tryp("bad", lambda: keras.regularizers.get("l3"))
tryp("negative", lambda: keras.regularizers.L2(-1.0))
"""

SNIPPETS["initializers_seeded_and_fixed"] = _TRY + """
for init in [keras.initializers.Constant(0.5), keras.initializers.Identity(gain=2.0),
             keras.initializers.Zeros(), keras.initializers.Ones(),
             keras.initializers.GlorotUniform(seed=3), keras.initializers.HeNormal(seed=3),
             keras.initializers.RandomUniform(-1, 1, seed=7),
             keras.initializers.TruncatedNormal(seed=7), keras.initializers.Orthogonal(seed=2),
             keras.initializers.VarianceScaling(2.0, "fan_out", "uniform", seed=5),
             keras.initializers.LecunNormal(seed=1)]:
    tryp(type(init).__name__, lambda: np.asarray(init((3, 2))))
    print("  ", init.get_config())
g = keras.initializers.GlorotUniform(seed=3)
print(np.allclose(g((2, 2)), g((2, 2))))
tryp("identity_3d", lambda: keras.initializers.Identity()((2, 2, 2)))
tryp("bad_name", lambda: keras.initializers.get("glorot"))
print(type(keras.initializers.get("he_uniform")).__name__, type(keras.initializers.get(None)))
tryp("int_dtype", lambda: keras.initializers.GlorotUniform(seed=1)((2, 2), dtype="int32"))
"""

SNIPPETS["mean_metrics_and_custom_fns"] = _TRY + """
m = keras.metrics.Mean()
m.update_state([1.0, 2.0, 3.0], sample_weight=[1, 0, 2])
print("mean", float(m.result()), [float(v) for v in m.variables])
s = keras.metrics.Sum()
s.update_state([[1.0, 2.0], [3.0, 4.0]])
print("sum", float(s.result()))
def within(y_true, y_pred):
    return keras.ops.cast(keras.ops.abs(y_true - y_pred) < 0.5, "float32")
w = keras.metrics.MeanMetricWrapper(within, name="within")
w.update_state(np.array([[1.0], [2.0], [3.0]]), np.array([[1.2], [2.9], [3.4]]))
print("wrapper", round(float(w.result()), 4), w.get_config()["name"])
X = np.arange(6.0).reshape(3, 2).astype("float32")
mod = keras.Sequential([keras.Input((2,)), layers.Dense(1, kernel_initializer="ones")])
mod.compile(loss="mse", metrics=[within, keras.metrics.Mean(name="plain")])
tryp("compiled", lambda: mod.evaluate(X, np.array([1.0, 5.0, 9.0]), verbose=0, return_dict=True))
print([x.name for x in mod.metrics])
tryp("mean_bad_weight", lambda: keras.metrics.Mean().update_state([1.0, 2.0],
                                                                  sample_weight=[1, 2, 3]))
print(repr(m.result()), m.dtype, keras.metrics.Mean(dtype="float16").dtype)
"""

SNIPPETS["fit_validation_freq_and_steps"] = _TRY + """
X = np.linspace(-1, 1, 24, dtype="float32").reshape(12, 2)
Y = X.sum(1, keepdims=True)
class Seen(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        print("epoch", epoch, sorted(logs))
    def on_test_begin(self, logs=None):
        print("  test begins")
m = keras.Sequential([keras.Input((2,)), layers.Dense(1, kernel_initializer="zeros")])
m.compile(keras.optimizers.SGD(0.1), "mse")
h = m.fit(X, Y, batch_size=4, epochs=4, validation_data=(X, Y), validation_freq=2,
          verbose=0, callbacks=[Seen()])
print({k: np.round(v, 4).tolist() for k, v in h.history.items()})
h = m.fit(X, Y, batch_size=4, epochs=1, validation_split=0.25, validation_batch_size=1,
          validation_steps=2, verbose=0)
print(sorted(h.history), h.params)
tryp("bad_freq", lambda: m.fit(X, Y, epochs=1, validation_data=(X, Y), validation_freq=0,
                               verbose=0))
tryp("freq_list", lambda: m.fit(X, Y, epochs=2, validation_data=(X, Y), validation_freq=[2],
                                verbose=0).history.keys())
try:  # (the message ends naming the data's Python class: its module is TF's own)
    m.fit(tf.data.Dataset.from_tensor_slices((X, Y)).batch(4), validation_split=0.2, verbose=0)
except ValueError as e:
    print("split_with_dataset", str(e).split("Found")[0])
tryp("split_too_big", lambda: m.fit(X, Y, validation_split=1.0, verbose=0))
"""

SNIPPETS["dict_inputs_outputs_predict"] = _TRY + """
a = keras.Input((2,), name="a")
b = keras.Input((3,), name="b")
h = layers.Concatenate()([a, b])
m = keras.Model({"a": a, "b": b}, {"sum": layers.Dense(1, name="sum")(h),
                                   "cls": layers.Dense(2, activation="softmax", name="cls")(h)})
fill(m)
x = {"a": np.ones((3, 2), "float32"), "b": np.arange(9.0, dtype="float32").reshape(3, 3)}
p = m.predict(x, verbose=0, batch_size=2)
print(type(p).__name__, sorted(p), {k: v.shape for k, v in p.items()})
tryp("sum", lambda: p["sum"].ravel())
print(m.output_names if hasattr(m, "output_names") else None, [t.name for t in m.outputs])
m.compile(keras.optimizers.SGD(0.01), loss={"sum": "mse", "cls": "sparse_categorical_crossentropy"},
          metrics={"cls": "accuracy"}, loss_weights={"sum": 0.5, "cls": 2.0})
r = m.evaluate(x, {"sum": np.zeros((3, 1)), "cls": np.array([0, 1, 1])}, verbose=0,
               return_dict=True)
print({k: round(v, 4) for k, v in r.items()})
tryp("missing_key", lambda: m.evaluate(x, {"sum": np.zeros((3, 1))}, verbose=0))
tryp("list_inputs", lambda: m.predict([x["a"], x["b"]], verbose=0)["sum"].shape)
tryp("wrong_key", lambda: m.predict({"a": x["a"], "c": x["b"]}, verbose=0))
"""

SNIPPETS["layer_arguments_refused_or_warned"] = _TRY + """
import warnings
def caught(label, fn):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            r = fn()
            print(label, "ok", type(r).__name__)
        except Exception as e:
            print(label, type(e).__name__, str(e)[:250])
    for x in w:
        print("  warning:", str(x.message)[:200])
caught("input_shape", lambda: layers.Dense(2, input_shape=(3,)))
caught("input_dim", lambda: layers.Dense(2, input_dim=3))
caught("embedding_input_length", lambda: layers.Embedding(5, 2, input_length=4))
caught("lstm_input_shape", lambda: layers.LSTM(2, input_shape=(None, 3)))
caught("unknown_kwarg", lambda: layers.Dense(2, kernel="x"))
caught("units_zero", lambda: layers.Dense(0))
caught("units_float", lambda: layers.Dense(2.5))
caught("dropout_rate", lambda: layers.Dropout(1.5))
caught("conv_kernel_zero", lambda: layers.Conv2D(2, 0))
caught("seq_with_input_shape",
       lambda: keras.Sequential([layers.Dense(2, input_shape=(3,))]).output_shape)
caught("fit_nb_epoch", lambda: keras.Sequential([layers.Dense(1)]).fit(
    np.ones((2, 1)), np.ones((2, 1)), nb_epoch=2))
caught("activation_unknown", lambda: layers.Dense(2, activation="swishy"))
"""

SNIPPETS["initializers_of_other_dtypes"] = _TRY + """
I = keras.initializers
makers = [("glorot_normal", lambda d: I.GlorotNormal(seed=1)((2, 2), dtype=d)),
          ("he_uniform", lambda d: I.HeUniform(seed=1)((2, 2), dtype=d)),
          ("untruncated", lambda d: I.VarianceScaling(distribution="untruncated_normal",
                                                      seed=1)((2, 2), dtype=d)),
          ("truncated", lambda d: I.TruncatedNormal(seed=1)((2, 2), dtype=d)),
          ("normal", lambda d: I.RandomNormal(seed=1)((2, 2), dtype=d)),
          ("uniform", lambda d: I.RandomUniform(-3, 3, seed=1)((2, 2), dtype=d)),
          ("orthogonal", lambda d: I.Orthogonal(seed=1)((2, 2), dtype=d)),
          ("constant", lambda d: I.Constant(2)((2, 2), dtype=d)),
          ("identity", lambda d: I.Identity()((2, 2), dtype=d)),
          ("identity_int_gain", lambda d: I.Identity(gain=3)((2, 2), dtype=d))]
for name, make in makers:
    for d in ["int32", "int64", "bool", "bfloat16"]:
        try:
            r = make(d)
            print(name, d, keras.backend.standardize_dtype(r.dtype), np.asarray(r).tolist())
        except Exception as e:
            print(name, d, type(e).__name__, str(e)[:150])
"""

SNIPPETS["custom_layer_add_weight_arguments"] = _TRY + """
class W(layers.Layer):
    def __init__(self, spec, **kw):
        super().__init__(**kw)
        self.spec = spec
    def build(self, input_shape):
        self.w = self.add_weight(**self.spec)
    def call(self, x):
        return x * keras.ops.sum(keras.ops.cast(self.w, x.dtype))
x = np.ones((2, 3), "float32")
for spec in [dict(shape=(3,)), dict(shape=(2, 2), initializer="ones", name="k"),
             dict(shape=(), initializer=keras.initializers.Constant(2.0), trainable=False),
             dict(shape=(2,), dtype="int32", initializer="zeros"),
             dict(shape=(2,), regularizer="l2", initializer="ones"),
             dict(shape=(2,), constraint="non_neg", initializer="ones"),
             dict(shape=(2,), initializer="ones", aggregation="sum", synchronization="on_read"),
             dict(shape=(None, 2)), dict(shape=(2,), initializer="nope"),
             dict(shape=(2,), aggregation="avg"), dict(shape=(2,), constraint="positive")]:
    layer = W(spec)
    try:
        y = layer(x)
        w = layer.w
        print(sorted(k for k in spec), w.name, w.path, w.dtype, tuple(w.shape), w.trainable,
              [round(float(v), 4) for v in np.ravel(np.asarray(w))][:4], len(layer.losses),
              w.aggregation, w.synchronization)
    except Exception as e:
        print(sorted(k for k in spec), type(e).__name__, str(e)[:200])
"""

SNIPPETS["add_loss_only_models"] = _TRY + """
class Penalty(layers.Layer):
    def call(self, x):
        self.add_loss(keras.ops.mean(keras.ops.square(x)))
        return x
i = keras.Input((2,))
h = layers.Dense(2, kernel_initializer="ones", name="d")(i)
o = Penalty(name="penalty")(h)
m = keras.Model(i, o)
m.compile(keras.optimizers.SGD(0.01))
X = np.array([[1.0, 2.0], [0.5, -1.0], [0.0, 1.0]], "float32")
h = m.fit(X, epochs=2, batch_size=2, verbose=0, shuffle=False)
print(sorted(h.history), np.round(h.history["loss"], 4).tolist())
tryp("eval", lambda: m.evaluate(X, verbose=0))
tryp("losses_after", lambda: [round(float(v), 4) for v in m.losses])
tryp("predict", lambda: m.predict(X, verbose=0).shape)
m2 = keras.Model(i, o)
m2.compile(keras.optimizers.SGD(0.01), loss="mse")
tryp("with_loss_no_y", lambda: m2.fit(X, epochs=1, verbose=0).history)
m3 = keras.Sequential([keras.Input((2,)), layers.Dense(1)])
m3.compile("sgd")
tryp("no_loss_at_all", lambda: m3.fit(X, np.ones((3, 1)), verbose=0))
tryp("uncompiled_eval", lambda: keras.Sequential([keras.Input((2,)), layers.Dense(1)]).evaluate(X))
"""

SNIPPETS["metric_functions_take_inputs_as_given"] = _TRY + """
M = keras.metrics
yt2, yp2 = [[0.0, 1.0], [1.0, 0.0]], [[0.2, 0.8], [0.6, 0.4]]
for cls in [M.MeanSquaredError, M.MeanAbsolutePercentageError, M.CosineSimilarity,
            M.KLDivergence, M.CategoricalHinge, M.BinaryAccuracy, M.TopKCategoricalAccuracy,
            M.CategoricalCrossentropy, M.Accuracy, M.RootMeanSquaredError]:
    m = cls()
    tryp(cls.__name__, lambda: (m.update_state(yt2, yp2), round(float(m.result()), 5))[1])
for cls in [M.SparseCategoricalAccuracy, M.SparseTopKCategoricalAccuracy]:
    m = cls()
    tryp(cls.__name__, lambda: (m.update_state([1, 0], yp2), round(float(m.result()), 5))[1])
w = M.MeanMetricWrapper(lambda a, b: a - b, name="diff")
tryp("lists", lambda: w.update_state([1.0], [2.0]))
w.update_state(np.array([1.0, 3.0]), np.array([2.0, 0.5]))
print("arrays", float(w.result()), w.dtype)
"""
