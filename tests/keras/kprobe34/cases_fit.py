"""kprobe34's snippets of Keras training loops end to end: fit given validation data as
datasets and tuples with weights, class and sample weights together, initial_epoch and
steps_per_epoch over repeated datasets, and the callbacks (EarlyStopping,
ReduceLROnPlateau, ModelCheckpoint's file names and messages, CSVLogger,
LearningRateScheduler, TerminateOnNaN, BackupAndRestore) with what they print and what
History keeps (see cases.py)."""

from tests.keras.kprobe33.prelude import _TRY

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

SNIPPETS: dict[str, str] = {}

_DATA = """
XS = np.linspace(-1, 1, 36, dtype="float32").reshape(12, 3)
YS = (XS @ np.array([[0.5], [-1.0], [0.25]], "float32") + 0.1).astype("float32")
CL = np.array([0, 1, 2, 1, 0, 2, 2, 1, 0, 0, 1, 2], "int32")
def clf_model(lr=0.1, **kw):
    m = keras.Sequential([keras.Input((3,)), layers.Dense(3, activation="softmax")])
    fill(m)
    kw.setdefault("metrics", ["accuracy"])
    m.compile(optimizer=keras.optimizers.SGD(lr), loss="sparse_categorical_crossentropy", **kw)
    return m
def reg_model(lr=0.1, **kw):
    m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
    fill(m)
    kw.setdefault("loss", "mse")
    m.compile(optimizer=keras.optimizers.SGD(lr), **kw)
    return m
"""

_T = _TRY + _DATA

SNIPPETS["fit_validation_dataset_with_weights"] = _T + """
m = reg_model(metrics=["mae"], weighted_metrics=["mse"])
sw = np.array([1.0, 0.0, 2.0, 0.5], "float32")
val = tf.data.Dataset.from_tensor_slices((XS[:4], YS[:4], sw)).batch(3)
h = m.fit(XS[4:], YS[4:], batch_size=4, epochs=2, shuffle=False, verbose=0, validation_data=val)
keys("keys", h)
print(logs4(h))
print(h.params)
print(r4(m.evaluate(val, verbose=0, return_dict=True)))
"""

SNIPPETS["fit_validation_tuple_of_three_and_batch_size"] = _T + """
m = reg_model(weighted_metrics=["mae"])
sw = np.array([1.0, 0.0, 2.0, 0.5], "float32")
h = m.fit(XS[4:], YS[4:], batch_size=3, epochs=2, shuffle=False, verbose=0,
          validation_data=(XS[:4], YS[:4], sw), validation_batch_size=1)
print(logs4(h))
h = m.fit(XS[4:], YS[4:], batch_size=3, epochs=1, shuffle=False, verbose=0,
          validation_data=[XS[:4], YS[:4]])
print(logs4(h))
tryp("one", lambda: m.fit(XS, YS, epochs=1, verbose=0, validation_data=(XS,)))
tryp("four", lambda: m.fit(XS, YS, epochs=1, verbose=0, validation_data=(XS, YS, sw, sw)))
"""

SNIPPETS["fit_class_weight_over_dataset_and_validation"] = _T + """
m = clf_model()
ds = tf.data.Dataset.from_tensor_slices((XS, CL)).batch(5)
h = m.fit(ds, epochs=2, verbose=0, class_weight={0: 1.0, 1: 3.0, 2: 0.5}, validation_data=ds.take(1))
print(logs4(h))
m = clf_model()
tryp("both", lambda: m.fit(XS, CL, batch_size=4, epochs=2, shuffle=False, verbose=0, class_weight={0: 2.0, 1: 1.0, 2: 1.0},
                           sample_weight=np.linspace(0.5, 1.5, 12).astype("float32"), validation_split=0.25))
h = m.fit(XS, CL, batch_size=4, epochs=2, shuffle=False, verbose=0, class_weight={0: 2.0, 1: 1.0, 2: 1.0}, validation_split=0.25)
print(logs4(h))
tryp("missing", lambda: logs4(clf_model().fit(XS, CL, epochs=1, verbose=0, class_weight={0: 1.0, 1: 1.0})))
tryp("float_keys", lambda: logs4(clf_model().fit(XS, CL, epochs=1, verbose=0, class_weight={0.0: 1.0, 1.0: 2.0, 2.0: 1.0})))
"""

