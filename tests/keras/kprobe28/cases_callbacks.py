"""kprobe28's snippets on training loops' tooling as keras.io's examples use it: callbacks
(EarlyStopping with restore_best_weights, baseline and start_from_epoch,
ReduceLROnPlateau, ModelCheckpoint with save_best_only to .keras and .weights.h5 files,
BackupAndRestore across an interrupted fit, CSVLogger, LambdaCallback, TerminateOnNaN,
LearningRateScheduler) with what they print and leave in History; stateful custom metrics
(update_state, result, reset_state); F1Score, FBetaScore and AUC variants; and summaries of
nested models with expand_nested and show_trainable (see cases.py)."""

from tests.keras.kprobe28.prelude import _TRY

SNIPPETS = {}

# A regression whose validation loss turns up after a few epochs (a large learning rate).
_OVERFIT = """
XV = X[::2] + 0.3
YV = Y[::2] * -1.0
def overfit_model(lr=0.3):
    m = keras.Sequential([keras.Input((3,)), layers.Dense(4, activation="tanh"), layers.Dense(1)])
    fill(m)
    m.compile(keras.optimizers.SGD(lr), "mse", metrics=["mae"])
    return m
"""

SNIPPETS["early_stopping_restore_best_weights_verbose"] = _TRY + _OVERFIT + """
m = overfit_model()
es = keras.callbacks.EarlyStopping(monitor="val_loss", patience=2, restore_best_weights=True,
                                   verbose=1)
h = quiet(lambda: m.fit(X, Y, epochs=12, batch_size=4, shuffle=False, verbose=0,
                        validation_data=(XV, YV), callbacks=[es]))
print(logs4(h), len(h.epoch), h.epoch)
print(es.stopped_epoch, es.best_epoch, r4(es.best), es.wait)
print(r4(m.evaluate(XV, YV, verbose=0)))
best = int(np.argmin(h.history["val_loss"]))
print(best, r4(h.history["val_loss"][best]))
"""

SNIPPETS["early_stopping_baseline_start_from_epoch_mode"] = _TRY + _OVERFIT + """
m = overfit_model(0.05)
es = keras.callbacks.EarlyStopping(monitor="loss", baseline=0.0001, patience=1, verbose=1)
h = quiet(lambda: m.fit(X, Y, epochs=6, batch_size=4, shuffle=False, verbose=0, callbacks=[es]))
print(len(h.epoch), es.stopped_epoch, r4(es.best))
m = overfit_model(0.05)
es = keras.callbacks.EarlyStopping(monitor="mae", mode="max", start_from_epoch=2, patience=0,
                                   verbose=1, min_delta=0.01)
h = quiet(lambda: m.fit(X, Y, epochs=6, batch_size=4, shuffle=False, verbose=0, callbacks=[es]))
op = es.monitor_op
print(len(h.epoch), es.stopped_epoch, op.__name__ if hasattr(op, "__name__") else op)
m = overfit_model(0.05)
es = keras.callbacks.EarlyStopping(monitor="val_nothing", patience=0, verbose=1)
tryp("unknown_monitor", lambda: m.fit(X, Y, epochs=2, verbose=0, callbacks=[es]))
es = keras.callbacks.EarlyStopping(monitor="val_nothing", mode="min", patience=0, verbose=1)
h = quiet(lambda: m.fit(X, Y, epochs=2, batch_size=4, shuffle=False, verbose=0, callbacks=[es]))
print(len(h.epoch))
"""

SNIPPETS["reduce_lr_on_plateau_cooldown_min_lr_messages"] = _TRY + _OVERFIT + """
m = overfit_model(0.5)
rl = keras.callbacks.ReduceLROnPlateau(monitor="val_loss", factor=0.2, patience=1, cooldown=1,
                                       min_lr=0.01, min_delta=1e-3, verbose=1)
h = quiet(lambda: m.fit(X, Y, epochs=8, batch_size=4, shuffle=False, verbose=0,
                        validation_data=(XV, YV), callbacks=[rl]))
print(logs4(h))
print(r4(float(m.optimizer.learning_rate)), rl.cooldown_counter, rl.wait, r4(rl.best))
tryp("factor_one", lambda: keras.callbacks.ReduceLROnPlateau(factor=1.0))
m2 = overfit_model(0.1)
rl2 = keras.callbacks.ReduceLROnPlateau(monitor="acc_missing", verbose=1)
tryp("unknown_monitor", lambda: m2.fit(X, Y, epochs=1, verbose=0, callbacks=[rl2]))
rl2 = keras.callbacks.ReduceLROnPlateau(monitor="acc_missing", mode="max", verbose=1)
quiet(lambda: m2.fit(X, Y, epochs=1, batch_size=8, verbose=0, callbacks=[rl2]))
"""

