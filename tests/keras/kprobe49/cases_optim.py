"""kprobe49's optimizer and schedule snippets: each optimizer's first three steps on a
fixed variable with its options, clipping, EMA, loss scaling, learning-rate schedules'
values and configs."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe40.prelude import _TRY

_STEPS = _TRY + """
def steps3(opt, start=(1.0, -2.0, 0.5), grads=((0.5, -1.0, 2.0), (0.1, 0.2, -0.3), (-1.0, 0.0, 4.0)), shape=None):
    v = keras.Variable(np.array(start, "float32").reshape(shape or (len(start),)))
    out = []
    for g in grads:
        opt.apply_gradients([(np.array(g, "float32").reshape(v.shape), v)])
        out.append(r4(v))
    return out
def each(label, make, **kw):
    try:
        print(label, steps3(make(), **kw))
    except Exception as e:
        print(label, type(e).__name__, str(e)[:200])
"""

SNIPPETS: dict[str, str] = {}

SNIPPETS["adafactor_first_steps_options"] = _STEPS + """
each("default", lambda: keras.optimizers.Adafactor(learning_rate=0.1))
each("matrix", lambda: keras.optimizers.Adafactor(learning_rate=0.1), start=(1.0, -2.0, 0.5, 3.0, 0.0, -1.0), grads=((0.5, -1.0, 2.0, 0.1, 0.0, 1.0),) * 3, shape=(2, 3))
each("no relative", lambda: keras.optimizers.Adafactor(learning_rate=0.1, relative_step=False))
each("clip thr", lambda: keras.optimizers.Adafactor(learning_rate=0.1, clip_threshold=0.1))
each("decay rate", lambda: keras.optimizers.Adafactor(learning_rate=0.1, beta_2_decay=-0.5, epsilon_1=1e-3, epsilon_2=0.1))
each("3d", lambda: keras.optimizers.Adafactor(learning_rate=0.1), start=tuple(np.linspace(-1, 1, 8)), grads=(tuple(np.linspace(0.5, -0.5, 8)),) * 3, shape=(2, 2, 2))
"""

SNIPPETS["lion_lamb_nadam_first_steps"] = _STEPS + """
each("lion", lambda: keras.optimizers.Lion(learning_rate=0.1))
each("lion betas", lambda: keras.optimizers.Lion(learning_rate=0.1, beta_1=0.5, beta_2=0.0))
each("lion wd", lambda: keras.optimizers.Lion(learning_rate=0.1, weight_decay=0.5))
tryq("lion beta1 0", lambda: keras.optimizers.Lion(beta_1=0.0))
tryq("lion beta1 >1", lambda: keras.optimizers.Lion(beta_1=1.5))
each("lamb", lambda: keras.optimizers.Lamb(learning_rate=0.1))
each("lamb zero var", lambda: keras.optimizers.Lamb(learning_rate=0.1), start=(0.0, 0.0, 0.0))
each("lamb eps", lambda: keras.optimizers.Lamb(learning_rate=0.1, epsilon=1.0, beta_1=0.5))
each("nadam", lambda: keras.optimizers.Nadam(learning_rate=0.1))
each("nadam betas", lambda: keras.optimizers.Nadam(learning_rate=0.1, beta_1=0.5, beta_2=0.9, epsilon=0.1))
"""

SNIPPETS["ftrl_adamax_adadelta_adagrad_rmsprop_steps"] = _STEPS + """
each("ftrl", lambda: keras.optimizers.Ftrl(learning_rate=0.1))
each("ftrl l1l2", lambda: keras.optimizers.Ftrl(learning_rate=0.1, l1_regularization_strength=0.1, l2_regularization_strength=0.2, l2_shrinkage_regularization_strength=0.05))
each("ftrl power", lambda: keras.optimizers.Ftrl(learning_rate=0.1, learning_rate_power=-0.1, initial_accumulator_value=0.5, beta=0.3))
tryq("ftrl power pos", lambda: keras.optimizers.Ftrl(learning_rate_power=0.5))
tryq("ftrl init neg", lambda: keras.optimizers.Ftrl(initial_accumulator_value=-1.0))
tryq("ftrl l1 neg", lambda: keras.optimizers.Ftrl(l1_regularization_strength=-1.0))
each("adamax", lambda: keras.optimizers.Adamax(learning_rate=0.1))
each("adadelta", lambda: keras.optimizers.Adadelta(learning_rate=1.0, rho=0.5))
each("adagrad", lambda: keras.optimizers.Adagrad(learning_rate=0.1, initial_accumulator_value=0.0, epsilon=1e-3))
each("rmsprop centered mom", lambda: keras.optimizers.RMSprop(learning_rate=0.1, centered=True, momentum=0.5))
each("sgd nesterov", lambda: keras.optimizers.SGD(learning_rate=0.1, momentum=0.9, nesterov=True))
"""

SNIPPETS["adamw_weight_decay_and_adam_amsgrad_steps"] = _STEPS + """
each("adamw", lambda: keras.optimizers.AdamW(learning_rate=0.1, weight_decay=0.5))
each("adamw zero wd", lambda: keras.optimizers.AdamW(learning_rate=0.1, weight_decay=0.0))
tryq("adamw none wd", lambda: keras.optimizers.AdamW(weight_decay=None))
each("adam wd", lambda: keras.optimizers.Adam(learning_rate=0.1, weight_decay=0.5))
each("adam amsgrad", lambda: keras.optimizers.Adam(learning_rate=0.1, amsgrad=True))
each("sgd wd", lambda: keras.optimizers.SGD(learning_rate=0.1, weight_decay=0.5))
each("rmsprop wd", lambda: keras.optimizers.RMSprop(learning_rate=0.1, weight_decay=0.1))
js("adamw cfg", lambda: keras.optimizers.AdamW(weight_decay=0.1).get_config())
"""

SNIPPETS["clipping_forms_over_steps"] = _STEPS + """
each("clipnorm", lambda: keras.optimizers.SGD(1.0, clipnorm=1.0))
each("clipvalue", lambda: keras.optimizers.SGD(1.0, clipvalue=0.5))
each("global", lambda: keras.optimizers.SGD(1.0, global_clipnorm=1.5))
each("adam clipnorm", lambda: keras.optimizers.Adam(0.1, clipnorm=0.1))
tryq("two", lambda: keras.optimizers.SGD(clipnorm=1.0, global_clipnorm=1.0))
tryq("clipnorm neg", lambda: keras.optimizers.SGD(clipnorm=-1.0))
o = keras.optimizers.SGD(1.0, global_clipnorm=1.0)
a = keras.Variable([1.0, 1.0]); b = keras.Variable([[2.0]])
o.apply_gradients([(np.array([3.0, 4.0], "float32"), a), (np.array([[12.0]], "float32"), b)])
print("global two", r4(a), r4(b))
js("cfg", lambda: {k: v for k, v in keras.optimizers.SGD(clipvalue=0.5).get_config().items() if "clip" in k})
"""

SNIPPETS["ema_first_steps_and_swap"] = _STEPS + """
o = keras.optimizers.SGD(0.5, use_ema=True, ema_momentum=0.5, ema_overwrite_frequency=None)
v = keras.Variable([1.0, 2.0])
for g in ([1.0, 1.0], [0.5, -1.0], [2.0, 0.0]):
    o.apply_gradients([(np.array(g, "float32"), v)])
    print(r4(v), r4(o._model_variables_moving_average[0]), int(o.iterations))
