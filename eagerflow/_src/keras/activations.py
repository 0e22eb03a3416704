"""Keras activation functions, looked up by name (`activation='relu'`) or passed as callables.

Sits on the tf.nn ops (ops/nn.py), so each activation is the one registered op (or
tf.nn's composite) that tf.function traces like any other. `get` and `serialize` map
between names and functions; Keras 2 and Keras 3 names are both accepted.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.engine.keras_tensor import _NOT_A_TF_INPUT, KerasTensor, in_symbolic_scope
from eagerflow._src.keras.ops import nn as kn
from eagerflow._src.keras.ops import numpy_math as knm
from eagerflow._src.keras.ops.symbolic import keras_op
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import nn as tn
from eagerflow._src.ops.math_base import cast, where, zeros_like


def linear(x: Any) -> Any:
    return x


def _symbolic(x: Any) -> bool:
    """Whether `x` is a functional model's KerasTensor (outside a layer's own symbolic
    call): Keras 3's activations then record the keras.ops operation they are (`gelu
    (Gelu)`), which eagerflow's own tf.nn forms cannot take."""
    return isinstance(x, KerasTensor) and not in_symbolic_scope()


def _same_spec(x: Any, *args: Any, **kwargs: Any) -> Any:
    """Keras 3's activation operations' outputs: the input's shape and dtype, unchecked."""
    return type(x)(x.shape, dtype=x.dtype)


@keras_op(name="ReLU", spec=_same_spec)  # (Keras 3's own operation: `re_lu (ReLU)`)
def relu(x: Any, negative_slope: float = 0.0, max_value: float | None = None,
         threshold: float = 0.0) -> Any:
    """Keras 3's relu, op for op (a max_value of 6 without threshold is one Relu6, as
    Keras writes it, so converters see TF's graph)."""
    if negative_slope == 0.0 and max_value is None and threshold == 0.0:
        return tn.relu(x)
    x = convert_to_tensor(x)
    negative_part = None
    if negative_slope != 0.0:
        if max_value is None and threshold == 0.0:
            return tn.leaky_relu(x, alpha=negative_slope)
        negative_part = tn.relu(-x + threshold) if threshold != 0.0 else tn.relu(-x)
    clip_max = max_value is not None
    if threshold != 0.0:
        # (Keras 3.15's where, not a product by the mask: x at or under it is +0, not
        # -0 where x is negative)
        x = where(tm.greater(x, cast(threshold, x.dtype)), x, convert_to_tensor(0, x.dtype))
    elif max_value == 6:
        x = tn.relu6(x)
        clip_max = False
    else:
        x = tn.relu(x)
    if clip_max:
        x = tm.minimum(tm.maximum(x, cast(0.0, x.dtype)), cast(max_value, x.dtype))
    if negative_part is not None:
        x = x - negative_slope * negative_part
    return x


def relu6(x: Any) -> Any:
    if _symbolic(x):
        return kn.relu6(x)
    return tn.relu6(x)


def leaky_relu(x: Any, negative_slope: float = 0.2) -> Any:
    if _symbolic(x):
        return kn.leaky_relu(x, negative_slope=negative_slope)
    return tn.leaky_relu(x, alpha=negative_slope)


def elu(x: Any, alpha: float = 1.0) -> Any:
    if _symbolic(x):
        return kn.elu(x, alpha=alpha)
    if alpha == 1.0:
        return tn.elu(x)
    x = convert_to_tensor(x)
    return where(tm.greater(x, zeros_like(x)), x, tn.elu(x) * alpha)


def selu(x: Any) -> Any:
    if _symbolic(x):
        return kn.selu(x)
    return tn.selu(x)


def softplus(x: Any) -> Any:
    if _symbolic(x):
        return kn.softplus(x)
    return tm.softplus(x)


def softsign(x: Any) -> Any:
    if _symbolic(x):
        return kn.softsign(x)
    return tn.softsign(x)


def sigmoid(x: Any) -> Any:
    # (keras.ops' sigmoid remembers its logits, as Keras 3's activation caches them: a
    # cross-entropy on a Dense(activation="sigmoid") output then computes from the logits)
    return kn.sigmoid(x)


# (keras.ops' functions, as Keras 3's: an integer or bool x becomes floatx for tanh and
# exp; hard_sigmoid refuses it; softmax takes a vector)
tanh, hard_sigmoid, softmax = knm.tanh, kn.hard_sigmoid, kn.softmax


def exponential(x: Any) -> Any:
    # Keras' own function over keras.ops.exp: its name, "exponential", is the config's.
    return knm.exp(x)


def silu(x: Any) -> Any:
    if _symbolic(x):
        return kn.silu(x)
    return tn.silu(x)


swish = silu  # one function under two names, as in Keras ("silu" in configs)


def gelu(x: Any, approximate: bool = False) -> Any:
    if _symbolic(x):
        return kn.gelu(x, approximate=approximate)
    return tn.gelu(x, approximate=approximate)


def mish(x: Any) -> Any:
    x = convert_to_tensor(x)
    return x * tm.tanh(tm.softplus(x))


def log_softmax(x: Any, axis: int = -1) -> Any:
    if _symbolic(x):
        return kn.log_softmax(x, axis=axis)
    return tn.log_softmax(x, axis=axis)


# Keras 3's newer activations are its keras.ops functions of the same names and arguments,
# but for hard_silu and sparsemax, which convert x to a tensor first (a KerasTensor refused)
celu, glu, hard_shrink = kn.celu, kn.glu, kn.hard_shrink


def _as_tf_input(x: Any) -> Any:
    """`x` converted as Keras 3's TF backend converts it: a functional model's KerasTensor
    is refused there (no TF function takes it)."""
    if _symbolic(x):
        raise ValueError(_NOT_A_TF_INPUT)
    return x


def hard_silu(x: Any) -> Any:
    return kn.hard_silu(_as_tf_input(x))


hard_swish = hard_silu  # one function under two names, as in Keras ("hard_silu" in configs)
hard_tanh, log_sigmoid, soft_shrink, sparse_plus = \
    kn.hard_tanh, kn.log_sigmoid, kn.soft_shrink, kn.sparse_plus


def sparsemax(x: Any, axis: int = -1) -> Any:
    return kn.sparsemax(_as_tf_input(x), axis=axis)


sparse_sigmoid, squareplus, tanh_shrink, threshold = \
    kn.sparse_sigmoid, kn.squareplus, kn.tanh_shrink, kn.threshold

_TABLE: dict[str, Callable] = {
    "linear": linear, "relu": relu, "relu6": relu6, "leaky_relu": leaky_relu, "elu": elu,
    "selu": selu, "softplus": softplus, "softsign": softsign, "sigmoid": sigmoid,
    "tanh": tanh, "exponential": exponential, "hard_sigmoid": hard_sigmoid, "swish": swish,
    "silu": silu, "gelu": gelu, "mish": mish, "softmax": softmax, "log_softmax": log_softmax,
    "celu": celu, "glu": glu, "hard_shrink": hard_shrink, "hard_silu": hard_silu,
    "hard_swish": hard_swish, "hard_tanh": hard_tanh, "log_sigmoid": log_sigmoid,
    "soft_shrink": soft_shrink, "sparse_plus": sparse_plus, "sparse_sigmoid": sparse_sigmoid,
    "sparsemax": sparsemax, "squareplus": squareplus, "tanh_shrink": tanh_shrink,
    "threshold": threshold,
}


# Keras returns the bare name of any function named as one of its activations (tf.nn.relu
# is "relu" too); the aliases' names ("swish") are not among them: swish's is "silu".
_OWN_NAMES = frozenset(_TABLE) - {"swish", "hard_swish"}


def serialize(activation: Any) -> Any:
    """A built-in activation's name (`'relu'`); the config of anything else."""
    config = ser.serialize_keras_object(activation)
    if not isinstance(config, dict) or "config" not in config:
        raise ValueError(f"Unknown activation function '{activation}' cannot be serialized "
                         "due to invalid function name. Make sure to use an activation name "
                         "that matches the references defined in activations.py or use "
                         "`@keras.saving.register_keras_serializable()`to register any custom "
                         f"activations. config={config}")
    if not isinstance(activation, types.FunctionType):
        return config
    name = config["config"]
    if isinstance(name, str) and name not in _OWN_NAMES:
        config["config"] = ser.get_registered_name(activation)
        return config
    return name


def deserialize(config: Any, custom_objects: dict | None = None) -> Callable:
    return ser.deserialize_keras_object(config, module_objects=_TABLE,
                                        custom_objects=custom_objects)


def get(identifier: Any) -> Callable:
    """`None` -> linear, a name -> its function, a config -> its object, a callable -> itself."""
    if identifier is None:
        return linear
    if isinstance(identifier, dict):
        obj = ser.deserialize_keras_object(identifier)
    elif isinstance(identifier, str):
        obj = _TABLE.get(identifier)
    else:
        obj = identifier
    if callable(obj):
        return obj
    raise ValueError(f"Could not interpret activation function identifier: {identifier}")
