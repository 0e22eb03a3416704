"""kprobe29's snippets on losses: Tversky, Dice, CTC, CategoricalFocalCrossentropy, Huber and
LogCosh under each reduction, from_logits with label_smoothing, sample_weight shapes,
serialization (see cases.py)."""

from tests.keras.kprobe29.prelude import _TRY

SNIPPETS = {}

_SEG = """
YT = np.array([[[1, 0], [1, 1]], [[0, 0], [1, 0]]], "float32")[..., None]
YP = np.array([[[0.9, 0.2], [0.6, 0.8]], [[0.1, 0.4], [0.7, 0.3]]], "float32")[..., None]
"""

SNIPPETS["tversky_dice_axes_and_reductions"] = _TRY + _SEG + """
L = keras.losses
for a, b in [(0.5, 0.5), (0.3, 0.7), (0.9, 0.1)]:
    print("tversky", a, b, r4(L.Tversky(alpha=a, beta=b)(YT, YP)), r4(L.tversky(YT, YP, alpha=a,
    beta=b)))
print("tversky_none", r4(L.Tversky(reduction=None)(YT, YP)))
print("tversky_axis", r4(L.Tversky(axis=(1, 2, 3), reduction="none")(YT, YP)))
print("dice", r4(L.Dice()(YT, YP)), r4(L.dice(YT, YP)))
print("dice_axis", r4(L.Dice(axis=(1, 2), reduction=None)(YT, YP)))
print("dice_sum", r4(L.Dice(reduction="sum", axis=(1, 2, 3))(YT, YP)))
print("dice_sw", r4(L.Dice(axis=(1, 2, 3))(YT, YP, sample_weight=np.array([1.0, 0.0], "float32"))))
print("dice_int", r4(L.Dice()(YT.astype("int32"), YP)))
print("cfg", sorted(L.Tversky(alpha=0.3, beta=0.7).get_config().items()))
print("dice_cfg", sorted(L.Dice(axis=(1, 2)).get_config().items()))
print("perfect", r4(L.Dice()(YT, YT)), r4(L.Tversky()(YT, YT)))
"""

SNIPPETS["ctc_loss_padding_and_lengths"] = _TRY + """
T, C = 6, 4
logits = np.log(np.abs(np.sin(np.arange(2 * T * C, dtype="float32").reshape(2, T, C))) + 0.05)
probs = np.exp(logits) / np.exp(logits).sum(-1, keepdims=True)
labels = np.array([[1, 2, 0], [2, 2, 1]], "int32")
print("ctc_cls", r4(keras.losses.CTC()(labels, probs)))
print("ctc_none", r4(keras.losses.CTC(reduction=None)(labels, probs)))
print("ctc_fn", r4(keras.losses.ctc(labels, probs)))
print("op_ctc", r4(keras.ops.ctc_loss(labels, logits, np.array([2, 3]), np.array([6, 5]),
    mask_index=0)))
print("op_ctc_blank3", r4(keras.ops.ctc_loss(labels, logits, np.array([2, 3]), np.array([6, 6]),
    mask_index=3)))
tryp("ctc_long_label", lambda: r4(keras.ops.ctc_loss(np.ones((1, 8), "int32"), logits[:1],
    np.array([8]), np.array([6]))))
m = keras.Sequential([keras.Input((T, 3)), layers.Dense(C, activation="softmax")])
fill(m)
m.compile(optimizer=keras.optimizers.Adam(0.05), loss=keras.losses.CTC())
xs = np.cos(np.arange(2 * T * 3, dtype="float32").reshape(2, T, 3))
print("fit", logs4(m.fit(xs, labels, epochs=3, verbose=0)))
"""

SNIPPETS["categorical_focal_crossentropy_options"] = _TRY + """
yt = np.array([[0, 1, 0], [0, 0, 1], [1, 0, 0]], "float32")
yp = np.array([[0.1, 0.7, 0.2], [0.3, 0.3, 0.4], [0.05, 0.9, 0.05]], "float32")
L = keras.losses
print("default", r4(L.CategoricalFocalCrossentropy()(yt, yp)))
print("none", r4(L.CategoricalFocalCrossentropy(reduction=None)(yt, yp)))
for alpha, gamma in [(0.25, 0.0), (1.0, 2.0), (0.5, 5.0)]:
    print(alpha, gamma, r4(L.CategoricalFocalCrossentropy(alpha=alpha, gamma=gamma)(yt, yp)))
lg = np.log(yp) + 1.0
print("logits", r4(L.CategoricalFocalCrossentropy(from_logits=True)(yt, lg)))
print("smooth", r4(L.CategoricalFocalCrossentropy(label_smoothing=0.2)(yt, yp)))
print("smooth_logits", r4(L.CategoricalFocalCrossentropy(from_logits=True,
    label_smoothing=0.2)(yt, lg)))
print("fn", r4(L.categorical_focal_crossentropy(yt, yp, alpha=0.5, gamma=1.0)))
print("axis0", r4(L.CategoricalFocalCrossentropy(axis=0, reduction=None)(yt, yp)))
print("binary_focal", r4(L.BinaryFocalCrossentropy(apply_class_balancing=True, alpha=0.3,
    gamma=1.5)(
    yt, yp)))
print("binary_focal_logits_smooth", r4(L.BinaryFocalCrossentropy(from_logits=True,
    label_smoothing=0.1)(
    yt, lg)))
print("cfg", sorted(L.CategoricalFocalCrossentropy().get_config().items()))
"""

