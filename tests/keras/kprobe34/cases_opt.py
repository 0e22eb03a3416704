"""kprobe34's snippets of optimizers (AdamW, Lion, Adafactor, Ftrl, Nadam, Lamb with weight
decay, the three clippings, EMA, gradient accumulation, loss_scale_factor), learning rate
schedules (CosineDecayRestarts, PiecewiseConstantDecay, PolynomialDecay with cycle, warmup)
and metrics (names, dtypes, result() before and after updates, state reset between
epochs), each printing values three steps on (see cases.py)."""

from tests.keras.kprobe33.prelude import _TRY

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

SNIPPETS: dict[str, str] = {}

_STEPS = """
G = [np.array([[0.5, -2.0], [1.0, 0.25]], "float32"), np.array([3.0, -0.5], "float32")]
def steps(opt, n=3, grads=G, label="v"):
    vs = [keras.Variable(np.array([[1.0, -1.0], [0.5, 2.0]], "float32"), name="k"),
          keras.Variable(np.array([0.25, -0.75], "float32"), name="b")]
    try:
        for i in range(n):
            opt.apply([keras.ops.convert_to_tensor(g * (1.0 + i)) for g in grads], vs)
        print(label, [np.asarray(v).astype("float64").round(5).tolist() for v in vs], int(opt.iterations))
    except Exception as e:
        print(label, type(e).__name__, (str(e).splitlines() or [""])[0][:240])
    return vs
def cfg(opt, skip=("name",)):
    c = opt.get_config()
    return {k: (round(v, 6) if isinstance(v, float) else v) for k, v in sorted(c.items()) if k not in skip}
"""

_T = _TRY + _STEPS

SNIPPETS["adamw_weight_decay_amsgrad_values"] = _T + """
steps(keras.optimizers.AdamW(0.1, weight_decay=0.1), label="plain")
steps(keras.optimizers.AdamW(0.1, weight_decay=0.5, amsgrad=True), label="ams")
steps(keras.optimizers.AdamW(0.1, weight_decay=0.0, beta_1=0.5, epsilon=0.1), label="wd0")
o = keras.optimizers.AdamW(0.1, weight_decay=0.2)
o.exclude_from_weight_decay(var_names=["b"])
steps(o, label="excl")
print(cfg(o))
tryp("none", lambda: keras.optimizers.AdamW(0.1, weight_decay=None))
"""

SNIPPETS["lion_values_and_config"] = _T + """
steps(keras.optimizers.Lion(0.01), label="plain")
steps(keras.optimizers.Lion(0.01, beta_1=0.5, beta_2=0.9, weight_decay=0.1), label="wd")
print(cfg(keras.optimizers.Lion(0.01)))
tryp("beta", lambda: keras.optimizers.Lion(beta_1=0.0))
tryp("beta2", lambda: keras.optimizers.Lion(beta_1=1.5))
o = keras.optimizers.Lion(0.01)
steps(o, n=1)
print([v.path for v in o.variables])
"""

SNIPPETS["adafactor_values_and_slots"] = _T + """
o = keras.optimizers.Adafactor(0.1)
steps(o)
print([(v.path, tuple(v.shape)) for v in o.variables])
steps(keras.optimizers.Adafactor(0.1, relative_step=False, clip_threshold=0.5, beta_2_decay=-0.5), label="opts")
steps(keras.optimizers.Adafactor(0.1, epsilon_1=0.01, epsilon_2=0.1, weight_decay=0.05), label="eps")
print(cfg(keras.optimizers.Adafactor()))
"""

SNIPPETS["ftrl_options_values"] = _T + """
steps(keras.optimizers.Ftrl(0.1), label="plain")
steps(keras.optimizers.Ftrl(0.1, l1_regularization_strength=0.1, l2_regularization_strength=0.2), label="l1l2")
steps(keras.optimizers.Ftrl(0.1, l2_shrinkage_regularization_strength=0.3, beta=0.5, learning_rate_power=-0.25), label="shrink")
steps(keras.optimizers.Ftrl(0.1, initial_accumulator_value=0.5), label="acc")
print(cfg(keras.optimizers.Ftrl()))
for kw in ({"learning_rate_power": 0.5}, {"initial_accumulator_value": -1.0}, {"l1_regularization_strength": -0.1},
           {"l2_shrinkage_regularization_strength": -1.0}, {"l2_regularization_strength": -2.0}):
    tryp(str(kw), lambda: keras.optimizers.Ftrl(**kw))
"""

