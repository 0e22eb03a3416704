"""kprobe48b's snippets over layers in models: TimeDistributed's and Bidirectional's configs
and shapes, RNN layers' return_state, stateful batches and reset_states, Embedding's mask
through recurrent layers, Lambda layers' shapes, masks, configs and loading, subclassed
models' get_config through save and load."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe40.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["time_distributed_configs_and_shapes"] = _TRY + """
td = layers.TimeDistributed(layers.Conv2D(2, 3, padding="same"), name="tdc")
x = keras.Input((4, 5, 5, 1))
y = td(x)
print(y.shape, td.compute_output_shape((None, 4, 5, 5, 1)))
js("config", lambda: td.get_config())
back = layers.TimeDistributed.from_config(td.get_config())
print(back.layer.name, back.built)
tryq("rank2", lambda: layers.TimeDistributed(layers.Dense(2))(keras.Input(())))
tryz("not layer", lambda: layers.TimeDistributed(lambda t: t))
td2 = layers.TimeDistributed(layers.Dense(3))
z = td2(np.ones((2, 4, 5), "float32"))
print(z.shape, [w.path for w in td2.weights], td2.count_params())
m = keras.Sequential([keras.Input((3, 2)), layers.TimeDistributed(layers.Dense(4)), layers.TimeDistributed(layers.Dropout(0.5))])
print(m.output_shape)
lines(lambda: m.summary(expand_nested=True))
"""

SNIPPETS["bidirectional_backward_layer_config"] = _TRY + """
f = layers.LSTM(3, return_sequences=True)
b = layers.LSTM(3, return_sequences=True, go_backwards=True)
bi = layers.Bidirectional(f, backward_layer=b, merge_mode="sum")
y = bi(keras.Input((5, 2)))
print(y.shape, [w.path for w in bi.weights])
cfg = bi.get_config()
print(sorted(cfg), cfg["merge_mode"], sorted(cfg["backward_layer"]["config"])[:5])
back = layers.Bidirectional.from_config(cfg)
print(back.forward_layer.name, back.backward_layer.name, back.backward_layer.go_backwards)
tryq("mismatch seq", lambda: layers.Bidirectional(layers.LSTM(3, return_sequences=True), backward_layer=layers.LSTM(3, go_backwards=True)))
tryq("no go_backwards", lambda: layers.Bidirectional(layers.LSTM(3), backward_layer=layers.LSTM(3)))
tryq("bad merge", lambda: layers.Bidirectional(layers.LSTM(3), merge_mode="max"))
tryq("not rnn", lambda: layers.Bidirectional(layers.Dense(3)))
bn = layers.Bidirectional(layers.GRU(2, return_state=True), merge_mode=None)
outs = bn(keras.Input((4, 3)))
print([tuple(o.shape) for o in outs])
"""

SNIPPETS["rnn_return_state_shapes_values"] = _TRY + """
x = np.sin(np.arange(2 * 4 * 3, dtype="float32")).reshape(2, 4, 3)
for cls in (layers.SimpleRNN, layers.GRU, layers.LSTM):
    l = cls(2, return_state=True, return_sequences=True)
    outs = l(keras.Input((4, 3)))
    print(cls.__name__, [tuple(o.shape) for o in outs])
    l2 = cls(2, return_state=True)
    r = l2(x)
    fill(l2)
    r = l2(x)
    print(cls.__name__, len(r), [r4(o) for o in r])
    print(cls.__name__, l2.compute_output_shape((2, 4, 3)))
