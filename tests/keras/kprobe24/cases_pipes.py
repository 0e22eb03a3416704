"""kprobe24's snippets on preprocessing layers in tf.data pipelines and models, their
configs after adapt and their odd inputs (see cases.py)."""

from tests.keras.kprobe24.prelude import _TRY

SNIPPETS = {}

SNIPPETS["text_vectorization_dataset_map_fit"] = _TRY + """
texts = ["great movie", "terrible movie", "great great plot", "bad plot", "fine", "awful"]
labels = np.array([1, 0, 1, 0, 1, 0], "float32")
tv = layers.TextVectorization(max_tokens=12, output_mode="int", output_sequence_length=3)
raw = tf.data.Dataset.from_tensor_slices((texts, labels)).batch(2)
tv.adapt(raw.map(lambda x, y: x))
print(tv.get_vocabulary())
ds = raw.map(lambda x, y: (tv(x), y))
print(ds.element_spec)
m = keras.Sequential([keras.Input((3,), dtype="int64"), layers.Embedding(12, 2),
                      layers.GlobalAveragePooling1D(), layers.Dense(1, activation="sigmoid")])
fill(m)
m.compile(optimizer=keras.optimizers.SGD(0.5), loss="binary_crossentropy", metrics=["accuracy"])
h = m.fit(ds, epochs=2, verbose=0)
print(logs4(h))
print(r4(m.predict(tv(tf.constant(["great plot", "awful movie"])), verbose=0)))
c = tv.get_config()
print(c.get("vocabulary"), c["max_tokens"], c["output_sequence_length"], c.get("vocabulary_size"))
"""

SNIPPETS["string_lookup_dataset_map_and_model"] = _TRY + """
sl = layers.StringLookup(output_mode="one_hot")
ds = tf.data.Dataset.from_tensor_slices(["b", "a", "b", "c", "b", "a"])
sl.adapt(ds.batch(4))
print(sl.get_vocabulary(), sl.vocabulary_size())
mapped = ds.batch(3).map(sl)
print(mapped.element_spec, [b.numpy().tolist() for b in mapped][0])
i = keras.Input((1,), dtype="string")
o = layers.Dense(1)(sl(i))
m = keras.Model(i, o)
fill(m)
print(m.output_shape, r4(m(tf.constant([["a"], ["z"]]))))
il = layers.IntegerLookup(mask_token=0, output_mode="multi_hot")
il.adapt(np.array([[1, 2, 0], [2, 3, 0]]))
print(il.get_vocabulary(), il(np.array([[1, 0, 0], [3, 9, 2]])).numpy().tolist())
il2 = layers.IntegerLookup(mask_token=0)
il2.adapt(np.array([[1, 2, 0], [2, 3, 0]]))
x = np.array([[2, 0], [7, 1]])
print(il2(x).numpy().tolist())
tryp("compute_mask", lambda: il2.compute_mask(x))
"""

SNIPPETS["discretization_hashing_in_pipelines"] = _TRY + """
d = layers.Discretization(num_bins=3)
d.adapt(tf.data.Dataset.from_tensor_slices(np.array([1.0, 5.0, 9.0, 2.0, 7.0, 3.0])).batch(2))
print(r4(d.bin_boundaries))
ds = tf.data.Dataset.from_tensor_slices(np.array([[0.5], [4.0], [8.5]], "float32")).batch(3)
print([b.numpy().tolist() for b in ds.map(d)], ds.map(d).element_spec)
print(d(np.array([[1, 6]], "int32")).numpy().tolist(), d(np.array([[1, 6]], "int32")).dtype)
h = layers.Hashing(num_bins=4)
print(h(np.array(["a", "b"])).numpy().tolist(), h(np.array([1, 2])).numpy().tolist(),
      h(np.array([1.0, 2.0])).numpy().tolist() if False else "",
      h(tf.constant(["a", "b"])).dtype)
tryp("float_in", lambda: h(np.array([1.5])))
print([b.numpy().tolist() for b in tf.data.Dataset.from_tensor_slices(["a", "b", "c"]).batch(3)
       .map(layers.Hashing(num_bins=3, output_mode="one_hot"))])
h1 = layers.Hashing(num_bins=1)
print(h1(np.array(["x", "y"])).numpy().tolist())
hc = layers.Hashing(num_bins=3, output_mode="count")
print(hc(np.array([["a", "a", "b"]])).numpy().tolist(), hc.compute_output_shape((1, 3)))
"""

