"""kprobe49's losses and metrics snippets: reductions and sample weights' shapes, the
segmentation and focal losses' options, CTC, metrics' states through updates, weights
and resets (AUC, F1/FBeta, the IoU family, R2Score)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe40.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["loss_reductions_with_sample_weight_shapes"] = _TRY + """
yt = np.array([[0.0, 1.0], [1.0, 1.0], [0.5, 0.0]], "float32")
yp = np.array([[0.2, 0.7], [0.9, 0.4], [0.1, 0.3]], "float32")
for red in ["none", "sum", "sum_over_batch_size", "mean", "mean_with_sample_weight", None]:
    for sw in [None, np.array([1.0, 0.0, 2.0]), np.array([[1.0, 0.5], [0.0, 1.0], [2.0, 2.0]]), np.array([[1.0], [0.0], [2.0]]), 2.0]:
        try:
            r = keras.losses.MeanSquaredError(reduction=red)(yt, yp, sample_weight=sw)
            print(red, None if sw is None else np.shape(sw), r4(r))
        except Exception as e:
            print(red, np.shape(sw), type(e).__name__, str(e)[:150])
unordered("bad red", lambda: keras.losses.MeanSquaredError(reduction="avg"))
"""

SNIPPETS["loss_reductions_on_3d_and_masks"] = _TRY + """
yt = np.sin(np.arange(2 * 3 * 2, dtype="float32")).reshape(2, 3, 2)
yp = np.cos(np.arange(2 * 3 * 2, dtype="float32")).reshape(2, 3, 2)
for red in ["none", "sum", "sum_over_batch_size", "mean_with_sample_weight"]:
    l = keras.losses.MeanAbsoluteError(reduction=red)
    print(red, r4(l(yt, yp)), r4(l(yt, yp, sample_weight=np.array([[1, 0, 1], [0, 0, 1]], "float32"))))
ypm = keras.ops.convert_to_tensor(yp)
try:
    ypm._keras_mask = keras.ops.convert_to_tensor(np.array([[1, 1, 0], [1, 0, 0]], bool))
    for red in ["sum_over_batch_size", "mean_with_sample_weight", "sum"]:
        print("mask", red, r4(keras.losses.MeanAbsoluteError(reduction=red)(yt, ypm)))
except Exception as e:
    print("mask", type(e).__name__)
"""

SNIPPETS["tversky_dice_options_and_configs"] = _TRY + """
yt = np.array([[[1.0, 0.0], [1.0, 1.0]], [[0.0, 0.0], [1.0, 0.0]]], "float32")
yp = np.array([[[0.9, 0.2], [0.6, 0.7]], [[0.1, 0.3], [0.8, 0.4]]], "float32")
for a, b in [(0.5, 0.5), (0.3, 0.7), (1.0, 0.0), (0.0, 0.0)]:
    print("tversky", a, b, r4(keras.losses.Tversky(alpha=a, beta=b, reduction="none")(yt, yp)), r4(keras.losses.tversky(yt, yp, a, b)))
print("dice", r4(keras.losses.Dice(reduction="none")(yt, yp)), r4(keras.losses.Dice(axis=(1, 2), reduction="none")(yt, yp)))
print("dice axis1", r4(keras.losses.Dice(axis=1, reduction="none")(yt, yp)))
tryq("dice fn", lambda: r4(keras.losses.dice(yt, yp)))
tryq("dice fn axis", lambda: r4(keras.losses.dice(yt, yp, axis=1)))
js("tcfg", lambda: keras.losses.Tversky(0.2, 0.8, axis=1).get_config())
js("dcfg", lambda: keras.losses.Dice(axis=(1, 2), name="d").get_config())
print(keras.losses.Tversky.from_config(keras.losses.Tversky(0.2, 0.8).get_config()).get_config()["alpha"])
"""

SNIPPETS["categorical_focal_and_binary_focal_options"] = _TRY + """
yt = np.array([[0, 1, 0], [1, 0, 0], [0, 0, 1]], "float32")
yp = np.array([[0.2, 0.7, 0.1], [0.5, 0.3, 0.2], [0.1, 0.1, 0.8]], "float32")
for kw in [{}, {"alpha": 0.5, "gamma": 0.0}, {"alpha": [0.25, 0.5, 0.25]}, {"from_logits": True}, {"label_smoothing": 0.2}, {"axis": 0}]:
    try:
        print("cf", kw, r4(keras.losses.CategoricalFocalCrossentropy(reduction="none", **kw)(yt, yp)))
    except Exception as e:
        print("cf", kw, type(e).__name__, str(e)[:150])
