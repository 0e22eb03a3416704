"""kprobe30's snippets on model structure: subclassed models holding lists and dicts of
layers (tracking, weight order, trainable toggling), shared layers in the functional API,
and Model.summary of subclassed and nested models (see cases.py)."""

from tests.keras.kprobe30.prelude import _TRY

SNIPPETS = {}

SNIPPETS["subclass_list_of_layers_weight_order"] = _TRY + """
class Stack(keras.Model):
    def __init__(self):
        super().__init__()
        self.blocks = [layers.Dense(3, name=f"d{k}") for k in range(3)]
        self.head = layers.Dense(1, name="head")
    def call(self, x):
        for b in self.blocks:
            x = b(x)
        return self.head(x)
m = Stack()
print(m.built, len(m.weights), len(m.layers))
m(np.ones((1, 2), "float32"))
print([w.path for w in m.weights])
print([l.name for l in m.layers], type(m.blocks).__name__)
print(m.count_params(), len(m.trainable_weights))
m.blocks[1].trainable = False
print(len(m.trainable_weights), len(m.non_trainable_weights),
      [w.path for w in m.non_trainable_weights])
"""

SNIPPETS["subclass_dict_of_layers_tracking"] = _TRY + """
class Heads(keras.Model):
    def __init__(self):
        super().__init__()
        self.trunk = layers.Dense(4, name="trunk")
        self.heads = {"b": layers.Dense(1, name="hb"), "a": layers.Dense(2, name="ha")}
    def call(self, x):
        h = self.trunk(x)
        return {k: v(h) for k, v in self.heads.items()}
m = Heads()
out = m(np.ones((2, 3), "float32"))
print(sorted((k, tuple(v.shape)) for k, v in out.items()))
print([w.path for w in m.weights])
print([l.name for l in m.layers], type(m.heads).__name__)
show("add_after_build", lambda: m.heads.__setitem__("c", layers.Dense(3, name="hc")))
print([l.name for l in m.layers], len(m.weights), sorted(m.heads))
fill(m)
m.compile(optimizer="sgd", loss={"a": "mse", "b": "mse"})
y = {"a": np.zeros((2, 2), "float32"), "b": np.zeros((2, 1), "float32")}
print(r4(m.evaluate(np.ones((2, 3), "float32"), y, verbose=0, return_dict=True)))
"""

SNIPPETS["subclass_nested_models_trainable_toggle"] = _TRY + """
class Inner(keras.Model):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.d = layers.Dense(2)
        self.bn = layers.BatchNormalization()
    def call(self, x, training=None):
        return self.bn(self.d(x), training=training)
class Outer(keras.Model):
    def __init__(self):
        super().__init__()
        self.inner = Inner(name="inner")
        self.out = layers.Dense(1)
    def call(self, x, training=None):
        return self.out(self.inner(x, training=training))
m = Outer()
m(np.ones((2, 3), "float32"))
print(len(m.weights), len(m.trainable_weights), len(m.non_trainable_weights))
m.inner.trainable = False
print(len(m.trainable_weights), len(m.non_trainable_weights), m.inner.bn.trainable)
m.trainable = False
print(len(m.trainable_weights), m.out.trainable)
m.trainable = True
print(len(m.trainable_weights), m.inner.trainable, m.inner.d.trainable)
print([w.path for w in m.inner.weights])
m.compile(optimizer="sgd", loss="mse")
fill_bn(m)
before = wsum(m.inner)
m.inner.trainable = False
m.compile(optimizer="sgd", loss="mse")
m.fit(np.ones((4, 3), "float32"), np.zeros((4, 1), "float32"), epochs=1, verbose=0)
print(before == wsum(m.inner), wsum(m.out))
"""

SNIPPETS["layer_trainable_vs_freeze_like_helpers"] = _TRY + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(4), layers.BatchNormalization(),
                      layers.Dense(1)])
def freeze(model, upto):
    for l in model.layers[:upto]:
        l.trainable = False
