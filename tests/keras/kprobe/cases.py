"""Snippets found by running TF tutorials' Keras programs side by side with TF 2.21
(stream kprobe): each prints what a user relies on, and golden.json holds what real
TF 2.21 + Keras 3 printed (record_golden.py); test_kprobe.py runs them on eagerflow."""

SNIPPETS = {}

SNIPPETS["normalization_mean_variance"] = """
def show(layer):
    m = layer.mean
    print(None if m is None else (tuple(m.shape), m.dtype.name, np.round(m.numpy(), 4).tolist(),
                                  np.round(layer.variance.numpy(), 3).tolist()))
rng = np.random.default_rng(1)
fee = rng.normal(50, 20, size=48).astype("float32")
table = rng.normal(3, 2, size=(40, 3)).astype("float32")
n = keras.layers.Normalization(axis=None)
show(n)
n.adapt(tf.data.Dataset.from_tensor_slices(fee).batch(12))   # a dataset of vectors: batched by 128
show(n); print(n.get_build_config(), [w.name for w in n.weights])
n = keras.layers.Normalization(); n.adapt(table); show(n)        # an array: NumPy's float64 stats
n = keras.layers.Normalization(); n.adapt(tf.constant(table)); show(n)
n = keras.layers.Normalization()
n.adapt(tf.data.Dataset.from_tensor_slices(table).batch(7))
show(n)
n = keras.layers.Normalization(); n.adapt([table[:10], table[10:]]); show(n)
n = keras.layers.Normalization(axis=(1, 2)); n.adapt(rng.normal(size=(6, 2, 3))); show(n)
n = keras.layers.Normalization(mean=[1.0, 2.0, 3.0], variance=[4.0, 4.0, 4.0]); show(n)
print(n(table[:2]).numpy().round(4).tolist()); show(n)
n = keras.layers.Normalization(axis=(1, 2), mean=[1.0, 2.0], variance=[1.0, 4.0])
n.build((None, 3, 2))
show(n)
n = keras.layers.Normalization(); print(np.round(n(table[:1]).numpy(), 4).tolist()); show(n)
n = keras.layers.Normalization(invert=True)
n.adapt(table)
print(np.round(n(np.zeros((1, 3), "float32")).numpy(), 4).tolist())
# Keras takes mean/variance from the weights when adapted or loaded, not on set_weights
n = keras.layers.Normalization(); n.adapt(table)
n.set_weights([np.zeros(3, "float32"), np.ones(3, "float32"), np.array(0)])
print(np.round(n(table[:1]).numpy(), 4).tolist())
for bad in (lambda: keras.layers.Normalization().adapt(iter([])),
            lambda: keras.layers.Normalization().adapt([1.0, 2.0]),
            lambda: keras.layers.Normalization().adapt("abc"),
            lambda: keras.layers.Normalization(mean=[1.0], variance=[1.0, 2.0]),
            lambda: keras.layers.Normalization(mean=[[1.0]], variance=[[1.0]]),
            lambda: keras.layers.Normalization(mean=1.0),
            lambda: keras.layers.Normalization(axis=2).build((None, 3)),
            lambda: keras.layers.Normalization(axis=1).build((None, None)),
            lambda: n.adapt(np.ones((2, 4)))):
    try:
        bad()
        print("no error")
    except Exception as e:
        print(type(e).__name__, e)
n = keras.layers.Normalization(); n.adapt(table)
try:
    n.adapt(np.ones((2, 4), "float32"))
except ValueError as e:
    print("ValueError", e)
try:
    n.adapt(tf.data.Dataset.from_tensor_slices(np.ones((4, 4), "float32")).batch(2))
except ValueError as e:
    print("ValueError", e)
"""

