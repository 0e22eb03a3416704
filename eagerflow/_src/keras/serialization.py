"""Keras object (de)serialization: `{'class_name': ..., 'config': ...}` dicts.

Shared by initializers, regularizers, constraints, activations and layers; sits
just above backend. The format is Keras 2's (TF 2.13+): module, class_name,
config, registered_name. Only plain data goes in and out (no pickle).
"""

from __future__ import annotations

from typing import Any

_CUSTOM_OBJECTS: dict = {}


class CustomObjectScope:
    """`with custom_object_scope({'MyLayer': MyLayer}):` makes names resolvable."""

    def __init__(self, *objects: dict) -> None:
        self._objects = {}
        for d in objects:
            self._objects.update(d or {})
        self._saved: dict = {}

    def __enter__(self) -> CustomObjectScope:
        self._saved = dict(_CUSTOM_OBJECTS)
        _CUSTOM_OBJECTS.update(self._objects)
        return self

    def __exit__(self, *exc: Any) -> None:
        _CUSTOM_OBJECTS.clear()
        _CUSTOM_OBJECTS.update(self._saved)


custom_object_scope = CustomObjectScope


def get_custom_objects() -> dict:
    return _CUSTOM_OBJECTS


def register_keras_serializable(package: str = "Custom", name: str | None = None):
    def decorator(cls: Any) -> Any:
        key = f"{package}>{name or cls.__name__}"
        _CUSTOM_OBJECTS[key] = cls
        _CUSTOM_OBJECTS.setdefault(name or cls.__name__, cls)
        cls._registered_name = key
        return cls
    return decorator


def serialize_object(obj: Any, module: str) -> Any:
    if obj is None:
        return None
    if hasattr(obj, "get_config"):
        return {"module": module, "class_name": type(obj).__name__,
                "config": obj.get_config(),
                "registered_name": getattr(type(obj), "_registered_name", None)}
    return getattr(obj, "__name__", obj)


def lookup(name: str, table: dict, custom_objects: dict | None) -> Any:
    for source in (custom_objects or {}, _CUSTOM_OBJECTS, table):
        if name in source:
            return source[name]
    return None


def deserialize_object(config: Any, table: dict, kind: str,
                       custom_objects: dict | None = None) -> Any:
    """Builds an object from a Keras config dict (or returns a name's entry)."""
    if isinstance(config, dict):
        if "class_name" not in config or "config" not in config:
            raise ValueError(f"Improper config format for {config}. Expecting python dict "
                             "contains `class_name` and `config` as keys")
        name = config.get("registered_name") or config["class_name"]
        cls = lookup(name, table, custom_objects) or lookup(config["class_name"], table,
                                                           custom_objects)
        if cls is None:
            raise ValueError(f"Unknown {kind}: '{config['class_name']}'. Please ensure you "
                             "are using a `keras.utils.custom_object_scope` and that this "
                             "object is included in the scope. See "
                             "https://www.tensorflow.org/guide/keras/save_and_serialize"
                             "#registering_the_custom_object for details.")
        if hasattr(cls, "from_config"):
            inner = config["config"]
            try:
                return cls.from_config(inner, custom_objects=custom_objects)
            except TypeError:
                return cls.from_config(inner)
        return cls
    if isinstance(config, str):
        obj = lookup(config, table, custom_objects)
        if obj is None:
            raise ValueError(f"Unknown {kind}: '{config}'. Please ensure you are using a "
                             "`keras.utils.custom_object_scope` and that this object is "
                             "included in the scope. See "
                             "https://www.tensorflow.org/guide/keras/save_and_serialize"
                             "#registering_the_custom_object for details.")
        return obj
    return config


def deserialize_instance(config: Any, table: dict, kind: str,
                         custom_objects: dict | None = None) -> Any:
    """`deserialize_object`, where a name that resolves to a class gives a default instance
    (initializers, constraints: `'zeros'` means `Zeros()`)."""
    obj = deserialize_object(config, table, kind, custom_objects)
    return obj() if isinstance(obj, type) else obj


def get_object(identifier: Any, deserialize: Any, what: str) -> Any:
    """A `get(identifier)`: None stays None, a name or config dict is deserialized, a
    callable is returned as it is; anything else is a ValueError naming `what`."""
    if identifier is None:
        return None
    if isinstance(identifier, (dict, str)):
        return deserialize(identifier)
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret {what} identifier: {identifier}")


def get_named(identifier: Any, by_name: dict, classes: dict, kind: str,
              deserialize: Any) -> Any:
    """The `get` of losses and metrics: a function by its name (`by_name`), a class by its
    name as a default instance (`classes`), a config dict, or a callable."""
    if identifier is None:
        return None
    if isinstance(identifier, str):
        if identifier in by_name:
            return by_name[identifier]
        if identifier in classes:
            return classes[identifier]()
        raise ValueError(f"Could not interpret {kind} identifier: {identifier}")
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret {kind} identifier: {identifier}")


def deserialize_named(config: Any, classes: dict, kind: str, custom_objects: dict | None,
                      get: Any) -> Any:
    """The `deserialize` of losses and metrics: a name through `custom_objects` then `get`,
    a config dict through its class's `from_config`."""
    if isinstance(config, str):
        return (custom_objects or {}).get(config) or get(config)
    classes = dict(classes, **(custom_objects or {}))
    name = config.get("class_name")
    if name not in classes:
        raise ValueError(f"Could not interpret {kind} identifier: {config}")
    return classes[name].from_config(config.get("config", {}))
