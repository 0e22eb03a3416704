"""kprobe48b's further snippets: validation data from generators, temporal and per-sample
weights, class weights on binary labels, PyDatasets yielding weights, metrics' resolved
names and results before training, masks through TimeDistributed and Dense, RNN states
under masks and stateful training, adapted layers saved in a model."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe40.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["validation_from_generators_and_freq"] = _TRY + """
m = dense_model()
def vgen():
    while True:
        yield X[:4], Y[:4]
h = m.fit(X, Y, epochs=3, batch_size=4, validation_data=vgen(), validation_steps=2, validation_freq=2, verbose=0)
print(logs4(h))
tryq("freq list", lambda: logs4(m.fit(X, Y, epochs=2, validation_data=(X, Y), validation_freq=[1, 2], verbose=0)))
tryq("freq zero", lambda: logs4(m.fit(X, Y, epochs=1, validation_data=(X, Y), validation_freq=0, verbose=0)))
tryq("val 1-tuple", lambda: logs4(m.fit(X, Y, epochs=1, validation_data=(X,), verbose=0)))
tryq("val 4-tuple", lambda: logs4(m.fit(X, Y, epochs=1, validation_data=(X, Y, Y[:, 0], Y), verbose=0)))
tryq("val sw", lambda: logs4(m.fit(X, Y, epochs=1, validation_data=(X, Y, np.arange(8, dtype="float32")), verbose=0)))
"""

SNIPPETS["temporal_sample_weights"] = _TRY + """
x = np.sin(np.arange(4 * 3 * 2, dtype="float32")).reshape(4, 3, 2)
y = np.cos(np.arange(4 * 3, dtype="float32")).reshape(4, 3, 1)
m = keras.Sequential([keras.Input((3, 2)), layers.Dense(1)])
fill(m)
m.compile("sgd", "mse", weighted_metrics=["mae"])
sw = np.array([[1, 1, 0], [1, 0, 0], [1, 1, 1], [0, 0, 0]], "float32")
try1("eval 2d sw", lambda: r4(m.evaluate(x, y, sample_weight=sw, verbose=0)))
try1("eval 1d sw", lambda: r4(m.evaluate(x, y, sample_weight=sw[:, 0], verbose=0)))
tryq("sw 3d", lambda: r4(m.evaluate(x, y, sample_weight=sw[..., None], verbose=0)))
try1("sw wrong", lambda: r4(m.evaluate(x, y, sample_weight=np.ones((4, 2)), verbose=0)))
try1("fit 2d sw", lambda: logs4(m.fit(x, y, sample_weight=sw, epochs=1, verbose=0)))
"""

SNIPPETS["class_weight_binary_labels"] = _TRY + """
x = np.linspace(-1, 1, 16, dtype="float32").reshape(8, 2)
y = np.array([0, 1, 1, 0, 1, 1, 1, 0], "float32").reshape(8, 1)
m = keras.Sequential([keras.Input((2,)), layers.Dense(1, activation="sigmoid")])
fill(m)
m.compile("sgd", "binary_crossentropy", metrics=["accuracy"], weighted_metrics=["accuracy"])
try1("2d labels", lambda: logs4(m.fit(x, y, class_weight={0: 3.0, 1: 0.5}, epochs=2, verbose=0)))
try1("1d labels", lambda: logs4(m.fit(x, y[:, 0], class_weight={0: 3.0, 1: 0.5}, epochs=1, verbose=0)))
yf = np.array([0.2, 0.9, 0.6, 0.1, 0.7, 0.8, 0.9, 0.3], "float32")
try1("float labels", lambda: logs4(m.fit(x, yf, class_weight={0: 3.0, 1: 0.5}, epochs=1, verbose=0)))
print(m.metrics_names)
"""

SNIPPETS["pydataset_with_sample_weights"] = _TRY + """
class Weighted(keras.utils.PyDataset):
    def __len__(self):
        return 2
    def __getitem__(self, i):
        s = slice(i * 4, (i + 1) * 4)
        return X[s], Y[s], np.array([1.0, 0.0, 1.0, 0.5], "float32")
m = dense_model(weighted_metrics=["mse"], metrics=["mse"])
print(logs4(m.fit(Weighted(), epochs=2, verbose=0)))
print(r4(m.evaluate(Weighted(), verbose=0)))
show("predict", lambda: m.predict(Weighted(), verbose=0))
class Bad(keras.utils.PyDataset):
    def __len__(self):
        return 1
    def __getitem__(self, i):
        return X, Y, Y, Y
try1("four", lambda: m.fit(Bad(), verbose=0))
class NoLen(keras.utils.PyDataset):
    def __getitem__(self, i):
        return X, Y
try1("no len", lambda: m.fit(NoLen(), verbose=0))
"""

SNIPPETS["accuracy_names_resolved_and_results_before_fit"] = _TRY + """
for loss, ys in (("binary_crossentropy", 1), ("categorical_crossentropy", 3), ("sparse_categorical_crossentropy", 3), ("mse", 1)):
    m = keras.Sequential([keras.Input((2,)), layers.Dense(ys)])
    m.compile("sgd", loss, metrics=["accuracy", "acc"])
    y = np.zeros((2, ys), "float32") if loss != "sparse_categorical_crossentropy" else np.zeros((2,), "int32")
    m.evaluate(np.zeros((2, 2), "float32"), y, verbose=0)
    print(loss, m.metrics_names, [type(x).__name__ for x in m.metrics[1].metrics] if len(m.metrics) > 1 and hasattr(m.metrics[1], "metrics") else None)
