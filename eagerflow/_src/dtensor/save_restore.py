"""tf.experimental.dtensor's sharded checkpoints: sharded_save, name_based_save,
name_based_restore, and the files tf.train.Checkpoint / DTensorCheckpoint write for
DVariables.

Above dtensor/tensor.py and train/ (tensor_bundle.py writes the files). TF's SPMD
expansion of SaveV2 has every device save the slices of each tensor that no device
before it holds (a replicated tensor: device 0 alone, whole), each into a bundle of its
own, and merges those bundles in device order: so the checkpoint has one data file per
device that saved anything, a sharded tensor's entry lists its slices in device order
(an unsharded dimension's extent whole), and TF's reader puts it back together. Restores
read each tensor whole and lay it out as the tensor given (any layout, any mesh).
"""

from __future__ import annotations

import collections
import contextlib
import os
from typing import Any, Iterator

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import (
    InvalidArgumentError,
    NotFoundError,
    OpError,
    UnknownError,
)
from eagerflow._src.core.tensor import EagerTensor, convert_to_tensor
from eagerflow._src.dtensor import tensor as _dt
from eagerflow._src.dtensor.mesh import UNSHARDED, Layout, Mesh
from eagerflow._src.io.tensor_bundle import BundleReader, bundle_writer
from eagerflow._src.ops.checks import dt_enum, dtype_word
from eagerflow._src.train import checkpoint as _ckpt
from eagerflow._src.train.graph_view import OBJECT_GRAPH_KEY

SAVE_COUNTER_KEY = "save_counter/.ATTRIBUTES/VARIABLE_VALUE"


# -- which device saves what --------------------------------------------------------------

def _spec(shape: tuple, layout: Layout, block: tuple) -> str:
    """The SaveV2 slice spec of `block` ("" for a tensor no dimension of which is split)."""
    if all(layout.num_shards(i) == 1 for i in range(len(shape))):
        return ""
    extents = ["-" if s == UNSHARDED or layout.num_shards(i) == 1 else
               f"{b.start},{b.stop - b.start}"
               for i, (s, b) in enumerate(zip(layout.sharding_specs, block))]
    return " ".join(str(d) for d in shape) + " " + ":".join(extents)


def device_saves(items: list, num_devices: int) -> list:
    """For each device of the mesh in order, the [(name, spec, array, dtype)] it saves:
    `items` are (name, global array, dtype, layout or None (device 0's, whole),
    components or None (slices of the global array))."""
    out: list = [[] for _ in range(num_devices)]
    for name, arr, dtype, layout, comps in items:
        if layout is None:
            out[0].append((name, "", arr, dtype))
            continue
        shape = tuple(np.shape(arr))
        seen: set = set()
        for i, block in enumerate(_dt.blocks(shape, layout)):
            key = tuple((b.start, b.stop) for b in block)
            if key in seen:
                continue
            seen.add(key)
            part = comps[i] if comps is not None else arr[block]
            out[i].append((name, _spec(shape, layout, block), np.asarray(part), dtype))
    return out


def _write(prefix: str, shards: list) -> None:
    """The non-empty `shards` ([(name, spec, array, dtype)] each) as one bundle."""
    shards = [s for s in shards if s]
    with bundle_writer(prefix, len(shards)) as writer:
        for shard_id, shard in enumerate(shards):
            for name, spec, arr, dtype in shard:
                writer.add(name, arr, dtype, shard=shard_id, spec=spec)


# -- tf.train.Checkpoint / DTensorCheckpoint of DVariables ----------------------------------

_ONE_GROUP = [False]  # a DTensorCheckpoint's save: everything saved on the mesh


@contextlib.contextmanager
def one_group() -> Iterator[None]:
    old, _ONE_GROUP[0] = _ONE_GROUP[0], True
    try:
        yield
    finally:
        _ONE_GROUP[0] = old


