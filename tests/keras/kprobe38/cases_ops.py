"""kprobe38's keras.ops snippets: control flow over structures (map, scan, associative_scan,
while_loop, fori_loop, switch, cond), window functions, the split family, rearrange,
saturate_cast and view, set-like and spacing functions, dot_product_attention's options,
RMS and layer normalization, and the shaping errors users meet (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe38.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["ops_map_over_structures"] = _TRY + """
xs = np.arange(6, dtype="float32").reshape(3, 2)
show("map_plain", lambda: O.map(lambda x: x * 2, xs))
show("map_tuple_in", lambda: O.map(lambda t: t[0] + t[1], (xs, xs)))
show("map_dict_out", lambda: O.map(lambda x: {"s": O.sum(x), "m": O.max(x)}, xs))
show("map_list", lambda: O.map(lambda x: x + 1, [1.0, 2.0, 3.0]))
show("map_int", lambda: O.map(lambda x: x * 3, np.array([1, 2], "int32")))
show("map_empty", lambda: O.map(lambda x: x + 1, np.zeros((0, 2), "float32")))
show("map_mismatch", lambda: O.map(lambda t: t[0] + t[1], (xs, xs[:2])))
"""

SNIPPETS["ops_scan_reverse_unroll_length"] = _TRY + """
xs = np.arange(1, 6, dtype="float32")
show("scan_cumsum", lambda: O.scan(lambda c, x: (c + x, c * x), 0.0, xs))
show("scan_reverse", lambda: O.scan(lambda c, x: (c + x, c), 0.0, xs, reverse=True))
show("scan_unroll2", lambda: O.scan(lambda c, x: (c + x, c), 0.0, xs, unroll=2))
show("scan_unroll_true", lambda: O.scan(lambda c, x: (c + x, c), 0.0, xs, unroll=True))
show("scan_length", lambda: O.scan(lambda c, x: (c + 1.0, c), 0.0, None, length=3))
show("scan_no_len", lambda: O.scan(lambda c, x: (c + 1.0, c), 0.0, None))
show("scan_tuple_carry", lambda: O.scan(lambda c, x: ((c[0] + x, c[1] * x), c[0]), (0.0, 1.0), xs))
show("scan_none_y", lambda: O.scan(lambda c, x: (c + x, None), 0.0, xs))
show("scan_bad_unroll", lambda: O.scan(lambda c, x: (c + x, c), 0.0, xs, unroll=0))
"""

SNIPPETS["ops_associative_scan_forms"] = _TRY + """
xs = np.arange(1, 7, dtype="float32").reshape(2, 3)
show("ascan_add", lambda: O.associative_scan(O.add, np.arange(1, 6, dtype="float32")))
show("ascan_rev", lambda: O.associative_scan(O.add, np.arange(1, 6, dtype="float32"), reverse=True))
show("ascan_axis1", lambda: O.associative_scan(O.multiply, xs, axis=1))
show("ascan_axis_neg", lambda: O.associative_scan(O.maximum, xs, axis=-1))
show("ascan_tuple", lambda: O.associative_scan(lambda a, b: (a[0] + b[0], a[1] * b[1]), (xs[0], xs[1])))
show("ascan_int", lambda: O.associative_scan(O.add, np.array([3, 1, 2], "int32")))
show("ascan_mismatch", lambda: O.associative_scan(lambda a, b: (a[0] + b[0], a[1] + b[1]), (xs[0], xs[1, :2])))
"""

SNIPPETS["ops_while_fori_switch_cond"] = _TRY + """
show("while_max_iter", lambda: O.while_loop(lambda i: i < 100, lambda i: i + 1, 0, maximum_iterations=5))
show("while_tuple", lambda: O.while_loop(lambda i, s: i < 4, lambda i, s: (i + 1, s * 2.0), (0, 1.0)))
show("while_list", lambda: O.while_loop(lambda v: v[0] < 3, lambda v: [v[0] + 1, v[1] + 0.5], [0, 0.0]))
show("while_never", lambda: O.while_loop(lambda i: i < 0, lambda i: i + 1, 7))
show("fori", lambda: O.fori_loop(0, 5, lambda i, s: s + i, 0))
show("fori_tensor_bounds", lambda: O.fori_loop(O.convert_to_tensor(1), O.convert_to_tensor(4), lambda i, s: s * 2.0, 1.0))
show("fori_empty", lambda: O.fori_loop(5, 2, lambda i, s: s + i, 10))
fns = [lambda x: x + 1.0, lambda x: x * 10.0, lambda x: -x]
show("switch_0", lambda: O.switch(0, fns, np.float32(2.0)))
show("switch_2", lambda: O.switch(2, fns, np.float32(2.0)))
show("switch_over", lambda: O.switch(7, fns, np.float32(2.0)))
show("switch_neg", lambda: O.switch(-3, fns, np.float32(2.0)))
show("switch_two_args", lambda: O.switch(1, [lambda a, b: a + b, lambda a, b: a * b], np.float32(2.0), np.float32(5.0)))
show("cond_true", lambda: O.cond(True, lambda: 1.0, lambda: 2.0))
show("cond_tensor", lambda: O.cond(O.convert_to_tensor(False), lambda: (1.0, 2.0), lambda: (3.0, 4.0)))
"""

SNIPPETS["ops_window_functions"] = _TRY + """
for name in ("bartlett", "blackman", "hamming", "hanning"):
    fn = getattr(O, name)
    for n in (0, 1, 2, 5):
        show(name + str(n), lambda: fn(n))
