"""Regression tests for the differences the fuzz44 campaigns found and left: each call
replayed in TF 2.21 with its neighbours, TF's answer recorded as data (its error class and
the first line of its message, or per tensor its dtype, shape and values; the form of
tests/fuzz/recorded.py). Recorded in a TF process that had already run an op."""

from __future__ import annotations

import numpy as np
import pytest
from recorded import outcome

import eagerflow as tf

# tf.zeros / tf.ones convert their dtype, their value and their shape (a TensorShape's
# dims, else the value as int32) before fill reads the layout's mesh; zeros_like /
# ones_like their input and dtype (another dtype: tf.zeros / tf.ones of its shape, given
# the layout); tf.fill reads it first (was read first by all)
LAYOUT_READ_LAST = [
    (lambda: tf.zeros([2], layout=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.zeros('a', layout=1),
     ('raise', 'TypeError', "Cannot convert 'a' to EagerTensor of dtype int32")),
    (lambda: tf.zeros([-1], layout=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.zeros([2.5], layout=1),
     ('raise', 'TypeError', 'Cannot convert [2.5] to EagerTensor of dtype int32')),
    (lambda: tf.zeros(None, layout=1),
     ('raise', 'ValueError',
      "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
      'Tensor.')),
    (lambda: tf.zeros([2], layout='x'),
     ('raise', 'AttributeError', "'str' object has no attribute 'mesh'")),
    (lambda: tf.zeros([2], layout=None),
     ('float32', [2], [0.0, 0.0])),
    (lambda: tf.ones([2], layout=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.ones('a', layout=1),
     ('raise', 'TypeError', "Cannot convert 'a' to EagerTensor of dtype int32")),
    (lambda: tf.ones([-1], layout=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.ones(None, layout=1),
     ('raise', 'ValueError',
      "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
      'Tensor.')),
    (lambda: tf.ones([2], dtype='foo', layout=1),
     ('raise', 'TypeError',
      "Cannot convert the argument `type_value`: 'foo' to a TensorFlow DType.")),
    (lambda: tf.zeros([2], dtype='foo', layout=1),
     ('raise', 'TypeError',
      "Cannot convert the argument `type_value`: 'foo' to a TensorFlow DType.")),
    (lambda: tf.zeros([2], dtype=tf.string, layout=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.zeros_like([1, 2], layout=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.ones_like([1, 2], layout=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.zeros_like('a', layout=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.ones_like(None, layout=1),
     ('raise', 'ValueError',
      "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
      'Tensor.')),
    (lambda: tf.fill([2], 1, layout=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.fill('a', 1, layout=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.fill([-1], 1, layout=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.fill([2], None, layout=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.fill(None, None, layout=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.zeros([2], layout=[]),
     ('raise', 'AttributeError', "'list' object has no attribute 'mesh'")),
    (lambda: tf.ones([2], tf.int32, 'n', 1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.zeros({}, layout=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.zeros([[1]], layout=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.zeros([None], layout=1),
     ('raise', 'ValueError',
      "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
      'Tensor.')),
    (lambda: tf.zeros([None, 2], layout=1),
     ('raise', 'ValueError',
      "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
      'Tensor.')),
    (lambda: tf.zeros(2**40, layout=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.zeros([2**40, -1], layout=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.zeros([1, 'a'], layout=1),
     ('raise', 'ValueError', "Can't convert Python sequence with mixed types to Tensor.")),
    (lambda: tf.zeros(tf.constant([1.5]), layout=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.zeros(tf.constant([[1]]), layout=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.zeros(np.array([1.5]), layout=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.zeros(tf.TensorShape([None]), layout=1),
     ('raise', 'ValueError', 'Cannot convert a partially known TensorShape (None,) to a Tensor.')),
    (lambda: tf.zeros(tf.TensorShape([2]), layout=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.zeros([2], dtype=tf.resource, layout=1),
     ('raise', 'TypeError', 'Cannot convert 0 to EagerTensor of dtype resource')),
    (lambda: tf.ones([2], dtype=tf.variant, layout=1),
     ('raise', 'TypeError', 'Cannot convert 1 to EagerTensor of dtype variant')),
    (lambda: tf.zeros_like(None, layout=1),
     ('raise', 'ValueError',
      "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
      'Tensor.')),
    (lambda: tf.ones_like('a', layout=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.zeros_like([1, 'a'], layout=1),
     ('raise', 'ValueError', "Can't convert Python sequence with mixed types to Tensor.")),
    (lambda: tf.ones_like([1, 'a'], layout=1),
     ('raise', 'ValueError', "Can't convert Python sequence with mixed types to Tensor.")),
    (lambda: tf.zeros_like([1, 2], dtype='foo', layout=1),
     ('raise', 'TypeError',
      "Cannot convert the argument `type_value`: 'foo' to a TensorFlow DType.")),
    (lambda: tf.ones_like([1, 2], dtype='foo', layout=1),
     ('raise', 'TypeError',
      "Cannot convert the argument `type_value`: 'foo' to a TensorFlow DType.")),
    (lambda: tf.ones_like([1, 2], dtype=tf.string, layout=1),
     ('raise', 'TypeError', 'Cannot convert 1 to EagerTensor of dtype string')),
    (lambda: tf.ones_like([[1], [2, 3]], layout=1),
     ('raise', 'ValueError', "Can't convert non-rectangular Python sequence to Tensor.")),
    (lambda: tf.zeros_like([[1], [2, 3]], layout=1),
     ('raise', 'ValueError', "Can't convert non-rectangular Python sequence to Tensor.")),
    (lambda: tf.ones_like(tf.constant('a'), layout=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'mesh'")),
    (lambda: tf.zeros_like(None),
     ('raise', 'ValueError',
      "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
      'Tensor.')),
    (lambda: tf.ones_like(None),
     ('raise', 'ValueError',
      "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
      'Tensor.')),
]


# TF's runtime checks the attrs (their allowed values, minimums) before it compares an
# eager tensor's dtype with its input's (raw_ops refused the tensor first); a Python
# value's conversion and an attr's Python type come before both
ATTRS_BEFORE_INPUT_DTYPES = [
    (lambda: tf.raw_ops.StringToNumber(string_tensor=tf.constant(1), out_type=tf.string),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'out_type' of string is not in the list of allowed values: float, double, "
      'int32, int64, uint32, uint64')),
    (lambda: tf.raw_ops.StringToNumber(string_tensor=tf.constant(1), out_type=tf.int32),
     ('raise', 'InvalidArgumentError',
      'cannot compute StringToNumber as input #0(zero-based) was expected to be a string tensor '
      'but is a int32 tensor [Op:StringToNumber] name:')),
    (lambda: tf.raw_ops.StringToNumber(string_tensor=tf.constant(1.5), out_type=tf.bool),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'out_type' of bool is not in the list of allowed values: float, double, "
      'int32, int64, uint32, uint64')),
    (lambda: tf.raw_ops.StringToNumber(string_tensor=tf.constant(['1']), out_type=tf.bool),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'out_type' of bool is not in the list of allowed values: float, double, "
      'int32, int64, uint32, uint64')),
    (lambda: tf.raw_ops.StringToNumber(string_tensor=tf.constant(['1']), out_type=tf.float64),
     ('float64', [1], [1.0])),
    (lambda: tf.raw_ops.StringToNumber(string_tensor=tf.constant(['1']), out_type=tf.uint8),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'out_type' of uint8 is not in the list of allowed values: float, double, "
      'int32, int64, uint32, uint64')),
    (lambda: tf.raw_ops.StringToNumber(string_tensor=tf.constant(['1']), out_type=tf.int64),
     ('int64', [1], [1])),
    (lambda: tf.raw_ops.StringToNumber(string_tensor=tf.constant(['1']), out_type='foo'),
     ('raise', 'TypeError', "Expected DataType for argument 'out_type' not 'foo'.")),
    (lambda: tf.raw_ops.StringToNumber(string_tensor=tf.constant(1), out_type='foo'),
     ('raise', 'TypeError', "Expected DataType for argument 'out_type' not 'foo'.")),
    (lambda: tf.raw_ops.StringToNumber(string_tensor=1, out_type=tf.int16),
     ('raise', 'TypeError', 'Cannot convert 1 to EagerTensor of dtype string')),
    (lambda: tf.raw_ops.StringToNumber(string_tensor=1, out_type=tf.float32),
     ('raise', 'TypeError', 'Cannot convert 1 to EagerTensor of dtype string')),
    (lambda: tf.raw_ops.StringToNumber(string_tensor='x', out_type=tf.int16),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'out_type' of int16 is not in the list of allowed values: float, double, "
      'int32, int64, uint32, uint64')),
    (lambda: tf.raw_ops.StringToNumber(string_tensor='x', out_type=tf.float32),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__StringToNumber_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'StringToNumberOp could not correctly convert string: x [Op:StringToNumber]')),
    (lambda: tf.raw_ops.StringToNumber(string_tensor=None, out_type=tf.int16),
     ('raise', 'ValueError',
      "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
      'Tensor.')),
    (lambda: tf.raw_ops.StringToNumber(string_tensor=None, out_type=tf.float32),
     ('raise', 'ValueError',
      "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
      'Tensor.')),
    (lambda: tf.raw_ops.StringToNumber(string_tensor=[1.5], out_type=tf.complex64),
     ('raise', 'TypeError', 'Cannot convert [1.5] to EagerTensor of dtype string')),
    (lambda: tf.raw_ops.StringToNumber(string_tensor=tf.constant(True), out_type=tf.half),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'out_type' of half is not in the list of allowed values: float, double, "
      'int32, int64, uint32, uint64')),
    (lambda: tf.raw_ops.StringToNumber(string_tensor=tf.constant(True), out_type=tf.float32),
     ('raise', 'InvalidArgumentError',
      'cannot compute StringToNumber as input #0(zero-based) was expected to be a string tensor '
      'but is a bool tensor [Op:StringToNumber] name:')),
    (lambda: tf.raw_ops.StringToNumber(string_tensor=tf.constant(['1.5']), out_type=tf.float32),
     ('float32', [1], [1.5])),
    (lambda: tf.raw_ops.StringToNumber(string_tensor=tf.constant(['1.5']), out_type=tf.int32),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__StringToNumber_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'StringToNumberOp could not correctly convert string: 1.5 [Op:StringToNumber] name:')),
    (lambda: tf.strings.to_number(tf.constant(1), out_type=tf.string),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'out_type' of string is not in the list of allowed values: float, double, "
      'int32, int64, uint32, uint64')),
    (lambda: tf.raw_ops.StringToNumber(string_tensor=tf.constant(1), out_type=tf.int32, name='n'),
     ('raise', 'InvalidArgumentError',
      'cannot compute StringToNumber as input #0(zero-based) was expected to be a string tensor '
      'but is a int32 tensor [Op:StringToNumber] name: n')),
    (lambda: tf.raw_ops.Cumsum(x=tf.constant([1.0]), axis=tf.constant(0.5), exclusive=2),
     ('raise', 'TypeError', "Expected bool for argument 'exclusive' not 2.")),
    (lambda: tf.raw_ops.Cumsum(x=tf.constant([1.0]), axis=tf.constant(0), exclusive='a'),
     ('raise', 'TypeError', "Expected bool for argument 'exclusive' not 'a'.")),
    (lambda: tf.raw_ops.Range(start=tf.constant(1), limit=tf.constant(2.0), delta=1),
     ('raise', 'InvalidArgumentError',
      'cannot compute Range as input #1(zero-based) was expected to be a int32 tensor but is a '
      'float tensor [Op:Range] name:')),
    (lambda: tf.raw_ops.Fill(dims=tf.constant([1.0]), value=1, name=None),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'index_type' of float is not in the list of allowed values: int32, int64")),
    (lambda: tf.raw_ops.DecodeBase64(input=tf.constant(1)),
     ('raise', 'InvalidArgumentError',
      'cannot compute DecodeBase64 as input #0(zero-based) was expected to be a string tensor '
      'but is a int32 tensor [Op:DecodeBase64] name:')),
    (lambda: tf.raw_ops.AsString(input=tf.constant(1), precision='a'),
     ('raise', 'TypeError', "Expected int for argument 'precision' not 'a'.")),
    (lambda: tf.raw_ops.AsString(input=tf.constant([1.5]), precision=-2, fill='ab'),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__AsString_device_/job:localhost/replica:0/task:0/device:CPU:0}} Fill string '
      'must be one or fewer characters [Op:AsString] name:')),
    (lambda: tf.raw_ops.StringToHashBucketFast(input=tf.constant(1), num_buckets=0),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'num_buckets' of 0 must be at least minimum 1")),
    (lambda: tf.raw_ops.StringToHashBucketFast(input=tf.constant(1), num_buckets='a'),
     ('raise', 'TypeError', "Expected int for argument 'num_buckets' not 'a'.")),
    (lambda: tf.raw_ops.Substr(input=tf.constant(1), pos=0, len=1, unit='foo'),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'unit\' of "foo" is not in the list of allowed values: "BYTE", '
      '"UTF8_CHAR"')),
    (lambda: tf.raw_ops.ExtractJpegShape(contents=tf.constant(1), output_type=tf.float32),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'output_type' of float is not in the list of allowed values: int32, int64")),
    (lambda: tf.raw_ops.Bitcast(input=tf.constant(1), type=tf.string),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'type' of string is not in the list of allowed values: bfloat16, half, "
      'float, double, int64, int32, uint8, uint16, uint32, uint64, int8, int16, complex64, '
      'complex128, qint8, quint8, qint16, quint16, qint32')),
    (lambda: tf.raw_ops.Cast(x=tf.constant(1), DstT='foo'),
     ('raise', 'TypeError', "Expected DataType for argument 'DstT' not 'foo'.")),
]


# in_top_k's targets and k are converted as TF's wrapper converts the inputs of one type
# attr: a tensor among them sets T (a float k: T's refusal), else the targets (int32
# preferred: [True] is [1]); a list k is a T, refused by the kernel's rank check; on the
# slow path predictions are converted to float after them
IN_TOP_K_INPUTS = [
    (lambda: tf.math.in_top_k([1, 0], [[0.1, 0.9], [0.8, 0.2]], 1),
     ('bool', [2], [True, True])),
    (lambda: tf.math.in_top_k([1, 0], [[0.1, 0.9], [0.8, 0.2]], [1]),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__InTopKV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} k must be 0-D, '
      'got shape [1] [Op:InTopKV2]')),
    (lambda: tf.math.in_top_k([1, 0], [[0.1, 0.9], [0.8, 0.2]], tf.constant(1)),
     ('bool', [2], [True, True])),
    (lambda: tf.math.in_top_k([1, 0], [[0.1, 0.9], [0.8, 0.2]], tf.constant([1])),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__InTopKV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} k must be 0-D, '
      'got shape [1] [Op:InTopKV2]')),
    (lambda: tf.math.in_top_k([1, 0], [[0.1, 0.9], [0.8, 0.2]], tf.constant(1, tf.int64)),
     ('bool', [2], [True, True])),
    (lambda:
     tf.math.in_top_k(tf.constant([1, 0], tf.int64), [[0.1, 0.9], [0.8, 0.2]], tf.constant(1)),
     ('raise', 'InvalidArgumentError',
      'cannot compute InTopKV2 as input #2(zero-based) was expected to be a int64 tensor but is '
      'a int32 tensor [Op:InTopKV2]')),
    (lambda: tf.math.in_top_k(tf.constant([1, 0], tf.int64), [[0.1, 0.9], [0.8, 0.2]], 1),
     ('bool', [2], [True, True])),
    (lambda: tf.math.in_top_k([1, 0], tf.constant([[0.1, 0.9], [0.8, 0.2]]), 1),
     ('bool', [2], [True, True])),
    (lambda: tf.math.in_top_k([1, 0], [[1, 9], [8, 2]], 1),
     ('bool', [2], [True, True])),
    (lambda: tf.math.in_top_k([1.0, 0.0], [[0.1, 0.9], [0.8, 0.2]], 1),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'T' of float is not in the list of allowed values: int32, int64")),
    (lambda: tf.math.in_top_k([1, 0], [[0.1, 0.9], [0.8, 0.2]], 1.5),
     ('raise', 'TypeError', 'Cannot convert 1.5 to EagerTensor of dtype int32')),
    (lambda: tf.math.in_top_k([1, 0], [[0.1, 0.9], [0.8, 0.2]], [[1]]),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__InTopKV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} k must be 0-D, '
      'got shape [1,1] [Op:InTopKV2]')),
    (lambda: tf.math.in_top_k([1, 0], [[0.1, 0.9], [0.8, 0.2]], []),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__InTopKV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} k must be 0-D, '
      'got shape [0] [Op:InTopKV2]')),
    (lambda: tf.math.in_top_k([1, 0], [[0.1, 0.9], [0.8, 0.2]], None),
     ('raise', 'ValueError',
      "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
      'Tensor.')),
    (lambda: tf.math.in_top_k([1, 0], [0.1, 0.9], 1),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__InTopKV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} predictions '
      'must be 2-dimensional [Op:InTopKV2]')),
    (lambda: tf.math.in_top_k([[1, 0]], [[0.1, 0.9], [0.8, 0.2]], 1),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__InTopKV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} targets must '
      'be 1-dimensional [Op:InTopKV2]')),
    (lambda: tf.math.in_top_k([1, 0, 1], [[0.1, 0.9], [0.8, 0.2]], 1),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__InTopKV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} First '
      'dimension of predictions 2 must match length of targets 3 [Op:InTopKV2]')),
    (lambda: tf.math.in_top_k([5, 0], [[0.1, 0.9], [0.8, 0.2]], 1),
     ('bool', [2], [False, True])),
    (lambda: tf.math.in_top_k([1, 0], [[0.1, 0.9], [0.8, 0.2]], -1),
     ('bool', [2], [False, False])),
    (lambda: tf.math.in_top_k([1, 0], [[0.1, 0.9], [0.8, 0.2]], 3),
     ('bool', [2], [True, True])),
    (lambda: tf.math.in_top_k([], [], 1),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__InTopKV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} predictions '
      'must be 2-dimensional [Op:InTopKV2]')),
    (lambda: tf.math.in_top_k(None, [[0.1, 0.9]], 1),
     ('raise', 'ValueError',
      "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
      'Tensor.')),
    (lambda: tf.math.in_top_k([1], None, 1),
     ('raise', 'ValueError',
      "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
      'Tensor.')),
    (lambda: tf.math.in_top_k('a', [[0.1, 0.9]], 1),
     ('raise', 'TypeError', 'Cannot convert 1 to EagerTensor of dtype string')),
    (lambda: tf.math.in_top_k([1], [['a', 'b']], 1),
     ('raise', 'TypeError', "Cannot convert [['a', 'b']] to EagerTensor of dtype float")),
    (lambda: tf.math.in_top_k([True], [[0.1, 0.9]], 1),
     ('bool', [1], [True])),
    (lambda: tf.math.in_top_k([1], [[0.1, 0.9]], True),
     ('bool', [1], [True])),
    (lambda: tf.math.in_top_k([1], [[0.1, 0.9]], np.int64(1)),
     ('bool', [1], [True])),
    (lambda: tf.math.in_top_k([1], [[0.1, 0.9]], np.array([1])),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__InTopKV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} k must be 0-D, '
      'got shape [1] [Op:InTopKV2]')),
    (lambda: tf.math.in_top_k([1], [[0.1, 0.9]], tf.constant([1, 2])),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__InTopKV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} k must be 0-D, '
      'got shape [2] [Op:InTopKV2]')),
    (lambda: tf.math.in_top_k([1], [[0.1, 0.9]], [1, 2]),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__InTopKV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} k must be 0-D, '
      'got shape [2] [Op:InTopKV2]')),
    (lambda: tf.math.in_top_k([1], [[0.1, 0.9]], tf.constant(1.0)),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'T' of float is not in the list of allowed values: int32, int64")),
    (lambda: tf.math.in_top_k([2**40], [[0.1, 0.9]], 1),
     ('bool', [1], [False])),
    (lambda: tf.math.in_top_k([1], tf.constant([[0.1, 0.9]], tf.float64), 1),
     ('raise', 'ValueError',
      'Tensor conversion requested dtype float32 for Tensor with dtype float64: <tf.Tensor: '
      'shape=(1, 2), dtype=float64, numpy=array([[0.1, 0.9]])>')),
    (lambda: tf.math.in_top_k([1], [[0.1, 0.9]], k=1, name='x'),
     ('bool', [1], [True])),
    (lambda: tf.nn.in_top_k([1, 0], [[0.1, 0.9], [0.8, 0.2]], [1]),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__InTopKV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} k must be 0-D, '
      'got shape [1] [Op:InTopKV2]')),
    (lambda: tf.nn.in_top_k([1, 0], [[0.1, 0.9], [0.8, 0.2]], tf.constant([1])),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__InTopKV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} k must be 0-D, '
      'got shape [1] [Op:InTopKV2]')),
    (lambda: tf.nn.in_top_k([1, 0], [[0.1, 0.9], [0.8, 0.2]], [[1]]),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__InTopKV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} k must be 0-D, '
      'got shape [1,1] [Op:InTopKV2]')),
    (lambda: tf.nn.in_top_k([1.5, 0], [[0.1, 0.9], [0.8, 0.2]], 1),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'T' of float is not in the list of allowed values: int32, int64")),
    (lambda: tf.nn.in_top_k(targets=[1, 0], predictions=[[0.1, 0.9], [0.8, 0.2]], k=[1]),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__InTopKV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} k must be 0-D, '
      'got shape [1] [Op:InTopKV2]')),
    (lambda: tf.compat.v1.nn.in_top_k([[0.1, 0.9], [0.8, 0.2]], [1, 0], [1]),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__InTopKV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} k must be 0-D, '
      'got shape [1] [Op:InTopKV2]')),
    (lambda: tf.compat.v1.nn.in_top_k([[0.1, 0.9], [0.8, 0.2]], [1, 0], 1),
     ('bool', [2], [True, True])),
    (lambda: tf.compat.v1.math.in_top_k([[0.1, 0.9], [0.8, 0.2]], [1, 0], tf.constant(1)),
     ('bool', [2], [True, True])),
    (lambda: tf.math.in_top_k(np.array([1]), np.array([[0.1, 0.9]]), 1),
     ('bool', [1], [True])),
    (lambda: tf.math.in_top_k(np.array([1]), np.array([[0.1, 0.9]]), np.array(1)),
     ('bool', [1], [True])),
    (lambda: tf.math.in_top_k(np.array([1.5]), np.array([[0.1, 0.9]], np.float32), 1),
     ('bool', [1], [True])),
    (lambda: tf.math.in_top_k(np.array([1]), np.array([[0.1, 0.9]], np.float32), 2**40),
     ('bool', [1], [False])),
    (lambda: tf.math.in_top_k(tf.constant([1]), tf.constant([[0.1, 0.9]]), 1.5),
     ('raise', 'TypeError', 'Cannot convert 1.5 to EagerTensor of dtype int32')),
    (lambda:
     tf.math.in_top_k(tf.constant([1]), tf.constant([[0.1, 0.9]], tf.float64), tf.constant(1.0)),
     ('raise', 'InvalidArgumentError',
      'cannot compute InTopKV2 as input #0(zero-based) was expected to be a float tensor but is '
      'a double tensor [Op:InTopKV2] name:')),
]


