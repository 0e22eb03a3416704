"""TF's iterator ops over dataset variants: the iterator resource
(AnonymousIterator, AnonymousIteratorV2, AnonymousIteratorV3, IteratorV2, TF 1's Iterator
and OneShotIterator), MakeIterator, the IteratorGetNext family (IteratorGetNextAsOptional
too), DeleteIterator, the string handles naming an iterator (IteratorToStringHandle,
IteratorFromStringHandle(V2)), SerializeIterator / DeserializeIterator (eagerflow's state:
the count of elements given, replayed) and IteratorGetDevice.

Data layer, over dataset_variants.py. An iterator is an IteratorResource named by a
resource handle of TF's type "tensorflow::data::IteratorResource": an anonymous one
("Resource-<n>-at-0x...", container "Anonymous") is new on each call; IteratorV2's is kept
under its shared_name (else the private name TF's cached kernel keeps for its attrs, or an
imported graph's node for itself), so a TF 1 graph's iterator is the same one each run; a
TF 1 Session keeps its own (`_state.kernels`, as each of TF's Sessions has its resource
manager). MakeIterator starts it over a dataset (TF's check that the dataset gives the
iterator's components first); IteratorGetNext gives the next element's components,
OutOfRangeError "End of sequence" after the last. OneShotIterator starts itself, the first
time it runs, over the dataset its dataset_factory function returns. A string handle is
TF's serialized ResourceHandleProto of the iterator (device, container, name, TF's hash
code and mangled name of the type), which IteratorFromStringHandle reads back.
"""

from __future__ import annotations

import itertools
import re
import weakref
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE, _state, finalize
from eagerflow._src.core.errors import (
    FailedPreconditionError,
    NotFoundError,
    OpError,
    OutOfRangeError,
)
from eagerflow._src.core.py_conversion import object_scalar
from eagerflow._src.core.resource import (
    RESOURCES,
    TYPE_HASH,
    ResourceHandle,
    cpu_handle,
    wrong_type,
)
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import fn_errors
from eagerflow._src.data.dataset_variants import (
    check_signature,
    check_specs,
    concrete_of,
    dataset_of,
    flat_specs,
    tf_attrs_load,
)
from eagerflow._src.data.iterators import IterContext
from eagerflow._src.data.optional_ops import check_components, optional_array
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import REGISTRY, OpDef, TFForm, register
from eagerflow._src.ops.serialization import varint, wire_fields
from eagerflow._src.ops.table_handles import (
    CreatorNode,
    held,
    held_resource,
    resource_name,
)

KIND = "tensorflow::data::IteratorResource"
_MANGLED = "N10tensorflow4data16IteratorResourceE"
_UIDS = itertools.count(1)
_NAMED = re.compile(r" \[Op:[^\]\s]+\]$")  # (an error its op already named)
# the anonymous iterators, by name, that a string handle may name
_ANONYMOUS: weakref.WeakValueDictionary = weakref.WeakValueDictionary()
NOT_INITIALIZED = ("GetNext() failed because the iterator has not been initialized. Ensure "
                    "that you have run the initializer operation for this iterator before "
                    "getting the next element.")


