"""Matching a saved object graph to live objects, now and as objects appear later.

Sits between graph_view.py / tensor_bundle.py and checkpoint.py. A `Restore`
walks the saved TrackableObjectGraph from its root together with the live root,
pairing nodes by the children's local names, and assigns every variable it
reaches. Where a saved child has no live counterpart yet (a layer not built yet,
an optimizer slot not created yet) it leaves a note with the parent; the
trackable hooks `child_added` / `slot_added` find the note when the object
appears and restore it then (deferred restoration).

Values are read (and checksummed) and checked against the variables' shapes and
dtypes before any variable is assigned, so a bad checkpoint leaves the program's
state unchanged.
"""

from __future__ import annotations

import weakref
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import trackable
from eagerflow._src.core.context import CPU_DEVICE, _state
from eagerflow._src.core.errors import DataLossError, InvalidArgumentError
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.ops import eager_errors
from eagerflow._src.ops.checks import dtype_word
from eagerflow._src.ops.debugging import get_logger
from eagerflow._src.train.graph_view import (
    VARIABLE_VALUE,
    children_of,
    get_slot,
    is_view,
    pretty_names,
)


def assign_eagerly(var: Any, value: Any) -> None:
    """Assigns outside any graph being traced: restores happen now, not when a graph runs."""
    st = _state
    graph, tapes = st.graph, st.tapes
    st.graph, st.tapes = None, []
    try:
        # (a DVariable lays the checkpoint's regular value out as its own first)
        getattr(var, "_assign_restored", var.assign)(value)
    finally:
        st.graph, st.tapes = graph, tapes


def _ref(obj: Any) -> Any:
    if is_view(obj):
        return lambda: obj
    try:
        return weakref.ref(obj)
    except TypeError:
        return lambda: obj


class _Pending:
    """Notes left on one live parent: child name -> [(Restore, saved node id)]."""

    __slots__ = ("ref", "by_name")

    def __init__(self, ref: Any) -> None:
        self.ref = ref
        self.by_name: dict = {}


_PENDING_CHILDREN: dict = {}  # id(parent) -> _Pending
_PENDING_SLOTS: dict = {}     # (id(optimizer), id(variable), slot name) -> [(Restore, node, refs)]


def _on_child_added(parent: Any, name: str, child: Any) -> None:
    entry = _PENDING_CHILDREN.get(id(parent))
    if entry is None or entry.ref() is not parent:
        return
    waiting = entry.by_name.pop(name, None)
    if not entry.by_name:
        _PENDING_CHILDREN.pop(id(parent), None)
    if not waiting or not trackable.is_trackable(child):
        return
    for restore, nid in waiting:
        restore.bind_later(nid, child)


def _on_slot_added(optimizer: Any, variable: Any, slot_name: str, slot: Any) -> None:
    key = (id(optimizer), id(variable), slot_name)
    waiting = _PENDING_SLOTS.pop(key, None)
    if not waiting:
        return
    for restore, nid, oref, vref in waiting:
        if oref() is optimizer and vref() is variable:
            restore.bind_later(nid, slot)


trackable.add_child_listener(_on_child_added)
trackable.add_slot_listener(_on_slot_added)


def _forget_parent(key: int, pending: dict = _PENDING_CHILDREN) -> Any:
    def cb(_ref: Any) -> None:
        e = pending.get(key)
        if e is not None and e.ref() is None:
            pending.pop(key, None)
    return cb


