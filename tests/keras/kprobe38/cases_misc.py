"""kprobe38's fourth batch: less used initializers (STFT, Identity, VarianceScaling's
arguments), constraints and regularizers (MinMaxNorm, Orthogonal), a
KerasTensor's Python protocol (bool, len, iteration, conversion), the attributes a layer
has and those Keras 3 dropped, the backend's dtype helpers, and set_random_seed and
keras.config setters given odd values (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe38.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["initializers_less_used"] = _TRY + """
I_ = keras.initializers
sig("stft_real", lambda: I_.STFT(side="real", window=None)((8, 1, 10)))
sig("stft_imag_density", lambda: I_.STFT(side="imag", window=None, scaling="density")((8, 1, 10)))
show("stft_small", lambda: I_.STFT(side="real", window=None)((4, 1, 3)))
tryq("stft_config", lambda: I_.STFT(side="imag", window=None, periodic=True).get_config())
tryq("stft_side", lambda: I_.STFT(side="both"))
tryq("stft_window", lambda: I_.STFT(window=np.ones(3))((8, 1, 10)))
sig("stft_window_array", lambda: I_.STFT(window=np.linspace(0, 1, 8))((8, 1, 5)))
tryq("stft_rank", lambda: I_.STFT(window=None)((8, 10)))
show("identity_rect", lambda: I_.Identity(gain=2.0)((2, 3)))
tryq("identity_3d", lambda: I_.Identity()((2, 2, 2)))
tryq("vs_scale", lambda: I_.VarianceScaling(scale=0.0))
unordered("vs_mode", lambda: I_.VarianceScaling(mode="fan_max"))  # (sets of strings: their order varies by run)
unordered("vs_dist", lambda: I_.VarianceScaling(distribution="poisson"))
print(I_.VarianceScaling(distribution="normal").get_config())
sig("vs_fan_avg_3d", lambda: I_.VarianceScaling(mode="fan_avg", distribution="uniform", seed=3)((3, 4, 5)))
tryq("orthogonal_1d", lambda: I_.Orthogonal(seed=1)((3,)))
sig("orthogonal_wide", lambda: I_.Orthogonal(gain=2.0, seed=1)((2, 5)))
for name in ("he_uniform", "lecun_normal", "glorot_normal", "he_normal", "lecun_uniform"):
    sig(name, lambda: I_.get({"class_name": name, "config": {"seed": 4}})((4, 3)))
"""

SNIPPETS["constraints_regularizers_less_used"] = _TRY + """
C_, R_ = keras.constraints, keras.regularizers
w = np.array([[3.0, -4.0], [0.0, 0.5]], "float32")
show("minmax", lambda: C_.MinMaxNorm(min_value=1.0, max_value=2.0, rate=0.5)(w))
show("minmax_axis1", lambda: C_.MinMaxNorm(min_value=0.0, max_value=1.0, axis=1)(w))
show("maxnorm_axis1", lambda: C_.MaxNorm(2.0, axis=1)(w))
show("nonneg", lambda: C_.NonNeg()(w))
show("unitnorm_all", lambda: C_.UnitNorm(axis=[0, 1])(w))
for c in (C_.MinMaxNorm(0.5, 2.0, rate=0.3, axis=1), C_.MaxNorm(3), C_.UnitNorm(axis=(0, 1))):
    print(type(c).__name__, c.get_config())
show("ortho_rows", lambda: R_.OrthogonalRegularizer(factor=0.1, mode="rows")(w))
show("ortho_cols", lambda: R_.OrthogonalRegularizer(factor=0.1, mode="columns")(w))
tryq("ortho_mode", lambda: R_.OrthogonalRegularizer(mode="diag"))
tryq("ortho_1d", lambda: R_.OrthogonalRegularizer()(np.ones(3, "float32")))
print(R_.OrthogonalRegularizer(0.2).get_config(), R_.L1L2().get_config())
tryq("l1_neg", lambda: R_.L1(-0.1))
tryq("l2_str", lambda: R_.L2("a"))
show("l1l2_int", lambda: R_.L1L2(l1=1, l2=1)(np.array([[1, -2]], "int32")))
"""

SNIPPETS["keras_tensor_python_protocol"] = _TRY + """
k = keras.Input((3,), batch_size=2, name="k")
u = keras.Input((None, 2), name="u")
for label, fn in [("bool", lambda: bool(k)), ("len", lambda: len(k)), ("len_unknown", lambda: len(u)),
                  ("iter", lambda: list(iter(k))), ("numpy", lambda: k.numpy()), ("float", lambda: float(k)),
                  ("int", lambda: int(k)), ("asarray", lambda: np.asarray(k)), ("index", lambda: [0, 1, 2][k]),
                  ("in", lambda: 1 in k), ("hash", lambda: type(hash(k)).__name__), ("eq", lambda: k == k),
                  ("ne", lambda: k != 1.0), ("getitem", lambda: k[0]), ("getitem_none", lambda: k[:, None, 1]),
                  ("getitem_ellipsis", lambda: u[..., 0]), ("getitem_bad", lambda: k[:, 5]), ("neg", lambda: -k),
                  ("abs", lambda: abs(k)), ("invert", lambda: ~keras.Input((2,), dtype="bool")), ("matmul", lambda: k @ np.ones((3, 4), "float32")),
                  ("rpow", lambda: 2 ** k), ("and_f", lambda: k & k), ("round", lambda: round(k)), ("reshape", lambda: k.reshape((3, 2))),
                  ("T", lambda: k.T), ("ndim", lambda: k.ndim), ("astype", lambda: k.astype("int32"))]:
    try:
        r = fn()
        print(label, _cut(repr(r)))
    except Exception as e:
        print(label, type(e).__name__, _cut(str(e)).splitlines()[0][:200] if str(e) else "")
