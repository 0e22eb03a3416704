"""kprobe49's third round: edges of the same areas (scalar and empty variables under each
optimizer, schedules at odd steps, metrics with no updates, attention given bad masks,
custom losses' reductions, keras.random's odd arguments)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe40.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["optimizers_on_scalar_and_empty_variables"] = _TRY + """
names = ["Adafactor", "Adadelta", "Adagrad", "Adam", "AdamW", "Adamax", "Ftrl", "Lamb", "Lion", "Nadam", "RMSprop", "SGD"]
for n in names:
    out = []
    for start in [np.float32(2.0), np.zeros((0,), "float32"), np.ones((2, 0), "float32"), np.ones((1, 1, 1), "float32")]:
        o = getattr(keras.optimizers, n)(learning_rate=0.1)
        v = keras.Variable(start)
        try:
            for _ in range(2):
                o.apply_gradients([(np.full(np.shape(start), 0.5, "float32"), v)])
            out.append(r4(v))
        except Exception as e:
            out.append(type(e).__name__ + ": " + str(e)[:80])
    print(n, out)
"""

SNIPPETS["optimizer_none_and_zero_gradients"] = _TRY + """
for n in ["SGD", "Adam", "Lion", "Lamb", "Adafactor", "Ftrl"]:
    o = getattr(keras.optimizers, n)(learning_rate=0.1)
    a = keras.Variable([1.0, 2.0]); b = keras.Variable([3.0])
    try:
        o.apply_gradients([(None, a), (np.array([1.0], "float32"), b)])
        o.apply_gradients([(np.zeros(2, "float32"), a), (np.zeros(1, "float32"), b)])
        print(n, r4(a), r4(b), int(o.iterations))
    except Exception as e:
        print(n, type(e).__name__, str(e)[:150])
o = keras.optimizers.Adam(0.1)
a = keras.Variable([1.0])
tryq("all none", lambda: o.apply_gradients([(None, a)]))
tryq("apply", lambda: (o.apply([np.array([1.0], "float32")], [a]), r4(a))[1])
tryq("apply mismatch", lambda: o.apply([np.array([1.0], "float32"), np.array([1.0], "float32")], [a]))
tryq("grad shape", lambda: keras.optimizers.SGD(0.1).apply_gradients([(np.ones((2,), "float32"), keras.Variable([1.0, 2.0, 3.0]))]))
tryq("int var", lambda: keras.optimizers.SGD(0.1).apply_gradients([(np.ones((2,), "int32"), keras.Variable([1, 2]))]))
"""

SNIPPETS["schedules_at_odd_steps"] = _TRY + """
S = keras.optimizers.schedules
steps = [-1, 0, 2.5, 1000, np.int64(7), np.float32(3.5)]
for s in [S.ExponentialDecay(1.0, 4, 0.5), S.PolynomialDecay(1.0, 10, 0.1), S.PolynomialDecay(1.0, 10, 0.1, cycle=True), S.CosineDecay(1.0, 10), S.CosineDecay(0.5, 10, warmup_target=1.0, warmup_steps=4), S.CosineDecayRestarts(1.0, 4, t_mul=1.0), S.InverseTimeDecay(1.0, 2, 0.5), S.PiecewiseConstantDecay([2, 5], [1.0, 0.5, 0.25])]:
    out = []
    for k in steps:
        try:
            out.append(r4(s(k)))
        except Exception as e:
            out.append(type(e).__name__)
    print(type(s).__name__, out)
