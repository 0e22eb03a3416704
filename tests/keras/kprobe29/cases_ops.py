"""kprobe29's snippets on keras.ops with the inputs a user meets at the edges: batched and
singular matrices, empty and one-element arrays, complex results, Python scalars mixed
with small integer and float16 tensors, other default float types, ops inside
tf.function (see cases.py)."""

from tests.keras.kprobe29.prelude import _TRY

SNIPPETS = {}

SNIPPETS["ops_linalg_batched_and_singular"] = _TRY + """
L = O.linalg
A = np.array([[[2.0, 1.0], [1.0, 3.0]], [[2.0, 4.0], [1.0, 2.0]]], "float32")
show("det", lambda: L.det(A))
show("slogdet", lambda: O.slogdet(A))
show("logdet", lambda: O.logdet(A[:1]))
show("inv_batched_ok", lambda: L.inv(A[:1]))
show("solve_b", lambda: L.solve(A[:1], np.array([[[1.0], [2.0]]], "float32")))
show("pinv", lambda: L.pinv(A))
show("rank", lambda: L.matrix_rank(A))
show("chol_inv", lambda: L.cholesky_inverse(L.cholesky(A[:1])))
show("chol_inv_upper", lambda: L.cholesky_inverse(np.transpose(L.cholesky(A[:1]), (0, 2, 1)),
    upper=True))
show("det_1x1", lambda: L.det(np.array([[5.0]], "float32")))
show("det_int", lambda: L.det(np.array([[2, 1], [1, 3]], "int32")))
show("det_f16", lambda: L.det(A.astype("float16")))
show("inv_vector", lambda: L.inv(np.ones(3, "float32")))
show("solve_shapes", lambda: L.solve(A, np.ones((2, 3, 1), "float32")))
"""

SNIPPETS["ops_linalg_decomposition_shapes"] = _TRY + """
L = O.linalg
R = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 7.0]], "float32")
u, s, v = L.svd(R, full_matrices=True)
print("svd_full", tuple(u.shape), tuple(s.shape), tuple(v.shape), r4(s))
u, s, v = L.svd(R, full_matrices=False)
print("svd_thin", tuple(u.shape), tuple(s.shape), tuple(v.shape))
print("recon", r4(np.asarray(u) @ np.diag(np.asarray(s)) @ np.asarray(v)))
q, r = L.qr(np.stack([R, R * 2]))
print("qr_batched", tuple(q.shape), tuple(r.shape), r4(np.abs(np.asarray(r))))
q, r = L.qr(R, mode="complete")
print("qr_complete", tuple(q.shape), tuple(r.shape))
show("eig", lambda: L.eig(np.array([[0.0, -1.0], [1.0, 0.0]], "float32"))[0])
show("eig_real", lambda: L.eig(np.array([[2.0, 1.0], [0.0, 3.0]], "float32")))
w, vv = L.eigh(np.array([[[2.0, 0.0], [0.0, 1.0]], [[1.0, 0.5], [0.5, 1.0]]], "float32"))
print("eigh", r4(w), tuple(vv.shape))
show("norm_2", lambda: L.norm(R, ord=2))
show("norm_m2", lambda: L.norm(R, ord=-2))
show("norm_minf", lambda: L.norm(R, ord=-np.inf))
show("norm_vec0", lambda: L.norm(np.array([0.0, 2.0, 0.0, -1.0], "float32"), ord=0))
show("norm_int", lambda: L.norm(np.array([3, 4], "int32")))
show("norm_axis_neg", lambda: L.norm(np.stack([R, R]), axis=(-2, -1), keepdims=True))
show("lstsq_rcond", lambda: L.lstsq(R, np.array([[1.0], [2.0], [3.0]], "float32"), rcond=None))
show("lu_pivots", lambda: L.lu_factor(np.array([[1.0, 2.0], [3.0, 4.0]], "float32"))[1])
"""