bt = np.array([[1.0, 0.0], [0.0, 1.0]], "float32")
bp = np.array([[0.8, 0.3], [0.4, 0.9]], "float32")
for kw in [{}, {"apply_class_balancing": True}, {"apply_class_balancing": True, "alpha": 0.75}, {"gamma": 0.0}, {"from_logits": True, "label_smoothing": 0.1}]:
    print("bf", kw, r4(keras.losses.BinaryFocalCrossentropy(reduction="none", **kw)(bt, bp)))
js("cfg", lambda: keras.losses.CategoricalFocalCrossentropy(alpha=0.3).get_config())
js("bcfg", lambda: keras.losses.BinaryFocalCrossentropy(apply_class_balancing=True).get_config())
"""

SNIPPETS["ctc_loss_class_reductions_and_lengths"] = _TRY + """
logits = np.log(np.array([[[0.6, 0.3, 0.1], [0.2, 0.5, 0.3], [0.1, 0.2, 0.7], [0.3, 0.3, 0.4]],
                          [[0.1, 0.8, 0.1], [0.7, 0.2, 0.1], [0.3, 0.4, 0.3], [0.25, 0.25, 0.5]]], "float32"))
labels = np.array([[1, 2], [1, 0]], "int32")
for red in ["none", "sum", "sum_over_batch_size"]:
    tryq(red, lambda: r4(keras.losses.CTC(reduction=red)(labels, logits)))
tryq("fn", lambda: r4(keras.losses.ctc(labels, logits)))
tryq("float labels", lambda: r4(keras.losses.CTC(reduction="none")(labels.astype("float32"), logits)))
tryq("sw", lambda: r4(keras.losses.CTC()(labels, logits, sample_weight=np.array([1.0, 0.0]))))
js("cfg", lambda: keras.losses.CTC().get_config())
tryq("rank2", lambda: keras.losses.CTC()(labels, logits[0]))
"""

SNIPPETS["regression_losses_edges_and_dtypes"] = _TRY + """
yt = np.array([[0.0, 2.0, -1.0], [1.0, 1.0, 3.0]], "float32")
yp = np.array([[0.5, 1.0, -1.0], [2.0, -1.0, 3.0]], "float32")
for name in ["Huber", "LogCosh", "MeanSquaredLogarithmicError", "MeanAbsolutePercentageError", "CosineSimilarity", "Poisson", "KLDivergence", "SquaredHinge", "Hinge", "CategoricalHinge"]:
    cls = getattr(keras.losses, name)
    try:
        print(name, r4(cls(reduction="none")(yt, yp)), r4(cls(reduction="sum")(yt.astype("float64"), yp)), keras.backend.standardize_dtype(cls()(yt.astype("float64"), yp.astype("float64")).dtype))
    except Exception as e:
        print(name, type(e).__name__, str(e)[:120])
