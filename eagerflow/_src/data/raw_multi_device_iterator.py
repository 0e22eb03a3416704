"""TF's multi-device iterator ops: AnonymousMultiDeviceIterator (and V3), MultiDeviceIterator,
MultiDeviceIteratorInit, MultiDeviceIteratorGetNextFromShard, the string handles naming one
(MultiDeviceIteratorToStringHandle, MultiDeviceIteratorFromStringHandle) and
DeleteMultiDeviceIterator.

Data layer, over iterator_ops.py (handles, string handles) and dataset_variants.py. A
multi-device iterator is a resource of TF's type
"tensorflow::data::(anonymous namespace)::MultiDeviceIterator" holding one buffer for each
of its devices (eagerflow runs them all on the CPU). MultiDeviceIteratorInit starts it over
a dataset (TF's check of the dataset's components first) and gives the new incarnation id
(1, then one more on each start); GetNextFromShard, given the current id, gives the next
element of a shard: the pipeline's elements go to the shards in turn (element i to shard
i mod the number of devices), each read as a shard asks for it. Where TF 2.21 waits
forever (a shard asking while another's full buffer holds the rest, an iterator not
started, a shard past the devices) this answers: the end of the sequence, or an error.
MultiDeviceIterator keeps its iterator under its shared_name (else the private name of
TF's cached kernel), as IteratorV2 does.
"""

from __future__ import annotations

import weakref
from collections import deque
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import finalize
from eagerflow._src.core.errors import FailedPreconditionError, OpError, OutOfRangeError
from eagerflow._src.core.resource import (
    RESOURCES,
    TYPE_HASH,
    cpu_handle,
    wrong_type,
)
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data.dataset_variants import (
    check_signature,
    check_specs,
    dataset_of,
    flat_specs,
    tf_attrs_load,
)
from eagerflow._src.data.iterator_ops import (
    anonymous_handle,
    deleter,
    demangled,
    handle_bytes,
    parse_handle,
)
from eagerflow._src.data.iterators import IterContext
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.registry import OpDef, TFForm, register
from eagerflow._src.ops.table_handles import held_resource, resource_name

KIND = "tensorflow::data::(anonymous namespace)::MultiDeviceIterator"
_MANGLED = "N10tensorflow4data12_GLOBAL__N_119MultiDeviceIteratorE"
_ANONYMOUS: weakref.WeakValueDictionary = weakref.WeakValueDictionary()


class MultiDeviceIteratorState:
    """A multi-device iterator: its devices and components, the pipeline's iterator once
    started, each shard's buffer and the current incarnation."""

    def __init__(self, devices: tuple, types: tuple, shapes: tuple) -> None:
        self.devices, self.types, self.shapes = tuple(devices), tuple(types), tuple(shapes)
        self.specs = tuple(TensorSpec(s, d) for d, s in zip(types, shapes))
        self.it: Any = None
        self.buffers: list = []
        self.turn = 0  # (the shard the pipeline's next element goes to)
        self.incarnation = 0

    def init(self, dataset: Any, op: str) -> int:
        check_specs(op, flat_specs(dataset), self.types, self.shapes)
        self.close()
        self.it = dataset._make_iterator(IterContext(dataset.options(), dataset))
        self.buffers = [deque() for _ in self.devices]
        self.turn = 0
        self.incarnation += 1
        return self.incarnation

    def get(self, op: str, shard: int, incarnation: int) -> tuple:
        if incarnation != self.incarnation:
            raise C.fail(op, f"Invalid incarnation id. Provided: {incarnation}; Expected: "
                             f"{self.incarnation}")
        if self.it is None:
            raise FailedPreconditionError(None, None, f"GetNextFromShard() failed because the "
                                                      f"multi-device iterator has not been "
                                                      f"initialized. [Op:{op}]")
        if not 0 <= shard < len(self.buffers):
            raise C.fail(op, f"shard_num {shard} is not one of the {len(self.buffers)} devices' "
                             f"shards")
        buffer = self.buffers[shard]
        while not buffer:
            try:
                element = next(self.it)
            except StopIteration:
                raise OutOfRangeError(None, None, f"End of sequence [Op:{op}]") from None
            except OpError as e:  # (raised inside the pipeline: TF names this op)
                if " [Op:" not in e._message:
                    e._message += f" [Op:{op}]"
                    e.args = (e._message,) + e.args[1:]
                raise
            self.buffers[self.turn].append(element)
            self.turn = (self.turn + 1) % len(self.buffers)
        return buffer.popleft()

    def close(self) -> None:
        it, self.it = self.it, None
        if it is not None:
            finalize(it.close)


