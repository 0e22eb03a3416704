"""Regression tests for the fuzz campaigns of seeds 2449489742 and 3162277660
(EAGERFLOW_FUZZ_ODD=1), 20 examples per public function, whose API calls were each replayed
in TF 2.21 (tests/fuzz/api_replay.py): the inputs where eagerflow's outcome differed from
TF's, and their neighbours, with TF 2.21's answer recorded as data (its error class and the
first line of its message, or per tensor its dtype, shape and values). Recorded in a TF
process that had already run an op."""

from __future__ import annotations

import numpy as np
import pytest
from fuzzlib import _no_attribute, classify
from recorded import outcome

import eagerflow as tf

tnp = tf.experimental.numpy

inf, nan = np.inf, np.nan

# checks.no_attribute of a class: Python's words, as a fresh error raised where TF's Python
# reads the attribute (was the caught error itself, its traceback inside no_attribute)
CHECKS_CLASS_ATTR = [
    (lambda: tf.fill([2, 4, 5], 1.0, layout=object),
     ('raise', 'AttributeError', "type object 'object' has no attribute 'mesh'")),
    (lambda: tf.pad(np.zeros((4, 0, 2)), [[1, 1]] * 3, mode=object),
     ('raise', 'AttributeError', "type object 'object' has no attribute 'upper'")),
]

# A bool attr takes a Python bool only (a tensor, a NumPy bool or an int: TF's fast path
# refuses it, and its fallback converts the attrs before the inputs: "Expected bool ...";
# was bool() of it, or the inputs' dtype errors first)
BOOL_ATTR_FIRST = [
    (lambda: tf.sparse.segment_sum(tf.constant(True), tf.constant(True), tf.constant(True),
              sparse_gradient=tf.constant(True)),
     ('raise', 'TypeError',
       "Expected bool for argument 'sparse_gradient' not <tf.Tensor: shape=(), dtype=bool, "
       'numpy=True>.')),
    (lambda: tf.sparse.segment_sum([1., 2.], [0, 1], [0, 0], sparse_gradient=1),
     ('raise', 'TypeError', "Expected bool for argument 'sparse_gradient' not 1.")),
    (lambda: tf.sparse.segment_sum([1., 2.], [0, 1], [0, 0], sparse_gradient=np.bool_(True)),
     ('raise', 'TypeError', "Expected bool for argument 'sparse_gradient' not np.True_.")),
    (lambda: tf.sparse.segment_mean([True], [0], [0], sparse_gradient=None),
     ('raise', 'InvalidArgumentError',
       "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, "
       'float, double')),
    (lambda: tf.sparse.segment_mean([1., 2.], [0, 1], [0, 0], 3, sparse_gradient=1),
     ('raise', 'TypeError', "Expected bool for argument 'sparse_gradient' not 1.")),
    (lambda: tf.sparse.segment_sqrt_n(tf.constant(True), tf.constant(True), tf.constant(True),
              num_segments=tf.constant(True), sparse_gradient=tf.constant(True)),
     ('raise', 'TypeError',
       "Expected bool for argument 'sparse_gradient' not <tf.Tensor: shape=(), dtype=bool, "
       'numpy=True>.')),
    (lambda: tf.sparse.segment_sum([1., 2.], [0, 1], [0, 0], sparse_gradient=True),
     ('float32', [1], [3.0])),
    (lambda: tf.strings.regex_replace(tf.constant(True), tf.constant(True), tf.constant(True),
              replace_global=tf.constant(True)),
     ('raise', 'TypeError',
       "Expected bool for argument 'replace_global' not <tf.Tensor: shape=(), dtype=bool, "
       'numpy=True>.')),
    (lambda: tf.strings.regex_replace('a', 'a', 'b', replace_global=1),
     ('raise', 'TypeError', "Expected bool for argument 'replace_global' not 1.")),
    (lambda: tf.strings.regex_replace(1, 'a', 'b', replace_global=None),
     ('raise', 'TypeError', 'Cannot convert 1 to EagerTensor of dtype string')),
    (lambda: tf.strings.regex_replace('a', 'a', 'b', replace_global=None),
     ('string', [], b'b')),
    (lambda: tf.strings.regex_replace(1, 'a', 'b', replace_global=1),
     ('raise', 'TypeError', "Expected bool for argument 'replace_global' not 1.")),
    (lambda: tf.strings.regex_replace(1, tf.constant('a'), 'b', replace_global=1),
     ('raise', 'TypeError', "Expected bool for argument 'replace_global' not 1.")),
    (lambda: tf.strings.regex_replace(tf.constant(1), tf.constant('a'), tf.constant('b'),
              replace_global=np.bool_(True)),
     ('raise', 'TypeError', "Expected bool for argument 'replace_global' not np.True_.")),
    (lambda: tf.as_string([1, [[]], True], scientific=np.array(6)),
     ('raise', 'TypeError', "Expected bool for argument 'scientific' not array(6).")),
    (lambda: tf.as_string([1.5], scientific=1),
     ('raise', 'TypeError', "Expected bool for argument 'scientific' not 1.")),
    (lambda: tf.as_string(tf.constant([1.5]), scientific=tf.constant(True)),
     ('raise', 'TypeError',
       "Expected bool for argument 'scientific' not <tf.Tensor: shape=(), dtype=bool, "
       'numpy=True>.')),
    (lambda: tf.as_string(tf.constant('a'), scientific=1),
     ('raise', 'TypeError', "Expected bool for argument 'scientific' not 1.")),
    (lambda: tf.as_string(['a', 1], scientific=1),
     ('raise', 'TypeError', "Expected bool for argument 'scientific' not 1.")),
    (lambda: tf.as_string([1, 'a'], precision=1.5),
     ('raise', 'ValueError', "Can't convert Python sequence with mixed types to Tensor.")),
    (lambda: tf.as_string(tf.constant(['a']), precision=1.5),
     ('string', [1], [b'a'])),
    (lambda: tf.as_string(tf.constant(['a']), fill=1),
     ('raise', 'TypeError', "Expected string for argument 'fill' not 1.")),
    (lambda: tf.sparse.bincount([[]], binary_output=np.array([1.5, 2.])),
     ('raise', 'TypeError', "Expected bool for argument 'binary_output' not array([1.5, 2. ]).")),
    (lambda: tf.sparse.bincount([[]], binary_output=1),
     ('raise', 'TypeError', "Expected bool for argument 'binary_output' not 1.")),
    (lambda: tf.sparse.bincount([1], binary_output=None),
     ('raise', 'TypeError', "Expected bool for argument 'binary_output' not None.")),
    (lambda: tf.sparse.bincount([1], weights=[1.], binary_output=1),
     ('raise', 'ValueError',
       'Arguments `binary_output` and `weights` are mutually exclusive. Please specify only '
       'one.')),
]

