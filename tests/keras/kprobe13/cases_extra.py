"""kprobe13's last snippets: the editor on layers holding both weights and sublayers and on
long paths, sharded weights files, seeded random image layers' values, losses with masks
and ignored classes, linalg errors and adapted preprocessing layers' configs (see
cases.py)."""

from tests.keras.kprobe13.prelude import _TRY

SNIPPETS = {}

SNIPPETS["editor_layer_with_sublayers"] = _TRY + """
L = keras.layers
os.chdir(D)
class Block(L.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.inner = L.Dense(2, name="inner_dense")
    def build(self, shape):
        self.scale = self.add_weight(shape=(2,), initializer="ones", name="scale")
        self.inner.build(shape)
    def call(self, x):
        return self.inner(x) * self.scale
m = keras.Sequential([keras.Input((3,)), Block(name="blk"), L.Dense(1)])
m.save_weights("b.weights.h5")
import h5py
with h5py.File("b.weights.h5") as f:
    f.visititems(lambda n, o: print(n, type(o).__name__))
e = keras.saving.KerasFileEditor("b.weights.h5")
e.summary()
print(e.compare(m))
long_name = "a_rather_long_file_name_for_the_editor_to_print_" + "x" * 40 + ".weights.h5"
m.save_weights(long_name)
e2 = keras.saving.KerasFileEditor(long_name)
e2.add_object("layers/" + "y" * 90, {"0": np.ones(1)})
e2.summary()
"""

SNIPPETS["sharded_weights"] = _TRY + """
import h5py, warnings
L = keras.layers
os.chdir(D)
def model():
    m = keras.Sequential([keras.Input((30,)), L.Dense(40, name="a"), L.BatchNormalization(),
                          L.Dense(30), L.Dense(1)])
    m.compile("adam", "mse")
    return m
m = model()
m.fit(np.ones((4, 30)), np.ones((4, 1)), verbose=0)
m.save_weights("s.weights.json", max_shard_size=6000 / 1024**3)
print(sorted(os.listdir(D)))
print(open("s.weights.json").read())
for fn in sorted(os.listdir(D)):
    if fn.endswith(".h5"):
        with h5py.File(fn) as f:
            print(fn)
            f.visititems(lambda n, o: print("  ", n, type(o).__name__, dict(o.attrs),
                                            getattr(o, "shape", "")))
m2 = model()
with warnings.catch_warnings(record=True) as w:  # (its optimizer is not built: skipped)
    warnings.simplefilter("always")
    m2.load_weights("s.weights.json")
print([str(x.message) for x in w])
print(all(np.allclose(a, b) for a, b in zip(m.get_weights(), m2.get_weights())))
m3 = model()
m3.optimizer.build(m3.trainable_variables)
m3.load_weights("s.weights.json")
print([np.allclose(a, b) for a, b in zip(m.optimizer.variables, m3.optimizer.variables)])
tryp("too_small", lambda: m.save_weights("big.weights.json", max_shard_size=100 / 1024**3))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    m.save_weights("r.weights.h5", max_shard_size=1)
print([str(x.message) for x in w if "sharded" in str(x.message)])
print(sorted(n for n in os.listdir(D) if n.startswith("r")))
for bad in ["x.h5", "x.json", "x.keras"]:
    tryp(bad, lambda: m.save_weights(bad, max_shard_size=1))
tryp("missing", lambda: m2.load_weights("nope.weights.json"))
tryp("api", lambda: keras.saving.save_weights(m, "api.weights.json", max_shard_size=1))
print(json.load(open("api.weights.json"))["metadata"])
tryp("unbuilt", lambda: keras.Sequential([L.Dense(1)]).save_weights("u.weights.json",
                                                                       max_shard_size=1))
"""

SNIPPETS["random_zoom_contrast_values"] = _TRY + """
L = keras.layers
x = np.arange(2 * 4 * 4 * 1, dtype="float32").reshape(2, 4, 4, 1)
tryp("zoom", lambda: L.RandomZoom(0.5, seed=3)(x, training=True)[:, :, :, 0])
wide = L.RandomZoom((-0.3, -0.3), (0.2, 0.2), seed=5, fill_mode="constant", fill_value=-1.0)
tryp("zoom_wide", lambda: wide(x, training=True)[0, :, :, 0])
tryp("contrast", lambda: L.RandomContrast(0.5, seed=7)(x, training=True)[:, :, :, 0])
tryp("contrast_int", lambda: L.RandomContrast(0.5, seed=7)(x.astype("int32"), training=True).dtype)
"""

