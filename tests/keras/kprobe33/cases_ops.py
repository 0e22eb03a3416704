"""kprobe33's snippets on keras.ops' numpy namespace functions no earlier round called:
the NaN-skipping reductions and cumulative ops, bitwise ops over each integer type,
inverse trigonometric and hyperbolic functions, flips, fmax/fmin, isneginf/isposinf/isreal,
logaddexp2, nextafter, rad2deg, reciprocal, cdist, view, empty_like, amin, logical ops,
comparisons, diff, einsum's odd subscripts and histogram's options (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe33.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["ops_nan_reductions"] = _TRY + """
for name in ["nanmax", "nanmin", "nanprod", "nanstd", "nanvar", "nanmedian", "nansum",
             "nanmean"]:
    fn = getattr(O, name)
    show(name, lambda: fn(NAN))
    show(name + "_ax1", lambda: fn(NAN, axis=1))
    show(name + "_ax0k", lambda: fn(NAN, axis=0, keepdims=True))
    show(name + "_int", lambda: fn(I, axis=-1))
    show(name + "_f16", lambda: fn(NAN.astype("float16"), axis=(0, 1)))
"""

SNIPPETS["ops_nanargmax_nanargmin"] = _TRY + """
for name in ["nanargmax", "nanargmin"]:
    fn = getattr(O, name)
    show(name, lambda: fn(NAN))
    show(name + "_rows", lambda: fn(NAN[[0, 2]], axis=1))
    show(name + "_cols", lambda: fn(NAN, axis=0, keepdims=True))
    show(name + "_int", lambda: fn(I, axis=0))
    show(name + "_bool", lambda: fn(B, axis=1))
"""

SNIPPETS["ops_nancumsum_nancumprod"] = _TRY + """
for name in ["nancumsum", "nancumprod"]:
    fn = getattr(O, name)
    show(name, lambda: fn(NAN))
    show(name + "_ax1", lambda: fn(NAN, axis=1))
    show(name + "_ax0_f64", lambda: fn(NAN, axis=0, dtype="float64"))
    show(name + "_int", lambda: fn(I, axis=1))
    show(name + "_int_to_f", lambda: fn(I, axis=1, dtype="float32"))
    show(name + "_bool", lambda: fn(B))
"""

SNIPPETS["ops_bitwise_dtypes"] = _TRY + """
a = np.array([5, -3, 12, 0], "int32")
b = np.array([3, 6, -1, 7], "int32")
for name in ["bitwise_or", "bitwise_xor", "bitwise_and"]:
    fn = getattr(O, name)
    show(name, lambda: fn(a, b))
    show(name + "_u8", lambda: fn(a.astype("uint8"), b.astype("uint8")))
    show(name + "_mixed", lambda: fn(a.astype("int8"), b.astype("int16")))
    show(name + "_bool", lambda: fn(B[0], B[1]))
    show(name + "_scalar", lambda: fn(a, 6))
    show(name + "_float", lambda: fn(a.astype("float32"), b))
for name in ["bitwise_not", "bitwise_invert"]:
    show(name, lambda: getattr(O, name)(a))
    show(name + "_u16", lambda: getattr(O, name)(a.astype("uint16")))
    show(name + "_bool", lambda: getattr(O, name)(B[0]))
show("left", lambda: O.bitwise_left_shift(a, np.array([1, 2, 0, 3], "int32")))
show("left_u8", lambda: O.bitwise_left_shift(np.array([200, 1], "uint8"), 1))
show("right", lambda: O.bitwise_right_shift(a, 1))
show("right_neg", lambda: O.bitwise_right_shift(np.array([-8, -1], "int64"), 2))
show("right_alias", lambda: O.right_shift(np.array([64, 7], "uint32"), np.array([3, 1], "uint32")))
"""

SNIPPETS["ops_inverse_trig_dtypes"] = _TRY + """
x = np.array([-0.5, 0.0, 0.25, 0.9], "float32")
for name in ["arcsin", "arcsinh", "arctan", "arctanh", "tan", "cosh"]:
    fn = getattr(O, name)
    show(name, lambda: fn(x))
    show(name + "_int", lambda: fn(np.array([0, 1], "int32")))
    show(name + "_i8", lambda: fn(np.array([0, 1], "int8")))
    show(name + "_f16", lambda: fn(x.astype("float16")))
    show(name + "_bool", lambda: fn(np.array([True, False])))
