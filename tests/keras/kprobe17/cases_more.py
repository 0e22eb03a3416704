"""kprobe17's further snippets: recurrent wrappers' merge modes and states, dot-product
and additive attention with masks, batch normalization in training and inference, shape
layers (Reshape, Permute, RepeatVector, Flatten) with their errors, grouped and
channels-first convolutions, Lambda layers' configs, compiled metrics' names in the logs
and the summaries of recurrent models (see cases.py)."""

from tests.keras.kprobe17.prelude import _TRY

SNIPPETS = {}

SNIPPETS["bidirectional_merge_modes_and_states"] = _TRY + """
x = np.sin(np.arange(2 * 4 * 3, dtype="float32")).reshape(2, 4, 3)
for mode in ["concat", "sum", "mul", "ave", None]:
    b = layers.Bidirectional(layers.GRU(2, return_sequences=True), merge_mode=mode)
    b.build(x.shape)
    fill(b)
    out = b(x)
    many = isinstance(out, (list, tuple))
    print(mode, type(out).__name__, [tuple(o.shape) for o in (out if many else [out])])
    tryp("  values", lambda: (out[0] if many else out)[0, -1])
s = layers.Bidirectional(layers.LSTM(2, return_state=True))
s.build(x.shape)
fill(s)
res = s(x)
print(len(res), [tuple(r.shape) for r in res])
tryp("h_fw", lambda: res[1])
print([w.path for w in s.weights][:4])
cfg = s.get_config()
print(sorted(cfg), cfg["merge_mode"], cfg["layer"]["class_name"])
back = layers.Bidirectional.from_config(cfg)
print(back.forward_layer.name, back.backward_layer.name, back.backward_layer.go_backwards)
tryp("bad_mode", lambda: layers.Bidirectional(layers.GRU(2), merge_mode="max"))
classless("not_rnn", lambda: layers.Bidirectional(layers.Dense(2)))
g = layers.GRU(2, reset_after=False, return_state=True)
g.build(x.shape)
fill(g)
tryp("gru_state", lambda: g(x)[1])
print([tuple(w.shape) for w in g.weights])
"""

SNIPPETS["attention_layers_masks_and_scores"] = _TRY + """
q = np.cos(np.arange(2 * 3 * 4, dtype="float32")).reshape(2, 3, 4)
v = np.sin(np.arange(2 * 5 * 4, dtype="float32")).reshape(2, 5, 4)
vm = np.array([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1]], dtype=bool)
qm = np.array([[1, 1, 0], [1, 1, 1]], dtype=bool)
for layer in [layers.Attention(), layers.Attention(use_scale=True, score_mode="concat"),
              layers.AdditiveAttention(), layers.AdditiveAttention(use_scale=False)]:
    layer.build([q.shape, v.shape])
    fill(layer, 1.5)
    out, scores = layer([q, v], mask=[qm, vm], return_attention_scores=True)
    print(type(layer).__name__, [w.name for w in layer.weights])
    tryp("  out", lambda: out[0])
    tryp("  scores", lambda: scores[0, 0])
c = layers.Attention()
tryp("causal", lambda: c([q, q], use_causal_mask=True, return_attention_scores=True)[1][0])
tryp("three", lambda: c([q, v, v * 2])[1, 0])
tryp("one", lambda: c([q]))
tryp("bad_score_mode", lambda: layers.Attention(score_mode="cos"))
print(sorted(layers.Attention(use_scale=True).get_config()))
print(sorted(layers.AdditiveAttention().get_config()))
"""

