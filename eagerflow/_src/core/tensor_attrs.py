"""Attributes hung on tensors, as TF's tensors take any (Keras's `_keras_mask`, the `assign`
of a variable's slice): tensors have no __dict__, so they are kept here beside them, keyed
by identity and dropped with the tensor. Sits under core/tensor.py."""

from __future__ import annotations

import weakref
from typing import Any

# id(tensor) -> (a weak reference to it, {attribute: value}): dropped with the tensor
_attached: dict = {}


# what an attribute set to None is attached as (`attach` takes None to mean "remove")
SET_TO_NONE = object()


def attached(t: Any, name: str) -> Any:
    """The attribute `name` attached to `t`, or None."""
    entry = _attached.get(id(t)) if _attached else None
    return entry[1].get(name) if entry is not None and entry[0]() is t else None


def attach(t: Any, name: str, value: Any) -> None:
    """Attaches `value` to `t` as `name` (None removes it), for as long as `t` lives."""
    key = id(t)
    entry = _attached.get(key)
    if entry is None or entry[0]() is not t:
        if value is None:
            return
        try:
            entry = (weakref.ref(t, lambda _r: _attached.pop(key, None)), {})
        except TypeError:  # a tensor type without weak references takes no attributes
            return
        _attached[key] = entry
    if value is None:
        entry[1].pop(name, None)
    else:
        entry[1][name] = value
