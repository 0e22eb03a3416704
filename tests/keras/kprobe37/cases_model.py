"""kprobe37's model snippets: summaries of nested and functional models with shared
layers, to_json, clone_model, get_layer's errors, Sequential.pop, and compile/fit's
argument errors (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe37.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["summary_shared_layer_functional"] = _TRY + """
inp1, inp2 = keras.Input((4,), name="a"), keras.Input((4,), name="b")
shared = layers.Dense(3, name="shared")
out = layers.Concatenate(name="cat")([shared(inp1), shared(inp2)])
m = keras.Model([inp1, inp2], layers.Dense(1, name="head")(out), name="siamese")
m.summary()
m.summary(show_trainable=True, expand_nested=True)
print(len(shared._inbound_nodes), shared.count_params(), m.count_params())
"""

SNIPPETS["summary_nested_models_expanded"] = _TRY + """
inner = keras.Sequential([keras.Input((4,)), layers.Dense(3, name="d1"), layers.Dropout(0.1, name="drop")], name="inner")
inp = keras.Input((4,), name="x")
h = inner(inp)
sub = keras.Model(keras.Input((3,)), layers.Dense(2, name="d2")(keras.Input((3,))) if False else None, name="x") if False else None
f_in = keras.Input((3,), name="f_in")
f = keras.Model(f_in, layers.Dense(2, name="d2")(f_in), name="func")
y = f(h)
outer = keras.Model(inp, [y, h], name="outer")
outer.summary(expand_nested=True, line_length=70)
inner.trainable = False
outer.summary(show_trainable=True, line_length=90)
outer.summary(layer_range=["inner", "func"])
tryp("bad_range", lambda: outer.summary(layer_range=["nope", "func"]))
tryp("bad_range_len", lambda: outer.summary(layer_range=["inner"]))
"""

SNIPPETS["to_json_shared_and_nested"] = _TRY + """
inp1, inp2 = keras.Input((4,), name="a"), keras.Input((4,), name="b")
shared = layers.Dense(3, name="shared")
m = keras.Model([inp1, inp2], layers.Add(name="add")([shared(inp1), shared(inp2)]), name="siamese")
cfg = json.loads(m.to_json())
print(sorted(cfg), cfg["class_name"], sorted(cfg["config"]))
for l in cfg["config"]["layers"]:
    print(l["name"], l["class_name"], json.dumps(l["inbound_nodes"])[:300])
print(cfg["config"]["input_layers"], cfg["config"]["output_layers"])
back = keras.models.model_from_json(m.to_json())
print([l.name for l in back.layers], len(back.layers[2]._inbound_nodes))
seq = keras.Sequential([keras.Input((2,)), layers.Dense(1)], name="s")
j = json.loads(seq.to_json(indent=1))
print(j["class_name"], [l["class_name"] for l in j["config"]["layers"]], j["config"].get("build_input_shape"))
tryp("bad_json", lambda: keras.models.model_from_json("{nope"))
tryp("not_model", lambda: keras.models.model_from_json(json.dumps({"class_name": "Dense", "config": {"units": 2}})))
"""

SNIPPETS["clone_model_shared_and_functions"] = _TRY + """
inp1, inp2 = keras.Input((4,), name="a"), keras.Input((4,), name="b")
shared = layers.Dense(3, name="shared")
m = keras.Model([inp1, inp2], layers.Add(name="add")([shared(inp1), shared(inp2)]), name="siamese")
fill(m)
c = keras.models.clone_model(m)
print(c.name, [l.name for l in c.layers], len(c.weights), [w.path for w in c.weights])
print(np.allclose(np.asarray(c.weights[0]), np.asarray(m.weights[0])))
def fn(layer):
    cfg = layer.get_config()
    if isinstance(layer, layers.Dense):
        cfg["units"] = 5
    return type(layer).from_config(cfg)
