"""SparseTensorDenseMatMul on a GPU (the stand-in, or CuPy's GPU:0 under
EAGERFLOW_REGISTRY_ON=gpu), where TF has a kernel for it (a graph network's sparse
adjacency times its features): the CPU's products, summed by the device's atomic adds in
any order; refused under op determinism for floats, as TF's GPU kernel refuses."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf

pytestmark = pytest.mark.usefixtures("on_gpu")  # (tests/backend/conftest.py)


def _sparse(rng, rows, cols, nnz, dtype):
    idx = np.stack([rng.integers(0, rows, nnz), rng.integers(0, cols, nnz)], 1)
    vals = rng.normal(size=nnz)
    if np.dtype(dtype).kind == "c":
        vals = vals + 1j * rng.normal(size=nnz)
    elif np.dtype(dtype).kind == "i":
        vals = rng.integers(-5, 5, nnz)
    return tf.sparse.reorder(tf.SparseTensor(idx, vals.astype(dtype), [rows, cols]))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), m=st.integers(1, 7), k=st.integers(1, 7),
       n=st.integers(1, 5), nnz=st.integers(0, 20), adj_a=st.booleans(), adj_b=st.booleans(),
       dtype=st.sampled_from([np.float32, np.float64, np.complex64, np.int32, np.float16]))
def test_products_are_the_cpus(seed, m, k, n, nnz, adj_a, adj_b, dtype):
    rng = np.random.default_rng(seed)
    a = _sparse(rng, k if adj_a else m, m if adj_a else k, nnz, dtype)
    b = (rng.normal(size=(n, k) if adj_b else (k, n)) * 2).astype(dtype)
    got = tf.sparse.sparse_dense_matmul(a, b, adjoint_a=adj_a, adjoint_b=adj_b)
    with tf.device("/CPU:0"):
        want = tf.sparse.sparse_dense_matmul(a, b, adjoint_a=adj_a, adjoint_b=adj_b)
    assert got.device.endswith("GPU:0") and got.dtype == want.dtype
    tol = 2e-3 if dtype == np.float16 else 1e-5
    np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=tol, atol=tol)


def test_gradients_on_the_device_are_the_cpus():
    rng = np.random.default_rng(1)
    a = _sparse(rng, 4, 5, 9, np.float64)
    b = tf.constant(rng.normal(size=(5, 3)))

    def grads():
        values = tf.identity(a.values)
        with tf.GradientTape() as tape:
            tape.watch([values, b])
            out = tf.sparse.sparse_dense_matmul(
                tf.SparseTensor(a.indices, values, a.dense_shape), b)
            loss = tf.reduce_sum(out * out)
        return tape.gradient(loss, [values, b])

    got = grads()
    with tf.device("/CPU:0"):
        want = grads()
    for g, w in zip(got, want):
        assert g.device.endswith("GPU:0")
        np.testing.assert_allclose(g.numpy(), w.numpy(), rtol=1e-12)


def test_refused_under_op_determinism_for_floats_as_tf_gpu_kernel():
    rng = np.random.default_rng(2)
    a32, a_int = _sparse(rng, 3, 3, 4, np.float32), _sparse(rng, 3, 3, 4, np.int32)
    tf.config.experimental.enable_op_determinism()  # (tests/conftest.py restores it)
    with pytest.raises(tf.errors.UnimplementedError,
                       match="A deterministic GPU implementation of "
                             "SparseTensorDenseMatmulOp is not currently available. "
                             r"\[Op:SparseTensorDenseMatMul\]"):
        tf.sparse.sparse_dense_matmul(a32, np.ones((3, 2), np.float32))
    # (integers add exactly in any order: TF has no GPU kernel for them to refuse)
    tf.sparse.sparse_dense_matmul(a_int, np.ones((3, 2), np.int32))


def test_an_index_out_of_bounds_is_not_checked_on_the_device():
    # TF's GPU kernel (sparse_tensor_dense_matmul_op_gpu.cu.cc) checks no index: a column
    # outside b adds NaN to its row of the output, a row outside the output adds nothing
    a = tf.SparseTensor([[0, 0], [1, 7], [5, 1]], [1.0, 2.0, 3.0], [2, 3])
    got = tf.sparse.sparse_dense_matmul(a, np.ones((3, 2), np.float32))
    np.testing.assert_array_equal(got.numpy(), [[1.0, 1.0], [np.nan, np.nan]])
    with tf.device("/CPU:0"), pytest.raises(
            tf.errors.InvalidArgumentError,
            match=r"k \(7\) from index\[1,1\] out of bounds \(>=3\)"):
        tf.sparse.sparse_dense_matmul(a, np.ones((3, 2), np.float32))
