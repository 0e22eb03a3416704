"""kprobe31's snippets after keras.io's NLP examples scaled down: TextVectorization's
output modes inside models and in tf.data, a tiny Transformer encoder with a positional
embedding that passes padding masks on, seq2seq with teacher forcing and a decoding loop,
character-level models, the attention layers (Attention, AdditiveAttention,
GroupQueryAttention, MultiHeadAttention) and EinsumDense with bias_axes (see cases.py)."""

from tests.keras.kprobe31.prelude import _TRY

SNIPPETS: dict[str, str] = {}

_TEXTS = """
TEXTS = np.array(["the movie was great fun", "terrible plot and bad acting",
                  "great acting , great fun !", "bad bad movie", "a fun plot",
                  "the acting was terrible", "fun fun fun", "plot was great"])
LABELS = np.array([1, 0, 1, 0, 1, 0, 1, 1], "int32")
"""

SNIPPETS["text_vectorization_int_inside_model_end_to_end"] = _TRY + _TEXTS + """
vec = layers.TextVectorization(max_tokens=12, output_mode="int", output_sequence_length=6)
vec.adapt(TEXTS)
print(vec.get_vocabulary())
inp = keras.Input((1,), dtype="string")
x = vec(inp)
x = layers.Embedding(12, 3, mask_zero=True)(x)
x = layers.LSTM(3)(x)
out = layers.Dense(1, activation="sigmoid")(x)
m = keras.Model(inp, out)
fill(m, 0.3)
m.compile(keras.optimizers.Adam(0.05), "binary_crossentropy", metrics=["accuracy"])
tryp("np_strings", lambda: m.fit(TEXTS[:, None], LABELS, epochs=1, verbose=0))
h = m.fit(tf.constant(TEXTS[:, None]), LABELS, epochs=3, batch_size=4, verbose=0, shuffle=False)
print(logs4(h))
print(r4(m.predict(tf.constant([["great fun"], ["unknown words here"]]), verbose=0)[:, 0]))
print(r4(m.evaluate(tf.constant(TEXTS[:, None]), LABELS, verbose=0, return_dict=True)))
print([type(l).__name__ for l in m.layers], m.layers[1].output.shape)
"""

SNIPPETS["text_vectorization_output_modes_in_tf_data"] = _TRY + _TEXTS + """
ds = tf.data.Dataset.from_tensor_slices((TEXTS, LABELS)).batch(4)
for mode, kw in [("multi_hot", {}), ("count", {}), ("tf_idf", {}), ("multi_hot", {"ngrams": 2}),
                 ("int", {"output_sequence_length": 4})]:
    vec = layers.TextVectorization(max_tokens=10, output_mode=mode, **kw)
    vec.adapt(ds.map(lambda t, y: t))
    mapped = ds.map(lambda t, y: (vec(t), y))
    x, y = next(iter(mapped))
    print(mode, kw, mapped.element_spec[0], r4(x[0]))
    if mode != "int":
        m = keras.Sequential([keras.Input((10,)), layers.Dense(1, activation="sigmoid")])
        fill(m, 0.2)
        m.compile("adam", "binary_crossentropy")
        print(" fit", logs4(m.fit(mapped, epochs=2, verbose=0)))
vec = layers.TextVectorization(output_mode="tf_idf", vocabulary=["great", "fun", "bad"],
                               idf_weights=[0.5, 0.25, 2.0])
print(r4(vec(["great fun bad bad", "nothing"])), vec.get_vocabulary())
tryp("idf_no_tfidf", lambda: layers.TextVectorization(output_mode="count", vocabulary=["a"],
                                                      idf_weights=[1.0]))
"""

SNIPPETS["text_vectorization_sequence_length_and_pad_to_max"] = _TRY + _TEXTS + """
for kw in [dict(output_mode="int"), dict(output_mode="int", output_sequence_length=3),
           dict(output_mode="multi_hot", pad_to_max_tokens=True, max_tokens=15),
           dict(output_mode="count", max_tokens=15), dict(output_mode="int", split="character",
                                                           max_tokens=8)]:
    vec = layers.TextVectorization(**kw)
    vec.adapt(TEXTS)
    y = vec(TEXTS[:3])
    print(sorted(kw.items()), keras.backend.standardize_dtype(y.dtype), tuple(y.shape),
          np.asarray(y)[1].tolist()[:8], vec.vocabulary_size())
vec = layers.TextVectorization(max_tokens=6, output_sequence_length=4)
vec.adapt(TEXTS)
ds = tf.data.Dataset.from_tensor_slices(TEXTS).batch(3).map(vec)
print(ds.element_spec, [b.numpy().tolist() for b in ds.take(1)])
inv = layers.StringLookup(vocabulary=vec.get_vocabulary()[2:], invert=True, oov_token="[UNK]")
print(inv(vec(["the movie was great"]) - 1).numpy().tolist())
"""

