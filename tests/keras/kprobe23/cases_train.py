"""kprobe23's snippets on training loops: fit with sample_weight and class_weight (arrays,
datasets, one-hot targets), metrics' reset_state and merge_state, evaluate's return_dict,
predict on generators and PyDatasets, steps_per_epoch over repeated datasets and running
out of data, initial_epoch, a callback setting model.stop_training (see cases.py)."""

from tests.keras.kprobe23.prelude import _TRY

SNIPPETS = {}

SNIPPETS["fit_sample_weight_arrays"] = _TRY + """
sw = np.array([1, 0, 2, 1, 0.5, 1, 0, 3], "float32")
m = dense_model(lr=0.1, metrics=["mae"], weighted_metrics=["mse"])
h = m.fit(X, Y + 0.3, sample_weight=sw, epochs=2, batch_size=4, verbose=0, shuffle=False)
print(logs4(h))
print(r4(m.layers[0].kernel), r4(m.layers[0].bias))
print(r4(m.evaluate(X, Y, sample_weight=sw, verbose=0, batch_size=3)))
print(r4(m.evaluate(X, Y, verbose=0)))
tryp("sw_len", lambda: m.fit(X, Y, sample_weight=sw[:5], verbose=0))
tryp("sw_2d", lambda: r4(m.evaluate(X, Y, sample_weight=sw.reshape(8, 1), verbose=0)))
"""

SNIPPETS["fit_class_weight_sparse_and_onehot"] = _TRY + """
xs = np.linspace(-1, 1, 18, dtype="float32").reshape(6, 3)
ys = np.array([0, 1, 2, 1, 0, 2])
m = keras.Sequential([keras.Input((3,)), layers.Dense(3, activation="softmax")])
fill(m)
m.compile(optimizer=keras.optimizers.SGD(0.2), loss="sparse_categorical_crossentropy",
          metrics=["accuracy"])
h = m.fit(xs, ys, class_weight={0: 1.0, 1: 3.0, 2: 0.5}, epochs=2, batch_size=3,
          verbose=0, shuffle=False)
print(logs4(h), r4(m.layers[0].bias))
m2 = keras.Sequential([keras.Input((3,)), layers.Dense(3, activation="softmax")])
fill(m2)
m2.compile(optimizer=keras.optimizers.SGD(0.2), loss="categorical_crossentropy")
h2 = m2.fit(xs, np.eye(3)[ys], class_weight={0: 2.0, 1: 1.0, 2: 1.0}, epochs=1,
            batch_size=6, verbose=0)
print(logs4(h2))
tryp("missing_class", lambda: logs4(m.fit(xs, ys, class_weight={0: 1.0, 1: 2.0}, verbose=0)))
tryp("both", lambda: m.fit(xs, ys, class_weight={0: 1.0, 1: 1.0, 2: 1.0},
                           sample_weight=np.ones(6), verbose=0))
"""

SNIPPETS["fit_dataset_sample_weights"] = _TRY + """
sw = np.array([2, 0, 1, 1, 0, 1, 1, 0.5], "float32")
ds = tf.data.Dataset.from_tensor_slices((X, Y, sw)).batch(3)
m = dense_model(lr=0.1, weighted_metrics=["mae"])
h = m.fit(ds, epochs=2, verbose=0)
print(logs4(h))
print(r4(m.evaluate(ds, verbose=0, return_dict=True)))
m2 = dense_model(lr=0.1)
h2 = m2.fit(tf.data.Dataset.from_tensor_slices((X, Y)).batch(3), epochs=2, verbose=0,
            class_weight=None)
print(logs4(h2))
tryp("sw_with_ds", lambda: m.fit(ds, sample_weight=sw, verbose=0))
"""

SNIPPETS["metrics_reset_state_and_no_merge"] = _TRY + """
a = keras.metrics.Mean()
a.update_state([1.0, 2.0, 3.0])
a.update_state([10.0], sample_weight=[2.0])
print(round(float(a.result()), 4), r4(a.variables), [v.name for v in a.variables])
tryp("merge", lambda: a.merge_state([keras.metrics.Mean()]))
a.reset_state()
print(float(a.result()), r4(a.variables))
p = keras.metrics.Precision(thresholds=[0.3, 0.7])
p.update_state([1, 0, 1], [0.8, 0.5, 0.2])
print(r4(p.result()), [v.name for v in p.variables])
p.reset_state()
print(r4(p.result()), r4(p.variables))
auc = keras.metrics.AUC(num_thresholds=5)
auc.update_state([0, 1, 1, 0], [0.1, 0.6, 0.8, 0.4])
print(round(float(auc.result()), 4), r4(auc.true_positives))
auc.reset_state()
auc.update_state([1, 0], [0.3, 0.7])
print(round(float(auc.result()), 4), r4(auc.thresholds))
cm = keras.metrics.MeanIoU(num_classes=3)
cm.update_state([0, 1, 2, 1], [0, 2, 2, 1])
print(round(float(cm.result()), 4), r4(cm.total_cm))
cm.reset_state()
print(r4(cm.total_cm), round(float(cm.result()), 4))
s = keras.metrics.Sum()
s.update_state(np.ones((2, 2)))
s.reset_state(); s.update_state(5)
print(float(s.result()), s.dtype, s.name)
tryp("built", lambda: s.built)
"""