class Restore:
    """One restore() call: the saved graph, the reader, and what matched so far."""

    def __init__(self, reader: Any, proto: Any, save_path: str, root: Any,
                 extra: dict | None = None, extra_owner: Any = None) -> None:
        self.reader = reader
        self.proto = proto
        self.save_path = save_path
        self.root_ref = _ref(root)
        self.extra = dict(extra or {})
        self.extra_owner = extra_owner  # holds `extra` (a Checkpoint given a separate root)
        self.matched: dict = {}      # node id -> ref to the live object
        self.ever_matched: set = set()  # node ids bound at some point (refs may die later)
        self.consumed: set = set()   # checkpoint keys assigned to some object
        self.unused_attributes: dict = {}  # node id -> attribute names with no live target
        self.expect_partial = False
        self.slots_by_var: dict = {}   # variable node -> [(optimizer node, slot name, slot node)]
        n = len(proto.nodes)
        for oid, node in enumerate(proto.nodes):
            for c in node.children:
                if not 0 <= c.node_id < n:
                    raise _bad_graph(save_path, f"child {c.node_id} of node {oid}")
            for s in node.slot_variables:
                if not (0 <= s.original_variable_node_id < n and
                        0 <= s.slot_variable_node_id < n):
                    raise _bad_graph(save_path, f"slot variable of node {oid}")
                self.slots_by_var.setdefault(s.original_variable_node_id, []).append(
                    (oid, s.slot_name, s.slot_variable_node_id))

    # -- matching ------------------------------------------------------------------------
    def live(self, nid: int) -> Any:
        r = self.matched.get(nid)
        return None if r is None else r()

    def run(self) -> None:
        root = self.root_ref()
        plan: list = []
        self._bind(0, root, plan)
        self._check_plan(plan)
        self._apply(plan)

    def bind_later(self, nid: int, obj: Any) -> None:
        plan: list = []
        self._bind(nid, obj, plan)
        self._check_plan(plan)
        self._apply(plan)

    def _bind(self, nid: int, obj: Any, plan: list) -> None:
        stack = [(nid, obj)]
        while stack:
            nid, obj = stack.pop()
            if self.live(nid) is obj:
                continue
            self.matched[nid] = _ref(obj)
            self.ever_matched.add(nid)
            node = self.proto.nodes[nid]
            if len(node.attributes):
                self._plan_attributes(nid, obj, plan)
            kids = children_of(obj)
            if nid == 0 and self.extra:
                kids.update((k, v) for k, v in self.extra.items() if k not in kids)
            aliases = None
            for c in node.children:
                child = kids.get(c.local_name)
                if child is None and c.local_name not in kids:
                    # an older name of the child (eagerflow's Keras 2 checkpoints)
                    if aliases is None:
                        aliases = _aliases(obj)
                    child = aliases.get(c.local_name)
                if child is not None:
                    stack.append((c.node_id, child))
                elif self.live(c.node_id) is None:
                    self._wait_for_child(obj, c.local_name, c.node_id)
                    if nid == 0 and self.extra_owner is not None:
                        self._wait_for_child(self.extra_owner, c.local_name, c.node_id)
            for s in node.slot_variables:
                self._slot(nid, s.original_variable_node_id, s.slot_name,
                           s.slot_variable_node_id, stack)
            for oid, slot_name, sid in self.slots_by_var.get(nid, ()):
                self._slot(oid, nid, slot_name, sid, stack)

    def _slot(self, oid: int, vid: int, slot_name: str, sid: int, stack: list) -> None:
        opt, var = self.live(oid), self.live(vid)
        if opt is None or var is None or self.live(sid) is not None:
            return
        slot = get_slot(opt, var, slot_name)
        if slot is not None:
            stack.append((sid, slot))
            return
        # The newest restore supersedes older notes for the same slot (and lets them go).
        _PENDING_SLOTS[(id(opt), id(var), slot_name)] = [(self, sid, _ref(opt), _ref(var))]

    def _wait_for_child(self, parent: Any, name: str, nid: int) -> None:
        if is_view(parent):  # views are rebuilt on every walk; nothing stable to wait on
            return
        entry = _PENDING_CHILDREN.get(id(parent))
        if entry is None or entry.ref() is not parent:
            try:
                ref = weakref.ref(parent, _forget_parent(id(parent)))
            except TypeError:
                ref = (lambda p=parent: p)
            entry = _PENDING_CHILDREN[id(parent)] = _Pending(ref)
        entry.by_name[name] = [(self, nid)]  # the newest restore wins

    def _plan_attributes(self, nid: int, obj: Any, plan: list) -> None:
        node = self.proto.nodes[nid]
        if trackable.is_variable(obj):
            for attr in node.attributes:
                if attr.name != VARIABLE_VALUE:
                    self.unused_attributes.setdefault(nid, []).append(attr.name)
                    continue
                key = attr.checkpoint_key
                plan.append((obj, key, self.reader.read(key)))
        elif callable(getattr(obj, "_restore_from_tensors", None)):
            tensors, keys = {}, []
            for a in node.attributes:
                # TF's older saveables list one attribute ("table", "ITERATOR") whose
                # tensors are saved under suffixed keys ("table-keys", "ITERATOR_STATE")
                parts = [a.checkpoint_key] if self.reader.has(a.checkpoint_key) else \
                    [k for k in self.reader.keys() if k.startswith(a.checkpoint_key) and
                     k[len(a.checkpoint_key):][:1] in ("-", "_")]
                for key in parts:
                    tensors[a.name + key[len(a.checkpoint_key):]] = self.reader.read(key)
                keys += parts
            plan.append((obj, keys, tensors))
        else:
            self.unused_attributes.setdefault(nid, []).extend(a.name for a in node.attributes)

    def _check_plan(self, plan: list) -> None:
        """Every variable's saved dtype, then shape, checked before any is assigned. TF
        reads the tensors one walk reaches with one RestoreV2 op (on CPU:0, its tensor
        names handed as Python lists: the op's slow path, no name), whose kernel refuses
        the first of another dtype; the shapes are checked as they are assigned."""
        count = sum(len(key) if isinstance(key, list) else 1 for _, key, _ in plan)
        variables = [(obj, key, arr) for obj, key, arr in plan if not isinstance(key, list)]
        for key, expected, word in self._expected_dtypes(plan):
            saved = self.reader.dtype(key)
            if saved is not expected:
                e = InvalidArgumentError(
                    None, None, f"tensor_name = {key}; expected dtype {word} does "
                                f"not equal original dtype {dtype_word(saved)} [Op:RestoreV2]")
                if _state.graph is None:
                    eager_errors.decorate(e, eager_errors.Named("RestoreV2", {"dtypes": count}),
                                          (), {}, CPU_DEVICE, None)
                    eager_errors.slow_path(e)
                raise e
        for var, _, arr in variables:
            if not var.shape.is_compatible_with(arr.shape):
                # (a Keras variable by its tf.Variable's name under TF's backend: its path)
                name = f"{var.path}:0" if hasattr(var, "path") else var.name
                raise ValueError(f"Received incompatible tensor with shape "
                                 f"{TensorShape(arr.shape)} when attempting to restore variable "
                                 f"with shape {var.shape} and name {name}.")

    @staticmethod
    def _expected_dtypes(plan: list) -> list:
        """(checkpoint key, the dtype the restoring object takes, the word TF's error names
        it by) in the plan's order: a variable's own (bfloat16 where saved as it, still
        named by its own), a lookup table's keys' and values'."""
        out = []
        for obj, key, _ in plan:
            if not isinstance(key, list):
                expected = dt.as_dtype(obj.dtype)
                word = dtype_word(expected)
                if expected is dt.float32 and getattr(obj, "save_as_bf16", False):
                    expected = dt.bfloat16  # (saved as bfloat16: graph_view.variable_array)
                out.append((key, expected, word))
            elif hasattr(obj, "key_dtype") and hasattr(obj, "value_dtype"):
                for k in key:
                    if k.endswith(("-keys", "-values")):
                        want = dt.as_dtype(obj.key_dtype if k.endswith("-keys")
                                           else obj.value_dtype)
                        out.append((k, want, dtype_word(want)))
        return out

    def _apply(self, plan: list) -> None:
        for obj, key, value in plan:
            if isinstance(key, list):
                obj._restore_from_tensors(value)
                self.consumed.update(key)
            else:
                assign_eagerly(obj, value)
                self.consumed.add(key)

    # -- reporting -------------------------------------------------------------------------
    def unresolved(self) -> list:
        """Saved nodes holding values that no live object received (node ids)."""
        return [nid for nid, node in enumerate(self.proto.nodes)
                if len(node.attributes) and nid not in self.ever_matched]

    def pretty(self) -> dict:
        return pretty_names(self.proto)

    def __del__(self) -> None:
        if self.expect_partial:
            return
        try:
            missing = self.unresolved()
            if not missing:
                return
            names = self.pretty()
            get_logger().warning(
                "Detecting that an object or model or tf.train.Checkpoint is being deleted with "
                "unrestored values. See the following logs for the specific values in question. "
                "To silence these warnings, use `status.expect_partial()`. See "
                "https://www.tensorflow.org/api_docs/python/tf/train/Checkpoint#restorefor "
                "details about the status object returned by the restore function.")
            for nid in missing:
                get_logger().warning("Value in checkpoint could not be found in the restored "
                                      "object: %s", names.get(nid, nid))
        except Exception:  # pragma: no cover - interpreter shutdown
            pass


def _aliases(obj: Any) -> dict:
    """Other names an object answers to in older checkpoints (`_checkpoint_aliases`)."""
    fn = getattr(obj, "_checkpoint_aliases", None)
    return fn() if callable(fn) and not trackable.is_variable(obj) else {}


def _bad_graph(path: str, what: str) -> Exception:
    return DataLossError(None, None, f"The object graph of checkpoint {path} is corrupted "
                                     f"({what} points outside the graph)")
