"""kprobe18's snippets on keras.ops and keras.random: reductions with odd axes, top_k and
segment ops with their arguments, one_hot's axis, moments, image ops, linalg, NumPy-like
functions with unusual arguments and their errors, and SeedGenerator streams (see
cases.py)."""

from tests.keras.kprobe15.prelude import _SHOW
from tests.keras.kprobe18.prelude import _TRY

SNIPPETS = {}

SNIPPETS["ops_logsumexp_and_reductions"] = _TRY + _SHOW + """
A = np.array([[1.0, -np.inf, 3.0], [-np.inf, -np.inf, -np.inf]], "float32")
show("lse", lambda: O.logsumexp(F))
show("lse_axis", lambda: O.logsumexp(F, axis=1, keepdims=True))
show("lse_inf", lambda: O.logsumexp(A, axis=-1))
show("lse_tuple", lambda: O.logsumexp(F, axis=(0, 1)))
show("lse_int", lambda: O.logsumexp(I, axis=0))
show("amax_neg", lambda: O.amax(F, axis=-2))
show("prod_int", lambda: O.prod(I, axis=1))
show("mean_int", lambda: O.mean(I))
show("var_keep", lambda: O.var(F, axis=0, keepdims=True))
show("std_int", lambda: O.std(I, axis=1))
show("any_axis", lambda: O.any(B, axis=(0,)))
show("bad_axis", lambda: O.logsumexp(F, axis=2))
show("count_nz", lambda: O.count_nonzero(I, axis=(0, 1)))
"""

SNIPPETS["ops_top_k_segments_one_hot"] = _TRY + _SHOW + """
V = np.array([3.0, 1.0, 3.0, 2.0, -1.0, 2.0], "float32")
show("topk", lambda: O.top_k(V, 3))
show("topk_unsorted", lambda: O.top_k(V, 3, sorted=False)[1])
show("topk_2d", lambda: O.top_k(F, 2))
show("topk_int", lambda: O.top_k(I, 1))
show("topk_big", lambda: O.top_k(V, 7))
ids = np.array([0, 0, 2, 2, 1, 0], "int32")
show("seg_sum", lambda: O.segment_sum(V, ids))
show("seg_sum_n", lambda: O.segment_sum(V, ids, num_segments=4))
show("seg_max", lambda: O.segment_max(V, ids, num_segments=4))
show("seg_sorted", lambda: O.segment_sum(V, np.array([0, 0, 1, 1, 2, 2]), sorted=True))
show("seg_2d", lambda: O.segment_sum(F, np.array([1, 1])))
show("oh_axis0", lambda: O.one_hot(np.array([0, 2, 1]), 3, axis=0))
show("oh_neg", lambda: O.one_hot(np.array([-1, 5, 1]), 3))
show("oh_dtype", lambda: O.one_hot(np.array([[1], [0]]), 2, dtype="int32"))
show("oh_sparse", lambda: O.one_hot(np.array([1, 0]), 2, sparse=True))
show("mh", lambda: O.multi_hot(np.array([[0, 2, 2], [1, 1, 1]]), 4))
"""

SNIPPETS["ops_moments_and_normalize"] = _TRY + _SHOW + """
show("moments", lambda: O.moments(F, axes=[0]))
show("moments_keep", lambda: O.moments(F, axes=[0, 1], keepdims=True))
show("moments_half", lambda: O.moments(H, axes=[1]))
show("moments_sync", lambda: O.moments(F, axes=[1], synchronized=True))
show("normalize", lambda: O.normalize(F, axis=-1, order=2))
show("normalize_l1", lambda: O.normalize(F, axis=0, order=1))
show("batch_norm", lambda: O.batch_normalization(F, mean=np.zeros(3), variance=np.ones(3),
                                                 axis=-1, offset=np.ones(3), scale=2 * np.ones(3),
                                                 epsilon=0.5))
show("l2n_eps", lambda: O.normalize(np.zeros((1, 3), "float32")))
show("rms", lambda: O.rms_normalization(F, scale=np.ones(3, "float32"), axis=-1) if hasattr(O,
    "rms_normalization") else "none")
show("ln", lambda: O.layer_normalization(F, gamma=np.ones(3), beta=np.zeros(3)) if hasattr(O,
    "layer_normalization") else "none")
"""

