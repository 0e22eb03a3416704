"""kprobe35's snippets on keras.ops' dtype promotion over all fifteen Keras dtypes: the
tables of where, concatenate, stack, matmul, divide, power, floor_divide, maximum and
einsum for every pair, Python scalars against each dtype, result_type given several
arguments and under another floatx, and the dtypes of reductions and unary functions on
the unsigned, bfloat16 and complex types (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe35.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["promo_add_multiply_full_table"] = _TRY + """
mat("add", lambda a, b: O.add(arr([1, 2], a), arr([3, 1], b)))
mat("multiply", lambda a, b: O.multiply(arr([1, 2], a), arr([3, 1], b)))
"""

SNIPPETS["promo_where_concatenate_table"] = _TRY + """
c = np.array([True, False])
mat("where", lambda a, b: O.where(c, arr([1, 2], a), arr([3, 1], b)))
mat("concatenate", lambda a, b: O.concatenate([arr([1, 2], a), arr([3, 1], b)]))
"""

SNIPPETS["promo_stack_matmul_table"] = _TRY + """
mat("stack", lambda a, b: O.stack([arr([1, 2], a), arr([3, 1], b)]))
mat("matmul", lambda a, b: O.matmul(arr([[1, 2], [0, 1]], a), arr([[3, 1], [1, 1]], b)))
"""

SNIPPETS["promo_divide_power_table"] = _TRY + """
mat("divide", lambda a, b: O.divide(arr([4, 2], a), arr([2, 1], b)))
mat("power", lambda a, b: O.power(arr([2, 1], a), arr([3, 1], b)))
"""

SNIPPETS["promo_floor_divide_maximum_table"] = _TRY + """
mat("floor_divide", lambda a, b: O.floor_divide(arr([4, 3], a), arr([2, 1], b)))
mat("maximum", lambda a, b: O.maximum(arr([4, 0], a), arr([2, 1], b)))
"""

SNIPPETS["promo_einsum_tensordot_dot_table"] = _TRY + """
sm = ["bool", "uint8", "uint16", "int8", "int32", "int64", "bfloat16", "float16", "float32", "float64"]
mat("einsum", lambda a, b: O.einsum("ij,jk->ik", arr([[1, 2]], a), arr([[3], [1]], b)), sm)
mat("tensordot", lambda a, b: O.tensordot(arr([[1, 2]], a), arr([[3], [1]], b), axes=1), sm)
mat("dot", lambda a, b: O.dot(arr([1, 2], a), arr([3, 1], b)), sm)
"""

SNIPPETS["promo_python_scalars_each_dtype"] = _TRY + """
for s in [1, -1, 1.5, True, 2**31, 1j]:
    sweep("add" + repr(s), lambda d: O.add(arr([1, 2], d), s))
sweep("rsub1.5", lambda d: O.subtract(1.5, arr([1, 2], d)))
sweep("where_1_x", lambda d: O.where(np.array([True, False]), 1, arr([1, 2], d)))
sweep("where_x_2.5", lambda d: O.where(np.array([True, False]), arr([1, 2], d), 2.5))
sweep("max_0.5", lambda d: O.maximum(arr([1, 2], d), 0.5))
sweep("clip_int", lambda d: O.clip(arr([1, 5], d), 2, 3))
sweep("clip_float", lambda d: O.clip(arr([1, 5], d), 1.5, 3.5))
"""

SNIPPETS["promo_result_type_many_and_floatx"] = _TRY + """
R = keras.backend.result_type
for args in [("uint8", "int8", "uint16"), ("bool", "int8", "float16", "bfloat16"),
             ("uint32", "int64"), ("uint64", "int8"), ("uint64", "float16"),
             ("complex64", "float64"), ("complex64", "int64"), ("bfloat16", int),
             ("bfloat16", float), ("uint16", float), ("bool", float), ("bool", int),
             (int, float), (int,), (float,), (bool,), ("int8", complex), ("float16", "uint64")]:
    tryp(str([a if isinstance(a, str) else a.__name__ for a in args]), lambda: R(*args))
for fx in ["float16", "float64", "bfloat16"]:
    tryp(fx + " int,float", lambda: floatx(fx, lambda: R(int, float)))
    tryp(fx + " int8,float", lambda: floatx(fx, lambda: R("int8", float)))
    tryp(fx + " int64", lambda: floatx(fx, lambda: R("int64", "int32")))
    show(fx + " add_i_1.5", lambda: floatx(fx, lambda: keras.backend.standardize_dtype(O.add(np.array([1], "int32"), 1.5).dtype)))
    show(fx + " mean_int", lambda: floatx(fx, lambda: keras.backend.standardize_dtype(O.mean(np.array([1, 2], "int32")).dtype)))
"""

SNIPPETS["promo_reduction_dtypes_each_dtype"] = _TRY + """
for name in ["sum", "prod", "mean", "var", "std", "max", "cumsum", "cumprod", "argmax", "median", "average", "count_nonzero", "all", "any"]:
    sweep(name, lambda d: getattr(O, name)(arr([[1, 2], [3, 0]], d)))
"""

SNIPPETS["promo_unary_dtypes_each_dtype"] = _TRY + """
for name in ["sqrt", "exp", "log1p", "sin", "abs", "sign", "square", "reciprocal", "negative", "floor", "round", "real", "imag", "conj", "isnan", "isfinite", "trunc"]:
    sweep(name, lambda d: getattr(O, name)(arr([1, 4], d)))
"""

SNIPPETS["promo_creation_dtypes_each_dtype"] = _TRY + """
sweep("full", lambda d: O.full((2,), 3, dtype=d))
sweep("full_like", lambda d: O.full_like(arr([1, 2], d), 2.5))
sweep("zeros_like_f", lambda d: O.zeros_like(arr([1, 2], d), dtype="float16"))
sweep("arange", lambda d: O.arange(0, 3, dtype=d))
sweep("linspace", lambda d: O.linspace(0, 4, 3, dtype=d))
sweep("eye", lambda d: O.eye(2, dtype=d))
sweep("tri", lambda d: O.tri(2, dtype=d))
sweep("cast_from_1.7", lambda d: O.cast(np.array([1.7, 2.2], "float32"), d))
sweep("convert", lambda d: O.convert_to_tensor([1, 2], dtype=d))
sweep("astype", lambda d: O.cast(O.convert_to_tensor([1, 0]), d))
"""
