"""tf.nn activations, softmax/log_softmax, bias_add, embedding_lookup and dropout.

Sits in the ops layer. Primitives (Relu, Softmax, BiasAdd, ...) are OpDefs whose
gradients use public ops, so second and higher orders work; the rest are composites
of public ops. Losses live in nn_loss.py, normalization in nn_norm.py.
"""

from __future__ import annotations

import functools
import math as _pymath
import numbers
from typing import Any, Callable

import numpy as np

from eagerflow._src import backend as blas
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.api_names import tf_name
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.tensor import Tensor, convert_to_tensor, host_scalar
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import dispatch, eigen_reduce, halfprec, libm32
from eagerflow._src.ops.array import concat, static_ints, transpose
from eagerflow._src.ops.array import shape as shape_of
from eagerflow._src.ops.composite_dispatch import binds_first, dispatch_binding, dispatchable
from eagerflow._src.ops.data_flow import sharded_gather
from eagerflow._src.ops.dispatch import bind, wants
from eagerflow._src.ops.eager_errors import eager_api, eager_name, slow_inputs
from eagerflow._src.ops.graph_constants import (
    as_input,
    convert_to_tensor_v2,
    first_input,
    graph_constant,
    scope_name,
)
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.math import (
    MUL,
    REALDIV,
    SUB,
    exp,
    greater_equal,
    maximum,
    negative,
    sigmoid,
    sqrt,
    square,
    tanh,
)
from eagerflow._src.ops.math import abs as _abs
from eagerflow._src.ops.math import pow as math_pow
from eagerflow._src.ops.math import softplus as math_softplus
from eagerflow._src.ops.math_base import (
    _t,
    cast,
    identity,
    where,
    zeros_like,
)
from eagerflow._src.ops.nn_args import check_t, fail, kept, python_format
from eagerflow._src.ops.reduce import reduce_sum
from eagerflow._src.ops.registry import PACKET, BadSample, OpDef, Sample, SampleRNG, register
from eagerflow._src.ops.resource_gather import resource_gather
from eagerflow._src.ops.sequences import range as range_
from eagerflow._src.ops.shape_queries import rank
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.variables import Variable
from eagerflow._src.ops.windows import add_last_axis

# Dropout's draws: the random families load on first use (import time).
random = lazy_module("eagerflow._src.ops.random")
math_special = lazy_module("eagerflow._src.ops.math_special")
random_stateless = lazy_module("eagerflow._src.ops.random_stateless")

_rng = SampleRNG(32)  # not numpy.random: it costs import time

_FLOAT_T = (dt.float16, dt.bfloat16, dt.float32, dt.float64)
_RELU_T = (dt.float32, dt.float64, dt.int32, dt.uint8, dt.int16, dt.int8, dt.int64, dt.bfloat16,
           dt.uint16, dt.float16, dt.uint32, dt.uint64)
_BIAS_T = _RELU_T + (dt.complex64, dt.complex128)

SELU_ALPHA = 1.6732632423543772848170429916717
SELU_SCALE = 1.0507009873554804934193349852946
SELU_SCALE_ALPHA = 1.7580993408473768599402175208123  # (TF's one constant in its Selu functor)


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

def _float_attrs(name: str, a: dict) -> None:
    """An activation's attrs (alpha) are real numbers, as TF's float attrs."""
    for k, v in a.items():
        if not isinstance(v, (int, float, np.integer, np.floating)) or isinstance(v, bool):
            raise TypeError(f"Expected float for argument '{k}' not {v!r}. [Op:{name}]")


def _activation(name: str, kernel: Callable, grad: Callable, ref: Callable, types: tuple,
                samples: Callable, attrs: dict | None = None, cuda: str | None = None,
                np_kernel: Callable | None = None, half_kernel: Callable | None = None) -> OpDef:
    def infer(x: Any, **a: Any) -> list:
        _float_attrs(name, a)
        return [(x._shape, check_t(name, (x,), types))]

    def bad() -> list:
        return [BadSample((np.array(["a"], dtype=object),), dict(attrs or {}),
                          InvalidArgumentError,
                          "Value for attr 'T' of string is not in the list of allowed values")]

    # (without attrs, infer answers an input of an allowed dtype with its own shape and
    # dtype: dispatch's one-input paths skip it, as for the elementwise factories' ops)
    like = frozenset(map(id, types)) if attrs is None else frozenset()
    return register(OpDef(name, infer, kernel, grad=grad, reference=ref, samples=samples,
                          bad_samples=bad, elementwise=True, cuda=cuda, np_kernel=np_kernel,
                          half_kernel=half_kernel, like_inputs=like))


def _grad_infer(name: str, types: tuple) -> Callable:
    """infer for an activation's gradient op: (g, x) of one dtype and exactly one shape."""
    ids = frozenset(map(id, types))

    def infer(g: Any, x: Any, **a: Any) -> list:
        if a:
            _float_attrs(name, a)
        d = g._dtype  # (the common call, one allowed dtype and one shape, checked first)
        if d is not x._dtype or id(d) not in ids:
            d = check_t(name, (g, x), types)
        if g._shape != x._shape:
            C.same_shape(name, g, x)
        return [(x._shape, d)]
    return infer