SNIPPETS["nadam_adamax_values"] = _T + """
o = keras.optimizers.Nadam(0.1)
steps(o, label="nadam")
print([v.path for v in o.variables])
steps(keras.optimizers.Nadam(0.1, beta_1=0.5, weight_decay=0.1), label="nadam_wd")
steps(keras.optimizers.Adamax(0.1, beta_2=0.5), label="adamax")
print(cfg(keras.optimizers.Nadam()))
"""

SNIPPETS["lamb_values_weight_decay"] = _T + """
steps(keras.optimizers.Lamb(0.1), label="plain")
steps(keras.optimizers.Lamb(0.1, weight_decay=0.1), label="wd")
steps(keras.optimizers.Lamb(0.1, beta_1=0.0, beta_2=0.5, epsilon=0.5), label="betas")
steps(keras.optimizers.Lamb(0.1), grads=[np.zeros((2, 2), "float32"), np.zeros(2, "float32")], label="zero")
print(cfg(keras.optimizers.Lamb()))
"""

SNIPPETS["clipnorm_clipvalue_global_clipnorm_values"] = _T + """
steps(keras.optimizers.SGD(1.0, clipnorm=1.0), n=1, label="clipnorm")
steps(keras.optimizers.SGD(1.0, global_clipnorm=1.0), n=1, label="global")
steps(keras.optimizers.SGD(1.0, clipvalue=0.75), n=1, label="clipvalue")
steps(keras.optimizers.Adam(0.1, clipvalue=0.1, weight_decay=0.1), n=2, label="adam_cv")
tryp("two", lambda: keras.optimizers.SGD(clipnorm=1.0, global_clipnorm=1.0))
tryp("neg", lambda: cfg(keras.optimizers.SGD(clipnorm=-1.0)))
tryp("nc", lambda: cfg(keras.optimizers.SGD(0.5, clipnorm=2, clipvalue=3)))
print(cfg(keras.optimizers.SGD(0.5, clipvalue=3)))
steps(keras.optimizers.SGD(1.0, clipnorm=0.0), n=1, label="zero")
"""

SNIPPETS["ema_overwrite_and_finalize"] = _T + """
o = keras.optimizers.SGD(0.5, use_ema=True, ema_momentum=0.5, ema_overwrite_frequency=2)
vs = steps(o, n=3)
print([v.path for v in o.variables])
print([np.asarray(v).astype("float64").round(5).tolist() for v in o._model_variables_moving_average])
o.finalize_variable_values(vs)
print([np.asarray(v).astype("float64").round(5).tolist() for v in vs])
o = keras.optimizers.Adam(0.1, use_ema=True)
vs = steps(o, n=2, label="adam")
o.finalize_variable_values(vs)
print([np.asarray(v).astype("float64").round(5).tolist() for v in vs])
tryp("mom", lambda: keras.optimizers.SGD(use_ema=True, ema_momentum=1.5))
tryp("freq", lambda: keras.optimizers.SGD(use_ema=True, ema_overwrite_frequency=0).ema_overwrite_frequency)
"""

SNIPPETS["gradient_accumulation_iterations"] = _T + """
o = keras.optimizers.SGD(1.0, gradient_accumulation_steps=2)
vs = steps(o, n=1, label="one")
vs = steps(o, n=3, label="three")
print([v.path for v in o.variables], int(o._iterations), int(o.iterations))
o = keras.optimizers.Adam(0.1, gradient_accumulation_steps=3)
steps(o, n=3, label="adam3")
tryp("one", lambda: keras.optimizers.SGD(gradient_accumulation_steps=1))
tryp("str", lambda: keras.optimizers.SGD(gradient_accumulation_steps="2"))
print(cfg(keras.optimizers.SGD(gradient_accumulation_steps=4)))
"""

