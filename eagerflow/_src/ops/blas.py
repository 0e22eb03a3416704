"""Matrix products for kernels, with BLAS threading sized to the product.

NumPy's OpenBLAS splits every product above a tiny size (~2^18 multiply-adds) across
all cores, and after each such product its worker threads spin for ~0.1 s waiting for
more work (measured: 0.1 s of CPU burnt during a 0.2 s sleep after one 400x400
product). A training step makes a few products per layer, so one core was never free:
the kernels' own helper threads (parallel.py) and the input pipeline's threads ran on
a core shared with a spinning BLAS thread, and the guide CNN's convolutions took 6.8 ms
with two threads against 4.9 ms with OpenBLAS held to one. Threads also synchronise
once per block, so on cores shared with other processes a threaded medium product
waits for descheduled threads (measured: the filter gradient went from ~1.5 ms to
40-600 ms per call on a loaded 2-core machine).

So while kernels split their blocks over helper threads of their own (parallel.py,
the convolutions), and for a second after, products of at most SINGLE_THREAD_MACS
multiply-adds (the medium ones that convolutions and dense layers make) run on one
BLAS thread; likewise while other processes keep the machine's cores busy. Otherwise
(a dense model on an idle machine: the MLP train step is ~1.2x faster with threads)
and for bigger products, where threads pay, NumPy's setting stands, so a large
`tf.matmul` is exactly NumPy's.

The thread count is OpenBLAS's process-wide setting (its "_local" setter is global
too in pthreads builds), so it is changed under a lock with a count of the products
in flight, and restored to the value it had when the first of them started. With
another BLAS (or none found) products run exactly as `xp.matmul` runs them. The
environment variable EAGERFLOW_BLAS_THREADS, read at the first product, overrides
this: "numpy" keeps NumPy's threading for every product, and "single" keeps every
medium product and every kernel on one thread.

Whether a core is free for a kernel's helper thread is `_Threads.machine_busy`: the
CPU time other processes used over the last BUSY_WINDOW, from /proc/stat less this
process's own (the load average counts this process's threads too, so a kernel that
used both cores looked like a busy machine to the next one).
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
# Seconds after kernel helper threads ran during which medium products stay on one
# BLAS thread (OpenBLAS's workers spin for ~0.1 s after a threaded product).
HELPERS_WINDOW = 1.0
# Seconds over which other processes' CPU use is measured (machine_busy).
BUSY_WINDOW = 0.25

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
        self.last: tuple | None = None  # the previous _cpu_sample()
        self.helpers_at = -1e9  # when kernel helper threads last ran (parallel.py)

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
        """No core to spare for a helper thread: other processes used more than
        `cores - 1.5` cores over the last BUSY_WINDOW seconds (re-read at most that
        often: a short window, so that a kernel sees another process's burst end soon)."""
        if self.mode != "auto":
            return self.mode == "single"
        now = time.monotonic()
        if now - self.checked >= BUSY_WINDOW:
            sample = _cpu_sample()
            cores = os.cpu_count() or 1
            if sample is not None and self.last is not None:
                wall = now - self.checked
                others = (sample[0] - self.last[0]) - (sample[1] - self.last[1])
                self.busy = others / wall > cores - 1.5
            else:  # first look, or no /proc/stat: the load average
                try:
                    self.busy = os.getloadavg()[0] >= cores - 0.5
                except (OSError, AttributeError):
                    self.busy = True
            self.checked, self.last = now, sample
        return self.busy

    def enter(self) -> bool:
        """Holds one BLAS thread for a medium product (False: NumPy's threading)."""
        if not self.resolved:
            self.resolve()
        if self.set is None or self.mode == "numpy":
            return False
        if (self.mode == "auto" and time.monotonic() - self.helpers_at > HELPERS_WINDOW
                and not self.machine_busy()):
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


def _cpu_sample() -> tuple | None:
    """(seconds of CPU the whole machine has used, seconds this process has used)."""
    try:
        with open("/proc/stat", "rb") as f:
            fields = [int(v) for v in f.readline().split()[1:9]]
        hz = os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return None
    busy = sum(fields) - fields[3] - fields[4]  # all but idle and iowait
    own = os.times()
    return busy / hz, own.user + own.system


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
