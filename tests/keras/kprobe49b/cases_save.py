"""kprobe49b's saving and model-building snippets: registered serializable names, custom
object scopes, .weights.h5 partial loads with skip_mismatch, Sequential pop/add errors,
functional models with shared layers and nested models' summaries."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe49b.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["register_keras_serializable_names"] = _TRY + """
@keras.saving.register_keras_serializable(package="Pk9b")
class L1(layers.Layer):
    pass
@keras.saving.register_keras_serializable(package="Pk9b", name="Other")
class L2(layers.Layer):
    pass
@keras.saving.register_keras_serializable()
def act9b(x):
    return x * 2
print(keras.saving.get_registered_name(L1), keras.saving.get_registered_name(L2), keras.saving.get_registered_name(act9b))
print(keras.saving.get_registered_object("Pk9b>L1") is L1, keras.saving.get_registered_object("Pk9b>Other") is L2, keras.saving.get_registered_object("Custom>act9b") is act9b)
print(keras.saving.get_registered_name(layers.Dense), keras.saving.get_registered_object("Nope>X"))
tryp("dup", lambda: keras.saving.register_keras_serializable(package="Pk9b")(L1))
tryp("no config", lambda: keras.saving.register_keras_serializable(package="Pk9b")(type("NoCfg", (), {})))
tryp("bad package", lambda: keras.saving.register_keras_serializable(package="a>b")(L1))
s = keras.saving.serialize_keras_object(L2(name="x"))
print(json.dumps(s, sort_keys=True, default=str))
print(type(keras.saving.deserialize_keras_object(s)).__name__)
"""

SNIPPETS["custom_object_scope_and_lookup"] = _TRY + """
class Sc(layers.Layer):
    def __init__(self, k=1, **kw):
        super().__init__(**kw)
        self.k = k
    def get_config(self):
        return {**super().get_config(), "k": self.k}
cfg = keras.saving.serialize_keras_object(Sc(3, name="s"))
print(json.dumps(cfg, sort_keys=True, default=str))
tryp("no scope", lambda: keras.saving.deserialize_keras_object(cfg))
with keras.saving.custom_object_scope({"Sc": Sc}):
    o = keras.saving.deserialize_keras_object(cfg)
    print(type(o).__name__, o.k, keras.saving.get_custom_objects().get("Sc") is Sc)
    print(keras.saving.get_registered_object("Sc") is Sc)
print(keras.saving.get_registered_object("Sc"))
tryp("custom_objects", lambda: type(keras.saving.deserialize_keras_object(cfg, custom_objects={"Sc": Sc})).__name__)
try:
    with keras.utils.CustomObjectScope({"Sc": Sc}, {"relu2": lambda x: x}):
        print(keras.activations.get("relu2") is not None)
except Exception as e:
    print("two dicts", type(e).__name__, str(e)[:150])
with keras.utils.CustomObjectScope({"relu2": lambda x: x}):
    tryp("get relu2", lambda: keras.activations.get("relu2") is not None)
    tryp("deser relu2", lambda: keras.saving.deserialize_keras_object("relu2") is not None)
"""

SNIPPETS["weights_h5_partial_load_skip_mismatch"] = _TRY + """
p = os.path.join(D, "a.weights.h5")
a = keras.Sequential([keras.Input((3,)), layers.Dense(4, name="d1"), layers.Dense(2, name="d2")])
fill(a)
a.save_weights(p)
b = keras.Sequential([keras.Input((3,)), layers.Dense(4, name="d1"), layers.Dense(5, name="d2")])
try:
    b.load_weights(p)
    print("loaded")
except Exception as e:
    print(type(e).__name__, str(e)[:300])
b = keras.Sequential([keras.Input((3,)), layers.Dense(4, name="d1"), layers.Dense(5, name="d2")])
out = lines(lambda: b.load_weights(p, skip_mismatch=True))
print(r4(np.asarray(b.layers[0].kernel).sum()), r4(np.asarray(a.layers[0].kernel).sum()), np.asarray(b.layers[1].kernel).shape)
c = keras.Sequential([keras.Input((3,)), layers.Dense(4)])
try:
    c.load_weights(p)
    print("c loaded", r4(np.asarray(c.layers[0].kernel).sum()))
except Exception as e:
    print(type(e).__name__, str(e)[:300])
