"""TensorFloat-32 on GPUs (tf.config.experimental.enable_tensor_float_32_execution), on
the strict stand-in, whose cuBLAS calls round float32 operands to TF32 while the
thread's cuBLAS math mode is TF32 (backend/strict_tf32.py): what TF runs in TF32
(MatMul, BatchMatMul, Einsum, convolutions) does so while the switch allows it, on
devices of compute capability 8.0 and up; sums and means computed as products with
ones, and every CPU kernel, stay in full float32. (The tests run with TF32 off,
tests/conftest.py; these turn it on.)"""

import threading

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src import backend as B
from eagerflow._src.backend import strict, strict_tf32
from eagerflow._src.core import device as D


@pytest.fixture
def gpu(monkeypatch):
    monkeypatch.delenv("NVIDIA_TF32_OVERRIDE", raising=False)  # (tests/conftest.py)
    with D.standin_gpus(1):
        tf.config.experimental.enable_tensor_float_32_execution(True)
        yield


def test_tf32_is_on_by_default_as_in_tf():
    assert B.MATH["tf32"] is False  # (the suite's setting)
    tf.config.experimental.enable_tensor_float_32_execution(True)
    assert tf.config.experimental.tensor_float_32_execution_enabled() is True


def test_tf_documented_example(gpu):
    # TF's docstring: 1024 products of 1.0001 by 1 sum to 1024.0 in TF32, ~1024.1 without
    x, y = tf.fill((1024, 1024), 1.0001), tf.fill((1024, 1024), 1.0)
    assert tf.linalg.matmul(x, y)[0, 0].numpy() == 1024.0
    tf.config.experimental.enable_tensor_float_32_execution(False)
    assert tf.linalg.matmul(x, y)[0, 0].numpy() == pytest.approx(1024.1024, abs=2e-3)
    with tf.device("/cpu:0"):
        tf.config.experimental.enable_tensor_float_32_execution(True)
        assert tf.linalg.matmul(x, y)[0, 0].numpy() == pytest.approx(1024.1024, abs=2e-3)


def test_the_ops_tf_runs_in_tf32_round_their_inputs(gpu):
    rng = np.random.default_rng(0)
    a = rng.normal(size=(3, 5, 7)).astype(np.float32)
    b = rng.normal(size=(3, 7, 4)).astype(np.float32)
    ra, rb = (strict_tf32.tf32_round(t).astype(np.float64) for t in (a, b))
    want = ra @ rb
    for got in (tf.matmul(a, b), tf.einsum("bij,bjk->bik", a, b),
                tf.matmul(a[0], b[0])[None], tf.linalg.matmul(a, b, adjoint_b=False)):
        np.testing.assert_allclose(got.numpy(), want[:got.shape[0]], rtol=1e-5, atol=1e-5)
    exact = a.astype(np.float64) @ b.astype(np.float64)
    assert np.abs(tf.matmul(a, b).numpy() - exact).max() > 1e-4


