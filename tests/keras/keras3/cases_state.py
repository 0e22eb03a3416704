"""Keras 3 behaviour snippets (symbolic calls, masks, variable dtypes, optimizer and seed
state): run by golden.py under real TF 2.21 + Keras 3 and by test_configs.py here, their
printed output compared (golden.json). Errors print as `class: message`."""

SNIPPETS = {}

SNIPPETS["symbolic_control_flow"] = """
def attempt(cls):
    inp = keras.Input((3,))
    try:
        out = cls()(inp)
    except Exception as e:
        print(cls.__name__, type(e).__name__, str(e))
        return
    m = keras.Model(inp, out)
    print(cls.__name__, out, m(np.array([[1., 2, 3]])).numpy().tolist(),
          m(np.array([[-1., -2, -3]])).numpy().tolist())

class PyIf(layers.Layer):
    def call(self, x):
        if tf.reduce_sum(x) > 0:
            return x * 2
        return x

class PyFor(layers.Layer):
    def call(self, x):
        for _ in tf.range(3):
            x = x + 1
        return x

class TfCond(layers.Layer):
    def call(self, x):
        return tf.cond(tf.reduce_sum(x) > 0, lambda: x * 2, lambda: x - 1)

class WhileLoop(layers.Layer):
    def call(self, x):
        _, y = tf.while_loop(lambda i, y: i < 3, lambda i, y: (i + 1, y * 2),
                             [tf.constant(0), x])
        return y

class OpsCond(layers.Layer):
    def call(self, x):
        return keras.ops.cond(keras.ops.sum(x) > 0, lambda: x * 2, lambda: x - 1)

class OpsWhile(layers.Layer):
    def call(self, x):
        return keras.ops.while_loop(lambda i, y: i < 2, lambda i, y: (i + 1, y + 1.0),
                                    (0, x))[1]

class BatchShape(layers.Layer):
    def call(self, x):
        n = tf.shape(x)[0]
        return tf.reshape(x, [n, -1]) + tf.cast(n, x.dtype)

class ToNumpy(layers.Layer):
    def call(self, x):
        return x + x.numpy()

class CondWithWeights(layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1],), initializer="ones")
    def call(self, x, training=None):
        return tf.cond(tf.reduce_max(x) > 2.5, lambda: x * self.w, lambda: x + self.w)

for cls in [PyIf, PyFor, TfCond, WhileLoop, OpsCond, OpsWhile, BatchShape, ToNumpy,
            CondWithWeights]:
    attempt(cls)
"""

SNIPPETS["masks_through_merges"] = """
def show(name, t):
    m = getattr(t, "_keras_mask", None)
    if m is None:
        print(name, None)
    elif type(m).__name__ == "KerasTensor":
        print(name, m.shape, m.dtype)
    else:
        print(name, np.asarray(m).astype(int).tolist())

a = keras.Input((3, 2)); b = keras.Input((3, 2))
ma = layers.Masking(0.0)(a); mb = layers.Masking(0.0)(b)
xa = np.array([[[1., 2], [0, 0], [3, 1]]], "float32")
xb = np.array([[[0., 0], [0, 0], [5, 5]]], "float32")
for name, layer in [("add", layers.Add()), ("subtract", layers.Subtract()),
                    ("multiply", layers.Multiply()), ("average", layers.Average()),
                    ("maximum", layers.Maximum()), ("minimum", layers.Minimum()),
                    ("concat", layers.Concatenate()), ("concat1", layers.Concatenate(axis=1))]:
    for label, ins in [("both", [ma, mb]), ("one", [ma, b])]:
        out = layer.__class__(**({"axis": layer.axis} if name.startswith("concat") else {}))(ins)
        show(f"{name} {label} symbolic", out)
        got = keras.Model([a, b], out)([xa, xb])
        show(f"{name} {label} run", got)
        print("  ", np.round(np.asarray(got), 3).tolist())
emb = layers.Embedding(6, 2, mask_zero=True, embeddings_initializer="ones")
i = keras.Input((4,), dtype="int32")
e = emb(i)
for name, out in [("lstm", layers.LSTM(2, kernel_initializer="ones",
                                       recurrent_initializer="ones",
                                       return_sequences=True)(e)),
                  ("gap", layers.GlobalAveragePooling1D()(e)),
                  ("dense", layers.Dense(1, kernel_initializer="ones")(e))]:
    show(name + " symbolic", out)
    got = keras.Model(i, out)(np.array([[1, 2, 0, 0], [3, 0, 4, 0]], "int32"))
    show(name + " run", got)
    print("  ", np.round(np.asarray(got), 4).reshape(2, -1).tolist())
for bad in [lambda: layers.Add().compute_mask([ma, mb], ma),
            lambda: layers.Add().compute_mask(ma, [None, None]),
            lambda: layers.Add().compute_mask([ma, mb], [None])]:
    try:
        bad()
    except ValueError as err:
        print("ValueError", str(err).split(" Received")[0])
"""