# the conv and pool functions' checks in TF's order (recorded with oneDNN off, as the other
# recordings). tf.nn.pool: pooling_type's lower(), len(window_shape), the input's rank, the
# dilation rates then the strides (len() of each: a number is its TypeError; int32 arrays,
# each at least 1), SAME with a rate over 1, strides over the window, then the pooling type
# (was: the type first, a number broadcast); a dilated convolution (atrous_conv2d's
# np.broadcast_to of its rate: 2.5 is 2, 0.5 is 0) checks the input's rank, its int32 rates
# (at least 1), then its padding in Python (was: the kernel's words, or atrous_conv2d's own
# rate check, which TF 2.21 has not); with_space_to_batch the rates' rank, spatial_dims,
# then their signs; searchsorted reads both shapes before `side`, out_type as an op attr.
# (Two attrs refused at once, padding="FOO" with data_format="NCW": which one TF's runtime
# names varies from process to process, its NodeDef's map order: not recorded)
ARGUMENT_ORDER = [
    (lambda: tf.nn.conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), strides=0, padding='FOO'),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'padding\' of "FOO" is not in the list of allowed values: "SAME", '
      '"VALID", "EXPLICIT"')),
    (lambda: tf.nn.conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), strides=[1, 2],
                          padding='FOO'),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'padding\' of "FOO" is not in the list of allowed values: "SAME", '
      '"VALID", "EXPLICIT"')),
    (lambda: tf.nn.conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), strides=1, padding='SAME',
                          data_format='NCW'),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'data_format\' of "NCW" is not in the list of allowed values: "NHWC", '
      '"NCHW"')),
    (lambda: tf.nn.conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1]), strides=1, padding='FOO'),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'padding\' of "FOO" is not in the list of allowed values: "SAME", '
      '"VALID", "EXPLICIT"')),
    (lambda: tf.nn.conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1]), strides=[1, 2, 3],
                          padding='SAME'),
     ('raise', 'ValueError',
      'strides should be of length 1, 2 or 4. Received: strides=[1, 2, 3] of length 3')),
    (lambda: tf.nn.conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), strides=[1, 2, 3],
                          padding='SAME', dilations=[1, 2, 3]),
     ('raise', 'ValueError',
      'strides should be of length 1, 2 or 4. Received: strides=[1, 2, 3] of length 3')),
    (lambda: tf.nn.conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), strides=1, padding='SAME',
                          dilations=[1, 2, 3]),
     ('raise', 'ValueError',
      'dilations should be of length 1, 2 or 4. Received: dilations=[1, 2, 3] of length 3')),
    (lambda: tf.nn.conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), strides=1, padding='FOO',
                          dilations=[1, 2, 3]),
     ('raise', 'ValueError',
      'dilations should be of length 1, 2 or 4. Received: dilations=[1, 2, 3] of length 3')),
    (lambda: tf.nn.conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), strides=1, padding='SAME',
                          dilations=0),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Conv2D_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Dilated rates should be larger than 0. [Op:Conv2D] name:')),
    (lambda: tf.nn.conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), strides=2, padding='SAME',
                          dilations=2),
     ('float32', [1, 2, 2, 1], [[[[4.0], [2.0]], [[2.0], [1.0]]]])),
    (lambda: tf.nn.conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), strides=1, padding=[1, 1],
                          data_format='NCHW'),
     ('raise', 'ValueError',
      'When `padding` is a list, each element of `padding` must be a list/tuple of size 2. '
      "Received: padding=[1, 1] with element at index 0 of type <class 'int'>")),
    (lambda: tf.nn.conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), strides=[2, 1, 1, 1],
                          padding='SAME'),
     ('raise', 'UnimplementedError',
      '{{function_node __wrapped__Conv2D_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Current implementation does not yet support strides in the batch and depth dimensions. '
      '[Op:Conv2D] name:')),
    (lambda: tf.nn.conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), strides='a',
                          padding='SAME'),
     ('raise', 'TypeError', "Expected int for argument 'strides' not 'a'.")),
    (lambda: tf.nn.conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), strides=None,
                          padding='SAME'),
     ('float32', [1, 4, 4, 1], [[[[4.0], [4.0], [4.0], [2.0]], [[4.0], [4.0], [4.0], [2.0]],
      [[4.0], [4.0], [4.0], [2.0]], [[2.0], [2.0], [2.0], [1.0]]]])),
    (lambda: tf.nn.conv2d(tf.ones([4, 4, 1]), tf.ones([2, 2, 1, 1]), strides=1, padding='FOO'),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'padding\' of "FOO" is not in the list of allowed values: "SAME", '
      '"VALID", "EXPLICIT"')),
    (lambda: tf.nn.conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 2, 1]), strides=1, padding='VALID'),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Conv2D_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'input depth must be evenly divisible by filter depth: 1 vs 2 [Op:Conv2D] name:')),
    (lambda: tf.nn.conv1d(tf.ones([1, 4, 1]), tf.ones([2, 1, 1]), stride=0, padding='FOO'),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'padding\' of "FOO" is not in the list of allowed values: "SAME", '
      '"VALID", "EXPLICIT"')),
    (lambda: tf.nn.conv1d(tf.ones([1, 4, 1]), tf.ones([2, 1, 1]), stride=1, padding='FOO',
                          data_format='NHWC'),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'padding\' of "FOO" is not in the list of allowed values: "SAME", '
      '"VALID", "EXPLICIT"')),
    (lambda: tf.nn.conv1d(tf.ones([1, 4, 1]), tf.ones([2, 1, 1]), stride=1, padding='SAME',
                          data_format='NHWC'),
     ('float32', [1, 4, 1], [[[2.0], [2.0], [2.0], [1.0]]])),
    (lambda: tf.nn.conv1d(tf.ones([1, 4, 1]), tf.ones([2, 1]), stride=1, padding='FOO'),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'padding\' of "FOO" is not in the list of allowed values: "SAME", '
      '"VALID", "EXPLICIT"')),
    (lambda: tf.nn.conv1d(tf.ones([1, 4, 1]), tf.ones([2, 1]), stride=[1, 2, 3], padding='SAME'),
     ('raise', 'UnimplementedError',
      '{{function_node __wrapped__Conv2D_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Current implementation does not yet support strides in the batch and depth dimensions. '
      '[Op:Conv2D] name:')),
    (lambda: tf.nn.conv1d(tf.ones([1, 4, 1]), tf.ones([2, 1, 1]), stride=[1, 2, 3], padding='SAME'),
     ('raise', 'UnimplementedError',
      '{{function_node __wrapped__Conv2D_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Current implementation does not yet support strides in the batch and depth dimensions. '
      '[Op:Conv2D] name:')),
    (lambda: tf.nn.conv1d(tf.ones([1, 4, 1]), tf.ones([2, 1, 1]), stride=1, padding='SAME',
                          dilations=[1, 2, 3]),
     ('raise', 'UnimplementedError',
      '{{function_node __wrapped__Conv2D_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Current implementation does not yet support dilations in the batch and depth dimensions. '
      '[Op:Conv2D] name:')),
    (lambda: tf.nn.conv1d(tf.ones([1, 4, 1]), tf.ones([2, 1, 1]), stride=1, padding='FOO',
                          dilations=[1, 2, 3]),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'padding\' of "FOO" is not in the list of allowed values: "SAME", '
      '"VALID", "EXPLICIT"')),
    (lambda: tf.nn.conv1d(tf.ones([1, 4, 1]), tf.ones([2, 1, 1]), stride=2, padding='SAME',
                          dilations=2),
     ('float32', [1, 2, 1], [[[2.0], [1.0]]])),
    (lambda: tf.nn.conv3d(tf.ones([1, 4, 4, 4, 1]), tf.ones([2, 2, 2, 1, 1]), strides=1,
                          padding='FOO'),
     ('raise', 'TypeError', "Expected list for 'strides' argument to 'conv3d' Op, not 1.")),
    (lambda: tf.nn.conv3d(tf.ones([1, 4, 4, 4, 1]), tf.ones([2, 2, 2, 1, 1]), strides=[1, 2],
                          padding='SAME'),
     ('raise', 'InvalidArgumentError',
      "Length for attr 'strides' of 2 must be at least minimum 5")),
    (lambda: tf.nn.conv3d(tf.ones([1, 4, 4, 4, 1]), tf.ones([2, 2, 2, 1, 1]),
                          strides=[1, 1, 1, 1, 1], padding='SAME', data_format='NHWC'),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'data_format\' of "NHWC" is not in the list of allowed values: "NDHWC", '
      '"NCDHW"')),
    (lambda: tf.nn.conv3d(tf.ones([1, 4, 4, 4, 1]), tf.ones([2, 2, 2, 1]), strides=[1, 1, 1, 1, 1],
                          padding='FOO'),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'padding\' of "FOO" is not in the list of allowed values: "SAME", "VALID"')),
    (lambda: tf.nn.conv3d(tf.ones([1, 4, 4, 4, 1]), tf.ones([2, 2, 2, 1, 1]),
                          strides=[1, 1, 1, 1, 1], padding='SAME', dilations=[1, 2]),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Conv3D_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Dilation rates field must specify 5 dimensions [Op:Conv3D] name:')),
    (lambda: tf.nn.conv3d(tf.ones([1, 4, 4, 4, 1]), tf.ones([2, 2, 2, 1, 1]),
                          strides=[2, 1, 1, 1, 1], padding='FOO'),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'padding\' of "FOO" is not in the list of allowed values: "SAME", "VALID"')),
    (lambda: tf.nn.avg_pool(tf.ones([1, 4, 4, 1]), ksize=0, strides=0, padding='FOO'),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'padding\' of "FOO" is not in the list of allowed values: "SAME", "VALID"')),
    (lambda: tf.nn.avg_pool(tf.ones([1, 4, 4, 1]), ksize=2, strides=[1, 2, 3], padding='FOO'),
     ('raise', 'ValueError',
      'strides should be of length 1, 2 or 4. Received: strides=[1, 2, 3] of length 3')),
    (lambda: tf.nn.avg_pool(tf.ones([1, 4, 4, 1]), ksize=[1, 2, 3], strides=2, padding='FOO'),
     ('raise', 'ValueError',
      'ksize should be of length 1, 2 or 4. Received: ksize=[1, 2, 3] of length 3')),
    (lambda: tf.nn.avg_pool(tf.ones([1, 4, 4, 1]), ksize=[1, 2, 3], strides=[1, 2, 3],
                            padding='SAME'),
     ('raise', 'ValueError',
      'ksize should be of length 1, 2 or 4. Received: ksize=[1, 2, 3] of length 3')),
    (lambda: tf.nn.avg_pool(tf.ones([1, 4, 4, 1]), ksize=2, strides=2, padding='SAME',
                            data_format='NCW'),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'data_format\' of "NCW" is not in the list of allowed values: "NHWC", '
      '"NCHW"')),
    (lambda: tf.nn.avg_pool(tf.ones([1, 4, 4]), ksize=2, strides=2, padding='FOO'),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'padding\' of "FOO" is not in the list of allowed values: "SAME", "VALID"')),
    (lambda: tf.nn.avg_pool(tf.ones([1, 4, 4, 4, 4, 1]), ksize=2, strides=2, padding='SAME'),
     ('raise', 'ValueError',
      '`input.shape.rank` must be 3, 4 or 5. Received: input.shape=(1, 4, 4, 4, 4, 1) of rank 6.')),
    (lambda: tf.nn.avg_pool(tf.ones([1, 4, 4, 1]), ksize=2, strides=2,
                            padding=[[0, 0], [1, 1], [1, 1], [0, 0]]),
     ('raise', 'TypeError',
      "Expected string for argument 'padding' not [[0, 0], [1, 1], [1, 1], [0, 0]].")),
    (lambda: tf.nn.avg_pool(tf.ones([1, 4, 4, 1]), ksize=None, strides=2, padding='SAME'),
     ('float32', [1, 2, 2, 1], [[[[1.0], [1.0]], [[1.0], [1.0]]]])),
    (lambda: tf.nn.avg_pool(tf.ones([1, 4, 4, 1]), ksize=2, strides=None, padding='SAME'),
     ('float32', [1, 4, 4, 1], [[[[1.0], [1.0], [1.0], [1.0]], [[1.0], [1.0], [1.0], [1.0]],
      [[1.0], [1.0], [1.0], [1.0]], [[1.0], [1.0], [1.0], [1.0]]]])),
    (lambda: tf.nn.avg_pool(tf.ones([1, 4, 4, 1]), ksize='a', strides=2, padding='SAME'),
     ('raise', 'TypeError', "Expected int for argument 'ksize' not 'a'.")),
    (lambda: tf.nn.max_pool(tf.ones([1, 4, 4, 1]), ksize=0, strides=0, padding='FOO'),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'padding\' of "FOO" is not in the list of allowed values: "SAME", '
      '"VALID", "EXPLICIT"')),
    (lambda: tf.nn.max_pool(tf.ones([1, 4, 4, 1]), ksize=2, strides=[1, 2, 3], padding='FOO'),
     ('raise', 'ValueError',
      'strides should be of length 1, 2 or 4. Received: strides=[1, 2, 3] of length 3')),
    (lambda: tf.nn.max_pool(tf.ones([1, 4, 4, 1]), ksize=[1, 2, 3], strides=2, padding='FOO'),
     ('raise', 'ValueError',
      'ksize should be of length 1, 2 or 4. Received: ksize=[1, 2, 3] of length 3')),
    (lambda: tf.nn.max_pool(tf.ones([1, 4, 4, 1]), ksize=[1, 2, 3], strides=[1, 2, 3],
                            padding='SAME'),
     ('raise', 'ValueError',
      'ksize should be of length 1, 2 or 4. Received: ksize=[1, 2, 3] of length 3')),
    (lambda: tf.nn.max_pool(tf.ones([1, 4, 4]), ksize=2, strides=2, padding='FOO'),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'padding\' of "FOO" is not in the list of allowed values: "SAME", '
      '"VALID", "EXPLICIT"')),
    (lambda: tf.nn.max_pool(tf.ones([1, 4, 4, 4, 4, 1]), ksize=2, strides=2, padding='SAME'),
     ('raise', 'ValueError',
      '`input.shape.rank` must be 3, 4 or 5. Received: input.shape=(1, 4, 4, 4, 4, 1) of rank 6.')),
    (lambda: tf.nn.max_pool(tf.ones([1, 4, 4, 1]), ksize=2, strides=2,
                            padding=[[0, 0], [1, 1], [1, 1], [0, 0]]),
     ('float32', [1, 3, 3, 1], [[[[1.0], [1.0], [1.0]], [[1.0], [1.0], [1.0]], [[1.0], [1.0],
      [1.0]]]])),
    (lambda: tf.nn.max_pool(tf.ones([1, 4, 4, 1]), ksize=None, strides=2, padding='SAME'),
     ('float32', [1, 2, 2, 1], [[[[1.0], [1.0]], [[1.0], [1.0]]]])),
    (lambda: tf.nn.max_pool(tf.ones([1, 4, 4, 1]), ksize=2, strides=None, padding='SAME'),
     ('float32', [1, 4, 4, 1], [[[[1.0], [1.0], [1.0], [1.0]], [[1.0], [1.0], [1.0], [1.0]],
      [[1.0], [1.0], [1.0], [1.0]], [[1.0], [1.0], [1.0], [1.0]]]])),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), [2, 2], 'FOO', 'FOO'),
     ('raise', 'ValueError', '`len(strides)` should be 2. Received: strides=FOO of length 3')),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), [2, 2], 'MAX', 'FOO'),
     ('raise', 'ValueError', '`len(strides)` should be 2. Received: strides=FOO of length 3')),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), [2, 2, 2], 'FOO', 'SAME'),
     ('raise', 'ValueError', 'Shape (1, 4, 4, 1) must have rank 5')),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), [2, 2], 'MAX', 'SAME', strides=[2, 2],
                        dilations=[2, 2]),
     ('raise', 'TypeError', "Got multiple values for argument 'strides'")),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), [2, 2], 'MAX', 'FOO', strides=[2, 2],
                        dilations=[2, 2]),
     ('raise', 'TypeError', "Got multiple values for argument 'strides'")),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), [2, 2], 'MAX', 'SAME', strides=[2], dilations=[2]),
     ('raise', 'TypeError', "Got multiple values for argument 'strides'")),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), [2, 2], 'MAX', 'SAME', strides=[2, 2, 2]),
     ('raise', 'TypeError', "Got multiple values for argument 'strides'")),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), [2, 2], 'MAX', 'SAME', dilations=[2, 2, 2]),
     ('raise', 'ValueError',
      '`len(dilation_rate)` should be 2. Received: dilation_rate=[2, 2, 2] of length 3')),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), [2, 2], 'MAX', 'SAME', data_format='NCW'),
     ('raise', 'ValueError', '`len(strides)` should be 2. Received: strides=SAME of length 4')),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), [2, 2], 'FOO', 'SAME', data_format='NCW'),
     ('raise', 'ValueError', '`len(strides)` should be 2. Received: strides=SAME of length 4')),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), [2, 2], 'AVG', 'SAME', dilations=[0, 1]),
     ('raise', 'ValueError',
      'all values of `dilation_rate` must be positive. Received: dilation_rate=[0 1]')),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), [2, 2], 'AVG', 'SAME', strides=[0, 1]),
     ('raise', 'TypeError', "Got multiple values for argument 'strides'")),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), [0, 2], 'AVG', 'SAME'),
     ('raise', 'ValueError', '`len(strides)` should be 2. Received: strides=SAME of length 4')),
    (lambda: tf.nn.pool(tf.ones([4, 4, 1]), [2, 2], 'AVG', 'SAME'),
     ('raise', 'ValueError', 'Shape (4, 4, 1) must have rank 4')),
    (lambda: tf.nn.pool(tf.ones([4, 4, 1]), [2, 2], 'FOO', 'FOO'),
     ('raise', 'ValueError', 'Shape (4, 4, 1) must have rank 4')),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), 2, 'AVG', 'SAME'),
     ('raise', 'TypeError', "object of type 'int' has no len()")),
    (lambda: tf.nn.atrous_conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), 0, 'FOO'),
     ('raise', 'ValueError',
      'all values of `dilation_rate` must be positive. Received: dilation_rate=[0 0]')),
    (lambda: tf.nn.atrous_conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), 2, 'FOO'),
     ('raise', 'ValueError', "`padding` must be one of 'SAME' or 'VALID'. Received: padding=FOO")),
    (lambda: tf.nn.atrous_conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1]), 2, 'FOO'),
     ('raise', 'ValueError',
      'dilations should be of length 1, 1 or 3. Received: dilations=[np.int64(2), np.int64(2)] '
      'of length 2')),
    (lambda: tf.nn.atrous_conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1]), 0, 'SAME'),
     ('raise', 'ValueError',
      'dilations should be of length 1, 1 or 3. Received: dilations=[np.int64(0), np.int64(0)] '
      'of length 2')),
    (lambda: tf.nn.atrous_conv2d(tf.ones([1, 4, 4]), tf.ones([2, 2, 1, 1]), 2, 'SAME'),
     ('raise', 'ValueError',
      '`input.shape.rank` must be >= than `num_spatial_dims + 2`. Received: input.shape=(1, 4, '
      '4) of rank 3 and num_spatial_dims=2')),
    (lambda: tf.nn.atrous_conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 2, 1]), 2, 'SAME'),
     ('raise', 'ValueError',
      'The number of input channels is not divisible by the corresponding number of output '
      'filters. Received: input.shape=(1, 4, 4, 1) with 1 channels and filters.shape=(2, 2, 2, '
      '1) with 2 output filters.')),
    (lambda: tf.nn.atrous_conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), 2.5, 'SAME'),
     ('float32', [1, 4, 4, 1], [[[[1.0], [2.0], [2.0], [1.0]], [[2.0], [4.0], [4.0], [2.0]],
      [[2.0], [4.0], [4.0], [2.0]], [[1.0], [2.0], [2.0], [1.0]]]])),
    (lambda: tf.nn.atrous_conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), -1, 'SAME'),
     ('raise', 'ValueError',
      'all values of `dilation_rate` must be positive. Received: dilation_rate=[-1 -1]')),
    (lambda: tf.nn.atrous_conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), 1, 'VALID'),
     ('float32', [1, 3, 3, 1], [[[[4.0], [4.0], [4.0]], [[4.0], [4.0], [4.0]], [[4.0], [4.0],
      [4.0]]]])),
    (lambda: tf.nn.with_space_to_batch(tf.ones([1, 4, 4, 1]), [2, 2], 'FOO', lambda x, p: x),
     ('raise', 'ValueError', "`padding` must be one of 'SAME' or 'VALID'. Received: padding=FOO")),
    (lambda: tf.nn.with_space_to_batch(tf.ones([1, 4, 4, 1]), [2], 'SAME', lambda x, p: x),
     ('raise', 'ValueError',
      "`filter_shape` must be specified for `padding='SAME'`. Received: filter_shape=None and "
      'padding=SAME')),
    (lambda: tf.nn.with_space_to_batch(tf.ones([1, 4, 4, 1]), [0, 2], 'SAME', lambda x, p: x),
     ('raise', 'ValueError', '`dilation_rate` must be positive. Received: dilation_rate=[0 2]')),
    (lambda: tf.nn.with_space_to_batch(tf.ones([1, 4, 4, 1]), [0, 2], 'FOO', lambda x, p: x),
     ('raise', 'ValueError', '`dilation_rate` must be positive. Received: dilation_rate=[0 2]')),
    (lambda: tf.nn.with_space_to_batch(tf.ones([1, 4, 4, 1]), [2, 2], 'SAME', lambda x, p: x,
                                       data_format='NCW'),
     ('raise', 'ValueError',
      "`filter_shape` must be specified for `padding='SAME'`. Received: filter_shape=None and "
      'padding=SAME')),
    (lambda: tf.nn.with_space_to_batch(tf.ones([1, 4, 4, 1]), [2, 2], 'FOO', lambda x, p: x,
                                       data_format='NCW'),
     ('raise', 'ValueError', "`padding` must be one of 'SAME' or 'VALID'. Received: padding=FOO")),
    (lambda: tf.nn.with_space_to_batch(tf.ones([1, 4, 4, 1]), [2, 2], 'SAME', lambda x, p: x,
                                       spatial_dims=[1]),
     ('raise', 'ValueError',
      "`filter_shape` must be specified for `padding='SAME'`. Received: filter_shape=None and "
      'padding=SAME')),
    (lambda: tf.nn.with_space_to_batch(tf.ones([1, 4, 4, 1]), [2, 2], 'SAME', lambda x, p: x,
                                       spatial_dims=[2, 1]),
     ('raise', 'ValueError',
      '`spatial_dims` must be a monotonically increasing sequence of positive integers. '
      'Received: spatial_dims=[2, 1]')),
    (lambda: tf.nn.with_space_to_batch(tf.ones([1, 4, 4, 1]), [2, 2], 'SAME', lambda x, p: x,
                                       filter_shape=[2]),
     ('raise', 'TypeError',
      '<lambda>.<locals>.<lambda>() takes 2 positional arguments but 3 were given')),
    (lambda: tf.nn.with_space_to_batch(tf.ones([1, 4, 4, 1]), [[2, 2]], 'SAME', lambda x, p: x),
     ('raise', 'ValueError',
      '`dilation_rate.shape.rank` must be 1. Received: dilation_rate=[[2 2]] of rank 2')),
    (lambda: tf.nn.with_space_to_batch(tf.ones([1, 4, 4, 1]), [2, 2], 'VALID', lambda x, p: x),
     ('raise', 'TypeError',
      '<lambda>.<locals>.<lambda>() takes 2 positional arguments but 3 were given')),
    (lambda: tf.nn.with_space_to_batch(tf.ones([1, 4, 4, 1]), [2, 2], 'SAME', lambda x, p: x,
                                       filter_shape=[2, 2]),
     ('raise', 'TypeError',
      '<lambda>.<locals>.<lambda>() takes 2 positional arguments but 3 were given')),
    (lambda: tf.searchsorted([1, 2, 3], [2], side='foo'),
     ('raise', 'ValueError',
      "Argument `side` must be either 'right' or 'left'. Received: `side` = 'foo'.")),
    (lambda: tf.searchsorted([1, 2, 3], [2], side='foo', out_type=tf.float32),
     ('raise', 'ValueError',
      "Argument `side` must be either 'right' or 'left'. Received: `side` = 'foo'.")),
    (lambda: tf.searchsorted([1, 2, 3], [2], out_type=tf.float32),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'out_type' of float is not in the list of allowed values: int32, int64")),
    (lambda: tf.searchsorted([1, 2, 3], [2], out_type=tf.int64),
     ('int64', [1], [1])),
    (lambda: tf.searchsorted([1, 2, 3], [2], side='right', out_type=tf.int16),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'out_type' of int16 is not in the list of allowed values: int32, int64")),
    (lambda: tf.searchsorted([1, 2, 3], [2], out_type='foo'),
     ('raise', 'TypeError', "Expected DataType for argument 'out_type' not 'foo'.")),
    (lambda: tf.searchsorted([1, 2, 3], [2], side=None),
     ('raise', 'ValueError',
      "Argument `side` must be either 'right' or 'left'. Received: `side` = 'None'.")),
    (lambda: tf.searchsorted([1, 2, 3], [2], side='LEFT'),
     ('raise', 'ValueError',
      "Argument `side` must be either 'right' or 'left'. Received: `side` = 'LEFT'.")),
    (lambda: tf.searchsorted([1, 2, 3], 2),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} slice '
      'index -1 of dimension 0 out of bounds. [Op:StridedSlice] name: strided_slice/')),
    (lambda: tf.searchsorted(1, [2]),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} slice '
      'index -1 of dimension 0 out of bounds. [Op:StridedSlice] name: strided_slice/')),
    (lambda: tf.searchsorted([[1, 2, 3]], [2]),
     ('int32', [1], [1])),
    (lambda: tf.searchsorted([[1, 2, 3]], [[2], [3]]),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__LowerBound_device_/job:localhost/replica:0/task:0/device:CPU:0}} Leading '
      'dim_size of both tensors must match. [Op:LowerBound] name:')),
    (lambda: tf.searchsorted([[1, 2, 3], [1, 2, 3]], [[2]]),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__LowerBound_device_/job:localhost/replica:0/task:0/device:CPU:0}} Leading '
      'dim_size of both tensors must match. [Op:LowerBound] name:')),
    (lambda: tf.searchsorted([1, 2, 3], [2.5]),
     ('raise', 'InvalidArgumentError',
      'cannot compute LowerBound as input #1(zero-based) was expected to be a int32 tensor but '
      'is a float tensor [Op:LowerBound] name:')),
    (lambda: tf.searchsorted([1.0, 2, 3], [2]),
     ('raise', 'InvalidArgumentError',
      'cannot compute LowerBound as input #1(zero-based) was expected to be a float tensor but '
      'is a int32 tensor [Op:LowerBound] name:')),
    (lambda: tf.searchsorted([1, 2, 3], [[2]], side='foo'),
     ('raise', 'ValueError',
      "Argument `side` must be either 'right' or 'left'. Received: `side` = 'foo'.")),
    (lambda: tf.searchsorted(1, 2, side='foo'),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} slice '
      'index -1 of dimension 0 out of bounds. [Op:StridedSlice] name: strided_slice/')),
    (lambda: tf.searchsorted(1, 2, out_type=tf.float32),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} slice '
      'index -1 of dimension 0 out of bounds. [Op:StridedSlice] name: strided_slice/')),
    (lambda: tf.searchsorted([], []),
     ('int32', [0], [])),
    (lambda: tf.searchsorted([[]], [[1.0]]),
     ('int32', [1, 1], [[0]])),
    (lambda: tf.searchsorted(['a', 'b'], ['a']),
     ('raise', 'NotFoundError',
      'Could not find device for node: {{node LowerBound}} = LowerBound[T=DT_STRING, '
      'out_type=DT_INT32]')),
    (lambda: tf.searchsorted([True, False], [True]),
     ('raise', 'NotFoundError',
      'Could not find device for node: {{node LowerBound}} = LowerBound[T=DT_BOOL, '
      'out_type=DT_INT32]')),
    (lambda: tf.searchsorted(tf.ones([2, 3]), tf.ones([3, 1])),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__LowerBound_device_/job:localhost/replica:0/task:0/device:CPU:0}} Leading '
      'dim_size of both tensors must match. [Op:LowerBound] name:')),
    (lambda: tf.searchsorted(tf.ones([2, 3]), tf.ones([2, 0])),
     ('int32', [2, 0], [[], []])),
    (lambda: tf.searchsorted(None, [1]),
     ('raise', 'ValueError',
      "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
      'Tensor.')),
    (lambda: tf.searchsorted([1, 2], None),
     ('raise', 'ValueError',
      "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
      'Tensor.')),
    (lambda: tf.searchsorted([1, 2, 3], [2], out_type=1),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'out_type' of float is not in the list of allowed values: int32, int64")),
    (lambda: tf.searchsorted([1, 2, 3], [2], out_type=np.int64),
     ('int64', [1], [1])),
    (lambda: tf.searchsorted([1, 2, 3], [2], out_type='int64'),
     ('int64', [1], [1])),
    (lambda: tf.searchsorted([1, 2, 3], [2], side='right', out_type=None),
     ('int32', [1], [2])),
    (lambda: tf.searchsorted(1, [2], side='foo', out_type='foo'),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} slice '
      'index -1 of dimension 0 out of bounds. [Op:StridedSlice] name: strided_slice/')),
    (lambda: tf.searchsorted([1, 2, 3], [2], side='foo', out_type='foo'),
     ('raise', 'ValueError',
      "Argument `side` must be either 'right' or 'left'. Received: `side` = 'foo'.")),
    (lambda: tf.nn.atrous_conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), 2, 'VALID'),
     ('float32', [1, 2, 2, 1], [[[[4.0], [4.0]], [[4.0], [4.0]]]])),
    (lambda: tf.nn.atrous_conv2d(tf.ones([1, 6, 6, 1]), tf.ones([2, 2, 1, 1]), 2, 'SAME'),
     ('float32', [1, 6, 6, 1], [[[[1.0], [2.0], [2.0], [2.0], [2.0], [1.0]], [[2.0], [4.0], [4.0],
      [4.0], [4.0], [2.0]], [[2.0], [4.0], [4.0], [4.0], [4.0], [2.0]], [[2.0], [4.0], [4.0],
      [4.0], [4.0], [2.0]], [[2.0], [4.0], [4.0], [4.0], [4.0], [2.0]], [[1.0], [2.0], [2.0],
      [2.0], [2.0], [1.0]]]])),
    (lambda: tf.nn.atrous_conv2d(tf.ones([1, 6, 6, 1]), tf.ones([2, 2, 1, 1]), 3.5, 'VALID'),
     ('float32', [1, 3, 3, 1], [[[[4.0], [4.0], [4.0]], [[4.0], [4.0], [4.0]], [[4.0], [4.0],
      [4.0]]]])),
    (lambda: tf.nn.atrous_conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), [2, 1], 'SAME'),
     ('float32', [1, 4, 4, 1], [[[[2.0], [2.0], [2.0], [1.0]], [[4.0], [4.0], [4.0], [2.0]],
      [[4.0], [4.0], [4.0], [2.0]], [[2.0], [2.0], [2.0], [1.0]]]])),
    (lambda: tf.nn.atrous_conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), 1, 'FOO'),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'padding\' of "FOO" is not in the list of allowed values: "SAME", '
      '"VALID", "EXPLICIT"')),
    (lambda: tf.nn.atrous_conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), 0.5, 'SAME'),
     ('raise', 'ValueError',
      'all values of `dilation_rate` must be positive. Received: dilation_rate=[0 0]')),
    (lambda: tf.nn.atrous_conv2d(tf.ones([1, 3, 3, 1]), tf.ones([1, 1, 1, 1]), float('inf'),
                                 'VALID'),
     ('raise', 'OverflowError', 'cannot convert float infinity to integer')),
    (lambda: tf.nn.atrous_conv2d(tf.ones([1, 3, 3, 1]), tf.ones([1, 1, 1, 1]), float('nan'),
                                 'VALID'),
     ('raise', 'ValueError', 'cannot convert float NaN to integer')),
    (lambda: tf.nn.convolution(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), padding='FOO',
                               dilations=[2, 2]),
     ('raise', 'ValueError', "`padding` must be one of 'SAME' or 'VALID'. Received: padding=FOO")),
    (lambda: tf.nn.convolution(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), padding='FOO',
                               dilations=[0, 2]),
     ('raise', 'ValueError',
      'all values of `dilation_rate` must be positive. Received: dilation_rate=[0 2]')),
    (lambda: tf.nn.convolution(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), padding='SAME',
                               dilations=[-1, 2]),
     ('raise', 'ValueError',
      'all values of `dilation_rate` must be positive. Received: dilation_rate=[-1  2]')),
    (lambda: tf.nn.convolution(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), padding='FOO',
                               dilations=[1, 1]),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'padding\' of "FOO" is not in the list of allowed values: "SAME", '
      '"VALID", "EXPLICIT"')),
    (lambda: tf.nn.convolution(tf.ones([4, 4, 1]), tf.ones([2, 2, 1, 1]), padding='SAME',
                               dilations=[2, 2]),
     ('raise', 'ValueError',
      '`input.shape.rank` must be >= than `num_spatial_dims + 2`. Received: input.shape=(4, 4, '
      '1) of rank 3 and num_spatial_dims=2')),
    (lambda: tf.nn.convolution(tf.ones([4, 4, 2]), tf.ones([2, 2, 3, 1]), padding='SAME',
                               dilations=[2, 2]),
     ('raise', 'ValueError',
      '`input.shape.rank` must be >= than `num_spatial_dims + 2`. Received: input.shape=(4, 4, '
      '2) of rank 3 and num_spatial_dims=2')),
    (lambda: tf.nn.convolution(tf.ones([1, 5, 1]), tf.ones([2, 1, 1]), padding='SAME',
                               dilations=2.7),
     ('float32', [1, 5, 1], [[[1.0], [2.0], [2.0], [2.0], [1.0]]])),
    (lambda: tf.nn.convolution(tf.ones([1, 5, 1]), tf.ones([2, 1, 1]), padding='VALID',
                               dilations=[1, 2, 1]),
     ('float32', [1, 3, 1], [[[2.0], [2.0], [2.0]]])),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), [2, 2], 'MAX', strides=[3, 1]),
     ('raise', 'ValueError',
      '`strides` > `window_shape` not supported due to inconsistency between CPU and GPU '
      'implementations. Received: strides=[3 1] and window_shape=[2, 2]')),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), [2, 2], 'MAX', strides=2),
     ('raise', 'TypeError', "object of type 'int' has no len()")),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), [2, 2], 'MAX', dilations=2),
     ('raise', 'TypeError', "object of type 'int' has no len()")),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), [2, 2], 'MAX', strides=[2, 2], dilations=[2, 1]),
     ('raise', 'ValueError',
      '`strides > 1` not supported in conjunction with `dilation_rate > 1`. Received: '
      'strides=[2 2] and dilation_rate=[2 1]')),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), [2, 2], 'MAX', padding='SAME', dilations=[2, 1]),
     ('raise', 'ValueError',
      "pooling with 'SAME' padding is not implemented for `dilation_rate` > 1. Received: "
      'padding=SAME and dilation_rate=[2 1]')),
    (lambda: tf.nn.pool(tf.ones([1, 5, 5, 1]), [2, 2], 'AVG', padding='VALID', dilations=[2, 1]),
     ('float32', [1, 3, 4, 1], [[[[1.0], [1.0], [1.0], [1.0]], [[1.0], [1.0], [1.0], [1.0]],
      [[1.0], [1.0], [1.0], [1.0]]]])),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), [2, 2], 'MAX', padding='FOO'),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'padding\' of "FOO" is not in the list of allowed values: "SAME", '
      '"VALID", "EXPLICIT"')),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), [2, 2], 'MAX', padding='FOO', dilations=[2, 2]),
     ('raise', 'ValueError', "`padding` must be one of 'SAME' or 'VALID'. Received: padding=FOO")),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), [2, 2], 'MAX', strides=[2.5, 1]),
     ('float32', [1, 2, 3, 1], [[[[1.0], [1.0], [1.0]], [[1.0], [1.0], [1.0]]]])),
    (lambda: tf.nn.pool(tf.ones([1, 4, 1]), [2], 'MAX', data_format='NHWC'),
     ('raise', 'ValueError',
      "data_format must be either 'NWC' or 'NCW'. Received: data_format=NHWC")),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), [2, 2, 2, 2], 'MAX'),
     ('raise', 'ValueError',
      '`len(window_shape)` must be 1, 2, or 3. Received: window_shape=[2, 2, 2, 2] of length 4')),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), [], 'MAX'),
     ('raise', 'ValueError',
      '`len(window_shape)` must be 1, 2, or 3. Received: window_shape=[] of length 0')),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), [2, 2], 'max'),
     ('raise', 'ValueError', '2-D max pooling is not supported.')),
    (lambda: tf.nn.pool(tf.ones([1, 4, 4, 1]), [2, 2], 1),
     ('raise', 'AttributeError', "'int' object has no attribute 'lower'")),
    (lambda: tf.nn.with_space_to_batch(tf.ones([1, 4, 4, 1]), [[0, 2]], 'FOO', lambda x, p: x),
     ('raise', 'ValueError',
      '`dilation_rate.shape.rank` must be 1. Received: dilation_rate=[[0 2]] of rank 2')),
    (lambda: tf.nn.with_space_to_batch(tf.ones([1, 4, 4, 1]), [0, 2], 'SAME', lambda x, p: x,
                                       spatial_dims=[2, 1]),
     ('raise', 'ValueError',
      '`spatial_dims` must be a monotonically increasing sequence of positive integers. '
      'Received: spatial_dims=[2, 1]')),
    (lambda: tf.nn.with_space_to_batch(tf.ones([1, 4, 4, 1]), [1, 1], 'FOO', lambda x, n, p: p),
     ('py', "'FOO'")),
    (lambda: tf.nn.with_space_to_batch(tf.ones([1, 4, 4, 1]), [0, 2], 'SAME', lambda x, p: x,
                                       spatial_dims=[1, 5]),
     ('raise', 'ValueError',
      '`input.shape.rank` must be at least 6. Received: input.shape=(1, 4, 4, 1) with rank 4')),
    (lambda: tf.nn.with_space_to_batch(tf.ones([1, 4, 4, 1]), 2, 'SAME', lambda x, p: x),
     ('raise', 'ValueError',
      '`dilation_rate.shape.rank` must be 1. Received: dilation_rate=2 of rank 0')),
    (lambda: tf.nn.with_space_to_batch(tf.ones([1, 4, 4, 1]), [2, 2], 'VALID', lambda x, n,
                                       p: x * 2),
     ('float32', [1, 4, 4, 1], [[[[2.0], [2.0], [2.0], [2.0]], [[2.0], [2.0], [2.0], [2.0]],
      [[2.0], [2.0], [2.0], [2.0]], [[2.0], [2.0], [2.0], [2.0]]]])),
]


