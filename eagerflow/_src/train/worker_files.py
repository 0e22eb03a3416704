"""Which files this process writes in a multi-worker job: the chief's alone survive.

Sits at the bottom of train/, beside fileio; summary/ uses it too. A
MultiWorkerMirroredStrategy of several workers registers its job here (`set_job`).
TF's multi-worker guides have every worker run every save, because saving may read
values that need collectives (a SyncOnRead metric's total, say), while only the
chief's files are kept. eagerflow applies that rule itself:

- a checkpoint, checkpoint state file or Keras weights file that a non-chief writes
  goes to `<its directory>/workertemp_<task_id>/`, which is removed when the save
  ends; deleting old checkpoints and updating state files is the chief's job alone;
- a non-chief's summary writer writes into a private temporary directory, removed
  when the writer is closed (or the process ends);
- when the outermost save returns, every worker has passed a barrier, so the chief's
  files are complete on every worker (a restore right after a save is safe).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import tempfile
import threading
from typing import Callable, Iterator

_job: dict = {}          # set by MultiWorkerMirroredStrategy: chief, task_id, barrier
_local = threading.local()


def set_job(is_chief: bool, task_id: int, barrier: Callable[[], None] | None) -> None:
    """Registers this process as worker `task_id` of a multi-worker job."""
    _job.clear()
    _job.update(chief=bool(is_chief), task_id=int(task_id), barrier=barrier)


def clear_job() -> None:
    _job.clear()


def is_writer() -> bool:
    """Whether this process's files are kept (True outside multi-worker jobs)."""
    return _job.get("chief", True)


def redirect(path: str) -> str:
    """Where this process writes the file `path` (the same path on the chief)."""
    if is_writer():
        return path
    temp = os.path.join(os.path.dirname(path) or ".", f"workertemp_{_job['task_id']}")
    os.makedirs(temp, exist_ok=True)
    temps = getattr(_local, "temps", None)
    if temps is not None:
        temps.add(temp)
    return os.path.join(temp, os.path.basename(path))


@contextlib.contextmanager
def save_scope() -> Iterator[None]:
    """Wraps one save (nesting allowed): on leaving the outermost, a non-chief removes its
    temporary files and every worker meets at a barrier."""
    if getattr(_local, "temps", None) is not None:
        yield
        return
    _local.temps = set()
    try:
        yield
    finally:
        temps, _local.temps = _local.temps, None
        for temp in temps:
            shutil.rmtree(temp, ignore_errors=True)
    barrier = _job.get("barrier")
    if barrier is not None:
        barrier()


def summary_logdir(logdir: str) -> tuple:
    """(directory a summary writer for `logdir` writes to, cleanup callable or None)."""
    if is_writer():
        return logdir, None
    temp = tempfile.mkdtemp(prefix=f"eagerflow-workertemp_{_job['task_id']}-")

    def cleanup() -> None:
        shutil.rmtree(temp, ignore_errors=True)

    atexit.register(cleanup)
    return temp, cleanup
