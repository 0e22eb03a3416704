"""The `Exception encountered when calling X.call()` wrapper Keras 3 puts around errors
raised in a layer's `call`: the same class, the message framed by the layer's name and the
arguments it received (tensors shown by shape and dtype)."""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable
from typing import Any

from eagerflow._src.core import nest
from eagerflow._src.core.errors import OpError
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.keras.engine.keras_tensor import KerasTensor
from eagerflow._src.ops.ragged import RaggedTensor


def unbuilt_state_message(name: str, error: Exception) -> str:
    """Keras 3's warning when a layer without `build` fails its symbolic trial call."""
    return (f"Layer '{name}' looks like it has unbuilt state, but Keras is not able to "
            "trace the layer `call()` in order to build it automatically. Possible causes:"
            "\n1. The `call()` method of your layer may be crashing. Try to `__call__()` the "
            "layer eagerly on some test input first to see if it works. E.g. `x = "
            "np.random.random((3, 4)); y = layer(x)`\n2. If the `call()` method is "
            "correct, then you may need to implement the `def build(self, input_shape)` "
            "method on your layer. It should create all variables used by the layer (e.g. "
            "by calling `layer.build()` on all its children layers).\nException "
            f"encountered: ''{error}''")


def warn_mask_dropped(layer: Any) -> None:
    """Keras 3's warning when a mask reaches a layer that does not support masking (at
    Keras's line: shown once per layer name and type). Not for an operation (`x * 2`,
    keras.ops on KerasTensors), whose Keras 3 `__call__` does not look at masks."""
    if not getattr(layer, "_warns_of_dropped_masks", True):
        return
    warnings.warn(f"Layer '{layer.name}' (of type {type(layer).__name__}) was passed an input "
                  "with a mask attached to it. However, this layer does not support masking "
                  "and will therefore destroy the mask information. Downstream layers will not "
                  "see the mask.", stacklevel=1)


def symbolic_call(*args: Any, **kwargs: Any) -> None:
    """The signature Keras 3 reports for a call on KerasTensors (its `symbolic_call`)."""


def _argument_text(value: Any) -> Any:
    # (a ragged or sparse tensor too: tf.is_tensor's, as Keras 3 asks)
    if isinstance(value, (Tensor, RaggedTensor, SparseTensor)) and \
            not isinstance(value, KerasTensor):
        return f"tf.Tensor(shape={value.shape}, dtype={value.dtype.name})"
    if getattr(value, "_keras_variable", False):  # (a tensor to TF too; its dtype a str)
        return f"tf.Tensor(shape={value.shape}, dtype={value.dtype})"
    return repr(value)


def with_call_info(e: Exception, layer: Any, fn: Callable, args: tuple,
                    kwargs: dict) -> Exception:
    """`e` as Keras 3 re-raises an error from a layer's call: the same class, its message
    wrapped with the layer's name and the arguments it received (once, at the innermost
    layer)."""
    if getattr(e, "_keras_call_info_injected", False):
        return e
    try:
        signature = inspect.signature(fn)
        bound = signature.bind(*args, **kwargs)
    except (TypeError, ValueError):
        return e
    lines = []
    for param in signature.parameters.values():
        if param.name in bound.arguments:
            value = nest.map_structure(_argument_text, bound.arguments[param.name])
        else:
            value = param.default
        lines.append(f"  • {param.name}={value}")
    if not lines:
        return e
    name = f"{type(layer).__name__}.call()"
    message = e.message if isinstance(e, OpError) else (e.args[0] if e.args else "")
    message = (f"Exception encountered when calling {name}.\n\n\x1b[1m{message}\x1b[0m\n\n"
               f"Arguments received by {name}:\n" + "\n".join(lines))
    try:
        new = type(e)(e.node_def, e.op, message) if isinstance(e, OpError) else type(e)(message)
    except TypeError:
        new = RuntimeError(message)
    new._keras_call_info_injected = True
    return new
