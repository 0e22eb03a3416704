"""Trackable objects: the named object graph that checkpoints walk.

A Trackable names its children (`_trackable_children()`): other trackables and
Variables (the leaves, saved as values). tf.Module, Keras layers and models,
optimizers, metrics and tf.train.Checkpoint are all Trackables.

Two hooks let a restore that happened *before* an object existed reach it later
(deferred restoration): `child_added(parent, name, child)` is called whenever a
Trackable gains a child, and `slot_added(optimizer, variable, slot_name, slot)`
whenever an optimizer creates a slot variable. The checkpoint package registers
the listeners; objects only announce.

A list or dict assigned to an attribute of an AutoTrackable (tf.Module, Checkpoint) is
stored as TF stores it: a ListWrapper / DictWrapper (still a `list` / `dict`) over the
user's own list or dict, so a change made either way shows in both; lists and dicts put
in it are wrapped too. Objects added later are saved, and announced so a pending restore
reaches them; as in TF, a wrapper whose list or dict was changed behind its back can't be
saved (restoring by position could hand values to the wrong objects). Tuples stay as
given, seen through a TrackableList view. TrackedList / TrackedDict are the containers
eagerflow makes itself (an optimizer's variables, a loaded SavedModel's lists).
"""

from __future__ import annotations

import copy
import itertools
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


def all_variables(xs: list) -> bool:
    """Whether is_variable holds for each of `xs` (asked in C calls: an optimizer asks it
    of all its variables every step)."""
    return all(map(hasattr, xs, itertools.repeat("_as_tensor"))) and \
        all(map(hasattr, xs, itertools.repeat("assign")))


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

    # TF's ListWrapper / DictWrapper for list and dict attributes; Keras 3's objects
    # (metrics, optimizers) keep its tracking: lists stay lists, an empty one or one of
    # trackables a TrackedList copy
    _tf_wrappers = True
    # whether attributes named with "_" are tracked as the others: a tf.Module's are, as
    # TF's AutoTrackable tracks every attribute (its own internals are set untracked)
    _track_private = False

    def __setattr__(self, name: str, value: Any) -> None:
        private = name.startswith("_") and name != "_self_unconditional" and \
            not self._track_private  # stays out
        if not private and not isinstance(getattr(type(self), name, None), property):
            value = wrap_shared(value) if self._tf_wrappers else wrap_container(value)
        object.__setattr__(self, name, value)
        if private:
            return
        if is_trackable(value):
            self._track(name, value)
        elif isinstance(value, (list, dict)) or holds_trackables(value):
            # a view: what the container holds when a checkpoint is written is saved
            self._track(name, TrackableDict(value) if isinstance(value, dict) else
                        TrackableList(value))
        elif name in self._tracked_children():
            del self._tracked_children()[name]

    def __delattr__(self, name: str) -> None:
        object.__delattr__(self, name)
        self._tracked_children().pop(name, None)


def holds_trackables(value: Any) -> bool:
    if isinstance(value, (list, tuple)):
        return any(is_trackable(v) or holds_trackables(v) for v in value)
    if isinstance(value, dict):
        return any(is_trackable(v) or holds_trackables(v) for v in value.values())
    return False


class TrackableList(Trackable):
    """A view of a list attribute: children named "0", "1", ... as TF's ListWrapper."""

    def __init__(self, items: Any) -> None:
        self._items = items

    def _trackable_children(self) -> dict:
        views = ((str(i), _child_view(v)) for i, v in enumerate(self._items))
        return {k: c for k, c in views if c is not None}


class TrackableDict(Trackable):
    """A view of a dict attribute: children named by their keys, as TF's DictWrapper."""

    def __init__(self, items: dict) -> None:
        self._items = items

    def _trackable_children(self) -> dict:
        views = ((str(k), _child_view(v)) for k, v in self._items.items())
        return {k: c for k, c in views if c is not None}


def wrap_container(value: Any) -> Any:
    """An empty list or dict, or one holding trackables, as a TrackedList / TrackedDict."""
    t = type(value)
    if (t is not list and t is not dict) or (value and not holds_trackables(value)):
        return value
    return TrackedList(value) if t is list else TrackedDict(value)


def _child_view(v: Any) -> Any:
    """`v` as a checkpoint child: itself, a view of a container holding trackables, or None."""
    if is_trackable(v):
        return v
    if holds_trackables(v):
        return TrackableList(v) if isinstance(v, (list, tuple)) else TrackableDict(v)
    return None


