"""kprobe31's snippets on the training API as keras.io's guides use it together: callbacks'
interplay in one fit (EarlyStopping restoring the best weights, ReduceLROnPlateau,
ModelCheckpoint keeping the best, CSVLogger, TerminateOnNaN, BackupAndRestore resuming),
fit on generators and PyDatasets with workers=0, custom metrics in compile, several outputs
with loss dicts, loss weights and metrics per output, evaluate's return_dict and the
on_batch methods (see cases.py)."""

from tests.keras.kprobe31.prelude import _TRY

SNIPPETS: dict[str, str] = {}

_DATA = """
XT = np.linspace(-1, 1, 48, dtype="float32").reshape(16, 3)
YT = (XT @ np.array([[1.0], [-2.0], [0.5]], "float32") + 0.3).astype("float32")
XV, YV = XT[::3] * 0.9, YT[::3] * 0.9
def reg_model(lr=0.1, opt="sgd"):
    m = keras.Sequential([keras.Input((3,)), layers.Dense(4, activation="tanh"), layers.Dense(1)])
    fill(m, 0.5)
    o = keras.optimizers.SGD(lr) if opt == "sgd" else keras.optimizers.Adam(lr)
    m.compile(optimizer=o, loss="mse", metrics=["mae"])
    return m
"""

SNIPPETS["callbacks_interplay_in_one_fit"] = _TRY + _DATA + """
m = reg_model(0.3)
cbs = [keras.callbacks.EarlyStopping(monitor="val_loss", patience=3, restore_best_weights=True,
                                     verbose=1),
       keras.callbacks.ReduceLROnPlateau(monitor="val_loss", factor=0.5, patience=1, min_lr=0.05,
                                         verbose=1),
       keras.callbacks.ModelCheckpoint(os.path.join(D, "best.keras"), monitor="val_loss",
                                       save_best_only=True, verbose=1),
       keras.callbacks.CSVLogger(os.path.join(D, "log.csv")),
       keras.callbacks.TerminateOnNaN()]
h = quiet(lambda: m.fit(XT, YT, validation_data=(XV, YV), epochs=10, batch_size=4,
                        shuffle=False, verbose=0, callbacks=cbs))
keys("keys", h)
print(logs4(h))
print(h.epoch, cbs[0].stopped_epoch, cbs[0].best_epoch, r4(cbs[0].best))
print(r4(float(m.optimizer.learning_rate)), cbs[1].wait, r4(cbs[2].best))
with open(os.path.join(D, "log.csv")) as f:
    rows = f.read().splitlines()
print(rows[0], len(rows))
print(rows[1].split(",")[0], rows[-1].split(",")[0])
best = keras.saving.load_model(os.path.join(D, "best.keras"))
print(r4(best.evaluate(XV, YV, verbose=0)), r4(m.evaluate(XV, YV, verbose=0)))
print(sorted(os.listdir(D)))
"""

SNIPPETS["backup_and_restore_resumes_after_interrupt"] = _TRY + _DATA + """
class Boom(keras.callbacks.Callback):
    def __init__(self, at):
        super().__init__()
        self.at = at
        self.seen = []
    def on_epoch_begin(self, epoch, logs=None):
        self.seen.append(epoch)
        if epoch == self.at:
            raise RuntimeError("interrupted at %d" % epoch)
bdir = os.path.join(D, "backup")
m = reg_model(0.1)
boom = Boom(3)
try:
    m.fit(XT, YT, epochs=6, batch_size=8, shuffle=False, verbose=0,
          callbacks=[keras.callbacks.BackupAndRestore(bdir), boom])
except RuntimeError as e:
    print("stopped", e, boom.seen)
print(sorted(os.listdir(bdir)))
w_at_stop = wsum(m)
m2 = reg_model(0.1)
boom2 = Boom(99)
h = m2.fit(XT, YT, epochs=6, batch_size=8, shuffle=False, verbose=0,
           callbacks=[keras.callbacks.BackupAndRestore(bdir), boom2])
print(boom2.seen, h.epoch, logs4(h))
print(os.path.exists(bdir), int(m2.optimizer.iterations))
m3 = reg_model(0.1)
h3 = m3.fit(XT, YT, epochs=6, batch_size=8, shuffle=False, verbose=0)
print(np.allclose(m3.get_weights()[0], m2.get_weights()[0], atol=1e-5), w_at_stop != wsum(m2))
b = keras.callbacks.BackupAndRestore(os.path.join(D, "b2"), save_freq=3, delete_checkpoint=False)
m4 = reg_model(0.1)
m4.fit(XT, YT, epochs=2, batch_size=4, shuffle=False, verbose=0, callbacks=[b])
print(sorted(os.listdir(os.path.join(D, "b2"))))
tryp("bad_freq", lambda: keras.callbacks.BackupAndRestore(D, save_freq="batch"))
tryp("no_dir", lambda: keras.callbacks.BackupAndRestore(None))
"""

