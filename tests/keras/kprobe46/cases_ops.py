"""kprobe46's snippets of ordinary keras.ops, tf.nn and tf.linalg code: einsum's shape
checks eagerly and traced, linear algebra, activations and normalizations, convolutions
and pooling, losses, image and signal ops, control flow and scatter (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe46.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["einsum_shape_checks"] = _TRY + """
o = lambda *s: np.ones(s, "float32")
for eq, *xs in [("ij,jk->ik", o(2, 1), o(3, 4)), ("bij,bjk->bik", o(1, 2, 3), o(3, 3, 4)),
                ("ii->i", o(2, 3)), ("...ij,...jk->...ik", o(1, 2, 3), o(3, 3, 4)),
                ("...ij,...jk->...ik", o(2, 2, 3), o(3, 3, 4)), ("...ij,...jk", o(4, 2, 3), o(4, 3, 4)),
                ("...ij,jk", o(5, 2, 3), o(3, 4)), ("...ijk->ij", o(2, 3)), ("ij->i", o(2, 3, 4)),
                ("i...j,j...k->i...k", o(2, 5, 3), o(3, 2, 4)), ("...,...->...", o(2, 3), o(4, 3)),
                ("ij,jk->ki", o(2, 3), o(3, 4)), ("ab...,...->ab...", o(2, 3, 5), o(4))]:
    show(eq, lambda: tf.einsum(eq, *xs).shape)
show("keras ops", lambda: keras.ops.einsum("...ij,...jk->...ik", o(1, 2, 3), o(3, 3, 4)).shape)
show("keras ops bad", lambda: keras.ops.einsum("ij,jk->ik", o(2, 1), o(3, 4)))
"""

SNIPPETS["einsum_traced"] = _TRY + """
o = lambda *s: np.ones(s, "float32")
def last(e):
    return str(e).strip().splitlines()[-1].strip()
for eq, *xs in [("ij,jk->ik", o(2, 1), o(3, 4)), ("...ij,...jk->...ik", o(2, 4, 2, 3), o(3, 5, 3, 4)),
                ("...ij,...jk->ik", o(4, 2, 3), o(4, 3, 4)), ("ij->i", o(2, 3, 4)), ("ii->i", o(2, 3))]:
    f = tf.function(lambda *a: tf.einsum(eq, *a))
    try:
        f(*xs)
    except Exception as e:
        print(eq, type(e).__name__, last(e))
    g = tf.function(lambda *a: tf.einsum(eq, *a), input_signature=[tf.TensorSpec([None] * x.ndim) for x in xs])
    try:
        print(eq, "unknown dims", g(*xs).shape)
    except Exception as e:
        print(eq, "unknown dims", type(e).__name__, re.sub(r"_\\d+", "_N", str(e).strip().splitlines()[0])[:200])
"""

SNIPPETS["einsum_gradients"] = _TRY + """
rng = np.random.default_rng(0)
for eq, sa, sb in [("...ij,...jk->...ik", (1, 2, 3), (3, 3, 4)), ("...ij,jk->...ik", (5, 2, 3), (3, 4)),
                   ("i...j,...j->i...", (2, 1, 3), (4, 3)), ("bij,bkj->bik", (2, 2, 3), (2, 4, 3)),
                   ("ii,i->", (3, 3), (3,))]:
    a = tf.Variable(rng.standard_normal(sa).astype("float32"))
    b = tf.Variable(rng.standard_normal(sb).astype("float32"))
    with tf.GradientTape() as t:
        y = tf.reduce_sum(tf.einsum(eq, a, b) ** 2)
    ga, gb = t.gradient(y, [a, b])
    show(eq, lambda: (ga, gb))