def _relu_grad_kernel(xp: Any, g: Any, y: Any) -> Any:
    # a multiply by the mask, as TF's kernel (and ~10x faster in NumPy than where()); a
    # float mask written by the comparison itself spares a bool temporary and its cast
    if xp is np and g.dtype == y.dtype and g.dtype in (np.float32, np.float64):
        mask = np.greater(y, 0, out=np.empty_like(g))
        return np.multiply(g, mask, out=mask)
    if xp is not np and g.dtype == y.dtype and g.dtype in (np.float32, np.float64):
        # one launch, not a compare and a product (the same product: NaN * 0 stays NaN)
        return blas.elementwise_kernel(xp, "T g, T y", "T z", "z = g * (T)(y > 0)",
                                       "eagerflow_relu_grad")(g, y)
    return g * (y > 0)


RELU_GRAD = register(OpDef(
    "ReluGrad", _grad_infer("ReluGrad", _RELU_T), _relu_grad_kernel,
    grad=lambda n, gg: [bind(RELU_GRAD, (gg, n.inputs[1]), {}), zeros_like(n.inputs[1])],
    reference=lambda g, y: np.array([gv if yv > 0 else 0.0 for gv, yv in
                                     zip(g.ravel(), y.ravel())]).reshape(g.shape),
    samples=lambda: [Sample((_f64(3, 4), _away_from(3, 4)), grad_inputs=(0,))],
    cuda="({0} * ({1} > 0))",  # the kernel's multiply by the mask (a NaN in g stays)
))

def _relu_kernel(xp: Any, x: Any) -> Any:
    return blas.relu(xp, x)  # maximum(x, 0): NaN passes


RELU = _activation(
    "Relu", _relu_kernel, lambda n, g: [bind(RELU_GRAD, (g, n.outputs[0]), {})],
    _loop(lambda v: v if v > 0 else 0 * v), _RELU_T,
    lambda: [Sample((_away_from(3, 4),)), Sample((np.array([-3, 0, 4], np.int32),), grad=False)],
    cuda="(({0} > 0 || {0} != {0}) ? {0} : 0)",  # NaN passes, as in the kernel
    np_kernel=functools.partial(_relu_kernel, np), half_kernel=halfprec.relu)
# tf.nn.relu's eager CPU path: dispatch's one-input fast path (one frame, no bind)
_relu = dispatch.unary(RELU, first_input("Relu"))


def _daz(xp: Any, x: Any) -> Any:
    """x as TF's threads compare it: a bfloat16 denormal reads as zero."""
    return halfprec.up(x) if x.dtype.kind == "V" and halfprec.is_half(xp, x) else x


def _relu6_grad_kernel(xp: Any, g: Any, x: Any) -> Any:
    x = _daz(xp, x)
    return g * ((x > 0) & (x < 6))


RELU6_GRAD = register(OpDef(
    "Relu6Grad", _grad_infer("Relu6Grad", _RELU_T),
    _relu6_grad_kernel,
    grad=lambda n, gg: [bind(RELU6_GRAD, (gg, n.inputs[1]), {}), zeros_like(n.inputs[1])],
    reference=lambda g, x: np.array([gv if 0 < xv < 6 else 0.0 for gv, xv in
                                     zip(g.ravel(), x.ravel())]).reshape(g.shape),
    samples=lambda: [Sample((_f64(3, 4), _away_from(3, 4, points=(0.0, 6.0))), grad_inputs=(0,))],
))

RELU6 = _activation(
    "Relu6", lambda xp, x: xp.clip(x, 0, 6).astype(x.dtype, copy=False),
    lambda n, g: [bind(RELU6_GRAD, (g, n.inputs[0]), {})],
    _loop(lambda v: min(max(v, 0), 6)), _RELU_T,
    lambda: [Sample((_away_from(3, 4, points=(0.0, 6.0)),))])


def _alpha(alpha: float, dtype: Any) -> Any:
    """TF's float attrs are float32: alpha is rounded to float32 before it meets float64."""
    return dtype.type(np.float32(alpha))


def _leaky_kernel(xp: Any, x: Any, alpha: float) -> Any:
    a = _alpha(alpha, x.dtype)
    if 0 < a <= 1:  # (x > 0 ? x : a * x without a branch per value; inf * 0 is NaN)
        return xp.maximum(x, x * a)
    return blas.choose(xp, x > 0, x, x * a)


LEAKY_RELU_GRAD = register(OpDef(
    "LeakyReluGrad",
    _grad_infer("LeakyReluGrad", _FLOAT_T),
    lambda xp, g, x, alpha: blas.choose(xp, _daz(xp, x) > 0, g, g * _alpha(alpha, g.dtype)),
    grad=lambda n, gg: [bind(LEAKY_RELU_GRAD, (gg, n.inputs[1]), n.attrs),
                        zeros_like(n.inputs[1])],
    reference=lambda g, x, alpha: np.array([gv if xv > 0 else np.float32(alpha) * gv
                                            for gv, xv in
                                            zip(g.ravel(), x.ravel())]).reshape(g.shape),
    samples=lambda: [Sample((_f64(3, 4), _away_from(3, 4)), {"alpha": 0.3}, grad_inputs=(0,))],
))

LEAKY_RELU = _activation(
    "LeakyRelu", _leaky_kernel,
    lambda n, g: [bind(LEAKY_RELU_GRAD, (g, n.inputs[0]), n.attrs)],
    _loop(lambda v, alpha: v if v > 0 else float(np.float32(alpha)) * v), _FLOAT_T,
    lambda: [Sample((_away_from(3, 4),), {"alpha": 0.2}), Sample((_away_from(5),), {"alpha": 1.5})],
    attrs={"alpha": 0.2})