_POS = """
class TokenAndPositionEmbedding(layers.Layer):
    def __init__(self, maxlen, vocab_size, embed_dim, **kw):
        super().__init__(**kw)
        self.token_emb = layers.Embedding(vocab_size, embed_dim, mask_zero=True)
        self.pos_emb = layers.Embedding(maxlen, embed_dim)
    def call(self, x):
        positions = keras.ops.arange(0, keras.ops.shape(x)[-1], 1)
        return self.token_emb(x) + self.pos_emb(positions)
    def compute_mask(self, x, mask=None):
        return self.token_emb.compute_mask(x)
class TransformerEncoder(layers.Layer):
    def __init__(self, embed_dim, dense_dim, num_heads, **kw):
        super().__init__(**kw)
        self.supports_masking = True
        self.attention = layers.MultiHeadAttention(num_heads=num_heads, key_dim=embed_dim)
        self.dense_proj = keras.Sequential([layers.Dense(dense_dim, activation="relu"),
                                            layers.Dense(embed_dim)])
        self.layernorm_1 = layers.LayerNormalization()
        self.layernorm_2 = layers.LayerNormalization()
    def call(self, inputs, mask=None):
        padding_mask = None
        if mask is not None:
            padding_mask = keras.ops.cast(mask[:, None, :], dtype="int32")
        attention_output = self.attention(query=inputs, value=inputs, key=inputs,
                                          attention_mask=padding_mask)
        proj_input = self.layernorm_1(inputs + attention_output)
        return self.layernorm_2(proj_input + self.dense_proj(proj_input))
IDS = np.array([[5, 3, 8, 2, 0, 0], [1, 4, 0, 0, 0, 0], [7, 7, 2, 9, 6, 1], [3, 0, 0, 0, 0, 0]],
               "int32")
YS = np.array([1, 0, 1, 0], "int32")
"""

SNIPPETS["transformer_encoder_positional_embedding_padding_mask"] = _TRY + _POS + """
inp = keras.Input((None,), dtype="int32")
x = TokenAndPositionEmbedding(6, 10, 4)(inp)
x = TransformerEncoder(4, 8, 2)(x)
x = layers.GlobalMaxPooling1D()(x)
x = layers.Dropout(0.5)(x)
out = layers.Dense(2, activation="softmax")(x)
m = keras.Model(inp, out)
fill_bn(m, 0.3)
print(r4(m.predict(IDS, verbose=0)))
enc = m.layers[2]
e = m.layers[1](IDS)
print(e._keras_mask.numpy().tolist() if getattr(e, "_keras_mask", None) is not None else "nomask")
full = enc(e)
has_mask = getattr(e, "_keras_mask", None) is not None
short = enc(e[:, :2], mask=e._keras_mask[:, :2]) if has_mask else None
print(r4(full[1, 0]), None if short is None else r4(short[1, 0]))
m.compile(keras.optimizers.Adam(0.01), "sparse_categorical_crossentropy", metrics=["accuracy"])
h = m.fit(IDS, YS, epochs=3, batch_size=2, verbose=0, shuffle=False)
print(logs4(h))
print(len(m.weights), [w.path for w in m.weights][:4])
"""

SNIPPETS["transformer_padding_mask_changes_nothing_for_padding"] = _TRY + _POS + """
emb = TokenAndPositionEmbedding(8, 10, 4)
encl = TransformerEncoder(4, 6, 1)
a = np.array([[5, 3, 0, 0]], "int32")
b = np.array([[5, 3, 0, 0, 0, 0, 0, 0]], "int32")
ea = emb(a)
fill(emb, 0.4)
encl(ea, mask=emb.compute_mask(a))
fill(encl, 0.3)
ea, eb = emb(a), emb(b)
ya = encl(ea, mask=emb.compute_mask(a))
yb = encl(eb, mask=emb.compute_mask(b))
print(np.allclose(ya[0, :2], yb[0, :2], atol=1e-5), r4(ya[0, 0]))
y_nomask = encl(ea)
print(np.allclose(ya[0, :2], y_nomask[0, :2], atol=1e-5))
mha = encl.attention
q = np.asarray(ea)
o, s = mha(q, q, attention_mask=np.array([[[1, 1, 0, 0]] * 4]), return_attention_scores=True)
print(tuple(s.shape), r4(s[0, 0, 0]))
o2, s2 = mha(q, q, use_causal_mask=True, return_attention_scores=True)
print(r4(s2[0, 0, 1]))
"""

