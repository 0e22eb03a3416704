"""Keras's BatchNormalization training step as one op on a device (ops/nn_batchnorm.py):
the same outputs, moving statistics and gradients (first and second order, forward mode)
as the composite of tf.nn.moments and tf.nn.batch_normalization that it stands for, which
still runs on CPU, in traced functions and for the layers the op does not take.

The device is the strict stand-in GPU, whose kernels are NumPy's: results agree with the
CPU's composite within float rounding (its sums run in another order)."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import strict_counts
from eagerflow._src.core import device as D
from eagerflow._src.ops import nn_batchnorm

RNG = np.random.default_rng(5)
X = (RNG.normal(size=(4, 5, 6, 3)) * 3 + 1).astype(np.float32)
WEIGHTS = np.arange(1, 4, dtype=np.float32)
DIRECTION = RNG.normal(size=X.shape)  # (a Hessian-vector product's, a tangent)


@pytest.fixture
def gpu():
    with D.standin_gpus(1):
        yield


def _fused(x, scale, offset):
    """The op's (y, mean, variance), its moving statistics left out."""
    c = x.shape[-1]
    return nn_batchnorm.batch_norm_training(x, scale, offset, tf.zeros(c, x.dtype),
                                            tf.ones(c, x.dtype), 1e-3, 0.99)[:3]


def _ops_on_tape(layer, x):
    """The op names a tape records for one training call of `layer` on `x`."""
    with tf.GradientTape() as tape:
        tape.watch(x)
        layer(x, training=True)
    return [n.op.name for n in tape._nodes]


def _step(device, layer_args=None, x=X, **call):
    """A fresh layer's training call on `x` on `device`: (y, dx, dgamma, dbeta, moving
    mean, moving variance) of a loss that weighs the channels differently."""
    with tf.device(device):
        layer = tf.keras.layers.BatchNormalization(**(layer_args or {}))
        xt = tf.constant(x)
        with tf.GradientTape() as tape:
            tape.watch(xt)
            y = layer(xt, training=True, **call)
            loss = tf.reduce_sum(y * tf.constant(WEIGHTS.astype(x.dtype)) * xt)
        grads = tape.gradient(loss, [xt] + layer.trainable_variables)
        return [t.numpy() for t in [y, *grads, layer.moving_mean, layer.moving_variance]]


def _close(got, want, rtol):
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=rtol, atol=rtol * np.abs(w).max())


def test_a_device_training_step_is_one_op_with_one_gradient_op(gpu):
    layer = tf.keras.layers.BatchNormalization()
    names = _ops_on_tape(layer, tf.constant(X))
    assert names.count("_BatchNormTraining") == 1
    assert "Mean" not in names and "SquaredDifference" not in names


def test_a_training_call_with_its_moving_averages_is_four_launches(gpu):
    # two column sums (cuBLAS products at scale), the squared deviations and the
    # normalization, whose first row also writes the per-channel arithmetic (statistics,
    # moving averages); the assignments rebind the variables' buffers
    layer = tf.keras.layers.BatchNormalization()
    x = tf.constant(X)
    layer(x, training=True)
    with strict_counts.count_launches() as n:
        layer(x, training=True)
    assert (n["kernel"], n["total"]) == (2, 4), dict(n)


