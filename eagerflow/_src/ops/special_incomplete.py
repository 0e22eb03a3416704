"""The regularized incomplete gamma and beta functions: tf.math.igamma, igammac and betainc,
and IgammaGradA (d igamma / da, the gradient wrt a that TF registers).

Sits in the ops layer beside special_functions.py and loads on first use (op_index.py).
Igamma, Igammac and IgammaGradA are special_igamma.py's kernels, Betainc
special_betainc.py's (Eigen's series and continued fractions over arrays: TF's bits on
the CPU), on every backend; the scalar functions of special_scalars.py are every op's
reference. Gradients are TF's: igamma's wrt x is exp(-x + (a - 1) log x - lgamma(a)),
betainc's only wrt x.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import special_betainc, special_igamma, wrapper_inputs
from eagerflow._src.ops import special_scalars as S
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.elementwise import _elementwise_ref, binary_args
from eagerflow._src.ops.math import exp, log, sum_to
from eagerflow._src.ops.math_special import (
    _quiet,
    lgamma,
    xlog1py,
    xlogy,
)
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_rng = SampleRNG(89)
_GAMMA_T = frozenset((dt.bfloat16, dt.float16, dt.float32, dt.float64))
_F32_F64 = frozenset((dt.float32, dt.float64))
_KERNELS = (dt.float64, dt.float32)
_A_EDGES = np.array([0.5, 1.0, 2.0, 0.0, -1.0, 3.0, np.inf, 2.0, 2.0, 1e-3, 50.0, np.nan])
_X_EDGES = np.array([0.3, 1.0, 0.0, 1.0, 1.0, -1.0, 1.0, np.inf, np.nan, 2.0, 45.0, 1.0])


def _gamma_infer(op: str, allowed: frozenset) -> Callable:
    def infer(a: Any, x: Any) -> list:
        d = a._dtype
        if d in allowed and d not in _KERNELS:  # (the half types: TF 2.21 lists its XLA
            # kernel first; its kernel lookup, by the first input's dtype, comes before the
            # second input's dtype and the shapes are checked)
            raise C.no_kernel(op, f"T={C.dt_enum(d)}", _KERNELS, others=(
                ("XLA_CPU_JIT", "T in [DT_FLOAT, DT_DOUBLE, DT_BFLOAT16, DT_HALF]"),))
        d = C.same_dtype(op, (a, x), allowed)
        return [(C.broadcast(op, a._shape, x._shape), d)]
    return infer


def _gamma_samples() -> list:
    # (no second order: TF registers no gradient for IgammaGradA, the gradient wrt a.
    # IgammaGradA's float32 on a device is TF's float32 arithmetic, up to some 50 ulps from
    # the reference's float64 in Q's fraction: special_igamma.py)
    u = _rng.uniform
    return [Sample((u(0.5, 3.0, size=(3, 4)), u(0.2, 4.0, size=(3, 4))), second_order=False),
            Sample((u(0.5, 3.0, size=(2, 1)), u(0.2, 4.0, size=(3,))), second_order=False),
            Sample((np.float32(1.5), _rng.uniform(0.2, 4.0, size=(4,)).astype(np.float32)),
                   grad=False, rtol=8e-6),
            Sample((_A_EDGES, _X_EDGES), grad=False)]


def _gamma_bad(op: str, allowed: str) -> Callable:
    return lambda: [
        BadSample((np.ones(2, np.int32), np.ones(2, np.int32)), {}, InvalidArgumentError,
                  f"Value for attr 'T' of int32 is not in the list of allowed values: {allowed}"),
        BadSample((np.ones(2, np.float32), np.ones(2)), {}, InvalidArgumentError,
                  f"cannot compute {op} as input #1(zero-based) was expected to be a float "
                  f"tensor but is a double tensor"),
        BadSample((np.ones((2, 3)), np.ones(4)), {}, InvalidArgumentError,
                  "Incompatible shapes: [2,3] vs. [4]"),
        BadSample((np.ones(2, np.float16), np.ones(2, np.float16)), {},
                  NotFoundError if "half" in allowed else InvalidArgumentError,
                  f"{{{{node {op}}}}} = {op}[T=DT_HALF]" if "half" in allowed else
                  "Value for attr 'T' of half is not in the list of allowed values")]


def _gamma_x_grad(a: Any, x: Any) -> Any:
    return exp(-x + (a - 1) * log(x) - lgamma(a))


def _igamma_grad(sign: float) -> Callable:
    def grad(n: Any, g: Any) -> list:
        a, x = n.inputs
        return [sum_to(sign * g * igamma_grad_a(a, x), a),
                sum_to(sign * g * _gamma_x_grad(a, x), x)]
    return grad


IGAMMA = register(OpDef(
    "Igamma", _gamma_infer("Igamma", _GAMMA_T), _quiet(special_igamma.igamma),
    grad=_igamma_grad(1.0),
    reference=_elementwise_ref(S.igamma), samples=_gamma_samples,
    bad_samples=_gamma_bad("Igamma", "bfloat16, half, float, double"),
))
IGAMMAC = register(OpDef(
    "Igammac", _gamma_infer("Igammac", _GAMMA_T), _quiet(special_igamma.igammac),
    grad=_igamma_grad(-1.0),
    reference=_elementwise_ref(S.igammac), samples=_gamma_samples,
    bad_samples=_gamma_bad("Igammac", "bfloat16, half, float, double"),
))
IGAMMA_GRAD_A = register(OpDef(
    "IgammaGradA", _gamma_infer("IgammaGradA", _F32_F64),
    _quiet(special_igamma.igamma_grad_a),
    reference=_elementwise_ref(S.igamma_grad_a), samples=_gamma_samples,
    bad_samples=_gamma_bad("IgammaGradA", "float, double"),
))


# -- Betainc: a, b and x of one shape, or scalars (TF's op does not broadcast further) ----

def _betainc_infer(a: Any, b: Any, x: Any) -> list:
    d = C.same_dtype("Betainc", (a, b, x), _F32_F64)
    shape: tuple | None = ()
    for name, t in (("a", a), ("b", b), ("x", x)):
        s = t._shape
        if s is None or s == ():
            shape = None if s is None and shape == () else shape
            continue
        if shape in ((), None):
            shape, first = s, name
        elif not C.compatible(shape, s):
            raise C.fail("Betainc", f"Shapes of {first} and {name} are inconsistent: "
                                    f"{C.shape_str(shape)} vs. {C.shape_str(s)}")
    return [(shape, d)]


def _betainc_grad(n: Any, g: Any) -> list:
    a, b, x = n.inputs
    log_beta = lgamma(a) + lgamma(b) - lgamma(a + b)
    dx = exp(xlog1py(b - 1, -x) + xlogy(a - 1, x) - log_beta)
    return [None, None, sum_to(g * dx, x)]


def _betainc_samples() -> list:
    u = _rng.uniform
    return [Sample((u(0.5, 4.0, size=(2, 3)), u(0.5, 4.0, size=(2, 3)), u(0.05, 0.95, (2, 3))),
                   grad_inputs=(2,)),
            Sample((np.float64(2.0), np.float64(3.0), u(0.05, 0.95, size=(4,))),
                   grad_inputs=(2,)),
            Sample((np.array([0.5, 1.0, 2.0, 0.0, -1.0, 3.0, 2.0, 2.0, 1.0, np.nan]),
                    np.array([0.5, 2.0, 3.0, 1.0, 1.0, 1.0, 2.0, 2.0, 0.0, 1.0]),
                    np.array([0.3, 0.0, 1.0, 0.5, 0.5, 0.5, -0.1, 1.1, 0.5, 0.5])), grad=False),
            Sample((np.float32(2.0), u(0.5, 4.0, size=(3,)).astype(np.float32),
                    np.float32(0.25)), grad=False)]


BETAINC = register(OpDef(
    "Betainc", _betainc_infer, _quiet(special_betainc.betainc), grad=_betainc_grad,
    reference=_elementwise_ref(S.betainc), samples=_betainc_samples,
    bad_samples=lambda: [
        BadSample((np.ones((2, 3)), np.ones(3), np.ones((2, 3))), {}, InvalidArgumentError,
                  "Shapes of a and b are inconsistent: [2,3] vs. [3]"),
        BadSample((np.ones(2, np.float16),) * 3, {}, InvalidArgumentError,
                  "Value for attr 'T' of half is not in the list of allowed values: "
                  "float, double"),
        BadSample((np.ones(2, np.float32), np.ones(2, np.float32), np.ones(2, np.float16)), {},
                  InvalidArgumentError, "cannot compute Betainc as input #2(zero-based) was "
                                        "expected to be a float tensor but is a half tensor")],
))


# -- Public functions ---------------------------------------------------------------------

@eager_api("a", "x")  # (a list or NumPy scalar: TF's wrapper's slow path)
def igamma(a: Any, x: Any, name: str | None = None) -> Any:
    """The regularized lower incomplete gamma function P(a, x)."""
    a, x = binary_args(a, x)
    return bind(IGAMMA, (a, x), {}, name)


@eager_api("a", "x")  # (a list or NumPy scalar: TF's wrapper's slow path)
def igammac(a: Any, x: Any, name: str | None = None) -> Any:
    """The regularized upper incomplete gamma function Q(a, x) = 1 - P(a, x)."""
    a, x = binary_args(a, x)
    return bind(IGAMMAC, (a, x), {}, name)


def igamma_grad_a(a: Any, x: Any, name: str | None = None) -> Any:
    a, x = binary_args(a, x)
    return bind(IGAMMA_GRAD_A, (a, x), {}, name)


@eager_api("a", "b", "x")  # (a list or NumPy scalar: TF's wrapper's slow path)
def betainc(a: Any, b: Any, x: Any, name: str | None = None) -> Any:
    """The regularized incomplete beta function I_x(a, b)."""
    # (TF's generated wrapper: the first tensor's dtype is T's, a NumPy array cast to it)
    return bind(BETAINC, tuple(wrapper_inputs.op_inputs("Betainc", (a, b, x), "T")), {}, name)
