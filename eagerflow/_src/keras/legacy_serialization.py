"""keras.legacy.saving: Keras 2's `{'class_name': ..., 'config': ...}` serialization, which
Keras 3 keeps for old configs (no `module` or `registered_name` entries).

Sits on serialization.py (registered names, custom objects). Users' code reading or
writing Keras 2 configs uses it, and so do legacy `.h5` model files (legacy_h5.py): inside
`legacy_config_scope()` a Sequential or functional model's config holds its layers in this
form, as Keras 3 writes them with its `use_legacy_config` option.
"""

from __future__ import annotations

import contextlib
import inspect
import threading
from collections.abc import Iterator
from typing import Any

from eagerflow._src.keras import serialization as ser

_state = threading.local()
# Legacy Lambda configs carried these Keras 2 entries, which Keras 3's Lambda does not take.
_LAMBDA_DEP_ARGS = ("module", "function_type", "output_shape_type", "output_shape_module")


@contextlib.contextmanager
def legacy_config_scope() -> Iterator[None]:
    """Models' get_config serializes their layers in Keras 2's form while it is open."""
    saved = getattr(_state, "on", False)
    _state.on = True
    try:
        yield
    finally:
        _state.on = saved


def in_legacy_config() -> bool:
    return getattr(_state, "on", False)


def serialize_keras_object(instance: Any) -> Any:
    """`{'class_name': name, 'config': config}` for an object with get_config (objects in
    its config serialized the same way), a function's registered name, None for None."""
    instance = inspect.unwrap(instance) if callable(instance) else instance
    if instance is None:
        return None
    if hasattr(instance, "get_config"):
        config: dict = {}
        for key, item in instance.get_config().items():
            if isinstance(item, str):
                config[key] = item
                continue
            try:
                serialized = serialize_keras_object(item)
                if isinstance(serialized, dict) and not isinstance(item, dict):
                    serialized["__passive_serialization__"] = True
                config[key] = serialized
            except ValueError:
                config[key] = item
        return {"class_name": ser.get_registered_name(type(instance)), "config": config}
    if hasattr(instance, "__name__"):
        return ser.get_registered_name(instance)
    raise ValueError(f"Cannot serialize {instance} because it doesn't implement "
                     "`get_config()`.")


def _lookup(name: str, module_objects: dict, custom_objects: dict,
            printable_module_name: str) -> Any:
    obj = ser.get_registered_object(name, custom_objects, module_objects)
    if obj is None:
        raise ValueError(f"Unknown {printable_module_name}: '{name}'. Please ensure you are "
                         "using a `keras.utils.custom_object_scope` and that this object is "
                         "included in the scope. See https://www.tensorflow.org/guide/keras/"
                         "save_and_serialize#registering_the_custom_object for details.")
    return obj


def deserialize_keras_object(identifier: Any, module_objects: dict | None = None,
                             custom_objects: dict | None = None,
                             printable_module_name: str = "object") -> Any:
    """The object a Keras 2 config (or a name) stands for: classes are looked up in
    `custom_objects`, the registered objects, then `module_objects`, and made with
    `from_config`; a name gives its function (a class named alone is instantiated)."""
    if identifier is None:
        return None
    module_objects = module_objects or {}
    custom_objects = custom_objects or {}
    if isinstance(identifier, dict):
        name = identifier.get("class_name")
        if name is None or "config" not in identifier:
            raise ValueError(f"Improper config format for {identifier}. Expecting python "
                             "dict contains `class_name` and `config` as keys")
        cls = _lookup(name, module_objects, custom_objects, printable_module_name)
        config = identifier["config"]
        if not hasattr(cls, "from_config"):
            raise TypeError(f"Unable to reconstruct an instance of '{name}' because the class"
                            " is missing a `from_config()` method.")
        params = inspect.signature(cls.from_config).parameters
        if "custom_objects" in params:
            return cls.from_config(config, custom_objects={**module_objects, **custom_objects})
        with ser.scope_adding(custom_objects):
            return cls.from_config(config)
    if isinstance(identifier, str):
        obj = _lookup(identifier, module_objects, custom_objects, printable_module_name)
        return obj() if inspect.isclass(obj) else obj
    if inspect.isfunction(identifier):
        return identifier
    raise ValueError(f"Could not interpret serialized {printable_module_name}: {identifier}")


def model_from_config(config: Any, custom_objects: dict | None = None) -> Any:
    """A model (or layer) from its legacy config, Keras 2's entries updated as Keras 3
    reads them (`batch_input_shape`, a one-element `axis` list, Lambda's old keys)."""
    if isinstance(config, list):
        raise TypeError("`model_from_config` expects a dictionary, not a list. Received: "
                        f"config={config}. Did you meant to use "
                        "`Sequential.from_config(config)`?")
    if not isinstance(config, dict) or not isinstance(config.get("config"), dict):
        raise ValueError("The provided configuration is not a valid Keras configuration. "
                         "Expected a dictionary containing a 'config' key. Received: "
                         f"config={config}")
    inner = config["config"]
    batch_input_shape = inner.pop("batch_input_shape", None)
    if batch_input_shape is not None:
        inner["batch_shape" if config.get("class_name") == "InputLayer" else
              "input_shape"] = batch_input_shape
    axis = inner.pop("axis", None)
    if isinstance(axis, list) and len(axis) == 1:
        inner["axis"] = int(axis[0])
    elif isinstance(axis, (int, float)) and not isinstance(axis, bool):
        inner["axis"] = int(axis)
    elif axis is not None:
        inner["axis"] = axis
    if config.get("class_name") == "Lambda":
        for key in _LAMBDA_DEP_ARGS:
            inner.pop(key, None)
        function = inner.get("function")
        if isinstance(function, list):  # Keras 2's (code, defaults, closure)
            inner["function"] = {"class_name": "__lambda__", "config": {
                "code": function[0], "defaults": function[1], "closure": function[2]}}
    objects = {**ser.namespace_objects("keras.layers"), **ser.namespace_objects("keras.models"),
               "Functional": ser.api_symbol(f"{ser.FUNCTIONAL_MODULE}.Functional")}
    return deserialize_keras_object(config, module_objects=objects,
                                               custom_objects=custom_objects,
                                               printable_module_name="layer")


def deserialize_model_layer(config: Any, custom_objects: dict | None = None) -> Any:
    """A layer of a Sequential or functional model's config. As in Keras 3, one without a
    `module` (Keras 2's form, a legacy `.h5` file's) is read by model_from_config."""
    if isinstance(config, dict) and "module" not in config:
        return model_from_config(config, custom_objects=custom_objects)
    return ser.deserialize_layer(config, custom_objects)
