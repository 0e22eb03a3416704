"""_BatchNormTraining and _BatchNormTrainingGrad (ops layer): a channels-last batch norm's
training step as one op, and its backward step as one.

Keras 3's BatchNormalization, as TF 2.21 ships it, normalizes in training with
tf.nn.moments and tf.nn.batch_normalization: a dozen ops forward and some thirty in its
gradient, each a pass over the activation and, on a GPU, a launch or more. Keras's layer
(keras/layers/normalization.py) binds this op instead when it runs eagerly on a device,
for the common layer (one axis, the last; scale and offset): on an H200 a ResNet-50
step's kernel calls fell from 2,934 to 920, its device time from 239 to 89 ms. The results
are the composite's within float rounding:

    mean = mean(x);  variance = mean((x - mean)^2)        (over every axis but the last)
    inv = rsqrt(variance + epsilon) * scale;  y = x * inv + (offset - mean * inv)

in the composite's order of operations, and the layer's moving statistics with them,

    moving_mean' = moving_mean * momentum + mean * (1 - momentum)     (likewise the variance)

as TF's FusedBatchNormV3 updates its running statistics (the layer assigns them). The
gradient is BN's closed form,

    dx = a * dy + c * (x - mean) + b,   a = scale * r,  r = rsqrt(variance + epsilon),
    b = -a * sum(dy) / n,   c = -a * r^2 * sum(dy * (x - mean)) / n,
    dscale = r * sum(dy * (x - mean)),   doffset = sum(dy),

which is the composite's gradient (its stop_gradient on the mean inside the variance
drops a term that sums to zero). Where a tape records the backward step itself (a second
derivative, a forward accumulator), the gradient is written instead with the ops of the
composite's own gradient, so higher derivatives are TF's, stop_gradient included.
"""

from __future__ import annotations

import functools
import math
from typing import Any

import numpy as np

from eagerflow._src.backend import column_sums, elementwise_kernels
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.math import RSQRT, SQUARED_DIFFERENCE, rsqrt
from eagerflow._src.ops.math_base import stop_gradient
from eagerflow._src.ops.nn import _const
from eagerflow._src.ops.nn_args import kept
from eagerflow._src.ops.reduce import COUNT_RATIO, _np_sum, reduce_sum
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, TFForm, register

TYPES = frozenset((dt.float32, dt.float64))
_BN = "_BatchNormTraining"
_BN_GRAD = "_BatchNormTrainingGrad"

# On a device each pass over the activation is one launch (CuPy's ElementwiseKernel; the
# column sums are cuBLAS products, backend.column_sums): forward the column sums of x, the
# squared deviations, their column sums, and the normalization; backward dy (x - mu), its
# column sums and dy's, and the input's gradient. The per-channel arithmetic between them
# (statistics, affine map, moving averages; the gradient's coefficients) is no launch of
# its own: each element of the last pass computes its channel's values (the same
# operations in the same order as the host's lines below, which it stands for), and the
# elements of the first row write the per-channel results too (raw outputs: the loop runs
# over x in C order, channels last, so its index i < c is channel i of the first row).
_SQUARED_DEVIATION = ("T x, T sum_x, T n", "T t", "T d = x - sum_x / n; t = d * d",
                      "eagerflow_bn_squared_deviation")
_NORMALIZE = ("T x, T sum_x, T sum_sq, T n, T scale, T offset, T eps, T moving_mean, "
              "T moving_variance, T m, T om, int64 c",
              "T y, raw T mean, raw T variance, raw T new_mean, raw T new_variance",
              "T mu = sum_x / n; T v = sum_sq / n; T k = (T)1 / sqrt(v + eps) * scale; "
              "y = x * k + (offset - mu * k); "
              "if (i < c) { mean[i] = mu; variance[i] = v; "
              "new_mean[i] = moving_mean * m + mu * om; "
              "new_variance[i] = moving_variance * m + v * om; }",
              "eagerflow_bn_normalize")
# (the backward's two column sums, of dy and of dy (x - mu), are one product over both side
# by side: the kernel writes dy beside its product)
_CENTRED_PRODUCT = ("T dy, T x, T mu", "T dy_beside, T t", "dy_beside = dy; t = dy * (x - mu)",
                    "eagerflow_bn_centred")
_INPUT_GRAD = ("T dy, T x, T mu, T var, T scale, T sum_dy, T sum_t, T eps, T n, int64 c",
               "T dx, raw T dscale",
               "T r = (T)1 / sqrt(var + eps); T a = scale * r; T b = -(a * sum_dy) / n; "
               "T k = -(a * r * r * sum_t) / n; dx = a * dy + k * (x - mu) + b; "
               "if (i < c) { dscale[i] = r * sum_t; }",
               "eagerflow_bn_input_grad")
