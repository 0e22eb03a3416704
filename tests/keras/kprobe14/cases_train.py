"""kprobe14's snippets on optimizers' learning rates and schedules in configs,
clipping, gradient accumulation, EMA and loss scaling, summaries with show_trainable and
expand_nested, keras.config's functions and variables' default dtypes (see cases.py)."""

from tests.keras.kprobe14.prelude import _TRY

SNIPPETS = {}

SNIPPETS["optimizer_schedules_in_configs"] = _TRY + """
O = keras.optimizers
S = O.schedules
for sched in [
    S.ExponentialDecay(0.1, 10, 0.5, staircase=True),
    S.CosineDecay(0.1, 100, alpha=0.1, warmup_target=0.2, warmup_steps=5),
    S.PiecewiseConstantDecay([5, 10], [0.1, 0.05, 0.01]),
    S.PolynomialDecay(0.1, 50, end_learning_rate=0.01, power=2.0, cycle=True),
    S.InverseTimeDecay(0.1, 10, 0.5),
    S.CosineDecayRestarts(0.1, 10, t_mul=2.0, m_mul=0.5),
]:
    for cls in [O.SGD, O.Adam]:
        opt = cls(learning_rate=sched)
        cfg = opt.get_config()
        print(
            cls.__name__, type(sched).__name__, json.dumps(cfg["learning_rate"], sort_keys=True)
        )
        again = cls.from_config(cfg)
        print(
            "  ",
            type(again.learning_rate).__name__
            if not hasattr(again, "_learning_rate")
            else type(again._learning_rate).__name__,
            again.get_config()["learning_rate"] == cfg["learning_rate"],
        )
    print("  values", [round(float(sched(s)), 5) for s in (0, 4, 5, 11, 60)])
opt = O.Adam(S.ExponentialDecay(0.1, 10, 0.5))
tryp("lr_prop", lambda: float(opt.learning_rate))
tryp("lr_set_on_schedule", lambda: setattr(opt, "learning_rate", 0.3))
tryp("lr_after", lambda: type(opt.learning_rate).__name__)
opt2 = O.SGD(0.1)
tryp("set_schedule", lambda: setattr(opt2, "learning_rate", S.ExponentialDecay(0.1, 10, 0.5)))
tryp(
    "serialize_with_sched",
    lambda: json.dumps(O.serialize(O.SGD(S.InverseTimeDecay(0.1, 10, 0.5))), sort_keys=True),
)
tryp(
    "deserialize",
    lambda: (
        type(
            O.deserialize(O.serialize(O.SGD(S.InverseTimeDecay(0.1, 10, 0.5)))).learning_rate
        ).__name__
    ),
)
tryp("sched_bad_boundaries", lambda: S.PiecewiseConstantDecay([5, 10], [0.1, 0.05]))
tryp("sched_get_config", lambda: S.CosineDecay(0.1, 100).get_config())
tryp("sched_serialize", lambda: S.serialize(S.CosineDecay(0.1, 100)))
tryp(
    "sched_deserialize",
    lambda: (
        type(
            S.deserialize(
                {
                    "class_name": "CosineDecay",
                    "config": {"initial_learning_rate": 0.1, "decay_steps": 10},
                }
            )
        ).__name__
    ),
)
tryp("callable_lr_value", lambda: float(O.SGD(lambda: 0.25).learning_rate))
tryp("tensor_lr", lambda: O.SGD(keras.ops.convert_to_tensor(0.2)).get_config()["learning_rate"])
tryp("var_lr", lambda: O.SGD(keras.Variable(0.2)).get_config()["learning_rate"])
tryp("np_lr", lambda: O.SGD(np.float32(0.2)).get_config()["learning_rate"])
tryp("neg_lr", lambda: O.SGD(-0.1).get_config()["learning_rate"])
"""