# dct / idct: a float n indexes the input (TF's slicing TypeError) where it is not more
# than the axis, else is a paddings list converted to int32 (its TypeError naming them; was
# Pad's attr refusal); n's sign, norm, the type and Type-I's rules checked as TF
DCT_ARGUMENTS = [
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), n=2.0),
     ('raise', 'TypeError',
      'Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar '
      'tf.int32/tf.int64 tensors are valid indices, got 2.0')),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), n=2.5),
     ('raise', 'TypeError',
      'Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar '
      'tf.int32/tf.int64 tensors are valid indices, got 2.5')),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), n=2),
     ('float32', [2], [6.0, -1.4142135381698608])),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), n=0),
     ('raise', 'ValueError', 'n should be a positive integer or None')),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), n=-1),
     ('raise', 'ValueError', 'n should be a positive integer or None')),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), norm='foo'),
     ('raise', 'ValueError', "Unknown normalization. Expected None or 'ortho', got: foo")),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), norm='ORTHO'),
     ('raise', 'ValueError', "Unknown normalization. Expected None or 'ortho', got: ORTHO")),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), type=1, norm='ortho'),
     ('raise', 'ValueError', 'Normalization is not supported for the Type-I DCT.')),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), type=1, n=1),
     ('float32', [1], [1.0])),
    (lambda: tf.signal.dct(tf.constant([1.0]), type=1),
     ('raise', 'ValueError', 'Type-I DCT requires the dimension to be greater than one.')),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0]), type=1),
     ('float32', [2], [3.0, -1.0])),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), type=1, n=2),
     ('float32', [2], [3.0, -1.0])),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), type=1, n=2.0),
     ('raise', 'TypeError',
      'Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar '
      'tf.int32/tf.int64 tensors are valid indices, got 2.0')),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), type=3, n=2.0),
     ('raise', 'TypeError',
      'Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar '
      'tf.int32/tf.int64 tensors are valid indices, got 2.0')),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), type=3, n=6),
     ('float32', [6], [15.716711044311523, -1.828426718711853, -8.817729949951172,
      0.4254252314567566, 3.8284270763397217, -3.3244054317474365])),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), type=4, n=2.0),
     ('raise', 'TypeError',
      'Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar '
      'tf.int32/tf.int64 tensors are valid indices, got 2.0')),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), type=4, n=2, norm='ortho'),
     ('float32', [2], [1.6892462968826294, -1.4650754928588867])),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), type=5),
     ('raise', 'ValueError', 'Types I, II, III and IV (I)DCT are supported.')),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), axis=0),
     ('raise', 'NotImplementedError', 'axis must be -1. Got: 0')),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), n=tf.constant(2)),
     ('float32', [2], [6.0, -1.4142135381698608])),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), n=True),
     ('float32', [1], [2.0])),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), n='2'),
     ('raise', 'TypeError', "'<' not supported between instances of 'str' and 'int'")),
    (lambda: tf.signal.dct(tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), n=2),
     ('float32', [2, 2], [[6.0, -1.4142135381698608], [18.0, -1.4142136573791504]])),
    (lambda: tf.signal.dct(tf.constant([1, 2])),
     ('raise', 'TypeError', 'Cannot convert 0.0 to EagerTensor of dtype int32')),
    (lambda: tf.signal.dct([1.0, 2.0], n=3),
     ('float32', [3], [6.0, 1.7320507764816284, -3.0])),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0], tf.float64), n=3),
     ('float64', [3], [6.0, 1.7320508075688779, -2.9999999999999996])),
    (lambda: tf.signal.dct(tf.constant(1.0)),
     ('raise', 'IndexError', 'tuple index out of range')),
    (lambda: tf.signal.dct(tf.constant(1.0), n=2),
     ('raise', 'IndexError', 'tuple index out of range')),
    (lambda: tf.signal.idct(tf.constant([1.0, 2.0, 3.0, 4.0]), n=2.0),
     ('raise', 'TypeError',
      'Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar '
      'tf.int32/tf.int64 tensors are valid indices, got 2.0')),
    (lambda: tf.signal.idct(tf.constant([1.0, 2.0, 3.0, 4.0]), n=6),
     ('float32', [6], [15.716711044311523, -1.828426718711853, -8.817729949951172,
      0.4254252314567566, 3.8284270763397217, -3.3244054317474365])),
    (lambda: tf.signal.idct(tf.constant([1.0, 2.0, 3.0, 4.0]), n=2),
     ('float32', [2], [3.8284270763397217, -1.8284270763397217])),
    (lambda: tf.signal.idct(tf.constant([1.0, 2.0, 3.0, 4.0]), n=0),
     ('raise', 'ValueError', 'n should be a positive integer or None')),
    (lambda: tf.signal.idct(tf.constant([1.0, 2.0, 3.0, 4.0]), norm='foo'),
     ('raise', 'ValueError', "Unknown normalization. Expected None or 'ortho', got: foo")),
    (lambda: tf.signal.idct(tf.constant([1.0, 2.0, 3.0, 4.0]), type=1, norm='ortho'),
     ('raise', 'ValueError', 'Normalization is not supported for the Type-I DCT.')),
    (lambda: tf.signal.idct(tf.constant([1.0, 2.0, 3.0, 4.0]), type=1, n=1),
     ('float32', [1], [1.0])),
    (lambda: tf.signal.idct(tf.constant([1.0]), type=1),
     ('raise', 'ValueError', 'Type-I DCT requires the dimension to be greater than one.')),
    (lambda: tf.signal.idct(tf.constant([1.0, 2.0, 3.0, 4.0]), type=1, n=2.0),
     ('raise', 'TypeError',
      'Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar '
      'tf.int32/tf.int64 tensors are valid indices, got 2.0')),
    (lambda: tf.signal.idct(tf.constant([1.0, 2.0, 3.0, 4.0]), type=4, n=2.0),
     ('raise', 'TypeError',
      'Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar '
      'tf.int32/tf.int64 tensors are valid indices, got 2.0')),
    (lambda: tf.signal.idct(tf.constant([1.0, 2.0, 3.0, 4.0]), type=5),
     ('raise', 'ValueError', 'Types I, II, III and IV (I)DCT are supported.')),
    (lambda: tf.signal.idct(tf.constant([1.0, 2.0, 3.0, 4.0]), axis=0),
     ('raise', 'NotImplementedError', 'axis must be -1. Got: 0')),
    (lambda: tf.signal.idct(tf.constant([1.0, 2.0, 3.0, 4.0]), n=-3),
     ('raise', 'ValueError', 'n should be a positive integer or None')),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), n=6.0),
     ('raise', 'TypeError', 'Cannot convert [[0, 2.0]] to EagerTensor of dtype int32')),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), n=4.0),
     ('raise', 'TypeError',
      'Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar '
      'tf.int32/tf.int64 tensors are valid indices, got 4.0')),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), type=1, n=6.0),
     ('raise', 'TypeError', 'Cannot convert [[0, 2.0]] to EagerTensor of dtype int32')),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), type=1, n=4.0),
     ('raise', 'TypeError',
      'Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar '
      'tf.int32/tf.int64 tensors are valid indices, got 4.0')),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), n=np.int64(2)),
     ('float32', [2], [6.0, -1.4142135381698608])),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), n=np.float32(2)),
     ('raise', 'TypeError',
      'Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar '
      'tf.int32/tf.int64 tensors are valid indices, got np.float32(2.0)')),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), n=np.float32(6)),
     ('raise', 'TypeError', 'Cannot convert [[0, np.float32(2.0)]] to EagerTensor of dtype int32')),
    (lambda: tf.signal.idct(tf.constant([1.0, 2.0, 3.0, 4.0]), n=6.0),
     ('raise', 'TypeError', 'Cannot convert [[0, 2.0]] to EagerTensor of dtype int32')),
    (lambda: tf.signal.idct(tf.constant([1.0, 2.0, 3.0, 4.0]), type=1, n=4.0),
     ('raise', 'TypeError',
      'Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar '
      'tf.int32/tf.int64 tensors are valid indices, got 4.0')),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), type=1, n=1, norm='ortho'),
     ('raise', 'ValueError', 'Normalization is not supported for the Type-I DCT.')),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), type=1, n=0),
     ('raise', 'ValueError', 'n should be a positive integer or None')),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), type=5, n=0),
     ('raise', 'ValueError', 'n should be a positive integer or None')),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), type=5, norm='foo'),
     ('raise', 'ValueError', 'Types I, II, III and IV (I)DCT are supported.')),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), n=0, norm='foo', axis=0),
     ('raise', 'NotImplementedError', 'axis must be -1. Got: 0')),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), n=2.0, norm='foo'),
     ('raise', 'ValueError', "Unknown normalization. Expected None or 'ortho', got: foo")),
    (lambda: tf.signal.dct(tf.constant([1, 2]), n=2.0),
     ('raise', 'TypeError', 'Cannot convert 0.0 to EagerTensor of dtype int32')),
    (lambda: tf.signal.dct(tf.constant(1.0), n=2.0),
     ('raise', 'IndexError', 'tuple index out of range')),
    (lambda: tf.signal.dct(tf.constant([1.0], tf.float16)),
     ('raise', 'TypeError',
      'The `real` and `imag` components have incorrect types: float16 float16. They must be '
      'consistent, and one of [tf.float32, tf.float64]')),
]


