"""kprobe49's further snippets: keras.random with SeedGenerators, keras.ops at edges on
concrete tensors, layers' build and compute_output_spec errors, get_config/from_config
round trips."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe40.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["seed_generator_state_config_and_errors"] = _TRY + """
g = keras.random.SeedGenerator(42)
print(r4(g.state), keras.backend.standardize_dtype(g.state.dtype), g.state.path if hasattr(g.state, "path") else None)
a = keras.random.uniform((3,), seed=g); b = keras.random.uniform((3,), seed=g)
print(r4(a), r4(b), r4(g.state))
js("cfg", lambda: g.get_config())
g2 = keras.random.SeedGenerator.from_config(g.get_config())
print(r4(g2.state))
tryq("str seed", lambda: keras.random.SeedGenerator("a"))
tryq("float seed", lambda: keras.random.SeedGenerator(1.5))
tryq("none seed", lambda: r4(keras.random.SeedGenerator(None).state.shape))
tryq("next", lambda: r4(g.next()))
tryq("tuple seed", lambda: r4(keras.random.uniform((2,), seed=(1, 2))))
tryq("tensor seed", lambda: r4(keras.random.uniform((2,), seed=keras.ops.array([1, 2], "int32"))))
tryq("bad tuple", lambda: keras.random.uniform((2,), seed=(1, 2, 3)))
"""

SNIPPETS["random_distributions_with_seed_generator"] = _TRY + """
g = keras.random.SeedGenerator(7)
show("normal", lambda: keras.random.normal((2, 2), mean=1.0, stddev=2.0, seed=g))
show("trunc", lambda: keras.random.truncated_normal((4,), seed=g))
show("randint", lambda: keras.random.randint((5,), 0, 3, seed=g))
show("randint dtype", lambda: keras.random.randint((3,), -5, 5, seed=g, dtype="int64"))
show("categorical", lambda: keras.random.categorical(np.log(np.array([[0.1, 0.9], [0.5, 0.5]], "float32")), 4, seed=g))
show("dropout", lambda: keras.random.dropout(np.ones((2, 4), "float32"), 0.5, seed=g))
show("dropout ns", lambda: keras.random.dropout(np.ones((2, 4), "float32"), 0.5, noise_shape=(1, 4), seed=g))
show("shuffle", lambda: keras.random.shuffle(np.arange(6), seed=g))
show("shuffle axis1", lambda: keras.random.shuffle(np.arange(6).reshape(2, 3), axis=1, seed=g))
show("gamma", lambda: keras.random.gamma((3,), alpha=2.0, seed=g))
show("binomial", lambda: keras.random.binomial((3,), counts=5.0, probabilities=0.5, seed=g))
show("beta", lambda: keras.random.beta((3,), alpha=2.0, beta=3.0, seed=g))
print(r4(g.state))
"""

SNIPPETS["random_bad_args_and_dtypes"] = _TRY + """
tryq("uniform int", lambda: keras.random.uniform((2,), dtype="int32"))
tryq("normal int", lambda: keras.random.normal((2,), dtype="int32"))
tryq("randint float", lambda: keras.random.randint((2,), 0, 5, dtype="float32"))
tryq("dropout rate 1", lambda: r4(keras.random.dropout(np.ones((3,), "float32"), 1.0, seed=1)))
tryq("dropout rate neg", lambda: keras.random.dropout(np.ones((3,), "float32"), -0.1, seed=1))
tryq("uniform min>max", lambda: r4(keras.random.uniform((2,), minval=2.0, maxval=1.0, seed=1)))
tryq("shape neg", lambda: keras.random.uniform((-1,), seed=1))
tryq("shape none", lambda: keras.random.uniform((None,), seed=1))
tryq("categorical 1d", lambda: keras.random.categorical(np.array([0.1, 0.9]), 2, seed=1))
dt("uniform f16", lambda: keras.random.uniform((2,), dtype="float16", seed=1))
dt("normal bf16", lambda: keras.random.normal((2,), dtype="bfloat16", seed=1))
dt("randint default", lambda: keras.random.randint((2,), 0, 3, seed=1))
dt("categorical default", lambda: keras.random.categorical(np.zeros((1, 3)), 2, seed=1))
"""

SNIPPETS["ops_reductions_on_empty_and_nan"] = _TRY + """
E = np.zeros((0, 3), "float32")
for n in ["sum", "mean", "max", "min", "prod", "std", "var", "argmax", "argmin", "any", "all", "logsumexp", "median"]:
    show(n, lambda: getattr(keras.ops, n)(E, axis=0))
