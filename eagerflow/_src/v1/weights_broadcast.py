"""TF 1's weights broadcasting (TF's weights_broadcast_ops): the check that a loss's or a
metric's weights broadcast to its values, and the weights broadcast to them.

Sits in v1/, below losses.py. The graph is TF's: `assert_broadcastable` opens its scope,
reads the weights' and values' shapes and ranks ("weights/shape", "values/rank") and,
where they are known, checks them now: a NoOp "static_scalar_check_success" (scalar
weights) or "static_dims_check_success" stands for the check, what the computation after
it waits on. Shapes known only when the graph runs are not checked (TF builds a runtime
assertion there; eagerflow's kernels then refuse shapes that do not broadcast).
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.ops.array import ones_like_filled
from eagerflow._src.ops.control_deps import control_dependencies, no_op
from eagerflow._src.ops.graph_constants import convert_to_tensor_v2
from eagerflow._src.ops.math import multiply
from eagerflow._src.ops.shape_queries import rank, shape


def _static(s: Any) -> list | None:
    return None if s is None or None in s else list(s)


def assert_broadcastable(weights: Any, values: Any) -> Any:
    """TF's static check that `weights` broadcast to `values` (scalar weights, or each of
    their dims 1 or the values'): the NoOp standing for it, None where it needs the
    values' run-time shape; ValueError (TF's) where they cannot broadcast."""
    with name_scope("assert_broadcastable"):
        with name_scope("weights") as scope:
            weights = convert_to_tensor_v2(weights, name=scope)
            shape(weights, name="shape")
            rank(weights, name="rank")
        with name_scope("values") as scope:
            values = convert_to_tensor_v2(values, name=scope)
            shape(values, name="shape")
            rank(values, name="rank")
        ws, vs = weights._shape, values._shape
        if ws is None or vs is None:
            return None
        if len(ws) == 0:
            return no_op(name="static_scalar_check_success")
        if len(ws) != len(vs):
            raise ValueError(f"weights can not be broadcast to values. values.rank={len(vs)}. "
                             f"weights.rank={len(ws)}. values.shape={values.shape}. "
                             f"weights.shape={weights.shape}.")
        w_dims, v_dims = _static(ws), _static(vs)
        if w_dims is None or v_dims is None:
            return None
        for i, (w, v) in enumerate(zip(w_dims, v_dims)):
            if w not in (1, v):
                raise ValueError(f"weights can not be broadcast to values. Mismatch at dim "
                                 f"{i}. values.shape={v_dims}, weights.shape={w_dims}.")
        return no_op(name="static_dims_check_success")


def broadcast_weights(weights: Any, values: Any) -> Any:
    """`weights` broadcast to `values`' shape (as they are where both shapes are known and
    equal), after TF's check."""
    with name_scope("broadcast_weights") as scope:
        values = convert_to_tensor_v2(values, name="values")
        weights = convert_to_tensor_v2(weights, dtype=values.dtype, name="weights")
        ws, vs = _static(weights._shape), _static(values._shape)
        if ws is not None and vs is not None and ws == vs:
            return weights
        check = assert_broadcastable(weights, values)
        with control_dependencies([check] if check is not None else []):
            return multiply(weights, ones_like_filled(values), name=scope)
