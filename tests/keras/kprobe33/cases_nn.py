"""kprobe33's snippets on keras.ops.nn with odd arguments: dot_product_attention with a
mask and is_causal together, a bias, a scale, fewer key/value heads and a logit soft cap;
ctc_decode's beam search with several paths and ctc_loss with another mask_index; moments,
normalize, batch_normalization, one_hot/multi_hot, polar, psnr, glu/celu/hard_shrink,
softsign/hard_tanh/sparse_sigmoid, adaptive pools and conv_transpose's output_padding (see
cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe33.prelude import _TRY

SNIPPETS: dict[str, str] = {}

_QKV = """
q = (np.sin(np.arange(2 * 4 * 2 * 3, dtype="float32") * 0.3)).reshape(2, 4, 2, 3)
k = (np.cos(np.arange(2 * 5 * 2 * 3, dtype="float32") * 0.2)).reshape(2, 5, 2, 3)
v = (np.arange(2 * 5 * 2 * 3, dtype="float32") / 30.0).reshape(2, 5, 2, 3)
"""

SNIPPETS["nn_attention_mask_causal_bias"] = _TRY + _QKV + """
A = keras.ops.nn.dot_product_attention
mask = np.array([[True, True, False, True, True]] * 4)[None, None].repeat(2, 0).repeat(2, 1)
show("plain", lambda: O.sum(A(q, k, v), axis=(1, 3)))
show("mask", lambda: O.sum(A(q, k, v, mask=mask), axis=(1, 3)))
show("causal", lambda: O.sum(A(q, k, v, is_causal=True), axis=(1, 3)))
show("both", lambda: O.sum(A(q, k, v, mask=mask, is_causal=True), axis=(1, 3)))
bias = np.linspace(-1, 1, 20, dtype="float32").reshape(1, 1, 4, 5)
show("bias", lambda: O.sum(A(q, k, v, bias=bias), axis=(1, 3)))
show("scale", lambda: O.sum(A(q, k, v, scale=2.0), axis=(1, 3)))
show("cap", lambda: O.sum(A(q, k, v, attn_logits_soft_cap=0.5), axis=(1, 3)))
show("f16", lambda: keras.backend.standardize_dtype(A(q.astype("float16"), k.astype("float16"), v.astype("float16")).dtype))
show("bad_rank", lambda: A(q[0], k[0], v[0]))
show("bad_mask", lambda: A(q, k, v, mask=np.ones((2, 2, 4, 3), bool)))
"""

SNIPPETS["nn_attention_grouped_heads"] = _TRY + _QKV + """
A = keras.ops.nn.dot_product_attention
q4 = np.concatenate([q, q * 0.5], axis=2)
show("gqa", lambda: O.sum(A(q4, k, v), axis=(1, 3)))
show("gqa_causal", lambda: np.round(O.sum(A(q4, k, v, is_causal=True), axis=(1, 3)), 2))
show("gqa_shape", lambda: tuple(A(q4, k, v).shape))
show("bad_heads", lambda: A(q4[:, :, :3], k, v))
show("flash_off", lambda: O.sum(A(q, k, v, flash_attention=False), axis=(1, 3)))
"""

SNIPPETS["nn_ctc_decode_beam_paths"] = _TRY + """
logits = np.log(np.array([
    [[0.1, 0.6, 0.2, 0.1], [0.5, 0.2, 0.2, 0.1], [0.1, 0.1, 0.7, 0.1], [0.2, 0.2, 0.5, 0.1],
     [0.6, 0.2, 0.1, 0.1]],
    [[0.3, 0.3, 0.3, 0.1], [0.1, 0.1, 0.1, 0.7], [0.1, 0.1, 0.1, 0.7], [0.8, 0.1, 0.05, 0.05],
     [0.1, 0.8, 0.05, 0.05]]], "float32"))
