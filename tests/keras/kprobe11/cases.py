"""Snippets probing what a Keras 3 user relies on in keras.utils, the preprocessing layers,
summaries, evaluate/predict and the callbacks' printed output; kprobe/record_golden.py
kprobe11 records what real TF 2.21 + Keras 3 prints for each, and test_kprobe11.py checks
that eagerflow prints the same."""

SNIPPETS = {}

_TRY = """
import os, re, tempfile, json
D = tempfile.mkdtemp()
def tryp(label, fn):
    try:
        r = fn()
        if hasattr(r, "numpy"):
            r = r.numpy()
        print(label, repr(r).replace(D, "TMP"))
    except Exception as e:
        print(label, type(e).__name__, str(e).replace(D, "TMP"))
"""

SNIPPETS["utils_arrays"] = _TRY + """
tryp("cat", lambda: keras.utils.to_categorical([[1], [2]], 4))
tryp("cat0", lambda: keras.utils.to_categorical(np.array([0, 3, 1])))
tryp("cat_neg", lambda: keras.utils.to_categorical([-1, 2], 3))
tryp("cat_too_big", lambda: keras.utils.to_categorical([5], 3))
tryp("cat_float", lambda: keras.utils.to_categorical([1.0, 2.0]))
tryp("norm", lambda: keras.utils.normalize(np.array([[3.0, 4.0], [1.0, 0.0]])))
tryp("norm_l1", lambda: keras.utils.normalize(np.array([[3.0, 4.0], [1.0, 0.0]]), order=1))
tryp("norm_ax0", lambda: keras.utils.normalize(np.array([[3.0, 4.0], [0.0, 0.0]]), axis=0))
tryp("norm_int", lambda: keras.utils.normalize(np.array([[3, 4]])))
tryp("pad", lambda: keras.utils.pad_sequences([[1, 2, 3], [4], []]))
tryp("pad_post", lambda: keras.utils.pad_sequences([[1, 2, 3], [4]], maxlen=2,
     padding="post", truncating="post", value=-1))
tryp("pad_float", lambda: keras.utils.pad_sequences([[1.5, 2.5], [4]], dtype="float32"))
tryp("pad_str", lambda: keras.utils.pad_sequences([["a", "b"], ["c"]], dtype=object,
     value="x"))
tryp("pad_bad", lambda: keras.utils.pad_sequences([[1]], padding="mid"))
tryp("pad_bad_t", lambda: keras.utils.pad_sequences([[1, 2]], maxlen=1, truncating="mid"))
tryp("pad_str_int", lambda: keras.utils.pad_sequences([["a"]], value="x"))
tryp("pad_nested", lambda: keras.utils.pad_sequences([[[1, 2]], [[3, 4], [5, 6]]]))
tryp("pad_np", lambda: keras.utils.pad_sequences(np.array([[1, 2], [3, 4]]), maxlen=3))
"""

SNIPPETS["timeseries_and_split"] = _TRY + """
data = np.arange(20)
ds = keras.utils.timeseries_dataset_from_array(data, data[3:], sequence_length=3,
    sequence_stride=2, sampling_rate=1, batch_size=4)
print(ds.element_spec)
for x, y in ds:
    print(x.numpy().tolist(), y.numpy().tolist())
ds = keras.utils.timeseries_dataset_from_array(data, None, sequence_length=4,
    sampling_rate=2, batch_size=3, start_index=2, end_index=15)
for x in ds:
    print(x.numpy().tolist())
ds = keras.utils.timeseries_dataset_from_array(data, None, 3, batch_size=None)
print(ds.element_spec, len(list(ds)))
ds = keras.utils.timeseries_dataset_from_array(data, data, 3, batch_size=5, shuffle=True,
    seed=3)
print([b[0].shape[0] for b in ds])
tryp("ts_bad_len", lambda: keras.utils.timeseries_dataset_from_array(data, data[:5], 3))
tryp("ts_bad_start", lambda: keras.utils.timeseries_dataset_from_array(data, None, 3,
     start_index=30))
tryp("ts_bad_rate", lambda: keras.utils.timeseries_dataset_from_array(data, None, 3,
     sampling_rate=0))
tryp("ts_bad_stride", lambda: keras.utils.timeseries_dataset_from_array(data, None, 3,
     sequence_stride=0))
x = np.arange(10)
a, b = keras.utils.split_dataset(x, left_size=0.7)
print(type(a).__name__, a.element_spec, len(list(a)), len(list(b)))
a, b = keras.utils.split_dataset((x, x * 2), left_size=3, right_size=2, shuffle=True, seed=1)
print([v[0].numpy().tolist() for v in a], [v[0].numpy().tolist() for v in b])
a, b = keras.utils.split_dataset(tf.data.Dataset.range(6), right_size=0.5)
print([int(v) for v in a], [int(v) for v in b])
tryp("split_none", lambda: keras.utils.split_dataset(x))
tryp("split_big", lambda: keras.utils.split_dataset(x, left_size=11))
tryp("split_sum", lambda: keras.utils.split_dataset(x, left_size=0.8, right_size=0.5))
tryp("split_neg", lambda: keras.utils.split_dataset(x, left_size=-1))
"""

SNIPPETS["progbar"] = """
import sys
bar = keras.utils.Progbar(4, width=10, verbose=1, stateful_metrics=["acc"])
for i in range(4):
    bar.update(i + 1, values=[("loss", float(i)), ("acc", 0.5 * i)])
print()
bar = keras.utils.Progbar(None, verbose=1)
bar.update(3, values=[("m", 2.0)])
bar.update(5, values=[("m", 4.0)], finalize=True)
bar = keras.utils.Progbar(3, verbose=2, unit_name="batch")
bar.update(1, values=[("loss", 1.0)])
bar.update(3, values=[("loss", 3.0)])
bar = keras.utils.Progbar(2, verbose=1)
bar.add(1)
bar.add(1, values=[("x", 1.5)])
print(keras.utils.Progbar(5).target, keras.utils.Progbar(5).width, keras.utils.Progbar(5).interval)
print(hasattr(keras.utils, "plot_model"), hasattr(keras.utils, "model_to_dot"))
"""

_FILES = """
import wave, struct
def mkdirs(kind):
    root = os.path.join(D, kind)
    for ci, cls in enumerate(["b_cls", "a_cls", "c_cls"]):
        os.makedirs(os.path.join(root, cls))
        for i in range(ci + 2):
            name = os.path.join(root, cls, f"f{i}")
            if kind == "text":
                with open(name + ".txt", "w") as f:
                    f.write(f"{cls} sample {i} " * (i + 1))
            elif kind == "audio":
                with wave.open(name + ".wav", "wb") as w:
                    w.setnchannels(1); w.setsampwidth(2); w.setframerate(8000)
                    n = 10 + 5 * i
                    w.writeframes(struct.pack("<" + "h" * n, *[(ci * 1000 + k * 37) % 3000
                                                               for k in range(n)]))
            else:
                img = np.full((6 + i, 5, 3), 40 * ci + 10 * i, dtype="uint8")
                img[0, 0] = 255
                keras.utils.save_img(name + ".png", img)
    with open(os.path.join(root, "stray.txt" if kind != "text" else "stray.md"), "w") as f:
        f.write("not a sample")
    return root
"""

SNIPPETS["image_dataset_from_directory"] = _TRY + _FILES + """
root = mkdirs("img")
ds = keras.utils.image_dataset_from_directory(root, image_size=(4, 4), batch_size=3,
    shuffle=False)
print(ds.class_names, ds.element_spec)
for x, y in ds:
    print(x.shape, x.numpy()[:, 1, 1, 0].tolist(), y.numpy().tolist())
ds = keras.utils.image_dataset_from_directory(root, image_size=(8, 8), batch_size=None,
    shuffle=False, label_mode="categorical", color_mode="grayscale",
    crop_to_aspect_ratio=True, class_names=["c_cls", "a_cls", "b_cls"])
print(ds.element_spec, [np.argmax(y).item() for _, y in ds])
ds = keras.utils.image_dataset_from_directory(root, image_size=(3, 3), labels=None,
    shuffle=True, seed=5, batch_size=4, pad_to_aspect_ratio=True)
print(ds.element_spec, ds.file_paths == sorted(ds.file_paths), len(ds.file_paths))
tr, va = keras.utils.image_dataset_from_directory(root, image_size=(2, 2),
    validation_split=0.3, subset="both", seed=7, batch_size=2)
print(len(tr.file_paths), len(va.file_paths), tr.element_spec[1])
tryp("bin3", lambda: keras.utils.image_dataset_from_directory(root, label_mode="binary"))
tryp("subset_no_seed", lambda: keras.utils.image_dataset_from_directory(root,
     validation_split=0.2, subset="training"))
tryp("bad_mode", lambda: keras.utils.image_dataset_from_directory(root, color_mode="cmyk"))
tryp("bad_labels", lambda: keras.utils.image_dataset_from_directory(root, labels=[0, 1]))
tryp("bad_names", lambda: keras.utils.image_dataset_from_directory(root,
     class_names=["x", "y", "z"]))
tryp("missing", lambda: keras.utils.image_dataset_from_directory(os.path.join(D, "nope")))
os.makedirs(os.path.join(D, "empty"))
tryp("empty", lambda: keras.utils.image_dataset_from_directory(os.path.join(D, "empty")))
"""