SNIPPETS["variable_dtypes"] = """
v = keras.Variable(np.ones((2,)), dtype="float32")
print(repr(v.dtype), isinstance(v.dtype, str), v.dtype == tf.float32, v.dtype == "float32")
d = layers.Dense(2)
d.build((None, 3))
print(repr(d.kernel.dtype), repr(d.dtype), repr(d.compute_dtype), d.dtype_policy)
print(repr(keras.Variable(3, dtype="int32").dtype), repr(keras.Variable(1.0).dtype))
print(repr(tf.Variable(1.0).dtype), tf.convert_to_tensor(d.kernel).dtype)
print(repr(keras.ops.dtype(d.kernel)), d.kernel.numpy().dtype)
opt = keras.optimizers.Adam()
opt.build([d.kernel])
print([(x.path, repr(x.dtype)) for x in opt.variables])
sg = keras.random.SeedGenerator(5)
print(sg.state, repr(sg.state.dtype))
"""

SNIPPETS["optimizer_known_variables"] = """
d = layers.Dense(2)
d.build((None, 3))
opt = keras.optimizers.SGD(0.1)
opt.apply_gradients([(tf.ones((3, 2)), d.kernel), (None, d.bias)])
print([v.path for v in opt.variables], int(opt.iterations.numpy()))
opt.apply([tf.ones((3, 2)), tf.ones((2,))])
print(d.bias.numpy().tolist(), int(opt.iterations.numpy()))
other = keras.Variable(np.ones((2,)), dtype="float32", name="other")
for attempt in [lambda: opt.apply_gradients([(tf.ones((2,)), other)]),
                lambda: opt.apply([tf.ones((2,))], [other]),
                lambda: opt.apply([tf.ones((2,))])]:
    try:
        attempt()
        print("applied")
    except ValueError as e:
        print("ValueError", e)
print(int(opt.iterations.numpy()))
fresh = keras.optimizers.SGD()
try:
    fresh.apply([tf.ones((2,))])
except ValueError as e:
    print("ValueError", e)
"""

SNIPPETS["seed_generator_state"] = """
class Noisy(layers.Layer):
    def __init__(self):
        super().__init__()
        self.sg = keras.random.SeedGenerator(1)
        self.dense = layers.Dense(2)
    def call(self, x):
        return self.dense(x) + keras.random.normal((2,), seed=self.sg)
n = Noisy()
n(np.ones((1, 3)))
for what in ["variables", "weights", "trainable_variables", "non_trainable_variables",
             "trainable_weights", "non_trainable_weights"]:
    print(what, [v.path for v in getattr(n, what)])
dr = layers.Dropout(0.5, seed=3)
print([(w.path, w.dtype) for w in dr.non_trainable_variables], dr.weights, dr.variables)
m = keras.Sequential([keras.Input((3,)), layers.Dense(2), layers.Dropout(0.5, seed=1),
                      layers.GaussianNoise(0.1, seed=2)])
print([w.path for w in m.weights], [w.path for w in m.non_trainable_variables])
print(len(m.variables), m.count_params())
m.trainable = False
print([w.path for w in m.non_trainable_variables], m.trainable_variables)
"""

