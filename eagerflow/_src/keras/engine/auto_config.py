"""Keras 3's automatic layer config: a layer that defines no get_config returns the
arguments it was constructed with (defaults included), when they are plain data."""

from __future__ import annotations

import inspect
from typing import Any

_PLAIN_TYPES = (str, int, float, bool, type(None))


# what auto_config gives for a constructor whose arguments can't be replayed (positional-
# only parameters, values for *args): Keras 3 words its get_config error differently then
ARGS_UNSUPPORTED = "args"


def auto_config(cls: type, args: tuple, kwargs: dict) -> dict | str | None:
    """The constructor's arguments, defaults included, without `self` and `name`; None
    when they aren't plain data or don't bind, ARGS_UNSUPPORTED when they can't be replayed
    (positional-only or *args)."""
    try:
        sig = inspect.signature(cls.__init__)
        bound = sig.bind(None, *args, **kwargs)
    except (TypeError, ValueError):
        return None
    params = list(sig.parameters.values())
    if any(p.kind is p.POSITIONAL_ONLY for p in params[1:]):
        return ARGS_UNSUPPORTED
    bound.apply_defaults()
    config = dict(bound.arguments)
    config.pop(params[0].name, None)
    for p in params:
        if p.kind is p.VAR_KEYWORD:
            config.update(config.pop(p.name, {}))
        elif p.kind is p.VAR_POSITIONAL and config.pop(p.name, ()):
            return ARGS_UNSUPPORTED
    config.pop("name", None)
    return config if all(is_plain(v) for v in config.values()) else None


def is_plain(v: Any) -> bool:
    if isinstance(v, _PLAIN_TYPES):
        return True
    if isinstance(v, (list, tuple)):
        return all(is_plain(x) for x in v)
    if isinstance(v, dict):
        return all(is_plain(x) for x in v.values())
    return False


_EXAMPLE = """
class CustomLayer(keras.layers.Layer):
    def __init__(self, arg1, arg2, **kwargs):
        super().__init__(**kwargs)
        self.arg1 = arg1
        self.arg2 = arg2

    def get_config(self):
        config = super().get_config()
        config.update({
            "arg1": self.arg1,
            "arg2": self.arg2,
        })
        return config
"""


def auto_config_error(cls: type, state: Any) -> str:
    """Keras 3's NotImplementedError text for a get_config it can't generate (`state`:
    what auto_config gave)."""
    if state == ARGS_UNSUPPORTED:
        why = ("positional only or variadic positional arguments (e.g.,\n`*args`) to "
               "`__init__()`, which is not supported by the\nautomatic config generation. "
               "Please remove all positional\nonly and variadic arguments from `__init__()`\n"
               "or override `get_config()` and `from_config()` to make\nthe object "
               "serializatble.")  # (sic)
    else:
        why = ("non-serializable argument values in `__init__()`,\nand therefore the object "
               "must override `get_config()` in\norder to be serializable. Please implement "
               "`get_config()`.")
    return f"\nObject {cls.__name__} was created by passing\n{why}\n\nExample:\n\n{_EXAMPLE}"
