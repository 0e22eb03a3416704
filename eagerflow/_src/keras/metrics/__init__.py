"""Keras metrics (implementation; public names in eagerflow.keras.metrics)."""

from __future__ import annotations

from typing import Any

from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.backend import to_snake_case
from eagerflow._src.keras.metrics import base, confusion, correlation, iou, scores, simple

_CLASSES: dict[str, type] = {}
for _mod in (base, simple, confusion, iou, scores, correlation):
    for _k, _v in vars(_mod).items():
        if isinstance(_v, type) and issubclass(_v, base.Metric) and not _k.startswith("_"):
            _CLASSES[_k] = _v

# Keras 3's names: every class by its name and in snake case, and short aliases (all
# classes: `get("mae")` is a MeanAbsoluteError)
_TABLE: dict[str, Any] = {**_CLASSES, **{to_snake_case(k): v for k, v in _CLASSES.items()}}
for _short, _cls in (("bce", simple.BinaryCrossentropy), ("mse", simple.MeanSquaredError),
                     ("mae", simple.MeanAbsoluteError),
                     ("mape", simple.MeanAbsolutePercentageError),
                     ("msle", simple.MeanSquaredLogarithmicError)):
    _TABLE[_short] = _TABLE[_short.upper()] = _cls


def get(identifier: Any) -> Any:
    """A metric function or Metric from a name, a config dict, or a callable/Metric."""
    return ser.get_from(identifier, _TABLE, deserialize, "metric")


def serialize(metric: Any) -> Any:
    return ser.serialize_keras_object(metric)


def deserialize(config: Any, custom_objects: dict | None = None) -> Any:
    return ser.deserialize_keras_object(config, module_objects=_TABLE,
                                        custom_objects=custom_objects)
