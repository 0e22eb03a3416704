"""kprobe16's snippets on preprocessing layers adapted and configured (TextVectorization,
StringLookup, IntegerLookup, Hashing, Normalization, Discretization), keras.ops edge cases,
metrics' result and reset_state, losses' reductions and keras.utils' data helpers (see
cases.py)."""

from tests.keras.kprobe16.prelude import _TRY

SNIPPETS = {}

SNIPPETS["text_vectorization_adapt_and_config"] = _TRY + """
texts = ["The cat sat.", "the dog sat on the mat", "A cat, a dog!", "mat"]
tv = layers.TextVectorization(max_tokens=8, output_sequence_length=5)
tv.adapt(texts)
print(tv.get_vocabulary(), tv.vocabulary_size())
tryp("ints", lambda: tv(["the cat sat on a dog", "unknown words here"]))
tryp("scalar", lambda: tv("cat"))
cfg = tv.get_config()
print(sorted(cfg), cfg["max_tokens"], cfg["output_sequence_length"], cfg["standardize"])
again = layers.TextVectorization.from_config(cfg)
again.set_vocabulary(tv.get_vocabulary())
tryp("again", lambda: again(["the cat"]))
for mode in ["multi_hot", "count", "tf_idf"]:
    t = layers.TextVectorization(output_mode=mode, max_tokens=6)
    t.adapt(texts)
    tryp(mode, lambda: t(["the cat the mat"]))
ng = layers.TextVectorization(ngrams=2, split="whitespace", standardize="lower", max_tokens=10)
ng.adapt(tf.data.Dataset.from_tensor_slices(texts).batch(2))
print(ng.get_vocabulary())
tryp("bad_mode", lambda: layers.TextVectorization(output_mode="nope"))
tryp("bad_seq_len", lambda: layers.TextVectorization(output_mode="count", output_sequence_length=3))
fixed = layers.TextVectorization(vocabulary=["b", "a"], pad_to_max_tokens=True, max_tokens=5,
                                 output_mode="multi_hot")
tryp("fixed", lambda: fixed(["a a c"]))
i = keras.Input((1,), dtype="string")
m = keras.Model(i, tv(i))
m.save(os.path.join(D, "tv.keras"))
back = keras.models.load_model(os.path.join(D, "tv.keras"))
tryp("loaded", lambda: back(tf.constant([["the mat"]])))
"""

SNIPPETS["string_lookup_adapt_invert_modes"] = _TRY + """
data = np.array([["a", "b", "c"], ["b", "b", "d"]])
sl = layers.StringLookup()
sl.adapt(data)
print(sl.get_vocabulary(), sl.vocabulary_size())
tryp("lookup", lambda: sl([["a", "z", "b"]]))
inv = layers.StringLookup(vocabulary=sl.get_vocabulary(), invert=True)
tryp("invert", lambda: inv([[1, 2, 0]]))
sl2 = layers.StringLookup(num_oov_indices=2, mask_token="", max_tokens=5)
sl2.adapt(data)
print(sl2.get_vocabulary())
tryp("mask_oov", lambda: sl2([["", "a", "q", "r"]]))
for mode in ["one_hot", "multi_hot", "count", "tf_idf"]:
    l = layers.StringLookup(output_mode=mode)
    l.adapt(data)
    tryp(mode, lambda: l(["a", "b"]) if mode == "one_hot" else l([["a", "b", "b"]]))
print(sorted(sl.get_config()))
tryp("bad_vocab_dup", lambda: layers.StringLookup(vocabulary=["a", "a"]))
tryp("bad_oov", lambda: layers.StringLookup(num_oov_indices=-1))
tryp("invert_tf_idf", lambda: layers.StringLookup(invert=True, output_mode="count"))
path = os.path.join(D, "vocab.txt")
with open(path, "w") as f:
    f.write("x\\ny\\nz\\n")
fl = layers.StringLookup(vocabulary=path)
tryp("from_file", lambda: fl(["y", "w"]))
print(fl.get_vocabulary())
"""

