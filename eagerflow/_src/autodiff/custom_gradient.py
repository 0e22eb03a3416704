"""tf.custom_gradient: a function whose gradient the user supplies.

The decorated function runs with every tape paused (its inner ops are not
recorded); then one node is recorded whose inputs are the tensor arguments and
the variables the function read, and whose gradient calls the user's `grad_fn`.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any, Callable

from eagerflow._src.core import nest
from eagerflow._src.core.context import _state
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.ops.dispatch import Node
from eagerflow._src.ops.math import identity


class _VariableRecorder:
    """A stand-in tape that only notes which variables were read."""

    def __init__(self) -> None:
        self.variables: dict = {}

    def _on_variable_read(self, var: Any) -> None:
        if var.trainable:
            self.variables.setdefault(id(var), var)

    def _record(self, node: Any) -> None:
        pass


class _CustomGradOp:
    """The op of a custom-gradient node: its `grad` calls the user's function."""

    name = "IdentityN"

    def __init__(self, grad_fn: Callable, n_inputs: int, variables: list) -> None:
        self._grad_fn = grad_fn
        self._n_inputs = n_inputs
        self._variables = variables

    def grad(self, node: Any, *out_grads: Any) -> list:
        # one argument per (flattened) output, as TF calls grad_fn(*grad_ys)
        if self._variables:
            in_grads, var_grads = self._grad_fn(*out_grads, variables=self._variables)
        else:
            in_grads, var_grads = self._grad_fn(*out_grads), []
        in_grads = list(in_grads) if isinstance(in_grads, (list, tuple)) else [in_grads]
        if len(in_grads) != self._n_inputs:
            raise ValueError(f"custom_gradient function expected to return {self._n_inputs} "
                             f"gradients, but returned {len(in_grads)} instead.")
        return in_grads + list(var_grads)


def custom_gradient(f: Callable | None = None) -> Callable:
    """Decorator: `f(*x)` returns `(y, grad_fn)`; `grad_fn(dy)` returns the input gradients."""
    if f is None:
        return custom_gradient

    @functools.wraps(f)
    def decorated(*args: Any, **kwargs: Any) -> Any:
        inputs = [convert_to_tensor(a) for a in args]
        saved, recorder = _state.tapes, _VariableRecorder()
        _state.tapes = [recorder]
        try:
            result, grad_fn = f(*inputs, **kwargs)
        finally:
            _state.tapes = saved
        variables = list(recorder.variables.values())
        if variables and "variables" not in inspect.signature(grad_fn).parameters and not any(
                p.kind == p.VAR_KEYWORD for p in inspect.signature(grad_fn).parameters.values()):
            raise TypeError("If using @custom_gradient with a function that uses variables, "
                            "then grad_fn must accept a keyword argument 'variables'.")
        if not _state.tapes:
            return result
        # Fresh output tensors, so the node is the only producer the tapes see for them.
        outs = _paused_identity(nest.flatten(result))
        node = Node(_CustomGradOp(grad_fn, len(inputs), variables),
                    tuple(inputs) + tuple(variables), tuple(outs), {})
        for tape in list(_state.tapes):
            tape._record(node)
        return nest.pack_sequence_as(result, outs)

    return decorated


def _paused_identity(flat: list) -> list:
    saved = _state.tapes
    _state.tapes = []
    try:
        return [identity(r) for r in flat]
    finally:
        _state.tapes = saved


def recompute_grad(f: Callable) -> Callable:
    """Accepted for compatibility: gradients are exact, memory is not traded for compute."""
    return f
