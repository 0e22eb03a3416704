"""kprobe13's snippets on preprocessing layers' options, callbacks, losses and metrics
under dtype policies, summaries of shared layers, config round trips and keras.utils'
edges (see cases.py)."""

from tests.keras.kprobe13.prelude import _TRY

SNIPPETS = {}

SNIPPETS["hashed_crossing"] = _TRY + """
L = keras.layers
a = np.array([1, 2, 3, 1]); b = np.array(["x", "y", "x", "x"])
tryp("int", lambda: L.HashedCrossing(num_bins=5)((a, b)))
tryp("one_hot", lambda: L.HashedCrossing(num_bins=4, output_mode="one_hot")((a, b)))
tryp("scalar", lambda: L.HashedCrossing(num_bins=7)((np.array(3), np.array("x"))))
tryp("sparse", lambda: type(L.HashedCrossing(num_bins=4, output_mode="one_hot", sparse=True)((a,
    b))).__name__)
tryp("one_input", lambda: L.HashedCrossing(num_bins=4)((a,)))
tryp("not_tuple", lambda: L.HashedCrossing(num_bins=4)(a))
tryp("shapes", lambda: L.HashedCrossing(num_bins=4)((a, b[:2])))
tryp("bad_mode", lambda: L.HashedCrossing(num_bins=4, output_mode="count"))
tryp("sparse_int", lambda: L.HashedCrossing(num_bins=4, sparse=True))
tryp("three", lambda: L.HashedCrossing(num_bins=10)((a, b, a)))
h = L.HashedCrossing(num_bins=3, output_mode="one_hot", name="hc")
print(h.get_config())
tryp("dtype", lambda: L.HashedCrossing(num_bins=3)((a, b)).dtype)
tryp("2d", lambda: L.HashedCrossing(num_bins=5)((a.reshape(2, 2), b.reshape(2, 2))))
"""

SNIPPETS["hashing_options"] = _TRY + """
L = keras.layers
s = np.array([["a"], ["b"], [""], ["abc"]])
tryp("plain", lambda: L.Hashing(num_bins=5)(s))
tryp("mask", lambda: L.Hashing(num_bins=5, mask_value="")(s))
tryp("salt_int", lambda: L.Hashing(num_bins=5, salt=7)(s))
tryp("salt_pair", lambda: L.Hashing(num_bins=5, salt=[1, 2])(s))
tryp("multi_hot", lambda: L.Hashing(num_bins=4, output_mode="multi_hot")(np.array([["a", "b"],
    ["c", "c"]])))
tryp("count", lambda: L.Hashing(num_bins=4, output_mode="count")(np.array([["a", "b"], ["c",
    "c"]])))
tryp("one_hot", lambda: L.Hashing(num_bins=3, output_mode="one_hot")(np.array(["a", "b"])))
tryp("ints", lambda: L.Hashing(num_bins=6)(np.array([[1], [2], [-3]])))
tryp("floats", lambda: L.Hashing(num_bins=6)(np.array([[1.5]])))
tryp("bad_bins", lambda: L.Hashing(num_bins=0))
tryp("bad_salt", lambda: L.Hashing(num_bins=3, salt=[1, 2, 3]))
tryp("bad_mode", lambda: L.Hashing(num_bins=3, output_mode="tf_idf"))
print(L.Hashing(num_bins=3, salt=5, mask_value="x").get_config())
"""

