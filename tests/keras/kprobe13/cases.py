"""Snippets probing keras.ops' linalg, image, nn (CTC, one-hot), segment, search and
histogram functions, the preprocessing layers' less common options, callbacks' logs and
files, losses and metrics under dtype policies, summaries of shared layers and
keras.utils' edges; kprobe/record_golden.py kprobe13 records what real TF 2.21 + Keras 3
prints for each (with cases_editor.py's and cases_more.py's), and test_kprobe13.py checks
that eagerflow prints the same."""

from tests.keras.kprobe13.cases_editor import SNIPPETS as EDITOR_SNIPPETS
from tests.keras.kprobe13.cases_extra import SNIPPETS as EXTRA_SNIPPETS
from tests.keras.kprobe13.cases_more import SNIPPETS as MORE_SNIPPETS
from tests.keras.kprobe13.prelude import _TRY

SNIPPETS = {}

SNIPPETS["ops_linalg"] = _TRY + """
O = keras.ops
A = np.array([[4.0, 1.0], [1.0, 3.0]], "float32")
tryp("cholesky", lambda: O.linalg.cholesky(A))
tryp("cholesky_upper", lambda: O.linalg.cholesky(A, upper=True))
tryp("det", lambda: np.round(O.linalg.det(A), 4))
tryp("inv", lambda: O.linalg.inv(A))
tryp("solve", lambda: O.linalg.solve(A, np.ones((2, 1), "float32")))
tryp("solve_tri", lambda: O.linalg.solve_triangular(A, np.ones((2, 1), "float32"), lower=True))
tryp("qr_r", lambda: O.linalg.qr(A, mode="r"))
tryp("qr_bad", lambda: O.linalg.qr(A, mode="full2"))
tryp("svd_s", lambda: O.linalg.svd(A, compute_uv=False))
tryp("norm_fro", lambda: O.linalg.norm(A))
tryp("norm_1", lambda: O.linalg.norm(A, ord=1))
tryp("norm_inf_vec", lambda: O.linalg.norm(np.array([3.0, -4.0]), ord=np.inf))
tryp("norm_nuc", lambda: np.round(O.linalg.norm(A, ord="nuc"), 4))
tryp("norm_bad", lambda: O.linalg.norm(A, ord="bad"))
tryp("norm_axis", lambda: O.linalg.norm(A, axis=0, keepdims=True))
tryp("lstsq", lambda: O.linalg.lstsq(np.array([[1.0, 0], [0, 1], [1, 1]], "float32"),
                                      np.array([1.0, 2, 3], "float32")))
tryp("eigh_w", lambda: O.linalg.eigh(A)[0])
tryp("lu_factor", lambda: [np.asarray(t) for t in O.linalg.lu_factor(A)])
tryp("slogdet", lambda: [np.asarray(t) for t in O.slogdet(A)])
dt("det_int", lambda: O.linalg.det(np.eye(2, dtype="int32")))
dt("inv_f16", lambda: O.linalg.inv(np.eye(2, dtype="float16")))
tryp("inv_rank1", lambda: O.linalg.inv(np.ones(3, "float32")))
tryp("solve_shape", lambda: O.linalg.solve(A, np.ones((3, 1), "float32")))
"""

