"""Activation layers: ReLU, LeakyReLU, PReLU, ELU, Softmax, ThresholdedReLU."""

from __future__ import annotations

import warnings
from typing import Any

from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.keras import activations, constraints, initializers, regularizers
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.input_spec import InputSpec
from eagerflow._src.keras.layers._utils import ser_con, ser_init, ser_reg
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import nn as tn
from eagerflow._src.ops import reduce as tr
from eagerflow._src.ops.math_base import cast, where, zeros_like


class _Elementwise(Layer):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.supports_masking = True
        self._build_at_init()

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        return TensorShape(input_shape)


class ReLU(_Elementwise):
    """`ReLU(max_value=None, negative_slope=0.0, threshold=0.0)`."""

    def __init__(self, max_value: float | None = None, negative_slope: float = 0.0,
                 threshold: float = 0.0, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if max_value is not None and max_value < 0.0:
            raise ValueError("max_value of a ReLU layer cannot be a negative value. "
                             f"Received: max_value={max_value}")
        if negative_slope is None or negative_slope < 0.0:
            raise ValueError("negative_slope of a ReLU layer cannot be None or a negative "
                             f"value. Received: negative_slope={negative_slope}")
        if threshold is None or threshold < 0.0:
            raise ValueError("threshold of a ReLU layer cannot be None or a negative value. "
                             f"Received: threshold={threshold}")
        self.max_value = max_value
        self.negative_slope = negative_slope
        self.threshold = threshold

    def call(self, inputs: Any) -> Any:
        return activations.relu(inputs, negative_slope=self.negative_slope,
                                max_value=self.max_value, threshold=self.threshold)

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({"max_value": self.max_value, "negative_slope": self.negative_slope,
                       "threshold": self.threshold})
        return config


class LeakyReLU(_Elementwise):
    """`LeakyReLU(negative_slope=0.3)` (Keras 2's `alpha=` still accepted, with a warning)."""

    def __init__(self, negative_slope: float = 0.3, **kwargs: Any) -> None:
        if "alpha" in kwargs:
            negative_slope = kwargs.pop("alpha")
            warnings.warn("Argument `alpha` is deprecated. Use `negative_slope` instead.",
                          stacklevel=2)
        super().__init__(**kwargs)
        if negative_slope is None or negative_slope < 0:
            raise ValueError("The negative_slope value of a Leaky ReLU layer cannot be None or "
                             "negative value. Expected a float. Received: "
                             f"negative_slope={negative_slope}")
        self.negative_slope = negative_slope

    @property
    def alpha(self) -> float:
        return self.negative_slope

    def call(self, inputs: Any) -> Any:
        return activations.leaky_relu(inputs, self.negative_slope)

    def get_config(self) -> dict:
        config = super().get_config()
        config["negative_slope"] = self.negative_slope
        return config


class ELU(_Elementwise):
    def __init__(self, alpha: float = 1.0, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if alpha is None:
            raise ValueError("Alpha of an ELU layer cannot be None, expecting a float. "
                             f"Received: {alpha}")
        self.alpha = alpha

    def call(self, inputs: Any) -> Any:
        return activations.elu(inputs, self.alpha)

    # no get_config: Keras 3's ELU has none, its automatic config (name, alpha, trainable,
    # dtype) is what it serializes


class ThresholdedReLU(Layer):
    """tf.keras's ThresholdedReLU: Keras's legacy layer (built at its first call, unlike
    the other activations; `theta` a tensor of the compute dtype)."""

    _keras_module = "keras._legacy.layers"

    def __init__(self, theta: float = 1.0, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if theta is None:
            raise ValueError("Theta of a Thresholded ReLU layer cannot be None, expecting a "
                             f"float. Received: {theta}")
        if theta < 0:
            raise ValueError("The theta value of a Thresholded ReLU layer should be >=0. "
                             f"Received: {theta}")
        self.supports_masking = True
        self.theta = convert_to_tensor(theta, dtype=self.compute_dtype)

    def call(self, inputs: Any) -> Any:
        return inputs * cast(tm.greater(inputs, self.theta), self.compute_dtype)

    def get_config(self) -> dict:
        return {**super().get_config(), "theta": float(self.theta)}

    def compute_output_shape(self, input_shape: Any) -> Any:
        return input_shape


class Softmax(_Elementwise):
    """`Softmax(axis=-1)`; masked positions (mask False) get zero probability."""

    def __init__(self, axis: Any = -1, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.axis = axis

    def call(self, inputs: Any, mask: Any = None) -> Any:
        if mask is not None:
            mask = self._checked_mask(inputs, mask)
            big = -3e4 if inputs.dtype.name == "float16" else -1e9
            inputs = where(mask, inputs, cast(big, inputs.dtype))
        if isinstance(self.axis, (tuple, list)) and len(self.axis) > 1:
            out = tm.exp(inputs - tr.reduce_logsumexp(inputs, axis=list(self.axis),
                                                     keepdims=True))
        else:
            axis = self.axis[0] if isinstance(self.axis, (tuple, list)) else self.axis
            out = tn.softmax(inputs, axis=axis)
        if mask is not None:  # a wholly masked row gives zeros, not a uniform distribution
            out = where(mask, out, zeros_like(out))
        return out

    @staticmethod
    def _checked_mask(inputs: Any, mask: Any) -> Any:
        """The mask as booleans (a number counts where > 0.5), after Keras 3's checks that
        it broadcasts to the inputs without growing them."""
        mask = convert_to_tensor(mask)
        m_shape, i_shape = mask.shape.as_list(), inputs.shape.as_list()
        if len(m_shape) > len(i_shape):
            raise ValueError("The `mask` must be broadcastable to `inputs` and must not have "
                             f"more dimensions. Received: inputs.shape={tuple(i_shape)}, "
                             f"mask.shape={tuple(m_shape)}")
        for m, i in zip(m_shape[::-1], i_shape[::-1]):
            if m is not None and i is not None and m not in (1, i):
                raise ValueError("The `mask` must be broadcastable to `inputs`. Each mask "
                                 "dimension must be 1 or match the corresponding input "
                                 f"dimension. Received: inputs.shape={tuple(i_shape)}, "
                                 f"mask.shape={tuple(m_shape)}")
        if mask.dtype.name != "bool":
            mask = tm.greater(mask, cast(0.5, mask.dtype))
        return mask

    def get_config(self) -> dict:
        config = super().get_config()
        config["axis"] = self.axis
        return config


class PReLU(Layer):
    """`PReLU(alpha_initializer='zeros', ..., shared_axes=None)`: a learned negative slope."""

    def __init__(self, alpha_initializer: Any = "Zeros", alpha_regularizer: Any = None,
                 alpha_constraint: Any = None, shared_axes: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.supports_masking = True
        self.alpha_initializer = initializers.get(alpha_initializer)
        self.alpha_regularizer = regularizers.get(alpha_regularizer)
        self.alpha_constraint = constraints.get(alpha_constraint)
        if shared_axes is None:
            self.shared_axes = None
        elif not isinstance(shared_axes, (list, tuple)):
            self.shared_axes = [shared_axes]
        else:
            self.shared_axes = list(shared_axes)

    def build(self, input_shape: Any) -> None:
        param_shape = list(TensorShape(input_shape).as_list()[1:])
        axes = {}
        if self.shared_axes is not None:
            for i in self.shared_axes:
                param_shape[i - 1] = 1
        for i in range(1, len(param_shape) + 1):
            if param_shape[i - 1] != 1 and param_shape[i - 1] is not None:
                axes[i] = TensorShape(input_shape)[i]
        self.alpha = self.add_weight(name="alpha", shape=param_shape,
                                     initializer=self.alpha_initializer,
                                     regularizer=self.alpha_regularizer,
                                     constraint=self.alpha_constraint)
        self.input_spec = InputSpec(ndim=len(TensorShape(input_shape)), axes=axes)
        self.built = True

    def call(self, inputs: Any) -> Any:
        pos = tn.relu(inputs)
        neg = -self.alpha * tn.relu(-inputs)
        return pos + neg

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        return TensorShape(input_shape)

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({"alpha_initializer": ser_init(self.alpha_initializer),
                       "alpha_regularizer": ser_reg(self.alpha_regularizer),
                       "alpha_constraint": ser_con(self.alpha_constraint),
                       "shared_axes": self.shared_axes})
        return config