SNIPPETS["integer_lookup_and_hashing"] = _TRY + """
il = layers.IntegerLookup()
il.adapt(np.array([5, 7, 7, 9, 9, 9]))
print(il.get_vocabulary(), il.vocabulary_size())
tryp("lookup", lambda: il(np.array([9, 5, 100, 0])))
il2 = layers.IntegerLookup(mask_token=0, num_oov_indices=1, vocabulary=[3, 4],
                           output_mode="multi_hot")
tryp("multi_hot", lambda: il2(np.array([[3, 0, 8]])))
inv = layers.IntegerLookup(vocabulary=[3, 4], invert=True)
tryp("invert", lambda: inv(np.array([0, 1, 2, 5])))
print(sorted(il2.get_config()), il2.get_config()["mask_token"])
tryp("bad_dtype", lambda: layers.IntegerLookup(vocabulary_dtype="float32"))
h = layers.Hashing(num_bins=4)
tryp("hash_str", lambda: h(np.array([["a"], ["b"], ["c"], ["a"]])))
tryp("hash_int", lambda: h(np.array([[1], [2], [3]])))
hs = layers.Hashing(num_bins=4, salt=[1, 2])
tryp("hash_salt", lambda: hs(np.array([["a"], ["b"]])))
hm = layers.Hashing(num_bins=3, mask_value="")
tryp("hash_mask", lambda: hm(np.array([["", "a", "b"]])))
ho = layers.Hashing(num_bins=3, output_mode="one_hot")
tryp("hash_one_hot", lambda: ho(np.array(["a", "b"])))
print(sorted(hs.get_config()), hs.get_config()["salt"])
tryp("hash_bad_bins", lambda: layers.Hashing(num_bins=0))
tryp("hash_float", lambda: h(np.array([[1.5]])))
"""

SNIPPETS["normalization_and_discretization_adapt"] = _TRY + """
x = np.array([[1.0, 10.0], [2.0, 20.0], [3.0, 60.0]], "float32")
n = layers.Normalization()
n.adapt(x)
tryp("mean", lambda: n.mean)
tryp("variance", lambda: n.variance)
tryp("out", lambda: n(x))
tryp("invert_2d", lambda: layers.Normalization(mean=n.mean, variance=n.variance, invert=True))
inv = layers.Normalization(mean=n.mean[0], variance=n.variance[0], invert=True)
tryp("invert", lambda: inv(n(x)))
n1 = layers.Normalization(axis=None)
n1.adapt(x)
tryp("axis_none", lambda: n1(x))
n2 = layers.Normalization(axis=0)
tryp("axis0_adapt", lambda: n2.adapt(x))
tryp("adapt_ds", lambda: (lambda l: (l.adapt(tf.data.Dataset.from_tensor_slices(x).batch(2)),
                                     l.mean)[1])(layers.Normalization()))
print(sorted(n.get_config()))
d = layers.Discretization(num_bins=3, epsilon=0.01)
d.adapt(np.array([0.0, 1.0, 2.0, 3.0, 4.0, 5.0]))
print([round(b, 4) for b in d.bin_boundaries])
tryp("bins", lambda: d(np.array([-1.0, 1.5, 3.5, 10.0])))
d2 = layers.Discretization(bin_boundaries=[0.0, 1.0], output_mode="one_hot")
tryp("one_hot", lambda: d2(np.array([-0.5, 0.5, 2.0])))
tryp("both", lambda: layers.Discretization(bin_boundaries=[0.0], num_bins=2))
tryp("none", lambda: layers.Discretization())
m = keras.Sequential([keras.Input((2,)), n, layers.Dense(1, kernel_initializer="ones")])
m.save(os.path.join(D, "norm.keras"))
back = keras.models.load_model(os.path.join(D, "norm.keras"))
tryp("loaded", lambda: back(x))
"""

