"""kprobe33's snippets with odd arguments to keras.ops functions earlier rounds called in
their plain forms (searchsorted's sides and sorters, unravel_index, corrcoef, trapezoid,
vander, nan_to_num, logspace/geomspace, select, slogdet, rot90, view_as_real) and to
preprocessing layers (Discretization, HashedCrossing, Hashing with salts, lookups with
tf_idf and vocabulary files, TextVectorization ngrams, Normalization adapted on datasets,
Resizing's aspect options) and a few layers' rarer options (see cases.py)."""

from tests.keras.kprobe33.prelude import _TRY

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

SNIPPETS: dict[str, str] = {}

SNIPPETS["ops_searchsorted_sides"] = _TRY + """
s = np.array([1.0, 2.0, 2.0, 3.5, 7.0], "float32")
v = np.array([[2.0, 0.0], [7.5, 3.5]], "float32")
show("left", lambda: O.searchsorted(s, v))
show("right", lambda: O.searchsorted(s, v, side="right"))
show("int", lambda: O.searchsorted(np.array([1, 3, 5], "int32"), np.array([3, 4], "int32")))
show("mixed", lambda: O.searchsorted(np.array([1, 3, 5], "int32"), np.array([2.5], "float32")))
show("scalar_v", lambda: O.searchsorted(s, 2.0))
show("bad_side", lambda: O.searchsorted(s, v, side="middle"))
show("bad_rank", lambda: O.searchsorted(np.ones((2, 2), "float32"), v))
show("nan", lambda: O.searchsorted(s, np.array([np.nan], "float32")))
"""

SNIPPETS["ops_unravel_index_corrcoef"] = _TRY + """
show("unravel", lambda: O.unravel_index(np.array([0, 5, 11], "int32"), (3, 4)))
show("unravel_scalar", lambda: O.unravel_index(7, (2, 2, 2)))
show("unravel_int64", lambda: O.unravel_index(np.array([3], "int64"), (2, 2)))
show("unravel_oob", lambda: O.unravel_index(np.array([12], "int32"), (3, 4)))
show("unravel_neg", lambda: O.unravel_index(np.array([-1], "int32"), (3, 4)))
x = np.array([[1.0, 2.0, 4.0, 7.0], [2.0, 1.0, 0.0, 3.0], [5.0, 5.0, 5.0, 5.0]], "float32")
show("corr", lambda: O.corrcoef(x))
show("corr_int", lambda: O.corrcoef(x.astype("int32")))
show("corr_1d", lambda: O.corrcoef(x[0]))
show("corr_f16", lambda: O.corrcoef(x[:2].astype("float16")))
"""

SNIPPETS["ops_trapezoid_vander"] = _TRY + """
y = np.array([[1.0, 2.0, 4.0], [0.5, 0.5, 3.0]], "float32")
show("trap", lambda: O.trapezoid(y))
show("trap_x", lambda: O.trapezoid(y, x=np.array([0.0, 0.5, 2.0], "float32")))
show("trap_dx", lambda: O.trapezoid(y, dx=0.25, axis=0))
show("trap_int", lambda: O.trapezoid(np.array([1, 2, 4], "int32")))
show("trap_bool", lambda: O.trapezoid(np.array([True, False, True])))
show("vander", lambda: O.vander(np.array([1.0, 2.0, 3.0], "float32")))
show("vander_n", lambda: O.vander(np.array([1, 2, 3], "int32"), N=2))
show("vander_inc", lambda: O.vander(np.array([2.0, -1.0], "float32"), N=4, increasing=True))
show("vander_n0", lambda: O.vander(np.array([2.0, -1.0], "float32"), N=0))
show("vander_2d", lambda: O.vander(np.ones((2, 2), "float32")))
show("vander_neg", lambda: O.vander(np.array([2.0], "float32"), N=-1))
"""

