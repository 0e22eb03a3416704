"""kprobe24's snippets on text preprocessing of non-ASCII and odd text: Unicode case and
punctuation, whitespace runs, bytes inputs, vocabularies refused (see cases.py)."""

from tests.keras.kprobe24.prelude import _TRY

SNIPPETS = {}

SNIPPETS["text_vectorization_unicode_standardize"] = _TRY + """
data = np.array(["ÉCOLE Über straße!", "Ça va? ¿Qué tal? — «oui»", "ΑΒΓ δ… naïve, CAFÉ"])
for std in ["lower_and_strip_punctuation", "lower", "strip_punctuation"]:
    tv = layers.TextVectorization(standardize=std)
    tv.adapt(data)
    print(std, tv.get_vocabulary())
tv = layers.TextVectorization(split="character", standardize="lower")
tv.adapt(np.array(["ÀbÇ", "àé"]))
print(tv.get_vocabulary(), tv(np.array(["çà"])).numpy().tolist())
tv = layers.TextVectorization()
tv.adapt(np.array(["a\\tb  c\\nd", "  e   "]))
print(tv.get_vocabulary(), tv(np.array(["d\\t\\ta"])).numpy().tolist())
"""

SNIPPETS["lookups_bytes_and_unicode"] = _TRY + """
sl = layers.StringLookup(vocabulary=["café", "naïve", "日本"])
print(sl.get_vocabulary(), sl(np.array(["日本", "cafe", "café"])).numpy().tolist())
print(sl(tf.constant([b"caf\\xc3\\xa9"])).numpy().tolist())
print(sl(np.array([b"na\\xc3\\xafve"])).numpy().tolist())
inv = layers.StringLookup(vocabulary=["café", "日本"], invert=True)
print(inv(np.array([1, 2, 0])).numpy().tolist())
h = layers.Hashing(num_bins=7)
print(h(np.array(["café", "日本", ""])).numpy().tolist(),
      h(tf.constant([b"\\xff"])).numpy().tolist())
sl2 = layers.StringLookup()
sl2.adapt(np.array(["ß", "ss", "ß", "SS"]))
print(sl2.get_vocabulary())
"""

SNIPPETS["vocabulary_refusals"] = _TRY + """
tryp("sl_mask_in_vocab", lambda: layers.StringLookup(vocabulary=["", "a"], mask_token=""))
tryp("sl_set_dup", lambda: layers.StringLookup().set_vocabulary(["a", "b", "a"]))
tryp("il_oov_in_vocab", lambda: layers.IntegerLookup(vocabulary=[-1, 3]))
tryp("il_mask_in_vocab", lambda: layers.IntegerLookup(vocabulary=[0, 3], mask_token=0))
tryp("tv_dup", lambda: layers.TextVectorization(vocabulary=["a", "a"]))
tryp("tv_idf_len", lambda: layers.TextVectorization(output_mode="tf_idf",
    vocabulary=["a", "b"], idf_weights=[1.0]))
tryp("sl_idf_not_tfidf", lambda: layers.StringLookup(vocabulary=["a"], idf_weights=[1.0]))
tryp("sl_max_small_vocab", lambda: layers.StringLookup(vocabulary=["a", "b", "c"],
                                                       max_tokens=2))
sl = layers.StringLookup(vocabulary=["a", "b"])
tryp("adapt_after_vocab", lambda: sl.adapt(np.array(["c"])))
print(sl.get_vocabulary())
tryp("adapt_empty", lambda: layers.StringLookup().adapt(np.array([], dtype="str")))
e = layers.StringLookup()
e.adapt(tf.data.Dataset.from_tensor_slices(np.array(["q", "q", "r"])).batch(2))
print(e.get_vocabulary())
"""

SNIPPETS["pad_and_categorical_value_edges"] = _TRY + """
p = keras.utils.pad_sequences
print(p([[-1, -2], [3]], value=-9).tolist(), p([[1.7, 2.2]], maxlen=3).tolist())
print(p([[1, 2, 3, 4]], maxlen=2, truncating="pre").tolist(), p([], maxlen=2).tolist())
print(p([[1], [2, 3]], dtype="int64").dtype, p([np.array([1, 2], "int8")]).dtype)
print(p([[1, 2]], dtype="float16", value=np.nan).tolist())
print(p([[]]).tolist(), p([[], []], maxlen=1).tolist(), p([[], [1]]).tolist())
c = keras.utils.to_categorical
print(c([0, 2 ** 10 - 1]).shape, c(np.array([2, 0]), num_classes=3).sum(axis=0).tolist())
print(c(np.array([[0], [1]]), 2).tolist(), c(np.array(1.9), 3).tolist())
tryp("empty", lambda: c(np.array([], "int64")).shape)
tryp("none_cls", lambda: c(np.array([0, 1]), num_classes=None).tolist())
"""

SNIPPETS["preprocessing_empty_and_nan_inputs"] = _TRY + """
tv = layers.TextVectorization(output_sequence_length=3)
tv.adapt(np.array(["", "a", " "]))
print(tv.get_vocabulary(), tv(np.array(["", " a "])).numpy().tolist())
tv2 = layers.TextVectorization(output_mode="count")
tv2.adapt(np.array(["x"]))
print(tv2(np.array([""])).numpy().tolist(), tv2(np.array([], dtype=str)).shape)
d = layers.Discretization(num_bins=2)
d.adapt(np.array([1.0, np.nan, 3.0, 5.0], "float32"))
print(r4(d.bin_boundaries), d(np.array([np.nan, 2.0])).numpy().tolist())
n = layers.Normalization()
n.adapt(np.array([[1.0], [np.nan]], "float32"))
print(r4(n.mean), r4(n.variance))
sl = layers.StringLookup(vocabulary=["", "a"], mask_token=None)
print(sl(np.array(["", "a", "b"])).numpy().tolist())
il = layers.IntegerLookup(vocabulary=[1, 2])
print(il(np.array([], "int64")).shape, il(np.zeros((2, 0), "int64")).shape)
"""
