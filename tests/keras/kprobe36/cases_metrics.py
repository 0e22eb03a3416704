"""kprobe36's snippets on metrics' less used options: AUC from logits with few thresholds,
explicit thresholds and each summation method; the at-recall/at-precision family with
class ids and weights; F1/FBeta averages given weights and thresholds; the IoU family
with ignore_class and dense predictions; R2Score's aggregations and regressors; the
confusion metrics' top_k/class_id/threshold lists with weights, and reset_state between
calls (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe35.prelude import _TRY

SNIPPETS: dict[str, str] = {}

_RES = """
def res(label, m, *calls):
    try:
        for args in calls:
            m.update_state(*args[:2], sample_weight=args[2] if len(args) > 2 else None)
        print(label, r4(m.result()))
    except Exception as e:
        print(label, type(e).__name__, (str(e).splitlines() or [""])[0][:200])
YT = np.array([0, 1, 1, 0, 1, 0], "float32")
YP = np.array([0.1, 0.8, 0.4, 0.6, 0.9, 0.3], "float32")
LG = np.array([-2.0, 1.5, -0.3, 0.4, 2.0, -1.0], "float32")
W = np.array([1.0, 2.0, 0.5, 1.0, 0.0, 3.0], "float32")
"""

_T = _TRY + _RES

SNIPPETS["auc_logits_thresholds_summations"] = _T + """
A = keras.metrics.AUC
res("logits", A(from_logits=True), (YT, LG))
res("logits3", A(num_thresholds=3, from_logits=True), (YT, LG))
for sm in ("interpolation", "minoring", "majoring"):
    res("roc_" + sm, A(num_thresholds=4, summation_method=sm), (YT, YP, W))
    res("pr_" + sm, A(num_thresholds=4, curve="PR", summation_method=sm), (YT, YP, W))
a = A(thresholds=[0.3, 0.5, 0.7])
print(a.num_thresholds, r4(a.thresholds))
res("explicit", a, (YT, YP))
tryp("bad_curve", lambda: A(curve="XY"))
tryp("bad_sum", lambda: A(summation_method="simpson"))
tryp("one_threshold", lambda: A(num_thresholds=1))
tryp("bad_threshold", lambda: A(thresholds=[1.5]))
yt2 = np.stack([YT, 1 - YT], axis=1)
yp2 = np.stack([YP, YP[::-1]], axis=1)
res("ml_pr", A(multi_label=True, curve="PR", num_thresholds=5), (yt2, yp2))
res("ml_logits", A(multi_label=True, from_logits=True), (yt2, np.stack([LG, -LG], axis=1)))
res("flat_2d", A(num_thresholds=5), (yt2, yp2, np.array([1.0, 2.0, 0.0, 1.0, 1.0, 1.0], "float32")))
"""

SNIPPETS["at_recall_at_precision_family_options"] = _T + """
M = keras.metrics
yt = np.array([[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 0, 0], [0, 1, 0]], "float32")
yp = np.array([[0.7, 0.2, 0.1], [0.3, 0.5, 0.2], [0.2, 0.2, 0.6], [0.4, 0.4, 0.2], [0.6, 0.3, 0.1]], "float32")
for cls, arg in ((M.PrecisionAtRecall, 0.5), (M.RecallAtPrecision, 0.8), (M.SensitivityAtSpecificity, 0.7), (M.SpecificityAtSensitivity, 0.6)):
    n = cls.__name__
    res(n, cls(arg), (YT, YP))
    res(n + "_w", cls(arg), (YT, YP, W))
    res(n + "_t5", cls(arg, num_thresholds=5), (YT, YP))
    res(n + "_cls1", cls(arg, class_id=1), (yt, yp))
    c = cls(arg, num_thresholds=7, class_id=2, name="x").get_config()
    print(" ", sorted(c.items()))