class IteratorResource:
    """An iterator's state: the components it gives, and the pipeline's iterator once
    MakeIterator has started it (with its dataset, and how many elements it gave)."""

    def __init__(self, types: tuple, shapes: tuple) -> None:
        self.types, self.shapes = tuple(types), tuple(shapes)
        self.specs = tuple(TensorSpec(s, d) for d, s in zip(types, shapes))
        self.it: Any = None
        self.dataset: Any = None
        self.count = 0
        self.started = False  # (a one-shot iterator, once started)

    def start(self, dataset: Any, op: str | None = None) -> None:
        check_specs(op, flat_specs(dataset), self.types, self.shapes)
        self.close()
        try:
            self.it = dataset._make_iterator(IterContext(dataset.options(), dataset))
        except OpError as e:  # (a check of the pipeline as it starts: TF names the op)
            if op and not _NAMED.search(e._message):
                e._message += f" [Op:{op}]"
                e.args = (e._message,) + e.args[1:]
            raise
        self.dataset, self.count = dataset, 0

    def next(self, op: str) -> tuple:
        if self.it is None:
            raise FailedPreconditionError(None, None, f"{NOT_INITIALIZED} [Op:{op}]")
        try:
            element = next(self.it)
        except StopIteration:
            raise OutOfRangeError(None, None, f"End of sequence [Op:{op}]") from None
        except OpError as e:  # (raised inside the pipeline: TF names the iterator's op)
            fn_errors.at_root(e, self.dataset)
            if not _NAMED.search(e._message):
                e._message += f" [Op:{op}]"
                e.args = (e._message,) + e.args[1:]
            raise
        self.count += 1
        return element

    def restore(self, count: int) -> None:
        """Back (or on) to where it had given `count` elements: its dataset again, the
        first `count` elements skipped."""
        dataset = self.dataset
        self.close()
        self.it = it = dataset._make_iterator(IterContext(dataset.options(), dataset))
        self.dataset, self.count = dataset, 0
        for _ in range(count):
            try:
                next(it)
            except StopIteration:
                break
            self.count += 1

    def close(self) -> None:
        it, self.it = self.it, None
        if it is not None:
            finalize(it.close)

    def __del__(self, _finalize: Any = finalize) -> None:
        # (bound at definition: at the interpreter's exit the module's names may be gone)
        it, self.it = self.it, None
        if it is not None:
            _finalize(it.close)


def _handle(name: str, container: str, state: IteratorResource) -> np.ndarray:
    return cpu_handle(name, container, KIND, state)


def iterator_of(op: str, h: Any) -> IteratorResource:
    fed = h[()] if type(h) is np.ndarray and h.dtype == object and not h.ndim else None
    if hasattr(fed, "iterator_state"):  # an eager iterator passed to a loaded function
        return fed.iterator_state()
    return held_resource(op, h, IteratorResource, KIND, _MANGLED,
                         "Expected a resource handle of type "
                         "'tensorflow::data::IteratorResource'")


def _anonymous(op: str, output_types: tuple, output_shapes: tuple) -> np.ndarray:
    state = IteratorResource(output_types, output_shapes)
    handle = anonymous_handle(KIND, state)
    _ANONYMOUS[handle[()].name] = state  # (what a string handle of it names)
    return handle


def anonymous_handle(kind: str, state: Any) -> np.ndarray:
    """A handle of TF's anonymous resource `state` of type `kind` ("Resource-<n>-at-0x...",
    container "Anonymous"): a new one each call."""
    return cpu_handle(f"Resource-{next(_UIDS)}-at-0x{id(state):x}", "Anonymous", kind, state)


def deleter() -> np.ndarray:
    """The deleter variant an anonymous resource's op gives beside its handle."""
    return object_scalar(_Deleter())


class _Deleter:
    """An anonymous resource's deleter variant (TF's prints as "<[empty]>")."""

    variant_text = "<[empty]>"


def _shared(op: str, shared_name: str, container: str, output_types: tuple,
            output_shapes: tuple, node: CreatorNode | None, attrs: dict) -> tuple:
    """(name, container, state) of the iterator creator `op` names: made on its first
    run, else TF's check that the one kept is of the components asked for."""
    container = container or "localhost"
    name = resource_name(op, (), container, shared_name, False, node, attrs)
    own = _state.kernels  # (a TF 1 Session's resources, or None: the process's)
    state = RESOURCES.lookup(container, name) if own is None else \
        own.get(("resource", container, name))
    if state is None:
        state = IteratorResource(output_types, output_shapes)
        if own is None:
            RESOURCES.create(container, name, state)
        else:
            own[("resource", container, name)] = state
    else:
        check_specs(op, state.specs, output_types, output_shapes)
    return name, container, state


