"""TF's mutexes (MutexV2, MutexLock, ConsumeMutexLock) and tf.CriticalSection, which runs
a function holding one.

Ops layer, loaded on first use, after queue_handles (whose `resource_of` finds the mutex a
handle names, with TF's errors). A mutex is a resource of TF's kind "tensorflow::(anonymous
namespace)::Mutex"; MutexLock waits for it and gives a variant scalar holding the lock,
which TF releases when that tensor dies: here too (its `_Held` object's finalizer), and at
the latest when ConsumeMutexLock takes it, which in TF's graphs is the tensor's last use.
(Eagerly TF's ConsumeMutexLock releases nothing while the caller still holds the tensor;
here it releases: the lock's only reader is gone either way.) A thread locking a mutex it
already holds would wait forever in TF; here it is refused.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.device import current_device
from eagerflow._src.core.errors import FailedPreconditionError
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.py_conversion import object_scalar
from eagerflow._src.core.resource import RESOURCES, cpu_handle
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import queue_handles as H
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.math_base import identity
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.ops.variables import resource_tensor

KIND = "tensorflow::(anonymous namespace)::Mutex"


class MutexState:
    """One mutex: a lock, and which thread holds it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.owner: int | None = None

    def acquire(self, op: str) -> _Held:
        if self.owner == threading.get_ident():
            raise FailedPreconditionError(None, None, "This thread already holds the mutex: "
                                                      "TF's lock would wait forever [Op:"
                                                      f"{op}]")
        self._lock.acquire()
        self.owner = threading.get_ident()
        return _Held(self)

    def release(self) -> None:
        self.owner = None
        self._lock.release()


class _Held:
    """A lock on a mutex (a MutexLock's value): released once, when consumed or when the
    last tensor holding it dies."""

    def __init__(self, state: MutexState) -> None:
        self._state: MutexState | None = state

    def release(self) -> None:
        state, self._state = self._state, None
        if state is not None:
            state.release()

    def __del__(self) -> None:
        self.release()

    def __repr__(self) -> str:
        return "<?>"  # (as TF prints a variant it can't show)


def new_mutex(container: str = "", shared_name: str = "") -> np.ndarray:
    """A MutexV2's handle (kernel array): a shared mutex kept by container and name, else
    a fresh one held by the handle itself."""
    container = container or "localhost"
    if not shared_name:
        return cpu_handle("", container, KIND, MutexState())
    if RESOURCES.lookup(container, shared_name) is None:
        RESOURCES.create(container, shared_name, MutexState())
    return cpu_handle(shared_name, container, KIND)


def _check_dtype(op: str, x: Any, want: dt.DType) -> None:
    if x._dtype is not want:
        raise C.fail(op, f"cannot compute {op} as input #0(zero-based) was expected to be a "
                         f"{want.name} tensor but is a {C.dtype_word(x._dtype)} tensor")


def _lock_infer(mutex: Any) -> list:
    _check_dtype("MutexLock", mutex, dt.resource)
    return [((), dt.variant)]


def _lock_kernel(xp: Any, mutex: Any) -> np.ndarray:
    state = H.resource_of("MutexLock", mutex, KIND, MutexState)
    return object_scalar(state.acquire("MutexLock"))


def _consume_infer(mutex_lock: Any) -> list:
    _check_dtype("ConsumeMutexLock", mutex_lock, dt.variant)
    return []


def _consume_kernel(xp: Any, mutex_lock: Any) -> tuple:
    held = mutex_lock[()] if isinstance(mutex_lock, np.ndarray) else None
    if isinstance(held, _Held):
        held.release()
    return ()


MUTEX_V2 = register(OpDef(
    "MutexV2", lambda **attrs: [((), dt.resource)],
    lambda xp, *, container="", shared_name="": new_mutex(container, shared_name),
    stateful=True, gpu=False, reference=H.handle_ref(KIND),
    samples=lambda: [Sample((), {"container": "", "shared_name": "sample_mutex"}, grad=False)],
    tf=TFForm(takes_handles=True),
))

MUTEX_LOCK = register(OpDef(
    "MutexLock", _lock_infer, _lock_kernel, stateful=True, gpu=False, grad=C.no_gradient,
    reference=lambda mutex: "<?>",
    bad_samples=lambda: [BadSample((np.float32(1),), {}, Exception,
                                   "was expected to be a resource tensor")],
    tf=TFForm(takes_handles=True),
))

CONSUME_MUTEX_LOCK = register(OpDef(
    "ConsumeMutexLock", _consume_infer, _consume_kernel, num_outputs=0, stateful=True,
    gpu=False, reference=lambda mutex_lock: (),
    bad_samples=lambda: [BadSample((np.float32(1),), {}, Exception,
                                   "was expected to be a variant tensor")],
    tf=TFForm(takes_handles=True),
))


class CriticalSection:
    """`tf.CriticalSection`: `execute(fn)` runs `fn` holding the section's mutex (TF's
    MutexLock, then `fn`'s ops, then ConsumeMutexLock of the lock, eagerly or traced), so no
    other thread runs a function of the same section meanwhile. Re-entering the section
    from inside it is refused, as TF does, since it would deadlock."""

    def __init__(self, name: str | None = None, shared_name: str | None = None,
                 critical_section_def: Any = None, import_scope: Any = None) -> None:
        self._name = name or "CriticalSection"
        self._shared_name = shared_name or ""
        # (made eagerly, as TF's under init_scope: a function using it captures the handle)
        self._handle = resource_tensor(new_mutex(shared_name=self._shared_name)[()],
                                       CPU_DEVICE)
        self._inside = threading.local()

    def execute(self, fn: Any, exclusive_resource_access: bool = True,
                name: str | None = None) -> Any:
        """`fn()`'s results, as tensors, computed inside the section."""
        if getattr(self._inside, "running", False):
            raise ValueError(f"Attempting to lock a CriticalSection (signature=("
                             f"'{self._shared_name}', {id(self)}, '{current_device().canonical}'))"
                             " in which we are already running. This is illegal and may cause "
                             "deadlocks.")
        with name_scope(name or "critical_section_execute"):
            lock = bind(MUTEX_LOCK, (self._handle,), {})
            self._inside.running = True
            try:
                out = fn()
            except BaseException:
                bind(CONSUME_MUTEX_LOCK, (lock,), {})
                raise
            finally:
                self._inside.running = False
            out = nest.map_structure(
                lambda x: x if x is None else identity(convert_to_tensor(x)), out)
            bind(CONSUME_MUTEX_LOCK, (lock,), {})
        return out
