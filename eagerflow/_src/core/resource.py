"""tf.saved_model.experimental.TrackableResource: an object owning a runtime resource.

Sits in core/ over trackable.py and device.py. A subclass says how its resource is made
(`_create_resource`, returning its handle), filled (`_initialize`) and released
(`_destroy_resource`); `resource_handle` makes it on first use, on the device given at
construction, and the resource is released when the object is garbage collected, as TF's
eager runtime releases it. eagerflow's lookup tables are TrackableResources, as TF's are;
their handle is the table's state.
"""

from __future__ import annotations

import contextlib
from typing import Any

from eagerflow._src.core.context import _state
from eagerflow._src.core.device import device as device_scope
from eagerflow._src.core.trackable import Trackable

__all__ = ["TrackableResource"]


class TrackableResource(Trackable):
    """Holds a resource: subclasses define `_create_resource` (and may define
    `_initialize` and `_destroy_resource`)."""

    def __init__(self, device: str = "") -> None:
        self._resource_device = device
        self._handle: Any = None
        self._created_eagerly = False

    def _create_resource(self) -> Any:
        raise NotImplementedError("TrackableResource._create_resource not implemented.")

    def _initialize(self) -> None:
        """Fills the resource (a no-op unless overridden)."""

    def _destroy_resource(self) -> None:
        """Releases the resource (a no-op unless overridden)."""

    @property
    def resource_handle(self) -> Any:
        """The resource's handle, made by `_create_resource` on first use, on the device
        given at construction."""
        if getattr(self, "_handle", None) is None:
            where = getattr(self, "_resource_device", "")
            with device_scope(where) if where else contextlib.nullcontext():
                handle = self._create_resource()
            self._handle = handle
            # as TF: only a resource made eagerly is released with its object
            self._created_eagerly = _state.graph is None
        return self._handle

    def __del__(self) -> None:
        if getattr(self, "_created_eagerly", False):
            try:
                self._destroy_resource()
            except Exception:  # noqa: BLE001, S110 - as TF's deleter: never raise from GC
                pass