c2 = keras.models.clone_model(m, clone_function=fn)
print([tuple(w.shape) for w in c2.weights], c2.output.shape)
seq = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="d"), layers.Dense(1, name="e")])
c3 = keras.models.clone_model(seq, input_tensors=keras.Input((3,), batch_size=4))
print(type(c3).__name__, c3.inputs[0].shape, [l.name for l in c3.layers])
tryp("clone_layer", lambda: keras.models.clone_model(layers.Dense(2)))
tryp("clone_bad_fn", lambda: keras.models.clone_model(seq, clone_function=5))
tryq("clone_seq_call_fn", lambda: keras.models.clone_model(seq, call_function=lambda layer, *a, **k: layer(*a, **k)))
"""

SNIPPETS["get_layer_and_pop_errors"] = _TRY + """
seq = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="d"), layers.Dense(1, name="e")], name="s")
print(seq.get_layer("d").name, seq.get_layer(index=1).name, seq.get_layer(index=-1).name)
tryp("missing", lambda: seq.get_layer("nope"))
tryp("index_out", lambda: seq.get_layer(index=5))
tryp("both", lambda: seq.get_layer("d", index=0))
tryp("neither", lambda: seq.get_layer())
tryp("index_str", lambda: seq.get_layer(index="1"))
tryp("name_int", lambda: seq.get_layer(3))
popped = seq.pop()
print(popped.name, [l.name for l in seq.layers], seq.output_shape if hasattr(seq, "output_shape") else None, seq.outputs[0].shape)
print(seq.pop(rebuild=False).name, [l.name for l in seq.layers], seq.built)
tryp("pop_empty", lambda: seq.pop())
tryp("pop_empty2", lambda: keras.Sequential().pop())
f = keras.Model(keras.Input((2,)), layers.Dense(1)(keras.Input((2,)))) if False else None
s2 = keras.Sequential([layers.Dense(2), layers.Dense(3)])
print(s2.pop().name, s2.built, [l.name for l in s2.layers])
s2.add(layers.Dense(4, name="again"))
print(s2(np.ones((1, 5), "float32")).shape, [l.name for l in s2.layers])
"""

SNIPPETS["compile_fit_argument_errors"] = _TRY + """
ds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(4)
m = dense_model()
tryq("vsplit_ds", lambda: m.fit(ds, validation_split=0.5, verbose=0))
tryq("vsplit_gen", lambda: m.fit((b for b in [(X, Y)]), validation_split=0.5, verbose=0))
tryq("vsplit_1", lambda: m.fit(X, Y, validation_split=1.0, verbose=0))
tryq("vsplit_neg", lambda: m.fit(X, Y, validation_split=-0.1, verbose=0))
tryq("ds_with_y", lambda: m.fit(ds, Y, verbose=0))
tryq("ds_batch_size", lambda: m.fit(ds, batch_size=2, verbose=0))
tryq("ds_sample_weight", lambda: m.fit(ds, sample_weight=np.ones(8), verbose=0))
tryq("steps_bad", lambda: r4(m.fit(X, Y, steps_per_epoch=0, verbose=0).history))
tryq("epochs_0", lambda: r4(m.fit(X, Y, epochs=0, verbose=0).history))
tryq("initial_epoch", lambda: r4(m.fit(X, Y, epochs=1, initial_epoch=2, verbose=0).history))
tryq("len_mismatch", lambda: m.fit(X, Y[:5], verbose=0))
tryq("x_none", lambda: m.fit(None, Y, verbose=0))
tryq("x_y_none", lambda: m.fit(None, None, verbose=0))
tryq("predict_none", lambda: m.predict(None, verbose=0))
tryq("evaluate_none", lambda: m.evaluate(None, Y, verbose=0))
inp = keras.Input((3,), name="given")
fm = keras.Model(inp, layers.Dense(1)(inp))
fm.compile("sgd", "mse")
tryq("functional_none", lambda: fm(None))
tryq("functional_fit_none", lambda: fm.fit(None, Y, verbose=0))
opt_in = keras.Input((3,), optional=True)
om = keras.Model(opt_in, layers.Lambda(lambda t: keras.ops.zeros((1, 1)) if t is None else t[:, :1])(opt_in))
tryq("optional_none", lambda: om(None))
tryq("bad_vdata", lambda: m.fit(X, Y, validation_data=(X,), verbose=0))
tryq("bad_vdata4", lambda: m.fit(X, Y, validation_data=(X, Y, None, None), verbose=0))
tryq("class_weight_multi", lambda: m.fit(X, Y, class_weight={0: 1.0, 1: 2.0}, verbose=0))
tryq("bad_verbose", lambda: m.fit(X, Y, verbose=3, epochs=1) and None)
tryq("compile_bad_loss", lambda: dense_model(loss="nope"))
tryq("compile_bad_metric", lambda: dense_model(metrics=["nope"]).fit(X, Y, verbose=0))
tryq("compile_bad_opt", lambda: keras.Sequential([layers.Dense(1)]).compile(optimizer="nope", loss="mse"))
tryq("compile_loss_weights", lambda: dense_model(loss_weights=[1.0, 2.0]).fit(X, Y, verbose=0))
tryq("compile_steps_exec", lambda: dense_model(steps_per_execution=0))
tryq("eval_no_compile", lambda: keras.Sequential([keras.Input((3,)), layers.Dense(1)]).evaluate(X, Y, verbose=0))
tryq("fit_no_compile", lambda: keras.Sequential([keras.Input((3,)), layers.Dense(1)]).fit(X, Y, verbose=0))
"""

SNIPPETS["model_layer_lookup_and_attributes"] = _TRY + """
inp = keras.Input((3,), name="x")
h = layers.Dense(4, name="h")(inp)
out = layers.Dense(1, name="o")(h)
m = keras.Model(inp, out, name="fm")
print(m.get_layer("h").output.shape, m.get_layer("o").input.shape)
tryp("missing", lambda: m.get_layer("zz"))
tryp("index", lambda: m.get_layer(index=3))
print([l.name for l in m.layers], m.input_names if hasattr(m, "input_names") else None, m.output_names)
print(m.input.name, [t.name for t in m.outputs], m.input_shape if hasattr(m, "input_shape") else None)
tryp("input_spec", lambda: m.input_spec)
tryp("layers_set", lambda: setattr(m, "layers", []))
tryp("get_weights_len", lambda: len(m.get_weights()))
tryp("set_weights_bad", lambda: m.set_weights([np.ones((3, 4))]))
tryp("set_weights_shape", lambda: m.set_weights([np.ones((4, 3)), np.ones(4), np.ones((4, 1)), np.ones(1)]))
"""

SNIPPETS["subclassed_model_summary_json_clone"] = _TRY + """
class Net(keras.Model):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.enc = keras.Sequential([layers.Dense(4, name="e1"), layers.Dense(2, name="e2")], name="enc")
        self.head = layers.Dense(1, name="head")
    def call(self, x):
        return self.head(self.enc(x))
