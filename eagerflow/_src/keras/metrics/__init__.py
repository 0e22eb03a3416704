"""Keras metrics (implementation; public names in eagerflow.keras.metrics)."""

from __future__ import annotations

from typing import Any

from eagerflow._src.keras import losses as _L
from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.metrics import base, confusion, iou, scores, simple

_BY_NAME = {
    "accuracy": simple.accuracy, "acc": simple.accuracy,
    "binary_accuracy": simple.binary_accuracy,
    "categorical_accuracy": simple.categorical_accuracy,
    "sparse_categorical_accuracy": simple.sparse_categorical_accuracy,
    "top_k_categorical_accuracy": simple.top_k_categorical_accuracy,
    "sparse_top_k_categorical_accuracy": simple.sparse_top_k_categorical_accuracy,
    "mse": _L.mean_squared_error, "mean_squared_error": _L.mean_squared_error,
    "mae": _L.mean_absolute_error, "mean_absolute_error": _L.mean_absolute_error,
    "mape": _L.mean_absolute_percentage_error,
    "mean_absolute_percentage_error": _L.mean_absolute_percentage_error,
    "msle": _L.mean_squared_logarithmic_error,
    "mean_squared_logarithmic_error": _L.mean_squared_logarithmic_error,
    "binary_crossentropy": _L.binary_crossentropy,
    "categorical_crossentropy": _L.categorical_crossentropy,
    "sparse_categorical_crossentropy": _L.sparse_categorical_crossentropy,
    "hinge": _L.hinge, "squared_hinge": _L.squared_hinge,
    "categorical_hinge": _L.categorical_hinge, "kl_divergence": _L.kl_divergence,
    "kld": _L.kl_divergence, "poisson": _L.poisson, "logcosh": _L.log_cosh,
    "log_cosh": _L.log_cosh, "cosine_similarity": simple.cosine_similarity,
}

_CLASSES: dict[str, type] = {}
for _mod in (base, simple, confusion, iou, scores):
    for _k, _v in vars(_mod).items():
        if isinstance(_v, type) and issubclass(_v, base.Metric) and not _k.startswith("_"):
            _CLASSES[_k] = _v


_TABLE = {**_CLASSES, **_BY_NAME}


def get(identifier: Any) -> Any:
    """A metric function or Metric from a name, a config dict, or a callable/Metric."""
    return ser.get_from(identifier, _TABLE, deserialize, "metric")


def serialize(metric: Any) -> Any:
    return ser.serialize_keras_object(metric)


def deserialize(config: Any, custom_objects: dict | None = None) -> Any:
    return ser.deserialize_keras_object(config, module_objects=_TABLE,
                                        custom_objects=custom_objects)