for beta in (0.0, 5.0, 14.0):
    show("kaiser_%s" % beta, lambda: O.kaiser(5, beta))
show("kaiser1", lambda: O.kaiser(1, 3.0))
show("hamming_neg", lambda: O.hamming(-2))
show("hamming_float", lambda: O.hamming(4.0))
"""

SNIPPETS["ops_split_family_uneven"] = _TRY + """
x = np.arange(24, dtype="float32").reshape(2, 3, 4)
show("array_split3", lambda: O.array_split(np.arange(7), 3))
show("array_split_ax", lambda: [tuple(p.shape) for p in O.array_split(x, 3, axis=2)])
show("array_split_more", lambda: [tuple(p.shape) for p in O.array_split(np.arange(3), 5)])
show("split_uneven", lambda: O.split(np.arange(7), 3))
show("split_indices", lambda: [tuple(p.shape) for p in O.split(x, [1, 3], axis=2)])
show("hsplit", lambda: [tuple(p.shape) for p in O.hsplit(x, 3)])
show("vsplit", lambda: [tuple(p.shape) for p in O.vsplit(x, 2)])
show("dsplit", lambda: [tuple(p.shape) for p in O.dsplit(x, 2)])
show("dsplit_2d", lambda: O.dsplit(np.ones((2, 2)), 2))
show("hsplit_1d", lambda: O.hsplit(np.arange(6), 3))
show("unstack", lambda: O.unstack(x, axis=1))
show("unstack_num", lambda: O.unstack(x, num=3, axis=0))
"""

SNIPPETS["ops_rearrange_patterns"] = _TRY + """
x = np.arange(24, dtype="float32").reshape(2, 3, 4)
sig("transpose", lambda: O.rearrange(x, "a b c -> c a b"))
show("t_shape", lambda: tuple(O.rearrange(x, "a b c -> c a b").shape))
show("merge", lambda: tuple(O.rearrange(x, "a b c -> a (b c)").shape))
show("split", lambda: tuple(O.rearrange(x, "a b (c d) -> a b c d", d=2).shape))
show("split_vals", lambda: O.rearrange(np.arange(4), "(a b) -> b a", a=2))
show("bad_rank", lambda: O.rearrange(x, "a b -> b a"))
show("bad_split", lambda: O.rearrange(x, "a b (c d) -> a b c d", d=3))
show("ellipsis", lambda: O.rearrange(x, "a ... -> ... a"))
"""

SNIPPETS["ops_saturate_cast_and_view"] = _TRY + """
f = np.array([-300.0, -1.5, 0.4, 127.6, 300.0, np.inf, -np.inf], "float32")
show("sat_u8", lambda: O.saturate_cast(f, "uint8"))
show("sat_i8", lambda: O.saturate_cast(f, "int8"))
show("sat_i16_from_i32", lambda: O.saturate_cast(np.array([-70000, 5, 70000], "int32"), "int16"))
show("sat_u8_from_i32", lambda: O.saturate_cast(np.array([-1, 5, 256], "int32"), "uint8"))
show("sat_f16", lambda: O.saturate_cast(np.array([1e6, -1e6, 1.0], "float32"), "float16"))
show("sat_bool", lambda: O.saturate_cast(np.array([0.0, 2.0], "float32"), "bool"))
show("view_i32", lambda: O.view(np.array([1.0, -2.0], "float32"), "int32"))
show("view_u8", lambda: O.view(np.array([1, 256], "int16"), "uint8"))
show("view_f16", lambda: O.view(np.array([15360, 0], "int16"), "float16"))
show("view_i64_bad", lambda: O.view(np.array([1.0, 2.0, 3.0], "float32"), "int64"))
"""

SNIPPETS["ops_isin_unique_spacing"] = _TRY + """
a = np.array([[1, 2, 3], [4, 5, 6]], "int32")
show("isin", lambda: O.isin(a, [2, 5, 9]))
show("isin_invert", lambda: O.isin(a, [2, 5], invert=True))
show("isin_unique", lambda: O.isin(a, np.array([6, 1]), assume_unique=True))
show("isin_float", lambda: O.isin(np.array([0.5, 1.0]), [1]))
show("isin_empty", lambda: O.isin(a, np.array([], "int32")))
show("geom", lambda: O.geomspace(1.0, 1000.0, 4))
show("geom_noend", lambda: O.geomspace(1.0, 16.0, 4, endpoint=False))
show("geom_neg", lambda: O.geomspace(-1.0, -100.0, 3))
show("geom_zero", lambda: O.geomspace(0.0, 10.0, 3))
show("lin_one", lambda: O.linspace(2.0, 5.0, 1))
show("lin_zero", lambda: O.linspace(2.0, 5.0, 0))
show("lin_retstep", lambda: O.linspace(0.0, 1.0, 5, retstep=True))
show("lin_int", lambda: O.linspace(0, 10, 4, dtype="int32"))
show("log_base2", lambda: O.logspace(0.0, 3.0, 4, base=2))
"""

SNIPPETS["ops_quantiles_methods_and_nan"] = _TRY + """
v = np.array([[3.0, 1.0, 4.0, 1.0], [5.0, 9.0, 2.0, 6.0]], "float32")
for m in ("linear", "lower", "higher", "midpoint", "nearest"):
    show("q_" + m, lambda: O.quantile(v, 0.4, axis=1, method=m))