SNIPPETS["ops_numpy_odd_args"] = _TRY + _SHOW + """
show("take_clip", lambda: O.take(F, np.array([0, 7]), axis=1))
show("take_neg", lambda: O.take(F, np.array([-1]), axis=0))
show("take_none", lambda: O.take(F, np.array([[1, 4]])))
show("tal", lambda: O.take_along_axis(F, np.array([[2, 0], [1, 1]]), axis=1))
show("repeat", lambda: O.repeat(I, np.array([1, 2]), axis=0))
show("repeat_flat", lambda: O.repeat(I, 2))
show("tile", lambda: O.tile(np.array([1, 2]), (2, 1, 2)))
show("pad_reflect", lambda: O.pad(F, ((1, 1), (2, 2)), mode="reflect"))
show("pad_sym", lambda: O.pad(F, ((0, 0), (1, 0)), mode="symmetric"))
show("pad_const", lambda: O.pad(I, 1, constant_values=9))
show("pad_bad", lambda: O.pad(F, ((1, 1), (1, 1)), mode="wrap"))
show("split_uneven", lambda: O.split(np.arange(5), 2))
show("split_idx", lambda: O.split(np.arange(6), [1, 4]))
show("linspace", lambda: O.linspace(0, 1, 4, endpoint=False))
show("linspace_step", lambda: O.linspace(0.0, 1.0, 5, retstep=True))
show("arange_f", lambda: O.arange(0, 1, 0.25))
show("arange_int", lambda: O.arange(5, dtype="float16"))
show("where1", lambda: O.where(np.array([[0, 1], [2, 0]])))
show("nonzero", lambda: O.nonzero(np.array([[0, 1], [2, 0]])))
show("argsort", lambda: O.argsort(np.array([3, 1, 2, 1]), axis=-1))
show("searchsorted", lambda: O.searchsorted(np.array([1.0, 2.0, 3.0]), np.array([2.0, 0.5]),
    side="right"))
show("digitize", lambda: O.digitize(np.array([0.2, 1.5, 3.0]), [0.0, 1.0, 2.0]))
show("bincount", lambda: O.bincount(np.array([1, 1, 3]), weights=np.array([0.5, 1.0, 2.0]),
    minlength=5))
show("diff", lambda: O.diff(F, n=2, axis=1))
show("cumsum_dtype", lambda: O.cumsum(I, axis=1, dtype="float32"))
show("trace", lambda: O.trace(np.arange(9).reshape(3, 3), offset=1))
show("tri", lambda: O.tri(3, 4, k=-1, dtype="int32"))
show("meshgrid", lambda: O.meshgrid(np.arange(2), np.arange(3), indexing="ij"))
show("correlate", lambda: O.correlate(np.array([1.0, 2.0, 3.0]), np.array([0.0, 1.0, 0.5]),
    mode="same"))
show("clip_int", lambda: O.clip(I, -1.5, 2.5))
show("round_dec", lambda: O.round(F, decimals=1))
"""

SNIPPETS["ops_numpy_errors"] = _TRY + _SHOW + """
show("reshape_bad", lambda: O.reshape(F, (4, 2)))
show("reshape_two_neg", lambda: O.reshape(F, (-1, -1)))
show("concat_rank", lambda: O.concatenate([F, np.ones(3, "float32")]))
show("stack_shapes", lambda: O.stack([F, F.T]))
show("matmul_shape", lambda: O.matmul(F, F))
show("transpose_axes", lambda: O.transpose(F, (0, 2)))
show("squeeze_bad", lambda: O.squeeze(F, axis=0))
show("expand_bad", lambda: O.expand_dims(F, 4))
show("swap_bad", lambda: O.swapaxes(F, 0, 3))
show("broadcast_bad", lambda: O.broadcast_to(F, (3, 3)))
show("einsum_bad", lambda: O.einsum("ij,jk->ik", F, F))
show("full_like", lambda: O.full_like(I, 2.5))
show("eye_k", lambda: O.eye(2, 3, k=1))
show("identity_dtype", lambda: O.identity(2, dtype="int8"))
show("cast_str", lambda: O.cast(F, "string"))
show("argmax_keep", lambda: O.argmax(F, axis=1, keepdims=True))
show("argmin_none", lambda: O.argmin(F))
"""

