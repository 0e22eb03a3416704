"""kprobe24's snippets on models: summaries, layer access, configs and JSON (see
cases.py)."""

from tests.keras.kprobe24.prelude import _TRY

SNIPPETS = {}

SNIPPETS["summary_line_length_positions"] = _TRY + """
i = keras.Input((4,), name="feats")
x = layers.Dense(3, name="hidden")(i)
o = layers.Dense(1, name="out")(x)
m = keras.Model(i, o, name="tiny")
m.summary(line_length=60)
m.summary(positions=[0.5, 0.8, 1.0])
m.summary(line_length=100, positions=[30, 60, 80])
lines = []
m.summary(print_fn=lambda s, line_break=False: lines.append(s))
print(len(lines), lines[0] if lines else None)
tryp("bad_positions", lambda: m.summary(positions=[0.5, 0.4, 1.0, 1.2]))
"""

SNIPPETS["summary_nested_functional_expand"] = _TRY + """
inner = keras.Sequential([keras.Input((3,)), layers.Dense(4, name="d1"),
                          layers.Dense(2, name="d2")], name="inner")
inner.layers[0].trainable = False
i = keras.Input((3,), name="x")
a = inner(i)
b = layers.Dense(2, name="side")(i)
o = layers.Add(name="add")([a, b])
m = keras.Model(i, o, name="outer")
m.summary(expand_nested=True, show_trainable=True)
m.summary(expand_nested=False, show_trainable=True, line_length=90)
"""

SNIPPETS["summary_subclassed_built_and_called"] = _TRY + """
class Block(keras.Model):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.d1 = layers.Dense(4, activation="relu")
        self.d2 = layers.Dense(2)
        self.bn = layers.BatchNormalization()
    def call(self, x, training=False):
        return self.d2(self.bn(self.d1(x), training=training))
b = Block(name="block")
b.summary()
b(np.ones((2, 3), "float32"))
b.summary()
b.summary(expand_nested=True, show_trainable=True)
print(b.count_params(), len(b.trainable_weights), len(b.non_trainable_weights))
"""

SNIPPETS["get_layer_errors_and_count_params"] = _TRY + """
m = keras.Sequential([keras.Input((2,)), layers.Dense(3, name="a"), layers.Dense(1, name="b")])
print(m.get_layer("a").name, m.get_layer(index=1).name, m.get_layer(index=-1).name)
tryp("missing", lambda: m.get_layer("zz"))
tryp("index_out", lambda: m.get_layer(index=5))
tryp("none", lambda: m.get_layer())
tryp("both", lambda: m.get_layer("a", index=0))
tryp("index_str", lambda: m.get_layer(index="a"))
d = layers.Dense(3)
tryp("count_unbuilt", lambda: d.count_params())
d.build((None, 4))
print(d.count_params())
s = keras.Sequential([layers.Dense(2)])
tryp("seq_unbuilt", lambda: s.count_params())
s.build((None, 5))
print(s.count_params(), s.layers[0].count_params())
e = layers.Embedding(10, 3)
tryp("emb_count", lambda: e.count_params())
print(layers.Dropout(0.5).count_params() if layers.Dropout(0.5).built else "unbuilt")
tryp("dropout_count", lambda: layers.Dropout(0.5).count_params())
"""

SNIPPETS["to_json_custom_objects_round_trip"] = _TRY + """
import json
@keras.saving.register_keras_serializable(package="k24")
class Scale(layers.Layer):
    def __init__(self, factor=2.0, **kw):
        super().__init__(**kw)
        self.factor = factor
    def call(self, x):
        return x * self.factor
    def get_config(self):
        return {**super().get_config(), "factor": self.factor}
i = keras.Input((2,), name="i")
o = Scale(3.0, name="scale")(layers.Dense(2, name="d")(i))
m = keras.Model(i, o, name="jm")
js = m.to_json()
cfg = json.loads(js)
print(sorted(cfg), cfg["class_name"], cfg["module"], cfg["registered_name"])
print([l["class_name"] for l in cfg["config"]["layers"]], cfg["config"]["layers"][2]["module"],
      cfg["config"]["layers"][2]["registered_name"])
m2 = keras.models.model_from_json(js)
print(m2.name, [l.__class__.__name__ for l in m2.layers], m2.layers[2].factor)
print(len(json.loads(m.to_json(indent=2)).keys()), m.to_json(indent=2).count(chr(10)) > 10)
s = keras.Sequential([keras.Input((3,)), layers.Dense(1)], name="sq")
print(keras.models.model_from_json(s.to_json()).summary() is None)
tryp("bad_json", lambda: keras.models.model_from_json("{not json"))
tryp("not_model", lambda: keras.models.model_from_json(json.dumps(
    {"class_name": "Dense", "config": {"units": 2}})))
"""

