"""Uses of tf.compat.v1.metrics, written once for both implementations: each `program(tf)`
builds metrics in a TF 1 Graph, initializes their local variables in a Session, runs the
update ops over a few fed batches and returns what a user sees (the value and update
tensors' names, the metric variables' names, shapes and dtypes, the collections, the
values after each batch and at the end, errors) as JSON-able values.
record_metrics_golden.py runs them with TensorFlow 2.21, test_v1_metrics.py with
eagerflow, and compares.
"""

from __future__ import annotations

import logging

import numpy as np

RNG = np.random.RandomState(7)
# three batches of six binary labels, scores in [0, 1] and weights
LABELS = RNG.randint(0, 2, size=(3, 6)).astype(np.int64)
SCORES = RNG.uniform(size=(3, 6)).astype(np.float32)
WEIGHTS = RNG.uniform(0.5, 2.0, size=(3, 6)).astype(np.float32)
# three batches of five class labels and predictions in [0, 4)
CLASSES = RNG.randint(0, 4, size=(3, 5)).astype(np.int64)
PREDICTED = RNG.randint(0, 4, size=(3, 5)).astype(np.int64)
# three batches of four rows of logits over five classes, and each row's labels
LOGITS = RNG.uniform(size=(3, 4, 5)).astype(np.float32)
TOP_LABELS = RNG.randint(0, 5, size=(3, 4)).astype(np.int64)
MULTI_LABELS = RNG.randint(0, 5, size=(3, 4, 2)).astype(np.int64)
REGRESS = RNG.normal(size=(2, 3, 4)).astype(np.float32)


def _err(e: BaseException) -> list:
    lines = (getattr(e, "message", None) or str(e)).split("\n")
    if lines[0] == "Graph execution error:":  # TF's first line of a Session's error
        lines = lines[2:]
    if lines[0].startswith("Detected at node"):  # (the node's definition: each side's own)
        lines = lines[[i for i, x in enumerate(lines) if x.startswith("Node: ")][0] + 1:]
    return [type(e).__name__, lines[0]]


def _val(a) -> dict:
    a = np.asarray(a)
    return {"dtype": str(a.dtype), "shape": list(a.shape), "value": a.ravel().tolist()}


