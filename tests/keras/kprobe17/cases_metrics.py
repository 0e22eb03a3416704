"""kprobe17's snippets on losses and metrics: reductions and options of the less common
losses, AUC's curves and thresholds, Precision and Recall at thresholds, top_k and
class_id, the IoU family, top-k accuracies and the metrics' configs (see cases.py)."""

from tests.keras.kprobe17.prelude import _TRY

SNIPPETS = {}

SNIPPETS["losses_reduction_options_more"] = _TRY + """
yt = np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.2, 0.3, 0.5]], dtype="float32")
yp = np.array([[0.1, 0.8, 0.1], [0.3, 0.3, 0.4], [0.2, 0.2, 0.6]], dtype="float32")
sw = np.array([1.0, 0.0, 2.0], dtype="float32")
for cls in [keras.losses.KLDivergence, keras.losses.Poisson, keras.losses.CosineSimilarity,
            keras.losses.LogCosh, keras.losses.Hinge, keras.losses.SquaredHinge,
            keras.losses.CategoricalHinge, keras.losses.Huber, keras.losses.Dice,
            keras.losses.Tversky, keras.losses.MeanAbsolutePercentageError,
            keras.losses.MeanSquaredLogarithmicError]:
    row = []
    for red in ["sum_over_batch_size", "sum", "mean", "none", None, "mean_with_sample_weight"]:
        try:
            row.append(np.round(np.asarray(cls(reduction=red)(yt, yp, sample_weight=sw)),
                4).tolist())
        except Exception as e:
            row.append(type(e).__name__)
    print(cls.__name__, row)
unordered("bad_reduction", lambda: keras.losses.Huber(reduction="avg"))
tryp("cce_smooth", lambda: keras.losses.CategoricalCrossentropy(label_smoothing=0.2)(yt, yp))
tryp("cce_axis0", lambda: keras.losses.CategoricalCrossentropy(axis=0)(yt, yp))
tryp("bce_smooth", lambda: keras.losses.BinaryCrossentropy(label_smoothing=0.1,
    reduction="none")(yt, yp))
tryp("bfce", lambda: keras.losses.BinaryFocalCrossentropy(gamma=2.0, apply_class_balancing=True,
                                                          reduction="none")(yt, yp))
tryp("huber_delta", lambda: keras.losses.Huber(delta=0.1)(yt, yp))
print(keras.losses.Huber(delta=0.1, reduction="sum").get_config())
print(keras.losses.Tversky(alpha=0.3, beta=0.7).get_config())
"""

SNIPPETS["auc_curves_and_thresholds"] = _TRY + """
yt = np.array([0, 0, 1, 1, 1, 0, 1, 0], dtype="float32")
yp = np.array([0.1, 0.4, 0.35, 0.8, 0.65, 0.5, 0.9, 0.05], dtype="float32")
for kw in [{}, {"curve": "PR"}, {"num_thresholds": 5}, {"summation_method": "minoring"},
           {"summation_method": "majoring", "curve": "PR"}, {"thresholds": [0.3, 0.6]}]:
    a = keras.metrics.AUC(**kw)
    a.update_state(yt, yp)
    print(kw, round(float(a.result()), 6), len(a.thresholds), np.round(a.thresholds[:3],
        4).tolist())
lo = keras.metrics.AUC(from_logits=True)
lo.update_state(yt, np.log(yp / (1 - yp)))
print("logits", round(float(lo.result()), 6))
ml = keras.metrics.AUC(multi_label=True, num_labels=2)
ml.update_state(np.stack([yt, 1 - yt], 1), np.stack([yp, yp[::-1]], 1))
print("multi", round(float(ml.result()), 6))
lw = keras.metrics.AUC(multi_label=True, label_weights=[0.2, 0.8])
lw.update_state(np.stack([yt, 1 - yt], 1), np.stack([yp, yp[::-1]], 1))
print("label_weights", round(float(lw.result()), 6))
w = keras.metrics.AUC()
w.update_state(yt, yp, sample_weight=np.arange(8.0))
print("weighted", round(float(w.result()), 6))
print([(v.name, tuple(v.shape)) for v in w.variables])
cfg = keras.metrics.AUC(num_thresholds=3).get_config()
print(cfg)
tryp("bad_curve", lambda: keras.metrics.AUC(curve="XY"))
tryp("bad_thresholds", lambda: keras.metrics.AUC(num_thresholds=1))
"""

