"""DTensors: eager tensors laid out over a mesh, and the ops that run on them.

Above dtensor/mesh.py. A DTensor is an EagerTensor whose array is the global value, with
a `_layout`; its components (what each device of the mesh holds, as `unpack` returns
them) are slices of that value. All devices are this process's, so the sharded math is
local: an op on DTensors (ops/dispatch.py hands them here through LAYOUT_HOOK) computes
on the global arrays, with TF's partial-then-summed order where a sharded axis is
reduced or contracted, and its result takes the layout TF's SPMD expansion infers
(layout_rules.py). Scalars and small integer/string tensors broadcast onto the mesh, as
TF's; other regular tensors are TF's UnimplementedError.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE, _state
from eagerflow._src.core.errors import (
    InvalidArgumentError,
    UnimplementedError,
    UnknownError,
)
from eagerflow._src.core.tensor import EagerTensor, convert_to_tensor
from eagerflow._src.dtensor import layout_rules
from eagerflow._src.dtensor.mesh import UNSHARDED, Layout
from eagerflow._src.ops import dispatch
from eagerflow._src.ops.math_base import IDENTITY
from eagerflow._src.ops.printing import format_tensor

DEVICE = "/job:localhost/replica:0/task:0/device:CUSTOM:0"
_SMALL = 1024  # TF's threshold for the integer tensors it broadcasts onto a mesh
# >0 while a tf.function's graph runs on DTensors (api.py): TF's layout propagation
# gives its internal constants and regular tensors a layout, so they are not refused.
IN_FUNCTION = [0]


class DTensor(EagerTensor):
    """An eager tensor on the DTensor device: its global value and its layout."""

    __slots__ = ("_layout", "_parts", "_made_on_mesh")

    @property
    def device(self) -> str:
        return DEVICE

    @property
    def backing_device(self) -> str:
        return DEVICE

    def _replicated_value(self) -> Any:
        if not self._layout.is_fully_replicated():
            raise UnimplementedError(
                None, None, "Trying to copy a non-single-device and non-replicated DTensor is "
                            f"not supported. Input tensor is: DTensor({_value_text(self)}, "
                            f"layout=\"{self._layout.to_string()}\", shape={self.shape}, "
                            f"dtype={self._dtype.name})")
        return self._arr

    def numpy(self) -> Any:
        self._replicated_value()
        return EagerTensor.numpy(self)

    def _numpy(self) -> Any:
        self._replicated_value()
        return EagerTensor._numpy(self)

    def __repr__(self) -> str:
        return (f"<tf.Tensor: shape={self.shape}, dtype={self._dtype.name}, value="
                f"{_value_text(self)}, layout=\"{self._layout.to_string()}\">")

    def __str__(self) -> str:
        return (f"tf.Tensor({_value_text(self)}, layout=\"{self._layout.to_string()}\", "
                f"shape={self.shape}, dtype={self._dtype.name})")

    def __reduce__(self) -> Any:
        raise TypeError("cannot pickle a DTensor: unpack its components")


def _value_text(t: DTensor) -> str:
    """TF's DTensor value: one value when every device holds the same, else each
    device's component by its short name."""
    if t._layout.is_fully_replicated() and t._parts is None:
        return format_tensor(np.asarray(t._arr), 3)
    names = [d.rsplit("device:", 1)[-1] for d in t._layout.mesh.local_devices()]
    parts = [f"\"{n}\": {format_tensor(np.asarray(c), 3)}"
             for n, c in zip(names, _components_of(t))]
    return "{" + ", ".join(parts) + "}"


def make(arr: Any, dtype: Any, layout: Layout) -> DTensor:
    t = DTensor.__new__(DTensor)
    t._arr = arr
    t._shape = arr.shape
    t._dtype = dtype
    t._device = CPU_DEVICE
    t._layout = layout
    t._parts = None
    t._made_on_mesh = False
    return t


def is_dtensor(tensor: Any) -> bool:
    """Whether `tensor` is a DTensor (on the DTensor device): an assignment's result
    (its variable's, read when used) is one where the variable is a DVariable's."""
    if isinstance(tensor, DTensor):
        return True
    return getattr(getattr(tensor, "_unread_of", None), "_layout", None) is not None


# -- components ------------------------------------------------------------------------------

def blocks(shape: tuple, layout: Layout) -> list:
    """For each device of the mesh in order, the slices of the global value it holds."""
    mesh = layout.mesh
    out = []
    for loc in mesh.unravel_index().values():
        idx = []
        for size, spec in zip(shape, layout.sharding_specs):
            if spec == UNSHARDED:
                idx.append(slice(None))
            else:
                k = size // mesh.dim_size(spec)
                idx.append(slice(loc[spec] * k, (loc[spec] + 1) * k))
        out.append(tuple(idx))
    return out


