"""kprobe31's snippets after keras.io's timeseries examples scaled down:
timeseries_dataset_from_array's strides, sampling rates, seeded shuffles and index ranges
as the weather example uses them, LSTM/GRU forecasters fed by it, stateful forecasting with
reset_states between epochs, Bidirectional merge modes inside trained models, ConvLSTM
next-frame models, custom cells holding nested states, TimeDistributed and masks through
recurrent stacks (see cases.py)."""

from tests.keras.kprobe31.prelude import _TRY

SNIPPETS: dict[str, str] = {}

_SERIES = """
T = np.arange(60, dtype="float32")
SERIES = np.stack([np.sin(T * 0.3), np.cos(T * 0.2), (T % 7) / 7.0], axis=1).astype("float32")
"""

SNIPPETS["timeseries_weather_style_past_future_windows"] = _TRY + _SERIES + """
past, future, step = 12, 3, 2
seq_len = past // step
x_end = len(SERIES) - past - future
label_start = past + future
ds = keras.utils.timeseries_dataset_from_array(
    SERIES[:x_end], SERIES[label_start:, 0], sequence_length=seq_len, sampling_rate=step,
    batch_size=8)
print(ds.element_spec)
print(int(ds.cardinality()), [tuple(x.shape) for x, _ in ds])
x, y = next(iter(ds))
print(r4(x[0, :, 0]), r4(y[:4]))
print(r4(x[1, :, 0]), r4(SERIES[2:14:2, 0]))
val = keras.utils.timeseries_dataset_from_array(
    SERIES, None, sequence_length=4, sequence_stride=5, sampling_rate=3, batch_size=2,
    start_index=10, end_index=40)
b = [tuple(v.shape) for v in val]
print(len(b), b[-1], r4(next(iter(val))[:, :, 2]))
"""

SNIPPETS["timeseries_shuffle_seed_and_index_edges"] = _TRY + """
data = np.arange(30)
for kw in [dict(shuffle=True, seed=7), dict(shuffle=True, seed=7, sequence_stride=2),
           dict(shuffle=False, sequence_stride=4, sampling_rate=2)]:
    ds = keras.utils.timeseries_dataset_from_array(data, data * 10, sequence_length=3,
                                                   batch_size=5, **kw)
    first = next(iter(ds))
    print(sorted(kw.items()), first[0].numpy().tolist(), first[1].numpy().tolist())
    print(" n", sum(int(x.shape[0]) for x, _ in ds))
ds = keras.utils.timeseries_dataset_from_array(data, None, sequence_length=5, batch_size=None,
                                               start_index=25)
print([v.numpy().tolist() for v in ds])
tryp("start_too_big", lambda: keras.utils.timeseries_dataset_from_array(data, None, 3,
                                                                       start_index=40))
tryp("end_before_start", lambda: keras.utils.timeseries_dataset_from_array(
    data, None, 3, start_index=10, end_index=5))
tryp("bad_stride", lambda: keras.utils.timeseries_dataset_from_array(data, None, 3,
                                                                    sequence_stride=0))
tryp("bad_rate", lambda: keras.utils.timeseries_dataset_from_array(data, None, 3, sampling_rate=0))
tryp("too_short", lambda: [v.shape for v in keras.utils.timeseries_dataset_from_array(
    data[:4], None, 6)])
ds = keras.utils.timeseries_dataset_from_array(data.reshape(15, 2).astype("float64"), None, 4,
                                               batch_size=3)
print(ds.element_spec, int(ds.cardinality()))
"""

SNIPPETS["lstm_forecaster_on_timeseries_dataset"] = _TRY + _SERIES + """
ds = keras.utils.timeseries_dataset_from_array(SERIES[:-5], SERIES[5:, 0], sequence_length=5,
                                               batch_size=16)
val = keras.utils.timeseries_dataset_from_array(SERIES[30:-5], SERIES[35:, 0], sequence_length=5,
                                                batch_size=16)
inputs = keras.Input((5, 3))
lstm_out = layers.LSTM(6)(inputs)
outputs = layers.Dense(1)(lstm_out)
m = keras.Model(inputs, outputs)
fill(m, 0.3)
m.compile(keras.optimizers.Adam(0.01), loss="mse", metrics=["mae"])
es = keras.callbacks.EarlyStopping(monitor="val_loss", min_delta=0, patience=2)
h = m.fit(ds, epochs=3, validation_data=val, callbacks=[es], verbose=0)
print(logs4(h))
for x, y in val.take(1):
    p = m.predict(x, verbose=0)
    print(tuple(p.shape), r4(p[:3, 0]), r4(y[:3]))
print(r4(m.evaluate(val, verbose=0)))
"""

