"""kprobe32's snippets on keras.utils: to_categorical and normalize over ranks, orders and
axes, pad_sequences with each truncating/padding and values of several dtypes,
timeseries_dataset_from_array windows split into train/validation parts, split_dataset
of dicts, set_random_seed's effects on layers and shuffles, and get_file from a local
file:// URL into a temporary cache with hashes and extraction (see cases.py)."""

from tests.keras.kprobe32.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["to_categorical_ranks_and_dtypes"] = _TRY + """
U = keras.utils
show("vec", lambda: U.to_categorical([0, 2, 1]))
show("classes", lambda: U.to_categorical(np.array([[0, 1], [3, 2]]), num_classes=5))
show("col", lambda: U.to_categorical(np.array([[1], [0], [2]])))
show("float_in", lambda: U.to_categorical(np.array([0.0, 2.0, 1.0])))
show("tensor_in", lambda: U.to_categorical(tf.constant([1, 0])))
show("scalar", lambda: U.to_categorical(2, num_classes=4))
show("too_few", lambda: U.to_categorical([0, 5], num_classes=3))
show("negative", lambda: U.to_categorical([-1, 1], num_classes=3))
"""

SNIPPETS["normalize_orders_and_axes"] = _TRY + """
U = keras.utils
a = np.array([[3.0, 4.0, 0.0], [1.0, -2.0, 2.0]], "float32")
for order in [1, 2, 3]:
    for axis in [-1, 0]:
        show("o%d_a%d" % (order, axis), lambda: U.normalize(a, axis=axis, order=order))
show("zeros", lambda: U.normalize(np.zeros((2, 2), "float32")))
show("tensor", lambda: U.normalize(tf.constant(a)))
show("int", lambda: U.normalize(np.array([[3, 4]])))
show("inf", lambda: U.normalize(a, order=np.inf))
show("order0", lambda: U.normalize(a, order=0))
"""

SNIPPETS["pad_sequences_every_option"] = _TRY + """
P = keras.utils.pad_sequences
seqs = [[1, 2, 3, 4], [5], [6, 7], []]
for padding in ["pre", "post"]:
    for truncating in ["pre", "post"]:
        print(padding, truncating, P(seqs, maxlen=3, padding=padding, truncating=truncating,
            value=-1).tolist())
print(P(seqs).tolist(), P(seqs).dtype)
print(P([[0.5, 1.5], [2.5]], dtype="float32", value=9.0).tolist())
print(P([["a", "b"], ["c"]], dtype=object, value="<pad>").tolist())
print(P([[[1, 2], [3, 4]], [[5, 6]]], padding="post").tolist())
tryp("maxlen0", lambda: P([[1, 2, 3]], maxlen=0).shape)
tryp("empty", lambda: P([], maxlen=2).shape)
tryp("bad_padding", lambda: P(seqs, padding="middle"))
tryp("bad_trunc", lambda: P(seqs, maxlen=2, truncating="mid"))
tryp("str_value_int", lambda: P([["a"]], value="x"))
tryp("not_iterable", lambda: P([1, 2]))
"""

SNIPPETS["timeseries_windows_train_validation"] = _TRY + """
data = np.arange(30, dtype="float32").reshape(15, 2)
targets = np.arange(15) * 10
tr = keras.utils.timeseries_dataset_from_array(data, targets[3:], sequence_length=3,
    sequence_stride=2,
                                               batch_size=2, end_index=9)
va = keras.utils.timeseries_dataset_from_array(data, targets[3:], sequence_length=3,
    sequence_stride=2,
                                               batch_size=2, start_index=9)
print(tr.element_spec)
for x, y in tr:
    print("tr", x.numpy()[:, :, 0].tolist(), y.numpy().tolist())
for x, y in va:
    print("va", x.numpy()[:, :, 0].tolist(), y.numpy().tolist())
sh = keras.utils.timeseries_dataset_from_array(data, None, sequence_length=4, sampling_rate=2,
                                               batch_size=3, shuffle=True, seed=4)
for x in sh:
    print("sh", x.numpy()[:, :, 0].tolist())
tryp("start_after_end", lambda: keras.utils.timeseries_dataset_from_array(data, None, 3,
    start_index=10, end_index=5))
tryp("too_long", lambda: keras.utils.timeseries_dataset_from_array(data, None, 20))
"""

SNIPPETS["split_dataset_dicts_and_tuples"] = _TRY + """
x = np.arange(10, dtype="float32")
y = np.arange(10) % 2
a, b = keras.utils.split_dataset((x, y), left_size=0.6, shuffle=True, seed=3)
print(a.element_spec, int(a.cardinality()), int(b.cardinality()))
print([int(t[1]) for t in b], [float(t[0]) for t in a])
d = tf.data.Dataset.from_tensor_slices({"f": x, "g": y})
l, r = keras.utils.split_dataset(d, right_size=3)
print(l.element_spec, [float(e["f"]) for e in r])
tryp("int_list", lambda: keras.utils.split_dataset(list(range(7)), left_size=2, right_size=2))
l, r = keras.utils.split_dataset([np.arange(7)], left_size=2, right_size=2)
print(l.element_spec, [np.asarray(e).tolist() for e in l])
tryp("too_big", lambda: keras.utils.split_dataset(x, left_size=11))
tryp("bad_frac", lambda: keras.utils.split_dataset(x, left_size=1.5))
tryp("both_none", lambda: keras.utils.split_dataset(x))
"""