# their values where TF's FFT rounds otherwise in float32 (compared within 1e-6)
DCT_VALUES = [
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), n=6),
     ('float32', [6], [20.0, 4.242640972137451, -10.392304420471191, 2.384185791015625e-07,
      3.999999761581421, -4.242641448974609])),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), n=4, norm='ortho'),
     ('float32', [4], [5.0, -2.230442523956299, 8.429369557916289e-08, -0.1585124433040619])),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), n=6, norm='ortho'),
     ('float32', [6], [4.082482814788818, 1.2247449159622192, -2.999999761581421,
      6.882551417675131e-08, 1.1547003984451294, -1.2247450351715088])),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), type=1, n=6),
     ('float32', [6], [19.0, 3.6180343627929688, -9.090169906616211, 1.3819656372070312,
      2.090169906616211, -5.0])),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), type=4, n=6),
     ('float32', [6], [15.308619499206543, -6.3086442947387695, -6.936905860900879,
      4.670406818389893, -0.44834089279174805, -3.9639394283294678])),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), type=2.0),
     ('float32', [4], [20.0, -6.3086442947387695, 2.384185791015625e-07, -0.44834089279174805])),
    (lambda: tf.signal.dct(tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), n=5, norm='ortho'),
     ('float32', [2, 5], [[2.683281421661377, 1.3449971675872803, -1.7765783071517944,
      -0.8312538266181946, 1.0694715976715088], [6.7082037925720215, 4.264743804931641,
      -2.725261688232422, -1.5205128192901611, 2.018155097961426]])),
    (lambda: tf.signal.idct(tf.constant([1.0, 2.0, 3.0, 4.0]), type=3, n=6, norm='ortho'),
     ('float32', [6], [4.082482814788818, 1.2247449159622192, -2.999999761581421,
      6.882551417675131e-08, 1.1547003984451294, -1.2247450351715088])),
    (lambda: tf.signal.dct(tf.constant([1.0, 2.0, 3.0, 4.0]), n=None, norm=None),
     ('float32', [4], [20.0, -6.3086442947387695, 2.384185791015625e-07, -0.44834089279174805])),
]