SNIPPETS["backend_ctc"] = """
K = tf.keras.backend  # (the legacy backend: TF 2.21 exports it there)
logits = np.random.default_rng(0).normal(size=(2, 6, 4)).astype("float32")
y_pred = tf.nn.softmax(logits).numpy()
y_true = np.array([[1, 2, 0], [0, 0, 1]], "int32")
il, ll = np.array([[6], [4]], "int32"), np.array([[3], [2]], "int32")
r = lambda t: np.round(np.asarray(t), 4).tolist()
cost = K.ctc_batch_cost(y_true, y_pred, il, ll)
print(cost.shape, cost.dtype, r(cost))
x = tf.constant(y_pred)
with tf.GradientTape() as tape:
    tape.watch(x)
    c = K.ctc_batch_cost(y_true, x, il, ll)
print(r(tape.gradient(c, x)[0, :3]))
traced = tf.function(K.ctc_batch_cost)(y_true, y_pred, il, ll)
print(r(traced))
for kwargs in [{}, {"greedy": False, "beam_width": 5, "top_paths": 2}]:
    paths, log_prob = K.ctc_decode(y_pred, np.array([6, 4]), **kwargs)
    print(kwargs, [(p.dtype, p.numpy().tolist()) for p in paths], log_prob.dtype, r(log_prob))
repeated = np.full((1, 5, 3), 0.01, "float32")
for t, k in enumerate([0, 2, 0, 0, 1]):
    repeated[0, t, k] = 0.98
for greedy in [True, False]:
    paths, log_prob = K.ctc_decode(repeated, np.array([5]), greedy=greedy, beam_width=3)
    print(greedy, paths[0].numpy().tolist(), r(log_prob))
flat = np.full((2, 3, 4), 0.25, "float32")
print(r(K.ctc_batch_cost(np.array([[1, 2], [1, 1]]), flat, np.array([[3], [2]]),
                         np.array([[2], [2]]))))
print(r(K.ctc_batch_cost(np.array([[1, 2]]), flat[:1].astype("float64"), np.array([[3]]),
                         np.array([[2]]))))
for args in [(y_true, y_pred, il[:, 0], ll),
             (np.array([[1, 2], [1, 2]]), flat, np.array([[3], [1]]), np.array([[2], [2]])),
             (np.array([[1, 2], [1, 2]]), flat, np.array([[3], [4]]), np.array([[2], [2]]))]:
    try:
        K.ctc_batch_cost(*args)
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, e.message.split("}} ")[-1].split(" [Op:")[0])
print(K.ctc_label_dense_to_sparse(y_true, np.array([3, 2], "int32")))
"""

SNIPPETS["mask_operations"] = """
def show(title, model):
    print(title, [(type(o).__name__, o.name) for o in model.operations])
    print("  layers", [o.name for o in model.layers])
    config = model.get_config()
    for entry in config["layers"]:
        if entry["module"].startswith("keras.src.ops"):
            print("  op", entry["module"], entry["class_name"], entry["config"],
                  entry["registered_name"])
        for node in entry["inbound_nodes"]:
            masks = node["kwargs"].get("mask")
            if masks is not None:
                print("  ", entry["name"], "mask from", [m["config"]["keras_history"] for m in
                      (masks if isinstance(masks, list) else [masks])])
    again = keras.Model.from_config(config)
    print("  from_config", [(type(o).__name__, o.name) for o in again.operations])

inp = keras.Input((None,), dtype="int32")
show("embedding_lstm", keras.Model(inp, layers.LSTM(3)(layers.Embedding(10, 4,
                                                                        mask_zero=True)(inp))))
inp = keras.Input((5, 3))
show("masking_gru", keras.Model(inp, layers.GRU(2, return_sequences=True)(
    layers.Masking(0.0)(inp))))
inp = keras.Input((5, 3))
show("masking_dense_pool", keras.Model(inp, layers.GlobalAveragePooling1D()(
    layers.Dense(2)(layers.Masking(0.0)(inp)))))
inp = keras.Input((None,), dtype="int32")
e = layers.Embedding(10, 4, mask_zero=True)(inp)
s = layers.Add()([layers.Dense(4)(e), layers.Dense(4)(e)])
model = keras.Model(inp, layers.LSTM(2)(s))
show("embedding_add", model)
model.summary()
a = keras.Input((3, 2)); b = keras.Input((3, 2))
c = layers.Concatenate(axis=1)([layers.Masking(0.0)(a), b])
show("concatenate_one_masked", keras.Model([a, b], layers.LSTM(2)(c)))
inp = keras.Input((4,))
show("operators", keras.Model(inp, keras.ops.any(2 - inp * 3 > 1, axis=-1)))
"""