SNIPPETS["normalization_in_saved_model"] = """
import os, tempfile
rng = np.random.default_rng(2)
x = rng.normal(10, 3, size=(32, 2)).astype("float32")
norm = keras.layers.Normalization(); norm.adapt(x)
dense = keras.layers.Dense(1, kernel_initializer="ones")
model = keras.Sequential([keras.Input((2,)), norm, dense])
path = os.path.join(tempfile.mkdtemp(), "m.keras")
model.save(path)
back = keras.models.load_model(path)
print(np.round(back.layers[0].mean.numpy(), 4).tolist(),
      np.round(back.predict(x[:2], verbose=0), 4).tolist())
model.save_weights(path.replace(".keras", ".weights.h5"))
fresh = keras.Sequential([keras.Input((2,)), keras.layers.Normalization(),
                         keras.layers.Dense(1)])
fresh.load_weights(path.replace(".keras", ".weights.h5"))
print(np.round(fresh.layers[0].mean.numpy(), 4).tolist(),
      np.round(fresh.predict(x[:2], verbose=0), 4).tolist())
"""

SNIPPETS["merge_layers_promote_dtypes"] = """
# a float32 and an int64 input merge as keras.ops promotes them (StringLookup's one_hot
# output is int64 when called, float32 in a functional model's symbolic graph)
a = tf.constant([[1.5, 2.0]])
b = tf.constant([[3, 4]], dtype=tf.int64)
c = tf.constant([[1, 2]], dtype=tf.int32)
for name in ["Add", "Subtract", "Multiply", "Average", "Maximum", "Minimum", "Concatenate", "Dot"]:
    for pair in [(a, b), (b, c), (c, a)]:
        out = getattr(keras.layers, name)(**({"axes": 1} if name == "Dot" else {}))(list(pair))
        print(name, out.dtype.name, out.numpy().tolist())
i1, i2 = keras.Input((2,)), keras.Input((2,), dtype="int64")
for name in ["Add", "Concatenate", "Maximum", "Multiply"]:
    out = getattr(keras.layers, name)()([i1, i2])
    print(name, out.dtype, out.shape)
breed = keras.Input((1,), dtype="string")
fee = keras.Input((1,))
lookup = keras.layers.StringLookup(vocabulary=["lab", "pug"], output_mode="one_hot")
print(lookup(tf.constant(["pug", "cat"])).dtype.name)
joined = keras.layers.concatenate([fee, lookup(breed)])
model = keras.Model([fee, breed], keras.layers.Dense(1, kernel_initializer="ones")(joined))
pred = model.predict([tf.constant([[2.0], [3.0]]), tf.constant([["pug"], ["x"]])], verbose=0)
print(joined.dtype, pred.tolist())
"""

