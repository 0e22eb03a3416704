"""Matrix products for kernels, with BLAS threading sized to the product and the machine.

NumPy's OpenBLAS splits every product above a tiny size (~2^18 multiply-adds) across
all cores. For the medium products that convolutions and small dense layers make (an
im2col matrix of ~20k rows times a 16-column filter, a batch of 64 times a 784x128
weight) the threads synchronise once per block: on idle cores that buys ~1.5x, but on
cores shared with other processes it costs 5-1000x, since every synchronisation waits
for a descheduled thread (measured on a loaded 2-core machine: the guide CNN's filter
gradient went from ~1.5 ms to 40-600 ms per call, a 100x100 matmul from 28 us to 48 ms).
So a product of at most SINGLE_THREAD_MACS multiply-adds runs on one BLAS thread while
the machine has no idle core (1-minute load average >= cores - 0.5, read at most once
a second); on an idle machine, and for bigger products (where threads do pay), NumPy's
own setting stands, so a large `tf.matmul` is exactly NumPy's.

The thread count is OpenBLAS's process-wide setting (its "_local" setter is global
too in pthreads builds), so it is changed under a lock with a count of the products
in flight, and restored to the value it had when the first of them started. With
another BLAS (or none found) products run exactly as `xp.matmul` runs them. The
environment variable EAGERFLOW_BLAS_THREADS, read at the first product, overrides the
load test: "numpy" keeps NumPy's threading everywhere, "single" always uses one
thread for medium products.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import threading
import time
from collections.abc import Iterator
from typing import Any

import numpy as np

# Products of at most this many multiply-adds run single-threaded (2^27: 268 MFLOP).
SINGLE_THREAD_MACS = 1 << 27
# OpenBLAS runs products below this size on one thread by itself: nothing to do.
SMALL_MACS = 1 << 18

_SETTERS = ("scipy_openblas_set_num_threads64_", "scipy_openblas_set_num_threads",
            "openblas_set_num_threads64_", "openblas_set_num_threads")
_GETTERS = ("scipy_openblas_get_num_threads64_", "scipy_openblas_get_num_threads",
            "openblas_get_num_threads64_", "openblas_get_num_threads")


class _Threads:
    """OpenBLAS's thread-count functions, found lazily, and the in-flight count."""

    def __init__(self) -> None:
        self.resolved = False
        self.get: Any = None
        self.set: Any = None
        self.lock = threading.Lock()
        self.active = 0
        self.saved = 0
        self.mode = "auto"  # "auto" (load test), "single" or "numpy"
        self.busy = True
        self.checked = -1.0

    def resolve(self) -> None:
        self.resolved = True
        self.mode = os.environ.get("EAGERFLOW_BLAS_THREADS", "auto")
        if self.mode == "numpy":
            return
        try:
            with open("/proc/self/maps", encoding="utf-8") as f:
                paths = sorted({line.split()[-1] for line in f if "openblas" in line.lower()})
        except OSError:
            return
        for path in paths:
            try:
                lib = ctypes.CDLL(path)
            except OSError:
                continue
            get = next((getattr(lib, n) for n in _GETTERS if hasattr(lib, n)), None)
            set_ = next((getattr(lib, n) for n in _SETTERS if hasattr(lib, n)), None)
            if get is not None and set_ is not None:
                get.restype = ctypes.c_int
                get.argtypes = []
                set_.restype = None
                set_.argtypes = [ctypes.c_int]
                self.get, self.set = get, set_
                return

    def machine_busy(self) -> bool:
        """No idle core: the 1-minute load average is within half a core of the count."""
        if self.mode != "auto":
            return self.mode == "single"
        now = time.monotonic()
        if now - self.checked >= 1.0:
            self.checked = now
            try:
                self.busy = os.getloadavg()[0] >= (os.cpu_count() or 1) - 0.5
            except (OSError, AttributeError):
                self.busy = True
        return self.busy

    def enter(self) -> bool:
        if not self.resolved:
            self.resolve()
        if self.set is None or not self.machine_busy():
            return False
        self._hold()
        return True

    def _hold(self) -> None:
        """One BLAS thread until the matching exit() (nested holds share it)."""
        with self.lock:
            if self.active == 0:
                self.saved = self.get()
                if self.saved != 1:
                    self.set(1)
            self.active += 1

    def exit(self) -> None:
        with self.lock:
            self.active -= 1
            if self.active == 0 and self.saved != 1:
                self.set(self.saved)

    @contextlib.contextmanager
    def pinned(self) -> Iterator[None]:
        """One BLAS thread for every product while inside, whatever the load (for
        kernels that spread their own blocks over threads: see parallel.py)."""
        if not self.resolved:
            self.resolve()
        if self.set is None:
            yield
            return
        self._hold()
        try:
            yield
        finally:
            self.exit()


_THREADS = _Threads()


@contextlib.contextmanager
def product_scope(xp: Any, macs: int) -> Iterator[None]:
    """Applies `matmul`'s thread policy once to a run of products of at most `macs`
    multiply-adds each (a blocked kernel's), which then call `xp.matmul` directly:
    the policy's few microseconds per product add up over dozens of blocks."""
    if xp is not np or macs <= SMALL_MACS or macs > SINGLE_THREAD_MACS or not _THREADS.enter():
        yield
        return
    try:
        yield
    finally:
        _THREADS.exit()


def matmul(xp: Any, a: Any, b: Any, out: Any = None) -> Any:
    """`xp.matmul(a, b)` (into `out` when given); medium products run on one BLAS thread
    (see module docstring)."""
    if xp is not np or b.ndim < 2:
        return xp.matmul(a, b) if out is None else xp.matmul(a, b, out=out)
    macs = max(a.size * b.shape[-1], b.size * a.shape[-2]) if a.ndim > 1 else b.size
    if macs <= SMALL_MACS or macs > SINGLE_THREAD_MACS or not _THREADS.enter():
        return np.matmul(a, b, out=out)
    try:
        return np.matmul(a, b, out=out)
    finally:
        _THREADS.exit()
