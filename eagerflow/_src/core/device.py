"""Devices: names, the `tf.device` scope, placement, and tf.config's device APIs.

Core layer (imports context and the backend layer). A device scope resolves a
(possibly partial) device spec to one device (`_Device`: TF's canonical name such as
`/job:localhost/replica:0/task:0/device:GPU:0`, the backend whose array module runs
kernels there, and its physical index), and stores it on the thread state
(`_state.device`, `_state.xp`, `_state.place`), where EagerTensor and dispatch read it.

The physical devices are CPU:0 and, when the backend layer finds any (CuPy and a CUDA
GPU, or the strict stand-in posing as GPUs under EAGERFLOW_STANDIN_GPUS), GPUs; ops
then run on GPU:0 by default, as in TF. Placement is soft, as in TF's eager mode: a
request for a device that does not exist runs on the default device, and an op with no
kernel for a device (strings, file I/O) runs on CPU:0 (dispatch.py). Without soft
placement, or for another job's device, the scope's device raises TF's error when used.
The first tensor starts the runtime (tensor.py): devices are fixed from then on. Logical devices
are what ops run on: one per physical device, or several when
`set_logical_device_configuration` splits one (TF's way of getting two replicas on one
CPU or GPU for MirroredStrategy).
"""

from __future__ import annotations

import collections
import contextlib
import importlib.util
import os
import re
from collections.abc import Iterator
from typing import Any

from eagerflow._src import backend as B
from eagerflow._src.backend import ml_types
from eagerflow._src.core import context, tf_logging
from eagerflow._src.core.context import _state, restoring
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.lazy import lazy_module

# The strict stand-in backend (tests posing as GPUs): loaded when first asked for.
strict = lazy_module("eagerflow._src.backend.strict")
# The CuPy backend: its import imports CuPy (the [cuda] extra, a third of a second), so it
# is loaded only when find_gpus reads it, where CuPy and a driver are found.
cuda = lazy_module("eagerflow._src.backend.cupy")

_LOCAL = "/job:localhost/replica:0/task:0"


class PhysicalDevice(collections.namedtuple("PhysicalDevice", ["name", "device_type"])):
    """A device of this machine, as `tf.config.list_physical_devices` reports it."""

    __slots__ = ()


class LogicalDevice(collections.namedtuple("LogicalDevice", ["name", "device_type"])):
    """A device ops can be placed on, as `tf.config.list_logical_devices` reports it."""

    __slots__ = ()


class _Device:
    """A device ops run on: its type and index, and the backend (with the backend's
    physical device number) that holds its arrays and runs its kernels."""

    __slots__ = ("device_type", "index", "backend", "physical", "xp", "canonical")

    def __init__(self, device_type: str, index: int, backend: B.Backend,
                 physical: int = 0) -> None:
        self.device_type = device_type
        self.index = index
        self.backend = backend
        self.physical = physical
        self.xp = backend.xp
        self.canonical = f"{_LOCAL}/device:{device_type}:{index}"

    @property
    def physical_name(self) -> str:
        return f"/physical_device:{self.device_type}:{self.physical}"

    def activate(self) -> None:
        self.backend.activate(self.physical)

    def __repr__(self) -> str:
        return f"_Device({self.canonical})"


_CPU = _Device("CPU", 0, B.NUMPY)
_CPU.canonical = context.CPU_DEVICE  # the very string (EagerTensor tests it by identity)
_PHYSICAL: list = [_CPU]
_VISIBLE: dict = {}  # device_type -> visible physical indices (default: all)
_LOGICAL_CONFIG: dict = {}  # (device_type, physical index) -> [LogicalDeviceConfiguration]
_LOGICAL: list = []  # the logical devices, made on first use after a configuration change
_NAMED: dict = {}  # lookup's answers since then, by canonical name
_INITIALIZED = [False]  # set once devices have been resolved (TF: the runtime started)
_TASKS: list = []  # (job, task) of a connected cluster's other tasks (connect_to_cluster)


def _logical_devices() -> list:
    """The devices ops are placed on: visible physical devices, split as configured."""
    if not _LOGICAL:
        counts: collections.Counter = collections.Counter()
        for d in _PHYSICAL:
            allowed = _VISIBLE.get(d.device_type)
            if allowed is not None and d.index not in allowed:
                continue
            for _ in _LOGICAL_CONFIG.get((d.device_type, d.index)) or [None]:
                n = counts[d.device_type]
                counts[d.device_type] += 1
                _LOGICAL.append(d if (d.device_type, n) == ("CPU", 0) else
                                _Device(d.device_type, n, d.backend, d.physical))
        local = list(_LOGICAL)
        for job, task in _TASKS:
            _LOGICAL.extend(_task_devices(job, task, local))
    return _LOGICAL