SNIPPETS["precision_recall_thresholds_top_k"] = _TRY + """
yt = np.array([[0, 1, 1, 0], [1, 0, 1, 1], [0, 0, 0, 1]], dtype="float32")
yp = np.array([[0.2, 0.7, 0.4, 0.9], [0.6, 0.1, 0.55, 0.3], [0.8, 0.2, 0.1, 0.75]], dtype="float32")
for kw in [{}, {"thresholds": 0.3}, {"thresholds": [0.3, 0.5, 0.7]}, {"top_k": 2}, {"class_id": 3},
           {"top_k": 1, "class_id": 0}]:
    for cls in [keras.metrics.Precision, keras.metrics.Recall]:
        m = cls(**kw)
        m.update_state(yt, yp)
        print(cls.__name__, kw, np.round(np.asarray(m.result()), 4).tolist(),
              [tuple(v.shape) for v in m.variables])
for cls, arg in [(keras.metrics.PrecisionAtRecall, 0.5), (keras.metrics.RecallAtPrecision, 0.6),
                 (keras.metrics.SensitivityAtSpecificity,
                     0.5), (keras.metrics.SpecificityAtSensitivity, 0.5)]:
    m = cls(arg, num_thresholds=10)
    m.update_state(yt.ravel(), yp.ravel())
    print(cls.__name__, round(float(m.result()), 4))
tryp("bad_threshold", lambda: keras.metrics.Precision(thresholds=1.5))
print(keras.metrics.Precision(thresholds=[0.3, 0.7], top_k=2).get_config())
"""

SNIPPETS["iou_family_results"] = _TRY + """
yt = np.array([0, 1, 2, 2, 1, 0, 2])
yp = np.array([0, 2, 2, 1, 1, 0, 0])
m = keras.metrics.MeanIoU(num_classes=3)
m.update_state(yt, yp)
print("mean_iou", round(float(m.result()), 6), m.total_cm.numpy().tolist())
m.update_state(yt, yp, sample_weight=[1, 2, 1, 0, 1, 1, 3])
print("weighted", round(float(m.result()), 6))
i = keras.metrics.IoU(num_classes=3, target_class_ids=[0, 2])
i.update_state(yt, yp)
print("iou", round(float(i.result()), 6))
ig = keras.metrics.MeanIoU(num_classes=3, ignore_class=0)
ig.update_state(yt, yp)
print("ignore", round(float(ig.result()), 6))
b = keras.metrics.BinaryIoU(target_class_ids=[0, 1], threshold=0.4)
b.update_state([0, 1, 1, 0], [0.3, 0.45, 0.2, 0.6])
print("binary", round(float(b.result()), 6))
oh = keras.metrics.OneHotIoU(num_classes=3, target_class_ids=[1])
oh.update_state(np.eye(3)[yt], np.eye(3)[yp] * 0.7)
print("one_hot", round(float(oh.result()), 6))
ohm = keras.metrics.OneHotMeanIoU(num_classes=3)
ohm.update_state(np.eye(3)[yt], np.eye(3)[yp])
print("one_hot_mean", round(float(ohm.result()), 6))
sp = keras.metrics.MeanIoU(num_classes=3, sparse_y_pred=False)
sp.update_state(yt, np.eye(3)[yp])
print("dense_pred", round(float(sp.result()), 6))
print(m.get_config())
print(i.get_config())
tryp("out_of_range", lambda: keras.metrics.MeanIoU(num_classes=2).update_state([0, 3], [1, 1]))
"""

