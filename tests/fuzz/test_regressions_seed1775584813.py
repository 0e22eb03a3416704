"""Regression tests for the fuzz campaigns of seeds 1775584813 and 74344446
(EAGERFLOW_FUZZ_ODD=1), whose API calls were each replayed in TF 2.21 (tests/fuzz/api_replay.py),
and for the differential long run of seed 6661371 (tests/fuzz/test_tf_differential.py): the
inputs where eagerflow's outcome differed from TF's, and their neighbours, with TF 2.21's answer
recorded as data (its error class and the first line of its message, or per tensor its dtype,
shape and values). Recorded in a TF process that had already run an op."""

from __future__ import annotations

import numpy as np
import pytest
from recorded import outcome

import eagerflow as tf

tnp = tf.experimental.numpy

inf, nan = np.inf, np.nan
B3 = np.array([b'\x00x\x00', b'\x00\xff', b'\xed\xa0\x80'], dtype=object)
X = np.ones((1, 2, 2, 1), np.float32)
IMG = np.array([[[[1.], [inf]], [[nan], [4.]]]], np.float32)
QX = np.arange(12, dtype=np.int32).reshape(1, 2, 2, 3) * 98765431 - 2**30


# Eigen's solver (TF's SelfAdjointEigV2) divides the lower triangle by its largest magnitude:
# an infinity on the diagonal of a 2x2 matrix, or at [0, 0], ends with NaN eigenvalues and the
# identity's vectors; one anywhere else, or any NaN, never converges (was: any infinity refused)
EIGH_INFINITIES = [
    (lambda: tf.linalg.eigvalsh(tf.constant([[inf, 0.], [0., 1.]])),
     ('float32', [2], ['nan', 'nan'])),
    (lambda: tf.linalg.eigvalsh(tf.constant([[1., 0.], [0., -inf]], tf.float64)),
     ('float64', [2], ['nan', 'nan'])),
    (lambda: tf.linalg.eigh(tf.constant([[inf, 1.], [1., 2.]])),
     ['tuple', ('float32', [2], ['nan', 'nan']), ('float32', [2, 2], [[1.0, 0.0], [0.0, 1.0]])]),
    (lambda: tf.linalg.eigh(tf.constant([[inf, 0.], [0., inf]], tf.float64)),
     ['tuple', ('float64', [2], ['nan', 'nan']), ('float64', [2, 2], [[1.0, 0.0], [0.0, 1.0]])]),
    (lambda: tf.linalg.eigh(tf.constant([[inf, nan], [0., 1.]])),
     ['tuple', ('float32', [2], ['nan', 'nan']), ('float32', [2, 2], [[1.0, 0.0], [0.0, 1.0]])]),
    (lambda: tf.linalg.eigh(tf.constant([[inf, 0.], [nan, 1.]])),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__SelfAdjointEigV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Self-adjoint eigen decomposition was not successful. The input might not be valid. '
      '[Op:SelfAdjointEigV2] name:')),
    (lambda: tf.linalg.eigh(tf.constant([[1., 0.], [inf, 1.]])),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__SelfAdjointEigV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Self-adjoint eigen decomposition was not successful. The input might not be valid. '
      '[Op:SelfAdjointEigV2] name:')),
    (lambda: tf.linalg.eigh(tf.constant([[-inf, 2., 3.], [2., 1., 0.], [3., 0., 2.]])),
     ['tuple', ('float32', [3], ['nan', 'nan', 'nan']),
      ('float32', [3, 3], [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])]),
    (lambda: tf.linalg.eigvalsh(tf.constant([[1., 0., 0.], [0., inf, 0.], [0., 0., 2.]])),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__SelfAdjointEigV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Self-adjoint eigen decomposition was not successful. The input might not be valid. '
      '[Op:SelfAdjointEigV2] name:')),
    (lambda: tf.linalg.eigvalsh(tf.constant([[1., 0., 0.], [0., 1., 0.], [0., 0., inf]])),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__SelfAdjointEigV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Self-adjoint eigen decomposition was not successful. The input might not be valid. '
      '[Op:SelfAdjointEigV2] name:')),
    (lambda: tf.linalg.eigvalsh(tf.constant([[inf, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0,
             1.]])),
     ('float32', [4], ['nan', 'nan', 'nan', 'nan'])),
    (lambda: tf.linalg.eigvalsh(tf.constant([[nan, 0., 0.], [0., 1., 0.], [0., 0., 2.]])),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__SelfAdjointEigV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Self-adjoint eigen decomposition was not successful. The input might not be valid. '
      '[Op:SelfAdjointEigV2] name:')),
    (lambda: tf.linalg.eigh(tf.constant([[[inf, 0.], [0., 1.]], [[2., 0.], [0., 3.]]])),
     ['tuple', ('float32', [2, 2], [['nan', 'nan'], [2.0, 3.0]]),
      ('float32', [2, 2, 2], [[[1.0, 0.0], [0.0, 1.0]], [[1.0, 0.0], [0.0, 1.0]]])]),
    (lambda: tf.linalg.eigvalsh(tf.constant([[[inf, 0.], [0., 1.]], [[2., 0.], [0., 3.]], [[1.,
             0.], [inf, 1.]]])),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__SelfAdjointEigV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Self-adjoint eigen decomposition was not successful. The input might not be valid. '
      '[Op:SelfAdjointEigV2] name:')),
    (lambda: tf.linalg.eigh(tf.constant([[complex(inf, 1), 0], [0, 1]], tf.complex128)),
     ['tuple', ('complex128', [2], ['(nan+0j)', '(nan+0j)']),
      ('complex128', [2, 2], [[(1+0j), 0j], [0j, (1+0j)]])]),
    (lambda: tf.math.bincount([1, 2], binary_output=0, weights=[1., 2.]),
     ('raise', 'TypeError', "Expected bool for argument 'binary_output' not 0.")),
    (lambda: tf.math.bincount([1, 2], binary_output=1, weights=[1., 2.]),
     ('raise', 'ValueError',
      'Arguments `binary_output` and `weights` are mutually exclusive. Please specify only '
      'one.')),
]

# TensorScatterAdd/Sub/Max/Min take any T in TF's OpDef: one without a CPU kernel (bool,
# string, complex for max/min) is the kernel look-up's NotFoundError (was the attr's refusal)
TENSOR_SCATTER_KERNELS = [
    (lambda: tf.tensor_scatter_nd_add(tf.constant([True, False]), [[0]], [True]),
     ('raise', 'NotFoundError',
      'Could not find device for node: {{node TensorScatterAdd}} = TensorScatterAdd[T=DT_BOOL, '
      'Tindices=DT_INT32, bad_indices_policy=""]')),
    (lambda: tf.tensor_scatter_nd_max(tf.constant([True, False]), [[0]], [True]),
     ('raise', 'NotFoundError',
      'Could not find device for node: {{node TensorScatterMax}} = TensorScatterMax[T=DT_BOOL, '
      'Tindices=DT_INT32, bad_indices_policy=""]')),
    (lambda: tf.tensor_scatter_nd_sub(tf.constant(['a']), [[0]], ['b']),
     ('raise', 'NotFoundError',
      'Could not find device for node: {{node TensorScatterSub}} = '
      'TensorScatterSub[T=DT_STRING, Tindices=DT_INT32, bad_indices_policy=""]')),
    (lambda: tf.tensor_scatter_nd_min(tf.constant([1+1j]), [[0]], [2j]),
     ('raise', 'NotFoundError',
      'Could not find device for node: {{node TensorScatterMin}} = '
      'TensorScatterMin[T=DT_COMPLEX128, Tindices=DT_INT32, bad_indices_policy=""]')),
]

