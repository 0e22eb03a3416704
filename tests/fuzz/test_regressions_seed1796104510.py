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

# Python's messages name a type by its module, and TF's conversion names TF's own classes:
# "Attempt to convert a value (tf.string) with an unsupported type (<class
# 'tensorflow.python.framework.dtypes.DType'>)" (core/type_names.type_repr; was eagerflow's
# module path: the ODD survey's unsorted_segment_sum of a DType, matmul, lu_solve)
CONVERSION_TYPE_NAMES = [
    (lambda: tf.matmul(tf.string, [[1.]]),
     ('raise', 'ValueError',
      'Attempt to convert a value (tf.string) with an unsupported type (<class '
      "'tensorflow.python.framework.dtypes.DType'>) to a Tensor.")),
    (lambda: tf.add(tf.int32, 1),
     ('raise', 'ValueError',
      'Attempt to convert a value (tf.int32) with an unsupported type (<class '
      "'tensorflow.python.framework.dtypes.DType'>) to a Tensor.")),
    (lambda: tf.constant(tf.TensorShape([None])),
     ('raise', 'ValueError',
      "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
      'Tensor.')),
    (lambda: tf.convert_to_tensor([tf.int32]),
     ('raise', 'ValueError',
      'Attempt to convert a value (tf.int32) with an unsupported type (<class '
      "'tensorflow.python.framework.dtypes.DType'>) to a Tensor.")),
    (lambda: tf.convert_to_tensor([[1], tf.float32]),
     ('raise', 'ValueError', "Can't convert non-rectangular Python sequence to Tensor.")),
    (lambda: tf.math.unsorted_segment_sum([], np.array([], np.complex128), tf.string),
     ('raise', 'ValueError',
      'Attempt to convert a value (tf.string) with an unsupported type (<class '
      "'tensorflow.python.framework.dtypes.DType'>) to a Tensor.")),
    (lambda: tf.dynamic_partition(tf.string, [0], 1),
     ('raise', 'ValueError',
      'Attempt to convert a value (tf.string) with an unsupported type (<class '
      "'tensorflow.python.framework.dtypes.DType'>) to a Tensor.")),
    (lambda: tf.image.convert_image_dtype(tf.string, tf.float32),
     ('raise', 'ValueError',
      'Attempt to convert a value (tf.string) with an unsupported type (<class '
      "'tensorflow.python.framework.dtypes.DType'>) to a Tensor.")),
    (lambda: tf.abs(tf.ragged.constant([[1]]).row_splits.dtype),
     ('raise', 'ValueError',
      'Attempt to convert a value (tf.int64) with an unsupported type (<class '
      "'tensorflow.python.framework.dtypes.DType'>) to a Tensor.")),
    (lambda: tf.convert_to_tensor(tf.sparse.eye(2)),
     ('raise', 'ValueError', 'Attempt to convert a value (SparseTensor(indices=tf.Tensor(')),
    (lambda: tf.sparse.reduce_sum(tf.sparse.eye(2)) / tf.sparse.eye(2),
     ('raise', 'ValueError', 'Attempt to convert a value (SparseTensor(indices=tf.Tensor(')),
    (lambda: tf.linalg.lu_solve(tf.eye(2), [0, 1], tf.resource),
     ('raise', 'ValueError',
      'Attempt to convert a value (tf.resource) with an unsupported type (<class '
      "'tensorflow.python.framework.dtypes.DType'>) to a Tensor.")),
    (lambda: tf.reshape(tf.ragged.constant([[1]]), [1]),
     ('int32', [1], [1])),
    (lambda: tf.convert_to_tensor(np.array([tf.int32], object)),
     ('raise', 'ValueError',
      'Failed to convert a NumPy array to a Tensor (Unsupported object type DType).')),
]