def _handle(name: str, container: str, state: MultiDeviceIteratorState) -> np.ndarray:
    return cpu_handle(name, container, KIND, state)


def state_of(op: str, h: Any) -> MultiDeviceIteratorState:
    return held_resource(op, h, MultiDeviceIteratorState, KIND, _MANGLED,
                         f"Expected a resource handle of type '{KIND}'")


def _creator(name: str, kernel: Any, outs: int = 1) -> OpDef:
    def infer(*ins: Any, **attrs: Any) -> list:
        check_signature(name, ins, attrs)
        return [((), dt.resource)] + [((), dt.variant)] * (outs - 1)

    return register(OpDef(name, infer, kernel, num_outputs=outs, stateful=True, gpu=False,
                          tf=TFForm(load=tf_attrs_load(name), takes_handles=True)))


def _anonymous(devices: tuple, output_types: tuple, output_shapes: tuple) -> np.ndarray:
    state = MultiDeviceIteratorState(devices, output_types, output_shapes)
    handle = anonymous_handle(KIND, state)
    _ANONYMOUS[handle[()].name] = state  # (what a string handle of it names)
    return handle


ANONYMOUS = _creator(
    "AnonymousMultiDeviceIterator",
    lambda xp, *, devices, output_types, output_shapes: (
        _anonymous(devices, output_types, output_shapes), deleter()), outs=2)
ANONYMOUS_V3 = _creator(
    "AnonymousMultiDeviceIteratorV3",
    lambda xp, *, devices, output_types, output_shapes: _anonymous(devices, output_types,
                                                                   output_shapes))


def _shared(xp: Any, *, devices: tuple, shared_name: str, container: str,
            output_types: tuple, output_shapes: tuple) -> np.ndarray:
    op = "MultiDeviceIterator"
    container = container or "localhost"
    attrs = {"devices": devices, "output_types": output_types, "output_shapes": output_shapes}
    name = resource_name(op, (), container, shared_name, False, None, attrs)
    state = RESOURCES.lookup(container, name)
    if state is None:
        state = MultiDeviceIteratorState(devices, output_types, output_shapes)
        RESOURCES.create(container, name, state)
    else:  # (TF checks the components of the one kept, not its devices)
        check_specs(op, state.specs, output_types, output_shapes)
    return _handle(name, container, state)


SHARED = _creator("MultiDeviceIterator", _shared)


def _init(xp: Any, dataset: Any, multi_device_iterator: Any, max_buffer_size: Any) -> Any:
    op = "MultiDeviceIteratorInit"
    ds = dataset_of(op, dataset)
    # (TF reads no more of max_buffer_size than that it is there: buffers here grow)
    return np.int64(state_of(op, multi_device_iterator).init(ds, op))


INIT = register(OpDef(
    "MultiDeviceIteratorInit",
    lambda *ins: check_signature("MultiDeviceIteratorInit", ins, {}) or [((), dt.int64)],
    _init, stateful=True, gpu=False,
    tf=TFForm(load=tf_attrs_load("MultiDeviceIteratorInit"), takes_handles=True)))


def _first(value: Any) -> int:
    """An input's first value (TF reads no more of shard_num and incarnation_id)."""
    return int(np.asarray(value).reshape(-1)[0])


def _get_next(xp: Any, multi_device_iterator: Any, shard_num: Any, incarnation_id: Any, *,
              output_types: tuple, output_shapes: tuple) -> tuple:
    op = "MultiDeviceIteratorGetNextFromShard"
    state = state_of(op, multi_device_iterator)
    flat = state.get(op, _first(shard_num), _first(incarnation_id))
    flat = flat if isinstance(flat, tuple) else (flat,)
    out = tuple(np.asarray(c._numpy() if hasattr(c, "_numpy") else c) for c in flat)
    check_specs(op, tuple(TensorSpec(a.shape, getattr(c, "_dtype", s.dtype))
                          for a, c, s in zip(out, flat, state.specs)),
                tuple(output_types), tuple(output_shapes))
    return out


