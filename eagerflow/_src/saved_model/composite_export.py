"""Ops TensorFlow has no kernel for, written as the composites of primitive ops TF writes.

Sits in saved_model/ under library_export.py, which writes an operation of one of these
ops as a call of its composite: the function below traced into a library function, each
of its operations a TF op (a loop TF's While). TF 2.21's SavedModel loader then runs
what TF's own function computes; eagerflow's op stays one op everywhere else (eagerly,
in traced graphs, and for its gradient).

- MatrixExponential (TF removed its kernel at GraphDef version 27): tf.linalg.expm's
  scaling and squaring with Padé approximants, as TF's Python function builds it (the
  degree each matrix's 1-norm selects, TF's bounds and coefficients from
  ops/linalg_matfunc.py, whose kernel computes the same in the same order), the squarings
  as a while loop, a batch with any norm not finite all NaN (a cond).
"""

from __future__ import annotations

from typing import Any, Callable

from eagerflow._src.control_flow.conditionals import cond
from eagerflow._src.control_flow.loops import while_loop
from eagerflow._src.core import dtypes as dt
from eagerflow._src.ops import linalg_matfunc as M
from eagerflow._src.ops.array import concat, fill, ones
from eagerflow._src.ops.array import shape as shape_of
from eagerflow._src.ops.linalg_decomp import solve
from eagerflow._src.ops.linalg_diag import diag
from eagerflow._src.ops.math import abs as abs_
from eagerflow._src.ops.math import floor, is_finite, less, log, maximum
from eagerflow._src.ops.math_base import cast, identity, where
from eagerflow._src.ops.reduce import reduce_max, reduce_sum
from eagerflow._src.ops.reshaping import reshape

_REAL = {dt.complex64: dt.float32, dt.complex128: dt.float64}


def _expm(x: Any) -> Any:
    if x._shape is not None and 0 in tuple(x._shape)[-2:]:
        return identity(x)  # (an empty matrix is its own exponential)
    half = x._dtype is dt.float16
    a = cast(x, dt.float32) if half else x
    out = _expm_batch(reshape(a, concat([[-1], shape_of(a)[-2:]], 0)))
    out = reshape(out, shape_of(a))
    return cast(out, dt.float16) if half else out


def _expm_batch(x: Any) -> Any:
    """exp of each matrix of a [batch, n, n] tensor: NaN everywhere when any norm is not
    finite (TF's cond: nothing else is computed then, no solve of an infinite matrix)."""
    real = _REAL.get(x._dtype, x._dtype)
    norms = reduce_max(reduce_sum(abs_(x), axis=-2), axis=-1)  # each matrix's 1-norm
    return cond(is_finite(reduce_max(norms)), lambda: _scaled_pade(x, norms, real),
                lambda: fill(shape_of(x), cast(float("nan"), x._dtype)))


def _scaled_pade(x: Any, norms: Any, real: Any) -> Any:
    thetas = M.THETA_SINGLE if real is dt.float32 else M.THETA_DOUBLE
    degrees = sorted(thetas)
    top = degrees[-1]
    squarings = maximum(floor(log(norms / thetas[top]) / log(cast(2.0, real))), 0.0)
    sizes = shape_of(x)
    eye_ = diag(ones(concat([sizes[:1], sizes[-1:]], 0), x._dtype))
    u, v = M.pade(None, x / cast(2.0 ** squarings, x._dtype)[:, None, None], top, eye_)
    for m in reversed(degrees[:-1]):  # (the first bound a norm is under wins)
        um, vm = M.pade(None, x, m, eye_)
        under = less(norms, thetas[m])[:, None, None]
        u, v = where(under, um, u), where(under, vm, v)
    out = solve(-u + v, u + v)
    steps = reduce_max(squarings)

    def step(i: Any, r: Any) -> tuple:
        again = less(cast(i, real), squarings)[:, None, None]
        return i + 1, where(again, r @ r, r)

    return while_loop(lambda i, r: less(cast(i, real), steps), step, [0, out])[1]


COMPOSITES: dict[str, Callable] = {"MatrixExponential": _expm}