SNIPPETS["ops_nan_to_num_logspace"] = _TRY + """
z = np.array([np.nan, np.inf, -np.inf, 1.5], "float32")
show("n2n", lambda: O.nan_to_num(z))
show("n2n_args", lambda: O.nan_to_num(z, nan=-1.0, posinf=9.0, neginf=-9.0))
show("n2n_f16", lambda: O.nan_to_num(z.astype("float16")))
show("n2n_int", lambda: O.nan_to_num(I, nan=5.0))
show("n2n_bool", lambda: O.nan_to_num(B))
show("logspace", lambda: O.logspace(0.0, 2.0, num=3))
show("logspace_base", lambda: O.logspace(0, 3, num=4, base=2.0, endpoint=False))
show("logspace_int", lambda: O.logspace(0, 2, num=3, dtype="int32"))
show("logspace_vec", lambda: O.logspace(np.array([0.0, 1.0], "float32"), 2.0, num=3))
show("geomspace", lambda: O.geomspace(1.0, 1000.0, num=4))
show("geomspace_neg", lambda: O.geomspace(-1.0, -100.0, num=3))
show("geomspace_zero", lambda: O.geomspace(0.0, 10.0, num=3))
"""

SNIPPETS["ops_select_slogdet_rot90"] = _TRY + """
x = np.arange(6, dtype="float32").reshape(2, 3)
show("select", lambda: O.select([x < 2, x > 3], [x, x * 10], default=-1.0))
show("select_int", lambda: O.select([x < 2], [x.astype("int32")]))
show("select_bcast", lambda: O.select([np.array([True, False, True])], [x]))
show("select_bad", lambda: O.select([x < 2], [x, x]))
show("select_empty", lambda: O.select([], []))
m = np.array([[[2.0, 1.0], [1.0, 3.0]], [[0.0, 1.0], [1.0, 0.0]], [[1.0, 2.0], [2.0, 4.0]]], "float32")
show("slogdet", lambda: O.slogdet(m))
show("slogdet_f64", lambda: O.slogdet(m.astype("float64")[0]))
show("slogdet_int", lambda: O.slogdet(np.array([[2, 1], [1, 3]], "int32")))
show("slogdet_bad", lambda: O.slogdet(np.ones((2, 3), "float32")))
r = np.arange(24, dtype="int32").reshape(2, 3, 4)
show("rot90", lambda: O.rot90(r[0]))
show("rot90_k3", lambda: O.rot90(r[0], k=3))
show("rot90_kneg", lambda: O.rot90(r[0], k=-1))
show("rot90_axes", lambda: O.rot90(r, k=1, axes=(1, 2))[0])
show("rot90_axes02", lambda: O.rot90(r, k=2, axes=(0, 2))[:, 0])
show("rot90_bad_axes", lambda: O.rot90(r, axes=(1, 1)))
show("rot90_1d", lambda: O.rot90(np.array([1, 2, 3])))
"""

SNIPPETS["ops_view_as_real_complex"] = _TRY + """
z = np.array([1 + 2j, -3 - 0.5j], "complex64")
show("real", lambda: O.view_as_real(z))
show("real_2d", lambda: O.view_as_real(z.reshape(1, 2).astype("complex128")))
show("real_float", lambda: O.view_as_real(F))
show("complex", lambda: O.view_as_complex(np.array([[1.0, 2.0], [3.0, -4.0]], "float32")))
show("complex_f64", lambda: O.view_as_complex(np.array([[1.0, 2.0]])))
show("complex_bad", lambda: O.view_as_complex(np.array([1.0, 2.0, 3.0], "float32")))
show("complex_int", lambda: O.view_as_complex(np.array([[1, 2]], "int32")))
show("real_of_complex", lambda: O.real(O.view_as_complex(np.array([[1.0, 2.0]], "float32"))))
show("angle", lambda: O.angle(z))
show("angle_real", lambda: O.angle(F))
show("angle_int", lambda: O.angle(I))
"""