SNIPPETS["text_dataset_from_directory"] = _TRY + _FILES + """
root = mkdirs("text")
ds = keras.utils.text_dataset_from_directory(root, batch_size=4, shuffle=False)
print(ds.class_names, ds.element_spec)
for x, y in ds:
    print(x.numpy().tolist(), y.numpy().tolist())
ds = keras.utils.text_dataset_from_directory(root, batch_size=None, shuffle=False,
    max_length=9, label_mode="categorical")
print(ds.element_spec, [x.numpy() for x, _ in ds][:3])
ds = keras.utils.text_dataset_from_directory(root, labels=None, seed=2, batch_size=2)
print(ds.element_spec, [x.numpy().tolist() for x in ds][0])
tr, va = keras.utils.text_dataset_from_directory(root, validation_split=0.25,
    subset="both", seed=3, batch_size=10)
print([x.numpy().tolist() for x, y in va])
labels_ds = keras.utils.text_dataset_from_directory(root, labels=[0, 1, 0, 1, 0, 1, 0, 1, 1],
    shuffle=False, batch_size=9)
print([y.numpy().tolist() for x, y in labels_ds])
tryp("bad_count", lambda: keras.utils.text_dataset_from_directory(root, labels=[0, 1]))
"""

SNIPPETS["audio_dataset_from_directory"] = _TRY + _FILES + """
root = mkdirs("audio")
ds = keras.utils.audio_dataset_from_directory(root, batch_size=3, shuffle=False)
print(ds.class_names, ds.element_spec)
for x, y in ds:
    print(x.shape, np.round(x.numpy()[:, :3, 0], 4).tolist(), y.numpy().tolist())
ds = keras.utils.audio_dataset_from_directory(root, batch_size=None, shuffle=False,
    output_sequence_length=12, label_mode="categorical")
print(ds.element_spec, [x.shape for x, _ in ds][:4])
ds = keras.utils.audio_dataset_from_directory(root, batch_size=2, shuffle=False,
    output_sequence_length=12, ragged=False)
print(ds.element_spec)
tryp("ragged_len", lambda: keras.utils.audio_dataset_from_directory(root, ragged=True,
     output_sequence_length=3))
tryp("bad_rate", lambda: keras.utils.audio_dataset_from_directory(root, sampling_rate=1.5))
"""

SNIPPETS["pydataset_workers"] = _TRY + """
class Seq(keras.utils.PyDataset):
    def __init__(self, n, **kwargs):
        super().__init__(**kwargs)
        self.n = n
        self.ends = 0
    def __len__(self):
        return self.n
    def __getitem__(self, i):
        x = np.full((2, 3), float(i), "float32")
        return x, x[:, :1] * 2
    def on_epoch_end(self):
        self.ends += 1
for kw in ({}, {"workers": 2}, {"workers": 2, "use_multiprocessing": False,
                                "max_queue_size": 3}):
    s = Seq(4, **kw)
    print(s.workers, s.use_multiprocessing, s.max_queue_size, s.num_batches)
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, kernel_initializer="ones")])
    m.compile("sgd", "mse")
    h = m.fit(s, epochs=2, verbose=0)
    print(s.ends, np.round(h.history["loss"], 4).tolist())
    print(np.round(m.predict(s, verbose=0)[:, 0], 4).tolist())
    print(np.round(m.evaluate(s, verbose=0), 4))
class Bad(keras.utils.PyDataset):
    def __len__(self):
        return 2
    def __getitem__(self, i):
        return np.ones((1, 3))
b = Bad()
tryp("no_super", lambda: b.workers)
tryp("bad_kw", lambda: Seq(2, worker=3))
"""

SNIPPETS["string_lookup_modes"] = _TRY + """
vocab = ["a", "b", "c", "d"]
data = tf.constant([["a", "c", "d", "z"], ["d", "z", "b", "a"]])
for mode in ("int", "one_hot", "multi_hot", "count"):
    kw = {} if mode != "one_hot" else {}
    layer = keras.layers.StringLookup(vocabulary=vocab, output_mode=mode)
    inp = data[0] if mode == "one_hot" else data
    out = layer(inp)
    print(mode, out.dtype.name, out.numpy().tolist())
l = keras.layers.StringLookup(vocabulary=vocab, output_mode="tf_idf", idf_weights=[0.25, 0.75,
    0.6, 0.4])
print("tf_idf", l(data).numpy().tolist())
l = keras.layers.StringLookup(vocabulary=vocab, num_oov_indices=2, mask_token="")
print(l.get_vocabulary(), l.vocabulary_size(), l(tf.constant(["", "a", "q", "zz"])).numpy())
print(l.get_vocabulary(include_special_tokens=False))
l = keras.layers.StringLookup(vocabulary=vocab, invert=True)
print(l(tf.constant([0, 1, 4, 7])).numpy(), l.get_vocabulary())
l = keras.layers.StringLookup(max_tokens=4)
l.adapt(tf.data.Dataset.from_tensor_slices(["x y", "y z", "y", "w"]).map(
    lambda s: tf.strings.split(s)))
print(l.get_vocabulary(), l.vocabulary_size())
l = keras.layers.StringLookup(output_mode="tf_idf")
l.adapt(data)
print(l.get_vocabulary(), np.round(l.idf_weights.numpy() if hasattr(l.idf_weights, "numpy")
      else l.idf_weights, 4).tolist())
print(np.round(l(data).numpy(), 4).tolist())
l = keras.layers.StringLookup(vocabulary=vocab, pad_to_max_tokens=True, max_tokens=8,
    output_mode="multi_hot")
print(l(tf.constant(["a", "z"])).numpy().tolist())
l = keras.layers.StringLookup(vocabulary=vocab, sparse=True, output_mode="count")
out = l(data)
print(type(out).__name__, out.indices.numpy().tolist(), out.values.numpy().tolist())
path = os.path.join(D, "vocab.txt")
with open(path, "w") as f:
    f.write("one\\ntwo\\nthree\\n")
l = keras.layers.StringLookup(vocabulary=path)
print(l.get_vocabulary(), l(tf.constant(["three", "four"])).numpy())
l.set_vocabulary(["p", "q"])
print(l.get_vocabulary(), l.get_config()["vocabulary"])
print(sorted(l.get_config()))
tryp("dup", lambda: keras.layers.StringLookup(vocabulary=["a", "a"]))
tryp("oov_in_vocab", lambda: keras.layers.StringLookup(vocabulary=["[UNK]", "a"]))
tryp("mask_in_vocab", lambda: keras.layers.StringLookup(vocabulary=["a", ""], mask_token=""))
tryp("bad_mode", lambda: keras.layers.StringLookup(output_mode="binary"))
tryp("idf_missing", lambda: keras.layers.StringLookup(vocabulary=vocab, output_mode="tf_idf"))
tryp("idf_not_tfidf", lambda: keras.layers.StringLookup(vocabulary=vocab,
     idf_weights=[1.0] * 4))
tryp("invert_multi", lambda: keras.layers.StringLookup(vocabulary=vocab, invert=True,
     output_mode="count"))
tryp("pad_no_max", lambda: keras.layers.StringLookup(pad_to_max_tokens=True))
tryp("max_small", lambda: keras.layers.StringLookup(max_tokens=1))
tryp("too_many", lambda: keras.layers.StringLookup(vocabulary=vocab, max_tokens=3))
tryp("neg_oov", lambda: keras.layers.StringLookup(num_oov_indices=-1))
tryp("onehot_rank2", lambda: keras.layers.StringLookup(vocabulary=vocab,
     output_mode="one_hot")(tf.constant([["a", "b"], ["c", "d"]])))
"""

SNIPPETS["integer_lookup_modes"] = _TRY + """
l = keras.layers.IntegerLookup(vocabulary=[12, 36, 1138, 42])
print(l(tf.constant([[12, 1138, 42], [42, 1000, 36]])).numpy().tolist(), l.get_vocabulary())
l = keras.layers.IntegerLookup(vocabulary=[12, 36], mask_token=0, num_oov_indices=2)
print(l(tf.constant([0, 12, 5, 36, 7])).numpy().tolist(), l.get_vocabulary())
l = keras.layers.IntegerLookup(vocabulary=[12, 36], invert=True)
print(l(tf.constant([0, 1, 2, 5])).numpy().tolist())
l = keras.layers.IntegerLookup(output_mode="multi_hot")
l.adapt(tf.data.Dataset.from_tensor_slices([[3, 3, 5], [5, 5, 7], [9, 3, 3]]).batch(2))
print(l.get_vocabulary(), l(tf.constant([[3, 9, 100]])).numpy().tolist())
l = keras.layers.IntegerLookup(vocabulary=[1, 2], output_mode="count")
print(l(tf.constant([[1, 1, 2, 9]], "int32")).numpy().tolist(), l.vocabulary_dtype)
tryp("int32_dtype", lambda: keras.layers.IntegerLookup(vocabulary_dtype="int32"))
l = keras.layers.IntegerLookup(vocabulary=np.array([4, 8]), output_mode="one_hot")
print(l(tf.constant([8, 4, 0])).numpy().tolist())
print(sorted(l.get_config().items()))
tryp("neg_vocab", lambda: keras.layers.IntegerLookup(vocabulary=[-3, 2]))
tryp("float_dtype", lambda: keras.layers.IntegerLookup(vocabulary_dtype="float32"))
tryp("str_vocab", lambda: keras.layers.IntegerLookup(vocabulary=["a"]))
"""

