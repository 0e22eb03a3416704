"""Regression tests for the fuzz campaigns of seeds 1838588315 and 837833398
(EAGERFLOW_FUZZ_ODD=1), whose API calls were each replayed in TF 2.21 (tests/fuzz/api_replay.py):
the inputs where eagerflow's outcome differed from TF's, and their neighbours, with TF 2.21's
answer recorded as data (its error class and the first line of its message, or per tensor its
dtype, shape and values). Recorded in a TF process that had already run an op: a cold one
sends a few list inputs down its slow path instead."""

from __future__ import annotations

import numpy as np
import pytest
from recorded import outcome

import eagerflow as tf

tnp = tf.experimental.numpy

BF16 = tf.bfloat16.as_numpy_dtype if tf.bfloat16._np is not None else None
FLIPS = tf.constant([[[[np.inf], [1.]]], [[[-0.], [np.nan]]], [[[2.], [3.]]]])
R64 = tf.RaggedTensor.from_row_splits(tf.zeros([6]), [0, 2, 6])
UNIFORM = tf.RaggedTensor.from_uniform_row_length
FROM_TENSOR = tf.RaggedTensor.from_tensor


def CLIP(t, lo, hi):  # noqa: N802 - ClipByValue's raw op
    return tf.raw_ops.ClipByValue(t=t, clip_value_min=lo, clip_value_max=hi)


# A Python float goes to float32 unless TF's cast rounds it to inf: 3.4028235e38, past the
# largest float32 by less than half a step, is that largest (was refused as out of range)
FLOAT32_RANGE = [
    (lambda: tf.constant(3.4028235e+38),
     ('float32', [], 3.4028234663852886e+38)),
    (lambda: tf.constant([1.5, 3.4028235e+38]),
     ('float32', [2], [1.5, 3.4028234663852886e+38])),
    (lambda: tf.constant([[1., 2.], [3.4028235e+38, -np.inf]]),
     ('float32', [2, 2], [[1.0, 2.0], [3.4028234663852886e+38, '-inf']])),
    (lambda: tf.constant([-3.4028235e+38]),
     ('float32', [1], [-3.4028234663852886e+38])),
    (lambda: tf.constant([1, 3.4028235677973362e+38]),
     ('float32', [2], [1.0, 3.4028234663852886e+38])),
    (lambda: tf.constant([3.4028235677973366e+38]),
     ('raise', 'ValueError',
      "Can't convert Python sequence with a value out of range for a double-precision float.")),
    (lambda: tf.constant([3.4028236e+38]),
     ('raise', 'ValueError',
      "Can't convert Python sequence with a value out of range for a double-precision float.")),
    (lambda: tf.constant(3.5e+38),
     ('raise', 'ValueError',
      "Can't convert Python sequence with a value out of range for a double-precision float.")),
    (lambda: tf.constant([np.float32(1), 3.4028235677973362e+38]),
     ('float32', [2], [1.0, 3.4028234663852886e+38])),
    (lambda: tf.constant([np.float16(1), 65519.]),
     ('float16', [2], [1.0, 65504.0])),
    (lambda: tf.constant([np.float16(1), 65520.]),
     ('raise', 'ValueError',
      "Can't convert Python sequence with a value out of range for a double-precision float.")),
]

