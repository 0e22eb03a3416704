"""Inputs and configurations shared by tf_golden.py (TensorFlow) and the tests (eagerflow)."""

import numpy as np

OPT_VARS = [[1.0, 2.0, -1.5], [[0.5, -0.25], [3.0, 0.0]]]
OPT_GRADS = [
    [[0.5, -1.0, 0.25], [[1.0, 2.0], [-0.5, 0.1]]],
    [[0.1, 0.3, -2.0], [[-1.0, 0.5], [0.0, 0.7]]],
    [[-0.4, 0.0, 1.5], [[0.2, -0.3], [1.2, -0.9]]],
]


def optimizer_and_variables(tf, case):
    """The case's optimizer (its learning rate a schedule where the case names one) and
    fresh float32 variables holding OPT_VARS, built with `tf`: eagerflow in the tests,
    TensorFlow in tf_golden.py, by the same code."""
    kwargs = dict(case["kwargs"])
    if "schedule" in case:
        s = case["schedule"]
        kwargs["learning_rate"] = getattr(tf.keras.optimizers.schedules, s[0])(**s[1])
    opt = getattr(tf.keras.optimizers, case["cls"])(**kwargs)
    return opt, [tf.Variable(np.array(v, np.float32)) for v in OPT_VARS]


_O = [
    ("sgd", "SGD", {"learning_rate": 0.1}),
    ("sgd_momentum", "SGD", {"learning_rate": 0.1, "momentum": 0.9}),
    ("sgd_nesterov", "SGD", {"learning_rate": 0.1, "momentum": 0.8, "nesterov": True}),
    ("adam", "Adam", {"learning_rate": 0.1}),
    ("adam_amsgrad", "Adam", {"learning_rate": 0.1, "amsgrad": True}),
    ("adam_betas", "Adam", {"learning_rate": 0.05, "beta_1": 0.5, "beta_2": 0.9,
                            "epsilon": 1e-3}),
    ("adamw", "AdamW", {"learning_rate": 0.1, "weight_decay": 0.1}),
    ("rmsprop", "RMSprop", {"learning_rate": 0.1}),
    ("rmsprop_momentum", "RMSprop", {"learning_rate": 0.1, "momentum": 0.5, "rho": 0.8}),
    ("rmsprop_centered", "RMSprop", {"learning_rate": 0.1, "centered": True}),
    ("rmsprop_all", "RMSprop", {"learning_rate": 0.05, "centered": True, "momentum": 0.9}),
    ("adagrad", "Adagrad", {"learning_rate": 0.1}),
    ("adadelta", "Adadelta", {"learning_rate": 1.0}),
    ("adamax", "Adamax", {"learning_rate": 0.1}),
    ("nadam", "Nadam", {"learning_rate": 0.1}),
    ("ftrl", "Ftrl", {"learning_rate": 0.1}),
    ("ftrl_reg", "Ftrl", {"learning_rate": 0.2, "l1_regularization_strength": 0.01,
                          "l2_regularization_strength": 0.1, "beta": 0.5,
                          "l2_shrinkage_regularization_strength": 0.05,
                          "learning_rate_power": -0.3}),
    ("sgd_clipnorm", "SGD", {"learning_rate": 0.1, "clipnorm": 0.5}),
    ("sgd_clipvalue", "SGD", {"learning_rate": 0.1, "clipvalue": 0.3}),
    ("sgd_global_clipnorm", "SGD", {"learning_rate": 0.1, "global_clipnorm": 1.0}),
    ("sgd_weight_decay", "SGD", {"learning_rate": 0.1, "weight_decay": 0.05}),
    ("adam_ema", "Adam", {"learning_rate": 0.1, "use_ema": True, "ema_momentum": 0.5,
                          "ema_overwrite_frequency": 2}),
]
OPTIMIZER_CASES = [{"id": i, "cls": c, "kwargs": k} for i, c, k in _O] + [
    {"id": "sgd_exp_schedule", "cls": "SGD", "kwargs": {},
     "schedule": ["ExponentialDecay", {"initial_learning_rate": 0.1, "decay_steps": 1,
                                       "decay_rate": 0.5}]},
    {"id": "rmsprop_staircase", "cls": "RMSprop", "kwargs": {},
     "schedule": ["ExponentialDecay", {"initial_learning_rate": 0.01, "decay_steps": 2,
                                       "decay_rate": 0.5, "staircase": True}]},
]

