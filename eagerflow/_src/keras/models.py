"""Model-level helpers: clone_model, model_from_config, model_from_json."""

from __future__ import annotations

import inspect
import json
from typing import Any, Callable

from eagerflow._src.core import nest
from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.input_layer import Input
from eagerflow._src.keras.engine.keras_tensor import KerasTensor
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
    """A Functional or Sequential model's layers cloned and called again, as Keras 3 clones.

    Each layer goes through `clone_function` (default: a new layer from its config, so
    fresh weights; a layer called twice is cloned once). A functional model's graph is
    replayed on new Inputs named as the model's input tensors, or on `input_tensors`, each
    call made by `call_function(layer, *args, **kwargs)` when given; with `recursive`,
    nested Sequential and Functional models are cloned the same way rather than by
    `clone_function`. Any other model or layer is rebuilt from its serialized config.
    """
    cache = kwargs.pop("cache", None)
    if kwargs:
        raise ValueError(f"Unexpected keyword argument(s): {tuple(kwargs.keys())}")
    if isinstance(model, Sequential):
        clone_function = _wrap_clone_function(clone_function, call_function, recursive, cache)
        if call_function is not None:
            raise ValueError(
                "`call_function` argument is not supported with Sequential models.  In a "
                "Sequential model, layers aren't called at model-construction time (they're "
                "merely listed). Use `call_function` with Functional models only. Received "
                f"model of type '{model.__class__.__name__}', with "
                f"call_function={clone_function}")
        return _clone_sequential(model, clone_function, input_tensors)
    if isinstance(model, Functional):
        clone_function = _wrap_clone_function(clone_function, call_function, recursive, cache)
        return _clone_functional(model, clone_function, input_tensors, call_function)
    if clone_function or input_tensors:
        raise ValueError("Arguments `clone_function` and `input_tensors` are only supported for "
                         "Sequential models or Functional models. Received model of type "
                         f"'{model.__class__.__name__}', with clone_function={clone_function} "
                         f"and input_tensors={input_tensors}")
    if call_function is not None:
        # (Keras 3 names clone_function's value here)
        raise ValueError("Argument `call_function` is only supported for Functional models. "
                         f"Received model of type '{model.__class__.__name__}', with "
                         f"call_function={clone_function}")
    config = ser.serialize_keras_object(model)
    return ser.deserialize_keras_object(
        config, custom_objects={model.__class__.__name__: model.__class__})


def _wrap_clone_function(clone_function: Any, call_function: Any, recursive: bool,
                         cache: dict | None) -> Callable:
    """`clone_function` (a config round trip by default) over a cache, so a shared layer
    is cloned once; with `recursive`, nested models are cloned by clone_model."""
    if clone_function is None:
        def clone_function(layer: Any) -> Any:
            return layer.__class__.from_config(layer.get_config())
    cache = {} if cache is None else cache

    def wrapped(layer: Any) -> Any:
        if id(layer) in cache:
            return cache[id(layer)]
        if recursive and isinstance(layer, (Sequential, Functional)):
            clone = clone_model(layer, clone_function=clone_function, recursive=True,
                                cache=cache, **({} if isinstance(layer, Sequential) else
                                                {"call_function": call_function}))
        else:
            clone = clone_function(layer)
        cache[id(layer)] = clone
        return clone
    return wrapped


def _clone_sequential(model: Sequential, clone_function: Callable, input_tensors: Any) -> Any:
    new_layers = [clone_function(layer) for layer in model.layers]
    ref = model._input_layer_obj
    name, optional = (ref.name, ref.optional) if ref is not None else (None, False)
    if input_tensors is not None:
        if isinstance(input_tensors, (list, tuple)):
            if len(input_tensors) != 1:
                raise ValueError("Argument `input_tensors` must contain a single tensor.")
            input_tensors = input_tensors[0]
        if not isinstance(input_tensors, KerasTensor):
            raise ValueError("Argument `input_tensors` must be a KerasTensor. Received invalid "
                             f"value: input_tensors={input_tensors}")
        new_layers = [Input(tensor=input_tensors, name=name, optional=optional)] + new_layers
    elif ref is not None:
        new_layers = [Input(batch_shape=ref.batch_shape, dtype=ref.dtype, name=name,
                            optional=optional)] + new_layers
    clone = Sequential(new_layers, name=model.name, trainable=model.trainable)
    if model.compiled:  # Keras 3 compiles the clone as the model was compiled
        clone.compile_from_config(model.get_compile_config())
    return clone


def _clone_functional(model: Functional, clone_function: Callable, input_tensors: Any,
                      call_function: Any) -> Any:
    if input_tensors is not None:
        if not all(isinstance(x, KerasTensor) for x in nest.flatten(input_tensors)):
            raise ValueError("All entries in `input_tensors` must be KerasTensors. Received "
                             f"invalid values: inputs_tensors={input_tensors}")
        try:
            nest.assert_same_structure(input_tensors, model.input)
        except (ValueError, TypeError) as e:
            raise ValueError("`input_tensors` must have the same structure as model.input\n"
                             f"Reference structure: {model.input}\nReceived structure: "
                             f"{input_tensors}") from e
    else:
        input_tensors = nest.map_structure(
            lambda x: Input(batch_shape=x.shape, dtype=x.dtype, name=x.name), model.input)
    values = {id(kt): t for kt, t in zip(model._flat_inputs, nest.flatten(input_tensors))}
    for node in model._run_order:
        if any(id(t) not in values for t in node.flat_inputs):
            continue
        args, kwargs = node.map_arguments(values)
        layer = clone_function(node.layer)
        outputs = call_function(layer, *args, **kwargs) if call_function is not None else \
            layer(*args, **kwargs)
        for kt, out in zip(node.flat_outputs, nest.flatten(outputs)):
            values[id(kt)] = out
    outputs = nest.pack_sequence_as(model._nested_outputs,
                                    [values[id(kt)] for kt in model._flat_outputs])
    cls = type(model) if _functional_like_constructor(type(model)) else Functional
    clone = cls(input_tensors, outputs, name=model.name)
    if model.compiled:
        clone.compile_from_config(model.get_compile_config())
    return clone


def _functional_like_constructor(cls: type) -> bool:
    """Whether `cls` is made as Keras 3's Functional is, from (inputs, outputs, name)."""
    if cls is Functional:
        return True
    spec = inspect.getfullargspec(cls.__init__)
    if spec.args[1:] == ["inputs", "outputs", "name"]:
        return True
    return spec.varargs is not None and spec.varkw is not None
