"""float32 inputs and op expressions for measuring eagerflow against TF 2.21's CPU kernels
bit for bit (measure.py). Each expression is a string evaluated with `tf` bound to
TensorFlow in one process and to eagerflow in the other, on the same inputs."""

from __future__ import annotations

import numpy as np

F = np.float32


def grid() -> np.ndarray:
    """10**5 float32 values: special ones first (zeros, infinities, NaN, denormals, the
    edges of Eigen's clamps), then ordinary ones dense in [-12, 12], wide magnitudes of
    both signs, normal draws and a sweep of bit patterns."""
    sp = [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 1e-40, -1e-40, 1.1754944e-38,
          -1.1754944e-38, 3.4028235e38, -3.4028235e38, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0,
          88.72, -88.72, 89.0, -89.0, -104.0, -103.9, 16.63, -16.63, 9.0, -9.0, 7.9, -7.9,
          1e-4, -1e-4, 0.999, -0.999, 1e-8, -1e-8, 3.0, -3.0, 0.1, -0.1, 20.0, -20.0,
          100.0, -100.0, 1e10, -1e10, 0.6931472, 1.5, -1.5, 4.0, 0.25, 10.0, -10.0]
    rng = np.random.RandomState(7)
    parts = [np.array(sp, F), np.linspace(-12, 12, 30001, dtype=F),
             (np.logspace(-30, 30, 10000) * np.where(np.arange(10000) % 2, 1, -1)).astype(F),
             (rng.standard_normal(30000) * 3).astype(F),
             np.arange(0, 2 ** 32, 2 ** 32 // 29945, dtype=np.uint64).astype(np.uint32)
             .view(F)]
    x = np.concatenate(parts)[:100000]
    assert x.size == 100000
    return x


def unit_grid() -> np.ndarray:
    """The grid folded into [-1, 1] (asin, atanh, erfinv, ...) where finite."""
    x = grid()
    with np.errstate(all="ignore"):
        y = np.where(np.isfinite(x), np.sin(x.astype(np.float64)), x).astype(F)
    return y


SIZES = (1, 7, 16, 1000, 100000)

UNARY = [
    "tf.abs(x)", "tf.negative(x)", "tf.sign(x)", "tf.square(x)", "tf.sqrt(x)",
    "tf.math.rsqrt(x)", "tf.math.reciprocal(x)", "tf.exp(x)", "tf.math.expm1(x)",
    "tf.math.log(x)", "tf.math.log1p(x)", "tf.sin(x)", "tf.cos(x)", "tf.tan(x)",
    "tf.asin(u)", "tf.acos(u)", "tf.atan(x)", "tf.sinh(x)", "tf.cosh(x)", "tf.tanh(x)",
    "tf.asinh(x)", "tf.acosh(x)", "tf.atanh(u)", "tf.sigmoid(x)", "tf.nn.softplus(x)",
    "tf.nn.softsign(x)", "tf.math.erf(x)", "tf.math.erfc(x)", "tf.math.erfinv(u)",
    "tf.math.ndtri(u)", "tf.math.lgamma(x)", "tf.math.digamma(x)", "tf.round(x)",
    "tf.floor(x)", "tf.math.ceil(x)", "tf.math.rint(x)", "tf.nn.relu(x)", "tf.nn.relu6(x)",
    "tf.nn.elu(x)", "tf.nn.selu(x)", "tf.nn.leaky_relu(x)", "tf.nn.gelu(x)",
    "tf.nn.gelu(x, approximate=True)", "tf.nn.silu(x)", "tf.math.log_sigmoid(x)",
    "tf.math.bessel_i0e(x)", "tf.math.bessel_i1e(x)",
]
BINARY = [
    "tf.add(x, y)", "tf.subtract(x, y)", "tf.multiply(x, y)", "tf.divide(x, y)",
    "tf.math.divide_no_nan(x, y)", "tf.math.floordiv(x, y)", "tf.math.floormod(x, y)",
    "tf.pow(x, y)", "tf.maximum(x, y)", "tf.minimum(x, y)", "tf.math.squared_difference(x, y)",
    "tf.atan2(x, y)", "tf.math.xlogy(x, y)", "tf.math.xdivy(x, y)", "tf.math.xlog1py(x, y)",
]
# reductions and row ops: on r (normal draws), shapes below
SHAPES = ((7,), (16,), (1000,), (100000,), (37, 53), (1000, 16), (16, 1000), (7, 16, 100),
          (50, 3, 40))
REDUCE = [
    "tf.reduce_sum(r, axis=A)", "tf.reduce_mean(r, axis=A)", "tf.reduce_prod(r * 0.1 + 1, axis=A)",
    "tf.reduce_max(r, axis=A)", "tf.math.reduce_euclidean_norm(r, axis=A)",
    "tf.reduce_logsumexp(r, axis=A)", "tf.math.reduce_variance(r, axis=A)",
    "tf.math.reduce_std(r, axis=A)", "tf.math.cumsum(r, axis=A or 0)",
]
ROWS = [  # over the last axis of shapes with 2+ dims
    "tf.nn.softmax(r)", "tf.nn.log_softmax(r)",
    "tf.nn.softmax_cross_entropy_with_logits(tf.nn.softmax(r * 0.5), r)",
    "tf.nn.l2_loss(r)",
]


def axes(shape: tuple) -> list:
    out = [None] + list(range(len(shape)))
    if len(shape) == 3:
        out += [(0, 2), (1, 2), (0, 1)]
    return out


def normal(shape: tuple) -> np.ndarray:
    n = int(np.prod(shape))
    return (np.random.RandomState(n).standard_normal(n) * 2).astype(F).reshape(shape)