SNIPPETS["discretization_hashing"] = _TRY + """
d = keras.layers.Discretization(bin_boundaries=[0.0, 1.0, 2.5])
print(d(tf.constant([[-1.5, 0.0, 1.0, 2.0, 3.0]])).numpy().tolist(), d.bin_boundaries)
d = keras.layers.Discretization(num_bins=4, epsilon=0.01)
d.adapt(np.arange(20, dtype="float32"))
print(d.bin_boundaries, d(tf.constant([0.0, 5.0, 9.9, 19.0])).numpy().tolist())
d = keras.layers.Discretization(bin_boundaries=[0.0, 1.0], output_mode="one_hot")
print(d(tf.constant([-1.0, 0.5, 1.5])).numpy().tolist())
d = keras.layers.Discretization(bin_boundaries=[0.0, 1.0], output_mode="count")
print(d(tf.constant([[-1.0, 0.5, 0.6]])).numpy().tolist())
print(sorted(d.get_config().items()))
tryp("both", lambda: keras.layers.Discretization(bin_boundaries=[1.0], num_bins=2))
tryp("none", lambda: keras.layers.Discretization()(tf.constant([1.0])))
tryp("mode", lambda: keras.layers.Discretization(num_bins=2, output_mode="tf_idf"))
h = keras.layers.Hashing(num_bins=5)
print(h(tf.constant([["A"], ["B"], ["C"], ["D"], ["E"]])).numpy().ravel().tolist())
h = keras.layers.Hashing(num_bins=5, mask_value="")
print(h(tf.constant(["", "A", "B"])).numpy().tolist())
h = keras.layers.Hashing(num_bins=5, salt=133)
print(h(tf.constant(["A", "B", "C", "D"])).numpy().tolist())
h = keras.layers.Hashing(num_bins=5, salt=[133, 137])
print(h(tf.constant(["A", "B", "C", "D"])).numpy().tolist())
h = keras.layers.Hashing(num_bins=7)
print(h(tf.constant([1, 2, 3, 40])).numpy().tolist())
h = keras.layers.Hashing(num_bins=4, output_mode="multi_hot")
print(h(tf.constant([["A", "B"], ["C", "C"]])).numpy().tolist())
h = keras.layers.Hashing(num_bins=4, output_mode="count", sparse=True)
print(type(h(tf.constant([["A", "B", "A"]]))).__name__)
print(sorted(keras.layers.Hashing(num_bins=3, salt=5).get_config().items()))
tryp("bins", lambda: keras.layers.Hashing(num_bins=0))
tryp("salt", lambda: keras.layers.Hashing(num_bins=3, salt=[1, 2, 3]))
tryp("salt_str", lambda: keras.layers.Hashing(num_bins=3, salt="x"))
tryp("float_in", lambda: keras.layers.Hashing(num_bins=3)(tf.constant([1.5])))
hc = keras.layers.HashedCrossing(num_bins=5)
print(hc((tf.constant([1, 2, 3]), tf.constant(["A", "B", "C"]))).numpy().tolist())
hc = keras.layers.HashedCrossing(num_bins=5, output_mode="one_hot")
print(hc((tf.constant([[1], [2]]), tf.constant([["A"], ["B"]]))).numpy().tolist())
print(sorted(hc.get_config().items()))
tryp("hc_one", lambda: keras.layers.HashedCrossing(num_bins=5)(tf.constant([1])))
tryp("hc_mode", lambda: keras.layers.HashedCrossing(num_bins=5, output_mode="count"))
tryp("hc_shapes", lambda: keras.layers.HashedCrossing(num_bins=5)((tf.constant([1, 2]),
     tf.constant([1]))))
"""

SNIPPETS["normalization_textvectorization"] = _TRY + """
n = keras.layers.Normalization(mean=[2.0, 4.0], variance=[4.0, 16.0])
print(n(tf.constant([[4.0, 8.0]])).numpy().tolist())
inv = keras.layers.Normalization(mean=[2.0, 4.0], variance=[4.0, 16.0], invert=True)
print(inv(tf.constant([[1.0, 1.0]])).numpy().tolist())
n = keras.layers.Normalization(axis=None)
n.adapt(np.array([1.0, 2.0, 3.0, 4.0]))
print(n.mean, n.variance, n(np.array([2.5])).numpy())
inv = keras.layers.Normalization(invert=True, axis=-1)
inv.adapt(np.array([[1.0, 10.0], [3.0, 30.0]]))
print(inv(np.array([[0.0, 1.0]])).numpy().tolist())
n = keras.layers.Normalization(axis=(1, 2))
n.adapt(np.arange(24, dtype="float32").reshape(2, 3, 4))
print(np.shape(n.mean), np.round(np.ravel(n.mean)[:4], 3).tolist())
tryp("one_only", lambda: keras.layers.Normalization(mean=1.0))
tryp("axis0", lambda: keras.layers.Normalization(axis=0)(np.ones((2, 2))))
def std(x):
    return tf.strings.regex_replace(tf.strings.lower(x), "[^a-z ]", "")
def spl(x):
    return tf.strings.split(x, sep="-")
tv = keras.layers.TextVectorization(standardize=std, split=spl, ngrams=2, max_tokens=12)
tv.adapt(["Ab-CD-ab!", "cd-EF-ab"])
print(tv.get_vocabulary())
print(tv(["ab-cd-zz"]).numpy().tolist())
tv = keras.layers.TextVectorization(ngrams=(1, 3), output_mode="count")
tv.adapt(["the cat sat", "the cat"])
print(tv.get_vocabulary(), tv(["the cat sat on"]).numpy().tolist())
tv = keras.layers.TextVectorization(output_sequence_length=5, standardize="lower",
    split="character")
tv.adapt(["AbC", "ab"])
print(tv.get_vocabulary(), tv(["Cab,"]).numpy().tolist())
tv = keras.layers.TextVectorization(output_mode="tf_idf", standardize=None, split="whitespace")
tv.adapt(["a b b", "b c", "A"])
print(tv.get_vocabulary(), np.round(tv(["b A a"]).numpy(), 4).tolist())
tv = keras.layers.TextVectorization(vocabulary=["x", "y"], output_mode="multi_hot",
    pad_to_max_tokens=True, max_tokens=6)
print(tv(["y q"]).numpy().tolist(), tv.vocabulary_size())
tv = keras.layers.TextVectorization(vocabulary=["x", "y"], ragged=True)
print(tv(["y x q", "x"]))
print(sorted(tv.get_config()))
tryp("seq_len_mode", lambda: keras.layers.TextVectorization(output_mode="count",
     output_sequence_length=3))
tryp("ragged_mode", lambda: keras.layers.TextVectorization(output_mode="count", ragged=True))
tryp("bad_split", lambda: keras.layers.TextVectorization(split="comma"))
tryp("bad_std", lambda: keras.layers.TextVectorization(standardize="upper"))
tryp("bad_ngrams", lambda: keras.layers.TextVectorization(ngrams=0))
tryp("bad_ngrams2", lambda: keras.layers.TextVectorization(ngrams=[1, 2]))
tryp("idf_vocab", lambda: keras.layers.TextVectorization(vocabulary=["a"],
     output_mode="tf_idf"))
"""

SNIPPETS["random_image_layers_seeded"] = _TRY + """
x = np.arange(2 * 6 * 6 * 3, dtype="float32").reshape(2, 6, 6, 3) / 10.0
def show(layer, training=True, inp=x):
    out = layer(inp, training=training)
    print(type(layer).__name__, tuple(out.shape), np.round(out.numpy().ravel()[::23], 3).tolist())
show(keras.layers.RandomCrop(4, 3, seed=1))
show(keras.layers.RandomCrop(4, 3, seed=1), training=False)
show(keras.layers.RandomFlip("horizontal", seed=2))
show(keras.layers.RandomFlip(seed=3))
show(keras.layers.RandomZoom(0.3, seed=4))
show(keras.layers.RandomZoom((-0.2, 0.1), (0.1, 0.3), fill_mode="constant", fill_value=1.0,
     interpolation="nearest", seed=5))
show(keras.layers.RandomRotation(0.2, seed=6))
show(keras.layers.RandomRotation((-0.1, 0.3), fill_mode="wrap", seed=7))
show(keras.layers.RandomTranslation(0.2, (-0.3, 0.3), seed=8))
show(keras.layers.RandomContrast(0.5, seed=9))
show(keras.layers.RandomBrightness(0.3, value_range=(0, 5), seed=10))
show(keras.layers.RandomBrightness(0.3, seed=10), training=False)
show(keras.layers.Resizing(3, 4, crop_to_aspect_ratio=True))
show(keras.layers.CenterCrop(3, 5))
show(keras.layers.Rescaling(1 / 255.0, offset=-1))
show(keras.layers.RandomCrop(4, 4, seed=11), inp=x[0])
tryp("crop_big", lambda: keras.layers.RandomCrop(8, 8, seed=1)(x).shape)
tryp("zoom_bad", lambda: keras.layers.RandomZoom(1.5))
tryp("rot_fill", lambda: keras.layers.RandomRotation(0.1, fill_mode="mirror"))
tryp("contrast_bad", lambda: keras.layers.RandomContrast(1.5))
tryp("bright_bad", lambda: keras.layers.RandomBrightness(2.0))
tryp("flip_bad", lambda: keras.layers.RandomFlip("diagonal"))
print(sorted(keras.layers.RandomZoom(0.2, seed=3).get_config().items()))
print(sorted(keras.layers.RandomCrop(2, 2).get_config().items()))
"""