SNIPPETS["ops_fft_family_shapes_values"] = _TRY + """
re = np.array([[1.0, 2.0, 0.0, -1.0], [0.5, 0.0, 0.5, 0.0]], "float32")
im = np.zeros_like(re)
show("fft", lambda: O.fft((re, im)))
show("fft2", lambda: O.fft2((re, im)))
show("ifft2", lambda: O.ifft2((re, im))[0])
show("rfft", lambda: O.rfft(re))
show("rfft_len", lambda: O.rfft(re, fft_length=6))
show("irfft", lambda: O.irfft(O.rfft(re)))
show("irfft_len", lambda: O.irfft(O.rfft(re), fft_length=5))
show("fft_not_tuple", lambda: O.fft(re))
show("fft_int", lambda: O.fft((np.array([1, 2], "int32"), np.array([0, 0], "int32"))))
show("fft_mismatch", lambda: O.fft((re, im[:, :2])))
x = np.sin(np.arange(32, dtype="float32") * 0.4)
show("stft", lambda: tuple(t.shape for t in O.stft(x, sequence_length=8, sequence_stride=4,
    fft_length=8)))
show("stft_nocenter", lambda: tuple(t.shape for t in O.stft(x, 8, 4, 16, window=None,
    center=False)))
show("istft_round", lambda: O.istft(O.stft(x, 8, 2, 8), 8, 2, 8)[1:6])
show("stft_window", lambda: O.stft(x[:16], 8, 8, 8, window="hamming", center=False)[0][0])
show("stft_badwin", lambda: O.stft(x, 8, 4, 8, window="blackman"))
"""

SNIPPETS["ops_image_pad_crop_blur_affine"] = _TRY + """
IMG = np.arange(2 * 5 * 6 * 1, dtype="float32").reshape(2, 5, 6, 1)
show("pad", lambda: O.image.pad_images(IMG, 1, 2, target_height=8, target_width=9)[0, :, :, 0])
show("pad_bottom", lambda: O.image.pad_images(IMG[0], bottom_padding=1, right_padding=1).shape)
show("pad_bad", lambda: O.image.pad_images(IMG, 1, 2, target_height=3, target_width=9))
show("crop", lambda: O.image.crop_images(IMG, 1, 2, target_height=3, target_width=3)[1, :, :, 0])
show("crop_bottom", lambda: O.image.crop_images(IMG, bottom_cropping=2, right_cropping=1).shape)
show("crop_bad", lambda: O.image.crop_images(IMG, 4, 0, target_height=3, target_width=3))
show("blur", lambda: O.image.gaussian_blur(IMG, kernel_size=(3, 3), sigma=(1.0, 1.0))[0, :2, :3, 0])
for mode in ["constant", "nearest", "wrap", "mirror", "reflect"]:
    show("affine_" + mode, lambda: O.image.affine_transform(IMG, np.array([1, 0, -2, 0, 1, 0, 0, 0],
        "float32"), interpolation="nearest", fill_mode=mode, fill_value=-1)[0, 0, :, 0])
show("affine_bilinear_half", lambda: O.image.affine_transform(IMG[:1], np.array([1, 0, 0.5, 0, 1, 0,
    0, 0], "float32"))[0, 0, :, 0])
show("hsv_round", lambda: O.image.hsv_to_rgb(O.image.rgb_to_hsv(IM[:, :2, :2]))[0, 0])
show("gray_int", lambda: O.image.rgb_to_grayscale(np.full((1, 2, 2, 3), 100, "uint8")))
show("perspective", lambda: O.image.perspective_transform(IMG[:, :4, :4],
    np.array([[0, 0], [3, 0], [3, 3], [0, 3]], "float32"),
    np.array([[0, 0], [3, 0], [3, 3], [0, 3]], "float32"), interpolation="nearest")[0, :, :, 0])
"""

