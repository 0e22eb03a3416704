"""Regression tests for the fuzz campaign of seeds 1796104510 and 246299500
(EAGERFLOW_FUZZ_ODD=1), 20 examples per public function, whose API calls were each replayed
in TF 2.21 (tests/fuzz/api_replay.py): the inputs where eagerflow's outcome differed from
TF's, and their neighbours, with TF 2.21's answer recorded as data (its error class and the
first line of its message, or per tensor its dtype, shape and values). Recorded in a TF
process that had already run an op."""

from __future__ import annotations

import numpy as np
import pytest
from recorded import outcome

import eagerflow as tf

tnp = tf.experimental.numpy

inf, nan = np.inf, np.nan

# TF's sparse functions read their arguments' attributes unchecked: anything but a
# SparseTensor is Python's AttributeError for the first one it lacks (softmax, maximum and
# minimum its indices, expand_dims its dense_shape, transpose its shape's rank when perm is
# None, then its indices; a SparseTensorValue given a perm its get_shape); sparse.concat
# takes a list (a tuple is made a generator, whose len() fails); Python's messages name a
# type as TF's would be named (a NumPy array 'numpy.ndarray', TF's eager tensor by its
# module, str(type(x)) of TF's classes) (was: TypeError 'Input must be a SparseTensor.',
# 'ndarray', eagerflow's module path)
TYPE_READS = [
    (lambda: tf.sparse.concat(0, (tf.sparse.eye(2), tf.sparse.eye(2))),
     ('raise', 'TypeError', "object of type 'generator' has no len()")),
    (lambda: tf.sparse.concat(0, (tf.sparse.eye(2),)),
     ('raise', 'TypeError', "object of type 'generator' has no len()")),
    (lambda: tf.sparse.concat(0, ()),
     ('raise', 'TypeError', "object of type 'generator' has no len()")),
    (lambda: tf.sparse.concat(0, tf.constant(True)),
     ('raise', 'TypeError', 'Inputs must be a list or tuple.')),
    (lambda: tf.sparse.concat(0, tf.sparse.eye(2)),
     ('raise', 'TypeError', 'Inputs must be a list or tuple.')),
    (lambda: tf.sparse.concat(0, [tf.sparse.eye(2), tf.constant([1])]),
     ('raise', 'TypeError', 'Input must be a SparseTensor.')),
    (lambda: tf.sparse.concat(0, [tf.sparse.eye(2)]),
     ('py',
      'SparseTensor(indices=tf.Tensor(\n'
      '[[0 0]\n'
      ' [1 1]], shape=(2, 2), dtype=int64), values=tf.Tensor([1. 1.], shape=(2,), '
      'dtype=float32), dense_shape=tf.Tensor([2 2], shape=(2,), dtype=int64))')),
    (lambda: tf.sparse.concat(1, [tf.sparse.eye(2), tf.sparse.eye(2)]),
     ('py',
      'SparseTensor(indices=tf.Tensor(\n'
      '[[0 0]\n'
      ' [0 2]\n'
      ' [1 1]\n'
      ' [1 3]], shape=(4, 2), dtype=int64), values=tf.Tensor([1. 1. 1. 1.], shape=(4,), '
      'dtype=float32), dense_shape=tf.Tensor([2 4], shape=(2,), dtype=int64))')),
    (lambda: tf.sparse.concat(0, {'a': tf.sparse.eye(2)}),
     ('raise', 'TypeError', 'Inputs must be a list or tuple.')),
    (lambda: tf.sparse.transpose(tf.compat.v1.SparseTensorValue([[0, 0]], [1.], [2, 2])),
     ('raise', 'AttributeError', "'SparseTensorValue' object has no attribute 'shape'")),
    (lambda: tf.sparse.transpose(tf.compat.v1.SparseTensorValue([[0, 1]], [1.], [2, 2]), [1, 0]),
     ('raise', 'AttributeError', "'SparseTensorValue' object has no attribute 'get_shape'")),
    (lambda: tf.sparse.transpose(tf.constant(True)),
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'indices'")),
    (lambda: tf.sparse.transpose(tf.constant([[1, 2]]), [1, 0]),
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'indices'")),
    (lambda: tf.sparse.transpose([[1, 2]]),
     ('raise', 'AttributeError', "'list' object has no attribute 'shape'")),
    (lambda: tf.sparse.transpose(np.ones((1, 2))),
     ('raise', 'AttributeError', "'tuple' object has no attribute 'rank'")),
    (lambda: tf.sparse.transpose(np.ones((1, 2)), [1, 0]),
     ('raise', 'AttributeError', "'numpy.ndarray' object has no attribute 'indices'")),
    (lambda: tf.sparse.transpose([[1, 2]], [1, 0]),
     ('raise', 'AttributeError', "'list' object has no attribute 'indices'")),
    (lambda: tf.sparse.transpose(None),
     ('raise', 'AttributeError', "'NoneType' object has no attribute 'shape'")),
    (lambda: tf.sparse.softmax(tf.constant([[1., 2]])),
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'indices'")),
    (lambda: tf.sparse.softmax([[1., 2]]),
     ('raise', 'AttributeError', "'list' object has no attribute 'indices'")),
    (lambda: tf.sparse.softmax(np.ones((1, 2))),
     ('raise', 'AttributeError', "'numpy.ndarray' object has no attribute 'indices'")),
    (lambda: tf.sparse.softmax(tf.compat.v1.SparseTensorValue([[0, 1]], [1.], [2, 2])),
     ('py',
      'SparseTensor(indices=tf.Tensor([[0 1]], shape=(1, 2), dtype=int64), '
      'values=tf.Tensor([1.], shape=(1,), dtype=float32), dense_shape=tf.Tensor([2 2], '
      'shape=(2,), dtype=int64))')),
    (lambda: tf.sparse.maximum(tf.sparse.eye(2), tf.constant([[1., 2]])),
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'indices'")),
    (lambda: tf.sparse.maximum(tf.constant([[1., 2]]), tf.sparse.eye(2)),
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'indices'")),
    (lambda: tf.sparse.maximum(np.ones((1, 2)), np.ones((1, 2))),
     ('raise', 'AttributeError', "'numpy.ndarray' object has no attribute 'indices'")),
    (lambda: tf.sparse.minimum(tf.sparse.eye(2), [[1., 2]]),
     ('raise', 'AttributeError', "'list' object has no attribute 'indices'")),
    (lambda: tf.sparse.minimum(tf.sparse.eye(2), tf.sparse.eye(2)),
     ('py',
      'SparseTensor(indices=tf.Tensor(\n'
      '[[0 0]\n'
      ' [1 1]], shape=(2, 2), dtype=int64), values=tf.Tensor([1. 1.], shape=(2,), '
      'dtype=float32), dense_shape=tf.Tensor([2 2], shape=(2,), dtype=int64))')),
    (lambda: tf.sparse.expand_dims(tf.constant([[1., 2]])),
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'dense_shape'")),
    (lambda: tf.sparse.expand_dims([[1., 2]], 0),
     ('raise', 'AttributeError', "'list' object has no attribute 'dense_shape'")),
    (lambda: tf.sparse.expand_dims(np.ones((1, 2)), 1),
     ('raise', 'AttributeError', "'numpy.ndarray' object has no attribute 'dense_shape'")),
    (lambda: tf.sparse.expand_dims(tf.sparse.eye(2), 1),
     ('py',
      'SparseTensor(indices=tf.Tensor(\n'
      '[[0 0 0]\n'
      ' [1 0 1]], shape=(2, 3), dtype=int64), values=tf.Tensor([1. 1.], shape=(2,), '
      'dtype=float32), dense_shape=tf.Tensor([2 1 2], shape=(3,), dtype=int64))')),
    (lambda: tf.sparse.reduce_sum(np.ones((1, 2))),
     ('raise', 'AttributeError', "'numpy.ndarray' object has no attribute 'indices'")),
    (lambda: tf.sparse.reduce_max(np.ones((1, 2)), 0),
     ('raise', 'AttributeError', "'numpy.ndarray' object has no attribute 'indices'")),
    (lambda: tf.sparse.reduce_sum(np.float32(1)),
     ('raise', 'AttributeError', "'numpy.float32' object has no attribute 'indices'")),
    (lambda: tf.math.polyval(tf.constant([1., 2]), 1.),
     ('raise', 'ValueError',
      'Argument coeffs must be list type. Received type <class '
      "'tensorflow.python.framework.ops.EagerTensor'>.")),
    (lambda: tf.math.polyval((1., 2.), 1.),
     ('raise', 'ValueError',
      "Argument coeffs must be list type. Received type <class 'tuple'>.")),
    (lambda: tf.math.polyval(np.ones(2), 1.),
     ('raise', 'ValueError',
      "Argument coeffs must be list type. Received type <class 'numpy.ndarray'>.")),
    (lambda: tf.math.polyval(tf.ragged.constant([[1.]]), 1.),
     ('raise', 'ValueError',
      'Argument coeffs must be list type. Received type <class '
      "'tensorflow.python.ops.ragged.ragged_tensor.RaggedTensor'>.")),
    (lambda: tf.math.polyval([1., 2.], 3.),
     ('float32', [], 5.0)),
    (lambda: tf.linalg.global_norm(tf.constant([1., 2])),
     ('raise', 'TypeError',
      '`t_list` should be a sequence of tensors. Received <class '
      "'tensorflow.python.framework.ops.EagerTensor'>.")),
    (lambda: tf.linalg.global_norm(tf.sparse.eye(2)),
     ('raise', 'TypeError',
      '`t_list` should be a sequence of tensors. Received <class '
      "'tensorflow.python.framework.sparse_tensor.SparseTensor'>.")),
    (lambda: tf.linalg.global_norm(np.ones(2)),
     ('raise', 'TypeError',
      "`t_list` should be a sequence of tensors. Received <class 'numpy.ndarray'>.")),
    (lambda: tf.linalg.global_norm([tf.constant([3., 4.])]),
     ('float32', [], 5.0)),
    (lambda: tf.debugging.assert_proper_iterable(tf.constant([1., 2])),
     ('raise', 'TypeError',
      'Expected argument "values" to be a "proper" iterable.  Found: <class '
      "'tensorflow.python.framework.ops.EagerTensor'>")),
    (lambda: tf.debugging.assert_proper_iterable(np.ones(2)),
     ('raise', 'TypeError',
      'Expected argument "values" to be a "proper" iterable.  Found: <class '
      "'numpy.ndarray'>")),
    (lambda: tf.debugging.assert_proper_iterable(tf.TensorShape([1])),
     ('py', 'None')),
    (lambda: tf.debugging.assert_proper_iterable(1),
     ('raise', 'TypeError',
      'Expected argument "values" to be iterable.  Found: <class \'int\'>')),
    (lambda: tf.debugging.assert_proper_iterable(tf.int32),
     ('raise', 'TypeError',
      'Expected argument "values" to be iterable.  Found: <class '
      "'tensorflow.python.framework.dtypes.DType'>")),
    (lambda: tf.ragged.map_flat_values(tf.constant(1), tf.ragged.constant([[1, 2], [3]])),
     ('raise', 'TypeError',
      "'tensorflow.python.framework.ops.EagerTensor' object is not callable")),
    (lambda: tf.ragged.map_flat_values(tf.constant(1), [1, 2]),
     ('raise', 'TypeError',
      "'tensorflow.python.framework.ops.EagerTensor' object is not callable")),
    (lambda: tf.ragged.map_flat_values(np.ones(2), tf.ragged.constant([[1, 2], [3]])),
     ('raise', 'TypeError', "'numpy.ndarray' object is not callable")),
    (lambda: tf.ragged.map_flat_values(tf.constant(1), tf.ragged.constant([[1, 2], [3]]), tf.ragged.constant([[1], [3]])),  # noqa: E501
     ('raise', 'ValueError',
      "Input RaggedTensors' flat_values must all have the same outer-dimension size.  Got "
      'sizes: {2, 3}')),
]

CASES = TYPE_READS


@pytest.mark.parametrize("fn, want", CASES)
def test_outcome_is_tf_2_21s(fn, want):
    assert outcome(fn) == want
