"""kprobe48's third set: keras.ops corners (integer math, set and search ops, windows,
splits, index conversions, bad shapes and dtypes), losses with reduction and
sample_weight, metrics' rarer arguments and optimizers' rarer arguments."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe47.prelude import _TRY as _TRY47

_TRY = _TRY47 + """
def show_cut(label, fn):  # (a message's set of names cut: its order is the strings' hashes')
    try:
        print(label, _text(fn()))
    except Exception as e:
        print(label, type(e).__name__, str(e).split(" {")[0])
"""

_OPS = _TRY + """
ops = keras.ops
"""

SNIPPETS: dict[str, str] = {}

SNIPPETS["ops_integer_math"] = _OPS + """
show("gcd", lambda: ops.gcd(np.array([12, -8, 0], "int32"), np.array([18, 12, 0], "int32")))
show("lcm", lambda: ops.lcm(np.array([4, -6], "int32"), np.array([6, 4], "int32")))
show("gcd float", lambda: ops.gcd(np.array([4.0]), np.array([6.0])))
show("left_shift", lambda: ops.left_shift(np.array([1, 3], "int8"), np.array([7, 2], "int8")))
show("right_shift neg", lambda: ops.right_shift(np.array([-8], "int32"), 1))
show("floor_divide neg", lambda: ops.floor_divide(np.array([-7, 7], "int32"), np.array([2, -2], "int32")))
show("mod neg", lambda: ops.mod(np.array([-7, 7], "int32"), np.array([3, -3], "int32")))
show("int div zero", lambda: ops.floor_divide(np.array([1], "int32"), np.array([0], "int32")))
show("true_divide int", lambda: ops.true_divide(np.array([1], "int64"), np.array([2], "int64")))
show("bitwise_invert uint8", lambda: ops.bitwise_invert(np.array([0, 255], "uint8")))
"""

SNIPPETS["ops_set_and_search"] = _OPS + """
show("isin", lambda: ops.isin(np.array([1, 2, 3]), np.array([2, 5])))
show("isin invert", lambda: ops.isin(np.array([1, 2, 3]), np.array([2]), invert=True))
show("searchsorted right", lambda: ops.searchsorted(np.array([1.0, 2.0, 2.0, 3.0]), np.array([2.0, 0.5]), side="right"))
show("searchsorted bad side", lambda: ops.searchsorted(np.array([1.0]), np.array([1.0]), side="middle"))
show("searchsorted 2d", lambda: ops.searchsorted(np.ones((2, 2)), np.ones(2)))
show("argpartition", lambda: ops.sort(ops.argpartition(np.array([5, 1, 4, 2]), 2)[:2]))
show("unique-ish argsort", lambda: ops.argsort(np.array([2, 1, 2, 1])))
show("top_k sorted", lambda: ops.top_k(np.array([1.0, 3.0, 2.0]), k=2, sorted=False))
show("top_k too big", lambda: ops.top_k(np.array([1.0, 3.0]), k=3))
show("in_top_k", lambda: ops.in_top_k(np.array([1, 0]), np.array([[0.1, 0.9], [0.5, 0.5]]), 1))
"""

SNIPPETS["ops_windows_and_vander"] = _OPS + """
for w in ("bartlett", "blackman", "hamming", "hanning"):
    show(w, lambda: getattr(ops, w)(5))