SNIPPETS["ops_nn_activation_edges"] = _TRY + """
Z = np.array([[-np.inf, 0.0, 1.0], [2.0, 2.0, 2.0]], "float32")
show("softmax_inf", lambda: O.softmax(Z))
show("log_softmax_inf", lambda: O.log_softmax(Z))
show("softmax_axes", lambda: O.softmax(F, axis=(0, 1)))
show("log_softmax_axes", lambda: O.log_softmax(F, axis=(0, 1)))
show("sparsemax", lambda: O.sparsemax(F))
show("glu", lambda: O.glu(np.arange(8, dtype="float32").reshape(2, 4) / 4 - 1))
show("glu_odd", lambda: O.glu(F))
show("shrinks", lambda: [O.hard_shrink(F, 0.6), O.soft_shrink(F, 0.6), O.tanh_shrink(F)])
show("squareplus", lambda: O.squareplus(F, b=1))
show("sparse_plus", lambda: O.sparse_plus(F))
show("celu", lambda: O.celu(F, alpha=0.5))
show("threshold", lambda: O.threshold(F, 0.3, -9.0))
show("relu6_int", lambda: O.relu6(I * 3))
show("gelu_exact", lambda: O.gelu(F, approximate=False))
show("silu_f16", lambda: O.silu(H))
show("log_sigmoid", lambda: O.log_sigmoid(np.array([-100.0, 0.0, 100.0], "float32")))
show("elu_int", lambda: O.elu(I))
show("softplus_big", lambda: O.softplus(np.array([-100.0, 0.0, 100.0], "float32")))
"""

SNIPPETS["ops_nn_normalization_attention"] = _TRY + """
X3 = np.sin(np.arange(24, dtype="float32").reshape(2, 3, 4))
show("rms", lambda: O.rms_normalization(X3[0], scale=2.0, axis=-1, epsilon=1e-3))
show("layer_norm", lambda: O.layer_normalization(X3[0], gamma=np.ones(4, "float32") * 2,
    beta=np.ones(4, "float32"), axis=-1))
show("normalize_l1", lambda: O.normalize(F, axis=0, order=1))
show("normalize_zero", lambda: O.normalize(np.zeros((2, 2), "float32")))
show("moments_keep", lambda: O.moments(X3, axes=[0, 2], keepdims=True))
show("moments_sync", lambda: O.moments(X3[0], axes=[0], synchronized=True))
show("batch_norm", lambda: O.batch_normalization(X3[0], mean=np.zeros(4, "float32"),
    variance=np.ones(4, "float32"), axis=-1, offset=np.ones(4, "float32"), epsilon=0.5))
q = X3[:, :, None, :]
show("dpa", lambda: O.dot_product_attention(q, q, q))
show("dpa_causal", lambda: O.dot_product_attention(q, q, q, is_causal=True)[0, :, 0])
mask = np.array([[True, False, True]])[:, None, None, :] * np.ones((2, 1, 3, 3), bool)
show("dpa_mask", lambda: O.dot_product_attention(q, q, q, mask=mask)[0, :, 0])
show("dpa_scale", lambda: O.dot_product_attention(q, q, q, scale=0.1)[1, 0, 0])
show("dpa_bias", lambda: O.dot_product_attention(q, q, q, bias=np.ones((1, 1, 3, 3),
    "float32"))[0, 0, 0])
show("dpa_rank", lambda: O.dot_product_attention(X3, X3, X3))
show("psnr", lambda: O.psnr(X3, X3 * 0.9, max_val=1.0))
show("psnr_same", lambda: O.psnr(X3, X3, max_val=1.0))
"""

SNIPPETS["ops_python_scalar_promotion"] = _TRY + """
for name, dtype in [("i8", "int8"), ("u8", "uint8"), ("i16", "int16"), ("u32", "uint32"),
                    ("f16", "float16"), ("bf16", "bfloat16"), ("b", "bool"), ("i64", "int64")]:
    x = O.convert_to_tensor(np.array([1, 2], dtype=dtype))
    show(name + "+1", lambda: O.add(x, 1))
    show(name + "+1.5", lambda: O.add(x, 1.5))
    show(name + "*True", lambda: O.multiply(x, True))
show("i8+i16", lambda: O.add(np.array([1], "int8"), np.array([1], "int16")))
show("u8+i8", lambda: O.add(np.array([1], "uint8"), np.array([1], "int8")))
show("u32+i32", lambda: O.add(np.array([1], "uint32"), np.array([1], "int32")))
show("u64+i64", lambda: O.add(np.array([1], "uint64"), np.array([1], "int64")))
show("i32+f16", lambda: O.add(np.array([1], "int32"), np.array([1], "float16")))
show("i16+bf16", lambda: O.add(np.array([1], "int16"), O.convert_to_tensor([1.0], "bfloat16")))
show("f16+bf16", lambda: O.add(np.array([1], "float16"), O.convert_to_tensor([1.0], "bfloat16")))
show("u8_div", lambda: O.divide(np.array([3], "uint8"), 2))
show("i8_true_div_i8", lambda: O.true_divide(np.array([3], "int8"), np.array([2], "int8")))
show("i64_div", lambda: O.divide(np.array([3], "int64"), np.array([2], "int64")))
show("u8_floordiv", lambda: O.floor_divide(np.array([7], "uint8"), 2))
show("i8_power", lambda: O.power(np.array([2], "int8"), 3))
RT = keras.backend.result_type
show("result_dtype", lambda: [RT("int8", "uint8"), RT("float16", int), RT("int32", float),
    RT("bool", "bool")])
"""

