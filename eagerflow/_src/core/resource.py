"""tf.saved_model.experimental.TrackableResource: an object owning a runtime resource.

Sits in core/ over trackable.py and device.py. A subclass says how its resource is made
(`_create_resource`, returning its handle), filled (`_initialize`) and released
(`_destroy_resource`); `resource_handle` makes it on first use, on the device given at
construction, and the resource is released when the object is garbage collected, as TF's
eager runtime releases it. eagerflow's lookup tables are TrackableResources, as TF's are;
their handle is the table's state.

`ResourceHandle` is what a tensor of dtype resource holds (a 0-d object array of one): the
resource's name, device, container, kind and the dtypes and shapes it declares, as TF's
ResourceHandle proto has them, and the runtime object itself (a variable's state).
"""

from __future__ import annotations

import contextlib
import weakref
from typing import Any

from eagerflow._src.core.context import CPU_DEVICE, _state, finalize
from eagerflow._src.core.device import device as device_scope
from eagerflow._src.core.py_conversion import object_scalar
from eagerflow._src.core.shape import dims_text
from eagerflow._src.core.trackable import Trackable

# TF's hash codes of its resource types (their TypeIndex), which its wrong-type error shows
TYPE_HASH = {"tensorflow::Var": 17454915466513971685,
             "tensorflow::lookup::LookupInterface": 8115731599990610490,
             "tensorflow::QueueInterface": 9040823170352039474,
             "tensorflow::ReaderInterface": 13438509206727821711,
             "tensorflow::ConditionalAccumulatorBase": 4595586855067344955,
             "tensorflow::(anonymous namespace)::Mutex": 2855411912371506197,
             "tensorflow::TensorArray": 17404284069006640434,
             "tensorflow::Stack": 11783358439878174618,
             "tensorflow::SummaryWriterInterface": 14226400942227524213,
             "tensorflow::data::IteratorResource": 8918088204830721661,
             "tensorflow::data::SeedGenerator": 4819294061521843419,
             "tensorflow::data::experimental::ThreadPoolResource": 14793230133139917831,
             "tensorflow::data::StatsAggregatorResource": 9093829314517310100,
             "tensorflow::data::(anonymous namespace)::MultiDeviceIterator":
             16662786403704826828}


def wrong_type(name: str, kind: str, wanted: str, code: int | None = None) -> str:
    """TF's words for the handle of resource `name`, of type `kind` (whose hash code is
    `code`, else TF's for `kind`), used as a `wanted`."""
    code = TYPE_HASH.get(kind, 0) if code is None else code
    return (f"Trying to access a handle's resource using the wrong type. The handle points "
            f"to a resource (name '{name}') of type '{kind}' (hash code "
            f"{code}) but you are trying to access the resource as type "
            f"'{wanted}' (hash code {TYPE_HASH[wanted]})")

__all__ = ["ResourceHandle", "TrackableResource"]


class ResourceHandle:
    """The value of a resource tensor: which resource it names, and the resource (`target`,
    None where the handle names one kept by container and name, as VarHandleOp's)."""

    __slots__ = ("name", "device", "container", "kind", "dtypes_and_shapes", "target")
    is_resource_handle = True  # (core/tensor.py shows a tensor holding one by its repr)

    def __init__(self, name: str, device: str, container: str, kind: str,
                 dtypes_and_shapes: tuple = (), target: Any = None) -> None:
        self.name = name
        self.device = device
        self.container = container
        self.kind = kind  # TF's C++ type name: "tensorflow::Var"
        self.dtypes_and_shapes = dtypes_and_shapes  # ((DType, dims or None), ...)
        self.target = target

    def resource(self) -> Any:
        """The resource the handle names: its target, or the one kept by its container and
        name."""
        return self.target if self.target is not None else \
            RESOURCES.lookup(self.container, self.name)

    def __repr__(self) -> str:
        shown = ", ".join(f"DType enum: {d.as_datatype_enum}, Shape: {dims_text(s)}"
                          for d, s in self.dtypes_and_shapes)
        return (f'<ResourceHandle(name="{self.name}", device="{self.device}", '
                f'container="{self.container}", type="{self.kind}", '
                f'dtype and shapes : "[ {shown} ]")>')




