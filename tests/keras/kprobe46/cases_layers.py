"""kprobe46's snippets of ordinary Keras 3 layer and model code: synchronized and masked
batch normalization, other normalizations, reshaping and noise layers, preprocessing,
attention, recurrent layers, losses, metrics, optimizers' first steps, initializers,
utilities and a small training run (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe46.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["batchnorm_synchronized"] = _TRY + """
rng = np.random.default_rng(0)
x = (rng.standard_normal((8, 3, 4)) * 3 + 5).astype("float32")
mask = rng.random((8, 3)) > 0.3
for sync in (False, True):
    bn = layers.BatchNormalization(synchronized=sync, momentum=0.5)
    show(f"sync={sync} y", lambda: bn(x, training=True)[0, 0])
    show("  stats", lambda: (bn.moving_mean, bn.moving_variance))
    bn2 = layers.BatchNormalization(synchronized=sync, momentum=0.5, axis=1)
    show(f"sync={sync} axis1", lambda: bn2(x, training=True)[0, :, 0])
    bn3 = layers.BatchNormalization(synchronized=sync, momentum=0.5)
    show(f"sync={sync} mask", lambda: bn3(x, training=True, mask=mask)[1, 0])
    show("  stats", lambda: bn3.moving_variance)
    bn4 = layers.BatchNormalization(synchronized=sync, renorm=True, momentum=0.5)
    show(f"sync={sync} renorm", lambda: bn4(x, training=True)[0, 0])
show("mask bad", lambda: layers.BatchNormalization()(x, training=True, mask=np.ones((8,), bool)))
s = tf.distribute.MirroredStrategy(["/cpu:0"])
with s.scope():
    bn5 = layers.BatchNormalization(synchronized=True)
    show("mirrored one replica", lambda: s.run(lambda: bn5(x, training=True)[0, 0]))
