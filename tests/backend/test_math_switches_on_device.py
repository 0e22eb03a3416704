"""TF32 and op determinism as a user sees them on a GPU: the strict stand-in here, CuPy's
GPU:0 (with cuDNN where its binding is installed) under EAGERFLOW_REGISTRY_ON=gpu
(benchmarks/gpu_check.sh's numerics step). test_tf32.py and test_add_at.py check the
mechanism on the stand-in alone; these check only what must hold on a real GPU as well:
the values TF's switches promise, and the same bits from run to run under determinism."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src import backend as B
from eagerflow._src.core import device as D
from tests.gpu_target import on_the_gpu


@pytest.fixture
def gpu(monkeypatch):
    monkeypatch.delenv("NVIDIA_TF32_OVERRIDE", raising=False)  # (tests/conftest.py)
    with on_the_gpu():
        yield


def _conv_and_grads(x, w):
    xs, ws = tf.constant(x), tf.constant(w)
    with tf.GradientTape() as tape:
        tape.watch([xs, ws])
        y = tf.nn.conv2d(xs, ws, 1, "SAME")
    dx, dw = tape.gradient(y, [xs, ws])
    return y.numpy(), dx.numpy(), dw.numpy()


def _refused():
    engine = B.conv_engine(D.default_device().xp, np.float32, 2, 1)
    return {} if engine is None else engine.refused


def test_matmul_in_tf32_while_the_switch_allows_it(gpu):
    # TF's documented example: 1.0001 is 1.0 in TF32 (a 10-bit mantissa), so 1024
    # products sum to 1024.0 in TF32 and to ~1024.1 in float32 (sm_80+: H100, H200)
    assert D.default_device().backend.has_tf32()
    x, ones = tf.fill((64, 1024), 1.0001), tf.ones((1024, 64))
    products = (lambda: tf.matmul(x, ones),
                lambda: tf.matmul(x[None], ones[None])[0],  # (CuPy's batched GEMM)
                lambda: tf.einsum("ij,jk->ik", x, ones))
    tf.config.experimental.enable_tensor_float_32_execution(True)
    for product in products:
        assert product()[0, 0].numpy() == 1024.0
    tf.config.experimental.enable_tensor_float_32_execution(False)
    for product in products:
        # (float32's own rounding of the running sum stays within 0.05: TF32 loses 0.1)
        assert product()[0, 0].numpy() == pytest.approx(1024.1024, abs=0.05)


def test_convolutions_in_full_float32_with_tf32_off(gpu):
    # 3 x 3 x 128 products of 1.0001 by 1: 1152.1152 in float32, 1152.0 from TF32
    # inputs. With TF32 off no engine may round them (cuDNN's tensor-core engines are
    # ruled out); with it on, cuDNN may take either kind of engine.
    x = np.full((2, 8, 8, 128), 1.0001, np.float32)
    w = np.ones((3, 3, 128, 16), np.float32)
    tf.config.experimental.enable_tensor_float_32_execution(False)
    y, dx, dw = _conv_and_grads(x, w)
    assert y[0, 4, 4, 0] == pytest.approx(1152.1152, abs=2e-2)
    assert dx[0, 4, 4, 0] == pytest.approx(3 * 3 * 16, abs=1e-3)
    assert dw[1, 1, 0, 0] == pytest.approx(2 * 8 * 8 * 1.0001, abs=2e-2)
    tf.config.experimental.enable_tensor_float_32_execution(True)
    y32 = _conv_and_grads(x, w)[0][0, 4, 4, 0]
    assert y32 == pytest.approx(1152.0, abs=1e-3) or y32 == pytest.approx(1152.1152,
                                                                           abs=2e-2)
    assert _refused() == {}


def test_convolutions_under_determinism_repeat_their_bits(gpu):
    tf.config.experimental.enable_tensor_float_32_execution(False)
    tf.config.experimental.enable_op_determinism()
    rng = np.random.default_rng(3)
    x = rng.normal(size=(16, 12, 12, 32)).astype(np.float32)
    w = rng.normal(size=(3, 3, 32, 24)).astype(np.float32)
    runs = [_conv_and_grads(x, w) for _ in range(3)]
    for later in runs[1:]:
        for a, b in zip(runs[0], later):
            np.testing.assert_array_equal(a, b)
    with tf.device("/cpu:0"):
        want = _conv_and_grads(x, w)
    for got, ref in zip(runs[0], want):  # (sums of up to 2,304 products of ~1 in float32,
        np.testing.assert_allclose(got, ref, rtol=1e-4, atol=3e-3)  # TF32's stray ~0.02)


def test_scatter_adds_under_determinism_repeat_their_bits(gpu):
    # many float32 rows into few: an atomic add's order, and so its rounding, varies on a
    # GPU; under determinism each run gives the same bits, near the float64 sum
    tf.config.experimental.enable_op_determinism()
    rng = np.random.default_rng(4)
    data = rng.normal(size=(200_000, 3)).astype(np.float32) * 1e3
    ids = rng.integers(0, 7, size=200_000)
    table = tf.Variable(rng.normal(size=(50, 3)).astype(np.float32))
    rows = rng.integers(0, 50, size=20_000)

    def gather_grad():
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(tf.gather(table, rows) * 1.3)
        return tf.convert_to_tensor(tape.gradient(y, table)).numpy()

    calls = {
        "unsorted_segment_sum": lambda: tf.math.unsorted_segment_sum(data, ids, 7).numpy(),
        "scatter_nd": lambda: tf.scatter_nd(ids[:, None], data, [7, 3]).numpy(),
        "gather_grad": gather_grad,
    }
    sums = np.zeros((7, 3))
    np.add.at(sums, ids, data.astype(np.float64))
    hits = np.broadcast_to(np.bincount(rows, minlength=50)[:, None] * 1.3, (50, 3))
    wants = {"unsorted_segment_sum": sums, "scatter_nd": sums, "gather_grad": hits}
    for name, call in calls.items():
        runs = [call() for _ in range(3)]
        for later in runs[1:]:
            np.testing.assert_array_equal(runs[0], later, err_msg=name)
        np.testing.assert_allclose(runs[0], wants[name], rtol=1e-5, atol=1e-1, err_msg=name)