SNIPPETS["model_metrics_reset_between_calls"] = _TRY + """
m = dense_model(lr=0.1, metrics=["mae", keras.metrics.RootMeanSquaredError()])
m.fit(X, Y, epochs=1, verbose=0, batch_size=4)
print([mm.name for mm in m.metrics])
print(r4({k: v for k, v in m.get_metrics_result().items()}))
m.reset_metrics()
print(r4(m.get_metrics_result()))
r = m.train_on_batch(X[:4], Y[:4], return_dict=True)
r2 = m.train_on_batch(X[4:], Y[4:], return_dict=True)
tryp("reset_kw", lambda: m.train_on_batch(X, Y, reset_metrics=False))
print(r4(r), r4(r2))
t = m.test_on_batch(X, Y, sample_weight=np.arange(8, dtype="float32"), return_dict=True)
print(r4(t))
print(r4(m.train_on_batch(X[:3], Y[:3], class_weight=None)))
"""

SNIPPETS["evaluate_return_dict_multi_output"] = _TRY + """
inp = keras.Input((3,), name="inp")
o1 = layers.Dense(1, name="reg")(inp)
o2 = layers.Dense(2, activation="softmax", name="cls")(inp)
m = keras.Model(inp, {"reg": o1, "cls": o2})
fill(m)
m.compile(optimizer="sgd", loss={"reg": "mse", "cls": "sparse_categorical_crossentropy"},
          metrics={"reg": ["mae"], "cls": ["accuracy"]}, loss_weights={"reg": 1.0, "cls": 0.5})
yc = np.array([0, 1, 1, 0, 1, 0, 0, 1])
print(r4(m.evaluate(X, {"reg": Y, "cls": yc}, verbose=0)))
d = m.evaluate(X, {"reg": Y, "cls": yc}, verbose=0, return_dict=True)
print(r4(d))
m2 = keras.Model(inp, [o1, o2])
m2.compile(optimizer="sgd", loss=["mse", "sparse_categorical_crossentropy"], metrics=[["mae"], []])
print(r4(m2.evaluate(X, [Y, yc], verbose=0, return_dict=True)))
print(r4(m2.evaluate(X, [Y, yc], verbose=0, batch_size=3)))
nm = dense_model(lr=0.1)
print(r4(nm.evaluate(X, Y, verbose=0)), r4(nm.evaluate(X, Y, verbose=0, return_dict=True)))
"""

SNIPPETS["predict_generator_and_pydataset"] = _TRY + """
m = dense_model()
def gen():
    for i in range(0, 8, 3):
        yield (X[i:i + 3],)
def bare():
    yield X[:3]
tryp("bare", lambda: m.predict(bare(), verbose=0))
p = m.predict(gen(), verbose=0)
print(tuple(p.shape), r4(p[:, 0]))
class Seq(keras.utils.PyDataset):
    def __init__(self, **kw):
        super().__init__(**kw)
    def __len__(self):
        return 3
    def __getitem__(self, i):
        return X[i * 3:(i + 1) * 3], Y[i * 3:(i + 1) * 3]
s = Seq()
print(len(s), s.num_batches, s.workers, s.use_multiprocessing, s.max_queue_size)
p2 = m.predict(s, verbose=0)
print(tuple(p2.shape), r4(p2[-2:, 0]))
print(r4(m.evaluate(s, verbose=0)))
p3 = m.predict(gen(), steps=2, verbose=0)
print(tuple(p3.shape))
def xy():
    while True:
        yield X[:4], Y[:4]
print(r4(m.evaluate(xy(), steps=2, verbose=0)))
tryp("bs", lambda: m.predict(s, batch_size=2, verbose=0))
"""

