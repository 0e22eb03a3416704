"""kprobe37's keras.ops snippets over odd dtypes (int8, uint8, bool, float16): the result
dtypes and values of arithmetic, reductions, comparisons, math and shape families (see
cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe37.prelude import _TRY

SNIPPETS: dict[str, str] = {}

_ODD = """
ODD = ["bool", "uint8", "int8", "float16"]
def odd(label, fn):
    sweep(label, fn, ODD)
def odd2(label, fn):
    mat(label, fn, ODD)
"""

SNIPPETS["ops_arith_odd_dtypes"] = _TRY + _ODD + """
v = [[1, 0, 3], [2, 5, 0]]
odd2("add", lambda a, b: O.add(arr(v, a), arr(v, b)))
odd2("subtract", lambda a, b: O.subtract(arr(v, a), arr(v, b)))
odd2("multiply", lambda a, b: O.multiply(arr(v, a), arr(v, b)))
odd2("true_divide", lambda a, b: O.true_divide(arr(v, a), arr([[1, 1, 2], [2, 1, 1]], b)))
odd2("floor_divide", lambda a, b: O.floor_divide(arr(v, a), arr([[1, 1, 2], [2, 1, 1]], b)))
odd2("power", lambda a, b: O.power(arr(v, a), arr([[1, 1, 2], [2, 1, 1]], b)))
odd2("maximum", lambda a, b: O.maximum(arr(v, a), arr(v, b)))
"""

SNIPPETS["ops_scalar_operands_odd_dtypes"] = _TRY + _ODD + """
v = [[1, 0, 3], [2, 5, 0]]
odd("add_1", lambda d: O.add(arr(v, d), 1))
odd("add_1.5", lambda d: O.add(arr(v, d), 1.5))
odd("add_True", lambda d: O.add(arr(v, d), True))
odd("mul_300", lambda d: O.multiply(arr(v, d), 300))
odd("sub_np_i64", lambda d: O.subtract(arr(v, d), np.int64(1)))
odd("div_np_f64", lambda d: O.divide(arr(v, d), np.float64(2.0)))
odd("mod_2", lambda d: O.mod(arr(v, d), 2))
odd("neg", lambda d: O.negative(arr(v, d)))
odd("abs", lambda d: O.abs(arr([[-1, 0, 3]], d) if d != "uint8" else arr([[1, 0, 3]], d)))
odd("square", lambda d: O.square(arr(v, d)))
odd("sign", lambda d: O.sign(arr(v, d)))
"""

SNIPPETS["ops_reductions_odd_dtypes"] = _TRY + _ODD + """
v = [[1, 0, 3], [2, 5, 0]]
for name in ("sum", "prod", "mean", "max", "min", "std", "var", "cumsum", "cumprod", "argmax", "argmin", "any", "all", "count_nonzero", "median"):
    odd(name, lambda d: getattr(O, name)(arr(v, d)))
odd("sum_axis", lambda d: O.sum(arr(v, d), axis=1))
odd("mean_axis", lambda d: O.mean(arr(v, d), axis=0))
odd("logsumexp", lambda d: O.logsumexp(arr(v, d)))
odd("norm", lambda d: O.norm(arr(v, d)))
odd("average", lambda d: O.average(arr(v, d), axis=1, weights=np.array([1.0, 2.0, 1.0], "float32")))
"""

SNIPPETS["ops_unary_math_odd_dtypes"] = _TRY + _ODD + """
v = [[1, 0, 3], [2, 5, 0]]
for name in ("sqrt", "exp", "log1p", "sin", "tanh", "floor", "ceil", "round", "reciprocal", "rsqrt", "sigmoid", "relu", "softplus", "isnan", "isfinite", "logical_not", "bitwise_invert", "sort", "clip"):
    if name == "clip":
        odd(name, lambda d: O.clip(arr(v, d), 1, 3))
    elif name == "rsqrt":
        odd(name, lambda d: O.rsqrt(arr([[1, 4]], d)))
    elif name in ("sigmoid", "relu", "softplus"):
        odd(name, lambda d: getattr(keras.activations, name)(arr(v, d)))
    else:
        odd(name, lambda d: getattr(O, name)(arr(v, d)))