n = Net(name="net")
n.summary()
n(np.ones((2, 3), "float32"))
n.summary()
n.summary(expand_nested=True, show_trainable=True)
tryq("to_json", lambda: n.to_json())
tryq("get_config", lambda: n.get_config())
tryq("clone", lambda: keras.models.clone_model(n))
tryq("get_layer_inner", lambda: n.get_layer("e1"))
print(n.get_layer("enc").get_layer("e1").name, [l.name for l in n.layers])
"""

SNIPPETS["multi_output_compile_errors"] = _TRY + """
inp = keras.Input((3,), name="x")
a = layers.Dense(1, name="a")(inp)
b = layers.Dense(2, name="b")(inp)
m = keras.Model(inp, [a, b])
YB = np.ones((8, 2), "float32")
def go(**kw):
    m.compile(keras.optimizers.SGD(0.01), **kw)
    return r4(m.fit(X, [Y, YB], epochs=1, verbose=0, batch_size=8).history)
tryq("loss_list_short", lambda: go(loss=["mse"]))
tryq("loss_dict_bad_key", lambda: go(loss={"a": "mse", "zz": "mse"}))
tryq("loss_dict_missing", lambda: go(loss={"a": "mse"}))
tryq("metrics_list_of_lists_short", lambda: go(loss="mse", metrics=[["mae"]]))
tryq("metrics_dict", lambda: go(loss="mse", metrics={"b": "mae"}))
tryq("loss_weights_dict", lambda: go(loss="mse", loss_weights={"a": 2.0, "b": 0.0}))
tryq("loss_weights_bad", lambda: go(loss="mse", loss_weights={"zz": 1.0}))
tryq("y_count", lambda: (m.compile("sgd", "mse"), m.fit(X, [Y], verbose=0))[1])
tryq("y_dict", lambda: (m.compile("sgd", "mse"), r4(m.fit(X, {"a": Y, "b": YB}, verbose=0).history))[1])
tryq("y_dict_bad", lambda: (m.compile("sgd", "mse"), m.fit(X, {"a": Y, "c": YB}, verbose=0))[1])
"""

SNIPPETS["fit_validation_options"] = _TRY + """
ds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(2)
m = dense_model(metrics=["mae"])
h = m.fit(X, Y, epochs=2, batch_size=4, validation_split=0.25, shuffle=False, verbose=0)
print(sorted(h.history), r4(h.history["val_loss"]))
h = m.fit(X, Y, epochs=1, batch_size=4, validation_data=ds, validation_steps=1, verbose=0)
print(r4(h.history["val_loss"]))
h = m.fit(X, Y, epochs=1, batch_size=4, validation_data=(X, Y), validation_batch_size=3, validation_freq=1, verbose=0)
print(r4(h.history["val_mae"]))
h = m.fit(X, Y, epochs=3, batch_size=4, validation_data=(X, Y), validation_freq=2, verbose=0)
print({k: len(v) for k, v in sorted(h.history.items())})
tryq("freq_list", lambda: {k: len(v) for k, v in m.fit(X, Y, epochs=3, validation_data=(X, Y), validation_freq=[1, 3], verbose=0).history.items()})
tryq("freq_zero", lambda: m.fit(X, Y, epochs=1, validation_data=(X, Y), validation_freq=0, verbose=0))
tryq("vdata_weights", lambda: r4(m.fit(X, Y, epochs=1, validation_data=(X, Y, np.arange(8, dtype="float32")), verbose=0).history["val_loss"]))
tryq("vsplit_and_data", lambda: r4(m.fit(X, Y, epochs=1, validation_split=0.5, validation_data=(X[:2], Y[:2]), verbose=0).history["val_loss"]))
tryq("sw_bad_len", lambda: m.fit(X, Y, sample_weight=np.ones(5), verbose=0))
tryq("sw_2d", lambda: r4(dense_model().fit(X, Y, sample_weight=np.ones((8, 1), "float32"), verbose=0).history["loss"]))
tryq("sw_3d", lambda: r4(dense_model().fit(X, Y, sample_weight=np.ones((8, 1, 1), "float32"), verbose=0).history["loss"]))
"""

SNIPPETS["layer_input_errors"] = _TRY + """
tryq("dense_int", lambda: layers.Dense(2)(np.ones((1, 3), "int32")).dtype)
tryq("dense_rank1", lambda: layers.Dense(2)(np.ones((3,), "float32")))
tryq("dense_changed_dim", lambda: (lambda d: (d(np.ones((1, 3), "float32")), d(np.ones((1, 4), "float32"))))(layers.Dense(2)))
tryq("embed_float", lambda: layers.Embedding(5, 2)(np.array([[1.0, 2.0]], "float32")).shape)
tryq("embed_neg", lambda: layers.Embedding(5, 2)(np.array([[-1, 2]])).shape)
tryq("embed_big", lambda: layers.Embedding(5, 2)(np.array([[7, 2]])).shape)
tryq("conv_rank", lambda: layers.Conv2D(2, 3)(np.ones((1, 5, 5), "float32")))
tryq("conv_small", lambda: layers.Conv2D(2, 3)(np.ones((1, 2, 2, 1), "float32")))
tryq("lstm_rank", lambda: layers.LSTM(2)(np.ones((2, 3), "float32")))
tryq("bn_int", lambda: layers.BatchNormalization()(np.ones((2, 3), "int32")).dtype)
tryq("ln_axis", lambda: layers.LayerNormalization(axis=3)(np.ones((2, 3), "float32")))
tryq("concat_mismatch", lambda: layers.Concatenate()([np.ones((2, 3), "float32"), np.ones((3, 3), "float32")]))
tryq("add_single", lambda: layers.Add()([np.ones((2, 3), "float32")]))
tryq("add_not_list", lambda: layers.Add()(np.ones((2, 3), "float32")))
tryq("reshape_bad", lambda: layers.Reshape((4,))(np.ones((2, 3), "float32")))
tryq("flatten_int8", lambda: layers.Flatten()(np.ones((2, 3, 2), "int8")).dtype)
tryq("dropout_rate", lambda: layers.Dropout(1.5))
tryq("dropout_uint8", lambda: layers.Dropout(0.5)(np.ones((2, 3), "uint8"), training=True).dtype)
"""

SNIPPETS["batch_size_and_steps_refused_as_tf_ops"] = _TRY + """
m = dense_model()
for bs in (-3, -8, -9, 2.0, 2.5, np.float32(2), True, 0):
    tryq("fit_bs " + repr(bs), lambda: len(m.fit(X, Y, batch_size=bs, shuffle=False, verbose=0).history["loss"]))