SNIPPETS["fit_initial_epoch_epochs_seen_by_callbacks"] = _T + """
m = reg_model()
seen = []
cb = keras.callbacks.LambdaCallback(on_epoch_begin=lambda e, logs: seen.append(("b", e)),
                                    on_epoch_end=lambda e, logs: seen.append(("e", e, sorted(logs))))
h = m.fit(XS, YS, batch_size=6, epochs=4, initial_epoch=2, verbose=0, shuffle=False, callbacks=[cb])
print(seen)
print(h.epoch, logs4(h), h.params)
h2 = m.fit(XS, YS, batch_size=6, epochs=2, initial_epoch=2, verbose=0)
print(h2.epoch, h2.history, h2.params)
h3 = m.fit(XS, YS, batch_size=6, epochs=1, initial_epoch=3, verbose=0)
print(h3.epoch, h3.history)
bars(lambda: m.fit(XS, YS, batch_size=6, epochs=3, initial_epoch=1, verbose=2, shuffle=False))
"""

SNIPPETS["fit_steps_per_epoch_over_repeat_and_validation_steps"] = _T + """
m = reg_model()
ds = tf.data.Dataset.from_tensor_slices((XS, YS)).batch(5)
batches = []
cb = keras.callbacks.LambdaCallback(on_train_batch_end=lambda b, logs: batches.append(b),
                                    on_test_batch_end=lambda b, logs: batches.append(("t", b)))
h = m.fit(ds.repeat(), epochs=2, steps_per_epoch=4, validation_data=ds.repeat(), validation_steps=2,
          verbose=0, callbacks=[cb])
print(batches)
print(logs4(h), h.params)
bars(lambda: m.fit(ds.repeat(), epochs=1, steps_per_epoch=2, verbose=1))
bars(lambda: m.fit(ds, epochs=2, steps_per_epoch=5, verbose=2))
"""

SNIPPETS["early_stopping_min_delta_patience_and_messages"] = _T + """
m = reg_model(lr=0.01)
es = keras.callbacks.EarlyStopping(monitor="loss", min_delta=0.05, patience=1, verbose=1)
lines(lambda: m.fit(XS, YS, batch_size=12, epochs=8, verbose=0, callbacks=[es]))
print(es.stopped_epoch, es.wait, es.best is not None, round(float(es.best), 4), es.best_epoch)
m = reg_model(lr=0.2)
es = keras.callbacks.EarlyStopping(monitor="val_loss", patience=0, mode="max", verbose=1, restore_best_weights=True)
lines(lambda: m.fit(XS, YS, batch_size=12, epochs=5, verbose=0, validation_split=0.25, callbacks=[es]))
print(es.stopped_epoch, es.best_epoch, round(float(es.best), 4))
es = keras.callbacks.EarlyStopping(monitor="nope", verbose=1)
tryp("nope", lambda: reg_model().fit(XS, YS, epochs=2, verbose=0, callbacks=[es]))
es = keras.callbacks.EarlyStopping(monitor="nope", verbose=1, mode="min")
lines(lambda: print(len(reg_model().fit(XS, YS, epochs=2, verbose=0, callbacks=[es]).epoch)))
tryp("mode", lambda: keras.callbacks.EarlyStopping(mode="up").mode)
"""

SNIPPETS["reduce_lr_on_plateau_messages_and_history"] = _T + """
m = reg_model(lr=0.001)
cb = keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=1, min_delta=0.5, verbose=1, min_lr=0.0002)
lines(lambda: print(logs4(m.fit(XS, YS, batch_size=12, epochs=6, verbose=0, callbacks=[cb]))))
print(cb.wait, cb.cooldown_counter, round(float(m.optimizer.learning_rate), 6))
tryp("factor", lambda: keras.callbacks.ReduceLROnPlateau(factor=1.0))
cb = keras.callbacks.ReduceLROnPlateau(monitor="val_mae", patience=0, verbose=1)
tryp("val_mae", lambda: reg_model().fit(XS, YS, epochs=2, verbose=0, callbacks=[cb]))
cb = keras.callbacks.ReduceLROnPlateau(monitor="val_mae", patience=0, verbose=1, mode="min")
lines(lambda: print(sorted(reg_model().fit(XS, YS, epochs=2, verbose=0, callbacks=[cb]).history)))
"""