SNIPPETS["ops_image"] = _TRY + """
O = keras.ops
x = np.arange(2 * 4 * 6 * 1, dtype="float32").reshape(2, 4, 6, 1)
dt("resize", lambda: O.image.resize(x, (2, 3)))
tryp("resize_near", lambda: O.image.resize(x, (2, 3), interpolation="nearest")[0, :, :, 0])
tryp("resize_crop", lambda: O.image.resize(x, (2, 2), crop_to_aspect_ratio=True)[0, :, :, 0])
tryp("resize_pad", lambda: O.image.resize(x, (4, 4), pad_to_aspect_ratio=True,
                                          fill_value=-1)[0, :, :, 0])
tryp("resize_both", lambda: O.image.resize(x, (4, 4), pad_to_aspect_ratio=True,
                                           crop_to_aspect_ratio=True))
tryp("resize_bad_interp", lambda: O.image.resize(x, (2, 2), interpolation="cubic2"))
tryp("resize_bad_size", lambda: O.image.resize(x, (2,)))
tryp("resize_rank2", lambda: O.image.resize(np.ones((4, 4)), (2, 2)))
tryp("pad", lambda: O.image.pad_images(x, 1, 0, target_height=6, target_width=7)[0, :, :, 0])
tryp("pad_bad", lambda: O.image.pad_images(x, 1, 0, target_height=6, bottom_padding=1))
tryp("crop", lambda: O.image.crop_images(x, 1, 2, target_height=2, target_width=3)[0, :, :, 0])
tryp("crop_bad", lambda: O.image.crop_images(x, 3, 0, target_height=3, target_width=2))
tryp("gray", lambda: O.image.rgb_to_grayscale(np.ones((1, 2, 2, 3)) * [0.2, 0.5, 0.9])[0, :, :, 0])
tryp("gray_cf", lambda: O.image.rgb_to_grayscale(np.ones((1, 3, 1, 1)),
    data_format="channels_first"))
tryp("hsv", lambda: O.image.rgb_to_hsv(np.array([[[0.2, 0.5, 0.9]]], "float32")))
tryp("rgb", lambda: O.image.hsv_to_rgb(np.array([[[0.6, 0.7, 0.9]]], "float32")))
tryp("hsv_int", lambda: O.image.rgb_to_hsv(np.ones((1, 1, 3), "int32")))
"""

SNIPPETS["ops_image_geometry"] = _TRY + """
O = keras.ops
img = np.arange(16, dtype="float32").reshape(1, 4, 4, 1)
tryp("patches", lambda: O.image.extract_patches(img, 2)[0, :, :, :])
tryp("patches_strided", lambda: O.image.extract_patches(img, (3, 3), strides=1,
    padding="same").shape)
tryp("affine_ident", lambda: O.image.affine_transform(img, np.array([1, 0, 1, 0, 1, 0, 0, 0],
    "float32"))[0, :, :, 0])
tryp("affine_nearest", lambda: O.image.affine_transform(img, np.array([1, 0, 0, 0, 1, 1, 0, 0],
    "float32"), interpolation="nearest", fill_mode="nearest")[0, :, :, 0])
tryp("affine_bad", lambda: O.image.affine_transform(img, np.ones(6, "float32")))
tryp("affine_mode", lambda: O.image.affine_transform(img, np.ones(8, "float32"), fill_mode="wrap2"))
coords = np.array([[0.5, 1.5], [1.0, 2.0]], "float32")
tryp("mapc", lambda: O.image.map_coordinates(img[0, :, :, 0], coords, order=1))
tryp("mapc0", lambda: O.image.map_coordinates(img[0, :, :, 0], coords, order=0))
tryp("mapc_bad", lambda: O.image.map_coordinates(img[0, :, :, 0], coords, order=3))
tryp("mapc_mode", lambda: O.image.map_coordinates(img[0, :, :, 0], coords - 2, order=1,
    fill_mode="reflect"))
tryp("blur", lambda: O.image.gaussian_blur(img, kernel_size=(3, 3), sigma=(1.0, 1.0))[0, :, :, 0])
src = np.array([[0, 0], [3, 0], [3, 3], [0, 3]], "float32")
tryp("persp_id", lambda: O.image.perspective_transform(img, src, src)[0, :, :, 0])
"""

SNIPPETS["ops_ctc"] = _TRY + """
O = keras.ops
rng = np.random.RandomState(0)
logits = rng.randn(2, 5, 4).astype("float32")
labels = np.array([[1, 2, 0], [3, 3, 0]], "int32")
tryp("ctc_loss", lambda: O.nn.ctc_loss(labels, logits, np.array([2, 2]), np.array([5, 4])))
tryp("ctc_loss_mask3", lambda: O.nn.ctc_loss(np.array([[1, 2, 3]]), logits[:1], np.array([2]),
                                             np.array([5]), mask_index=3))
dt("ctc_loss_dtype", lambda: O.nn.ctc_loss(labels, logits, np.array([2, 2]), np.array([5, 4])))
dec, scores = O.nn.ctc_decode(logits, np.array([5, 4]))
print("greedy", np.asarray(dec), np.asarray(scores))
dec, scores = O.nn.ctc_decode(logits, np.array([5, 4]), strategy="greedy", merge_repeated=False)
print("greedy_nomerge", np.asarray(dec), np.asarray(scores))
dec, scores = O.nn.ctc_decode(logits, np.array([5, 4]), strategy="beam_search", beam_width=3,
                              top_paths=2)
print("beam", np.asarray(dec), np.asarray(scores))
tryp("bad_strategy", lambda: O.nn.ctc_decode(logits, np.array([5, 4]), strategy="best"))
"""

