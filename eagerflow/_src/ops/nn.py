"""tf.nn beyond convolution and pooling: activations, softmax, bias_add, cross-entropies,
l2 loss/normalization, moments and batch normalization, in_top_k, dropout.

Sits in the ops layer. Primitives (Relu, Softmax, BiasAdd, the fused cross-entropy
ops, ...) are OpDefs whose gradients use public ops, so second and higher orders
work; the rest are composites of public ops, written in TF's numerically stable
forms (log-sum-exp with the max subtracted, sigmoid cross-entropy as
max(x, 0) - x*z + log1p(exp(-|x|))).
"""

from __future__ import annotations

import math as _pymath
import numbers
from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import concat, reshape, transpose
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.math import (
    _t,
    add,
    cast,
    exp,
    greater_equal,
    log,
    log1p,
    maximum,
    multiply,
    negative,
    rsqrt,
    sigmoid,
    softplus,
    square,
    squared_difference,
    sum_to,
    tanh,
    where,
    zeros_like,
)
from eagerflow._src.ops.math import abs as _abs
from eagerflow._src.ops.nn_conv import check_t, fail, wants
from eagerflow._src.ops.reduce import reduce_mean, reduce_sum
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_rng = np.random.default_rng(32)

_FLOAT_T = (dt.float16, dt.bfloat16, dt.float32, dt.float64)
_RELU_T = (dt.float32, dt.float64, dt.int32, dt.uint8, dt.int16, dt.int8, dt.int64, dt.bfloat16,
           dt.uint16, dt.float16, dt.uint32, dt.uint64)
_BIAS_T = _RELU_T + (dt.complex64, dt.complex128)

SELU_ALPHA = 1.6732632423543772848170429916717
SELU_SCALE = 1.0507009873554804934193349852946


def _f64(*shape: int, lo: float = -2.0, hi: float = 2.0) -> np.ndarray:
    return _rng.uniform(lo, hi, size=shape)


def _away_from(*shape: int, points: tuple = (0.0,), gap: float = 0.1) -> np.ndarray:
    """Samples kept `gap` away from kinks, where finite differences are meaningless."""
    x = _f64(*shape, lo=-3.0, hi=8.0 if 6.0 in points else 3.0)
    for p in points:
        near = np.abs(x - p) < gap
        x[near] = p + np.where(x[near] >= p, gap, -gap) * 2
    return x


def _loop(f: Callable) -> Callable:
    """Reference from a scalar function applied cell by cell."""
    def ref(x: np.ndarray, **attrs: Any) -> np.ndarray:
        out = np.empty(x.shape, x.dtype)
        for i in np.ndindex(*x.shape):
            out[i] = f(x[i].item(), **attrs)
        return out
    return ref


# ---------------------------------------------------------------------------------------
# Activations.
# ---------------------------------------------------------------------------------------

def _activation(name: str, kernel: Callable, grad: Callable, ref: Callable, types: tuple,
                samples: list, attrs: dict | None = None) -> OpDef:
    def infer(x: Any, **a: Any) -> list:
        return [(x._shape, check_t(name, (x,), types))]

    bad = [BadSample((np.array(["a"], dtype=object),), dict(attrs or {}), InvalidArgumentError,
                     "Value for attr 'T' of string is not in the list of allowed values")]
    return register(OpDef(name, infer, kernel, grad=grad, reference=ref, samples=samples,
                          bad_samples=bad))


def _relu_grad_kernel(xp: Any, g: Any, y: Any) -> Any:
    return xp.where(y > 0, g, xp.zeros((), g.dtype))


RELU_GRAD = register(OpDef(
    "ReluGrad", lambda g, y: [(C.broadcast("ReluGrad", g._shape, y._shape),
                               check_t("ReluGrad", (g, y), _RELU_T))],
    _relu_grad_kernel,
    grad=lambda n, gg: [bind(RELU_GRAD, (gg, n.inputs[1]), {}), None],
    reference=lambda g, y: np.array([gv if yv > 0 else 0.0 for gv, yv in
                                     zip(g.ravel(), y.ravel())]).reshape(g.shape),
    samples=[Sample((_f64(3, 4), _away_from(3, 4)), grad_inputs=(0,))],
))

RELU = _activation(
    "Relu", lambda xp, x: xp.maximum(x, xp.zeros((), x.dtype)),
    lambda n, g: [bind(RELU_GRAD, (g, n.outputs[0]), {})],
    _loop(lambda v: v if v > 0 else 0 * v), _RELU_T,
    [Sample((_away_from(3, 4),)), Sample((np.array([-3, 0, 4], np.int32),), grad=False)])


def _relu6_grad_kernel(xp: Any, g: Any, x: Any) -> Any:
    return xp.where((x > 0) & (x < 6), g, xp.zeros((), g.dtype))


RELU6_GRAD = register(OpDef(
    "Relu6Grad", lambda g, x: [(x._shape, check_t("Relu6Grad", (g, x), _RELU_T))],
    _relu6_grad_kernel,
    grad=lambda n, gg: [bind(RELU6_GRAD, (gg, n.inputs[1]), {}), None],
    reference=lambda g, x: np.array([gv if 0 < xv < 6 else 0.0 for gv, xv in
                                     zip(g.ravel(), x.ravel())]).reshape(g.shape),
    samples=[Sample((_f64(3, 4), _away_from(3, 4, points=(0.0, 6.0))), grad_inputs=(0,))],
))

RELU6 = _activation(
    "Relu6", lambda xp, x: xp.clip(x, 0, 6).astype(x.dtype, copy=False),
    lambda n, g: [bind(RELU6_GRAD, (g, n.inputs[0]), {})],
    _loop(lambda v: min(max(v, 0), 6)), _RELU_T,
    [Sample((_away_from(3, 4, points=(0.0, 6.0)),))])


def _leaky_kernel(xp: Any, x: Any, alpha: float) -> Any:
    return xp.where(x > 0, x, x * x.dtype.type(alpha))


LEAKY_RELU_GRAD = register(OpDef(
    "LeakyReluGrad",
    lambda g, x, alpha: [(x._shape, check_t("LeakyReluGrad", (g, x), _FLOAT_T))],
    lambda xp, g, x, alpha: xp.where(x > 0, g, g * g.dtype.type(alpha)),
    grad=lambda n, gg: [bind(LEAKY_RELU_GRAD, (gg, n.inputs[1]), n.attrs), None],
    reference=lambda g, x, alpha: np.array([gv if xv > 0 else alpha * gv for gv, xv in
                                            zip(g.ravel(), x.ravel())]).reshape(g.shape),
    samples=[Sample((_f64(3, 4), _away_from(3, 4)), {"alpha": 0.3}, grad_inputs=(0,))],
))