SNIPPETS["integer_lookup_oov_mask"] = _TRY + """
L = keras.layers
x = np.array([[12, 1138, 42], [42, 1000, 36]])
v = [12, 36, 1138, 42]
tryp("oov2", lambda: L.IntegerLookup(vocabulary=v, num_oov_indices=2)(x))
tryp("mask", lambda: L.IntegerLookup(vocabulary=v, mask_token=0)(np.array([[0, 12, 5]])))
tryp("mask_in_vocab", lambda: L.IntegerLookup(vocabulary=[0, 12, 36],
    mask_token=0)(np.array([[0, 12]])))
tryp("oov0", lambda: L.IntegerLookup(vocabulary=v, num_oov_indices=0)(x))
tryp("oov0_ok", lambda: L.IntegerLookup(vocabulary=v, num_oov_indices=0)(np.array([12, 42])))
tryp("invert", lambda: L.IntegerLookup(vocabulary=v, invert=True)(np.array([[1, 2, 0, 9]])))
tryp("invert_mask", lambda: L.IntegerLookup(vocabulary=v, invert=True,
    mask_token=0)(np.array([[0, 1, 2]])))
l = L.IntegerLookup(vocabulary=v, mask_token=0, num_oov_indices=2, oov_token=-7)
print(l.get_vocabulary(), l.vocabulary_size(), l.get_vocabulary(include_special_tokens=False))
tryp("dup_vocab", lambda: L.IntegerLookup(vocabulary=[1, 2, 1]))
tryp("neg_oov", lambda: L.IntegerLookup(num_oov_indices=-1))
tryp("multi_hot", lambda: L.IntegerLookup(vocabulary=v, output_mode="multi_hot", mask_token=0)(x))
tryp("count_pad", lambda: L.IntegerLookup(vocabulary=v, output_mode="count",
    pad_to_max_tokens=True, max_tokens=8)(x))
tryp("tfidf_no_w", lambda: L.IntegerLookup(vocabulary=v, output_mode="tf_idf"))
tryp("tfidf", lambda: L.IntegerLookup(vocabulary=v, output_mode="tf_idf", idf_weights=[0.5, 1,
    2, 3])(x))
tryp("vocab_dtype", lambda: L.IntegerLookup(vocabulary=v,
    vocabulary_dtype="int32")(x.astype("int32")))
"""

SNIPPETS["text_vectorization_modes"] = _TRY + """
L = keras.layers
data = np.array(["the cat sat", "the dog", "a cat and a dog sat"])
tv = L.TextVectorization(ngrams=2)
tv.adapt(data)
print(tv.get_vocabulary())
tryp("int_ngrams", lambda: tv(np.array(["the cat", "dog sat"])))
tv2 = L.TextVectorization(ngrams=(1, 3), output_mode="count", max_tokens=6)
tv2.adapt(data)
print(tv2.get_vocabulary())
tryp("count", lambda: tv2(np.array(["the cat sat the cat"])))
tv3 = L.TextVectorization(output_mode="tf_idf", max_tokens=5)
tv3.adapt(data)
tryp("tf_idf", lambda: tv3(np.array(["the cat the"])))
tv4 = L.TextVectorization(split="character", output_sequence_length=6)
tv4.adapt(np.array(["abc", "abba"]))
print(tv4.get_vocabulary())
tryp("chars", lambda: tv4(np.array(["cab", "abcabcabc"])))
tryp("ngrams_bad", lambda: L.TextVectorization(ngrams=0))
tryp("seq_len_bad", lambda: L.TextVectorization(output_mode="count", output_sequence_length=3))
tryp("pad_no_max", lambda: L.TextVectorization(output_mode="multi_hot", pad_to_max_tokens=True))
tv5 = L.TextVectorization(vocabulary=["hello", "world"], standardize=None, split=None)
tryp("no_split", lambda: tv5(np.array([["hello"], ["World"]])))
print(tv5.get_config()["standardize"], tv5.vocabulary_size())
tv6 = L.TextVectorization(max_tokens=4, output_mode="multi_hot", pad_to_max_tokens=True)
tv6.adapt(data)
tryp("multi_hot_pad", lambda: tv6(np.array(["the cat", "zebra"])))
"""

