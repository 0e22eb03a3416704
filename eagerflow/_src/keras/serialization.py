"""Keras 3's serialization library: objects to plain-data configs and back.

`serialize_keras_object(obj)` gives `{'module', 'class_name', 'config', 'registered_name'}`
(plus `build_config`/`compile_config` for layers and models), plain values as they are,
tuples as tuples, tensors and arrays as `__tensor__`/`__numpy__` dicts, functions as
`{'module': 'builtins', 'class_name': 'function', 'config': name}`, exactly as Keras 3.
A class's `module` is the public namespace that exports it (`keras.layers` for Dense),
found by scanning eagerflow's public `keras.*` namespaces, as Keras's api_export does.

`deserialize_keras_object` goes back: registered custom objects first, then the public
namespaces. Loading never runs code from a config: no module is imported by the name
a config gives, and a serialized `lambda` (marshalled bytecode) is always refused.

Sits just above backend; the namespace modules (layers, losses, ...) build their
`serialize`/`deserialize`/`get` on it.
"""

from __future__ import annotations

import base64
import importlib
import importlib.util
import inspect
import marshal
import threading
import types
import warnings
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.core.trackable import is_variable
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.engine.keras_tensor import KerasTensor

PLAIN_TYPES = (str, int, float, bool)

# Where Keras 3 exports its classes; the first namespace holding a class names it.
_API_MODULES = ("keras", "keras.quantizers", "keras.dtype_policies", "keras.layers",
                "keras.losses", "keras.metrics", "keras.optimizers",
                "keras.optimizers.schedules", "keras.initializers", "keras.regularizers",
                "keras.constraints", "keras.activations", "keras.callbacks", "keras.models",
                "keras.utils", "keras.distillation")
# where a built-in function serialized as `builtins` is looked for, by its name
_BUILTIN_FUNCTION_MODULES = ("keras.activations", "keras.constraints", "keras.initializers",
                             "keras.losses", "keras.metrics", "keras.optimizers",
                             "keras.regularizers")
# Keras's functional model is not public: it serializes under its source module
FUNCTIONAL_MODULE = "keras.src.models.functional"
# the source modules of Keras 3's model classes, which its messages print them under
_MODEL_MODULES = {"Functional": FUNCTIONAL_MODULE, "Sequential": "keras.src.models.sequential",
                  "Model": "keras.src.models.model"}

_GLOBAL_CUSTOM_OBJECTS: dict = {}
_GLOBAL_CUSTOM_NAMES: dict = {}
_local = threading.local()   # the custom_object_scope dict of this thread


# ---------------------------------------------------------------------------------------
# Registration and custom objects.
# ---------------------------------------------------------------------------------------

def _scope_objects() -> dict:
    return getattr(_local, "scope", None) or {}


class CustomObjectScope:
    """`with custom_object_scope({'MyLayer': MyLayer}):` makes names resolvable. As in
    Keras 3, the scope holds only its own objects (an outer scope's are hidden until it
    ends), as the dict is when the scope is entered."""

    def __init__(self, custom_objects: dict | None) -> None:
        self.custom_objects = custom_objects or {}
        self.backup: dict | None = None

    def __enter__(self) -> CustomObjectScope:
        self.backup = _scope_objects()
        _local.scope = self.custom_objects.copy()  # (Keras 3's: not a dict, AttributeError)
        return self

    def __exit__(self, *exc: Any) -> None:
        _local.scope = self.backup


def scope_adding(custom_objects: dict | None) -> CustomObjectScope:
    """A scope holding the current scope's objects and `custom_objects` (what a load
    or deserialization enters, so that a user's scope still resolves inside it)."""
    return CustomObjectScope({**_scope_objects(), **(custom_objects or {})})


custom_object_scope = CustomObjectScope


def get_custom_objects() -> dict:
    """The live global dict of custom objects (what register_keras_serializable fills)."""
    return _GLOBAL_CUSTOM_OBJECTS


def register_keras_serializable(package: str = "Custom", name: str | None = None) -> Any:
    """Registers a class or function under `'package>name'` for (de)serialization."""
    def decorator(arg: Any) -> Any:
        class_name = name if name is not None else arg.__name__
        registered_name = f"{package}>{class_name}"
        if isinstance(arg, type) and not hasattr(arg, "get_config"):
            raise ValueError("Cannot register a class that does not have a get_config() "
                             "method.")
        _GLOBAL_CUSTOM_OBJECTS[registered_name] = arg
        _GLOBAL_CUSTOM_NAMES[arg] = registered_name
        return arg
    return decorator