lens = np.array([5, 4], "int32")
show("greedy", lambda: keras.ops.nn.ctc_decode(logits, lens))
show("greedy_nomerge", lambda: keras.ops.nn.ctc_decode(logits, lens, merge_repeated=False))
show("greedy_mask3", lambda: keras.ops.nn.ctc_decode(logits, lens, mask_index=3))
show("beam", lambda: keras.ops.nn.ctc_decode(logits, lens, strategy="beam_search", beam_width=4, top_paths=2))
show("beam_one", lambda: keras.ops.nn.ctc_decode(logits, lens, strategy="beam_search", beam_width=1))
show("bad_strategy", lambda: keras.ops.nn.ctc_decode(logits, lens, strategy="viterbi"))
"""

SNIPPETS["nn_ctc_loss_mask_index"] = _TRY + """
out = np.log(np.full((2, 6, 4), 0.25, "float32") + np.eye(4, dtype="float32")[[0, 1, 2, 1, 3, 0]] * 0.5)
tgt = np.array([[1, 2, 1], [2, 3, 0]], "int32")
tl = np.array([3, 2], "int32")
ol = np.array([6, 5], "int32")
show("mask0", lambda: keras.ops.nn.ctc_loss(tgt, out, tl, ol))
show("mask3", lambda: keras.ops.nn.ctc_loss(tgt, out, tl, ol, mask_index=3))
show("short_out", lambda: keras.ops.nn.ctc_loss(tgt, out, tl, np.array([2, 2], "int32")))
show("f64", lambda: keras.ops.nn.ctc_loss(tgt, out.astype("float64"), tl, ol))
show("loss_fn", lambda: keras.losses.CTC()(tgt, out))
show("loss_fn_none", lambda: keras.losses.CTC(reduction=None)(tgt, out))
"""

SNIPPETS["nn_moments_normalize_orders"] = _TRY + """
x = np.array([[1.0, 2.0, 4.0], [3.0, -1.0, 0.5]], "float32")
show("moments", lambda: keras.ops.nn.moments(x, axes=[0]))
show("moments_keep", lambda: keras.ops.nn.moments(x, axes=[0, 1], keepdims=True))
show("moments_sync", lambda: keras.ops.nn.moments(x, axes=[1], synchronized=True))
show("moments_int", lambda: keras.ops.nn.moments(I, axes=[1]))
show("moments_f16", lambda: keras.ops.nn.moments(x.astype("float16") * 100, axes=[1]))
for order in [1, 2, 3, np.inf]:
    show("norm" + str(order), lambda: keras.ops.nn.normalize(x, order=order))
