"""Trackable objects: the named object graph that checkpoints walk.

A Trackable names its children (`_trackable_children()`): other trackables and
Variables (the leaves, saved as values). tf.Module, Keras layers and models,
optimizers, metrics and tf.train.Checkpoint are all Trackables.

Two hooks let a restore that happened *before* an object existed reach it later
(deferred restoration): `child_added(parent, name, child)` is called whenever a
Trackable gains a child, and `slot_added(optimizer, variable, slot_name, slot)`
whenever an optimizer creates a slot variable. The checkpoint package registers
the listeners; objects only announce.
"""

from __future__ import annotations

from typing import Any, Callable

_child_listeners: list[Callable] = []
_slot_listeners: list[Callable] = []


def add_child_listener(fn: Callable) -> None:
    _child_listeners.append(fn)


def add_slot_listener(fn: Callable) -> None:
    _slot_listeners.append(fn)


def child_added(parent: Any, name: str, child: Any) -> None:
    for fn in list(_child_listeners):
        fn(parent, name, child)


def slot_added(optimizer: Any, variable: Any, slot_name: str, slot: Any) -> None:
    for fn in list(_slot_listeners):
        fn(optimizer, variable, slot_name, slot)


def is_variable(x: Any) -> bool:
    return hasattr(x, "_as_tensor") and hasattr(x, "assign")


def is_trackable(x: Any) -> bool:
    return isinstance(x, Trackable) or is_variable(x)


class Trackable:
    """Base class: names children explicitly with `_track(name, child)`."""

    def _tracked_children(self) -> dict:
        d = self.__dict__.get("_trackable_deps")
        if d is None:
            d = {}
            object.__setattr__(self, "_trackable_deps", d)
        return d

    def _track(self, name: str, child: Any) -> Any:
        deps = self._tracked_children()
        if deps.get(name) is not child:
            deps[name] = child
            child_added(self, name, child)
        return child

    def _trackable_children(self) -> dict:
        """Name -> child (Trackable or Variable), in a stable order."""
        return dict(self._tracked_children())


class AutoTrackable(Trackable):
    """Tracks trackable attributes (and lists/tuples/dicts of them) as they are set."""

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        if name.startswith("_") and name != "_self_unconditional":  # private state stays out
            return
        if is_trackable(value) or _holds_trackables(value):
            self._track(name, value if is_trackable(value) else TrackableList(value)
                        if isinstance(value, (list, tuple)) else TrackableDict(value))
        elif name in self._tracked_children():
            del self._tracked_children()[name]

    def __delattr__(self, name: str) -> None:
        object.__delattr__(self, name)
        self._tracked_children().pop(name, None)


def _holds_trackables(value: Any) -> bool:
    if isinstance(value, (list, tuple)):
        return any(is_trackable(v) or _holds_trackables(v) for v in value)
    if isinstance(value, dict):
        return any(is_trackable(v) or _holds_trackables(v) for v in value.values())
    return False


class TrackableList(Trackable):
    """A view of a list attribute: children named "0", "1", ... as TF's ListWrapper."""

    def __init__(self, items: Any) -> None:
        self._items = items

    def _trackable_children(self) -> dict:
        out = {}
        for i, v in enumerate(self._items):
            if is_trackable(v):
                out[str(i)] = v
            elif _holds_trackables(v):
                out[str(i)] = TrackableList(v) if isinstance(v, (list, tuple)) else TrackableDict(v)
        return out


class TrackableDict(Trackable):
    """A view of a dict attribute: children named by their keys, as TF's DictWrapper."""

    def __init__(self, items: dict) -> None:
        self._items = items

    def _trackable_children(self) -> dict:
        out = {}
        for k, v in self._items.items():
            if is_trackable(v):
                out[str(k)] = v
            elif _holds_trackables(v):
                out[str(k)] = TrackableList(v) if isinstance(v, (list, tuple)) else TrackableDict(v)
        return out