SNIPPETS["ops_creation_under_floatx"] = _TRY + """
def under(kind):
    print(kind, keras.config.floatx())
    show(" ones", lambda: O.ones((2,)))
    show(" arange_f", lambda: O.arange(0.0, 1.0, 0.5))
    show(" arange_i", lambda: O.arange(3))
    show(" linspace", lambda: O.linspace(0, 1, 3))
    show(" eye", lambda: O.eye(2))
    show(" full_int", lambda: O.full((2,), 3))
    show(" full_f", lambda: O.full((2,), 3.0))
    show(" convert_f", lambda: O.convert_to_tensor(1.5))
    show(" convert_list", lambda: O.convert_to_tensor([1.0, 2.0]))
    show(" int_plus_f", lambda: O.add(np.array([1, 2], "int32"), 0.5))
    show(" mean_int", lambda: O.mean(np.array([1, 2], "int32")))
    show(" sqrt_int", lambda: O.sqrt(np.array([4], "int32")))
    show(" normal", lambda: keras.random.normal((2,), seed=3).dtype)
    d = layers.Dense(1)
    d.build((None, 2))
    print(" dense", d.kernel.dtype, d.dtype_policy.name, d(np.ones((1, 2), "float32")).dtype)
    show(" backend_epsilon", lambda: keras.config.epsilon())
for kind in ["float16", "float64", "bfloat16"]:
    floatx(kind, lambda: under(kind))
unordered("bad_floatx", lambda: keras.config.set_floatx("int32"))
print("restored", keras.config.floatx())
"""

SNIPPETS["ops_reductions_empty_nan_ties"] = _TRY + """
E = np.zeros((0, 3), "float32")
show("sum_empty", lambda: O.sum(E, axis=0))
show("mean_empty", lambda: O.mean(E, axis=0))
show("max_empty", lambda: O.max(E, axis=0))
show("max_empty_initial", lambda: O.max(E, axis=0, initial=-1.0))
show("prod_empty", lambda: O.prod(E, axis=0))
show("argmax_empty", lambda: O.argmax(E, axis=1))
T = np.array([[1.0, 3.0, 3.0], [2.0, 2.0, 1.0]], "float32")
show("argmax_ties", lambda: [O.argmax(T, axis=1), O.argmin(T, axis=1), O.argmax(T)])
show("argmax_keepdims", lambda: O.argmax(T, axis=0, keepdims=True))
N = np.array([[1.0, np.nan, 3.0], [np.nan, np.nan, 2.0]], "float32")
show("nanmean", lambda: O.nanmean(N, axis=1))
show("nansum", lambda: O.nansum(N))
show("max_nan", lambda: O.max(N, axis=1))
show("argmax_nan", lambda: O.argmax(N, axis=1))
show("nan_to_num", lambda: O.nan_to_num(np.array([np.nan, np.inf, -np.inf, 1.0], "float32"),
    nan=-1.0,
    posinf=9.0))
show("var_int", lambda: O.var(np.array([1, 2, 4], "int32")))
show("std_keep", lambda: O.std(T, axis=1, keepdims=True))
show("cumsum_bool", lambda: O.cumsum(np.array([True, False, True])))
show("cumprod_i8", lambda: O.cumprod(np.array([2, 3, 4, 5], "int8")))
show("sum_u8", lambda: O.sum(np.array([200, 100], "uint8")))
show("prod_bool", lambda: O.prod(np.array([True, True])))
show("mean_bool", lambda: O.mean(np.array([True, False, True, True])))
show("any_axis", lambda: [O.any(T > 2.5, axis=0), O.all(T > 0, axis=(0, 1), keepdims=True)])
show("logsumexp_inf", lambda: O.logsumexp(np.array([-np.inf, -np.inf], "float32")))
"""