# (each step's kernels, looked up at once)
_FORWARD_KERNELS = (_SQUARED_DEVIATION, _NORMALIZE)
_BACKWARD_KERNELS = (_CENTRED_PRODUCT, _INPUT_GRAD)


def _channels(op: str, x: Any, vectors: tuple) -> Any:
    """x's channel count (its last dimension), each of `vectors` ((name, tensor) pairs)
    checked to be a vector of that length."""
    if x._shape is not None and len(x._shape) < 2:
        raise C.fail(op, f"x must be at least 2-dimensional, got shape {C.shape_str(x._shape)}")
    c = None if x._shape is None else x._shape[-1]
    known = (c,)
    for what, t in vectors:
        if t._shape != known and t._shape is not None and (
                len(t._shape) != 1 or None not in (c, t._shape[0]) and t._shape[0] != c):
            raise C.fail(op, f"{what} must be a vector of the {c} channels of x, got shape "
                             f"{C.shape_str(t._shape)}")
    return c


# The ops' checks are pure functions of their inputs' dtypes and shapes, kept by them
# (nn_args.kept: a training step asks the same few every step)

def _infer(x: Any, scale: Any, offset: Any, moving_mean: Any, moving_variance: Any,
           epsilon: float, momentum: float) -> list:
    d, c = kept((_BN, x._dtype, scale._dtype, offset._dtype, moving_mean._dtype,
                 moving_variance._dtype, x._shape, scale._shape, offset._shape,
                 moving_mean._shape, moving_variance._shape), _infer_now, x, scale, offset,
                moving_mean, moving_variance)
    return [(x._shape, d)] + [((c,), d)] * 4


def _infer_now(x: Any, scale: Any, offset: Any, moving_mean: Any,
               moving_variance: Any) -> tuple:
    d = C.same_dtype(_BN, (x, scale, offset, moving_mean, moving_variance), TYPES)
    return d, _channels(_BN, x, (("scale", scale), ("offset", offset),
                                 ("moving_mean", moving_mean),
                                 ("moving_variance", moving_variance)))


# (a step's layers ask for the same few; NumPy scalars are immutable, so shared)
@functools.lru_cache(maxsize=64)
def _scalars(t: type, *values: Any) -> tuple:
    """`values` (the row count, epsilon, ...) as scalars of the NumPy scalar type `t`."""
    return tuple(map(t, values))


def _column_sums(xp: Any, x2: Any) -> Any:
    """The sums over the rows of x2 (rows, C): Sum's kernel's own computation (a product
    with ones where backend.sum_run takes the array), without that op kernel's wrapping
    (runtime axes, scalars), three or four times a step; backend.column_sums gives a large
    array's product in fewer bytecodes than sum_run's general axes."""
    s = column_sums(xp, x2)
    return _np_sum(xp, x2, (0,), False) if s is None else s


def _kernel(xp: Any, x: Any, scale: Any, offset: Any, moving_mean: Any, moving_variance: Any,
            epsilon: float, momentum: float) -> tuple:
    c = x.shape[-1]
    x2 = x.reshape(-1, c)
    n, eps, m, om = _scalars(x.dtype.type, x2.shape[0], epsilon, momentum, 1 - momentum)
    sum_x = _column_sums(xp, x2)
    if xp is np or not x2.shape[0]:  # (an empty batch: no element writes the statistics)
        mean = sum_x / n
        variance = _column_sums(xp, SQUARED_DIFFERENCE.kernel(xp, x2, mean)) / n
        inv = RSQRT.kernel(xp, variance + eps) * scale
        y = x2 * inv + (offset - mean * inv)
        new_mean = moving_mean * m + mean * om
        new_variance = moving_variance * m + variance * om
    else:
        squared_deviation, normalize = elementwise_kernels(xp, _FORWARD_KERNELS)
        sum_sq = _column_sums(xp, squared_deviation(x2, sum_x, n))
        empty, d = xp.empty, x.dtype
        y = empty(x.shape, d)
        mean, variance, new_mean, new_variance = empty(c, d), empty(c, d), empty(c, d), \
            empty(c, d)
        normalize(x, sum_x, sum_sq, n, scale, offset, eps, moving_mean, moving_variance, m, om,
                  c, y, mean, variance, new_mean, new_variance)
        return y, mean, variance, new_mean, new_variance
    return y.reshape(x.shape), mean, variance, new_mean, new_variance


