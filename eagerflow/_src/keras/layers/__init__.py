"""The built-in Keras layers (one module per family), and layer (de)serialization."""

from __future__ import annotations

from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.engine.base_layer import Layer


def serialize(layer: Layer) -> dict:
    return ser.serialize_keras_object(layer)


def deserialize(config: dict, custom_objects: dict | None = None) -> Layer:
    """A layer (or model) from its config in Keras 3's form: as in Keras 3.15, a built-in
    class is found by the config's `module` only (Keras 2's bare `{'class_name': 'ReLU',
    'config': {}}` is a TypeError), a custom one in `custom_objects` or the registry."""
    obj = ser.deserialize_keras_object(config, custom_objects=custom_objects)
    if not isinstance(obj, Layer):
        raise ValueError("`keras.layers.deserialize` was passed a `config` object that is not "
                         f"a `keras.layers.Layer`. Received: {config}")
    return obj