# An int, string or type attr the fast path does not take is converted as TF's fallback
# converts it, before the inputs: substr's unit (its value checked as the op runs),
# strided_slice's masks (int(): a float truncates), split's num, one_hot's axis,
# gather_nd's bad_indices_policy (None its default), sobol_sample's dtype
OTHER_ATTRS_FIRST = [
    (lambda: tf.strings.substr(np.array(True), tf.constant(True), tf.constant(True),
              unit=tf.constant(True)),
     ('raise', 'TypeError',
       "Expected string for argument 'unit' not <tf.Tensor: shape=(), dtype=bool, numpy=True>.")),
    (lambda: tf.strings.substr('abc', 0, 1, unit=b'BYTE'),
     ('string', [], b'a')),
    (lambda: tf.strings.substr(1, 0, 1, unit=3),
     ('raise', 'TypeError', "Expected string for argument 'unit' not 3.")),
    (lambda: tf.strings.substr(1, 0, 1, unit='X'),
     ('raise', 'TypeError', 'Cannot convert 1 to EagerTensor of dtype string')),
    (lambda: tf.strings.substr(tf.constant(1), 0, 1, unit='X'),
     ('raise', 'InvalidArgumentError',
       'Value for attr \'unit\' of "X" is not in the list of allowed values: "BYTE", '
       '"UTF8_CHAR"')),
    (lambda: tf.strided_slice(np.array([5], np.uint32), np.zeros((0, 1), np.float16), np.zeros(0,
              np.float16), begin_mask=np.array([1, 2])),
     ('raise', 'TypeError', "Expected int for argument 'begin_mask' not array([1, 2]).")),
    (lambda: tf.strided_slice([5], [0], [1], begin_mask=np.array([1, 2])),
     ('raise', 'TypeError', "Expected int for argument 'begin_mask' not array([1, 2]).")),
    (lambda: tf.strided_slice([5], [0], [1], shrink_axis_mask=1.5),
     ('int32', [], 5)),
    (lambda: tf.strided_slice([5], [0.5], [1], end_mask=np.int64(1)),
     ('raise', 'InvalidArgumentError',
       "Value for attr 'Index' of float is not in the list of allowed values: int16, int32, "
       'int64')),
    (lambda: tf.split(np.zeros((1, 0), np.uint8), [1, 2, -1], num=np.zeros((4, 3, 3, 0),
              np.uint16)),
     ('raise', 'TypeError',
       "Expected int for argument 'num_split' not array([], shape=(4, 3, 3, 0), dtype=uint16).")),
    (lambda: tf.one_hot(np.array([0, 1, 8]), None, axis=[1.5]),
     ('raise', 'TypeError', "Expected int for argument 'axis' not [1.5].")),
    (lambda: tf.one_hot(np.array([0, 1, 8]), None, axis=1.5),
     ('raise', 'ValueError',
       "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
       'Tensor.')),
    (lambda: tf.one_hot(np.array([0, 1, 8]), 3, axis=1.5),
     ('float32', [3, 3], [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 0.0]])),
    (lambda: tf.gather_nd(tf.zeros((4, 0, 1, 4), tf.int32), tf.zeros((3, 3, 1), tf.int64),
              bad_indices_policy=[1]),
     ('raise', 'TypeError', "Expected string for argument 'bad_indices_policy' not [1].")),
    (lambda: tf.gather_nd(tf.zeros((4, 0, 1, 4), tf.int32), [[0.5]], bad_indices_policy=[1]),
     ('raise', 'TypeError', "Expected string for argument 'bad_indices_policy' not [1].")),
    (lambda: tf.gather_nd([1], [[0]], bad_indices_policy=b''),
     ('int32', [1], [1])),
    (lambda: tf.gather_nd([1], [[0]], bad_indices_policy=None),
     ('int32', [1], [1])),
    (lambda: tf.gather_nd(tf.Variable([1]), [[0]], bad_indices_policy=None),
     ('int32', [1], [1])),
    (lambda: tf.math.sobol_sample(4611686018427387904, tf.zeros((2, 2), tf.int8), dtype=(1+2j)),
     ('raise', 'TypeError', "Expected DataType for argument 'dtype' not (1+2j).")),
    (lambda: tf.math.sobol_sample(4, tf.zeros((2, 2), tf.int8), dtype=tf.float32),
     ('raise', 'InvalidArgumentError',
       'cannot compute SobolSample as input #1(zero-based) was expected to be a int32 tensor '
       'but is a int8 tensor [Op:SobolSample] name:')),
    (lambda: tf.math.sobol_sample(2, 2, dtype=None),
     ('float32', [2, 2], [[0.5, 0.5], [0.75, 0.25]])),
    (lambda: tf.math.sobol_sample(2, 2, dtype=tf.int32),
     ('raise', 'InvalidArgumentError',
       "Value for attr 'dtype' of int32 is not in the list of allowed values: float, double")),
    (lambda: tf.math.sobol_sample(2, 2, dtype='float64'),
     ('float64', [2, 2], [[0.5, 0.5], [0.75, 0.25]])),
]

# An int attr the fast path does not take (a tensor, a float, a NumPy int, a list's item)
# sends the hash ops' wrappers to their fallback, which converts a tensor to string: one of
# another dtype is the conversion's ValueError (was the op's refusal of the tensor)
FALLBACK_CONVERTS_STRINGS = [
    (lambda: tf.strings.to_hash_bucket(tf.constant(True), tf.constant(True)),
     ('raise', 'ValueError',
       'Tensor conversion requested dtype string for Tensor with dtype bool: <tf.Tensor: '
       'shape=(), dtype=bool, numpy=True>')),
    (lambda: tf.strings.to_hash_bucket(tf.constant(True), 3),
     ('raise', 'InvalidArgumentError',
       'cannot compute StringToHashBucket as input #0(zero-based) was expected to be a string '
       'tensor but is a bool tensor [Op:StringToHashBucket] name:')),
    (lambda: tf.strings.to_hash_bucket('a', 3.5),
     ('int64', [], 1)),
    (lambda: tf.strings.to_hash_bucket(tf.constant(1), 3.0),
     ('raise', 'ValueError',
       'Tensor conversion requested dtype string for Tensor with dtype int32: <tf.Tensor: '
       'shape=(), dtype=int32, numpy=1>')),
    (lambda: tf.strings.to_hash_bucket(tf.constant(1), 3),
     ('raise', 'InvalidArgumentError',
       'cannot compute StringToHashBucket as input #0(zero-based) was expected to be a string '
       'tensor but is a int32 tensor [Op:StringToHashBucket] name:')),
    (lambda: tf.strings.to_hash_bucket('a', '3'),
     ('raise', 'TypeError', "Expected int for argument 'num_buckets' not '3'.")),
    (lambda: tf.strings.to_hash_bucket_fast(tf.constant(True), tf.constant(True)),
     ('raise', 'ValueError',
       'Tensor conversion requested dtype string for Tensor with dtype bool: <tf.Tensor: '
       'shape=(), dtype=bool, numpy=True>')),
    (lambda: tf.strings.to_hash_bucket_fast(True, tf.constant(3)),
     ('raise', 'TypeError', 'Cannot convert True to EagerTensor of dtype string')),
    (lambda: tf.strings.to_hash_bucket_strong(True, tf.constant(3), [1, 2]),
     ('raise', 'TypeError', 'Cannot convert True to EagerTensor of dtype string')),
    (lambda: tf.strings.to_hash_bucket_strong(tf.constant(True), 3, [1, 2]),
     ('raise', 'InvalidArgumentError',
       'cannot compute StringToHashBucketStrong as input #0(zero-based) was expected to be a '
       'string tensor but is a bool tensor [Op:StringToHashBucketStrong] name:')),
    (lambda: tf.strings.to_hash_bucket_strong(tf.constant(True), np.int64(3), [1, 2]),
     ('raise', 'ValueError',
       'Tensor conversion requested dtype string for Tensor with dtype bool: <tf.Tensor: '
       'shape=(), dtype=bool, numpy=True>')),
    (lambda: tf.strings.to_hash_bucket_strong(tf.constant(True), 3, [1, np.int64(2)]),
     ('raise', 'ValueError',
       'Tensor conversion requested dtype string for Tensor with dtype bool: <tf.Tensor: '
       'shape=(), dtype=bool, numpy=True>')),
]