show("max all empty", lambda: keras.ops.max(E))
show("max initial", lambda: keras.ops.max(E, initial=-1.0))
N = np.array([[1.0, np.nan, 3.0], [np.inf, -np.inf, 0.0]], "float32")
for n in ["sum", "mean", "max", "min", "argmax", "argmin", "std", "median", "cumsum", "cumprod", "nan_to_num", "sort", "argsort"]:
    show(n, lambda: getattr(keras.ops, n)(N, axis=-1))
"""

SNIPPETS["ops_shape_edges_concrete"] = _TRY + """
x = np.arange(6, dtype="float32").reshape(2, 3)
show("reshape -1", lambda: O.reshape(x, (-1,)))
tryq("reshape two -1", lambda: O.reshape(x, (-1, -1)))
tryq("reshape bad", lambda: O.reshape(x, (4, 2)))
show("squeeze none", lambda: O.squeeze(np.ones((1, 2, 1))))
tryq("squeeze bad", lambda: O.squeeze(x, axis=0))
show("expand neg", lambda: O.expand_dims(x, -1).shape)
show("expand tuple", lambda: O.expand_dims(x, (0, 2)).shape)
tryq("expand out", lambda: O.expand_dims(x, 4))
show("transpose axes", lambda: O.transpose(np.ones((2, 3, 4)), (2, 0, 1)).shape)
tryq("transpose bad", lambda: O.transpose(x, (0, 0)))
show("split 3", lambda: [t.shape for t in O.split(np.ones((6, 2)), 3)])
show("split idx", lambda: [t.shape for t in O.split(np.ones((6, 2)), [1, 4])])
tryq("split uneven", lambda: O.split(np.ones((5, 2)), 2))
show("tile", lambda: O.tile(x, (2,)).shape)
show("repeat", lambda: O.repeat(x, [1, 2], axis=0))
show("broadcast_to", lambda: O.broadcast_to(np.array([1, 2, 3]), (2, 3)))
tryq("broadcast bad", lambda: O.broadcast_to(np.array([1, 2]), (2, 3)))
show("moveaxis", lambda: O.moveaxis(np.ones((2, 3, 4)), [0, 1], [-1, -2]).shape)
show("swapaxes", lambda: O.swapaxes(np.ones((2, 3, 4)), 0, 2).shape)
"""

SNIPPETS["ops_indexing_edges_concrete"] = _TRY + """
x = np.arange(12, dtype="float32").reshape(3, 4)
show("take neg", lambda: O.take(x, np.array([-1, 0]), axis=1))
show("take flat", lambda: O.take(x, np.array([[0, 11]])))
show("take_along", lambda: O.take_along_axis(x, np.array([[0], [3], [1]]), axis=1))
show("take_along none", lambda: O.take_along_axis(x, np.array([5, 1]), axis=None))
show("slice", lambda: O.slice(x, (1, 1), (2, 2)))
show("slice_update", lambda: O.slice_update(x, (1, 2), np.zeros((2, 2), "float32")))
show("scatter", lambda: O.scatter(np.array([[0, 1], [2, 3], [0, 1]]), np.array([1.0, 2.0, 3.0]), (3, 4)))
show("scatter_update", lambda: O.scatter_update(np.zeros((2, 2), "float32"), [[0, 0], [1, 1]], [5.0, 6.0]))
show("where 1", lambda: O.where(np.array([[True, False], [False, True]])))
show("nonzero", lambda: O.nonzero(np.array([0, 3, 0, 1])))
show("searchsorted", lambda: O.searchsorted(np.array([1.0, 2.0, 3.0]), np.array([2.0, 0.0, 4.0]), side="right"))
show("digitize", lambda: O.digitize(np.array([0.5, 1.5, 3.0]), [1.0, 2.0, 3.0]))
show("diag k", lambda: O.diag(np.array([1.0, 2.0]), k=1))
show("diagonal", lambda: O.diagonal(x, offset=1))
show("tril", lambda: O.tril(x, k=-1))
show("triu", lambda: O.triu(x, k=2))
"""

SNIPPETS["ops_math_edges_int_and_bool"] = _TRY + """
i = np.array([-7, -1, 0, 3, 8], "int32")
show("floor_divide", lambda: O.floor_divide(i, 3))
show("mod", lambda: O.mod(i, -3))
show("divide int", lambda: O.divide(i, 2))
show("true_divide", lambda: O.true_divide(i, np.int32(0)))
show("power neg", lambda: O.power(np.array([2, 3], "int32"), 2))
show("sign int", lambda: O.sign(i))
show("abs bool", lambda: O.abs(np.array([True, False])))
show("square bool", lambda: O.square(np.array([True, False])))
show("negative uint8", lambda: O.negative(np.array([1, 200], "uint8")))
show("clip int", lambda: O.clip(i, -2, 4))
show("clip bool", lambda: O.clip(np.array([True, False]), 0, 1))
show("round half", lambda: O.round(np.array([0.5, 1.5, 2.5, -0.5], "float32")))
show("round dec", lambda: O.round(np.array([1.234, 5.678], "float32"), 1))
show("round int", lambda: O.round(np.array([15, 25], "int32"), -1))
show("log1p -1", lambda: O.log1p(np.array([-1.0, -2.0], "float32")))
show("sqrt int", lambda: O.sqrt(np.array([4, 2], "int32")))
show("hypot", lambda: O.hypot(np.array([3, 5], "int32"), np.array([4, 12], "int32")))
show("logaddexp", lambda: O.logaddexp(np.array([-np.inf, 1.0], "float32"), np.array([-np.inf, 1.0], "float32")))
"""

SNIPPETS["ops_nn_edges_concrete"] = _TRY + """
x = np.array([[1.0, 2.0, 3.0], [-np.inf, 0.0, -np.inf]], "float32")
show("softmax inf", lambda: O.softmax(x))
show("log_softmax inf", lambda: O.log_softmax(x))
show("softmax axis tuple", lambda: O.softmax(np.ones((2, 2), "float32"), axis=(0, 1)))
show("one_hot neg", lambda: O.one_hot(np.array([0, -1, 3]), 3))
show("one_hot axis0", lambda: O.one_hot(np.array([0, 2]), 3, axis=0))
show("multi_hot", lambda: O.multi_hot(np.array([[0, 2], [1, 1]]), 3))
show("normalize l1", lambda: O.normalize(np.array([[3.0, -4.0], [0.0, 0.0]], "float32"), order=1))
show("sparse_cce", lambda: O.sparse_categorical_crossentropy(np.array([0, 2]), np.array([[0.5, 0.3, 0.2], [0.0, 0.0, 1.0]], "float32")))
show("bce edge", lambda: O.binary_crossentropy(np.array([1.0, 0.0]), np.array([1.0, 1.0])))
show("glu", lambda: O.glu(np.array([[1.0, 2.0, 0.0, -1.0]], "float32")))
tryq("glu odd", lambda: O.glu(np.array([[1.0, 2.0, 0.0]], "float32")))
show("sparse_plus", lambda: O.sparse_plus(np.array([-2.0, 0.0, 0.5, 2.0], "float32")))
show("squareplus", lambda: O.squareplus(np.array([-2.0, 0.0, 2.0], "float32"), b=1))
show("celu", lambda: O.celu(np.array([-2.0, 0.0, 2.0], "float32"), alpha=0.5))
show("hard_shrink", lambda: O.hard_shrink(np.array([-0.6, 0.2, 0.5, 0.7], "float32")))
show("threshold", lambda: O.threshold(np.array([-1.0, 0.5, 2.0], "float32"), 0.5, 9.0))
show("log_sigmoid", lambda: O.log_sigmoid(np.array([-100.0, 0.0, 100.0], "float32")))
show("sparsemax", lambda: O.sparsemax(np.array([[1.0, 2.0, 0.5], [0.0, 0.0, 0.0]], "float32")))
"""

SNIPPETS["dense_einsum_build_errors_and_specs"] = _TRY + """
tryq("dense units 0", lambda: layers.Dense(0))
tryq("dense units neg", lambda: layers.Dense(-1))
tryq("dense units float", lambda: layers.Dense(2.5))
tryq("dense on scalar", lambda: layers.Dense(2)(np.float32(1.0)))
tryq("dense none last", lambda: layers.Dense(2).build((None, None)))
d = layers.Dense(3)
d.build((None, 4))
tryq("dense wrong dim", lambda: d(np.ones((2, 5), "float32")))
tryq("dense spec", lambda: d.compute_output_spec(keras.KerasTensor((None, 4))).shape)
tryq("dense cos 1d", lambda: d.compute_output_shape((4,)))
e = layers.EinsumDense("ab,bc->ac", output_shape=5, bias_axes="c")
tryq("einsum build", lambda: e(np.ones((2, 3), "float32")).shape)
tryq("einsum bad eq", lambda: layers.EinsumDense("abc", output_shape=5)(np.ones((2, 3), "float32")))
tryq("einsum bias axis", lambda: layers.EinsumDense("ab,bc->ac", output_shape=5, bias_axes="d")(np.ones((2, 3), "float32")))
tryq("einsum out rank", lambda: layers.EinsumDense("abc,cd->abd", output_shape=(5,))(np.ones((2, 3, 4), "float32")).shape)
js("einsum cfg", lambda: e.get_config())
"""

SNIPPETS["conv_pool_build_errors"] = _TRY + """
tryq("conv filters 0", lambda: layers.Conv2D(0, 3))
tryq("conv kernel 0", lambda: layers.Conv2D(2, 0))
tryq("conv strides and dilation", lambda: layers.Conv2D(2, 3, strides=2, dilation_rate=2))
tryq("conv groups", lambda: layers.Conv2D(3, 3, groups=2))
tryq("conv rank", lambda: layers.Conv2D(2, 3)(np.ones((1, 4, 4), "float32")))
tryq("conv groups in", lambda: layers.Conv2D(4, 1, groups=2)(np.ones((1, 4, 4, 3), "float32")))
tryq("conv too small", lambda: layers.Conv2D(2, 5)(np.ones((1, 3, 3, 1), "float32")))
unordered("conv padding", lambda: layers.Conv2D(2, 3, padding="full"))
unordered("conv causal 2d", lambda: layers.Conv2D(2, 3, padding="causal"))
tryq("conv1d causal", lambda: layers.Conv1D(1, 2, padding="causal", kernel_initializer="ones")(np.arange(4, dtype="float32").reshape(1, 4, 1)).numpy().ravel().tolist())
tryq("pool size 0", lambda: layers.MaxPooling2D(0))
tryq("pool rank", lambda: layers.MaxPooling2D()(np.ones((1, 4, 4), "float32")))
tryq("pool too small", lambda: layers.MaxPooling2D(3)(np.ones((1, 2, 2, 1), "float32")).shape)
tryq("sepconv mult 0", lambda: layers.SeparableConv2D(2, 3, depth_multiplier=0))
tryq("depthwise cos", lambda: layers.DepthwiseConv2D(3, depth_multiplier=2).compute_output_shape((None, 8, 8, 3)))
tryq("convT cos", lambda: layers.Conv2DTranspose(4, 3, strides=2, output_padding=1).compute_output_shape((None, 5, 5, 2)))
tryq("convT out pad", lambda: layers.Conv2DTranspose(4, 3, strides=1, output_padding=1))
"""

SNIPPETS["rnn_layers_build_errors_and_specs"] = _TRY + """
tryq("lstm units 0", lambda: layers.LSTM(0))
tryq("lstm rank2", lambda: layers.LSTM(2)(np.ones((2, 3), "float32")))
tryq("gru dropout", lambda: layers.GRU(2, dropout=1.5))
tryq("rnn no cell", lambda: layers.RNN(None))
tryq("rnn bad cell", lambda: layers.RNN(layers.Dense(2)))
tryq("lstm cos", lambda: layers.LSTM(3, return_sequences=True, return_state=True).compute_output_shape((None, 5, 2)))
tryq("gru cos", lambda: layers.GRU(3, return_state=True).compute_output_shape((None, 5, 2)))
tryq("bi cos", lambda: layers.Bidirectional(layers.LSTM(3, return_sequences=True)).compute_output_shape((None, 5, 2)))
tryq("bi concat none", lambda: layers.Bidirectional(layers.LSTM(3), merge_mode=None).compute_output_shape((None, 5, 2)))
tryq("bi bad merge", lambda: layers.Bidirectional(layers.LSTM(3), merge_mode="max"))
tryq("bi not rnn", lambda: layers.Bidirectional(layers.Dense(3)))
tryq("stateful no batch", lambda: keras.Sequential([keras.Input((3, 2)), layers.LSTM(2, stateful=True)]))
tryq("simplernn spec", lambda: layers.SimpleRNN(4).compute_output_spec(keras.KerasTensor((2, 5, 3))).shape)
tryq("convlstm cos", lambda: layers.ConvLSTM2D(2, 3, return_sequences=True).compute_output_shape((None, 4, 6, 6, 1)))
"""

SNIPPETS["reshaping_layers_build_errors"] = _TRY + """
tryq("reshape bad", lambda: layers.Reshape((4, 4))(np.ones((2, 6), "float32")))
tryq("reshape two -1", lambda: layers.Reshape((-1, -1)))
tryq("reshape cos", lambda: layers.Reshape((-1, 3)).compute_output_shape((None, 6)))
tryq("reshape cos bad", lambda: layers.Reshape((-1, 4)).compute_output_shape((None, 6)))
tryq("permute bad", lambda: layers.Permute((1, 3)))
tryq("permute zero", lambda: layers.Permute((0, 1)))
tryq("permute cos", lambda: layers.Permute((2, 1)).compute_output_shape((None, 3, 4)))
tryq("repeat vector rank", lambda: layers.RepeatVector(3)(np.ones((2, 3, 4), "float32")))
tryq("flatten cos", lambda: layers.Flatten().compute_output_shape((None, 3, None)))
tryq("flatten channels first", lambda: layers.Flatten(data_format="channels_first")(np.arange(12, dtype="float32").reshape(1, 2, 2, 3)).numpy().tolist())
tryq("cropping too much", lambda: layers.Cropping1D((2, 2))(np.ones((1, 3, 1), "float32")))
tryq("cropping2d cos", lambda: layers.Cropping2D(((1, 0), (0, 2))).compute_output_shape((None, 4, 5, 1)))
tryq("zeropad bad", lambda: layers.ZeroPadding2D((1, 2, 3)))
tryq("upsampling cos", lambda: layers.UpSampling2D((2, 3)).compute_output_shape((None, 2, None, 3)))
tryq("concat mismatch", lambda: layers.Concatenate()([np.ones((2, 3)), np.ones((3, 3))]))
tryq("concat one", lambda: layers.Concatenate()([np.ones((2, 3))]))
tryq("add mismatch", lambda: layers.Add()([np.ones((2, 3)), np.ones((2, 4))]))
tryq("dot axes", lambda: layers.Dot(axes=(1, 1))([np.ones((2, 3)), np.ones((2, 4))]))
"""

SNIPPETS["attention_norm_layers_configs_round_trip"] = _TRY + """
makes = [lambda: layers.MultiHeadAttention(2, 3, dropout=0.1), lambda: layers.GroupQueryAttention(2, 4, 2), lambda: layers.Attention(use_scale=True, score_mode="concat", dropout=0.2), lambda: layers.AdditiveAttention(use_scale=False), lambda: layers.LayerNormalization(rms_scaling=True), lambda: layers.BatchNormalization(momentum=0.9, renorm=True, renorm_clipping={"rmax": 2.0}), lambda: layers.GroupNormalization(groups=4, axis=1), lambda: layers.UnitNormalization(axis=-2), lambda: layers.SpectralNormalization(layers.Dense(2)), lambda: layers.EinsumDense("ab,bc->ac", 4), lambda: layers.Conv1D(2, 3, groups=1, padding="causal"), lambda: layers.Embedding(5, 2, mask_zero=True, embeddings_regularizer="l2"), lambda: layers.Dense(2, lora_rank=2), lambda: layers.Discretization(num_bins=3, epsilon=0.1), lambda: layers.RMSNormalization(axis=-1, epsilon=1e-3)]
for k, make in enumerate(makes):
    rt(str(k), make)
