"""kprobe38's metric and loss snippets: metrics over empty batches, all-zero sample
weights and NaNs, results before any update, config round trips of the less used ones,
and losses under each reduction with sample weights of several shapes (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe38.prelude import _TRY

SNIPPETS: dict[str, str] = {}

_RES = """
def res(label, make, *args, **kw):
    try:
        m = make()
        m.update_state(*args, **kw)
        print(label, r4(m.result()))
    except Exception as e:
        print(label, type(e).__name__, _cut(str(e)).splitlines()[0][:200] if str(e) else "")
"""

SNIPPETS["metrics_on_empty_batches"] = _TRY + _RES + """
e2 = np.zeros((0, 3), "float32")
e1 = np.zeros((0,), "float32")
res("acc", keras.metrics.Accuracy, e1, e1)
res("bin_acc", keras.metrics.BinaryAccuracy, e2, e2)
res("cat_acc", keras.metrics.CategoricalAccuracy, e2, e2)
res("mse", keras.metrics.MeanSquaredError, e2, e2)
res("mae", keras.metrics.MeanAbsoluteError, e2, e2)
res("auc", keras.metrics.AUC, e1, e1)
res("prec", keras.metrics.Precision, e1, e1)
res("recall", keras.metrics.Recall, e1, e1)
res("mean", keras.metrics.Mean, e1)
res("sum", keras.metrics.Sum, e1)
res("r2", keras.metrics.R2Score, e2, e2)
res("iou", lambda: keras.metrics.MeanIoU(num_classes=2), e1.astype("int32"), e1.astype("int32"))
res("topk", lambda: keras.metrics.TopKCategoricalAccuracy(k=2), e2, e2)
"""

SNIPPETS["metrics_with_zero_sample_weights"] = _TRY + _RES + """
yt = np.array([[0.0, 1.0], [1.0, 0.0]], "float32")
yp = np.array([[0.2, 0.8], [0.4, 0.6]], "float32")
w0 = np.zeros(2, "float32")
res("cat_acc", keras.metrics.CategoricalAccuracy, yt, yp, sample_weight=w0)
res("cce", keras.metrics.CategoricalCrossentropy, yt, yp, sample_weight=w0)
res("mse", keras.metrics.MeanSquaredError, yt, yp, sample_weight=w0)
res("auc", keras.metrics.AUC, yt, yp, sample_weight=np.zeros((2, 2), "float32"))
res("prec", keras.metrics.Precision, yt, yp, sample_weight=np.zeros((2, 2), "float32"))
res("mean", keras.metrics.Mean, np.array([1.0, 2.0]), sample_weight=w0)
res("mean_neg_w", keras.metrics.Mean, np.array([1.0, 2.0]), sample_weight=np.array([1.0, -1.0]))
res("cos", keras.metrics.CosineSimilarity, yt, yp, sample_weight=w0)
res("f1", lambda: keras.metrics.F1Score(threshold=0.5), yt, yp, sample_weight=w0)
res("r2", keras.metrics.R2Score, yt, yp, sample_weight=w0)
res("w_bad_shape", keras.metrics.MeanSquaredError, yt, yp, sample_weight=np.ones(3, "float32"))
"""

SNIPPETS["metrics_with_nans"] = _TRY + _RES + """
yt = np.array([[0.0, 1.0], [1.0, 0.0]], "float32")
yn = np.array([[np.nan, 0.8], [0.4, 0.6]], "float32")
res("mse", keras.metrics.MeanSquaredError, yt, yn)
res("bin_acc", keras.metrics.BinaryAccuracy, yt, yn)
res("cat_acc", keras.metrics.CategoricalAccuracy, yt, yn)
res("auc", keras.metrics.AUC, yt, yn)
res("prec", keras.metrics.Precision, yt, yn)
res("mean", keras.metrics.Mean, np.array([1.0, np.nan]))
res("max_nan_w", keras.metrics.Mean, np.array([1.0, 3.0]), sample_weight=np.array([np.nan, 1.0]))
res("log_cosh", keras.metrics.LogCoshError, yt, yn)
res("pearson", keras.metrics.PearsonCorrelation, yt, yn)
res("inf", keras.metrics.MeanAbsoluteError, yt, np.array([[np.inf, 0.0], [0.0, 0.0]], "float32"))
"""

SNIPPETS["metrics_result_before_update"] = _TRY + """
for make in (keras.metrics.Mean, keras.metrics.Sum, keras.metrics.Accuracy, keras.metrics.AUC,
             keras.metrics.Precision, keras.metrics.RootMeanSquaredError,
             lambda: keras.metrics.MeanIoU(num_classes=3),
             keras.metrics.PearsonCorrelation, keras.metrics.ConcordanceCorrelation,
             lambda: keras.metrics.PrecisionAtRecall(0.5), lambda: keras.metrics.SensitivityAtSpecificity(0.5),
             keras.metrics.Hinge):
    try:
        m = make()
        print(m.name, r4(m.result()), [v.name for v in m.variables][:4])
    except Exception as e:
        print(type(e).__name__, _cut(str(e))[:200])
