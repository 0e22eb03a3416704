"""kprobe49b's further gradient snippets: keras.ops at their non-differentiable points
(sqrt, abs, norm, maximum ties, clip bounds, divide_no_nan), layers' gradients with masks
and shared uses, and gradients summed over a variable's several uses."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe49b.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["grad_ops_sqrt_abs_norm_at_zero"] = _TRY + """
x = [0.0, -0.0, 1.0, -2.0, 4.0]
gr("sqrt", lambda p: keras.ops.sqrt(keras.ops.abs(p)), x)
gr("abs", keras.ops.abs, x)
gr("sign", keras.ops.sign, x)
gr("norm", lambda p: keras.ops.norm(p * 0.0), x)
gr("norm2", lambda p: keras.ops.norm(p), x)
gr("rsqrt", lambda p: keras.ops.rsqrt(keras.ops.abs(p) + 1.0), x)
gr("square", keras.ops.square, x)
"""

SNIPPETS["grad_ops_maximum_minimum_clip_ties"] = _TRY + """
x = [0.0, 1.0, 2.0, -1.0, 3.0]
gr("maximum", lambda p: keras.ops.maximum(p, 1.0), x)
gr("minimum", lambda p: keras.ops.minimum(p, 1.0), x)
gr("max self", lambda p: keras.ops.maximum(p, p), x)
gr("clip", lambda p: keras.ops.clip(p, 0.0, 2.0), x)
gr("tf clip", lambda p: tf.clip_by_value(p, 0.0, 2.0), x)
gr("reduce max ties", lambda p: keras.ops.max(keras.ops.stack([p, p * 0.0 + 1.0])), x)
gr("amax", lambda p: keras.ops.max(keras.ops.minimum(p, 2.0)), x)
"""

SNIPPETS["grad_ops_divide_no_nan_and_where"] = _TRY + """
x = [0.0, 1.0, -2.0, 0.5]
gr("divide_no_nan", lambda p: keras.ops.divide_no_nan(1.0, p), x)
gr("tf div_no_nan", lambda p: tf.math.divide_no_nan(p, p), x)
gr("where", lambda p: keras.ops.where(p > 0, keras.ops.log(keras.ops.abs(p) + 1e-30), 0.0), x)
gr("xlogy", lambda p: tf.math.xlogy(p, p), x)
gr("log1p", keras.ops.log1p, x)
gr("expm1", keras.ops.expm1, x)
gr("log", lambda p: keras.ops.log(keras.ops.abs(p)), x)
"""

SNIPPETS["grad_variable_used_many_times"] = _TRY + """
x = [0.5, -1.0, 2.0]
gr("three uses", lambda p: p * p + keras.ops.exp(p) - keras.ops.sin(p) * 3.0 + p, x)
gr("add_n", lambda p: tf.add_n([p * 2.0, keras.ops.square(p), keras.ops.tanh(p), p / 3.0]), x)
gr("five uses", lambda p: keras.ops.sigmoid(p) + keras.ops.softplus(p) + p * 0.1 + keras.ops.cos(p) + keras.ops.square(p) * 1e-3, x)
gr("eager five", lambda p: keras.ops.sigmoid(p) + keras.ops.softplus(p) + p * 0.1 + keras.ops.cos(p) + keras.ops.square(p) * 1e-3, x, eager=True)
gr("shared dense", lambda p: keras.ops.sum(layers.Dense(1, kernel_initializer="ones", bias_initializer="ones")(keras.ops.stack([p, p * p, -p], axis=0))), x)
"""

SNIPPETS["grad_layers_softmax_with_mask"] = _TRY + """
x = [[1.0, 2.0, 3.0], [0.0, 0.0, -1.0]]
mask = np.array([[True, False, True], [False, False, False]])
gr("softmax mask", lambda p: layers.Softmax()(p, mask=mask), x)
gr("softmax", lambda p: layers.Softmax()(p), x)
gr("softmax axis0", lambda p: layers.Softmax(axis=0)(p, mask=mask), x)
gr("ops softmax", lambda p: keras.ops.softmax(p, axis=0), x)
"""

SNIPPETS["grad_layer_norm_and_batch_norm_inputs"] = _TRY + """
x = [[1.0, 1.0, 1.0], [0.0, 1.0, 2.0]]
gr("layernorm", lambda p: layers.LayerNormalization()(p) * np.array([1.0, 2.0, 3.0], "float32"), x)
gr("layernorm rms", lambda p: layers.LayerNormalization(rms_scaling=True)(p) * np.array([1.0, 2.0, 3.0], "float32"), x)
gr("batchnorm train", lambda p: layers.BatchNormalization()(p, training=True) * np.array([1.0, 2.0, 3.0], "float32"), x)
gr("groupnorm", lambda p: layers.GroupNormalization(groups=1)(p[None]) * np.array([1.0, 2.0, 3.0], "float32"), x)
gr("unitnorm", lambda p: layers.UnitNormalization()(p) * np.array([1.0, 2.0, 3.0], "float32"), x)
"""

SNIPPETS["grad_loss_sample_weight_and_reduction"] = _TRY + """
yt = np.array([[1.0], [0.0], [1.0]], "float32")
x = [[0.5], [0.5], [3.0]]
sw = np.array([2.0, 0.0, 1.0], "float32")
for red in ["sum_over_batch_size", "sum", "mean_with_sample_weight", None]:
    gr("mse %s" % red, lambda p: keras.losses.MeanSquaredError(reduction=red)(yt, p, sample_weight=sw), x)
