"""tf.experimental.dtensor's accelerator system: initialize/shutdown_accelerator_system
(and their TPU and multi-client spellings), create_distributed_mesh, create_tpu_mesh.

Above dtensor/mesh.py. One client on this host: initializing splits the CPU into the
requested logical devices before the runtime starts (TF's order, its errors otherwise),
a distributed mesh is the local devices' mesh, and TPUs are never present, so the TPU
paths answer with TF's errors for an uninitialized TPU system.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import device as _device
from eagerflow._src.dtensor import api
from eagerflow._src.dtensor.mesh import Mesh, given_device_specs, on_localhost

_INITIALIZED: list = [None]  # the device type the system was initialized for
_NO_TPU = "Invalid TPU topology, run dtensor.initialize_tpu_system() first"


def is_initialized() -> bool:
    return _INITIALIZED[0] is not None


def initialize_accelerator_system(device_type: str | None = None,
                                  enable_coordination_service: bool = True,
                                  num_logical_cpu_devices: int | None = None,
                                  experimental_reset_context: bool = False,
                                  experimental_enable_megcore: bool = False) -> str:
    """Initializes this client's devices for DTensor; returns the device type."""
    if is_initialized():
        raise ValueError("Accelerator system has already been initialized. "
                         "Call tf.experimental.dtensor.shutdown_accelerator_system() first.")
    if experimental_reset_context:
        _device.reset_runtime()
    if _device.runtime_initialized():
        raise ValueError("TensorFlow has already been initialized. "
                         "tf.experimental.dtensor.initialize_accelerator_system() must be "
                         "called before TensorFlow is initialized.")
    if device_type is None:
        device_type = api.preferred_device_type()
    device_type = device_type.upper()
    if device_type not in ("CPU", "GPU", "TPU"):
        raise ValueError(f"Unknown device_type {device_type}. "
                         "Allowed values are CPU, GPU, or TPU")
    if device_type == "TPU":
        raise ValueError(_NO_TPU)
    if device_type == "GPU":
        local = len(_device.list_physical_devices("GPU"))
        if num_logical_cpu_devices is None:
            num_logical_cpu_devices = max(len(_device.list_physical_devices("CPU")), local)
        elif num_logical_cpu_devices < local:
            raise ValueError(f"If set, `num_logical_cpu_devices` (={num_logical_cpu_devices}) "
                             "must be greater than or equal to the number of local "
                             f"{device_type} devices (={local})")
    if num_logical_cpu_devices is not None:
        _device.set_logical_device_configuration(
            _device.list_physical_devices("CPU")[0],
            [_device.LogicalDeviceConfiguration()] * num_logical_cpu_devices)
    _INITIALIZED[0] = device_type
    return device_type


def initialize_multi_client(enable_coordination_service: bool = True) -> str:
    """This process is the only client: the accelerator system initialized for it."""
    return initialize_accelerator_system(enable_coordination_service=enable_coordination_service)


def initialize_tpu_system(use_megacore: bool = False) -> str:
    return initialize_accelerator_system("TPU", experimental_enable_megcore=use_megacore)


def shutdown_accelerator_system() -> None:
    """Shuts the system down and resets the runtime (devices may be configured again)."""
    if not is_initialized():
        raise ValueError("Accelerator system is not initialized. Call "
                         "tf.experimental.dtensor.initialize_accelerator_system first.")
    _device.reset_runtime()
    _INITIALIZED[0] = None


def shutdown_tpu_system() -> None:
    shutdown_accelerator_system()


def create_distributed_mesh(mesh_dims: Any, mesh_name: str = "", local_devices: Any = None,
                            device_type: str | None = None,
                            use_xla_spmd: bool = False) -> Mesh:
    """The mesh of every client's devices: this client's, as one client holds them all."""
    if isinstance(mesh_dims, dict):
        mesh_dims = list(mesh_dims.items())
    names, shape = zip(*mesh_dims)
    if not is_initialized():
        raise ValueError("Accelerators are uninitialized, please run "
                         "dtensor.initialize_accelerator_system() first.")
    if device_type and device_type.upper() == "TPU":
        if local_devices is not None:
            raise ValueError(f"Do not specify devices for {device_type.upper()} meshes. Using "
                             f"a partial list of devices for {device_type.upper()} is not "
                             "supported.")
        raise ValueError(_NO_TPU)
    if local_devices is None:
        device_type = device_type or "CPU"
        specs = api.local_devices(device_type)
    else:
        specs, device_type = given_device_specs(local_devices, device_type)
    if device_type.upper() not in ("CPU", "GPU"):
        raise ValueError(f"Device type {device_type} is not CPU, GPU or TPU")
    specs = on_localhost(specs)
    if int(np.prod(shape)) != len(specs):
        raise ValueError(f"Global number of devices ({len(specs)} per client * 1 clients = "
                         f"{len(specs)}) must be equal to total size of the mesh of shape "
                         f"{shape}")
    ids = np.arange(len(specs)).reshape(shape)
    return Mesh(list(names), ids, ids.ravel().tolist(), specs, mesh_name,
                use_xla_spmd=use_xla_spmd)


def create_tpu_mesh(mesh_dim_names: list, mesh_shape: list, mesh_name: str,
                    ring_dims: int | None = None, ring_axes: list | None = None,
                    ring_bounds: list | None = None, can_split_host_across_rings: bool = True,
                    build_ring_across_rings: bool = False,
                    rotate_ring_across_rings: bool = False,
                    use_xla_spmd: bool = False) -> Mesh:
    """A TPU mesh: there is no TPU system on this host."""
    raise ValueError(_NO_TPU)
