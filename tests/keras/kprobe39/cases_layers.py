"""kprobe39's snippets over layers' configs round-tripped through get_config/from_config
(a sweep of the layers made with no arguments), custom objects' serialization,
preprocessing layers' adapt and vocabulary edges, and summaries of nested models."""

from tests.keras.kprobe39.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["layer_configs_round_trip_sweep"] = _TRY + """
# (not swept: ThresholdedReLU, tf.keras 2's layer eagerflow keeps and Keras 3 dropped;
# STFTSpectrogram, which Keras 3 makes only with scipy, absent beside the recorder's TF)
skip = ("Layer", "InputSpec", "Input", "InputLayer", "ThresholdedReLU", "STFTSpectrogram")
names = [n for n in dir(layers) if n[:1].isupper() and n not in skip]
for n in names:
    cls = getattr(layers, n)
    if not isinstance(cls, type):
        continue
    try:
        l = cls()
    except Exception as e:
        continue
    try:
        cfg = l.get_config()
        back = cls.from_config(cfg)
        same = back.get_config() == cfg
        print(n, len(cfg),
              same if same else sorted(k for k in cfg if back.get_config().get(k) != cfg[k]))
    except Exception as e:
        print(n, type(e).__name__, _cut(str(e))[:120])
"""

SNIPPETS["custom_objects_serialization"] = _TRY + """
S = keras.saving
@S.register_keras_serializable(package="k39", name="Twice")
class Twice(layers.Layer):
    def __init__(self, factor=2.0, **kw):
        super().__init__(**kw)
        self.factor = factor
    def call(self, x):
        return x * self.factor
    def get_config(self):
        return {**super().get_config(), "factor": self.factor}
@S.register_keras_serializable(package="k39")
def half_mse(y_true, y_pred):
    return keras.ops.mean(keras.ops.square(y_true - y_pred)) / 2.0
print(S.get_registered_name(Twice), S.get_registered_name(half_mse),
      S.get_registered_object("k39>Twice") is Twice)
t = Twice(3.0, name="tw")
s = S.serialize_keras_object(t)
print(sorted(s), s["class_name"], s["registered_name"], s["module"], sorted(s["config"]))
back = S.deserialize_keras_object(s)
print(type(back).__name__, back.factor, back.name)
sf = S.serialize_keras_object(half_mse)
print(_cut(repr(sf)))
print(S.deserialize_keras_object(sf) is half_mse)
tryq("loss_get", lambda: keras.losses.get("k39>half_mse") is half_mse)
tryq("unknown", lambda: S.deserialize_keras_object({"class_name": "Nope", "config": {},
                                                    "module": None, "registered_name": "Nope"}))
class Local(layers.Layer):
    pass
tryq("local_ser", lambda: S.serialize_keras_object(Local(name="lo"))["registered_name"])
tryq("local_back",
     lambda: type(S.deserialize_keras_object(S.serialize_keras_object(Local(name="lo")))).__name__)
tryq("local_scope",
     lambda: type(S.deserialize_keras_object(S.serialize_keras_object(Local(name="lo")),
                                             custom_objects={"Local": Local})).__name__)
with S.custom_object_scope({"Local": Local}):
    lo = S.serialize_keras_object(Local(name="lo"))
    tryq("in_scope", lambda: type(S.deserialize_keras_object(lo)).__name__)
tryq("after_scope", lambda: S.get_custom_objects().get("Local"))
tryq("lambda_ser", lambda: _cut(repr(S.serialize_keras_object(lambda x: x)))[:120])
tryq("ser_int", lambda: S.serialize_keras_object(3))
tryq("ser_np", lambda: S.serialize_keras_object(np.float32(2.5)))
tryq("ser_tuple", lambda: S.serialize_keras_object((1, "a")))
tryq("ser_dtype", lambda: S.serialize_keras_object(keras.DTypePolicy("mixed_float16")))
S.get_custom_objects().pop("k39>Twice", None); S.get_custom_objects().pop("k39>half_mse", None)
"""