LEAKY_RELU = _activation(
    "LeakyRelu", _leaky_kernel,
    lambda n, g: [bind(LEAKY_RELU_GRAD, (g, n.inputs[0]), n.attrs)],
    _loop(lambda v, alpha: v if v > 0 else alpha * v), _FLOAT_T,
    [Sample((_away_from(3, 4),), {"alpha": 0.2}), Sample((_away_from(5),), {"alpha": 1.5})],
    attrs={"alpha": 0.2})


def _elu_grad(n: Any, g: Any) -> list:
    y = n.outputs[0]
    return [where(y < 0, g * (y + 1), g)]


ELU = _activation(
    "Elu", lambda xp, x: xp.where(x > 0, x, xp.expm1(xp.minimum(x, 0))), _elu_grad,
    _loop(lambda v: v if v > 0 else _pymath.expm1(v)), _FLOAT_T, [Sample((_away_from(3, 4),))])


def _selu_grad(n: Any, g: Any) -> list:
    y = n.outputs[0]
    return [where(y < 0, g * (y + SELU_SCALE * SELU_ALPHA), g * SELU_SCALE)]


def _selu_kernel(xp: Any, x: Any) -> Any:
    neg = SELU_ALPHA * xp.expm1(xp.minimum(x, 0))
    return (SELU_SCALE * xp.where(x > 0, x, neg)).astype(x.dtype, copy=False)


SELU = _activation(
    "Selu", _selu_kernel, _selu_grad,
    _loop(lambda v: SELU_SCALE * (v if v > 0 else SELU_ALPHA * _pymath.expm1(v))), _FLOAT_T,
    [Sample((_away_from(3, 4),))])

SOFTSIGN = _activation(
    "Softsign", lambda xp, x: x / (1 + xp.abs(x)),
    lambda n, g: [g / square(1 + _abs(n.inputs[0]))],
    _loop(lambda v: v / (1 + (v if v >= 0 else -v))), _FLOAT_T,
    [Sample((_away_from(3, 4),))])


def relu(features: Any, name: str | None = None) -> Any:
    """max(features, 0)."""
    return bind(RELU, (_t(features),), {})


def relu6(features: Any, name: str | None = None) -> Any:
    """min(max(features, 0), 6)."""
    return bind(RELU6, (_t(features),), {})


def leaky_relu(features: Any, alpha: float = 0.2, name: str | None = None) -> Any:
    """features where positive, alpha * features elsewhere."""
    x = _t(features)
    if x._dtype.is_integer:
        x = cast(x, dt.float32)
    return bind(LEAKY_RELU, (x,), {"alpha": float(alpha)})


def elu(features: Any, name: str | None = None) -> Any:
    """Exponential linear unit: x if x > 0 else exp(x) - 1."""
    return bind(ELU, (_t(features),), {})


def selu(features: Any, name: str | None = None) -> Any:
    """Scaled exponential linear unit (Klambauer et al., 2017)."""
    return bind(SELU, (_t(features),), {})


def softsign(features: Any, name: str | None = None) -> Any:
    """features / (abs(features) + 1)."""
    return bind(SOFTSIGN, (_t(features),), {})


def _float_features(x: Any, what: str = "features") -> Any:
    x = _t(x)
    if not x._dtype.is_floating:
        raise ValueError(f"`{what}.dtype` must be a floating point tensor.Received:{what}.dtype="
                         f"{x._dtype!r}")
    return x


def _const(value: float, like: Any) -> Any:
    """A constant of `like`'s dtype, rounded once from the exact Python value."""
    return convert_to_tensor(np.asarray(value, dtype=like._dtype.as_numpy_dtype))


def gelu(features: Any, approximate: bool = False, name: str | None = None) -> Any:
    """Gaussian error linear unit: x * Phi(x), exactly (erf) or with the tanh approximation."""
    from eagerflow._src.ops.math import erf

    x = _float_features(features)
    if approximate:
        c = _const(_pymath.sqrt(2.0 / _pymath.pi), x)
        return 0.5 * x * (1.0 + tanh(c * (x + _const(0.044715, x) * x * x * x)))
    return 0.5 * x * (1.0 + erf(x * _const(1.0 / _pymath.sqrt(2.0), x)))


def silu(features: Any, beta: float = 1.0) -> Any:
    """x * sigmoid(beta * x) (swish)."""
    x = _t(features)
    if beta == 1.0:
        return x * sigmoid(x)
    return x * sigmoid(x * _const(beta, x))


swish = silu


def nn_softplus(features: Any, name: str | None = None) -> Any:
    """log(exp(features) + 1), stable for large |features|."""
    return softplus(features)


def crelu(features: Any, axis: int = -1, name: str | None = None) -> Any:
    """Concatenated ReLU: relu(x) next to relu(-x) along `axis`."""
    x = _t(features)
    return relu(concat([x, negative(x)], axis))


def log_sigmoid(x: Any, name: str | None = None) -> Any:
    """log(sigmoid(x)) computed as -softplus(-x)."""
    return negative(softplus(negative(_t(x))))


# ---------------------------------------------------------------------------------------
# Softmax and log-softmax over the last axis (other axes: transposed, as TF does).
# ---------------------------------------------------------------------------------------

def _softmax_infer(name: str) -> Callable:
    def infer(x: Any) -> list:
        d = check_t(name, (x,), _FLOAT_T)
        if x._shape is not None and len(x._shape) < 1:
            raise fail(name, f"logits must have >= 1 dimension, got {C.shape_str(x._shape)}")
        return [(x._shape, d)]
    return infer


def _softmax_kernel(xp: Any, x: Any) -> Any:
    if x.size == 0:
        return x.copy()
    e = xp.exp(x - x.max(axis=-1, keepdims=True))
    e /= e.sum(axis=-1, keepdims=True)
    return e


def _log_softmax_kernel(xp: Any, x: Any) -> Any:
    if x.size == 0:
        return x.copy()
    shifted = x - x.max(axis=-1, keepdims=True)
    return shifted - xp.log(xp.exp(shifted).sum(axis=-1, keepdims=True))