freeze(m, 2)
print([l.trainable for l in m.layers], len(m.trainable_weights), len(m.non_trainable_weights))
print([w.path for w in m.non_trainable_weights])
print([v.trainable for v in m.layers[1].weights])
m.layers[1].trainable = True
print([v.trainable for v in m.layers[1].weights], len(m.trainable_weights))
v = m.layers[0].kernel
print(v.trainable)
v.trainable = False
print(len(m.trainable_weights), m.layers[0].trainable)
print(hasattr(m.layers[0], "freeze"), hasattr(keras.layers.Layer, "freeze"))
"""

SNIPPETS["subclass_layer_weights_created_in_init_build_and_call"] = _TRY + """
class L(layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.w0 = self.add_weight(shape=(2,), initializer="ones", name="w0")
        self.sub = layers.Dense(2, name="sub")
    def build(self, input_shape):
        self.w1 = self.add_weight(shape=(input_shape[-1], 2), initializer="zeros", name="w1")
        self.c = self.add_weight(shape=(), initializer="zeros", trainable=False, name="count")
    def call(self, x):
        self.c.assign_add(1.0)
        return self.sub(x) + keras.ops.matmul(x, self.w1) + self.w0
l = L(name="ell")
print([w.path for w in l.weights], l.built)
y = l(np.ones((1, 3), "float32"))
print([w.path for w in l.weights])
print([w.path for w in l.trainable_weights], [w.path for w in l.non_trainable_weights])
print(float(l.c), [tuple(w.shape) for w in l.weights])
l(np.ones((1, 3), "float32"))
print(float(l.c))
print(len(l._layers) if hasattr(l, "_layers") else None, [s.name for s in l._flatten_layers()])
"""

SNIPPETS["functional_shared_layer_nodes_and_weights"] = _TRY + """
shared = layers.Dense(3, name="shared")
a, b = keras.Input((4,), name="a"), keras.Input((4,), name="b")
ya, yb = shared(a), shared(b)
merged = layers.Concatenate(name="cat")([ya, yb])
m = keras.Model([a, b], layers.Dense(1, name="out")(merged))
print([l.name for l in m.layers])
print(len(m.weights), m.count_params())
print(len(shared._inbound_nodes))
fill(m)
x1 = np.ones((2, 4), "float32"); x2 = np.arange(8, dtype="float32").reshape(2, 4)
print(r4(m([x1, x2])))
print(r4(m({"a": x1, "b": x2})))
sub = keras.Model(a, ya)
print(r4(sub(x1)), sub.layers[-1] is shared)
lines(m.summary)
"""

SNIPPETS["functional_shared_submodel_siamese_and_get_layer"] = _TRY + """
tower = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="t_dense")], name="tower")
a, b = keras.Input((3,)), keras.Input((3,))
d = layers.Subtract()([tower(a), tower(b)])
m = keras.Model([a, b], layers.Lambda(lambda t: keras.ops.abs(t))(d), name="siam")
print([l.name for l in m.layers])
print(m.get_layer("tower") is tower, m.get_layer(index=2).name)
show("missing", lambda: m.get_layer("nope"))
show("both", lambda: m.get_layer("tower", 1))
fill(m)
x = np.ones((1, 3), "float32")
print(r4(m([x, x])), r4(m([x, 2 * x])))
print(len(m.weights), [w.path for w in m.weights])
lines(lambda: m.summary(expand_nested=True))
"""

SNIPPETS["summary_subclassed_unbuilt_and_built"] = _TRY + """
class Sub(keras.Model):
    def __init__(self):
        super().__init__(name="sub_model")
        self.d1 = layers.Dense(4, name="first")
        self.d2 = layers.Dense(2, name="second")
    def call(self, x):
        return self.d2(self.d1(x))
m = Sub()
lines(m.summary)
m(np.ones((1, 3), "float32"))
lines(m.summary)
m.d1.trainable = False
lines(lambda: m.summary(show_trainable=True))
"""

SNIPPETS["summary_subclassed_containing_functional_and_sequential"] = _TRY + """
i = keras.Input((3,))
fn = keras.Model(i, layers.Dense(4, name="fd")(i), name="functional_part")
seq = keras.Sequential([layers.Dense(2, name="sd")], name="seq_part")
class Wrap(keras.Model):
    def __init__(self):
        super().__init__(name="wrap")
        self.fn, self.seq = fn, seq
        self.extra = [layers.Dense(2, name="e0")]
    def call(self, x):
        return self.extra[0](self.seq(self.fn(x)))