def get_registered_name(obj: Any) -> str:
    """The name `obj` was registered under, else its `__name__`."""
    try:
        return _GLOBAL_CUSTOM_NAMES[obj]
    except (KeyError, TypeError):
        return obj.__name__


def get_registered_object(name: Any, custom_objects: dict | None = None,
                          module_objects: dict | None = None) -> Any:
    """The class or function registered (or passed) under `name`, or None."""
    for source in (_scope_objects(), _GLOBAL_CUSTOM_OBJECTS, custom_objects or {},
                   module_objects or {}):
        if name in source:
            return source[name]
    return None


# ---------------------------------------------------------------------------------------
# Public names: which keras.* namespace exports a class.
# ---------------------------------------------------------------------------------------

_api_names: dict = {}    # class -> 'keras.layers.Dense'
_api_symbols: dict = {}  # 'keras.layers.Dense' -> class or function


def _scan_api() -> None:
    if _api_symbols:
        return
    for module_name in _API_MODULES:
        module = importlib.import_module(f"eagerflow.{module_name}")
        # (a sub-namespace loaded on first use is a module, skipped: not loaded for it,
        # keras.wrappers would import scikit-learn, seconds)
        lazy = set(getattr(module, "_LAZY", ()))
        for attr in dir(module):
            if attr.startswith("_") or attr in lazy:
                continue
            value = getattr(module, attr)
            if isinstance(value, types.ModuleType):
                continue
            legacy = getattr(value, "_keras_module", None) if isinstance(value, type) else None
            if legacy is not None:
                # tf.keras's own classes, Keras's legacy ones: configs name their module
                _api_names[value] = f"{legacy}.{value.__name__}"
                _api_symbols[_api_names[value]] = value
            _api_symbols[f"{module_name}.{attr}"] = value
            # a class's public name: its own name where exported so (MaxPooling1D, not the
            # MaxPool1D alias), in the first namespace that exports it
            if isinstance(value, type) and legacy is None and (value not in _api_names or (
                    attr == value.__name__ and _api_names[value].startswith(module_name + ".")
                    and not _api_names[value].endswith("." + value.__name__))):
                _api_names[value] = f"{module_name}.{attr}"


def register_keras_src_class(module: str, cls: type, name: str | None = None) -> None:
    """Names `cls` as Keras 3's configs name a class of its own that no public namespace
    exports (`keras.src.layers.preprocessing.feature_space` `Feature`), so configs
    written by either read back."""
    name = name or cls.__name__
    _keras_src_names[cls] = (module, name)
    _keras_src_symbols[f"{module}.{name}"] = cls


_keras_src_names: dict = {}    # class -> (Keras 3 module, class name)
_keras_src_symbols: dict = {}  # 'keras.src.<module>.<name>' -> class


def api_name(cls: type) -> str | None:
    """`keras.layers.Dense` for Dense; None for a class no public namespace exports."""
    _scan_api()
    return _api_names.get(cls)


def api_symbol(name: str) -> Any:
    """The public object `name` (`'keras.layers.Dense'`) names, or a class registered by
    its Keras 3 source path (`'keras.src.models.functional.Functional'`)."""
    _scan_api()
    return _api_symbols.get(name) or _keras_src_symbols.get(name)


def namespace_objects(namespace: str) -> dict:
    """`{name: object}` of one public namespace (`'keras.layers'`)."""
    _scan_api()
    prefix = namespace + "."
    return {k[len(prefix):]: v for k, v in _api_symbols.items()
            if k.startswith(prefix) and "." not in k[len(prefix):]}


def deserialize_layer(config: Any, custom_objects: dict | None = None) -> Any:
    """A layer (or model) from its config: Keras 3's form, or Keras 2's (class name and
    config only, resolved among the public layers and models)."""
    table = {**namespace_objects("keras.models"), **namespace_objects("keras.layers")}
    if isinstance(config, dict) and (config.get("class_name") not in table
                                     or "module" in config):
        # custom or unknown, or Keras 3's form (read in full: its build_config builds the
        # layer where it is deserialized, so its weights' paths start there)
        table = None
    return deserialize_keras_object(config, custom_objects=custom_objects, module_objects=table)


# ---------------------------------------------------------------------------------------
# Serializing.
# ---------------------------------------------------------------------------------------

