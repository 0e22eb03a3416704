"""Attributes replaced on classes and modules, and put back: how NumPy behavior
(behavior.py) and the WeakTensor semantics (weak.py) switch on and off.

Each switch keeps its own AttributePatches, so turning one off leaves the other's in place.
"""

from __future__ import annotations

from typing import Any

_MISSING = object()  # (an attribute the owner did not hold itself: deleted on restore)


class AttributePatches:
    """The attributes `set` replaced, each one's original kept for `restore`."""

    def __init__(self) -> None:
        self._saved: dict = {}

    def set(self, owner: Any, name: str, value: Any) -> None:
        """Sets `owner.name` to `value`, keeping what it held first (a second set of the
        same attribute keeps the first original)."""
        self._saved.setdefault((owner, name), vars(owner).get(name, _MISSING))
        setattr(owner, name, value)

    def restore(self) -> None:
        """Puts back every replaced attribute (deletes those the owner did not hold)."""
        for (owner, name), old in self._saved.items():
            if old is _MISSING:
                delattr(owner, name)
            else:
                setattr(owner, name, old)
        self._saved.clear()

    def __contains__(self, key: tuple) -> bool:
        return key in self._saved

    def __bool__(self) -> bool:
        return bool(self._saved)