show("kaiser", lambda: ops.kaiser(4, 2.0))
show("hamming 1", lambda: ops.hamming(1))
show("hamming 0", lambda: ops.hamming(0))
show("vander", lambda: ops.vander(np.array([1, 2, 3])))
show("vander N", lambda: ops.vander(np.array([2.0, 3.0]), N=2))
show("trapezoid", lambda: ops.trapezoid(np.array([1.0, 2.0, 4.0]), dx=0.5))
show("trapezoid x", lambda: ops.trapezoid(np.array([1.0, 2.0]), x=np.array([0.0, 3.0])))
"""

SNIPPETS["ops_splits_and_index_conversion"] = _OPS + """
show("array_split", lambda: ops.array_split(np.arange(5), 3))
show("split uneven", lambda: ops.split(np.arange(5), 2))
show("split indices", lambda: ops.split(np.arange(6), [1, 4]))
show("unravel", lambda: ops.unravel_index(np.array([5, 7]), (2, 4)))
show("unravel oob", lambda: ops.unravel_index(np.array([9]), (2, 4)))
show("diagflat", lambda: ops.diagflat(np.array([[1, 2]]), k=1))
show("rot90 k3", lambda: ops.rot90(np.arange(4).reshape(2, 2), k=3))
show("rot90 1d", lambda: ops.rot90(np.arange(4)))
show("kron", lambda: ops.kron(np.eye(2, dtype="int32"), np.array([[1, 2]], "int32")))
"""

SNIPPETS["ops_float_misc"] = _OPS + """
show("hypot", lambda: ops.hypot(np.array([3.0], "float16"), np.array([4.0], "float16")))
show("logaddexp2", lambda: ops.logaddexp2(np.array([1.0, -np.inf]), np.array([1.0, -np.inf])))
show("ldexp", lambda: ops.ldexp(np.array([1.5], "float32"), np.array([3], "int32")))
show("signbit", lambda: ops.signbit(np.array([-0.0, 0.0, -1.0, np.nan], "float32")))
show("nextafter", lambda: ops.nextafter(np.array([1.0], "float32"), np.array([2.0], "float32")))
show("heaviside", lambda: ops.heaviside(np.array([-1.0, 0.0, 2.0]), np.array(0.5)))
show("cbrt", lambda: ops.cbrt(np.array([-8, 27], "int32")))
show("exp2 int", lambda: ops.exp2(np.array([3], "int32")))
show("deg2rad int", lambda: ops.deg2rad(np.array([180], "int32")))
show("corrcoef", lambda: ops.corrcoef(np.array([[1.0, 2.0, 3.0], [3.0, 1.0, 2.0]])))
show("nansum", lambda: ops.nansum(np.array([1.0, np.nan, 2.0])))
"""

SNIPPETS["ops_nn_activation_rarities"] = _OPS + """
v = np.array([-2.0, -0.5, 0.0, 0.5, 2.0], "float32")
show("celu", lambda: ops.celu(v, alpha=2.0))
show("glu", lambda: ops.glu(np.array([[1.0, 2.0, 0.0, 1.0]], "float32")))
show("glu odd", lambda: ops.glu(np.array([[1.0, 2.0, 3.0]], "float32")))
show("hard_shrink", lambda: ops.hard_shrink(v, threshold=0.5))
show("soft_shrink", lambda: ops.soft_shrink(v, threshold=0.5))
show("tanh_shrink", lambda: ops.tanh_shrink(v))
show("threshold", lambda: ops.threshold(v, 0.2, -9.0))
show("squareplus", lambda: ops.squareplus(v, b=4))
show("sparsemax", lambda: ops.sparsemax(np.array([[1.0, 2.0, 3.0]], "float32")))
show("sparse_plus", lambda: ops.sparse_plus(v))
show("log_sigmoid", lambda: ops.log_sigmoid(v))
show("polar", lambda: ops.polar(np.array([2.0], "float32"), np.array([0.0], "float32")))
"""

SNIPPETS["ops_bad_shapes_messages"] = _OPS + """
show("matmul", lambda: ops.matmul(np.ones((2, 3)), np.ones((2, 3))))
show("add", lambda: ops.add(np.ones((2, 3)), np.ones((3, 2))))
show("reshape", lambda: ops.reshape(np.ones(6), (4, 2)))
show("concat", lambda: ops.concatenate([np.ones((2, 2)), np.ones((3, 3))]))
show("stack", lambda: ops.stack([np.ones(2), np.ones(3)]))
show("transpose axes", lambda: ops.transpose(np.ones((2, 3)), axes=(0, 0)))
show("expand bad", lambda: ops.expand_dims(np.ones(2), 3))
show("squeeze bad", lambda: ops.squeeze(np.ones((2, 1)), axis=0))
show("take oob", lambda: ops.take(np.arange(3), 5))
show("sym matmul", lambda: ops.matmul(keras.Input((3,)), keras.Input((4,))))
"""

SNIPPETS["ops_symbolic_shape_inference"] = _OPS + """
a = keras.Input((None, 3))
show("sum", lambda: ops.sum(a, axis=1).shape)
show("pad", lambda: ops.pad(a, [[0, 0], [1, 2], [0, 0]]).shape)
show("tile", lambda: ops.tile(a, (1, 2, 2)).shape)
show("repeat", lambda: ops.repeat(a, 2, axis=2).shape)
show("split", lambda: [t.shape for t in ops.split(a, 3, axis=2)])
show("split none", lambda: ops.split(a, 2, axis=1))
show("where", lambda: ops.where(a > 0, a, 0.0).shape)
show("one_hot", lambda: ops.one_hot(ops.cast(a, "int32"), 4).shape)
show("argmax", lambda: ops.argmax(a, axis=-1).dtype)
show("image resize", lambda: ops.image.resize(keras.Input((8, 8, 3)), (4, 2)).shape)
"""

SNIPPETS["losses_reduction_and_weights"] = _OPS + """
yt = np.array([[0.0, 1.0], [1.0, 1.0]], "float32")
yp = np.array([[0.2, 0.6], [0.9, 0.4]], "float32")
for red in ("sum", "sum_over_batch_size", "mean", "mean_with_sample_weight", None, "none"):
    show(str(red), lambda: keras.losses.MeanSquaredError(reduction=red)(yt, yp, sample_weight=np.array([1.0, 0.0])))
