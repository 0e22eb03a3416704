"""The CuPy backend: CUDA GPUs (backend layer; imported only when a GPU is looked for,
see backend.find_gpus, since importing CuPy costs a third of a second).

Kernels run over the `cupy` module itself, on the current device's null stream:
CuPy's ufuncs and reductions are its elementwise kernels, `matmul` is cuBLAS, and
`cupy.linalg` is cuBLAS/cuSOLVER. What eagerflow adds here:
- placement: making a device current, copies between host and devices;
- TensorFloat-32: the math mode of the thread's cuBLAS handle, set per call (see
  DeviceBackend.single), and which cuDNN engines a convolution may take (cudnn.py);
- the memory pool (CuPy's, which grows on demand: TF's `set_memory_growth(True)` is
  its only mode), a memory limit from a logical device configuration, and the
  figures of `tf.config.experimental.get_memory_info`;
- CuPy's ElementwiseKernel and ReductionKernel for the CUDA C that tf.function's fusion
  and the ops generate (the cache is DeviceBackend's: `elementwise`, `reduction`);
- NCCL all-reduce for MirroredStrategy over several GPUs (`all_reduce`).
"""

from __future__ import annotations

import contextlib
import functools
import types
import warnings
from collections.abc import Iterator
from typing import Any

import cupy
import numpy as np

from eagerflow._src.backend import (
    BFLOAT16,
    DeviceBackend,
    cublas_library,
    is_scalar,
    math_switches,
    register,
)
from eagerflow._src.backend import numpy as cpu
from eagerflow._src.backend.captured_blas import CapturedBlas
from eagerflow._src.backend.cudnn import Engines

_SMALL = 64 << 20  # below this an allocation is not checked against free memory
# cuBLAS's math mode that lets its float32 routines use TF32 tensor cores (cublasMath_t's
# CUBLAS_TF32_TENSOR_OP_MATH; CuPy names only CUBLAS_DEFAULT_MATH and TENSOR_OP_MATH)
_TF32_TENSOR_OP_MATH = 3