# SpaceToBatchND/BatchToSpaceND's index inputs as TF's wrapper converts them: an empty list or
# a NumPy array of floats is int32 (its Tblock_shape/Tpaddings default); a complex input's
# NotFoundError lists the kernels
SPACE_BATCH_INDEX_INPUTS = [
    (lambda: tf.batch_to_space(1+2j, np.array(0, tnp.bfloat16 if hasattr(tnp,
             'bfloat16') else np.float16), np.zeros([1, 2], np.uint16)),
     ('raise', 'NotFoundError',
      'Could not find device for node: {{node BatchToSpaceND}} = '
      'BatchToSpaceND[T=DT_COMPLEX128, Tblock_shape=DT_INT32, Tcrops=DT_INT32]')),
    (lambda: tf.batch_to_space(tf.zeros([4, 1, 1, 1]), np.array([2, 2], np.float32), [[0, 0], [0,
             0]]),
     ('float32', [1, 2, 2, 1], [[[[0.0], [0.0]], [[0.0], [0.0]]]])),
    (lambda: tf.space_to_batch(tf.zeros([1, 2, 2, 1]), [], []),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__SpaceToBatchND_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'paddings should have shape [0, 2] instead of [0] [Op:SpaceToBatchND]')),
    (lambda: tf.space_to_batch(tf.zeros([1, 2, 2, 1]), [2, 2], []),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__SpaceToBatchND_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'paddings should have shape [2, 2] instead of [0] [Op:SpaceToBatchND]')),
    (lambda: tf.space_to_batch_nd(tf.zeros([1, 2, 2, 1]), [], np.zeros([0, 2], np.int64)),
     ('float32', [1, 2, 2, 1], [[[[0.0], [0.0]], [[0.0], [0.0]]]])),
    (lambda: tf.space_to_batch(X, np.array([2, 2], np.float32), np.zeros((2, 2), np.int32)),
     ('float32', [4, 1, 1, 1], [[[[1.0]]], [[[1.0]]], [[[1.0]]], [[[1.0]]]])),
    (lambda: tf.space_to_batch(X, np.array([2, 2], np.int64), np.zeros((2, 2), np.int32)),
     ('float32', [4, 1, 1, 1], [[[[1.0]]], [[[1.0]]], [[[1.0]]], [[[1.0]]]])),
    (lambda: tf.space_to_batch(X, np.array([2, 2], np.uint8), np.zeros((2, 2), np.int32)),
     ('float32', [4, 1, 1, 1], [[[[1.0]]], [[[1.0]]], [[[1.0]]], [[[1.0]]]])),
    (lambda: tf.space_to_batch(X, np.array([2, 2], np.int64), [[0, 0], [0, 0]]),
     ('float32', [4, 1, 1, 1], [[[[1.0]]], [[[1.0]]], [[[1.0]]], [[[1.0]]]])),
    (lambda: tf.space_to_batch(X, np.array([2, 2], np.float32), [[0, 0], [0, 0]]),
     ('float32', [4, 1, 1, 1], [[[[1.0]]], [[[1.0]]], [[[1.0]]], [[[1.0]]]])),
    (lambda: tf.space_to_batch(X, np.array([2, 2], np.uint8), [[0, 0], [0, 0]]),
     ('float32', [4, 1, 1, 1], [[[[1.0]]], [[[1.0]]], [[[1.0]]], [[[1.0]]]])),
    (lambda: tf.space_to_batch(X, [2, 2], np.zeros((2, 2), np.float32)),
     ('float32', [4, 1, 1, 1], [[[[1.0]]], [[[1.0]]], [[[1.0]]], [[[1.0]]]])),
    (lambda: tf.space_to_batch(X, [2, 2], np.zeros((2, 2), np.int64)),
     ('float32', [4, 1, 1, 1], [[[[1.0]]], [[[1.0]]], [[[1.0]]], [[[1.0]]]])),
    (lambda: tf.space_to_batch(X, np.array([2, 2], np.int64), np.zeros((2, 2), np.float64)),
     ('float32', [4, 1, 1, 1], [[[[1.0]]], [[[1.0]]], [[[1.0]]], [[[1.0]]]])),
    (lambda: tf.space_to_batch(tf.constant(X), np.array([2, 2], np.float32), np.zeros((2, 2),
             np.int64)),
     ('float32', [4, 1, 1, 1], [[[[1.0]]], [[[1.0]]], [[[1.0]]], [[[1.0]]]])),
    (lambda: tf.space_to_batch(X, [], np.zeros((0, 2), np.int32)),
     ('float32', [1, 2, 2, 1], [[[[1.0], [1.0]], [[1.0], [1.0]]]])),
    (lambda: tf.space_to_batch(X, tf.constant([2, 2]), [[0, 0], [0, 0]]),
     ('float32', [4, 1, 1, 1], [[[[1.0]]], [[[1.0]]], [[[1.0]]], [[[1.0]]]])),
    (lambda: tf.space_to_batch(X, [2.5, 2], [[0, 0], [0, 0]]),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'Tblock_shape' of float is not in the list of allowed values: int32, "
      'int64')),
    (lambda: tf.space_to_batch(X, True, [[0, 0], [0, 0]]),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__SpaceToBatchND_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'block_shape rank should be 1 instead of 0 [Op:SpaceToBatchND]')),
    (lambda: tf.batch_to_space(np.ones((4, 1, 1, 1), np.float32), np.array([2, 2], np.float32),
             np.zeros((2, 2), np.int32)),
     ('float32', [1, 2, 2, 1], [[[[1.0], [1.0]], [[1.0], [1.0]]]])),
    (lambda: tf.batch_to_space(np.ones((4, 1, 1, 1), np.float32), np.array([2, 2], np.float32),
             [[0, 0], [0, 0]]),
     ('float32', [1, 2, 2, 1], [[[[1.0], [1.0]], [[1.0], [1.0]]]])),
    (lambda: tf.batch_to_space(np.ones((4, 1, 1, 1), np.float32), 2, [[0, 0], [0, 0]]),
     ('float32', [1, 2, 2, 1], [[[[1.0], [1.0]], [[1.0], [1.0]]]])),
    (lambda: tf.batch_to_space(np.ones((4, 1, 1, 1), np.float32), np.array([2, 2], np.int64),
             np.zeros((2, 2), np.int64)),
     ('float32', [1, 2, 2, 1], [[[[1.0], [1.0]], [[1.0], [1.0]]]])),
    (lambda: tf.space_to_batch(np.ones((1, 2, 2, 1)), np.int64([2, 2**62]), np.int64([[0, 0], [0,
             2**62 - 2]])),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__SpaceToBatchND_device_/job:localhost/replica:0/task:0/device:CPU:0}} All '
      'values in block_shape must be positive, got value, 0 at index 1. [Op:SpaceToBatchND] '
      'name:')),
    (lambda: tf.space_to_batch(np.ones((1, 2, 2, 1)), np.int64([2, 2**40]), np.int64([[0, 0], [0,
             0]])),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__SpaceToBatchND_device_/job:localhost/replica:0/task:0/device:CPU:0}} All '
      'values in block_shape must be positive, got value, 0 at index 1. [Op:SpaceToBatchND] '
      'name:')),
    (lambda: tf.space_to_batch(np.ones((1, 2, 2, 1)), np.float32([2, 2.5]), np.int64([[0, 0], [0,
             0]])),
     ('float64', [4, 1, 1, 1], [[[[1.0]]], [[[1.0]]], [[[1.0]]], [[[1.0]]]])),
    (lambda: tf.space_to_batch(np.ones((1, 2, 2, 1)), np.int64([2, 2**40]), np.int32([[0, 0], [0,
             0]])),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__SpaceToBatchND_device_/job:localhost/replica:0/task:0/device:CPU:0}} All '
      'values in block_shape must be positive, got value, 0 at index 1. [Op:SpaceToBatchND] '
      'name:')),
    (lambda: tf.space_to_batch(np.ones((1, 2, 2, 1)), np.float64([2, 2**40]), np.int32([[0, 0],
             [0, 0]])),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__SpaceToBatchND_device_/job:localhost/replica:0/task:0/device:CPU:0}} All '
      'values in block_shape must be positive, got value, -2147483648 at index 1. '
      '[Op:SpaceToBatchND] name:')),
    (lambda: tf.space_to_batch(np.ones((1, 2, 2, 1)), tf.constant([2, 2**62], tf.int64),
             tf.constant([[0, 0], [0, 2**62 - 2]], tf.int64)),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__SpaceToBatchND_device_/job:localhost/replica:0/task:0/device:CPU:0}} Product '
      'of block sizes must be positive, got -9223372036854775808 [Op:SpaceToBatchND] name:')),
    (lambda: tf.space_to_batch(np.ones((1, 2, 2, 1)), [2, 2**62], np.int64([[0, 0], [0,
             2**62 - 2]])),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__SpaceToBatchND_device_/job:localhost/replica:0/task:0/device:CPU:0}} Product '
      'of block sizes must be positive, got -9223372036854775808 [Op:SpaceToBatchND]')),
    (lambda: tf.batch_to_space(np.array(b'\x00\xff', dtype=object), np.array(b'\x00\xff',
             dtype=object), None),
     ('raise', 'ValueError',
      "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
      'Tensor.')),
    (lambda: tf.space_to_batch(np.ones((1, 2, 2, 1)), np.array([b'a', b'b'], dtype=object), [[0,
             0], [0, 0]]),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'Tblock_shape' of string is not in the list of allowed values: int32, "
      'int64')),
    (lambda: tf.space_to_batch(np.ones((1, 2, 2, 1)), np.array(['a', 'b']), np.zeros((2, 2),
             np.int32)),
     ('raise', 'ValueError', "invalid literal for int() with base 10: np.str_('a')")),
]

