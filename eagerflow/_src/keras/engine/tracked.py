"""The lists and dicts a Keras layer's attributes hold, as Keras 3 keeps them: copies that
know their layer, so that adding state through them (a sublayer, a Keras variable or a
metric appended to `self.blocks` once the layer is built) is refused as assigning it is
(layer_checks.STATE_LOCKED); before, a Keras variable added becomes a weight, and one
taken out (`pop`, `remove`, `clear`, `del`) stops being one. As Keras 3's TrackedList and
TrackedDict, only `append`, `insert`, `extend`, a dict's item assignment and `update`
add; `+=`, slice or index assignment and `setdefault` do not. Every change to the items or
their order is told to weights_version (a layer's trainable weights are walked anew).

Sits in engine/ under base_layer (which wraps its attributes' lists and dicts here and
hands its Layer class down); the checks are layer_checks'.
"""

from __future__ import annotations

import weakref
from typing import Any

from eagerflow._src.keras.engine import layer_checks, layer_metrics, weights_version
from eagerflow._src.keras.engine.layer_helpers import PLAIN, flat_values
from eagerflow._src.keras.variables import Variable as KerasVariable

_LAYER: list = []  # keras.layers.Layer, registered by base_layer


def register_layer_class(cls: type) -> None:
    _LAYER[:] = [cls]


def _added(ref: Any, values: list) -> None:
    """Called before `values` go into a container of the layer `ref` names: refused once
    the layer is built if they are new state; else its Keras variables become weights and
    its metrics are noted, as when they are assigned."""
    layer = ref() if ref is not None else None
    if layer is None:
        return
    if layer.__dict__.get("_state_locked") and \
            layer_checks.adds_state(layer, values, _LAYER[0]):
        raise ValueError(layer_checks.STATE_LOCKED)
    flat = flat_values(values)
    for v in flat:
        if isinstance(v, KerasVariable):
            layer._track_own_variable(v)
    layer_metrics.note_attribute(layer, values, flat)


def _removed(ref: Any, values: Any) -> None:
    """Called before `values` leave a container of the layer `ref` names: its Keras
    variables stop being weights (Keras 3 untracks what leaves)."""
    layer = ref() if ref is not None else None
    if layer is None:
        return
    gone = {id(v) for v in flat_values(values) if isinstance(v, KerasVariable)}
    if gone:
        for weights in (layer._trainable_weights, layer._non_trainable_weights):
            weights[:] = [w for w in weights if id(w) not in gone]


class TrackedList(list):
    """A list attribute of a layer (Keras 3's TrackedList)."""

    __slots__ = ("_owner",)
    _nest_sequence_type = list  # (tf.nest compares it as a plain list)
    _tree_kind = "list"  # (keras.tree walks it as a list, and rebuilds one)

    def __init__(self, values: Any = (), owner: Any = None) -> None:
        list.__init__(self, values)
        self._owner = owner  # (a weak reference to the layer: no cycle through it)

    def append(self, value: Any) -> None:
        _added(self._owner, [value])
        list.append(self, value)
        _changed([value])

    def insert(self, index: Any, value: Any) -> None:
        _added(self._owner, [value])
        list.insert(self, index, value)
        _changed([value])

    def extend(self, values: Any) -> None:
        values = list(values)
        _added(self._owner, values)
        list.extend(self, values)
        _changed(values)

    def remove(self, value: Any) -> None:
        _removed(self._owner, [value])
        list.remove(self, value)
        _changed(())

    def pop(self, index: Any = -1) -> Any:
        _removed(self._owner, [self[index]])
        value = list.pop(self, index)
        _changed(())
        return value

    def clear(self) -> None:
        _removed(self._owner, self)
        list.clear(self)
        _changed(())

    def __delitem__(self, index: Any) -> None:
        value = self[index]
        list.__delitem__(self, index)
        _removed(self._owner, value if isinstance(index, slice) else [value])
        _changed(())

    # (neither adds nor takes out weights, as Keras 3's; the walk sees what they hold)
    def __setitem__(self, index: Any, value: Any) -> None:
        if isinstance(index, slice):
            value = list(value)
        list.__setitem__(self, index, value)
        _changed(value if isinstance(index, slice) else [value])

    def __iadd__(self, values: Any) -> Any:
        values = list(values)
        list.__iadd__(self, values)
        _changed(values)
        return self

    def __imul__(self, n: Any) -> Any:
        list.__imul__(self, n)
        _changed(())
        return self

    def sort(self, *args: Any, **kwargs: Any) -> None:
        list.sort(self, *args, **kwargs)
        _changed(())

    def reverse(self) -> None:
        list.reverse(self)
        _changed(())

    def __reduce_ex__(self, protocol: Any) -> Any:
        # (a copy or an unpickled one knows no layer: nothing it refuses)
        return (TrackedList, (list(self),))