SNIPPETS["layer_discretization_options"] = _TRY + """
x = np.array([[-1.5, 0.0, 0.5], [1.0, 2.5, 9.0]], "float32")
D_ = keras.layers.Discretization
show("bins", lambda: D_(bin_boundaries=[0.0, 1.0, 2.0])(x))
show("one_hot", lambda: D_(bin_boundaries=[0.0, 1.0], output_mode="one_hot")(x[0]))
show("multi_hot", lambda: D_(bin_boundaries=[0.0, 1.0], output_mode="multi_hot")(x))
show("count", lambda: D_(bin_boundaries=[0.0, 1.0], output_mode="count", dtype="int32")(x))
d = D_(num_bins=3, epsilon=0.01)
d.adapt(np.linspace(0, 9, 30, dtype="float32"))
show("adapted", lambda: d(x))
print("boundaries", r4(d.bin_boundaries))
show("int_in", lambda: D_(bin_boundaries=[1, 3])(np.array([0, 1, 2, 3, 4], "int32")))
show("no_args", lambda: D_())
show("both", lambda: D_(bin_boundaries=[1.0], num_bins=3))
show("sparse", lambda: O.convert_to_numpy(D_(bin_boundaries=[0.0, 1.0], output_mode="one_hot", sparse=True)(x[0])))
show("config", lambda: sorted(D_(bin_boundaries=[0.0, 1.0]).get_config().items()))
"""

SNIPPETS["layer_hashing_salts_crossing"] = _TRY + """
H_ = keras.layers.Hashing
s = np.array([["a", "b"], ["c", "a"]])
show("plain", lambda: H_(num_bins=5)(s))
show("mask", lambda: H_(num_bins=5, mask_value="a")(s))
show("salt_int", lambda: H_(num_bins=5, salt=7)(s))
show("salt_pair", lambda: H_(num_bins=5, salt=[1, 2])(s))
show("ints", lambda: H_(num_bins=4)(np.array([[1, 2], [3, 1]], "int64")))
show("one_hot", lambda: H_(num_bins=3, output_mode="one_hot")(np.array(["a", "b"])))
show("count", lambda: H_(num_bins=3, output_mode="count")(s))
show("bad_salt", lambda: H_(num_bins=3, salt=[1, 2, 3]))
show("float_in", lambda: H_(num_bins=3)(np.array([1.5], "float32")))
X_ = keras.layers.HashedCrossing
show("cross", lambda: X_(num_bins=5)((np.array(["a", "b"]), np.array([1, 2]))))
show("cross_one_hot", lambda: X_(num_bins=3, output_mode="one_hot")((np.array(["a", "b"]), np.array([1, 2]))))
show("cross_scalar", lambda: X_(num_bins=5)((np.array("a"), np.array(1))))
show("cross_three", lambda: X_(num_bins=5)((np.array(["a"]), np.array([1]), np.array([2]))))
show("cross_shape", lambda: X_(num_bins=5)((np.array(["a", "b"]), np.array([1, 2, 3]))))
"""

SNIPPETS["layer_lookup_tf_idf_files"] = _TRY + """
vocab = os.path.join(D, "vocab.txt")
with open(vocab, "w") as f:
    f.write("cat\\ndog\\nbird\\n")
S_ = keras.layers.StringLookup
show("file", lambda: S_(vocabulary=vocab)(np.array([["cat", "fish"], ["bird", "dog"]])))
show("file_vocab", lambda: S_(vocabulary=vocab).get_vocabulary())
show("tf_idf", lambda: S_(vocabulary=["a", "b", "c"], idf_weights=[0.5, 1.0, 2.0], output_mode="tf_idf")(np.array([["a", "a", "c"], ["b", "z", "z"]])))
show("tf_idf_no_idf", lambda: S_(vocabulary=["a", "b"], output_mode="tf_idf"))
l = S_(output_mode="tf_idf")
l.adapt(np.array([["a", "b"], ["a", "c"], ["a", "a"]]))
show("adapted_vocab", lambda: l.get_vocabulary())
show("adapted_out", lambda: l(np.array([["a", "c"]])))
I_ = keras.layers.IntegerLookup
show("int_tf_idf", lambda: I_(vocabulary=[7, 9], idf_weights=[1.0, 3.0], output_mode="tf_idf")(np.array([[7, 9, 9, 4]])))
show("int_invert", lambda: I_(vocabulary=[7, 9], invert=True)(np.array([[0, 1, 2]])))
words = os.path.join(D, "words.txt")  # (a file of its own: TF shares a file's table by name)
with open(words, "w") as f:
    f.write("cat\\ndog\\n")
tryp("int_file", lambda: I_(vocabulary=words))
show("int_mask", lambda: I_(vocabulary=[7, 9], mask_token=0)(np.array([[0, 7, 5]])))
show("oov2", lambda: S_(vocabulary=["a"], num_oov_indices=2)(np.array(["a", "q", "r", "s"])))
"""

