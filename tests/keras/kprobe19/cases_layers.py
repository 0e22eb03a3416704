"""kprobe19's snippets on layers: Attention, AdditiveAttention and MultiHeadAttention with
masks and attention scores, causal and dilated Conv1D, separable and 3-D transposed
convolutions' shapes, global pooling with keepdims, Embedding's mask through an LSTM
(see cases.py)."""

from tests.keras.kprobe19.prelude import _TRY

SNIPPETS = {}

SNIPPETS["attention_masks_and_scores"] = _TRY + """
q = np.sin(np.arange(12, dtype="float32")).reshape(1, 3, 4)
v = np.cos(np.arange(16, dtype="float32")).reshape(1, 4, 4)
qm = np.array([[True, True, False]])
vm = np.array([[True, False, True, True]])
att = layers.Attention()
out, scores = att([q, v], mask=[qm, vm], return_attention_scores=True)
print(r4(out), r4(scores))
out = layers.Attention(use_scale=True, score_mode="concat")([q, v, v])
print(r4(out), [w.path for w in layers.Attention(use_scale=True).weights])
out, scores = layers.Attention()([q, q], use_causal_mask=True, return_attention_scores=True)
print(r4(scores))
tryp("one_input", lambda: layers.Attention()([q]))
tryp("bad_mode", lambda: layers.Attention(score_mode="cosine"))
tryp("mask_list", lambda: layers.Attention()([q, v], mask=qm))
"""

SNIPPETS["additive_attention"] = _TRY + """
q = np.sin(np.arange(12, dtype="float32")).reshape(1, 3, 4)
v = np.cos(np.arange(16, dtype="float32")).reshape(1, 4, 4)
att = layers.AdditiveAttention()
out, scores = att([q, v], mask=[None, np.array([[True, True, False, True]])],
                  return_attention_scores=True)
print(r4(out), r4(scores))
print([w.path for w in att.weights], r4(att.weights[0]))
att2 = layers.AdditiveAttention(use_scale=False, dropout=0.5)
print(r4(att2([q, v], training=False)), att2.get_config()["dropout"])
i_q, i_v = keras.Input((3, 4)), keras.Input((4, 4))
o = layers.AdditiveAttention()([i_q, i_v], return_attention_scores=True)
print([tuple(t.shape) for t in o])
"""

SNIPPETS["multi_head_attention_masks"] = _TRY + """
q = np.sin(np.arange(24, dtype="float32")).reshape(2, 3, 4)
v = np.cos(np.arange(40, dtype="float32")).reshape(2, 5, 4)
mha = layers.MultiHeadAttention(num_heads=2, key_dim=3)
mha(q, v)
fill(mha, 0.3)
mask = np.ones((2, 3, 5), bool)
mask[:, :, 3:] = False
out, scores = mha(q, v, attention_mask=mask, return_attention_scores=True)
print(tuple(out.shape), tuple(scores.shape), r4(scores[0, 0]), r4(out[1, 2]))
out, scores = mha(q, q, use_causal_mask=True, return_attention_scores=True)
print(r4(scores[1, 1]))
print([w.path for w in mha.weights][:4], mha.compute_output_shape((2, 3, 4), (2, 5, 4)))
mha2 = layers.MultiHeadAttention(num_heads=1, key_dim=2, value_dim=3, output_shape=(6,),
                                 attention_axes=(1,))
print(tuple(mha2(q, v).shape), [tuple(w.shape) for w in mha2.weights])
tryp("bad_mask", lambda: mha(q, v, attention_mask=np.ones((2, 3, 4), bool)).shape)
"""

SNIPPETS["conv1d_causal_dilated"] = _TRY + """
x = np.arange(20, dtype="float32").reshape(1, 10, 2) / 10
for kw in ({"padding": "causal"}, {"padding": "causal", "dilation_rate": 2},
           {"padding": "same", "dilation_rate": 3}, {"padding": "valid", "strides": 3}):
    c = layers.Conv1D(1, 3, **kw)
    c.build((None, 10, 2))
    fill(c)
    y = c(x)
    print(kw, tuple(y.shape), r4(y[0, :, 0]), c.compute_output_shape((None, 10, 2)))
unordered("causal_2d", lambda: layers.Conv2D(1, 3, padding="causal"))
tryp("strides_and_dilation", lambda: layers.Conv1D(1, 3, strides=2, dilation_rate=2))
i = keras.Input((None, 2))
print(tuple(layers.Conv1D(4, 2, padding="causal", dilation_rate=4)(i).shape))
"""

SNIPPETS["separable_conv_shapes"] = _TRY + """
x = np.sin(np.arange(72, dtype="float32")).reshape(1, 6, 6, 2)
s = layers.SeparableConv2D(3, 3, depth_multiplier=2, padding="same", strides=2)
s.build((None, 6, 6, 2))
fill(s)
print(tuple(s(x).shape), [(w.path, tuple(w.shape)) for w in s.weights], r4(s(x)[0, 0, 0]))
s1 = layers.SeparableConv1D(2, 3, depth_multiplier=3, dilation_rate=2)
print(tuple(s1(x[:, 0]).shape), [tuple(w.shape) for w in s1.weights])
print(s1.compute_output_shape((None, 6, 2)), s.count_params())
d = layers.DepthwiseConv2D(2, depth_multiplier=2, data_format="channels_first")
print(tuple(d(np.ones((1, 2, 5, 5), "float32")).shape), tuple(d.kernel.shape))
tryp("zero_multiplier", lambda: layers.SeparableConv2D(3, 3, depth_multiplier=0))
"""

