"""kprobe18's snippets on preprocessing layers: Normalization adapted over several axes and
inverted, Discretization's modes, CategoryEncoding's count weights, Hashing with a salt,
IntegerLookup's vocabularies, the image resizing layers and the Random* layers outside
training (see cases.py)."""

from tests.keras.kprobe18.prelude import _TRY

SNIPPETS = {}

SNIPPETS["normalization_axes_adapt_invert"] = _TRY + """
data = np.arange(24, dtype="float32").reshape(2, 3, 4) ** 1.5
n = layers.Normalization(axis=(1, 2))
n.adapt(data)
print(tuple(n.mean.shape), r4(n.mean[0, 0]), r4(n(data)[1, 0]))
inv = layers.Normalization(axis=(1, 2), invert=True)
inv.adapt(data)
print(np.allclose(inv(n(data)), data, atol=1e-3))
n2 = layers.Normalization(axis=None)
n2.adapt(data)
print(r4(n2.mean), r4(n2.variance), r4(n2(np.array([0.0, 10.0]))))
n3 = layers.Normalization(mean=[1.0, 2.0], variance=[4.0, 0.0])
print(r4(n3(np.array([[3.0, 2.0]]))), n3.get_config()["mean"], n3.get_config()["variance"])
n4 = layers.Normalization(mean=2.0, variance=4.0, invert=True)
print(r4(n4(np.array([[1.0], [-1.0]]))))
tryp("one_given", lambda: layers.Normalization(mean=1.0))
tryp("before_adapt", lambda: layers.Normalization()(np.ones((2, 2))))
tryp("axis_bad", lambda: layers.Normalization(axis=3).adapt(np.ones((2, 2))))
n5 = layers.Normalization()
n5.adapt(tf.data.Dataset.from_tensor_slices(np.arange(10.0).reshape(5, 2)).batch(2))
print(r4(n5.mean), r4(n5.variance))
"""

SNIPPETS["discretization_modes_and_epsilon"] = _TRY + """
x = np.array([[-1.5, 0.0, 0.5], [1.0, 2.5, 9.0]], "float32")
for mode in ["int", "one_hot", "multi_hot", "count"]:
    d = layers.Discretization(bin_boundaries=[0.0, 1.0, 2.0], output_mode=mode)
    tryp(mode, lambda: d(x if mode == "int" else x[0]))
d = layers.Discretization(num_bins=3, epsilon=0.01)
d.adapt(np.arange(30.0))
print(r4(d.bin_boundaries), d(np.array([0.0, 12.0, 29.0])).numpy().tolist())
print(sorted(d.get_config()))
tryp("both", lambda: layers.Discretization(bin_boundaries=[1.0], num_bins=3))
tryp("neither", lambda: layers.Discretization()(x))
tryp("sparse_int", lambda: layers.Discretization(bin_boundaries=[1.0], output_mode="int",
    sparse=True))
d2 = layers.Discretization(bin_boundaries=[0.5], output_mode="int", dtype="int32")
print(d2(np.array([0, 1, 2])).dtype)
"""

SNIPPETS["category_encoding_count_weights"] = _TRY + """
x = np.array([[0, 1, 1], [3, 3, 2]])
ce = layers.CategoryEncoding(num_tokens=4, output_mode="count")
print(ce(x).numpy().tolist())
print(r4(ce(x, count_weights=np.array([[0.5, 1.0, 2.0], [1.0, 1.0, 0.25]]))))
tryp("weights_one_hot", lambda: layers.CategoryEncoding(4, "one_hot")(np.array([1, 2]),
    count_weights=np.ones(2)))
print(layers.CategoryEncoding(4, "one_hot")(np.array([[1], [2]])).numpy().tolist())
tryp("one_hot_2d", lambda: layers.CategoryEncoding(4, "one_hot")(x))
print(layers.CategoryEncoding(4, "multi_hot")(np.array([1, 3])).numpy().tolist())
tryp("scalar", lambda: layers.CategoryEncoding(4)(np.array(2)))
tryp("out_of_range", lambda: layers.CategoryEncoding(3)(np.array([[5]])))
tryp("negative", lambda: layers.CategoryEncoding(3)(np.array([[-1]])))
tryp("bad_mode", lambda: layers.CategoryEncoding(3, output_mode="tf_idf"))
tryp("no_tokens", lambda: layers.CategoryEncoding())
print(layers.CategoryEncoding(3, dtype="int32")(np.array([[1, 1]])).dtype,
    layers.CategoryEncoding(3).compute_output_shape((None, 2)))
"""

SNIPPETS["hashing_salt_and_modes"] = _TRY + """
words = np.array([["apple"], ["banana"], ["cherry"], [""]])
print(layers.Hashing(8)(words).numpy().ravel().tolist())
print(layers.Hashing(8, salt=7)(words).numpy().ravel().tolist())
print(layers.Hashing(8, salt=[1, 2])(words).numpy().ravel().tolist())
print(layers.Hashing(8, mask_value="")(words).numpy().ravel().tolist())
print(layers.Hashing(5)(np.array([[1], [2], [-3], [10**10]])).numpy().ravel().tolist())
print(layers.Hashing(4, output_mode="multi_hot")(np.array([["a", "b"], ["c",
    "c"]])).numpy().tolist())
print(layers.Hashing(4, output_mode="count")(np.array([["a", "b", "a"]])).numpy().tolist())
tryp("bad_salt", lambda: layers.Hashing(4, salt=[1, 2, 3]))
tryp("bins", lambda: layers.Hashing(0))
tryp("float", lambda: layers.Hashing(4)(np.array([1.5, 2.5])))
print(layers.Hashing(8, salt=3).get_config()["salt"])
"""

