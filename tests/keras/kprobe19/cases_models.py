"""kprobe19's snippets on models: toggling trainable and compiling again (summary counts),
clone_model with clone_function, get_layer's errors, a functional model with dict inputs
and outputs, Sequential.pop, a PyDataset fed to fit, losses given for some outputs only,
summary's show_trainable, and kprobe18's leftovers (a traced bias_add of another dtype,
raw MaxPoolGrad's attr check, a Reshape of an unknown batch) (see cases.py)."""

from tests.keras.kprobe19.prelude import _TRY

SNIPPETS = {}

SNIPPETS["trainable_toggle_then_compile"] = _TRY + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(4, name="d1"), layers.BatchNormalization(),
                      layers.Dense(1, name="d2")])
fill(m)
m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
m.layers[0].trainable = False
m.layers[1].trainable = False
print(len(m.trainable_weights), len(m.non_trainable_weights))
m.summary()
before = [w.numpy().copy() for w in m.weights]
m.fit(X, Y, epochs=1, batch_size=8, verbose=0)
print([bool(np.allclose(a, w.numpy())) for a, w in zip(before, m.weights)])
m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
m.fit(X, Y, epochs=1, batch_size=8, verbose=0)
print([bool(np.allclose(a, w.numpy())) for a, w in zip(before, m.weights)])
m.trainable = False
print(len(m.trainable_weights), [l.trainable for l in m.layers])
m.trainable = True
print(len(m.trainable_weights), [l.trainable for l in m.layers])
"""

SNIPPETS["summary_show_trainable"] = _TRY + """
inner = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="inner_d")], name="inner")
i = keras.Input((3,))
o = layers.Dense(1, name="head")(inner(i))
m = keras.Model(i, o, name="outer")
inner.trainable = False
m.summary(show_trainable=True)
m.summary(expand_nested=True, show_trainable=True)
"""

SNIPPETS["clone_model_clone_function"] = _TRY + """
i = keras.Input((3,), name="inp")
x = layers.Dense(4, activation="relu", name="h")(i)
o = layers.Dense(1, name="out")(x)
m = keras.Model(i, o, name="base")
fill(m)
def clone_fn(layer):
    cfg = layer.get_config()
    if isinstance(layer, layers.Dense) and layer.name == "h":
        cfg["activation"] = "tanh"
        cfg["units"] = 5
    return layer.__class__.from_config(cfg)
c = keras.models.clone_model(m, clone_function=clone_fn)
print(c.name, [l.name for l in c.layers], [l.get_config().get("activation") for l in c.layers[1:]])
print([tuple(w.shape) for w in c.weights])
same = keras.models.clone_model(m)
same.set_weights(m.get_weights())
print(r4(same.predict(X[:2], verbose=0)), r4(m.predict(X[:2], verbose=0)))
seq = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="a"), layers.Dropout(0.5)])
c2 = keras.models.clone_model(seq, clone_function=lambda l: l if isinstance(l, layers.Dropout)
                              else l.__class__.from_config(l.get_config()))
print([l.name for l in c2.layers], c2.layers[1] is seq.layers[1])
c3 = keras.models.clone_model(m, input_tensors=keras.Input((3,), name="new_in"))
print([t.name for t in c3.inputs])
class Sub(keras.Model):
    def call(self, x):
        return x
tryp("subclassed", lambda: keras.models.clone_model(Sub()))
tryp("not_callable", lambda: keras.models.clone_model(m, clone_function=3))
"""

SNIPPETS["get_layer_errors"] = _TRY + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="a"), layers.Dense(1, name="b")])
print(m.get_layer("b").name, m.get_layer(index=0).name, m.get_layer(index=-1).name)
tryp("missing_name", lambda: m.get_layer("zzz"))
tryp("index_out", lambda: m.get_layer(index=5))
tryp("both", lambda: m.get_layer("a", index=0))
tryp("neither", lambda: m.get_layer())
tryp("name_int", lambda: m.get_layer(1).name)
i = keras.Input((3,), name="in0")
f = keras.Model(i, layers.Dense(1, name="d")(i))
print([f.get_layer(index=k).name for k in range(2)])
tryp("functional_missing", lambda: f.get_layer("in1"))
"""