SNIPPETS["stateful_lstm_forecasting_reset_each_epoch"] = _TRY + _SERIES + """
batch = 2
xs = SERIES[:48].reshape(batch, 24, 3)
chunks_x = np.concatenate([xs[:, i:i + 4] for i in range(0, 24, 4)])
ys = SERIES[1:49, :1].reshape(batch, 24, 1)
chunks_y = np.concatenate([ys[:, i + 3] for i in range(0, 24, 4)])
m = keras.Sequential([keras.Input((4, 3), batch_size=batch),
                      layers.LSTM(5, stateful=True, name="lstm"), layers.Dense(1)])
fill(m, 0.3)
m.compile(keras.optimizers.SGD(0.1), "mse")
class Reset(keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        self.model.get_layer("lstm").reset_states()
        print("reset", epoch, r4(self.model.get_layer("lstm").states[0][0]))
h = m.fit(chunks_x, chunks_y, batch_size=batch, epochs=2, shuffle=False, verbose=0,
          callbacks=[Reset()])
print(logs4(h))
st = [np.asarray(s) for s in m.get_layer("lstm").states]
print([s.shape for s in st], r4(st[0][1]))
m.get_layer("lstm").reset_states()
p1 = m.predict_on_batch(chunks_x[:2])
p2 = m.predict_on_batch(chunks_x[:2])
print(r4(p1[:, 0]), r4(p2[:, 0]))
tryp("reset_to_values", lambda: m.get_layer("lstm").reset_states(states=[np.ones((2, 5))]))
for s in m.get_layer("lstm").states:
    s.assign(np.ones((2, 5), "float32"))
print(r4(m.predict_on_batch(chunks_x[:2])[:, 0]))
"""

SNIPPETS["stateful_gru_streaming_one_step_at_a_time"] = _TRY + _SERIES + """
gru = layers.GRU(3, stateful=True, return_sequences=True, return_state=True)
inp = keras.Input((1, 3), batch_size=1)
seq, st = gru(inp)
m = keras.Model(inp, [seq, st])
fill(m, 0.4)
full = layers.GRU(3, return_sequences=True)
full(SERIES[None, :6])
full.set_weights(gru.get_weights())
ref = full(SERIES[None, :6])
outs = []
for t in range(6):
    s, h = m.predict_on_batch(SERIES[None, t:t + 1])
    outs.append(s[0, 0])
print(np.allclose(np.stack(outs), np.asarray(ref[0]), atol=1e-5), r4(outs[-1]), r4(h[0]))
print([tuple(v.shape) for v in gru.states], r4(gru.states[0]))
gru.reset_states()
print(r4(gru.states[0]))
print(r4(m.predict_on_batch(SERIES[None, :1])[1]))
"""

SNIPPETS["bidirectional_merge_modes_trained_sequence_tagger"] = _TRY + _SERIES + """
xs = SERIES[:40].reshape(5, 8, 3)
ys = (xs[:, :, :1] > 0).astype("float32")
for mode in ["concat", "sum", "ave", "mul"]:
    inp = keras.Input((8, 3))
    bi = layers.Bidirectional(layers.GRU(3, return_sequences=True), merge_mode=mode, name="bi")
    x = bi(inp)
    out = layers.TimeDistributed(layers.Dense(1, activation="sigmoid"))(x)
    m = keras.Model(inp, out)
    fill(m, 0.3)
    m.compile(keras.optimizers.Adam(0.05), "binary_crossentropy", metrics=["binary_accuracy"])
    h = m.fit(xs, ys, epochs=2, batch_size=5, verbose=0)
    print(mode, x.shape, m.count_params(), logs4(h))
print([w.path for w in m.get_layer("bi").weights][:3])
inp = keras.Input((8, 3))
f, hf, cf, hb, cb = layers.Bidirectional(layers.LSTM(2, return_state=True))(inp)
print([t.shape for t in (f, hf, cf, hb, cb)])
tryp("merge_none_seq", lambda: [t.shape for t in layers.Bidirectional(
    layers.LSTM(2, return_sequences=True), merge_mode=None)(inp)])
"""

