"""Model-level helpers: clone_model, model_from_config, model_from_json."""

from __future__ import annotations

import json
from typing import Any

from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.sequential import Sequential
from eagerflow._src.keras.engine.training import Functional
from eagerflow._src.keras.layers import deserialize


def model_from_config(config: dict, custom_objects: dict | None = None) -> Layer:
    if isinstance(config, list):
        raise TypeError("`model_from_config` expects a dictionary, not a list. Received: "
                        f"config={config}. Did you meant to use `Sequential.from_config(config)`"
                        "?")
    return deserialize(config, custom_objects)


def model_from_json(json_string: str, custom_objects: dict | None = None) -> Layer:
    return model_from_config(json.loads(json_string), custom_objects)


def clone_model(model: Any, input_tensors: Any = None, clone_function: Any = None,
                call_function: Any = None, recursive: bool = False, **kwargs: Any) -> Any:
    """A new model with the same architecture (fresh weights), rebuilt from its config.
    Each nested model is rebuilt from its config too, so `recursive` (which in Keras only
    hands a custom `clone_function` down to nested models) changes nothing here."""
    kwargs.pop("cache", None)  # (Keras's internal keyword, for layers shared when recursing)
    if kwargs:
        raise ValueError(f"Unexpected keyword argument(s): {tuple(kwargs.keys())}")
    if clone_function is not None:
        raise NotImplementedError("clone_model(clone_function=...) is not supported")
    if call_function is not None:
        raise NotImplementedError("clone_model(call_function=...) is not supported")
    # Keras clones each layer by its own class's from_config, so classes never registered
    # (defined in a function, say) clone too: the rebuild is told where to find them
    classes = {type(layer).__name__: type(layer) for layer in model._flatten_layers()}
    if isinstance(model, Sequential):
        # (its layers unbuilt, as Keras's clones are: they build under the model's scope)
        config = model.get_config()
        config["layers"] = [{k: v for k, v in spec.items() if k != "build_config"}
                            for spec in config["layers"]]
        clone = Sequential.from_config(config, custom_objects=classes)
    elif isinstance(model, Functional):
        clone = Functional.from_config(model.get_config(), custom_objects=classes)
    else:
        raise ValueError("Expected `model` argument to be a functional `Model` instance, but got "
                         f"a subclassed model instead: {model}")
    if model.compiled:  # Keras 3 compiles the clone as the model was compiled
        clone.compile_from_config(model.get_compile_config())
    return clone
