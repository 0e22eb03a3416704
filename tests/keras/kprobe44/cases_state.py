"""kprobe44's snippets on the state objects keep: each optimizer's variables (paths, shapes,
dtypes) once built, each metric's variables and its result before any update and after a
reset (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe44.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["optimizer_variables_once_built"] = _TRY + """
def opt_vars(label, make):
    try:
        keras.backend.clear_session()
        v = [keras.Variable(np.ones((2, 3), "float32"), name="w"), keras.Variable(np.ones((3,), "float32"), name="b")]
        o = make()
        o.build(v)
        print(label, o.name, len(o.variables), [(x.path, tuple(x.shape), x.dtype) for x in o.variables])
        o.apply([keras.ops.ones((2, 3)), keras.ops.ones((3,))], v)
        print("  after", int(o.iterations.numpy()), [round(float(np.asarray(x).sum()), 4) for x in v])
    except Exception as e:
        print(label, type(e).__name__, _cut(str(e))[:300])
opt_vars("sgd", lambda: keras.optimizers.SGD(momentum=0.9))
opt_vars("sgd_plain", lambda: keras.optimizers.SGD())
opt_vars("adam_ams", lambda: keras.optimizers.Adam(amsgrad=True))
opt_vars("adamw", lambda: keras.optimizers.AdamW())
opt_vars("adagrad", lambda: keras.optimizers.Adagrad())
opt_vars("adadelta", lambda: keras.optimizers.Adadelta())
opt_vars("rms_centered", lambda: keras.optimizers.RMSprop(centered=True, momentum=0.5))
opt_vars("nadam", lambda: keras.optimizers.Nadam())
opt_vars("adamax", lambda: keras.optimizers.Adamax())
opt_vars("ftrl", lambda: keras.optimizers.Ftrl())
opt_vars("lion", lambda: keras.optimizers.Lion())
opt_vars("lamb", lambda: keras.optimizers.Lamb())
opt_vars("adafactor", lambda: keras.optimizers.Adafactor())
opt_vars("ema", lambda: keras.optimizers.Adam(use_ema=True))
opt_vars("accum", lambda: keras.optimizers.SGD(gradient_accumulation_steps=2))
opt_vars("lso", lambda: keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD()))
opt_vars("muon", lambda: keras.optimizers.Muon())
opt_vars("sfadamw", lambda: keras.optimizers.ScheduleFreeAdamW())
"""

SNIPPETS["metric_variables_and_fresh_results"] = _TRY + """
def fresh(label, make):
    try:
        m = make()
        r0 = m.result()
        print(label, [(x.path, tuple(x.shape), x.dtype) for x in m.variables])
        print("  fresh", np.round(np.asarray(r0), 4).tolist() if not isinstance(r0, dict) else {k: np.asarray(v).tolist() for k, v in r0.items()})
        m.reset_state()
        r1 = m.result()
        print("  reset", np.round(np.asarray(r1), 4).tolist() if not isinstance(r1, dict) else sorted(r1))
    except Exception as e:
        print(label, type(e).__name__, _cut(str(e))[:300])
M = keras.metrics
fresh("auc", lambda: M.AUC(num_thresholds=3))
fresh("auc_multi", lambda: M.AUC(num_thresholds=3, multi_label=True, num_labels=2))
fresh("binacc", lambda: M.BinaryAccuracy())
fresh("biniou", lambda: M.BinaryIoU())
fresh("cc", lambda: M.ConcordanceCorrelation())
fresh("pc", lambda: M.PearsonCorrelation())
fresh("f1", lambda: M.F1Score())
fresh("f1_built", lambda: M.F1Score(average="macro"))
fresh("fn", lambda: M.FalseNegatives(thresholds=[0.3, 0.6]))
fresh("iou", lambda: M.IoU(num_classes=2, target_class_ids=[0]))
fresh("meaniou", lambda: M.MeanIoU(num_classes=3))
fresh("onehotiou", lambda: M.OneHotIoU(num_classes=2, target_class_ids=[1]))
fresh("mean", lambda: M.Mean())
fresh("sum", lambda: M.Sum())
fresh("mse", lambda: M.MeanSquaredError())
fresh("rmse", lambda: M.RootMeanSquaredError())
fresh("precision", lambda: M.Precision(thresholds=[0.2, 0.8]))
fresh("precision_topk", lambda: M.Precision(top_k=2))
fresh("p_at_r", lambda: M.PrecisionAtRecall(0.5, num_thresholds=3))
fresh("r_at_p", lambda: M.RecallAtPrecision(0.5, num_thresholds=3))
fresh("s_at_s", lambda: M.SensitivityAtSpecificity(0.5, num_thresholds=3))
fresh("sp_at_s", lambda: M.SpecificityAtSensitivity(0.5, num_thresholds=3))
fresh("r2", lambda: M.R2Score())
fresh("recall", lambda: M.Recall())
fresh("sca", lambda: M.SparseCategoricalAccuracy())
fresh("stopk", lambda: M.SparseTopKCategoricalAccuracy(k=2))
fresh("wrapper", lambda: M.MeanMetricWrapper(keras.losses.mean_absolute_error, name="w"))
"""
