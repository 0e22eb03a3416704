"""The NumPy backend: CPU kernels' machine tuning (backend layer, under core).

Kernels are math over `xp`; what running them fast on this machine takes lives here:
the BLAS thread policy for matrix products, the helper threads that split a kernel's
blocks over the cores, per-thread scratch buffers, and the memory probes that let an
op refuse an allocation the machine cannot give. Kernels reach these through the
`xp`-taking helpers of backend/__init__.py, never directly.

BLAS threads. NumPy's OpenBLAS splits every product above a tiny size (~2^18
multiply-adds) across all cores, and after each such product its worker threads spin
for ~0.1 s waiting for more work (measured: 0.1 s of CPU burnt during a 0.2 s sleep
after one 400x400 product). A training step makes a few products per layer, so one
core was never free: the kernels' own helper threads and the input pipeline's threads
ran on a core shared with a spinning BLAS thread, and the guide CNN's convolutions took
6.8 ms with two threads against 4.9 ms with OpenBLAS held to one. Threads also
synchronise once per block, so on cores shared with other processes a threaded medium
product waits for descheduled threads (measured: the filter gradient went from ~1.5 ms
to 40-600 ms per call on a loaded 2-core machine).

So while kernels split their blocks over helper threads of their own, and for a second
after, products of at most SINGLE_THREAD_MACS multiply-adds (the medium ones that
convolutions and dense layers make) run on one BLAS thread; likewise while other
processes keep the machine's cores busy. Otherwise (a dense model on an idle machine:
the MLP train step is ~1.2x faster with threads) and for bigger products, where threads
pay, NumPy's setting stands, so a large `tf.matmul` is exactly NumPy's.

The thread count is OpenBLAS's process-wide setting (its "_local" setter is global too
in pthreads builds), so it is changed under a lock with a count of the products in
flight, and restored to the value it had when the first of them started. With another
BLAS (or none found) products run exactly as `np.matmul` runs them. The environment
variable EAGERFLOW_BLAS_THREADS, read at the first product, overrides this: "numpy"
keeps NumPy's threading for every product, and "single" keeps every medium product and
every kernel on one thread.

Whether a core is free for a kernel's helper thread is `_Threads.machine_busy`: the CPU
time other processes used over the last BUSY_WINDOW, from /proc/stat less this
process's own (the load average counts this process's threads too, so a kernel that
used both cores looked like a busy machine to the next one).

Helper threads. Convolutions are computed in independent blocks of images (ops/
windows.py). OpenBLAS can split each block's product over threads, but its threads meet
at a barrier many times per product, and on a machine shared with other processes
every barrier waits for a descheduled thread. Splitting the *blocks* over Python
threads instead needs one join per kernel: each thread copies its windows and runs its
products with one BLAS thread (both release the GIL), and the threads take blocks from
a shared counter, so a thread that the OS pauses delays the kernel by at most the block
in its hands. Threads run side by side only while the machine has an idle core and
where OpenBLAS's thread count can be pinned to one while the blocks run. How a kernel
is split into lanes does not depend on the load, though: it is fixed by the usable
cores (at most MAX_WORKERS) and the kernel's size, so a kernel that sums its lanes'
partial results sums in the same order whether they ran side by side or one after
another, and its result does not change from call to call. Only kernels of at least
MIN_MACS multiply-adds split. EAGERFLOW_BLAS_THREADS=single keeps kernels on the
calling thread.
"""

from __future__ import annotations

import contextlib
import ctypes
import itertools
import math
import os
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

# ---------------------------------------------------------------------------------------
# BLAS threads.
# ---------------------------------------------------------------------------------------

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


def _openblas_libraries() -> Iterator[Any]:
    """The OpenBLAS libraries this process has loaded (NumPy's, SciPy's, ...), found in its
    memory map and opened with ctypes; none where there is no /proc."""
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
        yield lib


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
        self.helpers_at = -1e9  # when kernel helper threads last ran (below)
        self.default: int | None = None  # OpenBLAS's count before cap() first changed it

    def resolve(self) -> None:
        self.resolved = True
        self.mode = os.environ.get("EAGERFLOW_BLAS_THREADS", "auto")
        if self.mode == "numpy":
            return
        for lib in _openblas_libraries():
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
        return self.others_busy()

    def others_busy(self) -> bool:
        """machine_busy's measure, whatever the mode: other processes used more than
        `cores - 1.5` cores over the last BUSY_WINDOW seconds."""
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

    def cap(self, n: int) -> None:
        """OpenBLAS's own thread count between held products: `n`, or with 0 the count it
        started with."""
        if not self.resolved:
            self.resolve()
        if self.set is None:
            return
        with self.lock:
            if self.default is None:
                self.default = self.saved if self.active else self.get()
            want = n or self.default
            if self.active:
                self.saved = want  # exit() restores it
            else:
                self.set(want)

    @contextlib.contextmanager
    def pinned(self) -> Iterator[None]:
        """One BLAS thread for every product while inside, whatever the load (for
        kernels that spread their own blocks over threads: see below)."""
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


