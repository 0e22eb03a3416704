"""kprobe29's snippets on optimizers and learning-rate schedules: Lion, Adafactor, Ftrl, Nadam,
Adamax steps; AdamW's weight-decay exclusions; LossScaleOptimizer over finite and
non-finite gradients; gradient accumulation, EMA and global_clipnorm; schedules' values
and configs (see cases.py)."""

from tests.keras.kprobe29.prelude import _TRY

SNIPPETS = {}

_STEPS = """
def steps(opt, n=3, shape=(2, 3)):
    v = keras.Variable(np.linspace(-1, 1, int(np.prod(shape))).reshape(shape).astype("float32"),
    name="w")
    out = []
    for i in range(n):
        g = np.cos(np.arange(np.prod(shape)) + i).reshape(shape).astype("float32")
        opt.apply_gradients([(g, v)])
        out.append(r4(v)[0] if len(v.shape) else r4(v))
    return out, int(opt.iterations), [x.path for x in opt.variables]
"""

for _name, _ctor in [
        ("lion", "keras.optimizers.Lion(0.1, beta_1=0.8, beta_2=0.95)"),
        ("adafactor", "keras.optimizers.Adafactor(0.1)"),
        ("ftrl", "keras.optimizers.Ftrl(0.1, l1_regularization_strength=0.01, "
                 "l2_regularization_strength=0.02, l2_shrinkage_regularization_strength=0.01, "
                 "learning_rate_power=-0.5, beta=0.1)"),
        ("nadam", "keras.optimizers.Nadam(0.1)"),
        ("adamax", "keras.optimizers.Adamax(0.1)")]:
    SNIPPETS[f"optimizer_{_name}_steps_and_config"] = _TRY + _STEPS + f"""
opt = {_ctor}
print(steps(opt))
cfg = opt.get_config()
print(sorted(cfg))
opt2 = opt.__class__.from_config(cfg)
print(type(opt2).__name__, r4(float(opt2.learning_rate)))
print("vector", steps({_ctor}, n=2, shape=(4,))[0])
print("scalar", steps({_ctor}, n=2, shape=())[0])
"""

SNIPPETS["adafactor_options_and_shapes"] = _TRY + _STEPS + """
o = keras.optimizers.Adafactor(0.1, beta_2_decay=-0.5, epsilon_1=1e-20, epsilon_2=1e-2,
    clip_threshold=0.5, relative_step=False)
print(steps(o, n=2, shape=(3, 2)))
o = keras.optimizers.Adafactor(0.1)
print("3d", steps(o, n=1, shape=(2, 2, 2))[0], [x.path for x in o.variables])
"""

SNIPPETS["adamw_weight_decay_exclusions"] = _TRY + """
def run(opt, names):
    vs = [keras.Variable(np.ones((2,), "float32"), name=n) for n in names]
    opt.exclude_from_weight_decay(var_names=["bias"])
    for _ in range(2):
        opt.apply_gradients([(np.full((2,), 0.1, "float32"), v) for v in vs])
    return {v.name: r4(v) for v in vs}
print(run(keras.optimizers.AdamW(0.1, weight_decay=0.5), ["kernel", "bias", "gamma_bias"]))
print(run(keras.optimizers.SGD(0.1, weight_decay=0.5), ["kernel", "bias"]))
print(run(keras.optimizers.Lion(0.1, weight_decay=0.5), ["kernel", "bias"]))
o = keras.optimizers.AdamW(0.1, weight_decay=0.2)
v = keras.Variable(np.ones((2,), "float32"), name="w")
o.exclude_from_weight_decay(var_list=[v])
o.apply_gradients([(np.zeros(2, "float32"), v)])
print("var_list", r4(v))
tryp("after_build", lambda: o.exclude_from_weight_decay(var_names=["x"]))
m = keras.Sequential([keras.Input((3,)), layers.Dense(2), layers.LayerNormalization()])
fill(m)
o = keras.optimizers.AdamW(0.05, weight_decay=0.3)
o.exclude_from_weight_decay(var_names=["gamma", "beta", "bias"])
m.compile(optimizer=o, loss="mse")
m.fit(X, np.ones((8, 2), "float32"), epochs=1, verbose=0)
print({w.path: r4(float(np.asarray(w).sum())) for w in m.weights})
tryp("wd_negative", lambda: type(keras.optimizers.AdamW(weight_decay=-1.0)).__name__)
tryp("wd_none_adamw", lambda: keras.optimizers.AdamW(weight_decay=None))
"""

SNIPPETS["loss_scale_optimizer_nonfinite_and_dynamic"] = _TRY + """
v = keras.Variable(np.ones((2,), "float32"), name="w")
o = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.1), initial_scale=8.0,
    dynamic_growth_steps=2)
tryp("scale_unbuilt", lambda: float(o.dynamic_scale))
o.build([v])
print("scale0", float(o.dynamic_scale), o.inner_optimizer.__class__.__name__)
for g in [[1.0, 1.0], [np.inf, 1.0], [np.nan, 0.0], [1.0, 1.0], [1.0, 1.0], [2.0, 2.0]]:
    o.apply_gradients([(np.array(g, "float32") * float(o.dynamic_scale), v)])
    print(g, r4(v), float(o.dynamic_scale), int(o.iterations), int(o.inner_optimizer.iterations))
print("scale_loss", float(o.scale_loss(np.float32(2.0))))
cfg = o.get_config()
print(sorted(cfg), cfg["initial_scale"])
o2 = keras.optimizers.LossScaleOptimizer.from_config(cfg)
print(type(o2.inner_optimizer).__name__, o2.initial_scale, o2.built)
print([x.path for x in o.variables])
tryp("bad_inner", lambda: keras.optimizers.LossScaleOptimizer("sgd"))
tryp("lr", lambda: float(o.learning_rate))
"""

