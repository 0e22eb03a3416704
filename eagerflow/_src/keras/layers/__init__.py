"""The built-in Keras layers, and layer (de)serialization by class name."""

from __future__ import annotations

from typing import Any

from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.input_layer import InputLayer
from eagerflow._src.keras.engine.input_spec import InputSpec
from eagerflow._src.keras.layers import activation as _activation
from eagerflow._src.keras.layers import conv as _conv
from eagerflow._src.keras.layers import core as _core
from eagerflow._src.keras.layers import merge as _merge
from eagerflow._src.keras.layers import normalization as _normalization
from eagerflow._src.keras.layers import pooling as _pooling
from eagerflow._src.keras.layers import preprocessing as _preprocessing
from eagerflow._src.keras.layers import reshaping as _reshaping
from eagerflow._src.keras.layers import rnn as _rnn
from eagerflow._src.keras.layers import wrappers as _wrappers


def _table() -> dict:
    table: dict = {"Layer": Layer, "InputLayer": InputLayer, "InputSpec": InputSpec}
    for mod in (_activation, _conv, _core, _merge, _normalization, _pooling, _preprocessing,
                _reshaping, _rnn, _wrappers):
        for name, obj in vars(mod).items():
            if isinstance(obj, type) and issubclass(obj, Layer) and not name.startswith("_"):
                table.setdefault(name, obj)
    from eagerflow._src.keras.engine.functional import Functional
    from eagerflow._src.keras.engine.sequential import Sequential
    from eagerflow._src.keras.engine.training import Model

    table.update({"Model": Model, "Functional": Functional, "Sequential": Sequential})
    return table


_TABLE: dict = {}


def layer_table() -> dict:
    if not _TABLE:
        _TABLE.update(_table())
    return _TABLE


def serialize(layer: Layer) -> dict:
    return {"module": "keras.layers", "class_name": type(layer).__name__,
            "config": layer.get_config(),
            "registered_name": getattr(type(layer), "_registered_name", None)}


def deserialize(config: dict, custom_objects: dict | None = None) -> Layer:
    """A layer (or model) from `{'class_name': ..., 'config': ...}`."""
    return ser.deserialize_object(config, layer_table(), "layer", custom_objects)