l = layers.LSTM(2, return_state=True)
s = l(x)
tryq("initial_state wrong count", lambda: layers.LSTM(2)(x, initial_state=[np.zeros((2, 2), "float32")]))
tryq("initial_state wrong shape", lambda: layers.GRU(2)(x, initial_state=np.zeros((2, 3), "float32")))
"""

SNIPPETS["stateful_rnn_batches_and_reset"] = _TRY + """
x = np.ones((2, 3, 1), "float32")
l = layers.SimpleRNN(2, stateful=True)
m = keras.Sequential([keras.Input((3, 1), batch_size=2), l])
fill(m)
a = m.predict(x, verbose=0)
b = m.predict(x, verbose=0)
print(r4(a), r4(b))
print([r4(s) for s in l.states])
m.reset_states() if hasattr(m, "reset_states") else l.reset_states()
print([r4(s) for s in l.states])
c = m.predict(x, verbose=0)
print(np.allclose(a, c))
try1("other batch", lambda: r4(m.predict(np.ones((3, 3, 1), "float32"), batch_size=3, verbose=0)))
l2 = layers.LSTM(2, stateful=True)
tryq("unknown batch", lambda: l2(keras.Input((3, 1))))
print(hasattr(m, "reset_states"), hasattr(l, "reset_state"), hasattr(l, "reset_states"))
"""

SNIPPETS["embedding_mask_zero_through_bidirectional"] = _TRY + """
ids = np.array([[3, 1, 0, 0], [2, 2, 2, 0]])
e = layers.Embedding(5, 2, mask_zero=True)
bi = layers.Bidirectional(layers.LSTM(2, return_sequences=True))
inp = keras.Input((4,), dtype="int32")
h = e(inp)
y = bi(h)
print(h._keras_mask.shape if getattr(h, "_keras_mask", None) is not None else None, y.shape)
m = keras.Model(inp, y)
fill(m)
out = m(ids)
print(r4(out))
print(getattr(out, "_keras_mask", None) is not None and r4(out._keras_mask))
print(r4(e.compute_mask(ids)))
pooled = keras.Model(inp, layers.GlobalAveragePooling1D()(y))
print(r4(pooled(ids)))
tryq("mask_zero input_dim 1", lambda: layers.Embedding(1, 2, mask_zero=True)(np.array([[0]])))
"""

SNIPPETS["lambda_layers_shapes_masks_arguments"] = _TRY + """
l = layers.Lambda(lambda t, k: t * k, arguments={"k": 3.0}, name="triple")
print(r4(l(np.ones((1, 2), "float32"))))
js("config keys", lambda: sorted(l.get_config()))
print(l.get_config()["arguments"], l.get_config()["function"]["class_name"] if isinstance(l.get_config()["function"], dict) else type(l.get_config()["function"]).__name__)
l2 = layers.Lambda(lambda t: t[:, :1], output_shape=(1,))
print(l2.compute_output_shape((None, 5)), l2(keras.Input((5,))).shape)
l3 = layers.Lambda(lambda t: keras.ops.concatenate([t, t], -1), output_shape=lambda s: s[:-1] + (s[-1] * 2,))
print(l3.compute_output_shape((None, 4)), l3(keras.Input((4,))).shape)
l4 = layers.Lambda(lambda t: t, mask=lambda t, m: None)
e = layers.Embedding(3, 2, mask_zero=True)
print(getattr(l4(e(np.array([[1, 0]]))), "_keras_mask", "none"))
l5 = layers.Lambda(lambda t: t + 1, mask=keras.ops.ones((1, 2), "bool"))
print(r4(l5.compute_mask(np.ones((1, 2)), None)))
tryq("not callable", lambda: layers.Lambda(3))
tryq("bad output_shape", lambda: layers.Lambda(lambda t: t, output_shape=3).compute_output_shape((None, 2)))
l6 = layers.Lambda(lambda t: t * 2)
print(l6.compute_output_shape((None, 7)), l6.trainable_weights, l6.built)
"""

SNIPPETS["lambda_layer_saved_and_loaded"] = _TRY + """
def double(t):
    return t * 2
m = keras.Sequential([keras.Input((2,)), layers.Lambda(double, name="dbl")])
m.save(os.path.join(D, "lam.keras"))
try1("safe load", lambda: keras.models.load_model(os.path.join(D, "lam.keras")))
try1("unsafe no custom", lambda: keras.models.load_model(os.path.join(D, "lam.keras"), safe_mode=False))
back = keras.models.load_model(os.path.join(D, "lam.keras"), safe_mode=False, custom_objects={"double": double})
print(r4(back(np.ones((1, 2), "float32"))))
cfg = m.get_config()["layers"][1]["config"]
print(sorted(cfg), cfg["function"]["class_name"] if isinstance(cfg["function"], dict) else cfg["function"])
j = m.to_json()
try1("from json", lambda: keras.models.model_from_json(j).name)
keras.config.enable_unsafe_deserialization()
try:
    print(r4(keras.models.model_from_json(j, custom_objects={"double": double})(np.ones((1, 2), "float32"))))