SNIPPETS["resizing_center_crop_aspect"] = _TRY + """
L = keras.layers
x = np.arange(4 * 6, dtype="float32").reshape(1, 4, 6, 1)
tryp("resize_crop", lambda: L.Resizing(2, 2, crop_to_aspect_ratio=True)(x)[0, :, :, 0])
tryp("resize_pad", lambda: L.Resizing(4, 4, pad_to_aspect_ratio=True, fill_value=-2.0)(x)[0, :,
    :, 0])
tryp("resize_both", lambda: L.Resizing(2, 2, crop_to_aspect_ratio=True, pad_to_aspect_ratio=True))
tryp("resize_nearest", lambda: L.Resizing(2, 3, interpolation="nearest")(x)[0, :, :, 0])
tryp("resize_area", lambda: L.Resizing(2, 3, interpolation="area")(x)[0, :, :, 0])
tryp("resize_bad", lambda: L.Resizing(2, 3, interpolation="nope"))
tryp("resize_int", lambda: L.Resizing(2, 3)(x.astype("int32")).dtype)
tryp("resize_cf", lambda: L.Resizing(2, 3, data_format="channels_first")(np.ones((1, 1, 4,
    6))).shape)
tryp("center_crop", lambda: L.CenterCrop(2, 3)(x)[0, :, :, 0])
tryp("center_crop_up", lambda: L.CenterCrop(6, 4)(x)[0, :, :, 0])
tryp("center_crop_3d", lambda: L.CenterCrop(2, 2)(x[0])[:, :, 0])
tryp("center_crop_int", lambda: L.CenterCrop(2, 2)(x.astype("uint8")).dtype)
print(L.Resizing(3, 4, crop_to_aspect_ratio=True).get_config())
print(L.CenterCrop(3, 4).get_config())
tryp("out_shape", lambda: L.Resizing(3, 5).compute_output_shape((None, 9, 9, 3)))
tryp("crop_shape", lambda: L.CenterCrop(3, 5).compute_output_shape((None, None, 9, 3)))
"""

SNIPPETS["random_zoom_contrast"] = _TRY + """
L = keras.layers
x = np.arange(2 * 5 * 5 * 1, dtype="float32").reshape(2, 5, 5, 1)
z = L.RandomZoom(0.0, 0.0, seed=3)
tryp("zoom_zero", lambda: np.allclose(z(x, training=True), x))
tryp("zoom_infer", lambda: np.allclose(L.RandomZoom(0.5, seed=3)(x), x))
tryp("zoom_bad", lambda: L.RandomZoom(1.5))
tryp("zoom_bad_tuple", lambda: L.RandomZoom((0.5, -0.2)))
tryp("zoom_bad_fill", lambda: L.RandomZoom(0.2, fill_mode="mirror"))
tryp("zoom_bad_interp", lambda: L.RandomZoom(0.2, interpolation="area"))
print(L.RandomZoom(0.2, width_factor=(-0.1, 0.3), seed=4).get_config())
c = L.RandomContrast(0.0, seed=2)
tryp("contrast_zero", lambda: np.allclose(c(x, training=True), x))
tryp("contrast_infer", lambda: np.allclose(L.RandomContrast(0.5)(x), x))
tryp("contrast_bad", lambda: L.RandomContrast(1.5))
tryp("contrast_neg", lambda: L.RandomContrast(-0.1))
tryp("contrast_tuple", lambda: L.RandomContrast((0.1, 0.3)).get_config())
tryp("contrast_range", lambda: L.RandomContrast((0.5, 0.5), value_range=(0,
    10))(np.array([[[[0.0], [10.0]]]]), training=True))
print(L.RandomContrast(0.3, value_range=(0, 1), seed=9).get_config())
"""

SNIPPETS["discretization_more"] = _TRY + """
L = keras.layers
x = np.array([[-1.5, 0.0, 0.5, 2.0, 9.0]], "float32")
tryp("bounds", lambda: L.Discretization(bin_boundaries=[0.0, 1.0, 2.0])(x))
tryp("one_hot", lambda: L.Discretization(bin_boundaries=[0.0, 1.0],
    output_mode="one_hot")(np.array([0.5, -1.0])))
tryp("multi_hot", lambda: L.Discretization(bin_boundaries=[0.0, 1.0], output_mode="multi_hot")(x))
tryp("count", lambda: L.Discretization(bin_boundaries=[0.0, 1.0], output_mode="count")(x))
tryp("both", lambda: L.Discretization(bin_boundaries=[0.0], num_bins=3))
tryp("neither_call", lambda: L.Discretization()(x))
d = L.Discretization(num_bins=4, epsilon=0.01)
d.adapt(np.arange(100, dtype="float32"))
print(d.bin_boundaries, d.get_config()["num_bins"])
tryp("adapted", lambda: d(np.array([0.0, 30.0, 60.0, 99.0])))
tryp("int_input", lambda: L.Discretization(bin_boundaries=[1, 3])(np.array([0, 1, 2, 3, 4])))
tryp("dtype", lambda: L.Discretization(bin_boundaries=[1.0])(x).dtype)
tryp("bad_mode", lambda: L.Discretization(bin_boundaries=[1.0], output_mode="tf_idf"))
tryp("sparse", lambda: L.Discretization(bin_boundaries=[1.0], sparse=True))
print(L.Discretization(bin_boundaries=[0.5, 1.5]).get_config())
"""