"""

SNIPPETS["normalization_layers"] = _TRY + """
x = np.arange(24, dtype="float32").reshape(2, 3, 4) ** 1.3
show("layernorm axes", lambda: layers.LayerNormalization(axis=[1, 2])(x)[0, 0])
show("layernorm rms", lambda: layers.LayerNormalization(rms_scaling=True)(x)[0, 0])
show("groupnorm", lambda: layers.GroupNormalization(groups=2)(x)[0, 0])
show("groupnorm bad", lambda: layers.GroupNormalization(groups=3)(x))
show("unitnorm", lambda: layers.UnitNormalization(axis=[1, 2])(x)[0, 0])
show("rmsnorm", lambda: layers.RMSNormalization(axis=-1, epsilon=1e-3)(x)[1, 2])
sn = layers.SpectralNormalization(layers.Dense(2, kernel_initializer="ones"), power_iterations=2)
show("spectral", lambda: sn(x[0], training=True))
show("spectral kernel", lambda: sn.layer.kernel)
show("spectral bad", lambda: layers.SpectralNormalization(layers.ReLU()).build((None, 3)))
"""

SNIPPETS["shape_and_noise_layers"] = _TRY + """
x = np.arange(24, dtype="float32").reshape(2, 3, 4)
show("permute", lambda: layers.Permute((2, 1))(x).shape)
show("permute bad", lambda: layers.Permute((1, 3)))
show("reshape -1", lambda: layers.Reshape((-1, 2))(x).shape)
show("reshape bad", lambda: layers.Reshape((5, -1))(x))
show("repeat", lambda: layers.RepeatVector(2)(x[:, 0]).shape)
show("flatten cf", lambda: layers.Flatten(data_format="channels_first")(x)[0])
show("cropping3d", lambda: layers.Cropping3D(((1, 0), (0, 1), (1, 1)))(np.ones((1, 3, 3, 4, 2))).shape)
show("zeropad3d", lambda: layers.ZeroPadding3D((1, 0, 2))(np.ones((1, 2, 2, 2, 1))).shape)
show("upsampling3d", lambda: layers.UpSampling3D((1, 2, 1))(np.ones((1, 2, 2, 2, 1))).shape)
show("masking", lambda: layers.Masking(0.0)(np.array([[[0.0], [1.0]]])) ._keras_mask)
show("gaussian noise infer", lambda: layers.GaussianNoise(1.0)(x)[0, 0])
show("gaussian dropout infer", lambda: layers.GaussianDropout(0.5)(x)[0, 0])
show("alpha dropout infer", lambda: layers.AlphaDropout(0.5)(x)[0, 0])
show("spatial dropout bad", lambda: layers.SpatialDropout2D(0.5)(x, training=True))
show("activity reg", lambda: (lambda l: (l(x), l.losses))(layers.ActivityRegularization(l1=0.1, l2=0.01))[1])
show("identity", lambda: layers.Identity()(x).shape)
"""

SNIPPETS["preprocessing_layers"] = _TRY + """
show("discretization", lambda: layers.Discretization(bin_boundaries=[0.0, 1.0, 2.0])(np.array([-1.0, 0.5, 1.0, 3.0])))
d = layers.Discretization(num_bins=3, epsilon=0.01)
d.adapt(np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]))
show("discretization adapt", lambda: (d.bin_boundaries, d(np.array([1.5, 3.5, 5.5]))))
show("category count", lambda: layers.CategoryEncoding(4, output_mode="count")(np.array([[0, 1, 1], [3, 3, 2]])))
show("category bad", lambda: layers.CategoryEncoding(2)(np.array([3])))
show("hashing salt", lambda: layers.Hashing(5, salt=7)(np.array(["a", "b", "c"])))
show("hashing mask", lambda: layers.Hashing(5, mask_value="")(np.array(["", "x"])))
il = layers.IntegerLookup(vocabulary=[10, 20, 30], invert=True)
show("intlookup invert", lambda: il(np.array([0, 1, 3])))
sl = layers.StringLookup(vocabulary=["a", "b", "c"], output_mode="tf_idf", idf_weights=[0.5, 1.0, 2.0])
show("strlookup tfidf", lambda: sl(np.array([["a", "c", "c", "z"]])))
n = layers.Normalization(mean=[1.0, 2.0], variance=[4.0, 1.0], invert=True)
show("norm invert", lambda: n(np.array([[1.0, 1.0]])))
tv = layers.TextVectorization(ngrams=2, split="character", standardize="lower", output_mode="multi_hot")
tv.adapt(["abA", "ba"])
show("textvec vocab", lambda: tv.get_vocabulary())
show("textvec out", lambda: tv(["ab"]))
show("hashed crossing", lambda: layers.HashedCrossing(num_bins=5, output_mode="one_hot")((np.array([1, 2]), np.array(["a", "b"]))))
tv16 = layers.TextVectorization(vocabulary=["hé", "x"], encoding="utf-16")
show("textvec utf16", lambda: tv16(["hé x"]))
"""

SNIPPETS["attention_layers"] = _TRY + """
rng = np.random.default_rng(4)
q = rng.standard_normal((1, 3, 4)).astype("float32")
v = rng.standard_normal((1, 5, 4)).astype("float32")
mha = layers.MultiHeadAttention(2, 3, seed=1)
out, scores = mha(q, v, return_attention_scores=True, attention_mask=np.tril(np.ones((1, 3, 5), bool)))
show("mha", lambda: out[0, 0])
show("mha scores", lambda: scores[0, 1])
show("mha causal", lambda: mha(q, q, use_causal_mask=True)[0, 2])
show("mha bad dims", lambda: layers.MultiHeadAttention(2, 3)(q, np.ones((1, 5, 6, 2), "float32")))
gqa = layers.GroupQueryAttention(head_dim=2, num_query_heads=4, num_key_value_heads=2, seed=1)
show("gqa", lambda: gqa(q, v)[0, 0])
show("gqa bad", lambda: layers.GroupQueryAttention(head_dim=2, num_query_heads=3, num_key_value_heads=2))
show("attention mask", lambda: layers.Attention(use_scale=True)([q, v], mask=[None, np.array([[1, 1, 0, 0, 1]], bool)])[0, 0])
show("attention scores", lambda: layers.Attention(score_mode="concat")([q, v, v], return_attention_scores=True)[1][0, 0])
show("additive", lambda: layers.AdditiveAttention()([q, v])[0, 1])
"""

SNIPPETS["recurrent_layers"] = _TRY + """
rng = np.random.default_rng(5)
x = rng.standard_normal((2, 4, 3)).astype("float32")
mask = np.array([[1, 1, 1, 0], [1, 1, 0, 0]], bool)
show("gru reset_after=False", lambda: layers.GRU(2, reset_after=False, seed=1)(x))
show("lstm states", lambda: layers.LSTM(2, return_state=True, seed=1)(x, mask=mask))
show("simplernn seq mask", lambda: layers.SimpleRNN(2, return_sequences=True, seed=1)(x, mask=mask)[1])
show("bidi ave", lambda: layers.Bidirectional(layers.GRU(2, seed=1), merge_mode="ave")(x))
show("bidi none", lambda: [t.shape for t in layers.Bidirectional(layers.LSTM(2, seed=1), merge_mode=None)(x)])
show("convlstm1d", lambda: layers.ConvLSTM1D(2, 2, seed=1)(rng.standard_normal((1, 3, 5, 2)).astype("float32")).shape)
show("rnn cells", lambda: layers.RNN([layers.GRUCell(2, seed=1), layers.LSTMCell(3, seed=1)])(x))
show("lstm bad rank", lambda: layers.LSTM(2)(x[0]))
show("initial_state", lambda: layers.GRU(2, seed=1)(x, initial_state=[np.ones((2, 2), "float32")]))
"""

SNIPPETS["simple_rnn_go_backwards"] = _TRY + """
x = np.random.default_rng(5).standard_normal((2, 4, 3)).astype("float32")
show("go_backwards", lambda: layers.SimpleRNN(2, go_backwards=True, return_sequences=True, seed=1)(x)[0])
"""

SNIPPETS["textvectorization_utf16_vocabulary"] = _TRY + """
# (one term: Keras decodes its table's terms in the table's order, which TF's hashing
# makes vary from run to run, so the first term refused would too)
for enc in ["utf-16", "utf-16-le", "ascii"]:
    tv = layers.TextVectorization(vocabulary=["hé"], encoding=enc)
    show(enc + " vocab", lambda: tv.get_vocabulary())
