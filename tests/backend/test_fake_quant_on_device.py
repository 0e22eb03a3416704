"""Fake quantization on a GPU (the stand-in, or CuPy's GPU:0 under
EAGERFLOW_REGISTRY_ON=gpu), where TF has kernels for it (a quantization-aware training
step's every fake-quant op): the same expression as TF's CPU kernel, so the CPU's bits, and
the gradients to the input and to min/max variables living on the device."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from tests.gpu_target import on_the_gpu

F = np.float32


@pytest.fixture(autouse=True)
def gpu():
    with on_the_gpu():
        yield


def _values(rng, shape, lo, hi):
    """Inputs spread past the range, with its ends, steps' midpoints and a NaN."""
    x = rng.uniform(lo - 1, hi + 1, shape).astype(F)
    flat = x.reshape(-1)
    flat[:4] = [lo, hi, (lo + hi) / 2, np.nan][:flat.size]
    return x


def _both(fn, *args):
    got = fn(*args)
    with tf.device("/CPU:0"):
        want = fn(*args)
    for g, w in zip(tf.nest.flatten(got), tf.nest.flatten(want)):
        assert g.device.endswith("GPU:0"), g.device
        np.testing.assert_array_equal(g.numpy(), w.numpy())


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**31), bits=st.integers(2, 16), narrow=st.booleans(),
       lo=st.sampled_from([-6.0, -1.0, -0.3, 0.0, 0.7]), width=st.sampled_from([0.5, 2.0, 12.0]))
def test_forward_and_gradients_are_the_cpus(seed, bits, narrow, lo, width):
    rng = np.random.default_rng(seed)
    hi = lo + width
    x = _values(rng, (3, 4), lo, hi)
    g = rng.normal(size=(3, 4)).astype(F)
    kw = dict(num_bits=bits, narrow_range=narrow)
    q = tf.quantization
    _both(lambda: q.fake_quant_with_min_max_args(x, lo, hi, **kw))
    _both(lambda: q.fake_quant_with_min_max_args_gradient(g, x, lo, hi, **kw))
    _both(lambda: q.fake_quant_with_min_max_vars(x, F(lo), F(hi), **kw))
    _both(lambda: q.fake_quant_with_min_max_vars_gradient(g, x, F(lo), F(hi), **kw))
    los = (lo + rng.uniform(-0.5, 0.5, 4)).astype(F)
    his = (los + width).astype(F)
    _both(lambda: q.fake_quant_with_min_max_vars_per_channel(x, los, his, **kw))
    _both(lambda: q.fake_quant_with_min_max_vars_per_channel_gradient(g, x, los, his, **kw))


def _qat_step():
    lo, hi = tf.Variable(-1.0), tf.Variable(1.0)
    x = tf.constant(np.linspace(-2, 2, 9, dtype=F))
    with tf.GradientTape() as tape:
        y = tf.quantization.fake_quant_with_min_max_vars(x, lo, hi, num_bits=8)
        loss = tf.reduce_sum(y * y)
    return lo, y, tape.gradient(loss, [lo, hi])


def test_a_quantization_aware_step_trains_min_and_max_on_the_device():
    lo, y, grads = _qat_step()
    assert lo.device.endswith("GPU:0") and y.device.endswith("GPU:0")
    assert all(g.device.endswith("GPU:0") for g in grads)
    with tf.device("/CPU:0"):
        _, y_cpu, grads_cpu = _qat_step()
    np.testing.assert_array_equal(y.numpy(), y_cpu.numpy())
    for g, w in zip(grads, grads_cpu):  # (values past min and max pass their gradient on)
        assert w.numpy() != 0
        np.testing.assert_allclose(g.numpy(), w.numpy(), rtol=1e-6)