SCHEDULE_STEPS = [0, 1, 3, 5, 10, 17, 25, 100]
SCHEDULE_CASES = [
    {"id": "exp", "cls": "ExponentialDecay",
     "kwargs": {"initial_learning_rate": 0.1, "decay_steps": 10, "decay_rate": 0.9}},
    {"id": "exp_stair", "cls": "ExponentialDecay",
     "kwargs": {"initial_learning_rate": 0.1, "decay_steps": 10, "decay_rate": 0.9,
                "staircase": True}},
    {"id": "piecewise", "cls": "PiecewiseConstantDecay",
     "kwargs": {"boundaries": [3, 10], "values": [1.0, 0.5, 0.1]}},
    {"id": "poly", "cls": "PolynomialDecay",
     "kwargs": {"initial_learning_rate": 0.1, "decay_steps": 20, "end_learning_rate": 0.01,
                "power": 2.0}},
    {"id": "poly_cycle", "cls": "PolynomialDecay",
     "kwargs": {"initial_learning_rate": 0.1, "decay_steps": 8, "end_learning_rate": 0.01,
                "cycle": True}},
    {"id": "inverse", "cls": "InverseTimeDecay",
     "kwargs": {"initial_learning_rate": 0.1, "decay_steps": 5, "decay_rate": 0.5}},
    {"id": "inverse_stair", "cls": "InverseTimeDecay",
     "kwargs": {"initial_learning_rate": 0.1, "decay_steps": 5, "decay_rate": 0.5,
                "staircase": True}},
    {"id": "cosine", "cls": "CosineDecay",
     "kwargs": {"initial_learning_rate": 0.1, "decay_steps": 20, "alpha": 0.1}},
    {"id": "cosine_warmup", "cls": "CosineDecay",
     "kwargs": {"initial_learning_rate": 0.0, "decay_steps": 20, "warmup_target": 0.1,
                "warmup_steps": 5}},
    {"id": "cosine_restarts", "cls": "CosineDecayRestarts",
     "kwargs": {"initial_learning_rate": 0.1, "first_decay_steps": 4, "t_mul": 2.0,
                "m_mul": 0.8, "alpha": 0.05}},
    {"id": "cosine_restarts_t1", "cls": "CosineDecayRestarts",
     "kwargs": {"initial_learning_rate": 0.1, "first_decay_steps": 4, "t_mul": 1.0}},
]

_PROB_T = [[0, 1, 0], [0, 0, 1], [1, 0, 0], [0, 1, 0]]
_PROB_P = [[0.05, 0.9, 0.05], [0.1, 0.3, 0.6], [0.2, 0.5, 0.3], [0.0, 0.0, 1.0]]
_LOGITS = [[1.0, 2.0, 0.5], [0.1, -1.0, 3.0], [2.0, 2.0, -1.0], [-3.0, 0.0, 4.0]]
_SPARSE = [1, 2, 0, 1]
_BIN_T = [[0.0, 1.0], [1.0, 1.0], [0.0, 0.0], [1.0, 0.0]]
_BIN_P = [[0.1, 0.8], [0.6, 0.99], [0.4, 0.0], [0.7, 1.0]]
_BIN_LOGITS = [[-1.0, 2.0], [0.3, 4.0], [-0.5, -3.0], [1.5, -0.2]]
_REG_T = [[1.0, 2.0, 0.5], [0.0, -1.0, 3.0]]
_REG_P = [[1.5, 1.0, 0.5], [0.2, -0.5, 1.0]]
_POS_T = [[1.0, 2.0, 0.5], [0.0, 1.0, 3.0]]
_POS_P = [[1.5, 1.0, 0.7], [0.2, 0.5, 1.0]]
_SW = [1.0, 0.5, 0.0, 2.0]
_SW2 = [0.3, 2.0]