show("arccosh", lambda: O.arccosh(np.array([1.0, 2.0, 10.0], "float32")))
show("arccosh_int", lambda: O.arccosh(np.array([1, 3], "int64")))
show("arcsin_out", lambda: O.arcsin(np.array([1.5, -2.0], "float32")))
show("arctanh_edge", lambda: O.arctanh(np.array([1.0, -1.0, 2.0], "float32")))
show("arccosh_out", lambda: O.arccosh(np.array([0.5], "float32")))
"""

SNIPPETS["ops_fliplr_flipud"] = _TRY + """
x3 = np.arange(12, dtype="int32").reshape(2, 3, 2)
show("lr", lambda: O.fliplr(F))
show("ud", lambda: O.flipud(F))
show("lr3", lambda: O.fliplr(x3))
show("ud3", lambda: O.flipud(x3))
show("ud1", lambda: O.flipud(np.array([1, 2, 3])))
show("lr1", lambda: O.fliplr(np.array([1, 2, 3])))
show("lr_bool", lambda: O.fliplr(B))
"""

SNIPPETS["ops_fmax_fmin"] = _TRY + """
a = np.array([1.0, np.nan, 3.0, np.nan, -np.inf], "float32")
b = np.array([np.nan, 2.0, 1.0, np.nan, 0.0], "float32")
for name in ["fmax", "fmin"]:
    fn = getattr(O, name)
    show(name, lambda: fn(a, b))
    show(name + "_int", lambda: fn(I, I[::-1]))
    show(name + "_mixed", lambda: fn(I, F))
    show(name + "_scalar", lambda: fn(a, 2))
    show(name + "_bcast", lambda: fn(F, np.array([1.0, 0.0, np.nan], "float32")))
    show(name + "_f16", lambda: fn(a.astype("float16"), b))
    show(name + "_bad", lambda: fn(F, np.ones((3, 2), "float32")))
"""

SNIPPETS["ops_isneginf_isposinf_isreal"] = _TRY + """
x = np.array([np.inf, -np.inf, np.nan, 0.0, -1.0], "float32")
show("neg", lambda: O.isneginf(x))
show("pos", lambda: O.isposinf(x))
show("neg_int", lambda: O.isneginf(I))
show("pos_f16", lambda: O.isposinf(x.astype("float16")))
show("pos_bool", lambda: O.isposinf(B))
show("real", lambda: O.isreal(x))
show("real_int", lambda: O.isreal(I))
show("real_complex", lambda: O.isreal(np.array([1 + 0j, 2 + 1j, -3j], "complex64")))
show("real_bool", lambda: O.isreal(B))
"""

SNIPPETS["ops_logaddexp2_nextafter_rad2deg"] = _TRY + """
show("lae2", lambda: O.logaddexp2(F, P))
show("lae2_int", lambda: O.logaddexp2(I, I))
show("lae2_inf", lambda: O.logaddexp2(np.array([-np.inf, np.inf], "float32"), np.array([-np.inf, 1.0], "float32")))
show("lae2_mixed", lambda: O.logaddexp2(H, F))
show("next", lambda: O.nextafter(np.array([1.0, 0.0, -1.0], "float32"), np.array([2.0, 1.0, -2.0], "float32")) - np.array([1.0, 0.0, -1.0], "float32"))
show("next_dtype", lambda: keras.backend.standardize_dtype(O.nextafter(F, P).dtype))
show("next_int", lambda: O.nextafter(I, I + 1))
show("next_f64", lambda: O.nextafter(np.array([1.0]), 2.0))
show("rad2deg", lambda: O.rad2deg(F))
show("rad2deg_int", lambda: O.rad2deg(I))
show("rad2deg_f16", lambda: O.rad2deg(H))
show("recip", lambda: O.reciprocal(F))
show("recip_int", lambda: O.reciprocal(np.array([1, 2, 4], "int32")))
show("recip_zero", lambda: O.reciprocal(np.array([0.0, -0.0], "float32")))
show("recip_bool", lambda: O.reciprocal(np.array([True])))
"""

SNIPPETS["ops_cdist"] = _TRY + """
a = np.array([[0.0, 0.0], [1.0, 1.0], [3.0, -1.0]], "float32")
b = np.array([[1.0, 0.0], [0.0, 2.0]], "float32")
show("plain", lambda: O.cdist(a, b))
show("batched", lambda: O.cdist(np.stack([a, a * 2]), np.stack([b, b])))
show("int", lambda: O.cdist(a.astype("int32"), b.astype("int32")))
show("mixed", lambda: O.cdist(a.astype("float16"), b))
show("bad_dims", lambda: O.cdist(a, np.ones((2, 3), "float32")))
show("rank1", lambda: O.cdist(a[0], b[0]))
"""

SNIPPETS["ops_view_reinterpret"] = _TRY + """
show("f32_i32", lambda: O.view(np.array([1.0, -2.0], "float32"), "int32"))
show("i8_u8", lambda: O.view(np.array([-1, 5, -128], "int8"), "uint8"))
show("i32_i16", lambda: O.view(np.array([[65537, -1]], "int32"), "int16"))
show("i16_i32", lambda: O.view(np.array([[1, 1, 2, 0]], "int16"), "int32"))
show("same", lambda: O.view(F, "float32"))
show("none", lambda: O.view(F))
show("bad", lambda: O.view(np.array([1, 2, 3], "int16"), "int32"))
show("f16_i16", lambda: O.view(np.array([1.0, 0.5], "float16"), "int16"))
show("bool_i8", lambda: O.view(np.array([True, False]), "int8"))
"""

SNIPPETS["ops_empty_like_amin_conj"] = _TRY + """
show("empty_like", lambda: (tuple(O.empty_like(F).shape), keras.backend.standardize_dtype(O.empty_like(F).dtype)))
show("empty_like_dt", lambda: keras.backend.standardize_dtype(O.empty_like(I, dtype="float16").dtype))
show("empty_like_bool", lambda: keras.backend.standardize_dtype(O.empty_like(B).dtype))
show("amin", lambda: O.amin(F))
show("amin_ax", lambda: O.amin(F, axis=1, keepdims=True))
show("amin_int_ax", lambda: O.amin(I, axis=(0, 1)))
show("amin_bool", lambda: O.amin(B, axis=0))
show("amin_nan", lambda: O.amin(NAN, axis=1))
z = np.array([1 + 2j, -3j], "complex64")
show("conj", lambda: O.conj(z))
show("conjugate", lambda: O.conjugate(z.astype("complex128")))
show("conj_real", lambda: O.conj(F))
show("conj_int", lambda: O.conj(I))
"""

SNIPPETS["ops_logical_mixed_dtypes"] = _TRY + """
for name in ["logical_not"]:
    show(name, lambda: O.logical_not(F))
    show(name + "_int", lambda: O.logical_not(I))
    show(name + "_nan", lambda: O.logical_not(NAN[0]))