SNIPPETS["model_checkpoint_save_best_only_keras_files"] = _TRY + _OVERFIT + """
os.chdir(D)
m = overfit_model()
ck = keras.callbacks.ModelCheckpoint("ckpt/model_{epoch:02d}-{val_loss:.4f}.keras",
                                     monitor="val_loss", save_best_only=True, verbose=1)
os.makedirs("ckpt")
h = quiet(lambda: m.fit(X, Y, epochs=6, batch_size=4, shuffle=False, verbose=0,
                        validation_data=(XV, YV), callbacks=[ck]))
files = sorted(os.listdir("ckpt"))
print(files)
back = keras.saving.load_model(os.path.join("ckpt", files[-1]))
print(r4(back.evaluate(XV, YV, verbose=0)), back.optimizer.iterations.numpy())
print(r4(ck.best))
"""

SNIPPETS["model_checkpoint_weights_h5_mode_max_save_freq"] = _TRY + _OVERFIT + """
os.chdir(D)
m = overfit_model()
ck = keras.callbacks.ModelCheckpoint("best.weights.h5", monitor="val_mae", mode="max",
                                     save_best_only=True, save_weights_only=True, verbose=1)
h = quiet(lambda: m.fit(X, Y, epochs=4, batch_size=4, shuffle=False, verbose=0,
                        validation_data=(XV, YV), callbacks=[ck]))
print(r4(h.history["val_mae"]), r4(ck.best))
m2 = overfit_model()
m2.load_weights("best.weights.h5")
print(r4(m2.evaluate(XV, YV, verbose=0)))
ck2 = keras.callbacks.ModelCheckpoint("step_{batch}.weights.h5", save_weights_only=True,
                                      save_freq=3, verbose=1)
quiet(lambda: m.fit(X, Y, epochs=2, batch_size=2, shuffle=False, verbose=0, callbacks=[ck2]))
print(sorted(f for f in os.listdir(".") if f.startswith("step_")))
tryp("bad_ext", lambda: keras.callbacks.ModelCheckpoint("w.h5", save_weights_only=True))
tryp("bad_ext_model", lambda: keras.callbacks.ModelCheckpoint("m.tf"))
"""

SNIPPETS["backup_and_restore_interrupted_fit"] = _TRY + _OVERFIT + """
os.chdir(D)
class InterruptingCallback(keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        if epoch == 2:
            raise RuntimeError("Interrupting!")
m = overfit_model(0.1)
backup = keras.callbacks.BackupAndRestore(backup_dir="backup")
try:
    m.fit(X, Y, epochs=5, batch_size=4, shuffle=False, verbose=0,
          callbacks=[backup, InterruptingCallback()])
except RuntimeError as e:
    print("interrupted:", e, m.optimizer.iterations.numpy())
print(sorted(os.listdir("backup")))
m2 = overfit_model(0.1)
h = m2.fit(X, Y, epochs=5, batch_size=4, shuffle=False, verbose=0, callbacks=[backup])
print(len(h.history["loss"]), h.epoch, m2.optimizer.iterations.numpy())
print(os.path.exists("backup"), wsum(m2))
tryp("no_dir", lambda: keras.callbacks.BackupAndRestore(backup_dir=None))
tryp("bad_freq", lambda: keras.callbacks.BackupAndRestore("b2", save_freq="never"))
"""

SNIPPETS["csv_logger_append_and_separator"] = _TRY + _OVERFIT + """
os.chdir(D)
m = overfit_model(0.1)
m.fit(X, Y, epochs=2, batch_size=4, shuffle=False, verbose=0, validation_data=(XV, YV),
      callbacks=[keras.callbacks.CSVLogger("log.csv")])
m.fit(X, Y, epochs=2, batch_size=4, shuffle=False, verbose=0,
      callbacks=[keras.callbacks.CSVLogger("log.csv", separator=";", append=True)])
text = open("log.csv").read()
for line in text.splitlines():
    cells = re.split("[,;]", line)
    numeric = [c[:1].isdigit() or c[:1] == "-" for c in cells]
    print([str(round(float(c), 4)) if n else c for c, n in zip(cells, numeric)])
"""