LOSS_CASES = []


def _loss(i, cls, t, p, sw=None, **kw):
    LOSS_CASES.append({"id": i, "cls": cls, "kwargs": kw, "y_true": t, "y_pred": p,
                       "sample_weight": sw})


_loss("bce_seed", "BinaryCrossentropy", [0.0, 0.0, 1.0, 1.0], [1.0, 1.0, 1.0, 0.0])
_loss("bce", "BinaryCrossentropy", _BIN_T, _BIN_P)
_loss("bce_sw", "BinaryCrossentropy", _BIN_T, _BIN_P, _SW)
_loss("bce_logits", "BinaryCrossentropy", _BIN_T, _BIN_LOGITS, from_logits=True)
_loss("bce_smooth", "BinaryCrossentropy", _BIN_T, _BIN_P, label_smoothing=0.2)
_loss("bce_none", "BinaryCrossentropy", _BIN_T, _BIN_P, reduction="none")
_loss("bce_sum", "BinaryCrossentropy", _BIN_T, _BIN_P, _SW, reduction="sum")
_loss("cce", "CategoricalCrossentropy", _PROB_T, _PROB_P)
_loss("cce_logits", "CategoricalCrossentropy", _PROB_T, _LOGITS, from_logits=True)
_loss("cce_smooth", "CategoricalCrossentropy", _PROB_T, _LOGITS, from_logits=True,
      label_smoothing=0.1)
_loss("cce_sw_none", "CategoricalCrossentropy", _PROB_T, _PROB_P, _SW, reduction="none")
_loss("scce", "SparseCategoricalCrossentropy", _SPARSE, _PROB_P)
_loss("scce_logits", "SparseCategoricalCrossentropy", _SPARSE, _LOGITS, from_logits=True)
_loss("scce_logits_sw", "SparseCategoricalCrossentropy", _SPARSE, _LOGITS, _SW,
      from_logits=True)
_loss("scce_col", "SparseCategoricalCrossentropy", [[1], [2], [0], [1]], _LOGITS,
      from_logits=True)
_loss("scce_ignore", "SparseCategoricalCrossentropy", [1, 2, 0, 1], _LOGITS, from_logits=True,
      ignore_class=0)
_loss("mse", "MeanSquaredError", _REG_T, _REG_P)
_loss("mse_sw", "MeanSquaredError", _REG_T, _REG_P, _SW2)
_loss("mse_sum", "MeanSquaredError", _REG_T, _REG_P, reduction="sum")
_loss("mae", "MeanAbsoluteError", _REG_T, _REG_P)
_loss("mape", "MeanAbsolutePercentageError", _REG_T, _REG_P)
_loss("msle", "MeanSquaredLogarithmicError", _POS_T, _POS_P)
_loss("huber", "Huber", _REG_T, _REG_P)
_loss("huber_delta", "Huber", _REG_T, _REG_P, _SW2, delta=0.6)
_loss("logcosh", "LogCosh", _REG_T, _REG_P)
_loss("kld", "KLDivergence", _PROB_T, _PROB_P)
_loss("poisson", "Poisson", _POS_T, _POS_P)
_loss("cosine", "CosineSimilarity", _REG_T, _REG_P)
_loss("cosine_axis0", "CosineSimilarity", _REG_T, _REG_P, axis=0)
_loss("hinge", "Hinge", _BIN_T, _BIN_LOGITS)
_loss("hinge_pm1", "Hinge", [[-1.0, 1.0], [1.0, -1.0]], [[0.3, 0.8], [-0.2, 0.4]])
_loss("squared_hinge", "SquaredHinge", _BIN_T, _BIN_LOGITS)
_loss("categorical_hinge", "CategoricalHinge", _PROB_T, _LOGITS)

METRIC_CASES = []


