"""kprobe47b's first set: model.summary() (nested, shared layers, unbuilt, line_length,
positions, expand_nested, show_trainable), get_config/from_config round trips and the
functional API's rarer corners (dict inputs and outputs, nested structures, masks, reuse)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe47.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["summary_nested_expand"] = _TRY + """
inner = keras.Sequential([layers.Dense(3, name="d1"), layers.Dense(2, name="d2")], name="inner")
inp = keras.Input((4,), name="x")
out = layers.Dense(1, name="head")(inner(inp))
m = keras.Model(inp, out, name="outer")
m.summary(expand_nested=True)
m.summary(expand_nested=True, show_trainable=True, line_length=70)
"""

SNIPPETS["summary_shared_layer"] = _TRY + """
a = keras.Input((3,), name="a")
b = keras.Input((3,), name="b")
shared = layers.Dense(2, name="shared")
out = layers.Add(name="add")([shared(a), shared(b)])
m = keras.Model([a, b], out, name="siamese")
m.summary()
m.summary(positions=[0.4, 0.6, 0.75, 1.0], line_length=90)
"""

SNIPPETS["summary_unbuilt"] = _TRY + """
m = keras.Sequential([layers.Dense(3), layers.Dense(2)], name="lazy")
m.summary()
class Sub(keras.Model):
    def __init__(self):
        super().__init__(name="sub")
        self.d = layers.Dense(2)
    def call(self, x):
        return self.d(x)
s = Sub()
s.summary()
s(np.ones((1, 3), "float32"))
s.summary()
"""

SNIPPETS["summary_frozen_show_trainable"] = _TRY + """
m = keras.Sequential([keras.Input((4,)), layers.Dense(3, name="a"), layers.BatchNormalization(name="bn"), layers.Dense(1, name="b")], name="mixed")
m.get_layer("a").trainable = False
m.summary(show_trainable=True)
m.trainable = False
m.summary(show_trainable=True)
"""

SNIPPETS["summary_print_fn"] = _TRY + """
m = keras.Sequential([keras.Input((2,)), layers.Dense(1, name="only")], name="tiny")
lines = []
m.summary(print_fn=lambda s, **kw: lines.append((s, sorted(kw))))
print(len(lines))
print(lines[0][1])
show("bad positions", lambda: m.summary(positions=[0.5, 0.2, 0.9, 1.0]))
"""

SNIPPETS["summary_multi_io"] = _TRY + """
x = keras.Input((4,), name="x")
y = keras.Input((2,), name="y")
h = layers.Concatenate(name="cat")([x, y])
o1 = layers.Dense(1, name="o1")(h)
o2 = layers.Dense(3, activation="softmax", name="o2")(h)
m = keras.Model({"x": x, "y": y}, {"score": o1, "probs": o2}, name="multi")
m.summary()
print(m.output_names if hasattr(m, "output_names") else None)
show("call", lambda: m({"x": np.ones((1, 4), "float32"), "y": np.zeros((1, 2), "float32")}))
"""

SNIPPETS["config_dense_roundtrip"] = _TRY + """
d = layers.Dense(3, activation="relu", use_bias=False, kernel_regularizer="l2", name="dd")
c = d.get_config()
print(sorted(c))
print(c["kernel_initializer"], c["kernel_regularizer"], c["activation"], c["dtype"])
d2 = layers.Dense.from_config(c)
print(d2.name, d2.units, d2.use_bias, type(d2.kernel_regularizer).__name__, d2.kernel_regularizer.l2)
"""

SNIPPETS["config_layers_misc"] = _TRY + """
for layer in [layers.Conv2D(4, 3, strides=2, padding="same"), layers.LSTM(5, return_sequences=True),
              layers.Embedding(10, 3, mask_zero=True), layers.Dropout(0.3, seed=2),
              layers.LayerNormalization(axis=[-1]), layers.Normalization(mean=[1.0], variance=[4.0])]:
    c = layer.get_config()
    c.pop("name")
    print(type(layer).__name__, sorted(c.items()) if len(c) < 12 else sorted(c))
"""

SNIPPETS["config_sequential_roundtrip"] = _TRY + """
m = keras.Sequential([keras.Input((4,), name="inp"), layers.Dense(3, name="a"), layers.Dropout(0.1, name="drop")], name="seq")
c = m.get_config()
print(sorted(c))
print(c["name"], [l["class_name"] for l in c["layers"]])
print(c["layers"][0])
m2 = keras.Sequential.from_config(c)
print(m2.name, [l.name for l in m2.layers], m2.built, m2.input_shape)
"""

SNIPPETS["config_functional_roundtrip"] = _TRY + """
a = keras.Input((3,), name="a")
b = keras.Input((3,), name="b")
shared = layers.Dense(2, name="shared")
out = layers.Add(name="add")([shared(a), shared(b)])
m = keras.Model([a, b], out, name="fn")
c = m.get_config()
print(sorted(c))
print(c["input_layers"], c["output_layers"])
print([ (l["name"], l["inbound_nodes"] and len(l["inbound_nodes"])) for l in c["layers"]])
m2 = keras.Model.from_config(c)
m2.set_weights(m.get_weights())
xa = np.ones((1, 3), "float32"); xb = np.full((1, 3), 2.0, "float32")
show("same", lambda: np.allclose(m([xa, xb]), m2([xa, xb])))
"""

SNIPPETS["config_custom_layer_unregistered"] = _TRY + """
class Scale(layers.Layer):
    def __init__(self, k=2.0, **kw):
        super().__init__(**kw)
        self.k = k
    def call(self, x):
        return x * self.k
