"""kprobe49b's gradient snippets: Keras losses' and activations' values and gradients at
their special points (a logit's sign change, Huber's delta, zero vectors and zero
probabilities, the activations' kinks), taken as Keras's fit takes them (in a
tf.function), exactly."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe49b.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["grad_bce_from_logits_special_logits"] = _TRY + """
yt = np.array([[0.0], [1.0], [0.5], [1.0], [0.0], [1.0], [0.0]], "float32")
x = [[-20.0], [-2.0], [0.0], [2.0], [20.0], [0.0], [1e-8]]
for red in [None, "sum_over_batch_size", "sum"]:
    gr("bce logits " + str(red), lambda p: keras.losses.BinaryCrossentropy(from_logits=True, reduction=red)(yt, p), x)
gr("bce fn", lambda p: keras.losses.binary_crossentropy(yt, p, from_logits=True), x)
gr("bce smooth", lambda p: keras.losses.BinaryCrossentropy(from_logits=True, label_smoothing=0.1, reduction=None)(yt, p), x)
gr("tf logistic", lambda p: tf.nn.sigmoid_cross_entropy_with_logits(labels=yt, logits=p), x)
"""

SNIPPETS["grad_logistic_loss_eager"] = _TRY + """
yt = np.array([1.0, 1.0, 1.0, 0.0, 0.3, 1.0, 0.0], "float32")
x = [2.0, 0.0, 20.0, -3.0, 0.5, -1.0, 1.0]
gr("eager", lambda p: tf.nn.sigmoid_cross_entropy_with_logits(labels=yt, logits=p), x, eager=True)
gr("traced", lambda p: tf.nn.sigmoid_cross_entropy_with_logits(labels=yt, logits=p), x)
"""

SNIPPETS["grad_bce_probabilities_at_bounds"] = _TRY + """
yt = np.array([[0.0], [1.0], [1.0], [0.0], [1.0], [0.0]], "float32")
x = [[0.0], [0.0], [1e-8], [1.0], [1.0], [0.5]]
gr("bce probs", lambda p: keras.losses.BinaryCrossentropy(reduction=None)(yt, p), x)
gr("bce probs smooth", lambda p: keras.losses.BinaryCrossentropy(label_smoothing=0.2, reduction=None)(yt, p), x)
gr("bfocal probs", lambda p: keras.losses.BinaryFocalCrossentropy(reduction=None)(yt, p), x)
gr("bfocal logits", lambda p: keras.losses.BinaryFocalCrossentropy(from_logits=True, gamma=2.0, reduction=None)(yt, p), x)
"""

SNIPPETS["grad_cce_label_smoothing"] = _TRY + """
yt = np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]], "float32")
x = [[0.0, 0.0, 0.0], [-1.0, 2.0, 0.5]]
for ls in [0.0, 0.1, 1.0]:
    gr("cce logits ls=%s" % ls, lambda p: keras.losses.CategoricalCrossentropy(from_logits=True, label_smoothing=ls, reduction=None)(yt, p), x)
    gr("cce probs ls=%s" % ls, lambda p: keras.losses.CategoricalCrossentropy(label_smoothing=ls, reduction=None)(yt, tf.nn.softmax(p)), x)
gr("scce logits", lambda p: keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)(np.array([1, 0]), p), x)
gr("scce probs zero", lambda p: keras.losses.SparseCategoricalCrossentropy(reduction=None)(np.array([1, 0]), p * 0.0 + np.array([[0.0, 1.0, 0.0], [0.0, 0.5, 0.5]], "float32")), x)
"""

SNIPPETS["grad_huber_at_delta_and_logcosh"] = _TRY + """
yt = np.zeros((6, 1), "float32")
x = [[1.0], [-1.0], [0.5], [2.0], [0.0], [-3.0]]
for d in [1.0, 0.5, 2.0]:
    gr("huber d=%s" % d, lambda p: keras.losses.Huber(delta=d, reduction=None)(yt, p), x)