def _iterator(op: str) -> Any:
    def kernel(xp: Any, *, shared_name: str = "", container: str = "", output_types: tuple,
               output_shapes: tuple, node: CreatorNode | None = None) -> np.ndarray:
        attrs = {"output_types": output_types, "output_shapes": output_shapes}
        name, container, state = _shared(op, shared_name, container, output_types,
                                         output_shapes, node, attrs)
        return _handle(name, container, state)
    return kernel


def _run_factory(fn: Any) -> list:
    """The outputs of a dataset_factory function, called as TF's runtime calls it: eagerly,
    even as a TF 1 Session runs the node in its default graph."""
    st = _state
    saved = st.graph, st.tapes
    st.graph, st.tapes = None, []
    try:
        return list(concrete_of(fn, []).call_flat_outputs([]))
    finally:
        st.graph, st.tapes = saved


def _one_shot(xp: Any, *, dataset_factory: Any, output_types: tuple, output_shapes: tuple,
              container: str = "", shared_name: str = "",
              node: CreatorNode | None = None) -> np.ndarray:
    op = "OneShotIterator"
    if shared_name:
        raise C.fail(op, "OneShotIteratorOp does not currently support the 'shared_name' attr.")
    attrs = {"output_types": output_types, "output_shapes": output_shapes,
             "dataset_factory": dataset_factory}
    name, container, state = _shared(op, "", container, output_types, output_shapes, node,
                                     attrs)
    if state.it is None and not state.started:
        out = _run_factory(dataset_factory)
        if len(out) != 1 or out[0].dtype is not dt.variant or out[0].shape.rank != 0:
            raise C.fail(op, "The `dataset_factory` function must return a single scalar of "
                             "dtype DT_VARIANT.")
        state.start(dataset_of(op, out[0]._arr), op)
        state.started = True  # (it never starts again: its end is the end)
    return _handle(name, container, state)


def _creator(name: str, kernel: Any, outs: int = 1, load: Any = None,
             funcs: bool = False) -> OpDef:
    def infer(*ins: Any, **attrs: Any) -> list:
        check_signature(name, ins, attrs)
        return [((), dt.resource)] + [((), dt.variant)] * (outs - 1)

    return register(OpDef(name, infer, kernel, num_outputs=outs, stateful=True, gpu=False,
                          tf=TFForm(load=load or tf_attrs_load(name), takes_handles=True,
                                    takes_funcs=funcs)))


def _node_load(name: str) -> Any:
    """The import of a creator's node: in a graph, a node of its own kernel (its private
    name, and each Session's iterator, its own)."""
    def load(node: Any) -> Any:
        attrs = dict(node.attrs)
        if _state.graph is None:
            return bind(REGISTRY[name], (), attrs)
        attrs["node"] = CreatorNode()
        out = bind(REGISTRY[name], (), attrs)
        attrs["node"].op = out._op
        return out
    return load


ANONYMOUS = {op: _creator(op, lambda xp, *, output_types, output_shapes, op=op:
                          _anonymous(op, output_types, output_shapes))
             for op in ("AnonymousIterator", "AnonymousIteratorV3")}
ANONYMOUS_V2 = _creator(
    "AnonymousIteratorV2", lambda xp, *, output_types, output_shapes:
    (_anonymous("AnonymousIteratorV2", output_types, output_shapes), deleter()), outs=2)
ITERATORS = {op: _creator(op, _iterator(op), load=_node_load(op))
             for op in ("IteratorV2", "Iterator")}
ONE_SHOT = _creator("OneShotIterator", _one_shot, load=_node_load("OneShotIterator"),
                    funcs=True)


def _make_kernel(xp: Any, dataset: Any, iterator: Any) -> tuple:
    ds = dataset_of("MakeIterator", dataset)
    iterator_of("MakeIterator", iterator).start(ds, "MakeIterator")
    return ()


