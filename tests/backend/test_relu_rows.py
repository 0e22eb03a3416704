"""backend.relu: `maximum(x, 0)` over rows against a contiguous row of zeros (NumPy's
vectorized loop) gives the bits of NumPy's maximum against a 0-d zero, which the relu
kernel and the convolutions' fused epilogue computed before: NaN payloads pass, -inf
becomes 0, and every size (past the zero row, not a multiple of it), dtype and layout
takes the same answer. But for TF's signed zeros: its CPU kernel (Eigen's AVX packets of
32 bytes) makes -0.0 +0.0 except in the scalar tail, the last size % (32 / itemsize)
values, where a -0.0 stays (as TF 2.21's tf.nn.relu does)."""

import numpy as np
import pytest

from eagerflow._src import backend as B
from eagerflow._src.backend import numpy as cpu

SIZES = [0, 1, 7, cpu._ZERO_ROW * 4 - 1, cpu._ZERO_ROW * 4, cpu._ZERO_ROW * 5 + 5, 346112]


def _values(n: int, dtype) -> np.ndarray:
    rng = np.random.default_rng(n)
    x = rng.normal(size=n).astype(dtype)
    special = np.array([np.nan, -np.nan, 0.0, -0.0, np.inf, -np.inf,
                        np.finfo(dtype).tiny / 4, -np.finfo(dtype).tiny / 4], dtype)
    if n:
        idx = rng.integers(0, n, size=min(n, 64))
        x[idx] = special[rng.integers(0, len(special), size=len(idx))]
        # a NaN with a payload of its own
        u = x.view(np.uint32 if dtype == np.float32 else np.uint64)
        u[idx[:4]] = np.array(np.nan, dtype).view(u.dtype) | 5
    return x


def _bits(a: np.ndarray) -> np.ndarray:
    return a.view(np.uint32 if a.dtype == np.float32 else np.uint64)


def _tf_relu(x: np.ndarray) -> np.ndarray:
    """maximum(x, 0), with the -0.0 of x's last size % (32 / itemsize) values kept."""
    want = np.maximum(x, np.zeros((), x.dtype))
    tail = x.size % (32 // x.dtype.itemsize)
    if tail:
        flat, src = want.reshape(-1), x.reshape(-1)
        kept = (src[-tail:] == 0) & np.signbit(src[-tail:])
        flat[-tail:][kept] = src[-tail:][kept]
    return want


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("n", SIZES)
def test_same_bits_as_maximum_against_a_zero(dtype, n):
    x = _values(n, dtype).reshape(-1, 16) if n % 16 == 0 and n else _values(n, dtype)
    if n:
        x.reshape(-1)[-1] = -0.0  # (a -0.0 in the tail, where there is one, and out of it)
        x.reshape(-1)[0] = -0.0
    want = _tf_relu(x)
    got = B.relu(np, x)
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(_bits(got), _bits(want))
    inplace = x.copy()
    assert B.relu(np, inplace, out=inplace) is inplace  # (the epilogue's call)
    np.testing.assert_array_equal(_bits(inplace), _bits(want))


@pytest.mark.parametrize("dtype", [np.float16, np.int32, np.int64])
def test_other_dtypes_and_layouts_keep_numpys_call(dtype):
    x = (np.arange(3 * cpu._ZERO_ROW) - 5000).astype(dtype)
    np.testing.assert_array_equal(B.relu(np, x), np.maximum(x, np.zeros((), dtype)))
    f = _values(4 * cpu._ZERO_ROW, np.float32).reshape(64, -1)
    for view in (f[:, ::2], f.T):  # not C-contiguous: NumPy's own loop
        np.testing.assert_array_equal(_bits(np.ascontiguousarray(B.relu(np, view))),
                                      _bits(np.ascontiguousarray(np.maximum(view, 0))))


def _same(got: np.ndarray, want: np.ndarray, on_gpu: bool) -> None:
    if on_gpu:  # CuPy's maximum: NaN for NaN (its own payload), subnormals flushed to 0
        np.testing.assert_allclose(got, want, rtol=0, atol=np.finfo(want.dtype).tiny)
    else:
        np.testing.assert_array_equal(_bits(got), _bits(want))


def test_relu_op_and_fused_convolution_use_it():
    import eagerflow as tf

    on_gpu = "GPU" in tf.constant(0.0).device  # (the registry's run on a real GPU)
    x = _values(32 * 26 * 26 * 16, np.float32).reshape(32, 26, 26, 16)
    got = tf.nn.relu(tf.constant(x)).numpy()
    _same(got, np.maximum(x, np.float32(0)), on_gpu)
    img = np.random.default_rng(1).normal(size=(8, 28, 28, 1)).astype(np.float32)
    k = np.random.default_rng(2).normal(size=(3, 3, 1, 16)).astype(np.float32)
    b = np.random.default_rng(3).normal(size=16).astype(np.float32)
    f = tf.function(lambda a: tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(a, k, 1, "VALID"), b)))
    pre = tf.nn.bias_add(tf.nn.conv2d(img, k, 1, "VALID"), b).numpy()  # (the same sums)
    fused = f(tf.constant(img)).numpy()  # one _FusedConv2D: relu in its epilogue
    _same(fused, np.maximum(pre, np.float32(0)), on_gpu)