SNIPPETS["preprocessing_adapt_vocabulary_edges"] = _TRY + """
def voc(label, make, data, call=None):
    try:
        l = make()
        l.adapt(data)
        v = l.get_vocabulary()
        print(label, len(v), [str(t) for t in v][:12], l.vocabulary_size())
        if call is not None:
            print("  ", np.asarray(l(call)).tolist())
    except Exception as e:
        print(label, type(e).__name__, _cut(str(e))[:200])
words = np.array(["a", "b", "b", "c", "c", "c", "", "d"])
voc("sl_max", lambda: layers.StringLookup(max_tokens=3), words, np.array(["c", "a", "zz"]))
voc("sl_oov2", lambda: layers.StringLookup(num_oov_indices=2, mask_token=""), words, np.array(["c",
    "", "zz", "q"]))
voc("sl_oov0", lambda: layers.StringLookup(num_oov_indices=0), words, np.array(["c", "b"]))
voc("sl_oov0_bad", lambda: layers.StringLookup(num_oov_indices=0), words, np.array(["zz"]))
voc("sl_invert", lambda: layers.StringLookup(invert=True), words, None)
voc("sl_onehot", lambda: layers.StringLookup(output_mode="one_hot"), words, np.array(["c", "zz"]))
voc("sl_count", lambda: layers.StringLookup(output_mode="count", pad_to_max_tokens=True,
                                            max_tokens=6), words, np.array([["c", "c", "a"]]))
voc("il_mask", lambda: layers.IntegerLookup(mask_token=0), np.array([0, 1, 1, 7, 7, 7, 9]),
    np.array([7, 0, 5]))
voc("il_max", lambda: layers.IntegerLookup(max_tokens=2), np.array([1, 1, 7, 7, 7, 9]),
    np.array([7, 1]))
voc("il_neg", lambda: layers.IntegerLookup(oov_token=-5), np.array([1, 1, 7]), np.array([7, 3]))
voc("sl_empty", lambda: layers.StringLookup(), np.array([], dtype=str), np.array(["a"]))
voc("tv_ngrams", lambda: layers.TextVectorization(ngrams=2, max_tokens=8), ["the cat sat",
    "the cat ran"], ["the cat"])
voc("tv_tfidf", lambda: layers.TextVectorization(output_mode="tf_idf", max_tokens=5), ["a b b",
    "b c"], ["b b c"])
voc("tv_split_none", lambda: layers.TextVectorization(split=None, standardize=None), ["Ab c",
    "ab"], ["ab", "Ab c"])
voc("tv_seq_len", lambda: layers.TextVectorization(output_sequence_length=4, vocabulary=None),
    ["x y z w v u"], ["x y z w v u", "y"])
def ad(label, make, data, call):
    try:
        l = make()
        l.adapt(data)
        print(label, r4s(l(call)))
    except Exception as e:
        print(label, type(e).__name__, _cut(str(e))[:200])
ad("norm_axis_none", lambda: layers.Normalization(axis=None), np.array([[1.0, 2.0], [3.0, 4.0]]),
   np.array([[1.0, 4.0]]))
ad("norm_axis_tuple", lambda: layers.Normalization(axis=(1, 2)), np.arange(12.0).reshape(2, 2, 3),
   np.ones((1, 2, 3)))
ad("norm_invert", lambda: layers.Normalization(invert=True), np.array([[1.0], [3.0]]),
   np.array([[0.0], [1.0]]))
ad("norm_const", lambda: layers.Normalization(), np.array([[2.0], [2.0]]), np.array([[2.0], [3.0]]))
ad("disc_eps", lambda: layers.Discretization(num_bins=3, epsilon=0.1), np.arange(10.0),
   np.array([0.0, 4.0, 9.0]))
ad("disc_dup", lambda: layers.Discretization(num_bins=4), np.array([1.0, 1.0, 1.0, 2.0]),
   np.array([0.0, 1.0, 2.0]))
"""

SNIPPETS["summaries_of_nested_models"] = _TRY + """
inner = keras.Sequential([keras.Input((4,)), layers.Dense(3, name="d1"), layers.Dropout(0.1,
    name="drop")], name="inner")
inner.layers[0].trainable = False
inp = keras.Input((4,), name="x")
mid = keras.Model(inp, layers.Dense(2, name="d2")(inner(inp)), name="mid")
x2 = keras.Input((4,), name="x2")
outer = keras.Model(x2, [mid(x2), inner(x2)], name="outer")
outer.summary(expand_nested=True, show_trainable=True)
tryq("positions3", lambda: outer.summary(line_length=60, positions=[0.4, 0.7, 1.0]))
outer.summary(line_length=70, positions=[0.3, 0.5, 0.65, 1.0])
tryq("bad_positions", lambda: outer.summary(positions=[0.5, 0.2, 0.9, 1.0]))
outer.summary(layer_range=["mid", "inner"])
tryq("bad_range", lambda: outer.summary(layer_range=["nope", "inner"]))
seen = []
outer.summary(print_fn=lambda line, line_break=False: seen.append(line))
print(len(seen))
"""