"""

SNIPPETS["keras_ops_linalg"] = _TRY + """
L = keras.ops.linalg
a = np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]], "float32")
b = np.array([[1.0], [2.0], [3.0]], "float32")
show("cholesky", lambda: L.cholesky(a))
show("det", lambda: L.det(a))
show("inv", lambda: L.inv(a))
show("solve", lambda: L.solve(a, b))
show("solve_triangular", lambda: L.solve_triangular(np.tril(a), b, lower=True))
show("lu_factor", lambda: L.lu_factor(a))
show("norm fro", lambda: L.norm(a))
show("norm 1", lambda: L.norm(a, ord=1))
show("norm inf axis", lambda: L.norm(a, ord=np.inf, axis=1))
show("norm nuc", lambda: L.norm(a, ord="nuc"))
show("norm bad", lambda: L.norm(a, ord=3))
show("eigh values", lambda: L.eigh(a)[0])
show("svd values", lambda: L.svd(a, compute_uv=False))
show("qr r", lambda: np.abs(np.asarray(L.qr(a)[1])))
show("qr complete", lambda: [x.shape for x in L.qr(np.ones((4, 2), "float32"), mode="complete")])
show("qr bad mode", lambda: L.qr(a, mode="full"))
show("lstsq", lambda: L.lstsq(a, b))
show("cholesky not pd", lambda: L.cholesky(-a))
show("det int", lambda: L.det(np.eye(2, dtype="int32")))
show("jvp", lambda: L.jvp(lambda x: x * 2, (np.ones(2, "float32"),), (np.ones(2, "float32"),)))
"""

SNIPPETS["tf_linalg_misc"] = _TRY + """
a = tf.constant([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])
show("trace", lambda: tf.linalg.trace(a))
show("logdet", lambda: tf.linalg.logdet(a))
show("slogdet", lambda: tf.linalg.slogdet(-a))
show("band_part", lambda: tf.linalg.band_part(a, 0, 1))
show("matvec", lambda: tf.linalg.matvec(a, [1.0, 2.0, 3.0]))
show("pinv", lambda: tf.linalg.pinv(tf.constant([[1.0, 2.0], [2.0, 4.0]])))
show("expm", lambda: tf.linalg.expm(tf.constant([[0.0, 1.0], [-1.0, 0.0]])))
show("lstsq", lambda: tf.linalg.lstsq(a, tf.ones([3, 1]), l2_regularizer=0.1))
show("triangular_solve", lambda: tf.linalg.triangular_solve(tf.linalg.band_part(a, -1, 0), tf.ones([3, 2])))
show("cross", lambda: tf.linalg.cross([1.0, 0.0, 0.0], [0.0, 1.0, 0.0]))
show("global_norm", lambda: tf.linalg.global_norm([a, tf.ones(2)]))
show("tensordot", lambda: tf.tensordot(a, a, axes=[[1], [0]]))
show("tensordot int", lambda: tf.tensordot(a, a, axes=1))
show("tensordot bad", lambda: tf.tensordot(a, tf.ones([2, 2]), axes=1))
show("normalize", lambda: tf.linalg.normalize(a, axis=0))
show("diag", lambda: tf.linalg.diag([1.0, 2.0], k=1))
show("set_diag", lambda: tf.linalg.set_diag(a, [9.0, 9.0, 9.0]))
show("adjoint", lambda: tf.linalg.adjoint(tf.constant([[1 + 2j, 3j]])))
show("matmul bad", lambda: tf.linalg.matmul(a, tf.ones([2, 3])))
show("matmul adjoint", lambda: tf.linalg.matmul(a, a, adjoint_b=True, transpose_a=True))
show("inv singular", lambda: tf.linalg.inv(tf.zeros([2, 2])))
show("eigvalsh", lambda: tf.linalg.eigvalsh(a))
show("svd s", lambda: tf.linalg.svd(a, compute_uv=False))
"""

SNIPPETS["tf_nn_activations"] = _TRY + """
x = tf.constant([-3.0, -1.0, -0.25, 0.0, 0.5, 2.0, 7.0])
for name in ["relu", "relu6", "selu", "elu", "softsign", "softplus", "silu", "swish"]:
    show(name, lambda: getattr(tf.nn, name)(x))