SNIPPETS["ops_one_hot_multi_hot"] = _TRY + """
O = keras.ops
tryp("one_hot", lambda: O.one_hot(np.array([0, 2, -1, 5]), 3))
tryp("one_hot_axis0", lambda: O.one_hot(np.array([0, 2]), 3, axis=0))
r = O.one_hot(np.array([0, 2]), 3, sparse=True)
print("sparse", type(r).__name__, np.asarray(r.indices), np.asarray(r.values), r.dense_shape)
dt("one_hot_dtype", lambda: O.one_hot(np.array([1]), 2, dtype="int32"))
tryp("multi_hot", lambda: O.multi_hot(np.array([[0, 2, 2], [1, 1, 1]]), 4))
tryp("multi_hot_1d", lambda: O.multi_hot(np.array([0, 3]), 4))
tryp("multi_hot_axis0", lambda: O.multi_hot(np.array([[0, 2], [1, 1]]), 3, axis=0))
r = O.multi_hot(np.array([[0, 2]]), 3, sparse=True)
print("multi_sparse", type(r).__name__, np.asarray(r.indices), np.asarray(r.values))
tryp("nn_one_hot_float", lambda: O.nn.one_hot(np.array([0.0, 1.7]), 3))
tryp("one_hot_neg_classes", lambda: O.one_hot(np.array([0]), -1))
"""

SNIPPETS["ops_segments"] = _TRY + """
O = keras.ops
data = np.array([1.0, 2.0, 3.0, 4.0, 5.0], "float32")
ids = np.array([0, 0, 2, 2, 1])
tryp("sum", lambda: O.segment_sum(data, ids))
tryp("sum_n", lambda: O.segment_sum(data, ids, num_segments=4))
tryp("sum_sorted", lambda: O.segment_sum(data, np.array([0, 0, 1, 1, 3]), sorted=True))
tryp("max", lambda: O.segment_max(data, ids))
tryp("max_n", lambda: O.segment_max(data, ids, num_segments=4))
tryp("max_neg", lambda: O.segment_max(data, np.array([0, -1, 1, 1, 0]), num_segments=2))
tryp("sum_2d", lambda: O.segment_sum(np.arange(6.0).reshape(3, 2), np.array([1, 0, 1])))
tryp("sum_int", lambda: O.segment_sum(np.array([1, 2, 3]), np.array([0, 1, 1])))
tryp("sum_neg", lambda: O.segment_sum(data, np.array([0, -1, 1, 1, 0]), num_segments=2))
tryp("sum_bad_len", lambda: O.segment_sum(data, np.array([0, 1])))
"""

SNIPPETS["ops_search_histogram"] = _TRY + """
O = keras.ops
s = np.array([1.0, 2.0, 2.0, 5.0], "float32")
tryp("ss_left", lambda: O.searchsorted(s, np.array([2.0, 0.0, 6.0], "float32")))
tryp("ss_right", lambda: O.searchsorted(s, np.array([2.0, 0.0, 6.0], "float32"), side="right"))
tryp("ss_bad", lambda: O.searchsorted(s, np.array([1.0], "float32"), side="middle"))
tryp("ss_2d", lambda: O.searchsorted(np.ones((2, 2)), np.ones(2)))
dt("ss_dtype", lambda: O.searchsorted(s, np.array([1.0], "float32")))
tryp("hist", lambda: O.histogram(np.array([0.0, 1.0, 1.5, 2.0, 3.0]), bins=3))
tryp("hist_range", lambda: O.histogram(np.array([0.0, 1.0, 1.5, 2.0, 9.0]), bins=2, range=(0, 2)))
tryp("hist_bad_bins", lambda: O.histogram(np.array([1.0]), bins=0))
tryp("hist_2d", lambda: O.histogram(np.ones((2, 2)), bins=2))
tryp("hist_bad_range", lambda: O.histogram(np.array([1.0]), bins=2, range=(2, 1)))
tryp("bincount", lambda: O.bincount(np.array([1, 1, 3]), minlength=5))
tryp("bincount_w", lambda: O.bincount(np.array([1, 1, 3]), weights=np.array([0.5, 1.0, 2.0])))
tryp("bincount_2d", lambda: O.bincount(np.array([[1, 0], [2, 2]])))
tryp("bincount_neg", lambda: O.bincount(np.array([-1, 2])))
tryp("digitize", lambda: O.digitize(np.array([0.5, 1.0, 2.5]), [1.0, 2.0]))
tryp("unravel", lambda: O.unravel_index(np.array([5, 7]), (2, 4)))
"""

