"""kprobe20's snippets on training: custom train_step/test_step with their own metric
trackers (compute_loss, compiled metrics, reset_metrics), fit fed by a Python generator
and by a PyDataset with steps_per_epoch, ReduceLROnPlateau, EarlyStopping with
restore_best_weights, ModelCheckpoint's save_best_only with formatted file names,
LearningRateScheduler, a custom callback's hooks and model.stop_training (see cases.py)."""

from tests.keras.kprobe20.prelude import _TRY

SNIPPETS = {}

SNIPPETS["custom_train_step_trackers"] = _TRY + """
class M(keras.Model):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.d = layers.Dense(1)
        self.loss_tracker = keras.metrics.Mean(name="loss")
        self.mae = keras.metrics.MeanAbsoluteError(name="mae")
    def call(self, x):
        return self.d(x)
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            p = self(x, training=True)
            loss = keras.losses.mean_squared_error(y, p)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        self.loss_tracker.update_state(loss)
        self.mae.update_state(y, p)
        return {"loss": self.loss_tracker.result(), "mae": self.mae.result()}
    @property
    def metrics(self):
        return [self.loss_tracker, self.mae]
m = M()
m(X[:1])
fill(m)
m.compile(optimizer=keras.optimizers.SGD(0.1))
h = m.fit(X, Y, epochs=3, batch_size=4, verbose=0)
print(logs4(h))
print([x.name for x in m.metrics], r4(m.loss_tracker.result()))
m.reset_metrics()
print(r4(m.loss_tracker.result()), r4(m.mae.result()))
"""

SNIPPETS["custom_train_step_compute_loss"] = _TRY + """
class M(keras.Model):
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            p = self(x, training=True)
            loss = self.compute_loss(x=x, y=y, y_pred=p)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss)
            else:
                metric.update_state(y, p)
        return {m.name: m.result() for m in self.metrics}
i = keras.Input((3,))
m = M(i, layers.Dense(1)(i))
fill(m)
m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse", metrics=["mae"])
h = m.fit(X, Y, epochs=2, batch_size=4, verbose=0)
print(logs4(h))
print([x.name for x in m.metrics])
print(r4(m.evaluate(X, Y, verbose=0, return_dict=True)))
"""

SNIPPETS["custom_test_step"] = _TRY + """
class M(keras.Model):
    def test_step(self, data):
        x, y = data
        p = self(x, training=False)
        self.compute_loss(x=x, y=y, y_pred=p)
        for metric in self.metrics:
            if metric.name != "loss":
                metric.update_state(y, p)
        return {"custom_mae": self.metrics[-1].result()}
i = keras.Input((3,))
m = M(i, layers.Dense(1)(i))
fill(m)
m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse", metrics=["mae"])
print(r4(m.evaluate(X, Y, batch_size=4, verbose=0, return_dict=True)))
print(r4(m.evaluate(X, Y, batch_size=4, verbose=0)))
h = m.fit(X, Y, validation_data=(X, Y), epochs=1, batch_size=4, verbose=0)
print(logs4(h))
"""

SNIPPETS["fit_python_generator"] = _TRY + """
def gen():
    while True:
        for k in range(0, 8, 4):
            yield X[k:k + 4], Y[k:k + 4]
m = dense_model()
h = m.fit(gen(), steps_per_epoch=2, epochs=3, verbose=0)
print(logs4(h), h.params)
print(r4(m.evaluate(gen(), steps=2, verbose=0)))
print(r4(m.predict(gen(), steps=1, verbose=0)))
"""

SNIPPETS["fit_pydataset_steps"] = _TRY + """
class Seq(keras.utils.PyDataset):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.seen = []
    def __len__(self):
        return 4
    def __getitem__(self, k):
        self.seen.append(k)
        return X[2 * k:2 * k + 2], Y[2 * k:2 * k + 2]
    def on_epoch_end(self):
        self.seen.append("end")
s = Seq(workers=0)
m = dense_model()
h = m.fit(s, epochs=2, steps_per_epoch=3, verbose=0)
print(logs4(h), h.params)
print(sorted(map(str, s.seen)))  # (which and how many: TF prefetches in a thread)
print(s.workers, s.use_multiprocessing, s.max_queue_size, s.num_batches)
"""

SNIPPETS["reduce_lr_on_plateau"] = _TRY + """
m = dense_model(lr=0.0)
cb = keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=1, min_lr=0.01,
                                       verbose=1)
m.optimizer.learning_rate.assign(0.1)
quiet(lambda: m.fit(X, Y * 0 + 100, epochs=1, verbose=0))
class Flat(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        logs["loss"] = 1.0
h = m.fit(X, Y, epochs=6, verbose=0, callbacks=[Flat(), cb])
print(logs4(h))
print(round(float(m.optimizer.learning_rate.numpy()), 4), cb.wait, cb.cooldown_counter)
"""

SNIPPETS["early_stopping_restore_best"] = _TRY + """
m = dense_model(lr=0.1)
losses = iter([5.0, 3.0, 4.0, 4.5, 6.0, 7.0])
saved = {}
class Fake(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        logs["loss"] = next(losses)
        saved[epoch] = r4(self.model.layers[0].bias)
es = keras.callbacks.EarlyStopping(monitor="loss", patience=2, restore_best_weights=True,
                                   verbose=1)
h = m.fit(X, Y, epochs=6, verbose=0, callbacks=[Fake(), es])
print(len(h.epoch), es.stopped_epoch, es.best_epoch, es.best, es.wait)
print(saved[1] == r4(m.layers[0].bias), r4(m.layers[0].bias))
"""

