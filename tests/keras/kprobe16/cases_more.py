"""kprobe16's snippets checked against Keras 3 as written, each a program a user runs:
callbacks backing up and resuming training and the logs they see, automatic names of
optimizers, metrics, cells and models, preprocessing layers inside tf.data pipelines,
summaries of unbuilt and subclassed models and of dict inputs, optimizers' options
(weight decay exclusions, clipping, EMA, accumulation) over three epochs (see cases.py)."""

from tests.keras.kprobe16.prelude import _TRY

SNIPPETS = {}

_T = """
def t(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, str(e).splitlines()[0][:250].replace(D, "TMP"))
"""

SNIPPETS["callbacks_backup_resume_and_logs"] = _TRY + _T + """
L = keras.layers
d = D
m = keras.Sequential([keras.Input((3,)), L.Dense(1)])
m.compile("sgd", "mse", metrics=["mae"])
x = np.arange(24, dtype="float32").reshape(8, 3) / 10
y = np.ones((8, 1), "float32")
class Interrupt(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        if epoch == 1:
            raise RuntimeError("stop")
bk = keras.callbacks.BackupAndRestore(os.path.join(d, "bk"))
t("interrupted", lambda: m.fit(x, y, epochs=4, verbose=0, callbacks=[Interrupt(), bk]))
t("backup_files", lambda: sorted(os.listdir(os.path.join(d, "bk"))))
h = m.fit(x, y, epochs=4, verbose=0, callbacks=[bk])
t("resumed_epochs", lambda: h.epoch)
t("backup_after", lambda: os.path.exists(os.path.join(d, "bk")))
t("bk_save_freq_bad", lambda: keras.callbacks.BackupAndRestore(d, save_freq="x"))
LOG = []
class Rec(keras.callbacks.Callback):
    def on_train_batch_end(self, b, logs=None): LOG.append(("tb", b, sorted(logs)))
    def on_test_batch_end(self, b, logs=None): LOG.append(("vb", b, sorted(logs)))
    def on_test_end(self, logs=None): LOG.append(("te", sorted(logs or {})))
    def on_predict_end(self, logs=None): LOG.append(("pe", sorted(logs or {})))
m.fit(x, y, epochs=1, batch_size=4, verbose=0, validation_data=(x, y), callbacks=[Rec()])
m.evaluate(x, y, batch_size=8, verbose=0, callbacks=[Rec()])
m.predict(x, verbose=0, callbacks=[Rec()])
print(LOG)
nan = keras.Sequential([keras.Input((3,)),
                       L.Dense(1, kernel_initializer=keras.initializers.Constant(1e30))])
nan.compile(keras.optimizers.SGD(1e30), "mse")
t("terminate", lambda: nan.fit(x * 1e30, y, epochs=3, verbose=0,
                               callbacks=[keras.callbacks.TerminateOnNaN()]).epoch)
tb = keras.callbacks.TensorBoard(os.path.join(d, "tb"), histogram_freq=1)
m.fit(x, y, epochs=1, verbose=0, validation_data=(x, y), callbacks=[tb])
t("tb_dirs", lambda: sorted(os.listdir(os.path.join(d, "tb"))))
t("tb_train_files", lambda: len(os.listdir(os.path.join(d, "tb", "train"))))
t("history_model", lambda: m.history.epoch)
"""

SNIPPETS["automatic_names_of_objects"] = _TRY + _T + """
L = keras.layers
print([keras.optimizers.Adam().name for _ in range(2)], keras.optimizers.SGD(name="").name)
print([keras.metrics.AUC().name for _ in range(2)],
      [keras.metrics.Precision().name for _ in range(2)])
print([L.LSTMCell(2).name for _ in range(2)], [L.RNN(L.GRUCell(2)).name for _ in range(2)])
print([keras.Model().name for _ in range(2)], [keras.Sequential().name for _ in range(2)])
class Block(L.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.a = L.Dense(2)
        self.b = L.Dense(2)
    def call(self, x):
        return self.b(self.a(x))
bs = [Block() for _ in range(2)]
for b in bs:
    b(np.ones((1, 2), "float32"))
print([b.name for b in bs], [[w.path for w in b.weights] for b in bs])
m = keras.Sequential([keras.Input((2,)), Block(), Block()])
print([w.path for w in m.weights])
m.compile("adam", "mse", metrics=["mae", "mse", keras.metrics.MeanSquaredError()])
m.fit(np.ones((2, 2)), np.ones((2, 2)), verbose=0)
print([x.name for x in m.metrics], [v.path for v in m.optimizer.variables][:5])
m2 = keras.models.clone_model(m)
print(m2.name, [l.name for l in m2.layers])
m3 = keras.Sequential(m.layers)
print(m3.name, [l.name for l in m3.layers])
x = keras.Input((2,))
y = L.Dense(2, name="dense")(x)
try:
    z = L.Dense(2, name="dense")(y)
    print(keras.Model(x, z).name)
except Exception as e:
    print(type(e).__name__, str(e)[:200])
keras.backend.clear_session()
print(keras.optimizers.Adam().name, L.Dense(1).name, keras.metrics.Mean().name,
      keras.Input((1,)).name, Block().name)
"""