class TrackedDict(dict):
    """A dict attribute of a layer (Keras 3's TrackedDict)."""

    __slots__ = ("_owner",)
    _nest_sequence_type = dict
    _tree_kind = "dict"

    def __init__(self, values: Any = (), owner: Any = None) -> None:
        dict.__init__(self, values)
        self._owner = owner

    def __setitem__(self, key: Any, value: Any) -> None:
        _added(self._owner, [value])
        dict.__setitem__(self, key, value)
        _changed([value])

    def update(self, *args: Any, **kwargs: Any) -> None:
        items = dict(*args, **kwargs)
        values = list(items.values())
        _added(self._owner, values)
        dict.update(self, items)
        _changed(values)

    def pop(self, key: Any, *default: Any) -> Any:
        if key in self:
            _removed(self._owner, [self[key]])
        value = dict.pop(self, key, *default)
        _changed(())
        return value

    def popitem(self) -> tuple:
        key, value = dict.popitem(self)
        _removed(self._owner, [value])
        _changed(())
        return key, value

    def clear(self) -> None:
        _removed(self._owner, list(self.values()))
        dict.clear(self)
        _changed(())

    # (neither adds nor takes out weights, as Keras 3's; the walk sees what they hold)
    def __delitem__(self, key: Any) -> None:
        dict.__delitem__(self, key)
        _changed(())

    def setdefault(self, key: Any, default: Any = None) -> Any:
        value = dict.setdefault(self, key, default)
        _changed([value])
        return value

    def __ior__(self, other: Any) -> Any:
        items = dict(other)
        dict.update(self, items)
        _changed(list(items.values()))
        return self

    def __reduce_ex__(self, protocol: Any) -> Any:
        return (TrackedDict, (dict(self),))


def _changed(values: Any) -> None:
    """Tells weights_version a tracked container changed, `values` put in it."""
    if values and any(map(untracked, values)):
        weights_version.unseen()
    weights_version.changed()


def untracked(value: Any) -> bool:
    """Whether `value` is or holds (in tuples and tracked containers) a list or dict that
    no tracked one is: what it holds can change unseen."""
    if not isinstance(value, (list, tuple, dict)):
        return False
    if not isinstance(value, tuple) and value.__class__ is not TrackedList and \
            value.__class__ is not TrackedDict:
        return True
    values = value.values() if isinstance(value, dict) else value
    return not PLAIN.issuperset(map(type, values)) and any(map(untracked, values))


def tracked(layer: Any, value: Any) -> Any:
    """`value` as `layer`'s attribute holds it: a list or dict (and those nested in it)
    copied into a tracked one, as Keras 3 does; anything else as it is."""
    kind = type(value)
    if kind is not list and kind is not dict:
        return value
    return _wrap(value, weakref.ref(layer))


def _wrap(value: Any, ref: Any) -> Any:
    kind = type(value)
    if kind is list:
        if PLAIN.issuperset(map(type, value)):  # (numbers, strings: copied in C)
            return TrackedList(value, ref)
        return TrackedList([_wrap(v, ref) for v in value], ref)
    if kind is dict:
        if PLAIN.issuperset(map(type, value.values())):
            return TrackedDict(value, ref)
        return TrackedDict({k: _wrap(v, ref) for k, v in value.items()}, ref)
    return value
