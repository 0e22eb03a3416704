"""kprobe36's snippets on optimizers' options over two variables with known gradients
(clipnorm per variable, clipvalue, global_clipnorm, their conflicts), EMA and gradient
accumulation inside fit, weight decay's exclusions by name and by variable,
LossScaleOptimizer's scale over steps, and learning-rate schedules' values at steps
past their ends, given float and integer steps, with their configs round-tripped
(see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe35.prelude import _TRY

SNIPPETS: dict[str, str] = {}

_VARS = """
def two_vars():
    return [keras.Variable(np.array([1.0, -2.0], "float32"), name="a"), keras.Variable(np.array([[0.5, 0.5], [1.0, 0.0]], "float32"), name="b")]
GR = [np.array([3.0, 4.0], "float32"), np.array([[0.0, 12.0], [-5.0, 0.0]], "float32")]
def steps(opt, n=2, grads=GR):
    vs = two_vars()
    try:
        for i in range(n):
            opt.apply([keras.ops.convert_to_tensor(g * (i + 1)) for g in grads], vs)
        print(type(opt).__name__, [np.asarray(v).astype("float64").round(5).tolist() for v in vs], int(opt.iterations.numpy()))
    except Exception as e:
        print(type(opt).__name__, type(e).__name__, (str(e).splitlines() or [""])[0][:200])
    return vs
"""

_T = _TRY + _VARS

SNIPPETS["clip_options_over_two_variables"] = _T + """
steps(keras.optimizers.SGD(0.1, clipnorm=1.0))
steps(keras.optimizers.SGD(0.1, clipvalue=2.0))
steps(keras.optimizers.SGD(0.1, global_clipnorm=1.0))
steps(keras.optimizers.Adam(0.1, clipnorm=0.5))
tryp("norm_value", lambda: keras.optimizers.SGD(0.1, clipnorm=1.0, clipvalue=0.1))
steps(keras.optimizers.SGD(0.1, global_clipnorm=100.0))
tryp("both", lambda: keras.optimizers.SGD(0.1, clipnorm=1.0, global_clipnorm=1.0))
tryp("neg", lambda: steps(keras.optimizers.SGD(0.1, clipnorm=-1.0)))
o = keras.optimizers.SGD(0.1, clipvalue=0.5)
c = o.get_config()
print(c["clipnorm"], c["clipvalue"], c["global_clipnorm"])
print(o.clipnorm, o.clipvalue, o.global_clipnorm)
"""

SNIPPETS["ema_in_fit_overwrite_frequency"] = _T + """
for freq in (None, 1, 3):
    m = dense_model(0.1)
    m.compile(keras.optimizers.SGD(0.1, use_ema=True, ema_momentum=0.5, ema_overwrite_frequency=freq), "mse")
    seen = []
    cb = keras.callbacks.LambdaCallback(on_train_batch_end=lambda b, logs: seen.append(round(float(np.asarray(m.weights[1])[0]), 4)))
    m.fit(X, Y, epochs=2, batch_size=4, shuffle=False, verbose=0, callbacks=[cb])
    print(freq, seen, wsum(m), [v.path for v in m.optimizer.variables][-2:])
"""

SNIPPETS["gradient_accumulation_in_fit"] = _T + """
for opt in (keras.optimizers.SGD(0.1, gradient_accumulation_steps=2), keras.optimizers.SGD(0.1, momentum=0.5, gradient_accumulation_steps=3),
            keras.optimizers.Adam(0.1, gradient_accumulation_steps=2)):
    m = dense_model(0.1)
    m.compile(opt, "mse")
    seen = []
    cb = keras.callbacks.LambdaCallback(on_train_batch_end=lambda b, logs: seen.append((int(m.optimizer.iterations.numpy()), round(float(np.asarray(m.weights[1])[0]), 4))))
    m.fit(X, Y, epochs=2, batch_size=2, shuffle=False, verbose=0, callbacks=[cb])
    print(type(opt).__name__, seen)
    print(" ", [v.path for v in opt.variables], opt.get_config()["gradient_accumulation_steps"])
tryp("zero", lambda: keras.optimizers.SGD(gradient_accumulation_steps=0).gradient_accumulation_steps)
tryp("one", lambda: keras.optimizers.SGD(gradient_accumulation_steps=1).gradient_accumulation_steps)
"""

SNIPPETS["weight_decay_exclusions_by_name_and_variable"] = _T + """
vs = two_vars()
o = keras.optimizers.SGD(0.1, weight_decay=0.5)
o.exclude_from_weight_decay(var_names=["a"])
o.build(vs)
o.apply([keras.ops.zeros_like(v) for v in vs], vs)
print(r4(vs))
vs = two_vars()
o = keras.optimizers.AdamW(0.1, weight_decay=0.5)
o.exclude_from_weight_decay(var_list=[vs[1]])
o.apply([keras.ops.zeros_like(v) for v in vs], vs)
print(r4(vs))
vs = two_vars()
o = keras.optimizers.Lion(0.1, weight_decay=0.5)
o.exclude_from_weight_decay(var_names=["b", "zzz"])
o.apply([keras.ops.ones_like(v) for v in vs], vs)
print(r4(vs))
m = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="d1"), layers.Dense(1, name="out")])
fill(m)
o = keras.optimizers.SGD(0.1, weight_decay=0.1)
o.exclude_from_weight_decay(var_names=["bias", "out"])
m.compile(o, "mse")
m.fit(X, Y, epochs=1, batch_size=8, verbose=0)
print(wsum(m))
tryp("after_build", lambda: o.exclude_from_weight_decay(var_names=["x"]))
o2 = keras.optimizers.SGD(0.1)
tryp("no_decay", lambda: o2.exclude_from_weight_decay(var_names=["x"]))
"""

SNIPPETS["loss_scale_optimizer_scale_over_steps"] = _T + """
lso = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.1), initial_scale=4.0, dynamic_growth_steps=2)
vs = two_vars()
log = []
for i, g in enumerate([1.0, 1.0, 1.0, np.inf, 1.0, np.nan, 1.0, 1.0]):
    grads = [keras.ops.convert_to_tensor(np.full(v.shape, g, "float32")) for v in vs]
    lso.apply(grads, vs)
    log.append((float(lso.dynamic_scale.numpy()), int(lso.iterations.numpy()), round(float(np.asarray(vs[0])[0]), 4)))