SNIPPETS["integer_lookup_vocab_files_and_invert"] = _TRY + """
os.chdir(D)
with open("vocab.txt", "w") as f:
    f.write("12\\n7\\n40\\n")
il = layers.IntegerLookup(vocabulary="vocab.txt")
print(il.get_vocabulary(), il.vocabulary_size(), il(np.array([7, 40, 5, 0])).numpy().tolist())
il2 = layers.IntegerLookup(vocabulary=[12, 7, 40], num_oov_indices=2, mask_token=0)
print(il2.get_vocabulary(), il2(np.array([[12, 0, 99, 100]])).numpy().tolist())
inv = layers.IntegerLookup(vocabulary=[12, 7, 40], invert=True)
print(inv(np.array([0, 1, 3, 7])).numpy().tolist())
il3 = layers.IntegerLookup(vocabulary=[12, 7], output_mode="one_hot")
print(il3(np.array([12, 3])).numpy().tolist())
il4 = layers.IntegerLookup(max_tokens=3, output_mode="tf_idf")
il4.adapt(np.array([[1, 1, 2], [2, 2, 3], [4, 1, 1]]))
print(il4.get_vocabulary(), r4(il4(np.array([[1, 2, 9]]))))
tryp("dup", lambda: layers.IntegerLookup(vocabulary=[1, 1, 2]))
tryp("mask_in_vocab", lambda: layers.IntegerLookup(vocabulary=[0, 1], mask_token=0))
tryp("oov_invert", lambda: layers.IntegerLookup(vocabulary=[1, 2], invert=True, num_oov_indices=2))
tryp("idf_missing", lambda: layers.IntegerLookup(vocabulary=[1, 2], output_mode="tf_idf"))
tryp("str_vocab", lambda: layers.IntegerLookup(vocabulary=["a"]))
"""

SNIPPETS["resizing_rescaling_center_crop"] = _TRY + """
img = (np.arange(2 * 4 * 6 * 1, dtype="float32").reshape(2, 4, 6, 1))
print(r4(layers.Resizing(2, 3)(img)[0, :, :, 0]))
print(r4(layers.Resizing(2, 2, crop_to_aspect_ratio=True)(img)[0, :, :, 0]))
print(r4(layers.Resizing(4, 4, pad_to_aspect_ratio=True, fill_value=-1)(img)[0, :, :, 0]))
print(r4(layers.Resizing(2, 2, interpolation="nearest")(img[0])[:, :, 0]))
tryp("both_ratio", lambda: layers.Resizing(2, 2, crop_to_aspect_ratio=True,
    pad_to_aspect_ratio=True))
print(r4(layers.Rescaling([1.0, 0.5], offset=[0.0, -1.0])(np.ones((1, 2), "float32"))))
r = layers.Rescaling(1 / 255.0, offset=-0.5)
print(r4(r(np.array([[0, 255]], "uint8"))), r(np.array([[0, 255]], "uint8")).dtype,
    r.get_config()["scale"])
print(layers.Rescaling(2.0, dtype="int32")(np.array([1, 2])).dtype)
print(r4(layers.CenterCrop(2, 4)(img)[0, :, :, 0]))
print(r4(layers.CenterCrop(6, 6)(img)[0, :, :, 0]).__len__(), layers.CenterCrop(6, 6)(img).shape)
print(layers.CenterCrop(3, 3).compute_output_shape((None, 10, 10, 3)),
      layers.Resizing(3, 5, data_format="channels_first").compute_output_shape((None, 3, 10, 10)))
"""

SNIPPETS["random_layers_inference_and_seeds"] = _TRY + """
img = (np.arange(2 * 5 * 5 * 3, dtype="float32").reshape(2, 5, 5, 3) % 11) / 11
rl = [layers.RandomFlip(seed=1), layers.RandomRotation(0.2, seed=1), layers.RandomZoom(0.3, seed=1),
      layers.RandomTranslation(0.2, 0.2, seed=1), layers.RandomContrast(0.5, seed=1),
      layers.RandomBrightness(0.3, seed=1), layers.RandomCrop(3, 3, seed=1)]
for l in rl:
    y = l(img, training=False)
    print(type(l).__name__, tuple(y.shape), np.allclose(y,
        img) if y.shape == img.shape else r4(y[0, :, :, 0]))
for l in rl[:2]:
    print(type(l).__name__, sorted(l.get_config()), l.get_config()["seed"])
seq = keras.Sequential([keras.Input((5, 5, 3)), layers.RandomFlip("horizontal", seed=2),
                        layers.RandomContrast(0.2, seed=2)])
print(np.allclose(seq.predict(img, verbose=0), img), len(seq.weights),
    [w.path for w in seq.non_trainable_weights])
tryp("bad_mode", lambda: layers.RandomFlip("diagonal"))
tryp("bad_factor", lambda: layers.RandomContrast(1.5))
tryp("bad_zoom", lambda: layers.RandomZoom(-1.5))
tryp("bright_range", lambda: layers.RandomBrightness((0.5, 0.1)))
"""
