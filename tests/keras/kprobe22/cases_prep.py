"""kprobe22's snippets on preprocessing layers: Normalization adapted on the last axis and
on none, inverted and inside a trained model; Discretization adapted to skewed data;
CategoryEncoding in a functional model; HashedCrossing's modes; StringLookup's tf_idf,
OOV-less and inverted forms; IntegerLookup's vocabulary dtypes; Resizing's aspect ratios
with channels first; CenterCrop's upscaling; Rescaling of integer inputs; the Random*
image layers outside training (see cases.py)."""

from tests.keras.kprobe22.prelude import _TRY

SNIPPETS = {}

SNIPPETS["normalization_last_axis_in_model"] = _TRY + """
data = (np.arange(2 * 5 * 3, dtype="float32").reshape(2, 5, 3) % 7) ** 1.3
n = layers.Normalization(axis=-1)
n.adapt(tf.data.Dataset.from_tensor_slices(data).batch(1))
print(tuple(n.mean.shape), r4(n.mean), r4(n.variance))
print(r4(n(data)[0, :2]), n(data).dtype)
print(r4(n(np.array([[1, 2, 3]], "int32"))))
print([w.path for w in n.weights], n.built, n.compute_output_shape((None, 5, 3)))
n.adapt(data[:1])
print(r4(n.mean))
i = keras.Input((5, 3))
m = keras.Model(i, layers.Dense(1)(layers.Flatten()(n(i))))
fill(m.layers[-1])
m.compile(optimizer=keras.optimizers.SGD(0.01), loss="mse")
h = m.fit(data, np.ones((2, 1), "float32"), epochs=2, verbose=0)
print(logs4(h), r4(n.mean), len(m.trainable_weights), len(m.non_trainable_weights))
"""

SNIPPETS["normalization_none_axis_invert"] = _TRY + """
data = np.array([[1.0, 5.0], [3.0, 7.0], [2.0, 2.0]], "float32")
n = layers.Normalization(axis=None)
n.adapt(data)
print(r4(n.mean), r4(n.variance), tuple(n.mean.shape), r4(n(data)))
inv = layers.Normalization(axis=None, invert=True)
inv.adapt(data)
print(r4(inv(n(data))), r4(inv(np.zeros((1, 3), "float32"))))
fixed = layers.Normalization(mean=[1.0, 2.0], variance=[1.0, 4.0], invert=True)
print(r4(fixed(np.array([[0.0, 1.0]], "float32"))))
c = sorted(fixed.get_config().items())
print(c)
back = layers.Normalization.from_config(fixed.get_config())
print(r4(back(np.array([[0.0, 1.0]], "float32"))))
tryp("adapt_fixed", lambda: fixed.adapt(data))
tryp("shape_mismatch", lambda: layers.Normalization(mean=[1.0, 2.0], variance=[1.0, 4.0])(
    np.ones((1, 3), "float32")))
z = layers.Normalization(axis=-1)
z.adapt(np.array([[1.0, 2.0], [1.0, 4.0]], "float32"))
print(r4(z.variance), r4(z(np.array([[1.0, 3.0]], "float32"))))
"""

SNIPPETS["discretization_adapt_skewed"] = _TRY + """
skew = np.concatenate([np.zeros(20), np.arange(1.0, 11.0) ** 2]).astype("float32")
for bins in [2, 4, 5]:
    d = layers.Discretization(num_bins=bins)
    d.adapt(skew)
    print(bins, r4(d.bin_boundaries), d(np.array([0.0, 3.0, 50.0, 200.0])).numpy().tolist())
d = layers.Discretization(num_bins=3)
d.adapt(tf.data.Dataset.from_tensor_slices(skew.reshape(-1, 2)).batch(4))
print(r4(d.bin_boundaries), sorted(d.get_config().items()))
d2 = layers.Discretization(bin_boundaries=[-1.0, 0.0, 1.0], output_mode="count")
print(d2(np.array([[-2.0, -0.5, 0.0, 0.5, 3.0, 3.0]])).numpy().tolist())
d3 = layers.Discretization(bin_boundaries=[0.0, 10.0], output_mode="one_hot")
print(d3(np.array([-5.0, 5.0, 10.0])).numpy().tolist(), d3.compute_output_shape((None,)))
print(layers.Discretization(bin_boundaries=[1.5])(np.array([[1, 2], [0, 5]])).numpy().tolist())
tryp("unsorted", lambda: layers.Discretization(bin_boundaries=[2.0, 1.0])(np.array([1.5])))
tryp("adapt_given", lambda: layers.Discretization(bin_boundaries=[1.0]).adapt(skew))
"""

