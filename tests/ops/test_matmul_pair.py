"""tf.matmul(a, b), two operands alone and eagerly, goes straight to MatMul's fast path
(linalg._pair_first); what that path refuses still goes tf.matmul's whole way, with TF
2.21's results and errors (checked against TF 2.21)."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import eagerflow as tf


def test_pair_is_the_product() -> None:
    a = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    b = tf.constant([[5.0, 6.0], [7.0, 8.0]])
    got = tf.matmul(a, b)
    np.testing.assert_array_equal(got.numpy(), [[19.0, 22.0], [43.0, 50.0]])
    assert got.dtype == tf.float32
    # (a list beside a tensor takes the tensor's dtype as its hint, as tf.matmul's)
    assert tf.matmul(a, [[1, 0], [0, 1]]).dtype == tf.float32


def test_pair_errors_are_tfs() -> None:
    a = tf.constant([[1.0, 2.0]])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Matrix size-incompatible: In\[0\]: \[1,2\], In\[1\]: \[1,2\]"):
        tf.matmul(a, a)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="was expected to be a float tensor but is a int32 tensor"):
        tf.matmul(a, tf.constant([[1], [2]]))


def test_refused_pairs_go_the_whole_way() -> None:
    # a ragged operand: its handler; a bfloat16 matrix beside a float32 one: SparseMatMul
    r = tf.ragged.constant([[[1.0, 2.0]], [[3.0, 4.0], [5.0, 6.0]]], ragged_rank=1)
    got = tf.matmul(r, tf.constant([[[1.0], [1.0]], [[2.0], [2.0]]]))
    assert got.to_list() == [[[3.0]], [[14.0], [22.0]]]
    mixed = tf.matmul(tf.constant([[1.0, 2.0]], tf.bfloat16), tf.constant([[1.0], [2.0]]))
    assert mixed.dtype == tf.float32 and mixed.numpy().tolist() == [[5.0]]


def test_other_calls_bind_as_tfs_dispatcher() -> None:
    a = tf.constant([[1.0, 2.0]])
    assert list(inspect.signature(tf.matmul).parameters)[:3] == ["a", "b", "transpose_a"]
    with pytest.raises(TypeError, match="^Missing required positional argument$"):
        tf.matmul(a)
    with pytest.raises(TypeError, match="^Got an unexpected keyword argument 'foo'$"):
        tf.matmul(a, a, foo=1)
    with pytest.raises(TypeError, match="^Too many arguments were given. Expected 12 but "
                                        "got 13.$"):
        tf.matmul(*[a] * 13)
    np.testing.assert_array_equal(tf.matmul(a, a, transpose_b=True).numpy(), [[5.0]])