SNIPPETS["node_call_kwargs"] = """
# A node's kwargs are the call's, plus (when the layer was called with one tensor argument
# and no keyword arguments) the training value and mask Keras 3 filled in
def show(f):
    inp = keras.Input((3, 1))
    model = keras.Model(inp, f(inp))
    print([(lyr["name"], lyr["inbound_nodes"][0]["kwargs"] if lyr["inbound_nodes"] else None)
           for lyr in model.get_config()["layers"]])
    clone = keras.Model.from_config(model.get_config())
    print(clone.get_config()["layers"][-1]["inbound_nodes"][0]["kwargs"])

inner_in = keras.Input((3, 1))
show(lambda x: layers.Dropout(0.5)(x))
show(lambda x: layers.Dropout(0.5)(x, training=None))
show(lambda x: layers.Dropout(0.5)(x, training=True))
show(lambda x: layers.LSTM(2)(x))
show(lambda x: layers.LSTM(2)(x, mask=None))
show(lambda x: layers.LSTM(2)(x, training=None))
show(lambda x: layers.LSTM(2)(x, training=True, mask=None))
show(lambda x: layers.GRU(2)(layers.Masking()(x)))
show(lambda x: layers.Dropout(0.5)(layers.Masking()(x)))
show(lambda x: layers.BatchNormalization()(x))
show(lambda x: layers.BatchNormalization()(x, mask=None))
show(lambda x: layers.MultiHeadAttention(2, 2)(x, x))
show(lambda x: layers.Dense(2)(x))
show(lambda x: layers.Add()([x, x]))
show(lambda x: layers.Embedding(4, 2, mask_zero=True)(layers.Reshape((3,))(x)))
show(lambda x: keras.Sequential([layers.Dropout(0.1)])(x))
show(lambda x: keras.Sequential([keras.Input((3, 1), dtype="float64"), layers.Dropout(0.1)])(x))
show(lambda x: layers.LSTM(2)(layers.Masking()(x), training=True))
show(lambda x: keras.Model(inner_in, layers.LSTM(2)(inner_in))(x, training=True))

# a model's training argument overrides the one its nodes recorded
x = np.ones((1, 8), "float32")
for kw in ({}, {"training": True}, {"training": False}):
    keras.utils.set_random_seed(2)
    inp = keras.Input((8,))
    model = keras.Model(inp, layers.Dropout(0.5, seed=1)(inp, **kw))
    print(kw, [model(x).numpy().tolist(), model(x, training=True).numpy().tolist(),
               model(x, training=False).numpy().tolist()])
"""

SNIPPETS["functional_run_order"] = """
# A functional model runs its nodes deepest first, and within a depth in Keras 3's order
# (side effects and random draws show it); `operations` lists them in Keras's order too
import random
calls = []

class P(layers.Layer):
    def call(self, x):
        calls.append(self.name)
        return x + 1.0

def run(inputs, outputs):
    model = keras.Model(inputs, outputs)
    print([o.name for o in model.operations])
    print([lyr.name for lyr in model.layers])
    calls.clear()
    model([np.zeros((1, 2), "float32")] * len(model.inputs))
    print(calls)

inp = keras.Input((2,))
a, b, c = P(name="a")(inp), P(name="b")(inp), P(name="c")(inp)
run(inp, layers.Concatenate()([P(name="d")(a), P(name="e")(b), c]))

rng = random.Random(3)
for trial in range(6):
    inputs = [keras.Input((2,), name=f"in{trial}_{i}") for i in range(rng.randint(1, 2))]
    tensors = list(inputs)
    for i in range(rng.randint(3, 8)):
        picks = rng.sample(tensors, min(len(tensors), rng.randint(1, 2)))
        x = picks[0] if len(picks) == 1 else layers.Add(name=f"add{trial}_{i}")(picks)
        tensors.append(P(name=f"p{trial}_{i}")(x))
    outs = rng.sample(tensors[len(inputs):], rng.randint(1, 2))
    unused = [t for t in tensors[len(inputs):] if t not in outs]
    outs.append(layers.Add(name=f"out{trial}")(unused) if len(unused) > 1 else unused[0]) \\
        if unused else None
    try:
        run(inputs, outs)
    except ValueError as e:
        print("ValueError", str(e)[:40])

# shared layers: a layer called at several depths sits at its deepest
rng = random.Random(5)
for trial in range(4):
    inp = keras.Input((2,), name=f"s_in{trial}")
    shared = [P(name=f"shared{trial}_{k}") for k in range(2)]
    tensors = [inp]
    for i in range(rng.randint(3, 6)):
        x = rng.choice(tensors)
        layer = rng.choice(shared) if rng.random() < 0.5 else P(name=f"q{trial}_{i}")
        tensors.append(layer(x))
    run(inp, layers.Add(name=f"sum{trial}")(tensors[1:]))

# random draws in run order: two noise layers off one input, drawing from the global stream
class Noise(layers.Layer):
    def call(self, x):
        return x + keras.random.uniform((1, 2))

keras.utils.set_random_seed(1)
inp = keras.Input((2,))
model = keras.Model(inp, [Noise(name="n1")(inp), Noise(name="n2")(inp)])
print([o.numpy().round(4).tolist() for o in model(np.zeros((1, 2), "float32"))])
"""

