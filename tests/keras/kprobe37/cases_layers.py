"""kprobe37's layer snippets: get_config/from_config round trips of less used layers
(attention, preprocessing, normalization wrappers) and what they refuse (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe37.prelude import _TRY

SNIPPETS: dict[str, str] = {}

_ROUND = """
def round_trip(label, make, x=None):
    try:
        l = make()
        cfg = l.get_config()
        back = type(l).from_config(cfg)
        same = back.get_config() == cfg
        print(label, sorted(cfg), same)
        if x is not None:
            show(label + ".call", lambda: back(x))
    except Exception as e:
        print(label, type(e).__name__, str(e)[:200])
"""

SNIPPETS["attention_layers_configs"] = _TRY + _ROUND + """
q = np.arange(12, dtype="float32").reshape(1, 3, 4) / 10
v = np.arange(8, dtype="float32").reshape(1, 2, 4) / 10
round_trip("attn", lambda: layers.Attention(use_scale=True, score_mode="concat", dropout=0.1))
round_trip("add_attn", lambda: layers.AdditiveAttention(use_scale=False))
print(layers.Attention().get_config())
print(layers.AdditiveAttention().get_config())
tryp("attn_bad_mode", lambda: layers.Attention(score_mode="cos"))
show("attn_one", lambda: layers.Attention()([q]))
show("attn_three", lambda: layers.Attention()([q, v, v]))
show("attn_scores", lambda: layers.Attention()([q, v], return_attention_scores=True))
show("attn_causal", lambda: layers.Attention()([q, q], use_causal_mask=True))
show("attn_mask", lambda: layers.AdditiveAttention()([q, v], mask=[None, np.array([[True, False]])]))
show("attn_dim_mismatch", lambda: layers.Attention()([q, np.ones((1, 2, 5), "float32")]))
"""

SNIPPETS["group_query_attention_config_and_errors"] = _TRY + _ROUND + """
round_trip("gqa", lambda: layers.GroupQueryAttention(head_dim=2, num_query_heads=4, num_key_value_heads=2, dropout=0.1, use_bias=False))
print(sorted(layers.GroupQueryAttention(head_dim=2, num_query_heads=4, num_key_value_heads=2).get_config().items(), key=lambda kv: kv[0])[:8])
tryp("gqa_bad_heads", lambda: layers.GroupQueryAttention(head_dim=2, num_query_heads=3, num_key_value_heads=2))
g = layers.GroupQueryAttention(head_dim=2, num_query_heads=4, num_key_value_heads=2)
q = np.linspace(-1, 1, 24, dtype="float32").reshape(1, 3, 8)
fill_out = g(q, q)
fill(g)
sig("gqa_out", lambda: g(q, q))
sig("gqa_scores", lambda: g(q, q, return_attention_scores=True)[1])
print([w.path for w in g.weights])
tryp("gqa_shape", lambda: g.compute_output_shape((1, 3, 8), (1, 3, 8)))
"""

SNIPPETS["random_spatial_layers_configs"] = _TRY + _ROUND + """
for make in (lambda: layers.RandomCrop(3, 4, seed=2), lambda: layers.RandomRotation(0.2, fill_mode="constant", fill_value=1.0, seed=3),
             lambda: layers.RandomZoom((-0.2, 0.1), width_factor=0.3, interpolation="nearest", seed=4),
             lambda: layers.RandomTranslation(0.1, (-0.2, 0.2), seed=5), lambda: layers.RandomFlip("vertical", seed=6),
             lambda: layers.RandomContrast(0.3, seed=7), lambda: layers.RandomBrightness((-0.1, 0.2), value_range=(0, 1), seed=8)):
    l = make()
    cfg = l.get_config()
    print(type(l).__name__, {k: cfg[k] for k in sorted(cfg) if k not in ("name", "trainable", "dtype")})
tryp("rot_bad", lambda: layers.RandomRotation(2.5))
tryp("rot_order", lambda: layers.RandomRotation((0.3, -0.3)))
tryp("zoom_bad", lambda: layers.RandomZoom(1.5))
tryp("zoom_fill", lambda: layers.RandomZoom(0.1, fill_mode="mirror"))
tryp("crop_neg", lambda: layers.RandomCrop(-1, 2))
tryp("flip_bad", lambda: layers.RandomFlip("diagonal"))
tryp("contrast_bad", lambda: layers.RandomContrast(1.5))
tryp("trans_bad", lambda: layers.RandomTranslation(0.1, 0.1, fill_mode="wrapper"))
"""

SNIPPETS["random_spatial_layers_inference_outputs"] = _TRY + """
for make in (lambda: layers.RandomCrop(3, 4, seed=2), lambda: layers.RandomRotation(0.2, seed=3), lambda: layers.RandomZoom(0.2, seed=4),
             lambda: layers.RandomTranslation(0.1, 0.1, seed=5), lambda: layers.RandomFlip(seed=6), lambda: layers.RandomContrast(0.3, seed=7)):
    l = make()
    img4(type(l).__name__, lambda: l(IMG, training=False))
    tryp(type(l).__name__ + ".shape", lambda: l.compute_output_shape((None, 6, 6, 3)))