SNIPPETS["batch_normalization_train_and_infer"] = _TRY + """
x = (np.arange(4 * 3, dtype="float32").reshape(4, 3) ** 1.3) / 5
bn = layers.BatchNormalization(momentum=0.5, epsilon=0.01)
tryp("infer", lambda: bn(x))
tryp("train", lambda: bn(x, training=True))
tryp("moving_mean", lambda: bn.moving_mean)
tryp("moving_var", lambda: bn.moving_variance)
print([(w.name, w.trainable) for w in bn.weights])
frozen = layers.BatchNormalization()
frozen.build(x.shape)
frozen.trainable = False
tryp("frozen_train", lambda: frozen(x, training=True)[0])
tryp("frozen_mean", lambda: frozen.moving_mean)
ax = layers.BatchNormalization(axis=1, center=False, scale=False)
tryp("axis1", lambda: ax(x.reshape(2, 2, 3), training=True)[0])
print([w.name for w in ax.weights])
m = keras.Sequential([keras.Input((3,)), layers.BatchNormalization(momentum=0.0), layers.Dense(1)])
fill(m.layers[1])
m.compile(keras.optimizers.SGD(0.0), "mse")
m.fit(x, np.ones((4, 1)), batch_size=2, epochs=1, verbose=0, shuffle=False)
tryp("after_fit_mean", lambda: m.layers[0].moving_mean)
tryp("after_fit_var", lambda: m.layers[0].moving_variance)
tryp("bad_axis", lambda: layers.BatchNormalization(axis=3)(x))
cfg = layers.BatchNormalization(synchronized=True).get_config()
print(sorted(cfg), cfg["synchronized"], cfg["momentum"], cfg["epsilon"])
"""

SNIPPETS["shape_layers_and_errors"] = _TRY + """
x = np.arange(2 * 3 * 4, dtype="float32").reshape(2, 3, 4)
tryp("reshape", lambda: layers.Reshape((4, 3))(x).shape)
tryp("reshape_minus1", lambda: layers.Reshape((-1, 2))(x).shape)
tryp("reshape_bad", lambda: layers.Reshape((5, 5))(x))
tryp("reshape_two_unknown", lambda: layers.Reshape((-1, -1))(x))
tryp("permute", lambda: layers.Permute((2, 1))(x)[0])
tryp("permute_bad", lambda: layers.Permute((1, 3)))
tryp("repeat", lambda: layers.RepeatVector(2)(x[:, 0])[0])
tryp("repeat_bad", lambda: layers.RepeatVector(2)(x))
tryp("flatten", lambda: layers.Flatten()(x).shape)
tryp("flatten_cf", lambda: layers.Flatten(data_format="channels_first")(x)[0, :5])
i = keras.Input((None, 4))
print(layers.Reshape((-1, 2))(i).shape, layers.Flatten()(i).shape, layers.Permute((2, 1))(i).shape)
print(layers.Reshape((3, 4)).get_config(), layers.Permute((2, 1)).get_config())
print(layers.RepeatVector(3).get_config(), layers.Flatten().get_config())
print(layers.Reshape((-1, 2)).compute_output_shape((None, 3, 4)))
"""

SNIPPETS["grouped_and_channels_first_convs"] = _TRY + """
x = np.sin(np.arange(1 * 4 * 5 * 4, dtype="float32")).reshape(1, 4, 5, 4)
g = layers.Conv2D(6, 2, groups=2)
g.build(x.shape)
print([tuple(w.shape) for w in g.weights], g.count_params())
fill(g)
tryp("grouped", lambda: g(x)[0, 0])
tryp("bad_groups", lambda: layers.Conv2D(5, 2, groups=2)(x))
tryp("bad_in_groups", lambda: layers.Conv2D(6, 2, groups=3)(x))
cf = layers.Conv2D(3, (2, 3), data_format="channels_first", padding="same", dilation_rate=(1, 2))
xcf = np.transpose(x, (0, 3, 1, 2))
cf.build(xcf.shape)
fill(cf)
print(cf.compute_output_shape(xcf.shape))
# (not called: TF's CPU kernels refuse NCHW without oneDNN, as the recorder runs TF, and
# run it with oneDNN, TF's default: the outcome is TF's build choice)
c3 = layers.Conv3D(2, (1, 2, 2), strides=(1, 2, 1))
print(c3(np.ones((1, 2, 4, 3, 1), "float32")).shape)
tryp("strides_and_dilation", lambda: layers.Conv2D(2, 2, strides=2, dilation_rate=2)(x))
print(layers.Conv2D(3, 2, groups=1).get_config()["groups"],
      sorted(layers.Conv1D(2, 3).get_config()))
"""