def _task_devices(job: str, task: int, local: list) -> Iterator[_Device]:
    """The devices of a connected cluster's task (an in-process server's: this process's
    own devices under the task's names)."""
    for d in local:
        dev = _Device(d.device_type, d.index, d.backend, d.physical)
        dev.canonical = f"/job:{job}/replica:0/task:{task}/device:{d.device_type}:{d.index}"
        yield dev


def set_cluster_tasks(tasks: list) -> None:
    """Makes the devices of `tasks` ((job, task) pairs of a cluster's in-process servers,
    tf.config.experimental_connect_to_cluster's) devices ops are placed on."""
    _TASKS[:] = tasks
    _devices_changed()


def _devices_changed() -> None:
    """Forgets the logical devices (and their names), made again on next use."""
    _LOGICAL.clear()
    _NAMED.clear()


def _visible(device_type: str | None = None) -> list:
    return [d for d in _logical_devices()
            if device_type is None or d.device_type == device_type.upper()]


def default_device() -> _Device:
    """Where ops run outside any device scope: GPU:0 when there is one, else CPU:0."""
    devices = _logical_devices()  # (asked per op by size checks: no lists built)
    for d in devices:
        if d.device_type == "GPU":
            return d
    for d in devices:
        if d.device_type == "CPU":
            return d
    return _CPU


def _set_default(dev: _Device) -> None:
    """Makes `dev` the default placement of every thread (this one now, others when their
    state is made) unless a device scope is open here."""
    context.DEFAULT_PLACEMENT[:] = [dev.canonical, dev.xp, dev]
    if not _state.device_stack:
        _state.device, _state.xp, _state.place = dev.canonical, dev.xp, dev
        dev.activate()


STANDIN_ENV = "EAGERFLOW_STANDIN_GPUS"


def find_gpus() -> tuple:
    """(backend, device count) of this machine's GPUs, or (None, 0).

    EAGERFLOW_STANDIN_GPUS=n poses n stand-in GPUs (tests: placement without a GPU).
    Otherwise CuPy is imported only when it is installed and an NVIDIA driver shows a
    device, so a machine without either pays a file lookup, not CuPy's import.
    """
    standin = os.environ.get(STANDIN_ENV)
    if standin:
        return strict.BACKEND, int(standin)
    if os.environ.get("CUDA_VISIBLE_DEVICES", "0").strip() in ("", "-1"):
        return None, 0
    if not _driver_present() or importlib.util.find_spec("cupy") is None:
        return None, 0
    try:
        backend = cuda.BACKEND  # (the first read imports the CuPy backend, and CuPy)
    except ImportError:
        return None, 0
    n = backend.device_count()
    return (backend, n) if n else (None, 0)


def _driver_present() -> bool:
    return (os.path.exists("/dev/nvidia0") or os.path.isdir("/proc/driver/nvidia/gpus")
            or os.path.exists("/dev/dxg"))  # WSL


def _find_gpus() -> None:
    backend, count = find_gpus()
    for i in range(count):
        _PHYSICAL.append(_Device("GPU", i, backend, i))
    if count:
        backend.count = count
        _hold_bfloat16(backend)
        _devices_changed()
        _set_default(default_device())


@contextlib.contextmanager
def standin_gpus(count: int = 1) -> Iterator[B.Backend]:
    """Test hook: the strict stand-in backend poses as `count` GPUs (the default device
    while inside), as EAGERFLOW_STANDIN_GPUS does for a whole process."""
    saved = (list(_PHYSICAL), dict(_VISIBLE), dict(_LOGICAL_CONFIG), _INITIALIZED[0],
             list(context.DEFAULT_PLACEMENT), strict.BACKEND.count, dict(_MEMORY_GROWTH),
             _DEVICE_VOID[0])
    strict.BACKEND.count = count
    _hold_bfloat16(strict.BACKEND)
    _INITIALIZED[0] = False  # a runtime with new devices, not yet in use
    _PHYSICAL[:] = [d for d in _PHYSICAL if d.device_type != "GPU"]
    _PHYSICAL.extend(_Device("GPU", i, strict.BACKEND, i) for i in range(count))
    _devices_changed()
    _set_default(default_device())
    try:
        yield strict.BACKEND
    finally:
        (_PHYSICAL[:], visible, config, _INITIALIZED[0], placement, strict.BACKEND.count,
         growth, _DEVICE_VOID[0]) = saved
        DEVICE_DTYPES.clear()
        _MEMORY_GROWTH.clear()
        _MEMORY_GROWTH.update(growth)
        _VISIBLE.clear()
        _VISIBLE.update(visible)
        _LOGICAL_CONFIG.clear()
        _LOGICAL_CONFIG.update(config)
        _devices_changed()
        _set_default(placement[2] if placement[2] is not None else _CPU)


