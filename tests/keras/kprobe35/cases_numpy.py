"""kprobe35's snippets on keras.ops' numpy-style functions over each dtype and with the
arguments earlier rounds left at their defaults: argsort/sort with ties and NaNs,
searchsorted's sides, histogram/digitize/bincount, einsum's and tensordot's forms,
nan_to_num's replacements, quantile's methods, trapezoid, correlate's modes, vectorize's
signatures, select's defaults, the determinant and norm family and the solvers (see
cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe35.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["np_argsort_sort_each_dtype"] = _TRY + """
sweep("argsort", lambda d: O.argsort(arr([3, 1, 2, 1], d)) * np.array([1, 10, 100, 1000]))
sweep("sort", lambda d: O.sort(arr([3, 1, 2, 1], d)) * arr([1, 2, 3, 4], d))
x = np.array([[2.0, np.nan, -1.0, 2.0], [0.0, -0.0, np.inf, -np.inf]], "float32")
show("argsort_nan", lambda: O.argsort(x))
show("sort_nan", lambda: O.sort(x))
show("argsort_ax0", lambda: O.argsort(x, axis=0))
show("argsort_none", lambda: O.argsort(x, axis=None))
show("sort_none", lambda: O.sort(x, axis=None))
show("argsort_scalar", lambda: O.argsort(np.float32(3.0)))
show("sort_bool", lambda: O.sort(B))
"""

SNIPPETS["np_searchsorted_sides_dtypes"] = _TRY + """
seq = [0, 1, 1, 3, 5]
sweep("left", lambda d: O.searchsorted(arr(seq, d), arr([1, 4, 6, 0], d)) * np.array([1, 10, 100, 1000]))
sweep("right", lambda d: O.searchsorted(arr(seq, d), arr([1, 4, 6, 0], d), side="right") * np.array([1, 10, 100, 1000]))
show("int_vs_float", lambda: O.searchsorted(np.array(seq, "int32"), np.array([0.5, 1.0, 4.9], "float32")))
show("scalar_value", lambda: O.searchsorted(np.array(seq, "float32"), 3.0))
show("2d_values", lambda: O.searchsorted(np.array(seq, "float32"), np.array([[1.0, 2.0], [5.0, 6.0]], "float32"), side="right"))
show("2d_sorted", lambda: O.searchsorted(np.array([seq, seq], "float32"), np.array([1.0], "float32")))
show("bad_side", lambda: O.searchsorted(np.array(seq, "float32"), np.array([1.0], "float32"), side="middle"))
show("nan", lambda: O.searchsorted(np.array([0.0, 1.0, np.nan], "float32"), np.array([np.nan, 2.0], "float32")))
"""

SNIPPETS["np_histogram_digitize_bincount"] = _TRY + """
x = np.array([0.0, 0.5, 1.0, 1.5, 2.0, 2.0, 3.5, -1.0], "float32")
show("hist_3", lambda: O.histogram(x, bins=3))
show("hist_range", lambda: O.histogram(x, bins=4, range=(0, 2)))
show("hist_int", lambda: O.histogram(np.array([1, 2, 2, 5], "int32"), bins=2))
show("hist_f64", lambda: O.histogram(x.astype("float64"), bins=2))
show("hist_bad_range", lambda: O.histogram(x, bins=2, range=(2, 1)))
show("hist_bad_bins", lambda: O.histogram(x, bins=0))
sweep("digitize", lambda d: O.digitize(arr([0, 1, 2, 5], d), [1, 2, 4]) * np.array([1, 10, 100, 1000]))
show("digitize_dec", lambda: O.digitize(x, [3.0, 1.0, 0.0]))
show("digitize_f_bins", lambda: O.digitize(np.array([1, 2, 3], "int32"), [1.5, 2.5]))
sweep("bincount", lambda d: O.bincount(arr([0, 1, 1, 3], d)) * np.array([1, 10, 100, 1000]), ["bool", "uint8", "uint16", "int8", "int16", "int32", "int64", "float32"])
sweep("bincount_w", lambda d: O.bincount(np.array([0, 1, 1, 3], "int32"), weights=arr([1, 2, 3, 4], d)))
show("bincount_minlength", lambda: O.bincount(np.array([[0, 2], [1, 1]], "int32"), minlength=4))
show("bincount_w2d", lambda: O.bincount(np.array([[0, 2], [1, 1]], "int32"), weights=np.array([[1.0, 2.0], [0.5, 0.25]], "float32"), minlength=3))
show("bincount_neg", lambda: O.bincount(np.array([0, -1, 2], "int32")))
"""

SNIPPETS["np_einsum_forms"] = _TRY + """
a = np.arange(6, dtype="float32").reshape(2, 3)
b = np.arange(12, dtype="float32").reshape(3, 4) / 4
sq = np.arange(9, dtype="float32").reshape(3, 3)
c = np.arange(24, dtype="float32").reshape(2, 3, 4) / 8
show("trace", lambda: O.einsum("ii", sq))
show("diag", lambda: O.einsum("ii->i", sq))
show("transpose", lambda: O.einsum("ij->ji", a))
show("sum_all", lambda: O.einsum("ij->", a))
show("implicit", lambda: O.einsum("ij,jk", a, b))
show("ellipsis", lambda: O.einsum("...j,jk->...k", c[:, :, :3], sq))
show("batch", lambda: O.einsum("bij,bjk->bik", c[:, :, :3], np.stack([sq, sq])))
show("outer", lambda: O.einsum("i,j->ij", a[0], b[0]))
show("three", lambda: O.einsum("i,ij,j->", a[0], sq, a[1]))
show("broadcast", lambda: O.einsum("ij,j->ij", a, np.array([1.0, 2.0, 3.0], "float32")))
show("i8", lambda: O.einsum("ij,jk->ik", a.astype("int8"), b.astype("int8")))
show("u8_i8", lambda: O.einsum("ij,jk->ik", a.astype("uint8"), b.astype("int8")))
show("bad_shape", lambda: O.einsum("ij,jk->ik", a, a))
show("bad_sub", lambda: O.einsum("ij->k", a))
"""

SNIPPETS["np_tensordot_axes_forms"] = _TRY + """
a = np.arange(24, dtype="float32").reshape(2, 3, 4) / 10
b = np.arange(12, dtype="float32").reshape(4, 3) / 5
sig("axes0", lambda: O.tensordot(a, b, axes=0))
show("axes1", lambda: O.tensordot(a, b, axes=1))
show("pairs", lambda: O.tensordot(a, b, axes=([1, 2], [1, 0])))
show("tuple_ints", lambda: O.tensordot(a, b, axes=(2, 0)))
show("neg", lambda: O.tensordot(a, b, axes=([-1], [0])))
show("mismatch", lambda: O.tensordot(a, b, axes=([1], [0])))
show("too_many", lambda: O.tensordot(a, b, axes=3))
show("ints", lambda: O.tensordot(np.arange(6, dtype="int32").reshape(2, 3), np.arange(3, dtype="int32"), axes=1))
show("i8_f16", lambda: O.tensordot(np.ones((2, 2), "int8"), np.ones((2,), "float16"), axes=1))
"""

SNIPPETS["np_nan_to_num_each_dtype"] = _TRY + """
sweep("plain", lambda d: O.nan_to_num(arr([1, 2], d), nan=5.0))
show("f32", lambda: O.nan_to_num(NAN[2]))
show("f32_args", lambda: O.nan_to_num(NAN[2], nan=-1.0, posinf=9.0, neginf=-9.0))
show("f16", lambda: O.nan_to_num(NAN[2].astype("float16")))
show("bf16", lambda: O.nan_to_num(O.cast(NAN[2], "bfloat16"), neginf=-3))
sig("f64", lambda: O.nan_to_num(NAN[2].astype("float64")))  # (-1.8e308 to 4 decimals overflows)
show("c64", lambda: O.nan_to_num(np.array([complex(np.nan, 1), complex(2, np.inf)], "complex64"), nan=7.0))
show("int_args", lambda: O.nan_to_num(np.array([1, 2], "int32"), nan=0.5, posinf=3.0))
"""

SNIPPETS["np_quantile_methods"] = _TRY + """
x = np.array([[3.0, 1.0, 4.0, 1.0, 5.0], [9.0, 2.0, 6.0, 5.0, 3.0]], "float32")
for m in ["linear", "lower", "higher", "midpoint", "nearest"]:
    show(m, lambda: O.quantile(x, [0.1, 0.5, 0.75], axis=1, method=m))