# unicode_decode converts its input with no dtype (an empty list is float32, which the op
# refuses; was string), and its encoding is a C string to ICU: it ends at a NUL (was
# Python's 'embedded null character')
UNICODE_DECODE = [
    (lambda: tf.strings.unicode_decode(np.zeros((1, 0), np.float16), b'\x00'),
     ('raise', 'InvalidArgumentError',
       'cannot compute UnicodeDecode as input #0(zero-based) was expected to be a string '
       'tensor but is a half tensor [Op:UnicodeDecode] name:')),
    (lambda: tf.strings.unicode_decode(np.zeros((1, 0), np.float16), 'UTF-8'),
     ('raise', 'InvalidArgumentError',
       'cannot compute UnicodeDecode as input #0(zero-based) was expected to be a string '
       'tensor but is a half tensor [Op:UnicodeDecode] name:')),
    (lambda: tf.strings.unicode_decode_with_offsets(np.zeros((1, 0), np.float16), b'\x00'),
     ('raise', 'InvalidArgumentError',
       'cannot compute UnicodeDecodeWithOffsets as input #0(zero-based) was expected to be a '
       'string tensor but is a half tensor [Op:UnicodeDecodeWithOffsets] name:')),
    (lambda: tf.strings.unicode_decode('a', b'\x00'),
     ('raise', 'InvalidArgumentError',
       '{{function_node '
       '__wrapped__UnicodeDecode_device_/job:localhost/replica:0/task:0/device:CPU:0}} Could '
       'not create converter for input encoding:  [Op:UnicodeDecode] name:')),
    (lambda: tf.strings.unicode_decode('a', 'UTF-8\x00'),
     ('int32', [1], [97])),
    (lambda: tf.strings.unicode_decode([], 'UTF-8'),
     ('raise', 'InvalidArgumentError',
       'cannot compute UnicodeDecode as input #0(zero-based) was expected to be a string '
       'tensor but is a float tensor [Op:UnicodeDecode] name:')),
    (lambda: tf.strings.unicode_decode(np.zeros(0, np.int32), 'UTF-8'),
     ('raise', 'InvalidArgumentError',
       'cannot compute UnicodeDecode as input #0(zero-based) was expected to be a string '
       'tensor but is a int32 tensor [Op:UnicodeDecode] name:')),
    (lambda: tf.strings.unicode_decode(np.zeros(0, object), 'UTF-8'),
     ('ragged', ('int32', [0], []), [('int64', [1], [0])])),
    (lambda: tf.strings.unicode_decode('a', 'UTF-8\x00x'),
     ('int32', [1], [97])),
    (lambda: tf.strings.unicode_decode('a', 'x\x00UTF-8'),
     ('raise', 'InvalidArgumentError',
       '{{function_node '
       '__wrapped__UnicodeDecode_device_/job:localhost/replica:0/task:0/device:CPU:0}} Could '
       'not create converter for input encoding: x [Op:UnicodeDecode] name:')),
    (lambda: tf.strings.unicode_decode_with_offsets('a', 'x\x00UTF-8'),
     ('raise', 'InvalidArgumentError',
       '{{function_node '
       '__wrapped__UnicodeDecodeWithOffsets_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
       'Could not create converter for input encoding: x [Op:UnicodeDecodeWithOffsets] name:')),
    (lambda: tf.strings.unicode_transcode('a', 'x\x00UTF-8', 'UTF-8'),
     ('raise', 'InvalidArgumentError',
       '{{function_node '
       '__wrapped__UnicodeTranscode_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
       'Could not create converter for input encoding: x [Op:UnicodeTranscode]')),
    (lambda: tf.strings.unicode_transcode('a', 'UTF-8\x00', 'UTF-8'),
     ('string', [], b'a')),
    (lambda: tf.strings.unicode_split(tf.constant([True]), None),
     ('raise', 'TypeError', "Expected string for argument 'input_encoding' not None.")),
]