# ---------------------------------------------------------------------------------------
# Device specs.
# ---------------------------------------------------------------------------------------

# The device types a bare "type:index" field may name (TF's, no pluggable devices here).
_BARE_TYPES = frozenset({"CPU", "GPU", "TPU", "CUSTOM", "EPU"})


def _str_or_none(value: Any) -> str | None:
    return None if value is None else str(value)


def _int_or_none(value: Any) -> int | None:
    return None if value is None else int(value)


def _type_or_none(device_type: Any) -> str | None:
    # TF keeps a device type as given, but for lowercase "cpu"/"gpu" (older spellings)
    return device_type.upper() if device_type in ("cpu", "gpu") else _str_or_none(device_type)


def _components(spec: str | None) -> tuple:
    """(job, replica, task, device_type, device_index) of a device string, parsed as TF
    parses it: keys are lowercase, a bare field names a known type ("gpu:1", "CPU"),
    "/device:TYPE:INDEX" any type; one device type at most."""
    job = replica = task = device_type = device_index = None
    spec = spec or ""
    for part in spec.split("/"):
        bits = part.split(":")
        n = len(bits)
        if n == 2 and bits[0] == "job":
            job = bits[1]
        elif n == 2 and bits[0] == "replica":
            replica = bits[1]
        elif n == 2 and bits[0] == "task":
            task = bits[1]
        elif n in (1, 2) and bits[0].upper() in _BARE_TYPES:
            if device_type is not None:
                raise ValueError("Multiple device types are not allowed while parsing the "
                                 f"device spec: {spec}.")
            device_type = bits[0].upper()
            if n == 2 and bits[1] != "*":
                device_index = int(bits[1])
        elif n == 3 and bits[0] == "device":
            if device_type is not None:
                raise ValueError("Multiple device types are not allowed while parsing the "
                                 f"device spec: {spec}.")
            device_type = bits[1]
            if bits[2] != "*":
                device_index = int(bits[2])
        elif bits[0]:
            raise ValueError(f"Unknown attribute '{bits[0]}' is encountered while parsing the "
                             f"device spec: '{spec}'.")
    return job, replica, task, device_type, device_index


def _spec_string(job: str | None, replica: int | None, task: int | None,
                 device_type: str | None, device_index: int | None) -> str:
    out = ""
    if job is not None:
        out += f"/job:{job}"
    if replica is not None:
        out += f"/replica:{replica}"
    if task is not None:
        out += f"/task:{task}"
    if device_type is not None:
        out += f"/device:{device_type}:{'*' if device_index is None else device_index}"
    return out


class DeviceSpecV2:
    """A (partial) device name: job, replica, task, device type and index (immutable)."""

    __slots__ = ("_job", "_replica", "_task", "_device_type", "_device_index", "_as_string",
                 "_hash")

    def __init__(self, job: str | None = None, replica: int | None = None,
                 task: int | None = None, device_type: str | None = None,
                 device_index: int | None = None) -> None:
        self._job = _str_or_none(job)
        self._replica = _int_or_none(replica)
        self._task = _int_or_none(task)
        self._device_type = _type_or_none(device_type)
        self._device_index = _int_or_none(device_index)
        self._as_string = self._fields_string()
        self._hash = hash(self._as_string)

    def _fields_string(self) -> str:
        return _spec_string(self._job, self._replica, self._task, self._device_type,
                            self._device_index)

    job = property(lambda self: self._job)
    replica = property(lambda self: self._replica)
    task = property(lambda self: self._task)
    device_type = property(lambda self: self._device_type)
    device_index = property(lambda self: self._device_index)

    @classmethod
    def from_string(cls, spec: str) -> DeviceSpecV2:
        return cls(*_components(spec))

    def parse_from_string(self, spec: str) -> DeviceSpecV2:
        """A new spec parsed from `spec` (TF 2: specs are immutable; TF 1's mutates)."""
        return self.from_string(spec)

    def make_merged_spec(self, dev: DeviceSpecV2) -> DeviceSpecV2:
        """This spec with every field that `dev` sets replaced by `dev`'s."""
        pick = lambda a, b: b if b is not None else a
        return self.__class__(pick(self.job, dev.job), pick(self.replica, dev.replica),
                              pick(self.task, dev.task), pick(self.device_type, dev.device_type),
                              pick(self.device_index, dev.device_index))

    def replace(self, **kwargs: Any) -> DeviceSpecV2:
        fields = {"job": self.job, "replica": self.replica, "task": self.task,
                  "device_type": self.device_type, "device_index": self.device_index}
        fields.update(kwargs)
        return self.__class__(**fields)

    def to_string(self) -> str:
        return self._as_string

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, self.__class__) and self.to_string() == other.to_string()

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return (f"<DeviceSpec(job={self.job}, replica={self.replica}, task={self.task}, "
                f"device_type={self.device_type}, device_index={self.device_index})>")