tryq("cos zero steps", lambda: r4(S.CosineDecay(1.0, 0)(1)))
tryq("poly zero steps", lambda: r4(S.PolynomialDecay(1.0, 0)(1)))
tryq("piecewise float bounds", lambda: r4(S.PiecewiseConstantDecay([2.5], [1.0, 0.5])(3)))
tryq("piecewise int values", lambda: r4(S.PiecewiseConstantDecay([2], [1, 0])(3)))
tryq("exp int lr", lambda: r4(S.ExponentialDecay(1, 2, 0.5)(3)))
"""

SNIPPETS["metrics_results_before_any_update"] = _TRY + """
for make in [lambda: keras.metrics.AUC(), lambda: keras.metrics.AUC(multi_label=True, num_labels=2), lambda: keras.metrics.F1Score(), lambda: keras.metrics.FBetaScore(average="macro"), lambda: keras.metrics.R2Score(), lambda: keras.metrics.MeanIoU(3), lambda: keras.metrics.IoU(3, [0]), lambda: keras.metrics.BinaryIoU(), lambda: keras.metrics.Precision(thresholds=[0.3, 0.6]), lambda: keras.metrics.SensitivityAtSpecificity(0.5), lambda: keras.metrics.PrecisionAtRecall(0.5), lambda: keras.metrics.Mean(), lambda: keras.metrics.CategoricalAccuracy()]:
    m = make()
    try:
        r = m.result()
        print(type(m).__name__, r4(r), len(m.variables))
    except Exception as e:
        print(type(m).__name__, type(e).__name__, str(e)[:150])
"""

SNIPPETS["metrics_update_bad_shapes_and_values"] = _TRY + """
tryq("auc shape", lambda: keras.metrics.AUC().update_state([[0, 1]], [[0.5]]))
tryq("auc neg pred", lambda: keras.metrics.AUC().update_state([0, 1], [-0.5, 0.5]))
for kw in [{}, {"thresholds": [0.3, 0.6]}]:
    for yt, yp, sw in [([[0, 1]], [[0.5]], None), ([[0, 1]], [[0.5]], [2.0]), ([[1]], [[0.5, 0.7]], None), ([[1]], [[0.5, 0.7]], [1.0]), ([0, 1, 1], [0.2, 0.4], None)]:
        tryq(f"auc {kw} {yt} {yp} {sw}", lambda: (lambda m: (m.update_state(yt, yp, sample_weight=sw), r4(m.result()))[1])(keras.metrics.AUC(**kw)))
tryq("precision sizes", lambda: (lambda m: (m.update_state([[0, 1]], [[0.7]]), r4(m.result()))[1])(keras.metrics.Precision()))
tryq("recall sizes", lambda: (lambda m: (m.update_state([[0, 1, 1]], [[0.7, 0.2]]), r4(m.result()))[1])(keras.metrics.Recall()))
tryq("auc >1 pred", lambda: keras.metrics.AUC().update_state([0, 1], [0.5, 1.5]))
tryq("auc label 2", lambda: keras.metrics.AUC().update_state([0, 2], [0.5, 0.7]))
tryq("f1 width change", lambda: (lambda m: (m.update_state(np.ones((2, 3)), np.ones((2, 3))), m.update_state(np.ones((2, 4)), np.ones((2, 4)))))(keras.metrics.F1Score()))
tryq("miou out of range", lambda: (lambda m: (m.update_state([0, 5], [0, 1]), r4(m.result()))[1])(keras.metrics.MeanIoU(3)))
tryq("miou neg", lambda: (lambda m: (m.update_state([0, -1], [0, 1]), r4(m.result()))[1])(keras.metrics.MeanIoU(3)))
tryq("miou float", lambda: (lambda m: (m.update_state([0.0, 1.7], [0.2, 1.0]), r4(m.result()))[1])(keras.metrics.MeanIoU(3)))
tryq("r2 rank3", lambda: keras.metrics.R2Score().update_state(np.ones((2, 2, 2)), np.ones((2, 2, 2))))
tryq("sw shape", lambda: keras.metrics.Precision().update_state([[1, 0]], [[0.7, 0.2]], sample_weight=[1.0, 2.0, 3.0]))
tryq("recall int pred", lambda: (lambda m: (m.update_state([1, 0, 1], [1, 1, 0]), r4(m.result()))[1])(keras.metrics.Recall()))
"""

SNIPPETS["attention_bad_masks_and_shapes"] = _TRY + """
x = np.ones((2, 3, 4), "float32")
l = layers.MultiHeadAttention(2, 2)
l(x, x)
tryq("mask 4d", lambda: l(x, x, attention_mask=np.ones((2, 1, 3, 3), bool)).shape)
tryq("mask wrong len", lambda: l(x, x, attention_mask=np.ones((2, 3, 4), bool)))
tryq("mask batch 1", lambda: l(x, x, attention_mask=np.ones((1, 3, 3), bool)).shape)
tryq("query rank2", lambda: l(x[0], x[0]))
tryq("value other len", lambda: l(x, np.ones((2, 5, 4), "float32")).shape)
a = layers.Attention()
tryq("att mask len", lambda: a([x, x], mask=[None, np.ones((2, 4), bool)]))
tryq("att v mismatch", lambda: a([x, x, np.ones((2, 4, 4), "float32")]))
tryq("att q 2d", lambda: a([x[0], x[0]]))
tryq("att int", lambda: a([np.ones((1, 2, 2), "int32"), np.ones((1, 2, 2), "int32")]))
g = layers.GroupQueryAttention(2, 2, 1)
tryq("gqa query rank2", lambda: g(x[0], x[0]))
tryq("gqa dim", lambda: g(x, np.ones((2, 3, 6), "float32")).shape)
"""

SNIPPETS["custom_loss_subclasses_reductions"] = _TRY + """
class MyLoss(keras.losses.Loss):
    def call(self, y_true, y_pred):
        return keras.ops.abs(y_true - y_pred)