def _grad(n: Any, dy: Any, dmean: Any, dvariance: Any, dmoving_mean: Any,
          dmoving_variance: Any) -> list:
    x, scale, _, _, _ = n.inputs
    _, mean, variance, _, _ = n.outputs
    eps, m = n.attrs["epsilon"], n.attrs["momentum"]
    # (Keras's layer only assigns the moving statistics, so their gradients come only
    # from a caller of the op itself: they are the averages' derivatives)
    moving = [None, None]
    if dmoving_mean is not None or dmoving_variance is not None:
        dmean = _plus(dmean, dmoving_mean, 1 - m)
        dvariance = _plus(dvariance, dmoving_variance, 1 - m)
        moving = [_plus(None, g, m) for g in (dmoving_mean, dmoving_variance)]
    if not _state.tapes and dmean is None and dvariance is None:
        grads = bind(BN_TRAINING_GRAD, (dy, x, scale, mean, variance), {"epsilon": eps})
        return [*grads, *moving]
    return _composite_grad(x, scale, mean, variance, eps, dy, dmean, dvariance) + moving


def _plus(g: Any, h: Any, k: float) -> Any:
    """g + h * k, either gradient None for zero (None for both)."""
    if h is None:
        return g
    h = h * _const(k, h)
    return h if g is None else g + h


def _composite_grad(x: Any, scale: Any, mean: Any, variance: Any, eps: float, dy: Any,
                    dmean: Any, dvariance: Any) -> list:
    """The composite's gradient, op for op as TF's tape builds it: differentiable, with
    the mean inside the variance's square held constant (tf.nn.moments' stop_gradient)."""
    if x._shape is None:
        raise ValueError(f"The gradient of {_BN} needs its input's rank known when the graph "
                         f"is traced")
    axes = list(range(len(x._shape) - 1))
    # (rows per channel: a number when known, else TF's ratio of sizes, as Mean's gradient)
    count = math.prod(x._shape[:-1]) if None not in x._shape else \
        bind(COUNT_RATIO, (x, mean), {})
    r = rsqrt(variance + _const(eps, variance))
    inv = r * scale
    sum_dy = reduce_sum(dy, axis=axes)
    dinv = reduce_sum(dy * x, axis=axes) - sum_dy * mean
    dvar = -0.5 * (dinv * scale) * r * r * r
    dmu = -(sum_dy * inv)
    if dvariance is not None:
        dvar = dvar + dvariance
    if dmean is not None:
        dmu = dmu + dmean
    dx = dy * inv + (x - stop_gradient(mean)) * (2.0 * dvar / count) + dmu / count
    return [dx, dinv * r, sum_dy]


def _grad_infer(dy: Any, x: Any, scale: Any, mean: Any, variance: Any, epsilon: float) -> list:
    d = kept((_BN_GRAD, dy._dtype, x._dtype, scale._dtype, mean._dtype, variance._dtype,
              dy._shape, x._shape, scale._shape, mean._shape, variance._shape),
             _grad_infer_now, dy, x, scale, mean, variance)
    return [(x._shape, d), (scale._shape, d), (scale._shape, d)]


def _grad_infer_now(dy: Any, x: Any, scale: Any, mean: Any, variance: Any) -> dt.DType:
    d = C.same_dtype(_BN_GRAD, (dy, x, scale, mean, variance), TYPES)
    C.same_shape(_BN_GRAD, dy, x)
    _channels(_BN_GRAD, x, (("scale", scale), ("mean", mean), ("variance", variance)))
    return d


def _grad_kernel(xp: Any, dy: Any, x: Any, scale: Any, mean: Any, variance: Any,
                 epsilon: float) -> tuple:
    c = x.shape[-1]
    x2, dy2 = x.reshape(-1, c), dy.reshape(-1, c)
    n, eps = _scalars(x.dtype.type, x2.shape[0], epsilon)
    if xp is not np and x2.shape[0]:  # (an empty batch: no element writes dscale)
        centred_product, input_grad = elementwise_kernels(xp, _BACKWARD_KERNELS)
        empty, d = xp.empty, x.dtype
        pair = empty((x2.shape[0], 2 * c), d)
        centred_product(dy2, x2, mean, pair[:, :c], pair[:, c:])
        sums = _column_sums(xp, pair)
        sum_dy = sums[:c]
        dx, dscale = empty(x.shape, d), empty(c, d)
        input_grad(dy, x, mean, variance, scale, sum_dy, sums[c:], eps, n, c, dx, dscale)
        return dx, dscale, sum_dy
    r = RSQRT.kernel(xp, variance + eps)
    centred = x2 - mean
    sum_t = _column_sums(xp, dy2 * centred)
    sum_dy = _column_sums(xp, dy2)
    a = scale * r
    b = -(a * sum_dy) / n
    k = -(a * r * r * sum_t) / n
    dx = a * dy2 + k * centred + b
    return dx.reshape(x.shape), r * sum_t, sum_dy