tryp("recall_bad", lambda: M.PrecisionAtRecall(1.5))
tryp("spec_bad", lambda: M.SensitivityAtSpecificity(-0.1))
tryp("prec_bad", lambda: M.RecallAtPrecision(2))
tryp("thr_bad", lambda: M.PrecisionAtRecall(0.5, num_thresholds=0))
"""

SNIPPETS["f1_fbeta_weights_and_thresholds"] = _T + """
M = keras.metrics
yt = np.array([[1, 0, 1], [0, 1, 0], [1, 1, 0], [0, 0, 1]], "float32")
yp = np.array([[0.9, 0.2, 0.4], [0.3, 0.7, 0.6], [0.6, 0.4, 0.1], [0.2, 0.1, 0.8]], "float32")
sw = np.array([1.0, 0.5, 2.0, 0.0], "float32")
for avg in (None, "micro", "macro", "weighted"):
    for thr in (None, 0.5, 0.35):
        res("f1_%s_%s" % (avg, thr), M.F1Score(average=avg, threshold=thr), (yt, yp, sw))
res("fb05", M.FBetaScore(average="macro", beta=0.5, threshold=0.5), (yt, yp))
res("fb3", M.FBetaScore(average="weighted", beta=3.0), (yt, yp, sw))
res("twice", M.F1Score(average="micro", threshold=0.5), (yt, yp), (yt[::-1], yp))
tryp("avg", lambda: M.F1Score(average="samples"))
tryp("beta", lambda: M.FBetaScore(beta=0.0))
tryp("thr", lambda: M.F1Score(threshold=1.5))
res("rank1", M.F1Score(), (np.array([1.0, 0.0]), np.array([0.8, 0.1])))
print(sorted(M.FBetaScore(average="micro", beta=2.0, threshold=0.4, dtype="float64").get_config().items()))
"""

SNIPPETS["iou_family_ignore_class_dense"] = _T + """
M = keras.metrics
yt = np.array([0, 1, 2, 2, 1, 0], "int32")
yp = np.array([0, 2, 2, 1, 1, 1], "int32")
res("iou", M.IoU(3, target_class_ids=[0, 2]), (yt, yp))
res("iou_ignore", M.IoU(3, target_class_ids=[1, 2], ignore_class=0), (yt, yp))
res("iou_w", M.IoU(3, target_class_ids=[1]), (yt, yp, np.array([1, 2, 0, 1, 3, 1], "float32")))
res("miou_ignore", M.MeanIoU(3, ignore_class=2), (yt, yp))
res("miou_never", M.MeanIoU(4), (yt, yp))
probs = np.eye(3, dtype="float32")[yp] * 0.7 + 0.1
res("iou_dense_pred", M.IoU(3, target_class_ids=[0, 1, 2], sparse_y_pred=False), (yt, probs))
onehot = np.eye(3, dtype="float32")[yt]
res("iou_dense_true", M.IoU(3, target_class_ids=[2], sparse_y_true=False), (onehot, yp))
res("onehot", M.OneHotIoU(3, target_class_ids=[0, 2]), (onehot, probs))
res("onehot_ignore", M.OneHotMeanIoU(3, ignore_class=1), (onehot, probs))
m = M.MeanIoU(3)
m.update_state(yt, yp)
print(np.asarray(m.total_cm).tolist())
m.reset_state()
print(np.asarray(m.total_cm).tolist(), r4(m.result()))
res("2d", M.MeanIoU(3), (yt.reshape(2, 3), yp.reshape(2, 3)))
tryp("bad_ids", lambda: M.IoU(3, target_class_ids=[]))
print(sorted(M.OneHotIoU(3, [1], ignore_class=0, axis=-1).get_config().items()))
"""

SNIPPETS["r2_score_aggregations_regressors"] = _T + """
M = keras.metrics
yt = np.array([[1.0, 2.0], [2.0, 1.0], [3.0, 5.0], [4.0, 3.0]], "float32")
yp = np.array([[1.5, 2.0], [2.0, 0.5], [2.5, 4.0], [4.5, 3.5]], "float32")
sw = np.array([1.0, 2.0, 0.5, 1.0], "float32")
for agg in (None, "uniform_average", "variance_weighted_average"):
    res("agg_%s" % agg, M.R2Score(class_aggregation=agg), (yt, yp))
    res("agg_w_%s" % agg, M.R2Score(class_aggregation=agg), (yt, yp, sw))