SNIPPETS["compute_mask_with_tf_ops"] = """
# compute_mask runs on the KerasTensors (as Keras 3): TF ops refuse them
class TfMask(layers.Layer):
    def call(self, x):
        return x * 2.0

    def compute_mask(self, inputs, mask=None):
        return tf.not_equal(inputs[..., 0], 0.0)

class OpsMask(TfMask):
    def compute_mask(self, inputs, mask=None):
        return keras.ops.not_equal(inputs[..., 0], 0.0)

class Show(layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True

    def call(self, x, mask=None):
        print("mask", None if mask is None else np.asarray(mask).tolist())
        return x

    def compute_output_shape(self, shape):
        return shape

x = np.array([[[1., 2.], [0., 1.], [3., 0.]]], "float32")
for cls in (TfMask, OpsMask):
    inp = keras.Input((3, 2))
    try:
        y = cls()(inp)
    except Exception as e:
        print(cls.__name__, type(e).__name__, str(e)[:60])
        print("eager", Show()(cls()(x)).shape)
        continue
    model = keras.Model(inp, Show()(y))
    print([o.name for o in model.operations])
    model(x)
"""

SNIPPETS["operation_operands"] = """
# keras.ops calls on KerasTensors: the node holds the operands Keras 3's operation takes
# in `call` (by position, then by keyword once a config argument is left out), the rest
# is the operation's config; the model runs and rebuilds from its config
ops = keras.ops
x = keras.Input((4,)); w = keras.Input((4,))
outs = [ops.clip(x, 0.0, 1.0), ops.average(x, axis=1, weights=w),
        ops.pad(x, [[0, 0], [1, 1]], constant_values=2.0), ops.isclose(x, w),
        ops.take(x, 1, axis=1), ops.where(x > 0, x, w), ops.reshape(x, (2, 2, -1)),
        ops.expand_dims(x, 1), ops.top_k(x, 2)[0], ops.cast(x, "int32"), ops.any(x, axis=1),
        ops.sum(x, 1, True), ops.full_like(x, 3.0), ops.softmax(x, axis=-1),
        ops.matmul(x, ops.transpose(ops.expand_dims(w, 1), (0, 2, 1))), 2 - x, x[:, 1:3]]
model = keras.Model([x, w], outs)

def short(v):
    if isinstance(v, dict) and v.get("class_name") == "__keras_tensor__":
        return "KT:" + v["config"]["keras_history"][0]
    if isinstance(v, (list, tuple)):
        return [short(a) for a in v]
    if isinstance(v, dict):
        return {k: short(a) for k, a in v.items()}
    return v

for lyr in model.get_config()["layers"][2:]:
    node = lyr["inbound_nodes"][0]
    print(lyr["class_name"], lyr["module"], lyr["config"], short(node["args"]),
          short(node["kwargs"]))
data = [np.array([[-1., 0.5, 2., 0.25]], "float32"), np.array([[1., 1., 2., 0.]], "float32")]
clone = keras.Model.from_config(model.get_config())
for a, b in zip(model(data), clone(data)):
    a = np.asarray(a)
    print((a.round(5) if a.dtype.kind == "f" else a).tolist(),
          np.array_equal(a, np.asarray(b)))
"""