def _softmax_ref(x: np.ndarray) -> np.ndarray:
    out = np.empty_like(x)
    for idx in np.ndindex(*x.shape[:-1]):
        row = [float(v) for v in x[idx]]
        m = max(row)
        es = [_pymath.exp(v - m) for v in row]
        out[idx] = [e / sum(es) for e in es]
    return out


def _log_softmax_ref(x: np.ndarray) -> np.ndarray:
    out = np.empty_like(x)
    for idx in np.ndindex(*x.shape[:-1]):
        row = [float(v) for v in x[idx]]
        m = max(row)
        lse = m + _pymath.log(sum(_pymath.exp(v - m) for v in row))
        out[idx] = [v - lse for v in row]
    return out


def _softmax_grad(n: Any, g: Any) -> list:
    y = n.outputs[0]
    return [y * (g - reduce_sum(g * y, axis=-1, keepdims=True))]


def _log_softmax_grad(n: Any, g: Any) -> list:
    y = n.outputs[0]
    return [g - exp(y) * reduce_sum(g, axis=-1, keepdims=True)]


_SM_BAD = [BadSample((np.array(1.0),), {}, InvalidArgumentError,
                     "logits must have >= 1 dimension, got []"),
           BadSample((np.array([1, 2], np.int32),), {}, InvalidArgumentError,
                     "Value for attr 'T' of int32")]

SOFTMAX = register(OpDef(
    "Softmax", _softmax_infer("Softmax"), _softmax_kernel, grad=_softmax_grad,
    reference=_softmax_ref,
    samples=[Sample((_f64(3, 4),)), Sample((_f64(2, 2, 5),)),
             Sample((np.array([[1e4, 0.0, -1e4]]),), grad=False)],
    bad_samples=_SM_BAD))
LOG_SOFTMAX = register(OpDef(
    "LogSoftmax", _softmax_infer("LogSoftmax"), _log_softmax_kernel, grad=_log_softmax_grad,
    reference=_log_softmax_ref,
    samples=[Sample((_f64(3, 4),)), Sample((_f64(5),)),
             Sample((np.array([[1e4, 0.0, -1e4]]),), grad=False)],
    bad_samples=_SM_BAD))


def _swap_last(x: Any, axis: int) -> tuple:
    """`x` with `axis` swapped with the last axis, and the permutation (None if unchanged)."""
    n = len(x._shape)
    if not -n <= axis < n:
        raise InvalidArgumentError(None, None, f"`dim` must be in the range [{-n}, {n}) where "
                                               f"{n} is the number of dimensions in the input. "
                                               f"Received: dim={axis}")
    axis %= n
    if axis == n - 1:
        return x, None
    perm = list(range(n))
    perm[axis], perm[-1] = perm[-1], perm[axis]
    return transpose(x, perm), perm


def _over_axis(op: OpDef, logits: Any, axis: Any) -> Any:
    x = _t(logits)
    if axis is None or axis == -1 or x._shape is None or not x._shape:
        return bind(op, (x,), {})
    y, perm = _swap_last(x, int(axis))
    out = bind(op, (y,), {})
    return out if perm is None else transpose(out, perm)


def softmax(logits: Any, axis: int | None = None, name: str | None = None) -> Any:
    """exp(logits) / sum(exp(logits), axis), with the max subtracted first."""
    return _over_axis(SOFTMAX, logits, axis)


def log_softmax(logits: Any, axis: int | None = None, name: str | None = None) -> Any:
    """logits - log(sum(exp(logits), axis)), computed without overflow."""
    return _over_axis(LOG_SOFTMAX, logits, axis)


# ---------------------------------------------------------------------------------------
# bias_add.
# ---------------------------------------------------------------------------------------

def _bias_axis(ndim: int, data_format: str) -> int:
    return 1 if data_format == "NCHW" else ndim - 1


def _bias_add_infer(x: Any, b: Any, data_format: str) -> list:
    d = check_t("BiasAdd", (x, b), _BIAS_T)
    if x._shape is not None and len(x._shape) < 2:
        raise fail("BiasAdd", f"Input tensor must be at least 2D: {C.shape_str(x._shape)}")
    if b._shape is not None and len(b._shape) != 1:
        raise fail("BiasAdd", f"Biases must be 1D: {C.shape_str(b._shape)}")
    if x._shape is not None and b._shape is not None:
        c = x._shape[_bias_axis(len(x._shape), data_format)]
        if None not in (c, b._shape[0]) and c != b._shape[0]:
            where_ = "channel" if data_format == "NCHW" else "last"
            raise fail("BiasAdd", f"Must provide as many biases as the {where_} dimension of the "
                                  f"input tensor: {C.shape_str(b._shape)} vs. "
                                  f"{C.shape_str(x._shape)}")
    return [(x._shape, d)]


def _bias_add_kernel(xp: Any, x: Any, b: Any, data_format: str) -> Any:
    if data_format == "NCHW":
        return x + b.reshape((-1,) + (1,) * (x.ndim - 2))
    return x + b


def _bias_add_ref(x: np.ndarray, b: np.ndarray, data_format: str) -> np.ndarray:
    out = x.copy()
    ax = _bias_axis(x.ndim, data_format)
    for idx in np.ndindex(*x.shape):
        out[idx] = x[idx] + b[idx[ax]]
    return out


def _bias_grad_infer(g: Any, data_format: str) -> list:
    d = check_t("BiasAddGrad", (g,), _BIAS_T)
    if g._shape is not None and len(g._shape) < 2:
        raise fail("BiasAddGrad", f"Input tensor must be at least 2D: {C.shape_str(g._shape)}")
    c = None if g._shape is None else g._shape[_bias_axis(len(g._shape), data_format)]
    return [((c,), d)]


def _bias_grad_kernel(xp: Any, g: Any, data_format: str) -> Any:
    ax = _bias_axis(g.ndim, data_format)
    return g.sum(axis=tuple(i for i in range(g.ndim) if i != ax)).astype(g.dtype, copy=False)


def _bias_grad_ref(g: np.ndarray, data_format: str) -> np.ndarray:
    ax = _bias_axis(g.ndim, data_format)
    out = np.zeros(g.shape[ax], g.dtype)
    for idx in np.ndindex(*g.shape):
        out[idx[ax]] += g[idx]
    return out