show_cut("bad red", lambda: keras.losses.MeanSquaredError(reduction="avg"))
show("sw 2d", lambda: keras.losses.MeanAbsoluteError()(yt, yp, sample_weight=np.array([[1.0, 0.0], [0.0, 0.0]])))
show("sw all zero", lambda: keras.losses.BinaryCrossentropy()(yt, yp, sample_weight=np.zeros(2)))
show("sw bad", lambda: keras.losses.MeanSquaredError()(yt, yp, sample_weight=np.ones(3)))
"""

SNIPPETS["losses_rarer_arguments"] = _OPS + """
yt = np.array([[0.0, 1.0, 0.0]], "float32")
yp = np.array([[0.1, 0.7, 0.2]], "float32")
show("cce smoothing", lambda: keras.losses.CategoricalCrossentropy(label_smoothing=0.2)(yt, yp))
show("cce axis", lambda: keras.losses.CategoricalCrossentropy(axis=0)(yt.T, yp.T))
show("scce ignore", lambda: keras.losses.SparseCategoricalCrossentropy(ignore_class=1)(np.array([1, 0]), np.array([[0.5, 0.5], [0.9, 0.1]])))
show("focal", lambda: keras.losses.BinaryFocalCrossentropy(gamma=2.0, apply_class_balancing=True, alpha=0.3)(yt, yp))
show("cfocal", lambda: keras.losses.CategoricalFocalCrossentropy(gamma=1.0)(yt, yp))
show("tversky", lambda: keras.losses.Tversky(alpha=0.3, beta=0.7)(yt, yp))
show("dice axis", lambda: keras.losses.Dice(axis=1)(yt, yp))
show("huber delta", lambda: keras.losses.Huber(delta=0.05)(yt, yp))
show("logcosh", lambda: keras.losses.LogCosh()(yt, yp))
show("circle", lambda: keras.losses.Circle(gamma=2.0, margin=0.5)(np.array([0, 0, 1]), np.array([[1.0, 0.0], [0.8, 0.6], [0.0, 1.0]], "float32")))
show("cfg", lambda: str(keras.losses.Tversky().get_config()))
"""

SNIPPETS["metrics_rarer_arguments"] = _OPS + """
m = keras.metrics.Precision(top_k=2)
m.update_state(np.array([[0, 1, 1]]), np.array([[0.9, 0.8, 0.1]]))
show("prec topk", lambda: m.result())
m = keras.metrics.Recall(thresholds=[0.3, 0.7])
m.update_state(np.array([1, 1, 0]), np.array([0.5, 0.9, 0.8]))
show("recall thr", lambda: m.result())
m = keras.metrics.SensitivityAtSpecificity(0.5, num_thresholds=5)
m.update_state(np.array([0, 0, 1, 1]), np.array([0.1, 0.6, 0.4, 0.8]))
show("sens at spec", lambda: m.result())
m = keras.metrics.PrecisionAtRecall(0.5, num_thresholds=3)
m.update_state(np.array([0, 1, 1]), np.array([0.2, 0.7, 0.4]))
show("prec at recall", lambda: m.result())
show("bad spec", lambda: keras.metrics.SensitivityAtSpecificity(1.5))
m = keras.metrics.FBetaScore(beta=0.5, average="micro", threshold=0.5)
m.update_state(np.array([[1, 0], [0, 1]], "float32"), np.array([[0.7, 0.6], [0.2, 0.9]], "float32"))
show("fbeta micro", lambda: m.result())
show("fbeta bad avg", lambda: keras.metrics.FBetaScore(average="median"))
show("fbeta bad beta", lambda: keras.metrics.FBetaScore(beta=0))
"""

SNIPPETS["metrics_state_and_reset"] = _OPS + """
m = keras.metrics.Mean()
m.update_state([1.0, 3.0], sample_weight=[1.0, 0.0])
print(float(m.result()), [v.name for v in m.variables])
m.reset_state()
show("empty", lambda: m.result())
m = keras.metrics.MeanMetricWrapper(fn=lambda a, b: a * b, name="prod")
m.update_state(np.array([2.0]), np.array([3.0]))
show("wrapper", lambda: m.result())
show("wrapper cfg", lambda: str(sorted(m.get_config())))
m = keras.metrics.Sum()
m.update_state(np.array([[1.0, 2.0]]))
show("sum", lambda: m.result())
show("mean tensor", lambda: hasattr(keras.metrics, "MeanTensor"))
show("stateless", lambda: str([v.numpy().tolist() for v in keras.metrics.Mean().stateless_update_state([np.float32(0), np.float32(0)], np.array([2.0]))]))
"""

SNIPPETS["metrics_regression_and_correlation"] = _OPS + """
yt = np.array([1.0, 2.0, 3.0, 4.0], "float32")
yp = np.array([1.5, 1.5, 3.5, 3.0], "float32")
for cls in ("R2Score", "PearsonCorrelation", "ConcordanceCorrelation", "MeanSquaredLogarithmicError", "RootMeanSquaredError", "LogCoshError", "MeanAbsolutePercentageError"):
    m = getattr(keras.metrics, cls)()
    show(cls, lambda: (m.update_state(yt[:, None] if cls == "R2Score" else yt, yp[:, None] if cls == "R2Score" else yp), m.result())[1])