m = Wrap()
m(np.ones((1, 3), "float32"))
lines(m.summary)
lines(lambda: m.summary(expand_nested=True))
lines(lambda: m.summary(layer_range=("seq_part", "e0")))
"""

SNIPPETS["summary_functional_multi_input_connected_to"] = _TRY + """
a = keras.Input((4,), name="left")
b = keras.Input((2,), name="right")
h = layers.Dense(3, name="dl")(a)
c = layers.Concatenate(name="join")([h, b])
o1 = layers.Dense(1, name="o1")(c)
o2 = layers.Dense(2, name="o2")(c)
m = keras.Model([a, b], [o1, o2], name="two_heads")
lines(lambda: m.summary(line_length=110))
lines(lambda: m.summary(positions=[0.4, 0.6, 0.75, 1.0], line_length=90))
show("bad_pos", lambda: m.summary(positions=[0.5, 0.6]))
"""

SNIPPETS["summary_sequential_nested_show_dtype_and_ranges"] = _TRY + """
inner = keras.Sequential([keras.Input((4,)), layers.Dense(3, name="i1"),
                          layers.Dense(3, name="i2")], name="inner")
m = keras.Sequential([keras.Input((4,)), inner, layers.Dense(1, name="top", dtype="float16")],
                     name="outer")
show("show_dtype", lambda: m.summary(show_dtype=True))
lines(lambda: m.summary(expand_nested=True, show_trainable=True))
lines(lambda: m.summary(layer_range=["inner", "top"]))
show("bad_range", lambda: m.summary(layer_range=["nope", "top"]))
"""

SNIPPETS["summary_print_fn_and_kwargs"] = _TRY + """
m = keras.Sequential([keras.Input((2,)), layers.Dense(2, name="a"), layers.Dense(1, name="b")],
                     name="tiny")
got = []
m.summary(print_fn=lambda s, line_break=False: got.append((s, line_break)))
print(len(got), [g[1] for g in got][:5])
print([g[0].replace(" ", "")[:30] for g in got][:4])
got2 = []
m.summary(print_fn=lambda s: got2.append(s))
print(len(got2))
print("".join(got2).count("Total params"))
"""

SNIPPETS["subclass_attribute_tracking_edge_cases"] = _TRY + """
class M(keras.Model):
    def __init__(self):
        super().__init__()
        self.tup = (layers.Dense(1, name="t0"), layers.Dense(1, name="t1"))
        self.nested = [[layers.Dense(1, name="n0")], {"k": layers.Dense(1, name="n1")}]
        self._private = layers.Dense(1, name="p")
        self.not_tracked = None
    def call(self, x):
        return (self.tup[0](x) + self.tup[1](x) + self.nested[0][0](x)
                + self.nested[1]["k"](x) + self._private(x))
m = M()
m(np.ones((1, 2), "float32"))
print(sorted(l.name for l in m.layers), len(m.weights))
print(type(m.tup).__name__, type(m.nested).__name__)
show("later", lambda: setattr(m, "later", layers.Dense(1, name="later")))
print(sorted(l.name for l in m.layers))
m.plain = 3
del m.plain
print(hasattr(m, "plain"), sorted(l.name for l in m.layers))
class N(keras.Model):
    def __init__(self):
        self.d = layers.Dense(1)
show("before_super", lambda: N())
"""

SNIPPETS["subclass_get_build_config_and_build_from_shape"] = _TRY + """
class M(keras.Model):
    def __init__(self, units=3, **kw):
        super().__init__(**kw)
        self.units = units
        self.d = layers.Dense(units)
    def call(self, x):
        return self.d(x)
    def get_config(self):
        return {**super().get_config(), "units": self.units}