img4("crop_bigger", lambda: layers.RandomCrop(8, 8)(IMG, training=False))
img4("crop_unbatched", lambda: layers.RandomCrop(3, 3)(IMG[0], training=False))
img4("crop_int", lambda: layers.RandomCrop(3, 3)(IMG.astype("int32"), training=False))
"""

SNIPPETS["text_vectorization_config_and_vocab_file"] = _TRY + """
tv = layers.TextVectorization(max_tokens=6, output_mode="int", output_sequence_length=4, standardize="lower", split="whitespace")
tv.adapt(["the cat sat", "The cat ran", "a dog sat"])
cfg = tv.get_config()
print(sorted(cfg))
print({k: cfg[k] for k in ("max_tokens", "output_mode", "output_sequence_length", "standardize", "split", "ngrams", "pad_to_max_tokens", "sparse", "ragged", "vocabulary", "idf_weights", "vocabulary_size", "encoding")})
print(tv.get_vocabulary(), tv.vocabulary_size())
p = os.path.join(D, "vocab.txt")
tv.save_assets(D)
print(sorted(os.listdir(D)))
print(open(os.path.join(D, "vocabulary.txt")).read().splitlines())
back = layers.TextVectorization.from_config(cfg)
print(back.get_vocabulary())
back.load_assets(D)
print(back.get_vocabulary(), back(["the dog ran far"]).numpy().tolist())
open(p, "w").write("zeta\\nalpha\\nbeta\\n")
fv = layers.TextVectorization(vocabulary=p)
print(fv.get_vocabulary(), fv(["alpha zeta gamma"]).numpy().tolist(), fv.get_config()["vocabulary"] is None)
tryp("dup_vocab", lambda: layers.TextVectorization(vocabulary=["a", "b", "a"]))
tryp("empty_tok", lambda: layers.TextVectorization(vocabulary=["a", ""]))
tryp("bad_mode", lambda: layers.TextVectorization(output_mode="bag"))
tryp("seq_len_mode", lambda: layers.TextVectorization(output_mode="count", output_sequence_length=3))
tryp("tfidf_no_idf", lambda: layers.TextVectorization(output_mode="tf_idf", vocabulary=["a", "b"]))
"""

SNIPPETS["discretization_hashing_crossing_configs"] = _TRY + _ROUND + """
round_trip("disc", lambda: layers.Discretization(bin_boundaries=[0.0, 1.0, 2.5]), np.array([[-1.0, 0.5, 3.0]], "float32"))
round_trip("disc_onehot", lambda: layers.Discretization(bin_boundaries=[0.0, 1.0], output_mode="one_hot"), np.array([-1.0, 0.5, 3.0], "float32"))
round_trip("disc_count", lambda: layers.Discretization(bin_boundaries=[0.0, 1.0], output_mode="count"), np.array([[-1.0, 0.5, 3.0, 2.0]], "float32"))
print({k: v for k, v in sorted(layers.Discretization(bin_boundaries=[0.0, 1.0]).get_config().items())})
tryp("disc_both", lambda: layers.Discretization(bin_boundaries=[0.0], num_bins=3))
tryp("disc_none", lambda: layers.Discretization()(np.array([1.0])))
tryp("disc_unsorted", lambda: layers.Discretization(bin_boundaries=[2.0, 1.0])(np.array([1.5], "float32")))
d = layers.Discretization(num_bins=3, epsilon=0.01)
d.adapt(np.array([0.0, 1.0, 2.0, 3.0, 4.0, 5.0], "float32"))
print(np.round(d.bin_boundaries, 4).tolist(), d.get_config()["num_bins"])
round_trip("hash", lambda: layers.Hashing(num_bins=5, salt=[1, 2]), np.array([["a"], ["b"], ["c"]]))
round_trip("hash_mask", lambda: layers.Hashing(num_bins=5, mask_value="", output_mode="one_hot"), np.array(["a", "", "b"]))
round_trip("hash_int", lambda: layers.Hashing(num_bins=4), np.array([[1, 2, 3, 400]], "int64"))
tryp("hash_bad_bins", lambda: layers.Hashing(num_bins=0))
tryp("hash_bad_salt", lambda: layers.Hashing(num_bins=3, salt="x"))
round_trip("cross", lambda: layers.HashedCrossing(num_bins=7), (np.array(["a", "b"]), np.array([1, 2])))
round_trip("cross_onehot", lambda: layers.HashedCrossing(num_bins=3, output_mode="one_hot"), (np.array(["a", "b"]), np.array([1, 2])))
tryp("cross_one", lambda: layers.HashedCrossing(num_bins=3)((np.array(["a"]),)))
tryp("cross_bad_mode", lambda: layers.HashedCrossing(num_bins=3, output_mode="count"))
tryp("cross_float", lambda: layers.HashedCrossing(num_bins=3)((np.array([1.5]), np.array([1]))))
"""

SNIPPETS["category_encoding_outputs_and_errors"] = _TRY + _ROUND + """
x = np.array([[0, 1, 1], [2, 3, 0]], "int32")
for mode in ("one_hot", "multi_hot", "count"):
    round_trip(mode, lambda: layers.CategoryEncoding(num_tokens=4, output_mode=mode), x if mode != "one_hot" else np.array([0, 3, 1], "int32"))