BIAS_ADD_GRAD = register(OpDef(
    "BiasAddGrad", _bias_grad_infer, _bias_grad_kernel,
    grad=lambda n, gg: [bind(BIAS_ADD, (zeros_like(n.inputs[0]), gg), n.attrs)],
    reference=_bias_grad_ref,
    samples=[Sample((_f64(2, 3, 4),), {"data_format": "NHWC"}),
             Sample((_f64(2, 3, 4, 2),), {"data_format": "NCHW"})],
    bad_samples=[BadSample((np.ones(3),), {"data_format": "NHWC"}, InvalidArgumentError,
                           "Input tensor must be at least 2D: [3]")],
))

BIAS_ADD = register(OpDef(
    "BiasAdd", _bias_add_infer, _bias_add_kernel,
    grad=lambda n, g: [g, bind(BIAS_ADD_GRAD, (g,), n.attrs) if wants(n, 1) else None],
    reference=_bias_add_ref,
    samples=[Sample((_f64(2, 3), _f64(3)), {"data_format": "NHWC"}),
             Sample((_f64(2, 3, 2, 2), _f64(3)), {"data_format": "NCHW"}),
             Sample((np.array([[1, 2], [3, 4]], np.int32), np.array([5, 6], np.int32)),
                    {"data_format": "NHWC"}, grad=False)],
    bad_samples=[BadSample((np.ones((2, 4)), np.ones(3)), {"data_format": "NHWC"},
                           InvalidArgumentError, "Must provide as many biases as the last "
                                                 "dimension of the input tensor: [3] vs. [2,4]"),
                 BadSample((np.ones(3), np.ones(3)), {"data_format": "NHWC"},
                           InvalidArgumentError, "Input tensor must be at least 2D: [3]"),
                 BadSample((np.ones((2, 3)), np.ones((1, 3))), {"data_format": "NHWC"},
                           InvalidArgumentError, "Biases must be 1D: [1,3]"),
                 BadSample((np.ones((2, 3)), np.ones(3, np.float32)), {"data_format": "NHWC"},
                           InvalidArgumentError, "was expected to be a double tensor")],
))


def bias_add(value: Any, bias: Any, data_format: str | None = None,
             name: str | None = None) -> Any:
    """value + bias, with bias along the channel axis (last, or 1 for "NC..." formats)."""
    if data_format is not None:
        if data_format.startswith("NC"):
            data_format = "NCHW"
        elif data_format.startswith("N") and data_format.endswith("C"):
            data_format = "NHWC"
        else:
            raise ValueError(f"`data_format` must be of the form `N...C` or `NC...`. Received: "
                             f"data_format={data_format}")
    x = _t(value)
    b = convert_to_tensor(bias, dtype_hint=x._dtype) if not isinstance(bias, Tensor) else bias
    return bind(BIAS_ADD, (x, b), {"data_format": data_format or "NHWC"})


# ---------------------------------------------------------------------------------------
# Fused softmax cross-entropies: (loss, backprop), as TF's kernels.
# ---------------------------------------------------------------------------------------

def _is_zero(g: Any) -> bool:
    """True for an eager all-zeros gradient (what a tape feeds an unused output)."""
    return isinstance(g, EagerTensor) and not g._arr.any()


def _xent_backprop_grad(logits: Any, g_bp: Any) -> Any:
    """The gradient through the `backprop` output: the softmax Jacobian applied to g_bp."""
    s = softmax(logits)
    return s * (g_bp - reduce_sum(g_bp * s, axis=-1, keepdims=True))


def _expand_last(g: Any) -> Any:
    from eagerflow._src.ops.array import expand_dims

    return expand_dims(g, -1)


def _sparse_xent_infer(logits: Any, labels: Any) -> list:
    op = "SparseSoftmaxCrossEntropyWithLogits"
    d = check_t(op, (logits,), _FLOAT_T)
    if labels._dtype not in (dt.int32, dt.int64):
        word = {dt.float32: "float", dt.float64: "double"}.get(labels._dtype, labels._dtype.name)
        raise fail(op, f"Value for attr 'Tlabels' of {word} is not in the list of allowed "
                       "values: int32, int64")
    if logits._shape is not None and len(logits._shape) != 2:
        raise fail(op, f"logits must be 2-D, but got shape {C.shape_str(logits._shape)}")
    if labels._shape is not None and len(labels._shape) != 1:
        raise fail(op, f"labels must be 1-D, but got shape {C.shape_str(labels._shape)}")
    if logits._shape is not None and labels._shape is not None:
        b, k = logits._shape
        if None not in (b, labels._shape[0]) and b != labels._shape[0]:
            raise fail(op, f"logits and labels must have the same first dimension, got logits "
                           f"shape {C.shape_str(logits._shape)} and labels shape "
                           f"{C.shape_str(labels._shape)}")
        if k == 0:
            raise fail(op, f"Must have at least one class, but got logits shape "
                           f"{C.shape_str(logits._shape)}")
    b = None if logits._shape is None else logits._shape[0]
    return [((b,), d), (logits._shape, d)]


def _sparse_xent_kernel(xp: Any, logits: Any, labels: Any) -> tuple:
    k = logits.shape[1]
    bad = (labels < 0) | (labels >= k)
    if bad.any():
        v = int(labels[bad][0])
        raise InvalidArgumentError(
            None, None, f"Received a label value of {v} which is outside the valid range of "
                        f"[0, {k}).  Label values: {' '.join(str(int(i)) for i in labels)} "
                        "[Op:SparseSoftmaxCrossEntropyWithLogits]")
    shifted = logits - logits.max(axis=1, keepdims=True)
    e = xp.exp(shifted)
    total = e.sum(axis=1, keepdims=True)
    rows = xp.arange(logits.shape[0])
    loss = (xp.log(total[:, 0]) - shifted[rows, labels]).astype(logits.dtype, copy=False)
    backprop = e / total
    backprop[rows, labels] -= 1
    return loss, backprop


def _sparse_xent_ref(logits: np.ndarray, labels: np.ndarray) -> tuple:
    loss = np.empty(logits.shape[0], logits.dtype)
    bp = np.empty_like(logits)
    for i, row in enumerate(logits):
        m = max(float(v) for v in row)
        total = sum(_pymath.exp(float(v) - m) for v in row)
        loss[i] = m + _pymath.log(total) - float(row[labels[i]])
        for j, v in enumerate(row):
            bp[i, j] = _pymath.exp(float(v) - m) / total - (1.0 if j == labels[i] else 0.0)
    return loss, bp


def _sparse_xent_grad(n: Any, g_loss: Any, g_bp: Any) -> list:
    logits = n.inputs[0]
    gx = _expand_last(g_loss) * n.outputs[1]
    if not _is_zero(g_bp):
        gx = gx + _xent_backprop_grad(logits, g_bp)
    return [gx, None]