SNIPPETS["lambda_callback_hooks_and_logs"] = _TRY + _OVERFIT + """
m = overfit_model(0.1)
seen = []
cb = keras.callbacks.LambdaCallback(
    on_train_begin=lambda logs: print("train_begin", logs),
    on_epoch_begin=lambda epoch, logs: seen.append(("eb", epoch)),
    on_epoch_end=lambda epoch, logs: print("epoch", epoch, r4(logs)),
    on_train_batch_end=lambda batch, logs: seen.append(("b", batch,
                                                        round(float(logs["loss"]), 4))),
    on_test_begin=lambda logs: seen.append("test_begin"),
    on_train_end=lambda logs: print("train_end", r4(logs) if logs else logs))
m.fit(X, Y, epochs=2, batch_size=4, shuffle=False, verbose=0, validation_data=(XV, YV),
      callbacks=[cb])
print(seen)
cb2 = keras.callbacks.LambdaCallback(on_predict_batch_end=lambda b, logs: print("pred", b,
                                                                                sorted(logs)))
m.predict(X, batch_size=4, verbose=0, callbacks=[cb2])
cb3 = keras.callbacks.LambdaCallback(on_test_batch_end=lambda b, logs: print("test", b, r4(logs)))
m.evaluate(X, Y, batch_size=4, verbose=0, callbacks=[cb3])
"""

SNIPPETS["terminate_on_nan_and_custom_stop_training"] = _TRY + """
m = dense_model(1e6)
h = quiet(lambda: m.fit(X, Y * 1e6, epochs=3, batch_size=2, shuffle=False, verbose=0,
                        callbacks=[keras.callbacks.TerminateOnNaN()]))
print(len(h.epoch), {k: [str(v) for v in vs] for k, vs in h.history.items()}, m.stop_training)
class StopAtLoss(keras.callbacks.Callback):
    def __init__(self, threshold):
        super().__init__()
        self.threshold = threshold
    def on_train_batch_end(self, batch, logs=None):
        if logs["loss"] < self.threshold:
            print("stop at batch", batch)
            self.model.stop_training = True
    def on_train_end(self, logs=None):
        print("end", type(self.model).__name__, self.params)
m = dense_model(0.3)
h = m.fit(X, Y, epochs=10, batch_size=2, shuffle=False, verbose=0, callbacks=[StopAtLoss(0.05)])
print(len(h.epoch), r4(h.history["loss"]))
"""

SNIPPETS["learning_rate_scheduler_verbose_and_history"] = _TRY + """
def scheduler(epoch, lr):
    if epoch < 2:
        return lr
    return float(lr * np.exp(-0.5))
m = dense_model(0.1)
h = quiet(lambda: m.fit(X, Y, epochs=4, batch_size=4, shuffle=False, verbose=0,
                        callbacks=[keras.callbacks.LearningRateScheduler(scheduler, verbose=1)]))
print(logs4(h))
m = dense_model(0.1)
m.optimizer.learning_rate = keras.optimizers.schedules.PiecewiseConstantDecay([2], [0.1, 0.01])
h = m.fit(X, Y, epochs=2, batch_size=4, shuffle=False, verbose=0)
print(logs4(h))
tryp("sched_bad_return", lambda: dense_model(0.1).fit(X, Y, epochs=1, verbose=0,
     callbacks=[keras.callbacks.LearningRateScheduler(lambda e: "x")]))
"""

SNIPPETS["progbar_fit_verbose_two_with_validation"] = _TRY + _OVERFIT + """
def untimed(fn):  # (timeless, and each epoch's seconds masked too)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        r = timeless(fn)
    print(re.sub(r" - [0-9]+s - ", " - Ns - ", buf.getvalue()), end="")
    return r
m = overfit_model(0.1)
h = untimed(lambda: m.fit(X, Y, epochs=2, batch_size=4, shuffle=False, verbose=2,
                           validation_data=(XV, YV)))
untimed(lambda: m.evaluate(X, Y, batch_size=8, verbose=2))
r = untimed(lambda: m.predict(X[:2], verbose=2))
print(r.shape)
"""