SNIPPETS["terminate_on_nan_mid_epoch_and_logs"] = _TRY + _DATA + """
m = reg_model(40.0)
seen = []
cb = keras.callbacks.LambdaCallback(on_train_batch_end=lambda b, logs: seen.append(
    (b, "%.3g" % float(logs["loss"]))))
h = quiet(lambda: m.fit(XT * 30, YT * 30, epochs=3, batch_size=2, shuffle=False, verbose=0,
                        callbacks=[keras.callbacks.TerminateOnNaN(), cb]))
print(len(seen), seen[-2:], h.epoch, m.stop_training)
print({k: ["%.3g" % v for v in vs] for k, vs in h.history.items()})
"""

SNIPPETS["model_checkpoint_formatted_weights_only_max_mode"] = _TRY + _DATA + """
m = reg_model(0.2)
m.compile(keras.optimizers.SGD(0.2), "mse", metrics=[keras.metrics.R2Score(name="r2")])
ck = keras.callbacks.ModelCheckpoint(os.path.join(D, "w-{epoch:02d}-{val_r2:.3f}.weights.h5"),
                                     monitor="val_r2", mode="max", save_best_only=True,
                                     save_weights_only=True, verbose=1)
h = quiet(lambda: m.fit(XT, YT, epochs=4, batch_size=4, shuffle=False, verbose=0,
                        validation_data=(XV, YV), callbacks=[ck]))
print(logs4(h))
files = sorted(f for f in os.listdir(D) if f.endswith(".h5"))
print(files)
m2 = reg_model()
m2.load_weights(os.path.join(D, files[-1]))
print(r4(m2.evaluate(XV, YV, verbose=0)))
ck2 = keras.callbacks.ModelCheckpoint(os.path.join(D, "e{epoch}.keras"), save_freq=4)
m.fit(XT, YT, epochs=2, batch_size=4, verbose=0, callbacks=[ck2])
print(sorted(f for f in os.listdir(D) if f.startswith("e")))
tryp("bad_ext", lambda: keras.callbacks.ModelCheckpoint(os.path.join(D, "x.h5"),
                                                        save_weights_only=True))
tryp("bad_ext2", lambda: keras.callbacks.ModelCheckpoint(os.path.join(D, "x.txt")))
"""

SNIPPETS["pydataset_workers_zero_epochs_and_weights"] = _TRY + _DATA + """
class Seq(keras.utils.PyDataset):
    def __init__(self, x, y, bs, weights=None, **kw):
        super().__init__(**kw)
        self.x, self.y, self.bs, self.w = x, y, bs, weights
        self.order = np.arange(len(x))
        self.epochs = 0
    def __len__(self):
        return int(np.ceil(len(self.x) / self.bs))
    def __getitem__(self, i):
        idx = self.order[i * self.bs:(i + 1) * self.bs]
        if self.w is None:
            return self.x[idx], self.y[idx]
        return self.x[idx], self.y[idx], self.w[idx]
    def on_epoch_end(self):
        self.epochs += 1
        self.order = np.roll(self.order, 3)
s = Seq(XT, YT, 5, workers=0, use_multiprocessing=False, max_queue_size=2)
print(len(s), s.num_batches, s.workers, s.use_multiprocessing, s.max_queue_size)
m = reg_model(0.1)
h = m.fit(s, epochs=3, verbose=0)
print(logs4(h), s.epochs, s.order[:4].tolist())
print(r4(m.evaluate(s, verbose=0)), s.epochs)
p = m.predict(s, verbose=0)
print(p.shape, s.epochs)
w = np.where(np.arange(16) < 8, 2.0, 0.0).astype("float32")
sw = Seq(XT, YT, 4, weights=w, workers=0)
m2 = reg_model(0.1)
m2.compile(keras.optimizers.SGD(0.1), "mse", weighted_metrics=["mae"])
print(logs4(m2.fit(sw, epochs=2, verbose=0)))
print(r4(m2.evaluate(sw, verbose=0, return_dict=True)))
v = Seq(XV, YV, 3)
h = m.fit(s, validation_data=v, epochs=1, verbose=0)
print(sorted(h.history))
"""