SNIPPETS["ops_edge_cases"] = _TRY + """
O = keras.ops
E = np.zeros((0, 3), "float32")
tryp("sum_empty", lambda: O.sum(E, axis=0))
tryp("mean_empty", lambda: O.mean(E))
tryp("max_empty", lambda: O.max(E, axis=1))
tryp("argmax_ties", lambda: O.argmax(np.array([[1, 3, 3], [2, 2, 1]]), axis=1))
tryp("argmin_nan", lambda: O.argmin(np.array([1.0, np.nan, 0.0])))
tryp("divide_zero", lambda: O.divide(np.array([1.0, -1.0, 0.0]), 0.0))
tryp("floor_divide_int", lambda: O.floor_divide(np.array([7, -7]), np.array([2, 2])))
tryp("mod_negative", lambda: O.mod(np.array([-7, 7]), 3))
tryp("clip_int", lambda: O.clip(np.array([1, 5, 9]), 2, 6))
tryp("where_scalars", lambda: O.where(np.array([True, False]), 1, 0.5))
tryp("where_one", lambda: O.where(np.array([[0, 1], [2, 0]])))
tryp("take_clip", lambda: O.take(np.array([1.0, 2.0, 3.0]), np.array([0, 5])))
tryp("take_along", lambda: O.take_along_axis(np.array([[1, 2], [3, 4]]), np.array([[1], [0]]), 1))
tryp("cumsum_bool", lambda: O.cumsum(np.array([True, True, False])))
tryp("round_half", lambda: O.round(np.array([0.5, 1.5, 2.5, -0.5])))
tryp("sqrt_negative", lambda: O.sqrt(np.array([-1.0, 4.0])))
tryp("log_zero", lambda: O.log(np.array([0.0, 1.0])))
tryp("one_hot_oob", lambda: O.one_hot(np.array([0, 3, -1]), 3))
tryp("concat_empty", lambda: O.concatenate([E, np.ones((1, 3), "float32")]).shape)
tryp("reshape_bad", lambda: O.reshape(np.arange(6), (4, -1)))
tryp("squeeze_bad", lambda: O.squeeze(np.ones((2, 1)), axis=0))
tryp("matmul_bad", lambda: O.matmul(np.ones((2, 3)), np.ones((2, 3))))
tryp("stack_mixed", lambda: O.stack([np.ones(2, "int32"), np.ones(2, "float32")]))
tryp("pad_reflect", lambda: O.pad(np.array([1, 2, 3]), 2, mode="reflect"))
tryp("sort_desc", lambda: O.flip(O.sort(np.array([3, 1, 2]))))
tryp("top_k", lambda: [np.asarray(t) for t in O.top_k(np.array([1.0, 3.0, 3.0, 2.0]), 2)])
tryp("linspace", lambda: O.linspace(0, 1, 5))
tryp("arange_float", lambda: O.arange(0, 1, 0.25))
tryp("full_like", lambda: O.full_like(np.ones((2,), "int32"), 2.7))
tryp("isclose", lambda: O.isclose(np.array([1.0, np.nan]), np.array([1.0 + 1e-9, np.nan])))
tryp("convert_none", lambda: O.convert_to_tensor(None))
tryp("cast_overflow", lambda: O.cast(np.array([300.0, -1.0]), "uint8"))
"""

SNIPPETS["metrics_result_and_reset"] = _TRY + """
M = keras.metrics
m = M.Mean()
print(float(m.result()))
m.update_state([1.0, 2.0, 3.0], sample_weight=[1.0, 0.0, 2.0])
print(round(float(m.result()), 4), [v.path for v in m.variables])
m.reset_state()
print(float(m.result()), [float(v) for v in m.variables])
acc = M.BinaryAccuracy(threshold=0.7)
acc.update_state([1, 0, 1], [0.8, 0.6, 0.65])
print(round(float(acc.result()), 4))
p = M.Precision(thresholds=[0.3, 0.6])
p.update_state([1, 0, 1, 1], [0.9, 0.4, 0.5, 0.2])
tryp("precision", lambda: p.result())
r = M.Recall(top_k=1)
r.update_state([[0, 1, 1]], [[0.1, 0.8, 0.5]])
tryp("recall_top_k", lambda: r.result())
auc = M.AUC(num_thresholds=5)
auc.update_state([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
print(round(float(auc.result()), 4))
auc.reset_state()
print(float(auc.result()), auc.thresholds)
iou = M.MeanIoU(num_classes=2)
iou.update_state([0, 0, 1, 1], [0, 1, 0, 1])
print(round(float(iou.result()), 4))
f1 = M.F1Score(average="macro", threshold=0.5)
f1.update_state(np.array([[1, 0], [0, 1]], "float32"),
                np.array([[0.7, 0.2], [0.6, 0.9]], "float32"))
print(round(float(f1.result()), 4))
sca = M.SparseCategoricalAccuracy()
sca.update_state([[1], [2]], [[0.1, 0.8, 0.1], [0.5, 0.3, 0.2]])
print(float(sca.result()))
tk = M.SparseTopKCategoricalAccuracy(k=2)
tk.update_state([2, 0], [[0.1, 0.5, 0.4], [0.2, 0.3, 0.5]])
print(float(tk.result()))
rm = M.RootMeanSquaredError()
rm.update_state([1.0, 2.0], [1.5, 2.5])
print(round(float(rm.result()), 4), rm.get_config())
s = M.Sum()
s.update_state([1, 2])
s.update_state(3)
print(float(s.result()), s.dtype)
tryp("mean_bad_weight", lambda: M.Mean().update_state([1.0, 2.0], sample_weight=[1.0, 2.0, 3.0]))
tryp("metric_from_string", lambda: getattr(M.get("acc"), "__name__", type(M.get("acc"))))
"""