m = M(units=2, name="mm")
m.build((None, 5))
print(m.built, [tuple(w.shape) for w in m.weights])
print(sorted(m.get_config()), m.get_config()["units"])
print(m.get_build_config())
m2 = M.from_config(m.get_config())
print(m2.name, m2.units, m2.built)
show("call_bad_shape", lambda: m(np.ones((1, 4), "float32")))
m3 = M(units=1)
show("build_no_shape", lambda: m3.build())
print(m3.built)
"""

SNIPPETS["model_layers_property_and_submodules"] = _TRY + """
i = keras.Input((3,))
blk = keras.Sequential([layers.Dense(2, name="bd")], name="blk")
o = blk(layers.Dense(3, name="pre")(i))
m = keras.Model(i, o, name="top")
print([l.name for l in m.layers])
print(sorted(type(s).__name__ + ":" + s.name for s in m._flatten_layers(include_self=False)))
print(len(m.submodules) if hasattr(m, "submodules") else None)
print([type(l).__name__ for l in m.layers])
print(m.layers[0].name.startswith("input_layer"), type(m.layers[0]).__name__)
print(m.inputs[0].name.startswith("keras_tensor"), m.outputs[0].shape)
"""

SNIPPETS["functional_model_as_layer_twice_and_weights_shared"] = _TRY + """
i = keras.Input((2,))
enc = keras.Model(i, layers.Dense(2, name="ed")(i), name="enc")
x1, x2 = keras.Input((2,)), keras.Input((2,))
o = layers.Add()([enc(x1), enc(x2)])
m = keras.Model([x1, x2], o)
print(len(m.weights), [l.name for l in m.layers])
fill(m)
a = np.array([[1.0, 2.0]], "float32")
print(r4(m([a, a])), r4(2 * enc(a)))
m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
m.fit([a, a], np.zeros((1, 2), "float32"), epochs=1, verbose=0)
print(r4(enc.weights[0]), r4(enc(a)))
print(len(enc._inbound_nodes))
"""

SNIPPETS["sequential_add_pop_and_rebuild"] = _TRY + """
m = keras.Sequential(name="grow")
m.add(keras.Input((3,)))
m.add(layers.Dense(4, name="a"))
m.add(layers.Dense(2, name="b"))
print([l.name for l in m.layers], m.built, m.output_shape)
m.pop()
print([l.name for l in m.layers], m.output_shape)
m.add(layers.Dense(5, name="c"))
print(m.output_shape, m.count_params())
show("add_bad", lambda: m.add("dense"))
show("pop_empty", lambda: keras.Sequential().pop())
m2 = keras.Sequential([layers.Dense(2)])
print(m2.built)
show("inputs_unbuilt", lambda: m2.inputs)
m2.build((None, 6))
print(m2.built, m2.count_params())
"""

SNIPPETS["model_weights_save_load_subclass_nested_h5"] = _TRY + """
class Inner(layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.ds = [layers.Dense(2, name="x"), layers.Dense(2, name="y")]
    def call(self, x):
        return self.ds[1](self.ds[0](x))
class M(keras.Model):
    def __init__(self):
        super().__init__()
        self.inner = Inner()
        self.head = layers.Dense(1)
    def call(self, x):
        return self.head(self.inner(x))
m = M(); m(np.ones((1, 3), "float32")); fill(m)
p = os.path.join(D, "w.weights.h5")
m.save_weights(p)
n = M(); n(np.ones((1, 3), "float32"))
n.load_weights(p)
print(wsum(m) == wsum(n), wsum(n))
import h5py
with h5py.File(p) as f:
    keys = []
    f.visit(keys.append)
print([k for k in keys if k.count("/") <= 3])
q = M()
show("unbuilt_load", lambda: q.load_weights(p))
"""

SNIPPETS["tied_embedding_output_projection"] = _TRY + """
class Tied(keras.Model):
    def __init__(self, vocab=5, dim=3):
        super().__init__()
        self.emb = layers.Embedding(vocab, dim, name="tok")
        self.bias = self.add_weight(shape=(vocab,), initializer="zeros", name="out_bias")
    def call(self, ids):
        h = self.emb(ids)
        return keras.ops.matmul(h, keras.ops.transpose(self.emb.embeddings)) + self.bias
m = Tied()
ids = np.array([[1, 2], [3, 4]], "int32")
y = m(ids)
fill(m)
print(tuple(y.shape), [w.path for w in m.weights])
print(r4(m(ids)[0]))
m.compile(optimizer=keras.optimizers.SGD(0.5),
          loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
print(logs4(m.fit(ids, ids, epochs=2, verbose=0)))
print(wsum(m))
"""

SNIPPETS["shared_layer_incompatible_second_call"] = _TRY + """
d = layers.Dense(2, name="dd")
a = keras.Input((3,))
d(a)
show("eager_bad", lambda: d(np.ones((1, 4), "float32")))
show("symbolic_bad", lambda: d(keras.Input((5,))))
print(tuple(d(keras.Input((3,))).shape[1:]))
c = layers.Conv1D(2, 2, name="cc")
c(np.ones((1, 4, 3), "float32"))
show("conv_bad", lambda: c(np.ones((1, 4, 2), "float32")))
print(tuple(c(np.ones((2, 6, 3), "float32")).shape))
"""

SNIPPETS["get_set_weights_order_and_errors"] = _TRY + """
class M(keras.Model):
    def __init__(self):
        super().__init__()
        self.b = layers.Dense(1, name="b")
        self.a = layers.Dense(2, name="a")
    def call(self, x):
        return self.b(self.a(x))
m = M(); m(np.ones((1, 3), "float32"))
print([w.shape for w in m.get_weights()])
print([w.path for w in m.weights])
ws = [np.full(w.shape, k, "float32") for k, w in enumerate(m.get_weights())]
m.set_weights(ws)
print(r4(m(np.ones((1, 3), "float32"))))
show("too_few", lambda: m.set_weights(ws[:2]))
show("bad_shape", lambda: m.set_weights([np.zeros((2, 2), "float32")] + ws[1:]))
show("layer_bad", lambda: m.a.set_weights([np.zeros((3, 2), "float32")]))
"""

SNIPPETS["summary_unbuilt_sequential_and_zero_param_layers"] = _TRY + """
m = keras.Sequential([layers.Dense(2, name="d"), layers.Dropout(0.1, name="drop")], name="lazy")
lines(m.summary)
m2 = keras.Sequential([keras.Input((2, 2)), layers.Flatten(name="f"), layers.Activation("relu",
                       name="act")], name="noparams")
lines(m2.summary)
print(m2.count_params())
m3 = keras.Sequential([keras.Input((4,)), layers.Dense(3, name="frozen")], name="part")
m3.layers[0].trainable = False
lines(m3.summary)
"""

SNIPPETS["nested_layer_training_argument_propagation"] = _TRY + """
seen = []
class Probe(layers.Layer):
    def call(self, x, training=None):
        seen.append(training)
        return x
class Block(layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.p = [Probe(), Probe()]
    def call(self, x):
        return self.p[1](self.p[0](x))
class M(keras.Model):
    def __init__(self):
        super().__init__()
        self.blk = Block()
    def call(self, x, training=None):
        return self.blk(x)
m = M()
x = np.ones((1, 2), "float32")
m(x); print(seen); seen.clear()
m(x, training=True); print(seen); seen.clear()
m(x, training=False); print(seen); seen.clear()
m.predict(x, verbose=0); print(seen); seen.clear()
m.compile(loss="mse", optimizer="sgd", run_eagerly=True)
try:
    m.fit(x, x, verbose=0)
except Exception as e:
    print(type(e).__name__)
print(seen[:2]); seen.clear()
m.evaluate(x, x, verbose=0); print(seen[:2])
"""

SNIPPETS["subclassed_model_in_functional_graph"] = _TRY + """
class Sub(keras.Model):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.d = layers.Dense(2, name="sd")
    def call(self, x):
        return keras.ops.relu(self.d(x))
s = Sub(name="subm")
i = keras.Input((3,))
o = layers.Dense(1, name="top")(s(i))
m = keras.Model(i, o)
print([l.name for l in m.layers], len(m.weights))
print([w.path for w in m.weights])
fill(m)
print(r4(m(np.ones((2, 3), "float32"))))
lines(m.summary)
p = os.path.join(D, "w.weights.h5")
m.save_weights(p)
m.load_weights(p)
print(wsum(m))
"""