SNIPPETS["seq2seq_teacher_forcing_and_greedy_decoding"] = _TRY + """
src = np.array([[1, 2, 3, 0], [2, 3, 0, 0], [3, 1, 2, 1], [1, 1, 0, 0]], "int32")
tgt = np.array([[8, 3, 2, 1, 9], [8, 3, 2, 9, 0], [8, 1, 2, 1, 3], [8, 1, 1, 9, 0]], "int32")
dec_in, dec_out = tgt[:, :-1], tgt[:, 1:]
V = 10
ei = keras.Input((None,), dtype="int32", name="enc")
ee = layers.Embedding(V, 4, mask_zero=True)(ei)
_, h, c = layers.LSTM(5, return_state=True)(ee)
di = keras.Input((None,), dtype="int32", name="dec")
de_layer = layers.Embedding(V, 4, mask_zero=True)
dl = layers.LSTM(5, return_sequences=True, return_state=True)
dd = layers.Dense(V, activation="softmax")
do, _, _ = dl(de_layer(di), initial_state=[h, c])
out = dd(do)
m = keras.Model([ei, di], out)
fill(m, 0.3)
m.compile(keras.optimizers.Adam(0.05), "sparse_categorical_crossentropy", metrics=["accuracy"])
hist = m.fit([src, dec_in], dec_out, epochs=3, batch_size=2, verbose=0, shuffle=False)
print(logs4(hist))
enc_model = keras.Model(ei, [h, c])
sh, sc = keras.Input((5,)), keras.Input((5,))
o2, h2, c2 = dl(de_layer(di), initial_state=[sh, sc])
dec_model = keras.Model([di, sh, sc], [dd(o2), h2, c2])
def decode(seq):
    states = enc_model.predict(seq, verbose=0)
    tok = np.array([[8]], "int32")
    out = []
    for _ in range(5):
        probs, hh, cc = dec_model.predict([tok] + list(states), verbose=0)
        nxt = int(np.argmax(probs[0, -1]))
        if nxt == 9:
            break
        out.append(nxt)
        tok, states = np.array([[nxt]], "int32"), [hh, cc]
    return out
print(decode(src[:1]), decode(src[2:3]))
print(len(dec_model.layers), [t.shape for t in dec_model.outputs])
"""

SNIPPETS["char_level_next_char_model_and_sampling"] = _TRY + """
text = "hello world, hello keras, hello flow"
chars = sorted(set(text))
ids_from_chars = layers.StringLookup(vocabulary=chars, mask_token=None)
chars_from_ids = layers.StringLookup(vocabulary=ids_from_chars.get_vocabulary(), invert=True,
                                     mask_token=None)
all_ids = ids_from_chars(tf.strings.unicode_split(text, "UTF-8"))
print(ids_from_chars.vocabulary_size(), all_ids.numpy().tolist()[:10])
ds = tf.data.Dataset.from_tensor_slices(all_ids).batch(7, drop_remainder=True)
ds = ds.map(lambda s: (s[:-1], s[1:])).batch(2, drop_remainder=True)
print(ds.element_spec, int(ds.cardinality()))
V = ids_from_chars.vocabulary_size()
m = keras.Sequential([keras.Input((None,), dtype="int64"), layers.Embedding(V, 4),
                      layers.GRU(6, return_sequences=True), layers.Dense(V)])
fill(m, 0.3)
m.compile(keras.optimizers.Adam(0.02), keras.losses.SparseCategoricalCrossentropy(from_logits=True))
print(logs4(m.fit(ds, epochs=2, verbose=0)))
x = ids_from_chars(tf.strings.unicode_split(["hel"], "UTF-8"))
out = []
for _ in range(6):
    logits = m(x.to_tensor() if hasattr(x, "to_tensor") else x)
    nxt = tf.argmax(logits[:, -1], axis=-1)
    out.append(nxt)
    x = tf.concat([x.to_tensor() if hasattr(x, "to_tensor") else x, nxt[:, None]], axis=1)
print(tf.strings.reduce_join(chars_from_ids(tf.stack(out, axis=1)), axis=-1).numpy())
print(chars_from_ids(np.array([0, 1, 2])).numpy().tolist())
"""