m = keras.Sequential([keras.Input((2,)), Scale(3.0, name="sc")])
c = m.get_config()
print(c["layers"][1]["class_name"], c["layers"][1]["config"])
show("no objects", lambda: keras.Sequential.from_config(c))
m2 = keras.Sequential.from_config(c, custom_objects={"Scale": Scale})
show("with objects", lambda: m2(np.ones((1, 2), "float32")))
"""

SNIPPETS["config_dict_io_model"] = _TRY + """
x = keras.Input((4,), name="x")
y = keras.Input((2,), name="y")
h = layers.Concatenate(name="cat")([x, y])
m = keras.Model({"x": x, "y": y}, {"o": layers.Dense(1, name="o")(h)})
c = m.get_config()
print(c["input_layers"], c["output_layers"])
m2 = keras.Model.from_config(c)
print([t.name for t in m2.inputs], m2.input_names if hasattr(m2, "input_names") else None)
show("call", lambda: m2({"x": np.ones((1, 4), "float32"), "y": np.ones((1, 2), "float32")}).keys() and sorted(m2({"x": np.ones((1, 4), "float32"), "y": np.ones((1, 2), "float32")})))
"""

SNIPPETS["functional_nested_outputs"] = _TRY + """
x = keras.Input((3,), name="x")
a = layers.Dense(2, name="a")(x)
b = layers.Dense(1, name="b")(x)
m = keras.Model(x, [a, (b, {"c": a})])
r = m(np.ones((2, 3), "float32"))
print(type(r).__name__, type(r[1]).__name__, type(r[1][1]).__name__, sorted(r[1][1]))
print(tf.nest.map_structure(lambda t: tuple(t.shape), r))
print(m.output_shape if hasattr(m, "output_shape") else None)
"""

SNIPPETS["functional_missing_input_errors"] = _TRY + """
x = keras.Input((3,), name="x")
y = keras.Input((3,), name="y")
out = layers.Add()([x, y])
show("disconnected", lambda: keras.Model(x, out))
m = keras.Model({"x": x, "y": y}, out)
show("dict missing key", lambda: m({"x": np.ones((1, 3), "float32")}))
show("list for dict", lambda: m([np.ones((1, 3), "float32"), np.ones((1, 3), "float32")]))
show("wrong width", lambda: m({"x": np.ones((1, 4), "float32"), "y": np.ones((1, 4), "float32")}))
"""

SNIPPETS["functional_masking_propagation"] = _TRY + """
inp = keras.Input((4,), dtype="int32")
e = layers.Embedding(5, 2, mask_zero=True, name="emb")(inp)
print(e._keras_mask if hasattr(e, "_keras_mask") else None)
h = layers.Dense(3, name="dense")(e)
p = layers.GlobalAveragePooling1D(name="pool")(h)
m = keras.Model(inp, [h, p])
data = np.array([[1, 2, 0, 0], [3, 0, 0, 0]])
h_out, p_out = m(data)
show("mask after dense", lambda: getattr(h_out, "_keras_mask", None))
show("pooled", lambda: p_out)
show("compute_mask", lambda: m.get_layer("emb").compute_mask(data))
show("masking layer", lambda: layers.Masking(mask_value=0.0)(np.array([[[0.0], [1.0]]], "float32"))._keras_mask)
"""

SNIPPETS["functional_layer_reuse_nodes"] = _TRY + """
d = layers.Dense(2, name="reused")
a = keras.Input((3,), name="a")
b = keras.Input((3,), name="b")
oa = d(a)
ob = d(b)
show("output ambiguous", lambda: d.output)
show("input ambiguous", lambda: d.input)
print(len(d._inbound_nodes))
m = keras.Model([a, b], [oa, ob])
print([n.name for n in m.layers])
show("node output", lambda: d.get_output_at(1) if hasattr(d, "get_output_at") else "none")
"""

SNIPPETS["functional_call_structures"] = _TRY + """
import warnings
def show_warned(label, fn):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        show(label, fn)
    for i in w:
        print("  warns", i.category.__name__, str(i.message)[:300])
a = keras.Input((2,), name="a")
b = keras.Input((3,), name="b")
out = layers.Concatenate()([a, layers.Dense(2)(b)])
show_warned("dict keys not names", lambda: keras.Model({"k1": a, "k2": b}, out).name)
m = keras.Model({"k1": a, "k2": b}, out)
one = np.ones((1, 2), "float32")
three = np.ones((1, 3), "float32")
show_warned("by keys", lambda: m({"k1": one, "k2": three}).shape)
show_warned("by input names", lambda: m({"a": one, "b": three}).shape)
show_warned("extra key", lambda: m({"k1": one, "k2": three, "zz": one}).shape)
m2 = keras.Model([a, b], [out])
show_warned("single list out", lambda: m2([one, three]))
show_warned("dict to list model", lambda: m2({"a": one, "b": three}))
show_warned("dict wrong names", lambda: m2({"x": one, "y": three}))
show_warned("too many", lambda: m2([one, three, one]))
show_warned("int inputs", lambda: m2([one.astype("int32"), three.astype("int32")]))
show_warned("rank 1", lambda: m2([one[0], three[0]]))
"""