show("x vocab", lambda: layers.StringLookup(vocabulary=["x"], encoding="utf-16").get_vocabulary())
"""

SNIPPETS["losses_rare"] = _TRY + """
L = keras.losses
t = np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]], "float32")
p = np.array([[0.1, 0.7, 0.2], [0.3, 0.3, 0.4]], "float32")
for cls in [L.Poisson, L.KLDivergence, L.LogCosh, L.Hinge, L.SquaredHinge, L.CategoricalHinge, L.MeanSquaredLogarithmicError, L.Dice, L.Tversky]:
    show(cls.__name__, lambda: cls()(t, p))
show("cosine axis0", lambda: L.CosineSimilarity(axis=0)(t, p))
show("cat focal", lambda: L.CategoricalFocalCrossentropy(alpha=0.5, gamma=3.0)(t, p))
show("bin focal balance", lambda: L.BinaryFocalCrossentropy(apply_class_balancing=True, alpha=0.3, from_logits=True)(t, p))
show("huber", lambda: L.Huber(delta=0.2, reduction="sum")(t, p))
show("circle", lambda: L.Circle()(np.array([0, 1, 0]), np.array([[1.0, 0.0], [0.0, 1.0], [0.8, 0.6]], "float32")))
show("sample_weight", lambda: L.MeanAbsoluteError()(t, p, sample_weight=np.array([1.0, 3.0])))
show("reduction mean_with_sample_weight", lambda: L.MeanSquaredError(reduction="mean_with_sample_weight")(t, p, sample_weight=np.array([0.0, 2.0])))
show("ctc loss bad shape", lambda: L.CTC()(np.ones((2, 3)), np.ones((2, 4, 5))))
"""

SNIPPETS["metrics_rare"] = _TRY + """
M = keras.metrics
t = np.array([[0, 1, 1], [1, 0, 1]], "float32")
p = np.array([[0.2, 0.8, 0.4], [0.6, 0.3, 0.9]], "float32")
def run(m, *args, **kw):
    m.update_state(*args, **kw)
    return m.result()