m.compile("sgd", "mse", metrics=["crossentropy"])
try1("crossentropy", lambda: m.evaluate(np.zeros((2, 2), "float32"), np.zeros((2, 1)), verbose=0))
m = dense_model(metrics=["mae"])
tryq("result before", lambda: r4(m.get_metrics_result()))
print([x.name for x in m.metrics])
m.fit(X, Y, epochs=1, verbose=0)
tryq("result after", lambda: r4(m.get_metrics_result()))
m.reset_metrics()
tryq("after reset", lambda: r4(m.get_metrics_result()))
"""

SNIPPETS["masks_through_time_distributed_and_dense"] = _TRY + """
ids = np.array([[1, 2, 0], [3, 0, 0]])
inp = keras.Input((3,), dtype="int32")
e = layers.Embedding(4, 2, mask_zero=True)(inp)
td = layers.TimeDistributed(layers.Dense(2))(e)
d = layers.Dense(3)(td)
print([getattr(t, "_keras_mask", None) is not None for t in (e, td, d)])
out = layers.LSTM(2)(d)
m = keras.Model(inp, [td, d, out])
fill(m)
r = m(ids)
print([getattr(t, "_keras_mask", None) is not None for t in r])
print(r4(r[2]))
print(r4(r[0]._keras_mask) if getattr(r[0], "_keras_mask", None) is not None else None)
g = layers.GlobalMaxPooling1D()(d)
m2 = keras.Model(inp, g)
fill(m2)
print(r4(m2(ids)))
"""

SNIPPETS["rnn_states_under_masks_return_state"] = _TRY + """
x = np.array([[[1.0], [2.0], [0.0]], [[3.0], [0.0], [0.0]]], "float32")
inp = keras.Input((3, 1))
mk = layers.Masking(0.0)(inp)
outs = layers.GRU(2, return_sequences=True, return_state=True)(mk)
m = keras.Model(inp, outs)
fill(m)
seq, st = m(x)
print(r4(seq))
print(r4(st))
outs2 = layers.LSTM(2, return_state=True, go_backwards=True)(mk)
m2 = keras.Model(inp, outs2)
fill(m2)
print([r4(t) for t in m2(x)])
"""

SNIPPETS["stateful_gru_fit_keeps_states"] = _TRY + """
x = np.sin(np.arange(4 * 3 * 1, dtype="float32")).reshape(4, 3, 1)
y = np.ones((4, 1), "float32")
g = layers.GRU(2, stateful=True)
m = keras.Sequential([keras.Input((3, 1), batch_size=2), g, layers.Dense(1)])
fill(m)
m.compile("sgd", "mse")
print(logs4(m.fit(x, y, batch_size=2, epochs=2, shuffle=False, verbose=0)))
print(r4(g.states[0]))
g.reset_states() if hasattr(g, "reset_states") else None
print(r4(g.states[0]))
try1("batch 3", lambda: m.fit(x[:3], y[:3], batch_size=3, epochs=1, verbose=0))
try1("batch 4 predict", lambda: r4(m.predict(x, batch_size=4, verbose=0)))
print(r4(m.predict(x, batch_size=2, verbose=0)))
"""

SNIPPETS["adapted_layers_saved_in_a_model"] = _TRY + """
data = np.arange(12, dtype="float32").reshape(6, 2)
n = layers.Normalization()
n.adapt(tf.data.Dataset.from_tensor_slices(data).batch(2))
d = layers.Discretization(num_bins=3)
d.adapt(data[:, 0])
inp = keras.Input((2,))
m = keras.Model(inp, [n(inp), d(inp)])
m.save(os.path.join(D, "ad.keras"))
b = keras.models.load_model(os.path.join(D, "ad.keras"))
print([r4(t) for t in b(data[:2])])
print(r4(b.layers[1].mean), r4(b.layers[1].variance), b.layers[2].bin_boundaries)
js("n config", lambda: b.layers[1].get_config())
m.save_weights(os.path.join(D, "ad.weights.h5"))
n2 = layers.Normalization()
d2 = layers.Discretization(num_bins=3)
i2 = keras.Input((2,))
m2 = keras.Model(i2, [n2(i2), d2(i2)])
tryq("load weights", lambda: m2.load_weights(os.path.join(D, "ad.weights.h5")))
tryq("after", lambda: [r4(t) for t in m2(data[:2])])
"""

SNIPPETS["time_distributed_frozen_and_weights"] = _TRY + """
inner = layers.Dense(2)
td = layers.TimeDistributed(inner)
m = keras.Sequential([keras.Input((3, 4)), td])
print(len(m.trainable_weights), len(m.non_trainable_weights))
inner.trainable = False
print(len(m.trainable_weights), len(m.non_trainable_weights), td.trainable)
td.trainable = False
inner.trainable = True
print(len(m.trainable_weights), inner.trainable)
lines(lambda: m.summary(show_trainable=True))
bn = layers.TimeDistributed(layers.BatchNormalization())
y = bn(np.ones((2, 3, 4), "float32"), training=True)
print([w.path for w in bn.weights], r4(bn.layer.moving_mean))
"""

SNIPPETS["evaluate_verbose_two_outputs"] = _TRY + """
a = keras.Input((3,), name="a")
o1 = layers.Dense(1, name="o1")(a)
o2 = layers.Dense(2, activation="softmax", name="o2")(a)
m = keras.Model(a, [o1, o2])
fill(m)
m.compile("sgd", ["mse", "sparse_categorical_crossentropy"], metrics=[["mae"], ["accuracy"]])
yc = np.array([0, 1, 1, 0, 1, 0, 0, 1])
bars(lambda: m.evaluate(X, [Y, yc], verbose=2))
bars(lambda: m.fit(X, [Y, yc], epochs=1, verbose=2))
print(m.metrics_names)
show("eval list", lambda: m.evaluate(X, [Y, yc], verbose=0))
show("predict_on_batch", lambda: m.predict_on_batch(X[:2]))
"""

SNIPPETS["fit_dict_x_into_sequential_and_list_into_dict_model"] = _TRY + """
m = dense_model()
try1("dict x seq", lambda: logs4(m.fit({"a": X}, Y, epochs=1, verbose=0)))
try1("list x seq", lambda: logs4(m.fit([X], Y, epochs=1, verbose=0)))
try1("tuple x seq", lambda: logs4(m.fit((X,), Y, epochs=1, verbose=0)))
try1("y list", lambda: logs4(m.fit(X, [Y], epochs=1, verbose=0)))
try1("y dict", lambda: logs4(m.fit(X, {"dense": Y}, epochs=1, verbose=0)))
try1("predict dict", lambda: m.predict({"a": X}, verbose=0).shape)
"""

SNIPPETS["progbar_logger_explicit_and_count_mode"] = _TRY + """
m = dense_model()
bars(lambda: m.fit(X, Y, epochs=1, batch_size=4, verbose=0, callbacks=[keras.callbacks.ProgbarLogger()]))
tryq("count_mode", lambda: keras.callbacks.ProgbarLogger(count_mode="samples"))
bars(lambda: m.evaluate(X, Y, batch_size=4, verbose=0, callbacks=[keras.callbacks.ProgbarLogger()]))
cb = keras.callbacks.ProgbarLogger()
print(sorted(k for k in vars(cb) if not k.startswith("_")))
"""

SNIPPETS["rnn_layers_configs_round_trip_stateful"] = _TRY + """
for make in (lambda: layers.LSTM(3, stateful=True, return_state=True, unroll=True, recurrent_dropout=0.1, seed=3),
             lambda: layers.GRU(2, reset_after=False, go_backwards=True, use_cudnn=False),
             lambda: layers.SimpleRNN(4, return_sequences=True, activation="relu", dropout=0.2),
             lambda: layers.Bidirectional(layers.GRU(2, return_sequences=True), merge_mode="ave"),
             lambda: layers.TimeDistributed(layers.Dense(2, use_bias=False))):
    l = make()
    cfg = l.get_config()
    back = type(l).from_config(cfg)
    print(type(l).__name__, back.get_config() == cfg, sorted(cfg)[:8])