SNIPPETS["losses_masks_and_ignore_class"] = _TRY + """
L = keras.layers
yt = np.array([[1, 2, -1], [0, -1, 1]]); logits = np.arange(18, dtype="float32").reshape(2, 3,
    3) / 5
tryp("ignore", lambda: keras.losses.SparseCategoricalCrossentropy(from_logits=True,
    ignore_class=-1)(yt, logits))
tryp("ignore_none", lambda: keras.losses.SparseCategoricalCrossentropy(from_logits=True,
    ignore_class=-1, reduction=None)(yt, logits))
tryp("ignore_sum", lambda: keras.losses.SparseCategoricalCrossentropy(from_logits=True,
    ignore_class=-1, reduction="sum")(yt, logits))
tryp("ignore_fn", lambda: keras.losses.sparse_categorical_crossentropy(yt, logits,
    from_logits=True, ignore_class=-1))
emb = L.Embedding(5, 2, mask_zero=True)
x = np.array([[1, 2, 0], [3, 0, 0]])
out = emb(x)
print(out._keras_mask if hasattr(out, "_keras_mask") else None)
y = np.ones((2, 3, 2), "float32")
tryp("masked_mse", lambda: keras.losses.MeanSquaredError()(y, out))
tryp("masked_mse_sum", lambda: keras.losses.MeanSquaredError(reduction="sum")(y, out))
tryp("masked_weighted", lambda: keras.losses.MeanSquaredError()(y, out,
    sample_weight=np.array([1.0, 2.0])))
tryp("dice", lambda: keras.losses.Dice()(np.array([[1.0, 0.0]]), np.array([[0.7, 0.2]])))
tryp("tversky", lambda: keras.losses.Tversky(alpha=0.3, beta=0.7)(np.array([[1.0, 0.0]]),
    np.array([[0.7, 0.2]])))
tryp("dice_axis", lambda: keras.losses.Dice(axis=(1,))(np.ones((2, 3)), np.ones((2, 3)) / 2))
tryp("circle", lambda: keras.losses.Circle()(np.array([0, 0, 1]), np.array([[1.0, 0.0], [0.9,
    0.1], [0.0, 1.0]])))
"""

SNIPPETS["linalg_errors_and_modes"] = _TRY + """
O = keras.ops
bad = np.array([[1.0, 2.0], [2.0, 1.0]], "float32")
tryp("cholesky_not_pd", lambda: O.linalg.cholesky(bad))
tryp("inv_singular", lambda: O.linalg.inv(np.ones((2, 2), "float32")))
tryp("det_nonsquare", lambda: O.linalg.det(np.ones((2, 3), "float32")))
tryp("svd_full", lambda: [t.shape for t in O.linalg.svd(np.ones((3, 2), "float32"),
    full_matrices=True)])
tryp("svd_thin", lambda: [t.shape for t in O.linalg.svd(np.ones((3, 2), "float32"),
    full_matrices=False)])
tryp("qr_complete", lambda: [t.shape for t in O.linalg.qr(np.ones((3, 2), "float32"),
    mode="complete")])
tryp("eig_vals", lambda: np.sort(np.real(np.asarray(O.linalg.eig(np.diag([2.0,
    1.0]).astype("float32"))[0]))))
tryp("norm_ord_bad_vec", lambda: O.linalg.norm(np.ones(3), ord="fro"))
tryp("norm_3d", lambda: O.linalg.norm(np.ones((2, 2, 2))))
tryp("solve_tri_upper", lambda: O.linalg.solve_triangular(np.triu(np.ones((2, 2), "float32")),
    np.ones((2, 1), "float32")))
tryp("lstsq_rcond", lambda: O.linalg.lstsq(np.eye(2, dtype="float32"), np.ones(2, "float32"),
    rcond=0.5))
dt("det_f64", lambda: O.linalg.det(np.eye(2)))
try:
    O.linalg.eigh(np.eye(2, dtype="float16"))
except Exception as e:  # (its first line: the kernels TF lists after it vary by build)
    print("eigh_f16", type(e).__name__, str(e).splitlines()[0])
"""

SNIPPETS["adapted_layers_configs"] = _TRY + """
L = keras.layers
n = L.Normalization(axis=None)
n.adapt(np.array([1.0, 2.0, 3.0, 4.0]))
print(json.dumps(n.get_config(), sort_keys=True))
tryp("norm_values", lambda: n(np.array([1.0, 4.0])))
inv = L.Normalization(mean=2.0, variance=4.0, invert=True)
tryp("invert", lambda: inv(np.array([0.0, 1.0])))
print(json.dumps(inv.get_config(), sort_keys=True))
s = L.StringLookup()
s.adapt(np.array(["b", "a", "b", "c", "b", "a"]))
print(json.dumps(s.get_config(), sort_keys=True)[:500])
s2 = L.StringLookup.from_config(s.get_config())
print(s2.get_vocabulary(), s2.vocabulary_size())
tv = L.TextVectorization(max_tokens=5, ngrams=2)
tv.adapt(np.array(["a b c", "a b"]))
cfg = tv.get_config()
print(sorted(cfg), cfg["vocabulary"], cfg["ngrams"])
tv2 = L.TextVectorization.from_config(cfg)
print(tv2.get_vocabulary())
d = L.Discretization(num_bins=3)
d.adapt(np.arange(9.0))
print(json.dumps(d.get_config(), sort_keys=True))
"""