"""

SNIPPETS["ops_compare_logic_odd_dtypes"] = _TRY + _ODD + """
v = [[1, 0, 3], [2, 5, 0]]
w = [[1, 1, 0], [2, 0, 0]]
odd2("equal", lambda a, b: O.equal(arr(v, a), arr(w, b)))
odd2("less", lambda a, b: O.less(arr(v, a), arr(w, b)))
odd2("logical_and", lambda a, b: O.logical_and(arr(v, a), arr(w, b)))
odd2("where", lambda a, b: O.where(arr([[True, False, True], [False, True, False]], "bool"), arr(v, a), arr(w, b)))
odd2("bitwise_and", lambda a, b: O.bitwise_and(arr(v, a), arr(w, b)))
odd("isclose", lambda d: O.isclose(arr(v, d), arr(w, d)))
odd("allclose", lambda d: O.convert_to_tensor(O.all(O.isclose(arr(v, d), arr(v, d)))))
"""

SNIPPETS["ops_shape_family_odd_dtypes"] = _TRY + _ODD + """
v = [[1, 0, 3], [2, 5, 0]]
odd("concat", lambda d: O.concatenate([arr(v, d), arr(v, "int8")]))
odd("stack_f16", lambda d: O.stack([arr(v, d), arr(v, "float16")]))
odd("pad", lambda d: O.pad(arr(v, d), 1))
odd("pad_const", lambda d: O.pad(arr(v, d), 1, constant_values=7))
odd("tile", lambda d: O.tile(arr(v, d), 2))
odd("repeat", lambda d: O.repeat(arr(v, d), 2))
odd("take", lambda d: O.take(arr(v, d), [0, 2], axis=1))
odd("take_along", lambda d: O.take_along_axis(arr(v, d), np.array([[0], [1]]), axis=1))
odd("one_hot", lambda d: O.one_hot(arr([0, 2], d), 3))
odd("cast_to_uint8", lambda d: O.cast(arr([[-1, 300, 2]], d) if d not in ("bool", "uint8") else arr(v, d), "uint8"))
odd("cast_to_bool", lambda d: O.cast(arr(v, d), "bool"))
odd("zeros_like", lambda d: O.zeros_like(arr(v, d)))
odd("full_like", lambda d: O.full_like(arr(v, d), 2.7))
odd("arange", lambda d: O.arange(0, 5, 2, dtype=d))
odd("linspace", lambda d: O.linspace(0, 4, 3, dtype=d))
odd("eye", lambda d: O.eye(2, dtype=d))
odd("matmul", lambda d: O.matmul(arr(v, d), arr([[1], [2], [0]], d)))
odd("dot_f32", lambda d: O.dot(arr(v, d), np.ones((3,), "float32")))
odd("einsum", lambda d: O.einsum("ij,ij->i", arr(v, d), arr(v, d)))
"""

SNIPPETS["ops_nn_odd_dtypes"] = _TRY + _ODD + """
v = [[1, 0, 3], [2, 5, 0]]
odd("log_softmax", lambda d: O.log_softmax(arr(v, d)))
odd("relu6", lambda d: O.relu6(arr(v, d)))
odd("gelu", lambda d: O.gelu(arr(v, d)))
odd("silu", lambda d: O.silu(arr(v, d)))
odd("leaky", lambda d: O.leaky_relu(arr(v, d)))
odd("elu", lambda d: O.elu(arr(v, d)))
odd("normalize", lambda d: O.normalize(arr(v, d)))
odd("moments", lambda d: O.moments(arr(v, d), axes=[1])[1])
odd("bce", lambda d: O.binary_crossentropy(arr([[1, 0, 1], [0, 1, 0]], d), arr([[0.5, 0.25, 0.75], [0.5, 0.5, 0.5]], "float16" if d == "float16" else "float32")))
odd("top_k", lambda d: O.top_k(arr(v, d), 2)[0])
odd("in_top_k", lambda d: O.in_top_k(np.array([2, 1]), arr(v, d), 1))
"""

SNIPPETS["ops_counting_and_search_odd_dtypes"] = _TRY + _ODD + """
v = [[1, 0, 3], [2, 5, 0]]
odd("bincount", lambda d: O.bincount(arr([1, 0, 3, 1], d) if d != "float16" else arr([1, 0, 3, 1], "int32"), weights=arr([1, 2, 3, 4], d), minlength=5))
odd("bincount_in", lambda d: O.bincount(arr([1, 0, 3, 1], d)))
odd("histogram", lambda d: O.histogram(arr([1, 0, 3, 1, 2], d), bins=3)[0])
odd("searchsorted", lambda d: O.searchsorted(arr([0, 1, 3], d), arr([1, 2], d)))
odd("digitize", lambda d: O.digitize(arr([0, 1, 2, 5], d), [1.0, 3.0]))
odd("quantile", lambda d: O.quantile(arr(v, d), 0.5))
odd("diff", lambda d: O.diff(arr([1, 0, 3, 2], d)))
odd("nan_to_num", lambda d: O.nan_to_num(arr(v, d), nan=1.0))
odd("unique_sorted", lambda d: O.sort(O.reshape(arr(v, d), (-1,))))
odd("argsort", lambda d: O.argsort(arr([3, 1, 2], d)))
odd("nonzero", lambda d: O.nonzero(arr([3, 0, 2], d))[0])
odd("count_axis", lambda d: O.count_nonzero(arr(v, d), axis=0))
odd("trace", lambda d: O.trace(arr([[1, 2], [3, 4]], d)))
odd("tri", lambda d: O.tri(2, dtype=d))
odd("triu", lambda d: O.triu(arr([[1, 2], [3, 4]], d)))
odd("outer", lambda d: O.outer(arr([1, 2], d), arr([3, 0], d)))
odd("cross", lambda d: O.cross(arr([1, 0, 0], d), arr([0, 1, 0], d)))
odd("vdot", lambda d: O.vdot(arr([1, 2], d), arr([3, 4], d)))
"""

SNIPPETS["ops_float16_precision_results"] = _TRY + """
H16 = np.array([[0.1, 1000.0, -3.5], [65504.0, 1e-4, 2.0]], "float16")
show("sum", lambda: O.sum(H16))
show("mean", lambda: O.mean(H16, axis=1))
show("var", lambda: O.var(H16))
show("cumsum", lambda: O.cumsum(H16, axis=1))
show("prod", lambda: O.prod(H16, axis=0))
show("square", lambda: O.square(H16))
show("exp", lambda: O.exp(H16))
show("log", lambda: O.log(O.abs(H16)))
show("norm", lambda: O.norm(H16, axis=1))
show("matmul", lambda: O.matmul(H16, O.transpose(H16)))
show("add_f32", lambda: O.add(H16, np.float32(1)))
show("mul_py", lambda: O.multiply(H16, 2))
show("div_int", lambda: O.divide(H16, 3))
show("logsumexp", lambda: O.logsumexp(H16, axis=1))
show("sigmoid", lambda: O.sigmoid(H16))
"""

SNIPPETS["ops_uint8_int8_overflow_behaviour"] = _TRY + """
U = np.array([250, 5, 128], "uint8")
S8 = np.array([120, -128, 7], "int8")
show("u_add", lambda: O.add(U, U))
show("u_sub", lambda: O.subtract(np.array([1], "uint8"), np.array([2], "uint8")))
show("u_mul", lambda: O.multiply(U, np.uint8(2)))
show("u_sum", lambda: O.sum(U))
show("u_mean", lambda: O.mean(U))
show("u_cumsum", lambda: O.cumsum(U))
show("u_neg", lambda: O.negative(U))
show("u_abs", lambda: O.abs(U))
show("s_neg", lambda: O.negative(S8))
show("s_abs", lambda: O.abs(S8))
show("s_sum", lambda: O.sum(S8))
show("s_prod", lambda: O.prod(S8))
show("s_square", lambda: O.square(S8))
show("s_floordiv", lambda: O.floor_divide(S8, np.int8(-3)))
show("s_mod", lambda: O.mod(S8, np.int8(-3)))
show("s_u_add", lambda: O.add(S8, U))
show("s_left_shift", lambda: O.left_shift(S8, 1))
show("u_right_shift", lambda: O.right_shift(U, 2))
show("u_bitwise_xor", lambda: O.bitwise_xor(U, np.uint8(255)))
show("s_cast_float16", lambda: O.cast(S8, "float16"))
show("u_to_bool", lambda: O.cast(U, "bool"))
show("bool_sum", lambda: O.sum(np.array([True, True, False])))
show("bool_mean", lambda: O.mean(np.array([True, True, False])))
show("bool_cumsum", lambda: O.cumsum(np.array([True, True, False])))
show("bool_max", lambda: O.max(np.array([True, False])))
show("bool_add", lambda: O.add(np.array([True, False]), np.array([True, True])))
show("bool_mul", lambda: O.multiply(np.array([True, False]), np.array([True, True])))
show("bool_sub", lambda: O.subtract(np.array([True, False]), np.array([True, True])))
"""

SNIPPETS["symbolic_ops_odd_dtypes"] = _TRY + """
ODD = ["bool", "uint8", "int8", "float16"]
def kt(d, s=(None, 3)):
    return keras.KerasTensor(s, dtype=d)