SNIPPETS["attention_layer_options_values"] = _TRY + """
q = np.sin(np.arange(2 * 3 * 4, dtype="float32")).reshape(2, 3, 4)
v = np.cos(np.arange(2 * 5 * 4, dtype="float32")).reshape(2, 5, 4)
k = np.sin(np.arange(2 * 5 * 4, dtype="float32") * 0.3).reshape(2, 5, 4)
for kw in [{}, {"use_scale": True}, {"score_mode": "concat"},
           {"score_mode": "concat", "use_scale": True}]:
    a = layers.Attention(**kw)
    o, s = a([q, v, k], return_attention_scores=True)
    fill(a, 0.7)
    o, s = a([q, v, k], return_attention_scores=True)
    print(sorted(kw.items()), [w.path.split("/")[-1] for w in a.weights], r4(s[0, 0]), r4(o[1, 2]))
a = layers.Attention()
o = a([q, v], mask=[None, np.array([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1]], bool)])
print(r4(o[0, 0]))
qq = np.sin(np.arange(2 * 4 * 4, dtype="float32")).reshape(2, 4, 4)
o, s = layers.Attention()([qq, qq], use_causal_mask=True, return_attention_scores=True)
print(r4(s[0, 1]), r4(s[0, 3]))
tryp("bad_mode", lambda: layers.Attention(score_mode="cosine"))
tryp("one_input", lambda: layers.Attention()(q))
tryp("bad_mask", lambda: layers.Attention()([q, v], mask=[None]))
print(layers.Attention(dropout=0.1, score_mode="concat").get_config())
"""

SNIPPETS["additive_attention_masks_and_scale"] = _TRY + """
q = np.sin(np.arange(2 * 3 * 4, dtype="float32")).reshape(2, 3, 4)
v = np.cos(np.arange(2 * 5 * 4, dtype="float32")).reshape(2, 5, 4)
for use_scale in [True, False]:
    a = layers.AdditiveAttention(use_scale=use_scale)
    o = a([q, v])
    fill(a, 0.6)
    o, s = a([q, v], return_attention_scores=True)
    print(use_scale, [tuple(w.shape) for w in a.weights], r4(s[1, 2]), r4(o[0, 0]))
vm = np.array([[1, 1, 0, 0, 0], [1, 1, 1, 1, 0]], bool)
qm = np.array([[1, 1, 0], [1, 1, 1]], bool)
o, s = a([q, v], mask=[qm, vm], return_attention_scores=True)
print(r4(s[0, 0]), r4(o[0, 2]), a.compute_mask([q, v], [qm, vm]).numpy().tolist())
qi = keras.Input((3, 4))
vi = keras.Input((5, 4))
y = layers.AdditiveAttention()([qi, vi])
print(y.shape, layers.AdditiveAttention().compute_output_shape([(None, 3, 4), (None, 5, 4)]))
"""

SNIPPETS["group_query_attention_heads_masks_scores"] = _TRY + """
q = np.sin(np.arange(2 * 3 * 8, dtype="float32")).reshape(2, 3, 8)
v = np.cos(np.arange(2 * 4 * 8, dtype="float32")).reshape(2, 4, 8)
gqa = layers.GroupQueryAttention(head_dim=2, num_query_heads=4, num_key_value_heads=2)
o = gqa(q, v)
fill(gqa, 0.4)
o, s = gqa(q, v, return_attention_scores=True)
print(tuple(o.shape), tuple(s.shape), r4(o[0, 0]), r4(s[1, 3, 2]))
print([(w.path.split("/")[-2] + "/" + w.path.split("/")[-1], tuple(w.shape)) for w in gqa.weights])
mask = np.array([[[1, 1, 0, 0]] * 3, [[1, 1, 1, 1]] * 3], bool)
o, s = gqa(q, v, attention_mask=mask, return_attention_scores=True)
print(r4(s[0, 0, 0]), r4(o[0, 1]))
qq = np.sin(np.arange(2 * 4 * 8, dtype="float32")).reshape(2, 4, 8)
o, s = gqa(qq, qq, use_causal_mask=True, return_attention_scores=True)
print(r4(s[0, 0, 1]))
cfg = gqa.get_config()
print(sorted(cfg))
print(layers.GroupQueryAttention.from_config(cfg).num_key_value_heads)
tryp("not_divisible", lambda: layers.GroupQueryAttention(2, 3, 2))
print(gqa.compute_output_shape((2, 3, 8), (2, 4, 8)))
i = keras.Input((3, 8))
j = keras.Input((4, 8))
print(layers.GroupQueryAttention(2, 4, 4)(i, j).shape)
tryp("output_shape", lambda: layers.GroupQueryAttention(2, 4, 4, output_shape=None))
"""