SNIPPETS["layer_text_vectorization_ngrams"] = _TRY + """
T_ = keras.layers.TextVectorization
texts = np.array(["the cat sat", "the dog sat down"])
t = T_(ngrams=2, output_mode="int")
t.adapt(texts)
print("vocab", t.get_vocabulary())
show("int", lambda: t(texts))
t3 = T_(ngrams=(1, 3), output_mode="multi_hot", max_tokens=8)
t3.adapt(texts)
print("vocab3", t3.get_vocabulary())
show("multi_hot", lambda: t3(texts))
show("bad_ngrams", lambda: T_(ngrams=0))
show("split_none", lambda: T_(split=None, vocabulary=["the cat sat"])(texts))
show("char", lambda: T_(split="character", ngrams=2, vocabulary=["ca", "at"])(np.array(["cat"])))
show("seq_len", lambda: T_(vocabulary=["the", "cat"], output_sequence_length=5)(texts))
show("tf_idf", lambda: T_(vocabulary=["the", "sat"], idf_weights=[0.5, 2.0], output_mode="tf_idf")(texts))
"""

SNIPPETS["layer_normalization_adapt_dataset"] = _TRY + """
data = np.array([[1.0, 10.0], [2.0, 20.0], [3.0, 60.0], [4.0, 30.0]], "float32")
n = keras.layers.Normalization()
n.adapt(tf.data.Dataset.from_tensor_slices(data).batch(3))
print("mean", r4(n.mean), "var", r4(n.variance))
show("out", lambda: n(data[:2]))
n0 = keras.layers.Normalization(axis=None)
n0.adapt(data)
print("axis_none", r4(n0.mean), r4(n0.variance))
n1 = keras.layers.Normalization(axis=(0,))
show("axis0_adapt", lambda: n1.adapt(data))
ni = keras.layers.Normalization(invert=True, mean=2.0, variance=4.0)
show("invert", lambda: ni(np.array([[0.0, 1.0]], "float32")))
show("mean_only", lambda: keras.layers.Normalization(mean=1.0))
show("unbatched", lambda: keras.layers.Normalization().adapt(tf.data.Dataset.from_tensor_slices(data)))
nu = keras.layers.Normalization()
nu.adapt(tf.data.Dataset.from_tensor_slices(data))
print("unbatched_mean", r4(nu.mean))
show("steps", lambda: keras.layers.Normalization().adapt(tf.data.Dataset.from_tensor_slices(data).batch(1), steps=2))
"""

SNIPPETS["layer_resizing_aspect"] = _TRY + """
R_ = keras.layers.Resizing
img4("crop", lambda: R_(3, 6, crop_to_aspect_ratio=True)(IMG))
img4("pad", lambda: R_(3, 6, pad_to_aspect_ratio=True)(IMG))
img4("pad_fill", lambda: R_(6, 3, pad_to_aspect_ratio=True, fill_value=7.0, interpolation="nearest")(IMG))
img4("pad_reflect", lambda: R_(6, 3, pad_to_aspect_ratio=True, fill_mode="reflect")(IMG))
img4("single", lambda: R_(4, 4, pad_to_aspect_ratio=True)(IMG[0]))
img4("int", lambda: R_(3, 3)(IMG.astype("int32")))
img4("cf", lambda: R_(3, 4, data_format="channels_first")(np.transpose(IMG, (0, 3, 1, 2))))
show("both", lambda: R_(3, 3, crop_to_aspect_ratio=True, pad_to_aspect_ratio=True))
show("bad_interp", lambda: R_(3, 3, interpolation="cubic"))
print(sorted(R_(3, 6, pad_to_aspect_ratio=True).get_config().items()))
"""