SNIPPETS["nested_summary"] = """
inner = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, name="d1"),
    keras.layers.BatchNormalization(name="bn")], name="inner")
inner.layers[0].trainable = False
inp = keras.Input((4,), name="x")
h = inner(inp)
h2 = keras.layers.Dense(2, name="head")(h)
m = keras.Model(inp, [h2, h], name="outer")
m.summary()
m.summary(expand_nested=True, show_trainable=True)
m.summary(line_length=60, positions=[0.4, 0.7, 1.0], layer_range=["head", "head"])
lines = []
m.summary(print_fn=lambda s, line_break=True: lines.append(s))
print(len(lines), repr(lines[0][:40]))
try:
    m.summary(layer_range=["nope", "head"])
except Exception as e:
    print(type(e).__name__, e)
class Sub(keras.Model):
    def __init__(self):
        super().__init__()
        self.block = inner
        self.out = keras.layers.Dense(1)
    def call(self, x):
        return self.out(self.block(x))
s = Sub()
s(np.ones((1, 4), "float32"))
s.summary(expand_nested=True)
"""

SNIPPETS["evaluate_predict_formats"] = _TRY + """
inp = keras.Input((3,), name="x")
a = keras.layers.Dense(1, name="a", kernel_initializer="ones")(inp)
b = keras.layers.Dense(2, name="b", kernel_initializer="ones")(inp)
m = keras.Model(inp, {"a": a, "b": b})
m.compile("sgd", loss={"a": "mse", "b": "mse"}, metrics={"a": ["mae"], "b": ["mse"]})
x = np.arange(12, dtype="float32").reshape(4, 3) / 10
y = {"a": np.zeros((4, 1)), "b": np.ones((4, 2))}
r = m.evaluate(x, y, verbose=0)
print([round(float(v), 4) for v in r])
r = m.evaluate(x, y, verbose=0, return_dict=True)
print({k: round(float(v), 4) for k, v in r.items()})
p = m.predict(x, verbose=0, batch_size=3)
print(type(p).__name__, sorted(p), p["a"].dtype, p["b"].shape)
m.evaluate(x, y, batch_size=2, verbose=2)
m.predict(x, verbose=2, batch_size=2)
s = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, kernel_initializer="ones")])
s.compile("sgd", "mse")
print(round(float(s.evaluate(x, np.zeros(4), verbose=0)), 4))
s.compile("sgd", "mse", metrics=["mae", "mse"])
print([round(float(v), 4) for v in s.evaluate(x, np.zeros(4), verbose=0)])
print(type(s.evaluate(x, np.zeros(4), verbose=0, return_dict=True)).__name__)
print(s.predict(x, verbose=0).shape, s.predict_on_batch(x).shape,
      [round(float(v), 4) for v in s.test_on_batch(x, np.zeros(4))],
      [round(float(v), 4) for v in s.train_on_batch(x, np.zeros(4))])
print(s.test_on_batch(x, np.zeros(4), return_dict=True).keys())
two = keras.Model(inp, [a, b])
out = two.predict(x, verbose=0)
print(type(out).__name__, [o.shape for o in out])
print(np.round(s.predict(tf.data.Dataset.from_tensor_slices(x).batch(3), verbose=0)[:, 0],
      3).tolist())
tryp("no_compile_eval", lambda: keras.Sequential([keras.Input((3,)),
     keras.layers.Dense(1)]).evaluate(x, np.zeros(4), verbose=0))
"""

SNIPPETS["callback_printed_output"] = _TRY + """
# (unshuffled: TF's MatMul gradient sums some row orders one ulp away from NumPy's)
def model():
    keras.utils.set_random_seed(3)
    m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    m.compile(keras.optimizers.SGD(0.01), "mse", metrics=["mae"])
    return m
x = np.array([[1.0, 2.0], [3.0, 4.0], [0.5, -1.0], [2.0, 0.0]], "float32")
y = np.array([[1.0], [0.0], [2.0], [1.0]], "float32")
xv, yv = x[:2] * 3, y[:2] * 4
m = model()
cb = keras.callbacks.EarlyStopping(monitor="val_loss", patience=1, verbose=1,
    restore_best_weights=True, min_delta=1e9)
h = m.fit(x, y, validation_data=(xv, yv), epochs=5, verbose=0, shuffle=False, callbacks=[cb])
print(len(h.history["loss"]), cb.stopped_epoch, cb.best_epoch, round(float(cb.best), 4))
m = model()
cb = keras.callbacks.EarlyStopping(monitor="loss", patience=2, verbose=1, mode="max",
    start_from_epoch=1, baseline=100.0)
m.fit(x, y, epochs=6, verbose=0, shuffle=False, callbacks=[cb])
print(cb.stopped_epoch, cb.wait)
m = model()
cb = keras.callbacks.EarlyStopping(monitor="nope", verbose=1)
tryp("es_nope", lambda: m.fit(x, y, epochs=1, verbose=0, shuffle=False, callbacks=[cb]))
m = model()
cb = keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=1, verbose=1,
    min_delta=1e9, cooldown=1, min_lr=0.003)
h = m.fit(x, y, epochs=6, verbose=0, shuffle=False, callbacks=[cb])
print([round(float(v), 6) for v in h.history["learning_rate"]])
tryp("rlr_factor", lambda: keras.callbacks.ReduceLROnPlateau(factor=1.0))
m = model()
path = os.path.join(D, "log.csv")
m.fit(x, y, validation_data=(xv, yv), epochs=2, verbose=0, shuffle=False,
      callbacks=[keras.callbacks.CSVLogger(path)])
with open(path) as f:
    text = f.read()
print(re.sub(r"\\d\\.\\d+(e-?\\d+)?", "N", text))
m.fit(x, y, epochs=1, verbose=0, shuffle=False, callbacks=[
      keras.callbacks.CSVLogger(path, separator=";", append=True)])
with open(path) as f:
    print(re.sub(r"\\d\\.\\d+(e-?\\d+)?", "N", f.read()))
os.chdir(D)  # (the checkpoints' messages name their relative paths)
m = model()
fmt = "ck-{epoch:02d}-{val_loss:.2f}.weights.h5"
m.fit(x, y, validation_data=(xv, yv), epochs=2, verbose=0, shuffle=False, callbacks=[
    keras.callbacks.ModelCheckpoint(fmt, save_weights_only=True, verbose=1)])
print(sorted(os.listdir(D)))
m.fit(x, y, validation_data=(xv, yv), epochs=3, verbose=0, shuffle=False, callbacks=[
    keras.callbacks.ModelCheckpoint("best.keras", monitor="val_loss",
    save_best_only=True, verbose=1, mode="min")])
print([round(float(v), 3) for v in m.history.history["val_loss"]])
tryp("val_acc", lambda: m.fit(x, y, epochs=1, verbose=0, shuffle=False, callbacks=[
    keras.callbacks.ModelCheckpoint("b2.keras", monitor="val_acc",
    save_best_only=True, verbose=1)]))
m.fit(x, y, epochs=1, verbose=0, shuffle=False, callbacks=[
    keras.callbacks.ModelCheckpoint("b3.keras", monitor="val_acc", mode="max",
    save_best_only=True, verbose=1)])
tryp("ck_ext", lambda: type(keras.callbacks.ModelCheckpoint(os.path.join(D,
     "x.h5"))).__name__)
tryp("ck_wext", lambda: keras.callbacks.ModelCheckpoint(os.path.join(D, "x.keras"),
     save_weights_only=True))
tryp("ck_freq", lambda: keras.callbacks.ModelCheckpoint(os.path.join(D, "x.keras"),
     save_freq="often"))
tryp("ck_key", lambda: m.fit(x, y, epochs=1, verbose=0, shuffle=False, callbacks=[
     keras.callbacks.ModelCheckpoint(os.path.join(D, "{epoch}-{nope}.keras"))]))
"""