show("q_vec", lambda: O.quantile(v, [0.0, 0.5, 1.0], axis=0))
show("q_out_of_range", lambda: O.quantile(v, 1.5))
show("pct", lambda: O.percentile(v, 25, keepdims=True))
show("nanq", lambda: O.nanquantile(NAN, 0.5, axis=1))
show("nanpct", lambda: O.nanpercentile(NAN, [10, 90]))
show("median_int", lambda: O.median(np.array([1, 2, 3, 4], "int32")))
"""

SNIPPETS["ops_dot_product_attention_options"] = _TRY + """
q = (np.arange(24, dtype="float32").reshape(1, 3, 2, 4) % 5) / 5
k = (np.arange(16, dtype="float32").reshape(1, 2, 2, 4) % 3) / 3
show("dpa", lambda: O.dot_product_attention(q, k, k))
show("dpa_scale", lambda: O.dot_product_attention(q, k, k, scale=2.0))
show("dpa_causal", lambda: O.dot_product_attention(q, q, q, is_causal=True))
show("dpa_bias", lambda: O.dot_product_attention(q, k, k, bias=np.full((1, 2, 3, 2), -1.0, "float32")))
show("dpa_mask", lambda: O.dot_product_attention(q, k, k, mask=np.array([True, False])[None, None, None, :]))
show("dpa_flash", lambda: O.dot_product_attention(q, k, k, flash_attention=True))
show("dpa_rank3", lambda: O.dot_product_attention(q[0], k[0], k[0]))
show("dpa_dim_mismatch", lambda: O.dot_product_attention(q, k[..., :3], k))
show("dpa_gqa", lambda: tuple(O.dot_product_attention(np.ones((1, 2, 4, 3), "float32"), np.ones((1, 2, 2, 3), "float32"), np.ones((1, 2, 2, 3), "float32")).shape))
show("dpa_gqa_bad", lambda: O.dot_product_attention(np.ones((1, 2, 3, 3), "float32"), np.ones((1, 2, 2, 3), "float32"), np.ones((1, 2, 2, 3), "float32")))
"""

SNIPPETS["ops_rms_and_layer_normalization"] = _TRY + """
show("rms", lambda: O.rms_normalization(F))
show("rms_scale", lambda: O.rms_normalization(F, scale=np.array([1.0, 2.0, 0.5], "float32")))
show("rms_axis0", lambda: O.rms_normalization(F, axis=0, epsilon=0.5))
show("rms_axes", lambda: O.rms_normalization(F, axis=(0, 1)))
show("rms_int", lambda: O.rms_normalization(I))
show("ln", lambda: O.layer_normalization(F))
show("ln_gamma_beta", lambda: O.layer_normalization(F, gamma=np.array([1.0, 2.0, 0.5], "float32"), beta=np.ones(3, "float32")))
show("ln_axis0", lambda: O.layer_normalization(F, axis=0))
show("ln_eps", lambda: O.layer_normalization(np.ones((2, 3), "float32"), epsilon=1.0))
show("normalize_l1", lambda: O.normalize(F, order=1))
show("normalize_zero", lambda: O.normalize(np.zeros((1, 3), "float32")))
"""

SNIPPETS["ops_shaping_error_messages"] = _TRY + """
x = np.arange(6, dtype="float32").reshape(2, 3)
show("reshape_two_neg", lambda: O.reshape(x, (-1, -1)))
show("reshape_bad", lambda: O.reshape(x, (4, 2)))
show("reshape_neg_bad", lambda: O.reshape(x, (-1, 4)))
show("transpose_axes", lambda: O.transpose(x, (0, 0)))
show("transpose_len", lambda: O.transpose(x, (1, 0, 2)))
show("expand_far", lambda: O.expand_dims(x, 5))
show("squeeze_not1", lambda: O.squeeze(x, axis=0))
show("take_far", lambda: O.take(x, 10))
show("take_along_bad", lambda: O.take_along_axis(x, np.array([[0, 5]]), axis=1))
show("concat_mismatch", lambda: O.concatenate([x, np.ones((3, 2), "float32")]))
show("stack_mismatch", lambda: O.stack([x, x[:, :2]]))
show("matmul_mismatch", lambda: O.matmul(x, x))
show("broadcast_bad", lambda: O.broadcast_to(x, (3, 3)))
show("tile_neg", lambda: O.tile(x, (-1, 2)))
show("moveaxis_bad", lambda: O.moveaxis(x, 0, 4))
show("swapaxes_bad", lambda: O.swapaxes(x, 0, 3))
"""

SNIPPETS["ops_convert_and_inspect"] = _TRY + """
show("ctt_dtype", lambda: O.convert_to_tensor([1, 2], dtype="float16"))
show("ctt_bool", lambda: O.convert_to_tensor([True, False]))
show("ctt_nested", lambda: O.convert_to_tensor([[1, 2], [3]]))
show("ctt_str", lambda: O.convert_to_tensor(["a", "b"]).dtype)
show("ctt_none", lambda: O.convert_to_tensor(None))
show("ctt_big", lambda: O.convert_to_tensor(2 ** 40))
show("ctt_float_to_int", lambda: O.convert_to_tensor(1.5, dtype="int32"))
show("ctn", lambda: type(O.convert_to_numpy([1.0, 2.0])).__name__)
show("is_tensor", lambda: (O.is_tensor(F), O.is_tensor(O.convert_to_tensor(F)), O.is_tensor(keras.Input((2,)))))
k = keras.Input((None, 3), batch_size=4)
show("shape_kt", lambda: O.shape(k))
show("size_kt", lambda: O.size(k))
show("ndim_kt", lambda: O.ndim(k))
show("dtype_kt", lambda: O.dtype(k))
show("size_eager", lambda: O.size(F))
show("dtype_eager", lambda: O.dtype(I))
"""

SNIPPETS["ops_jvp_tangent_of_another_shape"] = _TRY + """
t = O.convert_to_tensor
show("jvp_broadcast", lambda: O.jvp(O.sin, (t(1.0),), (t([1.0, 1.0]),)))
show("jvp_broadcast_mul", lambda: O.jvp(lambda a: a * 2.0, (t([1.0, 2.0]),), (t([[1.0], [3.0]]),)))
"""

SNIPPETS["ops_jvp_and_custom_gradient"] = _TRY + """
t = O.convert_to_tensor
show("jvp_sin", lambda: O.jvp(O.sin, (t([0.0, 1.0]),), (t([1.0, 1.0]),)))
show("jvp_two", lambda: O.jvp(lambda a, b: a * b, (t(3.0), t(4.0)), (t(1.0), t(0.0))))
show("jvp_aux", lambda: O.jvp(lambda a: (a * a, a + 1.0), (t(3.0),), (t(1.0),), has_aux=True))
@O.custom_gradient
def clipped(x):
    def grad(*args, upstream=None):
        if upstream is None:
            (upstream,) = args
        return O.clip(upstream, -0.5, 0.5)
    return x * 3.0, grad