def cpu_handle(name: str, container: str, kind: str, target: Any = None) -> Any:
    """A kernel's value of a handle to a resource on the host CPU: the 0-d object array of
    its ResourceHandle (`target` the resource; None where container and name find it)."""
    return object_scalar(ResourceHandle(name, CPU_DEVICE, container, kind, (), target))


class ResourceManager:
    """TF's ResourceMgr: the resources kept by container and name (those VarHandleOp's
    handles name), with TF's messages for the ones missing."""

    def __init__(self) -> None:
        self._containers: dict[str, dict[str, Any]] = {}

    def lookup(self, container: str, name: str) -> Any:
        return self._containers.get(container, {}).get(name)

    def create(self, container: str, name: str, resource: Any) -> None:
        self._containers.setdefault(container, {})[name] = resource

    def missing(self, container: str, name: str, kind: str) -> str:
        """Why a lookup of `container`/`name` failed, as TF says it (`kind`: the mangled
        C++ type name TF prints, "N10tensorflow3VarE", or "<unknown>" for a deletion)."""
        if container not in self._containers:
            return f"Container {container} does not exist."
        return f"Resource {container}/{name}/{kind} does not exist."

    def delete(self, container: str, name: str) -> str | None:
        """Deletes the resource; the reason it could not (None: deleted)."""
        if self.lookup(container, name) is None:
            return self.missing(container, name, "<unknown>")
        del self._containers[container][name]  # (the container stays, as TF's does)
        return None


RESOURCES = ResourceManager()


class HeldResource:
    """A resource a graph takes by reference, as an op's input (a lookup table's state, a
    summary writer): exported as TF's function captures it, a resource argument named
    `handle_arg` ("table_handle", "writer": the input of TF's op it feeds)."""

    handle_arg = "resource"


# the resources whose handle a trace made (the saver makes those it saves eagerly)
TRACED_HANDLES: weakref.WeakSet = weakref.WeakSet()
# set while tf.saved_model.save runs: what makes again eagerly a resource whose handle a
# trace that ended made (TF's save binds the functions capturing it to the resource)
SAVING_HANDLES: list = [None]


def _encloses(graph: Any) -> bool:
    """Whether `graph` is the graph being built or one enclosing it."""
    g = _state.graph
    while g is not None and g is not graph:
        g = getattr(g, "parent", None)
    return g is not None


def made_resource_handles(graph: Any) -> bool:
    """Whether tracing `graph` made a TrackableResource's handle (its first use)."""
    return any(getattr(r, "_made_in", None) is graph for r in list(TRACED_HANDLES))


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
            if not self._created_eagerly:
                self._made_in = _state.graph
                TRACED_HANDLES.add(self)
        elif SAVING_HANDLES[0] is not None and getattr(self, "_made_in", None) is not None \
                and not self._created_eagerly and not _encloses(self._made_in):
            SAVING_HANDLES[0](self)
        return self._handle

    def _handle_made_eagerly(self) -> None:
        """Makes the resource again eagerly (the caller is outside any graph) where a
        trace made its handle (its `_create_resource` first ran in a tf.function): what
        tf.saved_model.save binds the trace's handle to, as TF's save binds it."""
        if self._handle is not None and not self._created_eagerly:
            self._handle = None
            self.resource_handle  # noqa: B018 (made now, eagerly)

    def _release_handle(self) -> None:
        """Frees what an eagerly made handle names once its object is gone, as TF's
        deleter of an eager handle does whatever `_destroy_resource` (a loaded one, say)
        does: nothing here; a table frees its state."""

    def __del__(self) -> None:
        if getattr(self, "_created_eagerly", False):
            finalize(self._destroy_resource)
            finalize(self._release_handle)
