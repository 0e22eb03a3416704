"""Layers made of other things: Pipeline (a list of layers applied in turn, for data
preprocessing) and TFSMLayer (a SavedModel's endpoint as a layer).

Keras layer level, over the serialization library and tf.saved_model.load.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import nest
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.call_spec import call_spec
from eagerflow._src.keras.engine.keras_tensor import get_mask
from eagerflow._src.keras.variables import keras_variable

# TFSMLayer's SavedModel reader (graph import, every op family a SavedModel may hold)
# loads when one is made, not with tf.keras.layers
saved_model_load = lazy_module("eagerflow._src.saved_model.load")


class Pipeline(Layer):
    """`Pipeline(layers, name=None)`: calls each layer on the previous one's output,
    passing on `training` and the outputs' masks (Keras 3's, meant for tf.data
    preprocessing, unlike Sequential it is no model)."""

    def __init__(self, layers: list, name: str | None = None) -> None:
        super().__init__(name=name)
        self._pipeline_layers = layers

    @property
    def layers(self) -> list:
        return self._pipeline_layers

    def call(self, inputs: Any, training: bool = True, mask: Any = None) -> Any:
        outputs = inputs
        for layer in self._pipeline_layers:
            spec = call_spec(layer)
            kwargs: dict = {}
            if spec.expects_mask:
                kwargs["mask"] = mask
            if spec.expects_training and training is not None:
                kwargs["training"] = training
            outputs = layer(inputs, **kwargs)
            inputs = outputs
            mask = nest.map_structure(get_mask, outputs)
        return outputs

    def get_config(self) -> dict:
        return {"layers": ser.serialize_keras_object(self._pipeline_layers),
                "name": self.name}

    @classmethod
    def from_config(cls, config: dict, custom_objects: dict | None = None) -> Pipeline:
        layers = config.get("layers")
        if not isinstance(layers, (list, tuple)):
            raise ValueError("`Pipeline` config must contain a `layers` key mapping to a list "
                             f"of serialized layers. Received config with layers={layers}.")
        return cls(**{**config, "layers": [ser.deserialize_keras_object(x, custom_objects)
                                           for x in layers]})


def _endpoint(loaded: Any, name: str, hint: str) -> Any:
    """The loaded SavedModel's attribute `name`, or its signature `name`."""
    if hasattr(loaded, name):
        return getattr(loaded, name)
    if name in loaded.signatures:
        return loaded.signatures[name]
    raise ValueError(f"The endpoint '{name}' is neither an attribute of the reloaded "
                     "SavedModel, nor an entry in the `signatures` field of the reloaded "
                     f"SavedModel. {hint}Available endpoints for this SavedModel: "
                     f"{list(loaded.signatures.keys())}")


def _variables_of(functions: list) -> list:
    """The variables the functions' concrete functions capture (trainable ones first), each
    once."""
    concrete = [c for f in functions for c in getattr(f, "concrete_functions", [f])]
    found: dict = {}
    for trainable in (True, False):
        for fn in concrete:
            for v in getattr(fn, "variables", ()):
                if bool(v.trainable) is trainable:
                    found.setdefault(id(v), v)
    return list(found.values())


class TFSMLayer(Layer):
    """`TFSMLayer(filepath, call_endpoint='serve', call_training_endpoint=None,
    trainable=True, name=None, dtype=None)`: a SavedModel (e.g. from `model.export`)
    loaded with tf.saved_model.load, its endpoint called as the layer; the variables the
    endpoints use are the layer's weights (named with '_' for '/', as in Keras)."""

    def __init__(self, filepath: str, call_endpoint: str = "serve",
                 call_training_endpoint: str | None = None, trainable: bool = True,
                 name: str | None = None, dtype: Any = None) -> None:
        super().__init__(trainable=trainable, name=name, dtype=dtype)
        self._reloaded_obj = saved_model_load.load(filepath)
        self.filepath = filepath
        self.call_endpoint = call_endpoint
        self.call_training_endpoint = call_training_endpoint
        self.call_endpoint_fn = _endpoint(
            self._reloaded_obj, call_endpoint,
            "Select another endpoint via the `call_endpoint` argument. ")
        functions = [self.call_endpoint_fn]
        if call_training_endpoint:
            self.call_training_endpoint_fn = _endpoint(self._reloaded_obj,
                                                       call_training_endpoint, "")
            functions.append(self.call_training_endpoint_fn)
        for v in _variables_of(functions):
            name = v.name.replace("/", "_")
            self._track_own_variable(keras_variable(v, name, path=name))
        self.built = True

    def call(self, inputs: Any, training: bool = False, **kwargs: Any) -> Any:
        if training and self.call_training_endpoint:
            return self.call_training_endpoint_fn(inputs, **kwargs)
        return self.call_endpoint_fn(inputs, **kwargs)

    def get_config(self) -> dict:
        return {**super().get_config(), "filepath": self.filepath,
                "call_endpoint": self.call_endpoint,
                "call_training_endpoint": self.call_training_endpoint}

    @classmethod
    def from_config(cls, config: dict, custom_objects: dict | None = None,
                    safe_mode: bool | None = None) -> TFSMLayer:
        if safe_mode is None:  # that of the load_model / deserialize call it is part of
            safe_mode = kb.in_safe_mode()
        if safe_mode is not False:
            raise ValueError(
                "Requested the deserialization of a `TFSMLayer`, which loads an external "
                "SavedModel. This carries a potential risk of arbitrary code execution and "
                "thus it is disallowed by default. If you trust the source of the artifact, "
                "you can override this error by passing `safe_mode=False` to the loading "
                "function, or calling `keras.config.enable_unsafe_deserialization().")
        return cls(**config)