show("log_sigmoid", lambda: tf.math.log_sigmoid(x))
show("relu signed zeros", lambda: np.signbit(tf.nn.relu(-tf.zeros([19]))))
show("relu signed zeros f64", lambda: np.signbit(tf.nn.relu(-tf.zeros([2, 3], tf.float64))))
show("crelu", lambda: tf.nn.crelu(x))
show("crelu axis", lambda: tf.nn.crelu(tf.reshape(x[:6], [2, 3]), axis=0))
show("gelu", lambda: tf.nn.gelu(x))
show("gelu approx", lambda: tf.nn.gelu(x, approximate=True))
show("leaky alpha", lambda: tf.nn.leaky_relu(x, alpha=0.3))
show("leaky int", lambda: tf.nn.leaky_relu(tf.constant([-2, 3])))
show("softmax axis0", lambda: tf.nn.softmax(tf.reshape(x[:6], [2, 3]), axis=0))
show("log_softmax", lambda: tf.nn.log_softmax(x))
show("softmax int", lambda: tf.nn.softmax(tf.constant([1, 2])))
show("l2_normalize", lambda: tf.nn.l2_normalize(tf.reshape(x[:6], [2, 3]), axis=1))
show("bias_add", lambda: tf.nn.bias_add(tf.ones([2, 3]), [1.0, 2.0, 3.0]))
show("bias_add bad", lambda: tf.nn.bias_add(tf.ones([2, 3]), [1.0, 2.0]))
show("bias_add nchw", lambda: tf.nn.bias_add(tf.ones([1, 2, 3]), [1.0, 2.0], data_format="NCW"))
show("dropout rate1", lambda: tf.nn.dropout(x, rate=1.0))
show("dropout bad", lambda: tf.nn.dropout(x, rate=-0.1))
"""

SNIPPETS["tf_nn_moments"] = _TRY + """
x = tf.constant(np.arange(24, dtype="float32").reshape(2, 3, 4) ** 1.5)
show("moments", lambda: tf.nn.moments(x, axes=[0, 1]))
show("moments keepdims", lambda: tf.nn.moments(x, axes=[2], keepdims=True))
show("weighted", lambda: tf.nn.weighted_moments(x, axes=[0], frequency_weights=tf.constant([[[1.0]], [[3.0]]])))
show("sufficient", lambda: tf.nn.sufficient_statistics(x, axes=[0, 2], shift=1.0))
c, m, v, s = tf.nn.sufficient_statistics(x, axes=[0, 2], shift=1.0)
show("normalize_moments", lambda: tf.nn.normalize_moments(c, m, v, shift=1.0))
show("batch_normalization", lambda: tf.nn.batch_normalization(x, 10.0, 4.0, 1.0, 2.0, 1e-3))
show("fused train", lambda: tf.compat.v1.nn.fused_batch_norm(tf.reshape(x, [1, 2, 3, 4]), tf.ones([4]), tf.zeros([4]))[1:])
show("fused infer bad", lambda: tf.compat.v1.nn.fused_batch_norm(tf.reshape(x, [1, 2, 3, 4]), tf.ones([4]), tf.zeros([4]), is_training=False))
show("local_response", lambda: tf.nn.local_response_normalization(tf.reshape(x, [1, 2, 3, 4]), depth_radius=1)[0, 0])
show("keras moments sync", lambda: keras.ops.moments(x, axes=[0, 1], synchronized=True))
show("keras moments f16", lambda: keras.ops.moments(tf.cast(x, "float16"), axes=[0]))
"""

SNIPPETS["tf_nn_conv_pool"] = _TRY + """
img = tf.constant(np.arange(2 * 5 * 5 * 2, dtype="float32").reshape(2, 5, 5, 2) / 10)
k = tf.constant(np.linspace(-1, 1, 3 * 3 * 2 * 3, dtype="float32").reshape(3, 3, 2, 3))
show("conv2d valid s2", lambda: tf.nn.conv2d(img, k, 2, "VALID")[0, :, :, 0])
show("conv2d explicit", lambda: tf.nn.conv2d(img, k, 1, [[0, 0], [1, 0], [0, 1], [0, 0]]).shape)
show("conv2d dil", lambda: tf.nn.conv2d(img, k, 1, "SAME", dilations=2)[0, 0])
show("conv2d bad in", lambda: tf.nn.conv2d(img, tf.ones([3, 3, 3, 1]), 1, "SAME"))
show("conv1d", lambda: tf.nn.conv1d(img[:, 0], k[0], 1, "SAME")[0])
show("conv2d_transpose", lambda: tf.nn.conv2d_transpose(img, tf.ones([3, 3, 4, 2]), [2, 10, 10, 4], 2)[0, :3, :3, 0])
show("conv2d_transpose bad", lambda: tf.nn.conv2d_transpose(img, tf.ones([3, 3, 4, 2]), [2, 9, 9, 4], 2))
show("depthwise", lambda: tf.nn.depthwise_conv2d(img, tf.ones([2, 2, 2, 2]), [1, 1, 1, 1], "VALID")[0, 0])
show("separable", lambda: tf.nn.separable_conv2d(img, tf.ones([2, 2, 2, 1]), tf.ones([1, 1, 2, 3]), [1, 1, 1, 1], "SAME")[1, 4])
show("atrous", lambda: tf.nn.atrous_conv2d(img, k, 2, "SAME")[0, 2])
show("avg_pool same", lambda: tf.nn.avg_pool2d(img, 3, 2, "SAME")[0, :, :, 1])
show("max_pool k2", lambda: tf.nn.max_pool(img, [1, 2], [1, 3], "VALID")[0, :, :, 0])
show("pool bad", lambda: tf.nn.max_pool2d(img, 6, 1, "VALID"))
show("argmax", lambda: tf.nn.max_pool_with_argmax(img, 2, 2, "VALID", include_batch_in_index=True)[1][1, 0])
show("avg_pool3d", lambda: tf.nn.avg_pool3d(tf.reshape(img, [1, 2, 5, 5, 2]), 2, 1, "VALID").shape)
show("pool generic", lambda: tf.nn.pool(img, [2, 2], "AVG", strides=[2, 2], padding="SAME")[0, :, :, 0])
show("fractional", lambda: tf.nn.fractional_max_pool(img, [1.0, 1.5, 1.5, 1.0], seed=3, deterministic=True)[0].shape)
"""

SNIPPETS["tf_nn_losses"] = _TRY + """
logits = tf.constant([[2.0, -1.0, 0.5], [0.1, 0.2, 3.0]])
labels = tf.constant([[1.0, 0.0, 0.0], [0.0, 0.3, 0.7]])
show("softmax_ce", lambda: tf.nn.softmax_cross_entropy_with_logits(labels, logits))
show("softmax_ce axis0", lambda: tf.nn.softmax_cross_entropy_with_logits(labels, logits, axis=0))
show("sparse_ce", lambda: tf.nn.sparse_softmax_cross_entropy_with_logits([0, 2], logits))
show("sparse_ce bad", lambda: tf.nn.sparse_softmax_cross_entropy_with_logits([0, 3], logits))
show("sparse_ce rank", lambda: tf.nn.sparse_softmax_cross_entropy_with_logits([[0, 2]], logits))
show("sigmoid_ce", lambda: tf.nn.sigmoid_cross_entropy_with_logits(labels, logits))
show("weighted_ce", lambda: tf.nn.weighted_cross_entropy_with_logits(labels, logits, pos_weight=2.5))
show("log_poisson", lambda: tf.nn.log_poisson_loss(labels, logits, compute_full_loss=True))
show("l2_loss", lambda: tf.nn.l2_loss(logits))
show("avg_loss", lambda: tf.nn.compute_average_loss([1.0, 2.0, 3.0], sample_weight=[1.0, 0.0, 2.0], global_batch_size=4))
show("scale_reg", lambda: tf.nn.scale_regularization_loss([1.0, 2.0]))
show("ctc", lambda: tf.nn.ctc_loss(tf.constant([[1, 2]]), tf.zeros([4, 1, 4]), [2], [4], blank_index=0))
show("ctc sparse", lambda: tf.nn.ctc_loss(tf.sparse.from_dense(tf.constant([[1, 2]])), tf.zeros([4, 1, 4]), None, [4], blank_index=-1))
show("ctc greedy", lambda: tf.nn.ctc_greedy_decoder(tf.constant(np.eye(4, dtype="float32")[[1, 1, 0, 2]][:, None]), [4])[0][0].values)
show("keras ctc_loss", lambda: keras.ops.ctc_loss(np.array([[1, 2]]), np.zeros((1, 4, 4), "float32"), np.array([2]), np.array([4])))
show("keras ctc_decode", lambda: keras.ops.ctc_decode(np.eye(4, dtype="float32")[[1, 1, 0, 2]][None], np.array([4]))[0])
"""

SNIPPETS["keras_ops_nn_misc"] = _TRY + """
O = keras.ops
x = np.array([[-2.0, -0.5, 0.0, 0.5, 3.0], [1.0, 2.0, 3.0, 4.0, 5.0]], "float32")
for name in ["relu6", "hard_sigmoid", "hard_silu", "log_sigmoid", "softsign", "sparse_plus", "squareplus", "celu", "tanh_shrink", "soft_shrink", "hard_shrink", "hard_tanh", "sparse_sigmoid"]:
    show(name, lambda: getattr(O, name)(x))