SNIPPETS["callbacks_reduce_lr_more"] = _TRY + """
L = keras.layers
x = np.ones((8, 1), "float32"); y = np.zeros((8, 1), "float32")
m = keras.Sequential([keras.Input((1,)), L.Dense(1, kernel_initializer="zeros",
    bias_initializer="zeros")])
m.compile(keras.optimizers.SGD(0.5), "mse")
cb = keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=1, min_lr=0.1,
                                       cooldown=1, verbose=1, min_delta=1.0)
h = m.fit(x, y, epochs=6, verbose=0, callbacks=[cb])
print([round(float(v), 4) for v in h.history["learning_rate"]], sorted(h.history))
tryp("bad_factor", lambda: keras.callbacks.ReduceLROnPlateau(factor=1.0))
r = keras.callbacks.ReduceLROnPlateau(monitor="val_loss", mode="bogus")
print(r.mode, r.monitor_op.__name__ if hasattr(r.monitor_op, "__name__") else r.monitor_op)
m.compile(keras.optimizers.SGD(0.5), "mse")
tryp("missing", lambda: sorted(m.fit(x, y, epochs=2, verbose=0,
    callbacks=[keras.callbacks.ReduceLROnPlateau(monitor="missing", verbose=1)]).history))
"""

SNIPPETS["callbacks_early_stopping_more"] = _TRY + """
L = keras.layers
x = np.ones((8, 1), "float32"); y = np.zeros((8, 1), "float32")
def model():
    m = keras.Sequential([keras.Input((1,)), L.Dense(1, kernel_initializer="ones")])
    m.compile(keras.optimizers.SGD(0.01), "mse", metrics=["accuracy"])
    return m
m = model()
es = keras.callbacks.EarlyStopping(monitor="loss", baseline=0.01, patience=2, verbose=1)
h = m.fit(x, y, epochs=10, verbose=0, callbacks=[es])
print(len(h.history["loss"]), es.stopped_epoch, es.best_epoch, es.wait)
m = model()
es = keras.callbacks.EarlyStopping(monitor="loss", start_from_epoch=3, patience=0, min_delta=10,
    verbose=1, restore_best_weights=True)
h = m.fit(x, y, epochs=10, verbose=0, callbacks=[es])
print(len(h.history["loss"]), es.stopped_epoch, es.best_epoch, es.best)
m = model()
es = keras.callbacks.EarlyStopping(monitor="accuracy", patience=1, verbose=1)
h = m.fit(x, y, epochs=5, verbose=0, callbacks=[es])
print(len(h.history["loss"]), es.best)
m = model()
es = keras.callbacks.EarlyStopping(monitor="nothing", patience=1, verbose=1, mode="min")
tryp("nothing", lambda: len(m.fit(x, y, epochs=2, verbose=0, callbacks=[es]).history["loss"]))
tryp("bad_mode", lambda: keras.callbacks.EarlyStopping(mode="sideways").mode)
es = keras.callbacks.EarlyStopping(monitor="custom_thing")
tryp("unknown_dir", lambda: es.set_model(m) or es.on_train_begin())
"""