class CupyBackend(DeviceBackend):
    """CUDA devices through CuPy; device indexes are CUDA's (after CUDA_VISIBLE_DEVICES)."""

    name = "cupy"
    array_type = cupy.ndarray
    # CuPy 14 holds bfloat16 where ml_dtypes is installed: its ufuncs then have bfloat16
    # loops (type char "E"); earlier CuPy has none, and bfloat16 stays on the host
    holds_bfloat16 = any("E" in t for t in cupy.add.types)

    def __init__(self) -> None:
        super().__init__(cupy)
        self.peak: dict = {}
        self.comms: dict = {}
        self.cudnn = Engines(_load_cudnn, cupy, self.stream_ptr, self.capability,
                             math_switches, self.capturing_now)

    def stream_ptr(self) -> int:
        return cupy.cuda.get_current_stream().ptr

    def captured_blas(self) -> CapturedBlas | None:
        return self._blas

    @functools.cached_property
    def _blas(self) -> CapturedBlas | None:
        lib = _cublas_binding()
        return lib and CapturedBlas(lib, BFLOAT16 if self.holds_bfloat16 else None)

    def capability(self, index: int) -> int:
        return int(cupy.cuda.Device(index).compute_capability)

    def multiprocessors(self, index: int) -> int:
        return int(cupy.cuda.runtime.getDeviceProperties(index)["multiProcessorCount"])

    def set_tf32(self, on: bool) -> None:
        # The handle's math mode, not CuPy's compute type: that reaches only the 2-D
        # products CuPy runs by gemmEx, while its batched ones (sgemmStridedBatched, and
        # so its einsum) follow the math mode. CuPy keeps a handle per thread and
        # device, so replicas in threads never see each other's mode. (`cupy.cuda.cublas`
        # loads cuBLAS's library on first use, which only products need.)
        cublas = cupy.cuda.cublas
        cublas.setMathMode(cupy.cuda.device.get_cublas_handle(),
                           _TF32_TENSOR_OP_MATH if on else cublas.CUBLAS_DEFAULT_MATH)

    def device_count(self) -> int:
        try:
            return cupy.cuda.runtime.getDeviceCount()
        except cupy.cuda.runtime.CUDARuntimeError:  # a driver without a usable device
            return 0

    def activate(self, index: int) -> None:
        cupy.cuda.Device(index).use()

    def current(self) -> int:
        return cupy.cuda.runtime.getDevice()

    def capturing(self) -> bool:
        return cupy.cuda.get_current_stream().is_capturing()

    def holds(self, arr: Any, index: int) -> bool:
        return type(arr) is cupy.ndarray and arr.device.id == index

    def to_device(self, arr: Any, index: int) -> Any:
        with cupy.cuda.Device(index):
            if type(arr) is cupy.ndarray:
                return cupy.array(arr, copy=True)  # peer copy onto this device
            return cupy.asarray(arr)

    def result(self, out: Any, index: int) -> Any:
        if type(out) is cupy.ndarray:
            return out
        return cupy.asarray(out) if is_scalar(out) or type(out) is np.ndarray else out

    def too_big(self, nbytes: int) -> bool:
        if cpu.MEM_LIMIT:  # a test's fixed limit holds for every device
            return nbytes > cpu.MEM_LIMIT[0]
        if nbytes <= _SMALL:
            return False
        pool = cupy.get_default_memory_pool()
        limit = pool.get_limit()
        if limit and pool.used_bytes() + nbytes > limit:
            return True
        # The pool's own figures first: a training step's large activations are served
        # from blocks it holds, and asking the driver (cudaMemGetInfo) costs a call into
        # it every time, ~10 us and far more on some drivers, where PyTorch and TF ask
        # their allocators only. The answer is the same: the driver's free bytes add to
        # the pool's, so a request the pool covers is never too big.
        held = pool.free_bytes()
        if nbytes <= held:
            return False
        free, _ = cupy.cuda.runtime.memGetInfo()
        return nbytes > free + held

    def memory_info(self, index: int) -> dict:
        # CuPy's pool counts the bytes in use, not their peak: the peak is the highest
        # figure seen by these calls (and by synchronize), not every allocation's.
        with cupy.cuda.Device(index):
            current = cupy.get_default_memory_pool().used_bytes()
        peak = self.peak[index] = max(self.peak.get(index, 0), current)
        return {"current": current, "peak": peak}

    def device_details(self, index: int) -> dict:
        props = cupy.cuda.runtime.getDeviceProperties(index)
        name = props["name"]
        return {"compute_capability": (props["major"], props["minor"]),
                "device_name": name.decode() if isinstance(name, bytes) else name}

    def reset_memory_stats(self, index: int) -> None:
        self.peak[index] = 0

    def set_memory_limit(self, index: int, nbytes: int) -> None:
        with cupy.cuda.Device(index):
            cupy.get_default_memory_pool().set_limit(size=nbytes)

    def synchronize(self, index: int) -> None:
        cupy.cuda.Device(index).synchronize()
        self.memory_info(index)

    def conv_engine(self, dtype: Any, rank: int, groups: int) -> Any:
        return self.cudnn.get(cupy.cuda.Device().id, dtype, rank, groups)

    def linalg_errors(self) -> Any:
        import cupyx  # part of CuPy

        return cupyx.errstate(linalg="raise")  # cuSOLVER's info checked, as LAPACK's

    def lu_factor(self, a: Any) -> tuple:
        # (CuPy's getrf factors one matrix a call, each reading its info back; TF's kernel
        # batches small matrices through cuBLAS's getrfBatched: the same partial pivoting)
        from cupyx.scipy.linalg import lu_factor  # part of CuPy

        n = a.shape[-1]
        mats = a.reshape(-1, n, n)
        lu = cupy.empty_like(mats)
        pivots = cupy.empty(mats.shape[:-1], np.int32)
        with warnings.catch_warnings():
            # (its warning of a singular matrix: the caller reads U's diagonal)
            warnings.simplefilter("ignore", RuntimeWarning)
            for i in range(mats.shape[0]):
                lu[i], pivots[i] = lu_factor(mats[i], check_finite=False)
        return lu.reshape(a.shape), pivots.reshape(a.shape[:-1])

    def gtsv(self, dl: Any, d: Any, du: Any, b: Any, pivoting: bool) -> Any:
        # TF's choice of routine: one batched call where cuSPARSE has one (no pivoting, one
        # right-hand side), else a call a matrix, its columns solved in place in a
        # column-major copy of b. (cuSPARSE documents dl's first and du's last entries as
        # zeros: they are set so, where TF's op leaves them unused.)
        from cupy_backends.cuda.libs import cusparse  # part of CuPy

        batch, m, k = b.shape
        prefix = {"f": "s", "d": "d", "F": "c", "D": "z"}[b.dtype.char]
        dl, d, du = (cupy.array(v, order="C") for v in (dl, d, du))
        dl[:, 0] = 0
        du[:, -1] = 0
        handle = cupy.cuda.device.get_cusparse_handle()
        if not pivoting and k == 1 and batch > 1:
            x = cupy.array(b[..., 0], order="C")
            args = (handle, m, dl.data.ptr, d.data.ptr, du.data.ptr, x.data.ptr, batch, m)
            size = getattr(cusparse, f"{prefix}gtsv2StridedBatch_bufferSizeExt")(*args)
            work = cupy.empty(size, np.uint8)
            getattr(cusparse, f"{prefix}gtsv2StridedBatch")(*args, work.data.ptr)
            return x[..., None]
        routine = f"{prefix}gtsv2" if pivoting else f"{prefix}gtsv2_nopivot"
        x = cupy.array(b.transpose(0, 2, 1), order="C")  # each matrix's columns in turn
        work = None
        for i in range(batch):
            args = (handle, m, k, dl[i].data.ptr, d[i].data.ptr, du[i].data.ptr,
                    x[i].data.ptr, m)
            if work is None:  # (the same size for every matrix: m and k are)
                work = cupy.empty(getattr(cusparse, f"{routine}_bufferSizeExt")(*args),
                                  np.uint8)
            getattr(cusparse, routine)(*args, work.data.ptr)
        return x.transpose(0, 2, 1)

    def special(self) -> Any:
        import cupyx.scipy.special as sp  # part of CuPy, loaded on first use

        return sp

    # -- CUDA graphs ---------------------------------------------------------------------
    cuda = cupy.cuda

    @contextlib.contextmanager
    def capture_allocations(self) -> Iterator[Any]:
        # A pool of the graph's own: blocks freed during capture go back to it, never to
        # the default pool, so no later allocation reuses a buffer a replay writes.
        pool = cupy.cuda.MemoryPool()
        with cupy.cuda.using_allocator(pool.malloc):
            yield pool

    # -- collectives (MirroredStrategy) -------------------------------------------------
    def all_reduce(self, arrays: list, op: str = "sum") -> list:
        """Sums (or maxes, mins) one array per device in place with NCCL; returns them."""
        from cupy.cuda import nccl  # needs NCCL's library (nvidia-nccl-cu12/13)

        devices = tuple(a.device.id for a in arrays)
        comms = self.comms.get(devices)
        if comms is None:
            comms = self.comms[devices] = nccl.NcclCommunicator.initAll(list(devices))
        kind = {"sum": nccl.NCCL_SUM, "max": nccl.NCCL_MAX, "min": nccl.NCCL_MIN}[op]
        nccl.groupStart()
        for comm, a in zip(comms, arrays):
            with cupy.cuda.Device(a.device.id):
                comm.allReduce(a.data.ptr, a.data.ptr, a.size, _nccl_dtype(nccl, a.dtype), kind,
                               cupy.cuda.get_current_stream().ptr)
        nccl.groupEnd()
        return arrays


