"""Products inside a CUDA graph capture through cuBLAS (backend/captured_blas.py), on the
stand-in's model of cuBLAS's binding (backend/strict_cublas.py): the model against cuBLAS's
column-major definition written out element by element, the row-major products the
backend asks of it against NumPy's, and the calls recorded by a capture and replayed."""

import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eagerflow._src import backend as B
from eagerflow._src.backend import strict, strict_streams
from eagerflow._src.backend.captured_blas import WORKSPACE_BYTES, CapturedBlas
from eagerflow._src.backend.strict_cublas import Cublas
from eagerflow._src.backend.strict_tf32 import tf32_round

N, T = 0, 1


def _model():
    return Cublas(lambda: strict_streams._CURRENT.stream, B.BFLOAT16)


def _addr(a):
    return a.__array_interface__["data"][0]


def _scalar(v, dtype):
    x = np.array([v], dtype)
    return x, _addr(x)


@settings(max_examples=60, deadline=None)
@given(m=st.integers(1, 4), n=st.integers(1, 4), k=st.integers(1, 4),
       ta=st.sampled_from([N, T]), tb=st.sampled_from([N, T]), pad=st.integers(0, 2),
       count=st.integers(1, 3), alpha=st.sampled_from([1.0, -0.5]),
       beta=st.sampled_from([0.0, 2.0]), seed=st.integers(0, 99))
def test_the_model_is_cublas_column_major_strided_gemm(m, n, k, ta, tb, pad, count, alpha,
                                                       beta, seed):
    lib, rng = _model(), np.random.default_rng(seed)
    ra, ca = (m, k) if ta == N else (k, m)
    rb, cb = (k, n) if tb == N else (n, k)
    lda, ldb, ldc = ra + pad, rb + pad, m + pad
    sa, sb, sc = lda * ca + 1, ldb * cb + 2, ldc * n + 3
    A = rng.normal(size=sa * count).astype(np.float64)
    Bm = rng.normal(size=sb * count).astype(np.float64)
    C = rng.normal(size=sc * count).astype(np.float64)
    want = C.copy()
    for i in range(count):  # cuBLAS's definition, element by element
        for r in range(m):
            for c in range(n):
                acc = 0.0
                for t in range(k):
                    x = A[i * sa + (r + t * lda if ta == N else t + r * lda)]
                    y = Bm[i * sb + (t + c * ldb if tb == N else c + t * ldb)]
                    acc += x * y
                want[i * sc + r + c * ldc] = alpha * acc + beta * C[i * sc + r + c * ldc]
    h = lib.create()
    lib.setStream(h, strict_streams._CURRENT.stream.ptr)
    keep = [_scalar(alpha, np.float64), _scalar(beta, np.float64)]
    lib.gemmStridedBatchedEx(h, ta, tb, m, n, k, keep[0][1], _addr(A), lib.CUDA_R_64F, lda, sa,
                             _addr(Bm), lib.CUDA_R_64F, ldb, sb, keep[1][1], _addr(C),
                             lib.CUDA_R_64F, ldc, sc, count, lib.CUBLAS_COMPUTE_64F, -1)
    np.testing.assert_allclose(C, want, rtol=1e-12, atol=1e-12)


def test_the_model_refuses_what_cublas_refuses():
    lib = _model()
    a = np.ones(4, np.float32)
    one, zero = _scalar(1.0, np.float32), _scalar(0.0, np.float32)
    args = dict(alpha=one[1], beta=zero[1])

    def call(h, lda=2, compute=lib.CUBLAS_COMPUTE_32F, ctype=lib.CUDA_R_32F):
        lib.gemmStridedBatchedEx(h, N, N, 2, 2, 2, args["alpha"], _addr(a), lib.CUDA_R_32F,
                                 lda, 0, _addr(a), lib.CUDA_R_32F, 2, 0, args["beta"],
                                 _addr(a), ctype, 2, 0, 1, compute, -1)

    with pytest.raises(RuntimeError, match="NOT_INITIALIZED"):
        call(12345)
    h = lib.create()
    lib.setStream(h, strict_streams._CURRENT.stream.ptr)
    with pytest.raises(RuntimeError, match="INVALID_VALUE"):
        call(h, lda=1)  # (a leading dimension under the rows)
    with pytest.raises(RuntimeError, match="NOT_SUPPORTED"):
        call(h, compute=lib.CUBLAS_COMPUTE_64F)  # (float32 data, a float64 compute type)
    with pytest.raises(RuntimeError, match="NOT_SUPPORTED"):
        call(h, ctype=lib.CUDA_R_16F)
    lib.setStream(h, strict_streams._CURRENT.stream.ptr + 1)
    with pytest.raises(AssertionError, match="another stream"):
        call(h)
    stream = strict_streams.Stream(non_blocking=True)
    with stream:  # (CuPy's binding refuses to bind a handle to a capturing stream)
        stream.begin_capture()
        with pytest.raises(NotImplementedError, match="during stream capture"):
            lib.setStream(h, stream.ptr)
        stream.end_capture()
        lib.setStream(h, stream.ptr)
    lib.destroy(h)
    with pytest.raises(RuntimeError, match="NOT_INITIALIZED"):
        call(h)