def _metric(i, cls, updates, **kw):
    METRIC_CASES.append({"id": i, "cls": cls, "kwargs": kw, "updates": updates})


def _u(*args, sw=None):
    return {"args": list(args), "sample_weight": sw}


_metric("mean", "Mean", [_u([0.0]), _u([5.0]), _u([8.0, 9.0])])
_metric("mean_sw", "Mean", [_u([1.0, 3.0, 5.0, 7.0], sw=[1.0, 0.0, 2.0, 0.5])])
_metric("mean_2d_sw", "Mean", [_u([[1.0, 2.0], [3.0, 4.0]], sw=[0.5, 2.0])])
_metric("sum", "Sum", [_u([1.0, 3.0]), _u([2.0], sw=[3.0])])
_metric("accuracy", "Accuracy", [_u([1, 2, 3, 4], [0, 2, 3, 4]), _u([0, 2, 3], [1, 2, 3])])
_metric("binary_accuracy", "BinaryAccuracy", [_u(_BIN_T, _BIN_P), _u(_BIN_T, _BIN_P, sw=_SW)])
_metric("binary_accuracy_thr", "BinaryAccuracy", [_u(_BIN_T, _BIN_P)], threshold=0.75)
_metric("categorical_accuracy", "CategoricalAccuracy",
        [_u(_PROB_T, _PROB_P), _u(_PROB_T, _LOGITS, sw=_SW)])
_metric("sparse_categorical_accuracy", "SparseCategoricalAccuracy",
        [_u(_SPARSE, _PROB_P), _u([[1], [2], [0], [1]], _LOGITS, sw=_SW)])
_metric("top_k", "TopKCategoricalAccuracy", [_u(_PROB_T, _LOGITS)], k=2)
_metric("sparse_top_k", "SparseTopKCategoricalAccuracy",
        [_u(_SPARSE, _LOGITS), _u(_SPARSE, _PROB_P, sw=_SW)], k=2)
_metric("mse", "MeanSquaredError", [_u(_REG_T, _REG_P), _u(_REG_T, _POS_P, sw=_SW2)])
_metric("rmse", "RootMeanSquaredError", [_u(_REG_T, _REG_P), _u(_REG_T, _POS_P, sw=_SW2)])
_metric("mae", "MeanAbsoluteError", [_u(_REG_T, _REG_P)])
_P_T = [0, 1, 1, 1, 0, 1, 0, 0]
_P_P = [0.6, 0.9, 0.2, 0.7, 0.1, 0.5, 0.45, 0.8]
_P_SW = [1.0, 2.0, 0.5, 1.0, 1.0, 0.0, 3.0, 1.0]
_metric("tp", "TruePositives", [_u(_P_T, _P_P), _u(_P_T, _P_P, sw=_P_SW)])
_metric("fp", "FalsePositives", [_u(_P_T, _P_P)], thresholds=[0.3, 0.5, 0.75])
_metric("tn", "TrueNegatives", [_u(_P_T, _P_P, sw=_P_SW)])
_metric("fn", "FalseNegatives", [_u(_P_T, _P_P)], thresholds=0.65)
_metric("precision", "Precision", [_u(_P_T, _P_P), _u(_P_T, _P_P, sw=_P_SW)])
_metric("precision_thr", "Precision", [_u(_P_T, _P_P)], thresholds=[0.2, 0.5, 0.8])
_metric("precision_topk", "Precision", [_u(_PROB_T, _PROB_P)], top_k=1)
_metric("precision_class", "Precision", [_u(_PROB_T, _PROB_P)], class_id=1)
_metric("recall", "Recall", [_u(_P_T, _P_P), _u(_P_T, _P_P, sw=_P_SW)])
_metric("recall_topk", "Recall", [_u(_PROB_T, _PROB_P)], top_k=2)
_metric("auc", "AUC", [_u(_P_T, _P_P), _u(_P_T, _P_P, sw=_P_SW)])
_metric("auc_pr", "AUC", [_u(_P_T, _P_P)], curve="PR")
_metric("auc_pr_minoring", "AUC", [_u(_P_T, _P_P)], curve="PR", summation_method="minoring")
_metric("auc_majoring", "AUC", [_u(_P_T, _P_P)], summation_method="majoring", num_thresholds=7)
_metric("auc_thresholds", "AUC", [_u(_P_T, _P_P)], thresholds=[0.25, 0.5, 0.75])
_metric("auc_multilabel", "AUC", [_u(_BIN_T, _BIN_P)], multi_label=True)
_metric("mean_iou", "MeanIoU", [_u([0, 0, 1, 1, 2], [0, 1, 0, 1, 1]),
                                _u([2, 2], [2, 0], sw=[1.0, 2.0])], num_classes=3)