def test_the_gradient_is_three_launches(gpu):
    # dy written beside dy (x - mu) by one kernel, so both column sums are one (a cuBLAS
    # product at scale); the input's gradient, whose first row also writes the scale's
    from eagerflow._src.ops.dispatch import bind

    x = tf.constant(X)
    c = X.shape[-1]
    args = (tf.constant(RNG.normal(size=X.shape).astype(np.float32)), x,
            tf.ones(c), tf.constant(X.reshape(-1, c).mean(0)),
            tf.constant(X.reshape(-1, c).var(0)))
    with strict_counts.count_launches() as n:
        dx, dscale, doffset = bind(nn_batchnorm.BN_TRAINING_GRAD, args, {"epsilon": 1e-3})
    assert (n["kernel"], n["total"]) == (2, 3), dict(n)
    dy, xs = args[0].numpy().reshape(-1, c), X.reshape(-1, c)
    np.testing.assert_allclose(doffset.numpy(), dy.sum(0), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(dscale.numpy(), (dy * (xs - xs.mean(0))).sum(0) /
                               np.sqrt(xs.var(0) + 1e-3), rtol=1e-4, atol=1e-5)


def test_the_moving_statistics_are_differentiable_averages(gpu):
    # (Keras's layer only assigns them; a caller of the op gets their derivatives)
    x, scale, offset = tf.constant(X[..., :2].astype(np.float64)), tf.ones(2, tf.float64), \
        tf.zeros(2, tf.float64)
    moving = [tf.constant([0.5, -1.0], tf.float64), tf.constant([2.0, 3.0], tf.float64)]
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([x, *moving])
        _, mean, var, new_mean, new_var = nn_batchnorm.batch_norm_training(
            x, scale, offset, *moving, 1e-3, 0.9)
        stats = tf.reduce_sum(mean * [1.0, 2.0]) + tf.reduce_sum(var)
        averaged = tf.reduce_sum(new_mean * [1.0, 2.0]) + tf.reduce_sum(new_var)
    np.testing.assert_allclose(new_mean.numpy(), moving[0].numpy() * 0.9 + mean.numpy() * 0.1)
    np.testing.assert_allclose(new_var.numpy(), moving[1].numpy() * 0.9 + var.numpy() * 0.1)
    np.testing.assert_allclose(tape.gradient(averaged, x).numpy(),
                               0.1 * tape.gradient(stats, x).numpy(), rtol=1e-9, atol=1e-12)
    for g, w in zip(tape.gradient(averaged, moving), ([0.9, 1.8], [0.9, 0.9])):
        np.testing.assert_allclose(g.numpy(), w)


@pytest.mark.parametrize("dtype, rtol", [(np.float32, 2e-5), (np.float64, 1e-12)])
def test_the_fused_step_is_the_composite(gpu, dtype, rtol):
    x = X.astype(dtype)
    args = {"dtype": dtype.__name__, "momentum": 0.9, "epsilon": 0.01}
    _close(_step("/GPU:0", args, x), _step("/CPU:0", args, x), rtol)


def test_the_forward_values_are_the_composite_bit_for_bit(gpu):
    # the stand-in's kernels are NumPy's: the same operations in the same order
    got, want = _step("/GPU:0"), _step("/CPU:0")
    for i in (0, 4, 5):  # y and the moving statistics
        np.testing.assert_array_equal(got[i], want[i])


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape", [(4, 5, 6, 3), (7, 2), (1, 1, 5), (0, 3)])
def test_the_device_kernels_are_the_host_lines_bit_for_bit(gpu, dtype, shape):
    # the forward's per-channel results (statistics, moving averages) written by the
    # normalization's first row, the scale's gradient by the input gradient's: every
    # output equals the host's lines (NumPy's ufuncs, the same operations in the same
    # order) on the same column sums; an empty batch takes those lines on the device too
    from eagerflow._src.backend import strict

    rng = np.random.default_rng(len(shape))
    c = shape[-1]
    x, dy = (rng.normal(size=shape).astype(dtype) * 3 + 1 for _ in range(2))
    scale, offset, moving_mean = (rng.normal(size=c).astype(dtype) for _ in range(3))
    moving_variance, variance = (rng.uniform(0.5, 2, c).astype(dtype) for _ in range(2))
    mean = x.reshape(-1, c).mean(0).astype(dtype) if x.size else scale
    forward = (x, scale, offset, moving_mean, moving_variance, 1e-3, 0.9)
    backward = (dy, x, scale, mean, variance, 1e-3)
    with tf.device("/GPU:0"):
        on = strict.xp
        for kernel, args in ((nn_batchnorm._kernel, forward),
                             (nn_batchnorm._grad_kernel, backward)):
            got = kernel(on, *(on.asarray(a) if isinstance(a, np.ndarray) else a
                               for a in args))
            want = kernel(np, *args)
            for g, w in zip(got, want):
                assert g.dtype == w.dtype and g.shape == w.shape
                np.testing.assert_array_equal(g.get(), w, strict=True)


@pytest.mark.parametrize("layer_args, call", [
    ({"axis": 1}, {}), ({"scale": False}, {}), ({"center": False}, {}),
    ({}, {"mask": tf.constant(RNG.random((4, 5, 6)) > 0.3)})])
def test_other_layers_keep_the_composite_and_agree_with_the_cpu(gpu, layer_args, call):
    layer = tf.keras.layers.BatchNormalization(**layer_args)
    with tf.GradientTape() as tape:
        x = tf.constant(X)
        tape.watch(x)
        layer(x, training=True, **call)
    assert "_BatchNormTraining" not in [n.op.name for n in tape._nodes]
    _close(_step("/GPU:0", layer_args, **call), _step("/CPU:0", layer_args, **call), 2e-5)


def test_inference_and_the_cpu_keep_the_composite(gpu):
    layer = tf.keras.layers.BatchNormalization()
    with tf.device("/CPU:0"):
        assert "_BatchNormTraining" not in _ops_on_tape(layer, tf.constant(X))
    with tf.GradientTape() as tape:
        x = tf.constant(X)
        tape.watch(x)
        layer(x, training=False)
    assert "_BatchNormTraining" not in [n.op.name for n in tape._nodes]


def test_a_traced_step_holds_keras_3s_ops(gpu):
    layer = tf.keras.layers.BatchNormalization()
    f = tf.function(lambda x: layer(x, training=True))
    ops = {n.type for n in f.get_concrete_function(tf.constant(X)).graph.get_operations()}
    assert {"Mean", "SquaredDifference", "Rsqrt"} <= ops
    assert not any(o.startswith("_BatchNorm") for o in ops)
    with tf.device("/CPU:0"):
        want = tf.keras.layers.BatchNormalization()(tf.constant(X), training=True)
    np.testing.assert_allclose(f(tf.constant(X)).numpy(), want.numpy(), rtol=1e-5, atol=1e-5)


def _second_order(device):
    """A Hessian-vector product through the layer: the gradient's gradient."""
    with tf.device(device):
        layer = tf.keras.layers.BatchNormalization(dtype="float64")
        x = tf.constant(X.astype(np.float64))
        layer.build(x.shape)
        v = tf.constant(DIRECTION)
        with tf.GradientTape() as outer:
            outer.watch(x)
            with tf.GradientTape() as inner:
                inner.watch(x)
                y = layer(x, training=True)
                loss = tf.reduce_sum(tf.sin(y) * x)
            g = inner.gradient(loss, x)
            gv = tf.reduce_sum(g * v)
        return outer.gradient(gv, [x, layer.gamma, layer.beta])


def test_second_derivatives_are_tfs_with_its_stop_gradient(gpu):
    # the gradient recorded by an outer tape is the composite's own gradient's ops, so
    # the Hessian is TF's (tf.nn.moments' stop_gradient cuts a path the closed form has)
    for got, want in zip(_second_order("/GPU:0"), _second_order("/CPU:0")):
        np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-9, atol=1e-9)


