"""FusedBatchNormGrad's CPU path for channels last in training (nn_fused_bn's
_training_backward_by_rows: blocks of rows, per-channel vectors repeated over lanes)
against the whole-tensor formula it replaced, bit for bit: float32 steps in the same
order, float64 sums in row order. Shapes that span several blocks and end in a block whose
rows do not fill a lane, NaN, infinities and signed zeros among the values."""

from __future__ import annotations

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.ops import nn_fused_bn


def whole_tensor_grad(dy, x, scale, mean, var, eps):
    """The definition: dx = s r ((dy - sum(dy) / n) - (x - mean) r^2 (sum(dy (x - mean)) / n)),
    r = 1 / sqrt(var + eps), the sums in float64 over rows of channels."""
    f32 = np.float32
    axes = tuple(range(x.ndim - 1))
    n = f32(x.size // x.shape[-1])
    with np.errstate(all="ignore"):
        r = f32(1) / np.sqrt(var + f32(eps))
        centred = x - mean
        doffset = dy.sum(axis=axes, dtype=np.float64).astype(f32)
        sum_t = (dy * centred).sum(axis=axes, dtype=np.float64).astype(f32)
        dx = scale * r * (dy - doffset / n - centred * (r * r) * (sum_t / n))
    return dx, sum_t * r, doffset


def _values(rng, shape, special):
    v = (rng.standard_normal(shape) * np.exp(rng.uniform(-8, 8, shape))).astype(np.float32)
    if special:
        r = rng.random(shape)
        v[r < 0.001] = np.nan
        v[(r >= 0.001) & (r < 0.002)] = np.inf
        v[(r >= 0.002) & (r < 0.05)] = -0.0
    return v


def _same_bits(got, want):
    got, want = np.asarray(got, np.float32), np.asarray(want, np.float32)
    assert got.shape == want.shape
    np.testing.assert_array_equal(got.view(np.uint32), want.view(np.uint32))


@pytest.mark.parametrize("shape", [(5, 61, 67, 6), (2, 64, 64, 32), (3, 5, 7, 2), (2, 2, 10, 3000)])
@pytest.mark.parametrize("special", [False, True])
def test_rows_path_is_the_whole_tensor_formula(shape, special):
    rng = np.random.default_rng(sum(shape))
    x, dy = _values(rng, shape, special), _values(rng, shape, special)
    c = shape[-1]
    scale = rng.standard_normal(c).astype(np.float32)
    mean = x.mean(axis=tuple(range(x.ndim - 1))).astype(np.float32)
    var = np.abs(rng.standard_normal(c)).astype(np.float32)
    var[0] = -0.001  # (a NaN r: the channel's dx all NaN)
    got = tf.raw_ops.FusedBatchNormGradV3(
        y_backprop=dy, x=x, scale=scale, reserve_space_1=mean, reserve_space_2=var,
        reserve_space_3=np.zeros(0, np.float32), epsilon=0.001, is_training=True)
    for g, w in zip(got[:3], whole_tensor_grad(dy, x, scale, mean, var, 0.001)):
        _same_bits(g.numpy(), w)


def test_lanes_view_rows_that_fill_them_only():
    a = np.arange(12, dtype=np.float32).reshape(6, 2)
    v = np.array([1, 2], np.float32)
    for k in (1, 3, 4):  # (4 does not divide 6 rows: the plain broadcast)
        out = np.empty_like(a)
        nn_fused_bn._lanes(np.subtract, a, v, out, k)
        np.testing.assert_array_equal(out, a - v)
        nn_fused_bn._lanes(np.multiply, v, a, out, k, vector_first=True)
        np.testing.assert_array_equal(out, v * a)


def test_each_blocks_sums_continue_the_rows_before_it():
    """Rows 1e20, -1e20, 1 across a block boundary sum to 1 only in row order (the block's
    own sum first, then added on, gives 0)."""
    shape = (5, 61, 67, 6)
    rng = np.random.default_rng(9)
    x, dy = _values(rng, shape, False), _values(rng, shape, False)
    k = max(1, nn_fused_bn._LANE // 6)
    step = max(1, nn_fused_bn.ELEMENTWISE_BLOCK // 6 // k) * k
    rows = dy.reshape(-1, 6)
    rows[:] = 0.0
    rows[step - 1:step + 2] = np.array([1e20, -1e20, 1.0], np.float32)[:, None]
    scale, mean, var = (np.ones(6, np.float32), np.zeros(6, np.float32),
                        np.ones(6, np.float32))
    got = tf.raw_ops.FusedBatchNormGradV3(
        y_backprop=dy, x=x, scale=scale, reserve_space_1=mean, reserve_space_2=var,
        reserve_space_3=np.zeros(0, np.float32), epsilon=0.001, is_training=True)
    np.testing.assert_array_equal(got[2].numpy(), np.ones(6, np.float32))
    for g, w in zip(got[:3], whole_tensor_grad(dy, x, scale, mean, var, 0.001)):
        _same_bits(g.numpy(), w)