# TF 2.21's CPU computes no dilated 3-D convolution where its default oneDNN build has no
# kernel for it: Conv3D and its V2 gradients of float64 and half (float32 and bfloat16 compute,
# as here: tests/ops/test_conv_cpu_dilation.py) refuse one after the shape checks, naming a
# channels-first format first (was: computed); the SpaceToBatchND form of tf.nn.convolution
# computes (the same with oneDNN off and on; TF's N-D Conv op refuses any dilated 3-D one,
# which eagerflow's computes, as XLA does: tests/ops/opsgap_cases.py)
CPU_3D_DILATIONS = [
    (lambda: tf.nn.conv3d(tf.ones([1, 4, 4, 4, 1], tf.float64),
                          tf.ones([2, 2, 2, 1, 1], tf.float64), [1, 1, 1, 1, 1], 'VALID',
                          dilations=[1, 2, 2, 2, 1]),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Conv3D_device_/job:localhost/replica:0/task:0/device:CPU:0}}'
      ' CPU implementation of Conv3D currently only supports dilated rates of 1. [Op:Conv3D] '
      'name:')),
    (lambda: tf.nn.conv3d(tf.ones([1, 4, 4, 4, 1], tf.float64),
                          tf.ones([2, 2, 2, 1, 1], tf.float64), [1, 1, 1, 1, 1], 'SAME',
                          dilations=[1, 1, 1, 2, 1]),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Conv3D_device_/job:localhost/replica:0/task:0/device:CPU:0}}'
      ' CPU implementation of Conv3D currently only supports dilated rates of 1. [Op:Conv3D] '
      'name:')),
    (lambda: tf.nn.conv3d(tf.ones([1, 4, 4, 4, 1], tf.float64),
                          tf.ones([2, 2, 2, 1, 1], tf.float64), [1, 1, 1, 1, 1], 'VALID',
                          dilations=[1, 1, 1, 1, 1]),
     ('float64', [1, 3, 3, 3, 1], [[[[[8.0], [8.0], [8.0]], [[8.0], [8.0], [8.0]], [[8.0],
      [8.0], [8.0]]], [[[8.0], [8.0], [8.0]], [[8.0], [8.0], [8.0]], [[8.0], [8.0], [8.0]]],
      [[[8.0], [8.0], [8.0]], [[8.0], [8.0], [8.0]], [[8.0], [8.0], [8.0]]]]])),
    (lambda: tf.nn.conv3d(tf.ones([1, 4, 4, 4, 1], tf.float16),
                          tf.ones([2, 2, 2, 1, 1], tf.float16), [1, 1, 1, 1, 1], 'VALID',
                          dilations=[1, 2, 1, 1, 1]),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Conv3D_device_/job:localhost/replica:0/task:0/device:CPU:0}}'
      ' CPU implementation of Conv3D currently only supports dilated rates of 1. [Op:Conv3D] '
      'name:')),
    (lambda: tf.nn.conv3d(tf.ones([1, 1, 4, 4, 4], tf.float64),
                          tf.ones([2, 2, 2, 1, 1], tf.float64), [1, 1, 1, 1, 1], 'VALID',
                          data_format='NCDHW', dilations=[1, 1, 2, 2, 2]),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Conv3D_device_/job:localhost/replica:0/task:0/device:CPU:0}}'
      ' CPU implementation of Conv3D currently only supports the NHWC tensor format. '
      '[Op:Conv3D] name:')),
    (lambda: tf.nn.conv3d(tf.ones([1, 4, 4, 4, 1], tf.float64),
                          tf.ones([2, 2, 2, 2, 1], tf.float64), [1, 1, 1, 1, 1], 'VALID',
                          dilations=[1, 2, 2, 2, 1]),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Conv3D_device_/job:localhost/replica:0/task:0/device:CPU:0}}'
      ' Input depth must be evenly divisible by filter depth: 1 vs 2 [Op:Conv3D] name:')),
    (lambda: tf.nn.conv3d(tf.ones([1, 4, 4, 4, 1], tf.float64),
                          tf.ones([5, 5, 5, 1, 1], tf.float64), [1, 1, 1, 1, 1], 'VALID',
                          dilations=[1, 2, 2, 2, 1]),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Conv3D_device_/job:localhost/replica:0/task:0/device:CPU:0}}'
      ' Computed output size would be negative: -4 [input_size: 4, effective_filter_size: 9, '
      'stride: 1] [Op:Conv3D] name:')),
    (lambda: tf.nn.conv3d(tf.ones([1, 4, 4, 4, 1], tf.float64),
                          tf.ones([2, 2, 2, 1, 1], tf.float64), [1, 1, 1, 1, 1], 'VALID',
                          dilations=[2, 2, 2, 2, 1]),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Conv3D_device_/job:localhost/replica:0/task:0/device:CPU:0}}'
      ' Current implementation does not yet support dilation rates in the batch and depth '
      'dimensions. [Op:Conv3D] name:')),
    (lambda: tf.nn.conv3d(tf.ones([1, 4, 4, 4, 1], tf.float64),
                          tf.ones([2, 2, 2, 1, 1], tf.float64), [1, 1, 1, 1, 1], 'VALID',
                          dilations=[1, 0, 2, 2, 1]),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Conv3D_device_/job:localhost/replica:0/task:0/device:CPU:0}}'
      ' Dilated rates should be larger than 0. [Op:Conv3D] name:')),
    (lambda: tf.nn.convolution(tf.ones([1, 4, 4, 4, 1], tf.float64),
                               tf.ones([2, 2, 2, 1, 1], tf.float64), dilations=2),
     ('float64', [1, 2, 2, 2, 1], [[[[[8.0], [8.0]], [[8.0], [8.0]]], [[[8.0], [8.0]], [[8.0],
      [8.0]]]]])),
    (lambda: tf.raw_ops.Conv3D(input=tf.ones([1, 4, 4, 4, 1], tf.float64),
                               filter=tf.ones([2, 2, 2, 1, 1], tf.float64), strides=[1, 1, 1, 1, 1],
                               padding='VALID', dilations=[1, 2, 2, 2, 1]),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Conv3D_device_/job:localhost/replica:0/task:0/device:CPU:0}}'
      ' CPU implementation of Conv3D currently only supports dilated rates of 1. [Op:Conv3D] '
      'name:')),
    (lambda: tf.raw_ops.Conv3DBackpropInputV2(input_sizes=[1, 4, 4, 4, 1],
                                              filter=tf.ones([2, 2, 2, 1, 1], tf.float64),
                                              out_backprop=tf.ones([1, 2, 2, 2, 1], tf.float64),
                                              strides=[1, 1, 1, 1, 1], padding='VALID',
                                              dilations=[1, 2, 2, 2, 1]),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Conv3DBackpropInputV2_device_/job:localhost/replica:0/task:0'
      '/device:CPU:0}} Current CPU implementation does not yet support dilation rates larger '
      'than 1. [Op:Conv3DBackpropInputV2]')),
    (lambda: tf.raw_ops.Conv3DBackpropFilterV2(input=tf.ones([1, 4, 4, 4, 1], tf.float64),
                                               filter_sizes=[2, 2, 2, 1, 1],
                                               out_backprop=tf.ones([1, 2, 2, 2, 1], tf.float64),
                                               strides=[1, 1, 1, 1, 1], padding='VALID',
                                               dilations=[1, 2, 2, 2, 1]),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Conv3DBackpropFilterV2_device_/job:localhost/replica:0/task:'
      '0/device:CPU:0}} Current CPU implementation does not yet support dilation rates larger '
      'than 1. [Op:Conv3DBackpropFilterV2]')),
    (lambda: tf.raw_ops.Conv(input=tf.ones([1, 4, 4, 1]), filter=tf.ones([2, 2, 1, 1]),
                             strides=[1, 1, 1, 1], padding='VALID', dilations=[1, 2, 2, 1]),
     ('float32', [1, 2, 2, 1], [[[[4.0], [4.0]], [[4.0], [4.0]]]])),
]


