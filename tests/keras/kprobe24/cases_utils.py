"""kprobe24's snippets on keras.utils (see cases.py)."""

from tests.keras.kprobe24.prelude import _TRY

SNIPPETS = {}

SNIPPETS["to_categorical_normalize_edges"] = _TRY + """
u = keras.utils
print(u.to_categorical([[1], [2]]).tolist(), u.to_categorical(np.array([0, 2]), 4).dtype)
print(u.to_categorical(np.array([[0, 1], [2, 0]])).shape, u.to_categorical(3).tolist())
print(u.to_categorical(np.array([1.0, 2.0]), num_classes=3).tolist())
t = u.to_categorical(tf.constant([0, 1]), num_classes=2)
print(type(t).__name__, t.dtype if hasattr(t, "dtype") else None)
tryp("too_few", lambda: u.to_categorical([3], num_classes=2).tolist())
tryp("negative", lambda: u.to_categorical([-1], num_classes=3).tolist())
x = np.array([[3.0, 4.0], [0.0, 0.0], [1.0, -1.0]], "float32")
print(r4(u.normalize(x)), r4(u.normalize(x, order=1)))
tryp("axis0", lambda: r4(u.normalize(x, axis=0)))
tryp("axis0_t", lambda: r4(u.normalize(x.T, axis=0)))
print(r4(u.normalize(x, order=np.inf)), u.normalize(x).dtype)
print(r4(u.normalize(np.array([1, 2, 2]))), r4(u.normalize(tf.constant([[1.0, 1.0]]))))
"""

SNIPPETS["pad_sequences_dtypes_values"] = _TRY + """
p = keras.utils.pad_sequences
seqs = [[1, 2, 3], [4], [], [5, 6, 7, 8, 9]]
print(p(seqs).tolist(), p(seqs).dtype)
print(p(seqs, maxlen=2, padding="post", truncating="post", value=-1).tolist())
print(p(seqs, dtype="float32", value=0.5).tolist())
print(p([["a", "b"], ["c"]], dtype=object, value="?").tolist())
print(p([["a", "b"], ["c"]], dtype="<U2", value="-").tolist())
print(p([[1.5, 2.5], [3.5]], dtype="float64").tolist(), p([[1], [2, 3]], maxlen=1).tolist())
tryp("maxlen0", lambda: p([[1], [2, 3]], maxlen=0).tolist())
print(p([np.array([[1, 2], [3, 4]]), np.array([[5, 6]])]).tolist())
print(p(np.array([[1, 2], [3, 4]])).tolist(), p([(1, 2), (3,)]).tolist())
tryp("bad_padding", lambda: p(seqs, padding="middle"))
tryp("bad_trunc", lambda: p(seqs, maxlen=1, truncating="middle"))
tryp("str_int", lambda: p([["a"]], value="x"))
tryp("not_iterable", lambda: p([1, 2]))
"""

SNIPPETS["timeseries_dataset_sampling_targets"] = _TRY + """
data = np.arange(20)
targets = data * 10
ds = keras.utils.timeseries_dataset_from_array(data, targets[3:], sequence_length=3,
    sampling_rate=2, sequence_stride=3, batch_size=2)
for x, y in ds:
    print(x.numpy().tolist(), y.numpy().tolist())
ds = keras.utils.timeseries_dataset_from_array(data, None, sequence_length=4, start_index=2,
    end_index=12, batch_size=10)
print([x.numpy().tolist() for x in ds], ds.element_spec)
ds = keras.utils.timeseries_dataset_from_array(data.reshape(10, 2), None, 3, shuffle=True,
    seed=3, batch_size=3)
print([x.numpy()[:, 0, 0].tolist() for x in ds])
ds = keras.utils.timeseries_dataset_from_array(data.astype("float32"), targets, 5,
    sequence_stride=6, batch_size=None)
print([(x.numpy().tolist(), int(y)) for x, y in ds])
tryp("too_short", lambda: list(keras.utils.timeseries_dataset_from_array(data[:3], None, 5)))
tryp("bad_rate", lambda: keras.utils.timeseries_dataset_from_array(data, None, 3,
    sampling_rate=0))
tryp("bad_start", lambda: keras.utils.timeseries_dataset_from_array(data, None, 3,
    start_index=30))
tryp("bad_len", lambda: keras.utils.timeseries_dataset_from_array(data, targets[:5], 3))
"""