MAKE_ITERATOR = register(OpDef(
    "MakeIterator", lambda *ins: check_signature("MakeIterator", ins, {}) or [],
    _make_kernel, num_outputs=0,
    stateful=True, gpu=False, tf=TFForm(load=tf_attrs_load("MakeIterator"),
                                        takes_handles=True)))


def _dtype_of(component: Any, spec: TensorSpec) -> Any:
    return getattr(component, "_dtype", spec.dtype)


def _get_next_infer(op: str) -> Any:
    def infer(iterator: Any, *, output_types: tuple, output_shapes: tuple) -> list:
        check_signature(op, (iterator,), {"output_types": output_types,
                                          "output_shapes": output_shapes})
        return [(None if s is None else tuple(s), d)
                for d, s in zip(output_types, output_shapes)]
    return infer


def _get_next_kernel(op: str) -> Any:
    def kernel(xp: Any, iterator: Any, *, output_types: tuple, output_shapes: tuple) -> tuple:
        state = iterator_of(op, iterator)
        flat = state.next(op)
        out = tuple(c._numpy() if hasattr(c, "_numpy") else np.asarray(c) for c in flat)
        # (TF checks the element it took, which is then gone)
        check_specs(op, tuple(TensorSpec(a.shape, _dtype_of(c, s))
                              for a, c, s in zip(out, flat, state.specs)),
                    output_types, output_shapes)
        return out
    return kernel


GET_NEXT = {op: register(OpDef(op, _get_next_infer(op), _get_next_kernel(op), num_outputs=-1,
                               stateful=True, gpu=False,
                               tf=TFForm(load=tf_attrs_load(op), takes_handles=True)))
            for op in ("IteratorGetNext", "IteratorGetNextSync")}


def _delete_kernel(xp: Any, handle: Any, deleter: Any) -> tuple:
    # (an anonymous iterator lives as long as a handle names it, as TF's, which counts
    # references to it: only the check is left to do)
    iterator_of("DeleteIterator", handle)
    return ()


DELETE_ITERATOR = register(OpDef(
    "DeleteIterator", lambda *ins: check_signature("DeleteIterator", ins, {}) or [],
    _delete_kernel, num_outputs=0,
    stateful=True, gpu=False, tf=TFForm(load=tf_attrs_load("DeleteIterator"),
                                        takes_handles=True)))

# -- IteratorGetNextAsOptional -----------------------------------------------------------------

def _as_optional(xp: Any, iterator: Any, *, output_types: tuple,
                 output_shapes: tuple) -> np.ndarray:
    op = "IteratorGetNextAsOptional"
    state = iterator_of(op, iterator)
    try:
        flat = state.next(op)
    except OutOfRangeError:
        return optional_array((), ())
    comps = tuple(c._numpy() if hasattr(c, "_numpy") else np.asarray(c) for c in flat)
    value = optional_array(comps, tuple(_dtype_of(c, s) for c, s in zip(flat, state.specs)))
    # (TF checks the components the element has, against the attrs given for them)
    check_components(op, value[()], tuple(output_types), tuple(output_shapes))
    return value


def _as_optional_infer(iterator: Any, *, output_types: tuple, output_shapes: tuple) -> list:
    check_signature("IteratorGetNextAsOptional", (iterator,),
                    {"output_types": output_types, "output_shapes": output_shapes})
    return [((), dt.variant)]


GET_NEXT_AS_OPTIONAL = register(OpDef(
    "IteratorGetNextAsOptional", _as_optional_infer, _as_optional, stateful=True, gpu=False,
    tf=TFForm(load=tf_attrs_load("IteratorGetNextAsOptional"), takes_handles=True)))


# -- string handles --------------------------------------------------------------------------

def _field(number: int, data: bytes) -> bytes:
    return varint(number << 3 | 2) + varint(len(data)) + data