# sequence_mask's maxlen is max(0, max(lengths)) in the lengths' dtype: negative lengths make
# rows of none, empty uint16/int8 lengths Range's NotFoundError
SEQUENCE_MASK = [
    (lambda: tf.sequence_mask(np.array(-1, np.int32)),
     ('bool', [0], [])),
    (lambda: tf.sequence_mask([-1, -2]),
     ('bool', [2, 0], [[], []])),
    (lambda: tf.sequence_mask([-1, 2]),
     ('bool', [2, 2], [[False, False], [True, True]])),
    (lambda: tf.sequence_mask(tf.constant(-3, tf.int64)),
     ('bool', [0], [])),
    (lambda: tf.sequence_mask(tf.constant([1.5, -2.])),
     ('bool', [2, 2], [[True, True], [False, False]])),
    (lambda: tf.sequence_mask(tf.constant([3, 1], tf.uint8)),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'Tidx' of uint8 is not in the list of allowed values: bfloat16, half, "
      'float, double, int8, int16, int32, int64, uint16, uint32, uint64')),
    (lambda: tf.sequence_mask(tf.constant([-3, 1], tf.int8)),
     ('raise', 'NotFoundError',
      'Could not find device for node: {{node Range}} = Range[Tidx=DT_INT8]')),
    (lambda: tf.sequence_mask(tf.constant([True, False])),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, "
      'uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64, qint8, quint8, '
      'qint32, qint16, quint16')),
    (lambda: tf.sequence_mask(tf.constant([], tf.int32)),
     ('bool', [0, 0], [])),
    (lambda: tf.sequence_mask([[1, -2], [0, 2]]),
     ('bool', [2, 2, 2], [[[True, False], [False, False]], [[False, False], [True, True]]])),
    (lambda: tf.sequence_mask(tf.constant([1, 2], tf.int16)),
     ('raise', 'NotFoundError',
      'Could not find device for node: {{node Range}} = Range[Tidx=DT_INT16]')),
    (lambda: tf.sequence_mask(tf.constant([1., 2.], tf.float16)),
     ('bool', [2, 2], [[True, False], [True, True]])),
    (lambda: tf.sequence_mask([1], maxlen=-1),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Range_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Requires start <= limit when delta > 0: 0/-1 [Op:Range] name:')),
    (lambda: tf.sequence_mask(tf.zeros([2, 0], tf.uint16)),
     ('raise', 'NotFoundError',
      'Could not find device for node: {{node Range}} = Range[Tidx=DT_UINT16]')),
    (lambda: tf.sequence_mask(tf.zeros([0], tf.float32)),
     ('bool', [0, 0], [])),
    (lambda: tf.sequence_mask(tf.zeros([0], tf.int8)),
     ('raise', 'NotFoundError',
      'Could not find device for node: {{node Range}} = Range[Tidx=DT_INT8]')),
    (lambda: tf.sequence_mask(tf.zeros([0], tf.bool)),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, "
      'uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64, qint8, quint8, '
      'qint32, qint16, quint16')),
    (lambda: tf.sequence_mask(tf.zeros([0], tf.int64)),
     ('bool', [0, 0], [])),
    (lambda: tf.sequence_mask(tf.zeros([3], tf.uint16)),
     ('raise', 'NotFoundError',
      'Could not find device for node: {{node Range}} = Range[Tidx=DT_UINT16]')),
]

# tf.shape of a false out_type (0, '', [], False) is int32; another non-DType the wrapper's
# TypeError
SHAPE_OUT_TYPE = [
    (lambda: tf.shape(tf.zeros([2]), out_type=[]),
     ('int32', [1], [2])),
    (lambda: tf.shape(tf.zeros([2]), out_type=0),
     ('int32', [1], [2])),
    (lambda: tf.shape(tf.zeros([2]), out_type=''),
     ('int32', [1], [2])),
    (lambda: tf.shape(tf.zeros([2]), out_type=False),
     ('int32', [1], [2])),
    (lambda: tf.shape(tf.zeros([2]), out_type=()),
     ('int32', [1], [2])),
    (lambda: tf.shape(tf.zeros([2]), out_type='x'),
     ('raise', 'TypeError', "Expected DataType for argument 'out_type' not 'x'.")),
    (lambda: tf.shape(tf.zeros([2]), out_type=[1]),
     ('raise', 'TypeError', "Expected DataType for argument 'out_type' not [1].")),
    (lambda: tf.shape(tf.zeros([2]), out_type=np.array([])),
     ('raise', 'ValueError',
      'The truth value of an empty array is ambiguous. Use `array.size > 0` to check that an '
      'array is not empty.')),
    (lambda: tf.shape(tf.zeros([2]), out_type=tf.constant(False)),
     ('int32', [1], [2])),
    (lambda: tf.shape(tf.zeros([2]), out_type=tf.constant(True)),
     ('raise', 'TypeError',
      "Expected DataType for argument 'out_type' not <tf.Tensor: shape=(), dtype=bool, "
      'numpy=True>.')),
    (lambda: tf.shape(tf.zeros([2]), out_type=tf.int64),
     ('int64', [1], [2])),
    (lambda: tf.shape(tf.zeros([2]), out_type=1.5),
     ('raise', 'TypeError', "Expected DataType for argument 'out_type' not 1.5.")),
    (lambda: tf.shape(tf.zeros([2]), out_type=9),
     ('int64', [1], [2])),
    (lambda: tf.shape(tf.zeros([2]), out_type=tf.float32),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'out_type' of float is not in the list of allowed values: int32, int64")),
]

# tnp.trace of the last two axes is tf.linalg.trace's, in the input's dtype (uint8 stays
# uint8, bool is Sum's refusal)
TNP_TRACE = [
    (lambda: tnp.trace(np.arange(9, dtype=np.uint8).reshape(3, 3)),
     ('uint8', [], 12)),
    (lambda: tnp.trace(np.arange(9, dtype=np.int8).reshape(3, 3)),
     ('int8', [], 12)),
    (lambda: tnp.trace(np.ones((3, 3), bool)),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, "
      'uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, '
      'uint16, complex128, half, uint32, uint64')),
    (lambda: tnp.trace(np.arange(9, dtype=np.int16).reshape(3, 3)),
     ('int16', [], 12)),
    (lambda: tnp.trace(np.arange(9, dtype=np.uint32).reshape(3, 3)),
     ('uint32', [], 12)),
    (lambda: tnp.trace(np.arange(9, dtype=np.int32).reshape(3, 3)),
     ('int32', [], 12)),
    (lambda: tnp.trace(np.arange(9, dtype=np.float16).reshape(3, 3)),
     ('float16', [], 12.0)),
    (lambda: tnp.trace(np.arange(9, dtype=np.uint8).reshape(3, 3), dtype=np.int32),
     ('int32', [], 12)),
    (lambda: tnp.trace(np.ones((3, 3), bool), offset=1),
     ('int64', [], 2)),
    (lambda: tnp.trace(np.arange(9, dtype=np.uint8).reshape(3, 3), offset=1),
     ('uint64', [], 6)),
    (lambda: tnp.trace(np.arange(8, dtype=np.uint8).reshape(2, 2, 2)),
     ('uint64', [2], [6, 8])),
    (lambda: tnp.trace(np.arange(8, dtype=np.uint8).reshape(2, 2, 2), axis1=1, axis2=2),
     ('uint8', [2], [3, 11])),
    (lambda: tnp.trace(np.arange(8, dtype=np.uint8).reshape(2, 2, 2), axis1=-2, axis2=-1),
     ('uint8', [2], [3, 11])),
    (lambda: tnp.trace(np.arange(8, dtype=np.uint8).reshape(2, 2, 2), axis1=-1, axis2=-2),
     ('uint64', [2], [3, 11])),
    (lambda: tnp.trace([[1, 2], [3, 4]]),
     ('int64', [], 5)),
    (lambda: tnp.trace([[True, False], [True, True]]),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, "
      'uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, '
      'uint16, complex128, half, uint32, uint64')),
    (lambda: tnp.trace([[1.5, 2], [3, 4]], dtype=bool),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, "
      'uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, '
      'uint16, complex128, half, uint32, uint64')),
    (lambda: tnp.trace(np.ones((2, 3), np.int8), offset=0.0),
     ('int8', [], 2)),
    (lambda: tnp.trace(np.ones(3, np.int8)),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__Transpose_device_/job:localhost/replica:0/task:0/device:CPU:0}} transpose '
      'expects a vector of size 1. But input(1) is a vector of size 2 [Op:Transpose]')),
]