SNIPPETS["image_preprocessing_model_summary"] = _TRY + """
m = keras.Sequential([keras.Input((None, None, 3)), layers.Resizing(8, 8),
                      layers.CenterCrop(6, 6), layers.Rescaling(1 / 255.0),
                      layers.Conv2D(2, 3), layers.GlobalAveragePooling2D()], name="prep")
m.summary()
fill(m)
img = (np.arange(2 * 10 * 12 * 3).reshape(2, 10, 12, 3) % 256).astype("uint8")
print(r4(m(img)), m(img).dtype)
print(m.layers[0].compute_output_shape((None, None, None, 3)),
      m.layers[1].compute_output_shape((None, 9, 9, 3)))
r = layers.Resizing(4, 4, dtype="float16")
print(r(img).dtype, layers.CenterCrop(3, 3)(img).dtype, layers.Rescaling(0.5)(img).dtype)
print(layers.Resizing(4, 4)(img[0]).shape, layers.CenterCrop(20, 5)(img).shape)
tryp("rank2", lambda: layers.Resizing(2, 2)(np.ones((4, 4))))
tryp("cc_rank2", lambda: layers.CenterCrop(2, 2)(np.ones((4, 4))))
"""

SNIPPETS["keras_utils_misc_helpers"] = _TRY + """
u = keras.utils
print(u.to_categorical(np.array([[1], [0]])).shape, u.to_categorical(np.array([[1, 0]])).shape)
print(u.to_categorical(np.array([0, 1]), dtype="int32").dtype if "dtype" in
      u.to_categorical.__code__.co_varnames else "no dtype")
print(u.get_source_inputs(keras.Input((2,), name="src"))[0].name)
i = keras.Input((2,), name="gi")
o = layers.Dense(1)(layers.Dense(3)(i))
print([t.name for t in u.get_source_inputs(o)])
print(u.is_keras_tensor(i), u.is_keras_tensor(np.ones(2)), u.is_keras_tensor(tf.ones(2)))
print(u.standardize_dtype("float32"), u.standardize_dtype(np.int32), u.standardize_dtype(bool))
tryp("std_float", lambda: u.standardize_dtype("float"))
tryp("std_bad", lambda: u.standardize_dtype("floaty"))
print(u.Progbar(3).target, type(u.custom_object_scope({})).__name__)
print(u.serialize_keras_object(keras.activations.relu), u.deserialize_keras_object("relu"))
print(u.get_registered_name(layers.Dense), u.get_registered_object("Dense") is None)
tryp("unknown", lambda: u.deserialize_keras_object("no_such_fn"))
"""

SNIPPETS["to_json_with_preprocessing_layers"] = _TRY + """
import json
tv = layers.TextVectorization(max_tokens=6, output_sequence_length=2)
tv.adapt(np.array(["x y", "y z"]))
n = layers.Normalization()
n.adapt(np.array([[1.0], [3.0]], "float32"))
i = keras.Input((1,), dtype="string")
j = keras.Input((1,))
m = keras.Model([i, j], [tv(i), n(j)])
js = json.loads(m.to_json())
lay = {l["class_name"]: l["config"] for l in js["config"]["layers"]}
print(sorted(lay), lay["TextVectorization"].get("vocabulary"), lay["Normalization"].get("mean"))
back = keras.models.model_from_json(m.to_json())
tv2 = back.layers[2] if back.layers[2].__class__.__name__ == "TextVectorization" else back.layers[1]
print([l.__class__.__name__ for l in back.layers], tv2.get_vocabulary())
tryp("unadapted_call", lambda: back([tf.constant([["x y"]]), np.ones((1, 1), "float32")]))
"""