v = tf.Variable([1.0, 2.0])
with tf.GradientTape() as tape:
    y = O.sum(clipped(v) * 4.0)
show("cg_value", lambda: y)
show("cg_grad", lambda: tape.gradient(y, v))
"""

SNIPPETS["ops_fold_unfold_extract_sequences"] = _TRY + """
x = np.arange(2 * 1 * 4 * 4, dtype="float32").reshape(2, 1, 4, 4)
sig("unfold", lambda: O.unfold(x, 2))
show("unfold_shape", lambda: tuple(O.unfold(x, 2).shape))
show("unfold_stride", lambda: tuple(O.unfold(x, (2, 3), stride=2, padding=1).shape))
show("unfold_dil", lambda: tuple(O.unfold(x, 2, dilation=2).shape))
u = O.unfold(x, 2, stride=2)
sig("fold_back", lambda: O.fold(u, (4, 4), 2, stride=2))
show("fold_overlap", lambda: O.fold(O.unfold(np.ones((1, 1, 3, 3), "float32"), 2), (3, 3), 2))
show("unfold_rank3", lambda: O.unfold(x[0], 2))
show("es", lambda: O.extract_sequences(np.arange(7, dtype="float32"), 3, 2))
show("es_batched", lambda: tuple(O.extract_sequences(np.ones((2, 10), "float32"), 4, 3).shape))
show("es_long", lambda: O.extract_sequences(np.arange(3, dtype="float32"), 5, 1))
"""
