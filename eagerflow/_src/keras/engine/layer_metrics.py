"""Keras 3's custom metrics: the metrics a layer or model holds in attributes (a custom
model's trackers, `self.loss_tracker = keras.metrics.Mean(...)`), which `Layer.metrics`
and a model's `metrics` list after its compiled ones.

Layers note here when they are given one (base_layer's __setattr__), so that a model's
`metrics`, read every training step, looks for none while no layer holds any.
keras.metrics.Metric sits above the layers (a metric's update runs keras ops, whose
symbolic forms are layers' operations): metrics.base hands the class down as it loads.

Sits under base_layer; knows layers only by the methods it calls on them.
"""

from __future__ import annotations

import weakref
from typing import Any

# layers that were given a metric as an attribute (or in a list or dict)
_HOLDERS: weakref.WeakSet = weakref.WeakSet()
_metric_class: list = []


def register_metric_class(cls: type) -> None:
    """Makes `cls` (keras.metrics.Metric) the class these functions collect."""
    _metric_class[:] = [cls]


def classes() -> tuple:
    """(keras.metrics.Metric,) once it is registered, else ()."""
    return tuple(_metric_class)


def is_metric(value: Any) -> bool:
    return bool(_metric_class) and isinstance(value, _metric_class[0])


def note_attribute(layer: Any, value: Any, flat: list | None) -> None:
    """Records that `layer` holds a metric when `value` (or `flat`, its flattened items
    when it is a list, tuple or dict) is one."""
    if not _metric_class:
        return
    cls = _metric_class[0]
    if isinstance(value, cls) or (flat is not None and any(isinstance(v, cls) for v in flat)):
        _HOLDERS.add(layer)


def layer_metrics(layer: Any) -> list:
    """`Layer.metrics`: the metrics `layer` holds, then its sublayers'."""
    if not _HOLDERS:
        return []
    out = layer._held(_metric_class[0]) if layer in _HOLDERS else []
    for sub in layer._direct_sublayers():
        out.extend(layer_metrics(sub))
    return out


def _is_model(layer: Any) -> bool:
    """Whether `layer` trains (a Keras model: its trainer makes the steps)."""
    return getattr(type(layer), "make_train_function", None) is not None


def model_metrics(model: Any) -> list:
    """A model's custom metrics: those it holds, then those of its sublayers that are not
    models themselves (a model's own are its trainer's)."""
    if not _HOLDERS:
        return []
    holders = set(_HOLDERS)
    layers = [model] if holders == {model} else model._flatten_layers()
    out = []
    for layer in layers:
        if layer in holders and (layer is model or not _is_model(layer)):
            out.extend(layer._held(_metric_class[0]))
    return out