SNIPPETS["normalization_invert_round_trip_model"] = _TRY + """
data = np.array([[1.0, 10.0], [3.0, 30.0], [5.0, 20.0]], "float32")
n = layers.Normalization()
n.adapt(data)
tryp("batched_mean", lambda: layers.Normalization(invert=True, mean=n.mean.numpy(),
                                                   variance=n.variance.numpy()))
inv = layers.Normalization(invert=True, mean=n.mean.numpy()[0], variance=n.variance.numpy()[0])
print(r4(inv(n(data))), sorted(k for k in inv.get_config()))
i = keras.Input((2,))
m = keras.Model(i, inv(layers.Dense(2)(n(i))))
fill(m)
print(r4(m(data[:1])))
inv2 = layers.Normalization(invert=True)
inv2.adapt(data)
print(r4(inv2(np.zeros((1, 2), "float32"))), r4(inv2(np.ones((1, 2), "float32"))))
n5 = layers.Normalization(axis=-1, mean=[0.0, 1.0], variance=[0.0, 4.0])
print(r4(n5(np.array([[2.0, 3.0]], "float32"))))
"""

SNIPPETS["category_encoding_model_and_dtypes"] = _TRY + """
ce = layers.CategoryEncoding(num_tokens=4, output_mode="one_hot", dtype="int32")
print(ce(np.array([1, 3])).dtype, ce(np.array([1, 3])).numpy().tolist())
ce2 = layers.CategoryEncoding(num_tokens=3, output_mode="multi_hot")
print(ce2(np.array([[0, 2, 2]], "int64")).numpy().tolist(), ce2(tf.constant([[1]])).dtype)
print(ce2(np.array([[0.0, 2.0]], "float32")).numpy().tolist())
i = keras.Input((2,), dtype="int32")
o = layers.CategoryEncoding(num_tokens=5, output_mode="count")(i)
print(o.shape, o.dtype)
cw = layers.CategoryEncoding(num_tokens=3, output_mode="count")
print(r4(cw(np.array([[0, 0, 2]]), count_weights=np.array([[0.5, 1.5, 2.0]]))))
tryp("weights_one_hot", lambda: layers.CategoryEncoding(num_tokens=3, output_mode="one_hot")(
    np.array([0, 1]), count_weights=np.array([1.0, 2.0])))
tryp("one_hot_2d", lambda: layers.CategoryEncoding(num_tokens=3, output_mode="one_hot")(
    np.array([[0, 1]])))
"""

SNIPPETS["preprocessing_under_mixed_precision"] = _TRY + """
keras.config.set_dtype_policy("mixed_float16")
try:
    n = layers.Normalization()
    n.adapt(np.array([[1.0], [3.0]], "float32"))
    r = layers.Rescaling(0.5)
    ce = layers.CategoryEncoding(num_tokens=3, output_mode="multi_hot")
    sl = layers.StringLookup(vocabulary=["a", "b"], output_mode="count")
    d = layers.Discretization(bin_boundaries=[0.0], output_mode="one_hot")
    rs = layers.Resizing(2, 2)
    for l, x in [(n, np.ones((1, 1), "float32")), (r, np.ones((1, 2), "uint8")),
                 (ce, np.array([[0, 2]])), (sl, np.array([["a", "b", "b"]])),
                 (d, np.array([1.0, -1.0])), (rs, np.ones((1, 4, 4, 1), "float32"))]:
        y = l(x)
        print(l.__class__.__name__, l.dtype_policy.name, l.compute_dtype, y.dtype)
    i = keras.Input((1,))
    print(n(i).dtype, r(i).dtype, layers.Dense(1)(n(i)).dtype)
finally:
    keras.config.set_dtype_policy("float32")
"""

SNIPPETS["preprocessing_weights_files"] = _TRY + """
os.chdir(D)
def make():
    i = keras.Input((1,), dtype="string")
    sl = layers.StringLookup(vocabulary=["a", "b", "c"], name="lk")
    n = layers.Normalization(name="norm")
    o = layers.Dense(1, name="d")(layers.Concatenate()([
        layers.CategoryEncoding(num_tokens=4, output_mode="one_hot")(sl(i)),
        n(layers.Lambda(lambda t: keras.ops.zeros((keras.ops.shape(t)[0], 1)),
                        output_shape=(1,))(i))]))
    return keras.Model(i, o), n
m, n = make()
n.adapt(np.array([[2.0], [4.0]], "float32"))
fill(m)
m.save_weights("w.weights.h5")
m2, n2 = make()
print([w.path for w in m2.weights])
m2.load_weights("w.weights.h5")
print(r4(n2.mean), r4(m2(tf.constant([["b"], ["z"]]))))
print(r4(m(tf.constant([["b"], ["z"]]))))
"""