SNIPPETS["preprocessing_in_tf_data"] = _TRY + _T + """
L = keras.layers
texts = ["hello world", "hello there", "big world out there"]
tv = L.TextVectorization(max_tokens=10, output_sequence_length=4)
tv.adapt(tf.data.Dataset.from_tensor_slices(texts))
ds = tf.data.Dataset.from_tensor_slices((texts, [0, 1, 0])).batch(2).map(lambda x, y: (tv(x), y))
for x, y in ds:
    print(x.numpy().tolist(), y.numpy().tolist(), x.dtype)
print(ds.element_spec)
sl = L.StringLookup(vocabulary=["a", "b"], output_mode="one_hot")
ds2 = tf.data.Dataset.from_tensor_slices(["a", "c", "b"]).batch(3).map(sl)
print([b.numpy().tolist() for b in ds2], ds2.element_spec)
ce = L.CategoryEncoding(num_tokens=4, output_mode="count")
print(ce(np.array([[0, 1, 1], [3, 3, 2]])).numpy().tolist())
try:
    ce(np.array([[5]]))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0][:200])
print(ce.get_config())
m = keras.Sequential([keras.Input((1,), dtype="string"), tv, L.Embedding(10, 2),
                      L.GlobalAveragePooling1D(), L.Dense(1)])
m.compile("adam", "mse")
m.fit(tf.constant([[t] for t in texts]), np.zeros(3), verbose=0, epochs=1)
print(m.predict(tf.constant([["hello"]]), verbose=0).shape)
m.summary()
n = L.Normalization()
n.adapt(tf.data.Dataset.from_tensor_slices(np.arange(12, dtype="float32").reshape(6, 2)).batch(4))
print(n.mean.numpy().tolist(), n.variance.numpy().tolist(),
      n.adapt_mean.shape if hasattr(n, "adapt_mean") else None)
h = L.Hashing(num_bins=5, output_mode="multi_hot")
print(h(tf.constant([["a", "b"], ["c", "c"]])).numpy().tolist())
d = L.Discretization(num_bins=4)
d.adapt(np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]))
print(d.bin_boundaries, d(np.array([[0.0, 2.5, 9.0]])).numpy().tolist())
"""

SNIPPETS["summaries_unbuilt_subclassed_dict_inputs"] = _TRY + _T + """
L = keras.layers
class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.a = L.Dense(3)
        self.b = L.Dropout(0.1)
        self.c = L.Dense(1)
    def call(self, x):
        return self.c(self.b(self.a(x)))
n = Net()
n.summary()
n(np.ones((2, 4)))
n.summary()
n.build((None, 4))
inp = {"x": keras.Input((2,), name="x"), "y": keras.Input((3,), name="y")}
out = L.Dense(1)(L.Concatenate()([inp["x"], inp["y"]]))
m = keras.Model(inp, out)
m.summary()
s = keras.Sequential([L.Dense(2), L.Dense(1)])
s.summary()
s.build((None, 5))
s.summary()
e = keras.Sequential([keras.Input((4,), dtype="int32"), L.Embedding(10, 3), L.LSTM(2)])
e.summary(show_trainable=True)
"""

SNIPPETS["optimizer_options_over_epochs"] = _TRY + _T + """
L = keras.layers
def run(opt, **kw):
    keras.utils.set_random_seed(1)
    m = keras.Sequential([keras.Input((3,)), L.Dense(2, kernel_initializer="ones",
                                                     bias_initializer="zeros", name="d")])
    m.compile(opt, "mse", **kw)
    x = np.arange(12, dtype="float32").reshape(4, 3) / 10
    h = m.fit(x, np.ones((4, 2)), epochs=3, batch_size=2, verbose=0, shuffle=False)
    return ([round(v, 6) for v in h.history["loss"]],
            [np.round(w, 5).tolist() for w in m.get_weights()[:2]])
t("adamw", lambda: run(keras.optimizers.AdamW(0.1, weight_decay=0.5)))
o = keras.optimizers.AdamW(0.1, weight_decay=0.5)
o.exclude_from_weight_decay(var_names=["bias", "gamma", "beta"])
t("adamw_excl", lambda: run(o))
t("sgd_nesterov_clip", lambda: run(keras.optimizers.SGD(0.1, momentum=0.9, nesterov=True,
                                                       clipnorm=0.1)))
t("rmsprop_centered", lambda: run(keras.optimizers.RMSprop(0.01, centered=True, clipvalue=0.05)))
t("adam_amsgrad_global", lambda: run(keras.optimizers.Adam(0.05, amsgrad=True,
                                                         global_clipnorm=0.2)))
t("nadam", lambda: run(keras.optimizers.Nadam(0.05)))
t("adagrad", lambda: run(keras.optimizers.Adagrad(0.5)))
t("lion", lambda: run(keras.optimizers.Lion(0.01)))
t("ftrl", lambda: run(keras.optimizers.Ftrl(0.1, l1_regularization_strength=0.01)))
t("ema", lambda: run(keras.optimizers.Adam(0.05, use_ema=True, ema_momentum=0.5)))
t("accum", lambda: run(keras.optimizers.SGD(0.1, gradient_accumulation_steps=2)))
t("steps_per_exec", lambda: run(keras.optimizers.SGD(0.1), steps_per_execution=2))
t("jit", lambda: run(keras.optimizers.SGD(0.1), jit_compile=False, run_eagerly=True))
t("loss_weights", lambda: run("sgd", loss_weights=[0.5]))
"""