yt = np.array([[1.0, 2.0], [3.0, 4.0]], "float32"); yp = np.array([[1.5, 2.0], [2.0, 5.0]], "float32")
for red in ["none", "sum", "sum_over_batch_size", "mean_with_sample_weight", None]:
    l = MyLoss(reduction=red)
    print(red, r4(l(yt, yp)), r4(l(yt, yp, sample_weight=[1.0, 0.0])), l.name)
js("cfg", lambda: MyLoss(name="mine", reduction="sum").get_config())
unordered("bad", lambda: MyLoss(reduction="avg"))
tryq("wrapper", lambda: hasattr(keras.losses, "LossFunctionWrapper"))
class Scalar(keras.losses.Loss):
    def call(self, y_true, y_pred):
        return keras.ops.sum(y_pred)
print("scalar", r4(Scalar()(yt, yp)), r4(Scalar()(yt, yp, sample_weight=[2.0, 0.5])))
"""

SNIPPETS["keras_random_odd_arguments"] = _TRY + """
tryq("seed neg", lambda: r4(keras.random.uniform((2,), seed=-3)))
tryq("seed 0", lambda: r4(keras.random.normal((2,), seed=0)))
tryq("seed big", lambda: r4(keras.random.uniform((2,), seed=2**40)))
tryq("shape tensor", lambda: keras.random.uniform(keras.ops.array([2, 3]), seed=1).shape)
tryq("shape int", lambda: keras.random.uniform(3, seed=1).shape)
tryq("randint float bounds", lambda: r4(keras.random.randint((3,), 0.5, 4.5, seed=1)))
tryq("uniform int bounds", lambda: r4(keras.random.uniform((3,), 1, 3, seed=1)))
tryq("normal tensor mean", lambda: r4(keras.random.normal((2,), mean=np.array([0.0, 10.0]), seed=1)))
tryq("trunc stddev 0", lambda: r4(keras.random.truncated_normal((2,), stddev=0.0, seed=1)))
tryq("shuffle scalar", lambda: keras.random.shuffle(np.float32(1.0), seed=1))
tryq("categorical int logits", lambda: r4(keras.random.categorical(np.array([[1, 2]]), 3, seed=1)))
tryq("categorical dtype", lambda: keras.backend.standardize_dtype(keras.random.categorical(np.zeros((1, 2)), 3, seed=1, dtype="int64").dtype))
tryq("gamma alpha arr", lambda: keras.random.gamma((2,), alpha=np.array([1.0, 2.0]), seed=1).shape)
tryq("binomial int", lambda: keras.backend.standardize_dtype(keras.random.binomial((2,), 5, 0.5, seed=1, dtype="int32").dtype))
tryq("dropout noise bad", lambda: keras.random.dropout(np.ones((2, 3)), 0.5, noise_shape=(3, 3), seed=1))
"""

SNIPPETS["normalization_layers_masks_and_training_flags"] = _TRY + """
x = np.sin(np.arange(2 * 4 * 3, dtype="float32")).reshape(2, 4, 3)
m = np.array([[1, 1, 0, 0], [1, 1, 1, 0]], bool)
for l in [layers.LayerNormalization(), layers.BatchNormalization(), layers.GroupNormalization(3), layers.UnitNormalization(), layers.RMSNormalization()]:
    try:
        y = l(x, mask=m, training=True)
        print(type(l).__name__, r4(np.asarray(y)[0, 2]), getattr(y, "_keras_mask", None) is not None, l.supports_masking)
    except Exception as e:
        print(type(l).__name__, type(e).__name__, str(e)[:150])
