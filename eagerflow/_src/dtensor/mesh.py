"""tf.experimental.dtensor's Mesh and Layout, as TF 2.21 defines them.

Above distribute/ in the pipeline (dtensor/ is its own package; nothing below imports it).
A Mesh is a grid of devices with named dimensions; a Layout says, for each axis of a
tensor, which mesh dimension shards it (or UNSHARDED). Both are plain values: they
print, parse and compare by their TF string form (`Mesh.from_string(|x=3,y=2|...)`),
which TF's checkpoints and reprs carry. create_mesh builds a single-client mesh of the
local logical devices (tf.config.set_logical_device_configuration splits the CPU).
"""

from __future__ import annotations

import collections
import enum
import itertools
from typing import Any

import numpy as np

from eagerflow._src.core import device as _device
from eagerflow._src.dtensor import protos
from eagerflow._src.ops import array as _array

UNSHARDED = "unsharded"
MATCH = "match"


class MeshDimension(collections.namedtuple("MeshDimension", ["name", "size"])):
    """One named dimension of a mesh and its size."""

    __slots__ = ()


class LayoutType(enum.Enum):
    """TF's kinds of layout: a static sharding, a parted one, or one device's."""

    STATIC = 1
    SINGLE_DEVICE = 2
    PARTED = 3


def _device_string(d: Any) -> str:
    if isinstance(d, _device.DeviceSpecV2):
        return d.to_string()
    return str(d)


def _device_type(name: str) -> str | None:
    return _device.DeviceSpecV2.from_string(name).device_type


