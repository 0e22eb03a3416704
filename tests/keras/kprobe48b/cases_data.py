"""kprobe48b's snippets over data: preprocessing layers inside models and in tf.data.map,
Normalization.adapt on datasets, timeseries_dataset_from_array's index ranges,
text_dataset_from_directory over files written in a temporary folder, plot_model without
its optional packages."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe40.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["normalization_adapt_dataset_forms"] = _TRY + """
data = np.arange(24, dtype="float32").reshape(8, 3)
n = layers.Normalization()
n.adapt(tf.data.Dataset.from_tensor_slices(data).batch(3))
print(r4(n.mean), r4(n.variance), n.get_build_config() if hasattr(n, "get_build_config") else None)
n2 = layers.Normalization()
n2.adapt(tf.data.Dataset.from_tensor_slices(data))
print(r4(n2.mean), r4(n2.variance))
n3 = layers.Normalization(axis=None)
n3.adapt(tf.data.Dataset.from_tensor_slices(data).batch(4))
print(r4(n3.mean), r4(n3.variance))
n4 = layers.Normalization()
tryq("xy ds", lambda: n4.adapt(tf.data.Dataset.from_tensor_slices((data, data)).batch(2)))
n5 = layers.Normalization()
tryq("steps", lambda: (n5.adapt(tf.data.Dataset.from_tensor_slices(data).batch(2), steps=2), r4(n5.mean))[1])
n6 = layers.Normalization()
tryq("int ds", lambda: (n6.adapt(tf.data.Dataset.from_tensor_slices(np.arange(6).reshape(3, 2)).batch(2)), r4(n6.mean))[1])
n7 = layers.Normalization()
tryq("batch arg", lambda: (n7.adapt(data, batch_size=2), r4(n7.variance))[1])
n8 = layers.Normalization(axis=(1, 2))
tryq("two axes", lambda: (n8.adapt(np.arange(24, dtype="float32").reshape(2, 3, 4)), tuple(n8.mean.shape))[1])
"""

SNIPPETS["preprocessing_in_map_then_fit"] = _TRY + """
words = np.array(["a b", "b c c", "a", "c a b", "b", "a a"])
yl = np.array([0, 1, 0, 1, 1, 0], "float32")
tv = layers.TextVectorization(max_tokens=6, output_mode="int", output_sequence_length=3)
tv.adapt(words)
print(tv.get_vocabulary())
ds = tf.data.Dataset.from_tensor_slices((words, yl)).batch(2).map(lambda x, y: (tv(x), y))
print(ds.element_spec)
m = keras.Sequential([keras.Input((3,), dtype="int64"), layers.Embedding(6, 2), layers.GlobalAveragePooling1D(), layers.Dense(1, activation="sigmoid")])
fill(m)
m.compile("sgd", "binary_crossentropy", metrics=["accuracy"])
print(logs4(m.fit(ds, epochs=2, verbose=0)))
full = keras.Sequential([keras.Input((), dtype="string"), tv, m])
show("full", lambda: full.predict(words[:2], verbose=0))
sl = layers.StringLookup(vocabulary=["a", "b", "c"], output_mode="one_hot")
ds2 = tf.data.Dataset.from_tensor_slices(np.array(["a", "c", "z"])).batch(3).map(sl)
print(ds2.element_spec, r4(next(iter(ds2))))
il = layers.IntegerLookup(vocabulary=[10, 20], output_mode="multi_hot")
ds3 = tf.data.Dataset.from_tensor_slices(np.array([[10, 20], [30, 10]])).batch(2).map(il)
print(ds3.element_spec, r4(next(iter(ds3))))
"""

SNIPPETS["image_layers_in_map_dtypes"] = _TRY + """
imgs = (np.arange(2 * 6 * 6 * 3) % 255).astype("uint8").reshape(2, 6, 6, 3)
ds = tf.data.Dataset.from_tensor_slices(imgs).batch(2)
for l in (layers.Rescaling(1 / 255), layers.Resizing(3, 4), layers.CenterCrop(4, 4), layers.RandomFlip(seed=1), layers.RandomCrop(4, 4, seed=1)):
    d2 = ds.map(lambda t: l(t))
    v = next(iter(d2))
    print(type(l).__name__, d2.element_spec, v.dtype.name)