SNIPPETS["object_configs_round_trip_sweep"] = _TRY + """
def sweep_configs(modname, mod, skip=()):
    for n in sorted(dir(mod)):
        cls = getattr(mod, n)
        if not isinstance(cls, type) or n.startswith("_") or n in skip:
            continue
        try:
            o = cls()
        except Exception:
            continue
        try:
            cfg = o.get_config()
            back = cls.from_config(cfg)
            same = back.get_config() == cfg
            ser = keras.saving.serialize_keras_object(o)
            again = keras.saving.deserialize_keras_object(ser)
            print(modname, n, sorted(cfg) if not same else len(cfg), same,
                  type(again).__name__, ser.get("module"))
        except Exception as e:
            print(modname, n, type(e).__name__, _cut(str(e))[:120])
sweep_configs("metrics", keras.metrics, ("Metric", "MeanMetricWrapper", "Reduce"))
sweep_configs("losses", keras.losses, ("Loss", "LossFunctionWrapper", "Reduction"))
# (the STFT initializers: Keras 3 makes them only with scipy, absent beside the recorder's TF)
sweep_configs("initializers", keras.initializers,
              ("Initializer", "STFT", "STFTInitializer", "stft"))
sweep_configs("regularizers", keras.regularizers, ("Regularizer",))
sweep_configs("constraints", keras.constraints, ("Constraint",))
"""

SNIPPETS["nested_model_configs_round_trip"] = _TRY + """
keras.utils.set_random_seed(1)
inner = keras.Sequential([keras.Input((4,)), layers.Dense(3, name="d1"),
                          layers.Dropout(0.1, name="drop")], name="inner")
shared = layers.Dense(2, name="shared")
x1 = keras.Input((4,), name="x1")
x2 = keras.Input((4,), name="x2")
h1, h2 = inner(x1), inner(x2)
out = layers.Concatenate(name="cat")([shared(h1), shared(h2), keras.ops.multiply(h1, 2.0)])
outer = keras.Model([x1, x2], {"o": out, "h": h2}, name="outer")
cfg = outer.get_config()
print(sorted(cfg), [l["class_name"] for l in cfg["layers"]])
print(cfg["input_layers"], cfg["output_layers"])
print([[n for n in l["inbound_nodes"]] and len(l["inbound_nodes"]) for l in cfg["layers"]])
back = keras.Model.from_config(cfg)
print(back.name, [l.name for l in back.layers], back.get_config() == cfg)
back.set_weights(outer.get_weights())
a = np.arange(8, dtype="float32").reshape(2, 4) / 8.0
ya, yb = outer([a, a[::-1]]), back([a, a[::-1]])
print(sorted(ya), r4s(ya["o"]) == r4s(yb["o"]), r4s(yb["h"]))
js = outer.to_json()
m2 = keras.models.model_from_json(js)
print(type(m2).__name__, m2.name, len(m2.weights), [w.path for w in m2.weights][:4])
c = keras.models.clone_model(outer)
print(c.name, [l.name for l in c.layers], len(c.weights))
tryq("seq_cfg", lambda: sorted(inner.get_config()))
tryq("seq_back", lambda: [l.name for l in keras.Sequential.from_config(inner.get_config()).layers])
tryq("bad_cfg", lambda: keras.Model.from_config({"layers": [], "name": "z"}))
"""

SNIPPETS["clone_model_with_operations"] = _TRY + """
L = keras.layers; O = keras.ops
keras.utils.set_random_seed(1)
x = keras.Input((4,), name="x")
h = L.Dense(3, name="d")(x)
outs = [O.sum(h, axis=1, keepdims=True), O.multiply(h, 2.0), O.clip(h, -0.1, 0.1),
        O.transpose(O.expand_dims(h, 1), (0, 2, 1)),
        O.switch(0, [lambda a: a + 1.0, lambda a: a], h), O.map(lambda r: O.max(r), h)]
m = keras.Model(x, outs)
c = keras.models.clone_model(m)
c.set_weights(m.get_weights())
a = np.arange(8, dtype="float32").reshape(2, 4) / 8.0
for p, q in zip(m(a), c(a)):
    print(tuple(q.shape), np.allclose(np.asarray(p), np.asarray(q)))
print([type(o).__name__ for o in c.operations])
print([o.get_config() for o in c.operations if type(o).__name__ in ("Sum", "Clip", "Transpose")])
"""
