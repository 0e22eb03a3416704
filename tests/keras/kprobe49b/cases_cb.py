"""kprobe49b's callback snippets: ReduceLROnPlateau's cooldown and min_delta,
LearningRateScheduler's verbose lines, TerminateOnNaN, CSVLogger's append,
BackupAndRestore, ModelCheckpoint's best-only saves and formatted file names."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe49b.prelude import _TRY

SNIPPETS: dict[str, str] = {}

_LOSSES = """
class Feed(keras.callbacks.Callback):
    def __init__(self, values, key="val_loss"):
        super().__init__()
        self.values, self.key = values, key
    def on_epoch_end(self, epoch, logs=None):
        logs[self.key] = self.values[epoch]
"""

SNIPPETS["reduce_lr_on_plateau_cooldown_min_delta"] = _TRY + _LOSSES + """
vals = [1.0, 0.99, 0.985, 0.98, 0.97, 0.5, 0.5, 0.5, 0.5, 0.5]
for kw in [{"patience": 1, "cooldown": 2}, {"patience": 1, "min_delta": 0.02}, {"patience": 2, "min_delta": 0.0, "factor": 0.5, "min_lr": 0.03}, {"patience": 0}, {"patience": 1, "mode": "max"}]:
    m = dense_model(0.1)
    seen = []
    rec = keras.callbacks.LambdaCallback(on_epoch_end=lambda e, l: seen.append(round(float(l.get("learning_rate", np.nan)), 5)))
    out = lines(lambda: m.fit(X, Y, epochs=10, verbose=0, callbacks=[Feed(vals), keras.callbacks.ReduceLROnPlateau(verbose=1, **kw), rec]))
    print(sorted(kw.items()), seen, round(float(m.optimizer.learning_rate), 5))
tryp("bad factor", lambda: keras.callbacks.ReduceLROnPlateau(factor=1.0))
lines(lambda: print(keras.callbacks.ReduceLROnPlateau(mode="bogus").mode))
"""

SNIPPETS["reduce_lr_on_plateau_verbose_lines"] = _TRY + _LOSSES + """
m = dense_model(0.1)
lines(lambda: m.fit(X, Y, epochs=6, verbose=0, callbacks=[Feed([1.0, 1.0, 1.0, 1.0, 1.0, 1.0]), keras.callbacks.ReduceLROnPlateau(patience=1, factor=0.5, verbose=1, min_lr=0.02)]))
m = dense_model(0.1)
tryp("nope", lambda: lines(lambda: m.fit(X, Y, epochs=3, verbose=0, callbacks=[keras.callbacks.ReduceLROnPlateau(monitor="nope", verbose=1)])))
tryp("nope min", lambda: lines(lambda: m.fit(X, Y, epochs=2, verbose=0, callbacks=[keras.callbacks.ReduceLROnPlateau(monitor="nope", mode="min", verbose=1)])))
"""

SNIPPETS["learning_rate_scheduler_verbose_and_errors"] = _TRY + """
m = dense_model(0.1)
lines(lambda: m.fit(X, Y, epochs=3, verbose=0, callbacks=[keras.callbacks.LearningRateScheduler(lambda e, lr: lr * 0.5, verbose=1)]))
print(r4(float(m.optimizer.learning_rate)))
m = dense_model(0.1)
lines(lambda: m.fit(X, Y, epochs=2, verbose=0, callbacks=[keras.callbacks.LearningRateScheduler(lambda e: 0.01 * (e + 1), verbose=1)]))
for bad in [lambda e, lr: "x", lambda e, lr: np.float64(0.2), lambda e, lr: tf.constant(0.3), lambda e, lr: [0.1]]:
    m = dense_model(0.1)
    try:
        lines(lambda: m.fit(X, Y, epochs=1, verbose=0, callbacks=[keras.callbacks.LearningRateScheduler(bad, verbose=1)]))
        print("ok", r4(float(m.optimizer.learning_rate)))
    except Exception as e:
        print(type(e).__name__, str(e)[:200])
