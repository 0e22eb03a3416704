"""kprobe20's snippets on layers: TextVectorization's modes and n-grams, StringLookup and
IntegerLookup with masks and out-of-vocabulary indices, Normalization.adapt and its
inverse, Discretization, CategoryEncoding, Hashing with salt, RandomFlip and
RandomRotation with seeds (in inference and training), TimeDistributed, Bidirectional's
merge modes, GRU's reset_after, SimpleRNN's return_state, stateful RNNs' states and reset,
LayerNormalization and GroupNormalization numerics (see cases.py)."""

from tests.keras.kprobe20.prelude import _TRY

SNIPPETS = {}

SNIPPETS["text_vectorization_modes"] = _TRY + """
data = ["The cat sat", "the dog sat down", "a cat, a dog!"]
for kw in [dict(), dict(output_sequence_length=5), dict(ngrams=2, output_mode="multi_hot"),
           dict(output_mode="count", max_tokens=5), dict(output_mode="tf_idf", max_tokens=6),
           dict(split="character", output_sequence_length=6, standardize=None)]:
    tv = layers.TextVectorization(**kw)
    tv.adapt(data)
    print(sorted(kw.items()), tv.get_vocabulary()[:8], tv.vocabulary_size())
    print(r4(tv(["the cat", "A bird sat"])))
tv = layers.TextVectorization(vocabulary=["x", "y"], output_sequence_length=3)
print(r4(tv(["y x z", "x"])), tv.get_config()["vocabulary"] is None)
"""

SNIPPETS["string_lookup_options"] = _TRY + """
vocab = ["a", "b", "c"]
for kw in [dict(), dict(num_oov_indices=2), dict(mask_token=""), dict(invert=True),
           dict(output_mode="one_hot"), dict(output_mode="multi_hot", num_oov_indices=0),
           dict(oov_token="?", mask_token="[M]")]:
    sl = layers.StringLookup(vocabulary=vocab, **kw)
    arg = [[1, 2], [3, 0]] if kw.get("invert") else [["a", "z"], ["c", ""]]
    if kw.get("output_mode") == "one_hot":
        arg = ["a", "z", "c"]
    if kw.get("num_oov_indices") == 0:
        arg = [["a", "b"], ["c", "c"]]
    tryp(str(sorted(kw.items())), lambda: r4(sl(arg)))
    print(sl.get_vocabulary(), sl.vocabulary_size())
s = layers.StringLookup()
s.adapt(["x", "y", "y", "z", "z", "z"])
print(s.get_vocabulary(), r4(s(["z", "q"])))
"""

SNIPPETS["integer_lookup_options"] = _TRY + """
il = layers.IntegerLookup(vocabulary=[10, 20, 30])
print(il.get_vocabulary(), r4(il([[10, 40], [30, 0]])))
il2 = layers.IntegerLookup(vocabulary=[10, 20, 30], mask_token=0, num_oov_indices=2)
print(il2.get_vocabulary(), r4(il2([[10, 40], [30, 0]])))
inv = layers.IntegerLookup(vocabulary=[10, 20, 30], invert=True)
print(r4(inv([1, 3, 0])))
a = layers.IntegerLookup(max_tokens=3)
a.adapt([5, 5, 5, 7, 7, 9])
print(a.get_vocabulary(), r4(a([5, 9, 7])))
cnt = layers.IntegerLookup(vocabulary=[1, 2], output_mode="count")
print(r4(cnt([[1, 1, 2, 3]])))
tryp("dup", lambda: layers.IntegerLookup(vocabulary=[1, 1]))
"""

SNIPPETS["normalization_adapt_invert"] = _TRY + """
data = np.array([[1., 2.], [3., 6.], [5., 10.], [7., 14.]], "float32")
n = layers.Normalization()
n.adapt(data)
print(r4(n.mean), r4(n.variance), r4(n(data)))
n2 = layers.Normalization(axis=None)
n2.adapt(data)
print(r4(n2.mean), r4(n2.variance), r4(n2(data[:1])))
inv = layers.Normalization(mean=3.0, variance=4.0, invert=True)
print(r4(inv(np.array([[0.], [1.]], "float32"))))
n3 = layers.Normalization(axis=-1)
_tf = tf
n3.adapt(_tf.data.Dataset.from_tensor_slices(data).batch(2))
print(r4(n3.mean), r4(n3.variance))
print(sorted(n.get_config().items()))
"""