aug = keras.Sequential([layers.Rescaling(1 / 127.5, offset=-1), layers.RandomRotation(0.1, seed=2)])
d3 = ds.map(lambda t: aug(t, training=True))
print(d3.element_spec)
v = next(iter(ds.map(lambda t: layers.Resizing(2, 2, interpolation="nearest")(t))))
print(v.dtype.name, r4(v)[0][0])
"""

SNIPPETS["timeseries_index_ranges"] = _TRY + """
data = np.arange(20)
def batches(**kw):
    try:
        ds = keras.utils.timeseries_dataset_from_array(data, **kw)
        out = []
        for b in ds:
            if isinstance(b, tuple):
                out.append((b[0].numpy().tolist(), b[1].numpy().tolist()))
            else:
                out.append(b.numpy().tolist())
        return out
    except Exception as e:
        return type(e).__name__ + " " + str(e)[:200]
print(batches(targets=None, sequence_length=3, start_index=5, end_index=10, batch_size=10))
print(batches(targets=data, sequence_length=3, sequence_stride=4, sampling_rate=2, batch_size=2))
print(batches(targets=None, sequence_length=25))
print(batches(targets=None, sequence_length=3, start_index=-1))
print(batches(targets=None, sequence_length=3, start_index=10, end_index=5))
print(batches(targets=None, sequence_length=3, end_index=30))
print(batches(targets=None, sequence_length=0))
print(batches(targets=None, sequence_length=3, sampling_rate=0))
print(batches(targets=None, sequence_length=3, sequence_stride=0))
print(batches(targets=data[:5], sequence_length=3, batch_size=8))
print(batches(targets=None, sequence_length=4, sampling_rate=3, batch_size=None)[:2])
ds = keras.utils.timeseries_dataset_from_array(data.astype("float32"), None, 3, batch_size=4)
print(ds.element_spec, ds.cardinality().numpy())
"""

SNIPPETS["text_dataset_from_directory_forms"] = _TRY + """
root = os.path.join(D, "txt")
for cls, texts in (("neg", ["bad film", "awful", "meh"]), ("pos", ["great", "good fun", "loved it", "fine"])):
    os.makedirs(os.path.join(root, cls))
    for i, t in enumerate(texts):
        with open(os.path.join(root, cls, "f%d.txt" % i), "w") as f:
            f.write(t)
with open(os.path.join(root, "neg", "skip.md"), "w") as f:
    f.write("no")
def take(ds):
    xs, ys = [], []
    for x, y in ds:
        xs += [v.decode() for v in x.numpy().tolist()]
        ys += np.asarray(y).tolist()
    return sorted(zip(xs, [str(v) for v in ys]))