m = keras.metrics.R2Score(class_aggregation=None, num_regressors=1)
m.update_state(np.stack([yt, yt * 2], 1), np.stack([yp, yp * 2], 1))
show("r2 raw", lambda: m.result())
show("r2 bad agg", lambda: keras.metrics.R2Score(class_aggregation="sum"))
show("r2 neg regressors", lambda: keras.metrics.R2Score(num_regressors=-1))
"""

SNIPPETS["optimizer_rarer_arguments"] = _OPS + """
v = keras.Variable(np.array([1.0, 2.0], "float32"))
g = np.array([10.0, -10.0], "float32")
for name, opt in [("adam amsgrad", keras.optimizers.Adam(0.1, amsgrad=True)), ("sgd nesterov", keras.optimizers.SGD(0.1, momentum=0.9, nesterov=True)), ("rms centered", keras.optimizers.RMSprop(0.1, centered=True, momentum=0.5)), ("adamw", keras.optimizers.AdamW(0.1, weight_decay=0.5)), ("lion", keras.optimizers.Lion(0.1)), ("adagrad", keras.optimizers.Adagrad(0.1, initial_accumulator_value=1.0)), ("clipvalue", keras.optimizers.SGD(1.0, clipvalue=0.5)), ("global clip", keras.optimizers.SGD(1.0, global_clipnorm=1.0))]:
    w = keras.Variable(np.array([1.0, 2.0], "float32"))
    opt.apply_gradients([(g, w)])
    opt.apply_gradients([(g, w)])
    show(name, lambda: w.value)