SNIPPETS["ops_linalg_more"] = _TRY + _SHOW + """
L = O.linalg
M = np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.0], [0.5, 0.0, 2.0]], "float32")
show("inv", lambda: L.inv(M))
show("det", lambda: O.linalg.det(M))
show("solve", lambda: L.solve(M, np.array([[1.0], [2.0], [3.0]], "float32")))
show("chol", lambda: L.cholesky(M))
show("qr_complete", lambda: L.qr(F, mode="complete")[1])
show("qr_bad", lambda: L.qr(F, mode="full"))
show("svd_vals", lambda: L.svd(F, compute_uv=False))
show("norm_fro", lambda: L.norm(F))
show("norm_nuc", lambda: L.norm(F, ord="nuc"))
show("norm_inf", lambda: L.norm(F, ord=np.inf, axis=(0, 1)))
show("norm_vec", lambda: L.norm(F, ord=1, axis=1, keepdims=True))
show("norm_bad", lambda: L.norm(F, ord="abc"))
show("tri_solve", lambda: L.solve_triangular(np.tril(M), np.ones((3, 1), "float32"), lower=True))
show("lu", lambda: L.lu_factor(M))
show("eigh", lambda: L.eigh(M)[0])
show("lstsq", lambda: L.lstsq(np.array([[1.0, 1.0], [1.0, 2.0], [1.0, 3.0]], "float32"),
    np.array([1.0, 2.0, 2.0], "float32")))
show("inv_int", lambda: L.inv(np.eye(2, dtype="int32")))
show("chol_bad", lambda: L.cholesky(-M))
"""

SNIPPETS["ops_image_more"] = _TRY + _SHOW + """
IMG1 = np.arange(2 * 4 * 4 * 1, dtype="float32").reshape(2, 4, 4, 1)
for interp in ["bilinear", "nearest", "bicubic", "area", "lanczos3"]:
    show(interp, lambda: O.image.resize(IMG1, (3, 3), interpolation=interp)[0, :, :, 0])
show("crop_aspect", lambda: O.image.resize(IMG1, (2, 4), crop_to_aspect_ratio=True)[0, :, :, 0])
show("pad_aspect", lambda: O.image.resize(IMG1, (2, 4), pad_to_aspect_ratio=True,
    fill_value=-1)[0, :, :, 0])
show("resize_3d", lambda: O.image.resize(IMG1[0], (2, 2)))
show("resize_bad", lambda: O.image.resize(IMG1, (2, 2), interpolation="cubic"))
show("patches", lambda: O.image.extract_patches(IMG1, 2)[0, :, :, 0])
show("patches_strides", lambda: O.image.extract_patches(IMG1, (3, 3), strides=(1, 1),
    padding="same").shape)
show("gray", lambda: O.image.rgb_to_grayscale(IM[:, :2, :2])[0, :, :, 0])
show("hsv", lambda: O.image.rgb_to_hsv(IM[:, :1, :2])[0])
show("affine", lambda: O.image.affine_transform(IMG1, np.array([1, 0, 1, 0, 1, 0, 0, 0],
    "float32"), interpolation="nearest")[0, :, :, 0])
show("map_coords", lambda: O.image.map_coordinates(np.arange(9.0).reshape(3, 3), np.array([[0.5,
    1.5], [1.0, 2.0]]), order=1))
show("pad_images", lambda: O.image.pad_images(IMG1, 1, 0, target_height=6, target_width=5).shape)
show("crop_images", lambda: O.image.crop_images(IMG1, 1, 1, target_height=2, target_width=2)[1, :,
    :, 0])
"""

SNIPPETS["random_seed_generator_streams"] = _TRY + """
R = keras.random
g = R.SeedGenerator(7)
a = [r4(R.uniform((3,), seed=g)) for _ in range(2)]
print(a, g.state.numpy().tolist())
g2 = R.SeedGenerator(7)
print(r4(R.uniform((3,), seed=g2)) == a[0])
g3 = R.SeedGenerator(seed=None)
print(g3.state.shape, str(g3.state.dtype))
print(r4(R.normal((2, 2), mean=1.0, stddev=0.1, seed=g)))
print(R.randint((5,), 0, 3, seed=g).numpy().tolist(), R.shuffle(np.arange(5), axis=0,
    seed=g).numpy().tolist())
print(r4(R.beta((3,), 2.0, 3.0, seed=11)))
print(r4(R.dropout(np.ones((2, 4), "float32"), 0.5, noise_shape=(1, 4), seed=3)))
cfg = g.get_config()
print(cfg)
print(R.SeedGenerator.from_config(cfg).state.numpy().tolist())
tryp("categorical_bad", lambda: R.categorical(np.zeros((3,)), 2, seed=1))
tryp("dropout_rate", lambda: R.dropout(np.ones(3), 1.5, seed=1))
class L(layers.Layer):
    def __init__(self):
        super().__init__()
        self.gen = R.SeedGenerator(3)
    def call(self, x):
        return x + R.normal(keras.ops.shape(x), seed=self.gen)
l = L()
y1, y2 = l(np.zeros((2,), "float32")), l(np.zeros((2,), "float32"))
print(r4(y1), r4(y2), [w.path for w in l.weights], [v.path for v in l.non_trainable_variables])
"""