"""

SNIPPETS["layer_attributes_present_and_removed"] = _TRY + """
inp = keras.Input((3,), name="x")
d = layers.Dense(2, name="d")
out = d(inp)
names = ["input", "output", "input_shape", "output_shape", "input_spec", "get_input_at", "get_output_at",
         "get_input_shape_at", "inbound_nodes", "outbound_nodes", "updates", "metrics",
         "stateful", "supports_masking", "compute_dtype", "variable_dtype", "dtype", "dtype_policy", "path",
         "quantization_mode", "non_trainable_weights", "trainable_variables", "weights", "losses",
         "activity_regularizer", "input_mask", "output_mask", "name_scope", "submodules", "with_name_scope",
         "built", "count_params", "add_update", "set_weights", "finalize_state", "dynamic", "autocast"]
for n in names:
    try:
        v = getattr(d, n)
        v = v() if n in ("count_params",) else v
        print(n, _cut(repr(v))[:100] if not callable(v) else "callable")
    except Exception as e:
        print(n, type(e).__name__, _cut(str(e)).splitlines()[0][:160] if str(e) else "")
"""

SNIPPETS["backend_dtype_helpers"] = _TRY + """
K = keras.backend
for x in ["float", "int", "bool", "float64", "double", "half", "uint8", np.float16, np.int64, int, float, bool, "bfloat16", np.dtype("complex64"), tf.float32, "string", "str", None]:
    try:
        print(repr(x) if not isinstance(x, type) else x.__name__, K.standardize_dtype(x))
    except Exception as e:
        print(repr(x), type(e).__name__, str(e)[:160])
tryq("bad", lambda: K.standardize_dtype("float31"))
tryz("bad_obj", lambda: K.standardize_dtype(object()))
print(K.is_float_dtype("bfloat16"), K.is_float_dtype("int8"), K.is_int_dtype("uint16"), K.is_int_dtype("bool"), K.is_int_dtype("float32"))
for args in [("int8", "uint8"), ("int32", float), ("float16", int), ("bool", "bool"), ("int64", "float16"), ("uint64", "int64"), ("bfloat16", "float16"), ("complex64", "float64"), ()]:
    tryq(str(args), lambda: K.result_type(*args))
