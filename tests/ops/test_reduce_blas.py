"""Sum and Mean over leading or middle axes of large float arrays (a BLAS product with
ones: global average pooling, bias gradients) against float64 NumPy, with every
keepdims/axes/layout variant, non-finite values, and the fallbacks."""

from __future__ import annotations

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src import backend as B

RNG = np.random.default_rng(0)
AXES = [(1, 2), (0, 1, 2), (0,), (1,), (0, 1), (2,), (2, 3), (3,), (0, 2), (1, 3)]


@pytest.mark.parametrize("axes", AXES)
@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("dtype,tol", [(np.float32, 2e-6), (np.float64, 1e-13)])
def test_large_sum_and_mean_match_float64(axes, keepdims, dtype, tol):
    x = RNG.standard_normal((8, 12, 10, 16)).astype(dtype)  # 15360 elements
    want_sum = x.astype(np.float64).sum(axis=axes, keepdims=keepdims)
    want_mean = x.astype(np.float64).mean(axis=axes, keepdims=keepdims)
    got_sum = tf.reduce_sum(x, axis=list(axes), keepdims=keepdims)
    got_mean = tf.reduce_mean(x, axis=list(axes), keepdims=keepdims)
    for got, want in ((got_sum, want_sum), (got_mean, want_mean)):
        assert got.dtype == tf.as_dtype(dtype) and got.shape == want.shape
        scale = np.abs(x).sum(axis=axes, keepdims=keepdims) / np.prod(
            [x.shape[a] for a in axes]) if got is got_mean else np.abs(x).sum(
            axis=axes, keepdims=keepdims)
        assert np.all(np.abs(got.numpy() - want) <= tol * scale + 1e-30)


def test_the_blas_path_is_taken_only_where_it_applies():
    x = np.ones((8, 12, 10, 16), np.float32)
    assert B.sum_run(np, x, (1, 2), False).shape == (8, 16)
    assert B.sum_run(np, x, (0, 1, 2), True).shape == (1, 1, 1, 16)
    assert B.sum_run(np, x, (2, 3), False) is None           # ends at the last axis
    assert B.sum_run(np, x, (0, 2), False) is None           # not a run of axes
    assert B.sum_run(np, x.transpose(0, 2, 1, 3), (1, 2), False) is None  # not contiguous
    assert B.sum_run(np, x.astype(np.int32), (1, 2), False) is None
    assert B.sum_run(np, x.astype(np.float16), (1, 2), False) is None
    assert B.sum_run(np, x[:1, :2], (1, 2), False) is None   # small: NumPy's reduce
    assert B.sum_run(np, x, (1, 2), False, on_cpu=False) is None  # a caller's own reduce


def test_non_finite_values_propagate_as_in_a_plain_sum():
    x = np.ones((4, 64, 64, 3), np.float32)
    x[0, 5, 5, 0] = np.nan
    x[1, 1, 1, 1] = np.inf
    x[2, 0, 0, 2], x[2, 3, 3, 2] = np.inf, -np.inf
    got = tf.reduce_mean(x, axis=[1, 2]).numpy()
    with np.errstate(invalid="ignore"):  # inf - inf in the reference
        want = x.astype(np.float64).mean(axis=(1, 2))
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    np.testing.assert_array_equal(np.isinf(got), np.isinf(want))
    fin = np.isfinite(want)
    np.testing.assert_allclose(got[fin], want[fin], rtol=1e-6)


def test_transposed_input_and_gradient_of_global_average_pool():
    x = RNG.standard_normal((6, 16, 12, 20))
    xt = tf.constant(x.transpose(0, 2, 1, 3))  # a non-contiguous view inside
    np.testing.assert_allclose(tf.reduce_mean(xt, axis=[1, 2]).numpy(),
                               x.mean(axis=(1, 2)), rtol=1e-12)
    v = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(v)
        y = tf.reduce_sum(tf.reduce_mean(v, axis=[1, 2]) * tf.constant(np.arange(20.0)))
    g = tape.gradient(y, v).numpy()
    np.testing.assert_allclose(g, np.broadcast_to(np.arange(20.0) / (16 * 12), x.shape),
                               rtol=1e-12)