def _jvp(device):
    with tf.device(device):
        layer = tf.keras.layers.BatchNormalization(dtype="float64")
        x = tf.constant(X.astype(np.float64))
        layer.build(x.shape)
        with tf.autodiff.ForwardAccumulator(x, tf.constant(DIRECTION)) as acc:
            y = layer(x, training=True)
        return acc.jvp(y)


def test_forward_mode_agrees_with_the_cpu(gpu):
    np.testing.assert_allclose(_jvp("/GPU:0").numpy(), _jvp("/CPU:0").numpy(), rtol=1e-9,
                               atol=1e-9)


def _through_statistics(fused):
    """Gradients of a loss of the output, the mean and the variance, wrt x, scale, offset."""
    x = tf.constant(X.astype(np.float64))
    scale = tf.constant([1.5, 0.5, 2.0], tf.float64)
    offset = tf.constant([0.1, -0.2, 0.3], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch([x, scale, offset])
        if fused:
            y, mean, var = _fused(x, scale, offset)
        else:
            mean, var = tf.nn.moments(x, [0, 1, 2])
            y = tf.nn.batch_normalization(x, mean, var, offset, scale, 1e-3)
        loss = tf.reduce_sum(y ** 2) + tf.reduce_sum(mean * [1.0, 2.0, 3.0]) + \
            tf.reduce_sum(tf.sqrt(var))
    return tape.gradient(loss, [x, scale, offset])


def test_gradients_through_the_statistics_are_the_composites(gpu):
    for got, want in zip(_through_statistics(True), _through_statistics(False)):
        np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-10, atol=1e-10)


