"""kprobe22's snippets on training callbacks and summaries: EarlyStopping's messages with
restore_best_weights, baseline and start_from_epoch; ReduceLROnPlateau's cooldown and
min_lr messages; CSVLogger's appended files and separators; LambdaCallback's batch hooks;
TerminateOnNaN's stop; BackupAndRestore resuming an interrupted fit; ModelCheckpoint's
formatted names; summaries of nested, subclassed and shared-layer models (see cases.py)."""

from tests.keras.kprobe22.prelude import _TRY

SNIPPETS = {}

SNIPPETS["early_stopping_verbose_restore"] = _TRY + """
m = dense_model(lr=0.5)
es = keras.callbacks.EarlyStopping(monitor="loss", patience=1, restore_best_weights=True,
                                   verbose=1, min_delta=0.0)
h = quiet(lambda: m.fit(X, Y * 3 + 1, epochs=8, verbose=0, callbacks=[es], batch_size=8))
print(logs4(h), es.stopped_epoch, round(float(es.best), 4), es.wait, es.best_epoch)
print(r4(m.layers[0].kernel))
es2 = keras.callbacks.EarlyStopping(monitor="loss", patience=0, verbose=1, mode="max")
h2 = quiet(lambda: dense_model(lr=0.1).fit(X, Y, epochs=4, verbose=0, callbacks=[es2]))
print(len(h2.history["loss"]), es2.stopped_epoch)
"""

SNIPPETS["early_stopping_baseline_start_epoch"] = _TRY + """
m = dense_model(lr=0.05)
es = keras.callbacks.EarlyStopping(monitor="loss", baseline=0.0001, patience=2, verbose=1)
h = quiet(lambda: m.fit(X, Y, epochs=6, verbose=0, callbacks=[es], batch_size=4))
print(len(h.history["loss"]), es.stopped_epoch, es.wait)
m2 = dense_model(lr=0.0)
es2 = keras.callbacks.EarlyStopping(monitor="loss", patience=1, start_from_epoch=3, verbose=1)
h2 = quiet(lambda: m2.fit(X, Y, epochs=7, verbose=0, callbacks=[es2]))
print(len(h2.history["loss"]), es2.stopped_epoch)
m3 = dense_model(lr=0.1, metrics=["mae"])
es3 = keras.callbacks.EarlyStopping(monitor="val_mae", patience=1, restore_best_weights=True,
                                    verbose=1)
h3 = quiet(lambda: m3.fit(X, Y, epochs=5, verbose=0, validation_split=0.25, callbacks=[es3]))
print(sorted(h3.history), len(h3.history["loss"]), es3.best_epoch, round(float(es3.best), 4))
"""

SNIPPETS["reduce_lr_cooldown_messages"] = _TRY + """
m = dense_model(lr=0.0)
rl = keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=1, cooldown=2,
                                       min_lr=0.0, verbose=1)
m.optimizer.learning_rate.assign(0.4)
h = quiet(lambda: m.fit(X, Y, epochs=7, verbose=0, callbacks=[rl]))
print(sorted(h.history), [round(v, 4) for v in h.history["learning_rate"]])
m2 = dense_model(lr=0.0)
m2.optimizer.learning_rate.assign(0.3)
rl2 = keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.1, patience=0, min_lr=0.01,
                                        verbose=1, min_delta=1.0)
h2 = quiet(lambda: m2.fit(X, Y, epochs=4, verbose=0, callbacks=[rl2]))
print([round(v, 4) for v in h2.history["learning_rate"]],
      round(float(m2.optimizer.learning_rate), 4))
tryp("factor", lambda: keras.callbacks.ReduceLROnPlateau(factor=1.0))
"""

SNIPPETS["csv_logger_append_separator"] = _TRY + """
os.chdir(D)
m = dense_model(lr=0.1, metrics=["mae"])
m.fit(X, Y, epochs=2, verbose=0, validation_data=(X[:4], Y[:4]),
      callbacks=[keras.callbacks.CSVLogger("log.csv", separator=";")])
m.fit(X, Y, epochs=4, initial_epoch=2, verbose=0,
      callbacks=[keras.callbacks.CSVLogger("log.csv", separator=";", append=True)])
with open("log.csv") as f:
    text = f.read()
print(re.sub(r"\\d\\.\\d{5,}(e-\\d+)?", lambda mt: str(round(float(mt.group(0)), 4)), text))
m.fit(X, Y, epochs=1, verbose=0, callbacks=[keras.callbacks.CSVLogger("log.csv")])
with open("log.csv") as f:
    print(f.read().splitlines()[0])
"""

SNIPPETS["lambda_callback_batch_hooks"] = _TRY + """
seen = []
cb = keras.callbacks.LambdaCallback(
    on_epoch_begin=lambda e, logs: seen.append(("eb", e, sorted(logs or {}))),
    on_train_batch_begin=lambda b, logs: seen.append(("bb", b, sorted(logs or {}))),
    on_train_batch_end=lambda b, logs: seen.append(("be", b, sorted(logs))),
    on_epoch_end=lambda e, logs: seen.append(("ee", e, sorted(logs))),
    on_train_begin=lambda logs: seen.append(("tb", sorted(logs or {}))),
    on_train_end=lambda logs: seen.append(("te", sorted(logs or {}))))
m = dense_model(metrics=["mae"])
m.fit(X, Y, epochs=2, batch_size=4, verbose=0, callbacks=[cb], validation_data=(X, Y))
for s in seen:
    print(s)
ev = []
m.evaluate(X, Y, batch_size=4, verbose=0, callbacks=[keras.callbacks.LambdaCallback(
    on_test_batch_end=lambda b, logs: ev.append((b, r4(logs))))])
m.predict(X, batch_size=4, verbose=0, callbacks=[keras.callbacks.LambdaCallback(
    on_predict_batch_end=lambda b, logs: ev.append((b, sorted(logs),
                                                    tuple(logs["outputs"].shape))))])
print(ev)
"""

