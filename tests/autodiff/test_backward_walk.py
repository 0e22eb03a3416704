"""The eager backward walk: a registered read gradient is called, and a multi-output op's
gradients are passed on unchanged where every missing one may stay None (others filled
with zeros as before)."""

import numpy as np

import eagerflow as tf


def test_a_registered_read_gradient_is_still_called(monkeypatch):
    from eagerflow._src.autodiff import gradient_registry
    calls = []

    def read_grad(op, g):
        calls.append(op)
        return [g * 10.0]

    monkeypatch.setitem(gradient_registry.USER_GRADIENTS, "ReadVariableOp", read_grad)
    v = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as t:
        y = tf.reduce_sum(v * 2.0)
    np.testing.assert_allclose(t.gradient(y, v).numpy(), [20.0, 20.0])
    assert calls


def test_a_multi_output_ops_missing_gradients_filled_or_left_none():
    x = tf.constant([1.0, 2.0, 3.0, 4.0])
    with tf.GradientTape(persistent=True) as t:
        t.watch(x)
        a, b = tf.split(x, 2)  # (a missing output gradient: zeros)
        y, mean, var = tf.compat.v1.nn.fused_batch_norm(
            tf.reshape(x, (1, 2, 2, 1)), tf.ones((1,)), tf.zeros((1,)))[:3]
        z = tf.reduce_sum(y * y * tf.reshape(x, (1, 2, 2, 1)))
    np.testing.assert_array_equal(t.gradient(a, x).numpy(), [1.0, 1.0, 0.0, 0.0])
    np.testing.assert_array_equal(t.gradient([a, b], x).numpy(), [1.0, 1.0, 1.0, 1.0])
    g_y = t.gradient(y, x).numpy()  # (the statistics' missing gradients stay None)
    np.testing.assert_allclose(g_y, np.zeros(4), atol=1e-5)
    g_both = t.gradient([y, mean], x).numpy()  # (the mean's own gradient given)
    assert g_both.shape == (4,)
    np.testing.assert_array_equal(t.gradient(mean, x).numpy(), np.zeros(4))
    # (y's gradient through the statistics' None ones: d/dx of sum(y^2 x))
    xs = np.array([1.0, 2.0, 3.0, 4.0])
    eps = 1e-3
    sd = np.sqrt(xs.var() + eps)
    yv = (xs - xs.mean()) / sd
    dy = 2 * yv * xs
    want = (dy - dy.mean() - yv * (dy * yv).mean()) / sd + yv ** 2
    np.testing.assert_allclose(t.gradient(z, x).numpy(), want, rtol=1e-4, atol=1e-5)


def _ops_run_by(fn):
    from eagerflow._src.ops import dispatch
    ran = []

    def callback(op_type, *args, **kwargs):
        ran.append(op_type)

    dispatch.add_op_callback(callback)
    try:
        out = fn()
    finally:
        dispatch.remove_op_callback(callback)
    return out, [op for op in ran if op != "OnesLike"]  # (a device's seed is an op)


def test_an_input_the_tape_does_not_want_gets_no_gradient_ops():
    # (y = max(x * c, 1) - c: a gradient for x alone builds none of c's, nor the 1.0's)
    x, c = tf.constant([1.0, 2.0]), tf.constant([3.0, 0.25])
    with tf.GradientTape(persistent=True) as t:
        t.watch([x, c])
        y = tf.maximum(x * c, 1.0) - c
    g, ran = _ops_run_by(lambda: t.gradient(y, x))
    np.testing.assert_array_equal(g.numpy(), [3.0, 0.0])
    assert sorted(ran) == ["GreaterEqual", "Mul", "SelectV2", "ZerosLike"]
    (gx, gc), ran = _ops_run_by(lambda: t.gradient(y, [x, c]))
    np.testing.assert_array_equal(gx.numpy(), [3.0, 0.0])
    np.testing.assert_array_equal(gc.numpy(), [0.0, -1.0])
    assert ran.count("Mul") == 2 and "Neg" in ran


def test_ops_are_recorded_by_each_of_several_tapes_and_accumulators():
    # (one tape records through its _record_op; two, or a forward accumulator, by Nodes)
    x = tf.constant(2.0)
    with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as acc:
        with tf.GradientTape() as outer:
            outer.watch(x)
            with tf.GradientTape() as inner:
                inner.watch(x)
                y = x * x * x
            dy = inner.gradient(y, x)
        d2y = outer.gradient(dy, x)
    assert float(dy) == 12.0 and float(d2y) == 12.0
    assert float(acc.jvp(y)) == 12.0


def test_an_integer_targets_seed_on_the_cpu_and_a_device():
    """The default output gradient of a target no gradient flows from (an int32 tensor:
    TF warns that it is watched, and its sources get None) is made as before on the CPU
    and on a device (tape._filled's direct paths take float and complex targets only)."""
    from eagerflow._src.core import device

    def run():
        x = tf.constant(3)
        with tf.GradientTape() as g:
            g.watch(x)
            y = x * x
        return g.gradient(y, x)
    assert run() is None
    with device.standin_gpus(1):
        assert run() is None
