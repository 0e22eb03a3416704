"""The cuBLAS functions captured_blas calls, through ctypes, in the cuBLAS library
CuPy loaded (backend layer).

CuPy's binding binds the handle it is given to the current stream before every call
(cublasSetStream) and refuses that while the stream is capturing, so a capture's products
cannot go through it, even on a handle of eagerflow's own. Here the library's own entry
points are called: the same library in the same process, so handles, streams and device
pointers are CuPy's. The constants stay CuPy's (backend/cupy.py).
"""

from __future__ import annotations

import ctypes
import re
from pathlib import Path

# cublasStatus_t's names, for the error a failed call raises (the stand-in's model raises
# the same names: strict_cublas.py)
STATUS = {1: "NOT_INITIALIZED", 3: "ALLOC_FAILED", 7: "INVALID_VALUE", 8: "ARCH_MISMATCH",
          11: "MAPPING_ERROR", 13: "EXECUTION_FAILED", 14: "INTERNAL_ERROR",
          15: "NOT_SUPPORTED", 16: "LICENSE_ERROR"}

_I, _L, _P = ctypes.c_int, ctypes.c_longlong, ctypes.c_void_p
# cublasGemmStridedBatchedEx(handle, transa, transb, m, n, k, alpha, A, Atype, lda,
# strideA, B, Btype, ldb, strideB, beta, C, Ctype, ldc, strideC, batchCount, computeType,
# algo): enums are C ints, strides long long, scalars host pointers
_GEMM_ARGS = [_P, _I, _I, _I, _I, _I, _P, _P, _I, _I, _L, _P, _I, _I, _L, _P, _P, _I, _I,
              _L, _I, _I, _I]


def loaded_path(cuda_major: int, maps: str = "/proc/self/maps") -> str | None:
    """The file of the cuBLAS library of CUDA `cuda_major` (CuPy's: its cuBLAS module
    links it) this process has mapped, or None (none, or no /proc: another system). A
    process may map another CUDA's too (PyTorch's own wheels, say)."""
    try:
        lines = Path(maps).read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        path = line.rsplit(" ", 1)[-1]
        if re.search(rf"/libcublas\.so\.{cuda_major}(\.\d+)*$", path):
            return path
    return None


class Library:
    """create, destroy, setStream, setWorkspace and gemmStridedBatchedEx as CuPy's binding
    names them, on the library at `path`; a failed call raises
    RuntimeError("CUBLAS_STATUS_...")."""

    def __init__(self, path: str) -> None:
        lib = ctypes.CDLL(path)
        self._create = _function(lib.cublasCreate_v2, [ctypes.POINTER(_P)])
        self._destroy = _function(lib.cublasDestroy_v2, [_P])
        self._set_stream = _function(lib.cublasSetStream_v2, [_P, _P])
        self._set_workspace = _function(lib.cublasSetWorkspace_v2, [_P, _P, ctypes.c_size_t])
        self._gemm = _function(lib.cublasGemmStridedBatchedEx, _GEMM_ARGS)

    def create(self) -> int:
        handle = _P()
        _check(self._create(ctypes.byref(handle)))
        return handle.value or 0

    def destroy(self, handle: int) -> None:
        _check(self._destroy(handle))

    def setStream(self, handle: int, stream: int) -> None:  # noqa: N802 - the binding's name
        _check(self._set_stream(handle, stream))

    def setWorkspace(self, handle: int, ptr: int, size: int) -> None:  # noqa: N802
        _check(self._set_workspace(handle, ptr, size))

    def gemmStridedBatchedEx(self, *args: int) -> None:  # noqa: N802 - the binding's name
        _check(self._gemm(*args))


def _function(f: ctypes._CFuncPtr, argtypes: list) -> ctypes._CFuncPtr:
    f.argtypes, f.restype = argtypes, ctypes.c_int
    return f


def _check(status: int) -> None:
    if status:
        raise RuntimeError(f"CUBLAS_STATUS_{STATUS.get(status, status)}")