# tnp.logaddexp2 divides by ln 2 in its operands' dtype (a float64 constant made float32
# inputs float64), tnp.hypot adds its squares with the tensor operator (a float32 and a
# Python float's float64 square: AddV2's dtype error, as TF's)
TNP_CONSTANTS = [
    (lambda: tnp.logaddexp2(np.zeros([1, 0], np.float32), -0.0),
     ('float32', [1, 0], [[]])),
    (lambda: tnp.logaddexp2(np.zeros([2], np.float32), -0.0),
     ('float32', [2], [1.0, 1.0])),
    (lambda: tnp.logaddexp2(tf.zeros([2]), 1.0),
     ('float32', [2], [1.5849624872207642, 1.5849624872207642])),
    (lambda: tnp.logaddexp2(tf.zeros([2], tf.float16), 1.0),
     ('float16', [2], [1.5849609375, 1.5849609375])),
    (lambda: tnp.logaddexp2(np.float32(2), 3.),
     ('float32', [], 3.5849623680114746)),
    (lambda: tnp.logaddexp2(tf.constant([2., 3.], tf.float64), 3),
     ('float64', [2], [3.584962500721156, 4.0])),
    (lambda: tnp.logaddexp2(tf.constant([np.inf, -np.inf, np.nan]), -np.inf),
     ('float32', [3], ['inf', '-inf', 'nan'])),
    (lambda: tnp.logaddexp2(tf.constant([1000., -1000.]), tf.constant([1000., -1000.])),
     ('float32', [2], [1001.0, -999.0])),
    (lambda: tnp.logaddexp2(tf.constant([2, 3]), 3),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
    (lambda: tnp.hypot(tf.zeros([2]), 1.0),
     ('raise', 'InvalidArgumentError',
      'cannot compute AddV2 as input #1(zero-based) was expected to be a float tensor but is '
      'a double tensor [Op:AddV2] name:')),
    (lambda: tnp.hypot(np.zeros([2], np.float16), 1.0),
     ('raise', 'InvalidArgumentError',
      'cannot compute AddV2 as input #1(zero-based) was expected to be a half tensor but is a '
      'double tensor [Op:AddV2] name:')),
    (lambda: tnp.hypot(tf.zeros([2]), tf.ones([2])),
     ('float32', [2], [1.0, 1.0])),
    (lambda: tnp.hypot(np.zeros([2]), 1.0),
     ('float64', [2], [1.0, 1.0])),
    (lambda: tnp.hypot(tf.constant([1+1j]), 2.0),
     ('raise', 'InvalidArgumentError',
      'cannot compute AddV2 as input #1(zero-based) was expected to be a complex128 tensor '
      'but is a double tensor [Op:AddV2] name:')),
]

# LogMatrixDeterminant of an empty batch (was NumPy's reshape ValueError); SelfAdjointEigV2
# takes a 1x1 matrix as it is, inf or NaN too (Eigen's solver: no error)
LINALG_EMPTY_AND_1X1 = [
    (lambda: tf.linalg.slogdet(tf.zeros([0, 0, 0])),
     ['tuple', ('float32', [0], []), ('float32', [0], [])]),
    (lambda: tf.linalg.slogdet(tf.zeros([2, 0, 0])),
     ['tuple', ('float32', [2], [1.0, 1.0]), ('float32', [2], [0.0, 0.0])]),
    (lambda: tf.linalg.slogdet(tf.zeros([0, 3, 0, 0], tf.float64)),
     ['tuple', ('float64', [0, 3], []), ('float64', [0, 3], [])]),
    (lambda: tf.linalg.slogdet(tf.zeros([3, 0, 0], tf.complex64)),
     ['tuple', ('complex64', [3], [(1+0j), (1+0j), (1+0j)]), ('complex64', [3], [0j, 0j, 0j])]),
    (lambda: tf.linalg.slogdet(tf.zeros([0, 2, 2])),
     ['tuple', ('float32', [0], []), ('float32', [0], [])]),
    (lambda: tf.linalg.logdet(tf.zeros([0, 0, 0])),
     ('float32', [0], [])),
    (lambda: tf.linalg.eigvalsh(tf.constant([[np.inf]])),
     ('float32', [1], ['inf'])),
    (lambda: tf.linalg.eigvalsh(tf.constant([[-np.inf]], tf.float64)),
     ('float64', [1], ['-inf'])),
    (lambda: tf.linalg.eigh(tf.constant([[np.nan]])),
     ['tuple', ('float32', [1], ['nan']), ('float32', [1, 1], [[1.0]])]),
    (lambda: tf.linalg.eigh(tf.constant([[[np.inf]], [[2.]]])),
     ['tuple', ('float32', [2, 1], [['inf'], [2.0]]),
      ('float32', [2, 1, 1], [[[1.0]], [[1.0]]])]),
    (lambda: tf.linalg.eigh(tf.constant([[1+2j]], tf.complex64)),
     ['tuple', ('complex64', [1], [(1+0j)]), ('complex64', [1, 1], [[(1+0j)]])]),
    (lambda: tf.linalg.eigh(tf.constant([[complex(np.inf, 1)]], tf.complex128)),
     ['tuple', ('complex128', [1], ['(inf+0j)']), ('complex128', [1, 1], [[(1+0j)]])]),
    (lambda: tf.linalg.eigh(tf.zeros([0, 1, 1])),
     ['tuple', ('float32', [0, 1], []), ('float32', [0, 1, 1], [])]),
    (lambda: tf.linalg.eigvalsh(tf.constant([[1., np.inf], [0., 1.]])),
     ('float32', [2], [1.0, 1.0])),
]

# The eager Assert reads a tensor condition by the tensor's truth: an empty one is False
# (histogram_fixed_width_bins of empty nbins was NumPy's ValueError), a NumPy array NumPy's
ASSERT_EMPTY = [
    (lambda: tf.histogram_fixed_width_bins([1., 2.], [0., 3.], nbins=[]),
     ('raise', 'InvalidArgumentError',
      "Expected 'tf.Tensor([], shape=(0,), dtype=bool)' to be true. Summarized data: b'nbins "
      "tf.Tensor([], shape=(0,), dtype=int32) must > 0'")),
    (lambda: tf.histogram_fixed_width_bins(tf.constant(3, tf.uint8), tf.constant(-2.2), nbins=[]),
     ('raise', 'InvalidArgumentError',
      "Expected 'tf.Tensor([], shape=(0,), dtype=bool)' to be true. Summarized data: b'nbins "
      "tf.Tensor([], shape=(0,), dtype=int32) must > 0'")),
    (lambda: tf.histogram_fixed_width_bins([1., 2.], [0., 3.], nbins=np.zeros([0, 2], np.int32)),
     ('raise', 'InvalidArgumentError',
      "Expected 'tf.Tensor([], shape=(0, 2), dtype=bool)' to be true. Summarized data: "
      "b'nbins tf.Tensor([], shape=(0, 2), dtype=int32) must > 0'")),
    (lambda: tf.histogram_fixed_width_bins([1., 2.], [0., 3.], nbins=[3, 4]),
     ('raise', 'ValueError',
      'The truth value of an array with more than one element is ambiguous. Use a.any() or '
      'a.all()')),
    (lambda: tf.debugging.Assert(tf.constant([], tf.bool), ['x']),
     ('raise', 'InvalidArgumentError',
      "Expected 'tf.Tensor([], shape=(0,), dtype=bool)' to be true. Summarized data: b'x'")),
    (lambda: tf.debugging.Assert(tf.Variable(tf.zeros([0], tf.bool)), ['x']),
     ('raise', 'InvalidArgumentError',
      "Expected '<tf.Variable 'Variable:0' shape=(0,) dtype=bool, numpy=array([], "
      "dtype=bool)>' to be true. Summarized data: b'x'")),
    (lambda: tf.debugging.Assert(np.array([], bool), ['x']),
     ('raise', 'ValueError',
      'The truth value of an empty array is ambiguous. Use `array.size > 0` to check that an '
      'array is not empty.')),
    (lambda: tf.debugging.Assert([], ['x']),
     ('raise', 'InvalidArgumentError', "Expected '[]' to be true. Summarized data: b'x'")),
    (lambda: tf.debugging.Assert(tf.constant([True, True]), ['x']),
     ('raise', 'ValueError',
      'The truth value of an array with more than one element is ambiguous. Use a.any() or '
      'a.all()')),
]

# A bytes method is named as TF's C message names it: cut at a NUL byte, and invalid UTF-8
# is Python's UnicodeDecodeError of the whole message (was eagerflow's TypeError)
FINGERPRINT_BYTES = [
    (lambda: tf.fingerprint(tf.constant([3], tf.int8), method=b'\x00\xff'),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__Fingerprint_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Unsupported fingerprint method:  [Op:Fingerprint]')),
    (lambda: tf.fingerprint(tf.constant(3, tf.int8), method=np.array(b'\x00\xff', dtype=object)),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__Fingerprint_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Unsupported fingerprint method:  [Op:Fingerprint] name:')),
    (lambda: tf.fingerprint(tf.constant([3], tf.int8), method=b'ab\x00\xff'),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__Fingerprint_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Unsupported fingerprint method: ab [Op:Fingerprint]')),
    (lambda: tf.fingerprint(tf.constant([3], tf.int8), method=b'\xe9t\xe9'),
     ('raise', 'UnicodeDecodeError',
      "'utf-8' codec can't decode byte 0xe9 in position 125: invalid continuation byte")),
    (lambda: tf.fingerprint(tf.constant([3], tf.int8), method='\u00e9'.encode()),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__Fingerprint_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Unsupported fingerprint method: é [Op:Fingerprint]')),
    (lambda: tf.fingerprint(tf.constant([3], tf.int8), method=b'farmhash64'),
     ('uint8', [1, 8], [[139, 157, 70, 71, 196, 156, 192, 190]])),
    (lambda: tf.fingerprint(tf.constant([3], tf.int8), method=tf.constant(b'\x00\xff')),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__Fingerprint_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Unsupported fingerprint method:  [Op:Fingerprint] name:')),
    (lambda: tf.raw_ops.Fingerprint(data=tf.constant([3], tf.int8), method=b'md5'),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__Fingerprint_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Unsupported fingerprint method: md5 [Op:Fingerprint]')),
]

# ml_dtypes arrays (bfloat16) to strings: TF's 'Unsupported object type' ValueError naming
# the items' Python type; object arrays to bfloat16 or a quantized type cast by NumPy
NUMPY_TO_STRING = [
    (lambda: tf.convert_to_tensor(np.array([-5], BF16), tf.string),
     ('raise', 'ValueError',
      'Failed to convert a NumPy array to a Tensor (Unsupported object type float).')),
    (lambda: tf.convert_to_tensor(np.zeros([0], BF16), tf.string),
     ('string', [0], [])),
    (lambda: tf.strings.strip(np.array([[-5]], BF16)),
     ('raise', 'ValueError',
      'Failed to convert a NumPy array to a Tensor (Unsupported object type float).')),
    (lambda: tf.image.is_jpeg(np.array([-5], BF16)),
     ('raise', 'ValueError',
      'Failed to convert a NumPy array to a Tensor (Unsupported object type float).')),
    (lambda: tf.constant(np.array([1.5, 2], object), tf.bfloat16),
     ('bfloat16', [2], [1.5, 2.0])),
    (lambda: tf.constant(np.array([b'a'], object), tf.bfloat16),
     ('raise', 'TypeError', 'expected number, got bytes')),
    (lambda: tf.convert_to_tensor(np.array([1.5], object), tf.qint8),
     ('qint8', [1], [1])),
]

# A NumPy string or object operand of a generated binary op is force-cast to the other
# operand's dtype, as TF's fast path casts it (NumPy's errors); tf.add keeps its hint
BINARY_NUMPY_CAST = [
    (lambda: tf.equal(tf.constant([1+2j, 3j], tf.complex64),
            np.array([b'hello', b'a'], dtype=object)),
     ('raise', 'ValueError', 'complex() arg is a malformed string')),
    (lambda: tf.math.floordiv(tf.constant([1+2j], tf.complex64), np.array([b'x'], dtype=object)),
     ('raise', 'ValueError', 'complex() arg is a malformed string')),
    (lambda: tf.equal(tf.constant([1., 2.]), np.array([b'hello', b'2'], dtype=object)),
     ('raise', 'ValueError', "could not convert string to float: b'hello'")),
    (lambda: tf.equal(tf.constant([1, 2]), np.array(['a', '2'])),
     ('raise', 'ValueError', "invalid literal for int() with base 10: np.str_('a')")),
    (lambda: tf.equal(tf.constant([1., 2.]), np.array([b'1.5', b'2'], dtype=object)),
     ('bool', [2], [False, True])),
    (lambda: tf.multiply(np.array([b'a'], dtype=object), tf.constant([1.])),
     ('raise', 'ValueError', "could not convert string to float: b'a'")),
    (lambda: tf.multiply(np.array(['2']), tf.constant([1.])),
     ('float32', [1], [2.0])),
    (lambda: tf.math.maximum(tf.constant([1.]), np.bytes_(b'x')),
     ('raise', 'ValueError', "could not convert string to float: np.bytes_(b'x')")),
    (lambda: tf.equal(tf.constant([1], tf.uint8), np.array(['300'])),
     ('raise', 'OverflowError', 'Python integer 300 out of bounds for uint8')),
    (lambda: tf.equal(tf.constant([1.], tf.bfloat16), np.array([b'a'], dtype=object)),
     ('raise', 'TypeError', 'expected number, got bytes')),
    (lambda: tf.add(tf.constant([1+2j], tf.complex64), np.array([b'x'], dtype=object)),
     ('raise', 'InvalidArgumentError',
      'cannot compute AddV2 as input #1(zero-based) was expected to be a complex64 tensor but '
      'is a string tensor [Op:AddV2] name:')),
    (lambda: tf.equal(tf.constant(['a']), np.array([1.5])),
     ('raise', 'ValueError',
      'Failed to convert a NumPy array to a Tensor (Unsupported object type float).')),
]

# A batch's random flip is TF's arithmetic flips * flipped + (1 - flips) * image: inf and NaN
# spread as NaN, -0.0 kept only where it is the sum, bool and string batches refused
BATCH_FLIPS = [
    (lambda: tf.image.random_flip_left_right(FLIPS, seed=2),
     ('float32', [3, 1, 2, 1], [[[['nan'], ['inf']]], [[['nan'], ['nan']]], [[[2.0], [3.0]]]])),
    (lambda: tf.image.stateless_random_flip_up_down(FLIPS, seed=[3, 2]),
     ('float32', [3, 1, 2, 1], [[[['nan'], [1.0]]], [[[-0.0], ['nan']]], [[[2.0], [3.0]]]])),
    (lambda: tf.image.stateless_random_flip_left_right(np.uint8([[[[1, 2]], [[3, 4]]]]),
            seed=[1, 2]),
     ('uint8', [1, 2, 1, 2], [[[[1, 2]], [[3, 4]]]])),
    (lambda: tf.image.random_flip_left_right(tf.zeros([2, 1, 2, 1], tf.bool), seed=2),
     ('raise', 'TypeError', 'Cannot convert 1 to EagerTensor of dtype bool')),
    (lambda: tf.image.random_flip_up_down(tf.zeros([0, 1, 2, 1], tf.bool), seed=2),
     ('raise', 'TypeError', 'Cannot convert 1 to EagerTensor of dtype bool')),
    (lambda: tf.image.stateless_random_flip_left_right(tf.zeros([2, 1, 2, 1], tf.string),
            seed=[1, 2]),
     ('raise', 'UnimplementedError',
      '{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Cast float to string is not supported [Op:Cast] name:')),
    (lambda: tf.image.stateless_random_flip_left_right(tf.zeros([1, 2, 1], tf.bool), seed=[1, 2]),
     ('bool', [1, 2, 1], [[[False], [False]]])),
]

# from_tensor past ragged_rank 1 keeps the rows above an empty dim, and its row-splits dtype;
# from_uniform_row_length converts the length as TF's _convert_row_partition does
RAGGED_PARTITIONS = [
    (lambda: FROM_TENSOR(np.zeros([2, 3, 0, 2], np.float32), ragged_rank=3).nested_row_splits,
     ['tuple', ('int64', [3], [0, 3, 6]), ('int64', [7], [0, 0, 0, 0, 0, 0, 0]),
      ('int64', [1], [0])]),
    (lambda: FROM_TENSOR(np.zeros([2, 0, 3, 1], np.float32), ragged_rank=3).nested_row_splits,
     ['tuple', ('int64', [3], [0, 0, 0]), ('int64', [1], [0]), ('int64', [1], [0])]),
    (lambda: FROM_TENSOR(np.zeros([2, 3, 0, 2], np.float32), ragged_rank=3,
            padding=0.).nested_row_splits,
     ['tuple', ('int64', [3], [0, 3, 6]), ('int64', [7], [0, 0, 0, 0, 0, 0, 0]),
      ('int64', [1], [0])]),
    (lambda: FROM_TENSOR(np.zeros([2, 3], np.int32), row_splits_dtype=tf.int32).row_splits,
     ('int32', [3], [0, 3, 6])),
    (lambda: FROM_TENSOR(np.zeros([1, 2, 3, 1], np.int32), ragged_rank=3,
            row_splits_dtype=tf.int32).nested_row_splits,
     ['tuple', ('int32', [2], [0, 2]), ('int32', [3], [0, 3, 6]),
      ('int32', [7], [0, 1, 2, 3, 4, 5, 6])]),
    (lambda: tf.ragged.boolean_mask(np.zeros([2, 3, 0, 2], np.float32),
            np.zeros([2, 3, 0, 2], bool)).nested_row_splits,
     ['tuple', ('int64', [3], [0, 3, 6]), ('int64', [7], [0, 0, 0, 0, 0, 0, 0]),
      ('int64', [1], [0])]),
    (lambda: tf.ragged.boolean_mask(np.zeros([2, 3, 0, 2], BF16),
            np.zeros([2, 3, 0, 2], BF16)).nested_row_splits,
     ['tuple', ('int64', [3], [0, 3, 6]), ('int64', [7], [0, 0, 0, 0, 0, 0, 0]),
      ('int64', [1], [0])]),
    (lambda: UNIFORM(tf.zeros([6]), tf.constant(3, tf.int32)).row_splits,
     ('int32', [3], [0, 3, 6])),
    (lambda: UNIFORM(tf.zeros([6]), np.array(3, np.int32)).row_splits,
     ('int32', [3], [0, 3, 6])),
    (lambda: UNIFORM(tf.zeros([6]), tf.constant(3, tf.int32), 2).uniform_row_length,
     ('int32', [], 3)),
    (lambda: UNIFORM(tf.zeros([6]), tf.constant(3, tf.int32), tf.constant(2, tf.int64)),
     ('raise', 'ValueError',
      'nrows: Tensor conversion requested dtype int32 for Tensor with dtype int64: '
      '<tf.Tensor: shape=(), dtype=int64, numpy=2>')),
    (lambda: UNIFORM(tf.zeros([6]), tf.constant(3, tf.int32), 2.0),
     ('raise', 'TypeError', 'Cannot convert 2.0 to EagerTensor of dtype int32')),
    (lambda: UNIFORM(R64, tf.constant(1, tf.int32)),
     ('raise', 'ValueError',
      'UniformRowLength: Tensor conversion requested dtype int64 for Tensor with dtype int32: '
      '<tf.Tensor: shape=(), dtype=int32, numpy=1>')),
    (lambda: UNIFORM(R64, 1).row_splits,
     ('int64', [3], [0, 1, 2])),
    (lambda: UNIFORM(tf.zeros([6]), tf.constant(3.0)),
     ('raise', 'ValueError', 'UniformRowLength must have dtype int32 or int64')),
    (lambda: UNIFORM(tf.zeros([6]), [3]),
     ('raise', 'ValueError', 'Shape (1,) must have rank 0')),
]

# ClipByValue has no CPU kernel for uint32, uint64 and the quantized types (TF's
# NotFoundError; tf.saturate_cast of a uint64 to float32 gave zeros)
CLIP_KERNELS = [
    (lambda: CLIP(tf.constant([1, 2], tf.uint64), lo=tf.constant(0, tf.uint64),
            hi=tf.constant(1, tf.uint64)),
     ('raise', 'NotFoundError',
      'Could not find device for node: {{node ClipByValue}} = ClipByValue[T=DT_UINT64]')),
    (lambda: CLIP(tf.constant([1, 2], tf.quint16), lo=tf.constant(0, tf.quint16),
            hi=tf.constant(1, tf.quint16)),
     ('raise', 'NotFoundError',
      'Could not find device for node: {{node ClipByValue}} = ClipByValue[T=DT_QUINT16]')),
    (lambda: CLIP(tf.constant([1, 2], tf.uint16), lo=tf.constant(0, tf.uint16),
            hi=tf.constant(1, tf.uint16)),
     ('uint16', [2], [1, 1])),
    (lambda: tf.saturate_cast(tf.constant([1, 2], tf.uint64), tf.float32),
     ('raise', 'NotFoundError',
      'Could not find device for node: {{node ClipByValue}} = ClipByValue[T=DT_UINT64]')),
    (lambda: tf.saturate_cast(tf.constant([1, 2], tf.uint32), tf.int8),
     ('raise', 'NotFoundError',
      'Could not find device for node: {{node ClipByValue}} = ClipByValue[T=DT_UINT32]')),
    (lambda: tf.saturate_cast(tf.constant([1, 2], tf.uint16), tf.float16),
     ('float16', [2], [1.0, 2.0])),
    (lambda: tf.clip_by_value(tf.constant([1, 2], tf.uint64), 0, 1),
     ('uint64', [2], [1, 1])),
]

# TF's eager fast path reads an empty NumPy array as an empty list for a list attr or a list
# input (StringJoin's inputs, Squeeze's axis, moments' axes); a non-empty one it refuses
EMPTY_ARRAYS_AS_LISTS = [
    (lambda: tf.strings.join(np.array([], np.uint64)),
     ('string', [], b'')),
    (lambda: tf.strings.join(np.array([], object), separator='x'),
     ('string', [], b'')),
    (lambda: tf.strings.join(np.zeros([0, 3], np.float32)),
     ('raise', 'ValueError',
      'expected a sequence for attr N, got an ndarray with rank 2 instead')),
    (lambda: tf.strings.join(np.array([b'a'], object)),
     ('raise', 'TypeError',
      "Expected list for 'inputs' argument to 'string_join' Op, not array([b'a'], "
      'dtype=object).')),
    (lambda: tf.squeeze(tf.zeros([1, 2]), np.zeros([0], np.float32)),
     ('float32', [2], [0.0, 0.0])),
    (lambda: tf.squeeze(tf.zeros([1, 2]), np.zeros([0, 1], np.int32)),
     ('float32', [2], [0.0, 0.0])),
    (lambda: tf.squeeze(tf.zeros([1, 2]), np.array([0])),
     ('raise', 'TypeError',
      "Expected list for 'axis' argument to 'squeeze' Op, not array([0]).")),
    (lambda: tf.nn.moments(np.ones([2, 3, 1], np.float32), np.zeros([0], BF16)),
     ['tuple', ('float32', [2, 3], [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]),
      ('float32', [2, 3], [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]])]),
    (lambda: tf.nn.moments(np.ones([2, 3, 1], np.float32), np.array([0, 1])),
     ('raise', 'TypeError',
      "Expected list for 'axis' argument to 'squeeze' Op, not array([0, 1]).")),
]

# tnp.argsort of a scalar is [0] (complex refused first); tnp.stack of a NumPy array stacks
# its rows; random_crop's size converted to int32 as TF converts it (an empty size crops a
# scalar to itself; no op named); random.poisson casts a NumPy lam to float64, R's default
SCALARS_AND_ROWS = [
    (lambda: tnp.argsort(np.array(1.0, np.float16)),
     ('int64', [1], [0])),
    (lambda: tnp.argsort(2.0, axis=5),
     ('int64', [1], [0])),
    (lambda: tnp.argsort(tf.constant('a')),
     ('int64', [1], [0])),
    (lambda: tnp.argsort(tf.constant(1+1j)),
     ('raise', 'TypeError',
      'argsort does not support complex64/complex128 dtypes. Received dtype: <dtype: '
      "'complex128'>")),
    (lambda: tnp.argsort(tf.constant([1+1j])),
     ('raise', 'TypeError',
      'argsort does not support complex64/complex128 dtypes. Received dtype: <dtype: '
      "'complex128'>")),
    (lambda: tnp.stack(np.zeros([1, 0], np.uint16)),
     ('uint16', [1, 0], [[]])),
    (lambda: tnp.stack(np.arange(6, dtype=np.float32).reshape([2, 3]), axis=1),
     ('float32', [3, 2], [[0.0, 3.0], [1.0, 4.0], [2.0, 5.0]])),
    (lambda: tnp.stack(np.zeros([0, 3], np.float32)),
     ('float32', [0], [])),
    (lambda: tnp.stack(np.array(5)),
     ('raise', 'TypeError', 'iteration over a 0-d array')),
    (lambda: tf.image.random_crop(tf.constant(True), [], seed=0),
     ('bool', [], True)),
    (lambda: tf.image.random_crop(np.float64(2.5), np.array([], np.float32)),
     ('float64', [], 2.5)),
    (lambda: tf.image.random_crop(tf.constant([1., 2.]), np.array([1.5])).shape.as_list(),
     ['list', ('py', '1')]),
    (lambda: tf.image.stateless_random_crop(tf.constant([1., 2.]), [1.5], seed=[1, 2]),
     ('raise', 'TypeError', 'Cannot convert [1.5] to EagerTensor of dtype int32')),
    (lambda: tf.image.random_crop(np.float64(2.5), tf.constant([], tf.float32)),
     ('raise', 'ValueError',
      'size: Tensor conversion requested dtype int32 for Tensor with dtype float32: '
      '<tf.Tensor: shape=(0,), dtype=float32, numpy=array([], dtype=float32)>')),
    (lambda: tf.random.poisson([5], np.array([4], np.uint64)).shape.as_list(),
     ['list', ('py', '5'), ('py', '1')]),
    (lambda: tf.random.poisson([5], np.array([True]), dtype=tf.int32).dtype.name,
     ('py', "'int32'")),
    (lambda: tf.random.poisson([5], np.array(['a'])),
     ('raise', 'ValueError', "could not convert string to float: np.str_('a')")),
    (lambda: tf.random.poisson([5], tf.constant([4], tf.uint64)),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'R' of uint64 is not in the list of allowed values: half, float, "
      'double, int32, int64')),
]

# Refusals TF's Python makes where eagerflow gave a result: tnp.ix_ of no integer or bool
# vector, iscomplex/isreal comparing a bool's or string's zeros with 0, eye's list(batch_shape)
PYTHON_SIDE_REFUSALS = [
    (lambda: tnp.ix_([]),
     ('raise', 'ValueError',
      "Only integer and bool dtypes are supported, got <dtype: 'float64'>")),
    (lambda: tnp.ix_([1.5]),
     ('raise', 'ValueError',
      "Only integer and bool dtypes are supported, got <dtype: 'float64'>")),
    (lambda: tnp.ix_([1, 2], [True, False, True]),
     ['list', ('int64', [2, 1], [[1], [2]]), ('int64', [1, 2], [[0, 2]])]),
    (lambda: tnp.ix_(np.array([1], np.uint8)),
     ['list', ('uint8', [1], [1])]),
    (lambda: tnp.iscomplex(tf.constant(True)),
     ('raise', 'TypeError', 'Cannot convert 0 to EagerTensor of dtype bool')),
    (lambda: tnp.isreal(np.array([True])),
     ('raise', 'TypeError', 'Cannot convert 0 to EagerTensor of dtype bool')),
    (lambda: tnp.iscomplex(tf.constant('a')),
     ('raise', 'TypeError', 'Cannot convert 0 to EagerTensor of dtype string')),
    (lambda: tnp.iscomplex(tf.constant([1+1j, 2])),
     ('bool', [2], [True, False])),
    (lambda: tnp.isreal(np.array([1.5, 2], np.float16)),
     ('bool', [2], [True, True])),
    (lambda: tf.eye(2, batch_shape=3),
     ('raise', 'TypeError', "'int' object is not iterable")),
    (lambda: tf.eye(0, num_columns=0, batch_shape=0),
     ('raise', 'TypeError', "'int' object is not iterable")),
    (lambda: tf.eye(2, batch_shape=np.array(2)),
     ('raise', 'TypeError', 'iteration over a 0-d array')),
    (lambda: tf.eye(2, batch_shape=np.array([2])),
     ('float32', [2, 2, 2], [[[1.0, 0.0], [0.0, 1.0]], [[1.0, 0.0], [0.0, 1.0]]])),
    (lambda: tf.eye(tf.constant(2), batch_shape=3),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__ConcatV2_N_2_device_/job:localhost/replica:0/task:0/device:CPU:0}} ConcatOp '
      ": Can't concatenate scalars (use tf.stack instead) [Op:ConcatV2]")),
]


CASES = (FLOAT32_RANGE + TNP_CONSTANTS + LINALG_EMPTY_AND_1X1 + ASSERT_EMPTY
         + FINGERPRINT_BYTES + NUMPY_TO_STRING + BINARY_NUMPY_CAST + BATCH_FLIPS
         + RAGGED_PARTITIONS + CLIP_KERNELS + EMPTY_ARRAYS_AS_LISTS
         + SCALARS_AND_ROWS + PYTHON_SIDE_REFUSALS)


@pytest.mark.parametrize("fn, want", CASES)
def test_outcome_is_tf_2_21s(fn, want):
    if BF16 is None and "BF16" in fn.__code__.co_names:  # (ml_dtypes: optional)
        pytest.skip("no ml_dtypes: no bfloat16 NumPy arrays")
    assert outcome(fn) == want