class TrackedList(Trackable, list):
    """A list attribute whose elements are checkpoint children "0", "1", ... (TF's ListWrapper).

    Adding an element announces it under its index, so a restore that ran before it
    existed assigns it (e.g. a layer appended to `model.blocks` after `ckpt.restore`).
    As in TF, that matching by position only holds for lists that grow at the end: once
    a trackable element is replaced, removed or moved (or one is inserted before the
    end), the list can no longer be saved and saving raises ValueError.
    """

    _nest_sequence_type = list  # tf.nest compares it as a plain list

    def __init__(self, items: Any = ()) -> None:
        list.__init__(self, (wrap_container(v) for v in items))
        self._reordered = False

    @property
    def _items(self) -> list:
        return self

    def _trackable_children(self) -> dict:
        if self.__dict__.get("_reordered"):
            raise ValueError(
                f"Unable to save the object {self!r} (a list attribute tracked for "
                "checkpoints): a trackable element was replaced, removed or moved, or one was "
                "inserted before the end. Checkpoints name list elements by position, so only "
                "lists that grow by appending can be saved. To leave this list out of "
                "checkpoints, keep it in an object that is not trackable.")
        return TrackableList._trackable_children(self)

    def _announce(self, start: int, stop: int) -> None:
        for i in range(start, stop):
            child = _child_view(self[i])
            if child is not None:
                child_added(self, str(i), child)

    def _moving(self, values: Any = None) -> None:
        """Called before a mutation that may move or drop `values` (default: all elements)."""
        if any(is_trackable(v) for v in (self if values is None else values)):
            self._reordered = True

    # -- appending: the supported growth ----------------------------------------------------
    def append(self, value: Any) -> None:
        list.append(self, wrap_container(value))
        self._announce(len(self) - 1, len(self))

    def extend(self, values: Any) -> None:
        n = len(self)
        list.extend(self, [wrap_container(v) for v in values])
        self._announce(n, len(self))

    def __iadd__(self, values: Any) -> TrackedList:
        self.extend(values)
        return self

    def __imul__(self, n: Any) -> TrackedList:
        if n <= 0:
            self.clear()
        else:
            self.extend(list(self) * (n - 1))
        return self

    # -- everything else moves or drops elements ----------------------------------------------
    def insert(self, index: Any, value: Any) -> None:
        n = len(self)
        i = index.__index__()
        i = min(max(n + i, 0) if i < 0 else i, n)  # where list.insert puts it
        self._moving(list(self) + [value])
        list.insert(self, i, wrap_container(value))  # not announced: TF doesn't restore it

    def __setitem__(self, index: Any, value: Any) -> None:
        if isinstance(index, slice):
            self._moving()
            list.__setitem__(self, index, [wrap_container(v) for v in value])
            self._announce(0, len(self))
        else:
            i = range(len(self))[index]
            self._moving([self[i]])
            list.__setitem__(self, i, wrap_container(value))
            self._announce(i, i + 1)

    def __delitem__(self, index: Any) -> None:
        self._moving()
        list.__delitem__(self, index)

    def pop(self, index: Any = -1) -> Any:
        self._moving()
        return list.pop(self, index)

    def remove(self, value: Any) -> None:
        self._moving()
        list.remove(self, value)

    def clear(self) -> None:
        self._moving()
        list.clear(self)

    def sort(self, *args: Any, **kwargs: Any) -> None:
        self._moving()
        list.sort(self, *args, **kwargs)

    def reverse(self) -> None:
        self._moving()
        list.reverse(self)

    def __reduce_ex__(self, protocol: Any) -> Any:
        return (TrackedList, (list(self),))

    def __repr__(self) -> str:
        return f"ListWrapper({list.__repr__(self)})"


class TrackedDict(Trackable, dict):
    """A dict attribute whose values are checkpoint children named by key (TF's _DictWrapper)."""

    def __init__(self, items: Any = (), **kwargs: Any) -> None:
        dict.__init__(self)
        dict.update(self, ((k, wrap_container(v)) for k, v in dict(items, **kwargs).items()))

    @property
    def _items(self) -> dict:
        return self

    def _trackable_children(self) -> dict:
        out = {}
        for k, v in self.items():
            child = _child_view(v)
            if child is None:
                continue
            if not isinstance(k, str):  # 1 and "1" would share a name: refuse, as TF does
                raise ValueError(
                    f"Unable to save the object {self!r} (a dict attribute tracked for "
                    f"checkpoints): its key {k!r} is not a string but holds a trackable object, "
                    "and checkpoints name dict values by their string keys. Use string keys, "
                    "or keep this dict in an object that is not trackable.")
            out[k] = child
        return out

    def __setitem__(self, key: Any, value: Any) -> None:
        value = wrap_container(value)
        dict.__setitem__(self, key, value)
        child = _child_view(value)
        if child is not None and isinstance(key, str):
            child_added(self, key, child)

    def update(self, *args: Any, **kwargs: Any) -> None:
        for k, v in dict(*args, **kwargs).items():
            self[k] = v

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if key not in self:
            self[key] = default
        return self[key]

    def __ior__(self, other: Any) -> TrackedDict:
        self.update(other)
        return self

    def __reduce_ex__(self, protocol: Any) -> Any:
        return (TrackedDict, (dict(self),))

    def __repr__(self) -> str:
        return f"DictWrapper({dict.__repr__(self)})"

    def __str__(self) -> str:
        return dict.__repr__(self)