SNIPPETS["category_encoding_in_functional_model"] = _TRY + """
i = keras.Input((3,), dtype="int32")
for mode in ["multi_hot", "count"]:
    m = keras.Model(i, layers.CategoryEncoding(num_tokens=5, output_mode=mode)(i))
    print(mode, m.output.shape, m.output.dtype, m.predict(np.array([[0, 4, 4], [1, 1, 2]]),
          verbose=0).tolist())
j = keras.Input((1,), dtype="int64")
o = layers.CategoryEncoding(num_tokens=3, output_mode="one_hot")(j)
m = keras.Model(j, layers.Dense(2)(o))
fill(m)
print(o.shape, r4(m(np.array([[0], [2]]))))
ce = layers.CategoryEncoding(num_tokens=4, output_mode="count")
print(r4(ce(np.array([[1, 1, 3]]), count_weights=np.array([[0.5, 0.25, 2.0]], "float32"))))
print(ce(np.array([1, 2, 2])).numpy().tolist(), ce(np.array([[1], [2]])).numpy().tolist())
print(sorted(ce.get_config().items()))
tryp("rank3", lambda: ce(np.zeros((1, 2, 2), "int32")))
"""

SNIPPETS["hashed_crossing_variants"] = _TRY + """
a = np.array([1, 2, 3, 1])
b = np.array(["x", "y", "x", "x"])
print(layers.HashedCrossing(num_bins=5)((a, b)).numpy().tolist())
print(layers.HashedCrossing(num_bins=5)((a.reshape(-1, 1), b.reshape(-1, 1))).numpy().tolist())
print(layers.HashedCrossing(num_bins=3, output_mode="one_hot")((a, b)).numpy().tolist())
print(layers.HashedCrossing(num_bins=7)((np.array(4), np.array("q"))).numpy().tolist())
print(layers.HashedCrossing(num_bins=10)((a, a * 10)).numpy().tolist())
hc = layers.HashedCrossing(num_bins=4, name="cross")
print(sorted(hc.get_config().items()), hc.compute_output_shape(((None, 1), (None, 1))))
tryp("three", lambda: layers.HashedCrossing(num_bins=4)((a, a, a)))
tryp("not_tuple", lambda: layers.HashedCrossing(num_bins=4)(a))
tryp("shapes", lambda: layers.HashedCrossing(num_bins=4)((a, a[:2])))
tryp("float", lambda: layers.HashedCrossing(num_bins=4)((a.astype("float32"), a)))
tryp("sparse_int", lambda: layers.HashedCrossing(num_bins=4, output_mode="int", sparse=True))
"""

SNIPPETS["string_lookup_tf_idf_adapt"] = _TRY + """
corpus = np.array([["a", "b", "a", "c"], ["b", "b", "d", "a"], ["e", "a", "a", "a"]])
sl = layers.StringLookup(output_mode="tf_idf")
sl.adapt(corpus)
print(sl.get_vocabulary(), sl.vocabulary_size())
print(r4(sl(np.array([["a", "b", "z", "z"]]))))
print(r4(sl.idf_weights if hasattr(sl, "idf_weights") else None))
sl2 = layers.StringLookup(vocabulary=["a", "b"], idf_weights=[0.5, 2.0], output_mode="tf_idf")
print(r4(sl2(np.array([["a", "b", "b", "q"]]))), sl2.get_vocabulary())
sl3 = layers.StringLookup(max_tokens=3, output_mode="count", pad_to_max_tokens=True)
sl3.adapt(corpus)
print(sl3.get_vocabulary(), sl3(np.array([["a", "e", "d"]])).numpy().tolist())
print(sl.get_vocabulary(include_special_tokens=False))
sl4 = layers.StringLookup(output_mode="multi_hot", num_oov_indices=2)
sl4.adapt(corpus)
print(sl4.get_vocabulary(), sl4(np.array(["a", "zz", "yy"])).numpy().tolist())
"""

