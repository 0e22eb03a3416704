"""kprobe35's snippets on keras.ops.nn over dtypes and shapes earlier rounds did not use:
ctc_loss/ctc_decode on float16 and batch-major odd lengths, dot_product_attention on
3-D inputs and float16/bfloat16 with masks of each rank, moments/batch_normalization
over each axis and dtype, normalize/psnr over dtypes, one_hot/multi_hot sparse and
over each dtype, and the losses' functional forms given integer labels (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe35.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["nn_ctc_dtypes_lengths"] = _TRY + """
N = keras.ops.nn
p = np.array([[0.6, 0.2, 0.1, 0.1], [0.1, 0.6, 0.2, 0.1], [0.1, 0.1, 0.7, 0.1], [0.7, 0.1, 0.1, 0.1]], "float32")
logits = np.log(np.stack([p, p[::-1], p[[1, 1, 2, 2]]]))
tgt = np.array([[1, 2], [2, 1], [1, 0]], "int32")
show("loss_f16", lambda: N.ctc_loss(tgt, logits.astype("float16"), np.array([2, 2, 1], "int32"), np.array([4, 4, 4], "int32")))
show("loss_i64_lens", lambda: N.ctc_loss(tgt.astype("int64"), logits, np.array([2, 2, 1], "int64"), np.array([4, 3, 2], "int64")))
show("loss_zero_len", lambda: N.ctc_loss(tgt, logits, np.array([0, 2, 1], "int32"), np.array([4, 4, 4], "int32")))
show("loss_impossible", lambda: N.ctc_loss(np.array([[1, 1, 1]], "int32"), logits[:1], np.array([3], "int32"), np.array([4], "int32")))
show("decode_f16", lambda: N.ctc_decode(logits.astype("float16"), np.array([4, 3, 2], "int32")))
show("decode_i64_len", lambda: N.ctc_decode(logits, np.array([4, 4, 4], "int64"), mask_index=0))
show("decode_beam_f64", lambda: N.ctc_decode(logits.astype("float64"), np.array([4, 4, 4], "int32"), strategy="beam_search", beam_width=3, top_paths=2))
show("decode_short", lambda: N.ctc_decode(logits, np.array([1, 0, 2], "int32")))
"""

SNIPPETS["nn_attention_3d_and_half"] = _TRY + """
A = keras.ops.nn.dot_product_attention
q = np.sin(np.arange(2 * 3 * 2 * 4, dtype="float32") * 0.2).reshape(2, 3, 2, 4)
k = np.cos(np.arange(2 * 5 * 2 * 4, dtype="float32") * 0.3).reshape(2, 5, 2, 4)
v = (np.arange(2 * 5 * 2 * 4, dtype="float32") % 7 / 7).reshape(2, 5, 2, 4)
show("3d", lambda: O.sum(A(q[:, :, 0], k[:, :, 0], v[:, :, 0]), axis=-1))
for d in ["float16", "bfloat16", "float64"]:
    show(d, lambda: O.round(O.cast(O.sum(A(O.cast(q, d), O.cast(k, d), O.cast(v, d)), axis=(1, 3)), "float32"), 2))
    show(d + "_dtype", lambda: keras.backend.standardize_dtype(A(O.cast(q, d), O.cast(k, d), O.cast(v, d)).dtype))
show("mixed", lambda: keras.backend.standardize_dtype(A(q.astype("float16"), k, v).dtype))
m2 = np.array([[True] * 4 + [False]] * 3)
show("mask_2d", lambda: O.sum(A(q, k, v, mask=m2), axis=(1, 3)))
show("mask_3d", lambda: O.sum(A(q, k, v, mask=m2[None].repeat(2, 0)), axis=(1, 3)))
show("mask_int", lambda: O.sum(A(q, k, v, mask=m2.astype("int32")), axis=(1, 3)))
show("mask_all_false", lambda: O.sum(A(q, k, v, mask=np.zeros((3, 5), bool)), axis=(1, 3)))
show("causal_longer_q", lambda: O.sum(A(k, q, q, is_causal=True), axis=(1, 3)))
show("int_inputs", lambda: A(np.ones((1, 2, 1, 2), "int32"), np.ones((1, 2, 1, 2), "int32"), np.ones((1, 2, 1, 2), "int32")))
"""

SNIPPETS["nn_moments_batchnorm_dtypes"] = _TRY + """
N = keras.ops.nn
x = (np.arange(24, dtype="float32").reshape(2, 3, 4) % 5) - 1.5
for d in ["float16", "bfloat16", "float64", "int32", "uint8"]:
    show("moments_" + d, lambda: N.moments(O.cast(x + 2, d), axes=[0, 2]))
