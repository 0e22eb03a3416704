"""kprobe24's snippets on preprocessing layers end to end (see cases.py)."""

from tests.keras.kprobe24.prelude import _TRY

SNIPPETS = {}

SNIPPETS["text_vectorization_ngrams_modes"] = _TRY + """
data = np.array(["the cat sat", "the dog ran far", "a cat ran"])
for mode in ["int", "multi_hot", "count", "tf_idf"]:
    tv = layers.TextVectorization(ngrams=2, output_mode=mode, max_tokens=12)
    tv.adapt(data)
    print(mode, tv.get_vocabulary()[:8], tv.vocabulary_size())
    print(r4(tv(np.array(["the cat ran", "dog"]))) if mode != "int" else
          tv(np.array(["the cat ran", "dog"])).numpy().tolist())
tv = layers.TextVectorization(ngrams=(1, 3), output_sequence_length=6)
tv.adapt(data)
print(tv(np.array(["the dog ran"])).numpy().tolist(), len(tv.get_vocabulary()))
print(tv.get_config()["ngrams"], layers.TextVectorization(ngrams=2).get_config()["ngrams"])
tryp("ngrams_bad", lambda: layers.TextVectorization(ngrams=0))
tryp("ngrams_str", lambda: layers.TextVectorization(ngrams="2"))
"""

SNIPPETS["text_vectorization_split_standardize"] = _TRY + """
data = np.array(["Hello, World!", "HELLO there... world"])
for std in ["lower_and_strip_punctuation", "lower", "strip_punctuation", None]:
    tv = layers.TextVectorization(standardize=std)
    tv.adapt(data)
    print(std, tv.get_vocabulary())
tv = layers.TextVectorization(split="character", output_sequence_length=5)
tv.adapt(np.array(["abc", "aab"]))
print(tv.get_vocabulary(), tv(np.array(["cab", "z"])).numpy().tolist())
tv = layers.TextVectorization(split=None, standardize=None)
tv.adapt(np.array(["x y", "x y", "z"]))
print(tv.get_vocabulary(), tv(np.array(["x y", "z", "q"])).numpy().tolist())
def my_std(x):
    return tf.strings.regex_replace(tf.strings.lower(x), "[0-9]", "#")
def my_split(x):
    return tf.strings.split(x, sep="-")
tv = layers.TextVectorization(standardize=my_std, split=my_split)
tv.adapt(np.array(["A1-b2-A1", "c-b2"]))
print(tv.get_vocabulary(), tv(np.array(["a7-C"])).numpy().tolist())
c = tv.get_config()
print(type(c["standardize"]).__name__, type(c["split"]).__name__)
tryp("bad_std", lambda: layers.TextVectorization(standardize="upper"))
tryp("bad_split", lambda: layers.TextVectorization(split="comma"))
tryp("bad_mode", lambda: layers.TextVectorization(output_mode="onehot"))
"""

SNIPPETS["text_vectorization_dataset_adapt_vocab"] = _TRY + """
ds = tf.data.Dataset.from_tensor_slices(["b a c", "a a", "d b a", "e"]).batch(2)
tv = layers.TextVectorization(max_tokens=5, output_sequence_length=4)
tv.adapt(ds)
print(tv.get_vocabulary(), tv.get_vocabulary(include_special_tokens=False))
print(tv(np.array(["a e b z"])).numpy().tolist())
tv.adapt(ds, steps=1)
print(tv.get_vocabulary())
tv2 = layers.TextVectorization(output_mode="int")
tv2.set_vocabulary(["x", "y", "z"])
print(tv2.get_vocabulary(), tv2.vocabulary_size(), tv2(np.array(["z y q"])).numpy().tolist())
tv3 = layers.TextVectorization(output_mode="tf_idf")
tv3.set_vocabulary(["x", "y"], idf_weights=[1.5, 0.5])
print(r4(tv3(np.array(["x x y w"]))))
tryp("no_idf", lambda: layers.TextVectorization(output_mode="tf_idf").set_vocabulary(["x"]))
tryp("idf_int_mode", lambda: layers.TextVectorization().set_vocabulary(["x"], idf_weights=[1.0]))
tv4 = layers.TextVectorization(vocabulary=["p", "q"], output_sequence_length=3)
print(tv4.get_vocabulary(), tv4(np.array(["q p q p"])).numpy().tolist())
print(sorted(k for k in tv4.get_config()))
"""