SNIPPETS["string_lookup_no_oov_and_invert"] = _TRY + """
vocab = ["cat", "dog", "fish"]
sl = layers.StringLookup(vocabulary=vocab, num_oov_indices=0)
print(sl.get_vocabulary(), sl(np.array(["dog", "cat"])).numpy().tolist())
tryp("unknown", lambda: sl(np.array(["dog", "cow"])))
inv = layers.StringLookup(vocabulary=vocab, invert=True, mask_token="")
print(inv.get_vocabulary(), inv(np.array([[0, 1, 2, 3]])).numpy().tolist())
inv2 = layers.StringLookup(vocabulary=vocab, invert=True)
print(inv2(np.array([0, 3, 9])).numpy().tolist())
masked = layers.StringLookup(vocabulary=vocab, mask_token="[PAD]")
print(masked.get_vocabulary(), masked(np.array(["[PAD]", "dog", "x"])).numpy().tolist())
tryp("compute_mask", lambda: masked.compute_mask(np.array(["[PAD]", "dog"]), None))
print(sorted(masked.get_config().items()))
tryp("oov_token_in_vocab", lambda: layers.StringLookup(vocabulary=["[UNK]", "a"]))
tryp("mask_invert_oov0", lambda: layers.StringLookup(vocabulary=vocab, num_oov_indices=0,
    invert=True)(np.array([5])))
tryp("empty_vocab", lambda: layers.StringLookup(vocabulary=[])(np.array(["a"])))
"""

SNIPPETS["integer_lookup_dtypes_and_set_vocabulary"] = _TRY + """
il = layers.IntegerLookup(vocabulary=np.array([7, 3, 11], "int64"))
print(il.get_vocabulary(), il(np.array([3, 4, 11])).numpy().tolist(), il(np.array([3])).dtype)
il.set_vocabulary([5, 6])
print(il.get_vocabulary(), il(np.array([5, 6, 7])).numpy().tolist())
tryp("int32_vocab", lambda: layers.IntegerLookup(vocabulary_dtype="int32"))
il2 = layers.IntegerLookup(mask_token=-1, oov_token=-2)
il2.adapt(np.array([4, 4, 4, 9, 9, 1]))
print(il2.get_vocabulary(), il2(np.array([[4, -1, 1, 100]])).numpy().tolist())
il3 = layers.IntegerLookup(max_tokens=4, output_mode="multi_hot")
il3.adapt(np.array([[1, 2, 2], [3, 3, 3]]))
print(il3.get_vocabulary(), il3(np.array([[3, 3, 8], [2, 1, 1]])).numpy().tolist())
il4 = layers.IntegerLookup(vocabulary=[10, 20], output_mode="int", dtype="int32")
print(il4(np.array([20, 30])).dtype)
print(sorted(il2.get_config().items()))
tryp("float_vocab", lambda: layers.IntegerLookup(vocabulary=[1.5, 2.5]))
tryp("max_tokens_1", lambda: layers.IntegerLookup(max_tokens=1))
"""

SNIPPETS["resizing_aspect_channels_first"] = _TRY + """
img = np.arange(1 * 2 * 4 * 6, dtype="float32").reshape(1, 2, 4, 6)
r = layers.Resizing(2, 2, crop_to_aspect_ratio=True, data_format="channels_first")
print(tuple(r(img).shape), r4(r(img)[0, 0]))
p = layers.Resizing(3, 3, pad_to_aspect_ratio=True, fill_value=9.0, data_format="channels_first")
print(tuple(p(img).shape), r4(p(img)[0, 1]))
hwc = np.arange(3 * 5 * 1, dtype="float32").reshape(3, 5, 1)
for interp in ["bicubic", "area", "lanczos3", "lanczos5", "gaussian", "mitchellcubic"]:
    tryp(interp, lambda: r4(layers.Resizing(2, 3, interpolation=interp)(hwc)[:, :, 0]))
print(layers.Resizing(2, 2)(np.zeros((4, 4, 3), "uint8")).dtype)
print(r4(layers.Resizing(4, 2, pad_to_aspect_ratio=True)(hwc)[:, :, 0]))
print(sorted(r.get_config().items()))
tryp("bad_interp", lambda: layers.Resizing(2, 2, interpolation="cubic"))
"""