SNIPPETS["common_mistakes"] = _TRY + """
m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
x = np.ones((4, 3), "float32")
tryp("fit_no_compile", lambda: m.fit(x, np.ones((4, 2)), verbose=0))
tryp("eval_no_compile", lambda: m.evaluate(x, np.ones((4, 2)), verbose=0))
tryp("train_on_batch", lambda: m.train_on_batch(x, np.ones((4, 2))))
tryp("wrong_shape", lambda: m(np.ones((4, 5), "float32")))
tryp("wrong_rank", lambda: m.predict(np.ones((4, 3, 1), "float32"), verbose=0))
m.compile("adam", "mse")
tryp("fit_wrong_shape", lambda: m.fit(np.ones((4, 5), "float32"), np.ones((4, 2)), verbose=0))
tryp("mismatch_n", lambda: m.fit(x, np.ones((3, 2)), verbose=0))
tryp("y_shape", lambda: m.fit(x, np.ones((4, 3)), verbose=0))
tryp("no_y", lambda: m.fit(x, verbose=0))
tryp("bad_loss", lambda: m.compile("adam", "msee"))
tryp("bad_opt", lambda: m.compile("adamm", "mse"))
tryp("bad_metric", lambda: m.compile("adam", "mse", metrics=["acc2"]) or m.fit(x,
     np.ones((4, 2)), verbose=0))
y2 = np.ones((4, 2), "float32")
try:  # (the dataset's class is named as each library names it)
    m.fit(tf.data.Dataset.from_tensor_slices((x, y2)).batch(2), validation_split=0.5)
except ValueError as e:
    print("val_split_ds", re.sub(r"<class '[^']*'>", "<class>", str(e)))
m.compile("adam", "mse")
tryp("batch_ds", lambda: len(m.fit(tf.data.Dataset.from_tensor_slices((x, y2)).batch(2),
     batch_size=2, verbose=0).history))
f_in = keras.Input((3,), name="f")
f = keras.Model(f_in, keras.layers.Dense(1)(f_in))
tryp("functional_shape", lambda: f(np.ones((2, 4), "float32")))
tryp("functional_dict", lambda: f.predict({"g": x}, verbose=0))
tryp("dense_int_units", lambda: keras.layers.Dense(2.5))
tryp("conv_rank", lambda: keras.layers.Conv2D(2, 3)(np.ones((2, 5, 5), "float32")))
tryp("input_dims", lambda: keras.Input(shape=3))
tryp("seq_layers", lambda: keras.Sequential([keras.layers.Dense(2), 3]))
"""

SNIPPETS["more_image_layers_seeded"] = _TRY + """
x = (np.arange(2 * 5 * 5 * 3, dtype="float32").reshape(2, 5, 5, 3) * 1.7) % 255
def show(layer, training=True, inp=x):
    try:
        out = layer(inp, training=training)
        print(type(layer).__name__, tuple(out.shape), out.dtype,
              np.round(np.asarray(out).ravel()[::11], 2).tolist())
    except Exception as e:
        print(type(layer).__name__, type(e).__name__, e)
show(keras.layers.RandomGrayscale(factor=0.9, seed=1))
show(keras.layers.RandomHue(0.3, value_range=(0, 255), seed=2))
show(keras.layers.RandomSaturation(0.4, value_range=(0, 255), seed=3))
show(keras.layers.RandomColorDegeneration(0.5, value_range=(0, 255), seed=4))
show(keras.layers.RandomSharpness(0.5, value_range=(0, 255), seed=5))
show(keras.layers.RandomShear(0.3, 0.2, seed=6))
show(keras.layers.RandomPerspective(0.5, seed=7))
show(keras.layers.RandomErasing(1.0, scale=(0.1, 0.3), seed=8))
show(keras.layers.RandomGaussianBlur(1.0, kernel_size=3, sigma=1.0, seed=9))
show(keras.layers.RandomInvert(0.8, value_range=(0, 255), seed=10))
show(keras.layers.RandomPosterization(value_range=(0, 255), factor=(2, 4), seed=11))
show(keras.layers.Solarization(addition_factor=0.2, threshold_factor=0.5,
     value_range=(0, 255), seed=12))
show(keras.layers.AutoContrast(value_range=(0, 255)))
show(keras.layers.Equalization(value_range=(0, 255), bins=16))
show(keras.layers.RandomColorJitter(value_range=(0, 255), brightness_factor=0.2,
     contrast_factor=0.3, seed=13))
show(keras.layers.MaxNumBoundingBoxes(max_number=2), inp={"images": x,
     "bounding_boxes": {"boxes": np.zeros((2, 1, 4), "float32"),
                        "labels": np.zeros((2, 1), "int32")}}) if False else None
show(keras.layers.MixUp(alpha=0.3, seed=14))
show(keras.layers.CutMix(factor=0.5, seed=15))
show(keras.layers.RandAugment(value_range=(0, 255), num_ops=2, factor=0.4, seed=16))
show(keras.layers.AugMix(value_range=(0, 255), num_chains=2, chain_depth=(1, 2), seed=17))
show(keras.layers.RandomContrast(0.5, value_range=(0, 255), seed=18))
show(keras.layers.RandomHue(0.3, value_range=(0, 255), seed=2), training=False)
tryp("hue_range", lambda: keras.layers.RandomHue(1.5))
tryp("gray_factor", lambda: keras.layers.RandomGrayscale(factor=1.5))
tryp("post_factor", lambda: keras.layers.RandomPosterization(value_range=(0, 255), factor=9))
tryp("equal_bins", lambda: keras.layers.Equalization(bins=0))
"""

SNIPPETS["fit_verbose_lines"] = """
keras.utils.set_random_seed(3)
m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
m.compile(keras.optimizers.SGD(0.01), "mse", metrics=["mae"])
x = np.array([[1.0, 2.0], [3.0, 4.0], [0.5, -1.0], [2.0, 0.0]], "float32")
y = np.array([[1.0], [0.0], [2.0], [1.0]], "float32")
m.fit(x, y, epochs=2, batch_size=2, verbose=2, shuffle=False, validation_data=(x, y))
m.fit(x, y, epochs=3, initial_epoch=1, batch_size=3, verbose=1, shuffle=False)
m.evaluate(x, y, verbose=1, batch_size=4)
m.predict(x, verbose=1, batch_size=3)
m.fit(tf.data.Dataset.from_tensor_slices((x, y)).batch(3).repeat(), steps_per_epoch=2,
      epochs=1, verbose=2)
m.fit(x, y, epochs=1, verbose="auto", batch_size=4, shuffle=False)
"""

SNIPPETS["more_callbacks"] = _TRY + """
def model():
    keras.utils.set_random_seed(3)
    m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    m.compile(keras.optimizers.SGD(0.01), "mse")
    return m
x = np.array([[1.0, 2.0], [3.0, 4.0], [0.5, -1.0], [2.0, 0.0]], "float32")
y = np.array([[1.0], [0.0], [2.0], [1.0]], "float32")
m = model()
h = m.fit(x, y, epochs=3, verbose=0, shuffle=False, callbacks=[
    keras.callbacks.LearningRateScheduler(lambda e, lr: lr * 0.5, verbose=1)])
print([round(float(v), 6) for v in h.history["learning_rate"]])
m = model()
tryp("lrs_bad", lambda: m.fit(x, y, epochs=1, verbose=0, callbacks=[
    keras.callbacks.LearningRateScheduler(lambda e, lr: "x")]))
m = model()
m.compile(keras.optimizers.SGD(1e10), "mse")
h = m.fit(x * 1e10, y, epochs=3, verbose=0, shuffle=False,
          callbacks=[keras.callbacks.TerminateOnNaN()])
print(len(h.history["loss"]))
m = model()
logs = []
cb = keras.callbacks.LambdaCallback(on_epoch_end=lambda e, l: logs.append((e, sorted(l))),
                                    on_train_begin=lambda l: print("begin", l))
m.fit(x, y, epochs=2, verbose=0, callbacks=[cb])
print(logs)
m = model()
h = m.fit(x, y, epochs=2, verbose=0)
print(type(h).__name__, h.epoch, sorted(h.params.items()), h.model is m)
print([type(c).__name__ for c in keras.callbacks.CallbackList([], add_history=True,
      add_progbar=True, model=m).callbacks])
cb = keras.callbacks.EarlyStopping()
print(cb.monitor, cb.patience, cb.min_delta, cb.mode, cb.baseline, cb.restore_best_weights,
      cb.start_from_epoch)
cb = keras.callbacks.ReduceLROnPlateau()
print(cb.monitor, cb.factor, cb.patience, cb.min_delta, cb.cooldown, cb.min_lr, cb.mode)
cb = keras.callbacks.ModelCheckpoint("m.keras")
print(cb.monitor, cb.save_best_only, cb.save_weights_only, cb.save_freq, cb.best)
os.chdir(D)
m = model()
m.fit(x, y, epochs=3, batch_size=2, verbose=0, shuffle=False, callbacks=[
    keras.callbacks.ModelCheckpoint("b{batch}-e{epoch}.weights.h5", save_weights_only=True,
                                    save_freq=3, verbose=1)])
print(sorted(f for f in os.listdir(D) if f.startswith("b")))
m = model()
m.fit(x, y, epochs=2, verbose=0, callbacks=[keras.callbacks.ModelCheckpoint(
    "init.keras", monitor="loss", save_best_only=True, initial_value_threshold=0.5,
    verbose=1)])
bk = os.path.join(D, "backup")
m = model()
m.fit(x, y, epochs=2, verbose=0, callbacks=[keras.callbacks.BackupAndRestore(bk)])
print(sorted(os.listdir(D)))
tryp("backup_freq", lambda: keras.callbacks.BackupAndRestore(bk, save_freq="x"))
tryp("backup_del", lambda: keras.callbacks.BackupAndRestore(bk, save_freq=False,
     delete_checkpoint=False, double_checkpoint=True).save_freq)
"""