# bincount's binary_output: a Python bool only (None the default), as TF's wrapper
BINCOUNT_BINARY_OUTPUT = [
    (lambda: tf.math.bincount([[]], binary_output=[[], 1099511627776, False]),
     ('raise', 'TypeError',
      "Expected bool for argument 'binary_output' not [[], 1099511627776, False].")),
    (lambda: tf.math.bincount([1, 2], binary_output=1),
     ('raise', 'TypeError', "Expected bool for argument 'binary_output' not 1.")),
    (lambda: tf.math.bincount([1, 2], binary_output=[1]),
     ('raise', 'TypeError', "Expected bool for argument 'binary_output' not [1].")),
    (lambda: tf.math.bincount([1, 2], binary_output='x'),
     ('raise', 'TypeError', "Expected bool for argument 'binary_output' not 'x'.")),
    (lambda: tf.math.bincount([1, 2], binary_output=np.bool_(True)),
     ('raise', 'TypeError', "Expected bool for argument 'binary_output' not np.True_.")),
    (lambda: tf.math.bincount([1, 2], binary_output=True),
     ('int32', [3], [0, 1, 1])),
    (lambda: tf.math.bincount([[1, 2]], binary_output=1, axis=-1),
     ('raise', 'TypeError', "Expected bool for argument 'binary_output' not 1.")),
    (lambda: tf.math.bincount([1, 2], binary_output=None),
     ('int32', [3], [0, 1, 1])),
]

# strings.bytes_split converts its input with no dtype preferred: an empty list or float
# array is TF's conversion ValueError
BYTES_SPLIT = [
    (lambda: tf.strings.bytes_split(np.zeros((0, 1, 2, 1), np.int32)),
     ('raise', 'ValueError',
      'Tensor conversion requested dtype string for Tensor with dtype int32: <tf.Tensor: '
      'shape=(0,), dtype=int32, numpy=array([], dtype=int32)>')),
    (lambda: tf.strings.bytes_split(np.zeros((0,), np.int32)),
     ('raise', 'ValueError',
      'Tensor conversion requested dtype string for Tensor with dtype int32: <tf.Tensor: '
      'shape=(0,), dtype=int32, numpy=array([], dtype=int32)>')),
    (lambda: tf.strings.bytes_split(np.zeros((1,), np.int32)),
     ('raise', 'ValueError',
      'Tensor conversion requested dtype string for Tensor with dtype int32: <tf.Tensor: '
      'shape=(1,), dtype=int32, numpy=array([0], dtype=int32)>')),
    (lambda: tf.strings.bytes_split([[]]),
     ('raise', 'ValueError',
      'Tensor conversion requested dtype string for Tensor with dtype float32: <tf.Tensor: '
      'shape=(0,), dtype=float32, numpy=array([], dtype=float32)>')),
    (lambda: tf.strings.bytes_split(np.zeros((0,), np.float32)),
     ('raise', 'ValueError',
      'Tensor conversion requested dtype string for Tensor with dtype float32: <tf.Tensor: '
      'shape=(0,), dtype=float32, numpy=array([], dtype=float32)>')),
    (lambda: tf.strings.bytes_split(np.zeros((2, 0), np.float32)),
     ('raise', 'ValueError',
      'Tensor conversion requested dtype string for Tensor with dtype float32: <tf.Tensor: '
      'shape=(0,), dtype=float32, numpy=array([], dtype=float32)>')),
    (lambda: tf.strings.bytes_split(np.zeros((0,), object)),
     ('ragged', ('string', [0], []), [('int64', [1], [0])])),
    (lambda: tf.strings.bytes_split([]),
     ('raise', 'ValueError',
      'Tensor conversion requested dtype string for Tensor with dtype float32: <tf.Tensor: '
      'shape=(0,), dtype=float32, numpy=array([], dtype=float32)>')),
    (lambda: tf.strings.bytes_split(tf.zeros([0])),
     ('raise', 'ValueError',
      'Tensor conversion requested dtype string for Tensor with dtype float32: <tf.Tensor: '
      'shape=(0,), dtype=float32, numpy=array([], dtype=float32)>')),
    (lambda: tf.strings.bytes_split(B3),
     ('ragged',
      ('string', [8], [b'\x00', b'x', b'\x00', b'\x00', b'\xff', b'\xed', b'\xa0', b'\x80']),
      [('int64', [4], [0, 3, 5, 8])])),
    (lambda: tf.strings.bytes_split(['ab', 'c']),
     ('ragged', ('string', [3], [b'a', b'b', b'c']), [('int64', [3], [0, 2, 3])])),
    (lambda: tf.strings.bytes_split('abc'),
     ('string', [3], [b'a', b'b', b'c'])),
    (lambda: tf.strings.bytes_split(b''),
     ('string', [0], [])),
    (lambda: tf.strings.bytes_split(np.array(['xy'])),
     ('ragged', ('string', [2], [b'x', b'y']), [('int64', [2], [0, 2])])),
    (lambda: tf.strings.bytes_split([['ab'], ['c']]),
     ('ragged', ('string', [3], [b'a', b'b', b'c']),
      [('int64', [3], [0, 1, 2]), ('int64', [3], [0, 2, 3])])),
    (lambda: tf.strings.bytes_split(tf.ragged.constant([['ab'], []])),
     ('ragged', ('string', [2], [b'a', b'b']),
      [('int64', [3], [0, 1, 1]), ('int64', [2], [0, 2])])),
    (lambda: tf.strings.bytes_split(1),
     ('raise', 'ValueError',
      'Tensor conversion requested dtype string for Tensor with dtype int32: <tf.Tensor: '
      'shape=(1,), dtype=int32, numpy=array([1], dtype=int32)>')),
    (lambda: tf.strings.bytes_split([1.5]),
     ('raise', 'ValueError',
      'Tensor conversion requested dtype string for Tensor with dtype float32: <tf.Tensor: '
      'shape=(1,), dtype=float32, numpy=array([1.5], dtype=float32)>')),
]

# tnp.zeros_like/empty_like of strings are b'', ones_like the conversion's TypeError
TNP_LIKE_STRINGS = [
    (lambda: tnp.zeros_like(B3),
     ('string', [3], [b'', b'', b''])),
    (lambda: tnp.ones_like(B3),
     ('raise', 'TypeError', 'Cannot convert 1 to EagerTensor of dtype string')),
    (lambda: tnp.empty_like(B3),
     ('string', [3], [b'', b'', b''])),
    (lambda: tnp.zeros_like(['a', 'b']),
     ('string', [2], [b'', b''])),
    (lambda: tnp.ones_like(tf.constant(['a'])),
     ('raise', 'TypeError', 'Cannot convert 1 to EagerTensor of dtype string')),
    (lambda: tnp.zeros_like([1, 2], dtype=tf.string),
     ('string', [2], [b'', b''])),
    (lambda: tnp.full_like(['a'], 'x'),
     ('string', [1], [b'x'])),
    (lambda: tnp.zeros_like(tf.constant([['a']]), dtype=tf.int32),
     ('int32', [1, 1], [[0]])),
    (lambda: tnp.ones_like(tf.constant([['a']]), dtype=np.float16),
     ('float16', [1, 1], [[1.0]])),
    (lambda: tnp.ones_like([True], dtype=bool),
     ('bool', [1], [True])),
    (lambda: tnp.zeros_like([1.5]),
     ('float64', [1], [0.0])),
    (lambda: tnp.empty_like([[1, 2]], dtype=tf.string),
     ('string', [1, 2], [[b'', b'']])),
]