SNIPPETS["csv_logger_file"] = _TRY + """
L = keras.layers
x = np.ones((8, 1), "float32"); y = np.zeros((8, 1), "float32")
m = keras.Sequential([keras.Input((1,)), L.Dense(1, kernel_initializer="ones")])
m.compile(keras.optimizers.SGD(0.1), "mse", metrics=["mae"])
p = os.path.join(D, "log.csv")
def show(path):  # (the values to 4 places: float32 sums may differ in their last bit)
    for row in open(path).read().splitlines():
        print([c if not c[:1].isdigit() or c.isdigit() else round(float(c),
            4) for c in re.split("[,;]", row)], ";" in row)
m.fit(x, y, epochs=2, verbose=0, validation_split=0.25, callbacks=[keras.callbacks.CSVLogger(p,
    separator=";")])
show(p)
m.fit(x, y, epochs=1, verbose=0, callbacks=[keras.callbacks.CSVLogger(p, append=True)])
show(p)
m.fit(x, y, epochs=1, verbose=0, callbacks=[keras.callbacks.CSVLogger(p)])
show(p)
"""

SNIPPETS["losses_under_policies"] = _TRY + """
yt = np.array([[0.0, 1.0], [1.0, 0.0]], "float32"); yp = np.array([[0.2, 0.8], [0.6, 0.4]],
    "float32")
for cls in ["MeanSquaredError", "BinaryCrossentropy", "CategoricalCrossentropy", "Huber",
    "KLDivergence", "CosineSimilarity"]:
    for dtype in [None, "float16", "mixed_float16", "float64"]:
        try:
            l = getattr(keras.losses, cls)(dtype=dtype)
            r = l(yt, yp)
            print(cls, dtype, keras.backend.standardize_dtype(r.dtype), round(float(r), 3))
        except Exception as e:
            print(cls, dtype, type(e).__name__, str(e)[:200])
keras.config.set_dtype_policy("mixed_float16")
l = keras.losses.MeanSquaredError()
print("global", l.dtype, keras.backend.standardize_dtype(l(yt, yp).dtype))
keras.config.set_dtype_policy("float32")
for red in ["sum", "sum_over_batch_size", "mean", "mean_with_sample_weight", None, "none"]:
    tryp(str(red), lambda: keras.losses.MeanAbsoluteError(reduction=red)(yt, yp,
        sample_weight=np.array([1.0, 0.0])))
"""

SNIPPETS["metrics_under_policies"] = _TRY + """
yt = np.array([[0.0, 1.0], [1.0, 0.0]], "float32"); yp = np.array([[0.2, 0.8], [0.6, 0.4]],
    "float32")
for cls in ["Mean", "Sum", "MeanSquaredError", "BinaryAccuracy", "AUC", "Precision"]:
    for dtype in [None, "float16", "float64"]:
        try:
            m = getattr(keras.metrics, cls)(dtype=dtype)
            if cls in ("Mean", "Sum"):
                m.update_state(yp)
            else:
                m.update_state(yt, yp)
            r = m.result()
            print(cls, dtype, m.dtype, keras.backend.standardize_dtype(r.dtype), round(float(r),
                3), [v.dtype for v in m.variables][:2])
        except Exception as e:
            print(cls, dtype, type(e).__name__, str(e)[:200])
tryp("int_metric", lambda: keras.metrics.Mean(dtype="int32").dtype)
m = keras.metrics.Mean()
m.update_state([1.0, 2.0, 3.0], sample_weight=[1.0, 0.0, 2.0])
print(float(m.result()), [float(v) for v in m.variables])
tryp("bad_sw", lambda: m.update_state([1.0, 2.0], sample_weight=[1.0, 2.0, 3.0]))
keras.config.set_dtype_policy("mixed_bfloat16")
print("global", keras.metrics.Mean().dtype, keras.metrics.AUC().dtype)
keras.config.set_dtype_policy("float32")
for cls, kw in [("R2Score", {}), ("MeanIoU", {"num_classes": 2}), ("F1Score", {}),
                ("TruePositives", {}), ("PrecisionAtRecall", {"recall": 0.5}), ("Accuracy", {}),
                ("KLDivergence", {}), ("PearsonCorrelation", {}),
                ("IoU", {"num_classes": 2, "target_class_ids": [0]}),
                ("FBetaScore", {"average": "micro"}),
                ("SpecificityAtSensitivity", {"sensitivity": 0.5})]:
    for dtype in ["float16", "float64"]:
        m = getattr(keras.metrics, cls)(dtype=dtype, **kw)
        a, b = (yt.argmax(-1), yp.argmax(-1)) if "IoU" in cls else (yt, yp)
        m.update_state(a, b)
        r = m.result()
        print(cls, dtype, m.dtype, keras.backend.standardize_dtype(r.dtype),
              np.round(np.asarray(r, "float64"), 3).tolist(),
              sorted({v.dtype for v in m.variables}))
"""

