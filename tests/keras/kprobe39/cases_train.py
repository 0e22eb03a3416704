"""kprobe39's snippets over losses' reductions with sample weights, metrics' states under
sample weights, optimizers' and schedules' configs round-tripped, and callbacks' less
used arguments."""

from tests.keras.kprobe39.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["loss_reductions_with_sample_weights"] = _TRY + """
L = keras.losses
yt = np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]], "float32")
yp = np.array([[0.2, 0.7, 0.1], [0.3, 0.3, 0.4]], "float32")
sw = np.array([0.5, 0.0], "float32")
for cls in [L.MeanSquaredError, L.MeanAbsoluteError, L.MeanAbsolutePercentageError,
            L.MeanSquaredLogarithmicError,
            L.CosineSimilarity, L.Huber, L.LogCosh, L.BinaryCrossentropy,
            L.CategoricalCrossentropy, L.KLDivergence, L.Poisson, L.Hinge, L.SquaredHinge,
            L.CategoricalHinge, L.BinaryFocalCrossentropy, L.CategoricalFocalCrossentropy]:
    for red in ["sum", "none", "mean_with_sample_weight", "sum_over_batch_size", None]:
        try:
            l = cls(reduction=red)
            print(cls.__name__, red, r4s(l(yt, yp, sample_weight=sw)), r4s(l(yt, yp,
                sample_weight=np.zeros(2, "float32"))))
        except Exception as e:
            print(cls.__name__, red, type(e).__name__, str(e)[:160])
try:  # (the allowed values are a set: printed in an order of string hashes, cut here)
    L.MeanSquaredError(reduction="avg")
except ValueError as e:
    print("bad_reduction", str(e).split("{")[0], str(e).split("}")[1], sorted(map(str,
        eval("{" + str(e).split("{")[1].split("}")[0] + "}"))))
tryq("sw_2d", lambda: r4s(L.MeanSquaredError(reduction="none")(yt, yp,
    sample_weight=np.array([[1.0, 0.0, 2.0], [0.5, 0.5, 0.5]], "float32"))))
tryq("sw_bad", lambda: r4s(L.MeanSquaredError()(yt, yp, sample_weight=np.ones((3,), "float32"))))
"""

SNIPPETS["metrics_states_under_sample_weights"] = _TRY + """
M = keras.metrics
yt = np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]], "float32")
yp = np.array([[0.2, 0.7, 0.1], [0.3, 0.3, 0.4], [0.1, 0.1, 0.8]], "float32")
for make in [M.Accuracy, M.CategoricalAccuracy, M.TopKCategoricalAccuracy, M.AUC, M.Precision,
             M.Recall,
             lambda: M.PrecisionAtRecall(0.5), lambda: M.SensitivityAtSpecificity(0.5),
             M.MeanSquaredError,
             M.CategoricalCrossentropy, M.KLDivergence, M.CosineSimilarity, M.LogCoshError, M.Hinge,
             lambda: M.F1Score(average="macro"), lambda: M.FBetaScore(beta=2.0,
                 average="weighted"), M.R2Score,
             lambda: M.MeanIoU(num_classes=3, sparse_y_true=False,
                               sparse_y_pred=False), M.BinaryAccuracy,
             M.TruePositives, M.FalseNegatives]:
    try:
        m = make()
        m.update_state(yt, yp, sample_weight=np.array([1.0, 0.0, 2.0], "float32"))
        a = r4s(m.result())
        m.update_state(yt[:1], yp[:1], sample_weight=np.array([0.0], "float32"))
        b = r4s(m.result())
        m.reset_state()
        print(m.name, a, b, r4s(m.result()), len(m.variables))
    except Exception as e:
        print("err", type(e).__name__, str(e)[:160])
tryq("mean_sw_bcast", lambda: r4s(M.Mean()(np.array([[1.0, 2.0], [3.0, 4.0]]),
                                           sample_weight=np.array([1.0, 0.0]))))
tryq("mean_sw_bad", lambda: r4s(M.Mean()(np.array([1.0, 2.0, 3.0]), sample_weight=np.array([1.0,
    0.0]))))
tryq("sum_sw_neg", lambda: r4s(M.Sum()(np.array([1.0, 2.0]), sample_weight=np.array([-1.0, 2.0]))))
tryq("mean_zero", lambda: r4s(M.Mean()(np.array([1.0, 2.0]), sample_weight=np.array([0.0, 0.0]))))
"""

