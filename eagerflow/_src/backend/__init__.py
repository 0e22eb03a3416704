"""Array backends: what kernels run on (the bottom layer, beside core; imports no other
eagerflow package).

A kernel is math over `xp`, the array module of the device its op runs on: NumPy on
CPU (backend/numpy.py), CuPy on CUDA GPUs (backend/cupy.py, imported only when a GPU
is looked for), or the strict stand-in (backend/strict.py), whose arrays refuse to turn
into NumPy arrays as CuPy's do, so that CI catches a kernel that slips out of `xp`.

A `Backend` is one array module and what the device layer (core/device.py) needs to
place data on it: copies in and out, making a device current, memory figures. Kernels
never hold a Backend: they call the `xp`-taking helpers at the bottom of this module
(`matmul`, `scratch`, `lanes`, ...), which pick the backend by its array module, with
NumPy's case first and cheapest.
"""

from __future__ import annotations

import contextlib
import functools
import math
import threading
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from eagerflow._src.backend import cupy_gaps, ml_types
from eagerflow._src.backend import numpy as cpu


def __getattr__(name: str) -> Any:
    # BFLOAT16, the device backends' name for ml_dtypes' bfloat16 (None without it): read
    # when they load, not by `import eagerflow` (backend/ml_types.py)
    if name == "BFLOAT16":
        return ml_types.numpy_type("bfloat16")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# tf.config.experimental's switches that choose among a GPU's kernels, kept in the layer
# that runs them (core/runtime_options.py sets them; read at each call): whether float32
# matrix products and convolutions may run in TensorFloat-32 (TF's default: they may, on
# GPUs from Ampere on), and op determinism (no engine that adds in a varying order).
MATH = {"tf32": True, "deterministic": False}
TF32_CAPABILITY = 80  # (TensorFloat-32 needs an Ampere GPU or later: sm_80)


def math_switches() -> tuple:
    """(TensorFloat-32 allowed, op determinism): what rules cuDNN's engines out
    (backend/cudnn.py excluded_notes) and what a CUDA graph's kernels were captured
    under (graph/device_program.py)."""
    return MATH["tf32"], MATH["deterministic"]


class Backend:
    """An array module as a device kind. This base class is NumPy's (CPU); GPU backends
    override what differs. `index` arguments are physical device numbers."""

    name = "numpy"
    device_type = "CPU"
    array_type: type = np.ndarray

    def __init__(self, xp: Any = np) -> None:
        self.xp = xp

    def device_count(self) -> int:
        return 1

    def activate(self, index: int) -> None:
        """Makes device `index` the one this thread's kernels run on."""

    def holds(self, arr: Any, index: int) -> bool:
        """Whether `arr` is an array of this backend on device `index` (usable as is)."""
        return type(arr) is np.ndarray

    def to_device(self, arr: Any, index: int) -> Any:
        """`arr` (a host or any backend's array) copied onto device `index`."""
        return to_host(arr)

    def result(self, out: Any, index: int) -> Any:
        """A kernel's result as an array of this device (kernels may return scalars)."""
        return out if type(out) is np.ndarray else np.asarray(out)

    def too_big(self, nbytes: int) -> bool:
        """Whether allocating `nbytes` on this device would fail (checked before it)."""
        return cpu.too_big(nbytes)

    def memory_info(self, index: int) -> dict:
        """tf.config.experimental.get_memory_info: bytes in use now and at most."""
        return {"current": 0, "peak": 0}

    def reset_memory_stats(self, index: int) -> None:
        """tf.config.experimental.reset_memory_stats: the peak starts again from now."""

    def device_details(self, index: int) -> dict:
        """tf.config.experimental.get_device_details of a GPU: its name and compute
        capability, where the backend knows them."""
        return {}

    def set_memory_growth(self, index: int, enable: bool) -> None:
        """tf.config.experimental.set_memory_growth (allocate as needed, not all at once)."""

    def synchronize(self, index: int) -> None:
        """Waits for the kernels queued on device `index` (timing, host reads)."""

    def special(self) -> Any:
        """SciPy's special functions for this backend's arrays (scipy.special on CPU),
        or None when they are not installed."""
        return cpu.scipy_special()

    # kernel helpers (see the module functions of the same names)
    def matmul(self, a: Any, b: Any, out: Any = None, tf32: bool = False) -> Any:
        return cpu.matmul(a, b, out)

    def product_scope(self, macs: int) -> Any:
        return cpu.product_scope(macs)

    def scratch(self, name: str, shape: tuple, dtype: Any) -> Any:
        return cpu.scratch(name, shape, dtype)

    def lanes(self, macs: int, blocks: int) -> int:
        return cpu.lanes(macs, blocks)

    def block_bytes(self, cache_sized: int) -> int:
        return cache_sized

    def run(self, fn: Callable[[Any], Any], items: Sequence, workers: int) -> list:
        return cpu.run(fn, items, workers)

    def select(self, hit: Any, values: Any, out: Any = None) -> Any:
        return cpu.select(hit, values, out)

    def set_memory_limit(self, index: int, nbytes: int) -> None:
        """A logical device configuration's memory_limit (GPUs)."""

    def linalg_errors(self) -> Any:
        """A scope where `xp.linalg` raises LinAlgError for a singular (or not positive
        definite) matrix, as NumPy always does."""
        return contextlib.nullcontext()

    def conv_engine(self, dtype: Any, rank: int, groups: int) -> Any:
        """A library convolution (backend/cudnn.py's Engine) for this device, or None:
        im2col plus matmul."""
        return None


