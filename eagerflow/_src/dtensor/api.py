"""tf.experimental.dtensor's functions around meshes: call_with_layout, default_mesh and
run_on, and the single-client configuration TF reports (device names, counts, jobs).

Above dtensor/tensor.py. Everything here is this process's: one client, its logical
devices; multi-client and accelerator initialisation answer as TF does on one CPU host.
"""

from __future__ import annotations

import contextlib
from typing import Any, Callable, Iterator

from eagerflow._src.core import device as _device
from eagerflow._src.dtensor import tensor as _dt
from eagerflow._src.dtensor.mesh import Layout, Mesh

_DEFAULT_MESH: list = []


def call_with_layout(fn: Callable, layout: Layout | None, *args: Any, **kwargs: Any) -> Any:
    """`fn(*args, **kwargs)`, its result made a DTensor laid out as `layout`."""
    if layout is None:
        return fn(*args, **kwargs)
    with default_mesh(layout.mesh):
        result = fn(*args, **kwargs)
    if isinstance(result, _dt.DTensor):
        return _dt.relayout(result, layout)
    t = _dt.convert_to_tensor(result)
    _dt.check_divisible(t._shape, layout, None)
    return _dt.make(t._numpy(), t._dtype, layout)


@contextlib.contextmanager
def default_mesh(mesh: Mesh) -> Iterator[None]:
    """Makes `mesh` the default mesh inside the block."""
    if not isinstance(mesh, Mesh):
        raise ValueError(f"Expect `mesh` to be `Mesh`, got {type(mesh)}")
    _DEFAULT_MESH.append(mesh)
    try:
        yield
    finally:
        _DEFAULT_MESH.pop()


def get_default_mesh() -> Mesh | None:
    return _DEFAULT_MESH[-1] if _DEFAULT_MESH else None


@contextlib.contextmanager
def run_on(mesh: Mesh) -> Iterator[None]:
    """Runs the block with `mesh` as the default mesh."""
    with default_mesh(mesh):
        yield


def device_name() -> str:
    return _dt.DEVICE


def is_dtensor(tensor: Any) -> bool:
    return _dt.is_dtensor(tensor)


def client_id() -> int:
    return 0


def num_clients() -> int:
    return 1


def job_name() -> str:
    return "localhost"


def full_job_name(task_id: int | None = None) -> str:
    return f"localhost/replica:0/task:{0 if task_id is None else task_id}"


def jobs() -> list:
    return []


def heartbeat_enabled() -> bool:
    return True


def preferred_device_type() -> str:
    if _device.list_logical_devices("TPU"):
        return "TPU"
    return "GPU" if _device.list_logical_devices("GPU") else "CPU"


def local_devices(device_type: str, for_client_id: int | None = None) -> list:
    """The local devices of `device_type`, as DeviceSpecs."""
    if device_type.upper() not in ("CPU", "GPU", "TPU"):
        raise ValueError(f"Device type {device_type} is not CPU, GPU, or TPU.")
    return [_device.DeviceSpecV2.from_string(d.name).make_merged_spec(
        _device.DeviceSpecV2(job="localhost", replica=0, task=0))
        for d in _device.list_logical_devices(device_type.upper())]


def num_local_devices(device_type: str) -> int:
    return len(local_devices(device_type))


def num_global_devices(device_type: str) -> int:
    return num_local_devices(device_type)


def barrier(mesh: Mesh, barrier_name: str | None = None, timeout_in_ms: int | None = None) -> None:
    """Waits for every client: this process is the only one."""
    if not isinstance(mesh, Mesh):
        raise ValueError(f"Expect `mesh` to be `Mesh`, got {type(mesh)}")