def handle_bytes(h: ResourceHandle, kind: str = KIND, mangled: str = _MANGLED) -> bytes:
    """TF's ResourceHandleProto of handle `h` of an iterator (of TF's type `kind`, `mangled`
    its typeid name), serialized: its string handle."""
    return (_field(1, h.device.encode()) + _field(2, h.container.encode()) +
            _field(3, h.name.encode()) + varint(4 << 3) + varint(TYPE_HASH[kind]) +
            _field(5, mangled.encode()))


def parse_handle(data: bytes) -> dict | None:
    """The fields of a serialized ResourceHandleProto (None: no such proto)."""
    fields = wire_fields(data)
    if fields is None:
        return None
    out: dict = {1: b"", 2: b"", 3: b"", 4: 0, 5: b""}
    out.update((k, v) for k, v in fields.items() if k in out)
    return out


def demangled(name: str) -> str:
    """An Itanium mangled nested name ("N10tensorflow3VarE") as C++ writes it."""
    if not (name.startswith("N") and name.endswith("E")):
        return name
    parts, i, body = [], 0, name[1:-1]
    while i < len(body):
        j = i
        while j < len(body) and body[j].isdigit():
            j += 1
        if j == i:
            return name
        n = int(body[i:j])
        parts.append(body[j:j + n])
        i = j + n
    return "::".join(parts)


def _to_string_handle(xp: Any, resource_handle: Any) -> np.ndarray:
    op = "IteratorToStringHandle"
    if getattr(resource_handle, "ndim", 0):
        raise C.fail(op, "resource_handle must be a scalar")
    iterator_of(op, resource_handle)
    return np.array(handle_bytes(held(resource_handle)), object)


TO_STRING_HANDLE = register(OpDef(
    "IteratorToStringHandle", lambda resource_handle: [((), dt.string)], _to_string_handle,
    stateful=True, gpu=False,
    tf=TFForm(load=tf_attrs_load("IteratorToStringHandle"), takes_handles=True)))


def _lookup(container: str, name: str) -> Any:
    own = _state.kernels
    if own is not None and ("resource", container, name) in own:
        return own[("resource", container, name)]
    if container == "Anonymous":
        return _ANONYMOUS.get(name)
    return RESOURCES.lookup(container, name) if own is None else None


def _from_string_handle(op: str) -> Any:
    def kernel(xp: Any, string_handle: Any, *, output_types: tuple = (),
               output_shapes: tuple = ()) -> np.ndarray:
        if getattr(string_handle, "ndim", 0):
            raise C.fail(op, "string_handle must be a scalar")
        raw = string_handle[()] if isinstance(string_handle, np.ndarray) else string_handle
        fields = parse_handle(raw if isinstance(raw, bytes) else str(raw).encode())
        if fields is None:
            raise C.fail(op, "Could not parse string_handle as a valid ResourceHandle")
        device = fields[1].decode("utf-8", "replace")
        if device != CPU_DEVICE:
            raise C.fail(op, f'Attempted create an iterator on device "{CPU_DEVICE}" from '
                             f'handle defined on device "{device}"')
        container, name = (fields[i].decode("utf-8", "replace") for i in (2, 3))
        if fields[4] != TYPE_HASH[KIND]:
            kind = demangled(fields[5].decode("utf-8", "replace"))
            raise C.fail(op, wrong_type(name, kind, KIND, fields[4]))
        state = _lookup(container, name)
        if state is None:
            raise NotFoundError(None, None, f"Resource {container}/{name}/{_MANGLED} does not "
                                            f"exist. [Op:{op}]")
        if output_types and output_shapes and len(output_types) != len(output_shapes):
            raise C.fail(op, "If both 'output_types' and 'output_shapes' are set, they must "
                             "have the same length.")
        if output_types:
            check_specs(op, state.specs, output_types, output_shapes or None)
        return _handle(name, container, state)
    return kernel


