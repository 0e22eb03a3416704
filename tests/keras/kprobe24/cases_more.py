"""kprobe24's snippets on FeatureSpace, functional models of ops, clones and inputs (see
cases.py)."""

from tests.keras.kprobe24.prelude import _TRY

SNIPPETS = {}

SNIPPETS["feature_space_dict_output_and_errors"] = _TRY + """
FS = keras.utils.FeatureSpace
data = {"price": np.array([1.0, 4.0, 2.0, 9.0], "float32"),
        "color": np.array(["red", "blue", "red", "green"]),
        "size": np.array([3, 1, 3, 2], "int64"),
        "w": np.array([0.5, 0.1, 0.9, 0.2], "float32")}
fs = FS(features={"price": FS.float_discretized(num_bins=2), "color": "string_categorical",
                  "size": FS.integer_hashed(num_bins=4), "w": "float"}, output_mode="dict")
tryp("unadapted", lambda: fs(data))
fs.adapt(tf.data.Dataset.from_tensor_slices(data).batch(2))
out = fs(data)
print(sorted(out), {k: (tuple(v.shape), str(v.dtype)) for k, v in sorted(out.items())})
print(r4(out["price"]), r4(out["color"][:2]), r4(out["w"]))
enc = fs.get_encoded_features()
print(sorted(enc), sorted(k for k in fs.get_inputs()))
print(r4(fs({k: v[:1] for k, v in data.items()})["size"]))
tryp("bad_name", lambda: FS(features={"a": "no_such_kind"}))
tryp("bad_mode", lambda: FS(features={"a": "float"}, output_mode="list"))
tryp("cross_missing", lambda: FS(features={"a": "float"},
                                 crosses=[FS.cross(("a", "b"), crossing_dim=3)]))
tryp("adapt_array", lambda: FS(features={"a": "float"}).adapt(np.ones(3)))
"""

SNIPPETS["feature_space_crosses_and_save"] = _TRY + """
os.chdir(D)
FS = keras.utils.FeatureSpace
data = {"a": np.array([1, 2, 1, 3], "int64"), "b": np.array(["x", "y", "y", "x"]),
        "c": np.array([0.1, 0.4, 0.2, 0.3], "float32")}
fs = FS(features={"a": FS.integer_categorical(num_oov_indices=0),
                  "b": FS.string_categorical(num_oov_indices=0, output_mode="int"),
                  "c": FS.float_rescaled(scale=10.0, offset=1.0)},
        crosses=[FS.cross(("a", "b"), crossing_dim=5, output_mode="int")],
        output_mode="dict")
fs.adapt(tf.data.Dataset.from_tensor_slices(data))
out = fs(data)
print({k: v.numpy().round(4).tolist() for k, v in sorted(out.items())})
fs.save("fs.keras")
back = keras.saving.load_model("fs.keras")
print(type(back).__name__, {k: v.numpy().round(4).tolist() for k, v in sorted(back(data).items())})
c = fs.get_config()
print(sorted(c), c["output_mode"], sorted(c["features"]))
print(sorted(FS.integer_categorical(max_tokens=3).__dict__) if hasattr(
    FS.integer_categorical(max_tokens=3), "__dict__") else None)
"""

SNIPPETS["functional_of_ops_summary"] = _TRY + """
i = keras.Input((3,), name="x")
a = layers.Dense(2, name="d")(i)
b = keras.ops.sum(a, axis=-1, keepdims=True)
c = a * 2.0 + b
d = keras.ops.concatenate([c, i], axis=-1)
m = keras.Model(i, [d, b], name="ops_model")
fill(m)
print([l.__class__.__name__ for l in m.layers])
print([l.name for l in m.layers])
m.summary()
print(r4(m(np.ones((1, 3), "float32"))))
cfg = m.get_config()
print(sorted(cfg))
m2 = keras.Model.from_config(cfg)
fill(m2)
print(r4(m2(np.ones((1, 3), "float32"))), [l.name for l in m2.layers])
"""