# ---------------------------------------------------------------------------------------
# TF's ListWrapper and DictWrapper: views over the user's own list or dict (its storage).
# The base list / dict mirrors the storage after each change made through the wrapper,
# for C code that reads it directly (json); Python code sees the storage itself.
# ---------------------------------------------------------------------------------------

def wrap_shared(value: Any) -> Any:
    """A list or dict (exactly) as a ListWrapper / DictWrapper over it; others as given."""
    t = type(value)
    if t is list:
        return ListWrapper(value)
    if t is dict:
        return DictWrapper(value)
    return value


def _unwrap(other: Any) -> Any:
    return other._storage if isinstance(other, (ListWrapper, DictWrapper)) else other


_CHANGED_BEHIND = (
    "Unable to save the object {obj} (a {what} wrapper constructed {why}). The wrapped {noun} "
    "was modified outside the wrapper (its final value was {value}, its value when a "
    "checkpoint dependency was added was None), which breaks restoration on object "
    "creation.\n\nIf you don't need this {noun} checkpointed, wrap it in a {hint}; it will "
    "be subsequently ignored.")


class _StorageView:
    """What a ListWrapper and a DictWrapper read from the user's list or dict (_storage)."""

    _storage: Any

    def __len__(self) -> int:
        return len(self._storage)

    def __iter__(self) -> Any:
        return iter(self._storage)

    def __reversed__(self) -> Any:
        return reversed(self._storage)

    def __contains__(self, item: Any) -> bool:
        return item in self._storage

    def __getitem__(self, key: Any) -> Any:
        return self._storage[key]

    def __eq__(self, other: Any) -> bool:
        return self._storage == _unwrap(other)

    def __ne__(self, other: Any) -> bool:
        return self._storage != _unwrap(other)

    __hash__ = None  # type: ignore[assignment]


class ListWrapper(_StorageView, TrackedList):
    """A list attribute of a tf.Module, as TF's ListWrapper: a view of the user's list."""

    def __init__(self, storage: Any = None) -> None:
        list.__init__(self)
        self._reordered = False
        self._storage = [] if storage is None else storage
        for i, v in enumerate(self._storage):
            w = wrap_shared(v)
            if w is not v:
                self._storage[i] = w
        self._changed()

    def _changed(self) -> None:
        """After a change made through the wrapper (or at creation)."""
        list.__init__(self, self._storage)
        self._snapshot = [id(v) for v in self._storage]

    def _trackable_children(self) -> dict:
        if [id(v) for v in self._storage] != self._snapshot:
            raise ValueError(_CHANGED_BEHIND.format(
                obj=repr(self), what="list", why="to track trackable TensorFlow objects",
                noun="list", value=repr(self._storage), hint="NoDependency object"))
        return TrackedList._trackable_children(self)

    # -- reading: the storage (a slice is a plain list, as TF's) ---------------------------
    def __lt__(self, other: Any) -> bool:
        return self._storage < _unwrap(other)

    def __le__(self, other: Any) -> bool:
        return self._storage <= _unwrap(other)

    def __gt__(self, other: Any) -> bool:
        return self._storage > _unwrap(other)

    def __ge__(self, other: Any) -> bool:
        return self._storage >= _unwrap(other)

    def __add__(self, other: Any) -> list:
        return self._storage + list(other)

    def __radd__(self, other: Any) -> list:
        return list(other) + self._storage

    def __mul__(self, n: Any) -> list:
        return self._storage * n

    __rmul__ = __mul__

    def index(self, *args: Any) -> int:
        return self._storage.index(*args)

    def count(self, value: Any) -> int:
        return self._storage.count(value)

    def copy(self) -> ListWrapper:
        return ListWrapper(list(self._storage))

    __copy__ = copy

    def __deepcopy__(self, memo: dict) -> ListWrapper:
        return ListWrapper(copy.deepcopy(self._storage, memo))

    def __reduce_ex__(self, protocol: Any) -> Any:
        return (ListWrapper, (list(self._storage),))

    def __repr__(self) -> str:
        return f"ListWrapper({self._storage!r})"

    # -- changing: the storage, then the mirror ---------------------------------------------
    def append(self, value: Any) -> None:
        self._storage.append(wrap_shared(value))
        self._changed()
        self._announce(len(self) - 1, len(self))

    def extend(self, values: Any) -> None:
        n = len(self)
        self._storage.extend([wrap_shared(v) for v in values])
        self._changed()
        self._announce(n, len(self))

    def __iadd__(self, values: Any) -> ListWrapper:
        self.extend(values)
        return self

    def __imul__(self, n: Any) -> ListWrapper:
        if n <= 0:
            self.clear()
        else:
            self.extend(list(self._storage) * (n - 1))
        return self

    def insert(self, index: Any, value: Any) -> None:
        self._moving(list(self._storage) + [value])
        self._storage.insert(index, wrap_shared(value))  # not announced, as in TF
        self._changed()

    def __setitem__(self, index: Any, value: Any) -> None:
        if isinstance(index, slice):
            self._moving()
            self._storage[index] = [wrap_shared(v) for v in value]
            self._changed()
            self._announce(0, len(self))
        else:
            i = range(len(self))[index]
            self._moving([self._storage[i]])
            self._storage[i] = wrap_shared(value)
            self._changed()
            self._announce(i, i + 1)

    def _remove(self, how: Callable) -> Any:
        self._moving()
        out = how(self._storage)
        self._changed()
        return out

    def __delitem__(self, index: Any) -> None:
        self._remove(lambda s: s.__delitem__(index))

    def pop(self, index: Any = -1) -> Any:
        return self._remove(lambda s: s.pop(index))

    def remove(self, value: Any) -> None:
        self._remove(lambda s: s.remove(value))

    def clear(self) -> None:
        self._remove(list.clear)

    def sort(self, *args: Any, **kwargs: Any) -> None:
        self._remove(lambda s: s.sort(*args, **kwargs))

    def reverse(self) -> None:
        self._remove(list.reverse)