show("moments_neg_axis", lambda: N.moments(x, axes=[-1]))
show("moments_tuple_axes", lambda: N.moments(x, axes=(0, 1), keepdims=True))
show("moments_int_axis", lambda: N.moments(x, axes=1))
mean = np.array([0.5, -0.5, 0.0, 1.0], "float32")
var = np.array([1.0, 4.0, 0.25, 2.0], "float32")
show("bn", lambda: O.sum(N.batch_normalization(x, mean, var, axis=-1), axis=(0, 1)))
show("bn_offset_scale", lambda: O.sum(N.batch_normalization(x, mean, var, axis=2, offset=np.ones(4, "float32"), scale=np.full(4, 2.0, "float32"), epsilon=0.1), axis=(0, 1)))
show("bn_axis1", lambda: O.sum(N.batch_normalization(x, mean[:3], var[:3], axis=1), axis=(0, 2)))
show("bn_f16", lambda: keras.backend.standardize_dtype(N.batch_normalization(x.astype("float16"), mean, var, axis=-1).dtype))
show("bn_bad", lambda: N.batch_normalization(x, mean[:3], var[:3], axis=-1))
"""

SNIPPETS["nn_normalize_psnr_dtypes"] = _TRY + """
N = keras.ops.nn
x = np.array([[3.0, 4.0, 0.0], [0.0, 0.0, 0.0]], "float32")
for d in ["float16", "bfloat16", "float64", "int32"]:
    show("normalize_" + d, lambda: N.normalize(O.cast(x, d)))
for o in [1, 2, 3, np.inf]:
    show("order_" + str(o), lambda: N.normalize(x, order=o, axis=0))
show("epsilon", lambda: N.normalize(x, epsilon=1.0))
show("bad_order", lambda: N.normalize(x, order=0))
a = IMG / 255.0
b = np.clip(a + 0.05 * np.cos(np.arange(a.size).reshape(a.shape)), 0, 1).astype("float32")
show("psnr", lambda: N.psnr(a, b, 1.0))
show("psnr_same", lambda: N.psnr(a, a, 1.0))
show("psnr_f64", lambda: N.psnr(a.astype("float64"), b.astype("float64"), 1.0))
show("psnr_uint8", lambda: N.psnr(IMG.astype("uint8"), (b * 255).astype("uint8"), 255))
show("psnr_shape", lambda: N.psnr(a, b[0], 1.0))
"""

SNIPPETS["nn_one_hot_multi_hot_dtypes_sparse"] = _TRY + """
N = keras.ops.nn
sweep("one_hot_in", lambda d: N.one_hot(arr([0, 2, 1], d), 3), ["bool", "uint8", "uint16", "int8", "int16", "int32", "int64", "float32"])
sweep("one_hot_out", lambda d: N.one_hot(np.array([0, 2, 1], "int32"), 3, dtype=d))
show("one_hot_sparse", lambda: N.one_hot(np.array([0, 2, -1, 5], "int32"), 4, sparse=True))
show("one_hot_sparse_type", lambda: type(N.one_hot(np.array([0, 2], "int32"), 3, sparse=True)).__name__)
show("one_hot_axis0_sparse", lambda: O.convert_to_numpy(N.one_hot(np.array([0, 2], "int32"), 3, axis=0, sparse=True)).tolist())
show("multi_hot_sparse", lambda: O.convert_to_numpy(N.multi_hot(np.array([[0, 2], [1, 1]], "int32"), 3, sparse=True)).tolist())
sweep("multi_hot_out", lambda d: N.multi_hot(np.array([[0, 2], [1, 1]], "int32"), 3, dtype=d))
show("multi_hot_1d", lambda: N.multi_hot(np.array([0, 2, 2], "int32"), 4))
show("multi_hot_axis0", lambda: N.multi_hot(np.array([[0, 2], [1, 1]], "int32"), 3, axis=0))
show("one_hot_float_in", lambda: N.one_hot(np.array([0.7, 1.2], "float32"), 3))
"""

SNIPPETS["nn_loss_functions_int_labels"] = _TRY + """
N = keras.ops.nn
lg = np.array([[2.0, 0.5, -1.0], [0.1, 0.2, 3.0]], "float32")
show("scce", lambda: N.sparse_categorical_crossentropy(np.array([0, 2], "int32"), lg, from_logits=True))
show("scce_i64", lambda: N.sparse_categorical_crossentropy(np.array([0, 2], "int64"), lg, from_logits=True))
show("scce_f32_labels", lambda: N.sparse_categorical_crossentropy(np.array([0.0, 2.0], "float32"), lg, from_logits=True))
show("scce_probs", lambda: N.sparse_categorical_crossentropy(np.array([0, 2], "int32"), O.softmax(lg)))
show("scce_ax0", lambda: N.sparse_categorical_crossentropy(np.array([0, 1, 1], "int32"), lg, from_logits=True, axis=0))
show("cce_int", lambda: N.categorical_crossentropy(np.array([[1, 0, 0], [0, 0, 1]], "int32"), lg, from_logits=True))
show("bce_int", lambda: N.binary_crossentropy(np.array([[1, 0, 0], [0, 0, 1]], "int32"), lg, from_logits=True))
show("bce_f16", lambda: N.binary_crossentropy(np.array([[1, 0, 0], [0, 0, 1]], "float16"), O.sigmoid(lg.astype("float16"))))
show("scce_bad", lambda: N.sparse_categorical_crossentropy(np.array([[0, 2]], "int32"), lg, from_logits=True))
show("cce_bad", lambda: N.categorical_crossentropy(np.array([[1, 0], [0, 1]], "int32"), lg))
"""