show("norm_ax0", lambda: keras.ops.nn.normalize(x, axis=0))
show("norm_eps", lambda: keras.ops.nn.normalize(np.zeros((1, 2), "float32"), epsilon=0.5))
show("norm_zero", lambda: keras.ops.nn.normalize(np.zeros((1, 2), "float32")))
show("norm_int", lambda: keras.ops.nn.normalize(I))
show("norm_bad_order", lambda: keras.ops.nn.normalize(x, order=0))
show("norm_str_order", lambda: keras.ops.nn.normalize(x, order="fro"))
"""

SNIPPETS["nn_batch_normalization_args"] = _TRY + """
x = np.arange(12, dtype="float32").reshape(2, 2, 3) / 4.0
mean = np.array([0.5, 1.0, 1.5], "float32")
var = np.array([1.0, 4.0, 0.25], "float32")
BN = keras.ops.nn.batch_normalization
show("plain", lambda: BN(x, mean, var, axis=-1))
show("offset_scale", lambda: BN(x, mean, var, axis=-1, offset=np.ones(3, "float32"), scale=np.full(3, 2.0, "float32")))
show("eps", lambda: BN(x, mean, var, axis=-1, epsilon=1.0))
show("axis1", lambda: BN(x, mean[:2], var[:2], axis=1))
show("f16", lambda: keras.backend.standardize_dtype(BN(x.astype("float16"), mean, var, axis=-1).dtype))
show("bad", lambda: BN(x, mean[:2], var[:2], axis=-1))
"""

SNIPPETS["nn_one_hot_multi_hot_odd"] = _TRY + """
ids = np.array([[0, 2, -1], [3, 1, 5]], "int32")
show("one_hot", lambda: keras.ops.nn.one_hot(ids, 4))
show("one_hot_ax0", lambda: keras.ops.nn.one_hot(ids[0], 3, axis=0))
show("one_hot_dt", lambda: keras.ops.nn.one_hot(ids[0], 3, dtype="int8"))
show("one_hot_sparse", lambda: keras.ops.convert_to_numpy(keras.ops.nn.one_hot(ids[0], 3, sparse=True)))
show("one_hot_float_ids", lambda: keras.ops.nn.one_hot(np.array([0.0, 1.7], "float32"), 3))
show("multi", lambda: keras.ops.nn.multi_hot(ids, 4))
show("multi_1d", lambda: keras.ops.nn.multi_hot(np.array([1, 1, 3], "int32"), 5))
show("multi_dt", lambda: keras.ops.nn.multi_hot(ids, 6, dtype="int32"))
show("multi_ax0", lambda: keras.ops.nn.multi_hot(ids, 6, axis=0))
show("multi_sparse", lambda: keras.ops.convert_to_numpy(keras.ops.nn.multi_hot(ids, 6, sparse=True)))
show("multi_kw", lambda: keras.ops.nn.multi_hot(ids, num_tokens=6))
show("multi_none", lambda: keras.ops.nn.multi_hot(ids))
"""

SNIPPETS["nn_polar_psnr"] = _TRY + """
show("polar", lambda: keras.ops.nn.polar(np.array([1.0, 2.0], "float32"), np.array([0.0, np.pi / 2], "float32")))
show("polar_f64", lambda: keras.ops.nn.polar(np.array([1.0]), np.array([np.pi])))
show("polar_int", lambda: keras.ops.nn.polar(np.array([1, 2], "int32"), np.array([0, 1], "int32")))
show("polar_bcast", lambda: keras.ops.nn.polar(np.array([2.0], "float32"), np.array([0.0, 1.0], "float32")))
a = np.linspace(0, 1, 12, dtype="float32").reshape(1, 2, 2, 3)
b = a * 0.9
show("psnr", lambda: keras.ops.nn.psnr(a, b, 1.0))
show("psnr255", lambda: keras.ops.nn.psnr(a * 255, b * 255, 255.0))
show("psnr_same", lambda: keras.ops.nn.psnr(a, a, 1.0))
show("psnr_int", lambda: keras.ops.nn.psnr((a * 10).astype("int32"), (b * 10).astype("int32"), 10))
show("psnr_bad", lambda: keras.ops.nn.psnr(a, b[..., :2], 1.0))
"""

SNIPPETS["nn_activation_params"] = _TRY + """
x = np.array([[-2.0, -0.5, 0.0, 0.4, 1.5, 3.0]], "float32")
show("glu", lambda: keras.ops.nn.glu(x))
show("glu_ax0", lambda: keras.ops.nn.glu(np.concatenate([x, x * 2])[:, :2], axis=0))
show("glu_odd", lambda: keras.ops.nn.glu(x[:, :5]))
show("celu", lambda: keras.ops.nn.celu(x, alpha=0.5))
show("celu_int", lambda: keras.ops.nn.celu(np.array([-1, 2], "int32")))
show("hard_shrink", lambda: keras.ops.nn.hard_shrink(x, threshold=1.0))
show("hard_shrink_int", lambda: keras.ops.nn.hard_shrink(np.array([-1, 0, 2], "int32")))
show("softsign", lambda: keras.ops.nn.softsign(x))
show("softsign_int", lambda: keras.ops.nn.softsign(I))
show("hard_tanh", lambda: keras.ops.nn.hard_tanh(x))
show("hard_tanh_int", lambda: keras.ops.nn.hard_tanh(I))
show("sparse_sigmoid", lambda: keras.ops.nn.sparse_sigmoid(x))
show("sparse_sigmoid_f16", lambda: keras.ops.nn.sparse_sigmoid(x.astype("float16")))
show("act_sparse_sigmoid", lambda: keras.activations.sparse_sigmoid(x))
show("act_hard_tanh", lambda: keras.activations.get("hard_tanh")(x))
"""

SNIPPETS["nn_adaptive_pool_ops"] = _TRY + """
xn = np.arange(2 * 7 * 5 * 2, dtype="float32").reshape(2, 7, 5, 2) % 11
x = O.convert_to_tensor(xn)
show("avg", lambda: O.sum(keras.ops.nn.adaptive_average_pool(x, (3, 2)), axis=(0, 3)))
show("max", lambda: O.sum(keras.ops.nn.adaptive_max_pool(x, (3, 2)), axis=(0, 3)))
show("avg_int_size", lambda: tuple(keras.ops.nn.adaptive_average_pool(x, 4).shape))
show("avg_up", lambda: O.sum(keras.ops.nn.adaptive_average_pool(x, (9, 6)), axis=(0, 3)))
show("max_up", lambda: O.sum(keras.ops.nn.adaptive_max_pool(x, (8, 5)), axis=(0, 3)))
show("avg_cf", lambda: keras.ops.nn.adaptive_average_pool(O.transpose(x, (0, 3, 1, 2)), (2, 2), data_format="channels_first"))
show("max_1d", lambda: keras.ops.nn.adaptive_max_pool(x[:, :, 0], 3))
show("avg_1d_int", lambda: keras.ops.nn.adaptive_average_pool(O.cast(x[:, :, 0], "int32"), 2))
show("avg_numpy", lambda: keras.ops.nn.adaptive_average_pool(xn, (3, 2)))
show("avg_cf_numpy", lambda: O.sum(keras.ops.nn.adaptive_average_pool(np.transpose(xn, (0, 3, 1, 2)), (2, 2), data_format="channels_first")))
show("bad_rank", lambda: keras.ops.nn.adaptive_average_pool(x[0, 0, 0], 2))
"""

SNIPPETS["nn_conv_transpose_padding_dilation"] = _TRY + """
x = np.arange(2 * 5 * 2, dtype="float32").reshape(2, 5, 2) / 10
kern = np.linspace(-1, 1, 3 * 4 * 2, dtype="float32").reshape(3, 4, 2)
CT = keras.ops.nn.conv_transpose
# (no dilation and no channels_first: TF's CPU kernels refuse both, which eagerflow computes
# by design, as TF's GPU kernels do)
show("valid", lambda: O.sum(CT(x, kern, strides=2), axis=0))
show("same", lambda: tuple(CT(x, kern, strides=2, padding="same").shape))
show("out_pad", lambda: tuple(CT(x, kern, strides=3, output_padding=1).shape))
show("out_pad_sum", lambda: round(float(O.sum(CT(x, kern, strides=3, output_padding=2))), 4))
show("bad_out_pad", lambda: CT(x, kern, strides=2, output_padding=2))
x2 = np.arange(1 * 3 * 3 * 2, dtype="float32").reshape(1, 3, 3, 2)
k2 = np.ones((2, 2, 1, 2), "float32")
show("2d", lambda: O.squeeze(CT(x2, k2, strides=(2, 1), padding="same")))
"""