show("auc multilabel", lambda: run(M.AUC(multi_label=True, num_labels=3), t, p))
show("auc pr", lambda: run(M.AUC(curve="PR", summation_method="minoring"), t, p))
show("p@r", lambda: run(M.PrecisionAtRecall(0.5), t, p))
show("meaniou", lambda: run(M.MeanIoU(3), np.array([0, 1, 2, 2]), np.array([0, 2, 2, 1])))
show("onehotiou", lambda: run(M.OneHotIoU(3, target_class_ids=[0, 2]), t, p))
show("r2 adjusted", lambda: run(M.R2Score(num_regressors=1), t, p))
show("f1 micro", lambda: run(M.F1Score(average="micro", threshold=0.5), t, p))
show("fbeta weighted", lambda: run(M.FBetaScore(average="weighted", beta=2.0), t, p))
show("pearson", lambda: run(M.PearsonCorrelation(), t.ravel(), p.ravel()))
show("concordance", lambda: run(M.ConcordanceCorrelation(), t.ravel(), p.ravel()))
show("topk sparse", lambda: run(M.SparseTopKCategoricalAccuracy(k=2), np.array([2, 0]), p))
show("poisson", lambda: run(M.Poisson(), t, p, sample_weight=np.array([1.0, 0.5])))
"""

SNIPPETS["optimizer_first_steps"] = _TRY + """
O = keras.optimizers
for opt in [O.Lamb(0.1), O.Lion(0.1), O.Adafactor(0.1), O.Nadam(0.1), O.Adamax(0.1), O.Ftrl(0.1, l1_regularization_strength=0.01), O.AdamW(0.1, amsgrad=True), O.Adagrad(0.1), O.RMSprop(0.1, centered=True, momentum=0.5), O.SGD(0.1, momentum=0.9, nesterov=True)]:
    v = keras.Variable(np.array([[1.0, -2.0], [0.5, 3.0]], "float32"))
    for step in range(3):
        opt.apply_gradients([(np.array([[0.1, -0.2], [0.3, 0.05]], "float32") * (step + 1), v)])
    show(type(opt).__name__, lambda: v)
show("clipvalue", lambda: (lambda v, o: (o.apply([np.array([5.0, -5.0])], [v]), v)[1])(keras.Variable([0.0, 0.0]), O.SGD(1.0, clipvalue=1.0)))
show("global_clipnorm", lambda: (lambda v, o: (o.apply([np.array([3.0, 4.0])], [v]), v)[1])(keras.Variable([0.0, 0.0]), O.SGD(1.0, global_clipnorm=1.0)))
"""

SNIPPETS["schedules_initializers"] = _TRY + """
S = keras.optimizers.schedules
show("cos restarts", lambda: [float(S.CosineDecayRestarts(1.0, 3, t_mul=2.0, m_mul=0.5, alpha=0.1)(s)) for s in (0, 2, 3, 5, 9, 12)])
show("poly cycle", lambda: [float(S.PolynomialDecay(1.0, 4, 0.1, power=2.0, cycle=True)(s)) for s in (0, 2, 5, 9)])
show("piecewise", lambda: [float(S.PiecewiseConstantDecay([2, 5], [1.0, 0.5, 0.1])(s)) for s in (0, 2, 3, 5, 6)])
show("exp staircase", lambda: [float(S.ExponentialDecay(1.0, 3, 0.5, staircase=True)(s)) for s in (0, 2, 3, 7)])
show("inverse time", lambda: [float(S.InverseTimeDecay(1.0, 2, 0.5, staircase=True)(s)) for s in (1, 4)])
I = keras.initializers
for init in [I.HeNormal(seed=3), I.LecunUniform(seed=3), I.Orthogonal(gain=2.0, seed=3), I.TruncatedNormal(stddev=0.5, seed=3), I.VarianceScaling(2.0, "fan_avg", "uniform", seed=3), I.GlorotNormal(seed=3)]:
    show(type(init).__name__, lambda: init((2, 3)))