def components(arr: Any, layout: Layout) -> list:
    return [arr[b] for b in blocks(arr.shape, layout)]


def check_divisible(shape: tuple, layout: Layout, op: str | None) -> None:
    """TF's error for a layout that does not split `shape` evenly (or of another rank);
    `op` names the eager op TF's error locates it in (None: call_with_layout's, none)."""
    where = f"loc(fused[\"{op}:\", \"eager_operation\"]): " if op else ""
    if len(shape) != layout.rank:
        raise UnknownError(None, None, f"<unknown>:0: error: {where}'tf.DTensorLayout' op "
                           "requires matching rank "
                           f"for layout and input, but got {layout.rank} as suggested rank from "
                           f"layout but {len(shape)} from shape.")
    for i, size in enumerate(shape):
        n = layout.num_shards(i)
        if size % n:
            raise UnknownError(None, None, f"<unknown>:0: error: {where}'tf.DTensorLayout' op "
                               "requires dimension "
                               f"{i} to be divisible by sharding specified in DTensorLayout, but "
                               f"got dimension size={size} is not divisible by number of shards "
                               f"in layout for this dimension={n}.")


def pack(tensors: Any, layout: Layout) -> DTensor:
    """The DTensor whose components, one per device of the layout's mesh, are `tensors`."""
    tensors = [convert_to_tensor(t) for t in tensors]
    n = layout.mesh.size
    if len(tensors) != n:
        raise InvalidArgumentError(None, None, f"The dtensor device {DEVICE} expected {n} inputs "
                                               f"to DTensorPack, but got {len(tensors)}")
    if any(isinstance(t, DTensor) for t in tensors):
        raise InvalidArgumentError(None, None, "Does not support packing a Tensor that is "
                                               "already on dtensor device")
    shapes = {tuple(t._shape) for t in tensors}
    if len(shapes) > 1:
        raise UnimplementedError(None, None, "Components of a PackedTensor must currently all "
                                             "have the same shape")
    local = shapes.pop()
    if len(local) != layout.rank:
        raise InvalidArgumentError(None, None, "Packed layout should have the same rank as the "
                                               "rank for each component. The rank of each "
                                               f"component is: {len(local)}, while layout has "
                                               f"rank: {layout.rank}")
    shape = layout.global_shape_from_local_shape(local)
    first = np.asarray(tensors[0]._numpy())
    arr = np.empty(shape, first.dtype)
    filled: set = set()
    parts = []
    for t, b in zip(tensors, blocks(shape, layout)):
        key = tuple((s.start, s.stop) for s in b)
        parts.append(np.asarray(t._numpy()))
        if key not in filled:  # (the first device holding a block gives the value)
            filled.add(key)
            arr[b] = parts[-1]
    out = make(arr, tensors[0]._dtype, layout)
    if not all(np.array_equal(p, c, equal_nan=p.dtype.kind in "fc")
               for p, c in zip(parts, components(arr, layout))):
        out._parts = parts  # replicas that differ: each device keeps its own, as in TF
    return out


def unpack(tensor: Any) -> tuple:
    """The components of a DTensor, each a tensor on its device of the mesh."""
    if not isinstance(tensor, EagerTensor):  # (a variable, a DVariable too, as TF's binding)
        raise TypeError(f"Expecting a Tensor, got {type(tensor)}")
    if not isinstance(tensor, DTensor):
        dev = getattr(tensor, "device", CPU_DEVICE) or CPU_DEVICE
        raise InvalidArgumentError(None, None, f"DTensorUnpack expects a tensor placed on the "
                                               f"DTensor device: {DEVICE}, but input was placed "
                                               f"on device: {dev}")
    devices = tensor._layout.mesh.local_devices()
    return tuple(EagerTensor(np.array(c), tensor._dtype, d)
                 for c, d in zip(_components_of(tensor), devices))


def _components_of(t: DTensor) -> list:
    return t._parts if t._parts is not None else components(t._arr, t._layout)


def fetch_layout(tensor: Any) -> Layout:
    """The layout of a DTensor (or of a DVariable's value)."""
    layout = getattr(tensor, "_layout", None)
    if layout is None:  # (an assign's result: the variable's, read later)
        layout = getattr(getattr(tensor, "_unread_of", None), "_layout", None)
    if layout is None:
        raise InvalidArgumentError(None, None, "FetchLayout expects a tensor placed on the "
                                               "layout device.")
    return layout