def _cublas_binding() -> Any:
    """cuBLAS's functions that captured_blas calls, from the library CuPy's cuBLAS module
    loaded (cublas_library: CuPy's own functions refuse a capturing stream), with CuPy's
    constants and CUDA's data type numbers; None where that library is not found."""
    constants = cupy.cuda.cublas  # (importing it loads the library)
    path = cublas_library.loaded_path(cupy.cuda.runtime.runtimeGetVersion() // 1000)
    if path is None:
        return None
    lib = cublas_library.Library(path)
    names = ("CUBLAS_OP_N", "CUBLAS_OP_T", "CUBLAS_COMPUTE_32F", "CUBLAS_COMPUTE_32F_FAST_TF32",
             "CUBLAS_COMPUTE_64F", "CUBLAS_GEMM_DEFAULT")
    rt = cupy.cuda.runtime
    return types.SimpleNamespace(
        create=lib.create, destroy=lib.destroy, setStream=lib.setStream,
        setWorkspace=lib.setWorkspace, gemmStridedBatchedEx=lib.gemmStridedBatchedEx,
        **{n: getattr(constants, n) for n in names},
        CUDA_R_32F=rt.CUDA_R_32F, CUDA_R_64F=rt.CUDA_R_64F, CUDA_R_16F=rt.CUDA_R_16F,
        CUDA_R_16BF=rt.CUDA_R_16BF)


def _load_cudnn() -> Any:
    import cudnn  # optional: the [cudnn] extra (nvidia-cudnn-frontend)

    cudnn.backend_version()  # (recent frontends load libcudnn only here: raises without it)

    return cudnn


def _nccl_dtype(nccl: Any, dtype: np.dtype) -> int:
    if dtype.kind == "V":  # bfloat16, the one such dtype CuPy holds
        return nccl.NCCL_BFLOAT16
    return {np.dtype(np.float16): nccl.NCCL_FLOAT16, np.dtype(np.float32): nccl.NCCL_FLOAT32,
            np.dtype(np.float64): nccl.NCCL_FLOAT64, np.dtype(np.int32): nccl.NCCL_INT32,
            np.dtype(np.int64): nccl.NCCL_INT64, np.dtype(np.uint8): nccl.NCCL_UINT8}[dtype]


BACKEND = register(CupyBackend())