print("huber delta", r4(keras.losses.Huber(delta=0.5, reduction="none")(yt, yp)))
print("cos axis0", r4(keras.losses.CosineSimilarity(axis=0, reduction="none")(yt, yp)))
print("int inputs", r4(keras.losses.MeanSquaredError()(np.array([[1, 2]]), np.array([[2, 4]]))))
"""

SNIPPETS["crossentropy_losses_axis_and_ignore_class"] = _TRY + """
yt = np.array([[1, 2, 0], [0, -1, 1]])
yp = np.sin(np.arange(2 * 3 * 3, dtype="float32")).reshape(2, 3, 3)
tryq("scce ignore", lambda: r4(keras.losses.SparseCategoricalCrossentropy(from_logits=True, ignore_class=-1, reduction="none")(yt, yp)))
tryq("scce ignore sum", lambda: r4(keras.losses.SparseCategoricalCrossentropy(from_logits=True, ignore_class=-1, reduction="sum_over_batch_size")(yt, yp)))
tryq("scce ignore 0", lambda: r4(keras.losses.SparseCategoricalCrossentropy(from_logits=True, ignore_class=0)(np.abs(yt), yp)))
tryq("scce axis", lambda: r4(keras.losses.SparseCategoricalCrossentropy(from_logits=True, axis=1, reduction="none")(np.array([[0, 2, 1], [1, 1, 0]]), yp)))
oh = np.eye(3, dtype="float32")[[[1, 2, 0], [0, 1, 1]]]
tryq("cce axis1", lambda: r4(keras.losses.CategoricalCrossentropy(from_logits=True, axis=1, reduction="none")(oh, yp)))
tryq("cce smooth", lambda: r4(keras.losses.CategoricalCrossentropy(label_smoothing=0.3, reduction="none")(oh, keras.ops.softmax(yp))))
tryq("bce smooth", lambda: r4(keras.losses.BinaryCrossentropy(label_smoothing=0.3, from_logits=True, reduction="none")(np.array([[1.0, 0.0]]), np.array([[2.0, -1.0]]))))
tryq("bce axis0", lambda: r4(keras.losses.BinaryCrossentropy(axis=0, reduction="none")(np.array([[1.0, 0.0], [0.0, 0.0]]), np.array([[0.8, 0.1], [0.3, 0.6]]))))
js("cfg", lambda: keras.losses.SparseCategoricalCrossentropy(ignore_class=2, axis=1).get_config())
"""

SNIPPETS["auc_num_thresholds_weights_and_reset"] = _TRY + """
yt = np.array([0, 0, 1, 1, 1, 0], "float32")
yp = np.array([0.1, 0.4, 0.35, 0.8, 0.95, 0.6], "float32")
sw = np.array([1.0, 2.0, 0.5, 1.0, 0.0, 1.0], "float32")
for nt in [3, 5, 200]:
    for curve in ["ROC", "PR"]:
        for summ in ["interpolation", "minoring", "majoring"]:
            m = keras.metrics.AUC(num_thresholds=nt, curve=curve, summation_method=summ)
            m.update_state(yt, yp, sample_weight=sw)
            print(nt, curve, summ, r4(m.result()))
m = keras.metrics.AUC(num_thresholds=4)
m.update_state(yt, yp)
print(r4(m.true_positives), r4(m.false_positives), r4(m.thresholds))
m.reset_state()
print(r4(m.true_positives), r4(m.result()))
tryq("nt1", lambda: keras.metrics.AUC(num_thresholds=1))
tryq("bad curve", lambda: keras.metrics.AUC(curve="XY"))
tryq("bad summ", lambda: keras.metrics.AUC(summation_method="x"))
"""

SNIPPETS["auc_multi_label_weights_and_label_weights"] = _TRY + """
yt = np.array([[0, 1], [1, 1], [1, 0], [0, 0]], "float32")
yp = np.array([[0.3, 0.6], [0.7, 0.8], [0.4, 0.2], [0.5, 0.1]], "float32")
for kw in [{"multi_label": True}, {"multi_label": True, "label_weights": [0.2, 0.8]}, {"multi_label": False}, {"multi_label": True, "num_labels": 2}, {"multi_label": True, "curve": "PR"}]:
    m = keras.metrics.AUC(num_thresholds=10, **kw)
    m.update_state(yt, yp)
    m.update_state(yt[:2], yp[:2], sample_weight=[[1.0, 0.0], [0.5, 0.5]])
    print(kw, r4(m.result()), tuple(m.true_positives.shape))
