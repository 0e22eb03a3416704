"""kprobe40's sweeps over the names compile takes: loss, metric and optimizer strings in
every spelling a user writes, functions and lambdas as metrics, and the log keys each
gives."""

from tests.keras.kprobe40.prelude import _TRY

SNIPPETS: dict[str, str] = {}

_DATA = """
rng = np.random.default_rng(3)
x = rng.normal(size=(8, 3)).astype("float32")
yb = (rng.uniform(size=(8, 1)) > 0.5).astype("float32")
def model(units=1, act="sigmoid"):
    keras.utils.set_random_seed(1)
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(units, activation=act)])
"""

SNIPPETS["compile_loss_strings_sweep"] = _TRY + _DATA + """
for loss in ["mse", "MSE", "mean_squared_error", "MeanSquaredError", "mae", "MAE", "mape",
             "MAPE", "msle", "MSLE", "kld", "KLD", "kl_divergence", "KLDivergence", "logcosh",
             "log_cosh", "LogCosh", "huber", "huber_loss", "Huber", "hinge", "squared_hinge",
             "categorical_hinge", "poisson", "Poisson", "cosine_similarity", "CosineSimilarity",
             "binary_crossentropy", "BinaryCrossentropy", "bce", "binary_focal_crossentropy",
             "BinaryFocalCrossentropy", "categorical_crossentropy", "cce",
             "categorical_focal_crossentropy", "sparse_categorical_crossentropy", "scce",
             "dice", "Dice", "tversky", "Tversky", "circle", "ctc", "CTC", "crossentropy",
             "mean_absolute_percentage_error", "mean_squared_logarithmic_error"]:
    m = model()
    try:
        m.compile("sgd", loss)
        h = m.fit(x, yb, epochs=1, batch_size=8, verbose=0)
        print(loss, list(h.history), r4(h.history["loss"][0]))
    except Exception as e:
        print(loss, type(e).__name__, _cut(str(e)).splitlines()[0][:160])
"""

SNIPPETS["compile_metric_strings_sweep"] = _TRY + _DATA + """
def fn_metric(y_true, y_pred):
    return keras.ops.mean(y_pred)
for metric in ["accuracy", "acc", "Accuracy", "binary_accuracy", "BinaryAccuracy", "mse",
               "MSE", "mean_squared_error", "MeanSquaredError", "mae", "AUC", "auc",
               "Precision", "precision", "Recall", "recall", "binary_crossentropy", "bce",
               "crossentropy", "ce", "RootMeanSquaredError", "root_mean_squared_error",
               "TruePositives", "true_positives", "FalseNegatives", "f1_score", "F1Score",
               "R2Score", "r2_score", "kld", "logcosh", "log_cosh_error", "cosine_similarity",
               "poisson", "hinge", "top_k_categorical_accuracy", "Mean", "mean",
               "PrecisionAtRecall", fn_metric, lambda t, p: keras.ops.mean(t),
               keras.metrics.mean_absolute_error, keras.losses.mean_squared_error,
               keras.metrics.MeanAbsoluteError(name="my_mae")]:
    m = model()
    try:
        m.compile("sgd", "mse", metrics=[metric])
        h = m.fit(x, yb, epochs=1, batch_size=8, verbose=0)
        print(metric if isinstance(metric, str) else getattr(metric, "__name__", "obj"),
              list(h.history), r4(h.history[list(h.history)[0]][0]))
    except Exception as e:
        print(metric if isinstance(metric, str) else "fn", type(e).__name__,
              _cut(str(e)).splitlines()[0][:160])
"""

SNIPPETS["compile_optimizer_strings_sweep"] = _TRY + _DATA + """
for opt in ["sgd", "SGD", "adam", "Adam", "adamw", "AdamW", "rmsprop", "RMSprop", "adagrad",
            "adadelta", "adamax", "nadam", "Nadam", "ftrl", "lion", "Lion", "lamb", "adafactor",
            "muon", "loss_scale_optimizer", "LossScaleOptimizer", "adam_w", "gd"]:
    m = model()
    try:
        m.compile(opt, "mse")
        m.fit(x, yb, epochs=1, batch_size=8, verbose=0)
        o = m.optimizer
        print(opt, type(o).__name__, o.name, r4(float(o.learning_rate)))
    except Exception as e:
        print(opt, type(e).__name__, _cut(str(e)).splitlines()[0][:160])
"""

SNIPPETS["compile_accuracy_resolution_by_loss_and_shape"] = _TRY + _DATA + """
yc = np.eye(3, dtype="float32")[rng.integers(0, 3, 8)]
ys = rng.integers(0, 3, 8)
for loss, units, act, y in [("binary_crossentropy", 1, "sigmoid", yb),
                            ("categorical_crossentropy", 3, "softmax", yc),
                            ("sparse_categorical_crossentropy", 3, "softmax", ys),
                            ("mse", 1, None, yb), ("mse", 3, None, yc),
                            (keras.losses.BinaryCrossentropy(), 1, "sigmoid", yb),
                            (keras.losses.SparseCategoricalCrossentropy(), 3, "softmax", ys),
                            (lambda t, p: keras.ops.mean(p), 3, "softmax", ys)]:
    for metric in ["accuracy", "acc", "crossentropy", "ce"]:
        m = model(units, act)
        try:
            m.compile("sgd", loss, metrics=[metric])
            h = m.fit(x, y, epochs=1, batch_size=8, verbose=0)
            print(type(loss).__name__ if not isinstance(loss, str)
                  else loss, metric, list(h.history), r4(h.history[list(h.history)[0]][0]),
                  [type(mm).__name__ for mm in m.metrics])
        except Exception as e:
            print(metric, type(e).__name__, _cut(str(e)).splitlines()[0][:160])
"""