SNIPPETS["split_dataset_sizes_seeds"] = _TRY + """
x = np.arange(10)
y = np.arange(10) * 2
a, b = keras.utils.split_dataset((x, y), left_size=0.3, shuffle=False)
print(a.element_spec, [int(t[0]) for t in a], [int(t[1]) for t in b])
a, b = keras.utils.split_dataset(x, right_size=3, shuffle=True, seed=1)
print(sorted(int(t) for t in a), sorted(int(t) for t in b), len(list(a)), len(list(b)))
a, b = keras.utils.split_dataset(tf.data.Dataset.range(7), left_size=4)
print([int(t) for t in a], [int(t) for t in b])
tryp("dict", lambda: keras.utils.split_dataset({"u": x, "v": y}, left_size=0.5))
tryp("floats", lambda: keras.utils.split_dataset([1.0, 2.0, 3.0, 4.0], left_size=0.25))
a, b = keras.utils.split_dataset([np.ones(2), np.zeros(2), np.ones(2)], left_size=0.34)
print(a.element_spec, [[float(v) for v in t] for t in a], len(list(b)))
tryp("sizes_over", lambda: keras.utils.split_dataset(x, left_size=8, right_size=5))
tryp("neg", lambda: keras.utils.split_dataset(x, left_size=-1))
tryp("float_over", lambda: keras.utils.split_dataset(x, left_size=1.5))
tryp("type", lambda: keras.utils.split_dataset(x, left_size="half"))
tryp("mismatch", lambda: keras.utils.split_dataset((x, y[:4]), left_size=0.5))
"""

SNIPPETS["text_dataset_from_directory_labels"] = _TRY + """
os.chdir(D)
import os
for cls, texts in [("neg", ["bad film", "awful", "boring plot"]), ("pos", ["great", "fine film"])]:
    os.makedirs(os.path.join("txt", cls))
    for i, t in enumerate(texts):
        with open(os.path.join("txt", cls, f"{i}.txt"), "w") as f:
            f.write(t)
with open(os.path.join("txt", "stray.md"), "w") as f:
    f.write("ignored")
ds = keras.utils.text_dataset_from_directory("txt", label_mode="binary", batch_size=2,
    shuffle=True, seed=11)
print(ds.class_names, ds.element_spec)
print([(x.numpy().tolist(), y.numpy().ravel().tolist()) for x, y in ds])
ds = keras.utils.text_dataset_from_directory("txt", label_mode="int", batch_size=8,
    shuffle=False, class_names=["pos", "neg"])
print([y.numpy().tolist() for _, y in ds], hasattr(ds, "file_paths"))
ds = keras.utils.text_dataset_from_directory("txt", labels=None, shuffle=False, batch_size=8)
print([x.numpy().tolist() for x in ds])
tr = keras.utils.text_dataset_from_directory("txt", validation_split=0.4,
    subset="training", seed=4, batch_size=8)
va = keras.utils.text_dataset_from_directory("txt", validation_split=0.4,
    subset="validation", seed=4, batch_size=8)
print(sum(len(x) for x, _ in tr), sum(len(x) for x, _ in va))
tryp("bad_mode", lambda: keras.utils.text_dataset_from_directory("txt", label_mode="onehot"))
tryp("bad_subset", lambda: keras.utils.text_dataset_from_directory("txt", subset="test",
    validation_split=0.2, seed=1))
tryp("split_no_subset", lambda: keras.utils.text_dataset_from_directory("txt",
    validation_split=1.5, subset="both", seed=1))
tryp("labels_str", lambda: keras.utils.text_dataset_from_directory("txt", labels="auto"))
"""