def serialize_keras_object(obj: Any) -> Any:
    """The config of a Keras object (or plain data) in Keras 3's format."""
    if obj is None or isinstance(obj, PLAIN_TYPES):
        return obj
    if isinstance(obj, (list, tuple)):
        items = [serialize_keras_object(x) for x in obj]
        return tuple(items) if isinstance(obj, tuple) else items
    if isinstance(obj, dict):
        return serialize_dict(obj)
    special = _serialize_special(obj)
    if special is not _NOT_SPECIAL:
        return special
    config = serialize_with_public_class(type(obj), _class_or_fn_config(obj))
    if config["module"] == "__main__":
        config["module"] = None
    _add_build_and_compile_config(obj, config)
    mark_if_shared(obj, config)
    return config


class ObjectSharingScope:
    """Keras 3's scope of a `.keras` file's save or load: an object serialized again (the
    global dtype policy of every layer made without one, an initializer given to two layers)
    is written with `shared_object_id`, its id, and loaded once for all its configs."""

    def __enter__(self) -> ObjectSharingScope:
        self._outer = getattr(_local, "shared", None)
        # (objects serialized, by id; objects loaded, by the id a file gave them)
        _local.shared = {"saved": {}, "loaded": {}}
        return self

    def __exit__(self, *exc: Any) -> None:
        _local.shared = self._outer


def mark_if_shared(obj: Any, config: dict) -> None:
    """`shared_object_id` on `config` when `obj` was serialized before in the scope, and
    on that first config too, as Keras marks them. (The first config has most often been
    copied into its parent's by then, as serialize_dict copies: in a file, the mark then
    shows from the second config on.)"""
    shared = getattr(_local, "shared", None)
    if shared is None:
        return
    seen = shared["saved"]
    if id(obj) in seen:
        config["shared_object_id"] = id(obj)
        seen[id(obj)][1]["shared_object_id"] = id(obj)
    else:
        seen[id(obj)] = (obj, config)  # (the object held: a freed one's id could be reused)


_NOT_SPECIAL = object()


def _serialize_special(obj: Any) -> Any:
    """Values Keras 3 writes as tagged dicts (or as plain data); _NOT_SPECIAL otherwise."""
    if isinstance(obj, bytes):
        return {"class_name": "__bytes__", "config": {"value": obj.decode("utf-8")}}
    if isinstance(obj, slice):
        return {"class_name": "__slice__", "config": {
            "start": serialize_keras_object(obj.start),
            "stop": serialize_keras_object(obj.stop),
            "step": serialize_keras_object(obj.step)}}
    if obj is Ellipsis:
        return {"class_name": "__ellipsis__", "config": {}}
    if isinstance(obj, KerasTensor):
        history = obj._keras_history
        if history is not None:
            history = [history.layer.name, history.node_index, history.tensor_index]
        return {"class_name": "__keras_tensor__",
                "config": {"shape": obj.shape, "dtype": obj.dtype, "keras_history": history}}
    if isinstance(obj, TensorShape):
        return obj.as_list() if obj.rank is not None else None
    if isinstance(obj, Tensor) or is_variable(obj):
        return {"class_name": "__tensor__",
                "config": {"value": np.asarray(obj.numpy()).tolist(), "dtype": obj.dtype.name}}
    if type(obj).__module__ == "numpy":
        if isinstance(obj, np.ndarray) and obj.ndim > 0:
            return {"class_name": "__numpy__",
                    "config": {"value": obj.tolist(), "dtype": dt.from_numpy(obj.dtype).name}}
        return obj.item()
    if isinstance(obj, dt.DType):
        return obj.name
    if isinstance(obj, types.FunctionType) and obj.__name__ == "<lambda>":
        # (Keras 3 quotes the lambda's source: inspect's OSError where there is none, as
        # for code given to exec)
        warnings.warn("The object being serialized includes a `lambda`. This is unsafe. In "
                      "order to reload the object, you will have to pass `safe_mode=False` "
                      "to the loading function. Please avoid using `lambda` in the future, "
                      "and use named Python functions instead. This is the `lambda` being "
                      f"serialized: {inspect.getsource(obj)}", stacklevel=3)
        return {"class_name": "__lambda__", "config": {"value": func_dump(obj)}}
    return _NOT_SPECIAL


def func_dump(fn: types.FunctionType) -> tuple:
    """Keras's (code, defaults, closure) triple, the code marshalled and base64-encoded.
    Written for format compatibility only: eagerflow never loads it back."""
    code = base64.encodebytes(marshal.dumps(fn.__code__)).decode("ascii")
    closure = tuple(c.cell_contents for c in fn.__closure__) if fn.__closure__ else None
    return code, fn.__defaults__, closure


