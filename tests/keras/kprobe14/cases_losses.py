"""kprobe14's snippets on losses computed in integer dtypes: a Loss made with an integer
`dtype`, the loss functions on integer arrays, sparse categorical labels of every integer
dtype, the reductions and integer sample weights (see cases.py)."""

from tests.keras.kprobe14.prelude import _TRY

SNIPPETS = {}

_DATA = """
Ls = keras.losses
yt = np.array([[1, 0], [0, 1], [2, 3]], "int32")
yp = np.array([[3, 1], [0, 2], [1, 1]], "int32")
yb = np.array([[1, 0], [0, 1], [1, 1]], "int32")
sw = np.array([1, 0, 2], "int32")
"""

SNIPPETS["losses_int_dtype_regression"] = _TRY + _DATA + """
for cls in [Ls.MeanSquaredError, Ls.MeanAbsoluteError, Ls.MeanSquaredLogarithmicError,
            Ls.MeanAbsolutePercentageError, Ls.Huber, Ls.LogCosh, Ls.Hinge, Ls.SquaredHinge]:
    for red in ["sum_over_batch_size", "sum", None]:
        tryp(cls.__name__ + "_i32_" + str(red), lambda: cls(dtype="int32", reduction=red)(yt, yp))
        tryp(cls.__name__ + "_i32w_" + str(red),
             lambda: cls(dtype="int32", reduction=red)(yt, yp, sample_weight=sw))
    tryp(cls.__name__ + "_int_inputs", lambda: cls()(yt, yp))
    tryp(cls.__name__ + "_int_inputs_w", lambda: cls()(yt, yp, sample_weight=sw))
    tryp(cls.__name__ + "_int64", lambda: cls(dtype="int64")(yt, yp))
    tryp(cls.__name__ + "_int16_float_in",
         lambda: cls(dtype="int16")(yt.astype("float32") * 0.7, yp.astype("float32")))
l = Ls.MeanSquaredError(dtype="int32")
print(l.dtype, l.get_config())
dt("dt_mse_int32", lambda: l(yt, yp))
dt("dt_mse_int8", lambda: Ls.MeanSquaredError(dtype="int8")(yt, yp))
dt("dt_mse_uint8", lambda: Ls.MeanSquaredError(dtype="uint8")(yt, yp))
dt("dt_mse_bool", lambda: Ls.MeanSquaredError(dtype="bool")(yt, yp))
"""

SNIPPETS["losses_int_dtype_probabilistic"] = _TRY + _DATA + """
for cls in [Ls.CosineSimilarity, Ls.CategoricalHinge, Ls.KLDivergence, Ls.Poisson,
            Ls.BinaryCrossentropy, Ls.CategoricalCrossentropy, Ls.BinaryFocalCrossentropy,
            Ls.CategoricalFocalCrossentropy, Ls.Dice, Ls.Tversky]:
    tryp(cls.__name__ + "_i32", lambda: cls(dtype="int32")(yb, yp))
    tryp(cls.__name__ + "_i32_sum",
         lambda: cls(dtype="int32", reduction="sum")(yb, yp, sample_weight=sw))
    tryp(cls.__name__ + "_int_in", lambda: cls()(yb, yp))
    tryp(cls.__name__ + "_u8", lambda: cls(dtype="uint8")(yb, yp))
    tryp(cls.__name__ + "_f16_int_in", lambda: cls(dtype="float16")(yb, yp))
"""

SNIPPETS["loss_functions_on_integers"] = _TRY + _DATA + """
for f in ["mean_squared_error", "mean_absolute_error", "mean_absolute_percentage_error",
          "mean_squared_logarithmic_error", "huber", "log_cosh", "hinge", "squared_hinge",
          "categorical_hinge", "kl_divergence", "poisson", "cosine_similarity",
          "binary_crossentropy", "categorical_crossentropy", "dice", "tversky"]:
    fn = getattr(Ls, f)
    head("fn_" + f, lambda: fn(yt, yp))
    head("fn_" + f + "_i64", lambda: fn(yt.astype("int64"), yp.astype("int64")))
    head("fn_" + f + "_mixed", lambda: fn(yt, yp.astype("float32") / 4))
    head("fn_" + f + "_list", lambda: fn([[1, 0]], [[2, 1]]))
head("cond_error", lambda: keras.ops.cond(keras.ops.convert_to_tensor(True),
     lambda: 2.0 * keras.ops.convert_to_tensor(1), lambda: 1))
for pred in [True, keras.ops.convert_to_tensor(False)]:
    try:
        keras.ops.cond(pred, lambda: 1 / 0, lambda: [][1])
    except (ZeroDivisionError, IndexError) as e:
        print(type(e).__name__, re.sub("0x[0-9a-f]+", "ADDR", str(e)))
try:
    Ls.hinge([[1, 0]], [[2, 1]])
except TypeError as e:
    print(re.sub("0x[0-9a-f]+", "ADDR", str(e)))
"""