SNIPPETS["pydataset_errors_and_generator_steps"] = _TRY + _DATA + """
class Bad(keras.utils.PyDataset):
    def __len__(self):
        return 2
    def __getitem__(self, i):
        return XT[:4]
class NoSuper(keras.utils.PyDataset):
    def __init__(self):
        self.x = 1
    def __len__(self):
        return 1
    def __getitem__(self, i):
        return XT[:4], YT[:4]
tryp("x_only_fit", lambda: len(reg_model().fit(Bad(), epochs=1, verbose=0).epoch))
print("predict_x_only", reg_model().predict(Bad(), verbose=0).shape)
tryp("no_super", lambda: len(reg_model().fit(NoSuper(), epochs=1, verbose=0).epoch))
m = reg_model()
def gen():
    while True:
        for i in range(0, 16, 4):
            yield XT[i:i + 4], YT[i:i + 4]
def vgen():
    while True:
        yield XV, YV
h = m.fit(gen(), steps_per_epoch=3, epochs=2, validation_data=vgen(), validation_steps=2,
          verbose=0)
print(logs4(h))
print(r4(m.evaluate(gen(), steps=2, verbose=0)))
print(m.predict(gen(), steps=3, verbose=0).shape)
tryp("no_steps_predict", lambda: m.predict((x for x, _ in [(XT, YT)]), verbose=0).shape)
tryp("val_split_gen", lambda: m.fit(gen(), steps_per_epoch=1, validation_split=0.2, verbose=0))
"""

SNIPPETS["custom_metric_update_reset_result_in_compile"] = _TRY + _DATA + """
class MeanAbsPct(keras.metrics.Metric):
    def __init__(self, name="mapct", **kw):
        super().__init__(name=name, **kw)
        self.total = self.add_variable(shape=(), initializer="zeros", name="total")
        self.count = self.add_variable(shape=(), initializer="zeros", name="count")
        self.resets = 0
    def update_state(self, y_true, y_pred, sample_weight=None):
        err = keras.ops.abs(y_true - y_pred) / (keras.ops.abs(y_true) + 1.0)
        if sample_weight is not None:
            err = err * keras.ops.reshape(sample_weight, (-1, 1))
        self.total.assign_add(keras.ops.sum(err))
        self.count.assign_add(keras.ops.cast(keras.ops.size(err), "float32"))
    def result(self):
        return keras.ops.divide_no_nan(self.total, self.count)
    def reset_state(self):
        self.resets += 1
        self.total.assign(0.0)
        self.count.assign(0.0)
mt = MeanAbsPct()
m = reg_model()
m.compile(keras.optimizers.SGD(0.1), "mse", metrics=[mt, "mae"])
h = m.fit(XT, YT, epochs=2, batch_size=4, shuffle=False, verbose=0, validation_data=(XV, YV))
keys("keys", h)
print(logs4(h))
print(mt.resets > 0, r4(mt.result()), [v.path for v in mt.variables])
print(r4(m.evaluate(XV, YV, verbose=0, return_dict=True)))
print(m.metrics_names, [type(x).__name__ for x in m.metrics])
mt2 = MeanAbsPct(name="w")
mt2.update_state(YT[:4], YT[:4] * 0.5, sample_weight=np.array([1., 0., 0., 1.], "float32"))
print(r4(mt2.result()), r4(mt2.count))
mt2.reset_state()
print(r4(mt2.result()), mt2.resets)
"""