m = keras.metrics.AUC(from_logits=True, num_thresholds=5)
m.update_state(yt[:, 0], np.array([-1.0, 2.0, 0.5, -0.2]))
print("logits", r4(m.result()))
js("cfg", lambda: keras.metrics.AUC(num_thresholds=7, multi_label=True, label_weights=[1, 2]).get_config())
tryq("label_weights neg", lambda: keras.metrics.AUC(label_weights=[-1.0, 1.0]))
js("ser", lambda: keras.saving.serialize_keras_object(keras.metrics.AUC(label_weights=[0.5, 1.5], multi_label=True))["config"]["label_weights"])
tryq("deser", lambda: keras.saving.deserialize_keras_object(keras.saving.serialize_keras_object(keras.metrics.AUC(label_weights=[0.5, 1.5], multi_label=True))).label_weights)
"""

SNIPPETS["f1_fbeta_state_weights_and_reset"] = _TRY + """
yt = np.array([[1, 0, 1], [0, 1, 0], [1, 1, 0], [0, 0, 1]], "float32")
yp = np.array([[0.9, 0.2, 0.4], [0.1, 0.7, 0.6], [0.6, 0.4, 0.2], [0.3, 0.1, 0.8]], "float32")
for avg in [None, "micro", "macro", "weighted"]:
    m = keras.metrics.FBetaScore(average=avg, beta=0.5, threshold=0.5)
    m.update_state(yt, yp)
    r1 = m.result()
    m.update_state(yt, yp, sample_weight=np.array([1.0, 0.0, 2.0, 0.5]))
    print(avg, r4(r1), r4(m.result()), [v.path.split("/")[-1] for v in m.variables])
m = keras.metrics.F1Score()
m.update_state(yt, yp)
print("f1 no thr", r4(m.result()))
m.reset_state()
print("reset", r4(m.result()))
tryq("bad avg", lambda: keras.metrics.F1Score(average="samples"))
tryq("beta 0", lambda: keras.metrics.FBetaScore(beta=0))
tryq("thr 0", lambda: keras.metrics.FBetaScore(threshold=0.0))
tryq("rank1", lambda: keras.metrics.F1Score()(yt[0], yp[0]))
js("cfg", lambda: keras.metrics.FBetaScore(beta=2.0, average="macro", threshold=0.3).get_config())
"""

SNIPPETS["iou_family_weights_reset_and_configs"] = _TRY + """
yt = np.array([0, 1, 2, 2, 1, 0])
yp = np.array([0, 2, 2, 1, 1, 0])
sw = np.array([1.0, 0.5, 1.0, 0.0, 2.0, 1.0])
m = keras.metrics.MeanIoU(num_classes=3)
m.update_state(yt, yp, sample_weight=sw)
print("miou", r4(m.result()), r4(m.total_cm))
m.reset_state(); print("reset", r4(m.result()))
m = keras.metrics.IoU(num_classes=3, target_class_ids=[0, 2])
m.update_state(yt, yp); print("iou", r4(m.result()))
oh = np.eye(3, dtype="float32")[yt]; ph = np.eye(3, dtype="float32")[yp] * 0.8
m = keras.metrics.OneHotIoU(num_classes=3, target_class_ids=[1])
m.update_state(oh, ph); print("ohiou", r4(m.result()))
m = keras.metrics.OneHotMeanIoU(num_classes=3)
m.update_state(oh, ph, sample_weight=sw); print("ohmiou", r4(m.result()))
m = keras.metrics.BinaryIoU(target_class_ids=[0, 1], threshold=0.3)
m.update_state(np.array([0, 1, 1, 0]), np.array([0.2, 0.4, 0.9, 0.35])); print("biou", r4(m.result()))
m = keras.metrics.MeanIoU(num_classes=3, ignore_class=0, sparse_y_pred=False)
m.update_state(yt, ph); print("ignore dense", r4(m.result()))
js("cfg", lambda: keras.metrics.IoU(3, [1], ignore_class=2, sparse_y_true=False).get_config())
js("bcfg", lambda: keras.metrics.BinaryIoU(threshold=0.3).get_config())
tryq("ohiou cfg", lambda: sorted(keras.metrics.OneHotMeanIoU(3).get_config()))
"""

SNIPPETS["r2_score_weights_multioutput_and_errors"] = _TRY + """
yt = np.array([[1.0, 2.0], [2.0, 1.0], [3.0, 5.0], [4.0, 3.0]], "float32")
yp = np.array([[1.5, 2.0], [1.5, 1.5], [3.5, 4.0], [3.5, 3.5]], "float32")
for agg in ["uniform_average", "variance_weighted_average", None]:
    for nr in [0, 1]:
        m = keras.metrics.R2Score(class_aggregation=agg, num_regressors=nr)
        m.update_state(yt, yp)
        m.update_state(yt[:2], yp[:2], sample_weight=np.array([2.0, 0.5]))
        print(agg, nr, r4(m.result()))