def elu_grad(dy: Any, y: Any) -> Any:
    """TF's EluGrad(gradients, outputs)."""
    return where(y < 0, dy * (y + 1), dy)


def _elu_grad(n: Any, g: Any) -> list:
    return [elu_grad(g, n.outputs[0])]


_EXPF = libm32.scalar("expf")


def _exp_of(xp: Any, x: Any) -> Any:
    """exp(x) as TF's functors take it: a float32 tensor of fewer than PACKET values on
    Eigen's scalar path (the C library's expf), NumPy's elsewhere."""
    return _EXPF(x) if xp is np and x.dtype == np.float32 and x.size < PACKET else xp.exp(x)


def _elu_kernel(xp: Any, x: Any) -> Any:
    if halfprec.is_half(xp, x):
        return halfprec.elu(x)
    # TF's Elu functor: exp(x) - 1 where x < 0, not expm1 (an x of -1e-8 gives 0), and x
    # itself elsewhere (-0 stays -0)
    return blas.choose(xp, x < 0, _exp_of(xp, xp.minimum(x, 0)) - 1, x)


ELU = _activation(
    "Elu", _elu_kernel, _elu_grad,
    _loop(lambda v: v if v > 0 else _pymath.expm1(v)), _FLOAT_T,
    lambda: [Sample((_away_from(3, 4),))])


def selu_grad(dy: Any, y: Any) -> Any:
    """TF's SeluGrad(gradients, outputs)."""
    return where(y < 0, dy * (y + SELU_SCALE * SELU_ALPHA), dy * SELU_SCALE)


def _selu_grad(n: Any, g: Any) -> list:
    return [selu_grad(g, n.outputs[0])]


def _selu_kernel(xp: Any, x: Any) -> Any:
    if halfprec.is_half(xp, x):
        return halfprec.selu(x)
    # TF's Selu functor: scale_alpha * (exp(x) - 1) where x < 0 (one constant, exp not
    # expm1), scale * x elsewhere (-0 stays -0)
    neg = (x.dtype.type(SELU_SCALE_ALPHA) * (_exp_of(xp, xp.minimum(x, 0)) - 1)).astype(
        x.dtype, copy=False)
    pos = (x.dtype.type(SELU_SCALE) * x).astype(x.dtype, copy=False)
    return blas.choose(xp, x < 0, neg, pos)


SELU = _activation(
    "Selu", _selu_kernel, _selu_grad,
    _loop(lambda v: SELU_SCALE * (v if v > 0 else SELU_ALPHA * _pymath.expm1(v))), _FLOAT_T,
    lambda: [Sample((_away_from(3, 4),))])

def softsign_grad(dy: Any, x: Any) -> Any:
    """TF's SoftsignGrad(gradients, features)."""
    return dy / square(1 + _abs(x))


def _softsign_kernel(xp: Any, x: Any) -> Any:
    if x.dtype.itemsize == 2 and halfprec.is_half(xp, x):
        return halfprec.softsign(x)
    return x / (1 + xp.abs(x))


SOFTSIGN = _activation(
    "Softsign", _softsign_kernel,
    lambda n, g: [softsign_grad(g, n.inputs[0])],
    _loop(lambda v: v / (1 + (v if v >= 0 else -v))), _FLOAT_T,
    lambda: [Sample((_away_from(3, 4),))])


@dispatchable
def relu(features: Any, name: str | None = None) -> Any:
    """max(features, 0)."""
    return _relu(features, name)


@dispatchable
@binds_first
def relu6(features: Any, name: str | None = None) -> Any:
    """min(max(features, 0), 6)."""
    return bind(RELU6, (_t(features),), {}, eager_name(name))  # (TF's "Relu6" scope)


@dispatchable
@binds_first
def leaky_relu(features: Any, alpha: float = 0.2, name: str | None = None) -> Any:
    """features where positive, alpha * features elsewhere."""
    x = _t(features)
    if x._dtype.is_integer:
        x = cast(x, dt.float32)
    if isinstance(alpha, np.ndarray):  # (TF's wrapper takes an array's one item)
        alpha = alpha.item()
    # (None is the attr's default, as TF's fast path takes it)
    alpha = AV.wrapper_attrs("LeakyRelu", alpha=alpha)["alpha"]
    return bind(LEAKY_RELU, (x,), {"alpha": float(alpha)},
                eager_name(name))  # (made in TF's "LeakyRelu" scope)


@dispatchable
@slow_inputs("features")  # (a list or NumPy scalar: TF's wrapper's slow path)
def elu(features: Any, name: str | None = None) -> Any:
    """Exponential linear unit: x if x > 0 else exp(x) - 1."""
    return bind(ELU, (as_input(features, "features"),), {}, name)


@dispatchable
@slow_inputs("features")  # (a list or NumPy scalar: TF's wrapper's slow path)
def selu(features: Any, name: str | None = None) -> Any:
    """Scaled exponential linear unit (Klambauer et al., 2017)."""
    return bind(SELU, (as_input(features, "features"),), {}, name)