SNIPPETS["clone_model_input_tensors_and_fn"] = _TRY + """
base = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="a"),
                         layers.Dense(1, name="b")], name="base")
fill(base)
c = keras.models.clone_model(base)
print(c.name, [l.name for l in c.layers], r4(c.layers[0].kernel[0]) != r4(base.layers[0].kernel[0]))
new_in = keras.Input((3,), name="fresh")
c2 = keras.models.clone_model(base, input_tensors=new_in)
print(c2.inputs[0].name, type(c2).__name__)
def swap(layer):
    if isinstance(layer, layers.Dense):
        return layers.Dense(layer.units, activation="relu", name=layer.name + "_r")
    return layer.__class__.from_config(layer.get_config())
c3 = keras.models.clone_model(base, clone_function=swap)
print([(l.name, l.activation.__name__) for l in c3.layers])
i = keras.Input((3,))
f = keras.Model(i, layers.Dense(2, name="fd")(i), name="func")
c4 = keras.models.clone_model(f, call_function=None)
print(type(c4).__name__, c4.name, [l.name for l in c4.layers])
c4.set_weights(f.get_weights())
print(np.allclose(c4(np.ones((1, 3))), f(np.ones((1, 3)))))
class Sub(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = layers.Dense(1)
    def call(self, x):
        return self.d(x)
tryp("subclassed", lambda: keras.models.clone_model(Sub()))
tryp("bad_fn", lambda: keras.models.clone_model(base, clone_function=lambda l: 3))
"""

SNIPPETS["input_keras_tensor_reprs"] = _TRY + """
for kw in [dict(shape=(3,)), dict(shape=(None, 4), name="seq"), dict(shape=(2,), batch_size=5),
           dict(shape=(), dtype="string"), dict(shape=(3,), sparse=True),
           dict(batch_shape=(7, 2), dtype="int32"), dict(shape=(2,), dtype="bool")]:
    t = keras.Input(**kw)
    print(repr(t).replace("0x", "@").split(" at ")[0] if " at " in repr(t) else repr(t))
    print(" ", t.shape, t.dtype, t.sparse, t.name.startswith("keras_tensor") or t.name)
tryp("both", lambda: keras.Input(shape=(2,), batch_shape=(1, 2)))
tryp("neither", lambda: keras.Input())
tryp("bad_dtype", lambda: keras.Input((2,), dtype="complexx"))
tryp("tensor_arg", lambda: keras.Input(tensor=np.ones((2, 2))))
t = keras.Input((3,))
tryp("numpy", lambda: t.numpy())
tryp("bool", lambda: bool(t))
tryp("iter", lambda: list(t))
print((t + 1).shape, t[:, 0].shape, keras.ops.shape(t), len(keras.Input((4, 2)).shape))
"""

SNIPPETS["sequential_unbuilt_summary_json"] = _TRY + """
import json
s = keras.Sequential([layers.Dense(3, name="a"), layers.Dense(1, name="b")], name="lazy")
s.summary()
print(s.built)
js = json.loads(s.to_json())
print(js["config"]["layers"][0]["class_name"], len(js["config"]["layers"]),
      js["config"].get("build_input_shape"))
s2 = keras.models.model_from_json(s.to_json())
print(s2.built, [l.name for l in s2.layers])
s(np.ones((2, 4), "float32"))
s.summary()
js = json.loads(s.to_json())
print([l["class_name"] for l in js["config"]["layers"]], js["config"]["build_input_shape"])
tryp("inputs_attr", lambda: keras.Sequential([layers.Dense(1)]).inputs)
tryp("input_attr", lambda: keras.Sequential([layers.Dense(1)]).input)
tryp("output_shape", lambda: keras.Sequential([layers.Dense(1)]).output_shape)
"""

