"""kprobe35's second batch: the promotion tables symbolically (KerasTensors) and for the
integer-only and comparison ops, the output specs keras.ops' numpy, nn, image and signal
functions give KerasTensors, masks through Bidirectional/TimeDistributed, attention
layers, merges and pooling, more losses' reductions with sample weights, a masked
sequence model fitted with weighted metrics, CategoryEncoding/StringLookup options,
keras.random's dtypes and seeds in traced functions, and preprocessing layers mapped
over datasets (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe35.prelude import _TRY

SNIPPETS: dict[str, str] = {}

_SYM = """
def kt(d, shape=(2,)):
    return keras.KerasTensor(shape, dtype=d)
def scode(fn):
    try:
        r = fn()
    except Exception as e:
        return "E:" + type(e).__name__
    return _SHORT.get(keras.backend.standardize_dtype(r.dtype), r.dtype)
def smat(label, fn, dtypes=None):
    print(label)
    for a in dtypes or DT:
        print(" ", _SHORT[a], " ".join(scode(lambda: fn(a, b)) for b in dtypes or DT))
def spec(label, fn):
    try:
        r = fn()
        rs = r if isinstance(r, (list, tuple)) else [r]
        print(label, [(tuple(t.shape), keras.backend.standardize_dtype(t.dtype)) for t in rs])
    except Exception as e:
        print(label, type(e).__name__, (str(e).splitlines() or [""])[0][:200])