print(log)
print(round(float(lso.scale_loss(keras.ops.convert_to_tensor(2.0))), 4), [v.path for v in lso.variables])
lso = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.1), initial_scale=2.0 ** 15)
print(lso.initial_scale, lso.dynamic_growth_steps, lso.learning_rate.numpy().round(4), lso.name)
tryp("bad_scale", lambda: keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(), initial_scale=0.0).dynamic_scale.numpy())
"""

SNIPPETS["cosine_decay_warmup_values_and_config"] = _TRY + """
sch = keras.optimizers.schedules
for s in (sch.CosineDecay(0.1, 10, alpha=0.1, warmup_target=1.0, warmup_steps=4),
          sch.CosineDecay(0.0, 6, warmup_target=0.5, warmup_steps=2),
          sch.CosineDecay(1.0, 4, alpha=0.5),
          sch.CosineDecay(0.5, 1, warmup_target=1.0, warmup_steps=3)):
    print([round(float(s(k)), 5) for k in (0, 1, 2, 3, 4, 5, 8, 14, 20)])
    c = s.get_config()
    print(" ", sorted(c.items()))
    print(" ", round(float(sch.CosineDecay.from_config(c)(3)), 5))
tryp("zero_steps", lambda: sch.CosineDecay(0.5, 0, warmup_target=1.0, warmup_steps=3))
tryp("neg_steps", lambda: sch.CosineDecayRestarts(0.5, -1))
print(round(float(sch.CosineDecay(0.1, 10)(np.int64(4))), 5), round(float(sch.CosineDecay(0.1, 10)(2.5)), 5))
"""

SNIPPETS["cosine_decay_restarts_periods"] = _TRY + """
sch = keras.optimizers.schedules
for kw in (dict(t_mul=2.0, m_mul=1.0), dict(t_mul=1.0, m_mul=0.5), dict(t_mul=1.5, m_mul=0.8, alpha=0.1), dict(t_mul=0.5, m_mul=1.0)):
    s = sch.CosineDecayRestarts(1.0, 3, **kw)
    print(kw, [round(float(s(k)), 4) for k in range(12)])
c = sch.CosineDecayRestarts(0.2, 5, t_mul=3.0, name="cdr").get_config()
print(sorted(c.items()))
print(round(float(sch.CosineDecayRestarts.from_config(c)(7)), 5))
"""

SNIPPETS["piecewise_polynomial_inverse_time_values"] = _TRY + """
sch = keras.optimizers.schedules
p = sch.PiecewiseConstantDecay([3, 6], [1.0, 0.5, 0.1])
print([round(float(p(k)), 4) for k in range(9)], round(float(p(3.5)), 4))
p2 = sch.PiecewiseConstantDecay([2.5], [1, 2])
tryp("int_values", lambda: (p2(2).dtype, float(p2(3))))
tryp("mismatch", lambda: sch.PiecewiseConstantDecay([1, 2], [1.0, 0.5]))
print(sorted(p.get_config().items()))
for cyc in (False, True):
    q = sch.PolynomialDecay(1.0, 4, end_learning_rate=0.2, power=2.0, cycle=cyc)
    print(cyc, [round(float(q(k)), 4) for k in range(0, 14)])
print(round(float(sch.PolynomialDecay(1.0, 4, cycle=True)(0)), 4))
for stair in (False, True):
    it = sch.InverseTimeDecay(1.0, 3, 0.5, staircase=stair)
    print(stair, [round(float(it(k)), 4) for k in range(0, 10)])
    print(" ", sorted(it.get_config().items()))
ex = sch.ExponentialDecay(1.0, 2, 0.5, staircase=True)
print([round(float(ex(k)), 4) for k in range(6)], sorted(ex.get_config().items()))
"""

SNIPPETS["schedule_in_optimizer_over_iterations"] = _T + """
sch = keras.optimizers.schedules
s = sch.PiecewiseConstantDecay([2, 4], [0.5, 0.1, 0.01])
o = keras.optimizers.SGD(s)
vs = two_vars()
lrs = []
for i in range(5):
    lrs.append(round(float(o.learning_rate), 4))
    o.apply([keras.ops.ones_like(v) for v in vs], vs)
print(lrs, r4(vs[0]), round(float(o.learning_rate), 4))
o.iterations.assign(10)
print(round(float(o.learning_rate), 4))
ser = sch.serialize(sch.InverseTimeDecay(0.1, 2, 1.0))
print(ser["class_name"], ser.get("module"), sorted(ser["config"]))
print(type(sch.deserialize(ser)).__name__)
print(type(keras.optimizers.Adam(sch.CosineDecay(0.1, 5)).get_config()["learning_rate"]).__name__)
tryp("set_on_schedule", lambda: setattr(o, "learning_rate", 0.3))
print(type(o.learning_rate).__name__, round(float(o.learning_rate), 4))
class Half(sch.LearningRateSchedule):
    def __call__(self, step):
        return 1.0 / (keras.ops.cast(step, "float32") + 2.0)
o3 = keras.optimizers.SGD(Half())
steps(o3, 3)
tryp("half_config", lambda: Half().get_config())
"""
