"""kprobe35's snippets on preprocessing layers over input dtypes and options earlier rounds
did not combine: Discretization over each dtype with epsilon and output modes, Hashing's
salts over strings/ints/floats, HashedCrossing over three features and int/string mixes,
IntegerLookup's inverted tf_idf and vocabulary files, Normalization.adapt over axes and
datasets, and the seeded random image layers' values (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe35.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["prep_discretization_dtypes_modes"] = _TRY + """
d = layers.Discretization(bin_boundaries=[0.0, 1.0, 2.5])
sweep("bins", lambda t: d(arr([-1, 0, 1, 2, 3], t)) * np.array([1, 10, 100, 1000, 10000]), ["uint8", "int8", "int32", "int64", "float16", "float32", "float64"])
for mode in ["one_hot", "multi_hot", "count"]:
    show(mode, lambda: layers.Discretization(bin_boundaries=[0.0, 1.0], output_mode=mode)(np.array([[-1.0, 0.5, 0.7], [2.0, 2.0, -3.0]], "float32")))
show("out_dtype", lambda: layers.Discretization(bin_boundaries=[0.0], dtype="int32")(np.array([1.0], "float32")))
show("out_dtype_f", lambda: layers.Discretization(bin_boundaries=[0.0], output_mode="one_hot", dtype="float64")(np.array([1.0], "float32")))
a = layers.Discretization(num_bins=4, epsilon=0.01)
a.adapt(np.array([1.0, 2.0, 2.0, 3.0, 4.0, 5.0, 9.0, 10.0], "float32"))
show("adapt_bins", lambda: [round(float(v), 4) for v in a.bin_boundaries])
show("adapt_call", lambda: a(np.array([0.0, 2.5, 4.5, 11.0], "float32")))
show("both", lambda: layers.Discretization(bin_boundaries=[0.0], num_bins=3))
show("sparse", lambda: O.convert_to_numpy(layers.Discretization(bin_boundaries=[0.0, 1.0], output_mode="one_hot", sparse=True)(np.array([0.5, -1.0], "float32"))).tolist())
"""

SNIPPETS["prep_hashing_salts_inputs"] = _TRY + """
for kw in [{}, {"salt": 7}, {"salt": [1, 2]}, {"mask_value": "b"}]:
    h = layers.Hashing(num_bins=5, **kw)
    show("str" + str(kw), lambda: h(np.array([["a", "b", "c", "ab"]])))
show("int", lambda: layers.Hashing(num_bins=7)(np.array([[1, 2, 3, -4]], "int64")))
show("int32", lambda: layers.Hashing(num_bins=7)(np.array([[1, 2, 3, -4]], "int32")))
show("int_salt", lambda: layers.Hashing(num_bins=7, salt=3)(np.array([[1, 2, 3, -4]], "int64")))
show("int_mask", lambda: layers.Hashing(num_bins=7, mask_value=2)(np.array([[1, 2, 3, -4]], "int64")))
show("float", lambda: layers.Hashing(num_bins=7)(np.array([[1.5, 2.0]], "float32")))
show("one_hot", lambda: layers.Hashing(num_bins=4, output_mode="one_hot")(np.array(["a", "b", "c"])))
show("count", lambda: layers.Hashing(num_bins=4, output_mode="count")(np.array([["a", "b", "a"]])))
show("bad_salt", lambda: layers.Hashing(num_bins=4, salt=[1, 2, 3]))
show("bad_bins", lambda: layers.Hashing(num_bins=0))
show("config", lambda: layers.Hashing(num_bins=4, salt=5).get_config()["salt"])
"""

SNIPPETS["prep_hashed_crossing_mixes"] = _TRY + """
hc = layers.HashedCrossing(num_bins=10)
show("str_str", lambda: hc((np.array(["a", "b", "c"]), np.array(["x", "y", "x"]))))
show("int_str", lambda: hc((np.array([1, 2, 3], "int64"), np.array(["x", "y", "x"]))))
show("int_int", lambda: hc((np.array([1, 2, 3], "int32"), np.array([4, 5, 6], "int32"))))
show("three", lambda: hc((np.array(["a", "b"]), np.array(["x", "y"]), np.array([1, 2], "int64"))))
show("2d", lambda: hc((np.array([["a"], ["b"]]), np.array([["x"], ["y"]]))))
show("one_hot", lambda: layers.HashedCrossing(num_bins=4, output_mode="one_hot")((np.array(["a", "b"]), np.array(["x", "y"]))))
show("scalar", lambda: hc((np.array("a"), np.array("x"))))
show("one", lambda: hc((np.array(["a", "b"]),)))
show("float", lambda: hc((np.array([1.5, 2.5], "float32"), np.array(["x", "y"]))))
show("mismatch", lambda: hc((np.array(["a", "b"]), np.array(["x", "y", "z"]))))
show("config", lambda: sorted(hc.get_config().items()))
"""

SNIPPETS["prep_integer_lookup_modes"] = _TRY + """
lk = layers.IntegerLookup(vocabulary=[12, 36, 1138, 42], output_mode="tf_idf", idf_weights=[0.25, 0.75, 0.6, 0.4])
show("tf_idf", lambda: lk(np.array([[12, 1138, 42, 42], [7, 36, 36, 0]], "int64")))
inv = layers.IntegerLookup(vocabulary=[12, 36, 1138], invert=True)
show("invert", lambda: inv(np.array([[0, 1, 3, 2]], "int64")))
show("invert_oov", lambda: inv(np.array([[5]], "int64")))
mk = layers.IntegerLookup(vocabulary=[12, 36], mask_token=0, num_oov_indices=2)
show("mask_oov2", lambda: mk(np.array([[0, 12, 99, 36, 7]], "int64")))
show("vocab", lambda: mk.get_vocabulary())
show("vocab_no_special", lambda: mk.get_vocabulary(include_special_tokens=False))
show("size", lambda: mk.vocabulary_size())
path = os.path.join(D, "v.txt")
with open(path, "w") as f:
    f.write("5\\n9\\n13\\n")
