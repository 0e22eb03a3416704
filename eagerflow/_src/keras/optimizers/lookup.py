"""keras.optimizers.get/serialize/deserialize: optimizers by name or config.

Sits above every optimizer module (optimizers, recent, loss_scale, multi), so that a
name such as "adafactor" finds any of them.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.optimizers.loss_scale import LossScaleOptimizer
from eagerflow._src.keras.optimizers.multi import MultiOptimizer, OptimizerMap
from eagerflow._src.keras.optimizers.optimizer import Optimizer
from eagerflow._src.keras.optimizers.optimizers import (
    SGD,
    Adadelta,
    Adagrad,
    Adam,
    Adamax,
    AdamW,
    Ftrl,
    Lion,
    Nadam,
    RMSprop,
)
from eagerflow._src.keras.optimizers.recent import Adafactor, Muon, ScheduleFreeAdamW

# (Lamb is not among them, as in Keras 3.15's table: get("lamb") fails and deserialize
# hands a Lamb config's class name back; serialization's own lookup still finds it)
ALL = {c.__name__.lower(): c for c in (
    SGD, Adam, AdamW, RMSprop, Adagrad, Adadelta, Adamax, Nadam, Ftrl, Lion, Adafactor,
    Muon, ScheduleFreeAdamW, LossScaleOptimizer, MultiOptimizer, OptimizerMap, Optimizer)}


def get(identifier: Any) -> Optimizer:
    """An optimizer from a name ("adam"), a config dict, or an optimizer instance."""
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        obj = deserialize(identifier)
    elif isinstance(identifier, str):
        obj = deserialize({"class_name": identifier, "config": {}})
    else:
        obj = identifier
    if isinstance(obj, Optimizer):
        return obj
    raise ValueError(f"Could not interpret optimizer identifier: {identifier}")


def serialize(optimizer: Optimizer) -> dict:
    return ser.serialize_keras_object(optimizer)


def deserialize(config: dict, custom_objects: dict | None = None) -> Optimizer:
    """An optimizer from its config (built-in class names in any case)."""
    table = {**ALL, **{c.__name__: c for c in ALL.values()}}
    if config["class_name"].lower() in ALL:
        config = {**config, "class_name": config["class_name"].lower()}
    return ser.deserialize_keras_object(config, module_objects=table,
                                        custom_objects=custom_objects)