SNIPPETS["terminate_on_nan_stops"] = _TRY + """
x = np.array([[1.0], [2.0], [np.nan], [1.0]], "float32")
m = keras.Sequential([keras.Input((1,)), layers.Dense(1)])
fill(m)
m.compile(optimizer="sgd", loss="mse")
seen = []
h = quiet(lambda: m.fit(x, np.ones((4, 1), "float32"), batch_size=1, epochs=3, verbose=0,
          callbacks=[keras.callbacks.TerminateOnNaN(), keras.callbacks.LambdaCallback(
              on_train_batch_end=lambda b, logs: seen.append(b))]))
print(seen, {k: [str(round(v, 3)) for v in vs] for k, vs in h.history.items()},
      m.stop_training)
print(np.isnan(m.get_weights()[0]).all())
"""

SNIPPETS["backup_and_restore_interrupted"] = _TRY + """
os.chdir(D)
class Boom(keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        if epoch == 2:
            raise RuntimeError("interrupted at epoch 2")
m = dense_model(lr=0.1)
bk = keras.callbacks.BackupAndRestore("backup", delete_checkpoint=False)
tryp("first", lambda: m.fit(X, Y, epochs=4, verbose=0, callbacks=[bk, Boom()]))
print(sorted(os.listdir("backup")))
m2 = dense_model(lr=0.1)
h = m2.fit(X, Y, epochs=4, verbose=0, callbacks=[keras.callbacks.BackupAndRestore("backup")])
print(h.epoch, logs4(h), int(m2.optimizer.iterations))
print(os.path.exists("backup"))
tryp("empty", lambda: keras.callbacks.BackupAndRestore(""))
tryp("freq", lambda: keras.callbacks.BackupAndRestore("b", save_freq="often"))
"""

SNIPPETS["model_checkpoint_formatted_names"] = _TRY + """
os.chdir(D)
m = dense_model(lr=0.1, metrics=["mae"])
cb = keras.callbacks.ModelCheckpoint("w-{epoch:02d}-{loss:.3f}.weights.h5",
                                     save_weights_only=True, verbose=1)
quiet(lambda: m.fit(X, Y, epochs=2, verbose=0, callbacks=[cb]))
print(sorted(os.listdir(".")))
cb2 = keras.callbacks.ModelCheckpoint("best.keras", monitor="mae", save_best_only=True,
                                      mode="min", verbose=1)
quiet(lambda: m.fit(X, Y, epochs=2, verbose=0, callbacks=[cb2]))
tryp("bad_ext", lambda: keras.callbacks.ModelCheckpoint("w.h5", save_weights_only=True))
tryp("bad_ext2", lambda: keras.callbacks.ModelCheckpoint("model.ckpt"))
cb3 = keras.callbacks.ModelCheckpoint("m.keras", monitor="nope", save_best_only=True)
tryp("missing", lambda: quiet(lambda: m.fit(X, Y, epochs=1, verbose=0, callbacks=[cb3])))
"""

SNIPPETS["summary_nested_frozen_show_trainable"] = _TRY + """
inner = keras.Sequential([keras.Input((4,)), layers.Dense(3, name="a"),
                          layers.BatchNormalization(name="bn"), layers.Dense(2, name="b")],
                         name="inner")
inner.get_layer("a").trainable = False
i = keras.Input((4,), name="x")
o = layers.Dense(1, name="head")(inner(i))
m = keras.Model(i, o, name="outer")
m.summary(show_trainable=True, expand_nested=True)
m.summary(show_trainable=True)
inner.trainable = False
m.summary(expand_nested=True, show_trainable=True, line_length=70)
"""

SNIPPETS["summary_subclassed_models"] = _TRY + """
class Block(keras.layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.d1 = layers.Dense(4)
        self.d2 = layers.Dense(2, use_bias=False)
    def call(self, x):
        return self.d2(self.d1(x))
class Net(keras.Model):
    def __init__(self):
        super().__init__(name="net")
        self.block = Block(name="block")
        self.out = layers.Dense(1, name="out")
    def call(self, x):
        return self.out(self.block(x))
n = Net()
n.summary()
n(np.ones((2, 3), "float32"))
n.summary()
n.summary(expand_nested=True, show_trainable=True)
n.block.trainable = False
n.summary(show_trainable=True)
"""

SNIPPETS["summary_shared_multi_input"] = _TRY + """
a = keras.Input((3,), name="a")
b = keras.Input((3,), name="b")
shared = layers.Dense(2, name="shared")
c = layers.Concatenate(name="cat")([shared(a), shared(b)])
o1 = layers.Dense(1, name="o1")(c)
o2 = layers.Dense(1, name="o2", activation="sigmoid")(c)
m = keras.Model([a, b], [o1, o2], name="two")
m.summary(line_length=100)
m.summary(positions=[0.4, 0.6, 0.75, 1.0])
m.summary(layer_range=["shared", "o1"])
tryp("range_bad", lambda: m.summary(layer_range=["nope", "o1"]))
lines = []
m.summary(print_fn=lambda s, line_break=False: lines.append(s))
print(len(lines), lines[-3:])
"""
