"""A traced function's cond and while_loop bodies (SubGraph: compiled to code for one
device) run on the device the function is called under: the same function called under
CPU:0 and then the stand-in GPU:0 (or the other way round) runs each body's code for that
device, in the forward pass and in the gradient's."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import strict_streams
from eagerflow._src.core import device


@pytest.fixture
def gpu():
    with device.standin_gpus(1):
        yield


def _traced():
    @tf.function
    def f(x):
        y = tf.cond(tf.reduce_sum(x) > 0, lambda: x * 2.0, lambda: x - 1.0)
        _, z = tf.while_loop(lambda i, y: i < 3, lambda i, y: (i + 1, y * 1.5 + 1.0),
                             [tf.constant(0), y])
        return z

    return f


def _expected(x):
    y = x * 2.0 if x.sum() > 0 else x - 1.0
    for _ in range(3):
        y = y * 1.5 + 1.0
    return y


@pytest.mark.parametrize("order", [("CPU:0", "GPU:0", "CPU:0"), ("GPU:0", "CPU:0", "GPU:0")])
def test_bodies_run_on_the_calling_device(gpu, order):
    f = _traced()
    for i, name in enumerate(order):
        x = np.array([1.0, -2.0 + 4 * i], np.float32)
        with tf.device(name):
            r = f(tf.constant(x))
        assert r.device.endswith(name.replace("CPU", "device:CPU").replace("GPU", "device:GPU"))
        np.testing.assert_allclose(r.numpy(), _expected(x), rtol=1e-6)


def test_gpu_run_after_cpu_reads_back_only_the_predicates(gpu):
    f = _traced()
    x = tf.constant([1.0, 2.0])
    with tf.device("CPU:0"):
        f(x)
    with tf.device("GPU:0"):
        xg = tf.identity(x)
        f(xg)  # (compiles the GPU's code)
        with strict_streams.count_transfers() as n:
            r = f(xg)
    # the cond's predicate and the loop's four tests; no body result comes to the host
    assert n["to_host"] <= 6 and "GPU" in r.device


@pytest.mark.parametrize("first", ["CPU:0", "GPU:0"])
def test_gradient_bodies_follow_the_device(gpu, first):
    f = _traced()
    x = np.array([1.0, 2.0], np.float32)
    for name in (first, "GPU:0" if first == "CPU:0" else "CPU:0"):
        with tf.device(name):
            v = tf.constant(x)
            with tf.GradientTape() as tape:
                tape.watch(v)
                z = tf.reduce_sum(f(v))
            g = tape.gradient(z, v)
        np.testing.assert_allclose(g.numpy(), [2.0 * 1.5 ** 3] * 2, rtol=1e-6)
