"""kprobe22's snippets on keras.ops: top_k with ties and odd k, segment reductions with
empty segments, searchsorted's sides, slice_update and scatter, histogram's ranges,
image resizing and colour ops, and NumPy-like counting and quantile functions (see
cases.py)."""

from tests.keras.kprobe22.prelude import _TRY

SNIPPETS = {}

SNIPPETS["ops_top_k_ties_and_edges"] = _TRY + """
T = np.array([[2.0, 5.0, 5.0, 1.0, 5.0], [np.nan, 1.0, -np.inf, 3.0, 3.0]], "float32")
show("ties", lambda: O.top_k(T[0], 3))
show("nan", lambda: O.top_k(T[1], 2))
show("k0", lambda: O.top_k(T, 0))
show("k_all", lambda: O.top_k(T, 5, sorted=True))
show("k_neg", lambda: O.top_k(T, -1))
show("f16", lambda: O.top_k(T[0].astype("float16"), 2))
show("i64", lambda: O.top_k(np.array([3, 9, 9, 1], "int64"), 2))
show("uint8", lambda: O.top_k(np.array([3, 9, 200], "uint8"), 1))
show("scalar", lambda: O.top_k(np.float32(1.0), 1))
show("sym", lambda: O.top_k(keras.KerasTensor((None, 7)), 3))
show("in_top_k", lambda: O.in_top_k(np.array([1, 0]), T, 2))
show("list", lambda: O.top_k([[1.0, 2.0]], 3))
show("str", lambda: O.top_k(np.array(["a", "b"]), 1))
i = keras.Input((5,))
m = keras.Model(i, O.top_k(i, 2))
print(type(m.output).__name__, type(m(np.ones((1, 5), "float32"))).__name__, m.layers[-1].name)
"""

SNIPPETS["ops_segment_empty_and_2d"] = _TRY + """
V = np.array([4.0, -1.0, 2.0, 7.0], "float32")
ids = np.array([0, 0, 3, 3], "int32")
show("max", lambda: O.segment_max(V, ids, num_segments=5))
show("sum", lambda: O.segment_sum(V, ids, num_segments=5))
show("max_int", lambda: O.segment_max(np.array([4, -1, 2, 7], "int32"), ids, num_segments=5))
show("max_sorted", lambda: O.segment_max(V, ids, sorted=True))
show("max_nonum", lambda: O.segment_max(V, ids))
show("max_2d", lambda: O.segment_max(np.arange(8, dtype="float32").reshape(4, 2), ids))
show("unsorted", lambda: O.segment_max(V, np.array([2, 0, 2, 0], "int32"), num_segments=3))
show("out_of_range", lambda: O.segment_sum(V, np.array([0, 1, 9, 1]), num_segments=3))
show("negative", lambda: O.segment_sum(V, np.array([0, -1, 1, 1]), num_segments=2))
show("len_mismatch", lambda: O.segment_sum(V, ids[:3]))
show("f16", lambda: O.segment_max(V.astype("float16"), ids, num_segments=4))
"""

SNIPPETS["ops_searchsorted_sides"] = _TRY + """
edges = np.array([1.0, 2.0, 2.0, 5.0], "float32")
q = np.array([[0.0, 2.0], [3.0, 9.0]], "float32")
show("left", lambda: O.searchsorted(edges, q))
show("right", lambda: O.searchsorted(edges, q, side="right"))
show("int", lambda: O.searchsorted(np.array([1, 3, 5]), np.array([3, 4])))
show("mixed", lambda: O.searchsorted(np.array([1, 3, 5]), np.array([2.5])))
show("scalar_v", lambda: O.searchsorted(edges, 2.0))
show("bad_side", lambda: O.searchsorted(edges, q, side="middle"))
show("2d_seq", lambda: O.searchsorted(np.ones((2, 2), "float32"), q))
show("digitize", lambda: O.digitize(np.array([0.5, 2.0, 6.0]), [1.0, 2.0, 5.0]))
show("digitize_int", lambda: O.digitize(np.array([1, 4]), np.array([2, 3])))
"""