SNIPPETS["optimizer_configs_round_trip"] = _TRY + """
O = keras.optimizers
sched = O.schedules.ExponentialDecay(0.1, decay_steps=10, decay_rate=0.5, staircase=True)
for make in [lambda: O.SGD(learning_rate=sched, momentum=0.9, nesterov=True, clipnorm=1.0),
             lambda: O.Adam(amsgrad=True, weight_decay=0.01, use_ema=True, ema_momentum=0.9,
                            ema_overwrite_frequency=3),
             lambda: O.AdamW(learning_rate=sched,
                             global_clipnorm=2.0), lambda: O.RMSprop(centered=True, clipvalue=0.5),
             lambda: O.Adagrad(initial_accumulator_value=0.5), lambda: O.Adadelta(rho=0.5),
             lambda: O.Adamax(beta_2=0.9), lambda: O.Nadam(loss_scale_factor=2.0),
             lambda: O.Ftrl(l1_regularization_strength=0.1),
             lambda: O.Lion(beta_1=0.8), lambda: O.Lamb(), lambda: O.Adafactor(clip_threshold=2.0),
             lambda: O.Muon() if hasattr(O, "Muon") else O.SGD(gradient_accumulation_steps=2)]:
    try:
        o = make()
        cfg = o.get_config()
        back = type(o).from_config(cfg)
        s = O.serialize(o)
        print(type(o).__name__, sorted(cfg), back.get_config() == cfg, s["class_name"],
              type(O.deserialize(s)).__name__)
        print("  lr", _cut(repr(cfg["learning_rate"]))[:160])
    except Exception as e:
        print("err", type(e).__name__, str(e)[:200])
tryq("clip_both", lambda: O.SGD(clipnorm=1.0, global_clipnorm=1.0))
tryq("bad_lr", lambda: O.SGD(learning_rate="fast"))
tryq("get_str", lambda: type(O.get("nadam")).__name__)
tryq("get_bad", lambda: O.get("sgdd"))
tryq("get_dict", lambda: O.get({"class_name": "Adam",
                                "config": {"learning_rate": 0.5}}).learning_rate)
"""

SNIPPETS["schedules_values_and_configs"] = _TRY + """
S = keras.optimizers.schedules
for make in [lambda: S.ExponentialDecay(1.0, 4, 0.5, staircase=True),
             lambda: S.InverseTimeDecay(1.0, 2, 0.5, staircase=True),
             lambda: S.PolynomialDecay(1.0, 10, end_learning_rate=0.1, power=2.0, cycle=True),
             lambda: S.PiecewiseConstantDecay([3, 6], [1.0, 0.5, 0.1]),
             lambda: S.CosineDecay(1.0, 10, alpha=0.1, warmup_target=2.0, warmup_steps=4),
             lambda: S.CosineDecayRestarts(1.0, 3, t_mul=2.0, m_mul=0.5, alpha=0.1)]:
    try:
        s = make()
        vals = [r4s(s(step)) for step in [0, 1, 3, 4, 7, 12, 100]]
        cfg = s.get_config()
        back = type(s).from_config(cfg)
        print(type(s).__name__, vals, sorted(cfg), back.get_config() == cfg)
        print("  ser", _cut(repr(S.serialize(s)))[:220])
    except Exception as e:
        print("err", type(e).__name__, str(e)[:200])
tryq("pw_mismatch", lambda: S.PiecewiseConstantDecay([3, 6], [1.0, 0.5]))
tryq("poly_zero", lambda: r4s(S.PolynomialDecay(1.0, 0)(5)))
tryq("exp_zero_steps", lambda: r4s(S.ExponentialDecay(1.0, 0, 0.5)(5)))
ed = {"class_name": "ExponentialDecay",
      "config": {"initial_learning_rate": 1.0, "decay_steps": 2, "decay_rate": 0.5}}
tryq("deser", lambda: type(S.deserialize(ed)).__name__)
tryq("deser_bad", lambda: S.deserialize({"class_name": "Nope", "config": {}}))
"""

SNIPPETS["callbacks_less_used_arguments"] = _TRY + """
C = keras.callbacks
x = np.arange(24, dtype="float32").reshape(8, 3) / 10.0
y = (x.sum(axis=1, keepdims=True) > 1.2).astype("float32")
def fit(cbs, epochs=6, **kw):
    keras.utils.set_random_seed(1)
    m = keras.Sequential([keras.Input((3,)), layers.Dense(1, activation="sigmoid")])
    m.compile(optimizer=keras.optimizers.SGD(0.5), loss="binary_crossentropy")
    h = m.fit(x, y, epochs=epochs, batch_size=4, verbose=0, callbacks=cbs, **kw)
    return m, h
es = C.EarlyStopping(monitor="loss", patience=1, baseline=0.1, start_from_epoch=2,
                     restore_best_weights=True, verbose=0)
m, h = fit([es])
print("es", len(h.epoch), es.stopped_epoch, es.wait, es.best_epoch, r4s(es.best))
es2 = C.EarlyStopping(monitor="val_loss", patience=0, mode="max", min_delta=-0.01)
m, h = fit([es2], validation_split=0.25)
print("es2", len(h.epoch), es2.stopped_epoch, es2.monitor_op.__name__ if hasattr(es2.monitor_op,
    "__name__") else "?")
tryq("es_bad_mode", lambda: C.EarlyStopping(mode="up").mode)
rl = C.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=0, min_lr=0.2, cooldown=1,
                         min_delta=10.0)
m, h = fit([rl])
print("rl", r4s(m.optimizer.learning_rate), [r4s(v) for v in h.history.get("learning_rate", [])])
tryq("rl_factor", lambda: C.ReduceLROnPlateau(factor=1.0))
seen = []
lc = C.LambdaCallback(on_train_batch_end=lambda b, logs: seen.append(("b", b)),
                      on_epoch_begin=lambda e, logs: seen.append(("e", e)))
fit([lc], epochs=2)
print("lambda", seen)
tn = C.TerminateOnNaN()
xn = x.copy(); xn[5, 1] = np.nan
keras.utils.set_random_seed(1)
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
m.compile(optimizer="sgd", loss="mse")
h = m.fit(xn, y, epochs=3, batch_size=2, verbose=0, callbacks=[tn])
print("nan", h.epoch, [str(v) for v in h.history["loss"]])
"""