tryq("eval_bs_neg", lambda: m.evaluate(X, Y, batch_size=-2, verbose=0))
tryq("pred_bs_neg", lambda: m.predict(X, batch_size=-2, verbose=0))
tryq("pred_bs_float", lambda: m.predict(X, batch_size=2.0, verbose=0).shape)
tryq("fit_steps_neg", lambda: m.fit(X, Y, steps_per_epoch=-3, verbose=0))
tryq("eval_steps_neg", lambda: m.evaluate(X, Y, steps=-1, verbose=0))
tryq("pred_steps_neg", lambda: m.predict(X, steps=-1, verbose=0))
tryq("fit_steps_float", lambda: m.fit(X, Y, steps_per_epoch=2.0, verbose=0))
tryq("pred_steps_3", lambda: m.predict(X, steps=3, verbose=0).shape)
tryq("pred_empty", lambda: m.predict(X[:0], verbose=0))
tryq("eval_empty", lambda: m.evaluate(X[:0], Y[:0], verbose=0))
"""

SNIPPETS["compile_keywords_keras3_takes"] = _TRY + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
for kw in ({"sample_weight_mode": None}, {"target_tensors": None}, {"distribute": None}, {"foo": 1}, {"experimental_run_tf_function": False}):
    tryq("compile " + sorted(kw)[0], lambda: m.compile("sgd", "mse", **kw))
tryq("compile_positional", lambda: m.compile("sgd", "mse", None, ["mae"], None, False, 2).__class__)
print(m._run_eagerly if hasattr(m, "_run_eagerly") else None, m.steps_per_execution if hasattr(m, "steps_per_execution") else None)
tryq("compile_too_many", lambda: m.compile("sgd", "mse", None, None, None, False, 1, "auto", True, 5))
tryq("fit_unknown", lambda: m.fit(X, Y, foo=1))
tryq("evaluate_unknown", lambda: m.evaluate(X, Y, foo=1))
tryq("predict_unknown", lambda: m.predict(X, foo=1))
"""

