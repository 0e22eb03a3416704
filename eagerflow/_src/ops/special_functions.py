"""tf.math.special's functions beyond math_special.py: the Bessel functions J0, J1, Y0, Y1,
K0, K1 (and K0, K1 exponentially scaled), Dawson's integral, the exponential integral Ei,
the Fresnel integrals and Spence's function, one elementwise OpDef each.

Sits in the ops layer after math_special.py (whose `_unary` factory pieces it reuses),
special_cephes.py and special_bessel.py, and loads on first use (op_index.py). Every kernel
is TF's own algorithm on every backend: Eigen's Cephes ports for the Bessel functions
(special_bessel.py), TF's for Dawsn, Ei, the Fresnel integrals and Spence
(special_cephes.py), in the input's float type, with TF's values at the edges (NaN for J
at inf, -inf for Y and +inf for K on the negative axis, NaN for Ei below 0 and at inf, the
Fresnel integrals exactly 1/2 past 36974, Dawsn positive from -1e9 down); TF's CPU bits,
docs/ulp32.md says where not. special_scalars.py's functions are the references.
Gradients are TF's formulas, written with public ops.
"""

from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import special_bessel as B
from eagerflow._src.ops import special_cephes as K
from eagerflow._src.ops import special_scalars as S
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.elementwise import _elementwise_ref
from eagerflow._src.ops.math import (
    _u_scoped,
    cos,
    equal,
    exp,
    log,
    reciprocal,
    sin,
    square,
)
from eagerflow._src.ops.math_base import (
    ones_like,
    where,
)
from eagerflow._src.ops.math_special import _quiet
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_rng = SampleRNG(83)
_ALLOWED = frozenset((dt.bfloat16, dt.float16, dt.float32, dt.float64))
_WITH_HALF = (dt.float64, dt.float32, dt.float16)  # TF's CPU kernels, as its message lists them
_NO_HALF = (dt.float64, dt.float32)
_EDGES = np.array([-np.inf, -2.0, -0.0, 0.0, 0.5, 1.0, 2.0, 30.0, np.inf, np.nan])


def _special_op(name: str, scalar: Callable, grad: Callable, kernels: tuple, lo: float,
                hi: float, kernel: Callable) -> OpDef:
    """One elementwise op of tf.math.special: `kernel(xp, x)` TF's algorithm on every
    backend (special_cephes.py, special_bessel.py), `scalar` the pure-Python function (the
    reference)."""
    def infer(x: Any) -> list:
        if x._dtype not in _ALLOWED:
            raise C.not_supported(name, x._dtype, _ALLOWED)
        if x._dtype not in kernels:
            raise C.no_kernel(name, f"T={C.dt_enum(x._dtype)}", kernels)
        return [(x._shape, x._dtype)]

    def samples() -> list:
        return [Sample((_rng.uniform(lo, hi, size=(3, 4)),)),
                Sample((np.float64(_rng.uniform(lo, hi)),)),
                Sample((_rng.uniform(lo, hi, size=(2, 3)).astype(np.float32),), grad=False),
                Sample((_EDGES,), grad=False)]

    def bad() -> list:
        out = [BadSample((np.ones(2, np.int32),), {}, InvalidArgumentError,
                         "Value for attr 'T' of int32 is not in the list of allowed values: "
                         "bfloat16, half, float, double")]
        if dt.float16 not in kernels:  # (bfloat16 has no NumPy dtype to sample)
            out.append(BadSample((np.ones(2, np.float16),), {}, NotFoundError,
                                 f"Could not find device for node: {{{{node {name}}}}} = "
                                 f"{name}[T=DT_HALF]\nAll kernels registered for op {name}:\n"
                                 f"  device='CPU'; T in [DT_DOUBLE]\n"
                                 f"  device='CPU'; T in [DT_FLOAT]\n"))
        return out

    return register(OpDef(name, infer, _quiet(kernel), grad=grad,
                          reference=_elementwise_ref(scalar), samples=samples,
                          bad_samples=bad, elementwise=True))


# -- Gradients (TF's formulas) -----------------------------------------------------------

def _x_is(x: Any, v: float) -> Any:
    return equal(x, v * ones_like(x))


def _j1_grad(n: Any, g: Any) -> list:
    x, y = n.inputs[0], n.outputs[0]
    return [g * where(_x_is(x, 0.0), 0.5 * ones_like(x), bessel_j0(x) - y / x)]


def _y1_grad(n: Any, g: Any) -> list:
    x, y = n.inputs[0], n.outputs[0]
    return [g * (bessel_y0(x) - y / x)]


def _k1_grad(n: Any, g: Any) -> list:
    x, y = n.inputs[0], n.outputs[0]
    return [g * (-bessel_k0(x) - y / x)]


def _k1e_grad(n: Any, g: Any) -> list:
    x, y = n.inputs[0], n.outputs[0]
    return [g * (-bessel_k0e(x) - y * (reciprocal(x) - 1))]