class _ByString:
    """What Mesh and Layout share: each is its string form (repr, pickling, equality,
    hash), as TF's are; another kind of object compared is pybind's TypeError."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.from_string({self.to_string()})"

    __str__ = __repr__

    def __reduce__(self) -> tuple:
        return type(self).from_string, (self.to_string(),)

    def __eq__(self, other: Any) -> bool:
        if not isinstance(other, type(self)):
            raise TypeError("__eq__(): incompatible function arguments. The following argument "
                            "types are supported:")
        return self.to_string() == other.to_string()

    def __hash__(self) -> int:
        return hash(self.to_string())


class Mesh(_ByString):
    """A grid of devices with named dimensions (`tf.experimental.dtensor.Mesh`)."""

    def __init__(self, dim_names: list, global_device_ids: Any, local_device_ids: Any,
                 local_devices: Any, mesh_name: str = "", global_devices: Any = None,
                 use_xla_spmd: bool = False) -> None:
        if not isinstance(global_device_ids, np.ndarray):
            raise ValueError("Variable global_device_ids must be an ndarray.")
        if global_device_ids.size == 0:
            raise ValueError("Variable global_device_ids must be non-empty.")
        flat = global_device_ids.flatten()
        if any(int(g) - i != int(flat[0]) for i, g in enumerate(flat)):
            raise ValueError(f"global_device_ids must sequentially increase: {global_device_ids}")
        if len(dim_names) != global_device_ids.ndim:
            raise ValueError("Number of mesh dimensions does not match number of dimension names.")
        if not isinstance(local_device_ids, list):
            raise ValueError("Variable local_device_ids must be a list of integers.")
        if not isinstance(local_devices, list):
            raise ValueError("Variable local_devices must be a list of DeviceSpecs.")
        if global_devices and not isinstance(global_devices, list):
            raise ValueError("Variable global_devices must be a list of DeviceSpecs.")
        if not local_devices and not global_devices:
            raise ValueError("Empty list of devices not allowed.")
        local = [_device_string(d) for d in local_devices]
        specs = [_device.DeviceSpecV2.from_string(d) for d in local]
        only_host_cpu = len(set(local)) == 1 and specs[0].device_type == "CPU"
        if not only_host_cpu and len(set(local)) != len(local):
            raise ValueError("Duplicate devices found in mesh specification "
                             f"{[d for d in local_devices if local_devices.count(d) > 1]}.")
        if len(local_device_ids) != len(local):
            raise ValueError("Variable local_device_ids does not have same size as local_devices.")
        if len(local_device_ids) > flat.size:
            raise ValueError("Cannot have more local than gobal device IDs.")
        glob = [_device_string(d) for d in (global_devices or [])]
        types = {s.device_type for s in specs} or {_device_type(d) for d in glob}
        if None in types:
            raise ValueError("device_type is required")
        if len(types) > 1:
            raise ValueError(f"Devices containing multiple device_types : {types}")
        self._device_type = types.pop()
        if use_xla_spmd and self._device_type != "TPU":
            raise ValueError("XLA SPMD is not currently not supported for "
                             f"{self._device_type} mesh.")
        self._name = mesh_name
        self._dims = [str(n) for n in dim_names]
        self._shape = [int(s) for s in global_device_ids.shape]
        self._ids = flat.astype(np.int64)
        self._local_ids = [int(i) for i in local_device_ids]
        self._local = local
        self._global = glob
        self._xla = bool(use_xla_spmd)
        self._single = None  # a single-device mesh's device (Mesh.from_device)

    # -- TF's string form ------------------------------------------------------------------

    def to_string(self) -> str:
        if self._single is not None:
            return self._single
        return protos.mesh_text(self._name, zip(self._dims, self._shape), self._ids,
                                self._local_ids, self._local, self._global, self._xla)

    @classmethod
    def from_string(cls, mesh_str: str) -> Mesh:
        parts = mesh_str.split("|")
        if len(parts) == 1 and mesh_str.startswith("/job:"):
            return cls.from_device(mesh_str)
        if len(parts) < 5:
            raise ValueError(f"Input string is invalid: {mesh_str}")
        xla = parts[-1] == "use_xla_spmd"
        if xla:
            parts = parts[:-1]
        try:
            dims = [d.split("=") for d in parts[1].split(",")] if parts[1] else []
            names = [d[0] for d in dims]
            shape = [int(d[1]) for d in dims]
            ids = np.array([int(i) for i in parts[2].split(",")]).reshape(shape)
            local_ids = [int(i) for i in parts[3].split(",")] if parts[3] else []
        except (IndexError, ValueError):
            raise ValueError(f"Input string is invalid: {mesh_str}") from None
        local = parts[4].split(",") if parts[4] else []
        glob = parts[5].split(",") if len(parts) > 5 and parts[5] else None
        return cls(names, ids, local_ids, local, parts[0], glob, xla)

    def as_proto(self) -> Any:
        """This mesh as TF's MeshProto."""
        return protos.mesh_proto(self.to_string())

    @classmethod
    def from_proto(cls, proto: Any) -> Mesh:
        return cls.from_string(protos.mesh_string(proto))

    @classmethod
    def from_device(cls, device: str) -> Mesh:
        """The single-device mesh of `device` (a full device name)."""
        mesh = cls([], np.array(0), [0], [device])
        mesh._single = device
        return mesh

    # -- dimensions ------------------------------------------------------------------------

    @property
    def name(self) -> str:
        return self._name

    @property
    def dim_names(self) -> list:
        return list(self._dims)

    @property
    def size(self) -> int:
        return int(np.prod(self._shape, dtype=np.int64)) if self._single is None else 1

    def shape(self) -> list:
        return list(self._shape)

    def _dim_index(self, dim_name: str) -> int:
        if dim_name not in self._dims:
            raise ValueError(f"Dimension {dim_name} does not exist in mesh.Available dimensions: "
                             f"{','.join(self._dims)}")
        return self._dims.index(dim_name)

    def dim_size(self, dim_name: str) -> int:
        return self._shape[self._dim_index(dim_name)]

    def __getitem__(self, dim_name: str) -> MeshDimension:
        return MeshDimension(dim_name, self.dim_size(dim_name))

    def __contains__(self, dim_name: Any) -> bool:
        return dim_name in self._dims

    def contains_dim(self, dim_name: str) -> bool:
        return dim_name in self._dims

    @property
    def strides(self) -> list:
        out, acc = [], 1
        for s in reversed(self._shape):
            out.append(acc)
            acc *= s
        return out[::-1]

    def unravel_index(self) -> dict:
        """Device id -> {dimension name: its index along it}."""
        positions = itertools.product(*(range(s) for s in self._shape))
        return {i: dict(zip(self._dims, pos)) for i, pos in enumerate(positions)}

    def device_location(self, device_id: int) -> list:
        return [(int(device_id) // st) % s for st, s in zip(self.strides, self._shape)]

    def coords(self, device_idx: int) -> Any:
        """The device's place in the mesh, as an int32 tensor."""
        return _array.constant(self.device_location(device_idx), dtype="int32")

    def local_device_locations(self) -> list:
        mapping = self.unravel_index()
        return [mapping[i] for i in self._local_ids]

    # -- devices ---------------------------------------------------------------------------

    def local_devices(self) -> list:
        return list(self._local)

    def local_device_ids(self) -> list:
        return list(self._local_ids)

    def global_device_ids(self) -> np.ndarray:
        return self._ids.reshape(self._shape) if self._single is None else np.array(0)

    def global_devices(self) -> list:
        return list(self._global)

    def num_local_devices(self) -> int:
        return len(self._local)

    def min_global_device_id(self) -> int:
        return int(self._ids.min())

    def device_type(self) -> str:
        return self._device_type

    def is_remote(self) -> bool:
        return not self._local and bool(self._global)

    def is_single_device(self) -> bool:
        return self._single is not None

    def single_device(self) -> str:
        return self._single or ""

    def use_xla_spmd(self) -> bool:
        return self._xla

    def host_mesh(self) -> Mesh:
        """The mesh of the host CPUs beside this mesh's devices (this mesh, on a CPU)."""
        if self._device_type == "CPU":
            return self
        local = [d.replace(f"device:{self._device_type}:", "device:CPU:") for d in self._local]
        return Mesh(self._dims, self.global_device_ids(), self._local_ids, local,
                    f"{self._name}_host" if self._name else "")


class Layout(_ByString):
    """How a tensor is split over a mesh: a mesh dimension (or UNSHARDED) per axis."""

    def __init__(self, sharding_specs: list, mesh: Mesh) -> None:
        if not isinstance(mesh, Mesh):
            raise ValueError("mesh is not a valid Mesh object.")
        if not isinstance(sharding_specs, (list, tuple)):
            raise TypeError("__init__(): incompatible constructor arguments. The following "
                            "argument types are supported:")
        specs = list(sharding_specs)
        for s in specs:
            if s in (UNSHARDED, MATCH):
                continue
            if specs.count(s) > 1:
                raise ValueError(f"Mesh dimension {s} was repeated in sharding specification "
                                 f"{sharding_specs}. Mesh dimensions must be unique in a layout.")
            if s not in mesh:
                raise ValueError(f"{s}: A dimension sharding must either be a valid mesh "
                                 "dimension or UNSHARDED.")
        self._type = LayoutType.STATIC
        self._specs = [str(s) for s in specs]
        self._mesh = mesh

    @classmethod
    def _make(cls, specs: list, mesh: Mesh, kind: LayoutType = LayoutType.STATIC) -> Layout:
        layout = cls.__new__(cls)
        layout._type, layout._specs, layout._mesh = kind, list(specs), mesh
        return layout

    # -- constructors ----------------------------------------------------------------------

    @classmethod
    def replicated(cls, mesh: Mesh, rank: int) -> Layout:
        return cls._make([UNSHARDED] * rank, mesh)

    @classmethod
    def batch_sharded(cls, mesh: Mesh, batch_dim: str, rank: int, axis: int = 0) -> Layout:
        if batch_dim not in mesh:
            raise RuntimeError(f"Bad StatusOr access: INVALID_ARGUMENT: sharding spec "
                               f"({batch_dim}) refers to mesh dimension not contained in mesh "
                               f"{mesh.to_string()}")
        specs = [UNSHARDED] * rank
        specs[axis] = batch_dim
        return cls._make(specs, mesh)

    @classmethod
    def inner_sharded(cls, mesh: Mesh, inner_dim: str, rank: int) -> Layout:
        return cls.batch_sharded(mesh, inner_dim, rank, axis=rank - 1)

    @classmethod
    def from_single_device_mesh(cls, mesh: Mesh) -> Layout:
        return cls._make([], mesh, LayoutType.SINGLE_DEVICE)

    @classmethod
    def from_device(cls, device: str) -> Layout:
        return cls.from_single_device_mesh(Mesh.from_device(device))

    @classmethod
    def from_string(cls, layout_str: str) -> Layout:
        head, sep, mesh_str = layout_str.partition(" mesh:")
        if not sep:
            raise ValueError(f"Expected 2 items but found 1{layout_str}")
        mesh = Mesh.from_string(mesh_str)
        if head == "maximal:true,":
            if mesh._single is None:
                raise ValueError("type is single device, but mesh is not single device")
            return cls.from_single_device_mesh(mesh)
        kind, _, specs = head.partition(":")
        specs = [s for s in specs.split(",") if s]
        layout = cls(specs, mesh)
        if kind == "parted":
            layout._type = LayoutType.PARTED
        return layout

    def to_string(self) -> str:
        if self._type is LayoutType.SINGLE_DEVICE:
            return f"maximal:true, mesh:{self._mesh.to_string()}"
        kind = "parted" if self._type is LayoutType.PARTED else "sharding_specs"
        return f"{kind}:{''.join(s + ',' for s in self._specs)} mesh:{self._mesh.to_string()}"

    def as_proto(self) -> Any:
        """This layout as TF's LayoutProto."""
        return protos.layout_proto(self._specs, self._type.name, self._mesh.to_string())

    @classmethod
    def from_proto(cls, layout_proto: Any) -> Layout:
        return cls.from_string(protos.layout_string(layout_proto))

    def to_parted(self) -> Layout:
        return Layout._make(self._specs, self._mesh, LayoutType.PARTED)

    def delete(self, dims: Any) -> Layout:
        if not isinstance(dims, list):
            dims = [dims]
        return Layout([s for i, s in enumerate(self._specs) if i not in dims], self._mesh)

    # -- properties ------------------------------------------------------------------------

    @property
    def mesh(self) -> Mesh:
        return self._mesh

    @property
    def shape(self) -> list:
        return self._mesh.shape()

    @property
    def sharding_specs(self) -> list:
        return list(self._specs)

    @property
    def rank(self) -> int:
        return len(self._specs)

    @property
    def type(self) -> LayoutType:
        return self._type

    def num_shards(self, idx: int) -> int:
        spec = self._specs[idx] if -len(self._specs) <= idx < len(self._specs) else ""
        if spec in (UNSHARDED, MATCH):
            return 1
        if spec not in self._mesh:
            raise RuntimeError(f"Bad StatusOr access: NOT_FOUND: Dimension {spec} does not exist "
                               f"in mesh.Available dimensions: {','.join(self._mesh.dim_names)}")
        return self._mesh.dim_size(spec)

    def is_fully_replicated(self) -> bool:
        return all(s == UNSHARDED for s in self._specs)

    def is_batch_parallel(self) -> bool:
        return bool(self._specs) and self._specs[0] != UNSHARDED and \
            all(s == UNSHARDED for s in self._specs[1:])

    def is_single_device(self) -> bool:
        return self._type is LayoutType.SINGLE_DEVICE

    def global_shape_from_local_shape(self, local_shape: Any) -> tuple:
        return tuple(int(d) * self.num_shards(i) for i, d in enumerate(local_shape))

    def local_shape_from_global_shape(self, global_shape: Any) -> tuple:
        return tuple(int(d) // self.num_shards(i) for i, d in enumerate(global_shape))

    def offset_to_shard(self) -> list:
        """For each device in mesh order, the index of its shard along every axis."""
        return [tuple(0 if s == UNSHARDED else loc[s] for s in self._specs)
                for loc in self._mesh.unravel_index().values()]

    def offset_tuple_to_global_index(self, offset_tuple: Any) -> int:
        index = 0
        for i, o in enumerate(offset_tuple):
            stride = 1
            for j in range(i + 1, self.rank):
                stride *= self.num_shards(j)
            index += stride * o
        return index


def _local_device_specs(device_type: str) -> list:
    return [_device.DeviceSpecV2.from_string(d.name)
            for d in _device.list_logical_devices(device_type.upper())]


def given_device_specs(devices: Any, device_type: str | None) -> tuple[list, str]:
    """The DeviceSpecs of the devices a mesh is given (names or specs) and their type: the
    one given, which must be the first device's, or else the first device's."""
    specs = [_device.DeviceSpecV2.from_string(d) if isinstance(d, str) else d
             for d in devices]
    if device_type is None:
        device_type = specs[0].device_type
    if device_type.upper() != (specs[0].device_type or "").upper():
        raise ValueError(f"Conflicting devices {specs} and device_type {device_type}")
    return specs, device_type


def on_localhost(specs: list) -> list:
    """The device specs completed as this client's: job localhost, replica 0, task 0."""
    local = _device.DeviceSpecV2(job="localhost", replica=0, task=0)
    return [local.make_merged_spec(d) for d in specs]


def create_mesh(mesh_dims: Any = None, mesh_name: str = "", devices: Any = None,
                device_type: str | None = None, use_xla_spmd: bool = False) -> Mesh:
    """A single-client mesh of local devices (all the CPU's logical devices by default)."""
    if devices is None:
        device_type = device_type or "CPU"
        specs = _local_device_specs(device_type)
    else:
        specs, device_type = given_device_specs(devices, device_type)
    specs = on_localhost(specs)
    if isinstance(mesh_dims, dict):
        mesh_dims = list(mesh_dims.items())
    if mesh_dims is None:
        mesh_dims = [("x", len(specs))]
    elif len(mesh_dims) == 1 and mesh_dims[0][1] == -1:
        mesh_dims = [(mesh_dims[0][0], len(specs))]
    names = [d[0] for d in mesh_dims]
    shape = [d[1] for d in mesh_dims]
    if int(np.prod(shape)) != len(specs):
        raise ValueError(f"length of devices ({len(specs)}) must be equal to total size of the "
                         f"mesh of shape {shape}")
    ids = np.arange(len(specs)).reshape(shape)
    return Mesh(names, ids, ids.ravel().tolist(), specs, mesh_name, use_xla_spmd=use_xla_spmd)