# MaxPool's data_format list holds NCHW_VECT_C, which TF's CPU kernel refuses before its other
# checks, as it refuses NCHW with explicit paddings (oneDNN on or off: oneDNN takes none; was:
# the paddings' checks, or computed); the max-pool functions refuse a padding list for
# NCHW_VECT_C (ValueError); max_pool1d converts its three pairs, then puts a zero pair first
MAX_POOL_FORMATS = [
    (lambda: tf.nn.max_pool(tf.ones([1, 4, 4, 1]), 2, 2, 'VALID', data_format='FOO'),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'data_format\' of "FOO" is not in the list of allowed values: "NHWC", '
      '"NCHW", "NCHW_VECT_C"')),
    (lambda: tf.nn.max_pool2d(tf.ones([1, 4, 4, 1]), 2, 2, 'VALID', data_format='FOO'),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'data_format\' of "FOO" is not in the list of allowed values: "NHWC", '
      '"NCHW", "NCHW_VECT_C"')),
    (lambda: tf.nn.avg_pool2d(tf.ones([1, 4, 4, 1]), 2, 2, 'VALID', data_format='FOO'),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'data_format\' of "FOO" is not in the list of allowed values: "NHWC", '
      '"NCHW"')),
    (lambda: tf.nn.max_pool(tf.ones([1, 4, 4, 1]), 2, 2, 'VALID', data_format='NCHW_VECT_C'),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__MaxPool_device_/job:localhost/replica:0/task:0/device:CPU:0}'
      '} Default MaxPoolingOp only supports NHWC on device type CPU [Op:MaxPool] name:')),
    (lambda: tf.nn.max_pool2d(tf.ones([1, 1, 4, 4]), 2, 2, 'SAME', data_format='NCHW_VECT_C'),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__MaxPool_device_/job:localhost/replica:0/task:0/device:CPU:0}'
      '} Default MaxPoolingOp only supports NHWC on device type CPU [Op:MaxPool] name:')),
    (lambda: tf.raw_ops.MaxPool(input=tf.ones([1, 4, 4, 1]), ksize=[2, 2, 2, 1],
                                strides=[1, 2, 2, 1], padding='VALID', data_format='NCHW_VECT_C'),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__MaxPool_device_/job:localhost/replica:0/task:0/device:CPU:0}'
      '} Default MaxPoolingOp only supports NHWC on device type CPU [Op:MaxPool] name:')),
    (lambda: tf.raw_ops.MaxPool(input=tf.ones([1, 4, 4, 1]), ksize=[1, 2, 2, 1],
                                strides=[1, 2, 2, 1], padding='FOO', data_format='NCHW_VECT_C'),
     ('raise', 'InvalidArgumentError',
      'Value for attr \'padding\' of "FOO" is not in the list of allowed values: "SAME", '
      '"VALID", "EXPLICIT"')),
    (lambda: tf.nn.max_pool(tf.ones([1, 4, 4, 1]), 2, 2, [[0, 0], [1, 1], [1, 1], [0, 0]],
                            data_format='NCHW_VECT_C'),
     ('raise', 'ValueError',
      "`data_format='NCHW_VECT_C'` is not supported with explicit padding. Received: "
      'padding=[[0, 0], [1, 1], [1, 1], [0, 0]]')),
    (lambda: tf.nn.max_pool2d(tf.ones([1, 4, 4, 1]), 2, 2, [[0, 0], [1, 1], [1, 1], [0, 0]],
                              data_format='NCHW_VECT_C'),
     ('raise', 'ValueError',
      "`data_format='NCHW_VECT_C'` is not supported with explicit padding. Received: "
      'padding=[[0, 0], [1, 1], [1, 1], [0, 0]]')),
    (lambda: tf.nn.max_pool(tf.ones([1, 4, 4, 4, 1]), 2, 2,
                            [[0, 0], [1, 1], [1, 1], [1, 1], [0, 0]], data_format='NCHW_VECT_C'),
     ('raise', 'ValueError',
      "`data_format='NCHW_VECT_C'` is not supported with explicit padding. Received: "
      'padding=[[0, 0], [1, 1], [1, 1], [1, 1], [0, 0]]')),
    (lambda: tf.nn.max_pool(tf.ones([1, 4, 4, 1]), 2, 2, [[0, 0], [1, 1], [1, 1], [0, 0]],
                            data_format='NCHW'),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__MaxPool_device_/job:localhost/replica:0/task:0/device:CPU:0}'
      '} Default MaxPoolingOp only supports NHWC on device type CPU [Op:MaxPool] name:')),
    (lambda: tf.nn.max_pool(tf.ones([1, 1, 4, 4]), 2, 2, [[0, 0], [0, 0], [1, 1], [1, 1]],
                            data_format='NCHW'),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__MaxPool_device_/job:localhost/replica:0/task:0/device:CPU:0}'
      '} Default MaxPoolingOp only supports NHWC on device type CPU [Op:MaxPool] name:')),
    (lambda: tf.nn.max_pool(tf.ones([1, 1, 4, 4]), [2, 1, 2, 2], [1, 1, 2, 2],
                            [[0, 0], [0, 0], [1, 1], [1, 1]], data_format='NCHW'),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__MaxPool_device_/job:localhost/replica:0/task:0/device:CPU:0}'
      '} Default MaxPoolingOp only supports NHWC on device type CPU [Op:MaxPool] name:')),
    (lambda: tf.nn.max_pool(tf.ones([1, 1, 4, 4]), 2, 2, [[0, 0], [0, 0], [3, 3], [1, 1]],
                            data_format='NCHW'),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__MaxPool_device_/job:localhost/replica:0/task:0/device:CPU:0}'
      '} Default MaxPoolingOp only supports NHWC on device type CPU [Op:MaxPool] name:')),
    (lambda: tf.nn.max_pool(tf.ones([1, 1, 4, 4], tf.int32), 2, 2, [[0, 0], [0, 0], [1, 1], [1, 1]],
                            data_format='NCHW'),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__MaxPool_device_/job:localhost/replica:0/task:0/device:CPU:0}'
      '} Default MaxPoolingOp only supports NHWC on device type CPU [Op:MaxPool] name:')),
    (lambda: tf.nn.max_pool2d(tf.ones([1, 1, 4, 4]), 2, 2, [[0, 0], [0, 0], [1, 1], [1, 1]],
                              data_format='NCHW'),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__MaxPool_device_/job:localhost/replica:0/task:0/device:CPU:0}'
      '} Default MaxPoolingOp only supports NHWC on device type CPU [Op:MaxPool] name:')),
    (lambda: tf.raw_ops.MaxPool(input=tf.ones([1, 1, 4, 4]), ksize=[1, 1, 2, 2],
                                strides=[1, 1, 2, 2], padding='EXPLICIT',
                                explicit_paddings=[0, 0, 0, 0, 1, 1], data_format='NCHW'),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__MaxPool_device_/job:localhost/replica:0/task:0/device:CPU:0}'
      '} Default MaxPoolingOp only supports NHWC on device type CPU [Op:MaxPool] name:')),
    (lambda: tf.nn.max_pool(tf.ones([1, 4, 4, 1]), 2, 2, [[0, 0], [1, 1], [1, 1], [0, 0]],
                            data_format='NHWC'),
     ('float32', [1, 3, 3, 1], [[[[1.0], [1.0], [1.0]], [[1.0], [1.0], [1.0]], [[1.0], [1.0],
      [1.0]]]])),
    (lambda: tf.nn.max_pool(tf.ones([1, 1, 4]), 2, 2, [[0, 0], [0, 0], [1, 1], [1, 1]],
                            data_format='NCHW'),
     ('raise', 'ValueError',
      'When padding is a list, it must be of size 3. Received: padding=[[0, 0], [0, 0], [1, '
      '1], [1, 1]] of size 4')),
    (lambda: tf.nn.max_pool1d(tf.reshape(tf.range(12.0), [1, 4, 3]), 2, 1,
                              [[0, 0], [1, 1], [0, 0]]),
     ('float32', [1, 5, 3], [[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0,
      11.0], [9.0, 10.0, 11.0]]])),
    (lambda: tf.nn.max_pool1d(tf.reshape(tf.range(12.0), [1, 4, 3]), 2, 1,
                              [[1, 1], [0, 0], [0, 0]]),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__MaxPool_device_/job:localhost/replica:0/task:0/device:CPU:0}'
      '} Top padding 1 needs to be smaller than the window size 1 [Op:MaxPool] name:')),
    (lambda: tf.nn.max_pool1d(tf.reshape(tf.range(12.0), [1, 4, 3]), 2, 1,
                              [[0, 0], [1, 1], [1, 0]]),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__MaxPool_device_/job:localhost/replica:0/task:0/device:CPU:0}'
      '} Nonzero explicit padding in the batch or depth dimensions is not supported '
      '[Op:MaxPool] name:')),
    (lambda: tf.nn.max_pool1d(tf.reshape(tf.range(12.0), [1, 4, 3]), 2, 1, [[0, 0], [1, 1]]),
     ('raise', 'ValueError',
      'When padding is a list, it must be of size 3. Received: padding=[[0, 0], [1, 1]] of '
      'size 2')),
    (lambda: tf.nn.max_pool1d(tf.reshape(tf.range(12.0), [1, 4, 3]), [2], [1], 'VALID'),
     ('float32', [1, 3, 3], [[[3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]])),
]