SNIPPETS["optimizer_clip_accumulate_ema"] = _TRY + """
O = keras.optimizers


def run(opt, grads, n=3):
    v = keras.Variable(np.array([1.0, 2.0], "float32"), name="v")
    w = keras.Variable(np.array([[0.5]], "float32"), name="w")
    for i in range(n):
        opt.apply_gradients(
            [
                (np.array(grads[0], "float32") * (i + 1), v),
                (np.array(grads[1], "float32") * (i + 1), w),
            ]
        )
    return [
        np.asarray(v).round(5).tolist(),
        np.asarray(w).round(5).tolist(),
        int(opt.iterations),
    ]


for kw in [
    dict(clipnorm=0.5),
    dict(global_clipnorm=0.5),
    dict(clipvalue=0.2),
    dict(clipnorm=0.5, clipvalue=0.2),
]:
    for cls in [O.SGD, O.Adam, O.RMSprop]:
        try:
            opt = cls(0.1, **kw)
            print(
                cls.__name__,
                kw,
                run(opt, ([3.0, 4.0], [[1.0]])),
                {k: opt.get_config()[k] for k in ("clipnorm", "global_clipnorm", "clipvalue")},
            )
        except Exception as e:
            print(cls.__name__, kw, type(e).__name__, e)
for cls in [O.SGD, O.Adam, O.AdamW]:
    opt = cls(0.1, gradient_accumulation_steps=2)
    print(
        "accum",
        cls.__name__,
        run(opt, ([1.0, -1.0], [[2.0]]), n=5),
        [x.path for x in opt.variables],
    )
    print("  cfg", opt.get_config()["gradient_accumulation_steps"])
tryp("accum_bad", lambda: O.SGD(0.1, gradient_accumulation_steps=1))
tryp(
    "accum_bad0", lambda: O.SGD(0.1, gradient_accumulation_steps=0).gradient_accumulation_steps
)
tryp(
    "accum_float",
    lambda: O.SGD(0.1, gradient_accumulation_steps=2.0).gradient_accumulation_steps,
)
for cls in [O.SGD, O.Adam]:
    opt = cls(0.1, use_ema=True, ema_momentum=0.9, ema_overwrite_frequency=2)
    print(
        "ema",
        cls.__name__,
        run(opt, ([1.0, -1.0], [[2.0]]), n=4),
        [x.path for x in opt.variables],
    )
    c = opt.get_config()
    print("  cfg", {k: c[k] for k in ("use_ema", "ema_momentum", "ema_overwrite_frequency")})
tryp("ema_bad_momentum", lambda: O.SGD(0.1, use_ema=True, ema_momentum=1.5))
tryp(
    "ema_overwrite_bad",
    lambda: O.SGD(0.1, use_ema=True, ema_overwrite_frequency=0).ema_overwrite_frequency,
)
opt = O.SGD(0.1, use_ema=True, ema_momentum=0.5)
v = keras.Variable(np.array([1.0], "float32"))
opt.apply_gradients([(np.array([1.0], "float32"), v)])
opt.apply_gradients([(np.array([1.0], "float32"), v)])
print(
    "before_finalize",
    np.asarray(v).tolist(),
    [np.asarray(x).round(5).tolist() for x in opt.variables],
)
opt.finalize_variable_values([v])
print("after_finalize", np.asarray(v).round(5).tolist())
m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, kernel_initializer="ones")])
m.compile(O.SGD(0.1, use_ema=True, ema_momentum=0.5), "mse")
m.fit(np.ones((4, 2)), np.zeros((4, 1)), epochs=2, batch_size=2, verbose=0)
print("fit_ema", np.asarray(m.layers[0].kernel).round(5).tolist(), int(m.optimizer.iterations))
m2 = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, kernel_initializer="ones")])
m2.compile(O.SGD(0.1, gradient_accumulation_steps=2), "mse")
m2.fit(np.ones((6, 2)), np.zeros((6, 1)), epochs=1, batch_size=2, verbose=0)
print(
    "fit_accum", np.asarray(m2.layers[0].kernel).round(5).tolist(), int(m2.optimizer.iterations)
)
tryp("lso", lambda: O.LossScaleOptimizer(O.SGD(0.1)).get_config())
lso = O.LossScaleOptimizer(O.SGD(0.1), initial_scale=8.0, dynamic_growth_steps=2)
v = keras.Variable(np.array([1.0], "float32"))
for g in [1.0, np.inf, 1.0, 1.0, 1.0]:
    lso.apply_gradients([(np.array([g], "float32"), v)])
    print("lso", np.asarray(v).round(5).tolist(), float(lso.dynamic_scale), int(lso.iterations))
tryp("lso_scale_loss", lambda: float(lso.scale_loss(np.float32(2.0))))
tryp("lso_bad", lambda: O.LossScaleOptimizer("sgd"))
"""

SNIPPETS["optimizer_learning_rate_types"] = _TRY + """
O = keras.optimizers
for lr in [
    1,
    np.float32(0.2),
    np.float64(0.2),
    keras.ops.convert_to_tensor(0.2),
    keras.Variable(0.3),
    True,
    "0.1",
    None,
    [0.1],
]:
    for cls in [O.SGD, O.Adam, O.Lion]:
        tryp(
            cls.__name__ + repr(type(lr).__name__),
            lambda: type(cls(learning_rate=lr).learning_rate).__name__,
        )
o = O.SGD(0.1)
for lr in [1, np.float32(0.2), keras.ops.convert_to_tensor(0.25), keras.Variable(0.3), "x"]:
    tryp(
        "set_" + type(lr).__name__,
        lambda: (setattr(o, "learning_rate", lr), float(o.learning_rate))[1],
    )
"""