SNIPPETS["functional_dict_io"] = _TRY + """
a = keras.Input((2,), name="a")
b = keras.Input((1,), name="b")
h = layers.Concatenate()([a, b])
m = keras.Model({"a": a, "b": b}, {"sum": layers.Dense(1, name="sum")(h),
                                   "cls": layers.Dense(2, activation="softmax", name="cls")(h)})
fill(m)
print(m.output_names, [t.name for t in m.inputs], sorted(m.input) if isinstance(m.input,
      dict) else m.input)
data = {"a": X[:, :2], "b": X[:, 2:]}
p = m.predict(data, verbose=0)
print(type(p).__name__, sorted(p), r4(p["sum"][:2]), r4(p["cls"][:2]))
m.compile(optimizer=keras.optimizers.SGD(0.1), loss={"sum": "mse",
          "cls": "sparse_categorical_crossentropy"}, metrics={"cls": ["accuracy"]})
ys = {"sum": Y, "cls": (Y[:, 0] > 0).astype("int32")}
h = m.fit(data, ys, epochs=2, batch_size=4, shuffle=False, verbose=0)
print(sorted(h.history), r4(h.history["loss"]))
print(r4(m.evaluate(data, ys, verbose=0, return_dict=True)))
print(r4(m({"a": X[:1, :2], "b": X[:1, 2:]})["sum"]))
tryp("missing_input", lambda: m.predict({"a": X[:, :2]}, verbose=0))
tryp("list_for_dict", lambda: r4(m.predict([X[:, :2], X[:, 2:]], verbose=0)["sum"][:1]))
"""

SNIPPETS["loss_for_some_outputs"] = _TRY + """
i = keras.Input((3,))
o1 = layers.Dense(1, name="o1")(i)
o2 = layers.Dense(1, name="o2")(i)
m = keras.Model(i, [o1, o2])
fill(m)
m.compile(optimizer=keras.optimizers.SGD(0.1), loss=["mse", None])
h = m.fit(X, [Y, Y], epochs=2, batch_size=8, verbose=0)
print(sorted(h.history), r4(h.history["loss"]))
m.compile(optimizer=keras.optimizers.SGD(0.1), loss={"o2": "mae"})
tryp("dict_some_keys", lambda: m.fit(X, {"o2": Y}, epochs=1, batch_size=8, verbose=0))
m.compile(optimizer=keras.optimizers.SGD(0.1), loss={"o1": None, "o2": "mae"})
h = m.fit(X, {"o1": Y, "o2": Y}, epochs=1, batch_size=8, verbose=0)
print(sorted(h.history), r4(h.history["loss"]))
tryp("too_many_losses", lambda: m.compile(loss=["mse", "mse", "mse"]) or m.fit(X, [Y, Y],
     verbose=0).history)
"""

SNIPPETS["sequential_pop_and_add"] = _TRY + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(4, name="a"), layers.Dense(2, name="b")])
popped = m.pop()
print(popped.name, [l.name for l in m.layers])
tryp("output_after_pop", lambda: tuple(m.output.shape))
m.add(layers.Dense(1, name="c"))
print([l.name for l in m.layers], tuple(m(X).shape), m.count_params())
m.pop(rebuild=False)
print([l.name for l in m.layers])
m.pop()
tryp("pop_empty", lambda: m.pop())
tryp("add_non_layer", lambda: m.add("dense"))
tryp("add_dup_name", lambda: keras.Sequential([layers.Dense(1, name="x"),
     layers.Dense(1, name="x")]).build((None, 2)))