"""

SNIPPETS["terminate_on_nan_lines"] = _TRY + """
m = dense_model(1e20)
Yb = Y * 1e20
out = lines(lambda: m.fit(X, Yb, epochs=5, batch_size=2, verbose=0, callbacks=[keras.callbacks.TerminateOnNaN()]))
print(len(m.history.epoch), m.stop_training)
class Nan(keras.callbacks.Callback):
    def on_train_batch_end(self, batch, logs=None):
        if batch == 1:
            logs["loss"] = float("inf")
m = dense_model(0.1)
lines(lambda: m.fit(X, Y, epochs=3, batch_size=2, verbose=0, callbacks=[Nan(), keras.callbacks.TerminateOnNaN()]))
print(m.history.epoch, m.stop_training)
"""

SNIPPETS["csv_logger_append_and_separator"] = _TRY + """
p = os.path.join(D, "log.csv")
m = dense_model(0.1, metrics=["mae"])
m.fit(X, Y, epochs=2, verbose=0, callbacks=[keras.callbacks.CSVLogger(p)])
m.fit(X, Y, epochs=2, verbose=0, callbacks=[keras.callbacks.CSVLogger(p, append=True)])
print([l.split(",")[0] + "|" + str(len(l.split(","))) for l in open(p).read().splitlines()])
m.fit(X, Y, epochs=1, verbose=0, validation_data=(X, Y), callbacks=[keras.callbacks.CSVLogger(p, separator=";", append=True)])
print([l.split(";")[0] for l in open(p).read().splitlines()], open(p).read().splitlines()[-2].split(";")[1:][:1])
q = os.path.join(D, "log2.csv")
m.fit(X, Y, epochs=1, verbose=0, callbacks=[keras.callbacks.CSVLogger(q, separator="\\t")])
print(open(q).read().splitlines()[0])
"""

SNIPPETS["backup_and_restore_resumes_epoch"] = _TRY + """
bd = os.path.join(D, "backup")
class Boom(keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        if epoch == 2:
            raise RuntimeError("boom")
m = dense_model(0.1)
try:
    m.fit(X, Y, epochs=4, verbose=0, callbacks=[keras.callbacks.BackupAndRestore(bd), Boom()])
except RuntimeError as e:
    print("interrupted", e)
print(sorted(os.listdir(bd)))
m2 = dense_model(0.1)
h = m2.fit(X, Y, epochs=4, verbose=0, callbacks=[keras.callbacks.BackupAndRestore(bd)])
print(h.epoch, logs4(h), os.path.exists(bd))
tryp("bad freq", lambda: keras.callbacks.BackupAndRestore(bd, save_freq="never"))
tryp("empty dir", lambda: keras.callbacks.BackupAndRestore(""))
tryp("no dir", lambda: keras.callbacks.BackupAndRestore(None))
"""

SNIPPETS["model_checkpoint_best_only_modes_and_threshold"] = _TRY + _LOSSES + """
vals = [0.5, 0.7, 0.3, 0.3, 0.9]
for i, kw in enumerate([{"mode": "min"}, {"mode": "max"}, {"mode": "auto"}, {"mode": "min", "initial_value_threshold": 0.4}, {"mode": "max", "initial_value_threshold": 0.8}]):
    d = os.path.join(D, "ck%d" % i)
    os.makedirs(d)
    m = dense_model(0.1)
    out = lines(lambda: m.fit(X, Y, epochs=5, verbose=0, callbacks=[Feed(vals), keras.callbacks.ModelCheckpoint(os.path.join(d, "m-{epoch:02d}-{val_loss:.2f}.keras"), save_best_only=True, verbose=1, **kw)]))
    print(sorted(kw.items()), sorted(os.listdir(d)))
"""

SNIPPETS["model_checkpoint_verbose_lines_and_monitor_acc"] = _TRY + _LOSSES + """
d = os.path.join(D, "ck")
os.makedirs(d)
m = dense_model(0.1)
tryp("val_acc", lambda: lines(lambda: m.fit(X, Y, epochs=3, verbose=0, callbacks=[Feed([0.5, 0.4, 0.6], "val_acc"), keras.callbacks.ModelCheckpoint(os.path.join(d, "w{epoch}.weights.h5"), monitor="val_acc", save_best_only=True, save_weights_only=True, verbose=1)])))
lines(lambda: m.fit(X, Y, epochs=3, verbose=0, callbacks=[Feed([0.5, 0.4, 0.6], "val_accuracy"), keras.callbacks.ModelCheckpoint(os.path.join(d, "v{epoch}.weights.h5"), monitor="val_accuracy", mode="max", save_best_only=True, save_weights_only=True, verbose=1)]))
print(sorted(os.listdir(d)))
tryp("missing", lambda: lines(lambda: m.fit(X, Y, epochs=2, verbose=0, callbacks=[keras.callbacks.ModelCheckpoint(os.path.join(d, "x.keras"), monitor="missing", save_best_only=True, verbose=1)])))
tryp("missing min", lambda: lines(lambda: m.fit(X, Y, epochs=2, verbose=0, callbacks=[keras.callbacks.ModelCheckpoint(os.path.join(d, "x.keras"), monitor="missing", mode="min", save_best_only=True, verbose=1)])))
"""

SNIPPETS["model_checkpoint_filepath_errors"] = _TRY + """
d = os.path.join(D, "ck")
os.makedirs(d)
for kw in [{"filepath": os.path.join(d, "a.h5")}, {"filepath": os.path.join(d, "a")}, {"filepath": os.path.join(d, "a.keras"), "save_weights_only": True}, {"filepath": os.path.join(d, "a.weights.h5"), "save_weights_only": False}, {"filepath": os.path.join(d, "a.keras"), "save_freq": "batch"}, {"filepath": os.path.join(d, "a.keras"), "mode": "bogus"}]:
    try:
        cb = keras.callbacks.ModelCheckpoint(**kw)
        print("made", type(cb).__name__, cb.monitor, cb.save_freq)
    except Exception as e:
        print(type(e).__name__, str(e).replace(d, "DIR")[:200])
m = dense_model(0.1)
try:
    m.fit(X, Y, epochs=1, verbose=0, callbacks=[keras.callbacks.ModelCheckpoint(os.path.join(d, "m-{val_loss:.2f}.keras"))])
except Exception as e:
    print(type(e).__name__, str(e).replace(d, "DIR")[:240])
m.fit(X, Y, epochs=2, verbose=0, callbacks=[keras.callbacks.ModelCheckpoint(os.path.join(d, "m-{epoch:03d}-{loss:.3f}.keras"))])
print(sorted(os.listdir(d)))
"""

SNIPPETS["model_checkpoint_save_freq_batches"] = _TRY + """
d = os.path.join(D, "ck")
os.makedirs(d)
m = dense_model(0.1)
m.fit(X, Y, epochs=2, batch_size=2, verbose=0, callbacks=[keras.callbacks.ModelCheckpoint(os.path.join(d, "b-{epoch}-{batch}.weights.h5"), save_weights_only=True, save_freq=3)])
print(sorted(os.listdir(d)))
"""

SNIPPETS["early_stopping_baseline_and_start_epoch"] = _TRY + _LOSSES + """
vals = [1.0, 0.9, 0.95, 0.97, 0.99, 1.0, 1.1, 1.2]
for kw in [{"patience": 1}, {"patience": 1, "start_from_epoch": 3}, {"patience": 2, "baseline": 0.5}, {"patience": 1, "baseline": 0.95, "restore_best_weights": True}, {"patience": 0, "min_delta": 0.2}]:
    m = dense_model(0.1)
    out = lines(lambda: m.fit(X, Y, epochs=8, verbose=0, callbacks=[Feed(vals), keras.callbacks.EarlyStopping(verbose=1, **kw)]))
    print(sorted(kw.items()), m.history.epoch)
"""

SNIPPETS["callback_hooks_order_and_params"] = _TRY + """
ev = []
class Rec(keras.callbacks.Callback):
    def __getattribute__(self, name):
        if name.startswith("on_"):
            ev.append(name)
        return object.__getattribute__(self, name)
m = dense_model(0.1)
h = m.fit(X, Y, epochs=1, batch_size=4, verbose=0, validation_split=0.25, callbacks=[Rec()])
print(ev)
print(sorted(h.params.items()))
ev.clear()
m.evaluate(X, Y, batch_size=4, verbose=0, callbacks=[Rec()])
m.predict(X, batch_size=4, verbose=0, callbacks=[Rec()])
print(ev)
"""
