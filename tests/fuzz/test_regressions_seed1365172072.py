"""Regression tests for the fuzz campaign of seeds 1365172072 and 120922949
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
BF16 = tf.bfloat16.as_numpy_dtype
U2440, U0331 = np.zeros((2, 4, 4, 0), np.uint64), np.zeros((0, 3, 3, 1), np.uint64)
F2440, F0331 = np.zeros((2, 4, 4, 0), np.float32), np.zeros((0, 3, 3, 1), np.float32)
N255 = np.array(255, np.uint8)

# tnp.full_like takes `dtype or a's dtype`, as TF's: a false dtype (0, '', False, a zero
# array or tensor) is a's, an array of two items NumPy's truth ValueError (was: any dtype
# not None read by result_type: 0 int64, '' NumPy's TypeError)
TNP_FULL_LIKE_FALSE_DTYPE = [
    (lambda: tnp.full_like(np.array(-1.28 - 0.67j), -1.28 - 0.67j, dtype=np.array(0, np.uint64)),
     ('complex128', [], (-1.28-0.67j))),
    (lambda: tnp.full_like(np.array(1.5), 2, dtype=np.array(0, np.uint64)),
     ('float64', [], 2.0)),
    (lambda: tnp.full_like(np.array(1.5), 2, dtype=np.array(1, np.uint64)),
     ('uint64', [], 2)),
    (lambda: tnp.full_like(np.array(1.5), 2, dtype=0),
     ('float64', [], 2.0)),
    (lambda: tnp.full_like(np.array(1.5), 2, dtype=''),
     ('float64', [], 2.0)),
    (lambda: tnp.full_like(np.array(1.5), 2, dtype=False),
     ('float64', [], 2.0)),
    (lambda: tnp.full_like(np.array(1.5), 2, dtype=True),
     ('bool', [], True)),
    (lambda: tnp.full_like(np.array(1.5), 2, dtype=None),
     ('float64', [], 2.0)),
    (lambda: tnp.full_like(np.array(1.5), 2, dtype=[]),
     ('float64', [], 2.0)),
    (lambda: tnp.full_like(np.array(1.5), 2, dtype=np.array([1, 2])),
     ('raise', 'ValueError',
      'The truth value of an array with more than one element is ambiguous. Use a.any() or '
      'a.all()')),
    (lambda: tnp.full_like(np.array(1.5), 2, dtype=tf.constant(0)),
     ('float64', [], 2.0)),
    (lambda: tnp.full_like(2, 2.5, dtype=''),
     ('int64', [], 2)),
    (lambda: tnp.full_like(np.array([1, 2], np.int16), 2.5),
     ('int16', [2], [2, 2])),
]

# tnp.geomspace makes its points along a new first axis and moves it to `axis` by
# tnp.moveaxis when axis != 0, as TF's: a false axis (None, [], ()) is moveaxis' no-op,
# a NumPy int or tensor its len() TypeError, an axis past the rank its AssertionError;
# complex bounds meet TF's real sign flip in Mul, which refuses them (was: LinSpace's
# axis, [] and None Python's comparison TypeError, complex points)
TNP_GEOMSPACE_AXIS = [
    (lambda: tnp.geomspace(np.array(2.65126198), np.array(-inf, BF16), num=N255, axis=[]),
     ('float64', [255],
      [2.6512619799999997, 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan',
       'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan',
       'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan',
       'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan',
       'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan',
       'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan',
       'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan',
       'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan',
       'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan',
       'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan',
       'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan',
       'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan',
       'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan',
       'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan',
       'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan',
       'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan',
       'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan',
       'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan',
       'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan',
       'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan',
       'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan',
       'nan', 'nan', 'nan', 'nan', 'nan'])),
    (lambda: tnp.geomspace(2., 8., num=3, axis=[]),
     ('float64', [3], [1.9999999999999998, 3.999999999999999, 7.999999999999997])),
    (lambda: tnp.geomspace(2., 8., num=3, axis=()),
     ('float64', [3], [1.9999999999999998, 3.999999999999999, 7.999999999999997])),
    (lambda: tnp.geomspace(1., 100., 3, axis=None),
     ('float64', [3], [1.0, 10.0, 100.0])),
    (lambda: tnp.geomspace([1., 2.], [100., 200.], 3, axis=None),
     ('float64', [3, 2],
      [[1.0, 1.9999999999999998], [10.0, 19.999999999999982], [100.0, 199.99999999999983]])),
    (lambda: tnp.geomspace([1., 2.], [100., 200.], 3, axis=[0]),
     ('float64', [3, 2],
      [[1.0, 1.9999999999999998], [10.0, 19.999999999999982], [100.0, 199.99999999999983]])),
    (lambda: tnp.geomspace([1., 2.], [100., 200.], 3, axis=0),
     ('float64', [3, 2],
      [[1.0, 1.9999999999999998], [10.0, 19.999999999999982], [100.0, 199.99999999999983]])),
    (lambda: tnp.geomspace([1., 2.], [100., 200.], 3, axis=1),
     ('float64', [2, 3],
      [[1.0, 10.0, 100.0], [1.9999999999999998, 19.999999999999982, 199.99999999999983]])),
    (lambda: tnp.geomspace([1., 2.], [100., 200.], 3, axis=-1),
     ('float64', [2, 3],
      [[1.0, 10.0, 100.0], [1.9999999999999998, 19.999999999999982, 199.99999999999983]])),
    (lambda: tnp.geomspace([1., 2.], [100., 200.], 3, axis=2),
     ('raise', 'AssertionError', '')),
    (lambda: tnp.geomspace([1., 2.], [100., 200.], 3, axis=np.int64(1)),
     ('raise', 'TypeError', "object of type 'numpy.int64' has no len()")),
    (lambda: tnp.geomspace([1., 2.], [100., 200.], 3, axis=tf.constant(1)),
     ('raise', 'TypeError', 'Scalar tensor has no `len()`')),
    (lambda: tnp.geomspace(1., 100., 3, axis=1),
     ('raise', 'AssertionError', '')),
    (lambda: tnp.geomspace(1., 100., 3, axis=-1),
     ('float64', [3], [1.0, 10.0, 100.0])),
    (lambda: tnp.geomspace(1., 100., 3, axis=1.0),
     ('raise', 'TypeError', "object of type 'float' has no len()")),
    (lambda: tnp.geomspace(1., 100., 3, axis=True),
     ('raise', 'AssertionError', '')),
    (lambda: tnp.geomspace(1., 100., 3, axis=False),
     ('float64', [3], [1.0, 10.0, 100.0])),
    (lambda: tnp.geomspace(1 + 1j, 8 + 0j, 3),
     ('raise', 'InvalidArgumentError',
      'cannot compute Mul as input #1(zero-based) was expected to be a double tensor but is '
      'a complex128 tensor [Op:Mul] name:')),
    (lambda: tnp.geomspace(1., 8., 3, dtype=np.complex64),
     ('raise', 'InvalidArgumentError',
      'cannot compute Mul as input #1(zero-based) was expected to be a float tensor but is '
      'a complex64 tensor [Op:Mul] name:')),
]

# tnp.moveaxis takes len() of source and destination first, as TF's: a scalar tensor's
# or a NumPy scalar's TypeError (was: their iteration's)
TNP_MOVEAXIS_LEN = [
    (lambda: tnp.moveaxis(tf.constant(True), tf.constant(True), tf.constant(True)),
     ('raise', 'TypeError', 'Scalar tensor has no `len()`')),
    (lambda: tnp.moveaxis(tf.ones((2, 3)), tf.constant(0), tf.constant(1)),
     ('raise', 'TypeError', 'Scalar tensor has no `len()`')),
    (lambda: tnp.moveaxis(tf.ones((2, 3)), np.int64(0), 1),
     ('raise', 'TypeError', "object of type 'numpy.int64' has no len()")),
    (lambda: tnp.moveaxis(tf.ones((2, 3)), [0], tf.constant(1)),
     ('raise', 'TypeError', 'Scalar tensor has no `len()`')),
    (lambda: tnp.moveaxis(tf.ones((2, 3)), tf.constant([0]), tf.constant([1])),
     ('float32', [3, 2], [[1.0, 1.0], [1.0, 1.0], [1.0, 1.0]])),
    (lambda: tnp.moveaxis(tf.ones((2, 3)), 0, 1),
     ('float32', [3, 2], [[1.0, 1.0], [1.0, 1.0], [1.0, 1.0]])),
    (lambda: tnp.moveaxis(tf.ones((2, 3)), 0, True),
     ('float32', [3, 2], [[1.0, 1.0], [1.0, 1.0], [1.0, 1.0]])),
]

# tnp.flip reverses one axis, the rank added where it is below 0 (Python's comparison), as
# TF's: a tensor or NumPy axis works, a list or string is that comparison's TypeError, a
# float ReverseV2's Tidx refusal (was: the axis iterated)
TNP_FLIP_ONE_AXIS = [
    (lambda: tnp.flip(np.ones((3, 3, 2), np.uint8), axis=tf.constant(9)),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      "__wrapped__ReverseV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} 'axis'[0] "
      '= 9 is out of valid range [0, 2 [Op:ReverseV2]')),
    (lambda: tnp.flip(np.arange(6).reshape(3, 2), axis=tf.constant(1)),
     ('int64', [3, 2], [[1, 0], [3, 2], [5, 4]])),
    (lambda: tnp.flip(np.arange(6).reshape(3, 2), axis=np.int64(0)),
     ('int64', [3, 2], [[4, 5], [2, 3], [0, 1]])),
    (lambda: tnp.flip(np.arange(6).reshape(2, 3), -1),
     ('int64', [2, 3], [[2, 1, 0], [5, 4, 3]])),
    (lambda: tnp.flip(np.arange(6).reshape(2, 3), -3),
     ('int64', [2, 3], [[2, 1, 0], [5, 4, 3]])),
    (lambda: tnp.flip(np.arange(6).reshape(2, 3), 5),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      "__wrapped__ReverseV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} 'axis'[0] "
      '= 5 is out of valid range [0, 1 [Op:ReverseV2]')),
    (lambda: tnp.flip(np.arange(6).reshape(2, 3), [0, 1]),
     ('raise', 'TypeError', "'<' not supported between instances of 'list' and 'int'")),
    (lambda: tnp.flip(np.arange(6).reshape(2, 3), (0,)),
     ('raise', 'TypeError', "'<' not supported between instances of 'tuple' and 'int'")),
    (lambda: tnp.flip(np.arange(6).reshape(2, 3), tf.constant(-1)),
     ('int64', [2, 3], [[2, 1, 0], [5, 4, 3]])),
    (lambda: tnp.flip(np.arange(6).reshape(2, 3), 1.5),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'Tidx' of float is not in the list of allowed values: int32, int64")),
    (lambda: tnp.flip(np.arange(6).reshape(2, 3), True),
     ('int64', [2, 3], [[2, 1, 0], [5, 4, 3]])),
    (lambda: tnp.flip(np.arange(6).reshape(2, 3), 'a'),
     ('raise', 'TypeError', "'<' not supported between instances of 'str' and 'int'")),
    (lambda: tnp.flip(np.arange(6).reshape(2, 3)),
     ('int64', [2, 3], [[5, 4, 3], [2, 1, 0]])),
    (lambda: tnp.flipud(np.arange(6).reshape(2, 3)),
     ('int64', [2, 3], [[3, 4, 5], [0, 1, 2]])),
    (lambda: tnp.fliplr(np.arange(6).reshape(2, 3)),
     ('int64', [2, 3], [[2, 1, 0], [5, 4, 3]])),
]

# tnp.isclose of exact dtypes is `a == b`, as TF's: shapes that don't broadcast are one
# False (was: Equal's Incompatible shapes)
TNP_ISCLOSE_EXACT = [
    (lambda: tnp.isclose(tf.constant(U2440), U0331),
     ('bool', [], False)),
    (lambda: tnp.allclose(tf.constant(U2440), U0331, atol='abc'),
     ('bool', [], False)),
    (lambda: tnp.isclose(np.zeros((2, 3), np.int32), np.zeros((4,), np.int32)),
     ('bool', [], False)),
    (lambda: tnp.allclose(np.zeros((2, 3), np.int32), np.zeros((4,), np.int32)),
     ('bool', [], False)),
    (lambda: tnp.isclose(tf.constant([1, 2]), tf.constant([1, 2, 3])),
     ('bool', [], False)),
    (lambda: tnp.isclose(tf.constant([1, 2]), tf.constant([[1], [2]])),
     ('bool', [2, 2], [[True, False], [False, True]])),
    (lambda: tnp.isclose(tf.constant([True]), tf.constant([True, False, True])),
     ('bool', [3], [True, False, True])),
    (lambda: tnp.isclose(tf.constant(F2440), F0331),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Sub_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Incompatible shapes: [2,4,4,0] vs. [0,3,3,1] [Op:Sub] name:')),
    (lambda: tnp.isclose(np.zeros((2, 3)), np.zeros((4,))),
     ('raise', 'InvalidArgumentError',
      '{{function_node __wrapped__Sub_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Incompatible shapes: [2,3] vs. [4] [Op:Sub] name:')),
]

# tnp.diagonal (and tnp.trace through it) takes an offset past the matrices (<= -rows or
# >= cols) as the empty diagonal, and a bool or NumPy float offset as MatrixDiagPartV3's
# int32 input converts it, as TF's; tnp.diag of a scalar is its Assert's refusal (was:
# MatrixDiagPartV3's bound error, the int32 conversion's TypeError, a rank ValueError)
TNP_DIAGONAL_OFFSETS = [
    (lambda: tnp.diagonal(tf.ones((3, 4)), True),
     ('float32', [3], [1.0, 1.0, 1.0])),
    (lambda: tnp.diagonal(tf.ones((3, 4)), 5),
     ('float32', [0], [])),
    (lambda: tnp.diagonal(tf.ones((3, 4)), -3),
     ('float32', [0], [])),
    (lambda: tnp.diagonal(tf.ones((3, 4)), 3),
     ('float32', [1], [1.0])),
    (lambda: tnp.diagonal(tf.ones((3, 4)), np.float32(1.0)),
     ('float32', [3], [1.0, 1.0, 1.0])),
    (lambda: tnp.diagonal(np.arange(24).reshape(2, 3, 4), 1, 1, 2),
     ('int64', [2, 3], [[1, 6, 11], [13, 18, 23]])),
    (lambda: tnp.diagonal(np.arange(24).reshape(2, 3, 4), 7, 1, 2),
     ('int64', [2, 0], [[], []])),
    (lambda: tnp.trace(tf.constant(np.zeros((3, 4, 0, 2), np.int32)), True),
     ('int64', [0, 2], [])),
    (lambda: tnp.trace(tf.constant(np.ones((3, 4), np.int32)), offset=True),
     ('int64', [], 3)),
    (lambda: tnp.trace(tf.constant(np.ones((3, 4), np.float32)), offset=np.int64(1)),
     ('float32', [], 3.0)),
    (lambda: tnp.trace(tf.ones((3, 4)), 5),
     ('float32', [], 0.0)),
    (lambda: tnp.trace(tf.ones((3, 4)), -7),
     ('float32', [], 0.0)),
    (lambda: tnp.trace(tf.ones((3, 4), tf.int32), False),
     ('int32', [], 3)),
    (lambda: tnp.diag(tf.constant(True), k=0),
     ('raise', 'InvalidArgumentError', "Expected 'False' to be true. Summarized data: 0")),
    (lambda: tnp.diag(tf.constant(1.5)),
     ('raise', 'InvalidArgumentError', "Expected 'False' to be true. Summarized data: 0")),
    (lambda: tnp.diag(np.float32(1.5)),
     ('raise', 'InvalidArgumentError', "Expected 'False' to be true. Summarized data: 0")),
    (lambda: tnp.diag(3),
     ('raise', 'InvalidArgumentError', "Expected 'False' to be true. Summarized data: 0")),
    (lambda: tnp.diagflat(3),
     ('int64', [1, 1], [[3]])),
    (lambda: tnp.diag(tf.ones((2, 2, 2))),
     ('raise', 'ValueError', 'Shape (2, 2, 2) must have rank at most 2')),
]

# tf.linalg.diag_part, diag and set_diag hand k (and num_rows, num_cols) to their op's
# int32 input, whose eager conversion casts a bool or a NumPy scalar (np.float32(1.5) is
# 1); tf.one_hot's depth too (was: the int32 conversion's TypeError)
DIAG_INT32_INPUTS = [
    (lambda: tf.linalg.diag_part(tf.ones((3, 4)), k=True),
     ('float32', [3], [1.0, 1.0, 1.0])),
    (lambda: tf.linalg.diag_part(tf.ones((3, 4)), k=np.float32(1.0)),
     ('float32', [3], [1.0, 1.0, 1.0])),
    (lambda: tf.linalg.diag_part(tf.ones((3, 4)), k=np.float64(1.7)),
     ('float32', [3], [1.0, 1.0, 1.0])),
    (lambda: tf.linalg.diag_part(tf.ones((3, 4)), k=np.bool_(True)),
     ('float32', [3], [1.0, 1.0, 1.0])),
    (lambda: tf.linalg.diag_part(tf.ones((3, 4)), k=1.5),
     ('raise', 'TypeError', 'Cannot convert 1.5 to EagerTensor of dtype int32')),
    (lambda: tf.linalg.diag_part(tf.ones((3, 4)), k='a'),
     ('raise', 'TypeError', "Cannot convert 'a' to EagerTensor of dtype int32")),
    (lambda: tf.linalg.diag_part(tf.ones((3, 4)), k=[True, False]),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__MatrixDiagPartV3_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'lower_diag_index must not be larger than upper_diag_index: 1 > 0 '
      '[Op:MatrixDiagPartV3]')),
    (lambda: tf.linalg.diag_part(tf.ones((3, 4)), k=np.array(1.0)),
     ('float32', [3], [1.0, 1.0, 1.0])),
    (lambda: tf.linalg.diag_part(tf.ones((3, 4)), k=tf.constant(True)),
     ('raise', 'InvalidArgumentError',
      'cannot compute MatrixDiagPartV3 as input #1(zero-based) was expected to be a int32 '
      'tensor but is a bool tensor [Op:MatrixDiagPartV3] name: diag_part')),
    (lambda: tf.linalg.diag(tf.ones((3,)), k=True),
     ('float32', [4, 4],
      [[0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0],
       [0.0, 0.0, 0.0, 0.0]])),
    (lambda: tf.linalg.diag(tf.ones((3,)), k=np.float32(1)),
     ('float32', [4, 4],
      [[0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0],
       [0.0, 0.0, 0.0, 0.0]])),
    (lambda: tf.linalg.diag(tf.ones((2,)), num_rows=np.float32(3.5)),
     ('float32', [3, 2], [[1.0, 0.0], [0.0, 1.0], [0.0, 0.0]])),
    (lambda: tf.linalg.set_diag(tf.ones((3, 4)), tf.zeros((3,)), k=True),
     ('float32', [3, 4], [[1.0, 0.0, 1.0, 1.0], [1.0, 1.0, 0.0, 1.0], [1.0, 1.0, 1.0, 0.0]])),
    (lambda: tf.linalg.set_diag(tf.ones((3, 4)), tf.zeros((3,)), k=np.float32(0.)),
     ('float32', [3, 4], [[0.0, 1.0, 1.0, 1.0], [1.0, 0.0, 1.0, 1.0], [1.0, 1.0, 0.0, 1.0]])),
    (lambda: tf.one_hot([1], np.float32(3.0)),
     ('float32', [1, 3], [[0.0, 1.0, 0.0]])),
    (lambda: tf.one_hot([1], np.float64(3.9)),
     ('float32', [1, 3], [[0.0, 1.0, 0.0]])),
    (lambda: tf.one_hot([1], True),
     ('float32', [1, 1], [[0.0]])),
    (lambda: tf.one_hot([1], 3.0),
     ('raise', 'TypeError', 'Cannot convert 3.0 to EagerTensor of dtype int32')),
]

# tnp.identity is eye(N=n, M=n), as TF's: an array n is eye's truth test of M (was: its
# int() TypeError)
TNP_IDENTITY_M = [
    (lambda: tnp.identity(np.zeros((2, 0, 0, 4), np.complex64)),
     ('raise', 'ValueError',
      'The truth value of an empty array is ambiguous. Use `array.size > 0` to check that '
      'an array is not empty.')),
    (lambda: tnp.identity(np.zeros((1,), np.int32)),
     ('raise', 'TypeError', 'only 0-dimensional arrays can be converted to Python scalars')),
    (lambda: tnp.identity(np.zeros((2,), np.int32)),
     ('raise', 'ValueError',
      'The truth value of an array with more than one element is ambiguous. Use a.any() or '
      'a.all()')),
    (lambda: tnp.identity(tf.zeros((2,))),
     ('raise', 'ValueError',
      'The truth value of an array with more than one element is ambiguous. Use a.any() or '
      'a.all()')),
    (lambda: tnp.identity(2.5),
     ('float64', [2, 2], [[1.0, 0.0], [0.0, 1.0]])),
    (lambda: tnp.identity(2, dtype=np.int8),
     ('int8', [2, 2], [[1, 0], [0, 1]])),
]

# tnp.cbrt is |x| ** (1/3) negated where x < 0, as TF's: a complex x is Less's refusal
# (was: Pow's input-dtype error)
TNP_CBRT_WHERE = [
    (lambda: tnp.cbrt(np.array([-1.6 - 6.2j], np.complex64)),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'T' of complex64 is not in the list of allowed values: float, double, "
      'int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64')),
    (lambda: tnp.cbrt(np.array([-1.6 - 6.2j], np.complex128)),
     ('raise', 'InvalidArgumentError',
      "Value for attr 'T' of complex128 is not in the list of allowed values: float, "
      'double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64')),
    (lambda: tnp.cbrt(tf.constant([-0.0, -8.0, nan, -inf, 27.0])),
     ('float32', [5], [0.0, -2.0, 'nan', '-inf', 3.0])),
    (lambda: tnp.cbrt(tf.constant([-8], tf.int32)),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
    (lambda: tnp.cbrt(tf.constant([True])),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
    (lambda: tnp.cbrt(tf.constant([3], tf.uint8)),
     ('raise', 'AttributeError', "EagerTensor object has no attribute 'astype'. ")),
]

# tf.repeat reads a scalar as [x] after the counts' checks, before the axis', as TF's
# (a bool count tensor is its TypeError first); tnp.repeat guesses the result's shape first
# (an axis past the dims its IndexError) and sets it after (was: the axis' ValueError)
REPEAT_SCALAR = [
    (lambda: tf.repeat(tf.constant(1), 2, axis=0),
     ('int32', [2], [1, 1])),
    (lambda: tf.repeat(tf.constant(1), True, axis=0),
     ('int32', [1], [1])),
    (lambda: tf.repeat(tf.constant(1), 2, axis=1),
     ('raise', 'ValueError', 'axis=1 out of bounds: expected -1<=axis<1')),
    (lambda: tf.repeat(tf.constant(1), [2, 3], axis=0),
     ('raise', 'ValueError', 'Dimensions 1 and 2 are not compatible')),
    (lambda: tf.repeat(tf.constant(1), 2, axis=-1),
     ('int32', [2], [1, 1])),
    (lambda: tf.repeat(tf.constant(1), 2),
     ('int32', [2], [1, 1])),
    (lambda: tf.repeat(tf.constant([1, 2]), tf.constant(True), axis=0),
     ('raise', 'TypeError',
      'Argument `tensor` (name: repeats) must be of type integer. Received `tensor` = True '
      "of dtype: <dtype: 'bool'>")),
    (lambda: tnp.repeat(tf.constant(True), tf.constant(True), axis=0),
     ('raise', 'TypeError',
      'Argument `tensor` (name: repeats) must be of type integer. Received `tensor` = True '
      "of dtype: <dtype: 'bool'>")),
    (lambda: tnp.repeat(tf.constant(1), 2, axis=0),
     ('int32', [2], [1, 1])),
    (lambda: tnp.repeat(tf.constant(1), True, axis=0),
     ('raise', 'TypeError',
      'Argument `tensor` (name: repeats) must be of type integer. Received `tensor` = True '
      "of dtype: <dtype: 'bool'>")),
    (lambda: tnp.repeat(tf.constant(1), [2], axis=0),
     ('raise', 'TypeError',
      "Dimension value must be integer or None or have an __index__ method, got value '[2]' "
      "with type '<class 'list'>'")),
    (lambda: tnp.repeat(tf.constant([1, 2]), 2, axis=3),
     ('raise', 'IndexError', 'list index out of range')),
    (lambda: tnp.repeat(tf.constant([1, 2]), 1.5),
     ('raise', 'TypeError',
      'Argument `tensor` (name: repeats) must be of type integer. Received `tensor` = 1.5 '
      "of dtype: <dtype: 'float64'>")),
    (lambda: tnp.repeat(tf.constant([1, 2]), [2, 1]),
     ('int32', [3], [1, 1, 2])),
    (lambda: tnp.repeat(tf.constant([[1, 2]]), [2, 1], axis=1),
     ('int32', [1, 3], [[1, 1, 2]])),
]

# UnravelIndex bounds the indices above only, as TF's kernel: a negative index is
# unravelled by C's truncating division and remainder (was: the bound error)
UNRAVEL_NEGATIVE = [
    (lambda: tf.unravel_index(-2, []),
     ('int32', [0], [])),
    (lambda: tf.unravel_index(-2, [3]),
     ('int32', [1], [-2])),
    (lambda: tf.unravel_index([-2, 7, -13, 11], [3, 4]),
     ('int32', [2, 4], [[0, 1, 0, 2], [-2, 3, -1, 3]])),
    (lambda: tf.unravel_index(-1, [3, 4]),
     ('int32', [2], [0, -1])),
    (lambda: tf.unravel_index(-12, [3, 4]),
     ('int32', [2], [0, 0])),
    (lambda: tf.unravel_index([-1, 12], [3, 4]),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__UnravelIndex_device_/job:localhost/replica:0/task:0/device:CPU:0}} index '
      'is out of bound as with dims [Op:UnravelIndex]')),
    (lambda: tf.unravel_index(np.array([-5], np.int64), np.array([2, 2], np.int64)),
     ('int32', [2, 1], [[0], [-1]])),
    (lambda: tf.unravel_index(tf.constant([-7, 5], tf.int64), tf.constant([2, 3], tf.int64)),
     ('int64', [2, 2], [[0, 1], [-1, 2]])),
    (lambda: tf.unravel_index(5, []),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__UnravelIndex_device_/job:localhost/replica:0/task:0/device:CPU:0}} index '
      'is out of bound as with dims [Op:UnravelIndex]')),
]

# Cross's kernel compares the shapes before it asks for a rank (was: the rank first)
CROSS_SHAPES_FIRST = [
    (lambda: tf.linalg.cross(np.array(-1), [3, 4]),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__Cross_device_/job:localhost/replica:0/task:0/device:CPU:0}} Both inputs '
      'must be of same shape: [] vs. [2] [Op:Cross]')),
    (lambda: tf.linalg.cross(tf.constant(-1), tf.constant([3, 4])),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__Cross_device_/job:localhost/replica:0/task:0/device:CPU:0}} Both inputs '
      'must be of same shape: [] vs. [2] [Op:Cross] name:')),
    (lambda: tf.linalg.cross(tf.constant(-1), tf.constant(3)),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__Cross_device_/job:localhost/replica:0/task:0/device:CPU:0}} Input must be '
      'at least 1D[] [Op:Cross] name:')),
    (lambda: tf.linalg.cross(tf.constant([1, 2]), tf.constant([3, 4])),
     ('raise', 'FailedPreconditionError',
      '{{function_node '
      '__wrapped__Cross_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Cross-products are only defined for 3-element vectors. [Op:Cross] name:')),
]

# a scalar tensor for dynamic_stitch's or shape_n's list input (sized by attr N): TF's
# slow path's 'Expected list' TypeError (was: the iteration's)
LIST_INPUT_SCALAR_TENSOR = [
    (lambda: tf.dynamic_stitch(tf.constant(True), tf.constant(True)),
     ('raise', 'TypeError',
      "Expected list for 'indices' argument to 'dynamic_stitch' Op, not <tf.Tensor: "
      'shape=(), dtype=bool, numpy=True>.')),
    (lambda: tf.dynamic_stitch(tf.constant(0), [tf.constant(1.)]),
     ('raise', 'TypeError',
      "Expected list for 'indices' argument to 'dynamic_stitch' Op, not <tf.Tensor: "
      'shape=(), dtype=int32, numpy=0>.')),
    (lambda: tf.dynamic_stitch([tf.constant(0)], tf.constant(1.)),
     ('raise', 'TypeError',
      "Expected list for 'data' argument to 'dynamic_stitch' Op, not <tf.Tensor: shape=(), "
      'dtype=float32, numpy=1.0>.')),
    (lambda: tf.dynamic_stitch(tf.constant([0, 1]), tf.constant([1., 2.])),
     ('float32', [2], [1.0, 2.0])),
    (lambda: tf.shape_n(tf.constant(True)),
     ('raise', 'TypeError',
      "Expected list for 'input' argument to 'shape_n' Op, not <tf.Tensor: shape=(), "
      'dtype=bool, numpy=True>.')),
    (lambda: tf.shape_n(tf.constant([1., 2.])),
     ['list', ('int32', [0], []), ('int32', [0], [])]),
    (lambda: tf.identity_n(tf.constant(1.)),
     ('raise', 'TypeError', 'Cannot iterate over a scalar tensor.')),
]

# tf.debugging.set_log_device_placement hands its value to TF's C++ binding, whose bool
# takes None, a number or anything with its own truth, and refuses a list, str, tuple or
# dict, or a truth that raises (recorded in a TF process that had run an op: before that,
# TF keeps the value unread) (was: Python's bool() of anything)
SET_LOG_DEVICE_PLACEMENT_BINDING = [
    (lambda: tf.debugging.set_log_device_placement([1099511627776, False]),
     ('raise', 'TypeError',
      'TFE_ContextSetLogDevicePlacement(): incompatible function arguments. The following '
      'argument types are supported:')),
    (lambda: tf.debugging.set_log_device_placement('a'),
     ('raise', 'TypeError',
      'TFE_ContextSetLogDevicePlacement(): incompatible function arguments. The following '
      'argument types are supported:')),
    (lambda: tf.debugging.set_log_device_placement(b'a'),
     ('raise', 'TypeError',
      'TFE_ContextSetLogDevicePlacement(): incompatible function arguments. The following '
      'argument types are supported:')),
    (lambda: tf.debugging.set_log_device_placement(()),
     ('raise', 'TypeError',
      'TFE_ContextSetLogDevicePlacement(): incompatible function arguments. The following '
      'argument types are supported:')),
    (lambda: tf.debugging.set_log_device_placement({}),
     ('raise', 'TypeError',
      'TFE_ContextSetLogDevicePlacement(): incompatible function arguments. The following '
      'argument types are supported:')),
    (lambda: tf.debugging.set_log_device_placement(np.array([1, 2])),
     ('raise', 'TypeError',
      'TFE_ContextSetLogDevicePlacement(): incompatible function arguments. The following '
      'argument types are supported:')),
    (lambda: tf.debugging.set_log_device_placement(tf.constant([1, 2])),
     ('raise', 'TypeError',
      'TFE_ContextSetLogDevicePlacement(): incompatible function arguments. The following '
      'argument types are supported:')),
    (lambda: tf.debugging.set_log_device_placement(None),
     ('py', 'None')),
    (lambda: tf.debugging.set_log_device_placement(np.float32(0)),
     ('py', 'None')),
    (lambda: tf.debugging.set_log_device_placement(tf.constant(0)),
     ('py', 'None')),
    (lambda: tf.debugging.set_log_device_placement(False),
     ('py', 'None')),
]

# messages in TF 2.21's words: DepthToSpace's rank check has colons (SpaceToDepth's none);
# NonMaxSuppressionWithOverlaps' rank check has the shape right after '2-D'; RandomGamma
# shows a shape tensor of another rank as its debug string; dct's and
# linear_to_mel_weight_matrix's checks show a tensor argument's str; tf.sets' dtype refusal
# lists its frozenset in TF's order; sets.size converts its argument first (its str, its
# errors); compute_average_loss' integer check names no op; l2_normalize's epsilon
# conversion quotes a string
MESSAGES = [
    (lambda: tf.nn.depth_to_space(tf.constant([1., 2.]), 2),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__DepthToSpace_device_/job:localhost/replica:0/task:0/device:CPU:0}} Input '
      'rank should be: 4 instead of: 1 [Op:DepthToSpace] name:')),
    (lambda: tf.nn.space_to_depth(tf.constant([1., 2.]), 2),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__SpaceToDepth_device_/job:localhost/replica:0/task:0/device:CPU:0}} Input '
      'rank should be 4 instead of 1 [Op:SpaceToDepth] name:')),
    (lambda: tf.image.non_max_suppression_overlaps(tf.constant(1.), tf.ones((1,)), 1),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__NonMaxSuppressionWithOverlaps_device_/job:localhost/replica:0/task:0/device:CPU:0}} '  # noqa: E501
      'overlaps must be 2-D[] [Op:NonMaxSuppressionWithOverlaps] name:')),
    (lambda: tf.image.non_max_suppression_overlaps(tf.ones((2, 3)), tf.ones((2,)), 1),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__NonMaxSuppressionWithOverlaps_device_/job:localhost/replica:0/task:0/device:CPU:0}} '  # noqa: E501
      'overlaps must be square[2,3] [Op:NonMaxSuppressionWithOverlaps] name:')),
    (lambda: tf.random.gamma(tf.constant(np.zeros((1, 3, 0), np.int32)), 1.),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__RandomGamma_device_/job:localhost/replica:0/task:0/device:CPU:0}} shape '
      'must be a vector of {int32,int64}, got shape: Tensor<type: int32 shape: [1,3,0] '
      'values: > [Op:RandomGamma] name:')),
    (lambda: tf.random.gamma(tf.constant([[1, 2], [3, 4]]), 1.),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__RandomGamma_device_/job:localhost/replica:0/task:0/device:CPU:0}} shape '
      'must be a vector of {int32,int64}, got shape: Tensor<type: int32 shape: [2,2] '
      'values: [1 2][3...]...> [Op:RandomGamma] name:')),
    (lambda: tf.random.gamma(tf.constant(np.arange(20, dtype=np.int64).reshape(2, 10)), 1.),
     ('raise', 'ValueError',
      'shape: Tensor conversion requested dtype int32 for Tensor with dtype int64: '
      '<tf.Tensor: shape=(2, 10), dtype=int64, numpy=')),
    (lambda: tf.random.gamma(tf.constant(3), 1.),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__RandomGamma_device_/job:localhost/replica:0/task:0/device:CPU:0}} shape '
      'must be a vector of {int32,int64}, got shape: Tensor<type: int32 shape: [] values: '
      '3> [Op:RandomGamma] name:')),
    (lambda: tf.random.normal(tf.constant(np.zeros((1, 3, 0), np.int32))),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__RandomStandardNormal_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'shape must be a vector of {int32,int64}, got shape [1,3,0] [Op:RandomStandardNormal] '
      'name:')),
    (lambda: tf.signal.dct(tf.constant(1.), axis=tf.constant(-4)),
     ('raise', 'NotImplementedError',
      'axis must be -1. Got: tf.Tensor(-4, shape=(), dtype=int32)')),
    (lambda: tf.signal.dct(tf.constant(1.), axis=-4),
     ('raise', 'NotImplementedError', 'axis must be -1. Got: -4')),
    (lambda: tf.signal.linear_to_mel_weight_matrix(num_mel_bins=tf.constant(-3)),
     ('raise', 'ValueError',
      'num_mel_bins must be positive. Got: tf.Tensor(-3, shape=(), dtype=int32)')),
    (lambda: tf.signal.linear_to_mel_weight_matrix(num_mel_bins=-3),
     ('raise', 'ValueError', 'num_mel_bins must be positive. Got: -3')),
    (lambda: tf.sets.size(True),
     ('raise', 'TypeError',
      'Expected `SparseTensor`, got tf.Tensor(True, shape=(), dtype=bool).')),
    (lambda: tf.sets.size(tf.constant(True)),
     ('raise', 'TypeError',
      'Expected `SparseTensor`, got tf.Tensor(True, shape=(), dtype=bool).')),
    (lambda: tf.sets.size([[3.6e16, [True, b'b']], -1]),
     ('raise', 'ValueError', "Can't convert Python sequence with mixed types to Tensor.")),
    (lambda: tf.sets.union(tf.constant(True), tf.constant(True)),
     ('raise', 'TypeError',
      "'a' has invalid dtype `<dtype: 'bool'>` not in supported dtypes: "
      '`frozenset({tf.int32, tf.uint8, tf.int16, tf.int8, tf.string, tf.int64, '
      'tf.uint16})`.')),
    (lambda: tf.sets.difference(tf.constant([1.5]), tf.constant([1.5])),
     ('raise', 'TypeError',
      "'a' has invalid dtype `<dtype: 'float32'>` not in supported dtypes: "
      '`frozenset({tf.int32, tf.uint8, tf.int16, tf.int8, tf.string, tf.int64, '
      'tf.uint16})`.')),
    (lambda: tf.nn.compute_average_loss(tf.ones((2,)), global_batch_size=tf.constant(1.5 + 0j)),
     ('raise', 'TypeError',
      'global_batch_size must be an integer..  Expected "x" to be integer type.  Found: '
      "tensor of dtype <dtype: 'complex128'>")),
    (lambda: tf.nn.compute_average_loss(tf.ones((2,)), global_batch_size=1.5),
     ('raise', 'TypeError',
      'global_batch_size must be an integer..  Expected "x" to be integer type.  Found: '
      "tensor of dtype <dtype: 'float32'>")),
    (lambda: tf.math.l2_normalize(tf.constant(0), epsilon='s'),
     ('raise', 'TypeError', "Cannot convert 's' to EagerTensor of dtype int32")),
    (lambda: tf.math.l2_normalize(tf.constant(0)),
     ('raise', 'TypeError', 'Cannot convert 1e-12 to EagerTensor of dtype int32')),
]

# a list among tensor_scatter_nd_add/sub/max/min's or bias_add's inputs sends TF's op
# wrapper down its slow path, whose errors name no name; bias_add opens a name scope, empty
# eagerly, so a name given is not shown (was: ' name:' and the name)
SLOW_PATH_NAMES = [
    (lambda: tf.tensor_scatter_nd_add(np.array(-1), [10, 0], np.array(-1)),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__TensorScatterAdd_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Updates shape must have rank at least one. Found:[] [Op:TensorScatterAdd]')),
    (lambda: tf.tensor_scatter_nd_sub(np.array(-1), [10, 0], np.array(-1)),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__TensorScatterSub_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Updates shape must have rank at least one. Found:[] [Op:TensorScatterSub]')),
    (lambda: tf.tensor_scatter_nd_max(np.array(-1), [10, 0], np.array(-1)),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__TensorScatterMax_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Updates shape must have rank at least one. Found:[] [Op:TensorScatterMax]')),
    (lambda: tf.tensor_scatter_nd_min(np.array(-1), [10, 0], np.array(-1)),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__TensorScatterMin_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Updates shape must have rank at least one. Found:[] [Op:TensorScatterMin]')),
    (lambda: tf.tensor_scatter_nd_add(tf.constant(-1), tf.constant([10, 0]), tf.constant(-1)),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__TensorScatterAdd_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Updates shape must have rank at least one. Found:[] [Op:TensorScatterAdd] name:')),
    (lambda: tf.tensor_scatter_nd_add(np.array(-1), np.array([10, 0]), np.array(-1)),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__TensorScatterAdd_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'Updates shape must have rank at least one. Found:[] [Op:TensorScatterAdd] name:')),
    (lambda: tf.tensor_scatter_nd_add([1, 2], [[0]], [5]),
     ('int32', [2], [6, 2])),
    (lambda: tf.tensor_scatter_nd_add([1, 2], [[7]], [5]),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__TensorScatterAdd_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'indices[0] = [7] does not index into shape [2] [Op:TensorScatterAdd]')),
    (lambda: tf.tensor_scatter_nd_add(tf.constant([1, 2]), tf.constant([[7]]), tf.constant([5]), name='x'),  # noqa: E501
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__TensorScatterAdd_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
      'indices[0] = [7] does not index into shape [2] [Op:TensorScatterAdd] name: x')),
    (lambda: tf.nn.bias_add(np.array(-1), [3, 1]),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__BiasAdd_device_/job:localhost/replica:0/task:0/device:CPU:0}} Input '
      'tensor must be at least 2D: [] [Op:BiasAdd]')),
    (lambda: tf.nn.bias_add(tf.constant(-1), tf.constant([3, 1])),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__BiasAdd_device_/job:localhost/replica:0/task:0/device:CPU:0}} Input '
      'tensor must be at least 2D: [] [Op:BiasAdd] name:')),
    (lambda: tf.nn.bias_add(np.array(-1), np.array([3, 1])),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__BiasAdd_device_/job:localhost/replica:0/task:0/device:CPU:0}} Input '
      'tensor must be at least 2D: [] [Op:BiasAdd] name:')),
    (lambda: tf.nn.bias_add(tf.ones((2, 3)), tf.ones((2,)), name='x'),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__BiasAdd_device_/job:localhost/replica:0/task:0/device:CPU:0}} Must '
      'provide as many biases as the last dimension of the input tensor: [2] vs. [2,3] '
      '[Op:BiasAdd] name:')),
    (lambda: tf.nn.bias_add(tf.ones((2, 3)), [1., 2.], name='x'),
     ('raise', 'InvalidArgumentError',
      '{{function_node '
      '__wrapped__BiasAdd_device_/job:localhost/replica:0/task:0/device:CPU:0}} Must '
      'provide as many biases as the last dimension of the input tensor: [2] vs. [2,3] '
      '[Op:BiasAdd]')),
    (lambda: tf.nn.bias_add(tf.ones((2, 3)), tf.ones((3,)), name='x'),
     ('float32', [2, 3], [[2.0, 2.0, 2.0], [2.0, 2.0, 2.0]])),
]

# tnp.arange returns early only for bounds in the wrong order, as TF's: equal bounds go
# to Range, which refuses a bool (was: an empty int64 array)
TNP_ARANGE_EQUAL_BOUNDS = [
    (lambda: tnp.arange(np.array(False)),
     ('raise', 'AssertionError', '')),
    (lambda: tnp.arange(False),
     ('raise', 'AssertionError', '')),
    (lambda: tnp.arange(True, True),
     ('raise', 'AssertionError', '')),
    (lambda: tnp.arange(0),
     ('int64', [0], [])),
    (lambda: tnp.arange(0.0),
     ('float64', [0], [])),
    (lambda: tnp.arange(3, 3),
     ('int64', [0], [])),
    (lambda: tnp.arange(3, 3, -1),
     ('int64', [0], [])),
    (lambda: tnp.arange(-2),
     ('int64', [0], [])),
    (lambda: tnp.arange(5, 1),
     ('int64', [0], [])),
    (lambda: tnp.arange(1, 5, -1),
     ('int64', [0], [])),
    (lambda: tnp.arange(np.int8(3), np.int8(3)),
     ('raise', 'AssertionError', '')),
    (lambda: tnp.arange(tf.constant(2), tf.constant(2)),
     ('int32', [0], [])),
]

# tf.ragged.constant with an inner_shape and no ragged rank to build is TF's inner factory,
# tf.constant(pylist, dtype, shape=inner_shape): values of as many items are reshaped, any
# other count refused; an inner_shape tensor of rank 2 or more is TF's shape conversion's
# TypeError, tf.constant's too (was: 'inner values have inconsistent shape', or the values
# kept in their own shape; the ODD survey's (1000, 1000, 2, 0, 5) array)
RAGGED_CONSTANT_INNER_SHAPE = [
    (lambda: tf.ragged.constant(np.zeros((2, 2, 0), bool), inner_shape=tf.zeros((5, 3, 0), tf.int16)),  # noqa: E501
     ('raise', 'TypeError',
      "Failed to convert '<tf.Tensor: shape=(5, 3, 0), dtype=int16, numpy=array([], "
      "shape=(5, 3, 0), dtype=int16)>' to a shape: '<tf.Tensor: shape=(3, 0), dtype=int16, "
      "numpy=array([], shape=(3, 0), dtype=int16)>'could not be converted to a dimension. A "
      'shape should either be single dimension (e.g. 10), or an iterable of dimensions '
      '(e.g. [1, 10, None]).')),
    (lambda: tf.ragged.constant(np.zeros((2, 2, 0), bool), inner_shape=tf.zeros((5,), tf.int16)),
     ('bool', [0, 0, 0, 0, 0], [])),
    (lambda: tf.ragged.constant(np.zeros((2, 2, 0), bool), inner_shape=tf.constant([2, 0])),
     ('bool', [2, 0], [[], []])),
    (lambda: tf.ragged.constant(np.zeros((2, 2, 0), bool), inner_shape=tf.constant([[2, 0]])),
     ('raise', 'TypeError',
      "Failed to convert '<tf.Tensor: shape=(1, 2), dtype=int32, numpy=array([[2, 0]], "
      "dtype=int32)>' to a shape: '<tf.Tensor: shape=(2,), dtype=int32, numpy=array([2, 0], "
      "dtype=int32)>'could not be converted to a dimension. A shape should either be single "
      'dimension (e.g. 10), or an iterable of dimensions (e.g. [1, 10, None]).')),
    (lambda: tf.ragged.constant([[1, 2], [3]], inner_shape=tf.constant([[2]])),
     ('raise', 'ValueError', "Can't convert non-rectangular Python sequence to Tensor.")),
    (lambda: tf.ragged.constant([[1, 2], [3]], inner_shape=[[2]]),
     ('raise', 'ValueError', "Can't convert non-rectangular Python sequence to Tensor.")),
    (lambda: tf.ragged.constant([[1, 2], [3, 4]], inner_shape=(4,)),
     ('int32', [4], [1, 2, 3, 4])),
    (lambda: tf.ragged.constant([[1, 2], [3, 4]], inner_shape=(3,)),
     ('raise', 'TypeError',
      'Eager execution of tf.constant with unsupported shape. Tensor [[1 2]')),
    (lambda: tf.ragged.constant([[1, 2], [3, 4]], inner_shape=(2,)),
     ('raise', 'TypeError',
      'Eager execution of tf.constant with unsupported shape. Tensor [[1 2]')),
    (lambda: tf.ragged.constant([[1, 2], [3, 4]], inner_shape=(1, 2, 2)),
     ('int32', [1, 2, 2], [[[1, 2], [3, 4]]])),
    (lambda: tf.ragged.constant([1, 2], inner_shape=(2,)),
     ('int32', [2], [1, 2])),
    (lambda: tf.ragged.constant([1, 2], inner_shape=(1, 2)),
     ('int32', [1, 2], [[1, 2]])),
    (lambda: tf.ragged.constant([[1, 2], [3, 4]], ragged_rank=0, inner_shape=(2, 2)),
     ('raise', 'ValueError',
      'Invalid pylist=[[1, 2], [3, 4]]: incompatible with ragged_rank=0 and '
      'dim(inner_shape)=2')),
    (lambda: tf.ragged.constant([[[1, 2]], [[3, 4]]], inner_shape=(2,)),
     ('ragged', ('int32', [2, 2], [[1, 2], [3, 4]]), [('int64', [3], [0, 1, 2])])),
    (lambda: tf.ragged.constant([[[1, 2]], [[3, 4]]], inner_shape=(1, 2)),
     ('raise', 'TypeError',
      'Eager execution of tf.constant with unsupported shape. Tensor [[[1 2]]')),
    (lambda: tf.ragged.constant([], inner_shape=(0,)),
     ('float32', [0], [])),
    (lambda: tf.ragged.constant([[1, 2], [3]], inner_shape=()),
     ('ragged', ('int32', [3], [1, 2, 3]), [('int64', [3], [0, 2, 3])])),
    (lambda: tf.constant(np.zeros((2, 2, 0), bool), shape=tf.zeros((5, 3, 0), tf.int16)),
     ('raise', 'TypeError',
      "Failed to convert '<tf.Tensor: shape=(5, 3, 0), dtype=int16, numpy=array([], "
      "shape=(5, 3, 0), dtype=int16)>' to a shape: '<tf.Tensor: shape=(3, 0), dtype=int16, "
      "numpy=array([], shape=(3, 0), dtype=int16)>'could not be converted to a dimension. A "
      'shape should either be single dimension (e.g. 10), or an iterable of dimensions '
      '(e.g. [1, 10, None]).')),
    (lambda: tf.constant(np.zeros((2, 2, 0), bool), shape=tf.zeros((5,), tf.int16)),
     ('bool', [0, 0, 0, 0, 0], [])),
    (lambda: tf.constant(np.zeros((2, 2, 0), bool), shape=tf.constant([2, 0])),
     ('bool', [2, 0], [[], []])),
    (lambda: tf.constant([[1, 2], [3, 4]], shape=(3,)),
     ('raise', 'TypeError',
      'Eager execution of tf.constant with unsupported shape. Tensor [[1 2]')),
]

CASES = (TNP_FULL_LIKE_FALSE_DTYPE + TNP_GEOMSPACE_AXIS + TNP_MOVEAXIS_LEN +
         TNP_FLIP_ONE_AXIS + TNP_ISCLOSE_EXACT + TNP_DIAGONAL_OFFSETS + DIAG_INT32_INPUTS +
         TNP_IDENTITY_M + TNP_CBRT_WHERE + REPEAT_SCALAR + UNRAVEL_NEGATIVE +
         CROSS_SHAPES_FIRST + LIST_INPUT_SCALAR_TENSOR + SET_LOG_DEVICE_PLACEMENT_BINDING +
         MESSAGES + SLOW_PATH_NAMES + TNP_ARANGE_EQUAL_BOUNDS + RAGGED_CONSTANT_INNER_SHAPE)


@pytest.mark.parametrize("fn, want", CASES)
def test_outcome_is_tf_2_21s(fn, want):
    assert outcome(fn) == want