@dispatchable
@slow_inputs("features")  # (a list or NumPy scalar: TF's wrapper's slow path)
def softsign(features: Any, name: str | None = None) -> Any:
    """features / (abs(features) + 1)."""
    return bind(SOFTSIGN, (_t(features),), {}, name)


def _float_features(x: Any, what: str = "features") -> Any:
    x = _t(x)
    if not x._dtype.is_floating:
        raise ValueError(f"`{what}.dtype` must be a floating point tensor.Received:{what}.dtype="
                         f"{x._dtype!s}")  # (TF formats the DType: <dtype: 'int32'>)
    return x


def _const(value: float, like: Any) -> Any:
    """A constant of `like`'s dtype, rounded once from the exact Python value."""
    if not (like._dtype.is_floating or like._dtype.is_complex):
        return convert_to_tensor(value, dtype=like._dtype)  # TF's range and type checks
    return host_scalar(np.asarray(value, dtype=like._dtype.as_numpy_dtype), like._dtype)


@dispatchable
@binds_first
def gelu(features: Any, approximate: bool = False, name: str | None = None) -> Any:
    """Gaussian error linear unit: x * Phi(x), exactly (erf) or with the tanh approximation."""
    return _gelu_tf(_float_features(features), approximate)


def _gelu_tf(x: Any, approximate: bool) -> Any:
    """tf.nn.gelu's ops in TF's order, so its values and every order of its gradient are
    TF's in each type (TF casts a float32 constant: a float64 gelu multiplies by
    float32(1/sqrt(2)), and the exact form is erfc(-x * c), not 1 + erf(x * c))."""
    if approximate:
        coeff = _const(float(np.float32(0.044715)), x)
        inner = x + coeff * math_pow(x, _const(3.0, x))
        return 0.5 * x * (1.0 + tanh(_const(0.7978845608028654, x) * inner))
    return 0.5 * x * math_special.erfc(-x * _const(float(np.float32(0.7071067811865476)), x))


# tf.nn.silu's function with TF's custom gradient (its own formula, rounding otherwise than
# the derivative of x * sigmoid(beta * x) would): autodiff/custom_gradient.py installs it,
# a custom gradient being autodiff's, above the ops
SWISH: list = []


@dispatchable
@binds_first
def silu(features: Any, beta: Any = 1.0) -> Any:
    """x * sigmoid(beta * x) (swish), differentiated as TF's custom gradient does."""
    x = _t(features)
    # (as TF: beta a tensor of its own type first, then cast: 1.7 is float32's for float64)
    b = cast(convert_to_tensor_v2(beta, name="beta"), x._dtype)
    if SWISH:
        return SWISH[0](x, b)
    return x * sigmoid(b * x)


swish = silu


@dispatch_binding
def softplus(features: Any, name: str | None = None) -> Any:
    """log(exp(features) + 1), stable for large |features| (tf.math's and tf.nn's)."""
    return math_softplus(features, name)


@dispatch_binding
def crelu(features: Any, axis: int = -1, name: str | None = None) -> Any:
    """Concatenated ReLU: relu(x) next to relu(-x) along `axis`."""
    if _state.graph is None:  # (TF names its ConcatV2 by its name scope: "" eagerly)
        x = _t(features)
        return relu(concat([x, negative(x)], axis, name=""))
    with name_scope(name or "CRelu"):  # (TF's scope: its Neg, ConcatV2 and Relu in it)
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
    if x.dtype.itemsize == 2 and halfprec.is_half(xp, x):
        return eigen_reduce.softmax(x, False)
    e = x - x.max(axis=-1, keepdims=True)
    xp.exp(e, out=e)  # (in place: a second 1M-value array costs its page faults, ~15%)
    e /= e.sum(axis=-1, keepdims=True)
    return e


def _log_softmax_kernel(xp: Any, x: Any) -> Any:
    if x.size == 0:
        return x.copy()
    if x.dtype.itemsize == 2 and halfprec.is_half(xp, x):
        return eigen_reduce.softmax(x, True)
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


def _softmax_bad() -> list:
    return [BadSample((np.array(1.0),), {}, InvalidArgumentError,
                      "logits must have >= 1 dimension, got []"),
            BadSample((np.array([1, 2], np.int32),), {}, InvalidArgumentError,
                      "Value for attr 'T' of int32")]

SOFTMAX = register(OpDef(
    "Softmax", _softmax_infer("Softmax"), _softmax_kernel, grad=_softmax_grad,
    reference=_softmax_ref,
    samples=lambda: [Sample((_f64(3, 4),)), Sample((_f64(2, 2, 5),)),
                     Sample((np.array([[1e4, 0.0, -1e4]]),), grad=False)],
    bad_samples=_softmax_bad))
LOG_SOFTMAX = register(OpDef(
    "LogSoftmax", _softmax_infer("LogSoftmax"), _log_softmax_kernel, grad=_log_softmax_grad,
    reference=_log_softmax_ref,
    samples=lambda: [Sample((_f64(3, 4),)), Sample((_f64(5),)),
                     Sample((np.array([[1e4, 0.0, -1e4]]),), grad=False)],
    bad_samples=_softmax_bad))


