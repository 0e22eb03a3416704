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