DeviceSpec = DeviceSpecV2


def _v1_setter(field: str, convert: Any) -> property:
    def fset(self: DeviceSpecV1, value: Any) -> None:
        setattr(self, field, convert(value))
        self._as_string = self._hash = None
    return property(getattr(DeviceSpecV2, field[1:]).fget, fset)


class DeviceSpecV1(DeviceSpecV2):
    """TF 1's `DeviceSpec`: its fields can be set, and parse_from_string updates it."""

    __slots__ = ()
    job = _v1_setter("_job", _str_or_none)
    replica = _v1_setter("_replica", _int_or_none)
    task = _v1_setter("_task", _int_or_none)
    device_type = _v1_setter("_device_type", _type_or_none)
    device_index = _v1_setter("_device_index", _int_or_none)

    def to_string(self) -> str:
        if self._as_string is None:
            self._as_string = self._fields_string()
        return self._as_string

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self.to_string())
        return self._hash

    def parse_from_string(self, spec: str) -> DeviceSpecV1:
        (self.job, self.replica, self.task, self.device_type,
         self.device_index) = _components(spec)
        return self

    def merge_from(self, dev: DeviceSpecV2) -> None:
        """Sets every field that `dev` sets (TF 1's in-place merge)."""
        for name in ("job", "replica", "task", "device_type", "device_index"):
            if getattr(dev, name) is not None:
                setattr(self, name, getattr(dev, name))


def _as_spec(device_name: Any) -> DeviceSpec:
    if isinstance(device_name, DeviceSpec):
        return device_name
    if isinstance(device_name, LogicalDevice):  # as TF's context.device: its name
        return DeviceSpec.from_string(device_name.name)
    if hasattr(device_name, "to_string"):
        return DeviceSpec.from_string(device_name.to_string())
    if not isinstance(device_name, str):
        raise ValueError(f"Expecting a string device name. Got {type(device_name)}"
                         f"({device_name})")
    return DeviceSpec.from_string(device_name)


def resolve(spec: DeviceSpec) -> _Device:
    """The device a spec runs on. Placement is soft: a spec naming no device type means
    the default device, and one naming a device that does not exist falls back to it
    (unless set_soft_device_placement(False)). A spec no device satisfies (another job's,
    or a missing device without soft placement) gives a device where anything run raises
    TF's error."""
    _INITIALIZED[0] = True
    local = spec.job in (None, "localhost") and spec.replica in (None, 0) and \
        spec.task in (None, 0)
    if spec.device_type is None and local:
        return default_device()
    index = spec.device_index or 0
    for d in _visible(spec.device_type or default_device().device_type):
        if d.index == index and local:
            return d
    if _SOFT_PLACEMENT[0] and local:
        return default_device()
    if not local and _TASKS:  # (a connected cluster's task)
        wanted = DeviceSpec(spec.job, spec.replica or 0, spec.task or 0,
                            spec.device_type or default_device().device_type, index)
        named = lookup(wanted.to_string())
        if named.canonical == wanted.to_string():
            return named
    return _unplaceable(spec, local)


class _Unplaceable(B.Backend):
    """The backend of a device scope no device satisfies: an op run there (its kernel's
    array module, a copy of its inputs) or a tensor made there raises TF's error."""

    name = "unplaceable"
    array_type = type(None)

    def __init__(self, name: str, local: bool) -> None:
        soft = int(_SOFT_PLACEMENT[0])
        types = sorted({d.device_type for d in _logical_devices()}, key=("GPU", "CPU").index)
        self.op_message = (
            f"Could not satisfy device specification '{name}'. enable_soft_placement={soft}. "
            f"Supported device types [{', '.join(types)}]. All available devices "
            f"[{', '.join(d.canonical for d in _logical_devices())}].")
        # (a tensor made on another job's device: TF names the unknown device only)
        self.tensor_message = self.op_message if local else f"{name} unknown device."
        super().__init__(self)

    def __getattr__(self, name: str) -> Any:  # as the kernels' array module
        raise self.op_error()

    def holds(self, arr: Any, index: int) -> bool:
        return False

    def to_device(self, arr: Any, index: int) -> Any:
        raise self.op_error()

    def op_error(self) -> InvalidArgumentError:
        e = InvalidArgumentError(None, None, self.op_message)
        e.unplaced = True  # dispatch's error path names the op (" [Op:AddV2]"), as TF
        return e