"""

SNIPPETS["metric_configs_less_used"] = _TRY + """
for make in (lambda: keras.metrics.PearsonCorrelation(axis=0, name="p"),
             lambda: keras.metrics.ConcordanceCorrelation(axis=-1),
             lambda: keras.metrics.R2Score(class_aggregation="variance_weighted_average", num_regressors=1),
             lambda: keras.metrics.FBetaScore(average="micro", beta=0.5, threshold=0.3),
             lambda: keras.metrics.F1Score(average="weighted"),
             lambda: keras.metrics.BinaryIoU(target_class_ids=[1], threshold=0.3),
             lambda: keras.metrics.OneHotMeanIoU(num_classes=3, ignore_class=0),
             lambda: keras.metrics.SpecificityAtSensitivity(0.7, num_thresholds=50, class_id=1),
             lambda: keras.metrics.PrecisionAtRecall(0.2, num_thresholds=20),
             lambda: keras.metrics.CategoricalHinge(dtype="float64")):
    m = make()
    cfg = m.get_config()
    back = type(m).from_config(cfg)
    print(type(m).__name__, cfg, back.get_config() == cfg)
tryq("r2_agg", lambda: keras.metrics.R2Score(class_aggregation="median"))
tryq("r2_neg", lambda: keras.metrics.R2Score(num_regressors=-1))
tryq("fbeta_avg", lambda: keras.metrics.FBetaScore(average="samples"))
tryq("fbeta_beta", lambda: keras.metrics.FBetaScore(beta=0))
tryq("fbeta_thr", lambda: keras.metrics.FBetaScore(threshold=1.5))
"""

SNIPPETS["correlation_metrics_values"] = _TRY + _RES + """
yt = np.array([[1.0, 2.0, 3.0], [2.0, 2.0, 5.0]], "float32")
yp = np.array([[1.5, 2.0, 2.5], [3.0, 1.0, 4.0]], "float32")
res("pearson", keras.metrics.PearsonCorrelation, yt, yp)
res("pearson_ax0", lambda: keras.metrics.PearsonCorrelation(axis=0), yt, yp)
res("pearson_const", keras.metrics.PearsonCorrelation, np.ones((2, 3), "float32"), yp)
res("ccc", keras.metrics.ConcordanceCorrelation, yt, yp)
res("ccc_ax0", lambda: keras.metrics.ConcordanceCorrelation(axis=0), yt, yp)
res("ccc_w", keras.metrics.ConcordanceCorrelation, yt, yp, sample_weight=np.array([1.0, 0.0], "float32"))
show("fn_pearson", lambda: keras.metrics.pearson_correlation(yt, yp))
show("fn_ccc", lambda: keras.metrics.concordance_correlation(yt, yp, axis=0))
"""

SNIPPETS["loss_reductions_with_weight_shapes"] = _TRY + """
yt = np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]], "float32")
yp = np.array([[0.1, 0.7, 0.2], [0.3, 0.3, 0.4]], "float32")
for red in ("sum_over_batch_size", "sum", "mean", "mean_with_sample_weight", "none", None):
    for cls in (keras.losses.MeanSquaredError, keras.losses.CategoricalCrossentropy, keras.losses.Huber):
        loss = cls(reduction=red)
        for w in (None, np.array([2.0, 0.0], "float32"), np.array([[1.0], [0.5]], "float32"), np.float32(3.0)):
            show(f"{cls.__name__}.{red}.{None if w is None else np.shape(w)}", lambda: loss(yt, yp, sample_weight=w))