SNIPPETS["clone_model_forms"] = """
def names(m):
    return [(l.name, type(l).__name__) for l in m.layers]
a = keras.Input((4,))
h = keras.layers.Dense(3, name="h")(a)
shared = keras.layers.Dense(3, name="shared")
out = keras.layers.Add()([shared(h), shared(h)])
model = keras.Model(a, out, name="base")
model.compile(optimizer="sgd", loss="mse")
c = keras.models.clone_model(model)
print(c.name, names(c), c.input.name, c.compiled, type(c).__name__)
print(len(c.weights), c.get_layer("shared") is not model.get_layer("shared"))
# input_tensors: the clone is built on the given tensors
t = keras.Input((4,), name="given")
c2 = keras.models.clone_model(model, input_tensors=t)
print(names(c2), c2.input is t)
# clone_function: reuse layers (weights shared) or change them
c3 = keras.models.clone_model(model, clone_function=lambda layer: layer)
print(c3.get_layer("h") is model.get_layer("h"), names(c3))
def widen(layer):
    config = layer.get_config()
    if isinstance(layer, keras.layers.Dense) and layer.name == "h":
        config["units"] = 5
    return layer.__class__.from_config(config)
c4 = keras.models.clone_model(model, clone_function=widen)
print(c4.get_layer("h").units, c4.output.shape)
# call_function: wrap each call
def call_function(layer, *args, **kwargs):
    out = layer(*args, **kwargs)
    if isinstance(layer, keras.layers.Dense):
        out = keras.layers.Dropout(0.5)(out)
    return out
c5 = keras.models.clone_model(model, clone_function=lambda layer: layer,
                              call_function=call_function)
print(names(c5))
# Sequential
s = keras.Sequential([keras.Input((3,), name="seq_in"), keras.layers.Dense(2, name="d1"),
                      keras.layers.Dense(1, name="d2")], name="stack")
cs = keras.models.clone_model(s)
print(cs.name, names(cs), [t.name for t in cs.inputs], cs.built)
cs2 = keras.models.clone_model(s, input_tensors=keras.Input((3,), name="other"))
print(names(cs2), [t.name for t in cs2.inputs])
cs3 = keras.models.clone_model(s, clone_function=lambda layer: layer)
print(cs3.get_layer("d1") is s.get_layer("d1"))
unbuilt = keras.Sequential([keras.layers.Dense(2, name="u1")])
cu = keras.models.clone_model(unbuilt)
print(names(cu), cu.built)
# nested models
inner = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2, name="in_d")], name="inner")
x = keras.Input((4,), name="outer_in")
outer = keras.Model(x, keras.layers.Dense(1, name="top")(inner(x)), name="outer")
co = keras.models.clone_model(outer)
print(names(co), co.get_layer("inner") is not inner)
cr = keras.models.clone_model(outer, recursive=True, clone_function=lambda layer: layer)
print(cr.get_layer("inner") is inner, names(cr))
# a functional model with two inputs, dict outputs
p, q = keras.Input((2,), name="p"), keras.Input((2,), name="q")
both = keras.Model([p, q], {"sum": keras.layers.Add(name="plus")([p, q]),
                            "cat": keras.layers.Concatenate(name="cat")([p, q])})
cb = keras.models.clone_model(both)
print(names(cb), sorted(cb.output.keys()), [t.name for t in cb.inputs])
# subclassed models
class Sub(keras.Model):
    def __init__(self, units=2, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.d = keras.layers.Dense(units)
    def call(self, x):
        return self.d(x)
    def get_config(self):
        return {"units": self.units, **super().get_config()}
sub = Sub(3, name="sub")
cl = keras.models.clone_model(sub)
print(type(cl).__name__, cl.name, cl.units, cl is not sub)
for bad in (lambda: keras.models.clone_model(sub, clone_function=lambda layer: layer),
            lambda: keras.models.clone_model(sub, call_function=lambda layer, x: layer(x)),
            lambda: keras.models.clone_model(s, call_function=lambda layer, x: layer(x)),
            lambda: keras.models.clone_model(model, input_tensors=[keras.Input((4,)),
                                                                   keras.Input((4,))]),
            lambda: keras.models.clone_model(model, input_tensors=np.ones((1, 4))),
            lambda: keras.models.clone_model(s, input_tensors=[keras.Input((3,)),
                                                               keras.Input((3,))]),
            lambda: keras.models.clone_model(s, input_tensors=np.ones((1, 3))),
            lambda: keras.models.clone_model(model, clone_function=5),
            lambda: keras.models.clone_model(model, foo=1),
            lambda: keras.models.clone_model(keras.layers.Dense(2))):
    try:
        r = bad()
        print("no error", type(r).__name__)
    except Exception as e:
        print(type(e).__name__, str(e).split("\\n")[0][:200])
"""

SNIPPETS["dataset_random_ops_restart_each_iteration"] = """
# TF instantiates a dataset's functions for each iterator: under a global seed, a seeded
# random op in a map starts over on every iteration (every epoch), a repeat goes on
tf.random.set_seed(1)
def values(ds):
    return [round(float(v), 4) for v in ds]
ds = tf.data.Dataset.range(3).map(lambda x: tf.random.uniform([]))
print(values(ds), values(ds))
ds2 = tf.data.Dataset.range(3).map(lambda x: tf.random.uniform([], seed=5))
print(values(ds2), values(ds2))
print(round(float(next(iter(ds))), 4), round(float(next(iter(ds))), 4))
print(values(tf.data.Dataset.range(2).map(lambda x: tf.random.uniform([])).repeat(2)))
ds3 = tf.data.Dataset.range(2).map(lambda x: tf.random.normal([]) + tf.random.uniform([]))
print(values(ds3), values(ds3))
aug = tf.data.Dataset.range(4).map(lambda x: tf.random.shuffle(tf.range(5)))
print([a.numpy().tolist() for a in aug.take(2)], [a.numpy().tolist() for a in aug.take(2)])
@tf.function
def f():
    return tf.random.uniform([])
print(round(float(f()), 4), round(float(f()), 4))
ds4 = tf.data.Dataset.range(3).shuffle(3, seed=2)
print([int(v) for v in ds4], [int(v) for v in ds4])
"""