SNIPPETS["subclassed_model_config_and_json"] = _TRY + """
class Net(keras.Model):
    def __init__(self, units=2, **kw):
        super().__init__(**kw)
        self.units = units
        self.d = layers.Dense(units)
    def call(self, x):
        return self.d(x)
n = Net(3, name="net")
n(np.ones((1, 2), "float32"))
tryp("config", lambda: sorted(n.get_config()))
tryp("json", lambda: n.to_json()[:80])
class Net2(Net):
    def get_config(self):
        return {"units": self.units, "name": self.name}
n2 = Net2(4, name="net2")
print(n2.get_config())
print(n2.to_json()[:120])
tryp("from_json", lambda: keras.models.model_from_json(n2.to_json()))
back = keras.models.model_from_json(n2.to_json(), custom_objects={"Net2": Net2})
print(type(back).__name__, back.units, back.name, back.built)
print(Net.from_config({"units": 5}).units)
"""

SNIPPETS["nested_models_get_layer_and_weights"] = _TRY + """
inner = keras.Sequential([keras.Input((2,)), layers.Dense(3, name="in_d")], name="inner")
i = keras.Input((2,), name="x")
o = layers.Dense(1, name="head")(inner(i))
m = keras.Model(i, o, name="outer")
print([l.name for l in m.layers], m.get_layer("inner").name)
tryp("nested_name", lambda: m.get_layer("in_d"))
print(m.get_layer("inner").get_layer("in_d").units)
print([w.path for w in m.weights], [w.path for w in inner.weights])
inner.trainable = False
print(len(m.trainable_weights), len(m.non_trainable_weights), [w.path for w in m.trainable_weights])
print(m.count_params(), inner.count_params())
m.compile(optimizer="sgd", loss="mse")
print(len(m.trainable_variables), m.layers[1].trainable, m.layers[1].layers[0].trainable)
inner.layers[0].trainable = True
print(inner.trainable, len(m.trainable_weights), len(m.non_trainable_weights),
      [w.path for w in m.trainable_weights], len(inner.trainable_weights))
m.compile(optimizer="sgd", loss="mse")
before = inner.layers[0].kernel.numpy().copy()
m.fit(np.ones((4, 2), "float32"), np.ones((4, 1), "float32"), verbose=0)
print(len(m.trainable_variables), bool(np.any(before != inner.layers[0].kernel.numpy())))
d = layers.Dense(2, name="late")
d.trainable = False
s = keras.Sequential([keras.Input((3,)), d, layers.Dense(1)])
print(d.kernel.trainable, len(s.trainable_weights), len(s.non_trainable_weights))
d.trainable = True
print(d.kernel.trainable, len(s.trainable_weights))
"""

SNIPPETS["text_vectorization_ragged_sparse_outputs"] = _TRY + """
tv = layers.TextVectorization(ragged=True)
tv.adapt(np.array(["a b c", "b c", "c"]))
r = tv(np.array(["a b", "c c c", ""]))
print(type(r).__name__, r.to_list(), r.dtype)
tryp("ragged_len", lambda: layers.TextVectorization(ragged=True, output_sequence_length=3))
tryp("ragged_mode", lambda: layers.TextVectorization(ragged=True, output_mode="count"))
tv2 = layers.TextVectorization(output_mode="multi_hot", sparse=True)
tv2.adapt(np.array(["a b c", "b c"]))
s = tv2(np.array(["a a", "c"]))
print(type(s).__name__, s.dense_shape.numpy().tolist() if hasattr(s, "dense_shape") else None,
      tf.sparse.to_dense(s).numpy().tolist())
tryp("sparse_int", lambda: layers.TextVectorization(sparse=True, output_mode="int"))
tryp("seq_len_multi", lambda: layers.TextVectorization(output_mode="multi_hot",
                                                       output_sequence_length=3))
tryp("pad_int", lambda: layers.TextVectorization(output_mode="int", pad_to_max_tokens=True))
tv3 = layers.TextVectorization()
print(tv3.vocabulary_size(), tv3.get_vocabulary())
tryp("call_unadapted", lambda: tv3(np.array(["a"])).numpy().tolist())
"""