# quantize and dequantize read a negative axis modulo the rank from input.shape.ndims
# unconverted (a list or a NumPy array: Python's AttributeError; was the kernel's refusal
# of -1 with per-channel ranges), then convert their attrs as their wrapper does, before
# the inputs (narrow_range a bool only, dtype a DType); a given axis takes 1-D ranges only
QUANTIZE_AXIS_ATTRS = [
    (lambda: tf.quantization.quantize(tf.constant(9.5-0.4j), [], tf.constant(-0.17), np.array([1,
              0], np.uint32), narrow_range=np.array([1., 2.])),
     ('raise', 'TypeError', "Expected bool for argument 'narrow_range' not array([1., 2.]).")),
    (lambda: tf.quantization.quantize(1.5, 0., 1., tf.quint8, narrow_range=1),
     ('raise', 'TypeError', "Expected bool for argument 'narrow_range' not 1.")),
    (lambda: tf.quantization.quantize(True, 0., 1., tf.quint8),
     ['tuple', ('quint8', [], 255), ('float32', [], 0.0), ('float32', [], 1.0)]),
    (lambda: tf.quantization.quantize(1.5, 0., 1., np.array([1, 0], np.uint32)),
     ('raise', 'InvalidArgumentError',
       "Value for attr 'T' of uint32 is not in the list of allowed values: qint8, quint8, "
       'qint32, qint16, quint16')),
    (lambda: tf.quantization.quantize([1.5], 0., 1., tf.qint8, mode='X'),
     ('raise', 'InvalidArgumentError',
       'Value for attr \'mode\' of "X" is not in the list of allowed values: "MIN_COMBINED", '
       '"MIN_FIRST", "SCALED"')),
    (lambda: tf.quantization.quantize([1.5], 0., 1., tf.qint8, round_mode=None),
     ['tuple', ('qint8', [1], [127]), ('float32', [], 0.0), ('float32', [], 1.0)]),
    (lambda: tf.quantization.quantize([1.5], 0., 1., tf.qint8, axis='a'),
     ('raise', 'TypeError', "'<' not supported between instances of 'str' and 'int'")),
    (lambda: tf.quantization.quantize([1.5], 0., 1., tf.qint8, ensure_minimum_range=True),
     ['tuple', ('qint8', [1], [127]), ('float32', [], 0.0), ('float32', [], 1.0)]),
    (lambda: tf.quantization.quantize([1.5], 0., 1., tf.qint8, ensure_minimum_range='a'),
     ('raise', 'TypeError', "Expected float for argument 'ensure_minimum_range' not 'a'.")),
    (lambda: tf.quantization.quantize([1.5], 0., 1., 'qint8'),
     ['tuple', ('qint8', [1], [127]), ('float32', [], 0.0), ('float32', [], 1.0)]),
    (lambda: tf.quantization.quantize([1.5], 0., 1., tf.qint8, axis=0),
     ('raise', 'InvalidArgumentError',
       '{{function_node '
       '__wrapped__QuantizeV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} If axis is '
       'specified, min_range must be a 1-D tensor whose size matches the axis dimension of the '
       'input and output tensors, but min_range dims are 0 [Op:QuantizeV2]')),
    (lambda: tf.quantization.quantize([[1.5]], [0.], [1.], tf.qint8, axis=-1),
     ('raise', 'AttributeError', "'list' object has no attribute 'shape'")),
    (lambda: tf.quantization.quantize(1.5, [0.], [1.], tf.qint8, axis=-1),
     ('raise', 'AttributeError', "'float' object has no attribute 'shape'")),
    (lambda: tf.quantization.quantize(np.zeros((1, 1)), [0.], [1.], tf.qint8, axis=-1.5),
     ('raise', 'AttributeError', "'tuple' object has no attribute 'ndims'")),
    (lambda: tf.quantization.quantize(tf.zeros((1, 2)), [0., 0.], [1., 1.], tf.qint8, axis=-1),
     ['tuple', ('qint8', [1, 2], [[-128, -128]]), ('float32', [2], [0.0, 0.0]),
      ('float32', [2], [1.0, 1.0])]),
    (lambda: tf.quantization.quantize(tf.zeros((1, 2)), [0., 0.], [1., 1.], tf.qint8, axis=-3),
     ['tuple', ('qint8', [1, 2], [[-128, -128]]), ('float32', [2], [0.0, 0.0]),
      ('float32', [2], [1.0, 1.0])]),
    (lambda: tf.quantization.quantize(tf.zeros((1, 2)), [0., 0.], [1., 1.], tf.qint8, axis=-1.5),
     ('raise', 'InvalidArgumentError',
       '{{function_node '
       '__wrapped__QuantizeV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} If axis is '
       'specified, min_range must be a 1-D tensor whose size matches the axis dimension of the '
       "input and output tensors, but min_range is a 1-D tensor of size 2 and input's axis "
       'dimension is of size 1 [Op:QuantizeV2]')),
    (lambda: tf.quantization.quantize([[1.5]], [[0.]], [[1.]], tf.qint8, axis=0),
     ('raise', 'InvalidArgumentError',
       '{{function_node '
       '__wrapped__QuantizeV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} If axis is '
       'specified, min_range must be a 1-D tensor whose size matches the axis dimension of the '
       'input and output tensors, but min_range dims are 2 [Op:QuantizeV2]')),
    (lambda: tf.quantization.quantize([[1.5]], [0.], [[1.]], tf.qint8, axis=1),
     ('raise', 'InvalidArgumentError',
       '{{function_node '
       '__wrapped__QuantizeV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} If axis is '
       'specified, max_range must be a 1-D tensor whose size matches the axis dimension of the '
       'input and output tensors, but max_range dims are 2 [Op:QuantizeV2]')),
    (lambda: tf.quantization.dequantize(1.5, tf.constant([-1, 2], tf.int16), [],
              dtype=tf.constant(1.0)),
     ('raise', 'TypeError',
       "Expected DataType for argument 'dtype' not <tf.Tensor: shape=(), dtype=float32, "
       'numpy=1.0>.')),
    (lambda: tf.quantization.dequantize(1.5, 0., 1., dtype=1.5),
     ('raise', 'TypeError', "Expected DataType for argument 'dtype' not 1.5.")),
    (lambda: tf.quantization.dequantize(tf.constant([1], tf.qint8), 0., 1., dtype=None),
     ('float32', [1], [0.5058823823928833])),
    (lambda: tf.quantization.dequantize(tf.constant([1], tf.qint8), 0., 1., narrow_range=1),
     ('raise', 'TypeError', "Expected bool for argument 'narrow_range' not 1.")),
    (lambda: tf.quantization.dequantize(tf.constant([1], tf.qint8), 0., 1., axis='a'),
     ('raise', 'TypeError', "'<' not supported between instances of 'str' and 'int'")),
    (lambda: tf.quantization.dequantize(tf.constant([1], tf.qint8), [0.], [1.], axis=-1),
     ('float32', [1], [0.5058823823928833])),
    (lambda: tf.quantization.dequantize(tf.constant([[1, 2]], tf.qint8), [0., 0.], [1., 1.],
              axis=-1),
     ('float32', [1, 2], [[0.5058823823928833, 0.5098039507865906]])),
    (lambda: tf.quantization.dequantize(tf.constant([[1, 2]], tf.qint8), [0., 0.], [1., 1.],
              axis=-3),
     ('float32', [1, 2], [[0.5058823823928833, 0.5098039507865906]])),
    (lambda: tf.quantization.dequantize([[1, 2]], [0., 0.], [1., 1.], axis=-3),
     ('raise', 'AttributeError', "'list' object has no attribute 'shape'")),
]