SPARSE_XENT = register(OpDef(
    "SparseSoftmaxCrossEntropyWithLogits", _sparse_xent_infer, _sparse_xent_kernel,
    grad=_sparse_xent_grad, reference=_sparse_xent_ref, num_outputs=2,
    samples=[Sample((_f64(4, 3), np.array([0, 2, 1, 2], np.int32))),
             Sample((np.array([[1e4, 0.0, -1e4], [1.0, 2.0, 3.0]]),
                     np.array([1, 0], np.int64)), grad=False)],
    bad_samples=[BadSample((np.ones((2, 3)), np.array([1, 5], np.int32)), {},
                           InvalidArgumentError, "Received a label value of 5 which is outside "
                                                 "the valid range of [0, 3).  Label values: 1 5"),
                 BadSample((np.ones((2, 3)), np.array([-1, 0], np.int32)), {},
                           InvalidArgumentError, "Received a label value of -1"),
                 BadSample((np.ones((2, 0)), np.array([0, 0], np.int32)), {},
                           InvalidArgumentError, "Must have at least one class"),
                 BadSample((np.ones((2, 3)), np.array([0.0, 1.0], np.float32)), {},
                           InvalidArgumentError, "Value for attr 'Tlabels' of float")],
))


def _xent_infer(logits: Any, labels: Any) -> list:
    op = "SoftmaxCrossEntropyWithLogits"
    d = check_t(op, (logits, labels), _FLOAT_T)
    if logits._shape is not None and labels._shape is not None:
        if len(logits._shape) != 2 or len(labels._shape) != 2:
            raise fail(op, f"logits and labels must be either 2-dimensional, or broadcasted to "
                           f"be 2-dimensional, got {C.shape_str(logits._shape)} and "
                           f"{C.shape_str(labels._shape)}")
        try:
            shape = C.broadcast(op, logits._shape, labels._shape)
        except InvalidArgumentError:
            raise fail(op, f"logits and labels must be broadcastable: logits_size="
                           f"{C.shape_str(logits._shape)} labels_size="
                           f"{C.shape_str(labels._shape)}") from None
        return [((shape[0],), d), (shape, d)]
    return [((None,), d), ((None, None), d)]


def _xent_kernel(xp: Any, logits: Any, labels: Any) -> tuple:
    logits, labels = xp.broadcast_arrays(logits, labels)
    shifted = logits - logits.max(axis=1, keepdims=True)
    e = xp.exp(shifted)
    total = e.sum(axis=1, keepdims=True)
    loss = (labels * (xp.log(total) - shifted)).sum(axis=1).astype(logits.dtype, copy=False)
    return loss, e / total - labels


def _xent_ref(logits: np.ndarray, labels: np.ndarray) -> tuple:
    logits, labels = np.broadcast_arrays(logits, labels)
    loss = np.empty(logits.shape[0], logits.dtype)
    bp = np.empty(logits.shape, logits.dtype)
    for i in range(logits.shape[0]):
        row = [float(v) for v in logits[i]]
        m = max(row)
        total = sum(_pymath.exp(v - m) for v in row)
        lse = m + _pymath.log(total)
        loss[i] = sum(float(z) * (lse - v) for z, v in zip(labels[i], row))
        bp[i] = [_pymath.exp(v - m) / total - float(z) for v, z in zip(row, labels[i])]
    return loss, bp


def _xent_grad(n: Any, g_loss: Any, g_bp: Any) -> list:
    logits, labels = n.inputs
    gl = _expand_last(g_loss)
    gx = gl * n.outputs[1]
    bp_used = not _is_zero(g_bp)
    if bp_used:
        gx = gx + _xent_backprop_grad(logits, g_bp)
    g_labels = None
    if wants(n, 1):
        g_labels = gl * negative(log_softmax(logits))
        if bp_used:
            g_labels = g_labels - g_bp
        g_labels = sum_to(g_labels, labels)
    return [sum_to(gx, logits) if wants(n, 0) else None, g_labels]


def _soft_labels(*shape: int) -> np.ndarray:
    z = _rng.uniform(0.1, 1.0, size=shape)
    return z / z.sum(axis=-1, keepdims=True)


SOFTMAX_XENT = register(OpDef(
    "SoftmaxCrossEntropyWithLogits", _xent_infer, _xent_kernel, grad=_xent_grad,
    reference=_xent_ref, num_outputs=2,
    samples=[Sample((_f64(3, 4), _soft_labels(3, 4))),
             Sample((_f64(2, 3), _soft_labels(1, 3))),
             Sample((np.array([[1e4, 0.0, -1e4]]), np.array([[0.2, 0.3, 0.5]])), grad=False)],
    bad_samples=[BadSample((np.ones((2, 3)), np.ones((2, 2))), {}, InvalidArgumentError,
                           "logits and labels must be broadcastable: logits_size=[2,3] "
                           "labels_size=[2,2]"),
                 BadSample((np.ones((2, 3), np.int32), np.ones((2, 3), np.int32)), {},
                           InvalidArgumentError, "Value for attr 'T' of int32")],
))


def _check_rank_match(labels: Any, logits: Any) -> None:
    ls, gs = labels._shape, logits._shape
    if ls is None or gs is None:
        return
    if len(ls) != len(gs) - 1:
        raise ValueError(f"`labels.shape.rank` must equal `logits.shape.rank - 1`. Received: "
                         f"labels.shape={tuple(ls)} of rank {len(ls)} and "
                         f"logits.shape={tuple(gs)} of rank {len(gs)}")
    for a, b in zip(ls, gs[:-1]):
        if None not in (a, b) and a != b:
            raise ValueError(f"`labels.shape` must equal `logits.shape` except for the last "
                             f"dimension. Received: labels.shape={tuple(ls)} and "
                             f"logits.shape={tuple(gs)}")


def sparse_softmax_cross_entropy_with_logits(labels: Any, logits: Any,
                                             name: str | None = None) -> Any:
    """-log(softmax(logits)[label]) per example; labels are class indices in [0, classes)."""
    logits = _t(logits)
    labels = _t(labels)
    if logits._shape is not None and not logits._shape:
        raise ValueError(f"`logits` cannot be a scalar. Received logits={logits}`")
    _check_rank_match(labels, logits)
    precise = cast(logits, dt.float32) if logits._dtype is dt.float16 else logits
    shape = logits._shape
    if len(shape) != 2:
        precise = reshape(precise, (-1, shape[-1]))
        labels = reshape(labels, (-1,))
    loss, _ = bind(SPARSE_XENT, (precise, labels), {})
    if len(shape) != 2:
        loss = reshape(loss, shape[:-1])
    return cast(loss, dt.float16) if logits._dtype is dt.float16 else loss