SNIPPETS["lookup_more"] = _TRY + """
l = keras.layers.StringLookup(oov_token="<oov>", mask_token="<pad>")
l.adapt(tf.data.Dataset.from_tensor_slices([["b", "a"], ["b", "c"]]).batch(2))
print(l.get_vocabulary(), l(tf.constant([["<pad>", "b", "zz"]])).numpy().tolist())
l = keras.layers.StringLookup(vocabulary=tf.constant(["x", "y"]), encoding="utf-8")
print(l.get_vocabulary(), l.vocabulary_size(), l.get_config()["vocabulary"])
l = keras.layers.StringLookup(vocabulary=["x", "y"], num_oov_indices=0)
tryp("no_oov", lambda: l(tf.constant(["x", "q"])))
print(l(tf.constant(["y", "x"])).numpy().tolist())
l = keras.layers.StringLookup(vocabulary=["x", "y"], output_mode="one_hot", num_oov_indices=0)
print(l(tf.constant(["y"])).numpy().tolist())
r = tf.ragged.constant([["a", "b"], ["c"]])
l = keras.layers.StringLookup(vocabulary=["a", "b", "c"])
print(l(r))
l = keras.layers.StringLookup(max_tokens=3, output_mode="count", pad_to_max_tokens=True)
l.adapt(["a", "b", "c", "a", "b", "a"])
print(l.get_vocabulary(), l(tf.constant([["a", "c", "c"]])).numpy().tolist())
l = keras.layers.IntegerLookup(max_tokens=3, num_oov_indices=1, oov_token=-5)
l.adapt(np.array([7, 7, 8, 9, 9, 9]))
print(l.get_vocabulary(), l(tf.constant([9, 7, 8, 4])).numpy().tolist())
tryp("adapt_vocab", lambda: keras.layers.StringLookup(vocabulary=["a"]).adapt(["b"]))
l = keras.layers.StringLookup(vocabulary=["a"])
print(l.compute_output_shape((2, 3)), l.compute_output_spec(
    keras.KerasTensor((2, 3), dtype="string")).dtype)
l = keras.layers.StringLookup(vocabulary=["a", "b"], output_mode="multi_hot")
print(l.compute_output_shape((2, 3)))
inp = keras.Input((None,), dtype="string")
out = keras.layers.StringLookup(vocabulary=["a", "b"], output_mode="count")(inp)
print(out.shape, out.dtype)
ce = keras.layers.CategoryEncoding(num_tokens=4, output_mode="count")
print(ce(np.array([[0, 1, 1], [3, 3, 2]]), count_weights=np.array([[0.5, 1.0, 2.0],
      [1.0, 1.0, 0.1]])).numpy().tolist())
ce = keras.layers.CategoryEncoding(num_tokens=3, output_mode="one_hot")
print(ce(np.array([2, 0])).numpy().tolist(), ce.compute_output_shape((2,)))
tryp("ce_big", lambda: keras.layers.CategoryEncoding(num_tokens=3)(np.array([[4]])))
tryp("ce_neg", lambda: keras.layers.CategoryEncoding(num_tokens=3)(np.array([[-1]])))
tryp("ce_none", lambda: keras.layers.CategoryEncoding())
tryp("ce_mode", lambda: keras.layers.CategoryEncoding(num_tokens=3, output_mode="tf_idf"))
print(sorted(keras.layers.CategoryEncoding(num_tokens=3).get_config().items()))
out = keras.layers.CategoryEncoding(3)(np.array([[[0, 0], [2, 1]]]))
print(out.shape, out.numpy().tolist())
out = keras.layers.CategoryEncoding(3, output_mode="count")(np.array([[[0, 1], [0, 2]]]),
    count_weights=np.array([[[0.5, 1.0], [2.0, 3.0]]]))
print(out.shape, out.numpy().tolist())
tryp("ce_list_neg", lambda: keras.layers.CategoryEncoding(3)([[-1, 2]]))
tryp("il_np", lambda: keras.layers.IntegerLookup(vocabulary=[1], num_oov_indices=0)(
     np.array([5, 6])))
tryp("tv_np", lambda: keras.layers.TextVectorization(output_mode="multi_hot")(
     np.array(["a"])))
tryp("bincount_rows", lambda: tf.math.bincount(tf.constant([[3, -2, -5]]), minlength=9,
     maxlength=9, axis=-1))
"""

SNIPPETS["summary_variants"] = _TRY + """
s = keras.Sequential([keras.layers.Dense(2), keras.layers.Dense(1)], name="unbuilt")
s.summary()
tryp("count", lambda: s.count_params())
s.build((None, 3))
s.summary(show_trainable=True)
a = keras.Input((3,), name="a")
b = keras.Input((2,), name="b", dtype="int32")
shared = keras.layers.Dense(4, name="shared")
c = keras.layers.Concatenate(name="cat")([shared(a), keras.layers.Embedding(5, 4,
    name="emb")(b)[:, 0]])
m = keras.Model({"a": a, "b": b}, {"o": keras.layers.Dense(1, name="o")(c),
                 "p": shared(a)}, name="multi")
m.summary()
tryp("show_dtype", lambda: m.summary(show_dtype=True))
mp = keras.Sequential([keras.Input((2,)), keras.layers.Dense(3, dtype="mixed_float16"),
    keras.layers.Dense(1, dtype="float64", trainable=False)])
mp.summary(show_trainable=True)
class Block(keras.layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.d1 = keras.layers.Dense(2)
        self.d2 = keras.layers.Dense(2)
    def call(self, x):
        return self.d2(self.d1(x))
m2 = keras.Sequential([keras.Input((3,)), Block(name="block"), keras.layers.Dropout(0.1)])
m2.summary(expand_nested=True)
print(m2.count_params(), len(m2.weights), [w.path for w in m2.weights])
"""

SNIPPETS["utils_misc"] = _TRY + """
print(keras.utils.pack_x_y_sample_weight(1), keras.utils.pack_x_y_sample_weight(1, 2),
      keras.utils.pack_x_y_sample_weight(1, 2, 3))
print(keras.utils.unpack_x_y_sample_weight((1,)), keras.utils.unpack_x_y_sample_weight(
      (1, 2)), keras.utils.unpack_x_y_sample_weight([1, 2, 3]))
tryp("unpack4", lambda: keras.utils.unpack_x_y_sample_weight((1, 2, 3, 4)))
print(keras.utils.unpack_x_y_sample_weight(np.ones(2)))
img = keras.utils.array_to_img(np.arange(24, dtype="float32").reshape(2, 4, 3))
print(type(img).__name__, img.size, img.mode)
print(keras.utils.img_to_array(img).shape, keras.utils.img_to_array(img).dtype,
      keras.utils.img_to_array(img)[1, 3].tolist())
print(keras.utils.array_to_img(np.ones((2, 2, 1)), scale=False).mode)
tryp("a2i_rank", lambda: keras.utils.array_to_img(np.ones((2, 2))))
tryp("a2i_ch", lambda: keras.utils.array_to_img(np.ones((2, 2, 2))))
path = os.path.join(D, "i.png")
keras.utils.save_img(path, np.arange(48, dtype="uint8").reshape(4, 4, 3))
im = keras.utils.load_img(path, color_mode="grayscale", target_size=(2, 3))
print(im.size, im.mode, keras.utils.img_to_array(im).ravel().tolist())
im = keras.utils.load_img(path, color_mode="rgba", interpolation="bilinear")
print(im.size, im.mode)
tryp("load_mode", lambda: keras.utils.load_img(path, color_mode="cmyk"))
tryp("load_missing", lambda: keras.utils.load_img(os.path.join(D, "none.png")))
x = keras.Input((2,))
y = keras.layers.Dense(1)(x)
print(keras.utils.get_source_inputs(y) == [x], keras.utils.is_keras_tensor(y),
      keras.utils.is_keras_tensor(np.ones(1)))
@keras.utils.register_keras_serializable(package="kp")
class Foo(keras.layers.Layer):
    pass
print(keras.utils.get_registered_name(Foo), keras.utils.get_registered_object("kp>Foo"))
print(keras.utils.serialize_keras_object(keras.layers.Dense(1, name="d"))["config"]["units"])
print(keras.utils.serialize_keras_object("relu"), keras.utils.serialize_keras_object(None))
print(type(keras.utils.deserialize_keras_object({"class_name": "Dense", "config": {
    "units": 2}, "module": "keras.layers"})).__name__)
tryp("deser_bad", lambda: keras.utils.deserialize_keras_object({"class_name": "Nope",
     "config": {}}))
print(keras.utils.Sequence is keras.utils.PyDataset)
print(keras.utils.get_file.__name__ if hasattr(keras.utils, "get_file") else None)
print(sorted(n for n in dir(keras.utils) if not n.startswith("_")))
"""