SNIPPETS["image_dataset_from_directory_more"] = _TRY + """
os.chdir(D)
import os
for cls, n in [("cats", 3), ("dogs", 2)]:
    os.makedirs(os.path.join("img", cls))
    for i in range(n):
        a = ((np.arange(6 * 4 * 3).reshape(6, 4, 3) * (i + 1) * (3 if cls == "dogs" else 5))
             % 256).astype("uint8")
        tf.io.write_file(os.path.join("img", cls, f"{i}.png"), tf.io.encode_png(a))
ds = keras.utils.image_dataset_from_directory("img", image_size=(6, 4), batch_size=2,
    shuffle=False, label_mode="binary")
print(ds.class_names, ds.element_spec)
for x, y in ds:
    print(x.shape, x.numpy()[:, 2, 1].tolist(), y.numpy().ravel().tolist())
ds = keras.utils.image_dataset_from_directory("img", image_size=(3, 2), batch_size=None,
    shuffle=False, interpolation="nearest", color_mode="rgba")
print(ds.element_spec, [x.numpy()[1, 1].tolist() for x, _ in ds][:2])
ds = keras.utils.image_dataset_from_directory("img", image_size=(4, 4), shuffle=False,
    crop_to_aspect_ratio=True, batch_size=5)
print([r4(x[:, 0, 0, 0]) for x, _ in ds])
ds = keras.utils.image_dataset_from_directory("img", labels=[4, 3, 2, 1, 0], shuffle=False,
    image_size=(2, 2))
print([y.numpy().tolist() for _, y in ds])
ds = keras.utils.image_dataset_from_directory("img", shuffle=True, seed=3, image_size=(2, 2))
print([os.path.basename(p) for p in ds.file_paths])
tryp("bad_interp", lambda: keras.utils.image_dataset_from_directory("img", interpolation="x"))
tryp("bad_format", lambda: keras.utils.image_dataset_from_directory("img",
    data_format="channels_middle"))
"""

SNIPPETS["get_file_extract_archives"] = _TRY + """
import tarfile, zipfile
os.chdir(D)
os.makedirs("src/pkg")
with open("src/pkg/a.txt", "w") as f:
    f.write("alpha")
with tarfile.open("arch.tar.gz", "w:gz") as t:
    t.add("src/pkg", arcname="pkg")
with zipfile.ZipFile("arch.zip", "w") as z:
    z.write("src/pkg/a.txt", arcname="zpkg/a.txt")
cache = os.path.join(D, "cache")
os.makedirs(cache)
def fetch(*args, **kw):
    with contextlib.redirect_stdout(io.StringIO()):  # (the progress shows archive sizes)
        return keras.utils.get_file(*args, cache_dir=cache, **kw)
def src(name):
    return "file://" + os.path.join(D, name)
for name in ["arch.tar.gz", "arch.zip"]:
    p = fetch(name, origin=src(name), extract=True)
    print(p.replace(D, "TMP"), sorted(os.listdir(p)), sorted(os.listdir(os.path.dirname(p))))
p = fetch("plain.zip", origin=src("arch.zip"), extract=False)
print(p.replace(D, "TMP"), os.path.isfile(p))
p = fetch(origin=src("arch.tar.gz"), cache_subdir="sub", untar=True)
print(p.replace(D, "TMP"), sorted(os.listdir(os.path.join(cache, "sub"))), sorted(os.listdir(p)))
p = fetch("nodot", origin=src("arch.zip"), extract=True)
print(p.replace(D, "TMP"), sorted(os.listdir(p)))
p = fetch("tarred.zip", origin=src("arch.zip"), untar=True)
print(p.replace(D, "TMP"), os.path.exists(p))
"""

SNIPPETS["dataset_utils_edges"] = _TRY + """
os.chdir(D)
ds = tf.data.Dataset.range(10).filter(lambda x: x % 2 == 0)
tryp("unknown_card", lambda: keras.utils.split_dataset(ds, left_size=0.5))
e = keras.utils.timeseries_dataset_from_array(np.arange(5), None, sequence_length=5,
                                             batch_size=2)
print([x.numpy().tolist() for x in e])
for cls, texts in [("a", ["héllo wörld", "xyz"]), ("b", ["日本語のテキスト"])]:
    os.makedirs(os.path.join("t", cls))
    for k, t in enumerate(texts):
        with open(os.path.join("t", cls, f"{k}.txt"), "w", encoding="utf-8") as f:
            f.write(t)
ds = keras.utils.text_dataset_from_directory("t", max_length=4, shuffle=False, batch_size=None)
print([(x.numpy(), int(y)) for x, y in ds])
ds = keras.utils.text_dataset_from_directory("t", shuffle=False, batch_size=2,
                                             label_mode="categorical")
print(ds.element_spec[1], [y.numpy().tolist() for _, y in ds])
tryp("binary_one", lambda: keras.utils.text_dataset_from_directory("t", label_mode="binary",
     class_names=["a"]))
"""
