"""kprobe14's snippets on keras.ops' dtype promotion (int8 with uint8, bool,
float16 with int64, result_type), unary and reduction dtypes, integer division, creation
from Python scalars, and keras.random's shapes, dtypes, seeds and errors (see cases.py)."""

from tests.keras.kprobe14.prelude import _TRY

SNIPPETS = {}

SNIPPETS["ops_unusual_promotion"] = _TRY + """
O = keras.ops
R = keras.backend.result_type
for a, b in [
    ("int8", "uint8"),
    ("bool", "bool"),
    ("float16", "int64"),
    ("uint16", "int16"),
    ("uint32", "int32"),
    ("uint64", "int64"),
    ("bfloat16", "int8"),
    ("bfloat16", "uint16"),
    ("float16", "bfloat16"),
    ("uint8", "bool"),
    ("int64", "float64"),
]:
    x, y = O.ones((2,), a), O.ones((2,), b)
    for f in [
        "add",
        "subtract",
        "multiply",
        "divide",
        "true_divide",
        "floor_divide",
        "power",
        "mod",
        "maximum",
        "minimum",
        "arctan2",
        "hypot",
        "logaddexp",
        "equal",
        "bitwise_and",
        "left_shift",
        "heaviside",
        "copysign",
        "fmod",
    ]:
        fn = getattr(O, f, None)
        if fn is None:
            print(f, "missing")
            continue
        dt(f + "(" + a + "," + b + ")", lambda: fn(x, y))
    tryp("R(" + a + "," + b + ")", lambda: R(a, b))
for args in [
    ("int8", 1),
    ("uint8", -1),
    ("int8", 1.0),
    ("bool", True, 1),
    ("float16", 2**40),
    ("int64", float),
    ("int32", int, float),
    ("bool", bool),
    (int, float),
    (bool,),
    ("float8_e4m3fn", "float16"),
    ("string",),
    (None,),
    ("int4",),
    ("complex64", "float64"),
    ("complex128",),
]:
    tryp("R" + repr(args), lambda: R(*args))
dt("add_int8_300", lambda: O.add(O.ones((2,), "int8"), 300))
dt("add_uint8_neg", lambda: O.add(O.ones((2,), "uint8"), -1))
tryp("add_uint8_neg_v", lambda: O.add(O.ones((2,), "uint8"), -1))
dt("mul_bool_f", lambda: O.multiply(O.ones((2,), "bool"), 2.5))
dt(
    "where_mixed",
    lambda: O.where(O.ones((2,), "bool"), O.ones((2,), "int8"), O.ones((2,), "uint8")),
)
dt("where_scalar", lambda: O.where(O.ones((2,), "bool"), 1, 2.0))
dt("where_int_py", lambda: O.where(O.ones((2,), "bool"), O.ones((2,), "int16"), 3))
dt("concat_mixed", lambda: O.concatenate([O.ones((2,), "int8"), O.ones((2,), "uint8")]))
dt("stack_mixed", lambda: O.stack([O.ones((2,), "float16"), O.ones((2,), "int64")]))
dt("matmul_i8_u8", lambda: O.matmul(O.ones((2, 2), "int8"), O.ones((2, 2), "uint8")))
dt("matmul_bool", lambda: O.matmul(O.ones((2, 2), "bool"), O.ones((2, 2), "bool")))
dt("matmul_f16_i64", lambda: O.matmul(O.ones((2, 2), "float16"), O.ones((2, 2), "int64")))
dt("dot_i8_u8", lambda: O.dot(O.ones((2,), "int8"), O.ones((2,), "uint8")))
dt("einsum_i8_u8", lambda: O.einsum("i,i->", O.ones((2,), "int8"), O.ones((2,), "uint8")))
dt("tensordot_bool", lambda: O.tensordot(O.ones((2,), "bool"), O.ones((2,), "bool"), 1))
dt("outer_i8_u8", lambda: O.outer(O.ones((2,), "int8"), O.ones((2,), "uint8")))
dt("clip_i8_float", lambda: O.clip(O.ones((2,), "int8"), 0.5, 2.5))
tryp("clip_i8_float_v", lambda: O.clip(O.ones((2,), "int8"), 0.5, 2.5))
"""