# The pools' and depthwise backprops' attrs as their generated wrappers convert them (ksize
# and strides int lists, padding a string), before the input (was the input's conversion or
# its dtype's refusal first); max_pool_with_argmax's Targmax and include_batch_in_index,
# the fractional pools' bools likewise. (A padding TF refuses beside a dtype it refuses:
# which TF names first follows its attr map, whose order changes between processes)
POOL_ATTRS_FIRST = [
    (lambda: tf.nn.avg_pool2d(None, [2, 1], 1+2j, 'VALID'),
     ('raise', 'TypeError', "Expected int for argument 'strides' not (1+2j).")),
    (lambda: tf.nn.avg_pool2d(np.zeros((1, 1, 1, 1), np.float32), [2, 1], 1, 3),
     ('raise', 'TypeError', "Expected string for argument 'padding' not 3.")),
    (lambda: tf.nn.avg_pool2d(np.zeros((1, 1, 1, 1), np.uint32), [2, 1], 1, 3),
     ('raise', 'TypeError', "Expected string for argument 'padding' not 3.")),
    (lambda: tf.nn.avg_pool2d(None, 1.5, 1, 'VALID'),
     ('raise', 'ValueError',
       "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
       'Tensor.')),
    (lambda: tf.nn.avg_pool2d(np.zeros((1, 1, 1, 1), np.uint32), 1, 1, [[0, 0]] * 4),
     ('raise', 'TypeError',
       "Expected string for argument 'padding' not [[0, 0], [0, 0], [0, 0], [0, 0]].")),
    (lambda: tf.nn.avg_pool3d(np.zeros((1, 1, 1, 1, 1), np.uint32), 1, 1, -9223372036854775808),
     ('raise', 'TypeError', "Expected string for argument 'padding' not -9223372036854775808.")),
    (lambda: tf.nn.avg_pool3d(None, 1, 1, 3),
     ('raise', 'TypeError', "Expected string for argument 'padding' not 3.")),
    (lambda: tf.nn.max_pool3d(np.zeros((1, 1, 1, 1, 1), np.uint32), 1, 1, 3),
     ('raise', 'TypeError', "Expected string for argument 'padding' not 3.")),
    (lambda: tf.nn.max_pool3d(np.zeros((1, 1, 1, 1, 1), np.float32), 1, 1, b'VALID'),
     ('float32', [1, 1, 1, 1, 1], [[[[[0.0]]]]])),
    (lambda: tf.nn.max_pool2d(np.zeros((1, 1, 1, 1), np.uint32), 1, 1, 3),
     ('raise', 'TypeError', "Expected string for argument 'padding' not 3.")),
    (lambda: tf.nn.max_pool2d(None, 1, 1, 3),
     ('raise', 'TypeError', "Expected string for argument 'padding' not 3.")),
    (lambda: tf.nn.max_pool2d(np.zeros((1, 1, 1, 1), np.float32), 1, 1, [[0, 0]] * 4),
     ('float32', [1, 1, 1, 1], [[[[0.0]]]])),
    (lambda: tf.nn.avg_pool(np.zeros((1, 1, 1, 1), np.uint32), 1, 1, 3),
     ('raise', 'TypeError', "Expected string for argument 'padding' not 3.")),
    (lambda: tf.nn.max_pool(np.zeros((1, 1, 1), np.uint32), 1, 1, 3),
     ('raise', 'TypeError', "Expected string for argument 'padding' not 3.")),
    (lambda: tf.nn.avg_pool1d(np.zeros((1, 1, 1), np.uint32), 1, 1, 3),
     ('raise', 'TypeError', "Expected string for argument 'padding' not 3.")),
    (lambda: tf.nn.depthwise_conv2d_backprop_input(np.zeros(4, np.float32), tf.constant(0.1,
              tf.bfloat16), {'a': 1}, [1, 1, 1], {'a': 1}),
     ('raise', 'TypeError', "Expected string for argument 'padding' not {'a': 1}.")),
    (lambda: tf.nn.depthwise_conv2d_backprop_input([1, 1, 1, 1], np.zeros((1, 1, 1, 1),
              np.float32), np.zeros((1, 1, 1, 1), np.float32), [1, 1, 1, 1], 3),
     ('raise', 'TypeError', "Expected string for argument 'padding' not 3.")),
    (lambda: tf.nn.depthwise_conv2d_backprop_filter(np.zeros((1, 1, 1, 1), np.float32), [1, 1, 1,
              1], np.zeros((1, 1, 1, 1), np.float32), [1, 1, 1, 1], 3),
     ('raise', 'TypeError', "Expected string for argument 'padding' not 3.")),
    (lambda: tf.nn.depthwise_conv2d_backprop_filter(np.zeros((1, 1, 1, 1), np.float32), [1, 1, 1,
              1], np.zeros((1, 1, 1, 1), np.float32), [1, 1, 1, 1], b'VALID'),
     ('float32', [1, 1, 1, 1], [[[[0.0]]]])),
    (lambda: tf.nn.max_pool_with_argmax(np.array(True), 5, 0, tf.zeros((2, 0, 1, 4))),
     ('raise', 'TypeError',
       "Expected string for argument 'padding' not <tf.Tensor: shape=(2, 0, 1, 4), "
       'dtype=float32, numpy=array([], shape=(2, 0, 1, 4), dtype=float32)>.')),
    (lambda: tf.nn.max_pool_with_argmax(np.zeros((1, 1, 1, 1)), 1, 1, 3),
     ('raise', 'TypeError', "Expected string for argument 'padding' not 3.")),
    (lambda: tf.nn.max_pool_with_argmax(np.zeros((1, 1, 1, 1), np.float32), 1, 1, 'VALID',
              output_dtype=None),
     ['tuple', ('float32', [1, 1, 1, 1], [[[[0.0]]]]), ('int64', [1, 1, 1, 1], [[[[0]]]])]),
    (lambda: tf.nn.max_pool_with_argmax(np.zeros((1, 1, 1, 1), np.float32), 1, 1, 'VALID',
              output_dtype=1.5),
     ('raise', 'TypeError', "Expected DataType for argument 'Targmax' not 1.5.")),
    (lambda: tf.nn.max_pool_with_argmax(np.zeros((1, 1, 1, 1), np.float32), 1, 1, 'VALID',
              include_batch_in_index=1),
     ('raise', 'TypeError', "Expected bool for argument 'include_batch_in_index' not 1.")),
    (lambda: tf.nn.max_pool_with_argmax(None, 1, 1, 'VALID', include_batch_in_index=None),
     ('raise', 'ValueError',
       "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
       'Tensor.')),
    (lambda: tf.nn.fractional_avg_pool(-9, [], pseudo_random=tf.zeros((0, 1, 2, 0), tf.uint32)),
     ('raise', 'TypeError',
       "Expected bool for argument 'pseudo_random' not <tf.Tensor: shape=(0, 1, 2, 0), "
       'dtype=uint32, numpy=array([], shape=(0, 1, 2, 0), dtype=uint32)>.')),
    (lambda: tf.nn.fractional_avg_pool(np.zeros((1, 1, 1, 1)), [1., 1., 1., 1.], pseudo_random=1),
     ('raise', 'TypeError', "Expected bool for argument 'pseudo_random' not 1.")),
    (lambda: tf.nn.fractional_max_pool(np.zeros((1, 1, 1, 1)), [1., 1., 1., 1.], overlapping=1),
     ('raise', 'TypeError', "Expected bool for argument 'overlapping' not 1.")),
    (lambda: tf.nn.fractional_max_pool(None, [1., 1., 1., 1.], overlapping=np.bool_(False)),
     ('raise', 'TypeError', "Expected bool for argument 'overlapping' not np.False_.")),
]

