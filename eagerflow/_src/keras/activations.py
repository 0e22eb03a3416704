"""Keras activation functions, looked up by name (`activation='relu'`) or passed as callables.

Sits on kops (which calls tf.nn where it exists). `get` and `serialize` map between
names and functions; Keras 2 and Keras 3 names are both accepted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.keras import kops
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import reduce as tr


def linear(x: Any) -> Any:
    return x


def relu(x: Any, alpha: float = 0.0, max_value: float | None = None,
         threshold: float = 0.0) -> Any:
    if alpha == 0.0 and max_value is None and threshold == 0.0:
        return kops.relu(x)
    x = convert_to_tensor(x)
    zero = tm.zeros_like(x)
    if threshold != 0.0:
        above = tm.greater(x, zero + threshold)
        out = tm.where(above, x, zero)
        neg = (x - threshold) * alpha
    else:
        out = kops.relu(x)
        neg = kops.relu(-x) * -alpha
        above = None
    if max_value is not None:
        out = tm.minimum(out, zero + max_value)
    if alpha != 0.0:
        out = out + (tm.where(above, zero, neg) if above is not None else neg)
    return out


def relu6(x: Any) -> Any:
    return kops.relu6(x)


def leaky_relu(x: Any, negative_slope: float = 0.2) -> Any:
    return kops.leaky_relu(x, negative_slope)


def elu(x: Any, alpha: float = 1.0) -> Any:
    return kops.elu(x, alpha)


def selu(x: Any) -> Any:
    return kops.selu(x)


def softplus(x: Any) -> Any:
    return kops.softplus(x)


def softsign(x: Any) -> Any:
    return kops.softsign(x)


def sigmoid(x: Any) -> Any:
    return kops.sigmoid(x)


def tanh(x: Any) -> Any:
    return kops.tanh(x)


def exponential(x: Any) -> Any:
    return tm.exp(x)


def hard_sigmoid(x: Any) -> Any:
    """Keras 2's piecewise-linear sigmoid: clip(0.2 * x + 0.5, 0, 1)."""
    x = convert_to_tensor(x)
    return tm.clip_by_value(x * 0.2 + 0.5, 0.0, 1.0)


def swish(x: Any) -> Any:
    return kops.swish(x)


silu = swish


def gelu(x: Any, approximate: bool = False) -> Any:
    return kops.gelu(x, approximate)


def mish(x: Any) -> Any:
    x = convert_to_tensor(x)
    return x * tm.tanh(tm.softplus(x))


def softmax(x: Any, axis: Any = -1) -> Any:
    x = convert_to_tensor(x)
    if x.shape.rank is not None and x.shape.rank <= 1:
        raise ValueError(f"Cannot apply softmax to a tensor that is 1D. Received input: {x}")
    if isinstance(axis, (list, tuple)):
        e = tm.exp(x - tm.stop_gradient(tr.reduce_max(x, axis=list(axis), keepdims=True)))
        return e / tr.reduce_sum(e, axis=list(axis), keepdims=True)
    return kops.softmax(x, axis)


def log_softmax(x: Any, axis: int = -1) -> Any:
    return kops.log_softmax(x, axis)


_TABLE: dict[str, Callable] = {
    "linear": linear, "relu": relu, "relu6": relu6, "leaky_relu": leaky_relu, "elu": elu,
    "selu": selu, "softplus": softplus, "softsign": softsign, "sigmoid": sigmoid,
    "tanh": tanh, "exponential": exponential, "hard_sigmoid": hard_sigmoid, "swish": swish,
    "silu": silu, "gelu": gelu, "mish": mish, "softmax": softmax, "log_softmax": log_softmax,
}


def serialize(activation: Any) -> Any:
    if activation is None:
        return None
    for name, fn in _TABLE.items():
        if fn is activation:
            return "swish" if name == "silu" else name
    if hasattr(activation, "get_config"):
        return {"module": "keras.layers", "class_name": type(activation).__name__,
                "config": activation.get_config(), "registered_name": None}
    name = getattr(activation, "__name__", None)
    if name is not None:
        return name
    raise ValueError(f"Could not serialize activation {activation!r}")


def deserialize(name: Any, custom_objects: dict | None = None) -> Callable:
    if isinstance(name, dict):
        from eagerflow._src.keras.layers import deserialize as deserialize_layer

        return deserialize_layer(name, custom_objects)
    if custom_objects and name in custom_objects:
        return custom_objects[name]
    from eagerflow._src.keras.serialization import get_custom_objects

    fn = _TABLE.get(name) or get_custom_objects().get(name)
    if fn is None:
        raise ValueError(f"Unknown activation function: '{name}'. Please ensure you are using "
                         "a `keras.utils.custom_object_scope` and that this object is included "
                         "in the scope. See https://www.tensorflow.org/guide/keras/"
                         "save_and_serialize#registering_the_custom_object for details.")
    return fn


def get(identifier: Any) -> Callable:
    """`None` -> linear, a name -> its function, a callable -> itself."""
    if identifier is None:
        return linear
    if isinstance(identifier, (str, dict)):
        return deserialize(identifier)
    if callable(identifier):
        return identifier
    raise TypeError(f"Could not interpret activation function identifier: {identifier}")