show("glu", lambda: O.glu(np.ones((2, 4), "float32") * [1, 2, 3, 4]))
show("glu odd", lambda: O.glu(x))
show("sparsemax", lambda: O.sparsemax(x))
show("threshold", lambda: O.threshold(x, 0.5, -1.0))
show("one_hot", lambda: O.one_hot(np.array([0, 2, -1, 5]), 3))
show("multi_hot", lambda: O.multi_hot(np.array([[0, 2], [1, 1]]), 3))
show("normalize", lambda: O.normalize(x, order=1))
show("psnr", lambda: O.psnr(x, x + 0.1, 5.0))
show("rms_norm", lambda: O.rms_normalization(x, scale=2.0))
show("layer_norm", lambda: O.layer_normalization(x, axis=-1))
show("polar", lambda: O.polar(np.array([1.0, 2.0]), np.array([0.0, np.pi / 2])))
show("log_softmax axis", lambda: O.log_softmax(x, axis=0))
show("softmax tuple axis", lambda: O.softmax(x, axis=(0, 1)))
show("sigmoid int", lambda: O.sigmoid(np.array([0, 1])))
"""

SNIPPETS["keras_ops_losses"] = _TRY + """
O = keras.ops
t = np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]], "float32")
p = np.array([[0.1, 0.7, 0.2], [0.3, 0.3, 0.4]], "float32")
show("cce", lambda: O.categorical_crossentropy(t, p))
show("cce logits axis0", lambda: O.categorical_crossentropy(t, p, from_logits=True, axis=0))
show("scce", lambda: O.sparse_categorical_crossentropy(np.array([1, 0]), p))
show("scce bad", lambda: O.sparse_categorical_crossentropy(np.array([[1, 0]]), p))
show("bce", lambda: O.binary_crossentropy(t, p))
show("bce logits", lambda: O.binary_crossentropy(t, p, from_logits=True))
show("cce shape bad", lambda: O.categorical_crossentropy(t, p[:, :2]))
"""

SNIPPETS["keras_ops_numpy_rare"] = _TRY + """
O = keras.ops
x = np.array([[3.0, -1.0, 2.5], [0.0, 7.0, -4.0]], "float32")
show("histogram", lambda: O.histogram(np.array([0.1, 0.5, 0.5, 2.0, 3.0]), bins=3))
show("searchsorted", lambda: O.searchsorted(np.array([1.0, 2.0, 3.0]), np.array([2.0, 0.5, 4.0]), side="right"))
show("digitize", lambda: O.digitize(np.array([0.2, 1.5, 3.0]), np.array([1.0, 2.0])))
show("unravel", lambda: O.unravel_index(np.array([5, 7]), (3, 4)))
show("trace", lambda: O.trace(x, offset=1))
show("diagonal", lambda: O.diagonal(x, offset=-1))
show("tri", lambda: O.tri(3, 4, k=1))
show("argpartition", lambda: O.argpartition(np.array([4.0, 1.0, 3.0, 2.0]), 1))
show("nan_to_num", lambda: O.nan_to_num(np.array([np.nan, np.inf, -np.inf, 1.0]), nan=-1.0, posinf=9.0))
show("logaddexp2", lambda: O.logaddexp2(x, 1.0))
show("heaviside", lambda: O.heaviside(x, 0.5))
show("rot90", lambda: O.rot90(x, k=3))
show("hamming", lambda: O.hamming(5))
show("kaiser", lambda: O.kaiser(4, 2.0))
show("signbit", lambda: O.signbit(np.array([-0.0, 0.0, -1.0])))
show("correlate", lambda: O.correlate(np.array([1.0, 2.0, 3.0]), np.array([0.0, 1.0]), mode="full"))
show("cumprod axis", lambda: O.cumprod(x, axis=0))
show("diff n2", lambda: O.diff(np.array([1.0, 4.0, 9.0, 16.0]), n=2))
show("select", lambda: O.select([x > 0, x < -2], [x, -x], default=0.0))
show("vectorize", lambda: O.vectorize(lambda a: a * 2)(np.array([1.0, 2.0])))
show("quantile", lambda: O.quantile(x, [0.25, 0.5], axis=1, method="midpoint"))
show("bincount", lambda: O.bincount(np.array([0, 1, 1, 3]), weights=np.array([0.5, 1.0, 1.0, 2.0]), minlength=5))
show("isin", lambda: O.isin(np.array([1, 2, 3]), np.array([2, 5])))
show("view", lambda: O.view(np.array([1.0], "float32"), "int32"))
"""

SNIPPETS["keras_ops_core_flow"] = _TRY + """
O = keras.ops
show("scatter", lambda: O.scatter(np.array([[0], [2], [0]]), np.array([1.0, 2.0, 3.0]), (4,)))
show("scatter_update", lambda: O.scatter_update(np.zeros((3, 2)), np.array([[1, 0], [2, 1]]), np.array([5.0, 6.0])))
show("slice_update", lambda: O.slice_update(np.zeros((3, 3)), (1, 1), np.ones((2, 2))))
show("slice", lambda: O.slice(np.arange(12).reshape(3, 4), (1, 1), (2, 2)))
show("fori_loop", lambda: O.fori_loop(0, 5, lambda i, v: v + i, 0.0))
show("while_loop", lambda: O.while_loop(lambda a, b: a < 10, lambda a, b: (a * 2, b + 1), (1, 0)))
show("cond", lambda: O.cond(np.array(True), lambda: 1.0, lambda: 2.0))
show("switch", lambda: O.switch(1, [lambda v: v + 1, lambda v: v * 10], 3.0))
show("scan", lambda: O.scan(lambda c, v: (c + v, c * v), 0.0, np.array([1.0, 2.0, 3.0])))
show("scan reverse", lambda: O.scan(lambda c, v: (c + v, c), 0.0, np.array([1.0, 2.0, 3.0]), reverse=True))
show("associative_scan", lambda: O.associative_scan(lambda a, b: a + b, np.array([1.0, 2.0, 3.0, 4.0])))
show("map", lambda: O.map(lambda v: v * 2, np.array([1.0, 2.0])))
show("unstack", lambda: O.unstack(np.arange(6).reshape(2, 3), axis=1))
show("saturate_cast", lambda: O.saturate_cast(np.array([300.0, -5.0, 1.5]), "uint8"))
show("top_k", lambda: O.top_k(np.array([1.0, 5.0, 3.0, 5.0]), k=2))
show("in_top_k", lambda: O.in_top_k(np.array([1, 0]), np.array([[0.1, 0.9], [0.6, 0.4]]), 1))
show("segment_max", lambda: O.segment_max(np.array([1.0, 5.0, 3.0, 2.0]), np.array([0, 0, 1, 1]), num_segments=3))
show("extract_sequences", lambda: O.extract_sequences(np.arange(8.0), 4, 2))
show("logsumexp", lambda: O.logsumexp(np.array([[1.0, 2.0], [3.0, 4.0]]), axis=1, keepdims=True))
show("custom_gradient", lambda: O.custom_gradient(lambda v: (v * 3, lambda up: up * 100))(np.array(2.0)))
"""

SNIPPETS["keras_ops_image_signal"] = _TRY + """
I = keras.ops.image
img = np.arange(2 * 4 * 4 * 3, dtype="float32").reshape(2, 4, 4, 3) / 10
show("resize aa", lambda: I.resize(img, (2, 2), antialias=True)[0, :, :, 0])
show("resize crop", lambda: I.resize(img, (3, 2), crop_to_aspect_ratio=True)[0, :, :, 0])
show("resize pad", lambda: I.resize(img, (3, 2), pad_to_aspect_ratio=True, fill_value=9.0)[0, :, :, 0])
show("crop_images", lambda: I.crop_images(img, 1, 1, target_height=2, target_width=2)[0, :, :, 0])
show("pad_images", lambda: I.pad_images(img, 1, 0, target_height=6, target_width=5).shape)
show("grayscale", lambda: I.rgb_to_grayscale(img)[0, 0])
show("hsv", lambda: I.rgb_to_hsv(img / 5)[0, 0])
show("affine", lambda: I.affine_transform(img, np.array([1.0, 0, 1, 0, 1, 0, 0, 0], "float32"), interpolation="nearest")[0, :, :, 0])
show("patches", lambda: I.extract_patches(img, 2).shape)
show("map_coordinates", lambda: I.map_coordinates(np.arange(9.0).reshape(3, 3), np.array([[0.5, 1.5], [0.5, 1.0]]), order=1))
show("gaussian_blur", lambda: I.gaussian_blur(img, kernel_size=(3, 3), sigma=(1.0, 1.0))[0, :, :, 0])
S = keras.ops
show("fft2", lambda: S.fft2((np.ones((2, 2), "float32"), np.zeros((2, 2), "float32"))))
show("rfft", lambda: S.rfft(np.array([1.0, 2.0, 3.0, 4.0], "float32")))
show("irfft", lambda: S.irfft((np.array([10.0, -2.0, -2.0], "float32"), np.array([0.0, 2.0, 0.0], "float32"))))
show("stft", lambda: [v.shape for v in S.stft(np.arange(16, dtype="float32"), 8, 4, 8)])
show("rsqrt", lambda: S.rsqrt(np.array([4.0, 0.25])))
show("erfinv", lambda: S.erfinv(np.array([0.0, 0.5, -0.9])))
"""

SNIPPETS["dot_product_attention"] = _TRY + """
O = keras.ops
rng = np.random.default_rng(3)
q = rng.standard_normal((1, 3, 2, 4)).astype("float32")
k = rng.standard_normal((1, 5, 2, 4)).astype("float32")
v = rng.standard_normal((1, 5, 2, 4)).astype("float32")
show("plain", lambda: O.dot_product_attention(q, k, v)[0, 0])
show("causal", lambda: O.dot_product_attention(q, k, v, is_causal=True)[0, :, 0])
show("mask", lambda: O.dot_product_attention(q, k, v, mask=np.tril(np.ones((3, 5), bool)))[0, 0])
show("bias", lambda: O.dot_product_attention(q, k, v, bias=np.ones((1, 2, 3, 5), "float32"), scale=0.5)[0, 0])
show("gqa", lambda: O.dot_product_attention(q[:, :, :2], k[:, :, :1], v[:, :, :1])[0, 1])
show("bad heads", lambda: O.dot_product_attention(np.ones((1, 3, 3, 4), "float32"), k, v))
"""

SNIPPETS["dot_product_attention_float16"] = _TRY + """
rng = np.random.default_rng(3)
q, k, v = (rng.standard_normal(s).astype("float16") for s in [(1, 3, 2, 4), (1, 5, 2, 4), (1, 5, 2, 4)])
show("f16", lambda: keras.ops.dot_product_attention(q, k, v)[0, 0])
"""

SNIPPETS["eig_svd_vectors"] = _TRY + """
a = np.array([[2.0, -1.0, 0.5], [1.0, 0.0, 3.0], [0.0, 1.0, 1.0]], "float32")
s = np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]], "float32")
show("tf eigh", lambda: tf.linalg.eigh(s))
show("tf svd", lambda: tf.linalg.svd(a))
show("tf svd full", lambda: tf.linalg.svd(a[:2], full_matrices=True))
show("tf eig", lambda: tf.linalg.eig(s))
show("tf qr", lambda: tf.linalg.qr(a))
show("keras svd", lambda: keras.ops.linalg.svd(a))
show("keras eig", lambda: keras.ops.linalg.eig(s))
show("keras eigh", lambda: keras.ops.linalg.eigh(s))
"""

SNIPPETS["ctc_shapes"] = _TRY + """
O = keras.ops
logits = np.zeros((2, 5, 4), "float32")
show("ok", lambda: O.ctc_loss(np.array([[1, 2], [3, 0]]), logits, np.array([2, 1]), np.array([5, 5])))
show("label rank", lambda: O.ctc_loss(np.array([1, 2]), logits, np.array([2]), np.array([5, 5])))
show("label too long", lambda: O.ctc_loss(np.array([[1, 2, 3, 1, 2, 3]] * 2), logits, np.array([6, 6]), np.array([5, 5])))
show("mask index", lambda: O.ctc_loss(np.array([[1, 2], [3, 0]]), logits, np.array([2, 1]), np.array([5, 5]), mask_index=3))
show("loss class", lambda: keras.losses.CTC()(np.array([[1, 2], [3, 0]]), logits))
show("loss class bad", lambda: keras.losses.CTC()(np.array([1, 2]), logits))
show("tf ctc logit len", lambda: tf.nn.ctc_loss(tf.constant([[1, 2], [1, 1]]), tf.zeros([5, 2, 4]), [2, 2], [6, 5]))
"""

SNIPPETS["ctc_labels_of_one_row"] = _TRY + """
show("keras", lambda: keras.ops.ctc_loss(np.array([[1, 2]]), np.zeros((2, 5, 4), "float32"), np.array([2]), np.array([5, 5])))
show("tf", lambda: tf.nn.ctc_loss(tf.constant([[1, 2]]), tf.zeros([5, 2, 4]), [2, 2], [5, 5]))
"""

SNIPPETS["forward_accumulator"] = _TRY + """
x = tf.constant([[2.0, 1.0], [1.0, 3.0]])
with tf.autodiff.ForwardAccumulator(x, tf.ones([2, 2])) as acc:
    y = tf.linalg.det(x)
    z = tf.linalg.inv(x)