SNIPPETS["summary_shared_layers"] = _TRY + """
L = keras.layers
shared = L.Dense(3, name="shared")
a = keras.Input((4,), name="a"); b = keras.Input((4,), name="b")
out = L.Add(name="add")([shared(a), shared(b)])
m = keras.Model([a, b], out, name="siamese")
m.summary()
m.summary(show_trainable=True)
print([n.name for n in m.layers], len(shared._inbound_nodes))
emb = L.Embedding(10, 2, name="emb")
i1 = keras.Input((3,), dtype="int32"); i2 = keras.Input((5,), dtype="int32")
m2 = keras.Model([i1, i2], [emb(i1), emb(i2)])
m2.summary()
"""

SNIPPETS["summary_nested_expand"] = _TRY + """
L = keras.layers
inner = keras.Sequential([keras.Input((4,)), L.Dense(3, name="d_in"), L.Dropout(0.1,
    name="drop")], name="inner")
i = keras.Input((4,), name="x")
h = inner(i)
o = L.Dense(2, name="head")(h)
m = keras.Model(i, o, name="outer")
inner.trainable = False
m.summary(expand_nested=True, show_trainable=True)
m.summary(layer_range=["inner", "head"])
tryp("bad_range", lambda: m.summary(layer_range=["nope", "head"]))
tryp("bad_range_len", lambda: m.summary(layer_range=["inner"]))
lines = []
m.summary(print_fn=lambda s, line_break=None: lines.append(s), line_length=60)
print(len(lines), max(len(s) for s in lines))
"""

SNIPPETS["config_round_trips_shared"] = _TRY + """
L = keras.layers
shared = L.Dense(3, name="shared")
a = keras.Input((4,), name="a"); b = keras.Input((4,), name="b")
m = keras.Model([a, b], L.Concatenate(name="cat")([shared(a), shared(b)]), name="siamese")
cfg = m.get_config()
print(json.dumps(cfg["layers"][2], sort_keys=True)[:600])
print(cfg["input_layers"], cfg["output_layers"])
m2 = keras.Model.from_config(cfg)
print([l.name for l in m2.layers], m2.get_config() == cfg)
s = keras.Sequential([L.Dense(2, name="x")], name="seq")
print(json.dumps(s.get_config(), sort_keys=True))
s2 = keras.Sequential.from_config(s.get_config())
print(s2.built, [l.name for l in s2.layers])
s.build((None, 3))
print(json.dumps(s.get_config(), sort_keys=True)[:400])
tryp("bad_cfg", lambda: keras.Model.from_config({"layers": []}))
"""