def test_convolutions_on_im2col_round_their_inputs_and_gradients(gpu):
    rng = np.random.default_rng(1)
    x = rng.normal(size=(2, 6, 6, 3)).astype(np.float32)
    w = rng.normal(size=(3, 3, 3, 4)).astype(np.float32)
    with tf.device("/cpu:0"):
        want = tf.nn.conv2d(strict_tf32.tf32_round(x), strict_tf32.tf32_round(w), 1, "SAME").numpy()
    got = tf.nn.conv2d(x, w, 1, "SAME").numpy()
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    xs, ws = tf.constant(x), tf.constant(w)
    with tf.GradientTape() as tape:
        tape.watch([xs, ws])
        y = tf.nn.conv2d(xs, ws, 1, "SAME")
    g = np.ones(y.shape, np.float32) * 1.0001  # (1.0001 is 1.0 in TF32)
    dx, dw = tape.gradient(y, [xs, ws], output_gradients=tf.constant(g))
    with tf.device("/cpu:0"), tf.GradientTape() as tape:
        xr, wr = tf.constant(strict_tf32.tf32_round(x)), tf.constant(strict_tf32.tf32_round(w))
        tape.watch([xr, wr])
        y = tf.nn.conv2d(xr, wr, 1, "SAME")
    want_dx, want_dw = tape.gradient(y, [xr, wr], output_gradients=tf.ones(y.shape))
    np.testing.assert_allclose(dx.numpy(), want_dx.numpy(), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(dw.numpy(), want_dw.numpy(), rtol=1e-5, atol=1e-5)


def test_sums_and_means_as_products_stay_in_float32(gpu):
    # (64, 16, 16, 8): the sum over (0, 1, 2) is a product with a vector of ones on a
    # device (backend.sum_run); TF's reductions never use TF32. 1 + 2**-11 is 1 + 2**-10
    # in TF32: 16384 of them sum to 16392, or to 16400 from TF32 inputs (float32's own
    # rounding of the running sum stays well within 2).
    x = tf.fill((64, 16, 16, 8), 1 + 2.0 ** -11)
    np.testing.assert_allclose(tf.reduce_sum(x, [0, 1, 2]).numpy(), 16392, atol=2)
    np.testing.assert_allclose(tf.reduce_mean(x, [0, 1, 2]).numpy(), 16392 / 16384,
                               atol=2 / 16384)
    with tf.GradientTape() as tape:
        b = tf.Variable(tf.zeros(8))
        y = tf.nn.bias_add(tf.zeros((64, 16, 16, 8)), b)
    db = tape.gradient(y, b, output_gradients=x)
    np.testing.assert_allclose(db.numpy(), 16392, atol=2)


def test_other_dtypes_and_older_devices(gpu, monkeypatch):
    x = np.full((4, 64), 1.0001, np.float64)
    assert tf.matmul(x, x.T)[0, 0].numpy() == pytest.approx(64 * 1.0001 ** 2, rel=1e-12)
    c = np.full((2, 64), 1.0001 + 1j, np.complex64)
    assert tf.matmul(c, np.ones((64, 2), np.complex64))[0, 0].numpy() == 64 + 64j
    monkeypatch.setattr(strict.StrictBackend, "capability", lambda self, index: 75)
    monkeypatch.setattr(strict.BACKEND, "capabilities", {})
    x = tf.fill((2, 1024), 1.0001)
    assert tf.matmul(x, tf.ones((1024, 2)))[0, 0].numpy() == pytest.approx(1024.1024,
                                                                            abs=2e-3)


def test_full_precision_is_put_back_after_each_tf32_product(gpu):
    x = tf.fill((2, 1024), 1.0001)
    tf.matmul(x, tf.ones((1024, 2)))
    assert strict_tf32.MATH_MODE.tf32 is False
    got = strict.xp.matmul(strict.xp.full((2, 1024), 1.0001, np.float32),  # (a kernel's
                           strict.xp.ones((1024, 2), np.float32))           # own product)
    assert got.get()[0, 0] == pytest.approx(1024.1024, abs=2e-3)


def test_threads_never_see_each_others_math_mode(gpu):
    # A replica's TF32 product and another's sum as a product, at once: each runs under
    # its own math mode (cuBLAS's, on the thread's own handle)
    x, ones = tf.fill((64, 1024), 1.0001), tf.ones((1024, 64))
    act = tf.fill((64, 16, 16, 8), 1 + 2.0 ** -11)  # (see the test above)
    bad: list = []

    def products():
        with tf.device("/GPU:0"):
            for _ in range(30):
                if tf.matmul(x, ones)[0, 0].numpy() != 1024.0:
                    bad.append("product")

    def sums():
        with tf.device("/GPU:0"):
            for _ in range(30):
                s = tf.reduce_sum(act, [0, 1, 2])[0].numpy()
                if abs(s - 16392) > 2:
                    bad.append("sum")

    threads = [threading.Thread(target=f) for f in (products, sums, products, sums)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert bad == []


def test_rounding_to_tf32():
    x = np.array([1.0001, 1 + 2.0 ** -11, -(1 + 2.0 ** -11), 1 + 2.0 ** -12, 3.4028235e38,
                  np.inf, -np.inf, np.nan, 0.0, 1e-40], np.float32)
    got = strict_tf32.tf32_round(x)
    assert got.dtype == np.float32
    assert got[:5].tolist() == [1.0, 1 + 2.0 ** -10, -(1 + 2.0 ** -10), 1.0, np.inf]
    assert got[5] == np.inf and got[6] == -np.inf and np.isnan(got[7]) and got[8] == 0.0
    assert got[9] == pytest.approx(1e-40, rel=2.0 ** -10)  # (subnormals keep 10 bits too)
    z = strict_tf32.tf32_round(np.array([1.0001 + 1.0001j], np.complex64))
    assert z.dtype == np.complex64 and z[0] == 1 + 1j


def test_the_switch_takes_what_tfs_binding_takes():
    # (TF 2.21's pybind11 bool: None is False, a number or a scalar tensor its truth)
    switch = tf.config.experimental.enable_tensor_float_32_execution
    enabled = tf.config.experimental.tensor_float_32_execution_enabled
    for value, want in ((1, True), (None, False), (1.5, True), (0, False),
                        (tf.constant(True), True), (np.bool_(False), False)):
        assert switch(value) is None and enabled() is want, value
    for value in ("x", []):
        with pytest.raises(TypeError) as e:
            switch(value)
        assert str(e.value) == (
            "enable(): incompatible function arguments. The following argument types are "
            f"supported:\n    1. (arg0: bool) -> None\n\nInvoked with: {value!r}")
    assert enabled() is False
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'enabled'"):
        switch()


def test_nvidias_override_keeps_full_precision(gpu, monkeypatch):
    # NVIDIA_TF32_OVERRIDE=0 turns TF32 off in NVIDIA's libraries whatever the caller asks
    # (how the suite keeps its subprocesses in float32, tests/conftest.py)
    x, ones = tf.fill((2, 1024), 1.0001), tf.ones((1024, 2))
    assert tf.matmul(x, ones)[0, 0].numpy() == 1024.0
    monkeypatch.setenv("NVIDIA_TF32_OVERRIDE", "0")
    assert tf.config.experimental.tensor_float_32_execution_enabled() is True
    assert tf.matmul(x, ones)[0, 0].numpy() == pytest.approx(1024.1024, abs=2e-3)