show("scalar_q", lambda: O.quantile(x, 0.3))
show("keepdims", lambda: O.quantile(x, 0.3, axis=0, keepdims=True))
show("int", lambda: O.quantile(np.array([1, 2, 3, 4], "int32"), 0.5))
show("f16", lambda: O.quantile(x.astype("float16"), 0.5, axis=1))
show("nan", lambda: O.quantile(np.array([1.0, np.nan, 3.0], "float32"), 0.5))
show("bad_q", lambda: O.quantile(x, 1.5))
show("bad_method", lambda: O.quantile(x, 0.5, method="weibull"))
show("percentile", lambda: O.percentile(x, [25, 50], axis=1))
"""

SNIPPETS["np_trapezoid_correlate"] = _TRY + """
y = np.array([[1.0, 2.0, 4.0, 7.0], [0.0, 1.0, 0.0, 1.0]], "float32")
show("trap", lambda: O.trapezoid(y))
show("trap_dx", lambda: O.trapezoid(y, dx=0.5))
show("trap_x", lambda: O.trapezoid(y, x=np.array([0.0, 1.0, 3.0, 6.0], "float32")))
show("trap_ax0", lambda: O.trapezoid(y, axis=0))
sweep("trap_dtypes", lambda d: O.trapezoid(arr([1, 2, 4], d)))
a = np.array([1.0, 2.0, 3.0, 0.5], "float32")
v = np.array([0.0, 1.0, 0.5], "float32")
for mode in ["valid", "same", "full"]:
    show("corr_" + mode, lambda: O.correlate(a, v, mode=mode))
