"""Keras 3's automatic layer config: a layer that defines no get_config returns the
arguments it was constructed with (defaults included), when they are plain data."""

from __future__ import annotations

import inspect
from typing import Any

_PLAIN_TYPES = (str, int, float, bool, type(None))


def auto_config(cls: type, args: tuple, kwargs: dict) -> dict | None:
    """The constructor's arguments, defaults included, without `self` and `name`; None
    when they can't be replayed (positional-only or *args) or aren't plain data."""
    try:
        sig = inspect.signature(cls.__init__)
        bound = sig.bind(None, *args, **kwargs)
    except (TypeError, ValueError):
        return None
    params = list(sig.parameters.values())
    if any(p.kind is p.POSITIONAL_ONLY for p in params[1:]):
        return None
    bound.apply_defaults()
    config = dict(bound.arguments)
    config.pop(params[0].name, None)
    for p in params:
        if p.kind is p.VAR_KEYWORD:
            config.update(config.pop(p.name, {}))
        elif p.kind is p.VAR_POSITIONAL and config.pop(p.name, ()):
            return None
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


def auto_config_error(cls: type) -> str:
    return (f"Object {cls.__name__} was created by passing non-serializable argument values "
            "in `__init__()`, and therefore the object must override `get_config()` in order "
            "to be serializable. Please implement `get_config()`.")
