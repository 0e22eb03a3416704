"""The object graph a checkpoint saves: nodes, paths, keys, slot variables.

Sits under checkpoint.py. Walks `_trackable_children()` breadth first from a root
(so every object is named by its shortest path, as TensorFlow names it), then adds
optimizer slot variables as extra nodes referenced from their optimizer, and
serializes everything to a TrackableObjectGraph plus {checkpoint key: value}.

Keys are TF's: the escaped local names of the path joined by "/", then
"/.ATTRIBUTES/VARIABLE_VALUE" for a variable; a slot variable is named
"<variable path>/.OPTIMIZER_SLOT/<optimizer path>/<slot name>".
"""

from __future__ import annotations

from collections import deque
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.trackable import TrackableDict, TrackableList, is_trackable, is_variable
from eagerflow._src.io import bundle_protos as protos

OBJECT_GRAPH_KEY = "_CHECKPOINTABLE_OBJECT_GRAPH"
ATTRIBUTES = ".ATTRIBUTES"
OPTIMIZER_SLOT = ".OPTIMIZER_SLOT"
VARIABLE_VALUE = "VARIABLE_VALUE"


def escape_local_name(name: str) -> str:
    """'.' -> '..' and '/' -> '.S', so names never collide with the key structure."""
    return name.replace(".", "..").replace("/", ".S")


def children_of(obj: Any) -> dict:
    """Name -> trackable child of `obj` (Variables have none)."""
    if is_variable(obj):
        return {}
    fn = getattr(obj, "_trackable_children", None)
    if fn is None:
        return {}
    out = {}
    for k, v in fn().items():
        if v is not None and is_trackable(v):
            out[str(k)] = v
    return out


def identity(obj: Any) -> int:
    """Identity of a graph node; list/dict views are identified by the container they show."""
    if isinstance(obj, (TrackableList, TrackableDict)):
        return id(obj._items)
    return id(obj)


def is_view(obj: Any) -> bool:
    return isinstance(obj, (TrackableList, TrackableDict))


def is_optimizer(obj: Any) -> bool:
    """An optimizer whose slots a checkpoint saves as slot variables (Keras 2's protocol)."""
    return callable(getattr(obj, "get_slot_names", None)) and \
        callable(getattr(obj, "get_slot", None)) and \
        getattr(obj, "_slot_variables_in_checkpoints", True)


def get_slot(optimizer: Any, var: Any, slot_name: str) -> Any:
    try:
        slot = optimizer.get_slot(var, slot_name)
    except (KeyError, AttributeError, ValueError, TypeError, IndexError):
        return None
    return slot if slot is not None and is_variable(slot) else None


def has_saveables(obj: Any) -> bool:
    return is_variable(obj) or callable(getattr(obj, "_serialize_to_tensors", None))


def variable_array(var: Any) -> tuple:
    """(NumPy array, DType) of a variable's current value, read eagerly."""
    dtype = dt.as_dtype(var.dtype)  # (a Keras variable's dtype is its name)
    # (a string's as objects: fixed-width bytes would drop its trailing NULs)
    arr = np.asarray(var.numpy(), dtype=object if dtype is dt.string else None)
    if dtype is dt.float32 and getattr(var, "save_as_bf16", False):
        # (a DVariable given to dtensor.enable_save_as_bf16: saved as bfloat16, as TF)
        return arr.astype(dt.bfloat16.as_numpy_dtype), dt.bfloat16
    if dtype is dt.string and arr.dtype != object:
        arr = arr.astype(object)
    return arr, dtype


def tensor_array(value: Any) -> tuple:
    if is_variable(value):
        return variable_array(value)
    if hasattr(value, "_arr") and hasattr(value, "dtype"):
        if value.dtype is dt.variant:  # (no NumPy value: its elements' serialized bytes)
            return np.asarray(value._arr, dtype=object), dt.variant
        if value.dtype is dt.string:  # (as objects: fixed-width bytes drop trailing NULs,
            return np.asarray(value.numpy(), dtype=object), dt.string  # a proto's too)
        return np.asarray(value.numpy()), value.dtype
    arr = np.asarray(value)
    return arr, dt.as_dtype(arr.dtype)