fl = layers.IntegerLookup(vocabulary=path)
show("file", lambda: fl(np.array([9, 13, 4], "int64")))
show("file_vocab", lambda: fl.get_vocabulary())
ad = layers.IntegerLookup(max_tokens=4, output_mode="count")
ad.adapt(np.array([3, 3, 3, 8, 8, 1, 9, 9, 9, 9], "int64"))
show("adapt_vocab", lambda: ad.get_vocabulary())
show("adapt_count", lambda: ad(np.array([[3, 9, 9, 1, 1]], "int64")))
show("int32_in", lambda: layers.IntegerLookup(vocabulary=[1, 2])(np.array([2, 5], "int32")))
show("bad_dup", lambda: layers.IntegerLookup(vocabulary=[1, 1]))
show("bad_neg_mask", lambda: layers.IntegerLookup(vocabulary=[0, 1], mask_token=0))
"""

SNIPPETS["prep_normalization_adapt_axes"] = _TRY + """
x = (np.arange(24, dtype="float32").reshape(2, 3, 4) ** 1.5) / 10
for ax in [-1, 1, (1, 2), None]:
    n = layers.Normalization(axis=ax)
    n.adapt(x)
    show("mean_" + str(ax), lambda: n.mean)
    show("out_" + str(ax), lambda: O.round(O.sum(n(x), axis=0), 3))
ds = tf.data.Dataset.from_tensor_slices(x).batch(1)
nd = layers.Normalization()
nd.adapt(ds)
show("ds_var", lambda: nd.variance)
inv = layers.Normalization(mean=2.0, variance=4.0, invert=True)
show("invert", lambda: inv(np.array([0.0, 1.0], "float32")))
show("given_vec", lambda: layers.Normalization(mean=[1.0, 2.0], variance=[1.0, 4.0])(np.array([[1.0, 1.0]], "float32")))
show("int_in", lambda: layers.Normalization(mean=1.0, variance=1.0)(np.array([3, 4], "int32")))
show("f64_layer", lambda: layers.Normalization(mean=1.0, variance=1.0, dtype="float64")(np.array([3.0], "float32")))
show("zero_var", lambda: layers.Normalization(mean=1.0, variance=0.0)(np.array([3.0], "float32")))
show("bad_axis", lambda: layers.Normalization(axis=0))
show("only_mean", lambda: layers.Normalization(mean=1.0))
"""

SNIPPETS["prep_random_spatial_seeded_values"] = _TRY + """
for mk in [lambda: layers.RandomCrop(4, 5, seed=3), lambda: layers.RandomZoom(0.3, seed=3),
           lambda: layers.RandomZoom((-0.2, 0.1), (0.1, 0.3), fill_mode="constant", seed=3),
           lambda: layers.RandomRotation(0.2, seed=3), lambda: layers.RandomRotation((-0.1, 0.3), fill_mode="nearest", interpolation="nearest", seed=3),
           lambda: layers.RandomTranslation(0.2, 0.3, seed=3), lambda: layers.RandomFlip(seed=3),
           lambda: layers.RandomContrast(0.5, seed=3), lambda: layers.RandomBrightness(0.3, seed=3)]:
    l = mk()
    n = l.__class__.__name__
    img4(n + "_t1", lambda: l(IMG, training=True))
    img4(n + "_t2", lambda: l(IMG, training=True))
    img4(n + "_inf", lambda: l(IMG))
"""
