"""kprobe29's snippets on Keras recurrent layers: GRU with reset_after off and on, LSTM and
GRU with recurrent dropout in training, Bidirectional's merge modes and backward_layer,
ConvLSTM1D/2D, RNN over custom cells with nested states, return_state, stateful layers
with reset_states (see cases.py)."""

from tests.keras.kprobe29.prelude import _TRY

SNIPPETS = {}

_SEQ = """
XS = (np.sin(np.arange(2 * 5 * 3, dtype="float32").reshape(2, 5, 3) * 0.7)).astype("float32")
"""

SNIPPETS["gru_reset_after_both_ways"] = _TRY + _SEQ + """
for ra in [False, True]:
    g = layers.GRU(4, reset_after=ra, return_sequences=True, return_state=True, go_backwards=True)
    seq, st = g(XS)
    fill(g)
    seq, st = g(XS)
    print(ra, [tuple(w.shape) for w in g.weights], r4(st[0]), r4(seq[1, -1]))
    print("cfg", g.get_config()["reset_after"], g.cell.reset_after)
g = layers.GRU(3, reset_after=False, use_bias=False)
print("nobias", [w.path.split("/")[-1] for w in (g(XS), g.weights)[1]])
"""

SNIPPETS["lstm_gru_recurrent_dropout_training"] = _TRY + _SEQ + """
for cls in [layers.LSTM, layers.GRU, layers.SimpleRNN]:
    l = cls(4, dropout=0.3, recurrent_dropout=0.4, seed=3)
    l(XS)
    fill(l)
    inf1, inf2 = l(XS), l(XS)
    tr1, tr2 = l(XS, training=True), l(XS, training=True)
    print(cls.__name__, np.allclose(inf1, inf2), bool(np.any(np.asarray(tr1) != np.asarray(inf1))),
          bool(np.any(np.asarray(tr1) != np.asarray(tr2))), tuple(tr1.shape), r4(inf1[0]))
    cfg = l.get_config()
    print(" cfg", cfg["dropout"], cfg["recurrent_dropout"], cfg.get("seed"))
tryp("bad_rate", lambda: layers.LSTM(2, recurrent_dropout=1.5))
"""

SNIPPETS["bidirectional_backward_layer_and_states"] = _TRY + _SEQ + """
fw = layers.LSTM(3, return_sequences=True)
bw = layers.GRU(3, return_sequences=True, go_backwards=True)
bi = layers.Bidirectional(fw, backward_layer=bw, merge_mode="concat")
y = bi(XS)
fill(bi)
y = bi(XS)
print("concat", tuple(y.shape), r4(y[0, 0]), [w.path for w in bi.weights][:2])
for mode in ["sum", "mul", "ave", None]:
    b = layers.Bidirectional(layers.SimpleRNN(2, return_sequences=False), merge_mode=mode)
    out = b(XS)
    fill(b)
    out = b(XS)
    print(mode, r4(out) if mode else [r4(o) for o in out])
b = layers.Bidirectional(layers.LSTM(2, return_state=True))
res = b(XS)
print("states", len(res), [tuple(r.shape) for r in res])
b = layers.Bidirectional(layers.GRU(2, return_state=True, return_sequences=True), merge_mode=None)
res = b(XS)
print("none_states", len(res), [tuple(r.shape) for r in res])
tryp("bad_mode", lambda: layers.Bidirectional(layers.GRU(2), merge_mode="max"))
tryp("bad_backward", lambda: layers.Bidirectional(layers.GRU(2), backward_layer=layers.GRU(2,
    return_sequences=True)))
classless("not_rnn", lambda: layers.Bidirectional(layers.Dense(2)))
cfg = bi.get_config()
print("cfg", sorted(cfg), cfg["backward_layer"]["class_name"])
bi2 = layers.Bidirectional.from_config(cfg)
print("round", bi2.forward_layer.__class__.__name__, bi2.backward_layer.__class__.__name__,
      bi2.backward_layer.go_backwards)
"""

SNIPPETS["conv_lstm_1d_2d_states_padding"] = _TRY + """
X1 = np.sin(np.arange(2 * 3 * 6 * 2, dtype="float32").reshape(2, 3, 6, 2))
c1 = layers.ConvLSTM1D(3, 3, padding="same", return_sequences=True, return_state=True)
out = c1(X1)
fill(c1, 0.3)
seq, h, c = c1(X1)
print("1d", tuple(seq.shape), tuple(h.shape), tuple(c.shape), r4(h[0, :2]))
c1v = layers.ConvLSTM1D(2, 3, strides=2, padding="valid")
print("1d_valid", tuple(c1v(X1).shape), [tuple(w.shape) for w in c1v.weights])
X2 = np.sin(np.arange(1 * 2 * 4 * 4 * 1, dtype="float32").reshape(1, 2, 4, 4, 1))
c2 = layers.ConvLSTM2D(2, (2, 2), dilation_rate=1, go_backwards=True, return_state=True)
c2(X2)
fill(c2, 0.3)
o, h, c = c2(X2)
print("2d", tuple(o.shape), r4(o[0, :, :, 0]))
c2s = layers.ConvLSTM2D(2, 3, padding="same", return_sequences=True, strides=1)
print("2d_same", tuple(c2s(X2).shape))
tryp("2d_rank", lambda: layers.ConvLSTM2D(2, 3)(X1))
print("cos", c1.compute_output_shape((None, 3, 6, 2)))
"""