gr("logcosh", lambda p: keras.losses.LogCosh(reduction=None)(yt, p), x)
gr("logcosh big", lambda p: keras.losses.LogCosh(reduction=None)(yt, p * 50.0), x)
"""

SNIPPETS["grad_kld_poisson_at_zero"] = _TRY + """
yt = np.array([[0.0, 1.0], [0.5, 0.5], [0.0, 0.0]], "float32")
x = [[0.0, 1.0], [0.0, 1e-9], [0.25, 0.0]]
gr("kld", lambda p: keras.losses.KLDivergence(reduction=None)(yt, p), x)
gr("poisson", lambda p: keras.losses.Poisson(reduction=None)(yt, p), x)
gr("msle", lambda p: keras.losses.MeanSquaredLogarithmicError(reduction=None)(yt, p), x)
gr("mape", lambda p: keras.losses.MeanAbsolutePercentageError(reduction=None)(yt, p), x)
gr("tf log_poisson", lambda p: tf.nn.log_poisson_loss(yt, p), x)
"""

SNIPPETS["grad_cosine_similarity_zero_vectors"] = _TRY + """
yt = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0]], "float32")
x = [[1.0, 2.0], [0.0, 0.0], [-1.0, -1.0]]
gr("cos", lambda p: keras.losses.CosineSimilarity(reduction=None)(yt, p), x)
gr("cos axis0", lambda p: keras.losses.CosineSimilarity(axis=0, reduction=None)(yt, p), x)
gr("cos fn", lambda p: keras.losses.cosine_similarity(yt, p), x)
gr("l2norm", lambda p: tf.math.l2_normalize(p, axis=-1), x)
"""

SNIPPETS["grad_mse_mae_hinge_kinks"] = _TRY + """
yt = np.array([[1.0], [-1.0], [1.0], [0.0], [1.0]], "float32")
x = [[1.0], [-1.0], [0.0], [0.0], [2.0]]
gr("mae", lambda p: keras.losses.MeanAbsoluteError(reduction=None)(yt, p), x)
gr("mse", lambda p: keras.losses.MeanSquaredError(reduction=None)(yt, p), x)
gr("hinge", lambda p: keras.losses.Hinge(reduction=None)(yt, p), x)
gr("sq hinge", lambda p: keras.losses.SquaredHinge(reduction=None)(yt, p), x)
gr("cat hinge", lambda p: keras.losses.CategoricalHinge(reduction=None)(np.array([[0.0, 1.0]], "float32"), p[:2, 0][None]), x)
"""

SNIPPETS["grad_activations_gelu_silu_mish"] = _TRY + """
x = [-3.0, -1.0, -0.0, 0.0, 0.5, 3.0, 10.0]
gr("gelu approx", lambda p: keras.activations.gelu(p, approximate=True), x)
gr("gelu exact", lambda p: keras.activations.gelu(p, approximate=False), x)
gr("silu", keras.activations.silu, x)
gr("mish", keras.activations.mish, x)
gr("hard_silu", keras.activations.hard_silu, x)
gr("hard_silu kinks", keras.activations.hard_silu, [-3.0, 3.0, -2.9999, 2.9999])
"""

SNIPPETS["grad_activations_softplus_large"] = _TRY + """
x = [-100.0, -20.0, 0.0, 15.0, 20.0, 50.0, 100.0]
gr("softplus", keras.activations.softplus, x)
gr("softsign", keras.activations.softsign, x)
gr("log_sigmoid", keras.activations.log_sigmoid, x)
gr("sigmoid", keras.activations.sigmoid, x)
gr("tanh", keras.activations.tanh, x)
gr("exponential", lambda p: keras.activations.exponential(p / 10.0), x)
"""

SNIPPETS["grad_activations_elu_selu_at_zero"] = _TRY + """
x = [-1.0, -0.0, 0.0, 1e-8, -1e-8, 1.0]
gr("elu", keras.activations.elu, x)
gr("elu a=0.5", lambda p: keras.activations.elu(p, alpha=0.5), x)
gr("selu", keras.activations.selu, x)
gr("celu", lambda p: keras.activations.celu(p), x)
gr("tf elu", tf.nn.elu, x)
gr("tf selu", tf.nn.selu, x)
"""

SNIPPETS["grad_relu_family_kinks"] = _TRY + """
x = [-1.0, 0.0, 3.0, 6.0, 7.0, -0.0]
gr("relu", keras.activations.relu, x)
gr("relu6", keras.activations.relu6, x)
gr("relu max6", lambda p: keras.activations.relu(p, max_value=6.0), x)
gr("relu thr", lambda p: keras.activations.relu(p, threshold=3.0), x)
gr("relu neg", lambda p: keras.activations.relu(p, negative_slope=0.1, max_value=6.0), x)
gr("leaky", keras.activations.leaky_relu, x)
gr("hard_sigmoid", keras.activations.hard_sigmoid, [-3.0, 3.0, 0.0, -2.5, 2.5, 4.0])
gr("tf relu6", tf.nn.relu6, x)
"""

SNIPPETS["grad_log_softmax_on_inf"] = _TRY + """
x = [[0.0, -np.inf, 1.0], [-np.inf, -np.inf, 0.0]]
gr("log_softmax", lambda p: keras.activations.log_softmax(p), x)
gr("softmax", lambda p: keras.activations.softmax(p), x)
gr("tf log_softmax", lambda p: tf.nn.log_softmax(p), x)
gr("ops log_softmax", lambda p: keras.ops.log_softmax(p, axis=-1), x)
gr("logsumexp", lambda p: keras.ops.logsumexp(p, axis=-1), x)
"""

SNIPPETS["grad_loss_layers_in_fit_step"] = _TRY + """
x = np.array([[0.0, 1.0], [2.0, -1.0], [0.5, 0.5], [-2.0, 0.0]], "float32")
y = np.array([[1.0], [0.0], [1.0], [0.0]], "float32")
for loss in [keras.losses.BinaryCrossentropy(from_logits=True), keras.losses.Huber(delta=0.5), keras.losses.LogCosh(), keras.losses.Poisson()]:
    m = keras.Sequential([keras.Input((2,)), layers.Dense(1, kernel_initializer="ones", bias_initializer="zeros")])
    m.compile(keras.optimizers.SGD(0.5), loss)
    h = m.fit(x, y, epochs=3, batch_size=4, verbose=0)
    print(type(loss).__name__, [float(np.float32(v)) for v in h.history["loss"]], [float(v) for v in np.asarray(m.weights[0]).ravel()])
"""
