"""Kernel blocks spread over the machine's cores (ops layer, no OpDefs here).

Convolutions are computed in independent blocks of images (see windows.py). OpenBLAS
can split each block's product over threads, but its threads meet at a barrier many
times per product, and on a machine shared with other processes every barrier waits
for a descheduled thread (blas.py measures the damage and turns that off). Splitting
the *blocks* over Python threads instead needs one join per kernel: each thread copies
its windows and runs its products with one BLAS thread (both release the GIL), and
the threads take blocks from a shared counter, so a thread that the OS pauses delays
the kernel by at most the block in its hands.

Threads run side by side only while the machine has an idle core (blas.py's load
test: on a saturated machine they bought nothing in measurements, since every core
already has work) and where OpenBLAS's thread count can be pinned to one while the
blocks run (else the BLAS threads of every block would fight over the cores). How a
kernel is split into lanes does not depend on the load, though: it is fixed by the
usable cores (at most MAX_WORKERS) and the kernel's size, so a kernel that sums its
lanes' partial results sums in the same order whether they ran side by side or one
after another, and its result does not change from call to call. Only kernels of at
least MIN_MACS multiply-adds split (below that the hand-off costs more than it
saves). EAGERFLOW_BLAS_THREADS=single keeps kernels on the calling thread.
"""

from __future__ import annotations

import itertools
import os
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from eagerflow._src.ops.blas import _THREADS

# Smallest kernel (multiply-adds) whose blocks are split over threads (~0.2 ms of work).
MIN_MACS = 1 << 23
MAX_WORKERS = 8


class _Pool:
    """The worker threads, started on first use and again in a forked child."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.executor: Any = None  # a ThreadPoolExecutor, made on first use
        self.pid = -1
        self.size = -1

    def workers(self) -> int:
        """Threads a kernel may use, the calling one included (1: no splitting)."""
        if self.size < 0:
            try:
                cores = len(os.sched_getaffinity(0))
            except (AttributeError, OSError):
                cores = os.cpu_count() or 1
            single = os.environ.get("EAGERFLOW_BLAS_THREADS") == "single"
            self.size = 1 if single else max(1, min(cores, MAX_WORKERS))
        return self.size

    def get(self) -> Any:
        with self.lock:
            if self.executor is None or self.pid != os.getpid():
                from concurrent.futures import ThreadPoolExecutor  # not at import: ~2 ms

                self.executor = ThreadPoolExecutor(self.workers() - 1,
                                                   thread_name_prefix="eagerflow-kernel")
                self.pid = os.getpid()
            return self.executor


_POOL = _Pool()


def lanes(xp: Any, macs: int, blocks: int) -> int:
    """Into how many lanes (threads, when they run in parallel) a kernel of `macs`
    multiply-adds in `blocks` blocks is split. Fixed for a given machine and kernel
    size, so that a kernel summing its lanes' partial results always sums in the same
    order; `run` decides whether the lanes really run side by side. NumPy kernels
    only: other array modules schedule their own work."""
    if xp is not np or macs < MIN_MACS or blocks < 2:
        return 1
    return min(_POOL.workers(), blocks)


def _side_by_side() -> bool:
    """Whether helper threads pay now: a core is idle (blas.py's load test) and
    OpenBLAS's own threads can be held to one while the blocks run."""
    if not _THREADS.resolved:
        _THREADS.resolve()
    return _THREADS.set is not None and not _THREADS.machine_busy()


def run(fn: Callable[[Any], Any], items: Sequence, workers: int) -> list:
    """`[fn(item) for item in items]`, computed by `workers` threads (the calling one
    among them), each taking the next item from a shared counter.

    The caller waits for the items, not for the helper threads: a helper that the OS
    wakes only after the caller has taken every item finds none left, and nobody waits
    for it.
    """
    if workers <= 1 or len(items) < 2 or not _side_by_side():
        return [fn(it) for it in items]
    results: list = [None] * len(items)
    errors: list = []
    counter = itertools.count()
    lock = threading.Lock()
    done = threading.Event()
    left = [len(items)]

    def work() -> None:
        while True:
            i = next(counter)  # atomic under the GIL
            if i >= len(items):
                return
            try:
                results[i] = fn(items[i])
            except BaseException as e:  # noqa: BLE001 - re-raised in the caller
                errors.append(e)
            finally:
                with lock:
                    left[0] -= 1
                    if left[0] == 0:
                        done.set()

    with _THREADS.pinned():
        _THREADS.helpers_at = time.monotonic()
        futures = [_POOL.get().submit(work) for _ in range(workers - 1)]
        work()
        done.wait()
    for f in futures:
        f.cancel()  # helpers not yet started have nothing left to do
    if errors:
        raise errors[0]
    return results