SNIPPETS["model_checkpoint_file_name_formats"] = _T + """
m = reg_model(metrics=["mae"])
cb = keras.callbacks.ModelCheckpoint(os.path.join(D, "w-{epoch:02d}-{loss:.3f}.weights.h5"), save_weights_only=True)
m.fit(XS, YS, batch_size=6, epochs=3, verbose=0, shuffle=False, callbacks=[cb])
print(sorted(os.listdir(D)))
cb = keras.callbacks.ModelCheckpoint(os.path.join(D, "m{epoch}_{mae:.2f}.keras"), verbose=1)
lines(lambda: m.fit(XS, YS, batch_size=6, epochs=2, verbose=0, shuffle=False, callbacks=[cb]))
print(sorted(f for f in os.listdir(D) if f.startswith("m")))
cb = keras.callbacks.ModelCheckpoint(os.path.join(D, "bad{nokey}.keras"))
tryp("missing_key", lambda: m.fit(XS, YS, epochs=1, verbose=0, callbacks=[cb]))
"""

SNIPPETS["model_checkpoint_best_only_messages"] = _T + """
m = reg_model(lr=0.05)
cb = keras.callbacks.ModelCheckpoint(os.path.join(D, "best.keras"), monitor="val_loss", save_best_only=True, verbose=1)
lines(lambda: m.fit(XS, YS, batch_size=4, epochs=3, verbose=0, shuffle=False, validation_split=0.25, callbacks=[cb]))
print(round(float(cb.best), 4), os.path.exists(os.path.join(D, "best.keras")))
cb = keras.callbacks.ModelCheckpoint(os.path.join(D, "b2.weights.h5"), monitor="loss", save_best_only=True,
                                     save_weights_only=True, verbose=1, initial_value_threshold=0.0)
lines(lambda: m.fit(XS, YS, batch_size=4, epochs=2, verbose=0, shuffle=False, callbacks=[cb]))
print(os.path.exists(os.path.join(D, "b2.weights.h5")))
cb = keras.callbacks.ModelCheckpoint(os.path.join(D, "b3.keras"), monitor="val_acc", save_best_only=True, verbose=1)
tryp("val_acc", lambda: m.fit(XS, YS, epochs=1, verbose=0, callbacks=[cb]))
cb = keras.callbacks.ModelCheckpoint(os.path.join(D, "b3.keras"), monitor="val_acc", save_best_only=True, verbose=1, mode="max")
lines(lambda: m.fit(XS, YS, epochs=1, verbose=0, callbacks=[cb]))
print(cb.best, os.path.exists(os.path.join(D, "b3.keras")))
"""

SNIPPETS["model_checkpoint_save_freq_batches_and_errors"] = _T + """
m = reg_model()
cb = keras.callbacks.ModelCheckpoint(os.path.join(D, "f{epoch}-{batch}.weights.h5"), save_weights_only=True, save_freq=2, verbose=1)
lines(lambda: m.fit(XS, YS, batch_size=4, epochs=2, verbose=0, shuffle=False, callbacks=[cb]))
print(sorted(os.listdir(D)))
tryp("ext", lambda: keras.callbacks.ModelCheckpoint(os.path.join(D, "x.h5")).filepath)
tryp("wext", lambda: keras.callbacks.ModelCheckpoint(os.path.join(D, "x.keras"), save_weights_only=True))
tryp("freq", lambda: keras.callbacks.ModelCheckpoint(os.path.join(D, "x.keras"), save_freq="batch"))
tryp("mode", lambda: keras.callbacks.ModelCheckpoint(os.path.join(D, "x.keras"), mode="bogus").mode)
"""