js("lstm", lambda: {k: v for k, v in layers.LSTM(3).get_config().items() if not isinstance(v, dict)})
"""

SNIPPETS["embedding_options_in_models"] = _TRY + """
e = layers.Embedding(5, 3, mask_zero=True, input_length=4) if False else layers.Embedding(5, 3, mask_zero=True)
print(e.compute_output_shape((None, 4)), e(keras.Input((4,), dtype="int32")).shape)
tryq("input_length", lambda: layers.Embedding(5, 3, input_length=4).get_config().get("input_length"))
e2 = layers.Embedding(5, 2, embeddings_initializer="ones")
show("float ids", lambda: e2(np.array([[1.0, 2.0]], "float32")))
show("neg ids", lambda: e2(np.array([[-1, 2]])))
show("big ids", lambda: e2(np.array([[7]])))
js("config", lambda: layers.Embedding(5, 2, mask_zero=True, sparse=False).get_config())
"""

SNIPPETS["sequential_stateful_predict_batches"] = _TRY + """
m = keras.Sequential([keras.Input((2, 1), batch_size=2), layers.LSTM(2, stateful=True)])
fill(m)
x = np.arange(8, dtype="float32").reshape(4, 2, 1) / 8
print(r4(m.predict(x, batch_size=2, verbose=0)))
print(r4(m.predict(x, batch_size=2, verbose=0)))
try1("predict_on_batch", lambda: r4(m.predict_on_batch(x[:2])))
try1("evaluate odd", lambda: m.compile("sgd", "mse") or r4(m.evaluate(x[:3], np.zeros((3, 2)), batch_size=2, verbose=0)))
"""