SNIPPETS["text_vectorization_in_models"] = _TRY + """
tv = layers.TextVectorization(max_tokens=10, output_sequence_length=4)
tv.adapt(np.array(["good movie", "bad movie", "good good plot"]))
i = keras.Input((1,), dtype="string")
x = tv(i)
print(x.shape, x.dtype)
e = layers.Embedding(10, 2)(x)
o = layers.Dense(1)(layers.GlobalAveragePooling1D()(e))
m = keras.Model(i, o)
fill(m)
print(r4(m.predict(tf.constant([["good plot"], ["bad"]]), verbose=0)))
tryp("np_strings", lambda: m.predict(np.array([["good plot"], ["bad"]]), verbose=0))
m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
ds = tf.data.Dataset.from_tensor_slices(([["good movie"], ["bad movie"]], [[1.0], [0.0]]))
h = m.fit(ds.batch(2), epochs=2, verbose=0)
print(logs4(h))
i2 = keras.Input((), dtype="string")
print(tv(i2).shape)
tv5 = layers.TextVectorization(output_mode="multi_hot", max_tokens=4)
tv5.adapt(np.array(["a b", "b c"]))
print(tv5(keras.Input((), dtype="string")).shape, tv5.compute_output_shape((None,)))
"""

SNIPPETS["string_lookup_invert_roundtrip_config"] = _TRY + """
sl = layers.StringLookup(num_oov_indices=2, mask_token="[M]")
sl.adapt(np.array([["b", "a", "b"], ["c", "b", "a"]]))
print(sl.get_vocabulary(), sl(np.array([["a", "[M]", "q"]])).numpy().tolist())
inv = layers.StringLookup(vocabulary=sl.get_vocabulary(include_special_tokens=False),
                          num_oov_indices=2, mask_token="[M]", invert=True)
print(inv.get_vocabulary(), inv(np.array([[0, 1, 2, 3, 4, 5]])).numpy().tolist())
c = sl.get_config()
print(sorted(c.items()))
sl2 = layers.StringLookup.from_config(c)
print(sl2.get_vocabulary())
sl3 = layers.StringLookup(vocabulary=["x", "y"], encoding="utf-8", output_mode="one_hot")
print(sl3(np.array(["y", "x", "q"])).numpy().tolist(), sl3.compute_output_shape((3,)))
print(sl3(np.array([["y"], ["q"]])).numpy().tolist())
tryp("dup", lambda: layers.StringLookup(vocabulary=["x", "y", "x"]))
tryp("invert_mode", lambda: layers.StringLookup(vocabulary=["x"], invert=True,
                                                output_mode="multi_hot"))
tryp("max_tokens_small", lambda: layers.StringLookup(max_tokens=1))
"""

SNIPPETS["integer_lookup_oov_hashing_invert"] = _TRY + """
il = layers.IntegerLookup(vocabulary=[10, 20, 30], num_oov_indices=3)
print(il.get_vocabulary(), il(np.array([10, 30, 7, 8, 9, 100])).numpy().tolist())
inv = layers.IntegerLookup(vocabulary=[10, 20, 30], invert=True)
print(inv(np.array([[0, 1, 2, 3, 7]])).numpy().tolist())
inv2 = layers.IntegerLookup(vocabulary=[10, 20, 30], invert=True, mask_token=0)
print(inv2.get_vocabulary(), inv2(np.array([0, 1, 2, 4])).numpy().tolist())
il2 = layers.IntegerLookup(max_tokens=4, output_mode="count")
il2.adapt(np.array([5, 5, 5, 6, 6, 7, 8, 9]))
print(il2.get_vocabulary(), il2(np.array([[5, 5, 9, 6]])).numpy().tolist())
il3 = layers.IntegerLookup(output_mode="multi_hot", vocabulary=[1, 2], pad_to_max_tokens=True,
                           max_tokens=5)
print(il3(np.array([[2, 2], [3, 1]])).numpy().tolist())
print(sorted(il3.get_config().items()))
tryp("neg_oov", lambda: layers.IntegerLookup(num_oov_indices=-1))
tryp("float_in", lambda: layers.IntegerLookup(vocabulary=[1, 2])(np.array([1.5])))
"""

SNIPPETS["discretization_output_modes_more"] = _TRY + """
x = np.array([[-3.0, 0.5, 2.0], [1.0, 1.0, 9.0]], "float32")
for mode in ["int", "one_hot", "multi_hot", "count"]:
    d = layers.Discretization(bin_boundaries=[0.0, 1.0, 5.0], output_mode=mode)
    y = d(x[0] if mode == "one_hot" else x)
    print(mode, y.dtype, y.numpy().tolist(), d.compute_output_shape((2, 3)))
d = layers.Discretization(num_bins=4, epsilon=0.1)
d.adapt(np.arange(40, dtype="float32"))
print(r4(d.bin_boundaries), sorted(d.get_config().items()))
d.adapt(tf.data.Dataset.from_tensor_slices(np.arange(8.0)).batch(3))
print(r4(d.bin_boundaries), d(np.array([[0.0, 5.0]])).numpy().tolist())
d2 = layers.Discretization(bin_boundaries=[1.0, 2.0], dtype="int32")
print(d2(np.array([0.5, 1.5, 2.5])).dtype)
d3 = layers.Discretization(bin_boundaries=[1.0, 2.0], output_mode="multi_hot", sparse=False)
print(d3(np.array([[0.5, 1.5, 1.7]])).numpy().tolist())
tryp("both", lambda: layers.Discretization(bin_boundaries=[1.0], num_bins=3))
tryp("none", lambda: layers.Discretization()(np.array([1.0])))
tryp("bad_mode", lambda: layers.Discretization(bin_boundaries=[1.0], output_mode="tf_idf"))
"""