res("regr1", M.R2Score(num_regressors=1), (yt, yp))
res("regr2", M.R2Score(num_regressors=2), (yt, yp))
res("regr3", M.R2Score(num_regressors=3), (yt, yp))
res("const", M.R2Score(), (np.ones((3, 1), "float32"), np.array([[1.0], [2.0], [1.0]], "float32")))
res("rank1", M.R2Score(), (yt[:, 0], yp[:, 0]))
res("twice", M.R2Score(), (yt, yp), (yt * 2, yp))
tryp("bad_agg", lambda: M.R2Score(class_aggregation="sum"))
tryp("neg_regr", lambda: M.R2Score(num_regressors=-1))
print(sorted(M.R2Score(num_regressors=1).get_config().items()))
"""

SNIPPETS["confusion_metrics_weights_and_reset"] = _T + """
M = keras.metrics
yt = np.array([[0, 1, 1], [1, 0, 1]], "float32")
yp = np.array([[0.2, 0.7, 0.4], [0.9, 0.6, 0.3]], "float32")
res("prec_list", M.Precision(thresholds=[0.3, 0.5, 0.8]), (yt, yp))
res("rec_topk", M.Recall(top_k=1), (yt, yp))
res("prec_cls_w", M.Precision(class_id=2, thresholds=0.35), (yt, yp, np.array([1.0, 3.0], "float32")))
res("tp_list_w", M.TruePositives(thresholds=[0.1, 0.5]), (yt, yp, np.array([[1.0, 2.0, 3.0], [0.5, 0.5, 0.5]], "float32")))
res("fn_bcast_w", M.FalseNegatives(), (yt, yp, np.array([2.0], "float32")))
res("tn_row_w", M.TrueNegatives(), (yt, yp, np.array([[1.0], [4.0]], "float32")))
res("acc_w", M.BinaryAccuracy(threshold=0.65), (yt, yp, np.array([0.0, 1.0], "float32")))
res("cat_acc_w", M.CategoricalAccuracy(), (yt, yp, np.array([2.0, 1.0], "float32")))
res("topk_w", M.TopKCategoricalAccuracy(k=2), (yt, yp, np.array([1.0, 0.5], "float32")))
m = M.Precision(thresholds=[0.3, 0.5])
m.update_state(yt, yp)
print(r4(m.result()), [r4(v) for v in m.variables])
m.reset_state()
print(r4(m.result()), [r4(v) for v in m.variables])
m.update_state(yt[:1], yp[:1])
print(r4(m.result()))
mean = M.Mean()
tryp("mean_w_row", lambda: mean.update_state([1.0, 2.0, 3.0], sample_weight=[[1.0, 0.0, 2.0]]))
mean.update_state([[1.0, 2.0, 3.0]], sample_weight=[1.0])
mean.update_state([1.0, 2.0, 3.0], sample_weight=[1.0, 0.0, 2.0])
print(r4(mean.result()), r4(mean.total), r4(mean.count))
tryp("bad_w", lambda: M.Precision().update_state(yt, yp, sample_weight=np.ones((3,), "float32")))
"""

SNIPPETS["metrics_in_fit_with_sample_weight"] = _T + """
XC = np.linspace(-1, 1, 24, dtype="float32").reshape(8, 3)
YC = np.array([[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 0, 0], [0, 1, 0]], "float32")
SW = np.array([1.0, 2.0, 0.0, 1.0, 0.5, 1.0, 3.0, 1.0], "float32")
m = keras.Sequential([keras.Input((3,)), layers.Dense(3, activation="softmax")])
fill(m)
m.compile(keras.optimizers.SGD(0.2), "categorical_crossentropy",
          metrics=[keras.metrics.F1Score(average="macro"), keras.metrics.AUC(multi_label=True, num_labels=3, name="mauc"), keras.metrics.OneHotMeanIoU(3, name="ohm")],
          weighted_metrics=[keras.metrics.PrecisionAtRecall(0.5, name="par"), keras.metrics.R2Score(name="r2")])
h = m.fit(XC, YC, sample_weight=SW, epochs=2, batch_size=4, shuffle=False, verbose=0)
print(logs4(h))
print(r4(m.evaluate(XC, YC, sample_weight=SW, verbose=0, return_dict=True)))
print([x.name for x in m.metrics])
"""