SNIPPETS["huber_logcosh_reductions_and_weights"] = _TRY + """
yt = np.array([[0.0, 1.0, 2.0], [1.0, 1.0, -1.0]], "float32")
yp = np.array([[0.5, 3.0, 2.0], [-1.0, 1.2, 0.0]], "float32")
sw_b = np.array([1.0, 0.5], "float32")
sw_e = np.array([[1.0, 0.0, 2.0], [0.5, 0.5, 0.5]], "float32")
for cls in [keras.losses.Huber, keras.losses.LogCosh, keras.losses.MeanAbsoluteError]:
    for red in ["sum_over_batch_size", "sum", "none", None, "mean", "mean_with_sample_weight"]:
        l = cls(reduction=red)
        print(cls.__name__, red, r4(l(yt, yp)), r4(l(yt, yp, sample_weight=sw_b)))
        tryp(" elementwise", lambda: r4(l(yt, yp, sample_weight=sw_e)))
print("huber_delta", r4(keras.losses.Huber(delta=0.5)(yt, yp)), r4(keras.losses.huber(yt, yp,
    delta=2.0)))
print("sw_col", r4(keras.losses.Huber()(yt, yp, sample_weight=sw_b[:, None])))
print("sw_zero", r4(keras.losses.LogCosh()(yt, yp, sample_weight=np.zeros(2, "float32"))))
unordered("red_bad", lambda: keras.losses.Huber(reduction="avg"))
tryp("sw_bad_shape", lambda: keras.losses.Huber()(yt, yp, sample_weight=np.ones(3, "float32")))
"""

SNIPPETS["crossentropy_logits_smoothing_combinations"] = _TRY + """
L = keras.losses
yb = np.array([[1.0], [0.0], [1.0]], "float32")
lb = np.array([[2.0], [-1.0], [-0.5]], "float32")
for fl in [False, True]:
    pred = lb if fl else 1 / (1 + np.exp(-lb))
    for ls in [0.0, 0.1, 0.5]:
        print("bce", fl, ls, r4(L.BinaryCrossentropy(from_logits=fl, label_smoothing=ls)(yb, pred)))
yc = np.array([[0, 1, 0], [1, 0, 0]], "float32")
lc = np.array([[1.0, 2.0, -1.0], [0.5, 0.5, 3.0]], "float32")
for fl in [False, True]:
    pred = lc if fl else np.exp(lc) / np.exp(lc).sum(-1, keepdims=True)
    for ls in [0.0, 0.2]:
        print("cce", fl, ls, r4(L.CategoricalCrossentropy(from_logits=fl, label_smoothing=ls)(yc,
    pred)))
print("cce_axis0", r4(L.CategoricalCrossentropy(axis=0, reduction=None)(yc.T,
    np.exp(lc.T) / np.exp(lc.T).sum(0))))
ys = np.array([1, 0], "int32")
print("scce_ignore", r4(L.SparseCategoricalCrossentropy(from_logits=True, ignore_class=0)(ys, lc)))
print("scce_ignore_none", r4(L.SparseCategoricalCrossentropy(from_logits=True, ignore_class=1,
    reduction=None)(ys, lc)))
print("unnormalized_probs", r4(L.CategoricalCrossentropy()(yc, np.array([[1.0, 2.0, 1.0], [2.0,
    1.0, 1.0]], "float32"))))
print("clipped_zero", r4(L.BinaryCrossentropy()(yb, np.array([[0.0], [1.0], [1.0]], "float32"))))
tryp("scce_bad_label", lambda: r4(L.SparseCategoricalCrossentropy()(np.array([5, 0]), lc)))
"""