SNIPPETS["layer_identity_unit_norm_spectral"] = _TRY + """
show("identity", lambda: keras.layers.Identity()(F))
show("identity_nested", lambda: keras.layers.Identity()({"a": F, "b": [I]}))
show("identity_mask", lambda: keras.layers.Identity().compute_mask(F, np.array([True, False])))
show("unit", lambda: keras.layers.UnitNormalization()(F))
show("unit_axes", lambda: keras.layers.UnitNormalization(axis=[0, 1])(F))
show("unit_int", lambda: keras.layers.UnitNormalization()(I))
show("unit_zero", lambda: keras.layers.UnitNormalization()(np.zeros((1, 2), "float32")))
sn = keras.layers.SpectralNormalization(keras.layers.Dense(2, kernel_initializer="ones"), power_iterations=3)
show("spectral", lambda: sn(np.ones((1, 3), "float32"), training=True))
print("sn_weights", [w.path for w in sn.weights], [w.trainable for w in sn.weights])
show("spectral_infer", lambda: sn(np.ones((1, 3), "float32")))
show("spectral_bad", lambda: keras.layers.SpectralNormalization(keras.layers.Dense(2), power_iterations=0))
show("spectral_no_kernel", lambda: keras.layers.SpectralNormalization(keras.layers.Dropout(0.1))(F))
"""

SNIPPETS["layer_conv_lstm_additive_attention"] = _TRY + """
x = np.linspace(-1, 1, 1 * 3 * 4 * 4 * 1, dtype="float32").reshape(1, 3, 4, 4, 1)
c = keras.layers.ConvLSTM2D(2, 2, padding="same", return_sequences=True, return_state=True)
outs = c(x)
print("clstm", [tuple(o.shape) for o in outs])
fill(c)
show("clstm_sum", lambda: [round(float(O.sum(o)), 3) for o in c(x)])
c1 = keras.layers.ConvLSTM1D(2, 3, strides=2, go_backwards=True)
show("clstm1d", lambda: tuple(c1(x[:, :, :, 0]).shape))
show("clstm_cfg", lambda: sorted(keras.layers.ConvLSTM2D(2, 2).get_config())[:6])
q = np.array([[[1.0, 0.0], [0.0, 1.0]]], "float32")
v = np.array([[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]], "float32")
a = keras.layers.AdditiveAttention()
show("add", lambda: a([q, v], return_attention_scores=True))
print("add_weights", [w.path for w in a.weights])
show("add_mask", lambda: a([q, v], mask=[None, np.array([[True, False, True]])]))
show("add_causal", lambda: keras.layers.AdditiveAttention(use_scale=False)([v, v], use_causal_mask=True))
show("add_bad", lambda: a([q]))
"""

SNIPPETS["loss_ignore_class_weights_3d"] = _TRY + """
yt = np.array([[0, 2, 1], [1, -1, 2]], "int32")
logits = np.sin(np.arange(2 * 3 * 3, dtype="float32")).reshape(2, 3, 3)
L = keras.losses.SparseCategoricalCrossentropy
show("ignore", lambda: L(from_logits=True, ignore_class=-1)(yt, logits))
show("ignore_none", lambda: L(from_logits=True, ignore_class=-1, reduction="none")(yt, logits))
show("ignore_sw", lambda: L(from_logits=True, ignore_class=-1)(yt, logits, sample_weight=np.array([1.0, 2.0], "float32")))
show("ignore_sw_bt", lambda: L(from_logits=True, ignore_class=2, reduction="sum")(yt.clip(0), logits, sample_weight=np.array([[1.0, 0.5, 2.0], [1.0, 1.0, 1.0]], "float32")))
show("ignore_probs", lambda: L(ignore_class=0)(yt.clip(0), keras.ops.softmax(logits)))
show("ignore_axis", lambda: L(from_logits=True, ignore_class=-1, axis=1)(yt[:, :1], logits[:, :, :1]))
show("fn", lambda: keras.losses.sparse_categorical_crossentropy(yt, logits, from_logits=True, ignore_class=-1))
show("smooth_sparse", lambda: keras.losses.CategoricalCrossentropy(label_smoothing=0.2)(keras.ops.one_hot(yt.clip(0), 3), keras.ops.softmax(logits)))
show("cfg", lambda: L(ignore_class=-1).get_config())
"""