# tnp.tril/triu fill with the constant 0 of the input's dtype (bool, string: TF's TypeError)
TNP_TRIANGLES = [
    (lambda: tnp.triu(tf.zeros([2, 2], tf.bool)),
     ('raise', 'TypeError', 'Cannot convert 0 to EagerTensor of dtype bool')),
    (lambda: tnp.tril(tf.zeros([2, 2], tf.bool)),
     ('raise', 'TypeError', 'Cannot convert 0 to EagerTensor of dtype bool')),
    (lambda: tnp.triu(tf.constant([['a', 'b'], ['c', 'd']])),
     ('raise', 'TypeError', 'Cannot convert 0 to EagerTensor of dtype string')),
    (lambda: tnp.tril([[1, 2], [3, 4]]),
     ('int64', [2, 2], [[1, 0], [3, 4]])),
    (lambda: tnp.triu([[1, 2], [3, 4]], k=1),
     ('int64', [2, 2], [[0, 2], [0, 0]])),
    (lambda: tnp.tril(np.ones((2, 2, 3), np.uint8), k=-1),
     ('uint8', [2, 2, 3], [[[0, 0, 0], [1, 0, 0]], [[0, 0, 0], [1, 0, 0]]])),
    (lambda: tnp.triu(np.ones((2, 3), np.complex64)),
     ('complex64', [2, 3], [[(1+0j), (1+0j), (1+0j)], [0j, (1+0j), (1+0j)]])),
    (lambda: tnp.triu([True]),
     ('raise', 'ValueError', 'Argument to triu must have rank at least 2')),
    (lambda: tnp.tril(np.zeros((0, 2), bool)),
     ('raise', 'TypeError', 'Cannot convert 0 to EagerTensor of dtype bool')),
]

# adjust_brightness converts delta with no dtype, then casts it (an int past int64: the
# conversion's ValueError)
ADJUST_BRIGHTNESS = [
    (lambda: tf.image.adjust_brightness(nan, -1180591620717411303424),
     ('raise', 'ValueError',
      "Can't convert Python sequence with out-of-range integer to Tensor.")),
    (lambda: tf.image.adjust_brightness(1., 2**70),
     ('raise', 'ValueError',
      "Can't convert Python sequence with out-of-range integer to Tensor.")),
    (lambda: tf.image.adjust_brightness(np.zeros([0], np.float32), 2**70),
     ('raise', 'ValueError',
      "Can't convert Python sequence with out-of-range integer to Tensor.")),
    (lambda: tf.image.adjust_brightness(1., 2**40),
     ('float32', [], 1099511627776.0)),
    (lambda: tf.image.adjust_brightness(tf.zeros([2], tf.float16), 1e5),
     ('float16', [2], ['inf', 'inf'])),
    (lambda: tf.image.adjust_brightness(tf.zeros([2], tf.float16), 0.1),
     ('float16', [2], [0.0999755859375, 0.0999755859375])),
    (lambda: tf.image.adjust_brightness(tf.zeros([2], tf.float16), 65519.0),
     ('float16', [2], [65504.0, 65504.0])),
    (lambda: tf.image.adjust_brightness(tf.zeros([2], tf.uint8), 0.3),
     ('uint8', [2], [76, 76])),
    (lambda: tf.image.adjust_brightness(tf.zeros([2]), 3.5e38),
     ('raise', 'ValueError',
      "Can't convert Python sequence with a value out of range for a double-precision float.")),
    (lambda: tf.image.adjust_brightness(tf.zeros([2]), 'a'),
     ('raise', 'UnimplementedError',
      '{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Cast string to float is not supported [Op:Cast] name:')),
    (lambda: tf.image.adjust_brightness(tf.zeros([2]), [0.5, 1]),
     ('float32', [2], [0.5, 1.0])),
    (lambda: tf.image.adjust_brightness(tf.zeros([2]), True),
     ('float32', [2], [1.0, 1.0])),
    (lambda: tf.image.adjust_brightness(tf.zeros([2]), 1+2j),
     ('float32', [2], [1.0, 1.0])),
    (lambda: tf.image.adjust_brightness(tf.zeros([2]), np.float64(0.1)),
     ('float32', [2], [0.10000000149011612, 0.10000000149011612])),
    (lambda: tf.image.adjust_brightness(tf.zeros([2], tf.float64), 0.1),
     ('float64', [2], [0.10000000149011612, 0.10000000149011612])),
]

# make_tensor_proto refuses allow_broadcast with verify_shape first, by their truth
TENSOR_PROTO_FLAGS = [
    (lambda: tf.make_tensor_proto(tf.constant(True), dtype=tf.bool, shape=[],
             verify_shape=tf.constant(True), allow_broadcast=tf.constant(True)),
     ('raise', 'ValueError', 'allow_broadcast and verify_shape are not both allowed.')),
    (lambda: tf.make_tensor_proto(1., verify_shape=1, allow_broadcast='x'),
     ('raise', 'ValueError', 'allow_broadcast and verify_shape are not both allowed.')),
    (lambda: tf.make_tensor_proto(1., verify_shape=True, allow_broadcast=True),
     ('raise', 'ValueError', 'allow_broadcast and verify_shape are not both allowed.')),
    (lambda: tf.make_tensor_proto(1., verify_shape=0, allow_broadcast='x').float_val[:],
     ['list', ('py', '1.0')]),
    (lambda: tf.make_tensor_proto([1., 2.], shape=[2], verify_shape=[1],
             allow_broadcast=[]).float_val[:],
     ['list']),
]

# Squeeze's axis given a NumPy array: TF's fast path reads one with no items along its first
# dim as [], its slow path (a list input) refuses any array
SQUEEZE_ARRAYS = [
    (lambda: tf.nn.moments(np.array([], tnp.bfloat16 if hasattr(tnp, 'bfloat16') else np.float16),
             np.zeros((3, 4, 0, 1), np.uint8)),
     ('raise', 'TypeError',
      "Expected list for 'axis' argument to 'squeeze' Op, not array([], shape=(3, 4, 0, 1), "
      'dtype=uint8).')),
    (lambda: tf.nn.moments(tf.zeros([2, 3]), np.zeros((0, 1), np.int32)),
     ['tuple', ('float32', [2, 3], [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]),
      ('float32', [2, 3], [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]])]),
    (lambda: tf.nn.moments(tf.zeros([2, 3]), np.zeros((0,), np.int32)),
     ['tuple', ('float32', [2, 3], [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]),
      ('float32', [2, 3], [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]])]),
    (lambda: tf.squeeze([[1, True]], axis=np.zeros((3, 256, 0, 5, 255), object)),
     ('raise', 'TypeError',
      "Expected list for 'axis' argument to 'squeeze' Op, not array([], shape=(3, 256, 0, 5, "
      '255), dtype=object).')),
    (lambda: tf.squeeze([[1, 2]], axis=np.zeros((3, 0), np.int32)),
     ('raise', 'TypeError',
      "Expected list for 'axis' argument to 'squeeze' Op, not array([], shape=(3, 0), "
      'dtype=int32).')),
    (lambda: tf.squeeze([[1, 2]], axis=np.zeros((0, 3), np.int32)),
     ('raise', 'TypeError',
      "Expected list for 'axis' argument to 'squeeze' Op, not array([], shape=(0, 3), "
      'dtype=int32).')),
    (lambda: tf.squeeze([[1, 2]], axis=np.zeros((0,), np.int32)),
     ('raise', 'TypeError',
      "Expected list for 'axis' argument to 'squeeze' Op, not array([], dtype=int32).")),
    (lambda: tf.squeeze([[1, 2]], axis=np.zeros((1, 0), np.int32)),
     ('raise', 'TypeError',
      "Expected list for 'axis' argument to 'squeeze' Op, not array([], shape=(1, 0), "
      'dtype=int32).')),
    (lambda: tf.nn.moments(tf.zeros([2, 3]), np.zeros((2, 0), np.int32)),
     ('raise', 'TypeError',
      "Expected list for 'axis' argument to 'squeeze' Op, not array([], shape=(2, 0), "
      'dtype=int32).')),
    (lambda: tf.nn.moments(tf.zeros([2, 3]), np.zeros((0, 2), np.int32)),
     ['tuple', ('float32', [2, 3], [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]),
      ('float32', [2, 3], [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]])]),
    (lambda: tf.squeeze(tf.constant([[1, 2]]), axis=np.zeros((0,), np.int32)),
     ('int32', [2], [1, 2])),
    (lambda: tf.squeeze(tf.constant([[1, 2]]), axis=np.zeros((3, 0), np.int32)),
     ('raise', 'TypeError',
      "Expected list for 'axis' argument to 'squeeze' Op, not array([], shape=(3, 0), "
      'dtype=int32).')),
    (lambda: tf.squeeze(tf.constant([[1, 2]]), axis=np.zeros((0, 3), np.int32)),
     ('int32', [2], [1, 2])),
    (lambda: tf.squeeze(tf.constant([[1, 2]]), axis=np.zeros((1, 0), np.int32)),
     ('raise', 'TypeError',
      "Expected list for 'axis' argument to 'squeeze' Op, not array([], shape=(1, 0), "
      'dtype=int32).')),
    (lambda: tf.squeeze(tf.constant([[1, 2]]), axis=np.zeros((0,), object)),
     ('int32', [2], [1, 2])),
    (lambda: tf.squeeze(tf.constant([[1, 2]]), axis=np.array([0])),
     ('raise', 'TypeError',
      "Expected list for 'axis' argument to 'squeeze' Op, not array([0]).")),
    (lambda: tf.squeeze(np.ones((1, 2)), axis=np.zeros((0,), np.int32)),
     ('float64', [2], [1.0, 1.0])),
    (lambda: tf.squeeze(np.ones((1, 2)), axis=np.zeros((2, 0), np.int32)),
     ('raise', 'TypeError',
      "Expected list for 'axis' argument to 'squeeze' Op, not array([], shape=(2, 0), "
      'dtype=int32).')),
    (lambda: tf.squeeze([[1, 2]], axis=np.array(0)),
     ('raise', 'TypeError', "Expected list for 'axis' argument to 'squeeze' Op, not array(0).")),
]