class _Logs(logging.Handler):
    """The "tensorflow" logger's lines while it is installed (TF's deprecation notices)."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list = []
        self._logger = logging.getLogger("tensorflow")

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if text.startswith("From "):  # the caller's file and line are each side's own
            text = "From FILE:" + text.split(": ", 1)[1]
        self.lines.append(text)

    def __enter__(self) -> _Logs:
        self._logger.addHandler(self)
        return self

    def __exit__(self, *exc) -> None:
        self._logger.removeHandler(self)


def _run(tf, build, feeds: list, placeholders: list) -> dict:
    """Builds `build(*placeholders)` in a new Graph, then runs its update op once per feed
    and its value at the end."""
    v1 = tf.compat.v1
    out: dict = {}
    g = tf.Graph()
    with g.as_default():
        phs = [v1.placeholder(dtype, shape) for dtype, shape in placeholders]
        with _Logs() as logs:
            try:
                value, update = build(*phs)
            except Exception as e:  # noqa: BLE001 - the error is the result
                return {"error": _err(e), "logs": logs.lines}
        out["logs"] = logs.lines
        out["names"] = [value.name, update.name]
        out["shapes"] = [value.shape.as_list(), update.shape.as_list()]
        out["local"] = [[v.name, v.shape.as_list(), v.dtype.name]
                        for v in v1.local_variables()]
        out["metric"] = [v.name for v in v1.get_collection(v1.GraphKeys.METRIC_VARIABLES)]
        out["global"] = [v.name for v in v1.global_variables()]
        out["collections"] = {k: [t.name for t in v1.get_collection(k)] for k in ("mc", "uc")}
        with v1.Session(graph=g) as sess:
            sess.run(v1.local_variables_initializer())
            out["initial"] = _val(sess.run(value))
            steps = []
            for feed in feeds:
                try:
                    steps.append(_val(sess.run(update, dict(zip(phs, feed)))))
                except Exception as e:  # noqa: BLE001 - the error is the result
                    steps.append(_err(e))
            out["steps"] = steps
            out["value"] = _val(sess.run(value))
    return out


def _binary(weighted: bool, scores: bool = False) -> tuple:
    """Feeds and placeholders of labels, predictions (scores or 0/1) and maybe weights."""
    preds = SCORES if scores else (SCORES > 0.5).astype(np.int64)
    feeds = [[LABELS[i], preds[i]] + ([WEIGHTS[i]] if weighted else []) for i in range(3)]
    pdt = "float32" if scores else "int64"
    phs = [("int64", [6]), (pdt, [6])] + ([("float32", [6])] if weighted else [])
    return feeds, phs


def mean_family(tf) -> dict:
    m = tf.compat.v1.metrics
    vals = [np.asarray(x, np.float32) for x in ([1, 2, 3, 4], [5, 6, 7, 8], [0, 0, 1, 0])]
    w = [np.asarray(x, np.float32) for x in ([1, 0, 2, 1], [0.5, 0.5, 0, 0], [1, 1, 1, 1])]
    out = {}
    out["mean"] = _run(tf, lambda v: m.mean(v), [[x] for x in vals], [("float32", [4])])
    out["mean_weighted"] = _run(tf, lambda v, ww: m.mean(v, ww, ["mc"], ["uc"]),
                                [list(p) for p in zip(vals, w)],
                                [("float32", [4]), ("float32", [4])])
    out["mean_named"] = _run(tf, lambda v: m.mean(v, 2.0, name="avg"),
                             [[x] for x in vals], [("float32", [4])])
    out["mean_weights_column"] = _run(
        tf, lambda v, ww: m.mean(v, ww), [[x, y[:, None]] for x, y in zip(vals, w)],
        [("float32", [4]), ("float32", [4, 1])])
    out["mean_int_values"] = _run(tf, lambda v: m.mean(v), [[x.astype(np.int32)] for x in vals],
                                  [("int32", [4])])
    out["mean_bad_weights"] = _run(tf, lambda v, ww: m.mean(v, ww), [],
                                   [("float32", [4]), ("float32", [3])])
    t = [REGRESS[0], REGRESS[1]]
    out["mean_tensor"] = _run(tf, lambda v: m.mean_tensor(v), [[x] for x in t],
                              [("float32", [3, 4])])
    out["mean_tensor_weighted"] = _run(
        tf, lambda v, ww: m.mean_tensor(v, ww, name="mt"),
        [[t[0], np.asarray([[1], [0], [2]], np.float32)],
         [t[1], np.asarray([[1], [1], [0]], np.float32)]],
        [("float32", [3, 4]), ("float32", [3, 1])])
    out["percentage_below"] = _run(tf, lambda v: m.percentage_below(v, 0.0),
                                   [[x.ravel()] for x in t], [("float32", [12])])
    return out


def accuracy_family(tf) -> dict:
    m = tf.compat.v1.metrics
    out = {}
    feeds, phs = _binary(False)
    out["accuracy"] = _run(tf, lambda y, p: m.accuracy(y, p), feeds, phs)
    feeds, phs = _binary(True)
    out["accuracy_weighted"] = _run(tf, lambda y, p, w: m.accuracy(y, p, w, ["mc"], ["uc"]),
                                    feeds, phs)
    out["accuracy_column_labels"] = _run(
        tf, lambda y, p: m.accuracy(y, p, name="acc"),
        [[CLASSES[i][:, None], PREDICTED[i]] for i in range(3)],
        [("int64", [5, 1]), ("int64", [5])])
    out["accuracy_float_predictions"] = _run(
        tf, lambda y, p: m.accuracy(y, p),
        [[CLASSES[i], PREDICTED[i].astype(np.float32)] for i in range(3)],
        [("int64", [5]), ("float32", [5])])
    out["accuracy_mismatch"] = _run(tf, lambda y, p: m.accuracy(y, p), [],
                                    [("int64", [5]), ("int64", [4])])
    out["mean_per_class_accuracy"] = _run(
        tf, lambda y, p: m.mean_per_class_accuracy(y, p, 4),
        [[CLASSES[i], PREDICTED[i]] for i in range(3)], [("int64", [5]), ("int64", [5])])
    out["mean_per_class_accuracy_weighted"] = _run(
        tf, lambda y, p, w: m.mean_per_class_accuracy(y, p, 4, w, ["mc"], ["uc"]),
        [[CLASSES[i], PREDICTED[i], WEIGHTS[i][:5]] for i in range(3)],
        [("int64", [5]), ("int64", [5]), ("float32", [5])])
    out["mean_iou"] = _run(tf, lambda y, p: m.mean_iou(y, p, 4),
                           [[CLASSES[i], PREDICTED[i]] for i in range(3)],
                           [("int64", [5]), ("int64", [5])])
    out["mean_iou_weighted"] = _run(
        tf, lambda y, p, w: m.mean_iou(y, p, 5, w, ["mc"], ["uc"], name="iou"),
        [[CLASSES[i].reshape(1, 5), PREDICTED[i].reshape(1, 5), WEIGHTS[i][:5].reshape(1, 5)]
         for i in range(3)], [("int64", [1, 5]), ("int64", [1, 5]), ("float32", [1, 5])])
    return out


def counts_family(tf) -> dict:
    m = tf.compat.v1.metrics
    out = {}
    for name in ("true_positives", "false_positives", "true_negatives", "false_negatives",
                 "precision", "recall"):
        fn = getattr(m, name)
        feeds, phs = _binary(False)
        out[name] = _run(tf, lambda y, p, fn=fn: fn(y, p), feeds, phs)
        feeds, phs = _binary(True)
        out[name + "_weighted"] = _run(tf, lambda y, p, w, fn=fn: fn(y, p, w, ["mc"], ["uc"]),
                                       feeds, phs)
    out["precision_nothing_predicted"] = _run(
        tf, lambda y, p: m.precision(y, p, name="p0"),
        [[LABELS[0], np.zeros(6, np.int64)]], [("int64", [6]), ("int64", [6])])
    out["recall_bad_weights_rank"] = _run(
        tf, lambda y, p, w: m.recall(y, p, w), [[LABELS[0], LABELS[1], np.ones((2, 3))]],
        [("int64", [6]), ("int64", [6]), ("float32", None)])
    thresholds = [0.25, 0.5, 0.75]
    for name in ("true_positives_at_thresholds", "false_positives_at_thresholds",
                 "true_negatives_at_thresholds", "false_negatives_at_thresholds",
                 "precision_at_thresholds", "recall_at_thresholds"):
        fn = getattr(m, name)
        feeds, phs = _binary(False, scores=True)
        out[name] = _run(tf, lambda y, p, fn=fn: fn(y, p, thresholds), feeds, phs)
        feeds, phs = _binary(True, scores=True)
        out[name + "_weighted"] = _run(
            tf, lambda y, p, w, fn=fn: fn(y, p, thresholds, w, ["mc"], ["uc"]), feeds, phs)
    feeds, phs = _binary(False, scores=True)
    out["scores_out_of_range"] = _run(
        tf, lambda y, p: m.precision_at_thresholds(y, p, [0.5]),
        [[LABELS[0], SCORES[0] * 2.0]], phs)
    return out


def auc_family(tf) -> dict:
    m = tf.compat.v1.metrics
    out = {}
    settings = {"roc": {}, "roc_minoring": {"summation_method": "minoring"},
                "roc_majoring": {"summation_method": "majoring", "num_thresholds": 7},
                "pr_careful": {"curve": "PR", "summation_method": "careful_interpolation"},
                "pr_trapezoidal": {"curve": "PR"},
                "pr_minoring": {"curve": "PR", "summation_method": "minoring"},
                "thresholds": {"thresholds": [0.7, 0.2, 0.5], "name": "auc_t"},
                "bad_curve": {"curve": "XY"},
                "bad_summation": {"summation_method": "simpson"}}
    for key, kwargs in settings.items():
        feeds, phs = _binary(False, scores=True)
        out[key] = _run(tf, lambda y, p, kw=kwargs: m.auc(y, p, **kw), feeds, phs)
    feeds, phs = _binary(True, scores=True)
    out["weighted"] = _run(tf, lambda y, p, w: m.auc(y, p, w, 9, ["mc"], ["uc"]), feeds, phs)
    for name, arg in (("sensitivity_at_specificity", 0.6), ("specificity_at_sensitivity", 0.4)):
        fn = getattr(m, name)
        feeds, phs = _binary(False, scores=True)
        out[name] = _run(tf, lambda y, p, fn=fn, a=arg: fn(y, p, a), feeds, phs)
        feeds, phs = _binary(True, scores=True)
        out[name + "_weighted"] = _run(
            tf, lambda y, p, w, fn=fn, a=arg: fn(y, p, a, w, 11, ["mc"], ["uc"]), feeds, phs)
        out[name + "_out_of_range"] = _run(tf, lambda y, p, fn=fn: fn(y, p, 1.5), [], phs[:2])
    return out


def regression_family(tf) -> dict:
    m = tf.compat.v1.metrics
    out = {}
    a, b = REGRESS[0], REGRESS[1]
    feeds = [[a, b], [b, a * 0.5]]
    phs = [("float32", [3, 4]), ("float32", [3, 4])]
    for name in ("mean_absolute_error", "mean_squared_error", "root_mean_squared_error"):
        fn = getattr(m, name)
        out[name] = _run(tf, lambda y, p, fn=fn: fn(y, p), feeds, phs)
        out[name + "_weighted"] = _run(
            tf, lambda y, p, w, fn=fn: fn(y, p, w, ["mc"], ["uc"]),
            [f + [np.asarray([1, 2, 0], np.float32)[:, None]] for f in feeds],
            phs + [("float32", [3, 1])])
    out["mean_relative_error"] = _run(
        tf, lambda y, p, n: m.mean_relative_error(y, p, n),
        [[a, b, np.where(np.abs(a) > 0.5, a, 0).astype(np.float32)], [b, a, b]],
        phs + phs[:1])
    unit = a / np.linalg.norm(a, axis=1, keepdims=True)
    other = b / np.linalg.norm(b, axis=1, keepdims=True)
    out["mean_cosine_distance"] = _run(
        tf, lambda y, p: m.mean_cosine_distance(y, p, 1), [[unit, other], [other, other]], phs)
    out["mean_cosine_distance_weighted"] = _run(
        tf, lambda y, p, w: m.mean_cosine_distance(y, p, 1, w, ["mc"], ["uc"]),
        [[unit, other, np.asarray([[1], [0], [2]], np.float32)]], phs + [("float32", [3, 1])])
    out["mse_mismatch"] = _run(tf, lambda y, p: m.mean_squared_error(y, p), [],
                               [("float32", [3, 4]), ("float32", [4, 3])])
    return out


def at_k_family(tf) -> dict:
    m = tf.compat.v1.metrics
    out = {}
    phs = [("int64", [4]), ("float32", [4, 5])]
    feeds = [[TOP_LABELS[i], LOGITS[i]] for i in range(3)]
    multi_phs = [("int64", [4, 2]), ("float32", [4, 5])]
    multi = [[MULTI_LABELS[i], LOGITS[i]] for i in range(3)]
    for name in ("recall_at_k", "precision_at_k", "sparse_precision_at_k"):
        fn = getattr(m, name)
        out[name] = _run(tf, lambda y, p, fn=fn: fn(y, p, 2), feeds, phs)
        out[name + "_multi"] = _run(tf, lambda y, p, fn=fn: fn(y, p, 3), multi, multi_phs)
        out[name + "_class"] = _run(tf, lambda y, p, fn=fn: fn(y, p, 2, class_id=3), feeds, phs)
        out[name + "_weighted"] = _run(
            tf, lambda y, p, w, fn=fn: fn(y, p, 2, None, w, ["mc"], ["uc"], name="top"),
            [f + [WEIGHTS[i][:4]] for i, f in enumerate(feeds)], phs + [("float32", [4])])
    for name in ("average_precision_at_k", "sparse_average_precision_at_k"):
        fn = getattr(m, name)
        out[name] = _run(tf, lambda y, p, fn=fn: fn(y, p, 3), feeds, phs)
        out[name + "_multi"] = _run(tf, lambda y, p, fn=fn: fn(y, p, 2), multi, multi_phs)
        out[name + "_weighted"] = _run(
            tf, lambda y, p, w, fn=fn: fn(y, p, 2, w, ["mc"], ["uc"]),
            [f + [WEIGHTS[i][:4]] for i, f in enumerate(feeds)], phs + [("float32", [4])])
        out[name + "_k0"] = _run(tf, lambda y, p, fn=fn: fn(y, p, 0), [], phs)
    idx_phs = [("int64", [4]), ("int32", [4, 2])]
    idx = [[TOP_LABELS[i], np.argsort(-LOGITS[i], axis=1)[:, :2].astype(np.int32)]
           for i in range(3)]
    out["precision_at_top_k"] = _run(tf, lambda y, p: m.precision_at_top_k(y, p), idx, idx_phs)
    out["recall_at_top_k"] = _run(tf, lambda y, p: m.recall_at_top_k(y, p, 2, class_id=1),
                                  idx, idx_phs)
    out["labels_rank_mismatch"] = _run(tf, lambda y, p: m.recall_at_k(y, p, 2), [],
                                       [("int64", [2, 2, 2]), ("float32", [4, 5])])
    return out


def eager_refusals(tf) -> dict:
    """Eagerly, every metric refuses with TF's RuntimeError."""
    m = tf.compat.v1.metrics
    y = tf.constant([1, 0])
    p = tf.constant([0.5, 0.2])
    calls = {"mean": lambda: m.mean(p), "accuracy": lambda: m.accuracy(y, y),
             "auc": lambda: m.auc(y, p), "recall": lambda: m.recall(y, y),
             "precision": lambda: m.precision(y, y), "mean_iou": lambda: m.mean_iou(y, y, 2),
             "recall_at_k": lambda: m.recall_at_k(y, p[None], 1),
             "precision_at_k": lambda: m.precision_at_k(y, p[None], 1),
             "average_precision_at_k": lambda: m.average_precision_at_k(y, p[None], 1),
             "true_positives_at_thresholds":
                 lambda: m.true_positives_at_thresholds(y, p, [0.5]),
             "mean_tensor": lambda: m.mean_tensor(p),
             "root_mean_squared_error": lambda: m.root_mean_squared_error(p, p)}
    out = {}
    for name, call in calls.items():
        try:
            call()
            out[name] = None
        except Exception as e:  # noqa: BLE001 - the error is the result
            out[name] = _err(e)
    out["names"] = sorted(n for n in dir(m) if not n.startswith("_"))
    return out


PROGRAMS = {f.__name__: f for f in (mean_family, accuracy_family, counts_family, auc_family,
                                    regression_family, at_k_family, eager_refusals)}