SNIPPETS["category_encoding_hashing_salt"] = _TRY + """
ce = layers.CategoryEncoding(num_tokens=4, output_mode="multi_hot")
print(ce(np.array([[0, 3], [1, 1]])).numpy().tolist())
tryp("too_big", lambda: ce(np.array([[0, 4]])))
tryp("negative", lambda: ce(np.array([[-1, 2]])))
oh = layers.CategoryEncoding(num_tokens=3, output_mode="one_hot")
print(oh(np.array([2, 0])).numpy().tolist(), oh(np.array(1)).numpy().tolist())
tryp("no_tokens", lambda: layers.CategoryEncoding(output_mode="count"))
tryp("bad_mode", lambda: layers.CategoryEncoding(num_tokens=3, output_mode="tf_idf"))
for salt in [None, 7, [1, 2]]:
    h = layers.Hashing(num_bins=5, salt=salt)
    print(salt, h(np.array([["a", "b", "c"]])).numpy().tolist(),
          h(np.array([[1, 2, 3]])).numpy().tolist())
h = layers.Hashing(num_bins=4, mask_value="")
print(h(np.array(["", "a", "b"])).numpy().tolist())
h = layers.Hashing(num_bins=3, output_mode="multi_hot")
print(h(np.array([["a", "b"], ["c", "c"]])).numpy().tolist())
print(sorted(layers.Hashing(num_bins=3, salt=5).get_config().items()))
tryp("bins0", lambda: layers.Hashing(num_bins=0))
tryp("salt_str", lambda: layers.Hashing(num_bins=2, salt="x"))
"""

SNIPPETS["normalization_mean_variance_shapes"] = _TRY + """
x = np.arange(12, dtype="float32").reshape(2, 2, 3)
n = layers.Normalization(axis=(1, 2))
n.adapt(x)
print(tuple(n.mean.shape), r4(n.mean[0, 0]), r4(n(x)[1, 1]))
n2 = layers.Normalization(mean=2.0, variance=4.0)
print(r4(n2(np.array([[0.0, 2.0, 6.0]]))), n2.get_config()["mean"], n2.get_config()["variance"])
n3 = layers.Normalization(axis=-1, mean=[1.0, 2.0, 3.0], variance=[1.0, 1.0, 4.0])
print(r4(n3(x[0])), tuple(n3.mean.shape) if hasattr(n3.mean, "shape") else n3.mean)
n4 = layers.Normalization(axis=1)
n4.adapt(np.array([[1.0, 2.0], [3.0, 6.0]], "float32"))
print(r4(n4.mean), r4(n4.variance), r4(n4(np.array([[2.0, 4.0]], "float32"))))
print(n4.get_build_config(), n4.compute_output_shape((None, 2)))
tryp("mean_only", lambda: layers.Normalization(mean=1.0))
tryp("axis0", lambda: layers.Normalization(axis=0).adapt(x))
tryp("call_unadapted", lambda: layers.Normalization()(np.ones((2, 2), "float32")))
tryp("rank_short", lambda: n(np.ones((2, 2), "float32")))
"""

SNIPPETS["rescaling_crop_resize_options"] = _TRY + """
img = (np.arange(2 * 6 * 4 * 3, dtype="float32").reshape(2, 6, 4, 3) % 11)
r = layers.Rescaling(scale=[0.5, 1.0, 2.0], offset=-1.0)
print(r4(r(img)[0, 0, 0]), r(img).dtype)
print(r(np.arange(3, dtype="uint8").reshape(1, 3)).dtype)
print(sorted(layers.Rescaling(1 / 255.0).get_config().items()))
cc = layers.CenterCrop(3, 3)
print(cc(img).shape, r4(cc(img)[0, :, :, 0]))
print(cc(img[0]).shape, layers.CenterCrop(4, 6)(img).shape)
for kw in [{}, {"crop_to_aspect_ratio": True}, {"pad_to_aspect_ratio": True},
           {"pad_to_aspect_ratio": True, "fill_value": 9.0}, {"interpolation": "nearest"},
           {"interpolation": "bicubic"}, {"interpolation": "area"}]:
    rs = layers.Resizing(3, 3, **kw)
    out = rs(img)
    print(kw, out.shape, r4(out[0, :, :, 0]))
tryp("both", lambda: layers.Resizing(2, 2, crop_to_aspect_ratio=True, pad_to_aspect_ratio=True))
tryp("interp", lambda: layers.Resizing(2, 2, interpolation="linear"))
print(layers.Resizing(5, 2, data_format="channels_first")(np.ones((1, 3, 4, 4))).shape)
"""