SNIPPETS["ops_cast_and_saturate"] = _TRY + """
V = np.array([-1.7, -0.5, 0.5, 1.5, 2.5, 300.0, 70000.0], "float32")
for dtype in ["int8", "uint8", "int32", "bool", "float16"]:
    show("cast_" + dtype, lambda: O.cast(V, dtype))
    show("sat_" + dtype, lambda: O.saturate_cast(V, dtype))
show("cast_nan_int", lambda: O.cast(np.array([np.nan, np.inf], "float32"), "int32"))
show("round_half_even", lambda: O.round(V[:5]))
show("round_decimals", lambda: O.round(np.array([1.2345, -2.55], "float32"), 2))
show("round_int", lambda: O.round(np.array([15, 25], "int32"), -1))
show("cast_i32_to_u8", lambda: O.cast(np.array([-1, 256, 257], "int32"), "uint8"))
show("sat_i32_to_u8", lambda: O.saturate_cast(np.array([-1, 256, 257], "int32"), "uint8"))
show("cast_complex", lambda: O.cast(np.array([1.5], "float32"), "complex64"))
show("cast_bad", lambda: O.cast(V, "float128"))
show("trunc_floor_ceil", lambda: [O.trunc(V[:3]), O.floor(V[:3]), O.ceil(V[:3])])
"""

SNIPPETS["ops_array_shaping_edges"] = _TRY + """
M = np.arange(12, dtype="float32").reshape(3, 4)
show("tril_k", lambda: [O.tril(M, -1), O.triu(M, 2)])
show("tril_batched", lambda: O.tril(np.ones((2, 2, 3), "float32"))[1])
show("diag_1d_k", lambda: O.diag(np.array([1.0, 2.0], "float32"), k=1))
show("diag_2d_k", lambda: O.diag(M, k=-1))
show("diagonal_axes", lambda: O.diagonal(np.arange(24).reshape(2, 3, 4), offset=1, axis1=1,
    axis2=2))
show("diagflat", lambda: O.diagflat(np.array([[1, 2], [3, 4]], "int32"), 1))
show("trace_offset", lambda: O.trace(M, offset=1))
show("trace_int8", lambda: O.trace(np.ones((3, 3), "int8")))
show("take_axis_none", lambda: O.take(M, np.array([0, 5, 11])))
show("take_negative", lambda: O.take(M, np.array([-1, 0]), axis=1))
show("take_along", lambda: O.take_along_axis(M, np.array([[3], [0], [1]]), axis=1))
show("take_along_none", lambda: O.take_along_axis(M, np.array([1, 2]), axis=None))
show("repeat_list", lambda: O.repeat(np.array([1, 2, 3]), [2, 0, 1]))
show("repeat_axis_none", lambda: O.repeat(M[:2, :2], 2))
show("tile_more", lambda: O.tile(np.array([1, 2]), (2, 1, 2)).shape)
show("split_uneven", lambda: O.split(np.arange(5), 2))
show("split_idx", lambda: O.split(np.arange(5), [1, 3]))
show("array_split", lambda: O.array_split(np.arange(5), 3))
show("rot90", lambda: O.rot90(M[:2, :3], k=-1))
show("roll_axes", lambda: O.roll(M, shift=(1, -1), axis=(0, 1))[0])
show("flip_all", lambda: O.flip(M[:2, :2]))
show("unique_counts", lambda: O.unique(np.array([3, 1, 3, 2, 1]), return_counts=True,
    return_inverse=True))
"""