def write_checkpoint(file_prefix: str, graph_bytes: bytes, values: dict, owners: dict) -> bool:
    """Writes a checkpoint holding DVariables as TF does (False: none, not written here).

    The DVariables' slices go to one file per device; everything else (the object graph,
    the save counter, regular variables) to one more: TF's DTensorCheckpoint saves it all
    on the mesh (device 0's file); tf.train.Checkpoint saves it apart, its file first where
    a regular variable is among it, else after device 0's."""
    layouts = {k: getattr(o, "_layout", None) for k, o in owners.items()}
    dvars = [k for k, lay in layouts.items() if lay is not None]
    if not dvars:
        return False
    mesh = layouts[dvars[0]].mesh
    graph = (OBJECT_GRAPH_KEY, np.array(graph_bytes, dtype=object), dt.string, None, None)
    sharded, host = [], [graph]
    for key in sorted(values):
        arr, dtype = values[key]()
        (sharded if layouts.get(key) is not None else host).append(
            (key, arr, dtype, layouts.get(key), None))
    if _ONE_GROUP[0]:
        _write(file_prefix, device_saves(host + sharded, mesh.size))
        return True
    devices = device_saves(sharded, mesh.size)
    host_file = [(name, "", arr, dtype) for name, arr, dtype, _, _ in host]
    if any(k != SAVE_COUNTER_KEY for k, *_ in host[1:]):
        _write(file_prefix, [host_file] + devices)
    else:
        _write(file_prefix, devices[:1] + [host_file] + devices[1:])
    return True


# -- sharded_save / name_based_save -----------------------------------------------------------

def _eager_strings(value: Any) -> np.ndarray:
    t = convert_to_tensor(value, dtype=dt.string)
    return np.asarray(t._numpy(), dtype=object)


def _text(value: Any) -> str:
    v = value.decode("utf-8") if isinstance(value, bytes) else value
    return os.fspath(v)


def _shape_text(shape: tuple) -> str:
    return "[" + ",".join(str(d) for d in shape) + "]"


def sharded_save(mesh: Mesh, file_prefix: Any, tensor_names: Any, shape_and_slices: Any,
                 tensors: list) -> None:
    """Saves `tensors` under `tensor_names` at `file_prefix`, each device of the mesh
    writing the slices it holds first, merged into one checkpoint (TF's DTensor SaveV2 and
    MergeV2Checkpoints)."""
    tensors = [convert_to_tensor(t) for t in tensors]
    prefix = convert_to_tensor(file_prefix, dtype=dt.string)
    names = convert_to_tensor(tensor_names, dtype=dt.string)
    slices = convert_to_tensor(shape_and_slices, dtype=dt.string)
    op = type("Op", (), {"name": "SaveV2"})
    found = _dt._check_inputs(op, (prefix, names, slices, *tensors))
    mesh = found if found is not None else mesh
    n = len(tensors)
    for arg in (names, slices):
        if tuple(arg._shape) != (n,):
            shapes = ", ".join(_shape_text(tuple(t._shape))
                               for t in (prefix, names, slices, *tensors))
            raise InvalidArgumentError(
                None, None, f"Dimension must be {n} but is "
                f"{arg._shape[0] if arg._shape else 0} for '{{{{node eager_operation}}}} = "
                f"SaveV2[dtypes=[{', '.join(dt_enum(t._dtype) for t in tensors)}]]()' with "
                f"input shapes: {shapes}.")
    for spec in _eager_strings(slices):
        if spec:
            raise UnknownError(None, None, "<unknown>:0: error: loc(fused[\"SaveV2:\", "
                               "\"eager_operation\"]): DTensor SaveV2 requires "
                               "shape_and_slices() field to be empty for tensors, but get : "
                               f"{_text(spec)}")
    path = _text(np.asarray(prefix._numpy(), dtype=object).item())
    directory = os.path.dirname(path)
    if directory and not os.path.isdir(directory):
        raise NotFoundError(None, None, f"{directory}; No such file or directory")
    items = []
    for name, t in zip(_eager_strings(names), tensors):
        layout = getattr(t, "_layout", None)
        comps = _dt._components_of(t) if layout is not None else None
        if layout is not None and layout.is_fully_replicated():
            layout = comps = None  # (device 0 saves it whole)
        arr = t._arr if isinstance(t, _dt.DTensor) else t._numpy()
        items.append((_text(name), np.asarray(arr), t._dtype, layout, comps))
    _write(path, device_saves(items, mesh.size))