SNIPPETS["ops_unary_dtypes_small_ints"] = _TRY + """
O = keras.ops
for d in ["bool", "uint8", "int8", "int16", "int64", "float16", "bfloat16"]:
    x = O.ones((2, 2), d)
    for f in [
        "sqrt",
        "exp",
        "log1p",
        "sign",
        "abs",
        "negative",
        "square",
        "round",
        "floor",
        "ceil",
        "cumsum",
        "cumprod",
        "mean",
        "var",
        "std",
        "median",
        "sum",
        "prod",
        "max",
        "argmax",
        "trace",
        "diff",
        "exp2",
        "expm1",
        "log2",
        "sinh",
        "trunc",
        "cbrt",
        "deg2rad",
        "nan_to_num",
        "isfinite",
        "count_nonzero",
        "average",
        "ptp",
    ]:
        fn = getattr(O, f, None)
        if fn is None:
            print(f, "missing")
            continue
        dt(f + "(" + d + ")", lambda: fn(x))
"""

SNIPPETS["ops_integer_division"] = _TRY + """
O = keras.ops
a = np.array([7, -7, 7, -7, 0], "int32")
b = np.array([2, 2, -2, -2, 0], "int32")
tryp("divide", lambda: O.divide(a, b))
tryp("true_divide", lambda: O.true_divide(a, b))
tryp("floor_divide", lambda: O.floor_divide(a[:4], b[:4]))
tryp("floor_divide0", lambda: O.floor_divide(a, b))
tryp("mod", lambda: O.mod(a[:4], b[:4]))
tryp("mod0", lambda: O.mod(a, b))
tryp("fmod", lambda: O.fmod(a[:4], b[:4]))
tryp("divide_no_nan", lambda: O.divide_no_nan(a, b))
tryp("div_u8", lambda: O.divide(a.astype("uint8")[:1], b.astype("uint8")[:1]))
tryp("floordiv_u8", lambda: O.floor_divide(np.array([7], "uint8"), np.array([2], "uint8")))
tryp("floordiv_bool", lambda: O.floor_divide(np.array([True]), np.array([True])))
tryp("mod_float", lambda: O.mod(np.array([-7.5], "float32"), 2))
tryp("mod_bool", lambda: O.mod(np.array([True]), np.array([True])))
tryp("power_neg_int", lambda: O.power(np.array([2], "int32"), -1))
tryp("power_int_float", lambda: O.power(np.array([2], "int32"), 0.5))
tryp("power_bool", lambda: O.power(np.array([True, False]), 2))
tryp("floor_py", lambda: O.floor_divide(7, 2))
tryp("divide_py", lambda: O.divide(7, 2))
tryp("quotient", lambda: O.divide(np.int8(7), np.uint8(2)))
"""

SNIPPETS["ops_creation_from_scalars"] = _TRY + """
O = keras.ops
dt("full_int_float", lambda: O.full((2,), 1.5, dtype="int32"))
tryp("full_int_float_v", lambda: O.full((2,), 1.5, dtype="int32"))
dt("full_bool", lambda: O.full((2,), 1))
dt("full_like_u8", lambda: O.full_like(np.ones(2, "uint8"), 300))
tryp("full_like_u8_v", lambda: O.full_like(np.ones(2, "uint8"), 300))
dt("arange_mixed", lambda: O.arange(0, 5, 0.5))
dt("arange_int", lambda: O.arange(5))
dt("arange_i8", lambda: O.arange(np.int8(5)))
dt("arange_dtype", lambda: O.arange(5, dtype="float16"))
tryp("arange_neg_step", lambda: O.arange(5, 0, -2))
tryp("arange_zero_step", lambda: O.arange(0, 5, 0))
dt("linspace_int", lambda: O.linspace(0, 10, 5))
dt("linspace_int_dtype", lambda: O.linspace(0, 10, 4, dtype="int32"))
tryp("linspace_int_v", lambda: O.linspace(0, 10, 4, dtype="int32"))
dt("logspace", lambda: O.logspace(0, 2, 3))
dt("eye_int", lambda: O.eye(2, dtype="int8"))
dt("tri", lambda: O.tri(3))
dt("identity_bool", lambda: O.identity(2, dtype="bool"))
dt("zeros_like_bool", lambda: O.zeros_like(np.ones(2, "bool")))
dt("ones_like_dtype", lambda: O.ones_like(np.ones(2, "int8"), dtype="float16"))
dt("empty", lambda: O.empty((2,)))
tryp("zeros_neg", lambda: O.zeros((-1,)))
tryp("full_shape_tensor", lambda: O.full(O.convert_to_tensor([2]), 3).shape)
dt("convert_py_float", lambda: O.convert_to_tensor(1.5))
dt("convert_py_bigint", lambda: O.convert_to_tensor(2**40))
tryp("convert_py_huge", lambda: O.convert_to_tensor(2**70))
dt("convert_np_f64", lambda: O.convert_to_tensor(np.ones(2)))
dt("convert_list_mixed", lambda: O.convert_to_tensor([1, 2.5]))
dt("convert_list_bool", lambda: O.convert_to_tensor([True, False]))
tryp("convert_ragged_list", lambda: O.convert_to_tensor([[1], [1, 2]]))
dt("convert_dtype_bool_to_int", lambda: O.convert_to_tensor([True, False], dtype="int8"))
"""