SNIPPETS["convlstm2d_next_frame_tiny_fit"] = _TRY + """
frames = ((np.arange(4 * 5 * 6 * 6, dtype="float32").reshape(4, 5, 6, 6, 1) % 11) / 11.0)
x, y = frames[:, :-1], frames[:, 1:]
inp = keras.Input((None, 6, 6, 1))
h = layers.ConvLSTM2D(4, (3, 3), padding="same", return_sequences=True, activation="relu")(inp)
h = layers.BatchNormalization()(h)
h = layers.ConvLSTM2D(2, (1, 1), padding="same", return_sequences=True, activation="relu")(h)
out = layers.Conv3D(1, (3, 3, 3), activation="sigmoid", padding="same")(h)
m = keras.Model(inp, out)
fill_bn(m, 0.2)
m.compile(keras.optimizers.Adam(0.01), keras.losses.binary_crossentropy)
print([l.output.shape for l in m.layers[1:]])
hist = m.fit(x, y, batch_size=2, epochs=2, verbose=0, shuffle=False)
print(logs4(hist))
p = m.predict(x[:1, :2], verbose=0)
print(tuple(p.shape), r4(p[0, -1, :2, :2, 0]))
new = m.predict(np.concatenate([x[:1], p[:, -1:]], axis=1), verbose=0)
print(tuple(new.shape))
"""

SNIPPETS["convlstm1d_channels_first_and_masks"] = _TRY + """
x = np.sin(np.arange(2 * 4 * 2 * 5, dtype="float32")).reshape(2, 4, 2, 5)
c = layers.ConvLSTM1D(3, 2, data_format="channels_first", return_sequences=True)
c.build((None, 4, 2, 5))
print([tuple(w.shape) for w in c.weights])
cl = layers.ConvLSTM1D(3, 2, data_format="channels_last", return_sequences=False, padding="same")
xl = np.transpose(x, (0, 1, 3, 2))
print(tuple(cl(xl).shape))
mask = np.array([[True, True, False, False], [True, True, True, True]])
c2 = layers.ConvLSTM1D(2, 2, padding="same", return_sequences=True)
c2(xl)
fill(c2, 0.3)
ym = c2(xl, mask=mask)
print(r4(ym[0, 1:3, 0]), r4(ym[1, 1:3, 0]))
print(c.get_config()["data_format"], c.compute_output_shape((None, 4, 2, 5)))
"""

SNIPPETS["rnn_custom_cell_with_dict_like_nested_state"] = _TRY + _SERIES + """
class MinimalRNNCell(layers.Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.state_size = [units, units]
        self.output_size = units
    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer="ones",
                                      name="kernel")
        self.recurrent_kernel = self.add_weight(shape=(self.units, self.units),
                                                initializer="identity", name="recurrent_kernel")
    def call(self, inputs, states):
        h, total = states
        hn = keras.ops.tanh(keras.ops.matmul(inputs, self.kernel) * 0.2
                            + keras.ops.matmul(h, self.recurrent_kernel) * 0.5)
        return hn, [hn, total + hn]
    def get_initial_state(self, batch_size=None):
        return [keras.ops.zeros((batch_size, self.units)), keras.ops.ones((batch_size, self.units))]
    def get_config(self):
        return {**super().get_config(), "units": self.units}
xs = SERIES[:30].reshape(3, 10, 3)
rnn = layers.RNN(MinimalRNNCell(2), return_state=True, return_sequences=True)
seq, h, total = rnn(xs)
print(tuple(seq.shape), r4(h[0]), r4(total[0]))
inp = keras.Input((None, 3))
o = layers.RNN(MinimalRNNCell(2))(inp)
m = keras.Model(inp, layers.Dense(1)(o))
fill(m, 0.3)
m.compile("sgd", "mse")
hh = m.fit(xs, np.ones((3, 1), "float32"), epochs=2, verbose=0)
print(logs4(hh), [w.path for w in m.weights])
cells = [MinimalRNNCell(2), MinimalRNNCell(3)]
stacked = layers.RNN(cells, return_state=True)
res = stacked(xs)
print(len(res), tuple(res[0].shape), [[tuple(t.shape) for t in r] for r in res[1:]])
print(type(stacked.cell).__name__, stacked.cell.state_size)
cfg = stacked.get_config()
print(sorted(cfg), cfg["cell"]["class_name"])
"""

