"""Where TF's collective ops meet: groups, instances and the process's abort state.

TF's collective ops (tf_collective_ops.py) name their peers by keys, not by a strategy:
the members of group `group_key` (of `group_size` devices) meet at instance
`instance_key`, each from its own device, usually one thread per device. This module
keeps what TF's collective executor keeps for a process:

- each group's size (the first member's): a member joining with another size aborts;
- each instance's parameters (the collective's kind, dtype and shape): a later member or
  call of the instance with others aborts (TF's words, its type and DataType numbers);
- the abort: once aborted, every later collective fails with "Collective ops is aborted
  by: <why>", with the first failure's error class, until `reset()` (TF: a new program).

A meeting waits for its `group_size` members from distinct devices. It fails with TF's
DeadlineExceededError after `timeout_seconds` (when positive); where no peer can ever come
(fewer devices of the type than the group's size, a second member from the same device,
or no other thread running that could bring one) it is refused at once with that error,
where TF would wait forever.
"""

from __future__ import annotations

import threading
import time
from typing import Any, Callable

from eagerflow._src.core import device as D
from eagerflow._src.core.errors import (
    DeadlineExceededError,
    InternalError,
    InvalidArgumentError,
    OpError,
)

_KERNEL_POOL = "eagerflow-kernel"  # (backend/numpy.py's pool threads' names)

# TF's CollectiveType numbers, which its mismatch messages print
REDUCTION, BROADCAST, GATHER, PERMUTE, ALL_TO_ALL, REDUCE_SCATTER = range(6)

TIMED_OUT = "Collective has timed out waiting for other workers."
_RESTART = "\nThe error could be from a previous operation. Restart your program to reset."
_POLL_S = 0.05  # how often a waiting member looks again whether a peer could still come


class _Meeting:
    """One instance's members gathering: device name -> value, until all have come."""

    def __init__(self) -> None:
        self.values: dict = {}
        self.results: dict | None = None
        self.error: OpError | None = None
        self.taken = 0


lock = threading.Condition()  # (held while the state changes)
_groups: dict = {}  # group_key -> group_size
_instances: dict = {}  # (group_key, instance_key) -> (kind, DataType number, shape)
_meetings: dict = {}  # (group_key, instance_key) -> _Meeting
_aborted: list = []  # [(error class, message)] once aborted
# (device, group_key, rank) -> a communicator (tf_collective_ops.py), TF's per-device
# resources: made once each
communicators: dict = {}


def reset() -> None:
    """Forgets groups, instances, communicators and the abort (TF: a new program)."""
    with lock:
        _groups.clear()
        _instances.clear()
        _meetings.clear()
        _aborted.clear()
        communicators.clear()
        lock.notify_all()


def _abort_error(op: str) -> OpError:
    cls, why = _aborted[0]
    return cls(None, None, f"Collective ops is aborted by: {why}{_RESTART} [Op:{op}]")


def abort(op: str, cls: type, why: str) -> OpError:
    """Aborts every collective (held: `lock`); the error this op raises then."""
    if not _aborted:
        _aborted.append((cls, why))
        for m in _meetings.values():
            m.error = _abort_error(op)
        lock.notify_all()
    return _abort_error(op)


def refuse(op: str, cls: type, why: str) -> OpError:
    """Aborts every collective for a fault this member found before meeting any (its
    input's); the error it raises then."""
    with lock:
        return abort(op, cls, why)


def check_not_aborted(op: str) -> None:
    with lock:
        if _aborted:
            raise _abort_error(op)


def _shape_text(shape: tuple) -> str:
    return "[" + ",".join(str(d) for d in shape) + "]"


def _join_group(op: str, here: str, group_key: int, group_size: int) -> None:
    known = _groups.setdefault(group_key, group_size)
    if known != group_size:
        raise abort(op, InternalError, f"Device {here} is joining a group with size"
                                       f"{group_size}, but that group has size {known} "
                                       f"(group_key={group_key})")


def _check_instance(op: str, here: str, key: tuple, params: tuple) -> None:
    known = _instances.setdefault(key, params)
    if known[:2] != params[:2]:
        raise abort(op, InternalError, f"Collective instance {key[1]} expected type "
                                       f"{known[0]} and data_type {known[1]} but got type "
                                       f"{params[0]} and data_type {params[1]}")
    if known[2] != params[2]:
        raise abort(op, InvalidArgumentError, f"Shape mismatch in the collective instance "
                                        f"{key[1]}. Op at device {here} expected shape "
                                        f"{_shape_text(params[2])} but another member in the "
                                        f"group expected shape {_shape_text(known[2])}. This "
                                        "is likely due to different input shapes at different "
                                        "members of the collective op.")


def here() -> str:
    """The canonical name of the device the running op is placed on."""
    return D.current_device().canonical


def meet(op: str, group_key: int, group_size: int, instance_key: int, params: tuple,
         value: Any, combine: Callable[[list], list], timeout: float) -> Any:
    """This member's result of the collective: `combine(values in rank order)` gives each
    rank's, once all `group_size` members have brought theirs. `params`: (kind, DataType
    number, shape) of the instance, the same for every member."""
    dev = here()
    key = (group_key, instance_key)
    with lock:
        if _aborted:
            raise _abort_error(op)
        _join_group(op, dev, group_key, group_size)
        _check_instance(op, dev, key, params)
        if group_size == 1:
            return combine([value])[0]
        kind = D.current_device().device_type
        meeting = _meetings.setdefault(key, _Meeting())
        if len(D._visible(kind)) < group_size or dev in meeting.values:
            raise _timed_out(op)
        meeting.values[dev] = value
        if len(meeting.values) == group_size:
            order = sorted(meeting.values, key=_rank_key)
            try:
                out = combine([meeting.values[d] for d in order])
                meeting.results = dict(zip(order, out))
            except OpError as e:
                meeting.error = e
            del _meetings[key]
            lock.notify_all()
        return _await(op, meeting, dev, timeout)


def _await(op: str, meeting: _Meeting, dev: str, timeout: float) -> Any:
    start = time.monotonic()
    while meeting.results is None and meeting.error is None:
        left = timeout - (time.monotonic() - start) if timeout > 0 else _POLL_S
        if left <= 0 or not _others_running():
            meeting.values.pop(dev, None)
            raise _timed_out(op)
        lock.wait(min(left, _POLL_S))
    if meeting.error is not None:
        raise meeting.error
    return meeting.results[dev]


def _timed_out(op: str) -> DeadlineExceededError:
    """The error of a member whose peers did not come: TF's timeout, which aborts the
    process's collectives (the members still waiting fail with it)."""
    abort(op, DeadlineExceededError, TIMED_OUT)
    return DeadlineExceededError(None, None, f"{TIMED_OUT} [Op:{op}]")


def _rank_key(name: str) -> tuple:
    """A member's rank: TF orders a group's local devices by type, then index."""
    kind, index = name.rsplit("/device:", 1)[1].rsplit(":", 1)
    return (kind, int(index))


def _others_running() -> bool:
    """Whether another thread runs that could bring a peer: any but daemons and the pool
    threads eagerflow's kernels share out their work to."""
    me = threading.current_thread()
    return any(t is not me and t.is_alive() and not t.daemon and
               not t.name.startswith(_KERNEL_POOL) for t in threading.enumerate())