SNIPPETS["activations_on_keras_tensors"] = _TRY + """
A = keras.activations
for n in ("relu", "relu6", "leaky_relu", "elu", "selu", "gelu", "silu", "swish", "sigmoid", "hard_sigmoid", "hard_silu", "softmax", "log_softmax",
          "softplus", "softsign", "tanh", "exponential", "mish", "celu", "glu", "hard_tanh", "hard_shrink", "soft_shrink", "tanh_shrink",
          "log_sigmoid", "sparse_plus", "sparsemax", "squareplus", "sparse_sigmoid"):
    out = []
    for d in ("float32", "float16", "int32", "bool"):
        try:
            y = getattr(A, n)(keras.Input((4,), dtype=d))
            out.append(keras.backend.standardize_dtype(y.dtype) + str(tuple(y.shape)))
        except Exception as e:
            out.append("E:" + type(e).__name__)
    print(n, " ".join(out))
x = keras.Input((4,), name="x")
for kw in ({"negative_slope": 0.1}, {"max_value": 6.0}, {"threshold": 0.5}, {"max_value": 2.0, "threshold": 1.0}):
    y = A.relu(x, **kw)
    print("relu", sorted(kw), y._keras_history[0].name, type(y._keras_history[0]).__name__, y.shape)
m = keras.Model(x, A.gelu(A.relu(x, negative_slope=0.1)), name="acts")
m.summary()
cfg = m.get_config()
print([(l["class_name"], l.get("module"), sorted(l["config"])) for l in cfg["layers"]])
back = keras.Model.from_config(cfg)
data = np.array([[-1.0, 0.5, 2.0, 0.0]], "float32")
print(m(data).numpy().round(4).tolist(), back(data).numpy().round(4).tolist())
m.save(os.path.join(D, "acts.keras"))
print(keras.saving.load_model(os.path.join(D, "acts.keras"))(data).numpy().round(4).tolist())
"""
