"""backend.sum_run: a float sum over a run of adjacent axes (a bias or batch norm
gradient's (0, 1, 2) of NHWC, a global average pool's (1, 2)) as a product with a
vector of ones, on CPU and on a device (where CuPy's one reduction reads each output a
row apart: 18 ms on an H200 for a (64, 112, 112, 64) activation's, 0.08 ms as a cuBLAS
product). Checked against float64 sums on NumPy and on the strict stand-in, and
through the ops that use it; tests/ops/test_reduce_blas.py has the cases it leaves to
the ops' own reductions."""

import math

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src import backend as B
from eagerflow._src.backend import strict
from eagerflow._src.backend.strict_counts import count_launches
from eagerflow._src.core import device as D

SHAPES = [((32, 28, 28, 8), (0, 1, 2)),   # a bias gradient: the run leads
          ((2, 160, 160, 8), (1, 2)),     # a global average pool
          ((2, 16411, 3), (1,)),          # a run of prime length
          ((3, 40000, 1), (1,))]          # one column per row of the run


def _x(shape, dtype):
    return np.random.default_rng(0).normal(size=shape).astype(dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape, axes", SHAPES)
@pytest.mark.parametrize("keepdims", [False, True])
def test_sums_match_a_float64_sum(shape, axes, dtype, keepdims):
    x = _x(shape, dtype)
    want = x.astype(np.float64).sum(axis=axes, keepdims=keepdims)
    tol = 1e-4 * math.sqrt(math.prod(shape[a] for a in axes)) if dtype == np.float32 else 1e-9
    got = B.sum_run(np, x, axes, keepdims)
    assert got.dtype == dtype and got.shape == want.shape
    np.testing.assert_allclose(got, want, atol=tol)
    sx = strict.BACKEND.to_device(x, 0)
    got = B.sum_run(strict.BACKEND.xp, sx, axes, keepdims)
    assert type(got) is strict.StrictArray and got.dtype == dtype
    np.testing.assert_allclose(B.to_host(got), want, atol=tol)


def test_a_device_sums_a_run_as_one_product_with_ones_made_once():
    """On a device a run of at least 8192 elements from the first axis is one product
    (CuPy's one reduction takes 0.2-0.3 ms for ResNet's (64, 14, 14, 256) on an H200),
    against a vector of ones made once per device, length and dtype; a smaller one is one
    reduction, as is a run after leading axes of fewer than 16384 rows."""
    xp = strict.BACKEND.xp
    assert B.sum_run(xp, strict.BACKEND.to_device(_x((4, 30, 8), np.float32), 0), (0, 1),
                     False) is None
    x = strict.BACKEND.to_device(_x((4, 60, 60, 8), np.float32), 0)
    strict.BACKEND.ones_made.clear()
    with count_launches() as first:
        B.sum_run(xp, x, (0, 1, 2), False)
    with count_launches() as again:
        B.sum_run(xp, x, (0, 1, 2), False)
    assert dict(first) == {"fill": 1, "matmul": 1, "total": 2}
    assert dict(again) == {"matmul": 1, "total": 1}
    # after leading axes (a global pool's), a short run stays one reduction
    pooled = strict.BACKEND.to_device(_x((8, 30, 30, 16), np.float32), 0)
    assert B.sum_run(xp, pooled, (1, 2), True) is None
    long = strict.BACKEND.to_device(_x((2, 130, 130, 4), np.float32), 0)
    assert B.sum_run(xp, long, (1, 2), True).shape == (2, 1, 1, 4)


def test_the_ones_of_a_captured_sum_are_not_kept():
    """A fill captured into a CUDA graph runs only when the graph replays: a sum captured
    (its product the captured product kernel, as CuPy refuses cuBLAS while capturing)
    leaves no unfilled ones in the cache for the sums after it, and its graph's launch
    computes it."""
    xp = strict.BACKEND.xp
    x = strict.BACKEND.to_device(_x((4, 60, 60, 8), np.float32), 0)
    want = B.to_host(x).astype(np.float64).sum((0, 1, 2))
    strict.BACKEND.ones_made.clear()
    graph, captured, _ = strict.BACKEND.capture(lambda: B.sum_run(xp, x, (0, 1, 2), False))
    assert strict.BACKEND.ones_made == {}
    graph.launch()
    # (the stand-in folds the kernel's 14,400 rows one after another in float32: within
    # a few ulps of the sum of their magnitudes, ~1e4)
    np.testing.assert_allclose(B.to_host(captured), want, rtol=1e-5, atol=1e-3)
    got = B.sum_run(xp, x, (0, 1, 2), False)
    np.testing.assert_allclose(B.to_host(got), want, rtol=1e-5)


def test_the_ops_on_a_device_use_it():
    """reduce_sum, reduce_mean and a bias's gradient (SumToShapeOf) on the stand-in GPU,
    against NumPy's float64 sums."""
    x = _x((8, 64, 64, 16), np.float32)
    with D.standin_gpus(1):
        t = tf.constant(x)
        assert "GPU" in t.device
        with count_launches() as n:
            s = tf.reduce_sum(t, axis=[0, 1, 2])
        assert n["matmul"] == 1
        m = tf.reduce_mean(t, axis=[1, 2], keepdims=True)
        b = tf.Variable(np.zeros(16, np.float32))
        with tf.GradientTape() as tape:
            y = tf.reduce_sum((t + b) * tf.constant(x))
        g = tape.gradient(y, b)
    np.testing.assert_allclose(s.numpy(), x.astype(np.float64).sum(axis=(0, 1, 2)), atol=2e-2)
    np.testing.assert_allclose(m.numpy(), x.astype(np.float64).mean(axis=(1, 2), keepdims=True),
                               atol=1e-6)
    np.testing.assert_allclose(g.numpy(), x.astype(np.float64).sum(axis=(0, 1, 2)), atol=2e-2)


HALF = ["float16"] + (["bfloat16"] if B.BFLOAT16 is not None else [])


def _half(name):
    return np.dtype(np.float16) if name == "float16" else B.BFLOAT16


@pytest.mark.parametrize("name", HALF)
def test_a_devices_half_sums_and_means_are_float32_rounded_once(name):
    """A mixed precision step's bias gradients and batch statistics on a device: float16
    and bfloat16 summed in float32 as one product and rounded once (TF's GPU kernels add
    half types in float), not CuPy's one reduction over the leading axes; a mean divides
    the float32 sum before it rounds, where each output sums 65,536 rows or more (two
    conversions more than a float32 product); fewer stay one reduction. On the host TF's
    CPU kernels' order stays (eigen_reduce)."""
    dtype = _half(name)
    xp = strict.BACKEND.xp
    few = strict.BACKEND.to_device(_x((4, 60, 60, 8), np.float32).astype(dtype), 0)
    assert B.sum_run(xp, few, (0, 1, 2), False) is None  # (14,400 rows)
    x = _x((16, 64, 64, 4), np.float32).astype(dtype)
    wide = x.astype(np.float64)
    with count_launches() as n:
        got = B.sum_run(xp, strict.BACKEND.to_device(x, 0), (0, 1, 2), False)
    assert n["matmul"] == 1 and n.get("reduction", 0) == 0
    want = wide.sum(axis=(0, 1, 2)).astype(np.float32)
    assert got.dtype == dtype
    np.testing.assert_array_equal(B.to_host(got).astype(np.float32),
                                  want.astype(dtype).astype(np.float32))
    assert B.sum_run(np, x, (0, 1, 2), False) is None  # (the host's: TF's CPU order)
    with D.standin_gpus(1):
        t = tf.constant(x)
        with count_launches() as n:
            s, m = tf.reduce_sum(t, [0, 1, 2]), tf.reduce_mean(t, [0, 1, 2])
            g = tf.raw_ops.BiasAddGrad(out_backprop=t)
        assert n.get("reduction", 0) == 0 and n["matmul"] == 3
    for got, want in ((s, wide.sum((0, 1, 2))), (g, wide.sum((0, 1, 2))),
                      (m, wide.mean((0, 1, 2)))):
        assert got.dtype.as_numpy_dtype == dtype
        np.testing.assert_array_equal(
            np.asarray(got.numpy(), np.float32),
            want.astype(np.float32).astype(dtype).astype(np.float32))