SNIPPETS["loss_reductions_and_options"] = _TRY + """
Lo = keras.losses
yt = np.array([[0.0, 1.0], [1.0, 0.0]], "float32")
yp = np.array([[0.2, 0.8], [0.6, 0.4]], "float32")
for red in ["sum_over_batch_size", "sum", "none", "mean", "mean_with_sample_weight", None]:
    tryp("bce " + str(red), lambda: Lo.BinaryCrossentropy(reduction=red)(yt, yp))
try:  # (the message shows a Python set: its order changes from one process to the next)
    Lo.BinaryCrossentropy(reduction="avg")
except ValueError as e:
    print("bce_bad_red", str(e).split("{")[0], sorted(eval(str(e).split("of ")[1].split(".")[0]),
                                                      key=str))
tryp("cce_smooth", lambda: Lo.CategoricalCrossentropy(label_smoothing=0.2)(yt, yp))
tryp("cce_logits", lambda: Lo.CategoricalCrossentropy(from_logits=True)(yt, yp))
tryp("scce_axis", lambda: Lo.SparseCategoricalCrossentropy(ignore_class=0)(
    np.array([0, 1]), yp))
tryp("huber", lambda: Lo.Huber(delta=0.1)(yt, yp))
tryp("sample_weight", lambda: Lo.MeanSquaredError()(yt, yp, sample_weight=np.array([1.0, 0.0])))
tryp("sample_weight_2d", lambda: Lo.MeanSquaredError(reduction="none")(
    yt, yp, sample_weight=np.array([[1.0, 0.0], [0.5, 0.5]])))
tryp("dtype", lambda: Lo.MeanSquaredError(dtype="float16")(yt, yp).dtype)
tryp("config", lambda: Lo.Huber(delta=0.1, name="h").get_config())
tryp("from_config", lambda: Lo.Huber.from_config(Lo.Huber(delta=0.3).get_config()).get_config())
tryp("get_str", lambda: getattr(Lo.get("mse"), "__name__", type(Lo.get("mse"))))
tryp("get_bad", lambda: Lo.get("nope"))
"""

SNIPPETS["utils_data_helpers"] = _TRY + """
U = keras.utils
tryp("to_categorical", lambda: U.to_categorical([0, 2, 1]))
tryp("to_categorical_n", lambda: U.to_categorical(np.array([[1], [0]]), num_classes=3))
tryp("pad_post", lambda: U.pad_sequences([[1, 2, 3], [4]], maxlen=2, padding="post",
                                         truncating="post"))
tryp("pad_value", lambda: U.pad_sequences([[1], [2, 3]], value=-1, dtype="float32"))
tryp("pad_str", lambda: U.pad_sequences([["a"], ["b", "c"]], dtype=object, value="-"))
tryp("normalize", lambda: U.normalize(np.array([[3.0, 4.0], [1.0, 0.0]]), order=2))
ds = U.timeseries_dataset_from_array(np.arange(10), targets=np.arange(10) * 10,
                                     sequence_length=3, sequence_stride=2, batch_size=2)
for xb, yb in ds:
    print(xb.numpy().tolist(), yb.numpy().tolist())
ds2 = U.timeseries_dataset_from_array(np.arange(8), None, sequence_length=4, sampling_rate=2,
                                      batch_size=10)
print([b.numpy().tolist() for b in ds2])
a, b = U.split_dataset(np.arange(10), left_size=0.7, shuffle=False)
print([int(v) for v in a], [int(v) for v in b])
tryp("split_bad", lambda: U.split_dataset(np.arange(4), left_size=5))
tryp("pack", lambda: U.pack_x_y_sample_weight(np.ones(2), None))
tryp("unpack", lambda: U.unpack_x_y_sample_weight((1, 2)))
"""
