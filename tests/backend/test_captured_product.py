"""backend.DeviceBackend.kernel_product: the float product a CUDA graph captures where no
cuBLAS binding is (CuPy 14 refuses to bind its own cuBLAS handle to a capturing stream,
and captured_blas.py's handles need the binding), one reduction kernel over the
broadcast operands, long inner dimensions summed in chunks and
then the chunks. Checked on the strict stand-in, whose ReductionKernel interprets the
kernel's CUDA C, against NumPy's float64 products; NVRTC compiles the same kernel in
test_cuda_toolchain.py."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eagerflow._src import backend as B
from eagerflow._src.backend import strict
from eagerflow._src.backend.strict_counts import count_launches

BACKEND = strict.BACKEND


def _product(a, b):
    return B.to_host(BACKEND.kernel_product(BACKEND.to_device(a, 0),
                                            BACKEND.to_device(b, 0)))


def _check(a, b, dtype):
    a, b = a.astype(dtype), b.astype(dtype)  # (the bound below is the sums', not the inputs')
    got = _product(a, b)
    want = np.matmul(a.astype(np.float64), b.astype(np.float64))
    assert got.dtype == dtype and got.shape == want.shape
    # (float32 sums of K terms: within K ulps of the sum of the terms' magnitudes)
    scale = np.matmul(np.abs(a), np.abs(b)) * a.shape[-1] * np.finfo(dtype).eps
    assert np.all(np.abs(got - want) <= scale + np.finfo(dtype).tiny)


@settings(max_examples=40, deadline=None)
@given(m=st.integers(1, 5), k=st.integers(1, 6), n=st.integers(1, 5),
       batch=st.sampled_from([(), (2,), (3, 1), (1, 2)]),
       vectors=st.sampled_from(["", "a", "b", "ab"]),
       dtype=st.sampled_from([np.float32, np.float64]), seed=st.integers(0, 99))
def test_it_is_numpys_matmul(m, k, n, batch, vectors, dtype, seed):
    """Shapes as np.matmul takes them: batches broadcast, 1-D operands."""
    rng = np.random.default_rng(seed)
    a = rng.normal(size=(k,) if "a" in vectors else (*batch, m, k))
    b = rng.normal(size=(k,) if "b" in vectors else (*batch[::-1], k, n))
    _check(a, b, dtype)


@pytest.mark.parametrize("shapes", [((18432,), (18432, 16)), ((3, 21632), (21632, 4)),
                                    ((16, 9216), (9216,)), ((2, 8191), (8191, 3))])
def test_long_sums_are_taken_in_chunks(shapes):
    """A bias gradient's sum over every pixel: chunks of up to 1024 terms (the largest
    power of two dividing K), then the chunks' sum: two launches; a K with no such chunk
    of 64 terms or more (8191), or under 8192, is one launch."""
    rng = np.random.default_rng(1)
    a, b = rng.normal(size=shapes[0]), rng.normal(size=shapes[1])
    with count_launches() as n:
        _check(a, b, np.float32)
    assert n["total"] == (1 if shapes[0][-1] == 8191 else 2)


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_half_types_are_multiplied_and_added_in_float32(dtype):
    """As cuBLAS's half GEMMs: float32 products and sums, rounded once to the type."""
    if dtype == "bfloat16":
        dtype = pytest.importorskip("ml_dtypes").bfloat16
    rng = np.random.default_rng(2)
    a, b = (rng.normal(size=s).astype(dtype) for s in ((2, 3, 50), (50, 4)))
    got = _product(a, b)
    want = np.matmul(a.astype(np.float32), b.astype(np.float32)).astype(dtype)
    assert got.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(got.astype(np.float32), want.astype(np.float32))


def test_what_it_cannot_take_refuses_the_capture():
    x = np.ones((2, 2))
    with pytest.raises(NotImplementedError, match="float16 x float32 product has no"):
        _product(x.astype(np.float16), x.astype(np.float32))
    with pytest.raises(NotImplementedError, match="too large"):
        _product(np.ones((1 << 9, 1 << 9), np.float32), np.ones((1 << 9, 1 << 9),
                                                                  np.float32))