def _spence_grad(n: Any, g: Any) -> list:
    x = n.inputs[0]
    return [g * where(_x_is(x, 1.0), -ones_like(x), log(x) / (1 - x))]


_HALF_PI = math.pi / 2

# (J, Y, K: TF's Cephes series and rationals, special_bessel.py)
BESSEL_J0 = _special_op("BesselJ0", S.bessel_j0, lambda n, g: [g * -bessel_j1(n.inputs[0])],
                        _WITH_HALF, -6.0, 6.0, B.kernel("j0"))
BESSEL_J1 = _special_op("BesselJ1", S.bessel_j1, _j1_grad, _WITH_HALF, -6.0, 6.0,
                        B.kernel("j1"))
BESSEL_Y0 = _special_op("BesselY0", lambda x: S.bessel_y(0, x),
                        lambda n, g: [g * -bessel_y1(n.inputs[0])], _WITH_HALF, 0.3, 6.0,
                        B.kernel("y0"))
BESSEL_Y1 = _special_op("BesselY1", lambda x: S.bessel_y(1, x), _y1_grad, _WITH_HALF, 0.3,
                        6.0, B.kernel("y1"))
BESSEL_K0 = _special_op("BesselK0", lambda x: S.bessel_k(0, x, False),
                        lambda n, g: [g * -bessel_k1(n.inputs[0])], _WITH_HALF, 0.2, 4.0,
                        B.kernel("k0"))
BESSEL_K0E = _special_op("BesselK0e", lambda x: S.bessel_k(0, x, True),
                         lambda n, g: [g * (n.outputs[0] - bessel_k1e(n.inputs[0]))],
                         _WITH_HALF, 0.2, 4.0, B.kernel("k0e"))
BESSEL_K1 = _special_op("BesselK1", lambda x: S.bessel_k(1, x, False), _k1_grad,
                        _WITH_HALF, 0.2, 4.0, B.kernel("k1"))
BESSEL_K1E = _special_op("BesselK1e", lambda x: S.bessel_k(1, x, True), _k1e_grad,
                         _WITH_HALF, 0.2, 4.0, B.kernel("k1e"))
# (Dawsn, Ei, the Fresnel integrals and Spence: TF's Cephes ports on the CPU too, its bits;
# SciPy's differed from TF's on 36-63% (dawsn, up to ~90 ulps near 0), 27-38% (expint),
# 67-78% (Fresnel, up to 29,140 ulps) and 8-24% (spence) of 25,326 values)
DAWSN = _special_op("Dawsn", S.dawsn,
                    lambda n, g: [g * (1 - 2 * n.inputs[0] * n.outputs[0])],
                    _NO_HALF, -4.0, 4.0, K.dawsn)
EXPINT = _special_op("Expint", S.expint,
                     lambda n, g: [g * exp(n.inputs[0]) / n.inputs[0]], _NO_HALF, 0.2, 4.0,
                     K.expint)
FRESNEL_COS = _special_op("FresnelCos", S.fresnel_cos,
                          lambda n, g: [g * cos(_HALF_PI * square(n.inputs[0]))],
                          _NO_HALF, -3.0, 3.0, K.fresnel_cos)
FRESNEL_SIN = _special_op("FresnelSin", S.fresnel_sin,
                          lambda n, g: [g * sin(_HALF_PI * square(n.inputs[0]))],
                          _NO_HALF, -3.0, 3.0, K.fresnel_sin)
SPENCE = _special_op("Spence", S.spence, _spence_grad, _NO_HALF, 0.1, 3.0,
                     K.spence)


def _special(op: OpDef, name: str) -> Callable:
    """tf.math.special's function of `op`, under TF's dispatcher as TF's is: an unknown
    keyword worded as its ("Got an unexpected keyword argument"). (These are no hot
    functions: the wrapper's frame is spared only for tf.exp and its kind, see unary.)"""
    fn = _u_scoped(op)
    fn.__name__ = fn.__qualname__ = name
    return dispatch_binding(fn)


bessel_j0, bessel_j1 = _special(BESSEL_J0, "bessel_j0"), _special(BESSEL_J1, "bessel_j1")
bessel_y0, bessel_y1 = _special(BESSEL_Y0, "bessel_y0"), _special(BESSEL_Y1, "bessel_y1")
bessel_k0, bessel_k0e = _special(BESSEL_K0, "bessel_k0"), _special(BESSEL_K0E, "bessel_k0e")
bessel_k1, bessel_k1e = _special(BESSEL_K1, "bessel_k1"), _special(BESSEL_K1E, "bessel_k1e")
dawsn, expint = _special(DAWSN, "dawsn"), _special(EXPINT, "expint")
fresnel_cos = _special(FRESNEL_COS, "fresnel_cos")
fresnel_sin = _special(FRESNEL_SIN, "fresnel_sin")
spence = _special(SPENCE, "spence")
