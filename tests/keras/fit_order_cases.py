"""Programs whose printed result is the order in which fit/evaluate/predict read their data,
run by record_fit_order_golden.py under TF 2.21 + Keras 3 and by test_fit_order.py here.
Each sets `result` (JSON-able) from `tf`, `keras`, `np` and `random` in its namespace."""

_MODEL = """
m = keras.Sequential([keras.layers.Input((1,)), keras.layers.Dense(1)])
m.compile(optimizer="sgd", loss="mse")
"""

# The samples each batch of a fit on arrays holds: recorded through the targets a custom
# train_step sees, run eagerly.
_ARRAYS = """
seen = []
class M(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = keras.layers.Dense(1)
    def call(self, x):
        return self.d(x)
    def train_step(self, data):
        x, y = data
        seen.append(np.asarray(y)[:, 0].astype(int).tolist())
        return {"z": 0.0}
m = M()
m.compile(optimizer="sgd", loss="mse", run_eagerly=True)
x = np.arange(10, dtype="float32")[:, None]
"""

CASES = {
    "arrays_shuffled": _ARRAYS + """
keras.utils.set_random_seed(7)
m.fit(x, x, batch_size=4, epochs=2, verbose=0)
result = [seen, random.random()]
""",
    "arrays_shuffled_seed0": _ARRAYS + """
keras.utils.set_random_seed(0)
m.fit(x, x, batch_size=4, epochs=2, verbose=0)
result = seen
""",
    "arrays_batch_shuffled": _ARRAYS + """
keras.utils.set_random_seed(7)
m.fit(x, x, batch_size=4, epochs=2, verbose=0, shuffle="batch")
result = seen
""",
    "dataset_reshuffled": """
seen = []
keras.utils.set_random_seed(0)
ds = tf.data.Dataset.range(12).shuffle(12).batch(4).map(
    lambda v: (tf.cast(v, tf.float32)[:, None], tf.cast(v, tf.float32)[:, None]))
class M(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = keras.layers.Dense(1)
    def call(self, x):
        return self.d(x)
    def train_step(self, data):
        tf.py_function(lambda a: seen.append(a.numpy()[:, 0].astype(int).tolist()) or 0,
                       [data[0]], tf.int64)
        return {"z": tf.constant(0.0)}
m = M()
m.compile(optimizer="sgd", loss="mse")
m.fit(ds, epochs=3, verbose=0)
m.fit(ds, epochs=2, verbose=0)
result = seen
""",
    "py_dataset": _MODEL + """
seen = []
class P(keras.utils.PyDataset):
    def __init__(self, tag, **kw):
        super().__init__(**kw)
        self.tag = tag
    def __len__(self):
        return 5
    def __getitem__(self, i):
        seen.append(f"{self.tag}{i}")
        x = np.full((2, 1), i, "float32")
        return x, x
result = []
keras.utils.set_random_seed(3)
m.fit(P("t"), epochs=2, verbose=0, validation_data=P("v"))
result.append([seen[:], random.random()])
seen.clear()
m.fit(P("t"), epochs=2, verbose=0, shuffle=False)
m.evaluate(P("e"), verbose=0)
m.predict(P("p"), verbose=0)
result.append([seen[:], random.random()])
seen.clear()
keras.utils.set_random_seed(3)
m.fit(P("t"), epochs=2, steps_per_epoch=3, verbose=0)
result.append([seen[:], random.random()])
""",
    "per_output_loss_means": """
keras.utils.set_random_seed(1)
inp = keras.Input((3,))
a = keras.layers.Dense(2, name="a")(inp)
b = keras.layers.Dense(1, name="b")(inp)
m = keras.Model(inp, [a, b])
m.compile(optimizer="sgd", loss=["mse", "mae"], loss_weights=[1.0, 0.5])
rng = np.random.default_rng(0)
x = rng.normal(size=(10, 3)).astype("float32")
ya, yb = rng.normal(size=(10, 2)).astype("float32"), rng.normal(size=(10, 1)).astype("float32")
logs = m.evaluate(x, [ya, yb], batch_size=4, verbose=0, return_dict=True)
h = m.fit(x, [ya, yb], batch_size=4, epochs=1, verbose=0, shuffle=False)
result = [{k: round(float(v), 5) for k, v in sorted(logs.items())},
          {k: round(float(v[0]), 5) for k, v in sorted(h.history.items())}]
""",
    # a model built by fit's traced step: the batch size the data states, as Keras 3
    # traces with its dataset's element spec
    "traced_step_batch_size": """
result = []
x = np.ones([16, 6, 3], "float32")
y = np.ones([16, 12], "float32")
for n, batch, as_dataset in [(16, 8, False), (17, 8, False), (5, 8, False), (16, 8, "drop"),
                             (17, 8, "keep")]:
    m = keras.Sequential([keras.layers.Flatten(), keras.layers.Dense(12)])
    m.compile(loss="mse", optimizer="sgd")
    xs, ys = np.ones([n, 6, 3], "float32"), np.ones([n, 12], "float32")
    if as_dataset:
        data = tf.data.Dataset.from_tensor_slices((xs, ys)).batch(
            batch, drop_remainder=as_dataset == "drop")
        m.fit(data, verbose=0)
    else:
        m.fit(xs, ys, batch_size=batch, verbose=0)
    result.append([list(m.input_shape), list(m.output_shape)])
""",
    # the dims its dataset's element spec leaves unknown stay unknown in the model fit or
    # evaluate builds (padded_batch of sequences of several lengths: (None, None))
    "traced_step_element_spec_dims": """
result = []
seqs = tf.data.Dataset.range(1, 9).map(lambda n: (tf.ones([n % 3 + 4], tf.int64), n % 2))
for how in ["fit", "evaluate"]:
    for data in [seqs.padded_batch(4), seqs.map(lambda x, y: (tf.reshape(x[:4], [4]), y)).batch(4)]:
        m = keras.Sequential([keras.layers.Embedding(5, 2), keras.layers.GlobalMaxPooling1D(),
                              keras.layers.Dense(2)])
        m.compile(loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
        getattr(m, how)(data, verbose=0)
        result.append([how, list(m.input_shape)])
""",
    # the call of the traced step that finds the dataset (of unknown length) spent runs
    # what needs no batch, the iteration count; an Embedding's sparse-gradient Adam update
    # reads slots a batch's update wrote first, so it does not run
    "empty_step_sparse_slots": """
keras.utils.set_random_seed(3)
m = keras.Sequential([keras.layers.Embedding(10, 3), keras.layers.GlobalMaxPooling1D(),
                      keras.layers.Dense(2)])
m.compile(optimizer=keras.optimizers.Adam(name="adam"),  # (named: paths of any process)
          loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
x = np.array([[1, 2, 3], [2, 3, 4], [4, 5, 6], [1, 1, 1]], "int64")
data = tf.data.Dataset.from_tensor_slices((x, np.array([0, 1, 0, 1]))).filter(
    lambda a, b: True).batch(2)
changed = []
class Watch(keras.callbacks.Callback):
    def state(self):
        return [v.numpy().copy() for v in self.model.weights + self.model.optimizer.variables]
    def on_train_batch_end(self, batch, logs=None):
        self.before = self.state()
    def on_epoch_end(self, epoch, logs=None):
        names = [v.path for v in self.model.weights + self.model.optimizer.variables]
        changed.append([n for n, a, b in zip(names, self.before, self.state())
                        if not np.array_equal(a, b)])
m.fit(data, epochs=2, verbose=0, callbacks=[Watch()])
result = [changed, np.round(m.layers[0].embeddings.numpy()[:3], 5).tolist()]
""",
}