SNIPPETS["multi_output_loss_dict_weights_metrics_per_output"] = _TRY + _DATA + """
inp = keras.Input((3,), name="features")
h = layers.Dense(4, activation="relu")(inp)
reg = layers.Dense(1, name="price")(h)
cls = layers.Dense(3, activation="softmax", name="kind")(h)
m = keras.Model(inp, {"price": reg, "kind": cls})
fill(m, 0.4)
yk = (np.arange(16) % 3).astype("int32")
m.compile(keras.optimizers.Adam(0.02),
          loss={"price": "mse", "kind": "sparse_categorical_crossentropy"},
          loss_weights={"price": 2.0, "kind": 0.5},
          metrics={"price": ["mae", keras.metrics.RootMeanSquaredError(name="rmse")],
                   "kind": ["accuracy"]})
h = m.fit(XT, {"price": YT, "kind": yk}, epochs=2, batch_size=8, shuffle=False, verbose=0,
          validation_split=0.25)
keys("keys", h)
print(logs4(h))
ev = m.evaluate(XT, {"price": YT, "kind": yk}, verbose=0, return_dict=True)
print(list(ev), r4(ev))
print(r4(m.evaluate(XT, {"price": YT, "kind": yk}, verbose=0)))
p = m.predict(XT[:2], verbose=0)
print(type(p).__name__, sorted(p), p["kind"].shape)
print(m.metrics_names)
"""

SNIPPETS["multi_output_list_losses_partial_and_none"] = _TRY + _DATA + """
inp = keras.Input((3,))
a = layers.Dense(1, name="a")(inp)
b = layers.Dense(2, name="b")(inp)
m = keras.Model(inp, [a, b])
fill(m, 0.4)
m.compile("sgd", loss=["mse", None], metrics=[["mae"], []])
h = m.fit(XT, [YT, np.zeros((16, 2), "float32")], epochs=1, verbose=0)
keys("none_loss", h)
m.compile("sgd", loss=["mse", "mae"], loss_weights=[1.0, 0.0], metrics=["mae", "mse"])
h = m.fit(XT, [YT, np.ones((16, 2), "float32")], epochs=1, batch_size=16, verbose=0)
keys("list", h)
print(logs4(h))
tryp("wrong_len", lambda: m.compile("sgd", loss=["mse"] * 3) or
     m.fit(XT, [YT, YT], epochs=1, verbose=0))
m.compile("sgd", loss={"a": "mse"})
tryp("dict_partial", lambda: list(m.fit(XT, {"a": YT, "b": np.ones((16, 2), "float32")},
                                        epochs=1, verbose=0).history))
tryp("unknown_key", lambda: (m.compile("sgd", loss={"zzz": "mse"}),
                             m.fit(XT, {"a": YT, "b": YT}, epochs=1, verbose=0))[1].epoch)
"""

SNIPPETS["on_batch_methods_return_dict_weights_reset"] = _TRY + _DATA + """
m = reg_model(0.1)
m.compile(keras.optimizers.SGD(0.1), "mse", metrics=["mae"])
print(r4(m.train_on_batch(XT[:4], YT[:4])))
print(r4(m.train_on_batch(XT[4:8], YT[4:8], return_dict=True)))
tryp("reset_metrics", lambda: m.train_on_batch(XT[:4], YT[:4], reset_metrics=False))
print(r4(m.train_on_batch(XT[:4], YT[:4], sample_weight=np.array([1., 0., 0., 0.], "float32"))))
print(r4(m.test_on_batch(XV, YV)), r4(m.test_on_batch(XV, YV, return_dict=True)))
print(r4(m.test_on_batch(XV[:2], YV[:2])))
p = m.predict_on_batch(XV[:3])
print(type(p).__name__, p.dtype, r4(p[:, 0]))
c = keras.Sequential([keras.Input((3,)), layers.Dense(2, activation="softmax")])
fill(c)
c.compile("sgd", "sparse_categorical_crossentropy", metrics=["accuracy"])
yi = np.array([0, 1, 1, 0], "int32")
print(r4(c.train_on_batch(XT[:4], yi, class_weight={0: 1.0, 1: 3.0}, return_dict=True)))
print(int(c.optimizer.iterations))
tryp("uncompiled", lambda: keras.Sequential([keras.Input((3,)),
                                             layers.Dense(1)]).train_on_batch(XT, YT))
u = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
print("predict_uncompiled", u.predict_on_batch(XT[:2]).shape)
"""

