"""Devices: names, the `tf.device` scope, and tf.config's device listings.

Core layer (imports only context). A device scope resolves a (possibly partial)
device spec to one canonical device name, TF's
`/job:localhost/replica:0/task:0/device:CPU:0`, plus the array module that runs
kernels there, and stores both on the thread state (`_state.device`, `_state.xp`)
where EagerTensor and dispatch read them. Placement is soft, as in TF's eager
mode: a request for a device that does not exist (a GPU on a CPU-only machine)
runs on CPU:0.

`_DEVICES` is the registry of physical devices; a backend that adds devices
(GPUs through another array module) appends to it with `register_device`.
"""

from __future__ import annotations

import collections
import re
from typing import Any

import numpy as np

from eagerflow._src.core.context import _state

_LOCAL = "/job:localhost/replica:0/task:0"


class PhysicalDevice(collections.namedtuple("PhysicalDevice", ["name", "device_type"])):
    """A device of this machine, as `tf.config.list_physical_devices` reports it."""

    __slots__ = ()


class LogicalDevice(collections.namedtuple("LogicalDevice", ["name", "device_type"])):
    """A device ops can be placed on, as `tf.config.list_logical_devices` reports it."""

    __slots__ = ()


class _Device:
    __slots__ = ("device_type", "index", "xp")

    def __init__(self, device_type: str, index: int, xp: Any) -> None:
        self.device_type = device_type
        self.index = index
        self.xp = xp

    @property
    def canonical(self) -> str:
        return f"{_LOCAL}/device:{self.device_type}:{self.index}"


_DEVICES: list = [_Device("CPU", 0, np)]
_VISIBLE: dict = {}  # device_type -> visible indices (default: all)


def register_device(device_type: str, index: int, xp: Any) -> None:
    """Adds a physical device whose kernels run on the array module `xp`."""
    _DEVICES.append(_Device(device_type.upper(), int(index), xp))


def _visible(device_type: str | None = None) -> list:
    out = []
    for d in _DEVICES:
        if device_type is not None and d.device_type != device_type.upper():
            continue
        allowed = _VISIBLE.get(d.device_type)
        if allowed is None or d.index in allowed:
            out.append(d)
    return out


# ---------------------------------------------------------------------------------------
# Device specs.
# ---------------------------------------------------------------------------------------

_TYPE_RE = re.compile(r"^[A-Za-z][A-Za-z_]*$")


class DeviceSpec:
    """A (partial) device name: job, replica, task, device type and index."""

    __slots__ = ("_job", "_replica", "_task", "_device_type", "_device_index")

    def __init__(self, job: str | None = None, replica: int | None = None,
                 task: int | None = None, device_type: str | None = None,
                 device_index: int | None = None) -> None:
        self._job = job
        self._replica = None if replica is None else int(replica)
        self._task = None if task is None else int(task)
        self._device_type = None if device_type is None else (
            device_type.upper() if device_type.lower() in ("cpu", "gpu", "tpu") else device_type)
        self._device_index = None if device_index is None else int(device_index)

    job = property(lambda self: self._job)
    replica = property(lambda self: self._replica)
    task = property(lambda self: self._task)
    device_type = property(lambda self: self._device_type)
    device_index = property(lambda self: self._device_index)

    @classmethod
    def from_string(cls, spec: str) -> DeviceSpec:
        fields: dict = {}
        for part in spec.split("/"):
            if not part:
                continue
            bits = part.split(":")
            key = bits[0].lower()
            if key in ("job", "replica", "task") and len(bits) == 2:
                fields[key] = bits[1] if key == "job" else _int_field(bits[1], spec)
            elif key == "device" and 2 <= len(bits) <= 3:
                fields["device_type"] = bits[1]
                if len(bits) == 3:
                    fields["device_index"] = _index_field(bits[2], spec)
            elif _TYPE_RE.match(bits[0]) and len(bits) <= 2 and (
                    bits[0].upper() in ("CPU", "GPU", "TPU") or len(bits) == 2):
                fields["device_type"] = bits[0]
                if len(bits) == 2:
                    fields["device_index"] = _index_field(bits[1], spec)
            else:
                raise ValueError(f"Unknown attribute '{part}' is encountered while parsing the "
                                 f"device spec: '{spec}'.")
        return cls(**fields)

    def make_merged_spec(self, dev: DeviceSpec) -> DeviceSpec:
        """This spec with every field that `dev` sets replaced by `dev`'s."""
        pick = lambda a, b: b if b is not None else a
        return DeviceSpec(pick(self._job, dev._job), pick(self._replica, dev._replica),
                          pick(self._task, dev._task), pick(self._device_type, dev._device_type),
                          pick(self._device_index, dev._device_index))

    def replace(self, **kwargs: Any) -> DeviceSpec:
        fields = {"job": self._job, "replica": self._replica, "task": self._task,
                  "device_type": self._device_type, "device_index": self._device_index}
        fields.update(kwargs)
        return DeviceSpec(**fields)

    def to_string(self) -> str:
        out = ""
        if self._job is not None:
            out += f"/job:{self._job}"
        if self._replica is not None:
            out += f"/replica:{self._replica}"
        if self._task is not None:
            out += f"/task:{self._task}"
        if self._device_type is not None:
            index = "*" if self._device_index is None else self._device_index
            out += f"/device:{self._device_type}:{index}"
        return out

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, DeviceSpec) and self.to_string() == other.to_string()

    def __hash__(self) -> int:
        return hash(self.to_string())

    def __repr__(self) -> str:
        return f"<DeviceSpec {self.to_string()!r}>"


def _int_field(text: str, spec: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"Unknown attribute '{text}' is encountered while parsing the device "
                         f"spec: '{spec}'.") from None