# sample_distorted_bounding_box (v2, stateless, TF 1's) converts its attrs as the op's
# wrapper does, before the inputs: None the op's default (was `or`: max_attempts=0 became
# 100), a list attr a list or tuple only, max_attempts int(), a bool only
BOUNDING_BOX_ATTRS = [
    (lambda: tf.image.sample_distorted_bounding_box(np.array([5], np.uint32), (None,),
              min_object_covered=tf.constant([-7, 0, 1]),
              use_image_if_no_bounding_boxes=np.array([[-7, -8]], np.int8)),
     ('raise', 'TypeError',
       "Expected bool for argument 'use_image_if_no_bounding_boxes' not array([[-7, -8]], "
       'dtype=int8).')),
    (lambda: tf.image.sample_distorted_bounding_box([1, 1, 3], [[[0., 0., 1., 1.]]],
              use_image_if_no_bounding_boxes=1),
     ('raise', 'TypeError', "Expected bool for argument 'use_image_if_no_bounding_boxes' not 1.")),
    (lambda: tf.image.sample_distorted_bounding_box([1, 1, 3], [[[0., 0., 1., 1.]]],
              aspect_ratio_range=1.5),
     ('raise', 'TypeError',
       "Expected list for 'aspect_ratio_range' argument to 'sample_distorted_bounding_box_v2' "
       'Op, not 1.5.')),
    (lambda: tf.image.sample_distorted_bounding_box(None, None, max_attempts=1.5),
     ('raise', 'ValueError',
       "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
       'Tensor.')),
    (lambda: tf.image.sample_distorted_bounding_box([1, 1, 3], [[[0., 0., 1., 1.]]],
              max_attempts=0),
     ('raise', 'InvalidArgumentError',
       '{{function_node '
       '__wrapped__SampleDistortedBoundingBoxV2_device_/job:localhost/replica:0/task:0/device:'
       'CPU:0}} Max attempts must be non-negative: 0 [Op:SampleDistortedBoundingBoxV2]')),
    (lambda: tf.image.sample_distorted_bounding_box([1, 1, 3], [[[0., 0., 1., 1.]]], area_range=[]),
     ('raise', 'InvalidArgumentError',
       '{{function_node '
       '__wrapped__SampleDistortedBoundingBoxV2_device_/job:localhost/replica:0/task:0/device:'
       'CPU:0}} Area range field must specify 2 dimensions [Op:SampleDistortedBoundingBoxV2]')),
    (lambda: tf.image.sample_distorted_bounding_box([1, 1, 3], [[[0., 0., 1., 1.]]],
              area_range=['a', 1]),
     ('raise', 'TypeError', "Expected float for argument 'area_range' not 'a'.")),
    (lambda: tf.image.stateless_sample_distorted_bounding_box([1, 1, 3], [[[0., 0., 1., 1.]]], [1,
              2], max_attempts=[1]),
     ('raise', 'TypeError', "Expected int for argument 'max_attempts' not [1].")),
    (lambda: tf.image.stateless_sample_distorted_bounding_box(None, None, None,
              use_image_if_no_bounding_boxes=1),
     ('raise', 'TypeError', "Expected bool for argument 'use_image_if_no_bounding_boxes' not 1.")),
    (lambda: tf.image.stateless_sample_distorted_bounding_box(None, None, None, area_range=1.5),
     ('raise', 'TypeError',
       "Expected list for 'area_range' argument to 'stateless_sample_distorted_bounding_box' "
       'Op, not 1.5.')),
    (lambda: tf.image.stateless_sample_distorted_bounding_box([1, 1, 3], [[[0., 0., 1., 1.]]], [1,
              2], max_attempts=0),
     ('raise', 'InvalidArgumentError',
       '{{function_node '
       '__wrapped__StatelessSampleDistortedBoundingBox_device_/job:localhost/replica:0/task:0/'
       'device:CPU:0}} Max attempts must be non-negative: 0 '
       '[Op:StatelessSampleDistortedBoundingBox]')),
    (lambda: tf.image.stateless_sample_distorted_bounding_box([1, 1, 3], [[[0., 0., 1., 1.]]], [1,
              2], aspect_ratio_range=(1, 2)),
     ['tuple', ('int32', [3], [0, 0, 0]), ('int32', [3], [1, 1, -1]),
      ('float32', [1, 1, 4], [[[0.0, 0.0, 1.0, 1.0]]])]),
    (lambda: tf.compat.v1.image.sample_distorted_bounding_box(None, None, seed=1, max_attempts=[1]),
     ('raise', 'TypeError', "Expected int for argument 'max_attempts' not [1].")),
]