# The largest product a CUDA graph captures (DeviceBackend.captured_product): its kernel
# is a plain reduction, no cuBLAS tiling, so a large product would cost the device more
# than the launches a graph saves the host.
CAPTURED_PRODUCT_MACS = 1 << 26


def _chunk(depth: int) -> int:
    """The length of the chunks a captured product sums a long inner dimension in: the
    largest power of two up to 1024 that divides it, or 0 (sums of under 8192 terms, or
    of no such chunk of 64 terms at least, in one go)."""
    chunk = min(depth & -depth, 1024)
    return chunk if depth >= 8192 and chunk >= 64 else 0


def _in_float32(product: Callable, a: Any, b: Any, out: Any) -> Any:
    """`product` of two half-precision arrays (float16, bfloat16) over their float32
    values, rounded once to their type (into `out` when given)."""
    res = product(a.astype(np.float32), b.astype(np.float32))
    if out is None:
        return res.astype(a.dtype)
    out[...] = res
    return out


# NVRTC contracts `a * b + c` into one fused multiply-add by default (one rounding, not
# two): the kernels' C would then round otherwise than the same ops on the CPU (a 1-ulp
# difference, read on an H200), and otherwise than the stand-in, which rounds each op
NO_FMA = ("--fmad=false",)


class DeviceBackend(Backend):
    """What GPU backends share: the device owns its work, so kernels' products, scratch
    buffers and block splitting are plain array calls (no host thread policy)."""

    device_type = "GPU"
    # Whether its arrays hold bfloat16 (CuPy 14 does where ml_dtypes is installed; before,
    # bfloat16 data lives on the host and its ops run on CPU by soft placement)
    holds_bfloat16 = False

    def __init__(self, xp: Any) -> None:
        super().__init__(cupy_gaps.filled(
            xp, ml_types.numpy_type("bfloat16") if self.holds_bfloat16 else None))
        self.ones_made: dict = {}
        self.tables: dict = {}
        self.kernels: dict = {}  # source -> the backend's compiled kernel
        self.lock = threading.Lock()
        self.capabilities: dict = {}
        self.sm_counts: dict = {}

    def capability(self, index: int) -> int:
        """Device `index`'s CUDA compute capability as a number (90: sm_90)."""
        raise NotImplementedError

    def multiprocessors(self, index: int) -> int:
        """Device `index`'s count of streaming multiprocessors, by which TF's launch
        configurations size a kernel's grid (GetGpuLaunchConfig)."""
        raise NotImplementedError

    def set_tf32(self, on: bool) -> None:
        """Makes the calling thread's float32 and complex64 library products on the
        current device run in TensorFloat-32 (on) or in full precision."""
        raise NotImplementedError

    def has_tf32(self) -> bool:
        index = self.current()
        cc = self.capabilities.get(index)
        if cc is None:
            cc = self.capabilities[index] = self.capability(index)
        return cc >= TF32_CAPABILITY

    def single(self, tf32: bool, run: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """`run(*args, **kwargs)` (cuBLAS calls on float32 or complex64 data), in
        TensorFloat-32 where `tf32` (a product TF runs in TF32: MatMul, BatchMatMul, Einsum,
        a convolution's), the switch and the device allow it, else in full precision (every
        other product: sums as products with ones, batch norm's means). Full precision is
        put back after each TF32 call, so a library call made anywhere else never takes
        TF32. (The call's arguments, not a closure: a product is made on every eager
        MatMul on a GPU.)"""
        if not (tf32 and MATH["tf32"] and self.has_tf32()):
            return run(*args, **kwargs)
        self.set_tf32(True)
        try:
            return run(*args, **kwargs)
        finally:
            self.set_tf32(False)

    def matmul(self, a: Any, b: Any, out: Any = None, tf32: bool = False) -> Any:
        if self.captures and a.dtype.kind in "fcV" and self.capturing():
            return self.captured_product(a, b, out, tf32)
        mm = self.xp.matmul
        if tf32 and (a.dtype.char in "fF" or b.dtype.char in "fF"):  # (what TF32 can reach)
            return self.single(tf32, mm, a, b) if out is None else \
                self.single(tf32, mm, a, b, out=out)
        # (full precision: what `single` runs as it is, the switch left as it is)
        return mm(a, b) if out is None else mm(a, b, out=out)

    def captured_product(self, a: Any, b: Any, out: Any = None, tf32: bool = False) -> Any:
        """`matmul(a, b)` for a CUDA graph being captured: by cuBLAS on a handle of
        eagerflow's own (captured_blas: CuPy 14 refuses to bind its handle to a capturing
        stream), TF32 as the eager product takes it; else, where the backend has no such
        handle or product, as one reduction kernel over the broadcast operands (each
        output a sum over K of a[..., m, k] * b[..., k, n]), fine for the small products
        of a step bound by its launches. A product of more than CAPTURED_PRODUCT_MACS,
        or of other dtypes, raises NotImplementedError there, as a refused capture does,
        and its function keeps the ordinary path. Half types (float16, bfloat16) are
        multiplied and added in float32 and rounded once, as cuBLAS's half GEMMs with
        float32 accumulation give them."""
        blas = self.captured_blas()
        if blas is not None:
            res = blas.product(self.xp, self.current(), self.stream_ptr(), a, b,
                               tf32 and MATH["tf32"] and self.has_tf32())
            if res is not None:
                if out is None:
                    return res
                out[...] = res
                return out
        return self.kernel_product(a, b, out)

    def captured_blas(self) -> Any:
        """The backend's captured_blas.CapturedBlas, or None where it has none."""
        return None

    def stream_ptr(self) -> int:
        """The calling thread's current stream (its CUDA handle)."""
        raise NotImplementedError

    def lu_factor(self, a: Any) -> tuple:
        """cuSOLVER's getrf of a batch of square matrices (see `lu_factor` below)."""
        raise NotImplementedError

    def gtsv(self, dl: Any, d: Any, du: Any, b: Any, pivoting: bool) -> Any:
        """cuSPARSE's gtsv2 of a batch of tridiagonal systems (see `gtsv` below)."""
        raise NotImplementedError

    def kernel_product(self, a: Any, b: Any, out: Any = None) -> Any:
        """captured_product's reduction kernel (see there)."""
        if a.dtype == b.dtype and a.dtype.itemsize == 2 and a.dtype.kind in "fV":
            return _in_float32(self.kernel_product, a, b, out)
        if a.dtype != b.dtype or a.dtype not in (np.float32, np.float64):
            raise NotImplementedError(f"a {a.dtype} x {b.dtype} product has no kernel "
                                      "that a CUDA graph captures")
        a2 = a[None, :] if a.ndim == 1 else a
        b2 = b[:, None] if b.ndim == 1 else b
        batch = np.broadcast_shapes(a2.shape[:-2], b2.shape[:-2])
        macs = math.prod(batch) * a2.shape[-2] * a2.shape[-1] * b2.shape[-1]
        if macs > CAPTURED_PRODUCT_MACS:
            raise NotImplementedError(f"a product of {macs} multiply-adds is too large for "
                                      "the kernel a CUDA graph captures")
        k = self.reduction("T a, T b", "T c", "a * b", "a + b", "c = a", "0",
                           "eagerflow_captured_product")
        depth, chunk = a2.shape[-1], _chunk(a2.shape[-1])
        if chunk and a2.ndim == 2 and b2.ndim == 2:
            # A long sum into few outputs (a bias gradient's, over every pixel) would give
            # each output one block of the device: summed in chunks, then the chunks.
            m, n, parts = a2.shape[0], b2.shape[1], depth // chunk
            pa = a2.reshape(m, parts, chunk).transpose(1, 0, 2)
            res = k(pa[..., :, :, None], b2.reshape(parts, chunk, n)[:, None, :, :],
                    axis=-2).sum(axis=0)
        else:
            res = k(a2[..., :, :, None], b2[..., None, :, :], axis=-2)
        if a.ndim == 1:
            res = res[..., 0, :]
        if b.ndim == 1:
            res = res[..., 0]
        if out is None:
            return res
        out[...] = res
        return out

    def product_scope(self, macs: int) -> Any:
        return contextlib.nullcontext()

    def ones(self, n: int, dtype: Any) -> Any:
        """A vector of n ones on the current device, made once per device, length and
        dtype and never written (sum_run's: a launch to fill it saved on every sum)."""
        if self.capturing():  # (a captured fill runs only when its graph replays)
            return self.xp.ones(n, dtype)
        key = (self.current(), n, np.dtype(dtype))
        found = self.ones_made.get(key)
        if found is None:
            if len(self.ones_made) >= 64:
                self.ones_made.clear()
            found = self.ones_made[key] = self.xp.ones(n, dtype)
        return found

    def table(self, host: np.ndarray) -> Any:
        """A constant host array (never written: a module's, or one a cache keeps) on the
        current device, copied once per device: a kernel's lookup table, which a copy per
        call would send over again each time."""
        if self.capturing():  # (a captured copy runs only when its graph replays)
            return self.xp.asarray(host)
        key = (self.current(), id(host))
        found = self.tables.get(key)
        if found is None or found[0] is not host:  # (the host array kept: its id not reused)
            if len(self.tables) >= 256:  # (a cache of geometries' tables: kept small)
                self.tables.clear()
            found = self.tables[key] = (host, self.xp.asarray(host))
        return found[1]

    def current(self) -> int:
        """The index of the current device."""
        raise NotImplementedError

    def capturing(self) -> bool:
        """Whether this thread's work is being captured into a CUDA graph."""
        raise NotImplementedError

    # -- kernels from CUDA C source: tf.function's fused groups, the ops' own ----------
    def elementwise(self, in_params: str, out_params: str, body: str, name: str,
                    preamble: str = "") -> Any:
        """The elementwise kernel of this source (xp.ElementwiseKernel), made once: CuPy
        compiles it per device and argument types at its first launch (and keeps the
        binary on disk); the stand-in reads its C at its first call."""
        key = ("e", in_params, out_params, body, name, preamble)
        k = self.kernels.get(key)
        if k is None:
            with self.lock:
                k = self.kernels[key] = self.xp.ElementwiseKernel(
                    in_params, out_params, body, name, preamble=preamble, options=NO_FMA)
        return k

    def elementwise_group(self, sources: tuple) -> tuple:
        """The elementwise kernels of several sources ((in_params, out_params, body, name)
        each), kept as one group under `sources` itself: one lookup for a kernel's
        launches (batch norm's three)."""
        found = self.kernels.get(sources)
        if found is None:
            found = tuple(self.elementwise(*source) for source in sources)
            with self.lock:
                self.kernels[sources] = found
        return found

    def reduction(self, in_params: str, out_params: str, map_expr: str, reduce_expr: str,
                  post_map_expr: str, identity: str, name: str, preamble: str = "") -> Any:
        """The map-then-reduce kernel of this source (xp.ReductionKernel), made once."""
        key = ("r", in_params, out_params, map_expr, reduce_expr, post_map_expr, identity,
               name, preamble)
        k = self.kernels.get(key)
        if k is None:
            with self.lock:
                k = self.kernels[key] = self.xp.ReductionKernel(
                    in_params, out_params, map_expr, reduce_expr, post_map_expr, identity,
                    name, preamble=preamble, options=NO_FMA)
        return k

    def launch(self, source: dict, arrays: list) -> Any:
        """Runs a fused kernel of tf.function (graph/fusion.py's `Group.source`)."""
        if source["kind"] == "elementwise":
            return self.elementwise(source["in_params"], source["out_params"],
                                    source["operation"], source["name"],
                                    source["preamble"])(*arrays)
        kernel = self.reduction(source["in_params"], source["out_params"], source["map_expr"],
                                source["reduce_expr"], source["post_map_expr"],
                                source["identity"], source["name"], source["preamble"])
        return kernel(*arrays, axis=source["axis"], keepdims=source["keepdims"])

    def scratch(self, name: str, shape: tuple, dtype: Any) -> Any:
        nbytes = math.prod(shape) * np.dtype(dtype).itemsize
        if self.too_big(nbytes):  # bind turns this into ResourceExhaustedError naming the op
            raise MemoryError(f"a {nbytes}-byte {name} workspace")
        return self.xp.empty(shape, dtype)

    def lanes(self, macs: int, blocks: int) -> int:
        return 1

    def block_bytes(self, cache_sized: int) -> int:
        return min(1 << 30, cache_sized << 10)  # few large launches, at most 1 GiB each

    def run(self, fn: Callable[[Any], Any], items: Sequence, workers: int) -> list:
        return [fn(it) for it in items]

    def select(self, hit: Any, values: Any, out: Any = None) -> Any:
        picked = self.xp.where(hit, values, 0)
        if out is None:
            return picked
        out[...] = picked
        return out

    # -- CUDA graphs: CuPy's API (cupy.cuda.Stream's capture, cupy.cuda.Graph) -----------
    cuda: Any = None  # the module holding Stream and Graph (cupy.cuda, or the stand-in's)
    captures = 0  # captures under way (capture() below): products then avoid cuBLAS

    def capturing_now(self) -> bool:
        """capturing(), asked of the stream only while some capture is under way (the
        count is read for free: a call made outside any capture costs no driver call)."""
        return self.captures > 0 and self.capturing()

    def capture_allocations(self) -> Any:
        """A scope whose allocations come from memory of their own, kept while the object
        it yields lives (a captured graph writes into those buffers on every replay)."""
        return contextlib.nullcontext(None)

    def capture(self, run: Callable[[], Any]) -> tuple:
        """(graph, run()'s result, what to keep with the graph: its buffers' pool and the
        cuBLAS handle whose workspace its products use): `run` captured into a CUDA graph
        on a stream of its own on the current device, nothing of it run yet (the result's
        arrays are filled by each launch). Raises what the backend refuses while
        capturing (host transfers, say); the capture is ended either way."""
        stream = self.cuda.Stream(non_blocking=True)
        blas = self.captured_blas()
        handle = None  # (cublasCreate and setStream are refused while capturing)
        if blas is not None:
            handle = blas.prepare(self.xp, self.current(), stream.ptr)
        with self.capture_allocations() as pool, stream:
            stream.begin_capture()
            self.captures += 1
            try:
                out = run()
            except BaseException:
                with contextlib.suppress(Exception):  # (an invalidated capture: no graph)
                    stream.end_capture()
                raise
            finally:
                self.captures -= 1
            graph = stream.end_capture()
        return graph, out, (pool, handle)


NUMPY = Backend()
_BY_XP: dict = {id(np): NUMPY}


ARRAY_TYPES: set = {np.ndarray}  # every registered backend's array type


def register(backend: Backend) -> Backend:
    """Makes `backend` known by its array module (for the kernel helpers below), also by
    the module a device backend's fills (cupy_gaps.py)."""
    _BY_XP[id(backend.xp)] = backend
    _BY_XP[id(getattr(backend.xp, "module", backend.xp))] = backend
    ARRAY_TYPES.add(backend.array_type)
    return backend


def is_scalar(value: Any) -> bool:
    """A Python or NumPy number (what a kernel may return instead of a 0-d array)."""
    return isinstance(value, (int, float, complex, np.generic))


def of(xp: Any) -> Backend:
    """The backend whose array module is `xp`."""
    return _BY_XP[id(xp)]


def special(xp: Any) -> Any:
    """The special functions (erf, gammaln, digamma, zeta, ...) over `xp`'s arrays:
    scipy.special, CuPy's cupyx.scipy.special, or None without them."""
    return _BY_XP[id(xp)].special()


# The C library's float functions on the host (None where it has none), as TF's CPU
# kernels call them past Eigen's packets (ops/libm32.py)
c_float_function = cpu.c_float_function
c_double_function = cpu.c_double_function
c_log = cpu.c_log  # (the C library's log of doubles, at NumPy's speed)
glibc_version = cpu.glibc_version
ELEMENTWISE_BLOCK = cpu.ELEMENTWISE_BLOCK
RECIPROCAL_PACKETS_MAX, RSQRT_PACKETS_MAX = cpu.RECIPROCAL_PACKETS_MAX, cpu.RSQRT_PACKETS_MAX
FEW_ZERO_RESULTS = cpu.FEW_ZERO_RESULTS
SEGMENT_LENGTH_GROUPS = cpu.SEGMENT_LENGTH_GROUPS
EXACT_BIAS_GRAD_ROWS = cpu.EXACT_BIAS_GRAD_ROWS
REDUCE_STEP_BYTES = cpu.REDUCE_STEP_BYTES
REDUCE_LOOP_BYTES = cpu.REDUCE_LOOP_BYTES
REDUCE_STREAMS = cpu.REDUCE_STREAMS
intra_op_threads = cpu.intra_op_threads  # (TF's intra-op pool: Eigen's shards)
max_parallelism = cpu.max_parallelism  # (TF's schedulable cores)
# segments' rows folded in order, a rank step at a time (eigen_reduce's segment sums)
fold_rows, rank_steps = cpu.fold_rows, cpu.rank_steps


def linalg_errors(xp: Any) -> Any:
    """A scope where `xp.linalg` raises numpy.linalg.LinAlgError for a singular or not
    positive definite matrix (NumPy always does; CuPy only when asked)."""
    if xp is np:
        return contextlib.nullcontext()
    return _BY_XP[id(xp)].linalg_errors()


def lu_factor(xp: Any, a: Any) -> tuple:
    """LU factorizations of a batch of square matrices (..., n, n) on `xp`'s device, a GPU,
    by cuSOLVER's getrf: (lu, pivots), L's multipliers below U's diagonal packed in one
    matrix, and at step k row k swapped with row pivots[..., k] (0-based, int32). A
    singular matrix is factored all the same, an exact zero left on U's diagonal."""
    return _BY_XP[id(xp)].lu_factor(a)


def gtsv(xp: Any, dl: Any, d: Any, du: Any, b: Any, pivoting: bool) -> Any:
    """The solutions x (batch, m, k) of a batch of tridiagonal systems T x = b on `xp`'s
    device, a GPU, by cuSPARSE's gtsv2 (with partial pivoting) or gtsv2_nopivot: dl, d,
    du (batch, m), m >= 3, the sub-, main and superdiagonals (dl[:, 0] and du[:, -1]
    unused), b (batch, m, k). No error for a singular system: its solution holds the
    infs and NaNs the division by a zero pivot left."""
    return _BY_XP[id(xp)].gtsv(dl, d, du, b, pivoting)


def multiprocessors(xp: Any) -> int:
    """The streaming multiprocessors of `xp`'s current device, a GPU (asked once a
    device)."""
    backend = _BY_XP[id(xp)]
    index = backend.current()
    count = backend.sm_counts.get(index)
    if count is None:
        count = backend.sm_counts[index] = backend.multiprocessors(index)
    return count


def to_host(arr: Any) -> np.ndarray:
    """Any backend's array (or a scalar) as a NumPy array: a copy for device arrays."""
    if type(arr) is np.ndarray:
        return arr
    get = getattr(arr, "get", None)  # CuPy's and the stand-in's explicit device-to-host copy
    return get() if get is not None else np.asarray(arr)


def onto(xp: Any, arr: Any) -> Any:
    """Any backend's array as an array of `xp`: a copy where it lives elsewhere (a
    TensorList's item, made on one device and read by a kernel of another)."""
    return to_host(arr) if xp is np else xp.asarray(arr)


# ---------------------------------------------------------------------------------------
# Kernel helpers: machine tuning behind one call, picked by the kernel's `xp`.
# ---------------------------------------------------------------------------------------

SMALL_MACS = cpu.SMALL_MACS  # products below this run on one BLAS thread by themselves


# The dtypes CuPy 14's atomic add (what `cupy.add.at` runs) takes; it refuses the others
# with TypeError (cupy/_core/_routines_indexing.pyx). Narrower integers are added in the
# 32-bit type of their signedness, whose wrapped sum truncates to theirs exactly, and
# bfloat16 in float32.
ATOMIC_ADD = ("int32", "int64", "float16", "float32", "float64", "uint32", "uint64")
_WIDER = {"i": np.int32, "u": np.uint32, "V": np.float32}


def add_at(xp: Any, out: Any, index: Any, values: Any) -> None:
    """`xp.add.at(out, index, values)`: `values` added into `out` at `index`, unbuffered
    (a repeated index adds each), in place. NumPy's adds in order; on a GPU, CuPy's
    atomic kernel in any order, a complex number as its two parts, an integer narrower
    than 32 bits in a 32-bit copy, bfloat16 in a float32 copy; floats under op
    determinism in a fixed order (_add_in_order)."""
    if xp is np:
        if cpu.add_rows_fits(out, index, values):
            cpu.add_rows(out, index, values)  # (whole rows: the same adds, faster)
        else:
            np.add.at(out, index, values)
        return
    kind = out.dtype
    if MATH["deterministic"] and kind.kind in "fcV":
        _add_in_order(xp, out, index, values)
    elif kind.name in ATOMIC_ADD:
        xp.add.at(out, index, values)
    elif kind.kind == "c":
        add_at(xp, out.real, index, getattr(values, "real", values))
        add_at(xp, out.imag, index, getattr(values, "imag", 0))
    elif kind.kind in _WIDER:  # (bfloat16, kind "V": added in float32, rounded once)
        wide = _WIDER[kind.kind]
        acc = out.astype(wide)
        xp.add.at(acc, index, values.astype(wide) if hasattr(values, "astype") else values)
        out[...] = acc.astype(kind)
    else:
        xp.add.at(out, index, values)  # (CuPy's TypeError, as it words it)


def bincount(xp: Any, ids: Any, length: int) -> Any:
    """How many of `ids` (integers in [0, length)) are each of 0 .. length - 1, as int64s
    where they are: NumPy's bincount; on a GPU an atomic add, since CuPy's bincount reads
    its input's extremes back (a wait) and refuses an empty input."""
    if xp is np:
        return np.bincount(ids, minlength=length).astype(np.int64, copy=False)
    out = xp.zeros((length,), np.int64)
    add_at(xp, out, ids, 1)
    return out


_SUM_RUN_MIN = 1 << 13  # (elements: below, one reduction costs less than a product)
# (rows of a run after leading axes, a global pool's: below, a device's one reduction,
# whose outputs each sum few rows, costs less than a batch of products)
_DEVICE_BATCHED_MIN = 1 << 14
_HALF_ROWS_MIN = 1 << 16


def sum_run(xp: Any, x: Any, axes: tuple, keepdims: bool, on_cpu: bool = True,
            wide: bool = False) -> Any:
    """x summed over `axes` as one product with a vector of ones, when the axes are a run
    of adjacent axes stopping before the last one (a bias or batch norm gradient's
    (0, 1, 2) of NHWC, a global average pool's (1, 2)) and x is a large C-contiguous
    float32/float64 array; else None (and on CPU when `on_cpu` is False: a caller whose
    CPU results keep NumPy's own rounding).

    NumPy sums such axes one output row at a time (~15x slower than BLAS), and CuPy's one
    reduction gives each output to one block, whose threads read it a row apart: on an
    H200 18 ms for the (0, 1, 2) sum of a (64, 112, 112, 64) activation, 0.08 ms as a
    cuBLAS product (PyTorch's sum: 0.15 ms; benchmarks/gpu_reductions.py), and still
    0.2-0.3 ms for (64, 14, 14, 256) or (64, 7, 7, 512). A run after leading axes (a
    global pool's (1, 2)) is a batch of products only when long. BLAS's blocked
    accumulation rounds no worse than a running sum. On a device float16 and bfloat16
    (a mixed precision step's bias gradients) are summed in float32 and rounded once, as
    TF's GPU kernels add them (left in float32 where `wide`: a mean's quotient), where
    each output sums at least _HALF_ROWS_MIN rows (two conversions more than a float32
    product: a few rows a block cost a reduction less).
    """
    half = xp is not np and x.dtype in ml_types.HALF_TYPES
    if (not axes or x.size < _SUM_RUN_MIN or (x.dtype not in _RUN_DTYPES and not half)
            or (xp is np and not on_cpu) or not x.flags.c_contiguous):
        return None
    try:
        dims = _run_dims(x.shape, axes, keepdims)
    except TypeError:  # (axes in a list)
        dims = _run_dims(x.shape, tuple(axes), keepdims)
    if dims is None:
        return None
    pre, rows, shape = dims
    if pre and xp is not np and rows < _DEVICE_BATCHED_MIN:
        return None
    if half:
        if rows < _HALF_ROWS_MIN:
            return None
        s = sum_run(xp, x.astype(np.float32), axes, keepdims)
        return s if wide else s.astype(x.dtype)
    ones = xp.ones(rows, x.dtype) if xp is np else _BY_XP[id(xp)].ones(rows, x.dtype)
    if pre:
        s = matmul(xp, ones, x.reshape(math.prod(pre), rows, -1))
    else:  # (a vector-matrix product: one GEMV, not a batch of one)
        s = matmul(xp, ones, x.reshape(rows, -1))
    return s.reshape(shape)


def column_sums(xp: Any, x2: Any) -> Any:
    """`sum_run(xp, x2, (0,), False)` for a matrix x2 (rows, columns) of float32 or
    float64 (the caller's: a batch norm's activation as rows of channels), in a few
    bytecodes: the same product where sum_run makes one, else None (the same answer:
    its axes are a run before the last axis, and its dtype one of _RUN_DTYPES)."""
    if x2.size < _SUM_RUN_MIN or not x2.flags.c_contiguous:
        return None
    # (sum_run's product, its lines repeated: a call shared with it would cost every
    # other sum of a step one more)
    rows = x2.shape[0]
    if xp is np:
        return cpu.matmul(np.ones(rows, x2.dtype), x2, None)
    b = _BY_XP[id(xp)]  # (its product as `matmul` calls it: a sum, so no TF32)
    return b.matmul(b.ones(rows, x2.dtype), x2)


_RUN_DTYPES = (np.dtype(np.float32), np.dtype(np.float64))


def sums_as_product(shape: tuple, dtype: Any, axes: tuple) -> bool:
    """Whether sum_run sums a C-contiguous device array of `shape` (None for a size not
    known yet, taken as large) and `dtype` over `axes`: where a kernel of CuPy's reduction
    (a fused one, graph/fusion.py) would give each output one block and read it a row
    apart, 200 times slower (sum_run's note)."""
    if not axes or np.dtype(dtype) not in _RUN_DTYPES:
        return False
    known = None not in shape
    if known and math.prod(shape) < _SUM_RUN_MIN:
        return False
    dims = _run_dims(tuple(d or 1 for d in shape), tuple(sorted(a % len(shape) for a in axes)),
                     False)
    return dims is not None and not (known and dims[0] and dims[1] < _DEVICE_BATCHED_MIN)


@functools.lru_cache(maxsize=256)  # (a training step sums the same few shapes every step)
def _run_dims(shape: tuple, axes: tuple, keepdims: bool) -> tuple | None:
    """sum_run's (the leading axes' sizes, the rows summed, the result's shape) for an
    array of `shape`, or None where `axes` are not a run stopping before the last axis."""
    lo, hi = min(axes), max(axes) + 1
    if hi - lo != len(axes) or hi >= len(shape):
        return None
    pre, post = shape[:lo], shape[hi:]
    return pre, math.prod(shape[lo:hi]), \
        pre + (1,) * len(axes) + post if keepdims else pre + post


def _add_in_order(xp: Any, out: Any, index: Any, values: Any) -> None:
    """add_at of floats on a device under op determinism: the values sorted by where they
    land and summed in a fixed order (scatter_fold), not by atomic adds, whose order (and
    so the sum's rounding) changes from run to run; bfloat16 is summed in float32."""
    index = index if type(index) is tuple else (index,)
    k = len(index)
    index = xp.broadcast_arrays(*(xp.asarray(i) for i in index))
    # (negative indices count from the end, as add.at takes them)
    index = tuple(xp.where(i < 0, i + n, i) for i, n in zip(index, out.shape))
    rows = xp.broadcast_to(values, index[0].shape + out.shape[k:])
    acc = xp.ascontiguousarray(out, dtype=np.float32 if out.dtype.kind == "V" else None)
    scatter_fold(xp, "add", acc, index, rows)
    if acc is not out:
        out[...] = acc


def matmul(xp: Any, a: Any, b: Any, out: Any = None, tf32: bool = False) -> Any:
    """`xp.matmul(a, b)` (into `out` when given), with the backend's product policy;
    `tf32`: a product TF runs in TensorFloat-32 on a GPU that has it, when
    tf.config.experimental.enable_tensor_float_32_execution allows it (MatMul,
    BatchMatMul, a convolution's), not a sum or a mean computed as a product."""
    if xp is np:
        return cpu.matmul(a, b, out)
    return _BY_XP[id(xp)].matmul(a, b, out, tf32)


def matmul_rows(xp: Any, a: Any, b: Any, out: Any) -> Any:
    """`xp.matmul(a, b, out=out)` for a tall skinny a (M, K) and b (K, N) (an im2col
    block's product, in TF32 where allowed), in bands of rows where the CPU's BLAS runs
    those faster."""
    if xp is np:
        return cpu.matmul_rows(a, b, out)
    return _BY_XP[id(xp)].matmul(a, b, out, True)


def matmul_t_rows(xp: Any, a: Any, g: Any) -> Any:
    """`a.T @ g` for a tall a (M, K) and g (M, N) (a filter gradient's sum over an
    im2col block's rows, in TF32 where allowed), in bands of rows where the CPU's BLAS
    runs those faster."""
    if xp is np:
        return cpu.matmul_t_rows(a, g)
    return _BY_XP[id(xp)].matmul(a.T, g, None, True)


def tf32_products(xp: Any, run: Callable[[], Any]) -> Any:
    """`run()`, whose float32 products (an einsum's) are ones TF runs in TensorFloat-32
    where allowed (see `matmul`)."""
    if xp is np:
        return run()
    return _BY_XP[id(xp)].single(True, run)


def keep_temporaries(xp: Any) -> bool:
    """Whether a kernel keeps a large temporary for a later kernel (a convolution's im2col
    matrix for its filter gradient) instead of that kernel computing it again: on CPU
    not while other processes share the machine's caches (backend/numpy.py
    caches_shared); always on a device."""
    if xp is np:
        return not cpu.caches_shared()
    return True


def product_scope(xp: Any, macs: int) -> Any:
    """A scope for a run of products of at most `macs` multiply-adds each (a blocked
    kernel's), which inside call `xp.matmul` directly."""
    if xp is np:
        return cpu.product_scope(macs)
    return _BY_XP[id(xp)].product_scope(macs)


def table(xp: Any, host: np.ndarray) -> Any:
    """`host`, a module's constant array that no kernel writes, as an array of `xp` (on a
    device: copied there once, see DeviceBackend.table)."""
    if xp is np:
        return host
    return _BY_XP[id(xp)].table(host)


def scratch(xp: Any, name: str, shape: tuple, dtype: Any) -> Any:
    """An uninitialized temporary array (a reused per-thread buffer on CPU) that never
    leaves the kernel."""
    if xp is np:
        return cpu.scratch(name, shape, dtype)
    return _BY_XP[id(xp)].scratch(name, shape, dtype)


def lanes(xp: Any, macs: int, blocks: int) -> int:
    """Into how many lanes a kernel of `macs` multiply-adds in `blocks` blocks is split
    (fixed per machine and size, so partial sums add in one order); 1 on GPUs."""
    if xp is np:
        return cpu.lanes(macs, blocks)
    return _BY_XP[id(xp)].lanes(macs, blocks)


def block_bytes(xp: Any, cache_sized: int) -> int:
    """The size of a blocked kernel's temporary blocks (an im2col column block) given the
    CPU's cache-sized choice: that on CPU; on a GPU, which wants few large launches (one
    matmul per block), 1024 times it, at most 1 GiB."""
    if xp is np:
        return cache_sized
    return _BY_XP[id(xp)].block_bytes(cache_sized)


def run_blocks(xp: Any, fn: Callable[[Any], Any], items: Sequence, workers: int) -> list:
    """`[fn(item) for item in items]`, on `workers` helper threads where that pays."""
    if xp is np:
        return cpu.run(fn, items, workers)
    return _BY_XP[id(xp)].run(fn, items, workers)


def select(xp: Any, hit: Any, values: Any, out: Any = None) -> Any:
    """`xp.where(hit, values, 0)`, into `out` when given (without branches on CPU)."""
    if xp is np:
        return cpu.select(hit, values, out)
    return _BY_XP[id(xp)].select(hit, values, out)


def choose(xp: Any, hit: Any, a: Any, b: Any) -> Any:
    """`xp.where(hit, a, b)` for a and b of one dtype (without branches on CPU)."""
    return cpu.choose(hit, a, b) if xp is np else xp.where(hit, a, b)


def relu(xp: Any, x: Any, out: Any = None) -> Any:
    """`xp.maximum(x, 0)` in x's dtype, NaN passing (into `out` when given, which may be
    x): on CPU over rows against a row of zeros, NumPy's vectorized loop (numpy.py)."""
    if xp is np:
        return cpu.relu(x, out)
    return xp.maximum(x, x.dtype.type(0), out=out)  # (a scalar argument of the launch)


def broadcast_copy(xp: Any, x: Any, shape: tuple) -> Any:
    """`xp.broadcast_to(x, shape).copy()` (on CPU with a longer inner loop: see numpy.py)."""
    if xp is np:
        return cpu.broadcast_copy(x, shape)
    return xp.broadcast_to(x, shape).copy()


def multiply_broadcast(xp: Any, out: Any, g: Any) -> Any:
    """`out *= g`, g broadcasting to out (on CPU with a longer inner loop: numpy.py)."""
    if xp is np:
        return cpu.multiply_broadcast(out, g)
    return xp.multiply(out, g, out=out)


def elementwise_kernel(xp: Any, in_params: str, out_params: str, operation: str,
                       name: str) -> Any:
    """One kernel launch for a chain of elementwise math on a device: CuPy's
    ElementwiseKernel of this source (typed parameters, a CUDA C loop body), compiled
    once per source; the strict stand-in's runs the C over its arrays. None on CPU,
    where the kernel composes NumPy's ufuncs instead (as its own code says)."""
    if xp is np:
        return None
    return _BY_XP[id(xp)].elementwise(in_params, out_params, operation, name)


def elementwise_kernels(xp: Any, sources: tuple) -> tuple | None:
    """elementwise_kernel of each of `sources` (a constant tuple of their source tuples),
    looked up at once; None on CPU."""
    if xp is np:
        return None
    return _BY_XP[id(xp)].elementwise_group(sources)


def conv_engine(xp: Any, dtype: Any, rank: int, groups: int) -> Any:
    """The library convolution engine for `xp`'s current device and this convolution
    (cuDNN on CuPy where its binding is installed: backend/cudnn.py), or None, where the
    kernel uses im2col plus matmul (always on CPU)."""
    if xp is np:
        return None
    return _BY_XP[id(xp)].conv_engine(dtype, rank, groups)


def scatter_fold(xp: Any, name: str, out: Any, ids: Any, rows: Any) -> Any:
    """`out[ids[i]] = ufunc(out[ids[i]], rows[i])` for every row in turn (NumPy's
    `ufunc.at`, `name` the ufunc's), into `out`, which it returns; `ids` may also be a
    tuple of index arrays over `out`'s leading dimensions. CuPy has `.at` for few ufuncs
    and dtypes (and its maximum.at loses float64 precision), so on devices the rows are
    sorted by id and folded per segment by a log-step scan (a product's rounding then
    follows a tree, not the rows' order)."""
    fn = getattr(xp, name)
    if xp is np:
        fn.at(out, ids, rows)
        return out
    if type(ids) is tuple:  # one flat id per row of the leading dimensions
        k, shape = len(ids), out.shape
        rows = rows.reshape((-1,) + shape[k:])
        ids = xp.ravel_multi_index(ids, shape[:k]).reshape(-1) if k else \
            xp.zeros(rows.shape[0], dtype=np.int64)
        return scatter_fold(xp, name, out.reshape((-1,) + shape[k:]), ids, rows).reshape(shape)
    n = ids.shape[0]
    if n == 0:
        return out
    order = xp.argsort(ids, kind="stable")
    seg, v = ids[order], rows[order].astype(out.dtype, copy=False)
    step = 1
    while step < n:  # v[i]: the fold of the rows of v[i]'s segment in (i - 2 * step, i]
        same = (seg[step:] == seg[:-step]).reshape((-1,) + (1,) * (v.ndim - 1))
        v = xp.concatenate([v[:step], xp.where(same, fn(v[step:], v[:-step]), v[step:])])
        step *= 2
    ends = xp.concatenate([seg[1:] != seg[:-1], xp.ones((1,), dtype=bool)])
    seg = seg[ends]
    out[seg] = fn(out[seg], v[ends])
    return out