SNIPPETS["loss_scale_factor_in_apply_and_fit"] = _T + """
steps(keras.optimizers.SGD(0.5, loss_scale_factor=4.0), n=1, label="sgd")
o = keras.optimizers.SGD(0.5, loss_scale_factor=4.0)
print(float(o.scale_loss(keras.ops.convert_to_tensor(2.0))), cfg(o))
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
fill(m)
m.compile(optimizer=keras.optimizers.SGD(0.1, loss_scale_factor=8.0), loss="mse")
h = m.fit(np.ones((4, 3), "float32"), np.zeros((4, 1), "float32"), epochs=2, verbose=0)
print(logs4(h), wsum(m))
tryp("neg", lambda: keras.optimizers.SGD(loss_scale_factor=0).loss_scale_factor)
"""

SNIPPETS["cosine_decay_restarts_values"] = _T + """
s = keras.optimizers.schedules.CosineDecayRestarts(1.0, 4, t_mul=2.0, m_mul=0.5, alpha=0.1)
print([round(float(s(i)), 5) for i in range(0, 16)])
s2 = keras.optimizers.schedules.CosineDecayRestarts(0.5, 3)
print([round(float(s2(i)), 5) for i in (0, 1, 2, 3, 4, 8, 9, 21, 100)])
print(s2.get_config())
print(keras.optimizers.schedules.deserialize(keras.optimizers.schedules.serialize(s)).get_config())
show("dtype", lambda: s(np.int64(3)))
show("float_step", lambda: s(2.5))
"""

SNIPPETS["piecewise_constant_values_and_errors"] = _T + """
s = keras.optimizers.schedules.PiecewiseConstantDecay([2, 5], [1.0, 0.5, 0.1])
print([round(float(s(i)), 4) for i in range(8)])
show("at", lambda: s(5))
s = keras.optimizers.schedules.PiecewiseConstantDecay([2.5], [1, 2])
show("ints", lambda: s(3))
print(s.get_config())
tryp("len", lambda: keras.optimizers.schedules.PiecewiseConstantDecay([1, 2], [1.0, 0.5]))
o = keras.optimizers.SGD(keras.optimizers.schedules.PiecewiseConstantDecay([1], [0.5, 0.1]))
steps(o, n=3)
print(round(float(o.learning_rate), 4), cfg(o)["learning_rate"])
"""

SNIPPETS["polynomial_decay_cycle_and_power"] = _T + """
s = keras.optimizers.schedules.PolynomialDecay(1.0, 4, end_learning_rate=0.1, power=2.0, cycle=True)
print([round(float(s(i)), 5) for i in range(0, 13)])
s = keras.optimizers.schedules.PolynomialDecay(1.0, 4, end_learning_rate=0.1, power=0.5)
print([round(float(s(i)), 5) for i in range(0, 7)])
s = keras.optimizers.schedules.PolynomialDecay(0.1, 3, end_learning_rate=1.0, cycle=True)
print([round(float(s(i)), 5) for i in range(0, 8)])
print(s.get_config())
"""

SNIPPETS["warmup_cosine_and_decay_schedules"] = _T + """
s = keras.optimizers.schedules.CosineDecay(0.0, 4, alpha=0.1, warmup_target=1.0, warmup_steps=3)
print([round(float(s(i)), 5) for i in range(0, 10)])
tryp("zero", lambda: keras.optimizers.schedules.CosineDecay(0.5, 0, warmup_target=1.0, warmup_steps=2))
s = keras.optimizers.schedules.CosineDecay(0.5, 1, warmup_target=1.0, warmup_steps=2)
print([round(float(s(i)), 5) for i in range(0, 5)])
print(s.get_config())
s = keras.optimizers.schedules.InverseTimeDecay(1.0, 2, 0.5, staircase=True)
print([round(float(s(i)), 5) for i in range(0, 6)])
s = keras.optimizers.schedules.ExponentialDecay(1.0, 3, 0.5, staircase=True)
print([round(float(s(i)), 5) for i in range(0, 7)])
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
fill(m)
m.compile(keras.optimizers.Adam(keras.optimizers.schedules.CosineDecay(0.0, 4, warmup_target=0.1, warmup_steps=2)), "mse")
h = m.fit(np.ones((8, 3), "float32"), np.zeros((8, 1), "float32"), batch_size=2, epochs=2, verbose=0)
print(logs4(h))
"""