SNIPPETS["model_checkpoint_best_only"] = _TRY + """
os.chdir(D)
m = dense_model(lr=0.1)
losses = iter([5.0, 3.0, 4.0, 2.0])
class Fake(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        logs["loss"] = next(losses)
ck = keras.callbacks.ModelCheckpoint("w.{epoch:02d}-{loss:.2f}.weights.h5", monitor="loss",
                                     save_best_only=True, save_weights_only=True, verbose=1)
quiet(lambda: m.fit(X, Y, epochs=4, verbose=0, callbacks=[Fake(), ck]))
print(sorted(os.listdir(D)))
print(ck.best)
ck2 = keras.callbacks.ModelCheckpoint("m{epoch}.keras", save_freq="epoch")
m.fit(X, Y, epochs=2, verbose=0, callbacks=[ck2])
print(sorted(f for f in os.listdir(D) if f.endswith(".keras")))
tryp("bad_name", lambda: keras.callbacks.ModelCheckpoint("w.h5", save_weights_only=True))
tryp("bad_keras", lambda: type(keras.callbacks.ModelCheckpoint("w.h5")).__name__)
"""

SNIPPETS["lr_scheduler_and_logs"] = _TRY + """
m = dense_model(lr=0.1)
sched = keras.callbacks.LearningRateScheduler(lambda epoch, lr: lr * 0.5 if epoch else lr,
                                              verbose=1)
h = quiet(lambda: m.fit(X, Y, epochs=3, verbose=0, callbacks=[sched]))
print(logs4(h))
sch = keras.optimizers.schedules.ExponentialDecay(0.1, decay_steps=2, decay_rate=0.5)
m2 = dense_model()
m2.compile(optimizer=keras.optimizers.SGD(sch), loss="mse")
h2 = m2.fit(X, Y, epochs=2, batch_size=4, verbose=0)
print(logs4(h2), int(m2.optimizer.iterations))
print(r4(m2.optimizer.learning_rate))
"""

SNIPPETS["callback_hooks_stop_training"] = _TRY + """
events = []
class Spy(keras.callbacks.Callback):
    def on_train_begin(self, logs=None):
        events.append(("train_begin", sorted(logs or {})))
    def on_epoch_begin(self, epoch, logs=None):
        events.append(("epoch_begin", epoch))
    def on_train_batch_end(self, batch, logs=None):
        events.append(("batch_end", batch, sorted(logs)))
        if batch == 1 and self.params["epochs"] == 3:
            self.model.stop_training = True
    def on_epoch_end(self, epoch, logs=None):
        events.append(("epoch_end", epoch, sorted(logs)))
    def on_test_begin(self, logs=None):
        events.append(("test_begin",))
    def on_train_end(self, logs=None):
        events.append(("train_end", sorted(logs or {})))
m = dense_model(metrics=["mae"])
spy = Spy()
m.fit(X, Y, epochs=3, batch_size=2, validation_data=(X, Y), verbose=0, callbacks=[spy])
for e in events:
    print(e)
print(sorted(spy.params.items()))
"""

SNIPPETS["csv_logger_and_lambda"] = _TRY + """
os.chdir(D)
m = dense_model(metrics=["mae"])
seen = []
lam = keras.callbacks.LambdaCallback(on_epoch_end=lambda e, logs: seen.append((e, sorted(logs))))
m.fit(X, Y, epochs=2, batch_size=4, verbose=0,
      callbacks=[keras.callbacks.CSVLogger("log.csv", separator=";"), lam])
print(open("log.csv").read().splitlines()[0])
print(len(open("log.csv").read().splitlines()), seen)
m.fit(X, Y, epochs=1, batch_size=4, verbose=0,
      callbacks=[keras.callbacks.CSVLogger("log.csv", append=True)])
print(len(open("log.csv").read().splitlines()))
"""

SNIPPETS["fit_verbose_two_validation_split"] = _TRY + """
m = dense_model(metrics=["mae"])
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    h = timeless(lambda: m.fit(X, Y, epochs=2, batch_size=3, validation_split=0.25, verbose=2))
print(re.sub(r" - [0-9]+s - ", " - Ns - ", buf.getvalue()), end="")
print(logs4(h))
print(h.params)
"""

SNIPPETS["sample_weight_metrics"] = _TRY + """
m = dense_model(metrics=["mae"], weighted_metrics=["mse"])
w = np.array([1, 0, 2, 0, 1, 0, 3, 1], "float32")
print(r4(m.evaluate(X, Y, sample_weight=w, verbose=0, return_dict=True)))
print(r4(m.test_on_batch(X, Y, sample_weight=w, return_dict=True)))
print(r4(m.train_on_batch(X, Y, sample_weight=w)))
print(r4(m.evaluate(X, Y, verbose=0)))
"""

SNIPPETS["on_batch_resets_metrics"] = _TRY + """
m = dense_model(metrics=["mae"])
print(r4(m.train_on_batch(X[:4], Y[:4], return_dict=True)))
print(r4(m.train_on_batch(X[4:], Y[4:], return_dict=True)))
print(r4(m.test_on_batch(X[:4], Y[:4])), r4(m.test_on_batch(X[4:], Y[4:])))
for name in ["train_on_batch", "test_on_batch"]:
    try:
        getattr(m, name)(X[:4], Y[:4], reset_metrics=False)
    except TypeError as e:  # (the message names the method's class: Keras's backend trainer)
        print(name, "TypeError", str(e).split("() ")[-1])
"""