SNIPPETS["keras_variable_is_no_tf_variable"] = """
# keras.Variable wraps a tf.Variable (its `value`) in Keras 3 on TF: no tf.Variable itself,
# yet a tensor to TF ops, tapes, tf.function, checkpoints, optimizers and strategies
v = keras.Variable(np.ones((2, 2), "float32"), name="w")
print(isinstance(v, tf.Variable), isinstance(v, tf.Tensor), isinstance(v, keras.Variable),
      tf.is_tensor(v))
print(isinstance(v.value, tf.Variable), v.value.name, v.value.shape, v.value.dtype)
print(v.value is v.value, v.value.numpy().tolist())
dense = layers.Dense(2)
dense.build((None, 3))
print([isinstance(w, tf.Variable) for w in dense.weights], dense.kernel.path)
print(tf.convert_to_tensor(v).numpy().tolist(), tf.identity(v).numpy().tolist(),
      (v + 1).numpy().tolist(), np.asarray(v).tolist())
with tf.GradientTape() as tape:
    y = tf.reduce_sum(v * 2)
print(tape.gradient(y, v).numpy().tolist(), len(tape.watched_variables()))
with tf.GradientTape() as tape:
    y = tf.reduce_sum(tf.matmul(v.value, v))
print(tape.gradient(y, v).numpy().tolist())

@tf.function
def step():
    v.assign_add(tf.ones((2, 2)))
    return v * 3
print(step().numpy().tolist(), v.numpy().tolist())
ckpt = tf.train.Checkpoint(v=v)
import tempfile, os
path = ckpt.save(os.path.join(tempfile.mkdtemp(), "c"))
print([name for name, _ in tf.train.list_variables(path)])
v.assign(np.zeros((2, 2), "float32"))
ckpt.restore(path)
print(v.numpy().tolist())
copy = tf.Variable(v)
print(isinstance(copy, tf.Variable), copy.numpy().tolist())
opt = keras.optimizers.SGD(0.5)
opt.apply_gradients([(tf.ones((2, 2)), v)])
print(v.numpy().tolist())
strategy = tf.distribute.MirroredStrategy(["/cpu:0"])
with strategy.scope():
    mv = keras.Variable(1.0)
print(isinstance(mv, tf.Variable), isinstance(mv.value, tf.Variable))
"""

SNIPPETS["functional_outputs_not_connected"] = """
# an output that needs an Input the model was not given is refused, named by its path
a, b = keras.Input((2,), name="a"), keras.Input((2,), name="b")
joined = layers.Dense(2, name="d")(layers.Add(name="s")([a, b]))
own = layers.Dense(2, name="own")(a)
for outputs in (joined, [own, joined], {"x": own, "y": [own, joined]}):
    try:
        keras.Model(a, outputs)
    except ValueError as e:
        print("ValueError", e)
model = keras.Model([a, b], {"x": own, "y": [own, joined]})
print([o.name for o in model.operations])
"""

SNIPPETS["state_set_before_super_init"] = """
# Keras 3 tracks what a subclass sets before calling super().__init__() (plain values,
# sublayers, lists of them, keras.Variables, metrics); add_weight, a call, stateless_call
# and the default get_config refuse a layer whose __init__ never called it
def attempt(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, e)

x = np.ones((1, 3), "float32")

class Early(layers.Layer):
    def __init__(self):
        self.n = 3
        self.d = layers.Dense(2, kernel_initializer="ones")
        self.blocks = [layers.Dense(2), layers.Dense(1)]
        self.v = keras.Variable(np.ones(3, "float32"), name="kv")
        self.tv = tf.Variable(np.ones(3, "float32"), name="tv")
        self.frozen = keras.Variable(np.zeros(1, "float32"), trainable=False, name="fz")
        self.m = keras.metrics.Mean(name="tracker")
        super().__init__(name="early")
    def call(self, x):
        return self.blocks[1](self.blocks[0](self.d(x * self.v * self.tv)))

e = Early()
print(e.n, e.name, e.built, [w.path for w in e.weights], [m.name for m in e.metrics])
print(e(x).numpy().shape, [s.name for s in e._layers])
print([w.path for w in e.weights])
print([w.path for w in e.trainable_weights], [w.path for w in e.non_trainable_weights])
e.trainable = False
print(len(e.trainable_weights), len(e.non_trainable_weights))

class EarlyModel(keras.Model):
    def __init__(self):
        self.d = layers.Dense(2, kernel_initializer="ones", name="inner")
        super().__init__(name="em")
    def call(self, x):
        return self.d(x)

m = EarlyModel()
print(m(x).numpy().tolist(), [s.name for s in m.layers], [w.path for w in m.weights])

class EarlyWeight(layers.Layer):
    def __init__(self):
        self.w = self.add_weight(shape=(2,), name="w")
        super().__init__()

attempt("add_weight", EarlyWeight)

class NoInit(layers.Layer):
    def __init__(self):
        self.d = layers.Dense(2)
    def call(self, x):
        return self.d(x)

class NoInitModel(keras.Model):
    def __init__(self):
        self.d = layers.Dense(2)
    def call(self, x):
        return self.d(x)

attempt("call", lambda: NoInit()(x))
attempt("model call", lambda: NoInitModel()(x))
attempt("weights", lambda: (NoInit().weights, NoInitModel().weights))
attempt("name", lambda: NoInit().name)
attempt("repr", lambda: repr(NoInit()))
attempt("get_config", lambda: NoInit().get_config())
attempt("stateless_call", lambda: NoInit().stateless_call([], [], x))
"""