show("det jvp", lambda: acc.jvp(y))
show("inv jvp", lambda: acc.jvp(z))
v = tf.Variable([1.0, 2.0])
with tf.autodiff.ForwardAccumulator(v, tf.constant([1.0, 0.0])) as acc:
    w = tf.reduce_sum(v ** 3)
show("variable jvp", lambda: acc.jvp(w))
show("numpy primal", lambda: tf.autodiff.ForwardAccumulator(np.ones(2, "float32"), np.ones(2, "float32")))
show("list primal", lambda: tf.autodiff.ForwardAccumulator([1.0], [1.0]))
show("shape mismatch", lambda: type(tf.autodiff.ForwardAccumulator(x, tf.ones([2]))).__name__)
show("keras jvp list", lambda: keras.ops.linalg.jvp(lambda a: a * 2, ([1.0, 2.0],), ([1.0, 1.0],)))
show("keras jvp tensor", lambda: keras.ops.linalg.jvp(lambda a: tf.linalg.det(a), (x,), (tf.ones([2, 2]),)))
"""

SNIPPETS["tf_nn_misc_ops"] = _TRY + """
x = tf.constant(np.arange(16, dtype="float32").reshape(1, 2, 2, 4))
show("space_to_depth", lambda: tf.nn.space_to_depth(tf.reshape(x, [1, 4, 4, 1]), 2)[0, 0])
show("depth_to_space", lambda: tf.nn.depth_to_space(x, 2)[0, :, :, 0])
show("depth_to_space bad", lambda: tf.nn.depth_to_space(x, 3))
show("top_k", lambda: tf.nn.top_k([3.0, 1.0, 3.0, 2.0], k=3))
show("in_top_k", lambda: tf.nn.in_top_k([1, 0], [[0.1, 0.9], [0.5, 0.5]], 1))
show("zero_fraction", lambda: tf.nn.zero_fraction([0.0, 1.0, 0.0, 2.0]))
show("collapse_repeated", lambda: tf.nn.collapse_repeated([[1, 1, 2, 2, 3], [4, 4, 4, 0, 0]], [5, 3]))
show("isotonic", lambda: tf.nn.isotonic_regression([[3.0, 1.0, 2.0, 5.0]]))
show("isotonic dec", lambda: tf.nn.isotonic_regression([[3.0, 1.0, 2.0, 5.0]], decreasing=False))
show("dilation2d", lambda: tf.nn.dilation2d(tf.reshape(x, [1, 4, 4, 1]), tf.zeros([2, 2, 1]), [1, 1, 1, 1], "VALID", "NHWC", [1, 1, 1, 1])[0, :, :, 0])
show("erosion2d", lambda: tf.nn.erosion2d(tf.reshape(x, [1, 4, 4, 1]), tf.zeros([2, 2, 1]), [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1])[0, :, :, 0])
show("embedding max_norm", lambda: tf.nn.embedding_lookup(tf.constant([[3.0, 4.0], [0.3, 0.4]]), [0, 1], max_norm=1.0))
sp = tf.sparse.SparseTensor([[0, 0], [0, 1], [1, 0]], [0, 1, 1], [2, 2])
show("embedding sparse mean", lambda: tf.nn.embedding_lookup_sparse(tf.constant([[1.0, 2.0], [3.0, 5.0]]), sp, None, combiner="mean"))
show("safe embedding", lambda: tf.nn.safe_embedding_lookup_sparse(tf.constant([[1.0, 2.0], [3.0, 5.0]]), tf.sparse.SparseTensor([[0, 0], [1, 0]], [1, -1], [3, 1]), combiner="sqrtn"))
show("beam search", lambda: tf.nn.ctc_beam_search_decoder(tf.math.log(tf.constant(np.eye(3, dtype="float32")[[1, 1, 0, 2]][:, None] * 0.8 + 0.1)), [4], beam_width=3, top_paths=2)[0][1].values)
"""

SNIPPETS["tf_linalg_more"] = _TRY + """
a = tf.constant([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])
lu, p = tf.linalg.lu(a)
show("lu", lambda: (lu, p))
show("lu_solve", lambda: tf.linalg.lu_solve(lu, p, tf.ones([3, 1])))
show("lu_reconstruct", lambda: tf.linalg.lu_reconstruct(lu, p))
show("matrix_rank", lambda: tf.linalg.matrix_rank(tf.constant([[1.0, 2.0], [2.0, 4.0]])))
show("sqrtm", lambda: tf.linalg.sqrtm(a))
show("eigvals", lambda: tf.linalg.eigvals(a))
show("tridiag", lambda: tf.linalg.tridiagonal_solve(tf.constant([[1.0, 2.0, 0.0], [3.0, 4.0, 5.0], [0.0, 6.0, 7.0]]), tf.ones([3, 1]), diagonals_format="matrix"))
show("tridiag matmul", lambda: tf.linalg.tridiagonal_matmul((tf.constant([0.0, 1.0, 2.0]), tf.constant([3.0, 4.0, 5.0]), tf.constant([6.0, 7.0, 0.0])), tf.ones([3, 2])))
show("banded", lambda: tf.linalg.banded_triangular_solve(tf.constant([[0.0, 2.0, 3.0], [1.0, 4.0, 5.0]]), tf.ones([3, 1])))
show("norm ord2", lambda: tf.linalg.norm(a, ord=2, axis=[0, 1]))
show("norm bad", lambda: tf.linalg.norm(a, ord=3, axis=[0, 1]))
show("pinv rcond", lambda: tf.linalg.pinv(a, rcond=0.3))
show("cholesky_solve", lambda: tf.linalg.cholesky_solve(tf.linalg.cholesky(a), tf.ones([3, 1])))
show("matrix_solve_ls fast", lambda: tf.linalg.lstsq(tf.ones([4, 2]) + tf.eye(4, 2), tf.ones([4, 1]), fast=False))
show("det batch", lambda: tf.linalg.det(tf.stack([a, 2 * a])))
show("inv batch bad", lambda: tf.linalg.inv(tf.ones([2, 3])))
"""

SNIPPETS["tf_linalg_logm"] = _TRY + """
a = tf.constant([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])
show("logm", lambda: tf.linalg.logm(tf.cast(a, tf.complex64)))
"""