SNIPPETS["ops_nn_misc"] = _TRY + """
O = keras.ops
x = np.array([[1.0, 2.0, 4.0], [0.0, -1.0, 3.0]], "float32")
tryp("moments", lambda: [np.asarray(t) for t in O.moments(x, axes=[1], keepdims=True)])
tryp("moments_sync", lambda: [np.asarray(t) for t in O.moments(x, axes=0, synchronized=True)])
tryp("normalize", lambda: O.normalize(x, axis=-1, order=1))
tryp("normalize_bad", lambda: O.normalize(x, order=1.5))
tryp("psnr", lambda: O.psnr(x, x + 0.5, max_val=4.0))
tryp("psnr_shape", lambda: O.psnr(x, x[:1], max_val=1.0))
tryp("bn", lambda: O.batch_normalization(x, np.zeros(3), np.ones(3), axis=-1, offset=np.ones(3),
    epsilon=0.0))
tryp("glu", lambda: O.glu(np.array([1.0, 2.0, 3.0, 4.0], "float32")))
tryp("glu_odd", lambda: O.glu(x))
tryp("sparsemax", lambda: O.sparsemax(x))
tryp("log_softmax_axis", lambda: O.log_softmax(x, axis=0))
tryp("softmax_tuple", lambda: O.softmax(x, axis=(0, 1)))
tryp("rms_norm", lambda: O.rms_normalization(x, scale=2.0))
tryp("layer_norm", lambda: O.layer_normalization(x, gamma=np.ones(3), beta=np.zeros(3)))
tryp("polar", lambda: O.polar(np.array([2.0]), np.array([0.5])))
tryp("celu", lambda: O.celu(x, alpha=0.5))
tryp("threshold", lambda: O.threshold(x, 1.5, -9.0))
tryp("squareplus", lambda: O.squareplus(x, b=2))
tryp("sce", lambda: O.sparse_categorical_crossentropy(np.array([2, 0]), x, from_logits=True))
tryp("ce_axis", lambda: O.categorical_crossentropy(np.eye(2, dtype="float32"), x[:, :2], axis=0))
tryp("bce_shape", lambda: O.binary_crossentropy(np.ones((2, 2)), np.ones((2, 3)) / 2))
tryp("dpa", lambda: O.dot_product_attention(np.ones((1, 2, 1, 4)), np.ones((1, 3, 1, 4)),
    np.arange(12.0).reshape(1, 3, 1, 4)))
"""