def softmax_cross_entropy_with_logits(labels: Any, logits: Any, axis: int = -1,
                                      name: str | None = None) -> Any:
    """-sum(labels * log_softmax(logits), axis); gradients flow to both arguments."""
    logits = _t(logits)
    precise = cast(logits, dt.float32) if logits._dtype is dt.float16 else logits
    labels = cast(_t(labels), precise._dtype)
    shape = logits._shape
    if shape is not None and not shape:
        raise ValueError(f"`logits` cannot be a scalar. Received logits={logits}`")
    n = len(shape)
    ax = axis % n if -n <= axis < n else axis
    if not 0 <= ax < n:
        raise InvalidArgumentError(None, None, f"`dim` must be in the range [{-n}, {n}) where "
                                               f"{n} is the number of dimensions in the input. "
                                               f"Received: dim={axis}")
    perm = None
    if ax != n - 1:
        perm = list(range(n))
        perm[ax], perm[-1] = perm[-1], perm[ax]
        precise, labels = transpose(precise, perm), transpose(labels, perm)
    moved = precise._shape
    if n != 2:
        precise = reshape(precise, (-1, moved[-1]) if n else (1, 1))
        labels = reshape(labels, (-1, labels._shape[-1]) if labels._shape else (1, 1))
    loss, _ = bind(SOFTMAX_XENT, (precise, labels), {})
    if n != 2:
        loss = reshape(loss, moved[:-1])
    return cast(loss, dt.float16) if logits._dtype is dt.float16 else loss


def _same_shape(a: Any, b: Any, what: tuple) -> None:
    if a._shape is not None and b._shape is not None and tuple(a._shape) != tuple(b._shape):
        raise ValueError(f"`{what[0]}` and `{what[1]}` must have the same shape, received "
                         f"({tuple(a._shape)} vs {tuple(b._shape)}).")


def sigmoid_cross_entropy_with_logits(labels: Any = None, logits: Any = None,
                                      name: str | None = None) -> Any:
    """Per-element logistic loss, stable for large |logits|."""
    if labels is None or logits is None:
        raise ValueError(f"Both `labels` and `logits` must be provided for "
                         f"sigmoid_cross_entropy_with_logitsReceived: labels={labels} and "
                         f"logits={logits}")
    x, z = _t(logits), _t(labels)
    _same_shape(x, z, ("logits", "labels"))
    zeros = zeros_like(x)
    relu_x = where(x >= zeros, x, zeros)
    neg_abs = where(x >= zeros, negative(x), x)
    return add(relu_x - x * z, log1p(exp(neg_abs)))


def weighted_cross_entropy_with_logits(labels: Any, logits: Any, pos_weight: Any,
                                       name: str | None = None) -> Any:
    """Sigmoid cross-entropy with the positive term weighted by `pos_weight`."""
    x, z = _t(logits), _t(labels)
    _same_shape(x, z, ("logits", "labels"))
    q = convert_to_tensor(pos_weight, dtype_hint=x._dtype)
    log_weight = 1 + (q - 1) * z
    return add((1 - z) * x, log_weight * (log1p(exp(negative(_abs(x)))) + relu(negative(x))))


def log_poisson_loss(targets: Any, log_input: Any, compute_full_loss: bool = False,
                     name: str | None = None) -> Any:
    """exp(log_input) - log_input * targets (+ Stirling's term when compute_full_loss)."""
    c, z = _t(log_input), _t(targets)
    _same_shape(c, z, ("log_input", "targets"))
    result = exp(c) - c * z
    if compute_full_loss:
        ones = convert_to_tensor(1, dtype=z._dtype)
        safe = where(z > ones, z, ones)  # no log(0) even where the term is masked off
        stirling = safe * log(safe) - safe + 0.5 * log(_const(2.0 * _pymath.pi, safe) * safe)
        result = result + where(z > ones, stirling, zeros_like(z))
    return result


# ---------------------------------------------------------------------------------------
# L2 loss and normalization.
# ---------------------------------------------------------------------------------------

L2_LOSS = register(OpDef(
    "L2Loss", lambda t: [((), check_t("L2Loss", (t,), _FLOAT_T))],
    lambda xp, t: xp.asarray((t * t).sum() / 2, dtype=t.dtype),
    grad=lambda n, g: [n.inputs[0] * g],
    reference=lambda t: np.asarray(sum(float(v) ** 2 for v in t.ravel()) / 2, t.dtype),
    samples=[Sample((_f64(3, 4),)), Sample((_f64(),))],
    bad_samples=[BadSample((np.array([1, 2], np.int32),), {}, InvalidArgumentError,
                           "Value for attr 'T' of int32")],
))


def l2_loss(t: Any, name: str | None = None) -> Any:
    """sum(t ** 2) / 2."""
    return bind(L2_LOSS, (_t(t),), {})


def l2_normalize(x: Any, axis: Any = None, epsilon: float = 1e-12, name: str | None = None,
                 dim: Any = None) -> Any:
    """x / sqrt(max(sum(x ** 2, axis), epsilon))."""
    x = _t(x)
    if axis is None:
        axis = dim
    if not (x._dtype.is_floating or x._dtype.is_complex):
        raise TypeError(f"Cannot convert {epsilon} to EagerTensor of dtype {x._dtype.name}")
    sq = reduce_sum(square(x), axis=axis, keepdims=True)
    return x * rsqrt(maximum(sq, _const(epsilon, x)))


# ---------------------------------------------------------------------------------------
# Moments and batch normalization.
# ---------------------------------------------------------------------------------------

def _axes_list(axes: Any) -> list:
    if isinstance(axes, (int, np.integer)):
        return [int(axes)]
    if isinstance(axes, Tensor):
        return [int(a) for a in np.asarray(axes.numpy()).reshape(-1)]
    return [int(a) for a in axes]