def test_mixed_precision_normalizes_in_float32(gpu):
    tf.keras.mixed_precision.set_global_policy("mixed_float16")
    try:
        x = X.astype(np.float16)
        got, want = _step("/GPU:0", x=x), _step("/CPU:0", x=x)
    finally:
        tf.keras.mixed_precision.set_global_policy("float32")
    assert got[0].dtype == np.float16 and got[4].dtype == np.float32
    _close(got, want, 2e-3)


def test_bad_inputs_name_the_op(gpu):
    with pytest.raises(tf.errors.InvalidArgumentError, match="scale must be a vector"):
        _fused(tf.ones((2, 3)), tf.ones(2), tf.ones(3))
    with pytest.raises(tf.errors.InvalidArgumentError, match="_BatchNormTraining"):
        _fused(tf.ones((2, 3)), tf.ones(3, tf.float64), tf.ones(3))
    with pytest.raises(tf.errors.InvalidArgumentError, match="moving_mean must be a vector"):
        nn_batchnorm.batch_norm_training(tf.ones((2, 3)), tf.ones(3), tf.ones(3), tf.ones(2),
                                         tf.ones(3), 1e-3, 0.99)


def _weights_only(device):
    """Gradients of the scale and offset alone: the tape watches only the variables it
    sees read, not the input."""
    with tf.device(device):
        layer = tf.keras.layers.BatchNormalization()
        x = tf.constant(X)
        layer.build(x.shape)
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(layer(x, training=True) * tf.constant(WEIGHTS))
        return tape.gradient(loss, layer.trainable_weights)


def test_a_tape_watching_only_the_weights_reaches_them(gpu):
    got, want = _weights_only("/GPU:0"), _weights_only("/CPU:0")
    assert all(g is not None for g in got)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g.numpy(), w.numpy(), rtol=1e-5, atol=1e-4)


def _traced_second_order(fused):
    """The gradient and a second derivative through the op (or the composite) in a
    function whose batch size is unknown while tracing."""
    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float64)])
    def f(x):
        scale, offset = tf.constant([1.0, 2.0, 0.5], tf.float64), tf.zeros(3, tf.float64)
        with tf.GradientTape() as outer:
            outer.watch(x)
            with tf.GradientTape() as inner:
                inner.watch(x)
                if fused:
                    y, mean, var = _fused(x, scale, offset)
                else:
                    mean, var = tf.nn.moments(x, [0])
                    y = tf.nn.batch_normalization(x, mean, var, offset, scale, 1e-3)
                loss = tf.reduce_sum(tf.sin(y)) + tf.reduce_sum(mean * var)
            g = inner.gradient(loss, x)
            gg = tf.reduce_sum(g * g)
        return g, outer.gradient(gg, x)

    return f(tf.constant(DIRECTION[0, 0, :5, :3]))


def test_a_traced_op_of_unknown_batch_size_differentiates_twice_as_the_composite():
    for got, want in zip(_traced_second_order(True), _traced_second_order(False)):
        np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-10, atol=1e-12)


def _mirrored_fit(run_eagerly):
    """Two epochs of a BatchNormalization model's fit over two devices' replicas."""
    strategy = tf.distribute.MirroredStrategy(["/gpu:0", "/gpu:1"])
    with strategy.scope():
        model = tf.keras.Sequential([tf.keras.Input((5, 6, 3)),
                                     tf.keras.layers.BatchNormalization(),
                                     tf.keras.layers.Flatten(), tf.keras.layers.Dense(2)])
        model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse",
                      run_eagerly=run_eagerly)
    model.layers[-1].set_weights([np.full((90, 2), 0.1, np.float32), np.zeros(2, np.float32)])
    model.fit(X, np.ones((4, 2), np.float32), batch_size=4, epochs=2, verbose=0,
              shuffle=False)
    return [w.numpy() for w in model.layers[0].weights]


def test_mirrored_replicas_train_the_same_eagerly_and_traced():
    # eagerly each replica's layer runs the op on its device; traced, the composite
    with D.standin_gpus(2):
        for got, want in zip(_mirrored_fit(True), _mirrored_fit(False)):
            np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)