show("both clips", lambda: keras.optimizers.SGD(clipnorm=1.0, global_clipnorm=1.0))
show("bad lr", lambda: keras.optimizers.SGD(learning_rate="fast"))
show("bad momentum", lambda: keras.optimizers.SGD(momentum=1.5))
show("lion beta", lambda: keras.optimizers.Lion(beta_1=0.0))
"""

SNIPPETS["optimizer_exclude_from_weight_decay"] = _OPS + """
d = layers.Dense(1, kernel_initializer="ones", bias_initializer="ones", name="dd")
d.build((None, 1))
opt = keras.optimizers.AdamW(0.1, weight_decay=0.5)
opt.exclude_from_weight_decay(var_names=["bias"])
opt.apply_gradients([(np.zeros((1, 1), "float32"), d.kernel), (np.zeros((1,), "float32"), d.bias)])
show("kernel", lambda: d.kernel)
show("bias", lambda: d.bias)
show("variables", lambda: [vv.name for vv in opt.variables])
opt2 = keras.optimizers.SGD(0.1)
opt2.build([d.kernel])
show("apply wrong var", lambda: opt2.apply_gradients([(np.zeros((1,), "float32"), d.bias)]))
show("none grad", lambda: keras.optimizers.SGD(0.1).apply_gradients([(None, d.kernel)]))
"""

SNIPPETS["schedules_rarer_arguments"] = _OPS + """
S = keras.optimizers.schedules
s = S.ExponentialDecay(1.0, decay_steps=2, decay_rate=0.5, staircase=True)
show("exp stair", lambda: [float(s(i)) for i in range(5)])
s = S.PolynomialDecay(1.0, 4, end_learning_rate=0.0, power=2.0, cycle=True)
show("poly cycle", lambda: [round(float(s(i)), 4) for i in (0, 2, 4, 5, 9)])
s = S.InverseTimeDecay(1.0, 2, 1.0, staircase=True)
show("inv stair", lambda: [float(s(i)) for i in range(5)])
s = S.CosineDecay(1.0, 4, alpha=0.1, warmup_target=2.0, warmup_steps=2)
show("cos warm", lambda: [round(float(s(i)), 4) for i in range(8)])
show("serialize", lambda: str(S.serialize(S.ExponentialDecay(0.1, 10, 0.9))))
show("deserialize bad", lambda: S.deserialize({"class_name": "Nope", "config": {}}))
"""

SNIPPETS["callbacks_terminate_on_nan_and_lambda"] = _OPS + """
x = np.ones((4, 1), "float32")
y = np.array([[1.0], [np.nan], [1.0], [1.0]], "float32")
m = keras.Sequential([keras.Input((1,)), layers.Dense(1)])
m.compile("sgd", "mse")
h = m.fit(x, y, batch_size=1, epochs=3, verbose=0, callbacks=[keras.callbacks.TerminateOnNaN()])
print(h.epoch, len(h.history["loss"]), np.isnan(h.history["loss"][0]))
seen = []
cb = keras.callbacks.LambdaCallback(on_train_batch_end=lambda b, logs: seen.append((b, sorted(logs))), on_epoch_end=lambda e, logs: seen.append(("e", e)))
m.fit(x, x, batch_size=2, epochs=1, verbose=0, callbacks=[cb])
print(seen)
show("lambda extra kw", lambda: type(keras.callbacks.LambdaCallback(on_nothing=print)).__name__)
"""

SNIPPETS["callbacks_remote_monitor_and_list"] = _OPS + """
cbl = keras.callbacks.CallbackList([keras.callbacks.History()], add_history=True, add_progbar=True, epochs=1, verbose=0, steps=2)
print([type(c).__name__ for c in cbl.callbacks])
print(type(cbl.params).__name__, sorted(cbl.params))
class C(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        print("epoch", epoch, sorted(logs), type(self.model).__name__, sorted(self.params))
m = keras.Sequential([keras.Input((1,)), layers.Dense(1)])
m.compile("sgd", "mse")
m.fit(np.ones((2, 1)), np.ones((2, 1)), epochs=1, verbose=0, callbacks=[C()])
m.evaluate(np.ones((2, 1)), np.ones((2, 1)), verbose=0, callbacks=[C()])
show("cb not callback", lambda: m.fit(np.ones((2, 1)), np.ones((2, 1)), epochs=1, verbose=0, callbacks=[3]))
"""