SNIPPETS["sparse_labels_of_every_dtype"] = _TRY + """
Ls = keras.losses
p = np.array([[0.7, 0.2, 0.1], [0.1, 0.1, 0.8], [0.3, 0.4, 0.3]], "float32")
for d in ["int8", "uint8", "int16", "int32", "int64", "uint16", "float32", "float64", "bool"]:
    y = np.array([0, 2, 1]).astype(d)
    tryp("scce_" + d, lambda: Ls.SparseCategoricalCrossentropy()(y, p))
    tryp("scce_col_" + d, lambda: Ls.SparseCategoricalCrossentropy(reduction=None)(y[:, None], p))
    tryp("scce_fn_" + d, lambda: Ls.sparse_categorical_crossentropy(y, p))
    tryp("scce_ign_" + d, lambda: Ls.SparseCategoricalCrossentropy(ignore_class=1)(y, p))
for d in ["int32", "float64", "float16", "bfloat16"]:
    tryp("scce_dtype_" + d,
         lambda: Ls.SparseCategoricalCrossentropy(dtype=d)(np.array([0, 2, 1]), p))
tryp("scce_dtype_i32_logits", lambda: Ls.SparseCategoricalCrossentropy(dtype="int32",
     from_logits=True)(np.array([0, 2, 1]), p * 10))
tryp("scce_fn_int_pred", lambda: Ls.sparse_categorical_crossentropy(np.array([0, 1]),
     np.array([[3, 1], [0, 2]])))
tryp("scce_fn_int_pred_logits", lambda: Ls.sparse_categorical_crossentropy(np.array([0, 1]),
     np.array([[3, 1], [0, 2]]), from_logits=True))
tryp("scce_oob", lambda: Ls.SparseCategoricalCrossentropy()(np.array([0, 3, 1]), p))
tryp("scce_neg", lambda: Ls.SparseCategoricalCrossentropy()(np.array([0, -1, 1]), p))
tryp("scce_float_labels", lambda: Ls.SparseCategoricalCrossentropy()(np.array([0.5, 1.7, 1.0]),
     p))
"""

SNIPPETS["integer_reductions_and_weights"] = _TRY + """
Ls = keras.losses
p = np.array([[0.7, 0.2, 0.1], [0.1, 0.1, 0.8], [0.3, 0.4, 0.3]], "float32")
sw = np.array([1, 0, 2], "int32")
yt, zeros = np.array([[1], [2], [3]]), np.array([[0], [0], [0]])
for red in ["sum", "sum_over_batch_size", None, "mean_with_sample_weight"]:
    tryp("scce_sw_" + str(red), lambda: Ls.SparseCategoricalCrossentropy(reduction=red)(
         np.array([0, 2, 1]), p, sample_weight=sw))
    tryp("scce_sw_i32_" + str(red), lambda: Ls.SparseCategoricalCrossentropy(reduction=red,
         dtype="int32")(np.array([0, 2, 1]), p * 10, sample_weight=sw))
    tryp("mse_sw_f_" + str(red), lambda: Ls.MeanSquaredError(reduction=red, dtype="int32")(
         yt, zeros, sample_weight=np.array([0.5, 1.5, 2.7])))
    tryp("mse_i32_mws_" + str(red), lambda: Ls.MeanSquaredError(reduction=red, dtype="int32")(
         yt, zeros, sample_weight=np.array([0, 0, 0])))
dt("mse_i64_mws", lambda: Ls.MeanSquaredError(reduction="mean_with_sample_weight",
   dtype="int64")(yt[:2], zeros[:2], sample_weight=np.array([1, 2])))
dt("mse_u8_mean", lambda: Ls.MeanSquaredError(reduction="mean", dtype="uint8")(yt[:2], zeros[:2]))
dt("mse_i16_sum", lambda: Ls.MeanSquaredError(reduction="sum", dtype="int16")(yt[:2], zeros[:2]))
dt("mse_u16_sum", lambda: Ls.MeanSquaredError(reduction="sum", dtype="uint16")(yt[:2], zeros[:2]))
tryp("mse_i32_masked", lambda: Ls.MeanSquaredError(dtype="int32")(yt, zeros,
     sample_weight=np.array([1, 1, 0])))
"""

SNIPPETS["tf_nn_refused_dtypes"] = _TRY + """
i = np.ones((1, 4, 4, 1), "int32")
tryp("avgpool", lambda: tf.nn.avg_pool2d(i, 2, 2, "SAME"))
tryp("bias_add", lambda: tf.nn.bias_add(i.astype("bool"), np.ones(1, "bool")))
tryp("l2loss", lambda: tf.nn.l2_loss(i))
tryp("softmax", lambda: tf.nn.softmax(i))
tryp("xent", lambda: tf.nn.softmax_cross_entropy_with_logits(i[0, 0], i[0, 0]))
tryp("sxent", lambda: tf.nn.sparse_softmax_cross_entropy_with_logits(np.array([0]),
     np.ones((1, 2), "int32")))
tryp("conv3d", lambda: tf.nn.conv3d(np.ones((1, 2, 2, 2, 1), "int32"),
     np.ones((1, 1, 1, 1, 1), "int32"), [1] * 5, "SAME"))
"""