SNIPPETS["training_errors"] = _TRY + """
x = np.ones((4, 3), "float32")
def fresh(loss="categorical_crossentropy"):
    keras.utils.set_random_seed(2)
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="softmax")])
    m.compile("adam", loss)
    return m
m = fresh("sparse_categorical_crossentropy")
tryp("labels_2d", lambda: m.fit(x, np.ones((4, 4)), verbose=0).history["loss"][0] > 0)
tryp("cce_shape", lambda: fresh().fit(x, np.ones((4, 1)), verbose=0))
tryp("cce_int", lambda: fresh().fit(x, np.array([0, 1, 2, 3]), verbose=0))
a = keras.Input((3,), name="a")
o1 = keras.layers.Dense(1, name="o1")(a)
o2 = keras.layers.Dense(1, name="o2")(a)
mm = keras.Model(a, [o1, o2])
tryp("loss_count", lambda: mm.compile("adam", ["mse", "mse", "mse"]) or mm.fit(x,
     [np.ones((4, 1))] * 2, verbose=0))
mm.compile("adam", {"o1": "mse", "o3": "mse"})
tryp("loss_key", lambda: mm.fit(x, [np.ones((4, 1))] * 2, verbose=0))
mm.compile("adam", "mse")
tryp("y_count", lambda: mm.fit(x, [np.ones((4, 1))] * 3, verbose=0))
tryp("x_dict", lambda: mm.predict({"b": x}, verbose=0))
m = fresh()
tryp("x_str", lambda: m.predict(np.array([["a", "b", "c"]]), verbose=0))
tryp("bad_epochs", lambda: fresh().fit(x, np.ones((4, 4)), epochs=0, verbose=0).history)
tryp("bad_batch", lambda: type(fresh().fit(x, np.ones((4, 4)), batch_size=0,
     verbose=0)).__name__)
tryp("sw_shape", lambda: fresh().fit(x, np.ones((4, 4)), sample_weight=np.ones(3), verbose=0))
tryp("class_weight_ds", lambda: type(fresh().fit(tf.data.Dataset.from_tensor_slices((x,
     np.ones((4, 4)))).batch(2), class_weight={0: 1.0}, verbose=0)).__name__)
tryp("val_data_bad", lambda: fresh().fit(x, np.ones((4, 4)), validation_data=(x,), verbose=0))
tryp("steps_none", lambda: m.predict(tf.data.Dataset.from_tensor_slices(x).repeat().batch(2),
     steps=2, verbose=0).shape)
tryp("unknown_kw", lambda: fresh().fit(x, np.ones((4, 4)), verbose=0, foo=1))
tryp("call_kw", lambda: np.round(fresh()(x, foo=1).numpy(), 5))
tryp("eval_kw", lambda: fresh().evaluate(x, np.ones((4, 4)), verbose=0, workers=2))
tryp("predict_kw", lambda: fresh().predict(x, verbose=0, use_multiprocessing=True))
s = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, name="d"),
                      keras.layers.Dense(1, name="e")])
print(s.pop().name, [l.name for l in s.layers], s.built, [o.shape for o in s.outputs])
print(s.pop(rebuild=False).name, s.layers, s.built)
tryp("pop_input_only", lambda: s.pop())
tryp("dense_call_rank", lambda: keras.layers.Dense(2)(np.float32(1.0)))
tryp("build_twice", lambda: keras.Sequential([keras.Input((3,)), keras.Input((3,))]))
tryp("add_after", lambda: keras.Sequential([keras.layers.Dense(1)]).add("x"))
tryp("pop_empty", lambda: keras.Sequential().pop())
q1, q2 = keras.Input((1,), name="q"), keras.Input((1,), name="q")
tryp("input_name_dup", lambda: keras.Model([q1, q2], keras.layers.Add()([q1, q2])))
"""

SNIPPETS["adapt_on_datasets"] = _TRY + """
n = keras.layers.Normalization()
n.adapt(tf.data.Dataset.from_tensor_slices(np.arange(12, dtype="float32").reshape(6, 2)).batch(4))
print(np.round(n.mean.numpy(), 4).tolist(), np.round(n.variance.numpy(), 4).tolist())
n = keras.layers.Normalization()
tryp("norm_steps", lambda: n.adapt(np.ones((2, 2)), steps=None))
n.adapt(np.arange(12, dtype="float32").reshape(6, 2))
print(n.mean.shape, n.get_config()["mean"], n.built)
n = keras.layers.Normalization(axis=-1)
tryp("unbatched", lambda: n.adapt(tf.data.Dataset.from_tensor_slices(np.ones((4,),
     "float32"))))
n = keras.layers.Normalization(mean=3.0, variance=4.0)
tryp("adapt_fixed", lambda: n.adapt(np.ones((2, 1))))
print(n(np.array([[5.0]])).numpy().tolist(), sorted(n.get_config().items()))
d = keras.layers.Discretization(num_bins=3)
d.adapt(tf.data.Dataset.from_tensor_slices(np.arange(30, dtype="float32")).batch(7))
print(d.bin_boundaries)
d.adapt(np.array([[1.0, 2.0], [3.0, 100.0]]), steps=1)
print(d.bin_boundaries)
tv = keras.layers.TextVectorization(max_tokens=5, output_sequence_length=4)
tv.adapt(tf.data.Dataset.from_tensor_slices(["a b c", "a a d", "e f a"]).batch(2), steps=1)
print(tv.get_vocabulary(), tv(["a d z"]).numpy().tolist())
tv = keras.layers.TextVectorization()
tryp("tv_rank", lambda: tv.adapt(np.array([[["a"]]])))
tryp("tv_numbers", lambda: tv.adapt(np.array([1, 2])))
path = os.path.join(D, "v.txt")
with open(path, "w") as f:
    f.write("cat\\ndog\\nbird\\n")
tv = keras.layers.TextVectorization(vocabulary=path, output_mode="count")
print(tv.get_vocabulary(), tv(["dog dog bird fish"]).numpy().tolist())
tv = keras.layers.TextVectorization(vocabulary=["cat", "dog"], output_mode="tf_idf",
    idf_weights=[0.5, 0.25])
print(np.round(tv(["dog dog cat fish"]).numpy(), 4).tolist(), tv.get_vocabulary())
tryp("tfidf_resize", lambda: tv.set_vocabulary(["x"], idf_weights=[2.0]))
tv.set_vocabulary(["x", "y"], idf_weights=[2.0, 1.0])
print(tv.get_vocabulary(), tv(["x y x"]).numpy().tolist())
with open(os.path.join(D, "ints.txt"), "w") as f:
    f.write("5\\n9\\n")
il = keras.layers.IntegerLookup(vocabulary=os.path.join(D, "ints.txt"))
print(il.get_vocabulary(), il(tf.constant([9, 5, 7])).numpy().tolist())
tryp("missing_file", lambda: keras.layers.StringLookup(vocabulary=os.path.join(D, "no.txt")))
"""

SNIPPETS["callback_messages_more"] = _TRY + """
def model():
    keras.utils.set_random_seed(3)
    m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    m.compile(keras.optimizers.SGD(0.01), "mse", metrics=["mae"])
    return m
x = np.array([[1.0, 2.0], [3.0, 4.0], [0.5, -1.0], [2.0, 0.0]], "float32")
y = np.array([[1.0], [0.0], [2.0], [1.0]], "float32")
m = model()
cb = keras.callbacks.EarlyStopping(monitor="loss", baseline=0.1, patience=1, verbose=1,
    restore_best_weights=True)
m.fit(x, y, epochs=4, verbose=0, shuffle=False, callbacks=[cb])
print(cb.stopped_epoch, cb.best_epoch, cb.best_weights is None)
m = model()
cb = keras.callbacks.EarlyStopping(monitor="val_mae", patience=0, verbose=1)
m.fit(x, y, epochs=3, verbose=0, shuffle=False, callbacks=[cb])
m = model()
cb = keras.callbacks.ReduceLROnPlateau(monitor="val_loss", verbose=1)
m.fit(x, y, epochs=1, verbose=0, shuffle=False, callbacks=[cb])
m = model()
cb = keras.callbacks.ReduceLROnPlateau(monitor="mae", mode="max", factor=0.1, patience=0,
    verbose=1, min_lr=0.0005)
h = m.fit(x, y, epochs=4, verbose=0, shuffle=False, callbacks=[cb])
print([round(float(v), 6) for v in h.history["learning_rate"]])
tryp("rlr_mode", lambda: keras.callbacks.ReduceLROnPlateau(mode="sideways").mode)
tryp("es_mode", lambda: keras.callbacks.EarlyStopping(mode="sideways").mode)
m = model()
m.fit(x, y, epochs=2, verbose=0, shuffle=False, callbacks=[
    keras.callbacks.ProgbarLogger()])
cb = keras.callbacks.History()
m.fit(x, y, epochs=1, verbose=0, callbacks=[cb])
print(sorted(cb.history), cb.epoch)
os.chdir(D)
m = model()
m.fit(x, y, epochs=2, verbose=0, shuffle=False, validation_data=(x, y), callbacks=[
    keras.callbacks.ModelCheckpoint("m-{epoch}-{loss:.3f}-{val_mae:.1f}.keras",
    save_best_only=True, monitor="val_mae", verbose=1)])
print(sorted(os.listdir(D)))
m.fit(x, y, epochs=1, verbose=0, callbacks=[
    keras.callbacks.ModelCheckpoint("w.weights.h5", save_weights_only=True, verbose=1,
    save_freq=2)])
print(sorted(os.listdir(D)))
"""