show("count_weights", lambda: layers.CategoryEncoding(num_tokens=4, output_mode="count")(x, count_weights=np.array([[0.5, 1.0, 2.0], [1.0, 1.0, 1.0]], "float32")))
show("int8_in", lambda: layers.CategoryEncoding(num_tokens=3, output_mode="multi_hot")(np.array([[0, 2]], "int8")))
show("uint8_in", lambda: layers.CategoryEncoding(num_tokens=3)(np.array([2, 1], "uint8")))
show("float_in", lambda: layers.CategoryEncoding(num_tokens=3)(np.array([2.0, 1.0], "float32")))
show("out_of_range", lambda: layers.CategoryEncoding(num_tokens=3)(np.array([3, 1], "int32")))
show("negative", lambda: layers.CategoryEncoding(num_tokens=3)(np.array([-1, 1], "int32")))
show("dtype_int", lambda: layers.CategoryEncoding(num_tokens=3, dtype="int32")(np.array([0, 2], "int32")))
show("one_hot_2d", lambda: layers.CategoryEncoding(num_tokens=3)(np.array([[0, 2]], "int32")))
tryp("no_tokens", lambda: layers.CategoryEncoding())
tryp("zero_tokens", lambda: layers.CategoryEncoding(num_tokens=0))
tryp("bad_mode", lambda: layers.CategoryEncoding(num_tokens=3, output_mode="tf_idf"))
tryp("shape", lambda: layers.CategoryEncoding(num_tokens=3, output_mode="multi_hot").compute_output_shape((None, 4)))
"""

SNIPPETS["unit_spectral_identity_masking"] = _TRY + _ROUND + """
round_trip("unit", lambda: layers.UnitNormalization(axis=[1, 2]), np.arange(8, dtype="float32").reshape(1, 2, 4))
show("unit_zero", lambda: layers.UnitNormalization()(np.zeros((1, 3), "float32")))
show("unit_f16", lambda: layers.UnitNormalization()(np.array([[3.0, 4.0]], "float16")))
show("unit_int", lambda: layers.UnitNormalization()(np.array([[3, 4]], "int32")))
tryp("unit_axis", lambda: layers.UnitNormalization(axis=3)(np.ones((1, 3), "float32")))
sn = layers.SpectralNormalization(layers.Dense(2), power_iterations=2)
sn.build((None, 3))
fill(sn)
print(sorted(sn.get_config()), sn.get_config()["power_iterations"], [w.path for w in sn.weights])
show("sn_infer", lambda: sn(X[:2], training=False))
back = layers.SpectralNormalization.from_config(sn.get_config())
print(type(back.layer).__name__, back.power_iterations)
tryp("sn_bad_iters", lambda: layers.SpectralNormalization(layers.Dense(2), power_iterations=0))
tryp("sn_not_layer", lambda: layers.SpectralNormalization("dense"))
tryp("sn_no_kernel", lambda: layers.SpectralNormalization(layers.ReLU()).build((None, 3)))
round_trip("ident", lambda: layers.Identity(name="id"), np.ones((1, 2), "int8"))
m = layers.Masking(mask_value=0.0)
x = np.array([[[1.0], [0.0], [2.0]]], "float32")
print(m.compute_mask(x).numpy().tolist(), layers.Identity()(m(x))._keras_mask.numpy().tolist())
round_trip("masking", lambda: layers.Masking(mask_value=-1.0))
inp = keras.Input((3, 1))
y = layers.Identity()(layers.Masking()(inp))
print(y._keras_mask is not None, layers.Dense(1)(y)._keras_mask is not None)
"""

SNIPPETS["preprocessing_layers_on_odd_dtypes"] = _TRY + """
show("norm_int8", lambda: layers.Normalization(mean=1.0, variance=4.0)(np.array([[1, 3]], "int8")))
show("norm_f16", lambda: layers.Normalization(mean=1.0, variance=4.0)(np.array([[1, 3]], "float16")))
show("norm_bool", lambda: layers.Normalization(mean=0.5, variance=0.25)(np.array([[True, False]])))
show("rescale_uint8", lambda: layers.Rescaling(1 / 255.0)(np.array([[0, 255]], "uint8")))
show("rescale_int8", lambda: layers.Rescaling(2.0, offset=-1)(np.array([[-128, 127]], "int8")))
show("rescale_dtype", lambda: layers.Rescaling(0.5, dtype="float16")(np.array([[3, 5]], "uint8")))
show("resize_uint8", lambda: layers.Resizing(2, 2)(np.arange(16, dtype="uint8").reshape(1, 4, 4, 1)))
show("resize_int_nearest", lambda: layers.Resizing(2, 2, interpolation="nearest")(np.arange(16, dtype="int32").reshape(1, 4, 4, 1)))
show("crop_uint8", lambda: layers.CenterCrop(2, 2)(np.arange(16, dtype="uint8").reshape(1, 4, 4, 1)))
show("disc_int", lambda: layers.Discretization(bin_boundaries=[1, 3])(np.array([0, 1, 2, 5], "int8")))
show("int_lookup_int8", lambda: layers.IntegerLookup(vocabulary=[5, 7])(np.array([5, 6, 7], "int8")))
show("string_lookup_bytes", lambda: layers.StringLookup(vocabulary=["a", "b"])(np.array([b"a", b"c"])))
"""

SNIPPETS["lookup_layers_vocab_assets_and_configs"] = _TRY + """
sl = layers.StringLookup(num_oov_indices=2, mask_token="", output_mode="int")
sl.adapt(np.array(["b", "a", "b", "c", "b", "a"]))
print(sl.get_vocabulary(), sl.vocabulary_size())
cfg = sl.get_config()
print({k: cfg[k] for k in sorted(cfg) if k not in ("name", "dtype", "trainable")})
sl.save_assets(D)
print(open(os.path.join(D, "vocabulary.txt")).read().splitlines())
back = layers.StringLookup.from_config(cfg)
back.load_assets(D)
print(back.get_vocabulary(), back(np.array(["a", "zz", ""])).numpy().tolist())
il = layers.IntegerLookup(vocabulary=np.array([7, 3, 9], "int64"), output_mode="multi_hot", num_oov_indices=1)
print(il.get_vocabulary(), il(np.array([[3, 3, 5]])).numpy().tolist(), il.get_config()["vocabulary"])
il2 = layers.IntegerLookup(vocabulary=[7, 3, 9], invert=True)
print(il2.get_vocabulary(), il2(np.array([0, 1, 3])).numpy().tolist())
tryq("int_mask_oov", lambda: layers.IntegerLookup(mask_token=0, oov_token=0))
tryq("str_invert_multi", lambda: layers.StringLookup(vocabulary=["a"], invert=True, output_mode="one_hot"))
tryq("str_tfidf_no_idf", lambda: layers.StringLookup(vocabulary=["a"], output_mode="tf_idf"))
tryq("str_idf_not_tfidf", lambda: layers.StringLookup(vocabulary=["a"], idf_weights=[1.0]))
tl = layers.StringLookup(vocabulary=["a", "b"], output_mode="tf_idf", idf_weights=[0.5, 2.0])
print(tl(np.array([["a", "b", "b", "q"]])).numpy().tolist(), sorted(tl.get_config())[:6])
"""

SNIPPETS["text_vectorization_ngrams_tfidf_and_callables"] = _TRY + """
tv = layers.TextVectorization(output_mode="tf_idf", ngrams=2, max_tokens=8)
tv.adapt(["a b c", "a b", "c c d"])
print(tv.get_vocabulary(), np.round(tv.get_config()["idf_weights"] if tv.get_config()["idf_weights"] is not None else [], 4))
print(np.round(tv(["a b d"]).numpy(), 4).tolist())
cfg = tv.get_config()
print({k: cfg[k] for k in ("ngrams", "output_mode", "max_tokens", "vocabulary", "idf_weights", "vocabulary_size")})
tc = layers.TextVectorization(output_mode="count", vocabulary=["x", "y"], split=lambda s: tf.strings.split(s, sep="-"))
print(tc(["x-y-y-z"]).numpy().tolist())
tryq("callable_config", lambda: sorted(tc.get_config().items())[-3:])
tm = layers.TextVectorization(vocabulary=["hi"], standardize=None, split="character")
print(tm(["Hih"]).numpy().tolist(), tm.get_config()["standardize"], tm.get_config()["split"])
tryq("ngrams_bad", lambda: layers.TextVectorization(ngrams=0))
tryq("ngrams_tuple", lambda: layers.TextVectorization(ngrams=(1, 3), vocabulary=["a", "a b"])(["a b"]).numpy())
tryq("split_bad", lambda: layers.TextVectorization(split="comma"))
tryq("standardize_bad", lambda: layers.TextVectorization(standardize="upper"))
tryq("pad_max_no_max", lambda: layers.TextVectorization(output_mode="multi_hot", pad_to_max_tokens=True).adapt(["a"]))
"""

SNIPPETS["masking_propagation_through_layers"] = _TRY + """
x = np.array([[[1.0, 2.0], [0.0, 0.0], [3.0, 1.0]], [[0.0, 0.0], [1.0, 1.0], [0.0, 0.0]]], "float32")
inp = keras.Input((3, 2))
mk = layers.Masking()(inp)
for name, make in (("dense", lambda: layers.Dense(2)), ("td", lambda: layers.TimeDistributed(layers.Dense(2))), ("lstm_seq", lambda: layers.LSTM(2, return_sequences=True)),
                   ("lstm", lambda: layers.LSTM(2)), ("gap", lambda: layers.GlobalAveragePooling1D()), ("dropout", lambda: layers.Dropout(0.1)),
                   ("act", lambda: layers.Activation("relu")), ("ln", lambda: layers.LayerNormalization()), ("conv", lambda: layers.Conv1D(2, 1)),
                   ("reshape", lambda: layers.Reshape((6,))), ("flatten", lambda: layers.Flatten()), ("attn_self", lambda: layers.MultiHeadAttention(1, 2))):
    try:
        l = make()
        y = l(mk, mk) if name == "attn_self" else l(mk)
        km = getattr(y, "_keras_mask", None)
        print(name, None if km is None else tuple(km.shape))
    except Exception as e:
        print(name, type(e).__name__, str(e)[:120])