show("identity gain", lambda: I.Identity(gain=3.0)((2, 3)))
show("constant", lambda: I.Constant(2)((2,), dtype="int32"))
"""

SNIPPETS["utils_misc"] = _TRY + """
U = keras.utils
show("to_categorical", lambda: U.to_categorical(np.array([[1], [0], [2]]), 4))
show("to_categorical infer", lambda: U.to_categorical([1, 3]))
show("normalize l1", lambda: U.normalize(np.array([[3.0, 4.0], [1.0, -1.0]]), order=1))
show("pad post", lambda: U.pad_sequences([[1, 2, 3], [4]], maxlen=2, padding="post", truncating="post"))
show("pad value", lambda: U.pad_sequences([[1.5], [2.5, 3.5]], dtype="float32", value=-1.0))
show("pad bad", lambda: U.pad_sequences([[1]], padding="middle"))
ds = U.timeseries_dataset_from_array(np.arange(10), np.arange(10) * 10, sequence_length=3, sequence_stride=2, sampling_rate=2, batch_size=2)
show("timeseries", lambda: [(x.numpy().tolist(), y.numpy().tolist()) for x, y in ds])
a, b = U.split_dataset(np.arange(10), left_size=0.3, shuffle=False)
show("split_dataset", lambda: ([int(v) for v in a], len(list(b))))
show("pack_xy", lambda: U.pack_x_y_sample_weight(1, 2))
show("unpack_xy", lambda: U.unpack_x_y_sample_weight((1, 2, 3)))
"""

SNIPPETS["training_run"] = _TRY + """
rng = np.random.default_rng(6)
x = rng.standard_normal((12, 4)).astype("float32")
y = (x[:, :1] > 0).astype("int32")
keras.utils.set_random_seed(2)
m = keras.Sequential([keras.Input((4,)), layers.Dense(3, activation="relu"), layers.BatchNormalization(synchronized=True), layers.Dense(1, activation="sigmoid")])
m.compile(keras.optimizers.Adam(0.05), "binary_crossentropy", metrics=["accuracy", keras.metrics.AUC(name="auc")])
h = m.fit(x, y, batch_size=4, epochs=3, verbose=0, validation_split=0.25, class_weight={0: 1.0, 1: 2.0}, shuffle=False)
show("history", lambda: {k: np.round(v, 4).tolist() for k, v in h.history.items()})
show("evaluate", lambda: m.evaluate(x, y, verbose=0, return_dict=True, sample_weight=np.linspace(0.5, 1.5, 12)))
show("predict", lambda: m.predict(x[:3], verbose=0))
show("bn stats", lambda: m.layers[1].moving_variance)
"""

SNIPPETS["textvectorization_encodings"] = _TRY + """
for enc in ["utf-8", "utf-16", "utf-16-le", "latin-1"]:
    tv = layers.TextVectorization(vocabulary=["hé", "x", "ÿ"], encoding=enc, output_sequence_length=4)
    show(enc, lambda: tv(["hé x ÿ"]))
    if not enc.startswith("utf-16"):
        show(enc + " vocab", lambda: tv.get_vocabulary())
sl = layers.StringLookup(vocabulary=["hé", "x"], encoding="latin-1", mask_token="é")
show("lookup latin-1", lambda: (sl.get_vocabulary(), sl.get_vocabulary(include_special_tokens=False)))
tv = layers.TextVectorization(max_tokens=4, pad_to_max_tokens=True, output_mode="count")
tv.adapt(["a b b c d d d"])
show("count", lambda: tv(["d b z"]))
tv = layers.TextVectorization(ragged=True)
tv.adapt(["a b", "b c"])
show("ragged", lambda: tv(["b a", "c"]).to_list())
show("ragged bad", lambda: layers.TextVectorization(ragged=True, output_sequence_length=3))
"""

SNIPPETS["traced_layer_errors"] = _TRY + """
def last(e):
    return re.sub(r"_\\d+", "_N", str(e).strip().splitlines()[-1].strip())[:300]
def traced(label, fn, *args):
    try:
        r = tf.function(fn)(*args)
        print(label, "ok", tuple(r.shape))
    except Exception as e:
        print(label, type(e).__name__, last(e))
O = keras.ops
traced("matmul", lambda a, b: O.matmul(a, b), tf.ones([2, 3]), tf.ones([4, 5]))
traced("add", lambda a, b: O.add(a, b), tf.ones([2, 3]), tf.ones([4, 3]))
traced("concat", lambda a, b: O.concatenate([a, b], axis=1), tf.ones([2, 3]), tf.ones([4, 3]))
traced("reshape", lambda a: O.reshape(a, (4, -1)), tf.ones([2, 3]))
traced("einsum", lambda a, b: O.einsum("ij,jk->ik", a, b), tf.ones([2, 1]), tf.ones([3, 4]))
traced("einsum ellipsis", lambda a, b: O.einsum("...ij,...jk->...ik", a, b), tf.ones([2, 2, 3]), tf.ones([3, 3, 4]))
traced("dense", lambda a: layers.Dense(2)(a), tf.ones([2, 3, 4]))
traced("dense bad", lambda a: (lambda d: (d(tf.ones([1, 3])), d(a))[1])(layers.Dense(2)), tf.ones([2, 4]))
traced("mha bad", lambda a: layers.MultiHeadAttention(2, 2)(a, tf.ones([2, 5])), tf.ones([2, 3, 4]))
traced("einsum dense", lambda a: layers.EinsumDense("ab,bc->ac", output_shape=3)(a), tf.ones([2, 4]))
traced("einsum dense ellipsis", lambda a: layers.EinsumDense("...b,bc->...c", output_shape=3)(a), tf.ones([2, 5, 4]))
"""