def _reference(x: np.ndarray, scale: np.ndarray, offset: np.ndarray, moving_mean: np.ndarray,
               moving_variance: np.ndarray, epsilon: float, momentum: float) -> tuple:
    """The textbook batch norm in float64, channel by channel, and the moving statistics'
    exponential averages."""
    c = x.shape[-1]
    x2 = x.reshape(-1, c).astype(np.float64)
    y = np.empty_like(x2)
    mean, var = np.empty(c), np.empty(c)
    for j in range(c):
        col = x2[:, j]
        mean[j] = sum(col) / len(col)
        var[j] = sum((v - mean[j]) ** 2 for v in col) / len(col)
        y[:, j] = (col - mean[j]) / np.sqrt(var[j] + epsilon) * scale[j] + offset[j]
    moved = [old + (new - old) * (1 - momentum)
             for old, new in ((moving_mean.astype(np.float64), mean),
                              (moving_variance.astype(np.float64), var))]
    return tuple(a.astype(x.dtype) for a in (y.reshape(x.shape), mean, var, *moved))


def _closed_form(dy: np.ndarray, x: np.ndarray, scale: np.ndarray, mean: np.ndarray,
                 variance: np.ndarray, epsilon: float) -> tuple:
    """BN's input, scale and offset gradients from x-hat, in float64."""
    c = x.shape[-1]
    x2, g2 = x.reshape(-1, c).astype(np.float64), dy.reshape(-1, c).astype(np.float64)
    n = x2.shape[0]
    r = 1 / np.sqrt(variance.astype(np.float64) + epsilon)
    xhat = (x2 - mean) * r
    dbeta, dgamma = g2.sum(0), (g2 * xhat).sum(0)
    dx = scale * r / n * (n * g2 - dbeta - xhat * dgamma)
    return dx.reshape(x.shape).astype(x.dtype), dgamma.astype(x.dtype), dbeta.astype(x.dtype)


def _samples() -> list:
    rng = SampleRNG(21)
    return [Sample((rng.uniform(-2, 2, (2, 3, 4, 3)), rng.uniform(0.5, 2, (3,)),
                    rng.uniform(-1, 1, (3,)), rng.uniform(-1, 1, (3,)),
                    rng.uniform(0.5, 2, (3,))), {"epsilon": 1e-3, "momentum": 0.99},
                   second_order=False),
            Sample((rng.uniform(-2, 2, (5, 2)), rng.uniform(0.5, 2, (2,)),
                    rng.uniform(-1, 1, (2,)), np.zeros(2), np.ones(2)),
                   {"epsilon": 0.01, "momentum": 0.5}, second_order=False)]


def _grad_samples() -> list:
    rng = SampleRNG(22)
    x = rng.uniform(-2, 2, (4, 3, 2))
    x2 = x.reshape(-1, 2)
    mean = x2.mean(0)
    return [Sample((rng.uniform(-1, 1, x.shape), x, rng.uniform(0.5, 2, (2,)), mean,
                    ((x2 - mean) ** 2).mean(0)), {"epsilon": 1e-3}, grad=False)]


def _bad_samples() -> list:
    attrs = {"epsilon": 1e-3, "momentum": 0.99}
    v2, v3 = np.ones(2), np.ones(3)
    return [BadSample((np.ones((2, 3)), v2, v3, v3, v3), attrs, InvalidArgumentError,
                      "scale must be a vector of the 3 channels of x, got shape [2]"),
            BadSample((np.ones((2, 3)), v3, v3, v3, np.ones((3, 1))), attrs,
                      InvalidArgumentError,
                      "moving_variance must be a vector of the 3 channels of x, got shape "
                      "[3,1]"),
            BadSample((v3, v3, v3, v3, v3), attrs, InvalidArgumentError,
                      "x must be at least 2-dimensional"),
            BadSample((np.ones((2, 3)), v3, v3, np.ones(3, np.float32), v3), attrs,
                      InvalidArgumentError, _BN)]


def _grad_bad_samples() -> list:
    eps = {"epsilon": 1e-3}
    return [BadSample((np.ones((2, 3)), np.ones((3, 3)), np.ones(3), np.ones(3), np.ones(3)),
                      eps, InvalidArgumentError, _BN_GRAD)]


