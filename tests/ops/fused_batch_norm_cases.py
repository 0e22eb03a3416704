"""Cases of TF's fused batch norm ops for test_fused_batch_norm.py, run through
tf.raw_ops by make_fused_batch_norm_golden.py (fused_batch_norm_golden.json): each op's
outputs, and for the gradient ops the gradients of a loss of their outputs with respect to
each input (TF's registered gradient, which differentiates its composite; None for the
reserve spaces). No imports: TF's interpreter loads this file too."""

# (op, is_training, data_format, exponential_avg_factor, x shape, x dtype)
FORWARD = [
    (op, training, fmt, f, shape, dtype)
    for op in ("FusedBatchNorm", "FusedBatchNormV2", "FusedBatchNormV3")
    for training, fmt, f, shape, dtype in (
        (True, "NHWC", 1.0, (2, 3, 2, 3), "float32"),
        (True, "NCHW", 0.3, (2, 3, 2, 3), "float32"),
        (False, "NHWC", 1.0, (2, 3, 2, 3), "float32"),
        (True, "NHWC", 1.0, (1, 1, 1, 3), "float32"),
        (True, "NHWC", 1.0, (0, 2, 2, 3), "float32"),
        (True, "NHWC", 1.0, (2, 3, 2, 3), "float16"),
        (True, "NDHWC", 1.0, (1, 2, 3, 2, 3), "float32"),
    )
    if (op != "FusedBatchNorm" or dtype == "float32") and (op == "FusedBatchNormV3" or
                                                          fmt != "NDHWC")
]

# (op, is_training, data_format, x dtype)
BACKWARD = [
    (op, training, fmt, dtype)
    for op in ("FusedBatchNormGrad", "FusedBatchNormGradV2", "FusedBatchNormGradV3")
    for training in (True, False)
    for fmt in ("NHWC", "NCHW")
    for dtype in ("float32", "float16")
    if (op != "FusedBatchNormGrad" or dtype == "float32")
    # (TF's half kernels refuse NCHW inference: a bad sample of the op)
    and (training or fmt == "NHWC" or dtype == "float32")
]


SHAPE = (2, 3, 2, 3)  # the gradient cases' (3 channels either way)


def values(np, shape, seed):
    """The inputs of a case (float32): x and dy, then the 3 channels' scale, offset, mean
    and variance."""
    rng = np.random.RandomState(seed)
    f = np.float32
    return (rng.uniform(-2, 2, shape).astype(f), rng.uniform(-2, 2, shape).astype(f),
            rng.uniform(0.5, 2, 3).astype(f), rng.uniform(-1, 1, 3).astype(f),
            rng.uniform(-1, 1, 3).astype(f), rng.uniform(0.5, 2, 3).astype(f))


def forward(tf, np, case, seed):
    """A forward case's outputs (lists)."""
    op, training, fmt, f, shape, dtype = case
    x, _, scale, offset, mean, var = values(np, shape, seed)
    if training and f == 1.0:
        mean = var = np.zeros(0, np.float32)
    outs = getattr(tf.raw_ops, op)(
        x=tf.constant(x.astype(dtype)), scale=scale, offset=offset, mean=mean, variance=var,
        epsilon=0.01, exponential_avg_factor=f, data_format=fmt, is_training=training)
    return [np.asarray(o).astype(np.float64).tolist() for o in outs]


def backward(tf, np, case, seed):
    """A gradient case's outputs and its inputs' gradients of a loss of them (None where
    none)."""
    op, training, fmt, dtype = case
    x, dy, scale, _, mean, var = values(np, SHAPE, seed)
    x, dy = tf.constant(x.astype(dtype)), tf.constant(dy.astype(dtype))
    scale, mean, var = tf.constant(scale), tf.constant(mean), tf.constant(var)
    extra = {"reserve_space_3": tf.zeros([0])} if op.endswith("V3") else {}
    with tf.GradientTape() as tape:
        tape.watch([dy, x, scale, mean, var])
        outs = getattr(tf.raw_ops, op)(
            y_backprop=dy, x=x, scale=scale, reserve_space_1=mean, reserve_space_2=var,
            epsilon=0.01, data_format=fmt, is_training=training, **extra)
        loss = (tf.reduce_sum(tf.cast(outs[0], tf.float32) * tf.sin(tf.cast(x, tf.float32)))
                + tf.reduce_sum(outs[1] * tf.constant([1.0, -2.0, 0.5]))
                + tf.reduce_sum(outs[2] * tf.constant([0.3, 0.7, -1.0])))
    grads = tape.gradient(loss, [dy, x, scale, mean, var])
    return {"outputs": [np.asarray(o).astype(np.float64).tolist() for o in outs[:3]],
            "grads": [None if g is None else np.asarray(g).astype(np.float64).tolist()
                      for g in grads]}