SNIPPETS["evaluate_return_dict_steps_and_callbacks"] = _TRY + _DATA + """
m = reg_model()
m.compile(keras.optimizers.SGD(0.1), "mse",
          metrics=["mae", keras.metrics.MeanSquaredError(name="m2")])
events = []
cb = keras.callbacks.LambdaCallback(
    on_test_begin=lambda logs: events.append("begin"),
    on_test_batch_end=lambda b, logs: events.append((b, sorted(logs))),
    on_test_end=lambda logs: events.append(("end", sorted(logs))))
r = m.evaluate(XT, YT, batch_size=6, verbose=0, return_dict=True, callbacks=[cb])
print(list(r), r4(r))
print(events)
ds = tf.data.Dataset.from_tensor_slices((XT, YT)).batch(4).repeat()
print(r4(m.evaluate(ds, steps=3, verbose=0, return_dict=True)))
print(r4(m.evaluate(XT, YT, verbose=0, sample_weight=np.linspace(0, 1, 16).astype("float32"))))
m2 = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
m2.compile(loss="mse")
fill(m2)
print(r4(m2.evaluate(XT, YT, verbose=0)), r4(m2.evaluate(XT, YT, verbose=0, return_dict=True)))
tryp("no_y", lambda: m.evaluate(XT, verbose=0))
"""

SNIPPETS["history_keys_with_validation_split_and_lr_logged"] = _TRY + _DATA + """
m = reg_model(0.3)
sched = keras.callbacks.LearningRateScheduler(lambda e, lr: lr * 0.5 if e else lr)
rl = keras.callbacks.ReduceLROnPlateau(monitor="loss", patience=0, factor=0.9, min_delta=10.0)
h = m.fit(XT, YT, epochs=3, batch_size=4, shuffle=False, verbose=0, validation_split=0.25,
          callbacks=[sched, rl])
keys("keys", h)
print(logs4(h))
print(h.params, r4(float(m.optimizer.learning_rate)))
m = reg_model(0.3)
h = m.fit(XT, YT, epochs=2, batch_size=4, shuffle=False, verbose=0, validation_split=0.5,
          validation_batch_size=3, validation_freq=2)
keys("freq", h)
print(logs4(h))
"""

SNIPPETS["custom_callback_reads_optimizer_and_batch_logs"] = _TRY + _DATA + """
class Spy(keras.callbacks.Callback):
    def on_train_begin(self, logs=None):
        print("begin", logs, self.params)
    def on_train_batch_begin(self, batch, logs=None):
        if batch == 0:
            print("batch_begin", batch, logs)
    def on_train_batch_end(self, batch, logs=None):
        if batch in (0, 3):
            print("batch_end", batch, r4(logs), int(self.model.optimizer.iterations))
    def on_epoch_end(self, epoch, logs=None):
        print("epoch_end", epoch, r4(logs), r4(float(self.model.optimizer.learning_rate)))
    def on_train_end(self, logs=None):
        print("end", r4(logs))
m = reg_model(0.1)
h = m.fit(XT, YT, epochs=2, batch_size=4, shuffle=False, verbose=0, callbacks=[Spy()],
          validation_data=(XV, YV))
print(type(m.history).__name__, m.history is h)
"""

SNIPPETS["fit_progress_bar_multi_output_verbose_one"] = _TRY + _DATA + """
inp = keras.Input((3,))
m = keras.Model(inp, {"y": layers.Dense(1, name="y")(inp), "z": layers.Dense(1, name="z")(inp)})
fill(m)
m.compile("sgd", {"y": "mse", "z": "mae"}, metrics={"y": "mae"})
bars(lambda: m.fit(XT, {"y": YT, "z": YT}, epochs=2, batch_size=8, verbose=1, shuffle=False))
bars(lambda: m.evaluate(XT, {"y": YT, "z": YT}, verbose=1))
bars(lambda: m.fit(XT, {"y": YT, "z": YT}, epochs=1, batch_size=8, verbose=2, validation_split=0.5))
"""