ds = quiet(lambda: keras.utils.text_dataset_from_directory(root, shuffle=False, batch_size=3))
print(ds.class_names, ds.element_spec, take(ds))
ds = quiet(lambda: keras.utils.text_dataset_from_directory(root, label_mode="categorical", shuffle=False))
print(ds.element_spec, take(ds)[:2])
ds = quiet(lambda: keras.utils.text_dataset_from_directory(root, label_mode="binary", max_length=3, shuffle=False))
print(ds.element_spec, take(ds))
ds = quiet(lambda: keras.utils.text_dataset_from_directory(root, labels=None, shuffle=False, batch_size=None))
print(ds.element_spec, sorted(v.numpy().decode() for v in ds)[:3])
tr, va = quiet(lambda: keras.utils.text_dataset_from_directory(root, validation_split=0.3, subset="both", seed=4))
print(len(take(tr)), len(take(va)))
tryq("split no seed", lambda: quiet(lambda: keras.utils.text_dataset_from_directory(root, validation_split=0.3, subset="training")))
tryq("class_names wrong", lambda: quiet(lambda: keras.utils.text_dataset_from_directory(root, class_names=["a", "b"])))
tryq("labels list", lambda: take(quiet(lambda: keras.utils.text_dataset_from_directory(root, labels=[1, 0, 1, 0, 1, 0, 1], shuffle=False))))
tryq("binary three", lambda: quiet(lambda: keras.utils.text_dataset_from_directory(root, label_mode="binary", class_names=["neg", "pos", "zzz"])))
tryp("no dir", lambda: keras.utils.text_dataset_from_directory(os.path.join(D, "nope")))
"""

SNIPPETS["plot_model_without_pydot"] = _TRY + """
m = keras.Sequential([keras.Input((2,)), layers.Dense(1)], name="tiny")
tryq("plot", lambda: keras.utils.plot_model(m, to_file=os.path.join(D, "m.png")))
tryq("model_to_dot", lambda: keras.utils.model_to_dot(m))
print(os.path.exists(os.path.join(D, "m.png")))
"""

SNIPPETS["lookup_layers_inside_functional_fit"] = _TRY + """
inp = keras.Input((1,), dtype="string", name="color")
num = keras.Input((1,), name="size")
sl = layers.StringLookup(vocabulary=["red", "green", "blue"], output_mode="one_hot")
h = layers.Concatenate()([sl(inp), num])
out = layers.Dense(1)(h)
m = keras.Model([inp, num], out)
fill(m)
m.compile("sgd", "mse")
cx = tf.constant([["red"], ["blue"], ["pink"], ["green"]])
nx = np.array([[1.0], [2.0], [3.0], [4.0]], "float32")
yy = np.array([[1.0], [0.0], [1.0], [0.5]], "float32")
print(logs4(m.fit([cx, nx], yy, epochs=2, verbose=0)))
show("predict", lambda: m.predict([cx, nx], verbose=0))
print(h.shape, [l.__class__.__name__ for l in m.layers])
m.save(os.path.join(D, "lk.keras"))
b = keras.models.load_model(os.path.join(D, "lk.keras"))
tryq("reload predict", lambda: np.allclose(b.predict([cx, nx], verbose=0), m.predict([cx, nx], verbose=0)))
print([l.name for l in b.layers])
"""

SNIPPETS["hashing_and_discretization_in_fit"] = _TRY + """
inp = keras.Input((2,))
d = layers.Discretization(bin_boundaries=[-0.5, 0.0, 0.5], output_mode="one_hot")
h = layers.Flatten()(d(inp)) if False else d(inp)
print(h.shape)
inp2 = keras.Input((1,), dtype="int64")
hs = layers.Hashing(num_bins=4, output_mode="one_hot")
print(hs(inp2).shape, hs.compute_output_shape((None, 1)))
x = np.linspace(-1, 1, 16, dtype="float32").reshape(8, 2)
m = keras.Sequential([keras.Input((2,)), layers.Discretization(bin_boundaries=[0.0], output_mode="count"), layers.Dense(1)])
fill(m)
m.compile("sgd", "mse")
print(logs4(m.fit(x, x[:, :1], epochs=1, verbose=0)))
show("pred", lambda: m.predict(x[:3], verbose=0))
"""

SNIPPETS["timeseries_shuffle_seed_and_dtypes"] = _TRY + """
data = np.arange(12, dtype="float64").reshape(6, 2)
ds = keras.utils.timeseries_dataset_from_array(data, np.arange(6), 3, shuffle=True, seed=7, batch_size=2)
print(ds.element_spec)
print(sorted(int(v) for _, y in ds for v in y.numpy()))
a = [y.numpy().tolist() for _, y in ds]
b = [y.numpy().tolist() for _, y in ds]
print(len(a), a == b)
ds2 = keras.utils.timeseries_dataset_from_array(np.arange(10, dtype="int16"), None, 4, sequence_stride=3, batch_size=5)
print(ds2.element_spec, [b.numpy().tolist() for b in ds2])
tryq("targets too short", lambda: keras.utils.timeseries_dataset_from_array(data, np.arange(2), 3))
tryq("strings", lambda: next(iter(keras.utils.timeseries_dataset_from_array(np.array(["a", "b", "c"]), None, 2))).numpy().tolist())
"""

SNIPPETS["normalization_adapt_dict_and_ragged_datasets"] = _TRY + """
n = layers.Normalization()
tryq("dict ds", lambda: n.adapt(tf.data.Dataset.from_tensor_slices({"a": np.ones((4, 2), "float32")}).batch(2)))
n2 = layers.Normalization()
tryq("list", lambda: (n2.adapt([[1.0, 2.0], [3.0, 4.0]]), r4(n2.mean))[1])
n3 = layers.Normalization()
tryq("mapped ds", lambda: (n3.adapt(tf.data.Dataset.range(6).map(lambda v: tf.cast(v, "float32")).batch(3)), r4(n3.mean), r4(n3.variance))[1:])
n4 = layers.Normalization(mean=2.0, variance=4.0)
tryq("adapt fixed", lambda: n4.adapt(np.ones((2, 1), "float32")))
n5 = layers.Normalization()
n5.adapt(np.array([[1.0], [3.0]], "float32"))
n5.adapt(np.array([[10.0], [30.0]], "float32"))
print(r4(n5.mean), r4(n5.variance))
tryq("call other width", lambda: r4(n5(np.ones((1, 2), "float32"))))
"""