def spec(fn):
    try:
        r = fn()
        return keras.backend.standardize_dtype(r.dtype) + str(tuple(r.shape)).replace(" ", "")
    except Exception as e:
        return "E:" + type(e).__name__
for name in ("relu6", "selu", "softsign", "celu", "glu", "hard_tanh", "hard_shrink", "soft_shrink", "tanh_shrink", "squareplus",
             "sparse_sigmoid", "sparsemax", "hard_silu", "bitwise_invert"):
    print(name, " ".join(spec(lambda: getattr(O, name)(kt(d, (None, 4)))) for d in ODD))
print("threshold", " ".join(spec(lambda: O.threshold(kt(d), 0.5, 0.0)) for d in ODD))
for name in ("less", "greater_equal", "kron", "right_shift", "left_shift"):
    print(name)
    for a in ODD:
        print(" ", a, " ".join(spec(lambda: getattr(O, name)(kt(a), kt(b))).split("(")[0] for b in ODD))
for d in ODD:
    print("take", d, spec(lambda: O.take(kt("int8"), kt(d, (2,)), axis=1)), spec(lambda: O.take(kt("float16", (2, 3)), kt(d, (4, 1)))), spec(lambda: O.take(kt(d), [[0, 1]], axis=0)))
print(spec(lambda: O.kron(kt("int8", (2, 3)), kt("uint8", (4,)))), spec(lambda: O.less(kt("float32", (2, 3)), kt("float32", (4, 3)))))
"""