FROM_STRING_HANDLE = {op: register(OpDef(
    op, lambda string_handle, **_: [((), dt.resource)], _from_string_handle(op),
    stateful=True, gpu=False, tf=TFForm(load=tf_attrs_load(op), takes_handles=True)))
    for op in ("IteratorFromStringHandle", "IteratorFromStringHandleV2")}


# -- SerializeIterator, DeserializeIterator ----------------------------------------------------

class IteratorState:
    """A serialized iterator's value: how many elements it had given (eagerflow's form of
    an iterator's checkpoint, as OwnedIterator's: restoring replays its dataset; TF's
    states are its pipeline's C++ iterators' and don't restore here, nor these in TF)."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.variant_text = ("<IteratorStateVariant<type_name: tensorflow::Iterator metadata: "
                             f"eagerflow::Iterator@@count tensors: Tensor<type: int64 shape: [] "
                             f"values: {count}>>>")


def _serialize(xp: Any, resource_handle: Any, *, external_state_policy: int = 0) -> Any:
    op = "SerializeIterator"
    state = iterator_of(op, resource_handle)
    if state.it is None:
        raise FailedPreconditionError(None, None, "Save() failed because the iterator has not "
                                                  "been initialized. Ensure that you have run "
                                                  "the initializer operation for this iterator "
                                                  f"before saving it. [Op:{op}]")
    out = np.empty((1,), object)
    out[0] = IteratorState(state.count)
    return out


def _deserialize(xp: Any, resource_handle: Any, serialized: Any) -> tuple:
    op = "DeserializeIterator"
    state = iterator_of(op, resource_handle)
    items = np.asarray(serialized, object).reshape(-1)
    if len(items) != 1 or not isinstance(items[0], IteratorState):
        raise C.fail(op, "This iterator state was not saved by eagerflow (TensorFlow's "
                         "serialized iterator states can't be read)")
    if state.it is None:
        raise FailedPreconditionError(
            None, None, "Failed to restore dataset iterator from checkpoint: Restore() failed "
                        "because the iterator has not been initialized. Ensure that you have "
                        "run the initializer operation for this iterator before restoring it.. "
                        "Make sure the dataset definition has not changed between the process "
                        f"that saved the checkpoint and the process that is restoring it. "
                        f"[Op:{op}]")
    state.restore(items[0].count)
    return ()


SERIALIZE = register(OpDef(
    "SerializeIterator", lambda resource_handle, **_: [((None,), dt.variant)], _serialize,
    stateful=True, gpu=False,
    tf=TFForm(load=tf_attrs_load("SerializeIterator"), takes_handles=True)))
DESERIALIZE = register(OpDef(
    "DeserializeIterator", lambda resource_handle, serialized: [], _deserialize,
    num_outputs=0, stateful=True, gpu=False,
    tf=TFForm(load=tf_attrs_load("DeserializeIterator"), takes_handles=True)))


# -- IteratorGetDevice -----------------------------------------------------------------------

def _get_device(xp: Any, resource: Any) -> np.ndarray:
    # (TF's kernel reads the device the iterator runs on, which is the CPU's; it checks no
    # handle's type)
    return np.array(CPU_DEVICE.encode(), object)


GET_DEVICE = {op: register(OpDef(
    op, lambda resource: [((), dt.string)], _get_device, stateful=True, gpu=False,
    tf=TFForm(load=tf_attrs_load(op), takes_handles=True)))
    for op in ("IteratorGetDevice", "ExperimentalIteratorGetDevice")}

OPS = (*ANONYMOUS, "AnonymousIteratorV2", *ITERATORS, "OneShotIterator", "MakeIterator",
       *GET_NEXT, "IteratorGetNextAsOptional", "DeleteIterator", "IteratorToStringHandle",
       *FROM_STRING_HANDLE, "SerializeIterator", "DeserializeIterator", *GET_DEVICE)