SNIPPETS["image_layers_formats_dtypes"] = _TRY + """
xi = (np.arange(2 * 3 * 4 * 5) % 256).astype("uint8").reshape(2, 3, 4, 5)
xf = xi.astype("float32")
def show(layer, inp, training=True):
    try:
        out = layer(inp, training=training)
        print(type(layer).__name__, tuple(out.shape), out.dtype,
              np.round(np.asarray(out, "float64").ravel()[::13], 2).tolist())
    except Exception as e:
        print(type(layer).__name__, type(e).__name__, str(e).splitlines()[0])
cf = dict(data_format="channels_first")
show(keras.layers.Resizing(2, 3, **cf), xf)
show(keras.layers.Resizing(2, 3, pad_to_aspect_ratio=True, fill_value=7.0), xf)
show(keras.layers.Resizing(6, 2, interpolation="nearest"), xi)
show(keras.layers.Resizing(2, 2, interpolation="area"), xf)
show(keras.layers.Resizing(2, 2, interpolation="lanczos3"), xf)
show(keras.layers.CenterCrop(2, 2, **cf), xf)
show(keras.layers.CenterCrop(2, 2), xi)
show(keras.layers.Rescaling(0.5), xi)
show(keras.layers.Rescaling([1.0, 2.0, 3.0, 4.0, 5.0], offset=1), xf)
show(keras.layers.RandomFlip("vertical", seed=3, **cf), xf)
show(keras.layers.RandomTranslation(0.3, 0.3, seed=4, **cf), xf)
show(keras.layers.RandomZoom(0.4, seed=5, fill_mode="nearest"), xi)
show(keras.layers.RandomRotation(0.25, seed=6, interpolation="nearest"), xi)
show(keras.layers.RandomContrast(0.3, seed=7), xi)
show(keras.layers.RandomBrightness(0.4, seed=8), xi)
show(keras.layers.RandomCrop(2, 3, seed=9, **cf), xf)
show(keras.layers.RandomCrop(2, 3, seed=9), xf, training=False)
show(keras.layers.Resizing(2, 3, dtype="float16"), xf)
show(keras.layers.RandomFlip(seed=1, dtype="int32"), xi)
inp = keras.Input((4, 5, 3), dtype="uint8")
for layer in (keras.layers.Resizing(2, 2), keras.layers.RandomFlip(),
              keras.layers.Rescaling(2.0), keras.layers.RandomContrast(0.1),
              keras.layers.CenterCrop(2, 2)):
    out = layer(inp)
    print(type(layer).__name__, out.shape, out.dtype)
"""

SNIPPETS["preprocessing_symbolic_dtypes"] = """
L = keras.layers
made = [L.Resizing(2, 2), L.CenterCrop(2, 2), L.Rescaling(2.0), L.RandomFlip(),
        L.RandomCrop(2, 2), L.RandomTranslation(0.1, 0.1), L.RandomZoom(0.1),
        L.RandomRotation(0.1), L.RandomContrast(0.1), L.RandomBrightness(0.1),
        L.RandomGrayscale(), L.RandomHue(0.1, (0, 255)), L.RandomSaturation(0.1, (0, 255)),
        L.RandomSharpness(0.1, (0, 255)), L.RandomShear(0.1), L.RandomPerspective(),
        L.RandomErasing(), L.RandomGaussianBlur(), L.RandomInvert(),
        L.RandomPosterization((0, 255)), L.Solarization(), L.AutoContrast(),
        L.Equalization(), L.RandomColorJitter(), L.RandomColorDegeneration(0.1), L.MixUp(),
        L.CutMix(), L.RandAugment(), L.AugMix(), L.Normalization(mean=1.0, variance=1.0),
        L.Discretization([1.0]), L.CategoryEncoding(3), L.Hashing(3),
        L.IntegerLookup(vocabulary=[1])]
for d in ["uint8", "float64"]:
    for layer in made:
        try:
            o = layer(keras.Input((4, 5, 3), dtype=d))
            e = layer(np.ones((2, 4, 5, 3), d))
            print(d, type(layer).__name__, o.dtype, getattr(e, "dtype", None))
        except Exception as ex:
            print(d, type(layer).__name__, type(ex).__name__)
"""

SNIPPETS["unknown_cardinality_lines"] = """
keras.utils.set_random_seed(3)
m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
m.compile(keras.optimizers.SGD(0.01), "mse", metrics=["mae"])
x = np.array([[1.0, 2.0], [3.0, 4.0], [0.5, -1.0], [2.0, 0.0]], "float32")
y = np.array([[1.0], [0.0], [2.0], [1.0]], "float32")
ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(2).filter(lambda a, b: True)
print(int(ds.cardinality()))
h = m.fit(ds, epochs=2, verbose=2, validation_data=ds)
print(sorted(h.params.items()))
m.evaluate(ds, verbose=2)
m.predict(ds.map(lambda a, b: a), verbose=2)
def gen():
    for i in range(3):
        yield x[:2], y[:2]
h = m.fit(gen(), epochs=1, verbose=2)
print(sorted(h.params.items()))
m.fit(x, y, epochs=1, verbose=2, validation_split=0.5, batch_size=1, shuffle=False)
"""

SNIPPETS["preprocessing_in_dataset_map"] = _TRY + """
texts = ["the cat sat", "the dog ran far", "a cat"]
tv = keras.layers.TextVectorization(max_tokens=8, output_sequence_length=4)
tv.adapt(texts)
ds = tf.data.Dataset.from_tensor_slices(texts).batch(2).map(tv)
print(ds.element_spec, [b.numpy().tolist() for b in ds])
sl = keras.layers.StringLookup(vocabulary=["a", "b"], output_mode="one_hot")
ds = tf.data.Dataset.from_tensor_slices(["a", "b", "z"]).map(sl)
print(ds.element_spec, [b.numpy().tolist() for b in ds])
norm = keras.layers.Normalization(mean=2.0, variance=4.0)
ds = tf.data.Dataset.from_tensor_slices(np.arange(4, dtype="float32")[:, None]).batch(2).map(
    norm)
print(ds.element_spec, [b.numpy().ravel().tolist() for b in ds])
flip = keras.layers.RandomFlip(seed=4)
ds = tf.data.Dataset.from_tensor_slices(np.arange(24, dtype="float32").reshape(2, 2, 2, 3)).map(
    lambda im: flip(im, training=True))
print(ds.element_spec, len([b.shape for b in ds]))
h = keras.layers.Hashing(5)
ds = tf.data.Dataset.from_tensor_slices(["x", "y"]).map(h)
print(ds.element_spec, [int(b) for b in ds])
inp = keras.Input((1,), dtype="string")
out = keras.layers.Dense(1, kernel_initializer="ones")(keras.layers.StringLookup(
    vocabulary=["a", "b"], output_mode="multi_hot")(inp))
m = keras.Model(inp, out)
tryp("unicode_array", lambda: m.predict(np.array([["a"], ["b"]]), verbose=0))
tryp("object_array", lambda: m.predict(np.array([["a"]], dtype=object), verbose=0))
print(m.predict(tf.constant([["a"], ["b"], ["q"]]), verbose=0).ravel().tolist())
m.compile("sgd", "mse")
print(round(float(m.evaluate(tf.constant([["a"], ["b"]]), np.zeros((2, 1)), verbose=0)), 4))
"""

SNIPPETS["progbar_and_summary_edges"] = _TRY + """
bar = keras.utils.Progbar(None, verbose=2, unit_name="sample")
bar.update(2, values=[("a", 1.0)])
bar.update(4, values=[("a", 3.0)], finalize=True)
bar = keras.utils.Progbar(3, verbose=2, stateful_metrics=None)
bar.update(3, values=[("b", 2.0), ("c", 1e-5)])
bar = keras.utils.Progbar(2, verbose=0)
bar.update(2, values=[("z", 1.0)])
print(bar._values if hasattr(bar, "_values") else None)
tryp("empty_summary", lambda: keras.Sequential().summary())
tryp("sub_summary", lambda: type("M", (keras.Model,), {"call": lambda self, x: x})().summary())
m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
tryp("bad_positions", lambda: m.summary(positions=[0.5, 0.2, 0.9, 1.0]))
tryp("bad_range", lambda: m.summary(layer_range=["dense"]))
"""