"""

SNIPPETS["rms_normalization_layer_values_and_config"] = _TRY + """
x = np.array([[1.0, 2.0, 4.0, 8.0], [-1.0, 0.5, 0.0, 3.0]], "float32")
tryq("values", lambda: r4(layers.RMSNormalization()(x)))
tryq("axis0", lambda: r4(layers.RMSNormalization(axis=0)(x)))
tryq("eps", lambda: r4(layers.RMSNormalization(epsilon=1.0)(x)))
l = layers.RMSNormalization()
l(x)
tryq("weights", lambda: [(w.path, tuple(w.shape)) for w in l.weights])
js("cfg", lambda: l.get_config())
tryq("ops rms", lambda: r4(keras.ops.rms_normalization(x, scale=2.0)))
tryq("ops rms axis", lambda: r4(keras.ops.rms_normalization(x, axis=0, epsilon=0.5)))
tryq("ops layer_norm", lambda: r4(keras.ops.layer_normalization(x, gamma=np.array([1.0, 2.0, 1.0, 0.5], "float32"), beta=np.ones(4, "float32"))))
tryq("ops layer_norm rms", lambda: r4(keras.ops.layer_normalization(x, rms_scaling=True)))
"""

SNIPPETS["metrics_and_losses_get_and_serialize"] = _TRY + """
for n in ["auc", "AUC", "f1_score", "F1Score", "r2_score", "mean_iou", "MeanIoU", "iou", "fbeta_score", "binary_iou", "precision_at_recall"]:
    tryq(n, lambda: type(keras.metrics.get(n)).__name__)