def _leading_axes(b: Any, x: int) -> Any:
    """The int32 vector of every axis of input `x` but the last (its rank known)."""
    rank = b.static_shape(x)
    if rank is None:
        raise ValueError(f"{_BN}: a graph's form of the op needs x's rank")
    return b.const(list(range(len(rank) - 1)), dt.int32)


def _to_tf(n: Any, b: Any) -> list:
    """TF's graphs hold Keras 3's composite: tf.nn.moments, then batch_normalization, and
    the layer's moving averages of the statistics."""
    x, scale, offset, moving_mean, moving_variance = (b.input(i) for i in range(5))
    dtype = n.inputs[0]._dtype
    axes = _leading_axes(b, 0)
    mean = b.node("Mean", [x, axes], {"keep_dims": False})[0]
    centre = b.node("StopGradient", [mean])[0]
    sq = b.node("SquaredDifference", [x, centre])[0]
    var = b.node("Mean", [sq, axes], {"keep_dims": False})[0]
    eps = b.const(n.attrs["epsilon"], dtype)
    inv = b.node("Mul", [b.node("Rsqrt", [b.node("AddV2", [var, eps])[0]])[0], scale])[0]
    shift = b.node("Sub", [offset, b.node("Mul", [mean, inv])[0]])[0]
    m = n.attrs["momentum"]
    keep, take = b.const(m, dtype), b.const(1 - m, dtype)
    moved = [b.node("AddV2", [b.node("Mul", [old, keep])[0], b.node("Mul", [new, take])[0]])[0]
             for old, new in ((moving_mean, mean), (moving_variance, var))]
    return [b.node("AddV2", [b.node("Mul", [x, inv])[0], shift])[0], mean, var, *moved]


def _grad_to_tf(n: Any, b: Any) -> list:
    """The closed form as TF nodes (the means stand for the sums over n)."""
    dy, x, scale, mean, var = (b.input(i) for i in range(5))
    axes = _leading_axes(b, 1)
    eps = b.const(n.attrs["epsilon"], n.inputs[1]._dtype)
    r = b.node("Rsqrt", [b.node("AddV2", [var, eps])[0]])[0]
    t = b.node("Mul", [dy, b.node("Sub", [x, mean])[0]])[0]
    a = b.node("Mul", [scale, r])[0]
    k = b.node("Neg", [b.node("Mul", [b.node("Mul", [b.node("Mul", [a, r])[0], r])[0],
                                      b.node("Mean", [t, axes], {"keep_dims": False})[0]])[0]])[0]
    shift = b.node("Neg", [b.node("Mul", [a, b.node("Mean", [dy, axes],
                                                     {"keep_dims": False})[0]])[0]])[0]
    dx = b.node("AddV2", [b.node("AddV2", [b.node("Mul", [a, dy])[0],
                                           b.node("Mul", [k, b.node("Sub", [x, mean])[0]])[0]])[0],
                          shift])[0]
    sum_t = b.node("Sum", [t, axes], {"keep_dims": False})[0]
    return [dx, b.node("Mul", [r, sum_t])[0], b.node("Sum", [dy, axes], {"keep_dims": False})[0]]


BN_TRAINING_GRAD = register(OpDef(_BN_GRAD, _grad_infer, _grad_kernel, reference=_closed_form,
                                  samples=_grad_samples, bad_samples=_grad_bad_samples,
                                  num_outputs=3, tf=TFForm(export=_grad_to_tf)))
BN_TRAINING = register(OpDef(_BN, _infer, _kernel, grad=_grad, reference=_reference,
                             samples=_samples, bad_samples=_bad_samples, num_outputs=5,
                             none_grads=(1, 2, 3, 4), tf=TFForm(export=_to_tf)))


def batch_norm_training(x: Any, scale: Any, offset: Any, moving_mean: Any,
                        moving_variance: Any, epsilon: float, momentum: float) -> tuple:
    """(y, mean, variance, moving mean, moving variance) of a training step's batch norm
    over every axis of x but the last (see above), the moving statistics as they are to be
    assigned; every input of one dtype of TYPES (the caller checks), each a tensor or a
    variable (read here, as tapes watch a variable's reads)."""
    return bind(BN_TRAINING, (x, convert_to_tensor(scale), convert_to_tensor(offset),
                              convert_to_tensor(moving_mean), convert_to_tensor(moving_variance)),
                {"epsilon": float(epsilon), "momentum": float(momentum)})
