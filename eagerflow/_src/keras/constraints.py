"""Keras weight constraints: projections applied to a weight after each optimizer update.

A layer passes `kernel_constraint=...` on to its Variable (`variable.constraint`);
the optimizer applies it after updating the variable.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.keras import backend as kb
from eagerflow._src.keras import serialization as ser
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import reduce as tr
from eagerflow._src.ops.math_base import cast


class Constraint:
    def __call__(self, w: Any) -> Any:
        return w

    def get_config(self) -> dict:
        return {}

    @classmethod
    def from_config(cls, config: dict) -> Constraint:
        return cls(**config)


def _norms(w: Any, axis: Any) -> Any:
    return tm.sqrt(tr.reduce_sum(tm.square(w), axis=axis, keepdims=True))


class MaxNorm(Constraint):
    def __init__(self, max_value: float = 2, axis: Any = 0) -> None:
        self.max_value, self.axis = max_value, axis

    def __call__(self, w: Any) -> Any:
        norms = _norms(w, self.axis)
        desired = tm.clip_by_value(norms, 0.0, float(self.max_value))
        return w * (desired / (kb.epsilon() + norms))

    def get_config(self) -> dict:
        return {"max_value": self.max_value, "axis": self.axis}


class NonNeg(Constraint):
    def __call__(self, w: Any) -> Any:
        return tm.maximum(w, cast(0, w.dtype))  # (-4 becomes 0.0, not -0.0, as in Keras)


class UnitNorm(Constraint):
    def __init__(self, axis: Any = 0) -> None:
        self.axis = axis

    def __call__(self, w: Any) -> Any:
        return w / (kb.epsilon() + _norms(w, self.axis))

    def get_config(self) -> dict:
        return {"axis": self.axis}


class MinMaxNorm(Constraint):
    def __init__(self, min_value: float = 0.0, max_value: float = 1.0, rate: float = 1.0,
                 axis: Any = 0) -> None:
        self.min_value, self.max_value, self.rate, self.axis = min_value, max_value, rate, axis

    def __call__(self, w: Any) -> Any:
        norms = _norms(w, self.axis)
        desired = (self.rate * tm.clip_by_value(norms, float(self.min_value),
                                               float(self.max_value))
                   + (1 - self.rate) * norms)
        return w * (desired / (kb.epsilon() + norms))

    def get_config(self) -> dict:
        return {"min_value": self.min_value, "max_value": self.max_value, "rate": self.rate,
                "axis": self.axis}


max_norm = MaxNorm
non_neg = NonNeg
unit_norm = UnitNorm
min_max_norm = MinMaxNorm

_TABLE = {"MaxNorm": MaxNorm, "NonNeg": NonNeg, "UnitNorm": UnitNorm, "MinMaxNorm": MinMaxNorm,
          "max_norm": MaxNorm, "non_neg": NonNeg, "unit_norm": UnitNorm,
          "min_max_norm": MinMaxNorm, "maxnorm": MaxNorm, "nonneg": NonNeg,
          "unitnorm": UnitNorm}


def serialize(constraint: Any) -> Any:
    return ser.serialize_keras_object(constraint)


def deserialize(config: Any, custom_objects: dict | None = None) -> Any:
    return ser.deserialize_keras_object(config, module_objects=_TABLE,
                                        custom_objects=custom_objects)


def get(identifier: Any) -> Any:
    return ser.get_from(identifier, _TABLE, deserialize, "constraint")
