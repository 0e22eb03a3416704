"""Queues as TF's resources: the ops that make them (FIFOQueueV2, PaddingFIFOQueueV2,
PriorityQueueV2, RandomShuffleQueueV2) and TF's form of the ops on them, which take the
queue's handle as their first input.

Ops layer, over queue_state.py and under queue_ops.py, whose ops (taking the state as their
`queue` attr) these forms bind: `tf.raw_ops.QueueEnqueueV2(handle=h, ...)` and an imported
graph's QueueEnqueueV2 node find the QueueState the handle names, check the call as TF's
kernel does (the components' signature, `timeout_ms`, which TF 2.21 refuses whatever its
value but -1) and run queue_ops' op on it.

A handle is a scalar resource tensor holding a core/resource.py ResourceHandle of TF's kind
"tensorflow::QueueInterface". Eagerly the creators name the queue as TF's kernels do (its
shared_name, else the private name "_<n>_<op>" that TF's cached kernel keeps for every call
of the same attrs, so two such calls share one queue) and keep it in RESOURCES. An imported
graph's creator node makes its QueueState as the graph is imported, one per Session
(`QueueState.current()`), and the nodes using its handle take that state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE, _state
from eagerflow._src.core.resource import RESOURCES, ResourceHandle, cpu_handle
from eagerflow._src.core.shape import dims_text
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.queue_state import QueueState
from eagerflow._src.ops.registry import REGISTRY, OpDef, Sample, TFForm, register
from eagerflow._src.ops.stacking import bind_multi
from eagerflow._src.ops.table_handles import (
    held_resource,
    private_name,
    resource_name,
)
from eagerflow._src.ops.variables import resource_tensor

KIND = "tensorflow::QueueInterface"
MANGLED = {KIND: "N10tensorflow14QueueInterfaceE",
           "tensorflow::ReaderInterface": "N10tensorflow15ReaderInterfaceE",
           "tensorflow::ConditionalAccumulatorBase":
               "N10tensorflow26ConditionalAccumulatorBaseE"}
_INT32_MAX = 2**31 - 1


def handle_of(state: QueueState) -> Any:
    """A handle tensor naming `state` itself (a tf.queue queue's `queue_ref`)."""
    return resource_tensor(ResourceHandle(state.id, CPU_DEVICE, "localhost", KIND, (), state),
                           CPU_DEVICE)


def resource_of(op: str, h: Any, kind: str, cls: type) -> Any:
    """The resource of class `cls` (TF's `kind`) that handle `h` (a tensor or its array)
    names, with TF's errors for a handle of none (NotFoundError) or of another kind."""
    return held_resource(op, h, cls, kind, MANGLED.get(kind, kind),
                         f"Expected a resource handle of type '{kind}'")


def made_by(t: Any, creators: tuple) -> Any:
    """The state a graph's creator node (one of `creators`) made for handle `t`, found
    through Identity nodes; None for a handle of no such node."""
    while t is not None:
        op = getattr(t, "_op", None)
        if op is None or not hasattr(op, "attrs"):
            return None
        if op.op.name in creators and op.attrs.get("state") is not None:
            return op.attrs["state"]
        t = op.inputs[0] if op.op.name == "Identity" and op.inputs else None
    return None


def state_at_import(node: Any, i: int, kind: str, cls: type, creators: tuple) -> Any:
    """The resource input `i` of an imported node (or a raw op call) names: an eager
    handle's, or the state of the graph's creator node making it."""
    h = node.inputs[i]
    if isinstance(h, np.ndarray) or getattr(h, "_arr", None) is not None:
        return resource_of(node.op, h, kind, cls)
    state = made_by(h, creators)
    if state is None:
        raise node.fail(f"its {kind} handle is known only when the graph runs: eagerflow "
                        "takes a queue or reader made by a node of the graph")
    return state


def queue_at_import(node: Any, i: int = 0) -> QueueState:
    return state_at_import(node, i, KIND, QueueState, tuple(_KINDS))


# ---------------------------------------------------------------------------------------
# The creators.
# ---------------------------------------------------------------------------------------

_KINDS = {"FIFOQueueV2": "FIFOQueue", "PaddingFIFOQueueV2": "PaddingFIFOQueue",
          "PriorityQueueV2": "PriorityQueue", "RandomShuffleQueueV2": "RandomShuffleQueue"}
_SHARING = ("component_types", "shapes", "capacity", "container", "shared_name")
_ATTRS = {op: _SHARING for op in _KINDS}
_ATTRS["RandomShuffleQueueV2"] = _SHARING + ("min_after_dequeue", "seed", "seed2")


def attr_shape(s: Any) -> tuple | None:
    """An attr's shape as a tuple (None: unknown rank; None dims unknown)."""
    if s is None:
        return None
    dims = getattr(s, "dims", s)
    if dims is None:
        return None
    values = [getattr(d, "value", d) for d in dims]  # (a Dimension's, None when unknown)
    return tuple(None if v is None or int(v) < 0 else int(v) for v in values)


def _shapes_text(shapes: list) -> str:
    return "[" + ", ".join(dims_text(s) for s in shapes) + "]"


def new_state(op: str, attrs: dict) -> QueueState:
    """The QueueState creator `op` makes of its attrs, refused as TF's kernel refuses them."""
    kind = _KINDS[op]
    types = [dt.as_dtype(d) for d in attrs.get("component_types") or ()]
    shapes = [attr_shape(s) for s in attrs.get("shapes") or ()]
    capacity = int(attrs.get("capacity", -1))
    if op != "PriorityQueueV2":
        C.list_attr_at_least(op, "component_types", len(types), 1)
    if op == "PriorityQueueV2":
        types = [dt.int64] + types
        shapes = [()] + shapes if shapes else shapes
    if shapes and len(shapes) != len(types):
        words = ", ".join(C.dtype_word(d) for d in types)
        raise C.fail(op, f"Different number of component types.  Types: {words}, Shapes: "
                         f"{_shapes_text(shapes)}")
    if op == "PaddingFIFOQueueV2" and len(shapes) != len(types):
        raise C.fail(op, f"Shapes must be provided for all components, but received "
                         f"{len(types)} dtypes and {len(shapes)} shapes.")
    extra: dict = {}
    if op == "RandomShuffleQueueV2":
        after = int(attrs.get("min_after_dequeue", 0))
        if after >= (_INT32_MAX if capacity < 0 else capacity):
            raise C.fail(op, f"min_after_dequeue {after} must be < capacity {capacity}")
        extra = dict(min_after_dequeue=after,
                     seeds=(int(attrs.get("seed", 0)), int(attrs.get("seed2", 0))))
    return QueueState(kind, capacity, types, shapes or [None] * len(types), **extra)


def _check_shared(op: str, name: str, have: Any, want: QueueState) -> None:
    """TF's refusal of a creator whose shared queue was made with other attrs."""
    if not isinstance(have, QueueState) or have.kind != want.kind:
        raise C.fail(op, f"Shared queue '{name}' has type '{getattr(have, 'kind', '')}' that "
                         f"does not match type of Node '{op}': {op}")
    if have.capacity != want.capacity:
        def cap(c: int) -> int:
            return _INT32_MAX if c < 0 else c
        raise C.fail(op, f"Shared queue '{name}' has capacity {cap(have.capacity)} but "
                         f"requested capacity was {cap(want.capacity)}")
    if have.dtypes != want.dtypes:
        def words(ds: list) -> str:
            return ", ".join(C.dtype_word(d) for d in ds)
        raise C.fail(op, f"Shared queue '{name}' has component types {words(have.dtypes)} "
                         f"but requested component types were {words(want.dtypes)}")
    if have.shapes != want.shapes:
        raise C.fail(op, f"Shared queue '{name}' has component shapes "
                         f"{_shapes_text(have.shapes)} but requested component shapes were "
                         f"{_shapes_text(want.shapes)}")


def _creator_infer(op: str) -> Any:
    def infer(**attrs: Any) -> list:
        return [((), dt.resource)]
    return infer


def _creator_kernel(op: str) -> Any:
    def kernel(xp: Any, *, state: QueueState | None = None, **attrs: Any) -> np.ndarray:
        if state is not None:  # (an imported graph's node: the state made on import)
            state = state.current()
            return cpu_handle(state.id, "localhost", KIND, state)
        fresh = new_state(op, attrs)
        container = attrs.get("container") or "localhost"
        key = {k: v for k, v in attrs.items() if k not in ("container", "shared_name")}
        name = resource_name(op, (), container, attrs.get("shared_name") or "", False, None,
                             key)
        have = RESOURCES.lookup(container, name)
        if have is None:  # (made again after a DestroyResourceOp, as TF's kernel does)
            fresh.id = name
            RESOURCES.create(container, name, fresh)
        else:
            _check_shared(op, name, have, fresh)
        if op == "PriorityQueueV2" and not attrs.get("shapes"):
            # TF's PriorityQueue compares the shapes it was made with, none, against its
            # node's with the priority's prepended: a queue of no shapes is always refused
            raise C.fail(op, f"Shared queue '{name}' has component shapes [] but requested "
                             "component shapes were [[]]")
        return cpu_handle(name, container, KIND)
    return kernel


def creator_load(op: str, names: tuple, make: Callable[[dict, str], Any]) -> Any:
    """The import of creator `op`'s node (its attrs among `names`): eagerly the op; in a
    graph a node holding the state `make(attrs, node name)` builds, which each Session's
    run starts afresh (shared under its `shared_name`, else private to the node)."""
    def load(node: Any) -> list:
        attrs = {k: node.attrs[k] for k in names if k in node.attrs}
        if _state.graph is None:
            return [bind(REGISTRY[op], (), attrs)]
        state = make(attrs, node.name)
        state.id = attrs.get("shared_name") or private_name(node.name)
        state.per_session = True
        return [bind(REGISTRY[op], (), dict(attrs, state=state))]
    return load


def _creator_samples(op: str) -> Any:
    def samples() -> list:
        attrs = {"component_types": [dt.float32], "shapes": [(2,)], "capacity": 4}
        if op == "RandomShuffleQueueV2":
            attrs.update(min_after_dequeue=1, seed=3, seed2=4)
        return [Sample((), dict(attrs, shared_name=f"sample_{op}"), grad=False)]
    return samples


def handle_ref(kind: str) -> Any:
    """A creator's output as TF prints it (naming the resource it made, of `kind`)."""
    def ref(*, shared_name: str = "", container: str = "", **_attrs: Any) -> str:
        return (f'<ResourceHandle(name="{shared_name}", device="/job:localhost/replica:0/'
                f'task:0/device:CPU:0", container="{container or "localhost"}", type='
                f'"{kind}", dtype and shapes : "[  ]")>')
    return ref


CREATORS = {op: register(OpDef(
    op, _creator_infer(op), _creator_kernel(op), stateful=True, gpu=False,
    reference=handle_ref(KIND), samples=_creator_samples(op),
    tf=TFForm(load=creator_load(op, _ATTRS[op], lambda a, _, op=op: new_state(op, a)),
              takes_handles=True),
)) for op in _KINDS}


# ---------------------------------------------------------------------------------------
# TF's form of the ops on queues (their loads; queue_ops.py registers the ops).
# ---------------------------------------------------------------------------------------

def _check_timeout(op: str, attrs: dict) -> None:
    if int(attrs.get("timeout_ms", -1)) != -1:
        raise C.fail(op, "Timeout not supported yet.")


def match_signature(op: str, ins: list, outs: list, want_ins: list, want_outs: list,
                    handle: str = "resource") -> None:
    """TF's kernel signature check: the dtypes given and asked for (after the `handle`
    input: "resource", a TF 1 reference's "string_ref") are those the kernel takes and
    gives, else TF's "Signature mismatch" ("resource, float->")."""
    if ins != want_ins or outs != want_outs:
        def text(i: list, o: list) -> str:
            return ", ".join([handle] + [C.dtype_word(d) for d in i]) + "->" + \
                ", ".join(C.dtype_word(d) for d in o)
        raise C.fail(op, f"Signature mismatch, have: {text(ins, outs)} expected: "
                         f"{text(want_ins, want_outs)}")


def check_signature(op: str, q: QueueState, ins: list, outs: list) -> None:
    """TF's kernel signature check: the components given (enqueue) or asked for
    (dequeue) are of the queue's dtypes."""
    match_signature(op, ins, outs, q.dtypes if ins else [], q.dtypes if outs else [])


def enqueue_load(opdef: Any) -> Any:
    """QueueEnqueueV2 / QueueEnqueueManyV2 of (handle, *components)."""
    def load(node: Any) -> Any:
        op = node.op
        _check_timeout(op, node.attrs)
        q = queue_at_import(node)
        comps = tuple(node.inputs[1:])
        check_signature(op, q.current(), [c._dtype for c in comps], [])
        return bind(opdef(), comps, {"queue": q})
    return load


def dequeue_load(opdef: Any) -> Any:
    """QueueDequeueV2 / ...ManyV2 / ...UpToV2 of (handle[, n])."""
    def load(node: Any) -> Any:
        op = node.op
        _check_timeout(op, node.attrs)
        q = queue_at_import(node)
        types = [dt.as_dtype(d) for d in node.attrs["component_types"]]
        check_signature(op, q.current(), [], types)
        return list(bind_multi(opdef(), tuple(node.inputs[1:]), {"queue": q}, len(types)))
    return load


def queue_load(opdef: Any, attrs: tuple = ()) -> Any:
    """QueueSizeV2, QueueIsClosedV2, QueueCloseV2 of (handle)."""
    def load(node: Any) -> Any:
        q = queue_at_import(node)
        return bind(opdef(), (), {"queue": q, **{k: node.attrs[k] for k in attrs}})
    return load