def _swap_last(x: Any, axis: Any) -> tuple:
    """`x` with `axis` swapped with the last axis, and the permutation (None if unchanged)."""
    n = len(x._shape)
    if not -n <= axis < n:
        # TF raises this in Python, before any op runs: it names no op; an axis these
        # comparisons refuse (None, a string, a list) is their TypeError, as in TF
        raise InvalidArgumentError(None, None, f"`dim` must be in the range [{-n}, {n}) where "
                                               f"{n} is the number of dimensions in the input. "
                                               f"Received: dim={axis}")
    axis = int(axis) % n
    if axis == n - 1:
        return x, None
    perm = list(range(n))
    perm[axis], perm[-1] = perm[-1], perm[axis]
    return transpose(x, perm), perm


def _over_axis(op: OpDef, logits: Any, axis: Any, name: str | None = None) -> Any:
    x = _t(logits)
    # (TF's test: the axis is the last one, -1 or rank - 1; a scalar's other axes fail the
    # range check below, its -1 the kernel's rank check)
    if axis is None or axis == -1 or x._shape is None or axis == len(x._shape) - 1:
        return bind(op, (x,), {}, name)
    y, perm = _swap_last(x, axis)
    out = bind(op, (y,), {})
    return out if perm is None else transpose(out, perm, name=name or "transpose")  # (TF: the last)


@dispatchable
@binds_first
def softmax(logits: Any, axis: int | None = None, name: str | None = None) -> Any:
    """exp(logits) / sum(exp(logits), axis), with the max subtracted first."""
    return _over_axis(SOFTMAX, logits, axis, name)


@dispatch_binding
def log_softmax(logits: Any, axis: int | None = None, name: str | None = None) -> Any:
    """logits - log(sum(exp(logits), axis)), computed without overflow."""
    return _over_axis(LOG_SOFTMAX, logits, axis, name)

# ---------------------------------------------------------------------------------------
# bias_add.
# ---------------------------------------------------------------------------------------

def _bias_axis(ndim: int, data_format: str) -> int:
    return 1 if data_format == "NCHW" else ndim - 1


def _bias_add_infer(x: Any, b: Any, data_format: str = "NHWC", op: str = "BiasAdd") -> list:
    # (pure in the dtypes, shapes and attrs: kept by them, as a training step repeats them)
    return [(x._shape, kept((op, x._dtype, b._dtype, x._shape, b._shape, data_format),
                            _bias_add_check, x, b, data_format, op))]


def _bias_add_check(x: Any, b: Any, data_format: str, op: str) -> dt.DType:
    d = check_t(op, (x, b), _BIAS_T)
    if x._shape is not None and len(x._shape) < 2:
        raise fail(op, f"Input tensor must be at least 2D: {C.shape_str(x._shape)}")
    if b._shape is not None and len(b._shape) != 1:
        raise fail(op, f"Biases must be 1D: {C.shape_str(b._shape)}")
    if x._shape is not None and b._shape is not None:
        c = x._shape[_bias_axis(len(x._shape), data_format)]
        if None not in (c, b._shape[0]) and c != b._shape[0]:
            where_ = "channel" if data_format == "NCHW" else "last"
            raise fail(op, f"Must provide as many biases as the {where_} dimension of the "
                           f"input tensor: {C.shape_str(b._shape)} vs. "
                           f"{C.shape_str(x._shape)}")
    return d


def _bias_add_kernel(xp: Any, x: Any, b: Any, data_format: str) -> Any:
    if data_format == "NCHW":
        return x + b.reshape((-1,) + (1,) * (x.ndim - 2))
    return add_last_axis(xp, x, b)


def _bias_add_ref(x: np.ndarray, b: np.ndarray, data_format: str) -> np.ndarray:
    out = x.copy()
    ax = _bias_axis(x.ndim, data_format)
    for idx in np.ndindex(*x.shape):
        out[idx] = x[idx] + b[idx[ax]]
    return out


def _bias_grad_infer(g: Any, data_format: str) -> list:
    return [kept(("BiasAddGrad", g._dtype, g._shape, data_format), _bias_grad_check, g,
                 data_format)]


def _bias_grad_check(g: Any, data_format: str) -> tuple:
    d = check_t("BiasAddGrad", (g,), _BIAS_T)
    if g._shape is not None and len(g._shape) < 2:
        raise fail("BiasAddGrad", f"Input tensor must be at least 2D: {C.shape_str(g._shape)}")
    c = None if g._shape is None else g._shape[_bias_axis(len(g._shape), data_format)]
    return (c,), d


def _bias_grad_kernel(xp: Any, g: Any, data_format: str) -> Any:
    ax = _bias_axis(g.ndim, data_format)
    if g.dtype.itemsize == 2 and halfprec.is_half(xp, g):  # a float32 sum, as TF's
        return eigen_reduce.bias_grad(g, ax)
    if xp is np and ax == g.ndim - 1 and g.dtype.kind == "f" and g.dtype.itemsize >= 4 and \
            g.size:
        rows = g.reshape(-1, g.shape[-1])
        if rows.shape[0] <= blas.EXACT_BIAS_GRAD_ROWS:
            return _rows_in_turn(rows)
        # many rows: one BLAS vector-matrix product, ~10x faster than a strided sum
        return blas.matmul(xp, xp.ones(rows.shape[0], g.dtype), rows)
    axes = _all_axes_but(g.ndim, ax)
    s = blas.sum_run(xp, g, axes, False, on_cpu=False)  # (a device's: one product)
    if s is not None:
        return s
    if xp is not np:  # (a device's sum sets no floating-point flags: no errstate, which is
        return g.sum(axis=axes).astype(g.dtype, copy=False)  # ~200 bytecodes of NumPy's)
    with np.errstate(all="ignore"):  # inf - inf is nan, silently, as in TF
        return g.sum(axis=axes).astype(g.dtype, copy=False)


