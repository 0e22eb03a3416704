"""The built-in Keras layers (one module per family), and layer (de)serialization."""

from __future__ import annotations

from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.engine.base_layer import Layer


def serialize(layer: Layer) -> dict:
    return ser.serialize_keras_object(layer)


def deserialize(config: dict, custom_objects: dict | None = None) -> Layer:
    """A layer (or model) from its config (Keras 3's form, or Keras 2's)."""
    obj = ser.deserialize_layer(config, custom_objects)
    if not isinstance(obj, Layer):
        raise ValueError("`keras.layers.deserialize` was passed a `config` object that is not "
                         f"a `keras.layers.Layer`. Received: {config}")
    return obj