SNIPPETS["ops_search_count_sets"] = _TRY + """
show("bincount_w", lambda: O.bincount(np.array([0, 1, 1, 3]), weights=np.array([0.5, 1.0, 2.0, 1.0],
    "float32"), minlength=6))
show("bincount_2d", lambda: O.bincount(np.array([[0, 1], [1, 1]]), minlength=3))
show("bincount_sparse", lambda: O.bincount(np.array([0, 2]), sparse=False))
show("bincount_neg", lambda: O.bincount(np.array([-1, 2])))
show("digitize", lambda: O.digitize(np.array([-1.0, 0.0, 0.5, 1.0, 2.0], "float32"), [0.0, 1.0]))
show("searchsorted", lambda: O.searchsorted(np.array([1.0, 2.0, 2.0, 3.0], "float32"),
    np.array([2.0, 0.0, 5.0], "float32"), side="right"))
show("isin", lambda: O.isin(np.array([[1, 2], [3, 4]]), np.array([4, 1])))
show("isin_invert", lambda: O.isin(np.array([1, 2, 3]), np.array([2]), invert=True))
show("top_k_unsorted", lambda: O.top_k(np.array([1.0, 5.0, 3.0, 5.0], "float32"), k=3, sorted=True))
show("top_k_too_big", lambda: O.top_k(np.array([1.0, 5.0], "float32"), k=3))
show("in_top_k", lambda: O.in_top_k(np.array([1, 0]), np.array([[0.1, 0.9, 0.0], [0.5, 0.5, 0.0]],
    "float32"), k=1))
show("histogram", lambda: O.histogram(np.array([0.0, 0.1, 0.5, 1.0, 1.0], "float32"), bins=4,
    range=(0.0, 1.0)))
show("argsort_desc", lambda: O.argsort(-np.array([3, 1, 2, 3])))
show("sort_axis0", lambda: O.sort(np.array([[3, 1], [1, 2]]), axis=0))
show("argpartition", lambda: O.sort(O.argpartition(np.array([4, 1, 3, 2]), 2)[:2]))
show("count_nonzero", lambda: O.count_nonzero(np.array([[0, 1], [2, 0]]), axis=(0, 1)))
show("nonzero", lambda: O.nonzero(np.array([[0, 1], [2, 0]])))
show("where_one", lambda: O.where(np.array([True, False, True])))
show("where_scalar", lambda: O.where(np.array([True, False]), 1, 2.5))
"""

SNIPPETS["ops_einsum_and_conv_functions"] = _TRY + """
A = np.arange(6, dtype="float32").reshape(2, 3)
B3 = np.arange(24, dtype="float32").reshape(2, 3, 4) / 10
show("ein_trace", lambda: O.einsum("ii", np.arange(9.0).reshape(3, 3)))
show("ein_diag", lambda: O.einsum("ii->i", np.arange(9.0).reshape(3, 3)))
show("ein_outer", lambda: O.einsum("i,j->ij", A[0], A[1, :2]))
show("ein_ellipsis", lambda: O.einsum("...ij,...jk->...ik", B3, np.ones((4, 2), "float32")).shape)
show("ein_sum_all", lambda: O.einsum("ijk->", B3))
show("ein_int", lambda: O.einsum("ij,jk->ik", np.ones((2, 2), "int32"), np.ones((2, 2), "int32")))
show("ein_mixed", lambda: O.einsum("ij,jk->ik", np.ones((2, 2), "int32"), np.ones((2, 2),
    "float32")))
show("ein_bad", lambda: O.einsum("ij,jk->ik", A, A))
X1 = np.arange(16, dtype="float32").reshape(1, 8, 2) / 8
K1 = np.ones((3, 2, 4), "float32") / 6
show("conv_valid", lambda: O.conv(X1, K1)[0, :, 0])
show("conv_same_s2", lambda: O.conv(X1, K1, strides=2, padding="same")[0, :, 0])
show("conv_dil", lambda: O.conv(X1, K1, dilation_rate=2)[0, :, 0])
show("depthwise", lambda: O.depthwise_conv(X1, np.ones((3, 2, 2), "float32"))[0, 0])
show("separable", lambda: O.separable_conv(X1, np.ones((3, 2, 1), "float32"), np.ones((1, 2, 3),
    "float32"))[0, 0])
show("conv_t", lambda: O.conv_transpose(X1, np.ones((3, 4, 2), "float32"), strides=2,
    output_padding=1).shape)
show("max_pool_same", lambda: O.max_pool(X1, 3, strides=2, padding="same")[0, :, 0])
show("avg_pool_same", lambda: O.average_pool(X1, 3, strides=2, padding="same")[0, :, 0])
try:
    O.conv(X1, np.ones((3, 3, 4), "float32"))
except ValueError as e:  # (TF's XLA-compiled conv wraps the message in "in user code:" frames)
    print("conv_bad_channels", str(e).strip().splitlines()[-1].strip().replace("ValueError: ",
    "")[:90])
"""

