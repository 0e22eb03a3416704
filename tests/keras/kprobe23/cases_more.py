"""kprobe23's snippets on where layers meet training: attention scores and propagated masks
in functional models, Bidirectional over a custom cell, normalization layers trained by
fit, validation data with sample weights and validation_freq, evaluate's batch callbacks,
metrics' stateless_update_state (see cases.py)."""

from tests.keras.kprobe23.prelude import _TRY

SNIPPETS = {}

SNIPPETS["functional_attention_scores_masks"] = _TRY + """
ids = keras.Input((4,), dtype="int32")
e = layers.Embedding(6, 4, mask_zero=True)(ids)
att, sc = layers.MultiHeadAttention(num_heads=2, key_dim=2)(e, e, return_attention_scores=True)
m = keras.Model(ids, [att, sc])
fill(m)
x = np.array([[1, 2, 0, 0], [3, 4, 5, 0]], "int32")
y, s = m(x)
print(tuple(y.shape), tuple(s.shape), r4(s[0, 0]), r4(s[1, 1, 2]))
print(getattr(att, "_keras_mask", None) is not None, [l.__class__.__name__ for l in m.layers])
q = keras.Input((3, 2))
v = keras.Input((5, 2))
o, w = layers.Attention(use_scale=True)([q, v], return_attention_scores=True)
am = keras.Model([q, v], [o, w])
fill(am)
qq = np.arange(12, dtype="float32").reshape(2, 3, 2) / 5
vv = np.arange(20, dtype="float32").reshape(2, 5, 2) / 5 - 1
print([tuple(t.shape) for t in am([qq, vv])], r4(am([qq, vv])[1][0, 0]))
print(r4(am.layers[-1].scale))
"""

SNIPPETS["bidirectional_custom_cell"] = _TRY + """
class Cell(layers.Layer):
    def __init__(self, units=2, **kw):
        super().__init__(**kw)
        self.units = units
        self.state_size = units
    def build(self, input_shape):
        self.k = self.add_weight(shape=(input_shape[-1], self.units), name="k")
    def call(self, x, states):
        h = keras.ops.relu(keras.ops.matmul(x, self.k) + 0.5 * states[0])
        return h, [h]
    def get_config(self):
        return {**super().get_config(), "units": self.units}
classless("clone", lambda: layers.Bidirectional(layers.RNN(Cell())))
with keras.saving.custom_object_scope({"Cell": Cell}):
    b = layers.Bidirectional(layers.RNN(Cell(), return_sequences=True), merge_mode="concat")
    b2 = layers.Bidirectional(layers.RNN(Cell(), return_state=True), merge_mode="sum",
                              backward_layer=layers.RNN(Cell(), return_state=True,
                                                        go_backwards=True))
x = np.arange(24, dtype="float32").reshape(2, 4, 3) / 10 - 0.4
b(x); fill(b)
print(tuple(b(x).shape), r4(b(x)[0]))
print([w.path for w in b.weights])
b2(x); fill(b2)
out = b2(x)
print(len(out), r4(out[0]), r4(out[2]))
tryp("mode", lambda: layers.Bidirectional(layers.LSTM(2), merge_mode="max"))
classless("not_backwards", lambda: layers.Bidirectional(layers.RNN(Cell()),
                                                        backward_layer=layers.RNN(Cell())))
print(b.compute_output_shape((2, 4, 3)))
"""

SNIPPETS["normalization_layers_trained"] = _TRY + """
x = (np.arange(64, dtype="float32").reshape(8, 2, 4) % 5) / 2 - 1
y = np.linspace(0, 1, 8, dtype="float32").reshape(8, 1)
for make in [lambda: layers.GroupNormalization(groups=2),
             lambda: layers.LayerNormalization(rms_scaling=True),
             lambda: layers.LayerNormalization(axis=[1, 2]),
             lambda: layers.UnitNormalization(axis=-1)]:
    m = keras.Sequential([keras.Input((2, 4)), make(), layers.Flatten(), layers.Dense(1)])
    fill(m)
    m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
    h = m.fit(x, y, epochs=2, batch_size=4, verbose=0, shuffle=False)
    print(m.layers[0].name, logs4(h), r4(m.layers[0].weights))
"""

SNIPPETS["validation_weights_and_freq"] = _TRY + """
sw = np.linspace(0, 1, 4).astype("float32")
m = dense_model(lr=0.1, metrics=["mae"], weighted_metrics=["mse"])
h = m.fit(X, Y, epochs=4, verbose=0, validation_data=(X[:4], Y[:4] + 1, sw),
          validation_freq=2)
print(h.epoch, logs4(h))
h2 = m.fit(X, Y, epochs=3, verbose=0, validation_data=(X[:4], Y[:4]),
           validation_freq=[1, 3], validation_batch_size=2)
print({k: len(v) for k, v in sorted(h2.history.items())})
tryp("freq", lambda: m.fit(X, Y, epochs=1, verbose=0, validation_data=(X, Y),
                           validation_freq=0.5))
tryp("val_tuple", lambda: m.fit(X, Y, epochs=1, verbose=0, validation_data=(X,)))
"""

SNIPPETS["evaluate_batch_callbacks_logs"] = _TRY + """
class Log(keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.seen = []
    def on_test_begin(self, logs=None):
        self.seen.append(("begin", logs))
    def on_test_batch_end(self, batch, logs=None):
        self.seen.append((batch, sorted(logs), round(float(logs["loss"]), 4)))
    def on_test_end(self, logs=None):
        self.seen.append(("end", r4(logs)))
    def on_predict_batch_end(self, batch, logs=None):
        self.seen.append(("p", batch, sorted(logs), tuple(logs["outputs"].shape)))
m = dense_model(lr=0.1, metrics=["mae"])
cb = Log()
r = m.evaluate(X, Y, batch_size=3, verbose=0, callbacks=[cb], return_dict=True)
print(r4(r))
for s in cb.seen:
    print(s)
cb.seen.clear()
m.predict(X, batch_size=5, verbose=0, callbacks=[cb])
print(cb.seen)
"""

SNIPPETS["metric_stateless_update"] = _TRY + """
mt = keras.metrics.MeanSquaredError()
vars0 = [v.value for v in mt.variables]
vars1 = mt.stateless_update_state(vars0, np.array([1.0, 2.0]), np.array([1.5, 1.0]))
print(r4(vars1), r4(mt.stateless_result(vars1)), r4(mt.variables))
vars2 = mt.stateless_reset_state()
print(r4(vars2))
acc = keras.metrics.BinaryAccuracy(threshold=0.4)
v = acc.stateless_update_state([v.value for v in acc.variables], [1, 0, 1], [0.5, 0.3, 0.2])
print(r4(v), r4(acc.stateless_result(v)))
tryp("bad_len", lambda: mt.stateless_update_state([], [1.0], [1.0]))
print(mt.get_config(), acc.get_config())
"""