# a raw op's wrapper checks its list inputs are lists, then makes the attrs given, then
# converts its inputs, eagerly and in a graph (was: the inputs first; the attrs' allowed values
# are the runtime's, after the inputs' conversion)
RAW_ATTRS_BEFORE_INPUTS = [
    (lambda: tf.raw_ops.StringToNumber(string_tensor=1, out_type='foo'),
     ('raise', 'TypeError', "Expected DataType for argument 'out_type' not 'foo'.")),
    (lambda: tf.raw_ops.StringToNumber(string_tensor=None, out_type='foo'),
     ('raise', 'TypeError', "Expected DataType for argument 'out_type' not 'foo'.")),
    (lambda: tf.raw_ops.StringToNumber(string_tensor=[1.5], out_type=tf.string),
     ('raise', 'TypeError', 'Cannot convert [1.5] to EagerTensor of dtype string')),
    (lambda: tf.raw_ops.StringToNumber(string_tensor=1, out_type=None),
     ('raise', 'TypeError', 'Cannot convert 1 to EagerTensor of dtype string')),
    (lambda: tf.raw_ops.Cast(x=None, DstT='foo'),
     ('raise', 'TypeError', "Expected DataType for argument 'DstT' not 'foo'.")),
    (lambda: tf.raw_ops.Cumsum(x=None, axis=0, exclusive='a'),
     ('raise', 'TypeError', "Expected bool for argument 'exclusive' not 'a'.")),
    (lambda: tf.raw_ops.AsString(input=None, precision='a'),
     ('raise', 'TypeError', "Expected int for argument 'precision' not 'a'.")),
    (lambda: tf.raw_ops.StringToHashBucketFast(input=1, num_buckets='a'),
     ('raise', 'TypeError', "Expected int for argument 'num_buckets' not 'a'.")),
    (lambda: tf.raw_ops.StringToHashBucketFast(input=1, num_buckets=0),
     ('raise', 'TypeError', 'Cannot convert 1 to EagerTensor of dtype string')),
    (lambda: tf.raw_ops.Substr(input=1, pos=0, len=1, unit=3),
     ('raise', 'TypeError', "Expected string for argument 'unit' not 3.")),
    (lambda: tf.raw_ops.Pack(values=[None], axis='a'),
     ('raise', 'TypeError', "Expected int for argument 'axis' not 'a'.")),
    (lambda: tf.raw_ops.Pack(values=None, axis='a'),
     ('raise', 'TypeError', "Expected list for 'values' argument to 'pack' Op, not None.")),
    (lambda: tf.raw_ops.ConcatV2(values=1, axis=0, name=None),
     ('raise', 'TypeError', "Expected list for 'values' argument to 'concat_v2' Op, not 1.")),
    (lambda: tf.raw_ops.Fill(dims=None, value=1),
     ('raise', 'ValueError',
      "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
      'Tensor.')),
    (lambda: tf.raw_ops.Fill(dims=[2], value=None),
     ('raise', 'ValueError',
      "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
      'Tensor.')),
]