SNIPPETS["conv3d_transpose_shapes"] = _TRY + """
for kw in ({"strides": 2, "padding": "same"}, {"strides": 2, "padding": "valid"},
           {"strides": (1, 2, 3), "padding": "valid", "output_padding": (0, 1, 2)}):
    c = layers.Conv3DTranspose(2, 3, **kw)
    y = c(np.ones((1, 3, 4, 5, 2), "float32"))
    print(kw, tuple(y.shape), c.compute_output_shape((1, 3, 4, 5, 2)), tuple(c.kernel.shape))
c = layers.Conv3DTranspose(1, 2, strides=2, kernel_initializer="ones", use_bias=False)
print(r4(c(np.ones((1, 1, 1, 2, 1), "float32"))[0, :, :, :, 0]))
tryp("output_padding_too_big", lambda: layers.Conv3DTranspose(1, 3, strides=2,
     output_padding=2)(np.ones((1, 2, 2, 2, 1), "float32")).shape)
"""

SNIPPETS["global_pooling_keepdims"] = _TRY + """
x3 = np.arange(24, dtype="float32").reshape(2, 4, 3)
x4 = np.arange(48, dtype="float32").reshape(2, 2, 4, 3)
x5 = np.arange(48, dtype="float32").reshape(2, 2, 2, 2, 3)
for cls, x in ((layers.GlobalAveragePooling1D, x3), (layers.GlobalMaxPooling1D, x3),
               (layers.GlobalAveragePooling2D, x4), (layers.GlobalMaxPooling2D, x4),
               (layers.GlobalAveragePooling3D, x5), (layers.GlobalMaxPooling3D, x5)):
    for keep in (False, True):
        for fmt in ("channels_last", "channels_first"):
            l = cls(keepdims=keep, data_format=fmt)
            y = l(x)
            print(cls.__name__, keep, fmt, tuple(y.shape), l.compute_output_shape(x.shape),
                  r4(np.asarray(y).reshape(-1)[:3]))
mask = np.array([[True, True, False, False], [True, False, False, False]])
print(r4(layers.GlobalAveragePooling1D()(x3, mask=mask)),
      r4(layers.GlobalAveragePooling1D(keepdims=True)(x3, mask=mask)))
tryp("max_mask", lambda: layers.GlobalMaxPooling1D()(x3, mask=mask))
"""

SNIPPETS["embedding_mask_zero_lstm"] = _TRY + """
tokens = np.array([[3, 1, 0, 0], [2, 2, 4, 0]])
i = keras.Input((4,), dtype="int32")
e = layers.Embedding(5, 3, mask_zero=True)
h = layers.LSTM(2, return_sequences=True)(e(i))
last = layers.LSTM(2)(h)
m = keras.Model(i, [h, last])
fill(m)
seq, fin = m.predict(tokens, verbose=0)
print(r4(seq), r4(fin))
print(e.compute_mask(tokens).numpy().tolist(), h._keras_mask is not None if hasattr(h,
      "_keras_mask") else None)
print(r4(m(tokens)[1]), r4(layers.LSTM(2)(e(tokens)).shape))
tryp("mask_zero_no_input_dim", lambda: layers.Embedding(1, 2, mask_zero=True)(np.array([[0]])))
"""

SNIPPETS["conv_transpose_channels_first"] = _TRY + """
c = layers.Conv3DTranspose(2, 3, strides=2, padding="same", data_format="channels_first")
print(c.compute_output_shape((1, 2, 3, 4, 5)))
tryp("call", lambda: tuple(c(np.ones((1, 2, 3, 4, 5), "float32")).shape))
c = layers.Conv2DTranspose(2, 3, strides=2, padding="same", data_format="channels_first")
tryp("call_2d", lambda: tuple(c(np.ones((1, 2, 3, 4), "float32")).shape))
"""

_STACKS = """
def shp(out):
    return tf.nest.map_structure(lambda t: tuple(t.shape), out)
def stacked(label, fn):
    try:
        print(label, shp(fn()))
    except Exception as e:
        print(label, type(e).__name__, str(e).splitlines()[0])
x = np.ones((2, 5, 3), "float32")
def cells():
    return [layers.LSTMCell(3), layers.GRUCell(2)]
"""

SNIPPETS["stacked_cells_structures"] = _TRY + _STACKS + """
stacked("bidi_eager", lambda: layers.Bidirectional(layers.RNN(cells(), return_state=True))(x))
stacked("bidi_symbolic", lambda: layers.Bidirectional(layers.RNN(cells(),
        return_state=True))(keras.Input((5, 3))))
stacked("nested_initial", lambda: layers.RNN(cells(), return_state=True)(x, initial_state=[
        [np.zeros((2, 3), "float32")] * 2, [np.zeros((2, 2), "float32")]]))
stacked("initial_state", lambda: layers.StackedRNNCells(cells()).get_initial_state(batch_size=4))
m = keras.Sequential([keras.Input((5, 3)), layers.RNN(cells(), return_state=True)])
stacked("sequential_call", lambda: m(x))
stacked("sequential_predict", lambda: m.predict(x, verbose=0))
i = keras.Input((5, 3))
f = keras.Model(i, layers.RNN(cells(), return_state=True, return_sequences=True)(i))
stacked("functional_predict", lambda: f.predict(x, verbose=0))
"""

SNIPPETS["stacked_cells_flat_states"] = _TRY + _STACKS + """
stacked("flat_initial", lambda: layers.RNN([layers.LSTMCell(3), layers.LSTMCell(2)],
        return_state=True)(x, initial_state=[np.zeros((2, 3), "float32")] * 2 +
                           [np.zeros((2, 2), "float32")] * 2))
r = layers.RNN([layers.SimpleRNNCell(2), layers.SimpleRNNCell(3)], stateful=True)
r(x)
stacked("stateful_states", lambda: r.states)
"""