def _class_or_fn_config(obj: Any) -> Any:
    if isinstance(obj, types.FunctionType):
        return get_registered_name(obj)
    if hasattr(obj, "get_config"):
        config = obj.get_config()
        if not isinstance(config, dict):
            raise TypeError(f"The `get_config()` method of {obj} should return a dict. It "
                            f"returned: {config}")
        return serialize_dict(config)
    if hasattr(obj, "__name__"):
        return get_registered_name(obj)
    raise TypeError(f"Cannot serialize object {obj} of type {type(obj)}. To be serializable, "
                    "a class must implement the `get_config()` method.")


def _keras_class_repr(cls: type) -> str:
    """`cls` as Keras 3's messages print its class where its Keras 3 module is known
    (`<class 'keras.src.models.functional.Functional'>`), else Python's repr."""
    if cls.__name__ in _MODEL_MODULES and cls.__module__.startswith("eagerflow."):
        return f"<class '{_MODEL_MODULES[cls.__name__]}.{cls.__name__}'>"
    if cls in _keras_src_names:
        module, name = _keras_src_names[cls]
        return f"<class '{module}.{name}'>"
    return str(cls)


def serialize_with_public_class(cls: type, inner_config: Any = None) -> dict:
    """The config of an instance of `cls`: under its public Keras name, else under its
    module and registered name (a function's class is Python's `function`, so functions
    come out as `{'module': 'builtins', 'class_name': 'function', ...}` as in Keras 3)."""
    if cls.__name__ == "Functional" and cls.__module__.startswith("eagerflow."):
        return {"module": FUNCTIONAL_MODULE, "class_name": "Functional",
                "config": inner_config, "registered_name": "Functional"}
    if cls in _keras_src_names:
        module, name = _keras_src_names[cls]
        return {"module": module, "class_name": name, "config": inner_config,
                "registered_name": name}
    name = api_name(cls)
    if name is None:
        return {"module": cls.__module__, "class_name": cls.__name__, "config": inner_config,
                "registered_name": get_registered_name(cls)}
    module, _, class_name = name.rpartition(".")
    return {"module": module, "class_name": class_name, "config": inner_config,
            "registered_name": None}


def _add_build_and_compile_config(obj: Any, config: dict) -> None:
    if hasattr(obj, "get_build_config"):
        build_config = obj.get_build_config()
        if build_config is not None:
            config["build_config"] = serialize_dict(build_config)
    if hasattr(obj, "get_compile_config"):
        compile_config = obj.get_compile_config()
        if compile_config is not None:
            config["compile_config"] = serialize_dict(compile_config)


def serialize_dict(obj: dict) -> dict:
    return {key: serialize_keras_object(value) for key, value in obj.items()}


# ---------------------------------------------------------------------------------------
# Deserializing.
# ---------------------------------------------------------------------------------------