def _unplaceable(spec: DeviceSpec, local: bool) -> _Device:
    default = default_device()
    full = DeviceSpec("localhost", 0, 0, default.device_type, default.index).make_merged_spec(
        spec)
    dev = _Device(full.device_type, full.device_index or 0, _Unplaceable(full.to_string(), local))
    dev.canonical = full.to_string()
    return dev


def canonical_name(device_name: Any) -> str:
    """The full name a device spec resolves to, e.g. '/job:localhost/.../device:CPU:0'."""
    return resolve(_as_spec(device_name)).canonical


def lookup(name: str) -> _Device:
    """The device of a canonical name (a tensor's or a variable's `.device`)."""
    d = _NAMED.get(name)
    if d is None:
        d = _NAMED[name] = next((d for d in _logical_devices() if d.canonical == name), _CPU)
    return d


# ---------------------------------------------------------------------------------------
# tf.device scopes.
# ---------------------------------------------------------------------------------------

class _EagerDeviceContext:  # (TF's eager scope's type name)
    """The scope tf.device returns: entering it places the ops and variables created
    inside on the merge of the enclosing scope's spec and its own (None: no placement).
    The name is parsed on entry, as TF's scope parses it; a scope can be entered again."""

    __slots__ = ("_name",)

    def __init__(self, device_name: Any) -> None:
        self._name = device_name

    def __enter__(self) -> None:
        st = _state
        name = self._name
        if st.graph is not None and name is not None and not isinstance(name, (str, DeviceSpec)) \
                and not hasattr(name, "to_string"):
            # (TF's graph scope splits the name as a string: anything else fails there)
            raise AttributeError(f"'{type(name).__name__}' object has no attribute 'split'")
        spec = None if name is None else _as_spec(name)
        top = st.device_stack[-1] if st.device_stack else None
        outer = top[0] if top is not None else DeviceSpec()
        merged = DeviceSpec() if spec is None else outer.make_merged_spec(spec)
        st.device_stack.append((merged, st.place, spec, top is not None and top[3]))
        dev = resolve(merged)
        if st.graph is not None and isinstance(dev.backend, _Unplaceable):
            # a graph records the name on its operations: whether a device answers it is
            # asked where the graph runs (a Session's placement, a function's first call)
            dev = default_device()
        set_placement(dev)

    def __exit__(self, *exc: Any) -> None:
        outer = _state.device_stack.pop()[1]
        set_placement(outer if outer is not None else default_device())


@contextlib.contextmanager
def device_function_scope(function: Any) -> Iterator[None]:
    """TF 1's device function of a graph's scope (replica_device_setter's): called with
    each operation made inside, its answer replacing the device the inner scopes gave."""
    st = _state
    top = st.device_stack[-1] if st.device_stack else (DeviceSpec(), st.place, None, False)
    st.device_stack.append((top[0], st.place, function, True))
    try:
        yield
    finally:
        st.device_stack.pop()


def _device_string(answer: Any) -> str:
    """A device function's answer as the device string TF records (TF's TypeError for
    an answer that is no name)."""
    if isinstance(answer, DeviceSpecV2):
        return answer.to_string()
    if isinstance(answer, bytes):
        answer = answer.decode()
    if not isinstance(answer, str):
        raise TypeError(f"Expected binary or unicode string, got {answer!r}")
    return answer


def op_device(op: Any) -> str:
    """The device string a graph operation made now records (TF's op.device): the
    open scopes' names merged, inner over outer, TF's canonical spelling
    ("/job:worker/task:1", "/device:GPU:0"), "" outside any. A device function in the
    stack sees `op` with the device the scopes inside it gave, and its answer stands in
    for them; tf.device(None) hides the scopes outside it."""
    stack = _state.device_stack
    if not stack:
        return ""
    if not stack[-1][3]:  # (no device function open: the merged name is the answer)
        return stack[-1][0].to_string()
    current = DeviceSpec()
    for entry in reversed(stack):
        own = entry[2]
        if own is None:  # tf.device(None): the outer scopes no longer apply
            break
        if callable(own):
            op._device = current.to_string()
            current = DeviceSpec.from_string(_device_string(own(op)))
        else:
            current = own.make_merged_spec(current)
    return current.to_string()


def device(device_name: Any) -> _EagerDeviceContext:
    """`with tf.device("/gpu:0"):` places the ops and variables created inside. A
    function, as TF's (named device_v2 by core/api_names.py), returning the scope."""
    if callable(device_name):
        raise RuntimeError("tf.device does not support functions.")
    return _EagerDeviceContext(device_name)


