"""Fake quantization on a GPU (the stand-in, or CuPy's GPU:0 under
EAGERFLOW_REGISTRY_ON=gpu), where TF has kernels for it (a quantization-aware training
step's every fake-quant op): the same expression as TF's CPU kernel, so the CPU's bits, and
the gradients to the input and to min/max variables living on the device."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf

F = np.float32


pytestmark = pytest.mark.usefixtures("on_gpu")  # (tests/backend/conftest.py)


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


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**31), bits=st.integers(2, 12), signed=st.booleans(),
       narrow=st.booleans(), given_range=st.booleans(), axis=st.sampled_from([None, 1]),
       mode=st.sampled_from(["HALF_TO_EVEN", "HALF_UP"]),
       dtype=st.sampled_from([np.float32, np.float64, np.float16]))
def test_quantize_and_dequantize_is_the_cpus(seed, bits, signed, narrow, given_range, axis,
                                             mode, dtype):
    """V2 (tf.quantization.quantize_and_dequantize_v2 binds V4), V3 and V4's gradient: the
    CPU's bits on the device, for the half type too (TF runs a half type's on its CPU
    kernel; eagerflow computes it so and leaves it on the device)."""
    rng = np.random.default_rng(seed)
    x = _values(rng, (3, 4), -2.0, 3.0).astype(dtype)
    g = rng.normal(size=(3, 4)).astype(dtype)
    if axis is None:
        lo, hi = np.array(-1.5, dtype), np.array(2.0, dtype)
    else:
        lo = rng.uniform(-2, -0.1, 4).astype(dtype)
        hi = (lo + rng.uniform(0.5, 3, 4)).astype(dtype)
    # (V2's range given must be scalars, as TF's V4 kernel says: per channel it is found)
    _both(lambda: tf.quantization.quantize_and_dequantize_v2(
        x, lo, hi, signed_input=signed, num_bits=bits, range_given=given_range and axis is None,
        round_mode=mode, narrow_range=narrow, axis=axis))
    _both(lambda: tf.raw_ops.QuantizeAndDequantizeV3(
        input=x, input_min=lo, input_max=hi, num_bits=bits, signed_input=signed,
        range_given=given_range, narrow_range=narrow, axis=-1 if axis is None else axis))
    _both(lambda: tf.raw_ops.QuantizeAndDequantizeV4Grad(
        gradients=g, input=x, input_min=lo, input_max=hi, axis=-1 if axis is None else axis))


def test_an_invalid_range_is_refused_on_the_device():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Invalid range: input_min 2 > input_max 1"):
        tf.quantization.quantize_and_dequantize_v2(tf.ones(3), 2.0, 1.0, range_given=True)