# overlap_and_add's no-overlap fast path comes before any frame_step check (inverse_mdct of
# frames of no samples); frames of no samples sum to zeros; a negative step is Pad's refusal
OVERLAP_AND_ADD = [
    (lambda: tf.signal.inverse_mdct([[]]),
     ('float32', [0], [])),
    (lambda: tf.signal.inverse_mdct(tf.zeros([1, 0])),
     ('float32', [0], [])),
    (lambda: tf.signal.inverse_mdct(tf.zeros([2, 0])),
     ('float32', [0], [])),
    (lambda: tf.signal.inverse_mdct(tf.zeros([3, 2, 0], tf.float64)),
     ('float64', [3, 0], [[], [], []])),
    (lambda: tf.signal.overlap_and_add(tf.ones([2, 3]), 0),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Pad_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Paddings must be non-negative: 0 -3 [Op:Pad] name:')),
    (lambda: tf.signal.overlap_and_add(tf.ones([2, 0]), 0),
     ('float32', [0], [])),
    (lambda: tf.signal.overlap_and_add(tf.ones([0, 0]), 0),
     ('float32', [0], [])),
    (lambda: tf.signal.overlap_and_add(tf.ones([2, 3]), -1),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Pad_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Paddings must be non-negative: 0 -3 [Op:Pad] name:')),
    (lambda: tf.signal.overlap_and_add(tf.ones([2, 0]), 1),
     ('float32', [1], [0.0])),
    (lambda: tf.signal.overlap_and_add(tf.ones([2, 2]), 2),
     ('float32', [4], [1.0, 1.0, 1.0, 1.0])),
    (lambda: tf.signal.overlap_and_add(tf.ones([0, 2]), 1),
     ('float32', [1], [0.0])),
]

# tf.pad: PadV2's value dtype is checked before the paddings' shape, and a list tensor takes a
# tensor value's dtype
PADS = [
    (lambda: tf.pad(tf.constant([1., 2.], tf.float64), [], constant_values=tf.constant(b'x')),
     ('raise', 'InvalidArgumentError',
      'cannot compute PadV2 as input #2(zero-based) was expected to be a double tensor but is '
      'a string tensor [Op:PadV2]')),
    (lambda: tf.pad(tf.constant([1., 2.], tf.float64), [[1, 1], [1, 1]],
             constant_values=tf.constant(b'x')),
     ('raise', 'InvalidArgumentError',
      'cannot compute PadV2 as input #2(zero-based) was expected to be a double tensor but is '
      'a string tensor [Op:PadV2]')),
    (lambda: tf.pad(tf.constant([1., 2.], tf.float64), [[1, 1]],
             constant_values=tf.constant(b'x')),
     ('raise', 'InvalidArgumentError',
      'cannot compute PadV2 as input #2(zero-based) was expected to be a double tensor but is '
      'a string tensor [Op:PadV2]')),
    (lambda: tf.pad(tf.constant([1., 2.], tf.float64), tf.constant([[1, 1]]),
             constant_values=tf.constant(1, tf.int32)),
     ('raise', 'InvalidArgumentError',
      'cannot compute PadV2 as input #2(zero-based) was expected to be a double tensor but is '
      'a int32 tensor [Op:PadV2] name:')),
    (lambda: tf.pad(tf.constant([1., 2.], tf.float64), tf.constant([1, 1]),
             constant_values=tf.constant(1, tf.int32)),
     ('raise', 'InvalidArgumentError',
      'cannot compute PadV2 as input #2(zero-based) was expected to be a double tensor but is '
      'a int32 tensor [Op:PadV2] name:')),
    (lambda: tf.pad(tf.constant([1., 2.], tf.float64), [1, 1], constant_values=np.float32(2)),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__PadV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'paddings must be a matrix with 2 columns: [2] [Op:PadV2]')),
    (lambda: tf.pad(tf.constant([1., 2.]), [[1, 1]], constant_values=np.float64(2)),
     ('float32', [4], [2.0, 1.0, 2.0, 2.0])),
    (lambda: tf.pad([1., 2.], [[1, 1]], constant_values=tf.constant(2.5, tf.float64)),
     ('float64', [4], [2.5, 1.0, 2.0, 2.5])),
    (lambda: tf.pad(tf.constant(-1, tf.int16), [18446744073709551619, 18446744073709551619, -2],
             constant_values=tf.constant(7)),
     ('raise', 'ValueError',
      "Can't convert Python sequence with out-of-range integer to Tensor.")),
    (lambda: tf.pad(tf.constant([1], tf.int16), [[1, 2**40]], constant_values=tf.constant(7)),
     ('raise', 'InvalidArgumentError',
      'cannot compute PadV2 as input #2(zero-based) was expected to be a int16 tensor but is a '
      'int32 tensor [Op:PadV2]')),
    (lambda: tf.pad(tf.constant([1], tf.int16), np.array([[1, 2**40]]),
             constant_values=tf.constant(7, tf.int16)),
     ('int16', [2], [7, 1])),
    (lambda: tf.pad(tf.constant([1], tf.int16), [[1, 2**40]], constant_values=tf.constant(7,
             tf.int16)),
     ('raise', 'ResourceExhaustedError',
      '{{function_node __wrapped__PadV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'OOM when allocating tensor with shape[1099511627778] and type int16 on '
      '/job:localhost/replica:0/task:0/device:CPU:0 by allocator cpu [Op:PadV2]')),
]

# An eager op's error names a tensor name by its str(), top_k's name is kept, a random op's
# float dtype refusal has TF's NodeDef line
ERROR_NAMES = [
    (lambda: tf.logical_not(tf.constant([1., 2.], tf.float64), name=tf.constant(1)),
     ('raise', 'InvalidArgumentError',
      'cannot compute LogicalNot as input #0(zero-based) was expected to be a bool tensor but '
      'is a double tensor [Op:LogicalNot] name: tf.Tensor(1, shape=(), dtype=int32)')),
    (lambda: tf.fill([2], [1, 2], name=tf.constant(1)),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Fill_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'value must represent a scalar, got shape [2] [Op:Fill]')),
    (lambda: tf.linalg.cholesky(tf.constant([1.]), name=tf.constant(1)),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__Cholesky_device_/job:localhost/replica:0/task:0/device:CPU:0}} Input tensor '
      '0 must have rank >= 2, got 1 [Op:Cholesky] name: tf.Tensor(1, shape=(), dtype=int32)')),
    (lambda: tf.math.top_k(np.zeros((2, 2, 1, 0), np.int8), name='x'),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__TopKV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'input must have at least k columns. Had 0, needed 1 [Op:TopKV2] name: x')),
    (lambda: tf.math.top_k(np.zeros((2, 0), np.int8)),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__TopKV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'input must have at least k columns. Had 0, needed 1 [Op:TopKV2] name:')),
    (lambda: tf.math.top_k(tf.zeros((2, 0))),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__TopKV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'input must have at least k columns. Had 0, needed 1 [Op:TopKV2] name:')),
    (lambda: tf.random.normal([], mean=tf.constant(True), stddev=tf.constant(True), dtype=tf.bool,
             seed=0),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'dtype' of bool is not in the list of allowed values: half, bfloat16, "
      'float, double')),
    (lambda: tf.random.normal([1], dtype=tf.bool),
     ('raise', 'TypeError', 'Cannot convert 0.0 to EagerTensor of dtype bool')),
    (lambda: tf.math.top_k([[1., 2.]], name='y'),
     ['tuple', ('float32', [1, 1], [[2.0]]), ('int32', [1, 1], [[1]])]),
    (lambda: tf.math.top_k(tf.zeros([2, 0]), name=tf.constant(3)),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__TopKV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'input must have at least k columns. Had 0, needed 1 [Op:TopKV2] name: tf.Tensor(3, '
      'shape=(), dtype=int32)')),
]