SNIPPETS["csv_logger_with_validation_and_learning_rate"] = _T + """
m = reg_model(metrics=["mae"])
m.optimizer.learning_rate = keras.optimizers.schedules.ExponentialDecay(0.1, 2, 0.5)
path = os.path.join(D, "log.csv")
m.fit(XS, YS, batch_size=4, epochs=2, verbose=0, shuffle=False, validation_split=0.25,
      callbacks=[keras.callbacks.CSVLogger(path)])
for row in open(path).read().splitlines():
    print(",".join(c if i == 0 or not c[:1].isdigit() else str(round(float(c), 4)) for i, c in enumerate(row.split(","))))
m.fit(XS, YS, batch_size=4, epochs=1, verbose=0, callbacks=[keras.callbacks.CSVLogger(path, separator=";", append=True)])
print(len(open(path).read().splitlines()), open(path).read().splitlines()[-1].split(";")[0])
"""

SNIPPETS["learning_rate_scheduler_returns_and_verbose"] = _T + """
m = reg_model()
cb = keras.callbacks.LearningRateScheduler(lambda e, lr: lr * 0.5 if e else lr, verbose=1)
lines(lambda: print(logs4(m.fit(XS, YS, batch_size=12, epochs=3, verbose=0, callbacks=[cb]))))
cb = keras.callbacks.LearningRateScheduler(lambda e: 0.01 * (e + 1))
print(logs4(m.fit(XS, YS, batch_size=12, epochs=2, verbose=0, callbacks=[cb]))["learning_rate"])
cb = keras.callbacks.LearningRateScheduler(lambda e, lr: tf.constant(0.25))
tryp("tensor", lambda: m.fit(XS, YS, batch_size=12, epochs=1, verbose=0, callbacks=[cb]))
cb = keras.callbacks.LearningRateScheduler(lambda e, lr: "fast")
tryp("str", lambda: m.fit(XS, YS, epochs=1, verbose=0, callbacks=[cb]))
cb = keras.callbacks.LearningRateScheduler(lambda e, lr: np.float64(0.125))
print(logs4(m.fit(XS, YS, batch_size=12, epochs=1, verbose=0, callbacks=[cb]))["learning_rate"])
"""

SNIPPETS["terminate_on_nan_batch_message_and_history"] = _T + """
class Blow(keras.callbacks.Callback):
    def on_train_batch_end(self, batch, logs=None):
        if batch == 1:
            for w in self.model.weights:
                w.assign(w * np.float32(np.nan))
m = reg_model()
h = None
def run():
    global h
    h = m.fit(XS, YS, batch_size=3, epochs=3, verbose=0, shuffle=False, callbacks=[Blow(), keras.callbacks.TerminateOnNaN()])
lines(run)
print(h.epoch, {k: [str(round(v, 4)) for v in vs] for k, vs in h.history.items()}, m.stop_training)
m = reg_model()
h = m.fit(XS, YS, batch_size=3, epochs=1, verbose=0, callbacks=[keras.callbacks.TerminateOnNaN()])
print(h.epoch, m.stop_training)
"""

SNIPPETS["backup_and_restore_epoch_and_step_freq"] = _T + """
class Stop(keras.callbacks.Callback):
    def __init__(self, at):
        super().__init__()
        self.at = at
    def on_epoch_begin(self, epoch, logs=None):
        if epoch == self.at:
            raise RuntimeError("interrupted at %d" % epoch)
bdir = os.path.join(D, "backup")
m = reg_model()
tryp("first", lambda: m.fit(XS, YS, batch_size=6, epochs=4, verbose=0, shuffle=False,
                            callbacks=[keras.callbacks.BackupAndRestore(bdir), Stop(2)]))
print(sorted(os.listdir(bdir)))
m2 = reg_model()
seen = []
h = m2.fit(XS, YS, batch_size=6, epochs=4, verbose=0, shuffle=False,
           callbacks=[keras.callbacks.BackupAndRestore(bdir), keras.callbacks.LambdaCallback(on_epoch_begin=lambda e, l: seen.append(e))])
print(seen, h.epoch, int(m2.optimizer.iterations), os.path.exists(bdir))
tryp("freq", lambda: keras.callbacks.BackupAndRestore(bdir, save_freq="never"))
tryp("nodir", lambda: keras.callbacks.BackupAndRestore(""))
bk = keras.callbacks.BackupAndRestore(os.path.join(D, "b2"), save_freq=2, delete_checkpoint=False)
m3 = reg_model()
m3.fit(XS, YS, batch_size=4, epochs=1, verbose=0, callbacks=[bk])
print(sorted(os.listdir(os.path.join(D, "b2"))))
"""