SNIPPETS["lookup_sparse_and_ragged_outputs"] = _TRY + """
L = keras.layers
def sp(label, fn):
    try:
        r = fn()
        print(label, type(r).__name__, np.asarray(r.indices).tolist(),
              np.asarray(r.values).tolist(), list(r.shape), r.dtype)
    except Exception as e:
        print(label, type(e).__name__, str(e)[:300])
v = ["a", "b", "c"]
x = np.array([["a", "c", "z"], ["b", "b", "a"]])
sp("multi_hot", lambda: L.StringLookup(vocabulary=v, output_mode="multi_hot", sparse=True)(x))
sp("count", lambda: L.StringLookup(vocabulary=v, output_mode="count", sparse=True)(x))
sp("tf_idf", lambda: L.StringLookup(vocabulary=v, output_mode="tf_idf", sparse=True,
                                   idf_weights=[0.5, 1.0, 2.0])(x))
sp("one_hot", lambda: L.StringLookup(vocabulary=v, output_mode="one_hot", sparse=True)(
    np.array(["a", "z"])))
sp("int_multi_hot", lambda: L.IntegerLookup(vocabulary=[5, 6], output_mode="multi_hot",
                                            sparse=True)(np.array([[5, 7], [6, 6]])))
tryp("int_sparse", lambda: L.StringLookup(vocabulary=v, sparse=True))
tv = L.TextVectorization(vocabulary=["x", "y"], ragged=True)
r = tv(np.array(["x y y", "y", "q x"]))
print(type(r).__name__, r.to_list())
tryp("ragged_seq_len", lambda: L.TextVectorization(ragged=True, output_sequence_length=3))
tryp("ragged_count", lambda: L.TextVectorization(ragged=True, output_mode="count"))
sp("tv_sparse", lambda: L.TextVectorization(vocabulary=["x", "y"], output_mode="count",
                                            sparse=True)(np.array(["x y y", "q"])))
"""

SNIPPETS["callbacks_nan_lambda_history"] = _TRY + """
L = keras.layers
x = np.ones((8, 1), "float32"); y = np.zeros((8, 1), "float32")
m = keras.Sequential([keras.Input((1,)), L.Dense(1, kernel_initializer="ones")])
m.compile(keras.optimizers.SGD(1e30), "mse")
h = m.fit(x, y, epochs=3, batch_size=2, verbose=0, callbacks=[keras.callbacks.TerminateOnNaN()])
print(len(h.history["loss"]), [np.isfinite(v) for v in h.history["loss"]])
events = []
lc = keras.callbacks.LambdaCallback(
    on_train_begin=lambda logs: events.append(("train_begin", sorted(logs or {}))),
    on_epoch_end=lambda e, logs: events.append(("epoch_end", e, sorted(logs))),
    on_train_batch_end=lambda b, logs: events.append(("batch_end", b, sorted(logs))),
    on_train_end=lambda logs: events.append(("train_end", sorted(logs or {}))))
m2 = keras.Sequential([keras.Input((1,)), L.Dense(1)])
m2.compile("sgd", "mse", metrics=["mae"])
h = m2.fit(x, y, epochs=2, batch_size=4, verbose=0, callbacks=[lc])
for e in events:
    print(e)
print(type(h).__name__, h.params, h.epoch, sorted(h.history), h.model is m2)
tryp("lambda_bad", lambda: type(keras.callbacks.LambdaCallback(on_nothing=lambda: 0)).__name__)
cl = keras.callbacks.CallbackList([lc], model=m2)
print(type(cl).__name__, len(cl.callbacks), cl.model is m2)
"""