# Ragged concat/stack along axis 0 of an input with no rows (a NumPy array's too)
RAGGED_NO_ROWS = [
    (lambda: tf.ragged.stack(np.zeros((0, 2), object), axis=False),
     ('ragged', ('string', [0], []), [('int64', [2], [0, 0]), ('int64', [1], [0])])),
    (lambda: tf.ragged.stack(np.zeros((0, 2), np.float32), axis=0),
     ('ragged', ('float32', [0], []), [('int64', [2], [0, 0]), ('int64', [1], [0])])),
    (lambda: tf.ragged.stack(np.zeros((0, 2), np.float32), axis=1),
     ('float32', [0, 1, 2], [])),
    (lambda: tf.ragged.stack(np.zeros((2, 1, 3), np.float32), axis=0),
     ('ragged', ('float32', [2, 3], [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]),
      [('int64', [2], [0, 2]), ('int64', [3], [0, 1, 2])])),
    (lambda: tf.ragged.stack(np.zeros((2, 3), np.float32), axis=0),
     ('ragged', ('float32', [6], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
      [('int64', [2], [0, 2]), ('int64', [3], [0, 3, 6])])),
    (lambda: tf.ragged.stack(np.zeros((2, 3), np.float32), axis=1),
     ('float32', [2, 1, 3], [[[0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0]]])),
    (lambda: tf.ragged.stack(np.ones((3,), np.int32)),
     ('ragged', ('int32', [3], [1, 1, 1]), [('int32', [2], [0, 3])])),
    (lambda: tf.ragged.stack(np.array(5)),
     ('int64', [1], [5])),
    (lambda: tf.ragged.stack([tf.zeros((0, 2))], axis=0),
     ('ragged', ('float32', [0], []), [('int64', [2], [0, 0]), ('int64', [1], [0])])),
    (lambda: tf.ragged.stack([tf.zeros((0, 2)), tf.ones((1, 2))], axis=0),
     ('ragged', ('float32', [2], [1.0, 1.0]),
      [('int64', [3], [0, 0, 1]), ('int64', [2], [0, 2])])),
    (lambda: tf.ragged.stack([tf.ones((1, 2)), tf.zeros((0, 2)), tf.ones((2, 2))], axis=0),
     ('ragged', ('float32', [6], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0]),
      [('int64', [4], [0, 1, 1, 3]), ('int64', [4], [0, 2, 4, 6])])),
    (lambda: tf.concat([tf.ragged.constant([[1, 2]]), tf.ragged.constant([[3]])[:0],
             tf.ragged.constant([[4], []])], 0),
     ('ragged', ('int32', [3], [1, 2, 4]), [('int64', [4], [0, 2, 3, 3])])),
    (lambda: tf.concat([tf.ragged.constant([[[1.]], []])[:0], tf.ragged.constant([[[2.], [3.]]])],
             0),
     ('ragged', ('float32', [2], [2.0, 3.0]),
      [('int64', [2], [0, 2]), ('int64', [3], [0, 1, 2])])),
    (lambda: tf.ragged.stack(tf.zeros([2, 3])),
     ('ragged', ('float32', [6], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
      [('int64', [2], [0, 2]), ('int64', [3], [0, 3, 6])])),
]

# tnp.tile casts reps to an int32 vector (floats, nested lists, ints past int32 wrap)
TNP_TILE = [
    (lambda: tnp.tile(-0.0, [-0.0]),
     ('float64', [0], [])),
    (lambda: tnp.tile([1., 2.], [2.]),
     ('float64', [4], [1.0, 2.0, 1.0, 2.0])),
    (lambda: tnp.tile([1., 2.], 2.),
     ('float64', [4], [1.0, 2.0, 1.0, 2.0])),
    (lambda: tnp.tile([1., 2.], [2.7]),
     ('float64', [4], [1.0, 2.0, 1.0, 2.0])),
    (lambda: tnp.tile([1., 2.], np.array([2.])),
     ('float64', [4], [1.0, 2.0, 1.0, 2.0])),
    (lambda: tnp.tile([1., 2.], [True]),
     ('float64', [2], [1.0, 2.0])),
    (lambda: tnp.tile([1., 2.], ['a']),
     ('raise', 'UnimplementedError',
      '{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Cast string to int32 is not supported [Op:Cast] name:')),
    (lambda: tnp.tile([1., 2.], [[2]]),
     ('float64', [4], [1.0, 2.0, 1.0, 2.0])),
    (lambda: tnp.tile([1., 2.], [2, 1]),
     ('float64', [2, 2], [[1.0, 2.0], [1.0, 2.0]])),
    (lambda: tnp.tile([1., 2.], [2**32 + 2]),
     ('float64', [4], [1.0, 2.0, 1.0, 2.0])),
    (lambda: tnp.tile([1., 2.], [2**32 + 2, 1.]),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Tile_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Expected multiples[0] >= 0, but got -2147483648 [Op:Tile] name:')),
    (lambda: tnp.tile([1., 2.], (2, True)),
     ('float64', [2, 2], [[1.0, 2.0], [1.0, 2.0]])),
    (lambda: tnp.tile([1., 2.], []),
     ('float64', [2], [1.0, 2.0])),
    (lambda: tnp.tile([1., 2.], [tf.constant(2)]),
     ('float64', [4], [1.0, 2.0, 1.0, 2.0])),
]

# MatrixDiagV3/MatrixDiagPartV3/MatrixSetDiagV3's k, num_rows, num_cols: an eager tensor of a
# dtype other than int32 is the executor's refusal
DIAG_K_INPUTS = [
    (lambda: tnp.diagflat(tf.constant([1., 2.], tf.float64), k=tf.constant(1)),
     ('float64', [3, 3], [[0.0, 1.0, 0.0], [0.0, 0.0, 2.0], [0.0, 0.0, 0.0]])),
    (lambda: tnp.diagflat(tf.constant([1., 2.], tf.float64), k=tf.constant(1, tf.int32)),
     ('float64', [3, 3], [[0.0, 1.0, 0.0], [0.0, 0.0, 2.0], [0.0, 0.0, 0.0]])),
    (lambda: tnp.diagflat(tf.constant([1., 2.], tf.float64), k=np.int64(1)),
     ('float64', [3, 3], [[0.0, 1.0, 0.0], [0.0, 0.0, 2.0], [0.0, 0.0, 0.0]])),
    (lambda: tnp.diagflat(tf.constant([1., 2.], tf.float64), k=tf.constant(1, tf.int64)),
     ('raise', 'InvalidArgumentError',
      'cannot compute MatrixDiagV3 as input #1(zero-based) was expected to be a int32 tensor '
      'but is a int64 tensor [Op:MatrixDiagV3] name: diag')),
    (lambda: tnp.diag(tf.constant([1., 2.], tf.float64), k=tf.constant(1, tf.int64)),
     ('raise', 'InvalidArgumentError',
      'cannot compute MatrixDiagV3 as input #1(zero-based) was expected to be a int32 tensor '
      'but is a int64 tensor [Op:MatrixDiagV3] name: diag')),
    (lambda: tnp.diag(tf.constant([[1., 2.]], tf.float64), k=tf.constant(1, tf.int64)),
     ('raise', 'InvalidArgumentError',
      'cannot compute MatrixDiagPartV3 as input #1(zero-based) was expected to be a int32 '
      'tensor but is a int64 tensor [Op:MatrixDiagPartV3] name: diag_part')),
    (lambda: tf.linalg.diag(tf.constant([1., 2.]), k=tf.constant(1, tf.int64)),
     ('raise', 'InvalidArgumentError',
      'cannot compute MatrixDiagV3 as input #1(zero-based) was expected to be a int32 tensor '
      'but is a int64 tensor [Op:MatrixDiagV3] name: diag')),
    (lambda: tf.linalg.diag_part(tf.ones([2, 2]), k=tf.constant(1, tf.int64)),
     ('raise', 'InvalidArgumentError',
      'cannot compute MatrixDiagPartV3 as input #1(zero-based) was expected to be a int32 '
      'tensor but is a int64 tensor [Op:MatrixDiagPartV3] name: diag_part')),
    (lambda: tf.linalg.set_diag(tf.ones([2, 2]), tf.ones([1]), k=tf.constant(1, tf.int64)),
     ('raise', 'InvalidArgumentError',
      'cannot compute MatrixSetDiagV3 as input #2(zero-based) was expected to be a int32 '
      'tensor but is a int64 tensor [Op:MatrixSetDiagV3] name: set_diag')),
    (lambda: tf.linalg.diag(tf.constant([1., 2.]), k=np.int64(1)),
     ('float32', [3, 3], [[0.0, 1.0, 0.0], [0.0, 0.0, 2.0], [0.0, 0.0, 0.0]])),
    (lambda: tf.linalg.diag(tf.constant([1., 2.]), k=tf.constant(1.)),
     ('raise', 'InvalidArgumentError',
      'cannot compute MatrixDiagV3 as input #1(zero-based) was expected to be a int32 tensor '
      'but is a float tensor [Op:MatrixDiagV3] name: diag')),
    (lambda: tf.linalg.diag(tf.constant([1., 2.]), num_rows=tf.constant(3, tf.int64)),
     ('raise', 'InvalidArgumentError',
      'cannot compute MatrixDiagV3 as input #2(zero-based) was expected to be a int32 tensor '
      'but is a int64 tensor [Op:MatrixDiagV3] name: diag')),
    (lambda: tf.linalg.diag(tf.constant([1., 2.]), num_cols=tf.constant(3, tf.int16)),
     ('raise', 'InvalidArgumentError',
      'cannot compute MatrixDiagV3 as input #3(zero-based) was expected to be a int32 tensor '
      'but is a int16 tensor [Op:MatrixDiagV3] name: diag')),
    (lambda: tf.linalg.diag_part(tf.ones([2, 2]), k=tf.constant([0, 1], tf.int64)),
     ('raise', 'InvalidArgumentError',
      'cannot compute MatrixDiagPartV3 as input #1(zero-based) was expected to be a int32 '
      'tensor but is a int64 tensor [Op:MatrixDiagPartV3] name: diag_part')),
    (lambda: tf.linalg.set_diag(tf.ones([2, 2]), tf.ones([2]), k=tf.constant(0, tf.uint8)),
     ('raise', 'InvalidArgumentError',
      'cannot compute MatrixSetDiagV3 as input #2(zero-based) was expected to be a int32 '
      'tensor but is a uint8 tensor [Op:MatrixSetDiagV3] name: set_diag')),
    (lambda: tf.linalg.diag(tf.constant([1., 2.]), k=tf.constant(1, tf.int64), name='d'),
     ('raise', 'InvalidArgumentError',
      'cannot compute MatrixDiagV3 as input #1(zero-based) was expected to be a int32 tensor '
      'but is a int64 tensor [Op:MatrixDiagV3] name: d')),
    (lambda: tnp.diagflat([1., 2.], k=np.int64(1)),
     ('float64', [3, 3], [[0.0, 1.0, 0.0], [0.0, 0.0, 2.0], [0.0, 0.0, 0.0]])),
    (lambda: tf.linalg.diag(np.array(1, np.uint16), num_cols=tf.constant(np.zeros((0, 0, 3, 64,
             0), np.uint16)), align=[1, [2]]),
     ('raise', 'TypeError', "Expected string for argument 'align' not [1, [2]].")),
    (lambda: tf.linalg.diag_part(tf.ones([2, 2]), k=tf.constant(1, tf.int64), align=3),
     ('raise', 'TypeError', "Expected string for argument 'align' not 3.")),
]

# Found by the differential run of seed 6661371: CropAndResizeGradBoxes skips samples outside
# the image (their inf/NaN pixels add nothing), RequantizePerChannel's range is std::max(|min|,
# |max|) (a NaN max loses)
GRAD_BOXES_AND_REQUANTIZE = [
    (lambda: tf.raw_ops.CropAndResizeGradBoxes(grads=np.ones((2, 1, 1, 1), np.float32), image=IMG,
             boxes=np.array([[-0.5, 0., -0.2, 1.], [0., 0., 1., 1.]], np.float32),
             box_ind=np.array([0, 0], np.int32)),
     ('float32', [2, 4], [[0.0, 0.0, 0.0, 0.0], ['nan', 'nan', 'nan', 'nan']])),
    (lambda: tf.raw_ops.CropAndResizeGradBoxes(grads=np.ones((1, 2, 2, 1), np.float32), image=IMG,
             boxes=np.array([[1.5, 0., 2., 1.]], np.float32), box_ind=np.array([0], np.int32)),
     ('float32', [1, 4], [[0.0, 0.0, 0.0, 0.0]])),
    (lambda: tf.raw_ops.CropAndResizeGradBoxes(grads=np.ones((1, 1, 2, 1), np.float32),
             image=np.ones((1, 3, 3, 1), np.float32), boxes=np.array([[0., -2., 1., -1.]],
             np.float32), box_ind=np.array([0], np.int32)),
     ('float32', [1, 4], [[0.0, 0.0, 0.0, 0.0]])),
    (lambda: tf.cast(tf.raw_ops.RequantizePerChannel(input=tf.constant(QX, tf.qint32),
             input_min=np.array([-1., -0., 0.5], np.float32), input_max=np.array([nan, nan, 0.],
             np.float32), requested_output_min=np.float32(-3.),
             requested_output_max=np.float32(3.), out_type=tf.qint8)[0], tf.int32),
     ('int32', [1, 2, 2, 3], [[[[-21, 0, -9], [-15, 0, -6]], [[-9, 0, -3], [-4, 0, 0]]]])),
    (lambda: tf.cast(tf.raw_ops.RequantizePerChannel(input=tf.constant(QX, tf.qint32),
             input_min=np.array([nan, -2., 0.5], np.float32), input_max=np.array([1., nan, 4.],
             np.float32), requested_output_min=np.float32(-6.),
             requested_output_max=np.float32(6.), out_type=tf.qint8)[0], tf.int32),
     ('int32', [1, 2, 2, 3],
      [[[[-128, -19, -35], [-128, -13, -23]], [[-128, -8, -11], [-128, -2, 0]]]])),
    (lambda: tf.cast(tf.raw_ops.RequantizePerChannel(input=tf.constant(QX, tf.qint32),
             input_min=np.array([-1., -2., 0.5], np.float32), input_max=np.array([1., 3., 4.],
             np.float32), requested_output_min=np.float32(0.),
             requested_output_max=np.float32(6.), out_type=tf.quint8)[0], tf.int32),
     ('int32', [1, 2, 2, 3], [[[[0, 0, 0], [0, 0, 0]], [[0, 0, 0], [0, 0, 1]]]])),
]

CASES = (EIGH_INFINITIES + TENSOR_SCATTER_KERNELS + SPACE_BATCH_INDEX_INPUTS + SEQUENCE_MASK +
         SHAPE_OUT_TYPE + TNP_TRACE + BINCOUNT_BINARY_OUTPUT + BYTES_SPLIT + TNP_LIKE_STRINGS +
         TNP_TRIANGLES + ADJUST_BRIGHTNESS + TENSOR_PROTO_FLAGS + SQUEEZE_ARRAYS +
         OVERLAP_AND_ADD + PADS + ERROR_NAMES + RAGGED_NO_ROWS + TNP_TILE + DIAG_K_INPUTS +
         GRAD_BOXES_AND_REQUANTIZE)


@pytest.mark.parametrize("fn, want", CASES)
def test_outcome_is_tf_2_21s(fn, want):
    assert outcome(fn) == want