for n in ["tversky", "Tversky", "dice", "Dice", "ctc", "CTC", "categorical_focal_crossentropy", "CategoricalFocalCrossentropy", "circle", "Circle"]:
    tryq(n, lambda: getattr(keras.losses.get(n), "__name__", type(keras.losses.get(n)).__name__))
js("ser tversky", lambda: keras.losses.serialize(keras.losses.Tversky()))
js("ser auc", lambda: keras.metrics.serialize(keras.metrics.AUC(num_thresholds=3)))
tryq("deser", lambda: keras.metrics.deserialize({"class_name": "F1Score", "config": {"average": "micro"}}).average)
"""

SNIPPETS["compile_with_new_losses_and_metrics_fit"] = _TRY + """
x = np.linspace(-1, 1, 24, dtype="float32").reshape(8, 3)
y = (np.abs(x) > 0.5).astype("float32")
m = keras.Sequential([keras.Input((3,)), layers.Dense(3, activation="sigmoid")])
fill(m)
m.compile(keras.optimizers.Lion(0.01), loss=keras.losses.Dice(), metrics=[keras.metrics.F1Score(threshold=0.5), keras.metrics.BinaryIoU(), keras.metrics.AUC(num_thresholds=5, multi_label=True)])
h = m.fit(x, y, epochs=2, batch_size=4, verbose=0)
print({k: r4(v) for k, v in sorted(h.history.items())})
print(r4(m.evaluate(x, y, verbose=0)))
m.compile(keras.optimizers.Lamb(0.01), loss=keras.losses.Tversky(alpha=0.3, beta=0.7), metrics=["binary_accuracy"])
print(logs4(m.fit(x, y, epochs=1, batch_size=8, verbose=0)))
"""

SNIPPETS["circle_loss_and_ops_edges"] = _TRY + """
yt = np.array([0, 1, 0, 1])
emb = np.array([[1.0, 0.0], [0.0, 1.0], [0.9, 0.1], [0.2, 0.8]], "float32")
tryq("circle", lambda: r4(keras.losses.Circle(reduction="none")(yt, emb)))
tryq("circle opts", lambda: r4(keras.losses.Circle(gamma=2.0, margin=0.1, remove_diagonal=False)(yt, emb)))
tryq("circle fn", lambda: r4(keras.losses.circle(yt, emb)))
js("cfg", lambda: keras.losses.Circle().get_config())
"""

SNIPPETS["ops_linalg_edges_concrete"] = _TRY + """
S2 = np.array([[4.0, 2.0], [2.0, 3.0]], "float32")
show("inv singular", lambda: O.inv(np.array([[1.0, 2.0], [2.0, 4.0]], "float32")))
show("solve", lambda: O.solve(S2, np.array([[1.0], [2.0]], "float32")))
tryq("solve shape", lambda: O.solve(S2, np.ones((3, 1), "float32")))
show("cholesky", lambda: O.cholesky(S2))
show("cholesky bad", lambda: O.cholesky(np.array([[1.0, 2.0], [2.0, 1.0]], "float32")))
show("det int", lambda: O.det(np.array([[1, 2], [3, 4]], "int32")))
show("norm fro", lambda: O.norm(S2, ord="fro"))
show("norm nuc", lambda: O.norm(S2, ord="nuc"))
show("norm inf vec", lambda: O.norm(np.array([3.0, -4.0], "float32"), ord=np.inf))
tryq("norm bad ord", lambda: O.norm(S2, ord=3))
show("matmul 1d", lambda: O.matmul(np.array([1.0, 2.0], "float32"), S2))
show("matmul int8", lambda: O.matmul(np.array([[100]], "int8"), np.array([[2]], "int8")))
tryq("matmul mismatch", lambda: O.matmul(np.ones((2, 3)), np.ones((2, 3))))
show("outer", lambda: O.outer(np.array([1, 2]), np.array([3.0, 4.0])))
show("trace", lambda: O.trace(np.arange(9).reshape(3, 3), offset=1))
show("eigh", lambda: O.eigh(S2)[0])
show("lstsq", lambda: O.lstsq(np.array([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]], "float32"), np.array([1.0, 2.0, 2.0], "float32")))
"""

SNIPPETS["seed_generator_in_layer_saved_and_traced"] = _TRY + """
class Noisy(layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.gen = keras.random.SeedGenerator(5)
    def call(self, x):
        return x + keras.random.uniform(keras.ops.shape(x), seed=self.gen)
l = Noisy()
x = np.zeros((1, 3), "float32")
print(r4(l(x)), r4(l(x)))
print([(w.path, keras.backend.standardize_dtype(w.dtype), w.trainable) for w in l.variables], len(l.weights), len(l.non_trainable_weights))
f = tf.function(lambda t: l(t))
print(r4(f(x)), r4(f(x)), r4(l.gen.state))
d = layers.Dropout(0.5, seed=3)
print([v.path for v in d.variables], r4(d(np.ones((1, 4)), training=True)))
"""