SNIPPETS["utils_edges"] = _TRY + """
U = keras.utils
tryp("pad_str", lambda: U.pad_sequences([["a", "b"], ["c"]], dtype=object, value="_"))
tryp("pad_str_nodtype", lambda: U.pad_sequences([["a", "b"], ["c"]], value="_"))
tryp("pad_maxlen0", lambda: U.pad_sequences([[1, 2], [3]], maxlen=0))
tryp("pad_float", lambda: U.pad_sequences([[1.5, 2.5], [3.5]], dtype="float32", value=-1.0))
tryp("pad_empty", lambda: U.pad_sequences([[], [1]]))
tryp("pad_bad_trunc", lambda: U.pad_sequences([[1, 2, 3]], maxlen=2, truncating="middle"))
tryp("pad_bad_pad", lambda: U.pad_sequences([[1, 2, 3]], padding="middle"))
tryp("pad_2d_items", lambda: U.pad_sequences([[[1, 2]], [[3, 4], [5, 6]]]))
tryp("pad_scalar", lambda: U.pad_sequences([1, 2]))
tryp("tocat_nc_small", lambda: U.to_categorical([0, 3], num_classes=2))
tryp("tocat_2d", lambda: U.to_categorical([[1], [2]]))
tryp("tocat_2d_wide", lambda: U.to_categorical([[1, 0], [2, 1]]).shape)
tryp("tocat_float", lambda: U.to_categorical([1.0, 2.0]))
tryp("tocat_empty", lambda: U.to_categorical([]))
tryp("normalize_l1", lambda: U.normalize(np.array([[3.0, 4.0], [1.0, 1.0]]), order=1))
tryp("normalize_axis0", lambda: U.normalize(np.array([[3.0, 4.0], [0.0, 0.0]]), axis=0))
tryp("normalize_zero", lambda: U.normalize(np.zeros((1, 2))))
tryp("normalize_tensor", lambda: U.normalize(keras.ops.ones((2, 2))))
"""

SNIPPETS["timeseries_and_split_edges"] = _TRY + """
U = keras.utils
data = np.arange(20)
ds = U.timeseries_dataset_from_array(data, None, sequence_length=4, sequence_stride=3,
    sampling_rate=2, batch_size=2)
print([b.numpy().tolist() for b in ds])
ds = U.timeseries_dataset_from_array(data, data * 10, sequence_length=3, start_index=5,
    end_index=12, batch_size=10)
print([(x.numpy().tolist(), y.numpy().tolist()) for x, y in ds])
tryp("ts_bad_len", lambda: U.timeseries_dataset_from_array(data, None, sequence_length=0))
tryp("ts_bad_rate", lambda: U.timeseries_dataset_from_array(data, None, 3, sampling_rate=0))
tryp("ts_bad_stride", lambda: U.timeseries_dataset_from_array(data, None, 3, sequence_stride=0))
tryp("ts_bad_start", lambda: U.timeseries_dataset_from_array(data, None, 3, start_index=30))
tryp("ts_bad_end", lambda: U.timeseries_dataset_from_array(data, None, 3, start_index=5,
    end_index=4))
tryp("ts_targets_len", lambda: U.timeseries_dataset_from_array(data, data[:5], 3))
ds = U.timeseries_dataset_from_array(data, None, 5, shuffle=True, seed=1, batch_size=None)
print(ds.element_spec)
a, b = U.split_dataset(np.arange(10), left_size=0.3, shuffle=False)
print(list(a.as_numpy_iterator()), list(b.as_numpy_iterator()))
a, b = U.split_dataset((np.arange(6), np.arange(6) * 2), right_size=2)
print(a.element_spec, len(list(a)), len(list(b)))
tryp("split_bad", lambda: U.split_dataset(np.arange(4), left_size=5))
tryp("split_both_float", lambda: U.split_dataset(np.arange(4), left_size=0.6, right_size=0.6))
tryp("split_neg", lambda: U.split_dataset(np.arange(4), left_size=-1))
tryp("split_none", lambda: [len(list(d)) for d in U.split_dataset(np.arange(4))])
tryp("split_type", lambda: U.split_dataset([1, 2, 3], left_size=1))
for d in [[], (), (np.arange(3), [1, 2, 3]), [np.arange(3), np.arange(4)],
          (np.arange(3), np.arange(2)), [np.arange(4), np.arange(4)]]:
    tryp("split_" + type(d).__name__, lambda: [len(list(p)) for p in U.split_dataset(d, 1)])
"""