SNIPPETS["regression_and_hinge_losses_edges"] = _TRY + """
L = keras.losses
yt = np.array([[0.0, 1.0], [1.0, 0.0]], "float32")
yp = np.array([[0.3, 0.6], [0.9, 0.2]], "float32")
for name in ["poisson", "kl_divergence", "cosine_similarity", "hinge", "squared_hinge",
             "categorical_hinge", "mean_squared_logarithmic_error",
             "mean_absolute_percentage_error"]:
    fn = L.get(name)
    print(name, r4(fn(yt, yp)), r4(fn(yt, -yp)) if name != "poisson" else "")
print("cos_axis0", r4(L.CosineSimilarity(axis=0)(yt, yp)))
print("hinge_pm", r4(L.Hinge()(yt * 2 - 1, yp)))
print("mape_zero", r4(L.MeanAbsolutePercentageError()(np.zeros((1, 2), "float32"), np.ones((1, 2),
    "float32"))))
print("kld_neg", r4(L.KLDivergence()(np.array([[0.5, -0.5]], "float32"), yp[:1])))
print("msle_neg", r4(L.MeanSquaredLogarithmicError()(yt, -yp)))
print("int_inputs", r4(L.MeanSquaredError()(np.array([[1, 2]]), np.array([[2, 4]]))))
print("rank_mismatch", r4(L.MeanSquaredError(reduction=None)(np.array([1.0, 2.0], "float32"),
    np.array([[1.0], [3.0]], "float32"))))
"""

SNIPPETS["losses_serialize_get_and_custom"] = _TRY + """
L = keras.losses
for obj in [L.Huber(delta=2.0), L.Tversky(), L.CategoricalFocalCrossentropy(gamma=3.0), L.CTC(),
    L.Dice()]:
    s = L.serialize(obj)
    back = L.deserialize(s)
    print(type(obj).__name__, s["class_name"], sorted(s["config"])[:4], type(back).__name__)
print(L.get("huber").__name__ if hasattr(L.get("huber"),
    "__name__") else type(L.get("huber")).__name__)
print(type(L.get({"class_name": "LogCosh", "config": {"name": "lc"}})).__name__)
tryp("get_bad", lambda: L.get("nope"))
@keras.saving.register_keras_serializable(package="p29")
def scaled_mae(y_true, y_pred):
    return keras.ops.mean(keras.ops.abs(y_true - y_pred), axis=-1) * 2.0
print(keras.saving.get_registered_name(scaled_mae))
tryp("get_registered", lambda: L.get("p29>scaled_mae") is scaled_mae)
print(r4(scaled_mae(np.ones((2, 2), "float32"), np.zeros((2, 2), "float32"))))
m = dense_model(loss=scaled_mae)
m.fit(X, Y, epochs=1, verbose=0)
m.save("m.keras")
r = keras.saving.load_model("m.keras")
print("loaded", r.loss.__name__ if hasattr(r.loss, "__name__") else type(r.loss).__name__,
      r4(r.evaluate(X, Y, verbose=0)))
"""

SNIPPETS["sample_weight_shapes_for_sequence_losses"] = _TRY + """
yt = (np.arange(2 * 3) % 2).reshape(2, 3).astype("int32")
yp = np.abs(np.sin(np.arange(2 * 3 * 2, dtype="float32").reshape(2, 3, 2))) + 0.1
yp = yp / yp.sum(-1, keepdims=True)
l = keras.losses.SparseCategoricalCrossentropy()
for sw in [None, np.array([1.0, 0.0], "float32"), np.array([[1.0, 0.0, 1.0], [0.5, 0.5, 0.5]],
    "float32"),
           np.array([[1.0], [2.0]], "float32")]:
    tryp("sw" + ("" if sw is None else str(sw.shape)), lambda: r4(l(yt, yp, sample_weight=sw)))
tryp("sw_3d", lambda: r4(l(yt, yp, sample_weight=np.ones((2, 3, 1), "float32"))))
tryp("sw_wrong", lambda: r4(l(yt, yp, sample_weight=np.ones((3,), "float32"))))
inp = keras.Input((3, 2))
m = keras.Model(inp, layers.Dense(2, activation="softmax")(inp))
fill(m)
m.compile(optimizer="sgd", loss="sparse_categorical_crossentropy", weighted_metrics=["accuracy"])
xs = np.cos(np.arange(12, dtype="float32").reshape(2, 3, 2))
print("fit_temporal", logs4(m.fit(xs, yt, sample_weight=np.array([[1.0, 0.0, 1.0], [1.0, 1.0, 0.0]],
    "float32"), epochs=1, verbose=0)))
print("eval_temporal", r4(m.evaluate(xs, yt, sample_weight=np.array([[1.0, 0.0, 1.0], [1.0, 1.0,
    0.0]],
    "float32"), verbose=0)))
"""