SNIPPETS["einsum_dense_bias_axes_equations"] = _TRY + """
x = np.sin(np.arange(2 * 3 * 4, dtype="float32")).reshape(2, 3, 4)
for eq, shape, bias in [("abc,cd->abd", (None, 5), "d"), ("abc,cde->abde", (None, 2, 3), "de"),
                        ("abc,cd->abd", (3, 5), "bd"), ("abc,cde->abde", (3, 2, 3), "e"),
                        ("ab,bc->ac", 4, "c"), ("abc,cd->abd", (None, 5), None)]:
    l = layers.EinsumDense(eq, output_shape=shape, bias_axes=bias, activation="relu")
    inp = x if eq.startswith("abc") else x[:, 0]
    y = l(inp)
    fill(l, 0.3)
    y = l(inp)
    print(eq, shape, bias, [tuple(w.shape) for w in l.weights], tuple(y.shape),
          r4(np.asarray(y).sum()))
tryp("bad_bias", lambda: layers.EinsumDense("abc,cd->abd", (None, 5), bias_axes="x")(x))
tryp("bad_eq", lambda: layers.EinsumDense("abc->abd", (None, 5))(x))
l = layers.EinsumDense("...b,bc->...c", output_shape=6, bias_axes="c")
print(tuple(l(x).shape), l.compute_output_shape((2, 3, 4)))
cfg = l.get_config()
print(cfg["equation"], cfg["bias_axes"], cfg["output_shape"])
"""

SNIPPETS["multi_head_attention_value_dim_output_shape_axes"] = _TRY + """
q = np.sin(np.arange(2 * 3 * 4, dtype="float32")).reshape(2, 3, 4)
v = np.cos(np.arange(2 * 5 * 6, dtype="float32")).reshape(2, 5, 6)
mha = layers.MultiHeadAttention(num_heads=2, key_dim=3, value_dim=2, output_shape=(7,))
o, s = mha(q, v, return_attention_scores=True)
fill(mha, 0.3)
o, s = mha(q, v, return_attention_scores=True)
print(tuple(o.shape), tuple(s.shape), r4(o[0, 0, :3]))
print([tuple(w.shape) for w in mha.weights])
x4 = np.sin(np.arange(1 * 2 * 3 * 4, dtype="float32")).reshape(1, 2, 3, 4)
m2 = layers.MultiHeadAttention(num_heads=1, key_dim=2, attention_axes=(1, 2))
o, s = m2(x4, x4, return_attention_scores=True)
print(tuple(o.shape), tuple(s.shape))
i = keras.Input((3, 4))
j = keras.Input((5, 6))
y = layers.MultiHeadAttention(2, 3, use_bias=False)(i, j)
mdl = keras.Model([i, j], y)
print(y.shape, mdl.count_params())
tryp("value_shape", lambda: layers.MultiHeadAttention(2, 3)(q, v, np.ones((2, 4, 6), "float32")))
"""

SNIPPETS["bidirectional_text_classifier_tf_data_vectorized"] = _TRY + _TEXTS + """
vec = layers.TextVectorization(max_tokens=15, output_sequence_length=5)
vec.adapt(TEXTS)
ds = tf.data.Dataset.from_tensor_slices((TEXTS, LABELS)).batch(4)
train = ds.map(lambda x, y: (vec(x), y)).cache().prefetch(2)
inp = keras.Input((None,), dtype="int64")
x = layers.Embedding(15, 4)(inp)
x = layers.Bidirectional(layers.LSTM(3, return_sequences=True))(x)
x = layers.Bidirectional(layers.LSTM(2))(x)
out = layers.Dense(1, activation="sigmoid")(x)
m = keras.Model(inp, out)
fill(m, 0.3)
m.compile("adam", "binary_crossentropy", metrics=["accuracy"])
h = m.fit(train, validation_data=train, epochs=2, verbose=0)
print(logs4(h))
print(r4(m.evaluate(train, return_dict=True, verbose=0)))
raw = keras.Input((1,), dtype="string")
end = keras.Model(raw, m(vec(raw)))
end.compile(loss="binary_crossentropy", optimizer="adam", metrics=["accuracy"])
print(r4(end.evaluate(ds.map(lambda x, y: (x[:, None], y)), verbose=0)))
print(r4(end.predict(tf.constant([["fun movie"]]), verbose=0)))
tryp("np_strings", lambda: end.predict(np.array([["fun movie"]]), verbose=0))
"""