tryq("bad agg", lambda: keras.metrics.R2Score(class_aggregation="mean"))
tryq("neg reg", lambda: keras.metrics.R2Score(num_regressors=-1))
m = keras.metrics.R2Score(num_regressors=3)
m.update_state(yt, yp)
tryq("too many reg", lambda: r4(m.result()))
tryq("1d", lambda: keras.metrics.R2Score()(np.array([1.0, 2.0, 3.0]), np.array([1.0, 2.5, 2.5])))
tryq("shape change", lambda: (m.update_state(yt[:, :1], yp[:, :1])))
js("cfg", lambda: keras.metrics.R2Score(num_regressors=2).get_config())
"""

SNIPPETS["confusion_metrics_thresholds_top_k_class_id"] = _TRY + """
yt = np.array([[1, 0, 1], [0, 1, 1], [1, 1, 0]], "float32")
yp = np.array([[0.9, 0.6, 0.2], [0.4, 0.7, 0.8], [0.5, 0.3, 0.1]], "float32")
for cls in [keras.metrics.Precision, keras.metrics.Recall, keras.metrics.TruePositives, keras.metrics.FalseNegatives]:
    for kw in [{}, {"thresholds": [0.3, 0.6]}, {"top_k": 1}, {"class_id": 2}, {"top_k": 2, "class_id": 1}]:
        try:
            m = cls(**kw)
            m.update_state(yt, yp, sample_weight=np.array([1.0, 2.0, 0.5]))
            print(cls.__name__, kw, r4(m.result()))
        except Exception as e:
            print(cls.__name__, kw, type(e).__name__, str(e)[:120])
tryq("tp topk", lambda: keras.metrics.TruePositives(top_k=1))
"""

SNIPPETS["at_sensitivity_specificity_metrics"] = _TRY + """
yt = np.array([0, 0, 1, 1, 1, 0, 1, 0], "float32")
yp = np.array([0.1, 0.4, 0.35, 0.8, 0.95, 0.6, 0.5, 0.2], "float32")
for cls, arg in [(keras.metrics.SensitivityAtSpecificity, 0.5), (keras.metrics.SpecificityAtSensitivity, 0.8), (keras.metrics.PrecisionAtRecall, 0.75), (keras.metrics.RecallAtPrecision, 0.6)]:
    for nt in [3, 200]:
        m = cls(arg, num_thresholds=nt)
        m.update_state(yt, yp)
        r1 = m.result()
        m.update_state(yt, yp, sample_weight=np.linspace(0, 1, 8))
        print(cls.__name__, nt, r4(r1), r4(m.result()))
    tryq(cls.__name__ + " bad", lambda: cls(1.5))
js("cfg", lambda: keras.metrics.PrecisionAtRecall(0.5, num_thresholds=10, class_id=1).get_config())
"""

SNIPPETS["mean_metrics_states_and_weights"] = _TRY + """
m = keras.metrics.Mean()
m.update_state([1.0, 2.0, 3.0], sample_weight=[1.0, 0.0, 2.0])
print(r4(m.result()), r4(m.total), r4(m.count))
m.update_state(np.array([[1.0, 2.0], [3.0, 4.0]]), sample_weight=np.array([1.0, 0.5]))
print(r4(m.result()), r4(m.total), r4(m.count))
m.reset_state(); print(r4(m.result()))
s = keras.metrics.Sum(); s.update_state([[1, 2], [3, 4]], sample_weight=[[1], [0]]); print("sum", r4(s.result()))


mm = keras.metrics.MeanMetricWrapper(keras.losses.mean_absolute_error, name="mae2")
mm.update_state([[1.0, 2.0]], [[2.0, 2.0]]); print("mmw", r4(mm.result()), mm.name)
acc = keras.metrics.Accuracy(); acc.update_state([1, 2, 3, 4], [1, 2, 0, 4], sample_weight=[1, 1, 2, 0]); print("acc", r4(acc.result()))
ba = keras.metrics.BinaryAccuracy(threshold=0.7); ba.update_state([[1], [0]], [[0.6], [0.8]]); print("ba", r4(ba.result()))
tk = keras.metrics.SparseTopKCategoricalAccuracy(k=2); tk.update_state([2, 0], [[0.1, 0.5, 0.4], [0.2, 0.3, 0.5]]); print("tk", r4(tk.result()))
"""