finally:
    keras.config.disable_unsafe_deserialization() if hasattr(keras.config, "disable_unsafe_deserialization") else None
"""

SNIPPETS["subclassed_get_config_save_load"] = _TRY + """
@keras.saving.register_keras_serializable(package="kp48b")
class Net(keras.Model):
    def __init__(self, units=3, act="relu", **kw):
        super().__init__(**kw)
        self.units = units
        self.act = act
        self.d1 = layers.Dense(units, activation=act)
        self.d2 = layers.Dense(1)
    def call(self, x):
        return self.d2(self.d1(x))
    def get_config(self):
        return {**super().get_config(), "units": self.units, "act": self.act}
n = Net(units=4, name="net")
n(X)
fill(n)
n.compile("sgd", "mse")
n.fit(X, Y, epochs=1, verbose=0)
js("config", lambda: n.get_config())
n.save(os.path.join(D, "net.keras"))
b = keras.models.load_model(os.path.join(D, "net.keras"))
print(type(b).__name__, b.name, b.units, b.act, np.allclose(b.predict(X, verbose=0), n.predict(X, verbose=0)))
print(b.optimizer.iterations.numpy() if b.optimizer else None, b.compiled, [w.path for w in b.weights])
class NoCfg(keras.Model):
    def __init__(self, units):
        super().__init__()
        self.d = layers.Dense(units)
    def call(self, x):
        return self.d(x)
nc = NoCfg(2)
nc(X)
tryq("no get_config", lambda: nc.get_config())
tryq("save no cfg", lambda: nc.save(os.path.join(D, "nc.keras")))
tryp("load no cfg", lambda: keras.models.load_model(os.path.join(D, "nc.keras")))
"""

SNIPPETS["rnn_cell_lists_and_state_errors"] = _TRY + """
cells = [layers.LSTMCell(2), layers.GRUCell(3)]
r = layers.RNN(cells, return_state=True)
outs = r(keras.Input((4, 2)))
print(len(outs), [tuple(o.shape) for o in keras.tree.flatten(outs)], [type(o).__name__ for o in outs])
print(r.cell.state_size if hasattr(r.cell, "state_size") else None)
class NoState(layers.Layer):
    def call(self, x, states):
        return x, states
tryq("no state_size", lambda: layers.RNN(NoState()))
tryq("not cell", lambda: layers.RNN(layers.Dense(2)))
tryq("unroll none", lambda: layers.SimpleRNN(2, unroll=True)(keras.Input((None, 2))))
g = layers.GRU(2, reset_after=False)
g(np.ones((1, 3, 4), "float32"))
print([tuple(w.shape) for w in g.weights])
g2 = layers.GRU(2)
g2(np.ones((1, 3, 4), "float32"))
print([tuple(w.shape) for w in g2.weights])
"""

SNIPPETS["conv_and_rnn_in_time_distributed_summary"] = _TRY + """
inp = keras.Input((3, 8, 8, 1))
x = layers.TimeDistributed(layers.Conv2D(2, 3), name="td_conv")(inp)
x = layers.TimeDistributed(layers.GlobalAveragePooling2D(), name="td_pool")(x)
x = layers.Bidirectional(layers.GRU(2), name="bi")(x)
m = keras.Model(inp, x, name="video")
lines(lambda: m.summary(show_trainable=True))
lines(lambda: m.summary(expand_nested=True, show_trainable=True))
print(m.count_params(), [l.name for l in m.layers])
"""

SNIPPETS["lambda_of_python_lambda_saved_and_loaded"] = _TRY + """
m = keras.Sequential([keras.Input((2,)), layers.Lambda(lambda t: t - 1, name="anon")])
m.save(os.path.join(D, "anon.keras"))
try1("safe load", lambda: keras.models.load_model(os.path.join(D, "anon.keras")))
try1("unsafe load", lambda: r4(keras.models.load_model(os.path.join(D, "anon.keras"), safe_mode=False)(np.ones((1, 2), "float32"))))
cfg = m.get_config()["layers"][1]["config"]["function"]
print(cfg["class_name"], sorted(cfg["config"]))
"""
