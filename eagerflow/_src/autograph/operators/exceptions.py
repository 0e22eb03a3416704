"""Runtime: `assert`. Python values and eager tensors raise AssertionError exactly as the
statement does; a graph tensor gets a tf.debugging.Assert op in the graph."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from eagerflow._src.autograph.operators import control_flow as _cf
from eagerflow._src.ops.debugging import Assert


def assert_stmt(expression1: Any, expression2: Callable[[], Any] | None) -> Any:
    t = _cf.graph_tensor(expression1)
    if t is None:
        if not expression1:
            if expression2 is None:
                raise AssertionError
            raise AssertionError(expression2())
        return None
    data = [expression2()] if expression2 is not None else ["Assertion failed"]
    return Assert(t, data)