o.finalize_variable_values([v])
print("final", r4(v))
o2 = keras.optimizers.Adam(0.1, use_ema=True, ema_momentum=0.9, ema_overwrite_frequency=2)
w = keras.Variable([1.0, -1.0])
for i in range(3):
    o2.apply_gradients([(np.array([1.0, 1.0], "float32"), w)])
    print("freq2", i, r4(w))
tryq("mom >1", lambda: keras.optimizers.SGD(use_ema=True, ema_momentum=1.5))
print([x.path for x in o2.variables])
"""

SNIPPETS["loss_scale_optimizer_steps_and_config"] = _STEPS + """
o = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.1), initial_scale=8.0, dynamic_growth_steps=2)
v = keras.Variable([1.0, 2.0])
for g in ([8.0, 8.0], [np.inf, 1.0], [4.0, 0.0], [2.0, 2.0], [1.0, 1.0]):
    o.apply_gradients([(np.array(g, "float32"), v)])
    print(r4(v), r4(o.dynamic_scale), int(o.iterations), r4(o.step_counter))
print(r4(o.scale_loss(2.0)))
js("cfg", lambda: {k: (v if k != "inner_optimizer" else v["class_name"]) for k, v in o.get_config().items()})
tryq("no inner", lambda: keras.optimizers.LossScaleOptimizer("sgd"))
tryq("lr", lambda: r4(o.learning_rate))
o.learning_rate = 0.5
print(r4(o.inner_optimizer.learning_rate))
"""

SNIPPETS["gradient_accumulation_and_loss_scale_factor"] = _STEPS + """
each("accum2", lambda: keras.optimizers.SGD(1.0, gradient_accumulation_steps=2), grads=((1.0, 1.0, 1.0), (3.0, -1.0, 0.0), (2.0, 2.0, 2.0)))
each("accum adam", lambda: keras.optimizers.Adam(0.1, gradient_accumulation_steps=2))
each("lsf", lambda: keras.optimizers.SGD(1.0, loss_scale_factor=4.0))
tryq("accum 1", lambda: keras.optimizers.SGD(gradient_accumulation_steps=1))
tryq("accum 0", lambda: keras.optimizers.SGD(gradient_accumulation_steps=0))
o = keras.optimizers.SGD(1.0, gradient_accumulation_steps=3)
v = keras.Variable([0.0])
for i in range(4):
    o.apply_gradients([(np.array([1.0 + i], "float32"), v)])
    print(i, r4(v), int(o.iterations), r4(o._accumulated_gradients[0]))