SNIPPETS["random_shapes_dtypes_errors"] = _TRY + """
R = keras.random
for f, kw in [
    ("normal", {}),
    ("uniform", {}),
    ("truncated_normal", {}),
    ("randint", {"minval": 0, "maxval": 5}),
    ("beta", {"alpha": 2.0, "beta": 3.0}),
    ("gamma", {"alpha": 2.0}),
    ("binomial", {"counts": 5, "probabilities": 0.5}),
]:
    fn = getattr(R, f)
    for d in [None, "float16", "bfloat16", "float64", "int32", "int8", "bool"]:
        dt(
            f + "_" + str(d),
            lambda: fn((2, 3), dtype=d, seed=1, **kw) if d else fn((2, 3), seed=1, **kw),
        )
    dt(f + "_shape_tensor", lambda: fn(keras.ops.convert_to_tensor([2, 2]), seed=1, **kw))
    dt(f + "_shape_list", lambda: fn([4], seed=1, **kw))
    dt(f + "_shape_empty", lambda: fn((), seed=1, **kw))
    dt(f + "_seed_float", lambda: fn((2,), seed=1.5, **kw))
    dt(f + "_seed_none", lambda: fn((2,), seed=None, **kw))
    dt(f + "_seed_neg", lambda: fn((2,), seed=-3, **kw))
dt("categorical_dtype", lambda: R.categorical(np.log([[0.5, 0.5]]), 3, dtype="int64", seed=1))
dt("categorical_f", lambda: R.categorical(np.log([[0.5, 0.5]]), 3, dtype="float32", seed=1))
dt("categorical_1d", lambda: R.categorical(np.log([0.5, 0.5]), 3, seed=1))
dt("categorical_3d", lambda: R.categorical(np.ones((1, 1, 2)), 3, seed=1))
dt("shuffle_axis1", lambda: R.shuffle(np.arange(6).reshape(2, 3), axis=1, seed=1))
dt("shuffle_axis_bad", lambda: R.shuffle(np.arange(6).reshape(2, 3), axis=2, seed=1))
dt(
    "dropout_shape",
    lambda: R.dropout(np.ones((2, 3), "float32"), 0.5, noise_shape=(1, 3), seed=1),
)
dt("dropout_rate1", lambda: R.dropout(np.ones((2, 3), "float32"), 1.0, seed=1))
tryp("dropout_rate_bad", lambda: R.dropout(np.ones((2, 3), "float32"), 1.5, seed=1))
dt("dropout_int", lambda: R.dropout(np.ones((2, 3), "int32"), 0.5, seed=1))
dt("dropout_f16", lambda: R.dropout(np.ones((2, 3), "float16"), 0.5, seed=1))
tryp("uniform_min_gt_max", lambda: R.uniform((3,), minval=2, maxval=1, seed=1).shape)
tryp("randint_float_bounds", lambda: R.randint((3,), 0.5, 4.5, seed=1).dtype)
tryp(
    "normal_tensor_mean",
    lambda: R.normal((2,), mean=keras.ops.convert_to_tensor(1.0), seed=1).shape,
)
g = R.SeedGenerator(7, name="sg")
print(g.name, g.state.dtype, g.state.shape, g.state.trainable, g.get_config())
g2 = R.SeedGenerator.from_config(g.get_config())
print(g2.state.numpy().tolist())
print(R.SeedGenerator().state.numpy().shape)
tryp("sg_float", lambda: R.SeedGenerator(1.5))
tryp("sg_none", lambda: R.SeedGenerator(None).state.shape)
tryp("sg_next", lambda: g.next().numpy().tolist())
tryp("sg_next_ordered", lambda: g.next(ordered=False).numpy().tolist())
print(g.state.numpy().tolist())


class L(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.sg = R.SeedGenerator(3)


l = L()
print(
    [v.path for v in l.variables], [v.path for v in l.non_trainable_variables], len(l.weights)
)
"""