# TF's Python calls a str method on its string arguments unchecked, and reads other
# attributes of its arguments before converting them: what has none is Python's
# AttributeError (einsum's equation.replace after each operand's shape, strings.format's
# template.count, nn.pool's pooling_type.lower, pad's mode.upper (bytes stay bytes, no mode),
# the data_format.startswith of the pools, transposed convolutions, bias_add and depthwise
# conv, a layout's mesh, make_ndarray's tensor_shape, broadcast_static_shape's ndims, the
# image functions' get_shape, max_pool's and avg_pool's input.shape); tf.nn.convolution
# hands a format that is no string to its op (was: TypeError "`x` must be a string", an
# invented contract, or the input converted first)
STR_METHODS = [
    (lambda: tf.einsum(tf.constant(True), tf.ones(2)),
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'replace'")),
    (lambda: tf.einsum(1, tf.ones(2)),
     ('raise', 'AttributeError', "'int' object has no attribute 'replace'")),
    (lambda: tf.einsum(b'i->i', tf.ones(2)),
     ('raise', 'TypeError', "a bytes-like object is required, not 'str'")),
    (lambda: tf.experimental.numpy.einsum(tf.constant(True), tf.ones(2)),
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'replace'")),
    (lambda: tf.strings.format(tf.constant(True), []),
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'count'")),
    (lambda: tf.strings.format(1, []),
     ('raise', 'AttributeError', "'int' object has no attribute 'count'")),
    (lambda: tf.nn.pool(tf.ones((1, 2, 2, 1)), [1, 1], tf.constant(True), 'SAME'),
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'lower'")),
    (lambda: tf.nn.pool(tf.ones((1, 2, 2, 1)), [1, 1], 1, 'SAME'),
     ('raise', 'AttributeError', "'int' object has no attribute 'lower'")),
    (lambda: tf.make_ndarray(tf.constant(True)),
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'tensor_shape'")),
    (lambda: tf.make_ndarray(np.ones(2)),
     ('raise', 'AttributeError', "'numpy.ndarray' object has no attribute 'tensor_shape'")),
    (lambda: tf.broadcast_static_shape(tf.constant(True), tf.TensorShape([1])),
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'ndims'")),
    (lambda: tf.broadcast_static_shape([1], tf.TensorShape([1])),
     ('raise', 'AttributeError', "'list' object has no attribute 'ndims'")),
    (lambda: tf.broadcast_static_shape(tf.TensorShape([1]), (1,)),
     ('raise', 'AttributeError', "'tuple' object has no attribute 'ndims'")),
    (lambda: tf.fill([1], 1, layout=tf.constant(True)),
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'mesh'")),
    (lambda: tf.zeros([1], layout=tf.constant(True)),
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'mesh'")),
    (lambda: tf.ones([1], layout=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.zeros_like([1], layout=tf.constant(True)),
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'mesh'")),
    (lambda: tf.ones_like([1], layout=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.pad([1], [[1, 1]], mode=tf.constant(True)),
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'upper'")),
    (lambda: tf.pad([1], [[1, 1]], mode=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'upper'")),
    (lambda: tf.nn.max_pool3d(tf.ones((1, 1, 1, 1, 1)), 1, 1, 'SAME', data_format=tf.constant(True)),  # noqa: E501
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'startswith'")),
    (lambda: tf.nn.conv2d_transpose(tf.ones((1, 1, 1, 1)), tf.ones((1, 1, 1, 1)), [1, 1, 1, 1], 1, data_format=tf.constant(True)),  # noqa: E501
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'startswith'")),
    (lambda: tf.nn.max_pool(1, 1, 1, 'SAME'),
     ('raise', 'AttributeError', "'int' object has no attribute 'shape'")),
    (lambda: tf.nn.avg_pool(1, 1, 1, 'SAME'),
     ('raise', 'AttributeError', "'int' object has no attribute 'shape'")),
    (lambda: tf.image.total_variation(1),
     ('raise', 'AttributeError', "'int' object has no attribute 'get_shape'")),
    (lambda: tf.image.grayscale_to_rgb(1),
     ('raise', 'AttributeError', "'int' object has no attribute 'get_shape'")),
    (lambda: tf.image.image_gradients(1),
     ('raise', 'AttributeError', "'int' object has no attribute 'get_shape'")),
    (lambda: tf.nn.avg_pool1d(tf.ones((1, 2, 1)), 1, 1, 'SAME', data_format=tf.constant(True)),
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'startswith'")),
    (lambda: tf.nn.bias_add(tf.ones((1, 2)), tf.ones(2), data_format=tf.constant(True)),
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'startswith'")),
    (lambda: tf.nn.depthwise_conv2d(tf.ones((1, 1, 1, 1)), tf.ones((1, 1, 1, 1)), [1, 1, 1, 1], 'SAME', data_format=tf.constant(True)),  # noqa: E501
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'startswith'")),
    (lambda: tf.nn.max_pool3d(tf.ones((1, 1, 1, 1, 1)), 1, 1, 'SAME', data_format=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'startswith'")),
    (lambda: tf.nn.avg_pool3d(tf.ones((1, 1, 1, 1, 1)), 1, 1, 'SAME', data_format=tf.constant(True)),  # noqa: E501
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'startswith'")),
    (lambda: tf.nn.max_pool2d(tf.ones((1, 1, 1, 1)), 1, 1, 'SAME', data_format=tf.constant(True)),
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'startswith'")),
    (lambda: tf.nn.avg_pool2d(tf.ones((1, 1, 1, 1)), 1, 1, 'SAME', data_format=tf.constant(True)),
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'startswith'")),
    (lambda: tf.nn.max_pool(tf.ones((1, 1, 1, 1)), 1, 1, 'SAME', data_format=tf.constant(True)),
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'startswith'")),
    (lambda: tf.nn.max_pool1d(tf.ones((1, 2, 1)), 1, 1, 'SAME', data_format=tf.constant(True)),
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'startswith'")),
    (lambda: tf.nn.conv3d_transpose(tf.ones((1, 1, 1, 1, 1)), tf.ones((1, 1, 1, 1, 1)), [1, 1, 1, 1, 1], 1, data_format=tf.constant(True)),  # noqa: E501
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'startswith'")),
    (lambda: tf.nn.conv1d_transpose(tf.ones((1, 1, 1)), tf.ones((1, 1, 1)), [1, 1, 1], 1, data_format=tf.constant(True)),  # noqa: E501
     ('raise', 'TypeError', "Cannot convert 'NWC' to EagerTensor of dtype bool")),
    (lambda: tf.nn.bias_add(tf.ones((1, 2)), tf.ones(2), data_format=7),
     ('raise', 'AttributeError', "'int' object has no attribute 'startswith'")),
    (lambda: tf.nn.conv2d(tf.ones((1, 1, 1, 1)), tf.ones((1, 1, 1, 1)), 1, 'SAME', data_format=tf.constant(True)),  # noqa: E501
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'startswith'")),
    (lambda: tf.nn.conv2d(tf.ones((1, 1, 1, 1)), tf.ones((1, 1, 1, 1)), 1, 'SAME', data_format=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'startswith'")),
    (lambda: tf.nn.conv1d(tf.ones((1, 1, 1)), tf.ones((1, 1, 1)), 1, 'SAME', data_format=1),
     ('raise', 'ValueError', "`data_format` must be 'NWC' or 'NCW'. Received: data_format=1")),
    (lambda: tf.nn.conv3d(tf.ones((1, 1, 1, 1, 1)), tf.ones((1, 1, 1, 1, 1)), 1, 'SAME', data_format=1),  # noqa: E501
     ('raise', 'TypeError', "Expected list for 'strides' argument to 'conv3d' Op, not 1.")),
    (lambda: tf.nn.convolution(tf.ones((1, 1, 1, 1)), tf.ones((1, 1, 1, 1)), 1, 'SAME', data_format=1),  # noqa: E501
     ('raise', 'TypeError', "Expected string for argument 'data_format' not 1.")),
    (lambda: tf.nn.separable_conv2d(tf.ones((1, 1, 1, 1)), tf.ones((1, 1, 1, 1)), tf.ones((1, 1, 1, 1)), [1, 1, 1, 1], 'SAME', data_format=1),  # noqa: E501
     ('raise', 'AttributeError', "'int' object has no attribute 'startswith'")),
    (lambda: tf.nn.space_to_depth(tf.ones((1, 2, 2, 1)), 2, data_format=1),
     ('raise', 'TypeError', "Expected string for argument 'data_format' not 1.")),
    (lambda: tf.nn.depth_to_space(tf.ones((1, 1, 1, 4)), 2, data_format=1),
     ('raise', 'TypeError', "Expected string for argument 'data_format' not 1.")),
    (lambda: tf.nn.moments(tf.ones((1, 1, 1, 1)), [0]),
     ['tuple', ('float32', [1, 1, 1], [[[1.0]]]), ('float32', [1, 1, 1], [[[0.0]]])]),
    (lambda: tf.pad([1], [[1, 1]], mode=b'constant'),
     ('raise', 'ValueError',
      'Value of argument `mode` expected to be one of "CONSTANT", "REFLECT", or '
      '"SYMMETRIC". Received `mode` = b\'CONSTANT\'')),
    (lambda: tf.einsum('i->i', [1., 2.]),
     ('raise', 'AttributeError', "'list' object has no attribute 'shape'")),
    (lambda: tf.einsum('i->i', 1.),
     ('raise', 'AttributeError', "'float' object has no attribute 'shape'")),
    (lambda: tf.einsum('i->i', np.ones(2)),
     ('float64', [2], [1.0, 1.0])),
    (lambda: tf.einsum(1, [1., 2.]),
     ('raise', 'AttributeError', "'list' object has no attribute 'shape'")),
    (lambda: tf.experimental.numpy.einsum('i->i', [1., 2.]),
     ('float64', [2], [1.0, 2.0])),
    (lambda: tf.strings.format(['a'], []),
     ('raise', 'TypeError', "Expected string for argument 'template' not ['a'].")),
    (lambda: tf.strings.format(['{}'], []),
     ('raise', 'ValueError',
      'The template expects 1 tensors, but the inputs only has 0. Please ensure the number '
      'of placeholders in template matches inputs length.')),
    (lambda: tf.strings.format('a', [], placeholder=1),
     ('raise', 'TypeError', 'must be str, not int')),
    (lambda: tf.strings.format(b'a{}', [1], placeholder='{}'),
     ('raise', 'TypeError', "argument should be integer or bytes-like object, not 'str'")),
    (lambda: tf.strings.format(np.array('a'), []),
     ('raise', 'AttributeError', "'numpy.ndarray' object has no attribute 'count'")),
    (lambda: tf.broadcast_static_shape(tf.TensorShape(None), 1),
     ('py', 'TensorShape(None)')),
    (lambda: tf.broadcast_static_shape(tf.TensorShape([1]), tf.TensorShape(None)),
     ('py', 'TensorShape(None)')),
    (lambda: tf.broadcast_static_shape(tf.TensorShape([2]), tf.TensorShape([3])),
     ('raise', 'ValueError',
      'Incompatible shapes for broadcasting. Two shapes are compatible if for each '
      'dimension pair they are either equal or one of them is 1. Received: (2,) and (3,).')),
    (lambda: tf.make_ndarray([1]),
     ('raise', 'AttributeError', "'list' object has no attribute 'tensor_shape'")),
    (lambda: tf.make_ndarray(tf.make_tensor_proto([1, 2])),
     ('py', 'array([1, 2], dtype=int32)')),
    (lambda: tf.fill([1], 1, layout=None),
     ('int32', [1], [1])),
    (lambda: tf.image.total_variation([[[1.]]]),
     ('raise', 'AttributeError', "'list' object has no attribute 'get_shape'")),
    (lambda: tf.image.total_variation(np.ones((1, 1, 1))),
     ('raise', 'AttributeError', "'numpy.ndarray' object has no attribute 'get_shape'")),
    (lambda: tf.image.image_gradients(np.ones((1, 1, 1, 1))),
     ('raise', 'AttributeError', "'numpy.ndarray' object has no attribute 'get_shape'")),
    (lambda: tf.image.grayscale_to_rgb([[1.]]),
     ('raise', 'AttributeError', "'list' object has no attribute 'get_shape'")),
    (lambda: tf.nn.max_pool([[[1.]]], 1, 1, 'SAME'),
     ('raise', 'AttributeError', "'list' object has no attribute 'shape'")),
    (lambda: tf.nn.avg_pool(np.ones((1, 1, 1), np.float32), 1, 1, 'SAME'),
     ('float32', [1, 1, 1], [[[1.0]]])),
    (lambda: tf.nn.pool(tf.ones((1, 2, 2, 1)), [1, 1], 'MAX', padding='SAME', data_format=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'startswith'")),
    (lambda: tf.nn.pool(tf.ones((1, 2, 2, 1)), [1, 1], None),
     ('raise', 'AttributeError', "'NoneType' object has no attribute 'lower'")),
    (lambda: tf.nn.max_pool1d(tf.ones((1, 2, 1)), 1, 1, 'SAME', data_format=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'startswith'")),
    (lambda: tf.pad([1], [[1, 1]], mode=None),
     ('raise', 'AttributeError', "'NoneType' object has no attribute 'upper'")),
    (lambda: tf.pad([1], [[1, 1]], mode='reflect'),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__MirrorPad_device_/job:localhost/replica:0/task:0/device:CPU:0}} paddings '
      'must be less than the dimension size: 1, 1 not less than 1 [Op:MirrorPad]')),
    (lambda: tf.nn.conv2d(np.ones((1, 4, 4, 1), np.float32), np.ones((2, 2, 1, 1), np.float32), 1, 'VALID', data_format=tf.constant(True)),  # noqa: E501
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'startswith'")),
    (lambda: tf.nn.conv2d_transpose(np.ones((1, 4, 4, 1), np.float32), np.ones((2, 2, 1, 1), np.float32), [1, 4, 4, 1], 1, data_format=[1]),  # noqa: E501
     ('raise', 'AttributeError', "'list' object has no attribute 'startswith'")),
    (lambda: tf.nn.depthwise_conv2d(np.ones((1, 4, 4, 1), np.float32), np.ones((2, 2, 1, 1), np.float32), [1, 1, 1, 1], 'VALID', data_format=tf.constant(True)),  # noqa: E501
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'startswith'")),
    (lambda: tf.nn.conv3d(np.ones((1, 2, 2, 2, 1), np.float32), np.ones((1, 1, 1, 1, 1), np.float32), [1] * 5, 'VALID', data_format=1.5),  # noqa: E501
     ('raise', 'TypeError', "Expected string for argument 'data_format' not 1.5.")),
    (lambda: tf.nn.max_pool2d(np.ones((1, 4, 4, 1), np.float32), 2, 2, 'VALID', data_format=[1]),
     ('raise', 'AttributeError', "'list' object has no attribute 'startswith'")),
    (lambda: tf.nn.avg_pool2d(np.ones((1, 4, 4, 1), np.float32), 2, 2, 'VALID', data_format=1.5),
     ('raise', 'AttributeError', "'float' object has no attribute 'startswith'")),
    (lambda: tf.nn.max_pool3d(np.ones((1, 2, 2, 2, 1), np.float32), 1, 1, 'VALID', data_format=tf.constant(True)),  # noqa: E501
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'startswith'")),
    (lambda: tf.nn.avg_pool3d(np.ones((1, 2, 2, 2, 1), np.float32), 1, 1, 'VALID', data_format=tf.constant(True)),  # noqa: E501
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'startswith'")),
    (lambda: tf.nn.bias_add(np.ones((1, 4, 4, 1), np.float32), np.ones(1, np.float32), data_format=tf.string),  # noqa: E501
     ('raise', 'AttributeError', "'DType' object has no attribute 'startswith'")),
    (lambda: tf.pad(np.ones((1, 4, 4, 1), np.float32), [[0, 0]] * 4, mode=[1]),
     ('raise', 'AttributeError', "'list' object has no attribute 'upper'")),
    (lambda: tf.einsum(tf.constant(True)),
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'replace'")),
    (lambda: tf.einsum(np.array(True), np.ones((1, 4, 4, 1), np.float32)),
     ('raise', 'AttributeError', "'numpy.ndarray' object has no attribute 'replace'")),
    (lambda: tf.pad(tf.ones([3]), [[1, 1]], mode=b'reflect'),
     ('raise', 'ValueError',
      'Value of argument `mode` expected to be one of "CONSTANT", "REFLECT", or '
      '"SYMMETRIC". Received `mode` = b\'REFLECT\'')),
    (lambda: tf.pad(tf.ones([3]), [[1, 1]], mode='reflect'),
     ('float32', [5], [1.0, 1.0, 1.0, 1.0, 1.0])),
    (lambda: tf.nn.bias_add(tf.ones([1, 2]), tf.ones([2]), data_format=b'NC'),
     ('raise', 'TypeError',
      'startswith first arg must be bytes or a tuple of bytes, not str')),
    (lambda: tf.image.grayscale_to_rgb(np.ones((2, 2, 1), np.float32)),
     ('raise', 'AttributeError', "'numpy.ndarray' object has no attribute 'get_shape'")),
    (lambda: tf.make_ndarray(5),
     ('raise', 'AttributeError', "'int' object has no attribute 'tensor_shape'")),
]

# tf.nn.ctc_loss of dense labels and logits of no classes: TF's composite has no blank
# states, so its first forward step adds [batch, 2(width + 1)] to [batch, width + 1]
# (AddV2's refusal) where there is a label column and a step, else the gradient's one-hot
# of depth classes - 1 is OneHot's (was: NumPy's broadcast ValueError from the kernel; the
# ops fuzzer's _CTCLossDense of (4, 3, 0) logits)
CTC_NO_CLASSES = [
    (lambda: tf.nn.ctc_loss(labels=tf.constant([[1, 2, 2], [2, 2, 0], [1, 0, 0]]), logits=tf.zeros((4, 3, 0)), label_length=tf.constant([1, 1, 1]), logit_length=tf.constant([3, 2, 1])),  # noqa: E501
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__AddV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} Incompatible '
      'shapes: [3,8] vs. [3,4] [Op:AddV2] name:')),
    (lambda: tf.nn.ctc_loss(labels=tf.constant([[1, 2, 2], [2, 2, 0], [1, 0, 0]]), logits=tf.zeros((4, 3, 0)), label_length=tf.constant([1, 1, 1]), logit_length=tf.constant([3, 2, 1]), logits_time_major=True),  # noqa: E501
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__AddV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} Incompatible '
      'shapes: [3,8] vs. [3,4] [Op:AddV2] name:')),
    (lambda: tf.nn.ctc_loss(labels=tf.constant([[1]]), logits=tf.zeros((2, 1, 0)), label_length=tf.constant([1]), logit_length=tf.constant([2])),  # noqa: E501
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__AddV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} Incompatible '
      'shapes: [1,4] vs. [1,2] [Op:AddV2] name:')),
    (lambda: tf.nn.ctc_loss(labels=tf.constant([[1, 2]]), logits=tf.zeros((2, 1, 1)), label_length=tf.constant([1]), logit_length=tf.constant([2])),  # noqa: E501
     ('float32', [1], [-1.0986123085021973])),
    (lambda: tf.nn.ctc_loss(labels=tf.zeros((1, 0), tf.int32), logits=tf.zeros((2, 1, 0)), label_length=tf.constant([0]), logit_length=tf.constant([2])),  # noqa: E501
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__OneHot_device_/job:localhost/replica:0/task:0/device:CPU:0}} depth must '
      'be non-negative, got: -1 [Op:OneHot] name:')),
    (lambda: tf.nn.ctc_loss(labels=tf.constant([[1]]), logits=tf.zeros((0, 1, 0)), label_length=tf.constant([1]), logit_length=tf.constant([0])),  # noqa: E501
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__OneHot_device_/job:localhost/replica:0/task:0/device:CPU:0}} depth must '
      'be non-negative, got: -1 [Op:OneHot] name:')),
    (lambda: tf.nn.ctc_loss(labels=tf.constant([[1, 1]]), logits=tf.zeros((3, 1, 0)), label_length=tf.constant([1]), logit_length=tf.constant([3]), blank_index=-1),  # noqa: E501
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__AddV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} Incompatible '
      'shapes: [1,6] vs. [1,3] [Op:AddV2] name:')),
]

# In TF's order: eigh_tridiagonal reads alpha's length first (a scalar's IndexError), takes
# one entry or none as alpha's real part with beta unread, then the types, and select only
# after; the N-D FFTs read the rank of their axes (a scalar's IndexError), irfftnd of a
# scalar input infers its lengths from no dims (IndexError); separable_conv2d converts its
# three inputs, then words the pointwise filter's rank as TensorShape.with_rank (was: the
# select check first, alpha's "same type" check of a one-entry call, 'Shape () must have
# rank at least 1', 'Shape must be rank 4 but is rank 0')
READ_ORDER = [
    (lambda: tf.linalg.eigh_tridiagonal(tf.constant(True), tf.constant(True), eigvals_only=tf.constant(True), select=tf.constant(True)),  # noqa: E501
     ('raise', 'IndexError', 'tuple index out of range')),
    (lambda: tf.linalg.eigh_tridiagonal(0, tf.constant(True), select='a'),
     ('raise', 'IndexError', 'tuple index out of range')),
    (lambda: tf.linalg.eigh_tridiagonal(tf.constant(1.), [1.]),
     ('raise', 'IndexError', 'tuple index out of range')),
    (lambda: tf.linalg.eigh_tridiagonal([1., 2.], [1.], select='v', select_range=[0., 5.]),
     ('float32', [2], [0.3819660246372223, 2.6180338859558105])),
    (lambda: tf.linalg.eigh_tridiagonal([1., 2.], [1.], select=tf.constant(True)),
     ('raise', 'TypeError', "Cannot convert 'a' to EagerTensor of dtype bool")),
    (lambda: tf.linalg.eigh_tridiagonal([1., 2.], [1.], select=0),
     ('raise', 'ValueError', "'select must have a value in {'a', 'i', 'v'}.")),
    (lambda: tf.signal.fftnd(tf.constant(True), fft_length=tf.constant(True), axes=0),
     ('raise', 'IndexError', 'tuple index out of range')),
    (lambda: tf.signal.fftnd(tf.constant([1j]), axes=0),
     ('raise', 'IndexError', 'tuple index out of range')),
    (lambda: tf.signal.fftnd(tf.constant([1j]), fft_length=tf.constant(True)),
     ('raise', 'ValueError',
      'Tensor conversion requested dtype int32 for Tensor with dtype bool: <tf.Tensor: '
      'shape=(), dtype=bool, numpy=True>')),
    (lambda: tf.signal.fftnd(tf.constant(1j)),
     ('raise', 'NotFoundError',
      'Could not find device for node: {{node FFTND}} = FFTND[Tcomplex=DT_COMPLEX128]')),
    (lambda: tf.signal.ifftnd(tf.constant(1j)),
     ('raise', 'NotFoundError',
      'Could not find device for node: {{node IFFTND}} = IFFTND[Tcomplex=DT_COMPLEX128]')),
    (lambda: tf.signal.rfftnd(tf.constant(1.)),
     ('raise', 'NotFoundError',
      'Could not find device for node: {{node RFFTND}} = RFFTND[Tcomplex=DT_COMPLEX64, '
      'Treal=DT_FLOAT]')),
    (lambda: tf.signal.irfftnd(tf.constant(1j)),
     ('raise', 'IndexError', 'list index out of range')),
    (lambda: tf.signal.fftnd(tf.constant([[1j]]), fft_length=[1], axes=[0, 1]),
     ('raise', 'NotFoundError',
      'Could not find device for node: {{node FFTND}} = FFTND[Tcomplex=DT_COMPLEX128]')),
    (lambda: tf.nn.separable_conv2d(tf.constant(True), tf.constant(True), tf.constant(True), [], tf.constant(True)),  # noqa: E501
     ('raise', 'ValueError', 'Shape () must have rank 4')),
    (lambda: tf.nn.separable_conv2d(tf.ones((1, 2, 2, 1)), tf.ones((1, 1)), tf.ones((1, 1, 1, 1)), [1, 1, 1, 1], 'SAME'),  # noqa: E501
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__DepthwiseConv2dNative_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'filter must be 4-dimensional: [1,1] [Op:DepthwiseConv2dNative] name: depthwise')),
    (lambda: tf.nn.separable_conv2d(tf.ones((1, 2, 2)), tf.ones((1, 1, 1, 1)), tf.ones((1, 1, 1, 1)), [1, 1, 1, 1], 'SAME'),  # noqa: E501
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__DepthwiseConv2dNative_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'input must be 4-dimensional[1,2,2] [Op:DepthwiseConv2dNative] name: depthwise')),
    (lambda: tf.linalg.eigh_tridiagonal([1.], [1., 2., 3.]),
     ('float32', [1], [1.0])),
    (lambda: tf.linalg.eigh_tridiagonal(tf.zeros([0]), 'x'),
     ('float32', [0], [])),
    (lambda: tf.linalg.eigh_tridiagonal([1j], [1.]),
     ('float64', [1], [0.0])),
    (lambda: tf.linalg.eigh_tridiagonal([1., 2.], [1], select='x'),
     ('raise', 'ValueError', "'alpha' and 'beta' must have the same type.")),
    (lambda: tf.linalg.eigh_tridiagonal([1., 2.], [1.], select='x'),
     ('raise', 'ValueError', "'select must have a value in {'a', 'i', 'v'}.")),
    (lambda: tf.linalg.eigh_tridiagonal([1., 2.], [True], select='x'),
     ('raise', 'ValueError', "'alpha' and 'beta' must have the same type.")),
]

# tf.reverse_sequence reads its attrs as TF's kernel does, batch_dim first: each against
# int32's range ('Attr batch_dim has value N out of range for an int32'), then its sign; an
# int past int64 is the fast path's OverflowError where the inputs are tensors, and the C
# conversion's -1 ('Invalid seq_dim -1') where a Python list sends TF's wrapper down its
# slow path, whose errors name no name (was: the axis against the rank first, seq_dim
# before batch_dim, OverflowError always, ' name:' after a list's error)
REVERSE_SEQUENCE_ATTRS = [
    (lambda: tf.reverse_sequence([None], 1+2j, seq_axis=tf.constant(-inf, tf.float64)),
     ('raise', 'OverflowError', 'cannot convert float infinity to integer')),
    (lambda: tf.reverse_sequence([[1, 2]], [1], seq_axis=tf.constant(-inf, tf.float64)),
     ('raise', 'OverflowError', 'cannot convert float infinity to integer')),
    (lambda: tf.reverse_sequence([[1, 2]], [1], seq_axis=tf.constant(1.5, tf.float64)),
     ('int32', [1, 2], [[1, 2]])),
    (lambda: tf.reverse_sequence([[1, 2]], [1], seq_axis=1.5),
     ('int32', [1, 2], [[1, 2]])),
    (lambda: tf.reverse_sequence([[1, 2]], [1], seq_axis=-inf),
     ('raise', 'OverflowError', 'cannot convert float infinity to integer')),
    (lambda: tf.reverse_sequence([[1, 2]], [1], seq_axis=nan),
     ('raise', 'TypeError', "Expected int for argument 'seq_dim' not nan.")),
    (lambda: tf.reverse_sequence([[1, 2]], [1], seq_axis=1),
     ('int32', [1, 2], [[1, 2]])),
    (lambda: tf.reverse_sequence([[1, 2]], [1], seq_axis=tf.constant(1)),
     ('int32', [1, 2], [[1, 2]])),
    (lambda: tf.reverse_sequence([[1, 2]], [1], seq_axis=tf.constant(nan)),
     ('raise', 'TypeError',
      "Expected int for argument 'seq_dim' not <tf.Tensor: shape=(), dtype=float32, "
      'numpy=nan>.')),
    (lambda: tf.reverse_sequence([[1, 2]], [1], seq_axis=np.float64(inf)),
     ('raise', 'OverflowError', 'cannot convert float infinity to integer')),
    (lambda: tf.reverse_sequence([[1, 2]], [1], seq_axis=1, batch_axis=tf.constant(inf)),
     ('raise', 'OverflowError', 'cannot convert float infinity to integer')),
    (lambda: tf.reverse_sequence([[1, 2]], [1], seq_axis=1, batch_axis=1e30),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__ReverseSequence_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Invalid batch_dim -1 [Op:ReverseSequence]')),
    (lambda: tf.reverse_sequence([[1, 2]], [1], seq_axis=2**70),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__ReverseSequence_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Invalid seq_dim -1 [Op:ReverseSequence]')),
    (lambda: tf.reverse_sequence([[1, 2]], [1], seq_axis=-1, batch_axis=-1),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__ReverseSequence_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Invalid batch_dim -1 [Op:ReverseSequence]')),
    (lambda: tf.reverse_sequence([[1, 2]], [1], seq_axis=2**40, batch_axis=2**40),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__ReverseSequence_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Attr batch_dim has value 1099511627776 out of range for an int32 '
      '[Op:ReverseSequence]')),
    (lambda: tf.reverse_sequence([[1, 2]], [1], seq_axis=-1, batch_axis=2**40),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__ReverseSequence_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Attr batch_dim has value 1099511627776 out of range for an int32 '
      '[Op:ReverseSequence]')),
    (lambda: tf.reverse_sequence([[1, 2]], [1], seq_axis=2**40, batch_axis=-1),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__ReverseSequence_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Attr seq_dim has value 1099511627776 out of range for an int32 [Op:ReverseSequence]')),
    (lambda: tf.reverse_sequence(tf.constant([[1, 2]]), tf.constant([1]), seq_axis=2**70),
     ('raise', 'OverflowError', 'int too big to convert')),
    (lambda: tf.reverse_sequence(tf.constant([[1, 2]]), tf.constant([1]), seq_axis=1, batch_axis=-2**64),  # noqa: E501
     ('raise', 'OverflowError', 'int too big to convert')),
    (lambda: tf.reverse_sequence([[1, 2]], [1], seq_axis=2**40),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__ReverseSequence_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Attr seq_dim has value 1099511627776 out of range for an int32 [Op:ReverseSequence]')),
    (lambda: tf.reverse_sequence([[1, 2]], [1], seq_axis=2**63),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__ReverseSequence_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Invalid seq_dim -1 [Op:ReverseSequence]')),
    (lambda: tf.reverse_sequence([[1, 2]], [1], seq_axis=-2**70),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__ReverseSequence_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Invalid seq_dim -1 [Op:ReverseSequence]')),
    (lambda: tf.reverse_sequence([[1, 2]], [1], seq_axis=2**32+1),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__ReverseSequence_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Attr seq_dim has value 4294967297 out of range for an int32 [Op:ReverseSequence]')),
]

# TF's generated wrappers check their list and string arguments first (quantized_concat's
# values, input_mins, input_maxes: 'Expected list for ...'; dequantize's mode: 'Expected
# string for argument'); safe_embedding_lookup_sparse reads sparse_ids.dense_shape and
# sparse_weights.values unchecked; tridiagonal_solve reads the ranks of its compact
# diagonals and of rhs as given, x.shape.rank (a list has no shape, a NumPy array's shape
# no rank) (was: their conversion's errors, eagerflow's TypeError, or NumPy arrays taken)
WRAPPER_ARGS = [
    (lambda: tf.quantization.quantized_concat(tf.constant(0), tf.constant(True), [1.], [2.]),
     ('raise', 'TypeError',
      "Expected list for 'values' argument to 'quantized_concat' Op, not <tf.Tensor: "
      'shape=(), dtype=bool, numpy=True>.')),
    (lambda: tf.quantization.quantized_concat(tf.constant([0, 1]), np.zeros((1, 2), np.uint32), np.array([1]), {}),  # noqa: E501
     ('raise', 'TypeError',
      "Expected list for 'values' argument to 'quantized_concat' Op, not array([[0, 0]], "
      'dtype=uint32).')),
    (lambda: tf.quantization.quantized_concat(0, [tf.constant(1, tf.quint8)], 1., [2.]),
     ('raise', 'TypeError',
      "Expected list for 'input_mins' argument to 'quantized_concat' Op, not 1.0.")),
    (lambda: tf.dynamic_stitch(tf.constant(True), tf.constant(True)),
     ('raise', 'TypeError',
      "Expected list for 'indices' argument to 'dynamic_stitch' Op, not <tf.Tensor: "
      'shape=(), dtype=bool, numpy=True>.')),
    (lambda: tf.dynamic_stitch([[0]], tf.constant(True)),
     ('raise', 'TypeError',
      "Expected list for 'data' argument to 'dynamic_stitch' Op, not <tf.Tensor: shape=(), "
      'dtype=bool, numpy=True>.')),
    (lambda: tf.quantization.dequantize(tf.constant(True), tf.constant(True), tf.constant(True), mode=tf.constant(True)),  # noqa: E501
     ('raise', 'TypeError',
      "Expected string for argument 'mode' not <tf.Tensor: shape=(), dtype=bool, "
      'numpy=True>.')),
    (lambda: tf.quantization.dequantize(tf.constant([1], tf.qint8), 0., 1., mode=[1, [2]]),
     ('raise', 'TypeError', "Expected string for argument 'mode' not [1, [2]].")),
    (lambda: tf.quantization.dequantize(tf.constant([1], tf.qint8), 0., 1., mode=1),
     ('raise', 'TypeError', "Expected string for argument 'mode' not 1.")),
    (lambda: tf.quantization.dequantize(tf.constant([1], tf.qint8), 0., 1., mode='X'),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'mode\' of "X" is not in the list of allowed values: "MIN_COMBINED", '
      '"MIN_FIRST", "SCALED"')),
    (lambda: tf.nn.safe_embedding_lookup_sparse(tf.constant(True), tf.constant(True)),
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'dense_shape'")),
    (lambda: tf.nn.safe_embedding_lookup_sparse([tf.ones((2, 2))], tf.constant([[1]])),
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'dense_shape'")),
    (lambda: tf.nn.safe_embedding_lookup_sparse([tf.ones((2, 2))], tf.sparse.eye(2, dtype=tf.int64), sparse_weights=tf.constant([1.])),  # noqa: E501
     ('raise', 'AttributeError',
      "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'values'")),
    (lambda: tf.linalg.tridiagonal_solve(2**40, tf.constant([], tf.uint32), transpose_rhs=True),
     ('raise', 'AttributeError', "'int' object has no attribute 'shape'")),
    (lambda: tf.linalg.tridiagonal_solve([1.], [1.]),
     ('raise', 'AttributeError', "'list' object has no attribute 'shape'")),
    (lambda: tf.linalg.tridiagonal_solve(np.ones((3, 2)), np.ones(2)),
     ('raise', 'AttributeError', "'tuple' object has no attribute 'rank'")),
    (lambda: tf.linalg.tridiagonal_solve(tf.ones((3, 2)), np.ones(2)),
     ('raise', 'AttributeError', "'tuple' object has no attribute 'rank'")),
    (lambda: tf.linalg.tridiagonal_solve(tf.ones((3, 2)), [1., 1.]),
     ('raise', 'AttributeError', "'list' object has no attribute 'shape'")),
    (lambda: tf.linalg.tridiagonal_solve(tf.constant([[0., 1.], [2., 3.], [4., 0.]]), tf.constant([1., 1.])),  # noqa: E501
     ('float32', [2], [0.5, 0.3333333432674408])),
    (lambda: tf.quantization.quantized_concat(0, [tf.constant([1], tf.quint8)], [1.], 2.),
     ('raise', 'TypeError',
      "Expected list for 'input_maxes' argument to 'quantized_concat' Op, not 2.0.")),
    (lambda: tf.quantization.quantized_concat(0, (tf.constant([1], tf.quint8),), (1.,), (2.,)),
     ('raise', 'InvalidArgumentError', "Value for attr 'N' of 1 must be at least minimum 2")),
    (lambda: tf.linalg.tridiagonal_solve(tf.ones((3, 2)), np.ones(2), diagonals_format='compact'),
     ('raise', 'AttributeError', "'tuple' object has no attribute 'rank'")),
    (lambda: tf.linalg.tridiagonal_solve(np.ones((2, 2)), [1., 1.], diagonals_format='matrix'),
     ('raise', 'AttributeError', "'list' object has no attribute 'shape'")),
    (lambda: tf.linalg.tridiagonal_solve(tf.eye(2), tf.ones((2, 1)), diagonals_format='matrix'),
     ('float32', [2, 1], [[1.0], [1.0]])),
    (lambda: tf.linalg.tridiagonal_solve([tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0, 5.0]), tf.constant([6.0, 7.0])], np.ones((3, 1), np.float32), diagonals_format='sequence'),  # noqa: E501
     ('raise', 'AttributeError', "'tuple' object has no attribute 'rank'")),
]

# tnp.nansum and nanprod take tnp.isnan of any input, as TF's (of ints or bools its float
# cast by the tensor's astype: without NumPy behavior, its AttributeError); tnp.around casts
# its result back by astype, so that without NumPy behavior every call is that
# AttributeError (was: ints and bools summed as they are, a scalar's reduction error,
# around's values)
TNP_ASTYPE = [
    (lambda: tnp.nansum(tf.constant(True), axis=0, dtype=tf.bool),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
    (lambda: tnp.nansum(tf.constant(True)),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
    (lambda: tnp.nansum(tf.constant([1., nan])),
     ('float32', [], 1.0)),
    (lambda: tnp.nansum(tf.constant([1, 2]), axis=0),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
    (lambda: tnp.nanprod(tf.constant(True), axis=0),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
    (lambda: tnp.nanprod(tf.constant([True, False])),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
    (lambda: tnp.nanmean(tf.constant([True, False])),
     ('float64', [], 0.5)),
    (lambda: tnp.isnan(tf.constant(True)),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
    (lambda: tnp.nansum(np.array([True, False])),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
    (lambda: tnp.nansum(tf.constant([1., nan]), axis=3),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Sum_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Invalid reduction dimension (3 for input with 1 dimension(s) [Op:Sum] name:')),
    (lambda: tnp.around(tf.constant(True)),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
    (lambda: tnp.around(tf.constant([1, 2])),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
    (lambda: tnp.around(tf.constant([1.26, 2.]), 1),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
    (lambda: tnp.around(np.array([True])),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
    (lambda: tnp.round(tf.constant(True)),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
]

# tf.dynamic_stitch of a number, None or a string as indices or data: TF's fast path can't
# take it as a list, and its slow path asks for a list or tuple, indices first (was:
# Python's "not iterable", or the data's error first)
DYNAMIC_STITCH_LISTS = [
    (lambda: tf.dynamic_stitch(0, tf.constant(True)),
     ('raise', 'TypeError',
      "Expected list for 'indices' argument to 'dynamic_stitch' Op, not 0.")),
    (lambda: tf.dynamic_stitch(0, [tf.constant([1])]),
     ('raise', 'TypeError',
      "Expected list for 'indices' argument to 'dynamic_stitch' Op, not 0.")),
    (lambda: tf.dynamic_stitch(1.5, 2),
     ('raise', 'TypeError',
      "Expected list for 'indices' argument to 'dynamic_stitch' Op, not 1.5.")),
    (lambda: tf.dynamic_stitch(None, [1]),
     ('raise', 'TypeError',
      "Expected list for 'indices' argument to 'dynamic_stitch' Op, not None.")),
    (lambda: tf.dynamic_stitch('ab', [1]),
     ('raise', 'TypeError',
      "Expected list for 'indices' argument to 'dynamic_stitch' Op, not 'ab'.")),
    (lambda: tf.dynamic_stitch([[0]], 5),
     ('raise', 'TypeError',
      "Expected list for 'data' argument to 'dynamic_stitch' Op, not 5.")),
    (lambda: tf.dynamic_stitch([[0]], [[5]]),
     ('int32', [1], [5])),
    # (the API fuzz's tnp.repeat of inf and -inf repeats: the shape guess's NumPy sum is NaN,
    # no warning; then TF's refusal of float repeats)
    (lambda: tnp.repeat(np.ones((1, 2), np.int64), np.array([inf, -inf], np.float16), axis=1),
     ('raise', 'TypeError',
      'Argument `tensor` (name: repeats) must be of type integer. Received `tensor` = [ inf '
      "-inf] of dtype: <dtype: 'float16'>")),
]

CASES = (TYPE_READS + CONVERSION_TYPE_NAMES + STR_METHODS + CTC_NO_CLASSES +
         READ_ORDER + REVERSE_SEQUENCE_ATTRS + WRAPPER_ARGS + TNP_ASTYPE +
         DYNAMIC_STITCH_LISTS)


@pytest.mark.parametrize("fn, want", CASES)
def test_outcome_is_tf_2_21s(fn, want):
    assert outcome(fn) == want