SNIPPETS["center_crop_upscale_dtypes"] = _TRY + """
img = np.arange(1 * 3 * 4 * 2, dtype="float32").reshape(1, 3, 4, 2)
print(tuple(layers.CenterCrop(5, 6)(img).shape), r4(layers.CenterCrop(5, 6)(img)[0, :, :, 0]))
print(r4(layers.CenterCrop(2, 2)(img)[0, :, :, 1]))
print(r4(layers.CenterCrop(3, 2)(img[0])[:, :, 0]))
cf = layers.CenterCrop(1, 2, data_format="channels_first")
print(r4(cf(np.transpose(img, (0, 3, 1, 2)))))
print(layers.CenterCrop(2, 2)(np.ones((1, 4, 4, 1), "uint8")).dtype,
      layers.CenterCrop(2, 2)(np.ones((1, 4, 4, 1), "int32")).dtype)
print(sorted(layers.CenterCrop(2, 3).get_config().items()))
print(layers.CenterCrop(2, 3).compute_output_shape((4, 4, 1)))
tryp("rank2", lambda: layers.CenterCrop(2, 2)(np.ones((4, 4), "float32")))
"""

SNIPPETS["rescaling_integer_inputs_in_models"] = _TRY + """
i = keras.Input((2, 2, 3), dtype="uint8")
o = layers.Rescaling(1.0 / 127.5, offset=-1)(i)
m = keras.Model(i, o)
x = np.array([0, 127, 255] * 4, "uint8").reshape(1, 2, 2, 3)
print(o.dtype, m.predict(x, verbose=0).dtype, r4(m(x)[0, 0]))
print(r4(layers.Rescaling([0.5, 1.0, 2.0])(np.ones((1, 3), "int32"))))
r = layers.Rescaling(0.5, dtype="float16")
print(r(np.array([3], "int32")).dtype, r4(r(np.array([3], "int32"))))
print(sorted(layers.Rescaling(0.5, offset=1).get_config().items()))
print(layers.Rescaling(2).compute_output_shape((None, 4)))
print(r4(layers.Rescaling(np.array([[1.0], [2.0]], "float32"))(np.ones((2, 1), "float32"))))
"""

SNIPPETS["random_image_layers_off_training"] = _TRY + """
img = (np.arange(1 * 4 * 4 * 3, dtype="float32").reshape(1, 4, 4, 3) % 5) / 5
makers = [lambda: layers.RandomFlip("vertical", seed=5),
          lambda: layers.RandomRotation((-0.1, 0.1), fill_mode="constant", fill_value=1.0, seed=5),
          lambda: layers.RandomTranslation((-0.2, 0.2), 0.1, fill_mode="nearest", seed=5),
          lambda: layers.RandomZoom(0.2, 0.3, interpolation="nearest", seed=5),
          lambda: layers.RandomContrast((0.1, 0.2), value_range=(0, 1), seed=5),
          lambda: layers.RandomBrightness(0.2, value_range=(0, 1), seed=5)]
for make in makers:
    l = make()
    y = l(img)
    print(type(l).__name__, bool(np.allclose(y, img)), y.dtype, l.built,
          l.compute_output_shape((None, 4, 4, 3)))
    print(sorted((k, v) for k, v in l.get_config().items() if k not in ("name", "dtype")))
seq = keras.Sequential([layers.RandomFlip(seed=1), layers.RandomRotation(0.5, seed=1)])
print(np.allclose(seq(img, training=False), img), np.allclose(seq.predict(img, verbose=0), img))
tryp("rot_bad", lambda: layers.RandomRotation(0.1, fill_mode="mirror"))
tryp("trans_bad", lambda: layers.RandomTranslation(2.0, 0.1))
"""