def _rows_in_turn(rows: np.ndarray) -> np.ndarray:
    """Channels last: TF's BiasAddGrad (ReduceOuterDimensions) adds each channel's values
    row after row from zero, as NumPy's sum over the rows of a C-ordered matrix does; one
    channel is a single run, which NumPy would sum pairwise, so it runs as a cumulative
    sum. (Checked against TF 2.21 up to 5000 x 64 values.)"""
    with np.errstate(all="ignore"):  # inf - inf is nan, silently, as in TF
        if rows.shape[1] == 1:
            return np.cumsum(rows[:, 0])[-1:]
        return np.ascontiguousarray(rows).sum(axis=0)


@functools.lru_cache(maxsize=64)
def _all_axes_but(ndim: int, ax: int) -> tuple:
    return tuple(i for i in range(ndim) if i != ax)


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
    samples=lambda: [Sample((_f64(2, 3, 4),), {"data_format": "NHWC"}),
                     Sample((_f64(2, 3, 4, 2),), {"data_format": "NCHW"})],
    bad_samples=lambda: [BadSample((np.ones(3),), {"data_format": "NHWC"}, InvalidArgumentError,
                                   "Input tensor must be at least 2D: [3]")],
))

BIAS_ADD = register(OpDef(
    "BiasAdd", _bias_add_infer, _bias_add_kernel,
    grad=lambda n, g: [g, bind(BIAS_ADD_GRAD, (g,), n.attrs) if wants(n, 1) else None],
    reference=_bias_add_ref,
    samples=lambda: [Sample((_f64(2, 3), _f64(3)), {"data_format": "NHWC"}),
                     Sample((_f64(2, 3, 2, 2), _f64(3)), {"data_format": "NCHW"}),
                     Sample((np.array([[1, 2], [3, 4]], np.int32), np.array([5, 6], np.int32)),
                            {"data_format": "NHWC"}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((2, 4)), np.ones(3)), {"data_format": "NHWC"},
                  InvalidArgumentError, "Must provide as many biases as the last "
                                        "dimension of the input tensor: [3] vs. [2,4]"),
        BadSample((np.ones(3), np.ones(3)), {"data_format": "NHWC"},
                  InvalidArgumentError, "Input tensor must be at least 2D: [3]"),
        BadSample((np.ones((2, 3)), np.ones((1, 3))), {"data_format": "NHWC"},
                  InvalidArgumentError, "Biases must be 1D: [1,3]"),
        BadSample((np.ones((2, 3)), np.ones(3, np.float32)), {"data_format": "NHWC"},
                  InvalidArgumentError, "was expected to be a double tensor")],
))


def _bias_add_v1_grad(n: Any, g: Any) -> list:
    """TF's: the bias's gradient summed over every axis but the last, by a Range of the
    gradient's rank less one."""
    return [g, reduce_sum(g, range_(0, rank(g) - 1, 1))]


# BiasAddV1: BiasAdd's first version, channels last always
BIAS_ADD_V1 = register(OpDef(
    "BiasAddV1", lambda x, b: _bias_add_infer(x, b, op="BiasAddV1"),
    lambda xp, x, b: _bias_add_kernel(xp, x, b, "NHWC"), grad=_bias_add_v1_grad,
    reference=lambda x, b: _bias_add_ref(x, b, "NHWC"),
    samples=lambda: [Sample((_f64(2, 3), _f64(3)), {}), Sample((_f64(2, 3, 2, 4), _f64(4)), {}),
                     Sample((np.array([[1, 2], [3, 4]], np.int32), np.array([5, 6], np.int32)),
                            {}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((2, 4)), np.ones(3)), {}, InvalidArgumentError,
                  "Must provide as many biases as the last dimension of the input tensor: [3] "
                  "vs. [2,4]"),
        BadSample((np.ones(3), np.ones(3)), {}, InvalidArgumentError,
                  "Input tensor must be at least 2D: [3]"),
        BadSample((np.ones((2, 3)), np.ones((1, 3))), {}, InvalidArgumentError,
                  "Biases must be 1D: [1,3]")],
))


# (TF's opens a name scope, empty eagerly: its errors name no name; eagerly it hands its op
# value and bias as given: a list among them is its wrapper's slow path)
@dispatch_binding
@eager_api("value", "bias", scoped=True)
def bias_add(value: Any, bias: Any, data_format: str | None = None,
             name: str | None = None) -> Any:
    """value + bias, with bias along the channel axis (last, or 1 for "NC..." formats)."""
    if data_format is not None:
        data_format = C.string_arg(python_format(data_format), "data_format", "startswith")
        if data_format.startswith("NC"):
            data_format = "NCHW"
        elif data_format.startswith("N") and data_format.endswith("C"):
            data_format = "NHWC"
        else:
            raise ValueError(f"`data_format` must be of the form `N...C` or `NC...`. Received: "
                             f"data_format={data_format}")
    x = _t(value)
    graph = _state.graph
    if graph is not None:
        # TF's wrapper converts the bias to the value's dtype while a graph is built (a
        # float64 bias is the conversion's ValueError there, the kernel's error eagerly)
        b = convert_to_tensor(bias, dtype=x._dtype, name="bias")
    else:
        b = convert_to_tensor(bias, dtype_hint=x._dtype) if not isinstance(bias, Tensor) else bias
    if graph is not None and not (name or "").endswith("/"):
        # TF's makes its op inside a "BiasAdd" name scope: a tape's gradient goes under it
        name = graph.unique_name(name or "BiasAdd") + "/"
    return bind(BIAS_ADD, (x, b), {"data_format": data_format or "NHWC"}, eager_name(name))