def caches_shared() -> bool:
    """Whether other processes keep the machine's cores busy now (machine_busy's measure,
    whatever EAGERFLOW_BLAS_THREADS says). Their work evicts this process's data from the
    caches the cores share: a 10 MB im2col matrix kept from a convolution's forward for
    its filter gradient then comes back from main memory, and building it again from the
    (cache-sized) input is cheaper. Measured on the guide CNN's steps at load ~7 on the 2
    cores, one thread's CPU time, best of 10 interleaved: eager 8.80 ms keeping against
    8.06 ms not, tf.function 7.64 against 7.01 ms; on an idle machine keeping was the
    faster (the filter gradient 1.08 -> 0.81 ms, acdf5231)."""
    return _THREADS.others_busy()


class _ThreadsEntered:
    """The scope product_scope gives where it entered _THREADS' one-thread policy: leaving
    it leaves the policy (stateless, so one object serves every such scope)."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: Any) -> None:
        _THREADS.exit()


_NO_POLICY = contextlib.nullcontext()
_THREADS_ENTERED = _ThreadsEntered()


def product_scope(macs: int) -> Any:
    """Applies `matmul`'s thread policy once to a run of products of at most `macs`
    multiply-adds each (a blocked kernel's), which then call `np.matmul` directly:
    the policy's few microseconds per product add up over dozens of blocks. Used as
    `with product_scope(macs):` (the policy is entered by this call; plain context
    objects, not a generator's: ~110 bytecodes of contextlib's a call fewer)."""
    if macs <= SMALL_MACS or macs > SINGLE_THREAD_MACS or not _THREADS.enter():
        return _NO_POLICY
    return _THREADS_ENTERED


def matmul(a: Any, b: Any, out: Any = None) -> Any:
    """`np.matmul(a, b)` (into `out` when given); medium products run on one BLAS thread
    (see module docstring)."""
    if b.ndim < 2:
        return np.matmul(a, b, out=out)
    macs = max(a.size * b.shape[-1], b.size * a.shape[-2]) if a.ndim > 1 else b.size
    if macs <= SMALL_MACS or macs > SINGLE_THREAD_MACS or not _THREADS.enter():
        return np.matmul(a, b, out=out)
    try:
        return np.matmul(a, b, out=out)
    finally:
        _THREADS.exit()


# ---------------------------------------------------------------------------------------
# Chains of elementwise passes.
# ---------------------------------------------------------------------------------------

# A kernel that runs a long chain of ufuncs over one tensor (a polynomial's steps, each
# one float32 operation as Eigen's; the random normals' transforms) runs it this many
# values at a time, so that its temporaries stay in the core's cache between passes:
# Eigen's float32 erf over 1M values (13 passes) took 6.1 ms whole, 3.1 ms by blocks of
# 65,536 values, 3.7 ms by 16,384 (one thread's CPU time on this project's 2-core Xeon).
ELEMENTWISE_BLOCK = 1 << 16

# float32 Reciprocal and Rsqrt take Eigen's packets (the CPU's estimate and a Newton step:
# TF's bits, ops/halfprec.py) up to these many values, NumPy's correctly rounded ufuncs
# past them, where the exact kernel would be slower than TF's eager call. Measured (best
# single call, alternating with TF 2.21, this project's 2-core Xeon): TF 5.8-6.0 us
# (Reciprocal) and 7.4-7.7 us (Rsqrt) from 8 to 1,000 values; the exact kernels ~4.9 and
# ~5.5 us plus ~2.3 ns a value (the estimate's table read by the bits, 4 passes, 1 check):
# 6.1 and 7.3 us at 512, 6.7 and 7.8 at 1,000 (docs/ulp32.md)
RECIPROCAL_PACKETS_MAX = 256
RSQRT_PACKETS_MAX = 512

# A 2-D max pool on the CPU gives its zero results the sign of their window's first zero
# one result at a time (a gather per tap) where at most 1 in this many of a block's
# results, times the window's taps, is zero; more, and it carries every cell's sign
# separably over the block (pool_windows._zero_signs).
FEW_ZERO_RESULTS = 4

# A segment reduction in Eigen's order (eigen_reduce.segment_fold) whose segments come in
# fewer distinct lengths than this runs one block per length (a few whole-array calls
# each); more lengths, and it steps through the rows by rank instead.
SEGMENT_LENGTH_GROUPS = 64
# A float32/float64 channels-last BiasAddGrad of at most this many rows adds them in turn,
# TF's order (a few microseconds: a Dense layer's batch); more rows, and it is one BLAS
# product with ones, which rounds otherwise but costs up to ~50x less (docs/ulp32.md).
EXACT_BIAS_GRAD_ROWS = 1024

# A float sum in Eigen's order (ops/eigen_sum.py) adds blocks of 32 floats (16 doubles)
# in turn for many rows or tree leaves at once: each step copies the next blocks of all of
# them side by side (one memcpy a block), then adds them as one row. It copies about this
# many bytes a step, so that the copy is added while still in the core's cache.
REDUCE_STEP_BYTES = 1 << 18
# From this many bytes of blocks across its rows, one block of all of them a NumPy call
# (no copy) is cheaper: 1000 rows of 31 blocks, 0.40 ms against 0.64 ms copied by steps;
# 128 rows of 244 blocks, 0.53 against 0.45 (one thread's CPU time, a loaded 2-core host).
REDUCE_LOOP_BYTES = 1 << 15
# Tree leaves gathered side by side at most this many at a time: each leaf is a stream
# of reads, and the core's prefetchers follow only so many (one thread's CPU time, best
# of 4 interleaved rounds: a float64 sum of 10**6 values, 256 leaves, 1.30 -> 1.21 ms;
# 3 * 10**6 float32 values, 384 leaves, 2.26 -> 1.94 ms; 10**6 float32 0.71 -> 0.69).
REDUCE_STREAMS = 32


# ---------------------------------------------------------------------------------------
# Small products.
# ---------------------------------------------------------------------------------------

# OpenBLAS's AVX-512 builds (its SkylakeX kernels, which Cooper Lake and Sapphire Rapids
# use too) run a float32 or float64 product of at most this many multiply-adds through a
# "small matrix" kernel that reads its operands in place, where a larger one first packs
# both into buffers. A convolution's im2col product is skinny ((rows, 144) x (144, 16) in
# the guide CNN): packing the tall side costs about as much as the multiply-adds, so the
# same product split into bands of rows under this size ran 1.3-1.5x faster in float32 and
# 1.6x in float64 (one thread's CPU time, 384 rows against the 1820 of a cache-sized block;
# 448 rows, just past the limit, ran at the unsplit speed). Other BLAS builds keep the
# unsplit product.
SMALL_KERNEL_MACS = 100 ** 3
_SMALL_KERNEL_CORES = frozenset(("skylakex", "cooperlake", "sapphirerapids"))
_SMALL_KERNEL_TYPES = frozenset((np.dtype(np.float32), np.dtype(np.float64)))
_CORE: list = []  # [OpenBLAS's core name, lower case ("" without OpenBLAS)], found once

_CORENAMES = ("scipy_openblas_get_corename64_", "scipy_openblas_get_corename",
              "openblas_get_corename64_", "openblas_get_corename")


def _core() -> str:
    if not _CORE:
        name = ""
        for lib in _openblas_libraries():
            get = next((getattr(lib, n) for n in _CORENAMES if hasattr(lib, n)), None)
            if get is not None:
                get.restype = ctypes.c_char_p
                get.argtypes = []
                name = (get() or b"").decode("ascii", "replace").lower()
                break
        _CORE.append(name)
    return _CORE[0]


def band_rows(k: int, n: int, dtype: Any) -> int:
    """Rows per band of a tall product, (rows, k) x (k, n) or (k, rows) x (rows, n), that
    keeps each band on OpenBLAS's small-matrix kernel; 0: no such kernel here (or a band
    would be under a few rows), the product stays whole."""
    if np.dtype(dtype) not in _SMALL_KERNEL_TYPES or k * n <= 0 or \
            _core() not in _SMALL_KERNEL_CORES:
        return 0
    rows = SMALL_KERNEL_MACS // (k * n)
    return rows if rows >= 16 else 0


def matmul_rows(a: Any, b: Any, out: Any) -> Any:
    """`np.matmul(a, b, out=out)` for a (M, K) and b (K, N), in bands of rows where that
    runs on the small-matrix kernel (each output row is its own product: the same sums)."""
    m = a.shape[0]
    step = band_rows(a.shape[1], b.shape[1], a.dtype)
    if not step or m <= step or a.dtype != b.dtype or out.dtype != a.dtype:
        return np.matmul(a, b, out=out)
    step = -(-m // -(-m // step))  # equal bands, none of them a sliver
    for i in range(0, m, step):
        np.matmul(a[i:i + step], b, out=out[i:i + step])
    return out


def matmul_t_rows(a: Any, g: Any) -> Any:
    """`a.T @ g` for a (M, K) and g (M, N): the sum over M, as bands of rows on the
    small-matrix kernel added in band order where that kernel exists."""
    m = a.shape[0]
    step = band_rows(a.shape[1], g.shape[1], a.dtype)
    if not step or m <= step or a.dtype != g.dtype:
        return np.matmul(a.T, g)
    step = -(-m // -(-m // step))
    acc = np.matmul(a[:step].T, g[:step])
    for i in range(step, m, step):
        acc += np.matmul(a[i:i + step].T, g[i:i + step])
    return acc


# Unsigned integers by item size: select() moves values as bit patterns.
_UINTS = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}


def select(hit: Any, values: Any, out: Any = None) -> Any:
    """`np.where(hit, values, 0)` (into `out` when given, of values' dtype). NumPy's where
    branches per element, and on a random mask (a pooling gradient's choices) it ran 25x
    slower than a comparison of the same size (measured: 2 ms against 0.07 ms for 173k
    float32). Here the mask is widened to all-ones or all-zeros words and ANDed with the
    values' bits: no branch, and the chosen values (inf and NaN included) pass bit for bit."""
    u = _UINTS.get(values.dtype.itemsize)
    if u is None:  # complex128 and other wide items: NumPy's where
        if out is None:
            return np.where(hit, values, 0)
        np.copyto(out, np.where(hit, values, 0))
        return out
    mask = hit.astype(u)
    np.negative(mask, out=mask)  # 1 -> all ones
    if out is None:
        return np.bitwise_and(values.view(u), mask).view(values.dtype)
    np.bitwise_and(values.view(u), mask, out=out.view(u))
    return out


# add_rows() takes rows of at least this many values (narrower ones: NumPy's add.at, whose
# loop per row costs less than the sorting here), at least ADD_ROWS_MIN_VALUES in all
# (200 rows of 64: 0.15 ms against add.at's 0.09).
ADD_ROWS_MIN_WIDTH = 64
ADD_ROWS_MIN_VALUES = 1 << 15


def add_rows_fits(out: Any, index: Any, values: Any) -> bool:
    """Whether add_rows() takes `np.add.at(out, index, values)`: whole rows of out's dtype
    at a 1-D array of nonnegative integer indices."""
    return (out.ndim >= 2 and isinstance(index, np.ndarray) and index.ndim == 1
            and index.dtype.kind in "iu" and isinstance(values, np.ndarray)
            and values.dtype == out.dtype and values.shape == index.shape + out.shape[1:]
            and math.prod(out.shape[1:]) >= ADD_ROWS_MIN_WIDTH and index.size > 1
            and values.size >= ADD_ROWS_MIN_VALUES
            and int(index.min()) >= 0)


def add_rows(out: Any, index: Any, values: Any) -> None:
    """`np.add.at(out, index, values)` for add_rows_fits()'s arrays, bit for bit: each
    segment (the rows of one index) is still added onto `out` row by row in the rows'
    order, by fold_rows. NumPy's add.at steps through the rows one at a time (~6 ns a
    value on 100-value rows: 10,000 x 100 float32 into 1,000 segments took 6.4 ms, here
    2.0 ms). The work is in the rows and the segments they name, whatever out's length
    (a large vocabulary's gradient)."""
    order = np.argsort(index, kind="stable")  # (each segment's rows, in their order)
    ids = index[order]
    starts = np.flatnonzero(np.concatenate([[True], ids[1:] != ids[:-1]]))
    counts = np.diff(np.append(starts, index.size))
    held = ids[starts]
    out[held] = fold_rows(values, starts, counts, np.add, out[held], rows=order)


def rank_steps(steps: Any) -> tuple:
    """For segments of `steps` rows each: the segments, longest first (step i's segments
    are then a prefix), their steps in that order, how many have more than i steps, and
    how many steps to take together before each segment left finishes alone (the fewest
    NumPy calls)."""
    order = np.argsort(-steps, kind="stable")
    n = steps[order]
    active = np.searchsorted(-n, -np.arange(int(n[0]) + 1), side="left")
    return order, n, active, int(np.argmin(np.arange(active.size) + active))


def fold_rows(data: Any, starts: Any, steps: Any, op: Any, acc: Any,
              rows: Any = None) -> Any:
    """For each segment s, data's rows starts[s] + i (i < steps[s]; `rows[...]` of them
    where given) folded by the ufunc `op` in turn onto acc[s]: acc, updated. A step takes
    the i-th row of every segment that has one (one take and one op for all); the
    segments left finish in one accumulate each."""
    if not starts.size:
        return acc
    order, n, active, few = rank_steps(steps)
    st, a = starts[order], acc[order]
    buf = np.empty(a.shape, data.dtype)
    for i in range(few):
        m = int(active[i])
        at = st[:m] + i
        np.take(data, at if rows is None else rows[at], axis=0, out=buf[:m])
        op(a[:m], buf[:m], out=a[:m])
    for j in range(int(active[few])):
        span = slice(st[j] + few, st[j] + int(n[j]))
        more = data[span] if rows is None else data[rows[span]]
        a[j] = op.accumulate(np.concatenate([a[j][None], more]), axis=0)[-1]
    acc[order] = a
    return acc


# Below this many values a choice keeps NumPy's where: one call, against the five here.
_CHOOSE_MIN = 4096


def choose(hit: Any, a: Any, b: Any) -> Any:
    """`np.where(hit, a, b)` for a and b of one dtype, without a branch per value (as
    select(): 1M float32 at a random mask 4.1 ms in NumPy's where, 1.4 ms here): b's bits,
    flipped to a's where the widened mask is all ones. Bit for bit, inf and NaN included."""
    a, b, hit = np.asarray(a), np.asarray(b), np.asarray(hit)
    u = _UINTS.get(a.dtype.itemsize)
    if u is None or a.dtype != b.dtype or a.dtype.kind in "OSU" or \
            max(a.size, b.size, hit.size) < _CHOOSE_MIN:
        return np.where(hit, a, b)
    mask = hit.astype(u)
    np.negative(mask, out=mask)  # 1 -> all ones
    bits = np.bitwise_xor(a.view(u), b.view(u))
    bits = np.bitwise_and(bits, mask, out=bits if bits.shape == np.broadcast_shapes(
        bits.shape, mask.shape) else None)
    np.bitwise_xor(bits, b.view(u), out=bits)
    return bits.view(a.dtype)


# Zeros rows for relu(), by dtype: NumPy's maximum runs its SIMD loop only when both
# operands are contiguous runs; against a 0-d zero (stride 0) it takes its scalar loop,
# 3-4x slower (346k float32: 0.100 ms against 0.032 ms here, NumPy 2.4 on AVX-512); under
# 4 rows the few more Python steps cost what the loop saves (8192 values: 3.7 against 3.1 us).
_ZERO_ROW = 4096
_ZEROS: dict = {}
_RELU_TYPES = frozenset((np.dtype(np.float32), np.dtype(np.float64)))
_SCALAR_ZEROS = {d: np.zeros((), d) for d in _RELU_TYPES}


def relu(x: Any, out: Any = None) -> np.ndarray:
    """`np.maximum(x, zero)` (zero a 0-d array of x's dtype; into `out` when given, which
    may be x), NaN passing, with TF's signed zeros: its CPU kernel (Eigen's, in AVX packets
    of 32 bytes) makes a -0 +0 within its packets but keeps it in the scalar tail, the last
    size % (32 / itemsize) values. Over rows of a contiguous x against a contiguous row of
    zeros where that takes NumPy's vectorized loop."""
    d = x.dtype
    n = x.size
    tail = n % (32 // d.itemsize) if d in _RELU_TYPES else 0
    if (n < 4 * _ZERO_ROW or d not in _RELU_TYPES or not x.flags.c_contiguous
            or (out is not None and (not out.flags.c_contiguous or out.dtype != d
                                     or out.shape != x.shape))):
        if not tail:
            return np.maximum(x, np.zeros((), d), out=out)
        # (zero first: on a tie NumPy gives its second operand, so a -0 stays; then +0
        # added to the packets' values makes theirs +0 and leaves every other value)
        zero = _SCALAR_ZEROS[d]
        y = np.maximum(zero, x, out=out)
        if out is None or y.flags.c_contiguous:
            head = y.ravel()[:n - tail]
            np.add(head, zero, out=head)
        return y
    zeros = _ZEROS.get(d)
    if zeros is None:
        zeros = _ZEROS[d] = np.zeros(_ZERO_ROW, d)
        zeros.flags.writeable = False
    if out is None:
        out = np.empty(x.shape, d)
    src, dst = x.reshape(-1), out.reshape(-1)
    k = n // _ZERO_ROW * _ZERO_ROW
    rows = (k // _ZERO_ROW, _ZERO_ROW)
    np.maximum(src[:k].reshape(rows), zeros, out=dst[:k].reshape(rows))
    if k < n - tail:
        np.maximum(src[k:n - tail], zeros[:n - tail - k], out=dst[k:n - tail])
    if tail:  # (the scalar tail: zero first keeps a -0)
        np.maximum(zeros[:tail], src[n - tail:], out=dst[n - tail:])
    return out


def broadcast_copy(x: Any, shape: tuple) -> np.ndarray:
    """`np.broadcast_to(x, shape).copy()`, faster when the broadcast axes are followed by a
    short run of copied ones: NumPy's copy then calls its inner loop once per run (16
    elements for a (N, 1, 1, C) -> (N, H, W, C) pooling gradient, 3.6x slower than here).
    Here the innermost broadcast axis is repeated into the run first, and the copy's
    inner loop covers that longer row. The values are the same either way."""
    shape = tuple(shape)
    nd = len(shape)
    if x.ndim < nd:
        x = x.reshape((1,) * (nd - x.ndim) + x.shape)
    t = nd  # shape[t:]: the trailing axes x has in full
    while t > 0 and x.shape[t - 1] == shape[t - 1]:
        t -= 1
    r = t  # shape[r:t]: the broadcast axes right before them
    while r > 0 and x.shape[r - 1] == 1:
        r -= 1
    run, reps = math.prod(shape[t:]), math.prod(shape[r:t])
    if t == nd or t == r or run >= 256 or reps < 4 or math.prod(shape) < 1 << 15:
        # (the copy itself: broadcast_to's Python argument handling was 2 of the 2.2 us
        # that a reduction's gradient of 64 values took)
        out = np.empty(shape, x.dtype)
        np.copyto(out, x)
        return out
    m = shape[t - 1]
    row = np.repeat(x.reshape(x.shape[:r] + (1, run)), m, axis=-2)  # (..., m, run)
    out = np.empty(shape, x.dtype)
    out.reshape(shape[:r] + (reps // m, m * run))[...] = row.reshape(x.shape[:r] + (1, m * run))
    return out


def multiply_broadcast(out: Any, g: Any) -> Any:
    """`out *= g` for a contiguous `out` and a `g` of its rank that broadcasts to it, faster
    when g's broadcast axes are followed by a short run of full ones: NumPy's multiply then
    calls its inner loop once per run (16 values for a (N, 1, 1, C) gradient over (N, H, W,
    C) activations: a ReLU's gradient after a global pooling, 2x slower than here). Here g
    is repeated along the innermost broadcast axis first, and the loop covers that longer
    row. Every value is multiplied by the same factor either way."""
    shape, nd = out.shape, out.ndim
    t = nd  # shape[t:]: the trailing axes g has in full
    while t > 0 and g.ndim == nd and g.shape[t - 1] == shape[t - 1]:
        t -= 1
    run = math.prod(shape[t:])
    if (g.ndim != nd or t in (0, nd) or g.shape[t - 1] != 1 or run >= 256
            or shape[t - 1] < 4 or out.size < 1 << 15 or not out.flags.c_contiguous):
        return np.multiply(out, g, out=out)
    m = shape[t - 1]
    row = np.tile(g.reshape(g.shape[:t - 1] + (run,)), m)  # (..., m * run)
    np.multiply(out.reshape(shape[:t - 1] + (m * run,)), row,
                out=out.reshape(shape[:t - 1] + (m * run,)))
    return out


# ---------------------------------------------------------------------------------------
# Helper threads.
# ---------------------------------------------------------------------------------------

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
            cores = max_parallelism()
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


# The intra-op thread count set by tf.config.threading (0: the machine's)
_INTRA_OP = [0]


def intra_op_threads() -> int:
    """Threads in TF's intra-op pool, which its CPU kernels split work among (Eigen's
    ThreadPoolDevice): the count set by set_intra_op_parallelism_threads, else as many as
    the process's CPU affinity allows (TF's port::MaxParallelism). Some results depend on
    it: a whole-tensor sum is cut into one block per thread (eigen_sum.full_sum)."""
    return _INTRA_OP[0] if _INTRA_OP[0] > 0 else max_parallelism()


def max_parallelism() -> int:
    """The cores this process may run on (TF's port::MaxParallelism, NumSchedulableCPUs:
    its CPU affinity mask, not the machine's count); tf.data sizes what it autotunes by it."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def set_intra_op_threads(n: int) -> None:
    """At most `n` threads per kernel, its helpers and OpenBLAS's (TF's intra-op
    parallelism); 0 gives back the machine's default."""
    _INTRA_OP[0] = max(n, 0)
    with _POOL.lock:
        if _POOL.executor is not None:
            _POOL.executor.shutdown(wait=False)  # its idle threads exit
        _POOL.executor = None
        _POOL.size = min(n, MAX_WORKERS) if n > 0 else -1
    _THREADS.cap(n)


def lanes(macs: int, blocks: int) -> int:
    """Into how many lanes (threads, when they run in parallel) a kernel of `macs`
    multiply-adds in `blocks` blocks is split. Fixed for a given machine and kernel
    size, so that a kernel summing its lanes' partial results always sums in the same
    order; `run` decides whether the lanes really run side by side."""
    if macs < MIN_MACS or blocks < 2:
        return 1
    return min(_POOL.workers(), blocks)


def _side_by_side() -> bool:
    """Whether helper threads pay now: a core is idle (the load test above) and
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

# ---------------------------------------------------------------------------------------
# Scratch buffers.
# ---------------------------------------------------------------------------------------

class _Workspace(threading.local):
    """Per-thread scratch buffers (by name) for temporaries, reused across calls.

    A fresh 10 MB array per convolution means fresh pages from the OS and a page fault
    on every 4 KB of them; reusing buffers keeps those pages mapped. Only buffers up to
    KEEP bytes are kept between calls; nothing handed out here ever leaves a kernel.
    """

    KEEP = 32 * 1024 * 1024

    def __init__(self) -> None:
        self.bufs: dict = {}


_WORKSPACE = _Workspace()


def scratch(name: str, shape: tuple, dtype: Any) -> Any:
    """An uninitialized temporary array from the named per-thread buffer."""
    dtype = np.dtype(dtype)
    nbytes = math.prod(shape) * dtype.itemsize
    if too_big(nbytes):  # bind turns this into ResourceExhaustedError naming the op
        raise MemoryError(f"a {nbytes}-byte {name} workspace")
    if nbytes > _Workspace.KEEP:
        return np.empty(shape, dtype)
    buf = _WORKSPACE.bufs.get(name)
    if buf is None or buf.size < nbytes:
        buf = _WORKSPACE.bufs[name] = np.empty(nbytes, np.uint8)
    return buf[:nbytes].view(dtype).reshape(shape)


# ---------------------------------------------------------------------------------------
# Memory.
# ---------------------------------------------------------------------------------------

_SMALL = 64 << 20  # below this, never worth a look at the machine's memory
# A fixed limit in bytes (tests lower it to prove that big requests are refused before
# allocating); empty: what the machine and the process's RLIMIT_AS allow right now.
MEM_LIMIT: list = []


def too_big(nbytes: int) -> bool:
    """Whether an allocation of `nbytes` would pass the memory limit. Requests below
    _SMALL skip the look at /proc (a file read per call) unless a test set a limit."""
    if MEM_LIMIT:
        return nbytes > MEM_LIMIT[0]
    return nbytes > _SMALL and nbytes > memory_limit()


def memory_limit() -> int:
    """What the machine and the process's RLIMIT_AS allow right now (see too_big)."""
    limit = 1 << 62
    try:
        with open("/proc/meminfo", "rb") as f:  # MemAvailable: what can be had without swap
            for line in f:
                if line.startswith(b"MemAvailable:"):
                    limit = int(line.split()[1]) * 1024
                    break
    except OSError:  # pragma: no cover - not Linux
        try:
            limit = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
        except (ValueError, OSError, AttributeError):
            pass
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_AS)[0]
        if soft != resource.RLIM_INFINITY:  # the address space left under `ulimit -v`
            with open("/proc/self/statm", "rb") as f:
                used = int(f.read().split()[0]) * resource.getpagesize()
            limit = min(limit, max(soft - used, 0))
    except (ImportError, OSError, ValueError):  # pragma: no cover - non-POSIX
        pass
    return limit


# ---------------------------------------------------------------------------------------
# SciPy (optional).
# ---------------------------------------------------------------------------------------

_SCIPY: dict = {}


def scipy_special() -> Any:
    """scipy.special, or None without SciPy; imported on first use, not at import
    (import eagerflow stays fast)."""
    if "mod" not in _SCIPY:
        try:
            import scipy.special as sp
        except ImportError:
            sp = None
        _SCIPY["mod"] = sp
    return _SCIPY["mod"]


# ---------------------------------------------------------------------------------------
# The C library's float functions.
# ---------------------------------------------------------------------------------------

_LIBC: list = []


def _libc() -> Any:
    """The running process's C library (Python links libm), loaded once; None if not."""
    if not _LIBC:
        try:
            _LIBC.append(ctypes.CDLL(None))
        except OSError:
            _LIBC.append(None)
    return _LIBC[0]


def c_float_function(name: str) -> Callable[[float], float] | None:
    """The process's C library function `name` of one float (`cosf`, `expf`, ...) called
    through ctypes, or None where the library has none. TF's CPU kernels call these for
    the float32 values outside Eigen's packets, so its results are this machine's."""
    fn = getattr(_libc(), name, None)
    if fn is not None:
        fn.restype = ctypes.c_float
        fn.argtypes = [ctypes.c_float]
    return fn


def glibc_version() -> tuple | None:
    """The process's glibc version, (2, 36), or None under another C library: which
    algorithms its math functions run (2.42 made several correctly rounded)."""
    fn = getattr(_libc(), "gnu_get_libc_version", None)
    if fn is None:
        return None
    fn.restype = ctypes.c_char_p
    try:
        return tuple(int(v) for v in fn().decode().split(".")[:2])
    except ValueError:
        return None


def c_double_function(name: str) -> Callable[[float], float] | None:
    """The C library's function `name` of one double (`exp`, `lgamma`, ...), as
    c_float_function (its own function object: the library's symbol keeps its types)."""
    lib = _libc()
    if getattr(lib, name, None) is None:
        return None
    fn = lib[name]
    fn.restype = ctypes.c_double
    fn.argtypes = [ctypes.c_double]
    return fn

# NumPy's float64 log is its own SIMD code (it rounds ~0.35% of uniforms differently from
# the C library's), except where its loop reads the input backwards into a forward
# output: that loop calls the C library's log value by value (measured, NumPy 2.4 on
# x86-64: bit for bit math.log on 12M doubles, 3.8 ns a value against the SIMD's 1.1).
# Whether this NumPy does so is probed once, on doubles where the two logs differ.
_C_LOG: list = []
_C_LOG_PROBE = 1 << 14  # the probe's doubles: the SIMD log differs on ~50 of them


def _c_log_probe() -> bool:
    rng = np.random.default_rng(0)
    x = np.concatenate([rng.integers(1, 1 << 52, _C_LOG_PROBE) * 2.0**-52,
                        np.exp(rng.uniform(-700, 700, _C_LOG_PROBE))])
    want = np.fromiter(map(math.log, x.tolist()), np.float64, x.size)
    got = np.empty_like(x)
    np.log(x[::-1], out=got)
    return bool((got[::-1].view(np.uint64) == want.view(np.uint64)).all())


def c_log(x: np.ndarray) -> np.ndarray | None:
    """The C library's log of a 1-D float64 array, in reverse order (its log of x[::-1],
    a fresh contiguous array: read it backwards), or None where NumPy calls its own."""
    if not _C_LOG:
        _C_LOG.append(_c_log_probe())
    if not _C_LOG[0]:
        return None
    out = np.empty_like(x)
    with np.errstate(all="ignore"):
        np.log(x[::-1], out=out)
    return out
