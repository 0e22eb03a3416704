"""tf.sparse.sparse_dense_matmul checks its operands as TF 2.21's SparseTensorDenseMatMul
(it computed a wrong product for mismatched inner dimensions, a vector b, or a b of
another dtype); a SparseTensor's known dense shape is its static shape (-1 unknown, less
refused); tf.sparse.bincount counts in the values' integer type. TF's words are those
tests/guides/guide_sparse_tensors.out records."""

from __future__ import annotations

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import as_recorded

PREFIX = ("{{function_node __wrapped__SparseTensorDenseMatMul_device_/job:localhost/replica:0/"
          "task:0/device:CPU:0}} ")


def _st(dense_shape, dtype=tf.float32):
    return tf.sparse.SparseTensor([[0, 1], [1, 0]], tf.constant([1, 2], dtype), dense_shape)


def _error(fn) -> str:
    """The message, naming CPU:0 where a GPU ran the op (TF's CPU-only machine's text)."""
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        fn()
    return as_recorded(str(e.value))


@pytest.mark.parametrize("shape,b,kw,a_dims,inner", [
    ([2, 3], np.ones((2, 1), np.float32), {}, "[2, 3)", "3 vs. 2"),
    ([2, 2], np.ones((3, 1), np.float32), {}, "[2, 2)", "2 vs. 3"),
    ([2, 3], np.ones((1, 2), np.float32), {"adjoint_b": True}, "[2, 3)", "3 vs. 2"),
    ([2, 3], np.ones((3, 1), np.float32), {"adjoint_a": True}, "[2, 3)", "2 vs. 3"),
])
def test_mismatched_inner_dimensions_are_refused(shape, b, kw, a_dims, inner):
    got = _error(lambda: tf.sparse.sparse_dense_matmul(_st(shape), tf.constant(b), **kw))
    b_dims = "[" + ",".join(map(str, b.shape)) + "]"
    assert got == (f"{PREFIX}Cannot multiply A and B because inner dimension does not match: "
                   f"{inner}.  Did you forget a transpose?  Dimensions of A: {a_dims}.  "
                   f"Dimensions of B: {b_dims} [Op:SparseTensorDenseMatMul] name: ")


def test_b_must_be_a_matrix_of_the_values_dtype():
    assert _error(lambda: tf.sparse.sparse_dense_matmul(_st([2, 3]), tf.ones([3]))) == \
        f"{PREFIX}Tensor 'b' is not a matrix [Op:SparseTensorDenseMatMul] name: "
    assert _error(lambda: tf.sparse.sparse_dense_matmul(_st([2, 3]), [[1], [2], [3]])) == (
        "cannot compute SparseTensorDenseMatMul as input #3(zero-based) was expected to be a "
        "float tensor but is a int32 tensor [Op:SparseTensorDenseMatMul] name: ")


@pytest.mark.parametrize("adjoint_a,adjoint_b", [(False, False), (True, False), (False, True),
                                                 (True, True)])
def test_fitting_operands_multiply_as_dense_matrices(adjoint_a, adjoint_b):
    rng = np.random.default_rng(0)
    a = np.where(rng.random((3, 4)) < 0.5, rng.standard_normal((3, 4)), 0.0)
    a_op = a.T if adjoint_a else a
    b = rng.standard_normal((5, a_op.shape[1]) if adjoint_b else (a_op.shape[1], 5))
    got = tf.sparse.sparse_dense_matmul(tf.sparse.from_dense(a), b, adjoint_a=adjoint_a,
                                        adjoint_b=adjoint_b)
    np.testing.assert_allclose(got.numpy(), a_op @ (b.T if adjoint_b else b), rtol=1e-12)


def test_a_known_dense_shape_is_the_static_shape():
    assert tf.sparse.SparseTensor([[0, 0]], [1], [2, -1]).shape.as_list() == [2, None]
    with pytest.raises(ValueError, match=r"^Dimension -5 must be >= 0$"):
        tf.sparse.SparseTensor([[0, 0, 0]], [1], [3, -5, -7])


@pytest.mark.parametrize("dtype", [tf.int32, tf.int64])
def test_bincount_counts_in_the_values_type(dtype):
    dense = tf.sparse.bincount(tf.constant([1, 3, 3], dtype))
    assert dense.values.dtype == dtype and dense.values.numpy().tolist() == [1, 2]
    rows = tf.sparse.bincount(tf.ragged.constant([[1], [3, 3]], dtype=dtype), axis=-1)
    assert rows.values.dtype == dtype and rows.values.numpy().tolist() == [1, 2]
    weighted = tf.sparse.bincount(tf.constant([1, 3], dtype), weights=[1.0, 2.0])
    assert weighted.values.dtype == tf.float32


@pytest.mark.parametrize("start,size,want", [
    ([0, 0, 0], [1, 1], "Expected start to be a vector of length 2 but got length 3"),
    ([0, 0], [1], "Expected size to be a vector of length 2 but got length 1"),
    ([[0, 0]], [1, 1], "Input start should be a vector but received shape [1,2]"),
    ([0, 0], [[1, 1]], "Input size should be a vector but received shape [1,2]"),
    ([0, 0], [-1, 2], "Expected a non-negative size, got -1"),
])
def test_sparse_slice_checks_start_and_size(start, size, want):
    st = tf.sparse.SparseTensor([[0, 1]], [1.0], [3, 4])
    with tf.device("/CPU:0"):  # (TF's CPU kernel's checks: its GPU kernel checks no size)
        got = _error(lambda: tf.sparse.slice(st, start, size))
    assert got == (
        "{{function_node __wrapped__SparseSlice_device_/job:localhost/replica:0/task:0/"
        f"device:CPU:0}}}} {want} [Op:SparseSlice] name: ")


def test_sparse_slice_keeps_the_entries_inside():
    st = tf.sparse.SparseTensor([[0, 1], [2, 3], [1, 0]], [1.0, 2.0, 3.0], [3, 4])
    got = tf.sparse.slice(st, [1, 0], [5, 2])
    assert got.indices.numpy().tolist() == [[0, 0]] and got.values.numpy().tolist() == [3.0]
    assert got.dense_shape.numpy().tolist() == [2, 2]
