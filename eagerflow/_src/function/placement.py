"""Whether a graph's operations have devices to run on: TF's placer, as far as it refuses.

Function layer, under session.py and concrete.py. A graph records the device its scopes
named on each operation (graph/ir.py: op.device, "/job:worker/task:1", "/device:GPU:0")
and builds whatever the name; TF refuses the name where the graph runs: a Session places
its whole graph (not only what a fetch needs) when it first runs it and again when
operations were added since, and a tf.function places its graph on its first call. Here
the same check runs at those points, once for each: `misplaced` finds the operation no
available device satisfies. A device answers a name when the job, replica and task the
name gives are its own and, without soft placement, its type and index too; with soft
placement (a Session's allow_soft_placement, always for a function) another device of
that task runs it (a GPU's operation on the CPU), but no other task's.

TF's placer visits the operations in the graph's order, leaving the "generators" (an
operation of no inputs and one output: a constant, a placeholder, a variable's handle)
to a second pass, as it places them with their consumers: the first operation refused
in that order is the one TF's error names. The devices a Session of an in-process
server's target (distribute/server.py) has are the cluster's tasks' (`register_target`).
"""

from __future__ import annotations

import os
from typing import Any

from eagerflow._src.core import device as D
from eagerflow._src.core.errors import InvalidArgumentError

# server target -> the device names of its cluster, its own task's first
_TARGETS: dict = {}

# (TF's memory limit of the host's device in a Session's list_devices)
_CPU_MEMORY_LIMIT = 268435456


class DeviceAttributes:
    """A device a Session lists (TF's session._DeviceAttributes): its full name, type,
    memory limit in bytes and incarnation (a random number of the device's life)."""

    __slots__ = ("_name", "_device_type", "_memory_limit_bytes", "_incarnation")

    def __init__(self, name: str, device_type: str, memory_limit_bytes: int,
                 incarnation: int) -> None:
        self._name = name
        self._device_type = device_type
        self._memory_limit_bytes = memory_limit_bytes
        self._incarnation = incarnation

    name = property(lambda self: self._name)
    device_type = property(lambda self: self._device_type)
    memory_limit_bytes = property(lambda self: self._memory_limit_bytes)
    incarnation = property(lambda self: self._incarnation)

    def __repr__(self) -> str:
        return (f"_DeviceAttributes({self._name}, {self._device_type}, "
                f"{self._memory_limit_bytes}, {self._incarnation})")


def register_target(target: str, devices: list) -> None:
    """Makes a Session of `target` (a server's `grpc://host:port`) run on `devices`
    (full device names, the server's own task's first)."""
    _TARGETS[target] = list(devices)


def local_devices() -> list:
    """This process's devices' full names ("/job:localhost/replica:0/task:0/device:CPU:0")."""
    return [d.canonical for d in D._logical_devices()]


def session_devices(target: Any) -> list:
    """The full names of the devices a Session of `target` runs on: an in-process server's
    cluster's, else this process's."""
    if isinstance(target, bytes):
        target = target.decode()
    return _TARGETS.get(target) or local_devices()


def list_devices(names: list) -> list:
    """TF's Session.list_devices of the devices `names`."""
    # (an incarnation from the OS, as TF's C++ draws it: Python's random stream, which
    # seeds Keras's initializers, is left alone)
    return [DeviceAttributes(n, _parsed(n)[3], _CPU_MEMORY_LIMIT if _parsed(n)[3] == "CPU"
                             else 0, int.from_bytes(os.urandom(8), "little") >> 1)
            for n in names]


def _parsed(name: str) -> tuple:
    job, replica, task, device_type, index = D._components(name)
    return (job, None if replica is None else int(replica), None if task is None else int(task),
            device_type, index)


def _answers(wanted: tuple, have: tuple, soft: bool) -> bool:
    """Whether device `have` satisfies the name `wanted` (both _parsed)."""
    for w, h in zip(wanted[:3], have[:3]):
        if w is not None and w != h:
            return False
    if soft:
        return True
    return all(w is None or w == h for w, h in zip(wanted[3:], have[3:]))


def _refused(device: str, available: list, soft: bool) -> bool:
    wanted = _parsed(device)
    return not any(_answers(wanted, _parsed(n), soft) for n in available)


def _nodes(operations: list, prefix: str = "", outer: Any = None) -> list:
    """(name, device, generator) of each node TF's placer sees: the operations, then
    those of the functions they call, inlined as TF inlines them (named under the call,
    "PartitionedCall/mul", after the graph's own nodes; the call's device under theirs)."""
    nodes, calls = [], []
    for op in operations:
        fn = getattr(op.op, "fn", None)
        if fn is not None and hasattr(fn, "graph"):
            calls.append((op, fn))
            continue
        device = op._device
        if outer is not None:
            device = outer.make_merged_spec(D.DeviceSpecV2.from_string(device)).to_string()
        nodes.append((prefix + op.name, device, not op.inputs and len(op.outputs) == 1))
    for op, fn in calls:
        spec = D.DeviceSpecV2.from_string(op._device)
        if outer is not None:
            spec = outer.make_merged_spec(spec)
        nodes += _nodes(fn.graph.operations, f"{prefix}{op.name}/", spec)
    return nodes


def misplaced(operations: list, available: list, soft: bool) -> tuple:
    """(node name, TF's message) of the first node of `operations` whose device none of
    `available` (full names) answers, in TF's placer's order: the graph's, generators (no
    inputs, one output: constants, placeholders, handles) last; (None, "") if none."""
    nodes = [n for n in _nodes(operations) if n[1]]
    for name, device, _ in sorted(nodes, key=lambda n: n[2]):  # (stable: graph order kept)
        if _refused(device, available, soft):
            return name, _message(name, device, available)
    return None, ""


def _message(name: str, device: str, available: list) -> str:
    text = (f"Cannot assign a device for operation {name}: {{{{node {name}}}}} was "
            f"explicitly assigned to {device} but available devices are "
            f"[ {', '.join(sorted(available))} ]. Make sure the device specification refers "
            f"to a valid device.")
    if _parsed(device)[3] == "GPU" and not any(_parsed(n)[3] == "GPU" for n in available):
        text += " The requested device appears to be a GPU, but CUDA is not enabled."
    return text


def function_misplaced(operations: list) -> tuple | None:
    """(node name, TF's message) where a function's graph of `operations` names a device
    this process lacks (a function places softly: only another task's device is
    refused), checked at its first call; None where none."""
    name, text = misplaced(operations, local_devices(), True)
    return None if name is None else (name, text)


def function_error(found: tuple, function_op: str) -> InvalidArgumentError:
    """TF's error of a call of the function `function_op` (__inference_f_N) whose graph
    function_misplaced `found` refused."""
    name, text = found
    return InvalidArgumentError(None, None, f"{text}\n\t [[{name}]] [Op:{function_op}]")