for name in ["logical_or", "logical_xor"]:
    fn = getattr(O, name)
    show(name, lambda: fn(B, I))
    show(name + "_f", lambda: fn(F, np.zeros((2, 3), "float32")))
    show(name + "_bcast", lambda: fn(B, np.array([True, False, False])))
    show(name + "_scalar", lambda: fn(I, 0))
    show(name + "_bad", lambda: fn(B, np.ones((3,))[:2]))
"""

SNIPPETS["ops_compare_mixed_dtypes"] = _TRY + """
for name in ["greater_equal", "less_equal"]:
    fn = getattr(O, name)
    show(name, lambda: fn(F, I))
    show(name + "_bool", lambda: fn(B, I))
    show(name + "_scalar", lambda: fn(I, 0.5))
    show(name + "_nan", lambda: fn(NAN[0], 1.0))
    show(name + "_u8_i8", lambda: fn(np.array([200], "uint8"), np.array([-1], "int8")))
    show(name + "_bad", lambda: fn(F, np.ones((2, 2), "float32")))
"""

SNIPPETS["ops_diff_orders"] = _TRY + """
a = np.array([[1, 4, 9, 16, 25], [2, 3, 5, 7, 11]], "int32")
show("n1", lambda: O.diff(a))
show("n2", lambda: O.diff(a, n=2))
show("ax0", lambda: O.diff(a, axis=0))
show("n0", lambda: O.diff(a, n=0))
show("n_big", lambda: O.diff(a, n=7))
show("float", lambda: O.diff(F, axis=-1))
show("bool", lambda: O.diff(B))
show("u8", lambda: O.diff(np.array([3, 1, 5], "uint8")))
show("bad_axis", lambda: O.diff(a, axis=2))
show("neg_n", lambda: O.diff(a, n=-1))
"""

SNIPPETS["ops_einsum_odd_subscripts"] = _TRY + """
m = np.arange(9, dtype="float32").reshape(3, 3)
t = np.arange(24, dtype="float32").reshape(2, 3, 4)
show("trace", lambda: O.einsum("ii->", m))
show("diag", lambda: O.einsum("ii->i", m))
show("ellipsis", lambda: O.einsum("...ij,jk->...ik", t, np.ones((4, 2), "float32")))
show("outer", lambda: O.einsum("i,j", np.array([1.0, 2.0], "float32"), np.array([3.0, 4.0, 5.0], "float32")))
show("implicit", lambda: O.einsum("ij,jk", m, m))
show("int8", lambda: O.einsum("ij,jk->ik", m.astype("int8"), m.astype("int8")))
show("mixed", lambda: O.einsum("ij,jk->ik", m.astype("int32"), m))
show("bool", lambda: O.einsum("i,i->", np.array([True, False]), np.array([True, True])))
show("three", lambda: O.einsum("ij,jk,kl->il", m, m, m))
show("sum_all", lambda: O.einsum("ijk->", t))
show("transpose", lambda: tuple(O.einsum("ijk->kji", t).shape))
show("bad", lambda: O.einsum("ij,jk->ik", m, np.ones((4, 2), "float32")))
"""

SNIPPETS["ops_histogram_options"] = _TRY + """
x = np.array([0.1, 0.4, 0.4, 0.7, 1.0, -0.2, 2.5], "float32")
show("default", lambda: O.histogram(x))
show("bins3", lambda: O.histogram(x, bins=3))
show("range", lambda: O.histogram(x, bins=4, range=(0.0, 1.0)))
show("int", lambda: O.histogram(np.array([1, 2, 2, 3, 9], "int32"), bins=4))
show("f16", lambda: O.histogram(x.astype("float16"), bins=2))
show("bad_bins", lambda: O.histogram(x, bins=0))
show("bad_rank", lambda: O.histogram(x.reshape(7, 1), bins=2))
show("bad_range", lambda: O.histogram(x, bins=2, range=(1.0, 0.0)))
"""