c = keras.Sequential([keras.Input((3,)), layers.Dense(4), layers.Dense(2), layers.Dense(1)])
tryp("more layers", lambda: c.load_weights(p))
tryp("bad ext", lambda: c.load_weights(os.path.join(D, "x.bin")))
"""

SNIPPETS["layer_load_own_variables_mismatch"] = _TRY + """
p = os.path.join(D, "m.weights.h5")
m = keras.Sequential([keras.Input((3,)), layers.BatchNormalization(name="bn"), layers.Dense(2, use_bias=False, name="d")])
fill(m)
m.save_weights(p)
n = keras.Sequential([keras.Input((3,)), layers.BatchNormalization(name="bn"), layers.Dense(2, name="d")])
tryp("bias added", lambda: n.load_weights(p))
n = keras.Sequential([keras.Input((3,)), layers.BatchNormalization(name="bn"), layers.Dense(2, name="d")])
lines(lambda: n.load_weights(p, skip_mismatch=True))
print(r4(np.asarray(n.layers[0].moving_mean)), r4(np.asarray(n.layers[1].bias)))
"""

SNIPPETS["sequential_pop_and_add_errors"] = _TRY + """
s = keras.Sequential()
tryp("pop empty", lambda: s.pop())
tryp("add int", lambda: s.add(3))
tryz("add fn", lambda: s.add(lambda x: x))
s.add(keras.Input((3,)))
s.add(layers.Dense(2, name="a"))
tryp("dup name", lambda: s.add(layers.Dense(2, name="a")))
tryp("add input late", lambda: s.add(keras.Input((2,))))
s.add(layers.Dense(1, name="b"))
print([l.name for l in s.layers], s.built, s.output_shape if hasattr(s, "output_shape") else None)
print(s.pop().name, [l.name for l in s.layers], s.outputs[0].shape if s.built else None)
print(s.pop(rebuild=False).name, [l.name for l in s.layers])
tryp("pop last", lambda: s.pop())
print([l.name for l in s.layers], len(s.inputs or []) if s.built else "unbuilt")
s2 = keras.Sequential([layers.Dense(2)])
tryp("add model", lambda: s2.add(keras.Sequential([keras.Input((2,)), layers.Dense(3)])))
print([type(l).__name__ for l in s2.layers])
"""

SNIPPETS["functional_shared_layers_summary_and_config"] = _TRY + """
a = keras.Input((3,), name="a")
b = keras.Input((3,), name="b")
shared = layers.Dense(2, name="shared")
oa = shared(a)
ob = shared(b)
out = layers.Add(name="add")([oa, ob])
m = keras.Model([a, b], out, name="sh")
lines(lambda: m.summary())
print([len(l._inbound_nodes) for l in m.layers])
print(json.dumps([l["inbound_nodes"] for l in m.get_config()["layers"]], sort_keys=True)[:400])
tryp("output at 0", lambda: shared.get_output_at(0) if hasattr(shared, "get_output_at") else "n/a")
tryp("output", lambda: shared.output)
tryp("input", lambda: shared.input)
m2 = keras.Model.from_config(m.get_config())
print([len(l._inbound_nodes) for l in m2.layers], m2.count_params())
"""

SNIPPETS["nested_models_summary_expand_nested"] = _TRY + """
inner = keras.Sequential([keras.Input((4,)), layers.Dense(3, name="i1"), layers.Dense(2, name="i2")], name="inner")
x = keras.Input((4,), name="x")
mid_in = keras.Input((4,))
mid = keras.Model(mid_in, layers.Dense(4, name="m1")(mid_in), name="mid")
h = mid(x)
y = inner(h)
z = inner(h)
m = keras.Model(x, layers.Concatenate(name="cat")([y, z]), name="outer")
lines(lambda: m.summary(expand_nested=True))
lines(lambda: m.summary(show_trainable=True, line_length=90))
inner.trainable = False
lines(lambda: m.summary(expand_nested=True, show_trainable=True))
"""

SNIPPETS["get_layer_index_and_name_errors"] = _TRY + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="d"), layers.Dense(1, name="e")])
print(m.get_layer("d").name, m.get_layer(index=1).name)
tryp("missing", lambda: m.get_layer("zz"))
tryp("index big", lambda: m.get_layer(index=5))
tryp("none", lambda: m.get_layer())
tryp("both", lambda: m.get_layer("d", 0))
tryp("neg", lambda: m.get_layer(index=-1).name)
"""

SNIPPETS["keras_file_missing_custom_object"] = _TRY + """
class Cu(layers.Layer):
    def call(self, x):
        return x * 2
m = keras.Sequential([keras.Input((2,)), Cu(name="cu"), layers.Dense(1)])
p = os.path.join(D, "cu.keras")
m.save(p)
try:
    keras.models.load_model(p)
    print("loaded")
except Exception as e:
    print(type(e).__name__, str(e).replace(D, "TMP")[:400])
n = keras.models.load_model(p, custom_objects={"Cu": Cu})
print([type(l).__name__ for l in n.layers], r4(n(np.ones((1, 2), "float32")) - m(np.ones((1, 2), "float32"))))
"""

SNIPPETS["keras_file_compiled_metrics_round_trip"] = _TRY + """
m = dense_model(0.1, metrics=["mae", keras.metrics.RootMeanSquaredError(name="rm")], weighted_metrics=["mse"])
m.fit(X, Y, epochs=1, verbose=0)
p = os.path.join(D, "c.keras")
m.save(p)
n = keras.models.load_model(p)
print(n.compiled, [x.name for x in n.metrics], type(n.optimizer).__name__, r4(float(n.optimizer.learning_rate)))
print(r4(n.evaluate(X, Y, verbose=0, return_dict=True)))
print([x.name for x in n.metrics], r4(n.optimizer.iterations))
print(json.dumps(n.get_compile_config(), sort_keys=True, default=str)[:400])
"""

SNIPPETS["serialize_builtin_objects_names"] = _TRY + """
for o in [keras.losses.Huber(delta=0.5), keras.metrics.AUC(num_thresholds=10), keras.optimizers.Adam(1e-3), keras.activations.gelu, keras.initializers.GlorotUniform(seed=1), keras.regularizers.L1L2(0.1, 0.2), keras.constraints.MaxNorm(2)]:
    s = keras.saving.serialize_keras_object(o)
    print(s.get("module") if isinstance(s, dict) else None, s.get("class_name") if isinstance(s, dict) else s, s.get("registered_name") if isinstance(s, dict) else None)
    print(type(keras.saving.deserialize_keras_object(s)).__name__)
"""