SNIPPETS["image_ops_random_and_scale"] = _TRY + """
O = keras.ops
img = np.arange(2 * 6 * 6 * 1, dtype="float32").reshape(2, 6, 6, 1)
tryp("scale_translate", lambda: O.image.scale_and_translate(
    img, (2, 3, 3, 1), scale=np.array([0.5, 0.5], "float32"), translation=np.zeros(2, "float32"),
    spatial_dims=(1, 2), method="linear")[0, :, :, 0])
try:  # (the allowed methods are a set: their order varies between runs)
    O.image.scale_and_translate(img, (2, 3, 3, 1), scale=np.array([0.5, 0.5], "float32"),
                                translation=np.zeros(2, "float32"), spatial_dims=(1, 2),
                                method="bogus")
except ValueError as e:
    head, rest = str(e).split("{")
    allowed, tail = rest.split("}")
    print("scale_translate_bad", head, sorted(allowed.split(", ")), tail)
tryp("elastic_bad_interp", lambda: O.image.elastic_transform(img, interpolation="cubic"))
tryp("elastic_shape", lambda: O.image.elastic_transform(img, seed=1).shape)
tryp("blur_bad", lambda: O.image.gaussian_blur(img, kernel_size=(3,)))
tryp("persp_bad", lambda: O.image.perspective_transform(img, np.ones((3, 2)), np.ones((4, 2))))
tryp("crop_negative", lambda: O.image.crop_images(img, -1, 0, target_height=2, target_width=2))
tryp("pad_both", lambda: O.image.pad_images(img, 1, 1, target_height=9, target_width=9,
                                            bottom_padding=2))
tryp("gray_bad_rank", lambda: O.image.rgb_to_grayscale(np.ones((3,))))
tryp("hsv_bad_channels", lambda: O.image.rgb_to_hsv(np.ones((1, 2, 2, 4), "float32")))
"""

SNIPPETS["weights_objects_to_skip"] = _TRY + """
import h5py
L = keras.layers
os.chdir(D)
def model():
    return keras.Sequential([keras.Input((3,)), L.Dense(4), L.Dense(2)])
m = model()
keras.saving.save_weights(m, "a.weights.h5", objects_to_skip=[m.layers[0]])
with h5py.File("a.weights.h5") as f:
    f.visititems(lambda n, o: print(n, type(o).__name__, dict(o.attrs)))
tryp("load_all", lambda: model().load_weights("a.weights.h5"))
m3 = model()
b3 = m3.layers[0].kernel.numpy().copy()
m3.load_weights("a.weights.h5", objects_to_skip=[m3.layers[0]])
print(np.allclose(m3.layers[0].kernel.numpy(), b3),
      np.allclose(m3.layers[1].kernel.numpy(), m.layers[1].kernel.numpy()))
m.save_weights("full.weights.h5")
m.save("full.keras")
m4 = model()
b4 = m4.layers[1].kernel.numpy().copy()
m4.load_weights("full.weights.h5", objects_to_skip=[m4.layers[1]])
print(np.allclose(m4.layers[1].kernel.numpy(), b4),
      np.allclose(m4.layers[0].kernel.numpy(), m.layers[0].kernel.numpy()))
for bad in ["full.keras", "x.weights.json", "legacy.h5"]:
    tryp(bad, lambda: m4.load_weights(bad, objects_to_skip=[m4.layers[1]]))
keras.saving.save_weights(m, "b.weights.json", max_shard_size=1, objects_to_skip=[m.layers[0]])
print(open("b.weights.json").read())
m5 = model()
m5.load_weights("b.weights.json", objects_to_skip=[m5.layers[0]])
print(np.allclose(m5.layers[1].bias.numpy(), m.layers[1].bias.numpy()))
tryp("method", lambda: m.save_weights("c.weights.h5", objects_to_skip=[m.layers[0]]))
tryp("other_kw", lambda: keras.saving.save_weights(m, "d.weights.h5", nothing=1))
"""

SNIPPETS["bfloat16_weights_files"] = _TRY + """
import h5py
os.chdir(D)
def model():
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, dtype="bfloat16"),
                             keras.layers.Dense(1, dtype="float16")])
def same(a, b):
    return [np.array_equal(np.asarray(x, "float32"), np.asarray(y, "float32"))
            for x, y in zip(a.get_weights(), b.get_weights())]
m = model()
m.save_weights("bf.weights.h5")
with h5py.File("bf.weights.h5") as f:
    f.visititems(lambda n, o: print(n, type(o).__name__, dict(o.attrs), getattr(o, "dtype", "")))
m2 = model()
m2.load_weights("bf.weights.h5")
print(same(m, m2))
m.save_weights("s.weights.json", max_shard_size=1)
with h5py.File("s_00000.weights.h5") as f:
    print(dict(f["layers/dense/vars/0"].attrs), f["layers/dense/vars/0"].dtype)
m3 = model()
m3.load_weights("s.weights.json")
print(same(m, m3))
m.save("bf.keras")
m4 = keras.saving.load_model("bf.keras")
print(same(m, m4), m4.layers[0].kernel.dtype)
e = keras.saving.KerasFileEditor("bf.weights.h5")
e.summary()
tryp("editor_save", lambda: e.save("again.weights.h5"))
"""
