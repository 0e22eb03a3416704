"""kprobe23's snippets on layers: keras.layers.RNN over custom cells with nested states,
stacked cells, go_backwards and masks; ConvLSTM1D/2D outputs, states and masks; Attention,
AdditiveAttention and MultiHeadAttention with masks, causal masks and attention scores;
GroupNormalization, UnitNormalization and LayerNormalization (rms_scaling) over their
axes (see cases.py)."""

from tests.keras.kprobe23.prelude import _TRY

SNIPPETS = {}

SNIPPETS["rnn_custom_cell_two_states"] = _TRY + """
class Cell(layers.Layer):
    def __init__(self, units, nested=False, **kw):
        super().__init__(**kw)
        self.units = units
        self.state_size = [units, [units, 2]] if nested else [units, 2 * units]
        self.output_size = units
    def build(self, input_shape):
        self.k = self.add_weight(shape=(input_shape[-1], self.units), name="k")
        self.built = True
    def call(self, x, states):
        h, c = states
        y = keras.ops.tanh(keras.ops.matmul(x, self.k) + h)
        return y, [y, c + keras.ops.concatenate([y, -y], axis=-1)]
x = np.arange(24, dtype="float32").reshape(2, 4, 3) / 10 - 0.5
tryp("nested", lambda: layers.RNN(Cell(3, nested=True))(x))
rnn = layers.RNN(Cell(3), return_sequences=True, return_state=True)
rnn(x)
fill(rnn)
out = rnn(x)
print(type(out).__name__, len(out), [tuple(o.shape) for o in out])
print(r4(out[0][:, -1]), r4(out[2][0]))
print([w.path for w in rnn.weights], rnn.cell.state_size, rnn.state_size, rnn.single_state)
st = rnn.get_initial_state(2)
print(type(st).__name__, [tuple(s.shape) for s in st])
tryp("shape", lambda: rnn.compute_output_shape((2, 4, 3)))
y2 = layers.RNN(rnn.cell, return_state=True)(x, initial_state=[np.ones((2, 3), "float32"),
                                                              np.zeros((2, 6), "float32")])
print(r4(y2[0]), r4(y2[2][1]))
tryp("few_states", lambda: layers.RNN(rnn.cell)(x, initial_state=[np.ones((2, 3), "float32")]))
"""

SNIPPETS["rnn_stacked_cells_backwards_mask"] = _TRY + """
cells = [layers.SimpleRNNCell(3), layers.GRUCell(2), layers.LSTMCell(2)]
rnn = layers.RNN(cells, return_state=True, go_backwards=True)
x = np.arange(30, dtype="float32").reshape(2, 5, 3) / 10 - 0.7
rnn(x)
fill(rnn)
mask = np.array([[True, True, True, False, False], [True] * 5])
out = rnn(x, mask=mask)
print(len(out), [type(o).__name__ for o in out],
      [tuple(o.shape) for o in keras.tree.flatten(out)])
print(r4(out[0]), r4(out[-1]))
print(type(rnn.cell).__name__, rnn.cell.state_size, rnn.cell.output_size, rnn.state_size)
print(sorted(rnn.get_config()["cell"]["config"]))
u = layers.RNN(layers.SimpleRNNCell(2), unroll=True, return_sequences=True)
u(x); fill(u)
print(r4(u(x, mask=mask)[0]))
print([(type(r).__name__, r.state_size, r.single_state) for r in (
    layers.LSTM(2), layers.GRU(3), layers.SimpleRNN(1), layers.ConvLSTM1D(2, 3), u)])
tryp("unroll_none", lambda: layers.RNN(layers.SimpleRNNCell(2), unroll=True)(
    keras.Input((None, 3))))
tryp("bad_cell", lambda: layers.RNN(layers.Dense(2)))
"""

