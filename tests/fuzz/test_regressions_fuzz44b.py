"""Regression tests for the differences the fuzz44 campaigns found and left: each call
replayed in TF 2.21 with its neighbours, TF's answer recorded as data (its error class and
the first line of its message, or per tensor its dtype, shape and values; the form of
tests/fuzz/recorded.py). Recorded in a TF process that had already run an op."""

from __future__ import annotations

import numpy as np
import pytest
from recorded import outcome

import eagerflow as tf

inf, nan = np.inf, np.nan

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


CASES = LAYOUT_READ_LAST + ATTRS_BEFORE_INPUT_DTYPES + IN_TOP_K_INPUTS


@pytest.mark.parametrize("fn, want", CASES)
def test_outcome_is_tf_2_21s(fn, want):
    assert outcome(fn) == want
