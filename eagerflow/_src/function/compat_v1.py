"""TF 1.x graph mode: the default graph, eager execution's switches, placeholders.

Sits in function/, above session.py (tf.compat.v1.Session) and graph_variables.py (the
variables of a TF 1 graph). `tf.Graph().as_default()` makes ops build symbolic tensors
in that graph; `tf.compat.v1.disable_eager_execution()` makes the global default graph
the graph of this thread's top level, as TF's graph mode (until
`enable_eager_execution`, which TF refuses once that graph has been used);
`tf.compat.v1.placeholder` adds inputs that Session.run feeds.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import NEW_THREAD_GRAPH, _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.shape import TensorShape, _V2Shapes
from eagerflow._src.core.tensor import EagerTensor, Tensor
from eagerflow._src.core.tf_logging import deprecated_call
from eagerflow._src.function.session import (
    _GLOBAL,
    InteractiveSession,
    Session,
    _default_graph,
)
from eagerflow._src.graph.interpreter import ancestors, evaluate, run_op
from eagerflow._src.graph.ir import Graph, Operation, user_frames
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor, get_default_session
from eagerflow._src.ops.runtime_raw_ops import placeholder_with_default

__all__ = ["Graph", "Operation", "Session", "InteractiveSession", "get_default_graph",
           "get_default_session", "placeholder", "placeholder_with_default",
           "reset_default_graph", "get_static_value", "disable_eager_execution",
           "enable_eager_execution", "executing_eagerly_outside_functions",
           "disable_v2_behavior", "enable_v2_behavior"]


class _Mode:
    """Process-wide switches of TF 1's behaviour (TF's are process-wide too)."""

    eager = True                  # False after disable_eager_execution
    resource_variables = True     # TF 2's default; disable_v2_behavior turns it off
    control_flow_v2 = True        # (what control_flow_v2_enabled says: eagerflow has no v1)
    v2 = True


_mode = _Mode()


def _is_top(g: Graph | None) -> bool:
    """Whether `g` is this thread's global graph built at its top level (graph mode)."""
    return g is not None and not _mode.eager and g is _GLOBAL.graph


def _thread_top() -> Graph:
    """A thread's top-level graph while eager execution is disabled: its own global
    default graph (context.py's `_State` calls this for each new thread)."""
    return _default_graph()


def get_default_graph() -> Graph:
    """The graph being built, or the global default graph (created on first use)."""
    _GLOBAL.used = True
    g = _state.graph
    if g is not None:
        return g
    return _default_graph()


def reset_default_graph() -> None:
    """A new, empty global default graph (TF's AssertionError inside another graph)."""
    g = _state.graph
    top = _is_top(g)
    if g is not None and not top:
        raise AssertionError("Do not use tf.reset_default_graph() to clear nested graphs. If "
                             "you need a cleared graph, exit the nesting and create a new graph.")
    _GLOBAL.graph = None
    if top:  # eager execution disabled: the new graph is this thread's top level
        _state.graph = _default_graph()


def disable_eager_execution() -> None:
    """Graph mode from now on, in every thread (TF's switch is process-wide): ops at a
    thread's top level build its global default graph."""
    _mode.eager = False
    NEW_THREAD_GRAPH[:] = [_thread_top]
    if _state.graph is None:
        _state.graph = _default_graph()


def enable_eager_execution(config: Any = None, device_policy: Any = None,
                           execution_mode: Any = None) -> None:
    """Eager execution again, unless graph mode was used (TF's ValueError then)."""
    if not _mode.eager:
        top = _GLOBAL.graph
        if _GLOBAL.used or (top is not None and top.operations):
            raise ValueError("tf.enable_eager_execution must be called at program startup.")
        if _state.graph is not None and _state.graph is top:
            _state.graph = None
        _mode.eager = True
        NEW_THREAD_GRAPH.clear()
        _GLOBAL.graph = None