SNIPPETS["convlstm1d_outputs_states"] = _TRY + """
x = (np.arange(60, dtype="float32").reshape(2, 3, 5, 2) % 7) / 7 - 0.3
l = layers.ConvLSTM1D(2, 3, padding="same", return_sequences=True, return_state=True)
l(x); fill(l)
out = l(x)
print(len(out), [tuple(o.shape) for o in out])
print(r4(out[0][0, -1]), r4(out[2][1]))
print([w.path.split("/")[-1] for w in l.weights], [tuple(w.shape) for w in l.weights])
v = layers.ConvLSTM1D(1, 2, strides=1, padding="valid", go_backwards=True)
v(x); fill(v)
print(r4(v(x)))
tryp("shape", lambda: l.compute_output_shape((2, 3, 5, 2)))
tryp("rank", lambda: layers.ConvLSTM1D(1, 2)(np.zeros((2, 3, 5), "float32")))
"""

SNIPPETS["convlstm2d_mask_and_symbolic"] = _TRY + """
x = (np.arange(96, dtype="float32").reshape(2, 3, 4, 4, 1) % 5) / 5
l = layers.ConvLSTM2D(2, (2, 2), padding="same", return_sequences=True)
l(x); fill(l)
mask = np.array([[True, True, False], [True, False, False]])
y = l(x, mask=mask)
print(tuple(y.shape), r4(y[1, :, 0, 0]))
print(r4(l(x)[1, :, 0, 0]))
inp = keras.Input((3, 4, 4, 1))
m = layers.Masking(0.0)(inp)
s = layers.ConvLSTM2D(1, 3, data_format="channels_last", return_state=True)(m)
print([tuple(t.shape) for t in s])
c = layers.ConvLSTM2D(3, 2, dilation_rate=1, padding="valid", recurrent_dropout=0.0)
print(c.compute_output_shape((None, 3, 4, 4, 1)), sorted(c.get_config())[:8])
"""

SNIPPETS["attention_masks_and_scores"] = _TRY + """
q = np.arange(12, dtype="float32").reshape(2, 2, 3) / 10
v = np.arange(18, dtype="float32").reshape(2, 3, 3) / 10 - 0.5
qm = np.array([[True, False], [True, True]])
vm = np.array([[True, True, False], [True, False, False]])
a = layers.Attention()
y, s = a([q, v], mask=[qm, vm], return_attention_scores=True)
print(r4(y), r4(s))
y2, s2 = layers.Attention(use_scale=True, score_mode="concat")([q, v, v],
                                                                return_attention_scores=True)
print(r4(s2))
c, cs = layers.Attention()([q, q], use_causal_mask=True, return_attention_scores=True)
print(r4(cs))
aa = layers.AdditiveAttention()
ya = aa([q, v], mask=[None, vm])
print(r4(ya), [w.path for w in aa.weights])
tryp("bad_mode", lambda: layers.Attention(score_mode="dot2"))
tryp("one_input", lambda: layers.Attention()([q]))
tryp("dropout", lambda: r4(layers.Attention(dropout=0.5)([q, v], training=False)))
"""

SNIPPETS["mha_masks_scores_axes"] = _TRY + """
q = np.arange(24, dtype="float32").reshape(2, 3, 4) / 20
kv = np.arange(16, dtype="float32").reshape(2, 2, 4) / 20 - 0.3
mha = layers.MultiHeadAttention(num_heads=2, key_dim=2, value_dim=3)
mha(q, kv); fill(mha)
am = np.array([[[1, 0], [1, 1], [0, 1]], [[1, 1], [1, 1], [1, 0]]], "bool")
y, s = mha(q, kv, attention_mask=am, return_attention_scores=True)
print(tuple(y.shape), tuple(s.shape))
print(r4(y[0]), r4(s[1, 0]))
self_att = layers.MultiHeadAttention(num_heads=1, key_dim=3)
self_att(q, q); fill(self_att)
yc, sc = self_att(q, q, use_causal_mask=True, return_attention_scores=True)
print(r4(sc[0, 0]))
print([w.path.split("/", 1)[1] for w in mha.weights])
x4 = np.arange(48, dtype="float32").reshape(2, 2, 3, 4) / 50
ax = layers.MultiHeadAttention(num_heads=2, key_dim=2, attention_axes=(2,))
ya, sa = ax(x4, x4, return_attention_scores=True)
print(tuple(ya.shape), tuple(sa.shape))
tryp("shape", lambda: mha.compute_output_shape((2, 3, 4), (2, 2, 4)))
tryp("bad_mask", lambda: mha(q, kv, attention_mask=np.ones((2, 3, 3), "bool")))
"""