SNIPPETS["lookup_sparse_vocab_file_outputs"] = _TRY + """
os.chdir(D)
with open("vocab.txt", "w") as f:
    f.write("apple\\nbanana\\ncherry\\n")
sl = layers.StringLookup(vocabulary="vocab.txt")
print(sl.get_vocabulary(), sl(np.array(["cherry", "kiwi"])).numpy().tolist())
print(sl.get_config()["vocabulary"], sl.vocabulary_size())
sl2 = layers.StringLookup(vocabulary="vocab.txt", output_mode="count", sparse=True)
s = sl2(np.array([["apple", "apple", "kiwi"]]))
print(type(s).__name__, s.indices.numpy().tolist(), s.values.numpy().tolist())
tryp("missing_file", lambda: layers.StringLookup(vocabulary="nope.txt"))
il = layers.IntegerLookup(vocabulary=[3, 5], output_mode="one_hot", sparse=True)
t = il(np.array([5, 9]))
print(type(t).__name__, tf.sparse.to_dense(t).numpy().tolist())
tryp("sparse_int", lambda: layers.IntegerLookup(vocabulary=[1], sparse=True))
"""

SNIPPETS["normalization_adapt_inputs_kinds"] = _TRY + """
n = layers.Normalization()
n.adapt(np.array([[1, 2], [3, 4]], "int32"))
print(r4(n.mean), r4(n(np.array([[1, 2]], "int32"))), n(np.array([[1, 2]], "int32")).dtype)
n.adapt(tf.constant([[0.0, 2.0], [4.0, 6.0]]))
print(r4(n.mean))
ds = tf.data.Dataset.from_tensor_slices((np.ones((4, 2), "float32"), np.zeros(4)))
tryp("tuple_ds", lambda: n.adapt(ds.batch(2)))
tryp("list", lambda: layers.Normalization().adapt([[1.0, 2.0], [3.0, 4.0]]))
n2 = layers.Normalization(axis=None)
tryp("steps", lambda: n2.adapt(np.ones((2, 2)), steps=1))
n2.adapt(tf.data.Dataset.from_tensor_slices(np.arange(6.0).reshape(3, 2)).batch(2))
print(r4(n2.mean), r4(n2.variance))
n3 = layers.Normalization(dtype="float64")
n3.adapt(np.array([[1.0], [2.0]]))
print(n3(np.array([[1.5]])).dtype, n3.mean.dtype)
n4 = layers.Normalization(axis=-1)
n4.build((None, 3))
print(r4(n4.mean), r4(n4.variance), r4(n4(np.ones((1, 3), "float32"))))
"""

SNIPPETS["trainable_flags_of_variables_and_layers"] = _TRY + """
d = layers.Dense(2, name="d")
d.build((None, 3))
d.kernel.trainable = False
print([w.path for w in d.trainable_weights], [w.path for w in d.non_trainable_weights])
m = keras.Sequential([keras.Input((3,)), d, layers.BatchNormalization(name="bn")], name="s")
print([w.path for w in m.trainable_weights], [w.path for w in m.non_trainable_weights])
m.trainable = False
print(d.kernel.trainable, d.bias.trainable, len(m.trainable_weights))
m.trainable = True
print(d.kernel.trainable, [w.path for w in m.trainable_weights])
bn = m.get_layer("bn")
bn.trainable = False
m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
fill(m)
before = r4(bn.moving_mean)
m.fit(np.ones((4, 3), "float32") * 2, np.zeros((4, 2), "float32"), verbose=0, epochs=1)
print(before == r4(bn.moving_mean), [w.path for w in m.trainable_weights])
class Holder(layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.inner = layers.Dense(1, name="hd")
        self.w = self.add_weight(shape=(1,), name="own", trainable=False)
    def call(self, x):
        return self.inner(x) + self.w
h = Holder(name="holder")
h.trainable = False
h(np.ones((1, 2), "float32"))
print([(w.path, w.trainable) for w in h.weights], len(h.trainable_weights))
h.inner.trainable = True
print([w.path for w in h.trainable_weights], [w.path for w in h.non_trainable_weights])
h.trainable = True
print([w.path for w in h.trainable_weights], [w.path for w in h.non_trainable_weights])
"""