e = layers.Embedding(5, 3, mask_zero=True)
i = keras.Input((4,), dtype="int32")
h = e(i)
outs = [layers.LayerNormalization()(h), layers.BatchNormalization()(h), layers.GroupNormalization(3)(h)]
print([getattr(o, "_keras_mask", None) is not None for o in outs])
bn = layers.BatchNormalization(momentum=0.0)
bn(x, mask=m, training=True)
print("bn masked stats", r4(bn.moving_mean), r4(bn.moving_variance))
"""

SNIPPETS["losses_with_ragged_like_and_broadcast_shapes"] = _TRY + """
tryq("mse broadcast", lambda: r4(keras.losses.MeanSquaredError(reduction="none")(np.ones((2, 1)), np.arange(6, dtype="float32").reshape(2, 3))))
tryq("mse 1d vs 2d", lambda: r4(keras.losses.MeanSquaredError(reduction="none")(np.ones((2,)), np.ones((2, 1)) * 3)))
tryq("mse 2d vs 1d", lambda: r4(keras.losses.MeanSquaredError(reduction="none")(np.ones((2, 1)), np.ones((2,)) * 3)))
tryq("bce 1d vs 2d", lambda: r4(keras.losses.BinaryCrossentropy(reduction="none")(np.ones((2,)), np.full((2, 1), 0.3))))
tryq("cce mismatch", lambda: keras.losses.CategoricalCrossentropy()(np.ones((2, 3)), np.ones((2, 4))))
tryq("scce extra dim", lambda: r4(keras.losses.SparseCategoricalCrossentropy(reduction="none")(np.array([[0], [1]]), np.array([[0.7, 0.3], [0.4, 0.6]]))))
tryq("scce 3d labels", lambda: r4(keras.losses.SparseCategoricalCrossentropy(reduction="none")(np.array([[[0]], [[1]]]), np.array([[0.7, 0.3], [0.4, 0.6]]))))
tryq("dice mismatch", lambda: keras.losses.Dice()(np.ones((2, 3)), np.ones((2, 4))))
tryq("tversky 1d", lambda: r4(keras.losses.Tversky()(np.array([1.0, 0.0]), np.array([0.8, 0.1]))))
tryq("huber int", lambda: r4(keras.losses.Huber()(np.array([[1, 2]]), np.array([[2, 5]]))))
tryq("kld zero", lambda: r4(keras.losses.KLDivergence(reduction="none")(np.array([[0.0, 1.0]]), np.array([[0.5, 0.5]]))))
tryq("poisson neg", lambda: r4(keras.losses.Poisson(reduction="none")(np.array([[1.0]]), np.array([[-1.0]]))))
"""

SNIPPETS["optimizer_learning_rate_forms_and_changes"] = _TRY + """
for lr in [0.1, np.float64(0.1), keras.Variable(0.1), lambda: 0.05, 1, keras.ops.convert_to_tensor(0.2)]:
    try:
        o = keras.optimizers.Adam(learning_rate=lr)
        v = keras.Variable([1.0])
        o.apply_gradients([(np.array([1.0], "float32"), v)])
        print(type(lr).__name__, r4(o.learning_rate), type(o.learning_rate).__name__ if not hasattr(o.learning_rate, "path") else "var", r4(v))
    except Exception as e:
        print(type(lr).__name__, type(e).__name__, str(e)[:150])
