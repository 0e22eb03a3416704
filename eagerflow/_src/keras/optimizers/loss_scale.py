"""keras.optimizers.LossScaleOptimizer (tf.keras.mixed_precision.LossScaleOptimizer): dynamic
loss scaling for float16 training (keras layer, on the base Optimizer).

The loss is multiplied by a scale before gradients are taken (`scale_loss`), so small
float16 gradients do not flush to zero; `apply` divides them by the scale again. When a
gradient is not finite the step is skipped and the scale halved; after
`dynamic_growth_steps` finite steps in a row it doubles. As Keras 3's: the scale and the
step counter are variables, and the branch is a `tf.cond`, so a traced train step keeps it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.control_flow.conditionals import cond
from eagerflow._src.core import dtypes as dt
from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.ops import numpy_math as knm
from eagerflow._src.keras.optimizers import slices as sp
from eagerflow._src.keras.optimizers.optimizer import Optimizer
from eagerflow._src.keras.variables import keras_variable
from eagerflow._src.ops import math as m
from eagerflow._src.ops.math_base import cast, where
from eagerflow._src.ops.reduce import reduce_all
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.variables import Variable

_BASE_DEFAULTS = {"weight_decay": None, "clipnorm": None, "global_clipnorm": None,
                  "clipvalue": None, "use_ema": False, "ema_momentum": 0.99,
                  "ema_overwrite_frequency": None, "loss_scale_factor": None,
                  "gradient_accumulation_steps": None}


class LossScaleOptimizer(Optimizer):
    """`LossScaleOptimizer(inner_optimizer, initial_scale=2.0**15, dynamic_growth_steps=2000)`."""

    def __init__(self, inner_optimizer: Optimizer, initial_scale: float = 2.0**15,
                 dynamic_growth_steps: int = 2000, name: str | None = None,
                 **kwargs: Any) -> None:
        if not kwargs.pop("dynamic", True):
            raise ValueError("LossScaleOptimizer no longer supports `dynamic=False`. Instead, "
                             "simply set `loss_scale_factor` directly on the `inner_optimizer`.")
        for arg, default in _BASE_DEFAULTS.items():
            if arg in kwargs and kwargs.pop(arg) != default:
                raise ValueError(f"LossScaleOptimizer does not support `{arg}`. Instead, set "
                                 f"`{arg}` on the `inner_optimizer`.")
        if kwargs:
            raise ValueError("LossScaleOptimizer does not support arguments: "
                             f"`{'`, `'.join(kwargs)}`.")
        super().__init__(learning_rate=0.0, name=name)
        self.inner_optimizer = inner_optimizer
        self.initial_scale = initial_scale
        self.dynamic_growth_steps = dynamic_growth_steps
        # (the inner optimizer's own loss scaling off, as Keras 3 turns it off: a string
        # there fails as Keras's assignment does)
        inner_optimizer.loss_scale_factor = None
        # step_counter and dynamic_scale exist once built, as Keras 3's attributes

    def build(self, var_list: Any) -> None:
        if "step_counter" not in self.__dict__:
            self.step_counter = self._own_variable("step_counter", keras_variable(
                Variable(np.int64(0), trainable=False, dtype=dt.int64, name="step_counter"),
                "step_counter", f"{self.name}/step_counter"))
            self.dynamic_scale = self._own_variable("dynamic_scale", keras_variable(
                Variable(np.float32(self.initial_scale), trainable=False, dtype=dt.float32,
                         name="dynamic_scale"),
                "dynamic_scale", f"{self.name}/dynamic_scale"))
        self.inner_optimizer.build(var_list)
        super().build(var_list)

    @property
    def variables(self) -> Any:
        """Its own (iteration, learning_rate, the scale's), then the inner optimizer's."""
        out = super().variables
        out.extend(self.inner_optimizer.variables)
        return out

    def scale_loss(self, loss: Any) -> Any:
        scale = self.dynamic_scale if self.built else self.initial_scale
        return knm.multiply(loss, scale)  # (keras.ops': a float16 loss times the scale is float32)

    def check_finite(self, grads: list) -> Any:
        flags = [reduce_all(m.is_finite(g)) for g in grads if g is not None]
        return reduce_all(stack(flags)) if flags else True

    def apply(self, grads: Any, trainable_variables: Any = None) -> None:
        grads, variables = list(grads), list(trainable_variables or [])
        self.build(variables)

        def finite() -> Any:
            scale = self.dynamic_scale
            self.inner_optimizer.apply([None if g is None else
                                        sp.divide(g, cast(scale, g.dtype)) for g in grads],
                                       variables)
            grow = m.equal(self.step_counter, self.dynamic_growth_steps - 1)
            self.step_counter.assign(where(grow, np.int64(0), self.step_counter + 1))
            self.dynamic_scale.assign(where(grow, scale * 2.0, scale))
            return self.step_counter.read_value()

        def not_finite() -> Any:
            self.step_counter.assign(np.int64(0))
            self.dynamic_scale.assign(self.dynamic_scale * 0.5)
            return self.step_counter.read_value()

        cond(self.check_finite(grads), finite, not_finite)

    @property
    def learning_rate(self) -> Any:
        return self.inner_optimizer.learning_rate

    @learning_rate.setter
    def learning_rate(self, value: Any) -> None:
        if hasattr(self, "inner_optimizer"):
            self.inner_optimizer.learning_rate = value

    @property
    def iterations(self) -> Variable:
        return self.inner_optimizer.iterations

    def finalize_variable_values(self, var_list: Any) -> None:
        self.inner_optimizer.finalize_variable_values(var_list)

    def get_config(self) -> dict:
        return {"name": self.name,
                "inner_optimizer": ser.serialize_keras_object(self.inner_optimizer),
                "initial_scale": self.initial_scale,
                "dynamic_growth_steps": self.dynamic_growth_steps}

    @classmethod
    def from_config(cls, config: dict, custom_objects: dict | None = None) -> Any:
        # (Keras 3 takes the inner optimizer out of the caller's dict: deserializing the
        # same config twice then fails with its KeyError)
        inner = ser.deserialize_keras_object(config.pop("inner_optimizer"),
                                            custom_objects=custom_objects)
        return cls(inner, **config)