def moments(x: Any, axes: Any, shift: Any = None, keepdims: bool = False,
            name: str | None = None) -> tuple:
    """(mean, variance) of `x` over `axes`; float16 is accumulated in float32."""
    x = _t(x)
    y = cast(x, dt.float32) if x._dtype is dt.float16 else x
    ax = _axes_list(axes)
    mean = reduce_mean(y, axis=ax, keepdims=True)
    # TF stops the gradient through `mean` here; that changes nothing at first order (the
    # term is zero) but makes second derivatives wrong, so eagerflow keeps it
    variance = reduce_mean(squared_difference(y, mean), axis=ax, keepdims=True)
    if not keepdims:
        from eagerflow._src.ops.array import squeeze

        mean, variance = squeeze(mean, ax), squeeze(variance, ax)
    if x._dtype is dt.float16:
        return cast(mean, dt.float16), cast(variance, dt.float16)
    return mean, variance


def sufficient_statistics(x: Any, axes: Any, shift: Any = None, keepdims: bool = False,
                          name: str | None = None) -> tuple:
    """(count, sum of x - shift, sum of (x - shift)**2, shift) over `axes`."""
    x = _t(x)
    ax = _axes_list(axes)
    count = 1
    for a in ax:
        count *= x._shape[a]
    counts = convert_to_tensor(float(count), dtype=x._dtype)
    if shift is not None:
        shift = convert_to_tensor(shift, dtype_hint=x._dtype)
        m_ss = reduce_sum(x - shift, axis=ax, keepdims=keepdims)
        v_ss = reduce_sum(squared_difference(x, shift), axis=ax, keepdims=keepdims)
    else:
        m_ss = reduce_sum(x, axis=ax, keepdims=keepdims)
        v_ss = reduce_sum(square(x), axis=ax, keepdims=keepdims)
    return counts, m_ss, v_ss, shift


def normalize_moments(counts: Any, mean_ss: Any, variance_ss: Any, shift: Any,
                      name: str | None = None) -> tuple:
    """(mean, variance) from sufficient statistics."""
    divisor = 1.0 / _t(counts)
    shifted_mean = mean_ss * divisor
    mean = shifted_mean + shift if shift is not None else shifted_mean
    variance = variance_ss * divisor - square(shifted_mean)
    return mean, variance


def weighted_moments(x: Any, axes: Any, frequency_weights: Any, keepdims: bool = False,
                     name: str | None = None) -> tuple:
    """Frequency-weighted (mean, variance) over `axes`."""
    x = _t(x)
    w = convert_to_tensor(frequency_weights, dtype_hint=x._dtype)
    ax = _axes_list(axes)
    wx = reduce_sum(w * x, axis=ax, keepdims=True)
    from eagerflow._src.ops.math import broadcast_like, div_no_nan

    sw = reduce_sum(broadcast_like(w, x), axis=ax, keepdims=True)
    mean = div_no_nan(wx, sw)
    var = div_no_nan(reduce_sum(w * squared_difference(x, mean), axis=ax, keepdims=True), sw)
    if not keepdims:
        from eagerflow._src.ops.array import squeeze

        mean, var = squeeze(mean, ax), squeeze(var, ax)
    return mean, var


def batch_normalization(x: Any, mean: Any, variance: Any, offset: Any, scale: Any,
                        variance_epsilon: float, name: str | None = None) -> Any:
    """(x - mean) * scale / sqrt(variance + epsilon) + offset, as one multiply-add."""
    x = _t(x)
    mean = convert_to_tensor(mean, dtype_hint=x._dtype) if not isinstance(mean, Tensor) else mean
    variance = convert_to_tensor(variance, dtype_hint=x._dtype) \
        if not isinstance(variance, Tensor) else variance
    inv = rsqrt(variance + _const(variance_epsilon, variance))
    if scale is not None:
        inv = inv * scale
    shift = offset - mean * inv if offset is not None else negative(mean * inv)
    return x * cast(inv, x._dtype) + cast(shift, x._dtype)


def fused_batch_norm(x: Any, scale: Any, offset: Any, mean: Any = None, variance: Any = None,
                     epsilon: float = 0.001, data_format: str = "NHWC", is_training: bool = True,
                     name: str | None = None, exponential_avg_factor: float = 1.0) -> tuple:
    """tf.compat.v1.nn.fused_batch_norm: (y, batch or running mean, variance).

    Training normalizes with the batch statistics and returns the mean and the
    Bessel-corrected variance (blended into `mean`/`variance` when
    exponential_avg_factor != 1); inference normalizes with the given statistics.
    """
    op = "FusedBatchNormV3"
    x = _t(x)
    if x._shape is not None and len(x._shape) not in (4, 5):
        raise fail(op, f"input must be 4 or 5-dimensional{C.shape_str(x._shape)}")
    if (not is_training or exponential_avg_factor != 1.0) and (mean is None or variance is None):
        raise ValueError(f"Both `mean` and `variance` must be a 1D tensor when `is_training` is "
                         f"False or `exponential_avg_factor` != 1.0. Received: `mean` {mean} and "
                         f"`variance` {variance}")
    nd = len(x._shape)
    cax = 1 if data_format.startswith("NC") else nd - 1
    c = x._shape[cax]
    compute = dt.float32 if x._dtype in (dt.float16, dt.bfloat16) else x._dtype
    scale, offset = cast(_t(scale), compute), cast(_t(offset), compute)
    for what, t in (("scale", scale), ("offset", offset), ("mean", mean),
                    ("variance", variance)):
        if t is None:
            continue
        t = _t(t)
        n_el = 1
        for d in t._shape:
            n_el *= d
        if len(t._shape) != 1 or (c is not None and n_el != c):
            if is_training and exponential_avg_factor == 1.0 and what in ("mean", "variance") \
                    and n_el == 0:
                continue
            raise fail(op, f"{what} must have the same number of elements as the channels of x, "
                           f"got {n_el} and {c}")
    bshape = [1] * nd
    bshape[cax] = -1
    axes = [i for i in range(nd) if i != cax]
    xc = cast(x, compute)
    if is_training:
        bmean, bvar = moments(xc, axes)
        n = 1
        for i in axes:
            n *= x._shape[i]
        y = batch_normalization(xc, reshape(bmean, bshape), reshape(bvar, bshape),
                                reshape(offset, bshape), reshape(scale, bshape), epsilon)
        var_out = bvar * _const(n / max(n - 1, 1), bvar)
        mean_out = bmean
        if exponential_avg_factor != 1.0:
            f = exponential_avg_factor
            keep, new = _const(1 - f, bmean), _const(f, bmean)
            mean_out = keep * cast(_t(mean), compute) + new * bmean
            var_out = keep * cast(_t(variance), compute) + new * var_out
        return cast(y, x._dtype), mean_out, var_out
    m, v = cast(_t(mean), compute), cast(_t(variance), compute)
    y = batch_normalization(xc, reshape(m, bshape), reshape(v, bshape), reshape(offset, bshape),
                            reshape(scale, bshape), epsilon)
    return cast(y, x._dtype), m, v


