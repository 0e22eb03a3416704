"""kprobe22's snippets on configs and serialization: layers holding initializer,
regularizer and constraint objects through get_config, from_config and
serialize_keras_object; registered custom objects; optimizers' configs with clipping, EMA
and schedules; learning-rate schedules' values at edge steps and their configs (see
cases.py)."""

from tests.keras.kprobe22.prelude import _TRY

SNIPPETS = {}

SNIPPETS["dense_config_objects_round_trip"] = _TRY + """
d = layers.Dense(3, kernel_initializer=keras.initializers.HeNormal(seed=3),
                 bias_initializer=keras.initializers.Constant(0.5),
                 kernel_regularizer=keras.regularizers.L1L2(l1=0.01, l2=0.001),
                 bias_regularizer="l2", activity_regularizer=keras.regularizers.L1(0.2),
                 kernel_constraint=keras.constraints.MaxNorm(2.0, axis=0),
                 bias_constraint="non_neg", name="d")
c = d.get_config()
for k in sorted(c):
    print(k, c[k])
d2 = layers.Dense.from_config(c)
print(type(d2.kernel_initializer).__name__, d2.kernel_regularizer.get_config(),
      type(d2.bias_constraint).__name__, d2.get_config() == c)
s = keras.saving.serialize_keras_object(d)
print(sorted(s), s["class_name"], s["module"], s.get("registered_name"))
d3 = keras.saving.deserialize_keras_object(s)
print(type(d3).__name__, d3.name, d3.get_config() == c)
"""

SNIPPETS["serialize_initializers_regularizers_constraints"] = _TRY + """
objs = [keras.initializers.GlorotUniform(seed=2), keras.initializers.TruncatedNormal(0.0, 0.5),
        keras.initializers.Orthogonal(gain=2.0), keras.initializers.VarianceScaling(
            2.0, "fan_out", "uniform"), keras.regularizers.L2(0.3),
        keras.regularizers.OrthogonalRegularizer(0.1, mode="columns"),
        keras.constraints.UnitNorm(axis=1), keras.constraints.MinMaxNorm(0.5, 2.0, rate=0.5),
        keras.constraints.NonNeg()]
for o in objs:
    s = keras.saving.serialize_keras_object(o)
    back = keras.saving.deserialize_keras_object(s)
    print(s, type(back).__name__, back.get_config() == o.get_config())
print(keras.saving.serialize_keras_object("relu"), keras.saving.serialize_keras_object(None))
print(keras.saving.serialize_keras_object(keras.activations.gelu))
print(keras.initializers.serialize(keras.initializers.Zeros()))
print(keras.regularizers.get("l1l2").get_config(), keras.constraints.get("max_norm").get_config())
tryp("unknown", lambda: keras.initializers.get("nope"))
tryp("unknown_reg", lambda: keras.regularizers.get("l3"))
"""

SNIPPETS["conv_lstm_configs_with_strings"] = _TRY + """
c = layers.Conv2D(4, 3, kernel_initializer="he_uniform", kernel_regularizer="l2",
                  bias_constraint="unit_norm")
cfg = c.get_config()
print(cfg["kernel_initializer"], cfg["kernel_regularizer"], cfg["bias_constraint"])
l = layers.LSTM(2, recurrent_initializer="orthogonal", recurrent_regularizer=
                keras.regularizers.L1(0.5), recurrent_constraint=keras.constraints.MaxNorm(3))
cfg = l.get_config()
print(cfg["recurrent_initializer"], cfg["recurrent_regularizer"], cfg["recurrent_constraint"])
back = layers.LSTM.from_config(cfg)
print(back.cell.recurrent_regularizer.get_config(), back.cell.recurrent_constraint.get_config())
e = layers.Embedding(10, 3, embeddings_initializer=keras.initializers.RandomUniform(-1, 1, seed=4),
                     embeddings_regularizer="l1", embeddings_constraint="non_neg")
print(sorted(e.get_config().items()))
bn = layers.BatchNormalization(beta_regularizer="l2", gamma_constraint="non_neg")
print(bn.get_config()["beta_regularizer"], bn.get_config()["gamma_constraint"])
"""