def _blas():
    blas = CapturedBlas(_model(), B.BFLOAT16)
    blas.prepare(strict.xp, 0, strict_streams._CURRENT.stream.ptr)
    return blas


SHAPES = st.sampled_from([
    ((3,), (3,)), ((2, 3), (3,)), ((3,), (3, 4)), ((2, 3), (3, 4)), ((5, 2, 3), (3, 4)),
    ((2, 3), (5, 3, 4)), ((5, 2, 3), (5, 3, 4)), ((2, 1, 2, 3), (1, 4, 3, 2)),
    ((1, 2, 3), (6, 3, 1)), ((2, 0), (0, 3)), ((0, 3), (3, 2)), ((4, 2, 3), (1, 3, 2))])


@settings(max_examples=80, deadline=None)
@given(shapes=SHAPES, dtype=st.sampled_from(["float32", "float64", "float16", "bfloat16"]),
       transposed=st.booleans(), seed=st.integers(0, 99))
def test_row_major_products_are_numpys(shapes, dtype, transposed, seed):
    if dtype == "bfloat16":
        if B.BFLOAT16 is None:
            return
        dtype = B.BFLOAT16
    dtype = np.dtype(dtype)
    rng = np.random.default_rng(seed)
    a, b = (rng.normal(size=s).astype(np.float32).astype(dtype) for s in shapes)
    if transposed and b.ndim >= 2:  # (a view that is not C-contiguous)
        b = np.ascontiguousarray(np.swapaxes(b, -1, -2)).swapaxes(-1, -2)
    got = _blas().product(strict.xp, 0, strict_streams._CURRENT.stream.ptr, strict.xp.asarray(a),
                          strict.xp.asarray(b), False)
    want = np.matmul(a.astype(np.float64), b.astype(np.float64))
    got = got.get()
    assert got.dtype == dtype and got.shape == want.shape
    # (sums in float32, or float64, rounded once to the dtype: within its rounding)
    eps = float(np.finfo(np.float32 if dtype.itemsize == 2 else dtype).eps)
    step = 2.0 ** -7 if dtype == B.BFLOAT16 else np.finfo(dtype).eps
    scale = np.abs(a).max(initial=0) * np.abs(b).max(initial=0) * max(a.shape[-1], 1)
    np.testing.assert_allclose(got.astype(np.float64), want,
                               rtol=float(step), atol=4 * eps * scale + 1e-30)


@pytest.mark.parametrize("shapes", [((5, 7), (7, 3)), ((4, 6), (6, 9)), ((3, 2, 7), (3, 7, 5))])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_a_transposed_operand_is_read_in_place_as_the_eager_product_reads_it(shapes, dtype):
    """A `.T` view (a filter gradient's im2col columns, `cols.T @ g`) goes to cuBLAS as it
    lies, with CUBLAS_OP_T, as CuPy's eager product passes it: no copy, and the eager
    product's bits (a copy read with CUBLAS_OP_N sums in another order)."""
    rng = np.random.default_rng(1)
    xp = strict.xp
    a, b = (xp.swapaxes(xp.asarray(rng.normal(size=s[:-2] + s[:-3:-1]).astype(dtype)), -1, -2)
            for s in shapes)
    blas = _blas()
    calls, gemm = [], blas.lib.gemmStridedBatchedEx
    blas.lib.gemmStridedBatchedEx = lambda *args: (calls.append(args), gemm(*args))[1]
    got = blas.product(xp, 0, strict_streams._CURRENT.stream.ptr, a, b, False)
    (args,) = calls
    assert args[1] == args[2] == T  # (both operands read transposed)
    assert {args[7], args[11]} == {a.data.ptr, b.data.ptr}  # (in place)
    np.testing.assert_array_equal(got.get(), B.of(xp).matmul(a, b, None, False).get())


def test_tf32_rounds_float32_operands_unless_switched_off_by_nvidia(monkeypatch):
    monkeypatch.delenv("NVIDIA_TF32_OVERRIDE", raising=False)  # (the suite sets it)
    rng = np.random.default_rng(3)
    a, b = rng.normal(size=(4, 40)).astype(np.float32), rng.normal(size=(40, 3)).astype(
        np.float32)
    xa, xb = strict.xp.asarray(a), strict.xp.asarray(b)

    def product(tf32):
        return _blas().product(strict.xp, 0, strict_streams._CURRENT.stream.ptr, xa, xb, tf32).get()

    exact = a.astype(np.float64) @ b.astype(np.float64)
    rounded = tf32_round(a).astype(np.float64) @ tf32_round(b).astype(np.float64)
    np.testing.assert_allclose(product(True), rounded, rtol=1e-5, atol=1e-5)
    assert np.abs(product(True) - exact).max() > 1e-3  # (TF32's 10 bits show)
    np.testing.assert_allclose(product(False), exact, rtol=1e-5, atol=1e-5)
    monkeypatch.setenv("NVIDIA_TF32_OVERRIDE", "0")
    np.testing.assert_array_equal(product(True), product(False))


