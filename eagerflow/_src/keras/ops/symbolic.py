"""keras.ops on KerasTensors: each call becomes a node of the functional graph.

`ops.add(keras.Input((3,)), 1.0)` returns a KerasTensor and records an operation named
`add` of class `Add` (Keras 3's names), which the functional model replays on real
tensors. Outside the functional API (eager tensors, tf.function graphs, or the scratch
graph that traces a layer's call) the op simply runs. Every public keras.ops function is
wrapped by `keras_op`.
"""

from __future__ import annotations

import functools
from typing import Any, Callable

from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.keras_tensor import KerasTensor, in_symbolic_scope


class Operation(Layer):
    """One keras.ops function applied to KerasTensors (a weightless node)."""

    def __init__(self, function: Callable, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.function = function
        self._autocast = False

    def call(self, *args: Any, **kwargs: Any) -> Any:
        return self.function(*args, **kwargs)

    def _static_shapes(self) -> bool:
        return False

    def __repr__(self) -> str:
        return f"<Operation name={self.name}>"

    def get_config(self) -> dict:
        raise NotImplementedError(f"The operation {self.name!r} applied to Keras symbolic "
                                  "tensors can't be serialized to a config")


@functools.cache
def _operation_class(op_name: str) -> type:
    """`Add` for `add`, `ArgMax`-style names as Keras 3 spells its operation classes."""
    cls_name = "".join(part[:1].upper() + part[1:] for part in op_name.split("_"))
    return type(cls_name, (Operation,), {"__module__": __name__})


def _has_keras_tensor(values: Any) -> bool:
    for v in values:
        if isinstance(v, KerasTensor):
            return True
        if type(v) in (list, tuple):
            for w in v:
                if isinstance(w, KerasTensor):
                    return True
    return False


def keras_op(fn: Callable | None = None, *, name: str | None = None) -> Callable:
    """Makes `fn` a keras.ops function: eager and traced calls run it; calls on the
    functional API's KerasTensors record an operation node (named `name`, by default the
    function's) instead."""
    if fn is None:
        return functools.partial(keras_op, name=name)
    name = name or fn.__name__

    @functools.wraps(fn)
    def op(*args: Any, **kwargs: Any) -> Any:
        if (_has_keras_tensor(args) or (kwargs and _has_keras_tensor(kwargs.values()))) \
                and not in_symbolic_scope():
            layer = _operation_class(name)(fn, name=kb.unique_object_name(name))
            return layer(*args, **kwargs)
        return fn(*args, **kwargs)

    return op
