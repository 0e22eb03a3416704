"""Float products inside a CUDA graph capture, through cuBLAS (backend layer).

CuPy 14's binding binds a handle to the current stream before each call and refuses a
capturing stream, so a capture's products go through handles of eagerflow's own, one per
thread and device, made, bound to the stream that will capture and given a workspace of
their own before the capture begins (cublasCreate and cublasSetStream are refused while
capturing; cuBLAS would otherwise take a workspace inside the capture). Where the library
fails a call, the capture fails, and its function keeps the ordinary path
(graph/device_program.py). The library, its compute type and TF32's rule are the eager
product's, so a replayed function's products are the eager ones', not those of a kernel
of another summation order.

`lib` holds cuBLAS's functions (cublas_library's, called in CuPy's cuBLAS library, with
CuPy's constants; or the stand-in's model of them, strict_cublas): `create`, `destroy`,
`setStream`, `setWorkspace`, `gemmStridedBatchedEx` and their constants.

A row-major product C = A B is the column-major C^T = B^T A^T, and a row-major (m, n)
matrix is a column-major (n, m) one: each call passes `b` as cuBLAS's first operand.
"""

from __future__ import annotations

import math
import threading
from typing import Any

import numpy as np

# cuBLAS's workspace for each handle, as NVIDIA advises for Hopper: given by eagerflow
# (cublasSetWorkspace) so that no call of a capture allocates one
WORKSPACE_BYTES = 32 << 20


class _Handle:
    """One cuBLAS handle, its workspace and the stream it is bound to, destroyed with its
    owner (a thread's table of them)."""

    __slots__ = ("lib", "ptr", "stream", "workspace")

    def __init__(self, lib: Any, workspace: Any) -> None:
        self.lib, self.ptr, self.stream, self.workspace = lib, lib.create(), None, workspace

    def __del__(self) -> None:
        try:
            self.lib.destroy(self.ptr)
        except Exception:  # noqa: BLE001 - at interpreter exit the library may be gone
            pass


class CapturedBlas:
    """cuBLAS products for a stream being captured, on handles of eagerflow's own."""

    def __init__(self, lib: Any, bfloat16: Any = None) -> None:
        """`bfloat16`: its NumPy dtype, where the device's arrays hold it."""
        self.lib = lib
        self.local = threading.local()  # .handles: device index -> _Handle
        n = np.dtype
        # dtype -> (cuBLAS's data type, compute type, the scalars' NumPy type); half types
        # multiply and add in float32 and are rounded once (TF's half GEMMs)
        self.types = {n(np.float32): (lib.CUDA_R_32F, lib.CUBLAS_COMPUTE_32F, np.float32),
                      n(np.float64): (lib.CUDA_R_64F, lib.CUBLAS_COMPUTE_64F, np.float64),
                      n(np.float16): (lib.CUDA_R_16F, lib.CUBLAS_COMPUTE_32F, np.float32)}
        if bfloat16 is not None:
            self.types[n(bfloat16)] = (lib.CUDA_R_16BF, lib.CUBLAS_COMPUTE_32F, np.float32)

    def prepare(self, xp: Any, device: int, stream_ptr: int) -> _Handle:
        """Makes the calling thread's handle for `device` (the current one) and binds it
        to the stream `stream_ptr` and its workspace, before that stream begins a
        capture; returns it, for the graph to keep (its kernels use the workspace when
        it replays, after the thread that captured it is gone too)."""
        handles = self.local.__dict__.setdefault("handles", {})
        handle = handles.get(device)
        if handle is None:
            handle = handles[device] = _Handle(self.lib, xp.empty(WORKSPACE_BYTES, np.uint8))
        if handle.stream != stream_ptr:  # (binding a stream resets the workspace)
            self.lib.setStream(handle.ptr, stream_ptr)
            self.lib.setWorkspace(handle.ptr, handle.workspace.data.ptr, WORKSPACE_BYTES)
            handle.stream = stream_ptr
        return handle

    def product(self, xp: Any, device: int, stream_ptr: int, a: Any, b: Any,
                tf32: bool) -> Any:
        """`xp.matmul(a, b)` by cuBLAS on the stream `stream_ptr` (TF32 where `tf32`: the
        caller's decision), or None where no handle was prepared for that stream or
        cuBLAS has no such product (another dtype, or two)."""
        handle = getattr(self.local, "handles", {}).get(device)
        types = self.types.get(a.dtype)
        if handle is None or handle.stream != stream_ptr or types is None or \
                b.dtype != a.dtype:
            return None
        data, compute, scalar = types
        if tf32 and compute == self.lib.CUBLAS_COMPUTE_32F and a.dtype == np.float32:
            compute = self.lib.CUBLAS_COMPUTE_32F_FAST_TF32
        a2 = a[None, :] if a.ndim == 1 else a
        b2 = b[:, None] if b.ndim == 1 else b
        batch = tuple(np.broadcast_shapes(a2.shape[:-2], b2.shape[:-2]))
        m, k, n = a2.shape[-2], a2.shape[-1], b2.shape[-1]
        if b2.shape[-2] != k:
            return None  # (the op's own check raises the error)
        res = (xp.empty if k else xp.zeros)(batch + (m, n), a.dtype)  # (K = 0: zeros)
        if res.size and k:
            lib = self.lib
            a2, op_a, ld_a, stride_a = _operand(xp, lib, a2, batch)
            b2, op_b, ld_b, stride_b = _operand(xp, lib, b2, batch)
            one, zero = np.ones(1, scalar), np.zeros(1, scalar)
            lib.gemmStridedBatchedEx(
                handle.ptr, op_b, op_a, n, m, k, one.ctypes.data,
                b2.data.ptr, data, ld_b, stride_b, a2.data.ptr, data, ld_a, stride_a,
                zero.ctypes.data, res.data.ptr, data, n, m * n, math.prod(batch), compute,
                lib.CUBLAS_GEMM_DEFAULT)
        if a.ndim == 1:
            res = res[..., 0, :]
        if b.ndim == 1:
            res = res[..., 0]
        return res


def _operand(xp: Any, lib: Any, x: Any, batch: tuple) -> tuple:
    """(x as cuBLAS reads it, its operation, leading dimension and stride between matrices
    in elements). A row-major matrix is read as its transpose (CUBLAS_OP_N); one whose
    transpose is row-major (a `.T` view, as a filter gradient's im2col columns are) is read
    in place with CUBLAS_OP_T, as CuPy's eager product reads it: no copy, and the same
    operation, so the same summation order, as the eager call. Either one matrix that every
    product of the batch reads (stride 0) or a matrix per product (broadcast out where its
    batch is not the product's)."""
    rows, cols = x.shape[-2:]
    if math.prod(x.shape[:-2]) == 1:
        x = x.reshape(rows, cols)
        stride = 0
    else:
        if tuple(x.shape[:-2]) != batch:
            x = xp.broadcast_to(x, batch + (rows, cols))
        stride = rows * cols
    if not x.flags.c_contiguous and x.swapaxes(-1, -2).flags.c_contiguous:
        return x, lib.CUBLAS_OP_T, rows, stride
    return xp.ascontiguousarray(x), lib.CUBLAS_OP_N, cols, stride