SNIPPETS["metric_f1_r2_options"] = _TRY + """
yt = np.array([[1, 0, 1], [0, 1, 1], [1, 1, 0]], "float32")
yp = np.array([[0.9, 0.4, 0.6], [0.2, 0.7, 0.4], [0.6, 0.55, 0.1]], "float32")
for avg in [None, "micro", "macro", "weighted"]:
    m = keras.metrics.F1Score(average=avg, threshold=0.5)
    m.update_state(yt, yp)
    show("f1_" + str(avg), lambda: m.result())
m = keras.metrics.FBetaScore(beta=2.0, average="macro", threshold=None)
m.update_state(yt, yp)
show("fbeta_argmax", lambda: m.result())
show("fbeta_bad_beta", lambda: keras.metrics.FBetaScore(beta=0.0))
show("f1_bad_avg", lambda: keras.metrics.F1Score(average="samples"))
show("f1_bad_threshold", lambda: keras.metrics.F1Score(threshold=1.5))
yr = np.array([[1.0, 2.0], [2.0, 4.5], [3.0, 5.0], [4.0, 8.0]], "float32")
pr = np.array([[1.1, 2.5], [1.8, 4.0], [3.3, 5.5], [3.9, 7.0]], "float32")
for agg in ["uniform_average", "variance_weighted_average", None]:
    r = keras.metrics.R2Score(class_aggregation=agg)
    r.update_state(yr, pr)
    show("r2_" + str(agg), lambda: r.result())
r = keras.metrics.R2Score(num_regressors=1)
r.update_state(yr, pr, sample_weight=np.array([1.0, 2.0, 1.0, 0.5], "float32"))
show("r2_adjusted_sw", lambda: r.result())
show("r2_bad_regressors", lambda: keras.metrics.R2Score(num_regressors=-1))
r1 = keras.metrics.R2Score(num_regressors=3)
r1.update_state(yr, pr)
show("r2_too_many_regressors", lambda: r1.result())
"""

SNIPPETS["ops_linalg_modes"] = _TRY + """
a = np.array([[2.0, 1.0], [1.0, 3.0], [0.0, 1.0]], "float32")
show("qr_reduced", lambda: [tuple(t.shape) for t in keras.ops.linalg.qr(a)])
show("qr_complete", lambda: [tuple(t.shape) for t in keras.ops.linalg.qr(a, mode="complete")])
show("qr_bad", lambda: keras.ops.linalg.qr(a, mode="r"))
show("svd_vals", lambda: keras.ops.linalg.svd(a, compute_uv=False))
show("svd_full", lambda: [tuple(t.shape) for t in keras.ops.linalg.svd(a, full_matrices=True)])
show("svd_thin", lambda: [tuple(t.shape) for t in keras.ops.linalg.svd(a, full_matrices=False)])
show("lstsq", lambda: keras.ops.linalg.lstsq(a, np.array([1.0, 2.0, 3.0], "float32")))
show("lstsq_2d", lambda: keras.ops.linalg.lstsq(a, np.ones((3, 2), "float32"), rcond=0.5))
t = np.array([[2.0, 0.0], [1.0, 4.0]], "float32")
show("tri_lower", lambda: keras.ops.linalg.solve_triangular(t, np.array([2.0, 9.0], "float32"), lower=True))
show("tri_upper", lambda: keras.ops.linalg.solve_triangular(t, np.array([2.0, 9.0], "float32")))
show("tri_bad", lambda: keras.ops.linalg.solve_triangular(a, np.ones(3, "float32")))
show("norm_fro", lambda: keras.ops.linalg.norm(a, ord="fro"))
show("norm_nuc", lambda: keras.ops.linalg.norm(a, ord="nuc"))
show("norm_inf_axis", lambda: keras.ops.linalg.norm(a, ord=np.inf, axis=1, keepdims=True))
show("norm_neg2", lambda: keras.ops.linalg.norm(a, ord=-2))
show("norm_bad", lambda: keras.ops.linalg.norm(a, ord="bad"))
show("norm_int", lambda: keras.ops.linalg.norm(np.array([3, 4], "int32")))
"""
