"""kprobe47b's fourth set: Keras 3 style custom steps (compute_loss, compute_metrics,
the deprecated compiled_loss/compiled_metrics), masks through RNNs and merges, nested
functional configs, verbose=1 progress bars, early stopping's History, and keras.ops
linear algebra and einsum on integer and half-precision inputs."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe47.prelude import _TRY

_DATA = _TRY + """
x = np.linspace(-1, 1, 32, dtype="float32").reshape(8, 4)
y = (x.sum(axis=1, keepdims=True) > 0).astype("float32")
"""

SNIPPETS: dict[str, str] = {}

SNIPPETS["train_step_compute_loss"] = _DATA + """
class M(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = layers.Dense(1, activation="sigmoid")
    def call(self, x):
        return self.d(x)
    def train_step(self, data):
        xb, yb = data
        with tf.GradientTape() as tape:
            pred = self(xb, training=True)
            loss = self.compute_loss(x=xb, y=yb, y_pred=pred)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return self.compute_metrics(xb, yb, pred)
m = M()
m.compile(keras.optimizers.SGD(0.1), "binary_crossentropy", metrics=["accuracy"])
h = m.fit(x, y, epochs=2, batch_size=4, verbose=0)
print({k: [round(float(v), 4) for v in vs] for k, vs in sorted(h.history.items())})
print([mm.name for mm in m.metrics])
"""

SNIPPETS["train_step_compiled_loss_deprecated"] = _DATA + """
class M(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = layers.Dense(1)
    def call(self, x):
        return self.d(x)
    def train_step(self, data):
        xb, yb = data
        with tf.GradientTape() as tape:
            pred = self(xb)
            loss = self.compiled_loss(yb, pred)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        self.compiled_metrics.update_state(yb, pred)
        return {m.name: m.result() for m in self.metrics}
m = M()
m.compile(keras.optimizers.SGD(0.1), "mse", metrics=["mae"])
import warnings
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    h = m.fit(x, y, epochs=1, batch_size=4, verbose=0)
print(sorted(h.history), sorted({str(i.message)[:90] for i in w}))
"""

SNIPPETS["mask_through_rnn_and_merge"] = _TRY + """
tok = keras.Input((5,), dtype="int32", name="tok")
e = layers.Embedding(10, 3, mask_zero=True, name="emb")(tok)
seq = layers.LSTM(2, return_sequences=True, name="lstm")(e)
last = layers.LSTM(2, name="lstm2")(seq)
cat = layers.Concatenate(name="cat")([e, seq])
m = keras.Model(tok, [seq, last, cat])
data = np.array([[1, 2, 3, 0, 0], [4, 0, 0, 0, 0]])
s, l, c = m(data)
show("seq mask", lambda: s._keras_mask)
show("cat mask", lambda: c._keras_mask)
show("last has mask", lambda: getattr(l, "_keras_mask", None) is None)
show("seq tail equal", lambda: np.allclose(s[0, 2], s[0, 4]))
show("compute_mask lstm", lambda: m.get_layer("lstm").compute_mask(e, e._keras_mask if hasattr(e, "_keras_mask") else None))
"""

SNIPPETS["functional_nested_config"] = _TRY + """
inner_in = keras.Input((3,), name="ii")
inner = keras.Model(inner_in, layers.Dense(2, name="idense")(inner_in), name="inner")
inp = keras.Input((3,), name="oi")
out = layers.Dense(1, name="odense")(inner(inp))
m = keras.Model(inp, out, name="outer")
c = m.get_config()
print([(l["class_name"], l["name"]) for l in c["layers"]])
inner_cfg = c["layers"][1]
print(sorted(inner_cfg), inner_cfg["inbound_nodes"])
m2 = keras.Model.from_config(c)
print([l.name for l in m2.layers], [l.name for l in m2.get_layer("inner").layers])
m2.set_weights(m.get_weights())
show("same", lambda: np.allclose(m2(np.ones((1, 3), "float32")), m(np.ones((1, 3), "float32"))))
"""

SNIPPETS["progbar_verbose1"] = _DATA + """
import re, io, contextlib
m = keras.Sequential([keras.Input((4,)), layers.Dense(1, name="o")])
m.compile("sgd", "mse", metrics=["mae"])
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    m.fit(x, y, epochs=1, batch_size=4, verbose=1)
    m.evaluate(x, y, batch_size=8, verbose=1)
text = buf.getvalue()
text = re.sub(r"\\d+(\\.\\d+)?(ms|s|us)(/step)?", "T", re.sub(r"\\d\\.\\d{4}", "V", text))
# (how many backspaces, and the spaces padding a line shorter than the one before, follow
# the times' widths)
text = re.sub(r" *\\n", "\\n", re.sub("\\x08+", "<bs>", text))
print(repr(text.replace("\\x1b[1m", "<b>").replace("\\x1b[0m", "</b>").replace("\\x1b[32m", "<g>").replace("\\x1b[37m", "<w>")))
"""

SNIPPETS["early_stopping_history"] = _DATA + """
m = keras.Sequential([keras.Input((4,)), layers.Dense(1, name="o")])
m.compile(keras.optimizers.SGD(0.0), "mse")
cb = keras.callbacks.EarlyStopping(monitor="loss", patience=2, verbose=1, restore_best_weights=True)
h = m.fit(x, y, epochs=10, verbose=0, callbacks=[cb])
print(h.epoch, cb.stopped_epoch, cb.best_epoch, cb.wait, round(float(cb.best), 5))
show("bad monitor", lambda: m.fit(x, y, epochs=2, verbose=0, callbacks=[keras.callbacks.EarlyStopping(monitor="val_nope")]).epoch)
"""

SNIPPETS["ops_linalg_odd_dtypes"] = _TRY + """
ops = keras.ops
show("int8 einsum", lambda: ops.einsum("ij,jk->ik", np.ones((2, 2), "int8"), np.ones((2, 2), "int8")))
show("mixed einsum", lambda: ops.einsum("i,i->", np.array([1, 2], "int32"), np.array([0.5, 1.0], "float16")))
show("bool einsum", lambda: ops.einsum("i,i->", np.array([True, False]), np.array([True, True])))
show("f16 inv", lambda: ops.linalg.inv(np.eye(2, dtype="float16")))
show("int det", lambda: ops.linalg.det(np.array([[2, 0], [0, 3]], "int32")))
show("f16 norm", lambda: ops.norm(np.array([3.0, 4.0], "float16")))
show("int dot", lambda: ops.dot(np.array([1, 2], "uint8"), np.array([3, 4], "uint8")))
show("int tensordot", lambda: ops.tensordot(np.ones((2, 3), "int16"), np.ones((3,), "int16"), axes=1))
show("int outer", lambda: ops.outer(np.array([1, 2], "int8"), np.array([3.0], "float32")))
show("bool trace", lambda: ops.trace(np.eye(3, dtype="bool")))
show("int8 trace", lambda: ops.trace(np.ones((2, 2), "int8")))
show("f16 solve", lambda: ops.linalg.solve(np.eye(2, dtype="float16"), np.ones((2, 1), "float16")))
"""

SNIPPETS["sequential_add_pop_build"] = _TRY + """
m = keras.Sequential(name="grow")
m.add(layers.Dense(3, name="a"))
print(m.built, len(m.layers))
m.add(keras.Input((4,)))
show("input after layers", lambda: len(m.layers))
m2 = keras.Sequential(name="g2")
m2.add(keras.Input((4,)))
m2.add(layers.Dense(3, name="a"))
m2.add(layers.Dense(2, name="b"))
print(m2.built, m2.output_shape)
p = m2.pop()
print(p.name, [l.name for l in m2.layers], m2.output_shape)
show("add non layer", lambda: m2.add("dense"))
show("duplicate name", lambda: m2.add(layers.Dense(1, name="a")))
show("pop empty", lambda: keras.Sequential().pop())
"""

SNIPPETS["compile_argument_errors"] = _DATA + """
m = keras.Sequential([keras.Input((4,)), layers.Dense(1, name="o")])
show("loss list for single", lambda: (m.compile("sgd", ["mse", "mae"]), m.fit(x, y, epochs=1, verbose=0).epoch))
m = keras.Sequential([keras.Input((4,)), layers.Dense(1, name="o")])
show("loss dict wrong key", lambda: (m.compile("sgd", {"nope": "mse"}), m.fit(x, y, epochs=1, verbose=0).epoch))
m = keras.Sequential([keras.Input((4,)), layers.Dense(1, name="o")])
show("metrics string", lambda: m.compile("sgd", "mse", metrics="mae"))
show("bad kwarg", lambda: m.compile("sgd", "mse", nope=1))
show("loss callable", lambda: (m.compile("sgd", lambda a, b: tf.reduce_mean(a - b)), round(float(m.evaluate(x, y, verbose=0)), 4)))
"""

SNIPPETS["scalar_tensor_conversions"] = _TRY + """
for d in ["bfloat16", "float16", "int8", "bool"]:
    t = keras.ops.cast(1, d)
    show(d + " asarray", lambda: np.asarray(t).dtype)
    show(d + " float", lambda: float(t))
    show(d + " item", lambda: t.numpy().item())
    show(d + " np.float32", lambda: np.float32(t))
    show(d + " list", lambda: np.array([t, t]).dtype)
v = keras.Variable(1.5, dtype="bfloat16")
show("variable asarray", lambda: np.asarray(v).dtype)
show("ops convert", lambda: keras.ops.convert_to_numpy(keras.ops.cast(2.5, "bfloat16")).dtype)
"""

SNIPPETS["layer_call_argument_errors"] = _TRY + """
d = layers.Dense(2)
show("no input", lambda: d())
show("string input", lambda: d("abc"))
show("kwarg unknown", lambda: d(np.ones((1, 3), "float32"), nope=1))
show("rank 1", lambda: layers.Dense(2)(np.ones((3,), "float32")))
c = layers.Conv2D(2, 3)
show("conv rank", lambda: c(np.ones((4, 4, 1), "float32")))
show("conv small", lambda: layers.Conv2D(2, 5)(np.ones((1, 3, 3, 1), "float32")))
show("lstm rank", lambda: layers.LSTM(2)(np.ones((2, 3), "float32")))
"""

SNIPPETS["model_subclass_summary_nested"] = _TRY + """
class Block(layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.a = layers.Dense(4, name="a")
        self.b = layers.Dense(2, name="b")
    def call(self, x):
        return self.b(self.a(x))
class Net(keras.Model):
    def __init__(self):
        super().__init__(name="net")
        self.blk = Block(name="blk")
        self.head = layers.Dense(1, name="head")
    def build(self, shape):
        self.blk.build(shape)
        self.head.build((None, 2))
    def call(self, x):
        return self.head(self.blk(x))
n = Net()
n.build((None, 3))
n.summary()
n.summary(expand_nested=True)
print([w.path for w in n.weights])
"""

SNIPPETS["fit_generators_and_pydataset"] = _DATA + """
m = keras.Sequential([keras.Input((4,)), layers.Dense(1, name="o")])
m.compile("sgd", "mse")
def gen():
    while True:
        yield x[:4], y[:4]
h = m.fit(gen(), steps_per_epoch=2, epochs=2, verbose=0)
print(h.params, len(h.history["loss"]))
show("generator no steps ends", lambda: m.fit((b for b in [(x[:4], y[:4])] * 3), epochs=1, verbose=0).params)
class P(keras.utils.PyDataset):
    def __len__(self):
        return 2
    def __getitem__(self, i):
        return x[i * 4:(i + 1) * 4], y[i * 4:(i + 1) * 4]
h = m.fit(P(), epochs=1, verbose=0, validation_data=P())
print(sorted(h.history), h.params)
show("split with generator", lambda: m.fit(gen(), steps_per_epoch=1, validation_split=0.2, verbose=0))
"""

SNIPPETS["ops_casts_and_saturation"] = _TRY + """
ops = keras.ops
show("f32 to uint8", lambda: ops.cast(np.array([-1.5, 300.0, 2.7], "float32"), "uint8"))
show("f32 to int8", lambda: ops.cast(np.array([-200.0, 127.9], "float32"), "int8"))
show("int to bool", lambda: ops.cast(np.array([0, 2, -1], "int32"), "bool"))
show("f16 overflow", lambda: ops.cast(np.array([70000.0], "float32"), "float16"))
show("bf16 rounding", lambda: ops.cast(ops.cast(np.array([1.00390625, 257.0], "float32"), "bfloat16"), "float32"))
show("nan to int", lambda: ops.cast(np.array([np.nan], "float32"), "int32"))
show("saturate", lambda: ops.saturate_cast(np.array([-1.0, 300.0], "float32"), "uint8"))
show("saturate int", lambda: ops.saturate_cast(np.array([-5, 70000], "int32"), "int16"))
show("uint32 to f16", lambda: ops.cast(np.array([4294967295], "uint32"), "float16"))
"""

SNIPPETS["summary_odd_widths"] = _TRY + """
inp = keras.Input((4, 3), name="a_rather_long_input_name_for_wrapping")
h = layers.LSTM(5, return_sequences=True, name="an_lstm_layer_with_a_long_name")(inp)
o = layers.TimeDistributed(layers.Dense(2), name="td")(h)
m = keras.Model(inp, o, name="wide_names")
m.summary(line_length=40)
m.summary(positions=[30, 50, 60, 80])
m.summary(line_length=120, show_trainable=True)
"""

SNIPPETS["summary_weights_untracked_and_dtypes"] = _TRY + """
m = keras.Sequential([keras.Input((4,)), layers.Dense(3, name="a", dtype="mixed_float16"), layers.Normalization(name="norm"), layers.Dense(2, name="b", dtype="float64")], name="dts")
m.summary()
print([(w.path, w.dtype, w.trainable) for w in m.weights])
print(m.count_params(), len(m.non_trainable_weights))
"""
