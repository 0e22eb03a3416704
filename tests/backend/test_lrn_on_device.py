"""LRN and LRNGrad on a GPU, checked on the strict stand-in: TF's GPU kernels are cuDNN's
(float32 only, within cuDNN's limits on beta, the radius and the bias, TF's errors beyond
them), computed here in float32 on the device; half runs TF's CPU kernel, as TF places it.
The values are the CPU kernels' within float32 rounding."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.backend import strict

GPU0 = "/job:localhost/replica:0/task:0/device:GPU:0"
R = tf.raw_ops


pytestmark = pytest.mark.usefixtures("standin_gpu")  # (tests/backend/conftest.py)


def _on_cpu(fn, *arrays):
    with tf.device("/CPU:0"):
        return fn(*[tf.constant(a) for a in arrays]).numpy()


params = st.fixed_dictionaries({
    "depth_radius": st.integers(1, 7), "bias": st.floats(1e-5, 4.0),
    "alpha": st.floats(0.0, 2.0), "beta": st.floats(0.01, 1.5)})


@settings(max_examples=30, deadline=None)
@given(params, st.integers(1, 3), st.integers(1, 20), st.integers(0, 2**31 - 1))
def test_lrn_and_its_gradient_equal_the_cpus(attrs, rows, depth, seed):
    rng = np.random.default_rng(seed)
    x = rng.uniform(-2, 2, (2, rows, 3, depth)).astype(np.float32)
    g = rng.uniform(-1, 1, x.shape).astype(np.float32)

    def lrn(x):
        return R.LRN(input=x, **attrs)

    def grad(g, x, y):
        return R.LRNGrad(input_grads=g, input_image=x, output_image=y, **attrs)

    y = lrn(tf.constant(x))
    assert y.device == GPU0 and isinstance(y._arr, strict.StrictArray)
    y_cpu = _on_cpu(lrn, x)
    np.testing.assert_allclose(y.numpy(), y_cpu, rtol=2e-5, atol=1e-6)
    dx = grad(tf.constant(g), tf.constant(x), y)
    assert dx.device == GPU0
    want = _on_cpu(grad, g, x, y_cpu)
    # (each gradient sums up to 15 float32 terms as large as the largest value, which may
    # cancel: a tiny bias and alpha make them ~1e5 for results ~40, so the rounding bound is
    # absolute, ~15 float32 steps of the largest value)
    np.testing.assert_allclose(dx.numpy(), want, rtol=1e-4,
                               atol=max(1e-5, 1e-6 * float(np.abs(want).max())))


def test_the_tape_differentiates_it_on_the_device():
    x = tf.constant(np.random.default_rng(3).uniform(-1, 1, (1, 2, 2, 6)).astype(np.float32))
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(tf.nn.local_response_normalization(x, depth_radius=2) ** 2)
    got = tape.gradient(loss, x)
    with tf.device("/CPU:0"):
        xc = tf.constant(x.numpy())
        with tf.GradientTape() as tape:
            tape.watch(xc)
            loss = tf.reduce_sum(tf.nn.local_response_normalization(xc, depth_radius=2) ** 2)
        want = tape.gradient(loss, xc)
    assert got.device == GPU0
    np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-4, atol=1e-6)


@pytest.mark.parametrize("attrs, words", [
    ({"beta": 0.001}, "cuDNN requires beta >= 0.01, got: 0.001"),
    ({"depth_radius": 0}, "cuDNN requires depth_radius in [1, 7], got: 0"),
    ({"depth_radius": 8}, "cuDNN requires depth_radius in [1, 7], got: 8"),
    ({"bias": 1e-6}, "cuDNN requires bias >= 1e-5, got: 1e-06"),
])
def test_cudnns_limits_are_tfs_errors_on_the_gpu_only(attrs, words):
    x = np.ones((1, 1, 1, 4), np.float32)
    full = {"depth_radius": 2, "bias": 1.0, "alpha": 1.0, "beta": 0.5, **attrs}
    for op, args in (("LRN", {"input": x}),
                     ("LRNGrad", {"input_grads": x, "input_image": x, "output_image": x})):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            getattr(R, op)(**args, **full)
        assert f"device:GPU:0}}}} {words} [Op:{op}]" in str(info.value)
        with tf.device("/CPU:0"):
            assert getattr(R, op)(**args, **full).shape == x.shape


def test_half_runs_the_cpus_kernel():
    x = np.random.default_rng(5).uniform(-1, 1, (1, 2, 2, 5)).astype(np.float16)
    got = R.LRN(input=tf.constant(x), depth_radius=0)  # (beyond cuDNN's limits: no matter)
    want = _on_cpu(lambda t: R.LRN(input=t, depth_radius=0), x)
    np.testing.assert_array_equal(got.numpy(), want)