SNIPPETS["history_across_fits_and_params"] = _T + """
m = reg_model(metrics=["mae"])
h1 = m.fit(XS, YS, batch_size=5, epochs=2, verbose=0, shuffle=False)
h2 = m.fit(XS, YS, batch_size=5, epochs=1, verbose=0, shuffle=False)
print(h1 is h2, m.history is h2, h1.epoch, h2.epoch, h1.params, h2.params)
print(type(h1).__name__, h1.model is m, sorted(h2.history))
h3 = m.fit(XS, YS, epochs=0, verbose=0)
print(h3.epoch, h3.history, h3.params)
h4 = m.fit(XS, YS, batch_size=100, epochs=1, verbose=0, validation_split=0.5, validation_freq=2)
print(sorted(h4.history))
"""

SNIPPETS["compile_jit_compile_flags"] = _T + """
for jc in (True, False, "auto"):
    m = reg_model(jit_compile=jc)
    print(jc, m.jit_compile, m.run_eagerly)
    h = m.fit(XS, YS, batch_size=6, epochs=1, verbose=0, shuffle=False)
    print(logs4(h), m.jit_compile)
m = reg_model(jit_compile=True, run_eagerly=True)
print(m.jit_compile, m.run_eagerly)
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
print(m.jit_compile, m.run_eagerly)
m.jit_compile = True
print(m.jit_compile)
tryp("bad", lambda: reg_model(jit_compile="sometimes").jit_compile)
import warnings
def jit_case(jc, eager, model=None):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        m = model or keras.Sequential([keras.Input((3,)), layers.Dense(1)])
        m.compile("sgd", "mse", jit_compile=jc, run_eagerly=eager)
    print(repr(jc), eager, repr(m.jit_compile), repr(m.get_compile_config()["jit_compile"]),
          [str(x.message)[:70] for x in w if "jit" in str(x.message)])
for jc, eager in ((1, False), (None, False), (0, False), (1, True), ("sometimes", True), (True, False)):
    jit_case(jc, eager)
jit_case(True, False, keras.Sequential([keras.Input((1,), dtype="string"), layers.StringLookup(vocabulary=["a"])]))
jit_case(True, False, keras.Sequential([keras.Input((4, 4, 3)), layers.RandomRotation(0.1)]))
"""

SNIPPETS["steps_per_execution_hooks_and_remainders"] = _T + """
seen = []
cb = keras.callbacks.LambdaCallback(on_train_batch_end=lambda b, logs: seen.append((b, round(float(logs["loss"]), 4))),
                                    on_test_batch_end=lambda b, logs: seen.append(("t", b)),
                                    on_predict_batch_end=lambda b, logs: seen.append(("p", b, tuple(logs["outputs"].shape))))
m = reg_model(steps_per_execution=3)
print(m.steps_per_execution)
h = m.fit(XS, YS, batch_size=2, epochs=1, verbose=0, shuffle=False, callbacks=[cb])
print(seen, logs4(h))
seen.clear()
print(round(float(m.evaluate(XS, YS, batch_size=5, verbose=0, callbacks=[cb])), 4), seen)
seen.clear()
print(m.predict(XS, batch_size=4, verbose=0, callbacks=[cb]).shape, seen)
bars(lambda: m.fit(XS, YS, batch_size=2, epochs=1, verbose=1, shuffle=False))
"""

SNIPPETS["fit_verbose_two_with_validation_dataset"] = _T + """
m = reg_model(metrics=["mae"])
ds = tf.data.Dataset.from_tensor_slices((XS, YS)).batch(4)
bars(lambda: m.fit(ds, epochs=2, verbose=2, validation_data=ds))
bars(lambda: m.fit(ds, epochs=1, verbose=1, validation_data=ds))
bars(lambda: m.evaluate(ds, verbose=2))
"""