SNIPPETS["registered_custom_objects"] = _TRY + """
@keras.saving.register_keras_serializable(package="kp22")
class Clip(keras.constraints.Constraint):
    def __init__(self, v=1.0):
        self.v = v
    def __call__(self, w):
        return keras.ops.clip(w, -self.v, self.v)
    def get_config(self):
        return {"v": self.v}
@keras.saving.register_keras_serializable(package="kp22", name="sq")
def sq_reg(w):
    return keras.ops.sum(w * w)
print(keras.saving.get_registered_name(Clip), keras.saving.get_registered_name(sq_reg))
print(keras.saving.get_registered_object("kp22>Clip") is Clip,
      keras.saving.get_registered_object("kp22>sq") is sq_reg)
d = layers.Dense(2, kernel_constraint=Clip(0.5), kernel_regularizer=sq_reg)
s = keras.saving.serialize_keras_object(d)
print(s["config"]["kernel_constraint"], s["config"]["kernel_regularizer"])
d2 = layers.Dense.from_config(d.get_config())
print(type(d2.kernel_constraint).__name__, d2.kernel_constraint.v, d2.kernel_regularizer is sq_reg)
tryp("dup_name", lambda: keras.saving.register_keras_serializable(package="kp22")(
    type("Clip", (), {"get_config": lambda self: {}})))
def twice(x):
    return 2 * x
with keras.saving.custom_object_scope({"twice": twice}):
    tryp("inside", lambda: keras.activations.get("twice")(3.0))
    print(keras.saving.get_custom_objects().get("twice") is twice)
tryp("outside", lambda: keras.activations.get("twice"))
"""

SNIPPETS["optimizer_configs_clip_ema_schedule"] = _TRY + """
sched = keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.5, staircase=True)
opts = [keras.optimizers.Adam(sched, amsgrad=True, clipnorm=1.0),
        keras.optimizers.AdamW(0.01, weight_decay=0.1, global_clipnorm=2.0, use_ema=True,
                               ema_momentum=0.9, ema_overwrite_frequency=5),
        keras.optimizers.SGD(0.05, momentum=0.9, nesterov=True, clipvalue=0.5),
        keras.optimizers.RMSprop(centered=True, gradient_accumulation_steps=2),
        keras.optimizers.Nadam(beta_1=0.8), keras.optimizers.Lion(), keras.optimizers.Adafactor()]
for o in opts:
    c = o.get_config()
    print(type(o).__name__, sorted((k, v) for k, v in c.items() if k != "learning_rate"))
    print(" lr", c["learning_rate"])
    back = type(o).from_config(c)
    print(" back", back.get_config() == c, type(back.learning_rate).__name__)
print(keras.optimizers.serialize(opts[2]))
tryp("both_clip", lambda: keras.optimizers.SGD(clipnorm=1.0, global_clipnorm=1.0))
tryp("bad_kw", lambda: keras.optimizers.Adam(lr=0.1))
"""

SNIPPETS["lr_schedule_values_edges"] = _TRY + """
S = keras.optimizers.schedules
scheds = [S.CosineDecay(0.1, 10, alpha=0.1, warmup_target=0.5, warmup_steps=4),
          S.CosineDecay(0.2, 5, name="cd"),
          S.ExponentialDecay(1.0, 3, 0.5, staircase=True),
          S.PolynomialDecay(1.0, 4, end_learning_rate=0.1, power=2.0, cycle=True),
          S.PiecewiseConstantDecay([2, 5], [1.0, 0.5, 0.1]),
          S.InverseTimeDecay(1.0, 2, 0.5, staircase=True),
          S.CosineDecayRestarts(1.0, 3, t_mul=2.0, m_mul=0.5, alpha=0.1)]
for s in scheds:
    print(type(s).__name__, [round(float(s(step)), 4) for step in [0, 1, 2, 3, 4, 5, 8, 14, 20]])
    print(" ", sorted(s.get_config().items()))
print(r4(scheds[0](np.array(6, "int64"))), scheds[4](3).dtype, scheds[2](2.5).dtype)
tryp("pw_len", lambda: S.PiecewiseConstantDecay([1, 2], [1.0, 0.5]))
back = keras.optimizers.schedules.deserialize(keras.optimizers.schedules.serialize(scheds[0]))
print(type(back).__name__, back.get_config() == scheds[0].get_config())
"""

SNIPPETS["optimizer_schedule_over_fit"] = _TRY + """
sched = keras.optimizers.schedules.PiecewiseConstantDecay([2, 4], [0.1, 0.01, 0.001])
m = dense_model()
m.compile(optimizer=keras.optimizers.SGD(sched), loss="mse")
seen = []
h = m.fit(X, Y, epochs=3, batch_size=4, verbose=0, callbacks=[keras.callbacks.LambdaCallback(
    on_train_batch_end=lambda b, logs: seen.append(round(float(m.optimizer.learning_rate), 4)))])
print(seen, sorted(h.history), int(m.optimizer.iterations))
print(r4(m.layers[0].kernel))
tryp("set_lr", lambda: setattr(m.optimizer, "learning_rate", 0.5))
print(type(m.optimizer.learning_rate).__name__, m.optimizer.get_config()["learning_rate"])
"""