def set_placement(dev: _Device) -> None:
    """Runs this thread's next ops on `dev` (a device scope's entry, without the scope)."""
    st = _state
    st.device, st.xp, st.place = dev.canonical, dev.xp, dev
    if dev.backend is not B.NUMPY:
        dev.activate()


@contextlib.contextmanager
def placed_on(name: str) -> Iterator[None]:
    """Runs the body on the device of a canonical name, whatever the open scopes say
    (a replica's ops on its device, a variable's update on the variable's)."""
    st = _state
    saved = st.place if st.place is not None else default_device()
    dev = lookup(name)
    set_placement(dev)
    with restoring(lambda: set_placement(saved), lambda: st.place is dev):
        yield


def host_eagerly() -> contextlib.AbstractContextManager:
    """placed_on(CPU:0) while running eagerly on another device, else no scope: where a
    value an op reads in host memory (TF's HostMemory inputs) is made, as TF makes its
    eager constants on the host."""
    if _state.graph is None and _state.device != context.CPU_DEVICE:
        return placed_on(context.CPU_DEVICE)
    return contextlib.nullcontext()


def current_device_spec() -> DeviceSpec:
    st = _state
    return st.device_stack[-1][0] if st.device_stack else DeviceSpec()


def current_device() -> _Device:
    """The device this thread's ops run on now."""
    return _state.place if _state.place is not None else default_device()


def copy_to(tensor: Any, device_type: str, index: int = 0) -> Any:
    """`tensor.gpu()` / `.cpu()`: the same value on another device (an error if it is absent)."""
    for d in _visible(device_type):
        if d.index == index:
            if d.canonical == tensor._device:
                return tensor
            return type(tensor)(to_device(tensor._arr, d), tensor._dtype, d.canonical)
    raise RuntimeError(f"{device_type.upper()}:{index} unknown device.")


# The one NumPy type of kind "V" (ml_dtypes' types, structured data) the GPUs hold:
# bfloat16's where their backend holds it (CuPy 14 with ml_dtypes), else none.
_DEVICE_VOID: list = [None]
# The dtypes found not host-only (dispatch's cache: cleared when the GPUs change)
DEVICE_DTYPES: set = set()


def host_only(dtype: Any) -> bool:
    """Whether arrays of this NumPy dtype live on the host only (strings and objects;
    ml_dtypes' types but bfloat16 where the GPUs hold it): their ops run on CPU by soft
    placement. (Asked for every input of every op on a GPU: no dtype.name, which builds
    a string.)"""
    return dtype.kind in "OSU" or (dtype.kind == "V" and dtype.type is not _DEVICE_VOID[0])


def _hold_bfloat16(backend: Any) -> None:
    """Makes bfloat16 data live on the GPUs of `backend` where it holds bfloat16."""
    held = getattr(backend, "holds_bfloat16", False)
    _DEVICE_VOID[0] = ml_types.numpy_type("bfloat16").type if held else None
    DEVICE_DTYPES.clear()


def place_array(arr: Any) -> tuple:
    """(array, device name) for data made in the current scope: the current device's
    copy of `arr`, or the host array on CPU:0 when that device cannot hold its dtype."""
    dev = current_device()
    if dev.backend is B.NUMPY:
        return B.to_host(arr), dev.canonical
    if isinstance(dev.backend, _Unplaceable):
        raise InvalidArgumentError(None, None, dev.backend.tensor_message)
    if host_only(arr.dtype):
        return B.to_host(arr), _CPU.canonical
    return to_device(arr, dev), dev.canonical


def device_of(arr: Any) -> _Device:
    """The device holding `arr`: the current one when it does (two logical devices may
    share one physical device), else the first that does, else CPU:0."""
    here = current_device()
    if here.backend.holds(arr, here.physical):
        return here
    for d in _logical_devices():
        if d.backend.holds(arr, d.physical):
            return d
    return _CPU


def copy_to_device(arr: Any, dev: _Device) -> Any:
    """A copy of `arr` (any device's) on `dev`: a new array even when it is there already
    (a replica's own copy of a value)."""
    out = to_device(arr, dev)
    return out.copy() if out is arr else out


def to_device(arr: Any, dev: _Device) -> Any:
    """`arr` (any device's) as an array of `dev`: itself when it is one already."""
    b = dev.backend
    return arr if b.holds(arr, dev.physical) else b.to_device(arr, dev.physical)


# ---------------------------------------------------------------------------------------
# tf.config device listings.
# ---------------------------------------------------------------------------------------