show("corr_swap", lambda: O.correlate(v, a, mode="full"))
sweep("corr_dtypes", lambda d: O.correlate(arr([1, 2, 3], d), arr([1, 1], d)), ["bool", "uint8", "int8", "int32", "int64", "bfloat16", "float16", "float32", "float64"])
show("corr_bad_mode", lambda: O.correlate(a, v, mode="wide"))
show("corr_2d", lambda: O.correlate(y, v))
"""

SNIPPETS["np_vectorize_select"] = _TRY + """
f = O.vectorize(lambda u, w: u * 2 + w)
show("plain", lambda: f(np.array([1.0, 2.0], "float32"), np.array([[0.5], [1.0]], "float32")))
g = O.vectorize(lambda row: O.sum(row) * row, signature="(n)->(n)")
show("sig", lambda: g(np.arange(6, dtype="float32").reshape(2, 3)))
h = O.vectorize(lambda m: O.trace(m), signature="(n,n)->()")
show("sig_scalar", lambda: h(np.arange(8, dtype="float32").reshape(2, 2, 2)))
conds = [np.array([True, False, False]), np.array([True, True, False])]
show("select", lambda: O.select(conds, [np.array([1, 2, 3], "int32"), np.array([10, 20, 30], "int32")]))
show("select_default", lambda: O.select(conds, [np.array([1, 2, 3], "int32"), np.array([10, 20, 30], "int32")], default=-1))
show("select_mixed", lambda: O.select(conds, [np.array([1, 2, 3], "int32"), np.array([0.5, 0.5, 0.5], "float32")], default=7))
show("select_f_default", lambda: O.select(conds, [np.array([1, 2, 3], "int32"), np.array([10, 20, 30], "int32")], default=0.5))
show("select_bcast", lambda: O.select([np.array([[True], [False]])], [np.array([1.0, 2.0], "float32")]))
show("select_len", lambda: O.select(conds, [np.array([1, 2, 3], "int32")]))
show("select_empty", lambda: O.select([], []))
"""

SNIPPETS["linalg_det_norm_family"] = _TRY + """
M = np.array([[[2.0, 1.0], [1.0, 3.0]], [[0.0, 1.0], [1.0, 0.0]], [[1.0, 2.0], [2.0, 4.0]]], "float32")
show("det", lambda: O.linalg.det(M))
show("slogdet", lambda: O.slogdet(M))
show("logdet", lambda: O.logdet(M))
show("det_f64", lambda: O.linalg.det(M.astype("float64")))
show("det_int", lambda: O.linalg.det(np.array([[2, 1], [1, 3]], "int32")))
show("det_nonsq", lambda: O.linalg.det(np.ones((2, 3), "float32")))
v = np.array([3.0, -4.0, 0.0, 1.0], "float32")
for o in [None, 0, 1, 2, -1, -2, np.inf, -np.inf, 3, 0.5]:
    show("vec_" + str(o), lambda: O.linalg.norm(v, ord=o))