SNIPPETS["stateful_custom_metric_binary_true_positives"] = _TRY + """
class BinaryTruePositives(keras.metrics.Metric):
    def __init__(self, name="binary_true_positives", **kwargs):
        super().__init__(name=name, **kwargs)
        self.true_positives = self.add_variable(shape=(), initializer="zeros", name="tp")
    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true = keras.ops.cast(y_true, "bool")
        y_pred = keras.ops.cast(keras.ops.greater(y_pred, 0.5), "bool")
        values = keras.ops.cast(keras.ops.logical_and(keras.ops.equal(y_true, True),
                                                      keras.ops.equal(y_pred, True)), self.dtype)
        if sample_weight is not None:
            sample_weight = keras.ops.cast(sample_weight, self.dtype)
            values = keras.ops.multiply(values, keras.ops.reshape(sample_weight,
                                                                  keras.ops.shape(values)))
        self.true_positives.assign_add(keras.ops.sum(values))
    def result(self):
        return self.true_positives
    def reset_state(self):
        self.true_positives.assign(0)
m = BinaryTruePositives()
m.update_state([0, 1, 1, 1], [0.2, 0.8, 0.7, 0.1])
print(float(m.result()), [v.path for v in m.variables], m.dtype)
m.update_state([1, 1], [0.9, 0.6], sample_weight=[0.5, 2.0])
print(float(m.result()))
m.reset_state()
print(float(m.result()), m.get_config())
ys = (np.arange(8) % 2).astype("float32")[:, None]
model = dense_model(0.2, loss="binary_crossentropy", metrics=[BinaryTruePositives(name="tp")])
model.layers[-1].activation = keras.activations.sigmoid
h = model.fit(X, ys, epochs=3, batch_size=4, shuffle=False, verbose=0, validation_data=(X, ys))
print(logs4(h))
print(r4(model.evaluate(X, ys, verbose=0, return_dict=True)), [x.name for x in model.metrics])
"""

SNIPPETS["f1_fbeta_score_averages_thresholds"] = _TRY + """
y_true = np.array([[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 0, 0], [0, 1, 0]], "float32")
y_pred = np.array([[0.7, 0.2, 0.1], [0.3, 0.4, 0.3], [0.2, 0.2, 0.6], [0.4, 0.5, 0.1],
                   [0.1, 0.8, 0.1]], "float32")
for avg in (None, "micro", "macro", "weighted"):
    for thr in (None, 0.5):
        f = keras.metrics.F1Score(average=avg, threshold=thr)
        f.update_state(y_true, y_pred)
        print(avg, thr, r4(f.result()))
fb = keras.metrics.FBetaScore(beta=2.0, average="macro", threshold=0.3)
fb.update_state(y_true, y_pred)
print(r4(fb.result()), sorted(fb.get_config()))
fb.update_state(y_true[:2], y_pred[:2], sample_weight=np.array([1.0, 0.0]))
print(r4(fb.result()), [v.name for v in fb.variables])
fb.reset_state()
print(r4(fb.result()))
tryp("bad_average", lambda: keras.metrics.F1Score(average="samples"))
tryp("bad_beta", lambda: keras.metrics.FBetaScore(beta=0))
tryp("bad_threshold", lambda: keras.metrics.F1Score(threshold=1.5))
tryp("rank1", lambda: keras.metrics.F1Score().update_state(np.ones(3), np.ones(3)))
"""