# ---------------------------------------------------------------------------------------
# in_top_k.
# ---------------------------------------------------------------------------------------

def _in_top_k_infer(predictions: Any, targets: Any, k: int) -> list:
    op = "InTopKV2"
    if predictions._dtype is not dt.float32:
        raise fail(op, f"Value for attr 'T' of {predictions._dtype.name} is not in the list of "
                       "allowed values: float")
    if targets._dtype not in (dt.int32, dt.int64):
        raise fail(op, f"Value for attr 'T' of {targets._dtype.name} is not in the list of "
                       "allowed values: int32, int64")
    ps, ts = predictions._shape, targets._shape
    if ps is not None and len(ps) != 2:
        raise fail(op, "predictions must be 2-dimensional")
    if ts is not None and len(ts) != 1:
        raise fail(op, "targets must be 1-dimensional")
    if ps is not None and ts is not None and None not in (ps[0], ts[0]) and ps[0] != ts[0]:
        raise fail(op, f"First dimension of predictions {ps[0]} must match length of targets "
                       f"{ts[0]}")
    return [((None if ps is None else ps[0],), dt.bool)]


def _in_top_k_kernel(xp: Any, predictions: Any, targets: Any, k: int) -> Any:
    b, n = predictions.shape
    ok = (targets >= 0) & (targets < n)
    safe = xp.where(ok, targets, 0)
    target_pred = predictions[xp.arange(b), safe]
    # ties with the target count as "in"; a non-finite target prediction never does
    more = (predictions > target_pred[:, None]).sum(axis=1)
    return ok & xp.isfinite(target_pred) & (more < k)


def _in_top_k_ref(predictions: np.ndarray, targets: np.ndarray, k: int) -> np.ndarray:
    out = []
    for row, t in zip(predictions, targets):
        if not 0 <= t < len(row) or not _pymath.isfinite(row[t]):
            out.append(False)
            continue
        out.append(sum(1 for v in row if v > row[t]) < k)
    return np.array(out, dtype=bool)


IN_TOP_K = register(OpDef(
    "InTopKV2", _in_top_k_infer, _in_top_k_kernel, reference=_in_top_k_ref,
    samples=[Sample((np.array([[1.0, 1.0, 0.5], [0.0, 2.0, 2.0], [3.0, np.nan, 1.0],
                               [1.0, 2.0, 3.0]], np.float32), np.array([0, 1, 2, 5], np.int32)),
                    {"k": 1}, grad=False),
             Sample((_f64(5, 4).astype(np.float32), np.array([0, 1, 2, 3, 0], np.int64)),
                    {"k": 2}, grad=False)],
    bad_samples=[BadSample((np.ones((2, 3), np.float32), np.array([0, 1, 2], np.int32)),
                           {"k": 1}, InvalidArgumentError,
                           "First dimension of predictions 2 must match length of targets 3"),
                 BadSample((np.ones((2, 3), np.float32), np.array([[0, 1]], np.int32)),
                           {"k": 1}, InvalidArgumentError, "targets must be 1-dimensional")],
))


def in_top_k(targets: Any, predictions: Any, k: Any, name: str | None = None) -> Any:
    """Whether each target's prediction is among the row's top `k` (ties count as in)."""
    p = convert_to_tensor(predictions, dtype_hint=dt.float32)
    if p._dtype is not dt.float32:
        raise ValueError(f"Tensor conversion requested dtype float32 for Tensor with dtype "
                         f"{p._dtype.name}: {p!r}")
    return bind(IN_TOP_K, (p, _t(targets)), {"k": int(k)})


# ---------------------------------------------------------------------------------------
# dropout.
# ---------------------------------------------------------------------------------------

def dropout(x: Any, rate: Any, noise_shape: Any = None, seed: Any = None,
            name: str | None = None) -> Any:
    """Zeroes elements with probability `rate` and scales the rest by 1 / (1 - rate).

    The gradient is the same mask and scale applied to the incoming gradient.
    """
    from eagerflow._src.ops.random import uniform

    x = _t(x)
    if not x._dtype.is_floating:
        raise ValueError(f"`x.dtype` must be a floating point tensor as `x` will be scaled. "
                         f"Received: x_dtype={x._dtype!r}")
    if isinstance(rate, numbers.Real) and not isinstance(rate, bool):
        if not 0 <= rate < 1:
            raise ValueError(f"`rate` must be a scalar tensor or a float in the range [0, 1). "
                             f"Received: rate={rate}")
        if rate == 0 and _state.graph is None:
            return x
        keep = 1.0 - float(rate)
        scale = convert_to_tensor(1.0 / keep, dtype=x._dtype)
        rate_t = convert_to_tensor(float(rate), dtype=x._dtype)
    else:
        rate_t = cast(_t(rate), x._dtype)
        if rate_t._shape is not None and rate_t._shape:
            raise ValueError(f"`rate` must be a scalar tensor. Received: rate={rate}")
        scale = 1.0 / (1.0 - rate_t)
    shape = tuple(x._shape)
    if noise_shape is not None:
        from eagerflow._src.ops.array import static_ints

        ns = static_ints(noise_shape, "noise_shape")
        if len(ns) == len(shape):
            ns = tuple(s if n is None else n for n, s in zip(ns, shape))
        shape = ns
    noise = uniform(shape, dtype=x._dtype, seed=seed)
    keep_mask = greater_equal(noise, rate_t)
    return where(keep_mask, x * scale, zeros_like(x))


__all__ = ["relu", "relu6", "leaky_relu", "elu", "selu", "softsign", "gelu", "silu", "swish",
           "crelu", "log_sigmoid", "softmax", "log_softmax", "bias_add",
           "sparse_softmax_cross_entropy_with_logits", "softmax_cross_entropy_with_logits",
           "sigmoid_cross_entropy_with_logits", "weighted_cross_entropy_with_logits",
           "log_poisson_loss", "l2_loss", "l2_normalize", "moments", "sufficient_statistics",
           "normalize_moments", "weighted_moments", "batch_normalization", "fused_batch_norm",
           "in_top_k", "dropout", "multiply", "sigmoid", "tanh"]