"""

SNIPPETS["loss_reduction_refusals_and_configs"] = _TRY + """
unordered("bad_red", lambda: keras.losses.MeanSquaredError(reduction="avg"))  # (a set of strings: its order varies by run)
unordered("bad_red_fn", lambda: keras.losses.Huber(reduction="auto"))
for red in ("sum", "mean_with_sample_weight", None):
    l = keras.losses.BinaryCrossentropy(reduction=red, from_logits=True)
    cfg = l.get_config()
    print(red, cfg["reduction"], keras.losses.BinaryCrossentropy.from_config(cfg).reduction)
l = keras.losses.MeanAbsoluteError(reduction="sum", name="mae_sum")
print(l.name, l.reduction, keras.losses.serialize(l)["config"]["reduction"])
yt = np.zeros((2, 3), "float32")
tryq("shape_mismatch", lambda: keras.losses.MeanSquaredError()(yt, np.zeros((3, 2), "float32")))
tryq("rank_mismatch", lambda: keras.losses.MeanSquaredError()(yt, np.zeros((2, 3, 1), "float32")))
tryq("w_mismatch", lambda: keras.losses.MeanSquaredError()(yt, yt, sample_weight=np.ones((3,), "float32")))
tryq("cce_class_mismatch", lambda: keras.losses.CategoricalCrossentropy()(yt, np.zeros((2, 4), "float32")))
tryq("scce_float_labels", lambda: keras.losses.SparseCategoricalCrossentropy()(np.array([0.5, 1.0]), np.full((2, 3), 1 / 3, "float32")))
"""

SNIPPETS["hinge_kl_poisson_cosine_edges"] = _TRY + """
yt = np.array([[0.0, 1.0], [1.0, 0.0]], "float32")
yp = np.array([[0.0, 0.0], [2.0, -1.0]], "float32")
for name in ("hinge", "squared_hinge", "categorical_hinge", "kl_divergence", "poisson", "log_cosh", "mean_squared_logarithmic_error", "mean_absolute_percentage_error"):
    fn = keras.losses.get(name)
    show(name, lambda: fn(yt, yp))
show("cos_zero", lambda: keras.losses.cosine_similarity(np.zeros((1, 2), "float32"), np.array([[1.0, 0.0]], "float32")))
show("cos_cls_zero", lambda: keras.losses.CosineSimilarity()(np.zeros((1, 2), "float32"), np.zeros((1, 2), "float32")))
show("cos_axis0", lambda: keras.losses.CosineSimilarity(axis=0)(yt, yp))
show("kl_neg", lambda: keras.losses.KLDivergence()(np.array([[0.5, -0.5]], "float32"), np.array([[0.5, 0.5]], "float32")))
show("poisson_zero_pred", lambda: keras.losses.Poisson()(np.array([[1.0]], "float32"), np.array([[0.0]], "float32")))
show("mape_zero_true", lambda: keras.losses.MeanAbsolutePercentageError()(np.zeros((1, 2), "float32"), np.ones((1, 2), "float32")))
"""

SNIPPETS["iou_family_edge_inputs"] = _TRY + _RES + """
res("binary_iou_all_neg", lambda: keras.metrics.BinaryIoU(), np.zeros(4, "float32"), np.zeros(4, "float32"))
res("binary_iou_t1", lambda: keras.metrics.BinaryIoU(target_class_ids=[1]), np.zeros(4, "float32"), np.zeros(4, "float32"))
res("iou_one_class", lambda: keras.metrics.IoU(num_classes=3, target_class_ids=[2]), np.array([0, 1]), np.array([0, 1]))
res("iou_out_of_range", lambda: keras.metrics.MeanIoU(num_classes=2), np.array([0, 5]), np.array([0, 1]))
res("iou_neg_label", lambda: keras.metrics.MeanIoU(num_classes=2), np.array([0, -1]), np.array([0, 1]))
res("onehot_iou", lambda: keras.metrics.OneHotIoU(num_classes=3, target_class_ids=[0, 2]), np.eye(3, dtype="float32"), np.eye(3, dtype="float32")[::-1])
res("onehot_mean_ignore", lambda: keras.metrics.OneHotMeanIoU(num_classes=3, ignore_class=1), np.eye(3, dtype="float32"), np.eye(3, dtype="float32"))
res("iou_sparse_pred", lambda: keras.metrics.MeanIoU(num_classes=3, sparse_y_pred=False), np.array([0, 2]), np.eye(3, dtype="float32")[[0, 1]])
tryq("iou_target_big", lambda: keras.metrics.IoU(num_classes=2, target_class_ids=[3]))
"""