SNIPPETS["set_random_seed_effects"] = _TRY + """
def build():
    m = keras.Sequential([keras.Input((3,)), layers.Dense(2), layers.Dropout(0.5)])
    return m
keras.utils.set_random_seed(11)
m1 = build()
d1 = m1(np.ones((2, 3), "float32"), training=True)
keras.utils.set_random_seed(11)
m2 = build()
d2 = m2(np.ones((2, 3), "float32"), training=True)
print(bool(np.allclose(m1.get_weights()[0], m2.get_weights()[0])), bool(np.allclose(d1, d2)))
keras.utils.set_random_seed(11)
ds = tf.data.Dataset.range(6).shuffle(6)
print([int(v) for v in ds], [int(v) for v in ds])
keras.utils.set_random_seed(11)
print([int(v) for v in tf.data.Dataset.range(6).shuffle(6)])
import random
keras.utils.set_random_seed(11)
print(random.randint(0, 1000), int(np.random.randint(0, 1000)))
"""

SNIPPETS["get_file_local_cache"] = _TRY + """
import hashlib, tarfile, zipfile
src = os.path.join(D, "src")
os.makedirs(src)
with open(os.path.join(src, "data.txt"), "w") as f:
    f.write("hello kprobe32\\n")
with tarfile.open(os.path.join(src, "pack.tar"), "w") as t:  # (not gzipped: its size would vary)
    t.add(os.path.join(src, "data.txt"), arcname="inner/data.txt")
with zipfile.ZipFile(os.path.join(src, "pack.zip"), "w") as z:
    z.write(os.path.join(src, "data.txt"), arcname="z/data.txt")
cache = os.path.join(D, "cache")
# (a cache folder not there yet is not writable: Keras would fall back to /tmp/.keras)
os.makedirs(cache)
md5 = hashlib.md5(open(os.path.join(src, "data.txt"), "rb").read()).hexdigest()
sha = hashlib.sha256(open(os.path.join(src, "data.txt"), "rb").read()).hexdigest()
got = []
def get(*a, **kw):
    bars(lambda: got.append(keras.utils.get_file(*a, **kw)))
    return got[-1]
p = get("d.txt", "file://" + src + "/data.txt", cache_dir=cache, file_hash=md5)
print(p.replace(D, "TMP"), open(p).read().strip())
p = get("s.txt", "file://" + src + "/data.txt", cache_dir=cache, cache_subdir="sub",
    hash_algorithm="sha256", file_hash=sha)
print(p.replace(D, "TMP"))
p = get("pack", "file://" + src + "/pack.tar", cache_dir=cache, extract=True)
print(p.replace(D, "TMP"), sorted(os.listdir(p)) if os.path.isdir(p) else None)
p = get(origin="file://" + src + "/pack.zip", cache_dir=cache, extract=True)
print(p.replace(D, "TMP"), sorted(os.listdir(p)) if os.path.isdir(p) else None)
p = get("d.txt", "file://" + src + "/data.txt", cache_dir=cache)
print("cached", p.replace(D, "TMP"))
tryp("bad_hash", lambda: get("e.txt", "file://" + src + "/data.txt", cache_dir=cache,
    file_hash="0" * 32))
print(sorted(os.path.relpath(os.path.join(r, f), cache) for r, _, fs in os.walk(cache) for f in fs))
"""

SNIPPETS["utils_misc_conversions"] = _TRY + """
U = keras.utils
print(U.is_keras_tensor(keras.Input((2,))), U.is_keras_tensor(np.ones(2)))
show("pack", lambda: U.pack_x_y_sample_weight(np.ones(2), np.zeros(2)))
show("unpack", lambda: U.unpack_x_y_sample_weight((np.ones(2), np.zeros(2), np.ones(2))))
show("unpack1", lambda: U.unpack_x_y_sample_weight(np.ones(2)))
tryp("unpack4", lambda: U.unpack_x_y_sample_weight((1, 2, 3, 4)))
print(U.get_source_inputs(keras.Input((3,), name="srci"))[0].name)
print(type(U.Progbar(5)).__name__, U.Progbar(5).target)
"""

SNIPPETS["pad_sequences_then_embedding_mask"] = _TRY + """
seqs = [[4, 2, 7], [3], [1, 5, 6, 2, 8]]
x = keras.utils.pad_sequences(seqs, maxlen=4, padding="post", truncating="pre")
print(x.tolist())
e = layers.Embedding(9, 2, mask_zero=True)
print(np.asarray(e.compute_mask(x)).tolist())
oh = keras.utils.to_categorical(x, num_classes=9)
print(oh.shape, oh.sum(axis=-1).tolist())
m = keras.Sequential([keras.Input((4,), dtype="int32"), e, layers.GlobalAveragePooling1D(),
    layers.Dense(1)])
fill(m, 0.5)
print(r4(m.predict(x, verbose=0)[:, 0]))
"""
