"""kprobe18's snippets on recurrent layers: GRU with and without reset_after, SimpleRNN's
returned states and sequences run backwards, stateful layers and reset_states, a custom
cell of two states, stacked cells, TimeDistributed and ConvLSTM1D (see cases.py)."""

from tests.keras.kprobe18.prelude import _TRY

SNIPPETS = {}

SNIPPETS["gru_reset_after_values"] = _TRY + """
x = (np.arange(24, dtype="float32").reshape(2, 4, 3) / 12) - 0.9
for ra in (True, False):
    g = layers.GRU(2, reset_after=ra, return_sequences=True, return_state=True)
    g.build((None, 4, 3))
    fill(g)
    seq, h = g(x)
    print(ra, [tuple(w.shape) for w in g.weights], [w.path for w in g.weights])
    print("  ", r4(seq[:, -1]), r4(h))
    cfg = g.get_config()
    print("  ", cfg["reset_after"], cfg["recurrent_activation"], cfg["use_bias"], cfg["unroll"])
tryp("bad_cell_dim", lambda: layers.GRU(0))
"""

SNIPPETS["simple_rnn_state_sequences_backwards"] = _TRY + """
x = np.sin(np.arange(30, dtype="float32")).reshape(2, 5, 3)
for gb in (False, True):
    r = layers.SimpleRNN(3, return_sequences=True, return_state=True, go_backwards=gb)
    r.build((None, 5, 3))
    fill(r)
    out = r(x)
    print(gb, type(out).__name__, len(out), [tuple(t.shape) for t in out])
    print("  ", r4(out[0][0]), r4(out[1]))
r = layers.SimpleRNN(3, return_state=True)
r.build((None, 5, 3))
fill(r)
o, s = r(x, initial_state=np.ones((2, 3), "float32"))
print(r4(o), np.allclose(o, s))
tryp("bad_initial", lambda: r(x, initial_state=np.ones((2, 4), "float32")))
i = keras.Input((None, 3))
outs = layers.SimpleRNN(4, return_sequences=True, return_state=True)(i)
print([tuple(t.shape) for t in outs])
"""

SNIPPETS["stateful_rnn_reset_states"] = _TRY + """
x = np.linspace(-1, 1, 12, dtype="float32").reshape(2, 2, 3)
l = layers.LSTM(2, stateful=True)
m = keras.Sequential([keras.Input((2, 3), batch_size=2), l])
fill(m)
a = m(x)
b = m(x)
print(r4(a), r4(b), np.allclose(a, b))
print([r4(s) for s in l.states])
m.reset_states() if hasattr(m, "reset_states") else l.reset_states()
c = m(x)
print(np.allclose(a, c), [r4(s) for s in l.states])
l.reset_states()
print([r4(s) for s in l.states])
g = layers.GRU(2, stateful=True)
tryp("no_batch", lambda: keras.Sequential([keras.Input((2, 3)), g]))
s = layers.SimpleRNN(2, stateful=True)
s(np.ones((3, 2, 3), "float32"))
print([tuple(v.shape) for v in s.states])
tryp("other_batch", lambda: s(np.ones((4, 2, 3), "float32")).shape)
"""

SNIPPETS["rnn_custom_cell_two_states"] = _TRY + """
class Cell(layers.Layer):
    def __init__(self, units, **kw):
        super().__init__(**kw)
        self.units = units
        self.state_size = [units, 1]
        self.output_size = units
    def build(self, input_shape):
        self.k = self.add_weight(shape=(input_shape[-1], self.units), initializer="ones", name="k")
    def call(self, inputs, states):
        h, c = states
        out = keras.ops.tanh(keras.ops.matmul(inputs, self.k) * 0.1 + h)
        return out, [out, c + 1.0]
x = np.linspace(0, 1, 16, dtype="float32").reshape(2, 4, 2)
rnn = layers.RNN(Cell(3), return_state=True, return_sequences=True)
out = rnn(x)
print(len(out), [tuple(t.shape) for t in out])
print(r4(out[0][0]), r4(out[2]))
rnn2 = layers.RNN(Cell(3), return_state=True)
o = rnn2(x, initial_state=[np.zeros((2, 3), "float32"), np.full((2, 1), 5.0, "float32")])
print(r4(o[2]))
print([w.path for w in rnn.weights])
tryp("no_state_size", lambda: layers.RNN(layers.Dense(2)))
tryp("wrong_states", lambda: rnn2(x, initial_state=[np.zeros((2, 3), "float32")]))
"""

SNIPPETS["stacked_cells_and_unroll"] = _TRY + """
x = np.cos(np.arange(24, dtype="float32")).reshape(2, 4, 3)
cells = [layers.LSTMCell(3), layers.GRUCell(2)]
r = layers.RNN(cells, return_state=True)
r.build((None, 4, 3))
fill(r)
out = r(x)
print(len(out), tuple(out[0].shape), [len(t) if isinstance(t, (list,
    tuple)) else tuple(t.shape) for t in out[1:]], r4(out[0]))
print([w.path for w in r.weights])
st = layers.StackedRNNCells([layers.SimpleRNNCell(2), layers.SimpleRNNCell(2)])
print(st.state_size, st.output_size)
for unroll in (False, True):
    l = layers.LSTM(2, unroll=unroll)
    l.build((None, 4, 3))
    fill(l)
    print(unroll, r4(l(x)))
tryp("unroll_none_steps", lambda: layers.LSTM(2, unroll=True)(keras.Input((None, 3))))
"""

SNIPPETS["time_distributed_layers"] = _TRY + """
x = np.arange(48, dtype="float32").reshape(2, 3, 8) / 48
td = layers.TimeDistributed(layers.Dense(2))
td.build((None, 3, 8))
fill(td)
print(r4(td(x)[1]), [w.path for w in td.weights])
print(td.compute_output_shape((None, 3, 8)))
i = keras.Input((3, 4, 4, 1))
y = layers.TimeDistributed(layers.Conv2D(2, 3))(i)
y = layers.TimeDistributed(layers.Flatten())(y)
print(tuple(y.shape))
tryp("two_dims", lambda: layers.TimeDistributed(layers.Dense(2))(np.ones((2, 3), "float32")))
tryp("not_layer", lambda: layers.TimeDistributed("dense"))
m = keras.Sequential([keras.Input((3, 8)), layers.TimeDistributed(layers.Dense(2), name="td")])
print(layers.TimeDistributed.from_config(m.layers[0].get_config()).layer.units,
      sorted(m.layers[0].get_config()))
"""

SNIPPETS["conv_lstm_values"] = _TRY + """
x = np.sin(np.arange(2 * 3 * 5 * 2, dtype="float32")).reshape(2, 3, 5, 2)
c = layers.ConvLSTM1D(2, 3, padding="same", return_sequences=True, return_state=True)
c.build((None, 3, 5, 2))
fill(c, 0.3)
out = c(x)
print(len(out), [tuple(t.shape) for t in out])
print(r4(out[0][0, -1]), r4(out[2][1]))
print([tuple(w.shape) for w in c.weights])
c2 = layers.ConvLSTM2D(1, (2, 2), strides=2)
print(c2.compute_output_shape((None, 4, 6, 6, 3)))
tryp("bad_rank", lambda: layers.ConvLSTM2D(1, 2)(np.ones((1, 2, 4, 4), "float32")))
print(sorted(c.get_config())[:8])
"""