# ---------------------------------------------------------------------------------------
# embedding_lookup.
# ---------------------------------------------------------------------------------------

def lookup_parts(params: Any, ids: Any, partition_strategy: str, max_norm: Any,
                 name: str | None) -> Any:
    """TF's embedding lookup: rows of one table, or of a table split into the parts of a
    list (or a TF 1 PartitionedVariable), routed by `partition_strategy`."""
    if params is None:
        raise ValueError("params must be specified")
    parts = getattr(params, "_variable_list", None)  # a TF 1 PartitionedVariable's parts
    if parts is not None:
        params = list(parts)
    if isinstance(params, (list, tuple)) and not params:
        raise ValueError("Length of params is currently 0. Need at least one param.")
    if not isinstance(params, list):  # (TF's: a tuple is one table, not its parts)
        params = [params]
    if len(params) == 1 and isinstance(params[0], Variable) and _state.graph is not None \
            and not params[0]._ref_nodes:  # (a reference variable's: its snapshot's gather)
        # a lookup of a variable in a graph, as TF's: its ResourceGather named by the
        # scope and colocated with the handle it captures, then an Identity in that scope
        # (ids given as Python values are its constant "ids")
        with name_scope(name or "embedding_lookup") as scope:
            ids = ids if isinstance(ids, Tensor) else graph_constant(ids, name="ids")
            out = resource_gather(params[0], ids, scope, colocate=True)
            return identity(_clipped(out, ids, max_norm))
    ids = _t(ids)
    if len(params) == 1:
        p = params[0]  # (a variable's eager lookup is its ResourceGather)
        out = resource_gather(p, ids) if isinstance(p, Variable) else gather(_t(p), ids)
    else:
        with name_scope(name or "embedding_lookup"):  # (TF's scope for a graph's nodes)
            out = sharded_gather([_t(p) for p in params], ids, partition_strategy)
    return _clipped(out, ids, max_norm)


def _clipped(out: Any, ids: Any, max_norm: Any) -> Any:
    """Looked-up rows `out` rescaled to an l2 norm of at most `max_norm` (None: as they
    are)."""
    if max_norm is None:
        return out
    n_ids = len(ids._shape)
    axes = list(range(n_ids, len(out._shape)))
    if not axes and (out._dtype.is_floating or out._dtype.is_complex):
        norm = _abs(out)
    else:  # (before max_norm is read, as TF's clip_by_norm: an int table is Sqrt's refusal)
        norm = sqrt(reduce_sum(square(out), axis=axes, keepdims=True))
    clip = _const(float(max_norm), out)
    return out * clip / maximum(norm, clip)


@dispatchable
@binds_first
def embedding_lookup(params: Any, ids: Any, max_norm: Any = None, name: str | None = None) -> Any:
    """Rows of `params` at `ids`; a list of tensors is one table sharded by row ranges
    (TF 2's "div" partitioning). With `max_norm`, each looked-up embedding is rescaled to
    an l2 norm of at most max_norm."""
    return lookup_parts(params, ids, "div", max_norm, name)


@dispatch_binding
@tf_name("embedding_lookup")
def embedding_lookup_v1(params: Any, ids: Any, partition_strategy: str = "mod",
                        name: str | None = None, validate_indices: bool = True,
                        max_norm: Any = None) -> Any:
    """tf.compat.v1.nn.embedding_lookup: TF 2's lookup with TF 1's `partition_strategy`
    ("mod" by default: id i in part i % len(params)); `validate_indices` is TF's unused
    argument (ids are always checked)."""
    del validate_indices
    return lookup_parts(params, ids, partition_strategy, max_norm, name)

# ---------------------------------------------------------------------------------------
# dropout.
# ---------------------------------------------------------------------------------------

@dispatchable
@binds_first
def dropout(x: Any, rate: Any, noise_shape: Any = None, seed: Any = None,
            name: str | None = None) -> Any:
    """Zeroes elements with probability `rate` and scales the rest by 1 / (1 - rate).

    The gradient is the same mask and scale applied to the incoming gradient.
    """
    return _dropout(x, rate, noise_shape,
                    lambda shape, dtype: random.uniform(shape, dtype=dtype, seed=seed),
                    name, "dropout", lambda: random.get_seed(seed))


@dispatchable
def stateless_dropout(x: Any, rate: Any, seed: Any, rng_alg: Any = None, noise_shape: Any = None,
                      name: str | None = None) -> Any:
    """tf.nn.experimental.stateless_dropout: dropout whose mask depends only on `seed`."""
    return _dropout(x, rate, noise_shape, lambda shape, dtype: random_stateless.stateless_uniform(
        shape, seed, dtype=dtype, alg=rng_alg), name, "stateless_dropout")