SNIPPETS["ops_slice_update_scatter"] = _TRY + """
Z = np.zeros((3, 4), "float32")
show("slice", lambda: O.slice_update(Z, (1, 2), np.ones((2, 2), "float32")))
show("slice_tensor_start", lambda: O.slice_update(Z, np.array([0, 1]), np.ones((1, 3), "float32")))
show("slice_int", lambda: O.slice_update(np.zeros((2, 2), "int32"), (0, 0), np.array([[7]])))
show("slice_oob", lambda: O.slice_update(Z, (2, 3), np.ones((2, 2), "float32")))
show("slice_rank", lambda: O.slice_update(Z, (0,), np.ones((1, 4), "float32")))
show("scatter_dup", lambda: O.scatter(np.array([[0], [2], [0]]), np.array([1.0, 2.0, 3.0]), (4,)))
show("scatter_2d", lambda: O.scatter(np.array([[0, 1], [1, 0]]), np.array([5, 6]), (2, 2)))
show("scatter_rows", lambda: O.scatter(np.array([[1]]), np.array([[1.0, 2.0]]), (2, 2)))
show("update", lambda: O.scatter_update(Z, np.array([[0, 0], [2, 3]]), np.array([1.0, 2.0])))
show("update_rows", lambda: O.scatter_update(Z, np.array([[1]]), np.ones((1, 4), "float32")))
show("slice_fn", lambda: O.slice(np.arange(12).reshape(3, 4), (1, 1), (2, 2)))
tryp("slice_upd_rank", lambda: O.slice_update(Z, (0, 0), np.ones((4,), "float32")))
tryp("slice_upd_big", lambda: O.slice_update(Z, np.array([0, 0]), np.ones((4, 1), "float32")))
tryp("slice_start_float", lambda: O.slice_update(Z, (0.5, 0), np.ones((1, 1), "float32")))
tryp("slice_start_2d", lambda: O.slice_update(Z, np.zeros((1, 2), "int32"), np.ones((1, 1))))
tryp("slice_upd_int", lambda: O.slice_update(Z, (0, 0), O.ones((1, 1), "int32")))
show("slice_np_in", lambda: O.slice_update(Z[:1, :2], (0, 1), O.ones((1, 1), "int32")))
"""

SNIPPETS["ops_histogram_ranges"] = _TRY + """
v = np.array([0.0, 0.5, 1.0, 1.0, 2.5, 3.0, -1.0], "float32")
show("default", lambda: O.histogram(v))
show("bins3", lambda: O.histogram(v, bins=3))
show("range", lambda: O.histogram(v, bins=4, range=(0.0, 2.0)))
show("int", lambda: O.histogram(np.array([1, 2, 2, 3, 9]), bins=2))
show("const", lambda: O.histogram(np.ones(4, "float32"), bins=2))
show("bins0", lambda: O.histogram(v, bins=0))
show("range_bad", lambda: O.histogram(v, bins=2, range=(3.0, 1.0)))
show("2d", lambda: O.histogram(np.ones((2, 2), "float32"), bins=2))
show("bincount", lambda: O.bincount(np.array([0, 2, 2, 5]), weights=np.array([0.5, 1.0, 1.0, 2.0]),
     minlength=7))
show("bincount_2d", lambda: O.bincount(np.array([[0, 1], [1, 1]]), minlength=3))
"""