def deserialize_keras_object(config: Any, custom_objects: dict | None = None,
                             safe_mode: bool = True, **kwargs: Any) -> Any:
    """The object a Keras 3 config describes (classes through their `from_config`)."""
    module_objects = kwargs.pop("module_objects", None)
    custom_objects = {**(custom_objects or {}), **_scope_objects(), **_GLOBAL_CUSTOM_OBJECTS}
    if config is None:
        return None
    if isinstance(config, str) and custom_objects.get(config) is not None:
        return custom_objects[config]
    if isinstance(config, (list, tuple)):
        return [deserialize_keras_object(x, custom_objects, safe_mode) for x in config]
    if module_objects is not None:
        resolved = _resolve_in_module_objects(config, module_objects, custom_objects)
        if resolved is not _NOT_SPECIAL:
            return resolved
    if isinstance(config, PLAIN_TYPES):
        return config
    if not isinstance(config, dict):
        raise TypeError(f"Could not parse config: {config}")
    if "class_name" not in config or "config" not in config:
        return {k: deserialize_keras_object(v, custom_objects, safe_mode)
                for k, v in config.items()}
    class_name = config["class_name"]
    inner = config["config"] if config["config"] is not None else {}
    special = _deserialize_special(class_name, inner, custom_objects, safe_mode)
    if special is not _NOT_SPECIAL:
        return special
    module = config.get("module")
    registered_name = config.get("registered_name", class_name)
    if class_name == "function":
        if not isinstance(inner, str):
            raise TypeError("Expected 'config' to be a non-null str for a function "
                            f"classname,\ninstead got {type(inner)}\nFull config: {config}")
        return _retrieve(inner, registered_name, module, "function", config, custom_objects)
    if not isinstance(inner, dict):
        raise TypeError(f"Expected 'config' to be a dict for {class_name},\ninstead got "
                        f"{type(inner)}\nFull config: {config}")
    shared = getattr(_local, "shared", None)
    loaded = shared["loaded"] if shared is not None else {}
    shared_id = config.get("shared_object_id") if shared is not None else None
    if not isinstance(shared_id, int):
        shared_id = None
    if shared_id is not None and shared_id in loaded:
        return loaded[shared_id]
    cls = _retrieve(class_name, registered_name, module, "class", config, custom_objects)
    if isinstance(cls, types.FunctionType):
        return cls
    if not hasattr(cls, "from_config"):
        raise TypeError(f"Unable to reconstruct an instance of '{class_name}' because the "
                        f"class is missing a `from_config()` method. Full object config: "
                        f"{config}")
    if kb.in_safe_mode() is not None:  # (an outer load's, or enable_unsafe_deserialization)
        safe_mode = kb.in_safe_mode()
    with scope_adding(custom_objects), kb.SafeModeScope(safe_mode):
        try:
            instance = cls.from_config(inner)
        except TypeError as e:
            raise TypeError(f"{_keras_class_repr(cls)} could not be deserialized properly. "
                            "Please ensure that "
                            "components that are Python object instances (layers, models, "
                            "etc.) returned by `get_config()` are explicitly deserialized in "
                            f"the model's `from_config()` method.\n\nconfig={config}.\n\n"
                            f"Exception encountered: {e}") from None
        build_config = config.get("build_config")
        if build_config and not getattr(instance, "built", True):
            instance.build_from_config(build_config)
            instance.built = True
        compile_config = config.get("compile_config")
        if compile_config and hasattr(instance, "compile_from_config"):
            instance.compile_from_config(compile_config)
            instance.compiled = True
    if shared_id is not None:
        loaded[shared_id] = instance
    return instance


def _resolve_in_module_objects(config: Any, module_objects: dict, custom_objects: dict) -> Any:
    """The namespace deserializers' lookup (a name, or a config by its class name, in the
    namespace's own table); _NOT_SPECIAL when the config is to be read in full."""
    inner, fn_module = None, None
    if isinstance(config, dict):
        inner = config.get("config")
        if "class_name" not in config:
            raise ValueError(f"Unknown `config` as a `dict`, config={config}")
        if config["class_name"] in custom_objects or \
                config.get("registered_name") in custom_objects or \
                (isinstance(inner, str) and inner in custom_objects):
            return _NOT_SPECIAL
        if config["class_name"] == "function":
            fn_module = config.get("module")
            config = config["config"] if fn_module == "builtins" else config["registered_name"]
        else:
            if config.get("module", "_") is None:
                raise TypeError(f"Cannot deserialize object of type `{config['class_name']}`. "
                                f"If `{config['class_name']}` is a custom class, please "
                                "register it using the "
                                "`@keras.saving.register_keras_serializable()` decorator.")
            config = config["class_name"]
    if not isinstance(config, str) or config not in module_objects:
        return config if not isinstance(config, dict) else _NOT_SPECIAL
    obj = module_objects[config]
    if isinstance(obj, types.FunctionType):
        return obj
    if isinstance(obj, type) and hasattr(obj, "from_config"):
        with scope_adding(custom_objects):
            return obj.from_config(inner or {})
    return obj


def _deserialize_special(class_name: str, inner: Any, custom_objects: dict,
                         safe_mode: bool) -> Any:
    if class_name == "__keras_tensor__":
        kt = KerasTensor(inner["shape"], dtype=inner["dtype"])
        kt._pre_serialization_keras_history = inner["keras_history"]
        return kt
    if class_name == "__tensor__":
        return convert_to_tensor(np.asarray(inner["value"], dtype=inner["dtype"]))
    if class_name == "__numpy__":
        return np.array(inner["value"], dtype=inner["dtype"])
    if class_name == "__bytes__":
        return inner["value"].encode("utf-8")
    if class_name == "__ellipsis__":
        return Ellipsis
    if class_name == "__slice__":
        return slice(*(deserialize_keras_object(inner[k], custom_objects, safe_mode)
                       for k in ("start", "stop", "step")))
    if class_name == "__lambda__":
        in_force = kb.in_safe_mode()  # (an outer load's, or enable_unsafe_deserialization)
        if safe_mode if in_force is None else in_force:  # (TF's refusal, word for word)
            raise ValueError("Requested the deserialization of a Python lambda. This carries "
                             "a potential risk of arbitrary code execution and thus it is "
                             "disallowed by default. If you trust the source of the "
                             "artifact, you can override this error by passing "
                             "`safe_mode=False` to the loading function, or calling "
                             "`keras.config.enable_unsafe_deserialization().")
        raise ValueError("Requested the deserialization of a Python lambda. This carries a "
                         "potential risk of arbitrary code execution and thus it is "
                         "disallowed: eagerflow never loads Python bytecode from a config "
                         "(safe_mode=False included). Define the function with `def` and "
                         "pass it in `custom_objects`.")
    return _NOT_SPECIAL