def test_what_it_does_not_take_is_left_to_the_caller():
    xp, ptr = strict.xp, strict_streams._CURRENT.stream.ptr
    f, i = xp.ones((2, 2), np.float32), xp.ones((2, 2), np.int32)
    unprepared = CapturedBlas(_model())
    assert unprepared.product(xp, 0, ptr, f, f, False) is None  # (no handle made)
    blas = _blas()
    assert blas.product(xp, 1, ptr, f, f, False) is None  # (none for that device)
    assert blas.product(xp, 0, ptr + 1, f, f, False) is None  # (bound to another stream)
    assert blas.product(xp, 0, ptr, i, i, False) is None  # (integers: CuPy's own kernel)
    assert blas.product(xp, 0, ptr, f, f.astype(np.float64), False) is None
    assert blas.product(xp, 0, ptr, xp.ones((2, 3), np.float32), f, False) is None


def test_a_captured_product_is_recorded_and_replayed_on_new_values():
    backend = B.of(strict.xp)
    xp = strict.xp
    a, b = xp.asarray(np.ones((2, 3), np.float32)), xp.asarray(np.ones((3, 2), np.float32))
    graph, out, _ = backend.capture(lambda: backend.matmul(a, b) * 2.0)
    a[...] = xp.asarray(np.arange(6, dtype=np.float32).reshape(2, 3))
    with strict.count_launches() as launches:
        graph.launch()
    np.testing.assert_array_equal(out.get(), 2.0 * np.arange(6, dtype=np.float32).reshape(
        2, 3) @ np.ones((3, 2), np.float32))
    assert launches["graph"] == launches["total"] == 1


def test_each_thread_binds_a_handle_of_its_own():
    blas, seen = _blas(), []
    current = strict_streams._CURRENT
    t = threading.Thread(target=lambda: (blas.prepare(strict.xp, 0, current.stream.ptr),
                                         seen.append(blas.local.handles[0].ptr)))
    t.start()
    t.join()
    assert seen and seen[0] != blas.local.handles[0].ptr



def test_the_library_is_found_by_its_cuda_version(tmp_path):
    """cublas_library finds the cuBLAS that CuPy's module mapped, of CuPy's CUDA: a
    process may map another CUDA's beside it (PyTorch's wheels)."""
    from eagerflow._src.backend import cublas_library

    maps = tmp_path / "maps"
    maps.write_text(
        "7f00-7f10 r-xp 00000000 08:01 11 /usr/lib/x86_64-linux-gnu/libc.so.6\n"
        "7f20-7f30 r-xp 00000000 08:01 12 /torch/lib/libcublasLt.so.12\n"
        "7f40-7f50 r-xp 00000000 08:01 13 /torch/nvidia/cublas/lib/libcublas.so.12\n"
        "7f60-7f70 r-xp 00000000 08:01 14 /site/nvidia/cu13/lib/libcublas.so.13.1.0\n")
    assert cublas_library.loaded_path(13, str(maps)) == "/site/nvidia/cu13/lib/libcublas.so.13.1.0"
    assert cublas_library.loaded_path(12, str(maps)) == "/torch/nvidia/cublas/lib/libcublas.so.12"
    assert cublas_library.loaded_path(11, str(maps)) is None
    assert cublas_library.loaded_path(12, str(tmp_path / "no such file")) is None


def test_a_graph_keeps_its_handles_workspace_after_its_thread_ends():
    """A replay's products use the workspace their capture's handle was given: a graph
    captured on a thread (a replica's, say) keeps that handle after the thread is gone,
    and its launch still computes."""
    import gc

    backend = B.of(strict.xp)
    xp = strict.xp
    a, b = xp.asarray(np.ones((2, 3), np.float32)), xp.asarray(np.ones((3, 2), np.float32))
    made = []
    t = threading.Thread(target=lambda: made.append(
        backend.capture(lambda: backend.matmul(a, b))))
    t.start()
    t.join()
    del t
    gc.collect()
    graph, out, keep = made[0]
    handle = keep[1]
    assert handle.ptr in backend.captured_blas().lib.handles  # (not destroyed)
    assert handle.workspace.nbytes == WORKSPACE_BYTES
    a[...] = 2.0
    graph.launch()
    np.testing.assert_array_equal(out.get(), np.full((2, 2), 6.0, np.float32))