SNIPPETS["discretization_encoding_hashing"] = _TRY + """
d = layers.Discretization(bin_boundaries=[0.0, 1.0, 2.5])
print(r4(d([[-1.0, 0.0, 0.5], [1.0, 2.5, 9.0]])))
d2 = layers.Discretization(num_bins=4, epsilon=0.01)
d2.adapt(np.arange(20, dtype="float32"))
print(r4(d2.bin_boundaries), r4(d2([0.0, 6.0, 11.0, 19.0])))
d3 = layers.Discretization(bin_boundaries=[1.0, 2.0], output_mode="one_hot")
print(r4(d3([0.5, 1.5, 3.0])))
for mode in ["one_hot", "multi_hot", "count"]:
    ce = layers.CategoryEncoding(num_tokens=4, output_mode=mode)
    arg = [0, 3, 1] if mode == "one_hot" else [[0, 1, 1], [3, 3, 2]]
    print(mode, r4(ce(arg)))
ce = layers.CategoryEncoding(num_tokens=3, output_mode="count")
print(r4(ce([[0, 1, 1]], count_weights=[[0.5, 2.0, 1.0]])))
tryp("ce_out_of_range", lambda: ce([[0, 5]]))
h = layers.Hashing(num_bins=5)
print(r4(h([["a"], ["b"], ["hello"]])))
print(r4(layers.Hashing(num_bins=5, salt=7)([["a"], ["b"]])))
print(r4(layers.Hashing(num_bins=5, mask_value="")([["a"], [""]])))
print(r4(layers.Hashing(num_bins=4)(np.array([[1], [2], [30]]))))
print(r4(layers.Hashing(num_bins=3, output_mode="one_hot")(["x", "y"])))
"""

SNIPPETS["random_flip_rotation_seeded"] = _TRY + """
img = np.arange(2 * 4 * 4 * 1, dtype="float32").reshape(2, 4, 4, 1)
f = layers.RandomFlip("horizontal", seed=3)
print(bool(np.array_equal(np.asarray(f(img)), img)),
      bool(np.array_equal(np.asarray(f(img, training=False)), img)))
r = layers.RandomRotation(0.25, seed=5)
print(bool(np.array_equal(np.asarray(r(img, training=False)), img)))
print(tuple(r(img, training=True).shape), str(r(img, training=True).dtype))
rf = layers.RandomRotation(factor=(-0.1, 0.2), fill_mode="constant", fill_value=1.0,
                           interpolation="nearest")
print(sorted(rf.get_config().items()))
print(sorted(layers.RandomFlip("vertical").get_config().items()))
tryp("bad_mode", lambda: layers.RandomFlip("diagonal"))
m = keras.Sequential([keras.Input((4, 4, 1)), layers.RandomFlip(seed=1),
                      layers.RandomRotation(0.1, seed=1), layers.Flatten()])
print(bool(np.array_equal(m.predict(img, verbose=0), img.reshape(2, -1))))
"""

SNIPPETS["time_distributed_layers"] = _TRY + """
x = np.linspace(-1, 1, 2 * 3 * 4, dtype="float32").reshape(2, 3, 4)
td = layers.TimeDistributed(layers.Dense(2))
y = td(x)
fill(td)
print(r4(td(x)), td.layer.name, [w.name for w in td.weights])
i = keras.Input((3, 4))
o = layers.TimeDistributed(layers.Dense(2, name="inner"), name="td")(i)
m = keras.Model(i, o)
m.summary()
print(m.layers[1].compute_output_shape((None, 3, 4)))
img = np.ones((2, 3, 4, 4, 1), "float32")
tc = layers.TimeDistributed(layers.Conv2D(2, 3))
print(tuple(tc(img).shape), tc.compute_output_shape((None, 3, 4, 4, 1)))
tryp("bad_rank", lambda: layers.TimeDistributed(layers.Dense(2))(np.ones((2, 3), "float32")))
tryp("not_layer", lambda: layers.TimeDistributed(5))
"""

SNIPPETS["bidirectional_merge_modes"] = _TRY + """
x = np.linspace(-1, 1, 2 * 4 * 3, dtype="float32").reshape(2, 4, 3)
for mode in ["concat", "sum", "mul", "ave", None]:
    b = layers.Bidirectional(layers.LSTM(2), merge_mode=mode)
    b(x)
    fill(b)
    out = b(x)
    print(mode, r4(out))
b = layers.Bidirectional(layers.GRU(2, return_sequences=True, return_state=True))
outs = b(x)
print(len(outs), [tuple(o.shape) for o in outs])
print(b.forward_layer.name, b.backward_layer.name, b.backward_layer.go_backwards)
tryp("bad_mode", lambda: layers.Bidirectional(layers.LSTM(2), merge_mode="max"))
cfg = layers.Bidirectional(layers.SimpleRNN(3), merge_mode="sum").get_config()
print(sorted(cfg), cfg["merge_mode"], cfg["layer"]["class_name"])
"""