SNIPPETS["group_unit_layer_norm_axes"] = _TRY + """
x = (np.arange(48, dtype="float32").reshape(2, 2, 3, 4) % 7) / 3 - 1
g = layers.GroupNormalization(groups=2)
print(r4(g(x)[0, 0]), [w.path for w in g.weights])
g1 = layers.GroupNormalization(groups=3, axis=2, center=False)
print(r4(g1(x)[1, 1]), [w.path.split("/")[-1] for w in g1.weights])
g2 = layers.GroupNormalization(groups=-1, axis=-1, epsilon=0.1)
print(r4(g2(x)[0, 1, 0]))
tryp("groups", lambda: layers.GroupNormalization(groups=3)(x))
tryp("more_groups", lambda: layers.GroupNormalization(groups=8)(x))
u = layers.UnitNormalization(axis=(1, 2))
print(r4(u(x)[0, :, :, 0]))
print(r4(layers.UnitNormalization()(x[0, 0])))
print(layers.UnitNormalization(axis=[1, -1]).get_config()["axis"])
ln = layers.LayerNormalization(rms_scaling=True)
print(r4(ln(x)[0, 0]), [w.path.split("/")[-1] for w in ln.weights])
ln2 = layers.LayerNormalization(axis=[1, 3], rms_scaling=True, epsilon=0.01)
print(r4(ln2(x)[1, 0, 0]), [tuple(w.shape) for w in ln2.weights])
ln3 = layers.LayerNormalization(axis=(-2, -1), center=False, scale=False)
print(r4(ln3(x)[0, 1]), ln3.weights, ln3.get_config()["axis"])
"""

SNIPPETS["attention_compute_mask_and_mismatch"] = _TRY + """
q = np.arange(24, dtype="float32").reshape(2, 3, 4) / 10
v = np.ones((2, 5, 4), "float32")
a = layers.Attention()
qm = np.array([[1, 0, 1], [1, 1, 1]], bool)
tryp("mask", lambda: a.compute_mask([q, v], [qm, None]))
print(isinstance(a.compute_mask([q, v], [qm, None]), np.ndarray))
tryp("no_mask", lambda: a.compute_mask([q, v], None))
tryp("shape", lambda: a.compute_output_shape([(2, 3, 4), (2, 5, 4)]))
tryp("dims", lambda: a([q, np.ones((2, 5, 3), "float32")]))
tryp("cfg", lambda: sorted(layers.Attention(use_scale=True, score_mode="concat", dropout=0.1,
                                            seed=3).get_config().items()))
mha = layers.MultiHeadAttention(2, 3)
tryp("no_value", lambda: mha(q))
tryp("kw", lambda: tuple(mha(query=q, value=v).shape))
tryp("key", lambda: tuple(mha(q, v, key=np.ones((2, 5, 2), "float32")).shape))
tryp("props", lambda: (mha.num_heads, mha.key_dim, mha.value_dim, mha.dropout, mha.use_bias,
                       mha.output_shape, mha.attention_axes))
tryp("out7", lambda: tuple(layers.MultiHeadAttention(2, 3, output_shape=(7,))(q, v).shape))
"""

SNIPPETS["layer_compute_mask_passes_mask_on"] = _TRY + """
m = np.array([True, False])
x = np.ones((2, 3), "float32")
class Plain(layers.Layer):
    def call(self, x):
        return x
for l in (layers.Dense(2), layers.Flatten(), Plain(), layers.Activation("relu")):
    tryp(type(l).__name__ + " pos", lambda: l.compute_mask(x, m))
    tryp(type(l).__name__ + " one", lambda: l.compute_mask(x))
    tryp(type(l).__name__ + " kw", lambda: l.compute_mask(x, mask=m))
    tryp(type(l).__name__ + " previous", lambda: l.compute_mask(x, previous_mask=m))
"""