SNIPPETS["metric_names_dtypes_and_results"] = _T + """
ms = [keras.metrics.Mean(name="avg", dtype="float16"), keras.metrics.Sum(dtype="float64"),
      keras.metrics.MeanMetricWrapper(lambda y, p: keras.ops.abs(y - p), name="absdiff"),
      keras.metrics.Accuracy(dtype="float64"), keras.metrics.Poisson(), keras.metrics.KLDivergence(name="kl"),
      keras.metrics.LogCoshError(), keras.metrics.MeanAbsolutePercentageError(), keras.metrics.Hinge(),
      keras.metrics.RootMeanSquaredError()]
yt = np.array([[0.0, 1.0], [1.0, 1.0]], "float32")
yp = np.array([[0.25, 0.5], [1.0, 0.75]], "float32")
for m in ms:
    before = m.result()
    if type(m) in (keras.metrics.Mean, keras.metrics.Sum):
        m.update_state(yp, sample_weight=np.array([[1.0, 0.0], [2.0, 1.0]], "float32"))
    else:
        m.update_state(yt, yp)
    r = m.result()
    print(m.name, m.dtype, keras.backend.standardize_dtype(r.dtype), round(float(before), 4), round(float(r), 4),
          [v.name for v in m.variables])
"""

SNIPPETS["metric_subclass_reset_between_epochs"] = _T + """
class Seen(keras.metrics.Metric):
    def __init__(self, name="seen", **kw):
        super().__init__(name=name, **kw)
        self.count = self.add_variable(shape=(), initializer="zeros", name="count")
    def update_state(self, y_true, y_pred, sample_weight=None):
        self.count.assign_add(keras.ops.cast(keras.ops.shape(y_true)[0], self.dtype))
    def result(self):
        return self.count
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
fill(m)
m.compile("sgd", "mse", metrics=[Seen(), keras.metrics.MeanSquaredError(name="total")])
x = np.ones((10, 3), "float32")
seen = []
cb = keras.callbacks.LambdaCallback(on_train_batch_end=lambda b, logs: seen.append(round(float(logs["seen"]), 1)))
h = m.fit(x, np.zeros((10, 1), "float32"), batch_size=4, epochs=2, verbose=0, callbacks=[cb], validation_data=(x[:3], x[:3, :1]))
print(seen, logs4(h))
print(r4(m.evaluate(x, x[:, :1], batch_size=3, verbose=0, return_dict=True)))
print([(x.name, r4(x.result())) for x in m.metrics])
m.reset_metrics()
print([(x.name, r4(x.result())) for x in m.metrics])
print(Seen().get_config(), Seen(dtype="float16").dtype)
"""

SNIPPETS["metrics_given_by_name_with_dtype_policy"] = _T + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(2, activation="softmax")])
fill(m)
m.compile("sgd", "sparse_categorical_crossentropy", metrics=["acc", "sparse_top_k_categorical_accuracy", keras.metrics.SparseCategoricalAccuracy(name="sca", dtype="float16")])
x = np.linspace(-1, 1, 18, dtype="float32").reshape(6, 3)
y = np.array([0, 1, 1, 0, 1, 0], "int32")
h = m.fit(x, y, batch_size=3, epochs=1, verbose=0)
print(logs4(h))
print(m.metrics_names, [type(x).__name__ for x in m.metrics])
print([(v.name, v.dtype) for x in m.metrics for v in x.variables])
print(m.get_metrics_result().keys())
"""