SNIPPETS["time_distributed_conv_and_masks"] = _TRY + """
clips = (np.arange(2 * 3 * 4 * 4 * 1, dtype="float32").reshape(2, 3, 4, 4, 1) % 5) / 5.0
inp = keras.Input((3, 4, 4, 1))
c = layers.TimeDistributed(layers.Conv2D(2, 3, activation="relu"), name="td_conv")(inp)
p = layers.TimeDistributed(layers.GlobalAveragePooling2D())(c)
g = layers.GRU(2)(p)
out = layers.Dense(1)(g)
m = keras.Model(inp, out)
fill(m, 0.3)
print([l.output.shape for l in m.layers[1:]])
print(r4(m.predict(clips, verbose=0)[:, 0]), m.count_params())
td = m.get_layer("td_conv")
print([w.path for w in td.weights], td.layer.name)
ids = np.array([[3, 1, 0, 0], [2, 2, 2, 0]], "int32")
e = layers.Embedding(5, 2, mask_zero=True)
td2 = layers.TimeDistributed(layers.Dense(2))
y = td2(e(ids))
mk = getattr(y, "_keras_mask", None)
print(tuple(y.shape), mk.numpy().tolist() if mk is not None else None)
print(td2.compute_mask(e(ids), e.compute_mask(ids)).numpy().tolist())
tryp("rank2", lambda: layers.TimeDistributed(layers.Dense(2))(np.ones((2, 3), "float32")))
tryp("not_layer", lambda: layers.TimeDistributed("dense"))
"""

SNIPPETS["masking_through_embedding_lstm_attention"] = _TRY + """
ids = np.array([[4, 2, 7, 0, 0], [1, 3, 0, 0, 0], [5, 6, 2, 1, 8]], "int32")
inp = keras.Input((5,), dtype="int32")
e = layers.Embedding(10, 4, mask_zero=True)(inp)
seq = layers.LSTM(4, return_sequences=True)(e)
att = layers.Attention()([seq, seq])
pooled = layers.GlobalAveragePooling1D()(att)
out = layers.Dense(1, activation="sigmoid")(pooled)
m = keras.Model(inp, out)
fill(m, 0.4)
print([getattr(l.output, "_keras_mask", None) is not None for l in m.layers[1:]])
print(r4(m.predict(ids, verbose=0)[:, 0]))
emb = m.layers[1]
lstm = m.layers[2]
att_l = m.layers[3]
s = lstm(emb(ids), mask=emb.compute_mask(ids))
print(r4(s[1, :, 0]))
a, scores = att_l([s, s], mask=[emb.compute_mask(ids), emb.compute_mask(ids)],
                  return_attention_scores=True)
print(r4(scores[1, 0]), r4(scores[1, 3]))
print(att_l.compute_mask([s, s], [emb.compute_mask(ids), emb.compute_mask(ids)]).numpy().tolist())
m.compile(keras.optimizers.Adam(0.05), "binary_crossentropy")
print(logs4(m.fit(ids, np.array([[1.], [0.], [1.]], "float32"), epochs=2, verbose=0)))
"""

SNIPPETS["encoder_decoder_repeat_vector_forecast"] = _TRY + _SERIES + """
xs = np.stack([SERIES[i:i + 6] for i in range(0, 40, 4)])
ys = np.stack([SERIES[i + 6:i + 9, :1] for i in range(0, 40, 4)])
inp = keras.Input((6, 3))
enc, h, c = layers.LSTM(4, return_state=True)(inp)
rep = layers.RepeatVector(3)(enc)
dec = layers.LSTM(4, return_sequences=True)(rep, initial_state=[h, c])
out = layers.TimeDistributed(layers.Dense(1))(dec)
m = keras.Model(inp, out)
fill(m, 0.3)
m.compile(keras.optimizers.Adam(0.02), "mse", metrics=["mae"])
print(rep.shape, out.shape)
hh = m.fit(xs, ys, epochs=3, batch_size=5, shuffle=False, verbose=0, validation_split=0.2)
print(logs4(hh))
print(r4(m.predict(xs[:1], verbose=0)[0, :, 0]), r4(ys[0, :, 0]))
"""

SNIPPETS["conv1d_causal_gru_hybrid_forecaster"] = _TRY + _SERIES + """
ds = keras.utils.timeseries_dataset_from_array(SERIES[:-1], SERIES[8:, 2], sequence_length=8,
                                               sequence_stride=2, batch_size=6, shuffle=True,
                                               seed=3)
m = keras.Sequential([keras.Input((8, 3)),
                      layers.Conv1D(4, 3, padding="causal", dilation_rate=2, activation="relu"),
                      layers.GRU(3, return_sequences=True),
                      layers.GRU(2),
                      layers.Dense(1)])
fill(m, 0.3)
m.compile(keras.optimizers.RMSprop(0.01), keras.losses.Huber(0.5), metrics=["mse"])
print([l.output.shape for l in m.layers])
h = m.fit(ds, epochs=3, verbose=0)
print(logs4(h))
ys = np.concatenate([y.numpy() for _, y in ds])
print(len(ys), r4(ys[:5]))
"""