o = keras.optimizers.SGD(0.1)
o.learning_rate = 0.5
print(r4(o.learning_rate), r4(o._learning_rate) if hasattr(o, "_learning_rate") else None)
o.learning_rate.assign(0.25) if hasattr(o.learning_rate, "assign") else None
print(r4(o.learning_rate))
tryq("set schedule later", lambda: setattr(o, "learning_rate", keras.optimizers.schedules.ExponentialDecay(0.1, 1, 0.5)))
tryq("lr str", lambda: keras.optimizers.SGD("0.1"))
tryq("lr none", lambda: keras.optimizers.SGD(None))
"""

SNIPPETS["group_query_attention_vs_mha_equivalence"] = _TRY + """
x = np.sin(np.arange(1 * 4 * 6, dtype="float32")).reshape(1, 4, 6)
g = layers.GroupQueryAttention(head_dim=3, num_query_heads=2, num_key_value_heads=2)
m = layers.MultiHeadAttention(num_heads=2, key_dim=3)
g(x, x); m(x, x)
print([tuple(w.shape) for w in g.weights])
print([tuple(w.shape) for w in m.weights])
fill(g); fill(m)
print(r4(np.asarray(g(x, x))[0, 0]), r4(np.asarray(m(x, x))[0, 0]))
print(r4(np.asarray(g(x, x, use_causal_mask=True))[0, 0]))
tryq("gqa key_dim arg", lambda: layers.GroupQueryAttention(key_dim=3, num_query_heads=2, num_key_value_heads=1))
tryq("gqa dropout", lambda: r4(np.asarray(layers.GroupQueryAttention(3, 2, 1, dropout=0.5, seed=2)(x, x, training=True))[0, 0]))
"""

SNIPPETS["metrics_updated_with_each_dtype"] = _TRY + """
names = ["AUC", "F1Score", "R2Score", "Precision", "Recall", "BinaryAccuracy", "BinaryIoU", "MeanSquaredError", "KLDivergence", "CosineSimilarity", "Hinge", "PrecisionAtRecall", "FBetaScore", "MeanAbsolutePercentageError", "LogCoshError", "BinaryCrossentropy", "PearsonCorrelation", "ConcordanceCorrelation"]
for n in names:
    out = []
    for dt_ in ["int32", "uint8", "bool", "float16", "float64", "bfloat16"]:
        make = (lambda: getattr(keras.metrics, n)(0.5)) if n == "PrecisionAtRecall" else (lambda: getattr(keras.metrics, n)())
        m = make()
        try:
            yt = keras.ops.cast(np.array([[1, 0], [0, 1], [1, 1]]), dt_)
            yp = keras.ops.cast(np.array([[0.9, 0.2], [0.4, 0.6], [0.7, 0.3]]), dt_ if dt_ not in ("int32", "uint8", "bool") else "float32")
            m.update_state(yt, yp)
            r = m.result()
            out.append(keras.backend.standardize_dtype(r.dtype) + ":" + str(r4(np.asarray(keras.ops.cast(r, "float32")).ravel()[0])))
        except Exception as e:
            out.append(type(e).__name__)
    print(n, out)
"""

SNIPPETS["losses_given_each_dtype"] = _TRY + """
names = ["MeanSquaredError", "MeanAbsoluteError", "BinaryCrossentropy", "CategoricalCrossentropy", "Dice", "Tversky", "BinaryFocalCrossentropy", "CategoricalFocalCrossentropy", "Huber", "LogCosh", "KLDivergence", "Poisson", "Hinge", "SquaredHinge", "CategoricalHinge", "CosineSimilarity", "MeanSquaredLogarithmicError", "MeanAbsolutePercentageError"]
for n in names:
    out = []
    for a, b in [("int32", "float32"), ("float32", "int32"), ("bool", "float32"), ("float16", "float32"), ("float32", "float16"), ("int32", "int32"), ("bfloat16", "bfloat16"), ("float64", "float32")]:
        try:
            yt = keras.ops.cast(np.array([[1, 0], [0, 1]]), a)
            yp = keras.ops.cast(np.array([[0.9, 0.2], [0.4, 0.6]]) if b not in ("int32",) else np.array([[1, 0], [1, 1]]), b)
            r = getattr(keras.losses, n)()(yt, yp)
            out.append(keras.backend.standardize_dtype(r.dtype) + ":" + str(r4(keras.ops.cast(r, "float32"))))
        except Exception as e:
            out.append(type(e).__name__)
    print(n, out)
"""