"""

SNIPPETS["schedules_values_at_steps_more"] = _TRY + """
S = keras.optimizers.schedules
def vals(s, steps=(0, 1, 5, 10, 25)):
    return [r4(s(k)) for k in steps]
tryq("exp staircase", lambda: vals(S.ExponentialDecay(1.0, 4, 0.5, staircase=True)))
tryq("inv time", lambda: vals(S.InverseTimeDecay(1.0, 5, 0.5)))
tryq("inv time stair", lambda: vals(S.InverseTimeDecay(1.0, 5, 0.5, staircase=True)))
tryq("poly cycle", lambda: vals(S.PolynomialDecay(1.0, 10, 0.1, power=2.0, cycle=True)))
tryq("poly", lambda: vals(S.PolynomialDecay(1.0, 10, 0.1, power=0.5)))
tryq("piecewise", lambda: vals(S.PiecewiseConstantDecay([2, 8], [1.0, 0.5, 0.1])))
tryq("cos", lambda: vals(S.CosineDecay(1.0, 10, alpha=0.1)))
tryq("cos warm", lambda: vals(S.CosineDecay(0.0, 10, warmup_target=1.0, warmup_steps=5)))
tryq("cos restarts", lambda: vals(S.CosineDecayRestarts(1.0, 4, t_mul=2.0, m_mul=0.5, alpha=0.1)))
tryq("piecewise bad", lambda: S.PiecewiseConstantDecay([2, 8], [1.0, 0.5]))
tryq("dtype", lambda: keras.backend.standardize_dtype(S.ExponentialDecay(1.0, 4, 0.5)(3).dtype))
"""

SNIPPETS["schedules_configs_round_trip_and_serialize"] = _TRY + """
S = keras.optimizers.schedules
for s in [S.ExponentialDecay(0.1, 10, 0.9, staircase=True, name="e"), S.PiecewiseConstantDecay([5], [0.1, 0.01]), S.PolynomialDecay(0.1, 100, cycle=True), S.InverseTimeDecay(0.1, 5, 0.2), S.CosineDecay(0.1, 100, warmup_target=0.2, warmup_steps=10), S.CosineDecayRestarts(0.1, 20)]:
    cfg = s.get_config()
    back = type(s).from_config(cfg)
    print(type(s).__name__, _json.dumps(cfg, sort_keys=True), back.get_config() == cfg)
js("ser", lambda: S.serialize(S.CosineDecay(0.1, 100)))
tryq("deser", lambda: type(S.deserialize({"class_name": "ExponentialDecay", "config": {"initial_learning_rate": 0.1, "decay_steps": 10, "decay_rate": 0.5}})).__name__)
o = keras.optimizers.Adam(S.ExponentialDecay(0.1, 1, 0.5))
js("opt cfg lr", lambda: o.get_config()["learning_rate"])
v = keras.Variable([1.0])
for _ in range(3):
    o.apply_gradients([(np.array([1.0], "float32"), v)])
print(r4(o.learning_rate), r4(v))
tryq("set lr on sched", lambda: setattr(o, "learning_rate", 0.5))
"""

SNIPPETS["optimizer_configs_each_round_trip"] = _TRY + """
names = ["Adafactor", "Adadelta", "Adagrad", "Adam", "AdamW", "Adamax", "Ftrl", "Lamb", "Lion", "Nadam", "RMSprop", "SGD"]
for n in names:
    o = getattr(keras.optimizers, n)(learning_rate=0.01)
    cfg = o.get_config()
    back = type(o).from_config(cfg)
    print(n, sorted(set(cfg) - {"name", "learning_rate", "weight_decay", "clipnorm", "global_clipnorm", "clipvalue", "use_ema", "ema_momentum", "ema_overwrite_frequency", "loss_scale_factor", "gradient_accumulation_steps"}), cfg["name"], back.get_config() == cfg)
js("adafactor", lambda: keras.optimizers.Adafactor().get_config())
js("ftrl", lambda: keras.optimizers.Ftrl().get_config())
"""

SNIPPETS["optimizer_variables_after_build_each"] = _TRY + """
names = ["Adafactor", "Adadelta", "Adagrad", "Adam", "AdamW", "Adamax", "Ftrl", "Lamb", "Lion", "Nadam", "RMSprop", "SGD"]
for n in names:
    o = getattr(keras.optimizers, n)()
    v = keras.Variable(np.ones((2, 3), "float32"), name="w")
    o.build([v])
    print(n, [(x.path, tuple(x.shape)) for x in o.variables])
o = keras.optimizers.SGD(momentum=0.5)
o.build([keras.Variable([1.0])])
print("sgd mom", [x.path for x in o.variables])
o = keras.optimizers.RMSprop(centered=True, momentum=0.2)
o.build([keras.Variable([1.0])])
print("rms", [x.path for x in o.variables])
"""