class ObjectGraph:
    """A breadth-first snapshot of the live objects reachable from `root`."""

    def __init__(self, root: Any, extra: dict | None = None, children: Any = None,
                 slots: bool = True) -> None:
        """`children(obj)` names an object's children (default: its checkpoint children;
        a SavedModel adds functions and signatures). `slots=False` leaves optimizer slot
        variables to the children (a SavedModel lists them with the optimizer's variables:
        TF restores slot references only onto its own optimizer classes)."""
        children = children or children_of
        self.root = root
        self.nodes: list = [root]
        self.paths: list = [()]
        self.refs: list = []
        ids = {identity(root): 0}
        queue = deque([0])
        while queue:
            nid = queue.popleft()
            kids = children(self.nodes[nid])
            if nid == 0 and extra:
                kids.update((k, v) for k, v in extra.items() if is_trackable(v) and k not in kids)
            refs = []
            for name, child in kids.items():
                cid = ids.get(identity(child))
                if cid is None:
                    cid = ids[identity(child)] = len(self.nodes)
                    self.nodes.append(child)
                    self.paths.append(self.paths[nid] + (name,))
                    queue.append(cid)
                refs.append((cid, name))
            self.refs.append(refs)
        self.ids = ids
        self.slots: list = []  # (optimizer node, variable node, slot name, slot, slot node)
        self.slot_names: list = []
        n_regular = len(self.nodes)
        for oid in range(n_regular if slots else 0):
            opt = self.nodes[oid]
            if not is_optimizer(opt):
                continue
            for slot_name in list(opt.get_slot_names()):
                for vid in range(n_regular):
                    var = self.nodes[vid]
                    if not is_variable(var):
                        continue
                    slot = get_slot(opt, var, slot_name)
                    if slot is None:
                        continue
                    sid = len(self.nodes)
                    self.nodes.append(slot)
                    self.paths.append(None)
                    self.refs.append([])
                    self.slots.append((oid, vid, slot_name, slot, sid))
                    self.slot_names.append(
                        f"{self.path_string(vid)}/{OPTIMIZER_SLOT}/{self.path_string(oid)}/"
                        f"{escape_local_name(slot_name)}")

    def path_string(self, nid: int) -> str:
        return "/".join(escape_local_name(n) for n in self.paths[nid])

    def live_objects(self) -> list:
        """Every object of the graph (slot variables included) in node order."""
        return list(self.nodes)

    def serialize(self) -> tuple:
        """(TrackableObjectGraph, {key: (thunk giving (array, dtype))}) of the current state."""
        proto = protos.TrackableObjectGraph()
        values: dict = {}
        self.owners: dict = {}  # checkpoint key -> the object whose value it holds
        slot_names = {sid: name for (_, _, _, _, sid), name in zip(self.slots, self.slot_names)}
        has_values = [False] * len(self.nodes)
        for nid, obj in enumerate(self.nodes):
            node = proto.nodes.add()
            for cid, name in self.refs[nid]:
                node.children.add(node_id=cid, local_name=name)
            base = slot_names[nid] if nid in slot_names else self.path_string(nid)
            prefix = f"{base}/{ATTRIBUTES}/" if base else f"{ATTRIBUTES}/"
            if is_variable(obj):
                key = prefix + VARIABLE_VALUE
                node.attributes.add(name=VARIABLE_VALUE, full_name=obj._name.split(":")[0],
                                    checkpoint_key=key)
                values[key] = (lambda v=obj: variable_array(v))
                self.owners[key] = obj
                has_values[nid] = True
            elif callable(getattr(obj, "_serialize_to_tensors", None)):
                tensors = obj._serialize_to_tensors()
                for attr in sorted(tensors):
                    key = prefix + escape_local_name(attr)
                    # "table-keys", "table-values": one attribute "table" whose tensors
                    # are under suffixed keys, as TF lists a table's saveable (an
                    # iterator's "ITERATOR_STATE": its attribute "ITERATOR")
                    name = getattr(obj, "_SAVEABLE_NAME", None) or attr.split("-")[0]
                    if not any(a.name == name for a in node.attributes):
                        node.attributes.add(name=name, checkpoint_key=prefix +
                                            escape_local_name(name))
                    values[key] = (lambda t=tensors[attr]: tensor_array(t))
                    self.owners[key] = obj
                    has_values[nid] = True
        for oid, vid, slot_name, _, sid in self.slots:
            proto.nodes[oid].slot_variables.add(original_variable_node_id=vid,
                                                slot_name=slot_name, slot_variable_node_id=sid)
        # An object "has checkpoint values" when it or anything below it (children and the
        # slot variables it owns) holds a value; iterate to a fixed point (graphs may loop).
        changed = True
        while changed:
            changed = False
            for nid, node in enumerate(proto.nodes):
                if has_values[nid]:
                    continue
                if any(has_values[c.node_id] for c in node.children) or \
                        any(has_values[s.slot_variable_node_id] for s in node.slot_variables):
                    has_values[nid] = changed = True
        for nid, node in enumerate(proto.nodes):
            node.has_checkpoint_values.value = has_values[nid]
        return proto, values


def pretty_names(proto: Any) -> dict:
    """node id -> '(root).a.b' (and "<var>'s state 'm' for <optimizer>" for slots)."""
    names = {0: "(root)"}
    queue = deque([0])
    while queue:
        nid = queue.popleft()
        for c in proto.nodes[nid].children:
            if c.node_id not in names and 0 <= c.node_id < len(proto.nodes):
                names[c.node_id] = f"{names[nid]}.{c.local_name}"
                queue.append(c.node_id)
    for nid, node in enumerate(proto.nodes):
        for s in node.slot_variables:
            if s.slot_variable_node_id not in names:
                names[s.slot_variable_node_id] = (
                    f"{names.get(s.original_variable_node_id, '?')}'s state '{s.slot_name}' "
                    f"for {names.get(nid, '?')}")
    return names