m = np.array([[1.0, -2.0], [3.0, 4.0]], "float32")
for o in [None, "fro", "nuc", 1, -1, 2, -2, np.inf, -np.inf, 3]:
    show("mat_" + str(o), lambda: O.linalg.norm(m, ord=o))
show("keep", lambda: O.linalg.norm(M, axis=(1, 2), keepdims=True))
show("axis1", lambda: O.norm(M, ord=1, axis=1))
show("int", lambda: O.norm(np.array([3, 4], "int32")))
show("bad_ord", lambda: O.norm(v, ord="fro"))
"""

SNIPPETS["linalg_solvers"] = _TRY + """
A = np.array([[4.0, 2.0, 0.6], [2.0, 5.0, 1.0], [0.6, 1.0, 3.0]], "float32")
b = np.array([[1.0], [2.0], [3.0]], "float32")
show("solve", lambda: O.linalg.solve(A, b))
show("solve_batch", lambda: O.linalg.solve(np.stack([A, A * 2]), np.stack([b, b])))
show("solve_vec", lambda: O.linalg.solve(A, b[:, 0]))
show("solve_singular", lambda: O.linalg.solve(np.ones((2, 2), "float32"), np.ones((2, 1), "float32")))
show("tri_lower", lambda: O.linalg.solve_triangular(A, b, lower=True))
show("tri_upper", lambda: O.linalg.solve_triangular(A, b, lower=False))
show("chol", lambda: O.linalg.cholesky(A))
show("chol_upper", lambda: O.linalg.cholesky(A, upper=True))
show("chol_notpd", lambda: O.linalg.cholesky(np.array([[1.0, 2.0], [2.0, 1.0]], "float32")))
show("chol_inv", lambda: O.linalg.cholesky_inverse(O.linalg.cholesky(A)))
R = np.array([[1.0, 1.0], [1.0, 2.0], [1.0, 3.0], [1.0, 4.0]], "float32")
y = np.array([6.0, 5.0, 7.0, 10.0], "float32")
show("lstsq", lambda: O.linalg.lstsq(R, y))
show("lstsq_2d", lambda: O.linalg.lstsq(R, np.stack([y, y * 2], axis=1)))
show("lstsq_rcond", lambda: O.linalg.lstsq(R, y, rcond=0.5))
show("lstsq_bad", lambda: O.linalg.lstsq(R, y[:3]))
show("inv_int", lambda: O.linalg.inv(np.array([[2, 0], [0, 4]], "int32")))
"""

SNIPPETS["segment_topk_intopk"] = _TRY + """
data = np.array([[1.0, 2.0], [3.0, -4.0], [5.0, 6.0], [-7.0, 8.0]], "float32")
ids = np.array([0, 0, 2, 2], "int32")
show("sum", lambda: O.segment_sum(data, ids))
show("sum_n", lambda: O.segment_sum(data, ids, num_segments=4))
show("sum_sorted", lambda: O.segment_sum(data, ids, num_segments=3, sorted=True))
show("max", lambda: O.segment_max(data, ids))
show("max_n", lambda: O.segment_max(data, ids, num_segments=4))
show("max_unsorted", lambda: O.segment_max(data, np.array([2, 0, 2, 0], "int32"), num_segments=3))
show("sum_int", lambda: O.segment_sum(np.array([1, 2, 3], "int32"), np.array([1, 1, 0], "int32")))
show("sum_neg", lambda: O.segment_sum(data, np.array([0, -1, 1, 1], "int32"), num_segments=2))
show("sum_bad", lambda: O.segment_sum(data, ids[:3]))
x = np.array([[1.0, 3.0, 3.0, 2.0], [5.0, 5.0, 5.0, 0.0]], "float32")
show("top_k", lambda: O.top_k(x, 2))
show("top_k_unsorted", lambda: O.top_k(x, 3, sorted=False))
show("top_k_int", lambda: O.top_k(np.array([3, 1, 2], "int8"), 2))
show("top_k_big", lambda: O.top_k(x, 5))
show("in_top_k", lambda: O.in_top_k(np.array([2, 1], "int32"), x, 1))
show("in_top_k_ties", lambda: O.in_top_k(np.array([2, 2], "int32"), x, 2))
show("in_top_k_k0", lambda: O.in_top_k(np.array([2, 2], "int32"), x, 0))
show("in_top_k_nan", lambda: O.in_top_k(np.array([0, 1], "int32"), np.array([[np.nan, 1.0], [2.0, np.nan]], "float32"), 1))
"""