SNIPPETS["time_distributed_autocast"] = """
# TimeDistributed runs its layer inside its own call's autocast scope, as Keras 3 does: a
# mixed_float16 wrapper computes its float32 layer in float16 (variables stay float32); a
# float32 wrapper leaves a mixed or float64 layer to its own policy
x = (np.arange(2 * 3 * 4 * 4 * 2).reshape(2, 3, 4, 4, 2) % 7 / 7).astype("float32")
seq = x[:, :, 0, 0, :]

def show(label, wrapper, data):
    try:
        y = wrapper(data)
    except Exception as e:
        print(label, type(e).__name__, str(e).splitlines()[0])
        return
    inner = wrapper.layer
    print(label, wrapper.compute_dtype, inner.compute_dtype, y.dtype.name, tuple(y.shape),
          [w.dtype for w in wrapper.weights], np.round(np.asarray(y, "float64"), 2).tolist())

ones = dict(kernel_initializer="ones", bias_initializer="ones")
show("dense", layers.TimeDistributed(layers.Dense(2, **ones), dtype="mixed_float16"), seq)
show("conv", layers.TimeDistributed(layers.Conv2D(2, 3, **ones), dtype="mixed_float16"), x)
show("flatten", layers.TimeDistributed(layers.Flatten(), dtype="mixed_float16"), x)
show("sequential", layers.TimeDistributed(
    keras.Sequential([layers.Dense(3, **ones), layers.Dense(1, **ones)]),
    dtype="mixed_float16"), seq)
show("inner_mixed", layers.TimeDistributed(layers.Dense(2, dtype="mixed_float16", **ones)),
     seq)
show("inner_float64", layers.TimeDistributed(layers.Dense(2, dtype="float64", **ones)), seq)
show("bfloat16", layers.TimeDistributed(layers.Dense(2, **ones), dtype="mixed_bfloat16"), seq)
keras.mixed_precision.set_global_policy("mixed_float16")
try:
    show("global", layers.TimeDistributed(layers.Dense(2, **ones)), seq)
    show("global_f32_inner", layers.TimeDistributed(layers.Dense(2, dtype="float32", **ones)),
         seq)
    inp = keras.Input((3, 2))
    out = layers.TimeDistributed(layers.Dense(2, dtype="float32", **ones))(inp)
    print("symbolic", out.dtype, out.shape, keras.Model(inp, out)(seq).dtype.name)
finally:
    keras.mixed_precision.set_global_policy("float32")
"""

SNIPPETS["foreign_framework_layers"] = """
# JaxLayer, FlaxLayer and TorchModuleWrapper on the TF backend, where neither JAX, Flax
# nor PyTorch is installed (the reference interpreter has PyTorch: hidden here, as an
# import finds no such module); and keras.layers.deserialize, which reads Keras 3's
# configs only (a bare Keras 2 config is a TypeError)
import sys

class Hide:
    def find_spec(self, name, path=None, target=None):
        top = name.split(".")[0]
        if top in ("jax", "flax", "torch"):
            raise ModuleNotFoundError(f"No module named {top!r}", name=top)
        return None

def attempt(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, e, getattr(e, "name", None))

hide = Hide()
sys.meta_path.insert(0, hide)
try:
    for cls in (layers.JaxLayer, layers.FlaxLayer, layers.TorchModuleWrapper):
        print(cls.__name__, issubclass(cls, layers.Layer), issubclass(cls, layers.JaxLayer))
    attempt("jax", lambda: layers.JaxLayer(lambda inputs: inputs))
    attempt("jax params", lambda: layers.JaxLayer(lambda params, inputs: inputs,
                                                  params={"w": np.ones(2, "float32")}))
    attempt("jax kwarg", lambda: layers.JaxLayer(lambda inputs: inputs, foo=1))
    attempt("jax name", lambda: layers.JaxLayer(lambda inputs: inputs, name="a/b"))
    attempt("jax none", lambda: layers.JaxLayer())
    attempt("flax", lambda: layers.FlaxLayer(object()))
    attempt("flax kwarg", lambda: layers.FlaxLayer(object(), foo=1))
    attempt("flax none", lambda: layers.FlaxLayer())
    attempt("torch", lambda: layers.TorchModuleWrapper(object()))
    attempt("torch kwarg", lambda: layers.TorchModuleWrapper(object(), foo=1))
    attempt("torch none", lambda: layers.TorchModuleWrapper())
    print("uids", keras.backend.get_uid("jax_layer"), keras.backend.get_uid("flax_layer"),
          keras.backend.get_uid("torch_module_wrapper"))
finally:
    sys.meta_path.remove(hide)

attempt("bare", lambda: layers.deserialize({"class_name": "ReLU", "config": {}}))
attempt("bare dense", lambda: layers.deserialize({"class_name": "Dense",
                                                  "config": {"units": 2}}))
attempt("qualified", lambda: layers.deserialize({"class_name": "keras.layers.ReLU",
                                                 "config": {}}))
attempt("module", lambda: layers.deserialize({"class_name": "ReLU", "config": {},
                                              "module": "keras.layers"}))
attempt("custom", lambda: layers.deserialize({"class_name": "ReLU", "config": {}},
                                             custom_objects={"ReLU": layers.ReLU}))
attempt("round trip", lambda: layers.deserialize(layers.serialize(layers.Dense(3))))
attempt("string", lambda: layers.deserialize("ReLU"))
attempt("not a layer", lambda: layers.deserialize(keras.saving.serialize_keras_object(
    keras.initializers.Ones())))
"""