# Keras 3's losses and metrics that Keras 2 lacked (issue #22)
_loss("bfce", "BinaryFocalCrossentropy", _BIN_T, _BIN_P)
_loss("bfce_balanced", "BinaryFocalCrossentropy", _BIN_T, _BIN_LOGITS, _SW,
      apply_class_balancing=True, alpha=0.3, gamma=1.5, from_logits=True)
_loss("bfce_smooth_none", "BinaryFocalCrossentropy", _BIN_T, _BIN_P, label_smoothing=0.2,
      reduction="none")
_loss("cfce", "CategoricalFocalCrossentropy", _PROB_T, _PROB_P)
_loss("cfce_logits", "CategoricalFocalCrossentropy", _PROB_T, _LOGITS, _SW, from_logits=True,
      alpha=0.5, gamma=1.0, label_smoothing=0.1)
_metric("precision_at_recall", "PrecisionAtRecall",
        [_u(_P_T, _P_P), _u(_P_T, _P_P, sw=_P_SW)], recall=0.5)
_metric("recall_at_precision", "RecallAtPrecision", [_u(_P_T, _P_P)], precision=0.6,
        num_thresholds=11)
_metric("sensitivity_at_specificity", "SensitivityAtSpecificity",
        [_u(_P_T, _P_P, sw=_P_SW)], specificity=0.7)
_metric("specificity_at_sensitivity", "SpecificityAtSensitivity",
        [_u(_PROB_T, _PROB_P)], sensitivity=0.4, class_id=2)
_metric("iou", "IoU", [_u([0, 0, 1, 1, 2], [0, 1, 0, 1, 1])], num_classes=3,
        target_class_ids=[0, 2])
_metric("iou_ignore", "IoU", [_u([0, 0, 1, 1, 2], [0, 1, 0, 1, 1], sw=[1.0, 2.0, 1.0, 3.0, 1.0])],
        num_classes=3, target_class_ids=[1], ignore_class=0)
_metric("binary_iou", "BinaryIoU", [_u([0, 1, 0, 1], [0.1, 0.2, 0.4, 0.7])], threshold=0.3)
_metric("onehot_iou", "OneHotIoU", [_u(_PROB_T, _PROB_P)], num_classes=3,
        target_class_ids=[0, 2])
_metric("onehot_mean_iou", "OneHotMeanIoU", [_u(_PROB_T, _PROB_P)], num_classes=3)
_metric("f1", "F1Score", [_u(_PROB_T, _PROB_P), _u(_PROB_T, _LOGITS)])
_metric("f1_macro_thr", "F1Score", [_u(_PROB_T, _PROB_P, sw=_SW)], average="macro",
        threshold=0.25)
_metric("f1_micro", "F1Score", [_u(_PROB_T, _PROB_P)], average="micro")
_metric("fbeta_weighted", "FBetaScore", [_u(_PROB_T, _PROB_P)], average="weighted", beta=2.0)
_metric("r2", "R2Score", [_u(_REG_T, _REG_P), _u(_REG_T, _POS_P)])
_metric("r2_weighted_adjusted", "R2Score", [_u(_REG_T, _REG_P, sw=_SW2)],
        class_aggregation="variance_weighted_average", num_regressors=0)
_metric("r2_raw", "R2Score", [_u(_POS_T, _POS_P)], class_aggregation=None)
