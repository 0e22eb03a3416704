"""Keras weight regularizers: callables mapping a weight to a scalar penalty.

A layer's `kernel_regularizer=l2(1e-4)` adds `l2 * sum(w ** 2)` to `layer.losses`,
recomputed from the current weights each time the losses are read.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.keras import serialization as ser
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import reduce as tr


def _check_penalty(value: Any, name: str) -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise ValueError(f"Value {value} is not a valid regularization penalty number, "
                         "expected an int or a float value.")
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"Value {value} is not a valid regularization penalty number, a "
                         "positive/negative infinity or NaN is not a property value")
    return float(value)


class Regularizer:
    """Base class: `__call__(x)` returns a scalar penalty."""

    def __call__(self, x: Any) -> Any:
        return 0.0

    def get_config(self) -> dict:
        return {}

    @classmethod
    def from_config(cls, config: dict) -> Regularizer:
        return cls(**config)


class L1(Regularizer):
    def __init__(self, l1: float = 0.01, **kwargs: Any) -> None:
        l1 = kwargs.pop("l", l1)  # Keras 2 accepted the alias `l`
        self.l1 = _check_penalty(l1, "l1")

    def __call__(self, x: Any) -> Any:
        return self.l1 * tr.reduce_sum(tm.abs(x))

    def get_config(self) -> dict:
        return {"l1": float(self.l1)}


class L2(Regularizer):
    def __init__(self, l2: float = 0.01, **kwargs: Any) -> None:
        l2 = kwargs.pop("l", l2)
        self.l2 = _check_penalty(l2, "l2")

    def __call__(self, x: Any) -> Any:
        return self.l2 * tr.reduce_sum(tm.square(x))

    def get_config(self) -> dict:
        return {"l2": float(self.l2)}


class L1L2(Regularizer):
    def __init__(self, l1: float = 0.0, l2: float = 0.0) -> None:
        self.l1 = _check_penalty(l1, "l1")
        self.l2 = _check_penalty(l2, "l2")

    def __call__(self, x: Any) -> Any:
        total = None
        if self.l1:
            total = self.l1 * tr.reduce_sum(tm.abs(x))
        if self.l2:
            t = self.l2 * tr.reduce_sum(tm.square(x))
            total = t if total is None else total + t
        if total is None:
            return tr.reduce_sum(x * 0.0)
        return total

    def get_config(self) -> dict:
        return {"l1": float(self.l1), "l2": float(self.l2)}


def l1(l1: float = 0.01) -> L1:  # noqa: E741 - Keras's name
    return L1(l1)


def l2(l2: float = 0.01) -> L2:
    return L2(l2)


def l1_l2(l1: float = 0.01, l2: float = 0.01) -> L1L2:  # noqa: E741
    return L1L2(l1=l1, l2=l2)


_TABLE = {"L1": L1, "L2": L2, "L1L2": L1L2, "l1": L1, "l2": L2, "l1_l2": l1_l2,
          "Regularizer": Regularizer}


def serialize(regularizer: Any) -> Any:
    return ser.serialize_object(regularizer, "keras.regularizers")


def deserialize(config: Any, custom_objects: dict | None = None) -> Any:
    obj = ser.deserialize_object(config, _TABLE, "regularizer", custom_objects)
    return obj() if isinstance(obj, type) or obj is l1_l2 else obj


def get(identifier: Any) -> Any:
    return ser.get_object(identifier, deserialize, "regularizer")
