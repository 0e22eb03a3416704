"""tf.linalg.experimental.conjugate_gradient: solves A x = rhs for a self-adjoint, positive
definite LinearOperator A by conjugate gradients (optionally preconditioned), batched over
the operator's and rhs's batch dims, as TF 2.21's: the tolerance is relative to |rhs|, the
loop runs while any batch member's residual is above it (at most max_iter steps), and the
result is TF's `CGState(i, x, r, p, gamma)` namedtuple. A composition of registered ops in a
tf.while_loop, so it traces into tf.function and differentiates like them.
"""

from __future__ import annotations

import collections
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.ops.array import concat, shape, squeeze, zeros
from eagerflow._src.ops.linalg import matvec
from eagerflow._src.ops.math import logical_and
from eagerflow._src.ops.misc_ops import broadcast_dynamic_shape
from eagerflow._src.ops.norms import norm
from eagerflow._src.ops.reduce import reduce_any
from eagerflow._src.ops.tiling import broadcast_to

# tf.while_loop's module brings graph passes and codegen (~0.25 s): loaded on the first solve,
# not when tf.linalg is first touched
loops = lazy_module("eagerflow._src.control_flow.loops")

CGState = collections.namedtuple("CGState", ["i", "x", "r", "p", "gamma"])


def _dot(x: Any, y: Any) -> Any:
    """x^H y over the last axis (a [1, n] x [n] product per batch member, as TF forms it)."""
    return squeeze(matvec(x[..., None], y, adjoint_a=True), axis=-1)


def conjugate_gradient(operator: Any, rhs: Any, preconditioner: Any = None, x: Any = None,
                       tol: float = 1e-5, max_iter: int = 20,
                       name: str = "conjugate_gradient") -> CGState:
    """CG iterations from `x` (zeros by default) until |r| <= tol * |rhs| for every batch
    member or max_iter steps: CGState(i, x, r, p, gamma)."""
    if not (operator.is_self_adjoint and operator.is_positive_definite):
        raise ValueError("Expected a self-adjoint, positive definite operator.")
    rhs = convert_to_tensor(rhs)
    batch = broadcast_dynamic_shape(shape(rhs)[:-1], operator.batch_shape_tensor())
    if preconditioner is not None:
        batch = broadcast_dynamic_shape(batch, preconditioner.batch_shape_tensor())
    full = concat([batch, shape(rhs)[-1:]], axis=-1)
    r0 = broadcast_to(rhs, full)
    tol = tol * norm(r0, axis=-1)
    if x is None:
        x = zeros(full, dtype=rhs.dtype)
    else:
        r0 = rhs - operator.matvec(x)
    p0 = r0 if preconditioner is None else preconditioner.matvec(r0)

    def more(i: Any, state: CGState) -> Any:
        return logical_and(i < max_iter, reduce_any(norm(state.r, axis=-1) > tol))

    def step(i: Any, state: CGState) -> tuple:
        z = operator.matvec(state.p)
        alpha = state.gamma / _dot(state.p, z)
        x = state.x + alpha[..., None] * state.p
        r = state.r - alpha[..., None] * z
        q = r if preconditioner is None else preconditioner.matvec(r)
        gamma = _dot(r, q)
        p = q + (gamma / state.gamma)[..., None] * state.p
        return i + 1, CGState(i + 1, x, r, p, gamma)

    i = convert_to_tensor(0, dt.int32)
    _, state = loops.while_loop(more, step, [i, CGState(i, x, r0, p0, _dot(r0, p0))])
    return CGState(state.i, x=state.x, r=state.r, p=state.p, gamma=state.gamma)