def _check_type(device_type: str | None) -> str | None:
    if device_type is not None and not isinstance(device_type, str):
        raise ValueError(f"device_type must be a string, got {device_type!r}")
    return device_type


# The listings compare a device type as given, as TF's: "gpu" names no device.

def list_physical_devices(device_type: str | None = None) -> list:
    _check_type(device_type)
    return [PhysicalDevice(d.physical_name, d.device_type)
            for d in _PHYSICAL if device_type is None or d.device_type == device_type]


def list_logical_devices(device_type: str | None = None) -> list:
    _check_type(device_type)
    _INITIALIZED[0] = True
    # (a connected cluster's task's devices by their full names, as TF lists them)
    return [LogicalDevice(d.canonical if not d.canonical.startswith(_LOCAL) else
                          f"/device:{d.device_type}:{d.index}", d.device_type)
            for d in _logical_devices() if device_type is None or d.device_type == device_type]


def get_visible_devices(device_type: str | None = None) -> list:
    _check_type(device_type)
    return [PhysicalDevice(d.physical_name, d.device_type)
            for d in _PHYSICAL if (device_type is None or d.device_type == device_type)
            and (_VISIBLE.get(d.device_type) is None or d.index in _VISIBLE[d.device_type])]


class LogicalDeviceConfiguration(collections.namedtuple(
        "LogicalDeviceConfiguration",
        ["memory_limit", "experimental_priority", "experimental_device_ordinal"])):
    """One logical device carved out of a physical one (a GPU's memory_limits, in MB,
    bound its memory pool together; a CPU's are not enforced)."""

    def __new__(cls, memory_limit: int | None = None, experimental_priority: int | None = None,
                experimental_device_ordinal: int | None = None) -> LogicalDeviceConfiguration:
        return super().__new__(cls, memory_limit, experimental_priority,
                               experimental_device_ordinal)


def runtime_initialized() -> bool:
    """Whether devices have been put to use (TF's context is initialized)."""
    return _INITIALIZED[0]


def reset_runtime() -> None:
    """TF's context reset (dtensor.shutdown_accelerator_system): devices are resolved
    again on next use, and may be configured before it."""
    _INITIALIZED[0] = False
    _devices_changed()


def set_logical_device_configuration(device: Any, logical_devices: Any) -> None:
    """Splits a physical device into logical devices (before any device is in use, as TF:
    the same configuration again is no change, so it is accepted after)."""
    d = _physical(device)
    configs = list(logical_devices)  # (None: TF's TypeError, not iterable)
    for c in configs:
        if not isinstance(c, LogicalDeviceConfiguration):
            raise ValueError(f"Expected LogicalDeviceConfiguration, got {type(c).__name__}")
    if d.device_type == "CPU":
        for field, what in (("memory_limit", "memory limit"),
                            ("experimental_priority", "experimental_priority"),
                            ("experimental_device_ordinal", "experimental_device_ordinal")):
            if any(getattr(c, field) is not None for c in configs):
                # (TF's messages, the two spaces of the last two included)
                raise ValueError(f"Setting {what} on CPU virtual "
                                 f"{'' if field == 'memory_limit' else ' '}devices is "
                                 "currently not supported")
    elif any(c.memory_limit is None for c in configs):
        raise ValueError("Setting memory limit is required for GPU virtual devices")
    if _LOGICAL_CONFIG.get((d.device_type, d.index)) == configs:
        return
    if _INITIALIZED[0]:
        raise RuntimeError("Virtual devices cannot be modified after being initialized")
    _devices_changed()
    if not configs:
        raise ValueError("At least one logical device configuration is required")
    _LOGICAL_CONFIG[(d.device_type, d.index)] = configs
    limits = [c.memory_limit for c in configs]
    if d.device_type == "GPU" and all(m is not None for m in limits):
        d.backend.set_memory_limit(d.physical, sum(limits) << 20)  # MB, as TF's argument


def get_logical_device_configuration(device: Any) -> list | None:
    d = _physical(device)
    configs = _LOGICAL_CONFIG.get((d.device_type, d.index))
    return None if configs is None else list(configs)


def set_visible_devices(devices: Any, device_type: str | None = None) -> None:
    if not isinstance(devices, list):
        devices = [devices]
    physical = list_physical_devices()
    for p in devices:
        if p not in physical or (device_type is not None and p.device_type != device_type):
            raise ValueError(f"Unrecognized device: {p!r}")
    wanted = {(p.device_type, int(p.name.rsplit(":", 1)[1])) for p in devices}
    types = {device_type} if device_type else {d.device_type for d in _PHYSICAL}
    new = {t: {i for tt, i in wanted if tt == t} for t in types}
    if all(new[t] == _VISIBLE.get(t, {d.index for d in _PHYSICAL if d.device_type == t})
           for t in types):
        return
    if _INITIALIZED[0]:
        raise RuntimeError("Visible devices cannot be modified after being initialized")
    if "CPU" in types and not any(t == "CPU" for t, _ in wanted):
        # TF accepts it, then fails at its first op ("No CPU devices are available in
        # this process"); refused here, where the mistake is
        raise ValueError("CPU must be visible")
    _VISIBLE.update(new)
    _devices_changed()
    _set_default(default_device())