SNIPPETS["ops_inside_tf_function"] = _TRY + """
@tf.function
def f(x):
    n = O.shape(x)[0]
    y = O.reshape(x, (-1, 2))
    s = O.fori_loop(0, 3, lambda i, acc: acc + O.cast(i, "float32"), O.zeros(()))
    c = O.cond(O.sum(x) > 0, lambda: O.ones(()), lambda: O.zeros(()))
    w = O.while_loop(lambda i, t: i < 4, lambda i, t: (i + 1, t * 2.0), (0, O.ones(())))
    sc = O.scan(lambda carry, v: (carry + v, carry * v), O.zeros(()), O.cast(O.arange(4),
    "float32"))
    sw = O.switch(1, [lambda z: z - 1.0, lambda z: z + 1.0], O.ones(()))
    return n, y, s, c, w, sc, sw
show("traced", lambda: f(np.arange(6, dtype="float32")))
show("retrace_shape", lambda: f(np.arange(4, dtype="float32"))[1])
@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def g(x):
    print("traced_shape", O.expand_dims(x, -1).shape)
    return O.shape(x), O.mean(x, axis=0), O.size(x)
show("unknown_batch", lambda: g(np.ones((2, 3), "float32")))
show("concrete",
    lambda: [str(s) for s in tf.nest.flatten(g.get_concrete_function().structured_outputs)])
show("assoc_scan", lambda: O.associative_scan(lambda a, b: a + b, np.arange(5, dtype="float32")))
show("assoc_rev", lambda: O.associative_scan(lambda a, b: a * b, np.arange(1, 5, dtype="float32"),
    reverse=True))
show("map", lambda: O.map(lambda v: v * 2, np.arange(3, dtype="float32")))
show("stop_gradient", lambda: O.stop_gradient(np.ones(2, "float32")))
"""

SNIPPETS["signed_zeros_of_singular_and_complex_results"] = _TRY + """
show("det_pivoted", lambda: O.linalg.det(np.array([[1.0, 2.0], [2.0, 4.0]], "float32")))
show("slogdet_pivoted", lambda: O.slogdet(np.array([[1.0, 2.0], [2.0, 4.0]], "float32"))[0])
show("eig_vectors", lambda: O.linalg.eig(np.array([[0.0, -1.0], [1.0, 0.0]], "float32"))[1])
x = np.sin(np.arange(32, dtype="float32") * 0.4)
show("istft_first", lambda: O.istft(O.stft(x, 8, 2, 8), 8, 2, 8)[:1])
"""