SNIPPETS["pydataset_workers0"] = _TRY + """
class Seq(keras.utils.PyDataset):
    def __init__(self, n, **kw):
        super().__init__(**kw)
        self.n = n
        self.ends = 0
    def __len__(self):
        return self.n
    def __getitem__(self, i):
        return np.full((2, 1), i, "float32"), np.zeros((2, 1), "float32")
    def on_epoch_end(self):
        self.ends += 1
s = Seq(3, workers=0)
print(s.workers, s.use_multiprocessing, s.max_queue_size, s.num_batches)
m = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1)])
m.compile("sgd", "mse")
h = m.fit(s, epochs=2, verbose=0)
print(len(h.history["loss"]), s.ends)
print(m.predict(Seq(2), verbose=0).shape, m.evaluate(Seq(2), verbose=0) >= 0)
class NoLen(keras.utils.PyDataset):
    def __getitem__(self, i):
        if i >= 2:
            raise IndexError
        return np.ones((1, 1), "float32"), np.ones((1, 1), "float32")
    @property
    def num_batches(self):
        return None
n = NoLen()
print(n.num_batches)
tryp("base_len", lambda: len(keras.utils.PyDataset()))
tryp("base_item", lambda: keras.utils.PyDataset()[0])
tryp("bad_kw", lambda: Seq(2, foo=1))
"""

SNIPPETS["progbar_variants"] = _TRY + """
def timed(fn):  # (the time per step masked)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        fn()
    print(re.sub("[0-9]+(us|ms)/", "T/", buf.getvalue()), end="")
P = keras.utils.Progbar
def run():
    p = P(4, verbose=2, stateful_metrics=["acc"], unit_name="batch")
    for i in range(1, 5):
        p.update(i, values=[("loss", float(i)), ("acc", i / 10)])
    print()
    p = P(None, verbose=2)
    p.update(3, values=[("x", 1.0)])
    p.update(5, values=[("x", 3.0)], finalize=True)
    p = P(3, verbose=2)
    p.add(1, values=[("a", 2.0)])
    p.add(2, values=[("a", 4.0)])
    p = P(2, verbose=2, width=10)
    p.update(2, values=[("big", 12345.678), ("small", 0.0000123)])
    p = P(2, verbose=2)
    p.update(2, values=[("v", np.array([1.0, 2.0]))])
timed(run)
"""

SNIPPETS["layer_dtype_policies"] = _TRY + """
L = keras.layers
for cls, args in [("Dense", (2,)), ("Conv1D", (2, 2)), ("LayerNormalization", ()), ("Embedding",
    (5, 2)), ("LSTM", (2,))]:
    for pol in ["mixed_float16", "mixed_bfloat16", "float64", "bfloat16"]:
        try:
            l = getattr(L, cls)(*args, dtype=pol)
            shape = {"Conv1D": (1, 4, 3), "Embedding": (1, 3), "LSTM": (1, 4, 3)}.get(cls, (1, 3))
            x = np.ones(shape, "int32" if cls == "Embedding" else "float32")
            y = l(x)
            print(cls, pol, keras.backend.standardize_dtype(y.dtype), l.variable_dtype,
                l.compute_dtype, sorted({v.dtype for v in l.weights}))
        except Exception as e:
            print(cls, pol, type(e).__name__, str(e)[:200])
i = keras.Input((2,), dtype="float16")
print(i.dtype, L.Dense(1)(i).dtype)
m = keras.Sequential([keras.Input((2,)), L.Dense(1, dtype="mixed_float16"),
    L.Activation("linear", dtype="float32")])
print(m(np.ones((1, 2))).dtype, [l.dtype_policy.name for l in m.layers])
tryp("bad", lambda: L.Dense(1, dtype="mixed_int8"))
tryp("policy_obj", lambda: L.Dense(1, dtype=keras.DTypePolicy("float16")).dtype_policy)
for pol in ["bfloat16", "float16", "mixed_bfloat16"]:
    l = L.LayerNormalization(dtype=pol, beta_initializer="ones",
                             gamma_initializer=keras.initializers.Constant(1.5))
    y = l(np.array([[1.0, 2.5, 4.0], [0.3, -1.0, 2.0]], "float32"))
    print(pol, keras.backend.standardize_dtype(y.dtype), keras.ops.cast(y, "float32").numpy())
tryp("orthogonal_bf16", lambda: keras.initializers.Orthogonal(seed=1)((2, 2), dtype="bfloat16"))
"""