"""

SNIPPETS["py_dataset_fit"] = _TRY + """
class Batches(keras.utils.PyDataset):
    def __init__(self, n, **kw):
        super().__init__(**kw)
        self.n = n
    def __len__(self):
        return self.n
    def __getitem__(self, k):
        return X[2 * k:2 * k + 2], Y[2 * k:2 * k + 2]
    def on_epoch_end(self):
        print("epoch end")
ds = Batches(3)
print(ds.num_batches, ds.workers, ds.use_multiprocessing, ds.max_queue_size)
m = dense_model()
h = m.fit(ds, epochs=2, verbose=0)
print(r4(h.history["loss"]), h.params)
print(r4(m.evaluate(ds, verbose=0)), m.predict(Batches(2), verbose=0).shape)
tryp("with_batch_size", lambda: m.fit(ds, batch_size=2, verbose=0).epoch)
tryp("with_y", lambda: m.fit(ds, Y, verbose=0))
"""

SNIPPETS["kprobe18_leftovers"] = _TRY + """
@tf.function
def add_bias(x, b):
    return tf.nn.bias_add(x, b)
tryp("bias_float64", lambda: add_bias(tf.ones((2, 3)), tf.ones((3,), tf.float64)))
tryp("bias_int_value", lambda: add_bias(tf.ones((2, 3), tf.int32), tf.ones((3,))))
tryp("bias_eager", lambda: tf.nn.bias_add(tf.ones((2, 3)), tf.ones((3,), tf.float64)))
def pool_grad(a, b, c):
    return tf.raw_ops.MaxPoolGrad(orig_input=tf.zeros((1, 2, 2, 1), a),
        orig_output=tf.zeros((1, 1, 1, 1), b), grad=tf.zeros((1, 1, 1, 1), c),
        ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="VALID")
tryp("pool_grad_bool_first", lambda: pool_grad(tf.bool, tf.float32, tf.bool))
tryp("pool_grad_bool_second", lambda: pool_grad(tf.float32, tf.bool, tf.float32))
tryp("add_string_first", lambda: tf.raw_ops.AddV2(x=tf.constant(["a"]), y=tf.constant([1.0])))
class M(keras.Model):
    def call(self, x):
        return tf.reshape(x, (7,))
m = M()
m.compile(loss="mse")
tryp("reshape_unknown_batch", lambda: m.evaluate(np.ones((2, 3), "float32"), np.ones((2, 3)),
     verbose=0))
"""

SNIPPETS["summary_dict_io"] = _TRY + """
a = keras.Input((2,), name="a")
b = keras.Input((1,), name="b")
h = layers.Concatenate(name="cat")([a, b])
m = keras.Model({"a": a, "b": b}, {"sum": layers.Dense(1, name="sum")(h),
                                   "prob": layers.Dense(2, name="prob")(h)}, name="dict_io")
m.summary()
print([t.name for t in m.inputs], [t.name for t in m.outputs], m.output_names)
config = json.loads(m.to_json())["config"]
print(config["input_layers"], config["output_layers"])
"""

SNIPPETS["symbolic_call_errors"] = _TRY + """
class AddFive(layers.Layer):
    def call(self, x):
        return tf.reshape(x, (-1, 3)) + tf.ones((5,))
def failing(label, fn):  # (the error's class, first line and the lines naming graph nodes)
    try:
        fn()
        print(label, "ok")
    except Exception as e:
        lines = str(e).splitlines()
        print(label, type(e).__name__, lines[0], [l for l in lines if "node" in l])
failing("functional", lambda: AddFive()(keras.Input((3,))))
failing("sequential_input", lambda: keras.Sequential([keras.Input((3,)), AddFive()]))
failing("sequential_build", lambda: keras.Sequential([AddFive()]).build((None, 3)))
failing("sequential_first_call", lambda: keras.Sequential([AddFive()])(np.ones((2, 3), "float32")))
failing("sequential_second_layer", lambda: keras.Sequential([layers.Dense(2), AddFive()])(
        np.ones((2, 3), "float32")))
failing("layer_eager", lambda: AddFive()(np.ones((2, 3), "float32")))
"""
