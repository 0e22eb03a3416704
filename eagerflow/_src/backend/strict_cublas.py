"""The strict stand-in's model of cuBLAS's binding (backend layer; see strict.py), as far
as captured_blas calls it: handles bound to streams, and the column-major strided batched
GEMM over device addresses (the stand-in's device memory is the host's). A call on a
stream being captured is recorded into the capture and replayed by its graph, as cuBLAS's
kernels are on a GPU; elsewhere it is one launch. The numbers are cuBLAS's semantics in its
compute type (float32 or float64: NumPy's product of the operands in that type, as the
stand-in's eager products sum; half types rounded once at the end); TF32 rounds the
operands (strict_tf32) unless NVIDIA_TF32_OVERRIDE=0.
"""

from __future__ import annotations

import ctypes
import itertools
import os
from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.backend.strict_counts import _launch
from eagerflow._src.backend.strict_tf32 import tf32_round


class Cublas:
    """The binding: `current()` gives the calling thread's current stream (its `ptr`,
    and its `_capture` while one is in progress). Its constants are cuBLAS's and CUDA's
    numbers, as CuPy's binding and runtime name them."""

    CUBLAS_OP_N, CUBLAS_OP_T = 0, 1
    CUBLAS_COMPUTE_32F, CUBLAS_COMPUTE_32F_FAST_TF32, CUBLAS_COMPUTE_64F = 68, 77, 70
    CUBLAS_GEMM_DEFAULT = -1
    CUDA_R_32F, CUDA_R_64F, CUDA_R_16F, CUDA_R_16BF = 0, 1, 2, 14

    def __init__(self, current: Callable[[], Any], bfloat16: Any = None) -> None:
        self.current = current
        self.handles: dict = {}  # handle -> the stream pointer it is bound to
        self.ids = itertools.count(0x1000)
        self.dtypes = {self.CUDA_R_32F: np.dtype(np.float32),
                       self.CUDA_R_64F: np.dtype(np.float64),
                       self.CUDA_R_16F: np.dtype(np.float16)}
        if bfloat16 is not None:
            self.dtypes[self.CUDA_R_16BF] = np.dtype(bfloat16)

    def create(self) -> int:
        handle = next(self.ids)
        self.handles[handle] = 0
        return handle

    def destroy(self, handle: int) -> None:
        self.handles.pop(handle)

    def setStream(self, handle: int, stream: int) -> None:  # noqa: N802 - the binding's name
        if handle not in self.handles:
            raise RuntimeError("CUBLAS_STATUS_NOT_INITIALIZED")
        current = self.current()
        if current.ptr == stream and current._capture is not None:  # (CuPy's binding)
            raise NotImplementedError(
                "calling cuBLAS API during stream capture is currently unsupported")
        self.handles[handle] = stream

    def setWorkspace(self, handle: int, ptr: int, size: int) -> None:  # noqa: N802 - the binding's name
        if handle not in self.handles:
            raise RuntimeError("CUBLAS_STATUS_NOT_INITIALIZED")
        if size and not ptr:
            raise RuntimeError("CUBLAS_STATUS_INVALID_VALUE")

    def gemmStridedBatchedEx(self, handle: int, transa: int, transb: int, m: int, n: int,  # noqa: N802 - the binding's name
                             k: int, alpha: int, a: int, atype: int, lda: int, stride_a: int,
                             b: int, btype: int, ldb: int, stride_b: int, beta: int, c: int,
                             ctype: int, ldc: int, stride_c: int, count: int, compute: int,
                             algo: int) -> None:
        """C_i = alpha op(A_i) op(B_i) + beta C_i for i < count, each matrix column-major
        at its address plus i times its stride (in elements), op(A) (m, k), op(B) (k, n)."""
        n_op, f64 = self.CUBLAS_OP_N, self.CUBLAS_COMPUTE_64F
        stream = self.handles.get(handle)
        if stream is None:
            raise RuntimeError("CUBLAS_STATUS_NOT_INITIALIZED")
        current = self.current()
        if stream != current.ptr:  # (the work would go to a stream nobody waits for)
            raise AssertionError("the handle is bound to another stream than the current one")
        dtype = self.dtypes.get(atype)
        if dtype is None or not atype == btype == ctype or \
                (compute == f64) != (dtype == np.float64):
            raise RuntimeError("CUBLAS_STATUS_NOT_SUPPORTED")
        if min(m, n, k) < 0 or lda < max(1, m if transa == n_op else k) or \
                ldb < max(1, k if transb == n_op else n) or ldc < max(1, m):
            raise RuntimeError("CUBLAS_STATUS_INVALID_VALUE")
        scalar = np.float64 if compute == f64 else np.float32
        al, be = _scalar(alpha, scalar), _scalar(beta, scalar)
        tf32 = compute == self.CUBLAS_COMPUTE_32F_FAST_TF32 and \
            os.environ.get("NVIDIA_TF32_OVERRIDE") != "0"
        shape_a = (m, k) if transa == n_op else (k, m)
        shape_b = (k, n) if transb == n_op else (n, k)
        size = dtype.itemsize

        def run() -> None:
            for i in range(count):
                x = _matrix(a + i * stride_a * size, shape_a, lda, dtype)
                y = _matrix(b + i * stride_b * size, shape_b, ldb, dtype)
                out = _matrix(c + i * stride_c * size, (m, n), ldc, dtype)
                x = x if transa == n_op else x.T
                y = y if transb == n_op else y.T
                # C = op(A) op(B) summed as C^T = op(B)^T op(A)^T, in the compute type: for
                # a row-major caller (captured_blas) that is NumPy's product of its own
                # operands, the stand-in's eager product, so a replay's bits are the eager
                # call's (another orientation sums in another order)
                left, right = y.T.astype(scalar, copy=False), x.T.astype(scalar, copy=False)
                if tf32:
                    left, right = tf32_round(left), tf32_round(right)
                acc = left @ right
                if al != 1:
                    acc *= scalar(al)
                if be:
                    acc += scalar(be) * out.T.astype(scalar)
                out.T[...] = acc.astype(dtype)

        run()
        cap = current._capture
        if cap is None:
            _launch("matmul")
        else:
            cap.record(run, None)


def _scalar(ptr: int, scalar: Any) -> float:
    return float(np.frombuffer((ctypes.c_char * np.dtype(scalar).itemsize).from_address(ptr),
                               scalar)[0])


def _matrix(ptr: int, shape: tuple, ld: int, dtype: np.dtype) -> np.ndarray:
    """The column-major (rows, cols) matrix at `ptr` with leading dimension `ld`."""
    rows, cols = shape
    span = ld * (cols - 1) + rows if rows and cols else 0
    flat = np.frombuffer((ctypes.c_char * (span * dtype.itemsize)).from_address(ptr), dtype) \
        if span else np.zeros(0, dtype)
    return np.lib.stride_tricks.as_strided(flat, (rows, cols),
                                           (dtype.itemsize, ld * dtype.itemsize))