SNIPPETS["fit_array_shuffle_order"] = """
# Keras 3 on TF shuffles arrays with tf.random.shuffle in its index dataset's map: under
# a global seed every epoch has the same order; shuffle="batch" shuffles within batches
class Seen(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dense = keras.layers.Dense(1)
        self.batches = []
    def call(self, x):
        return self.dense(x)
    def train_step(self, data):
        x, y = data
        self.batches.append(x[:, 0].numpy().astype(int).tolist())
        return super().train_step(data)
x = np.arange(20, dtype="float32")[:, None] * np.ones((1, 2), "float32")
y = np.ones((20, 1), "float32")
for shuffle in (True, "batch", False):
    keras.utils.set_random_seed(3)
    m = Seen()
    m.compile("sgd", "mse", run_eagerly=True)
    m.fit(x, y, batch_size=8, epochs=2, shuffle=shuffle, verbose=0)
    print(shuffle, m.batches)
keras.utils.set_random_seed(4)
m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(3, activation="relu"),
                      keras.layers.Dense(1)])
m.compile(keras.optimizers.SGD(0.01, momentum=0.9), "mse")
h = m.fit(x / 20, y, batch_size=6, epochs=3, verbose=0)
print([round(v, 5) for v in h.history["loss"]])
print(round(float(sum(np.abs(w).sum() for w in m.get_weights())), 5))
"""

SNIPPETS["fit_epochs_over_datasets"] = """
# Keras 3's epoch iterator on TF: which passes over a dataset each epoch takes (a known
# cardinality: a new pass per epoch and another, unused, after its last step; with
# steps_per_epoch: passes go on across epochs), and a dataset of unknown cardinality
# ending in a train-function call that finds no data (its callbacks' batch begins; the
# step's data-independent effects, the optimizer's iteration count and dropout's seed
# generator, happen once more)
import warnings
class Log(keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.events = []
    def on_epoch_begin(self, epoch, logs=None):
        self.events.append("|")
    def on_train_batch_begin(self, batch, logs=None):
        self.events.append(f"b{batch}")
    def on_train_batch_end(self, batch, logs=None):
        self.events.append(f"e{batch}")
    def on_test_batch_begin(self, batch, logs=None):
        self.events.append(f"tb{batch}")
    def on_predict_batch_begin(self, batch, logs=None):
        self.events.append(f"pb{batch}")
x = np.arange(40, dtype="float32")[:, None]
y = np.ones((40, 1), "float32")
def run(label, make, epochs=3, **kw):
    keras.utils.set_random_seed(0)
    ds = make()
    m = keras.Sequential([keras.Input((1,)), keras.layers.Dense(4), keras.layers.Dropout(0.5),
                          keras.layers.Dense(1)])
    m.compile(keras.optimizers.Adam(0.01), "mse")
    log = Log()
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        h = m.fit(ds, epochs=epochs, verbose=0, callbacks=[log], **kw)
    print(label, int(m.optimizer.iterations), " ".join(log.events))
    print("  ", [round(v, 2) for v in h.history["loss"]],
          sorted({str(x.message)[:40] for x in w}))
    if hasattr(ds, "cardinality"):
        print("  ", [[int(b[0][0, 0]) for b in ds] for _ in range(2)])
    return m, ds
known = lambda: tf.data.Dataset.from_tensor_slices((x, y)).shuffle(64).batch(8)
unknown = lambda: tf.data.Dataset.from_tensor_slices((x, y)).filter(lambda a, b: True).batch(16)
def gen():
    for i in range(0, 40, 16):
        yield x[i:i + 16], y[i:i + 16]
run("known", known)
run("known_spe3", known, steps_per_epoch=3)
run("known_spe7", known, steps_per_epoch=7)
m, ds = run("unknown", unknown)
run("unknown_spe2", unknown, steps_per_epoch=2)
run("unknown_spe5", unknown, epochs=2, steps_per_epoch=5)
run("generator", gen, epochs=2)
run("unknown_val", unknown, epochs=2, validation_data=unknown())
log = Log()
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    print(round(m.evaluate(unknown(), verbose=0, callbacks=[log]), 4),
          m.predict(unknown(), verbose=0, callbacks=[log]).shape,
          " ".join(log.events), sorted({str(x.message)[:40] for x in w}))
keras.utils.set_random_seed(0)
ds = known()
m.evaluate(ds, verbose=0)
m.predict(ds.map(lambda a, b: a), verbose=0)
print([[int(b[0][0, 0]) for b in ds] for _ in range(2)])
"""