SNIPPETS["top_k_and_accuracy_metrics"] = _TRY + """
yp = np.array([[0.1, 0.5, 0.4], [0.3, 0.3, 0.4], [0.6, 0.2, 0.2], [0.25, 0.25, 0.5]],
    dtype="float32")
ys = np.array([2, 0, 1, 1])
for k in [1, 2, 3]:
    t = keras.metrics.SparseTopKCategoricalAccuracy(k=k)
    t.update_state(ys, yp)
    c = keras.metrics.TopKCategoricalAccuracy(k=k)
    c.update_state(np.eye(3)[ys], yp, sample_weight=[1, 2, 0, 1])
    print(k, round(float(t.result()), 4), round(float(c.result()), 4))
sorted_ids = keras.metrics.SparseTopKCategoricalAccuracy(k=2, from_sorted_ids=True)
sorted_ids.update_state(ys, np.array([[1, 2], [0, 2], [0, 1], [2, 0]]))
print("sorted_ids", round(float(sorted_ids.result()), 4))
for cls, yt_ in [(keras.metrics.Accuracy, ys), (keras.metrics.SparseCategoricalAccuracy, ys),
                 (keras.metrics.CategoricalAccuracy, np.eye(3)[ys])]:
    a = cls()
    a.update_state(yt_, yp if cls is not keras.metrics.Accuracy else yp.argmax(1))
    print(cls.__name__, round(float(a.result()), 4), a.dtype)
ba = keras.metrics.BinaryAccuracy(threshold=0.3)
ba.update_state([[1], [0], [1]], [[0.35], [0.31], [0.2]])
print("binary", round(float(ba.result()), 4))
print(keras.metrics.SparseTopKCategoricalAccuracy(k=3).get_config())
print(keras.metrics.get("top_k_categorical_accuracy").__class__.__name__)
tryp("fn", lambda: keras.metrics.top_k_categorical_accuracy(np.eye(3)[ys], yp, k=1))
tryp("sparse_fn", lambda: keras.metrics.sparse_top_k_categorical_accuracy(ys, yp, k=2))
"""

SNIPPETS["score_metrics_and_configs"] = _TRY + """
yt = np.array([[1, 0, 1], [0, 1, 0], [1, 1, 0], [0, 0, 1]], dtype="float32")
yp = np.array([[0.9, 0.2, 0.6], [0.4, 0.7, 0.1], [0.6, 0.3, 0.2], [0.1, 0.4, 0.8]], dtype="float32")
for m in [keras.metrics.F1Score(), keras.metrics.F1Score(average="micro", threshold=0.5),
          keras.metrics.F1Score(average="macro"), keras.metrics.F1Score(average="weighted"),
          keras.metrics.FBetaScore(beta=2.0, threshold=0.35)]:
    m.update_state(yt, yp)
    print(m.name, np.round(np.asarray(m.result()), 4).tolist())
r2 = keras.metrics.R2Score()
r2.update_state(yt, yp)
print("r2", round(float(r2.result()), 4))
r2u = keras.metrics.R2Score(class_aggregation=None, num_regressors=1)
r2u.update_state(yt, yp)
print("r2_raw", np.round(np.asarray(r2u.result()), 4).tolist())
for m in [keras.metrics.MeanSquaredError(), keras.metrics.CosineSimilarity(axis=0),
          keras.metrics.LogCoshError(), keras.metrics.KLDivergence(), keras.metrics.Hinge(),
          keras.metrics.PearsonCorrelation(), keras.metrics.ConcordanceCorrelation()]:
    m.update_state(yt, yp)
    cfg = m.get_config()
    back = type(m).from_config(cfg)
    print(m.name, round(float(np.mean(np.asarray(m.result()))), 4), cfg, back.name)
tryp("bad_average", lambda: keras.metrics.F1Score(average="median"))
tryp("bad_beta", lambda: keras.metrics.FBetaScore(beta=0))
"""
