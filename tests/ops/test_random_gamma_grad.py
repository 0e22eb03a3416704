"""RandomGammaGrad and the gradients of gamma draws wrt alpha, against TF 2.21's values
(recorded from TF's eager raw op and tf.GradientTape; TF's float32 kernel computes in
float32, so its values are a few ulps from the float64 ones here, rounded once)."""

import numpy as np
import pytest

import eagerflow as tf

A = [0.5, 1.0, 3.0, 0.01, 50.0, 1e-3, 2.5, 7.0, 0.2, 100.0, 1.0, 3.0]
X = [0.3, 1.2, 2.5, 1e-5, 45.0, 1e-30, 8.0, 0.5, 3.0, 120.0, 1e-6, 30.0]
TF64 = [1.0098019459488548, 1.2854717535902629, 0.9633618288399735, 0.010952158246714486,
        0.951410192211624, 6.850198085801106e-26, 1.8053769451521995, 0.20690573373103033,
        5.440340739319626, 1.095752510707004, 1.4238302262212704e-05, 2.685886589190873]
TF32 = [1.0098021030426025, 1.285473108291626, 0.963361918926239, 0.010952157899737358,
        0.9514099955558777, 6.850198162598261e-26, 1.8053767681121826, 0.20690572261810303,
        5.440342426300049, 1.095749855041504, 1.4238301446312107e-05, 2.685886859893799]


@pytest.mark.parametrize("dtype, want, rtol", [(tf.float64, TF64, 1e-12),
                                               (tf.float32, TF32, 5e-6)])
def test_values_are_tfs(dtype, want, rtol):
    got = tf.raw_ops.RandomGammaGrad(alpha=tf.constant(A, dtype), sample=tf.constant(X, dtype))
    assert got.dtype == dtype
    np.testing.assert_allclose(got.numpy(), want, rtol=rtol)


@pytest.mark.parametrize("dtype", [tf.float32, tf.float64])
def test_edges_are_tfs(dtype):
    a = [-1.0, 0.0, np.nan, np.inf, 1.0, 1.0, 2.0, 2.0, np.inf, np.inf, 0.0, 2.0]
    x = [1.0, 2.0, 1.0, 1.0, 0.0, -1.0, np.inf, np.nan, np.inf, 0.0, 0.0, -0.0]
    got = tf.raw_ops.RandomGammaGrad(alpha=tf.constant(a, dtype), sample=tf.constant(x, dtype))
    want = ["nan", "nan", "nan", "0.0", "0.0", "nan", "-0.0", "nan", "0.0", "0.0", "0.0", "0.0"]
    assert [repr(v) for v in got.numpy().tolist()] == want


def test_alpha_broadcasts_against_the_samples():
    got = tf.raw_ops.RandomGammaGrad(alpha=tf.constant([1.0, 2.0]),
                                     sample=tf.constant([[1.0, 2.0]] * 2))
    np.testing.assert_allclose(got.numpy(), [[1.1735628, 1.0862083]] * 2, rtol=5e-6)


def test_gamma_draws_gradients_are_tfs():
    al = tf.constant([0.5, 2.0, 7.0], tf.float64)
    be = tf.constant([1.0, 3.0, 0.5], tf.float64)
    tf.random.set_seed(7)  # (a fresh stream whatever ran before in this process)
    try:
        with tf.GradientTape(persistent=True) as t:
            t.watch([al, be])
            y = tf.random.gamma([4], al, be, dtype=tf.float64, seed=1)
            z = tf.random.stateless_gamma([4, 3], [1, 2], al, be, dtype=tf.float64)
            w = tf.raw_ops.StatelessRandomGammaV2(shape=[4, 3], seed=[1, 2], alpha=al)
    finally:
        tf.random.set_seed(None)
    for got, want in [
            (t.gradient(y, [al, be]), [[3.912785996099666, 1.0955510896633043,
                                        7.860667656579348],
                                       [-1.3487020532624152, -0.5884923239974584,
                                        -104.75391929261687]]),
            (t.gradient(z, [al, be]), [[2.9442317, 1.50329743, 7.81295698],
                                       [-0.92414629, -0.98149737, -104.4424971]]),
            ([t.gradient(w, al)], [[2.9442317, 4.50989228, 3.90647849]])]:
        for g, v in zip(got, want):
            np.testing.assert_allclose(g.numpy(), v, rtol=1e-7)


def test_a_traced_gradient_uses_random_gamma_grad():
    @tf.function
    def f(alpha):
        with tf.GradientTape() as t:
            t.watch(alpha)
            y = tf.random.gamma([3], alpha, seed=1)
        return t.gradient(y, alpha)

    graph = f.get_concrete_function(tf.TensorSpec([2])).graph
    assert "RandomGammaGrad" in {o.type for o in graph.get_operations()}
