"""tf.linalg.lu on a GPU (the stand-in, or CuPy's GPU:0 under EAGERFLOW_REGISTRY_ON=gpu):
cuSOLVER's getrf, as TF's GPU kernel runs it, against the CPU's kernel (TF's CPU pivots:
Eigen's partial pivoting), with TF's permutation from getrf's row swaps and its error for
a singular matrix."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf

TOL = {np.float32: 1e-5, np.complex64: 1e-5, np.float64: 1e-12, np.complex128: 1e-12}


pytestmark = pytest.mark.usefixtures("on_gpu")  # (tests/backend/conftest.py)


def _matrices(rng, shape, dtype):
    a = rng.uniform(-1, 1, shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.uniform(-1, 1, shape)
    return a.astype(dtype)


def _lu(a, idx=tf.int32, device=None):
    if device is None:
        out = tf.linalg.lu(a, output_idx_type=idx)
        assert out.lu.device.endswith("GPU:0") and out.p.device.endswith("GPU:0")
    else:
        with tf.device(device):
            out = tf.linalg.lu(a, output_idx_type=idx)
    return out.lu.numpy(), out.p.numpy()


def _reconstructs(a, lu, p):
    """a[p] == L U, row by row of each matrix of the batch."""
    n = a.shape[-1]
    lower = np.tril(lu, -1) + np.eye(n, dtype=lu.dtype)
    upper = np.triu(lu)
    rows = np.take_along_axis(a, p[..., None].astype(np.int64), axis=-2)
    np.testing.assert_allclose(lower @ upper, rows, rtol=TOL[a.dtype.type] * 10 * n,
                               atol=TOL[a.dtype.type] * 10 * n)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), n=st.integers(1, 12),
       batch=st.sampled_from([(), (3,), (2, 2)]),
       dtype=st.sampled_from([np.float32, np.float64, np.complex64, np.complex128]),
       idx=st.sampled_from([tf.int32, tf.int64]))
def test_the_cpus_factors_and_pivots(seed, n, batch, dtype, idx):
    a = _matrices(np.random.default_rng(seed), batch + (n, n), dtype)
    lu, p = _lu(a, idx)
    want_lu, want_p = _lu(a, idx, "/CPU:0")
    assert lu.dtype == dtype and p.dtype == idx.as_numpy_dtype and p.shape == batch + (n,)
    _reconstructs(a, lu, p)
    if np.dtype(dtype).kind == "f":  # (complex pivots are chosen otherwise: below)
        np.testing.assert_array_equal(p, want_p)
        np.testing.assert_allclose(lu, want_lu, rtol=TOL[dtype] * 100, atol=TOL[dtype] * 100)


def test_complex_pivots_are_blas_ones():
    """getrf takes the entry of largest |re| + |im| (BLAS's izamax), where TF's CPU kernel
    (Eigen) takes the largest modulus: 2+2j over 3 here, 3 there."""
    a = np.array([[3, 1], [2 + 2j, 1]], np.complex128)
    lu, p = _lu(a)
    assert p.tolist() == [1, 0]
    assert _lu(a, device="/CPU:0")[1].tolist() == [0, 1]
    _reconstructs(a, lu, p)


def test_tfs_permutation_from_the_row_swaps():
    """Row swaps (0 <-> 2), then (1 <-> 2): the permutation [2, 0, 1], not the swaps."""
    a = np.array([[1.0, 9.0, 0.0], [2.0, 1.0, 9.0], [4.0, 8.0, 0.0]])
    lu, p = _lu(a)
    assert p.tolist() == [2, 0, 1]
    _reconstructs(a, lu, p)


@pytest.mark.parametrize("a", [np.zeros((2, 2)), np.array([[1.0, 2.0], [2.0, 4.0]]),
                               np.stack([np.eye(3), np.diag([1.0, 0.0, 1.0])])],
                         ids=["zeros", "rank-1", "one-of-a-batch"])
def test_a_singular_matrix_raises_tfs_error(a):
    with pytest.raises(tf.errors.InvalidArgumentError, match="Input is not invertible."):
        tf.linalg.lu(a)


@pytest.mark.parametrize("shape", [(0, 0), (2, 0, 0), (0, 3, 3)])
def test_empty_batches_and_matrices(shape):
    lu, p = _lu(np.zeros(shape, np.float32))
    assert lu.shape == shape and p.shape == shape[:-1] and p.dtype == np.int32
