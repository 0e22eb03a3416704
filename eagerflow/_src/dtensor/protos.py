"""TF's LayoutProto and MeshProto (tensorflow/dtensor/proto/layout.proto: package
tensorflow.dtensor, same field numbers and types, so the bytes are TF's), and the
conversions between them and the string forms Mesh and Layout parse (dtensor/mesh.py).

Above io/protos.py; below dtensor/mesh.py, which calls it for as_proto/from_proto.
"""

from __future__ import annotations

from typing import Any

from google.protobuf import descriptor_pool

from eagerflow._src.io.protos import build, enum, field, message

_pool = descriptor_pool.DescriptorPool()
_P = ".tensorflow.dtensor."
_classes = build(_pool, "tensorflow/dtensor/proto/layout.proto", "tensorflow.dtensor", [
    message("ShardingSpec", [field("sharding_spec", 2, "string")]),
    message("MeshDimensionProto", [field("name", 1, "string"), field("size", 2, "int64")]),
    message("LayoutProto", [
        field("sharding_specs", 1, _P + "ShardingSpec", repeated=True),
        field("mesh_config", 2, _P + "MeshProto"),
        field("type", 3, "enum:" + _P + "LayoutProto.LayoutType"),
    ], enums=(enum("LayoutType", [("UNKNOWN", 0), ("STATIC", 1), ("PARTED", 2),
                                  ("SINGLE_DEVICE", 3)]),)),
    message("MeshProto", [
        field("mesh_dimensions", 1, _P + "MeshDimensionProto", repeated=True),
        field("global_device_ids", 2, "int64", repeated=True),
        field("local_device_ids", 4, "int64", repeated=True),
        field("local_devices", 5, "string", repeated=True),
        field("global_devices", 6, "string", repeated=True),
        field("name", 3, "string"),
        field("use_xla_spmd", 7, "bool"),
        field("single_device", 8, "string"),
    ]),
])
LayoutProto = _classes["tensorflow.dtensor.LayoutProto"]
MeshProto = _classes["tensorflow.dtensor.MeshProto"]
_TYPES = {"STATIC": 1, "PARTED": 2, "SINGLE_DEVICE": 3}


def _check(proto: Any, full_name: str) -> None:
    """TF's error (its binding's) for something other than the message."""
    if getattr(getattr(proto, "DESCRIPTOR", None), "full_name", None) != full_name:
        raise TypeError("__init__(): incompatible constructor arguments. The following "
                        "argument types are supported:")


def mesh_proto(mesh_str: str) -> Any:
    """The MeshProto of a mesh given by its string form."""
    if "|" not in mesh_str:  # a single device's mesh
        return MeshProto(single_device=mesh_str)
    parts = mesh_str.split("|")
    xla = parts[-1] == "use_xla_spmd"
    if xla:
        parts = parts[:-1]
    p = MeshProto(name=parts[0], use_xla_spmd=xla)
    for d in filter(None, parts[1].split(",")):
        name, size = d.split("=")
        p.mesh_dimensions.add(name=name, size=int(size))
    p.global_device_ids.extend(int(i) for i in filter(None, parts[2].split(",")))
    p.local_device_ids.extend(int(i) for i in filter(None, parts[3].split(",")))
    p.local_devices.extend(filter(None, parts[4].split(",")))
    if len(parts) > 5:
        p.global_devices.extend(filter(None, parts[5].split(",")))
    return p


def mesh_string(proto: Any) -> str:
    """The string form of the mesh a MeshProto describes."""
    _check(proto, "tensorflow.dtensor.MeshProto")
    if proto.single_device:
        return proto.single_device
    return mesh_text(proto.name, [(d.name, d.size) for d in proto.mesh_dimensions],
                     proto.global_device_ids, proto.local_device_ids, proto.local_devices,
                     proto.global_devices, proto.use_xla_spmd)


def mesh_text(name: str, dims: Any, global_ids: Any, local_ids: Any, local_devices: Any,
              global_devices: Any, use_xla_spmd: bool) -> str:
    """TF's string form of a mesh: name|dim=size,...|global ids|local ids|local devices,
    then |global devices where there are any and |use_xla_spmd where it is set."""
    text = (f"{name}|{','.join(f'{n}={size}' for n, size in dims)}|"
            f"{','.join(map(str, global_ids))}|{','.join(map(str, local_ids))}|"
            f"{','.join(local_devices)}")
    if global_devices:
        text += "|" + ",".join(global_devices)
    if use_xla_spmd:
        text += "|use_xla_spmd"
    return text


def layout_proto(specs: list, kind: str, mesh_str: str) -> Any:
    """The LayoutProto of a layout (its specs, its type's name, its mesh's string)."""
    p = LayoutProto(type=_TYPES[kind])
    for s in specs:
        p.sharding_specs.add(sharding_spec=s)
    p.mesh_config.CopyFrom(mesh_proto(mesh_str))
    return p


def layout_string(proto: Any) -> str:
    """The string form of the layout a LayoutProto describes."""
    _check(proto, "tensorflow.dtensor.LayoutProto")
    mesh = mesh_string(proto.mesh_config)
    if proto.type == _TYPES["SINGLE_DEVICE"]:
        return f"maximal:true, mesh:{mesh}"
    kind = "parted" if proto.type == _TYPES["PARTED"] else "sharding_specs"
    return f"{kind}:{''.join(s.sharding_spec + ',' for s in proto.sharding_specs)} mesh:{mesh}"