def _retrieve(name: str, registered_name: Any, module: Any, obj_type: str, full_config: dict,
              custom_objects: dict) -> Any:
    """A class or function by registered name, then by its public Keras name."""
    key = name if obj_type == "function" else registered_name
    found = get_registered_object(key, custom_objects=custom_objects)
    if found is not None:
        return found
    if module:
        if module == "keras" or module.startswith("keras."):
            found = api_symbol(f"{module}.{name}") or _keras_src_symbols.get(f"{module}.{name}")
            if found is not None:
                return found
        if obj_type == "function" and module == "builtins":
            for mod in _BUILTIN_FUNCTION_MODULES:
                found = api_symbol(f"{mod}.{name}")
                if found is not None:
                    return found
            if ">" not in name:  # Keras <= 3.6 saved custom functions by bare name
                for custom_name, custom in custom_objects.items():
                    if custom_name.endswith(f">{name}"):
                        return custom
        _refuse_by_module(name, module, obj_type, full_config)
    raise TypeError(f"Could not locate {obj_type} '{name}'. Make sure custom classes and "
                    "functions are decorated with "
                    "`@keras.saving.register_keras_serializable()`. If they are already "
                    "decorated, make sure they are all imported so that the decorator is "
                    f"run before trying to load them. Full object config: {full_config}")


def _refuse_by_module(name: str, module: str, obj_type: str, full_config: dict) -> None:
    """Keras 3's last try for a module of its own packages: it imports `module` and takes
    `name` from it where that is a KerasSaveable class (found above, for eagerflow's
    classes), else refuses: a module it cannot import in TypeError's words, a name the
    module lacks (or holds as no such class) in ValueError's."""
    if module.split(".", 1)[0] not in ("keras", "keras_hub", "keras_cv", "keras_nlp"):
        return
    if not _keras_module_exists(module):
        raise TypeError(f"Could not deserialize {obj_type} '{name}' because its parent module "
                        f"{module} cannot be imported. Full object config: {full_config}")
    raise ValueError(f"Could not deserialize '{module}.{name}' because it is not a "
                     "KerasSaveable subclass")


def _keras_module_exists(module: str) -> bool:
    """Whether Keras 3 has `module`: a public namespace eagerflow has too, or a source
    module (or its package) one of the classes of register_keras_src_class is named in.
    (keras_hub, keras_cv and keras_nlp are not installed beside TF.)"""
    if module == "keras" or any(k.startswith(module + ".") for k in _keras_src_symbols):
        return True
    if not module.startswith("keras.") or module.startswith("keras.src"):
        return False
    try:
        return importlib.util.find_spec(f"eagerflow.{module}") is not None
    except ModuleNotFoundError:  # (a parent package missing)
        return False


# ---------------------------------------------------------------------------------------
# The namespaces' get(): a name, a config dict, or the object itself.
# ---------------------------------------------------------------------------------------

def get_from(identifier: Any, table: dict, deserialize: Any, kind: str,
             instantiate: bool = True, by_config: bool = False) -> Any:
    """Keras 3's `get` of a namespace: None stays None; a dict is deserialized; a string
    names an entry of `table` (or, with `by_config`, is deserialized as a class name); a
    class is instantiated; any other callable is returned as it is."""
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        obj = deserialize(identifier)
    elif isinstance(identifier, str):
        obj = deserialize({"class_name": identifier, "config": {}}) if by_config \
            else table.get(identifier)
    else:
        obj = identifier
    if callable(obj):
        if instantiate and isinstance(obj, type):
            obj = obj()
        return obj
    raise ValueError(f"Could not interpret {kind} identifier: {identifier}")