def general_dropout(x: Any, rate: Any, uniform_sampler: Any, noise_shape: Any = None,
                    name: str | None = None) -> Any:
    """tf.nn.experimental.general_dropout: dropout whose uniform draws come from
    `uniform_sampler(shape=, dtype=)`."""
    return _dropout(x, rate, noise_shape, uniform_sampler, name, "general_dropout")


def _dropout(x: Any, rate: Any, noise_shape: Any, sampler: Any, name: str | None = None,
             default: str = "dropout", dummy_step: Callable | None = None) -> Any:
    """TF's dropout: x scaled by 1 / (1 - rate) where a uniform draw of the noise shape
    (from `sampler(shape=, dtype=)`) is >= rate, else 0. While a graph is built, its
    nodes are TF's, in its scope (`name`, else `default`)."""
    if _state.graph is not None:
        with name_scope(scope_name(name, default) + "/"):
            return _graph_dropout(x, rate, noise_shape, sampler, dummy_step)
    x = _t(x)
    if not x._dtype.is_floating:
        raise ValueError(f"`x.dtype` must be a floating point tensor as `x` will be scaled. "
                         f"Received: x_dtype={x._dtype}")
    if isinstance(rate, numbers.Real):  # (a bool too, as TF's: False is a rate of 0)
        if not 0 <= rate < 1:
            raise ValueError(f"`rate` must be a scalar tensor or a float in the range [0, 1). "
                             f"Received: rate={rate}")
        if rate == 0:
            return x
        ret = x * _const(1 / (1 - rate), x)  # the scale in double, then in x's dtype (as TF)
        rate_t = _const(float(rate), x)
    else:
        rate_t = _rate_tensor(rate, x._dtype)
        ret = x / (1.0 - rate_t)
    shape = None if x._shape is None else tuple(x._shape)
    if noise_shape is not None:
        ns = static_ints(noise_shape, "noise_shape")
        if shape is not None and len(ns) == len(shape):
            ns = tuple(s if n is None else n for n, s in zip(ns, shape))
        shape = ns
    if shape is None or None in shape:
        runtime = shape_of(x)
        shape = runtime if shape is None else stack(
            [runtime[i] if d is None else d for i, d in enumerate(shape)])
    keep_mask = greater_equal(sampler(shape=shape, dtype=x._dtype), rate_t)
    return where(keep_mask, ret, _const(0, x))  # (a scalar zero, as TF: its errors show [])


def _rate_tensor(rate: Any, d: dt.DType) -> Any:
    """A rate given as a tensor, checked as TF's dropout checks it: a scalar whose dtype
    is x's (a compatible one is cast); a rate that is neither a number nor a tensor (a
    list, an array) is refused."""
    if not isinstance(rate, (Tensor, Variable)):
        raise ValueError(f"`rate` must be a scalar or scalar tensor. Received: rate={rate}")
    if rate.shape.rank is not None and rate.shape.rank != 0:
        raise ValueError(f"Shape {rate.shape} must have rank 0")
    if rate.dtype is not d:
        if not rate.dtype.is_compatible_with(d):
            raise ValueError(f"`x.dtype` must be compatible with `rate.dtype`. Received: "
                             f"x.dtype={d} and rate.dtype={rate.dtype}")
        rate = cast(rate, d, name="rate")
    return rate


def _graph_dropout(x: Any, rate: Any, noise_shape: Any, sampler: Any,
                   dummy_step: Callable | None) -> Any:
    """_dropout's nodes as TF's API makes them in its scope: the scale Const and Mul (a
    tensor rate: 1 - rate and RealDiv), the noise shape (x's "Shape"), the sampler's draw,
    GreaterEqual against the rate, and SelectV2 with a zero Const. A rate of 0 given as a
    number is x itself (tf.nn.dropout still takes an op seed, as TF's dummy step)."""
    number = isinstance(rate, numbers.Real)
    if number and not 0 <= rate < 1:
        raise ValueError(f"`rate` must be a scalar tensor or a float in the range [0, 1). "
                         f"Received: rate={rate}")
    x = convert_to_tensor_v2(x, name="x")
    d = x._dtype
    if not d.is_floating:
        raise ValueError(f"`x.dtype` must be a floating point tensor as `x` will be scaled. "
                         f"Received: x_dtype={d}")
    if number and rate == 0:
        if dummy_step is not None:
            dummy_step()
        return x
    if not isinstance(rate, Tensor) and number:
        ret = bind(MUL, (x, graph_constant(1 / (1 - rate), d)), {})
    else:
        rate = _rate_tensor(rate, d)
        ret = bind(REALDIV, (x, bind(SUB, (graph_constant(1, d), rate), {})), {}, "RealDiv")
    shape = None if x._shape is None else tuple(x._shape)
    if noise_shape is None or isinstance(noise_shape, Tensor):
        shape = shape_of(x) if noise_shape is None else noise_shape
    else:
        ns = static_ints(noise_shape, "noise_shape")
        if shape is not None and len(ns) == len(shape):
            ns = tuple(s if n is None else n for n, s in zip(ns, shape))
        shape = ns
        if None in shape:
            runtime = shape_of(x)
            shape = stack([runtime[i] if n is None else n for i, n in enumerate(shape)])
    keep_mask = sampler(shape=shape, dtype=d) >= rate
    return where(keep_mask, ret, graph_constant(0, d))
