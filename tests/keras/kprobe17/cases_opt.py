"""kprobe17's snippets on optimizers and learning-rate schedules: every built-in optimizer's
get_config and from_config, the schedules' values along the steps and their configs, and the
updates a few steps apply (see cases.py)."""

from tests.keras.kprobe17.prelude import _TRY

SNIPPETS = {}

SNIPPETS["optimizer_configs_round_trip"] = _TRY + """
for opt in [keras.optimizers.SGD(0.05, momentum=0.9, nesterov=True),
            keras.optimizers.Adam(amsgrad=True, beta_1=0.8),
            keras.optimizers.RMSprop(centered=True, rho=0.8),
            keras.optimizers.Adagrad(initial_accumulator_value=0.2),
            keras.optimizers.Adadelta(), keras.optimizers.Adamax(),
            keras.optimizers.Nadam(clipnorm=1.0), keras.optimizers.AdamW(weight_decay=0.01),
            keras.optimizers.Ftrl(l1_regularization_strength=0.1), keras.optimizers.Lion(),
            keras.optimizers.Adafactor(), keras.optimizers.Lamb()]:
    cfg = opt.get_config()
    again = type(opt).from_config(cfg)
    print(cfg)
    print("  same:", again.get_config() == cfg)
s = keras.optimizers.serialize(keras.optimizers.SGD())
print(s)
print(type(keras.optimizers.deserialize(s)).__name__,
    type(keras.optimizers.get("rmsprop")).__name__)
tryp("unknown", lambda: keras.optimizers.get("sgdx"))
tryp("bad_lr", lambda: keras.optimizers.SGD(learning_rate="fast"))
tryp("both_clips", lambda: keras.optimizers.SGD(clipnorm=1.0, global_clipnorm=1.0))
"""

SNIPPETS["learning_rate_schedule_values"] = _TRY + """
steps = [0, 1, 5, 10, 15, 20, 25, 40]
schedules = {
    "cosine": keras.optimizers.schedules.CosineDecay(0.1, 20),
    "cosine_alpha": keras.optimizers.schedules.CosineDecay(0.1, 20, alpha=0.1),
    "cosine_warmup": keras.optimizers.schedules.CosineDecay(0.0, 20, warmup_target=0.2,
        warmup_steps=5),
    "restarts": keras.optimizers.schedules.CosineDecayRestarts(0.1, 6, t_mul=2.0, m_mul=0.5),
    "piecewise": keras.optimizers.schedules.PiecewiseConstantDecay([5, 15], [1.0, 0.5, 0.1]),
    "exponential": keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.5),
    "exp_staircase": keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.5, staircase=True),
    "polynomial": keras.optimizers.schedules.PolynomialDecay(0.1, 20, 0.01, power=2.0),
    "poly_cycle": keras.optimizers.schedules.PolynomialDecay(0.1, 10, 0.01, cycle=True),
    "inverse_time": keras.optimizers.schedules.InverseTimeDecay(0.1, 5, 0.5),
}
for name, sch in schedules.items():
    print(name, [round(float(sch(s)), 6) for s in steps])
    print("  ", sch.get_config())
sch = schedules["piecewise"]
dt("piecewise_dtype", lambda: sch(3))
ser = keras.optimizers.schedules.serialize(schedules["cosine"])
print(ser)
print(type(keras.optimizers.schedules.deserialize(ser)).__name__)
tryp("bad_piecewise", lambda: keras.optimizers.schedules.PiecewiseConstantDecay([5], [1.0]))
tryp("zero_decay_steps", lambda: keras.optimizers.schedules.CosineDecay(0.1, 0)(1))
"""

SNIPPETS["optimizer_with_schedule_over_steps"] = _TRY + """
sch = keras.optimizers.schedules.ExponentialDecay(0.5, 2, 0.5, staircase=True)
opt = keras.optimizers.SGD(sch)
v = keras.Variable([1.0, -2.0])
for k in range(5):
    opt.apply_gradients([(tf.constant([1.0, 1.0]), v)])
    print(k, int(opt.iterations.numpy()), round(float(opt.learning_rate), 4),
        v.numpy().round(4).tolist())
print(opt.get_config()["learning_rate"])
tryp("assign_lr_to_schedule", lambda: setattr(opt, "learning_rate", 0.1))
o2 = keras.optimizers.Adam(0.1)
o2.learning_rate = 0.01
print(round(float(o2.learning_rate), 4), type(o2.learning_rate).__name__ in ("Variable",
    "KerasVariable"))
o2.learning_rate.assign(0.2)
print(round(float(o2.learning_rate.numpy()), 4))
m = keras.Sequential([keras.Input((2,)), layers.Dense(1, kernel_initializer="ones")])
m.compile(keras.optimizers.SGD(keras.optimizers.schedules.PiecewiseConstantDecay([2], [0.1,
    0.01])), "mse")
m.fit(np.ones((8, 2)), np.zeros((8, 1)), batch_size=2, verbose=0)
print(m.get_weights()[0].round(4).ravel().tolist(), int(m.optimizer.iterations.numpy()))
"""

SNIPPETS["optimizer_updates_three_steps"] = _TRY + """
g = [tf.constant([0.5, -1.0, 2.0]), tf.constant([0.1, 0.0, -0.3])]
for opt in [keras.optimizers.SGD(0.1), keras.optimizers.SGD(0.1, momentum=0.9),
            keras.optimizers.SGD(0.1, momentum=0.9, nesterov=True), keras.optimizers.Adam(0.1),
            keras.optimizers.Adam(0.1, amsgrad=True), keras.optimizers.RMSprop(0.1),
            keras.optimizers.RMSprop(0.1, momentum=0.5,
                centered=True), keras.optimizers.Adagrad(0.1),
            keras.optimizers.Adadelta(1.0), keras.optimizers.Adamax(0.1),
            keras.optimizers.Nadam(0.1),
            keras.optimizers.AdamW(0.1, weight_decay=0.1), keras.optimizers.Lion(0.1),
            keras.optimizers.Ftrl(0.1), keras.optimizers.Lamb(0.1)]:
    v = keras.Variable([1.0, 2.0, -3.0])
    for grad in g + [g[0]]:
        opt.apply_gradients([(grad, v)])
    print(type(opt).__name__, v.numpy().round(5).tolist(), [x.name for x in opt.variables][:4])
"""