SNIPPETS["gradient_accumulation_ema_global_clipnorm"] = _TRY + _STEPS + """
o = keras.optimizers.SGD(0.5, gradient_accumulation_steps=3)
print("accum", steps(o, n=4))
o = keras.optimizers.Adam(0.1, use_ema=True, ema_momentum=0.5, ema_overwrite_frequency=2)
print("ema", steps(o, n=3, shape=(2,)))
o = keras.optimizers.SGD(1.0, global_clipnorm=0.5)
v1 = keras.Variable([3.0, 4.0])
v2 = keras.Variable([0.0])
o.apply_gradients([(np.array([3.0, 4.0], "float32"), v1), (np.array([12.0], "float32"), v2)])
print("global", r4(v1), r4(v2))
o = keras.optimizers.SGD(1.0, clipnorm=1.0)
v1 = keras.Variable([0.0, 0.0])
v2 = keras.Variable([0.0])
o.apply_gradients([(np.array([3.0, 4.0], "float32"), v1), (np.array([0.5], "float32"), v2)])
print("per_var", r4(v1), r4(v2))
o = keras.optimizers.SGD(1.0, clipvalue=0.25)
v1 = keras.Variable([0.0, 0.0])
o.apply_gradients([(np.array([3.0, -0.1], "float32"), v1)])
print("value", r4(v1))
tryp("two_clips", lambda: keras.optimizers.SGD(clipnorm=1.0, global_clipnorm=1.0))
tryp("accum_bad", lambda: keras.optimizers.SGD(gradient_accumulation_steps=1))
m = dense_model(0.1)
m.compile(optimizer=keras.optimizers.SGD(0.1, gradient_accumulation_steps=2), loss="mse")
h = m.fit(X, Y, batch_size=2, epochs=1, verbose=0, shuffle=False)
print("fit_accum", logs4(h), int(m.optimizer.iterations), wsum(m))
"""

SNIPPETS["schedules_values_and_configs"] = _TRY + """
S = keras.optimizers.schedules
scheds = {
    "cos_restarts": S.CosineDecayRestarts(1.0, 4, t_mul=2.0, m_mul=0.5, alpha=0.1),
    "piecewise": S.PiecewiseConstantDecay([3, 6], [1.0, 0.5, 0.1]),
    "poly_cycle": S.PolynomialDecay(1.0, 4, end_learning_rate=0.1, power=2.0, cycle=True),
    "inverse_stair": S.InverseTimeDecay(1.0, 2, 0.5, staircase=True),
    "exp": S.ExponentialDecay(1.0, 3, 0.5),
    "cos_warmup": S.CosineDecay(0.0, 6, alpha=0.1, warmup_target=1.0, warmup_steps=3),
}
for name, s in scheds.items():
    print(name, [round(float(s(i)), 4) for i in [0, 1, 2, 3, 4, 6, 9, 13]])
    cfg = s.get_config()
    s2 = s.__class__.from_config(cfg)
    print(" cfg", sorted(cfg), round(float(s2(5)), 4))
print(keras.optimizers.schedules.serialize(scheds["piecewise"]))
print(type(keras.optimizers.schedules.deserialize(keras.optimizers.schedules.serialize(scheds["exp"]))).__name__)
tryp("piecewise_bad", lambda: S.PiecewiseConstantDecay([3, 6], [1.0, 0.5]))
o = keras.optimizers.Adam(scheds["piecewise"])
v = keras.Variable([1.0])
for _ in range(4):
    o.apply_gradients([(np.array([1.0], "float32"), v)])
print("adam_sched", r4(v), round(float(o.learning_rate), 4),
    o.get_config()["learning_rate"]["class_name"])
tryp("set_lr", lambda: setattr(o, "learning_rate", 0.5))
"""

SNIPPETS["schedules_given_integer_learning_rates"] = _TRY + """
S = keras.optimizers.schedules
tryp("cos_int", lambda: round(float(S.CosineDecay(1, 10)(3)), 4))
tryp("cos_int_alpha", lambda: round(float(S.CosineDecay(1, 10, alpha=0.1)(3)), 4))
tryp("cos_int_warmup", lambda: round(float(S.CosineDecay(1, 10, warmup_target=2,
    warmup_steps=4)(2)), 4))
tryp("exp_int", lambda: round(float(S.ExponentialDecay(1, 3, 0.5)(2)), 4))
tryp("poly_int", lambda: round(float(S.PolynomialDecay(1, 4)(2)), 4))
tryp("inverse_int", lambda: round(float(S.InverseTimeDecay(1, 2, 0.5)(3)), 4))
"""

SNIPPETS["optimizer_variables_names_and_load"] = _TRY + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="d")])
fill(m)
for cls in ["Adam", "Nadam", "Adamax", "Ftrl", "Lion", "Adafactor", "RMSprop", "Adagrad",
    "Adadelta"]:
    o = getattr(keras.optimizers, cls)(0.01)
    o.build(m.trainable_variables)
    print(cls, len(o.variables), [v.path for v in o.variables][:4])
o = keras.optimizers.Adam(0.1)
m.compile(optimizer=o, loss="mse")
m.fit(X, np.ones((8, 2), "float32"), epochs=1, verbose=0)
o2 = keras.optimizers.Adam(0.1)
o2.build(m.trainable_variables)
for a, b in zip(o2.variables, o.variables):
    a.assign(b)
print("assigned", int(o2.iterations), r4(float(np.asarray(o2.variables[1]).sum())))
store = {}
o.save_own_variables(store)
print("own", len(store), sorted(store)[:3])
"""
