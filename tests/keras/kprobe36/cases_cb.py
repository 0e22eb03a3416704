"""kprobe36's snippets on fit's callbacks in the corners kprobe28 left: EarlyStopping's
automatic mode from the model's metrics and its restoring when training runs to the end,
ReduceLROnPlateau's automatic mode, its logs and a scheduled learning rate,
LearningRateScheduler's returned types, CSVLogger beside a callback that adds a log key,
ModelCheckpoint's file names over several log keys and its missing keys,
BackupAndRestore's step frequency, History.params over datasets and steps, and
CallbackList built by hand (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe35.prelude import _TRY

SNIPPETS: dict[str, str] = {}

_FIT = """
XV = X[::2] + 0.3
YV = Y[::2] * -1.0
YC = (X.sum(axis=1) > 0).astype("float32").reshape(-1, 1)
def reg_model(lr=0.3, metrics=("mae",)):
    m = keras.Sequential([keras.Input((3,)), layers.Dense(4, activation="tanh"), layers.Dense(1)])
    fill(m)
    m.compile(keras.optimizers.SGD(lr), "mse", metrics=list(metrics))
    return m
def cls_model(lr=0.3):
    m = keras.Sequential([keras.Input((3,)), layers.Dense(1, activation="sigmoid")])
    fill(m)
    m.compile(keras.optimizers.SGD(lr), "binary_crossentropy", metrics=["accuracy", keras.metrics.AUC(name="auc"), keras.metrics.Precision(name="prec")])
    return m
def fit(m, cbs, epochs=4, **kw):
    kw.setdefault("validation_data", (XV, YV))
    return quiet(lambda: m.fit(X, Y, epochs=epochs, batch_size=4, shuffle=False, verbose=0, callbacks=cbs, **kw))
"""

_T = _TRY + _FIT

SNIPPETS["early_stopping_auto_mode_from_metrics"] = _T + """
for mon in ("loss", "val_accuracy", "auc", "val_prec", "accuracy"):
    m = cls_model()
    es = keras.callbacks.EarlyStopping(monitor=mon, patience=1)
    h = quiet(lambda: m.fit(X, YC, epochs=3, batch_size=4, shuffle=False, verbose=0, validation_data=(XV, YC[::2]), callbacks=[es]))
    op = es.monitor_op
    print(mon, getattr(op, "__name__", op), len(h.epoch), es.stopped_epoch, r4(es.best))
es = keras.callbacks.EarlyStopping(monitor="val_mae", mode="sideways")
print(es.mode, getattr(es.monitor_op, "__name__", es.monitor_op))
"""

SNIPPETS["early_stopping_restores_when_run_ends"] = _T + """
m = reg_model(0.5)
es = keras.callbacks.EarlyStopping(monitor="val_loss", patience=10, restore_best_weights=True, verbose=1)
h = fit(m, [es], epochs=5)
print([round(v, 2) for v in h.history["val_loss"]], es.stopped_epoch, es.best_epoch, r4(es.best))
print(r4(m.evaluate(XV, YV, verbose=0)))
m = reg_model(0.5)
es = keras.callbacks.EarlyStopping(monitor="val_loss", patience=1, restore_best_weights=True, start_from_epoch=3, verbose=1)
h = fit(m, [es], epochs=8)
print(len(h.epoch), es.stopped_epoch, es.best_epoch, round(float(es.best), 2), es.wait)
m = reg_model(0.05)
es = keras.callbacks.EarlyStopping(monitor="val_loss", patience=2, baseline=0.01, restore_best_weights=True, verbose=1)
h = fit(m, [es], epochs=6)
print(len(h.epoch), es.stopped_epoch, es.best_epoch, r4(es.best), r4(m.evaluate(XV, YV, verbose=0)))
"""

SNIPPETS["reduce_lr_auto_mode_logs_and_schedule"] = _T + """
m = cls_model(0.5)
rl = keras.callbacks.ReduceLROnPlateau(monitor="val_accuracy", patience=0, factor=0.5, min_delta=0.5, verbose=1)
h = quiet(lambda: m.fit(X, YC, epochs=3, batch_size=4, shuffle=False, verbose=0, validation_data=(XV, YC[::2]), callbacks=[rl]))
print(rl.mode, sorted(h.history), r4(h.history.get("learning_rate")))
seen = []
m = reg_model(0.5)
rl = keras.callbacks.ReduceLROnPlateau(monitor="val_loss", patience=0, factor=0.1, verbose=0)
lc = keras.callbacks.LambdaCallback(on_epoch_end=lambda e, logs: seen.append(sorted(logs)))
h = fit(m, [rl, lc], epochs=3)
print(seen)
print(r4(h.history["learning_rate"]))
m = reg_model(0.5)
m.optimizer.learning_rate = keras.optimizers.schedules.ExponentialDecay(0.5, 1, 0.9)
rl = keras.callbacks.ReduceLROnPlateau(monitor="loss", patience=0, verbose=1)
tryp("schedule", lambda: (type(fit(m, [rl], epochs=2)).__name__, type(m.optimizer.learning_rate).__name__, round(float(m.optimizer.learning_rate), 4)))
"""

SNIPPETS["learning_rate_scheduler_return_types"] = _T + """
for name, fn in [("np", lambda e, lr: np.float32(0.1 / (e + 1))), ("tensor", lambda e, lr: keras.ops.convert_to_tensor(0.2 / (e + 1))),
                 ("int", lambda e, lr: 1), ("np64", lambda e: np.float64(0.05) * (e + 1)), ("none", lambda e, lr: None), ("str", lambda e, lr: "0.1")]:
    m = reg_model(0.1)
    try:
        h = fit(m, [keras.callbacks.LearningRateScheduler(fn, verbose=1)], epochs=2, validation_data=None)
        print(name, r4(h.history["learning_rate"]), r4(float(m.optimizer.learning_rate)))
    except Exception as e:
        print(name, type(e).__name__, str(e)[:200])