SNIPPETS["ops_math_special_values"] = _TRY + """
V = np.array([-2.0, -0.5, 0.0, 0.5, 2.0], "float32")
show("erf_erfinv", lambda: [O.erf(V), O.erfinv(np.array([-0.5, 0.0, 0.9, 1.0], "float32"))])
show("logaddexp", lambda: O.logaddexp(V, np.array([-np.inf] * 5, "float32")))
show("log1p_expm1", lambda: [O.log1p(V[2:]), O.expm1(V)])
show("heaviside", lambda: O.heaviside(V, 0.5))
show("hypot_int", lambda: O.hypot(np.array([3, 5], "int32"), np.array([4, 12], "int32")))
show("i0", lambda: O.i0(V))
show("sinc", lambda: O.sinc(V) if hasattr(O, "sinc") else "none")
show("cbrt", lambda: O.cbrt(np.array([-8.0, 27.0], "float32")))
show("cbrt_int", lambda: O.cbrt(np.array([-8, 27], "int32")))
show("gcd_lcm", lambda: [O.gcd(np.array([12, -18]), np.array([8, 12])), O.lcm(np.array([4, 6]),
    np.array([6, 4]))])
show("ldexp", lambda: O.ldexp(np.array([1.0, 0.5], "float32"), np.array([2, 3], "int32")))
show("signbit", lambda: O.signbit(np.array([-0.0, 0.0, -1.0], "float32")))
show("sign_int", lambda: O.sign(np.array([-3, 0, 2], "int8")))
show("angle", lambda: O.angle(np.array([1 + 1j, -1 + 0j], "complex64")))
show("deg2rad_int", lambda: O.deg2rad(np.array([180], "int32")))
show("trapezoid", lambda: O.trapezoid(np.array([1.0, 2.0, 3.0], "float32"), dx=0.5))
show("vander", lambda: O.vander(np.array([1, 2, 3]), 3))
show("kaiser", lambda: O.kaiser(4, 2.0))
show("logspace", lambda: O.logspace(0, 2, 3, base=2))
show("geomspace", lambda: O.geomspace(1, 8, 4))
show("corrcoef", lambda: O.corrcoef(np.array([[1.0, 2.0, 3.0], [1.0, 0.0, 2.0]], "float32")))
show("mod_neg", lambda: [O.mod(np.array([-7, 7]), 3), O.mod(np.array([-7.5], "float32"), 2.0)])
show("fmod_like", lambda: O.remainder(np.array([-7, 7], "int32"), -3) if hasattr(O,
    "remainder") else "none")
"""

SNIPPETS["clear_session_resets_config_state"] = _TRY + """
def state():
    return (keras.config.dtype_policy().name, keras.config.floatx(),
            keras.config.is_interactive_logging_enabled(),
            keras.config.is_traceback_filtering_enabled(),
            keras.config.is_flash_attention_enabled())
keras.config.set_dtype_policy("mixed_float16")
keras.config.disable_interactive_logging()
keras.config.disable_traceback_filtering()
keras.config.disable_flash_attention()
print("set", state())
print("layer", layers.Dense(1).dtype_policy.name)
keras.backend.clear_session()
print("cleared", state())
print("layer", layers.Dense(1).dtype_policy.name, layers.Dense(1).compute_dtype)
keras.backend.clear_session()
keras.config.set_floatx("float16")
print("first_read_under_f16", keras.config.dtype_policy().name, layers.Dense(1).compute_dtype)
keras.config.set_floatx("float32")
print("kept_after_floatx", keras.config.dtype_policy().name, layers.Dense(1).compute_dtype)
keras.backend.clear_session()
print("cleared_again", state(), layers.Dense(1).compute_dtype)
show("int_plus_half", lambda: O.add(np.array([1], "int32"), 0.5))
"""

SNIPPETS["ops_ctc_decode_greedy_and_beam"] = _TRY + """
T, C = 5, 4
lp = np.log(np.array([[[0.1, 0.6, 0.2, 0.1], [0.1, 0.6, 0.2, 0.1], [0.7, 0.1, 0.1, 0.1],
                        [0.1, 0.1, 0.7, 0.1], [0.1, 0.1, 0.1, 0.7]],
                       [[0.7, 0.1, 0.1, 0.1], [0.1, 0.1, 0.7, 0.1], [0.1, 0.1, 0.7, 0.1],
                        [0.1, 0.7, 0.1, 0.1], [0.7, 0.1, 0.1, 0.1]]], "float32"))
lens = np.array([5, 4], "int32")
show("greedy", lambda: O.ctc_decode(lp, lens, strategy="greedy"))
show("greedy_keep", lambda: O.ctc_decode(lp, lens, strategy="greedy", merge_repeated=False))
show("greedy_mask0", lambda: O.ctc_decode(lp, lens, strategy="greedy", mask_index=3))
show("beam", lambda: O.ctc_decode(lp, lens, strategy="beam_search", beam_width=3, top_paths=2))
show("bad_strategy", lambda: O.ctc_decode(lp, lens, strategy="best"))
"""