def check_layout(tensor: Any, layout: Layout) -> None:
    """ValueError unless `tensor` has `layout`."""
    if fetch_layout(tensor) != layout:
        raise ValueError(f"Layout of tensor: {fetch_layout(tensor)}, did not match expected "
                         f"layout: {layout}")


def relayout(tensor: Any, layout: Layout, name: str | None = None) -> DTensor:
    """`tensor` laid out as `layout` (the same value; its components move)."""
    if not isinstance(tensor, DTensor):
        return copy_to_mesh(tensor, layout)
    check_divisible(tensor._shape, layout, "Relayout")
    return _retag(dispatch.bind(IDENTITY, (tensor,), {}), layout)


def relayout_like(tensor: Any, layout_tensor: Any, name: str | None = None) -> DTensor:
    layout = fetch_layout(layout_tensor)
    check_divisible(getattr(tensor, "_shape", ()), layout, "RelayoutLike")
    return relayout(tensor, layout)


def copy_to_mesh(tensor: Any, layout: Layout, source_layout: Layout | None = None) -> DTensor:
    """A regular tensor copied onto the layout's mesh, laid out as `layout`."""
    t = convert_to_tensor(tensor)
    if isinstance(t, DTensor):
        return relayout(t, layout)
    check_divisible(t._shape, layout, "Relayout")
    return make(t._numpy(), t._dtype, layout)


def _retag(t: DTensor, layout: Layout) -> DTensor:
    t._layout = layout
    return t




# -- ops on DTensors ------------------------------------------------------------------------

def _check_inputs(op: Any, inputs: tuple) -> Any:
    """The mesh of the op's DTensor inputs; TF's errors for a regular tensor it does not
    broadcast onto the mesh, or for DTensors on two meshes."""
    mesh = None
    for i, t in enumerate(inputs):
        layout = getattr(t, "_layout", None)
        if layout is not None:
            if mesh is None:
                mesh = layout.mesh
            elif layout.mesh != mesh:
                raise UnknownError(None, None, f"<unknown>:0: error: loc(fused[\"{op.name}:\", "
                                   "\"eager_operation\"]): 'tf_device.cluster' op failed during "
                                   "mesh propagation. All inputs to `tf_device.Cluster` must "
                                   "have same mesh configuration. List of found inputs:")
        elif isinstance(t, EagerTensor) and not IN_FUNCTION[0]:
            check_broadcast(t, op.name, i, " name: ")
    return mesh


def check_broadcast(t: Any, op_name: str, i: int, suffix: str = "") -> None:
    """TF's error for a regular tensor given as input `i` of an op or function on
    DTensors, unless it is one TF broadcasts onto the mesh (a scalar, a small integer or
    string tensor)."""
    d = t._dtype
    size = int(np.prod(t._shape, dtype=np.int64))
    small = (d is dt.int32 or d is dt.int64) and size < _SMALL
    if t._shape != () and d is not dt.string and not small:
        raise UnimplementedError(
            None, None, f"The op/function {op_name} got a regular tensor for input {i} "
            f"(shape [{','.join(map(str, t._shape))}]) but was expecting a DTensor. "
            "Currently only scalars and small integer/string tensors are auto-broadcast "
            "to DTensors. For other tensors, please use copy_to_mesh to make a DTensor "
            "explicitly; note that this may be slow if it happens frequently. "
            f"[Op:{op_name}]{suffix}")


def run_op(op: Any, inputs: tuple, attrs: dict, name: str | None) -> Any:
    """An eager op with a DTensor input (ops/dispatch.py's LAYOUT_HOOK)."""
    mesh = _check_inputs(op, inputs)
    layouts = [getattr(t, "_layout", None) for t in inputs]
    specs = op.infer(*inputs, **attrs)
    arrays = tuple(getattr(t, "_arr", t) for t in inputs)
    out = layout_rules.compute(op, arrays, attrs, layouts)
    outs = out if op.num_outputs != 1 else (out,)
    out_layouts = layout_rules.infer(op, inputs, layouts, attrs, specs, mesh)
    outputs = tuple(make(np.asarray(o).astype(s[1]._plain_np, copy=False)
                         if s[1]._plain_np is not None else np.asarray(o), s[1], lay)
                    for o, s, lay in zip(outs, specs, out_layouts))
    if _state.tapes:
        dispatch.record(op, inputs, outputs, attrs)
    return outputs[0] if op.num_outputs == 1 else outputs


def install() -> None:
    dispatch.LAYOUT_HOOK[0] = run_op

install()
