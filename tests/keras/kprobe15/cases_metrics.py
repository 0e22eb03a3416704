"""kprobe15's sweep of keras.metrics and keras.losses: every class of Keras 3.15
(names.json) made with its defaults (else the fewest arguments), one update (or call) and
its result, its get_config() and its variables; every function called once on its kind of
input, and once on mismatched shapes (see cases.py)."""

# ruff: noqa: E501 - one call per table line (a call expression is not split)

from tests.keras.kprobe15.cases_ops import NAMES
from tests.keras.kprobe15.prelude import _SHOW

_DATA = _SHOW + """
BT = np.array([[0., 1, 1, 0], [1, 1, 0, 0]], "float32")
BP = np.array([[0.1, 0.8, 0.4, 0.3], [0.9, 0.6, 0.7, 0.2]], "float32")
CT = np.array([[0., 1, 0], [0, 0, 1]], "float32")
CP = np.array([[0.2, 0.7, 0.1], [0.3, 0.3, 0.4]], "float32")
ST = np.array([1, 2], "int32")
RT = np.array([[0.5, 1.5, 2.0], [1.0, 0.0, 3.0]], "float32")
RP = np.array([[0.7, 1.0, 2.5], [1.5, 0.5, 2.0]], "float32")
HT = np.array([[-1., 1, 1], [1, -1, -1]], "float32")
def cfg(obj):
    c = obj.get_config()
    print("config", {k: c[k] for k in sorted(c)})
"""

# kind of inputs: (y_true, y_pred) for each kind
KIND = {"bin": ("BT", "BP"), "cat": ("CT", "CP"), "sparse": ("ST", "CP"), "reg": ("RT", "RP"),
        "hinge": ("HT", "RP"), "seg": ("BT", "BP")}

METRICS = {
    "AUC": ("", "bin"), "Accuracy": ("", "bin"), "BinaryAccuracy": ("", "bin"),
    "BinaryCrossentropy": ("", "bin"), "BinaryIoU": ("", "bin"), "CategoricalAccuracy": ("", "cat"),
    "CategoricalCrossentropy": ("", "cat"), "CategoricalHinge": ("", "cat"),
    "ConcordanceCorrelation": ("", "reg"), "CosineSimilarity": ("", "reg"), "F1Score": ("", "cat"),
    "FBetaScore": ("", "cat"), "FalseNegatives": ("", "bin"), "FalsePositives": ("", "bin"),
    "Hinge": ("", "hinge"), "IoU": ("3, [0, 1]", "sparse_ids"), "KLDivergence": ("", "cat"),
    "LogCoshError": ("", "reg"), "Mean": ("", "values"), "MeanAbsoluteError": ("", "reg"),
    "MeanAbsolutePercentageError": ("", "reg"), "MeanIoU": ("3", "sparse_ids"),
    "MeanMetricWrapper": ("keras.losses.mean_squared_error", "reg"),
    "MeanSquaredError": ("", "reg"), "MeanSquaredLogarithmicError": ("", "reg"),
    "Metric": ("", "none"), "OneHotIoU": ("3, [0, 2]", "cat"), "OneHotMeanIoU": ("3", "cat"),
    "PearsonCorrelation": ("", "reg"), "Poisson": ("", "reg"), "Precision": ("", "bin"),
    "PrecisionAtRecall": ("0.5", "bin"), "R2Score": ("", "reg"), "Recall": ("", "bin"),
    "RecallAtPrecision": ("0.5", "bin"), "RootMeanSquaredError": ("", "reg"),
    "SensitivityAtSpecificity": ("0.5", "bin"), "SparseCategoricalAccuracy": ("", "sparse"),
    "SparseCategoricalCrossentropy": ("", "sparse"),
    "SparseTopKCategoricalAccuracy": ("k=1", "sparse"), "SpecificityAtSensitivity": ("0.5", "bin"),
    "SquaredHinge": ("", "hinge"), "Sum": ("", "values"), "TopKCategoricalAccuracy": ("k=1", "cat"),
    "TrueNegatives": ("", "bin"), "TruePositives": ("", "bin"),
}

LOSSES = {
    "BinaryCrossentropy": "bin", "BinaryFocalCrossentropy": "bin", "CTC": "ctc",
    "CategoricalCrossentropy": "cat", "CategoricalFocalCrossentropy": "cat",
    "CategoricalGeneralizedCrossEntropy": "sparse", "CategoricalHinge": "cat", "Circle": "circle",
    "CosineSimilarity": "reg", "Dice": "bin", "Hinge": "hinge", "Huber": "reg",
    "KLDivergence": "cat", "LogCosh": "reg", "Loss": "none", "MeanAbsoluteError": "reg",
    "MeanAbsolutePercentageError": "reg", "MeanSquaredError": "reg",
    "MeanSquaredLogarithmicError": "reg", "Poisson": "reg", "SparseCategoricalCrossentropy": "sparse",
    "SquaredHinge": "hinge", "Tversky": "bin",
}

FUNCTION_KIND = {
    "binary_accuracy": "bin", "binary_crossentropy": "bin", "binary_focal_crossentropy": "bin",
    "categorical_accuracy": "cat", "categorical_crossentropy": "cat",
    "categorical_focal_crossentropy": "cat", "categorical_generalized_cross_entropy": "sparse",
    "categorical_hinge": "cat", "circle": "circle", "concordance_correlation": "reg",
    "cosine_similarity": "reg", "dice": "bin", "hinge": "hinge", "huber": "reg",
    "kl_divergence": "cat", "log_cosh": "reg", "mean_absolute_error": "reg",
    "mean_absolute_percentage_error": "reg", "mean_squared_error": "reg",
    "mean_squared_logarithmic_error": "reg", "pearson_correlation": "reg", "poisson": "reg",
    "sparse_categorical_accuracy": "sparse", "sparse_categorical_crossentropy": "sparse",
    "sparse_top_k_categorical_accuracy": "sparse", "squared_hinge": "hinge",
    "top_k_categorical_accuracy": "cat", "tversky": "bin", "ctc": "ctc",
}