m = keras.Model(inp, layers.GlobalAveragePooling1D()(layers.Dense(2, kernel_initializer="ones")(mk)))
print(m(x).numpy().round(4).tolist())
emb = layers.Embedding(5, 2, mask_zero=True)
e = emb(np.array([[1, 0, 2]]))
print(e._keras_mask.numpy().tolist(), emb.compute_mask(np.array([[0, 3]])).numpy().tolist())
print(layers.Masking(mask_value=1.0).compute_mask(np.array([[[1.0], [2.0]]], "float32")).numpy().tolist())
"""

SNIPPETS["attention_of_other_ranks"] = _TRY + """
q = np.arange(12, dtype="float32").reshape(3, 4) / 10
v = np.arange(20, dtype="float32").reshape(5, 4) / 10
show("2d", lambda: layers.Attention()([q, v]))
show("2d_concat", lambda: layers.Attention(use_scale=True, score_mode="concat")([q, v]))
show("2d_scores", lambda: layers.Attention()([q, v], return_attention_scores=True)[1])
show("2d_additive", lambda: layers.AdditiveAttention()([q, v]))
show("2d_mask", lambda: layers.Attention()([q, v], mask=[None, np.array([True, True, False, True, False])]))
show("2d_causal", lambda: layers.Attention()([q, q], use_causal_mask=True))
show("4d", lambda: layers.Attention()([q.reshape(1, 1, 3, 4), v.reshape(1, 1, 5, 4)]))
show("4d_additive", lambda: layers.AdditiveAttention()([q.reshape(1, 1, 3, 4), v.reshape(1, 1, 5, 4)]))
show("1d", lambda: layers.Attention()([q[0], v[0]]))
show("dim_mismatch_2d", lambda: layers.Attention()([q, np.ones((5, 3), "float32")]))
print(layers.Attention()([keras.KerasTensor((3, 4)), keras.KerasTensor((5, 4))]).shape, layers.Attention()([keras.Input((2, 3, 4)), keras.Input((2, 5, 4))]).shape)
"""