def disable_v2_behavior() -> None:
    """TF 1's behaviour where eagerflow has it: graph mode (TF also turns off resource
    variables, tensor equality and TF 2's control flow and shapes)."""
    _switch_v2(False)
    disable_eager_execution()


def enable_v2_behavior() -> None:
    _switch_v2(True)
    enable_eager_execution()


def _switch_v2(on: bool) -> None:
    """TF 2's switches that enable_/disable_v2_behavior turn together (TF's v2_compat):
    resource variables, tensor equality, control flow v2 and TF 2's shapes."""
    _mode.v2 = _mode.resource_variables = _mode.control_flow_v2 = on
    Tensor._USE_EQUALITY = on
    _V2Shapes.tf2 = on
    _V2Shapes.override = on


def enable_resource_variables() -> None:
    """`tf.compat.v1.enable_resource_variables`: TF 2's default (eagerflow's variables
    are all resource variables; the switch is what resource_variables_enabled says)."""
    _mode.resource_variables = True


def disable_resource_variables() -> None:
    """`tf.compat.v1.disable_resource_variables`, with TF's deprecation notice."""
    deprecated_call("disable_resource_variables",
                    "tensorflow.python.ops.resource_variables_toggle",
                    "non-resource variables are not supported in the long term")
    _mode.resource_variables = False


def executing_eagerly_outside_functions() -> bool:
    """Whether the outermost context (outside every function being traced) is eager."""
    g = _state.graph
    while g is not None and g.building_function:
        g = g.parent
    return g is None


def resource_variables_enabled() -> bool:
    return _mode.resource_variables


def _restore_eager_mode() -> None:
    """Eager execution as at start (the tests' undo of disable_eager_execution; TF has no
    way back once graph mode was used)."""
    if _state.graph is not None and _is_top(_state.graph):
        _state.graph = None
    _mode.eager = True
    _switch_v2(True)
    _V2Shapes.override = None
    NEW_THREAD_GRAPH.clear()
    _GLOBAL.graph = None
    _GLOBAL.used = False


def placeholder(dtype: Any, shape: Any = None, name: str | None = None) -> SymbolicTensor:
    """An input of the current graph (graph mode only, as in TF 2)."""
    g = _state.graph
    if g is None:
        raise RuntimeError("tf.placeholder() is not compatible with eager execution.")
    dims = None if shape is None else TensorShape(shape)._dims
    t = g.placeholder(dims, dt.as_dtype(dtype), name or "Placeholder")
    t.op.origin = user_frames()  # (what a Session's error for an unfed one names)
    return t


def evaluate_op(op: Operation, feeds: dict) -> None:
    """Runs `op` (an operation with effects and no outputs) after what its inputs need,
    with the reference interpreter (a TF 1 SavedModel's init op: saved_model/load_v1.py)."""
    values = dict(feeds)
    needed = ancestors([x for x in op.inputs if isinstance(x, SymbolicTensor)], set(values))
    for node in needed:
        run_op(node, values)
    run_op(op, values)


def _numpy(a: Any) -> Any:
    a = to_host(a)
    return a[()] if a.ndim == 0 else a


def get_static_value(tensor: Any, partial: bool = False) -> Any:
    """The value of `tensor` if it is known without running a graph, else None."""
    if isinstance(tensor, EagerTensor):
        return tensor.numpy()
    if hasattr(tensor, "_as_tensor") and not isinstance(tensor, Tensor):
        return None  # (a variable: TF's holds no constant value, eagerly too)
    if not isinstance(tensor, Tensor):
        return tensor  # (TF's: a value that is no tensor is its own static value)
    if isinstance(tensor, SymbolicTensor):
        needed = ancestors([tensor])
        if any(o.type == "Placeholder" or o.op.stateful or o.type == "ReadVariableOp"
               for o in needed):
            return None
        try:
            return _numpy(evaluate([tensor])[0])
        except (InvalidArgumentError, ValueError, TypeError):
            return None
    raise TypeError(f"{tensor!r} is not a tensor")