SNIPPETS["summary_trainable_nested"] = _TRY + """
L = keras.layers
inner = keras.Sequential(
    [keras.Input((4,)), L.Dense(3, name="d1"), L.Dense(2, name="d2")], name="inner"
)
inner.layers[0].trainable = False
x = keras.Input((4,), name="x")
h = inner(x)
h = L.Dropout(0.1, name="drop")(h)
out = L.Dense(1, name="head")(h)
m = keras.Model(x, out, name="outer")
m.summary(show_trainable=True)
m.summary(expand_nested=True, show_trainable=True)
m.summary(expand_nested=True, line_length=70)
inner.trainable = False
m.summary(show_trainable=True, expand_nested=True)
m.summary(layer_range=["inner", "drop"])
tryp("bad_range", lambda: m.summary(layer_range=["nope", "drop"]))
tryp("bad_range_len", lambda: m.summary(layer_range=["inner"]))


class Sub(keras.Model):
    def __init__(self):
        super().__init__()
        self.a = L.Dense(2)
        self.b = keras.Sequential([L.Dense(2), L.Dense(1)])

    def call(self, t):
        return self.b(self.a(t))


s = Sub()
s(np.ones((1, 3)))
s.summary(expand_nested=True, show_trainable=True)
lines = []
m.summary(
    print_fn=lambda line, **kw: lines.append((line[:20], sorted(kw))), show_trainable=True
)
print(len(lines), lines[:3])
"""

SNIPPETS["keras_config_functions"] = _TRY + """
C = keras.config
print(sorted(n for n in dir(C) if not n.startswith("_")))
print(
    C.floatx(),
    C.epsilon(),
    C.image_data_format(),
    C.backend(),
    C.is_traceback_filtering_enabled(),
    C.is_interactive_logging_enabled(),
)
tryp("set_epsilon_str", lambda: (C.set_epsilon("1e-5"), C.epsilon())[1])
C.set_epsilon(1e-7)
C.set_floatx("float16")
print(
    C.floatx(), keras.ops.ones(1).dtype, keras.Variable(1.0).dtype
)
C.set_floatx("float32")
C.set_dtype_policy("mixed_float16")
print(
    C.dtype_policy().name,
    keras.layers.Dense(2).dtype_policy.name,
    keras.layers.Dense(2).compute_dtype,
)
C.set_dtype_policy("float32")
tryp("set_policy_bad", lambda: C.set_dtype_policy("mixed_int8"))
tryp(
    "set_policy_obj",
    lambda: (C.set_dtype_policy(keras.DTypePolicy("bfloat16")), C.dtype_policy().name)[1],
)
C.set_dtype_policy("float32")
C.disable_traceback_filtering()
print(C.is_traceback_filtering_enabled())
C.enable_traceback_filtering()
C.disable_interactive_logging()
print(C.is_interactive_logging_enabled())
C.enable_interactive_logging()
tryp("flash", lambda: C.is_flash_attention_enabled())
tryp("flash_enable", lambda: (C.enable_flash_attention(), C.is_flash_attention_enabled())[1])
tryp("flash_disable", lambda: (C.disable_flash_attention(), C.is_flash_attention_enabled())[1])
C.enable_flash_attention()  # (back to the default: decided per call)
tryp("max_epochs", lambda: C.max_epochs() if hasattr(C, "max_epochs") else "none")
tryp(
    "max_steps",
    lambda: C.max_steps_per_epoch() if hasattr(C, "max_steps_per_epoch") else "none",
)
tryp(
    "set_max_epochs",
    lambda: (
        (C.set_max_epochs(2), C.max_epochs())[1] if hasattr(C, "set_max_epochs") else "none"
    ),
)
if hasattr(C, "set_max_epochs"):
    m = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1)])
    m.compile("sgd", "mse")
    h = m.fit(np.ones((4, 1)), np.ones((4, 1)), epochs=5, verbose=0)
    print("epochs_run", len(h.history["loss"]))
    C.set_max_epochs(None)
    C.set_max_steps_per_epoch(1)
    h = m.fit(np.ones((8, 1)), np.ones((8, 1)), epochs=1, batch_size=2, verbose=0)
    print("steps", int(m.optimizer.iterations))
    C.set_max_steps_per_epoch(None)
tryp(
    "keras_home", lambda: type(C.keras_home()).__name__ if hasattr(C, "keras_home") else "none"
)
tryp("is_nnx", lambda: C.is_nnx_enabled() if hasattr(C, "is_nnx_enabled") else "none")
"""

SNIPPETS["variable_default_dtypes"] = _TRY + """
C = keras.config
for fx in ["float16", "float64", "float32"]:
    C.set_floatx(fx)
    print(
        fx,
        [
            keras.Variable(v).dtype
            for v in (1.0, [1.0, 2.0], 1, np.float64(1.0), np.array([1.0]))
        ],
        keras.Variable("zeros", shape=(2,)).dtype
        if False
        else keras.Variable(keras.initializers.Zeros()((2,))).dtype,
        keras.Variable(initializer="zeros", shape=(2,)).dtype,
    )
C.set_floatx("float32")
C.set_epsilon("1e-5")
print(repr(C.epsilon()))
C.set_epsilon(1e-7)
"""