def _ordered(name_tensor_dict: Any) -> collections.OrderedDict:
    if isinstance(name_tensor_dict, collections.OrderedDict):
        return name_tensor_dict
    return collections.OrderedDict(name_tensor_dict)


def _host_strings(mesh: Mesh, values: Any, rank: int) -> Any:
    """`values` as TF packs them: a string DTensor replicated on the mesh's host mesh."""
    arr = np.array(values, dtype=object)
    if arr.size == 0 and rank:  # (TF packs an empty list as a float32 tensor)
        t = _dt.make(np.zeros((0,), np.float32), dt.float32,
                     Layout.replicated(mesh.host_mesh(), rank))
        raise ValueError(f"Tensor conversion requested dtype string for Tensor with dtype "
                         f"float32: {t!r}")
    return _dt.make(arr, dt.string, Layout.replicated(mesh.host_mesh(), rank))


def _prefix_value(checkpoint_prefix: Any) -> Any:
    if isinstance(checkpoint_prefix, EagerTensor):
        return checkpoint_prefix._numpy().item()
    return os.fspath(checkpoint_prefix)


def name_based_save(mesh: Mesh, checkpoint_prefix: Any, name_tensor_dict: Any) -> None:
    """Saves the DTensors of `name_tensor_dict` under their names at `checkpoint_prefix`
    (through sharded_save: one data file per device that holds a slice first)."""
    if _state.graph is not None:
        raise ValueError("name based save must run eagerly.")
    ordered = _ordered(name_tensor_dict)
    prefix = _host_strings(mesh, _prefix_value(checkpoint_prefix), 0)
    names = _host_strings(mesh, list(ordered.keys()), 1)
    sharded_save(mesh, file_prefix=prefix, tensor_names=names,
                 shape_and_slices=[""] * len(ordered), tensors=list(ordered.values()))


def name_based_restore(mesh: Mesh, checkpoint_prefix: Any,
                       name_tensor_dict: Any) -> collections.OrderedDict:
    """The tensors saved under the names of `name_tensor_dict` at `checkpoint_prefix`, each
    laid out as the DTensor (or DVariable) it names, which must have its shape and dtype."""
    if _state.graph is not None:
        raise ValueError("name based restore must run eagerly.")
    ordered = _ordered(name_tensor_dict)
    layouts = []
    for name, tensor in ordered.items():
        try:
            layout = _dt.fetch_layout(tensor)
        except OpError as e:
            raise ValueError("Saving/Restoring tensor must be a DTensor") from e
        if layout.mesh.device_type().upper() != "CPU":
            raise ValueError("Restoring a non CPU Tensor is not supported currently. "
                             f"Offending tensor name : {name}")
        layouts.append(layout)
    prefix = _text(_prefix_value(checkpoint_prefix))
    reader = BundleReader(prefix)
    try:
        out = collections.OrderedDict()
        for (name, tensor), layout in zip(ordered.items(), layouts):
            if not reader.has(name):
                raise NotFoundError(None, None, f"Key {name} not found in checkpoint")
            want = dt.as_dtype(tensor.dtype)
            stored = reader.dtype(name)
            if stored is not want:
                raise InvalidArgumentError(
                    None, None, f"tensor_name = {name}; expected dtype {dtype_word(want)} does "
                    f"not equal original dtype {dtype_word(stored)}")
            shape = [int(d) for d in tensor.shape]
            if reader.shape(name) != shape:
                raise InvalidArgumentError(
                    None, None, f"tensor_name = {name}; shape in shape_and_slice spec "
                    f"{_shape_text(tuple(shape))} does not match the shape stored in "
                    f"checkpoint: {_shape_text(tuple(reader.shape(name)))}")
            arr = reader.read(name)
            if want is not dt.string:
                arr = arr.astype(want.as_numpy_dtype, copy=False)
            out[name] = _dt.make(arr, want, layout)
    finally:
        reader.close()
    return out


_ckpt.DTENSOR_WRITER[0] = write_checkpoint