SNIPPETS["pydataset_epochs"] = """
# Keras 3's PyDataset adapter: its first two batches read for their specs, fit's shuffle of
# the batch order (Python's random), on_epoch_begin/on_epoch_end around each epoch and one
# on_epoch_end when fit or evaluate resets its epoch iterator
x = np.random.default_rng(0).normal(size=(40, 4)).astype("float32")
y = (x[:, 0] > 0).astype("int64")
class Seq(keras.utils.PyDataset):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.events = []
    def __len__(self):
        return 4
    def __getitem__(self, i):
        self.events.append(i)
        return x[i * 10:(i + 1) * 10], y[i * 10:(i + 1) * 10]
    def on_epoch_begin(self):
        self.events.append("B")
    def on_epoch_end(self):
        self.events.append("E")
m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])
m.compile("adam", "sparse_categorical_crossentropy")
keras.utils.set_random_seed(0)
s = Seq()
m.fit(s, epochs=2, verbose=0)
print(s.events, int(m.optimizer.iterations))
keras.utils.set_random_seed(1)
s, v = Seq(), Seq()
m.fit(s, epochs=2, validation_data=v, shuffle=False, verbose=0)
print(s.events, v.events)
s = Seq()
m.evaluate(s, verbose=0)
print(s.events)
s = Seq()
m.predict(s, verbose=0)
print(s.events)
"""

SNIPPETS["subclassed_summary_after_fit_or_predict"] = """
# Keras 3 on TF traces fit's and evaluate's steps on its iterator (batch dim unknown) but
# hands predict's step the batches: a subclassed model first built by predict records the
# first batch's shape
class M(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.d1 = keras.layers.Dense(4, activation="relu")
        self.d2 = keras.layers.Dense(1)
    def call(self, x):
        return self.d2(self.d1(x))
x = np.ones((20, 3), "float32")
y = np.ones((20, 1), "float32")
m = M(name="fitted")
m.compile("adam", "mse")
m.fit(x, y, batch_size=8, epochs=1, verbose=0)
m.summary()
p = M(name="predicted")
print(p.predict(x, batch_size=6, verbose=0).shape, p.predict(x[:7], verbose=0).shape)
p.summary()
"""

SNIPPETS["categorical_crossentropy_from_logits_gradient"] = """
# Keras 3 calls TF's fused SoftmaxCrossEntropyWithLogits: its gradient is softmax - labels
# whatever the labels sum to (multi-hot, all-zero and smoothed targets)
yt = tf.constant([[1., 0., 0., 1.], [0., 0., 1., 1.], [0., 0., 0., 0.], [0., 1., 0., 0.]])
z = tf.constant([[0.3, -0.2, 0.5, 0.1], [1.0, 0.0, -1.0, 0.5], [0.2, 0.1, 0.0, -0.1],
                 [2.0, 1.0, 0.0, -1.0]])
losses = {"fn": lambda a, b: keras.losses.categorical_crossentropy(a, b, from_logits=True),
          "ops": lambda a, b: keras.ops.categorical_crossentropy(a, b, from_logits=True),
          "cls": lambda a, b: keras.losses.CategoricalCrossentropy(from_logits=True)(a, b),
          "smoothed": lambda a, b: keras.losses.CategoricalCrossentropy(
              from_logits=True, label_smoothing=0.1)(a, b)}
for name, f in losses.items():
    with tf.GradientTape() as g:
        g.watch(z)
        out = f(yt, z)
    print(name, np.round(out.numpy(), 5).tolist(), np.round(g.gradient(out, z).numpy(), 5).tolist())
"""