tryq("rt_bad", lambda: K.result_type("int8", "nope"))
print(K.get_uid("thing"), K.get_uid("thing"), K.get_uid("other"))
K.clear_session()
print(K.get_uid("thing"))
"""

SNIPPETS["set_random_seed_and_config_setters_edges"] = _TRY + """
U, C = keras.utils, keras.config
tryq("seed_str", lambda: U.set_random_seed("a"))
tryq("seed_float", lambda: U.set_random_seed(1.5))
tryq("seed_neg", lambda: U.set_random_seed(-1))
tryq("seed_none", lambda: U.set_random_seed(None))
tryq("seed_big", lambda: U.set_random_seed(2 ** 40))
U.set_random_seed(3)
print(r4(keras.random.uniform((3,))))
unordered("floatx_int", lambda: C.set_floatx("int32"))  # (a set of strings: its order varies by run)
unordered("floatx_bad", lambda: C.set_floatx("float"))
tryq("floatx_bf16", lambda: (C.set_floatx("bfloat16"), C.floatx())[1])
C.set_floatx("float32")
tryq("eps_neg", lambda: (C.set_epsilon(-1.0), C.epsilon())[1])
tryq("eps_str", lambda: (C.set_epsilon("a"), C.epsilon())[1])
C.set_epsilon(1e-7)
tryq("fmt_bad", lambda: C.set_image_data_format("NHWC"))
tryq("fmt_upper", lambda: (C.set_image_data_format("CHANNELS_FIRST"), C.image_data_format())[1])
C.set_image_data_format("channels_last")
tryq("policy_bad", lambda: C.set_dtype_policy("float33"))
tryq("policy_obj", lambda: (C.set_dtype_policy(keras.DTypePolicy("float16")), C.dtype_policy().name)[1])
C.set_dtype_policy("float32")
tryq("backend", lambda: C.backend())
"""

SNIPPETS["control_flow_ops_on_keras_tensors"] = _TRY + """
k = keras.Input((3,), batch_size=2, name="k")
s = keras.Input((), dtype="int32", batch_size=1, name="s")
for label, fn in [("cond", lambda: O.cond(O.all(k > 0), lambda: k * 2.0, lambda: k)),
                  ("cond_mismatch", lambda: O.cond(O.all(k > 0), lambda: k, lambda: k[:, :2])),
                  ("switch", lambda: O.switch(s[0], [lambda x: x + 1.0, lambda x: x * 2.0], k)),
                  ("scan", lambda: O.scan(lambda c, x: (c + x, c), O.zeros((3,)), k)),
                  ("fori", lambda: O.fori_loop(0, 3, lambda i, v: v * 2.0, k)),
                  ("while", lambda: O.while_loop(lambda v: O.sum(v) < 10.0, lambda v: (v + 1.0,), (k,))),
                  ("map", lambda: O.map(lambda r: O.sum(r), k)),
                  ("ascan", lambda: O.associative_scan(O.add, k, axis=1)),
                  ("stop_gradient", lambda: O.stop_gradient(k)),
                  ("vmap", lambda: O.vectorized_map(lambda r: r * 2.0, k))]:
    try:
        r = fn()
        print(label, _cut(repr(r)) if not isinstance(r, (list, tuple)) else [_cut(repr(x)) for x in r])
    except Exception as e:
        print(label, type(e).__name__, _cut(str(e)).splitlines()[0][:200] if str(e) else "")
"""

SNIPPETS["layer_calls_with_odd_arguments"] = _TRY + """
d = layers.Dense(2, name="d")
x = np.ones((1, 3), "float32")
k = keras.Input((3,))
tryq("extra_kwarg", lambda: d(x, foo=1))
tryq("training_kw", lambda: d(x, training=True).shape)
tryq("mask_kw", lambda: d(x, mask=np.array([True])).shape)
tryq("no_input", lambda: d())
tryq("none_input", lambda: layers.Dense(2)(None))
tryq("string_input", lambda: layers.Dense(2)("abc"))
tryq("list_input", lambda: layers.Dense(2)([[1.0, 2.0, 3.0]]).shape)
tryq("kt_extra_kwarg", lambda: layers.Dense(2)(k, foo=1))
tryq("kt_and_array", lambda: layers.Concatenate()([k, x]))
tryq("add_mixed", lambda: layers.Add()([k, k, np.ones((1, 3), "float32")]))
"""

SNIPPETS["ops_mixing_keras_tensors_and_values"] = _TRY + """
k = keras.Input((3,), name="k")
e = O.convert_to_tensor(np.ones((1, 3), "float32"))
for label, fn in [("add_eager", lambda: O.add(k, e)), ("add_np", lambda: O.add(np.ones((3,), "float64"), k)),
                  ("concat", lambda: O.concatenate([k, np.ones((1, 3), "float32")], axis=0)),
                  ("stack", lambda: O.stack([k, k * 2.0])), ("stack_mixed", lambda: O.stack([k, e])),
                  ("where", lambda: O.where(k > 0, k, 0)), ("where_one", lambda: O.where(k > 0)),
                  ("matmul_np", lambda: O.matmul(k, np.ones((3, 2), "float64"))),
                  ("einsum", lambda: O.einsum("bi,ij->bj", k, np.ones((3, 2), "float32"))),
                  ("cast_int", lambda: O.cast(k, "int8")), ("clip_kt", lambda: O.clip(k, k, 1.0)),
                  ("pad_kt", lambda: O.pad(k, [[0, 0], [1, 2]], constant_values=3)),
                  ("take_kt_idx", lambda: O.take(np.arange(10.0), O.cast(k, "int32"))),
                  ("shape_ops", lambda: O.reshape(k, (-1,))), ("tile", lambda: O.tile(k, (2, 1)))]:
    try:
        r = fn()
        print(label, _cut(repr(r)))
    except Exception as e:
        print(label, type(e).__name__, _cut(str(e)).splitlines()[0][:200] if str(e) else "")
"""

SNIPPETS["layer_call_training_given_twice"] = _TRY + """
d = layers.Dense(2, name="d")
x = np.ones((1, 3), "float32")
tryq("extra_positional", lambda: d(x, x))
tryq("training_positional", lambda: d(x, True).shape)
"""