# The windows and linear_to_mel_weight_matrix read dtype.is_floating unconverted (after
# the mel checks): a name, a NumPy type, an array or a tensor lacks it, Python's
# AttributeError (was: converted by as_dtype, a name or NumPy type accepted)
WINDOW_DTYPE_READ = [
    (lambda: tf.signal.vorbis_window(4, dtype=np.array(7, np.int8)),
     ('raise', 'AttributeError', "'numpy.ndarray' object has no attribute 'is_floating'")),
    (lambda: tf.signal.vorbis_window(4, dtype='float32'),
     ('raise', 'AttributeError', "'str' object has no attribute 'is_floating'")),
    (lambda: tf.signal.vorbis_window(4, dtype=np.float32),
     ('raise', 'AttributeError', "type object 'numpy.float32' has no attribute 'is_floating'")),
    (lambda: tf.signal.vorbis_window(4, dtype=tf.int32),
     ('raise', 'ValueError', "dtype must be a floating point type. Found <dtype: 'int32'>")),
    (lambda: tf.signal.vorbis_window(4, dtype=None),
     ('raise', 'AttributeError', "'NoneType' object has no attribute 'is_floating'")),
    (lambda: tf.signal.vorbis_window(None, dtype='float32'),
     ('raise', 'AttributeError', "'str' object has no attribute 'is_floating'")),
    (lambda: tf.signal.hann_window(4, dtype=tf.constant(1)),
     ('raise', 'AttributeError',
       "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'is_floating'")),
    (lambda: tf.signal.hann_window(4, dtype='float64'),
     ('raise', 'AttributeError', "'str' object has no attribute 'is_floating'")),
    (lambda: tf.signal.hann_window(4, dtype=np.float64),
     ('raise', 'AttributeError', "type object 'numpy.float64' has no attribute 'is_floating'")),
    (lambda: tf.signal.hann_window(None, dtype=np.float64),
     ('raise', 'AttributeError', "type object 'numpy.float64' has no attribute 'is_floating'")),
    (lambda: tf.signal.hann_window(4, dtype=tf.float64),
     ('float64', [4], [0.0, 0.49999999999999994, 1.0, 0.5000000000000001])),
    (lambda: tf.signal.hamming_window(4, dtype=tf.constant(1)),
     ('raise', 'AttributeError',
       "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'is_floating'")),
    (lambda: tf.signal.hamming_window(4, dtype=1),
     ('raise', 'AttributeError', "'int' object has no attribute 'is_floating'")),
    (lambda: tf.signal.kaiser_window(4, dtype=tf.constant(1)),
     ('raise', 'AttributeError',
       "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'is_floating'")),
    (lambda: tf.signal.kaiser_window(4, dtype='float16'),
     ('raise', 'AttributeError', "'str' object has no attribute 'is_floating'")),
    (lambda: tf.signal.kaiser_bessel_derived_window(4, dtype=tf.constant(1)),
     ('raise', 'AttributeError',
       "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'is_floating'")),
    (lambda: tf.signal.kaiser_bessel_derived_window(4, dtype='float64'),
     ('raise', 'AttributeError', "'str' object has no attribute 'is_floating'")),
    (lambda: tf.signal.linear_to_mel_weight_matrix(num_spectrogram_bins=3, dtype=np.array(7,
              np.int8)),
     ('raise', 'AttributeError', "'numpy.ndarray' object has no attribute 'is_floating'")),
    (lambda: tf.signal.linear_to_mel_weight_matrix(num_spectrogram_bins=3, dtype='float64'),
     ('raise', 'AttributeError', "'str' object has no attribute 'is_floating'")),
    (lambda: tf.signal.linear_to_mel_weight_matrix(num_spectrogram_bins=3, dtype=tf.int32),
     ('raise', 'ValueError', "dtype must be a floating point type. Got: <dtype: 'int32'>")),
    (lambda: tf.signal.linear_to_mel_weight_matrix(num_mel_bins=0, dtype='float64'),
     ('raise', 'ValueError', 'num_mel_bins must be positive. Got: 0')),
]

# normalize_moments' divisor is TF's Reciprocal of the counts: its dtypes (a bool, string or
# uint8 count its InvalidArgumentError; an int32 one has no CPU kernel), not 1.0 / counts
# (was the conversion of 1.0 to the counts' dtype)
NORMALIZE_MOMENTS = [
    (lambda: tf.nn.normalize_moments(tf.constant(True), tf.constant(True), tf.constant(True),
              tf.constant(True)),
     ('raise', 'InvalidArgumentError',
       "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, "
       'float, double, int8, int16, int32, int64, complex64, complex128')),
    (lambda: tf.nn.normalize_moments(tf.constant(2), tf.constant(4), tf.constant(10), None),
     ('raise', 'NotFoundError',
       'Could not find device for node: {{node Reciprocal}} = Reciprocal[T=DT_INT32]')),
    (lambda: tf.nn.normalize_moments(2, [4., 6.], [10., 20.], None),
     ('raise', 'NotFoundError',
       'Could not find device for node: {{node Reciprocal}} = Reciprocal[T=DT_INT32]')),
    (lambda: tf.nn.normalize_moments(2., [4., 6.], [10., 20.], 1.),
     ['tuple', ('float32', [2], [3.0, 4.0]), ('float32', [2], [1.0, 1.0])]),
    (lambda: tf.nn.normalize_moments(tf.constant(2.), tf.constant([4., 6.]), tf.constant([10.,
              20.]), tf.constant(1.)),
     ['tuple', ('float32', [2], [3.0, 4.0]), ('float32', [2], [1.0, 1.0])]),
    (lambda: tf.nn.normalize_moments('a', [4., 6.], [10., 20.], None),
     ('raise', 'InvalidArgumentError',
       "Value for attr 'T' of string is not in the list of allowed values: bfloat16, half, "
       'float, double, int8, int16, int32, int64, complex64, complex128')),
    (lambda: tf.nn.normalize_moments(tf.constant(2, tf.uint8), 4, 10, None),
     ('raise', 'InvalidArgumentError',
       "Value for attr 'T' of uint8 is not in the list of allowed values: bfloat16, half, "
       'float, double, int8, int16, int32, int64, complex64, complex128')),
]