SNIPPETS["evaluate_logs_with_vector_metrics"] = """
# evaluate(return_dict=True) and the callbacks' logs hold a vector-valued metric (F1Score,
# Precision with several thresholds) as a NumPy array, scalars as Python floats
keras.utils.set_random_seed(9)
rng = np.random.default_rng(9)
x = rng.normal(size=(40, 3)).astype("float32")
y = (x[:, :1] > 0).astype("float32")
m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, activation="sigmoid")])
m.compile("sgd", "binary_crossentropy",
          metrics=[keras.metrics.F1Score(threshold=0.5, name="f1"),
                   keras.metrics.Precision(thresholds=[0.3, 0.7], name="prec"), "accuracy"])
class Show(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        print({k: (type(v).__name__, np.round(v, 4).tolist()) for k, v in logs.items()})
m.fit(x, y, epochs=1, verbose=0, callbacks=[Show()])
r = m.evaluate(x, y, return_dict=True, verbose=0)
print({k: (type(v).__name__, np.round(v, 4).tolist()) for k, v in r.items()})
print([type(v).__name__ for v in m.evaluate(x, y, verbose=0)])
"""

SNIPPETS["functional_from_config_takes_its_keys"] = """
# Keras 3's Functional.from_config pops its keys from the caller's config dict
inp = keras.Input((4,))
model = keras.Model(inp, keras.layers.Dense(2)(inp), name="m")
config = model.get_config()
config["extra"] = 1
again = keras.Model.from_config(config)
print(type(again).__name__, again.name, sorted(config))
try:
    keras.Model.from_config(config)
except Exception as e:
    print(type(e).__name__, e)
seq = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
config = seq.get_config()
keras.Sequential.from_config(config)
print(sorted(config))
"""

SNIPPETS["numpy_string_arrays_refused_by_fit"] = """
# Keras 3's array adapter refuses NumPy arrays of str, bytes or objects by their dtype's
# name (text goes in as string tensors or a tf.data dataset)
vec = keras.layers.TextVectorization(max_tokens=10, output_sequence_length=3,
                                     vocabulary=["a", "b", "c"])
m = keras.Sequential([keras.Input((1,), dtype="string"), vec, keras.layers.Embedding(10, 2),
                      keras.layers.Flatten(), keras.layers.Dense(1)])
m.compile("sgd", "mse")
arrays = {"U": np.array([["a b"], ["c"]]), "O": np.array([["a b"], ["c"]], dtype=object),
          "S": np.array([[b"a b"], [b"c"]]), "list": [["a b"], ["c"]]}
for name, arr in arrays.items():
    for call in (lambda: m.predict(arr, verbose=0).shape,
                 lambda: m.fit(arr, np.ones((2, 1)), verbose=0).history["loss"][0] > 0,
                 lambda: m.evaluate(arr, np.ones((2, 1)), verbose=0) > 0):
        try:
            print(name, call())
        except ValueError as e:
            print(name, "ValueError", e)
print(m.predict(tf.constant([["a b"], ["c"]]), verbose=0).shape)
"""

SNIPPETS["python_lists_refused_by_fit"] = """
m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
m.compile("sgd", "mse")
for call in (lambda: m.predict([[1.0, 2.0]], verbose=0),
             lambda: m.fit([[1.0, 2.0]], [[1.0]], verbose=0),
             lambda: m.fit(np.ones((1, 2)), [[1.0]], verbose=0),
             lambda: m.evaluate(np.ones((1, 2)), np.ones((1, 1)), sample_weight=[1.0], verbose=0)):
    try:
        call()
        print("no error")
    except ValueError as e:
        print("ValueError", e)
print(m.predict(np.ones((1, 2)), verbose=0).shape)
"""

SNIPPETS["sequential_called_on_a_one_element_structure"] = """
# a built Sequential runs as its functional model: [x] and (x,) are x
m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, kernel_initializer="ones")])
x = np.ones((1, 2), "float32")
print(m((x,)).numpy().tolist(), m([x]).numpy().tolist(), m.predict((x,), verbose=0).shape)
"""