def _get_next_infer(multi_device_iterator: Any, shard_num: Any, incarnation_id: Any, *,
                    output_types: tuple, output_shapes: tuple) -> list:
    check_signature("MultiDeviceIteratorGetNextFromShard",
                    (multi_device_iterator, shard_num, incarnation_id),
                    {"output_types": output_types, "output_shapes": output_shapes})
    return [(None if s is None else tuple(s), d) for d, s in zip(output_types, output_shapes)]


GET_NEXT = register(OpDef(
    "MultiDeviceIteratorGetNextFromShard", _get_next_infer, _get_next, num_outputs=-1,
    stateful=True, gpu=False,
    arity=lambda ins, attrs: {"output_types": len(attrs.get("output_types", ()))},
    tf=TFForm(load=tf_attrs_load("MultiDeviceIteratorGetNextFromShard"), takes_handles=True)))


# -- string handles --------------------------------------------------------------------------

def _to_string_handle(xp: Any, multi_device_iterator: Any) -> np.ndarray:
    op = "MultiDeviceIteratorToStringHandle"
    state_of(op, multi_device_iterator)
    hh = multi_device_iterator[()] if isinstance(multi_device_iterator, np.ndarray) else \
        multi_device_iterator
    return np.array(handle_bytes(hh, KIND, _MANGLED), object)


TO_STRING_HANDLE = register(OpDef(
    "MultiDeviceIteratorToStringHandle",
    lambda h: check_signature("MultiDeviceIteratorToStringHandle", (h,), {}) or
    [((), dt.string)], _to_string_handle, stateful=True, gpu=False,
    tf=TFForm(load=tf_attrs_load("MultiDeviceIteratorToStringHandle"), takes_handles=True)))


def _from_string_handle(xp: Any, string_handle: Any, *, output_types: tuple = (),
                        output_shapes: tuple = ()) -> np.ndarray:
    op = "MultiDeviceIteratorFromStringHandle"
    raw = np.asarray(string_handle, object).reshape(-1)
    raw = raw[0] if raw.size else b""
    fields = parse_handle(raw if isinstance(raw, bytes) else str(raw).encode())
    if fields is None:
        raise C.fail(op, "Could not parse string_handle as a valid ResourceHandle")
    container, name = (fields[i].decode("utf-8", "replace") for i in (2, 3))
    if fields[4] != TYPE_HASH[KIND]:
        kind = demangled(fields[5].decode("utf-8", "replace"))
        raise C.fail(op, wrong_type(name, kind, KIND, fields[4]))
    state = _ANONYMOUS.get(name) if container == "Anonymous" else \
        RESOURCES.lookup(container, name)
    if state is None:
        raise C.fail(op, f"Resource {container}/{name}/{_MANGLED} does not exist.")
    if output_types:
        check_specs(op, state.specs, output_types, output_shapes or None)
    return _handle(name, container, state)


FROM_STRING_HANDLE = register(OpDef(
    "MultiDeviceIteratorFromStringHandle",
    lambda string_handle, **attrs: check_signature(
        "MultiDeviceIteratorFromStringHandle", (string_handle,), attrs) or [((), dt.resource)],
    _from_string_handle, stateful=True, gpu=False,
    tf=TFForm(load=tf_attrs_load("MultiDeviceIteratorFromStringHandle"), takes_handles=True)))


def _delete(xp: Any, multi_device_iterator: Any, *rest: Any, N: int = 0) -> tuple:
    # (an anonymous iterator lives as long as a handle names it; TF 2.21's kernel checks
    # nothing here)
    return ()


DELETE = register(OpDef(
    "DeleteMultiDeviceIterator",
    lambda *ins, **attrs: check_signature("DeleteMultiDeviceIterator", ins, attrs) or [],
    _delete, num_outputs=0, stateful=True, gpu=False,
    arity=lambda ins, attrs: {"N": len(ins) - 2},
    tf=TFForm(load=tf_attrs_load("DeleteMultiDeviceIterator"), takes_handles=True)))

OPS = ("AnonymousMultiDeviceIterator", "AnonymousMultiDeviceIteratorV3", "MultiDeviceIterator",
       "MultiDeviceIteratorInit", "MultiDeviceIteratorGetNextFromShard",
       "MultiDeviceIteratorToStringHandle", "MultiDeviceIteratorFromStringHandle",
       "DeleteMultiDeviceIterator")