SNIPPETS["lambda_layers_configs"] = _TRY + """
def double(t):
    return t * 2
l1 = layers.Lambda(double, name="dbl")
l2 = layers.Lambda(lambda t, k=3: t + k, output_shape=(3,))
l3 = layers.Lambda(lambda t: keras.ops.sum(t, axis=-1, keepdims=True))
x = np.ones((2, 3), "float32")
tryp("l1", lambda: l1(x))
tryp("l2", lambda: l2(x))
i = keras.Input((3,))
o = l3(l2(l1(i)))
print(o.shape)
m = keras.Model(i, o)
cfg = m.get_config()
for layer in cfg["layers"][1:]:
    c = layer["config"]
    fn = c["function"]
    print(layer["class_name"], c["name"], fn["class_name"] if isinstance(fn, dict) else fn,
          c.get("output_shape"))
classless("from_config_unsafe", lambda: keras.Model.from_config(cfg))
keras.config.enable_unsafe_deserialization()
back = keras.Model.from_config(cfg)
tryp("back", lambda: back(x))
tryp("mask", lambda: layers.Lambda(double, mask=lambda t, m: m).compute_mask(
    x, np.array([True, False])))
tryp("not_callable", lambda: layers.Lambda(3))
"""

SNIPPETS["compiled_metric_names_in_logs"] = _TRY + """
X = np.linspace(-1, 1, 24, dtype="float32").reshape(8, 3)
Y = (X[:, :1] > 0).astype("float32")
def run(metrics, loss="binary_crossentropy", **kw):
    m = keras.Sequential([keras.Input((3,)), layers.Dense(1, activation="sigmoid")])
    fill(m)
    m.compile(keras.optimizers.SGD(0.1), loss, metrics=metrics, **kw)
    h = m.fit(X, Y, epochs=1, verbose=0, validation_data=(X, Y))
    return sorted(h.history), [mt.name for mt in m.metrics]
tryp("strings", lambda: run(["accuracy", "mse", "mae", "AUC"]))
tryp("acc_alias", lambda: run(["acc", "binary_accuracy"]))
tryp("objects", lambda: run([keras.metrics.Precision(), keras.metrics.Recall(name="rec")]))
tryp("functions", lambda: run([keras.metrics.mean_squared_error, keras.losses.binary_crossentropy]))
tryp("weighted", lambda: run(["mae"], weighted_metrics=["mae"]))
tryp("nested", lambda: run([["accuracy"]]))
tryp("bad_string", lambda: run(["accuracyy"]))
tryp("sparse_acc", lambda: run(["sparse_categorical_accuracy"]))
"""

SNIPPETS["recurrent_model_summaries"] = _TRY + """
i = keras.Input((7,), dtype="int32", name="tokens")
e = layers.Embedding(50, 8, mask_zero=True, name="emb")(i)
b = layers.Bidirectional(layers.LSTM(4, return_sequences=True), name="bilstm")(e)
t = layers.TimeDistributed(layers.Dense(3), name="td")(b)
g = layers.GRU(5, name="gru")(t)
s = layers.SimpleRNN(2, name="srnn")(layers.RepeatVector(2)(g))
m = keras.Model(i, s, name="recurrent")
m.summary()
print(m.count_params(), [tuple(w.shape) for w in m.get_layer("bilstm").weights])
cells = layers.RNN([layers.GRUCell(3), layers.LSTMCell(2)], return_sequences=True, name="stack")
seq = keras.Sequential([keras.Input((5, 4)), cells, layers.Flatten()])
seq.summary()
print([w.path for w in cells.weights])
"""