gr("bce sw", lambda p: keras.losses.BinaryCrossentropy(from_logits=True)(yt, p, sample_weight=sw), x)
gr("bce zero sw", lambda p: keras.losses.BinaryCrossentropy(from_logits=True)(yt, p, sample_weight=sw * 0.0), x)
"""

SNIPPETS["grad_activations_misc_special"] = _TRY + """
x = [-2.0, -1.0, 0.0, 1.0, 2.0]
for name in ["tanh_shrink", "soft_shrink", "hard_shrink", "hard_tanh", "squareplus", "sparse_plus", "sparse_sigmoid", "threshold", "glu"]:
    fn = getattr(keras.activations, name, None) or getattr(keras.ops, name, None)
    if fn is None:
        print(name, "missing")
    elif name == "threshold":
        gr(name, lambda p: fn(p, 1.0, 0.0), x)
    elif name == "glu":
        gr(name, lambda p: fn(keras.ops.concatenate([p, p * 0.5])), x)
    else:
        gr(name, fn, x)
"""

SNIPPETS["grad_categorical_focal_and_dice"] = _TRY + """
yt = np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]], "float32")
x = [[0.2, 0.7, 0.1], [1.0, 0.0, 0.0]]
gr("cfocal", lambda p: keras.losses.CategoricalFocalCrossentropy(reduction=None)(yt, p), x)
gr("cfocal logits", lambda p: keras.losses.CategoricalFocalCrossentropy(from_logits=True, reduction=None)(yt, p), x)
gr("dice", lambda p: keras.losses.Dice(reduction=None)(yt, p), x)
gr("tversky", lambda p: keras.losses.Tversky(reduction=None)(yt, p), x)
gr("cat hinge", lambda p: keras.losses.CategoricalHinge(reduction=None)(yt, p), x)
"""

SNIPPETS["grad_through_fit_with_shared_layer"] = _TRY + """
a = keras.Input((2,))
shared = layers.Dense(2, kernel_initializer="ones", bias_initializer="zeros", activation="tanh")
h = shared(shared(shared(a)))
m = keras.Model(a, layers.Dense(1, kernel_initializer="ones")(h))
m.compile(keras.optimizers.SGD(0.1), keras.losses.BinaryCrossentropy(from_logits=True))
x = np.array([[0.5, -1.0], [2.0, 0.0], [-0.5, 0.25]], "float32")
y = np.array([[1.0], [0.0], [1.0]], "float32")
h = m.fit(x, y, epochs=3, batch_size=3, verbose=0)
print([float(np.float32(v)) for v in h.history["loss"]])
print([[float(v) for v in np.asarray(w).ravel()] for w in m.weights])
"""

SNIPPETS["grad_eager_train_step_shared_layer"] = _TRY + """
a = keras.Input((2,))
shared = layers.Dense(2, kernel_initializer="ones", bias_initializer="zeros", activation="tanh")
m = keras.Model(a, layers.Dense(1, kernel_initializer="ones")(shared(shared(a))))
m.compile(keras.optimizers.SGD(0.1), keras.losses.BinaryCrossentropy(from_logits=True), run_eagerly=True)
x = np.array([[0.5, -1.0], [2.0, 0.0], [-0.5, 0.25]], "float32")
y = np.array([[1.0], [0.0], [1.0]], "float32")
h = m.fit(x, y, epochs=2, batch_size=3, verbose=0)
print([float(np.float32(v)) for v in h.history["loss"]])
print([[float(v) for v in np.asarray(w).ravel()] for w in m.weights])
"""

SNIPPETS["activations_get_serialize_names"] = _TRY + """
for n in ["gelu", "silu", "swish", "mish", "hard_silu", "hard_swish", "relu6", "log_softmax", "softplus", "selu", "celu", "linear", None]:
    try:
        f = keras.activations.get(n)
        print(n, f.__name__, keras.activations.serialize(f))
    except Exception as e:
        print(n, type(e).__name__, str(e)[:150])
tryp("bad", lambda: keras.activations.get("nope"))
tryp("layer cfg", lambda: layers.Activation("hard_swish").get_config()["activation"])
tryp("dense cfg", lambda: layers.Dense(2, activation="swish").get_config()["activation"])
"""

SNIPPETS["grad_embedding_and_gather_repeated_ids"] = _TRY + """
e = layers.Embedding(4, 2, embeddings_initializer="ones")
ids = np.array([[0, 1, 1], [3, 1, 0]])
with tf.GradientTape() as t:
    out = keras.ops.sum(e(ids) * np.arange(12, dtype="float32").reshape(2, 3, 2))
g = t.gradient(out, e.embeddings)
print(type(g).__name__, r4(tf.convert_to_tensor(g)))
@tf.function
def f():
    with tf.GradientTape() as t:
        out = keras.ops.sum(e(ids) * np.arange(12, dtype="float32").reshape(2, 3, 2))
    g = t.gradient(out, e.embeddings)
    return tf.convert_to_tensor(g)
print(r4(f()))
"""