class DictWrapper(_StorageView, TrackedDict):
    """A dict attribute of a tf.Module, as TF's _DictWrapper: a view of the user's dict."""

    def __init__(self, storage: Any = None) -> None:
        dict.__init__(self)
        # (the user's dict itself; key-value pairs, as tf.nest rebuilds one, make a new one)
        self._storage = {} if storage is None else \
            storage if isinstance(storage, dict) else dict(storage)
        for k, v in list(self._storage.items()):
            w = wrap_shared(v)
            if w is not v:
                self._storage[k] = w
        self._changed()

    def _changed(self) -> None:
        dict.clear(self)
        dict.update(self, self._storage)
        self._snapshot = [(k, id(v)) for k, v in self._storage.items()]

    def _trackable_children(self) -> dict:
        if [(k, id(v)) for k, v in self._storage.items()] != self._snapshot:
            raise ValueError(_CHANGED_BEHIND.format(
                obj=repr(self._storage), what="dictionary",
                why="automatically on attribute assignment", noun="dictionary",
                value=repr(self._storage), hint="non-trackable object"))
        return TrackedDict._trackable_children(self)

    # -- reading ----------------------------------------------------------------------------
    def get(self, key: Any, default: Any = None) -> Any:
        return self._storage.get(key, default)

    def keys(self) -> Any:
        return self._storage.keys()

    def values(self) -> Any:
        return self._storage.values()

    def items(self) -> Any:
        return self._storage.items()

    def __or__(self, other: Any) -> dict:
        return self._storage | _unwrap(other)

    def copy(self) -> DictWrapper:
        return DictWrapper(dict(self._storage))

    __copy__ = copy

    def __deepcopy__(self, memo: dict) -> DictWrapper:
        return DictWrapper(copy.deepcopy(self._storage, memo))

    def __reduce_ex__(self, protocol: Any) -> Any:
        # (TF's is a proxy whose __class__ is the dict's: pickled, it comes back a dict)
        return (dict, (dict(self._storage),))

    def __repr__(self) -> str:
        return f"DictWrapper({self._storage!r})"

    def __str__(self) -> str:
        return repr(self._storage)

    # -- changing ---------------------------------------------------------------------------
    def __setitem__(self, key: Any, value: Any) -> None:
        value = wrap_shared(value)
        self._storage[key] = value
        self._changed()
        child = _child_view(value)
        if child is not None and isinstance(key, str):
            child_added(self, key, child)

    def __delitem__(self, key: Any) -> None:
        del self._storage[key]
        self._changed()

    def pop(self, *args: Any) -> Any:
        out = self._storage.pop(*args)
        self._changed()
        return out

    def popitem(self) -> tuple:
        out = self._storage.popitem()
        self._changed()
        return out

    def clear(self) -> None:
        self._storage.clear()
        self._changed()


# TF's class is _DictWrapper (its repr still says DictWrapper); the alias keeps pickling's
# lookup by name working
DictWrapper.__name__ = DictWrapper.__qualname__ = "_DictWrapper"
_DictWrapper = DictWrapper
