"""tf.RegisterGradient and tf.no_gradient: gradients for op types that have none.

Autodiff layer, below tape.py, which consults USER_GRADIENTS when it differentiates a
recorded op (eagerly, and in the ops a traced function records). As in TF, an op type
has at most one gradient: registering one for an op whose OpDef defines a gradient, or
twice for one name, is a KeyError. A registered function is called as TF calls it,
`fn(op, *output_grads)`, with `op.inputs`, `op.outputs`, `op.type`, `op.name` and
`op.get_attr(name)`; it returns one gradient (or None) per input. `no_gradient` marks
an op type as not differentiable (its inputs get None).
"""

from __future__ import annotations

import sys
from typing import Any, Callable

from eagerflow._src.ops.registry import REGISTRY

USER_GRADIENTS: dict[str, Any] = {}  # op type -> fn(op, *grads), or None (no_gradient)
_WHERE: dict[str, str] = {}


class RegisterGradient:
    """`@tf.RegisterGradient("OpType")`: registers the decorated function as the
    gradient of that op type."""

    def __init__(self, op_type: str) -> None:
        if not isinstance(op_type, str):
            raise TypeError("op_type must be a string")
        self._op_type = op_type

    def __call__(self, f: Callable) -> Callable:
        _register(self._op_type, f)
        return f


def no_gradient(op_type: str) -> None:
    """Declares op type `op_type` not differentiable."""
    if not isinstance(op_type, str):
        raise TypeError("op_type must be a string")
    _register(op_type, None)


def _register(op_type: str, f: Any) -> None:
    op = REGISTRY.get(op_type)
    previous = _WHERE.get(op_type) or (
        f"eagerflow's OpDef of {op_type}" if op is not None and op.grad is not None and
        not getattr(op.grad, "no_tf_gradient", False) else None)
    if previous:
        raise KeyError(f"Registering two gradient with name '{op_type}'! (Previous "
                       f"registration was in {previous})")
    caller = sys._getframe(2)
    USER_GRADIENTS[op_type] = f
    _WHERE[op_type] = f"{caller.f_code.co_name} {caller.f_code.co_filename}:{caller.f_lineno}"


class _OpView:
    """A recorded op as TF's gradient functions see an Operation."""

    __slots__ = ("_node",)

    def __init__(self, node: Any) -> None:
        self._node = node

    inputs = property(lambda self: list(self._node.inputs))
    outputs = property(lambda self: list(self._node.outputs))
    type = property(lambda self: self._node.op.name)
    name = property(lambda self: self._node.op.name)

    def get_attr(self, name: str) -> Any:
        return self._node.attrs[name]


def user_gradient(fn: Callable) -> Callable:
    """A registered TF-style gradient as an OpDef gradient: (node, *grads) -> list."""
    def grad(node: Any, *grads: Any) -> list:
        out = fn(_OpView(node), *grads)
        out = list(out) if isinstance(out, (list, tuple)) else [out]
        if len(out) != len(node.inputs):
            raise ValueError(f"The gradient registered for {node.op.name} returned {len(out)} "
                             f"gradients for {len(node.inputs)} inputs")
        return out
    return grad