SNIPPETS["ops_math_signal"] = _TRY + """
O = keras.ops
x = np.array([3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0], "float32")
tryp("top_k", lambda: [np.asarray(t) for t in O.top_k(x, 3)])
tryp("top_k_unsorted", lambda: sorted(np.asarray(O.top_k(x, 3, sorted=False)[0]).tolist()))
tryp("in_top_k", lambda: O.in_top_k(np.array([5, 1]), np.stack([x, x]), 2))
tryp("logsumexp", lambda: O.logsumexp(x.reshape(2, 4), axis=1, keepdims=True))
tryp("erfinv", lambda: O.erfinv(np.array([0.0, 0.5, -0.9], "float32")))
tryp("extract_seq", lambda: O.extract_sequences(x, 3, 2))
tryp("fft", lambda: [np.asarray(t) for t in O.fft((x[:4], np.zeros(4, "float32")))])
tryp("rfft", lambda: [np.asarray(t) for t in O.rfft(x, fft_length=4)])
tryp("irfft", lambda: O.irfft(O.rfft(x), fft_length=8))
dt("stft", lambda: O.stft(x, 4, 2, 4)[0])
tryp("stft_window", lambda: O.stft(x, 4, 2, 4, window="hamming")[0][:, :2])
tryp("stft_bad_window", lambda: O.stft(x, 4, 2, 4, window="bogus"))
tryp("rsqrt", lambda: O.rsqrt(np.array([4.0, 0.25], "float32")))
tryp("logaddexp", lambda: O.logaddexp(np.array([1.0]), np.array([2.0])))
tryp("cumsum_axis", lambda: O.cumsum(x.reshape(2, 4), axis=0))
tryp("quantile", lambda: O.quantile(x, [0.25, 0.5], method="lower"))
"""

SNIPPETS.update(EDITOR_SNIPPETS)
SNIPPETS.update(MORE_SNIPPETS)

SNIPPETS["ops_sparse_encodings_and_checks"] = _TRY + """
O = keras.ops
def sp(label, r):
    print(label, type(r).__name__, np.asarray(r.indices).tolist(), np.asarray(r.values).tolist(),
          list(r.shape), r.dtype)
sp("one_hot_neg", O.one_hot(np.array([0, 2, -1]), 3, sparse=True))
sp("one_hot_axis0", O.one_hot(np.array([[0, 2], [1, -1]]), 3, axis=0, sparse=True))
sp("one_hot_scalar", O.one_hot(np.array(1), 4, sparse=True))
sp("multi_hot", O.multi_hot(np.array([[0, 2, 2], [1, -1, 1]]), 4, sparse=True))
sp("multi_hot_bool", O.multi_hot(np.array([0, 3]), 4, dtype="bool", sparse=True))
sp("multi_hot_axis0", O.multi_hot(np.array([[0, 2], [1, 1]]), 3, axis=0, dtype="int32",
                                  sparse=True))
sp("bincount", O.bincount(np.array([1, 1, 3]), sparse=True))
sp("bincount_2d", O.bincount(np.array([[1, 0], [2, 2]]), sparse=True,
                             weights=np.ones((2, 2), "float16")))
tryp("bincount_empty", lambda: O.bincount(np.array([], "int32")))
tryp("segment_ids_2d", lambda: O.segment_max(np.ones((2, 2)), np.zeros((2, 2), "int32")))
tryp("resize_zero", lambda: O.image.resize(np.ones((4, 4, 1)), (0, 2)))
tryp("resize_three", lambda: O.image.resize(np.ones((4, 4, 1)), (2, 2, 2), interpolation="x"))
img = np.ones((2, 4, 4, 1), "float32")
for t in [np.ones((3, 8), "float32"), np.ones((2, 8), "float32"), np.ones((1, 9), "float32")]:
    tryp("affine" + str(t.shape), lambda: O.image.affine_transform(img, t).shape)
tryp("affine_3d", lambda: O.image.affine_transform(img[0], np.ones((2, 8), "float32")).shape)
L = keras.layers
a = np.array([1, 2, 3, 1]); b = np.array(["x", "y", "x", "x"])
sp("crossing", L.HashedCrossing(num_bins=4, output_mode="one_hot", sparse=True)((a, b)))
sp("crossing_col", L.HashedCrossing(num_bins=4, output_mode="one_hot", sparse=True)(
    (a[:, None], b[:, None])))
sp("crossing_scalar", L.HashedCrossing(num_bins=4, output_mode="one_hot", sparse=True)(
    (np.array(2), np.array("y"))))
i1 = keras.Input((1,), dtype="int64"); i2 = keras.Input((1,), dtype="string")
o = L.HashedCrossing(num_bins=4, output_mode="one_hot")((i1, i2))
print(o.shape, o.dtype, keras.Model([i1, i2], o)([a[:, None], b[:, None]]).numpy().tolist())
"""
SNIPPETS.update(EXTRA_SNIPPETS)