SNIPPETS["preprocessing_configs_round_trip"] = _TRY + """
makers = [
    lambda: layers.TextVectorization(max_tokens=9, ngrams=2, output_mode="count",
                                     split="character", standardize="lower"),
    lambda: layers.StringLookup(vocabulary=["a", "b"], num_oov_indices=2, mask_token="m"),
    lambda: layers.IntegerLookup(vocabulary=[4, 5], invert=True),
    lambda: layers.Discretization(bin_boundaries=[0.0, 2.0], output_mode="one_hot"),
    lambda: layers.CategoryEncoding(num_tokens=5, output_mode="count", sparse=False),
    lambda: layers.Hashing(num_bins=6, salt=[3, 4], output_mode="one_hot"),
    lambda: layers.Normalization(mean=[1.0, 2.0], variance=[4.0, 9.0]),
    lambda: layers.Rescaling(scale=0.5, offset=1.0),
    lambda: layers.CenterCrop(2, 3),
    lambda: layers.Resizing(4, 5, interpolation="nearest", crop_to_aspect_ratio=True),
]
for make in makers:
    l = make()
    c = l.get_config()
    back = l.__class__.from_config(c)
    same = back.get_config() == c
    print(l.__class__.__name__, same, sorted(k for k in c if k not in ("name", "dtype")))
    ser = keras.saving.serialize_keras_object(l)
    again = keras.saving.deserialize_keras_object(ser)
    print(" ", ser["module"], ser["class_name"], again.get_config() == c)
"""

SNIPPETS["preprocessing_model_saved_keras_file"] = _TRY + """
os.chdir(D)
tv = layers.TextVectorization(max_tokens=8, output_mode="multi_hot")
tv.adapt(np.array(["red fox", "blue fox", "red sky"]))
n = layers.Normalization()
n.adapt(np.array([[1.0], [3.0], [5.0]], "float32"))
ti = keras.Input((), dtype="string", name="text")
ni = keras.Input((1,), name="num")
o = layers.Concatenate()([tv(ti), n(ni)])
m = keras.Model({"text": ti, "num": ni}, o)
x = {"text": tf.constant(["red fox sky", "cat"]), "num": np.array([[3.0], [7.0]], "float32")}
tryp("mixed", lambda: m(x))
tryp("mixed_list", lambda: tv([tf.constant(["a"]), "b"]))
x["num"] = tf.constant(x["num"])
print(r4(m(x)), r4(m.predict({"text": np.array(["sky"], dtype=object), "num": np.ones((1, 1))},
                             verbose=0)))
m.save("p.keras")
m2 = keras.saving.load_model("p.keras")
print(r4(m2(x)), m2.layers[2].get_vocabulary() if hasattr(m2.layers[2], "get_vocabulary")
      else [l.__class__.__name__ for l in m2.layers])
print(sorted(l.__class__.__name__ for l in m2.layers))
"""

SNIPPETS["model_layer_lookup_and_weights_api"] = _TRY + """
m = keras.Sequential([keras.Input((2,)), layers.Dense(2, name="a"),
                      layers.Dropout(0.1, name="dr"), layers.Dense(1, name="b")], name="s")
fill(m)
print([w.path for w in m.weights], [w.shape for w in m.get_weights()])
m.get_layer("a").trainable = False
print(len(m.trainable_weights), len(m.non_trainable_weights), m.count_params())
ws = m.get_weights()
m.set_weights([w * 0 for w in ws])
print(r4(m.get_weights()[0]))
tryp("set_short", lambda: m.set_weights(ws[:2]))
tryp("set_shape", lambda: m.set_weights([ws[1]] + ws[1:]))
tryp("layer_set", lambda: m.get_layer("a").set_weights([np.ones((3, 2))]))
print([l.name for l in m.layers], m.layers[1].name, m.get_layer("dr").rate)
print(m.inputs[0].shape, m.outputs[0].shape, m.input_shape, m.output_shape)
print(m.get_layer("a").input.shape, m.get_layer("b").output.shape)
"""
