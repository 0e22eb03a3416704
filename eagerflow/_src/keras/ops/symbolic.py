"""keras.ops on KerasTensors: each call becomes a node of the functional graph.

`ops.add(keras.Input((3,)), 1.0)` returns a KerasTensor and records an operation named
`add` of class `Add` (Keras 3's names), which the functional model replays on real
tensors. Outside the functional API (eager tensors, tf.function graphs, or the scratch
graph that traces a layer's call) the op simply runs. Every public keras.ops function is
wrapped by `keras_op`.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any, Callable

from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.keras.engine.keras_tensor import KerasTensor, in_symbolic_scope
from eagerflow._src.keras.engine.operation import operation_class, register_operation
from eagerflow._src.keras.ops import specs, specs_arrays, specs_nn


def _operation_class(op_name: str) -> type:
    """`Add` for `add`, `ArgMax`-style names as Keras 3 spells its operation classes."""
    return operation_class("".join(part[:1].upper() + part[1:] for part in op_name.split("_")))


# Classes no KerasTensor is (exact types): the common arguments, decided at once
_PLAIN = frozenset((EagerTensor, int, float, bool, str, type(None)))


def _has_keras_tensor(values: Any) -> bool:
    for v in values:
        t = type(v)
        if t in _PLAIN:
            continue
        if t is KerasTensor or isinstance(v, KerasTensor):
            return True
        # (a list of axes or of tensors: its classes checked together, in C)
        if (t is list or t is tuple) and not _PLAIN.issuperset(map(type, v)):
            for w in v:
                if isinstance(w, KerasTensor):
                    return True
    return False


def _as_argument_list(x: Any) -> Any:
    """`x` read as Keras 3 reads an argument list: `x or ()` (NumPy's truth test)."""
    return x or ()


def keras_op(fn: Callable | None = None, *, name: str | None = None,
             first_as_args: bool = False, spec: Callable | None = None) -> Callable:
    """Makes `fn` a keras.ops function: eager and traced calls run it; calls on the
    functional API's KerasTensors record an operation node (named `name`, by default the
    function's) instead. `first_as_args`: Keras 3's function hands its first argument (a
    list of tensors) to its symbolic-tensor check as the check's argument list, which
    reads it as `x or ()`: an array or tensor given there of other than one element fails
    NumPy's truth test (ValueError) before any check of the op's own. `spec`: the node's
    outputs from `fn`'s arguments, where Keras 3's operation computes them by its own rule
    rather than by tracing `fn` (by default the rule specs.RULES holds for `name`)."""
    if fn is None:
        return functools.partial(keras_op, name=name, first_as_args=first_as_args, spec=spec)
    name = name or fn.__name__
    layer_class = _operation_class(name)
    register_operation(layer_class.__name__, fn)  # (functional configs make them again)
    spec = spec if spec is not None else _rule(name)
    check = specs_arrays.CHECKS.get(name)  # (run on the KerasTensors themselves)
    if spec is not None:
        layer_class.keras_spec = staticmethod(spec)
    if name in specs.SPARSE:
        layer_class.keras_sparse = staticmethod(specs.SPARSE[name])

    stub: list = []  # (made at the first symbolic call)

    @functools.wraps(fn)
    def op(*args: Any, **kwargs: Any) -> Any:
        if first_as_args and args and not isinstance(args[0], (tuple, list)):
            _as_argument_list(args[0])
        if (_has_keras_tensor(args) or (kwargs and _has_keras_tensor(kwargs.values()))) \
                and not in_symbolic_scope():
            if not stub:
                stub.append(_signature_stub(fn))
            stub[0](*args, **kwargs)  # (arguments `fn` refuses: Python's TypeError)
            if check is not None:
                check(*args, **kwargs)
            return layer_class(fn)(*args, **kwargs)
        return fn(*args, **kwargs)

    return op


def _rule(name: str) -> Callable | None:
    """Keras 3's output rule for the op `name`, where one of the specs modules holds it."""
    for rules in (specs.RULES, specs_arrays.RULES, specs_nn.RULES):
        if name in rules:
            return rules[name]
    return None


def _signature_stub(fn: Callable) -> Callable:
    """A function of `fn`'s name and parameters doing nothing: called with a symbolic
    call's arguments, it raises the TypeError calling `fn` would (`abs() takes 1
    positional argument but 2 were given`), as Keras 3's function refuses them before
    any operation is made. Where the signature cannot be read or written, it takes
    anything."""
    try:
        sig = inspect.signature(fn)
        params = [p.replace(annotation=p.empty,
                            default=None if p.default is not p.empty else p.empty)
                  for p in sig.parameters.values()]
        text = str(sig.replace(parameters=params, return_annotation=sig.empty))
        scope: dict = {}
        exec(f"def {fn.__name__}{text}:\n    return None", scope)  # noqa: S102
        return scope[fn.__name__]
    except (TypeError, ValueError, SyntaxError):
        return lambda *args, **kwargs: None