SNIPPETS["gru_reset_after_simple_rnn_state"] = _TRY + """
x = np.linspace(-1, 1, 2 * 4 * 3, dtype="float32").reshape(2, 4, 3)
for ra in [True, False]:
    g = layers.GRU(3, reset_after=ra)
    g(x)
    print(ra, [tuple(w.shape) for w in g.weights])
    fill(g)
    print(r4(g(x)))
s = layers.SimpleRNN(2, return_state=True, return_sequences=True)
s(x)
fill(s)
seq, st = s(x)
print(r4(seq[:, -1]), r4(st), bool(np.allclose(seq[:, -1], st)))
s2 = layers.SimpleRNN(2, return_state=True, go_backwards=True)
s2(x)
fill(s2)
print(r4(s2(x)))
print(r4(s2(x, initial_state=[np.ones((2, 2), "float32")])))
i = keras.Input((4, 3))
o, h = layers.SimpleRNN(2, return_state=True)(i)
print(o.shape, h.shape)
"""

SNIPPETS["layer_group_normalization"] = _TRY + """
x = np.linspace(-2, 3, 2 * 3 * 4, dtype="float32").reshape(2, 3, 4)
ln = layers.LayerNormalization()
print(r4(ln(x))[0][0])
ln2 = layers.LayerNormalization(axis=[1, 2], epsilon=0.1, center=False)
print(r4(ln2(x))[1][2], [w.name for w in ln2.weights], [tuple(w.shape) for w in ln2.weights])
ln3 = layers.LayerNormalization(rms_scaling=True)
print(r4(ln3(x))[0][1])
gn = layers.GroupNormalization(groups=2)
print(r4(gn(x))[0], [tuple(w.shape) for w in gn.weights])
gn1 = layers.GroupNormalization(groups=-1, epsilon=0.5)
print(r4(gn1(x))[1][0])
tryp("bad_groups", lambda: layers.GroupNormalization(groups=3)(x))
print(sorted(gn.get_config().items()))
x16 = x.astype("float16")
print(str(layers.LayerNormalization(dtype="mixed_float16")(x16).dtype))
"""

SNIPPETS["embedding_masking_pipeline"] = _TRY + """
tv = layers.TextVectorization(output_sequence_length=4)
tv.adapt(["a b c", "b c d e"])
i = keras.Input((1,), dtype="string")
t = tv(i)
e = layers.Embedding(tv.vocabulary_size(), 2, mask_zero=True)(t)
o = layers.GlobalAveragePooling1D()(e)
m = keras.Model(i, o)
fill(m)
print(r4(m.predict(tf.constant([["a b"], ["e d c b a"]]), verbose=0)))
print(r4(m.layers[2].compute_mask(tv(tf.constant([["a b"]])))))
m.summary()
"""

SNIPPETS["preprocessing_in_dataset_map"] = _TRY + """
_tf = tf
sl = layers.StringLookup(vocabulary=["x", "y"])
n = layers.Normalization(mean=2.0, variance=4.0)
ds = _tf.data.Dataset.from_tensor_slices((["x", "y", "z"], [[1.0], [2.0], [6.0]]))
ds = ds.map(lambda s, v: (sl(s), n(v))).batch(2)
for a, b in ds:
    print(a.numpy().tolist(), r4(b))
print(ds.element_spec)
"""

SNIPPETS["stateful_rnn_states_reset"] = _TRY + """
x = np.ones((2, 4, 3), "float32")
r = layers.LSTM(2, stateful=True, name="l")
r(x)
print(type(r.states).__name__, len(r.states), [tuple(s.shape) for s in r.states])
r.reset_states()
print([s.numpy().tolist() for s in r.states])
r.states[0].assign(np.ones((2, 2), "float32"))
print(r.states[0].numpy().tolist(), tf.nest.map_structure(lambda v: tuple(v.shape), r.states))
m = keras.Sequential([keras.Input((4, 3), batch_size=2), layers.GRU(2, stateful=True),
                      layers.Dense(1)])
m.compile(optimizer="sgd", loss="mse")
m.fit(x, np.zeros((2, 1), "float32"), epochs=1, batch_size=2, verbose=0)
p = os.path.join(D, "s.keras")
quiet(lambda: m.save(p))
n = keras.saving.load_model(p)
print(type(n.layers[0].states).__name__, len(n.layers[0].states))
s2 = layers.RNN([layers.LSTMCell(2), layers.GRUCell(3)], stateful=True)
s2(x)
print(tf.nest.map_structure(lambda v: tuple(v.shape), s2.states))
tryp("stack_reset", lambda: s2.reset_states())
"""