_SOFT_PLACEMENT = [True]


def get_soft_device_placement() -> bool:
    return _SOFT_PLACEMENT[0]


def set_soft_device_placement(enabled: bool) -> None:
    # Placement is always soft on this machine's devices; the flag is kept for queries.
    _SOFT_PLACEMENT[0] = bool(enabled)


def _physical(device: Any) -> _Device:
    for d in _PHYSICAL:
        if device == PhysicalDevice(d.physical_name, d.device_type):
            return d
    raise ValueError(f"Unrecognized device: {device!r}")


_MEMORY_GROWTH: dict = {}


def get_memory_growth(device: Any) -> bool | None:
    """Whether the GPU's memory grows as needed: None until set, as TF's (TF keeps no
    entry for a CPU: its KeyError)."""
    d = _physical(device)
    if d.device_type != "GPU":
        raise KeyError(device)
    return _MEMORY_GROWTH.get((d.device_type, d.index))


def set_memory_growth(device: Any, enable: bool) -> None:
    d = _physical(device)
    if (d.device_type, d.index) in _LOGICAL_CONFIG:
        raise ValueError("Cannot set memory growth on device when virtual devices configured")
    if d.device_type != "GPU":
        raise ValueError("Cannot set memory growth on non-GPU and non-Pluggable devices")
    if _MEMORY_GROWTH.get((d.device_type, d.index)) == enable:
        return
    if _INITIALIZED[0]:
        raise RuntimeError("Physical devices cannot be modified after being initialized")
    _MEMORY_GROWTH[(d.device_type, d.index)] = bool(enable)
    d.backend.set_memory_growth(d.physical, bool(enable))


# A device name as TF's C++ runtime reads one for its memory statistics: any type name
# (its case kept: "cpu:0" names no device) and an index are required.
_MEMORY_NAME = re.compile(r"(?:/job:[^/]+)?(?:/replica:\d+)?(?:/task:\d+)?/?(?:device:)?"
                          r"([A-Za-z][A-Za-z0-9_]*):(\d+)")


def _memory_device(device: Any) -> _Device:
    """The logical device a get_memory_info/reset_memory_stats argument names."""
    m = _MEMORY_NAME.fullmatch(device) if isinstance(device, str) else None
    if m is None:
        raise ValueError(f"Failed parsing device name: '{device}'. Note a valid device string "
                         f"should at least contain a device type and a device index, like "
                         f'"GPU:0".')
    for d in _logical_devices():
        if (d.device_type, d.index) == (m.group(1), int(m.group(2))):
            return d
    raise ValueError(f"No matching devices found for '{device}'")


def get_memory_info(device: Any) -> dict:
    """Bytes the device's allocator holds now and at most ('current', 'peak'). As in TF,
    the host's allocator keeps no such counts."""
    d = _memory_device(device)
    if d.device_type == "CPU":
        raise ValueError(f"Allocator stats not available for device '{device}'")
    return d.backend.memory_info(d.physical)


def get_memory_usage(device: Any) -> int:
    """The bytes in use now: `get_memory_info(device)['current']` (TF's older name)."""
    tf_logging.deprecated_call("get_memory_usage", "tensorflow.python.framework.config",
                               "Use tf.config.experimental.get_memory_info(device)['current'] "
                               "instead.")
    return get_memory_info(device)["current"]


def reset_memory_stats(device: Any) -> None:
    d = _memory_device(device)
    if d.device_type == "CPU":
        raise ValueError(f"Cannot reset memory stats for device '{device}'")
    d.backend.reset_memory_stats(d.physical)


def get_device_details(device: Any) -> dict:
    """What TF knows of a physical device: for a GPU its 'device_name' and
    'compute_capability' (major, minor); nothing for the CPU."""
    if not isinstance(device, PhysicalDevice):
        raise ValueError(f"device must be a tf.config.PhysicalDevice, but got: {device}")
    d = _physical(device)
    return d.backend.device_details(d.physical) if d.device_type == "GPU" else {}


def gpu_device_name() -> str:
    gpus = _visible("GPU")
    return f"/device:GPU:{gpus[0].index}" if gpus else ""



_find_gpus()