# 1-D pooling in any format but NWC is NCHW pooling of the input given a unit height after its
# first dimension (the channel index from an "NC" prefix), squeezed: TF's default oneDNN build
# computes it (its oneDNN-off CPU refuses NCHW, which eagerflow computes as oneDNN does:
# docs/capabilities.md), so these are recorded with oneDNN on (was: a ValueError for any
# format but NWC and NCW)
ONEDNN_1D_POOLS = [
    (lambda: tf.nn.avg_pool(tf.ones([1, 4, 1]), 2, 2, 'VALID', data_format='NHWC'),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Squeeze_device_/job:localhost/replica:0/task:0/device:CPU:0}'
      '} Can not squeeze dim[2], expected a dimension of 1, got 0 [Op:Squeeze] name:')),
    (lambda: tf.nn.avg_pool(tf.ones([1, 4, 1]), 2, 2, 'SAME', data_format='NHWC'),
     ('float32', [1, 4, 1], [[[1.0], [1.0], [1.0], [1.0]]])),
    (lambda: tf.nn.avg_pool(tf.ones([1, 4, 1]), 2, 2, 'VALID', data_format='FOO'),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Squeeze_device_/job:localhost/replica:0/task:0/device:CPU:0}'
      '} Can not squeeze dim[2], expected a dimension of 1, got 0 [Op:Squeeze] name:')),
    (lambda: tf.nn.avg_pool1d(tf.ones([1, 4, 1]), 2, 2, 'VALID', data_format='NHWC'),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Squeeze_device_/job:localhost/replica:0/task:0/device:CPU:0}'
      '} Can not squeeze dim[2], expected a dimension of 1, got 0 [Op:Squeeze] name:')),
    (lambda: tf.nn.avg_pool1d(tf.ones([1, 4, 1]), 2, 2, 'VALID', data_format='NCHW'),
     ('float32', [1, 4, 0], [[[], [], [], []]])),
    (lambda: tf.nn.avg_pool1d(tf.ones([1, 4, 3]), [1, 2, 1], [1, 2, 1], 'VALID',
                              data_format='NHWC'),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Squeeze_device_/job:localhost/replica:0/task:0/device:CPU:0}'
      '} Can not squeeze dim[2], expected a dimension of 1, got 0 [Op:Squeeze] name:')),
    (lambda: tf.nn.avg_pool1d(tf.reshape(tf.range(12.0), [1, 4, 3]), 2, 1, 'SAME',
                              data_format='NHWC'),
     ('float32', [1, 4, 3], [[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0,
      11.0]]])),
    (lambda: tf.nn.avg_pool1d(tf.reshape(tf.range(12.0), [1, 4, 3]), [1, 1, 1], [1, 1, 1], 'VALID',
                              data_format='NHWC'),
     ('float32', [1, 4, 3], [[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0,
      11.0]]])),
    (lambda: tf.nn.avg_pool1d(tf.reshape(tf.range(12.0), [1, 4, 3]), [1, 1, 2], [1, 1, 1], 'VALID',
                              data_format='NCW'),
     ('float32', [1, 4, 2], [[[0.5, 1.5], [3.5, 4.5], [6.5, 7.5], [9.5, 10.5]]])),
    (lambda: tf.nn.max_pool1d(tf.reshape(tf.range(12.0), [1, 4, 3]), 2, 1, 'SAME',
                              data_format='NCW'),
     ('float32', [1, 4, 3], [[[1.0, 2.0, 2.0], [4.0, 5.0, 5.0], [7.0, 8.0, 8.0], [10.0, 11.0,
      11.0]]])),
    (lambda: tf.nn.max_pool1d(tf.reshape(tf.range(12.0), [1, 4, 3]), 2, 1, 'SAME',
                              data_format='NHWC'),
     ('float32', [1, 4, 3], [[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0,
      11.0]]])),
]


CASES = (LAYOUT_READ_LAST + ATTRS_BEFORE_INPUT_DTYPES + IN_TOP_K_INPUTS + ARGUMENT_ORDER +
         DCT_ARGUMENTS + CPU_3D_DILATIONS + MAX_POOL_FORMATS + RAW_ATTRS_BEFORE_INPUTS +
         ONEDNN_1D_POOLS)


@pytest.mark.parametrize("fn, want", CASES)
def test_outcome_is_tf_2_21s(fn, want):
    assert outcome(fn) == want


@pytest.mark.parametrize("fn, want", DCT_VALUES)
def test_values_are_tf_2_21s_within_float32_rounding(fn, want):
    dtype, shape, values = outcome(fn)
    assert (dtype, shape) == (want[0], want[1])
    np.testing.assert_allclose(values, want[2], rtol=1e-6, atol=1e-6)