SNIPPETS["auc_variants_pr_multilabel_logits_thresholds"] = _TRY + """
y = np.array([0, 0, 1, 1, 1, 0], "float32")
p = np.array([0.1, 0.4, 0.35, 0.8, 0.65, 0.55], "float32")
for kw in [dict(), dict(curve="PR"), dict(summation_method="minoring"),
           dict(summation_method="majoring"), dict(num_thresholds=3),
           dict(thresholds=[0.3, 0.5, 0.7]), dict(curve="PR", summation_method="minoring")]:
    a = keras.metrics.AUC(**kw)
    a.update_state(y, p)
    print(kw, r4(a.result()), tuple(a.true_positives.shape))
ym = np.array([[0, 1], [1, 1], [1, 0], [0, 0]], "float32")
pm = np.array([[0.2, 0.9], [0.7, 0.6], [0.4, 0.3], [0.1, 0.5]], "float32")
a = keras.metrics.AUC(multi_label=True, num_labels=2)
a.update_state(ym, pm)
print(r4(a.result()), tuple(a.true_positives.shape))
a = keras.metrics.AUC(multi_label=True, label_weights=[0.2, 0.8])
a.update_state(ym, pm)
print(r4(a.result()))
a = keras.metrics.AUC(multi_label=False)
a.update_state(ym, pm)
print(r4(a.result()))
a = keras.metrics.AUC(from_logits=True)
a.update_state(y, np.log(p / (1 - p)))
print(r4(a.result()))
a = keras.metrics.AUC()
a.update_state(y, p, sample_weight=[1, 2, 1, 2, 1, 2])
print(r4(a.result()), sorted(a.get_config())[:5])
tryp("bad_curve", lambda: keras.metrics.AUC(curve="XY"))
tryp("bad_summation", lambda: keras.metrics.AUC(summation_method="careful_interpolation"))
tryp("bad_num_thresholds", lambda: keras.metrics.AUC(num_thresholds=1))
tryp("bad_label_weights", lambda: keras.metrics.AUC(multi_label=True, label_weights=[-1.0]))
"""

SNIPPETS["metrics_in_fit_precision_recall_at_k"] = _TRY + """
ys = (np.arange(8) % 2).astype("float32")[:, None]
model = dense_model(0.3, loss=keras.losses.BinaryCrossentropy(from_logits=True),
                    metrics=[keras.metrics.AUC(from_logits=True, name="auc"),
                             keras.metrics.AUC(curve="PR", from_logits=True, name="prauc"),
                             keras.metrics.Precision(thresholds=0.0, name="p"),
                             keras.metrics.Recall(thresholds=[0.0, 0.5], name="r"),
                             keras.metrics.PrecisionAtRecall(0.5, name="par"),
                             keras.metrics.SensitivityAtSpecificity(0.5, name="sas"),
                             keras.metrics.TruePositives(name="tp")])
h = model.fit(X, ys, epochs=2, batch_size=4, shuffle=False, verbose=0)
print(r4(h.history))
res = model.evaluate(X, ys, verbose=0, return_dict=True)
print({k: r4(v) for k, v in sorted(res.items())})
print([m.name for m in model.metrics], len(getattr(model, "metrics_names", [])))
"""

SNIPPETS["summary_nested_expand_show_trainable"] = _TRY + """
base = keras.Sequential([keras.Input((6,)), layers.Dense(4, name="b1"),
                         layers.BatchNormalization(name="bn"),
                         layers.Dense(3, name="b2")], name="backbone")
inner = keras.Sequential([base, layers.Dense(2, name="proj")], name="inner")
inp = keras.Input((6,), name="x")
out = layers.Dense(1, name="head")(inner(inp))
model = keras.Model(inp, out, name="outer")
base.trainable = False
model.get_layer("inner").get_layer("proj").trainable = True
model.summary(expand_nested=True, show_trainable=True)
model.summary(line_length=60)
model.summary(expand_nested=True, layer_range=["inner", "head"])
print(len(model.trainable_weights), len(model.non_trainable_weights))
base.get_layer("bn").trainable = True
print(len(model.trainable_weights), [w.path for w in model.trainable_weights][:3])
"""

SNIPPETS["summary_subclassed_with_submodels_and_print_fn"] = _TRY + """
class Encoder(keras.Model):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.d1 = layers.Dense(4, activation="relu")
        self.d2 = layers.Dense(2)
    def call(self, x):
        return self.d2(self.d1(x))
class AE(keras.Model):
    def __init__(self):
        super().__init__(name="ae")
        self.encoder = Encoder(name="enc")
        self.decoder = keras.Sequential([layers.Dense(4), layers.Dense(3)], name="dec")
    def call(self, x):
        return self.decoder(self.encoder(x))
ae = AE()
ae.summary()
ae(np.ones((1, 3), "float32"))
ae.encoder.trainable = False
lines = []
ae.summary(expand_nested=True, show_trainable=True, print_fn=lambda s, **kw: lines.append(s))
print("\\n".join(lines))
print(ae.count_params(), len(ae.trainable_weights))
"""