_ARGS = {
    "sparse_ids": "np.array([0, 1, 2, 1]), np.array([0, 2, 2, 1])",
    "values": "np.array([1., 2., 4.], 'float32')",
    "none": "BT, BP",
    "circle": "np.array([0, 1, 0, 1], 'int32'), np.array([[1., 0], [0.9, 0.1], [0, 1], [0.2, 0.8]], 'float32')",
    "ctc": "np.array([[1, 2]], 'int32'), np.log(np.full((1, 4, 3), 1 / 3, 'float32'))",
}


_WEIGHTS = {"ctc": "np.array([0.5], 'float32')", "circle": "np.array([1., 0.5, 1, 0], 'float32')"}


def _args(kind):
    if kind in _ARGS:
        return _ARGS[kind]
    t, p = KIND[kind]
    return f"{t}, {p}"


def _metric(name):
    args, kind = METRICS[name]
    return _DATA + f"""print('has', hasattr(keras.metrics, {name!r}))
m = keras.metrics.{name}({args})
show("update", lambda: m.update_state({_args(kind)}))
show("result", lambda: m.result())
show("variables", lambda: [v.path.split("/")[-1] for v in m.variables])
show("dtype", lambda: m.dtype)
cfg(m)
m.reset_state()
show("reset", lambda: m.result())
"""


def _loss(name):
    kind = LOSSES[name]
    return _DATA + f"""print('has', hasattr(keras.losses, {name!r}))
l = keras.losses.{name}()
show("call", lambda: l({_args(kind)}))
show("none", lambda: keras.losses.{name}(reduction=None)({_args(kind)}))
show("weighted", lambda: l({_args(kind)}, sample_weight={_WEIGHTS.get(kind, "np.array([1., 0.5], 'float32')")}))
show("bad", lambda: l(np.ones((2, 3), "float32"), np.ones((3, 3), "float32")))
cfg(l)
"""


def _function(name):
    kind = FUNCTION_KIND[name]
    calls = []
    for mod in ("metrics", "losses"):
        if name in NAMES[mod]:
            calls.append(f"show('{mod}', lambda: keras.{mod}.{name}({_args(kind)}))")
            calls.append(f"show('{mod}_bad', lambda: keras.{mod}.{name}(np.ones((2, 3), 'float32'), np.ones((3, 4), 'float32')))")
    return _DATA + "\n".join(calls) + "\n"


_SAMPLE_WEIGHTS = {"values": "np.array([1., 0.5, 2.], 'float32')",
                   "sparse_ids": "np.array([1., 0.5, 2., 0.], 'float32')",
                   "none": "np.array([1., 0.5], 'float32')"}


def _metric_weighted(name):
    """Two weighted updates, then the result, and the metric made with dtype='float64'."""
    args, kind = METRICS[name]
    w = _SAMPLE_WEIGHTS.get(kind, "np.array([1., 0.5], 'float32')")
    a64 = (args + ", " if args else "") + "dtype='float64'"
    return _DATA + f"""m = keras.metrics.{name}({args})
show("weighted", lambda: m.update_state({_args(kind)}, sample_weight={w}))
show("again", lambda: m.update_state({_args(kind)}))
show("result", lambda: m.result())
show("float64", lambda: (lambda m: (m.update_state({_args(kind)}), m.result())[1])(
    keras.metrics.{name}({a64})))
"""


def _loss_reductions(name):
    """The loss under each reduction, weighted, and made with dtype='float16'."""
    kind = LOSSES[name]
    w = _WEIGHTS.get(kind, "np.array([1., 0.5], 'float32')")
    # (no bad reduction: Keras's message prints a set of strings, in a per-process order)
    return _DATA + f"""for r in ["sum", "mean", "sum_over_batch_size", "mean_with_sample_weight", None]:
    show(r, lambda: keras.losses.{name}(reduction=r)({_args(kind)}, sample_weight={w}))
show("float16", lambda: keras.losses.{name}(dtype="float16")({_args(kind)}))
"""


SNIPPETS = {f"metric_{n}": _metric(n) for n in NAMES["metric_classes"]}
SNIPPETS.update({f"metric_weighted_{n}": _metric_weighted(n) for n in METRICS})
SNIPPETS.update({f"loss_reductions_{n}": _loss_reductions(n) for n in LOSSES})
SNIPPETS.update({f"loss_{n}": _loss(n) for n in NAMES["loss_classes"]})
SNIPPETS.update({f"fn_{n}": _function(n) for n in FUNCTION_KIND})
SNIPPETS["metrics_losses_namespaces"] = _DATA + (
    "names = " + repr({k: NAMES[k] for k in ("metrics", "losses")}) + """
for mod in names:
    print(mod, "missing", sorted(set(names[mod]) - set(dir(getattr(keras, mod)))))
show("metrics.get", lambda: keras.metrics.get("mse").__name__)
show("losses.get", lambda: type(keras.losses.get("Huber")).__name__)
show("metrics.serialize", lambda: keras.metrics.serialize(keras.metrics.AUC()))
show("losses.serialize", lambda: keras.losses.serialize(keras.losses.Huber()))
show("losses.get_bad", lambda: keras.losses.get("nope"))
show("metrics.get_bad", lambda: keras.metrics.get("nope"))
""")