SNIPPETS["ops_image_resize_options"] = _TRY + """
im = (np.arange(1 * 4 * 6 * 1, dtype="float32").reshape(1, 4, 6, 1))
show("bilinear_aa", lambda: O.image.resize(im, (2, 3), antialias=True)[0, :, :, 0])
show("bilinear", lambda: O.image.resize(im, (2, 3))[0, :, :, 0])
show("nearest_up", lambda: O.image.resize(im, (3, 4), interpolation="nearest")[0, :, :, 0])
show("crop", lambda: O.image.resize(im, (2, 2), crop_to_aspect_ratio=True)[0, :, :, 0])
show("pad", lambda: O.image.resize(im, (3, 3), pad_to_aspect_ratio=True,
     fill_value=-1.0)[0, :, :, 0])
show("bicubic", lambda: O.image.resize(im[0], (3, 3), interpolation="bicubic")[:, :, 0])
show("int_in", lambda: O.image.resize(np.arange(16, dtype="int32").reshape(4, 4, 1), (2, 2)))
show("cf", lambda: O.image.resize(np.transpose(im, (0, 3, 1, 2)), (2, 2),
     data_format="channels_first"))
show("bad_size", lambda: O.image.resize(im, (2,)))
show("bad_rank", lambda: O.image.resize(np.ones((4, 4), "float32"), (2, 2)))
show("bad_interp", lambda: O.image.resize(im, (2, 2), interpolation="cubic"))
"""

SNIPPETS["ops_image_color_blur"] = _TRY + """
rgb = np.array([[[[1.0, 0.0, 0.0], [0.2, 0.4, 0.6]], [[0.5, 0.5, 0.5], [0.0, 0.9, 0.3]]]],
               "float32")
show("hsv", lambda: O.image.rgb_to_hsv(rgb))
show("back", lambda: O.image.hsv_to_rgb(O.image.rgb_to_hsv(rgb)))
show("gray", lambda: O.image.rgb_to_grayscale(rgb))
show("gray_int", lambda: O.image.rgb_to_grayscale(np.array([[[10, 200, 30]]], "uint8")))
show("hsv_int", lambda: O.image.rgb_to_hsv(np.array([[[10, 200, 30]]], "int32")))
show("blur", lambda: O.image.gaussian_blur(IM[:, :5, :5, :1], kernel_size=(3, 3),
     sigma=(1.0, 1.0))[0, :, :, 0])
show("blur_default", lambda: O.image.gaussian_blur(IM[:, :4, :4, :1])[0, :, :, 0])
show("persp", lambda: O.image.perspective_transform(IM[:, :4, :4, :1],
     [[0, 0], [3, 0], [0, 3], [3, 3]], [[0, 0], [3, 0], [0, 3], [2, 3]])[0, :, :, 0])
show("affine_reflect", lambda: O.image.affine_transform(IM[:, :4, :4, :1],
     np.array([1.0, 0, 1.5, 0, 1.0, -0.5, 0, 0], "float32"), fill_mode="reflect")[0, :, :, 0])
"""

SNIPPETS["ops_counting_and_quantiles"] = _TRY + """
Q = np.array([[1.0, 7.0, 3.0, 3.0], [np.nan, 2.0, 8.0, 4.0]], "float32")
show("quantile", lambda: O.quantile(Q[0], [0.25, 0.5, 0.9]))
for method in ["linear", "lower", "higher", "midpoint", "nearest"]:
    show(method, lambda: O.quantile(Q[0], 0.4, method=method))
show("quantile_axis", lambda: O.quantile(np.nan_to_num(Q), 0.5, axis=1, keepdims=True))
show("quantile_nan", lambda: O.quantile(Q, 0.5, axis=1))
show("median", lambda: O.median(Q[0]))
show("median_int", lambda: O.median(np.array([1, 4, 2, 8])))
show("percentile", lambda: O.percentile(Q[0], 30))
show("bad_q", lambda: O.quantile(Q[0], 1.5))
show("nan_to_num", lambda: O.nan_to_num(np.array([np.nan, np.inf, -np.inf], "float32"), nan=1.0,
     posinf=2.0))
show("isin", lambda: O.isin(np.array([1, 2, 3, 4]), np.array([2, 4, 9])))
show("unique", lambda: O.unique(np.array([3, 1, 3, 2])) if hasattr(O, "unique") else None)
show("count_nz", lambda: O.count_nonzero(Q, axis=1))
show("argsort_desc", lambda: O.argsort(-Q[0]))
"""