"""

SNIPPETS["sym_promo_add_where_tables"] = _TRY + _SYM + """
smat("add", lambda a, b: O.add(kt(a), kt(b)))
smat("where", lambda a, b: O.where(kt("bool"), kt(a), kt(b)))
"""

SNIPPETS["sym_promo_matmul_divide_tables"] = _TRY + _SYM + """
smat("matmul", lambda a, b: O.matmul(kt(a, (2, 2)), kt(b, (2, 2))))
smat("divide", lambda a, b: O.divide(kt(a), kt(b)))
"""

SNIPPETS["promo_integer_ops_tables"] = _TRY + """
ints = ["bool", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64", "float32"]
mat("bitwise_and", lambda a, b: O.bitwise_and(arr([5, 3], a), arr([3, 1], b)), ints)
mat("left_shift", lambda a, b: O.left_shift(arr([5, 3], a), arr([1, 2], b)), ints)
mat("mod", lambda a, b: O.mod(arr([5, 3], a), arr([3, 2], b)), ints)
"""

SNIPPETS["promo_compare_logical_tables"] = _TRY + """
mat("less", lambda a, b: O.less(arr([5, 3], a), arr([3, 4], b)))
mat("logical_and", lambda a, b: O.logical_and(arr([5, 0], a), arr([3, 1], b)))
"""

SNIPPETS["sym_numpy_function_specs"] = _TRY + _SYM + """
x = kt("float32", (None, 5))
i = kt("int32", (None, 5))
spec("argsort", lambda: O.argsort(x))
spec("searchsorted", lambda: O.searchsorted(kt("float32", (5,)), kt("float32", (3,))))
spec("histogram", lambda: O.histogram(kt("float32", (8,)), bins=4))
spec("digitize", lambda: O.digitize(x, [0.5, 1.0]))
spec("bincount", lambda: O.bincount(kt("int32", (6,)), minlength=4))
spec("bincount_w", lambda: O.bincount(kt("int32", (6,)), weights=kt("float16", (6,)), minlength=4))
spec("einsum", lambda: O.einsum("ij,jk->ik", x, kt("float32", (5, 2))))
spec("einsum_int", lambda: O.einsum("ij,jk->ik", i, kt("int8", (5, 2))))
spec("tensordot", lambda: O.tensordot(x, kt("float16", (5, 3)), axes=1))
spec("quantile", lambda: O.quantile(x, [0.1, 0.5], axis=1))
spec("quantile_int", lambda: O.quantile(i, 0.5))
spec("trapezoid", lambda: O.trapezoid(i))
spec("correlate", lambda: O.correlate(kt("int32", (6,)), kt("int32", (3,)), mode="same"))
spec("select", lambda: O.select([kt("bool", (3,))], [kt("int32", (3,))], default=0.5))
spec("slogdet", lambda: O.slogdet(kt("float32", (None, 3, 3))))
spec("norm", lambda: O.norm(x, axis=1, keepdims=True))
spec("norm_int", lambda: O.norm(i))
spec("solve", lambda: O.linalg.solve(kt("float32", (3, 3)), kt("float32", (3, 2))))
spec("lstsq", lambda: O.linalg.lstsq(kt("float32", (4, 2)), kt("float32", (4,))))
spec("top_k", lambda: O.top_k(x, 2))
spec("in_top_k", lambda: O.in_top_k(kt("int32", (None,)), x, 2))
spec("segment_sum", lambda: O.segment_sum(x, kt("int32", (None,)), num_segments=3))
spec("nan_to_num", lambda: O.nan_to_num(i))
"""

SNIPPETS["sym_signal_image_nn_specs"] = _TRY + _SYM + """
spec("fft", lambda: O.fft((kt("float32", (2, 8)), kt("float32", (2, 8)))))
spec("rfft", lambda: O.rfft(kt("float32", (2, 8)), fft_length=6))
spec("stft", lambda: O.stft(kt("float32", (2, 40)), 8, 4, 8))
spec("istft", lambda: O.istft((kt("float32", (2, 11, 5)), kt("float32", (2, 11, 5))), 8, 4, 8))
spec("resize", lambda: O.image.resize(kt("uint8", (None, 6, 6, 3)), (3, 4)))
spec("affine", lambda: O.image.affine_transform(kt("float32", (2, 6, 6, 3)), kt("float32", (2, 8))))
spec("map_coords", lambda: O.image.map_coordinates(kt("float32", (4, 5)), kt("float32", (2, 7)), 1))
spec("patches", lambda: O.image.extract_patches(kt("float32", (None, 6, 6, 3)), 2))
spec("crop", lambda: O.image.crop_images(kt("float32", (None, 6, 6, 3)), 1, 1, 3, 3))
spec("pad", lambda: O.image.pad_images(kt("float32", (None, 6, 6, 3)), 1, 1, 8, 8))
spec("gray", lambda: O.image.rgb_to_grayscale(kt("uint8", (None, 6, 6, 3))))
spec("one_hot", lambda: O.one_hot(kt("int32", (None, 3)), 4))
spec("multi_hot", lambda: O.multi_hot(kt("int32", (None, 3)), 4))
spec("moments", lambda: O.moments(kt("float16", (None, 3)), axes=[0]))
spec("normalize", lambda: O.normalize(kt("int32", (None, 3))))
spec("psnr", lambda: O.psnr(kt("float32", (2, 4, 4, 3)), kt("float32", (2, 4, 4, 3)), 1.0))
spec("attention", lambda: O.dot_product_attention(kt("float32", (2, 3, 2, 4)), kt("float32", (2, 5, 2, 4)), kt("float32", (2, 5, 2, 4))))
spec("ctc_loss", lambda: O.ctc_loss(kt("int32", (2, 3)), kt("float32", (2, 6, 4)), kt("int32", (2,)), kt("int32", (2,))))
spec("ctc_decode", lambda: O.ctc_decode(kt("float32", (2, 6, 4)), kt("int32", (2,))))
"""

_IDS = """
ids = np.array([[3, 1, 4, 0, 0], [2, 2, 0, 0, 0], [5, 0, 0, 0, 0]], "int32")
"""

SNIPPETS["mask_bidirectional_timedistributed"] = _TRY + _IDS + """
emb = layers.Embedding(6, 4, mask_zero=True)
bi = layers.Bidirectional(layers.GRU(2, return_sequences=True), merge_mode="concat")
bi_sum = layers.Bidirectional(layers.LSTM(2), merge_mode="sum")
td = layers.TimeDistributed(layers.Dense(3))
e = emb(ids)
fill(emb)
e = emb(ids)
h = bi(e)
fill(bi)
h = bi(e)
show("bi_out", lambda: O.round(O.sum(h, axis=-1), 4))
show("bi_mask", lambda: getattr(h, "_keras_mask", None))
s = bi_sum(e)
fill(bi_sum)
show("bi_sum", lambda: bi_sum(e))
t = td(h)
fill(td)
t = td(h)
show("td_mask", lambda: getattr(t, "_keras_mask", None))
show("td_out", lambda: O.round(O.sum(t, axis=-1), 4))
show("td_compute_mask", lambda: td.compute_mask(h, e._keras_mask))
"""

SNIPPETS["mask_attention_layers_query_value"] = _TRY + """
q = np.sin(np.arange(2 * 3 * 4, dtype="float32")).reshape(2, 3, 4)
v = np.cos(np.arange(2 * 5 * 4, dtype="float32")).reshape(2, 5, 4)
qm = np.array([[True, True, False], [True, False, False]])
vm = np.array([[True, True, True, False, False], [True, True, False, False, False]])
att = layers.Attention(score_mode="concat")
show("attention", lambda: O.round(O.sum(att([q, v], mask=[qm, vm]), axis=-1), 4))
add = layers.AdditiveAttention()
show("additive", lambda: O.round(O.sum(add([q, v, v], mask=[qm, vm]), axis=-1), 4))
show("additive_mask", lambda: getattr(add([q, v], mask=[qm, vm]), "_keras_mask", None))
mha = layers.MultiHeadAttention(2, 2)
mha(q, v)
fill(mha)
show("mha_attn_mask", lambda: O.round(O.sum(mha(q, v, attention_mask=vm[:, None, :].repeat(3, 1)), axis=-1), 4))
show("mha_qv_masks", lambda: O.round(O.sum(mha(q, v, query_mask=qm, value_mask=vm), axis=-1), 4))
show("mha_causal", lambda: O.round(O.sum(mha(q, q, use_causal_mask=True), axis=-1), 4))
o, sc = mha(q, v, return_attention_scores=True, value_mask=vm)
show("mha_scores", lambda: O.round(sc[0, 0], 3))
show("mha_bad_mask", lambda: mha(q, v, attention_mask=np.ones((2, 4, 5), bool)))
"""

SNIPPETS["mask_merges_masking_pooling"] = _TRY + """
x = np.array([[[1.0, 2.0], [0.0, 0.0], [3.0, -1.0]], [[0.0, 0.0], [2.0, 2.0], [0.0, 0.0]]], "float32")
m = layers.Masking(0.0)
xm = m(x)
show("masking", lambda: xm._keras_mask)
show("concat_mask", lambda: layers.Concatenate().compute_mask([x, x], [xm._keras_mask, None]))
show("concat_axis1", lambda: layers.Concatenate(axis=1).compute_mask([x, x], [xm._keras_mask, None]))
show("add_mask", lambda: layers.Add().compute_mask([x, x], [xm._keras_mask, np.array([[True, True, False], [True, True, True]])]))
show("gap", lambda: layers.GlobalAveragePooling1D()(x, mask=xm._keras_mask))
show("gmp", lambda: layers.GlobalMaxPooling1D()(x, mask=xm._keras_mask))
inp = keras.Input((3, 2))
z = layers.Masking(0.0)(inp)
c = layers.Conv1D(2, 1)(z)
p = layers.GlobalAveragePooling1D()(z)
show("sym_conv_mask", lambda: getattr(c, "_keras_mask", None) is not None)
show("sym_pool_mask", lambda: getattr(p, "_keras_mask", None) is not None)
model = keras.Model(inp, [layers.GlobalAveragePooling1D()(z), layers.LSTM(1)(z)])
fill(model)
show("model", lambda: model(x))
"""

SNIPPETS["losses_more_reductions_weights"] = _TRY + """
yt = np.array([[[1.0, 0.0], [0.5, 0.5]], [[0.0, 1.0], [0.2, 0.8]]], "float32")
yp = np.array([[[0.7, 0.3], [0.4, 0.6]], [[0.1, 0.9], [0.5, 0.5]]], "float32")
sw = np.array([[1.0, 0.0], [2.0, 0.5]], "float32")
for cls in [keras.losses.Poisson, keras.losses.KLDivergence, keras.losses.Hinge, keras.losses.SquaredHinge,
            keras.losses.CosineSimilarity, keras.losses.LogCosh, keras.losses.MeanAbsolutePercentageError,
            keras.losses.MeanSquaredLogarithmicError, keras.losses.CategoricalHinge]:
    for red in ["sum_over_batch_size", "sum", None]:
        show(cls.__name__ + "_" + str(red), lambda: cls(reduction=red)(yt, yp, sample_weight=sw))
    show(cls.__name__ + "_sw1d", lambda: cls()(yt, yp, sample_weight=np.array([1.0, 3.0], "float32")))
"""

SNIPPETS["losses_focal_dice_tversky_reductions"] = _TRY + """
yt = np.array([[1.0, 0.0, 1.0], [0.0, 1.0, 1.0]], "float32")
yp = np.array([[0.8, 0.3, 0.6], [0.4, 0.6, 0.9]], "float32")
sw = np.array([2.0, 0.5], "float32")
mk = [lambda r: keras.losses.BinaryFocalCrossentropy(reduction=r),
      lambda r: keras.losses.BinaryFocalCrossentropy(apply_class_balancing=True, alpha=0.3, gamma=1.5, reduction=r),
      lambda r: keras.losses.CategoricalFocalCrossentropy(reduction=r),
      lambda r: keras.losses.Dice(reduction=r),
      lambda r: keras.losses.Dice(reduction=r, axis=1),
      lambda r: keras.losses.Tversky(alpha=0.3, beta=0.7, reduction=r),
      lambda r: keras.losses.BinaryCrossentropy(label_smoothing=0.2, reduction=r),
      lambda r: keras.losses.CategoricalCrossentropy(label_smoothing=0.1, axis=0, reduction=r)]
for j, f in enumerate(mk):
    for red in ["sum_over_batch_size", "sum", None, "mean_with_sample_weight"]:
        show(str(j) + "_" + str(red), lambda: f(red)(yt, yp, sample_weight=sw))
"""

SNIPPETS["fit_masked_sequence_weighted_metrics"] = _TRY + _IDS + """
inp = keras.Input((5,), dtype="int32")
e = layers.Embedding(6, 3, mask_zero=True)(inp)
h = layers.LSTM(2, return_sequences=True)(e)
out = layers.Dense(1)(h)
model = keras.Model(inp, out)
fill(model)
y = (ids[..., None] / 5.0).astype("float32")
model.compile(keras.optimizers.SGD(0.1), "mse", metrics=["mae"], weighted_metrics=["mse"])
h = model.fit(ids, y, epochs=2, batch_size=3, verbose=0, shuffle=False)
print(logs4(h))
show("eval", lambda: [round(float(v), 4) for v in model.evaluate(ids, y, verbose=0)])
show("eval_sw", lambda: [round(float(v), 4) for v in model.evaluate(ids, y, sample_weight=np.array([1.0, 0.0, 2.0], "float32"), verbose=0)])
show("pred_mask", lambda: getattr(model(ids), "_keras_mask", None))
"""

SNIPPETS["prep_category_encoding_string_lookup"] = _TRY + """
ce = layers.CategoryEncoding(num_tokens=4, output_mode="count")
show("count_w", lambda: ce(np.array([[0, 1, 1, 3]], "int32"), count_weights=np.array([[0.5, 1.0, 2.0, 0.25]], "float32")))
show("multi_hot_2d", lambda: layers.CategoryEncoding(4, output_mode="multi_hot")(np.array([[0, 3], [1, 1]], "int32")))
show("one_hot_1d", lambda: layers.CategoryEncoding(4, output_mode="one_hot")(np.array([0, 3, 2], "int64")))
show("out_of_range", lambda: layers.CategoryEncoding(4)(np.array([[0, 4]], "int32")))
show("f16", lambda: layers.CategoryEncoding(3, dtype="float16")(np.array([[0, 2]], "int32")))
sl = layers.StringLookup(vocabulary=["a", "b", "c"], output_mode="tf_idf", idf_weights=[0.5, 1.0, 2.0])
show("tf_idf", lambda: sl(np.array([["a", "b", "b", "z"]])))
sl2 = layers.StringLookup(vocabulary=["a", "b"], num_oov_indices=2, mask_token="")
show("oov2", lambda: sl2(np.array([["", "a", "q", "r", "b"]])))
show("invert", lambda: layers.StringLookup(vocabulary=["a", "b"], invert=True)(np.array([0, 1, 2, 5], "int64")))
show("encoding", lambda: layers.StringLookup(vocabulary=["é", "b"])(np.array(["é", "e"])))
show("rescale_int", lambda: layers.Rescaling(1 / 255.0, offset=-0.5)(np.array([[0, 255]], "uint8")))
show("resize_int", lambda: layers.Resizing(2, 2)(np.arange(16, dtype="uint8").reshape(1, 4, 4, 1))[0, :, :, 0])
"""

SNIPPETS["random_dtypes_and_traced"] = _TRY + """
R = keras.random
g = keras.random.SeedGenerator(21)
for d in ["float16", "bfloat16", "float64"]:
    show("normal_" + d, lambda: O.cast(R.normal((3,), seed=g, dtype=d), "float32"))
    show("uniform_" + d, lambda: O.cast(R.uniform((3,), seed=g, dtype=d), "float32"))
for d in ["uint8", "int16", "int64"]:
    show("randint_" + d, lambda: R.randint((4,), 0, 50, seed=g, dtype=d))
show("cat_i64", lambda: R.categorical(np.zeros((1, 4), "float32"), 6, seed=g, dtype="int64"))
@tf.function
def draw():
    return R.uniform((3,), seed=g)
show("traced_1", lambda: draw())
show("traced_2", lambda: draw())
show("state_after", lambda: g.state)
sg = keras.random.SeedGenerator(5)
@tf.function
def two():
    return R.normal((2,), seed=sg), R.normal((2,), seed=sg)
show("traced_two", lambda: two())
"""

SNIPPETS["prep_layers_mapped_over_dataset"] = _TRY + """
x = np.array([[1.0, 5.0], [2.0, 7.0], [3.0, 9.0], [4.0, 1.0]], "float32")
n = layers.Normalization()
n.adapt(x)
d = layers.Discretization(bin_boundaries=[2.0, 6.0])
h = layers.Hashing(num_bins=3)
ds = tf.data.Dataset.from_tensor_slices(x).batch(2)
show("norm", lambda: [np.round(np.asarray(b), 4).tolist() for b in ds.map(n)])
show("disc", lambda: [np.asarray(b).tolist() for b in ds.map(d)])
show("disc_spec", lambda: str(ds.map(d).element_spec))
show("hash_spec", lambda: str(tf.data.Dataset.from_tensor_slices(np.array(["a", "b", "c"])).batch(2).map(h).element_spec))
show("hash", lambda: [np.asarray(b).tolist() for b in tf.data.Dataset.from_tensor_slices(np.array(["a", "b", "c"])).batch(2).map(h)])
il = layers.IntegerLookup(vocabulary=[5, 9])
show("lookup_spec", lambda: str(tf.data.Dataset.from_tensor_slices(np.array([5, 7, 9], "int64")).map(il).element_spec))
rc = layers.RandomCrop(2, 2, seed=4)
img = np.arange(2 * 4 * 4 * 1, dtype="float32").reshape(2, 4, 4, 1)
show("crop_ds", lambda: [np.asarray(b).sum() for b in tf.data.Dataset.from_tensor_slices(img).batch(2).map(lambda t: rc(t, training=True))])
"""

SNIPPETS["sym_unary_reduction_dtype_sweep"] = _TRY + _SYM + """
names = ["sqrt", "exp", "abs", "sign", "square", "reciprocal", "negative", "floor", "round", "real", "imag", "conj",
         "isnan", "isfinite", "isinf", "trunc", "sum", "prod", "mean", "var", "std", "max", "cumsum", "argmax", "median",
         "count_nonzero", "all", "ceil", "relu", "sigmoid", "softmax", "softplus", "gelu", "cbrt", "exp2", "log", "deg2rad",
         "angle", "nan_to_num", "sort", "argsort", "logsumexp", "erf", "rsqrt", "amax", "nanmean", "nansum", "ptp", "trace"]
for name in names:
    fn = getattr(O, name)
    print(name, " ".join(scode(lambda: fn(kt(d, (2, 3)))) for d in DT))
spec("sum_axis", lambda: O.sum(kt("int8", (2, None, 3)), axis=(0, 2), keepdims=True))
spec("sort_none", lambda: O.sort(kt("float32", (2, 3)), axis=None))
spec("argsort_none", lambda: O.argsort(kt("float32", (2, None)), axis=None))
spec("softmax_bad_axis", lambda: O.softmax(kt("float32", (2, 3)), axis=2))
spec("clip_bool", lambda: O.clip(kt("bool", (2,)), 0, 1))
spec("prod_dtype", lambda: O.prod(kt("int8", (2, 3)), axis=1, dtype="float16"))
for d in ["bool", "uint64", "int64", "bfloat16", "complex128"]:
    spec("norm_" + d, lambda: O.norm(kt(d, (2, 3, 4)), axis=(1, 2), keepdims=True))
spec("norm_vec_fro", lambda: O.norm(kt("float32", (2, 3)), ord="fro", axis=1))
spec("norm_mat_3", lambda: O.norm(kt("float32", (2, 3)), ord=3))
spec("norm_bad_str", lambda: O.norm(kt("float32", (2, 3)), ord="max"))
spec("norm_3axes", lambda: O.norm(kt("float32", (2, 3, 4)), ord=3, axis=(0, 1, 2)))
"""

SNIPPETS["sym_array_binary_activation_sweep"] = _TRY + _SYM + """
cases = {
    "where_1": lambda d: O.where(kt(d)), "where_py": lambda d: O.where(kt("bool"), kt(d), 1.5),
    "min": lambda d: O.min(kt(d)), "argmin": lambda d: O.argmin(kt(d), axis=1),
    "full_like": lambda d: O.full_like(kt(d), 2.5), "moments": lambda d: O.moments(kt(d), axes=[0])[1],
    "log_softmax": lambda d: O.log_softmax(kt(d), axis=0), "ldexp": lambda d: O.ldexp(kt(d), kt("int32")),
    "heaviside": lambda d: O.heaviside(kt(d), kt("int8")), "fmod": lambda d: O.fmod(kt(d), kt("int8")),
    "gcd": lambda d: O.gcd(kt(d), kt("int8")), "left_shift": lambda d: O.left_shift(kt(d), kt("int8")),
    "left_shift_py": lambda d: O.left_shift(kt(d), 2), "leaky_relu": lambda d: O.leaky_relu(kt(d)),
    "silu": lambda d: O.silu(kt(d)), "log_sigmoid": lambda d: O.log_sigmoid(kt(d)), "elu": lambda d: O.elu(kt(d)),
    "hard_sigmoid": lambda d: O.hard_sigmoid(kt(d)), "sparse_plus": lambda d: O.sparse_plus(kt(d)),
    "concat_i8": lambda d: O.concatenate([kt(d), kt("int8")]), "take": lambda d: O.take(kt(d), kt("int32", (2,)), axis=1),
    "cumprod": lambda d: O.cumprod(kt(d)), "var": lambda d: O.var(kt(d)), "einsum": lambda d: O.einsum("ij,kj->ik", kt(d, (2, 3)), kt("int8", (4, 3))),
}
for name, f in cases.items():
    print(name, " ".join(scode(lambda: f(d)) for d in DT))
spec("where_1_shape", lambda: O.where(kt("bool", (None, 3))))
spec("moments_keep", lambda: O.moments(kt("float16", (2, None, 3)), axes=[0, 2], keepdims=True))
spec("min_axis", lambda: O.min(kt("int8", (2, 3)), axis=-1, keepdims=True))
"""