SNIPPETS["tracked_containers_after_build"] = """
# A layer's list and dict attributes are Keras 3's tracked containers: what is added to
# them is tracked as when assigned (a Keras variable appended becomes a weight, one popped
# stops being one), and new state added once the layer is built is refused by append,
# insert, extend, item assignment and update as by assignment
def attempt(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, e)

class Holder(layers.Layer):
    def __init__(self):
        super().__init__()
        self.subs = []
        self.vs = []
        self.table = {}
        self.nested = [[], {"k": []}]
        self.nums = [1, 2]
        self.vs.append(keras.Variable(np.ones(2, "float32"), name="appended"))
        self.table["k"] = keras.Variable(np.ones(1, "float32"), name="dictset",
                                         trainable=False)
        self.ms = []
        self.ms.append(keras.metrics.Mean(name="mm"))
    def build(self, shape):
        self.subs.append(layers.Dense(2, name="first"))
        self.vs.append(self.add_weight(shape=(1,), name="built"))
        self.vs.extend([keras.Variable(np.zeros(3, "float32"), name="extended")])
    def call(self, x):
        return x

h = Holder()
print(type(h.subs).__name__, type(h.table).__name__, type(h.nested[1]).__name__,
      h.nums == [1, 2], isinstance(h.subs, list), isinstance(h.table, dict))
print([w.name for w in h.weights], [m.name for m in h.metrics])
h.build((1, 2))
print([w.name for w in h.weights], [w.name for w in h.trainable_weights],
      [w.name for w in h.non_trainable_weights], [s.name for s in h._layers])
attempt("append layer", lambda: h.subs.append(layers.Dense(3)))
attempt("append variable", lambda: h.vs.append(keras.Variable(np.ones(2, "float32"))))
attempt("append metric", lambda: h.ms.append(keras.metrics.Sum()))
attempt("append nested", lambda: h.subs.append([layers.Dense(3)]))
attempt("append tuple", lambda: h.subs.append((layers.Dense(3),)))
attempt("extend", lambda: h.subs.extend([layers.Dense(3)]))
attempt("insert", lambda: h.subs.insert(0, layers.Dense(3)))
attempt("dict item", lambda: h.table.__setitem__("new", layers.Dense(3)))
attempt("dict update", lambda: h.table.update({"new": layers.Dense(3)}))
attempt("inner list", lambda: h.nested[0].append(layers.Dense(3)))
attempt("inner dict list", lambda: h.nested[1]["k"].append(layers.Dense(3)))
attempt("assign", lambda: setattr(h, "more", [layers.Dense(3)]))
attempt("append tf.Variable", lambda: h.vs.append(tf.Variable(1.0)))
attempt("append number", lambda: h.nums.append(3))
attempt("append held layer", lambda: h.subs.append(h.subs[0]))
attempt("append held variable", lambda: h.vs.append(h.vs[0]))
print(len(h.subs), len(h.vs), h.nums, [s.name for s in h._layers], len(h.weights))
attempt("pop", lambda: h.vs.pop(2).name)
attempt("remove", lambda: h.vs.remove(h.vs[-1]))
print([w.name for w in h.weights])
attempt("dict pop", lambda: h.table.pop("k").name)
print([w.name for w in h.weights])
del h.subs[1]
h.subs.clear()
print([s.name for s in h._layers], len(h.subs))
"""