SNIPPETS["pydataset_fit_epoch_end"] = _TRY + """
calls = []
class Seq(keras.utils.PyDataset):
    def __len__(self):
        return 2
    def __getitem__(self, i):
        calls.append(i)
        return X[i * 4:(i + 1) * 4], Y[i * 4:(i + 1) * 4]
    def on_epoch_end(self):
        calls.append("end")
m = dense_model(lr=0.1)
h = m.fit(Seq(), epochs=2, verbose=0, shuffle=False)
print(logs4(h), calls)
calls.clear()
h2 = m.fit(Seq(), epochs=1, verbose=0, validation_data=Seq(), shuffle=False)
print(sorted(h2.history), calls)
class Weighted(keras.utils.PyDataset):
    def __len__(self):
        return 1
    def __getitem__(self, i):
        return X, Y, np.linspace(0, 1, 8).astype("float32")
print(r4(m.evaluate(Weighted(), verbose=0)))
class Infinite(keras.utils.PyDataset):
    @property
    def num_batches(self):
        return None
    def __getitem__(self, i):
        return X[:2], Y[:2]
h3 = m.fit(Infinite(), steps_per_epoch=3, epochs=2, verbose=0)
print(logs4(h3))
"""

SNIPPETS["steps_per_epoch_repeated_dataset"] = _TRY + """
ds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(3).repeat()
m = dense_model(lr=0.1, metrics=["mae"])
h = m.fit(ds, steps_per_epoch=4, epochs=3, verbose=0,
          validation_data=ds, validation_steps=2)
print(logs4(h), h.params)
print(r4(m.evaluate(ds, steps=3, verbose=0)))
print(tuple(m.predict(ds.map(lambda x, y: x), steps=2, verbose=0).shape))
out = timeless(lambda: m.fit(ds, steps_per_epoch=2, epochs=1, verbose=2))
finite = tf.data.Dataset.from_tensor_slices((X, Y)).batch(4)
m2 = dense_model(lr=0.1)
h2 = quiet(lambda: m2.fit(finite, steps_per_epoch=3, epochs=2, verbose=0))
print(logs4(h2), len(h2.epoch))
"""

SNIPPETS["fit_initial_epoch"] = _TRY + """
m = dense_model(lr=0.1)
seen = []
cb = keras.callbacks.LambdaCallback(on_epoch_begin=lambda e, logs: seen.append(e))
h = m.fit(X, Y, epochs=4, initial_epoch=2, verbose=0, callbacks=[cb])
print(h.epoch, logs4(h), seen, h.params)
timeless(lambda: m.fit(X, Y, epochs=5, initial_epoch=3, verbose=2, batch_size=4))
h2 = m.fit(X, Y, epochs=2, initial_epoch=2, verbose=0)
print(h2.epoch, h2.history)
h3 = m.fit(X, Y, epochs=1, initial_epoch=3, verbose=0)
print(h3.epoch, h3.history)
"""

SNIPPETS["callback_sets_stop_training"] = _TRY + """
class StopAt(keras.callbacks.Callback):
    def __init__(self, batch):
        super().__init__()
        self.batch = batch
        self.log = []
    def on_train_batch_end(self, batch, logs=None):
        self.log.append(batch)
        if batch == self.batch:
            self.model.stop_training = True
    def on_epoch_end(self, epoch, logs=None):
        self.log.append(("epoch", epoch, self.model.stop_training))
m = dense_model(lr=0.1)
cb = StopAt(1)
h = m.fit(X, Y, epochs=3, batch_size=2, verbose=0, callbacks=[cb])
print(cb.log, h.epoch, logs4(h), m.stop_training)
class StopEpoch(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        if epoch == 1:
            self.model.stop_training = True
h2 = m.fit(X, Y, epochs=5, verbose=0, callbacks=[StopEpoch()])
print(h2.epoch, m.stop_training)
class StopBegin(keras.callbacks.Callback):
    def on_train_begin(self, logs=None):
        self.model.stop_training = True
h3 = m.fit(X, Y, epochs=3, verbose=0, callbacks=[StopBegin()])
print(h3.epoch, sorted(h3.history))
"""

SNIPPETS["generator_runs_out_of_data"] = _TRY + """
def gen():
    for i in range(3):
        yield X[i * 2:(i + 1) * 2], Y[i * 2:(i + 1) * 2]
m = dense_model(lr=0.1)
h = quiet(lambda: m.fit(gen(), epochs=3, steps_per_epoch=2, verbose=0))
print(logs4(h), h.epoch)
ds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(4)
h2 = quiet(lambda: m.fit(ds, epochs=2, steps_per_epoch=5, verbose=0))
print(logs4(h2))
h3 = m.fit(ds, epochs=2, steps_per_epoch=1, verbose=0)
print(logs4(h3))
"""