# tnp.heaviside of an integer result and tnp.average of integers or bools (no weights) cast
# them by the tensor's astype, which only experimental_enable_numpy_behavior() gives:
# without it TF's AttributeError (was a cast to float64)
TNP_ASTYPE = [
    (lambda: tnp.heaviside(tf.constant([-4]), tf.constant(2, tf.uint8)),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
    (lambda: tnp.heaviside(tf.constant([5, -4]), tf.constant([[0], [0], [-1]], tf.int16)),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
    (lambda: tnp.heaviside(1099511627776, tf.zeros((3, 3, 4, 0), tf.bool)),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
    (lambda: tnp.heaviside(1.5, 2.0),
     ('float64', [], 1.0)),
    (lambda: tnp.heaviside([1, -1], 0.5),
     ('float64', [2], [1.0, 0.0])),
    (lambda: tnp.heaviside([1, -1], 2),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
    (lambda: tnp.average(tf.constant([[0], [0], [-1]], tf.int16)),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
    (lambda: tnp.average(np.zeros((0, 4, 2, 1), bool)),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
    (lambda: tnp.average([1, 2]),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
    (lambda: tnp.average([1., 2.]),
     ('float64', [], 1.5)),
    (lambda: tnp.mean([1, 2]),
     ('float64', [], 1.5)),
]

# tf.split's axis is its op's int32 split_dim input: a Python int past int32 is its low 32
# bits (2**40 is 0; was the kernel's refusal of the int), past int64 the conversion's
# ValueError
SPLIT_DIM = [
    (lambda: tf.split([1., 2.], 2, axis=2**63),
     ('raise', 'ValueError', "Can't convert Python sequence with out-of-range integer to Tensor.")),
    (lambda: tf.split([1., 2.], 2, axis=2**31),
     ('raise', 'InvalidArgumentError',
       '{{function_node '
       '__wrapped__Split_num_split_2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
       '-input rank(-1) <= split_dim < input rank (1), but got -2147483648 [Op:Split]')),
    (lambda: tf.split([1., 2.], 2, axis=-2**31 - 1),
     ('raise', 'InvalidArgumentError',
       '{{function_node '
       '__wrapped__Split_num_split_2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
       '-input rank(-1) <= split_dim < input rank (1), but got 2147483647 [Op:Split]')),
    (lambda: tf.split([1., 2.], 2, axis=2**40),
     ['list', ('float32', [1], [1.0]), ('float32', [1], [2.0])]),
    (lambda: tf.split([1., 2.], [1, 1], axis=2**40),
     ['list', ('float32', [1], [1.0]), ('float32', [1], [2.0])]),
    (lambda: tf.split([1., 2.], [1, 1], axis=2**63),
     ('raise', 'ValueError', "Can't convert Python sequence with out-of-range integer to Tensor.")),
    (lambda: tnp.split(-0.0, 2, axis=-1180591620717411303424),
     ('raise', 'ValueError', "Can't convert Python sequence with out-of-range integer to Tensor.")),
    (lambda: tnp.split([1., 2.], 2, axis=-1180591620717411303424),
     ('raise', 'ValueError', "Can't convert Python sequence with out-of-range integer to Tensor.")),
]

# confusion_matrix's checks of its labels and predictions are TF's assert ops with its
# messages, which name no op (the fuzz rule's list of TF's unnamed errors has them)
CONFUSION_CHECKS = [
    (lambda: tf.math.confusion_matrix(tf.constant(True), tf.constant(True), num_classes=0,
              weights=tf.constant(True), dtype=tf.bool),
     ('raise', 'InvalidArgumentError', '`labels` out of bound')),
    (lambda: tf.math.confusion_matrix([1], [1], num_classes=1),
     ('raise', 'InvalidArgumentError', '`labels` out of bound')),
    (lambda: tf.math.confusion_matrix([-1], [1]),
     ('raise', 'InvalidArgumentError', '`labels` contains negative values.  ')),
    (lambda: tf.math.confusion_matrix([1], [-1]),
     ('raise', 'InvalidArgumentError', '`predictions` contains negative values.  ')),
    (lambda: tf.math.confusion_matrix([1], [3], num_classes=2),
     ('raise', 'InvalidArgumentError', '`predictions` out of bound')),
]

# dequantize hands narrow_range to its op only with an axis or a true narrow_range (a false
# one of any type is the default), and sparse.bincount checks its axis before the bool attr
DEQUANTIZE_NARROW_RANGE = [
    (lambda: tf.quantization.dequantize([1], tf.constant(0., tf.float16), 1.,
              narrow_range=np.array(0, np.uint8)),
     ('raise', 'ValueError',
       'Tensor conversion requested dtype float32 for Tensor with dtype float16: <tf.Tensor: '
       'shape=(), dtype=float16, numpy=0.0>')),
    (lambda: tf.quantization.dequantize(tf.constant([1], tf.qint8), 0., 1.,
              narrow_range=np.array(0, np.uint8)),
     ('float32', [1], [0.5058823823928833])),
    (lambda: tf.quantization.dequantize(tf.constant([1], tf.qint8), 0., 1.,
              narrow_range=np.array(1, np.uint8)),
     ('raise', 'TypeError',
       "Expected bool for argument 'narrow_range' not array(1, dtype=uint8).")),
    (lambda: tf.quantization.dequantize(tf.constant([1], tf.qint8), 0., 1.,
              narrow_range=np.bool_(True)),
     ('raise', 'TypeError', "Expected bool for argument 'narrow_range' not np.True_.")),
    (lambda: tf.quantization.dequantize(tf.constant([1], tf.qint8), 0., 1., narrow_range=0),
     ('float32', [1], [0.5058823823928833])),
    (lambda: tf.quantization.dequantize(tf.constant([[1]], tf.qint8), [0.], [1.], axis=0,
              narrow_range=0),
     ('raise', 'TypeError', "Expected bool for argument 'narrow_range' not 0.")),
    (lambda: tf.quantization.quantize([1.], 0., 1., tf.qint8, narrow_range=0),
     ('raise', 'TypeError', "Expected bool for argument 'narrow_range' not 0.")),
    (lambda: tf.sparse.bincount([-1], axis=(), binary_output=[[]]),
     ('raise', 'ValueError',
       'Unsupported value for argument axis=(). Only 0 and -1 are currently supported.')),
    (lambda: tf.sparse.bincount([1], axis=1, binary_output=1),
     ('raise', 'ValueError',
       'Unsupported value for argument axis=1. Only 0 and -1 are currently supported.')),
]

# gather_nd's bad_indices_policy given as a tensor: TF's Python compares it with "" first
# (a tensor of no string: that comparison's conversion error), then its wrapper refuses it
GATHER_ND_POLICY_TENSOR = [
    (lambda: tf.gather_nd(tf.zeros((4, 0, 1, 4), tf.int32), tf.zeros((4, 0, 1, 4), tf.int64),
              bad_indices_policy=tf.constant(True)),
     ('raise', 'TypeError', "Cannot convert '' to EagerTensor of dtype bool")),
    (lambda: tf.gather_nd(tf.zeros((4, 0, 1, 4), tf.int32), tf.zeros((4, 0, 1, 4), tf.int64),
              bad_indices_policy=tf.constant(7)),
     ('raise', 'TypeError', "Cannot convert '' to EagerTensor of dtype int32")),
    (lambda: tf.gather_nd(tf.zeros((4, 0, 1, 4), tf.int32), tf.zeros((4, 0, 1, 4), tf.int64),
              bad_indices_policy=tf.constant('IGNORE')),
     ('raise', 'TypeError',
       "Expected string for argument 'bad_indices_policy' not <tf.Tensor: shape=(), "
       "dtype=string, numpy=b'IGNORE'>.")),
]

CASES = (CHECKS_CLASS_ATTR + BOOL_ATTR_FIRST + OTHER_ATTRS_FIRST + FALLBACK_CONVERTS_STRINGS +
         UNICODE_DECODE + QUANTIZE_AXIS_ATTRS + POOL_ATTRS_FIRST + BOUNDING_BOX_ATTRS +
         WINDOW_DTYPE_READ + NORMALIZE_MOMENTS + TNP_ASTYPE + SPLIT_DIM + CONFUSION_CHECKS +
         DEQUANTIZE_NARROW_RANGE + GATHER_ND_POLICY_TENSOR)


@pytest.mark.parametrize("fn, want", CASES)
def test_outcome_is_tf_2_21s(fn, want):
    assert outcome(fn) == want


@pytest.mark.parametrize("fn, want", CHECKS_CLASS_ATTR)
def test_class_attribute_errors_are_raised_on_purpose(fn, want):
    """The fuzz campaign's rule: an AttributeError escapes only as checks.no_attribute
    raises it, where TF's Python reads the attribute (its traceback ends at that raise)."""
    with pytest.raises(AttributeError) as e:
        fn()
    assert _no_attribute(e.value)


@pytest.mark.parametrize("fn, want", CONFUSION_CHECKS)
def test_tf_unnamed_errors_pass_the_fuzz_rule(fn, want):
    """An OpError must name its op, unless its words are TF's own unnamed ones."""
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        fn()
    assert classify(e.value, "math.confusion_matrix", ("ConfusionMatrix",), True) == \
        "InvalidArgumentError"
