"""The control-dependency family: tf.no_op, tf.group, tf.tuple and tf.control_dependencies.

Eagerly, control dependencies are meaningless (ops run in program order), as in TF 2; inside
tf.function eagerflow's graphs keep stateful ops in program order, so they stay no-ops. In a
TF 1 graph (tf.Graph().as_default(), or eager execution disabled) they are the graph's.
"""

from __future__ import annotations

import contextlib
from typing import Any, Iterator

from eagerflow._src.core.context import _state
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.math_base import identity

_TUPLE = tuple  # this module defines tf.tuple


def _v1_graph() -> Any:
    """The TF 1 graph being built (tf.Graph().as_default(), or eager execution disabled),
    where grouping and control dependencies are operations; None eagerly and in functions
    (which run in program order)."""
    g = _state.graph
    if g is None or g.building_function:
        return None
    return g


def _control_op(x: Any) -> Any:
    """The operation `x` stands for in tf.control_dependencies / tf.group: an operation
    itself, a tensor's op, a variable's value (its read, or its assignment); None for a
    constant (a graph's constants are eager tensors until an op uses them)."""
    if isinstance(x, EagerTensor):
        return None
    if hasattr(x, "_control_inputs"):
        return x
    op = getattr(x, "op", None)
    if op is not None and hasattr(op, "_control_inputs"):
        return op
    if hasattr(x, "_as_tensor"):
        return _control_op(x._as_tensor())
    raise TypeError(f"Can not convert a {type(x).__name__} into a Tensor or Operation.")


def _function_control_op(x: Any) -> Any:
    """`_control_op` of `x` where it has one, else None (in a function nothing waits)."""
    try:
        return None if x is None else _control_op(x)
    except TypeError:
        return None


def no_op(name: str | None = None) -> Any:
    """Does nothing: None eagerly, as in TF; in a graph (a TF 1 graph's, a function's), a
    NoOp operation."""
    g = _state.graph
    return None if g is None else g.no_op(name)


def group(*inputs: Any, **kwargs: Any) -> Any:
    """Groups ops for control dependencies: None eagerly (ops run in order), as in TF; in a
    graph, the NoOp `group_deps` that runs them all (a function runs its ops in order
    whatever it waits for)."""
    g = _state.graph
    if g is None:
        return None
    name = kwargs.pop("name", None)
    if kwargs:
        raise TypeError(f"Unknown keyword arguments: {list(kwargs)}")
    ops = []
    for x in inputs:  # (a nested list, as TF flattens it)
        for leaf in (x if isinstance(x, (list, _TUPLE)) else [x]):
            op = None if leaf is None else _control_op(leaf)
            if op is not None:
                ops.append(op)
    return g.no_op(name or "group_deps", ops)


@dispatch_binding
def tuple(tensors: Any, control_inputs: Any = None, name: str | None = None) -> Any:  # noqa: A001
    if _state.graph is None:  # (eagerly TF's gives `tensors` back as given, unread)
        return tensors
    g = _v1_graph()
    if g is None:
        return [None if t is None else identity(t) for t in tensors]
    gate = [_control_op(t) for t in [*tensors, *(control_inputs or ())] if t is not None]
    # (TF's: each op once, in the order they were made)
    gate = sorted({id(o): o for o in gate if o is not None}.values(),
                  key=lambda o: getattr(o, "_id", 0))
    with name_scope(name or "tuple"):
        deps = g.no_op("group_deps", gate)
        out = []
        for t in tensors:
            if t is None:
                out.append(None)
                continue
            with name_scope("control_dependency") as scope, control_dependencies([deps]):
                out.append(identity(t, name=scope))  # "tuple/control_dependency", ...
        return out


@contextlib.contextmanager
def control_dependencies(control_inputs: Any) -> Iterator[None]:
    """A context in which ops run after `control_inputs`: always true in program order; in a
    graph, the operations made inside get them as control inputs (a TF 1 graph's Session
    runs them; a function's graph only shows them, as TF's)."""
    if control_inputs is not None and not isinstance(control_inputs, (list, _TUPLE)):
        raise TypeError(f"`control_inputs` must be a list or tuple, got {control_inputs!r}")
    g = _state.graph
    if g is None:
        yield
        return
    if g.building_function:
        # a function's ops run in program order: these edges only show its graph as TF's
        # (an operation of an enclosing graph is not one of its inputs)
        ops = None if control_inputs is None else \
            [o for o in map(_function_control_op, control_inputs)
             if getattr(o, "graph", None) is g]
    else:
        ops = None if control_inputs is None else \
            [o for o in map(_control_op, control_inputs) if o is not None]
    made = g.push_control_dependencies(ops)
    try:
        yield
    finally:
        g.pop_control_dependencies(made)


