"""Runtime: `and`, `or`, `not` and conditional expressions.

Python values and eager tensors get Python's semantics exactly (operands are evaluated
lazily, the operand itself is the result). A graph tensor operand becomes tf.cond (for
`and`/`or`, keeping the laziness inside the graph) or tf.logical_not.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from eagerflow._src.autograph.operators import control_flow as _cf
from eagerflow._src.ops.math import logical_not


def and_(a: Callable[[], Any], b: Callable[[], Any]) -> Any:
    x = a()
    t = _cf.graph_tensor(x)
    if t is None:
        return b() if x else x
    return _cf.tf_cond_value(t, b, lambda: t, "and")


def or_(a: Callable[[], Any], b: Callable[[], Any]) -> Any:
    x = a()
    t = _cf.graph_tensor(x)
    if t is None:
        return x if x else b()
    return _cf.tf_cond_value(t, lambda: t, b, "or")


def not_(a: Any) -> Any:
    t = _cf.graph_tensor(a)
    if t is None:
        return not a
    return logical_not(t)


def if_exp(cond: Any, if_true: Callable[[], Any], if_false: Callable[[], Any],
           expr_repr: str) -> Any:
    t = _cf.graph_tensor(cond)
    if t is None:
        return if_true() if cond else if_false()
    return _cf.tf_cond_value(t, if_true, if_false, expr_repr)