def _index_field(text: str, spec: str) -> int | None:
    return None if text == "*" else _int_field(text, spec)


def _as_spec(device_name: Any) -> DeviceSpec:
    if isinstance(device_name, DeviceSpec):
        return device_name
    if hasattr(device_name, "to_string"):
        return DeviceSpec.from_string(device_name.to_string())
    if not isinstance(device_name, str):
        raise ValueError(f"Expecting a string device name. Got {type(device_name)}: "
                         f"{device_name!r}")
    return DeviceSpec.from_string(device_name)


def resolve(spec: DeviceSpec) -> _Device:
    """The device a spec runs on, with soft placement: missing devices fall back to CPU:0."""
    want = (spec.device_type or "CPU").upper()
    index = spec.device_index or 0
    for d in _visible(want):
        if d.index == index:
            return d
    for d in _visible("CPU"):
        return d
    return _DEVICES[0]


def canonical_name(device_name: Any) -> str:
    """The full name a device spec resolves to, e.g. '/job:localhost/.../device:CPU:0'."""
    return resolve(_as_spec(device_name)).canonical


# ---------------------------------------------------------------------------------------
# tf.device scopes.
# ---------------------------------------------------------------------------------------

class device:  # noqa: N801 - TF's public name
    """`with tf.device("/gpu:0"):` places the ops and variables created inside."""

    __slots__ = ("_spec", "_saved")

    def __init__(self, device_name: Any) -> None:
        if callable(device_name):
            raise RuntimeError("tf.device does not support functions.")
        self._spec = None if device_name is None else _as_spec(device_name)
        self._saved: list = []

    def __enter__(self) -> device:
        st = _state
        outer = st.device_stack[-1][0] if st.device_stack else DeviceSpec()
        merged = DeviceSpec() if self._spec is None else outer.make_merged_spec(self._spec)
        st.device_stack.append((merged, st.device, st.xp))
        dev = resolve(merged)
        st.device, st.xp = dev.canonical, dev.xp
        return self

    def __exit__(self, *exc: Any) -> None:
        st = _state
        _, st.device, st.xp = st.device_stack.pop()


def current_device_spec() -> DeviceSpec:
    st = _state
    return st.device_stack[-1][0] if st.device_stack else DeviceSpec()


def copy_to(tensor: Any, device_type: str, index: int = 0) -> Any:
    """`tensor.gpu()` / `.cpu()`: the same value on another device (an error if it is absent)."""
    for d in _visible(device_type):
        if d.index == index:
            if d.canonical == tensor._device:
                return tensor
            arr = tensor._arr if d.xp is np else d.xp.asarray(tensor._arr)
            return type(tensor)(arr, tensor._dtype, d.canonical)
    raise RuntimeError(f"{device_type.upper()}:{index} unknown device.")


# ---------------------------------------------------------------------------------------
# tf.config device listings.
# ---------------------------------------------------------------------------------------

def _check_type(device_type: str | None) -> str | None:
    if device_type is not None and not isinstance(device_type, str):
        raise ValueError(f"device_type must be a string, got {device_type!r}")
    return device_type


def list_physical_devices(device_type: str | None = None) -> list:
    _check_type(device_type)
    return [PhysicalDevice(f"/physical_device:{d.device_type}:{d.index}", d.device_type)
            for d in _DEVICES if device_type is None or d.device_type == device_type.upper()]


def list_logical_devices(device_type: str | None = None) -> list:
    _check_type(device_type)
    return [LogicalDevice(f"/device:{d.device_type}:{d.index}", d.device_type)
            for d in _visible(device_type)]


def get_visible_devices(device_type: str | None = None) -> list:
    _check_type(device_type)
    return [PhysicalDevice(f"/physical_device:{d.device_type}:{d.index}", d.device_type)
            for d in _visible(device_type)]


def set_visible_devices(devices: Any, device_type: str | None = None) -> None:
    if isinstance(devices, PhysicalDevice):
        devices = [devices]
    wanted = {(p.device_type, int(p.name.rsplit(":", 1)[1])) for p in devices}
    known = {(d.device_type, d.index) for d in _DEVICES}
    for w in wanted:
        if w not in known:
            raise ValueError(f"Unrecognized device: {w[0]}:{w[1]}")
    types = {device_type.upper()} if device_type else {d.device_type for d in _DEVICES}
    if "CPU" in types and not any(t == "CPU" for t, _ in wanted):
        raise ValueError("CPU must be visible")
    for t in types:
        _VISIBLE[t] = {i for tt, i in wanted if tt == t}


_SOFT_PLACEMENT = [True]


def get_soft_device_placement() -> bool:
    return _SOFT_PLACEMENT[0]


def set_soft_device_placement(enabled: bool) -> None:
    # Placement is always soft on this machine's devices; the flag is kept for queries.
    _SOFT_PLACEMENT[0] = bool(enabled)


def _physical(device: Any) -> _Device:
    name = getattr(device, "name", device)
    for d in _DEVICES:
        if name == f"/physical_device:{d.device_type}:{d.index}":
            return d
    raise ValueError(f"Unrecognized device: {device!r}")


_MEMORY_GROWTH: dict = {}


def get_memory_growth(device: Any) -> bool:
    d = _physical(device)
    if d.device_type != "GPU":
        raise ValueError("Cannot get memory growth on non-GPU devices")
    return _MEMORY_GROWTH.get((d.device_type, d.index), False)


def set_memory_growth(device: Any, enable: bool) -> None:
    d = _physical(device)
    if d.device_type != "GPU":
        raise ValueError("Cannot set memory growth on non-GPU devices")
    _MEMORY_GROWTH[(d.device_type, d.index)] = bool(enable)


def gpu_device_name() -> str:
    gpus = _visible("GPU")
    return f"/device:GPU:{gpus[0].index}" if gpus else ""