SNIPPETS["rnn_custom_cell_nested_states"] = _TRY + _SEQ + """
class Cell(layers.Layer):
    def __init__(self, units, **kw):
        super().__init__(**kw)
        self.units = units
        self.state_size = [units, 4]
        self.output_size = units
    def build(self, input_shape):
        self.k = self.add_weight(shape=(input_shape[-1], self.units), initializer="ones")
    def call(self, x, states):
        h, m = states
        new_h = keras.ops.tanh(keras.ops.matmul(x, self.k) * 0.1 + h)
        new_m = m + keras.ops.mean(x, axis=-1, keepdims=True)
        return new_h, [new_h, new_m]
r = layers.RNN(Cell(4), return_state=True)
out = r(XS)
print(len(out), [tuple(t.shape) for t in out], r4(out[2][0]))
init = [np.ones((2, 4), "float32"), np.zeros((2, 4), "float32")]
out = r(XS, initial_state=init)
print("init", r4(out[0][0]))
rs = layers.RNN(Cell(2), return_sequences=True, go_backwards=True, unroll=True)
print("unrolled", tuple(rs(XS).shape))
mask = np.array([[True] * 5, [True, True, False, False, False]])
print("masked", r4(layers.RNN(Cell(2))(XS, mask=mask)))
class DictCell(layers.Layer):
    state_size = 2
    output_size = 2
    def call(self, x, states):
        return x[:, :2] + states[0], [x[:, :2] + states[0]]
print("simple_cell", r4(layers.RNN(DictCell())(XS)))
tryp("no_state_size", lambda: layers.RNN(layers.Dense(2)))
class Nested(Cell):
    def __init__(self, units, **kw):
        super().__init__(units, **kw)
        self.state_size = [units, (2, 2)]
tryp("nested_state_size", lambda: layers.RNN(Nested(2))(XS).shape)
"""

SNIPPETS["stateful_gru_lstm_reset_states"] = _TRY + """
XB = np.sin(np.arange(2 * 3 * 2, dtype="float32").reshape(2, 3, 2))
for cls in [layers.GRU, layers.LSTM, layers.SimpleRNN]:
    m = keras.Sequential([keras.Input((3, 2), batch_size=2), cls(2, stateful=True)])
    fill(m)
    a = m.predict(XB, verbose=0)
    b = m.predict(XB, verbose=0)
    m.layers[0].reset_states()
    c = m.predict(XB, verbose=0)
    print(cls.__name__, np.allclose(a, b), np.allclose(a, c), r4(b[0]))
    print(" states", [tuple(s.shape) for s in m.layers[0].states])
l = layers.GRU(2, stateful=True)
tryp("no_batch", lambda: l(XB) is not None and [tuple(s.shape) for s in l.states])
l.reset_states()
print("after_reset", r4(l.states[0]))
m = keras.Sequential([keras.Input((3, 2), batch_size=2), layers.LSTM(2, stateful=True)])
tryp("wrong_batch", lambda: m.predict(np.ones((3, 3, 2), "float32"), verbose=0).shape)
"""

SNIPPETS["rnn_return_state_masks_and_initial_states"] = _TRY + _SEQ + """
lstm = layers.LSTM(3, return_state=True, return_sequences=True)
lstm(XS)
fill(lstm)
mask = np.array([[True, True, True, False, False], [True] * 5])
seq, h, c = lstm(XS, mask=mask)
print("masked_seq_last", r4(seq[0, 2:]), r4(h[0]))
init = [np.full((2, 3), 0.5, "float32"), np.zeros((2, 3), "float32")]
seq2, h2, c2 = lstm(XS, initial_state=init)
print("init", r4(h2[0]))
inp = keras.Input((5, 3))
s_in = [keras.Input((3,)), keras.Input((3,))]
o = layers.LSTM(3)(inp, initial_state=s_in)
m = keras.Model([inp] + s_in, o)
print("functional_init", [t.shape for t in m.inputs], m.output.shape)
tryp("bad_init_count", lambda: lstm(XS, initial_state=init[:1]))
tryp("bad_init_shape", lambda: lstm(XS, initial_state=[np.zeros((2, 4), "float32")] * 2))
g = layers.GRU(2, return_state=True)
o, s = g(XS)
print("gru_state_is_output", np.allclose(o, s))
sr = layers.SimpleRNN(2, return_sequences=True, return_state=True, unroll=True)
print("simple_unroll", [tuple(t.shape) for t in sr(XS)])
"""

SNIPPETS["rnn_stacked_cells_and_time_distributed_model_fit"] = _TRY + _SEQ + """
Yseq = XS[:, :, :1] * 0.5
inp = keras.Input((5, 3))
h = layers.RNN(layers.StackedRNNCells([layers.GRUCell(4), layers.LSTMCell(3)]),
    return_sequences=True)(inp)
out = layers.TimeDistributed(layers.Dense(1))(h)
m = keras.Model(inp, out)
fill(m, 0.3)
m.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
h = m.fit(XS, Yseq, epochs=3, verbose=0)
print(logs4(h), wsum(m))
print([w.path for w in m.weights][:4])
print("pred", r4(m.predict(XS[:1], verbose=0)[0, :, 0]))
"""