"""

SNIPPETS["csv_logger_beside_reduce_lr_and_keys"] = _T + """
os.chdir(D)
m = reg_model(0.5)
cbs = [keras.callbacks.CSVLogger("a.csv"), keras.callbacks.ReduceLROnPlateau(monitor="val_loss", patience=0, factor=0.5)]
fit(m, cbs, epochs=3)
m = reg_model(0.5)
cbs = [keras.callbacks.ReduceLROnPlateau(monitor="val_loss", patience=0, factor=0.5), keras.callbacks.CSVLogger("b.csv")]
fit(m, cbs, epochs=3)
for f in ("a.csv", "b.csv"):
    rows = open(f).read().splitlines()
    print(f, rows[0])
    for row in rows[1:]:
        print(" ", [str(round(float(c), 3)) if c.replace(".", "").replace("-", "").replace("e", "").isdigit() else c for c in row.split(",")])
"""

SNIPPETS["model_checkpoint_names_over_log_keys"] = _T + """
os.chdir(D)
m = reg_model(0.3)
ck = keras.callbacks.ModelCheckpoint("m-{epoch:03d}-{loss:.3f}-{val_mae:.2f}.weights.h5", save_weights_only=True)
fit(m, [ck], epochs=2)
print(sorted(f for f in os.listdir(".") if f.startswith("m-")))
ck = keras.callbacks.ModelCheckpoint("e{epoch}.keras", save_freq=2)
fit(m, [ck], epochs=2)
print(sorted(f for f in os.listdir(".") if f.startswith("e")))
ck = keras.callbacks.ModelCheckpoint("k-{missing}.keras")
tryp("missing_key", lambda: fit(m, [ck], epochs=1))
ck = keras.callbacks.ModelCheckpoint("t.keras", monitor="val_mae", save_best_only=True, initial_value_threshold=0.0001, verbose=1)
fit(m, [ck], epochs=2)
print(os.path.exists("t.keras"), r4(ck.best))
ck = keras.callbacks.ModelCheckpoint("u.keras", monitor="nothing", save_best_only=True, verbose=1)
tryp("unknown_monitor", lambda: fit(m, [ck], epochs=1))
ck = keras.callbacks.ModelCheckpoint("u.keras", monitor="nothing", mode="min", save_best_only=True, verbose=1)
fit(m, [ck], epochs=1)
print(os.path.exists("u.keras"))
tryp("bad_freq", lambda: keras.callbacks.ModelCheckpoint("v.keras", save_freq="batch"))
tryp("weights_keras", lambda: keras.callbacks.ModelCheckpoint("w.keras", save_weights_only=True))
"""

SNIPPETS["backup_and_restore_step_frequency"] = _T + """
os.chdir(D)
class Stop(keras.callbacks.Callback):
    def on_train_batch_begin(self, batch, logs=None):
        if self.model.optimizer.iterations.numpy() == 5:
            raise RuntimeError("stop at 5")
m = reg_model(0.1)
b = keras.callbacks.BackupAndRestore("bk", save_freq=2, delete_checkpoint=False)
try:
    fit(m, [b, Stop()], epochs=3, validation_data=None)
except RuntimeError as e:
    print(e, m.optimizer.iterations.numpy())
print(sorted(os.listdir("bk")))
m2 = reg_model(0.1)
h = fit(m2, [b], epochs=3, validation_data=None)
print(h.epoch, m2.optimizer.iterations.numpy(), sorted(os.listdir("bk")))
"""

SNIPPETS["history_params_over_inputs"] = _T + """
ds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(3)
for name, kw in [("arrays", dict(x=X, y=Y, batch_size=3)), ("steps", dict(x=X, y=Y, batch_size=2, steps_per_epoch=2)),
                 ("dataset", dict(x=ds)), ("repeat", dict(x=ds.repeat(), steps_per_epoch=4)),
                 ("val_steps", dict(x=ds, validation_data=ds.repeat(), validation_steps=1)),
                 ("gen", dict(x=((X[i:i + 2], Y[i:i + 2]) for i in range(0, 8, 2)), steps_per_epoch=2))]:
    m = reg_model(0.1)
    h = m.fit(epochs=2, verbose=0, **kw)
    print(name, h.params, sorted(h.history))
m = reg_model(0.1)
h = m.fit(X, Y, epochs=3, initial_epoch=1, verbose=0)
print(h.epoch, h.params, m.history is h)
"""

SNIPPETS["callback_list_by_hand"] = _T + """
class Rec(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        print("rec", epoch, sorted(logs or {}))
m = reg_model(0.1)
cl = keras.callbacks.CallbackList([Rec()], add_history=True, add_progbar=False, model=m, epochs=2, steps=3)
print(type(cl).__name__, [type(c).__name__ for c in cl.callbacks])
print(cl.callbacks[0].params, cl.callbacks[0].model is m)
cl.on_train_begin()
cl.on_epoch_begin(0)
cl.on_epoch_end(0, {"loss": 1.0, "val_loss": 2.0})
cl.on_train_end()
print(sorted(m.history.history), m.history.epoch)
h = m.fit(X, Y, epochs=1, verbose=0, callbacks=cl)
print(type(h).__name__, h is m.history, sorted(h.history))
"""
